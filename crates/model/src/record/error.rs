//! Why a project or a record cannot be read.

use std::path::PathBuf;

use super::diagnostic::Diagnostic;
use crate::project_file::ProjectFileError;

#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("{}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("no relnotes.toml in {} or any parent directory\n  = hint: run relnotes inside a project, or pass -C DIR", start.display())]
    NoProject { start: PathBuf },
    #[error("unknown version `{version}`: no {}/{version}.toml\n  = hint: known versions: {}", dir.display(), if known.is_empty() { "none".to_string() } else { known.join(", ") })]
    UnknownVersion {
        version: String,
        known: Vec<String>,
        dir: PathBuf,
    },
    #[error("{}", render_all(.0))]
    Invalid(Vec<Diagnostic>),
    /// A link out of the project, a FIFO, a device … (see [`crate::project_file`]).
    #[error(transparent)]
    File(#[from] ProjectFileError),
}

fn render_all(diagnostics: &[Diagnostic]) -> String {
    diagnostics
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}
