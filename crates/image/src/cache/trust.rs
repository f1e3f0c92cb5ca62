//! What the cache trusts on disk: a directory that no one but its owner
//! (the user running relnotes, or root) may write, and in it regular files
//! only, opened without following a link and without waiting (a FIFO would
//! block the open, `/dev/zero` would never end).

use crate::bounded::{OpenError, check_regular};
use rustix::fs::{Mode, OFlags};
use std::fs::{self, File, Metadata};
use std::io;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// Why the cache in `dir` must not be used, if it must not: `dir` or its
/// `layers` belongs to another user, anyone may write it (without the
/// sticky bit), or `layers` is a symlink or no directory. A part that does
/// not exist yet is fine: relnotes creates it, readable by its owner only.
pub(crate) fn distrust(dir: &Path) -> Option<String> {
    // The directory the user named may be a link to where they keep
    // caches; inside it, nothing is followed.
    let parts = [
        (dir.to_path_buf(), fs::metadata(dir)),
        (dir.join("layers"), fs::symlink_metadata(dir.join("layers"))),
    ];
    for (path, metadata) in parts {
        let metadata = match metadata {
            Ok(metadata) => metadata,
            // Created when first written (or that fails, with its warning).
            Err(e) if is_absent(&e) => return None,
            Err(e) => return Some(format!("cannot inspect {}: {e}", path.display())),
        };
        if let Some(why) = unsafe_directory(&metadata) {
            return Some(format!("{} {why}", path.display()));
        }
    }
    None
}

fn is_absent(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
    )
}

/// What makes a directory unsafe to keep entries in, if anything.
fn unsafe_directory(metadata: &Metadata) -> Option<String> {
    let kind = metadata.file_type();
    if kind.is_symlink() {
        return Some("is a symlink; relnotes follows no link inside its cache".into());
    }
    if !kind.is_dir() {
        return Some("is not a directory".into());
    }
    if let Some(owner) = foreign_owner(metadata) {
        return Some(format!(
            "belongs to another user (uid {owner}): they could plant entries in it"
        ));
    }
    let mode = metadata.mode();
    if mode & 0o002 != 0 && mode & 0o1000 == 0 {
        return Some(format!(
            "is writable by anyone (mode {:04o}, no sticky bit): others could plant entries in it",
            mode & 0o7777
        ));
    }
    None
}

/// The owner of a file or directory that belongs to neither the user
/// running relnotes nor root.
fn foreign_owner(metadata: &Metadata) -> Option<u32> {
    let owner = metadata.uid();
    let me = rustix::process::geteuid().as_raw();
    (owner != me && owner != 0).then_some(owner)
}

/// Why a cache file was not opened.
#[derive(Debug)]
pub(crate) enum Refused {
    Missing,
    /// What is wrong with it, for a warning.
    Unusable(String),
}

/// Opens the entry at `path` for reading: a regular file, not a symlink,
/// without blocking on a FIFO.
pub(crate) fn open_entry(path: &Path) -> Result<File, Refused> {
    open_file(path, OFlags::RDONLY)
}

/// Opens (creating it, private) the lock file at `path`: a regular file
/// of the user running relnotes (or root), not a symlink, without blocking
/// on a FIFO. An error says what is wrong.
pub(crate) fn open_lock(path: &Path) -> io::Result<File> {
    let refused = |why: String| io::Error::other(format!("{}: {why}", path.display()));
    let file = match open_file(path, OFlags::WRONLY | OFlags::CREATE) {
        Ok(file) => file,
        Err(Refused::Missing) => return Err(io::ErrorKind::NotFound.into()),
        Err(Refused::Unusable(why)) => return Err(refused(why)),
    };
    // In a directory anyone may write (with the sticky bit), a lock
    // another user made is one they could hold forever.
    if let Some(owner) = foreign_owner(&file.metadata()?) {
        return Err(refused(format!("it belongs to another user (uid {owner})")));
    }
    Ok(file)
}

