//! The library's error: one variant per stage, wrapping the stage's own
//! error once, and the exit code it calls for.

use model::{OutputError, RecordError};
use text::ImportError;

/// Why a command failed. Its message is the one to show, hint included;
/// [`Error::exit_code`] gives the exit code.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// The project or a release's record cannot be found or read, or a
    /// record is invalid.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The templates cannot be loaded, or a page cannot be rendered.
    #[error(transparent)]
    Render(#[from] pages::RenderError),
    /// Two releases cannot be compared, such as for an architecture neither
    /// declares.
    #[error(transparent)]
    Diff(#[from] pages::DiffError),
    /// An output file exists and `force` was not given, or is not a regular
    /// file; or a file or standard output cannot be written.
    #[error(transparent)]
    Output(#[from] OutputError),
    /// An SBOM cannot be built or encoded.
    #[error(transparent)]
    Sbom(#[from] sbom::SbomError),
    /// An image cannot be read, or none is named and the record has no
    /// asset to read; or `verify` was asked for an architecture the record
    /// does not declare.
    #[error(transparent)]
    Verify(#[from] check::VerifyError),
    /// A site cannot be built, written or checked.
    #[error(transparent)]
    Site(#[from] pages::SiteError),
    /// The driver version given to `compat` does not parse.
    #[error(transparent)]
    Driver(#[from] model::DriverError),
    /// A vendor's release-notes page cannot be read or turned into a record.
    #[error(transparent)]
    Import(#[from] ImportError),
    /// A record cannot be drafted (`new`) or synced (`sync`) from an image,
    /// or `site` was asked to refuse drafts and met one.
    #[error(transparent)]
    Draft(#[from] check::DraftError),
    /// SBOMs cannot be attached to an image, or its referrers cannot be
    /// listed.
    #[error(transparent)]
    Attach(#[from] Box<image::AttachError>),
    /// The layer cache's directory or size is not usable, or the cache
    /// cannot be read or cleaned.
    #[error(transparent)]
    Cache(#[from] image::CacheError),
    /// Arguments that do not fit together.
    #[error("{0}")]
    Usage(String),
}

impl From<image::AttachError> for Error {
    /// Boxed: the library's error stays small.
    fn from(e: image::AttachError) -> Error {
        Error::Attach(Box::new(e))
    }
}

impl From<image::InspectError> for Error {
    /// An image that cannot be read, as verify reports it.
    fn from(e: image::InspectError) -> Error {
        Error::Verify(check::VerifyError::from(e))
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
                | Error::Draft(check::DraftError::Record(RecordError::Invalid(_)))
        )
    }
}
