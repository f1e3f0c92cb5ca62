//! `relnotes import`: the vendor's published pages (tests/fixtures/import)
//! give records whose facts equal the hand-written ones.

use crate::support::project::{Project, all_output, assert_ok, driver_summary, stderr};
use crate::util::root;
use model::{BugFixes, Lang, Release, Workspace};
use std::fs;
use std::path::{Path, PathBuf};

fn fixture(name: &str) -> PathBuf {
    root().join("tests/fixtures/import").join(name)
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
        "driver {} upgrade_from {:?} nfc {:?}\n",
        driver_summary(d),
        d.upgrade_from,
        d.not_forward_compatible_with
    ));
    for a in &r.assets {
        out.push_str(&format!(
            "asset {} suits {:?} not_suits {:?} note {}\n",
            a.image,
            a.suits.iter().map(|t| t.side(Lang::ZH)).collect::<Vec<_>>(),
            a.not_suits
                .iter()
                .map(|t| t.side(Lang::ZH))
                .collect::<Vec<_>>(),
            a.note.as_ref().map_or("", |n| n.side(Lang::ZH))
        ));
    }
    let vpc = r.vpc_image.as_ref().unwrap();
    out.push_str(&format!("vpc {}\n", vpc.template));
    for p in &vpc.placeholders {
        out.push_str(&format!(
            "placeholder {} {:?} {:?}\n",
            p.name,
            p.examples,
            p.description.as_ref().map(|d| d.side(Lang::ZH))
        ));
    }
    out.push_str(&format!(
        "features {:?}\nfixes {:?} none {}\nknown issues {:?}\nsummary {:?}\n",
        r.features
            .iter()
            .map(|t| t.side(Lang::ZH))
            .collect::<Vec<_>>(),
        r.bug_fixes
            .items()
            .iter()
            .map(|t| t.side(Lang::ZH))
            .collect::<Vec<_>>(),
        matches!(r.bug_fixes, BugFixes::None(_)),
        r.known_issues
            .iter()
            .map(|t| t.side(Lang::ZH))
            .collect::<Vec<_>>(),
        r.summary.as_ref().map(|s| s.side(Lang::ZH)),
    ));
    let ids: Vec<&str> = r.sections.iter().map(|s| s.id.as_str()).collect();
    out.push_str(&format!("sections {ids:?}\n"));
    out
}

