//! Image inspection: read a container image from where it lives (a
//! registry, an OCI layout directory, a `docker save` archive), stream its
//! layers, and keep the few files that carry versions.
//!
//! The stage's contract, shared by its parts:
//! - `source` parses `--image` references into an [`ImageSource`]
//!   (registry references through [`model::ImageRef`]);
//! - [`open`] opens the store an [`ImageSource`] names (a registry,
//!   an OCI layout or a `docker save` archive, each behind the `store`
//!   trait) and walks index → manifest → config → layers into an
//!   [`Image`];
//! - the walker reads one platform of an image into an [`ImageView`]:
//!   its config (env, labels) and the files a [`Wanted`] filter asks for,
//!   as the final image holds them (whiteouts applied), each with the digest
//!   of the layer it came from, each layer's scan kept by the layer cache (`cache`);
//! - `catalog` turns an [`ImageView`] into found
//!   [`Package`](model::Package)s;
//! - [`read_archs`] reads and catalogues the platforms a record's
//!   architectures ask for into an [`Inspected`] image;
//!   [`InspectedArch::sbom`] encodes one platform's found packages;
//! - [`ImageAccess`] is how a command reaches images: credentials, plain
//!   HTTP, the timeout, progress bars, one layer cache its clones share;
//! - `attach` attaches SBOMs to an image ([`AttachTarget`]) and reads those
//!   attached ([`read_attached_sboms`]); `cache` is the layer catalog cache
//!   ([`cache_info`], [`clean_cache`]).
//!
//! The modules are private; the root re-exports what callers use.

#![deny(missing_docs, unreachable_pub)]
// `unsafe` only to call C (ISA-L, in `inflate`).
#![deny(unsafe_code)]

mod access;
pub(crate) mod archive;
mod attach;
pub(crate) mod auth;
mod bounded;
mod cache;
mod catalog;
pub(crate) mod credentials;
mod digest;
pub(crate) mod error;
#[cfg(test)]
mod fuzz;
pub(crate) mod image;
mod inflate;
mod inspected;
pub(crate) mod layout;
pub(crate) mod limits;
mod progress;
mod registry;
mod retry;
mod scan;
mod skip_reader;
pub(crate) mod source;
pub(crate) mod store;
mod tar_guard;
mod view;
pub(crate) mod walker;

pub use access::ImageAccess;
pub use attach::{
    AttachError, AttachReport, PackageSource, ReadSbom, ReferrersReport, SbomKind, SbomToAttach,
    Target as AttachTarget, list_referrers, read_attached_sboms, read_signing_key,
    read_verifying_key,
};
pub use auth::{Credentials, Secret};
pub use cache::{
    CacheError, CacheInfo, CacheSettings, Cleaned, LayerCache, clean as clean_cache,
    info as cache_info,
};
pub use catalog::{CATALOGERS, Catalog, Problem as CatalogProblem, Requirement, parse_requirement};
pub use digest::sha256_digest;
pub use error::InspectError;
pub use image::{Image, open};
pub use inflate::{BACKEND as INFLATE_BACKEND, BUILT_WITH as INFLATE_BUILT_WITH};
pub use inspected::{ArchOutcome, Inspected, InspectedArch, read_archs};
pub use progress::{NoProgress, Progress};
pub use registry::install_crypto_provider;
pub use source::ImageSource;
pub use store::OpenOptions;
pub use view::{FoundFile, ImageConfig, ImageView, Keep, Platform, Wanted};
