//! A buffered reader of a decompressed layer that passes over file
//! contents by decoding them into its own buffer and dropping them.
//!
//! The `tar` crate passes over contents it does not read either by
//! seeking or by reading them into a 32 KiB buffer of its own. Reading
//! costs a copy of every byte of the layer, and ISA-L saves the last
//! 32 KiB of each call's output as history, so a 32 KiB read is copied
//! twice. Decoding into one large buffer and seeking over it leaves only
//! the history copy of each large call.

use std::io::{self, Read, Seek, SeekFrom};

/// Bytes decoded per call into the buffer.
const CHUNK: usize = 1 << 20;

pub(crate) struct SkipReader<R> {
    inner: R,
    buffer: Box<[u8]>,
    /// The unread bytes are `buffer[start..end]`.
    start: usize,
    end: usize,
    /// Bytes of the stream before `buffer[start]` (read or passed over):
    /// the position a seek returns, as the `tar` crate counts on.
    position: u64,
}

impl<R: Read> SkipReader<R> {
    pub(crate) fn new(inner: R) -> SkipReader<R> {
        SkipReader::with_capacity(CHUNK, inner)
    }

    fn with_capacity(capacity: usize, inner: R) -> SkipReader<R> {
        SkipReader {
            inner,
            buffer: vec![0; capacity.max(1)].into_boxed_slice(),
            start: 0,
            end: 0,
            position: 0,
        }
    }

    /// Refills the buffer once it is empty; `false` at the end of the stream.
    fn refill(&mut self) -> io::Result<bool> {
        if self.start < self.end {
            return Ok(true);
        }
        let n = loop {
            match self.inner.read(&mut self.buffer) {
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                result => break result?,
            }
        };
        self.start = 0;
        self.end = n;
        Ok(n > 0)
    }

    /// Passes over `n` bytes; an error if the stream ends first.
    pub(crate) fn skip(&mut self, mut n: u64) -> io::Result<()> {
        while n > 0 {
            if !self.refill()? {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    format!("the stream ends inside a file's contents ({n} more bytes declared)"),
                ));
            }
            let step = n.min((self.end - self.start) as u64);
            self.start += step as usize;
            self.position += step;
            n -= step;
        }
        Ok(())
    }

    /// Reads and drops the rest of the stream; the number of bytes dropped.
    pub(crate) fn drain(&mut self) -> io::Result<u64> {
        let mut total = 0;
        while self.refill()? {
            total += (self.end - self.start) as u64;
            self.position += (self.end - self.start) as u64;
            self.start = self.end;
        }
        Ok(total)
    }

    pub(crate) fn into_inner(self) -> R {
        self.inner
    }
}

impl<R: Read> Read for SkipReader<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if out.is_empty() || !self.refill()? {
            return Ok(0);
        }
        let n = out.len().min(self.end - self.start);
        out[..n].copy_from_slice(&self.buffer[self.start..self.start + n]);
        self.start += n;
        self.position += n as u64;
        Ok(n)
    }
}

/// Only forward, from the current position: what the `tar` crate does to
/// pass over contents. It returns the new position, from the start of the
/// stream.
impl<R: Read> Seek for SkipReader<R> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        match to {
            SeekFrom::Current(delta) if delta >= 0 => {
                self.skip(delta as u64)?;
                Ok(self.position)
            }
            _ => Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "a layer stream is read forward only",
            )),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A reader that hands out at most `step` bytes per call.
    struct Trickle<'a> {
        bytes: &'a [u8],
        step: usize,
    }

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = out.len().min(self.step).min(self.bytes.len());
            out[..n].copy_from_slice(&self.bytes[..n]);
            self.bytes = &self.bytes[n..];
            Ok(n)
        }
    }

    fn bytes(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i * 7 % 251) as u8).collect()
    }

    #[test]
    fn reads_skips_and_drains_across_refills() {
        let data = bytes(10_000);
        for (capacity, step) in [(1, 1), (16, 5), (64, 1000), (4096, 3)] {
            let source = Trickle { bytes: &data, step };
            let mut reader = SkipReader::with_capacity(capacity, source);
            let mut head = [0u8; 100];
            reader.read_exact(&mut head).unwrap();
            assert_eq!(head[..], data[..100]);
            assert_eq!(reader.seek(SeekFrom::Current(4_900)).unwrap(), 5_000);
            let mut next = [0u8; 7];
            reader.read_exact(&mut next).unwrap();
            assert_eq!(next[..], data[5_000..5_007], "capacity {capacity}");
            assert_eq!(reader.stream_position().unwrap(), 5_007);
            assert_eq!(reader.drain().unwrap(), 10_000 - 5_007);
            assert_eq!(reader.read(&mut next).unwrap(), 0);
        }
    }

    #[test]
    fn a_skip_past_the_end_is_an_error_and_other_seeks_are_refused() {
        let data = bytes(300);
        let mut reader = SkipReader::with_capacity(64, &data[..]);
        let err = reader.skip(301).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::UnexpectedEof);
        assert!(err.to_string().contains("(1 more bytes declared)"), "{err}");

        let mut reader = SkipReader::with_capacity(64, &data[..]);
        for to in [SeekFrom::Start(0), SeekFrom::End(0), SeekFrom::Current(-1)] {
            let err = reader.seek(to).unwrap_err();
            assert_eq!(err.kind(), io::ErrorKind::Unsupported);
        }
    }
}
