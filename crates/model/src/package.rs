//! One package model: what a record declares for an architecture and what
//! the catalogers find in an image are the same kind of thing, a
//! [`Package`], told apart by its [`Origin`]. Every stage that compares,
//! diffs or encodes packages works on this type; its package URL is
//! computed here and nowhere else.

use crate::record::Arch;
use crate::version::{Ecosystem, Version};
use packageurl::PackageUrl;
use serde::Serialize;
use std::cmp::Ordering;
use std::sync::OnceLock;

/// A package: a component of a release or of an image.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Package {
    /// As its source spells it (`flash_attn`, `CUDA`).
    pub name: String,
    /// Normalised for the ecosystem (`flash_attn` → `flash-attn`).
    pub key: String,
    /// The version as its source writes it (`2.8.0+cu128`).
    pub version: String,
    /// Decides how `key` is normalised and how versions order.
    pub ecosystem: Ecosystem,
    /// Declared by a record (and how), or found in an image.
    pub origin: Origin,
    /// `version`, parsed in `ecosystem` when first asked for.
    #[serde(skip)]
    parsed: ParsedVersion,
}

/// A version parsed when first needed (most are only shown, or compared
/// with an identical text); boxed, as most never are parsed: each of an
/// SBOM's hundreds of thousands of packages is 56 bytes smaller. Equal
/// whenever the packages' texts and ecosystems are, which [`Package`]'s
/// equality already compares.
#[derive(Clone, Default)]
struct ParsedVersion(OnceLock<Option<Box<Version>>>);

impl std::fmt::Debug for ParsedVersion {
    /// Whether or not it has been parsed yet: the output must not depend
    /// on what was asked before.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ParsedVersion")
    }
}

impl PartialEq for ParsedVersion {
    fn eq(&self, _: &ParsedVersion) -> bool {
        true
    }
}

impl Eq for ParsedVersion {}

/// Where a package comes from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase", tag = "kind")]
pub enum Origin {
    /// Declared for every arch of a record.
    Shared,
    /// Declared for one arch only.
    Added,
    /// Declared for every arch, with another version for this one.
    Override {
        /// The version the record declares for every arch.
        shared_version: String,
    },
    /// Found in an image.
    Found(Evidence),
}

impl Origin {
    /// The origin's name in pages and SBOM properties.
    pub fn kind(&self) -> &'static str {
        match self {
            Origin::Shared => "shared",
            Origin::Added => "added",
            Origin::Override { .. } => "override",
            Origin::Found(_) => "found",
        }
    }

    /// The version every other arch declares, for an override.
    pub fn shared_version(&self) -> Option<&str> {
        match self {
            Origin::Override { shared_version } => Some(shared_version),
            _ => None,
        }
    }
}

/// Where in an image a package was found.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Evidence {
    /// Which cataloger found it (`python`, `dpkg`, `os-release`, `cuda`, `env`, …).
    pub cataloger: String,
    /// A path in the image, or `config:env/CUDA_VERSION`, `config:label/…`.
    pub location: String,
    /// Digest of the layer that holds the path (none for config evidence).
    pub layer: Option<String>,
    /// The source package a Debian package was built from (dpkg's
    /// `Source:` field), which scanners key Debian's advisories by.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<SourcePackage>,
    /// A Python distribution's `Requires-Dist` lines, as its metadata
    /// writes them (`nvidia-cudnn-cu13==9.19.0.56; platform_system == "Linux"`):
    /// which copy of a library a framework loads.
    #[serde(skip)]
    pub requires: Vec<String>,
}

/// A Debian source package: `Source: glibc`, or `Source: libsemanage (3.4-1)`
/// when the binary package's version differs from the source's (a binNMU).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SourcePackage {
    /// The source package's name (`glibc`).
    pub name: String,
    /// Its version, when dpkg states one (it does only when it differs
    /// from the binary package's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

impl SourcePackage {
    /// dpkg's `Source:` field: `name` or `name (version)`; none when empty.
    pub fn parse(field: &str) -> Option<SourcePackage> {
        let field = field.trim();
        let (name, version) = match field.split_once('(') {
            Some((name, rest)) => {
                let version = rest.trim_end().strip_suffix(')').unwrap_or(rest).trim();
                (
                    name.trim(),
                    (!version.is_empty()).then(|| version.to_string()),
                )
            }
            None => (field, None),
        };
        (!name.is_empty() && !name.contains(char::is_whitespace)).then(|| SourcePackage {
            name: name.to_string(),
            version,
        })
    }
}

impl Package {
    /// A package named `name` (its key normalised for `ecosystem`).
    pub fn new(name: &str, version: &str, ecosystem: Ecosystem, origin: Origin) -> Package {
        Package {
            name: name.to_string(),
            key: ecosystem.normalize_name(name),
            version: version.to_string(),
            ecosystem,
            origin,
            parsed: ParsedVersion::default(),
        }
    }

    /// A package found in an image.
    pub fn found(name: &str, version: &str, ecosystem: Ecosystem, evidence: Evidence) -> Package {
        Package::new(name, version, ecosystem, Origin::Found(evidence))
    }

