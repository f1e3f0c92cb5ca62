//! JSON Schemas of `releases/<version>.toml` and `relnotes.toml`, derived
//! from the model types, for editors (taplo, Even Better TOML) to check
//! records as they are typed. The loader stays the judge: the schema says
//! the shape, not the rules that need the project (known languages,
//! component names).

use super::arch::KNOWN_ARCHS;
use super::model::{Project, Release};
use super::text::Text;
use schemars::generate::SchemaSettings;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};

/// The schema of a release record, as pretty JSON ending in a newline.
pub fn record_schema() -> String {
    schema_text::<Release>("relnotes release record (releases/<version>.toml)")
}

/// The schema of the project file `relnotes.toml`.
pub fn project_schema() -> String {
    schema_text::<Project>("relnotes project file (relnotes.toml)")
}

fn schema_text<T: JsonSchema>(title: &str) -> String {
    // Draft-07: the newest draft taplo's validator understands.
    let mut schema = SchemaSettings::draft07()
        .into_generator()
        .into_root_schema_for::<T>();
    schema.insert("title".into(), title.into());
    let mut text = serde_json::to_string_pretty(&schema).expect("a schema is plain JSON");
    text.push('\n');
    text
}

/// [`super::Arch`]: one of the names a record may declare.
pub(crate) fn arch(_: &mut SchemaGenerator) -> Schema {
    json_schema!({
        "description": "A CPU architecture, as the record names it.",
        "type": "string",
        "enum": KNOWN_ARCHS,
    })
}

/// [`super::BugFixes`]: a list of texts, or `none = { zh, en }` in the
/// source's words when the release fixes nothing.
pub(crate) fn bug_fixes(generator: &mut SchemaGenerator) -> Schema {
    let text = generator.subschema_for::<Text>();
    json_schema!({
        "description": "Bug fixes: an array of { zh, en } texts, or a table `none = { zh, en }` saying there are none.",
        "oneOf": [
            { "type": "array", "items": text },
            {
                "type": "object",
                "properties": { "none": text },
                "required": ["none"],
                "additionalProperties": false,
            },
        ],
    })
}
