//! Integration tests: the project's languages are data (docs/languages.md)
//! — an English-only project, a third language with built-in labels, a
//! language a project adds through `locales/<tag>.toml`, unknown tags.

use crate::support::project::{driver_summary, outcome};
use crate::util::{relnotes, relnotes_in, root, scratch_project};
use std::fs;
use std::path::Path;

/// Runs relnotes in `dir` with `args`; (exit code, stdout, stderr).
fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = relnotes_in(dir).args(args).output().expect("runs");
    outcome(&out)
}

/// Every file below `dir`, with its text.
fn files(dir: &Path) -> Vec<(String, String)> {
    let mut found = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            found.extend(files(&path));
        } else {
            let text = String::from_utf8_lossy(&fs::read(&path).unwrap()).into_owned();
            found.push((path.display().to_string(), text));
        }
    }
    found
}

/// Whether `text` has a trace of Chinese: the tag, the word, a CJK ideograph.
fn chinese_in(text: &str) -> Option<String> {
    let ideograph = text.chars().find(|c| ('\u{4e00}'..='\u{9fff}').contains(c));
    if let Some(c) = ideograph {
        return Some(format!("the ideograph {c}"));
    }
    text.find("zh")
        .map(|at| format!("`zh` in …{}…", &text[at.saturating_sub(40)..at + 2]))
}

/// The scratch copy of the repository's project with `languages` set.
fn project_in(languages: &str) -> tempfile::TempDir {
    let dir = scratch_project();
    let file = dir.path().join("relnotes.toml");
    let text = fs::read_to_string(&file).unwrap();
    let text = text.replace("languages = [\"zh\", \"en\"]", languages);
    assert!(text.contains(languages));
    fs::write(file, text).unwrap();
    dir
}

