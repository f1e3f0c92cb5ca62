//! A small builder of test images: layers as lists of files, directories,
//! symlinks, hard links, whiteouts and opaque markers, written in memory
//! with the `tar` crate and compressed with gzip, zstd or not at all; a
//! config with env and labels; one or several platforms (an index).
//!
//! A built image can be pushed to a registry (plain HTTP uploads), written
//! as an OCI layout directory, or written as a `docker save` archive:
//!
//! ```ignore
//! let image = TestImage::multi(vec![
//!     PlatformImage::new("amd64")
//!         .env("CUDA_VERSION=12.8.0")
//!         .label("org.opencontainers.image.version", "25.10")
//!         .layer(Layer::gzip().file("etc/os-release", "ID=ubuntu\nVERSION_ID=\"24.04\"\n"))
//!         .layer(Layer::zstd().whiteout("etc/motd").opaque("opt/app")),
//!     PlatformImage::new("arm64").layer(Layer::plain().file("etc/os-release", "ID=ubuntu\n")),
//! ])
//! .build();
//! image.push(&registry.url(), "team/training", "25.10", None);
//! image.write_layout(dir.path(), "25.10");
//! image.write_docker_archive(&dir.path().join("a.tar"), "amd64", "team/training:25.10", false);
//! ```

#![allow(dead_code)]

use image::sha256_digest;
use serde_json::json;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::Path;

pub const OCI_INDEX: &str = "application/vnd.oci.image.index.v1+json";
pub const OCI_MANIFEST: &str = "application/vnd.oci.image.manifest.v1+json";
pub const OCI_CONFIG: &str = "application/vnd.oci.image.config.v1+json";
pub const DOCKER_LIST: &str = "application/vnd.docker.distribution.manifest.list.v2+json";
pub const DOCKER_MANIFEST: &str = "application/vnd.docker.distribution.manifest.v2+json";
pub const DOCKER_CONFIG: &str = "application/vnd.docker.container.image.v1+json";

/// How a layer blob is compressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    Gzip,
    Zstd,
    None,
}

/// One entry of a layer tar.
#[derive(Debug, Clone)]
pub enum Entry {
    File {
        path: String,
        bytes: Vec<u8>,
    },
    Dir {
        path: String,
    },
    Symlink {
        path: String,
        target: String,
    },
    Hardlink {
        path: String,
        target: String,
    },
    /// `dir/.wh.name`: deletes `path` of lower layers.
    Whiteout {
        path: String,
    },
    /// `dir/.wh..wh..opq`: hides what lower layers hold under `dir`.
    Opaque {
        dir: String,
    },
}

/// A layer: its entries in tar order, and its compression.
#[derive(Debug, Clone)]
pub struct Layer {
    pub compression: Compression,
    pub entries: Vec<Entry>,
}

impl Layer {
    pub fn new(compression: Compression) -> Layer {
        Layer {
            compression,
            entries: Vec::new(),
        }
    }
    pub fn gzip() -> Layer {
        Layer::new(Compression::Gzip)
    }
    pub fn zstd() -> Layer {
        Layer::new(Compression::Zstd)
    }
    pub fn plain() -> Layer {
        Layer::new(Compression::None)
    }
    pub fn file(mut self, path: &str, bytes: impl AsRef<[u8]>) -> Layer {
        self.entries.push(Entry::File {
            path: path.into(),
            bytes: bytes.as_ref().to_vec(),
        });
        self
    }
    pub fn dir(mut self, path: &str) -> Layer {
        self.entries.push(Entry::Dir { path: path.into() });
        self
    }
    pub fn symlink(mut self, path: &str, target: &str) -> Layer {
        self.entries.push(Entry::Symlink {
            path: path.into(),
            target: target.into(),
        });
        self
    }
    pub fn hardlink(mut self, path: &str, target: &str) -> Layer {
        self.entries.push(Entry::Hardlink {
            path: path.into(),
            target: target.into(),
        });
        self
    }
    pub fn whiteout(mut self, path: &str) -> Layer {
        self.entries.push(Entry::Whiteout { path: path.into() });
        self
    }
    pub fn opaque(mut self, dir: &str) -> Layer {
        self.entries.push(Entry::Opaque { dir: dir.into() });
        self
    }

