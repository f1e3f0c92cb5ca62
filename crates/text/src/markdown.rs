//! Markdown → normalized lines, through pulldown-cmark. A page whose
//! lists or quotes nest deeper than [`MAX_NESTING`], or that holds more
//! than [`MAX_MARKDOWN_MARKS`] marks, is refused before it is parsed: the
//! parser's work grows with the depth of every line, and it keeps a node
//! for each mark.

use crate::error::{MAX_MARKDOWN_MARKS, MAX_NESTING, Overflow};
use crate::lines::{Cut, LineWriter, Read, cut_row};
use crate::words;
use pulldown_cmark::{CodeBlockKind, Event, Options, Parser, Tag, TagEnd};

/// The page's lines (numbered by source line) and where it looks cut short.
pub(crate) fn lines(md: &str) -> Result<Read, Overflow> {
    let without_front_matter = blank_front_matter(md);
    let md = without_front_matter.as_deref().unwrap_or(md);
    let repaired = repair_delimiter_rows(md);
    let md = repaired.as_deref().unwrap_or(md);
    let unfolded = unfold_blocks(md);
    let md = unfolded.as_deref().unwrap_or(md);
    let apart = component_tags_apart(md);
    let md = apart.as_deref().unwrap_or(md);
    let closed = headings_after_closing_tags(md);
    let md = closed.as_deref().unwrap_or(md);
    let spaced = space_glued_headings(md);
    let md = spaced.as_deref().unwrap_or(md);
    let marked = marked_headings(md);
    let md = marked.as_deref().unwrap_or(md);
    if md.lines().any(|line| nesting(line) > MAX_NESTING) {
        return Err(Overflow::Nesting("lists and quotes"));
    }
    let marks = md.bytes().filter(|b| MARKS.contains(b)).count();
    if marks > MAX_MARKDOWN_MARKS {
        return Err(Overflow::Marks);
    }
    let starts: Vec<usize> = std::iter::once(0)
        .chain(md.match_indices('\n').map(|(i, _)| i + 1))
        .collect();
    let line_of = |offset: usize| starts.partition_point(|s| *s <= offset);
    let mut out = LineWriter::default();
    // An HTML block of the page (a `<table>` written in HTML), read by the
    // HTML reader when it ends: its first line and its text.
    let mut html_block: Option<(usize, String)> = None;
    let mut linked: Option<String> = None;
    let mut badge_shown: Option<String> = None;
    let mut cut = None;
    let mut in_code = false;
    // Inside a paragraph already written as the table its tabs make.
    let mut in_tab_table = false;
    // Whether the code block being read has its closing fence.
    let mut code_closed = true;
    // Footnotes: a reference (`12.2 [^2]`) is a mark beside the text, no
    // word of it. Definition lists (`Main release:` over `:   * Add …`, as
    // MkDocs and PHP Markdown Extra write them): a term over what it
    // defines, no paragraph their lines run into.
    let options = Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_FOOTNOTES
        | Options::ENABLE_DEFINITION_LIST;
    for (event, range) in Parser::new_ext(md, options).into_offset_iter() {
        let line = line_of(range.start);
        if in_tab_table {
            in_tab_table = !matches!(event, Event::End(TagEnd::Paragraph));
            continue;
        }
        match event {
            // Lines parted by tabs (a table copied from a rendered page)
            // are a table, not a paragraph their lines run into.
            Event::Start(Tag::Paragraph) if tab_rows(&md[range.clone()]).is_some() => {
                for (k, row) in tab_rows(&md[range.clone()])
                    .unwrap_or_default()
                    .iter()
                    .enumerate()
                {
                    out.line(row, line + k, false);
                }
                in_tab_table = true;
            }
            // "Installed packages:" over `Path | Version` and its
            // delimiter row: GFM reads a table there (a table may interrupt
            // a paragraph); pulldown-cmark runs its rows into the paragraph.
            Event::Start(Tag::Paragraph) if table_in_paragraph(&md[range.clone()]).is_some() => {
                let source = &md[range.clone()];
                let (head_at, width) = table_in_paragraph(source).unwrap_or_default();
                let lines: Vec<&str> = source.lines().collect();
                let prose = lines[..head_at]
                    .iter()
                    .map(|l| l.trim())
                    .collect::<Vec<_>>()
                    .join(" ");
                out.block(None, line);
                out.text(&prose.replace('`', ""), line);
                out.flush();
                let mut in_rows = true;
                for (k, l) in lines.iter().enumerate().skip(head_at) {
                    in_rows &= l.contains('|');
                    if in_rows && k == head_at + 1 {
                        out.line(&format!("|{}", "---|".repeat(width)), line + k, false);
                    } else if in_rows {
                        out.line(&crate::flat::row(&pipe_cells(l)), line + k, false);
                    } else if !l.trim().is_empty() {
                        out.line(l.trim(), line + k, false);
                    }
                }
                in_tab_table = true;
            }
            Event::Start(Tag::Heading { level, .. }) => {
                out.block(Some(format!("{} ", "#".repeat(level as usize))), line);
            }
            Event::Start(Tag::Item) => out.item(line),
            Event::Start(Tag::List(_)) => out.start_list(line),
            Event::End(TagEnd::List(_)) => out.end_list(),
            Event::Start(
                Tag::Paragraph
                | Tag::BlockQuote(_)
                | Tag::DefinitionListTitle
                | Tag::DefinitionListDefinition,
            ) => out.block(None, line),
            Event::End(
                TagEnd::Heading(_)
                | TagEnd::Paragraph
                | TagEnd::Item
                | TagEnd::BlockQuote(_)
                | TagEnd::DefinitionListTitle
                | TagEnd::DefinitionListDefinition,
            ) => out.flush(),
            Event::Start(Tag::CodeBlock(kind)) => {
                out.raw("```", line);
                in_code = true;
                let source = &md[range.clone()];
                let fenced = matches!(kind, CodeBlockKind::Fenced(_));
                let source = source.trim_end();
                // A fence left open inside a list item ("  - ```assembly"
                // over the next item, shamitv's changelog) is closed by its
                // item, as CommonMark reads it; one left open at the page's
                // end is a page cut inside a block.
                let ends_page = md[range.end..].trim().is_empty();
                code_closed = !fenced
                    || (source.lines().count() > 1
                        && (source.ends_with("```") || source.ends_with("~~~")))
                    || !ends_page;
                if !code_closed {
                    cut = Some(Cut::CodeBlock);
                }
            }
            Event::End(TagEnd::CodeBlock) => {
                in_code = false;
                if code_closed {
                    out.raw("```", line_of(range.end.saturating_sub(1)));
                }
            }
            Event::Text(text) if in_code => {
                for (i, l) in text.lines().enumerate() {
                    out.raw(l, line + 1 + i);
                }
            }
            Event::Start(Tag::TableHead | Tag::TableRow) => out.start_row(line),
            Event::End(TagEnd::TableHead) => out.end_head_row(),
            Event::End(TagEnd::TableRow) => out.end_row(),
            Event::Start(Tag::TableCell) => out.start_cell(),
            Event::End(TagEnd::TableCell) => out.end_cell(),
            Event::Start(Tag::Strong) | Event::End(TagEnd::Strong) if !out.in_row() => {
                out.text("**", line)
            }
            // "3.1, *4.0*": of a cell's versions, the one set apart (the
            // default, as ARCHER2's tables mark it).
            Event::Start(Tag::Emphasis) | Event::End(TagEnd::Emphasis) if out.in_row() => {
                out.text("*", line)
            }
            // A link in a table's cell keeps its target where the folder it
            // points to holds a digit: a link of no name ("Link",
            // "Dockerfile") names its row by it (`tables::tables`).
            Event::Start(Tag::Link { dest_url, .. })
                if out.in_row() && crate::tables::folder_of(&dest_url).is_some() =>
            {
                out.text("[", line);
                linked = Some(dest_url.to_string());
            }
            Event::End(TagEnd::Link) if linked.is_some() => {
                let target = linked.take().unwrap_or_default();
                out.text(&format!("]({target})"), line);
            }
            // A badge of the release shows its words, whatever its alt text.
            Event::Start(Tag::Image { dest_url, .. }) => {
                badge_shown = release_badge(&dest_url);
                if let Some(shown) = &badge_shown {
                    out.text(shown, line);
                }
            }
            Event::End(TagEnd::Image) => badge_shown = None,
            Event::Text(_) if badge_shown.is_some() => {}
            Event::Text(text) | Event::Code(text) => out.text(&text, line),
            Event::Start(Tag::HtmlBlock) => {
                out.flush();
                html_block = Some((line, String::new()));
            }
            Event::Html(html) => {
                if let Some((_, text)) = &mut html_block {
                    text.push_str(&html);
                }
            }
            Event::End(TagEnd::HtmlBlock) => {
                if let Some((first, html)) = html_block.take() {
                    // A comment is not shown: none of its words are the page's.
                    let html = without_comments(&html);
                    // `<img src="…/badge/Release-V5.0.1-blue.svg">`: what
                    // the badge shows.
                    for shown in html.split("src=").skip(1).filter_map(release_badge) {
                        out.line(&shown, first, false);
                    }
                    if holds_structure(&html) {
                        let (lines, headings, _) = crate::html::lines(&html)?;
                        for (n, l) in lines {
                            out.line(&l, first, headings.contains(&n));
                        }
                    } else {
                        // `<details>` around Markdown written without the
                        // blank lines that would make it Markdown: its
                        // lines as they are, tags aside.
                        for (k, l) in html.lines().enumerate() {
                            let text = without_tags(l);
                            if !text.trim().is_empty() {
                                out.line(text.trim_end(), first + k, false);
                            }
                        }
                    }
                }
            }
            // `<br>` in a table cell ("9.6.0<br>9.7.1", "Add Version
            // 2026.1<br>Default changed to …") parts its clauses; so do a
            // list's items and paragraphs written in a cell
            // (`<ul><li>HTSlib 1.23.1</li><li>Python 3.14</li></ul>`).
            Event::InlineHtml(html) if parts_clauses(&html) => {
                if out.in_row() {
                    out.part_cell();
                } else {
                    out.text(" ", line);
                }
            }
            // "Admin v0.6.92 to v0.6.112⏎Propeller v0.16.19 to v0.16.32"
            // (Flyte's changelogs): source lines that each name a component
            // and its version stay lines.
            Event::SoftBreak => {
                // A name relnotes knows, or a version of three numbers: a
                // line "Mean TPOT: 158.64" is a measure.
                let sure = |(name, version): &(String, String)| {
                    crate::names::is_alias(name) || version.matches('.').count() >= 2
                };
                let listing = out.segment().is_some_and(|s| {
                    if !s.bytes().any(|b| b.is_ascii_digit()) {
                        return false;
                    }
                    let pairs = crate::tables::key_value(s)
                        .or_else(|| crate::tables::name_version(s).map(|p| vec![p]));
                    pairs.is_some_and(|p| !p.is_empty() && p.iter().all(sure))
                });
                // "\- binutils 2.44" (a wiki's list written with escaped
                // marks): a line that starts as an item is one.
                let next_line = md[range.end..].trim_start_matches([' ', '\t']);
                let item_next = ["\\- ", "\\* ", "\\+ ", "• ", "・"]
                    .iter()
                    .any(|mark| next_line.starts_with(mark));
                if listing || item_next {
                    out.segment_apart();
                } else {
                    out.space(line);
                }
            }
            // A thematic break parts what is above from what is below (see
            // `structure::split`).
            Event::Rule => out.line(crate::lines::RULE, line, false),
            Event::HardBreak => out.block(None, line),
            _ => {}
        }
    }
    if cut.is_none() {
        let mut filled = md.lines().rev().filter(|l| !l.trim().is_empty());
        let last = filled.next().unwrap_or("");
        let above = filled.next().map(str::trim);
        cut = cut_row(last.trim(), above).or_else(|| {
            // A lone bullet as the last line: the list stopped.
            matches!(last.trim(), "-" | "*" | "+").then_some(Cut::List)
        });
    }
    let out = out.finish();
    let headings = out
        .heading_indexes
        .iter()
        .map(|i| out.lines[*i].0)
        .collect();
    Ok((out.lines, headings, cut))
}

