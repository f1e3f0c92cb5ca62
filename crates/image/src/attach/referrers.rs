//! Where a registry keeps the referrers of a manifest: its referrers API
//! (`GET /v2/<name>/referrers/<digest>`), or, for a registry without one,
//! the referrers tag schema of the distribution spec: an image index
//! under the tag `<alg>-<hex>` of the subject's digest, which clients
//! update themselves.

use super::artifact::Artifact;
use super::error::AttachError;
use crate::error::{clip, document_error};
use crate::registry::Registry;
use crate::registry::write::PushError;
use crate::store::{Fetched, OCI_INDEX};
use oci_spec::image::{Descriptor, ImageIndex, ImageIndexBuilder, MediaType, SCHEMA_VERSION};
use serde::Serialize;

/// How the referrers were found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Via {
    /// The registry's referrers API.
    Api,
    /// The referrers tag (`sha256-<hex>`).
    Tag,
    /// cosign's attestation tag (`sha256-<hex>.att`): a signed
    /// attestation, not a referrer.
    Cosign,
}

/// The referrers of one manifest.
#[derive(Debug, Clone)]
pub(super) struct Referrers {
    pub via: Via,
    pub descriptors: Vec<Descriptor>,
}

/// The referrers tag of a digest: `<alg>-<encoded>`, the algorithm cut to
/// 32 characters and the encoded part to 64, other characters than
/// `[a-zA-Z0-9._-]` replaced by `-` (distribution spec, "referrers tag
/// schema").
pub(crate) fn referrers_tag(digest: &str) -> String {
    let (alg, encoded) = digest.split_once(':').unwrap_or(("sha256", digest));
    let clean = |s: &str, max: usize| -> String {
        s.chars()
            .take(max)
            .map(|c| {
                if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                    c
                } else {
                    '-'
                }
            })
            .collect()
    };
    format!("{}-{}", clean(alg, 32), clean(encoded, 64))
}

/// cosign's tag of the attestations of `subject`: its referrers tag and
/// `.att` (`sha256-<hex>.att`).
pub(crate) fn attestation_tag(subject: &str) -> String {
    format!("{}.att", referrers_tag(subject))
}

/// The referrers of `subject`: from the API where the registry answers
/// it, else from the referrers tag (none when the tag does not exist).
pub(crate) fn list(registry: &Registry, subject: &str) -> Result<Referrers, AttachError> {
    if let Some(fetched) = registry.referrers_api(subject)? {
        let index = parse_index(registry, subject, &fetched)?;
        return Ok(Referrers {
            via: Via::Api,
            descriptors: index.manifests().clone(),
        });
    }
    let descriptors = match tag_index(registry, subject)? {
        Some(index) => index.manifests().clone(),
        None => Vec::new(),
    };
    Ok(Referrers {
        via: Via::Tag,
        descriptors,
    })
}

/// Adds `artifact` to the referrers tag of `subject`, unless it is listed
/// there already. Whether it was added.
pub(crate) fn add_to_tag(
    registry: &Registry,
    subject: &str,
    artifact: &Artifact,
) -> Result<bool, AttachError> {
    // An existing index is extended as it is (its annotations kept).
    let mut index = match tag_index(registry, subject)? {
        Some(index) => index,
        None => ImageIndexBuilder::default()
            .schema_version(SCHEMA_VERSION)
            .media_type(MediaType::ImageIndex)
            .manifests(Vec::new())
            .build()
            .expect("every required field of the index is set"),
    };
    let digest = &artifact.manifest.digest;
    if index
        .manifests()
        .iter()
        .any(|d| d.digest().to_string() == *digest)
    {
        return Ok(false);
    }
    let mut manifests = index.manifests().clone();
    manifests.push(artifact.descriptor());
    index.set_manifests(manifests);
    let value = serde_json::to_value(&index).expect("an index serializes");
    let bytes = serde_json::to_vec(&value).expect("a JSON value serializes");
    registry.push_manifest(&referrers_tag(subject), OCI_INDEX, &bytes)?;
    Ok(true)
}

/// The index under the referrers tag of `subject`, if there is one.
fn tag_index(registry: &Registry, subject: &str) -> Result<Option<ImageIndex>, AttachError> {
    let tag = referrers_tag(subject);
    let Some(fetched) = registry.manifest_if_any(&tag, OCI_INDEX)? else {
        return Ok(None);
    };
    parse_index(registry, &tag, &fetched).map(Some)
}

fn parse_index(
    registry: &Registry,
    what: &str,
    fetched: &Fetched,
) -> Result<ImageIndex, AttachError> {
    let bad = |detail: String| AttachError::BadReferrers {
        registry: registry.name().to_string(),
        what: what.to_string(),
        detail,
    };
    if let Some(media_type) = &fetched.media_type
        && !media_type.starts_with(OCI_INDEX)
    {
        return Err(bad(format!(
            "it is `{}`, not an OCI image index",
            clip(media_type, 200)
        )));
    }
    ImageIndex::from_reader(fetched.bytes.as_slice()).map_err(|e| bad(document_error(&e)))
}

impl From<PushError> for AttachError {
    fn from(e: PushError) -> AttachError {
        AttachError::Push(Box::new(e))
    }
}

#[cfg(test)]
mod tests {
    use super::referrers_tag;

    #[test]
    fn the_tag_of_a_digest() {
        let hex = "a".repeat(64);
        assert_eq!(
            referrers_tag(&format!("sha256:{hex}")),
            format!("sha256-{hex}")
        );
        // Longer encodings are cut; characters a tag cannot hold become `-`.
        let long = "b".repeat(128);
        assert_eq!(
            referrers_tag(&format!("sha512:{long}")),
            format!("sha512-{}", "b".repeat(64))
        );
        assert_eq!(referrers_tag("my+alg:abc=="), "my-alg-abc--");
    }
}
