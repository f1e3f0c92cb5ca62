//! Gzip decoding of layer streams: most of what reading an image costs.
//!
//! Where the build found the system's `libisal` (build.rs, through
//! pkg-config; Debian: `libisal-dev`) layers inflate through ISA-L, which
//! picks its SSE, AVX2 or AVX-512 code for this CPU at run time and checks
//! each member's CRC-32 with carry-less multiplication; it inflates
//! faster than zlib-rs (docs/performance.md). Elsewhere flate2 on zlib-rs does the same
//! job, with its own run-time detection. Tests run against both backends
//! where ISA-L is built in.
//!
//! Either way the stream is read the way `gzip -d` reads it: every member
//! of a multi-member stream, each header in full (`FEXTRA`, `FNAME`,
//! `FCOMMENT`, `FHCRC` checked), each trailer's CRC-32 and length checked;
//! a stream cut short and bytes after the last member that are not another
//! member are errors. Memory is the decoder's state (about 85 KiB with
//! ISA-L: its 64 KiB history buffer), whatever the stream.

use std::io::{self, BufRead, Read};

#[cfg(isal)]
use isal as backend;
#[cfg(not(isal))]
use zlib as backend;

/// A reader of the decompressed bytes of a gzip stream read from `R`.
pub(crate) struct GzipDecoder<R: BufRead>(backend::Decoder<R>);

impl<R: BufRead> GzipDecoder<R> {
    pub(crate) fn new(inner: R) -> GzipDecoder<R> {
        GzipDecoder(backend::Decoder::new(inner))
    }
}

impl<R: BufRead> Read for GzipDecoder<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf)
    }
}

/// Which inflate this build uses, for messages and benchmarks.
pub const BACKEND: &str = backend::NAME;

/// What build.rs found: the inflate this build uses and why, for
/// `relnotes --version`.
pub const BUILT_WITH: &str = env!("RELNOTES_INFLATE");

/// ISA-L through its C API: the crate's only `unsafe` code.
#[cfg(isal)]
#[allow(unsafe_code)]
mod isal {
    use isal_sys::igzip_lib as ffi;
    use std::io::{self, BufRead, Read};

    pub(super) const NAME: &str = "ISA-L";

    /// RFC 1952's reserved header flag bits, which must be zero.
    const RESERVED_FLAGS: u32 = 0xe0;
    const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

    pub(super) struct Decoder<R> {
        inner: R,
        /// ISA-L's inflate state. Between calls its buffer pointers are null
        /// (see [`call`]); it keeps the history it needs in itself.
        state: Box<ffi::inflate_state>,
        /// The header of the current member, kept across calls: ISA-L
        /// resumes a header split between reads from it (its own header
        /// reading inside `isal_inflate` forgets the flags at a split).
        /// No buffers: the name, comment and extra field are skipped.
        header: ffi::isal_gzip_header,
        /// Members started so far (for messages).
        members: u64,
    }

