//! Attaching SBOMs: each architecture of a record resolved to its
//! platform manifest in the registry (all of them before anything is
//! pushed), then per SBOM its blobs, its manifest by digest and, for a
//! registry without a referrers API, the referrers tag.

use super::artifact::{self, Blob, KIND_ANNOTATION, Subject, TITLE_ANNOTATION, VERSION_ANNOTATION};
use super::cosign;
use super::error::AttachError;
use super::referrers::{self, Via};
use super::report::{AttachReport, Attached, SbomKind, Status};
use super::sign::{self, SigningKey};
use crate::digest::sha256_digest;
use crate::registry::{self, Registry};
use crate::store::OCI_MANIFEST;
use crate::{ImageSource, InspectError, OpenOptions, Platform};
use model::Arch;
use sbom::SbomFormat;
use std::collections::HashMap;

/// One SBOM to attach to the platform of `arch`.
#[derive(Debug, Clone)]
pub struct SbomToAttach {
    /// The architecture whose platform manifest the SBOM describes.
    pub arch: Arch,
    /// Whether it is the record's SBOM or the image's.
    pub kind: SbomKind,
    /// The name it would have as a file (`25.10-amd64.cdx.json`), its title.
    pub file_name: String,
    /// CycloneDX JSON or SPDX JSON: the artifact type says which.
    pub format: SbomFormat,
    /// The SBOM.
    pub json: Vec<u8>,
}

/// An image in a registry, its record's architectures resolved to
/// platform manifests.
pub struct Target {
    reference: String,
    registry: Registry,
    subjects: Vec<(Arch, Platform, Subject)>,
}

impl Target {
    /// Opens `reference` and finds the manifest of each of `archs`; an
    /// architecture the image lacks is an error (nothing is pushed then).
    pub fn open(
        reference: &str,
        version: &str,
        archs: &[Arch],
        options: &OpenOptions,
    ) -> Result<Target, AttachError> {
        let source = ImageSource::parse(reference)?;
        let ImageSource::Registry(image_ref) = &source else {
            return Err(AttachError::NotARegistry {
                reference: reference.to_string(),
            });
        };
        let image = crate::open(&source, options)?;
        let (registry, _) = registry::open(image_ref, options)?;
        let mut subjects = Vec::new();
        for arch in archs {
            let platform = Platform::for_arch(arch);
            let digest = match image.manifest_digest(&platform) {
                Ok(digest) => digest,
                Err(InspectError::PlatformNotFound { available, .. }) => {
                    return Err(AttachError::MissingArch {
                        reference: reference.to_string(),
                        version: version.to_string(),
                        arch: format!("{arch} (platform {platform})"),
                        available: available
                            .iter()
                            .map(Platform::to_string)
                            .collect::<Vec<_>>()
                            .join(", "),
                    });
                }
                Err(e) => return Err(e.into()),
            };
            // As the image names it (`linux/arm64/v8`), for the report.
            let named = image
                .platforms()
                .into_iter()
                .find(|p| p.os == platform.os && p.architecture == platform.architecture)
                .unwrap_or(platform);
            subjects.push((arch.clone(), named, subject(&registry, reference, &digest)?));
        }
        Ok(Target {
            reference: reference.to_string(),
            registry,
            subjects,
        })
    }

