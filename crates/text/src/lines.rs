//! Lines as the page readers ([`crate::markdown`], [`crate::html`]) write
//! them: a writer of normalized lines from a parser's events, and where a
//! page looks cut short.

use crate::error::MAX_ITEMS;
use crate::words;
use std::collections::BTreeSet;

/// A thematic break (`---`, `***` in Markdown), as the page readers write
/// it: a line of its own (see `structure::split`).
pub(crate) const RULE: &str = "---";

/// Where a page looks cut short, seen in its source (the parsers close
/// what the page left open).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cut {
    Table,
    List,
    CodeBlock,
}

impl Cut {
    pub(crate) fn what(self) -> &'static str {
        match self {
            Cut::Table => "inside a table",
            Cut::List => "inside a list",
            Cut::CodeBlock => "inside a code block (no closing fence)",
        }
    }
}

/// A reader's answer: lines, the numbers of heading lines, where it is cut.
pub(crate) type Read = (Vec<(usize, String)>, BTreeSet<usize>, Option<Cut>);

/// A last source line that is a table row without its closing `|`, where
/// the row above closes its own (a table whose rows all go without one,
/// as GitHub's Markdown allows, is whole).
pub(crate) fn cut_row(last: &str, above: Option<&str>) -> Option<Cut> {
    let row = |l: &str| l.contains(" | ");
    let unclosed = row(last) && !last.ends_with('|');
    let table_closes_rows = above.is_none_or(|a| !row(a) || a.ends_with('|'));
    (unclosed && table_closes_rows).then_some(Cut::Table)
}

/// How many levels a nested list item is indented by at most: import
/// reads no deeper than the first, and a deeper page keeps its lines short.
const MAX_INDENT_LEVELS: usize = 8;

/// Builds normalized lines from a parser's events: block starts and ends,
/// text, table cells and code.
#[derive(Default)]
pub(crate) struct LineWriter {
    pub lines: Vec<(usize, String)>,
    /// Indexes in `lines` of heading lines.
    pub heading_indexes: Vec<usize>,
    buf: String,
    buf_line: usize,
    /// Where in `buf` the text after the last soft break starts, and its
    /// source line.
    segment: usize,
    segment_line: usize,
    prefix: Option<String>,
    row: Option<Vec<String>>,
    cell: Option<String>,
    /// Whether the current cell's next text starts a clause of its own.
    cell_parted: bool,
    /// How many lists the current item is in.
    depth: usize,
}

impl LineWriter {
    /// Inline text at source line `line`.
    pub(crate) fn text(&mut self, text: &str, line: usize) {
        if let Some(cell) = &mut self.cell {
            if self.cell_parted && !text.trim().is_empty() {
                cell.push_str("; ");
                self.cell_parted = false;
            }
            cell.push_str(text);
        } else if self.row.is_none() {
            if self.buf.trim().is_empty() {
                self.buf_line = line;
            }
            if self.buf.len() == self.segment {
                self.segment_line = line;
            }
            self.buf.push_str(text);
        }
    }

    /// A soft break: a space, unless one is there.
    pub(crate) fn space(&mut self, line: usize) {
        if !self.buf.ends_with(' ') {
            self.text(" ", line);
        }
        self.segment = self.buf.len();
    }

    /// Ends the current paragraph's text before its last soft break as a
    /// line, and the text after it as another.
    pub(crate) fn segment_apart(&mut self) {
        let segment = self.buf.split_off(self.segment.min(self.buf.len()));
        self.flush();
        self.buf = segment;
        self.buf_line = self.segment_line;
        self.flush();
    }

    /// The text of the current paragraph since its last soft break (a
    /// source line of it), when it is no list item's or cell's.
    pub(crate) fn segment(&self) -> Option<&str> {
        (self.prefix.is_none() && self.row.is_none() && self.cell.is_none())
            .then(|| self.buf.get(self.segment..).unwrap_or(""))
    }

