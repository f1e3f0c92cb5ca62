//! `relnotes site`.

use super::Session;
use crate::Error;
use pages::{BaseUrl, Generator, SiteEntry, SiteOptions, SiteOutcome};
use std::path::Path;

/// What `relnotes site` is asked.
pub struct SiteRequest<'a> {
    /// The directory the site is written to (or compared with).
    pub out: &'a Path,
    /// Where the site is published, for `<link rel="canonical">` only.
    pub base_url: Option<&'a str>,
    /// A directory of templates to use before the project's and the
    /// built-in ones.
    pub templates: Option<&'a Path>,
    /// Compare with `out` instead of writing.
    pub check: bool,
    /// Build into a directory that holds files but no site of relnotes.
    pub force: bool,
    /// Refuse records that are drafts (`draft = true`).
    pub no_drafts: bool,
    /// Pages for this docs generator's project `out` instead of the static
    /// site.
    pub generator: Option<Generator>,
}

/// `relnotes site`: every release as a bilingual static site (docs/site.md).
pub fn site(session: &mut Session, req: &SiteRequest) -> Result<SiteOutcome, Error> {
    let options = SiteOptions {
        templates: req.templates,
        base_url: req.base_url.map(BaseUrl::parse).transpose()?,
    };
    let entries = entries(session, req)?;
    Ok(pages::build_site(
        &session.workspace,
        entries,
        &options,
        req.generator,
        req.out,
        req.check,
        req.force,
    )?)
}

/// Every release, loaded, oldest first.
fn entries(session: &mut Session, req: &SiteRequest) -> Result<Vec<SiteEntry>, Error> {
    let entries: Vec<SiteEntry> = session
        .load_all()?
        .into_iter()
        .map(|(version, loaded)| SiteEntry::new(version, loaded.release))
        .collect();
    let drafts: Vec<String> = entries
        .iter()
        .filter(|e| e.release.draft)
        .map(|e| e.version.clone())
        .collect();
    if req.no_drafts && !drafts.is_empty() {
        return Err(check::DraftError::Drafts(drafts).into());
    }
    Ok(entries)
}
