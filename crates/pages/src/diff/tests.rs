//! Unit tests of the diff, on small records written in the test.

use super::*;
use model::{Ecosystem, Lang, Project, Release, Text};

fn project(catalog: &str) -> Project {
    toml::from_str(&format!(
        "languages = [\"zh\", \"en\"]\n\
         [product]\nid = \"p\"\nname = {{ zh = \"产品\", en = \"Product\" }}\n\
         [catalog]\n{catalog}\n"
    ))
    .expect("project parses")
}

/// A release with `archs` and the TOML `body` (top-level keys first, then tables).
fn release(version: &str, archs: &str, body: &str) -> Release {
    toml::from_str(&format!(
        "version = \"{version}\"\narchs = {archs}\n\
         title = {{ zh = \"{version} 版本\", en = \"{version} notes\" }}\n{body}\n"
    ))
    .expect("release parses")
}

/// Releases 1 and 2 for amd64 with the TOML bodies `from` and `to`.
fn amd64_pair(from: &str, to: &str) -> (Release, Release) {
    (
        release("1", "[\"amd64\"]", from),
        release("2", "[\"amd64\"]", to),
    )
}

/// The diff of releases 1 → 2 for amd64 with the TOML bodies `from` and `to`.
fn diff_amd64(from: &str, to: &str) -> ReleaseDiff {
    let (from, to) = amd64_pair(from, to);
    diff_of(&from, &to)
}

/// A `[[sections]]` entry: its id, and its title and body as (zh, en).
fn section(id: &str, title: (&str, &str), body: (&str, &str)) -> String {
    format!(
        "[[sections]]\nid = \"{id}\"\ntitle = {{ zh = \"{}\", en = \"{}\" }}\nbody = {{ zh = \"{}\", en = \"{}\" }}\n",
        title.0, title.1, body.0, body.1
    )
}

fn diff_of(from: &Release, to: &Release) -> ReleaseDiff {
    diff(&project(""), from, to, None).expect("diff")
}

fn entry<'a>(d: &'a ReleaseDiff, arch: &str, name: &str) -> &'a ComponentChange {
    d.components
        .iter()
        .find(|c| c.arch == arch && c.name == name)
        .unwrap_or_else(|| panic!("no {name} on {arch} in {:#?}", d.components))
}

#[test]
fn components_are_classified_by_their_ecosystem_rules() {
    let (from, to) = amd64_pair(
        r#"[components]
CUDA = "12.9.0"
Ubuntu = "22.04"
Python = "3.12.7+gc"
torch = "2.6.0.7.post1"
flash_attn_3 = "3.0.0"
accelerate = "1.7.0"
vllm = "0.11.0"
transformers = "4.56.1+ali"
"#,
        r#"[components]
CUDA = "12.8"
Ubuntu = "24.04"
Python = "3.12.10"
torch = "2.8.0.9+nv25.3"
flash_attn_3 = "3.0.0b1"
accelerate = "1.7.0+ali"
vllm = "0.11"
transformers = "4.56.10"
"#,
    );
    let d = diff_of(&from, &to);
    let change = |name| entry(&d, "amd64", name).change;
    assert_eq!(
        change("CUDA"),
        Change::Downgraded,
        "12.9.0 → 12.8 is dotted numeric"
    );
    assert_eq!(change("Ubuntu"), Change::Upgraded);
    assert_eq!(change("Python"), Change::Upgraded, "3.12.7+gc → 3.12.10");
    assert_eq!(
        change("torch"),
        Change::Upgraded,
        "post release → local version"
    );
    assert_eq!(
        change("flash_attn_3"),
        Change::Downgraded,
        "3.0.0 → 3.0.0b1 is a pre-release"
    );
    assert_eq!(
        change("accelerate"),
        Change::Upgraded,
        "a local version sorts after the public one"
    );
    assert_eq!(
        change("vllm"),
        Change::Unchanged,
        "0.11.0 == 0.11 in PEP 440"
    );
    assert_eq!(
        change("transformers"),
        Change::Upgraded,
        "4.56.1+ali → 4.56.10"
    );
    let cuda = entry(&d, "amd64", "CUDA");
    assert_eq!(cuda.ecosystem, Ecosystem::Cuda);
    assert_eq!(
        (cuda.from.as_deref(), cuda.to.as_deref()),
        (Some("12.9.0"), Some("12.8"))
    );
}

