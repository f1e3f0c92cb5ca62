//! Why SBOMs cannot be attached or listed.

use crate::InspectError;
use crate::registry::write::PushError;

/// Why SBOMs cannot be attached or listed.
#[derive(Debug, thiserror::Error)]
pub enum AttachError {
    /// The image cannot be opened or read.
    #[error(transparent)]
    Inspect(#[from] InspectError),
    /// The registry refused or failed a request to list referrers or to
    /// push a blob, a manifest or the referrers tag.
    #[error(transparent)]
    Push(Box<PushError>),
    /// Referrers live in a registry, not in a layout or archive.
    #[error(
        "`{reference}` is not in a registry: referrers are attached to an image in a registry\n  = hint: use HOST[:PORT]/REPOSITORY[:TAG|@sha256:DIGEST]"
    )]
    NotARegistry {
        /// The image reference as given.
        reference: String,
    },
    /// The image lacks the platform of one of the record's architectures.
    #[error(
        "{reference} has no image for {arch}, which {version} declares; it has: {available}\n  = hint: attach to the image of release {version}, built for every architecture it declares"
    )]
    MissingArch {
        /// The image reference as given.
        reference: String,
        /// The release whose record declares the architecture.
        version: String,
        /// `aarch64 (platform linux/arm64)`.
        arch: String,
        /// The platforms the image has, listed.
        available: String,
    },
    /// A referrers index (API answer or tag) that is not an image index.
    #[error(
        "the referrers of {what} in registry {registry} are not a valid image index: {detail}\n  = hint: the tag or API answer was written by something else; inspect it before attaching"
    )]
    BadReferrers {
        /// The registry (`host[:port]`).
        registry: String,
        /// The referrers tag, or the digest whose referrers the API listed.
        what: String,
        /// What is wrong with the index.
        detail: String,
    },
}
