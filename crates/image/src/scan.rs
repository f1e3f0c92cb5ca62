//! What reading one layer yields, as the walker makes it and the layer
//! cache keeps it, and how the layers of an image merge into its final
//! filesystem.

use super::view::FoundFile;
use sha2::{Digest as _, Sha256};
use std::borrow::Borrow;
use std::collections::{BTreeMap, HashSet};

/// What one layer contributes to the final filesystem.
#[derive(Debug, Default)]
pub(crate) struct LayerScan {
    /// Wanted files, by path (the last entry of a path in the tar wins).
    pub(crate) files: BTreeMap<String, FoundFile>,
    /// Paths a `.wh.<name>` entry deletes from lower layers.
    pub(crate) whiteouts: HashSet<String>,
    /// Directories whose lower content a `.wh..wh..opq` entry hides.
    pub(crate) opaque: HashSet<String>,
    /// Fingerprints of every path the layer adds (sorted), and of those
    /// that are not directories: a path a layer adds hides the same path
    /// below; a non-directory also hides everything below it, as when a
    /// symlink replaces a directory.
    ///
    /// Fingerprints rather than paths keep memory at 8 bytes per path
    /// (a CUDA or PyTorch layer adds 10^5 paths); a false match needs a
    /// 64-bit collision with one of the few wanted paths.
    pub(crate) added: Vec<u64>,
    pub(crate) added_files: Vec<u64>,
    /// What reading the layer took from the read's [`Budget`].
    pub(crate) charges: Charges,
}

/// What one layer's scan took from a read's [`Budget`]: taken again when
/// the scan comes from the cache, so that a read meets the same bounds
/// whether its layers were read or not.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Charges {
    pub entries: u64,
    pub kept_bytes: u64,
}

/// A 64-bit fingerprint of a path: the first 8 bytes of the SHA-256 of
/// its bytes, so the same in every run and every build (scans are cached
/// on disk: changing it means bumping the cache's format version).
pub(crate) fn fingerprint(path: &str) -> u64 {
    let digest = Sha256::digest(path.as_bytes());
    u64::from_le_bytes(digest[..8].try_into().expect("8 bytes"))
}

impl LayerScan {
    /// Whether this layer hides `path` of a lower layer.
    pub(crate) fn hides(&self, path: &str) -> bool {
        if self.whiteouts.contains(path) || self.opaque.contains("") {
            return true;
        }
        if self.added.binary_search(&fingerprint(path)).is_ok() {
            return true;
        }
        for (i, _) in path.match_indices('/') {
            let ancestor = &path[..i];
            if self.whiteouts.contains(ancestor)
                || self.opaque.contains(ancestor)
                || self
                    .added_files
                    .binary_search(&fingerprint(ancestor))
                    .is_ok()
            {
                return true;
            }
        }
        false
    }
}

/// Merges layer scans, bottom layer first: each layer hides what it
/// whites out, replaces or covers with an opaque directory in the layers
/// below, then adds its own files. The result is sorted by path.
pub(crate) fn merge<S: Borrow<LayerScan>>(scans: impl IntoIterator<Item = S>) -> Vec<FoundFile> {
    let mut merged: BTreeMap<String, FoundFile> = BTreeMap::new();
    for scan in scans {
        let scan = scan.borrow();
        merged.retain(|path, _| !scan.hides(path));
        merged.extend(scan.files.iter().map(|(p, f)| (p.clone(), f.clone())));
    }
    merged.into_values().collect()
}
