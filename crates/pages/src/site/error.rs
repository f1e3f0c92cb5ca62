//! What a build writes pages into, the names it keeps for itself, and why
//! it fails.

use crate::diff::DiffError;
use crate::render::RenderError;
use sbom::SbomError;
use std::path::PathBuf;

/// The file listing what relnotes wrote into the output directory, so a
/// rebuild knows which files are its own (and keeps every other file).
pub(crate) const MANIFEST: &str = ".relnotes-site";

/// Why a site cannot be built, written or checked.
#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    /// A file or directory of the site cannot be read, written or moved.
    #[error("cannot write {}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What the system reported.
        #[source]
        source: std::io::Error,
    },
    /// The output directory is a file (or something else that is not a
    /// directory).
    #[error("{} is not a directory\n  = hint: --out names the directory the site is written to", .0.display())]
    NotADirectory(PathBuf),
    /// The output directory holds files but no manifest of a site relnotes
    /// wrote, and the build was not forced.
    #[error(
        "{} holds files and no site written by relnotes ({MANIFEST} is missing)\n  = hint: pass --force to build the site into it; files relnotes does not write are kept", .0.display()
    )]
    NotASite(PathBuf),
    /// A file relnotes did not write sits where a page of the site goes.
    #[error(
        "{} in {} is in the way of a page of the site\n  = hint: move it elsewhere; relnotes never deletes files it did not write", .path.display(), .dir.display()
    )]
    InTheWay {
        /// The output directory.
        dir: PathBuf,
        /// The file in the way, relative to `dir`.
        path: PathBuf,
    },
    /// A directory relnotes would write into is reached through a
    /// symbolic link inside the output directory: nothing is written
    /// through one, so that nothing lands outside it.
    #[error(
        "{} is a symbolic link inside {}; relnotes writes nothing through a link inside the output directory\n  = hint: replace the link by a directory, or pass the directory it points to as --out", .link.display(), .dir.display()
    )]
    ThroughLink {
        /// The output directory.
        dir: PathBuf,
        /// The link.
        link: PathBuf,
    },
    /// The base URL is not an absolute http(s) URL.
    #[error(
        "--base-url `{0}` is not an absolute http(s) URL\n  = hint: e.g. --base-url https://example.com/docs/releases"
    )]
    BaseUrl(String),
    /// Another build of the same site holds its lock.
    #[error(
        "another `relnotes site` is writing {} (it holds a lock on {})\n  = hint: wait for it to finish; two builds of one site never interleave", .dir.display(), .lock.display()
    )]
    Busy {
        /// The output directory.
        dir: PathBuf,
        /// The lock file the other build holds.
        lock: PathBuf,
    },
    /// The templates cannot be loaded, or a page cannot be rendered.
    #[error(transparent)]
    Render(#[from] RenderError),
    /// Two consecutive releases cannot be compared for their diff page.
    /// Boxed: a diff error is large, and rare.
    #[error(transparent)]
    Diff(Box<DiffError>),
    /// The SBOM of a release cannot be built or encoded.
    #[error(transparent)]
    Sbom(#[from] SbomError),
}

impl From<DiffError> for SiteError {
    fn from(e: DiffError) -> SiteError {
        SiteError::Diff(Box::new(e))
    }
}

/// Where rendered pages go, one at a time, from whichever thread rendered
/// them: into the staging directory of a build, compared with the site on
/// disk, or into memory.
pub(super) trait Sink: Sync {
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), SiteError>;
}
