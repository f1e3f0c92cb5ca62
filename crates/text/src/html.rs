//! HTML → normalized lines, through html5ever's DOM: headings, table rows,
//! list items and `pre` blocks keep their meaning; scripts, styles and
//! navigation are dropped; the parser decodes entities.

use crate::lines::{Cut, LineWriter, Read};
use html5ever::tendril::TendrilSink;
use markup5ever_rcdom::{Handle, NodeData, RcDom};

/// Elements whose content is no part of the release notes.
const DROPPED: &[&str] = &[
    "head", "script", "style", "nav", "noscript", "template", "svg", "button", "form",
];

/// Elements that end a line.
const BLOCKS: &[&str] = &[
    "p",
    "div",
    "section",
    "article",
    "main",
    "header",
    "footer",
    "aside",
    "blockquote",
    "dl",
    "dt",
    "dd",
    "ul",
    "ol",
    "figure",
    "figcaption",
    "caption",
    "hr",
    "body",
];

/// The page's lines (numbered by position) and where it looks cut short.
pub fn lines(html: &str) -> Read {
    let dom = html5ever::parse_document(RcDom::default(), Default::default()).one(html);
    let mut out = LineWriter::default();
    walk(&dom.document, &mut out);
    let out = out.finish();
    let headings = out.heading_indexes.iter().map(|i| i + 1).collect();
    let lines = out
        .lines
        .into_iter()
        .enumerate()
        .map(|(i, (_, l))| (i + 1, l))
        .collect();
    (lines, headings, cut(html))
}

/// The parser closes what a cut page left open; the source still shows it.
fn cut(html: &str) -> Option<Cut> {
    let lower = html.to_ascii_lowercase();
    let count = |tag: &str| {
        lower
            .match_indices(tag)
            .filter(|(i, _)| {
                lower[i + tag.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| c == '>' || c.is_whitespace())
            })
            .count()
    };
    let open_more = |name: &str| count(&format!("<{name}")) > count(&format!("</{name}"));
    if open_more("pre") {
        Some(Cut::CodeBlock)
    } else if open_more("table") {
        Some(Cut::Table)
    } else if open_more("ul") || open_more("ol") {
        Some(Cut::List)
    } else {
        None
    }
}

fn name(node: &Handle) -> Option<String> {
    match &node.data {
        NodeData::Element { name, .. } => Some(name.local.to_string()),
        _ => None,
    }
}

fn walk(node: &Handle, out: &mut LineWriter) {
    match &node.data {
        NodeData::Text { contents } => {
            let text = contents.borrow();
            out.text(&text, 0);
            return;
        }
        NodeData::Element { .. } => {}
        NodeData::Document => {
            children(node, out);
            return;
        }
        _ => return,
    }
    let tag = name(node).unwrap_or_default();
    let tag = tag.as_str();
    if DROPPED.contains(&tag) {
        return;
    }
    match tag {
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
            let level: usize = tag[1..].parse().unwrap_or(2);
            out.block(Some(format!("{} ", "#".repeat(level))), 0);
            out.text(&inline_text(node), 0);
            out.flush();
        }
        "li" => {
            out.item(0);
            children(node, out);
            out.flush();
        }
        "ul" | "ol" => {
            out.start_list(0);
            children(node, out);
            out.end_list();
        }
        "pre" => {
            out.raw("```", 0);
            let text = inline_raw(node);
            for line in text.trim_matches('\n').lines() {
                out.raw(line.trim_end(), 0);
            }
            out.raw("```", 0);
        }
        "tr" => {
            out.start_row(0);
            for cell in node.children.borrow().iter() {
                if matches!(name(cell).as_deref(), Some("td" | "th")) {
                    out.start_cell();
                    out.text(&inline_text(cell), 0);
                    out.end_cell();
                }
            }
            out.end_row();
        }
        "br" => out.block(None, 0),
        "strong" | "b" => {
            out.text("**", 0);
            children(node, out);
            out.text("**", 0);
        }
        _ if BLOCKS.contains(&tag) => {
            out.block(None, 0);
            children(node, out);
            out.flush();
        }
        _ => children(node, out),
    }
}

fn children(node: &Handle, out: &mut LineWriter) {
    for child in node.children.borrow().iter() {
        walk(child, out);
    }
}

/// The text of a cell or heading on one line, bullets of lists inside it
/// kept apart by spaces.
fn inline_text(node: &Handle) -> String {
    inline_raw(node)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text under `node` as it is (for `pre`), `br` as a line break.
fn inline_raw(node: &Handle) -> String {
    let mut out = String::new();
    collect(node, &mut out);
    out
}

fn collect(node: &Handle, out: &mut String) {
    match &node.data {
        NodeData::Text { contents } => out.push_str(&contents.borrow()),
        NodeData::Element { .. } => {
            let tag = name(node).unwrap_or_default();
            if DROPPED.contains(&tag.as_str()) {
                return;
            }
            if tag == "br" {
                out.push('\n');
            }
            let block = BLOCKS.contains(&tag.as_str()) || tag == "li";
            if block {
                out.push('\n');
            }
            for child in node.children.borrow().iter() {
                collect(child, out);
            }
            if block {
                out.push('\n');
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(html: &str) -> Vec<String> {
        lines(html).0.into_iter().map(|(_, l)| l).collect()
    }

    #[test]
    fn structure_survives() {
        let html = "<html><head><title>x</title><style>p{}</style></head><body>\
            <nav><a href='/'>Home</a></nav><h1>PyTorch Release 20.02</h1>\
            <h2>Contents</h2><table><tr><th></th><th>aarch64</th></tr>\
            <tr><td>框架</td><td>py\ntorch</td></tr></table>\
            <p>a &amp; b<br>c&nbsp;d</p><p># not a heading</p><ul><li>one<ul><li>inner</li></ul></li><li><p><b>two</b></p></li></ul>\
            <pre>docker run x\n  --gpus all</pre><script>no()</script></body></html>";
        assert_eq!(
            texts(html),
            [
                "# PyTorch Release 20.02",
                "## Contents",
                "| | aarch64 |",
                "| 框架 | py torch |",
                "a & b",
                "c d",
                "# not a heading",
                "- one",
                "  - inner",
                "- two",
                "```",
                "docker run x",
                "  --gpus all",
                "```"
            ]
        );
        assert_eq!(cut(html), None);
        assert_eq!(lines(html).1.into_iter().collect::<Vec<_>>(), [1, 2]);
    }

    #[test]
    fn cut_tables_and_lists_are_seen() {
        assert_eq!(
            cut("<h2>Contents</h2><table><tr><td>x</td>"),
            Some(Cut::Table)
        );
        assert_eq!(cut("<ul><li>x</li>"), Some(Cut::List));
        assert_eq!(cut("<pre>docker run"), Some(Cut::CodeBlock));
    }
}
