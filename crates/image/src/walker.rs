//! The layer walker: streams every layer of one platform, keeps the files a
//! [`Wanted`] filter asks for, and merges the layers the way a container
//! runtime stacks them.
//!
//! Layers are never written to disk. Each layer is one pipeline on one
//! thread: the blob stream, cut at its declared size and hashed with
//! SHA-256 as it is read (so the digest is checked without a second pass)
//! → a 256 KiB buffer → the decompressor (gzip, zstd or none) → the tar
//! reader. Layers are read in parallel, one thread per layer up to the
//! number of cores, largest first, so that the longest layer does not
//! start last. Each produces a [`LayerScan`]: its wanted files, its
//! whiteouts, its opaque directories and a fingerprint of every path it
//! adds. The scans are then merged bottom-up, which gives the same result
//! whatever order the layers finished in.
//!
//! Memory per thread is the buffers plus the decompressor's window and the
//! wanted files' contents; a blob is never held whole.

use super::bounded::Bounded;
use super::cache::LayerCache;
use super::digest::{Failure, Tee, is_sha256_digest};
use super::error::clip;
use super::inflate::GzipDecoder;
use super::limits::{Budget, Exceeded, MAX_HEADER_BLOCK, MAX_ZSTD_WINDOW_LOG};
use super::progress::Progress;
use super::retry::{self, MAX_TRIES};
use super::scan::{Charges, LayerScan, fingerprint, merge};
use super::skip_reader::SkipReader;
use super::store::{Check, LayerRef, Store};
use super::tar_guard::TarGuard;
use super::{FoundFile, InspectError, Keep, Wanted};

use std::io::{self, BufRead, BufReader, Read, Seek};
use std::path::{Component, Path};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Files larger than this are never kept, whatever the filter says.
pub(crate) const MAX_WANTED_FILE: u64 = 64 << 20;

/// The buffer between a blob stream and its decompressor.
const BUFFER: usize = 256 << 10;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Compression {
    None,
    Gzip,
    Zstd,
}

/// A [`Budget`] that counts what one layer takes from it.
struct Metered<'a> {
    budget: &'a Budget,
    charges: Charges,
}

impl Metered<'_> {
    fn entry(&mut self) -> Result<(), Exceeded> {
        self.charges.entries += 1;
        self.budget.entry()
    }

    fn keep(&mut self, bytes: u64) -> Result<(), Exceeded> {
        self.charges.kept_bytes += bytes;
        self.budget.keep(bytes)
    }
}

/// Takes what a cached layer took when it was read.
fn charge_cached(
    job: &Job,
    digest: &str,
    scan: &LayerScan,
    budget: &Budget,
) -> Result<(), InspectError> {
    budget
        .entries(scan.charges.entries)
        .and_then(|()| budget.keep(scan.charges.kept_bytes))
        .map_err(|exceeded| InspectError::TooLarge {
            reference: job.reference.into(),
            what: format!("layer {digest}"),
            detail: exceeded.describe(),
        })
}

/// Context of one read, for messages.
pub(crate) struct Job<'a> {
    pub store: &'a dyn Store,
    pub reference: &'a str,
    pub wanted: Wanted<'a>,
    pub progress: &'a dyn Progress,
    pub jobs: usize,
    /// Where scans made with `wanted` are kept; `Some` only when `wanted`
    /// is the filter the cache is made for ([`super::catalog::wants`]).
    pub cache: Option<&'a LayerCache>,
}

