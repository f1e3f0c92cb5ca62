//! Where each component of a BOM was found, read back from what the
//! encoder wrote, to be put where cyclonedx-bom's encoders leave it out.

use crate::encode::occurrence_properties::{LAYER_PROPERTY, PATH_PROPERTY};
use crate::format::CycloneDxVersion;
use cyclonedx_bom::prelude::{Bom, Component};
use std::collections::HashMap;

/// Where a component was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Occurrence {
    pub location: String,
    /// The layer's digest, when the file is in one.
    pub layer: Option<String>,
}

impl Occurrence {
    /// The 1.6 `additionalContext`: `layer sha256:…`.
    pub(crate) fn context(&self) -> Option<String> {
        self.layer.as_ref().map(|layer| format!("layer {layer}"))
    }
}

/// The occurrences of every component of a BOM, by bom-ref.
#[derive(Debug, Default)]
pub(crate) struct Occurrences(pub(super) HashMap<String, Vec<Occurrence>>);

impl Occurrences {
    /// The `evidence.occurrences` of every component of `bom`, each with
    /// the layer of the `relnotes:path` / `relnotes:layer` property pair
    /// `sbom::components` writes beside it.
    pub(crate) fn of(bom: &Bom) -> Occurrences {
        let mut occurrences = Occurrences::default();
        let metadata = bom.metadata.as_ref().and_then(|m| m.component.as_ref());
        for component in metadata.into_iter() {
            occurrences.add(component);
        }
        for component in bom.components.iter().flat_map(|c| &c.0) {
            occurrences.add(component);
        }
        occurrences
    }

    fn add(&mut self, component: &Component) {
        for nested in component.components.iter().flat_map(|c| &c.0) {
            self.add(nested);
        }
        let found = component
            .evidence
            .as_ref()
            .and_then(|e| e.occurrences.as_ref());
        let (Some(bom_ref), Some(found)) = (&component.bom_ref, found) else {
            return;
        };
        let layers = layers_by_location(component);
        let list = found
            .0
            .iter()
            .map(|o| Occurrence {
                location: o.location.clone(),
                layer: layers.get(&o.location).cloned(),
            })
            .collect();
        self.0.insert(bom_ref.clone(), list);
    }

    /// The occurrences of the component `bom_ref`, if it has any.
    pub(crate) fn of_component(&self, bom_ref: &str) -> &[Occurrence] {
        self.0.get(bom_ref).map(Vec::as_slice).unwrap_or_default()
    }
}

/// `/<path>` → layer digest, from a component's property pairs.
fn layers_by_location(component: &Component) -> HashMap<String, String> {
    let mut path = None;
    let mut layers = HashMap::new();
    for property in component.properties.iter().flat_map(|p| &p.0) {
        let value = property.value.to_string();
        if property.name == PATH_PROPERTY {
            path = Some(value);
        } else if property.name == LAYER_PROPERTY
            && let Some(path) = path.take()
        {
            layers.insert(format!("/{path}"), value);
        }
    }
    layers
}

/// The default XML namespace of a CycloneDX version.
pub(super) fn xml_namespace(version: CycloneDxVersion) -> String {
    format!("http://cyclonedx.org/schema/bom/{}", version.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;
    use cyclonedx_bom::models::component::{
        Classification, ComponentEvidence, Occurrence as CdxOccurrence,
        Occurrences as CdxOccurrences,
    };
    use cyclonedx_bom::models::property::{Properties, Property};
    use cyclonedx_bom::prelude::Components;

    /// A component found at `/a/METADATA` in layer `sha256:aa` and at
    /// `/b/METADATA` in no layer the properties name.
    fn found() -> Component {
        let mut c = Component::new(
            Classification::Library,
            "x",
            "1",
            Some("pkg:pypi/x@1".into()),
        );
        c.properties = Some(Properties(vec![
            Property::new("relnotes:cataloger", "python"),
            Property::new(PATH_PROPERTY, "a/METADATA"),
            Property::new(LAYER_PROPERTY, "sha256:aa"),
            Property::new("relnotes:config", "config:env/X"),
        ]));
        c.evidence = Some(ComponentEvidence {
            licenses: None,
            copyright: None,
            occurrences: Some(CdxOccurrences(vec![
                CdxOccurrence::new("/a/METADATA"),
                CdxOccurrence::new("/b/METADATA"),
            ])),
            callstack: None,
            identity: None,
        });
        c
    }

    #[test]
    fn occurrences_take_their_layer_from_the_property_pairs() {
        let bom = Bom {
            components: Some(Components(vec![found()])),
            ..Bom::default()
        };
        let occurrences = Occurrences::of(&bom);
        let got = occurrences.of_component("pkg:pypi/x@1");
        assert_eq!(
            got,
            [
                Occurrence {
                    location: "/a/METADATA".into(),
                    layer: Some("sha256:aa".into())
                },
                Occurrence {
                    location: "/b/METADATA".into(),
                    layer: None
                }
            ]
        );
        assert_eq!(got[0].context().as_deref(), Some("layer sha256:aa"));
        assert_eq!(got[1].context(), None);
        assert!(occurrences.of_component("pkg:pypi/y@1").is_empty());
    }
}
