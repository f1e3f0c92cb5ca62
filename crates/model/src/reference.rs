//! Image references: `[REGISTRY[:PORT]/]REPOSITORY[:TAG][@DIGEST]`, parsed
//! once for every stage that names an image (inspect, sbom, render, lint,
//! import). The grammar is on [`ImageRef`].

use oci_spec::image::{Digest, DigestAlgorithm};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

/// Docker Hub, the registry of names without one.
pub const DOCKER_HUB: &str = "docker.io";
/// The name Docker Hub had before `docker.io`, the same registry.
const DOCKER_HUB_LEGACY: &str = "index.docker.io";
/// What a Hub name of one component lives under (`ubuntu` → `library/ubuntu`).
const OFFICIAL_PREFIX: &str = "library/";
/// The tag a reference without tag or digest means.
pub(crate) const DEFAULT_TAG: &str = "latest";
/// Longest name (registry and repository) Docker accepts.
const MAX_NAME: usize = 255;
/// Longest tag.
const MAX_TAG: usize = 128;

/// A reference to an image in a registry.
///
/// Two references are equal when they name the same thing, however written:
/// `ubuntu:24.04` equals `docker.io/library/ubuntu:24.04`.
///
/// The grammar is Docker's (`distribution/reference`):
///
/// - a first path component is a registry when it holds a `.` or a `:` or
///   is `localhost` (`127.0.0.1:5000/x`, `[::1]:5000/x`, `localhost/x`);
///   otherwise the registry is Docker Hub, `docker.io`, and a one-component
///   name gets the `library/` prefix (`ubuntu` → `docker.io/library/ubuntu`);
///   `index.docker.io` is Docker Hub too;
/// - repository components are `[a-z0-9]+` joined by `.`, `_`, `__` or runs
///   of `-`; uppercase letters are refused with their own reason;
/// - a tag is `[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}`;
/// - a digest is `ALGORITHM:HEX` as the OCI image spec defines it, and only
///   `sha256`, `sha384` and `sha512` (lowercase hex of their length) are
///   accepted, as Docker does.
///
/// A template such as `acs-registry-vpc.{region-id}.cr.aliyuncs.com/ns/{image:tag}`
/// is not a reference: it is refused with [`ReferenceError::Template`], so a
/// caller can tell a template to fill in from a broken reference.
///
/// ```
/// use relnotes_model::ImageRef;
///
/// let image: ImageRef = "nvidia/cuda:12.8.1-base".parse()?;
/// assert_eq!(image.registry(), "docker.io");
/// assert_eq!(image.repository(), "nvidia/cuda");
/// assert_eq!(image.tag(), Some("12.8.1-base"));
/// assert_eq!(image.to_string(), "docker.io/nvidia/cuda:12.8.1-base");
/// assert_eq!(image.written_name(), "nvidia/cuda");
/// # Ok::<(), relnotes_model::ReferenceError>(())
/// ```
#[derive(Debug, Clone)]
pub struct ImageRef {
    /// The reference as written.
    written: String,
    /// Length of the name part of `written` (before the tag and digest).
    written_name_len: usize,
    /// `host[:port]`, `docker.io` for Docker Hub.
    registry: String,
    /// `library/ubuntu`, `team/training-nv-pytorch`.
    repository: String,
    tag: Option<String>,
    digest: Option<String>,
}

