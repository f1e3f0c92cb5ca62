//! What an SBOM is asked to be (encoding, CycloneDX version, platforms)
//! and why it cannot be made.

/// How an SBOM is encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SbomFormat {
    Json,
    Xml,
}

impl SbomFormat {
    /// The file extension: `cdx.json` or `cdx.xml`, as CycloneDX recommends.
    pub fn extension(self) -> &'static str {
        match self {
            SbomFormat::Json => "cdx.json",
            SbomFormat::Xml => "cdx.xml",
        }
    }
}

/// Which CycloneDX version an SBOM is written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CycloneDxVersion {
    #[default]
    V1_5,
    /// ECMA-424, 1st edition.
    V1_6,
}

impl CycloneDxVersion {
    pub fn as_str(self) -> &'static str {
        match self {
            CycloneDxVersion::V1_5 => "1.5",
            CycloneDxVersion::V1_6 => "1.6",
        }
    }
}

/// Which image platforms to describe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ArchChoice {
    /// The release's only architecture; an error when it has several.
    Only,
    One(String),
    /// Every architecture, one SBOM each.
    All,
}

#[derive(Debug, thiserror::Error)]
pub enum SbomError {
    #[error(
        "unknown architecture `{arch}`: {version} declares {}\n  = hint: pass --arch with one of: {}, all",
        archs.join(", "),
        archs.join(", ")
    )]
    UnknownArch {
        arch: String,
        version: String,
        archs: Vec<String>,
    },
    #[error(
        "{version} is built for several architectures ({}) and an SBOM describes one\n  = hint: pass --arch with one of: {}; or --arch all -o DIR for one file per architecture",
        archs.join(", "),
        archs.join(", ")
    )]
    ArchRequired { version: String, archs: Vec<String> },
    #[error(transparent)]
    Purl(#[from] model::package::PurlError),
    #[error(
        "SOURCE_DATE_EPOCH=`{value}` is not a time: {reason}\n  = hint: set it to whole seconds since 1970-01-01 UTC, or unset it"
    )]
    SourceDateEpoch { value: String, reason: String },
    #[error("the SBOM of {version} ({arch}) is not valid CycloneDX 1.5: {detail}")]
    Invalid {
        version: String,
        arch: String,
        detail: String,
    },
    #[error("cannot encode the SBOM as {format}: {detail}")]
    Encode {
        format: &'static str,
        detail: String,
    },
}
