//! What can go wrong while reading an image, each message saying what to do.

use super::Platform;
use std::path::PathBuf;

/// An image that cannot be read. Every variant means "exit 2" at the command
/// line, except [`InspectError::PlatformNotFound`], which a check reports as
/// a finding (see [`InspectError::is_missing_platform`]).
#[derive(Debug, thiserror::Error)]
pub enum InspectError {
    /// `--image` is not a reference relnotes understands.
    #[error(
        "`{reference}` is not an image reference: {reason}\n  = hint: use HOST[:PORT]/REPOSITORY[:TAG|@sha256:DIGEST], oci:DIR[:TAG] or docker-archive:FILE[:REPO:TAG]"
    )]
    BadReference {
        /// The reference as given.
        reference: String,
        /// What is wrong with it.
        reason: String,
    },

    /// The registry could not be reached (connection refused, DNS, TLS, timeout).
    #[error(
        "cannot reach registry {registry}: {detail}\n  = hint: is the registry up and the address right? A registry that speaks plain HTTP on a non-loopback address needs --insecure"
    )]
    Network {
        /// The registry (`host[:port]`).
        registry: String,
        /// What the connection failed with.
        detail: String,
    },

    /// The registry wants credentials and none were given or found.
    #[error(
        "registry {registry} asks for credentials to read {repository} and none were found ({challenge} auth)\n  = hint: put credentials for {registry} in ~/.docker/config.json (`docker login {registry}`, or a credential helper) or podman's auth.json (`podman login {registry}`), or pass --username with --password-stdin"
    )]
    AuthRequired {
        /// The registry (`host[:port]`).
        registry: String,
        /// The repository to be read.
        repository: String,
        /// The scheme the registry asked for: `basic` or `bearer`.
        challenge: String,
    },

    /// Credentials were tried and refused, or the token service failed.
    #[error(
        "authentication to registry {registry} failed: {method}: {detail}\n  = hint: check the credentials for {registry} where they came from (named above), or pass --username with --password-stdin"
    )]
    AuthFailed {
        /// The registry (`host[:port]`).
        registry: String,
        /// What was tried, e.g. `basic auth as alice (from --username)`.
        method: String,
        /// What the registry or token service answered.
        detail: String,
    },

    /// The repository, tag, digest or layout/archive entry does not exist.
    #[error("{what} not found\n  = hint: {hint}")]
    NotFound {
        /// What is missing: a tag, a digest, a blob, a layout or an archive entry.
        what: String,
        /// What to do about it.
        hint: String,
    },

    /// The image exists but has no manifest for the platform asked for.
    /// A check reports this as a finding rather than failing.
    #[error("{reference} has no image for platform {platform}; it has: {}", list_platforms(.available))]
    PlatformNotFound {
        /// The image reference as given.
        reference: String,
        /// The platform asked for.
        platform: Platform,
        /// The platforms the image has.
        available: Vec<Platform>,
    },

    /// A manifest, config or layer whose bytes do not hash to its digest.
    #[error(
        "{what} of {reference} does not match its digest: expected {expected}, got {actual}\n  = hint: the blob is corrupt or was tampered with where the image is stored; push or save the image again"
    )]
    DigestMismatch {
        /// The image reference as given.
        reference: String,
        /// `manifest`, `config` or `layer`.
        what: String,
        /// The digest the blob is named by.
        expected: String,
        /// The digest of the bytes read.
        actual: String,
    },

    /// A blob shorter or longer than its descriptor says.
    #[error(
        "{what} {digest} of {reference} has {actual} bytes, its descriptor says {expected}\n  = hint: the blob is truncated or corrupt where the image is stored; push or save the image again"
    )]
    SizeMismatch {
        /// The image reference as given.
        reference: String,
        /// Which blob: a manifest, the config or a layer.
        what: String,
        /// The blob's digest.
        digest: String,
        /// The size its descriptor gives, in bytes.
        expected: u64,
        /// The bytes read.
        actual: u64,
    },

    /// A blob that goes on past the size its descriptor declares: reading
    /// stops there.
    #[error(
        "{what} {digest} of {reference} is longer than the {expected} bytes its descriptor says; reading stopped there\n  = hint: the blob is corrupt or was tampered with where the image is stored, or the registry sends more than it should; push or save the image again"
    )]
    BlobTooLong {
        /// The image reference as given.
        reference: String,
        /// Which blob: a manifest, the config or a layer.
        what: String,
        /// The blob's digest.
        digest: String,
        /// The size its descriptor gives, in bytes.
        expected: u64,
    },

    /// A manifest or layer of a kind relnotes does not read.
    #[error(
        "{what} of {reference} has unsupported media type `{media_type}`\n  = hint: relnotes reads OCI and Docker schema 2 images: manifests, indexes and manifest lists, and tar layers uncompressed or compressed with gzip or zstd"
    )]
    UnsupportedMediaType {
        /// The image reference as given.
        reference: String,
        /// Which document or layer.
        what: String,
        /// Its media type.
        media_type: String,
    },

    /// A layer that is not a valid (compressed) tar stream.
    #[error(
        "layer {digest} of {reference} is corrupt: {detail}\n  = hint: the layer cannot be decompressed or is not a tar archive; push or save the image again"
    )]
    CorruptLayer {
        /// The image reference as given.
        reference: String,
        /// The layer's digest.
        digest: String,
        /// What the decompressor or tar reader said.
        detail: String,
    },

    /// The connection or file broke off while a blob was being read.
    #[error(
        "reading {what} of {reference} failed: {detail}\n  = hint: the connection to the registry or the file broke off, or the registry stayed silent (or sent a document too slowly) longer than the timeout (--timeout SECONDS); try again"
    )]
    ReadFailed {
        /// The image reference as given.
        reference: String,
        /// Which blob.
        what: String,
        /// What the read failed with.
        detail: String,
    },

    /// An image that goes past one of the bounds relnotes reads within
    /// (memory it keeps, entries, header sizes; docs/inspect.md).
    #[error(
        "{what} of {reference} is larger than relnotes reads: {detail}\n  = hint: relnotes reads images within fixed bounds (docs/inspect.md lists them); an image that passes them is unusual or crafted"
    )]
    TooLarge {
        /// The image reference as given.
        reference: String,
        /// Which document, layer or entry.
        what: String,
        /// Which bound it passed.
        detail: String,
    },

    /// A manifest, index or config that is not what it should be.
    #[error("{what} of {reference} is invalid: {detail}")]
    InvalidDocument {
        /// The image reference as given.
        reference: String,
        /// Which document.
        what: String,
        /// What is wrong with it.
        detail: String,
    },

    /// An OCI layout directory or docker archive that is broken: which file,
    /// and what is wrong with it.
    #[error("{}: {detail}\n  = hint: {hint}", .path.display())]
    Corrupt {
        /// The broken file.
        path: PathBuf,
        /// What is wrong with it.
        detail: String,
        /// What to do about it.
        hint: String,
    },

    /// A registry answer that is neither success nor one of the above.
    #[error("registry {registry} answered {status} to GET {url}: {detail}")]
    Registry {
        /// The registry (`host[:port]`).
        registry: String,
        /// The HTTP status of the answer.
        status: u16,
        /// The URL asked for.
        url: String,
        /// What the registry said, cut short.
        detail: String,
    },

    /// A file that cannot be read.
    #[error("cannot read {}: {source}", .path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },

    /// A docker config file that cannot be used.
    #[error(
        "cannot use the credentials in {}: {detail}\n  = hint: fix the file, or pass --username with --password-stdin", .path.display()
    )]
    Credentials {
        /// The config file.
        path: PathBuf,
        /// What is wrong with it.
        detail: String,
    },

    /// A Docker credential helper that failed (missing, a non-zero exit,
    /// a bad answer, too slow).
    #[error(
        "credential helper {program} failed for {server}: {detail}\n  = hint: check that `echo {server} | {program} get` works, fix `credsStore`/`credHelpers` in the Docker config, or pass --username with --password-stdin"
    )]
    CredentialHelper {
        /// The helper (`docker-credential-<name>`).
        program: String,
        /// The server it was asked about.
        server: String,
        /// How it failed.
        detail: String,
    },

    /// No `--image` was given and the record names no image.
    #[error(
        "release {version} names no image to verify: its record has no [[assets]] with an `image`\n  = hint: pass --image REF (HOST[:PORT]/REPOSITORY[:TAG], oci:DIR[:TAG] or docker-archive:FILE)"
    )]
    NoImage {
        /// The release whose image was asked for.
        version: String,
    },

    /// `--password-stdin` gave no password that can be read.
    #[error("cannot read the password from stdin: {0}")]
    Password(#[source] std::io::Error),
}

