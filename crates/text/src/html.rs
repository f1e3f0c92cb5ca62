//! HTML → normalized lines, through html5ever's DOM: headings, table rows,
//! list items and `pre` blocks keep their meaning; scripts, styles and
//! navigation are dropped; the parser decodes entities. The page is parsed
//! in small pieces into a DOM that counts its elements and their depth
//! ([`BoundedDom`]): a page past [`MAX_ITEMS`] elements or nested more than
//! [`MAX_NESTING`] deep stops there. Every walk of the DOM keeps its own
//! stack, never the thread's.

use crate::error::{MAX_ITEMS, MAX_NESTING, Overflow};
use crate::lines::{Cut, LineWriter, Read, collapse_spaces};
use html5ever::interface::{ElementFlags, NodeOrText, QuirksMode, TreeSink};
use html5ever::tendril::{StrTendril, TendrilSink};
use html5ever::{Attribute, QualName};
use markup5ever_rcdom::{Handle, NodeData, RcDom};
use std::borrow::Cow;
use std::cell::Cell;

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

/// How much of the page the parser takes at a time: the counts are
/// checked between pieces, so a page past a bound costs at most one piece
/// more (the tree builder may make many elements of one tag).
const PIECE_BYTES: usize = 256;

/// The page's lines (numbered by position) and where it looks cut short.
pub fn lines(html: &str) -> Result<Read, Overflow> {
    let dom = parse(html)?;
    let mut out = LineWriter::default();
    walk(&dom.document, &mut out);
    drop(dom);
    let out = out.finish();
    let headings = out.heading_indexes.iter().map(|i| i + 1).collect();
    let lines = out
        .lines
        .into_iter()
        .enumerate()
        .map(|(i, (_, l))| (i + 1, l))
        .collect();
    Ok((lines, headings, cut(html)))
}

/// The page's DOM, or where it passes a bound.
fn parse(html: &str) -> Result<RcDom, Overflow> {
    let mut parser = html5ever::parse_document(BoundedDom::default(), Default::default());
    let mut rest = html;
    while !rest.is_empty() {
        let mut at = PIECE_BYTES.min(rest.len());
        while !rest.is_char_boundary(at) {
            at += 1;
        }
        let (piece, after) = rest.split_at(at);
        parser.process(StrTendril::from_slice(piece));
        rest = after;
        parser.tokenizer.sink.sink.overflow()?;
    }
    let bounded = parser.finish();
    bounded.overflow()?;
    Ok(bounded.dom)
}

/// html5ever's [`RcDom`] that counts the elements made and notes one
/// placed too deep; it keeps no attributes, comments or parse errors
/// (import reads none of them).
#[derive(Default)]
struct BoundedDom {
    dom: RcDom,
    elements: Cell<usize>,
    too_deep: Cell<bool>,
}

impl BoundedDom {
    fn overflow(&self) -> Result<(), Overflow> {
        if self.too_deep.get() {
            Err(Overflow::Nesting("elements"))
        } else if self.elements.get() > MAX_ITEMS {
            Err(Overflow::Items("HTML elements"))
        } else {
            Ok(())
        }
    }

    /// Notes whether a node placed under `parent` is nested deeper than
    /// [`MAX_NESTING`]; climbs at most that far.
    fn placed_under(&self, parent: &Handle) {
        let mut depth = 0;
        let mut node = parent.clone();
        loop {
            let up = node.parent.take();
            node.parent.set(up.clone());
            match up.and_then(|weak| weak.upgrade()) {
                Some(next) => node = next,
                None => break,
            }
            depth += 1;
            if depth >= MAX_NESTING {
                self.too_deep.set(true);
                break;
            }
        }
    }

    fn placed_before(&self, sibling: &Handle) {
        let up = sibling.parent.take();
        sibling.parent.set(up.clone());
        if let Some(parent) = up.and_then(|weak| weak.upgrade()) {
            self.placed_under(&parent);
        }
    }
}

impl TreeSink for BoundedDom {
    type Handle = Handle;
    type Output = Self;
    type ElemName<'a> = <RcDom as TreeSink>::ElemName<'a>;

    fn finish(self) -> Self {
        self
    }

