//! `relnotes compat` and `relnotes lint`: questions about the records.

use super::Session;
use crate::Error;
use crate::compat::{self, CompatReport};
use crate::lint::{self, LintReport};
use model::drivers::DriverVersion;

/// `relnotes compat`: whether each release runs on a driver.
pub fn compat(
    session: &mut Session,
    driver: &str,
    datacenter: bool,
) -> Result<CompatReport, Error> {
    let parsed: DriverVersion = driver.trim().parse()?;
    let releases = session
        .load_all()?
        .iter()
        .map(|(_, loaded)| {
            compat::check(
                &loaded.release,
                &session.workspace.project,
                &parsed,
                datacenter,
            )
        })
        .collect();
    Ok(CompatReport {
        driver: parsed.text,
        datacenter,
        releases,
    })
}

/// `relnotes lint`: findings about the claims of `versions` (all when empty).
pub fn lint(session: &Session, versions: &[String]) -> Result<LintReport, Error> {
    Ok(lint::lint(&session.workspace, versions)?)
}
