//! The words relnotes writes around the records' own texts — headings,
//! table heads, change markers — in every language, in one table shared by
//! text reports and pages. Pages get them all as `labels` in the template
//! context (docs/templates.md).
//!
//! `{product}`, `{from}`, `{to}`, `{arch}` and `{n}` in a label are filled in
//! by the caller.

use crate::record::Lang;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashMap};

/// `(key, zh, en)`.
pub const LABELS: &[(&str, &str, &str)] = &[
    // The language switch: the other language's name, in that language.
    ("language_name", "中文", "English"),
    ("language_switch", "语言", "Language"),
    ("contents_nav", "目录", "On this page"),
    ("release_date", "发布日期", "Release date"),
    (
        "draft_banner",
        "草稿:本页由镜像生成,尚未审阅",
        "Draft: generated from the image, not reviewed yet",
    ),
    // Release notes.
    ("features", "主要特性", "Main features"),
    ("bug_fixes", "缺陷修复", "Bug fixes"),
    ("none", "暂无", "None"),
    ("known_issues", "已知问题", "Known issues"),
    // Contents: per-arch facts and components.
    ("contents", "镜像内容", "Contents"),
    (
        "overview_caption",
        "各架构的应用场景、框架与运行要求",
        "Scenarios, framework and requirements per architecture",
    ),
    ("scenarios", "应用场景", "Scenarios"),
    ("framework", "框架", "Framework"),
    ("requirements", "运行要求", "Requirements"),
    ("components", "组件", "Components"),
    ("component", "组件", "Component"),
    (
        "components_caption",
        "各架构的核心组件版本",
        "Core component versions per architecture",
    ),
    ("absent", "不包含", "not included"),
    ("differs", "各架构不同", "differs between architectures"),
    ("differs_marker", "†", "†"),
    ("only_on", "仅", "only on"),
    ("includes", "另含", "Also included"),
    // Driver requirements.
    ("driver", "驱动要求", "Driver requirements"),
    ("cuda", "CUDA 版本", "CUDA version"),
    ("driver_min", "最低驱动版本", "Minimum driver release"),
    (
        "datacenter",
        "数据中心 GPU 可用驱动",
        "Data center GPUs may use",
    ),
    (
        "upgrade_from",
        "需升级的驱动分支",
        "Upgrade from these driver branches",
    ),
    (
        "not_forward_compatible",
        "不向前兼容",
        "not forward-compatible with",
    ),
    // Assets.
    ("assets", "资源", "Assets"),
    ("image", "镜像", "Image"),
    ("pull", "拉取命令", "Pull command"),
    ("suits", "适用于", "Suitable for"),
    ("not_suits", "不适用于", "Not suitable for"),
    ("vpc_image", "VPC镜像", "VPC image"),
    ("examples", "例如", "for example"),
    // Environment, GPUs, ports.
    (
        "env",
        "本镜像内置环境变量",
        "Built-in environment variables",
    ),
    ("env_name", "变量", "Variable"),
    ("env_value", "默认值", "Default value"),
    ("description", "说明", "Description"),
    ("gpus", "支持的 GPU", "Supported GPUs"),
    ("gpu", "GPU", "GPU"),
    ("gpu_architecture", "架构", "Architecture"),
    ("compute_capability", "计算能力", "Compute capability"),
    ("ports", "端口", "Ports"),
    ("service", "服务", "Service"),
    ("container_port", "容器端口", "Container port"),
    ("host_port", "主机端口", "Host port"),
    // Punctuation.
    ("colon", "：", ": "),
    ("list_separator", "、", ", "),
    // Diff reports and pages.
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
    ("driver_cuda", "CUDA 基础版本", "CUDA base"),
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
    ("note", "说明", "Note"),
    ("bug_fixes_none", "声明为无", "Stated as none"),
    ("sections", "章节", "Sections"),
    ("section_title", "标题", "Title"),
    ("section_body", "正文", "Body"),
    ("unchanged_count", "{n} 项未变", "{n} unchanged"),
    ("legend", "图例", "Legend"),
    ("inserted", "新增文字", "inserted text"),
    ("deleted", "删除文字", "deleted text"),
    ("other_language", "English", "中文"),
    // The site's own pages (index, matrix, chooser, navigation); `{product}`
    // is filled in when a page is built.
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
        "每列一个版本（最新的在最左），每行一个组件。标记表示与上一版本相比的变化：右侧相邻的一列，每页最右一列则是较早一页上的上一版本。",
        "One column per release (newest first), one row per component. Marks show the change from the previous release: the column to its right or, for a page's last column, the release before it on the older page.",
    ),
    (
        "matrix_caption",
        "{arch} 架构：各版本的 CUDA、驱动与组件版本",
        "{arch}: CUDA, driver and component versions per release",
    ),
    // The paged support matrix: its overview, pages and first-shipped table.
    (
        "matrix_paged_year",
        "矩阵按发布年份分页：每年一页，版本多的年份分为几部分。",
        "The matrix is paged by year of release: a page per year, a busy year in several parts.",
    ),
    (
        "matrix_paged_major",
        "矩阵按主版本号分页：每个主版本一页，版本多的主版本分为几部分。",
        "The matrix is paged by major version: a page per major version, a long one in several parts.",
    ),
    ("matrix_pages", "矩阵分页", "Pages of the matrix"),
    (
        "matrix_pages_caption",
        "各分页及其版本，最新的在前",
        "Every page and its releases, newest first",
    ),
    ("matrix_page", "分页", "Page"),
    ("matrix_newest", "最新版本", "Newest release"),
    ("matrix_oldest", "最早版本", "Oldest release"),
    ("matrix_count", "版本数", "Releases"),
    (
        "matrix_page_title",
        "{product} 支持矩阵：{page}",
        "{product} support matrix: {page}",
    ),
    ("matrix_part", "{group}（第 {n} 部分）", "{group}, part {n}"),
    ("matrix_newer", "较新：{page}", "Newer: {page}"),
    ("matrix_older", "较早：{page}", "Older: {page}"),
    (
        "matrix_overview",
        "总览与全部分页",
        "Overview and all pages",
    ),
    ("matrix_pager", "矩阵翻页", "Matrix pages"),
    (
        "first_shipped_title",
        "各版本首次出现于哪个发布",
        "Which release first shipped each version",
    ),
    (
        "first_shipped_intro",
        "每个组件的每个主版本（及其各次版本）首次出现的发布，链接到该发布的页面。",
        "For every component, each major version (and each of its minor versions) with the release that first shipped it, linked to its page.",
    ),
    (
        "first_shipped_caption",
        "{arch} 架构：各主版本首次出现的发布",
        "{arch}: the release that first shipped each major version",
    ),
    ("major_version", "主版本", "Major version"),
    ("first_shipped", "首次出现于", "First shipped in"),
    (
        "minor_lines",
        "各次版本首次出现于",
        "Minor versions first shipped in",
    ),
    ("shipped_in", "于", "in"),
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
    ("chg_upgraded", "升级", "upgraded"),
    ("chg_downgraded", "降级", "downgraded"),
    ("chg_added", "新增", "added"),
    ("chg_removed", "移除", "removed"),
    ("from_version", "原为", "was"),
];

