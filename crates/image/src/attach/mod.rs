//! Publishing SBOMs where the ecosystem looks for them: on the image, as
//! OCI 1.1 referrers of each platform's manifest, and listing what is
//! attached.
//!
//! - [`artifact`] turns an SBOM into an artifact manifest (empty config,
//!   the SBOM as its one layer, the platform manifest as its subject);
//! - [`referrers`] finds the referrers of a manifest (the registry's API,
//!   else the referrers tag) and keeps the tag up to date;
//! - [`push`] resolves each architecture of a record to its platform
//!   manifest and pushes the artifacts; [`list`] lists the referrers of
//!   every platform; [`report`] says what was done or found.

pub mod artifact;
pub mod list;
pub mod push;
pub mod referrers;
pub mod report;

pub use list::list_referrers;
pub use push::{SbomKind, SbomToAttach, Target};
pub use report::{AttachReport, Attached, PlatformReferrers, ReferrersReport};

use crate::InspectError;
use crate::registry::write::PushError;

/// Why SBOMs cannot be attached or listed.
#[derive(Debug, thiserror::Error)]
pub enum AttachError {
    #[error(transparent)]
    Inspect(#[from] InspectError),
    #[error(transparent)]
    Push(Box<PushError>),
    /// Referrers live in a registry, not in a layout or archive.
    #[error(
        "`{reference}` is not in a registry: referrers are attached to an image in a registry\n  = hint: use HOST[:PORT]/REPOSITORY[:TAG|@sha256:DIGEST]"
    )]
    NotARegistry { reference: String },
    /// The image lacks the platform of one of the record's architectures.
    #[error(
        "{reference} has no image for {arch}, which {version} declares; it has: {available}\n  = hint: attach to the image of release {version}, built for every architecture it declares"
    )]
    MissingArch {
        reference: String,
        version: String,
        /// `aarch64 (platform linux/arm64)`.
        arch: String,
        available: String,
    },
    /// A referrers index (API answer or tag) that is not an image index.
    #[error(
        "the referrers of {what} in registry {registry} are not a valid image index: {detail}\n  = hint: the tag or API answer was written by something else; inspect it before attaching"
    )]
    BadReferrers {
        registry: String,
        what: String,
        detail: String,
    },
}
