//! The support matrix: per architecture, releases as columns (newest
//! first), CUDA, the minimum driver and every component as rows, each cell
//! marked with its change from the previous release (the next column).

use super::Entry;
use super::labels;
use crate::diff::Change;
use crate::record::{Lang, Project};
use crate::version::Ecosystem;
use serde::Serialize;

/// The matrix of one arch: a column per release that has it.
#[derive(Debug, Serialize)]
pub struct ArchTable {
    pub arch: String,
    /// `arch-amd64`, the table's anchor.
    pub id: String,
    pub caption: String,
    pub columns: Vec<Column>,
    pub rows: Vec<MatrixRow>,
}

#[derive(Debug, Serialize)]
pub struct Column {
    pub version: String,
    /// The release's page.
    pub href: String,
}

#[derive(Debug, Serialize)]
pub struct MatrixRow {
    pub label: String,
    /// `cuda`, `driver` or `component`.
    pub kind: &'static str,
    /// Whether any cell changed from the release before.
    pub changes: bool,
    pub cells: Vec<Cell>,
}

/// A version in one release, and its change from the previous release.
#[derive(Debug, Serialize)]
pub struct Cell {
    pub version: Option<String>,
    pub change: Option<&'static str>,
    pub marker: Option<&'static str>,
    /// The change in words: `upgraded, from 2.7`.
    pub note: Option<String>,
}

/// One row before its cells are compared: a label, an ecosystem for
/// ordering versions, and a version (or nothing) per column.
struct Row {
    label: String,
    kind: &'static str,
    ecosystem: Ecosystem,
    values: Vec<Option<String>>,
}

/// The architectures of every release: the newest release's order, then
/// the ones only older releases have.
pub fn archs(entries: &[Entry]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for entry in entries {
        for arch in entry.release.arch_names() {
            if !out.contains(&arch) {
                out.push(arch);
            }
        }
    }
    out
}

/// The matrix of every arch, for the `site-matrix` templates; `href`
/// makes the link of a release page from its version.
pub fn matrix(
    project: &Project,
    entries: &[Entry],
    lang: Lang,
    href: &dyn Fn(&str) -> String,
) -> Vec<ArchTable> {
    archs(entries)
        .into_iter()
        .map(|arch| arch_table(project, entries, &arch, lang, href))
        .collect()
}

fn arch_table(
    project: &Project,
    entries: &[Entry],
    arch: &str,
    lang: Lang,
    href: &dyn Fn(&str) -> String,
) -> ArchTable {
    let columns: Vec<&Entry> = entries
        .iter()
        .filter(|e| e.release.arch_names().iter().any(|a| a == arch))
        .collect();
    let views: Vec<_> = columns
        .iter()
        .filter_map(|e| e.release.view_named(project, arch))
        .collect();

    let cuda: Vec<Option<String>> = columns
        .iter()
        .zip(&views)
        .map(|(e, view)| {
            e.release
                .driver
                .as_ref()
                .and_then(|d| d.cuda.as_ref())
                .cloned()
                .or_else(|| {
                    view.components
                        .iter()
                        .find(|c| c.ecosystem == Ecosystem::Cuda)
                        .map(|c| c.version.clone())
                })
        })
        .collect();
    let driver: Vec<Option<String>> = columns
        .iter()
        .map(|e| {
            e.release
                .driver
                .as_ref()
                .and_then(|d| d.min.as_ref())
                .cloned()
        })
        .collect();
    let mut rows = vec![
        Row {
            label: labels::get("matrix_cuda", lang).to_string(),
            kind: "cuda",
            ecosystem: Ecosystem::Cuda,
            values: cuda,
        },
        Row {
            label: labels::get("driver_short", lang).to_string(),
            kind: "driver",
            ecosystem: Ecosystem::Generic,
            values: driver,
        },
    ];

    // Components: in order of first appearance, newest release first.
    let mut keys: Vec<(String, String, Ecosystem)> = Vec::new();
    for view in &views {
        for c in &view.components {
            if !keys.iter().any(|(k, _, _)| *k == c.key) {
                keys.push((c.key.clone(), c.name.clone(), c.ecosystem));
            }
        }
    }
    for (key, name, ecosystem) in keys {
        rows.push(Row {
            label: name,
            kind: "component",
            ecosystem,
            values: views
                .iter()
                .map(|v| v.component(&key).map(|c| c.version.clone()))
                .collect(),
        });
    }

    ArchTable {
        arch: arch.to_string(),
        id: format!("arch-{arch}"),
        caption: labels::get("matrix_caption", lang).replace("{arch}", arch),
        columns: columns
            .iter()
            .map(|e| Column {
                version: e.version.clone(),
                href: href(&e.version),
            })
            .collect(),
        rows: rows.into_iter().map(|row| matrix_row(row, lang)).collect(),
    }
}

fn matrix_row(row: Row, lang: Lang) -> MatrixRow {
    let n = row.values.len();
    let cells: Vec<Cell> = (0..n)
        .map(|i| {
            let now = row.values[i].as_deref();
            let before = row.values.get(i + 1).map(|v| v.as_deref());
            let change = match before {
                Some(before) => Change::between(row.ecosystem, before, now),
                None => Change::Unchanged,
            };
            let change = (change != Change::Unchanged).then(|| change.as_str());
            let note = change.map(|c| {
                let word = labels::get(&format!("chg_{c}"), lang);
                match before.flatten() {
                    Some(was) if c != "added" => {
                        format!("{word}, {} {was}", labels::get("from_version", lang))
                    }
                    _ => word.to_string(),
                }
            });
            Cell {
                version: now.map(str::to_string),
                change,
                marker: change.map(labels::marker),
                note,
            }
        })
        .collect();
    MatrixRow {
        label: row.label,
        kind: row.kind,
        changes: cells.iter().any(|c| c.change.is_some()),
        cells,
    }
}
