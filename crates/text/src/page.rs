//! A page as normalized lines, whatever its format: headings as `## x`,
//! table rows as `| a | b |`, list items as `- x`, code as fenced blocks,
//! the rest as text. Plain text is kept as it is (its bullets become `- `);
//! Markdown is read with pulldown-cmark ([`super::markdown`]), HTML with
//! html5ever ([`super::html`]).

use std::collections::BTreeSet;
use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PageKind {
    Text,
    Markdown,
    Html,
}

impl PageKind {
    /// By extension (`.html`, `.md`), else by a look at the content: a
    /// `.txt` copy of a Markdown page is Markdown.
    pub fn detect(path: &Path, content: &str) -> PageKind {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("html" | "htm" | "xhtml") => return PageKind::Html,
            Some("md" | "markdown") => return PageKind::Markdown,
            _ => {}
        }
        let head = content.trim_start().to_ascii_lowercase();
        if head.starts_with("<!doctype html")
            || head.starts_with("<html")
            || ["</p>", "</h1>", "</h2>", "</table>", "</li>", "</div>"]
                .iter()
                .any(|tag| head.contains(tag))
        {
            PageKind::Html
        } else if looks_like_markdown(content) {
            PageKind::Markdown
        } else {
            PageKind::Text
        }
    }
}

/// Markdown's own marks: a second-level heading, a table's delimiter row,
/// a fence or a link. A lone `# ` line is no proof: text pages hold shell
/// comments.
fn looks_like_markdown(content: &str) -> bool {
    content.lines().any(|l| {
        let l = l.trim_start();
        (l.starts_with("##") && l.trim_start_matches('#').starts_with(' '))
            || (l.starts_with('|') && l.contains("---"))
            || l.starts_with("```")
            || l.contains("](http")
    })
}

/// Where a page looks cut short, seen in its source (the parsers close
/// what the page left open).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cut {
    Table,
    List,
    CodeBlock,
}

impl Cut {
    pub fn what(self) -> &'static str {
        match self {
            Cut::Table => "inside a table",
            Cut::List => "inside a list",
            Cut::CodeBlock => "inside a code block (no closing fence)",
        }
    }
}

/// A page's lines, numbered (1-based line of the source for text and
/// Markdown; position in the page's text for HTML).
#[derive(Debug, Clone)]
pub struct Page {
    pub kind: PageKind,
    pub lines: Vec<(usize, String)>,
    /// Numbers of the lines the markup marks as headings (`<h2>`, `## `);
    /// other `#` lines are text (a shell comment in a paragraph).
    pub headings: BTreeSet<usize>,
    pub cut: Option<Cut>,
}

/// A reader's answer: lines, the numbers of heading lines, where it is cut.
pub(super) type Read = (Vec<(usize, String)>, BTreeSet<usize>, Option<Cut>);

impl Page {
    pub fn read(kind: PageKind, content: &str) -> Page {
        let (lines, headings, cut) = match kind {
            PageKind::Text => text_lines(content),
            PageKind::Markdown => super::markdown::lines(content),
            PageKind::Html => super::html::lines(content),
        };
        let lines = lines
            .into_iter()
            .map(|(n, l)| (n, l.replace('\u{a0}', " ").trim_end().to_string()))
            .filter(|(_, l)| !l.trim().is_empty())
            .collect();
        Page {
            kind,
            lines,
            headings,
            cut,
        }
    }
}

/// Text as it is, trimmed; `•`, `·`, `*` and `+` bullets become `- `.
fn text_lines(content: &str) -> Read {
    let mut lines = Vec::new();
    let mut fences = 0;
    for (i, raw) in content.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with("```") || line.starts_with("~~~") {
            fences += 1;
        }
        let line = match line.strip_prefix(['•', '·', '*', '+', '●', '▪']) {
            Some(rest) if rest.starts_with(' ') || rest.is_empty() => {
                format!("- {}", rest.trim())
            }
            _ => line.to_string(),
        };
        lines.push((i + 1, line));
    }
    let last = content.lines().rev().find(|l| !l.trim().is_empty());
    let cut = if fences % 2 == 1 {
        Some(Cut::CodeBlock)
    } else {
        last.and_then(|l| cut_row(l.trim()))
    };
    (lines, BTreeSet::new(), cut)
}

/// A last source line that is a table row without its closing `|`.
pub(super) fn cut_row(last: &str) -> Option<Cut> {
    (last.contains(" | ") && !last.ends_with('|')).then_some(Cut::Table)
}

/// Builds normalized lines from a parser's events: block starts and ends,
/// text, table cells and code.
#[derive(Default)]
pub(super) struct LineWriter {
    pub lines: Vec<(usize, String)>,
    /// Indexes in `lines` of heading lines.
    pub heading_indexes: Vec<usize>,
    buf: String,
    buf_line: usize,
    prefix: Option<String>,
    row: Option<Vec<String>>,
    cell: Option<String>,
    /// How many lists the current item is in.
    depth: usize,
}

impl LineWriter {
    /// Inline text at source line `line`.
    pub fn text(&mut self, text: &str, line: usize) {
        if let Some(cell) = &mut self.cell {
            cell.push_str(text);
        } else if self.row.is_none() {
            if self.buf.trim().is_empty() {
                self.buf_line = line;
            }
            self.buf.push_str(text);
        }
    }

