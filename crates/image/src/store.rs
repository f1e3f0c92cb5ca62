//! What the sources of an image share: the `Store` trait through which
//! a registry, an OCI layout or a `docker save` archive hands out
//! documents and blobs, where reading starts (`Start`), the layers to
//! read (`LayerRef`), the size limits and media types, and the parsing
//! of an image config. The sources depend on this module; `image.rs` opens
//! the right source and walks what it serves.

use super::auth::Credentials;
use super::cache::LayerCache;
use super::{ImageConfig, InspectError, Platform};
use oci_spec::image::{Descriptor, ImageConfiguration};
use std::io::Read;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// How to open an image.
#[derive(Debug, Clone, Default)]
pub struct OpenOptions {
    /// Registry credentials (`--username` with `--password-stdin`). Without
    /// them, they are looked up as Docker and podman do: the Docker
    /// config's credential helpers, then its `auths`, then podman's
    /// `auth.json`; none found means anonymous access.
    pub credentials: Option<Credentials>,
    /// The Docker config file to take credentials from; `None` means
    /// `$DOCKER_CONFIG/config.json`, else `~/.docker/config.json`. A path
    /// that does not exist means no credentials.
    pub docker_config: Option<PathBuf>,
    /// podman's `auth.json`; `None` means `$REGISTRY_AUTH_FILE`, else
    /// `$XDG_RUNTIME_DIR/containers/auth.json`, else
    /// `~/.config/containers/auth.json`. A path that does not exist means
    /// no credentials.
    pub podman_auth: Option<PathBuf>,
    /// Speak plain HTTP to the registry even though it is not on a loopback
    /// address (loopback registries always get plain HTTP).
    pub insecure: bool,
    /// How many threads read layers at once, one layer each, largest
    /// first; `None` means one per core.
    pub jobs: Option<usize>,
    /// How long a registry connection may stay silent (connecting, or
    /// between two reads of a layer) before reading gives up, and how long
    /// any other answer (a manifest, index, config, token, referrers list)
    /// may take in all; `None` means 30 seconds. A credential helper
    /// running longer is stopped.
    pub timeout: Option<Duration>,
    /// Where layer scans are kept, shared by every image opened with it
    /// (reads with the catalogers' filter only: [`Image::read_for_catalog`]);
    /// `None` reads every layer every time.
    ///
    /// [`Image::read_for_catalog`]: super::Image::read_for_catalog
    pub cache: Option<Arc<LayerCache>>,
}

/// How long a registry may stay silent by default.
pub(crate) const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

pub(crate) use super::limits::{MAX_CONFIG, MAX_MANIFEST};

pub(crate) const OCI_INDEX: &str = "application/vnd.oci.image.index.v1+json";
pub(crate) const OCI_MANIFEST: &str = "application/vnd.oci.image.manifest.v1+json";
pub(crate) const DOCKER_LIST: &str = "application/vnd.docker.distribution.manifest.list.v2+json";
pub(crate) const DOCKER_MANIFEST: &str = "application/vnd.docker.distribution.manifest.v2+json";

/// Where an image's documents and blobs come from.
pub(crate) trait Store: Send + Sync {
    /// A manifest or index by digest (at most [`MAX_MANIFEST`] bytes), with
    /// its media type when the store knows it. Not yet checked against the
    /// digest.
    fn manifest(&self, digest: &str, media_type: Option<&str>) -> Result<Fetched, InspectError>;
    /// A blob by digest, streamed. Not checked: the reader does that.
    fn blob(
        &self,
        digest: &str,
        size: Option<u64>,
    ) -> Result<Box<dyn Read + Send + '_>, InspectError>;
    /// A small blob read whole (a config), as [`Store::blob`]; a registry
    /// gives it its timeout in all, not only between two reads.
    fn document_blob(
        &self,
        digest: &str,
        size: Option<u64>,
    ) -> Result<Box<dyn Read + Send + '_>, InspectError> {
        self.blob(digest, size)
    }
}

/// A fetched document.
#[derive(Debug, Clone)]
pub(crate) struct Fetched {
    pub bytes: Vec<u8>,
    pub media_type: Option<String>,
}

/// Where reading an image starts.
pub(crate) enum Start {
    /// A manifest or index document, already checked against its digest.
    Document { digest: String, fetched: Fetched },
    /// Index entries not stored as a document (an OCI layout's
    /// `index.json`, several entries under one name).
    Entries(Vec<Descriptor>),
    /// One image without an OCI manifest (a classic `docker save` archive).
    Single(Box<Single>),
}

