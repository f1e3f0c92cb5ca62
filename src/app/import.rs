//! `relnotes import`.

use super::Session;
use crate::Error;
use text::{ImportRequest, Imported};

/// `relnotes import`: release-notes pages → `releases/<version>.toml`,
/// all of them or none.
pub fn import_page(session: &Session, req: &ImportRequest) -> Result<Vec<Imported>, Error> {
    if let Some(lang) = req.lang {
        session.language(lang)?;
    }
    Ok(text::run(&session.workspace, req)?)
}