/// Reads every layer (in parallel) and returns the wanted files of the
/// final filesystem, sorted by path. Layers the cache holds are not read.
pub(crate) fn read_layers(job: &Job, layers: &[LayerRef]) -> Result<Vec<FoundFile>, InspectError> {
    let budget = Budget::default();
    let mut hits = Vec::with_capacity(layers.len());
    for layer in layers {
        let hit = job.cache.and_then(|c| c.lookup(&layer.digest));
        if let Some(scan) = &hit {
            charge_cached(job, &layer.digest, scan, &budget)?;
        }
        hits.push(Mutex::new(hit));
    }
    let results = hits;
    let cached = |i: &usize| results[*i].lock().is_ok_and(|slot| slot.is_some());
    let to_read: Vec<usize> = (0..layers.len()).filter(|i| !cached(i)).collect();
    // Cached layers are not shown: only what is read counts.
    let total: u64 = to_read.iter().filter_map(|&i| layers[i].size).sum();
    job.progress.begin(to_read.len(), total);
    let workers = job.jobs.clamp(1, to_read.len().max(1));
    // Largest first (unknown sizes before all), so that the read does not
    // end with one long layer inflating alone.
    let mut order = to_read;
    order.sort_by_key(|&i| std::cmp::Reverse(layers[i].size.unwrap_or(u64::MAX)));
    let next_in_order = AtomicUsize::new(0);

    let cancel = AtomicBool::new(false);
    let first_error: Mutex<Option<InspectError>> = Mutex::new(None);

    // Reads one layer; whether to go on (no read has failed).
    let read = |index: usize| -> bool {
        let layer = &layers[index];
        let mut read_here = false;
        let mut scan = || {
            read_here = true;
            job.progress.layer_start(index, &layer.digest, layer.size);
            let result = scan_blob(job, index, layer, &cancel, &budget);
            job.progress.layer_done(index);
            result
        };
        let result = match job.cache {
            // Another read of this run may be reading the same
            // layer: the cache makes this one wait for it.
            Some(cache) => cache.get_or_scan(&layer.digest, scan),
            None => scan().map(Arc::new),
        };
        let result = result.and_then(|scan| {
            if !read_here {
                charge_cached(job, &layer.digest, &scan, &budget)?;
            }
            Ok(scan)
        });
        match result {
            Ok(scan) => {
                *results[index].lock().unwrap_or_else(|e| e.into_inner()) = Some(scan);
            }
            Err(e) => {
                // The first failure is the one to report; the
                // others are (mostly) its consequence.
                if !cancel.swap(true, Ordering::Relaxed) {
                    *first_error.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
                }
                return false;
            }
        }
        true
    };
    let next = || {
        let k = next_in_order.fetch_add(1, Ordering::Relaxed);
        order
            .get(k)
            .copied()
            .filter(|_| !cancel.load(Ordering::Relaxed))
    };
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                while let Some(index) = next() {
                    if !read(index) {
                        break;
                    }
                }
            });
        }
    });
    job.progress.end();
    if let Some(cache) = job.cache {
        cache.settle();
    }
    if let Some(e) = first_error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    let scans: Vec<Arc<LayerScan>> = results
        .into_iter()
        .map(|slot| {
            slot.into_inner()
                .unwrap_or_else(|e| e.into_inner())
                .expect("every layer scanned")
        })
        .collect();
    Ok(merge(scans))
}

fn scan_blob(
    job: &Job,
    index: usize,
    layer: &LayerRef,
    cancel: &AtomicBool,
    budget: &Budget,
) -> Result<LayerScan, InspectError> {
    if !is_sha256_digest(&layer.digest) {
        return Err(InspectError::InvalidDocument {
            reference: job.reference.into(),
            what: "manifest".into(),
            detail: format!(
                "layer digest `{}` is not sha256:<64 hex digits> (only sha256 is supported)",
                layer.digest
            ),
        });
    }
    let mut tries = 1;
    loop {
        let blob = job.store.blob(&layer.digest, layer.size)?;
        // Reading stops at the declared size, whatever the source sends.
        let blob: Box<dyn Read + Send + '_> = match layer.size {
            Some(size) => Box::new(Bounded::new(blob, size)),
            None => blob,
        };
        let raw = Tee::new(blob, true)
            .with_progress(job.progress, index)
            .with_cancel(cancel);
        let mut broken = false;
        let result = scan_layer_once(
            raw,
            layer,
            job.reference,
            job.wanted,
            cancel,
            budget,
            &mut broken,
        );
        match result {
            Err(_) if broken && tries < MAX_TRIES => {
                // The transfer broke off: read the blob again from its
                // start, with a new stream, hash and scan.
                tries += 1;
                std::thread::sleep(retry::backoff(tries));
                job.progress.layer_done(index);
                job.progress.layer_start(index, &layer.digest, layer.size);
            }
            result => return result,
        }
    }
}

/// Reads one layer blob, hashed by `raw` as it streams; checks its size
/// and digest once it is consumed.
#[cfg(test)]
pub(crate) fn scan_layer<R: Read>(
    raw: Tee<'_, R>,
    layer: &LayerRef,
    reference: &str,
    wanted: Wanted,
    cancel: &AtomicBool,
    budget: &Budget,
) -> Result<LayerScan, InspectError> {
    scan_layer_once(raw, layer, reference, wanted, cancel, budget, &mut false)
}