    /// Ends the current line; a line that is one bold span keeps its `**`
    /// (a bold line may be a heading), elsewhere the marks go.
    pub(crate) fn flush(&mut self) {
        let collapsed = collapse_spaces(&self.buf);
        self.buf.clear();
        self.segment = 0;
        let whole_bold = self.prefix.is_none()
            && collapsed.len() > 4
            && collapsed.starts_with("**")
            && collapsed.ends_with("**")
            && !collapsed[2..collapsed.len() - 2].contains("**");
        // A list item opening with a bold span keeps that span's marks:
        // it heads the item ("- **PHP 8.3** module stream").
        // A list item opening with a name and version in bold keeps that
        // span's marks: it heads the item ("- **PHP 8.3** module stream");
        // a bold label before a colon goes as other marks do.
        let bold_head = self
            .prefix
            .as_ref()
            .is_some_and(|p| p.trim_start().starts_with('-'))
            .then(|| {
                let inner = collapsed.strip_prefix("**")?;
                let end = inner.find("**")?;
                let after = inner[end + 2..].trim_start();
                // ("- **LiteRT-LM 0.11.0**: MTP-capable …", flutter_gemma's
                // changelog: a name and version before the colon head it.)
                let versioned = inner[..end].contains(' ')
                    && inner[..end].rsplit(' ').next().is_some_and(|w| {
                        w.trim_start_matches(['v', 'V'])
                            .starts_with(|c: char| c.is_ascii_digit())
                            && w.contains('.')
                    });
                (inner[..end].bytes().any(|b| b.is_ascii_digit())
                    && !after.is_empty()
                    && (versioned || !after.starts_with([':', '：'])))
                .then_some(end + 4)
            })
            .flatten();
        let text = if whole_bold {
            collapsed
        } else if let Some(end) = bold_head {
            let (head, rest) = collapsed.split_at(end);
            format!("{head}{}", rest.replace("**", ""))
                .trim()
                .to_string()
        } else {
            collapsed.replace("**", "").trim().to_string()
        };
        let prefix = self.prefix.take().unwrap_or_default();
        if !text.is_empty() {
            let at = self.lines.len();
            if self.push((self.buf_line, format!("{prefix}{text}"))) && prefix.starts_with('#') {
                self.heading_indexes.push(at);
            }
        } else if prefix.trim_start().starts_with('-') {
            // An empty item is kept: a lone bullet may mark a cut list.
            self.push((self.buf_line, prefix.trim_end().into()));
        }
    }

    /// A new block whose first line starts with `prefix` (`## `, `- `).
    /// A paragraph inside a list item continues the item's line.
    pub(crate) fn block(&mut self, prefix: Option<String>, line: usize) {
        if prefix.is_none() && self.prefix.is_some() && self.buf.trim().is_empty() {
            return;
        }
        self.flush();
        self.prefix = prefix;
        self.buf_line = line;
    }

    /// A list inside the current one indents its items by two spaces.
    pub(crate) fn start_list(&mut self, line: usize) {
        self.flush();
        self.buf_line = line;
        self.depth += 1;
    }

    pub(crate) fn end_list(&mut self) {
        self.flush();
        self.depth = self.depth.saturating_sub(1);
    }

    pub(crate) fn item(&mut self, line: usize) {
        let indent = "  ".repeat(self.depth.saturating_sub(1).min(MAX_INDENT_LEVELS));
        self.flush();
        self.prefix = Some(format!("{indent}- "));
        self.buf_line = line;
    }

    /// One more line, up to one past [`MAX_ITEMS`]: the reader refuses
    /// a page past it, and what comes after costs nothing.
    fn push(&mut self, line: (usize, String)) -> bool {
        let room = self.lines.len() <= MAX_ITEMS;
        if room {
            self.lines.push(line);
        }
        room
    }

    /// A line another reader made (an HTML block of a Markdown page), a
    /// heading or not, at source line `line`.
    pub(crate) fn line(&mut self, text: &str, line: usize, heading: bool) {
        self.flush();
        let at = self.lines.len();
        if self.push((line, text.to_string())) && heading {
            self.heading_indexes.push(at);
        }
    }

    /// A line as it is (code).
    pub(crate) fn raw(&mut self, text: &str, line: usize) {
        self.flush();
        self.push((line, text.to_string()));
    }

