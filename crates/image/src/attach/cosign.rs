//! Signed attestations where cosign keeps them: for `cosign attest`, an
//! image manifest under the tag `sha256-<hex>.att` of the attested
//! manifest's digest, each layer a DSSE envelope
//! (`application/vnd.dsse.envelope.v1+json`) annotated with its predicate
//! type. `attach --sign-key` adds its envelopes there; `verify --key`
//! reads them.

use super::artifact::{Blob, KIND_ANNOTATION, OCI_MANIFEST, descriptor};
use super::error::AttachError;
pub(crate) use super::referrers::attestation_tag;
use super::report::SbomKind;
use super::sign::DSSE_ENVELOPE;
use crate::error::document_error;
use crate::registry::Registry;
use oci_spec::image::{Descriptor, ImageManifest, ImageManifestBuilder, MediaType, SCHEMA_VERSION};
use std::collections::HashMap;

/// The annotation cosign puts on each attestation layer, empty for DSSE.
const SIGNATURE_ANNOTATION: &str = "dev.cosignproject.cosign/signature";
/// The annotation naming an attestation layer's predicate type.
pub(crate) const PREDICATE_ANNOTATION: &str = "predicateType";

/// The attestation manifest of `subject` and its digest, if it has one.
pub(crate) fn attestations(
    registry: &Registry,
    subject: &str,
) -> Result<Option<(String, ImageManifest)>, AttachError> {
    let tag = attestation_tag(subject);
    let Some(fetched) = registry.manifest_if_any(&tag, OCI_MANIFEST)? else {
        return Ok(None);
    };
    let manifest = ImageManifest::from_reader(fetched.bytes.as_slice()).map_err(|e| {
        AttachError::BadReferrers {
            registry: registry.name().to_string(),
            what: format!("attestation tag {tag}"),
            detail: document_error(&e),
        }
    })?;
    Ok(Some((
        crate::digest::sha256_digest(&fetched.bytes),
        manifest,
    )))
}

/// Adds the DSSE `envelope` (an SBOM of `kind` whose predicate type is
/// `predicate_type`) to the attestations of `subject`, unless it is there
/// already. Whether it was added.
pub(crate) fn add(
    registry: &Registry,
    subject: &str,
    envelope: &Blob,
    predicate_type: &str,
    kind: SbomKind,
) -> Result<bool, AttachError> {
    let mut layers: Vec<Descriptor> = match attestations(registry, subject)? {
        Some((_, manifest)) => manifest.layers().clone(),
        None => Vec::new(),
    };
    if layers
        .iter()
        .any(|l| l.digest().to_string() == envelope.digest)
    {
        return Ok(false);
    }
    let mut layer = descriptor(DSSE_ENVELOPE, &envelope.digest, envelope.bytes.len() as u64);
    layer.set_annotations(Some(HashMap::from([
        (SIGNATURE_ANNOTATION.to_string(), String::new()),
        (PREDICATE_ANNOTATION.to_string(), predicate_type.to_string()),
        (KIND_ANNOTATION.to_string(), kind.as_str().to_string()),
    ])));
    layers.push(layer);
    // The config cosign writes: the layers as an image's, uncompressed.
    let diff_ids: Vec<String> = layers.iter().map(|l| l.digest().to_string()).collect();
    let config = serde_json::json!({
        "architecture": "",
        "created": "0001-01-01T00:00:00Z",
        "history": diff_ids.iter().map(|_| serde_json::json!({"created": "0001-01-01T00:00:00Z"})).collect::<Vec<_>>(),
        "os": "",
        "rootfs": {"type": "layers", "diff_ids": diff_ids},
        "config": {},
    });
    let config = Blob::new(serde_json::to_vec(&config).expect("a JSON value serializes"));
    let manifest = ImageManifestBuilder::default()
        .schema_version(SCHEMA_VERSION)
        .media_type(MediaType::ImageManifest)
        .config(descriptor(
            "application/vnd.oci.image.config.v1+json",
            &config.digest,
            config.bytes.len() as u64,
        ))
        .layers(layers)
        .build()
        .expect("every required field of the manifest is set");
    // Through a Value: annotations in a stable order.
    let value = serde_json::to_value(&manifest).expect("a manifest serializes");
    let bytes = serde_json::to_vec(&value).expect("a JSON value serializes");
    registry.push_blob(&envelope.digest, &envelope.bytes)?;
    registry.push_blob(&config.digest, &config.bytes)?;
    registry.push_manifest(&attestation_tag(subject), OCI_MANIFEST, &bytes)?;
    Ok(true)
}