/// A paragraph's lines as table rows, when each of its two or more lines
/// is parted by tabs into as many cells as the first.
fn tab_rows(paragraph: &str) -> Option<Vec<String>> {
    let lines: Vec<&str> = paragraph.lines().collect();
    if lines.len() < 2 {
        return None;
    }
    let rows: Vec<Vec<String>> = lines
        .iter()
        .map(|l| crate::flat::tab_cells(l))
        .collect::<Option<_>>()?;
    let width = rows[0].len();
    rows.iter()
        .all(|r| r.len() == width)
        .then(|| rows.iter().map(|r| crate::flat::row(r)).collect())
}

/// Where a paragraph's pipe table starts (the index of its head row, after
/// at least one line of prose) and how many columns it has: a head row of
/// two or more cells over a delimiter row of as many.
fn table_in_paragraph(paragraph: &str) -> Option<(usize, usize)> {
    let lines: Vec<&str> = paragraph.lines().collect();
    (1..lines.len().saturating_sub(1)).find_map(|i| {
        let width = pipe_cells(lines[i]).len();
        (width >= 2
            && lines[i].contains('|')
            && crate::tables::is_delimiter(lines[i + 1])
            && pipe_cells(lines[i + 1]).len() == width)
            .then_some((i, width))
    })
}