/// Why a text is not an image reference.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReferenceError {
    /// The text is empty.
    #[error("it is empty")]
    Empty,
    /// A template with `{…}` placeholders that would be a reference once
    /// they are filled in.
    #[error(
        "it is a template: {} to be filled in",
        placeholders.iter().map(|p| format!("`{{{p}}}`")).collect::<Vec<_>>().join(", ")
    )]
    Template {
        /// The placeholders' names, in order (`region-id`, `image:tag`).
        placeholders: Vec<String>,
    },
    /// Nothing names a repository (`:tag`, `registry.example.com/`).
    #[error("the repository name is empty")]
    EmptyRepository,
    /// The first component looks like a registry but is not `HOST[:PORT]`.
    #[error("registry `{registry}` is not HOST[:PORT] (a DNS name, an IPv4 address or [IPv6])")]
    BadRegistry {
        /// The registry as written.
        registry: String,
    },
    /// The repository has uppercase letters, which registries refuse.
    #[error("repository `{repository}` has uppercase letters; repository names are lowercase")]
    Uppercase {
        /// The repository as written.
        repository: String,
    },
    /// A component of the repository path breaks the naming rules.
    #[error(
        "repository component `{component}` is not valid (lowercase letters, digits and `.`, `_`, `-` separators)"
    )]
    BadComponent {
        /// The component.
        component: String,
    },
    /// The text is a bare image ID (64 hex digits), which names no repository.
    #[error("`{name}` is an image ID, not a name; pin an image with REPOSITORY@sha256:{name}")]
    ImageId {
        /// The ID as written.
        name: String,
    },
    /// The name (registry and repository) is longer than Docker accepts.
    #[error("the name has {length} characters, more than the {MAX_NAME} allowed")]
    TooLong {
        /// The name's length, in bytes.
        length: usize,
    },
    /// The tag breaks the tag rules.
    #[error(
        "tag `{tag}` is not valid (letters, digits, `_`, `.`, `-`; at most 128, not starting with `.` or `-`)"
    )]
    BadTag {
        /// The tag as written.
        tag: String,
    },
    /// The digest is not `sha256`, `sha384` or `sha512` with lowercase hex
    /// of the right length.
    #[error("digest `{digest}` is not valid: {reason}")]
    BadDigest {
        /// The digest as written.
        digest: String,
        /// What is wrong with it.
        reason: String,
    },
}

impl ReferenceError {
    /// Whether the text was a template rather than a broken reference.
    pub fn is_template(&self) -> bool {
        matches!(self, ReferenceError::Template { .. })
    }
}

impl ImageRef {
    /// Parses a reference (see [`ImageRef`] for the grammar).
    pub fn parse(text: &str) -> Result<ImageRef, ReferenceError> {
        if text.is_empty() {
            return Err(ReferenceError::Empty);
        }
        if let Some(placeholders) = placeholders(text) {
            // A template is one only if filling it in gives a reference.
            return match ImageRef::parse_reference(&fill_placeholders(text)) {
                Ok(_) => Err(ReferenceError::Template { placeholders }),
                Err(e) => Err(e),
            };
        }
        ImageRef::parse_reference(text)
    }

