//! A BOM's `metadata.lifecycles`, read from the BOM to be written where
//! the XSDs want them (cyclonedx-bom's XML encoder writes them last in
//! `metadata`, where no XSD allows them).

use cyclonedx_bom::models::lifecycle::Lifecycle;
use cyclonedx_bom::prelude::Bom;

/// One lifecycle: a phase, or a named one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Entry {
    Phase(String),
    Named {
        name: String,
        description: Option<String>,
    },
}

/// The lifecycles of a BOM, in order.
#[derive(Debug, Default)]
pub(crate) struct LifecyclesOf(pub(super) Vec<Entry>);

impl LifecyclesOf {
    /// The `metadata.lifecycles` of `bom`.
    pub(crate) fn of(bom: &Bom) -> LifecyclesOf {
        let listed = bom.metadata.as_ref().and_then(|m| m.lifecycles.as_ref());
        LifecyclesOf(
            listed
                .iter()
                .flat_map(|l| &l.0)
                .map(|lifecycle| match lifecycle {
                    Lifecycle::Phase(phase) => Entry::Phase(phase.to_string()),
                    Lifecycle::Description(d) => Entry::Named {
                        name: d.name.to_string(),
                        description: d.description.as_ref().map(ToString::to_string),
                    },
                })
                .collect(),
        )
    }
}
