//! Putting a site in place of the one in `DIR`.
//!
//! Pages are written, as they are rendered, into a staging directory
//! beside `DIR`. A page whose bytes are those of its file in the previous
//! site is that file, hard-linked (so it keeps its inode and modification
//! time); only the others are written. The files relnotes did not write
//! are carried over from the old site, then the new directory takes the
//! old one's place (on Linux in one step, elsewhere by two renames) and
//! the old one is removed. A build that fails leaves `DIR` as
//! it was and removes the staging directory.

use super::error::{MANIFEST, Sink, SiteError};
use super::manifest;
use super::previous::Previous;
use serde::Serialize;
use std::fs::{self, File, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError, RwLock};
use tempfile::TempDir;

/// What a build wrote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Written {
    /// Files of the site (the manifest included).
    pub files: usize,
    /// Of those, files of the previous site that already held the same
    /// bytes: kept as they were (same inode, same modification time).
    pub reused: usize,
    /// Files of the old directory that relnotes did not write, kept.
    pub kept: Vec<String>,
    /// What an earlier build left behind (it was killed) and this one
    /// cleaned up or put back.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub recovered: Vec<String>,
    /// For a generator's project: the directories of its pages, relative
    /// to it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub dirs: Vec<String>,
    /// For a generator's project that had no configuration: the files of
    /// the minimal one written, relative to the project.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub config_written: Vec<String>,
    /// For a generator's project with a configuration (never changed):
    /// what it must contain and does not seem to, one line each.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub config_needs: Vec<String>,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> SiteError + '_ {
    move |source| SiteError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The output directory by its real name, and the directory it sits in.
struct Location {
    dir: PathBuf,
    parent: PathBuf,
    name: String,
}

impl Location {
    fn of(dir: &Path) -> Result<Location, SiteError> {
        match fs::metadata(dir) {
            Ok(meta) if !meta.is_dir() => return Err(SiteError::NotADirectory(dir.to_path_buf())),
            Err(e) if e.kind() != ErrorKind::NotFound => return Err(io(dir)(e)),
            _ => {}
        }
        // Renaming needs the real name of the directory (`--out .` has none).
        let dir = if dir.is_dir() {
            fs::canonicalize(dir).map_err(io(dir))?
        } else {
            dir.to_path_buf()
        };
        let parent = match dir.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = dir
            .file_name()
            .ok_or_else(|| SiteError::NotADirectory(dir.clone()))?
            .to_string_lossy()
            .into_owned();
        Ok(Location { dir, parent, name })
    }
}

/// A temporary directory beside the site, removed with what it holds when
/// dropped; `role` (`new`, `old`) names it for whoever sees one.
fn temp_dir_beside(parent: &Path, name: &str, role: &str) -> Result<TempDir, SiteError> {
    let prefix = format!(".{name}.relnotes-{role}-");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix);
    // A site is published: its directory is made the way `fs::create_dir`
    // makes one (the umask decides), not owner-only.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o777));
    }
    builder.tempdir_in(parent).map_err(io(parent))
}

/// Builds the site that `produce` renders into its sink in a directory
/// beside `dir`, keeping the files of the previous site whose bytes did
/// not change, carries over the files relnotes did not write, then swaps
/// it in.
pub(super) fn write_with(
    dir: &Path,
    force: bool,
    produce: impl FnOnce(&dyn Sink) -> Result<(), SiteError>,
) -> Result<Written, SiteError> {
    write_roots(dir, &[String::new()], force, produce)
}

