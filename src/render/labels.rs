//! Every UI string of the pages, in both languages, in one place.
//!
//! Templates read them as `labels.<key>` from the context or through the
//! `t` helper (`{{t "features"}}`). Page texts that come from a record are
//! never here: these are only the words around them.

use crate::record::Lang;
use serde_json::{Map, Value};

/// `(key, zh, en)`.
pub const LABELS: &[(&str, &str, &str)] = &[
    // The language switch: the other language's name, in that language.
    ("language_name", "中文", "English"),
    ("language_switch", "语言", "Language"),
    ("contents_nav", "目录", "On this page"),
    ("release_date", "发布日期", "Release date"),
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
];

/// The label `key` in `lang`, if there is one.
pub fn label(key: &str, lang: Lang) -> Option<&'static str> {
    LABELS
        .iter()
        .find(|(k, _, _)| *k == key)
        .map(|(_, zh, en)| match lang {
            Lang::Zh => *zh,
            Lang::En => *en,
        })
}

/// Every label in `lang`, for the template context.
pub fn labels(lang: Lang) -> Value {
    let mut map = Map::new();
    for (key, zh, en) in LABELS {
        let text = match lang {
            Lang::Zh => zh,
            Lang::En => en,
        };
        map.insert((*key).to_string(), Value::String((*text).to_string()));
    }
    Value::Object(map)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn keys_are_unique_and_both_languages_are_written() {
        let mut seen = HashSet::new();
        for (key, zh, en) in LABELS {
            assert!(seen.insert(key), "duplicate label {key}");
            assert!(
                !zh.is_empty() && !en.is_empty(),
                "label {key} is missing a language"
            );
        }
    }

    #[test]
    fn lookup_by_language() {
        assert_eq!(label("features", Lang::Zh), Some("主要特性"));
        assert_eq!(label("features", Lang::En), Some("Main features"));
        assert_eq!(label("no-such-label", Lang::En), None);
        assert_eq!(labels(Lang::En)["known_issues"], "Known issues");
    }
}
