//! Markdown from records (section bodies, driver wording, short texts) to
//! HTML, with GitHub-flavoured tables, strikethrough and task lists.
//!
//! The output is well-formed XHTML as pulldown-cmark writes it (void
//! elements self-closed). Raw HTML inside a record's Markdown is shown as
//! text, never passed through: records are data, and a stray `<div>` must
//! not break the page.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_GFM
}

/// Block Markdown to HTML.
pub(crate) fn to_html(markdown: &str) -> String {
    let parser = Parser::new_ext(markdown, options()).map(|event| match event {
        Event::Html(html) | Event::InlineHtml(html) => Event::Text(html),
        Event::Start(Tag::HtmlBlock) => Event::Start(Tag::Paragraph),
        Event::End(TagEnd::HtmlBlock) => Event::End(TagEnd::Paragraph),
        other => other,
    });
    let mut out = String::with_capacity(markdown.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut out, parser);
    out
}

/// A one-paragraph text (a feature, a note) to inline HTML: the same as
/// [`to_html`] without the surrounding `<p>`; longer texts keep their blocks.
pub(crate) fn to_inline_html(markdown: &str) -> String {
    let html = to_html(markdown);
    let trimmed = html.trim_end();
    if let Some(inner) = trimmed
        .strip_prefix("<p>")
        .and_then(|s| s.strip_suffix("</p>"))
        && !inner.contains("<p>")
    {
        return inner.to_string();
    }
    trimmed.to_string()
}

/// Markdown whose raw HTML (tags, comments, as CommonMark finds them) is
/// shown as text: each `<` that starts one becomes `&lt;`. Everything else
/// is kept, so a record's Markdown stays Markdown, and a stray `<div>` or
/// `<!--` cannot swallow the rest of a page in any Markdown reader.
pub(crate) fn escape_raw_html(markdown: &str) -> String {
    if !markdown.contains('<') {
        return markdown.to_string();
    }
    let mut starts: Vec<usize> = Parser::new_ext(markdown, options())
        .into_offset_iter()
        .filter(|(event, _)| matches!(event, Event::Html(_) | Event::InlineHtml(_)))
        .flat_map(|(_, range)| {
            markdown[range.clone()]
                .match_indices('<')
                .map(move |(i, _)| range.start + i)
                .collect::<Vec<_>>()
        })
        .collect();
    starts.sort_unstable();
    starts.dedup();
    let mut out = String::with_capacity(markdown.len() + starts.len() * 3);
    let mut from = 0;
    for at in starts {
        out.push_str(&markdown[from..at]);
        out.push_str("&lt;");
        from = at + 1;
    }
    out.push_str(&markdown[from..]);
    out
}

/// Escapes text for HTML and XML, in element content and in double-quoted
/// attribute values.
pub(crate) fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    escape_html_into(text, &mut out);
    out
}

/// [`escape_html`], appended to `out`: runs without a special character
/// are copied whole.
pub(crate) fn escape_html_into(text: &str, out: &mut String) {
    let mut start = 0;
    for (i, byte) in text.bytes().enumerate() {
        let entity = match byte {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => continue,
        };
        out.push_str(&text[start..i]);
        out.push_str(entity);
        start = i + 1;
    }
    out.push_str(&text[start..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_html_in_markdown_is_shown_as_text() {
        assert_eq!(
            escape_raw_html("a <div> b <!-- c --> `<code>` **d** <x"),
            "a &lt;div> b &lt;!-- c --> `<code>` **d** <x"
        );
        assert_eq!(
            escape_raw_html("<pre>\n\nx\n</pre>\n"),
            "&lt;pre>\n\nx\n&lt;/pre>\n"
        );
        assert_eq!(escape_raw_html("2 < 3 and ≥ 575"), "2 < 3 and ≥ 575");
    }

    #[test]
    fn tables_and_code_blocks() {
        let html = to_html("| a | b |\n|---|---|\n| 1 | 2 |\n\n```bash\necho a && b\n```\n");
        assert!(html.contains("<table>"), "{html}");
        assert!(html.contains("<td>1</td>"), "{html}");
        assert!(
            html.contains("<pre><code class=\"language-bash\">echo a &amp;&amp; b\n</code></pre>"),
            "{html}"
        );
    }

    #[test]
    fn raw_html_is_text() {
        let html = to_html("a <b>bold</b>\n\n<div class=\"x\">\nblock\n</div>\n");
        assert!(!html.contains("<b>") && !html.contains("<div"), "{html}");
        assert!(html.contains("&lt;b&gt;bold&lt;/b&gt;"), "{html}");
        assert!(html.contains("&lt;div class=\"x\"&gt;"), "{html}");
    }

    #[test]
    fn inline_drops_the_paragraph() {
        assert_eq!(
            to_inline_html("use `torch.compile()` & more"),
            "use <code>torch.compile()</code> &amp; more"
        );
        assert_eq!(to_inline_html("one\n\ntwo"), "<p>one</p>\n<p>two</p>");
        assert_eq!(to_inline_html(""), "");
    }

    #[test]
    fn void_elements_are_self_closed() {
        assert!(to_html("a\\\nb\n\n---\n").contains("<br />"));
        assert!(to_html("---\n").contains("<hr />"));
    }

    #[test]
    fn escaping() {
        assert_eq!(
            escape_html(r#"a & <b> "c" 'd'"#),
            "a &amp; &lt;b&gt; &quot;c&quot; 'd'"
        );
    }
}
