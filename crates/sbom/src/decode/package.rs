//! One package of an SBOM as a found [`Package`]: by its package URL, as
//! the operating system, or by a CPE that names a component relnotes
//! knows.

use super::decoded::clip;
use model::{Ecosystem, Evidence, Package};

/// What one package (SPDX) or component (CycloneDX) of an SBOM says it is.
pub(crate) struct Described<'a> {
    pub(crate) name: &'a str,
    pub(crate) version: Option<&'a str>,
    pub(crate) purl: Option<&'a str>,
    pub(crate) cpes: Vec<&'a str>,
    /// SPDX `primaryPackagePurpose: OPERATING-SYSTEM`, CycloneDX type
    /// `operating-system`: the distribution itself (trivy states it so,
    /// with no purl; syft's CycloneDX too).
    pub(crate) operating_system: bool,
}

/// The found package `described` is, with `evidence`; `None` when it says
/// nothing relnotes can place (the image itself, no purl nor known CPE,
/// no version). A purl that does not parse is an error naming it (the
/// caller names the package).
pub(crate) fn package(
    described: &Described,
    evidence: Evidence,
    distro: &mut Distro,
) -> Result<Option<Package>, String> {
    let version = described
        .version
        .filter(|v| !v.is_empty() && *v != "NOASSERTION" && *v != "NONE");
    if described.operating_system {
        distro.stated = true;
        let version = version.map(str::to_string).or_else(|| {
            let cpe = described.cpes.iter().find_map(|c| Cpe::parse(c))?;
            cpe.version()
        });
        return Ok(version.map(|v| {
            Package::found(
                &described.name.to_ascii_lowercase(),
                &v,
                Ecosystem::Os,
                evidence,
            )
        }));
    }
    if let Some(purl) = described.purl {
        return by_purl(purl, version, evidence, distro);
    }
    Ok(described
        .cpes
        .iter()
        .filter_map(|c| Cpe::parse(c))
        .find_map(|cpe| cpe.known(version, &evidence)))
}

/// A found package from its purl: `pypi` and `deb` in their ecosystems,
/// other types as generic; the version the SBOM gives, else the purl's.
/// `None` for the image itself (`oci`, `docker`) or a purl without a
/// version.
fn by_purl(
    purl: &str,
    version: Option<&str>,
    evidence: Evidence,
    distro: &mut Distro,
) -> Result<Option<Package>, String> {
    let parsed: packageurl::PackageUrl = purl
        .parse()
        .map_err(|e| format!("purl `{}`: {e}", clip(purl, 200)))?;
    if parsed.ty() == "deb"
        && let Some(named) = parsed.qualifiers().get("distro")
    {
        distro.note(named);
    }
    let ecosystem = match parsed.ty() {
        "oci" | "docker" => return Ok(None),
        "pypi" => Ecosystem::Pypi,
        "deb" => Ecosystem::Deb,
        _ => Ecosystem::Generic,
    };
    let Some(version) = version.or(parsed.version()) else {
        return Ok(None);
    };
    Ok(Some(Package::found(
        parsed.name(),
        version,
        ecosystem,
        evidence,
    )))
}

/// The distribution the deb purls of one SBOM name (`distro=ubuntu-24.04`,
/// as syft and trivy write them), the OS of an SBOM that states none as a
/// package (syft's SPDX).
#[derive(Default)]
pub(crate) struct Distro {
    /// The SBOM states its OS as a package.
    stated: bool,
    /// The one `distro` qualifier seen; `None` too once two differ.
    named: Option<String>,
    differ: bool,
}

impl Distro {
    fn note(&mut self, named: &str) {
        match &self.named {
            Some(seen) if seen != named => self.differ = true,
            Some(_) => {}
            None => self.named = Some(named.to_string()),
        }
    }