/// [`scan_layer`]; `broken` says whether a failure was the transfer
/// breaking off (worth a new try).
fn scan_layer_once<R: Read>(
    raw: Tee<'_, R>,
    layer: &LayerRef,
    reference: &str,
    wanted: Wanted,
    cancel: &AtomicBool,
    budget: &Budget,
    broken: &mut bool,
) -> Result<LayerScan, InspectError> {
    let corrupt = |detail: String| InspectError::CorruptLayer {
        reference: reference.into(),
        digest: layer.digest.clone(),
        detail,
    };
    let mut buffered = BufReader::with_capacity(BUFFER, raw);
    let head = buffered.fill_buf().map_err(|e| InspectError::ReadFailed {
        reference: reference.into(),
        what: format!("layer {}", layer.digest),
        detail: e.to_string(),
    })?;
    let compression = compression_of(layer.media_type.as_deref(), head).map_err(|media_type| {
        InspectError::UnsupportedMediaType {
            reference: reference.into(),
            what: format!("layer {}", layer.digest),
            media_type,
        }
    })?;
    // The uncompressed digest is checked on the decompressed stream; for an
    // uncompressed layer both are the same bytes, hashed once below.
    let hash_uncompressed = layer.check == Check::Uncompressed && compression != Compression::None;

    let scanned = {
        let decoded = match compression {
            Compression::None => Decoded::Plain(&mut buffered),
            Compression::Gzip => Decoded::Gzip(GzipDecoder::new(&mut buffered)),
            Compression::Zstd => {
                let mut decoder = zstd::stream::read::Decoder::with_buffer(&mut buffered)
                    .map_err(|e| corrupt(format!("zstd: {e}")))?;
                // The window is the decoder's memory, as large as the frame
                // declares: bound it.
                decoder
                    .window_log_max(MAX_ZSTD_WINDOW_LOG)
                    .map_err(|e| corrupt(format!("zstd: {e}")))?;
                Decoded::Zstd(Box::new(decoder))
            }
        };
        let mut decoded = SkipReader::new(Tee::new(decoded, hash_uncompressed));
        let scan = scan_tar(TarGuard::new(&mut decoded), &layer.digest, wanted, budget);
        // The tar ends with zero blocks and padding: read the stream to its
        // end so that the whole blob is hashed (and the gzip trailer checked).
        let scan = scan.and_then(|scan| {
            decoded.drain().map_err(|e| {
                ScanError::Corrupt(format!("after the end of the tar archive: {e}"))
            })?;
            Ok(scan)
        });
        (scan, decoded.into_inner().finish())
    };
    if cancel.load(Ordering::Relaxed) {
        return Err(corrupt("cancelled".into()));
    }
    let (scan, uncompressed) = scanned;
    // Whatever happened, hash the rest of the stored blob: a corrupt layer
    // is reported as a digest mismatch when that is what it is.
    let drained = io::copy(&mut buffered, &mut io::sink());
    let stored = buffered.into_inner().finish();
    match stored.failed {
        Some(Failure::Overrun) => {
            return Err(InspectError::BlobTooLong {
                reference: reference.into(),
                what: "layer".into(),
                digest: layer.digest.clone(),
                expected: layer.size.unwrap_or_default(),
            });
        }
        Some(Failure::Other(detail)) => {
            return Err(InspectError::ReadFailed {
                reference: reference.into(),
                what: format!("layer {}", layer.digest),
                detail,
            });
        }
        Some(Failure::Broken(detail)) => {
            *broken = true;
            return Err(InspectError::ReadFailed {
                reference: reference.into(),
                what: format!("layer {}", layer.digest),
                detail: format!("{detail} (the last of {MAX_TRIES} tries)"),
            });
        }
        None => {}
    }
    let mismatch = |actual: String| InspectError::DigestMismatch {
        reference: reference.into(),
        what: "layer".into(),
        expected: layer.digest.clone(),
        actual,
    };
    if drained.is_ok() {
        if let Some(size) = layer.size
            && stored.bytes != size
            && layer.check == Check::Stored
        {
            return Err(InspectError::SizeMismatch {
                reference: reference.into(),
                what: "layer".into(),
                digest: layer.digest.clone(),
                expected: size,
                actual: stored.bytes,
            });
        }
        let actual = if hash_uncompressed {
            uncompressed.digest
        } else {
            stored.digest
        };
        if let Some(actual) = actual
            && actual != layer.digest
            && (scan.is_ok() || !hash_uncompressed)
            && !matches!(scan, Err(ScanError::Limit(..)))
        {
            return Err(mismatch(actual));
        }
    }
    let scan = scan.map_err(|e| match e {
        ScanError::Corrupt(detail) => corrupt(detail),
        ScanError::Limit(exceeded, path) => InspectError::TooLarge {
            reference: reference.into(),
            what: format!("layer {}", layer.digest),
            detail: format!("{} (at {path})", exceeded.describe()),
        },
    })?;
    drained.map_err(|e| corrupt(format!("cannot read: {e}")))?;
    Ok(scan)
}