    /// The uncompressed tar.
    pub fn tar(&self) -> Vec<u8> {
        let mut builder = tar::Builder::new(Vec::new());
        let header = |kind: tar::EntryType, mode: u32, size: u64| {
            let mut h = tar::Header::new_ustar();
            h.set_entry_type(kind);
            h.set_mode(mode);
            h.set_size(size);
            h.set_mtime(0);
            h.set_uid(0);
            h.set_gid(0);
            h
        };
        let marker = |dir: &str, name: &str| {
            if dir.is_empty() {
                name.to_string()
            } else {
                format!("{}/{name}", dir.trim_end_matches('/'))
            }
        };
        for entry in &self.entries {
            match entry {
                Entry::File { path, bytes } => {
                    let mut h = header(tar::EntryType::Regular, 0o644, bytes.len() as u64);
                    builder.append_data(&mut h, path, &bytes[..]).unwrap();
                }
                Entry::Dir { path } => {
                    let mut h = header(tar::EntryType::Directory, 0o755, 0);
                    let path = format!("{}/", path.trim_end_matches('/'));
                    builder.append_data(&mut h, path, &[][..]).unwrap();
                }
                Entry::Symlink { path, target } => {
                    let mut h = header(tar::EntryType::Symlink, 0o777, 0);
                    builder.append_link(&mut h, path, target).unwrap();
                }
                Entry::Hardlink { path, target } => {
                    let mut h = header(tar::EntryType::Link, 0o644, 0);
                    builder.append_link(&mut h, path, target).unwrap();
                }
                Entry::Whiteout { path } => {
                    let (dir, name) = path.rsplit_once('/').unwrap_or(("", path));
                    let mut h = header(tar::EntryType::Regular, 0o644, 0);
                    builder
                        .append_data(&mut h, marker(dir, &format!(".wh.{name}")), &[][..])
                        .unwrap();
                }
                Entry::Opaque { dir } => {
                    let mut h = header(tar::EntryType::Regular, 0o644, 0);
                    builder
                        .append_data(&mut h, marker(dir, ".wh..wh..opq"), &[][..])
                        .unwrap();
                }
            }
        }
        builder.into_inner().unwrap()
    }

    /// The layer blob: the tar, compressed.
    pub fn blob(&self, tar: &[u8]) -> Vec<u8> {
        match self.compression {
            Compression::None => tar.to_vec(),
            Compression::Gzip => {
                let mut gz =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                gz.write_all(tar).unwrap();
                gz.finish().unwrap()
            }
            Compression::Zstd => zstd::encode_all(tar, 3).unwrap(),
        }
    }

    fn media_type(&self, docker: bool) -> &'static str {
        match (self.compression, docker) {
            (Compression::Gzip, false) => "application/vnd.oci.image.layer.v1.tar+gzip",
            (Compression::Zstd, false) => "application/vnd.oci.image.layer.v1.tar+zstd",
            (Compression::None, false) => "application/vnd.oci.image.layer.v1.tar",
            (Compression::Gzip, true) => "application/vnd.docker.image.rootfs.diff.tar.gzip",
            (Compression::Zstd, true) => "application/vnd.docker.image.rootfs.diff.tar.zstd",
            (Compression::None, true) => "application/vnd.docker.image.rootfs.diff.tar",
        }
    }
}

/// One platform of a test image.
#[derive(Debug, Clone)]
pub struct PlatformImage {
    pub os: String,
    pub architecture: String,
    pub variant: Option<String>,
    pub env: Vec<String>,
    pub labels: BTreeMap<String, String>,
    pub layers: Vec<Layer>,
}