#[test]
fn equal_versions_spelled_differently_are_unchanged() {
    let d = diff_amd64(
        "[components]\nCUDA = \"12.8\"\n",
        "[components]\nCUDA = \"12.8.0\"\n",
    );
    let cuda = entry(&d, "amd64", "CUDA");
    assert_eq!(cuda.change, Change::Unchanged);
    assert_eq!(cuda.from.as_deref(), Some("12.8"));
    assert_eq!(cuda.to.as_deref(), Some("12.8.0"));
}

#[test]
fn debian_packages_follow_debian_ordering() {
    let project = project("libnccl2 = \"deb\"\n");
    let (from, to) = amd64_pair(
        "[components]\nlibnccl2 = \"2.21.5-1+cuda12.4\"\n",
        "[components]\nlibnccl2 = \"2.21.5~rc1-1\"\n",
    );
    let d = diff(&project, &from, &to, None).unwrap();
    let c = entry(&d, "amd64", "libnccl2");
    assert_eq!(c.ecosystem, Ecosystem::Deb);
    assert_eq!(
        c.change,
        Change::Downgraded,
        "~ sorts before the release in Debian"
    );
}

#[test]
fn a_spelling_change_is_the_same_component() {
    let d = diff_amd64(
        "[components]\nflash_attn = \"2.8.3\"\nTransformer_Engine = \"2.4\"\n",
        "[components]\nflash-attn = \"2.8.3\"\ntransformer-engine = \"2.5\"\n",
    );
    assert_eq!(d.components.len(), 2, "{:#?}", d.components);
    let fa = entry(&d, "amd64", "flash-attn");
    assert_eq!(fa.change, Change::Unchanged);
    assert_eq!(fa.from_name.as_deref(), Some("flash_attn"));
    let te = entry(&d, "amd64", "transformer-engine");
    assert_eq!(te.change, Change::Upgraded);
    assert_eq!(te.from_name.as_deref(), Some("Transformer_Engine"));
    let json: serde_json::Value = serde_json::from_str(&to_json(&d)).unwrap();
    assert_eq!(json["components"][0]["from_name"], "flash_attn");
}

#[test]
fn archs_only_on_one_side_are_all_added_or_all_removed() {
    let from = release(
        "1",
        "[\"amd64\", \"ppc64le\"]",
        "[components]\ntorch = \"2.6\"\n[arch.ppc64le.components]\nopenblas = \"0.3\"\n",
    );
    let to = release(
        "2",
        "[\"aarch64\", \"amd64\"]",
        "[components]\ntorch = \"2.8\"\n[arch.aarch64.components]\npytorch-triton = \"3.4.0\"\n\
         [arch.amd64.components]\ntriton = \"3.4.0\"\n",
    );
    let d = diff_of(&from, &to);
    assert_eq!(d.archs.added, ["aarch64"]);
    assert_eq!(d.archs.removed, ["ppc64le"]);
    assert_eq!(d.archs.common, ["amd64"]);
    assert_eq!(d.arch_order, ["aarch64", "amd64", "ppc64le"]);
    for c in d.components.iter().filter(|c| c.arch == "aarch64") {
        assert_eq!(c.change, Change::Added, "{c:?}");
        assert!(c.from.is_none());
    }
    for c in d.components.iter().filter(|c| c.arch == "ppc64le") {
        assert_eq!(c.change, Change::Removed, "{c:?}");
        assert!(c.to.is_none());
    }
    assert_eq!(entry(&d, "aarch64", "pytorch-triton").change, Change::Added);
    assert_eq!(entry(&d, "amd64", "triton").change, Change::Added);
    assert_eq!(entry(&d, "amd64", "torch").change, Change::Upgraded);
    assert_eq!(entry(&d, "ppc64le", "openblas").change, Change::Removed);
    // One entry per component per arch.
    let mut seen = std::collections::HashSet::new();
    for c in &d.components {
        assert!(seen.insert((c.arch.clone(), c.key.clone())), "twice: {c:?}");
    }
    assert_eq!(d.components.len(), 2 + 2 + 2);
}

