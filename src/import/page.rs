//! A page as lines of text: plain text as copied from a docs site,
//! Markdown (via pulldown-cmark) or HTML (a tag stripper that keeps table
//! cells as `|` and block ends as line breaks).

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageKind {
    Text,
    Markdown,
    Html,
}

impl PageKind {
    /// By extension, else by a look at the content.
    pub fn detect(path: &Path, content: &str) -> PageKind {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("html" | "htm" | "xhtml") => return PageKind::Html,
            Some("md" | "markdown") => return PageKind::Markdown,
            Some("txt") => return PageKind::Text,
            _ => {}
        }
        let head = content.trim_start().to_ascii_lowercase();
        if head.starts_with("<!doctype html") || head.starts_with("<html") || head.contains("</p>")
        {
            PageKind::Html
        } else if content
            .lines()
            .any(|l| l.starts_with("# ") || l.starts_with("## "))
        {
            PageKind::Markdown
        } else {
            PageKind::Text
        }
    }
}

/// The page's non-empty lines, trimmed.
pub fn lines(kind: PageKind, content: &str) -> Vec<String> {
    let text = match kind {
        PageKind::Text => content.replace('\r', ""),
        PageKind::Markdown => markdown_to_text(content),
        PageKind::Html => html_to_text(content),
    };
    text.lines()
        .map(|l| l.replace('\u{a0}', " ").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

fn markdown_to_text(md: &str) -> String {
    let mut out = String::new();
    let parser = Parser::new_ext(md, Options::ENABLE_TABLES);
    for event in parser {
        match event {
            Event::Text(t) | Event::Code(t) => out.push_str(&t),
            Event::SoftBreak | Event::HardBreak => out.push('\n'),
            Event::Start(Tag::TableCell) => {}
            Event::End(TagEnd::TableCell) => out.push_str(" | "),
            Event::End(
                TagEnd::Paragraph
                | TagEnd::Heading(_)
                | TagEnd::Item
                | TagEnd::CodeBlock
                | TagEnd::TableRow
                | TagEnd::TableHead,
            ) => out.push('\n'),
            Event::Start(Tag::Item) => out.push('\n'),
            _ => {}
        }
    }
    out
}

fn html_to_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        out.push_str(&decode_entities(&rest[..lt]));
        let after = &rest[lt + 1..];
        let Some(gt) = after.find('>') else {
            rest = "";
            break;
        };
        let tag = after[..gt].trim().to_ascii_lowercase();
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        rest = &after[gt + 1..];
        if !tag.starts_with('/') && matches!(name.as_str(), "script" | "style" | "head") {
            let close = format!("</{name}");
            match rest.to_ascii_lowercase().find(&close) {
                Some(at) => {
                    rest = &rest[at..];
                    if let Some(end) = rest.find('>') {
                        rest = &rest[end + 1..];
                    }
                }
                None => rest = "",
            }
            continue;
        }
        match name.as_str() {
            "br" | "p" | "div" | "li" | "tr" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "pre"
            | "ul" | "ol" | "table" | "section" | "article" | "dt" | "dd" => out.push('\n'),
            "td" | "th" if tag.starts_with('/') => out.push_str(" | "),
            _ => {}
        }
    }
    out.push_str(&decode_entities(rest));
    out
}

fn decode_entities(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::new();
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        let end = after.find(';').filter(|e| *e <= 10);
        let decoded = end.and_then(|e| {
            let name = &after[..e];
            let c = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some(' '),
                _ if name.starts_with("#x") || name.starts_with("#X") => {
                    u32::from_str_radix(&name[2..], 16)
                        .ok()
                        .and_then(char::from_u32)
                }
                _ if name.starts_with('#') => name[1..].parse().ok().and_then(char::from_u32),
                _ => None,
            };
            c.map(|c| (c, e))
        });
        match decoded {
            Some((c, e)) => {
                out.push(c);
                rest = &after[e + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_keeps_cells_and_lines() {
        let html = "<html><head><title>x</title></head><body><h2>Contents</h2><table><tr><td>框架</td><td>pytorch</td></tr></table><p>a &amp; b<br>c</p><script>no</script></body></html>";
        assert_eq!(
            lines(PageKind::Html, html),
            ["Contents", "框架 | pytorch |", "a & b", "c"]
        );
    }

    #[test]
    fn markdown_tables_become_rows() {
        let md = "## Contents\n\n| 应用场景 | 训练/推理 |\n|---|---|\n| 框架 | pytorch |\n\n- one\n- two\n";
        assert_eq!(
            lines(PageKind::Markdown, md),
            [
                "Contents",
                "应用场景 | 训练/推理 |",
                "框架 | pytorch |",
                "one",
                "two"
            ]
        );
    }
}
