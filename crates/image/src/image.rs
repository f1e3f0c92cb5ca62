//! An opened image: its platforms, and one platform read into an
//! [`ImageView`].
//!
//! This module dispatches: it opens the store an [`ImageSource`] names
//! (registry, OCI layout or archive, each serving the `Store` trait of
//! [`store`](super::store)) and walks what the store serves,
//! index → manifest → config → layers.
//!
//! ```no_run
//! use relnotes_image::{ImageSource, NoProgress, OpenOptions, Platform};
//!
//! let source: ImageSource = "127.0.0.1:5000/team/training:25.10".parse()?;
//! let image = relnotes_image::open(&source, &OpenOptions::default())?;
//! for platform in image.platforms() {
//!     println!("{platform}");
//! }
//! let wanted = |path: &str, size: u64| (path == "etc/os-release" && size < 1 << 20).into();
//! let view = image.read(&Platform::for_arch(&"amd64".parse().unwrap()), &wanted, &NoProgress)?;
//! println!("{:?} {}", view.config.env_var("CUDA_VERSION"), view.files.len());
//! # Ok::<(), relnotes_image::InspectError>(())
//! ```

use super::cache::LayerCache;
use super::catalog;
use super::digest::{is_sha256_digest, sha256_digest};
use super::error::{clip, document_error, json_error, with_causes};
use super::progress::Progress;
use super::source::ImageSource;
use super::store::{
    Check, DOCKER_LIST, DOCKER_MANIFEST, Fetched, LayerRef, MAX_CONFIG, OCI_INDEX, OCI_MANIFEST,
    OpenOptions, Single, Start, Store, config_of,
};
use super::walker::{self, Job};
use super::{ImageConfig, ImageView, InspectError, Platform, Wanted};
use oci_spec::image::{Descriptor, ImageIndex, ImageManifest};
use std::io::Read;
use std::sync::Arc;

/// An entry of an index.
#[derive(Debug, Clone)]
struct Entry {
    platform: Option<Platform>,
    digest: String,
    media_type: Option<String>,
    /// Resolved at open time when the index does not say the platform.
    resolved: Option<Box<Single>>,
}

enum Root {
    /// The platforms, and the attestation manifests beside them.
    Index(Vec<Entry>, Vec<Attestation>),
    Single(Box<Single>),
}

/// The `vnd.docker.reference.type` of a BuildKit attestation manifest.
pub(crate) const ATTESTATION_MANIFEST: &str = "attestation-manifest";
/// The annotation naming what an attestation manifest is about.
pub(crate) const REFERENCE_DIGEST: &str = "vnd.docker.reference.digest";
/// The annotation saying what an index entry refers to.
pub(crate) const REFERENCE_TYPE: &str = "vnd.docker.reference.type";

/// An attestation manifest an index carries (BuildKit's attestation
/// storage): a manifest of in-toto statements about one platform manifest.
#[derive(Debug, Clone)]
pub(crate) struct Attestation {
    /// The attestation manifest's descriptor.
    pub digest: String,
    pub media_type: String,
    /// The digest of the platform manifest it is about.
    pub subject: String,
}

/// An image opened for reading: a single-platform image or an index of
/// several.
pub struct Image {
    reference: String,
    store: Box<dyn Store>,
    root: Root,
    jobs: usize,
    cache: Option<Arc<LayerCache>>,
}

impl std::fmt::Debug for Image {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Image")
            .field("reference", &self.reference)
            .field("platforms", &self.platforms())
            .finish()
    }
}

