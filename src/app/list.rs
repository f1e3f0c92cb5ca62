//! `relnotes list`: one line per release.

use super::Session;
use crate::Error;
use model::ReleaseList;

/// `relnotes list`: every release, oldest first.
pub fn list_releases(session: &mut Session) -> Result<ReleaseList, Error> {
    let all = session.load_all()?;
    let releases = all.into_iter().map(|(v, loaded)| (v, loaded.release));
    let lang = session.workspace.default_language();
    Ok(ReleaseList::new(&session.workspace.project, releases, lang))
}