/// How a layer is compressed: by media type, else by its first bytes.
/// `Err` carries a media type that cannot be read.
fn compression_of(media_type: Option<&str>, head: &[u8]) -> Result<Compression, String> {
    if let Some(mt) = media_type {
        if mt.contains("encrypted") {
            return Err(mt.to_string());
        }
        let known = match mt {
            "application/vnd.oci.image.layer.v1.tar"
            | "application/vnd.oci.image.layer.nondistributable.v1.tar"
            | "application/vnd.docker.image.rootfs.diff.tar" => Some(Compression::None),
            "application/vnd.oci.image.layer.v1.tar+gzip"
            | "application/vnd.oci.image.layer.nondistributable.v1.tar+gzip"
            | "application/vnd.docker.image.rootfs.diff.tar.gzip"
            | "application/vnd.docker.image.rootfs.foreign.diff.tar.gzip" => {
                Some(Compression::Gzip)
            }
            "application/vnd.oci.image.layer.v1.tar+zstd"
            | "application/vnd.oci.image.layer.nondistributable.v1.tar+zstd"
            | "application/vnd.docker.image.rootfs.diff.tar.zstd" => Some(Compression::Zstd),
            _ => None,
        };
        // Any other type (`text/html` from a misconfigured server, an
        // artifact) is not a layer, whatever its bytes look like.
        return known.ok_or_else(|| mt.to_string());
    }
    Ok(sniff(head))
}

fn sniff(head: &[u8]) -> Compression {
    if head.starts_with(&[0x1f, 0x8b]) {
        Compression::Gzip
    } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
        Compression::Zstd
    } else {
        Compression::None
    }
}

/// A decompressing reader that can be named (so its input can be drained
/// afterwards). The decoders box their state: it is tens of KiB.
enum Decoded<R: BufRead> {
    Plain(R),
    Gzip(GzipDecoder<R>),
    Zstd(Box<zstd::stream::read::Decoder<'static, R>>),
}

impl<R: BufRead> Read for Decoded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Decoded::Plain(r) => r.read(buf),
            Decoded::Gzip(r) => r.read(buf),
            Decoded::Zstd(r) => r.read(buf),
        }
    }
}

/// Why a layer tar could not be scanned.
#[derive(Debug)]
enum ScanError {
    /// What is wrong with the tar.
    Corrupt(String),
    /// A bound of [`super::limits`] was reached, at this path.
    Limit(Exceeded, String),
}