/// Imports `page` (to the version it states) and compares its facts with
/// the hand-written record of `version`.
fn assert_same_facts(version: &str, page: &str) {
    let dir = Project::empty();
    dir.import_ok(&fixture(page), &[]);
    let (ws, imported) = dir.load(version);
    let ws0 = Workspace::open(&root()).unwrap();
    let written = ws0.load(version, false).unwrap().release;
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
    assert!(
        imported
            .features
            .iter()
            .all(|t| t.side(Lang::EN).is_empty())
    );
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
fn the_25_10_page_as_html_gives_the_same_facts() {
    assert_same_facts("25.10", "training-nv-pytorch-25.10.zh.html");
}

#[test]
fn an_existing_record_is_not_overwritten_without_force() {
    let dir = Project::empty();
    let page = fixture("training-nv-pytorch-25.05.zh.txt");
    assert!(dir.import(&page, &["--version", "25.05"]).status.success());
    let out = dir.import(&page, &["--version", "25.05"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--force"));
    assert!(
        dir.import(&page, &["--version", "25.05", "--force"])
            .status
            .success()
    );
}

/// Asserts that the record of 25.05 (imported from the vendor's zh page)
/// holds the `en` texts of the English page the merge tests import; the
/// record.
fn assert_en_texts_merged_into_25_05(dir: &Project) -> Release {
    let (_, r) = dir.load("25.05");
    assert_eq!(r.features[0].side(Lang::ZH), "基础镜像CUDA升级至12.9.0。");
    assert_eq!(
        r.features[0].side(Lang::EN),
        "CUDA in the base image upgraded to 12.9.0."
    );
    assert_eq!(
        r.known_issues[0].side(Lang::EN),
        "The recomputation gain is lower than before."
    );
    r
}

#[test]
fn an_english_page_merges_into_the_chinese_record_by_position() {
    let dir = Project::empty();
    assert!(
        dir.import(
            &fixture("training-nv-pytorch-25.05.zh.txt"),
            &["--version", "25.05"]
        )
        .status
        .success()
    );
    let en = dir.write(
        "page.en.md",
        "This document describes the release notes of training-nv-pytorch 25.05.\n\n\
         ## Main Features\n\nCUDA in the base image upgraded to 12.9.0.\n\n\
         ## Bugs Fix\n\npytorch upgraded to 2.6.0.7.post1, fixing the profile crash issue.\n\n\
         ## Known Issues\n\nThe recomputation gain is lower than before.\n",
    );
    let out = dir.import(&en, &["--version", "25.05", "--lang", "en"]);
    assert_ok(&out);
    assert!(String::from_utf8_lossy(&out.stderr).contains("merged the `en` texts"));
    let r = assert_en_texts_merged_into_25_05(&dir);
    // Facts of the first import stay.
    assert_eq!(r.components.len(), 2);
}

#[test]
fn an_html_page_with_a_table() {
    let dir = Project::empty();
    let page = dir.write("page.html", "<html><body><p>本文介绍x 9.1版本发布记录。</p><h2>Main Features</h2><ul><li>vLLM升级至0.11.0。</li></ul>\
         <h2>Bugs Fix</h2><p>暂无</p><h2>Contents</h2><table>\
         <tr><th></th><th>aarch64架构</th><th>amd64架构</th></tr>\
         <tr><td>应用场景</td><td>训练</td><td>训练/推理</td></tr>\
         <tr><td>框架</td><td>pytorch</td><td>pytorch</td></tr>\
         <tr><td>核心组件</td><td>vllm : 0.11.0 torch : 2.8</td><td>vllm : 0.11.0 torch : 2.9</td></tr>\
         </table></body></html>");
    dir.import_ok(&page, &["--version", "9.1"]);
    let (ws, r) = dir.load("9.1");
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
    let dir = Project::empty();
    let page = dir.write(
        "page.md",
        "# x 9.2\n\n## Main Features\n\n- torch upgraded to 2.9.0\n\n## Contents\n\n\
         | | |\n|---|---|\n| Framework | pytorch |\n| Components | torch : 2.9.0 CUDA : 12.8 |\n",
    );
    let (_, r) = dir.import_record(&page, &["--version", "9.2", "--lang", "en"], "9.2");
    assert_eq!(r.arch_names(), ["amd64"]);
    assert_eq!(r.components.len(), 2);
    assert_eq!(r.features[0].side(Lang::EN), "torch upgraded to 2.9.0");
}

/// A project's import.toml adds headings and aliases to relnotes' own.
#[test]
fn a_projects_own_headings_and_aliases() {
    let dir = Project::empty();
    let page = dir.write("page.md", "# x 9.4\n\n## Neuerungen\n\n- Schneller.\n\n## Bekannte Probleme\n\n- Keine Tests.\n\n\
         ## Components\n\n| Package | Version |\n|---|---|\n| PT | 2.9.0 |\n| Ray Core | 2.50.1 |\n");
    let project_words = dir.write(
        "import.toml",
        "[headings]\nfeatures = [\"Neuerungen\"]\nknown_issues = [\"Bekannte Probleme\"]\n\n\
         [component.torch]\naliases = [\"pt\"]\n\n[component.ray]\naliases = [\"ray core\"]\n",
    );
    assert_ok(&dir.import(&page, &["--lang", "en"]));
    let (_, r) = dir.load("9.4");
    assert_eq!(r.features[0].side(Lang::EN), "Schneller.");
    assert_eq!(r.known_issues[0].side(Lang::EN), "Keine Tests.");
    // `torch` as the catalog spells it; `ray` as the project names it.
    assert_eq!(
        r.components.iter().collect::<Vec<_>>(),
        [
            (&"torch".to_string(), &"2.9.0".to_string()),
            (&"ray".to_string(), &"2.50.1".to_string())
        ]
    );
    // A word import.toml does not know is refused, naming the file.
    fs::write(
        &project_words,
        "[headings]\nneuerungen = [\"Neuerungen\"]\n",
    )
    .unwrap();
    let (code, err) = dir.import_code(&page, &["--lang", "en", "--force"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("import.toml") && err.contains("unknown variant `neuerungen`"),
        "{err}"
    );
}

#[test]
fn lists_under_headings_import_does_not_know_are_the_changes_of_the_release() {
    // Egret's release notes: every list stands under a heading of a
    // platform ("## 微信小游戏 v1.2.9"), none under one meaning "new".
    let dir = Project::empty();
    let page = fixture("corpus/held-out-22/egret/release-note-5.2.28.zh.md");
    let (code, err) = dir.import_code(&page, &[]);
    assert_eq!(code, Some(0), "{}", err);
    let written = dir.record("5.2.28");
    let record: toml::Value = toml::from_str(&written).unwrap();
    let features = record["features"].as_array().unwrap();
    assert!(
        features.iter().any(|f| f
            .as_table()
            .unwrap()
            .values()
            .any(|text| text.as_str() == Some("[优化] 支持多个 websocket 连接"))),
        "{written}"
    );
    assert!(record.get("sections").is_none(), "{written}");
}

#[test]
fn images_of_other_releases_are_no_assets_and_the_record_lints_clean() {
    // tonghuikang's DGX Spark README, read as the release of its commit's
    // date: the NGC images it serves from are tagged by NGC's releases.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-47/tonghuikang/spark-inference-readme.en.md");
    let (code, err) = dir.import_code(&page, &["--version", "2026-07-12"]);
    assert_eq!(code, Some(0), "{}", err);
    assert!(
        err.contains("image(s) whose tags do not name release 2026-07-12 left out of its assets: nvcr.io/nvidia/vllm:26.06-py3"),
        "{err}"
    );
    // The image named without a tag stays: no tag, no other release.
    let images: Vec<String> = dir
        .release("2026-07-12")
        .assets
        .iter()
        .map(|a| a.image.clone())
        .collect();
    assert_eq!(images, ["nvcr.io/nvidia/vllm"]);
    let lint = dir.run(&["lint", "2026-07-12"]);
    assert!(lint.status.success(), "{}", all_output(&lint));
}

#[test]
fn parts_that_are_builds_of_the_titled_release_are_that_release() {
    // Flax's "# Flax 0.5 release notes" over "### Version 0.5.6186 - 27
    // September", "### Version 0.5.6185 …": without --all, the page is 0.5.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-22/flax-engine/release-notes-0.5.en.md");
    let (code, err) = dir.import_code(&page, &[]);
    assert_eq!(code, Some(0), "{}", err);
    assert!(
        err.contains("the page's parts are builds of 0.5"),
        "{}",
        err
    );
    let written = dir.record("0.5");
    assert!(written.contains("Mono = \"5.20.1\""), "{written}");
    // With --all, each build is a release of its own.
    let dir = Project::empty();
    let (code, err) = dir.import_code(&page, &["--all"]);
    assert_eq!(code, Some(0), "{}", err);
    assert!(dir.path().join("releases/0.5.6186.toml").exists());
}

#[test]
fn a_page_without_a_release_is_refused_and_nothing_is_written() {
    let dir = Project::empty();
    let page = dir.write("page.txt", "hello\nworld\n");
    let out = dir.import(&page, &["--version", "9.3"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("page.txt: no release found in the page (2 line(s) read)"),
        "{err}"
    );
    assert!(!dir.path().join("releases/9.3.toml").exists());
}

/// A FIFO named as a page is refused at once (exit 2), never waited on
/// for a writer; a directory too.
#[cfg(unix)]
#[test]
fn a_fifo_or_a_directory_without_a_page_is_refused_without_waiting() {
    let dir = Project::empty();
    let fifo = dir.path().join("page.md");
    crate::util::mkfifo(&fifo);
    // A directory stands for its regular files: a FIFO in it is no page.
    let saved = dir.path().join("saved");
    std::fs::create_dir(&saved).unwrap();
    crate::util::mkfifo(&saved.join("notes.md"));
    for (page, kind) in [
        (fifo.clone(), "it is a FIFO, not a regular file"),
        (dir.path().join("releases"), "the directory holds no page"),
        (saved, "the directory holds no page"),
    ] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("relnotes"))
            .current_dir(dir.path())
            .arg("import")
            .arg(&page)
            .args(["--version", "1.0"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // A blocked open never ends: the child is killed after a minute,
        // so the test fails instead of hanging.
        let started = std::time::Instant::now();
        while child.try_wait().unwrap().is_none() {
            if started.elapsed() > std::time::Duration::from_secs(60) {
                child.kill().unwrap();
                panic!("import of {} still waits after a minute", page.display());
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        let out = child.wait_with_output().unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains(kind), "{err}");
        assert!(!dir.path().join("releases/1.0.toml").exists());
    }
}

#[test]
fn several_pages_each_to_the_version_it_states_one_line_each() {
    let dir = Project::empty();
    let pages = [
        fixture("training-nv-pytorch-25.05.zh.txt"),
        fixture("training-nv-pytorch-25.10.zh.txt"),
    ];
    let out = dir.relnotes().arg("import").args(&pages).output().unwrap();
    assert_ok(&out);
    let err = stderr(&out);
    let reports: Vec<&str> = err.lines().filter(|l| l.contains(": wrote ")).collect();
    assert_eq!(reports.len(), 2, "{err}");
    assert!(reports[0].contains("training-nv-pytorch-25.05.zh.txt: wrote releases/25.05.toml"));
    assert!(reports[1].contains("releases/25.10.toml (2 arch(s): aarch64, amd64; 28 component(s)"));
    assert_eq!(dir.load("25.05").1.version, "25.05");
    assert_eq!(dir.load("25.10").1.version, "25.10");
}

#[test]
fn version_with_several_pages_is_a_usage_error() {
    let dir = Project::empty();
    let out = dir
        .relnotes()
        .arg("import")
        .arg(fixture("training-nv-pytorch-25.05.zh.txt"))
        .arg(fixture("training-nv-pytorch-25.10.zh.txt"))
        .args(["--version", "25.10"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("--version names the release of one page; 2 pages were given"));
    assert_eq!(
        fs::read_dir(dir.path().join("releases")).unwrap().count(),
        0
    );
}

#[test]
fn one_bad_page_and_nothing_is_written() {
    let dir = Project::empty();
    let bad = dir.write("notes.txt", "hello\nworld\n");
    let out = dir
        .relnotes()
        .arg("import")
        .arg(fixture("training-nv-pytorch-25.10.zh.txt"))
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("notes.txt: no release found"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        fs::read_dir(dir.path().join("releases")).unwrap().count(),
        0
    );
}

#[test]
fn a_page_stating_no_version_needs_one() {
    let dir = Project::empty();
    let page = dir.write("notes.md", "## Highlights\n\n- vLLM upgraded to 0.11.0\n");
    dir.assert_import_refused(&page, &[], "notes.md: the page states no version", "");
    assert_ok(&dir.import(&page, &["--version", "9.5"]));
    assert_eq!(dir.load("9.5").1.features.len(), 1);
}

#[test]
fn both_languages_of_a_release_in_one_call_and_the_language_from_the_text() {
    let dir = Project::empty();
    let en = dir.write(
        "25.05.en.md",
        "# training-nv-pytorch 25.05 release notes\n\n## Main Features\n\n\
         - CUDA in the base image upgraded to 12.9.0.\n\n## Known Issues\n\n\
         - The recomputation gain is lower than before.\n",
    );
    let out = dir
        .relnotes()
        .arg("import")
        .arg(fixture("training-nv-pytorch-25.05.zh.txt"))
        .arg(&en)
        .output()
        .unwrap();
    assert_ok(&out);
    assert!(stderr(&out).contains("25.05.en.md: merged the `en` texts into releases/25.05.toml"));
    assert_en_texts_merged_into_25_05(&dir);
}

#[test]
fn a_reworded_page_with_stray_lines_imports_with_warnings() {
    let dir = Project::empty();
    let page = fixture("reworded-25.08.en.txt");
    let err = dir.import_ok(&page, &[]);
    assert!(
        err.contains(
            "reworded-25.08.en.txt: line 5: stray line `-` in section “What's new” dropped"
        ),
        "{err}"
    );
    assert!(err.contains("line 9: stray line `|` in section “Upgraded components” dropped"));
    // The title's "training-nv-pytorch 25.08" is the release, no component.
    assert!(
        err.contains("confidence high: 2 of 2 name–version statement(s)"),
        "{err}"
    );
    assert!(err.contains("2 warning(s)"));
    let (ws, r) = dir.load("25.08");
    assert_eq!(r.features.len(), 2);
    assert_eq!(
        r.features[1].side(Lang::EN),
        "Instances of the L20A machine type are supported."
    );
    assert!(matches!(r.bug_fixes, BugFixes::None(_)));
    assert!(r.known_issues.is_empty());
    assert_eq!(r.arch_names(), ["aarch64", "amd64"]);
    let amd64 = &r.resolve(&ws.project)[1];
    assert_eq!(amd64.component("vllm").unwrap().version, "0.10.0");
    assert_eq!(amd64.component("torch").unwrap().version, "2.7.1.8+nv25.3");
}

#[test]
fn a_page_cut_short_imports_what_it_holds_and_names_the_section() {
    let dir = Project::empty();
    let err = dir.import_ok(&fixture("cut-short-25.07.zh.txt"), &[]);
    assert!(
        err.contains("line 10: stray line `-` in section “核心组件” dropped"),
        "{err}"
    );
    assert!(
        err.contains("line 12: the page ends mid-sentence")
            && err.contains("in section “驱动要求”; it looks cut short"),
        "{err}"
    );
    let (_, r) = dir.load("25.07");
    // The table's three, vLLM the feature upgrades and the CUDA the
    // driver prose says the release is based on (prose fills what the
    // table lacks).
    assert_eq!(r.components.len(), 5);
    assert_eq!(r.components["vllm"], "0.10.0");
    assert_eq!(r.components["CUDA"], "12.8.0");
    assert_eq!(r.features.len(), 1);
    assert!(r.features[0].side(Lang::EN).is_empty());
    let driver = r.driver.as_ref().unwrap();
    assert_eq!(driver.min.as_deref(), Some("575"));
}

#[test]
fn cut_inside_a_table_a_list_or_code() {
    for (name, page, want) in [
        (
            "t.md",
            "# x 9.6\n\n## Core Packages\n\n| Package | Version |\n|---|---|\n| Python | 3.12.8 |\n| PyTorch | 2.",
            "the page ends inside a table in section “Core Packages”; it looks cut short; its last row (“| PyTorch | 2. |”) is left out",
        ),
        (
            "l.html",
            "<h1>x 9.6</h1><h2>Highlights</h2><ul><li>vLLM upgraded to 0.11.0</li><li>Added",
            "the page ends inside a list in section “Highlights”",
        ),
        (
            "c.md",
            "# x 9.6\n\n## Highlights\n\n- a\n\n## Docker Image URIs\n\n```\nx.io/a/b:9.6\n",
            "the page ends inside a code block (no closing fence) in section “Docker Image URIs”",
        ),
        (
            "h.md",
            "# x 9.6\n\n## Highlights\n\n- a\n\n## Known Issues\n",
            "section “Known Issues” has a heading and no body",
        ),
    ] {
        let dir = Project::empty();
        let path = dir.write(name, page);
        let err = dir.import_ok(&path, &[]);
        assert!(err.contains(want), "{name}: {}", err);
        assert!(dir.path().join("releases/9.6.toml").exists());
    }
}

#[test]
fn an_aws_page_in_markdown_packages_and_image_uris() {
    let dir = Project::empty();
    let err = dir.import_ok(&fixture("aws-dlc-pytorch-training-gpu-ec2-2.6.en.txt"), &[]);
    assert!(err.contains("wrote releases/2.6.toml"), "{}", err);
    let (_, r) = dir.load("2.6");
    assert_eq!(r.features.len(), 3);
    assert_eq!(
        r.features[2].side(Lang::EN),
        "Added Python 3.12, CUDA 12.6, Ubuntu 22.04 support"
    );
    let comps: Vec<String> = r
        .components
        .iter()
        .map(|(name, version)| format!("{name}={version}"))
        .collect();
    // The project names it `torch` (relnotes.toml [catalog]): the alias follows.
    assert!(comps.contains(&"torch=2.6.0".to_string()), "{comps:?}");
    assert!(
        comps.contains(&"transformer_engine=2.0".to_string()),
        "{comps:?}"
    );
    // The table's twelve, and Ubuntu from "Added … Ubuntu 22.04 support".
    assert!(comps.contains(&"Ubuntu=22.04".to_string()), "{comps:?}");
    assert_eq!(comps.len(), 13);
    assert_eq!(r.assets.len(), 8);
    assert!(
        r.assets
            .iter()
            .all(|a| a.image.contains("pytorch-training:2.6"))
    );
    let ids: Vec<&str> = r.sections.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["security-advisory", "quick-links"]);
}

#[test]
fn an_older_aws_page_with_prose_lists_and_known_issues() {
    let dir = Project::empty();
    let (_, r) = dir.import_record(
        &fixture("aws-dlc-pytorch-training-ec2-ecs-eks-2.4.en.txt"),
        &[],
        "2.4",
    );
    assert_eq!(r.known_issues.len(), 1);
    assert!(
        r.known_issues[0]
            .side(Lang::EN)
            .starts_with("Customers using TransformerEngine may run into")
    );
    // The nested "includes the following libraries:" list gives components.
    let comps: Vec<String> = r
        .components
        .iter()
        .map(|(name, version)| format!("{name}={version}"))
        .collect();
    assert!(comps.contains(&"CUDA=12.4.1".to_string()), "{comps:?}");
    assert!(comps.contains(&"apex=24.04.01".to_string()), "{comps:?}");
    assert!(r.features.iter().any(|f| f.side(Lang::EN).starts_with(
        "The GPU Docker Image includes the following libraries: CUDA 12.4.1, cuDNN 9.1.0.70"
    )));
}

#[test]
fn a_changelog_imports_its_newest_release_and_says_so() {
    let dir = Project::empty();
    let err = dir.import_ok(&fixture("aws-dlc-pytorch-changelog-2.11-2.13.en.txt"), &[]);
    assert!(
        err
            .contains("the page holds 3 releases (2.13, 2.12, 2.11); imported the first, 2.13 (--all imports each to its own record)"),
        "{}",
        err
    );
    let (_, r) = dir.load("2.13");
    assert_eq!(r.features.len(), 3);
    assert!(
        r.features[0]
            .side(Lang::EN)
            .starts_with("Bumped PyTorch to 2.13.0")
    );
    assert!(
        r.components
            .iter()
            .any(|(name, version)| name == "CUDA" && version == "13.3.0")
    );
    assert!(!dir.path().join("releases/2.12.toml").exists());
    // The `* * *` between its releases cuts nothing short.
    assert!(!err.contains("has a heading and no body"), "{}", err);
}

#[test]
fn an_ngc_page_with_driver_prose_and_key_features() {
    let dir = Project::empty();
    let (_, r) = dir.import_record(
        &fixture("nvidia-pytorch-container-20.02.en.txt"),
        &[],
        "20.02",
    );
    let driver = r.driver.as_ref().unwrap();
    assert_eq!(driver.cuda.as_deref(), Some("10.2.89"));
    assert!(
        driver
            .wording
            .as_ref()
            .unwrap()
            .side(Lang::EN)
            .starts_with("Release 20.02 is based on NVIDIA CUDA 10.2.89")
    );
    // Key features are the page's features; the list's introduction is not one.
    assert_eq!(r.features.len(), 10);
    assert_eq!(
        r.features[1].side(Lang::EN),
        "Latest version of DALI 0.18.0 Beta"
    );
    let ids: Vec<&str> = r.sections.iter().map(|s| s.id.as_str()).collect();
    assert!(ids.contains(&"gpu-requirements"), "{ids:?}");
}

#[test]
fn one_release_in_one_language_from_two_pages_is_refused() {
    let dir = Project::empty();
    let page = fixture("training-nv-pytorch-25.05.zh.txt");
    let out = dir
        .relnotes()
        .arg("import")
        .args([&page, &page])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("release 25.05 in `zh` comes from two pages"),
        "{}",
        stderr(&out)
    );
    assert!(!dir.path().join("releases/25.05.toml").exists());
}

/// Import reads at most 16 MiB: a page past it ends at once with a clear
/// error and writes nothing; an endless device such as /dev/zero is no
/// page at all.
#[test]
fn pages_past_the_size_limit_are_refused() {
    let dir = Project::empty();
    let big = dir.path().join("huge.txt");
    let file = fs::File::create(&big).unwrap();
    file.set_len((16 << 20) + 1).unwrap();
    for (page, error) in [
        (big.as_path(), "the page is larger than 16 MiB"),
        (Path::new("/dev/zero"), "it is a device, not a regular file"),
    ] {
        dir.assert_import_refused(page, &["--version", "26.01"], error, "");
    }
    assert_eq!(
        fs::read_dir(dir.path().join("releases")).unwrap().count(),
        0
    );
}

/// `new`, `import` and the loader share one rule for a release version.
#[test]
fn a_version_new_refuses_import_and_the_loader_refuse_too() {
    let dir = Project::empty();
    let page = fixture("training-nv-pytorch-25.10.zh.txt");
    for version in ["a b", "26.01;rm", "CON", "💥", "26.01\u{1b}]0;x"] {
        let says = "is not a release version";
        dir.assert_import_refused(&page, &["--version", version], says, version);
        let new = dir
            .relnotes()
            .args([
                "new",
                version,
                "--from",
                "25.10",
                "--image",
                "oci:/nonexistent",
            ])
            .output()
            .unwrap();
        assert_eq!(new.status.code(), Some(2), "{version:?}");
        assert!(
            stderr(&new).contains("is not a release version"),
            "{}",
            stderr(&new)
        );
    }
    assert_eq!(
        fs::read_dir(dir.path().join("releases")).unwrap().count(),
        0
    );

    // A record put there by hand under such a name does not load either.
    let record = fs::read_to_string(root().join("releases/25.10.toml"))
        .unwrap()
        .replacen("version = \"25.10\"", "version = \"a b\"", 1);
    fs::write(dir.path().join("releases/a b.toml"), record).unwrap();
    let out = dir.relnotes().args(["render", "a b"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("`a b` is not a release version"),
        "{}",
        stderr(&out)
    );
}

/// Pages nested tens of thousands deep (the issue's HTML, and Markdown's
/// lists and quotes) are refused at once: exit 2, never a stack overflow,
/// nothing written.
#[test]
fn deeply_nested_pages_are_refused_not_aborted() {
    let dir = Project::empty();
    let html = |open: &str| {
        format!(
            "<html><body><h1>Release 26.01</h1>{}x</body></html>",
            open.repeat(40_000)
        )
    };
    let markdown = |open: &str| {
        format!(
            "# Release 26.01\n\n## Main Features\n\n{}x\n",
            open.repeat(40_000)
        )
    };
    let pages = [
        ("list.html", html("<ul><li>")),
        ("div.html", html("<div>")),
        ("quote.html", html("<blockquote>")),
        ("bold.html", html("<b>")),
        ("quote.md", markdown("> ")),
        ("list.md", markdown("- ")),
    ];
    for (name, text) in pages {
        let page = dir.write(name, text);
        dir.assert_import_refused(&page, &["--version", "26.99"], "more than 256 deep", name);
    }
    assert!(dir.records().is_empty());
}

/// Components are matched by key, not pair by pair: a table of 20 000
/// rows, and an HTML cell of 20 000 `name : version` items, import in
/// about a second (pair by pair, 10 000 rows took minutes).
#[test]
fn long_component_tables_import_in_linear_time() {
    let dir = Project::empty();
    let rows: String = (0..20_000)
        .map(|i| format!("| pkg{i} | 1.{i}.0 |\n"))
        .collect();
    let table = format!(
        "# Release 26.01\n\n## Core Packages\n\n| Package | Version |\n| --- | --- |\n{rows}"
    );
    let items: String = (0..20_000)
        .map(|i| format!("<p>pkg{i} : 1.{i}.0</p>"))
        .collect();
    let cell = format!(
        "<html><body><h1>Release 26.02</h1><h2>Contents</h2><table><tr><td>核心组件</td><td>{items}</td></tr></table></body></html>"
    );
    for (name, text, version) in [("table.md", table, "26.01"), ("cell.html", cell, "26.02")] {
        let page = dir.write(name, text);
        let err = dir.import_ok(&page, &[]);
        assert!(err.contains("20000 component(s)"), "{name}: {}", err);
        let (_, release) = dir.load(version);
        assert_eq!(release.components.len(), 20_000, "{name}");
        assert_eq!(release.components["pkg19999"].to_string(), "1.19999.0");
    }
}

/// A page may hold 50 000 lines, HTML elements and record entries, and a
/// Markdown page a million marks: a page at the bound imports, one past
/// it is refused with exit 2 and nothing is written (memory stays within
/// 256 MiB below the bounds, docs/limits.md).
#[test]
fn pages_past_the_item_bounds_are_refused_and_nothing_is_written() {
    let dir = Project::empty();
    let components = |n: usize| -> String {
        let lines: String = (0..n).map(|i| format!("pkg{i} : 1.{i}\n")).collect();
        format!("Release 26.01\nCore Packages\n{lines}")
    };
    // 50 000 lines, 49 998 components: at both bounds.
    let at_bound = dir.write("at-bound.txt", components(49_998));
    let err = dir.import_ok(&at_bound, &[]);
    assert!(err.contains("49998 component(s)"), "{}", err);
    fs::remove_file(dir.path().join("releases/26.01.toml")).unwrap();

    let one_cell: String = (0..50_001).map(|i| format!("p{i} : 1.{i} ")).collect();
    let cases = [
        ("lines.txt", components(49_999), "more than 50000 lines"),
        // The issue's page: a megabyte of 250 000 bullets.
        (
            "bullets.md",
            format!(
                "# Release 26.01\n\n## Main Features\n\n{}",
                "- x\n".repeat(250_000)
            ),
            "more than 50000 lines",
        ),
        (
            "elements.html",
            format!(
                "<h1>Release 26.01</h1><h2>Main Features</h2>{}",
                "<p>x".repeat(50_001)
            ),
            "more than 50000 HTML elements",
        ),
        (
            "cell.txt",
            format!("Release 26.01\nContents\n核心组件 | {one_cell}|\n"),
            "more than 50000 entries",
        ),
        (
            "marks.md",
            format!(
                "# Release 26.01\n\n## Main Features\n\n- {}\n",
                "`a` ".repeat(500_001)
            ),
            "more than 1000000 Markdown marks",
        ),
    ];
    for (name, text, says) in cases {
        let page = dir.write(name, text);
        dir.assert_import_refused(&page, &[], says, name);
        assert!(dir.records().is_empty(), "{name}");
    }
}

/// A file of `KEY=VALUE` lines (an environment) states a version but holds
/// no release: refused with or without `--version`, nothing written.
#[test]
fn a_page_of_key_value_lines_is_no_release() {
    let dir = Project::empty();
    let page = dir.write(
        "env.txt",
        "HOME=/root\nPATH=/usr/local/bin:/usr/bin\nRUST_VERSION=1.89.0\nLANG=C.UTF-8\n",
    );
    let mut pages = vec![page];
    if Path::new("/proc/self/environ").exists() {
        pages.push(PathBuf::from("/proc/self/environ"));
    }
    for page in &pages {
        for args in [&[][..], &["--version", "26.01"][..]] {
            let case = format!("{page:?} {args:?}");
            dir.assert_import_refused(page, args, "no release found in the page", &case);
        }
    }
    assert!(dir.records().is_empty());
}

/// Control characters (raw or as character references) and bidirectional
/// overrides and isolates on a page never reach the record.
#[test]
fn control_characters_and_bidi_overrides_never_reach_the_record() {
    let dir = Project::empty();
    let pages = [
        (
            "page.html",
            "<html><head><title>x</title></head><body><h1>Release 26.01&#x1b;]0;owned&#7;</h1>\
             <h2>Main Features</h2><ul><li>red &#x1b;[31mtext\u{1b}[0m</li><li>a&#x202e;b&#x2066;c\u{9b}2Jd\u{0}e</li></ul>\
             <h2>Core Packages</h2><ul><li>torch&#x1b; : 2.6.0</li></ul></body></html>",
        ),
        (
            "page.md",
            "# Release 26.02&#27;\n\n## Main Features\n\n- one\u{1b}[2J\r two\n- three&#x2067;\u{202d}four\n",
        ),
        (
            "page.txt",
            "Release 26.03\u{7}\nMain Features\n- one\u{1b}]8;;http://x\u{7}link\u{85}\n- \u{2069}two\u{8}\n",
        ),
    ];
    for (name, text) in pages {
        let page = dir.write(name, text);
        dir.import_ok(&page, &[]);
    }
    for (version, feature) in [
        ("26.01", "red [31mtext[0m"),
        ("26.02", "one[2J two"),
        ("26.03", "one]8;;http://xlink"),
    ] {
        let path = dir.path().join(format!("releases/{version}.toml"));
        let record = fs::read_to_string(&path).unwrap();
        assert_eq!(
            model::first_hidden_control(&record),
            None,
            "{version}: {record:?}"
        );
        let (_, release) = dir.load(version);
        assert_eq!(release.features[0].side(Lang::EN), feature, "{version}");
    }
    let (_, first) = dir.load("26.01");
    assert_eq!(first.features[1].side(Lang::EN), "abc2Jde");
    assert!(first.components.contains_key("torch"));
}

/// What a message quotes of a page is a little of it, and a page of a
/// hundred stray lines is told in a screenful.
#[test]
fn warnings_quote_a_little_of_the_page_and_stop_after_a_screenful() {
    let dir = Project::empty();
    let page = dir.path().join("stray.txt");
    let stray = format!("{}\n", "|".repeat(100_000));
    fs::write(
        &page,
        format!("Release 26.01\nMain Features\n- a.\n{}", stray.repeat(100)),
    )
    .unwrap();
    let err = dir.import_ok(&page, &[]);
    // 21 lines of warnings, the summary, and the report's two lines.
    assert_eq!(err.lines().count(), 24, "{}", &err[..err.len().min(2000)]);
    assert!(
        err.lines().all(|l| l.chars().count() < 300),
        "{}",
        &err[..err.len().min(2000)]
    );
    assert!(err.contains("stray line `||||"), "{err}");
    assert!(err.contains("… and 80 more warning(s)"), "{err}");
    assert!(err.contains("100 warning(s)"), "{err}");
}

/// A page's file name is written into the record's first comment: a line
/// break in it stays inside the comment.
#[test]
fn a_page_named_with_a_line_break_keeps_the_comment_on_one_line() {
    let dir = Project::empty();
    let page = dir.path().join("notes\n[evil]\nx = 1\n.txt");
    fs::copy(fixture("training-nv-pytorch-25.10.zh.txt"), &page).unwrap();
    dir.import_ok(&page, &[]);
    let record = dir.record("25.10");
    let first = record.lines().next().unwrap();
    assert_eq!(
        first,
        "# Imported by `relnotes import` from notes[evil]x = 1.txt."
    );
    assert!(!record.lines().any(|l| l == "[evil]"), "{record}");
    dir.load("25.10");
}

/// A project that names no component: import's names, sbom's package URLs,
/// types and CPEs come from data/components.toml alone.
fn project_without_catalog() -> Project {
    Project::new(
        "languages = [\"en\", \"zh-Hant\"]\n[product]\nid = \"pytorch\"\n[product.name]\nen = \"PyTorch\"\nzh-Hant = \"PyTorch\"\n",
    )
}

#[test]
fn an_ngc_pages_sbom_has_cuda_as_a_framework_with_its_cpe_and_no_pypi_libraries() {
    let dir = project_without_catalog();
    for page in [
        "nvidia-pytorch-container-20.02.en.txt",
        "nvidia-pytorch-container-22.12.zh-Hant.txt",
    ] {
        assert_ok(&dir.import(&fixture(page), &[]));
    }
    let (_, r) = dir.load("22.12");
    let names: Vec<&str> = r.components.keys().map(String::as_str).collect();
    for canonical in [
        "CUDA",
        "cuDNN",
        "NCCL",
        "TensorRT",
        "HPC-X",
        "nsight-systems",
    ] {
        assert!(names.contains(&canonical), "{canonical} in {names:?}");
    }

    let sbom = |version: &str, arch: &[&str]| -> serde_json::Value {
        let out = dir
            .relnotes()
            .args(["sbom", version])
            .args(arch)
            .output()
            .unwrap();
        assert_ok(&out);
        let text = String::from_utf8(out.stdout).unwrap();
        crate::sbom::assert_valid_json(&text, version);
        serde_json::from_str(&text).unwrap()
    };
    let by_purl = |bom: &serde_json::Value, purl: &str| -> serde_json::Value {
        bom["components"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["purl"] == purl)
            .unwrap_or_else(|| panic!("{purl} in {bom:#}"))
            .clone()
    };
    // 20.02 states its CUDA in the driver section only.
    let bom = sbom("20.02", &[]);
    let cuda = by_purl(&bom, "pkg:generic/cuda@10.2.89");
    assert_eq!(cuda["type"], "framework");
    assert_eq!(
        cuda["cpe"],
        "cpe:2.3:a:nvidia:cuda_toolkit:10.2.89:*:*:*:*:*:*:*"
    );
    assert_eq!(
        by_purl(&bom, "pkg:pypi/torch@1.4.0a0%2Ba5b4d78")["type"],
        "library"
    );
    let ubuntu = bom["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "ubuntu")
        .unwrap();
    assert_eq!(ubuntu["type"], "operating-system");
    assert_eq!(
        ubuntu["cpe"],
        "cpe:2.3:o:canonical:ubuntu_linux:18.04:*:*:*:*:*:*:*"
    );

    // 22.12 is also for Arm SBSA: an SBOM describes one architecture.
    let bom = sbom("22.12", &["--arch", "amd64"]);
    assert_eq!(
        by_purl(&bom, "pkg:generic/cuda@11.8.0")["type"],
        "framework"
    );
    by_purl(&bom, "pkg:generic/cudnn@8.7.0.84");
    by_purl(&bom, "pkg:generic/nccl@2.15.5");
    by_purl(&bom, "pkg:pypi/tensorrt@8.5.1");
    assert_eq!(
        by_purl(&bom, "pkg:generic/nsight-systems@2022.4.2.1")["type"],
        "application"
    );
    let pypi: Vec<&str> = bom["components"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["purl"].as_str())
        .filter(|p| p.starts_with("pkg:pypi/"))
        .collect();
    for library in [
        "cuda", "cudnn", "nccl", "openmpi", "hpc-x", "magma", "nsight",
    ] {
        assert!(
            !pypi.iter().any(|p| p.contains(library)),
            "{library} in {pypi:?}"
        );
    }

    // What import wrote passes lint's name rules.
    let out = dir
        .relnotes()
        .args(["lint", "--format", "json"])
        .output()
        .unwrap();
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: Vec<&serde_json::Value> = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "component-name")
        .collect();
    assert!(names.is_empty(), "{names:#?}");
}

/// A project writing in English only.
fn english_project() -> Project {
    Project::new(
        "languages = [\"en\"]\n\n[product]\nid = \"images\"\n\n[product.name]\nen = \"images\"\n",
    )
}

/// The shared pages (`../shared/pages` of the main checkout, two levels
/// up from a worktree).
fn shared_pages() -> PathBuf {
    let near = root().join("../shared/pages");
    if near.exists() {
        near
    } else {
        root().join("../../shared/pages")
    }
}

fn shared_page(name: &str) -> PathBuf {
    shared_pages().join(name)
}

/// `relnotes lint` on what import wrote: no `component-name` finding.
fn assert_lint_knows_every_name(dir: &Project) {
    let all = all_output(&dir.run(&["lint"]));
    assert!(!all.contains("component-name"), "{all}");
}

#[test]
fn a_page_cut_mid_sentence_is_named_by_its_last_sentence_and_a_thin_record_is_told() {
    let page = shared_page("nvidia-pytorch-container-25.12.en.txt");
    if !page.exists() {
        return;
    }
    let dir = english_project();
    let err = dir.import_ok(&page, &[]);
    // The page ends "Starting " under Announcements; its "…the following
    // documentation:" introduces a list its copy lost: no cut.
    assert!(
        err.contains("the page ends mid-sentence (“Starting”) in section “Announcements”"),
        "{err}"
    );
    assert_eq!(err.matches("cut short").count(), 1, "{err}");
    assert!(
        err.contains("“Driver Requirements” ends with “…o the following documentation:” and what it introduces is not on the page"),
        "{err}"
    );
    // "based on CUDA 13.1.0" and "version 25.12 is based on
    // 2.10.0a0+b4e4ee81d3" (PyTorch's) are read from prose: not thin.
    assert!(!err.contains("a thin record"), "{err}");
    assert!(err.contains("confidence high: 2 of 2"), "{err}");
    assert!(err.contains("driver facts: yes"), "{err}");
    assert_lint_knows_every_name(&dir);
}

#[test]
fn a_page_of_known_issues_only_is_no_release_exit_2_and_nothing_written() {
    let dir = english_project();
    let page = dir.write(
        "issues-only.txt",
        "Release 3.1\nKnown Issues\n- Pulling the image over a slow link times out.\n",
    );
    dir.assert_import_refused(
        &page,
        &[],
        "issues-only.txt: no release found in the page (3 line(s) read): no component, feature, fix or driver fact could be read",
        "",
    );
    assert!(dir.records().is_empty());
}

/// A page whose features state one version and whose overview mentions
/// three more in passing (no statement of what the image holds): the
/// record is thin, and says so.
const THIN_PAGE: &str = "# Images 4.2 release notes\n\n\
## Key Features and Enhancements\n\n\
- Added Python 3.12 support.\n\n\
|\n\n\
## Overview\n\n\
Measured on the host: CUDA 12.4.1, cuDNN 9.1.0.70 and NCCL 2.21.5 for the benchmarks.\n";

#[test]
fn dry_run_prints_the_record_and_report_and_writes_nothing() {
    let dir = english_project();
    let page = dir.write("thin.md", THIN_PAGE);
    let out = dir.import(&page, &["--dry-run", "--verbose"]);
    assert_ok(&out);
    assert!(dir.records().is_empty());
    let record = String::from_utf8_lossy(&out.stdout);
    assert!(record.contains("version = \"4.2\""), "{record}");
    assert!(record.contains("Python = \"3.12\""), "{record}");
    let err = stderr(&out);
    assert!(err.contains("would write releases/4.2.toml"), "{err}");
    assert!(
        err.contains(
            "a thin record: 1 component(s) from a page that states 4 name–version statement(s)"
        ),
        "{err}"
    );
    assert!(err.contains("1 line(s) placed nowhere"), "{err}");
    assert!(err.contains("  line 7: |"), "{err}");
    assert!(err.contains("confidence low: 1 of 4"), "{err}");

    let out = dir.import(&page, &["--dry-run", "--format", "json"]);
    assert_ok(&out);
    assert!(dir.records().is_empty());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let report = &json[0];
    assert_eq!(report["components"], 1);
    assert_eq!(report["features"], 1);
    assert_eq!(report["statements"], 4);
    assert_eq!(report["unplaced"], 1);
    assert_eq!(report["unplaced_lines"][0]["line"], 7);
    assert_eq!(report["confidence"], "low");
    assert!(
        report["record_text"]
            .as_str()
            .unwrap()
            .contains("[components]")
    );

    // Written for real, the report is the same and the record lints clean.
    let err = dir.import_ok(&page, &[]);
    assert!(err.contains("wrote releases/4.2.toml"));
    assert_lint_knows_every_name(&dir);
}

#[test]
fn every_shared_page_imports_with_a_report_and_lints_clean() {
    let dir = shared_pages();
    let Ok(entries) = fs::read_dir(&dir) else {
        return;
    };
    let mut pages: Vec<PathBuf> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".en.txt"))
        .collect();
    pages.sort();
    for page in pages {
        let project = english_project();
        let err = project.import_ok(&page, &[]);
        assert!(err.contains("line(s) placed nowhere"), "{err}");
        assert!(err.contains(": confidence "), "{err}");
        assert_lint_knows_every_name(&project);
    }
}

/// Names and versions as NGC pages write them: "X including Y" is both,
/// "Y version V" is Y at V, "V post N" is the PEP 440 post-release V.postN;
/// the record passes lint with no component-name finding.
#[test]
fn including_version_and_post_release_give_each_component() {
    let dir = english_project();
    let (_, release) = dir.import_record(&fixture("named-versions-3.1.en.md"), &[], "3.1");
    let components: Vec<(String, String)> = release
        .components
        .iter()
        .map(|(n, v)| (n.clone(), v.clone()))
        .collect();
    let want = [
        ("Ubuntu", "22.04"),
        ("Python", "3.10"),
        ("CUDA", "11.1.1"),
        ("cuBLAS", "11.3.0"),
        ("cuDNN", "8.0.5"),
        ("vllm", "0.6.1.post2"),
        ("OpenMPI", "4.1.7"),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect();
    assert_eq!(components, want);
    assert_lint_knows_every_name(&dir);
}

/// Triton 24.10 lists "[Ubuntu 22.04](…) including [Python 3.10](…)" and
/// "[vLLM](…) version 0.5.3 post 1" under "Contents of the Triton
/// Inference Server container".
#[test]
fn the_triton_24_10_page_gives_vllm_as_a_post_release_and_python() {
    let page = shared_page("nvidia-tritonserver-container-24.10.en.txt");
    if !page.exists() {
        return;
    }
    let dir = english_project();
    assert_ok(&dir.import(&page, &[]));
    let (_, release) = dir.load("24.10");
    let version = |name: &str| release.components.get(name).cloned();
    assert_eq!(version("vllm").as_deref(), Some("0.5.3.post1"));
    assert_eq!(version("Python").as_deref(), Some("3.10"));
    assert_eq!(version("Ubuntu").as_deref(), Some("22.04"));
    assert!(
        release
            .components
            .keys()
            .all(|n| !n.to_lowercase().ends_with("version")),
        "{:?}",
        release.components.keys()
    );
    assert_lint_knows_every_name(&dir);
}

/// The components a record holds, `name=version`, in the record's order.
fn components_of(r: &Release) -> Vec<String> {
    r.components
        .iter()
        .map(|(name, version)| format!("{name}={version}"))
        .collect()
}

fn statements_fixture(name: &str) -> PathBuf {
    fixture("statements").join(name)
}

/// Name–version statements wherever a page makes them, in the layouts of
/// vendors' pages (tests/fixtures/import/statements): lists under headings
/// that are not about components, prose of what the image is, holds or is
/// based on, labelled list items; each record lints clean.
#[test]
fn name_version_statements_are_read_wherever_they_stand() {
    for (page, version, want) in [
        (
            // "GPU Instance Type Support" list, "built with Ubuntu 24.04",
            // "Network Performance: EFA 1.42.0 for …", "Python 3.12 is
            // supported"; the list's "CUDA 12.9" and the prose's
            // "CUDA 12.9.1" agree: the precise one.
            "aws-dlc-base-cuda-12.9.en.md",
            "12.9",
            &[
                "Python=3.12",
                "CUDA=12.9.1",
                "cuDNN=9.10.2.21",
                "NCCL=2.27.3-1",
                "EFA=1.42.0",
                "Ubuntu=24.04",
            ][..],
        ),
        (
            // ARM64: "TorchServe version: 0.12.0", "Python 3.11 is
            // supported in …", "contain the following software components".
            "aws-dlc-pytorch-graviton-inference-2.5.en.md",
            "2.5",
            &[
                "torch=2.5.1",
                "torchserve=0.12.0",
                "Python=3.11",
                "CUDA=12.4.1",
                "cuDNN=9.1.0.70+cuda12.4",
                "NCCL=2.21.5+cuda12.4",
            ][..],
        ),
        (
            // The table's CUDA 12.8.0 wins over the prose's "based on CUDA
            // 12.6.3"; prose fills Ubuntu and Python; "SGLang v0.4.5 and
            // above uses CUDA 12.4" and the TensorFlow of a known issue are
            // notes, not this image's.
            "aws-dlc-sglang-0.4.9.en.md",
            "0.4.9",
            &[
                "sglang=0.4.9",
                "torch=2.7.1",
                "CUDA=12.8.0",
                "NCCL=2.26.2",
                "Ubuntu=22.04",
                "Python=3.12",
            ][..],
        ),
        (
            // "Overview … The image includes:" with names no data knows
            // beside ones it knows; "tensor parallelism 8" is no component.
            "amd-rocm-vllm-0.9.1.en.md",
            "0.9.1",
            &[
                "vllm=0.9.1",
                "ROCm=6.4.1",
                "torch=2.7.0",
                "hipBLASLt=0.15.0",
                "RCCL=2.22.3",
                "Ubuntu=22.04",
                "Python=3.12",
            ][..],
        ),
    ] {
        let dir = english_project();
        let (_, r) = dir.import_record(&statements_fixture(page), &[], version);
        assert_eq!(components_of(&r), want, "{page}");
        assert_lint_knows_every_name(&dir);
    }
}

/// NGC pages list example models ("ResNet50 v1.5", "SSD300 v1.1",
/// "Tacotron 2 and WaveGlow v1.1") under a heading or in a feature line:
/// none of them is a component; the framework "based on" a version with
/// no name before it is the one named earlier in the sentence, and the
/// container's own number (19.10) is no component's.
#[test]
fn example_model_lists_give_no_components_and_based_on_names_the_framework() {
    let dir = english_project();
    let err = dir.import_ok(
        &statements_fixture("nvidia-pytorch-container-19.10.en.txt"),
        &[],
    );
    assert!(err.contains("confidence high: 10 of 10"), "{err}");
    let (_, r) = dir.load("19.10");
    assert_eq!(
        components_of(&r),
        [
            "Ubuntu=18.04",
            "Python=3.6",
            "CUDA=10.1.243",
            "cuBLAS=10.2.1.243",
            "cuDNN=7.6.4",
            "NCCL=2.4.8",
            "OpenMPI=3.1.4",
            "nsight-systems=2019.5.1",
            "torch=1.3.0a0+24ae9b5",
            "DALI=0.14.0",
        ]
    );
    assert_lint_knows_every_name(&dir);
}

/// The shared pages' statements in prose and under other headings: the
/// TensorFlow page's "GPU Instance Type Support" list and its "with CUDA
/// 12.5 on Ubuntu 22.04"; the NGC 25.12 page's two "based on".
#[test]
fn shared_pages_state_components_in_prose_and_other_lists() {
    for (page, version, want) in [
        (
            "aws-dlc-tensorflow-training-ec2-ecs-eks-2.18.en.txt",
            "2.18",
            &[
                "tensorflow=2.18",
                "CUDA=12.5",
                "Ubuntu=22.04",
                "cuDNN=9.3",
                "NCCL=2.23.4-1",
            ][..],
        ),
        (
            "nvidia-pytorch-container-25.12.en.txt",
            "25.12",
            &["CUDA=13.1.0", "torch=2.10.0a0+b4e4ee81d3"][..],
        ),
    ] {
        let page = shared_page(page);
        if !page.exists() {
            return;
        }
        let dir = english_project();
        let (_, r) = dir.import_record(&page, &[], version);
        assert_eq!(components_of(&r), want);
        assert_lint_knows_every_name(&dir);
    }
}

/// Imports a fixture into a project of `languages` and loads `version`.
fn imported(page: &str, languages: &[&str], version: &str) -> (Project, Release) {
    let dir = Project::in_languages(languages);
    let (_, release) = dir.import_record(&fixture(page), &[], version);
    (dir, release)
}

fn lang(tag: &str) -> Lang {
    tag.parse().unwrap()
}

fn section_ids(r: &Release) -> Vec<&str> {
    r.sections.iter().map(|s| s.id.as_str()).collect()
}

/// NGC: the ten "Key Features and Enhancements" are the features, the
/// short "Announcements" list its own section; a feature saying the
/// container is available for Arm SBSA adds arm64 to amd64.
#[test]
fn ngc_key_features_are_the_features_and_announcements_a_section() {
    let (dir, r) = imported("nvidia-pytorch-container-24.04.en.txt", &["en"], "24.04");
    assert_eq!(r.features.len(), 10);
    assert_eq!(
        r.features[0].side(Lang::EN),
        "PyTorch container image version 24.04 is based on 2.3.0a0+6ddf5cf85e."
    );
    assert!(
        r.features
            .iter()
            .all(|f| !f.side(Lang::EN).contains("Python 3.8 wheels"))
    );
    assert_eq!(section_ids(&r), ["announcements"]);
    let announcements = &r.sections[0];
    assert_eq!(announcements.title.side(Lang::EN), "Announcements");
    assert!(
        announcements
            .body
            .side(Lang::EN)
            .contains("last one that includes Torch-TensorRT")
    );
    assert_eq!(r.known_issues.len(), 2);
    assert_eq!(r.arch_names(), ["amd64", "arm64"]);
    assert_lint_knows_every_name(&dir);
}

/// AWS ARM64: "## Release Notes" are the features, "### Deprecations" under
/// them a section of their own (not glued to the last feature), "## Known
/// Issues" the known issues, "## Security Advisory" a section; "ARM64" in
/// the title and "Graviton" in the introduction make the image arm64 only.
#[test]
fn an_aws_arm64_page_has_its_roles_and_arch() {
    let (dir, r) = imported("aws-dlc-pytorch-arm64-inference-2.5.en.md", &["en"], "2.5");
    assert_eq!(r.features.len(), 3);
    assert_eq!(
        r.features[0].side(Lang::EN),
        "Added containers for PyTorch 2.5.1 inference on ARM64 instances for EC2, ECS, and EKS."
    );
    assert!(
        r.features
            .iter()
            .all(|f| !f.side(Lang::EN).contains("Deprecations"))
    );
    let ids = section_ids(&r);
    assert!(ids.contains(&"deprecations"), "{ids:?}");
    assert!(ids.contains(&"security-advisory"), "{ids:?}");
    let deprecations = r.sections.iter().find(|s| s.id == "deprecations").unwrap();
    assert!(
        deprecations
            .body
            .side(Lang::EN)
            .contains("Python 3.10 images are no longer published.")
    );
    assert_eq!(r.known_issues.len(), 1);
    assert_eq!(r.arch_names(), ["arm64"]);
    assert_lint_knows_every_name(&dir);
}

/// A text copy of an AWS page: its `##` headings are headings since its
/// known ones are written so; "### Python 3.10 Support" and "###
/// Deprecations" under the release notes are sections of their own, not
/// glued to the last feature. The image references (`…-arm64:…`) name the
/// architecture; the known issues and deprecations are not read for it.
#[test]
fn an_aws_text_page_keeps_deprecations_apart_and_reads_arm64_from_image_tags() {
    let (_dir, r) = imported("aws-dlc-tensorflow-inference-2.18.en.txt", &["en"], "2.18");
    let features: Vec<&str> = r.features.iter().map(|f| f.side(Lang::EN)).collect();
    assert_eq!(features.len(), 3, "{features:?}");
    assert!(
        features[2].ends_with("the NVIDIA driver it needs."),
        "{features:?}"
    );
    assert_eq!(section_ids(&r), ["python-3-10-support", "deprecations"]);
    assert_eq!(r.known_issues.len(), 1);
    assert_eq!(r.arch_names(), ["arm64"]);
}

/// Pages that say nothing of architectures stay amd64; a known issue about
/// another image's Arm SBSA client changes nothing.
#[test]
fn pages_naming_no_architecture_are_amd64() {
    let (_dir, r) = imported("nvidia-pytorch-container-20.02.en.txt", &["en"], "20.02");
    assert_eq!(r.arch_names(), ["amd64"]);
    let page = shared_page("nvidia-tritonserver-container-24.10.en.txt");
    if page.exists() {
        let dir = english_project();
        assert_ok(&dir.import(&page, &[]));
        let (_, r) = dir.load("24.10");
        assert_eq!(r.arch_names(), ["amd64"]);
    }
}

/// The NGC 22.12 page in Traditional Chinese: "主要功能和增強功能" are its
/// features; "相依性:" over the nested component list and the item
/// describing PyTorch in sentences are no dropped lines; "Arm SBSA 平台" and
/// "x86 函式庫" make it amd64 and arm64.
#[test]
fn the_ngc_22_12_page_in_traditional_chinese_has_its_features_and_places_its_context() {
    let dir = Project::in_languages(&["en", "zh-Hant"]);
    let page = fixture("nvidia-pytorch-container-22.12.zh-Hant.txt");
    let out = dir.import(&page, &["--dry-run", "--format", "json"]);
    assert_ok(&out);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let report = &json[0];
    assert_eq!(report["features"], 8);
    // What is left is the component-reading's (items of the nested list).
    let text = fs::read_to_string(&page).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    for unplaced in report["unplaced_lines"].as_array().unwrap() {
        let n = unplaced["line"].as_u64().unwrap() as usize;
        assert!(
            lines[n - 1].starts_with("  - "),
            "line {n} `{}` is no nested component item",
            lines[n - 1]
        );
    }
    assert_ok(&dir.import(&page, &[]));
    let (_, r) = dir.load("22.12");
    assert_eq!(
        r.features[0].side(lang("zh-Hant")),
        "PyTorch 容器映像版本基於 1.14.0a0+410ce96。"
    );
    assert_eq!(
        section_ids(&r),
        ["container-information", "gpu-requirements"]
    );
    assert_eq!(r.arch_names(), ["amd64", "arm64"]);
}

/// Another Traditional-Chinese NGC page: 主要功能和增強功能 are the features,
/// 公告 a section titled in the page's language, 已知問題 the known issues;
/// nothing is dropped.
#[test]
fn a_traditional_chinese_ngc_page_has_its_roles() {
    let dir = Project::in_languages(&["zh-Hant"]);
    let page = fixture("nvidia-pytorch-container-24.01.zh-Hant.md");
    let out = dir.import(&page, &["--dry-run", "--format", "json"]);
    assert_ok(&out);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json[0]["unplaced"], 0, "{}", json[0]["unplaced_lines"]);
    assert_ok(&dir.import(&page, &[]));
    let (_, r) = dir.load("24.01");
    assert_eq!(r.features.len(), 3);
    assert_eq!(
        r.features[1].side(lang("zh-Hant")),
        "Transformer Engine 支援 Hopper GPU 上的 FP8 訓練。"
    );
    assert_eq!(section_ids(&r), ["container-information", "announcements"]);
    assert_eq!(r.sections[1].title.side(lang("zh-Hant")), "公告");
    assert_eq!(r.known_issues.len(), 1);
    assert_eq!(r.arch_names(), ["amd64", "arm64"]);
    assert!(r.components.keys().any(|k| k.eq_ignore_ascii_case("cuda")));
}

/// A Japanese NGC page: 主な機能と機能強化 are the features, お知らせ and
/// 非推奨の機能 sections, 既知の問題 the known issues; "マルチアーキテクチャ"
/// makes it amd64 and arm64.
#[test]
fn a_japanese_ngc_page_has_its_roles() {
    let (_dir, r) = imported("nvidia-pytorch-container-24.01.ja.md", &["ja"], "24.01");
    assert_eq!(r.features.len(), 3);
    assert_eq!(
        r.features[1].side(lang("ja")),
        "Hopper GPU で FP8 トレーニングが既定で有効です。"
    );
    assert_eq!(section_ids(&r), ["announcements", "deprecations"]);
    assert_eq!(r.known_issues.len(), 1);
    assert_eq!(r.arch_names(), ["amd64", "arm64"]);
}

/// `relnotes ARGS` in `dir`: its exit code and its stdout and stderr.
fn run_in(dir: &Project, args: &[&str]) -> (Option<i32>, String) {
    let out = dir.run(args);
    (out.status.code(), all_output(&out))
}

/// The component names of a record, lowercased (diff matches names so).
fn component_names(dir: &Project, version: &str) -> Vec<String> {
    let r = dir.release(version);
    let mut names: Vec<String> = r.components.keys().map(|n| n.to_lowercase()).collect();
    names.sort();
    names
}

/// A changelog page modeled on the AWS DLC changelogs: a `source:` line,
/// the page's heading and introduction, then `## vX.Y.Z — date` releases,
/// each with tags, bundled versions and a list of changes.
const SERVE_CHANGELOG: &str = "changelog-serve-3.0-3.2.en.md";

#[test]
fn all_imports_each_release_of_a_changelog_and_they_lint_render_and_diff_clean() {
    let dir = english_project();
    let err = dir.import_ok(&fixture(SERVE_CHANGELOG), &["--all"]);
    // A report for each release, named by the page and the release.
    for version in ["v3.2.0", "v3.1.0", "v3.0.0"] {
        assert!(
            err.contains(&format!(
                "{SERVE_CHANGELOG} (release {version}): wrote releases/{version}.toml"
            )),
            "{err}"
        );
        assert!(
            err.contains(&format!("(release {version}): confidence high")),
            "{err}"
        );
    }
    assert!(!err.contains("imported the first"), "{err}");
    assert_eq!(dir.records().len(), 3);

    // Each release has its own facts, and the page's address is named in
    // the comment, not in the summary.
    let (_, newest) = dir.load("v3.2.0");
    let summary = newest.summary.as_ref().unwrap().side(Lang::EN).to_string();
    assert!(
        summary.starts_with("Changelog for the Serve inference images"),
        "{summary}"
    );
    assert!(!summary.contains("example.com"), "{summary}");
    let (_, middle) = dir.load("v3.1.0");
    assert!(middle.summary.is_none());
    assert_eq!(middle.features.len(), 2);
    assert!(
        middle
            .components
            .iter()
            .any(|(n, v)| n == "transformers" && v == "4.55.2")
    );
    let text = dir.record("v3.1.0");
    assert!(
        text.starts_with(&format!(
            "# Imported by `relnotes import` from {SERVE_CHANGELOG} (https://example.com/containers/serve/changelog/index.md).\n"
        )),
        "{text}"
    );

    // Names are the same in every release of the vendor's page.
    let names = component_names(&dir, "v3.2.0");
    for version in ["v3.1.0", "v3.0.0"] {
        assert_eq!(component_names(&dir, version), names, "{version}");
    }
    let (code, lint) = run_in(&dir, &["lint"]);
    assert_eq!(code, Some(0), "{lint}");
    assert!(lint.contains("3 release(s) checked: 0 error(s)"), "{lint}");
    assert!(!lint.contains("component-name"), "{lint}");
    let (code, page) = run_in(&dir, &["render", "v3.1.0"]);
    assert_eq!(code, Some(0), "{page}");
    assert!(page.contains("Transformers upgraded to 4.55.2"), "{page}");
    let (code, diff) = run_in(&dir, &["diff", "v3.1.0", "v3.2.0"]);
    assert_eq!(code, Some(0), "{diff}");
    assert!(diff.contains("2.8.0 → 2.9.1"), "{diff}");
    assert!(diff.contains("4.55.2 → 4.57.6"), "{diff}");
    assert!(!diff.contains("Added ("), "{diff}");
    assert!(!diff.contains("Removed ("), "{diff}");
}

#[test]
fn all_writes_every_release_or_none_and_follows_force() {
    let dir = english_project();
    let existing = "version = \"v3.1.0\"\narchs = [\"amd64\"]\n\n[title]\nen = \"hand-written\"\n\n\
                    [[features]]\nen = \"A feature written by hand\"\n";
    fs::write(dir.path().join("releases/v3.1.0.toml"), existing).unwrap();
    dir.assert_import_refused(
        &fixture(SERVE_CHANGELOG),
        &["--all"],
        "releases/v3.1.0.toml exists and already has `en` texts",
        "",
    );
    // The releases before and after the one refused are not written either.
    assert_eq!(dir.records().len(), 1);
    assert_eq!(dir.record("v3.1.0"), existing);

    dir.import_ok(&fixture(SERVE_CHANGELOG), &["--all", "--force"]);
    assert_eq!(dir.records().len(), 3);
    let (_, r) = dir.load("v3.1.0");
    assert_eq!(r.features.len(), 2);

    // A changelog stating one release twice is refused, naming it.
    let twice = dir.write(
        "twice.md",
        "# Changelog\n\n## v1.2.0 — 2026-02-01\n\n### Changes\n\n- Upgraded Ray to 2.55.1\n\n\
         ## v1.1.0 — 2026-01-15\n\n### Changes\n\n- Upgraded Ray to 2.54.1\n\n\
         ## v1.2.0 — 2026-01-01\n\n### Changes\n\n- Upgraded Ray to 2.53.0\n",
    );
    dir.assert_import_refused(
        &twice,
        &["--all", "--force"],
        "twice.md: release v1.2.0 in `en` is on the page twice",
        "",
    );
    assert!(!dir.path().join("releases/v1.2.0.toml").exists());

    // --version names one release; --all each: together, a usage error.
    dir.assert_import_refused(
        &fixture(SERVE_CHANGELOG),
        &["--all", "--version", "3.1", "--force"],
        "--version names the release of one page; --all imports each release",
        "",
    );
}

#[test]
fn all_with_dry_run_and_json_reports_each_release_and_the_address() {
    let dir = english_project();
    let out = dir.import(
        &fixture(SERVE_CHANGELOG),
        &["--all", "--dry-run", "--format", "json"],
    );
    assert_ok(&out);
    assert!(dir.records().is_empty());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let reports = json.as_array().unwrap();
    let releases: Vec<&str> = reports
        .iter()
        .map(|r| r["release"].as_str().unwrap())
        .collect();
    assert_eq!(releases, ["v3.2.0", "v3.1.0", "v3.0.0"]);
    for report in reports {
        assert_eq!(
            report["address"],
            "https://example.com/containers/serve/changelog/index.md"
        );
        assert_eq!(report["components"], 5);
    }
    // A page of one release has neither a release nor, without a first
    // line naming it, an address.
    let out = dir.import(
        &fixture("named-versions-3.1.en.md"),
        &["--all", "--dry-run", "--format", "json"],
    );
    assert_ok(&out);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json.as_array().unwrap().len(), 1);
    assert!(json[0]["release"].is_null());
    assert!(json[0]["address"].is_null());
}

#[test]
fn a_source_line_is_the_pages_address_and_the_page_stays_markdown() {
    let dir = english_project();
    let page = dir.write(
        "images-5.1.txt",
        "source: example/images@0123abc:docs/releasenotes/images-5.1.md\n\
         # Images 5.1 for training\n\n\
         The images are now available with support for PyTorch 2.9 on Ubuntu 24.04.\n\n\
         ## Release Notes\n\n\
         - Introduced images for PyTorch 2.9\n\
         - Added Python 3.12 support\n\n\
         ## Known Issues\n\n\
         - Pulling the image over a slow link times out.\n",
    );
    let (_, r) = dir.import_record(&page, &[], "5.1");
    assert_eq!(
        r.summary.as_ref().unwrap().side(Lang::EN),
        "The images are now available with support for PyTorch 2.9 on Ubuntu 24.04."
    );
    assert_eq!(r.features.len(), 2);
    assert_eq!(r.known_issues.len(), 1);
    let text = dir.record("5.1");
    assert!(
        text.starts_with("# Imported by `relnotes import` from images-5.1.txt (example/images@0123abc:docs/releasenotes/images-5.1.md).\n"),
        "{text}"
    );
    assert_lint_knows_every_name(&dir);
}

#[test]
fn a_bare_url_first_line_is_no_part_of_an_ngc_pages_summary() {
    let dir = english_project();
    let page = dir.write(
        "rel-26-01.txt",
        "https://docs.example.com/frameworks/pytorch-release-notes/rel-26-01.html\n\
         PyTorch Release 26.01\n\
         The container image for this PyTorch release is available on the registry.\n\
         Driver Requirements\n\
         Release 26.01 is based on CUDA 13.1.0.\n\
         Key Features and Enhancements\n\
         - Faster start-up of the container.\n",
    );
    let (_, r) = dir.import_record(&page, &[], "26.01");
    let summary = r.summary.as_ref().map(|s| s.side(Lang::EN).to_string());
    assert!(
        summary.as_deref().is_none_or(|s| !s.contains("https://")),
        "{summary:?}"
    );
    let text = dir.record("26.01");
    assert!(
        text.starts_with("# Imported by `relnotes import` from rel-26-01.txt (https://docs.example.com/frameworks/pytorch-release-notes/rel-26-01.html).\n"),
        "{text}"
    );
}

#[test]
fn a_last_item_without_a_full_stop_is_whole_and_a_last_sentence_cut_is_not() {
    let dir = english_project();
    let whole = dir.write(
        "whole.md",
        "# Images 6.2 release notes\n\n## Release Notes\n\n\
         - Introduced images for PyTorch 2.9\n\
         - Added CUDA 12.9 support\n\n\
         ## Known Issues\n\n\
         - The first start on a new host takes longer\n",
    );
    let err = dir.import_ok(&whole, &["--dry-run"]);
    assert!(!err.contains("cut short"), "{}", err);

    for (name, last, quoted) in [
        (
            "prose.md",
            "The delay can be avoided by warming the cache on start by adding",
            "mid-sentence (“…g the cache on start by adding”) in section “Known Issues”",
        ),
        (
            "item.md",
            "- The first start on a new host takes longer than the",
            "inside a list (“…new host takes longer than the”) in section “Known Issues”",
        ),
        (
            "including.md",
            "- Bundled the profiling tools, including",
            "inside a list (“- Bundled the profiling tools, including”) in section “Known Issues”",
        ),
        (
            "word.md",
            "The first start takes longer.\n\nStarting",
            "mid-sentence (“Starting”) in section “Known Issues”",
        ),
    ] {
        let page = dir.path().join(name);
        fs::write(
            &page,
            format!(
                "# Images 6.2 release notes\n\n## Release Notes\n\n\
                 - Introduced images for PyTorch 2.9\n\n## Known Issues\n\n{last}\n"
            ),
        )
        .unwrap();
        let err = dir.import_ok(&page, &["--dry-run"]);
        assert!(
            err.contains(quoted) && err.contains("it looks cut short"),
            "{name}: {err}"
        );
    }
    assert!(dir.records().is_empty());
}

#[test]
fn the_aws_pytorch_2_6_and_2_7_pages_lint_render_and_diff_with_stable_names() {
    let (p26, p27) = (
        shared_page("aws-dlc-pytorch-training-gpu-ec2-2.6.en.txt"),
        shared_page("aws-dlc-pytorch-training-gpu-ec2-2.7.en.txt"),
    );
    if !p26.exists() || !p27.exists() {
        return;
    }
    let dir = english_project();
    let out = dir
        .relnotes()
        .arg("import")
        .arg(&p26)
        .arg(&p27)
        .output()
        .unwrap();
    assert_ok(&out);
    let (code, lint) = run_in(&dir, &["lint"]);
    assert_eq!(code, Some(0), "{lint}");
    assert!(!lint.contains("component-name"), "{lint}");
    for version in ["2.6", "2.7"] {
        let (code, page) = run_in(&dir, &["render", version]);
        assert_eq!(code, Some(0), "{page}");
    }
    let (code, diff) = run_in(&dir, &["diff", "2.6", "2.7"]);
    assert_eq!(code, Some(0), "{diff}");
    // Every component of 2.6 is found again in 2.7 under its name.
    assert!(!diff.contains("Removed ("), "{diff}");
    let (n26, n27) = (component_names(&dir, "2.6"), component_names(&dir, "2.7"));
    assert!(n26.iter().all(|n| n27.contains(n)), "{n26:?} {n27:?}");
}

#[test]
fn the_aws_changelog_with_all_gives_three_records_that_diff_as_upgrades() {
    let dir = english_project();
    dir.import_ok(
        &fixture("aws-dlc-pytorch-changelog-2.11-2.13.en.txt"),
        &["--all"],
    );
    assert_eq!(dir.records().len(), 3);
    let (code, lint) = run_in(&dir, &["lint"]);
    assert_eq!(code, Some(0), "{lint}");
    assert!(!lint.contains("component-name"), "{lint}");
    for version in ["2.11", "2.12", "2.13"] {
        let (code, page) = run_in(&dir, &["render", version]);
        assert_eq!(code, Some(0), "{version}: {page}");
    }
    // The first line, the page's GitHub address, is no release's summary.
    let (_, newest) = dir.load("2.13");
    let summary = newest.summary.as_ref().unwrap().side(Lang::EN).to_string();
    assert!(!summary.contains("github.com"), "{summary}");
    assert_eq!(component_names(&dir, "2.12"), component_names(&dir, "2.13"));
    let (code, diff) = run_in(&dir, &["diff", "2.12", "2.13"]);
    assert_eq!(code, Some(0), "{diff}");
    assert!(diff.contains("13.0.2 → 13.3.0"), "{diff}");
    assert!(!diff.contains("Added ("), "{diff}");
    assert!(!diff.contains("Removed ("), "{diff}");
    // 2.11 states torchvision in a parenthesis and DeepSpeed in an item
    // saying what it is for: the same components as 2.12 under the same
    // names, so the diff adds nothing.
    assert_eq!(component_names(&dir, "2.11"), component_names(&dir, "2.12"));
    let (code, diff) = run_in(&dir, &["diff", "2.11", "2.12"]);
    assert_eq!(code, Some(0), "{diff}");
    assert!(!diff.contains("Added ("), "{diff}");
    assert!(!diff.contains("Removed ("), "{diff}");
}

#[test]
fn the_statement_count_leaves_out_known_issues_and_deprecations() {
    let dir = english_project();
    let page = dir.write("serve-4.2.en.md", "# Serve 4.2 release notes\n\n## Contents\n\n- CUDA 12.8.1\n- Python 3.12\n- NCCL 2.27.5\n\n\
         ## Known issues\n\n- PyTorch 2.3 models saved with Transformers 4.40 fail to load.\n\n\
         ## Deprecations\n\n- TorchServe 0.9.1 is no longer included.\n");
    let err = dir.import_ok(&page, &["--dry-run"]);
    // The page states three components of this image; the versions named
    // by a known issue and a deprecation are not the image's.
    assert!(
        err.contains("3 of 3 name–version statement(s) became components"),
        "{err}"
    );
}

#[test]
fn versionless_items_of_a_component_list_are_includes() {
    let dir = english_project();
    let err = dir.import_ok(&fixture("includes-23.02.en.md"), &[]);
    assert!(!err.contains("does not fit"), "{err}");
    let (_, r) = dir.load("23.02");
    let includes: Vec<&str> = r.includes.iter().map(|i| i.name.as_str()).collect();
    assert_eq!(
        includes,
        ["Apex", "JupyterLab", "JupyterLab-TensorBoard", "DALI"]
    );
    // Items with a version stay components ("OpenMPI 4.1.4+" too).
    assert_eq!(
        r.components.get("OpenMPI").map(String::as_str),
        Some("4.1.4")
    );
    assert_eq!(
        r.components.get("cuDNN").map(String::as_str),
        Some("8.7.0.84")
    );
    let (code, lint) = run_in(&dir, &["lint"]);
    assert_eq!(code, Some(0), "{lint}");
    let (code, page) = run_in(&dir, &["render", "23.02"]);
    assert_eq!(code, Some(0), "{page}");
    assert!(page.contains("JupyterLab-TensorBoard"), "{page}");
}

#[test]
fn a_driver_text_that_contradicts_itself_is_kept_and_reported() {
    let dir = english_project();
    let page = dir.write(
        "server-24.07.md",
        "# Inference Server Release 24.07\n\n\
         ## Driver Requirements\n\n\
         Release 24.07 is based on CUDA 12.5.1 which requires NVIDIA Driver release 555 or later. \
         However, if you are running on a data center GPU, you can use NVIDIA driver release \
         470.57 (or later R470), 535.86 (or later R535), or 545.23 (or later R545).\n\n\
         The CUDA driver's compatibility package only supports particular drivers. Thus, users \
         should upgrade from all R418, R440, R545 and R550 drivers, which are not \
         forward-compatible with CUDA 12.5.\n\n\
         ## Key Features and Enhancements\n\n\
         - Added a metrics endpoint.\n",
    );
    let err = dir.import_ok(&page, &[]);
    assert!(
        err.contains("line 3: the driver text allows branch R545 on data-center GPUs (≥ 545.23) and also lists it among the drivers to upgrade from"),
        "{err}"
    );
    assert!(!err.contains("branch R535"), "{err}");
    let record = dir.record("24.07");
    assert!(record.contains("branch = \"R545\""), "{record}");
    assert!(record.contains("\"R545\","), "{record}");
}

#[test]
fn a_version_that_is_none_of_its_ecosystems_becomes_an_include_with_its_text() {
    let dir = english_project();
    let page = dir.write(
        "server-3.1.md",
        "# Server 3.1 release notes\n\n\
         ## Core Packages\n\n\
         | Package | Version |\n| --- | --- |\n\
         | CUDA | 12.9.1 |\n| FlashInfer | 0.6.8.post1 |\n| DeepEP | 73b6ea4 |\n\n\
         ## Highlights\n\n\
         - Rebuilt against the new kernels.\n",
    );
    let err = dir.import_ok(&page, &[]);
    assert!(
        err.contains("`DeepEP 73b6ea4`: `73b6ea4` is no pypi version; kept in `includes`"),
        "{err}"
    );
    let record = dir.record("3.1");
    assert!(record.contains("FlashInfer = \"0.6.8.post1\""), "{record}");
    assert!(!record.contains("DeepEP = "), "{record}");
    assert!(
        record.contains("[[includes]]\nname = \"DeepEP\"\n\n[includes.detail]\nen = \"73b6ea4\""),
        "{record}"
    );
    let lint = dir.relnotes().args(["lint", "3.1"]).output().unwrap();
    assert!(lint.status.success(), "{}", stderr(&lint));
}

/// A changelog modeled on the AWS DLC vLLM and Ray Serve changelogs: an
/// upgrade "from A to B", highlights headed "vLLM 0.31.0 — …", a "vLLM
/// source:" label with a local version, and "DeepEP commit 5e6f7a8".
#[test]
fn upgrades_highlights_and_source_labels_of_a_changelog() {
    let dir = english_project();
    dir.import_ok(&fixture("changelog-engine-upgrades.en.md"), &["--all"]);
    let version_of = |r: &Release, name: &str| {
        r.components
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.to_string())
    };
    let (_, newest) = dir.load("v4.2.0");
    // The label's local version refines the highlight's 0.31.0; the
    // version upgraded from is no component's.
    assert_eq!(
        version_of(&newest, "vllm").as_deref(),
        Some("0.31.0+engine.1a2b3c4")
    );
    assert_eq!(version_of(&newest, "ray").as_deref(), Some("2.61.1"));
    assert_eq!(version_of(&newest, "FlashInfer").as_deref(), Some("0.7.1"));
    assert!(version_of(&newest, "DeepEP").is_none());
    assert!(
        newest.includes.iter().any(|i| i.name == "DeepEP"),
        "{:?}",
        newest.includes
    );
    assert!(!newest.includes.iter().any(|i| i.name.contains("commit")));
    let (_, older) = dir.load("v4.1.0");
    assert_eq!(version_of(&older, "vllm").as_deref(), Some("0.30.2"));
    assert_eq!(version_of(&older, "ray").as_deref(), Some("2.60.0"));
    assert_eq!(version_of(&older, "vllm-omni").as_deref(), Some("0.30.0"));
    assert!(version_of(&newest, "vllm-omni").is_none());
    let (code, lint) = run_in(&dir, &["lint"]);
    assert_eq!(code, Some(0), "{lint}");
    assert!(lint.contains("2 release(s) checked: 0 error(s)"), "{lint}");
}

// Import by structure: the patterns of vendors' pages that no heading
// announces, each on real pages of the corpus (tests/fixtures/import/corpus,
// first line their source).

/// `relnotes lint` finds no error in the project (warnings may stand:
/// a real package such as `Scikit-image` ends in a word of prose).
fn assert_lints_without_errors(dir: &Project) {
    assert_ok(&dir.run(&["lint"]));
}

fn corpus_page(path: &str) -> PathBuf {
    root().join("tests/fixtures/import/corpus").join(path)
}

/// Imports a corpus page into a project of `languages` and loads `version`.
fn corpus_record(
    page: &str,
    languages: &[&str],
    args: &[&str],
    version: &str,
) -> (Project, String, Release) {
    let dir = Project::in_languages(languages);
    let (err, release) = dir.import_record(&corpus_page(page), args, version);
    (dir, err, release)
}

/// Whether `r` has each of `want` (`name=version`) among its components.
fn assert_has_components(r: &Release, want: &[&str], page: &str) {
    let have = components_of(r);
    for w in want {
        assert!(have.iter().any(|h| h == w), "{page}: no {w} in {have:?}");
    }
}

/// A page whose one structure is a component table under a title no
/// heading of import's knows, and a table keyed by releases (one row per
/// PyTorch release) read for the row `--version` names.
#[test]
fn a_page_whose_one_structure_is_a_table_gives_a_record() {
    let page = "held-out-2/paperspace/paperspace-ml-in-a-box-ubuntu22.04.en.md";
    let (dir, _, r) = corpus_record(page, &["en"], &["--version", "22.04"], "22.04");
    assert_has_components(
        &r,
        &[
            "CUDA=12.1.1",
            "Python=3.11.6",
            "torch=2.1.1",
            "tensorflow=2.15.0",
        ],
        page,
    );
    assert!(r.components.len() >= 40, "{:?}", components_of(&r));
    assert_lints_without_errors(&dir);

    let page = "held-out-2/pytorch/pytorch-release-compatibility-matrix-2.3.en.md";
    let (_, _, r) = corpus_record(page, &["en"], &["--version", "2.3"], "2.3");
    assert_eq!(
        components_of(&r),
        ["torch=2.3", "CUDA=11.8", "cuDNN=8.7.0.84"]
    );
}

/// Tables flattened by a copy from the browser: tab-separated rows, and
/// one cell per line (the ROCm compatibility matrix copied as text) give
/// what the Markdown or HTML table gives.
#[test]
fn tables_flattened_by_a_copy_are_read_as_tables() {
    let page = "held-out-2/paperspace/paperspace-ml-in-a-box-ubuntu20.04.en.txt";
    let (_, _, r) = corpus_record(page, &["en"], &["--version", "20.04"], "20.04");
    assert_has_components(
        &r,
        &[
            "CUDA=11.7.1",
            "Python=3.9.14",
            "NumPy=1.23.2",
            "SciPy=1.9.1",
        ],
        page,
    );

    let copy = "dev/amd/amd-compatibility-matrix-copy-6.3.3.en.txt";
    let (_, copied_report, copied) = corpus_record(copy, &["en"], &["--version", "6.3.3"], "6.3.3");
    let html = "dev/amd/amd-compatibility-matrix-6.3.3.en.html";
    let (_, _, published) = corpus_record(html, &["en"], &["--version", "6.3.3"], "6.3.3");
    assert_has_components(
        &copied,
        &[
            "tensorflow=2.17.0",
            "jax=0.4.31",
            "MIOpen=3.3.0",
            "MIGraphX=2.11.0",
        ],
        copy,
    );
    let from_html = components_of(&published);
    let shared = components_of(&copied)
        .iter()
        .filter(|c| from_html.contains(c))
        .count();
    assert!(
        shared * 10 >= from_html.len() * 9,
        "the copy gives {shared} of the HTML page's {} components",
        from_html.len()
    );
    // A row of values the page says are none ("clang-ocl | N/A | N/A") is
    // no table head, so no column choice is reported for it.
    assert!(!copied_report.contains("read “N/A”"), "{copied_report}");
}

/// A page copied as text, with no blank line between its lines and a
/// Markdown table in it, is read line by line: the table still gives its
/// components and the page is never one paragraph.
#[test]
fn a_text_copy_without_blank_lines_keeps_its_table() {
    let page = corpus_page("held-out-2/paperspace/paperspace-ml-in-a-box-ubuntu22.04.en.md");
    let text = fs::read_to_string(&page).unwrap();
    let squeezed: String = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    let dir = english_project();
    let copy = dir.write("copied.md", squeezed);
    let out = dir.import(&copy, &["--version", "22.04"]);
    assert_ok(&out);
    let (_, squeezed_record) = dir.load("22.04");
    let (_, _, published) = corpus_record(
        "held-out-2/paperspace/paperspace-ml-in-a-box-ubuntu22.04.en.md",
        &["en"],
        &["--version", "22.04"],
        "22.04",
    );
    let squeezed = components_of(&squeezed_record);
    let missing: Vec<String> = components_of(&published)
        .into_iter()
        .filter(|c| !squeezed.contains(c))
        .collect();
    assert!(missing.is_empty(), "the squeezed copy lost {missing:?}");
}

/// A table of several version columns: the default column (the first a
/// release takes) or the one `--column` names, and the report says which
/// column was read and which were left.
#[test]
fn several_version_columns_read_one_and_say_which() {
    let page = "held-out-2/seldon/seldon-core-images-1.18.0.en.txt";
    let (_, report, stable) = corpus_record(page, &["en"], &["--version", "1.18.0"], "1.18.0");
    assert_has_components(&stable, &["Seldon-Operator=1.18.0"], page);
    assert!(
        report.contains("read “Stable Version”, left “Development”"),
        "{report}"
    );
    let (_, report, development) = corpus_record(
        page,
        &["en"],
        &["--version", "1.18.0", "--column", "Development"],
        "1.18.0",
    );
    assert_has_components(&development, &["Seldon-Operator=1.19.0-dev"], page);
    assert!(
        report.contains("read “Development”, left “Stable Version”"),
        "{report}"
    );
    // A column no table has is said, with the columns there are.
    let (_, report, _) = corpus_record(
        page,
        &["en"],
        &["--version", "1.18.0", "--column", "Nightly"],
        "1.18.0",
    );
    assert!(
        report.contains(
            "no table of release 1.18.0 has a column “Nightly” (--column); its tables' version columns are “Stable Version”, “Development”"
        ),
        "{report}"
    );
}

/// Versions in a runtime's own words: Chinese sentences and install lines
/// of a vLLM port, an HPC centre's update notes in English prose ("Slurm is
/// upgraded to version 23.02.7", "ROCm 6.0.3 is now the … default"), an
/// interpreter session printing `tf.__version__`.
#[test]
fn versions_in_the_runtimes_own_words() {
    let page = "held-out-2/enflame/enflame-vllm-gcu-readme-0.9.2.zh.txt";
    let (_, _, r) = corpus_record(page, &["zh", "en"], &[], "0.9.2");
    assert_has_components(
        &r,
        &[
            "vllm=0.9.2",
            "torch_gcu=2.7.0",
            "transformers=4.51.1",
            "topsaten=3.6",
        ],
        page,
    );

    let page = "held-out-5/lumi/lumi-system-update-2024-09.en.md";
    let (_, _, r) = corpus_record(page, &["en"], &["--version", "2024.09"], "2024.09");
    assert_has_components(&r, &["Slurm=23.02.7", "ROCm=6.0.3"], page);

    let page = "held-out-6/alcf/alcf-polaris-tensorflow-conda-2024-04-29.en.txt";
    let (_, _, r) = corpus_record(page, &["en"], &["--version", "2024-04-29"], "2024-04-29");
    assert_has_components(&r, &["tensorflow=2.16.1"], page);
}

/// A log of dated entries whose headings say more after the date
/// ("2026-01-07: NVIDIA driver, SHS 13.0.0, …"): each entry is that date's
/// release (never a version its text labels, such as the driver's
/// "Driver Version: 580.65.06"); `--version` takes one, `--all` each.
#[test]
fn a_log_of_dated_entries_gives_one_release_per_date() {
    let page = "held-out-6/alcf/alcf-polaris-system-updates-all.en.md";
    let dir = english_project();
    dir.import_ok(&corpus_page(page), &["--all"]);
    let written: Vec<String> = dir
        .records()
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    for date in ["2026-08-19", "2026-01-07", "2025-10-10", "2024-04-22"] {
        assert!(written.iter().any(|w| w == date), "{written:?}");
    }
    assert!(
        written.iter().all(|w| w.len() == 10 && w.starts_with("20")),
        "{written:?}"
    );
    let (_, _, r) = corpus_record(page, &["en"], &["--version", "2025-10-10"], "2025-10-10");
    assert_has_components(
        &r,
        &["torch=2.8", "CUDA=12.9.1", "cuDNN=9.13.0", "NCCL=2.28.3"],
        page,
    );
}

/// A page stating its release in its first sentence ("CSM 1.3 contains …")
/// over a table of the images it ships, each with its own tag: one record,
/// the page's release, with the components of its tables.
#[test]
fn a_release_stated_over_a_table_of_its_images_is_one_record() {
    let page = "held-out-12/hpe/csm-1.3-release-notes.en.md";
    let dir = english_project();
    dir.import_ok(&corpus_page(page), &[]);
    let written: Vec<String> = dir
        .records()
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(written, ["1.3"]);
    let (ws, r) = dir.load("1.3");
    drop(ws);
    assert_has_components(&r, &["Ceph=16.2.9", "Kubernetes=1.21.12"], page);
}

/// A table of a workflow's containers, each row listing its tools in an
/// HTML list inside the cell, with `--version`: every container's tools.
#[test]
fn a_table_of_containers_gives_every_containers_tools() {
    let page = "held-out-12/pacbio/hifi-human-wgs-wdl-4.0.0-tools-containers.en.md";
    let (_, _, r) = corpus_record(page, &["en"], &["--version", "4.0.0"], "4.0.0");
    assert_has_components(
        &r,
        &[
            "HTSlib=1.23.1",
            "Python=3.14",
            "pbJam=0.4.1",
            "GLnexus=1.4.3",
        ],
        page,
    );
}

/// A table of images whose names give PyTorch's major and minor
/// (`rocm612-torch24-gfx803`) beside a block stating "Pytorch 2.4.0": the
/// statement makes the tag's 2.4 precise. A version a table writes stays
/// as written, as the hand-written 25.10's "CUDA 12.8" beside "CUDA
/// 12.8.0" in its page's prose.
#[test]
fn a_statement_makes_a_tags_major_and_minor_precise() {
    let page = "held-out-58/woodrex83/rocm-for-rx580-readme.en.md";
    let (_, _, r) = corpus_record(page, &["en"], &["--version", "2025-05-19"], "2025-05-19");
    assert_has_components(&r, &["torch=2.4.0", "ROCm=6.1.2", "Python=3.10"], page);
    let dir = english_project();
    let page = dir.write(
        "stack.md",
        "# Stack\n\n| Component | Version |\n| --- | --- |\n| CUDA | 12.4.1 |\n| PyTorch | 2.4 |\n\nBuilt and tested with CUDA 12.4.1.2 and PyTorch 2.4.0 on the host.\n",
    );
    let out = dir.import(&page, &["--version", "1.0", "--dry-run"]);
    assert_ok(&out);
    let record = String::from_utf8_lossy(&out.stdout);
    assert!(record.contains("CUDA = \"12.4.1\""), "{record}");
    assert!(record.contains("torch = \"2.4\""), "{record}");
}

#[test]
fn a_driver_fact_alone_does_not_keep_the_texts_versions_out() {
    // A README whose only structure read is its driver requirement: the
    // versions its list of links states still become the components.
    let dir = english_project();
    let page = dir.write(
        "tool.md",
        "# Tool\n\nDenoising for tomograms.\n\n## Usage\n### Prerequisites:\n* NVIDIA GPU with driver >= 430.40\n---\n### Manual Installation\nYou can also install the packages on your own:\n* [MotionCor2 v1.3.0 CUDA-10.1](https://example.org/mc)\n* [IMOD v4.10.16 (beta-release)](https://example.org/imod)\n* [CUDA-10.1 for MotionCor2](https://example.org/cuda101)\n* [CUDA-10.0 for Tensorflow](https://example.org/cuda100)\n* [Tensorflow 1.15](https://example.org/tf) `$ pip install tensorflow-gpu==1.15`\n* [csbdeep](https://example.org/csbdeep) `$ pip install csbdeep`\n",
    );
    let out = dir.import(&page, &["--version", "0.1.1", "--dry-run"]);
    assert_ok(&out);
    let record = String::from_utf8_lossy(&out.stdout);
    assert!(record.contains("min = \"430.40\""), "{record}");
    for component in ["IMOD = \"4.10.16\"", "tensorflow = \"1.15\""] {
        assert!(record.contains(component), "{component}: {record}");
    }
}

#[test]
fn a_comparison_table_gives_each_release_its_column() {
    // bhumukul-raj's VERSIONS.md: the releases headed one by one, then a
    // "Package Version Comparison" table of a column each.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-61/bhumukul-raj/versions.en.md");
    dir.import_ok(&page, &["--all"]);
    let version_of = |release: &str, name: &str| dir.release(release).components.get(name).cloned();
    assert_eq!(version_of("2.0", "Scikit-learn").as_deref(), Some("1.3.0"));
    assert_eq!(version_of("3.0", "Scikit-learn").as_deref(), Some("1.4.2"));
    assert_eq!(version_of("4.0", "isort").as_deref(), Some("5.13.2"));
    // 3.0 ships no isort ("No" in its column).
    assert_eq!(version_of("3.0", "isort"), None);
}

#[test]
fn a_readme_asked_for_a_release_none_of_its_parts_names_is_that_release() {
    // ussoewwin's README: "MAJOR UPDATE: v2.0" and "Python 3.12 Native"
    // are parts of a page whose release is the day it was written.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-62/ussoewwin/README.en.md");
    let err = dir.import_ok(&page, &["--version", "2026-07-11"]);
    assert!(
        err.contains("no part of the page is named 2026-07-11; imported the whole page"),
        "{err}"
    );
    let r = dir.release("2026-07-11");
    assert_eq!(
        r.components.get("numpy").map(String::as_str),
        Some("1.26.4")
    );
    assert_eq!(
        r.components.get("protobuf").map(String::as_str),
        Some("7.34.1")
    );
}

#[test]
fn a_release_candidates_announcement_in_portuguese() {
    // Linux Kamarada's post: its title names "(15.2 RC)", its "Ficha
    // técnica" lists the software with a word of prose before each name
    // ("navegador Chromium 84").
    let dir = Project::empty();
    let page = fixture("corpus/held-out-63/kamarada/kamarada-15.2-rc.pt.md");
    dir.import_ok(&page, &[]);
    let r = dir.release("15.2-RC");
    let version_of = |name: &str| r.components.get(name).map(String::as_str);
    assert_eq!(version_of("Chromium"), Some("84"));
    assert_eq!(version_of("Linux"), Some("5.3.18"));
    assert_eq!(version_of("Samba"), Some("4.11.11"));
    assert!(!r.components.keys().any(|n| n.starts_with("navegador")));
}

#[test]
fn dates_a_changelog_heads_in_the_order_its_other_dates_show() {
    // cmdviegas's CHANGELOG.md: "### 25/02/2026" shows the day comes
    // first, so "### 01/06/2025" is 1 June, a release of its own.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-63/cmdviegas/hadoop-spark-changelog.en.md");
    dir.import_ok(&page, &["--all"]);
    let june = dir.release("2025-06-01");
    assert_eq!(
        june.components.get("jupyterlab").map(String::as_str),
        Some("4.4.2")
    );
    let february = dir.release("2026-02-25");
    assert!(!february.components.contains_key("jupyterlab"));
}

#[test]
fn a_table_of_cuda_releases_and_drivers_gives_the_minimum_of_the_cuda_held() {
    // HowestAILab's devcontainer README: CUDA 12.6 in its feature table,
    // and under "Versioning" `CUDA 12.x | >= 525.60.13 | >= 527.41`.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-63/HowestAILab/howest-devcontainer-template.en.md");
    dir.import_ok(&page, &["--version", "2024.10.28"]);
    let r = dir.release("2024.10.28");
    assert_eq!(r.components.get("CUDA").map(String::as_str), Some("12.6"));
    let driver = r.driver.as_ref().unwrap();
    assert_eq!(driver.min.as_deref(), Some("525.60.13"));
}

#[test]
fn a_definition_lists_items_are_a_releases_list() {
    // Nanopype's release notes: `Initial release with tool versions …` over
    // `:   * Bedtools                  v2.27.1` (MkDocs' definition lists),
    // whose first item CommonMark alone runs into the term's paragraph.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-63/giesselmann/nanopype-release-notes.en.md");
    dir.import_ok(&page, &["--all"]);
    let r = dir.release("v0.1.0");
    let version_of = |name: &str| r.components.get(name).map(String::as_str);
    assert_eq!(version_of("Bedtools"), Some("2.27.1"));
    assert_eq!(version_of("Samtools"), Some("1.9"));
    // "GraphMap master (v0.5.2)": built from its master branch.
    assert_eq!(version_of("GraphMap"), Some("0.5.2"));
}

#[test]
fn a_readmes_version_history_heads_its_release_not_its_topics() {
    // Morph3us-Sigma's V100 README: "### CUDA 13.0 Volta Deprecation" and
    // "### Solution : CUDA 12.8" among its findings, its one release under
    // "## 📋 Version History", its title "vLLM for Tesla V100 (SM 7.0)".
    let dir = Project::empty();
    let page = fixture("corpus/held-out-63/Morph3us-Sigma/vllm-v100.en.md");
    dir.import_ok(&page, &[]);
    let r = dir.release("v0.9.2-v100-cuda12.8");
    assert_eq!(r.components.get("vllm").map(String::as_str), Some("0.9.2"));
    assert!(!dir.path().join("releases/13.0.toml").exists());
    assert!(!dir.path().join("releases/7.0.toml").exists());
}

#[test]
fn words_leading_a_changelogs_list_and_spanish_word_order() {
    // nervosys's changelog: "updated to C++20 standard, CMake 3.29.2,
    // Clang 17, GCC 13, Python 3.12"; Huayra Linux's: "Versión del kernel
    // 3.2.63-2+deb7u1", "Actualización del compilador gcc a la version 4.7".
    let dir = Project::empty();
    let page = fixture("corpus/held-out-63/nervosys/autonomysim-changelog.en.md");
    dir.import_ok(&page, &["--all"]);
    let r = dir.release("2024-04-23");
    let version_of = |name: &str| r.components.get(name).map(String::as_str);
    assert_eq!(version_of("CMake"), Some("3.29.2"));
    assert_eq!(version_of("Clang"), Some("17"));
    assert_eq!(version_of("GCC"), Some("13"));
    let dir = Project::empty();
    let page = fixture("corpus/held-out-63/huayralinux/huayra-live-cd-changelog.es.md");
    dir.import_ok(&page, &["--all"]);
    let records: Vec<String> = dir
        .records()
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect();
    assert!(records.iter().any(|r| r.contains("gcc = \"4.7\"")));
    assert!(
        records
            .iter()
            .any(|r| r.contains("kernel = \"3.2.60-1+deb7u1\""))
    );
    assert!(
        !records
            .iter()
            .any(|r| r.contains("del-kernel") || r.contains("\nla = "))
    );
}

#[test]
fn an_r_session_info_gives_its_packages() {
    // KirstLab's Asc-Seurat docs: R's `sessionInfo()` pasted as text,
    // `glmGamPoi_1.2.0 dynfeature_1.0.0 … rpart_4.1-15 …`.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-64/kirstlab/packages-version.en.rst");
    dir.import_ok(&page, &[]);
    let r = dir.release("v2.2");
    let version_of = |name: &str| r.components.get(name).map(String::as_str);
    assert_eq!(version_of("Seurat"), Some("4.1.0"));
    assert_eq!(version_of("rpart"), Some("4.1-15"));
    assert!(r.components.len() >= 200, "{}", r.components.len());
}

#[test]
fn an_image_tag_of_one_number_and_releases_as_items_over_their_changes() {
    // Avarok's dgx-vllm README: `docker pull avarok/dgx-vllm-nvfp4-kernel:v22`
    // and no other release; rnakato's README: "- 2024.10" over nested
    // "  - Updated SAMtools from 1.19.2 to 1.21".
    let dir = Project::empty();
    let page = fixture("corpus/held-out-64/Avarok-Cybersecurity/dgx-vllm-v22.en.md");
    dir.import_ok(&page, &[]);
    assert_eq!(
        dir.release("v22")
            .components
            .get("CUDA")
            .map(String::as_str),
        Some("13.0.2")
    );
    let dir = Project::empty();
    let page = fixture("corpus/held-out-64/rnakato/docker-r-python.en.md");
    dir.import_ok(&page, &["--all"]);
    let october = dir.release("2024.10");
    assert_eq!(
        october.components.get("SAMtools").map(String::as_str),
        Some("1.21")
    );
    let january = dir.release("2024.01");
    assert_eq!(
        january.components.get("SAMtools").map(String::as_str),
        Some("1.19.2")
    );
}

#[test]
fn headings_below_a_release_naming_other_parts_are_its_components() {
    // bl-sdk's mod manager changelog: `## v3.8: Slammer`, then
    // `### [Mods Base v1.12](…)` and `### Legacy Compat v1.6` below it.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-65/bl-sdk/willow2-mod-manager-changelog.en.md");
    dir.import_ok(&page, &["--all"]);
    let latest = dir.release("v3.8");
    let version_of = |name: &str| latest.components.get(name).map(String::as_str);
    assert_eq!(version_of("Mods-Base"), Some("1.12"));
    assert_eq!(version_of("Legacy-Compat"), Some("1.6"));
    assert_eq!(version_of("Python"), Some("3.14"));
    assert_eq!(
        dir.release("v3.6").components.len(),
        2,
        "v3.6 names Legacy Compat and Save Options only"
    );
}

#[test]
fn a_dated_log_whose_items_carry_tables_of_archives() {
    // AdamTyn's nmpmr README: `- [2022-02-16] 更新 php扩展…` over a table of
    // one column, `| Upgrade List |` / `| composer-2.2.6 |` / `| redis-5.3.7 |`.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-65/AdamTyn/at-docker-nmpmr.zh.md");
    dir.import_ok(&page, &["--all"]);
    let r = dir.release("2022-02-16");
    let version_of = |name: &str| r.components.get(name).map(String::as_str);
    assert_eq!(version_of("composer"), Some("2.2.6"));
    assert_eq!(version_of("redis"), Some("5.3.7"));
    assert_eq!(version_of("xdebug"), Some("3.1.3"));
}

#[test]
fn headings_of_images_sharing_a_tag_name_each_release_by_its_image() {
    // albinoJimy's base images: `## python-grpc-base:1.0.0` and
    // `## python-mlops-base:1.0.0`, the same tag, two images.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-65/albinoJimy/neural-hive-mind-base-images.pt.md");
    dir.import_ok(&page, &["--all"]);
    let grpc = dir.release("python-grpc-base-1.0.0");
    assert_eq!(
        grpc.components.get("grpcio-tools").map(String::as_str),
        Some("1.68.1")
    );
    let mlops = dir.release("python-mlops-base-1.0.0");
    assert!(!mlops.components.contains_key("grpcio-tools"));
    assert!(
        dir.release("python-observability-base-1.2.6")
            .components
            .len()
            >= 5
    );
}

#[test]
fn a_version_line_under_a_services_heading_inside_a_fence() {
    // josneps's Dockerfiles README: `### MongoDB` over a fence whose first
    // item reads `1. 版本：3.6.4`.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-65/josneps/docker-file-readme.zh.md");
    dir.import_ok(&page, &["--version", "2018.06.24"]);
    let r = dir.release("2018.06.24");
    let version_of = |name: &str| r.components.get(name).map(String::as_str);
    assert_eq!(version_of("MongoDB"), Some("3.6.4"));
    assert_eq!(version_of("Nginx"), Some("1.15"));
    assert_eq!(version_of("Redis"), Some("3.2"));
}

#[test]
fn a_modules_title_of_a_name_and_a_half_year_names_the_release() {
    // UQ RCC's module page: `# foss 2023a`, then its dependencies as links,
    // `[GCC 12.3.0  (system-system)](gcc-12.3.0.md)`.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-65/jm-rcc/foss-2023a.en.md");
    dir.import_ok(&page, &[]);
    let r = dir.release("2023a");
    let version_of = |name: &str| r.components.get(name).map(String::as_str);
    assert_eq!(version_of("GCC"), Some("12.3.0"));
    assert_eq!(version_of("OpenMPI"), Some("4.1.5"));
}

#[test]
fn tables_of_releases_set_one_under_another_keep_their_own_heads() {
    // richarvey's nginx-php-fpm versioning page: "#### PHP 7.2" over
    // `Docker Tag | PHP Version | Nginx Version | …`, then "#### PHP 7.1"
    // over `Docker Tag | Git Release | Nginx Version | PHP Version | …`:
    // each row read by its own table's heads, "Container Scripts" too.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-66/richarvey/nginx-php-fpm-versioning.en.md");
    dir.import_ok(&page, &["--all"]);
    let old = dir.release("1.1.2");
    let version_of = |name: &str| old.components.get(name).map(String::as_str);
    assert_eq!(version_of("Nginx"), Some("1.11.10"));
    assert_eq!(version_of("PHP"), Some("7.1.1"));
    assert_eq!(version_of("Alpine"), Some("3.4"));
    assert_eq!(version_of("Container-Scripts"), Some("0.2.6"));
    let newer = dir.release("1.5.0");
    assert_eq!(
        newer.components.get("PHP").map(String::as_str),
        Some("7.2.4")
    );
}

#[test]
fn a_table_of_profiles_and_revisions_with_their_dates_name_releases() {
    // KallistiOS's dc-chain README: `Profile Name | SH4 GCC | Newlib | …`,
    // a row a toolchain profile; rust-tss2-docker's changelog:
    // `## r33 - 2026-08-21`; SolarNodeOS's change log: its title says it
    // is one, `# 2025-09-03` under it names the release.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-66/KallistiOS/dc-chain.en.md");
    dir.import_ok(&page, &["--all"]);
    let profile = dir.release("14.3.0");
    assert_eq!(
        profile.components.get("Newlib").map(String::as_str),
        Some("4.5.0")
    );
    let dir = Project::empty();
    let page = fixture("corpus/held-out-66/danieltrick/rust-tss2-docker-changelog.en.md");
    dir.import_ok(&page, &["--all"]);
    assert_eq!(
        dir.release("r31")
            .components
            .get("Debian")
            .map(String::as_str),
        Some("13.6")
    );
    let dir = Project::empty();
    let page = fixture("corpus/held-out-66/SolarNetwork/solarnodeos-iot-link-imx93.en.md");
    dir.import_ok(&page, &[]);
    let r = dir.release("2025-09-03");
    assert_eq!(
        r.components.get("sn-mbpoll").map(String::as_str),
        Some("1.5.2-1")
    );
}

#[test]
fn an_images_tag_names_the_release_a_title_names_only_its_base() {
    // An embedded image's README: "# … Docker Image (Ubuntu 24.04 Base)",
    // `docker pull bloedebleidd/embedded:compact-1.1.0`; a cross-compiler
    // image's `docker run --rm -it \` continued over lines to its image;
    // an image's "## Tags" over its one tag.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-67/BloedeBleidd/embedded-docker.en.md");
    dir.import_ok(&page, &[]);
    let r = dir.release("compact-1.1.0");
    assert_eq!(
        r.components.get("ARM-GNU-Toolchain").map(String::as_str),
        Some("14.2.1")
    );
    let dir = Project::empty();
    let page = fixture("corpus/held-out-67/wischner/gcc-m68k-amiga.en.md");
    dir.import_ok(&page, &[]);
    dir.release("1.1.0");
    let dir = Project::empty();
    let page = fixture("corpus/held-out-67/nightseas/torch-opencv-dlib.en.md");
    dir.import_ok(&page, &[]);
    let r = dir.release("cv2.4.13-dlib19.0-cuda8.0-ubuntu16.04");
    assert_eq!(r.components.get("CUDA").map(String::as_str), Some("8.0"));
}

#[test]
fn base_images_badges_and_home_addresses_state_components() {
    // A CUDA build document's table of inputs: `nvidia/cuda:13.3.1-devel-
    // ubuntu24.04`, `rust:1.95.0-slim-bookworm`.
    let dir = Project::empty();
    let page = fixture("corpus/held-out-67/TensorQuay/cuda-compiler-image.en.md");
    dir.import_ok(&page, &["--version", "4235e55"]);
    let r = dir.release("4235e55");
    let version_of = |name: &str| r.components.get(name).cloned();
    assert_eq!(version_of("CUDA").as_deref(), Some("13.3.1"));
    assert_eq!(version_of("Ubuntu").as_deref(), Some("24.04"));
    assert_eq!(version_of("Rust").as_deref(), Some("1.95.0"));
    // A porting manual's stack badges: `badge/Spring Security_5.7.6-…`.
    let dir = Project::in_languages(&["ko"]);
    let page = fixture("corpus/held-out-67/KHminor/pocha-porting-manual.ko.md");
    dir.import_ok(&page, &["--lang", "ko", "--version", "2023.02.16"]);
    let r = dir.release("2023.02.16");
    assert_eq!(
        r.components.get("Spring-Security").map(String::as_str),
        Some("5.7.6")
    );
    assert_eq!(
        r.components.get("Intellij").map(String::as_str),
        Some("2022.3.1")
    );
    // A game engine's "## Used libraries": "drmp3 v0.6.40 & drwav v0.13.17:
    // https://…".
    let dir = Project::empty();
    let page = fixture("corpus/held-out-66/Fewnity/xenity-engine.en.md");
    dir.import_ok(&page, &["--version", "2025.07.14"]);
    let r = dir.release("2025.07.14");
    assert_eq!(r.components.get("Bullet").map(String::as_str), Some("2.82"));
    assert_eq!(
        r.components.get("drmp3").map(String::as_str),
        Some("0.6.40")
    );
}

#[test]
fn change_logs_of_pre_releases_and_paired_names() {
    // "## 8.4.0 alpha2 - 2024-07-23" (a PHP image's changelog);
    // "* cURL/libcURL 7.53.1" (an installer's).
    let dir = Project::empty();
    let page = fixture("corpus/held-out-67/woohoolabs/docker-base-php-cli.en.md");
    dir.import_ok(&page, &["--all"]);
    let r = dir.release("8.4.0-alpha2");
    assert_eq!(
        r.components.get("Composer").map(String::as_str),
        Some("2.7.7")
    );
    let dir = Project::empty();
    let page = fixture("corpus/held-out-67/mackyle/git-osx-installer-changelog.en.txt");
    dir.import_ok(&page, &["--all"]);
    let holding = std::fs::read_dir(dir.path().join("releases"))
        .unwrap()
        .filter_map(|e| {
            let text = std::fs::read_to_string(e.unwrap().path()).unwrap();
            text.contains("cURL-libcURL = \"7.53.1\"").then_some(())
        })
        .count();
    assert_eq!(holding, 1);
}