    pub(crate) fn start_row(&mut self, line: usize) {
        self.flush();
        self.buf_line = line;
        self.row = Some(Vec::new());
    }

    pub(crate) fn start_cell(&mut self) {
        self.cell = Some(String::new());
        self.cell_parted = false;
    }

    pub(crate) fn end_cell(&mut self) {
        if let (Some(cell), Some(row)) = (self.cell.take(), &mut self.row) {
            let text = collapse_spaces(&cell);
            row.push(text.replace("**", "").replace('|', "/"));
        }
    }

    /// A table's head row, then the delimiter row a Markdown table writes
    /// under it: what follows is the body, whatever the head's cells hold
    /// (`Package\\PyTorch | 1.12.0 | 1.10.0`).
    pub(crate) fn end_head_row(&mut self) {
        let width = self.row.as_ref().map_or(0, Vec::len) + usize::from(self.cell.is_some());
        let before = self.lines.len();
        self.end_row();
        if self.lines.len() > before && width > 0 {
            let delimiter = format!("|{}", "---|".repeat(width));
            self.push((self.buf_line, delimiter));
        }
    }

    /// `| a | b |`; a row of empty cells is dropped.
    pub(crate) fn end_row(&mut self) {
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
            self.push((self.buf_line, format!("|{}|", cells.join("|"))));
        }
    }

    /// Parts the current cell's clauses ("9.6.0; 9.7.1"), once, and not
    /// before its first.
    pub(crate) fn part_cell(&mut self) {
        if let Some(cell) = &self.cell {
            let t = cell.trim_end();
            self.cell_parted = !t.is_empty() && !t.ends_with(';');
        }
    }

    pub(crate) fn in_row(&self) -> bool {
        self.row.is_some()
    }

    pub(crate) fn finish(mut self) -> Self {
        self.end_row();
        self.flush();
        self
    }
}

/// A Latin letter beyond ASCII (`ó`, `ã`, `ç`, `ő`, `ạ`): a letter of the
/// word it stands in ("Versión"), no other script's.
pub(crate) fn is_latin_letter(c: char) -> bool {
    c.is_alphabetic()
        && (('\u{00c0}'..='\u{024f}').contains(&c) || ('\u{1e00}'..='\u{1eff}').contains(&c))
}

/// `text` with a space wherever an ASCII letter, digit or mark meets
/// another script ("满足Ubuntu 22.04和Python 3.10" → "满足 Ubuntu 22.04 和 Python
/// 3.10"): names and versions are ASCII words of their own.
pub(crate) fn apart_from_script(text: &str) -> std::borrow::Cow<'_, str> {
    if text.is_ascii() {
        return std::borrow::Cow::Borrowed(text);
    }
    // Another script: its letters and its punctuation (`，` `：`), not
    // marks such as `®` that stand in English names.
    let script = |c: char| {
        !c.is_ascii()
            && !is_latin_letter(c)
            && (c.is_alphabetic()
                || ('\u{3000}'..='\u{303f}').contains(&c)
                || ('\u{ff00}'..='\u{ffef}').contains(&c))
    };
    let meets = |a: char, b: char| a.is_ascii_graphic() && script(b);
    let mut out = String::with_capacity(text.len() + 8);
    let mut last: Option<char> = None;
    for c in text.chars() {
        if last.is_some_and(|p| meets(p, c) || meets(c, p)) {
            out.push(' ');
        }
        out.push(c);
        last = Some(c);
    }
    std::borrow::Cow::Owned(out)
}

