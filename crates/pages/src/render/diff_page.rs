//! What the diff page (`relnotes diff --format md|html`) shows beyond its
//! context's fields: its file name, and word diffs as HTML.

use super::markdown::{escape_html, generator_syntax_broken};
use crate::diff::{ReleaseDiff, WordOp, WordTag};

/// `25.05..25.10`, or `25.05..25.10.aarch64` for one arch: the stem of a
/// diff page's file name (`25.05..25.10.aarch64.en.html`).
pub(super) fn diff_stem(changes: &ReleaseDiff) -> String {
    match &changes.only_arch {
        Some(arch) => format!("{}..{}.{arch}", changes.from, changes.to),
        None => format!("{}..{}", changes.from, changes.to),
    }
}

/// A word diff as HTML: text escaped, deletions in `<del>`, insertions in
/// `<ins>`. Both page formats use it (GitHub Markdown keeps both tags).
pub(super) fn inline_html(ops: &[WordOp]) -> String {
    let mut out = String::new();
    for op in ops {
        // (Shown in Markdown pages too, where generators run `{{`.)
        let text = generator_syntax_broken(&escape_html(&op.text), false);
        match op.op {
            WordTag::Equal => out.push_str(&text),
            WordTag::Delete => {
                out.push_str("<del>");
                out.push_str(&text);
                out.push_str("</del>");
            }
            WordTag::Insert => {
                out.push_str("<ins>");
                out.push_str(&text);
                out.push_str("</ins>");
            }
        }
    }
    out
}

