//! `relnotes new` and `relnotes sync`.

use super::Session;
use crate::Error;
use check::{Drafted, NewOptions, Synced};
use image::ImageAccess;

/// What `relnotes new` is asked.
pub struct NewRequest<'a> {
    /// The new release's version, e.g. `25.11`.
    pub version: &'a str,
    /// The release the draft starts from; none for the first release of an
    /// image line, drafted from the image alone.
    pub from: Option<&'a str>,
    /// The new release's image, read for its versions.
    pub image: &'a str,
    /// More components to declare, as the image holds them.
    pub add: &'a [String],
    /// Replace an existing record of `version`.
    pub force: bool,
    /// How to reach the image.
    pub access: ImageAccess,
}

/// `relnotes new`: drafts `releases/<version>.toml` from the previous
/// record and the image, or from the image alone when there is none.
pub fn new_release(session: &mut Session, req: &NewRequest) -> Result<Drafted, Error> {
    check::check_version(req.version)?;
    // Refused before the image is read: reading it may take minutes.
    let path = session.workspace.release_path(req.version);
    if path.exists() && !req.force {
        return Err(check::DraftError::Exists { path }.into());
    }
    let options = NewOptions {
        version: req.version,
        image: req.image,
        add: req.add,
        force: req.force,
    };
    let Some(from) = req.from else {
        let opened = req.access.open_reference(req.image)?;
        let archs = check::image_archs(&opened.platforms());
        let inspected = req.access.read_opened(&opened, &archs)?;
        return Ok(check::first_release(
            &session.workspace,
            &inspected,
            &archs,
            &options,
        )?);
    };
    let prev = session.load(from)?;
    let release = &prev.release;
    let inspected = req.access.read(release, Some(req.image), &release.archs)?;
    Ok(check::new_release(
        &session.workspace,
        &prev,
        &inspected,
        &options,
    )?)
}

/// What `relnotes sync` is asked.
pub struct SyncRequest<'a> {
    /// The release whose record is brought up to date.
    pub version: &'a str,
    /// The image to read the versions from.
    pub image: &'a str,
    /// Report what would change, writing nothing.
    pub dry_run: bool,
    /// How to reach the image.
    pub access: ImageAccess,
}

/// `relnotes sync`: a record's versions and driver facts brought to what
/// the image holds, edited in place.
pub fn sync_release(session: &mut Session, req: &SyncRequest) -> Result<Synced, Error> {
    let loaded = session.load(req.version)?;
    let release = &loaded.release;
    let inspected = req.access.read(release, Some(req.image), &release.archs)?;
    Ok(check::sync_release(
        &session.workspace,
        &loaded,
        &inspected,
        req.dry_run,
    )?)
}
