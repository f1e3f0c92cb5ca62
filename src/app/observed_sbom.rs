//! `relnotes sbom <VERSION> --from-image [REF]`, `attach --observed`: the
//! image read as verify reads it, each platform's found packages encoded
//! by [`sbom::observed`] (docs/sbom.md says what it holds).

use crate::Error;
use check::VerifyError;
use image::ImageAccess;
use image::{InspectedArch, Platform};
use model::{Arch, Project, Release};
use sbom::Bom;

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
        boms.push(inspected.sbom(project, release, arch, &view.reference, timestamp)?);
    }
    Ok(boms)
}