/// Opens an image where it lives: reaches the registry (authenticating as
/// needed) or reads the layout or archive's index, and fetches the top
/// manifest or index. Layers are only read by [`Image::read`].
pub fn open(source: &ImageSource, options: &OpenOptions) -> Result<Image, InspectError> {
    let reference = source.to_string();
    let (store, start): (Box<dyn Store>, Start) = match source {
        ImageSource::Registry(r) => {
            let (store, start) = super::registry::open(r, options)?;
            (Box::new(store), start)
        }
        ImageSource::Layout { dir, tag } => {
            let (store, start) = super::layout::open(dir, tag.as_deref(), &reference)?;
            (Box::new(store), start)
        }
        ImageSource::DockerArchive { file, reference: r } => {
            let (store, start) = super::archive::open(file, r.as_deref(), &reference)?;
            (Box::new(store), start)
        }
    };
    let jobs = options.jobs.filter(|&j| j > 0).unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let root = match start {
        Start::Single(single) => Root::Single(single),
        Start::Document { digest, fetched } => {
            document_root(store.as_ref(), &reference, &digest, fetched, 0)?
        }
        Start::Entries(descriptors) => index_root(store.as_ref(), &reference, &descriptors, 0)?,
    };
    Ok(Image {
        reference,
        store,
        root,
        jobs,
        cache: options.cache.clone(),
    })
}

impl Image {
    /// The reference the image was opened from, as given.
    pub(crate) fn reference(&self) -> &str {
        &self.reference
    }

    /// Whether the image is an index (manifest list) of several platforms.
    pub fn is_index(&self) -> bool {
        matches!(self.root, Root::Index(..))
    }

    /// The platforms the image holds, in the order its index lists them
    /// (attestation manifests left out).
    pub fn platforms(&self) -> Vec<Platform> {
        match &self.root {
            Root::Single(single) => vec![single.platform.clone()],
            Root::Index(entries, _) => entries
                .iter()
                .filter_map(|e| {
                    e.platform
                        .clone()
                        .or_else(|| e.resolved.as_ref().map(|s| s.platform.clone()))
                })
                .collect(),
        }
    }

    /// Whether the image has the platform (`linux/arm64` matches
    /// `linux/arm64/v8`; a variant asked for must match).
    pub fn has_platform(&self, platform: &Platform) -> bool {
        pick(platform, &self.platforms()).is_some()
    }

    /// Reads one platform: its config, and the files `wanted` asks for as
    /// the final filesystem holds them. Every blob is checked against its
    /// digest. [`InspectError::PlatformNotFound`] when the image does not
    /// have the platform. Every layer is read: the cache is for
    /// [`Image::read_for_catalog`].
    pub fn read(
        &self,
        platform: &Platform,
        wanted: Wanted,
        progress: &dyn Progress,
    ) -> Result<ImageView, InspectError> {
        self.read_with(platform, wanted, None, progress)
    }

    /// [`Image::read`] with the catalogers' filter (the files any of
    /// [`CATALOGERS`](catalog::CATALOGERS) wants):
    /// layers the cache of [`OpenOptions::cache`] holds are not fetched,
    /// and those read are kept in it.
    pub fn read_for_catalog(
        &self,
        platform: &Platform,
        progress: &dyn Progress,
    ) -> Result<ImageView, InspectError> {
        self.read_with(platform, &catalog::wants, self.cache.as_deref(), progress)
    }

    fn read_with(
        &self,
        platform: &Platform,
        wanted: Wanted,
        cache: Option<&LayerCache>,
        progress: &dyn Progress,
    ) -> Result<ImageView, InspectError> {
        let single = self.resolve(platform)?;
        let job = Job {
            store: self.store.as_ref(),
            reference: &self.reference,
            wanted,
            progress,
            jobs: self.jobs,
            cache,
        };
        let files = walker::read_layers(&job, &single.layers)?;
        Ok(ImageView {
            reference: self.reference.clone(),
            platform: single.platform.clone(),
            manifest_digest: single.manifest_digest.clone(),
            layers: single.layers.iter().map(|l| l.digest.clone()).collect(),
            config: single.config.clone(),
            files,
        })
    }

    /// The digest of the manifest of one platform, without reading its
    /// layers ([`InspectError::PlatformNotFound`] when there is none).
    pub(crate) fn manifest_digest(&self, platform: &Platform) -> Result<String, InspectError> {
        Ok(self.resolve(platform)?.manifest_digest)
    }

    /// One platform's manifest digest, config and layer list, without
    /// reading a layer.
    pub(crate) fn platform_manifest(
        &self,
        platform: &Platform,
    ) -> Result<Box<Single>, InspectError> {
        self.resolve(platform)
    }

