//! What a diff says: the changes between two releases, per arch and per
//! part of the record, as the text, JSON and page encoders read them.

use super::words::{WordOp, word_diff};
use indexmap::IndexMap;
use model::{Asset, Ecosystem, EnvVar, Gpu, Include, Lang, Port, Text};
use serde::Serialize;

/// What `relnotes diff` writes: which encoder turns a [`ReleaseDiff`] into text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiffFormat {
    /// A compact report for terminals, in one language ([`to_text`](super::to_text)).
    Text,
    /// A Markdown page from the `diff.md.hbs` template.
    Md,
    /// An HTML page from the `diff.html.hbs` template.
    Html,
    /// The JSON document for machines ([`to_json`](super::to_json)), in both languages.
    Json,
}

/// Why two releases cannot be compared.
#[derive(Debug, thiserror::Error)]
pub enum DiffError {
    /// The diff was restricted to an architecture neither release declares.
    #[error(
        "unknown architecture `{arch}`: {from} declares {}, {to} declares {}\n  = hint: pass --arch with one of: {}",
        list(.from_archs),
        list(.to_archs),
        list(&known_archs(.from_archs, .to_archs))
    )]
    UnknownArch {
        /// The architecture asked for.
        arch: String,
        /// The old release's version.
        from: String,
        /// The architectures the old release declares.
        from_archs: Vec<String>,
        /// The new release's version.
        to: String,
        /// The architectures the new release declares.
        to_archs: Vec<String>,
    },
}

pub(crate) fn list(archs: &[String]) -> String {
    if archs.is_empty() {
        "no architecture".to_string()
    } else {
        archs.join(", ")
    }
}

/// The new release's archs, then those only the old one has.
fn known_archs(from: &[String], to: &[String]) -> Vec<String> {
    let mut known = to.to_vec();
    known.extend(from.iter().filter(|a| !to.contains(a)).cloned());
    known
}

/// How one thing changed from the old release to the new one.
///
/// The declaration order is the order changes are shown in: downgrades
/// first, so they cannot be missed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Change {
    /// The new version is older than the old one.
    Downgraded,
    /// The new version is newer than the old one.
    Upgraded,
    /// Only the new release has it.
    Added,
    /// Only the old release has it.
    Removed,
    /// Both releases have it, at versions equal by the ecosystem's rules.
    Unchanged,
}

impl Change {
    /// Every change, in the order they are shown.
    pub(crate) const ALL: [Change; 5] = [
        Change::Downgraded,
        Change::Upgraded,
        Change::Added,
        Change::Removed,
        Change::Unchanged,
    ];

    /// The lowercase name JSON uses (`downgraded`, `upgraded`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Change::Downgraded => "downgraded",
            Change::Upgraded => "upgraded",
            Change::Added => "added",
            Change::Removed => "removed",
            Change::Unchanged => "unchanged",
        }
    }

    /// The change from version `from` to version `to` of one ecosystem.
    ///
    /// Versions equal by the ecosystem's rules are unchanged however they
    /// are spelled (`12.8` and `12.8.0`).
    pub fn between(ecosystem: Ecosystem, from: Option<&str>, to: Option<&str>) -> Change {
        match (from, to) {
            (None, None) => Change::Unchanged,
            (None, Some(_)) => Change::Added,
            (Some(_), None) => Change::Removed,
            (Some(a), Some(b)) => Change::from_order(None, ecosystem, a, b),
        }
    }

    /// From `a` to `b`, given their order when already known (parsed once,
    /// as packages are), else ordered by the ecosystem's rules.
    pub(crate) fn from_order(
        known: Option<std::cmp::Ordering>,
        ecosystem: Ecosystem,
        a: &str,
        b: &str,
    ) -> Change {
        let ordering = match known {
            Some(ordering) if a != b => ordering,
            _ => order(ecosystem, a, b),
        };
        match ordering {
            std::cmp::Ordering::Less => Change::Upgraded,
            std::cmp::Ordering::Greater => Change::Downgraded,
            std::cmp::Ordering::Equal => Change::Unchanged,
        }
    }
}

