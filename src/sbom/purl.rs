//! The package URL of the image itself (components get theirs from
//! [`crate::package::Package::purl`]).
//!
//! Every purl is built with the `packageurl` crate, which applies the
//! purl-spec's canonical forms and percent-encoding (`+` → `%2B`,
//! `/` in a qualifier value → `%2F`).

use super::SbomError;
use crate::package::PurlError;
use crate::record::Arch;
use packageurl::PackageUrl;

/// An image reference split into its parts:
/// `registry/namespace/name[:tag][@digest]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageRef<'a> {
    /// Everything before the tag and digest, registry included.
    pub repository: &'a str,
    pub tag: Option<&'a str>,
    pub digest: Option<&'a str>,
}

impl<'a> ImageRef<'a> {
    pub fn parse(image: &'a str) -> ImageRef<'a> {
        let (rest, digest) = match image.split_once('@') {
            Some((rest, digest)) => (rest, Some(digest)),
            None => (image, None),
        };
        // A `:` after the last `/` starts the tag; one before it is a port.
        let last_slash = rest.rfind('/').map_or(0, |i| i + 1);
        let (repository, tag) = match rest[last_slash..].rfind(':') {
            Some(i) => (&rest[..last_slash + i], Some(&rest[last_slash + i + 1..])),
            None => (rest, None),
        };
        ImageRef {
            repository,
            tag: tag.filter(|t| !t.is_empty()),
            digest: digest.filter(|d| !d.is_empty()),
        }
    }

    /// The last path segment of the repository: the purl's name.
    pub fn name(&self) -> &'a str {
        self.repository
            .rsplit('/')
            .next()
            .unwrap_or(self.repository)
    }
}

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
/// id) when the record lists no image; the purl has a version only when the
/// image reference holds a digest.
pub fn image_purl(
    image: Option<&ImageRef>,
    fallback: &str,
    arch: &Arch,
) -> Result<String, SbomError> {
    let name = image.map_or(fallback, |i| i.name()).to_lowercase();
    let fail = failed(&name);
    let mut purl = PackageUrl::new("oci", name.clone()).map_err(&fail)?;
    purl.add_qualifier("arch", arch.oci()).map_err(&fail)?;
    if let Some(image) = image {
        if let Some(digest) = image.digest {
            purl.with_version(digest).map_err(&fail)?;
        }
        purl.add_qualifier("repository_url", image.repository)
            .map_err(&fail)?;
        if let Some(tag) = image.tag {
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
    fn image_references_split_into_repository_tag_and_digest() {
        let r = ImageRef::parse("registry.example.com:5000/ns/img:1.0-x");
        assert_eq!(r.repository, "registry.example.com:5000/ns/img");
        assert_eq!(r.tag, Some("1.0-x"));
        assert_eq!(r.digest, None);
        assert_eq!(r.name(), "img");
        let r = ImageRef::parse("registry.example.com:5000/ns/img@sha256:abcd");
        assert_eq!(r.repository, "registry.example.com:5000/ns/img");
        assert_eq!((r.tag, r.digest), (None, Some("sha256:abcd")));
        let r = ImageRef::parse("img");
        assert_eq!((r.repository, r.tag, r.name()), ("img", None, "img"));
    }

    #[test]
    fn image_purls_carry_platform_repository_and_tag() {
        let r = ImageRef::parse("reg.example.com/ns/Training-Img:25.10-serverless");
        assert_eq!(
            image_purl(Some(&r), "p", &"aarch64".parse().unwrap()).unwrap(),
            "pkg:oci/training-img?arch=arm64&repository_url=reg.example.com%2Fns%2FTraining-Img&tag=25.10-serverless"
        );
        let r = ImageRef::parse("reg.example.com/ns/img:1@sha256:abcd");
        assert_eq!(
            image_purl(Some(&r), "p", &"amd64".parse().unwrap()).unwrap(),
            "pkg:oci/img@sha256:abcd?arch=amd64&repository_url=reg.example.com%2Fns%2Fimg&tag=1"
        );
        assert_eq!(
            image_purl(None, "pytorch-cuda", &"amd64".parse().unwrap()).unwrap(),
            "pkg:oci/pytorch-cuda?arch=amd64"
        );
    }
}
