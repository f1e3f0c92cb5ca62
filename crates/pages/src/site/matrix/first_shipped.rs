//! Which release first shipped each version: per row of an arch's
//! [`Grid`], each major version (`cuDNN 9`) with the oldest release that
//! has it, and each of its minor lines (`9.1`) likewise — how a reader finds
//! "which release first shipped cuDNN 9" without scrolling through every
//! release.

use super::{Grid, RowKind};
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};

/// The first release to ship a version line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Shipped {
    /// The line: `9`, `9.1`.
    pub line: String,
    /// The version that release has: `9.1.0.70`.
    pub version: String,
    /// The release, as an index into the entries (newest first).
    pub release: usize,
}

/// A major version of a row, and its minor lines, newest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Major {
    pub first: Shipped,
    pub lines: Vec<Shipped>,
}

/// A row of the grid and its major versions, newest first.
#[derive(Debug)]
pub(crate) struct Row<'g> {
    pub kind: &'g RowKind,
    pub majors: Vec<Major>,
}

/// Every row of `grid` that has a version, with the release that first
/// shipped each of its major versions and minor lines.
pub(crate) fn of(grid: &Grid) -> Vec<Row<'_>> {
    grid.rows
        .iter()
        .filter_map(|row| {
            let mut majors: Vec<Major> = Vec::new();
            // Where each major version is in `majors`, and the lines met:
            // a row of a thousand releases can have hundreds of lines.
            let mut major_at: HashMap<String, usize> = HashMap::new();
            let mut lines_met: HashSet<(usize, String)> = HashSet::new();
            // A version met before is on lines already recorded: most
            // releases keep the version of the one before them.
            let mut seen: HashSet<&str> = HashSet::new();
            // Oldest release first: the first one met is the first to ship.
            for (value, &release) in row.values.iter().zip(&grid.columns).rev() {
                let Some(value) = value else { continue };
                if !seen.insert(&value.text) {
                    continue;
                }
                let (major, line) = lines(&value.text);
                let shipped = |line: &str| Shipped {
                    line: line.to_string(),
                    version: value.text.clone(),
                    release,
                };
                let at = *major_at.entry(major).or_insert_with_key(|major| {
                    majors.push(Major {
                        first: shipped(major),
                        lines: Vec::new(),
                    });
                    majors.len() - 1
                });
                if lines_met.insert((at, line.clone())) {
                    majors[at].lines.push(shipped(&line));
                }
            }
            if majors.is_empty() {
                return None;
            }
            majors.sort_by(|a, b| newest_first(&a.first.line, &b.first.line));
            for m in &mut majors {
                m.lines.sort_by(|a, b| newest_first(&a.line, &b.line));
            }
            Some(Row {
                kind: &row.kind,
                majors,
            })
        })
        .collect()
}

/// The major version and minor line of a version: `12.8.1` → (`12`,
/// `12.8`); `0.16.9+ali` → (`0.16`, `0.16.9`), as a 0.x release is a
/// major step of its own; `1:2.38-3` (a Debian epoch) → (`2`, `2.38`);
/// `v2.7` → (`2`, `2.7`). A version not starting with a number is its own
/// line.
pub(crate) fn lines(version: &str) -> (String, String) {
    let text = match version.split_once(':') {
        Some((epoch, rest)) if epoch.bytes().all(|b| b.is_ascii_digit()) => rest,
        _ => version,
    };
    let text = text.strip_prefix(['v', 'V']).unwrap_or(text);
    // The leading numbers: up to the first part that is not all digits
    // (`3.0.0b1` → 3, 0, 0; `15.0.50.20240403-git` → 15, 0, 50, 20240403).
    let mut leading: Vec<&str> = Vec::new();
    for part in text.split('.') {
        let digits = part.bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            break;
        }
        leading.push(&part[..digits]);
        if digits < part.len() {
            break;
        }
    }
    let depth = if leading.first() == Some(&"0") { 2 } else { 1 };
    if leading.is_empty() {
        return (version.to_string(), version.to_string());
    }
    let major = leading[..depth.min(leading.len())].join(".");
    let line = leading[..(depth + 1).min(leading.len())].join(".");
    (major, line)
}

/// Lines in numeric order, newest first; text after numbers by text.
fn newest_first(a: &str, b: &str) -> Ordering {
    let key = |s: &str| -> Vec<Result<u64, String>> {
        s.split('.')
            .map(|p| p.parse::<u64>().map_err(|_| p.to_string()))
            .collect()
    };
    key(b).cmp(&key(a))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::matrix::{GridRow, Value};

    #[test]
    fn major_versions_and_minor_lines() {
        assert_eq!(lines("12.8.1"), ("12".into(), "12.8".into()));
        assert_eq!(lines("9"), ("9".into(), "9".into()));
        assert_eq!(lines("0.16.9+ali"), ("0.16".into(), "0.16.9".into()));
        assert_eq!(lines("1:2.38-3ubuntu1"), ("2".into(), "2.38".into()));
        assert_eq!(lines("v2.7"), ("2".into(), "2.7".into()));
        assert_eq!(lines("3.0.0b1"), ("3".into(), "3.0".into()));
        assert_eq!(lines("2.8.0.9+nv25.3"), ("2".into(), "2.8".into()));
        assert_eq!(lines("575"), ("575".into(), "575".into()));
        assert_eq!(lines("latest"), ("latest".into(), "latest".into()));
    }

    #[test]
    fn the_oldest_release_with_a_major_version_first_shipped_it() {
        // Columns newest first: releases 0..8; cuDNN 9 arrives in release
        // 7, goes back to 8 in release 2 and returns in release 1.
        // Releases keep a version across several releases (7 and 6 have
        // 9.0.0 as 3 does, 5 and 4 have none).
        let versions = [
            Some("9.1.0"),
            Some("9.0.1"),
            Some("8.9.7"),
            Some("9.0.0"),
            None,
            None,
            Some("9.0.0"),
            Some("9.0.0"),
        ];
        let grid = Grid {
            arch: "amd64".into(),
            columns: vec![0, 1, 2, 3, 4, 5, 6, 7],
            rows: vec![GridRow {
                kind: RowKind::Component("cuDNN".into()),
                values: versions.iter().map(|v| v.map(Value::new)).collect(),
                changes: vec![crate::diff::Change::Unchanged; 8],
            }],
        };
        let rows = of(&grid);
        assert_eq!(rows.len(), 1);
        let majors = &rows[0].majors;
        let firsts: Vec<(&str, usize)> = majors
            .iter()
            .map(|m| (m.first.line.as_str(), m.first.release))
            .collect();
        assert_eq!(firsts, [("9", 7), ("8", 2)]);
        assert_eq!(majors[0].first.version, "9.0.0");
        let nine: Vec<(&str, usize)> = majors[0]
            .lines
            .iter()
            .map(|l| (l.line.as_str(), l.release))
            .collect();
        assert_eq!(nine, [("9.1", 0), ("9.0", 7)]);
    }
}