    /// The evidence of a found package.
    pub fn evidence(&self) -> Option<&Evidence> {
        match &self.origin {
            Origin::Found(evidence) => Some(evidence),
            _ => None,
        }
    }

    /// Which cataloger found it; empty for a declared package.
    pub fn cataloger(&self) -> &str {
        self.evidence().map_or("", |e| e.cataloger.as_str())
    }

    /// Where in the image it was found; empty for a declared package.
    pub fn location(&self) -> &str {
        self.evidence().map_or("", |e| e.location.as_str())
    }

    /// The layer of the file it was found in (none for config evidence).
    pub fn layer(&self) -> Option<&str> {
        self.evidence().and_then(|e| e.layer.as_deref())
    }

    /// The version, parsed in the package's ecosystem (none when it
    /// does not parse there).
    pub(crate) fn parsed_version(&self) -> Option<&Version> {
        self.parsed
            .0
            .get_or_init(|| {
                Version::parse(self.ecosystem, &self.version)
                    .ok()
                    .map(Box::new)
            })
            .as_deref()
    }

    /// How this package's version orders against `other`'s, when both
    /// parse, in one ecosystem.
    pub fn version_order(&self, other: &Package) -> Option<Ordering> {
        if self.ecosystem != other.ecosystem {
            return None;
        }
        self.parsed_version()?.compare(other.parsed_version()?)
    }

    /// The package URL, or `None` for an operating system.
    ///
    /// | ecosystem | purl |
    /// |---|---|
    /// | pypi | `pkg:pypi/<PEP 503 name>@<version>` |
    /// | deb | `pkg:deb/<os>/<name>@<version>?arch=<deb arch>&distro=<os>-<os version>&upstream=<source>[@<source version>]` |
    /// | os | none |
    /// | cuda, generic | `pkg:generic/<name>@<version>` |
    pub fn purl(&self, arch: &Arch, os: Option<Os>) -> Result<Option<String>, PurlError> {
        let fail = |e: packageurl::Error| PurlError {
            name: self.name.clone(),
            reason: e.to_string(),
        };
        let ty = match self.ecosystem {
            Ecosystem::Os => return Ok(None),
            Ecosystem::Pypi => "pypi",
            Ecosystem::Deb => "deb",
            Ecosystem::Cuda | Ecosystem::Generic => "generic",
        };
        let mut purl = PackageUrl::new(ty, self.key.as_str()).map_err(fail)?;
        purl.with_version(self.version.as_str()).map_err(fail)?;
        if self.ecosystem == Ecosystem::Deb {
            purl.add_qualifier("arch", arch.deb()).map_err(fail)?;
            if let Some(os) = os {
                purl.with_namespace(os.name).map_err(fail)?;
                purl.add_qualifier("distro", format!("{}-{}", os.name, os.version))
                    .map_err(fail)?;
            }
            // As syft writes it: the source's name, with its version only
            // where dpkg states one.
            if let Some(source) = self.evidence().and_then(|e| e.source.as_ref()) {
                let upstream = match &source.version {
                    Some(version) => format!("{}@{version}", source.name),
                    None => source.name.clone(),
                };
                purl.add_qualifier("upstream", upstream).map_err(fail)?;
            }
        }
        purl.validate().map_err(fail)?;
        Ok(Some(purl.to_string()))
    }

    /// The bom-ref: the purl, else `<ecosystem>:<key>@<version>`.
    pub fn bom_ref(&self, purl: Option<&str>) -> String {
        match purl {
            Some(purl) => purl.to_string(),
            None => format!("{}:{}@{}", self.ecosystem, self.key, self.version),
        }
    }
}

/// The operating system an image is built on: its normalised name and
/// version (`ubuntu`, `24.04`), for deb purls.
#[derive(Debug, Clone, Copy)]
pub struct Os<'a> {
    pub(crate) name: &'a str,
    pub(crate) version: &'a str,
}

impl<'a> Os<'a> {
    /// The first operating system among `packages`.
    pub fn among(packages: impl IntoIterator<Item = &'a Package>) -> Option<Os<'a>> {
        packages
            .into_iter()
            .find(|p| p.ecosystem == Ecosystem::Os)
            .map(|p| Os {
                name: &p.key,
                version: &p.version,
            })
    }
}

/// Why a package URL cannot be built, for a package or an image (a name
/// or version the purl rules refuse).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot build the package URL of `{name}`: {reason}")]
pub struct PurlError {
    /// The name of the package or image the URL was for.
    pub name: String,
    /// What the purl rules refused.
    pub reason: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn package(name: &str, version: &str, ecosystem: Ecosystem) -> Package {
        Package::new(name, version, ecosystem, Origin::Shared)
    }

    fn purl(p: &Package, arch: &str, os: Option<Os>) -> String {
        p.purl(&arch.parse().unwrap(), os).unwrap().unwrap()
    }

