//! The site in `DIR` before a build or a check: what it holds, which of it
//! relnotes wrote, and whether a page is there already with the same bytes.

use super::error::{MANIFEST, SiteError};
use super::manifest;
use std::collections::{BTreeMap, BTreeSet};
use std::fs::{self, File, FileType};
use std::io::{ErrorKind, Read};
use std::path::{Path, PathBuf};

pub(super) struct Previous {
    pub dir: PathBuf,
    /// Everything under `dir` by relative `/`-separated path, in path
    /// order, as its directory entry says: a symlink is listed, never
    /// followed, so every file listed is reached through real directories.
    pub listed: BTreeMap<String, FileType>,
    /// The files its manifest lists; `None` when it has no manifest (it is
    /// not a site relnotes wrote).
    pub owned: Option<BTreeSet<String>>,
}

impl Previous {
    /// The site in `dir`; `None` when nothing is there.
    pub(super) fn read(dir: &Path) -> Result<Option<Previous>, SiteError> {
        match fs::symlink_metadata(dir) {
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(io(dir, source)),
            // `dir` may be a symlink to the site: followed, as the user named it.
            Ok(_) if !dir.is_dir() => return Err(SiteError::NotADirectory(dir.to_path_buf())),
            Ok(_) => {}
        }
        let manifest_path = dir.join(MANIFEST);
        let owned = match fs::read(&manifest_path) {
            Ok(bytes) => Some(manifest::parse(&String::from_utf8_lossy(&bytes))),
            Err(e) if e.kind() == ErrorKind::NotFound => None,
            // A manifest that cannot be read as a file lists nothing, but
            // says the directory is a site.
            Err(e) if e.kind() == ErrorKind::IsADirectory => Some(BTreeSet::new()),
            Err(source) => return Err(io(&manifest_path, source)),
        };
        Ok(Some(Previous {
            dir: dir.to_path_buf(),
            listed: list(dir)?,
            owned,
        }))
    }

    /// Whether relnotes wrote the file `path` (its manifest lists it).
    pub(crate) fn owns(&self, path: &str) -> bool {
        self.owned
            .as_ref()
            .is_some_and(|owned| owned.contains(path))
    }

    /// Whether `path` is a regular file of this site holding exactly
    /// `bytes`. A file that cannot be read does not.
    pub(super) fn holds(&self, path: &str, bytes: &[u8]) -> bool {
        self.listed.get(path).is_some_and(FileType::is_file)
            && File::open(self.dir.join(path)).is_ok_and(|file| same_bytes(file, bytes))
    }
}

/// Whether `file` holds `bytes`, read in blocks and stopped at the first
/// difference; a file of another length is not read.
fn same_bytes(mut file: File, mut bytes: &[u8]) -> bool {
    if !file
        .metadata()
        .is_ok_and(|m| m.is_file() && m.len() == bytes.len() as u64)
    {
        return false;
    }
    let mut block = vec![0; bytes.len().clamp(1, 64 << 10)];
    loop {
        match file.read(&mut block) {
            Ok(0) => return bytes.is_empty(),
            Ok(n) if n <= bytes.len() && block[..n] == bytes[..n] => bytes = &bytes[n..],
            Ok(_) => return false,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

/// Everything under `dir`, from the directories' entries (no status call
/// per file); symlinks are listed, not followed.
fn list(dir: &Path) -> Result<BTreeMap<String, FileType>, SiteError> {
    let mut out = BTreeMap::new();
    let mut stack = vec![(dir.to_path_buf(), String::new())];
    while let Some((here, prefix)) = stack.pop() {
        for entry in fs::read_dir(&here).map_err(|e| io(&here, e))? {
            let entry = entry.map_err(|e| io(&here, e))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = if prefix.is_empty() {
                name
            } else {
                format!("{prefix}/{name}")
            };
            let kind = entry.file_type().map_err(|e| io(&entry.path(), e))?;
            if kind.is_dir() {
                stack.push((entry.path(), path.clone()));
            }
            out.insert(path, kind);
        }
    }
    Ok(out)
}

fn io(path: &Path, source: std::io::Error) -> SiteError {
    SiteError::Io {
        path: path.to_path_buf(),
        source,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_files_reached_through_real_directories_are_held() {
        let root = tempfile::tempdir().unwrap();
        let r = root.path();
        let outside = tempfile::tempdir().unwrap();
        fs::write(outside.path().join("a.html"), "theirs").unwrap();
        fs::create_dir_all(r.join("en/diff")).unwrap();
        fs::write(r.join("en/diff/a..b.html"), "d").unwrap();
        fs::write(r.join("index.html"), "i").unwrap();
        std::os::unix::fs::symlink(outside.path(), r.join("zh")).unwrap();
        std::os::unix::fs::symlink(outside.path().join("a.html"), r.join("en/b.html")).unwrap();

        let site = Previous::read(r).unwrap().unwrap();
        let paths: Vec<&str> = site.listed.keys().map(String::as_str).collect();
        assert_eq!(
            paths,
            [
                "en",
                "en/b.html",
                "en/diff",
                "en/diff/a..b.html",
                "index.html",
                "zh"
            ]
        );
        assert!(site.owned.is_none(), "no manifest: not a site");
        assert!(site.holds("index.html", b"i"));
        assert!(site.holds("en/diff/a..b.html", b"d"));
        assert!(!site.holds("index.html", b"I"), "other bytes");
        assert!(!site.holds("index.html", b"ii"), "another length");
        assert!(!site.holds("zh/a.html", b"theirs"), "through a symlink");
        assert!(!site.holds("en/b.html", b"theirs"), "a symlink itself");
        assert!(!site.holds("en", b""), "a directory");
        assert!(!site.holds("missing.html", b""));
    }

    #[test]
    fn bytes_compare_across_blocks() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("big");
        let bytes: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        fs::write(&path, &bytes).unwrap();
        assert!(same_bytes(File::open(&path).unwrap(), &bytes));
        let mut other = bytes.clone();
        other[150_000] ^= 1;
        assert!(!same_bytes(File::open(&path).unwrap(), &other));
        fs::write(&path, "").unwrap();
        assert!(same_bytes(File::open(&path).unwrap(), b""));
    }
}
