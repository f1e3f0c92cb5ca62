//! Integration tests: render.

use crate::util::{html5_parse_errors, relnotes, relnotes_in, root, stdout_of, xml_well_formed};
use std::fs;
use std::path::{Path, PathBuf};

fn render(version: &str, lang: &str, format: &str) -> String {
    stdout_of(relnotes().args(["render", version, "--lang", lang, "--format", format]))
}

fn example_root() -> PathBuf {
    root().join("examples/pytorch-cuda")
}

/// Every release of a project, by the file names in its releases/.
fn versions(project: &Path) -> Vec<String> {
    let mut versions: Vec<String> = fs::read_dir(project.join("releases"))
        .expect("releases dir")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    versions.sort();
    versions
}

/// Every page of both projects: (project root, version, lang, format, page).
fn every_page(format: &str) -> Vec<(PathBuf, String, String, String)> {
    let mut pages = Vec::new();
    for project in [root(), example_root()] {
        for version in versions(&project) {
            for lang in ["zh", "en"] {
                let mut cmd = relnotes_in(&project);
                cmd.args(["render", &version, "--lang", lang, "--format", format]);
                pages.push((
                    project.clone(),
                    version.clone(),
                    lang.to_string(),
                    stdout_of(&mut cmd),
                ));
            }
        }
    }
    assert!(pages.len() >= 8, "both projects have releases");
    pages
}

// ---------------------------------------------------------------- snapshots

/// The 25.10 page in each language and format equals its snapshot.
#[test]
fn snapshots_of_25_10_in_each_language_and_format() {
    for (lang, format) in [("zh", "md"), ("en", "md"), ("zh", "html"), ("en", "html")] {
        let name = format!("release_25.10.{lang}.{format}");
        insta::assert_snapshot!(name, render("25.10", lang, format));
    }
}

// ----------------------------------------------------------- well-formedness

#[test]
fn the_checkers_catch_broken_markup() {
    assert!(xml_well_formed("<!DOCTYPE html><html><body><p>a</p></body></html>").is_ok());
    assert!(
        xml_well_formed("<html><body><p>a</body></html>").is_err(),
        "mismatched end"
    );
    assert!(
        xml_well_formed("<html><body><br></body></html>").is_err(),
        "void element not self-closed"
    );
    assert!(
        xml_well_formed("<html><p>a &nbsp; b</p></html>").is_err(),
        "HTML-only entity"
    );
    assert!(
        xml_well_formed("<html><p>a & b</p></html>").is_err(),
        "bare ampersand"
    );
    assert!(
        xml_well_formed("<html><p title=\"a & b\">x</p></html>").is_err(),
        "bare ampersand in an attribute"
    );
    assert!(xml_well_formed("<html><p>a</p>").is_err(), "unclosed");
    assert!(
        !html5_parse_errors("<html><p>a</html>").is_empty(),
        "no doctype"
    );
}

#[test]
fn every_html_page_is_valid_html_and_well_formed_xml() {
    for (project, version, lang, html) in every_page("html") {
        let page = format!("{} {version} {lang}", project.display());
        let errors = html5_parse_errors(&html);
        assert!(errors.is_empty(), "{page}: html5ever reports {errors:?}");
        let elements =
            xml_well_formed(&html).unwrap_or_else(|e| panic!("{page}: not well-formed XML: {e}"));
        assert!(elements > 20, "{page}: {elements} elements");
    }
}

#[test]
fn every_page_is_tidy() {
    for format in ["md", "html"] {
        for (project, version, lang, page) in every_page(format) {
            let name = format!("{} {version} {lang} {format}", project.display());
            assert!(
                page.ends_with('\n') && !page.ends_with("\n\n"),
                "{name}: must end with one newline"
            );
            assert!(!page.starts_with('\n'), "{name}: starts with a blank line");
            for (n, line) in page.lines().enumerate() {
                assert_eq!(
                    line,
                    line.trim_end(),
                    "{name}: trailing whitespace on line {}",
                    n + 1
                );
            }
            if format == "md" {
                assert!(!page.contains("\n\n\n"), "{name}: a run of blank lines");
            }
        }
    }
}