    #[test]
    fn pypi_purls_use_pep503_names_and_encode_local_versions() {
        let torch = package("torch", "2.8.0.9+nv25.3", Ecosystem::Pypi);
        assert_eq!(
            purl(&torch, "amd64", None),
            "pkg:pypi/torch@2.8.0.9%2Bnv25.3"
        );
        let fa = package("flash_attn", "2.8.3", Ecosystem::Pypi);
        assert_eq!(purl(&fa, "amd64", None), "pkg:pypi/flash-attn@2.8.3");
        let te = package("Transformer.Engine", "2.4.0+3cd6870c", Ecosystem::Pypi);
        assert_eq!(
            purl(&te, "amd64", None),
            "pkg:pypi/transformer-engine@2.4.0%2B3cd6870c"
        );
    }

    #[test]
    fn deb_purls_name_the_os_and_the_debian_arch() {
        let c = package("libc6", "2.39-0ubuntu8", Ecosystem::Deb);
        let os = Os {
            name: "ubuntu",
            version: "24.04",
        };
        assert_eq!(
            purl(&c, "aarch64", Some(os)),
            "pkg:deb/ubuntu/libc6@2.39-0ubuntu8?arch=arm64&distro=ubuntu-24.04"
        );
        assert_eq!(
            purl(&c, "amd64", None),
            "pkg:deb/libc6@2.39-0ubuntu8?arch=amd64"
        );
        let epoch = package("gdb", "1:15.0-1", Ecosystem::Deb);
        assert_eq!(
            purl(&epoch, "ppc64le", Some(os)),
            "pkg:deb/ubuntu/gdb@1:15.0-1?arch=ppc64el&distro=ubuntu-24.04"
        );
    }

    fn from_dpkg(name: &str, version: &str, source: &str) -> Package {
        Package::found(
            name,
            version,
            Ecosystem::Deb,
            Evidence {
                cataloger: "dpkg".into(),
                location: "var/lib/dpkg/status".into(),
                layer: Some("sha256:ab".into()),
                source: SourcePackage::parse(source),
                requires: Vec::new(),
            },
        )
    }

    #[test]
    fn deb_purls_name_the_source_package_as_syft_does() {
        let os = Os {
            name: "ubuntu",
            version: "24.04",
        };
        let libc = from_dpkg("libc6", "2.39-0ubuntu8.4", "glibc");
        assert_eq!(
            purl(&libc, "amd64", Some(os)),
            "pkg:deb/ubuntu/libc6@2.39-0ubuntu8.4?arch=amd64&distro=ubuntu-24.04&upstream=glibc"
        );
        // Debian 12's libsemanage2, rebuilt without a source change.
        let os = Os {
            name: "debian",
            version: "12",
        };
        let binnmu = from_dpkg("libsemanage2", "3.4-1+b5", "libsemanage (3.4-1)");
        assert_eq!(
            purl(&binnmu, "amd64", Some(os)),
            "pkg:deb/debian/libsemanage2@3.4-1%2Bb5?arch=amd64&distro=debian-12&upstream=libsemanage%403.4-1"
        );
        let none = from_dpkg("gdb", "15.0.50.20240403-0ubuntu1", "");
        assert!(!purl(&none, "amd64", None).contains("upstream"));
    }

    #[test]
    fn source_fields_parse_with_and_without_a_version() {
        let s = SourcePackage::parse("libsemanage (3.4-1)").unwrap();
        assert_eq!(
            (s.name.as_str(), s.version.as_deref()),
            ("libsemanage", Some("3.4-1"))
        );
        let s = SourcePackage::parse(" glibc ").unwrap();
        assert_eq!((s.name.as_str(), s.version), ("glibc", None));
        assert!(SourcePackage::parse("").is_none());
        assert!(SourcePackage::parse("two words").is_none());
    }

    #[test]
    fn runtimes_are_generic_and_the_os_has_no_purl() {
        let cuda = package("CUDA", "12.8", Ecosystem::Cuda);
        assert_eq!(purl(&cuda, "amd64", None), "pkg:generic/cuda@12.8");
        let py = package("Python", "3.12.7+gc", Ecosystem::Generic);
        assert_eq!(purl(&py, "amd64", None), "pkg:generic/python@3.12.7%2Bgc");
        let ubuntu = package("Ubuntu", "24.04", Ecosystem::Os);
        assert_eq!(ubuntu.purl(&"amd64".parse().unwrap(), None).unwrap(), None);
        assert_eq!(ubuntu.bom_ref(None), "os:ubuntu@24.04");
    }

    #[test]
    fn declared_and_found_packages_share_keys_and_order() {
        let declared = package("flash_attn", "2.8.3", Ecosystem::Pypi);
        let found = Package::found(
            "flash-attn",
            "2.8.10",
            Ecosystem::Pypi,
            Evidence {
                cataloger: "python".into(),
                location: "usr/lib/python3/dist-packages/flash_attn-2.8.10.dist-info/METADATA"
                    .into(),
                layer: Some("sha256:ab".into()),
                ..Default::default()
            },
        );
        assert_eq!(declared.key, found.key);
        assert_eq!(declared.version_order(&found), Some(Ordering::Less));
        assert_eq!(found.evidence().unwrap().cataloger, "python");
        assert!(declared.evidence().is_none());
    }
}