impl InspectError {
    /// Whether the image simply lacks the platform asked for (a finding for
    /// a check, not a failure to read the image).
    pub fn is_missing_platform(&self) -> bool {
        matches!(self, InspectError::PlatformNotFound { .. })
    }
}

fn list_platforms(platforms: &[Platform]) -> String {
    if platforms.is_empty() {
        return "no platform".into();
    }
    platforms
        .iter()
        .map(|p| clip(p, 100))
        .collect::<Vec<_>>()
        .join(", ")
}

/// At most `max` characters of a message from below (a tar or JSON error
/// can quote kilobytes of the bad input).
pub(crate) fn clip(text: impl std::fmt::Display, max: usize) -> String {
    let text = text.to_string();
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text,
    }
}

/// The most characters of a decoder's message quoted: serde quotes the
/// string it did not expect, which may be the whole of a hostile input.
const DECODE_QUOTED: usize = 300;

/// What is wrong with a document oci-spec could not read: serde's message
/// (oci-spec's own says only "serde failed"), as [`json_error`] gives it.
pub(crate) fn document_error(e: &oci_spec::OciSpecError) -> String {
    match e {
        oci_spec::OciSpecError::SerDe(inner) => json_error(inner),
        other => clip(with_causes(other), DECODE_QUOTED),
    }
}

