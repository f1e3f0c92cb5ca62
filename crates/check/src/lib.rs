//! relnotes' checks: what combines a record with an image, with the record
//! before it, or with NVIDIA's driver table.
//!
//! - verify: a record against what its image holds ([`compare`],
//!   [`VerifyReport`]), and [`CatalogueReport`], every release of a
//!   project checked in one run (`verify --all`);
//! - draft: a record drafted from an image ([`new_release`], the first
//!   release of a project ([`first_release`]), [`sync_release`]);
//! - [`lint()`]: the claims a record makes, checked against its own facts,
//!   the previous release and the driver table ([`LintReport`]);
//! - [`compat()`]: whether each release runs on a given driver
//!   ([`CompatReport`]).
//!
//! Every report is a [`model::CommandReport`]: it prints itself for
//! people (`to_text`) and machines (`to_json`). The checks take what the other stages give (a loaded
//! record, an inspected image) and read nothing themselves, except the
//! draft, which writes the record it drafted.

#![deny(unreachable_pub, missing_docs)]

mod catalogue;
mod compat;
mod draft;
mod lint;
mod verify;

pub use catalogue::{ArchCheck, Catalogue, CatalogueReport, versions_between};
pub use compat::{CompatReport, compat};
pub use draft::{
    DraftError, Drafted, NewOptions, Synced, check_version, first_release, image_archs,
    new_release, sync_release,
};
pub use lint::{LintReport, lint};
pub use verify::{Report as VerifyReport, VerifyError, compare, select_archs};