/// One platform's image, resolved down to its layers.
#[derive(Debug, Clone)]
pub(crate) struct Single {
    pub manifest_digest: String,
    pub platform: Platform,
    pub config: ImageConfig,
    pub layers: Vec<LayerRef>,
}

/// One layer to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LayerRef {
    /// The digest the layer is known by (reported in [`FoundFile::layer`]),
    /// and the one its content is checked against (see `check`).
    pub digest: String,
    pub media_type: Option<String>,
    /// The blob's size, if a descriptor declares it.
    pub size: Option<u64>,
    pub check: Check,
}

/// Which bytes a layer's digest is the hash of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Check {
    /// The blob as stored (registries, OCI layouts).
    Stored,
    /// The uncompressed tar (a layer known only by its diff ID, as in a
    /// `docker save` archive of the classic format).
    Uncompressed,
}

/// The platform, env and labels of an image config.
pub(crate) fn config_of(
    reference: &str,
    bytes: &[u8],
) -> Result<(Platform, ImageConfig), InspectError> {
    let config =
        ImageConfiguration::from_reader(bytes).map_err(|e| InspectError::InvalidDocument {
            reference: reference.into(),
            what: "image config".into(),
            detail: super::error::document_error(&e),
        })?;
    let platform = Platform {
        os: config.os().to_string(),
        architecture: config.architecture().to_string(),
        variant: config.variant().clone().filter(|v| !v.is_empty()),
    };
    let (env, labels) = match config.config() {
        Some(c) => (
            c.env().clone().unwrap_or_default(),
            c.labels().clone().unwrap_or_default().into_iter().collect(),
        ),
        None => Default::default(),
    };
    Ok((platform, ImageConfig { env, labels }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn docker_and_buildkit_configs() {
        // As `docker build` and BuildKit write them: nulls, maps, history.
        let config = br#"{
            "architecture": "arm64", "variant": "v8", "os": "linux",
            "created": "2025-10-01T08:00:00.123456789Z",
            "author": "", "docker_version": "27.3.1",
            "container_config": {"Hostname": "", "Env": null, "Cmd": null},
            "config": {
                "Hostname": "", "Domainname": "", "User": "", "AttachStdin": false,
                "ExposedPorts": {"8888/tcp": {}, "6006/tcp": {}},
                "Tty": false, "OpenStdin": false, "StdinOnce": false,
                "Env": ["PATH=/usr/local/bin:/usr/bin", "CUDA_VERSION=12.8.1",
                        "NVIDIA_REQUIRE_CUDA=cuda>=12.8 brand=tesla,driver>=535,driver<536"],
                "Cmd": ["/bin/bash"], "Image": "", "Volumes": null, "WorkingDir": "/workspace",
                "Entrypoint": ["/opt/nvidia/nvidia_entrypoint.sh"], "OnBuild": null,
                "Labels": {"com.nvidia.cudnn.version": "9.8.0.87", "maintainer": "NVIDIA"},
                "Shell": ["/bin/bash", "-c"], "StopSignal": "SIGTERM", "ArgsEscaped": true
            },
            "history": [
                {"created": "2025-09-01T00:00:00Z", "created_by": "ADD file:abc in / ", "empty_layer": false},
                {"created": "2025-09-01T00:00:01Z", "created_by": "CMD [\"/bin/bash\"]", "empty_layer": true, "comment": "buildkit.dockerfile.v0"}
            ],
            "rootfs": {"type": "layers", "diff_ids": [
                "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
            ]},
            "moby.buildkit.buildinfo.v1": "eyJmcm9udGVuZCI6ImRvY2tlcmZpbGUudjAifQ=="
        }"#;
        let (platform, config) = config_of("r", config).unwrap();
        assert_eq!(platform.to_string(), "linux/arm64/v8");
        assert_eq!(config.env_var("CUDA_VERSION"), Some("12.8.1"));
        assert_eq!(
            config
                .labels
                .get("com.nvidia.cudnn.version")
                .map(String::as_str),
            Some("9.8.0.87")
        );
        // No config section at all.
        let bare = br#"{"architecture": "amd64", "os": "linux", "rootfs": {"type": "layers", "diff_ids": []}}"#;
        let (platform, config) = config_of("r", bare).unwrap();
        assert_eq!(platform.to_string(), "linux/amd64");
        assert!(config.env.is_empty());
    }
}
