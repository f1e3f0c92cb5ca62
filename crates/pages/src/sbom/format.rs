//! What an SBOM is asked to be (encoding, CycloneDX version, platforms)
//! and why it cannot be made.

/// How an SBOM is encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
pub enum Lifecycle {
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
    Purl(#[from] model::package::PurlError),
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