/// [`write_with`] for pages that go into several directories of `project`
/// (`roots`, relative to it; `""` is `project` itself): `produce` puts
/// each page by its path relative to `project`, and each root is built
/// beside itself, with its own manifest, and swapped in whole. Every root
/// is built before the first is swapped, so a build that fails changes
/// none of them.
pub(super) fn write_roots(
    project: &Path,
    roots: &[String],
    force: bool,
    produce: impl FnOnce(&dyn Sink) -> Result<(), SiteError>,
) -> Result<Written, SiteError> {
    for root in roots {
        no_link_inside(project, root)?;
    }
    let mut locks = Vec::new();
    let mut stages = Vec::with_capacity(roots.len());
    for root in roots {
        stages.push(Stage::open(&root_dir(project, root), force, &mut locks)?);
    }
    let recovered = stages
        .iter_mut()
        .flat_map(|stage| std::mem::take(&mut stage.recovered))
        .collect();
    let sinks: Vec<StagingSink> = stages.iter().map(Stage::sink).collect();
    produce(&Router {
        roots,
        sinks: &sinks,
    })?;
    let mut written = Written {
        files: 0,
        reused: 0,
        kept: Vec::new(),
        recovered,
        dirs: Vec::new(),
        config_written: Vec::new(),
        config_needs: Vec::new(),
    };
    for ((stage, sink), root) in stages.iter().zip(&sinks).zip(roots) {
        let mut produced =
            std::mem::take(&mut *sink.produced.lock().unwrap_or_else(PoisonError::into_inner));
        produced.sort();
        sink.put(MANIFEST, manifest::render(&produced).as_bytes())?;
        let kept = match &stage.previous {
            Some(previous) => carry_over(
                previous,
                &produced,
                stage.staging.path(),
                &stage.location.dir,
            )?,
            None => Vec::new(),
        };
        written.files += produced.len() + 1;
        written.reused += sink.reused.load(Ordering::Relaxed);
        written
            .kept
            .extend(kept.into_iter().map(|path| under(root, &path)));
    }
    drop(sinks);
    for stage in stages {
        stage.swap()?;
    }
    Ok(written)
}

/// The directory of `root` in `project`.
pub(super) fn root_dir(project: &Path, root: &str) -> PathBuf {
    if root.is_empty() {
        project.to_path_buf()
    } else {
        project.join(root)
    }
}

/// `path` of the root `root`, relative to the project.
pub(super) fn under(root: &str, path: &str) -> String {
    if root.is_empty() {
        path.to_string()
    } else {
        format!("{root}/{path}")
    }
}

/// Hands each page to the sink of the root it lies in.
pub(super) struct Router<'a, S> {
    pub roots: &'a [String],
    pub sinks: &'a [S],
}

impl<S: Sink> Sink for Router<'_, S> {
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), SiteError> {
        for (root, sink) in self.roots.iter().zip(self.sinks) {
            if root.is_empty() {
                return sink.put(path, bytes);
            }
            if let Some(rest) = path
                .strip_prefix(root.as_str())
                .and_then(|rest| rest.strip_prefix('/'))
            {
                return sink.put(rest, bytes);
            }
        }
        // A generator's layout names the roots and the pages alike: a page
        // outside every root is a bug in it.
        unreachable!(
            "{path} lies in none of the page directories {:?}",
            self.roots
        )
    }
}

/// One directory of a build under way: the previous site there and the
/// staging directory beside it.
struct Stage {
    location: Location,
    previous: Option<Previous>,
    staging: TempDir,
    recovered: Vec<String>,
    interrupted: RemovedOnInterrupt,
}

impl Stage {
    /// Locks the directory that holds `dir` (unless `locks` holds it
    /// already), cleans up what killed builds left, reads the previous
    /// site and makes the staging directory.
    fn open(dir: &Path, force: bool, locks: &mut Vec<(PathBuf, File)>) -> Result<Stage, SiteError> {
        let location = Location::of(dir)?;
        let Location { dir, parent, name } = &location;
        fs::create_dir_all(parent).map_err(io(parent))?;
        if !locks.iter().any(|(locked, _)| locked == parent) {
            locks.push((parent.clone(), lock_beside(parent, dir)?));
        }
        let recovered = recover_leftovers(parent, name, dir)?;
        let previous = Previous::read(dir)?;
        if let Some(previous) = &previous
            && previous.owned.is_none()
            && !previous.listed.is_empty()
            && !force
        {
            return Err(SiteError::NotASite(dir.clone()));
        }
        let staging = temp_dir_beside(parent, name, "new")?;
        let interrupted = RemovedOnInterrupt::register(staging.path());
        Ok(Stage {
            location,
            previous,
            staging,
            recovered,
            interrupted,
        })
    }

