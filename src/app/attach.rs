//! `relnotes attach` and `relnotes referrers`: SBOMs on the image, as OCI
//! referrers of each platform's manifest.

use super::Session;
use super::observed_sbom::observed_sboms;
use crate::Error;
use image::{
    AttachReport, AttachTarget, ImageAccess, ReferrersReport, SbomKind, SbomToAttach,
    read_signing_key,
};
use sbom::{CycloneDxVersion, SbomFormat};
use std::path::Path;

/// What `relnotes attach` is asked.
pub struct AttachRequest<'a> {
    /// The release, e.g. `25.10`.
    pub version: &'a str,
    /// The image in a registry.
    pub image: &'a str,
    /// Also attach the SBOM of what the image holds (read as verify reads it).
    pub observed: bool,
    /// CycloneDX JSON or SPDX 2.3 JSON (CycloneDX XML is refused: referrers
    /// carry JSON SBOMs).
    pub format: SbomFormat,
    /// The CycloneDX version (not used for SPDX).
    pub spec_version: CycloneDxVersion,
    /// How to reach the registry, with the credentials to push.
    pub access: ImageAccess,
    /// Also attest each SBOM, signed by this private key (PEM), where
    /// cosign keeps attestations.
    pub sign_key: Option<&'a Path>,
    /// The password of a cosign-encrypted `sign_key` (cosign's
    /// `COSIGN_PASSWORD`); empty when it has none.
    pub sign_key_password: &'a [u8],
}

/// `relnotes attach`: the declared SBOM of each architecture (and with
/// `observed` the observed one) attached to its platform manifest. Every
/// architecture is resolved and every SBOM built before anything is pushed.
pub fn attach(session: &mut Session, req: &AttachRequest) -> Result<AttachReport, Error> {
    if req.format == SbomFormat::Xml {
        return Err(Error::Usage(
            "attach pushes JSON SBOMs: --sbom-format cyclonedx-json or spdx-json".into(),
        ));
    }
    let encode = |bom| -> Result<Vec<u8>, Error> {
        Ok(sbom::encode_as(bom, req.format, req.spec_version)?.into_bytes())
    };
    let sign_key = req
        .sign_key
        .map(|path| read_signing_key(path, req.sign_key_password))
        .transpose()?;
    let loaded = session.load(req.version)?;
    let (project, release) = (&session.workspace.project, &loaded.release);
    let open = req.access.open_options();
    let target = AttachTarget::open(req.image, req.version, &release.archs, &open)?;
    // SPDX requires a creation time: the release's date keeps the document,
    // hence the artifact's digest, the same at each attach.
    let created = match req.format {
        SbomFormat::SpdxJson => sbom::release_time(release.date.as_deref()),
        _ => None,
    };
    let created = created.as_deref();
    let mut sboms = Vec::new();
    for arch in &release.archs {
        let bom = sbom::build(project, release, arch, created)?;
        sboms.push(SbomToAttach {
            arch: arch.clone(),
            kind: SbomKind::Declared,
            file_name: sbom::file_name(req.version, arch, req.format),
            format: req.format,
            json: encode(bom)?,
        });
    }
    if req.observed {
        let boms = observed_sboms(
            project,
            release,
            &release.archs,
            &req.access,
            Some(req.image),
            created,
        )?;
        for (arch, bom) in release.archs.iter().zip(boms) {
            sboms.push(SbomToAttach {
                arch: arch.clone(),
                kind: SbomKind::Observed,
                file_name: format!("{}-{arch}.image.{}", req.version, req.format.extension()),
                format: req.format,
                json: encode(bom)?,
            });
        }
    }
    // Per architecture, the declared SBOM and then the observed one.
    sboms.sort_by_key(|s| release.archs.iter().position(|a| *a == s.arch));
    Ok(target.attach(req.version, &sboms, sign_key.as_ref())?)
}

/// `relnotes referrers`: what is attached to each platform of an image.
pub fn referrers(image: &str, access: &ImageAccess) -> Result<ReferrersReport, Error> {
    Ok(image::list_referrers(image, &access.open_options())?)
}
