//! Headings and words of diff reports, in every language.
//!
//! Text reports and diff pages use the same words; pages get them all as
//! `labels` in the template context.

use crate::record::Lang;
use std::collections::BTreeMap;

/// `(key, zh, en)`. `{product}`, `{from}`, `{to}`, `{arch}` and `{n}` are
/// filled in by the caller.
const LABELS: &[(&str, &str, &str)] = &[
    (
        "title",
        "{product} {from} → {to} 变更",
        "{product}: changes from {from} to {to}",
    ),
    ("only_arch", "仅 {arch} 架构", "{arch} only"),
    ("archs", "架构", "Architectures"),
    ("arch", "架构", "Architecture"),
    ("archs_added", "新增", "added"),
    ("archs_removed", "移除", "removed"),
    ("archs_common", "共有", "in both"),
    ("arch_new", "新增架构", "new architecture"),
    ("arch_dropped", "已移除的架构", "architecture removed"),
    ("attention", "注意", "Attention"),
    ("components", "组件", "Components"),
    ("component", "组件", "Component"),
    ("ecosystem", "生态", "Ecosystem"),
    ("change", "变化", "Change"),
    ("no_component_changes", "组件无变化", "No component changes"),
    ("marker_downgraded", "▼ DOWNGRADE", "▼ DOWNGRADE"),
    ("marker_upgraded", "▲", "▲"),
    ("marker_added", "+", "+"),
    ("marker_removed", "-", "-"),
    ("marker_unchanged", "=", "="),
    ("downgraded", "降级", "Downgraded"),
    ("upgraded", "升级", "Upgraded"),
    ("added", "新增", "Added"),
    ("removed", "移除", "Removed"),
    ("unchanged", "未变", "Unchanged"),
    ("changed", "修改", "Changed"),
    ("other_changes", "其他变化", "Other changes"),
    ("no_other_changes", "无其他变化", "No other changes"),
    ("driver", "驱动要求", "Driver requirements"),
    ("driver_cuda", "CUDA 基础版本", "CUDA base"),
    ("driver_min", "最低驱动版本", "Minimum driver release"),
    (
        "driver_datacenter",
        "数据中心 GPU 驱动分支",
        "Data-center driver branches",
    ),
    (
        "driver_upgrade_from",
        "需升级的驱动分支",
        "Branches to upgrade from",
    ),
    (
        "driver_not_forward_compatible_with",
        "不向前兼容的 CUDA 版本",
        "Not forward-compatible with CUDA",
    ),
    ("driver_wording", "说明文字", "Wording"),
    ("none_value", "无", "none"),
    ("assets", "资源", "Assets"),
    ("suits", "适用于", "Suitable for"),
    ("not_suits", "不适用于", "Not suitable for"),
    ("note", "说明", "Note"),
    ("features", "主要特性", "Main features"),
    ("bug_fixes", "缺陷修复", "Bug fixes"),
    ("bug_fixes_none", "声明为无", "Stated as none"),
    ("known_issues", "已知问题", "Known issues"),
    ("includes", "另含", "Also included"),
    (
        "env",
        "本镜像内置环境变量",
        "Built-in environment variables",
    ),
    ("gpus", "支持的 GPU", "Supported GPUs"),
    ("ports", "端口", "Ports"),
    ("sections", "章节", "Sections"),
    ("section_title", "标题", "Title"),
    ("section_body", "正文", "Body"),
    ("unchanged_count", "{n} 项未变", "{n} unchanged"),
    ("legend", "图例", "Legend"),
    ("inserted", "新增文字", "inserted text"),
    ("deleted", "删除文字", "deleted text"),
    ("other_language", "English", "中文"),
];

/// The label `key` in `lang`; the key itself when there is no such label.
pub fn get(key: &'static str, lang: Lang) -> &'static str {
    LABELS
        .iter()
        .find(|(k, _, _)| *k == key)
        .map(|(_, zh, en)| match lang {
            Lang::Zh => *zh,
            Lang::En => *en,
        })
        .unwrap_or(key)
}

/// Every label in `lang`, for templates.
pub fn all(lang: Lang) -> BTreeMap<&'static str, &'static str> {
    LABELS
        .iter()
        .map(|(k, zh, en)| (*k, if lang == Lang::Zh { *zh } else { *en }))
        .collect()
}

/// The label of a change, with its marker (`▼ DOWNGRADE 降级`, `▲ Upgraded`).
pub fn change_heading(change: super::Change, lang: Lang) -> String {
    use super::Change::*;
    let (marker, word) = match change {
        Downgraded => ("marker_downgraded", "downgraded"),
        Upgraded => ("marker_upgraded", "upgraded"),
        Added => ("marker_added", "added"),
        Removed => ("marker_removed", "removed"),
        Unchanged => ("marker_unchanged", "unchanged"),
    };
    let marker = get(marker, lang);
    if change == Downgraded && lang == Lang::En {
        return marker.to_string();
    }
    format!("{marker} {}", get(word, lang))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_has_both_languages_and_a_unique_key() {
        let mut keys = std::collections::HashSet::new();
        for (key, zh, en) in LABELS {
            assert!(keys.insert(*key), "label `{key}` twice");
            assert!(
                !zh.trim().is_empty() && !en.trim().is_empty(),
                "label `{key}`"
            );
        }
        assert_eq!(all(Lang::En).len(), LABELS.len());
    }

    #[test]
    fn downgrade_heading_is_loud_in_both_languages() {
        use super::super::Change;
        assert_eq!(change_heading(Change::Downgraded, Lang::En), "▼ DOWNGRADE");
        assert_eq!(
            change_heading(Change::Downgraded, Lang::Zh),
            "▼ DOWNGRADE 降级"
        );
        assert_eq!(change_heading(Change::Upgraded, Lang::Zh), "▲ 升级");
        assert_eq!(get("no such label", Lang::Zh), "no such label");
    }
}
