//! `relnotes import`: the vendor's published pages (tests/fixtures/import)
//! give records whose facts equal the hand-written ones.

use crate::util::{relnotes_in, root};
use relnotes::record::{BugFixes, Release, Workspace};
use std::fs;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    root().join("tests/fixtures/import").join(name)
}

/// A project with relnotes.toml and an empty releases/.
fn empty_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::copy(
        root().join("relnotes.toml"),
        dir.path().join("relnotes.toml"),
    )
    .unwrap();
    fs::create_dir(dir.path().join("releases")).unwrap();
    dir
}

fn import(dir: &Path, page: &Path, args: &[&str]) -> std::process::Output {
    relnotes_in(dir)
        .arg("import")
        .arg(page)
        .args(args)
        .output()
        .unwrap()
}

fn load(dir: &Path, version: &str) -> (Workspace, Release) {
    let ws = Workspace::open(dir).unwrap();
    let release = ws.load(version, false).unwrap().release;
    (ws, release)
}

/// The facts import must get right, comparable across records.
fn facts(ws: &Workspace, r: &Release) -> String {
    let mut out = String::new();
    out.push_str(&format!("archs {:?}\n", r.arch_names()));
    for view in r.resolve(&ws.project) {
        let mut comps: Vec<String> = view
            .components
            .iter()
            .map(|c| format!("{}={}", c.name, c.version))
            .collect();
        comps.sort();
        out.push_str(&format!(
            "{}: scenarios {:?} framework {:?} components {comps:?}\n",
            view.name, view.scenarios, view.framework
        ));
    }
    let d = r.driver.as_ref().unwrap();
    out.push_str(&format!(
        "driver cuda {:?} min {:?} datacenter {:?} upgrade_from {:?} nfc {:?}\n",
        d.cuda.as_ref(),
        d.min.as_ref(),
        d.datacenter
            .iter()
            .map(|b| format!("{}>={}", b.branch, b.min))
            .collect::<Vec<_>>(),
        d.upgrade_from,
        d.not_forward_compatible_with
    ));
    for a in &r.assets {
        out.push_str(&format!(
            "asset {} suits {:?} not_suits {:?} note {}\n",
            a.image,
            a.suits.iter().map(|t| &t.zh).collect::<Vec<_>>(),
            a.not_suits.iter().map(|t| &t.zh).collect::<Vec<_>>(),
            a.note.as_ref().map_or("", |n| n.zh.as_str())
        ));
    }
    let vpc = r.vpc_image.as_ref().unwrap();
    out.push_str(&format!("vpc {}\n", vpc.template));
    for p in &vpc.placeholders {
        out.push_str(&format!(
            "placeholder {} {:?} {:?}\n",
            p.name,
            p.examples,
            p.description.as_ref().map(|d| &d.zh)
        ));
    }
    out.push_str(&format!(
        "features {:?}\nfixes {:?} none {}\nknown issues {:?}\nsummary {:?}\n",
        r.features.iter().map(|t| &t.zh).collect::<Vec<_>>(),
        r.bug_fixes
            .items()
            .iter()
            .map(|t| &t.zh)
            .collect::<Vec<_>>(),
        matches!(r.bug_fixes, BugFixes::None(_)),
        r.known_issues.iter().map(|t| &t.zh).collect::<Vec<_>>(),
        r.summary.as_ref().map(|s| &s.zh),
    ));
    let ids: Vec<&str> = r.sections.iter().map(|s| s.id.as_str()).collect();
    out.push_str(&format!("sections {ids:?}\n"));
    out
}

