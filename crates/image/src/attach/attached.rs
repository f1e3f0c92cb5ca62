//! The SBOM attached to an image, read instead of its layers
//! (`verify --sbom-source attestation|referrers`): each platform's
//! packages as the SBOM lists them, no layer fetched. The manifest and
//! config of each platform are read (a few KiB) for the driver and env
//! checks; the components are the SBOM's, trusted as they are.
//!
//! - `attestation`: BuildKit's attestation manifests in the image index
//!   (`vnd.docker.reference.type: attestation-manifest`, about the
//!   platform manifest `vnd.docker.reference.digest` names), whose layers
//!   are in-toto statements; those whose predicate is an SPDX document or
//!   a CycloneDX BOM are read.
//! - `referrers`: the OCI referrers of the platform manifest whose
//!   artifact type is SPDX or CycloneDX JSON, except the declared SBOM
//!   `relnotes attach` pushes (the record itself, nothing observed).

use super::artifact::{CYCLONEDX_JSON, KIND_ANNOTATION, SPDX_JSON};
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
use model::package::{Evidence, Package};
use model::record::Arch;
use model::version::Ecosystem;
use oci_spec::image::ImageManifest;
use serde::{Deserialize, Serialize};

/// The media type of an in-toto statement (BuildKit's attestation layers).
const IN_TOTO: &str = "application/vnd.in-toto+json";
/// The annotation of an attestation layer naming its predicate type.
const PREDICATE_TYPE: &str = "in-toto.io/predicate-type";
/// The predicate type of an SPDX document (BuildKit, syft).
const SPDX_PREDICATE: &str = "https://spdx.dev/Document";
/// The predicate type of a CycloneDX BOM (in-toto's predicate list), with
/// or without a version after it.
const CYCLONEDX_PREDICATE: &str = "https://cyclonedx.org/bom";

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

/// The format of an attached SBOM.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum SbomFormat {
    /// SPDX JSON.
    #[serde(rename = "spdx")]
    Spdx,
    /// CycloneDX JSON.
    #[serde(rename = "cyclonedx")]
    CycloneDx,
}