    impl<R: BufRead> Read for Decoder<R> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            self.decode(out)
        }
    }

    impl<R: BufRead> Decoder<R> {
        pub(super) fn new(inner: R) -> Decoder<R> {
            // SAFETY: both structs are integers, arrays and raw pointers,
            // for which all zeros is a valid value; the init functions then
            // set what ISA-L reads.
            let mut state = zeroed_state();
            let mut header: ffi::isal_gzip_header = unsafe { std::mem::zeroed() };
            // SAFETY: valid, exclusively borrowed structs.
            unsafe {
                ffi::isal_inflate_init(&mut *state);
                ffi::isal_gzip_header_init(&mut header);
            }
            state.crc_flag = ffi::ISAL_GZIP;
            Decoder {
                inner,
                state,
                header,
                members: 1,
            }
        }

        fn decode(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if out.is_empty() {
                return Ok(0);
            }
            loop {
                let input = self.inner.fill_buf()?;
                let at_end = input.is_empty();
                if member_ended(&self.state) {
                    if at_end {
                        return Ok(0);
                    }
                    // More bytes after a member: they must be another one.
                    // (Checked here too so that a short tail is named for
                    // what it is, not as a truncated header.)
                    if !GZIP_MAGIC.starts_with(&input[..input.len().min(2)]) {
                        self.members += 1;
                        return Err(self.error(ffi::ISAL_INVALID_WRAPPER));
                    }
                    // SAFETY: valid, exclusively borrowed structs.
                    unsafe {
                        ffi::isal_inflate_reset(&mut *self.state);
                        ffi::isal_gzip_header_init(&mut self.header);
                    }
                    self.state.crc_flag = ffi::ISAL_GZIP;
                    self.members += 1;
                }
                let in_header = self.state.wrapper_flag == 0;
                let header = &mut self.header;
                let (consumed, produced, code) = if in_header {
                    // SAFETY: `call` points the state at `input` only.
                    call(&mut self.state, input, &mut [], |state| unsafe {
                        ffi::isal_read_gzip_header(state, header)
                    })
                } else {
                    // SAFETY: `call` points the state at `input` and `out`.
                    call(&mut self.state, input, out, |state| unsafe {
                        ffi::isal_inflate(state)
                    })
                };
                self.inner.consume(consumed);
                if code < 0 {
                    return Err(self.error(code));
                }
                if in_header && self.state.wrapper_flag != 0 {
                    if self.header.flags & RESERVED_FLAGS != 0 {
                        return Err(self.invalid("reserved header flags are set"));
                    }
                    continue;
                }
                if produced > 0 {
                    return Ok(produced);
                }
                if member_ended(&self.state) {
                    continue;
                }
                if at_end {
                    return Err(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        format!(
                            "gzip: the stream ends inside member {} (truncated)",
                            self.members
                        ),
                    ));
                }
                if consumed == 0 {
                    // Not reachable with input and room for output; never
                    // spin if it were.
                    return Err(self.error(ffi::ISAL_INVALID_BLOCK));
                }
            }
        }

        fn error(&self, code: i32) -> io::Error {
            self.invalid(match code {
                ffi::ISAL_INVALID_WRAPPER if self.members > 1 => {
                    "bytes after the end of the stream that are not a gzip member"
                }
                ffi::ISAL_INVALID_WRAPPER => "not a gzip header",
                ffi::ISAL_UNSUPPORTED_METHOD => "compression method is not deflate",
                ffi::ISAL_INCORRECT_CHECKSUM => {
                    "checksum mismatch (the header CRC, or the trailer's CRC-32 or length)"
                }
                ffi::ISAL_INVALID_BLOCK => "invalid deflate block",
                ffi::ISAL_INVALID_SYMBOL => "invalid deflate code",
                ffi::ISAL_INVALID_LOOKBACK => "back-reference before the start of the data",
                _ => "corrupt deflate data",
            })
        }

        fn invalid(&self, what: &str) -> io::Error {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("gzip member {}: {what}", self.members),
            )
        }
    }

    /// A zeroed state on the heap, never on the stack (it is 85 KiB).
    fn zeroed_state() -> Box<ffi::inflate_state> {
        let layout = std::alloc::Layout::new::<ffi::inflate_state>();
        // SAFETY: the layout is not zero-sized; all zeros is a valid
        // `inflate_state` (see `Decoder::new`), and the allocation has the
        // layout `Box` frees it with.
        unsafe {
            let raw = std::alloc::alloc_zeroed(layout).cast::<ffi::inflate_state>();
            if raw.is_null() {
                std::alloc::handle_alloc_error(layout);
            }
            Box::from_raw(raw)
        }
    }

    fn member_ended(state: &ffi::inflate_state) -> bool {
        state.block_state == ffi::isal_block_state_ISAL_BLOCK_FINISH
    }

    /// Runs one ISA-L function on `state` pointed at `input` and `out`:
    /// (bytes consumed, bytes produced, its return code). The pointers are
    /// cleared afterwards, so that the state never outlives a buffer.
    fn call(
        state: &mut ffi::inflate_state,
        input: &[u8],
        out: &mut [u8],
        run: impl FnOnce(&mut ffi::inflate_state) -> i32,
    ) -> (usize, usize, i32) {
        // ISA-L counts in u32: a longer slice is used in part.
        let in_len = input.len().min(u32::MAX as usize);
        let out_len = out.len().min(u32::MAX as usize);
        state.next_in = input.as_ptr().cast_mut();
        state.avail_in = in_len as u32;
        state.next_out = out.as_mut_ptr();
        state.avail_out = out_len as u32;
        // ISA-L reads and writes only within `next_in`/`avail_in`,
        // `next_out`/`avail_out` and the state itself.
        let code = run(state);
        let consumed = in_len - state.avail_in as usize;
        let produced = out_len - state.avail_out as usize;
        state.next_in = std::ptr::null_mut();
        state.avail_in = 0;
        state.next_out = std::ptr::null_mut();
        state.avail_out = 0;
        (consumed, produced, code)
    }
}

