//! A reader between a tar stream and the `tar` crate that refuses
//! oversized extension headers before the crate reads them.
//!
//! The crate reads a GNU long name (`L`), long link (`K`) or PAX extended
//! header (`x`) whole into memory, whatever size its header declares: a
//! 2 MB layer holding a compressed 2 GiB long name makes it allocate
//! gigabytes. The guard follows the tar's block structure as the bytes
//! pass (headers, PAX `size` overrides, GNU sparse extension blocks, the
//! end-of-archive block) and fails the read that completes such a header
//! once its size is over [`MAX_TAR_LONG_NAME`] or [`MAX_TAR_PAX_HEADER`].
//! Headers are parsed by the crate's own `Header`, so both agree on sizes.

use super::limits::{MAX_TAR_LONG_NAME, MAX_TAR_PAX_HEADER};
use std::io::{self, Read, Seek, SeekFrom};

const BLOCK: u64 = 512;

enum State {
    /// Collecting a header block.
    Header {
        block: Box<[u8; 512]>,
        filled: usize,
    },
    /// Passing over an entry's contents and padding.
    Skip { remaining: u64 },
    /// Collecting a PAX extended header, for the `size` it may set.
    Pax {
        data: Vec<u8>,
        remaining: u64,
        padding: u64,
    },
    /// GNU sparse extension blocks, then the entry's contents.
    SparseExtension {
        block: Box<[u8; 512]>,
        filled: usize,
        contents: u64,
    },
    /// After the end-of-archive block: nothing more is parsed.
    End,
}

pub(crate) struct TarGuard<R> {
    inner: R,
    state: State,
    /// The `size` of the last PAX header, for the entry it describes.
    pax_size: Option<u64>,
    /// Offset in the tar of the next byte, for messages.
    offset: u64,
}

fn header_state() -> State {
    State::Header {
        block: Box::new([0; 512]),
        filled: 0,
    }
}

fn padded(size: u64) -> io::Result<u64> {
    size.checked_add(BLOCK - 1)
        .map(|s| s & !(BLOCK - 1))
        .ok_or_else(|| invalid("an entry size that overflows".into()))
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, message)
}

impl<R> TarGuard<R> {
    pub(crate) fn new(inner: R) -> TarGuard<R> {
        TarGuard {
            inner,
            state: header_state(),
            pax_size: None,
            offset: 0,
        }
    }

    /// Follows `bytes` through the tar's structure.
    fn follow(&mut self, mut bytes: &[u8]) -> io::Result<()> {
        while !bytes.is_empty() {
            match &mut self.state {
                State::End => return Ok(()),
                State::Skip { remaining } => {
                    let n = (*remaining).min(bytes.len() as u64);
                    *remaining -= n;
                    if *remaining == 0 {
                        self.state = header_state();
                    }
                    self.advance(&mut bytes, n as usize);
                }
                State::Header { block, filled } | State::SparseExtension { block, filled, .. } => {
                    let n = (512 - *filled).min(bytes.len());
                    block[*filled..*filled + n].copy_from_slice(&bytes[..n]);
                    *filled += n;
                    let full = *filled == 512;
                    self.advance(&mut bytes, n);
                    if full {
                        self.block_done()?;
                    }
                }
                State::Pax {
                    data,
                    remaining,
                    padding,
                } => {
                    let n = (*remaining).min(bytes.len() as u64) as usize;
                    data.extend_from_slice(&bytes[..n]);
                    *remaining -= n as u64;
                    if *remaining == 0 {
                        self.pax_size = tar::PaxExtensions::new(data)
                            .filter_map(Result::ok)
                            .filter(|e| e.key() == Ok("size"))
                            .find_map(|e| e.value().ok()?.parse::<u64>().ok());
                        self.state = match *padding {
                            0 => header_state(),
                            p => State::Skip { remaining: p },
                        };
                    }
                    self.advance(&mut bytes, n);
                }
            }
        }
        Ok(())
    }

    fn advance(&mut self, bytes: &mut &[u8], n: usize) {
        *bytes = &bytes[n..];
        self.offset += n as u64;
    }

    /// A header or sparse extension block is complete.
    fn block_done(&mut self) -> io::Result<()> {
        let header_at = self.offset - BLOCK;
        match std::mem::replace(&mut self.state, State::End) {
            State::SparseExtension {
                block, contents, ..
            } => {
                // `isextended` of a GNU sparse extension block.
                self.state = if block[504] != 0 {
                    State::SparseExtension {
                        block,
                        filled: 0,
                        contents,
                    }
                } else {
                    skip_or_header(contents)
                };
                Ok(())
            }
            State::Header { block, .. } => self.header(&block, header_at),
            _ => unreachable!("block_done is called with a block state"),
        }
    }