impl PlatformImage {
    /// `linux/<arch>`; `arm64` gets variant `v8`, as registries list it.
    pub fn new(architecture: &str) -> PlatformImage {
        PlatformImage {
            os: "linux".into(),
            architecture: architecture.into(),
            variant: (architecture == "arm64").then(|| "v8".to_string()),
            env: vec!["PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin".into()],
            labels: BTreeMap::new(),
            layers: Vec::new(),
        }
    }
    pub fn variant(mut self, variant: Option<&str>) -> PlatformImage {
        self.variant = variant.map(str::to_string);
        self
    }
    pub fn env(mut self, entry: &str) -> PlatformImage {
        self.env.push(entry.into());
        self
    }
    pub fn label(mut self, key: &str, value: &str) -> PlatformImage {
        self.labels.insert(key.into(), value.into());
        self
    }
    pub fn layer(mut self, layer: Layer) -> PlatformImage {
        self.layers.push(layer);
        self
    }
    /// `linux/amd64`, `linux/arm64/v8`.
    pub fn platform_string(&self) -> String {
        match &self.variant {
            Some(v) => format!("{}/{}/{v}", self.os, self.architecture),
            None => format!("{}/{}", self.os, self.architecture),
        }
    }
}

/// An image to build: one platform (a plain manifest) or several (an index).
#[derive(Debug, Clone)]
pub struct TestImage {
    pub platforms: Vec<PlatformImage>,
    /// An index even for one platform.
    pub index: bool,
    /// Docker schema 2 media types instead of OCI ones.
    pub docker_media_types: bool,
}

impl TestImage {
    pub fn single(platform: PlatformImage) -> TestImage {
        TestImage {
            platforms: vec![platform],
            index: false,
            docker_media_types: false,
        }
    }
    pub fn multi(platforms: Vec<PlatformImage>) -> TestImage {
        TestImage {
            platforms,
            index: true,
            docker_media_types: false,
        }
    }
    pub fn docker_media_types(mut self) -> TestImage {
        self.docker_media_types = true;
        self
    }

    pub fn build(&self) -> BuiltImage {
        let docker = self.docker_media_types;
        let manifests: Vec<BuiltManifest> = self
            .platforms
            .iter()
            .map(|p| build_platform(p, docker))
            .collect();
        let index = self.index.then(|| {
            let media_type = if docker { DOCKER_LIST } else { OCI_INDEX };
            let entries: Vec<serde_json::Value> = manifests
                .iter()
                .map(|m| {
                    let mut platform = json!({
                        "architecture": m.platform.architecture,
                        "os": m.platform.os,
                    });
                    if let Some(v) = &m.platform.variant {
                        platform["variant"] = json!(v);
                    }
                    json!({
                        "mediaType": m.manifest.media_type,
                        "digest": m.manifest.digest,
                        "size": m.manifest.bytes.len(),
                        "platform": platform,
                    })
                })
                .collect();
            Blob::new(
                media_type,
                serde_json::to_vec_pretty(&json!({
                    "schemaVersion": 2,
                    "mediaType": media_type,
                    "manifests": entries,
                }))
                .unwrap(),
            )
        });
        BuiltImage { manifests, index }
    }
}

/// Bytes with their digest and media type.
#[derive(Debug, Clone)]
pub struct Blob {
    pub media_type: String,
    pub digest: String,
    pub bytes: Vec<u8>,
}

impl Blob {
    pub fn new(media_type: &str, bytes: Vec<u8>) -> Blob {
        Blob {
            media_type: media_type.into(),
            digest: sha256_digest(&bytes),
            bytes,
        }
    }
    fn descriptor(&self) -> serde_json::Value {
        json!({"mediaType": self.media_type, "digest": self.digest, "size": self.bytes.len()})
    }
}

#[derive(Debug, Clone)]
pub struct BuiltLayer {
    /// The blob as pushed (compressed).
    pub blob: Blob,
    /// The uncompressed tar and its digest (the diff ID).
    pub tar: Vec<u8>,
    pub diff_id: String,
}

#[derive(Debug, Clone)]
pub struct BuiltManifest {
    pub platform: PlatformImage,
    pub manifest: Blob,
    pub config: Blob,
    pub layers: Vec<BuiltLayer>,
}