/// `text`'s words, one space between each.
pub(crate) fn collapse_spaces(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

/// A list's whole text saying it is empty: a dash, or a word of `none`
/// (`[page]` of `data/words/*.toml`).
pub(crate) fn is_none_word(line: &str) -> bool {
    let word = line.trim().trim_end_matches(['.', '。']).to_lowercase();
    // "-", "—", "--": a dash or a run of them stands for nothing.
    let dashes = !word.is_empty()
        && word
            .chars()
            .all(|c| matches!(c, '-' | '–' | '—' | '―' | '－'));
    dashes || words::each().any(|w| w.page.none.contains(&word))
}

/// An entry of a commit log (`- 4920ee06f feat: update Linux to
/// 6.18.39`, the hash linked or not): what a commit did on the way, no
/// feature of the release and no statement of what it holds.
pub(crate) fn is_commit_entry(line: &str) -> bool {
    let t = line.trim_start();
    let t = t
        .strip_prefix("- ")
        .or_else(|| t.strip_prefix("* "))
        .unwrap_or(t);
    let Some(first) = t.split_whitespace().next() else {
        return false;
    };
    let hash = first.trim_matches(['`', '[', ']', '(', ')']);
    (7..=40).contains(&hash.len())
        && hash
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
        && hash.bytes().any(|b| b.is_ascii_digit())
        && hash.bytes().any(|b| b.is_ascii_alphabetic())
        && t.split_whitespace().nth(1).is_some()
}

/// The message of a commit entry (`* d46286e… - Upgraded to Koi v0.5.3`,
/// `- 4920ee06f feat: update Linux`): what follows its hash and the dash
/// or colon after it.
pub(crate) fn commit_message(line: &str) -> Option<&str> {
    if !is_commit_entry(line) {
        return None;
    }
    let t = line.trim_start();
    let t = t
        .strip_prefix("- ")
        .or_else(|| t.strip_prefix("* "))
        .unwrap_or(t);
    let (_, rest) = t.split_once(char::is_whitespace)?;
    Some(rest.trim_start().trim_start_matches(['-', ':', '–']).trim())
}

/// A line that is a shell command (a code block's line, not prose).
pub(crate) fn is_command(line: &str) -> bool {
    [
        "docker ",
        "export ",
        "# ",
        "pip ",
        "ljperf ",
        "python ",
        "torchrun ",
        "kubectl ",
    ]
    .iter()
    .any(|p| line.starts_with(p))
}

/// A line that is a Dockerfile's instruction (`FROM nvidia/cuda:…`, `RUN …`).
pub(crate) fn is_dockerfile_instruction(line: &str) -> bool {
    // The instructions of the Dockerfile reference (docs.docker.com).
    const INSTRUCTIONS: [&str; 18] = [
        "FROM",
        "RUN",
        "CMD",
        "LABEL",
        "EXPOSE",
        "ENV",
        "ADD",
        "COPY",
        "ENTRYPOINT",
        "VOLUME",
        "USER",
        "WORKDIR",
        "ARG",
        "ONBUILD",
        "STOPSIGNAL",
        "HEALTHCHECK",
        "SHELL",
        "MAINTAINER",
    ];
    line.split_once(char::is_whitespace)
        .is_some_and(|(word, _)| INSTRUCTIONS.contains(&word))
}

/// Whether `lines` are a Dockerfile: its first line but comments and
/// parser directives an instruction, a `FROM` among them. One file builds
/// one image: it holds no releases to cut it into.
pub(crate) fn is_dockerfile<'a>(lines: impl IntoIterator<Item = &'a str> + Clone) -> bool {
    let first = lines
        .clone()
        .into_iter()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    first.is_some_and(|l| l.starts_with("FROM ") || l.starts_with("ARG "))
        && lines
            .into_iter()
            .any(|l| l.trim_start().starts_with("FROM "))
}

/// A page's opening that is a Dockerfile: a `FROM` among instructions.
/// What it says of itself is its leading comment (`# PP-OCR ML Backend
/// for Label Studio`), no prose of the file's lines.
pub(crate) fn dockerfile_comment<'a>(lines: &[&'a str]) -> Option<Vec<&'a str>> {
    let instructions = lines
        .iter()
        .filter(|l| is_dockerfile_instruction(l))
        .count();
    if instructions < 2 || !lines.iter().any(|l| l.starts_with("FROM ")) {
        return None;
    }
    Some(
        lines
            .iter()
            .take_while(|l| !is_dockerfile_instruction(l))
            .filter_map(|l| l.strip_prefix('#'))
            .map(str::trim)
            // Parser directives (`# syntax=docker/dockerfile:1`) and rules
            // of `#` or `-`.
            .filter(|l| {
                !l.is_empty()
                    && !l.starts_with("syntax=")
                    && !l.starts_with("escape=")
                    && l.chars().any(char::is_alphanumeric)
            })
            .collect(),
    )
}

