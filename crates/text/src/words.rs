//! The words relnotes reads, per language: `data/words/<lang>.toml` (the
//! headings of vendors' pages, table rows, driver and asset phrases, words
//! of prose, upgrade claims), embedded in the binary and parsed once. The
//! code here knows how to match; the files know what. A page is read with
//! every language's words, whatever its own language.

use crate::error::ImportError;
use indexmap::IndexMap;
use model::{Lang, Scenario};
use serde::Deserialize;
use std::path::Path;
use std::sync::OnceLock;

/// The parts a words file's `[headings]` name: every part but a
/// long-form section (those are `[sections]`, by id).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Part {
    Umbrella,
    Features,
    KeyFeatures,
    Announcements,
    Fixes,
    Contents,
    Components,
    Assets,
    Driver,
    KnownIssues,
    Tags,
}

/// One component of `data/components.toml` (or of a project's
/// `import.toml`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Component {
    /// Spellings pages use for it.
    #[serde(default)]
    pub aliases: Vec<String>,
}

/// The built-in files, by their language's tag, in the order their words
/// are tried.
const FILES: [(&str, &str, &str); 10] = [
    (
        "en",
        "data/words/en.toml",
        include_str!("../../../data/words/en.toml"),
    ),
    (
        "zh",
        "data/words/zh.toml",
        include_str!("../../../data/words/zh.toml"),
    ),
    (
        "zh-Hant",
        "data/words/zh-Hant.toml",
        include_str!("../../../data/words/zh-Hant.toml"),
    ),
    (
        "ja",
        "data/words/ja.toml",
        include_str!("../../../data/words/ja.toml"),
    ),
    (
        "ko",
        "data/words/ko.toml",
        include_str!("../../../data/words/ko.toml"),
    ),
    (
        "es",
        "data/words/es.toml",
        include_str!("../../../data/words/es.toml"),
    ),
    (
        "pt",
        "data/words/pt.toml",
        include_str!("../../../data/words/pt.toml"),
    ),
    (
        "fr",
        "data/words/fr.toml",
        include_str!("../../../data/words/fr.toml"),
    ),
    (
        "de",
        "data/words/de.toml",
        include_str!("../../../data/words/de.toml"),
    ),
    (
        "it",
        "data/words/it.toml",
        include_str!("../../../data/words/it.toml"),
    ),
];

/// One language's words (the sections of `data/words/en.toml`, which says
/// what each holds).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Words {
    /// Words are separated by spaces: word lists match whole words.
    pub spaced: bool,
    #[serde(default)]
    pub headings: IndexMap<Part, Vec<String>>,
    /// Long-form section id → its headings.
    #[serde(default)]
    pub sections: IndexMap<String, Vec<String>>,
    #[serde(default)]
    pub heading_shapes: Vec<HeadingShape>,
    #[serde(default)]
    pub rows: Rows,
    #[serde(default)]
    pub scenarios: IndexMap<Scenario, Vec<String>>,
    #[serde(default)]
    pub components: ComponentWords,
    #[serde(default)]
    pub page: PageWords,
    #[serde(default)]
    pub version: VersionWords,
    #[serde(default)]
    pub assets: AssetWords,
    #[serde(default)]
    pub driver: DriverWords,
    #[serde(default)]
    pub claims: ClaimWords,
    #[serde(default)]
    pub statements: StatementWords,
    #[serde(default)]
    pub archs: ArchWords,
    #[serde(default)]
    pub tables: TableWords,
}

/// What a table's column heads and cells say (`[tables]`): which column
/// names the components, which holds the versions, which is the release a
/// row is of, which versions are the old ones.
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct TableWords {
    pub name_heads: Vec<String>,
    pub key_heads: Vec<String>,
    pub previous_heads: Vec<String>,
    pub floor_heads: Vec<String>,
    pub removals: Vec<String>,
    pub preferred_columns: Vec<String>,
    pub release_labels: Vec<String>,
    pub release_columns: Vec<String>,
    pub default_marks: Vec<String>,
    /// Units after a number that make it a measure: "4.29 sec".
    pub units: Vec<String>,
    /// The first words of a cell describing a change ("Add version 9.0").
    pub change_verbs: Vec<String>,
    /// A clause of a change holding one of these sets the default version.
    pub change_defaults: Vec<String>,
    /// Before a version a change had before ("(was 24.1)").
    pub change_before: Vec<String>,
    /// A column's head saying what kind of thing each name of its cells is
    /// ("SDK" over "Java 1.0.0; Go 1.0.0": the Java SDK, not Java), in the
    /// singular; a plural adds an `s`.
    pub item_kinds: Vec<String>,
    /// The first words of a head over versions a release works with, not
    /// versions it holds ("Compatible Spark versions"), lowercase.
    pub compatible_heads: Vec<String>,
    /// The head of a column of settings' default values ("Key | Default |
    /// Description | Since"): a table of settings, no components.
    pub setting_heads: Vec<String>,
    /// A cell naming a tag that moves ("latest", "main"): no version, and
    /// no cell a column's share of versions counts.
    pub moving_tags: Vec<String>,
}

