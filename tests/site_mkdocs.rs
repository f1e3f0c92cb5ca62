//! Integration tests: `relnotes site --for mkdocs`, built by the real
//! MkDocs (1.6.1 with Material, mkdocs-static-i18n and mkdocs-awesome-nav,
//! as ./scripts/test.sh installs them) in strict mode, which fails on any
//! link to a page or file that is not there.

use crate::support::generator::{
    Generator, LANGS, assert_files_in, assert_newest_first, assert_release_pages,
};
use crate::support::project::Project;
use crate::util::root;
use std::fs;
use std::path::Path;

const MKDOCS: Generator = Generator::MkDocs;

/// `mkdocs build --strict` in `project`.
fn mkdocs_build(project: &Path) {
    MKDOCS.build(project);
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The labels of the navigation links of a page Material built, in order.
fn nav_labels(html: &str) -> Vec<String> {
    let mut labels = Vec::new();
    let mut rest = html;
    while let Some(at) = rest.find("<span class=\"md-ellipsis\">") {
        rest = &rest[at + "<span class=\"md-ellipsis\">".len()..];
        let end = rest.find("</span>").unwrap();
        labels.push(rest[..end].trim().to_string());
    }
    labels
}

#[test]
fn an_empty_directory_becomes_a_site_mkdocs_builds_strictly() {
    let (_tmp, project, said) = MKDOCS.write_new("docs-site");
    MKDOCS.assert_minimal_config(
        &project,
        &said,
        &[
            "name: material",
            "i18n:",
            "docs_structure: suffix",
            "awesome-nav",
        ],
    );
    // mkdocs-static-i18n's suffix layout: the default language unsuffixed.
    let pages = project.join("docs/releases");
    assert_files_in(
        &pages,
        &[
            "25.10.md",
            "25.10.en.md",
            "diff/25.05..25.10.en.md",
            ".nav.yml",
        ],
    );
    mkdocs_build(&project);

    let site = project.join("site");
    for (lang, prefix, title) in LANGS {
        assert_release_pages(&site, (lang, prefix, title), |_, _| {});
        // No language link in the page: Material has its own switcher.
        let page = read(&pages.join(if lang == "zh" {
            "25.10.md"
        } else {
            "25.10.en.md"
        }));
        assert!(
            !page.contains("[中文]") && !page.contains("[English]"),
            "{page}"
        );

        // Newest release first in the navigation.
        let index = read(&site.join(format!("{prefix}releases/index.html")));
        assert_newest_first(&nav_labels(&index), &format!("{lang}:"));

        // The diff: word diffs intact, counts not a list.
        let diff = read(&site.join(format!("{prefix}releases/diff/25.05..25.10/index.html")));
        assert!(
            diff.contains("<pre class=\"word-diff\"><code>")
                && diff.contains("<del>")
                && diff.contains("<ins>"),
            "{lang}: word diff"
        );
        assert!(
            !diff.contains("<li>+ "),
            "{lang}: a count became a list item"
        );
        // The SBOMs the release page links are in the built site.
        let release = read(&site.join(format!("{prefix}releases/25.10/index.html")));
        assert!(
            release.contains("sbom/25.10-amd64.cdx.json"),
            "{lang}: SBOM link"
        );
    }
    assert!(site.join("releases/sbom/25.10-aarch64.cdx.json").is_file());
    assert!(
        site.join("en/releases/diff/25.05..25.10/index.html")
            .is_file()
    );
}

#[test]
fn an_existing_project_keeps_its_configuration_and_its_pages() {
    let config = "site_name: Existing docs\n\
                  theme:\n  name: material\n\
                  plugins:\n  - search\n  - i18n:\n      docs_structure: suffix\n      languages:\n\
                  \x20       - locale: zh\n          default: true\n          name: 中文\n\
                  \x20       - locale: en\n          name: English\n  - awesome-nav\n";
    let own = Project::bare().with_files(&[
        ("mkdocs.yml", config),
        ("docs/index.md", "# 我们的文档\n"),
        ("docs/index.en.md", "# Our docs\n"),
    ]);
    let project = own.path();
    MKDOCS.assert_keeps_config(None, project, config);
    assert_eq!(read(&project.join("docs/index.md")), "# 我们的文档\n");
    mkdocs_build(project);
    assert!(project.join("site/en/releases/25.10/index.html").is_file());

    // A configuration without the plugins is kept too, and told what it lacks.
    let said = MKDOCS.write_over_bare_config(None, project, "site_name: Bare\n");
    assert!(
        said.contains("must have")
            && said.contains("awesome-nav")
            && said.contains("zh (default), en"),
        "{said}"
    );
}

#[test]
fn a_rebuild_writes_nothing_unchanged_and_check_agrees() {
    let (_tmp, project, _) = MKDOCS.write_new("p");
    MKDOCS.assert_rebuild_unchanged(None, &project);
    fs::write(project.join("docs/releases/25.10.en.md"), "edited\n").unwrap();
    let (code, text) = MKDOCS.check(None, &project);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("changed  docs/releases/25.10.en.md")
            && text.contains("relnotes site --for mkdocs"),
        "{text}"
    );
}

