//! Problems found in a record, located by file, line and column.

use super::source_map::LineIndex;
use std::fmt;
use std::ops::Range;
use std::path::{Path, PathBuf};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Severity {
    Error,
    Warning,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub path: PathBuf,
    /// 1-based; 0 when the problem has no position.
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
    pub message: String,
    pub hint: Option<String>,
    /// The source line the position points into.
    pub source_line: Option<String>,
}

impl Diagnostic {
    pub fn at(
        severity: Severity,
        path: &Path,
        source: &str,
        lines: &LineIndex,
        span: Option<Range<usize>>,
        message: impl Into<String>,
    ) -> Diagnostic {
        let (line, column, source_line) = match span {
            Some(span) => {
                let at = lines.line_column(source, span.start);
                let text = lines.line_text(source, at.line).map(str::to_string);
                (at.line, at.column, text)
            }
            None => (0, 0, None),
        };
        Diagnostic {
            severity,
            path: shown(path),
            line,
            column,
            message: message.into(),
            hint: None,
            source_line,
        }
    }

    pub fn with_hint(mut self, hint: Option<String>) -> Diagnostic {
        self.hint = hint;
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// `path` as people should read it: relative to the current directory
/// when it lies below it.
pub fn shown(path: &Path) -> PathBuf {
    std::env::current_dir()
        .ok()
        .and_then(|cwd| std::fs::canonicalize(cwd).ok())
        .and_then(|cwd| path.strip_prefix(&cwd).ok().map(Path::to_path_buf))
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or_else(|| path.to_path_buf())
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        if self.line > 0 {
            write!(
                f,
                "{}:{}:{}: {kind}: {}",
                self.path.display(),
                self.line,
                self.column,
                self.message
            )?;
        } else {
            write!(f, "{}: {kind}: {}", self.path.display(), self.message)?;
        }
        if let Some(text) = &self.source_line {
            let number = self.line.to_string();
            let pad = " ".repeat(number.len());
            let caret_pad: String = text
                .chars()
                .take(self.column.saturating_sub(1))
                .map(|c| if c == '\t' { '\t' } else { ' ' })
                .collect();
            write!(f, "\n{pad} |\n{number} | {text}\n{pad} | {caret_pad}^")?;
        }
        if let Some(hint) = &self.hint {
            write!(f, "\n  = hint: {hint}")?;
        }
        Ok(())
    }
}

/// "did you mean" for a misspelt name among the accepted ones.
pub fn did_you_mean<'a>(
    given: &str,
    accepted: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    accepted
        .into_iter()
        .map(|name| (strsim::jaro_winkler(given, name), name))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, name)| format!("did you mean `{name}`?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_for_near_misses_only() {
        assert_eq!(
            did_you_mean("featurs", ["features", "version"]).as_deref(),
            Some("did you mean `features`?")
        );
        assert_eq!(did_you_mean("zzz", ["features", "version"]), None);
    }
}