#[test]
fn an_english_only_project_never_sees_chinese() {
    let dir = tempfile::tempdir().unwrap();
    let project = dir.path();
    fs::write(
        project.join("relnotes.toml"),
        "languages = [\"en\"]\n\n[product]\nid = \"nvidia-pytorch\"\nname = { en = \"NGC PyTorch\" }\n",
    )
    .unwrap();
    fs::create_dir(project.join("releases")).unwrap();
    let page = root().join("tests/fixtures/import/nvidia-pytorch-container-20.02.en.txt");
    let (code, _, stderr) = run(project, &["import", page.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let record = fs::read_to_string(project.join("releases/20.02.toml")).unwrap();
    assert!(
        record.contains("title]\nen = \"NGC PyTorch 20.02 release notes\""),
        "{record}"
    );
    assert_eq!(chinese_in(&record), None, "{record}");

    let mut outputs = Vec::new();
    for args in [
        &["list"][..],
        &["render", "20.02"],
        &["render", "20.02", "--format", "html"],
        &["lint"],
        &["site", "--out", "public"],
    ] {
        let (code, stdout, stderr) = run(project, args);
        assert_eq!(code, 0, "{args:?}: {stderr}");
        assert!(!stderr.contains("warning"), "{args:?}: {stderr}");
        outputs.push((format!("{args:?}"), stdout + &stderr));
    }
    outputs.extend(files(&project.join("public")));
    assert!(project.join("public/en/20.02.html").is_file());
    for (what, text) in outputs {
        assert_eq!(chinese_in(&text), None, "{what}");
    }
}

#[test]
fn a_japanese_page_has_japanese_labels_and_english_where_ja_is_missing() {
    let dir = project_in("languages = [\"zh\", \"en\", \"ja\"]");
    let project = dir.path();
    let (code, md, stderr) = run(project, &["render", "25.10", "--lang", "ja"]);
    assert_eq!(code, 0, "{stderr}");
    // The labels are Japanese; a text the record lacks in Japanese is English.
    assert!(md.contains("## 主な機能"), "{md}");
    assert!(
        md.contains("[中文](25.10.zh.md) · [English](25.10.en.md)"),
        "{md}"
    );
    let en = crate::util::stdout_of(relnotes_in(project).args(["render", "25.10", "--lang", "en"]));
    let first_feature = en.lines().find(|l| l.starts_with("- ")).expect("a feature");
    assert!(md.contains(first_feature), "{md}");
    // …and each such text is a warning naming only the missing language.
    assert!(stderr.contains("has no `ja` translation"), "{stderr}");
    assert!(!stderr.contains("has no `en`"), "{stderr}");
    let (code, _, _) = run(project, &["--strict", "render", "25.10", "--lang", "ja"]);
    assert_eq!(code, 2);

    // Every page offers every other language.
    let (code, html, _) = run(
        project,
        &["render", "25.10", "--lang", "ja", "--format", "html"],
    );
    assert_eq!(code, 0);
    for (tag, name) in [("zh", "中文"), ("en", "English")] {
        assert!(
            html.contains(&format!(
                "<link rel=\"alternate\" hreflang=\"{tag}\" href=\"25.10.{tag}.html\" />"
            )),
            "{html}"
        );
        assert!(html.contains(&format!("lang=\"{tag}\" rel=\"alternate\">{name}</a>")));
    }
    assert!(html.contains("<html lang=\"ja\">"));
    assert!(html.contains(":lang(ja) ul.inline li + li::before { content: \"、\"; }"));

    // `--lang all` writes each of the three.
    let (code, _, stderr) = run(project, &["render", "25.10", "--lang", "all", "-o", "out"]);
    assert_eq!(code, 0, "{stderr}");
    for tag in ["zh", "en", "ja"] {
        assert!(project.join(format!("out/25.10.{tag}.md")).is_file());
    }

    // The site: a tree per language, the chooser naming each in its own words.
    let (code, _, stderr) = run(project, &["site", "--out", "public"]);
    assert_eq!(code, 0, "{stderr}");
    let ja = fs::read_to_string(project.join("public/ja/25.10.html")).unwrap();
    assert!(ja.contains("hreflang=\"x-default\""), "{ja}");
    assert!(ja.contains("hreflang=\"zh\"") && ja.contains("hreflang=\"en\""));
    let chooser = fs::read_to_string(project.join("public/index.html")).unwrap();
    for name in ["中文", "English", "日本語"] {
        assert!(chooser.contains(name), "{chooser}");
    }
}

#[test]
fn a_project_adds_indonesian_through_its_locales_file() {
    let dir = project_in("languages = [\"zh\", \"en\", \"id\"]");
    let project = dir.path();
    // No labels in Indonesian yet: an error naming the command that starts them.
    let (code, _, stderr) = run(project, &["render", "25.10", "--lang", "id"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("no labels in `id`"), "{stderr}");
    assert!(
        stderr.contains("relnotes labels en > locales/id.toml"),
        "{stderr}"
    );

    // `relnotes labels en` works in that project and starts the file.
    let (code, english, stderr) = run(project, &["labels", "en"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        english.contains("features = \"Main features\"\n"),
        "{english}"
    );
    let indonesian: String = english
        .replace("features = \"Main features\"", "features = \"Fitur utama\"")
        .replace(
            "language_name = \"English\"",
            "language_name = \"Bahasa Indonesia\"",
        )
        .lines()
        // A key left out falls back to English, with one warning.
        .filter(|l| !l.starts_with("known_issues =") && !l.starts_with("bug_fixes ="))
        .map(|l| format!("{l}\n"))
        .collect();
    fs::create_dir(project.join("locales")).unwrap();
    fs::write(project.join("locales/id.toml"), indonesian).unwrap();

    let (code, md, stderr) = run(project, &["render", "25.10", "--lang", "id"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(md.contains("## Fitur utama"), "{md}");
    assert!(md.contains("## Bug fixes"), "{md}");
    let fallback: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("labels fall back to English"))
        .collect();
    assert_eq!(fallback.len(), 1, "{stderr}");
    assert!(fallback[0].contains("bug_fixes, known_issues"), "{stderr}");
    // The other pages name Indonesian in its own words.
    let (_, zh, _) = run(project, &["render", "25.10", "--lang", "zh"]);
    assert!(zh.contains("[Bahasa Indonesia](25.10.id.md)"), "{zh}");
    // `relnotes labels id` prints the project's labels over English.
    let (code, labels, _) = run(project, &["labels", "id"]);
    assert_eq!(code, 0);
    assert!(labels.contains("features = \"Fitur utama\"\n"));
    assert!(labels.contains("known_issues = \"Known issues\"\n"));

    // A key no label has is an error naming it.
    fs::write(project.join("locales/id.toml"), "featurs = \"Fitur\"\n").unwrap();
    let (code, _, stderr) = run(project, &["list"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown label `featurs`"), "{stderr}");
    assert!(stderr.contains("did you mean `features`?"), "{stderr}");
}

#[test]
fn an_unconfigured_or_malformed_tag_exits_2_naming_the_languages() {
    for (args, expected) in [
        (
            &["render", "25.10", "--lang", "ja"][..],
            "`ja` is not one of the project's languages: `zh`, `en`",
        ),
        (
            &["diff", "25.05", "25.10", "--lang", "zh-Hant"],
            "`zh-Hant` is not one of the project's languages: `zh`, `en`",
        ),
        (
            &["render", "25.10", "--lang", "english"],
            "`english` is not a valid BCP 47 language tag",
        ),
        (&["labels", "x_y"], "is not a BCP 47 language tag"),
    ] {
        let out = relnotes().args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
    // Built-in labels need no project; a language without them does.
    let outside = tempfile::tempdir().unwrap();
    let (code, ja, _) = run(outside.path(), &["labels", "ja"]);
    assert_eq!(code, 0);
    assert!(ja.contains("features = \"主な機能\"\n"), "{ja}");
    let (code, _, stderr) = run(outside.path(), &["labels", "id"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no labels in `id`"), "{stderr}");
}

#[test]
fn a_language_the_project_stopped_using_is_left_out_with_one_warning_per_file() {
    // The repository's records hold `zh` and `en`; the project now writes
    // in English only.
    let dir = project_in("languages = [\"en\"]");
    let (code, list, stderr) = run(dir.path(), &["list"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(list.contains("25.10"), "{list}");
    let warned: Vec<&str> = stderr
        .lines()
        .filter(|l| l.contains("warning: texts in `zh` left out"))
        .collect();
    let records = fs::read_dir(dir.path().join("releases")).unwrap().count();
    // One for relnotes.toml's product name, one for each record.
    assert_eq!(warned.len(), records + 1, "{stderr}");
    assert!(warned[0].starts_with("relnotes.toml:"), "{stderr}");
    // The pages and the site hold no Chinese text of the records.
    let (code, page, stderr) = run(dir.path(), &["render", "25.10"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(page.contains("release notes"), "{page}");
    assert!(!page.contains("版本发布记录"), "{page}");
    let (code, _, stderr) = run(dir.path(), &["site", "--out", "site"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(dir.path().join("site/en/25.10.html").is_file());
    assert!(!dir.path().join("site/zh").exists());
    // --strict makes the warning an error, and nothing is written.
    let (code, _, stderr) = run(
        dir.path(),
        &["--strict", "render", "25.10", "-o", "page.md"],
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("error: texts in `zh` left out: `zh` is not among the project's languages"),
        "{stderr}"
    );
    assert!(!dir.path().join("page.md").exists());
    // A tag that is no BCP 47 language stays an error.
    let dir = project_in("languages = [\"en\", \"english!\"]");
    let (code, _, stderr) = run(dir.path(), &["list"]);
    assert_eq!(code, 2, "{stderr}");
}

/// A project of the repository's relnotes.toml in `first` and English, no
/// records yet.
fn empty_project_in(first: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let text = fs::read_to_string(root().join("relnotes.toml")).unwrap();
    let languages = format!("languages = [\"{first}\", \"en\"]");
    let text = text
        .replace("languages = [\"zh\", \"en\"]", &languages)
        .replace(
            "\nzh = \"training-nv-pytorch\"",
            &format!("\n\"{first}\" = \"training-nv-pytorch\""),
        );
    assert!(text.contains(&languages) && text.contains(&format!("\"{first}\" = ")));
    fs::write(dir.path().join("relnotes.toml"), text).unwrap();
    fs::create_dir(dir.path().join("releases")).unwrap();
    dir
}

/// What import read from a page: the language its texts are stored under,
/// its components (`name=version`, sorted), the driver's CUDA and minimum
/// and data-center branches, and its features and known issues in `lang`.
fn imported(dir: &Path, version: &str, lang: &str) -> (Vec<String>, String, Vec<String>) {
    let ws = model::Workspace::open(dir).unwrap();
    let release = ws.load(version, false).unwrap().release;
    let lang: model::Lang = lang.parse().unwrap();
    let views = release.resolve(&ws.project);
    // Pages naming several architectures list one set of components.
    let of_view = |i: usize| -> Vec<String> {
        views[i]
            .components
            .iter()
            .map(|c| format!("{}={}", c.name, c.version))
            .collect()
    };
    let mut components = of_view(0);
    assert!((1..views.len()).all(|i| of_view(i) == components));
    components.sort();
    let d = release.driver.as_ref().expect("a driver requirement");
    let driver = driver_summary(d);
    let texts = release
        .features
        .iter()
        .chain(&release.known_issues)
        .map(|t| t.side(lang).to_string())
        .collect();
    (components, driver, texts)
}

const COMPONENTS_25_09: [&str; 8] = [
    "CUDA=12.8",
    "Python=3.12.7+gc",
    "Ubuntu=24.04",
    "deepspeed=0.16.9+ali",
    "flash_attn=2.8.3",
    "torch=2.8.0.9+nv25.3",
    "transformers=4.56.1+ali",
    "vllm=0.10.2",
];

#[test]
fn a_traditional_chinese_page_imports_under_zh_hant() {
    let dir = empty_project_in("zh-Hant");
    let page = root().join("tests/fixtures/import/training-nv-pytorch-25.09.zh-Hant.txt");
    let (code, _, stderr) = run(dir.path(), &["import", page.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let record = fs::read_to_string(dir.path().join("releases/25.09.toml")).unwrap();
    assert!(record.contains("zh-Hant = \"vLLM升級至0.10.2"), "{record}");
    assert!(
        !record.contains("\nzh = ") && !record.contains("{ zh = "),
        "{record}"
    );
    let (components, driver, texts) = imported(dir.path(), "25.09", "zh-Hant");
    assert_eq!(components, COMPONENTS_25_09);
    assert_eq!(
        driver,
        "cuda Some(\"12.8.0\") min Some(\"575\") datacenter [\"R470>=470.57\", \"R525>=525.85\", \"R535>=535.86\", \"R545>=545.23\"]"
    );
    assert_eq!(texts[0], "vLLM升級至0.10.2，合併對應社群功能。");
    assert!(texts.last().unwrap().starts_with("映像升級pytorch 2.8後"));

    // A project of `zh` (Simplified) only refuses the page, naming its languages.
    let simplified = empty_project_in("zh");
    let (code, _, stderr) = run(simplified.path(), &["import", page.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("zh-Hant") && stderr.contains("`zh`, `en`"),
        "{stderr}"
    );
    assert!(!simplified.path().join("releases/25.09.toml").exists());
    // …unless told: `--lang zh` stores it as the project's Chinese.
    let (code, _, stderr) = run(
        simplified.path(),
        &["import", page.to_str().unwrap(), "--lang", "zh"],
    );
    assert_eq!(code, 0, "{stderr}");
    let (components, _, texts) = imported(simplified.path(), "25.09", "zh");
    assert_eq!(components, COMPONENTS_25_09);
    assert_eq!(texts[0], "vLLM升級至0.10.2，合併對應社群功能。");

    // A project that names Taiwan's Chinese `zh-TW` gets the page there.
    let taiwan = empty_project_in("zh-TW");
    fs::create_dir(taiwan.path().join("locales")).unwrap();
    fs::copy(
        root().join("data/labels/zh-Hant.toml"),
        taiwan.path().join("locales/zh-TW.toml"),
    )
    .unwrap();
    let (code, _, stderr) = run(taiwan.path(), &["import", page.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let (components, _, texts) = imported(taiwan.path(), "25.09", "zh-TW");
    assert_eq!(components, COMPONENTS_25_09);
    assert_eq!(texts[0], "vLLM升級至0.10.2，合併對應社群功能。");
}

#[test]
fn a_japanese_page_imports_under_ja() {
    let dir = empty_project_in("ja");
    let page = root().join("tests/fixtures/import/training-nv-pytorch-25.09.ja.txt");
    let (code, _, stderr) = run(dir.path(), &["import", page.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let (components, driver, texts) = imported(dir.path(), "25.09", "ja");
    assert_eq!(components, COMPONENTS_25_09);
    assert_eq!(
        driver,
        "cuda Some(\"12.8.0\") min Some(\"575\") datacenter [\"R470>=470.57\", \"R525>=525.85\", \"R535>=535.86\", \"R545>=545.23\"]"
    );
    assert_eq!(
        texts[..2],
        [
            "vLLMを0.10.2にアップグレードし、対応するコミュニティの機能を取り込みました。",
            "L20Aインスタンスタイプをサポートしました。"
        ]
    );
    assert!(
        texts
            .last()
            .unwrap()
            .starts_with("pytorch 2.8へのアップグレード後")
    );

    // The repository's own project (`zh`, `en`) refuses it, naming its languages.
    let other = empty_project_in("zh");
    let (code, _, stderr) = run(other.path(), &["import", page.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("`ja`") && stderr.contains("`zh`, `en`"),
        "{stderr}"
    );
}

/// A Japanese page stating its components in prose only ("CUDA 12.9.1を
/// ベースに", "Python 3.12に対応", "…を含む"): they are read; the version a
/// note names ("Python 3.9には対応していません") and a known issue's are not.
#[test]
fn a_japanese_page_states_its_components_in_prose() {
    let dir = empty_project_in("ja");
    let page = root().join("tests/fixtures/import/statements/training-prose-25.11.ja.txt");
    let (code, _, stderr) = run(dir.path(), &["import", page.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let (components, driver, _) = imported(dir.path(), "25.11", "ja");
    assert!(
        driver.starts_with("cuda Some(\"12.9.1\") min Some(\"575\")"),
        "{driver}"
    );
    assert_eq!(
        components,
        [
            "CUDA=12.9.1",
            "Python=3.12",
            "deepspeed=0.17.5",
            "transformer_engine=2.8.0"
        ]
    );
    assert!(
        stderr.contains("4 of 4 name–version statement(s) became components"),
        "{stderr}"
    );
}

/// NVIDIA's PyTorch 22.12 release notes as published in Traditional
/// Chinese: the script is detected, the texts go under `zh-Hant`, and the
/// driver requirement and the components are read.
#[test]
fn a_published_traditional_chinese_ngc_page_imports_under_zh_hant() {
    let dir = empty_project_in("zh-Hant");
    let page = root().join("tests/fixtures/import/nvidia-pytorch-container-22.12.zh-Hant.txt");
    let (code, _, stderr) = run(dir.path(), &["import", page.to_str().unwrap()]);
    assert_eq!(code, 0, "{stderr}");
    let (components, driver, _) = imported(dir.path(), "22.12", "zh-Hant");
    assert_eq!(
        driver,
        // The driver section states no CUDA it is based on; CUDA 11.8.0 is
        // among the components.
        "cuda None min Some(\"520\") datacenter \
         [\"R450>=450.51\", \"R470>=470.57\", \"R510>=510.47\", \"R515>=515.65\"]"
    );
    for expected in [
        "cuDNN=8.7.0.84",
        "NCCL=2.15.5",
        "TensorRT=8.5.1",
        "DALI=1.20.0",
        "Ubuntu=20.04",
        "CUDA=11.8.0",
    ] {
        assert!(
            components.iter().any(|c| c == expected),
            "{expected}: {components:?}"
        );
    }
    let record = fs::read_to_string(dir.path().join("releases/22.12.toml")).unwrap();
    assert!(
        record.contains("zh-Hant = ") && !record.contains("\nzh = "),
        "{record}"
    );
}
