//! Why a project or a record cannot be read.

use std::path::PathBuf;

use super::diagnostic::Diagnostic;
use crate::project_file::ProjectFileError;

/// Why a project or a record cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// A file or directory could not be read.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What failed.
        #[source]
        source: std::io::Error,
    },
    /// No directory from `start` up holds a `relnotes.toml`.
    #[error("no relnotes.toml in {} or any parent directory\n  = hint: run relnotes inside a project, or pass -C DIR; `relnotes init` starts one", start.display())]
    NoProject {
        /// Where the search began.
        start: PathBuf,
    },
    /// The project has no record of this version.
    #[error("unknown version `{version}`: no {}/{version}.toml\n  = hint: known versions: {}", dir.display(), if known.is_empty() { "none".to_string() } else { known.join(", ") })]
    UnknownVersion {
        /// The version asked for.
        version: String,
        /// The versions that have a record, oldest first.
        known: Vec<String>,
        /// The releases directory, as people read its name.
        dir: PathBuf,
    },
    /// The file was read but is not valid: its errors, each located.
    #[error("{}", render_all(.0))]
    Invalid(Vec<Diagnostic>),
    /// A link out of the project, a FIFO, a device … (see [`crate::read_project_file`]).
    #[error(transparent)]
    File(#[from] ProjectFileError),
    /// A new project cannot be written there (`relnotes init`).
    #[error("{0}")]
    Init(String),
}

fn render_all(diagnostics: &[Diagnostic]) -> String {
    diagnostics
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}
