//! Decoders: SBOMs others wrote (syft, trivy, BuildKit, cosign, relnotes
//! itself) as found packages. SPDX 2.x JSON and CycloneDX JSON documents,
//! alone or as the predicate of an in-toto statement.
//!
//! A package is taken by its package URL (`pkg:pypi/…`, `pkg:deb/…`; other
//! types as generic), as the operating system when the SBOM says it is one
//! (SPDX `primaryPackagePurpose: OPERATING-SYSTEM`, CycloneDX type
//! `operating-system`: trivy states the OS so, without a purl), or, without
//! a purl, by a CPE that names a component relnotes knows
//! (`data/components.toml`). The image itself (`pkg:oci`, `pkg:docker`)
//! and what nothing identifies are counted as skipped.

mod cyclonedx;
mod decoded;
mod package;
mod spdx;
mod statement;

pub use decoded::{DecodeError, Decoded, Place};
pub use statement::Statement;

use crate::format::SbomFormat;
use serde::de::DeserializeSeed;

/// The packages of the SBOM document `json` holds (`size` bytes; SPDX or
/// CycloneDX JSON as `format` says), read at `place` in one pass.
pub fn decode(
    json: impl std::io::Read,
    size: u64,
    format: SbomFormat,
    place: Place,
) -> Result<Decoded, DecodeError> {
    let mut json =
        serde_json::Deserializer::from_reader(std::io::BufReader::with_capacity(1 << 16, json));
    let json_error = |e: serde_json::Error| DecodeError::json(&e);
    match format {
        SbomFormat::SpdxJson => {
            let mut read = spdx::SpdxRead::with_room(size);
            let seed = spdx::SpdxSeed {
                read: &mut read,
                place,
            };
            seed.deserialize(&mut json)
                .and_then(|()| json.end())
                .map_err(json_error)?;
            read.finish(place)
        }
        SbomFormat::Json => {
            let bom: cyclonedx::CycloneDxBom =
                serde::Deserialize::deserialize(&mut json).map_err(json_error)?;
            json.end().map_err(json_error)?;
            bom.decode(place)
        }
        SbomFormat::Xml => Err(DecodeError::new(
            "relnotes reads CycloneDX as JSON, not XML",
        )),
    }
}

/// The SBOM an in-toto statement holds (`size` bytes of JSON), read at
/// `place` in one pass; `None` when its predicate is no SBOM. `annotated`
/// is the predicate type the layer or envelope holding it names, if any:
/// a statement whose own type differs is an error.
pub fn decode_statement(
    json: impl std::io::Read,
    size: u64,
    annotated: Option<&str>,
    place: Place,
) -> Result<Option<Statement>, DecodeError> {
    statement::statement(json, size, annotated, place)
}
