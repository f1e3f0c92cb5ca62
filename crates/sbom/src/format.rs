//! What an SBOM is (its format, the CycloneDX version, the platforms it
//! describes) and why it cannot be made.

/// The media type of CycloneDX JSON (an artifact type of OCI referrers).
const CYCLONEDX_JSON: &str = "application/vnd.cyclonedx+json";
/// The media type of CycloneDX XML.
const CYCLONEDX_XML: &str = "application/vnd.cyclonedx+xml";
/// The media type of SPDX JSON.
const SPDX_JSON: &str = "application/spdx+json";
/// The in-toto predicate type of an SPDX document (BuildKit, syft, cosign's
/// `spdxjson`).
const SPDX_PREDICATE: &str = "https://spdx.dev/Document";
/// The in-toto predicate type of a CycloneDX BOM (in-toto's predicate
/// list; cosign's `cyclonedx`), with or without a version after it.
const CYCLONEDX_PREDICATE: &str = "https://cyclonedx.org/bom";

/// How an SBOM is encoded: the one format type of everything relnotes
/// writes (`relnotes sbom`, `attach`) and reads (`verify --sbom-source`).
/// In JSON reports it is `cyclonedx`, `cyclonedx-xml` or `spdx`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SbomFormat {
    /// CycloneDX JSON.
    Json,
    /// CycloneDX XML.
    Xml,
    /// SPDX 2.3 JSON.
    SpdxJson,
}

impl SbomFormat {
    /// The file extension: `cdx.json` or `cdx.xml`, as CycloneDX
    /// recommends; `spdx.json`, as SPDX does.
    pub fn extension(self) -> &'static str {
        match self {
            SbomFormat::Json => "cdx.json",
            SbomFormat::Xml => "cdx.xml",
            SbomFormat::SpdxJson => "spdx.json",
        }
    }

    /// The media type of the format, as an OCI artifact or layer names it:
    /// `application/vnd.cyclonedx+json`, `application/vnd.cyclonedx+xml`,
    /// `application/spdx+json`.
    pub fn media_type(self) -> &'static str {
        match self {
            SbomFormat::Json => CYCLONEDX_JSON,
            SbomFormat::Xml => CYCLONEDX_XML,
            SbomFormat::SpdxJson => SPDX_JSON,
        }
    }

    /// The format of an artifact or layer media type (parameters after `;`
    /// ignored), if it is an SBOM relnotes reads: SPDX or CycloneDX JSON.
    pub fn of_media_type(media_type: &str) -> Option<SbomFormat> {
        match media_type.split(';').next().unwrap_or_default().trim() {
            SPDX_JSON => Some(SbomFormat::SpdxJson),
            CYCLONEDX_JSON => Some(SbomFormat::Json),
            _ => None,
        }
    }

    /// The predicate type of an in-toto statement whose predicate is an
    /// SBOM of this format (as `cosign attest --type spdxjson|cyclonedx`
    /// names them).
    pub fn predicate_type(self) -> &'static str {
        match self {
            SbomFormat::SpdxJson => SPDX_PREDICATE,
            SbomFormat::Json | SbomFormat::Xml => CYCLONEDX_PREDICATE,
        }
    }

    /// The format of an in-toto predicate type, if an SBOM: SPDX, or
    /// CycloneDX (with or without a version: `https://cyclonedx.org/bom/v1.6`),
    /// whose predicate is JSON.
    pub fn of_predicate_type(predicate_type: &str) -> Option<SbomFormat> {
        if predicate_type == SPDX_PREDICATE {
            Some(SbomFormat::SpdxJson)
        } else if predicate_type == CYCLONEDX_PREDICATE
            || predicate_type
                .strip_prefix(CYCLONEDX_PREDICATE)
                .is_some_and(|rest| rest.starts_with('/'))
        {
            Some(SbomFormat::Json)
        } else {
            None
        }
    }

    /// `cyclonedx`, `cyclonedx-xml` or `spdx`: the format's name in JSON
    /// reports.
    pub fn as_str(self) -> &'static str {
        match self {
            SbomFormat::Json => "cyclonedx",
            SbomFormat::Xml => "cyclonedx-xml",
            SbomFormat::SpdxJson => "spdx",
        }
    }

    /// `SPDX` or `CycloneDX`: the standard, as people name it.
    pub fn standard(self) -> &'static str {
        match self {
            SbomFormat::SpdxJson => "SPDX",
            SbomFormat::Json | SbomFormat::Xml => "CycloneDX",
        }
    }
}

impl serde::Serialize for SbomFormat {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// Which CycloneDX version an SBOM is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CycloneDxVersion {
    /// CycloneDX 1.5.
    V1_5,
    /// CycloneDX 1.6 (ECMA-424, 1st edition), the default: the newest
    /// version every consumer in docs/sbom.md reads.
    #[default]
    V1_6,
    /// CycloneDX 1.7 (ECMA-424, 2nd edition).
    V1_7,
}

