//! Reading a project's own files: `relnotes.toml`, the records under
//! `releases/`, `import.toml` and the templates.
//!
//! These files come with the project, from whoever changed it (a pull
//! request to a docs repository, say), so each is read only when it is a
//! regular file inside the directory it belongs to. A link that leads out
//! of it (to `/proc/self/environ`, `~/.docker/config.json`) would put what
//! it points at into a page or an error message; a FIFO or a device would
//! block or never end. A link that stays inside is followed. A refusal
//! names the path, never what is behind it.

use crate::record::shown;
use std::fs::{self, File};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// Why a project's file is not read.
#[derive(Debug, thiserror::Error)]
pub enum ProjectFileError {
    /// The path, or a directory on the way to it, is a link that leads out
    /// of `root`.
    #[error("{} leads outside {}: relnotes reads a project's files only inside it\n  = hint: put the file itself there (a link is followed only when it stays inside)", shown(path).display(), shown(root).display())]
    Outside {
        /// The file as it was asked for.
        path: PathBuf,
        /// The directory it must stay inside.
        root: PathBuf,
    },
    /// The path is a link whose target does not exist.
    #[error("{} is a link to nothing\n  = hint: put the file itself there, or remove the link", shown(path).display())]
    BrokenLink {
        /// The link.
        path: PathBuf,
    },
    /// A FIFO, a device, a socket or a directory.
    #[error("{} is {kind}, not a regular file\n  = hint: records, templates and the project's other files are read only as regular files", shown(path).display())]
    NotAFile {
        /// The file as it was asked for.
        path: PathBuf,
        /// What it is instead ("a FIFO" …).
        kind: &'static str,
    },
    /// The file is longer than the bound it is read with.
    #[error("{} is larger than {} bytes, the most relnotes reads of it", shown(path).display(), limit)]
    TooLarge {
        /// The file.
        path: PathBuf,
        /// The bound, in bytes.
        limit: u64,
    },
    /// Reading failed (the file is not there, permissions …).
    #[error("cannot read {}: {source}", shown(path).display())]
    Io {
        /// The file, or the root when that cannot be resolved.
        path: PathBuf,
        /// Why.
        #[source]
        source: io::Error,
    },
}

impl ProjectFileError {
    /// Whether there is no file (and no link) at the path at all.
    pub fn is_not_found(&self) -> bool {
        matches!(self, ProjectFileError::Io { source, .. } if source.kind() == io::ErrorKind::NotFound)
    }
}

/// The bytes of `path`, a regular file inside `root` (see the module docs).
pub fn read(root: &Path, path: &Path) -> Result<Vec<u8>, ProjectFileError> {
    read_bounded(root, path, None)
}

/// The bytes of `path`, a regular file inside `root` of at most `limit`
/// bytes; no more than `limit + 1` bytes are read.
pub fn read_at_most(root: &Path, path: &Path, limit: u64) -> Result<Vec<u8>, ProjectFileError> {
    read_bounded(root, path, Some(limit))
}

/// Whether something other than a directory (a file, a link, a FIFO …)
/// has the name `path`: what a listing names, to be refused when read
/// unless it is a file inside.
pub fn present(path: &Path) -> bool {
    fs::symlink_metadata(path).is_ok_and(|meta| !meta.is_dir())
}

fn read_bounded(root: &Path, path: &Path, limit: Option<u64>) -> Result<Vec<u8>, ProjectFileError> {
    let io = |source| ProjectFileError::Io {
        path: path.to_path_buf(),
        source,
    };
    let link = fs::symlink_metadata(path).map_err(io)?.is_symlink();
    let target = fs::canonicalize(path).map_err(|source| {
        if link && source.kind() == io::ErrorKind::NotFound {
            ProjectFileError::BrokenLink {
                path: path.to_path_buf(),
            }
        } else {
            io(source)
        }
    })?;
    let inside = fs::canonicalize(root).map_err(|source| ProjectFileError::Io {
        path: root.to_path_buf(),
        source,
    })?;
    if !target.starts_with(&inside) {
        return Err(ProjectFileError::Outside {
            path: path.to_path_buf(),
            root: root.to_path_buf(),
        });
    }
    let not_a_file = |kind: &fs::FileType| ProjectFileError::NotAFile {
        path: path.to_path_buf(),
        kind: crate::output::file_kind(kind),
    };
    let kind = fs::metadata(&target).map_err(io)?.file_type();
    if !kind.is_file() {
        return Err(not_a_file(&kind));
    }
    // Checked again on the open file: what is at the name may have changed
    // since, and a FIFO put there meanwhile must not block the open.
    let file = open_without_blocking(&target).map_err(io)?;
    let kind = file.metadata().map_err(io)?.file_type();
    if !kind.is_file() {
        return Err(not_a_file(&kind));
    }
    let mut bytes = Vec::new();
    match limit {
        Some(limit) => {
            file.take(limit.saturating_add(1))
                .read_to_end(&mut bytes)
                .map_err(io)?;
            if bytes.len() as u64 > limit {
                return Err(ProjectFileError::TooLarge {
                    path: path.to_path_buf(),
                    limit,
                });
            }
        }
        None => {
            let mut file = file;
            file.read_to_end(&mut bytes).map_err(io)?;
        }
    }
    Ok(bytes)
}

