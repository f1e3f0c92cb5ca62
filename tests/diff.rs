//! Integration tests: diff. Its usage errors are cases in tests/cmd/
//! (`diff-*`).

use crate::util::{html5_parse_errors, relnotes, relnotes_in, root, stdout_of, xml_well_formed};
use serde_json::Value;
use std::collections::BTreeSet;
use std::fs;

fn diff(args: &[&str]) -> String {
    stdout_of(relnotes().arg("diff").args(args))
}

fn diff_json(from: &str, to: &str, extra: &[&str]) -> Value {
    let mut args = vec![from, to, "--format", "json"];
    args.extend_from_slice(extra);
    serde_json::from_str(&diff(&args)).expect("diff --format json is JSON")
}

/// The entry of component `name` on `arch`; exactly one must exist.
fn entry<'a>(json: &'a Value, arch: &str, name: &str) -> &'a Value {
    let found: Vec<&Value> = json["components"]
        .as_array()
        .expect("components array")
        .iter()
        .filter(|c| c["arch"] == arch && c["name"] == name)
        .collect();
    assert_eq!(found.len(), 1, "{name} on {arch}: {found:?}");
    found[0]
}

/// PEP 503 as the records use it for pypi names (enough for these records).
fn normalise(name: &str) -> String {
    name.to_lowercase().replace(['_', '.'], "-")
}

/// Every normalised component name of `arch` in `releases/<version>.toml`.
fn declared(version: &str, arch: &str) -> BTreeSet<String> {
    let text = fs::read_to_string(root().join(format!("releases/{version}.toml"))).unwrap();
    let record: toml::Table = toml::from_str(&text).unwrap();
    let archs: Vec<&str> = record["archs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    if !archs.contains(&arch) {
        return BTreeSet::new();
    }
    let mut names: BTreeSet<String> = record
        .get("components")
        .and_then(|c| c.as_table())
        .map(|t| t.keys().map(|k| normalise(k)).collect())
        .unwrap_or_default();
    if let Some(extra) = record
        .get("arch")
        .and_then(|a| a.get(arch))
        .and_then(|a| a.get("components"))
        .and_then(|c| c.as_table())
    {
        names.extend(extra.keys().map(|k| normalise(k)));
    }
    names
}

#[test]
fn json_25_05_to_25_10_holds_the_published_facts() {
    let json = diff_json("25.05", "25.10", &[]);
    assert_eq!(json["from"], "25.05");
    assert_eq!(json["to"], "25.10");
    assert_eq!(
        json["archs"],
        serde_json::json!({ "added": ["aarch64"], "removed": [], "common": ["amd64"] })
    );

    let cuda = entry(&json, "amd64", "CUDA");
    assert_eq!(
        (
            &cuda["from"],
            &cuda["to"],
            &cuda["change"],
            &cuda["ecosystem"]
        ),
        (
            &"12.9.0".into(),
            &"12.8".into(),
            &"downgraded".into(),
            &"cuda".into()
        )
    );
    let torch = entry(&json, "amd64", "torch");
    assert_eq!(
        (
            &torch["from"],
            &torch["to"],
            &torch["change"],
            &torch["ecosystem"]
        ),
        (
            &"2.6.0.7.post1".into(),
            &"2.8.0.9+nv25.3".into(),
            &"upgraded".into(),
            &"pypi".into()
        )
    );
    for name in ["triton", "perf"] {
        let c = entry(&json, "amd64", name);
        assert_eq!(
            (&c["change"], &c["from"]),
            (&"added".into(), &Value::Null),
            "{c}"
        );
    }
    let pt = entry(&json, "aarch64", "pytorch-triton");
    assert_eq!(
        (&pt["change"], &pt["to"]),
        (&"added".into(), &"3.4.0".into())
    );
    for c in json["components"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["arch"] == "aarch64")
    {
        assert_eq!(c["change"], "added", "a new arch has only additions: {c}");
        assert_eq!(c["from"], Value::Null, "{c}");
    }
    assert!(
        json["components"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["arch"] != "aarch64" || c["name"] != "triton")
    );
    assert!(
        json["components"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["arch"] != "amd64" || c["name"] != "pytorch-triton")
    );

    assert_eq!(
        json["driver"]["cuda"],
        serde_json::json!({ "from": "12.9.0", "to": "12.8.0", "change": "downgraded" })
    );
    assert_eq!(json["driver"]["min"]["change"], "unchanged");
    assert_eq!(json["bug_fixes"]["none"]["to"]["zh"], "暂无");
    assert_eq!(json["env"]["added"][0]["name"], "NCCL_SOCKET_IFNAME");
    assert_eq!(json["known_issues"]["removed"].as_array().unwrap().len(), 1);
}