/// A pipe row's cells, trimmed, without the empty ends a leading and
/// trailing `|` make.
fn pipe_cells(row: &str) -> Vec<String> {
    let t = row.trim();
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = t.strip_suffix('|').unwrap_or(t);
    t.split('|').map(|c| c.trim().to_string()).collect()
}

/// Whether an HTML block holds structure the HTML reader keeps (a table, a
/// list, headings, paragraphs), not only wrappers around text.
fn holds_structure(html: &str) -> bool {
    let lower = html.to_ascii_lowercase();
    [
        "<table", "<ul", "<ol", "<li", "<h1", "<h2", "<h3", "<h4", "<pre", "<p>", "<p ",
    ]
    .iter()
    .any(|t| lower.contains(t))
}

/// A line of HTML without its tags (`<summary> CUDA 12.4.1 </summary>`).
pub(crate) fn without_tags(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_tag = false;
    for c in line.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

/// The page with each table's delimiter row as wide as its head row, when
/// one is not (`| a | b |` over `| --- | --- |  |`): GFM reads such a
/// table as a paragraph, its rows run into one line; the page's author
/// (and the site that renders it) meant a table. Lines keep their numbers.
fn repair_delimiter_rows(md: &str) -> Option<String> {
    let cells = |l: &str| {
        let t = l.trim();
        let t = t.strip_prefix('|').unwrap_or(t);
        let t = t.strip_suffix('|').unwrap_or(t);
        t.split('|').count()
    };
    // `|----+----|` (as Emacs and Org draw them): `+` joins the columns.
    let is_delimiter = |l: &str| {
        let t = l.trim();
        t.contains('-')
            && t.contains('|')
            && t.chars()
                .all(|c| matches!(c, '|' | '-' | ':' | '+') || c.is_whitespace())
    };
    let lines: Vec<&str> = md.split_inclusive('\n').collect();
    let mut changed = false;
    let mut out = String::with_capacity(md.len());
    for (i, line) in lines.iter().enumerate() {
        let head = i.checked_sub(1).map(|p| lines[p]);
        if let Some(head) = head
            && head.trim_start().starts_with('|')
            && is_delimiter(line)
            && cells(head) != cells(line)
        {
            // The delimiter's trailing empty cells are no columns.
            let width = cells(head);
            out.push('|');
            out.push_str(&" --- |".repeat(width));
            if line.ends_with('\n') {
                out.push('\n');
            }
            changed = true;
            continue;
        }
        out.push_str(line);
    }
    changed.then_some(out)
}

/// The page with MkDocs-Material's blocks (Python-Markdown extensions)
/// unfolded, when it has any: a tab (`=== "26.3"`) becomes a heading one
/// level below the last, an admonition (`!!! note "Title"`, `??? info
/// "Title"`) a heading of its title, and the content they indent by four spaces loses
/// that indent. Read as CommonMark, that content would be a code block.
/// Lines keep their numbers.
fn unfold_blocks(md: &str) -> Option<String> {
    let marker = |t: &str| {
        t.starts_with("=== \"")
            || t.starts_with("===+ \"")
            || t.starts_with("!!! ")
            || t.starts_with("??? ")
            || t.starts_with("???+ ")
    };
    if !md.lines().any(|l| marker(l.trim_start())) {
        return None;
    }
    let indent_of = |l: &str| l.chars().take_while(|c| *c == ' ').count();
    let mut out = String::with_capacity(md.len());
    // The indent of each open block's content.
    let mut open: Vec<usize> = Vec::new();
    let mut last_level = 1;
    let mut in_fence = false;
    for line in md.split_inclusive('\n') {
        let body = line.trim_end_matches(['\n', '\r']);
        let indent = indent_of(body);
        if !body.trim().is_empty() {
            while open.last().is_some_and(|&content| indent < content) {
                open.pop();
            }
        }
        let cut = open.last().copied().unwrap_or(0).min(indent);
        let text = &body[cut..];
        let t = text.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            in_fence = !in_fence;
        }
        let unfolded = if in_fence || !marker(t) {
            if !in_fence && t.starts_with('#') {
                last_level = t.chars().take_while(|c| *c == '#').count();
            }
            text.to_string()
        } else {
            open.push(indent + 4);
            let title = t
                .split_once('"')
                .map(|(_, rest)| rest.trim_end().trim_end_matches('"'));
            match (t.starts_with("==="), title) {
                (true, Some(label)) => format!("{} {label}", "#".repeat((last_level + 1).min(6))),
                // A heading of its own (the deepest, below any tab's): a
                // title is no sentence of the text after it.
                (false, Some(title)) if !title.is_empty() => format!("###### {title}"),
                _ => String::new(),
            }
        };
        out.push_str(&unfolded);
        out.push_str(&line[body.len()..]);
    }
    Some(out)
}

