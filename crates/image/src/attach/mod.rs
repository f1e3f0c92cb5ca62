//! Publishing SBOMs where the ecosystem looks for them: on the image, as
//! OCI 1.1 referrers of each platform's manifest, and listing what is
//! attached.
//!
//! - `artifact` turns an SBOM into an artifact manifest (empty config,
//!   the SBOM as its one layer, the platform manifest as its subject);
//! - `referrers` finds the referrers of a manifest (the registry's API,
//!   else the referrers tag) and keeps the tag up to date;
//! - `push` resolves each architecture of a record to its platform
//!   manifest and pushes the artifacts; `list` lists the referrers of
//!   every platform; `report` says what was done or found;
//! - `attached` reads the SBOM attached to an image (BuildKit's
//!   attestations, or referrers) as found packages, for `verify`.

mod artifact;
mod attached;
mod cosign;
mod error;
mod list;
mod push;
mod referrers;
mod report;
mod sign;

pub use attached::{PackageSource, ReadSbom, read_attached_sboms};
pub use error::AttachError;
pub use list::list_referrers;
pub use push::{SbomToAttach, Target};
pub use report::{AttachReport, ReferrersReport, SbomKind};
pub use sign::{read_signing_key, read_verifying_key};