impl SbomFormat {
    /// The artifact and layer media type of an SBOM of this format in JSON.
    pub fn media_type(self) -> &'static str {
        match self {
            SbomFormat::Spdx => SPDX_JSON,
            SbomFormat::CycloneDx => CYCLONEDX_JSON,
        }
    }

    /// The predicate type of an in-toto statement whose predicate is an
    /// SBOM of this format (as `cosign attest --type spdxjson|cyclonedx`
    /// names them).
    pub(crate) fn predicate_type(self) -> &'static str {
        match self {
            SbomFormat::Spdx => SPDX_PREDICATE,
            SbomFormat::CycloneDx => CYCLONEDX_PREDICATE,
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

/// A platform whose components are the SBOM's; its driver requirement is
/// the config's (`NVIDIA_REQUIRE_CUDA`), read as the catalogers read it.
fn inspected_arch(image: &Image, single: Single, mut components: Vec<Package>) -> InspectedArch {
    let config_only = ImageView {
        reference: image.reference().to_string(),
        platform: single.platform.clone(),
        manifest_digest: single.manifest_digest.clone(),
        layers: Vec::new(),
        config: single.config.clone(),
        files: Vec::new(),
    };
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
            requirement: catalog::catalog(&config_only).requirement,
            problems: Vec::new(),
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
                    .is_some_and(|p| sbom_predicate(p).is_none())
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
        let bad = |detail: String| self.bad(what.to_string(), detail);
        let hint = annotated.and_then(sbom_predicate);
        let convert = self.spdx_convert(via, holder);
        let mut read = StatementRead::default();
        let seed = StatementSeed {
            hint,
            size,
            convert: &convert,
            read: &mut read,
        };
        let mut json =
            serde_json::Deserializer::from_reader(std::io::BufReader::with_capacity(1 << 16, json));
        serde::de::DeserializeSeed::deserialize(seed, &mut json)
            .and_then(|()| json.end())
            .map_err(|e| bad(crate::error::json_error(&e)))?;
        let Some(predicate_type) = read.predicate_type else {
            return Err(bad("missing field `predicateType`".into()));
        };
        let format = sbom_predicate(&predicate_type);
        let clipped = || crate::error::clip(&predicate_type, 200);
        match (format, annotated) {
            (None, None) => return Ok(None),
            (format, Some(annotated)) if format != hint => {
                return Err(bad(format!(
                    "its predicate type is `{}`, while its annotation says `{annotated}`",
                    clipped()
                )));
            }
            _ => {}
        }
        // The index or tag says whom the attestation is about; the
        // statement must say so too, or it is about another image.
        let named: Vec<String> = read
            .subject
            .iter()
            .flat_map(|s| s.digest.iter().map(|(alg, hex)| format!("{alg}:{hex}")))
            .collect();
        if !named.contains(&self.manifest) {
            return Err(self.about_another(what.to_string(), named));
        }
        let sbom = match read.predicate {
            PredicateRead::Missing => Err("missing field `predicate`".to_string()),
            // `predicateType` twice, another type first.
            PredicateRead::Other => Err("duplicate field `predicateType`".to_string()),
            PredicateRead::Spdx(spdx) => self.spdx_read(spdx, holder, blob),
            PredicateRead::CycloneDx(bom) => self.cyclonedx(holder, blob, via, bom),
            // Its predicate came before its type: read now, from the value.
            PredicateRead::Unplaced(value) => match format {
                Some(SbomFormat::Spdx) => {
                    let mut spdx = SpdxRead::default();
                    let seed = SpdxSeed {
                        read: &mut spdx,
                        convert: &convert,
                    };
                    serde::de::DeserializeSeed::deserialize(seed, value)
                        .map_err(|e| crate::error::json_error(&e))
                        .and_then(|()| self.spdx_read(spdx, holder, blob))
                }
                _ => serde_json::from_value(value)
                    .map_err(|e| crate::error::json_error(&e))
                    .and_then(|bom| self.cyclonedx(holder, blob, via, bom)),
            },
        };
        sbom.map(Some).map_err(bad)
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
            if annotated.is_some_and(|p| sbom_predicate(p).is_none()) {
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
            let Some(format) = sbom_media_type(&artifact_type) else {
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
                if sbom_media_type(layer.media_type().as_ref()) != Some(format) {
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

    /// The evidence of a package read from the SBOM in `blob` of `holder`.
    fn evidence(&self, format: SbomFormat, via: &str, holder: &str, id: &str) -> Evidence {
        let cataloger = match format {
            SbomFormat::Spdx => "spdx",
            SbomFormat::CycloneDx => "cyclonedx",
        };
        Evidence {
            cataloger: format!("{cataloger} {via}"),
            location: format!("{via} {holder}: {id}"),
            layer: None,
            source: None,
            requires: Vec::new(),
        }
    }

    /// Makes a package of an SPDX package, if it has a purl.
    fn spdx_convert<'a>(
        &'a self,
        via: &'a str,
        holder: &'a str,
    ) -> impl Fn(SpdxPackage) -> Result<Option<Package>, String> + 'a {
        move |p: SpdxPackage| {
            let purl = p
                .external_refs
                .iter()
                .find(|r| r.reference_type == "purl")
                .map(|r| r.reference_locator.as_str());
            let id = p.spdx_id.as_deref().unwrap_or(&p.name);
            let evidence = self.evidence(SbomFormat::Spdx, via, holder, id);
            match purl.map(|purl| found_by_purl(purl, p.version_info.as_deref(), evidence)) {
                Some(Ok(found)) => Ok(found),
                Some(Err(e)) => Err(format!("package `{id}`: {e}")),
                None => Ok(None),
            }
        }
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
        let mut json =
            serde_json::Deserializer::from_reader(std::io::BufReader::with_capacity(1 << 16, json));
        let json_error = |e: serde_json::Error| crate::error::json_error(&e);
        match format {
            SbomFormat::Spdx => {
                let convert = self.spdx_convert("referrer", holder);
                let mut read = SpdxRead::with_room(size);
                let seed = SpdxSeed {
                    read: &mut read,
                    convert: &convert,
                };
                serde::de::DeserializeSeed::deserialize(seed, &mut json)
                    .and_then(|()| json.end())
                    .map_err(json_error)?;
                self.spdx_read(read, holder, blob)
            }
            SbomFormat::CycloneDx => {
                let bom = serde::Deserialize::deserialize(&mut json).map_err(json_error)?;
                json.end().map_err(json_error)?;
                self.cyclonedx(holder, blob, "referrer", bom)
            }
        }
    }

    /// The SBOM of an SPDX document whose packages `read` holds.
    fn spdx_read(
        &self,
        read: SpdxRead,
        holder: &str,
        blob: &str,
    ) -> Result<(ReadSbom, Vec<Package>), String> {
        let Some(spdx_version) = read.spdx_version else {
            return Err("missing field `spdxVersion`".to_string());
        };
        if !spdx_version.starts_with("SPDX-2.") {
            return Err(format!(
                "`spdxVersion` is `{}`; relnotes reads SPDX 2.x JSON",
                crate::error::clip(&spdx_version, 100)
            ));
        }
        if let Some(e) = read.error {
            return Err(e);
        }
        let sbom = ReadSbom {
            arch: self.arch.clone(),
            manifest: self.manifest.clone(),
            holder: holder.to_string(),
            blob: blob.to_string(),
            format: SbomFormat::Spdx,
            spec_version: spdx_version,
            name: read.name,
            packages: read.packages.len(),
            skipped: read.skipped,
            signed_by: None,
        };
        Ok((sbom, read.packages))
    }

    fn cyclonedx(
        &self,
        holder: &str,
        blob: &str,
        via: &str,
        bom: CycloneDxBom,
    ) -> Result<(ReadSbom, Vec<Package>), String> {
        if bom.bom_format != "CycloneDX" {
            return Err(format!(
                "`bomFormat` is `{}`, not `CycloneDX`",
                crate::error::clip(&bom.bom_format, 100)
            ));
        }
        let mut packages = Vec::new();
        let mut skipped = 0;
        let mut pending: Vec<&CycloneDxComponent> = bom.components.iter().collect();
        while let Some(c) = pending.pop() {
            pending.extend(c.components.iter());
            let id = c.bom_ref.as_deref().unwrap_or(&c.name);
            let evidence = self.evidence(SbomFormat::CycloneDx, via, holder, id);
            if c.kind == "operating-system" {
                match &c.version {
                    Some(version) => {
                        packages.push(Package::found(&c.name, version, Ecosystem::Os, evidence))
                    }
                    None => skipped += 1,
                }
                continue;
            }
            match c
                .purl
                .as_deref()
                .map(|purl| found_by_purl(purl, c.version.as_deref(), evidence))
            {
                Some(Ok(Some(package))) => packages.push(package),
                Some(Err(e)) => return Err(format!("component `{id}`: {e}")),
                Some(Ok(None)) | None => skipped += 1,
            }
        }
        let sbom = ReadSbom {
            arch: self.arch.clone(),
            manifest: self.manifest.clone(),
            holder: holder.to_string(),
            blob: blob.to_string(),
            format: SbomFormat::CycloneDx,
            spec_version: bom.spec_version,
            name: None,
            packages: packages.len(),
            skipped,
            signed_by: None,
        };
        Ok((sbom, packages))
    }
}

/// The format of an in-toto predicate type, if an SBOM.
fn sbom_predicate(predicate_type: &str) -> Option<SbomFormat> {
    if predicate_type == SPDX_PREDICATE {
        Some(SbomFormat::Spdx)
    } else if predicate_type == CYCLONEDX_PREDICATE
        || predicate_type.starts_with(&format!("{CYCLONEDX_PREDICATE}/"))
    {
        Some(SbomFormat::CycloneDx)
    } else {
        None
    }
}

/// The format of an artifact or layer media type, if an SBOM in JSON.
fn sbom_media_type(media_type: &str) -> Option<SbomFormat> {
    match media_type.split(';').next().unwrap_or_default().trim() {
        SPDX_JSON => Some(SbomFormat::Spdx),
        CYCLONEDX_JSON => Some(SbomFormat::CycloneDx),
        _ => None,
    }
}

/// A found package from its purl: `pypi` and `deb` in their ecosystems,
/// other types as generic; the version the SBOM gives, else the purl's.
/// `None` for the image itself (`oci`, `docker`) or a purl without a
/// version.
fn found_by_purl(
    purl: &str,
    version: Option<&str>,
    evidence: Evidence,
) -> Result<Option<Package>, String> {
    let parsed: packageurl::PackageUrl = purl
        .parse()
        .map_err(|e| format!("purl `{}`: {e}", crate::error::clip(purl, 200)))?;
    let ecosystem = match parsed.ty() {
        "oci" | "docker" => return Ok(None),
        "pypi" => Ecosystem::Pypi,
        "deb" => Ecosystem::Deb,
        _ => Ecosystem::Generic,
    };
    let version = version
        .filter(|v| !v.is_empty() && *v != "NOASSERTION")
        .or(parsed.version());
    let Some(version) = version else {
        return Ok(None);
    };
    Ok(Some(Package::found(
        parsed.name(),
        version,
        ecosystem,
        evidence,
    )))
}

/// What is taken from an in-toto statement as it is parsed.
#[derive(Default)]
struct StatementRead {
    predicate_type: Option<String>,
    /// What the statement is about: each subject's digests by algorithm.
    subject: Vec<StatementSubject>,
    predicate: PredicateRead,
}

#[derive(Deserialize)]
struct StatementSubject {
    #[serde(default)]
    digest: std::collections::BTreeMap<String, String>,
}

/// A statement's predicate, as far as it was read.
#[derive(Default)]
enum PredicateRead {
    #[default]
    Missing,
    Spdx(SpdxRead),
    CycloneDx(CycloneDxBom),
    /// Before its type was known (JSON keys come in any order).
    Unplaced(serde_json::Value),
    /// Not an SBOM: left unread.
    Other,
}

/// Reads an in-toto statement into `read`; its predicate as the SBOM its
/// type (or, before that, the layer's annotation: `hint`) says.
struct StatementSeed<'a, F> {
    hint: Option<SbomFormat>,
    /// The statement's size in bytes (see [`SpdxRead::with_room`]).
    size: u64,
    convert: &'a F,
    read: &'a mut StatementRead,
}

impl<'de, F> serde::de::DeserializeSeed<'de> for StatementSeed<'_, F>
where
    F: Fn(SpdxPackage) -> Result<Option<Package>, String>,
{
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, F> serde::de::Visitor<'de> for StatementSeed<'_, F>
where
    F: Fn(SpdxPackage) -> Result<Option<Package>, String>,
{
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an in-toto statement")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "predicateType" => self.read.predicate_type = Some(map.next_value()?),
                "subject" => self.read.subject = map.next_value()?,
                "predicate" => {
                    let format = match &self.read.predicate_type {
                        Some(predicate_type) => Some(sbom_predicate(predicate_type)),
                        None => self.hint.map(Some),
                    };
                    self.read.predicate = match format {
                        Some(Some(SbomFormat::Spdx)) => {
                            let mut spdx = SpdxRead::with_room(self.size);
                            map.next_value_seed(SpdxSeed {
                                read: &mut spdx,
                                convert: self.convert,
                            })?;
                            PredicateRead::Spdx(spdx)
                        }
                        Some(Some(SbomFormat::CycloneDx)) => {
                            PredicateRead::CycloneDx(map.next_value()?)
                        }
                        Some(None) => {
                            map.next_value::<serde::de::IgnoredAny>()?;
                            PredicateRead::Other
                        }
                        None => PredicateRead::Unplaced(map.next_value()?),
                    };
                }
                _ => drop(map.next_value::<serde::de::IgnoredAny>()?),
            }
        }
        Ok(())
    }
}