/// Opens a file a user named (a page to import) for reading. A link is
/// followed, as the user chose the path; anything but a regular file (a
/// FIFO, a device, a directory) is refused without waiting for a writer:
/// an error of kind `InvalidInput` saying what it is.
pub fn open_regular(path: &Path) -> io::Result<File> {
    let file = open_following(path)?;
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "it is {}, not a regular file",
                crate::output::file_kind(&kind)
            ),
        ));
    }
    Ok(file)
}

#[cfg(unix)]
fn open_following(path: &Path) -> io::Result<File> {
    use rustix::fs::{Mode, OFlags};
    let flags = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::CLOEXEC;
    let file = File::from(rustix::fs::open(path, flags, Mode::empty())?);
    Ok(file)
}

#[cfg(not(unix))]
fn open_following(path: &Path) -> io::Result<File> {
    File::open(path)
}

/// Opens `path` for reading without following a link at its last
/// component and without waiting for a writer (a FIFO).
#[cfg(unix)]
fn open_without_blocking(path: &Path) -> io::Result<File> {
    use rustix::fs::{Mode, OFlags};
    let flags = OFlags::RDONLY | OFlags::NONBLOCK | OFlags::NOFOLLOW | OFlags::CLOEXEC;
    Ok(File::from(rustix::fs::open(path, flags, Mode::empty())?))
}

#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> io::Result<File> {
    File::open(path)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn project() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        fs::create_dir(dir.path().join("sub")).unwrap();
        fs::write(dir.path().join("sub/inside.txt"), "inside").unwrap();
        dir
    }

    #[test]
    fn a_link_that_stays_inside_is_followed() {
        let dir = project();
        let link = dir.path().join("link.txt");
        symlink("sub/inside.txt", &link).unwrap();
        assert_eq!(read(dir.path(), &link).unwrap(), b"inside");
        // And through a linked directory that stays inside.
        symlink("sub", dir.path().join("alias")).unwrap();
        let through = dir.path().join("alias/inside.txt");
        assert_eq!(read(dir.path(), &through).unwrap(), b"inside");
    }

    #[test]
    fn a_link_that_leaves_is_refused_without_its_content() {
        let outside = tempfile::tempdir().unwrap();
        let secret = outside.path().join("secret");
        fs::write(&secret, "TOKEN=hunter2").unwrap();
        let dir = project();
        let link = dir.path().join("sub/leak.txt");
        symlink(&secret, &link).unwrap();
        let err = read(dir.path(), &link).unwrap_err();
        assert!(matches!(err, ProjectFileError::Outside { .. }), "{err}");
        assert!(!err.to_string().contains("hunter2"), "{err}");
        // A directory link that leaves counts the same.
        symlink(outside.path(), dir.path().join("out")).unwrap();
        let err = read(dir.path(), &dir.path().join("out/secret")).unwrap_err();
        assert!(matches!(err, ProjectFileError::Outside { .. }), "{err}");
    }

    #[test]
    fn fifos_devices_and_broken_links_are_refused() {
        let dir = project();
        let fifo = dir.path().join("pipe");
        rustix::fs::mkfifoat(rustix::fs::CWD, &fifo, rustix::fs::Mode::RUSR).unwrap();
        let err = read(dir.path(), &fifo).unwrap_err();
        assert!(
            err.to_string().contains("is a FIFO, not a regular file"),
            "{err}"
        );
        let err = read(Path::new("/dev"), Path::new("/dev/zero")).unwrap_err();
        assert!(err.to_string().contains("a device"), "{err}");
        let broken = dir.path().join("broken");
        symlink("nothing-here", &broken).unwrap();
        let err = read(dir.path(), &broken).unwrap_err();
        assert!(matches!(err, ProjectFileError::BrokenLink { .. }), "{err}");
        assert!(!err.is_not_found());
        assert!(
            read(dir.path(), &dir.path().join("absent"))
                .unwrap_err()
                .is_not_found()
        );
    }

    #[test]
    fn a_bound_reads_one_byte_past_it() {
        let dir = project();
        let path = dir.path().join("sub/inside.txt");
        assert_eq!(read_at_most(dir.path(), &path, 6).unwrap(), b"inside");
        let err = read_at_most(dir.path(), &path, 5).unwrap_err();
        assert!(
            matches!(err, ProjectFileError::TooLarge { limit: 5, .. }),
            "{err}"
        );
    }
}