/// The page with each closing tag alone on its line (`</details>`) that a
/// heading follows at once blanked: in CommonMark the tag opens a block of
/// HTML running to the next blank line, which would take the heading as
/// HTML text ("</details>" over "### 2.6.0", a README of collapsed image
/// tables); the page's author meant a heading. Lines keep their numbers.
fn headings_after_closing_tags(md: &str) -> Option<String> {
    let lines: Vec<&str> = md.split_inclusive('\n').collect();
    let is_closing_tag = |line: &str| {
        let t = line.trim();
        t.strip_prefix("</")
            .and_then(|rest| rest.strip_suffix('>'))
            .is_some_and(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()))
    };
    let is_heading = |line: &str| {
        let t = line.trim_start_matches(' ');
        let marks = t.len() - t.trim_start_matches('#').len();
        (1..=6).contains(&marks) && t[marks..].starts_with(' ')
    };
    let mut in_fence = false;
    let mut changed = false;
    let mut out = String::with_capacity(md.len());
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            in_fence = !in_fence;
        }
        if !in_fence
            && is_closing_tag(line)
            && lines.get(i + 1).is_some_and(|next| is_heading(next))
        {
            out.push_str(if line.ends_with('\n') { "\n" } else { "" });
            changed = true;
        } else {
            out.push_str(line);
        }
    }
    changed.then_some(out)
}

/// The page with a space after the `#` marks of each line that glues them
/// to a release ("##8.1.12(2024-10-10)", WTM's changelog), when two lines
/// or more do: headings as Markdown was written before CommonMark asked
/// for the space, and as the page's author meant them. Lines keep their
/// numbers.
fn space_glued_headings(md: &str) -> Option<String> {
    let glued_at = |line: &str| {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let body = &line[indent..];
        let marks = body.len() - body.trim_start_matches('#').len();
        let rest = &body[marks..];
        let release = rest.trim_start_matches(['v', 'V']);
        (indent <= 3
            && (1..=6).contains(&marks)
            && release.starts_with(|c: char| c.is_ascii_digit())
            && names_a_version(rest.split(['(', '（']).next().unwrap_or(rest)))
        .then_some(indent + marks)
    };
    let mut in_fence = false;
    let mut glued = Vec::new();
    for (i, line) in md.split_inclusive('\n').enumerate() {
        let t = line.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            in_fence = !in_fence;
        } else if !in_fence && let Some(at) = glued_at(line) {
            glued.push((i, at));
        }
    }
    if glued.len() < 2 {
        return None;
    }
    let mut out = String::with_capacity(md.len() + glued.len());
    let mut next = glued.iter().peekable();
    for (i, line) in md.split_inclusive('\n').enumerate() {
        match next.peek() {
            Some(&&(at_line, at)) if at_line == i => {
                out.push_str(&line[..at]);
                out.push(' ');
                out.push_str(&line[at..]);
                next.next();
            }
            _ => out.push_str(line),
        }
    }
    Some(out)
}

/// Lines opened by a heading mark (`■　2022/05/14`, a Japanese text page
/// read as Markdown for its fences), when two lines or more are: headings,
/// as a text page's reader takes them. Lines keep their numbers.
fn marked_headings(md: &str) -> Option<String> {
    let mut in_fence = false;
    let mut marked = Vec::new();
    for (i, line) in md.lines().enumerate() {
        let t = line.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            in_fence = !in_fence;
        } else if !in_fence && crate::lines::marked_heading(line).is_some() {
            marked.push(i);
        }
    }
    if marked.len() < 2 {
        return None;
    }
    let mut out = String::with_capacity(md.len() + marked.len() * 3);
    for (i, line) in md.split_inclusive('\n').enumerate() {
        match crate::lines::marked_heading(line).filter(|_| marked.contains(&i)) {
            Some(title) => {
                out.push_str("## ");
                out.push_str(title.trim_end());
                out.push('\n');
            }
            None => out.push_str(line),
        }
    }
    Some(out)
}

/// Whether a title holds a version of two numbers or more ("Spinnaker
/// Release 1.35.0", "v2.1").
fn names_a_version(title: &str) -> bool {
    title.split_whitespace().any(|w| {
        let w = w.trim_start_matches(['v', 'V']);
        w.starts_with(|c: char| c.is_ascii_digit())
            && w.split('.').filter(|n| !n.is_empty()).count() >= 2
    })
}

/// An MDX page's component tags, each alone on its line (`<Update
/// label="2026-08-11" description="v2.0.18">` … `</Update>`, Mintlify's
/// changelogs; `<Tabs>`, `<Tab title="Python">`): MDX reads what they
/// wrap as Markdown, where CommonMark would take the lines after an
/// opening tag for an HTML block. A closing tag, or an opening one
/// without a title, becomes a blank line; an opening one with a title
/// (its `label`, `title` or `description`, as the page shows them) a
/// heading of them. The lines keep their numbers.
fn component_tags_apart(md: &str) -> Option<String> {
    static OPENING: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^<[A-Z][A-Za-z0-9.]*((?:\s+[A-Za-z_:][\w:.-]*(?:=(?:\x22[^\x22]*\x22|'[^']*'|\{[^{}]*\}))?)*)\s*>$").unwrap()
    });
    static CLOSING: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"^</[A-Z][A-Za-z0-9.]*\s*>$").unwrap());
    static TITLE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r#"\b(?:label|title|description)=(?:"([^"]*)"|'([^']*)')"#).unwrap()
    });
    if !md.contains("</") {
        return None;
    }
    let mut changed = false;
    let mut out = String::with_capacity(md.len());
    let mut fenced = false;
    for line in md.split_inclusive('\n') {
        let t = line.trim();
        if t.starts_with("```") || t.starts_with("~~~") {
            fenced = !fenced;
        }
        let replaced = if fenced || !t.starts_with('<') {
            None
        } else if CLOSING.is_match(t) {
            Some(String::new())
        } else {
            OPENING.captures(t).map(|opening| {
                let titles: Vec<&str> = TITLE
                    .captures_iter(opening.get(1).map_or("", |m| m.as_str()))
                    .filter_map(|c| c.get(1).or_else(|| c.get(2)))
                    .map(|m| m.as_str().trim())
                    .filter(|v| !v.is_empty())
                    .collect();
                match titles.is_empty() {
                    true => String::new(),
                    false => format!("## {}", titles.join(" ")),
                }
            })
        };
        match replaced {
            Some(text) => {
                changed = true;
                out.push_str(&text);
                if line.ends_with('\n') {
                    out.push('\n');
                }
            }
            None => out.push_str(line),
        }
    }
    changed.then_some(out)
}

