//! `relnotes verify --all`: every release of the project, or a range of
//! them, checked against its image in one run — a catalogue re-checked
//! nightly (the run itself is `check::Catalogue`).
//!
//! Images are read one after another (each reads its layers in parallel)
//! through clones of one [`ImageAccess`], so what the access keeps of
//! layers already read serves every image that shares them.

use super::Session;
use crate::Error;
use check::{Catalogue, CatalogueReport};
use image::ImageAccess;

/// What `relnotes verify --all` is asked.
pub struct VerifyAllRequest<'a> {
    /// The first release to verify (default: the oldest), inclusive.
    pub from: Option<&'a str>,
    /// The last release to verify (default: the newest), inclusive.
    pub to: Option<&'a str>,
    /// Where each release's image is, `{version}` filled in; `None` means
    /// each record's first asset.
    pub image_template: Option<&'a str>,
    /// One arch (or its platform name); `None` means every declared one.
    pub arch: Option<&'a str>,
    /// How to reach the images; one access serves them all.
    pub access: ImageAccess,
    /// Told one line per release as it is done.
    pub on_release: Option<&'a dyn Fn(&str)>,
}

/// `relnotes verify --all`: each release × arch checked as `verify` checks
/// one. Bad input (an unknown version, a template that gives no reference,
/// a broken record) is an error before any image is read; an image that
/// cannot be read is a check in the report.
pub fn verify_all(session: &mut Session, req: &VerifyAllRequest) -> Result<CatalogueReport, Error> {
    let releases = model::shown_path(&session.workspace.releases_dir());
    let known = session.workspace.versions()?;
    let versions = check::versions_between(&known, &releases, req.from, req.to)?;
    let records = versions
        .iter()
        .map(|version| session.load(version))
        .collect::<Result<Vec<_>, _>>()?;
    let project = &session.workspace.project;
    let catalogue = Catalogue::plan(project, records, req.image_template, req.arch)?;
    let progress = req.access.progress();
    // A clone shares what the run's access keeps of layers already read.
    let open = |release: &_, reference: &str| req.access.clone().open(release, Some(reference));
    Ok(catalogue.run(open, progress.as_ref(), req.on_release))
}
