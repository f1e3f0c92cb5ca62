//! Why a record cannot be drafted or synced, and what a new release's
//! version may look like.

use model::{OutputError, RecordError};
use std::path::PathBuf;

/// Why a record cannot be drafted (`new`) or synced (`sync`); each
/// message names what and where, hint included.
#[derive(Debug, thiserror::Error)]
pub enum DraftError {
    /// The new release's version breaks the one rule of release versions.
    #[error("`{}` is not a release version\n  = hint: {}", model::clip(.0, 80), model::RELEASE_VERSION_RULE)]
    NotAVersion(String),
    #[error("{} exists\n  = hint: pass --force to replace it", model::shown_path(path).display())]
    /// The record to write exists, and `--force` was not given.
    Exists {
        /// The record's path.
        path: PathBuf,
    },
    #[error(
        "{image} holds none of the architectures of {version} ({}); it has {}\n  = hint: pass an image built for one of them",
        archs.join(", "),
        if platforms.is_empty() { "no platform".to_string() } else { platforms.join(", ") }
    )]
    /// The image has no platform for any of the record's architectures.
    NoArch {
        /// The image as the user named it.
        image: String,
        /// The release drafted or synced.
        version: String,
        /// The record's architectures.
        archs: Vec<String>,
        /// The image's platforms.
        platforms: Vec<String>,
    },
    #[error(
        "--add {name}: the image holds no `{name}` on any architecture\n  = hint: `relnotes verify {version} --image {image} --show-undeclared` lists what it holds"
    )]
    /// A component `--add` names is not in the image.
    NotInImage {
        /// The component asked for.
        name: String,
        /// The release drafted.
        version: String,
        /// The image as the user named it.
        image: String,
    },
    #[error(
        "--add {name}: the image holds `{name}` only as the {cataloger} cataloger finds it, and the project reads `{name}` as a {ecosystem} package\n  = hint: declare its ecosystem in relnotes.toml, e.g. [catalog] {name} = \"generic\", so verify looks for it there too"
    )]
    /// A component `--add` names is in the image only under another
    /// ecosystem than the project reads it in.
    OtherEcosystem {
        /// The component asked for.
        name: String,
        /// The ecosystem the project reads it in.
        ecosystem: String,
        /// The cataloger that found it.
        cataloger: String,
    },
    #[error("{}: cannot edit the record: {message}", path.display())]
    /// The record's TOML cannot be edited in place.
    Document {
        /// The record's path.
        path: PathBuf,
        /// What stands in the way.
        message: String,
    },
    #[error(
        "--no-drafts: {} {} a draft (`draft = true`)\n  = hint: review the record and delete `draft = true`, or build without --no-drafts",
        .0.join(", "),
        if .0.len() == 1 { "is" } else { "are" }
    )]
    /// `site --no-drafts` met records still marked `draft = true`.
    Drafts(Vec<String>),
    /// The record written does not load (a bug of the draft, not of the input).
    #[error("the drafted record does not load:\n{0}")]
    Invalid(String),
    /// The previous record cannot be read.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The record cannot be written.
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// The one rule of [`model::is_release_version`].
pub fn check_version(version: &str) -> Result<(), DraftError> {
    if model::is_release_version(version) {
        Ok(())
    } else {
        Err(DraftError::NotAVersion(version.to_string()))
    }
}
