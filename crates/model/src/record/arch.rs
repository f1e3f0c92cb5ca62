//! CPU architectures: the one place that knows how a record's arch name
//! maps to the names OCI platforms and Debian use.

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize};
use std::fmt;
use std::str::FromStr;

/// Architecture names a record may declare.
pub const KNOWN_ARCHS: [&str; 7] = [
    "amd64", "aarch64", "arm64", "x86_64", "ppc64le", "s390x", "riscv64",
];

/// An architecture as a record names it (`aarch64` and `arm64` are both
/// accepted and kept as written, since pages show the record's word).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, JsonSchema)]
#[serde(transparent)]
#[schemars(schema_with = "super::schema::arch")]
pub struct Arch(String);

/// Why a name is not an architecture a record may declare.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown architecture `{0}` (known: {known})", known = KNOWN_ARCHS.join(", "))]
pub struct UnknownArch(pub(crate) String);

impl Arch {
    /// The record's spelling.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The OCI platform architecture (`aarch64` → `arm64`, `x86_64` → `amd64`).
    pub fn oci(&self) -> &'static str {
        match self.0.as_str() {
            "amd64" | "x86_64" => "amd64",
            "aarch64" | "arm64" => "arm64",
            "ppc64le" => "ppc64le",
            "s390x" => "s390x",
            _ => "riscv64",
        }
    }

    /// The Debian architecture (`aarch64` → `arm64`, `ppc64le` → `ppc64el`).
    pub(crate) fn deb(&self) -> &'static str {
        match self.oci() {
            "ppc64le" => "ppc64el",
            other => other,
        }
    }

    /// Whether two names denote one architecture (`aarch64` is `arm64`).
    pub fn same_platform(&self, other: &Arch) -> bool {
        self.oci() == other.oci()
    }
}

impl FromStr for Arch {
    type Err = UnknownArch;
    fn from_str(name: &str) -> Result<Arch, UnknownArch> {
        KNOWN_ARCHS
            .iter()
            .find(|known| **known == name)
            .map(|known| Arch((*known).to_string()))
            .ok_or_else(|| UnknownArch(name.to_string()))
    }
}

impl<'de> Deserialize<'de> for Arch {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Arch, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

impl fmt::Display for Arch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl AsRef<str> for Arch {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for Arch {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for Arch {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arch(name: &str) -> Arch {
        name.parse().unwrap()
    }

    #[test]
    fn one_mapping_to_oci_and_debian_names() {
        let table = [
            ("amd64", "amd64", "amd64"),
            ("x86_64", "amd64", "amd64"),
            ("aarch64", "arm64", "arm64"),
            ("arm64", "arm64", "arm64"),
            ("ppc64le", "ppc64le", "ppc64el"),
            ("s390x", "s390x", "s390x"),
            ("riscv64", "riscv64", "riscv64"),
        ];
        for (name, oci, deb) in table {
            assert_eq!((arch(name).oci(), arch(name).deb()), (oci, deb), "{name}");
            assert_eq!(arch(name).as_str(), name);
        }
        assert!(arch("aarch64").same_platform(&arch("arm64")));
        assert!(!arch("aarch64").same_platform(&arch("amd64")));
    }

    #[test]
    fn unknown_names_are_refused_with_the_known_ones() {
        let err = "sparc".parse::<Arch>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown architecture `sparc` (known: amd64, aarch64, arm64, x86_64, ppc64le, s390x, riscv64)"
        );
    }
}
