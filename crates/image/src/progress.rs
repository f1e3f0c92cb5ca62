//! Progress of reading an image's layers.

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::collections::HashMap;
use std::io::IsTerminal;
use std::sync::Mutex;

/// Told how layer reading goes. Called from the worker threads, so it must
/// be `Sync`; every method has a no-op default.
pub trait Progress: Sync {
    /// Reading starts: this many layers, this many (compressed) bytes in all
    /// (sizes the manifest declares).
    fn begin(&self, _layers: usize, _total_bytes: u64) {}
    /// Layer `index` (0 = bottom) starts streaming.
    fn layer_start(&self, _index: usize, _digest: &str, _size: Option<u64>) {}
    /// `bytes` more (compressed) bytes of layer `index` were read.
    fn layer_advance(&self, _index: usize, _bytes: u64) {}
    /// Layer `index` is done (read and verified, or abandoned).
    fn layer_done(&self, _index: usize) {}
    /// All layers are done.
    fn end(&self) {}
}

/// Shows nothing.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoProgress;

impl Progress for NoProgress {}

/// Progress bars on stderr: one for the whole image and one per layer
/// being read (bytes, rate).
pub(crate) struct TerminalProgress {
    multi: MultiProgress,
    total: Mutex<Option<ProgressBar>>,
    layers: Mutex<HashMap<usize, ProgressBar>>,
}

impl TerminalProgress {
    pub(crate) fn new() -> TerminalProgress {
        TerminalProgress {
            multi: MultiProgress::with_draw_target(ProgressDrawTarget::stderr()),
            total: Mutex::new(None),
            layers: Mutex::new(HashMap::new()),
        }
    }
}

impl Default for TerminalProgress {
    fn default() -> Self {
        TerminalProgress::new()
    }
}

/// Bars on a terminal (stderr is one and `quiet` is off), nothing otherwise.
pub(crate) fn for_terminal(quiet: bool) -> Box<dyn Progress> {
    if !quiet && std::io::stderr().is_terminal() {
        Box::new(TerminalProgress::new())
    } else {
        Box::new(NoProgress)
    }
}

fn style(template: &str) -> ProgressStyle {
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}

/// The first 12 hex digits of a digest, as docker shows them.
fn short(digest: &str) -> &str {
    let hex = digest.split_once(':').map_or(digest, |(_, h)| h);
    &hex[..hex.len().min(12)]
}

impl Progress for TerminalProgress {
    fn begin(&self, layers: usize, total_bytes: u64) {
        let bar = self.multi.add(ProgressBar::new(total_bytes));
        bar.set_style(style(
            "{prefix:>12} [{bar:30}] {bytes}/{total_bytes} {bytes_per_sec} eta {eta}",
        ));
        bar.set_prefix(format!("{layers} layers"));
        *self.total.lock().unwrap_or_else(|e| e.into_inner()) = Some(bar);
    }

    fn layer_start(&self, index: usize, digest: &str, size: Option<u64>) {
        let bar = self.multi.add(ProgressBar::new(size.unwrap_or(0)));
        bar.set_style(style("{prefix:>12} [{bar:30}] {bytes}/{total_bytes}"));
        bar.set_prefix(short(digest).to_string());
        self.layers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(index, bar);
    }

    fn layer_advance(&self, index: usize, bytes: u64) {
        if let Some(bar) = self
            .layers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&index)
        {
            bar.inc(bytes);
        }
        if let Some(total) = &*self.total.lock().unwrap_or_else(|e| e.into_inner()) {
            total.inc(bytes);
        }
    }

    fn layer_done(&self, index: usize) {
        let bar = self
            .layers
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&index);
        if let Some(bar) = bar {
            bar.finish_and_clear();
            self.multi.remove(&bar);
        }
    }

    fn end(&self) {
        if let Some(total) = self.total.lock().unwrap_or_else(|e| e.into_inner()).take() {
            total.finish_and_clear();
        }
        let _ = self.multi.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_progress_off_a_terminal() {
        // Under `cargo test` stderr is captured: the bars draw nothing, but
        // the bookkeeping runs.
        let p = TerminalProgress::new();
        p.begin(2, 300);
        p.layer_start(0, "sha256:0123456789abcdef", Some(100));
        p.layer_start(1, "x", None);
        p.layer_advance(0, 100);
        p.layer_advance(1, 200);
        p.layer_advance(7, 1);
        p.layer_done(0);
        p.layer_done(1);
        p.end();
        assert!(p.layers.lock().unwrap().is_empty());
        assert_eq!(short("sha256:0123456789abcdef"), "0123456789ab");
    }
}