/// Orders two versions by the ecosystem's rules.
///
/// Validated records only hold versions their ecosystem parses; should one
/// not parse, identical strings are equal and others fall back to dotted
/// numeric, then to plain string order, so the result stays deterministic.
fn order(ecosystem: Ecosystem, a: &str, b: &str) -> std::cmp::Ordering {
    if a == b {
        return std::cmp::Ordering::Equal;
    }
    model::compare_versions(ecosystem, a, b)
        .or_else(|_| model::compare_versions(Ecosystem::Generic, a, b))
        .unwrap_or_else(|_| a.cmp(b))
}

/// Everything that changed from release `from` to release `to`.
///
/// Serialises as the `--format json` document (see `docs/diff.md`).
#[derive(Debug, Clone, Serialize)]
pub struct ReleaseDiff {
    pub(crate) from: String,
    pub(crate) to: String,
    /// The product both releases belong to (not part of the JSON).
    #[serde(skip)]
    pub(crate) product: Text,
    /// The `--arch` the diff is restricted to (not part of the JSON).
    #[serde(skip)]
    pub(crate) only_arch: Option<String>,
    /// Every arch covered, in display order (not part of the JSON).
    #[serde(skip)]
    pub(crate) arch_order: Vec<String>,
    /// Which architectures the new release added, dropped or kept.
    pub archs: ArchChanges,
    /// One entry per component per arch.
    pub components: Vec<ComponentChange>,
    pub(crate) driver: DriverDiff,
    pub(crate) assets: AssetsDiff,
    pub(crate) features: TextsDiff,
    pub(crate) bug_fixes: BugFixesDiff,
    pub(crate) known_issues: TextsDiff,
    pub(crate) includes: KeyedDiff<Include>,
    pub(crate) env: KeyedDiff<EnvVar>,
    pub(crate) gpus: KeyedDiff<Gpu>,
    pub(crate) ports: KeyedDiff<Port>,
    pub(crate) sections: SectionsDiff,
}

/// Architectures only in the new release, only in the old one, and in both.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ArchChanges {
    pub(crate) added: Vec<String>,
    /// Architectures only the old release has, in its order.
    pub removed: Vec<String>,
    /// Architectures both releases have, in the new release's order.
    pub common: Vec<String>,
}

impl ArchChanges {
    /// Every arch in display order: the new release's order, then the
    /// archs it dropped in the old release's order.
    pub(crate) fn all(&self, to_order: &[String]) -> Vec<String> {
        let mut out: Vec<String> = to_order
            .iter()
            .filter(|a| self.added.contains(a) || self.common.contains(a))
            .cloned()
            .collect();
        out.extend(self.removed.iter().cloned());
        out
    }

    /// `Added` for an arch only the new release has, `Removed` for one only
    /// the old release has, else `Unchanged`.
    pub(crate) fn status(&self, arch: &str) -> Change {
        if self.added.iter().any(|a| a == arch) {
            Change::Added
        } else if self.removed.iter().any(|a| a == arch) {
            Change::Removed
        } else {
            Change::Unchanged
        }
    }
}

/// One component of one arch.
#[derive(Debug, Clone, Serialize)]
pub struct ComponentChange {
    /// As the new release spells it (the old one's spelling when removed).
    pub name: String,
    /// The architecture this entry is about.
    pub arch: String,
    pub(crate) ecosystem: Ecosystem,
    pub(crate) from: Option<String>,
    /// The new release's version; `None` when the component was removed.
    pub to: Option<String>,
    /// How the version changed, by the component's ecosystem's ordering.
    pub change: Change,
    /// The old release's spelling, when it differs (`flash_attn` → `flash-attn`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) from_name: Option<String>,
    /// The normalised name both spellings share. Only the tests read it.
    #[serde(skip)]
    #[cfg_attr(not(test), allow(dead_code))]
    pub(crate) key: String,
}

/// A version that may change: the CUDA base, the minimum driver.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ValueChange {
    pub from: Option<String>,
    pub to: Option<String>,
    pub change: Change,
}

impl ValueChange {
    pub(crate) fn new(ecosystem: Ecosystem, from: Option<&str>, to: Option<&str>) -> ValueChange {
        ValueChange {
            from: from.map(str::to_string),
            to: to.map(str::to_string),
            change: Change::between(ecosystem, from, to),
        }
    }

    pub(crate) fn is_unchanged(&self) -> bool {
        self.change == Change::Unchanged
    }
}

/// A bilingual text that changed; `None` where a side has no such text.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct TextChange {
    pub from: Option<Text>,
    pub to: Option<Text>,
}

