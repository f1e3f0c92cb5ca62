//! What a decoder gives: the packages of one SBOM, where they were read
//! and why a document could not be.

use crate::format::SbomFormat;
use model::{Evidence, Package};

/// Where an SBOM was read, which each of its packages' evidence names:
/// `via` how (`attestation`, `referrer`, `signed attestation`, `file`),
/// `holder` in what (the attestation manifest or referrer artifact's
/// digest, a file's path).
#[derive(Debug, Clone, Copy)]
pub struct Place<'a> {
    /// How the SBOM was reached.
    pub via: &'a str,
    /// What holds it.
    pub holder: &'a str,
}

impl Place<'_> {
    /// The evidence of the package `id` (its SPDX id or bom-ref, else its
    /// name) of an SBOM in `format` read here: cataloger `spdx <via>` or
    /// `cyclonedx <via>`, location `<via> <holder>: <id>`.
    pub(crate) fn evidence(&self, format: SbomFormat, id: &str) -> Evidence {
        let cataloger = match format {
            SbomFormat::SpdxJson => "spdx",
            SbomFormat::Json | SbomFormat::Xml => "cyclonedx",
        };
        Evidence {
            cataloger: format!("{cataloger} {}", self.via),
            location: format!("{} {}: {id}", self.via, self.holder),
            layer: None,
            source: None,
            requires: Vec::new(),
        }
    }
}

/// The packages of one SBOM document.
#[derive(Debug, Clone)]
pub struct Decoded {
    /// SPDX JSON or CycloneDX JSON.
    pub format: SbomFormat,
    /// `SPDX-2.3`, `1.6`: the version the document says it is.
    pub spec_version: String,
    /// The document's name, where it has one (SPDX).
    pub name: Option<String>,
    /// The packages taken, each found at this SBOM: those with a purl
    /// (`pypi` and `deb` in their ecosystems, other types as generic), the
    /// operating system (stated as a package, else named by the `distro`
    /// qualifier of its deb purls), and those whose CPE names a component
    /// relnotes knows.
    pub packages: Vec<Package>,
    /// Whether the last of `packages` is the OS the deb purls' `distro`
    /// qualifier names, which the SBOM lists as no package of its own.
    pub distro_os: bool,
    /// Packages left out: the image itself, and those with nothing that
    /// says what they are (no purl, no known CPE) or no version.
    pub skipped: usize,
}

/// Why an SBOM document or in-toto statement cannot be read: what is
/// wrong, and where in it (the package, or the decoder's line and column).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{detail}")]
pub struct DecodeError {
    detail: String,
}

impl DecodeError {
    pub(crate) fn new(detail: impl Into<String>) -> DecodeError {
        DecodeError {
            detail: detail.into(),
        }
    }

    /// A JSON decoder's message, its middle cut when long: the start says
    /// what was found, the end what was expected and at which line and
    /// column (serde quotes the string it did not expect, which may be the
    /// whole of a hostile input).
    pub(crate) fn json(e: &serde_json::Error) -> DecodeError {
        const QUOTED: usize = 300;
        let text = e.to_string();
        let chars = text.chars().count();
        if chars <= QUOTED {
            return DecodeError::new(text);
        }
        let head: String = text.chars().take(QUOTED / 2).collect();
        let tail: String = text.chars().skip(chars - QUOTED / 2).collect();
        DecodeError::new(format!("{head}…{tail}"))
    }
}

/// `text` cut to at most `max` characters, `…` marking the cut: a value
/// quoted from a document may be long, or hostile.
pub(crate) fn clip(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}