/// The page with its YAML front matter (`---` / `title: …` / `---` at its
/// start, as docs generators read it) as blank lines, when it has one: the
/// page's metadata, not its text (read as Markdown, its closing `---`
/// would make it a heading). The lines keep their numbers.
fn blank_front_matter(md: &str) -> Option<String> {
    let mut lines = md.split_inclusive('\n');
    let mut offset = 0;
    let mut open = None;
    for line in lines.by_ref() {
        offset += line.len();
        if line.trim().is_empty() {
            continue;
        }
        if line.trim_end() != "---" {
            return None;
        }
        open = Some(offset);
        break;
    }
    let start = open?;
    let mut end = start;
    let mut first = true;
    for (i, line) in lines.enumerate() {
        if i > 200 {
            return None;
        }
        end += line.len();
        let t = line.trim_end();
        if t == "---" || t == "..." {
            // The title a docs generator sets over the page, as its heading
            // when the page has none of its own ("title: Release 10.1").
            // (A `# comment` in a code block is none.)
            let mut fenced = false;
            let has_title = md[end..].lines().any(|l| {
                if l.trim_start().starts_with("```") || l.trim_start().starts_with("~~~") {
                    fenced = !fenced;
                }
                !fenced && l.starts_with("# ")
            });
            let blanked: String = md[..end]
                .split_inclusive('\n')
                .map(|line| {
                    // A title naming the release is the page's title whatever
                    // headings it has ("Spinnaker Release 1.35.0" over "#
                    // Changelog").
                    let title = line
                        .strip_prefix("title:")
                        .map(|v| v.trim().trim_matches(['"', '\'']))
                        .filter(|v| !v.is_empty() && (!has_title || names_a_version(v)));
                    match (title, front_matter_component(line)) {
                        (Some(title), _) => format!("# {}\n", spaced_title(title)),
                        (None, Some((name, version))) => format!("- {name}: {version}\n"),
                        (None, None) => line
                            .chars()
                            .map(|c| if c == '\n' { '\n' } else { ' ' })
                            .collect(),
                    }
                })
                .collect();
            return Some(blanked + &md[end..]);
        }
        // YAML's first line is a key.
        if first && !t.trim().is_empty() {
            let key = t.split_once(':')?.0;
            if key.is_empty() || key.contains(' ') {
                return None;
            }
            first = false;
        }
    }
    None
}

/// A title of one word naming a module and its release as a package
/// archive does ("Python-3.6.7-foss-2018b", an EasyBuild module's page):
/// the name and the release apart, as a heading names them.
fn spaced_title(title: &str) -> String {
    if !title.contains(char::is_whitespace)
        && let Some((name, release)) = crate::tags::dashed(title)
        && model::is_release_version(release)
        && name.chars().all(|c| c.is_ascii_alphabetic())
        && release.contains('.')
    {
        return format!("{name} {release}");
    }
    title.to_string()
}

/// A front matter key naming a component's version and its value
/// (`gcc_version: "13.2.1"`, `pythonVersion: 3.11`, as a Jekyll post
/// states what a release bundles): the key's last word a version head
/// (`[components] version_heads`), the words before it the name.
fn front_matter_component(line: &str) -> Option<(String, String)> {
    let (key, value) = line.split_once(':')?;
    if key.starts_with([' ', '\t']) {
        return None;
    }
    let value = value.trim().trim_matches(['"', '\'']).trim();
    let split = key
        .rfind(['_', '-'])
        .map(|at| (&key[..at], &key[at + 1..]))
        .or_else(|| {
            // camelCase: `pythonVersion`.
            let at = key.rfind(|c: char| c.is_ascii_uppercase())?;
            (at > 0).then(|| (&key[..at], &key[at..]))
        })?;
    let (name, word) = split;
    let is_version_word = words::each()
        .flat_map(|w| &w.components.version_heads)
        .any(|h| h.eq_ignore_ascii_case(word));
    (is_version_word
        && !name.is_empty()
        && value.starts_with(|c: char| c.is_ascii_digit())
        && crate::tables::looks_like_version(value))
    .then(|| (name.replace(['_', '-'], " "), value.to_string()))
}

/// The characters that may open or close an inline element or a table
/// cell: emphasis, code, links, HTML, entities, escapes.
const MARKS: &[u8] = b"*_~`[]!<&\\|";

/// How deep a line sits in lists and quotes, at most: a level for each
/// `>` and list marker it starts with, and for each two columns of
/// indentation (a nested item is indented under its parent's text).
fn nesting(line: &str) -> usize {
    let mut marks = 0;
    let mut columns = 0;
    let mut rest = line;
    loop {
        let after_digits = rest.trim_start_matches(|c: char| c.is_ascii_digit());
        let ordered = after_digits.len() < rest.len() && after_digits.starts_with(['.', ')']);
        let mut chars = rest.chars();
        let next = chars.next();
        let then = chars.next();
        let marker_ends = |c: Option<char>| c.is_none_or(|c| c == ' ' || c == '\t');
        rest = match next {
            Some(' ') => {
                columns += 1;
                &rest[1..]
            }
            Some('\t') => {
                columns += 4;
                &rest[1..]
            }
            Some('>') => {
                marks += 1;
                &rest[1..]
            }
            Some('-' | '*' | '+') if marker_ends(then) => {
                marks += 1;
                &rest[1..]
            }
            Some(_) if ordered && marker_ends(after_digits[1..].chars().next()) => {
                marks += 1;
                &after_digits[1..]
            }
            _ => break,
        };
    }
    marks + columns / 2
}

/// `html` with its comments blanked, their line breaks kept so that the
/// lines after them keep their numbers.
fn without_comments(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find("<!--") {
        out.push_str(&rest[..open]);
        let inner = &rest[open + 4..];
        let (comment, after) = match inner.find("-->") {
            Some(end) => (&inner[..end], &inner[end + 3..]),
            None => (inner, ""),
        };
        out.extend(comment.chars().filter(|&c| c == '\n'));
        rest = after;
    }
    out.push_str(rest);
    out
}

