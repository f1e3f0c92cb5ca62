//! Where things stand in a record's source: a side table from TOML paths
//! (`driver.min`, `features[2]`, `arch.amd64.components.triton`) to byte
//! spans, built from the same parse as the record. Only diagnostics use
//! it; the model itself carries no positions.

use super::diagnostic::{Diagnostic, Severity, shown};
use std::collections::HashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// A position in a record's source, opaque: a [`SourceMap`] hands them out
/// and turns them into lines and columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Position(usize);

/// 1-based line and character column of a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineColumn {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
}

/// Start offsets of every line, for line and column look-ups in
/// logarithmic time (diagnostics of large records stay linear overall).
#[derive(Debug, Clone, Default)]
pub(crate) struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub(crate) fn new(source: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(source.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    /// 1-based line and character column of byte `offset` in `source`.
    pub(crate) fn line_column(&self, source: &str, offset: usize) -> LineColumn {
        let offset = floor_char_boundary(source, offset.min(source.len()));
        let line = self.starts.partition_point(|&start| start <= offset);
        let start = self.starts[line - 1];
        LineColumn {
            line,
            column: source[start..offset].chars().count() + 1,
        }
    }

    /// The text of 1-based `line`, without its line break.
    pub(crate) fn line_text<'s>(&self, source: &'s str, line: usize) -> Option<&'s str> {
        let start = *self.starts.get(line.checked_sub(1)?)?;
        let end = self.starts.get(line).map_or(source.len(), |&next| next);
        Some(source[start..end].trim_end_matches(['\n', '\r']))
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

#[derive(Debug, Clone)]
struct Entry {
    key: Option<Range<usize>>,
    value: Range<usize>,
}

/// A record's source with the spans of its keys and values.
#[derive(Debug, Clone)]
pub struct SourceMap {
    path: PathBuf,
    source: String,
    lines: LineIndex,
    /// Mapped on the first lookup: only a diagnostic needs a position,
    /// and parsing the spans costs as much as loading the record.
    entries: OnceLock<HashMap<String, Entry>>,
}

impl SourceMap {
    /// Maps `source` (already known to parse) read from `path`.
    pub(crate) fn new(path: &Path, source: &str) -> SourceMap {
        SourceMap {
            path: path.to_path_buf(),
            source: source.to_string(),
            lines: LineIndex::new(source),
            entries: OnceLock::new(),
        }
    }

    fn entries(&self) -> &HashMap<String, Entry> {
        self.entries.get_or_init(|| {
            let mut entries = HashMap::new();
            if let Ok(root) = DeTable::parse(&self.source) {
                walk_table(root.get_ref(), "", &mut entries);
            }
            entries
        })
    }

    /// The record's text as it was read: what `draft new` and `sync`
    /// edit, so that the record is read once, by the one project reader.
    pub fn text(&self) -> &str {
        &self.source
    }

    /// The file, as people should read its name.
    pub fn path(&self) -> PathBuf {
        shown(&self.path)
    }

    /// Where the value at `path` starts (`driver.min`, `features[0]`).
    pub fn value(&self, path: &str) -> Option<Position> {
        self.entries().get(path).map(|e| Position(e.value.start))
    }

    /// Where the key of `path` starts (a component's name).
    pub fn key(&self, path: &str) -> Option<Position> {
        self.entries()
            .get(path)
            .and_then(|e| e.key.as_ref())
            .map(|k| Position(k.start))
    }

    /// The first `needle` at or after `from`, else anywhere in the file.
    pub fn find(&self, needle: &str, from: Option<Position>) -> Option<Position> {
        let from = from.map_or(0, |p| p.0).min(self.source.len());
        let after = self
            .source
            .is_char_boundary(from)
            .then(|| self.source[from..].find(needle).map(|i| i + from))
            .flatten();
        after.or_else(|| self.source.find(needle)).map(Position)
    }

    /// The line and column of `at`.
    pub fn line_column(&self, at: Position) -> LineColumn {
        self.lines.line_column(&self.source, at.0)
    }

    /// A diagnostic at `at`, showing the source line it points into.
    pub(crate) fn diagnostic(
        &self,
        severity: Severity,
        at: Option<Position>,
        message: impl Into<String>,
    ) -> Diagnostic {
        self.diagnostic_at_span(severity, at.map(|p| p.0..p.0), message)
    }

    pub(crate) fn diagnostic_at_span(
        &self,
        severity: Severity,
        span: Option<Range<usize>>,
        message: impl Into<String>,
    ) -> Diagnostic {
        let diagnostic = Diagnostic::new(severity, &shown(&self.path), message);
        match span {
            Some(span) => {
                let at = self.lines.line_column(&self.source, span.start);
                let text = self.lines.line_text(&self.source, at.line);
                diagnostic.at(at.line, at.column).with_snippet(text)
            }
            None => diagnostic,
        }
    }
}

/// `a.b`, with keys that are not bare TOML keys quoted (`"flash.attn"`).
pub fn join(parent: &str, key: &str) -> String {
    let mut path = parent.to_string();
    push_key(&mut path, key);
    path
}

/// Appends `.key` to `path` (`key` alone to an empty one), as [`join`] does.
pub(crate) fn push_key(path: &mut String, key: &str) {
    use std::fmt::Write;
    let bare = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if !path.is_empty() {
        path.push('.');
    }
    if bare {
        path.push_str(key);
    } else {
        let _ = write!(path, "{key:?}");
    }
}

fn walk_table(table: &DeTable<'_>, path: &str, out: &mut HashMap<String, Entry>) {
    for (key, value) in table {
        let child = join(path, key.get_ref());
        out.insert(
            child.clone(),
            Entry {
                key: Some(key.span()),
                value: value.span(),
            },
        );
        walk_value(value, &child, out);
    }
}

fn walk_value(value: &Spanned<DeValue<'_>>, path: &str, out: &mut HashMap<String, Entry>) {
    match value.get_ref() {
        DeValue::Table(table) => walk_table(table, path, out),
        DeValue::Array(items) => {
            for (i, item) in items.iter().enumerate() {
                let child = format!("{path}[{i}]");
                out.insert(
                    child.clone(),
                    Entry {
                        key: None,
                        value: item.span(),
                    },
                );
                walk_value(item, &child, out);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOURCE: &str = "version = \"1\"\n[components]\n\"a.b\" = \"2\"\n\"中文\" = \"3\"\n\n[[features]]\nzh = \"x\"\n";

    #[test]
    fn paths_reach_keys_values_and_array_items() {
        let map = SourceMap::new(Path::new("r.toml"), SOURCE);
        let at = |p: Option<Position>| map.line_column(p.unwrap());
        assert_eq!(
            at(map.value("version")),
            LineColumn {
                line: 1,
                column: 11
            }
        );
        assert_eq!(
            at(map.key("components.\"a.b\"")),
            LineColumn { line: 3, column: 1 }
        );
        assert_eq!(
            at(map.value("components.\"中文\"")),
            LineColumn { line: 4, column: 8 }
        );
        assert_eq!(at(map.value("features[0].zh")).line, 7);
        assert!(map.value("features[1]").is_none());
    }

    #[test]
    fn columns_count_characters_and_lines_are_indexed() {
        let src = "a = 1\n中文 = \"x\"\n";
        let index = LineIndex::new(src);
        let second = src.rfind('=').unwrap();
        assert_eq!(
            index.line_column(src, second),
            LineColumn { line: 2, column: 4 }
        );
        assert_eq!(index.line_text(src, 2), Some("中文 = \"x\""));
        assert_eq!(index.line_text(src, 3), Some(""));
        assert_eq!(index.line_text(src, 4), None);
    }

    #[test]
    fn find_prefers_matches_after_the_start() {
        let map = SourceMap::new(Path::new("r.toml"), "x = \"CUDA\"\ny = \"CUDA\"\n");
        let second = map.find("CUDA", map.value("y")).unwrap();
        assert_eq!(map.line_column(second).line, 2);
        let wrapped = map.find("x =", map.value("y")).unwrap();
        assert_eq!(map.line_column(wrapped).line, 1);
    }
}
