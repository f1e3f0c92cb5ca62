//! The support matrix: per architecture, releases as columns (newest
//! first), CUDA, the minimum driver and every component as rows, each cell
//! marked with its change from the previous release built for that
//! architecture.
//!
//! The [`Grid`] of an architecture is built once over every release; a
//! page of the matrix shows a slice of its columns ([`paging`]), so the
//! oldest column of a page is still compared with the release before it,
//! on the next page. The overview shows which release first shipped each
//! version ([`first_shipped`]).

pub(crate) mod first_shipped;
pub(crate) mod paging;

use super::Entry;
use super::labels;
use crate::diff::Change;
use rayon::prelude::*;

use model::{ComponentRef, Ecosystem, Lang, Project, Version};
use serde::Serialize;
use std::collections::HashMap;
use std::ops::Range;

/// The matrix of one arch on one page: a column per release that has it.
#[derive(Debug, Serialize)]
pub(crate) struct ArchTable {
    pub arch: String,
    /// `arch-amd64`, the table's anchor.
    pub id: String,
    pub caption: String,
    pub columns: Vec<Column>,
    pub rows: Vec<MatrixRow>,
}

#[derive(Debug, Serialize)]
pub(super) struct Column {
    pub version: String,
    /// The release's page.
    pub href: String,
}

#[derive(Debug, Serialize)]
pub(crate) struct MatrixRow {
    pub label: String,
    /// `cuda`, `driver` or `component`.
    pub kind: &'static str,
    /// Whether any cell changed from the release before.
    pub changes: bool,
    pub cells: Vec<Cell>,
}

/// A version in one release, and its change from the previous release.
#[derive(Debug, Serialize)]
pub(crate) struct Cell {
    pub version: Option<String>,
    pub change: Option<&'static str>,
    pub marker: Option<&'static str>,
    /// The change in words: `upgraded, was 2.7`.
    pub note: Option<String>,
}

/// What a row of the matrix shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum RowKind {
    /// The driver requirements' CUDA version, else the CUDA component.
    Cuda,
    /// The minimum driver release.
    Driver,
    /// A component, by the name the newest release gives it.
    Component(String),
}

impl RowKind {
    pub(super) fn as_str(&self) -> &'static str {
        match self {
            RowKind::Cuda => "cuda",
            RowKind::Driver => "driver",
            RowKind::Component(_) => "component",
        }
    }

    pub(super) fn label(&self, lang: Lang) -> String {
        match self {
            RowKind::Cuda => labels::get("matrix_cuda", lang).to_string(),
            RowKind::Driver => labels::get("driver_short", lang).to_string(),
            RowKind::Component(name) => name.clone(),
        }
    }
}

/// A version as written; parsed in its row's ecosystem only where it
/// differs from its neighbour's (most of a row repeats one version).
#[derive(Debug, Clone)]
pub(super) struct Value {
    pub text: String,
}

impl Value {
    fn new(text: &str) -> Value {
        Value {
            text: text.to_string(),
        }
    }
}

/// One row over every release of the arch: a version (or nothing) per
/// column and its change from the column after it (the release before).
#[derive(Debug)]
pub(crate) struct GridRow {
    pub kind: RowKind,
    pub values: Vec<Option<Value>>,
    pub changes: Vec<Change>,
}

impl GridRow {
    /// Whether the row has a version or a change in the columns `shown`
    /// (a table leaves out the rows that have neither).
    fn shows_within(&self, shown: &Range<usize>) -> bool {
        shown
            .clone()
            .any(|c| self.values[c].is_some() || self.changes[c] != Change::Unchanged)
    }
}

/// The whole matrix of one arch, every release a column, newest first.
#[derive(Debug)]
pub(crate) struct Grid {
    pub arch: String,
    /// The index in the entries (newest first) of each column's release.
    pub columns: Vec<usize>,
    pub rows: Vec<GridRow>,
}