    fn sink(&self) -> StagingSink<'_> {
        StagingSink {
            root: self.staging.path(),
            previous: self.previous.as_ref(),
            produced: Mutex::default(),
            reused: AtomicUsize::new(0),
        }
    }

    /// Puts the staging directory in place of the directory.
    fn swap(self) -> Result<(), SiteError> {
        let Stage {
            location: Location { dir, parent, name },
            previous,
            staging,
            interrupted,
            ..
        } = self;
        // From here on an interrupted build leaves the new site, or the old
        // one aside, for the next build to clean up or put back.
        drop(interrupted);
        if previous.is_none() {
            fs::rename(staging.path(), &dir).map_err(io(&dir))?;
            let _ = staging.keep();
            return Ok(());
        }
        if let Ok(meta) = fs::metadata(&dir) {
            let _ = fs::set_permissions(staging.path(), meta.permissions());
        }
        if exchange(staging.path(), &dir).is_ok() {
            // The staging directory now holds the old site; dropping it
            // removes it.
            let _removing = RemovedOnInterrupt::register(staging.path());
            drop(staging);
            return Ok(());
        }
        // Where the two cannot trade places in one step, two renames: the old
        // site moves into a temporary directory of its own, removed (with it)
        // once the new one is in place; a build killed between the two is put
        // right by the next one.
        let retired = temp_dir_beside(&parent, &name, "old")?;
        let old = retired.path().join(&name);
        fs::rename(&dir, &old).map_err(io(&dir))?;
        if let Err(e) = fs::rename(staging.path(), &dir) {
            if fs::rename(&old, &dir).is_err() {
                // The old site could not go back: leave it for the next build.
                let _ = retired.keep();
            }
            return Err(io(&dir)(e));
        }
        let _ = staging.keep();
        let _removing = RemovedOnInterrupt::register(retired.path());
        drop(retired);
        Ok(())
    }
}

/// Refuses the path `rel` (`/`-separated, relative to `project`) where it
/// goes through a symbolic link inside `project`: a directory written
/// through one would put files wherever the link points.
pub(super) fn no_link_inside(project: &Path, rel: &str) -> Result<(), SiteError> {
    let mut at = project.to_path_buf();
    for part in rel.split('/').filter(|part| !part.is_empty()) {
        at.push(part);
        match fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                return Err(SiteError::ThroughLink {
                    dir: project.to_path_buf(),
                    link: at,
                });
            }
            Ok(_) => {}
            // Nothing further is there: what is created below is new.
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(io(&at)(e)),
        }
    }
    Ok(())
}

/// Writes `bytes` as the new file `rel` of `project` (its directories
/// created, none reached through a link inside `project`) when nothing is
/// there, atomically: written beside it, then linked in place, never over
/// a file. Whether it was written.
pub(super) fn create_once(project: &Path, rel: &str, bytes: &[u8]) -> Result<bool, SiteError> {
    let path = project.join(rel);
    let path = path.as_path();
    if fs::symlink_metadata(path).is_ok() {
        return Ok(false);
    }
    if let Some((dirs, _)) = rel.rsplit_once('/') {
        no_link_inside(project, dirs)?;
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    fs::create_dir_all(parent).map_err(io(parent))?;
    let mut builder = tempfile::Builder::new();
    // A configuration file is made the way `fs::write` makes one (the
    // umask decides), not owner-only.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut file = builder.tempfile_in(parent).map_err(io(parent))?;
    file.write_all(bytes).map_err(io(path))?;
    match file.persist_noclobber(path) {
        Ok(_) => Ok(true),
        Err(e) if e.error.kind() == ErrorKind::AlreadyExists => Ok(false),
        Err(e) => Err(io(path)(e.error)),
    }
}

/// Trades the places of two directories in one step, so that `DIR` is at
/// every moment either the old site or the new one.
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).map_err(std::io::Error::from)
}

/// No one-step exchange here: the caller falls back to two renames.
#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> std::io::Result<()> {
    Err(ErrorKind::Unsupported.into())
}

/// Copies into `staging` every file of the previous site that relnotes
/// did not write and the new site does not replace (symlinks as
/// symlinks), by hard link where the file system allows one; returns
/// their paths. Directories come with their files: relnotes writes no
/// empty ones.
fn carry_over(
    previous: &Previous,
    produced: &[String],
    staging: &Path,
    dir: &Path,
) -> Result<Vec<String>, SiteError> {
    let _writing = WRITES.read().unwrap_or_else(PoisonError::into_inner);
    let mut kept = Vec::new();
    for (path, kind) in &previous.listed {
        if kind.is_dir()
            || path == MANIFEST
            || previous.owns(path)
            || produced.binary_search(path).is_ok()
        {
            continue;
        }
        let from = previous.dir.join(path);
        let to = staging.join(path);
        if fs::symlink_metadata(&to).is_ok() {
            return Err(SiteError::InTheWay {
                dir: dir.to_path_buf(),
                path: path.into(),
            });
        }
        if let Some(parent) = to.parent() {
            fs::create_dir_all(parent).map_err(io(parent))?;
        }
        if kind.is_symlink() {
            let target = fs::read_link(&from).map_err(io(&from))?;
            symlink(&target, &to).map_err(io(&to))?;
        } else {
            fs::hard_link(&from, &to)
                .or_else(|_| fs::copy(&from, &to).map(drop))
                .map_err(io(&to))?;
        }
        kept.push(path.clone());
    }
    Ok(kept)
}

