//! `relnotes verify`.

use super::{ImageAccess, Session};
use crate::Error;
use crate::verify::{self, Report, VerifyOptions};

/// What `relnotes verify` is asked.
pub struct VerifyRequest<'a> {
    pub version: &'a str,
    /// The image; `None` means the record's first asset.
    pub image: Option<&'a str>,
    /// One declared arch (or its platform name, `arm64` for `aarch64`);
    /// `None` means every arch the record declares.
    pub arch: Option<&'a str>,
    pub show_undeclared: bool,
    pub access: ImageAccess,
}

/// `relnotes verify`: the image checked against the record. An image that
/// cannot be read is an error; what the comparison finds is in the report.
pub fn verify(session: &mut Session, req: &VerifyRequest) -> Result<Report, Error> {
    let loaded = session.load(req.version)?;
    let progress = req.access.progress();
    let options = VerifyOptions {
        image: req.image,
        arch: req.arch,
        show_undeclared: req.show_undeclared,
        open: req.access.open_options(),
        progress: progress.as_ref(),
    };
    let mut report = verify::run(&session.workspace.project, &loaded.release, &options)?;
    report.locate(&loaded.sources, &loaded.release);
    Ok(report)
}
