//! A project whose texts attack the pages built from it: every label of
//! `locales/en.toml`, a release title and a feature carry a script or a
//! `javascript:` link. Built, nothing of it may run.

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
            "en = \"training-nv-pytorch 25.10 <script>alert('title')</script> release notes\"",
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

/// Markup that would run, in every HTML file under `dir`: a `<script>`
/// from the texts, a `javascript:` link or source. `file: the markup`.
pub fn live_markup(dir: &Path) -> Vec<String> {
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
            let html = fs::read_to_string(&path).unwrap().to_lowercase();
            for needle in ["<script>alert(", "href=\"javascript:", "src=\"javascript:"] {
                if let Some(at) = html.find(needle) {
                    let end = (at + 60).min(html.len());
                    let end = (end..=html.len())
                        .find(|&e| html.is_char_boundary(e))
                        .unwrap();
                    found.push(format!("{}: {}", path.display(), &html[at..end]));
                }
            }
        }
    }
    found.sort();
    found
}
