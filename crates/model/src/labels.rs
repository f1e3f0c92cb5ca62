//! The words relnotes writes around the records' own texts — headings,
//! table heads, change markers, the lines `new` and `sync` draft — in every
//! language, shared by text reports and pages. They are data: one file per
//! language, `data/labels/<tag>.toml`, embedded in the binary and parsed
//! once; a project's `locales/<tag>.toml` is laid over them when the
//! project is opened ([`install`], docs/languages.md). Pages get them all
//! as `labels` in the template context (docs/templates.md).
//!
//! `{product}`, `{from}`, `{to}`, `{arch}`, `{n}` … in a label are filled in
//! by the caller.

use crate::record::Lang;
use indexmap::IndexMap;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::sync::{OnceLock, RwLock};

/// The built-in label files: tag, path, text. English first: what every
/// other language falls back to.
const FILES: [(&str, &str, &str); 5] = [
    (
        "en",
        "data/labels/en.toml",
        include_str!("../../../data/labels/en.toml"),
    ),
    (
        "zh",
        "data/labels/zh.toml",
        include_str!("../../../data/labels/zh.toml"),
    ),
    (
        "zh-Hant",
        "data/labels/zh-Hant.toml",
        include_str!("../../../data/labels/zh-Hant.toml"),
    ),
    (
        "ja",
        "data/labels/ja.toml",
        include_str!("../../../data/labels/ja.toml"),
    ),
    (
        "ko",
        "data/labels/ko.toml",
        include_str!("../../../data/labels/ko.toml"),
    ),
];

/// One language's labels, key → text, in the file's order.
pub(crate) type Table = IndexMap<String, String>;

/// The built-in labels, by language. Looked up for every cell of every
/// table: by hash, and parsed once.
fn built_in() -> &'static HashMap<Lang, Table> {
    static TABLES: OnceLock<HashMap<Lang, Table>> = OnceLock::new();
    TABLES.get_or_init(|| {
        FILES
            .iter()
            .map(|(tag, path, text)| {
                // Embedded and checked by the tests: a broken file is a bug
                // of this build, not something a user can cause.
                let lang = tag.parse().unwrap_or_else(|e| panic!("{path}: {e}"));
                let table = toml::from_str(text).unwrap_or_else(|e| panic!("{path}: {e}"));
                (lang, table)
            })
            .collect()
    })
}

/// The languages relnotes has labels for built in, English first.
#[cfg(test)]
pub(crate) fn built_in_languages() -> Vec<Lang> {
    FILES
        .iter()
        .map(|(tag, _, _)| tag.parse().expect("a built-in tag"))
        .collect()
}

/// The labels a project's `locales/<tag>.toml` gave, laid over the
/// built-in ones (or English), by language. A process works on one
/// project; a table installed again replaces the one before.
fn installed() -> &'static RwLock<HashMap<Lang, &'static Table>> {
    static INSTALLED: OnceLock<RwLock<HashMap<Lang, &'static Table>>> = OnceLock::new();
    INSTALLED.get_or_init(Default::default)
}

/// Counts the tables [`install`] changed: caches of labels compare it.
static GENERATION: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// Changes whenever a project's labels replace others: what a cache of
/// labels keys on beside the language.
pub fn generation() -> u64 {
    GENERATION.load(std::sync::atomic::Ordering::Relaxed)
}

/// Lays `given` (a project's `locales/<lang>.toml`) over the built-in
/// labels of `lang`, or over English when there are none; returns the
/// keys `given` lacks that fall back to English, in the English order
/// (a new language's `language_name` falls back to its tag instead).
/// Keys English lacks are the caller's to refuse.
pub(crate) fn install(lang: Lang, given: &Table) -> Vec<String> {
    let english = &built_in()[&Lang::EN];
    let base = built_in().get(&lang).unwrap_or(english);
    let missing = english
        .keys()
        .filter(|k| {
            !given.contains_key(*k) && !built_in().get(&lang).is_some_and(|b| b.contains_key(*k))
        })
        .cloned()
        .collect();
    let mut table = base.clone();
    if !built_in().contains_key(&lang) {
        // A language is never named "English" for want of its own name.
        table.insert("language_name".into(), lang.code().into());
    }
    for (key, text) in given {
        if let Some(slot) = table.get_mut(key) {
            slot.clone_from(text);
        }
    }
    let mut installed = installed().write().unwrap_or_else(|p| p.into_inner());
    // The same project opened again leaks nothing more.
    if installed.get(&lang).is_none_or(|old| **old != table) {
        installed.insert(lang, Box::leak(Box::new(table)));
        GENERATION.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
    missing
}

/// Whether relnotes has labels for `lang` built in.
pub(crate) fn has_built_in(lang: Lang) -> bool {
    built_in().contains_key(&lang)
}

/// Whether relnotes has labels for `lang`: built in, or installed from
/// the project.
#[cfg(test)]
pub(crate) fn has_labels(lang: Lang) -> bool {
    built_in().contains_key(&lang)
        || installed()
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .contains_key(&lang)
}

/// Every key a labels file may have, in the order of the English file.
pub(crate) fn keys() -> impl Iterator<Item = &'static str> {
    built_in()[&Lang::EN].keys().map(String::as_str)
}

/// The labels of `lang`: the project's, else the built-in ones, else
/// English (a project's languages are checked to have labels when it
/// is opened, so English shows only for a language no project has).
fn table(lang: Lang) -> &'static Table {
    if let Some(table) = installed()
        .read()
        .unwrap_or_else(|p| p.into_inner())
        .get(&lang)
    {
        return table;
    }
    built_in()
        .get(&lang)
        .unwrap_or_else(|| &built_in()[&Lang::EN])
}