    fn header(&mut self, block: &[u8; 512], at: u64) -> io::Result<()> {
        if block.iter().all(|&b| b == 0) {
            // The end of the archive, as the tar crate reads it.
            self.state = State::End;
            return Ok(());
        }
        let header = tar::Header::from_byte_slice(block);
        // An unparsable size is the crate's error to report.
        let Ok(declared) = header.entry_size() else {
            self.state = State::End;
            return Ok(());
        };
        let kind = header.entry_type();
        let recognized = header.as_gnu().is_some() || header.as_ustar().is_some();
        let extension = kind.is_gnu_longname()
            || kind.is_gnu_longlink()
            || kind.is_pax_local_extensions()
            || kind.is_pax_global_extensions();
        if recognized && (kind.is_gnu_longname() || kind.is_gnu_longlink()) {
            if declared > MAX_TAR_LONG_NAME {
                let what = if kind.is_gnu_longname() {
                    "GNU long name"
                } else {
                    "GNU long link"
                };
                return Err(too_large(what, declared, MAX_TAR_LONG_NAME, at));
            }
            self.state = skip_or_header(padded(declared)?);
            return Ok(());
        }
        if recognized && kind.is_pax_local_extensions() {
            if declared > MAX_TAR_PAX_HEADER {
                return Err(too_large(
                    "PAX extended header",
                    declared,
                    MAX_TAR_PAX_HEADER,
                    at,
                ));
            }
            self.state = if declared == 0 {
                header_state()
            } else {
                State::Pax {
                    data: Vec::with_capacity(declared as usize),
                    remaining: declared,
                    padding: padded(declared)? - declared,
                }
            };
            return Ok(());
        }
        // The entry the extension headers described: PAX `size` overrides.
        let pax_size = self.pax_size.take();
        let size = match pax_size {
            Some(size) if !extension => size,
            _ => declared,
        };
        let contents = padded(size)?;
        self.state = match header.as_gnu() {
            Some(gnu) if kind.is_gnu_sparse() && gnu.is_extended() => State::SparseExtension {
                block: Box::new([0; 512]),
                filled: 0,
                contents,
            },
            _ => skip_or_header(contents),
        };
        Ok(())
    }

    /// Passes over `n` bytes the tar crate seeks over (contents it does
    /// not read).
    fn seeked(&mut self, n: u64) -> io::Result<()> {
        match &mut self.state {
            _ if n == 0 => {}
            State::End => {}
            State::Skip { remaining } if *remaining >= n => {
                *remaining -= n;
                if *remaining == 0 {
                    self.state = header_state();
                }
            }
            _ => {
                return Err(invalid(format!(
                    "tar: a seek over a header at offset {}",
                    self.offset
                )));
            }
        }
        self.offset += n;
        Ok(())
    }
}

fn skip_or_header(remaining: u64) -> State {
    match remaining {
        0 => header_state(),
        remaining => State::Skip { remaining },
    }
}

fn too_large(what: &str, size: u64, cap: u64, at: u64) -> io::Error {
    invalid(format!(
        "a {what} of {size} bytes at offset {at} of the tar, more than the {cap} relnotes reads"
    ))
}

impl<R: Read> Read for TarGuard<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.follow(&buf[..n])?;
        Ok(n)
    }
}

