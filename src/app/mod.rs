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
mod image_template;
mod import;
mod init;
mod list;
mod observed_sbom;
mod outcome;
mod render;
mod report;
mod sbom;
mod session;
mod site;
mod templates;
mod verify;
mod verify_all;

pub use access::ImageAccess;
pub use attach::{AttachRequest, attach, referrers};
pub use cache::{cache_clean, cache_info};
pub use check::CatalogueReport;
pub use checks::{compat, lint};
pub use draft::{NewRequest, SyncRequest, new_release, sync_release};
pub use import::{import_json, import_page};
pub use init::{InitRequest, Initialized, init_project};
#[cfg(test)]
use list::ReleaseSummary;
pub use list::{ReleaseList, list_releases};
pub use outcome::{Destination, LangChoice, Outcome};
pub use render::{DiffRequest, RenderRequest, diff_releases, render_release};
pub use report::CommandReport;
pub use sbom::{SbomRequest, SbomSource, sbom};
pub use session::Session;
pub use site::{SiteOutcome, SiteRequest, site};
pub use templates::{TemplateFile, copy_templates, list_templates};
pub use verify::{VerifyRequest, verify};
pub use verify_all::{VerifyAllRequest, verify_all};

#[cfg(test)]
mod tests;
