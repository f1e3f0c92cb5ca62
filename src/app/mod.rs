//! The application layer: one front function per command.
//!
//! A front function takes a [`Session`] (the project and how strictly its
//! records are read) and a request, loads the records it needs, calls the
//! stages with plain inputs, and returns either an [`Outcome`] (text for
//! stdout, or files to write) or a report that prints itself as text or
//! JSON ([`CommandReport`]). Stage errors are wrapped once, into
//! [`crate::Error`].

mod attach;
mod checks;
mod draft;
mod import;
mod list;
mod observed_sbom;
mod outcome;
mod render;
mod sbom;
mod session;
mod site;
mod verify;
mod verify_all;

pub use attach::{AttachRequest, attach, referrers};
pub use check::CatalogueReport;
pub use checks::{compat, lint};
pub use draft::{NewRequest, SyncRequest, new_release, sync_release};
pub use image::ImageAccess;
pub use image::{cache_info, clean_cache as cache_clean};
pub use import::{import_json, import_page};
pub use list::list_releases;
pub use model::CommandReport;
pub use model::ReleaseList;
pub use model::{InitRequest, Initialized, init_project};
pub use outcome::{Destination, LangChoice, Outcome};
pub use pages::SiteOutcome;
pub use pages::{TemplateFile, copy_templates, list_templates};
pub use render::{DiffRequest, RenderRequest, diff_releases, render_release};
pub use sbom::{SbomRequest, SbomSource, sbom};
pub use session::Session;
pub use site::{SiteRequest, site};
pub use verify::{VerifyRequest, verify};
pub use verify_all::{VerifyAllRequest, verify_all};

#[cfg(test)]
mod tests;