impl BuiltManifest {
    /// Layer digests, bottom first.
    pub fn layer_digests(&self) -> Vec<String> {
        self.layers.iter().map(|l| l.blob.digest.clone()).collect()
    }
    pub fn diff_ids(&self) -> Vec<String> {
        self.layers.iter().map(|l| l.diff_id.clone()).collect()
    }
}

fn config_json(p: &PlatformImage, diff_ids: &[String]) -> Vec<u8> {
    let mut config = json!({
        "architecture": p.architecture,
        "os": p.os,
        "config": {"Env": p.env, "Labels": p.labels},
        "rootfs": {"type": "layers", "diff_ids": diff_ids},
        "history": diff_ids.iter().map(|_| json!({"created_by": "relnotes test image"})).collect::<Vec<_>>(),
    });
    if let Some(v) = &p.variant {
        config["variant"] = json!(v);
    }
    serde_json::to_vec(&config).unwrap()
}

fn build_platform(p: &PlatformImage, docker: bool) -> BuiltManifest {
    let layers: Vec<BuiltLayer> = p
        .layers
        .iter()
        .map(|layer| {
            let tar = layer.tar();
            let blob = Blob::new(layer.media_type(docker), layer.blob(&tar));
            BuiltLayer {
                diff_id: sha256_digest(&tar),
                blob,
                tar,
            }
        })
        .collect();
    let diff_ids: Vec<String> = layers.iter().map(|l| l.diff_id.clone()).collect();
    let config = Blob::new(
        if docker { DOCKER_CONFIG } else { OCI_CONFIG },
        config_json(p, &diff_ids),
    );
    let media_type = if docker {
        DOCKER_MANIFEST
    } else {
        OCI_MANIFEST
    };
    let manifest = Blob::new(
        media_type,
        serde_json::to_vec_pretty(&json!({
            "schemaVersion": 2,
            "mediaType": media_type,
            "config": config.descriptor(),
            "layers": layers.iter().map(|l| l.blob.descriptor()).collect::<Vec<_>>(),
        }))
        .unwrap(),
    );
    BuiltManifest {
        platform: p.clone(),
        manifest,
        config,
        layers,
    }
}

/// A built image: every blob and manifest, and the index if it has one.
#[derive(Debug, Clone)]
pub struct BuiltImage {
    pub manifests: Vec<BuiltManifest>,
    pub index: Option<Blob>,
}

impl BuiltImage {
    /// The index, or the only manifest.
    pub fn root(&self) -> &Blob {
        self.index
            .as_ref()
            .unwrap_or_else(|| &self.manifests[0].manifest)
    }

    /// The manifest of a platform, by architecture.
    pub fn manifest(&self, architecture: &str) -> &BuiltManifest {
        self.manifests
            .iter()
            .find(|m| m.platform.architecture == architecture)
            .unwrap_or_else(|| panic!("no {architecture} manifest"))
    }

    /// Config and layer blobs of every platform, without duplicates.
    pub fn blobs(&self) -> Vec<&Blob> {
        let mut seen = std::collections::BTreeSet::new();
        let mut out = Vec::new();
        for m in &self.manifests {
            for blob in std::iter::once(&m.config).chain(m.layers.iter().map(|l| &l.blob)) {
                if seen.insert(blob.digest.clone()) {
                    out.push(blob);
                }
            }
        }
        out
    }

