//! Integration tests: `relnotes site` — the pages, their links, `--check`,
//! safe rebuilds, and the pages as headless Chromium renders them.

use crate::support::chromium::run as chromium;
use crate::util::{
    html5_parse_errors, relnotes, relnotes_in, root, scratch_project, xml_well_formed,
};
use markup5ever_rcdom::{Handle, NodeData};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// Builds the site of the repository's project into `dir`.
fn build(dir: &Path, extra: &[&str]) {
    let out = relnotes()
        .args(["site", "--out"])
        .arg(dir)
        .args(extra)
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "exit {:?}\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Every file under `dir`: relative path → bytes.
pub(crate) fn tree(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(here) = stack.pop() {
        for entry in fs::read_dir(&here).expect("read dir") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let relative = path
                    .strip_prefix(dir)
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                out.insert(relative, fs::read(&path).expect("read"));
            }
        }
    }
    out
}

fn html_pages(dir: &Path) -> Vec<(String, String)> {
    tree(dir)
        .into_iter()
        .filter(|(p, _)| p.ends_with(".html"))
        .map(|(p, b)| (p, String::from_utf8(b).expect("utf-8")))
        .collect()
}

fn parse(html: &str) -> Handle {
    use html5ever::tendril::TendrilSink;
    html5ever::parse_document(markup5ever_rcdom::RcDom::default(), Default::default())
        .one(html)
        .document
}

/// Every element under `node`: (tag name, attributes).
fn elements(node: &Handle, out: &mut Vec<(String, Vec<(String, String)>)>) {
    if let NodeData::Element { name, attrs, .. } = &node.data {
        let attrs = attrs
            .borrow()
            .iter()
            .map(|a| (a.name.local.to_string(), a.value.to_string()))
            .collect();
        out.push((name.local.to_string(), attrs));
    }
    for child in node.children.borrow().iter() {
        elements(child, out);
    }
}

fn all_elements(html: &str) -> Vec<(String, Vec<(String, String)>)> {
    let mut out = Vec::new();
    elements(&parse(html), &mut out);
    out
}

fn attr<'a>(attrs: &'a [(String, String)], name: &str) -> Option<&'a str> {
    attrs
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

const EXPECTED: &[&str] = &[
    "index.html",
    "zh/index.html",
    "en/index.html",
    "zh/25.10.html",
    "en/25.10.html",
    "zh/25.05.html",
    "en/25.05.html",
    "zh/diff/25.05..25.10.html",
    "en/diff/25.05..25.10.html",
    "zh/matrix.html",
    "en/matrix.html",
    "sbom/25.10-aarch64.cdx.json",
    "sbom/25.10-amd64.cdx.json",
    "sbom/25.05-amd64.cdx.json",
    "md/zh/index.md",
    "md/en/25.10.md",
    "md/zh/diff/25.05..25.10.md",
    "md/en/matrix.md",
    ".relnotes-site",
];

#[test]
fn every_page_is_there_and_every_local_link_resolves() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("public");
    build(&out, &[]);
    let files = tree(&out);
    for path in EXPECTED {
        assert!(
            files.contains_key(*path),
            "{path} missing: {:?}",
            files.keys()
        );
    }
    check_links(&out);
}

#[test]
fn the_example_projects_site_has_no_broken_link() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("public");
    relnotes_in(&root().join("examples/pytorch-cuda"))
        .args(["site", "--out"])
        .arg(&out)
        .assert()
        .success();
    assert!(out.join("en/diff/v2.7..v2.9.html").is_file());
    assert!(out.join("sbom/v2.9-amd64.cdx.json").is_file());
    check_links(&out);
}

