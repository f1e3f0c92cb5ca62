//! `relnotes sbom <VERSION> --from-image [REF]`, `attach --observed`: the
//! image read as verify reads it, each platform's found packages encoded
//! by [`sbom::observed`] (docs/sbom.md says what it holds).

use super::ImageAccess;
use crate::Error;
use check::VerifyError;
use image::{ImageSource, InspectedArch, Platform};
use model::package::PurlError;
use model::record::{Arch, Project, Release};
use sbom::{Bom, SbomError};

/// Reads the image's platform of each of `archs` (`image`, or the record's
/// first asset) and describes what it holds: one SBOM per arch, in the
/// order of `archs`; `timestamp` is when the SBOM was made, if it is to say so.
pub(super) fn observed_sboms(
    project: &Project,
    release: &Release,
    archs: &[Arch],
    access: &ImageAccess,
    image: Option<&str>,
    timestamp: Option<&str>,
) -> Result<Vec<Bom>, Error> {
    let opened = access.open(release, image)?;
    let progress = access.progress();
    let mut boms = Vec::with_capacity(archs.len());
    for arch in archs {
        let view = opened
            .read_for_catalog(&Platform::for_arch(arch), progress.as_ref())
            .map_err(VerifyError::from)?;
        let inspected = InspectedArch::from_view(&view);
        boms.push(observed_bom(
            project,
            release,
            arch,
            &view.reference,
            &inspected,
            timestamp,
        )?);
    }
    Ok(boms)
}

/// The SBOM of one platform of an image, read from `reference`.
fn observed_bom(
    project: &Project,
    release: &Release,
    arch: &Arch,
    reference: &str,
    image: &InspectedArch,
    timestamp: Option<&str>,
) -> Result<Bom, SbomError> {
    // The image read, else the record's first asset, pinned to the
    // platform's manifest: the container's purl.
    let named = match ImageSource::parse(reference) {
        Ok(ImageSource::Registry(r)) => Some(r),
        _ => release.assets.first().and_then(|a| a.reference().ok()),
    };
    let image_ref = named
        .map(|r| r.with_digest(&image.manifest_digest))
        .transpose()
        .map_err(|e| {
            SbomError::Purl(PurlError {
                name: project.product.id.clone(),
                reason: e.to_string(),
            })
        })?;
    let observed = sbom::ObservedImage {
        arch,
        reference,
        image_ref: image_ref.as_ref(),
        platform: &image.platform.to_string(),
        manifest_digest: &image.manifest_digest,
        layers: &image.layers,
        found: &image.catalog.components,
    };
    sbom::observed(project, release, &observed, timestamp)
}
