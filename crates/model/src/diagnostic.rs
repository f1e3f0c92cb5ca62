//! One shape for every finding relnotes reports: record problems met while
//! loading, lint findings, verify findings and the pages `site --check`
//! finds stale. Each has a [`Severity`], an optional rule id, a place
//! (file, line, column; line 0 when there is none), a message and a hint;
//! each prints as `file:line:col: severity[rule]: message` for people and
//! serialises to the same JSON object for machines.

use serde::Serialize;
use std::fmt;
use std::path::{Path, PathBuf};

/// At most `max` characters of `text`, the rest replaced by `…`: what a
/// message quotes of an input stays readable however long the input.
pub fn clip(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]).into(),
        None => text.into(),
    }
}

/// How serious a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Something is wrong; a check that finds one fails.
    Error,
    /// Probably wrong or incomplete, such as a missing translation.
    Warning,
    /// Worth knowing; not a problem.
    Info,
}

impl Severity {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Info => "info",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A finding: what is wrong, where, and how to fix it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Diagnostic {
    /// How serious it is.
    pub severity: Severity,
    /// The check's id (`upgrade-claim`, `verify-differs`, `site-stale`);
    /// none for a record that cannot be loaded.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<&'static str>,
    /// The release it is about, when a check covers several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) version: Option<String>,
    /// The file it is about (a record, a page of a site), as people read it.
    pub file: PathBuf,
    /// 1-based; 0 when the problem has no position.
    pub line: usize,
    /// 1-based, in characters.
    pub column: usize,
    /// What is wrong, in one line.
    pub message: String,
    /// What to do about it, when there is something to suggest.
    pub hint: Option<String>,
    /// The source line the position points into, shown under the message.
    #[serde(skip)]
    pub(crate) snippet: Option<Snippet>,
}

/// What a diagnostic shows of its source line: at most
/// [`SNIPPET_CHARS`] characters around the column, hidden controls
/// escaped, and the padding that puts the caret under the column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Snippet {
    text: String,
    caret_pad: String,
}

/// The most characters of a source line a diagnostic shows (escapes
/// count as the room they take): a line of a 200 KB one-line record is
/// shown around the column, not whole.
pub(crate) const SNIPPET_CHARS: usize = 120;

impl Snippet {
    /// The part of `line` around 1-based character `column`.
    fn of(line: &str, column: usize) -> Snippet {
        use crate::output::{escaped_char, is_hidden_control};
        let shown = |c: char| {
            if is_hidden_control(c) {
                escaped_char(c)
            } else {
                c.to_string()
            }
        };
        let chars: Vec<char> = line.chars().collect();
        let width = |i: usize| {
            let c = chars[i];
            if is_hidden_control(c) {
                escaped_char(c).len()
            } else {
                1
            }
        };
        let at = column.saturating_sub(1).min(chars.len());
        let (mut start, mut end) = (0, chars.len());
        if (0..chars.len()).map(width).sum::<usize>() > SNIPPET_CHARS {
            // A third of the room before the column, the rest after it;
            // what the end of the line leaves unused goes before.
            let mut used = 0;
            start = at;
            while start > 0 && used + width(start - 1) <= SNIPPET_CHARS / 3 {
                start -= 1;
                used += width(start);
            }
            end = at;
            while end < chars.len() && used + width(end) <= SNIPPET_CHARS {
                used += width(end);
                end += 1;
            }
            while start > 0 && used + width(start - 1) <= SNIPPET_CHARS {
                start -= 1;
                used += width(start);
            }
        }
        let mut text = String::new();
        let mut caret_pad = String::new();
        if start > 0 {
            text.push('…');
            caret_pad.push(' ');
        }
        for (i, &c) in chars.iter().enumerate().take(end).skip(start) {
            let shown = shown(c);
            if i < at {
                let pad = if c == '\t' { '\t' } else { ' ' };
                caret_pad.extend(std::iter::repeat_n(pad, shown.chars().count()));
            }
            text.push_str(&shown);
        }
        if end < chars.len() {
            text.push('…');
        }
        Snippet { text, caret_pad }
    }
}

impl Diagnostic {
    /// A finding about `file` as a whole.
    pub fn new(severity: Severity, file: &Path, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            rule: None,
            version: None,
            file: file.to_path_buf(),
            line: 0,
            column: 0,
            message: message.into(),
            hint: None,
            snippet: None,
        }
    }

    /// At 1-based `line` and `column` of the file.
    pub fn at(mut self, line: usize, column: usize) -> Diagnostic {
        self.line = line;
        self.column = column;
        self
    }

    /// Tagged with the id of the check that found it.
    pub fn with_rule(mut self, rule: &'static str) -> Diagnostic {
        self.rule = Some(rule);
        self
    }

    /// About release `version`, for checks that cover several releases.
    pub fn with_version(mut self, version: impl Into<String>) -> Diagnostic {
        self.version = Some(version.into());
        self
    }

    /// With `hint` as what to do about it (none removes the hint).
    pub fn with_hint(mut self, hint: Option<String>) -> Diagnostic {
        self.hint = hint;
        self
    }

    /// Shows `line`, the source line of the position set by
    /// [`Diagnostic::at`], under the message.
    pub(crate) fn with_snippet(mut self, line: Option<&str>) -> Diagnostic {
        self.snippet = line.map(|line| Snippet::of(line, self.column));
        self
    }

    /// Whether its severity is [`Severity::Error`].
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file.display())?;
        if self.line > 0 {
            write!(f, ":{}:{}", self.line, self.column)?;
        }
        write!(f, ": {}", self.severity)?;
        if let Some(rule) = self.rule {
            write!(f, "[{rule}]")?;
        }
        write!(f, ": {}", self.message)?;
        if let Some(Snippet { text, caret_pad }) = &self.snippet {
            let number = self.line.to_string();
            let pad = " ".repeat(number.len());
            write!(f, "\n{pad} |\n{number} | {text}\n{pad} | {caret_pad}^")?;
        }
        if let Some(hint) = &self.hint {
            write!(f, "\n  = hint: {hint}")?;
        }
        Ok(())
    }
}

