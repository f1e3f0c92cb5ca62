//! The record import assembles from one page, in the page's language (the
//! shape of `releases/<version>.toml`): what the fact extractors
//! ([`crate::components`], [`crate::driver`], [`crate::assets`]) fill in.

use indexmap::IndexMap;
use model::{Lang, Scenario, Text};
use serde::Serialize;

/// A record as import writes it (the shape of `releases/<version>.toml`).
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct Draft {
    pub version: String,
    pub archs: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scenarios: Vec<Scenario>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub framework: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub requirements: Vec<Text>,
    pub title: Text,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<Text>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub features: Vec<Text>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bug_fixes: Option<FixesOut>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub known_issues: Vec<Text>,
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub components: IndexMap<String, String>,
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub arch: IndexMap<String, ArchOut>,
    /// Things a component list names without a version (`[[includes]]`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub includes: Vec<IncludeOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub driver: Option<DriverOut>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub assets: Vec<AssetOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vpc_image: Option<VpcOut>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sections: Vec<SectionOut>,
    /// Components only the Debian packages of install commands name
    /// (`apt-get install python3.10`): taken after every other reading,
    /// the text's statements included, where none gave that component.
    #[serde(skip)]
    pub(crate) named_packages: Vec<(String, String)>,
}

impl Draft {
    /// Whether nothing was read but, maybe, driver facts: no component,
    /// include, feature or fix.
    pub(crate) fn nothing_but_a_driver(&self) -> bool {
        let fixes = matches!(&self.bug_fixes, Some(FixesOut::List(items)) if !items.is_empty());
        self.components.is_empty()
            && self.arch.values().all(|a| a.components.is_empty())
            && self.includes.is_empty()
            && self.features.is_empty()
            && !fixes
    }

    /// How many entries the record holds: features, fixes, known issues,
    /// components (every arch's), assets (and what each suits) and sections.
    pub(crate) fn entries(&self) -> usize {
        let fixes = match &self.bug_fixes {
            Some(FixesOut::List(items)) => items.len(),
            _ => 0,
        };
        let arch_components: usize = self.arch.values().map(|a| a.components.len()).sum();
        self.features.len()
            + fixes
            + self.known_issues.len()
            + self.components.len()
            + arch_components
            + self.includes.len()
            + self
                .assets
                .iter()
                .map(|a| 1 + a.suits.len() + a.not_suits.len())
                .sum::<usize>()
            + self.sections.len()
    }
}

/// A thing the image holds, named without a version (`[[includes]]`).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct IncludeOut {
    pub name: String,
    /// What the page says instead of a version (a commit, `4.1.4+`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<Text>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub(crate) enum FixesOut {
    List(Vec<Text>),
    None { none: Text },
}

#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct ArchOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenarios: Option<Vec<Scenario>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub framework: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requirements: Option<Vec<Text>>,
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub components: IndexMap<String, String>,
}

/// What a Driver Requirements text states, as [`driver`](crate::driver::driver)
/// reads it; import writes it as the record's `[driver]` table.
#[derive(Debug, Clone, Default, Serialize)]
pub struct DriverOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) cuda: Option<String>,
    /// The minimum driver release (`575`, `440.33.01`), when the text names one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<String>,
    /// The data-center branches the text names, each with its oldest
    /// release that works.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub datacenter: Vec<BranchOut>,
    /// The branches (`R535`) the text says to upgrade from.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub upgrade_from: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) not_forward_compatible_with: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) wording: Option<Text>,
}

impl DriverOut {
    /// Whether the text stated any fact: a CUDA version, a minimum driver,
    /// branches.
    pub(crate) fn has_facts(&self) -> bool {
        self.cuda.is_some()
            || self.min.is_some()
            || !self.datacenter.is_empty()
            || !self.upgrade_from.is_empty()
            || self.not_forward_compatible_with.is_some()
    }
}

/// A data-center driver branch and the oldest release of it that works.
#[derive(Debug, Clone, Serialize)]
pub struct BranchOut {
    /// The branch, `R` and its number (`R470`).
    pub branch: String,
    /// The oldest release of the branch that works (`470.57`).
    pub min: String,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct AssetOut {
    pub image: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub suits: Vec<Text>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_suits: Vec<Text>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<Text>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct VpcOut {
    pub template: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub placeholders: Vec<PlaceholderOut>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlaceholderOut {
    pub name: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<Text>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct SectionOut {
    pub id: String,
    pub title: Text,
    pub body: Text,
}

/// `s` as the text of one language.
pub(crate) fn text(lang: Lang, s: impl Into<String>) -> Text {
    Text::one(lang, s)
}