/// Writes the pages of a build into its staging directory.
struct StagingSink<'a> {
    root: &'a Path,
    previous: Option<&'a Previous>,
    produced: Mutex<Vec<String>>,
    reused: AtomicUsize,
}

impl Sink for StagingSink<'_> {
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), SiteError> {
        let _writing = WRITES.read().unwrap_or_else(PoisonError::into_inner);
        let to = self.root.join(path);
        match self.previous {
            Some(previous) if previous.holds(path, bytes) => {
                let from = previous.dir.join(path);
                if with_parents(&to, || fs::hard_link(&from, &to)).is_err() {
                    // A file system without hard links: a copy, with the
                    // old file's modification time.
                    let file = create(&to, bytes)?;
                    if let Ok(modified) = fs::metadata(&from).and_then(|m| m.modified()) {
                        let _ = file.set_modified(modified);
                    }
                }
                self.reused.fetch_add(1, Ordering::Relaxed);
            }
            _ => drop(create(&to, bytes)?),
        }
        if path != MANIFEST {
            self.produced
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(path.to_string());
        }
        Ok(())
    }
}

/// A new file at `path` holding `bytes`: created, never opened over an
/// existing one (which could be a file the old site shares by a link).
fn create(path: &Path, bytes: &[u8]) -> Result<File, SiteError> {
    let mut file = with_parents(path, || {
        OpenOptions::new().write(true).create_new(true).open(path)
    })?;
    file.write_all(bytes).map_err(io(path))?;
    Ok(file)
}

/// Runs `make` for `path`, creating its parent directories when missing.
fn with_parents<T>(path: &Path, make: impl Fn() -> std::io::Result<T>) -> Result<T, SiteError> {
    match make() {
        Err(e) if e.kind() == ErrorKind::NotFound => {
            if let Some(parent) = path.parent() {
                fs::create_dir_all(parent).map_err(io(parent))?;
            }
            make().map_err(io(path))
        }
        other => other.map_err(io(path)),
    }
}

/// Directories of site builds under way: an interrupted build (Ctrl-C,
/// SIGTERM, SIGHUP) removes them before it exits, where the program's
/// interrupt handler calls [`remove_builds_under_way`]; only a build killed
/// outright leaves one, for the next build to clean up.
static UNDER_WAY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Held, shared, while files are written into a directory under way; the
/// interrupt handler takes it alone before removing those directories, so
/// that no write in progress recreates part of one afterwards.
static WRITES: RwLock<()> = RwLock::new(());

/// Removes the directories of the site builds under way, for a program's
/// interrupt handler to call before the process exits: a write in progress
/// finishes first, and no write into them starts afterwards (the lock is
/// held until the process ends).
pub fn remove_builds_under_way() {
    let alone = WRITES.write().unwrap_or_else(PoisonError::into_inner);
    let dirs = UNDER_WAY.lock().unwrap_or_else(PoisonError::into_inner);
    for dir in dirs.iter() {
        let _ = fs::remove_dir_all(dir);
    }
    // The process is about to exit: no build writes into them again.
    std::mem::forget(alone);
}

struct RemovedOnInterrupt(PathBuf);

impl RemovedOnInterrupt {
    fn register(path: &Path) -> RemovedOnInterrupt {
        let mut dirs = UNDER_WAY.lock().unwrap_or_else(PoisonError::into_inner);
        dirs.push(path.to_path_buf());
        RemovedOnInterrupt(path.to_path_buf())
    }
}

impl Drop for RemovedOnInterrupt {
    fn drop(&mut self) {
        let mut dirs = UNDER_WAY.lock().unwrap_or_else(PoisonError::into_inner);
        dirs.retain(|d| d != &self.0);
    }
}

