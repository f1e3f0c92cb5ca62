//! A buffered reader of a stored blob whose SHA-256 is computed on a
//! thread of its own while the blob is decompressed.
//!
//! Hashing is the largest cost of reading a layer after inflating it
//! (docs/performance.md). On one thread the two add up; here each chunk
//! read is handed to the hashing thread as it is read, and the chunks
//! come back to be filled again, so the two run side by side without
//! copying: a layer read alone (the one new layer of an image whose other
//! layers are cached) takes the longer of the two, not their sum. Where no
//! thread can be started, the reader hashes on its own.

use sha2::{Digest as _, Sha256};
use std::io::{self, BufRead, Read};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::thread::JoinHandle;

/// Bytes read per chunk.
const CHUNK: usize = 256 << 10;
/// Chunks in flight between the reader and the hashing thread: the bound
/// on what this reader holds, and how far hashing may fall behind.
const CHUNKS: usize = 4;

type Chunk = Arc<Box<[u8]>>;

pub(crate) struct HashingReader<R> {
    inner: R,
    /// The chunk being read from: `current[start..end]` is unread.
    current: Option<Chunk>,
    start: usize,
    end: usize,
    /// Chunks made so far (at most [`CHUNKS`]).
    made: usize,
    hasher: Option<Hashing>,
    /// An error of `inner` met after some bytes of a chunk, returned once
    /// those bytes are read.
    pending: Option<io::Error>,
}

struct HashThread {
    /// (chunk, bytes of it to hash); closing it ends the thread.
    to_hash: Sender<(Chunk, usize)>,
    /// Chunks hashed, to be filled again.
    hashed: Receiver<Chunk>,
    thread: JoinHandle<String>,
}

impl HashThread {
    /// `None` when no thread can be started (a process or system limit):
    /// the reader then hashes on its own thread.
    fn start() -> Option<HashThread> {
        let (to_hash, work) = channel::<(Chunk, usize)>();
        let (give_back, hashed) = channel();
        let thread = std::thread::Builder::new()
            .name("layer-sha256".into())
            .spawn(move || {
                let mut sha = Sha256::new();
                for (chunk, len) in work {
                    sha.update(&chunk[..len]);
                    // The reader may be gone (a failed read): nothing to return.
                    let _ = give_back.send(chunk);
                }
                digest_text(sha)
            })
            .ok()?;
        Some(HashThread {
            to_hash,
            hashed,
            thread,
        })
    }
}

/// How the blob is hashed.
enum Hashing {
    Beside(HashThread),
    Inline(Sha256),
}

fn digest_text(sha: Sha256) -> String {
    format!("sha256:{}", super::digest::hex(&sha.finalize()))
}

impl<R: Read> HashingReader<R> {
    /// A reader of `inner`, hashing what it reads when `hash` is set.
    pub fn new(inner: R, hash: bool) -> HashingReader<R> {
        HashingReader {
            inner,
            current: None,
            start: 0,
            end: 0,
            made: 0,
            hasher: hash.then(|| match HashThread::start() {
                Some(thread) => Hashing::Beside(thread),
                None => Hashing::Inline(Sha256::new()),
            }),
            pending: None,
        }
    }

    /// A chunk to fill: a hashed one back from the thread, a new one while
    /// fewer than [`CHUNKS`] exist, else the next to come back.
    fn empty_chunk(&mut self) -> Chunk {
        let Some(Hashing::Beside(hasher)) = &self.hasher else {
            if let Some(mut chunk) = self.current.take()
                && Arc::get_mut(&mut chunk).is_some()
            {
                return chunk;
            }
            return Arc::new(vec![0; CHUNK].into_boxed_slice());
        };
        self.current = None;
        let back = match hasher.hashed.try_recv() {
            Ok(chunk) => Some(chunk),
            Err(_) if self.made < CHUNKS => None,
            // The thread only stops when this reader stops sending, so it
            // gives every chunk back.
            Err(_) => hasher.hashed.recv().ok(),
        };
        back.unwrap_or_else(|| {
            self.made += 1;
            Arc::new(vec![0; CHUNK].into_boxed_slice())
        })
    }

    /// Fills a chunk from `inner` (until it is full or the blob ends) and
    /// sends it to be hashed.
    fn refill(&mut self) -> io::Result<()> {
        if let Some(e) = self.pending.take() {
            return Err(e);
        }
        let mut chunk = self.empty_chunk();
        let buffer = Arc::get_mut(&mut chunk).expect("a chunk no one else holds");
        let mut filled = 0;
        while filled < buffer.len() {
            match self.inner.read(&mut buffer[filled..]) {
                Ok(0) => break,
                Ok(n) => filled += n,
                Err(e) if filled == 0 => return Err(e),
                Err(e) => {
                    self.pending = Some(e);
                    break;
                }
            }
        }
        match &mut self.hasher {
            // Sending fails only if the thread panicked; `finish` says so.
            Some(Hashing::Beside(hasher)) if filled > 0 => {
                let _ = hasher.to_hash.send((Arc::clone(&chunk), filled));
            }
            Some(Hashing::Inline(sha)) => sha.update(&chunk[..filled]),
            _ => {}
        }
        self.current = Some(chunk);
        self.start = 0;
        self.end = filled;
        Ok(())
    }

