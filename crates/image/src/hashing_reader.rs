//! A buffered reader of a stored blob whose SHA-256 is computed on another
//! thread while the blob is decompressed.
//!
//! Hashing is the largest cost of reading a layer after inflating it
//! (docs/performance.md). On one thread the two add up; here each chunk
//! read is handed to a hashing thread as it is read, and the chunks come
//! back to be filled again, so the two run side by side without copying: a
//! layer read alone (the one new layer of an image whose other layers are
//! cached) takes the longer of the two, not their sum. A hashing thread
//! serves up to four readers and hashes chunks of two of them at a time in
//! lockstep ([`super::paired_sha256`]), which costs less CPU time than
//! hashing them one after the other. Where no thread can be started, the
//! reader hashes on its own.

use super::paired_sha256::{StreamSha256, update_pair};
use std::collections::VecDeque;
use std::io::{self, BufRead, Read};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// Bytes read per chunk.
const CHUNK: usize = 256 << 10;
/// Chunks in flight between the reader and the hashing thread: the bound
/// on what this reader holds, and how far hashing may fall behind.
const CHUNKS: usize = 4;
/// Readers one hashing thread serves.
const STREAMS_PER_THREAD: usize = 4;

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

/// What a hashing thread is asked to do for one of its streams.
enum Job {
    Open {
        stream: u64,
        give_back: Sender<Chunk>,
    },
    /// Hash the first `len` bytes of the chunk, then give it back.
    Hash {
        stream: u64,
        chunk: Chunk,
        len: usize,
    },
    /// Reply with the digest once every chunk sent before is hashed.
    Finish {
        stream: u64,
        reply: Sender<[u8; 32]>,
    },
    /// The reader is gone without a digest (a failed read).
    Abandon { stream: u64 },
}

/// A hashing thread, and how many readers it serves now.
struct Worker {
    jobs: Sender<Job>,
    thread: JoinHandle<()>,
    attached: usize,
}

static WORKERS: Mutex<Vec<Worker>> = Mutex::new(Vec::new());
static NEXT_STREAM: AtomicU64 = AtomicU64::new(0);

/// A reader's place on a hashing thread.
struct Attached {
    worker: usize,
    jobs: Sender<Job>,
    stream: u64,
    /// Chunks hashed, to be filled again.
    hashed: Receiver<Chunk>,
    finished: bool,
}

impl Attached {
    /// A place on the thread serving the most readers short of
    /// [`STREAMS_PER_THREAD`] (so that readers are hashed in pairs), else
    /// on a new one; `None` when no thread can be started (a process or
    /// system limit).
    fn attach() -> Option<Attached> {
        let mut workers = WORKERS.lock().unwrap_or_else(|e| e.into_inner());
        let open = |w: &Worker| w.attached < STREAMS_PER_THREAD && !w.thread.is_finished();
        let worker = match (0..workers.len())
            .filter(|&i| open(&workers[i]))
            .max_by_key(|&i| (workers[i].attached, std::cmp::Reverse(i)))
        {
            Some(index) => index,
            None => {
                let (jobs, receiver) = channel();
                let thread = std::thread::Builder::new()
                    .name("layer-sha256".into())
                    .spawn(move || serve(receiver))
                    .ok()?;
                workers.push(Worker {
                    jobs,
                    thread,
                    attached: 0,
                });
                workers.len() - 1
            }
        };
        workers[worker].attached += 1;
        let jobs = workers[worker].jobs.clone();
        drop(workers);
        let stream = NEXT_STREAM.fetch_add(1, Ordering::Relaxed);
        let (give_back, hashed) = channel();
        // Sending fails only if the thread is gone; `digest` says so.
        let _ = jobs.send(Job::Open { stream, give_back });
        Some(Attached {
            worker,
            jobs,
            stream,
            hashed,
            finished: false,
        })
    }

    fn hash(&self, chunk: Chunk, len: usize) {
        let _ = self.jobs.send(Job::Hash {
            stream: self.stream,
            chunk,
            len,
        });
    }

