//! The words relnotes writes around the records' own texts — headings,
//! table heads, change markers, the lines `new` and `sync` draft — in every
//! language, shared by text reports and pages. They are data: one file per
//! language, `data/labels/<lang>.toml`, embedded in the binary and parsed
//! once. Pages get them all as `labels` in the template context
//! (docs/templates.md).
//!
//! `{product}`, `{from}`, `{to}`, `{arch}`, `{n}` … in a label are filled in
//! by the caller.

use crate::record::Lang;
use indexmap::IndexMap;
use serde_json::{Map, Value};
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The built-in label files, by language.
const FILES: [(Lang, &str, &str); 2] = [
    (
        Lang::Zh,
        "data/labels/zh.toml",
        include_str!("../../../data/labels/zh.toml"),
    ),
    (
        Lang::En,
        "data/labels/en.toml",
        include_str!("../../../data/labels/en.toml"),
    ),
];

/// One language's labels, key → text, in the file's order.
type Table = IndexMap<String, String>;

/// The labels of `lang`. Looked up for every cell of every table: by
/// hash, and parsed once.
fn table(lang: Lang) -> &'static Table {
    static TABLES: OnceLock<[Table; 2]> = OnceLock::new();
    let tables = TABLES.get_or_init(|| {
        FILES.map(|(_, path, text)| {
            // Embedded and checked by the tests: a broken file is a bug
            // of this build, not something a user can cause.
            toml::from_str(text).unwrap_or_else(|e| panic!("{path}: {e}"))
        })
    });
    let at = FILES.iter().position(|(l, _, _)| *l == lang);
    &tables[at.expect("every language has a label file")]
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
pub fn to_json(lang: Lang) -> Value {
    let map: Map<String, Value> = all(lang)
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
        for (lang, path, text) in FILES {
            // No key twice: TOML refuses it, so parsing proves it.
            let parsed: Table = toml::from_str(text).unwrap_or_else(|e| panic!("{path}: {e}"));
            assert_eq!(
                parsed.keys().collect::<Vec<_>>(),
                keys(Lang::En).iter().collect::<Vec<_>>(),
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
        for (key, en) in table(Lang::En) {
            for lang in Lang::ALL {
                let other = label(key, lang).unwrap();
                assert_eq!(placeholders(other), placeholders(en), "{key} in {lang}");
            }
        }
    }

    #[test]
    fn lookup_by_language() {
        assert_eq!(label("features", Lang::Zh), Some("主要特性"));
        assert_eq!(label("features", Lang::En), Some("Main features"));
        assert_eq!(label("no-such-label", Lang::En), None);
        assert_eq!(get("no such label", Lang::Zh), "no such label");
        assert_eq!(to_json(Lang::En)["known_issues"], "Known issues");
        assert_eq!(label("colon", Lang::En), Some(": "));
        assert_eq!(label("colon", Lang::Zh), Some("："));
        assert_eq!(
            fill(
                "draft_only_arch",
                Lang::En,
                &[("line", "{arch} x"), ("arch", "arm64")]
            ),
            "{arch} x (arm64 only)"
        );
        assert_eq!(fill("only_arch", Lang::Zh, &[]), "仅 {arch} 架构");
    }
}
