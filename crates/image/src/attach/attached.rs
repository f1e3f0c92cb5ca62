//! The SBOM attached to an image, read instead of its layers
//! (`verify --sbom-source attestation|referrers`): each platform's
//! packages as the SBOM lists them (decoded by the sbom crate), no layer
//! fetched. The manifest and config of each platform are read (a few KiB)
//! and the config catalogued as a streamed read does (CUDA from
//! `CUDA_VERSION`, the labels, the driver requirement); the SBOM's
//! components are trusted as they are.
//!
//! - `attestation`: BuildKit's attestation manifests in the image index
//!   (`vnd.docker.reference.type: attestation-manifest`, about the
//!   platform manifest `vnd.docker.reference.digest` names), whose layers
//!   are in-toto statements; those whose predicate is an SPDX document or
//!   a CycloneDX BOM are read.
//! - `referrers`: the OCI referrers of the platform manifest whose
//!   artifact type is SPDX or CycloneDX JSON, except the declared SBOM
//!   `relnotes attach` pushes (the record itself, nothing observed).

use super::artifact::KIND_ANNOTATION;
use super::cosign;
use super::error::AttachError;
use super::referrers;
use super::sign::{self, Opened, VerifyingKey};
use crate::image::CheckedBlob;
use crate::image::{ATTESTATION_MANIFEST, Attestation};
use crate::limits::MAX_ATTACHED_SBOM;
use crate::store::{Single, Store};
use crate::{
    ArchOutcome, Image, ImageSource, ImageView, Inspected, InspectedArch, OpenOptions, Platform,
    catalog, registry,
};
use model::{Arch, Package};
use oci_spec::image::ImageManifest;
use sbom::SbomFormat;
use serde::Serialize;

/// The media type of an in-toto statement (BuildKit's attestation layers).
const IN_TOTO: &str = "application/vnd.in-toto+json";
/// The annotation of an attestation layer naming its predicate type.
const PREDICATE_TYPE: &str = "in-toto.io/predicate-type";
/// Where `verify` reads what an image holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PackageSource {
    /// The image's layers, read by the catalogers (the default).
    Layers,
    /// The SBOM attestations BuildKit puts in the image index.
    Attestation,
    /// The SBOMs attached to each platform manifest as OCI referrers.
    Referrers,
}

impl PackageSource {
    /// `layers`, `attestation` or `referrers`.
    pub fn as_str(self) -> &'static str {
        match self {
            PackageSource::Layers => "layers",
            PackageSource::Attestation => "attestation",
            PackageSource::Referrers => "referrers",
        }
    }
}

/// One attached SBOM read for one platform.
#[derive(Debug, Clone, Serialize)]
pub struct ReadSbom {
    /// The record's arch.
    pub arch: String,
    /// The digest of the platform manifest it describes.
    pub manifest: String,
    /// The attestation manifest or the referrer artifact that holds it.
    pub holder: String,
    /// The blob of the statement or SBOM.
    pub blob: String,
    /// SPDX or CycloneDX.
    pub format: SbomFormat,
    /// `SPDX-2.3`, `1.6`.
    pub spec_version: String,
    /// The document's name, where it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Packages taken from it (with a purl, or an operating system).
    pub packages: usize,
    /// Packages left out: no purl to tell their ecosystem, or the image
    /// itself.
    pub skipped: usize,
    /// The key whose signature was checked (`sha256:` of its public key);
    /// `None`: unsigned, or a signature no key was given to check.
    pub signed_by: Option<String>,
}

/// The image as its attached SBOMs describe it.
#[derive(Debug, Clone)]
pub struct AttachedSboms {
    /// Each declared arch's platform, its catalog made of the SBOMs' packages.
    pub inspected: Inspected,
    /// The SBOMs read, per arch.
    pub sboms: Vec<ReadSbom>,
}