#[test]
fn removed_components_follow_the_new_ones() {
    let d = diff_amd64(
        "[components]\nold = \"1.0\"\nkept = \"1.0\"\n",
        "[components]\nnew = \"1.0\"\nkept = \"1.0\"\n",
    );
    let names: Vec<(&str, Change)> = d
        .components
        .iter()
        .map(|c| (c.name.as_str(), c.change))
        .collect();
    assert_eq!(
        names,
        [
            ("new", Change::Added),
            ("kept", Change::Unchanged),
            ("old", Change::Removed)
        ]
    );
}

#[test]
fn one_arch_only_and_unknown_archs() {
    let from = release("25.05", "[\"amd64\"]", "[components]\ntorch = \"2.6\"\n");
    let to = release(
        "25.10",
        "[\"aarch64\", \"amd64\"]",
        "[components]\ntorch = \"2.8\"\n[arch.aarch64.components]\npytorch-triton = \"3.4.0\"\n",
    );
    let p = project("");
    let d = diff(&p, &from, &to, Some("aarch64")).unwrap();
    assert!(d.components.iter().all(|c| c.arch == "aarch64"));
    assert_eq!(d.components.len(), 2);
    assert_eq!(d.archs.added, ["aarch64"]);
    assert!(d.archs.common.is_empty() && d.archs.removed.is_empty());
    assert_eq!(d.only_arch.as_deref(), Some("aarch64"));

    let err = diff(&p, &from, &to, Some("s390x")).unwrap_err();
    let message = err.to_string();
    assert!(message.contains("`s390x`"), "{message}");
    assert!(message.contains("25.05 declares amd64"), "{message}");
    assert!(
        message.contains("25.10 declares aarch64, amd64"),
        "{message}"
    );
    assert!(message.contains("one of: aarch64, amd64"), "{message}");
}

#[test]
fn driver_requirement_changes() {
    let (from, to) = amd64_pair(
        r#"[driver]
cuda = "12.9.0"
min = "575"
datacenter = [{ branch = "R470", min = "470.57" }, { branch = "R535", min = "535.86" }, { branch = "R545", min = "545.23" }]
upgrade_from = ["R418", "R545"]
wording = { zh = "基于CUDA 12.9.0", en = "Based on CUDA 12.9.0" }
"#,
        r#"[driver]
cuda = "12.8.0"
min = "575"
datacenter = [{ branch = "R535", min = "535.104" }, { branch = "R545", min = "545.23.0" }, { branch = "R550", min = "550.54" }]
upgrade_from = ["R418", "R560"]
wording = { zh = "基于CUDA 12.8.0", en = "Based on CUDA 12.8.0" }
"#,
    );
    let d = diff_of(&from, &to).driver;
    assert_eq!(d.cuda.change, Change::Downgraded);
    assert!(d.min.is_unchanged());
    let names = |v: &[Branch]| v.iter().map(|b| b.branch.clone()).collect::<Vec<_>>();
    assert_eq!(names(&d.datacenter.added), ["R550"]);
    assert_eq!(names(&d.datacenter.removed), ["R470"]);
    assert_eq!(
        d.datacenter.changed.len(),
        1,
        "545.23 == 545.23.0: {:?}",
        d.datacenter.changed
    );
    assert_eq!(d.datacenter.changed[0].branch, "R535");
    assert_eq!(d.datacenter.changed[0].change, Change::Upgraded);
    assert_eq!(d.upgrade_from.added, ["R560"]);
    assert_eq!(d.upgrade_from.removed, ["R545"]);
    let wording = d.wording.expect("wording changed");
    assert_eq!(wording.to.unwrap().side(Lang::EN), "Based on CUDA 12.8.0");
    assert!(!d.cuda.is_unchanged());
}