#[test]
fn json_has_exactly_one_entry_per_component_per_arch() {
    let json = diff_json("25.05", "25.10", &[]);
    for arch in ["aarch64", "amd64"] {
        let entries: Vec<String> = json["components"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["arch"] == arch)
            .map(|c| normalise(c["name"].as_str().unwrap()))
            .collect();
        let unique: BTreeSet<String> = entries.iter().cloned().collect();
        assert_eq!(
            entries.len(),
            unique.len(),
            "{arch}: a component twice in {entries:?}"
        );
        let expected: BTreeSet<String> = declared("25.05", arch)
            .union(&declared("25.10", arch))
            .cloned()
            .collect();
        assert_eq!(unique, expected, "{arch}");
    }
}

#[test]
fn json_fields_are_in_a_fixed_order() {
    let out = diff(&["25.05", "25.10", "--format", "json"]);
    assert!(out.ends_with("}\n"), "one trailing newline");
    let keys: Vec<&str> = out
        .lines()
        .filter_map(|l| l.strip_prefix("  \"")?.split_once("\":").map(|(k, _)| k))
        .collect();
    assert_eq!(
        keys,
        [
            "from",
            "to",
            "archs",
            "components",
            "driver",
            "assets",
            "features",
            "bug_fixes",
            "known_issues",
            "includes",
            "env",
            "gpus",
            "ports",
            "sections"
        ]
    );
    let first = out
        .find("    {\n      \"name\"")
        .expect("component entries");
    let entry = &out[first..first + out[first..].find("    }").unwrap()];
    let order: Vec<usize> = [
        "\"name\"",
        "\"arch\"",
        "\"ecosystem\"",
        "\"from\"",
        "\"to\"",
        "\"change\"",
    ]
    .iter()
    .map(|k| entry.find(k).unwrap_or_else(|| panic!("{k} in {entry}")))
    .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{entry}");
}

#[test]
fn text_shows_the_downgrade_loud_and_first() {
    let out = diff(&["25.05", "25.10"]);
    assert!(
        out.starts_with("training-nv-pytorch 25.05 → 25.10 变更\n"),
        "{out}"
    );
    // Called out before any arch, and first within its arch.
    let attention = out
        .find("▼ DOWNGRADE  CUDA 12.9.0 → 12.8 (amd64)")
        .expect(&out);
    let amd64 = out.find("[amd64]").expect(&out);
    assert!(
        attention < out.find("[aarch64]").unwrap() && attention < amd64,
        "{out}"
    );
    let block = &out[amd64..];
    let down = block.find("▼ DOWNGRADE 降级 (1)").expect(&out);
    let up = block.find("▲ 升级 (1)").expect(&out);
    let added = block.find("+ 新增 (25)").expect(&out);
    assert!(down < up && up < added, "{out}");
    assert!(
        block.contains("torch                     2.6.0.7.post1 → 2.8.0.9+nv25.3"),
        "{out}"
    );
    assert!(
        out.contains("驱动要求\n  ▼ DOWNGRADE CUDA 基础版本: 12.9.0 → 12.8.0\n"),
        "{out}"
    );

    let en = diff(&["25.05", "25.10", "--lang", "en"]);
    assert!(
        en.starts_with("training-nv-pytorch: changes from 25.05 to 25.10\n"),
        "{en}"
    );
    assert!(en.contains("  ▼ DOWNGRADE (1)\n    CUDA "), "{en}");
    assert!(en.contains("Driver requirements\n"), "{en}");
}

#[test]
fn snapshot_text_zh() {
    insta::assert_snapshot!("diff_25.05_25.10.zh.txt", diff(&["25.05", "25.10"]));
}

#[test]
fn snapshot_text_en() {
    insta::assert_snapshot!(
        "diff_25.05_25.10.en.txt",
        diff(&["25.05", "25.10", "--lang", "en"])
    );
}

#[test]
fn snapshot_json() {
    insta::assert_snapshot!(
        "diff_25.05_25.10.json",
        diff(&["25.05", "25.10", "--format", "json"])
    );
}

#[test]
fn snapshot_markdown_en() {
    insta::assert_snapshot!(
        "diff_25.05_25.10.en.md",
        diff(&["25.05", "25.10", "--format", "md", "--lang", "en"])
    );
}

#[test]
fn one_arch_only() {
    let json = diff_json("25.05", "25.10", &["--arch", "aarch64"]);
    let components = json["components"].as_array().unwrap();
    assert!(!components.is_empty());
    assert!(components.iter().all(|c| c["arch"] == "aarch64"), "{json}");
    assert_eq!(
        json["archs"],
        serde_json::json!({ "added": ["aarch64"], "removed": [], "common": [] })
    );
    entry(&json, "aarch64", "pytorch-triton");

    let amd64 = diff_json("25.05", "25.10", &["--arch", "amd64"]);
    assert_eq!(entry(&amd64, "amd64", "CUDA")["change"], "downgraded");
    assert!(
        amd64["components"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["arch"] == "amd64")
    );

    let text = diff(&["25.05", "25.10", "--arch", "aarch64", "--lang", "en"]);
    assert!(
        text.contains("(aarch64 only)") && text.contains("[aarch64] new architecture: +26"),
        "{text}"
    );
    assert!(!text.contains("[amd64]"), "{text}");
}