/// Locks the directory the site sits in for the whole write (an advisory
/// lock, released when the process ends however it ends), so two builds
/// of one site never interleave and no lock file is left behind.
fn lock_beside(parent: &Path, dir: &Path) -> Result<File, SiteError> {
    let file = File::open(parent).map_err(io(parent))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(fs::TryLockError::WouldBlock) => Err(SiteError::Busy {
            dir: dir.to_path_buf(),
            lock: parent.to_path_buf(),
        }),
        Err(fs::TryLockError::Error(e)) => Err(io(parent)(e)),
    }
}

/// What earlier builds of this site left beside it. A staging directory
/// (`new`) of a killed build is removed; a retired old site (`old`) is put
/// back when the site itself is gone, else removed. The caches earlier
/// versions of relnotes kept (`spare`, `records`) are removed.
fn recover_leftovers(parent: &Path, name: &str, dir: &Path) -> Result<Vec<String>, SiteError> {
    let mut recovered = Vec::new();
    for entry in fs::read_dir(parent).map_err(io(parent))? {
        let entry = entry.map_err(io(parent))?;
        let file_name = entry.file_name().to_string_lossy().into_owned();
        let Some(rest) = file_name.strip_prefix(&format!(".{name}.relnotes-")) else {
            continue;
        };
        let role = rest.split('-').next().unwrap_or(rest);
        let path = entry.path();
        let kind = entry.file_type().map_err(io(&path))?;
        if rest == "spare" || (role == "records" && !kind.is_dir()) {
            if kind.is_dir() {
                fs::remove_dir_all(&path)
            } else {
                fs::remove_file(&path)
            }
            .map_err(io(&path))?;
            continue;
        }
        if !matches!(role, "new" | "old") || !kind.is_dir() {
            continue;
        }
        let retired = path.join(name);
        if role == "old" && retired.is_dir() && !dir.exists() {
            fs::rename(&retired, dir).map_err(io(dir))?;
            recovered.push(format!("put back the previous site from {file_name}"));
        } else {
            recovered.push(format!("removed {file_name}"));
        }
        fs::remove_dir_all(&path).map_err(io(&path))?;
    }
    recovered.sort();
    Ok(recovered)
}

#[cfg(unix)]
fn symlink(target: &Path, link: &Path) -> std::io::Result<()> {
    std::os::unix::fs::symlink(target, link)
}

#[cfg(not(unix))]
fn symlink(target: &Path, link: &Path) -> std::io::Result<()> {
    fs::copy(target, link).map(drop)
}

#[cfg(test)]
mod tests {
    use super::super::check::{CheckReport, check_with};
    use super::*;
    use std::collections::BTreeMap;
    use std::os::unix::fs::MetadataExt;

    /// Pages as a build would render them.
    type Site = Vec<(&'static str, &'static str)>;

