//! Integration tests: `relnotes site --for docusaurus`, built by the real
//! Docusaurus (the @docusaurus/core, preset-classic and React versions of
//! the package.json relnotes writes, from npm) for every locale, with
//! `onBrokenLinks: 'throw'` and broken Markdown links throwing too. The
//! npm install is made once, in target/docusaurus-npm, and every test
//! project links its node_modules there. The built HTML's links are
//! walked to the files they name.

use crate::support::built_site::assert_links_resolve;
use crate::support::chromium::assert_renders;
use crate::support::generator::{Generator, LANGS, assert_newest_first, assert_release_pages};
use crate::util::scratch_project;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const DOCUSAURUS: Generator = Generator::Docusaurus;

/// A feature with what MDX would read as JavaScript, JSX or a comment.
const MDX_BREAKERS: &str = "Set {\"a\": 1} in <x config; see <https://example.com/a> <!-- here";

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The scratch copy of the project, with a date and a feature MDX could
/// not compile in 25.10's record.
fn project_with_awkward_text() -> tempfile::TempDir {
    let scratch = scratch_project();
    let record = scratch.path().join("releases/25.10.toml");
    let feature = serde_json::to_string(MDX_BREAKERS).unwrap();
    let mut text = read(&record).replacen(
        "version = \"25.10\"\n",
        "version = \"25.10\"\ndate = \"2025-10-30\"\n",
        1,
    );
    text.push_str(&format!("\n[[features]]\nzh = {feature}\nen = {feature}\n"));
    fs::write(&record, text).unwrap();
    scratch
}

/// Runs `relnotes site --for docusaurus --out <out>` in `project`; its
/// stdout.
fn write_pages(project: &Path, out: &str) -> String {
    DOCUSAURUS.write_pages(Some(project), out, &[])
}

/// `docusaurus build` (every locale) in `project`: the built site,
/// `project/build`.
fn docusaurus_build(project: &Path) -> PathBuf {
    DOCUSAURUS.build(project)
}

/// Python's static HTTP server on a free port of 127.0.0.1, serving
/// `dir`; stopped when dropped.
struct StaticServer {
    child: std::process::Child,
    url: String,
}

