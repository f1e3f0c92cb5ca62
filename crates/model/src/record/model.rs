//! The release record and project file: plain values, validated by the
//! loader (positions live in [`super::SourceMap`], for diagnostics only).

use super::arch::Arch;
use super::text::{Lang, Text};
use crate::reference::{ImageRef, ReferenceError};
use crate::version::Ecosystem;
use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// `relnotes.toml`: what every release of one product shares.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Project {
    /// Languages pages are written in; the first is the default.
    pub languages: Vec<Lang>,
    pub product: Product,
    /// Ecosystem per component name, where the automatic default is wrong.
    #[serde(default)]
    pub catalog: IndexMap<String, Ecosystem>,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Product {
    pub id: String,
    pub name: Text,
    pub description: Option<Text>,
}

/// Component name → version string, in the order written.
pub type Components = IndexMap<String, String>;

/// `releases/<version>.toml`.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Release {
    pub version: String,
    /// Drafted from an image by `relnotes new` and not yet reviewed.
    #[serde(default)]
    pub draft: bool,
    /// Release date as the source gives it (free form, e.g. `2025-10-30`).
    pub date: Option<String>,
    pub title: Text,
    pub summary: Option<Text>,
    /// CPU architectures, in the order pages show them.
    pub archs: Vec<Arch>,
    #[serde(default)]
    pub scenarios: Vec<Scenario>,
    pub framework: Option<String>,
    #[serde(default)]
    pub requirements: Vec<Text>,
    #[serde(default)]
    pub features: Vec<Text>,
    #[serde(default)]
    pub bug_fixes: BugFixes,
    #[serde(default)]
    pub known_issues: Vec<Text>,
    /// Components every arch holds.
    #[serde(default)]
    pub components: Components,
    /// Per-arch additions and overrides.
    #[serde(default)]
    pub arch: IndexMap<Arch, ArchOverride>,
    /// Things the image is said to hold, without a version.
    #[serde(default)]
    pub includes: Vec<Include>,
    pub driver: Option<Driver>,
    #[serde(default)]
    pub assets: Vec<Asset>,
    pub vpc_image: Option<VpcImage>,
    #[serde(default)]
    pub sections: Vec<Section>,
    #[serde(default)]
    pub env: Vec<EnvVar>,
    #[serde(default)]
    pub gpus: Vec<Gpu>,
    #[serde(default)]
    pub ports: Vec<Port>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Scenario {
    Training,
    Inference,
}

impl Scenario {
    /// The scenario's words (`labels`: `scenario_training` …).
    pub fn text(self) -> Text {
        let key = match self {
            Scenario::Training => "scenario_training",
            Scenario::Inference => "scenario_inference",
        };
        Text::new(
            crate::labels::get(key, Lang::Zh),
            crate::labels::get(key, Lang::En),
        )
    }
}

#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArchOverride {
    pub scenarios: Option<Vec<Scenario>>,
    pub framework: Option<String>,
    pub requirements: Option<Vec<Text>>,
    #[serde(default)]
    pub components: Components,
}

/// Bug fixes: a list, or an explicit "none" in the source's words (暂无).
#[derive(Debug, Clone, PartialEq, Eq, JsonSchema)]
#[schemars(schema_with = "super::schema::bug_fixes")]
pub enum BugFixes {
    List(Vec<Text>),
    None(Text),
}

impl Default for BugFixes {
    fn default() -> Self {
        BugFixes::List(Vec::new())
    }
}

impl BugFixes {
    pub fn items(&self) -> &[Text] {
        match self {
            BugFixes::List(items) => items,
            BugFixes::None(_) => &[],
        }
    }
}

/// As the record writes it: a list, or `none = { zh, en }`.
impl Serialize for BugFixes {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        match self {
            BugFixes::List(items) => items.serialize(serializer),
            BugFixes::None(text) => {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("none", text)?;
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for BugFixes {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct BugFixesVisitor;
        impl<'de> Visitor<'de> for BugFixesVisitor {
            type Value = BugFixes;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an array of { zh, en } texts, or a table `none = { zh, en }`")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<BugFixes, A::Error> {
                let mut items = Vec::new();
                while let Some(text) = seq.next_element::<Text>()? {
                    items.push(text);
                }
                Ok(BugFixes::List(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<BugFixes, A::Error> {
                let mut none = None;
                while let Some(key) = map.next_key::<String>()? {
                    if key == "none" {
                        none = Some(map.next_value::<Text>()?);
                    } else {
                        return Err(de::Error::unknown_field(&key, &["none"]));
                    }
                }
                none.map(BugFixes::None)
                    .ok_or_else(|| de::Error::missing_field("none"))
            }
        }
        deserializer.deserialize_any(BugFixesVisitor)
    }
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Include {
    pub name: String,
    /// What the source says instead of a version (e.g. `3.10+`).
    pub detail: Option<Text>,
}

#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Driver {
    /// The CUDA version the release is built on, as the driver text says.
    pub cuda: Option<String>,
    /// Minimum driver release.
    pub min: Option<String>,
    /// Data-center forward-compatibility branches.
    #[serde(default)]
    pub datacenter: Vec<DatacenterBranch>,
    /// Branches users must upgrade from.
    #[serde(default)]
    pub upgrade_from: Vec<String>,
    /// The CUDA version the upgrade sentence names.
    pub not_forward_compatible_with: Option<String>,
    /// The source's own words (Markdown).
    pub wording: Option<Text>,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DatacenterBranch {
    pub branch: String,
    pub min: String,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Asset {
    pub image: String,
    #[serde(default)]
    pub suits: Vec<Text>,
    #[serde(default)]
    pub not_suits: Vec<Text>,
    pub note: Option<Text>,
}

impl Asset {
    /// The image, as a reference (the record keeps the words as written,
    /// so pages show them unchanged; `lint` reports one that is not a
    /// reference).
    pub fn reference(&self) -> Result<ImageRef, ReferenceError> {
        ImageRef::parse(&self.image)
    }
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VpcImage {
    pub template: String,
    #[serde(default)]
    pub placeholders: Vec<Placeholder>,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placeholder {
    pub name: String,
    #[serde(default)]
    pub examples: Vec<String>,
    pub description: Option<Text>,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Section {
    pub id: String,
    pub title: Text,
    /// Markdown.
    pub body: Text,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnvVar {
    pub name: String,
    pub value: Option<String>,
    pub description: Option<Text>,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Gpu {
    pub name: String,
    pub architecture: Option<String>,
    pub compute_capability: Option<String>,
}

#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Port {
    pub service: String,
    pub container: u16,
    pub host: Option<u16>,
}
