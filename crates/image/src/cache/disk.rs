//! The cache on disk: one file per layer, `<dir>/layers/<64 hex digits>`,
//! named after the layer's digest (never after anything an entry says).
//!
//! Entries are written to a temporary file in the same directory and
//! renamed into place, so a reader sees a whole entry or none, whatever
//! runs at the same time. A file's modification time is its last use (a
//! hit touches it): eviction removes the least recently used first, under
//! an exclusive lock on `<dir>/lock` so that two runs do not evict at once.
//!
//! Nothing is taken from a directory others may write (see `trust`), and
//! no link in it is followed, when reading, listing or removing.

use super::codec::{self, Rejected};
use super::error::CacheError;
use super::trust::{self, Refused};
use crate::digest::is_sha256_digest;
use crate::scan::LayerScan;
use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime};

/// An entry larger than this is not read (what one layer keeps is
/// bounded by the walker's limits, well under it).
const MAX_ENTRY_BYTES: u64 = 512 << 20;

/// A temporary file left by a run that was killed is removed after this.
const STALE_TEMP: Duration = Duration::from_secs(3600);

const TEMP_PREFIX: &str = ".tmp-";

#[derive(Debug)]
pub(crate) struct Disk {
    dir: PathBuf,
    max_bytes: u64,
    /// Writing failed once: the rest of the run does without.
    unwritable: AtomicBool,
    /// Something was written: the size may need bringing back under the bound.
    wrote: AtomicBool,
    /// Whether the directory is one only its owner may write, once it
    /// exists (see [`Disk::trusted`]).
    trusted: OnceLock<bool>,
}

impl Disk {
    pub(super) fn new(dir: PathBuf, max_bytes: u64) -> Disk {
        Disk {
            dir,
            max_bytes,
            unwritable: AtomicBool::new(false),
            wrote: AtomicBool::new(false),
            trusted: OnceLock::new(),
        }
    }

    /// Whether entries may be taken from (and put in) the directory: not
    /// when others may write it (they could plant an entry saying a layer
    /// holds what it does not), which is said once. Settled once `layers`
    /// exists; until then there is nothing to read, and a save asks again
    /// after creating it.
    fn trusted(&self) -> bool {
        if let Some(&trusted) = self.trusted.get() {
            return trusted;
        }
        match trust::distrust(&self.dir) {
            Some(why) => {
                if self.trusted.set(false).is_ok() {
                    warn(&format!(
                        "not using the layer cache in {}: {why}",
                        self.dir.display()
                    ));
                }
                false
            }
            None => {
                if layers_dir(&self.dir).is_dir() {
                    let _ = self.trusted.set(true);
                }
                true
            }
        }
    }

    /// The scan stored for `digest`, if there is a sound one; a damaged
    /// entry is reported and left to be overwritten.
    pub(super) fn load(&self, digest: &str) -> Option<LayerScan> {
        let path = entry_path(&self.dir, digest)?;
        if !self.trusted() {
            return None;
        }
        let bytes = match trust::open_entry(&path) {
            Ok(file) => read_entry(file),
            Err(Refused::Missing) => return None,
            Err(Refused::Unusable(why)) => Err(Rejected::Corrupt(why)),
        };
        match bytes.and_then(|(file, bytes)| Ok((file, codec::decode(digest, &bytes)?))) {
            Ok((file, scan)) => {
                // Its last use, for eviction; a cache we cannot touch still serves.
                let _ = file.set_modified(SystemTime::now());
                Some(scan)
            }
            Err(Rejected::Outdated) => None,
            Err(Rejected::Corrupt(why)) => {
                warn(&format!(
                    "ignoring the layer cache entry {}: {why}; reading the layer again",
                    path.display()
                ));
                None
            }
        }
    }

    /// Stores the scan of `digest` (read and checked against its digest).
    pub(super) fn save(&self, digest: &str, scan: &LayerScan) {
        if self.unwritable.load(Ordering::Relaxed) {
            return;
        }
        let Some(path) = entry_path(&self.dir, digest) else {
            return;
        };
        let bytes = codec::encode(digest, scan);
        if bytes.len() as u64 > self.max_bytes {
            return;
        }
        let parent = path.parent().expect("an entry is in layers/");
        let written = create_private_dir(parent).and_then(|()| {
            // Asked once the directory exists: it may have been made by
            // someone else meanwhile.
            if self.trusted() {
                write_atomically(&path, &bytes).map(|()| true)
            } else {
                Ok(false)
            }
        });
        match written {
            Ok(wrote) => {
                if wrote {
                    self.wrote.store(true, Ordering::Relaxed);
                }
            }
            Err(e) => {
                if !self.unwritable.swap(true, Ordering::Relaxed) {
                    warn(&format!(
                        "cannot write the layer cache in {}: {e}; continuing without it",
                        self.dir.display()
                    ));
                }
            }
        }
    }