/// `lang`'s labels as a TOML file, every key in the English order: what
/// `relnotes labels` prints, to start a project's `locales/<tag>.toml`.
pub(crate) fn to_toml(lang: Lang) -> String {
    let table = table(lang);
    let mut out = format!(
        "# relnotes' labels in `{lang}`: every word relnotes writes around the\n\
         # records' own texts. Save as locales/<tag>.toml in the project and\n\
         # translate the values; keep the {{placeholders}} (docs/languages.md).\n"
    );
    for key in keys() {
        let text = table.get(key).map_or("", String::as_str);
        out.push_str(&format!("{key} = {}\n", Value::String(text.to_string())));
    }
    out
}

/// The label `key` in `lang`, if there is one.
pub fn label(key: &str, lang: Lang) -> Option<&'static str> {
    table(lang).get(key).map(String::as_str)
}

/// The label `key` in `lang`; the key itself when there is no such label.
pub fn get(key: &'static str, lang: Lang) -> &'static str {
    label(key, lang).unwrap_or(key)
}

/// The label `key` in `lang` with its `{placeholders}` filled in from
/// `values`, in one pass (a value holding braces is never filled again);
/// a placeholder `values` lacks stays as written.
pub fn fill(key: &'static str, lang: Lang, values: &[(&str, &str)]) -> String {
    let mut out = String::new();
    let mut rest = get(key, lang);
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            values
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (*v, close))
        });
        match value {
            Some((value, close)) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Every label in `lang`.
pub fn all(lang: Lang) -> BTreeMap<&'static str, &'static str> {
    table(lang)
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect()
}

/// Every label in `lang`, as the template context's `labels`.
#[cfg(test)]
pub(crate) fn to_json(lang: Lang) -> Value {
    let map: serde_json::Map<String, Value> = all(lang)
        .into_iter()
        .map(|(k, v)| (k.to_string(), Value::String(v.to_string())))
        .collect();
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_parses_and_has_every_key() {
        let keys = |lang| table(lang).keys().cloned().collect::<Vec<_>>();
        for (tag, path, text) in FILES {
            let lang: Lang = tag.parse().unwrap();
            // No key twice: TOML refuses it, so parsing proves it.
            let parsed: Table = toml::from_str(text).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert_eq!(
                parsed.keys().collect::<Vec<_>>(),
                keys(Lang::EN).iter().collect::<Vec<_>>(),
                "{path} has other keys (or another order) than data/labels/en.toml"
            );
            for (key, text) in &parsed {
                assert!(!text.trim().is_empty(), "{path}: `{key}` is empty");
            }
            assert_eq!(all(lang).len(), parsed.len());
        }
    }

    #[test]
    fn placeholders_are_the_same_in_every_language() {
        let placeholders = |text: &str| {
            let mut found: Vec<String> = text
                .split('{')
                .skip(1)
                .filter_map(|s| s.split_once('}').map(|(p, _)| p.to_string()))
                .collect();
            found.sort();
            found
        };
        for (key, en) in table(Lang::EN) {
            for lang in built_in_languages() {
                let other = label(key, lang).unwrap();
                assert_eq!(placeholders(other), placeholders(en), "{key} in {lang}");
            }
        }
    }

    #[test]
    fn lookup_by_language() {
        assert_eq!(label("features", Lang::ZH), Some("主要特性"));
        assert_eq!(label("features", Lang::EN), Some("Main features"));
        assert_eq!(label("no-such-label", Lang::EN), None);
        assert_eq!(get("no such label", Lang::ZH), "no such label");
        assert_eq!(to_json(Lang::EN)["known_issues"], "Known issues");
        assert_eq!(label("colon", Lang::EN), Some(": "));
        assert_eq!(label("colon", Lang::ZH), Some("："));
        assert_eq!(
            fill(
                "draft_only_arch",
                Lang::EN,
                &[("line", "{arch} x"), ("arch", "arm64")]
            ),
            "{arch} x (arm64 only)"
        );
        assert_eq!(fill("only_arch", Lang::ZH, &[]), "仅 {arch} 架构");
    }

    #[test]
    fn a_projects_labels_lie_over_english_and_name_what_fell_back() {
        let id: Lang = "id".parse().unwrap();
        assert!(!has_labels(id));
        let given: Table = toml::from_str("features = \"Fitur utama\"").unwrap();
        let missing = install(id, &given);
        assert!(has_labels(id));
        assert_eq!(missing.len(), keys().count() - 1);
        assert!(!missing.contains(&"features".to_string()));
        assert_eq!(label("features", id), Some("Fitur utama"));
        assert_eq!(label("known_issues", id), Some("Known issues"));
        assert_eq!(label("language_name", id), Some("id"));
        let printed = to_toml(id);
        assert!(
            printed.contains("features = \"Fitur utama\"\n"),
            "{printed}"
        );
        let reread: Table = toml::from_str(&printed).unwrap();
        assert_eq!(reread.len(), keys().count());
        // Laid over a built-in language, a missing key keeps its own label.
        let ja: Lang = "ja".parse().unwrap();
        let given: Table = toml::from_str("features = \"機能\"").unwrap();
        assert_eq!(install(ja, &given), Vec::<String>::new());
        assert_eq!(label("known_issues", ja), Some("既知の問題"));
    }
}
