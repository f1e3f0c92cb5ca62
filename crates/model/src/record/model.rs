//! The release record and project file: plain values, validated by the
//! loader (positions live in [`super::SourceMap`], for diagnostics only).
//!
//! Doc comments here are also descriptions in the JSON Schema
//! (`relnotes schema`, committed in `schemas/`): editors show them.

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
    pub(crate) languages: Vec<Lang>,
    /// The product every release of the project is a release of.
    pub product: Product,
    /// Ecosystem per component name, where the automatic default is wrong.
    #[serde(default)]
    pub catalog: IndexMap<String, Ecosystem>,
}

/// `[product]`: the image whose releases the project records.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Product {
    /// The image name (`training-nv-pytorch`).
    pub id: String,
    /// The product as readers know it.
    pub name: Text,
    /// One sentence about the product.
    pub description: Option<Text>,
}

/// Component name → version string, in the order written.
pub(crate) type Components = IndexMap<String, String>;

/// `releases/<version>.toml`.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Release {
    /// The release's version, the same as the file name's (`25.10`).
    pub version: String,
    /// Drafted from an image by `relnotes new` and not yet reviewed.
    #[serde(default)]
    pub draft: bool,
    /// Release date as the source gives it (free form, e.g. `2025-10-30`).
    pub date: Option<String>,
    /// The release notes' title.
    pub title: Text,
    /// A short introduction, shown under the title.
    pub summary: Option<Text>,
    /// CPU architectures, in the order pages show them.
    pub archs: Vec<Arch>,
    #[serde(default)]
    pub(crate) scenarios: Vec<Scenario>,
    pub(crate) framework: Option<String>,
    #[serde(default)]
    pub(crate) requirements: Vec<Text>,
    /// What is new, one text per feature.
    #[serde(default)]
    pub features: Vec<Text>,
    /// What was fixed.
    #[serde(default)]
    pub bug_fixes: BugFixes,
    /// Problems users should know of, one text each.
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
    /// The NVIDIA driver the release needs.
    pub driver: Option<Driver>,
    /// The images of the release, each with what it suits.
    #[serde(default)]
    pub assets: Vec<Asset>,
    /// The images' address inside a VPC.
    pub vpc_image: Option<VpcImage>,
    /// Long-form Markdown sections, in the order pages show them.
    #[serde(default)]
    pub sections: Vec<Section>,
    /// Environment variables built into the image.
    #[serde(default)]
    pub env: Vec<EnvVar>,
    /// The GPUs the release supports, where the notes name them.
    #[serde(default)]
    pub gpus: Vec<Gpu>,
    /// The ports the image exposes.
    #[serde(default)]
    pub ports: Vec<Port>,
}

/// What an image is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Scenario {
    /// For training models.
    Training,
    /// For serving trained models.
    Inference,
}

impl Scenario {
    /// The label key of the scenario's words (`scenario_training` …).
    pub fn label_key(self) -> &'static str {
        match self {
            Scenario::Training => "scenario_training",
            Scenario::Inference => "scenario_inference",
        }
    }

    /// The scenario's words in `lang` (the labels).
    pub fn words(self, lang: Lang) -> &'static str {
        crate::labels::get(self.label_key(), lang)
    }
}

/// `[arch.<name>]`: what one arch has otherwise than the others.
#[derive(Debug, Clone, Default, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ArchOverride {
    pub(crate) scenarios: Option<Vec<Scenario>>,
    pub(crate) framework: Option<String>,
    pub(crate) requirements: Option<Vec<Text>>,
    /// Components only this arch holds, or holds in another version.
    #[serde(default)]
    pub components: Components,
}

/// Bug fixes: a list, or an explicit "none" in the source's words (暂无).
#[derive(Debug, Clone, PartialEq, Eq, JsonSchema)]
#[schemars(schema_with = "super::schema::bug_fixes")]
pub enum BugFixes {
    /// The fixes, one text each (empty when the record says nothing).
    List(Vec<Text>),
    /// The source's words for "no fixes".
    None(Text),
}

impl Default for BugFixes {
    fn default() -> Self {
        BugFixes::List(Vec::new())
    }
}

impl BugFixes {
    /// The fixes; none for an explicit "none".
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

/// A thing the image is said to hold, without a version.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Include {
    /// Its name, as the source spells it.
    pub name: String,
    /// What the source says instead of a version (e.g. `3.10+`).
    pub detail: Option<Text>,
}

/// `[driver]`: the NVIDIA driver a release needs; every field is optional.
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

/// A driver branch that data-center GPUs may run the release on.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DatacenterBranch {
    /// The branch (`R470`).
    pub branch: String,
    /// The branch's minimum driver (`470.57`).
    pub min: String,
}

/// An image of the release.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Asset {
    /// The image reference, as the source writes it.
    pub image: String,
    /// The product editions the image suits (`ACS`).
    #[serde(default)]
    pub suits: Vec<Text>,
    /// The editions it does not suit.
    #[serde(default)]
    pub not_suits: Vec<Text>,
    /// The source's sentence about this image.
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

/// Whether an image tag is one of release `version`'s: the version itself,
/// the version and a suffix (`25.10-py3`), or the major.minor (or longer)
/// series it belongs to, as the moving tags vendors publish beside the
/// exact one do (`0.14-gpu-py312-ec2` of release 0.14.0). A bare major
/// (`0-…`) names too much to count.
pub fn tag_of_release(tag: &str, version: &str) -> bool {
    let lead = tag.split(['-', '_', '+']).next().unwrap_or(tag);
    tag == version
        || tag
            .strip_prefix(version)
            .is_some_and(|rest| rest.starts_with(['-', '_', '.', '+']))
        || (lead.contains('.')
            && version
                .strip_prefix(lead)
                .is_some_and(|rest| rest.starts_with('.')))
}

/// `[vpc_image]`: how to reach the images from inside a VPC.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VpcImage {
    /// The address with `{placeholders}` to fill in
    /// (`acs-registry-vpc.{region-id}.cr.aliyuncs.com/ns/{image:tag}`).
    pub template: String,
    /// What each placeholder stands for.
    #[serde(default)]
    pub placeholders: Vec<Placeholder>,
}

/// A `{placeholder}` of the VPC address template.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Placeholder {
    /// Its name, without braces (`region-id`).
    pub name: String,
    /// Values it may take (`cn-beijing`).
    #[serde(default)]
    pub examples: Vec<String>,
    /// What it stands for.
    pub description: Option<Text>,
}

/// A long-form section of the notes (a quick start, a usage guide).
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// A slug unique in the record; diffs match sections by it.
    pub id: String,
    /// Its heading.
    pub title: Text,
    /// Markdown.
    pub body: Text,
}

/// An environment variable built into the image.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EnvVar {
    /// Its name (`NCCL_SOCKET_IFNAME`).
    pub name: String,
    /// The image's default value.
    pub value: Option<String>,
    /// What it does.
    pub description: Option<Text>,
}

/// A GPU the release supports.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Gpu {
    /// Its model (`H100`).
    pub name: String,
    /// Its NVIDIA architecture (`Hopper`).
    pub architecture: Option<String>,
    /// Its CUDA compute capability (`9.0`).
    pub compute_capability: Option<String>,
}

/// A port the image exposes.
#[derive(Debug, Clone, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Port {
    /// What listens on it (`SSH`).
    pub service: String,
    /// The port inside the container.
    pub container: u16,
    /// The host side of the documented `-p` mapping.
    pub host: Option<u16>,
}