/// Every page parses without error, and every local href/src resolves
/// to a file (and its fragment to an id there).
fn check_links(out: &Path) {
    let pages = html_pages(out);
    let mut checked = 0;
    for (page, html) in &pages {
        let errors = html5_parse_errors(html);
        assert!(errors.is_empty(), "{page}: {errors:?}");
        // Like the pages of `relnotes render`, also well-formed XML.
        if let Err(e) = xml_well_formed(html) {
            panic!("{page}: {e}");
        }
        let base = out.join(page);
        for (tag, attrs) in all_elements(html) {
            for name in ["href", "src"] {
                let Some(link) = attr(&attrs, name) else {
                    continue;
                };
                if tag == "link" && attr(&attrs, "rel") == Some("canonical") {
                    continue;
                }
                assert!(
                    !link.contains("://") && !link.starts_with('/') && !link.starts_with("//"),
                    "{page}: <{tag} {name}=\"{link}\"> is not a relative link"
                );
                let (file, fragment) = link.split_once('#').unwrap_or((link, ""));
                let target: PathBuf = if file.is_empty() {
                    base.clone()
                } else {
                    base.parent().unwrap().join(file)
                };
                assert!(
                    target.is_file(),
                    "{page}: <{tag} {name}=\"{link}\"> points to nothing"
                );
                if !fragment.is_empty() {
                    let text = fs::read_to_string(&target).unwrap();
                    assert!(
                        text.contains(&format!("id=\"{fragment}\"")),
                        "{page}: {link}: no element with that id"
                    );
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} links checked");
}

#[test]
fn every_page_is_bilingual_accessible_and_self_contained() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("site");
    build(&out, &[]);
    for (page, html) in html_pages(&out) {
        let els = all_elements(&html);
        let html_lang = els
            .iter()
            .find(|(t, _)| t == "html")
            .and_then(|(_, a)| attr(a, "lang"))
            .unwrap_or_default()
            .to_string();
        let expected_lang = if page.starts_with("en/") { "en" } else { "zh" };
        assert_eq!(html_lang, expected_lang, "{page}");
        let hreflangs: Vec<&str> = els
            .iter()
            .filter(|(t, a)| t == "link" && attr(a, "rel") == Some("alternate"))
            .filter_map(|(_, a)| attr(a, "hreflang"))
            .collect();
        for lang in ["zh", "en", "x-default"] {
            assert!(hreflangs.contains(&lang), "{page}: no hreflang {lang}");
        }
        // A switcher to the other language (or, on the chooser, both).
        let switch: Vec<&str> = els
            .iter()
            .filter(|(t, a)| t == "a" && attr(a, "hreflang").is_some())
            .filter_map(|(_, a)| attr(a, "href"))
            .collect();
        assert!(!switch.is_empty(), "{page}: no language switch");
        if page != "index.html" {
            let other = if expected_lang == "en" { "zh" } else { "en" };
            let same_page = page.replacen(expected_lang, other, 1);
            let resolved = Path::new(&page).parent().unwrap().join(switch[0]);
            assert_eq!(normalize(&resolved), same_page, "{page}: switch");
        }
        assert!(!html.contains("<script"), "{page}: scripts");
        assert!(
            html.contains("prefers-color-scheme: dark") && html.contains("@media print"),
            "{page}: dark mode and print CSS"
        );
        // Tables: a caption each, every header cell scoped. (The release
        // pages' env, GPU and port tables are named by their section
        // heading; they are `relnotes render`'s and stay as they are.)
        let tables = els
            .iter()
            .filter(|(t, a)| {
                t == "table" && !matches!(attr(a, "class"), Some("env" | "gpus" | "ports"))
            })
            .count();
        let captions = els.iter().filter(|(t, _)| t == "caption").count();
        assert_eq!(tables, captions, "{page}: a table without caption");
        for (tag, attrs) in &els {
            if tag == "th" {
                assert!(attr(attrs, "scope").is_some(), "{page}: <th> without scope");
            }
        }
    }
}

/// `en/diff/../25.10.html` → `en/25.10.html`.
fn normalize(path: &Path) -> String {
    let mut parts: Vec<String> = Vec::new();
    for c in path.components() {
        match c.as_os_str().to_str().unwrap() {
            ".." => {
                parts.pop();
            }
            "." => {}
            p => parts.push(p.to_string()),
        }
    }
    parts.join("/")
}

#[test]
fn release_pages_link_their_sboms_and_diff() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("site");
    build(&out, &[]);
    let en = fs::read_to_string(out.join("en/25.10.html")).unwrap();
    assert!(
        en.contains("href=\"../sbom/25.10-aarch64.cdx.json\""),
        "{en}"
    );
    assert!(en.contains("href=\"../sbom/25.10-amd64.cdx.json\""));
    assert!(en.contains("href=\"diff/25.05..25.10.html\""));
    // The same release page as `relnotes render`, apart from the links.
    let render = crate::util::stdout_of(
        relnotes().args(["render", "25.10", "--lang", "en", "--format", "html"]),
    );
    let body = |s: &str| s[s.find("<main>").unwrap()..].to_string();
    assert_eq!(body(&en), body(&render));
    let sbom: serde_json::Value =
        serde_json::from_slice(&fs::read(out.join("sbom/25.10-amd64.cdx.json")).unwrap()).unwrap();
    assert_eq!(sbom["specVersion"], "1.6");
}

#[test]
fn the_index_lists_releases_newest_first() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("site");
    build(&out, &[]);
    let en = fs::read_to_string(out.join("en/index.html")).unwrap();
    let newer = en.find(">25.10</a>").expect("25.10 listed");
    let older = en.find(">25.05</a>").expect("25.05 listed");
    assert!(newer < older, "newest first");
    assert!(en.contains("<td>12.8.0</td>") && en.contains("<td>≥ 575</td>"));
    // No dates in the records: a dash, and words for screen readers.
    assert!(en.contains("<span class=\"visually-hidden\">not stated</span>"));
    let chooser = fs::read_to_string(out.join("index.html")).unwrap();
    assert!(
        chooser.contains("href=\"zh/index.html\"") && chooser.contains("href=\"en/index.html\"")
    );
}