    fn parse_reference(text: &str) -> Result<ImageRef, ReferenceError> {
        let (name_and_tag, digest) = match text.split_once('@') {
            Some((name, digest)) => (name, Some(parse_digest(digest)?)),
            None => (text, None),
        };
        // A tag is after the last `:` that follows the last `/` (a `:`
        // before it belongs to host:port).
        let last_slash = name_and_tag.rfind('/').map_or(0, |i| i + 1);
        let (name, tag) = match name_and_tag[last_slash..].rfind(':') {
            Some(i) => {
                let at = last_slash + i;
                (&name_and_tag[..at], Some(&name_and_tag[at + 1..]))
            }
            None => (name_and_tag, None),
        };
        if let Some(tag) = tag
            && !valid_tag(tag)
        {
            return Err(ReferenceError::BadTag { tag: tag.into() });
        }
        if name.is_empty() {
            return Err(ReferenceError::EmptyRepository);
        }
        if text.len() == 64 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            return Err(ReferenceError::ImageId { name: text.into() });
        }
        if name.len() > MAX_NAME {
            return Err(ReferenceError::TooLong { length: name.len() });
        }
        let (registry, repository) = split_registry(name);
        if let Some(registry) = registry
            && !valid_registry(registry)
        {
            return Err(ReferenceError::BadRegistry {
                registry: registry.into(),
            });
        }
        if repository.is_empty() {
            return Err(ReferenceError::EmptyRepository);
        }
        if repository.bytes().any(|b| b.is_ascii_uppercase()) {
            return Err(ReferenceError::Uppercase {
                repository: repository.into(),
            });
        }
        if let Some(component) = repository.split('/').find(|c| !valid_component(c)) {
            return Err(ReferenceError::BadComponent {
                component: component.into(),
            });
        }
        let registry = match registry {
            None | Some(DOCKER_HUB_LEGACY) => DOCKER_HUB,
            Some(registry) => registry,
        };
        let repository = if registry == DOCKER_HUB && !repository.contains('/') {
            format!("{OFFICIAL_PREFIX}{repository}")
        } else {
            repository.to_string()
        };
        Ok(ImageRef {
            written: text.to_string(),
            written_name_len: name.len(),
            registry: registry.to_string(),
            repository,
            tag: tag.map(str::to_string),
            digest,
        })
    }

    /// The reference as written (`nvidia/cuda:12.8.1-base`).
    pub fn written(&self) -> &str {
        &self.written
    }

    /// The name as written, without tag and digest (`nvidia/cuda`).
    pub fn written_name(&self) -> &str {
        &self.written[..self.written_name_len]
    }

    /// `host[:port]`; `docker.io` for Docker Hub.
    pub fn registry(&self) -> &str {
        &self.registry
    }

    /// The repository in the registry (`library/ubuntu`).
    pub fn repository(&self) -> &str {
        &self.repository
    }

    /// The tag, if one is written (none is not `latest` here).
    pub fn tag(&self) -> Option<&str> {
        self.tag.as_deref()
    }

    /// The digest (`sha256:…`), if one is written.
    pub fn digest(&self) -> Option<&str> {
        self.digest.as_deref()
    }

    /// The last path segment of the repository (`cuda` of `nvidia/cuda`).
    pub fn name(&self) -> &str {
        self.repository
            .rsplit('/')
            .next()
            .unwrap_or(&self.repository)
    }

    /// `registry/repository` (`docker.io/library/ubuntu`): where the image
    /// can be fetched from.
    pub fn repository_url(&self) -> String {
        format!("{}/{}", self.registry, self.repository)
    }

    /// What a registry's manifest endpoint is asked for: the digest, else
    /// the tag, else `latest`.
    pub fn manifest_reference(&self) -> &str {
        self.digest
            .as_deref()
            .or(self.tag.as_deref())
            .unwrap_or(DEFAULT_TAG)
    }

    /// Whether the registry is on this machine: `localhost`, `127.0.0.0/8`
    /// or `::1` (`[::1]:5000`).
    pub fn is_loopback(&self) -> bool {
        let host = registry_host(&self.registry);
        host.eq_ignore_ascii_case("localhost")
            || host
                .parse::<std::net::IpAddr>()
                .is_ok_and(|ip| ip.is_loopback())
    }

    /// The same image pinned to `digest` (the tag stays, informative).
    pub fn with_digest(&self, digest: &str) -> Result<ImageRef, ReferenceError> {
        let digest = parse_digest(digest)?;
        let mut written = self.written_name().to_string();
        if let Some(tag) = &self.tag {
            written = format!("{written}:{tag}");
        }
        Ok(ImageRef {
            written: format!("{written}@{digest}"),
            digest: Some(digest),
            ..self.clone()
        })
    }
}

impl FromStr for ImageRef {
    type Err = ReferenceError;

    fn from_str(text: &str) -> Result<ImageRef, ReferenceError> {
        ImageRef::parse(text)
    }
}

/// The canonical form: `registry/repository[:tag][@digest]`, with `:latest`
/// when neither tag nor digest is written (`docker.io/library/ubuntu:latest`).
impl fmt::Display for ImageRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.registry, self.repository)?;
        if let Some(tag) = &self.tag {
            write!(f, ":{tag}")?;
        }
        if let Some(digest) = &self.digest {
            write!(f, "@{digest}")?;
        }
        if self.tag.is_none() && self.digest.is_none() {
            write!(f, ":{DEFAULT_TAG}")?;
        }
        Ok(())
    }
}

impl PartialEq for ImageRef {
    fn eq(&self, other: &ImageRef) -> bool {
        self.canonical() == other.canonical()
    }
}

impl Eq for ImageRef {}

impl Hash for ImageRef {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.canonical().hash(state);
    }
}

impl ImageRef {
    fn canonical(&self) -> (&str, &str, Option<&str>, Option<&str>) {
        (
            &self.registry,
            &self.repository,
            self.tag.as_deref(),
            self.digest.as_deref(),
        )
    }
}

/// `(registry, repository)` of a name, the registry `None` for Docker Hub
/// names. Docker also takes a first component with uppercase letters for a
/// host (`NVIDIA/cuda` → registry `NVIDIA`); here such a name stays a Hub
/// repository and is refused for its uppercase letters, which is what it
/// almost always is.
fn split_registry(name: &str) -> (Option<&str>, &str) {
    match name.split_once('/') {
        Some((first, rest))
            if first.contains(['.', ':']) || first == "localhost" || first.starts_with('[') =>
        {
            (Some(first), rest)
        }
        _ => (None, name),
    }
}