    /// The attestation manifests of the index, in its order.
    pub(crate) fn attestations(&self) -> &[Attestation] {
        match &self.root {
            Root::Index(_, attestations) => attestations,
            Root::Single(_) => &[],
        }
    }

    /// A manifest of the image's store, checked against its digest.
    pub(crate) fn document(
        &self,
        digest: &str,
        media_type: Option<&str>,
    ) -> Result<Fetched, InspectError> {
        fetch_document(self.store.as_ref(), &self.reference, digest, media_type)
    }

    /// A blob streamed and hashed as it is read (an attached SBOM), at
    /// most `limit` bytes: trusted once [`CheckedBlob::finish`] says so.
    pub(crate) fn checked_blob(
        &self,
        what: &str,
        digest: &str,
        size: u64,
        limit: u64,
    ) -> Result<CheckedBlob<'_>, InspectError> {
        CheckedBlob::open(
            self.store.as_ref(),
            &self.reference,
            what,
            digest,
            Some(size),
            limit,
            false,
        )
    }

    fn not_found(&self, platform: &Platform) -> InspectError {
        InspectError::PlatformNotFound {
            reference: self.reference.clone(),
            platform: platform.clone(),
            available: self.platforms(),
        }
    }

    fn resolve(&self, platform: &Platform) -> Result<Box<Single>, InspectError> {
        let found = match &self.root {
            Root::Single(single) => pick(platform, std::slice::from_ref(&single.platform))
                .is_some()
                .then(|| single.clone()),
            Root::Index(entries, _) => {
                resolve_entries(self.store.as_ref(), &self.reference, entries, platform, 0)?
            }
        };
        found.ok_or_else(|| self.not_found(platform))
    }
}

/// The image for `platform` among index entries (descending into nested
/// indexes); `None` when there is none.
fn resolve_entries(
    store: &dyn Store,
    reference: &str,
    entries: &[Entry],
    platform: &Platform,
    depth: usize,
) -> Result<Option<Box<Single>>, InspectError> {
    let platforms: Vec<Platform> = entries
        .iter()
        .map(|e| {
            e.platform
                .clone()
                .or_else(|| e.resolved.as_ref().map(|s| s.platform.clone()))
                .unwrap_or_else(unknown_platform)
        })
        .collect();
    let Some(index) = pick(platform, &platforms) else {
        return Ok(None);
    };
    let entry = &entries[index];
    if let Some(single) = &entry.resolved {
        return Ok(Some(single.clone()));
    }
    let fetched = fetch_document(store, reference, &entry.digest, entry.media_type.as_deref())?;
    match document_root(store, reference, &entry.digest, fetched, depth + 1)? {
        Root::Single(single) => Ok(Some(single)),
        Root::Index(inner, _) => resolve_entries(store, reference, &inner, platform, depth + 1),
    }
}

fn unknown_platform() -> Platform {
    Platform {
        os: "unknown".into(),
        architecture: "unknown".into(),
        variant: None,
    }
}

/// The variant an architecture has when none is named.
fn default_variant(architecture: &str) -> Option<&'static str> {
    match architecture {
        "arm64" => Some("v8"),
        _ => None,
    }
}

/// The index of the platform in `have` that `want` asks for: same OS and
/// architecture; the variant asked for (if any) must match; without one,
/// the default variant is preferred.
pub(crate) fn pick(want: &Platform, have: &[Platform]) -> Option<usize> {
    let same = |h: &Platform| h.os == want.os && h.architecture == want.architecture;
    let variant_of = |p: &Platform| {
        p.variant
            .clone()
            .or_else(|| default_variant(&p.architecture).map(str::to_string))
    };
    let candidates: Vec<usize> = (0..have.len()).filter(|&i| same(&have[i])).collect();
    match variant_of(want) {
        Some(v) if want.variant.is_some() => candidates
            .into_iter()
            .find(|&i| variant_of(&have[i]).as_deref() == Some(v.as_str())),
        default => candidates
            .iter()
            .copied()
            .find(|&i| variant_of(&have[i]) == default)
            .or_else(|| candidates.first().copied()),
    }
}