#[test]
fn the_matrix_marks_changes_visibly_and_in_words() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("site");
    build(&out, &[]);
    let en = fs::read_to_string(out.join("en/matrix.html")).unwrap();
    for arch in ["aarch64", "amd64"] {
        assert!(
            en.contains(&format!("<section id=\"arch-{arch}\">")),
            "{arch}"
        );
    }
    // 25.05 declares no component table: 25.10's amd64 components are added.
    assert!(en.contains("<td class=\"chg-added\" title=\"added\">3.4.0<span class=\"marker\" aria-hidden=\"true\">+</span><span class=\"visually-hidden\"> (added)</span></td>"), "{en}");
    // CUDA went from 12.9.0 (25.05) to 12.8.0 (25.10): a downgrade, said so.
    assert!(
        en.contains("<td class=\"chg-downgraded\" title=\"downgraded, was 12.9.0\">12.8.0"),
        "{en}"
    );
    let zh = fs::read_to_string(out.join("zh/matrix.html")).unwrap();
    assert!(
        zh.contains("(降级，原为 12.9.0)") || zh.contains("(降级, 原为 12.9.0)"),
        "{zh}"
    );
    let md = fs::read_to_string(out.join("md/en/matrix.md")).unwrap();
    assert!(md.contains("| 12.8.0 ▼ |"), "{md}");
}

#[test]
fn the_matrix_marks_upgrades_and_removals() {
    let project = scratch_project();
    let record = fs::read_to_string(project.path().join("releases/25.10.toml")).unwrap();
    let next = record
        .replace("25.10", "25.11")
        .replace("torch = \"2.8.0.9+nv25.3\"", "torch = \"2.9.0\"")
        .replace("perf = \"5.4.30\"\n", "");
    fs::write(project.path().join("releases/25.11.toml"), next).unwrap();
    build_public(project.path());
    let out = project.path().join("public");
    let en = fs::read_to_string(out.join("en/matrix.html")).unwrap();
    assert!(
        en.contains("<td class=\"chg-upgraded\" title=\"upgraded, was 2.8.0.9+nv25.3\">2.9.0<span class=\"marker\" aria-hidden=\"true\">▲</span>"),
        "{en}"
    );
    assert!(
        en.contains("<td class=\"chg-removed\" title=\"removed, was 5.4.30\"><span aria-hidden=\"true\">—</span><span class=\"marker\" aria-hidden=\"true\">−</span><span class=\"visually-hidden\"> (removed, was 5.4.30)</span></td>"),
        "{en}"
    );
    // Columns newest first; two diff pages.
    assert!(en.find(">25.11</a>").unwrap() < en.find(">25.10</a>").unwrap());
    assert!(out.join("zh/diff/25.10..25.11.html").is_file());
    assert!(out.join("md/en/diff/25.05..25.10.md").is_file());
    check_links(&out);
}

