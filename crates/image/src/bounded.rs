//! Readers that stop where they should: a blob at its descriptor's size,
//! a document at its cap, and files that are regular files inside the
//! directory they belong to.

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// A blob stream cut at the size its descriptor declares: reading past it
/// fails (one byte more is enough to know), so a source that keeps
/// sending cannot make relnotes read on. A shorter stream ends early; the
/// reader compares the count with the descriptor.
pub(crate) struct Bounded<R> {
    inner: R,
    remaining: u64,
    declared: u64,
}

impl<R: Read> Bounded<R> {
    pub(crate) fn new(inner: R, declared: u64) -> Bounded<R> {
        Bounded {
            inner,
            remaining: declared,
            declared,
        }
    }
}

/// The error of a blob longer than its descriptor.
#[derive(Debug)]
struct Overrun {
    declared: u64,
}

impl std::fmt::Display for Overrun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the blob is longer than the {} bytes its descriptor says",
            self.declared
        )
    }
}

impl std::error::Error for Overrun {}

/// Whether `e` is a [`Bounded`] reader's "longer than declared".
pub(crate) fn is_overrun(e: &io::Error) -> bool {
    e.get_ref().is_some_and(|inner| inner.is::<Overrun>())
}

impl<R: Read> Read for Bounded<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        if self.remaining == 0 {
            let mut probe = [0u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    Overrun {
                        declared: self.declared,
                    },
                )),
            };
        }
        let max = buf
            .len()
            .min(usize::try_from(self.remaining).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..max])?;
        self.remaining -= n as u64;
        Ok(n)
    }
}

/// Why [`read_capped`] gave up.
#[derive(Debug)]
pub(crate) enum CapError {
    Io(io::Error),
    /// More than the cap.
    TooLarge,
}

/// Reads a whole stream of at most `cap` bytes; reads one byte past the cap
/// at most, whatever the source would send.
pub(crate) fn read_capped(reader: impl Read, cap: u64) -> Result<Vec<u8>, CapError> {
    let mut bytes = Vec::new();
    reader
        .take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(CapError::Io)?;
    if bytes.len() as u64 > cap {
        return Err(CapError::TooLarge);
    }
    Ok(bytes)
}

/// Why a file was not opened.
#[derive(Debug)]
pub(crate) enum OpenError {
    NotFound,
    Io(io::Error),
    /// A FIFO, a device, a directory…: what it is.
    NotRegular(&'static str),
    /// A symlink leading out of the directory: where to.
    Outside(PathBuf),
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::NotFound => write!(f, "it does not exist"),
            OpenError::Io(e) => write!(f, "cannot read it: {e}"),
            OpenError::NotRegular(kind) => write!(f, "it is a {kind}, not a regular file"),
            OpenError::Outside(target) => write!(
                f,
                "it is a symlink to {}, outside the directory; relnotes does not follow it",
                target.display()
            ),
        }
    }
}

/// Opens `path` for reading if it is a regular file (after symlinks) and,
/// with `within`, resolves to somewhere inside that directory. The type is
/// checked before opening, since opening a FIFO would wait for a writer.
pub(crate) fn open_regular(path: &Path, within: Option<&Path>) -> Result<File, OpenError> {
    let io = |e: io::Error| match e.kind() {
        io::ErrorKind::NotFound => OpenError::NotFound,
        _ => OpenError::Io(e),
    };
    if let Some(dir) = within {
        let real = path.canonicalize().map_err(io)?;
        let root = dir.canonicalize().map_err(io)?;
        if !real.starts_with(&root) {
            return Err(OpenError::Outside(real));
        }
    }
    check_regular(&std::fs::metadata(path).map_err(io)?)?;
    let file = File::open(path).map_err(io)?;
    // The path may have been swapped between the check and the open.
    check_regular(&file.metadata().map_err(io)?)?;
    Ok(file)
}

/// `Ok` for a regular file; else what the file is.
pub(crate) fn check_regular(metadata: &std::fs::Metadata) -> Result<(), OpenError> {
    use std::os::unix::fs::FileTypeExt;
    let kind = metadata.file_type();
    let what = if kind.is_file() {
        return Ok(());
    } else if kind.is_dir() {
        "directory"
    } else if kind.is_fifo() {
        "FIFO"
    } else if kind.is_char_device() {
        "character device"
    } else if kind.is_block_device() {
        "block device"
    } else if kind.is_socket() {
        "socket"
    } else {
        "special file"
    };
    Err(OpenError::NotRegular(what))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_stops_at_the_declared_size() {
        let mut out = Vec::new();
        Bounded::new(&b"abc"[..], 3).read_to_end(&mut out).unwrap();
        assert_eq!(out, b"abc");
        // Shorter: ends early, the caller compares the count.
        out.clear();
        Bounded::new(&b"ab"[..], 3).read_to_end(&mut out).unwrap();
        assert_eq!(out, b"ab");
        // Longer: an error, and no more than one byte past the size read.
        let mut source = io::repeat(7);
        let err = Bounded::new(&mut source, 5)
            .read_to_end(&mut Vec::new())
            .unwrap_err();
        assert!(err.to_string().contains("longer than the 5 bytes"), "{err}");
        assert!(is_overrun(&err));
    }

    #[test]
    fn capped_reads() {
        assert_eq!(read_capped(&b"abcd"[..], 4).unwrap(), b"abcd");
        assert!(matches!(
            read_capped(io::repeat(0), 1 << 10),
            Err(CapError::TooLarge)
        ));
    }

    #[test]
    fn only_regular_files_inside_the_directory_open() {
        let dir = tempfile::tempdir().unwrap();
        let inside = dir.path().join("blob");
        std::fs::write(&inside, b"x").unwrap();
        assert!(open_regular(&inside, Some(dir.path())).is_ok());
        let link = dir.path().join("link");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        assert!(matches!(
            open_regular(&link, Some(dir.path())),
            Err(OpenError::Outside(_))
        ));
        assert!(matches!(
            open_regular(&link, None),
            Err(OpenError::NotRegular("character device"))
        ));
        assert!(matches!(
            open_regular(dir.path(), None),
            Err(OpenError::NotRegular("directory"))
        ));
        assert!(matches!(
            open_regular(&dir.path().join("none"), None),
            Err(OpenError::NotFound)
        ));
    }
}