#[test]
fn reversed_diff_turns_upgrades_into_downgrades() {
    let json = diff_json("25.10", "25.05", &[]);
    assert_eq!(
        json["archs"],
        serde_json::json!({ "added": [], "removed": ["aarch64"], "common": ["amd64"] })
    );
    let cuda = entry(&json, "amd64", "CUDA");
    assert_eq!(
        (&cuda["from"], &cuda["to"], &cuda["change"]),
        (&"12.8".into(), &"12.9.0".into(), &"upgraded".into())
    );
    let torch = entry(&json, "amd64", "torch");
    assert_eq!(torch["change"], "downgraded");
    assert_eq!(entry(&json, "amd64", "triton")["change"], "removed");
    for c in json["components"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["arch"] == "aarch64")
    {
        assert_eq!(
            (&c["change"], &c["to"]),
            (&"removed".into(), &Value::Null),
            "{c}"
        );
    }
    assert_eq!(json["driver"]["cuda"]["change"], "upgraded");

    let text = diff(&["25.10", "25.05", "--lang", "en"]);
    assert!(
        text.contains("▼ DOWNGRADE  torch 2.8.0.9+nv25.3 → 2.6.0.7.post1 (amd64)"),
        "{text}"
    );
    assert!(
        text.contains("[aarch64] architecture removed: -26"),
        "{text}"
    );
}

#[test]
fn same_input_gives_the_same_bytes() {
    for format in ["text", "json", "md", "html"] {
        for lang in ["zh", "en"] {
            let run = || {
                let out = relnotes()
                    .args(["diff", "25.05", "25.10", "--format", format, "--lang", lang])
                    .output()
                    .unwrap();
                assert!(out.status.success());
                out.stdout
            };
            assert_eq!(run(), run(), "{format} {lang}");
        }
    }
}

#[test]
fn markdown_marks_downgrades_and_links_the_other_language() {
    let zh = diff(&["25.05", "25.10", "--format", "md"]);
    assert!(
        zh.starts_with("# training-nv-pytorch 25.05 → 25.10 变更\n"),
        "{zh}"
    );
    assert!(zh.contains("[English](25.05..25.10.en.md)"), "{zh}");
    assert!(
        zh.contains("| **CUDA** | cuda | **12.9.0** | **12.8** | ⚠ **▼ DOWNGRADE 降级** |"),
        "{zh}"
    );
    assert!(zh.contains("> - ⚠ **CUDA 12.9.0 → 12.8** (amd64)"), "{zh}");
    assert!(
        zh.contains("| torch | pypi | 2.6.0.7.post1 | 2.8.0.9+nv25.3 | ▲ 升级 |"),
        "{zh}"
    );
    assert!(
        zh.contains("<pre class=\"word-diff\">") && zh.contains("<del>") && zh.contains("<ins>"),
        "{zh}"
    );
}

#[test]
fn html_is_well_formed_accessible_and_marks_downgrades() {
    for (lang, other) in [("zh", "en"), ("en", "zh")] {
        let html = diff(&["25.05", "25.10", "--format", "html", "--lang", lang]);
        let errors = html5_parse_errors(&html);
        assert!(errors.is_empty(), "{lang}: html5ever reports {errors:?}");
        let elements = xml_well_formed(&html).unwrap_or_else(|e| panic!("{lang}: {e}"));
        assert!(elements > 100, "{elements}");
        assert!(
            html.starts_with("<!DOCTYPE html>\n<html lang=\"")
                && html.contains(&format!("<html lang=\"{lang}\">"))
        );
        let alternate = format!(
            "<link rel=\"alternate\" hreflang=\"{other}\" href=\"25.05..25.10.{other}.html\" />"
        );
        assert!(html.contains(&alternate), "{lang}: {alternate}");
        assert!(
            html.contains("<style>") && html.contains(".diff-page tr.change-downgraded"),
            "page shell and styles"
        );
        assert!(html.contains("prefers-color-scheme: dark") && html.contains("@media print"));
        assert_eq!(
            html.matches("<caption>").count(),
            2,
            "one captioned table per arch"
        );
        assert!(
            html.contains("<th scope=\"col\">") && html.contains("<th scope=\"row\">CUDA</th>")
        );
        // The downgrade row: a class for colour and the words for everyone.
        let row = html
            .find("<tr class=\"change-downgraded\">")
            .expect("downgrade row");
        let row = &html[row..row + html[row..].find("</tr>").unwrap()];
        assert!(
            row.contains("<th scope=\"row\">CUDA</th>")
                && row.contains("12.9.0")
                && row.contains("12.8"),
            "{row}"
        );
        assert!(
            row.contains("<strong class=\"downgrade-marker\">▼ DOWNGRADE"),
            "{row}"
        );
        assert!(
            html.contains("<section id=\"attention\" class=\"attention\""),
            "{lang}"
        );
        // Section bodies as word diffs.
        assert!(
            html.contains("<pre class=\"word-diff\">")
                && html.contains("<del>")
                && html.contains("<ins>")
        );
    }
    let en = diff(&["25.05", "25.10", "--format", "html", "--lang", "en"]);
    assert!(
        en.contains("<del>Golden-25.05</del><ins>25.10</ins>"),
        "word diff of e2e-evaluation"
    );
    assert!(
        en.contains("<h4>E2E performance benefit evaluation <code>e2e-evaluation</code></h4>"),
        "same English title"
    );
    let zh = diff(&["25.05", "25.10", "--format", "html"]);
    assert!(
        zh.contains("<h4>E2E性能<del>收</del>益评估 <code>e2e-evaluation</code></h4>"),
        "Chinese title diff"
    );
}

