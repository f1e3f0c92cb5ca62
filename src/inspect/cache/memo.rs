//! The scans of this run, by layer digest: a layer shared by several
//! images (or platforms) of one run is read once, with or without the
//! disk cache. Each digest has a slot; a reader holds the slot's lock
//! while it reads the layer, so a second reader of the same layer waits
//! for the first rather than reading it again.

use crate::inspect::walker::LayerScan;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};

/// What a slot holds: nothing yet (or the last read failed), or the scan.
pub(crate) type Slot = Arc<Mutex<Option<Arc<LayerScan>>>>;

/// Scans are kept up to about this many bytes; the oldest go first.
pub(crate) const MEMO_BYTES: u64 = 256 << 20;

#[derive(Debug, Default)]
pub(crate) struct Memo {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    slots: HashMap<String, Slot>,
    /// Filled slots, oldest first, with their estimated sizes.
    filled: VecDeque<(String, u64)>,
    bytes: u64,
}

impl Memo {
    /// The slot of `digest`, made empty if there is none.
    pub fn slot(&self, digest: &str) -> Slot {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(inner.slots.entry(digest.to_string()).or_default())
    }

    /// The scan of `digest`, if this run has it.
    pub fn get(&self, digest: &str) -> Option<Arc<LayerScan>> {
        let slot = {
            let inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
            Arc::clone(inner.slots.get(digest)?)
        };
        // A slot being filled is not waited for here.
        slot.try_lock().ok()?.clone()
    }

    /// Notes that `digest`'s slot now holds `scan`; drops the oldest
    /// scans past [`MEMO_BYTES`] (their slots empty, to be read again).
    pub fn filled(&self, digest: &str, scan: &LayerScan) {
        let size = estimated_size(scan);
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        inner.filled.push_back((digest.to_string(), size));
        inner.bytes += size;
        while inner.bytes > MEMO_BYTES && inner.filled.len() > 1 {
            let Some((old, size)) = inner.filled.pop_front() else {
                break;
            };
            inner.bytes -= size;
            inner.slots.remove(&old);
        }
    }
}

/// Roughly what a scan holds in memory.
fn estimated_size(scan: &LayerScan) -> u64 {
    let files: usize = scan
        .files
        .values()
        .map(|f| f.path.len() * 2 + f.layer.len() + f.contents.len() + 64)
        .sum();
    let sets: usize = scan
        .whiteouts
        .iter()
        .chain(&scan.opaque)
        .map(|p| p.len() + 32)
        .sum();
    (files + sets + 8 * (scan.added.len() + scan.added_files.len())) as u64
}