    /// Pushes to a registry (`http://127.0.0.1:PORT`) as `repo:tag`: blobs
    /// by monolithic upload, then manifests by digest, then the root by tag.
    pub fn push(&self, base_url: &str, repo: &str, tag: &str, basic_auth: Option<(&str, &str)>) {
        image::install_crypto_provider();
        let client = reqwest::blocking::Client::builder()
            .no_proxy()
            .build()
            .unwrap();
        let with_auth = |request: reqwest::blocking::RequestBuilder| match basic_auth {
            Some((user, password)) => request.basic_auth(user, Some(password)),
            None => request,
        };
        for blob in self.blobs() {
            push_blob(&client, &with_auth, base_url, repo, &blob.bytes);
        }
        let put_manifest = |reference: &str, blob: &Blob| {
            let response = with_auth(
                client
                    .put(format!("{base_url}/v2/{repo}/manifests/{reference}"))
                    .header("Content-Type", &blob.media_type)
                    .body(blob.bytes.clone()),
            )
            .send()
            .unwrap();
            assert_eq!(
                response.status().as_u16(),
                201,
                "PUT manifest {reference}: {}",
                response.text().unwrap_or_default()
            );
        };
        if let Some(index) = &self.index {
            for m in &self.manifests {
                put_manifest(&m.manifest.digest, &m.manifest);
            }
            put_manifest(tag, index);
        } else {
            put_manifest(tag, &self.manifests[0].manifest);
        }
    }

    /// The image written as an OCI layout (`write_layout`) in a new temp
    /// dir, tagged `tag`: the temp dir (removed when dropped) and the
    /// image's reference, `oci:DIR:TAG`.
    pub fn in_temp_layout(&self, tag: &str) -> (tempfile::TempDir, String) {
        let layout = tempfile::tempdir().unwrap();
        self.write_layout(layout.path(), tag);
        let reference = format!("oci:{}:{tag}", layout.path().display());
        (layout, reference)
    }

    /// Writes an OCI image layout: `oci-layout`, `index.json` naming the
    /// root `tag`, `blobs/sha256/…`.
    pub fn write_layout(&self, dir: &Path, tag: &str) {
        let blobs = dir.join("blobs/sha256");
        std::fs::create_dir_all(&blobs).unwrap();
        let write = |blob: &Blob| {
            let hex = blob.digest.strip_prefix("sha256:").unwrap();
            std::fs::write(blobs.join(hex), &blob.bytes).unwrap();
        };
        for blob in self.blobs() {
            write(blob);
        }
        for m in &self.manifests {
            write(&m.manifest);
        }
        if let Some(index) = &self.index {
            write(index);
        }
        let root = self.root();
        let mut descriptor = root.descriptor();
        descriptor["annotations"] = json!({"org.opencontainers.image.ref.name": tag});
        write_layout_index(dir, &[descriptor]);
    }

