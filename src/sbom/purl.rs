//! Package URLs and bom-refs of the image and its components.
//!
//! Every purl is built with the `packageurl` crate, which applies the
//! purl-spec's canonical forms and percent-encoding (`+` → `%2B`,
//! `/` in a qualifier value → `%2F`).

use super::SbomError;
use crate::record::Component;
use crate::reference::ImageRef;
use crate::version::Ecosystem;
use packageurl::PackageUrl;

/// The architecture as OCI image platforms name it (`aarch64` → `arm64`).
pub fn oci_arch(arch: &str) -> &str {
    match arch {
        "x86_64" => "amd64",
        "aarch64" => "arm64",
        other => other,
    }
}

/// The architecture as Debian names it (`aarch64` → `arm64`,
/// `ppc64le` → `ppc64el`).
pub fn deb_arch(arch: &str) -> &str {
    match arch {
        "x86_64" => "amd64",
        "aarch64" => "arm64",
        "ppc64le" => "ppc64el",
        other => other,
    }
}

fn failed(name: &str) -> impl Fn(packageurl::Error) -> SbomError + '_ {
    move |e| SbomError::Purl {
        name: name.to_string(),
        reason: e.to_string(),
    }
}

/// `pkg:oci/<name>[@<digest>]?arch=<oci arch>[&repository_url=…][&tag=…]`.
///
/// The name is the image's last path segment, or `fallback` (the product
/// id) when the record lists no image; `repository_url` is the canonical
/// `registry/repository` (`docker.io/library/ubuntu` for `ubuntu`); the purl
/// has a version only when the image reference holds a digest.
pub fn image_purl(
    image: Option<&ImageRef>,
    fallback: &str,
    arch: &str,
) -> Result<String, SbomError> {
    let name = image.map_or(fallback, ImageRef::name).to_lowercase();
    let fail = failed(&name);
    let mut purl = PackageUrl::new("oci", name.clone()).map_err(&fail)?;
    purl.add_qualifier("arch", oci_arch(arch)).map_err(&fail)?;
    if let Some(image) = image {
        if let Some(digest) = image.digest() {
            purl.with_version(digest).map_err(&fail)?;
        }
        purl.add_qualifier("repository_url", image.repository_url())
            .map_err(&fail)?;
        if let Some(tag) = image.tag() {
            purl.add_qualifier("tag", tag).map_err(&fail)?;
        }
    }
    purl.validate().map_err(&fail)?;
    Ok(purl.to_string())
}

/// The operating system the image is built on: its normalised name and
/// version (`ubuntu`, `24.04`), for deb purls.
#[derive(Debug, Clone, Copy)]
pub struct Os<'a> {
    pub name: &'a str,
    pub version: &'a str,
}

/// The purl of a declared component, or `None` for an operating system.
///
/// | ecosystem | purl |
/// |---|---|
/// | pypi | `pkg:pypi/<PEP 503 name>@<version>` |
/// | deb | `pkg:deb/<os>/<name>@<version>?arch=<deb arch>&distro=<os>-<os version>` |
/// | os | none |
/// | cuda, generic | `pkg:generic/<name>@<version>` |
pub fn component_purl(
    component: &Component,
    arch: &str,
    os: Option<Os>,
) -> Result<Option<String>, SbomError> {
    let fail = failed(&component.name);
    let ty = match component.ecosystem {
        Ecosystem::Os => return Ok(None),
        Ecosystem::Pypi => "pypi",
        Ecosystem::Deb => "deb",
        Ecosystem::Cuda | Ecosystem::Generic => "generic",
    };
    let mut purl = PackageUrl::new(ty, component.key.as_str()).map_err(&fail)?;
    purl.with_version(component.version.as_str())
        .map_err(&fail)?;
    if component.ecosystem == Ecosystem::Deb {
        purl.add_qualifier("arch", deb_arch(arch)).map_err(&fail)?;
        if let Some(os) = os {
            purl.with_namespace(os.name).map_err(&fail)?;
            purl.add_qualifier("distro", format!("{}-{}", os.name, os.version))
                .map_err(&fail)?;
        }
    }
    purl.validate().map_err(&fail)?;
    Ok(Some(purl.to_string()))
}