/// Items of a list that were added or removed.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct AddedRemoved<T> {
    pub added: Vec<T>,
    pub removed: Vec<T>,
}

impl<T> Default for AddedRemoved<T> {
    fn default() -> Self {
        AddedRemoved {
            added: Vec::new(),
            removed: Vec::new(),
        }
    }
}

impl<T> AddedRemoved<T> {
    pub(crate) fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty()
    }
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct DriverDiff {
    /// The CUDA version the release is built on.
    pub cuda: ValueChange,
    /// The minimum driver release.
    pub min: ValueChange,
    /// Data-center branches, matched by branch name.
    pub datacenter: DatacenterDiff,
    /// Branches users must upgrade from.
    pub upgrade_from: AddedRemoved<String>,
    pub not_forward_compatible_with: ValueChange,
    /// The source's words, when they changed.
    pub wording: Option<TextChange>,
}

impl DriverDiff {
    pub(crate) fn is_empty(&self) -> bool {
        self.cuda.is_unchanged()
            && self.min.is_unchanged()
            && self.datacenter.is_empty()
            && self.upgrade_from.is_empty()
            && self.not_forward_compatible_with.is_unchanged()
            && self.wording.is_none()
    }
}

#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct DatacenterDiff {
    pub added: Vec<Branch>,
    pub removed: Vec<Branch>,
    pub changed: Vec<BranchChange>,
}

impl DatacenterDiff {
    pub(crate) fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty()
    }
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Branch {
    pub branch: String,
    pub min: String,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct BranchChange {
    pub branch: String,
    pub from: String,
    pub to: String,
    pub change: Change,
}

/// Image assets, matched by image reference.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct AssetsDiff {
    pub added: Vec<Asset>,
    pub removed: Vec<Asset>,
    pub changed: Vec<AssetChange>,
}

impl AssetsDiff {
    pub(crate) fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty()
    }
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct AssetChange {
    pub image: String,
    pub suits: AddedRemoved<Text>,
    pub not_suits: AddedRemoved<Text>,
    pub note: Option<TextChange>,
}

/// A list of texts (features, known issues), compared in both languages.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct TextsDiff {
    pub added: Vec<Text>,
    pub removed: Vec<Text>,
    /// How many texts both releases hold.
    pub unchanged: usize,
}

impl TextsDiff {
    pub(crate) fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty()
    }
}

/// Bug fixes: a list, or the explicit "none" statement of either side.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct BugFixesDiff {
    /// `from`/`to`: each side's "none" statement (暂无), `null` when that
    /// side lists bug fixes instead.
    pub none: TextChange,
    pub added: Vec<Text>,
    pub removed: Vec<Text>,
    pub unchanged: usize,
}

impl BugFixesDiff {
    /// Whether the "none" statement appeared, disappeared or changed.
    pub(crate) fn none_changed(&self) -> bool {
        match (&self.none.from, &self.none.to) {
            (None, None) => false,
            (Some(a), Some(b)) => !a.same_words(b),
            _ => true,
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && !self.none_changed()
    }
}

/// Items matched by a key (name, service, image): added, removed, changed.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct KeyedDiff<T> {
    pub added: Vec<T>,
    pub removed: Vec<T>,
    pub changed: Vec<Changed<T>>,
}

impl<T> Default for KeyedDiff<T> {
    fn default() -> Self {
        KeyedDiff {
            added: Vec::new(),
            removed: Vec::new(),
            changed: Vec::new(),
        }
    }
}

impl<T> KeyedDiff<T> {
    pub(crate) fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty()
    }
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Changed<T> {
    pub from: T,
    pub to: T,
}

/// Long-form sections, matched by id.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct SectionsDiff {
    pub added: Vec<SectionRef>,
    pub removed: Vec<SectionRef>,
    pub changed: Vec<SectionChange>,
    /// Ids of the sections that are the same in both releases.
    pub unchanged: Vec<String>,
}

