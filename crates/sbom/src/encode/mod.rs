//! CycloneDX 1.5, 1.6 and 1.7 and SPDX 2.3 SBOMs of a release: one per
//! image platform.
//!
//! [`build`] turns one architecture of a release record into a CycloneDX
//! [`Bom`]: the image as `metadata.component`, every declared component of
//! that architecture with a package URL ([`purl`]), the driver requirements
//! as properties, and a serial number derived from the content
//! (`serial`). [`encode`] writes it as CycloneDX 1.6 JSON or XML,
//! [`encode_as`] as 1.5, 1.6 or 1.7 (`rewrite`), or as an SPDX 2.3 JSON
//! document (`spdx`). docs/sbom.md lists every choice (types, purls,
//! bom-refs, property names, SPDX fields).

pub(crate) mod build;
mod observed;
mod occurrence_properties;
mod purl;
pub(crate) mod rewrite;
mod serial;
mod spdx;

pub use build::{build, build_json_of};
pub use observed::{ObservedImage, observed};
pub use purl::image_purl;
pub use serial::timestamp_from_env;

use crate::format::{ArchChoice, CycloneDxVersion, SbomError, SbomFormat};
use cyclonedx_bom::prelude::Bom;
use model::{Arch, Release};

/// The architectures `choice` names, in record order.
pub fn pick_archs(release: &Release, choice: &ArchChoice) -> Result<Vec<Arch>, SbomError> {
    let unknown = |arch: &str| SbomError::UnknownArch {
        arch: arch.to_string(),
        version: release.version.clone(),
        archs: release.arch_names(),
    };
    match choice {
        ArchChoice::All => Ok(release.archs.clone()),
        ArchChoice::One(arch) => release
            .arch_named(arch)
            .map(|a| vec![a.clone()])
            .ok_or_else(|| unknown(arch)),
        ArchChoice::Only if release.archs.len() == 1 => Ok(release.archs.clone()),
        ArchChoice::Only => Err(SbomError::ArchRequired {
            version: release.version.clone(),
            archs: release.arch_names(),
        }),
    }
}

/// The time of an SBOM that is not stamped, in the formats that need one
/// (SPDX): the release's date (`date = "2025-10-30"`) at midnight UTC, or
/// none when the record gives no such date.
pub fn release_time(date: Option<&str>) -> Option<String> {
    spdx::release_date(date)
}

/// `<version>-<arch>.cdx.json` / `.cdx.xml` / `.spdx.json`.
pub fn file_name(version: &str, arch: &Arch, format: SbomFormat) -> String {
    format!("{version}-{arch}.{}", format.extension())
}

/// The SBOM as CycloneDX JSON or XML of the default version (1.6), or
/// SPDX 2.3 JSON, ending with a newline.
pub fn encode(bom: Bom, format: SbomFormat) -> Result<String, SbomError> {
    encode_as(bom, format, CycloneDxVersion::default())
}

/// The SBOM as CycloneDX `version` JSON or XML, ending with a newline. Both
/// versions of one BOM share its serial number: they are one BOM, encoded
/// twice, as its JSON and XML are. As SPDX 2.3 JSON, `version` does not
/// apply: the document is created at the BOM's timestamp, else at
/// 1970-01-01T00:00:00Z.
pub fn encode_as(
    bom: Bom,
    format: SbomFormat,
    version: CycloneDxVersion,
) -> Result<String, SbomError> {
    match format {
        SbomFormat::SpdxJson => spdx::encode(&bom),
        SbomFormat::Json => encode_cyclonedx(bom, false, version),
        SbomFormat::Xml => encode_cyclonedx(bom, true, version),
    }
}

/// [`encode_as`] in CycloneDX: its JSON, or with `xml` its XML.
fn encode_cyclonedx(bom: Bom, xml: bool, version: CycloneDxVersion) -> Result<String, SbomError> {
    let occurrences = rewrite::Occurrences::of(&bom);
    let lifecycles = rewrite::LifecyclesOf::of(&bom);
    let mut bytes = Vec::new();
    let result = if xml {
        bom.output_as_xml_v1_5(&mut bytes)
            .map_err(|e| e.to_string())
    } else {
        bom.output_as_json_v1_5(&mut bytes)
            .map_err(|e| e.to_string())
    };
    let name = if xml { "XML" } else { "JSON" };
    result.map_err(|detail| SbomError::Encode {
        format: name,
        detail,
    })?;
    let completed = match (xml, version) {
        (false, CycloneDxVersion::V1_5) => Ok(bytes),
        (false, version) => {
            rewrite::upgrade_json(&bytes, version, &occurrences).map_err(|e| e.to_string())
        }
        (true, version) => rewrite::complete_xml(&bytes, version, &occurrences, &lifecycles),
    };
    bytes = completed.map_err(|detail| SbomError::Encode {
        format: name,
        detail: format!("as CycloneDX {}: {detail}", version.as_str()),
    })?;
    let mut text = String::from_utf8(bytes).map_err(|e| SbomError::Encode {
        format: name,
        detail: e.to_string(),
    })?;
    text.push('\n');
    Ok(text)
}