#[test]
fn example_project_v2_7_to_v2_9() {
    let example = root().join("examples/pytorch-cuda");
    let mut cmd = relnotes_in(&example);
    cmd.args(["diff", "v2.7", "v2.9", "--format", "json"]);
    let json: Value = serde_json::from_str(&stdout_of(&mut cmd)).unwrap();
    let torch = entry(&json, "amd64", "torch");
    assert_eq!(
        (&torch["from"], &torch["to"], &torch["change"]),
        (&"2.7".into(), &"2.9".into(), &"upgraded".into())
    );
    assert_eq!(
        json["driver"]["min"],
        serde_json::json!({ "from": "525.60.13", "to": "535", "change": "upgraded" })
    );
    let gpus_added: Vec<&str> = json["gpus"]["added"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert!(gpus_added.contains(&"H100"), "{gpus_added:?}");
    let ports_added: Vec<&str> = json["ports"]["added"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["service"].as_str().unwrap())
        .collect();
    assert!(ports_added.contains(&"SSH"), "{ports_added:?}");
    assert!(
        json["sections"]["added"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["id"] == "cuda-12")
    );

    let mut cmd = relnotes_in(&root());
    cmd.arg("-C")
        .arg(&example)
        .args(["diff", "v2.7", "v2.9", "--lang", "en"]);
    let text = stdout_of(&mut cmd);
    assert!(
        text.contains("  ▲ Upgraded (1)\n    torch   2.7 → 2.9\n"),
        "{text}"
    );
    assert!(!text.contains("DOWNGRADE"), "{text}");

    for lang in ["zh", "en"] {
        let mut cmd = relnotes_in(&example);
        cmd.args(["diff", "v2.7", "v2.9", "--format", "html", "--lang", lang]);
        let html = stdout_of(&mut cmd);
        assert!(
            html5_parse_errors(&html).is_empty(),
            "{lang}: {:?}",
            html5_parse_errors(&html)
        );
        xml_well_formed(&html).unwrap_or_else(|e| panic!("{lang}: {e}"));
        assert!(
            html.contains("<section id=\"gpus\">") && html.contains("<section id=\"ports\">"),
            "{lang}"
        );
        assert!(html.contains("<section id=\"includes\">"), "{lang}");
        assert!(
            !html.contains("id=\"attention\""),
            "no downgrade, no notice"
        );
        let mut cmd = relnotes_in(&example);
        cmd.args(["diff", "v2.7", "v2.9", "--format", "md", "--lang", lang]);
        let md = stdout_of(&mut cmd);
        assert!(md.contains("| torch | pypi | 2.7 | 2.9 |"), "{md}");
    }
}

#[test]
fn output_file_is_written_and_not_overwritten_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("25.05..25.10.en.html");
    let run = |force: bool| {
        let mut cmd = relnotes();
        cmd.args([
            "diff", "25.05", "25.10", "--format", "html", "--lang", "en", "-o",
        ])
        .arg(&path);
        if force {
            cmd.arg("--force");
        }
        cmd.output().unwrap()
    };
    let first = run(false);
    assert!(first.status.success() && first.stdout.is_empty());
    let written = fs::read_to_string(&path).unwrap();
    assert_eq!(
        written,
        diff(&["25.05", "25.10", "--format", "html", "--lang", "en"])
    );
    let again = run(false);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    assert!(run(true).status.success());
}
