//! SPDX 2.x JSON, read in one pass: each package becomes a found package
//! as soon as it is parsed, so a document of hundreds of thousands of
//! packages is never held whole beside what is taken.

use super::decoded::{DecodeError, Decoded, Place, clip};
use super::package::{Described, Distro, package};
use crate::format::SbomFormat;
use model::Package;
use serde::Deserialize;
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::fmt;

/// What is taken from an SPDX 2.x JSON document as it is parsed.
#[derive(Default)]
pub(crate) struct SpdxRead {
    spdx_version: Option<String>,
    name: Option<String>,
    packages: Vec<Package>,
    skipped: usize,
    distro: Distro,
    /// The first package that could not be taken; the rest are parsed
    /// (the document must still be JSON) but not taken.
    error: Option<DecodeError>,
}

impl SpdxRead {
    /// Room for the packages of a document of `bytes` bytes, taken before
    /// they are read: the list grown by doubling would, at its last
    /// growth, hold its old and its new copy at once (a third more than
    /// the list itself at hundreds of thousands of packages). A package
    /// takes well over 100 bytes of JSON; room not filled is never touched,
    /// so it costs address space, not memory.
    pub(crate) fn with_room(bytes: u64) -> SpdxRead {
        SpdxRead {
            packages: Vec::with_capacity(usize::try_from(bytes / 100).unwrap_or(0)),
            ..SpdxRead::default()
        }
    }

    /// The document read at `place`, or what is wrong with it.
    pub(crate) fn finish(mut self, place: Place) -> Result<Decoded, DecodeError> {
        let Some(spdx_version) = self.spdx_version else {
            return Err(DecodeError::new("missing field `spdxVersion`"));
        };
        if !spdx_version.starts_with("SPDX-2.") {
            return Err(DecodeError::new(format!(
                "`spdxVersion` is `{}`; relnotes reads SPDX 2.x JSON",
                clip(&spdx_version, 100)
            )));
        }
        if let Some(e) = self.error {
            return Err(e);
        }
        let os = self
            .distro
            .os(|id| place.evidence(SbomFormat::SpdxJson, id));
        let distro_os = os.is_some();
        self.packages.extend(os);
        Ok(Decoded {
            format: SbomFormat::SpdxJson,
            spec_version: spdx_version,
            name: self.name,
            packages: self.packages,
            skipped: self.skipped,
            distro_os,
        })
    }
}

/// Reads an SPDX document's fields relnotes needs into `read`, each of
/// its packages as soon as it is parsed.
pub(crate) struct SpdxSeed<'a> {
    pub(crate) read: &'a mut SpdxRead,
    pub(crate) place: Place<'a>,
}

impl<'de> DeserializeSeed<'de> for SpdxSeed<'_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for SpdxSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an SPDX document")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "spdxVersion" => self.read.spdx_version = Some(map.next_value()?),
                "name" => self.read.name = map.next_value()?,
                "packages" => map.next_value_seed(SpdxPackages {
                    read: &mut *self.read,
                    place: self.place,
                })?,
                _ => drop(map.next_value::<IgnoredAny>()?),
            }
        }
        Ok(())
    }
}

/// The `packages` array, one package at a time.
struct SpdxPackages<'a> {
    read: &'a mut SpdxRead,
    place: Place<'a>,
}

impl<'de> DeserializeSeed<'de> for SpdxPackages<'_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for SpdxPackages<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of SPDX packages")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(p) = seq.next_element::<SpdxPackage>()? {
            if self.read.error.is_some() {
                continue;
            }
            let id = p.spdx_id.as_deref().unwrap_or(&p.name);
            let located = |kind: &str| -> Vec<&str> {
                let refs = p.external_refs.iter();
                refs.filter(|r| r.reference_type == kind)
                    .map(|r| r.reference_locator.as_str())
                    .collect()
            };
            let described = Described {
                name: &p.name,
                version: p.version_info.as_deref(),
                purl: located("purl").first().copied(),
                cpes: located("cpe23Type"),
                operating_system: p.primary_package_purpose.as_deref() == Some("OPERATING-SYSTEM"),
            };
            let evidence = self.place.evidence(SbomFormat::SpdxJson, id);
            match package(&described, evidence, &mut self.read.distro) {
                Ok(Some(found)) => self.read.packages.push(found),
                Ok(None) => self.read.skipped += 1,
                Err(e) => {
                    self.read.error = Some(DecodeError::new(format!(
                        "package `{}`: {e}",
                        clip(id, 200)
                    )));
                }
            }
        }
        Ok(())
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SpdxPackage {
    name: String,
    #[serde(rename = "SPDXID")]
    spdx_id: Option<String>,
    version_info: Option<String>,
    primary_package_purpose: Option<String>,
    #[serde(default)]
    external_refs: Vec<SpdxExternalRef>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SpdxExternalRef {
    reference_type: String,
    reference_locator: String,
}
