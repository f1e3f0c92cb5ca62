//! The words of the site's own pages (index, matrix, chooser, navigation),
//! in both languages. Release and diff pages keep the render stage's labels.
//!
//! `{product}`, `{from}`, `{arch}` in a label are filled in by the caller.

use crate::record::Lang;
use serde_json::{Map, Value};

/// `(key, zh, en)`.
pub const SITE_LABELS: &[(&str, &str, &str)] = &[
    (
        "site_title",
        "{product} 版本发布记录",
        "{product} release notes",
    ),
    ("site_nav", "站点导航", "Site"),
    ("all_releases", "全部版本", "All releases"),
    ("matrix", "支持矩阵", "Support matrix"),
    (
        "matrix_title",
        "{product} 支持矩阵",
        "{product} support matrix",
    ),
    (
        "matrix_intro",
        "每列一个版本（最新的在最左），每行一个组件。标记表示与右侧相邻的上一版本相比的变化。",
        "One column per release (newest first), one row per component. Marks show the change from the previous release, the column to its right.",
    ),
    (
        "matrix_caption",
        "{arch} 架构：各版本的 CUDA、驱动与组件版本",
        "{arch}: CUDA, driver and component versions per release",
    ),
    (
        "releases_caption",
        "全部版本，最新的在前",
        "Every release, newest first",
    ),
    ("release", "版本", "Release"),
    ("date", "发布日期", "Date"),
    ("cuda_short", "CUDA", "CUDA"),
    ("driver_short", "最低驱动", "Minimum driver"),
    (
        "matrix_cuda",
        "CUDA（驱动要求）",
        "CUDA (driver requirements)",
    ),
    ("archs", "架构", "Architectures"),
    ("changes", "变更", "Changes"),
    (
        "changes_since",
        "相对 {from} 的变更",
        "Changes since {from}",
    ),
    ("sbom_of", "SBOM（{arch}）", "SBOM ({arch})"),
    ("unknown", "—", "—"),
    ("not_stated", "未注明", "not stated"),
    ("choose_language", "选择语言", "Choose a language"),
    ("legend", "图例", "Legend"),
    ("chg_upgraded", "升级", "upgraded"),
    ("chg_downgraded", "降级", "downgraded"),
    ("chg_added", "新增", "added"),
    ("chg_removed", "移除", "removed"),
    ("from_version", "原为", "was"),
    ("component", "组件", "Component"),
];

/// The marker shown beside a changed cell, by change.
pub fn marker(change: &str) -> &'static str {
    match change {
        "upgraded" => "▲",
        "downgraded" => "▼",
        "added" => "+",
        "removed" => "−",
        _ => "",
    }
}

/// The label `key` in `lang`; panics on a key not in the table (a bug).
pub fn get(key: &str, lang: Lang) -> &'static str {
    let (_, zh, en) = SITE_LABELS
        .iter()
        .find(|(k, _, _)| *k == key)
        .unwrap_or_else(|| panic!("no site label `{key}`"));
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// Adds every site label to a page's `labels` object.
pub fn extend(labels: &mut Map<String, Value>, lang: Lang, product: &str) {
    for (key, _, _) in SITE_LABELS {
        labels.insert(
            (*key).to_string(),
            Value::String(get(key, lang).replace("{product}", product)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_unique_and_translated() {
        let mut keys: Vec<&str> = SITE_LABELS.iter().map(|(k, _, _)| *k).collect();
        keys.sort_unstable();
        let before = keys.len();
        keys.dedup();
        assert_eq!(before, keys.len());
        assert!(
            SITE_LABELS
                .iter()
                .all(|(_, zh, en)| !zh.is_empty() && !en.is_empty())
        );
    }
}