    fn digest(mut self) -> [u8; 32] {
        self.finished = true;
        let (reply, digest) = channel();
        let _ = self.jobs.send(Job::Finish {
            stream: self.stream,
            reply,
        });
        // The thread answers every `Finish`; it can only fail to by
        // panicking, which is a bug to surface, not a digest to make up.
        digest
            .recv()
            .expect("the layer-sha256 thread stopped before giving a digest")
    }
}

impl Drop for Attached {
    fn drop(&mut self) {
        if !self.finished {
            let _ = self.jobs.send(Job::Abandon {
                stream: self.stream,
            });
        }
        let mut workers = WORKERS.lock().unwrap_or_else(|e| e.into_inner());
        workers[self.worker].attached -= 1;
    }
}

/// One stream as its hashing thread holds it.
struct Stream {
    id: u64,
    sha: StreamSha256,
    queue: VecDeque<(Chunk, usize)>,
    give_back: Sender<Chunk>,
    reply: Option<Sender<[u8; 32]>>,
}

/// A hashing thread's loop: take the jobs sent, hash the oldest chunks of
/// two streams at once, answer the finished ones.
///
/// A lone chunk waits for a chunk of another stream while its reader
/// still has chunks to fill, so that hashing keeps pairing even when it
/// has caught up with inflating.
fn serve(jobs: Receiver<Job>) {
    let mut streams: Vec<Stream> = Vec::new();
    loop {
        while let Ok(job) = jobs.try_recv() {
            take(&mut streams, job);
        }
        streams.retain(|s| !answer_if_done(s));
        let alone = streams.len() == 1;
        // The streams with the most chunks waiting first (their readers
        // are the nearest to waiting for one back); among equals, the one
        // served longest ago (served streams move to the back).
        let mut ready: Vec<usize> = (0..streams.len())
            .filter(|&i| !streams[i].queue.is_empty())
            .collect();
        ready.sort_by_key(|&i| std::cmp::Reverse(streams[i].queue.len()));
        match ready[..] {
            [i, j, ..] => {
                let [a, b] = streams
                    .get_disjoint_mut([i, j])
                    .expect("two distinct streams");
                let (chunk_a, len_a) = a.queue.pop_front().expect("a queued chunk");
                let (chunk_b, len_b) = b.queue.pop_front().expect("a queued chunk");
                update_pair(&mut a.sha, &chunk_a[..len_a], &mut b.sha, &chunk_b[..len_b]);
                // The reader may be gone (a failed read): nothing to return.
                let _ = a.give_back.send(chunk_a);
                let _ = b.give_back.send(chunk_b);
                to_back(&mut streams, &[i, j]);
            }
            [i] if alone || streams[i].reply.is_some() || streams[i].queue.len() >= CHUNKS - 1 => {
                let a = &mut streams[i];
                let (chunk, len) = a.queue.pop_front().expect("a queued chunk");
                a.sha.update(&chunk[..len]);
                let _ = a.give_back.send(chunk);
                to_back(&mut streams, &[i]);
            }
            _ => match jobs.recv() {
                Ok(job) => take(&mut streams, job),
                Err(_) => return,
            },
        }
    }
}

/// Moves the streams at `served` to the back of `streams`.
fn to_back(streams: &mut Vec<Stream>, served: &[usize]) {
    let mut moved = Vec::with_capacity(served.len());
    let mut kept = Vec::with_capacity(streams.len());
    for (i, stream) in streams.drain(..).enumerate() {
        if served.contains(&i) {
            moved.push(stream);
        } else {
            kept.push(stream);
        }
    }
    kept.append(&mut moved);
    *streams = kept;
}

/// Sends the digest of a stream whose reader asked for it and whose
/// chunks are all hashed; whether it did.
fn answer_if_done(stream: &Stream) -> bool {
    match &stream.reply {
        Some(reply) if stream.queue.is_empty() => {
            let _ = reply.send(stream.sha.clone().finalize());
            true
        }
        _ => false,
    }
}

fn take(streams: &mut Vec<Stream>, job: Job) {
    let find = |streams: &mut Vec<Stream>, id| streams.iter().position(|s| s.id == id);
    match job {
        Job::Open { stream, give_back } => streams.push(Stream {
            id: stream,
            sha: StreamSha256::default(),
            queue: VecDeque::with_capacity(CHUNKS),
            give_back,
            reply: None,
        }),
        Job::Hash { stream, chunk, len } => {
            if let Some(i) = find(streams, stream) {
                streams[i].queue.push_back((chunk, len));
            }
        }
        Job::Finish { stream, reply } => {
            if let Some(i) = find(streams, stream) {
                streams[i].reply = Some(reply);
            }
        }
        Job::Abandon { stream } => {
            if let Some(i) = find(streams, stream) {
                streams.remove(i);
            }
        }
    }
}

