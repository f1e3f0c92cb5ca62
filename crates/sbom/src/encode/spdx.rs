//! A CycloneDX BOM of one image platform as an SPDX 2.3 JSON document.
//!
//! The BOM's image (`metadata.component`) is the package the document
//! describes (a `DESCRIBES` relationship from the document); every
//! component is a package the image `CONTAINS`, as syft writes an image's
//! SPDX. Identifiers and the namespace derive from the content, so the
//! same BOM gives the same bytes. docs/sbom.md lists every field.

use crate::format::SbomError;
use cyclonedx_bom::models::component::Classification;
use cyclonedx_bom::prelude::{Bom, Component as CdxComponent};
use serde::Serialize;
use sha2::{Digest, Sha256};

/// `created` when the BOM carries no timestamp: the Unix epoch, as
/// `SOURCE_DATE_EPOCH=0` would say; SPDX requires the field.
pub(crate) const UNDATED: &str = "1970-01-01T00:00:00Z";

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Document {
    spdx_version: &'static str,
    data_license: &'static str,
    #[serde(rename = "SPDXID")]
    spdx_id: &'static str,
    name: String,
    document_namespace: String,
    creation_info: CreationInfo,
    packages: Vec<SpdxPackage>,
    relationships: Vec<Relationship>,
}

#[derive(Serialize)]
struct CreationInfo {
    creators: Vec<String>,
    created: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SpdxPackage {
    name: String,
    #[serde(rename = "SPDXID")]
    spdx_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    version_info: Option<String>,
    download_location: &'static str,
    files_analyzed: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    source_info: Option<String>,
    license_concluded: &'static str,
    license_declared: &'static str,
    copyright_text: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    description: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    external_refs: Vec<ExternalRef>,
    primary_package_purpose: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ExternalRef {
    reference_category: &'static str,
    reference_type: &'static str,
    reference_locator: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Relationship {
    spdx_element_id: String,
    relationship_type: &'static str,
    related_spdx_element: String,
}

/// `bom` as SPDX 2.3 JSON, ending with a newline. `created` is the BOM's
/// timestamp, else [`UNDATED`].
pub(crate) fn encode(bom: &Bom) -> Result<String, SbomError> {
    let metadata = bom.metadata.as_ref();
    let Some(image) = metadata.and_then(|m| m.component.as_ref()) else {
        return Err(SbomError::Encode {
            format: "SPDX 2.3 JSON",
            detail: "the BOM names no image (metadata.component)".into(),
        });
    };
    let arch = metadata
        .and_then(|m| m.properties.as_ref())
        .and_then(|p| p.0.iter().find(|p| p.name == "relnotes:arch"))
        .map(|p| p.value.to_string());
    let described = package(image);
    let mut contained: Vec<SpdxPackage> = bom
        .components
        .iter()
        .flat_map(|c| c.0.iter())
        .map(package)
        .collect();
    contained.sort_by(|a, b| a.spdx_id.cmp(&b.spdx_id));
    contained.dedup_by(|a, b| a.spdx_id == b.spdx_id);

    let mut relationships = vec![Relationship {
        spdx_element_id: "SPDXRef-DOCUMENT".into(),
        relationship_type: "DESCRIBES",
        related_spdx_element: described.spdx_id.clone(),
    }];
    relationships.extend(contained.iter().map(|p| Relationship {
        spdx_element_id: described.spdx_id.clone(),
        relationship_type: "CONTAINS",
        related_spdx_element: p.spdx_id.clone(),
    }));
    let name = [
        Some(described.name.clone()),
        described.version_info.clone(),
        arch,
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join("-");
    let mut packages = vec![described];
    packages.extend(contained);
    let mut document = Document {
        spdx_version: "SPDX-2.3",
        data_license: "CC0-1.0",
        spdx_id: "SPDXRef-DOCUMENT",
        name,
        document_namespace: String::new(),
        creation_info: CreationInfo {
            creators: vec![format!("Tool: relnotes-{}", env!("CARGO_PKG_VERSION"))],
            created: metadata
                .and_then(|m| m.timestamp.as_ref())
                .map_or_else(|| UNDATED.to_string(), |t| t.to_string()),
        },
        packages,
        relationships,
    };
    // The namespace is unique per content: the hash of the document
    // without it, as the CycloneDX serial number is.
    let unnamespaced = json(&document)?;
    document.document_namespace = format!(
        "https://spdx.org/spdxdocs/{}-{}",
        sanitized(&document.name),
        super::serial::uuid_of(unnamespaced.as_bytes())
    );
    let mut text = json(&document)?;
    text.push('\n');
    Ok(text)
}

fn json(document: &Document) -> Result<String, SbomError> {
    serde_json::to_string_pretty(document).map_err(|e| SbomError::Encode {
        format: "SPDX 2.3 JSON",
        detail: e.to_string(),
    })
}

fn package(component: &CdxComponent) -> SpdxPackage {
    let name = component.name.to_string();
    let purl = component.purl.as_ref().map(|p| p.to_string());
    let mut external_refs = Vec::new();
    if let Some(cpe) = &component.cpe {
        external_refs.push(ExternalRef {
            reference_category: "SECURITY",
            reference_type: "cpe23Type",
            reference_locator: cpe.to_string(),
        });
    }
    if let Some(purl) = &purl {
        external_refs.push(ExternalRef {
            reference_category: "PACKAGE-MANAGER",
            reference_type: "purl",
            reference_locator: purl.clone(),
        });
    }
    let identity = component
        .bom_ref
        .clone()
        .or(purl)
        .unwrap_or_else(|| name.clone());
    SpdxPackage {
        spdx_id: spdx_id(&name, &identity),
        name,
        version_info: component
            .version
            .as_ref()
            .map(|v| v.to_string())
            .filter(|v| !v.is_empty()),
        download_location: "NOASSERTION",
        files_analyzed: false,
        source_info: source_info(component),
        license_concluded: "NOASSERTION",
        license_declared: "NOASSERTION",
        copyright_text: "NOASSERTION",
        description: component.description.as_ref().map(|d| d.to_string()),
        external_refs,
        primary_package_purpose: purpose(&component.component_type),
    }
}

/// Where relnotes found a component in the image, from its properties: each
/// file with its layer, and the config fields; none for a declared one.
fn source_info(component: &CdxComponent) -> Option<String> {
    let properties = component.properties.as_ref()?;
    let mut places = Vec::new();
    let mut path = None;
    for property in &properties.0 {
        let value = property.value.to_string();
        match property.name.as_str() {
            super::occurrence_properties::PATH_PROPERTY => path = Some(value),
            super::occurrence_properties::LAYER_PROPERTY => {
                if let Some(path) = path.take() {
                    places.push(format!("/{path} in layer {value}"));
                }
            }
            "relnotes:config" => places.push(format!("the image config's {value}")),
            _ => {}
        }
    }
    (!places.is_empty()).then(|| format!("found by relnotes at {}", places.join("; ")))
}

/// `SPDXRef-Package-<name>-<hash>`: readable by its name, unique by the
/// hash of the component's bom-ref (two copies of a library share a name).
fn spdx_id(name: &str, identity: &str) -> String {
    let digest = Sha256::digest(identity.as_bytes());
    let hash: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
    format!("SPDXRef-Package-{}-{hash}", sanitized(name))
}

/// Letters, digits, `.` and `-`, as SPDX identifiers allow; anything else
/// becomes `-`.
fn sanitized(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '-'
            }
        })
        .collect()
}

/// SPDX 2.3's `primaryPackagePurpose` of a CycloneDX component type.
fn purpose(kind: &Classification) -> &'static str {
    match kind {
        Classification::Application => "APPLICATION",
        Classification::Framework => "FRAMEWORK",
        Classification::Library => "LIBRARY",
        Classification::Container => "CONTAINER",
        Classification::OperatingSystem => "OPERATING-SYSTEM",
        Classification::Device => "DEVICE",
        Classification::Firmware => "FIRMWARE",
        Classification::File => "FILE",
        _ => "OTHER",
    }
}