/// `host` of `host[:port]`, without brackets for IPv6.
fn registry_host(registry: &str) -> &str {
    if let Some(rest) = registry.strip_prefix('[') {
        return rest.split(']').next().unwrap_or(rest);
    }
    registry.split(':').next().unwrap_or(registry)
}

/// `host[:port]`: a DNS name or IPv4 address, or `[IPv6]`, and a port of digits.
fn valid_registry(registry: &str) -> bool {
    let (host, port) = match registry.strip_prefix('[') {
        Some(rest) => {
            let Some((inside, after)) = rest.split_once(']') else {
                return false;
            };
            if inside.parse::<std::net::Ipv6Addr>().is_err() {
                return false;
            }
            match after {
                "" => return true,
                _ => match after.strip_prefix(':') {
                    Some(port) => ("", Some(port)),
                    None => return false,
                },
            }
        }
        None => match registry.split_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (registry, None),
        },
    };
    let port_ok = port.is_none_or(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()));
    let host_ok = registry.starts_with('[')
        || (!host.is_empty() && host.split('.').all(valid_domain_component));
    port_ok && host_ok
}

/// `[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]`.
fn valid_domain_component(component: &str) -> bool {
    let bytes = component.as_bytes();
    !bytes.is_empty()
        && bytes[0].is_ascii_alphanumeric()
        && bytes[bytes.len() - 1].is_ascii_alphanumeric()
        && bytes
            .iter()
            .all(|&b| b.is_ascii_alphanumeric() || b == b'-')
}

/// `[a-z0-9]+((\.|_|__|-+)[a-z0-9]+)*`.
fn valid_component(component: &str) -> bool {
    let alnum = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    let bytes = component.as_bytes();
    if bytes.is_empty() || !alnum(bytes[0]) || !alnum(bytes[bytes.len() - 1]) {
        return false;
    }
    // Between alphanumeric runs: `.`, `_`, `__` or a run of `-`.
    component
        .split(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        .filter(|separator| !separator.is_empty())
        .all(|separator| {
            matches!(separator, "." | "_" | "__") || separator.bytes().all(|b| b == b'-')
        })
}

/// `[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}`.
fn valid_tag(tag: &str) -> bool {
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let bytes = tag.as_bytes();
    !bytes.is_empty()
        && bytes.len() <= MAX_TAG
        && word(bytes[0])
        && bytes.iter().all(|&b| word(b) || b == b'.' || b == b'-')
}

/// A digest of an algorithm Docker accepts, as the OCI image spec checks it.
fn parse_digest(text: &str) -> Result<String, ReferenceError> {
    let bad = |reason: String| ReferenceError::BadDigest {
        digest: text.into(),
        reason,
    };
    let Some((algorithm, _)) = text.split_once(':') else {
        return Err(bad(
            "it is not ALGORITHM:HEX (sha256:<64 hex digits>)".into()
        ));
    };
    let algorithm = DigestAlgorithm::from(algorithm);
    let Some(length) = algorithm.digest_hexlen() else {
        return Err(bad(format!(
            "algorithm `{algorithm}` is not sha256, sha384 or sha512"
        )));
    };
    match Digest::from_str(text) {
        Ok(digest) => Ok(digest.to_string()),
        Err(_) => Err(bad(format!(
            "it is not {algorithm}:<{length} lowercase hex digits>"
        ))),
    }
}

/// The names of the `{…}` placeholders in `text`, if it has any and every
/// brace pairs up around a name.
fn placeholders(text: &str) -> Option<Vec<String>> {
    let mut names = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find(['{', '}']) {
        if rest.as_bytes()[open] == b'}' {
            return None;
        }
        let after = &rest[open + 1..];
        let close = after.find(['{', '}'])?;
        let name = &after[..close];
        if after.as_bytes()[close] == b'{' || name.is_empty() || name.contains(char::is_whitespace)
        {
            return None;
        }
        names.push(name.to_string());
        rest = &after[close + 1..];
    }
    (!names.is_empty()).then_some(names)
}

/// `text` with every placeholder replaced by a value valid where it stands:
/// a digest after `@`, a name component elsewhere.
fn fill_placeholders(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('}').map_or(rest.len(), |c| open + c);
        if out.ends_with('@') {
            out.push_str("sha256:");
            out.push_str(&"0".repeat(64));
        } else {
            out.push('x');
        }
        rest = &rest[(close + 1).min(rest.len())..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests;
