//! `relnotes verify`: confirm against the real image that what a release
//! record declares is what the image holds.
//!
//! Per declared arch, the image's platform is read (only the few files the
//! [catalogers](image::catalog) ask for), catalogued, and compared
//! with the record: every declared component is confirmed, found in
//! another version, or missing (`matching.rs` says how names and versions
//! meet); the record's driver requirements are compared with the image's
//! `NVIDIA_REQUIRE_CUDA`, its environment variables with the image's env.
//! A declared arch the image has no platform for is a finding too.

mod compare;
mod report;

pub use compare::compare;
pub use report::*;

use image::InspectError;
use model::{Arch, ArchView, Project, Release};

/// Why `verify` could not start.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error(
        "unknown architecture `{arch}`: {version} declares {}\n  = hint: pass --arch with one of: {}",
        declared.join(", "),
        declared.join(", ")
    )]
    /// `--arch` names an architecture the record does not declare.
    UnknownArch {
        /// The architecture asked for.
        arch: String,
        /// The release verified.
        version: String,
        /// The architectures the record declares.
        declared: Vec<String>,
    },
    /// The image cannot be read: exit 2, with the inspector's hint.
    #[error(transparent)]
    Inspect(Box<InspectError>),
    /// What `verify --all` is asked cannot be done (an unknown version, a
    /// range that holds no release, a template that gives no reference,
    /// an arch no release declares): the message says what and how.
    #[error("{0}")]
    Catalogue(String),
}

impl From<InspectError> for VerifyError {
    fn from(e: InspectError) -> VerifyError {
        VerifyError::Inspect(Box::new(e))
    }
}

/// The arch views to verify: every arch the release declares, or the one
/// `arch` names (as the record spells it, or by its platform: `arm64`).
pub fn select_archs(
    project: &Project,
    release: &Release,
    arch: Option<&str>,
) -> Result<Vec<ArchView>, VerifyError> {
    let all = release.resolve(project);
    let Some(arch) = arch else {
        return Ok(all);
    };
    let wanted = arch.parse::<Arch>().ok();
    let picked: Vec<ArchView> = all
        .iter()
        .filter(|v| v.name == arch)
        .chain(all.iter().filter(|v| {
            wanted
                .as_ref()
                .is_some_and(|wanted| wanted.same_platform(&v.name))
        }))
        .take(1)
        .cloned()
        .collect();
    if picked.is_empty() {
        return Err(VerifyError::UnknownArch {
            arch: arch.to_string(),
            version: release.version.clone(),
            declared: release.arch_names(),
        });
    }
    Ok(picked)
}
