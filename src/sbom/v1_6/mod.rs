//! CycloneDX 1.6 (ECMA-424) from the 1.5 encoding.
//!
//! cyclonedx-bom writes 1.5 at most. Everything relnotes puts in an SBOM
//! means the same in 1.6, so a 1.6 document is the 1.5 one with the 1.6
//! version (JSON `specVersion`, XML namespace) and what 1.6 adds to
//! evidence: each occurrence's `additionalContext` names the image layer
//! the file was found in. The document is rewritten as a tree (JSON
//! values, XML events), never as text, so values are left as they are.

mod json;
mod xml;

pub use json::upgrade_json;
pub use xml::upgrade_xml;

use super::build::{LAYER_PROPERTY, PATH_PROPERTY};
use cyclonedx_bom::prelude::{Bom, Component};
use std::collections::HashMap;

/// The `additionalContext` of each occurrence: by component bom-ref, then
/// by occurrence location.
#[derive(Debug, Default)]
pub struct OccurrenceContexts(HashMap<String, HashMap<String, String>>);

impl OccurrenceContexts {
    /// The layer of every occurrence of every component of `bom`, read from
    /// the `relnotes:path` / `relnotes:layer` property pairs that
    /// `sbom::components` writes beside each occurrence.
    pub fn of(bom: &Bom) -> OccurrenceContexts {
        let mut contexts = OccurrenceContexts::default();
        let metadata = bom.metadata.as_ref().and_then(|m| m.component.as_ref());
        for component in metadata.into_iter() {
            contexts.add(component);
        }
        for component in bom.components.iter().flat_map(|c| &c.0) {
            contexts.add(component);
        }
        contexts
    }

    fn add(&mut self, component: &Component) {
        for nested in component.components.iter().flat_map(|c| &c.0) {
            self.add(nested);
        }
        let (Some(bom_ref), Some(properties)) = (&component.bom_ref, &component.properties) else {
            return;
        };
        let mut path = None;
        let mut layers = HashMap::new();
        for property in &properties.0 {
            let value = property.value.to_string();
            if property.name == PATH_PROPERTY {
                path = Some(value);
            } else if property.name == LAYER_PROPERTY
                && let Some(path) = path.take()
            {
                layers.insert(format!("/{path}"), format!("layer {value}"));
            }
        }
        if !layers.is_empty() {
            self.0.insert(bom_ref.clone(), layers);
        }
    }

    /// What to say about the occurrence at `location` of component `bom_ref`.
    pub fn get(&self, bom_ref: &str, location: &str) -> Option<&str> {
        self.0.get(bom_ref)?.get(location).map(String::as_str)
    }
}