/// The entries of one layer tar.
fn scan_tar<R: Read + Seek>(
    reader: R,
    digest: &str,
    wanted: Wanted,
    budget: &Budget,
) -> Result<LayerScan, ScanError> {
    let mut scan = LayerScan::default();
    let mut budget = Metered {
        budget,
        charges: Charges::default(),
    };
    let mut archive = tar::Archive::new(reader);
    let tar_error = |e: io::Error| ScanError::Corrupt(format!("tar: {}", clip(e, 160)));
    // Contents not read are sought over (see `SkipReader`).
    let entries = archive.entries_with_seek().map_err(tar_error)?;
    for entry in entries {
        let mut entry = entry.map_err(tar_error)?;
        let raw_path = entry.path().map_err(tar_error)?;
        let Some(path) = normalize(&raw_path) else {
            continue;
        };
        let limit = |exceeded: Exceeded| ScanError::Limit(exceeded, path.clone());
        budget.entry().map_err(limit)?;
        let (parent, name) = match path.rfind('/') {
            Some(i) => (&path[..i], &path[i + 1..]),
            None => ("", path.as_str()),
        };
        if name == ".wh..wh..opq" {
            budget.keep(parent.len() as u64).map_err(limit)?;
            scan.opaque.insert(parent.to_string());
            continue;
        }
        if let Some(hidden) = name.strip_prefix(".wh.") {
            let hidden = if parent.is_empty() {
                hidden.to_string()
            } else {
                format!("{parent}/{hidden}")
            };
            budget.keep(hidden.len() as u64).map_err(limit)?;
            scan.whiteouts.insert(hidden);
            continue;
        }
        let kind = entry.header().entry_type();
        let fp = fingerprint(&path);
        scan.added.push(fp);
        if !kind.is_dir() {
            scan.added_files.push(fp);
        }
        let size = entry.size();
        let kept: Option<(Arc<[u8]>, bool)> =
            if kind.is_file() || kind == tar::EntryType::Continuous || kind.is_gnu_sparse() {
                let keep = match wanted(&path, size) {
                    Keep::Whole if size > MAX_WANTED_FILE => Keep::No,
                    keep => keep,
                };
                let contents = match keep {
                    Keep::No => Ok(None),
                    Keep::Whole => {
                        budget.keep(size).map_err(limit)?;
                        let mut contents = Vec::with_capacity(size as usize);
                        (&mut entry)
                            .take(size)
                            .read_to_end(&mut contents)
                            .map(|_| contents)
                            .map(Some)
                    }
                    Keep::Headers => {
                        let block = size.min(MAX_HEADER_BLOCK);
                        budget.keep(block).map_err(limit)?;
                        header_block(&mut entry, block).map(Some)
                    }
                };
                contents
                    .map_err(|e| ScanError::Corrupt(format!("tar: {path}: {}", clip(e, 160))))?
                    .map(|c| (Arc::from(c), false))
            } else if kind.is_symlink() {
                let target = entry
                    .link_name_bytes()
                    .map(|t| t.into_owned())
                    .unwrap_or_default();
                if wanted(&path, target.len() as u64) == Keep::No {
                    None
                } else {
                    budget.keep(target.len() as u64).map_err(limit)?;
                    Some((Arc::from(target), true))
                }
            } else if kind.is_hard_link() {
                // A hard link's content is its target's, earlier in this
                // tar: available only if the target was kept, and shared
                // with it rather than copied.
                let target = entry.link_name().ok().flatten().and_then(|t| normalize(&t));
                target
                    .and_then(|t| scan.files.get(&t))
                    .filter(|f| wanted(&path, f.contents.len() as u64) != Keep::No)
                    .map(|f| (Arc::clone(&f.contents), f.symlink))
            } else {
                None
            };
        match kept {
            Some((contents, symlink)) => {
                scan.files.insert(
                    path.clone(),
                    FoundFile {
                        path,
                        layer: digest.to_string(),
                        contents,
                        symlink,
                    },
                );
            }
            None => {
                scan.files.remove(&path);
            }
        }
    }
    scan.added.sort_unstable();
    scan.added.dedup();
    scan.added_files.sort_unstable();
    scan.added_files.dedup();
    scan.charges = budget.charges;
    Ok(scan)
}

/// The header block of an email-style file: up to and including the first
/// empty line (`\n\n` or `\r\n\r\n`), at most `cap` bytes.
fn header_block(reader: impl Read, cap: u64) -> io::Result<Vec<u8>> {
    let mut reader = BufReader::new(reader.take(cap));
    let mut block = Vec::new();
    loop {
        let start = block.len();
        if reader.read_until(b'\n', &mut block)? == 0 {
            break;
        }
        let line = &block[start..];
        if line == b"\n" || line == b"\r\n" {
            break;
        }
    }
    Ok(block)
}

