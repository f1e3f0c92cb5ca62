//! Records hold no hidden controls: every key and string of a record or
//! the project file (names, versions, texts, whatever the key) is refused
//! when it holds a control character other than a line break or a tab,
//! or a bidirectional override or isolate. They would reach terminals and
//! pages raw: a window title set, a screen cleared, a line shown reordered.

use super::diagnostic::{Diagnostic, Severity};
use super::source_map::{SourceMap, push_key};
use crate::diagnostic::clip;
use crate::output::{escaped_char, first_hidden_control, terminal_safe};
use std::cell::OnceCell;
use std::fmt::Write;
use std::ops::Range;
use std::path::Path;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

const HINT: &str = "remove it: a record holds no control characters but line breaks and tabs, and no bidirectional overrides or isolates (U+202A–U+202E, U+2066–U+2069), which terminals and pages would obey";

/// The most characters of a key's path a message shows.
const PATH_CHARS: usize = 100;

/// One error per key or string of `root` that holds a hidden control,
/// at the key, or at the character itself when it is written raw (else
/// at the string holding its escape).
pub(super) fn check(root: &DeTable<'_>, file: &Path, source: &str) -> Vec<Diagnostic> {
    let mut found = Found {
        file,
        source,
        sources: OnceCell::new(),
        diagnostics: Vec::new(),
    };
    walk_table(root, &mut String::new(), &mut found);
    found.diagnostics
}

/// The diagnostics so far; the source map (a copy of the source) is made
/// for the first one only, so a clean record costs no copy.
struct Found<'a> {
    file: &'a Path,
    source: &'a str,
    sources: OnceCell<SourceMap>,
    diagnostics: Vec<Diagnostic>,
}

impl Found<'_> {
    /// An error at the first raw hidden control within `span` of the
    /// source, else (the string spells it as an escape) at the span's start.
    fn push(&mut self, span: Range<usize>, message: String) {
        let raw = self
            .source
            .get(span.clone())
            .and_then(first_hidden_control)
            .map_or(span.start, |(at, _)| span.start + at);
        let sources = self
            .sources
            .get_or_init(|| SourceMap::new(self.file, self.source));
        let diagnostic = sources
            .diagnostic_at_span(Severity::Error, Some(raw..raw), message)
            .with_hint(Some(HINT.to_string()));
        self.diagnostics.push(diagnostic);
    }
}

// The parser bounds how deep tables and arrays nest, so recursion does too.
fn walk_table(table: &DeTable<'_>, path: &mut String, found: &mut Found) {
    for (key, value) in table {
        let parent = path.len();
        push_key(path, key.get_ref());
        if let Some((_, c)) = first_hidden_control(key.get_ref()) {
            let message = format!("the key `{}` holds {}", shown_path(path), described(c));
            found.push(key.span(), message);
        }
        walk_value(value, path, found);
        path.truncate(parent);
    }
}

fn walk_value(value: &Spanned<DeValue<'_>>, path: &mut String, found: &mut Found) {
    match value.get_ref() {
        DeValue::String(text) => {
            if let Some((_, c)) = first_hidden_control(text) {
                let message = format!("`{}` holds {}", shown_path(path), described(c));
                found.push(value.span(), message);
            }
        }
        DeValue::Table(table) => walk_table(table, path, found),
        DeValue::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let parent = path.len();
                let _ = write!(path, "[{i}]");
                walk_value(item, path, found);
                path.truncate(parent);
            }
        }
        _ => {}
    }
}

/// The path as a message quotes it: escaped (a key may hold the very
/// control it is refused for) and clipped.
fn shown_path(path: &str) -> String {
    clip(&terminal_safe(path), PATH_CHARS).into_owned()
}

fn described(c: char) -> String {
    let kind = if c.is_control() {
        "the control character"
    } else {
        "the bidirectional control"
    };
    format!("{kind} `{}`", escaped_char(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(source: &str) -> Vec<String> {
        let root = DeTable::parse(source).unwrap();
        check(root.get_ref(), Path::new("r.toml"), source)
            .iter()
            .map(|d| format!("{}:{} {}", d.line, d.column, d.message))
            .collect()
    }

    #[test]
    fn every_key_and_string_is_checked_at_any_depth() {
        let source = "title = { en = \"a\\u001b]0;x\\u0007\" }\n\
                      [components]\n\
                      \"torch\\u202e\" = \"2.8\"\n\
                      nccl = \"2.27\\u0000\"\n\
                      [[features]]\n\
                      zh = \"\"\"ok\r\nline\"\"\"\n\
                      en = [[\"deep\u{9b}\"]]\n\
                      note = \"tab\tand DEL\\u007f\"\n";
        assert_eq!(
            problems(source),
            [
                "1:16 `title.en` holds the control character `\\u{1b}`",
                "3:1 the key `components.\"torch\\u{202e}\"` holds the bidirectional control `\\u{202e}`",
                "4:8 `components.nccl` holds the control character `\\u{0}`",
                "8:13 `features[0].en[0][0]` holds the control character `\\u{9b}`",
                "9:8 `features[0].note` holds the control character `\\u{7f}`",
            ]
        );
    }

    #[test]
    fn line_breaks_and_tabs_pass() {
        assert!(problems("a = \"x\\ny\\tz\\r\\n\"\nb = \"\"\"\r\nq\r\n\"\"\"\n").is_empty());
        assert_eq!(
            problems("a = \"x\\ry\"\n"),
            ["1:5 `a` holds the control character `\\u{d}`"]
        );
    }
}