    fn put_all(site: &Site) -> impl FnOnce(&dyn Sink) -> Result<(), SiteError> + '_ {
        move |sink| {
            for (path, bytes) in site {
                sink.put(path, bytes.as_bytes())?;
            }
            Ok(())
        }
    }

    fn write(site: &Site, dir: &Path, force: bool) -> Result<Written, SiteError> {
        write_with(dir, force, put_all(site))
    }

    fn check(site: &Site, dir: &Path) -> Result<CheckReport, SiteError> {
        check_with(dir, put_all(site))
    }

    fn beside(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_new_site_takes_the_old_ones_place_in_one_step() {
        let tmp = tempfile::tempdir().unwrap();
        let (old, new) = (tmp.path().join("old"), tmp.path().join("new"));
        fs::create_dir(&old).unwrap();
        fs::create_dir(&new).unwrap();
        fs::write(old.join("page"), "old").unwrap();
        fs::write(new.join("page"), "new").unwrap();
        exchange(&new, &old).unwrap();
        assert_eq!(fs::read_to_string(old.join("page")).unwrap(), "new");
        assert_eq!(fs::read_to_string(new.join("page")).unwrap(), "old");
        // Nothing to trade with: the caller falls back to two renames.
        assert!(exchange(&new, &tmp.path().join("absent")).is_err());
    }

    #[test]
    fn rebuild_keeps_user_files_and_drops_old_pages() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("public");
        write(&vec![("en/a.html", "a"), ("en/old.html", "o")], &out, false).unwrap();
        fs::write(out.join("CNAME"), "docs.example.com").unwrap();
        fs::create_dir_all(out.join("en/extra")).unwrap();
        fs::write(out.join("en/extra/mine.txt"), "mine").unwrap();
        let new = vec![("en/a.html", "A"), ("en/b.html", "b")];
        let report = check(&new, &out).unwrap();
        assert_eq!(report.changed, [MANIFEST, "en/a.html"]);
        assert_eq!(report.missing, ["en/b.html"]);
        assert_eq!(report.extra, ["en/old.html"]);
        let written = write(&new, &out, false).unwrap();
        assert_eq!(written.kept, ["CNAME", "en/extra/mine.txt"]);
        assert_eq!(
            fs::read_to_string(out.join("CNAME")).unwrap(),
            "docs.example.com"
        );
        assert_eq!(fs::read_to_string(out.join("en/a.html")).unwrap(), "A");
        assert!(!out.join("en/old.html").exists());
        assert!(!check(&new, &out).unwrap().is_stale());
        // No temporary directory is left behind.
        assert_eq!(beside(tmp.path()), ["public"]);
    }

    #[test]
    fn unchanged_files_are_kept_and_only_changed_ones_written() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("public");
        let first = vec![("index.html", "i"), ("en/a.html", "a"), ("en/b.html", "b")];
        let written = write(&first, &out, false).unwrap();
        assert_eq!((written.files, written.reused), (4, 0));
        let before: BTreeMap<&str, u64> = ["index.html", "en/a.html", "en/b.html", MANIFEST]
            .into_iter()
            .map(|p| (p, fs::metadata(out.join(p)).unwrap().ino()))
            .collect();
        let second = vec![("index.html", "i"), ("en/a.html", "A"), ("en/b.html", "b")];
        let written = write(&second, &out, false).unwrap();
        assert_eq!((written.files, written.reused), (4, 3), "a.html rewritten");
        for (path, ino) in before {
            let now = fs::metadata(out.join(path)).unwrap().ino();
            assert_eq!(now == ino, path != "en/a.html", "{path}");
        }
        assert!(!check(&second, &out).unwrap().is_stale());
    }

    #[test]
    fn a_panic_while_rendering_reaches_the_caller_and_keeps_the_old_site() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("public");
        write(&vec![("en/a.html", "a")], &out, false).unwrap();
        let caught = std::panic::catch_unwind(|| {
            write_with(&out, false, |sink| {
                sink.put("en/b.html", b"b")?;
                panic!("a bug while rendering");
            })
        });
        assert!(caught.is_err());
        assert_eq!(fs::read_to_string(out.join("en/a.html")).unwrap(), "a");
        assert!(!out.join("en/b.html").exists());
        assert_eq!(beside(tmp.path()), ["public"]);
    }

    #[test]
    fn a_foreign_directory_needs_force() {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(tmp.path().join("notes.txt"), "x").unwrap();
        let s = vec![("index.html", "i")];
        assert!(matches!(
            write(&s, tmp.path(), false),
            Err(SiteError::NotASite(_))
        ));
        write(&s, tmp.path(), true).unwrap();
        assert_eq!(
            fs::read_to_string(tmp.path().join("notes.txt")).unwrap(),
            "x"
        );
    }

    #[test]
    fn a_user_file_in_the_way_fails_and_changes_nothing() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("site");
        write(&vec![("index.html", "i")], &out, false).unwrap();
        fs::write(out.join("en"), "a file where a directory goes").unwrap();
        let err = write(&vec![("index.html", "i"), ("en/a.html", "a")], &out, false);
        assert!(matches!(err, Err(SiteError::InTheWay { .. })), "{err:?}");
        assert_eq!(
            fs::read_to_string(out.join("en")).unwrap(),
            "a file where a directory goes"
        );
        assert_eq!(beside(tmp.path()), ["site"]);
    }

    #[test]
    fn caches_of_earlier_versions_are_removed() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("public");
        write(&vec![("index.html", "i")], &out, false).unwrap();
        fs::create_dir_all(tmp.path().join(".public.relnotes-spare/en")).unwrap();
        fs::write(tmp.path().join(".public.relnotes-spare/en/a.html"), "a").unwrap();
        fs::write(tmp.path().join(".public.relnotes-records"), "r").unwrap();
        fs::write(tmp.path().join(".public.relnotes-records-Zz99"), "r").unwrap();
        fs::write(tmp.path().join(".other.relnotes-records"), "theirs").unwrap();
        let written = write(&vec![("index.html", "i")], &out, false).unwrap();
        assert!(written.recovered.is_empty(), "{:?}", written.recovered);
        assert_eq!(beside(tmp.path()), [".other.relnotes-records", "public"]);
    }
}