/// How name–version statements are weighed wherever they stand
/// (`[statements]` of `data/words/en.toml` says what each list holds).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct StatementWords {
    pub states: Vec<String>,
    pub based_on: Vec<String>,
    pub notes: Vec<String>,
    pub clause_breaks: Vec<String>,
    pub examples: Vec<String>,
    pub owned_elsewhere: Vec<String>,
    pub purposes: Vec<String>,
    pub sources: Vec<String>,
    /// Right before a name and its version, whatever data knows of the
    /// name: "uses RStudio 2023.12.1-402".
    pub introduce: Vec<String>,
    /// Right before a name and its version in a clause saying what is
    /// built (`build_words`): "Build binary wheels against libvpx 1.13.1".
    pub built_against: Vec<String>,
    /// Labels of a line whose value is the image's base image.
    pub base_images: Vec<String>,
    /// Between a known name and its build's number: "llama.cpp build 6093".
    pub build_labels: Vec<String>,
    pub build_words: Vec<String>,
    /// Right after a name and its version that open a sentence, whatever
    /// data knows of the name: "Docker `28.5.1` is installed."
    pub installed: Vec<String>,
    /// After a build argument, before its default: "ROCM_VERSION (default
    /// is 6.0.2)".
    pub defaults: Vec<String>,
    /// After a component's name in a build variable pinning its commit
    /// (`PYTORCH_HASH`).
    pub commit_labels: Vec<String>,
    /// Of `notes`, those that make no title a note's.
    pub notes_not_in_titles: Vec<String>,
    /// In parentheses after a version, a remark that the release keeps
    /// it: "DuetWiFiServer 1.23 (same as for previous RC)".
    pub unchanged: Vec<String>,
}