/// Fetches a manifest or index and checks it against its digest.
pub(crate) fn fetch_document(
    store: &dyn Store,
    reference: &str,
    digest: &str,
    media_type: Option<&str>,
) -> Result<Fetched, InspectError> {
    if !is_sha256_digest(digest) {
        return Err(InspectError::InvalidDocument {
            reference: reference.into(),
            what: "index".into(),
            detail: format!(
                "digest `{digest}` is not sha256:<64 hex digits> (only sha256 is supported)"
            ),
        });
    }
    let fetched = store.manifest(digest, media_type)?;
    let actual = sha256_digest(&fetched.bytes);
    if actual != digest {
        return Err(InspectError::DigestMismatch {
            reference: reference.into(),
            what: "manifest".into(),
            expected: digest.into(),
            actual,
        });
    }
    Ok(fetched)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Index,
    Manifest,
}

/// Index or manifest: by the media type the store reported, else the
/// document's own `mediaType`, else its shape.
fn kind_of(reference: &str, fetched: &Fetched) -> Result<Kind, InspectError> {
    let value: serde_json::Value =
        serde_json::from_slice(&fetched.bytes).map_err(|e| InspectError::InvalidDocument {
            reference: reference.into(),
            what: "manifest".into(),
            detail: format!("not JSON: {}", json_error(&e)),
        })?;
    let declared = value.get("mediaType").and_then(|m| m.as_str());
    let reported = fetched
        .media_type
        .as_deref()
        .map(|m| m.split(';').next().unwrap_or(m).trim())
        .filter(|m| !m.is_empty() && *m != "application/json" && *m != "application/octet-stream");
    if let Some(media_type) = reported.or(declared) {
        return match media_type {
            OCI_INDEX | DOCKER_LIST => Ok(Kind::Index),
            OCI_MANIFEST | DOCKER_MANIFEST => Ok(Kind::Manifest),
            other => Err(InspectError::UnsupportedMediaType {
                reference: reference.into(),
                what: "the manifest".into(),
                media_type: clip(other, 200),
            }),
        };
    }
    if value.get("manifests").is_some() {
        Ok(Kind::Index)
    } else if value.get("layers").is_some() && value.get("config").is_some() {
        Ok(Kind::Manifest)
    } else {
        Err(InspectError::InvalidDocument {
            reference: reference.into(),
            what: "manifest".into(),
            detail: "neither an image manifest nor an index (no `layers`, no `manifests`)".into(),
        })
    }
}

const MAX_DEPTH: usize = 4;

fn document_root(
    store: &dyn Store,
    reference: &str,
    digest: &str,
    fetched: Fetched,
    depth: usize,
) -> Result<Root, InspectError> {
    let invalid = |what: &str, detail: String| InspectError::InvalidDocument {
        reference: reference.into(),
        what: what.into(),
        detail,
    };
    match kind_of(reference, &fetched)? {
        Kind::Index => {
            let index = ImageIndex::from_reader(&fetched.bytes[..])
                .map_err(|e| invalid("index", document_error(&e)))?;
            index_root(store, reference, index.manifests(), depth)
        }
        Kind::Manifest => {
            let manifest = ImageManifest::from_reader(&fetched.bytes[..])
                .map_err(|e| invalid("manifest", document_error(&e)))?;
            Ok(Root::Single(Box::new(single_of_manifest(
                store, reference, digest, &manifest,
            )?)))
        }
    }
}

