//! `relnotes compat` and `relnotes lint`: questions about the records.

use super::Session;
use crate::Error;
use check::{CompatReport, LintReport};
use model::DriverVersion;

/// `relnotes compat`: whether each release runs on a driver.
pub fn compat(
    session: &mut Session,
    driver: &str,
    datacenter: bool,
) -> Result<CompatReport, Error> {
    let parsed: DriverVersion = driver.trim().parse()?;
    let loaded = session.load_all()?;
    Ok(check::compat(
        loaded.iter().map(|(_, loaded)| &loaded.release),
        &session.workspace.project,
        parsed,
        datacenter,
    ))
}

/// `relnotes lint`: findings about the claims of `versions` (all when empty).
pub fn lint(session: &Session, versions: &[String]) -> Result<LintReport, Error> {
    Ok(check::lint(&session.workspace, versions)?)
}
