//! The package URL of the image itself (components get theirs from
//! [`model::Package::purl`]).
//!
//! Every purl is built with the `packageurl` crate, which applies the
//! purl-spec's canonical forms and percent-encoding (`+` → `%2B`,
//! `/` in a qualifier value → `%2F`).

use crate::format::SbomError;
use model::{Arch, ImageRef, PurlError};
use packageurl::PackageUrl;

fn failed(name: &str) -> impl Fn(packageurl::Error) -> SbomError + '_ {
    move |e| {
        SbomError::Purl(PurlError {
            name: name.to_string(),
            reason: e.to_string(),
        })
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
    arch: &Arch,
) -> Result<String, SbomError> {
    let name = image.map_or(fallback, ImageRef::name).to_lowercase();
    let fail = failed(&name);
    let mut purl = PackageUrl::new("oci", name.clone()).map_err(&fail)?;
    purl.add_qualifier("arch", arch.oci()).map_err(&fail)?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_purls_carry_platform_repository_and_tag() {
        let image = |s: &str| ImageRef::parse(s).unwrap();
        let r = image("reg.example.com:5000/ns/training-img:25.10-serverless");
        assert_eq!(
            image_purl(Some(&r), "p", &"aarch64".parse().unwrap()).unwrap(),
            "pkg:oci/training-img?arch=arm64&repository_url=reg.example.com:5000%2Fns%2Ftraining-img&tag=25.10-serverless"
        );
        let digest = format!("sha256:{}", "a".repeat(64));
        let r = image(&format!("reg.example.com/ns/img:1@{digest}"));
        assert_eq!(
            image_purl(Some(&r), "p", &"amd64".parse().unwrap()).unwrap(),
            format!(
                "pkg:oci/img@{digest}?arch=amd64&repository_url=reg.example.com%2Fns%2Fimg&tag=1"
            )
        );
        // Docker Hub names have the registry and `library/` spelled out.
        let r = image("pytorch-cuda:v2.9");
        assert_eq!(
            image_purl(Some(&r), "p", &"amd64".parse().unwrap()).unwrap(),
            "pkg:oci/pytorch-cuda?arch=amd64&repository_url=docker.io%2Flibrary%2Fpytorch-cuda&tag=v2.9"
        );
        // Without an image, the product names it.
        assert_eq!(
            image_purl(None, "PyTorch-CUDA", &"amd64".parse().unwrap()).unwrap(),
            "pkg:oci/pytorch-cuda?arch=amd64"
        );
    }
}