#[test]
fn rendering_is_deterministic() {
    assert_eq!(render("25.10", "en", "html"), render("25.10", "en", "html"));
}

// ------------------------------------------------------------ page content

#[test]
fn html_is_standalone_and_links_the_other_language() {
    let zh = render("25.10", "zh", "html");
    assert!(
        zh.starts_with("<!DOCTYPE html>\n<html lang=\"zh\">"),
        "{}",
        &zh[..200]
    );
    assert!(zh.contains("<meta charset=\"utf-8\" />"));
    assert!(zh.contains("<meta name=\"viewport\""));
    assert!(zh.contains("<title>training-nv-pytorch 25.10 版本发布记录</title>"));
    assert!(zh.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"25.10.en.html\" />"));
    assert!(zh.contains(
        "<a href=\"25.10.en.html\" hreflang=\"en\" lang=\"en\" rel=\"alternate\">English</a>"
    ));
    let en = render("25.10", "en", "html");
    assert!(en.starts_with("<!DOCTYPE html>\n<html lang=\"en\">"));
    assert!(en.contains("<link rel=\"alternate\" hreflang=\"zh\" href=\"25.10.zh.html\" />"));
    for (name, page) in [("zh", &zh), ("en", &en)] {
        assert!(
            page.contains("<style>")
                && page.contains("prefers-color-scheme: dark")
                && page.contains("@media print")
        );
        for external in [
            "rel=\"stylesheet\"",
            "<script",
            "<img",
            "<iframe",
            "@import",
            "url(",
        ] {
            assert!(!page.contains(external), "{name}: {external}");
        }
        assert!(!page.contains("src=\"http"), "{name}: a remote asset");
    }
}

#[test]
fn components_table_marks_per_arch_differences() {
    let html = render("25.10", "en", "html");
    assert!(
        html.contains("<caption>"),
        "the components table has a caption"
    );
    assert!(html.contains("<th scope=\"col\">aarch64</th><th scope=\"col\">amd64</th>"));
    let row = |name: &str| -> String {
        let start = html
            .find(&format!("<th scope=\"row\">{name}"))
            .unwrap_or_else(|| panic!("row {name}"));
        let row_start = html[..start].rfind("<tr").unwrap();
        let row_end = start + html[start..].find("</tr>").unwrap();
        html[row_start..row_end].to_string()
    };
    for name in ["pytorch-triton", "perf", "triton"] {
        let row = row(name);
        assert!(row.starts_with("<tr class=\"differs\">"), "{row}");
        assert!(
            row.contains("<td class=\"differs\">3.4.0")
                || row.contains("<td class=\"differs\">5.4.30"),
            "{row}"
        );
        assert!(row.contains("†"), "a textual marker: {row}");
        assert!(
            row.contains("<td class=\"absent\">") && row.contains("not included"),
            "{row}"
        );
    }
    assert!(row("pytorch-triton").contains("only on aarch64"));
    assert!(row("perf").contains("only on amd64"));
    for name in ["torch", "vllm", "Ubuntu"] {
        let row = row(name);
        assert!(
            row.starts_with("<tr><th") && !row.contains("differs") && !row.contains("†"),
            "{row}"
        );
    }
    assert!(html.contains(
        "<p class=\"legend\"><span class=\"marker\">†</span> differs between architectures</p>"
    ));

    let md = render("25.10", "zh", "md");
    assert!(md.contains("| 组件 | aarch64 | amd64 |"), "{md}");
    assert!(
        md.contains("| pytorch-triton (仅 aarch64) | **3.4.0** † | — |"),
        "{md}"
    );
    assert!(
        md.contains("| perf (仅 amd64) | — | **5.4.30** † |"),
        "{md}"
    );
    assert!(
        md.contains("| triton (仅 amd64) | — | **3.4.0** † |"),
        "{md}"
    );
    assert!(
        md.contains("| torch | 2.8.0.9+nv25.3 | 2.8.0.9+nv25.3 |"),
        "{md}"
    );
    assert!(md.contains("\n† 各架构不同\n"), "{md}");
}