/// How the blob is hashed.
enum Hashing {
    Beside(Attached),
    Inline(StreamSha256),
}

fn digest_text(digest: [u8; 32]) -> String {
    format!("sha256:{}", super::digest::hex(&digest))
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
            hasher: hash.then(|| match Attached::attach() {
                Some(attached) => Hashing::Beside(attached),
                None => Hashing::Inline(StreamSha256::default()),
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
                hasher.hash(Arc::clone(&chunk), filled);
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
            Hashing::Beside(attached) => digest_text(attached.digest()),
            Hashing::Inline(sha) => digest_text(sha.finalize()),
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
    use crate::digest::sha256_digest;

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
        reader.hasher = Some(Hashing::Inline(StreamSha256::default()));
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

    fn chunk_of(bytes: &[u8]) -> Chunk {
        Arc::new(bytes.to_vec().into_boxed_slice())
    }

    #[test]
    fn a_hashing_thread_pairs_chunks_of_its_streams_and_answers_each_with_its_own_digest() {
        // Every job is sent before the thread starts, so that it finds
        // chunks of every stream waiting and hashes two at a time; the
        // streams end at different chunks, and a fourth is given up.
        let a = source(CHUNK * 5 + 3, 1, false).bytes;
        let b: Vec<u8> = a.iter().rev().copied().collect();
        let b = &b[..CHUNK * 2 + 1000];
        let c = &a[CHUNK / 2..CHUNK * 4];
        let (jobs, receiver) = channel();
        let (give_back, hashed) = channel();
        let mut replies = Vec::new();
        for (stream, bytes) in [(7, &a[..]), (9, b), (10, c), (11, &a[..CHUNK])] {
            jobs.send(Job::Open {
                stream,
                give_back: give_back.clone(),
            })
            .unwrap();
            for piece in bytes.chunks(CHUNK) {
                let len = piece.len();
                jobs.send(Job::Hash {
                    stream,
                    chunk: chunk_of(piece),
                    len,
                })
                .unwrap();
            }
            let (reply, digest) = channel();
            jobs.send(if stream == 11 {
                Job::Abandon { stream }
            } else {
                Job::Finish { stream, reply }
            })
            .unwrap();
            replies.push(digest);
        }
        drop(jobs);
        drop(give_back);
        let thread = std::thread::spawn(move || serve(receiver));
        let digest = |reply: &Receiver<[u8; 32]>| digest_text(reply.recv().unwrap());
        assert_eq!(digest(&replies[0]), sha256_digest(&a));
        assert_eq!(digest(&replies[1]), sha256_digest(b));
        assert_eq!(digest(&replies[2]), sha256_digest(c));
        assert!(
            replies[3].recv().is_err(),
            "an abandoned stream has no digest"
        );
        thread.join().unwrap();
        // Every chunk of the finished streams came back to be refilled.
        assert_eq!(hashed.iter().count(), 6 + 3 + 4);
    }

    #[test]
    fn readers_read_side_by_side_get_their_own_digests() {
        // Readers on other threads at once, so that they share hashing
        // threads; one is dropped half-read.
        let lens = [CHUNK * 9 + 5, CHUNK * 4 + 77, CHUNK * 6, CHUNK * 3];
        std::thread::scope(|scope| {
            for (i, &len) in lens.iter().enumerate() {
                scope.spawn(move || {
                    let mut reader = HashingReader::new(source(len, 3000 + i, false), true);
                    if i == 3 {
                        let mut half = vec![0; len / 2];
                        reader.read_exact(&mut half).unwrap();
                        return;
                    }
                    assert_eq!(reader.drain().unwrap(), len as u64);
                    let expected = source(len, 1, false).bytes;
                    assert_eq!(reader.finish().0.unwrap(), sha256_digest(&expected));
                });
            }
        });
    }
}