/// `./usr/lib/` → `usr/lib`; `None` for the root itself.
fn normalize(path: &Path) -> Option<String> {
    let mut parts: Vec<String> = Vec::new();
    for component in path.components() {
        match component {
            Component::Normal(part) => parts.push(part.to_string_lossy().into_owned()),
            Component::ParentDir => {
                parts.pop();
            }
            Component::CurDir | Component::RootDir | Component::Prefix(_) => {}
        }
    }
    (!parts.is_empty()).then(|| parts.join("/"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::digest::sha256_digest;
    use std::sync::atomic::AtomicUsize;

    enum E<'a> {
        File(&'a str, &'a [u8]),
        Dir(&'a str),
        Link(&'a str, &'a str),
        Hard(&'a str, &'a str),
    }

    fn tar_of(entries: &[E]) -> Vec<u8> {
        let mut b = tar::Builder::new(Vec::new());
        for e in entries {
            let mut h = tar::Header::new_gnu();
            match e {
                E::File(p, data) => {
                    h.set_entry_type(tar::EntryType::Regular);
                    h.set_size(data.len() as u64);
                    h.set_mode(0o644);
                    // The builder refuses absolute paths; some tars have them.
                    h.as_old_mut().name[..p.len()].copy_from_slice(p.as_bytes());
                    h.set_cksum();
                    b.append(&h, *data).unwrap();
                }
                E::Dir(p) => {
                    h.set_entry_type(tar::EntryType::Directory);
                    h.set_size(0);
                    h.set_mode(0o755);
                    b.append_data(&mut h, p, &[][..]).unwrap();
                }
                E::Link(p, t) => {
                    h.set_entry_type(tar::EntryType::Symlink);
                    h.set_size(0);
                    b.append_link(&mut h, p, t).unwrap();
                }
                E::Hard(p, t) => {
                    h.set_entry_type(tar::EntryType::Link);
                    h.set_size(0);
                    b.append_link(&mut h, p, t).unwrap();
                }
            }
        }
        b.into_inner().unwrap()
    }

    fn all(_: &str, _: u64) -> Keep {
        Keep::Whole
    }

    fn scan(bytes: &[u8]) -> LayerScan {
        scan_anything(bytes).unwrap()
    }

    fn paths(files: &[FoundFile]) -> Vec<&str> {
        files.iter().map(|f| f.path.as_str()).collect()
    }

    #[test]
    fn whiteouts_opaque_dirs_and_replacements() {
        let lower = scan(&tar_of(&[
            E::Dir("etc/"),
            E::File("etc/os-release", b"ID=ubuntu"),
            E::File("etc/gone", b"x"),
            E::File("opt/app/a.txt", b"a"),
            E::File("opt/app/sub/b.txt", b"b"),
            E::File("usr/local/cuda/version.json", b"{}"),
            E::File("var/x", b"file"),
        ]));
        let upper = scan(&tar_of(&[
            E::File("etc/.wh.gone", b""),
            E::Dir("opt/app/"),
            E::File("opt/app/.wh..wh..opq", b""),
            E::File("opt/app/new.txt", b"new"),
            E::Link("usr/local/cuda", "cuda-12.8"),
            E::Dir("var/x/"),
        ]));
        let merged = merge(vec![lower, upper]);
        assert_eq!(
            paths(&merged),
            ["etc/os-release", "opt/app/new.txt", "usr/local/cuda"]
        );
        let cuda = &merged[2];
        assert!(cuda.symlink);
        assert_eq!(&*cuda.contents, b"cuda-12.8");
    }

    /// Serves blobs by digest and counts the reads.
    struct Blobs {
        blobs: Vec<Vec<u8>>,
        reads: AtomicUsize,
    }

    impl Store for Blobs {
        fn manifest(
            &self,
            digest: &str,
            _: Option<&str>,
        ) -> Result<super::super::store::Fetched, InspectError> {
            panic!("fetched {digest}")
        }
        fn blob(
            &self,
            digest: &str,
            _: Option<u64>,
        ) -> Result<Box<dyn Read + Send + '_>, InspectError> {
            self.reads.fetch_add(1, Ordering::Relaxed);
            let blob = self
                .blobs
                .iter()
                .find(|b| sha256_digest(b) == digest)
                .unwrap();
            Ok(Box::new(&blob[..]))
        }
    }

    #[test]
    fn a_cached_layer_is_read_once_and_keeps_what_it_took_from_the_budget() {
        let tar = tar_of(&[E::Dir("etc/"), E::File("etc/os-release", b"ID=ubuntu")]);
        let layer = LayerRef {
            digest: sha256_digest(&tar),
            media_type: None,
            size: Some(tar.len() as u64),
            check: Check::Stored,
        };
        let store = Blobs {
            blobs: vec![tar],
            reads: AtomicUsize::new(0),
        };
        let cache = LayerCache::in_memory();
        let job = Job {
            store: &store,
            reference: "r",
            wanted: &all,
            progress: &super::super::NoProgress,
            jobs: 2,
            cache: Some(&cache),
        };
        // The same layer twice in one read, then again in another.
        let first = read_layers(&job, &[layer.clone(), layer.clone()]).unwrap();
        let again = read_layers(&job, std::slice::from_ref(&layer)).unwrap();
        assert_eq!(store.reads.load(Ordering::Relaxed), 1);
        assert_eq!(first, again);
        let scan = cache.lookup(&layer.digest).unwrap();
        assert_eq!(
            scan.charges,
            Charges {
                entries: 2,
                kept_bytes: 9
            }
        );
    }

    #[test]
    fn layers_read_in_parallel_are_each_read_once_and_merged_in_order() {
        // Sizes (padded with files no one wants) that make the read order
        // differ from the manifest's; each layer replaces the one file
        // before it, so the merge shows which came last.
        let sized = |n: usize, pad: usize| {
            let filler = vec![b'x'; pad];
            let text = format!("layer {n}");
            tar_of(&[
                E::File("etc/which", text.as_bytes()),
                E::File("var/filler", &filler),
            ])
        };
        let tars = [
            sized(0, 182_000),
            sized(1, 335_000),
            sized(2, 178_000),
            sized(3, 94_000),
        ];
        let layers: Vec<LayerRef> = tars
            .iter()
            .map(|tar| LayerRef {
                digest: sha256_digest(tar),
                media_type: None,
                size: Some(tar.len() as u64),
                check: Check::Stored,
            })
            .collect();
        let store = Blobs {
            blobs: tars.to_vec(),
            reads: AtomicUsize::new(0),
        };
        let job = Job {
            store: &store,
            reference: "r",
            wanted: &|path: &str, _: u64| {
                if path == "etc/which" {
                    Keep::Whole
                } else {
                    Keep::No
                }
            },
            progress: &super::super::NoProgress,
            jobs: 2,
            cache: None,
        };
        let merged = read_layers(&job, &layers).unwrap();
        assert_eq!(store.reads.load(Ordering::Relaxed), 4);
        assert_eq!(paths(&merged), ["etc/which"]);
        assert_eq!(&*merged[0].contents, b"layer 3");
    }

    #[test]
    fn last_entry_wins_and_hard_links() {
        let s = scan(&tar_of(&[
            E::File("./a", b"one"),
            E::File("a", b"two"),
            E::Hard("b", "a"),
            E::File("/c", b"c"),
        ]));
        let merged = merge(vec![s]);
        assert_eq!(paths(&merged), ["a", "b", "c"]);
        assert_eq!(&*merged[1].contents, b"two");
        // The link shares its target's bytes.
        assert!(Arc::ptr_eq(&merged[0].contents, &merged[1].contents));
    }

    #[test]
    fn compressed_layers_and_digests() {
        use std::io::Write;
        let plain = tar_of(&[E::File("x", b"hello")]);
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gz.write_all(&plain).unwrap();
        let gz = gz.finish().unwrap();
        let zst = zstd::encode_all(&plain[..], 3).unwrap();
        for blob in [&plain, &gz, &zst] {
            let s = scan(blob);
            assert_eq!(paths(&merge(vec![s])), ["x"]);
        }
        // A wrong digest.
        let layer = LayerRef {
            digest: sha256_digest(b"other"),
            media_type: Some("application/vnd.oci.image.layer.v1.tar+gzip".into()),
            size: Some(gz.len() as u64),
            check: Check::Stored,
        };
        let cancel = AtomicBool::new(false);
        let err = scan_layer(
            Tee::new(&gz[..], true),
            &layer,
            "r",
            &all,
            &cancel,
            &Budget::default(),
        )
        .unwrap_err();
        assert!(matches!(err, InspectError::DigestMismatch { .. }), "{err}");
        // A corrupt blob is a digest mismatch too.
        let mut bad = gz.clone();
        let mid = bad.len() / 2;
        bad[mid] ^= 0xff;
        let layer = LayerRef {
            digest: sha256_digest(&gz),
            ..layer
        };
        let err = scan_layer(
            Tee::new(&bad[..], true),
            &layer,
            "r",
            &all,
            &cancel,
            &Budget::default(),
        )
        .unwrap_err();
        assert!(matches!(err, InspectError::DigestMismatch { .. }), "{err}");
        // The uncompressed digest of a compressed layer.
        let layer = LayerRef {
            digest: sha256_digest(&plain),
            media_type: None,
            size: None,
            check: Check::Uncompressed,
        };
        scan_layer(
            Tee::new(&zst[..], true),
            &layer,
            "r",
            &all,
            &cancel,
            &Budget::default(),
        )
        .unwrap();
    }

    #[test]
    fn a_read_past_its_budget_names_the_layer_and_path() {
        let bytes = tar_of(&[E::File("etc/os-release", b"ID=ubuntu")]);
        let layer = LayerRef {
            digest: sha256_digest(&bytes),
            media_type: None,
            size: Some(bytes.len() as u64),
            check: Check::Stored,
        };
        let budget = Budget::default();
        budget.keep(crate::limits::MAX_KEPT_BYTES - 4).unwrap();
        let cancel = AtomicBool::new(false);
        let err = scan_layer(
            Tee::new(&bytes[..], true),
            &layer,
            "r",
            &all,
            &cancel,
            &budget,
        )
        .unwrap_err();
        let message = err.to_string();
        assert!(matches!(err, InspectError::TooLarge { .. }), "{message}");
        assert!(message.contains(&layer.digest), "{message}");
        assert!(message.contains("(at etc/os-release)"), "{message}");
    }

    #[test]
    fn header_blocks_end_at_the_first_empty_line_or_the_cap() {
        let block = |text: &[u8], cap| header_block(text, cap).unwrap();
        assert_eq!(
            block(b"Name: a\nVersion: 1\n\nlong text\n", 1 << 20),
            b"Name: a\nVersion: 1\n\n"
        );
        assert_eq!(
            block(b"Name: a\r\n\r\nlong text", 1 << 20),
            b"Name: a\r\n\r\n"
        );
        assert_eq!(
            block(b"Name: a\nVersion: 1\n", 1 << 20),
            b"Name: a\nVersion: 1\n"
        );
        assert_eq!(block(b"Name: a\nVersion: 1\n", 9), b"Name: a\nV");
    }

    #[test]
    fn a_zstd_window_past_the_bound_is_refused() {
        use std::io::Write;
        let plain = tar_of(&[E::File("x", b"hello")]);
        let encode = |window_log: u32| {
            let mut encoder = zstd::stream::Encoder::new(Vec::new(), 3).unwrap();
            encoder.window_log(window_log).unwrap();
            encoder.include_contentsize(false).unwrap();
            encoder.write_all(&plain).unwrap();
            encoder.finish().unwrap()
        };
        let fits = encode(MAX_ZSTD_WINDOW_LOG);
        assert_eq!(paths(&merge(vec![scan(&fits)])), ["x"]);
        let too_wide = encode(MAX_ZSTD_WINDOW_LOG + 2);
        let layer = LayerRef {
            digest: sha256_digest(&too_wide),
            media_type: Some("application/vnd.oci.image.layer.v1.tar+zstd".into()),
            size: Some(too_wide.len() as u64),
            check: Check::Stored,
        };
        let cancel = AtomicBool::new(false);
        let budget = Budget::default();
        let err = scan_layer(
            Tee::new(&too_wide[..], true),
            &layer,
            "r",
            &all,
            &cancel,
            &budget,
        )
        .unwrap_err();
        assert!(matches!(err, InspectError::CorruptLayer { .. }), "{err}");
    }

    #[test]
    fn unknown_media_types() {
        assert_eq!(
            compression_of(
                Some("application/vnd.oci.image.layer.v1.tar+gzip+encrypted"),
                b""
            ),
            Err("application/vnd.oci.image.layer.v1.tar+gzip+encrypted".into())
        );
        // Other types are refused even when the bytes are a layer's.
        let tar = tar_of(&[E::File("x", b"hello")]);
        for media_type in ["text/html", "application/x-unknown"] {
            assert_eq!(
                compression_of(Some(media_type), &tar),
                Err(media_type.into())
            );
            assert_eq!(
                compression_of(Some(media_type), &[0x1f, 0x8b, 8]),
                Err(media_type.into())
            );
        }
        // Without a media type (a classic docker save archive): the bytes say.
        assert_eq!(
            compression_of(None, &[0x1f, 0x8b, 8]),
            Ok(Compression::Gzip)
        );
        assert_eq!(compression_of(None, &tar), Ok(Compression::None));
    }

    /// Scans `bytes` as a layer whose descriptor matches them.
    fn scan_anything(bytes: &[u8]) -> Result<LayerScan, InspectError> {
        let layer = LayerRef {
            digest: sha256_digest(bytes),
            media_type: None,
            size: Some(bytes.len() as u64),
            check: Check::Stored,
        };
        let cancel = AtomicBool::new(false);
        scan_layer(
            Tee::new(bytes, true),
            &layer,
            "fuzz",
            &all,
            &cancel,
            &Budget::default(),
        )
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig {
            cases: 64,
            failure_persistence: None,
            rng_seed: proptest::test_runner::RngSeed::Fixed(0x7e1_0e5),
            ..Default::default()
        })]

        #[test]
        fn arbitrary_layer_bytes_end_in_a_scan_or_an_error(
            bytes in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..2048),
        ) {
            let _ = scan_anything(&bytes);
        }

        #[test]
        fn a_mangled_tar_or_gzip_ends_in_a_scan_or_an_error(
            flips in proptest::collection::vec((proptest::prelude::any::<usize>(), 1u8..), 1..8),
            gzip in proptest::prelude::any::<bool>(),
        ) {
            let tar = tar_of(&[
                E::Dir("usr/"),
                E::File("usr/lib/os-release", b"ID=ubuntu\nVERSION_ID=\"24.04\"\n"),
                E::Link("etc/os-release", "../usr/lib/os-release"),
                E::Hard("usr/lib/again", "usr/lib/os-release"),
                E::File("x/.wh.y", b""),
            ]);
            let mut bytes = if gzip {
                let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                std::io::Write::write_all(&mut enc, &tar).unwrap();
                enc.finish().unwrap()
            } else {
                tar
            };
            for (at, mask) in flips {
                let i = at % bytes.len();
                bytes[i] ^= mask;
            }
            let _ = scan_anything(&bytes);
        }
    }
}
