//! `relnotes referrers`: what is attached to each platform of an image:
//! its OCI referrers, and the BuildKit attestation manifests the image
//! index carries beside it.

use super::error::AttachError;
use super::referrers;
use super::report::{AttestationEntry, PlatformReferrers, Referrer, ReferrersReport, Statement};
use crate::image::Attestation;
use crate::{Image, ImageSource, InspectError, OpenOptions, registry};
use oci_spec::image::ImageManifest;
use std::collections::BTreeMap;

/// The annotation of an attestation layer naming its predicate type.
const PREDICATE_TYPE: &str = "in-toto.io/predicate-type";

/// The referrers of every platform manifest of the image `reference`.
pub fn list_referrers(
    reference: &str,
    options: &OpenOptions,
) -> Result<ReferrersReport, AttachError> {
    let source = ImageSource::parse(reference)?;
    let ImageSource::Registry(image_ref) = &source else {
        return Err(AttachError::NotARegistry {
            reference: reference.to_string(),
        });
    };
    let image = crate::open(&source, options)?;
    let (registry, _) = registry::open(image_ref, options)?;
    let mut platforms = Vec::new();
    for platform in image.platforms() {
        let manifest = image.manifest_digest(&platform)?;
        let found = referrers::list(&registry, &manifest)?;
        let referrers = found
            .descriptors
            .iter()
            .map(|d| Referrer {
                artifact_type: d.artifact_type().as_ref().map(|t| t.to_string()),
                media_type: d.media_type().to_string(),
                digest: d.digest().to_string(),
                size: d.size(),
                annotations: d
                    .annotations()
                    .clone()
                    .unwrap_or_default()
                    .into_iter()
                    .collect::<BTreeMap<_, _>>(),
            })
            .collect();
        let attestations = image
            .attestations()
            .iter()
            .filter(|a| a.subject == manifest)
            .map(|a| attestation_entry(&image, a))
            .collect::<Result<_, _>>()?;
        platforms.push(PlatformReferrers {
            platform: platform.to_string(),
            scan: registry.reference_for(&manifest),
            manifest,
            via: found.via,
            referrers,
            attestations,
        });
    }
    Ok(ReferrersReport {
        image: reference.to_string(),
        platforms,
    })
}

/// An attestation manifest and the statements it holds, as its layer
/// descriptors say (no statement is read).
fn attestation_entry(image: &Image, a: &Attestation) -> Result<AttestationEntry, InspectError> {
    let fetched = image.document(&a.digest, Some(&a.media_type))?;
    let manifest = ImageManifest::from_reader(fetched.bytes.as_slice()).map_err(|e| {
        InspectError::InvalidDocument {
            reference: image.reference().to_string(),
            what: format!("attestation manifest {}", a.digest),
            detail: crate::error::document_error(&e),
        }
    })?;
    let statements = manifest
        .layers()
        .iter()
        .map(|l| Statement {
            media_type: l.media_type().to_string(),
            predicate_type: l
                .annotations()
                .as_ref()
                .and_then(|x| x.get(PREDICATE_TYPE).cloned()),
            digest: l.digest().to_string(),
            size: l.size(),
        })
        .collect();
    Ok(AttestationEntry {
        digest: a.digest.clone(),
        size: fetched.bytes.len() as u64,
        statements,
    })
}