/// Whether an inline tag ends a clause: a line break, or the start or end
/// of a list item, paragraph or division.
fn parts_clauses(html: &str) -> bool {
    let tag = html
        .trim_start()
        .trim_start_matches('<')
        .trim_start_matches('/');
    let name: String = tag
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    matches!(name.as_str(), "br" | "li" | "p" | "div")
}

/// A README's badge of its release (`img.shields.io/badge/Release-V5.0.1-blue.svg`,
/// SpringBlade's): a static badge whose label is a word for a version
/// (`[version] before_number`) and whose message is a release; the text
/// the badge shows ("Release V5.0.1"), as a reader sees it.
fn release_badge(address: &str) -> Option<String> {
    const BADGE: &str = "img.shields.io/badge/";
    let at = address.find(BADGE)?;
    let path = &address[at + BADGE.len()..];
    // In a quoted attribute (`<img src="…/badge/MySQL 8.0.31-4479A1">`)
    // only its quote ends the address.
    let quoted = address.trim_start().starts_with(['"', '\'']);
    let end = if quoted {
        path.find(['?', '"', '\'', '>'])
    } else {
        path.find(['?', '"', '\'', ')', ' ', '>'])
    }
    .unwrap_or(path.len());
    let path = path[..end].trim_end_matches(".svg");
    // Shields' escapes: `--` a dash, `__` an underscore, `_` a space.
    let parts: Vec<String> = path
        .replace("--", "\u{1}")
        .split('-')
        .map(|p| {
            let shown = p
                .replace('\u{1}', "-")
                .replace("__", "\u{2}")
                .replace('_', " ");
            percent_encoding::percent_decode_str(&shown)
                .decode_utf8_lossy()
                .replace('\u{2}', "_")
        })
        .collect();
    let (label, message) = match parts.as_slice() {
        [label, message, _color] => (label.trim(), message.trim()),
        // `badge/Spring Boot_2.7.8-6DB33F` (a stack's badges): one text, a
        // name and its version, as the badge shows it.
        [text, _color] => return named_version(text.trim()).then(|| text.trim().to_string()),
        _ => return None,
    };
    let version_word =
        |word: &str| words::each().any(|w| w.version.before_number.contains(&word.to_lowercase()));
    // `badge/6.5-version-orange` (ROCm-AI-Installer's): the two swapped,
    // read as the word and then the release.
    let (label, message) = if version_word(message) && !version_word(label) {
        (message, label)
    } else {
        (label, message)
    };
    let labelled = version_word(label);
    let version = match message.strip_prefix(['V', 'v']) {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => rest,
        _ => message,
    };
    (labelled
        && version.contains('.')
        && version.starts_with(|c: char| c.is_ascii_digit())
        && model::is_release_version(version))
    .then(|| format!("{label} {message}"))
}