impl CycloneDxVersion {
    /// `1.5`, `1.6` or `1.7`.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            CycloneDxVersion::V1_5 => "1.5",
            CycloneDxVersion::V1_6 => "1.6",
            CycloneDxVersion::V1_7 => "1.7",
        }
    }
}

/// Where the content of an SBOM comes from, as its
/// `metadata.lifecycles` says (CycloneDX 1.5 and later).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lifecycle {
    /// What a release record declares: `pre-build` (docs/sbom.md says why).
    Declared,
    /// What was found in a built image: `post-build`.
    Observed,
}

impl Lifecycle {
    /// The CycloneDX lifecycle phase.
    pub(crate) fn phase(self) -> cyclonedx_bom::models::lifecycle::Phase {
        use cyclonedx_bom::models::lifecycle::Phase;
        match self {
            Lifecycle::Declared => Phase::PreBuild,
            Lifecycle::Observed => Phase::PostBuild,
        }
    }
}

/// Which image platforms to describe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArchChoice {
    /// The release's only architecture; an error when it has several.
    Only,
    /// The architecture of this name; an error when the release lacks it.
    One(String),
    /// Every architecture, one SBOM each.
    All,
}

/// Why an SBOM cannot be built or encoded.
#[derive(Debug, thiserror::Error)]
pub enum SbomError {
    /// An architecture was asked for that the release does not declare.
    #[error(
        "unknown architecture `{arch}`: {version} declares {}\n  = hint: pass --arch with one of: {}, all",
        archs.join(", "),
        archs.join(", ")
    )]
    UnknownArch {
        /// The architecture asked for.
        arch: String,
        /// The release's version.
        version: String,
        /// The architectures the release declares.
        archs: Vec<String>,
    },
    /// No architecture was named and the release has several.
    #[error(
        "{version} is built for several architectures ({}) and an SBOM describes one\n  = hint: pass --arch with one of: {}; or --arch all -o DIR for one file per architecture",
        archs.join(", "),
        archs.join(", ")
    )]
    ArchRequired {
        /// The release's version.
        version: String,
        /// The architectures the release declares.
        archs: Vec<String>,
    },
    /// No valid package URL can be built for a component or the image.
    #[error(transparent)]
    Purl(#[from] model::PurlError),
    /// `SOURCE_DATE_EPOCH` is set but is not a whole number of seconds
    /// (or is out of range).
    #[error(
        "SOURCE_DATE_EPOCH=`{value}` is not a time: {reason}\n  = hint: set it to whole seconds since 1970-01-01 UTC, or unset it"
    )]
    SourceDateEpoch {
        /// The variable's value.
        value: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The BOM of one architecture fails cyclonedx-bom's CycloneDX 1.5
    /// validation.
    #[error("the SBOM of {version} ({arch}) is not valid CycloneDX 1.5: {detail}")]
    Invalid {
        /// The release's version.
        version: String,
        /// The architecture the BOM describes.
        arch: String,
        /// What validation reported.
        detail: String,
    },
    /// Writing the BOM as JSON or XML (or upgrading it to 1.6 or 1.7) failed.
    #[error("cannot encode the SBOM as {format}: {detail}")]
    Encode {
        /// What it was being written as, such as `JSON`, `XML` or `RFC 3339`.
        format: &'static str,
        /// The encoder's message.
        detail: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn predicate_and_media_types() {
        assert_eq!(
            SbomFormat::of_predicate_type(SPDX_PREDICATE),
            Some(SbomFormat::SpdxJson)
        );
        assert_eq!(
            SbomFormat::of_predicate_type("https://cyclonedx.org/bom/v1.6"),
            Some(SbomFormat::Json)
        );
        assert_eq!(
            SbomFormat::of_predicate_type("https://cyclonedx.org/bombs"),
            None
        );
        assert_eq!(
            SbomFormat::of_predicate_type("https://slsa.dev/provenance/v0.2"),
            None
        );
        assert_eq!(
            SbomFormat::of_media_type(SPDX_JSON),
            Some(SbomFormat::SpdxJson)
        );
        assert_eq!(
            SbomFormat::of_media_type("application/vnd.cyclonedx+json; version=1.6"),
            Some(SbomFormat::Json)
        );
        assert_eq!(SbomFormat::of_media_type("application/json"), None);
        for format in [SbomFormat::Json, SbomFormat::SpdxJson] {
            assert_eq!(SbomFormat::of_media_type(format.media_type()), Some(format));
            assert_eq!(
                SbomFormat::of_predicate_type(format.predicate_type()),
                Some(format)
            );
        }
    }
}
