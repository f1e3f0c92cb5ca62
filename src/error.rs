//! The library's error: one variant per stage, wrapping the stage's own
//! error once, and the exit code it calls for.

use model::output::OutputError;
use model::record::RecordError;
use text::ImportError;

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error(transparent)]
    Render(#[from] pages::render::RenderError),
    #[error(transparent)]
    Diff(#[from] pages::diff::DiffError),
    #[error(transparent)]
    Output(#[from] OutputError),
    #[error(transparent)]
    Sbom(#[from] pages::sbom::SbomError),
    #[error(transparent)]
    Verify(#[from] crate::verify::VerifyError),
    #[error(transparent)]
    Site(#[from] pages::site::SiteError),
    #[error(transparent)]
    Driver(#[from] model::drivers::DriverError),
    #[error(transparent)]
    Import(#[from] ImportError),
    #[error(transparent)]
    Draft(#[from] crate::draft::DraftError),
    #[error(transparent)]
    Attach(#[from] Box<image::attach::AttachError>),
    #[error(transparent)]
    Cache(#[from] image::cache::CacheError),
    /// Arguments that do not fit together.
    #[error("{0}")]
    Usage(String),
}

impl From<image::attach::AttachError> for Error {
    /// Boxed: the library's error stays small.
    fn from(e: image::attach::AttachError) -> Error {
        Error::Attach(Box::new(e))
    }
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
