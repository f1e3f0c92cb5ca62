//! An SBOM as an OCI 1.1 artifact: a manifest whose `artifactType` says
//! what it holds, whose config is the empty descriptor (`{}`, as the
//! image spec advises for artifacts without a config), whose one layer is
//! the SBOM, and whose `subject` is the platform manifest it describes.
//! The same SBOM and subject always give the same bytes, hence the same
//! digest: attaching twice finds the first.

use crate::digest::sha256_digest;
use oci_spec::image::{
    Descriptor, DescriptorBuilder, ImageManifestBuilder, MediaType, SCHEMA_VERSION,
};
use std::collections::HashMap;
use std::str::FromStr;

/// The media type of an OCI image manifest (artifact manifests are ones).
pub(super) const OCI_MANIFEST: &str = "application/vnd.oci.image.manifest.v1+json";
/// The content of the empty descriptor.
pub(crate) const EMPTY_JSON: &[u8] = b"{}";

/// Says which SBOM an artifact holds: `declared` or `observed`.
pub(crate) const KIND_ANNOTATION: &str = "dev.relnotes.sbom";
pub(crate) const TITLE_ANNOTATION: &str = "org.opencontainers.image.title";
pub(crate) const VERSION_ANNOTATION: &str = "org.opencontainers.image.version";

/// A blob to push: its digest and bytes.
#[derive(Debug, Clone)]
pub(super) struct Blob {
    pub digest: String,
    pub bytes: Vec<u8>,
}

impl Blob {
    pub(super) fn new(bytes: Vec<u8>) -> Blob {
        Blob {
            digest: sha256_digest(&bytes),
            bytes,
        }
    }
}

/// The manifest of a platform that an artifact refers to.
#[derive(Debug, Clone)]
pub(crate) struct Subject {
    pub media_type: String,
    pub digest: String,
    pub size: u64,
}

/// An artifact ready to push: its blobs, then its manifest.
#[derive(Debug, Clone)]
pub(crate) struct Artifact {
    pub artifact_type: String,
    pub blobs: Vec<Blob>,
    pub manifest: Blob,
    pub annotations: HashMap<String, String>,
}

impl Artifact {
    /// The descriptor a referrers index lists for this artifact.
    pub(super) fn descriptor(&self) -> Descriptor {
        let mut descriptor = descriptor(
            OCI_MANIFEST,
            &self.manifest.digest,
            self.manifest.bytes.len() as u64,
        );
        descriptor.set_artifact_type(Some(MediaType::from(self.artifact_type.as_str())));
        descriptor.set_annotations(Some(self.annotations.clone()));
        descriptor
    }
}

/// The artifact of an SBOM in JSON of `media_type` (CycloneDX or SPDX)
/// about `subject`, named `file_name`, with `annotations` on its manifest.
pub(crate) fn sbom_artifact(
    (sbom, media_type): (Vec<u8>, &str),
    file_name: &str,
    subject: &Subject,
    annotations: HashMap<String, String>,
) -> Artifact {
    let config = Blob::new(EMPTY_JSON.to_vec());
    let layer = Blob::new(sbom);
    let mut layer_descriptor = descriptor(media_type, &layer.digest, layer.bytes.len() as u64);
    layer_descriptor.set_annotations(Some(HashMap::from([(
        TITLE_ANNOTATION.to_string(),
        file_name.to_string(),
    )])));
    let manifest = ImageManifestBuilder::default()
        .schema_version(SCHEMA_VERSION)
        .media_type(MediaType::ImageManifest)
        .artifact_type(MediaType::from(media_type))
        .config(descriptor(
            "application/vnd.oci.empty.v1+json",
            &config.digest,
            config.bytes.len() as u64,
        ))
        .layers(vec![layer_descriptor])
        .subject(descriptor(
            &subject.media_type,
            &subject.digest,
            subject.size,
        ))
        .annotations(annotations.clone())
        .build()
        .expect("every required field of the manifest is set");
    // serde_json writes a HashMap's keys in an order that varies: sort
    // them through a Value, whose maps are ordered, for stable bytes.
    let value = serde_json::to_value(&manifest).expect("a manifest serializes");
    let bytes = serde_json::to_vec(&value).expect("a JSON value serializes");
    Artifact {
        artifact_type: media_type.into(),
        blobs: vec![config, layer],
        manifest: Blob::new(bytes),
        annotations,
    }
}

/// A descriptor of `media_type`; `digest` is a sha256 digest relnotes made
/// or checked.
pub(super) fn descriptor(media_type: &str, digest: &str, size: u64) -> Descriptor {
    DescriptorBuilder::default()
        .media_type(MediaType::from(media_type))
        .digest(oci_spec::image::Digest::from_str(digest).expect("a sha256 digest"))
        .size(size)
        .build()
        .expect("every required field of the descriptor is set")
}

#[cfg(test)]
mod tests {
    use super::*;

    const CYCLONEDX_JSON: &str = "application/vnd.cyclonedx+json";

    fn subject() -> Subject {
        Subject {
            media_type: OCI_MANIFEST.into(),
            digest: sha256_digest(b"platform manifest"),
            size: 17,
        }
    }

    #[test]
    fn an_sbom_artifact_follows_the_image_spec_guidance() {
        let annotations = HashMap::from([(KIND_ANNOTATION.to_string(), "declared".to_string())]);
        let artifact = sbom_artifact(
            (b"{\"bomFormat\":\"CycloneDX\"}".to_vec(), CYCLONEDX_JSON),
            "a.cdx.json",
            &subject(),
            annotations,
        );
        let manifest: serde_json::Value = serde_json::from_slice(&artifact.manifest.bytes).unwrap();
        assert_eq!(manifest["mediaType"], OCI_MANIFEST);
        assert_eq!(manifest["artifactType"], CYCLONEDX_JSON);
        assert_eq!(
            manifest["config"]["mediaType"],
            "application/vnd.oci.empty.v1+json"
        );
        assert_eq!(
            manifest["config"]["digest"],
            "sha256:44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a"
        );
        assert_eq!(manifest["config"]["size"], 2);
        assert_eq!(manifest["layers"][0]["mediaType"], CYCLONEDX_JSON);
        assert_eq!(manifest["layers"][0]["digest"], artifact.blobs[1].digest);
        assert_eq!(
            manifest["layers"][0]["annotations"][TITLE_ANNOTATION],
            "a.cdx.json"
        );
        assert_eq!(manifest["subject"]["digest"], subject().digest);
        assert_eq!(manifest["annotations"][KIND_ANNOTATION], "declared");
        let listed = artifact.descriptor();
        assert_eq!(listed.digest().to_string(), artifact.manifest.digest);
        assert_eq!(listed.size(), artifact.manifest.bytes.len() as u64);
    }

    #[test]
    fn the_same_sbom_gives_the_same_digest() {
        let annotations = || {
            (0..20)
                .map(|i| (format!("key.{i}"), format!("value {i}")))
                .collect::<HashMap<_, _>>()
        };
        let a = sbom_artifact(
            (b"{}".to_vec(), CYCLONEDX_JSON),
            "x",
            &subject(),
            annotations(),
        );
        let b = sbom_artifact(
            (b"{}".to_vec(), CYCLONEDX_JSON),
            "x",
            &subject(),
            annotations(),
        );
        assert_eq!(a.manifest.digest, b.manifest.digest);
        let c = sbom_artifact(
            (b"{ }".to_vec(), CYCLONEDX_JSON),
            "x",
            &subject(),
            annotations(),
        );
        assert_ne!(a.manifest.digest, c.manifest.digest);
    }
}