/// The label `key` in `lang`, if there is one.
pub fn label(key: &str, lang: Lang) -> Option<&'static str> {
    // Looked up for every cell of every table: by hash, not by scanning.
    static INDEX: std::sync::OnceLock<HashMap<&'static str, (&'static str, &'static str)>> =
        std::sync::OnceLock::new();
    let index = INDEX.get_or_init(|| {
        let mut index = HashMap::with_capacity(LABELS.len());
        for (k, zh, en) in LABELS.iter().rev() {
            // The first of a key wins, as a scan in order would find it.
            index.insert(*k, (*zh, *en));
        }
        index
    });
    index.get(key).map(|(zh, en)| match lang {
        Lang::Zh => *zh,
        Lang::En => *en,
    })
}

/// The label `key` in `lang`; the key itself when there is no such label.
pub fn get(key: &'static str, lang: Lang) -> &'static str {
    label(key, lang).unwrap_or(key)
}

/// Every label in `lang`.
pub fn all(lang: Lang) -> BTreeMap<&'static str, &'static str> {
    LABELS
        .iter()
        .map(|(k, zh, en)| (*k, if lang == Lang::Zh { *zh } else { *en }))
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
    use std::collections::HashSet;

    #[test]
    fn a_label_is_found_as_a_scan_in_order_finds_it() {
        for (key, _, _) in LABELS {
            for lang in [Lang::Zh, Lang::En] {
                let scanned = LABELS
                    .iter()
                    .find(|(k, _, _)| k == key)
                    .map(|(_, zh, en)| if lang == Lang::Zh { *zh } else { *en });
                assert_eq!(label(key, lang), scanned, "{key}");
            }
        }
        assert_eq!(label("no such label", Lang::En), None);
    }

    #[test]
    fn keys_are_unique_and_both_languages_are_written() {
        let mut seen = HashSet::new();
        for (key, zh, en) in LABELS {
            assert!(seen.insert(key), "duplicate label {key}");
            assert!(
                !zh.trim().is_empty() && !en.trim().is_empty(),
                "label {key} is missing a language"
            );
        }
        assert_eq!(all(Lang::En).len(), LABELS.len());
    }

    #[test]
    fn lookup_by_language() {
        assert_eq!(label("features", Lang::Zh), Some("主要特性"));
        assert_eq!(label("features", Lang::En), Some("Main features"));
        assert_eq!(label("no-such-label", Lang::En), None);
        assert_eq!(get("no such label", Lang::Zh), "no such label");
        assert_eq!(to_json(Lang::En)["known_issues"], "Known issues");
    }
}
