//! `--image` references: where an image lives.
//!
//! - `HOST[:PORT]/REPOSITORY[:TAG][@sha256:DIGEST]`, optionally prefixed with
//!   `docker://`; short Docker Hub names (`ubuntu:24.04`, `nvidia/cuda:12.8`)
//!   mean `docker.io/library/ubuntu:24.04` and `docker.io/nvidia/cuda:12.8`;
//! - `oci:DIR[:TAG]`: an OCI image layout directory, TAG matching an
//!   `org.opencontainers.image.ref.name` annotation of its `index.json`;
//! - `docker-archive:FILE[:REPO:TAG]`: a `docker save` tarball.
//!
//! As in skopeo, the path of `oci:` and `docker-archive:` ends at the first
//! `:`, so paths containing `:` cannot be named.

use super::InspectError;
use model::ImageRef;
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// Where an image lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageSource {
    /// An image in a registry.
    Registry(ImageRef),
    /// An OCI image layout directory.
    Layout {
        /// The layout directory (the one holding `index.json`).
        dir: PathBuf,
        /// The `org.opencontainers.image.ref.name` of the image to read;
        /// `None` when the layout holds one image.
        tag: Option<String>,
    },
    /// A `docker save` tarball; `reference` picks one of several images by
    /// one of its `RepoTags`.
    DockerArchive {
        /// The tarball.
        file: PathBuf,
        /// `REPO:TAG`; `None` when the archive holds one image.
        reference: Option<String>,
    },
}