impl SectionsDiff {
    pub(crate) fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty()
    }
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct SectionRef {
    pub id: String,
    pub title: Text,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct SectionChange {
    pub id: String,
    pub title: TitleChange,
    /// Word diff of the body per language; `None` when the body is the same.
    pub body: Option<BodyDiff>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct TitleChange {
    pub from: Text,
    pub to: Text,
}

impl TitleChange {
    pub(crate) fn changed(&self) -> bool {
        !same_text(&self.from, &self.to)
    }
}

/// A word diff of every language of one text, in the order the texts
/// are written.
#[derive(Debug, Clone, Serialize)]
#[serde(transparent)]
pub(crate) struct BodyDiff(IndexMap<Lang, Vec<WordOp>>);

impl BodyDiff {
    pub(crate) fn between(from: &Text, to: &Text) -> BodyDiff {
        let langs = from.entries().chain(to.entries()).map(|(l, _)| l);
        let mut diffs = IndexMap::new();
        for lang in langs {
            diffs
                .entry(lang)
                .or_insert_with(|| word_diff(from.side(lang), to.side(lang)));
        }
        BodyDiff(diffs)
    }

    /// The word diff of the language pages are written in; where that is
    /// empty on both sides, English's, else the first language's with words
    /// (as [`Text::get`] falls back).
    pub(crate) fn get(&self, lang: Lang) -> &[WordOp] {
        let has_words = |ops: &&Vec<WordOp>| !ops.iter().all(|op| op.text.trim().is_empty());
        [self.0.get(&lang), self.0.get(&Lang::EN)]
            .into_iter()
            .flatten()
            .chain(self.0.values())
            .find(has_words)
            .map_or(&[], Vec::as_slice)
    }
}

/// The components of one arch, grouped by change, for people to read.
#[derive(Debug, Clone)]
pub(crate) struct ArchGroup<'a> {
    pub arch: String,
    /// `Added` for an arch only the new release has, `Removed` for one only
    /// the old release has, `Unchanged` for one both have.
    pub status: Change,
    pub downgraded: Vec<&'a ComponentChange>,
    pub upgraded: Vec<&'a ComponentChange>,
    pub added: Vec<&'a ComponentChange>,
    pub removed: Vec<&'a ComponentChange>,
    pub unchanged: Vec<&'a ComponentChange>,
}

impl ArchGroup<'_> {
    pub(crate) fn of(&self, change: Change) -> &[&ComponentChange] {
        match change {
            Change::Downgraded => &self.downgraded,
            Change::Upgraded => &self.upgraded,
            Change::Added => &self.added,
            Change::Removed => &self.removed,
            Change::Unchanged => &self.unchanged,
        }
    }

    pub(crate) fn changed(&self) -> usize {
        self.downgraded.len() + self.upgraded.len() + self.added.len() + self.removed.len()
    }
}

impl ReleaseDiff {
    /// The components of each arch, grouped downgrades first.
    pub(crate) fn arch_groups(&self) -> Vec<ArchGroup<'_>> {
        self.arch_order
            .iter()
            .cloned()
            .map(|arch| {
                let mut group = ArchGroup {
                    status: self.archs.status(&arch),
                    arch,
                    downgraded: Vec::new(),
                    upgraded: Vec::new(),
                    added: Vec::new(),
                    removed: Vec::new(),
                    unchanged: Vec::new(),
                };
                for c in self.components.iter().filter(|c| c.arch == group.arch) {
                    match c.change {
                        Change::Downgraded => group.downgraded.push(c),
                        Change::Upgraded => group.upgraded.push(c),
                        Change::Added => group.added.push(c),
                        Change::Removed => group.removed.push(c),
                        Change::Unchanged => group.unchanged.push(c),
                    }
                }
                group
            })
            .collect()
    }

    /// Every downgrade: components of every arch, then the driver's CUDA base.
    pub(crate) fn downgrades(&self) -> Vec<&ComponentChange> {
        self.components
            .iter()
            .filter(|c| c.change == Change::Downgraded)
            .collect()
    }

    /// Whether anything besides components changed.
    pub(crate) fn other_changes(&self) -> bool {
        !(self.driver.is_empty()
            && self.assets.is_empty()
            && self.features.is_empty()
            && self.bug_fixes.is_empty()
            && self.known_issues.is_empty()
            && self.includes.is_empty()
            && self.env.is_empty()
            && self.gpus.is_empty()
            && self.ports.is_empty()
            && self.sections.is_empty())
    }
}

/// Two texts say the same in every language (surrounding blanks aside).
pub(crate) fn same_text(a: &Text, b: &Text) -> bool {
    let agree = |a: &Text, b: &Text| a.entries().all(|(l, t)| t.trim() == b.side(l).trim());
    agree(a, b) && agree(b, a)
}