#[test]
fn a_driver_table_on_one_side_only() {
    let (from, to) = amd64_pair("", "[driver]\nmin = \"535\"\n");
    let d = diff_of(&from, &to);
    assert_eq!(d.driver.min.change, Change::Added);
    assert!(d.driver.cuda.is_unchanged());
    assert!(d.driver.wording.is_none());
    let same = diff_of(&from, &from);
    assert!(same.driver.is_empty());
    assert!(!same.other_changes());
}

#[test]
fn assets_are_matched_by_image_reference() {
    let (from, to) = amd64_pair(
        r#"[[assets]]
image = "r/x:1"
[[assets]]
image = "r/shared"
suits = [{ zh = "甲", en = "A" }]
note = { zh = "旧", en = "old" }
"#,
        r#"[[assets]]
image = "r/shared"
suits = [{ zh = "乙", en = "B" }]
not_suits = [{ zh = "甲", en = "A" }]
note = { zh = "旧", en = "old" }
[[assets]]
image = "r/x:2"
"#,
    );
    let d = diff_of(&from, &to).assets;
    assert_eq!(
        d.added.iter().map(|a| a.image.as_str()).collect::<Vec<_>>(),
        ["r/x:2"]
    );
    assert_eq!(
        d.removed
            .iter()
            .map(|a| a.image.as_str())
            .collect::<Vec<_>>(),
        ["r/x:1"]
    );
    assert_eq!(d.changed.len(), 1);
    let c = &d.changed[0];
    assert_eq!(c.image, "r/shared");
    assert_eq!(c.suits.added[0].side(Lang::EN), "B");
    assert_eq!(c.suits.removed[0].side(Lang::EN), "A");
    assert_eq!(c.not_suits.added[0].side(Lang::ZH), "甲");
    assert!(c.note.is_none(), "same note");
}

