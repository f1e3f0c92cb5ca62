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
pub(crate) fn lines(html: &str) -> Result<Read, Overflow> {
    let dom = parse(html)?;
    let mut out = LineWriter::default();
    // A collapsible part's title (`<details><summary>I2P 2.12.0
    // Easy-Install Bundle Windows</summary>`, I2P's news entries) heads
    // what follows where no heading element does; among headings (a
    // README's "Click to expand") it is a line.
    let summaries_head = !holds_headings(&dom.document);
    walk(&dom.document, summaries_head, &mut out);
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

    fn create_element(&self, name: QualName, attrs: Vec<Attribute>, flags: ElementFlags) -> Handle {
        self.elements.set(self.elements.get() + 1);
        // A cell's spans place the cells after it, a floated element's class
        // parts it from the text before it, a link's target within the page
        // marks a permalink; nothing else is read.
        let kept = if matches!(name.local.as_ref(), "td" | "th") {
            attrs
                .into_iter()
                .filter(|a| matches!(a.name.local.as_ref(), "rowspan" | "colspan"))
                .collect()
        } else if name.local.as_ref() == "a" {
            attrs
                .into_iter()
                .filter(|a| match a.name.local.as_ref() {
                    "href" => a.value.starts_with('#'),
                    "class" => floats(&a.value),
                    _ => false,
                })
                .collect()
        } else {
            attrs
                .into_iter()
                .filter(|a| a.name.local.as_ref() == "class" && floats(&a.value))
                .collect()
        };
        self.dom.create_element(name, kept, flags)
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

/// Whether the page has a heading element (`h1`…`h6`).
fn holds_headings(document: &Handle) -> bool {
    let mut nodes = vec![document.clone()];
    while let Some(node) = nodes.pop() {
        if name(&node)
            .is_some_and(|tag| matches!(tag.as_str(), "h1" | "h2" | "h3" | "h4" | "h5" | "h6"))
        {
            return true;
        }
        nodes.extend(node.children.borrow().iter().cloned());
    }
    false
}

/// Writes the page's lines; `summaries_head`: a collapsible part's title
/// is a heading (on a page without heading elements).
fn walk(document: &Handle, summaries_head: bool, out: &mut LineWriter) {
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
                let tag = if tag == "summary" && summaries_head {
                    "h6".to_string()
                } else {
                    tag
                };
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
    if DROPPED.contains(&tag) || is_permalink(node) {
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
        "table" if grid::write(node, out) => None,
        // A page laid out in a table (a cell holding its headings, or
        // another table) is read as the blocks its cells hold.
        "tr" if holds_layout(node) => {
            out.block(None, 0);
            Some(Some(Step::Flush))
        }
        "td" | "th" if holds_layout(node) => {
            out.block(None, 0);
            Some(Some(Step::Flush))
        }
        "tr" => {
            out.start_row(0);
            let mut heads = 0;
            let mut cells = 0;
            for cell in node.children.borrow().iter() {
                let tag = name(cell);
                if matches!(tag.as_deref(), Some("td" | "th")) {
                    cells += 1;
                    heads += usize::from(tag.as_deref() == Some("th"));
                    out.start_cell();
                    out.text(&inline_text(cell), 0);
                    out.end_cell();
                }
            }
            // A row of head cells: the delimiter a Markdown table writes
            // under its head says so to the table reader.
            if cells > 0 && heads == cells {
                out.end_head_row();
            } else {
                out.end_row();
            }
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
        // `<a>v4.8.3</a><code class="pull-right">2026.03.23</code>`: a
        // floated element stands apart from the text before it.
        _ if is_floated(node) => {
            out.text(" ", 0);
            Some(None)
        }
        _ => Some(None),
    }
}

/// Whether `node` holds a heading or a table: no row or cell of data
/// holds either.
fn holds_layout(node: &Handle) -> bool {
    let mut stack: Vec<Handle> = node.children.borrow().iter().cloned().collect();
    while let Some(next) = stack.pop() {
        if let Some(tag) = name(&next)
            && matches!(
                tag.as_str(),
                "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "table"
            )
        {
            return true;
        }
        stack.extend(next.children.borrow().iter().cloned());
    }
    false
}

/// Whether an element is a heading's permalink, as documentation
/// generators add one (`<a class="headerlink" href="#r">¶</a>` of MkDocs
/// and Sphinx): a link within the page whose text is one mark or nothing.
fn is_permalink(node: &Handle) -> bool {
    let NodeData::Element { attrs, .. } = &node.data else {
        return false;
    };
    let in_page = attrs
        .borrow()
        .iter()
        .any(|a| a.name.local.as_ref() == "href" && a.value.starts_with('#'));
    let text = collapse_spaces(&inline_raw_text(node));
    name(node).as_deref() == Some("a")
        && in_page
        && text.chars().count() <= 1
        && !text.chars().any(char::is_alphanumeric)
}

/// The text under `node`, nothing dropped.
fn inline_raw_text(node: &Handle) -> String {
    let mut out = String::new();
    let mut stack = vec![node.clone()];
    while let Some(next) = stack.pop() {
        if let NodeData::Text { contents } = &next.data {
            out.push_str(&contents.borrow());
        }
        stack.extend(next.children.borrow().iter().rev().cloned());
    }
    out
}

/// Whether an element is floated to a side by its class, as Bootstrap's
/// (`pull-right`, `float-end`) and Tailwind's (`float-right`) name it.
fn is_floated(node: &Handle) -> bool {
    let NodeData::Element { attrs, .. } = &node.data else {
        return false;
    };
    attrs
        .borrow()
        .iter()
        .any(|a| a.name.local.as_ref() == "class" && floats(&a.value))
}

/// Whether a class attribute names a float.
fn floats(classes: &str) -> bool {
    classes.split_whitespace().any(|class| {
        matches!(
            class,
            "pull-right" | "pull-left" | "float-right" | "float-left" | "float-end" | "float-start"
        )
    })
}

/// A table whose head is several rows deep, read by where its cells
/// stand once their spans are laid out.
mod grid {
    use crate::html::{inline_text, name};
    use crate::lines::LineWriter;
    use markup5ever_rcdom::{Handle, NodeData};

    /// A span past this many rows or columns is taken as this many: the
    /// grid of a lying page stays small.
    const MAX_SPAN: usize = 64;

    /// The most slots a laid-out table may have.
    const MAX_SLOTS: usize = crate::error::MAX_ITEMS;

    /// A cell as the page writes it.
    struct Cell {
        head: bool,
        text: String,
        rows: usize,
        columns: usize,
    }

    /// A slot of the laid-out grid: the text of the cell covering it and
    /// which cell that is (a span covers several slots).
    #[derive(Clone)]
    struct Slot {
        origin: (usize, usize),
        text: String,
    }

    fn span(node: &Handle, attribute: &str) -> usize {
        let NodeData::Element { attrs, .. } = &node.data else {
            return 1;
        };
        attrs
            .borrow()
            .iter()
            .find(|a| a.name.local.as_ref() == attribute)
            .and_then(|a| a.value.trim().parse::<usize>().ok())
            .unwrap_or(1)
            .clamp(1, MAX_SPAN)
    }

    /// A row: whether it stands in `thead`, which row group it is of (a
    /// span ends with its group), its cells.
    type Row = (bool, usize, Vec<Cell>);

    /// The table's rows (in `thead`, `tbody`, `tfoot` or the table itself).
    fn rows(table: &Handle) -> Vec<Row> {
        let mut out = Vec::new();
        let mut group = 0;
        let mut read_row = |tr: &Handle, in_head: bool, group: usize| {
            let cells = tr
                .children
                .borrow()
                .iter()
                .filter_map(|cell| {
                    let tag = name(cell)?;
                    matches!(tag.as_str(), "td" | "th").then(|| Cell {
                        head: tag == "th",
                        text: inline_text(cell),
                        rows: span(cell, "rowspan"),
                        columns: span(cell, "colspan"),
                    })
                })
                .collect();
            out.push((in_head, group, cells));
        };
        // Rows right under the table make one group, as a browser's
        // implied `tbody` does.
        let mut loose = false;
        for child in table.children.borrow().iter() {
            match name(child).as_deref() {
                Some("tr") => {
                    if !loose {
                        group += 1;
                        loose = true;
                    }
                    read_row(child, false, group);
                }
                Some(section @ ("thead" | "tbody" | "tfoot")) => {
                    group += 1;
                    loose = false;
                    for tr in child.children.borrow().iter() {
                        if name(tr).as_deref() == Some("tr") {
                            read_row(tr, section == "thead", group);
                        }
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// The rows with each cell placed in every slot it spans.
    fn lay_out(rows: &[Row]) -> Vec<Vec<Option<Slot>>> {
        let mut grid: Vec<Vec<Option<Slot>>> = vec![Vec::new(); rows.len()];
        for (r, (_, group, cells)) in rows.iter().enumerate() {
            let in_group = rows[r..].iter().take_while(|(_, g, _)| g == group).count();
            let mut c = 0;
            for (i, cell) in cells.iter().enumerate() {
                while grid[r].get(c).is_some_and(Option::is_some) {
                    c += 1;
                }
                for below in grid.iter_mut().skip(r).take(cell.rows.min(in_group)) {
                    if below.len() < c + cell.columns {
                        below.resize(c + cell.columns, None);
                    }
                    for slot in &mut below[c..c + cell.columns] {
                        *slot = Some(Slot {
                            origin: (r, i),
                            text: cell.text.clone(),
                        });
                    }
                }
                c += cell.columns;
            }
        }
        grid
    }

    /// Writes a table whose head is two rows deep or more as one head row
    /// and its body; `false` (nothing written) for any other table, read
    /// row by row.
    pub(super) fn write(table: &Handle, out: &mut LineWriter) -> bool {
        let rows = rows(table);
        let depth = rows
            .iter()
            .take_while(|(in_head, _, cells)| {
                !cells.is_empty() && (*in_head || cells.iter().all(|c| c.head))
            })
            .count();
        // Spans lay out at most as many slots as the page may hold
        // elements: a page of wide spans is read row by row.
        let slots: usize = rows
            .iter()
            .flat_map(|(_, _, cells)| cells)
            .map(|c| c.rows * c.columns)
            .sum();
        if depth < 2 || depth == rows.len() || slots > MAX_SLOTS {
            return false;
        }
        let grid = lay_out(&rows);
        let width = grid.iter().map(Vec::len).max().unwrap_or(0);
        let (head, body) = grid.split_at(depth);
        let text = |slot: &Option<Slot>| slot.as_ref().map_or("", |s| s.text.as_str()).to_string();
        let (head_row, body_rows) = match mirrored(head, body, width) {
            Some(fused) => fused,
            // Each column under its deepest head.
            None => (
                (0..width)
                    .map(|c| text(head.last().and_then(|r| r.get(c)).unwrap_or(&None)))
                    .collect(),
                body.iter()
                    .map(|r| {
                        (0..width)
                            .map(|c| text(r.get(c).unwrap_or(&None)))
                            .collect()
                    })
                    .collect(),
            ),
        };
        write_row(out, &head_row);
        out.raw(&format!("|{}", "---|".repeat(head_row.len())), 0);
        for row in &body_rows {
            write_row(out, row);
        }
        true
    }

    fn write_row(out: &mut LineWriter, cells: &[String]) {
        out.start_row(0);
        for cell in cells {
            out.start_cell();
            out.text(cell, 0);
            out.end_cell();
        }
        out.end_row();
    }

    /// A body whose rows come in groups shaped like the head (DEEPX's
    /// matrix: a release's date spanning three rows, its suite's version
    /// under the suite, its two bundles' under theirs, its modules'
    /// under theirs): one row per group, each cell once, under the head
    /// cells of the same place. A head cell spanning every column but
    /// those spanning the whole head (the suite over its parts) holds
    /// what each row is: its column comes first, its head left empty.
    fn mirrored(
        head: &[Vec<Option<Slot>>],
        body: &[Vec<Option<Slot>>],
        width: usize,
    ) -> Option<(Vec<String>, Vec<Vec<String>>)> {
        let depth = head.len();
        let first = |rows: &[Vec<Option<Slot>>]| -> Option<(usize, usize)> {
            let origin = rows.first()?.first()?.as_ref()?.origin;
            rows.iter()
                .all(|r| r.first().and_then(Option::as_ref).map(|s| s.origin) == Some(origin))
                .then_some(origin)
        };
        if !body.len().is_multiple_of(depth) || first(head).is_none() {
            return None;
        }
        // Each cell once, in reading order.
        let once = |rows: &[Vec<Option<Slot>>]| -> Vec<((usize, usize), String)> {
            let mut seen = std::collections::HashSet::new();
            rows.iter()
                .flat_map(|r| r.iter().flatten())
                .filter(|s| seen.insert(s.origin))
                .map(|s| (s.origin, s.text.clone()))
                .collect()
        };
        let head_cells = once(head);
        let mut body_rows = Vec::new();
        for group in body.chunks(depth) {
            let origin = first(group)?;
            // The group's first cell starts with it and ends with it.
            if group[0].first()?.as_ref()?.origin != origin {
                return None;
            }
            let cells = once(group);
            if cells.len() != head_cells.len() {
                return None;
            }
            body_rows.push(cells.into_iter().map(|(_, t)| t).collect::<Vec<_>>());
        }
        let mut head_row: Vec<String> = head_cells.iter().map(|(_, t)| t.clone()).collect();
        // Columns whose head spans the whole head, and the cell over the rest.
        let whole = (0..width)
            .filter(|&c| {
                let origin = head[0].get(c).and_then(Option::as_ref).map(|s| s.origin);
                origin.is_some()
                    && head
                        .iter()
                        .all(|r| r.get(c).and_then(Option::as_ref).map(|s| s.origin) == origin)
            })
            .count();
        let over = head[0]
            .iter()
            .flatten()
            .filter(|s| {
                head[0]
                    .iter()
                    .flatten()
                    .filter(|o| o.origin == s.origin)
                    .count()
                    == width - whole
                    && head[1..]
                        .iter()
                        .all(|r| r.iter().flatten().all(|o| o.origin != s.origin))
            })
            .map(|s| s.origin)
            .next();
        if let Some(at) = over.and_then(|o| head_cells.iter().position(|(h, _)| *h == o)) {
            head_row.remove(at);
            head_row.insert(0, String::new());
            for row in &mut body_rows {
                let cell = row.remove(at);
                row.insert(0, cell);
            }
        }
        Some((head_row, body_rows))
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
                if DROPPED.contains(&tag.as_str()) || is_permalink(&node) {
                    continue;
                }
                if tag == "br" {
                    out.push('\n');
                }
                if BLOCKS.contains(&tag.as_str()) || tag == "li" {
                    out.push('\n');
                    steps.push(None);
                } else if is_floated(&node) {
                    out.push(' ');
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
    fn a_headings_permalink_is_not_its_text() {
        assert_eq!(
            texts(
                "<h3 id=\"r\">R<a class=\"headerlink\" href=\"#r\">&para;</a></h3><p>See <a href=\"#r\">R</a>.</p>"
            ),
            ["### R", "See R."]
        );
    }

    #[test]
    fn a_page_laid_out_in_a_table_is_read_as_its_blocks() {
        let html = "<table><tr><th><br></th></tr><tr><td>\
            <h1>Notes</h1><h3>27.5.0 (2017-09-26)</h3>An update.<ul><li>Updated NSS to 3.31.1.</li></ul>\
            </td></tr></table>";
        assert_eq!(
            texts(html),
            [
                "# Notes",
                "### 27.5.0 (2017-09-26)",
                "An update.",
                "- Updated NSS to 3.31.1."
            ]
        );
        // A table of data stays a table.
        assert_eq!(
            texts("<table><tr><th>Package</th><th>Version</th></tr><tr><td>NSS</td><td>3.31.1</td></tr></table>")
                .len(),
            3
        );
    }

    #[test]
    fn a_collapsible_parts_title_heads_a_page_without_headings() {
        // I2P's news entries: each entry's title in a `summary`.
        let entries = "<article><details><summary>I2P Easy-Install 2.10.0</summary></details>\
            <p>This release updates the embedded I2P router to I2P 2.10.0.</p></article>";
        assert_eq!(
            texts(entries),
            [
                "###### I2P Easy-Install 2.10.0",
                "This release updates the embedded I2P router to I2P 2.10.0."
            ]
        );
        // Among headings, a line ("Click to expand" in a README).
        let readme =
            "<h2>Models</h2><details><summary>Click to expand</summary><p>Yi-34B</p></details>";
        assert_eq!(texts(readme), ["## Models", "Click to expand", "Yi-34B"]);
    }

    #[test]
    fn a_floated_element_stands_apart() {
        assert_eq!(
            texts(
                "<div><a href=\"#v483\">v4.8.3</a><code class=\"pull-right\">2026.03.23</code></div><h5><a>v4.8.2</a><code class=\"pull-right\">2026.01.02</code></h5>"
            ),
            ["v4.8.3 2026.03.23", "##### v4.8.2 2026.01.02"]
        );
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
                "|---|---|",
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
    fn a_head_of_several_rows_names_each_column() {
        // A group head over per-architecture columns: each column under its
        // deepest head; a span running past its row group ends with it.
        let html = "<table><thead><tr><th rowspan=3>Package</th><th colspan=2>Version</th></tr>\
            <tr><th>x86_64</th><th>arm64</th></tr></thead>\
            <tbody><tr><td>CUDA</td><td colspan=2>12.8</td></tr><tr><td>NCCL</td><td>2.26</td><td>2.25</td></tr></tbody></table>";
        assert_eq!(
            texts(html),
            [
                "| Package | x86_64 | arm64 |",
                "|---|---|---|",
                "| CUDA | 12.8 | 12.8 |",
                "| NCCL | 2.26 | 2.25 |"
            ]
        );
        // DEEPX's matrix: each release three rows, shaped like the head.
        let html = "<table><thead><tr><th rowspan=4>Date</th><th colspan=3>Suite</th></tr>\
            <tr><th>Compiler</th><th colspan=2>Runtime</th></tr>\
            <tr><th>COM</th><th>RT</th><th>APP</th></tr></thead><tbody>\
            <tr><td rowspan=3>2026-05-06</td><td colspan=3>v2.3.1</td></tr>\
            <tr><td>v2.3.1</td><td colspan=2>v2.3.0</td></tr>\
            <tr><td>v2.3.0</td><td><b>v3.3.1</b></td><td>v3.1.1</td></tr>\
            <tr><td rowspan=3>2026-04-10</td><td colspan=3>v2.3.0</td></tr>\
            <tr><td>v2.3.0</td><td colspan=2>v2.3.0</td></tr>\
            <tr><td>v2.3.0</td><td>v3.3.0</td><td>v3.1.0</td></tr></tbody></table>";
        assert_eq!(
            texts(html),
            [
                "| | Date | Compiler | Runtime | COM | RT | APP |",
                "|---|---|---|---|---|---|---|",
                "| v2.3.1 | 2026-05-06 | v2.3.1 | v2.3.0 | v2.3.0 | v3.3.1 | v3.1.1 |",
                "| v2.3.0 | 2026-04-10 | v2.3.0 | v2.3.0 | v2.3.0 | v3.3.0 | v3.1.0 |"
            ]
        );
        // One head row: read row by row, the head marked by the delimiter
        // under it.
        assert_eq!(
            texts("<table><tr><th>a</th><th>b</th></tr><tr><td colspan=2>x</td></tr></table>"),
            ["| a | b |", "|---|---|", "| x |"]
        );
        // Spans past the bound lay out no grid.
        let wide = format!(
            "<table><tr><th>a</th></tr><tr><th>b</th></tr>{}</table>",
            "<tr><td rowspan=64 colspan=64>x</td></tr>".repeat(MAX_ITEMS / 1000)
        );
        // Row by row: each head row stands as it is.
        assert!(texts(&wide).iter().any(|l| l == "| a |"));
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
