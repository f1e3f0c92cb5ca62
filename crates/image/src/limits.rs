//! How much of an image relnotes reads, held in one place: whatever an
//! image (or whoever serves it) claims, reading stops at these bounds, so
//! memory stays bounded (verify runs in well under 256 MiB) and a hostile
//! input ends in an error rather than an exhausted machine.
//! docs/inspect.md lists them.

use std::sync::atomic::{AtomicU64, Ordering};

/// Largest manifest or index read (they are a few KiB).
pub(crate) const MAX_MANIFEST: u64 = 4 << 20;
/// Largest image config read (history makes some a few hundred KiB).
pub(crate) const MAX_CONFIG: u64 = 16 << 20;
/// Largest SBOM attached to an image read by `verify --sbom-source`
/// (an in-toto statement or a referrer's SBOM; syft's SPDX of a 20 GB GPU
/// image, files listed, is tens of MiB). Parsed into the few fields read.
pub(crate) const MAX_ATTACHED_SBOM: u64 = 128 << 20;
/// Largest `index.json` of an OCI layout (one entry is ~500 bytes).
pub(crate) const MAX_LAYOUT_INDEX: u64 = 4 << 20;
/// Largest `oci-layout` marker file (`{"imageLayoutVersion": "1.0.0"}`).
pub(crate) const MAX_LAYOUT_MARKER: u64 = 4 << 10;
/// The largest zstd window a layer may need, as a power of two: 32 MiB
/// per layer being read (zstd's levels up to 20 and the encoders image
/// builders use need 8 MiB at most; `--long` and `--ultra -22`, 128 MiB).
pub(crate) const MAX_ZSTD_WINDOW_LOG: u32 = 25;
/// Members of a `docker save` archive indexed (it holds a few per layer).
pub(crate) const MAX_ARCHIVE_MEMBERS: u64 = 1 << 20;
/// Largest GNU long name or long link in a layer tar (PATH_MAX is 4 KiB).
pub(crate) const MAX_TAR_LONG_NAME: u64 = 64 << 10;
/// Largest PAX extended header of one tar entry (paths, xattrs).
pub(crate) const MAX_TAR_PAX_HEADER: u64 = 1 << 20;
/// Largest header block of an email-style metadata file kept
/// ([`Keep::Headers`](super::Keep::Headers)); `Name:` and `Version:` come
/// first, so a longer block is kept cut at this size.
pub(crate) const MAX_HEADER_BLOCK: u64 = 1 << 20;
/// All the file contents, symlink targets and whiteout paths kept from
/// one read of an image, over every layer.
pub(crate) const MAX_KEPT_BYTES: u64 = 128 << 20;
/// Entries (paths) recorded over every layer of one read: 16 bytes of
/// fingerprints each.
pub(crate) const MAX_ENTRIES: u64 = 4 << 20;

/// What one read of an image may still keep, shared by the layer workers.
#[derive(Debug, Default)]
pub(crate) struct Budget {
    kept_bytes: AtomicU64,
    entries: AtomicU64,
}

/// Which bound a read went past.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Exceeded {
    KeptBytes,
    Entries,
}

impl Exceeded {
    /// What the bound is, for messages.
    pub(crate) fn describe(self) -> String {
        match self {
            Exceeded::KeptBytes => format!(
                "the files relnotes keeps from the image (version files, symlink targets, whiteouts) exceed {} MiB",
                MAX_KEPT_BYTES >> 20
            ),
            Exceeded::Entries => format!("the image's layers hold more than {MAX_ENTRIES} entries"),
        }
    }
}

impl Budget {
    /// Takes `bytes` from the kept-bytes budget.
    pub(crate) fn keep(&self, bytes: u64) -> Result<(), Exceeded> {
        take(&self.kept_bytes, bytes, MAX_KEPT_BYTES).map_err(|()| Exceeded::KeptBytes)
    }

    /// Counts one more entry.
    pub(crate) fn entry(&self) -> Result<(), Exceeded> {
        self.entries(1)
    }

    /// Counts `count` more entries (a layer's, served from the cache).
    pub(crate) fn entries(&self, count: u64) -> Result<(), Exceeded> {
        take(&self.entries, count, MAX_ENTRIES).map_err(|()| Exceeded::Entries)
    }
}

fn take(counter: &AtomicU64, amount: u64, limit: u64) -> Result<(), ()> {
    let before = counter.fetch_add(amount, Ordering::Relaxed);
    if before.saturating_add(amount) > limit {
        Err(())
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budget_refuses_past_its_limit() {
        let budget = Budget::default();
        budget.keep(MAX_KEPT_BYTES - 1).unwrap();
        budget.keep(1).unwrap();
        assert_eq!(budget.keep(1), Err(Exceeded::KeptBytes));
        assert_eq!(budget.keep(u64::MAX), Err(Exceeded::KeptBytes));
    }
}
