//! The previous site, kept beside the output directory after a swap, to be
//! made into the next one.
//!
//! A rebuild used to link every unchanged file of the site into a new
//! directory and then remove the old directory: two directory entries
//! written and one removed per file, however little changed — most of an
//! incremental build. Instead the old directory is kept as
//! `.<DIR>.relnotes-spare` after the swap, and the next incremental build
//! brings it up to date in place: a file already linked to the same inode
//! as the site's own (checked as any reused file is) is left as it is;
//! every other one is replaced. Nothing in the spare is trusted for what
//! it holds: only inode identity with the checked file of the site.
//! A build that fails while updating the spare removes it; a build killed
//! while updating it leaves a spare that the next build puts right the
//! same way.

use super::SiteError;
use super::listing::Listed;
use std::collections::BTreeSet;
use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use tempfile::TempDir;

/// Where the spare of the site `name` in `parent` is kept.
pub(super) fn spare_beside(parent: &Path, name: &str) -> PathBuf {
    parent.join(format!(".{name}.relnotes-spare"))
}

/// The directory a build writes into: a new one, or the spare.
pub(super) enum Staging {
    Fresh(TempDir),
    Spare(SpareDir),
}

impl Staging {
    pub fn path(&self) -> &Path {
        match self {
            Staging::Fresh(dir) => dir.path(),
            Staging::Spare(dir) => &dir.path,
        }
    }

    pub fn is_spare(&self) -> bool {
        matches!(self, Staging::Spare(_))
    }

    /// Keeps the directory when this is dropped.
    pub fn keep(self) {
        match self {
            Staging::Fresh(dir) => {
                let _ = dir.keep();
            }
            Staging::Spare(mut dir) => dir.kept = true,
        }
    }
}

/// The spare in use: removed when dropped unless kept (a failed build).
pub(super) struct SpareDir {
    path: PathBuf,
    kept: bool,
}

impl SpareDir {
    /// Takes the spare at `path` to build into; its manifest goes first,
    /// so that it never claims to be a site while it is being updated.
    pub fn adopt(path: PathBuf) -> Result<SpareDir, SiteError> {
        let spare = SpareDir { path, kept: false };
        let manifest = spare.path.join(super::MANIFEST);
        clear(&manifest).map_err(|source| SiteError::Io {
            path: manifest.clone(),
            source,
        })?;
        Ok(spare)
    }
}

impl Drop for SpareDir {
    fn drop(&mut self) {
        if !self.kept {
            let _ = fs::remove_dir_all(&self.path);
        }
    }
}

/// Removes whatever is at `path` (a file, a symlink, a directory tree),
/// never following a symlink; nothing there is fine.
pub(super) fn clear(path: &Path) -> std::io::Result<()> {
    let removed = match fs::symlink_metadata(path) {
        Ok(status) if status.is_dir() => fs::remove_dir_all(path),
        Ok(_) => fs::remove_file(path),
        Err(e) => Err(e),
    };
    match removed {
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
        other => other,
    }
}

/// The directories of a spare looked at so far: each is made a real
/// directory (anything else in its place is removed) before a file is
/// written under it, so that no write follows a symlink out of the spare.
#[derive(Default)]
pub(super) struct RealDirs(Mutex<BTreeSet<String>>);

impl RealDirs {
    /// Makes every directory on the way to `path` under `root` a real
    /// directory or absent (to be created).
    pub fn prepare(&self, root: &Path, path: &str) -> Result<(), SiteError> {
        let mut known = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let mut at = 0;
        while let Some(slash) = path[at..].find('/') {
            let parent = &path[..at + slash];
            if !known.contains(parent) {
                let here = root.join(parent);
                match fs::symlink_metadata(&here) {
                    Ok(status) if status.is_dir() => {}
                    Ok(_) => fs::remove_file(&here).map_err(|source| SiteError::Io {
                        path: here.clone(),
                        source,
                    })?,
                    Err(_) => {}
                }
                known.insert(parent.to_string());
            }
            at += slash + 1;
        }
        Ok(())
    }
}