/// A line that is a web address alone.
pub(crate) fn is_url(line: &str) -> bool {
    let l = line.trim();
    (l.starts_with("http://") || l.starts_with("https://")) && !l.contains(' ')
}

/// The title after a heading mark opening a line (`■`, `□`, `◆`, `◇`,
/// `★`, `☆`, `▼`, `▲`, `◎`) and a space, ideographic or not.
pub(crate) fn marked_heading(line: &str) -> Option<&str> {
    let rest = line.strip_prefix(['■', '□', '◆', '◇', '★', '☆', '▼', '▲', '◎'])?;
    let title = rest.trim_start_matches([' ', '\u{3000}', '\t']);
    (title.len() < rest.len() && !title.trim().is_empty()).then(|| title.trim_end())
}

#[cfg(test)]
mod tests {

    #[test]
    fn latin_letters_stay_in_their_words() {
        assert_eq!(
            super::apart_from_script("Versión del kernel 3.2"),
            "Versión del kernel 3.2"
        );
        assert_eq!(
            super::apart_from_script("atualização do Python3.8"),
            "atualização do Python3.8"
        );
        assert_eq!(
            super::apart_from_script("满足Ubuntu 22.04和Python"),
            "满足 Ubuntu 22.04 和 Python"
        );
    }

    #[test]
    fn commit_log_entries() {
        assert!(is_commit_entry("- 4920ee06f feat: update Linux to 6.18.39"));
        assert!(is_commit_entry(
            "* `0de2a61` chore: bump containerd to 2.3.2"
        ));
        for not in [
            "- 2025-01-01 release",
            "- deadbeef",
            "- facade is new",
            "- 12345678 users",
        ] {
            assert!(!is_commit_entry(not), "{not}");
        }
        assert_eq!(
            commit_message("* d46286e9e9f549b2f776f2d86e5bf01810d6998d - Upgraded to Koi v0.5.3"),
            Some("Upgraded to Koi v0.5.3")
        );
        assert_eq!(
            commit_message("- 4920ee06f feat: update Linux to 6.18.39"),
            Some("feat: update Linux to 6.18.39")
        );
        assert_eq!(commit_message("- Upgraded to Koi v0.5.3"), None);
    }
    use super::*;

    #[test]
    fn a_dockerfile_is_one_file_of_instructions() {
        assert!(is_dockerfile(
            [
                "# c",
                "ARG X=1",
                "FROM nvcr.io/nvidia/pytorch:25.04-py3",
                "RUN a"
            ]
            .into_iter()
        ));
        assert!(!is_dockerfile(
            ["# Changelog", "", "```", "FROM python:3.11", "```"].into_iter()
        ));
    }

    #[test]
    fn a_dockerfile_says_of_itself_what_its_leading_comment_says() {
        let file = [
            "# syntax=docker/dockerfile:1",
            "# PP-OCR ML Backend (GPU version)",
            "#",
            "# Uses the official PaddleX image.",
            "FROM python:3.11-slim",
            "# install",
            "RUN pip install x==1.0",
        ];
        assert_eq!(
            dockerfile_comment(&file),
            Some(vec![
                "PP-OCR ML Backend (GPU version)",
                "Uses the official PaddleX image."
            ])
        );
        assert_eq!(
            dockerfile_comment(&["FROM the start, RUN was", "a word"]),
            None
        );
    }

    #[test]
    fn ascii_words_stand_apart_from_another_script() {
        assert_eq!(
            apart_from_script("满足Ubuntu 22.04和Python 3.10，推荐`transformers==4.37.2`，因为"),
            "满足 Ubuntu 22.04 和 Python 3.10 ，推荐 `transformers==4.37.2` ，因为"
        );
        assert_eq!(apart_from_script("Intel® Extension"), "Intel® Extension");
    }
}