fn index_root(
    store: &dyn Store,
    reference: &str,
    descriptors: &[Descriptor],
    depth: usize,
) -> Result<Root, InspectError> {
    if depth > MAX_DEPTH {
        return Err(InspectError::InvalidDocument {
            reference: reference.into(),
            what: "index".into(),
            detail: format!("indexes nested more than {MAX_DEPTH} deep"),
        });
    }
    let mut entries = Vec::new();
    let mut attestations = Vec::new();
    for d in descriptors {
        let platform = d.platform().as_ref().map(|p| Platform {
            os: p.os().to_string(),
            architecture: p.architecture().to_string(),
            variant: p.variant().clone().filter(|v| !v.is_empty()),
        });
        let annotations = d.annotations().clone().unwrap_or_default();
        let attestation = annotations.contains_key(REFERENCE_TYPE)
            || platform
                .as_ref()
                .is_some_and(|p| p.os == "unknown" && p.architecture == "unknown");
        if attestation {
            // Kept only as BuildKit writes them; "any other value" of the
            // type means the entry is to be ignored.
            if annotations.get(REFERENCE_TYPE).map(String::as_str) == Some(ATTESTATION_MANIFEST)
                && let Some(subject) = annotations.get(REFERENCE_DIGEST)
            {
                attestations.push(Attestation {
                    digest: d.digest().to_string(),
                    media_type: d.media_type().to_string(),
                    subject: subject.clone(),
                });
            }
            continue;
        }
        let media_type = Some(d.media_type().to_string()).filter(|m| !m.is_empty());
        let digest = d.digest().to_string();
        let mut entry = Entry {
            platform,
            digest,
            media_type,
            resolved: None,
        };
        if entry.platform.is_none() {
            // The index does not say: the manifest's config does.
            let fetched =
                fetch_document(store, reference, &entry.digest, entry.media_type.as_deref())?;
            match document_root(store, reference, &entry.digest, fetched, depth + 1)? {
                Root::Single(single) => entry.resolved = Some(single),
                Root::Index(inner, inner_attestations) => {
                    entries.extend(inner);
                    attestations.extend(inner_attestations);
                    continue;
                }
            }
        }
        entries.push(entry);
    }
    // One image under a name is an image, not an index (unless
    // attestations of it are beside it).
    if let [only] = entries.as_slice()
        && let Some(single) = &only.resolved
        && attestations.is_empty()
    {
        return Ok(Root::Single(single.clone()));
    }
    Ok(Root::Index(entries, attestations))
}

fn single_of_manifest(
    store: &dyn Store,
    reference: &str,
    digest: &str,
    manifest: &ImageManifest,
) -> Result<Single, InspectError> {
    let config = manifest.config();
    let config_type = config.media_type().to_string();
    if !matches!(
        config_type.as_str(),
        "application/vnd.oci.image.config.v1+json"
            | "application/vnd.docker.container.image.v1+json"
            | ""
    ) {
        return Err(InspectError::UnsupportedMediaType {
            reference: reference.into(),
            what: "the image config".into(),
            media_type: config_type,
        });
    }
    let (platform, image_config) = read_config(
        store,
        reference,
        config.digest().as_ref(),
        Some(config.size()),
    )?;
    let layers = manifest
        .layers()
        .iter()
        .map(|l| LayerRef {
            digest: l.digest().to_string(),
            media_type: Some(l.media_type().to_string()),
            size: Some(l.size()),
            check: Check::Stored,
        })
        .collect();
    Ok(Single {
        manifest_digest: digest.into(),
        platform,
        config: image_config,
        layers,
    })
}

/// Reads an image config blob, checked against its digest (and size, if
/// known).
pub(crate) fn read_config(
    store: &dyn Store,
    reference: &str,
    digest: &str,
    size: Option<u64>,
) -> Result<(Platform, ImageConfig), InspectError> {
    let bytes = read_blob(store, reference, "config", digest, size, MAX_CONFIG)?;
    config_of(reference, &bytes)
}

/// A blob read whole: at most `limit` bytes, checked against `digest`
/// and the declared `size` (see [`CheckedBlob`]).
pub(crate) fn read_blob(
    store: &dyn Store,
    reference: &str,
    what: &str,
    digest: &str,
    size: Option<u64>,
    limit: u64,
) -> Result<Vec<u8>, InspectError> {
    let mut blob = CheckedBlob::open(store, reference, what, digest, size, limit, true)?;
    let mut bytes = Vec::new();
    let read = blob.read_to_end(&mut bytes);
    blob.finish(read.err())?;
    Ok(bytes)
}

/// A blob streamed from its store, hashed as it is read: at most `limit`
/// bytes (one more tells a longer blob). What was read from it is trusted
/// only once [`CheckedBlob::finish`] has found its digest and size right.
pub(crate) struct CheckedBlob<'a> {
    inner: std::io::Take<Box<dyn Read + Send + 'a>>,
    hasher: sha2::Sha256,
    read: u64,
    reference: String,
    what: String,
    digest: String,
    size: Option<u64>,
}

