//! `relnotes import`.

use super::Session;
use crate::Error;
use crate::import::{self, ImportRequest, Imported};

/// `relnotes import`: a release-notes page → `releases/<version>.toml`.
pub fn import_page(session: &Session, req: &ImportRequest) -> Result<Imported, Error> {
    Ok(import::run(&session.workspace, req)?)
}
