//! Crafted images: OCI layouts whose layers are raw bytes, with whatever
//! media type and declared size a test wants, and tar pieces no honest
//! tool writes (headers declaring gigabytes). For the tests of what
//! relnotes does with hostile input.

use super::image::{OCI_CONFIG, OCI_MANIFEST, write_layout_index};
use image::sha256_digest;
use serde_json::json;
use std::io::Write;
use std::path::Path;

pub const TAR: &str = "application/vnd.oci.image.layer.v1.tar";
pub const TAR_GZIP: &str = "application/vnd.oci.image.layer.v1.tar+gzip";

/// One layer as stored, and what its descriptor says of it.
pub struct RawLayer {
    pub bytes: Vec<u8>,
    pub media_type: String,
    /// The size the manifest declares (the real one unless set).
    pub declared_size: Option<u64>,
}

impl RawLayer {
    pub fn new(media_type: &str, bytes: Vec<u8>) -> RawLayer {
        RawLayer {
            bytes,
            media_type: media_type.into(),
            declared_size: None,
        }
    }

    pub fn declaring(mut self, size: u64) -> RawLayer {
        self.declared_size = Some(size);
        self
    }
}

/// Writes an OCI layout of one linux/amd64 image with these layers;
/// returns their digests.
pub fn write_layout(dir: &Path, layers: &[RawLayer]) -> Vec<String> {
    let blobs = dir.join("blobs/sha256");
    std::fs::create_dir_all(&blobs).unwrap();
    let write = |bytes: &[u8]| {
        let digest = sha256_digest(bytes);
        std::fs::write(blobs.join(digest.strip_prefix("sha256:").unwrap()), bytes).unwrap();
        digest
    };
    let config = serde_json::to_vec(&json!({
        "architecture": "amd64", "os": "linux", "config": {},
        "rootfs": {"type": "layers", "diff_ids": []},
    }))
    .unwrap();
    let config_digest = write(&config);
    let digests: Vec<String> = layers.iter().map(|l| write(&l.bytes)).collect();
    let manifest = serde_json::to_vec(&json!({
        "schemaVersion": 2,
        "mediaType": OCI_MANIFEST,
        "config": {"mediaType": OCI_CONFIG, "digest": config_digest, "size": config.len()},
        "layers": layers.iter().zip(&digests).map(|(l, d)| json!({
            "mediaType": l.media_type,
            "digest": d,
            "size": l.declared_size.unwrap_or(l.bytes.len() as u64),
        })).collect::<Vec<_>>(),
    }))
    .unwrap();
    let manifest_digest = write(&manifest);
    let descriptor = json!({
        "mediaType": OCI_MANIFEST,
        "digest": manifest_digest,
        "size": manifest.len(),
    });
    write_layout_index(dir, &[descriptor]);
    digests
}

/// The path of a blob of a layout.
pub fn blob_path(dir: &Path, digest: &str) -> std::path::PathBuf {
    dir.join("blobs/sha256")
        .join(digest.strip_prefix("sha256:").unwrap())
}

/// A tar header of `kind` declaring `size` bytes; its contents are up to
/// the caller (a crafted header need not be followed by them).
pub fn tar_header(kind: tar::EntryType, path: &str, size: u64) -> Vec<u8> {
    let mut header = tar::Header::new_gnu();
    header.set_entry_type(kind);
    header.set_path(path).unwrap();
    header.set_size(size);
    header.set_mode(0o644);
    header.set_cksum();
    header.as_bytes().to_vec()
}

/// A gzip stream that inflates to `prefix` followed by `zeros` zero bytes,
/// a few bytes per MiB: one compressed MiB of zeros repeated as gzip
/// members, so a gigabyte costs a kilobyte to build and to store.
pub fn gzip_with_zeros(prefix: &[u8], zeros: u64) -> Vec<u8> {
    let member = |bytes: &[u8]| {
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(bytes).unwrap();
        gz.finish().unwrap()
    };
    let mut out = member(prefix);
    let mib = member(&vec![0u8; 1 << 20]);
    for _ in 0..zeros >> 20 {
        out.extend_from_slice(&mib);
    }
    out.extend_from_slice(&member(&vec![0u8; (zeros & ((1 << 20) - 1)) as usize]));
    out
}
