//! Why a record cannot be drafted or synced, and what a new release's
//! version may look like.

use model::output::OutputError;
use model::record::RecordError;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum DraftError {
    #[error("`{}` is not a release version\n  = hint: {}", model::diagnostic::clip(.0, 80), model::record::RELEASE_VERSION_RULE)]
    NotAVersion(String),
    #[error("{} exists\n  = hint: pass --force to replace it", model::record::diagnostic::shown(path).display())]
    Exists { path: PathBuf },
    #[error(
        "{image} holds none of the architectures of {version} ({}); it has {}\n  = hint: pass an image built for one of them",
        archs.join(", "),
        if platforms.is_empty() { "no platform".to_string() } else { platforms.join(", ") }
    )]
    NoArch {
        image: String,
        version: String,
        archs: Vec<String>,
        platforms: Vec<String>,
    },
    #[error(
        "--add {name}: the image holds no `{name}` on any architecture\n  = hint: `relnotes verify {version} --image {image} --show-undeclared` lists what it holds"
    )]
    NotInImage {
        name: String,
        version: String,
        image: String,
    },
    #[error(
        "--add {name}: the image holds `{name}` only as the {cataloger} cataloger finds it, and the project reads `{name}` as a {ecosystem} package\n  = hint: declare its ecosystem in relnotes.toml, e.g. [catalog] {name} = \"generic\", so verify looks for it there too"
    )]
    OtherEcosystem {
        name: String,
        ecosystem: String,
        cataloger: String,
    },
    #[error("{}: cannot edit the record: {message}", path.display())]
    Document { path: PathBuf, message: String },
    #[error(
        "--no-drafts: {} {} a draft (`draft = true`)\n  = hint: review the record and delete `draft = true`, or build without --no-drafts",
        .0.join(", "),
        if .0.len() == 1 { "is" } else { "are" }
    )]
    Drafts(Vec<String>),
    #[error("the drafted record does not load:\n{0}")]
    Invalid(String),
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// The one rule of [`model::record::is_release_version`].
pub fn check_version(version: &str) -> Result<(), DraftError> {
    if model::record::is_release_version(version) {
        Ok(())
    } else {
        Err(DraftError::NotAVersion(version.to_string()))
    }
}