    /// Writes a `docker save` archive of one platform, tagged `repo_tag`.
    /// Classic format (`<hex>.json`, `<hex>/layer.tar`, `manifest.json`),
    /// or with `oci` the Docker 25+ one: an OCI layout (`index.json`,
    /// `blobs/sha256/…`) beside `manifest.json` naming its blobs. Layers
    /// are uncompressed tars, as docker writes them.
    pub fn write_docker_archive(&self, file: &Path, architecture: &str, repo_tag: &str, oci: bool) {
        let m = self.manifest(architecture);
        let mut members: Vec<(String, Vec<u8>)> = Vec::new();
        let config_hex = m.config.digest.strip_prefix("sha256:").unwrap().to_string();
        let manifest_json = if oci {
            let blob_name =
                |digest: &str| format!("blobs/sha256/{}", digest.strip_prefix("sha256:").unwrap());
            let layers: Vec<Blob> = m
                .layers
                .iter()
                .map(|l| Blob::new("application/vnd.oci.image.layer.v1.tar", l.tar.clone()))
                .collect();
            let config = Blob::new(OCI_CONFIG, m.config.bytes.clone());
            let manifest = Blob::new(
                OCI_MANIFEST,
                serde_json::to_vec(&json!({
                    "schemaVersion": 2,
                    "mediaType": OCI_MANIFEST,
                    "config": config.descriptor(),
                    "layers": layers.iter().map(Blob::descriptor).collect::<Vec<_>>(),
                }))
                .unwrap(),
            );
            for blob in std::iter::once(&config)
                .chain(&layers)
                .chain(std::iter::once(&manifest))
            {
                members.push((blob_name(&blob.digest), blob.bytes.clone()));
            }
            let tag = repo_tag.rsplit_once(':').map_or("latest", |(_, t)| t);
            let mut descriptor = manifest.descriptor();
            descriptor["annotations"] = json!({
                "io.containerd.image.name": format!("docker.io/library/{repo_tag}"),
                "org.opencontainers.image.ref.name": tag,
            });
            members.push((
                "index.json".into(),
                serde_json::to_vec(&json!({
                    "schemaVersion": 2,
                    "mediaType": OCI_INDEX,
                    "manifests": [descriptor],
                }))
                .unwrap(),
            ));
            members.push((
                "oci-layout".into(),
                br#"{"imageLayoutVersion":"1.0.0"}"#.to_vec(),
            ));
            json!([{
                "Config": blob_name(&config.digest),
                "RepoTags": [repo_tag],
                "Layers": layers.iter().map(|l| blob_name(&l.digest)).collect::<Vec<_>>(),
            }])
        } else {
            members.push((format!("{config_hex}.json"), m.config.bytes.clone()));
            let mut names = Vec::new();
            for layer in &m.layers {
                let id = layer.diff_id.strip_prefix("sha256:").unwrap();
                members.push((format!("{id}/VERSION"), b"1.0".to_vec()));
                members.push((format!("{id}/json"), br#"{}"#.to_vec()));
                members.push((format!("{id}/layer.tar"), layer.tar.clone()));
                names.push(format!("{id}/layer.tar"));
            }
            json!([{
                "Config": format!("{config_hex}.json"),
                "RepoTags": [repo_tag],
                "Layers": names,
            }])
        };
        members.push((
            "manifest.json".into(),
            serde_json::to_vec(&manifest_json).unwrap(),
        ));
        let mut builder = tar::Builder::new(std::fs::File::create(file).unwrap());
        for (name, bytes) in members {
            let mut h = tar::Header::new_ustar();
            h.set_entry_type(tar::EntryType::Regular);
            h.set_mode(0o644);
            h.set_size(bytes.len() as u64);
            h.set_mtime(0);
            builder.append_data(&mut h, name, &bytes[..]).unwrap();
        }
        builder.finish().unwrap();
    }
}

fn push_blob(
    client: &reqwest::blocking::Client,
    with_auth: &dyn Fn(reqwest::blocking::RequestBuilder) -> reqwest::blocking::RequestBuilder,
    base_url: &str,
    repo: &str,
    bytes: &[u8],
) {
    let digest = sha256_digest(bytes);
    let response = with_auth(client.post(format!("{base_url}/v2/{repo}/blobs/uploads/")))
        .send()
        .unwrap();
    assert_eq!(response.status().as_u16(), 202, "POST upload: {response:?}");
    let location = response
        .headers()
        .get("Location")
        .expect("upload location")
        .to_str()
        .unwrap()
        .to_string();
    let location = if location.starts_with('/') {
        format!("{base_url}{location}")
    } else {
        location
    };
    let sep = if location.contains('?') { '&' } else { '?' };
    let response = with_auth(
        client
            .put(format!("{location}{sep}digest={digest}"))
            .header("Content-Type", "application/octet-stream")
            .body(bytes.to_vec()),
    )
    .send()
    .unwrap();
    assert_eq!(
        response.status().as_u16(),
        201,
        "PUT blob {digest}: {}",
        response.text().unwrap_or_default()
    );
}

/// Writes the top of an OCI image layout in `dir`: its `oci-layout` file
/// and its `index.json` naming `manifests` (descriptors).
pub fn write_layout_index(dir: &Path, manifests: &[serde_json::Value]) {
    std::fs::write(dir.join("oci-layout"), r#"{"imageLayoutVersion": "1.0.0"}"#).unwrap();
    std::fs::write(
        dir.join("index.json"),
        serde_json::to_vec_pretty(&json!({
            "schemaVersion": 2,
            "mediaType": OCI_INDEX,
            "manifests": manifests,
        }))
        .unwrap(),
    )
    .unwrap();
}