/// Seeking, as `tar::Archive::entries_with_seek` does to pass over
/// contents: only forward, over contents.
impl<R: Read + Seek> Seek for TarGuard<R> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        match to {
            SeekFrom::Current(delta) if delta >= 0 => {
                let position = self.inner.seek(to)?;
                self.seeked(delta as u64)?;
                Ok(position)
            }
            _ => Err(invalid("tar: only forward seeks over contents".into())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A header of `kind` declaring `size` bytes, without its contents.
    fn header(kind: tar::EntryType, size: u64) -> Vec<u8> {
        let mut h = tar::Header::new_gnu();
        h.set_entry_type(kind);
        h.set_path("././@LongLink").unwrap();
        h.set_size(size);
        h.set_cksum();
        h.as_bytes().to_vec()
    }

    fn entries(bytes: &[u8]) -> io::Result<Vec<String>> {
        let mut archive = tar::Archive::new(TarGuard::new(bytes));
        let mut names = Vec::new();
        for entry in archive.entries()? {
            let mut entry = entry?;
            names.push(entry.path()?.to_string_lossy().into_owned());
            io::copy(&mut entry, &mut io::sink())?;
        }
        Ok(names)
    }

    fn tar_of(build: impl FnOnce(&mut tar::Builder<Vec<u8>>)) -> Vec<u8> {
        let mut builder = tar::Builder::new(Vec::new());
        build(&mut builder);
        builder.into_inner().unwrap()
    }

    #[test]
    fn long_names_pax_and_sparse_entries_pass() {
        let long = "d/".repeat(200) + "file";
        let bytes = tar_of(|b| {
            let mut h = tar::Header::new_gnu();
            h.set_size(3);
            b.append_data(&mut h, &long, &b"abc"[..]).unwrap();
            let mut h = tar::Header::new_ustar();
            h.set_size(2);
            b.append_pax_extensions([("path", &b"pax/name"[..])])
                .unwrap();
            b.append_data(&mut h, "short", &b"xy"[..]).unwrap();
            let mut h = tar::Header::new_gnu();
            h.set_size(0);
            b.append_data(&mut h, "last", &[][..]).unwrap();
        });
        assert_eq!(
            entries(&bytes).unwrap(),
            [long.as_str(), "pax/name", "last"]
        );
    }

    #[test]
    fn a_pax_size_moves_the_next_header() {
        // The PAX record says 600 bytes, the ustar field 0: the crate
        // follows PAX, and so must the guard to find the next header. The
        // contents look like an oversized header, which a guard that
        // ignored the PAX size would refuse at offset 1536.
        let mut bytes = tar_of(|b| {
            b.append_pax_extensions([("size", &b"600"[..])]).unwrap();
            let mut h = tar::Header::new_ustar();
            h.set_size(0);
            h.set_path("big").unwrap();
            h.set_cksum();
            b.append(&h, &[][..]).unwrap();
        });
        bytes.truncate(1536); // the builder's end-of-archive blocks
        bytes.extend(oversized_long_name());
        bytes.extend_from_slice(&[7u8; 512]);
        bytes.extend(oversized_long_name());
        assert_refused_at(&bytes, 2560);
    }

    #[test]
    fn gnu_sparse_extension_blocks_are_followed() {
        // A sparse file of 1024 bytes stored as 512 (a hole, then data),
        // its map continued in an extension block before the data.
        let octal = |field: &mut [u8], value: u64| {
            let text = format!("{value:0width$o}\0", width = field.len() - 1);
            field.copy_from_slice(text.as_bytes());
        };
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(tar::EntryType::GNUSparse);
        header.set_path("sparse").unwrap();
        header.set_size(512);
        let gnu = header.as_gnu_mut().unwrap();
        octal(&mut gnu.sparse[0].offset, 512);
        octal(&mut gnu.sparse[0].numbytes, 512);
        octal(&mut gnu.realsize, 1024);
        gnu.isextended[0] = 1;
        header.set_cksum();
        let mut bytes = header.as_bytes().to_vec();
        bytes.extend_from_slice(&[0; 512]); // the extension block: no more
        // The data looks like an oversized header: a guard out of step
        // would refuse it (at offset 1024), one that missed the extension
        // block would take it for the end and refuse nothing.
        bytes.extend(oversized_long_name());
        bytes.extend(oversized_long_name());
        assert_refused_at(&bytes, 1536);
    }

    /// A GNU long-name header declaring 2 GiB.
    fn oversized_long_name() -> Vec<u8> {
        header(tar::EntryType::GNULongName, 2 << 30)
    }

    /// The guard refuses the header at `offset` (and nothing before it).
    fn assert_refused_at(bytes: &[u8], offset: u64) {
        let message = entries(bytes).unwrap_err().to_string();
        assert!(
            message.contains(&format!("at offset {offset} of the tar")),
            "{message}"
        );
    }

    #[test]
    fn oversized_extension_headers_are_refused_before_they_are_read() {
        for (kind, size, what) in [
            (tar::EntryType::GNULongName, 2 << 30, "GNU long name"),
            (tar::EntryType::GNULongLink, 1 << 40, "GNU long link"),
            (tar::EntryType::XHeader, 2 << 30, "PAX extended header"),
        ] {
            // The contents are not there: the guard must stop at the header.
            let err = entries(&header(kind, size)).unwrap_err();
            let message = err.to_string();
            assert!(message.contains(what), "{message}");
            assert!(
                message.contains(&format!("of {size} bytes at offset 0")),
                "{message}"
            );
        }
    }
}