#[test]
fn chromium_renders_a_page_mkdocs_built() {
    let (_tmp, project, _) = MKDOCS.write_new("p");
    MKDOCS.assert_diff_page_renders(&MKDOCS.build(&project));
}

#[test]
fn hostile_texts_and_labels_run_nowhere_in_the_built_site() {
    // A team's site with what runs before Markdown: pymdownx.snippets
    // (pasting files) and mkdocs-macros (Jinja over every page).
    let (_dir, site) = crate::support::hostile::built_site_for(MKDOCS, |project| {
        let config = project.join("mkdocs.yml");
        let mut text = read(&config);
        text = text.replace("  - awesome-nav\n", "  - awesome-nav\n  - macros\n");
        text.push_str("markdown_extensions:\n  - pymdownx.snippets\n");
        fs::write(&config, text).unwrap();
        fs::write(project.join("secret.txt"), "TOP-SECRET-TOKEN\n").unwrap();
    });
    let page = read(&site.join("en/releases/25.10/index.html"));
    assert!(!page.contains("TOP-SECRET-TOKEN"), "no file pasted");
    assert!(page.contains("secret.txt"), "the snippet line as text");
    assert!(
        !page.contains("Macros 49") && page.contains("if true %}ran"),
        "no Jinja ran"
    );
    assert!(
        page.contains("7*7 }}") && page.contains("gone #}"),
        "the Jinja as text"
    );
    // Shown as text: the title in Material's header, the label of the
    // language in its switcher, the feature's link text.
    let page = read(&site.join("en/releases/25.10/index.html"));
    assert!(
        page.contains(
            "25.10 &lt;/script&gt;&lt;script&gt;alert('title')&lt;/script&gt; release notes"
        ),
        "the title as text"
    );
    assert!(page.contains("English&lt;script&gt;alert('language_name')&lt;/script&gt;"));
    assert!(page.contains("vLLM upgraded, see notes and javascript:alert('auto')."));
}

/// A team's published history into a new project: `relnotes init`, then
/// `import` of a directory of a vendor's pages, or of a changelog with
/// `--all`, gives one record per release; `list` shows them, `diff` works
/// between the first and the last, and the MkDocs site builds strictly.
#[test]
fn a_published_history_becomes_a_new_project_and_its_mkdocs_site() {
    let fixtures = root().join("tests/fixtures/import");
    let pages = tempfile::tempdir().unwrap();
    for page in [
        "nvidia-pytorch-container-20.02.en.txt",
        "nvidia-pytorch-container-24.04.en.txt",
    ] {
        fs::copy(fixtures.join(page), pages.path().join(page)).unwrap();
    }
    let changelog = fixtures.join("aws-dlc-pytorch-changelog-2.11-2.13.en.txt");
    let cases: [(&Path, &[&str], &[&str]); 2] = [
        (pages.path(), &[], &["20.02", "24.04"]),
        (&changelog, &["--all"], &["2.11", "2.12", "2.13"]),
    ];
    for (source, extra, versions) in cases {
        let scratch = tempfile::tempdir().unwrap();
        let run = |dir: &Path, args: &[&str]| {
            let out = crate::util::relnotes_in(dir).args(args).output().unwrap();
            assert!(
                out.status.success(),
                "relnotes {args:?}: exit {:?}\n{}",
                out.status.code(),
                String::from_utf8_lossy(&out.stderr)
            );
            String::from_utf8(out.stdout).unwrap()
        };
        run(scratch.path(), &["init", "history", "--name", "PyTorch"]);
        let project = scratch.path().join("history");
        let mut import = vec!["import", source.to_str().unwrap()];
        import.extend(extra);
        run(&project, &import);
        let mut written: Vec<String> = fs::read_dir(project.join("releases"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        written.sort();
        let expected: Vec<String> = versions.iter().map(|v| format!("{v}.toml")).collect();
        assert_eq!(written, expected);
        let listed = run(&project, &["list", "--format", "json"]);
        let listed: serde_json::Value = serde_json::from_str(&listed).unwrap();
        let listed: Vec<&str> = listed
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["version"].as_str().unwrap())
            .collect();
        assert_eq!(listed, versions);
        let (first, last) = (versions[0], versions[versions.len() - 1]);
        let diff = run(&project, &["diff", first, last]);
        assert!(
            diff.starts_with(&format!("PyTorch: changes from {first} to {last}")),
            "{diff}"
        );
        run(&project, &["lint"]);
        run(&project, &["site", "--for", "mkdocs", "--out", "site-src"]);
        mkdocs_build(&project.join("site-src"));
        for version in versions {
            assert!(
                project
                    .join(format!("site-src/site/releases/{version}/index.html"))
                    .is_file(),
                "{version}"
            );
        }
    }
}
