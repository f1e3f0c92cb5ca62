//! The directories of the previous site, each opened once and never
//! through a symlink. The status of a file to reuse is read relative to
//! its directory, so the kernel looks up one name instead of the whole
//! path, eleven thousand times in a rebuild of a large catalogue. A
//! symlink anywhere on the way (to elsewhere) makes the file not
//! reusable.

use rustix::fs::{AtFlags, FileType, Mode, OFlags};
use std::collections::HashMap;
use std::os::fd::OwnedFd;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

pub(super) struct PreviousDirs<'a> {
    root: &'a Path,
    /// By path from the root (`""` for the root itself): the directory
    /// opened, or `None` when it is not a real directory there.
    opened: Mutex<HashMap<String, Option<Arc<OwnedFd>>>>,
}

/// What a rebuild needs of a file's status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Status {
    pub dev: u64,
    pub ino: u64,
    pub is_file: bool,
    /// When its inode last changed (its content, its links, its name).
    pub changed: SystemTime,
}

impl<'a> PreviousDirs<'a> {
    pub fn new(root: &'a Path) -> PreviousDirs<'a> {
        PreviousDirs {
            root,
            opened: Mutex::new(HashMap::new()),
        }
    }

    /// The status of what is at `path` (relative, `/`-separated), never
    /// following a symlink in its place or on the way; `None` when
    /// anything on the way is missing or not a directory.
    pub fn status(&self, path: &str) -> Option<Status> {
        let (dir, name) = path.rsplit_once('/').unwrap_or(("", path));
        let dir = {
            let mut opened = self.opened.lock().unwrap_or_else(PoisonError::into_inner);
            self.open(&mut opened, dir)?
        };
        let status = rustix::fs::statat(&*dir, name, AtFlags::SYMLINK_NOFOLLOW).ok()?;
        Some(Status::of(&status))
    }

    fn open(
        &self,
        opened: &mut HashMap<String, Option<Arc<OwnedFd>>>,
        dir: &str,
    ) -> Option<Arc<OwnedFd>> {
        if let Some(known) = opened.get(dir) {
            return known.clone();
        }
        let flags = OFlags::RDONLY | OFlags::DIRECTORY | OFlags::CLOEXEC;
        let fd = if dir.is_empty() {
            // The site's own directory, as the user named it.
            rustix::fs::open(self.root, flags, Mode::empty()).ok()
        } else {
            let (parent, name) = dir.rsplit_once('/').unwrap_or(("", dir));
            self.open(opened, parent).and_then(|parent| {
                rustix::fs::openat(&*parent, name, flags | OFlags::NOFOLLOW, Mode::empty()).ok()
            })
        };
        let fd = fd.map(Arc::new);
        opened.insert(dir.to_string(), fd.clone());
        fd
    }
}

impl Status {
    // The field types of `struct stat` differ between platforms.
    #[allow(clippy::useless_conversion, clippy::unnecessary_fallible_conversions)]
    fn of(status: &rustix::fs::Stat) -> Status {
        let nanos = u32::try_from(status.st_ctime_nsec).unwrap_or(0);
        let changed = match u64::try_from(status.st_ctime) {
            Ok(secs) => UNIX_EPOCH + Duration::new(secs, nanos),
            // Before 1970: never earlier than a manifest, so always hashed.
            Err(_) => SystemTime::now(),
        };
        Status {
            dev: u64::try_from(status.st_dev).unwrap_or(u64::MAX),
            ino: u64::try_from(status.st_ino).unwrap_or(u64::MAX),
            is_file: FileType::from_raw_mode(status.st_mode) == FileType::RegularFile,
            changed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;
    use std::os::unix::fs::MetadataExt;

    #[test]
    fn files_are_found_only_through_real_directories() {
        let root = tempfile::tempdir().unwrap();
        let old = root.path().join("old");
        let elsewhere = root.path().join("elsewhere");
        fs::create_dir_all(old.join("en/diff")).unwrap();
        fs::create_dir_all(&elsewhere).unwrap();
        for file in ["index.html", "en/a.html", "en/diff/a..b.html"] {
            fs::write(old.join(file), file).unwrap();
        }
        fs::write(elsewhere.join("a.html"), "theirs").unwrap();
        std::os::unix::fs::symlink(&elsewhere, old.join("zh")).unwrap();
        std::os::unix::fs::symlink(elsewhere.join("a.html"), old.join("en/b.html")).unwrap();

        let dirs = PreviousDirs::new(&old);
        for file in ["index.html", "en/a.html", "en/diff/a..b.html"] {
            let status = dirs.status(file).expect(file);
            let real = fs::symlink_metadata(old.join(file)).unwrap();
            assert!(status.is_file, "{file}");
            assert_eq!((status.dev, status.ino), (real.dev(), real.ino()));
            let ctime = UNIX_EPOCH + Duration::new(real.ctime() as u64, real.ctime_nsec() as u32);
            assert_eq!(status.changed, ctime, "{file}");
        }
        assert!(dirs.status("zh/a.html").is_none(), "through a symlink");
        assert!(dirs.status("md/en/a.md").is_none(), "no such directory");
        assert!(dirs.status("en/missing.html").is_none());
        let link = dirs.status("en/b.html").expect("the symlink itself");
        assert!(!link.is_file, "a symlink is not followed");
        assert!(dirs.status("en").is_some_and(|s| !s.is_file));
    }
}