impl<'a> CheckedBlob<'a> {
    /// Opens `digest` in `store`; `document` reads it as a document (one
    /// timeout in all), else as a stream (a timeout between reads).
    pub(crate) fn open(
        store: &'a dyn Store,
        reference: &str,
        what: &str,
        digest: &str,
        size: Option<u64>,
        limit: u64,
        document: bool,
    ) -> Result<CheckedBlob<'a>, InspectError> {
        use sha2::Digest as _;
        if !is_sha256_digest(digest) {
            return Err(InspectError::InvalidDocument {
                reference: reference.into(),
                what: "manifest".into(),
                detail: format!("{what} digest `{digest}` is not sha256:<64 hex digits>"),
            });
        }
        if let Some(size) = size.filter(|&s| s > limit) {
            return Err(InspectError::InvalidDocument {
                reference: reference.into(),
                what: what.into(),
                detail: format!("{size} bytes, more than the {limit} relnotes reads"),
            });
        }
        let reader = if document {
            store.document_blob(digest, size)?
        } else {
            store.blob(digest, size)?
        };
        // One byte past the declared size (or the cap) tells a longer blob.
        let read_at_most = size.unwrap_or(limit).min(limit) + 1;
        Ok(CheckedBlob {
            inner: reader.take(read_at_most),
            hasher: sha2::Sha256::new(),
            read: 0,
            reference: reference.into(),
            what: what.into(),
            digest: digest.into(),
            size,
        })
    }

    /// Reads what is left (a parser may stop at the end of its value), then
    /// checks the blob: an error reading it (`failed`, the reader's own),
    /// a blob longer than declared, another digest, another size.
    pub(crate) fn finish(mut self, failed: Option<std::io::Error>) -> Result<(), InspectError> {
        use sha2::Digest as _;
        let failed = failed.or_else(|| std::io::copy(&mut self, &mut std::io::sink()).err());
        if let Some(e) = failed {
            return Err(InspectError::ReadFailed {
                reference: self.reference,
                what: format!("{} {}", self.what, self.digest),
                detail: clip(with_causes(&e), 300),
            });
        }
        if let Some(size) = self.size
            && self.read > size
        {
            return Err(InspectError::BlobTooLong {
                reference: self.reference,
                what: self.what,
                digest: self.digest,
                expected: size,
            });
        }
        let hex: String = self
            .hasher
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let actual = format!("sha256:{hex}");
        if actual != self.digest {
            return Err(InspectError::DigestMismatch {
                reference: self.reference,
                what: self.what,
                expected: self.digest,
                actual,
            });
        }
        if let Some(size) = self.size.filter(|&s| s != self.read) {
            return Err(InspectError::SizeMismatch {
                reference: self.reference,
                what: self.what,
                digest: self.digest,
                expected: size,
                actual: self.read,
            });
        }
        Ok(())
    }
}