/// The SBOM's time when it is not stamped: the release's date when the
/// record gives one as `YYYY-MM-DD`, at midnight UTC.
pub(crate) fn release_date(date: Option<&str>) -> Option<String> {
    let mut parts = date?.trim().splitn(3, '-');
    let mut number = || parts.next()?.parse::<u16>().ok();
    let (year, month, day) = (number()?, number()?, number()?);
    let month = time::Month::try_from(u8::try_from(month).ok()?).ok()?;
    let date = time::Date::from_calendar_date(i32::from(year), month, u8::try_from(day).ok()?);
    date.ok().map(|d| format!("{d}T00:00:00Z"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_keep_only_what_spdx_allows() {
        assert_eq!(sanitized("NVIDIA cuDNN_9+cu12"), "NVIDIA-cuDNN-9-cu12");
        let a = spdx_id("torch", "pkg:pypi/torch@2.9");
        assert_eq!(a, spdx_id("torch", "pkg:pypi/torch@2.9"));
        assert_ne!(a, spdx_id("torch", "pkg:pypi/torch@2.8"));
        assert!(a.starts_with("SPDXRef-Package-torch-"), "{a}");
    }

    #[test]
    fn only_full_dates_date_the_document() {
        assert_eq!(
            release_date(Some("2025-10-30")).as_deref(),
            Some("2025-10-30T00:00:00Z")
        );
        assert_eq!(release_date(Some("October 2025")), None);
        assert_eq!(release_date(None), None);
    }
}
