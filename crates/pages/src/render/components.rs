//! The components table of a release page: a row per component of any
//! arch, a cell per arch, and what differs between the archs.

use model::{ArchView, Package};
use serde::Serialize;

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ComponentsTable {
    pub archs: Vec<String>,
    pub rows: Vec<ComponentRow>,
    pub any_differs: bool,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ComponentRow {
    pub name: String,
    pub key: String,
    pub ecosystem: &'static str,
    pub differs: bool,
    /// The archs that have the component, when some do not; else empty.
    pub only_on: Vec<String>,
    pub cells: Vec<ComponentCell>,
}

/// A component on one arch; `present` is false (and the rest `None`)
/// where the arch does not have it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct ComponentCell {
    pub arch: String,
    pub present: bool,
    pub version: Option<String>,
    /// `shared`, `added` or `override`.
    pub origin: Option<&'static str>,
    /// The shared version an `override` replaces.
    pub shared_version: Option<String>,
}

/// One component row: its name as first written, and its cell per arch.
struct Row<'a> {
    key: String,
    cells: Vec<Option<&'a Package>>,
}

/// Union of the components of every arch: the first arch's order, with
/// each component another arch adds placed after the one it follows there.
fn component_rows(views: &[ArchView]) -> Vec<Row<'_>> {
    let mut order: Vec<String> = Vec::new();
    for view in views {
        let mut previous: Option<usize> = None;
        for component in &view.components {
            match order.iter().position(|k| *k == component.key) {
                Some(at) => previous = Some(at),
                None => {
                    let at = previous.map_or(0, |p| p + 1);
                    order.insert(at, component.key.clone());
                    previous = Some(at);
                }
            }
        }
    }
    order
        .into_iter()
        .map(|key| {
            let cells = views.iter().map(|v| v.component(&key)).collect();
            Row { key, cells }
        })
        .collect()
}

/// The table of `views`, one per arch in record order.
pub(crate) fn components_table(views: &[ArchView]) -> ComponentsTable {
    let archs: Vec<String> = views.iter().map(|v| v.name.to_string()).collect();
    let rows: Vec<ComponentRow> = component_rows(views)
        .into_iter()
        .map(|row| {
            let first = row
                .cells
                .iter()
                .flatten()
                .next()
                .expect("a row has at least one component");
            let versions: Vec<Option<&str>> = row
                .cells
                .iter()
                .map(|c| c.map(|c| c.version.as_str()))
                .collect();
            let differs = versions.windows(2).any(|w| w[0] != w[1]);
            let only_on: Vec<String> = if row.cells.iter().all(Option::is_some) {
                Vec::new()
            } else {
                archs
                    .iter()
                    .zip(&row.cells)
                    .filter(|(_, c)| c.is_some())
                    .map(|(a, _)| a.clone())
                    .collect()
            };
            let cells = archs
                .iter()
                .zip(&row.cells)
                .map(|(arch, cell)| component_cell(arch, *cell))
                .collect();
            ComponentRow {
                name: first.name.clone(),
                key: row.key,
                ecosystem: first.ecosystem.as_str(),
                differs,
                only_on,
                cells,
            }
        })
        .collect();
    let any_differs = rows.iter().any(|r| r.differs);
    ComponentsTable {
        archs,
        rows,
        any_differs,
    }
}

fn component_cell(arch: &str, component: Option<&Package>) -> ComponentCell {
    let Some(c) = component else {
        return ComponentCell {
            arch: arch.to_string(),
            present: false,
            version: None,
            origin: None,
            shared_version: None,
        };
    };
    ComponentCell {
        arch: arch.to_string(),
        present: true,
        version: Some(c.version.clone()),
        origin: Some(c.origin.kind()),
        shared_version: c.origin.shared_version().map(str::to_string),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::context::tests::{project, release};

    #[test]
    fn component_rows_merge_the_archs_in_a_stable_order() {
        let views = release().resolve(&project());
        let table = components_table(&views);
        let names: Vec<&str> = table.rows.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "CUDA",
                "peft",
                "perf",
                "pytorch-triton",
                "torch",
                "triton",
                "vllm"
            ]
        );
        let row = |name: &str| table.rows.iter().find(|r| r.name == name).unwrap();
        assert!(!row("CUDA").differs);
        assert!(row("CUDA").only_on.is_empty());
        assert!(row("pytorch-triton").differs);
        assert_eq!(row("pytorch-triton").only_on, ["aarch64"]);
        assert_eq!(
            row("pytorch-triton").cells[1],
            ComponentCell {
                arch: "amd64".into(),
                present: false,
                version: None,
                origin: None,
                shared_version: None
            }
        );
        let torch = row("torch");
        assert!(torch.differs, "another version on amd64");
        assert!(torch.only_on.is_empty());
        assert_eq!(torch.cells[1].origin, Some("override"));
        assert_eq!(torch.cells[1].shared_version.as_deref(), Some("2.8"));
        assert!(table.any_differs);
    }
}