    /// A soft break: a space, unless one is there.
    pub fn space(&mut self, line: usize) {
        if !self.buf.ends_with(' ') {
            self.text(" ", line);
        }
    }

    /// Ends the current line; a line that is one bold span keeps its `**`
    /// (a bold line may be a heading), elsewhere the marks go.
    pub fn flush(&mut self) {
        let collapsed = self.buf.split_whitespace().collect::<Vec<_>>().join(" ");
        self.buf.clear();
        let whole_bold = self.prefix.is_none()
            && collapsed.len() > 4
            && collapsed.starts_with("**")
            && collapsed.ends_with("**")
            && !collapsed[2..collapsed.len() - 2].contains("**");
        let text = if whole_bold {
            collapsed
        } else {
            collapsed.replace("**", "").trim().to_string()
        };
        let prefix = self.prefix.take().unwrap_or_default();
        if !text.is_empty() {
            if prefix.starts_with('#') {
                self.heading_indexes.push(self.lines.len());
            }
            self.lines.push((self.buf_line, format!("{prefix}{text}")));
        } else if prefix.trim_start().starts_with('-') {
            // An empty item is kept: a lone bullet may mark a cut list.
            self.lines.push((self.buf_line, prefix.trim_end().into()));
        }
    }

    /// A new block whose first line starts with `prefix` (`## `, `- `).
    /// A paragraph inside a list item continues the item's line.
    pub fn block(&mut self, prefix: Option<String>, line: usize) {
        if prefix.is_none() && self.prefix.is_some() && self.buf.trim().is_empty() {
            return;
        }
        self.flush();
        self.prefix = prefix;
        self.buf_line = line;
    }

    /// A list inside the current one indents its items by two spaces.
    pub fn start_list(&mut self, line: usize) {
        self.flush();
        self.buf_line = line;
        self.depth += 1;
    }

    pub fn end_list(&mut self) {
        self.flush();
        self.depth = self.depth.saturating_sub(1);
    }

    pub fn item(&mut self, line: usize) {
        let indent = "  ".repeat(self.depth.saturating_sub(1));
        self.flush();
        self.prefix = Some(format!("{indent}- "));
        self.buf_line = line;
    }

    /// A line as it is (code).
    pub fn raw(&mut self, text: &str, line: usize) {
        self.flush();
        self.lines.push((line, text.to_string()));
    }

    pub fn start_row(&mut self, line: usize) {
        self.flush();
        self.buf_line = line;
        self.row = Some(Vec::new());
    }

    pub fn start_cell(&mut self) {
        self.cell = Some(String::new());
    }

    pub fn end_cell(&mut self) {
        if let (Some(cell), Some(row)) = (self.cell.take(), &mut self.row) {
            let text = cell.split_whitespace().collect::<Vec<_>>().join(" ");
            row.push(text.replace("**", "").replace('|', "/"));
        }
    }

    /// `| a | b |`; a row of empty cells is dropped.
    pub fn end_row(&mut self) {
        self.end_cell();
        if let Some(row) = self.row.take()
            && row.iter().any(|c| !c.is_empty())
        {
            let cells: Vec<String> = row
                .iter()
                .map(|c| {
                    if c.is_empty() {
                        " ".into()
                    } else {
                        format!(" {c} ")
                    }
                })
                .collect();
            self.lines
                .push((self.buf_line, format!("|{}|", cells.join("|"))));
        }
    }

    pub fn in_row(&self) -> bool {
        self.row.is_some()
    }

    pub fn finish(mut self) -> Self {
        self.end_row();
        self.flush();
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kind_by_extension_then_content() {
        let p = Path::new;
        assert_eq!(PageKind::detect(p("a.html"), "x"), PageKind::Html);
        assert_eq!(PageKind::detect(p("a.md"), "x"), PageKind::Markdown);
        assert_eq!(
            PageKind::detect(p("a.txt"), "<html><body><p>x</p></body></html>"),
            PageKind::Html
        );
        assert_eq!(
            PageKind::detect(p("a.txt"), "# T\n\n## Core Packages\n\n| a | b |\n"),
            PageKind::Markdown
        );
        // A shell comment in a text page is no Markdown heading.
        assert_eq!(
            PageKind::detect(p("a.txt"), "Quick Start\n# run it\ndocker run x\n"),
            PageKind::Text
        );
    }

    #[test]
    fn text_bullets_and_cuts() {
        let page = Page::read(PageKind::Text, "Key Features\n  • one\n\n* two\n");
        let lines: Vec<&str> = page.lines.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(lines, ["Key Features", "- one", "- two"]);
        assert_eq!(page.lines[2].0, 4);
        assert_eq!(page.cut, None);
        let cut = Page::read(
            PageKind::Text,
            "Contents\n框架 | pytorch |\n核心组件 | torch : 2",
        );
        assert_eq!(cut.cut, Some(Cut::Table));
        let fence = Page::read(PageKind::Text, "Quick Start\n```\ndocker run x\n");
        assert_eq!(fence.cut, Some(Cut::CodeBlock));
    }
}