impl fmt::Display for ImageSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImageSource::Registry(r) => r.fmt(f),
            ImageSource::Layout { dir, tag } => {
                write!(f, "oci:{}", dir.display())?;
                if let Some(tag) = tag {
                    write!(f, ":{tag}")?;
                }
                Ok(())
            }
            ImageSource::DockerArchive { file, reference } => {
                write!(f, "docker-archive:{}", file.display())?;
                if let Some(r) = reference {
                    write!(f, ":{r}")?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for ImageSource {
    type Err = InspectError;

    fn from_str(s: &str) -> Result<ImageSource, InspectError> {
        ImageSource::parse(s)
    }
}

impl ImageSource {
    /// Parses an `--image` reference.
    pub fn parse(input: &str) -> Result<ImageSource, InspectError> {
        let bad = |reason: &str| InspectError::BadReference {
            reference: input.to_string(),
            reason: reason.to_string(),
        };
        let input_trimmed = input.trim();
        if input_trimmed.is_empty() {
            return Err(bad("it is empty"));
        }
        if let Some(rest) = input_trimmed.strip_prefix("oci:") {
            let (dir, tag) = split_path(rest);
            if dir.is_empty() {
                return Err(bad("oci: needs a directory, e.g. oci:./image:v1"));
            }
            if tag == Some("") {
                return Err(bad("the tag after the directory is empty"));
            }
            return Ok(ImageSource::Layout {
                dir: PathBuf::from(dir),
                tag: tag.map(str::to_string),
            });
        }
        if let Some(rest) = input_trimmed.strip_prefix("docker-archive:") {
            let (file, reference) = split_path(rest);
            if file.is_empty() {
                return Err(bad(
                    "docker-archive: needs a file, e.g. docker-archive:image.tar",
                ));
            }
            if reference == Some("") {
                return Err(bad("the reference after the file is empty"));
            }
            return Ok(ImageSource::DockerArchive {
                file: PathBuf::from(file),
                reference: reference.map(str::to_string),
            });
        }
        let rest = input_trimmed
            .strip_prefix("docker://")
            .unwrap_or(input_trimmed);
        if let Some((scheme, _)) = rest.split_once("://") {
            return Err(bad(&format!(
                "`{scheme}://` is not a transport relnotes reads"
            )));
        }
        let image = ImageRef::parse(rest).map_err(|e| bad(&e.to_string()))?;
        // Manifests are checked with sha256, the digest registries use.
        if let Some(digest) = image.digest()
            && !digest.starts_with("sha256:")
        {
            return Err(bad(&format!(
                "digest `{digest}` is not sha256 (only sha256 is supported)"
            )));
        }
        Ok(ImageSource::Registry(image))
    }
}

/// Whether two image names mean the same image: equal, or equal once
/// parsed (`busybox:latest` is `docker.io/library/busybox:latest`, and
/// `busybox` is `busybox:latest`).
pub(crate) fn same_image_name(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    match (ImageRef::parse(a), ImageRef::parse(b)) {
        (Ok(x), Ok(y)) => {
            x.registry() == y.registry()
                && x.repository() == y.repository()
                && x.digest() == y.digest()
                && (x.tag() == y.tag() || x.manifest_reference() == y.manifest_reference())
        }
        _ => false,
    }
}

/// `PATH[:REST]`, split at the first `:`.
fn split_path(s: &str) -> (&str, Option<&str>) {
    match s.split_once(':') {
        Some((path, rest)) => (path, Some(rest)),
        None => (s, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registry(s: &str) -> ImageRef {
        match ImageSource::parse(s).unwrap() {
            ImageSource::Registry(r) => r,
            other => panic!("not a registry reference: {other:?}"),
        }
    }

    #[test]
    fn registry_references() {
        let r = registry("127.0.0.1:5000/team/training:25.10");
        assert_eq!(r.registry(), "127.0.0.1:5000");
        assert_eq!(r.repository(), "team/training");
        assert_eq!(r.tag(), Some("25.10"));
        assert_eq!(r.manifest_reference(), "25.10");
        assert!(r.is_loopback());

        let digest = format!("sha256:{}", "a".repeat(64));
        let r = registry(&format!("registry.example.com/x/y@{digest}"));
        assert_eq!(r.tag(), None);
        assert_eq!(r.manifest_reference(), digest);
        assert!(!r.is_loopback());

        let r = registry(&format!("docker://localhost:5000/y:v1@{digest}"));
        assert_eq!(r.registry(), "localhost:5000");
        assert_eq!(r.tag(), Some("v1"));
        assert_eq!(r.manifest_reference(), digest);
        assert!(r.is_loopback());

        let r = registry("[::1]:5000/y");
        assert_eq!(r.registry(), "[::1]:5000");
        assert_eq!(r.manifest_reference(), "latest");
        assert!(r.is_loopback());
        assert_eq!(r.to_string(), "[::1]:5000/y:latest");
    }

    #[test]
    fn docker_hub_short_names() {
        let r = registry("ubuntu:24.04");
        assert_eq!(r.registry(), "docker.io");
        assert_eq!(r.repository(), "library/ubuntu");
        let r = registry("nvidia/cuda:12.8.0-base");
        assert_eq!(r.repository(), "nvidia/cuda");
    }

    #[test]
    fn only_sha256_digests_are_read() {
        let sha512 = format!("r.io/x@sha512:{}", "f".repeat(128));
        let err = ImageSource::parse(&sha512).unwrap_err();
        assert!(err.to_string().contains("only sha256"), "{err}");
    }

    #[test]
    fn same_image_names() {
        assert!(same_image_name(
            "busybox:latest",
            "docker.io/library/busybox:latest"
        ));
        assert!(same_image_name("busybox", "busybox:latest"));
        assert!(!same_image_name("busybox:1", "busybox:latest"));
        assert!(!same_image_name("team/busybox", "busybox"));
        assert!(!same_image_name("Bad/Name", "bad/name"));
    }

    #[test]
    fn layouts_and_archives() {
        assert_eq!(
            ImageSource::parse("oci:/tmp/image:v1").unwrap(),
            ImageSource::Layout {
                dir: "/tmp/image".into(),
                tag: Some("v1".into())
            }
        );
        assert_eq!(
            ImageSource::parse("oci:image").unwrap(),
            ImageSource::Layout {
                dir: "image".into(),
                tag: None
            }
        );
        assert_eq!(
            ImageSource::parse("docker-archive:img.tar:team/x:1").unwrap(),
            ImageSource::DockerArchive {
                file: "img.tar".into(),
                reference: Some("team/x:1".into())
            }
        );
        assert_eq!(
            ImageSource::parse("docker-archive:img.tar")
                .unwrap()
                .to_string(),
            "docker-archive:img.tar"
        );
    }

    #[test]
    fn bad_references() {
        for bad in [
            "",
            "oci:",
            "oci:dir:",
            "docker-archive:",
            "Registry.example.com/Upper/x",
            "host.example.com/x:bad tag",
            "host.example.com/x@sha256:abc",
            "host.example.com/x@md5:0123",
            "https://host.example.com/x",
            "host.example.com/a//b",
            "acs-registry-vpc.{region-id}.cr.aliyuncs.com/egslingjun/{image:tag}",
        ] {
            let err = ImageSource::parse(bad).unwrap_err();
            assert!(
                matches!(err, InspectError::BadReference { .. }),
                "{bad}: {err}"
            );
        }
    }
}