#[test]
fn texts_are_compared_in_both_languages() {
    let (from, to) = amd64_pair(
        r#"features = [{ zh = "甲", en = "A" }, { zh = "乙", en = "B" }]
known_issues = [{ zh = "问题", en = "Issue" }]
"#,
        r#"features = [{ zh = "甲", en = "A, reworded" }, { zh = "乙", en = "B" }, { zh = "丙", en = "C" }]
"#,
    );
    let d = diff_of(&from, &to);
    let en = |v: &[Text]| {
        v.iter()
            .map(|t| t.side(Lang::EN).to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(en(&d.features.added), ["A, reworded", "C"]);
    assert_eq!(en(&d.features.removed), ["A"]);
    assert_eq!(d.features.unchanged, 1);
    assert_eq!(en(&d.known_issues.removed), ["Issue"]);
    assert!(d.known_issues.added.is_empty());
}

#[test]
fn bug_fixes_from_a_list_to_none_and_back() {
    let list = release(
        "1",
        "[\"amd64\"]",
        "bug_fixes = [{ zh = \"修复\", en = \"Fix\" }]\n",
    );
    let none = release(
        "2",
        "[\"amd64\"]",
        "[bug_fixes]\nnone = { zh = \"暂无\", en = \"None\" }\n",
    );
    let d = diff_of(&list, &none).bug_fixes;
    assert_eq!(d.removed[0].side(Lang::EN), "Fix");
    assert!(d.none.from.is_none());
    assert_eq!(d.none.to.as_ref().unwrap().side(Lang::ZH), "暂无");
    assert!(d.none_changed() && !d.is_empty());
    let back = diff_of(&none, &list).bug_fixes;
    assert_eq!(back.added[0].side(Lang::EN), "Fix");
    assert!(back.none.to.is_none() && back.none.from.is_some());
    let same = diff_of(&none, &none).bug_fixes;
    assert!(same.is_empty(), "{same:?}");
}

#[test]
fn includes_env_gpus_and_ports() {
    let (from, to) = amd64_pair(
        r#"[[includes]]
name = "Jupyter Lab"
[[includes]]
name = "SSH"
[[env]]
name = "NCCL_SOCKET_IFNAME"
value = "eth0"
[[gpus]]
name = "A100"
architecture = "Ampere"
compute_capability = "8.0"
[[ports]]
service = "SSH"
container = 22
host = 2222
"#,
        r#"[[includes]]
name = "jupyter-lab"
[[includes]]
name = "NumPy"
[[env]]
name = "NCCL_SOCKET_IFNAME"
value = "hpn0"
[[env]]
name = "CHECKPOINT_OPTIMIZATION"
value = "true"
[[gpus]]
name = "A100"
architecture = "Ampere"
compute_capability = "8.0"
[[gpus]]
name = "H100"
[[ports]]
service = "SSH"
container = 22
host = 2223
[[ports]]
service = "Jupyter Lab"
container = 8888
"#,
    );
    let d = diff_of(&from, &to);
    assert_eq!(
        d.includes
            .added
            .iter()
            .map(|i| i.name.as_str())
            .collect::<Vec<_>>(),
        ["NumPy"]
    );
    assert_eq!(
        d.includes
            .removed
            .iter()
            .map(|i| i.name.as_str())
            .collect::<Vec<_>>(),
        ["SSH"]
    );
    assert!(d.includes.changed.is_empty(), "Jupyter Lab == jupyter-lab");
    assert_eq!(d.env.changed.len(), 1);
    assert_eq!(d.env.changed[0].to.value.as_deref(), Some("hpn0"));
    assert_eq!(d.env.added[0].name, "CHECKPOINT_OPTIMIZATION");
    assert_eq!(d.gpus.added[0].name, "H100");
    assert!(d.gpus.changed.is_empty() && d.gpus.removed.is_empty());
    assert_eq!(d.ports.changed[0].from.host, Some(2222));
    assert_eq!(d.ports.changed[0].to.host, Some(2223));
    assert_eq!(d.ports.added[0].service, "Jupyter Lab");
}

#[test]
fn sections_are_matched_by_id_and_diffed_word_by_word() {
    let same = section("same", ("同", "Same"), ("不变", "unchanged"));
    let (from, to) = amd64_pair(
        &[
            same.clone(),
            section(
                "perf",
                ("E2E性能收益评估", "E2E evaluation"),
                (
                    "以下测试基于Golden-25.05。",
                    "The tests are based on Golden-25.05 on a cluster.",
                ),
            ),
            section("accl", ("ACCL通信库", "ACCL"), ("ACCL", "ACCL")),
        ]
        .concat(),
        &[
            same,
            section(
                "perf",
                ("E2E性能益评估", "E2E evaluation"),
                (
                    "以下测试基于25.10。",
                    "The tests are based on 25.10 on a cluster.",
                ),
            ),
            section("new", ("新", "New"), ("新", "new")),
        ]
        .concat(),
    );
    let d = diff_of(&from, &to).sections;
    assert_eq!(d.unchanged, ["same"]);
    assert_eq!(
        d.added.iter().map(|s| s.id.as_str()).collect::<Vec<_>>(),
        ["new"]
    );
    assert_eq!(
        d.removed.iter().map(|s| s.id.as_str()).collect::<Vec<_>>(),
        ["accl"]
    );
    assert_eq!(d.changed.len(), 1);
    let perf = &d.changed[0];
    assert!(perf.title.changed());
    let body = perf.body.as_ref().expect("body changed");
    let words = |tag: WordTag| -> String {
        body.get(Lang::EN)
            .iter()
            .filter(|o| o.op == tag)
            .map(|o| o.text.as_str())
            .collect()
    };
    let (deleted, inserted) = (words(WordTag::Delete), words(WordTag::Insert));
    assert!(
        deleted.contains("Golden") && deleted.contains("25.05"),
        "{body:?}"
    );
    assert!(
        inserted.contains("25.10") && !inserted.contains("cluster"),
        "{body:?}"
    );
    assert!(
        body.get(Lang::ZH)
            .iter()
            .any(|o| o.op == WordTag::Delete && o.text.contains("Golden"))
    );
}

#[test]
fn text_report_puts_downgrades_first_and_loud() {
    let from = release(
        "25.05",
        "[\"amd64\"]",
        "[components]\nCUDA = \"12.9.0\"\ntorch = \"2.6.0.7.post1\"\ngone = \"1.0\"\n",
    );
    let to = release(
        "25.10",
        "[\"amd64\"]",
        "[components]\nUbuntu = \"24.04\"\nCUDA = \"12.8\"\ntorch = \"2.8.0.9+nv25.3\"\n",
    );
    let d = diff_of(&from, &to);
    let en = to_text(&d, Lang::EN);
    let zh = to_text(&d, Lang::ZH);
    assert!(
        en.starts_with("Product: changes from 25.05 to 25.10\n"),
        "{en}"
    );
    assert!(zh.starts_with("产品 25.05 → 25.10 变更\n"), "{zh}");
    // Names are padded to one column per arch.
    let down = en
        .find("  ▼ DOWNGRADE (1)\n    CUDA    12.9.0 → 12.8\n")
        .expect(&en);
    let up = en
        .find("  ▲ Upgraded (1)\n    torch   2.6.0.7.post1 → 2.8.0.9+nv25.3\n")
        .expect(&en);
    let added = en.find("  + Added (1)\n    Ubuntu  24.04\n").expect(&en);
    let removed = en.find("  - Removed (1)\n    gone    1.0\n").expect(&en);
    assert!(down < up && up < added && added < removed, "{en}");
    // The downgrade is also called out before every arch.
    let attention = en
        .find("▼ DOWNGRADE  CUDA 12.9.0 → 12.8 (amd64)")
        .expect(&en);
    assert!(attention < en.find("[amd64]").unwrap(), "{en}");
    assert!(zh.contains("  ▼ DOWNGRADE 降级 (1)\n"), "{zh}");
    assert!(zh.contains("  ▲ 升级 (1)\n"), "{zh}");
    assert!(zh.contains("架构: 共有 amd64\n"), "{zh}");
    assert!(en.ends_with("No other changes\n"), "{en}");
    assert_eq!(en, to_text(&diff_of(&from, &to), Lang::EN), "deterministic");
}

#[test]
fn unchanged_components_are_counted_and_listed_only_when_few() {
    let many: String = (0..8).map(|i| format!("pkg{i} = \"1.{i}\"\n")).collect();
    let (from, to) = amd64_pair(
        &format!("[components]\n{many}torch = \"2.6\"\n"),
        &format!("[components]\n{many}torch = \"2.8\"\n"),
    );
    let text = to_text(&diff_of(&from, &to), Lang::EN);
    assert!(text.contains("  = Unchanged (8)\n"), "{text}");
    assert!(!text.contains("pkg3"), "{text}");
    assert!(text.contains("[amd64] ▲1 =8\n"), "{text}");

    let (from, to) = amd64_pair(
        "[components]\nkept = \"1.0\"\ntorch = \"2.6\"\n",
        "[components]\nkept = \"1.0.0\"\ntorch = \"2.8\"\n",
    );
    let text = to_text(&diff_of(&from, &to), Lang::EN);
    assert!(
        text.contains("  = Unchanged (1)\n    kept   1.0 → 1.0.0\n"),
        "{text}"
    );
}

#[test]
fn text_report_lists_other_changes_in_the_chosen_language() {
    let (from, to) = amd64_pair(
        r#"features = [{ zh = "旧功能", en = "Old feature" }]
bug_fixes = [{ zh = "修复", en = "A fix" }]
[driver]
cuda = "12.9.0"
[[env]]
name = "A"
value = "1"
[[sections]]
id = "s"
title = { zh = "节", en = "Section" }
body = { zh = "基于Golden-25.05测试", en = "Tests based on Golden-25.05 today" }
"#,
        r#"features = [{ zh = "新功能", en = "New feature" }]
[bug_fixes]
none = { zh = "暂无", en = "None" }
[driver]
cuda = "12.8.0"
[[env]]
name = "A"
value = "2"
[[sections]]
id = "s"
title = { zh = "节", en = "Section" }
body = { zh = "基于25.10测试", en = "Tests based on 25.10 today" }
"#,
    );
    let d = diff_of(&from, &to);
    let en = to_text(&d, Lang::EN);
    for expected in [
        "Driver requirements\n  ▼ DOWNGRADE CUDA base: 12.9.0 → 12.8.0\n",
        "Main features\n  + New feature\n  - Old feature\n",
        "Bug fixes\n  - A fix\n  + Stated as none: None\n",
        "Built-in environment variables\n  ~ A=1 → A=2\n",
        "Sections\n  ~ s  Section\n      Tests based on [-Golden-25.05-]{+25.10+} today\n",
    ] {
        assert!(en.contains(expected), "missing {expected:?} in\n{en}");
    }
    let zh = to_text(&d, Lang::ZH);
    assert!(
        zh.contains("驱动要求\n  ▼ DOWNGRADE CUDA 基础版本: 12.9.0 → 12.8.0\n"),
        "{zh}"
    );
    assert!(zh.contains("主要特性\n  + 新功能\n  - 旧功能\n"), "{zh}");
    assert!(zh.contains("  + 声明为无: 暂无\n"), "{zh}");
    assert!(
        zh.contains("▼ DOWNGRADE  驱动要求: CUDA 基础版本 12.9.0 → 12.8.0"),
        "{zh}"
    );
}

#[test]
fn json_has_a_fixed_shape() {
    let from = release("1", "[\"amd64\"]", "[components]\nCUDA = \"12.9.0\"\n");
    let to = release(
        "2",
        "[\"aarch64\", \"amd64\"]",
        "[components]\nCUDA = \"12.8\"\n[arch.aarch64.components]\npytorch-triton = \"3.4.0\"\n",
    );
    let json = to_json(&diff_of(&from, &to));
    assert!(json.ends_with("}\n") && !json.ends_with("\n\n"));
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    // Top-level keys, in the order written (two spaces of indent).
    let keys: Vec<&str> = json
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
    assert_eq!(
        value["archs"],
        serde_json::json!({"added": ["aarch64"], "removed": [], "common": ["amd64"]})
    );
    assert_eq!(
        value["components"][2],
        serde_json::json!({
            "name": "CUDA", "arch": "amd64", "ecosystem": "cuda",
            "from": "12.9.0", "to": "12.8", "change": "downgraded"
        })
    );
    assert_eq!(value["components"][0]["from"], serde_json::Value::Null);
    assert_eq!(value["components"][0]["change"], "added");
    assert_eq!(value["components"].as_array().unwrap().len(), 3);
}

/// The loader keeps hidden controls out of records; a release built
/// otherwise (by a library caller) still cannot drive the terminal.
#[test]
fn the_text_report_escapes_hidden_controls() {
    let (from, to) = amd64_pair(
        "[components]\nvllm = \"0.11.0\"\n",
        "[components]\n\"vllm\\u001b]0;owned\\u0007\" = \"0.12.0\"\n\
         [[features]]\nen = \"\\u202eevil\\u001b[2J\"\n",
    );
    let text = to_text(&diff_of(&from, &to), Lang::EN);
    assert!(!text.contains(['\u{1b}', '\u{7}', '\u{202e}']), "{text:?}");
    assert!(text.contains("vllm\\u{1b}]0;owned\\u{7}"), "{text}");
    assert!(text.contains("\\u{202e}evil\\u{1b}[2J"), "{text}");
}