    /// After a read that wrote entries: evicts down to the bound, unless
    /// another run is evicting now.
    pub(super) fn settle(&self) {
        if !self.wrote.swap(false, Ordering::Relaxed) || !self.trusted() {
            return;
        }
        let _lock = match lock(&self.dir, false) {
            Ok(Some(lock)) => lock,
            Ok(None) => return,
            Err(e) => {
                warn(&format!(
                    "cannot trim the layer cache in {}: {e}",
                    self.dir.display()
                ));
                return;
            }
        };
        if let Err(e) = evict(&self.dir, |entries| over_bound(entries, self.max_bytes)) {
            warn(&format!(
                "cannot trim the layer cache in {}: {e}",
                self.dir.display()
            ));
        }
    }
}

/// `<dir>/layers/<hex>` for a valid sha256 digest; `None` for anything else.
pub(crate) fn entry_path(dir: &Path, digest: &str) -> Option<PathBuf> {
    if !is_sha256_digest(digest) {
        return None;
    }
    Some(layers_dir(dir).join(&digest["sha256:".len()..]))
}

fn layers_dir(dir: &Path) -> PathBuf {
    dir.join("layers")
}

/// Creates `dir` (and its parents) readable by its owner only.
fn create_private_dir(dir: &Path) -> io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// The entry `file` holds (at most [`MAX_ENTRY_BYTES`] of it, whatever
/// it claims), and the file to touch once it is found sound.
fn read_entry(file: File) -> Result<(File, Vec<u8>), Rejected> {
    let too_long = || {
        Rejected::Corrupt(format!(
            "more than the {MAX_ENTRY_BYTES} bytes an entry holds"
        ))
    };
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    if size > MAX_ENTRY_BYTES {
        return Err(too_long());
    }
    let mut bytes = Vec::with_capacity(size as usize);
    let mut capped = file.take(MAX_ENTRY_BYTES + 1);
    capped
        .read_to_end(&mut bytes)
        .map_err(|e| Rejected::Corrupt(format!("cannot read it: {e}")))?;
    if bytes.len() as u64 > MAX_ENTRY_BYTES {
        return Err(too_long());
    }
    Ok((capped.into_inner(), bytes))
}

/// Writes `bytes` to `path` (in `layers/`, which exists) through a
/// temporary file renamed into place.
fn write_atomically(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let parent = path.parent().expect("an entry is in layers/");
    let mut temp = tempfile::Builder::new()
        .prefix(TEMP_PREFIX)
        .tempfile_in(parent)?;
    temp.write_all(bytes)?;
    temp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// The lock of `dir`, held until dropped; `None` when `wait` is false and
/// another run holds it. `Ok(None)` too when the cache has no directory yet.
fn lock(dir: &Path, wait: bool) -> io::Result<Option<File>> {
    if !dir.is_dir() {
        return Ok(None);
    }
    let file = trust::open_lock(&dir.join("lock"))?;
    if wait {
        file.lock()?;
    } else {
        match file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => return Ok(None),
            Err(fs::TryLockError::Error(e)) => return Err(e),
        }
    }
    Ok(Some(file))
}

/// One file of the cache.
#[derive(Debug, Clone)]
pub(crate) struct EntryFile {
    pub path: PathBuf,
    pub bytes: u64,
    pub used: SystemTime,
    /// A temporary file (a write in progress, or left by a killed run).
    pub temporary: bool,
}

/// Every entry (and temporary file) of the cache in `dir`; none when it
/// does not exist. Other files are not the cache's and are left alone, as
/// are links: a `layers` that is a symlink is an error, and a symlink in it
/// is no entry.
pub(crate) fn entries(dir: &Path) -> io::Result<Vec<EntryFile>> {
    let layers = layers_dir(dir);
    if fs::symlink_metadata(&layers).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err(io::Error::other(format!(
            "{} is a symlink; relnotes follows no link inside its cache",
            layers.display()
        )));
    }
    let listing = match fs::read_dir(&layers) {
        Ok(listing) => listing,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(e),
    };
    let mut found = Vec::new();
    for item in listing {
        let item = item?;
        let name = item.file_name();
        let name = name.to_string_lossy();
        let temporary = name.starts_with(TEMP_PREFIX);
        if !temporary && !is_sha256_digest(&format!("sha256:{name}")) {
            continue;
        }
        // A file removed meanwhile by another run is simply gone. (The
        // entry's own metadata: a symlink is not followed.)
        let Ok(meta) = item.metadata() else { continue };
        if !meta.is_file() {
            continue;
        }
        found.push(EntryFile {
            path: item.path(),
            bytes: meta.len(),
            used: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
            temporary,
        });
    }
    // Least recently used first; by name among equals, so the order is stable.
    found.sort_by(|a, b| (a.used, &a.path).cmp(&(b.used, &b.path)));
    Ok(found)
}

