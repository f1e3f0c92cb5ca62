//! The library's error: one variant per stage, wrapping the stage's own
//! error once, and the exit code it calls for.

use crate::import::ImportError;
use crate::output::OutputError;
use crate::record::RecordError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error(transparent)]
    Render(#[from] crate::render::RenderError),
    #[error(transparent)]
    Diff(#[from] crate::diff::DiffError),
    #[error(transparent)]
    Output(#[from] OutputError),
    #[error(transparent)]
    Sbom(#[from] crate::sbom::SbomError),
    #[error(transparent)]
    Verify(#[from] crate::verify::VerifyError),
    #[error(transparent)]
    Site(#[from] crate::site::SiteError),
    #[error(transparent)]
    Compat(#[from] crate::compat::CompatError),
    #[error(transparent)]
    Import(#[from] ImportError),
    #[error(transparent)]
    Draft(#[from] crate::draft::DraftError),
    #[error(transparent)]
    Attach(#[from] Box<crate::attach::AttachError>),
    #[error(transparent)]
    Cache(#[from] crate::inspect::cache::CacheError),
    /// Arguments that do not fit together.
    #[error("{0}")]
    Usage(String),
}

impl Error {
    /// 2 for bad input or usage; checks that find problems use 1.
    pub fn exit_code(&self) -> i32 {
        2
    }

    /// Whether the message already names file, line and column.
    pub fn is_located(&self) -> bool {
        matches!(
            self,
            Error::Record(RecordError::Invalid(_))
                | Error::Import(ImportError::Record(RecordError::Invalid(_)))
                | Error::Draft(crate::draft::DraftError::Record(RecordError::Invalid(_)))
        )
    }
}
