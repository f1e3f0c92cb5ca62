//! Digests of blobs, checked while they stream.

use super::progress::Progress;
use sha2::{Digest as _, Sha256};
use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, Ordering};

/// `sha256:<hex>` of `bytes`.
pub fn sha256_digest(bytes: &[u8]) -> String {
    format!("sha256:{}", hex(&Sha256::digest(bytes)))
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// Whether `digest` is `sha256:` and 64 lowercase hex digits.
pub(crate) fn is_sha256_digest(digest: &str) -> bool {
    digest.strip_prefix("sha256:").is_some_and(|h| {
        h.len() == 64
            && h.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    })
}

/// Progress is reported in steps of this many bytes, so that a busy reader
/// does not take a lock per read.
const PROGRESS_STEP: u64 = 1 << 20;

/// A reader that counts, optionally hashes, and reports what passes
/// through it; reading stops with an error once `cancel` is set (another
/// layer failed).
pub(crate) struct Tee<'a, R> {
    inner: R,
    hasher: Option<Sha256>,
    count: u64,
    unreported: u64,
    progress: Option<(&'a dyn Progress, usize)>,
    cancel: Option<&'a AtomicBool>,
    /// The first error of the inner reader (not of a reader above this one).
    failed: Option<Failure>,
}

/// What a [`Tee`] saw.
pub(crate) struct Seen {
    pub bytes: u64,
    /// `sha256:<hex>` when hashing.
    pub digest: Option<String>,
    /// Why the inner reader failed, if it did.
    pub failed: Option<Failure>,
}

/// Why the inner reader of a [`Tee`] failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Failure {
    /// The blob went on past its declared size (see `Bounded`).
    Overrun,
    /// The connection broke off mid-blob (worth reading it again).
    Broken(String),
    /// Anything else, as the reader said it.
    Other(String),
}

impl<'a, R: Read> Tee<'a, R> {
    pub(crate) fn new(inner: R, hash: bool) -> Tee<'a, R> {
        Tee {
            inner,
            hasher: hash.then(Sha256::new),
            count: 0,
            unreported: 0,
            progress: None,
            cancel: None,
            failed: None,
        }
    }

    pub(crate) fn with_progress(mut self, progress: &'a dyn Progress, layer: usize) -> Self {
        self.progress = Some((progress, layer));
        self
    }

    pub(crate) fn with_cancel(mut self, cancel: &'a AtomicBool) -> Self {
        self.cancel = Some(cancel);
        self
    }

    pub(crate) fn finish(mut self) -> Seen {
        self.report();
        Seen {
            bytes: self.count,
            digest: self
                .hasher
                .take()
                .map(|h| format!("sha256:{}", hex(&h.finalize()))),
            failed: self.failed.take(),
        }
    }

    fn report(&mut self) {
        if let Some((progress, layer)) = self.progress
            && self.unreported > 0
        {
            progress.layer_advance(layer, self.unreported);
        }
        self.unreported = 0;
    }
}

/// What a cancelled read fails with. Not `Interrupted`, which readers retry.
const CANCELLED: &str = "cancelled: another layer failed";

impl<R: Read> Read for Tee<'_, R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(io::Error::other(CANCELLED));
        }
        // A stream that failed is done: asking it again would wait on a
        // stalled registry a second time.
        if self.failed.is_some() {
            return Err(io::Error::other("the stream failed already"));
        }
        let n = loop {
            match self.inner.read(buf) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.failed.get_or_insert_with(|| {
                        if super::bounded::is_overrun(&e) {
                            Failure::Overrun
                        } else if super::retry::is_broken_transfer(&e) {
                            Failure::Broken(super::error::with_causes(&e))
                        } else {
                            Failure::Other(super::error::with_causes(&e))
                        }
                    });
                    return Err(e);
                }
                Ok(n) => break n,
            }
        };
        if let Some(h) = &mut self.hasher {
            h.update(&buf[..n]);
        }
        self.count += n as u64;
        self.unreported += n as u64;
        if self.unreported >= PROGRESS_STEP {
            self.report();
        }
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failed_stream_is_not_read_again() {
        // Fails its first read; a second would wait on the source again.
        struct Stalled(usize);
        impl Read for Stalled {
            fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
                self.0 += 1;
                Err(io::ErrorKind::TimedOut.into())
            }
        }
        let mut source = Stalled(0);
        let mut tee = Tee::new(&mut source, true);
        let mut buf = [0u8; 16];
        assert!(tee.read(&mut buf).is_err());
        assert!(tee.read(&mut buf).is_err());
        assert!(io::copy(&mut tee, &mut io::sink()).is_err());
        let seen = tee.finish();
        assert!(matches!(seen.failed, Some(Failure::Other(_))));
        assert_eq!(source.0, 1, "asked once");
    }

    #[test]
    fn digests() {
        let d = sha256_digest(b"");
        assert_eq!(
            d,
            "sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert!(is_sha256_digest(&d));
        assert!(!is_sha256_digest("sha256:E3B0"));
        let mut tee = Tee::new(&b"abc"[..], true);
        let mut out = Vec::new();
        tee.read_to_end(&mut out).unwrap();
        let seen = tee.finish();
        assert_eq!(seen.bytes, 3);
        assert_eq!(seen.digest.unwrap(), sha256_digest(b"abc"));
    }
}
