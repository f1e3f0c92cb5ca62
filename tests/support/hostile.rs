//! A project whose texts attack the pages built from it: every label of
//! `locales/en.toml`, a release title and a feature carry a script or a
//! `javascript:` link. Built, nothing of it may run.

use crate::support::generator::Generator;
use crate::util::{relnotes_in, scratch_project, stdout_of};
use std::fs;
use std::path::Path;

/// The feature line of 25.10 that links `javascript:` twice.
pub const LINKED: &str =
    "vLLM upgraded, see [notes](javascript:alert('link')) and <javascript:alert('auto')>.";

/// The feature line of 25.10 holding what docs generators run before
/// reading Markdown: mkdocs-macros' Jinja, Hugo's shortcodes.
pub const TEMPLATED: &str = "Macros {{ 7*7 }} {% if true %}ran{% endif %} {# gone #} and shortcodes {{< param \"title\" >}} {{< nosuch >}} {{% details %}} stay text.";

/// The summary of 25.10: pymdownx.snippets would paste `secret.txt` here.
pub const SNIPPET: &str = "--8<-- \"secret.txt\"";

/// The scratch project, its English labels and 25.10's English title,
/// summary and two features made hostile.
pub fn hostile_project() -> tempfile::TempDir {
    let dir = scratch_project();
    let labels = stdout_of(relnotes_in(dir.path()).args(["labels", "en"]));
    let poisoned: String = labels
        .lines()
        .map(|line| match line.split_once(" = \"") {
            Some((key, value)) if !line.starts_with('#') => {
                let value = value.strip_suffix('"').expect("a quoted label");
                format!("{key} = \"{value}<script>alert('{key}')</script>\"\n")
            }
            _ => format!("{line}\n"),
        })
        .collect();
    fs::create_dir(dir.path().join("locales")).unwrap();
    fs::write(dir.path().join("locales/en.toml"), poisoned).unwrap();
    let record = dir.path().join("releases/25.10.toml");
    let text = fs::read_to_string(&record).unwrap();
    let text = text
        .replacen(
            "en = \"training-nv-pytorch 25.10 release notes\"",
            "en = \"training-nv-pytorch 25.10 </script><script>alert('title')</script> release notes\"",
            1,
        )
        .replacen(
            "en = \"vLLM upgraded to 0.11.0, incorporating the corresponding upstream community features.\"",
            &format!("en = \"{}\"", LINKED.replace('"', "\\\"")),
            1,
        )
        .replacen(
            "en = \"megatron-core upgraded to 0.14.0 and transformer_engine upgraded to 2.4, incorporating the corresponding upstream community features.\"",
            &format!("en = \"{}\"", TEMPLATED.replace('"', "\\\"")),
            1,
        )
        .replacen(
            "en = \"This document describes the release notes of training-nv-pytorch 25.10.\"",
            &format!("en = \"{}\"", SNIPPET.replace('"', "\\\"")),
            1,
        );
    // A value written inside code: Hugo runs shortcodes there too.
    let text = text.replacen(
        "value = \"eth0\"",
        "value = \"{{< nosuch >}} {{ 6*7 }}\"",
        1,
    );
    for planted in [
        "alert('title')",
        "alert('link')",
        "7*7",
        "secret.txt",
        "6*7",
    ] {
        assert!(text.contains(planted), "{planted} planted");
    }
    fs::write(&record, text).unwrap();
    dir
}

/// `relnotes site --for GENERATOR` of the project in `dir` into a new
/// project beside its records; that project.
pub fn write_site_for(dir: &Path, generator: &str) -> std::path::PathBuf {
    let project = dir.join("docs-site");
    let out = relnotes_in(dir)
        .args(["site", "--for", generator, "--out"])
        .arg(&project)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{generator}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    project
}

/// The hostile project's site for `generator`: written, `prepare`d (a
/// team's own configuration, say) and built by the generator; asserts
/// that no markup in it runs. The temp dir (the site lives as long as
/// it) and the built site's dir.
pub fn built_site_for(
    generator: Generator,
    prepare: impl FnOnce(&Path),
) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = hostile_project();
    let project = write_site_for(dir.path(), generator.name());
    prepare(&project);
    let built = generator.build(&project);
    assert_eq!(live_markup(&built), Vec::<String>::new());
    (dir, built)
}

/// Markup that would run, in every HTML file under `dir`, as a browser
/// parses it (html5ever): a `<script>` element of JavaScript whose code
/// calls `alert(`, an `on…` attribute that does, a `javascript:` `href` or
/// `src`. `file: what`.
pub fn live_markup(dir: &Path) -> Vec<String> {
    use html5ever::tendril::TendrilSink;
    let mut found = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(here) = stack.pop() {
        for entry in fs::read_dir(&here).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "html") {
                continue;
            }
            let html = fs::read_to_string(&path).unwrap();
            let dom =
                html5ever::parse_document(markup5ever_rcdom::RcDom::default(), Default::default())
                    .one(html);
            let mut nodes = vec![dom.document.clone()];
            while let Some(node) = nodes.pop() {
                if let markup5ever_rcdom::NodeData::Element { name, attrs, .. } = &node.data {
                    let attrs = attrs.borrow();
                    let attr = |n: &str| {
                        attrs
                            .iter()
                            .find(|a| &*a.name.local == n)
                            .map(|a| a.value.to_string())
                    };
                    if &*name.local == "script"
                        && attr("type").is_none_or(|t| {
                            t.is_empty() || t.contains("javascript") || t == "module"
                        })
                    {
                        let code: String = node
                            .children
                            .borrow()
                            .iter()
                            .filter_map(|c| match &c.data {
                                markup5ever_rcdom::NodeData::Text { contents } => {
                                    Some(contents.borrow().to_string())
                                }
                                _ => None,
                            })
                            .collect();
                        if code.contains("alert(") {
                            found.push(format!("{}: <script>{code}", path.display()));
                        }
                    }
                    for a in attrs.iter() {
                        let (key, value) = (a.name.local.to_string(), a.value.to_lowercase());
                        let value = value.trim_start();
                        if (key.starts_with("on") && value.contains("alert("))
                            || ((key == "href" || key == "src") && value.starts_with("javascript:"))
                        {
                            found.push(format!("{}: {key}={value}", path.display()));
                        }
                    }
                }
                nodes.extend(node.children.borrow().iter().cloned());
            }
        }
    }
    found.sort();
    found
}