/// Entries to drop so that the rest fits in `max_bytes`: temporary files
/// past [`STALE_TEMP`], then the least recently used.
fn over_bound(entries: &[EntryFile], max_bytes: u64) -> Vec<EntryFile> {
    let now = SystemTime::now();
    let stale =
        |e: &EntryFile| e.temporary && now.duration_since(e.used).unwrap_or_default() > STALE_TEMP;
    let mut total: u64 = entries.iter().filter(|e| !stale(e)).map(|e| e.bytes).sum();
    let mut drop: Vec<EntryFile> = entries.iter().filter(|e| stale(e)).cloned().collect();
    for entry in entries.iter().filter(|e| !e.temporary) {
        if total <= max_bytes {
            break;
        }
        total -= entry.bytes;
        drop.push(entry.clone());
    }
    drop
}

/// Removes the entries `pick` chooses; the number and bytes removed.
fn evict(
    dir: &Path,
    pick: impl FnOnce(&[EntryFile]) -> Vec<EntryFile>,
) -> io::Result<(usize, u64)> {
    let listed = entries(dir)?;
    let mut removed = (0, 0);
    for entry in pick(&listed) {
        match fs::remove_file(&entry.path) {
            Ok(()) => {
                removed.0 += usize::from(!entry.temporary);
                removed.1 += entry.bytes;
            }
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
    }
    Ok(removed)
}

/// Removes every entry, or those not used for `older_than`, and stale
/// temporary files; waits for a run that is evicting.
pub(crate) fn clean(dir: &Path, older_than: Option<Duration>) -> Result<(usize, u64), CacheError> {
    let io_error = |e: io::Error| CacheError::Io {
        path: dir.to_path_buf(),
        detail: e.to_string(),
    };
    let Some(_lock) = lock(dir, true).map_err(io_error)? else {
        return Ok((0, 0));
    };
    let now = SystemTime::now();
    let unused_for = |e: &EntryFile| now.duration_since(e.used).unwrap_or_default();
    evict(dir, |entries| {
        entries
            .iter()
            .filter(|e| {
                if e.temporary {
                    unused_for(e) > STALE_TEMP
                } else {
                    older_than.is_none_or(|d| unused_for(e) >= d)
                }
            })
            .cloned()
            .collect()
    })
    .map_err(io_error)
}

/// Says on stderr what went wrong with the cache: it never stops a read.
fn warn(message: &str) {
    eprintln!("warning: {}", model::terminal_safe(message).trim_end());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str, bytes: u64, age_secs: u64, temporary: bool) -> EntryFile {
        EntryFile {
            path: PathBuf::from(name),
            bytes,
            used: SystemTime::now() - Duration::from_secs(age_secs),
            temporary,
        }
    }

    #[test]
    fn eviction_drops_the_least_recently_used_until_it_fits() {
        // Listed least recently used first, as `entries` sorts them.
        let listed = [
            entry("stale-temp", 5, 7200, true),
            entry("a", 40, 300, false),
            entry("b", 40, 200, false),
            entry("fresh-temp", 5, 10, true),
            entry("c", 40, 100, false),
        ];
        let names = |v: Vec<EntryFile>| -> Vec<String> {
            v.into_iter()
                .map(|e| e.path.display().to_string())
                .collect()
        };
        assert_eq!(names(over_bound(&listed, 90)), ["stale-temp", "a"]);
        assert_eq!(
            names(over_bound(&listed, 40)),
            ["stale-temp", "a", "b", "c"]
        );
        assert_eq!(names(over_bound(&listed, 1000)), ["stale-temp"]);
    }

    #[test]
    fn entry_paths_come_from_valid_digests_only() {
        let dir = Path::new("/cache");
        let hex = "ab".repeat(32);
        assert_eq!(
            entry_path(dir, &format!("sha256:{hex}")),
            Some(PathBuf::from(format!("/cache/layers/{hex}")))
        );
        for bad in [
            "sha256:../../etc/passwd",
            "sha512:ab",
            &format!("sha256:{}", "AB".repeat(32)),
            &format!("sha256:{hex}/x"),
        ] {
            assert_eq!(entry_path(dir, bad), None, "{bad}");
        }
    }
}