#[test]
fn single_arch_release_has_no_difference_marks() {
    let md = render("25.05", "en", "md");
    assert!(md.contains("| Component | amd64 |"), "{md}");
    assert!(!md.contains('†'), "{md}");
    assert!(md.contains("## Known issues"), "{md}");
    assert!(
        md.contains("## Bug fixes\n\n- pytorch upgraded to 2.6.0.7.post1"),
        "{md}"
    );
}

#[test]
fn markdown_page_sections() {
    let md = render("25.10", "en", "md");
    assert!(
        md.starts_with("# training-nv-pytorch 25.10 release notes\n\n[中文](25.10.zh.md)\n"),
        "{md}"
    );
    for heading in [
        "## Main features",
        "## Bug fixes\n\nNone\n",
        "## Contents",
        "### Components",
        "## Driver requirements",
        "## Assets",
        "### VPC image",
        "## Key Features and Enhancements",
        "## Quick Start",
        "## Built-in environment variables",
    ] {
        assert!(md.contains(heading), "missing {heading:?}");
    }
    assert!(md.contains(
        "```bash\ndocker pull egslingjun-registry.cn-wulanchabu.cr.aliyuncs.com/egslingjun/training-nv-pytorch:25.10-serverless\n```"
    ));
    assert!(md.contains("- Minimum driver release: ≥ 575"));
    assert!(md.contains("R470 ≥ 470.57, R525 ≥ 525.85"));
    assert!(md.contains("| `NCCL_SOCKET_IFNAME` | `eth0` |"));
    assert!(!md.contains("## Known issues"), "25.10 has none");

    let zh = render("25.10", "zh", "md");
    assert!(
        zh.contains("## 主要特性")
            && zh.contains("## 缺陷修复\n\n暂无\n")
            && zh.contains("## 驱动要求")
    );
    assert!(zh.contains("## 资源") && zh.contains("- 适用于：ACS产品形态、灵骏多租产品形态"));
}

#[test]
fn html_page_content() {
    let html = render("25.10", "zh", "html");
    assert!(
        html.contains("<pre class=\"pull\""),
        "pull commands in pre/code"
    );
    assert!(html.contains(
        "<code>docker pull egslingjun-registry.cn-wulanchabu.cr.aliyuncs.com/egslingjun/training-nv-pytorch:25.10-serverless</code></pre>"
    ));
    assert!(html.contains("user-select: all"));
    assert!(html.contains("<h2>驱动要求</h2>") && html.contains("<dd>≥ 575</dd>"));
    // Section bodies are HTML, with code blocks and lists.
    assert!(html.contains("<section id=\"quick-start\">"));
    assert!(html.contains(
        "<pre><code class=\"language-bash\">export CHECKPOINT_OPTIMIZATION=true\n</code></pre>"
    ));
    assert!(html.contains("<code>torch.compile()</code>"));
    // Escaped texts.
    assert!(html.contains("多架构支持(支持amd64 &amp; aarch64架构)"));
}

#[test]
fn example_project_renders_gpus_and_ports() {
    let example = example_root();
    let md = stdout_of(relnotes_in(&example).args(["render", "v2.9", "--lang", "en"]));
    assert!(md.contains("## Supported GPUs"), "{md}");
    assert!(
        md.contains("| A100 | Ampere | 8.0 |") && md.contains("| H100 | Hopper | 9.0 |"),
        "{md}"
    );
    assert!(
        md.contains("## Ports")
            && md.contains("| SSH | 22 | 2222 |")
            && md.contains("| Jupyter Lab | 8888 | 8888 |")
    );
    assert!(
        md.contains("Also included: TorchVision, Torchaudio, Jupyter Lab"),
        "{md}"
    );
    // Markdown tables from the record's sections survive.
    assert!(md.contains("| GPU | Architecture | Compute Capability |"));
    let html = stdout_of(
        relnotes_in(&example).args(["render", "v2.9", "--lang", "zh", "--format", "html"]),
    );
    assert!(html.contains("<section id=\"gpus\">") && html.contains("<th scope=\"row\">H100</th>"));
    assert!(html.contains("<section id=\"ports\">") && html.contains("<td>2222</td>"));
    assert!(
        html.contains("<table>"),
        "GFM tables in section bodies become HTML tables"
    );
}