/// The bom-ref of a component: its purl, else `<ecosystem>:<name>@<version>`.
pub fn bom_ref(component: &Component, purl: Option<&str>) -> String {
    match purl {
        Some(purl) => purl.to_string(),
        None => format!(
            "{}:{}@{}",
            component.ecosystem, component.key, component.version
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Origin;

    fn component(name: &str, version: &str, ecosystem: Ecosystem) -> Component {
        Component {
            name: name.into(),
            key: ecosystem.normalize_name(name),
            version: version.into(),
            ecosystem,
            origin: Origin::Shared,
        }
    }

    fn purl(c: &Component, arch: &str, os: Option<Os>) -> String {
        component_purl(c, arch, os).unwrap().unwrap()
    }

    #[test]
    fn pypi_purls_use_pep503_names_and_encode_local_versions() {
        let torch = component("torch", "2.8.0.9+nv25.3", Ecosystem::Pypi);
        assert_eq!(
            purl(&torch, "amd64", None),
            "pkg:pypi/torch@2.8.0.9%2Bnv25.3"
        );
        let fa = component("flash_attn", "2.8.3", Ecosystem::Pypi);
        assert_eq!(purl(&fa, "amd64", None), "pkg:pypi/flash-attn@2.8.3");
        let te = component("Transformer.Engine", "2.4.0+3cd6870c", Ecosystem::Pypi);
        assert_eq!(
            purl(&te, "amd64", None),
            "pkg:pypi/transformer-engine@2.4.0%2B3cd6870c"
        );
    }

    #[test]
    fn deb_purls_name_the_os_and_the_debian_arch() {
        let c = component("libc6", "2.39-0ubuntu8", Ecosystem::Deb);
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
        let epoch = component("gdb", "1:15.0-1", Ecosystem::Deb);
        assert_eq!(
            purl(&epoch, "ppc64le", Some(os)),
            "pkg:deb/ubuntu/gdb@1:15.0-1?arch=ppc64el&distro=ubuntu-24.04"
        );
    }

    #[test]
    fn runtimes_are_generic_and_the_os_has_no_purl() {
        let cuda = component("CUDA", "12.8", Ecosystem::Cuda);
        assert_eq!(purl(&cuda, "amd64", None), "pkg:generic/cuda@12.8");
        let py = component("Python", "3.12.7+gc", Ecosystem::Generic);
        assert_eq!(purl(&py, "amd64", None), "pkg:generic/python@3.12.7%2Bgc");
        let ubuntu = component("Ubuntu", "24.04", Ecosystem::Os);
        assert_eq!(component_purl(&ubuntu, "amd64", None).unwrap(), None);
        assert_eq!(bom_ref(&ubuntu, None), "os:ubuntu@24.04");
    }

    #[test]
    fn image_purls_carry_platform_repository_and_tag() {
        let image = |s: &str| ImageRef::parse(s).unwrap();
        let r = image("reg.example.com:5000/ns/training-img:25.10-serverless");
        assert_eq!(
            image_purl(Some(&r), "p", "aarch64").unwrap(),
            "pkg:oci/training-img?arch=arm64&repository_url=reg.example.com:5000%2Fns%2Ftraining-img&tag=25.10-serverless"
        );
        let digest = format!("sha256:{}", "a".repeat(64));
        let r = image(&format!("reg.example.com/ns/img:1@{digest}"));
        assert_eq!(
            image_purl(Some(&r), "p", "amd64").unwrap(),
            format!(
                "pkg:oci/img@{digest}?arch=amd64&repository_url=reg.example.com%2Fns%2Fimg&tag=1"
            )
        );
        // Docker Hub names have the registry and `library/` spelled out.
        let r = image("pytorch-cuda:v2.9");
        assert_eq!(
            image_purl(Some(&r), "p", "amd64").unwrap(),
            "pkg:oci/pytorch-cuda?arch=amd64&repository_url=docker.io%2Flibrary%2Fpytorch-cuda&tag=v2.9"
        );
        // Without an image, the product names it.
        assert_eq!(
            image_purl(None, "PyTorch-CUDA", "amd64").unwrap(),
            "pkg:oci/pytorch-cuda?arch=amd64"
        );
    }
}