/// What is taken from an SPDX 2.x JSON document as it is parsed.
#[derive(Default)]
struct SpdxRead {
    spdx_version: Option<String>,
    name: Option<String>,
    packages: Vec<Package>,
    skipped: usize,
    /// The first package that could not be taken; the rest are parsed
    /// (the document must still be JSON) but not taken.
    error: Option<String>,
}

impl SpdxRead {
    /// Room for the packages of a document of `bytes` bytes, taken before
    /// they are read: the list grown by doubling would, at its last
    /// growth, hold its old and its new copy at once (a third more than
    /// the list itself at hundreds of thousands of packages). A package
    /// takes well over 100 bytes of JSON; room not filled is never touched,
    /// so it costs address space, not memory.
    fn with_room(bytes: u64) -> SpdxRead {
        SpdxRead {
            packages: Vec::with_capacity(usize::try_from(bytes / 100).unwrap_or(0)),
            ..SpdxRead::default()
        }
    }
}

/// Reads an SPDX document's fields relnotes needs into `read`, each of
/// its packages through `convert` as soon as it is parsed.
struct SpdxSeed<'a, F> {
    read: &'a mut SpdxRead,
    convert: &'a F,
}

impl<'de, F> serde::de::DeserializeSeed<'de> for SpdxSeed<'_, F>
where
    F: Fn(SpdxPackage) -> Result<Option<Package>, String>,
{
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de, F> serde::de::Visitor<'de> for SpdxSeed<'_, F>
where
    F: Fn(SpdxPackage) -> Result<Option<Package>, String>,
{
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an SPDX document")
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "spdxVersion" => self.read.spdx_version = Some(map.next_value()?),
                "name" => self.read.name = map.next_value()?,
                "packages" => map.next_value_seed(SpdxPackages {
                    read: &mut *self.read,
                    convert: self.convert,
                })?,
                _ => drop(map.next_value::<serde::de::IgnoredAny>()?),
            }
        }
        Ok(())
    }
}