/// Compiled beside ISA-L in tests, so that both backends are tested.
#[cfg(any(not(isal), test))]
mod zlib {
    use flate2::bufread::MultiGzDecoder;
    use std::io::{self, BufRead, Read};

    #[cfg_attr(isal, allow(dead_code))]
    pub(super) const NAME: &str = "zlib-rs";

    /// Boxed: the state is tens of KiB.
    pub(super) struct Decoder<R: BufRead>(Box<MultiGzDecoder<R>>);

    impl<R: BufRead> Decoder<R> {
        pub(super) fn new(inner: R) -> Decoder<R> {
            Decoder(Box::new(MultiGzDecoder::new(inner)))
        }
    }

    impl<R: BufRead> Read for Decoder<R> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            self.0.read(out)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    /// Text with long matches and incompressible runs, so that every kind
    /// of deflate block and back-reference occurs.
    fn sample(len: usize) -> Vec<u8> {
        let mut out = Vec::with_capacity(len);
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        while out.len() < len {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x.is_multiple_of(3) {
                out.extend_from_slice(&x.to_le_bytes());
            } else {
                out.extend_from_slice(format!("line {} of the layer\n", x % 97).as_bytes());
            }
        }
        out.truncate(len);
        out
    }

    fn gzip(data: &[u8], level: u32) -> Vec<u8> {
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::new(level));
        enc.write_all(data).unwrap();
        enc.finish().unwrap()
    }

    /// The backends this build has: each test runs against every one.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    enum Backend {
        #[cfg(isal)]
        Isal,
        Zlib,
    }

    const BACKENDS: &[Backend] = &[
        #[cfg(isal)]
        Backend::Isal,
        Backend::Zlib,
    ];

    /// Decodes `blob` with `backend`, reading into buffers of `chunk`
    /// bytes from an input buffer of `input` bytes.
    fn decode_with(
        backend: Backend,
        blob: &[u8],
        input: usize,
        chunk: usize,
    ) -> io::Result<Vec<u8>> {
        let inner = io::BufReader::with_capacity(input, blob);
        let mut decoder: Box<dyn Read + '_> = match backend {
            #[cfg(isal)]
            Backend::Isal => Box::new(isal::Decoder::new(inner)),
            Backend::Zlib => Box::new(zlib::Decoder::new(inner)),
        };
        let mut out = Vec::new();
        let mut buf = vec![0; chunk];
        loop {
            let n = decoder.read(&mut buf)?;
            if n == 0 {
                return Ok(out);
            }
            out.extend_from_slice(&buf[..n]);
        }
    }

    fn decode(backend: Backend, blob: &[u8]) -> io::Result<Vec<u8>> {
        decode_with(backend, blob, 64 << 10, 256 << 10)
    }

    /// Whether error messages and kinds are relnotes' own (ISA-L's codes
    /// are named here; flate2 words and classes its own).
    fn own_messages(backend: Backend) -> bool {
        backend != Backend::Zlib
    }

    #[test]
    fn any_buffer_sizes_give_the_same_bytes() {
        let data = sample(1 << 20);
        for &backend in BACKENDS {
            for level in [0, 1, 6, 9] {
                let blob = gzip(&data, level);
                for (input, chunk) in [
                    (1, 1 << 20),
                    (7, 512),
                    (4096, 1),
                    (64 << 10, 33),
                    (1 << 20, 1 << 20),
                ] {
                    if level == 9 && chunk < 512 {
                        continue; // slow, and level 6 covers it
                    }
                    let out = decode_with(backend, &blob, input, chunk).unwrap();
                    assert!(
                        out == data,
                        "{backend:?}: level {level}, input {input}, chunk {chunk}"
                    );
                }
            }
        }
    }

    #[test]
    fn every_member_of_a_multi_member_stream_is_read() {
        let (a, b) = (sample(100_000), b"second member\n".to_vec());
        let mut blob = gzip(&a, 6);
        blob.extend(gzip(&b, 1));
        blob.extend(gzip(b"", 6));
        blob.extend(gzip(&a, 0));
        let expected = [&a[..], &b[..], &a[..]].concat();
        for &backend in BACKENDS {
            assert!(decode(backend, &blob).unwrap() == expected, "{backend:?}");
            let small = decode_with(backend, &blob, 3, 1000).unwrap();
            assert!(small == expected, "{backend:?}");
        }
    }

    #[test]
    fn header_fields_are_skipped_and_the_header_crc_checked() {
        let data = sample(50_000);
        let mut plain = Vec::new();
        flate2::GzBuilder::new()
            .extra(vec![7; 300])
            .filename("layer.tar")
            .comment("a comment")
            .mtime(1_700_000_000)
            .write(&mut plain, flate2::Compression::default())
            .write_all(&data)
            .unwrap();
        // The same member with FHCRC: the CRC-32 of the header, low 16 bits.
        let header_len = 10 + 2 + 300 + "layer.tar\0".len() + "a comment\0".len();
        let mut header = plain[..header_len].to_vec();
        header[3] |= 0x02;
        let mut crc = flate2::Crc::new();
        crc.update(&header);
        let hcrc = (crc.sum() as u16).to_le_bytes();
        let with_hcrc = [&header[..], &hcrc, &plain[header_len..]].concat();
        let wrong = [&header[..], &[hcrc[0] ^ 1, hcrc[1]], &plain[header_len..]].concat();
        for &backend in BACKENDS {
            assert!(decode(backend, &plain).unwrap() == data, "{backend:?}");
            let small = decode_with(backend, &plain, 1, 4096).unwrap();
            assert!(small == data, "{backend:?}");
            assert!(decode(backend, &with_hcrc).unwrap() == data, "{backend:?}");
            assert!(decode(backend, &wrong).is_err(), "{backend:?}");
        }
    }

    #[test]
    fn reserved_header_flags_are_refused() {
        let mut blob = gzip(b"data", 6);
        blob[3] |= 0x20;
        for &backend in BACKENDS {
            let err = decode(backend, &blob).unwrap_err();
            if own_messages(backend) {
                assert!(err.to_string().contains("reserved header flags"), "{err}");
            }
        }
    }

    #[test]
    fn a_truncated_stream_is_an_error() {
        let blob = gzip(&sample(200_000), 6);
        // Cut inside a second member.
        let mut two = gzip(b"one", 6);
        two.extend_from_slice(&blob[..blob.len() / 3]);
        for &backend in BACKENDS {
            for cut in [
                0,
                1,
                2,
                9,
                10,
                100,
                blob.len() / 2,
                blob.len() - 8,
                blob.len() - 1,
            ] {
                let err = decode(backend, &blob[..cut]).unwrap_err();
                if own_messages(backend) && cut > 0 {
                    assert!(err.to_string().contains("truncated"), "cut {cut}: {err}");
                }
            }
            assert!(decode(backend, &two).is_err(), "{backend:?}");
        }
    }

    #[test]
    fn bytes_after_the_last_member_are_an_error() {
        let data = sample(10_000);
        for &backend in BACKENDS {
            for tail in [&b"garbage"[..], &[0u8; 16], &[0x1f], &[0x1f, 0x8b, 8, 0]] {
                let blob = [&gzip(&data, 6)[..], tail].concat();
                let err = decode(backend, &blob).unwrap_err();
                if own_messages(backend) && tail.len() > 4 {
                    assert!(
                        err.to_string()
                            .contains("gzip member 2: bytes after the end"),
                        "{err}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_wrong_trailer_or_method_is_an_error() {
        let blob = gzip(&sample(10_000), 6);
        let n = blob.len();
        for &backend in BACKENDS {
            for (at, what) in [
                (n - 8, "CRC-32"),
                (n - 1, "length"),
                (2, "method"),
                (0, "magic"),
            ] {
                let mut bad = blob.clone();
                bad[at] ^= 0x10;
                let err = decode(backend, &bad).unwrap_err();
                let context = format!("{backend:?}, {what}: {err}");
                if own_messages(backend) {
                    assert_eq!(err.kind(), io::ErrorKind::InvalidData, "{context}");
                    assert!(err.to_string().contains("gzip"), "{context}");
                }
            }
        }
    }

    #[test]
    fn flipped_bits_end_in_bytes_or_an_error() {
        let data = sample(20_000);
        let blob = gzip(&data, 6);
        for &backend in BACKENDS {
            let mut x: u64 = 1;
            for _ in 0..300 {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mut bad = blob.clone();
                let at = (x >> 33) as usize % bad.len();
                bad[at] ^= 1 << (x % 8);
                // A flip in the header's mtime, flags or OS byte may decode.
                if let Ok(out) = decode(backend, &bad) {
                    assert!(
                        out == data,
                        "{backend:?}: a flip at {at} decoded to other bytes"
                    );
                }
            }
        }
    }
}
