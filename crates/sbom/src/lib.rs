//! relnotes' SBOMs: every SBOM format relnotes writes or reads, as
//! encoders and decoders around [`model::Package`].
//!
//! - **Writing** ([`build`], [`observed`], [`encode`], [`encode_as`]): one
//!   architecture of a release record ([`build`]), or what relnotes'
//!   catalogers found in one platform of an image ([`observed`]), as a
//!   CycloneDX BOM, encoded as CycloneDX 1.5, 1.6 or 1.7 JSON or XML, or
//!   as an SPDX 2.3 JSON document. The same input always gives the same
//!   bytes: serial numbers and SPDX namespaces derive from the content.
//! - **Reading** ([`decode`], [`decode_statement`]): SPDX 2.x JSON and
//!   CycloneDX JSON as syft, trivy, BuildKit and relnotes write them, alone
//!   or as the predicate of an in-toto statement, into found packages
//!   (by purl, the operating system, or a known CPE).
//! - **Formats** ([`SbomFormat`]): the one type naming an SBOM's encoding,
//!   with its file extension, media type and in-toto predicate type.
//!
//! docs/sbom.md lists every choice (types, purls, bom-refs, property
//! names, SPDX fields) and what is read from other tools' SBOMs.

#![deny(unreachable_pub, missing_docs)]

mod decode;
mod encode;
mod format;

pub use cyclonedx_bom::prelude::Bom;
pub use decode::{DecodeError, Decoded, Place, Statement, decode, decode_statement};
pub use encode::{
    ObservedImage, build, build_json_of, encode, encode_as, file_name, image_purl, observed,
    pick_archs, release_time, timestamp_from_env,
};
pub use format::{ArchChoice, CycloneDxVersion, SbomError, SbomFormat};