fn open_file(path: &Path, access: OFlags) -> Result<File, Refused> {
    let unusable = |e: OpenError| Refused::Unusable(e.to_string());
    // What it is, named before opening; the open below refuses a link and
    // does not wait, should the file change in between.
    match fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => {
            return Err(Refused::Unusable(
                "it is a symlink; relnotes follows no link inside its cache".into(),
            ));
        }
        Ok(metadata) => check_regular(&metadata).map_err(unusable)?,
        Err(e) if is_absent(&e) && !access.contains(OFlags::CREATE) => {
            return Err(Refused::Missing);
        }
        Err(_) => {}
    }
    let flags = access | OFlags::NOFOLLOW | OFlags::NONBLOCK | OFlags::CLOEXEC;
    let fd =
        rustix::fs::open(path, flags, Mode::from_raw_mode(0o600)).map_err(
            |e| match io::Error::from(e) {
                e if is_absent(&e) => Refused::Missing,
                e => unusable(OpenError::Io(e)),
            },
        )?;
    let file = File::from(fd);
    let metadata = file.metadata().map_err(|e| unusable(OpenError::Io(e)))?;
    check_regular(&metadata).map_err(unusable)?;
    Ok(file)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;
    use std::time::{Duration, Instant};

    fn refusal(result: Result<File, Refused>) -> String {
        match result {
            Err(Refused::Unusable(why)) => why,
            other => panic!("not refused: {other:?}"),
        }
    }

    #[test]
    fn only_regular_files_open_and_none_blocks() {
        let dir = tempfile::tempdir().unwrap();
        let entry = dir.path().join("entry");
        fs::write(&entry, b"x").unwrap();
        assert!(open_entry(&entry).is_ok());
        assert!(matches!(
            open_entry(&dir.path().join("none")),
            Err(Refused::Missing)
        ));
        let link = dir.path().join("zero");
        std::os::unix::fs::symlink("/dev/zero", &link).unwrap();
        assert!(refusal(open_entry(&link)).contains("symlink"));
        let fifo = dir.path().join("fifo");
        rustix::fs::mkfifoat(rustix::fs::CWD, &fifo, Mode::from_raw_mode(0o600)).unwrap();
        let started = Instant::now();
        assert!(refusal(open_entry(&fifo)).contains("FIFO"));
        let err = open_lock(&fifo).unwrap_err().to_string();
        assert!(err.contains("FIFO"), "{err}");
        assert!(started.elapsed() < Duration::from_secs(10));
        // A lock is made private, and opened again as it is.
        let lock = dir.path().join("lock");
        open_lock(&lock).unwrap();
        let mode = fs::metadata(&lock).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        open_lock(&lock).unwrap();
    }

    #[test]
    fn a_directory_anyone_may_write_is_not_trusted() {
        let dir = tempfile::tempdir().unwrap();
        let cache = dir.path().join("cache");
        assert_eq!(distrust(&cache), None, "absent: created private");
        fs::create_dir_all(cache.join("layers")).unwrap();
        let chmod = |path: &Path, mode| {
            fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap()
        };
        chmod(&cache, 0o700);
        chmod(&cache.join("layers"), 0o700);
        assert_eq!(distrust(&cache), None);
        chmod(&cache, 0o1777);
        assert_eq!(distrust(&cache), None, "sticky, as /tmp");
        chmod(&cache, 0o777);
        let why = distrust(&cache).unwrap();
        assert!(why.contains("is writable by anyone (mode 0777"), "{why}");
        chmod(&cache, 0o700);
        chmod(&cache.join("layers"), 0o757);
        assert!(
            distrust(&cache)
                .unwrap()
                .contains("layers is writable by anyone")
        );
        fs::remove_dir(cache.join("layers")).unwrap();
        std::os::unix::fs::symlink(dir.path(), cache.join("layers")).unwrap();
        assert!(distrust(&cache).unwrap().contains("layers is a symlink"));
    }
}
