//! `relnotes verify`.

use super::Session;
use crate::Error;
use check::VerifyReport as Report;
use image::{ImageAccess, PackageSource, read_attached_sboms, read_verifying_key};
use std::path::Path;

/// What `relnotes verify` is asked.
pub struct VerifyRequest<'a> {
    /// The release, e.g. `25.10`.
    pub version: &'a str,
    /// The image; `None` means the record's first asset.
    pub image: Option<&'a str>,
    /// One declared arch (or its platform name, `arm64` for `aarch64`);
    /// `None` means every arch the record declares.
    pub arch: Option<&'a str>,
    /// Also list what the image holds that the record does not declare.
    pub show_undeclared: bool,
    /// Where the image's packages are read: its layers, or the SBOM
    /// attached to it (trusted as it is).
    pub source: PackageSource,
    /// How to reach the image.
    pub access: ImageAccess,
    /// With `source` attestation: read only the attestations signed by
    /// this public key (PEM), where cosign keeps them.
    pub key: Option<&'a Path>,
}

/// `relnotes verify`: the image checked against the record. An image that
/// cannot be read is an error; what the comparison finds is in the report.
pub fn verify(session: &mut Session, req: &VerifyRequest) -> Result<Report, Error> {
    let key = match (req.key, req.source) {
        (Some(path), PackageSource::Attestation) => Some(read_verifying_key(path)?),
        (Some(_), _) => {
            return Err(Error::Usage(
                "--key checks the signatures of attestations: give it with --sbom-source attestation"
                    .into(),
            ));
        }
        (None, _) => None,
    };
    let loaded = session.load(req.version)?;
    let release = &loaded.release;
    let views = check::select_archs(&session.workspace.project, release, req.arch)?;
    let archs: Vec<_> = views.iter().map(|v| v.name.clone()).collect();
    if req.source == PackageSource::Layers {
        let inspected = req.access.read(release, req.image, &archs)?;
        let mut report = check::compare(release, &views, &inspected, req.show_undeclared);
        report.locate(&loaded.sources, &loaded.release);
        return Ok(report);
    }
    let reference = ImageAccess::reference(release, req.image)?;
    let attached = read_attached_sboms(
        &reference,
        &req.access.open_options(),
        &archs,
        req.source,
        key.as_ref(),
    )?;
    let mut report = check::compare(release, &views, &attached.inspected, req.show_undeclared);
    report.trust_attached(req.source, attached.sboms);
    report.locate(&loaded.sources, &loaded.release);
    Ok(report)
}