/// The counts of a list of diagnostics, by severity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// How many are errors.
    pub errors: usize,
    /// How many are warnings.
    pub warnings: usize,
    /// How many are infos.
    pub infos: usize,
}

impl Counts {
    /// Counts `diagnostics` by severity.
    pub fn of(diagnostics: &[Diagnostic]) -> Counts {
        let count = |s: Severity| diagnostics.iter().filter(|d| d.severity == s).count();
        Counts {
            errors: count(Severity::Error),
            warnings: count(Severity::Warning),
            infos: count(Severity::Info),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_text_form_with_or_without_place_rule_and_snippet() {
        let file = Path::new("releases/25.05.toml");
        let plain = Diagnostic::new(Severity::Warning, file, "no date");
        assert_eq!(plain.to_string(), "releases/25.05.toml: warning: no date");
        let lint = Diagnostic::new(Severity::Error, file, "R545 twice")
            .at(43, 28)
            .with_rule("driver-branch-conflict")
            .with_hint(Some("remove one".into()));
        assert_eq!(
            lint.to_string(),
            "releases/25.05.toml:43:28: error[driver-branch-conflict]: R545 twice\n  = hint: remove one"
        );
        let located = Diagnostic::new(Severity::Error, file, "unknown field")
            .at(2, 3)
            .with_snippet(Some("a featurs"));
        assert_eq!(
            located.to_string(),
            "releases/25.05.toml:2:3: error: unknown field\n  |\n2 | a featurs\n  |   ^"
        );
    }

    #[test]
    fn snippets_are_clipped_around_the_column_and_escaped() {
        let file = Path::new("r.toml");
        let line = format!(
            "x = \"{}\u{1b}{}\"",
            "a".repeat(100_000),
            "b".repeat(100_000)
        );
        let column = 6 + 100_000;
        let shown = Diagnostic::new(Severity::Error, file, "ESC")
            .at(1, column)
            .with_snippet(Some(&line))
            .to_string();
        assert!(shown.len() < 400, "{} bytes", shown.len());
        assert!(!shown.contains('\u{1b}'), "{shown}");
        let lines: Vec<&str> = shown.lines().collect();
        let text = lines[2].strip_prefix("1 | ").unwrap();
        let caret = lines[3].strip_prefix("  | ").unwrap();
        assert!(text.starts_with('…') && text.ends_with('…'), "{text}");
        let under: String = text
            .chars()
            .skip(caret.chars().count() - 1)
            .take(6)
            .collect();
        assert_eq!(under, "\\u{1b}", "{shown}");

        // Escapes count as the room they take.
        let bidi = format!("x = \"{}\"", "\u{202a}".repeat(1000));
        let shown = Diagnostic::new(Severity::Error, file, "bidi")
            .at(1, 6)
            .with_snippet(Some(&bidi))
            .to_string();
        let text = shown.lines().nth(2).unwrap().strip_prefix("1 | ").unwrap();
        assert!(text.chars().count() <= SNIPPET_CHARS + 2, "{text}");
        assert!(
            text.starts_with("x = \"\\u{202a}") && text.ends_with('…'),
            "{text}"
        );

        let tab = Diagnostic::new(Severity::Error, file, "bidi")
            .at(1, 4)
            .with_snippet(Some("\t\u{202e}=x"))
            .to_string();
        // The caret stays under `x`: past the tab and the escape's width.
        let caret = format!("\n  | \t{}^", " ".repeat("\\u{202e}=".len()));
        assert!(
            tab.ends_with(&format!("1 | \t\\u{{202e}}=x{caret}")),
            "{tab}"
        );
    }

    #[test]
    fn one_json_form() {
        let d = Diagnostic::new(Severity::Info, Path::new("public/en/25.10.html"), "changed")
            .with_rule("site-stale");
        let json = serde_json::to_value(&d).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "severity": "info",
                "rule": "site-stale",
                "file": "public/en/25.10.html",
                "line": 0,
                "column": 0,
                "message": "changed",
                "hint": null,
            })
        );
        assert_eq!(
            Counts::of(&[d.clone(), d]),
            Counts {
                errors: 0,
                warnings: 0,
                infos: 2
            }
        );
    }
}
