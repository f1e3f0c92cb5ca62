//! The scans of this run, by layer digest: a layer shared by several
//! images (or platforms) of one run is read once, with or without the
//! disk cache. Each digest has a slot; a reader holds the slot's lock
//! while it reads the layer, so a second reader of the same layer waits
//! for the first rather than reading it again.

use crate::scan::LayerScan;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, PoisonError};

/// What a slot holds: nothing yet (or the last read failed), or the scan.
pub(crate) type Slot = Arc<Mutex<Option<Arc<LayerScan>>>>;

/// Scans are kept up to about this many bytes; the least recently used go first.
pub(crate) const MEMO_BYTES: u64 = 256 << 20;

#[derive(Debug, Default)]
pub(crate) struct Memo {
    inner: Mutex<Inner>,
}

#[derive(Debug, Default)]
struct Inner {
    slots: HashMap<String, Slot>,
    /// Filled slots, least recently used first, with their estimated sizes.
    filled: VecDeque<(String, u64)>,
    bytes: u64,
}

impl Memo {
    /// The slot of `digest`, made empty if there is none.
    pub(super) fn slot(&self, digest: &str) -> Slot {
        let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
        Arc::clone(inner.slots.entry(digest.to_string()).or_default())
    }

    /// The scan of `digest`, if this run has it; it becomes the most
    /// recently used (base layers shared by many images stay).
    pub(super) fn get(&self, digest: &str) -> Option<Arc<LayerScan>> {
        let slot = {
            let mut inner = self.inner.lock().unwrap_or_else(PoisonError::into_inner);
            let slot = Arc::clone(inner.slots.get(digest)?);
            if let Some(at) = inner.filled.iter().rposition(|(d, _)| d == digest)
                && let Some(used) = inner.filled.remove(at)
            {
                inner.filled.push_back(used);
            }
            slot
        };
        // A slot being filled is not waited for here.
        slot.try_lock().ok()?.clone()
    }

    /// Notes that `digest`'s slot now holds `scan`; drops the least
    /// recently used scans past [`MEMO_BYTES`] (to be read again if wanted).
    pub(super) fn filled(&self, digest: &str, scan: &LayerScan) {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn filled(memo: &Memo, digest: &str, bytes: usize) {
        let scan = LayerScan {
            added: vec![0; bytes / 8],
            ..Default::default()
        };
        *memo.slot(digest).lock().unwrap() = Some(Arc::new(LayerScan::default()));
        memo.filled(digest, &scan);
    }

    #[test]
    fn the_least_recently_used_scans_go_past_the_bound() {
        let memo = Memo::default();
        let third = (MEMO_BYTES / 3) as usize;
        filled(&memo, "base", third);
        filled(&memo, "a", third);
        assert!(memo.get("base").is_some());
        filled(&memo, "b", third);
        filled(&memo, "c", third);
        // `a` was the least recently used when `c` came.
        assert!(memo.get("a").is_none());
        assert!(memo.get("base").is_some());
        assert!(memo.get("c").is_some());
    }
}