/// A JSON decoder's message, its middle cut when long: the start says what
/// was found, the end what was expected and at which line and column.
pub(crate) fn json_error(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let chars = text.chars().count();
    if chars <= DECODE_QUOTED {
        return text;
    }
    let head: String = text.chars().take(DECODE_QUOTED / 2).collect();
    let tail: String = text.chars().skip(chars - DECODE_QUOTED / 2).collect();
    format!("{head}…{tail}")
}

/// `error decoding response body: operation timed out`: an error with
/// its causes, each said once.
pub(crate) fn with_causes(e: &dyn std::error::Error) -> String {
    let mut out = e.to_string();
    let mut source = e.source();
    while let Some(s) = source {
        let text = s.to_string();
        if !out.contains(&text) {
            out.push_str(": ");
            out.push_str(&text);
        }
        source = s.source();
    }
    out
}

/// How many names a hint lists before saying how many more there are.
const NAMES_SHOWN: usize = 3;

/// `a, b, c … and 9,998 more`: the first few names of a list that may be
/// long (an archive can hold thousands of tags).
pub(crate) fn a_few(names: &[String]) -> String {
    let shown = names
        .iter()
        .take(NAMES_SHOWN)
        .map(|n| clip(n, 200))
        .collect::<Vec<_>>()
        .join(", ");
    match names.len().saturating_sub(NAMES_SHOWN) {
        0 => shown,
        more => format!("{shown} … and {} more", thousands(more)),
    }
}

/// `9998` → `9,998`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_errors_say_what_is_wrong_briefly() {
        let long = format!(
            "{{\"architecture\": \"{}\", \"os\": 7}}",
            "x".repeat(200_000)
        );
        let e = oci_spec::image::ImageConfiguration::from_reader(long.as_bytes()).unwrap_err();
        let said = document_error(&e);
        assert!(!said.contains("serde failed"), "{said}");
        assert!(said.contains("invalid type"), "{said}");
        assert!(said.contains("at line 1 column"), "{said}");
        assert!(said.len() < 400, "{} bytes", said.len());
        let e =
            serde_json::from_str::<Vec<u8>>(&format!("\"{}\"", "y".repeat(200_000))).unwrap_err();
        assert!(json_error(&e).len() < 400);
    }

    #[test]
    fn long_lists_are_cut() {
        let names: Vec<String> = (0..10_001).map(|i| format!("t{i}")).collect();
        assert_eq!(a_few(&names), "t0, t1, t2 … and 9,998 more");
        assert_eq!(a_few(&names[..2]), "t0, t1");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