/// A heading known by its shape ("Contents of the PyTorch container").
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct HeadingShape {
    #[serde(default)]
    pub starts_with: String,
    #[serde(default)]
    pub ends_with: String,
    #[serde(default)]
    pub holds: Vec<String>,
    pub max_chars: usize,
    pub part: Option<Part>,
    pub section: Option<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct Rows {
    pub scenarios: Vec<String>,
    pub framework: Vec<String>,
    pub requirements: Vec<String>,
    pub components: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct ComponentWords {
    pub version_heads: Vec<String>,
    pub copulas: Vec<String>,
    pub version_suffixes: Vec<String>,
    pub joints: Vec<String>,
    pub not_names: Vec<String>,
    pub version_words: Vec<String>,
    pub post_releases: Vec<String>,
    /// Before a number continuing a version: "15 SP6".
    pub version_parts: Vec<String>,
    /// Before where a listed version is: "Linux 6.12 in live ISOs".
    pub places: Vec<String>,
    /// Before a part's name in the label of its version: "Base DPDK
    /// Version: 25.11.0".
    pub version_label_leads: Vec<String>,
    /// Between the two ends of a range of versions: "2.1 through 2.4".
    pub range_words: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct PageWords {
    pub numerals: String,
    pub none: Vec<String>,
    pub title_holds: Vec<String>,
    pub summary_starts: Vec<String>,
    pub summary_holds: Vec<String>,
    pub dangling: Vec<String>,
    pub address_labels: Vec<String>,
    pub list_introductions: Vec<String>,
    /// Words a sentence of the language holds ("the", "and"): a page whose
    /// lines of prose hold them, far more than lines in Chinese or
    /// Japanese characters, is in the language whatever its examples are.
    pub function_words: Vec<String>,
    /// A heading opening a page's part in English ("## English", "## 英語"):
    /// a page of two languages, the other's part beside it.
    pub english_headings: Vec<String>,
    /// A heading over a page's releases ("Version History", "更新履歴"),
    /// lowercase: in a README, its release headings are the page's, other
    /// headings naming versions the text's.
    pub history_headings: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct VersionWords {
    pub before_number: Vec<String>,
    pub after_number: Vec<String>,
    pub not_after: Vec<String>,
    /// Before the release a changelog's part is "since" ("Changes since Git
    /// for Windows v2.55.0(2)"): the part holds the release after it.
    pub since: Vec<String>,
    /// The months, January first, as a date writes them (a month is known
    /// by its name's start: "Dec" is December).
    pub months: Vec<String>,
    /// The months' whole names, January first: a month and its year alone
    /// ("April 2025") names a monthly release; "Maybe 2025" does not.
    pub month_names: Vec<String>,
    /// The marks after a date's year, month and day ("2021年5月12日").
    pub date_marks: Vec<String>,
    /// What a date may write after its day's number ("Jun 16th 2021").
    pub day_ordinals: Vec<String>,
    /// Between a date's day and its month: "29th of July 2026".
    pub day_joints: Vec<String>,
    /// Before the name of the page's own release: "本次发布软件版本为
    /// ds3_0530".
    pub release_is: Vec<String>,
    /// After a name and the version of the page's own release: "mlc-scripts
    /// 1.0.0 was released on February 10, 2025".
    pub released: Vec<String>,
    /// Between a title's version and a pre-release's number ("0.9.3
    /// Snapshot 5").
    pub pre_releases: Vec<String>,
    /// Between a title's version and the number of a release made after it
    /// ("2.3 Hotfix 2", "1.10 HF3"): the release is `2.3-Hotfix-2`.
    pub post_releases: Vec<String>,
    /// A heading naming the changes not released yet ("[Unreleased]", "tag
    /// next"): its part is no release's.
    pub unreleased: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct AssetWords {
    pub group_labels: Vec<String>,
    pub suits: Vec<String>,
    pub not_suits: Vec<String>,
    pub clause_starts: Vec<String>,
    pub list_joints: Vec<String>,
    pub item_lead_ins: Vec<String>,
    pub copulas: Vec<String>,
    pub examples: Vec<String>,
    pub examples_end: Vec<String>,
    pub note_tails: Vec<String>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct DriverWords {
    pub based_on: Vec<String>,
    pub upgrade: Vec<String>,
    pub not_forward_compatible: Vec<String>,
    pub datacenter: Vec<String>,
    pub minimum: Vec<String>,
    pub floors: Vec<String>,
    pub required_items: Vec<String>,
}

/// The words naming CPU architectures (`[archs]`).
#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct ArchWords {
    /// Words saying an image holds every architecture of `names`.
    pub multi: Vec<String>,
    /// The record's name of an architecture → the words pages use for it.
    pub names: IndexMap<String, Vec<String>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub(crate) struct ClaimWords {
    /// Words of a claim saying the version went down: "downgraded to".
    pub lowering: Vec<String>,
    pub name_first: Vec<String>,
    pub verb_first: Vec<String>,
    pub to: Vec<String>,
    pub and: Vec<String>,
    pub not_after_verb: Vec<String>,
    /// Before the old version in "Upgraded Ray from 2.56.1 to 2.57.0".
    pub from: Vec<String>,
    /// After the word for a version, where it is used: "kotlin version in
    /// the awaitility-kotlin module".
    pub version_places: Vec<String>,
    /// Between `to` and the name: "Update to use Dataflow Compiler v5.2.0".
    pub name_leads: Vec<String>,
    /// After a claim's version and `and`, words saying the same name went
    /// on to another version: "upgraded from 0.21 to 0.22 and later to 0.24".
    pub later: Vec<String>,
    /// Before a verb of `verb_first` in a passive claim: "Slurm was upgraded
    /// to …" says "Slurm upgraded to …".
    pub passive: Vec<String>,
    /// Right before a `name_first` phrase, words that tell a reader to
    /// upgrade: no claim ("Users should update to 2.0.1").
    pub advice: Vec<String>,
    /// After the word for a version, before the name: "Upgraded the
    /// included version of Npcap from 1.83 to 1.87".
    pub of: Vec<String>,
    /// After a name, what says where it is shipped, no part of the name:
    /// "OpenSSL shipped on Windows updated to 3.5.6".
    pub qualifiers: Vec<String>,
    /// Languages whose packages a name's words may say it is, no part of
    /// the name: "Updated `Flask` Python dependency to 2.2.5".
    pub ecosystems: Vec<String>,
    /// After a name and the version it went to, in a language whose words
    /// are not spaced: "Boost 1.79.0 に上げる".
    pub version_first: Vec<String>,
    /// Between `to` and the version, a word for a release: "Upgrade
    /// Roundcube to the latest stable release (1.6.7)".
    pub release_words: Vec<String>,
    /// The last word of a name saying what kind of software it is, with
    /// the words of prose before it no part of the name: "Updated the
    /// Graphite font library to 1.3.10".
    pub kinds: Vec<String>,
    /// A package manager's word for its packages, a kind even right after a
    /// name of one word: "Updated pyo3 crate to version 0.29.2".
    pub package_kinds: Vec<String>,
    /// The kind of software a name of four words ends in ("upgraded AWS
    /// S3 object-storage plugin to 2.5.4", Orthanc's release notes).
    #[serde(default)]
    pub long_name_ends: Vec<String>,
    /// Where words are not spaced, the particle ending the words that
    /// describe a name, between the verb and it ("升級依賴的rapidjson版本到
    /// 1.1.0", OpenCC's NEWS).
    #[serde(default)]
    pub attributive: Vec<String>,
    /// A word of prose joining a name's capitalised words ("IoT Agent for
    /// JSON", "Intel Extension for PyTorch").
    #[serde(default)]
    pub name_joints: Vec<String>,
    /// Platforms one product is built for ("Mobilisten SDK for Android to
    /// 8.2.5 and iOS to 10.1.4": the same SDK's other build), lowercase.
    #[serde(default)]
    pub platforms: Vec<String>,
}

impl Words {
    /// `word` as it stands between other words: with the spaces around it
    /// in a spaced language (`" and "`), alone in the others.
    pub(crate) fn between(&self, word: &str) -> String {
        if self.spaced {
            format!(" {word} ")
        } else {
            word.to_string()
        }
    }

    /// `word` as it stands before another (`"for "`).
    pub(crate) fn before(&self, word: &str) -> String {
        if self.spaced {
            format!("{word} ")
        } else {
            word.to_string()
        }
    }

    /// `word` as it stands after another (`" and"`).
    pub(crate) fn after(&self, word: &str) -> String {
        if self.spaced {
            format!(" {word}")
        } else {
            word.to_string()
        }
    }

    /// Whether `text` starts with `word`, as a whole word in a spaced
    /// language ("so" starts "so use it", not "some").
    pub(crate) fn starts_with_word(&self, text: &str, word: &str) -> bool {
        text.strip_prefix(word)
            .is_some_and(|rest| !self.spaced || !rest.starts_with(|c: char| c.is_alphanumeric()))
    }
}

/// A project's own words, `import.toml` beside `relnotes.toml`: headings
/// by the part they start and components' aliases, as in the built-in
/// files, added to theirs (and winning over them).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ProjectWords {
    #[serde(default)]
    pub headings: IndexMap<Part, Vec<String>>,
    #[serde(default)]
    pub component: IndexMap<String, Component>,
}

impl ProjectWords {
    /// The file, relative to the project's root.
    pub(crate) const FILE: &str = "import.toml";

    /// The project's words; none when it has no such file.
    pub(crate) fn load(root: &Path) -> Result<ProjectWords, ImportError> {
        let path = root.join(Self::FILE);
        let bytes = match model::read_project_file(root, &path) {
            Ok(bytes) => bytes,
            Err(e) if e.is_not_found() => return Ok(ProjectWords::default()),
            Err(e) => return Err(e.into()),
        };
        let text = String::from_utf8(bytes).map_err(|e| ImportError::Words {
            path: path.clone(),
            message: format!("not UTF-8 text (byte {})", e.utf8_error().valid_up_to()),
        })?;
        toml::from_str(&text).map_err(|e| ImportError::Words {
            path,
            message: e.to_string(),
        })
    }
}

/// Every language's words, in the order they are tried.
pub(crate) fn all() -> &'static [(Lang, Words)] {
    static ALL: OnceLock<Vec<(Lang, Words)>> = OnceLock::new();
    ALL.get_or_init(|| {
        FILES
            .iter()
            .map(|(tag, path, text)| {
                // Embedded and checked by the tests: a broken file is a bug
                // of this build, not something a user can cause.
                let lang = tag.parse().unwrap_or_else(|e| panic!("{path}: {e}"));
                let words = toml::from_str(text).unwrap_or_else(|e| panic!("{path}: {e}"));
                (lang, words)
            })
            .collect()
    })
}

/// The words of `lang`, else of a language read alike (`zh-TW`'s are
/// `zh-Hant`'s, `ja-JP`'s `ja`'s); English's for a language without a
/// words file.
pub(crate) fn of(lang: Lang) -> &'static Words {
    let find =
        |alike: fn(Lang, Lang) -> bool| all().iter().find(|(l, _)| alike(*l, lang)).map(|(_, w)| w);
    find(|l, lang| l == lang)
        .or_else(|| find(read_alike))
        .or_else(|| find(|l, _| l == Lang::EN))
        .expect("English has a words file")
}

/// What a tag names, as far as reading a page goes: its language and, for
/// Chinese, whether it is written in Traditional characters (`zh-Hant`,
/// `zh-TW`, `zh-HK`, `zh-MO`) or Simplified ones (`zh`, `zh-Hans`, `zh-CN`).
fn reading(lang: Lang) -> (String, bool) {
    let mut subtags = lang.code().split('-');
    let primary = subtags.next().unwrap_or_default().to_ascii_lowercase();
    let mut traditional = false;
    for subtag in subtags {
        match subtag.to_ascii_lowercase().as_str() {
            "hant" | "tw" | "hk" | "mo" => traditional = true,
            // A script names the writing whatever the region.
            "hans" => {
                traditional = false;
                break;
            }
            _ => {}
        }
    }
    let traditional = primary == "zh" && traditional;
    (primary, traditional)
}

/// Whether `a` and `b` are read alike: the same language, and for Chinese
/// the same script (`zh-TW` as `zh-Hant`, `zh-CN` as `zh`).
pub(crate) fn read_alike(a: Lang, b: Lang) -> bool {
    reading(a) == reading(b)
}

/// Every language's words.
pub(crate) fn each() -> impl Iterator<Item = &'static Words> {
    all().iter().map(|(_, w)| w)
}

/// The arrows written between a version and the one it went to, or a
/// name and its version (`->`, `=>`, `→`, `⇒`): signs of no language.
pub(crate) const ARROWS: [&str; 4] = ["->", "=>", "→", "⇒"];

/// `word` is one of the [`ARROWS`].
pub(crate) fn is_arrow(word: &str) -> bool {
    ARROWS.contains(&word)
}

/// A word standing between a name and its version ("vLLM version 0.5.3",
/// "DeepEP commit 73b6ea4").
pub(crate) fn is_version_label(word: &str) -> bool {
    let word = word.to_lowercase();
    each().any(|w| w.components.version_words.contains(&word))
}

/// `text` ends with the word or phrase `word`, not with a longer word
/// that ends alike ("(sm" ends with "sm", "prism" does not).
pub(crate) fn ends_with_word(text: &str, word: &str) -> bool {
    text.strip_suffix(word)
        .is_some_and(|head| !head.ends_with(|c: char| c.is_alphanumeric()))
}

/// A heading over a page's releases in any language's data (`[page]
/// history_headings`), whatever marks or emoji stand around its words
/// ("📋 Version History").
pub(crate) fn is_history_heading(title: &str) -> bool {
    let text = title
        .trim_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    each().any(|w| w.page.history_headings.contains(&text))
}

/// A word for a release in any language's data ("release").
pub(crate) fn is_release_word(word: &str) -> bool {
    let word = word.to_lowercase();
    each().any(|w| w.claims.release_words.contains(&word))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn every_file_parses_with_every_language() {
        for (tag, _, _) in FILES {
            let lang: Lang = tag.parse().unwrap();
            assert!(std::ptr::eq(
                of(lang),
                &all().iter().find(|(l, _)| *l == lang).unwrap().1
            ));
        }
        assert_eq!(all().len(), FILES.len());
    }

    /// Lists compared with lowercased text hold lowercase words; no list
    /// holds an empty one or one with spaces around it.
    #[test]
    fn entries_are_lowercase_and_trimmed() {
        for (lang, w) in all() {
            let lowercase: Vec<(&str, &Vec<String>)> = vec![
                ("rows.scenarios", &w.rows.scenarios),
                ("rows.framework", &w.rows.framework),
                ("rows.requirements", &w.rows.requirements),
                ("rows.components", &w.rows.components),
                ("components.version_heads", &w.components.version_heads),
                (
                    "components.version_suffixes",
                    &w.components.version_suffixes,
                ),
                ("components.not_names", &w.components.not_names),
                ("components.version_words", &w.components.version_words),
                (
                    "components.version_label_leads",
                    &w.components.version_label_leads,
                ),
                ("components.copulas", &w.components.copulas),
                ("components.range_words", &w.components.range_words),
                ("claims.release_words", &w.claims.release_words),
                ("components.post_releases", &w.components.post_releases),
                ("page.none", &w.page.none),
                ("page.title_holds", &w.page.title_holds),
                ("page.summary_starts", &w.page.summary_starts),
                ("page.dangling", &w.page.dangling),
                ("page.list_introductions", &w.page.list_introductions),
                ("version.not_after", &w.version.not_after),
                ("version.since", &w.version.since),
                ("assets.group_labels", &w.assets.group_labels),
                ("assets.clause_starts", &w.assets.clause_starts),
                ("driver.based_on", &w.driver.based_on),
                ("driver.upgrade", &w.driver.upgrade),
                (
                    "driver.not_forward_compatible",
                    &w.driver.not_forward_compatible,
                ),
                ("driver.datacenter", &w.driver.datacenter),
                ("driver.minimum", &w.driver.minimum),
                ("driver.required_items", &w.driver.required_items),
                ("archs.multi", &w.archs.multi),
                ("claims.lowering", &w.claims.lowering),
                ("claims.name_first", &w.claims.name_first),
                ("claims.verb_first", &w.claims.verb_first),
                ("claims.to", &w.claims.to),
                ("claims.platforms", &w.claims.platforms),
                ("tables.name_heads", &w.tables.name_heads),
                ("tables.key_heads", &w.tables.key_heads),
                ("tables.previous_heads", &w.tables.previous_heads),
                ("tables.removals", &w.tables.removals),
                ("tables.preferred_columns", &w.tables.preferred_columns),
                ("tables.release_labels", &w.tables.release_labels),
                ("tables.release_columns", &w.tables.release_columns),
            ];
            for (name, list) in lowercase {
                for word in list {
                    assert_eq!(*word, word.to_lowercase(), "{lang}: {name}: `{word}`");
                }
            }
            for list in w.scenarios.values() {
                assert!(list.iter().all(|s| *s == s.to_lowercase()), "{lang}");
            }
            let every = [
                &w.assets.suits,
                &w.assets.not_suits,
                &w.assets.list_joints,
                &w.assets.item_lead_ins,
                &w.assets.copulas,
                &w.assets.examples,
                &w.assets.examples_end,
                &w.assets.note_tails,
                &w.components.joints,
                &w.claims.and,
                &w.claims.not_after_verb,
                &w.version.before_number,
                &w.version.after_number,
                &w.page.summary_holds,
            ];
            for word in every.into_iter().flatten() {
                assert!(!word.trim().is_empty(), "{lang}: an empty word");
                // A leading space is part of one driver phrase; elsewhere
                // the code puts the spaces.
                assert_eq!(word.trim(), word, "{lang}: `{word}`");
            }
        }
    }

    #[test]
    fn other_languages_words_for_a_version() {
        // "GeoServer versión 2.27", "TensorFlow versão 2.6.0".
        assert!(is_version_label("versión"));
        assert!(is_version_label("Versão"));
        assert!(is_version_label("versione"));
        assert!(!is_version_label("versiones"));
    }

    #[test]
    fn a_projects_words() {
        let dir = tempfile::tempdir().unwrap();
        let none = ProjectWords::load(dir.path()).unwrap();
        assert!(none.headings.is_empty() && none.component.is_empty());
        let file = dir.path().join(ProjectWords::FILE);
        fs::write(
            &file,
            "[headings]\nfeatures = [\"Neuerungen\"]\n[component.torch]\naliases = [\"pt\"]\n",
        )
        .unwrap();
        let words = ProjectWords::load(dir.path()).unwrap();
        assert_eq!(words.headings[&Part::Features], ["Neuerungen"]);
        assert_eq!(words.component["torch"].aliases, ["pt"]);
        fs::write(&file, "[headings]\nfeature = [\"Neuerungen\"]\n").unwrap();
        let e = ProjectWords::load(dir.path()).unwrap_err().to_string();
        assert!(
            e.contains("import.toml") && e.contains("unknown variant `feature`"),
            "{e}"
        );
    }

    #[test]
    fn words_between_others() {
        let en = of(Lang::EN);
        let zh = of(Lang::ZH);
        assert_eq!(en.between("and"), " and ");
        assert_eq!(zh.between("和"), "和");
        assert_eq!(en.before("for"), "for ");
        assert_eq!(en.after("and"), " and");
        assert!(en.starts_with_word("so use it", "so"));
        assert!(!en.starts_with_word("some", "so"));
        assert!(zh.starts_with_word("请使用", "请"));
    }
}