/// Reads the SBOM attached to each platform of `archs` (`source` is
/// `Attestation` or `Referrers`), fetching no layer. A platform without
/// one is an error; an arch the image lacks is [`ArchOutcome::Missing`].
pub fn read_attached_sboms(
    reference: &str,
    options: &OpenOptions,
    archs: &[Arch],
    source: PackageSource,
    key: Option<&VerifyingKey>,
) -> Result<AttachedSboms, AttachError> {
    let image_source = ImageSource::parse(reference)?;
    let image = crate::open(&image_source, options)?;
    // Referrers and cosign's signed attestations are in a registry;
    // BuildKit's attestations are in the image index, wherever it is.
    let in_registry = source == PackageSource::Referrers || key.is_some();
    let registry = match &image_source {
        ImageSource::Registry(r) if in_registry => Some(registry::open(r, options)?.0),
        _ if in_registry => {
            return Err(AttachError::NotARegistry {
                reference: reference.to_string(),
            });
        }
        _ => None,
    };
    let mut inspected = Inspected {
        reference: image.reference().to_string(),
        platforms: image.platforms(),
        archs: Default::default(),
    };
    let mut sboms = Vec::new();
    for arch in archs {
        let platform = Platform::for_arch(arch);
        let single = match image.platform_manifest(&platform) {
            Ok(single) => single,
            Err(e) if e.is_missing_platform() => {
                inspected
                    .archs
                    .insert(arch.to_string(), ArchOutcome::Missing { platform });
                continue;
            }
            Err(e) => return Err(e.into()),
        };
        let reader = Reader {
            reference,
            arch: arch.to_string(),
            manifest: single.manifest_digest.clone(),
        };
        let found = match (&registry, key) {
            (Some(registry), Some(key)) => reader.in_signed_attestations(registry, key)?,
            (Some(registry), None) => reader.in_referrers(registry)?,
            (None, _) => reader.in_attestations(&image)?,
        };
        if found.is_empty() {
            return Err(AttachError::NoAttachedSbom {
                reference: reference.to_string(),
                platform: single.platform.to_string(),
                manifest: single.manifest_digest.clone(),
                sbom_source: match key {
                    Some(_) => "signed attestation",
                    None => source.as_str(),
                },
            });
        }
        let mut components: Vec<Package> = Vec::new();
        for (sbom, packages) in found {
            // The first list is taken as it is: a copy of hundreds of
            // thousands of packages would hold both at once.
            if components.is_empty() {
                components = packages;
            } else {
                components.extend(packages);
            }
            sboms.push(sbom);
        }
        inspected.archs.insert(
            arch.to_string(),
            ArchOutcome::Read(Box::new(inspected_arch(&image, *single, components))),
        );
    }
    Ok(AttachedSboms { inspected, sboms })
}

/// A platform whose components are the SBOM's and the image config's: the
/// config is catalogued exactly as a streamed read catalogues it (the same
/// catalogers, given the config and no file), so what it says — CUDA in
/// `CUDA_VERSION`, the labels, the driver requirement `NVIDIA_REQUIRE_CUDA`
/// — is found whatever the package source.
fn inspected_arch(image: &Image, single: Single, mut components: Vec<Package>) -> InspectedArch {
    let config_only = ImageView {
        reference: image.reference().to_string(),
        platform: single.platform.clone(),
        manifest_digest: single.manifest_digest.clone(),
        layers: Vec::new(),
        config: single.config.clone(),
        files: Vec::new(),
    };
    let from_config = catalog::catalog(&config_only);
    components.extend(from_config.components);
    // In place (a stable sort would take half the list again), by a key
    // that leaves only identical packages unordered: the same bytes each run.
    components.sort_unstable_by(|a, b| {
        (a.ecosystem, &a.key, a.location(), &a.version, &a.name).cmp(&(
            b.ecosystem,
            &b.key,
            b.location(),
            &b.version,
            &b.name,
        ))
    });
    components.dedup();
    InspectedArch {
        platform: single.platform,
        manifest_digest: single.manifest_digest,
        layers: single.layers.into_iter().map(|l| l.digest).collect(),
        config: single.config,
        catalog: catalog::Catalog {
            components,
            requirement: from_config.requirement,
            problems: from_config.problems,
        },
    }
}

/// Reads the SBOMs of one platform manifest.
struct Reader<'a> {
    reference: &'a str,
    arch: String,
    manifest: String,
}