    /// The OS the purls name (`ubuntu-24.04`: `ubuntu` 24.04), when the SBOM
    /// states none and all of its deb purls name the same distribution.
    /// `evidence` is of the package whose id it is given.
    pub(crate) fn os(self, evidence: impl FnOnce(&str) -> Evidence) -> Option<Package> {
        if self.stated || self.differ {
            return None;
        }
        let named = self.named?;
        let (id, version) = named.rsplit_once('-')?;
        if id.is_empty() || !version.starts_with(|c: char| c.is_ascii_digit()) {
            return None;
        }
        let evidence = evidence(&format!("the deb purls' distro={}", clip(&named, 100)));
        Some(Package::found(
            &id.to_ascii_lowercase(),
            version,
            Ecosystem::Os,
            evidence,
        ))
    }
}

/// A CPE 2.3 formatted string, split into its fields (`\` escapes kept).
struct Cpe<'a> {
    fields: Vec<&'a str>,
}

impl<'a> Cpe<'a> {
    /// `cpe:2.3:<part>:<vendor>:<product>:<version>:…`; `None` for any
    /// other text (CPE 2.2 URIs included: peers write 2.3).
    fn parse(text: &'a str) -> Option<Cpe<'a>> {
        let mut fields = Vec::with_capacity(13);
        let mut start = 0;
        let mut escaped = false;
        for (at, c) in text.char_indices() {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                ':' => {
                    fields.push(&text[start..at]);
                    start = at + 1;
                }
                _ => {}
            }
        }
        fields.push(&text[start..]);
        (fields.len() >= 6 && fields[0] == "cpe" && fields[1] == "2.3").then_some(Cpe { fields })
    }

    /// `cpe:2.3:<part>:<vendor>:<product>`, as `data/components.toml` keys
    /// a component.
    fn product(&self) -> String {
        self.fields[..5].join(":")
    }

    /// The version field, unescaped; `None` when it is `*` (any) or `-`
    /// (not applicable).
    fn version(&self) -> Option<String> {
        let field = self.fields[5];
        (!matches!(field, "*" | "-" | "")).then(|| field.replace('\\', ""))
    }

