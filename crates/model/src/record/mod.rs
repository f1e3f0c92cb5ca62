//! Release records: the model every stage works from, and its loader.

pub mod arch;
pub mod diagnostic;
pub mod load;
pub mod model;
pub mod resolve;
pub mod schema;
pub mod source_map;
pub mod text;

pub use arch::{Arch, KNOWN_ARCHS};
pub use diagnostic::{Diagnostic, Severity};
pub use load::{Loaded, Workspace};
pub use model::*;
pub use resolve::{ArchView, ComponentRef, Placed};
pub use source_map::{LineColumn, Position, SourceMap};
pub use text::{Lang, Text};

use std::path::PathBuf;

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
}

fn render_all(diagnostics: &[Diagnostic]) -> String {
    diagnostics
        .iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}