impl Reader<'_> {
    fn bad(&self, what: String, detail: String) -> AttachError {
        AttachError::BadSbom {
            reference: self.reference.to_string(),
            what,
            detail,
        }
    }

    fn about_another(&self, what: String, named: Vec<String>) -> AttachError {
        AttachError::AboutAnother {
            reference: self.reference.to_string(),
            what,
            manifest: self.manifest.clone(),
            named: if named.is_empty() {
                "no image".to_string()
            } else {
                named.join(", ")
            },
        }
    }

    /// The SBOM statements of the attestation manifests about this
    /// platform's manifest.
    fn in_attestations(&self, image: &Image) -> Result<Vec<(ReadSbom, Vec<Package>)>, AttachError> {
        let mut found = Vec::new();
        let about: Vec<&Attestation> = image
            .attestations()
            .iter()
            .filter(|a| a.subject == self.manifest)
            .collect();
        for attestation in about {
            let what = format!("{ATTESTATION_MANIFEST} {}", attestation.digest);
            let fetched = image.document(&attestation.digest, Some(&attestation.media_type))?;
            let manifest = ImageManifest::from_reader(fetched.bytes.as_slice())
                .map_err(|e| self.bad(what.clone(), crate::error::document_error(&e)))?;
            for layer in manifest.layers() {
                if layer.media_type().to_string() != IN_TOTO {
                    continue; // BuildKit: unknown media types are ignored.
                }
                let annotated = layer
                    .annotations()
                    .as_ref()
                    .and_then(|a| a.get(PREDICATE_TYPE).cloned());
                // The annotation lets the others (provenance) go unread.
                if annotated
                    .as_deref()
                    .is_some_and(|p| SbomFormat::of_predicate_type(p).is_none())
                {
                    continue;
                }
                let digest = layer.digest().to_string();
                let what = format!("in-toto statement {digest} of {what}");
                let mut blob =
                    image.checked_blob(&what, &digest, layer.size(), MAX_ATTACHED_SBOM)?;
                let place = (attestation.digest.as_str(), digest.as_str(), "attestation");
                let json = (&mut blob, layer.size());
                let read = self.statement(json, &what, annotated.as_deref(), place);
                // Nothing read from the blob counts before it is checked.
                blob.finish(None)?;
                let read = read?;
                let Some((sbom, packages)) = read else {
                    continue;
                };
                found.push((sbom, packages));
            }
        }
        Ok(found)
    }

    /// The SBOM of an in-toto statement read from `json` (`what` it is,
    /// `place`: held in `blob` of `holder`, read `via`), in one pass: its
    /// packages are made as its predicate is parsed; `None` when the
    /// predicate is no SBOM. A layer `annotated` with an SBOM's predicate
    /// type that holds another is an error, as is a statement about another
    /// image than this one.
    fn statement(
        &self,
        (json, size): (impl std::io::Read, u64),
        what: &str,
        annotated: Option<&str>,
        (holder, blob, via): (&str, &str, &str),
    ) -> Result<Option<(ReadSbom, Vec<Package>)>, AttachError> {
        let bad = |e: sbom::DecodeError| self.bad(what.to_string(), e.to_string());
        let place = sbom::Place { via, holder };
        let Some(statement) = sbom::decode_statement(json, size, annotated, place).map_err(bad)?
        else {
            return Ok(None);
        };
        // The index or tag says whom the attestation is about; the
        // statement must say so too, or it is about another image.
        if !statement.subjects.contains(&self.manifest) {
            return Err(self.about_another(what.to_string(), statement.subjects));
        }
        let decoded = statement.sbom.map_err(bad)?;
        Ok(Some(self.read_sbom(decoded, holder, blob)))
    }

    /// The SBOM statements signed by `key` among cosign's attestations of
    /// this platform's manifest; an error when there are attestations but
    /// none of them is signed by it.
    fn in_signed_attestations(
        &self,
        registry: &registry::Registry,
        key: &VerifyingKey,
    ) -> Result<Vec<(ReadSbom, Vec<Package>)>, AttachError> {
        let Some((holder, manifest)) = cosign::attestations(registry, &self.manifest)? else {
            return Ok(Vec::new());
        };
        let tag = cosign::attestation_tag(&self.manifest);
        let mut found = Vec::new();
        let mut not_by_key = 0;
        for layer in manifest.layers() {
            if layer.media_type().as_ref() != sign::DSSE_ENVELOPE {
                continue;
            }
            let annotations = layer.annotations().as_ref();
            let annotated = annotations.and_then(|a| a.get(cosign::PREDICATE_ANNOTATION));
            if annotated.is_some_and(|p| SbomFormat::of_predicate_type(p).is_none()) {
                continue;
            }
            // The record's own SBOM (`attach --sign-key` signs it too) says
            // nothing of the image.
            if annotations
                .and_then(|a| a.get(KIND_ANNOTATION))
                .is_some_and(|kind| kind == "declared")
            {
                continue;
            }
            let digest = layer.digest().to_string();
            let what = format!("attestation {digest} under {tag}");
            // Base64 makes an envelope a third larger than its statement.
            let bytes = crate::image::read_blob(
                registry as &dyn Store,
                self.reference,
                &what,
                &digest,
                Some(layer.size()),
                MAX_ATTACHED_SBOM / 3 * 4 + (1 << 16),
            )?;
            let statement = match sign::open(&bytes, key).map_err(|e| self.bad(what.clone(), e))? {
                Opened::Signed(statement) => statement,
                Opened::NotByKey => {
                    not_by_key += 1;
                    continue;
                }
            };
            drop(bytes);
            let place = (holder.as_str(), digest.as_str(), "signed attestation");
            let json = (statement.as_slice(), statement.len() as u64);
            let read = self.statement(json, &what, annotated.map(String::as_str), place)?;
            if let Some((mut sbom, packages)) = read {
                sbom.signed_by = Some(key.fingerprint().to_string());
                found.push((sbom, packages));
            }
        }
        if found.is_empty() && not_by_key > 0 {
            return Err(AttachError::NotSignedByKey {
                reference: self.reference.to_string(),
                manifest: self.manifest.clone(),
                tag,
                key: key.fingerprint().to_string(),
                envelopes: not_by_key,
            });
        }
        Ok(found)
    }

    /// The SBOMs attached to this platform's manifest as referrers.
    fn in_referrers(
        &self,
        registry: &registry::Registry,
    ) -> Result<Vec<(ReadSbom, Vec<Package>)>, AttachError> {
        let mut found = Vec::new();
        for descriptor in referrers::list(registry, &self.manifest)?.descriptors {
            let artifact_type = descriptor
                .artifact_type()
                .as_ref()
                .map(|t| t.to_string())
                .unwrap_or_default();
            let Some(format) = SbomFormat::of_media_type(&artifact_type) else {
                continue;
            };
            let declared = descriptor
                .annotations()
                .as_ref()
                .and_then(|a| a.get(KIND_ANNOTATION))
                .is_some_and(|kind| kind == "declared");
            if declared {
                continue;
            }
            let holder = descriptor.digest().to_string();
            let what = format!("referrer {holder}");
            let fetched = crate::image::fetch_document(
                registry,
                self.reference,
                &holder,
                Some(descriptor.media_type().as_ref()),
            )?;
            let manifest = ImageManifest::from_reader(fetched.bytes.as_slice())
                .map_err(|e| self.bad(what.clone(), crate::error::document_error(&e)))?;
            // A registry (or a referrers tag anyone may push) can list an
            // artifact about another image: its own subject must be this one.
            let subject = manifest.subject().as_ref().map(|s| s.digest().to_string());
            if subject.as_deref() != Some(self.manifest.as_str()) {
                return Err(self.about_another(what, subject.into_iter().collect()));
            }
            for layer in manifest.layers() {
                if SbomFormat::of_media_type(layer.media_type().as_ref()) != Some(format) {
                    continue;
                }
                let digest = layer.digest().to_string();
                let what = format!("SBOM {digest} of {what}");
                let mut blob = CheckedBlob::open(
                    registry as &dyn Store,
                    self.reference,
                    &what,
                    &digest,
                    Some(layer.size()),
                    MAX_ATTACHED_SBOM,
                    false,
                )?;
                let json = (&mut blob, layer.size());
                let parsed = self.sbom_document(json, format, &holder, &digest);
                // Nothing read from the blob counts before it is checked.
                blob.finish(None)?;
                found.push(parsed.map_err(|detail| self.bad(what, detail))?);
            }
        }
        Ok(found)
    }

    /// An SBOM document (a referrer's layer) read from `json` in one pass,
    /// each package made as it is parsed: a document of hundreds of
    /// thousands of packages is never held whole beside what is taken.
    fn sbom_document(
        &self,
        (json, size): (impl std::io::Read, u64),
        format: SbomFormat,
        holder: &str,
        blob: &str,
    ) -> Result<(ReadSbom, Vec<Package>), String> {
        let place = sbom::Place {
            via: "referrer",
            holder,
        };
        let decoded = sbom::decode(json, size, format, place).map_err(|e| e.to_string())?;
        Ok(self.read_sbom(decoded, holder, blob))
    }

    /// What was read of an SBOM in `blob` of `holder`, and its packages.
    fn read_sbom(
        &self,
        decoded: sbom::Decoded,
        holder: &str,
        blob: &str,
    ) -> (ReadSbom, Vec<Package>) {
        let sbom = ReadSbom {
            arch: self.arch.clone(),
            manifest: self.manifest.clone(),
            holder: holder.to_string(),
            blob: blob.to_string(),
            format: decoded.format,
            spec_version: decoded.spec_version,
            name: decoded.name,
            // What the SBOM lists: an OS named by its purls is no package of it.
            packages: decoded.packages.len() - usize::from(decoded.distro_os),
            skipped: decoded.skipped,
            signed_by: None,
        };
        (sbom, decoded.packages)
    }
}