    /// Reads and drops the rest of the blob.
    pub fn drain(&mut self) -> io::Result<u64> {
        let mut total = 0;
        loop {
            let n = self.fill_buf()?.len();
            if n == 0 {
                return Ok(total);
            }
            self.consume(n);
            total += n as u64;
        }
    }

    /// The `sha256:<hex>` of every byte read (when hashing), and the
    /// inner reader.
    pub fn finish(self) -> (Option<String>, R) {
        let HashingReader { inner, hasher, .. } = self;
        let digest = hasher.map(|hashing| match hashing {
            Hashing::Beside(HashThread {
                to_hash, thread, ..
            }) => {
                drop(to_hash);
                match thread.join() {
                    Ok(digest) => digest,
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            Hashing::Inline(sha) => digest_text(sha),
        });
        (digest, inner)
    }
}

impl<R: Read> BufRead for HashingReader<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.start == self.end {
            self.refill()?;
        }
        Ok(match &self.current {
            Some(chunk) => &chunk[self.start..self.end],
            None => &[],
        })
    }

    fn consume(&mut self, n: usize) {
        self.start = (self.start + n).min(self.end);
    }
}

impl<R: Read> Read for HashingReader<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inspect::digest::sha256_digest;

    /// Hands out at most `step` bytes per read, then fails if `fail` is set.
    struct Source {
        bytes: Vec<u8>,
        at: usize,
        step: usize,
        fail: bool,
    }

    impl Read for Source {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if self.at == self.bytes.len() && self.fail {
                return Err(io::Error::other("connection reset"));
            }
            let n = out.len().min(self.step).min(self.bytes.len() - self.at);
            out[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    fn source(len: usize, step: usize, fail: bool) -> Source {
        Source {
            bytes: (0..len).map(|i| (i * 31 % 253) as u8).collect(),
            at: 0,
            step,
            fail,
        }
    }

    #[test]
    fn the_digest_is_of_every_byte_whatever_the_reads() {
        // More chunks than are kept in flight, a partial last one, reads
        // smaller than a chunk, and nothing at all.
        for (len, step) in [
            (CHUNK * CHUNKS * 3 + 17, CHUNK),
            (CHUNK * 2 + 1, 1000),
            (0, 1),
        ] {
            let expected = source(len, step, false).bytes;
            let mut reader = HashingReader::new(source(len, step, false), true);
            let mut head = vec![0u8; 1000.min(len)];
            reader.read_exact(&mut head).unwrap();
            assert_eq!(head[..], expected[..head.len()]);
            assert_eq!(reader.drain().unwrap(), (len - head.len()) as u64);
            let (digest, inner) = reader.finish();
            assert_eq!(digest.unwrap(), sha256_digest(&expected), "{len} bytes");
            assert_eq!(inner.at, len);
        }
    }

    #[test]
    fn hashing_inline_gives_the_same_digest() {
        let len = CHUNK * 2 + 9;
        let expected = source(len, 5000, false).bytes;
        let mut reader = HashingReader::new(source(len, 5000, false), true);
        reader.hasher = Some(Hashing::Inline(Sha256::new()));
        assert_eq!(reader.drain().unwrap(), len as u64);
        assert_eq!(reader.finish().0.unwrap(), sha256_digest(&expected));
    }

    #[test]
    fn without_hashing_it_reads_and_gives_no_digest() {
        let expected = source(CHUNK * 3 + 5, 7000, false).bytes;
        let mut reader = HashingReader::new(source(CHUNK * 3 + 5, 7000, false), false);
        let mut all = Vec::new();
        reader.read_to_end(&mut all).unwrap();
        assert_eq!(all, expected);
        assert_eq!(reader.finish().0, None);
    }

    #[test]
    fn an_error_comes_after_the_bytes_read_before_it() {
        let len = CHUNK + 100;
        let mut reader = HashingReader::new(source(len, 4096, true), true);
        let mut all = Vec::new();
        let err = reader.read_to_end(&mut all).unwrap_err();
        assert_eq!(err.to_string(), "connection reset");
        assert_eq!(all.len(), len);
        let expected = source(len, 1, false).bytes;
        assert_eq!(reader.finish().0.unwrap(), sha256_digest(&expected));
    }
}