/// "Spring Boot 2.7.8", "Node.js 18.12.1": a few words of a name, then a
/// version of numbers and dots.
fn named_version(text: &str) -> bool {
    let Some((name, version)) = text.rsplit_once(' ') else {
        return false;
    };
    name.starts_with(|c: char| c.is_alphabetic())
        && name.split_whitespace().count() <= 3
        && version.contains('.')
        && version
            .split('.')
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_footnote_reference_is_no_word_of_its_line() {
        // GEOS's software stacks: "- CUDA (via `nvhpc`): 12.2 [^2] (via …)".
        let md =
            "- CUDA (via `nvhpc`): 12.2 [^2] (via a module)\n\n[^2]: `nvhpc` ships its own MPI.\n";
        let lines = texts(md);
        assert_eq!(lines[0], "- CUDA (via nvhpc): 12.2 (via a module)");
        assert!(lines.iter().any(|l| l.contains("ships its own MPI")));
    }

    #[test]
    fn source_lines_naming_components_stay_lines() {
        let md = "Engine Version\nvLLM: v0.11.0\nAdmin v0.6.92 to v0.6.112\nMean TPOT: 158.64\nand prose.";
        assert_eq!(
            texts(md),
            [
                "Engine Version",
                "vLLM: v0.11.0",
                "Admin v0.6.92 to v0.6.112",
                "Mean TPOT: 158.64 and prose."
            ]
        );
    }

    #[test]
    fn a_cells_link_to_a_numbered_folder_keeps_its_target() {
        // kaka-lin's image tables: "Dockerfile | [Link](…/cuda10.2-tf2.1.0-devel)".
        let md = "| Python | Dockerfile | Docs |\n|-|-|-|\n| 3.6 | [Link](https://x.io/tree/master/cuda10.2-tf2.1.0-devel) | [guide](https://x.io/guide) |\n";
        assert_eq!(
            texts(md)[2],
            "| 3.6 | [Link](https://x.io/tree/master/cuda10.2-tf2.1.0-devel) | guide |"
        );
        // Outside a table a link is its text.
        assert_eq!(texts("See [Link](https://x.io/v2.1.0).")[0], "See Link.");
    }

    #[test]
    fn lines_written_as_escaped_items_stay_lines() {
        // A wiki's list (OpenMandriva's changelog): `\-` shows a dash.
        let md = "\\- Kernel 6.14.2 built with clang\n\\- binutils 2.44\n\\- Java 24\nand prose.";
        assert_eq!(
            texts(md),
            [
                "- Kernel 6.14.2 built with clang",
                "- binutils 2.44",
                "- Java 24 and prose."
            ]
        );
    }

    #[test]
    fn an_mdx_pages_components_wrap_markdown() {
        // Mintlify's changelogs: a release in an `<Update>` component, its
        // title in attributes (Mem0's) or a heading inside (CrewAI's).
        let md = "<Tabs>\n<Tab title=\"Python\">\n\n<Update label=\"2026-08-11\" description=\"v2.0.18\">\n\n\
                  - Bumped protobuf to 5.29.6\n\n</Update>\n<Update label=\"2026-08-10\">\n  ## v1.15.17\n\n  - 기능\n</Update>\n</Tab>\n</Tabs>\n";
        let read = lines(md).unwrap();
        let texts: Vec<&str> = read.0.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            texts,
            [
                "## Python",
                "## 2026-08-11 v2.0.18",
                "- Bumped protobuf to 5.29.6",
                "## 2026-08-10",
                "## v1.15.17",
                "- 기능"
            ]
        );
        // The lines keep their numbers.
        assert_eq!(read.0[2].0, 6);
        // A component written in a code block stays code.
        let code = "```\n<Update label=\"x\">\n```\n";
        assert!(component_tags_apart(code).is_none());
    }

    #[test]
    fn a_release_badge_shows_its_words() {
        let md = "![Downloads](https://img.shields.io/badge/Release-V5.0.1-blue.svg) ![License](https://img.shields.io/badge/Spring%20Boot-4.1-blue.svg)\n\n\
                  <p align=\"center\">\n  <img src=\"https://img.shields.io/badge/version-2.0.3-green\" alt=\"x\">\n</p>\n";
        let texts = texts(md);
        assert_eq!(texts[0], "Release V5.0.1 License");
        assert!(texts.iter().any(|t| t == "version 2.0.3"), "{texts:?}");
        assert_eq!(
            release_badge("https://img.shields.io/badge/Release--Candidate-1.2.3-blue"),
            None
        );
        // A stack's badge: a name and its version, one text.
        assert_eq!(
            release_badge(
                "https://img.shields.io/badge/Spring_Boot_2.7.8-6DB33F?style=for-the-badge"
            )
            .as_deref(),
            Some("Spring Boot 2.7.8")
        );
        assert_eq!(
            release_badge("https://img.shields.io/badge/Figma-F24E1E"),
            None
        );
        // The release first, its word after it.
        assert_eq!(
            release_badge("https://img.shields.io/badge/6.5-version-orange.svg").as_deref(),
            Some("version 6.5")
        );
    }

    #[test]
    fn a_list_written_in_a_cell_parts_its_items() {
        assert_eq!(
            texts(
                "| Container | Tools |\n|---|---|\n| base | <ul><li>[HTSlib 1.23.1](u)</li><li>Python 3.14</li></ul> |\n| one | <p>1.3.0</p> |\n"
            ),
            [
                "| Container | Tools |",
                "|---|---|",
                "| base | HTSlib 1.23.1; Python 3.14 |",
                "| one | 1.3.0 |"
            ]
        );
    }

    #[test]
    fn a_delimiter_row_joined_by_plus_signs_heads_a_table() {
        let lines = texts(
            "| Component | Version |\n|-----------+---------|\n| felix | v1.4.6 |\n| libcalico | v0.18.0 |\n",
        );
        assert_eq!(lines.len(), 4, "{lines:?}");
        assert_eq!(lines[2], "| felix | v1.4.6 |");
    }

    #[test]
    fn a_table_under_a_line_of_prose_is_a_table() {
        let md = "## SDK\n\nInstalled packages:\n  Path | Version | Description\n  ------- | ------- | -------\n  \
                  cmake;3.22.1 | 3.22.1 | CMake 3.22.1\n  emulator | 35.5.8 | Android Emulator\n{{< /collapsible >}}\n";
        assert_eq!(
            texts(md),
            [
                "## SDK",
                "Installed packages:",
                "| Path | Version | Description |",
                "|---|---|---|",
                "| cmake;3.22.1 | 3.22.1 | CMake 3.22.1 |",
                "| emulator | 35.5.8 | Android Emulator |",
                "{{< /collapsible >}}"
            ]
        );
        assert_eq!(lines(md).unwrap().0[3].0, 5);
        // A paragraph whose lines hold pipes but no delimiter row is prose.
        assert_eq!(texts("a | b\nc | d\n"), ["a | b c | d"]);
    }

    #[test]
    fn comments_are_no_text_of_the_page() {
        assert_eq!(without_comments("a<!-- b\nc -->d\n<!--e-->f"), "a\nd\nf");
        assert_eq!(without_comments("a <!-- open"), "a ");
    }

    #[test]
    fn a_front_matter_title_naming_the_release_is_the_title() {
        let (lines, _, _) =
            super::lines("---\ntitle: Spinnaker Release 1.35.0\n---\n# Changelog\n\nText.\n")
                .unwrap();
        assert_eq!(lines[0].1, "# Spinnaker Release 1.35.0");
        let (lines, _, _) = super::lines("---\ntitle: About us\n---\n# Changelog\n").unwrap();
        assert_eq!(lines[0].1, "# Changelog");
        // An EasyBuild module's page (FredHutch's): its name and release.
        let (lines, _, _) =
            super::lines("---\ntitle: Python-3.6.7-foss-2018b\n---\n### Package List\n").unwrap();
        assert_eq!(lines[0].1, "# Python 3.6.7-foss-2018b");
    }

    #[test]
    fn a_heading_right_after_a_closing_tag_is_a_heading() {
        let (lines, _, _) = super::lines(
            "### 2.7.0\n<details>\n\n| a | b |\n|--|--|\n| x | 1.0 |\n\n</details>\n### 2.6.0\n\nText.\n",
        )
        .unwrap();
        assert!(
            lines.iter().any(|(n, l)| *n == 9 && l == "### 2.6.0"),
            "{lines:?}"
        );
    }

    #[test]
    fn front_matter_keys_naming_versions_are_components() {
        let (lines, _, _) = super::lines(
            "---\ntitle: Toolchain v13.2.1-1.1 released\ngcc_version: \"13.2.1\"\npythonVersion: 3.11.4\nversion: \"13.2.1-1.1\"\ndate: 2023-11-09 12:24:22 +0200\nnpm_version: latest\n---\nText.\n",
        )
        .unwrap();
        let kept: Vec<&str> = lines.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            kept,
            [
                "# Toolchain v13.2.1-1.1 released",
                "- gcc: 13.2.1",
                "- python: 3.11.4",
                "Text."
            ]
        );
    }

    #[test]
    fn front_matter_is_no_text() {
        let (lines, headings, _) =
            super::lines("\n---\ntitle: A\nms.date: 05/13/2024\n---\n# Notes 1.2\n\nText.\n")
                .unwrap();
        assert_eq!(
            lines,
            [(6, "# Notes 1.2".to_string()), (8, "Text.".to_string())]
        );
        assert_eq!(headings.len(), 1);
        // A page without a heading of its own is headed by its title.
        let (lines, headings, _) =
            super::lines("---\ntitle: Release 10.1\ntags:\n  - 10.1\n---\n\n## Rocky Linux 10.1\n")
                .unwrap();
        assert_eq!(
            lines,
            [
                (2, "# Release 10.1".to_string()),
                (7, "## Rocky Linux 10.1".to_string())
            ]
        );
        assert_eq!(headings.len(), 2);
        // A rule after text is no front matter: a rule.
        let (lines, _, _) = super::lines("Intro\n\n---\n\nkey: value\n").unwrap();
        let lines: Vec<&str> = lines.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(lines, ["Intro", "---", "key: value"]);
    }

    fn texts(md: &str) -> Vec<String> {
        let lines = lines(md).unwrap().0.into_iter().map(|(_, l)| l);
        lines.filter(|l| !l.is_empty()).collect()
    }

    #[test]
    fn lines_opened_by_a_heading_mark_head_their_parts() {
        let md = "History\n\n■　2022/05/14\n\n- fixed\n\n■ 2022/05/13\n\n```\ncode\n```\n";
        let read = lines(md).unwrap();
        let headed: Vec<&str> = read
            .0
            .iter()
            .filter(|(n, _)| read.1.contains(n))
            .map(|(_, l)| l.as_str())
            .collect();
        assert_eq!(headed, ["## 2022/05/14", "## 2022/05/13"]);
    }

    #[test]
    fn marks_glued_to_releases_head_them() {
        // WTM's changelog, written before CommonMark asked for a space.
        let md = "# Log\n\n##8.1.12(2024-10-10)\n* a\n\n##8.1.10(2024-7-15)\n* b\n\n```\n#1.2 kept\n```\n";
        let spaced = space_glued_headings(md).unwrap();
        assert!(spaced.contains("## 8.1.12(2024-10-10)\n"), "{spaced}");
        assert!(spaced.contains("## 8.1.10(2024-7-15)\n"), "{spaced}");
        assert!(spaced.contains("#1.2 kept"), "{spaced}");
        // One such line alone, or an issue's number, is no heading.
        assert_eq!(space_glued_headings("#123 fixed\n\n#2.0 once\n"), None);
    }

    #[test]
    fn a_bold_name_and_version_heading_an_item_keeps_its_marks() {
        assert_eq!(
            texts(
                "- **PHP 8.3** 模块流\n- **Mooncake**: 0.3.11\n- **Redis 7**: cache\n- **LiteRT-LM 0.11.0**: MTP\n"
            ),
            [
                "- **PHP 8.3** 模块流",
                "- Mooncake: 0.3.11",
                "- Redis 7: cache",
                "- **LiteRT-LM 0.11.0**: MTP"
            ]
        );
    }

    #[test]
    fn blocks_become_normalized_lines() {
        let md = "# T 9.2\n\n## Core Packages\n\n| Package | Version |\n| --- | --- |\n| Python | 3.12.8 |\n\n\
                  - one\n  wrapped\n\n  - inner\n\n- **bold** two\n\n-\n\n**Bug fixes**\n\n```\n\nx.io/a:1\n```\n";
        assert_eq!(
            texts(md),
            [
                "# T 9.2",
                "## Core Packages",
                "| Package | Version |",
                "|---|---|",
                "| Python | 3.12.8 |",
                "- one wrapped",
                "  - inner",
                "- bold two",
                "-",
                "**Bug fixes**",
                "```",
                "x.io/a:1",
                "```"
            ]
        );
        assert_eq!(lines(md).unwrap().0[4].0, 7);
        assert_eq!(lines(md).unwrap().2, None);
        assert_eq!(lines(md).unwrap().1.into_iter().collect::<Vec<_>>(), [1, 3]);
    }

    #[test]
    fn cut_pages_are_seen() {
        assert_eq!(
            lines("## A\n\n```\nx.io/a:1\n").unwrap().2,
            Some(Cut::CodeBlock)
        );
        // A fence left open in a list item ends with its item: no cut, and
        // the heading after it is one.
        let (l, headings, cut) = lines("## B\n\n- a\n  - ```asm\n- b\n\n## A\n\n- c\n").unwrap();
        assert_eq!(cut, None);
        assert_eq!(l.iter().filter(|(_, t)| t == "```").count(), 2, "{l:?}");
        assert!(headings.contains(&7), "{headings:?}");
        let (l, _, cut) = lines("## A\n\n| a | b |\n|---|---|\n| c | 1.").unwrap();
        assert_eq!(cut, Some(Cut::Table));
        assert_eq!(l.last().unwrap().1, "| c | 1. |");
        assert_eq!(lines("## A\n\n- one\n-\n").unwrap().2, Some(Cut::List));
    }

    #[test]
    fn nesting_is_counted_before_the_parse() {
        assert_eq!(nesting("plain text"), 0);
        assert_eq!(nesting("- a"), 1);
        // Marks, and the spaces between them: at most, not at least.
        assert_eq!(nesting("> > - 1. x"), 6);
        assert_eq!(nesting("    - nested"), 3);
        assert_eq!(nesting("25.10 is a version, not an item"), 0);
        assert_eq!(nesting("---"), 0);
        let quotes = format!("## A\n\n{}x\n", "> ".repeat(MAX_NESTING + 1));
        assert_eq!(
            lines(&quotes).err(),
            Some(Overflow::Nesting("lists and quotes"))
        );
        let indented: String = (0..300)
            .map(|i| format!("{}- x\n", "  ".repeat(i)))
            .collect();
        assert!(lines(&indented).is_err());
        let within = format!("## A\n\n{}x\n", "> ".repeat(MAX_NESTING / 2));
        assert!(lines(&within).is_ok());
    }

    #[test]
    fn marks_past_the_bound_are_refused() {
        let page = format!("## A\n\n- {}\n", "*a* ".repeat(MAX_MARKDOWN_MARKS / 2 + 1));
        assert_eq!(lines(&page).err(), Some(Overflow::Marks));
    }
}