/// Removes from the spare at `root` what the new site does not hold:
/// `listed` is the spare as it was, `kept` says
/// whether a path belongs to the new site. Emptied directories go too.
pub(super) fn remove_strays(
    root: &Path,
    listed: &[Listed],
    kept: impl Fn(&str) -> bool,
) -> Result<(), SiteError> {
    let io = |path: PathBuf| move |source| SiteError::Io { path, source };
    for Listed { path, kind, .. } in listed {
        if kind.is_dir() || kept(path) {
            continue;
        }
        let path = root.join(path);
        // The list was taken while pages were written: what is a directory
        // now was made one for them (in place of a symlink, say).
        match fs::symlink_metadata(&path) {
            Ok(now) if !now.is_dir() => clear(&path).map_err(io(path))?,
            _ => {}
        }
    }
    // Children sort after their parents: deepest first in reverse.
    for dir in listed.iter().rev().filter(|l| l.kind.is_dir()) {
        // Only empty ones go; the others hold pages of the new site.
        let _ = fs::remove_dir(root.join(&dir.path));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symlinks_on_the_way_are_replaced_and_nothing_outside_is_touched() {
        let root = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        fs::write(outside.path().join("keep.html"), "theirs").unwrap();
        std::os::unix::fs::symlink(outside.path(), root.path().join("en")).unwrap();
        fs::create_dir(root.path().join("zh")).unwrap();

        let dirs = RealDirs::default();
        dirs.prepare(root.path(), "en/diff/a..b.html").unwrap();
        dirs.prepare(root.path(), "zh/index.html").unwrap();
        assert!(!root.path().join("en").exists(), "the symlink is gone");
        assert!(root.path().join("zh").is_dir(), "a real directory stays");
        assert_eq!(
            fs::read_to_string(outside.path().join("keep.html")).unwrap(),
            "theirs"
        );
    }

    #[test]
    fn strays_and_emptied_directories_are_removed() {
        let root = tempfile::tempdir().unwrap();
        let r = root.path();
        for dir in ["en/diff", "old/deep"] {
            fs::create_dir_all(r.join(dir)).unwrap();
        }
        for file in [
            "en/a.html",
            "en/gone.html",
            "en/diff/x.html",
            "old/deep/y.html",
        ] {
            fs::write(r.join(file), "x").unwrap();
        }
        let outside = tempfile::tempdir().unwrap();
        fs::write(outside.path().join("theirs"), "x").unwrap();
        std::os::unix::fs::symlink(outside.path(), r.join("link")).unwrap();

        let listed = super::super::listing::files_under(r).unwrap();
        assert_eq!(listed.len(), 9, "{listed:?}");
        remove_strays(r, &listed, |p| p == "en/a.html").unwrap();

        assert!(r.join("en/a.html").is_file());
        for gone in ["en/gone.html", "en/diff", "old", "link"] {
            assert!(fs::symlink_metadata(r.join(gone)).is_err(), "{gone} left");
        }
        assert!(
            outside.path().join("theirs").is_file(),
            "a symlink's target stays"
        );
    }

    #[test]
    fn a_spare_not_kept_is_removed_and_a_kept_one_stays() {
        let parent = tempfile::tempdir().unwrap();
        let path = spare_beside(parent.path(), "public");
        fs::create_dir(&path).unwrap();
        fs::write(path.join(super::super::MANIFEST), "old").unwrap();
        let spare = Staging::Spare(SpareDir::adopt(path.clone()).unwrap());
        assert!(
            !path.join(super::super::MANIFEST).exists(),
            "manifest first"
        );
        assert!(spare.is_spare());
        spare.keep();
        assert!(path.is_dir());
        drop(Staging::Spare(SpareDir::adopt(path.clone()).unwrap()));
        assert!(!path.exists());
    }
}