/// A word diff of a whole (Markdown) text as a `<pre class="word-diff">
/// <code>` block, its line breaks kept: raw HTML that MkDocs, Hugo and
/// Docusaurus all pass through as is, on one line with its opening tags
/// so that no Markdown reader takes the text for Markdown.
pub(super) fn word_diff_block(ops: &[WordOp]) -> String {
    let inner = inline_html(ops);
    format!(
        "<pre class=\"word-diff\"><code>{}</code></pre>",
        inner.trim_end_matches('\n')
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::labels;
    use crate::render::{PageFormat, Templates, render_diff};
    use model::{Lang, Project, Release, Workspace};

    const PROJECT: &str = r#"
languages = ["zh", "en"]
[product]
id = "p"
name = { zh = "产品", en = "Product" }
"#;

    /// Every kind of change the page shows, so that every branch of both
    /// templates runs (strict mode fails on a misspelt field only when the
    /// line runs).
    const FROM: &str = r#"
version = "1"
archs = ["amd64", "ppc64le"]
title = { zh = "1", en = "1" }
features = [{ zh = "旧", en = "old" }, { zh = "同", en = "same" }]
known_issues = [{ zh = "问题", en = "issue" }]
[bug_fixes]
none = { zh = "暂无", en = "None" }
[components]
CUDA = "12.9.0"
torch = "2.6"
flash_attn = "2.8.3"
kept = "1.0"
[arch.ppc64le.components]
openblas = "0.3"
[driver]
cuda = "12.9.0"
min = "575"
datacenter = [{ branch = "R470", min = "470.57" }, { branch = "R535", min = "535.86" }]
upgrade_from = ["R418"]
not_forward_compatible_with = "12.8"
wording = { zh = "旧的说明 <b>", en = "Old wording & more <b>" }
[[assets]]
image = "r/a:1"
suits = [{ zh = "甲", en = "A" }]
note = { zh = "注", en = "note" }
[[assets]]
image = "r/gone"
[[includes]]
name = "SSH"
[[env]]
name = "E"
value = "1"
[[gpus]]
name = "A100"
[[ports]]
service = "SSH"
container = 22
[[sections]]
id = "s"
title = { zh = "节", en = "Section" }
body = { zh = "正文 <x>", en = "Body text & more" }
[[sections]]
id = "old"
title = { zh = "旧节", en = "Old section" }
body = { zh = "旧", en = "old" }
"#;

    const TO: &str = r#"
version = "2"
archs = ["aarch64", "amd64"]
title = { zh = "2", en = "2" }
features = [{ zh = "新", en = "new" }, { zh = "同", en = "same" }]
bug_fixes = [{ zh = "修复", en = "fix" }]
[components]
CUDA = "12.8"
torch = "2.8"
flash-attn = "2.8.3"
kept = "1.0.0"
[driver]
cuda = "12.8.0"
min = "580"
datacenter = [{ branch = "R535", min = "535.104" }, { branch = "R550", min = "550.54" }]
upgrade_from = ["R545"]
wording = { zh = "新的说明 <b>", en = "New wording & more <b>" }
[[assets]]
image = "r/a:1"
suits = [{ zh = "乙", en = "B" }]
not_suits = [{ zh = "甲", en = "A" }]
note = { zh = "新注", en = "new note" }
[[assets]]
image = "r/new"
[[includes]]
name = "NumPy"
detail = { zh = "2.x", en = "2.x" }
[[env]]
name = "E"
value = "2"
[[gpus]]
name = "A100"
architecture = "Ampere"
[[ports]]
service = "SSH"
container = 22
host = 2222
[[sections]]
id = "s"
title = { zh = "新节", en = "Section" }
body = { zh = "正文 <y>", en = "Body text & less" }
[[sections]]
id = "new"
title = { zh = "新节二", en = "New section" }
body = { zh = "新", en = "new" }
"#;

    fn everything() -> (Workspace, ReleaseDiff) {
        let project: Project = toml::from_str(PROJECT).unwrap();
        let from: Release = toml::from_str(FROM).unwrap();
        let to: Release = toml::from_str(TO).unwrap();
        let changes = crate::diff::diff(&project, &from, &to, None).unwrap();
        let workspace = Workspace {
            root: std::path::PathBuf::from("/nonexistent"),
            project,
            warnings: Vec::new(),
        };
        (workspace, changes)
    }

    #[test]
    fn every_kind_of_change_renders_in_both_formats_and_languages() {
        let (workspace, changes) = everything();
        let templates = Templates::builtin().unwrap();
        for lang in [Lang::ZH, Lang::EN] {
            for format in [PageFormat::Md, PageFormat::Html] {
                let page = render_diff(&templates, &workspace, &changes, lang, format)
                    .unwrap_or_else(|e| panic!("{lang} {format:?}: {e}"));
                for expected in [
                    "R550", "R470", "r/new", "r/gone", "NumPy", "2222", "Ampere", "openblas",
                ] {
                    assert!(
                        page.contains(expected),
                        "{lang} {format:?}: no {expected} in\n{page}"
                    );
                }
                let downgrade = labels::get("marker_downgraded", lang);
                assert!(
                    page.matches(downgrade).count() >= 3,
                    "{lang} {format:?}:\n{page}"
                );
                if format == PageFormat::Html {
                    assert!(
                        page.contains("&lt;b&gt;") && !page.contains("<b>"),
                        "record text is escaped:\n{page}"
                    );
                    assert!(page.contains("<ins>") && page.contains("<del>"));
                    assert!(page.contains("class=\"arch arch-removed\""), "{page}");
                    assert!(page.contains("(flash_attn)"), "old spelling shown");
                    use html5ever::tendril::TendrilSink;
                    let dom = html5ever::parse_document(
                        markup5ever_rcdom::RcDom::default(),
                        Default::default(),
                    )
                    .one(page.as_str());
                    assert!(
                        dom.errors.borrow().is_empty(),
                        "{lang}: {:?}",
                        dom.errors.borrow()
                    );
                }
            }
        }
        let md = render_diff(&templates, &workspace, &changes, Lang::EN, PageFormat::Md).unwrap();
        assert!(md.contains("[中文](1..2.zh.md)"), "{md}");
        assert!(!md.contains("- **Added** Stated as none"), "{md}");
        assert!(md.contains("- **Removed** Stated as none: None"), "{md}");
        assert!(
            md.contains("| kept | pypi | 1.0 | 1.0.0 | = Unchanged |"),
            "few unchanged are listed: {md}"
        );
    }

    #[test]
    fn file_names_of_diff_pages() {
        let (_, mut changes) = everything();
        let name = |changes: &ReleaseDiff, lang, format: PageFormat| {
            super::super::page_file_name(&diff_stem(changes), lang, format.extension())
        };
        assert_eq!(name(&changes, Lang::EN, PageFormat::Html), "1..2.en.html");
        changes.only_arch = Some("amd64".into());
        assert_eq!(name(&changes, Lang::ZH, PageFormat::Md), "1..2.amd64.zh.md");
    }

    fn op(op: WordTag, text: &str) -> WordOp {
        WordOp {
            op,
            text: text.into(),
        }
    }

    #[test]
    fn word_diffs_are_escaped_and_marked() {
        let ops = [
            op(WordTag::Equal, "a <b> & "),
            op(WordTag::Delete, "old"),
            op(WordTag::Insert, "new\n"),
        ];
        assert_eq!(
            inline_html(&ops),
            "a &lt;b&gt; &amp; <del>old</del><ins>new\n</ins>"
        );
        assert_eq!(
            word_diff_block(&ops),
            "<pre class=\"word-diff\"><code>a &lt;b&gt; &amp; <del>old</del><ins>new\n</ins></code></pre>"
        );
    }
}
