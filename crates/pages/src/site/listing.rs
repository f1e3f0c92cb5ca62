//! What a directory tree holds, read from its directories' entries (and
//! each directory's own status), never from a status call per file.

use super::SiteError;
use std::fs;
use std::os::unix::fs::{DirEntryExt, MetadataExt};
use std::path::Path;

/// A file, symlink or directory found under a directory.
#[derive(Debug, Clone)]
pub(super) struct Listed {
    /// Relative, `/`-separated.
    pub path: String,
    /// As its directory entry says: a symlink is not followed.
    pub kind: fs::FileType,
    /// The device of its directory and its inode there.
    pub dev: u64,
    pub ino: u64,
}

/// Everything under `dir` (symlinks are listed, not followed), in path
/// order.
pub(super) fn files_under(dir: &Path) -> Result<Vec<Listed>, SiteError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| SiteError::Io { path, source }
    };
    let mut out = Vec::new();
    let mut stack = vec![(dir.to_path_buf(), String::new())];
    while let Some((here, prefix)) = stack.pop() {
        let dev = fs::symlink_metadata(&here).map_err(io(&here))?.dev();
        for entry in fs::read_dir(&here).map_err(io(&here))? {
            let entry = entry.map_err(io(&here))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = if prefix.is_empty() {
                name
            } else {
                format!("{prefix}/{name}")
            };
            let kind = entry.file_type().map_err(io(&entry.path()))?;
            if kind.is_dir() {
                stack.push((entry.path(), path.clone()));
            }
            out.push(Listed {
                path,
                kind,
                dev,
                ino: entry.ino(),
            });
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_listing_names_kinds_and_inodes_without_following_symlinks() {
        let root = tempfile::tempdir().unwrap();
        let r = root.path();
        let outside = tempfile::tempdir().unwrap();
        fs::write(outside.path().join("theirs.html"), "x").unwrap();
        fs::create_dir_all(r.join("en/diff")).unwrap();
        fs::write(r.join("en/diff/a..b.html"), "d").unwrap();
        fs::write(r.join("index.html"), "i").unwrap();
        std::os::unix::fs::symlink(outside.path(), r.join("zh")).unwrap();

        let listed = files_under(r).unwrap();
        let paths: Vec<&str> = listed.iter().map(|l| l.path.as_str()).collect();
        assert_eq!(
            paths,
            ["en", "en/diff", "en/diff/a..b.html", "index.html", "zh"]
        );
        for l in &listed {
            let real = fs::symlink_metadata(r.join(&l.path)).unwrap();
            assert_eq!((l.dev, l.ino), (real.dev(), real.ino()), "{}", l.path);
            assert_eq!(l.kind, real.file_type(), "{}", l.path);
        }
    }
}
