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
use std::fmt;
use std::path::PathBuf;
use std::str::FromStr;

/// Where an image lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ImageSource {
    Registry(RegistryRef),
    /// An OCI image layout directory.
    Layout {
        dir: PathBuf,
        tag: Option<String>,
    },
    /// A `docker save` tarball; `reference` picks one of several images by
    /// one of its `RepoTags`.
    DockerArchive {
        file: PathBuf,
        reference: Option<String>,
    },
}

/// A reference to an image in a registry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegistryRef {
    /// `host[:port]` as written (`docker.io` for Docker Hub).
    pub registry: String,
    /// `library/ubuntu`, `team/training-nv-pytorch`.
    pub repository: String,
    pub tag: Option<String>,
    /// `sha256:…`; when given it is what is fetched (the tag is informative).
    pub digest: Option<String>,
}

pub const DOCKER_HUB: &str = "docker.io";

impl RegistryRef {
    /// What the manifest endpoint is asked for: the digest, else the tag,
    /// else `latest`.
    pub fn reference(&self) -> &str {
        self.digest
            .as_deref()
            .or(self.tag.as_deref())
            .unwrap_or("latest")
    }

    /// The host the API lives on (`registry-1.docker.io` for Docker Hub).
    pub fn api_host(&self) -> &str {
        if self.registry == DOCKER_HUB {
            "registry-1.docker.io"
        } else {
            &self.registry
        }
    }

    /// Whether the registry is on this machine (plain HTTP is then used).
    pub fn is_loopback(&self) -> bool {
        is_loopback_host(&self.registry)
    }
}

/// Whether `host[:port]` names a loopback address: `localhost`,
/// `127.0.0.0/8` or `::1` (`[::1]:5000`).
pub fn is_loopback_host(registry: &str) -> bool {
    let host = host_part(registry);
    if host.eq_ignore_ascii_case("localhost") {
        return true;
    }
    match host.parse::<std::net::IpAddr>() {
        Ok(ip) => ip.is_loopback(),
        Err(_) => false,
    }
}

/// `host` of `host[:port]`, without brackets for IPv6.
fn host_part(registry: &str) -> &str {
    if let Some(rest) = registry.strip_prefix('[') {
        return rest.split(']').next().unwrap_or(rest);
    }
    registry.split(':').next().unwrap_or(registry)
}

impl fmt::Display for RegistryRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.registry, self.repository)?;
        if let Some(tag) = &self.tag {
            write!(f, ":{tag}")?;
        }
        if let Some(digest) = &self.digest {
            write!(f, "@{digest}")?;
        }
        if self.tag.is_none() && self.digest.is_none() {
            write!(f, ":latest")?;
        }
        Ok(())
    }
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
        parse_registry(rest)
            .map(ImageSource::Registry)
            .map_err(|r| bad(&r))
    }
}

