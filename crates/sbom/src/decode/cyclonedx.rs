//! CycloneDX JSON (any 1.x version): its components, nested ones
//! included, as found packages.

use super::decoded::{DecodeError, Decoded, Place, clip};
use super::package::{Described, Distro, package};
use crate::format::SbomFormat;
use serde::Deserialize;

/// The fields of a CycloneDX JSON BOM relnotes reads.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct CycloneDxBom {
    bom_format: String,
    spec_version: String,
    #[serde(default)]
    components: Vec<CycloneDxComponent>,
}

#[derive(Deserialize)]
struct CycloneDxComponent {
    #[serde(rename = "type")]
    kind: String,
    name: String,
    version: Option<String>,
    purl: Option<String>,
    cpe: Option<String>,
    #[serde(rename = "bom-ref")]
    bom_ref: Option<String>,
    #[serde(default)]
    components: Vec<CycloneDxComponent>,
}

impl CycloneDxBom {
    /// The BOM's packages read at `place`, or what is wrong with it.
    pub(crate) fn decode(self, place: Place) -> Result<Decoded, DecodeError> {
        if self.bom_format != "CycloneDX" {
            return Err(DecodeError::new(format!(
                "`bomFormat` is `{}`, not `CycloneDX`",
                clip(&self.bom_format, 100)
            )));
        }
        let mut packages = Vec::new();
        let mut skipped = 0;
        let mut distro = Distro::default();
        let mut pending: Vec<&CycloneDxComponent> = self.components.iter().collect();
        while let Some(c) = pending.pop() {
            pending.extend(c.components.iter());
            let id = c.bom_ref.as_deref().unwrap_or(&c.name);
            let described = Described {
                name: &c.name,
                version: c.version.as_deref(),
                purl: c.purl.as_deref(),
                cpes: c.cpe.as_deref().into_iter().collect(),
                operating_system: c.kind == "operating-system",
            };
            let evidence = place.evidence(SbomFormat::Json, id);
            match package(&described, evidence, &mut distro) {
                Ok(Some(found)) => packages.push(found),
                Ok(None) => skipped += 1,
                Err(e) => {
                    return Err(DecodeError::new(format!(
                        "component `{}`: {e}",
                        clip(id, 200)
                    )));
                }
            }
        }
        let os = distro.os(|id| place.evidence(SbomFormat::Json, id));
        let distro_os = os.is_some();
        packages.extend(os);
        Ok(Decoded {
            format: SbomFormat::Json,
            spec_version: self.spec_version,
            name: None,
            packages,
            skipped,
            distro_os,
        })
    }
}