impl StaticServer {
    fn start(dir: &Path) -> StaticServer {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new("python3")
            .args([
                "-m",
                "http.server",
                &port.to_string(),
                "--bind",
                "127.0.0.1",
            ])
            .arg("--directory")
            .arg(dir)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("python3 runs");
        let server = StaticServer {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        for _ in 0..100 {
            if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                return server;
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
        }
        panic!("the static server did not start on port {port}");
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The labels of the links of the docs sidebar of a built page, in order.
fn sidebar_labels(html: &str) -> Vec<String> {
    let start = html.find("theme-doc-sidebar-menu").expect("a docs sidebar");
    let menu = &html[start..start + html[start..].find("</nav>").unwrap_or(html.len() - start)];
    menu.split('>')
        .filter_map(|s| s.split('<').next())
        .filter(|s| !s.trim().is_empty())
        .map(str::to_string)
        .collect()
}

/// Asserts what every build of the releases shows: every release in
/// every language, the diffs, the SBOMs, newest first, no broken link.
fn assert_site(public: &Path) {
    for (lang, prefix, title) in LANGS {
        assert_release_pages(public, (lang, prefix, title), |v, html| {
            assert!(
                html.contains(&format!("assets/files/{v}-amd64.cdx-")),
                "{lang} {v}: SBOM link"
            );
        });
        // The word diff: Docusaurus shows the <pre> as its code block,
        // with the <del> and <ins> as elements.
        let diff = read(&public.join(format!("{prefix}releases/diff/25.05..25.10/index.html")));
        let block = &diff[diff.find("<pre").expect("a <pre>")..];
        let block = &block[..block.find("</pre>").unwrap()];
        assert!(
            block.contains("<code") && block.contains("<del>") && block.contains("<ins>"),
            "{lang}: word diff {}",
            &block[..block.len().min(400)]
        );
        assert!(!diff.contains("&lt;del&gt;"), "{lang}: word diff as text");
        assert!(
            !diff.contains("<li>+ "),
            "{lang}: a count became a list item"
        );

        let index = read(&public.join(format!("{prefix}releases/index.html")));
        assert_newest_first(&sidebar_labels(&index), &format!("{lang}: sidebar"));
    }
    assert!(assert_links_resolve(public) > 40, "links followed");
}

#[test]
fn an_empty_directory_becomes_a_site_docusaurus_builds_with_no_broken_link() {
    let scratch = project_with_awkward_text();
    let said = write_pages(scratch.path(), "site");
    let project = scratch.path().join("site");
    DOCUSAURUS.assert_minimal_config(
        &project,
        &said,
        &[
            "onBrokenLinks: 'throw'",
            "defaultLocale: \"zh\"",
            "locales: [\"zh\", \"en\"]",
        ],
    );
    let en = "i18n/en/docusaurus-plugin-content-docs/current/releases";
    let page = read(&project.join(format!("{en}/25.10.md")));
    assert!(
        page.starts_with(
            "---\ntitle: \"training-nv-pytorch 25.10 release notes\"\nsidebar_label: \"25.10\"\n\
             sidebar_position: 3\nparse_number_prefixes: false\nmdx:\n  format: md\ndate: \"2025-10-30\"\n---\n"
        ),
        "{page}"
    );
    assert!(!page.contains("[中文]"), "no language link in the page");
    assert!(project.join("docs/releases/diff/25.05..25.10.md").is_file());

    let public = docusaurus_build(&project);
    assert_site(&public);
    // The record's text is text: braces, a stray `<x`, an autolink and a
    // comment opener, in every language.
    for prefix in ["", "en/"] {
        let html = read(&public.join(format!("{prefix}releases/25.10/index.html")));
        assert!(
            html.contains("Set {&quot;a&quot;: 1} in &lt;x config; see")
                && html.contains("href=\"https://example.com/a\"")
                && html.contains("&lt;!-- here"),
            "{prefix}: the record's text"
        );
    }

    // A rebuild writes nothing unchanged, and --check agrees.
    DOCUSAURUS.assert_rebuild_unchanged(Some(scratch.path()), &project);
    fs::write(project.join(format!("{en}/25.05.md")), "edited\n").unwrap();
    let (code, text) = DOCUSAURUS.check(Some(scratch.path()), "site");
    assert_eq!(code, Some(1), "{text}");
    assert!(text.contains(&format!("changed  {en}/25.05.md")), "{text}");

    // Chromium renders a page Docusaurus built, served over HTTP: its
    // styles and scripts are linked from the site's root.
    let server = StaticServer::start(&public);
    assert_renders(
        "docusaurus-diff-25.05..25.10.en.png",
        &format!("{}/en/releases/diff/25.05..25.10/", server.url),
    );
    drop(server);
}

#[test]
fn an_existing_project_keeps_its_configuration_and_its_pages() {
    let scratch = scratch_project();
    let project = scratch.path().join("site");
    // A project of its own: docs under /docs, its own sidebar, its pages.
    fs::create_dir_all(project.join("docs")).unwrap();
    let package = "{\n  \"name\": \"our-docs\",\n  \"private\": true,\n  \"dependencies\": {\n    \
                   \"@docusaurus/core\": \"3.10.2\",\n    \"@docusaurus/preset-classic\": \"3.10.2\",\n    \
                   \"react\": \"19.2.0\",\n    \"react-dom\": \"19.2.0\"\n  }\n}\n";
    let config = "module.exports = {\n  title: 'Our docs',\n  url: 'https://docs.example.com',\n  \
                  baseUrl: '/',\n  onBrokenLinks: 'throw',\n  \
                  i18n: { defaultLocale: 'zh', locales: ['zh', 'en'] },\n  \
                  presets: [['classic', { docs: { sidebarPath: './sidebars.js' }, blog: false }]],\n};\n";
    let sidebars = "module.exports = { docs: [{ type: 'autogenerated', dirName: '.' }] };\n";
    fs::write(project.join("package.json"), package).unwrap();
    fs::write(project.join("docusaurus.config.js"), config).unwrap();
    fs::write(project.join("sidebars.js"), sidebars).unwrap();
    fs::write(project.join("docs/intro.md"), "# 我们的文档\n").unwrap();
    let en = project.join("i18n/en/docusaurus-plugin-content-docs/current");
    fs::create_dir_all(&en).unwrap();
    fs::write(en.join("intro.md"), "# Our docs\n").unwrap();
    fs::create_dir_all(project.join("src/pages")).unwrap();
    fs::write(
        project.join("src/pages/index.md"),
        "# Home\n\n[Docs](/docs/intro)\n",
    )
    .unwrap();

    DOCUSAURUS.assert_keeps_config(Some(scratch.path()), &project, config);
    assert_eq!(read(&project.join("package.json")), package);
    assert_eq!(read(&project.join("docs/intro.md")), "# 我们的文档\n");
    let public = docusaurus_build(&project);
    // The pages live under the project's /docs.
    for prefix in ["", "en/"] {
        assert!(
            public
                .join(format!("{prefix}docs/releases/25.10/index.html"))
                .is_file()
        );
        assert!(
            public
                .join(format!("{prefix}docs/intro/index.html"))
                .is_file()
        );
    }
    assert!(assert_links_resolve(&public) > 40);

    // A configuration without the locales is kept too, and told what it
    // lacks.
    let said = DOCUSAURUS.write_over_bare_config(
        Some(scratch.path()),
        &project,
        "module.exports = { title: 'Bare' };\n",
    );
    assert!(
        said.contains("must have") && said.contains("defaultLocale: 'zh'") && said.contains("'en'"),
        "{said}"
    );
}

#[test]
fn hostile_texts_and_labels_run_nowhere_in_the_built_site() {
    let (_dir, build) = crate::support::hostile::built_site_for(DOCUSAURUS, |_| {});
    let page = fs::read_to_string(build.join("en/releases/25.10/index.html")).unwrap();
    assert!(page.contains("7*7 }}"), "the Jinja as text");
    assert!(
        page.contains("vLLM upgraded, see notes and javascript:alert(&#x27;auto&#x27;).")
            || page.contains("vLLM upgraded, see notes and javascript:alert('auto')."),
        "the link's words"
    );
}