/// Whether two image names mean the same image: equal, or equal once
/// parsed (`busybox:latest` is `docker.io/library/busybox:latest`).
pub(crate) fn same_image_name(a: &str, b: &str) -> bool {
    if a == b {
        return true;
    }
    match (parse_registry(a), parse_registry(b)) {
        (Ok(x), Ok(y)) => {
            x.registry == y.registry
                && x.repository == y.repository
                && x.digest == y.digest
                && (x.tag == y.tag || x.reference() == y.reference())
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

fn parse_registry(s: &str) -> Result<RegistryRef, String> {
    let (name, digest) = match s.split_once('@') {
        Some((name, digest)) => {
            let hex = digest.strip_prefix("sha256:").ok_or_else(|| {
                format!(
                    "digest `{digest}` is not sha256:<64 hex digits> (only sha256 is supported)"
                )
            })?;
            if hex.len() != 64
                || !hex
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
            {
                return Err(format!(
                    "digest `{digest}` is not sha256:<64 lowercase hex digits>"
                ));
            }
            (name, Some(digest.to_string()))
        }
        None => (s, None),
    };
    // A tag is after the last `:` that follows the last `/` (a `:` before
    // it belongs to host:port).
    let last_slash = name.rfind('/').map_or(0, |i| i + 1);
    let (name, tag) = match name[last_slash..].rfind(':') {
        Some(i) => {
            let at = last_slash + i;
            (&name[..at], Some(name[at + 1..].to_string()))
        }
        None => (name, None),
    };
    if let Some(tag) = &tag
        && !valid_tag(tag)
    {
        return Err(format!(
            "tag `{tag}` is not valid (letters, digits, `_`, `.`, `-`; at most 128, not starting with `.` or `-`)"
        ));
    }
    let (registry, repository) = match name.split_once('/') {
        Some((first, rest))
            if first.contains('.')
                || first.contains(':')
                || first == "localhost"
                || first.starts_with('[') =>
        {
            (first.to_string(), rest.to_string())
        }
        _ if !name.contains('/') => (DOCKER_HUB.to_string(), format!("library/{name}")),
        _ => (DOCKER_HUB.to_string(), name.to_string()),
    };
    if registry.is_empty() {
        return Err("the registry host is empty".into());
    }
    if repository.is_empty() {
        return Err("the repository name is empty".into());
    }
    if let Some(part) = repository.split('/').find(|p| !valid_path_component(p)) {
        return Err(format!(
            "repository component `{part}` is not valid (lowercase letters, digits and `.`, `_`, `-` separators)"
        ));
    }
    Ok(RegistryRef {
        registry,
        repository,
        tag,
        digest,
    })
}

/// `[a-z0-9]+((\.|_|__|-+)[a-z0-9]+)*`, from the distribution reference grammar.
fn valid_path_component(part: &str) -> bool {
    let bytes = part.as_bytes();
    if bytes.is_empty() {
        return false;
    }
    let alnum = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    if !alnum(bytes[0]) || !alnum(bytes[bytes.len() - 1]) {
        return false;
    }
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if alnum(b) {
            i += 1;
            continue;
        }
        // A separator run: `.`, `_`, `__` or one or more `-`.
        let start = i;
        while i < bytes.len() && !alnum(bytes[i]) {
            i += 1;
        }
        let sep = &part[start..i];
        let ok = sep == "." || sep == "_" || sep == "__" || sep.bytes().all(|b| b == b'-');
        if !ok {
            return false;
        }
    }
    true
}

/// `[\w][\w.-]{0,127}`.
fn valid_tag(tag: &str) -> bool {
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let bytes = tag.as_bytes();
    !bytes.is_empty()
        && bytes.len() <= 128
        && word(bytes[0])
        && bytes.iter().all(|&b| word(b) || b == b'.' || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registry(s: &str) -> RegistryRef {
        match ImageSource::parse(s).unwrap() {
            ImageSource::Registry(r) => r,
            other => panic!("not a registry reference: {other:?}"),
        }
    }

    #[test]
    fn registry_references() {
        let r = registry("127.0.0.1:5000/team/training:25.10");
        assert_eq!(r.registry, "127.0.0.1:5000");
        assert_eq!(r.repository, "team/training");
        assert_eq!(r.tag.as_deref(), Some("25.10"));
        assert_eq!(r.reference(), "25.10");
        assert!(r.is_loopback());

        let digest = format!("sha256:{}", "a".repeat(64));
        let r = registry(&format!("registry.example.com/x/y@{digest}"));
        assert_eq!(r.tag, None);
        assert_eq!(r.reference(), digest);
        assert!(!r.is_loopback());

        let r = registry(&format!("docker://localhost:5000/y:v1@{digest}"));
        assert_eq!(r.registry, "localhost:5000");
        assert_eq!(r.tag.as_deref(), Some("v1"));
        assert_eq!(r.reference(), digest);
        assert!(r.is_loopback());

        let r = registry("[::1]:5000/y");
        assert_eq!(r.registry, "[::1]:5000");
        assert_eq!(r.reference(), "latest");
        assert!(r.is_loopback());
        assert_eq!(r.to_string(), "[::1]:5000/y:latest");
    }

    #[test]
    fn docker_hub_short_names() {
        let r = registry("ubuntu:24.04");
        assert_eq!(r.registry, "docker.io");
        assert_eq!(r.repository, "library/ubuntu");
        assert_eq!(r.api_host(), "registry-1.docker.io");
        let r = registry("nvidia/cuda:12.8.0-base");
        assert_eq!(r.repository, "nvidia/cuda");
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
        ] {
            let err = ImageSource::parse(bad).unwrap_err();
            assert!(
                matches!(err, InspectError::BadReference { .. }),
                "{bad}: {err}"
            );
        }
    }
}