    /// The component relnotes knows under this CPE's product, as a found
    /// package in its ecosystem under its canonical name: at `version`,
    /// else the CPE's.
    fn known(&self, version: Option<&str>, evidence: &Evidence) -> Option<Package> {
        let product = self.product();
        let component = model::all_components()
            .iter()
            .find(|c| c.cpe.as_deref() == Some(product.as_str()))?;
        let version = version.map(str::to_string).or_else(|| self.version())?;
        Some(Package::found(
            &component.name,
            &version,
            component.ecosystem,
            evidence.clone(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evidence() -> Evidence {
        Evidence {
            cataloger: "spdx attestation".into(),
            location: "x".into(),
            ..Default::default()
        }
    }

    fn described<'a>(purl: Option<&'a str>, version: Option<&'a str>) -> Described<'a> {
        Described {
            name: "x",
            version,
            purl,
            cpes: Vec::new(),
            operating_system: false,
        }
    }

    fn read(d: &Described) -> Option<(String, String, Ecosystem)> {
        package(d, evidence(), &mut Distro::default())
            .unwrap()
            .map(|p| (p.name, p.version, p.ecosystem))
    }

    #[test]
    fn deb_purls_name_the_os_an_sbom_does_not_state() {
        let os = |purls: &[&str], stated: bool| {
            let mut distro = Distro::default();
            for purl in purls {
                package(&described(Some(purl), None), evidence(), &mut distro).unwrap();
            }
            if stated {
                let os = Described {
                    operating_system: true,
                    ..described(None, Some("24.04"))
                };
                package(&os, evidence(), &mut distro).unwrap();
            }
            distro
                .os(|id| Evidence {
                    location: id.to_string(),
                    ..evidence()
                })
                .map(|p| (p.location().to_string(), p.name, p.version, p.ecosystem))
        };
        let bash = "pkg:deb/ubuntu/bash@5.2.21-2ubuntu4?arch=amd64&distro=ubuntu-24.04";
        let libc =
            "pkg:deb/ubuntu/libc6@2.39-0ubuntu8.6?arch=amd64&distro=ubuntu-24.04&upstream=glibc";
        assert_eq!(
            os(&[bash, libc, "pkg:pypi/torch@2.8.0"], false),
            Some((
                "the deb purls' distro=ubuntu-24.04".into(),
                "ubuntu".into(),
                "24.04".into(),
                Ecosystem::Os,
            ))
        );
        // Stated as a package: that one is the OS.
        assert_eq!(os(&[bash], true), None);
        // Two distributions: none of them.
        let other = "pkg:deb/debian/bash@5.2?distro=debian-12";
        assert_eq!(os(&[bash, other], false), None);
        assert_eq!(os(&["pkg:deb/ubuntu/bash@5.2?distro=noble"], false), None);
        assert_eq!(os(&["pkg:pypi/torch@2.8.0"], false), None);
    }

    #[test]
    fn purls_give_the_ecosystem_and_the_sbom_the_version() {
        let torch = described(Some("pkg:pypi/torch@2.8.0"), Some("2.8.0"));
        assert_eq!(
            read(&torch),
            Some(("torch".into(), "2.8.0".into(), Ecosystem::Pypi))
        );
        let deb = "pkg:deb/ubuntu/gdb@15.0.50.20240403-0ubuntu1?arch=amd64&distro=ubuntu-24.04";
        assert_eq!(
            read(&described(Some(deb), Some("NOASSERTION"))),
            Some((
                "gdb".into(),
                "15.0.50.20240403-0ubuntu1".into(),
                Ecosystem::Deb
            ))
        );
        // The image itself is no package of it.
        assert_eq!(
            read(&described(Some("pkg:oci/tnp@sha256%3Aabc"), None)),
            None
        );
        let err = package(
            &described(Some("not a purl"), None),
            evidence(),
            &mut Distro::default(),
        )
        .unwrap_err();
        assert!(err.starts_with("purl `not a purl`: "), "{err}");
    }

    #[test]
    fn the_operating_system_needs_no_purl() {
        // trivy: `primaryPackagePurpose: OPERATING-SYSTEM`, no purl.
        let os = Described {
            name: "Ubuntu",
            operating_system: true,
            ..described(None, Some("24.04"))
        };
        assert_eq!(
            read(&os),
            Some(("ubuntu".into(), "24.04".into(), Ecosystem::Os))
        );
        // Its version from its CPE when it states none.
        let os = Described {
            cpes: vec!["cpe:2.3:o:canonical:ubuntu_linux:24.04:*:*:*:lts:*:*:*"],
            ..Described {
                version: None,
                ..os
            }
        };
        assert_eq!(
            read(&os),
            Some(("ubuntu".into(), "24.04".into(), Ecosystem::Os))
        );
        let unversioned = Described {
            cpes: Vec::new(),
            ..os
        };
        assert_eq!(read(&unversioned), None);
    }

    #[test]
    fn a_known_cpe_places_a_package_without_a_purl() {
        let cuda = Described {
            name: "cuda-toolkit",
            cpes: vec![
                "cpe:2.3:a:someone:else:1:*:*:*:*:*:*:*",
                "cpe:2.3:a:nvidia:cuda_toolkit:13.0.2:*:*:*:*:*:*:*",
            ],
            ..described(None, None)
        };
        assert_eq!(
            read(&cuda),
            Some(("CUDA".into(), "13.0.2".into(), Ecosystem::Cuda))
        );
        let python = Described {
            cpes: vec!["cpe:2.3:a:python:python:3.12.3\\+gc:*:*:*:*:*:*:*"],
            ..described(None, None)
        };
        assert_eq!(read(&python).unwrap().1, "3.12.3+gc");
        let unknown = Described {
            cpes: vec!["cpe:2.3:a:acme:anvil:1.0:*:*:*:*:*:*:*", "cpe:/a:old:uri:1"],
            ..described(None, Some("1.0"))
        };
        assert_eq!(read(&unknown), None);
    }

    #[test]
    fn cpe_fields_split_on_unescaped_colons() {
        let cpe = Cpe::parse("cpe:2.3:a:v:p\\:q:1\\:2:*:*:*:*:*:*:*").unwrap();
        assert_eq!(cpe.product(), "cpe:2.3:a:v:p\\:q");
        assert_eq!(cpe.version().as_deref(), Some("1:2"));
        assert!(Cpe::parse("cpe:2.3:a:v").is_none());
        assert!(Cpe::parse("cpe:/a:v:p:1").is_none());
    }
}
