//! relnotes: release records of container images, turned into bilingual
//! release pages, version diffs, SBOMs and a static site, and checked
//! against the real image.
//!
//! The front door is one function per command: open a [`Session`] on a
//! project, build a request, call the function; it answers with an
//! [`Outcome`] (text for stdout, or files to write) or a report that prints
//! itself as text or JSON ([`CommandReport`]). Every failure is an
//! [`Error`], with its exit code.
//!
//! ```no_run
//! use relnotes::{Destination, PageFormat, RenderRequest, Session};
//!
//! let mut session = Session::open(None, false)?;
//! let request = RenderRequest {
//!     version: "25.10",
//!     lang: None,
//!     format: PageFormat::Md,
//!     templates: None,
//!     destination: Destination::Stdout,
//! };
//! if let Some(page) = relnotes::render_release(&mut session, &request)?.deliver(false)? {
//!     print!("{page}");
//! }
//! # Ok::<(), relnotes::Error>(())
//! ```
//!
//! Behind the front functions, the workspace's crates (docs/architecture.md):
//! `relnotes-model` (records, packages, versions, diagnostics, labels,
//! NVIDIA's driver table), `relnotes-image` (reading images into found
//! packages, the layer cache, OCI referrers), `relnotes-sbom` (every SBOM
//! format, written and read), `relnotes-text` (reading vendor pages),
//! `relnotes-pages` (pages, diffs, the site) and `relnotes-check` (verify,
//! verify --all, new and sync, lint, compat). This crate holds the app
//! layer, one front function per command, and the command line.

#![deny(missing_docs, unreachable_pub)]

mod app;
mod error;

pub use app::{
    AttachRequest, CommandReport, Destination, DiffRequest, ImageAccess, LangChoice, NewRequest,
    Outcome, ReleaseList, RenderRequest, SbomRequest, SbomSource, Session, SiteOutcome,
    SiteRequest, SyncRequest, VerifyRequest, attach, compat, diff_releases, import_json,
    import_page, lint, list_releases, new_release, referrers, render_release, sbom, site,
    sync_release, verify,
};
pub use app::{CatalogueReport, VerifyAllRequest, verify_all};
pub use app::{InitRequest, Initialized, init_project};
pub use app::{TemplateFile, copy_templates, list_templates};
pub use app::{cache_clean, cache_info};
pub use check::LintReport;
pub use check::VerifyReport;
pub use check::{CompatReport, Drafted, Synced};
pub use error::Error;
pub use image::CacheSettings;
pub use image::INFLATE_BUILT_WITH as INFLATER;
pub use image::{AttachReport, PackageSource, ReferrersReport};
pub use image::{CacheInfo, Cleaned};
pub use model::{project_schema, record_schema};
pub use pages::DiffFormat;
pub use pages::Generator as SiteGenerator;
pub use pages::PageFormat;
/// For the program's interrupt handler (Ctrl-C, SIGTERM, SIGHUP): removes
/// the directories of the site builds under way, so that an interrupted
/// `site` leaves none behind; the handler exits afterwards.
pub use pages::remove_builds_under_way as on_interrupt;
pub use sbom::{ArchChoice, CycloneDxVersion, SbomFormat};
pub use text::{ImportRequest, Imported};