/// The architectures of every release: the newest release's order, then
/// the ones only older releases have.
pub(super) fn archs(entries: &[Entry]) -> Vec<String> {
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

/// The grid of every arch over `entries` (newest first).
pub(crate) fn grids(project: &Project, entries: &[Entry]) -> Vec<Grid> {
    archs(entries)
        .par_iter()
        .map(|arch| grid(project, entries, arch))
        .collect()
}

fn grid(project: &Project, entries: &[Entry], arch: &str) -> Grid {
    let (columns, components): (Vec<usize>, Vec<Vec<ComponentRef>>) = entries
        .iter()
        .enumerate()
        .filter_map(|(i, e)| {
            let declared = e.release.arch_named(arch)?;
            Some((i, e.release.component_refs_of(project, declared)))
        })
        .unzip();

    let cuda = columns
        .iter()
        .zip(&components)
        .map(|(&i, components)| {
            let declared = entries[i]
                .release
                .driver
                .as_ref()
                .and_then(|d| d.cuda.as_deref());
            declared.map(Value::new).or_else(|| {
                components
                    .iter()
                    .find(|c| c.ecosystem == Ecosystem::Cuda)
                    .map(|c| Value::new(c.version))
            })
        })
        .collect();
    let driver = columns
        .iter()
        .map(|&i| {
            let min = entries[i]
                .release
                .driver
                .as_ref()
                .and_then(|d| d.min.as_deref());
            min.map(Value::new)
        })
        .collect();
    let mut rows = vec![
        grid_row(RowKind::Cuda, Ecosystem::Cuda, cuda),
        grid_row(RowKind::Driver, Ecosystem::Generic, driver),
    ];

    // Components: in order of first appearance, newest release first,
    // named as the newest release names them; one pass over every
    // release's components fills each row's column.
    // Rows are found by key; a name seen before is found without
    // computing its key again (names rarely change between releases).
    let mut row_of_key: HashMap<String, usize> = HashMap::new();
    let mut row_of_name: HashMap<&str, usize> = HashMap::new();
    let mut keyed: Vec<(&ComponentRef, Vec<Option<Value>>)> = Vec::new();
    for (column, components) in components.iter().enumerate() {
        for c in components {
            let row = *row_of_name.entry(c.name).or_insert_with(|| {
                *row_of_key.entry(c.key()).or_insert_with(|| {
                    keyed.push((c, vec![None; columns.len()]));
                    keyed.len() - 1
                })
            });
            keyed[row].1[column] = Some(Value::new(c.version));
        }
    }
    rows.extend(keyed.into_iter().map(|(first, values)| {
        grid_row(
            RowKind::Component(first.name.to_string()),
            first.ecosystem,
            values,
        )
    }));
    Grid {
        arch: arch.to_string(),
        columns,
        rows,
    }
}

/// A row with each value's change from the value after it.
fn grid_row(kind: RowKind, ecosystem: Ecosystem, values: Vec<Option<Value>>) -> GridRow {
    let changes = (0..values.len())
        .map(|i| match values.get(i + 1) {
            Some(before) => change(ecosystem, before.as_ref(), values[i].as_ref()),
            None => Change::Unchanged,
        })
        .collect();
    GridRow {
        kind,
        values,
        changes,
    }
}

fn change(ecosystem: Ecosystem, before: Option<&Value>, now: Option<&Value>) -> Change {
    match (before, now) {
        (Some(before), Some(now)) if before.text == now.text => Change::Unchanged,
        (Some(before), Some(now)) => {
            let known = match (
                Version::parse(ecosystem, &before.text),
                Version::parse(ecosystem, &now.text),
            ) {
                (Ok(b), Ok(n)) => b.compare(&n),
                _ => None,
            };
            Change::from_order(known, ecosystem, &before.text, &now.text)
        }
        _ => Change::between(
            ecosystem,
            before.map(|v| v.text.as_str()),
            now.map(|v| v.text.as_str()),
        ),
    }
}

impl Grid {
    /// The columns of the releases in `releases` (indices into the
    /// entries), if the arch has any there.
    fn columns_within(&self, releases: &Range<usize>) -> Range<usize> {
        let start = self.columns.partition_point(|&i| i < releases.start);
        let end = self.columns.partition_point(|&i| i < releases.end);
        start..end
    }

    /// The table of the releases in `releases` (indices into `entries`),
    /// or none when none of them is built for this arch. Rows with neither
    /// a version nor a change there are left out; `href` makes the link of
    /// a release page from its version.
    pub(super) fn table(
        &self,
        entries: &[Entry],
        releases: &Range<usize>,
        lang: Lang,
        href: &dyn Fn(&str) -> String,
    ) -> Option<ArchTable> {
        let shown = self.columns_within(releases);
        if shown.is_empty() {
            return None;
        }
        let rows = self
            .rows
            .iter()
            .filter(|row| row.shows_within(&shown))
            .map(|row| matrix_row(row, shown.clone(), lang))
            .collect();
        Some(ArchTable {
            arch: self.arch.clone(),
            id: format!("arch-{}", self.arch),
            caption: labels::get("matrix_caption", lang).replace("{arch}", &self.arch),
            columns: self.columns[shown]
                .iter()
                .map(|&i| Column {
                    version: entries[i].version.clone(),
                    href: href(&entries[i].version),
                })
                .collect(),
            rows,
        })
    }
}

fn matrix_row(row: &GridRow, shown: Range<usize>, lang: Lang) -> MatrixRow {
    let cells: Vec<Cell> = shown
        .map(|c| {
            let change = (row.changes[c] != Change::Unchanged).then(|| row.changes[c].as_str());
            let before = row.values.get(c + 1).and_then(|v| v.as_ref());
            let note = change.map(|change| {
                let word = labels::get(&format!("chg_{change}"), lang);
                match before {
                    Some(was) if change != "added" => {
                        format!("{word}, {} {}", labels::get("from_version", lang), was.text)
                    }
                    _ => word.to_string(),
                }
            });
            Cell {
                version: row.values[c].as_ref().map(|v| v.text.clone()),
                change,
                marker: change.map(labels::marker),
                note,
            }
        })
        .collect();
    MatrixRow {
        label: row.kind.label(lang),
        kind: row.kind.as_str(),
        changes: cells.iter().any(|c| c.change.is_some()),
        cells,
    }
}
