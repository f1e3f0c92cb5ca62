//! The change lines of a draft, in the voice of the product's records:
//! `vLLM升级至0.11.0` / `vLLM upgraded to 0.11.0`, `移除deepspeed` /
//! `deepspeed removed`, and a downgrade said as one.

use model::{Lang, Text};
use pages::{Change, ComponentChange, ReleaseDiff};

/// One line per change of the diff: a change every arch shares is said
/// once, one that differs per arch is said per arch. Downgrades first,
/// then upgrades, additions and removals, each in the record's order;
/// architectures the new release no longer has last.
pub(crate) fn change_lines(diff: &ReleaseDiff, langs: &[Lang]) -> Vec<Text> {
    let archs = &diff.archs.common;
    let mut lines = Vec::new();
    for change in [
        Change::Downgraded,
        Change::Upgraded,
        Change::Added,
        Change::Removed,
    ] {
        let mut said: Vec<(&str, Option<&str>)> = Vec::new();
        for c in diff
            .components
            .iter()
            .filter(|c| c.change == change && archs.contains(&c.arch))
        {
            let key = (c.name.as_str(), c.to.as_deref());
            if said.contains(&key) {
                continue;
            }
            let everywhere = archs.iter().all(|arch| {
                diff.components.iter().any(|o| {
                    &o.arch == arch && o.change == change && o.name == c.name && o.to == c.to
                })
            });
            if everywhere {
                said.push(key);
                lines.push(line(c, None, langs));
            } else {
                lines.push(line(c, Some(&c.arch), langs));
            }
        }
    }
    for arch in &diff.archs.removed {
        lines.push(said(
            "draft_arch_removed",
            &[("arch", arch.as_str())],
            langs,
        ));
    }
    lines
}

fn line(c: &ComponentChange, arch: Option<&str>, langs: &[Lang]) -> Text {
    let to = c.to.as_deref().unwrap_or_default();
    let key = match c.change {
        Change::Upgraded => "draft_upgraded",
        Change::Downgraded => "draft_downgraded",
        Change::Added => "draft_added",
        Change::Removed | Change::Unchanged => "draft_removed",
    };
    let line = said(key, &[("name", c.name.as_str()), ("to", to)], langs);
    match arch {
        None => line,
        Some(arch) => line.map(|lang, line| {
            model::fill_label("draft_only_arch", lang, &[("line", line), ("arch", arch)])
        }),
    }
}

/// The label `key` in each of `langs`, its `{placeholders}` filled in.
fn said(key: &'static str, values: &[(&str, &str)], langs: &[Lang]) -> Text {
    Text::from_pairs(
        langs
            .iter()
            .map(|&l| (l, model::fill_label(key, l, values))),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use model::{Release, Workspace};

    fn release(version: &str, archs: &str, components: &str) -> Release {
        toml::from_str(&format!(
            "version = \"{version}\"\narchs = [{archs}]\ntitle = {{ zh = \"t\", en = \"t\" }}\n{components}"
        ))
        .unwrap()
    }

    fn lines(from: &Release, to: &Release) -> Vec<(String, String)> {
        let ws = Workspace::open(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
            .unwrap();
        let diff = pages::diff(&ws.project, from, to, None).unwrap();
        change_lines(&diff, &[Lang::ZH, Lang::EN])
            .into_iter()
            .map(|t| (t.side(Lang::ZH).to_string(), t.side(Lang::EN).to_string()))
            .collect()
    }

    #[test]
    fn each_change_said_once_in_both_languages() {
        let from = release(
            "1.0",
            "\"amd64\", \"aarch64\"",
            "[components]\nvllm = \"0.11.0\"\ndeepspeed = \"0.16.9\"\ntransformers = \"4.56.1+ali\"\n[arch.amd64.components]\nperf = \"5.4.30\"\n",
        );
        let to = release(
            "1.1",
            "\"amd64\", \"aarch64\"",
            "[components]\nvllm = \"0.12.0\"\ntransformers = \"4.56.1\"\nray = \"2.50.1\"\n[arch.amd64.components]\nperf = \"5.4.31\"\n",
        );
        let pair = |zh: &str, en: &str| (zh.to_string(), en.to_string());
        assert_eq!(
            lines(&from, &to),
            [
                pair(
                    "transformers降级至4.56.1",
                    "transformers downgraded to 4.56.1"
                ),
                pair(
                    "perf升级至5.4.31(仅amd64)",
                    "perf upgraded to 5.4.31 (amd64 only)"
                ),
                pair("vllm升级至0.12.0", "vllm upgraded to 0.12.0"),
                pair("新增ray 2.50.1", "ray 2.50.1 added"),
                pair("移除deepspeed", "deepspeed removed"),
            ]
        );
    }

    #[test]
    fn a_dropped_architecture_is_said() {
        let from = release(
            "1.0",
            "\"amd64\", \"aarch64\"",
            "[components]\nvllm = \"0.11.0\"\n",
        );
        let to = release("1.1", "\"amd64\"", "[components]\nvllm = \"0.11.0\"\n");
        assert_eq!(
            lines(&from, &to),
            [(
                "不再提供aarch64架构".to_string(),
                "The aarch64 architecture is no longer provided".to_string()
            )]
        );
    }
}