    /// Attaches each SBOM to its architecture's manifest; one already
    /// attached (the same bytes) is left as it is. With `sign_key`, each is
    /// also attested, signed by that key, where cosign keeps attestations.
    pub fn attach(
        &self,
        version: &str,
        sboms: &[SbomToAttach],
        sign_key: Option<&SigningKey>,
    ) -> Result<AttachReport, AttachError> {
        let mut attached = Vec::new();
        for sbom in sboms {
            let Some((arch, platform, subject)) =
                self.subjects.iter().find(|(arch, ..)| *arch == sbom.arch)
            else {
                continue;
            };
            let annotations = HashMap::from([
                (KIND_ANNOTATION.to_string(), sbom.kind.as_str().to_string()),
                (TITLE_ANNOTATION.to_string(), sbom.file_name.clone()),
                (VERSION_ANNOTATION.to_string(), version.to_string()),
            ]);
            let artifact = artifact::sbom_artifact(
                (sbom.json.clone(), sbom.format.media_type()),
                &sbom.file_name,
                subject,
                annotations,
            );
            let existing = referrers::list(&self.registry, &subject.digest)?;
            let digest = &artifact.manifest.digest;
            let listed = existing
                .descriptors
                .iter()
                .any(|d| d.digest().to_string() == *digest);
            let (status, via) = if listed {
                (Status::AlreadyAttached, existing.via)
            } else {
                for blob in &artifact.blobs {
                    self.registry.push_blob(&blob.digest, &blob.bytes)?;
                }
                let pushed = self.registry.push_manifest(
                    digest,
                    artifact::OCI_MANIFEST,
                    &artifact.manifest.bytes,
                )?;
                // A registry that indexed the subject says so; otherwise
                // the client keeps the referrers tag.
                if pushed.oci_subject.is_some() {
                    (Status::Attached, Via::Api)
                } else {
                    referrers::add_to_tag(&self.registry, &subject.digest, &artifact)?;
                    (Status::Attached, Via::Tag)
                }
            };
            attached.push(Attached {
                arch: arch.to_string(),
                platform: platform.to_string(),
                subject: subject.digest.clone(),
                kind: sbom.kind,
                artifact_type: artifact.artifact_type.clone(),
                digest: digest.clone(),
                size: artifact.manifest.bytes.len() as u64,
                status,
                via,
                signed_by: None,
            });
            if let Some(key) = sign_key {
                attached.push(self.attest(arch, platform, subject, sbom, key)?);
            }
        }
        Ok(AttachReport {
            version: version.to_string(),
            image: self.reference.clone(),
            attached,
        })
    }
}

impl Target {
    /// `sbom` as an in-toto statement about `subject`, in a DSSE envelope
    /// signed by `key`, added to the subject's cosign attestations.
    fn attest(
        &self,
        arch: &Arch,
        platform: &Platform,
        subject: &Subject,
        sbom: &SbomToAttach,
        key: &SigningKey,
    ) -> Result<Attached, AttachError> {
        let predicate: serde_json::Value =
            serde_json::from_slice(&sbom.json).expect("relnotes' own SBOM is JSON");
        let hex = subject.digest.trim_start_matches("sha256:");
        // As cosign writes it: in-toto v0.1, the image named without tag.
        let statement = serde_json::json!({
            "_type": "https://in-toto.io/Statement/v0.1",
            "predicateType": sbom.format.predicate_type(),
            "subject": [{"name": self.registry.image_name(), "digest": {"sha256": hex}}],
            "predicate": predicate,
        });
        let statement = serde_json::to_vec(&statement).expect("a JSON value serializes");
        let envelope = Blob::new(sign::seal(&statement, key));
        let added = cosign::add(
            &self.registry,
            &subject.digest,
            &envelope,
            sbom.format.predicate_type(),
            sbom.kind,
        )?;
        Ok(Attached {
            arch: arch.to_string(),
            platform: platform.to_string(),
            subject: subject.digest.clone(),
            kind: sbom.kind,
            artifact_type: sign::DSSE_ENVELOPE.to_string(),
            digest: envelope.digest,
            size: envelope.bytes.len() as u64,
            status: if added {
                Status::Attached
            } else {
                Status::AlreadyAttached
            },
            via: Via::Cosign,
            signed_by: Some(key.public().fingerprint().to_string()),
        })
    }
}

/// The descriptor of a platform manifest, as the registry serves it.
fn subject(registry: &Registry, reference: &str, digest: &str) -> Result<Subject, AttachError> {
    let fetched = registry.manifest_document(digest)?;
    let actual = sha256_digest(&fetched.bytes);
    if actual != digest {
        return Err(InspectError::DigestMismatch {
            reference: reference.to_string(),
            what: "manifest".into(),
            expected: digest.to_string(),
            actual,
        }
        .into());
    }
    // The registry's Content-Type, else the document's own `mediaType`.
    let media_type = fetched
        .media_type
        .as_deref()
        .map(|m| m.split(';').next().unwrap_or(m).trim().to_string())
        .filter(|m| m.starts_with("application/"))
        .or_else(|| {
            serde_json::from_slice::<serde_json::Value>(&fetched.bytes)
                .ok()?
                .get("mediaType")?
                .as_str()
                .map(str::to_string)
        })
        .unwrap_or_else(|| OCI_MANIFEST.to_string());
    Ok(Subject {
        media_type,
        digest: digest.to_string(),
        size: fetched.bytes.len() as u64,
    })
}
