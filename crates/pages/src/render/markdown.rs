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

/// Whether a link or image destination is one a page may hold: `http`,
/// `https`, `mailto`, or relative (no scheme). Any other scheme
/// (`javascript:`, `data:`, `vbscript:` …) runs or smuggles something; it
/// is read as browsers read it, tabs and line breaks dropped and leading
/// spaces and control characters skipped.
pub(crate) fn is_safe_destination(destination: &str) -> bool {
    let cleaned: String = destination
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let cleaned = cleaned.trim_start_matches(|c: char| c <= ' ');
    match cleaned.find([':', '/', '?', '#']) {
        Some(at) if cleaned[at..].starts_with(':') => {
            let scheme = cleaned[..at].to_ascii_lowercase();
            matches!(scheme.as_str(), "http" | "https" | "mailto")
        }
        _ => true,
    }
}

fn unsafe_target(tag: &Tag) -> bool {
    match tag {
        Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. } => !is_safe_destination(dest_url),
        _ => false,
    }
}

/// Block Markdown to HTML. A link or image whose destination is not
/// [safe](is_safe_destination) is its text.
pub(crate) fn to_html(markdown: &str) -> String {
    // For each open link or image: whether it is dropped.
    let mut dropped: Vec<bool> = Vec::new();
    let parser = Parser::new_ext(markdown, options()).filter_map(|event| match event {
        Event::Html(html) | Event::InlineHtml(html) => Some(Event::Text(html)),
        Event::Start(Tag::HtmlBlock) => Some(Event::Start(Tag::Paragraph)),
        Event::End(TagEnd::HtmlBlock) => Some(Event::End(TagEnd::Paragraph)),
        Event::Start(tag @ (Tag::Link { .. } | Tag::Image { .. })) => {
            let drop = unsafe_target(&tag);
            dropped.push(drop);
            (!drop).then_some(Event::Start(tag))
        }
        Event::End(end @ (TagEnd::Link | TagEnd::Image)) => {
            (!dropped.pop().unwrap_or(false)).then_some(Event::End(end))
        }
        other => Some(other),
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

/// A record's text for a Markdown page: its raw HTML shown as text
/// ([`escape_raw_html`]) and each link or image whose destination is not
/// [safe](is_safe_destination) replaced by its text, so that no Markdown
/// reader makes a live `javascript:` link of it.
///
/// And the syntax docs generators and their plugins run before reading
/// the Markdown (Hugo's shortcodes `{{< >}}` `{{% %}}`, the Jinja of
/// mkdocs-macros `{{ }}` `{% %}` `{# #}`, pymdownx.snippets' `--8<--`)
/// is broken: outside code by a character reference (`&#123;`, `&lt;`),
/// which every Markdown reader shows as the character itself; inside code,
/// where references are not read, by a zero-width space after the `{` or
/// the `8`.
pub(crate) fn escape_for_markdown(markdown: &str) -> String {
    let mut text = escape_raw_html(markdown);
    // An image inside a cut link is in its text: cut again until none is.
    // (A link needs a `[`, an autolink a `<`; the scheme's `:` may be a
    // character reference, `javascript&#58;`.)
    while text.contains(['[', '<'])
        && let Some(cut) = without_unsafe_links(&text)
    {
        text = cut;
    }
    if !text.contains(['{', '8']) {
        return text;
    }
    let mut code: Vec<std::ops::Range<usize>> = Vec::new();
    let mut block_start = None;
    for (event, range) in Parser::new_ext(&text, options()).into_offset_iter() {
        match event {
            Event::Code(_) => code.push(range),
            Event::Start(Tag::CodeBlock(_)) => block_start = Some(range.start),
            Event::End(TagEnd::CodeBlock) => {
                code.push(block_start.take().unwrap_or(range.start)..range.end);
            }
            _ => {}
        }
    }
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for range in code {
        if range.start < from {
            continue;
        }
        out.push_str(&generator_syntax_broken(&text[from..range.start], false));
        out.push_str(&generator_syntax_broken(&text[range.clone()], true));
        from = range.end;
    }
    out.push_str(&generator_syntax_broken(&text[from..], false));
    out
}

/// `text` with each `{{`, `{%`, `{#` and `-8<-` broken (see
/// [`escape_for_markdown`]): by a reference, or in `code` by a zero-width
/// space.
pub(crate) fn generator_syntax_broken(text: &str, code: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let next = chars.peek().map(|&(_, n)| n);
        match (c, next) {
            ('{', Some('{' | '%' | '#')) => out.push_str(if code { "{\u{200B}" } else { "&#123;" }),
            ('<', _) if text[..at].ends_with("-8") && next == Some('-') => {
                out.push_str(if code { "\u{200B}<" } else { "&lt;" });
            }
            _ => out.push(c),
        }
    }
    out
}

/// `markdown` with each outermost link or image whose destination is not
/// safe replaced by its text; `None` when there is none.
fn without_unsafe_links(markdown: &str) -> Option<String> {
    use std::ops::Range;
    // Each cut: the whole link, and the range of its text.
    let mut cuts: Vec<(Range<usize>, Range<usize>)> = Vec::new();
    // Each open link or image: whether it is cut, where it is, its text.
    let mut open: Vec<(bool, Range<usize>, Option<Range<usize>>)> = Vec::new();
    for (event, range) in Parser::new_ext(markdown, options()).into_offset_iter() {
        match event {
            Event::Start(tag @ (Tag::Link { .. } | Tag::Image { .. })) => {
                open.push((unsafe_target(&tag), range, None));
            }
            Event::End(TagEnd::Link | TagEnd::Image) => {
                let Some((cut, whole, inner)) = open.pop() else {
                    continue;
                };
                // A link or image inside another is part of its text.
                if let Some((_, _, outer)) = open.last_mut() {
                    let outer = outer.get_or_insert(whole.clone());
                    outer.start = outer.start.min(whole.start);
                    outer.end = outer.end.max(whole.end);
                }
                if cut {
                    let text = inner.unwrap_or(whole.start..whole.start);
                    cuts.push((whole, text));
                }
            }
            _ => {
                if let Some((_, _, inner)) = open.last_mut() {
                    let inner = inner.get_or_insert(range.clone());
                    inner.start = inner.start.min(range.start);
                    inner.end = inner.end.max(range.end);
                }
            }
        }
    }
    if cuts.is_empty() {
        return None;
    }
    // Outermost first; a cut inside one already made waits for the next pass.
    cuts.sort_by_key(|(whole, _)| (whole.start, std::cmp::Reverse(whole.end)));
    let mut out = String::with_capacity(markdown.len());
    let mut from = 0;
    for (whole, inner) in cuts {
        if whole.start < from {
            continue;
        }
        out.push_str(&markdown[from..whole.start]);
        out.push_str(&markdown[inner]);
        from = whole.end;
    }
    out.push_str(&markdown[from..]);
    Some(out)
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
    fn only_http_https_mailto_and_relative_destinations_are_links() {
        for safe in [
            "https://example.com/a",
            "http://x",
            "mailto:a@example.com",
            "25.10.html",
            "../en/25.10.html#fixes",
            "/docs/a:b",
            "?q=javascript:x",
            "#javascript:x",
        ] {
            assert!(is_safe_destination(safe), "{safe}");
        }
        for unsafe_ in [
            "javascript:alert(1)",
            "JavaScript:alert(1)",
            " javascript:alert(1)",
            "java\tscript:alert(1)",
            "\u{1}javascript:alert(1)",
            "data:text/html,<script>alert(1)</script>",
            "vbscript:x",
        ] {
            assert!(!is_safe_destination(unsafe_), "{unsafe_:?}");
        }
    }

    #[test]
    fn an_unsafe_link_is_its_text_in_html() {
        let html =
            to_html("[notes](javascript:alert(1)) and <javascript:alert(2)> and [ok](https://x/)");
        assert!(!html.contains("href=\"javascript"), "{html}");
        assert!(
            html.contains("notes and javascript:alert(2) and <a href=\"https://x/\">ok</a>"),
            "{html}"
        );
        // An entity does not hide the scheme.
        let html = to_html("[a](javascript&#58;alert(1)) ![b](javascript:alert(1))");
        assert!(!html.contains("javascript"), "{html}");
        assert!(!html.contains("<img"), "{html}");
    }

    #[test]
    fn an_unsafe_link_is_its_text_in_markdown() {
        assert_eq!(
            escape_for_markdown("see [**notes**](javascript:alert(1)) or <javascript:alert(2)>."),
            "see **notes** or javascript:alert(2)."
        );
        assert_eq!(
            escape_for_markdown("[x][r]\n\n[r]: javascript:alert(1)"),
            "x\n\n[r]: javascript:alert(1)"
        );
        // An unsafe image inside an unsafe link: both go.
        assert_eq!(
            escape_for_markdown("[![logo](javascript:a)](javascript:b)"),
            "logo"
        );
        // A reference does not hide the scheme.
        assert_eq!(escape_for_markdown("[a](javascript&#58;alert(1))"), "a");
        // Safe ones stay as written.
        let safe = "[notes](https://x/n) and [a](../a.md) and <mailto:a@x.org>";
        assert_eq!(escape_for_markdown(safe), safe);
    }

    #[test]
    fn what_generators_run_before_markdown_is_broken() {
        assert_eq!(
            escape_for_markdown("--8<-- \"secret.txt\""),
            "--8&lt;-- \"secret.txt\""
        );
        assert_eq!(
            escape_for_markdown(
                "a {{< param \"title\" >}} {{% details %}} {{ 7*7 }} {% x %} {# c #} {a}"
            ),
            "a &#123;{< param \"title\" >}} &#123;&#123;% details %}} &#123;{ 7*7 }} &#123;% x %} &#123;# c #} {a}"
        );
        // In code, where references are not read: a zero-width space.
        assert_eq!(
            escape_for_markdown("run `{{ x }}` and\n\n```\n-8<- y\n{% z %}\n```\n"),
            "run `{\u{200B}{ x }}` and\n\n```\n-8\u{200B}<- y\n{\u{200B}% z %}\n```\n"
        );
        // Shown as the characters themselves.
        let html = to_html(&escape_for_markdown("{{< x >}} --8<-- `{{ y }}`"));
        assert_eq!(
            html,
            "<p>{{&lt; x &gt;}} --8&lt;-- <code>{\u{200B}{ y }}</code></p>\n"
        );
    }

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
