//! What a build writes pages into, the names it keeps for itself, and why
//! it fails.

use crate::diff::DiffError;
use crate::render::RenderError;
use crate::sbom::SbomError;
use std::path::PathBuf;

/// The file listing what relnotes wrote into the output directory, so a
/// rebuild knows which files are its own (and keeps every other file).
pub const MANIFEST: &str = ".relnotes-site";

#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error("cannot write {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{} is not a directory\n  = hint: --out names the directory the site is written to", .0.display())]
    NotADirectory(PathBuf),
    #[error(
        "{} holds files and no site written by relnotes ({MANIFEST} is missing)\n  = hint: pass --force to build the site into it; files relnotes does not write are kept", .0.display()
    )]
    NotASite(PathBuf),
    #[error(
        "{} in {} is in the way of a page of the site\n  = hint: move it elsewhere; relnotes never deletes files it did not write", .path.display(), .dir.display()
    )]
    InTheWay { dir: PathBuf, path: PathBuf },
    #[error(
        "--base-url `{0}` is not an absolute http(s) URL\n  = hint: e.g. --base-url https://example.com/docs/releases"
    )]
    BaseUrl(String),
    #[error(
        "release `{version}` would overwrite the site's own page {page}\n  = hint: rename releases/{version}.toml; the site reserves: {}",
        RESERVED_VERSIONS.join(", ")
    )]
    ReservedVersion { version: String, page: String },
    #[error(
        "another `relnotes site` is writing {} (it holds a lock on {})\n  = hint: wait for it to finish; two builds of one site never interleave", .dir.display(), .lock.display()
    )]
    Busy { dir: PathBuf, lock: PathBuf },
    #[error(transparent)]
    Render(#[from] RenderError),
    /// Boxed: a diff error is large, and rare.
    #[error(transparent)]
    Diff(Box<DiffError>),
    #[error(transparent)]
    Sbom(#[from] SbomError),
}

impl From<DiffError> for SiteError {
    fn from(e: DiffError) -> SiteError {
        SiteError::Diff(Box::new(e))
    }
}

/// Versions a release may not have: the site's own pages per language.
pub const RESERVED_VERSIONS: [&str; 2] = ["index", "matrix"];

/// Where rendered pages go, one at a time, from whichever thread rendered
/// them: into the staging directory of a build, compared with the site on
/// disk, or into memory.
pub(super) trait Sink: Sync {
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), SiteError>;
}
