//! `relnotes import`.

use super::Session;
use crate::Error;
use text::{ImportRequest, Imported};

/// `relnotes import`: release-notes pages → `releases/<version>.toml`,
/// all of them or none.
pub fn import_page(session: &Session, req: &ImportRequest) -> Result<Vec<Imported>, Error> {
    if let Some(lang) = req.lang {
        session.language(lang)?;
    }
    Ok(text::run(&session.workspace, req)?)
}

/// The reports of `imported` as a JSON array, each with the record a dry
/// run would write (`record`, else null).
pub fn import_json(imported: &[Imported]) -> String {
    let reports: Vec<serde_json::Value> = imported
        .iter()
        .map(|one| {
            let mut value = serde_json::to_value(one.report()).unwrap_or_default();
            if let Some(map) = value.as_object_mut() {
                map.insert(
                    "record_text".into(),
                    one.record_text()
                        .map_or(serde_json::Value::Null, |r| r.into()),
                );
            }
            value
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&reports).unwrap_or_default();
    text.push('\n');
    text
}