#[test]
fn markdown_pages_have_front_matter() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("site");
    build(&out, &[]);
    let md = fs::read_to_string(out.join("md/en/25.10.md")).unwrap();
    assert!(
        md.starts_with(
            "---\ntitle: \"training-nv-pytorch 25.10 release notes\"\nversion: \"25.10\"\nlang: en\n---\n\n# "
        ),
        "{md}"
    );
    assert!(md.contains("[中文](../zh/25.10.md)"), "{md}");
    let zh = fs::read_to_string(out.join("md/zh/diff/25.05..25.10.md")).unwrap();
    assert!(
        zh.starts_with("---\ntitle: ")
            && zh.contains("\nversion: \"25.05..25.10\"\nlang: zh\n---\n"),
        "{zh}"
    );
}

#[test]
fn base_url_only_adds_canonical_links() {
    let tmp = tempfile::tempdir().unwrap();
    let plain = tmp.path().join("plain");
    let based = tmp.path().join("based");
    build(&plain, &[]);
    build(
        &based,
        &["--base-url", "https://docs.example.com/releases/"],
    );
    let en = fs::read_to_string(based.join("en/25.10.html")).unwrap();
    assert!(en.contains(
        "<link rel=\"canonical\" href=\"https://docs.example.com/releases/en/25.10.html\" />"
    ));
    let strip = |s: &[u8]| {
        String::from_utf8_lossy(s)
            .lines()
            .filter(|l| !l.starts_with("<link rel=\"canonical\""))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let (a, b) = (tree(&plain), tree(&based));
    assert_eq!(a.keys().collect::<Vec<_>>(), b.keys().collect::<Vec<_>>());
    // The manifest records what each page was built from, --base-url
    // included; every page is compared.
    for (path, bytes) in a.iter().filter(|(p, _)| p.as_str() != ".relnotes-site") {
        assert_eq!(strip(bytes), strip(&b[path]), "{path}");
    }
    relnotes()
        .args(["site", "--out"])
        .arg(tmp.path().join("x"))
        .args(["--base-url", "docs.example.com"])
        .assert()
        .code(2);
}

#[test]
fn check_says_fresh_or_lists_what_is_stale() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("site");
    let check = || {
        relnotes()
            .args(["site", "--check", "--out"])
            .arg(&out)
            .output()
            .unwrap()
    };
    // Nothing there yet: stale, everything missing.
    let first = check();
    assert_eq!(first.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&first.stdout).contains("missing  en/25.10.html"));
    build(&out, &[]);
    let before = tree(&out);
    let fresh = check();
    assert_eq!(
        fresh.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&fresh.stdout)
    );
    assert_eq!(tree(&out), before, "--check writes nothing");

    fs::write(out.join("en/25.10.html"), "edited by hand").unwrap();
    fs::remove_file(out.join("zh/matrix.html")).unwrap();
    fs::write(out.join("notes-of-mine.txt"), "not ours").unwrap();
    let stale = check();
    assert_eq!(stale.status.code(), Some(1));
    let text = String::from_utf8(stale.stdout).unwrap();
    assert!(text.contains("changed  en/25.10.html"), "{text}");
    assert!(text.contains("missing  zh/matrix.html"), "{text}");
    assert!(
        !text.contains("notes-of-mine"),
        "files relnotes did not write are not pages: {text}"
    );

    let json = relnotes()
        .args(["site", "--check", "--format", "json", "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(report["up_to_date"], false);
    assert_eq!(report["changed"], serde_json::json!(["en/25.10.html"]));
    assert_eq!(report["missing"], serde_json::json!(["zh/matrix.html"]));
    let findings: Vec<(&str, &str, &str)> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            (
                d["rule"].as_str().unwrap(),
                d["severity"].as_str().unwrap(),
                d["message"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        findings,
        [
            ("site-stale", "error", "page missing"),
            ("site-stale", "error", "page changed")
        ]
    );
    assert!(
        report["findings"][1]["file"]
            .as_str()
            .unwrap()
            .ends_with("en/25.10.html")
    );
}

#[test]
fn a_page_relnotes_no_longer_writes_is_extra() {
    let project = scratch_project();
    let out = project.path().join("public");
    build_public(project.path());
    fs::remove_file(project.path().join("releases/25.05.toml")).unwrap();
    let stale = relnotes_in(project.path())
        .args(["site", "--check", "--out", "public"])
        .output()
        .unwrap();
    assert_eq!(stale.status.code(), Some(1));
    let text = String::from_utf8(stale.stdout).unwrap();
    assert!(text.contains("extra    en/25.05.html"), "{text}");
    assert!(
        text.contains("extra    sbom/25.05-amd64.cdx.json"),
        "{text}"
    );
    // A rebuild drops them.
    build_public(project.path());
    assert!(!out.join("en/25.05.html").exists());
    assert!(!out.join("en/diff/25.05..25.10.html").exists());
}

#[test]
fn a_failing_build_leaves_the_old_site_intact() {
    let project = scratch_project();
    let out = project.path().join("public");
    build_public(project.path());
    fs::write(out.join("CNAME"), "docs.example.com\n").unwrap();
    fs::create_dir_all(out.join("en/assets")).unwrap();
    fs::write(out.join("en/assets/logo.svg"), "<svg/>").unwrap();
    let before = tree(&out);

    // A record broken halfway through the releases.
    let record = project.path().join("releases/25.10.toml");
    let good = fs::read_to_string(&record).unwrap();
    fs::write(&record, format!("{good}\n[[broken")).unwrap();
    relnotes_in(project.path())
        .args(["site", "--out", "public"])
        .assert()
        .code(2);
    assert_eq!(tree(&out), before, "the old site is byte-identical");
    let leftovers: Vec<String> = fs::read_dir(project.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("relnotes-"))
        .collect();
    assert!(
        leftovers.is_empty(),
        "temporary directories left: {leftovers:?}"
    );

    // Fixed: the rebuild keeps the files relnotes did not write.
    fs::write(&record, good).unwrap();
    build_public(project.path());
    assert_eq!(
        fs::read_to_string(out.join("CNAME")).unwrap(),
        "docs.example.com\n"
    );
    assert_eq!(
        fs::read_to_string(out.join("en/assets/logo.svg")).unwrap(),
        "<svg/>"
    );
    assert_eq!(tree(&out), before);
}

#[test]
fn a_directory_of_other_files_needs_force() {
    let parent = tempfile::tempdir().unwrap();
    let out = parent.path().join("mine");
    fs::create_dir(&out).unwrap();
    fs::write(out.join("README.txt"), "mine").unwrap();
    relnotes()
        .args(["site", "--out"])
        .arg(&out)
        .assert()
        .code(2);
    assert_eq!(fs::read_dir(&out).unwrap().count(), 1);
    // Refused, it writes nothing beside the directory either (no lock, no
    // staging directory).
    let beside = || -> Vec<_> {
        fs::read_dir(parent.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect()
    };
    assert_eq!(beside(), ["mine"]);
    relnotes()
        .args(["site", "--force", "--out"])
        .arg(&out)
        .assert()
        .success();
    assert_eq!(fs::read_to_string(out.join("README.txt")).unwrap(), "mine");
    assert!(out.join("en/25.10.html").is_file());
    assert_eq!(beside(), ["mine"], "nothing kept beside the site");
}

/// Every entry under `dir`, relative to it, sorted.
fn entries(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(here) = stack.pop() {
        for entry in fs::read_dir(&here).unwrap() {
            let path = entry.unwrap().path();
            out.push(path.strip_prefix(dir).unwrap().display().to_string());
            if path.is_dir() && !path.is_symlink() {
                stack.push(path);
            }
        }
    }
    out.sort();
    out
}

#[test]
fn nothing_is_written_through_a_link_inside_the_output_directory() {
    use std::os::unix::fs::symlink;
    // A pages directory of each generator (of the project's second
    // language for Hugo, whose every language has one), and a directory
    // of Hugo's minimal project: a link to a directory outside `--out`.
    let cases = [
        ("mkdocs", "docs/releases"),
        ("hugo", "content/en/releases"),
        ("docusaurus", "docs/releases"),
        ("hugo", "layouts"),
    ];
    for (generator, linked) in cases {
        let tmp = tempfile::tempdir().unwrap();
        let project = tmp.path().join("site");
        let outside = tmp.path().join("outside");
        fs::create_dir_all(&outside).unwrap();
        fs::write(outside.join("theirs.txt"), "theirs").unwrap();
        let link = project.join(linked);
        fs::create_dir_all(link.parent().unwrap()).unwrap();
        symlink(&outside, &link).unwrap();
        let before = entries(&project);
        for force in [false, true] {
            let mut cmd = relnotes();
            cmd.args(["site", "--for", generator, "--out"])
                .arg(&project);
            if force {
                cmd.arg("--force");
            }
            let out = cmd.output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{generator} {linked}: {stderr}");
            assert!(
                stderr.contains("is a symbolic link inside") && stderr.contains(linked),
                "{generator} {linked}: {stderr}"
            );
            assert_eq!(entries(&outside), ["theirs.txt"], "{generator} {linked}");
            assert_eq!(
                entries(&project),
                before,
                "{generator} {linked}: nothing written"
            );
            assert!(
                entries(tmp.path()).iter().all(|e| !e.starts_with('.')),
                "{generator} {linked}: nothing left beside the project"
            );
        }
    }
    // A link the pages directory is reached through is one too.
    let tmp = tempfile::tempdir().unwrap();
    let project = tmp.path().join("site");
    let outside = tmp.path().join("outside");
    fs::create_dir_all(&outside).unwrap();
    fs::create_dir_all(&project).unwrap();
    symlink(&outside, project.join("docs")).unwrap();
    relnotes()
        .args(["site", "--for", "mkdocs", "--force", "--out"])
        .arg(&project)
        .assert()
        .code(2);
    assert!(entries(&outside).is_empty());
}

#[test]
fn hostile_texts_and_labels_run_nowhere_in_html() {
    use crate::support::hostile::{hostile_project, live_markup};
    let dir = hostile_project();
    let out = dir.path().join("public");
    relnotes_in(dir.path())
        .args(["site", "--out"])
        .arg(&out)
        .assert()
        .success();
    let rendered = dir.path().join("rendered");
    fs::create_dir(&rendered).unwrap();
    for (name, format) in [("25.10.html", "html"), ("25.10.md", "md")] {
        relnotes_in(dir.path())
            .args(["render", "25.10", "--lang", "en", "--format", format, "-o"])
            .arg(rendered.join(name))
            .assert()
            .success();
    }
    assert_eq!(live_markup(&out), Vec::<String>::new());
    assert_eq!(live_markup(&rendered), Vec::<String>::new());
    // The check itself finds what would run.
    let probe = dir.path().join("probe");
    fs::create_dir(&probe).unwrap();
    fs::write(
        probe.join("p.html"),
        "<p><script>alert(1)</script><a href=\" JavaScript:alert(2)\">x</a>\
         <img src=x onerror=\"alert(3)\"><script type=\"application/ld+json\">{\"a\":\"alert(4)\"}</script></p>",
    )
    .unwrap();
    assert_eq!(live_markup(&probe).len(), 3, "{:?}", live_markup(&probe));
    let page = fs::read_to_string(out.join("en/25.10.html")).unwrap();
    assert!(page.contains("vLLM upgraded, see notes and javascript:alert('auto')."));
    // The Markdown page keeps the words, not the links.
    let markdown = fs::read_to_string(rendered.join("25.10.md")).unwrap();
    assert!(markdown.contains("- vLLM upgraded, see notes and javascript:alert('auto')."));
    assert!(!markdown.contains("](javascript:"));
}

// ---------------------------------------------------------------- Chromium

#[test]
fn chromium_renders_the_release_pages() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("site");
    build(&out, &[]);
    let shots = root().join("target/site-screenshots");
    fs::create_dir_all(&shots).unwrap();
    for (lang, caption) in [
        ("zh", "各架构的核心组件版本"),
        ("en", "Core component versions per architecture"),
    ] {
        let page = out.join(format!("{lang}/25.10.html"));
        let url = format!("file://{}", page.display());
        let profile = tempfile::tempdir().unwrap();
        let dom = chromium(profile.path(), &["--dump-dom", &url]);
        let dom_text = String::from_utf8_lossy(&dom.stdout).into_owned();
        assert!(
            dom_text.contains(&format!("<html lang=\"{lang}\">")),
            "{lang}: {}\n{dom_text}",
            String::from_utf8_lossy(&dom.stderr)
        );
        // The component table and its rows, as the browser built them.
        let els = all_elements(&dom_text);
        assert!(
            els.iter()
                .any(|(t, a)| t == "table" && attr(a, "class") == Some("components")),
            "{lang}: no component table"
        );
        assert!(dom_text.contains(caption), "{lang}: caption");
        for row in [
            "torch",
            "pytorch-triton",
            "triton",
            "perf",
            "2.8.0.9+nv25.3",
        ] {
            assert!(
                dom_text.contains(&format!(">{row}")),
                "{lang}: {row} not in the DOM"
            );
        }
        let shot = shots.join(format!("25.10.{lang}.png"));
        let _ = fs::remove_file(&shot);
        let profile = tempfile::tempdir().unwrap();
        let run = chromium(
            profile.path(),
            &[
                &format!("--screenshot={}", shot.display()),
                "--window-size=1200,2000",
                &url,
            ],
        );
        let png = fs::read(&shot).unwrap_or_else(|_| {
            panic!(
                "{lang}: no screenshot: {}",
                String::from_utf8_lossy(&run.stderr)
            )
        });
        assert!(
            png.starts_with(b"\x89PNG") && png.len() > 20_000,
            "{lang}: screenshot"
        );
    }
}

/// `relnotes site --out public` in `project`, asserting exit 0.
fn build_public(project: &Path) {
    relnotes_in(project)
        .args(["site", "--out", "public"])
        .assert()
        .success();
}

/// `relnotes site --out public` in `project`: its exit code and stderr.
fn site_public(project: &Path) -> (Option<i32>, String) {
    let out = relnotes_in(project)
        .args(["site", "--out", "public"])
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_release_named_like_a_page_of_the_site_is_refused() {
    let project = scratch_project();
    fs::copy(
        project.path().join("releases/25.05.toml"),
        project.path().join("releases/index.toml"),
    )
    .unwrap();
    let record = project.path().join("releases/index.toml");
    let text = fs::read_to_string(&record).unwrap();
    fs::write(
        &record,
        text.replacen("version = \"25.05\"", "version = \"index\"", 1),
    )
    .unwrap();
    let (code, stderr) = site_public(project.path());
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("`index` is not a release version"),
        "{stderr}"
    );
    assert!(!project.path().join("public").exists());
}

#[test]
fn two_builds_of_one_site_never_interleave() {
    let project = scratch_project();
    let lock = fs::File::open(project.path()).unwrap();
    lock.lock().unwrap();
    let (code, stderr) = site_public(project.path());
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("another `relnotes site` is writing"),
        "{stderr}"
    );
    assert!(!project.path().join("public").exists());
    lock.unlock().unwrap();
    build_public(project.path());
}

/// A build killed between moving the old site aside and moving the new
/// one in (where the two cannot be exchanged in one step) leaves the old
/// site in a temporary directory: the next build puts it back, with the
/// files the user added, and removes a half-written staging directory.
#[test]
fn the_next_build_recovers_what_a_killed_build_left() {
    let project = scratch_project();
    build_public(project.path());
    let public = project.path().join("public");
    fs::write(public.join("CNAME"), "releases.example.com\n").unwrap();
    let retired = project.path().join(".public.relnotes-old-Xy12");
    fs::create_dir(&retired).unwrap();
    fs::rename(&public, retired.join("public")).unwrap();
    let staging = project.path().join(".public.relnotes-new-Ab34");
    fs::create_dir_all(staging.join("en")).unwrap();
    fs::write(staging.join("en/index.html"), "half").unwrap();

    let out = relnotes_in(project.path())
        .args(["site", "--out", "public"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(
        stdout.contains("an earlier build was cut short: put back the previous site from .public.relnotes-old-Xy12")
            && stdout.contains("an earlier build was cut short: removed .public.relnotes-new-Ab34")
            && stdout.contains("kept 1 file relnotes did not write"),
        "{stdout}"
    );
    assert_eq!(
        fs::read_to_string(public.join("CNAME")).unwrap(),
        "releases.example.com\n"
    );
    let left: Vec<String> = fs::read_dir(project.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("relnotes-old") || n.contains("relnotes-new"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    relnotes_in(project.path())
        .args(["site", "--out", "public", "--check"])
        .assert()
        .success();
}
