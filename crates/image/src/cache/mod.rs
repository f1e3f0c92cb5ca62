//! The layer catalog cache: what the walker keeps of a layer (its wanted
//! files, whiteouts, opaque directories and added-path fingerprints) under
//! the layer's digest, so that a layer read once is not fetched again,
//! by a later run (`disk`) or later in the same run (`memo`).
//!
//! A layer's digest pins its bytes, so its scan never changes, as long as
//! the filter, the scan's shape and the fingerprint function stay the
//! same: an entry records the format's version and the filter's
//! `catalog::WANTS_VERSION` and is ignored when
//! either differs. Only reads with the catalogers' filter are cached.
//!
//! Nothing here is trusted: an entry names its layer and carries a
//! checksum of its body; a damaged, truncated, foreign or outdated entry
//! is read past (with a warning on stderr when damaged) and rebuilt. A
//! directory others may write is not used at all, and no link in it is
//! followed (`trust`). The cache never makes a read fail.

mod codec;
mod disk;
mod error;
mod memo;
mod report;
mod settings;
mod trust;

use codec::FORMAT_VERSION;
pub use error::CacheError;
pub use settings::CacheSettings;
#[cfg(test)]
use settings::DEFAULT_MAX_BYTES;

use super::InspectError;
use super::scan::LayerScan;
use disk::Disk;
use memo::Memo;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, PoisonError};
use std::time::Duration;

/// This run's scans, and the cache directory if there is one.
#[derive(Debug, Default)]
pub struct LayerCache {
    memo: Memo,
    disk: Option<Disk>,
}

impl LayerCache {
    /// Scans kept for this run only (`--no-cache`): a layer is still read
    /// once per run, however many images share it.
    pub(crate) fn in_memory() -> LayerCache {
        LayerCache::default()
    }

    /// Scans kept in `dir` too (created when first written), at most
    /// `max_bytes` of them.
    pub(crate) fn on_disk(dir: PathBuf, max_bytes: u64) -> LayerCache {
        LayerCache {
            memo: Memo::default(),
            disk: Some(Disk::new(dir, max_bytes)),
        }
    }

    /// The cache `settings` describe.
    pub fn new(settings: &CacheSettings) -> LayerCache {
        match &settings.dir {
            Some(dir) => LayerCache::on_disk(dir.clone(), settings.max_bytes),
            None => LayerCache::in_memory(),
        }
    }

    /// The scan of layer `digest` if this run or the disk has it, without
    /// waiting for a read of it in progress.
    pub(crate) fn lookup(&self, digest: &str) -> Option<Arc<LayerScan>> {
        if let Some(scan) = self.memo.get(digest) {
            return Some(scan);
        }
        let disk = self.disk.as_ref()?;
        let slot = self.memo.slot(digest);
        let mut held = slot.try_lock().ok()?;
        if let Some(scan) = &*held {
            return Some(Arc::clone(scan));
        }
        let scan = Arc::new(disk.load(digest)?);
        self.memo.filled(digest, &scan);
        *held = Some(Arc::clone(&scan));
        Some(scan)
    }

    /// The scan of layer `digest` (which [`LayerCache::lookup`] did not
    /// find): from this run if another read of it has just finished, else
    /// made by `scan` (which reads the layer and checks it against its
    /// digest) and kept. A read of the same layer in progress elsewhere in
    /// the run is waited for rather than repeated.
    pub(crate) fn get_or_scan(
        &self,
        digest: &str,
        scan: impl FnOnce() -> Result<LayerScan, InspectError>,
    ) -> Result<Arc<LayerScan>, InspectError> {
        let slot = self.memo.slot(digest);
        let mut held = slot.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(scan) = &*held {
            return Ok(Arc::clone(scan));
        }
        let scan = scan()?;
        if let Some(disk) = &self.disk {
            disk.save(digest, &scan);
        }
        let scan = Arc::new(scan);
        self.memo.filled(digest, &scan);
        *held = Some(Arc::clone(&scan));
        Ok(scan)
    }

    /// After a read: keeps the directory within its bound.
    pub(crate) fn settle(&self) {
        if let Some(disk) = &self.disk {
            disk.settle();
        }
    }
}

/// What `relnotes cache info` says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CacheInfo {
    /// The cache directory.
    pub dir: PathBuf,
    /// Layers catalogued.
    pub entries: usize,
    /// Their size on disk, in bytes.
    pub bytes: u64,
    /// The bound the size is kept under.
    pub max_bytes: u64,
    /// The version of the entry format this build writes; entries of
    /// another version are rebuilt when read.
    pub format_version: u32,
    /// The version of the catalogers' file filter this build uses;
    /// entries made with another are rebuilt when read.
    pub filter_version: u32,
}

/// `relnotes cache info`: the entries of the cache in `dir` (default: the
/// user's cache directory; none when it does not exist), and its bound.
pub fn info(dir: Option<PathBuf>) -> Result<CacheInfo, CacheError> {
    let settings = CacheSettings::managed(dir)?;
    let max_bytes = settings.max_bytes;
    let dir = &settings.dir.expect("a managed cache has a directory");
    refuse_untrusted(dir)?;
    let listed = disk::entries(dir).map_err(|e| CacheError::Io {
        path: dir.to_path_buf(),
        detail: e.to_string(),
    })?;
    let entries: Vec<_> = listed.iter().filter(|e| !e.temporary).collect();
    Ok(CacheInfo {
        dir: dir.to_path_buf(),
        entries: entries.len(),
        bytes: entries.iter().map(|e| e.bytes).sum(),
        max_bytes,
        format_version: FORMAT_VERSION,
        filter_version: super::catalog::WANTS_VERSION,
    })
}

/// What `relnotes cache clean` removed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cleaned {
    /// The cache directory.
    pub dir: PathBuf,
    /// Layers removed.
    pub entries: usize,
    /// The bytes they took on disk.
    pub bytes: u64,
}

/// `relnotes cache clean`: removes every entry of the cache in `dir`
/// (default: the user's cache directory), or those not used for
/// `older_than`.
pub fn clean(dir: Option<PathBuf>, older_than: Option<Duration>) -> Result<Cleaned, CacheError> {
    let settings = CacheSettings::managed(dir)?;
    let dir = &settings.dir.expect("a managed cache has a directory");
    refuse_untrusted(dir)?;
    let (entries, bytes) = disk::clean(dir, older_than)?;
    Ok(Cleaned {
        dir: dir.to_path_buf(),
        entries,
        bytes,
    })
}

/// A directory others may write is not managed either: what it holds is
/// not known to be the cache's.
fn refuse_untrusted(dir: &Path) -> Result<(), CacheError> {
    match trust::distrust(dir) {
        Some(why) => Err(CacheError::Untrusted {
            path: dir.to_path_buf(),
            why,
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests;