impl Read for CheckedBlob<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        use sha2::Digest as _;
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        self.read += n as u64;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Platform {
        let mut parts = s.split('/');
        Platform {
            os: parts.next().unwrap().into(),
            architecture: parts.next().unwrap().into(),
            variant: parts.next().map(str::to_string),
        }
    }

    /// A store with nothing in it (the index below names every platform).
    struct Empty;

    impl Store for Empty {
        fn manifest(&self, digest: &str, _: Option<&str>) -> Result<Fetched, InspectError> {
            panic!("fetched {digest}")
        }
        fn blob(
            &self,
            digest: &str,
            _: Option<u64>,
        ) -> Result<Box<dyn Read + Send + '_>, InspectError> {
            panic!("fetched {digest}")
        }
    }

    #[test]
    fn buildkit_index_with_attestations() {
        let d = |c: char| format!("sha256:{}", c.to_string().repeat(64));
        let index = format!(
            r#"{{"schemaVersion": 2, "mediaType": "{OCI_INDEX}", "manifests": [
                {{"mediaType": "{OCI_MANIFEST}", "digest": "{}", "size": 1,
                  "platform": {{"architecture": "amd64", "os": "linux"}}}},
                {{"mediaType": "{OCI_MANIFEST}", "digest": "{}", "size": 1,
                  "platform": {{"architecture": "arm64", "os": "linux", "variant": "v8"}}}},
                {{"mediaType": "{OCI_MANIFEST}", "digest": "{}", "size": 1,
                  "platform": {{"architecture": "arm", "os": "linux", "variant": "v7"}}}},
                {{"mediaType": "{OCI_MANIFEST}", "digest": "{}", "size": 1,
                  "annotations": {{"vnd.docker.reference.digest": "{}", "vnd.docker.reference.type": "attestation-manifest"}},
                  "platform": {{"architecture": "unknown", "os": "unknown"}}}}
            ]}}"#,
            d('a'),
            d('b'),
            d('c'),
            d('d'),
            d('a')
        );
        let fetched = Fetched {
            bytes: index.into_bytes(),
            media_type: None,
        };
        let Root::Index(entries, _) = document_root(&Empty, "r", &d('e'), fetched, 0).unwrap()
        else {
            panic!("not an index");
        };
        let platforms: Vec<String> = entries
            .iter()
            .map(|e| e.platform.as_ref().unwrap().to_string())
            .collect();
        assert_eq!(platforms, ["linux/amd64", "linux/arm64/v8", "linux/arm/v7"]);
        // Schema 1 is refused by media type.
        let schema1 = Fetched {
            bytes: br#"{"schemaVersion": 1, "fsLayers": []}"#.to_vec(),
            media_type: Some("application/vnd.docker.distribution.manifest.v1+prettyjws".into()),
        };
        let err = document_root(&Empty, "r", &d('e'), schema1, 0)
            .err()
            .unwrap();
        assert!(
            matches!(err, InspectError::UnsupportedMediaType { .. }),
            "{err}"
        );
    }

    /// A store serving one blob, whatever digest is asked for.
    struct OneBlob(&'static [u8]);

    impl Store for OneBlob {
        fn manifest(&self, digest: &str, _: Option<&str>) -> Result<Fetched, InspectError> {
            panic!("fetched {digest}")
        }
        fn blob(&self, _: &str, _: Option<u64>) -> Result<Box<dyn Read + Send + '_>, InspectError> {
            Ok(Box::new(self.0))
        }
    }

    #[test]
    fn small_blobs_are_read_to_their_declared_size() {
        let served = OneBlob(b"abcdef");
        let read = |digest: &str, size| read_blob(&served, "r", "config", digest, size, MAX_CONFIG);
        assert_eq!(read(&sha256_digest(b"abcdef"), Some(6)).unwrap(), b"abcdef");
        let err = read(&sha256_digest(b"abc"), Some(3)).unwrap_err();
        assert!(
            matches!(err, InspectError::BlobTooLong { expected: 3, .. }),
            "{err}"
        );
        let err = read(&sha256_digest(b"abcdef"), Some(10)).unwrap_err();
        assert!(
            matches!(err, InspectError::SizeMismatch { actual: 6, .. }),
            "{err}"
        );
        let err =
            read_blob(&served, "r", "config", &sha256_digest(b"abcdef"), None, 4).unwrap_err();
        assert!(matches!(err, InspectError::DigestMismatch { .. }), "{err}");
    }

    #[test]
    fn platform_matching() {
        let have = [p("linux/amd64"), p("linux/arm/v7"), p("linux/arm64/v8")];
        assert_eq!(
            pick(&Platform::for_arch(&"amd64".parse().unwrap()), &have),
            Some(0)
        );
        assert_eq!(
            pick(&Platform::for_arch(&"aarch64".parse().unwrap()), &have),
            Some(2)
        );
        assert_eq!(pick(&p("linux/arm64/v8"), &[p("linux/arm64")]), Some(0));
        assert_eq!(pick(&p("linux/arm/v7"), &have), Some(1));
        assert_eq!(pick(&p("linux/arm/v6"), &have), None);
        assert_eq!(pick(&p("linux/s390x"), &have), None);
        assert_eq!(
            pick(&p("linux/arm64"), &[p("linux/arm64/v9"), p("linux/arm64")]),
            Some(1)
        );
    }
}