    fn parse_error(&self, _: Cow<'static, str>) {}

    fn get_document(&self) -> Handle {
        self.dom.get_document()
    }

    fn elem_name<'a>(&'a self, target: &'a Handle) -> Self::ElemName<'a> {
        self.dom.elem_name(target)
    }

    fn create_element(&self, name: QualName, _: Vec<Attribute>, flags: ElementFlags) -> Handle {
        self.elements.set(self.elements.get() + 1);
        self.dom.create_element(name, Vec::new(), flags)
    }

    fn create_comment(&self, text: StrTendril) -> Handle {
        self.dom.create_comment(text)
    }

    fn create_pi(&self, target: StrTendril, data: StrTendril) -> Handle {
        self.dom.create_pi(target, data)
    }

    fn append(&self, parent: &Handle, child: NodeOrText<Handle>) {
        if is_comment(&child) {
            return;
        }
        if matches!(child, NodeOrText::AppendNode(_)) {
            self.placed_under(parent);
        }
        self.dom.append(parent, child);
    }

    fn append_based_on_parent_node(
        &self,
        element: &Handle,
        prev_element: &Handle,
        child: NodeOrText<Handle>,
    ) {
        if is_comment(&child) {
            return;
        }
        if matches!(child, NodeOrText::AppendNode(_)) {
            self.placed_before(element);
            self.placed_under(prev_element);
        }
        self.dom
            .append_based_on_parent_node(element, prev_element, child);
    }

    fn append_doctype_to_document(
        &self,
        name: StrTendril,
        public_id: StrTendril,
        system_id: StrTendril,
    ) {
        self.dom
            .append_doctype_to_document(name, public_id, system_id);
    }

    fn get_template_contents(&self, target: &Handle) -> Handle {
        self.dom.get_template_contents(target)
    }

    fn same_node(&self, x: &Handle, y: &Handle) -> bool {
        self.dom.same_node(x, y)
    }

    fn set_quirks_mode(&self, mode: QuirksMode) {
        self.dom.set_quirks_mode(mode);
    }

    fn append_before_sibling(&self, sibling: &Handle, child: NodeOrText<Handle>) {
        if is_comment(&child) {
            return;
        }
        if matches!(child, NodeOrText::AppendNode(_)) {
            self.placed_before(sibling);
        }
        self.dom.append_before_sibling(sibling, child);
    }

    fn add_attrs_if_missing(&self, _: &Handle, _: Vec<Attribute>) {}

    fn remove_from_parent(&self, target: &Handle) {
        self.dom.remove_from_parent(target);
    }

    fn reparent_children(&self, node: &Handle, new_parent: &Handle) {
        self.placed_under(new_parent);
        self.dom.reparent_children(node, new_parent);
    }

    fn is_mathml_annotation_xml_integration_point(&self, target: &Handle) -> bool {
        self.dom.is_mathml_annotation_xml_integration_point(target)
    }
}

/// A comment, left out of the DOM: a page of them costs nothing.
fn is_comment(child: &NodeOrText<Handle>) -> bool {
    matches!(child, NodeOrText::AppendNode(node) if matches!(node.data, NodeData::Comment { .. }))
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

/// A step of the walk: a node to read, or what ends an element once its
/// children are read.
enum Step {
    Node(Handle),
    Flush,
    EndList,
    Bold,
}

fn walk(document: &Handle, out: &mut LineWriter) {
    let mut steps = vec![Step::Node(document.clone())];
    while let Some(step) = steps.pop() {
        let node = match step {
            Step::Node(node) => node,
            Step::Flush => {
                out.flush();
                continue;
            }
            Step::EndList => {
                out.end_list();
                continue;
            }
            Step::Bold => {
                out.text("**", 0);
                continue;
            }
        };
        // What ends the element, pushed before its children.
        let after = match &node.data {
            NodeData::Text { contents } => {
                out.text(&contents.borrow(), 0);
                continue;
            }
            NodeData::Document => None,
            NodeData::Element { .. } => {
                let tag = name(&node).unwrap_or_default();
                match read_element(&node, &tag, out) {
                    Some(after) => after,
                    None => continue,
                }
            }
            _ => continue,
        };
        steps.extend(after);
        let children = node.children.borrow();
        steps.extend(children.iter().rev().cloned().map(Step::Node));
    }
}

/// Writes what `node` starts; `None` when its children are not walked,
/// else the step that ends it, if any.
fn read_element(node: &Handle, tag: &str, out: &mut LineWriter) -> Option<Option<Step>> {
    if DROPPED.contains(&tag) {
        return None;
    }
    match tag {
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
            let level: usize = tag[1..].parse().unwrap_or(2);
            out.block(Some(format!("{} ", "#".repeat(level))), 0);
            out.text(&inline_text(node), 0);
            out.flush();
            None
        }
        "li" => {
            out.item(0);
            Some(Some(Step::Flush))
        }
        "ul" | "ol" => {
            out.start_list(0);
            Some(Some(Step::EndList))
        }
        "pre" => {
            out.raw("```", 0);
            let text = inline_raw(node);
            for line in text.trim_matches('\n').lines() {
                out.raw(line.trim_end(), 0);
            }
            out.raw("```", 0);
            None
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
            None
        }
        "br" => {
            out.block(None, 0);
            Some(None)
        }
        "strong" | "b" => {
            out.text("**", 0);
            Some(Some(Step::Bold))
        }
        _ if BLOCKS.contains(&tag) => {
            out.block(None, 0);
            Some(Some(Step::Flush))
        }
        _ => Some(None),
    }
}

/// The text of a cell or heading on one line, bullets of lists inside it
/// kept apart by spaces.
fn inline_text(node: &Handle) -> String {
    collapse_spaces(&inline_raw(node))
}

/// The text under `node` as it is (for `pre`), `br` as a line break.
fn inline_raw(node: &Handle) -> String {
    let mut out = String::new();
    // `None`: the line break that ends a block.
    let mut steps = vec![Some(node.clone())];
    while let Some(step) = steps.pop() {
        let Some(node) = step else {
            out.push('\n');
            continue;
        };
        match &node.data {
            NodeData::Text { contents } => out.push_str(&contents.borrow()),
            NodeData::Element { .. } => {
                let tag = name(&node).unwrap_or_default();
                if DROPPED.contains(&tag.as_str()) {
                    continue;
                }
                if tag == "br" {
                    out.push('\n');
                }
                if BLOCKS.contains(&tag.as_str()) || tag == "li" {
                    out.push('\n');
                    steps.push(None);
                }
                let children = node.children.borrow();
                steps.extend(children.iter().rev().cloned().map(Some));
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(html: &str) -> Vec<String> {
        lines(html).unwrap().0.into_iter().map(|(_, l)| l).collect()
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
        assert_eq!(
            lines(html).unwrap().1.into_iter().collect::<Vec<_>>(),
            [1, 2]
        );
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

    #[test]
    fn nesting_past_the_bound_stops_the_parse() {
        let page = |open: &str, depth: usize| {
            format!(
                "<html><body><h1>Release 9.9</h1>{}x</body></html>",
                open.repeat(depth)
            )
        };
        for open in ["<ul><li>", "<div>", "<blockquote>", "<b>"] {
            assert_eq!(
                lines(&page(open, 40_000)).err(),
                Some(Overflow::Nesting("elements")),
                "{open}"
            );
        }
        // Under the bound, the walk reads every level: the text and one
        // line per list item, indented no deeper than the writer's bound.
        let (read, _, _) = lines(&page("<ul><li>", 100)).unwrap();
        assert_eq!(read.len(), 101);
        assert_eq!(read.last().unwrap().1, format!("{}- x", "  ".repeat(8)));
        // Formatting elements an end tag leaves open are made again under
        // every block: the copies nest as deep, and are counted.
        let reopened = format!(
            "<html><body><div>{}</div>{}</body></html>",
            (0..2000).map(|i| format!("<b id={i}>")).collect::<String>(),
            "<p>x</p>".repeat(2000)
        );
        assert_eq!(lines(&reopened).err(), Some(Overflow::Nesting("elements")));
    }

    #[test]
    fn elements_past_the_bound_stop_the_parse() {
        let page = format!("<h1>Release 9.9</h1>{}", "<p>x".repeat(MAX_ITEMS + 1));
        assert_eq!(lines(&page).err(), Some(Overflow::Items("HTML elements")));
        // Comments are no part of the DOM: a page of them is read.
        let comments = format!(
            "<h1>Release 9.9</h1>{}<p>x</p>",
            "<!-- c -->".repeat(MAX_ITEMS * 2)
        );
        assert_eq!(lines(&comments).unwrap().0.len(), 2);
        let lines_of_pre = format!("<pre>{}</pre>", "x\n".repeat(MAX_ITEMS + 1));
        assert!(lines(&lines_of_pre).unwrap().0.len() > MAX_ITEMS);
    }
}