fn assert_same_facts(version: &str, page: &str) {
    let dir = empty_project();
    let out = import(dir.path(), &fixture(page), &["--version", version]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (ws, imported) = load(dir.path(), version);
    let (ws0, written) = load(&root(), version);
    let mut want = facts(&ws0, &written);
    let got = facts(&ws, &imported);
    // The hand-written 25.10 has one section fewer: its env section is [[env]].
    if version == "25.10" {
        want = want.replace(
            "sections [\"key-features\", \"e2e-evaluation\", \"quick-start\"]",
            "sections [\"key-features\", \"e2e-evaluation\", \"quick-start\", \"environment\"]",
        );
    }
    assert_eq!(got, want);
    // Only the page's language is filled.
    assert!(imported.features.iter().all(|t| t.en.is_empty()));
}

#[test]
fn the_25_10_page_with_per_arch_columns() {
    assert_same_facts("25.10", "training-nv-pytorch-25.10.zh.txt");
}

#[test]
fn the_25_05_page_with_versions_in_prose_and_split_cells() {
    assert_same_facts("25.05", "training-nv-pytorch-25.05.zh.txt");
}

#[test]
fn an_existing_record_is_not_overwritten_without_force() {
    let dir = empty_project();
    let page = fixture("training-nv-pytorch-25.05.zh.txt");
    assert!(
        import(dir.path(), &page, &["--version", "25.05"])
            .status
            .success()
    );
    let out = import(dir.path(), &page, &["--version", "25.05"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--force"));
    assert!(
        import(dir.path(), &page, &["--version", "25.05", "--force"])
            .status
            .success()
    );
}

#[test]
fn an_english_page_merges_into_the_chinese_record_by_position() {
    let dir = empty_project();
    assert!(
        import(
            dir.path(),
            &fixture("training-nv-pytorch-25.05.zh.txt"),
            &["--version", "25.05"]
        )
        .status
        .success()
    );
    let en = dir.path().join("page.en.md");
    fs::write(
        &en,
        "This document describes the release notes of training-nv-pytorch 25.05.\n\n\
         ## Main Features\n\nCUDA in the base image upgraded to 12.9.0.\n\n\
         ## Bugs Fix\n\npytorch upgraded to 2.6.0.7.post1, fixing the profile crash issue.\n\n\
         ## Known Issues\n\nThe recomputation gain is lower than before.\n",
    )
    .unwrap();
    let out = import(dir.path(), &en, &["--version", "25.05", "--lang", "en"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("merged the `en` texts"));
    let (_, r) = load(dir.path(), "25.05");
    assert_eq!(r.features[0].zh, "基础镜像CUDA升级至12.9.0。");
    assert_eq!(
        r.features[0].en,
        "CUDA in the base image upgraded to 12.9.0."
    );
    assert_eq!(
        r.known_issues[0].en,
        "The recomputation gain is lower than before."
    );
    // Facts of the first import stay.
    assert_eq!(r.components.len(), 2);
}

#[test]
fn an_html_page_with_a_table() {
    let dir = empty_project();
    let page = dir.path().join("page.html");
    fs::write(
        &page,
        "<html><body><p>本文介绍x 9.1版本发布记录。</p><h2>Main Features</h2><ul><li>vLLM升级至0.11.0。</li></ul>\
         <h2>Bugs Fix</h2><p>暂无</p><h2>Contents</h2><table>\
         <tr><th></th><th>aarch64架构</th><th>amd64架构</th></tr>\
         <tr><td>应用场景</td><td>训练</td><td>训练/推理</td></tr>\
         <tr><td>框架</td><td>pytorch</td><td>pytorch</td></tr>\
         <tr><td>核心组件</td><td>vllm : 0.11.0 torch : 2.8</td><td>vllm : 0.11.0 torch : 2.9</td></tr>\
         </table></body></html>",
    )
    .unwrap();
    let out = import(dir.path(), &page, &["--version", "9.1"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (ws, r) = load(dir.path(), "9.1");
    assert_eq!(r.arch_names(), ["aarch64", "amd64"]);
    assert_eq!(r.components.len(), 1);
    let views = r.resolve(&ws.project);
    assert_eq!(views[0].component("torch").unwrap().version, "2.8");
    assert_eq!(views[1].component("torch").unwrap().version, "2.9");
    assert_eq!(views[0].scenarios.len(), 1);
    assert_eq!(views[1].scenarios.len(), 2);
    assert!(matches!(r.bug_fixes, BugFixes::None(_)));
}

#[test]
fn a_markdown_page_with_a_one_column_table() {
    let dir = empty_project();
    let page = dir.path().join("page.md");
    fs::write(
        &page,
        "# x 9.2\n\n## Main Features\n\n- torch upgraded to 2.9.0\n\n## Contents\n\n\
         | | |\n|---|---|\n| Framework | pytorch |\n| Components | torch : 2.9.0 CUDA : 12.8 |\n",
    )
    .unwrap();
    let out = import(dir.path(), &page, &["--version", "9.2", "--lang", "en"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (_, r) = load(dir.path(), "9.2");
    assert_eq!(r.arch_names(), ["amd64"]);
    assert_eq!(r.components.len(), 2);
    assert_eq!(r.features[0].en, "torch upgraded to 2.9.0");
}

#[test]
fn a_page_without_a_release_is_refused_and_nothing_is_written() {
    let dir = empty_project();
    let page = dir.path().join("page.txt");
    fs::write(&page, "hello\nworld\n").unwrap();
    let out = import(dir.path(), &page, &["--version", "9.3"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("page.txt: no release found in the page (2 line(s) read)"),
        "{err}"
    );
    assert!(!dir.path().join("releases/9.3.toml").exists());
}