// ------------------------------------------------------------- CLI behaviour

#[test]
fn lang_all_writes_one_page_per_language() {
    let out = tempfile::tempdir().unwrap();
    let dir = out.path().join("pages");
    relnotes()
        .args(["render", "25.10", "--lang", "all", "-o"])
        .arg(&dir)
        .assert()
        .success();
    let mut names: Vec<String> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["25.10.en.md", "25.10.zh.md"]);
    assert!(
        fs::read_to_string(dir.join("25.10.zh.md"))
            .unwrap()
            .starts_with("# training-nv-pytorch 25.10 版本发布记录\n")
    );
    assert_eq!(
        fs::read_to_string(dir.join("25.10.en.md")).unwrap(),
        render("25.10", "en", "md")
    );

    let html_dir = out.path().join("html");
    relnotes()
        .args(["render", "25.10", "--lang", "all", "--format", "html", "-o"])
        .arg(&html_dir)
        .assert()
        .success();
    assert!(html_dir.join("25.10.zh.html").is_file() && html_dir.join("25.10.en.html").is_file());
}

#[test]
fn lang_all_needs_an_output_directory() {
    let out = relnotes()
        .args(["render", "25.10", "--lang", "all"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("-o"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn output_file_is_not_overwritten_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("page.md");
    fs::write(&file, "keep me").unwrap();
    let out = relnotes()
        .args(["render", "25.10", "--lang", "en", "-o"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--force"));
    assert_eq!(fs::read_to_string(&file).unwrap(), "keep me");

    relnotes()
        .args(["render", "25.10", "--lang", "en", "--force", "-o"])
        .arg(&file)
        .assert()
        .success();
    assert_eq!(
        fs::read_to_string(&file).unwrap(),
        render("25.10", "en", "md")
    );
}

/// The 25.10 page in English as HTML, rendered with the templates in `dir`.
fn en_html_with_templates(dir: &Path) -> String {
    stdout_of(
        relnotes()
            .args(["render", "25.10", "--lang", "en", "--format", "html"])
            .arg("--templates")
            .arg(dir),
    )
}

#[test]
fn user_templates_override_per_file() {
    let dir = tempfile::tempdir().unwrap();
    let md = fs::read_to_string(root().join("templates/release.md.hbs")).unwrap();
    let changed = md.replace("## {{labels.features}}", "## What is new in {{version}}");
    assert_ne!(md, changed);
    fs::write(dir.path().join("release.md.hbs"), changed).unwrap();
    let page = stdout_of(
        relnotes()
            .args(["render", "25.10", "--lang", "en", "--templates"])
            .arg(dir.path()),
    );
    assert!(page.contains("## What is new in 25.10\n"), "{page}");
    assert!(!page.contains("## Main features"));
    // Files the directory does not have still come from the project / built-ins.
    let html = en_html_with_templates(dir.path());
    assert!(html.contains("<h2>Main features</h2>"));

    // A partial can be overridden alone too.
    fs::create_dir(dir.path().join("partials")).unwrap();
    fs::write(
        dir.path().join("partials/style.css.hbs"),
        "body { color: teal; }\n",
    )
    .unwrap();
    let html = en_html_with_templates(dir.path());
    assert!(
        html.contains("<style>\nbody { color: teal; }\n</style>"),
        "{}",
        &html[..600]
    );
}

/// `relnotes render 25.10 --templates DIR`.
fn render_with_templates(dir: &Path) -> std::process::Output {
    relnotes()
        .args(["render", "25.10", "--templates"])
        .arg(dir)
        .output()
        .unwrap()
}

#[test]
fn unknown_template_variable_is_an_error_naming_the_template() {
    let dir = tempfile::tempdir().unwrap();
    let md = fs::read_to_string(root().join("templates/release.md.hbs")).unwrap();
    fs::write(
        dir.path().join("release.md.hbs"),
        md.replace("# {{title}}", "# {{titel}}"),
    )
    .unwrap();
    let out = render_with_templates(dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("release.md.hbs"), "{stderr}");
    assert!(stderr.contains("unknown variable `titel`"), "{stderr}");
    assert!(stderr.contains("line "), "{stderr}");

    // The same inside a condition, which Handlebars alone would read as false.
    fs::write(
        dir.path().join("release.md.hbs"),
        "{{#if sumary}}x{{/if}}\n",
    )
    .unwrap();
    let out = render_with_templates(dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown variable `sumary`"));
}

#[test]
fn broken_template_syntax_is_an_error_with_a_position() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(
        dir.path().join("release.md.hbs"),
        "# {{title}}\n\n{{#if summary}}\n{{summary}}\n",
    )
    .unwrap();
    let out = render_with_templates(dir.path());
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("release.md.hbs"), "{stderr}");
}

#[test]
fn missing_templates_directory_is_an_error() {
    let out = relnotes()
        .args(["render", "25.10", "--templates", "no/such/dir"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no/such/dir"));
}

/// Own templates whose partials never stop expanding end in a clear error
/// naming the chain, in bounded time, instead of a stack overflow.
#[test]
fn partials_that_never_end_are_refused() {
    let run = |setup: &dyn Fn(&Path), format: &str| {
        let dir = tempfile::tempdir().unwrap();
        let templates = dir.path().join("templates");
        fs::create_dir_all(templates.join("partials")).unwrap();
        fs::copy(
            root().join(format!("templates/release.{format}.hbs")),
            templates.join(format!("release.{format}.hbs")),
        )
        .unwrap();
        setup(&templates);
        let out = relnotes()
            .args(["render", "25.10", "--format", format, "--templates"])
            .arg(&templates)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stdout.is_empty());
        String::from_utf8(out.stderr).unwrap()
    };
    let write = |dir: &Path, name: &str, text: &str| {
        fs::write(dir.join("partials").join(name), text).unwrap();
    };
    // `text` put before the page template's own.
    let prepend = |dir: &Path, text: &str| {
        let page = dir.join("release.md.hbs");
        let own = fs::read_to_string(&page).unwrap();
        fs::write(&page, format!("{text}{own}")).unwrap();
    };
    // Partials NAME0 … NAME(n-1), each calling the next twice, and NAMEn
    // holding `last`.
    let doubling_chain = |dir: &Path, name: &str, n: usize, last: &str| {
        for i in 0..n {
            let next = format!("{{{{> {name}{}}}}}", i + 1);
            write(dir, &format!("{name}{i}.md.hbs"), &next.repeat(2));
        }
        write(dir, &format!("{name}{n}.md.hbs"), last);
    };

    // a → b → a, through the partials a page calls.
    let stderr = run(
        &|t| {
            write(t, "release-changes.html.hbs", "{{> release-contents}}");
            write(
                t,
                "release-contents.html.hbs",
                "{{#if x}}{{> release-changes}}{{/if}}",
            );
        },
        "html",
    );
    assert!(
        stderr.contains("partials call each other without end: release-changes → release-contents → release-changes"),
        "{stderr}"
    );

    // An inline partial that calls itself.
    let stderr = run(
        &|t| {
            prepend(t, "{{#*inline \"again\"}}{{> again}}{{/inline}}{{> again}}");
        },
        "md",
    );
    assert!(stderr.contains("without end: again → again"), "{stderr}");

    // Each level calls the next twice: 2^31 expansions.
    let stderr = run(
        &|t| {
            prepend(t, "{{> f0}}");
            doubling_chain(t, "f", 30, "x");
        },
        "md",
    );
    assert!(stderr.contains("partials expand"), "{stderr}");

    // Few enough expansions, but a page too large to keep.
    let stderr = run(
        &|t| {
            prepend(t, "{{> g0}}");
            // 2^12 copies of a partial just under the template bound.
            doubling_chain(t, "g", 12, &"y".repeat(30 << 10));
        },
        "md",
    );
    assert!(stderr.contains("the page grows past 64 MiB"), "{stderr}");
}