/// The `packages` array, one package at a time.
struct SpdxPackages<'a, F> {
    read: &'a mut SpdxRead,
    convert: &'a F,
}

impl<'de, F> serde::de::DeserializeSeed<'de> for SpdxPackages<'_, F>
where
    F: Fn(SpdxPackage) -> Result<Option<Package>, String>,
{
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de, F> serde::de::Visitor<'de> for SpdxPackages<'_, F>
where
    F: Fn(SpdxPackage) -> Result<Option<Package>, String>,
{
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a list of SPDX packages")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(package) = seq.next_element::<SpdxPackage>()? {
            if self.read.error.is_some() {
                continue;
            }
            match (self.convert)(package) {
                Ok(Some(found)) => self.read.packages.push(found),
                Ok(None) => self.read.skipped += 1,
                Err(e) => self.read.error = Some(e),
            }
        }
        Ok(())
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SpdxPackage {
    name: String,
    #[serde(rename = "SPDXID")]
    spdx_id: Option<String>,
    version_info: Option<String>,
    #[serde(default)]
    external_refs: Vec<SpdxExternalRef>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SpdxExternalRef {
    reference_type: String,
    reference_locator: String,
}

/// The fields of a CycloneDX JSON BOM relnotes reads.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CycloneDxBom {
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
    #[serde(rename = "bom-ref")]
    bom_ref: Option<String>,
    #[serde(default)]
    components: Vec<CycloneDxComponent>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evidence() -> Evidence {
        Evidence {
            cataloger: "spdx attestation".into(),
            location: "x".into(),
            layer: None,
            source: None,
            requires: Vec::new(),
        }
    }

    #[test]
    fn purls_give_the_ecosystem_and_the_sbom_the_version() {
        let p = found_by_purl("pkg:pypi/torch@2.8.0", Some("2.8.0"), evidence())
            .unwrap()
            .unwrap();
        assert_eq!((p.name.as_str(), p.ecosystem), ("torch", Ecosystem::Pypi));
        let deb = "pkg:deb/ubuntu/gdb@15.0.50.20240403-0ubuntu1?arch=amd64&distro=ubuntu-24.04";
        let p = found_by_purl(deb, None, evidence()).unwrap().unwrap();
        assert_eq!(p.ecosystem, Ecosystem::Deb);
        assert_eq!(p.version, "15.0.50.20240403-0ubuntu1");
        // The image itself is no package of it.
        assert!(
            found_by_purl("pkg:oci/tnp@sha256%3Aabc", None, evidence())
                .unwrap()
                .is_none()
        );
        assert!(found_by_purl("not a purl", None, evidence()).is_err());
    }

    #[test]
    fn predicate_and_media_types() {
        assert_eq!(sbom_predicate(SPDX_PREDICATE), Some(SbomFormat::Spdx));
        assert_eq!(
            sbom_predicate("https://cyclonedx.org/bom/v1.6"),
            Some(SbomFormat::CycloneDx)
        );
        assert_eq!(sbom_predicate("https://slsa.dev/provenance/v0.2"), None);
        assert_eq!(sbom_media_type(SPDX_JSON), Some(SbomFormat::Spdx));
        assert_eq!(sbom_media_type("application/json"), None);
    }
}
