//! The application layer: one front function per command.
//!
//! A front function takes a [`Session`] (the project and how strictly its
//! records are read) and a request, loads the records it needs, calls the
//! stages with plain inputs, and returns either an [`Outcome`] (text for
//! stdout, or files to write) or a report that prints itself as text or
//! JSON ([`CommandReport`]). Stage errors are wrapped once, into
//! [`crate::Error`].

mod access;
mod attach;
mod cache;
mod checks;
mod draft;
mod import;
mod list;
mod observed_sbom;
mod render;
mod report;
mod sbom;
mod session;
mod site;
mod verify;
mod verify_all;

pub use access::ImageAccess;
pub use attach::{AttachRequest, attach, referrers};
pub use cache::{cache_clean, cache_info};
pub use checks::{compat, lint};
pub use draft::{NewRequest, SyncRequest, new_release, sync_release};
pub use import::import_page;
pub use list::{ReleaseList, ReleaseSummary, list_releases};
pub use render::{DiffRequest, RenderRequest, diff_releases, render_release};
pub use report::CommandReport;
pub use sbom::{SbomRequest, SbomSource, sbom};
pub use session::Session;
pub use site::{SiteOutcome, SiteRequest, site};
pub use verify::{VerifyRequest, verify};
pub use verify_all::{
    ArchCheck, CatalogueReport, CheckStatus, ImageTemplate, Totals, VerifyAllRequest, verify_all,
};

use crate::Error;
use model::output::{self, OutputFile};
use model::record::Lang;
use std::path::PathBuf;
use std::str::FromStr;

/// Which languages a command writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LangChoice {
    One(Lang),
    All,
}

impl FromStr for LangChoice {
    type Err = String;

    /// `all`, or a language code.
    fn from_str(s: &str) -> Result<LangChoice, String> {
        match s {
            "all" => Ok(LangChoice::All),
            code => code.parse().map(LangChoice::One),
        }
    }
}

/// Where results go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    Stdout,
    /// A file, or for several outputs a directory.
    Path(PathBuf),
}

impl From<Option<PathBuf>> for Destination {
    /// `-o PATH` when given, else stdout.
    fn from(path: Option<PathBuf>) -> Destination {
        path.map_or(Destination::Stdout, Destination::Path)
    }
}

/// The result of a command: text for stdout, or files to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Stdout(String),
    Files(Vec<OutputFile>),
}

impl Outcome {
    /// Writes the files, all or none, never overwriting one without
    /// `force`; gives back the text meant for stdout, if that is what it is.
    pub fn deliver(self, force: bool) -> Result<Option<String>, Error> {
        match self {
            Outcome::Stdout(text) => Ok(Some(text)),
            Outcome::Files(files) => {
                output::write_all(&files, force)?;
                Ok(None)
            }
        }
    }
}

#[cfg(test)]
mod tests;
