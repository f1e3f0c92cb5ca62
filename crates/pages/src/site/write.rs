//! Putting a site in place, and comparing one with what is on disk.
//!
//! The site is written to a directory beside the output directory as its
//! pages are rendered (the unchanged files of the previous build linked
//! in): a fresh temporary one, or for an incremental build the spare
//! (`spare.rs`). The files relnotes did not write are copied over from the
//! old site, and only then are the directories swapped by renaming; the
//! old site is kept as the next spare. A build that fails leaves the old
//! site as it was and removes the directory it wrote into.

use super::check_sink::CheckSink;
use super::digest::Digest;
use super::listing::{Listed, files_under};
use super::manifest::{self, Manifest, Records};
use super::records::RECORDS_ROLE;
use super::sink::Sink;
use super::spare::{SpareDir, Staging, clear, remove_strays, spare_beside};
use super::staging::{Previous, StagingSink};
use super::{MANIFEST, SiteError};
use model::diagnostic::{Diagnostic, Severity};
use serde::Serialize;
use std::collections::BTreeSet;
use std::fs;
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Mutex, Once, PoisonError};
use tempfile::TempDir;

/// What a build wrote.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Written {
    /// Files of the site (the manifest included).
    pub files: usize,
    /// Of those, files the previous build made from the same inputs,
    /// linked in rather than rendered again.
    pub reused: usize,
    /// Files of the old directory that relnotes did not write, kept.
    pub kept: Vec<String>,
    /// What an earlier build left behind (it was killed) and this one
    /// cleaned up or put back.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub recovered: Vec<String>,
}

/// How the directory on disk differs from the site as built now.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// Pages of the site that are not on disk.
    pub missing: Vec<String>,
    /// Pages on disk whose bytes differ.
    pub changed: Vec<String>,
    /// Pages relnotes wrote before (listed in the manifest) that it no
    /// longer produces.
    pub extra: Vec<String>,
}

impl CheckReport {
    pub fn is_stale(&self) -> bool {
        !(self.missing.is_empty() && self.changed.is_empty() && self.extra.is_empty())
    }

    /// For people: one line per page that differs.
    pub fn to_text(&self, dir: &Path) -> String {
        if !self.is_stale() {
            return format!("{} is up to date\n", dir.display());
        }
        let count = self.missing.len() + self.changed.len() + self.extra.len();
        let mut out = format!(
            "{} is stale: {count} page{} differ{}\n",
            dir.display(),
            if count == 1 { "" } else { "s" },
            if count == 1 { "s" } else { "" }
        );
        for (word, list) in [
            ("missing", &self.missing),
            ("changed", &self.changed),
            ("extra", &self.extra),
        ] {
            for path in list {
                out.push_str(&format!("  {word:<8} {path}\n"));
            }
        }
        out.push_str(&format!(
            "  = hint: run `relnotes site --out {}` to rebuild it\n",
            dir.display()
        ));
        out
    }

    /// Each page that differs, in the crate's one diagnostic shape.
    pub fn findings(&self, dir: &Path) -> Vec<Diagnostic> {
        [
            ("missing", &self.missing),
            ("changed", &self.changed),
            ("extra", &self.extra),
        ]
        .into_iter()
        .flat_map(|(word, list)| {
            list.iter().map(move |path| {
                Diagnostic::new(Severity::Error, &dir.join(path), format!("page {word}"))
                    .with_rule("site-stale")
            })
        })
        .collect()
    }

    pub fn to_json(&self, dir: &Path) -> String {
        #[derive(Serialize)]
        struct Document<'a> {
            up_to_date: bool,
            missing: &'a [String],
            changed: &'a [String],
            extra: &'a [String],
            findings: Vec<Diagnostic>,
        }
        let value = Document {
            up_to_date: !self.is_stale(),
            missing: &self.missing,
            changed: &self.changed,
            extra: &self.extra,
            findings: self.findings(dir),
        };
        serde_json::to_string_pretty(&value).expect("serializable") + "\n"
    }
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> SiteError + '_ {
    move |source| SiteError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The manifest of the site in `dir`, if it has one that can be read:
/// read before the build starts, for the record fingerprints it holds
/// (which hold whatever happens to `dir` meanwhile).
pub(super) fn previous_manifest(dir: &Path) -> Option<ReadManifest> {
    read_manifest(dir).ok().flatten()
}

/// A manifest, and the bytes it was read from.
pub(super) struct ReadManifest {
    bytes: Vec<u8>,
    pub manifest: Manifest,
}

/// The manifest in `dir`, or `None` without one.
fn manifest_in(dir: &Path) -> Result<Option<Manifest>, SiteError> {
    Ok(read_manifest(dir)?.map(|read| read.manifest))
}

/// The manifest in `dir` as it is now: `earlier` (read before the
/// build took its lock) when the file still holds the same bytes.
fn manifest_now(dir: &Path, earlier: Option<ReadManifest>) -> Result<Option<Manifest>, SiteError> {
    let now = read_bytes(dir)?;
    Ok(now.map(|bytes| match earlier {
        Some(earlier) if earlier.bytes == bytes => earlier.manifest,
        _ => parse_manifest(&bytes),
    }))
}

fn read_manifest(dir: &Path) -> Result<Option<ReadManifest>, SiteError> {
    Ok(read_bytes(dir)?.map(|bytes| ReadManifest {
        manifest: parse_manifest(&bytes),
        bytes,
    }))
}

fn parse_manifest(bytes: &[u8]) -> Manifest {
    Manifest::parse(&String::from_utf8_lossy(bytes))
}

/// The bytes of the manifest in `dir`, or `None` without one.
fn read_bytes(dir: &Path) -> Result<Option<Vec<u8>>, SiteError> {
    let path = dir.join(MANIFEST);
    match fs::read(&path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(e) if matches!(e.kind(), ErrorKind::NotFound | ErrorKind::NotADirectory) => Ok(None),
        // A manifest that cannot be read as a file says nothing: a full build.
        Err(e) if e.kind() == ErrorKind::IsADirectory => Ok(Some(Vec::new())),
        Err(e) => Err(io(&path)(e)),
    }
}

/// Compares the site that `produce` renders into its sink with the
/// directory `dir` (which may not exist), page by page.
pub(super) fn check_with(
    dir: &Path,
    build: &Digest,
    records: &Records,
    produce: impl FnOnce(&dyn Sink) -> Result<(), SiteError>,
) -> Result<CheckReport, SiteError> {
    if dir.exists() && !dir.is_dir() {
        return Err(SiteError::NotADirectory(dir.to_path_buf()));
    }
    let sink = CheckSink::new(dir);
    produce(&sink)?;
    let lines = sink.produced.take();
    sink.compare(
        MANIFEST,
        manifest::render(build, &lines, records).as_bytes(),
    )?;
    let sorted = |list: Mutex<Vec<String>>| {
        let mut list = list.into_inner().unwrap_or_else(PoisonError::into_inner);
        list.sort();
        list
    };
    let mut report = CheckReport {
        missing: sorted(sink.missing),
        changed: sorted(sink.changed),
        extra: Vec::new(),
    };
    if dir.is_dir()
        && let Some(old) = manifest_in(dir)?
    {
        let mut extra: Vec<String> = old
            .owned
            .into_iter()
            .filter(|p| p != MANIFEST && !lines.contains_key(p) && dir.join(p).is_file())
            .collect();
        extra.sort();
        extra.dedup();
        report.extra = extra;
    }
    Ok(report)
}

/// The output directory by its real name, and where what is kept beside
/// it goes.
pub(super) struct Location {
    pub dir: PathBuf,
    pub parent: PathBuf,
    pub name: String,
}

impl Location {
    pub fn of(dir: &Path) -> Result<Location, SiteError> {
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

/// Builds the site that `produce` renders into its sink in a sibling
/// directory of `dir`, reusing the unchanged files of the previous build
/// when its manifest has the same `build` digest, carries over the files
/// relnotes did not write, then swaps it in.
pub(super) fn write_with(
    dir: &Path,
    force: bool,
    build: &Digest,
    records: &Records,
    earlier: Option<ReadManifest>,
    produce: impl FnOnce(&dyn Sink) -> Result<(), SiteError>,
) -> Result<Written, SiteError> {
    let Location { dir, parent, name } = Location::of(dir)?;
    fs::create_dir_all(&parent).map_err(io(&parent))?;
    let _lock = lock_beside(&parent, &dir)?;
    let recovered = recover_leftovers(&parent, &name, &dir)?;

    let exists = dir.is_dir();
    let old_manifest = if exists {
        manifest_now(&dir, earlier)?
    } else {
        None
    };
    // A directory that is not a site is listed now, to refuse it if it
    // holds anything; a site's listing is only needed afterwards (to carry
    // over what relnotes did not write), and is read while pages render.
    let list_first = exists && old_manifest.is_none();
    let listed_first = if list_first {
        files_under(&dir)?
    } else {
        Vec::new()
    };
    if list_first && !listed_first.is_empty() && !force {
        return Err(SiteError::NotASite(dir));
    }

    let reusable = old_manifest.as_ref().and_then(|m| m.reusable_for(build));
    // An incremental build updates the spare (the site before the last
    // one) where there is one; any other build starts afresh.
    let spare_path = spare_beside(&parent, &name);
    let has_spare = fs::symlink_metadata(&spare_path).is_ok_and(|m| m.is_dir());
    let staging = if has_spare && reusable.is_some() {
        Staging::Spare(SpareDir::adopt(spare_path.clone())?)
    } else {
        Staging::Fresh(temp_dir_beside(&parent, &name, "new")?)
    };
    let temp = staging.path();
    let interrupted = RemovedOnInterrupt::register(temp);
    let manifest_written = fs::symlink_metadata(dir.join(MANIFEST))
        .and_then(|m| m.modified())
        .ok();
    let mut sink = StagingSink::new(
        temp,
        reusable.map(|lines| Previous {
            dir: dir.as_path(),
            lines,
            manifest_written,
        }),
    );
    // The spare as it is, listed before anything is written into it:
    // what the new site does not hold goes afterwards, and a file linked
    // already is known to be without asking the file system again.
    let spare_listed = if staging.is_spare() {
        let listed = files_under(temp)?;
        sink = sink.into_spare(&listed);
        Some(listed)
    } else {
        None
    };
    let rendering = AtomicBool::new(true);
    let (produced, listed) = std::thread::scope(|scope| {
        let listing = (exists && !list_first).then(|| scope.spawn(|| files_under(&dir)));
        let writeback = scope.spawn(|| write_back_while(&rendering, temp));
        // Stops the write-back however rendering ends, a panic included
        // (the scope waits for its threads before passing the panic on).
        let stop = StopWriteBack(&rendering, writeback.thread().clone());
        let produced = produce(&sink);
        drop(stop);
        let listed = listing.map(|h| h.join().expect("the listing thread panicked"));
        let _ = writeback.join();
        (produced, listed)
    });
    produced?;
    let old_files = match listed {
        Some(listed) => listed?,
        None => listed_first,
    };
    let reused = sink.reused.load(Ordering::Relaxed);
    let lines = sink.produced.take();
    // What the spare held that the new site does not (listed while pages
    // were written: whatever was there before is in the list).
    if let Some(spare_listed) = spare_listed {
        remove_strays(temp, &spare_listed, |p| lines.contains_key(p))?;
    }
    let manifest_path = temp.join(MANIFEST);
    fs::File::create_new(&manifest_path)
        .and_then(|mut f| f.write_all(manifest::render(build, &lines, records).as_bytes()))
        .map_err(io(&manifest_path))?;
    let files = lines.len() + 1;

    // Carry over what relnotes did not write.
    let ours: BTreeSet<String> = old_manifest
        .map(|m| m.owned)
        .unwrap_or_default()
        .into_iter()
        .collect();
    let mut kept = Vec::new();
    for Listed {
        path: relative,
        kind,
        ..
    } in &old_files
    {
        if relative == MANIFEST || lines.contains_key(relative) || ours.contains(relative) {
            continue;
        }
        let from = dir.join(relative);
        let to = temp.join(relative);
        // Directories come with their files; relnotes writes no empty ones.
        if kind.is_dir() {
            continue;
        }
        if fs::symlink_metadata(&to).is_ok() {
            return Err(SiteError::InTheWay {
                dir,
                path: relative.into(),
            });
        }
        if let Some(p) = to.parent() {
            fs::create_dir_all(p).map_err(io(p))?;
        }
        if kind.is_symlink() {
            let link = fs::read_link(&from).map_err(io(&from))?;
            symlink(&link, &to).map_err(io(&to))?;
        } else {
            fs::copy(&from, &to).map_err(io(&to))?;
        }
        kept.push(relative.clone());
    }
    sync_tree(temp)?;

    drop(interrupted);
    let written = Written {
        files,
        reused,
        kept,
        recovered,
    };
    // Swap in one step where the file system can (Linux: the new and the
    // old directory exchange names); the staging directory, which now
    // holds the old site, is kept as the spare for the next build.
    if exists && exchange(temp, &dir).is_ok() {
        if let Ok(meta) = fs::metadata(temp) {
            let _ = fs::set_permissions(&dir, meta.permissions());
        }
        keep_as_spare(staging, &spare_path);
        stamp(&dir.join(MANIFEST), true);
        return Ok(written);
    }
    // Elsewhere, two renames: the old site moves into a temporary
    // directory of its own, removed (with it) once the new one is in
    // place; a crash between the two is put right by the next build.
    if exists {
        if let Ok(meta) = fs::metadata(&dir) {
            let _ = fs::set_permissions(temp, meta.permissions());
        }
        let retired = temp_dir_beside(&parent, &name, "old")?;
        let old = retired.path().join(&name);
        fs::rename(&dir, &old).map_err(io(&dir))?;
        if let Err(e) = fs::rename(temp, &dir) {
            if fs::rename(&old, &dir).is_err() {
                // The old site could not go back: leave it where it is.
                let _ = retired.keep();
            }
            return Err(io(&dir)(e));
        }
        remove_tree(retired.path());
        drop(retired);
    } else {
        fs::rename(temp, &dir).map_err(io(&dir))?;
    }
    // The staging directory is the site now.
    staging.keep();
    stamp(&dir.join(MANIFEST), exists);
    Ok(written)
}

/// Keeps `staging`, which holds the previous site once swapped, as the
/// spare: the old spare, if this build did not use it, is removed first.
/// Where it cannot be renamed, it is removed.
fn keep_as_spare(staging: Staging, spare: &Path) {
    if staging.is_spare() {
        staging.keep();
        return;
    }
    // A real directory is emptied on every core; anything else in its
    // place (a symlink to elsewhere) is removed itself, never followed.
    if fs::symlink_metadata(spare).is_ok_and(|m| m.is_dir()) {
        remove_tree(spare);
    }
    let _ = clear(spare);
    if fs::rename(staging.path(), spare).is_ok() {
        staging.keep();
    } else {
        remove_tree(staging.path());
    }
}

/// Removes what `dir` holds on every core: a site is a few directories of
/// a thousand files each, so the entries two levels down are shared out
/// (each thread takes the next one not yet taken). What cannot be removed
/// is left for the temporary directory's own removal to report.
fn remove_tree(dir: &Path) {
    let entries = |d: &Path| -> Vec<PathBuf> {
        fs::read_dir(d)
            .map(|es| es.flatten().map(|e| e.path()).collect())
            .unwrap_or_default()
    };
    let is_dir = |p: &Path| fs::symlink_metadata(p).is_ok_and(|m| m.is_dir());
    let mut units = Vec::new();
    for child in entries(dir) {
        if is_dir(&child) {
            units.extend(entries(&child));
        } else {
            units.push(child);
        }
    }
    let next = AtomicUsize::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                while let Some(unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let _ = if is_dir(unit) {
                        fs::remove_dir_all(unit)
                    } else {
                        fs::remove_file(unit)
                    };
                }
            });
        }
    });
}

/// Sets the manifest's modification time to now, once the old site is
/// gone (`removed`): removing it changed the status time of every file
/// the two shared, and the next build trusts files whose status has not
/// changed since this time, give or take a clock tick (see
/// `staging.rs`); waiting out that tick first keeps the removal outside
/// it. Without the stamp (an error, or a build killed before it) the next
/// build reads and hashes the files instead.
fn stamp(manifest: &Path, removed: bool) {
    if removed {
        std::thread::sleep(super::staging::clock_tick() + std::time::Duration::from_millis(1));
    }
    if let Ok(file) = fs::OpenOptions::new().write(true).open(manifest) {
        let _ = file.set_modified(std::time::SystemTime::now());
    }
}

/// Staging directories of site builds under way: an interrupted build
/// (Ctrl-C, SIGTERM, SIGHUP) removes them before it exits, so only a
/// build killed outright leaves one for the next build to clean up.
static UNDER_WAY: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

struct RemovedOnInterrupt(PathBuf);

impl RemovedOnInterrupt {
    fn register(path: &Path) -> RemovedOnInterrupt {
        static HANDLER: Once = Once::new();
        HANDLER.call_once(|| {
            // A program that set its own handler keeps it; then only the
            // next build cleans up.
            let _ = ctrlc::set_handler(|| {
                let dirs = UNDER_WAY.lock().unwrap_or_else(PoisonError::into_inner);
                for dir in dirs.iter() {
                    let _ = fs::remove_dir_all(dir);
                }
                std::process::exit(130);
            });
        });
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

/// Exchanges the names of two directories in one step.
#[cfg(target_os = "linux")]
fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use rustix::fs::{CWD, RenameFlags, renameat_with};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).map_err(std::io::Error::from)
}

#[cfg(not(target_os = "linux"))]
fn exchange(_: &Path, _: &Path) -> std::io::Result<()> {
    Err(std::io::ErrorKind::Unsupported.into())
}

/// Locks the directory the site sits in for the whole write (an advisory
/// lock, released when the process ends however it ends), so two builds
/// of one site never interleave and no lock file is left behind.
fn lock_beside(parent: &Path, dir: &Path) -> Result<fs::File, SiteError> {
    let path = parent.to_path_buf();
    let file = fs::File::open(&path).map_err(io(&path))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(fs::TryLockError::WouldBlock) => Err(SiteError::Busy {
            dir: dir.to_path_buf(),
            lock: path,
        }),
        Err(fs::TryLockError::Error(e)) => Err(io(&path)(e)),
    }
}

/// Temporary directories an earlier build of this site left behind when
/// it was killed: a staging directory (`new`) is removed; a retired old
/// site (`old`) is put back when the site itself is gone, else removed.
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
        // The parsed records being written when the build was killed.
        if role == RECORDS_ROLE && rest != RECORDS_ROLE && path.is_file() {
            fs::remove_file(&path).map_err(io(&path))?;
            recovered.push(format!("removed {file_name}"));
            continue;
        }
        if !matches!(role, "new" | "old") || !path.is_dir() {
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

/// Flushes what was written under `dir` before it is swapped in: one
/// `syncfs` on Linux, else a sync of each file.
struct StopWriteBack<'a>(&'a AtomicBool, std::thread::Thread);

impl Drop for StopWriteBack<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Relaxed);
        self.1.unpark();
    }
}

/// Flushes what the build has written so far, every 100 ms while
/// `rendering`: the disk then writes the pages while the next ones render,
/// and the `syncfs` before the swap (`sync_tree`) waits only for the last.
/// Errors are left to that last one.
fn write_back_while(rendering: &AtomicBool, dir: &Path) {
    #[cfg(target_os = "linux")]
    {
        let Ok(handle) = fs::File::open(dir) else {
            return;
        };
        loop {
            std::thread::park_timeout(std::time::Duration::from_millis(100));
            if !rendering.load(Ordering::Relaxed) {
                return;
            }
            let _ = rustix::fs::syncfs(&handle);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (rendering, dir);
}

fn sync_tree(dir: &Path) -> Result<(), SiteError> {
    #[cfg(target_os = "linux")]
    {
        let handle = fs::File::open(dir).map_err(io(dir))?;
        rustix::fs::syncfs(&handle).map_err(|e| io(dir)(e.into()))
    }
    #[cfg(not(target_os = "linux"))]
    {
        for listed in files_under(dir)? {
            if listed.kind.is_file() {
                let path = dir.join(&listed.path);
                fs::File::open(&path)
                    .and_then(|f| f.sync_all())
                    .map_err(io(&path))?;
            }
        }
        Ok(())
    }
}

#[cfg(unix)]
fn symlink(target: &Path, link: &Path) -> std::io::Result<()> {
    std::os::unix::fs::symlink(target, link)
}

#[cfg(not(unix))]
fn symlink(target: &Path, link: &Path) -> std::io::Result<()> {
    fs::copy(target, link).map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pages as a build would render them.
    type Site = Vec<(&'static str, &'static str)>;

    fn site(files: &[(&'static str, &'static str)]) -> Site {
        files.to_vec()
    }

    fn put_all(site: &Site) -> impl FnOnce(&dyn Sink) -> Result<(), SiteError> + '_ {
        move |sink| {
            for (path, bytes) in site {
                sink.put(path, None, bytes.as_bytes())?;
            }
            Ok(())
        }
    }

    fn build() -> Digest {
        Digest::of(b"a test build")
    }

    fn write(site: &Site, dir: &Path, force: bool) -> Result<Written, SiteError> {
        write_with(dir, force, &build(), &Records::new(), None, put_all(site))
    }

    fn check(site: &Site, dir: &Path) -> Result<CheckReport, SiteError> {
        check_with(dir, &build(), &Records::new(), put_all(site))
    }

    #[test]
    fn rebuild_keeps_user_files_and_drops_old_pages() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("public");
        write(
            &site(&[("en/a.html", "a"), ("en/old.html", "o")]),
            &out,
            false,
        )
        .unwrap();
        fs::write(out.join("CNAME"), "docs.example.com").unwrap();
        fs::create_dir_all(out.join("en/extra")).unwrap();
        fs::write(out.join("en/extra/mine.txt"), "mine").unwrap();
        let new = site(&[("en/a.html", "A"), ("en/b.html", "b")]);
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
        let mut beside: Vec<String> = fs::read_dir(tmp.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        beside.sort();
        // The old site is kept as the spare of the next build; no
        // temporary directory is left behind.
        assert_eq!(beside, [".public.relnotes-spare", "public"]);
    }

    #[test]
    fn a_panic_while_rendering_reaches_the_caller_and_keeps_the_old_site() {
        let tmp = tempfile::tempdir().unwrap();
        let out = tmp.path().join("public");
        write(&site(&[("en/a.html", "a")]), &out, false).unwrap();
        // Long enough for the write-back thread to be waiting: it must
        // stop, or the panic never gets out of the build.
        let caught = std::panic::catch_unwind(|| {
            write_with(&out, false, &build(), &Records::new(), None, |sink| {
                sink.put("en/b.html", None, b"b")?;
                std::thread::sleep(std::time::Duration::from_millis(250));
                panic!("a bug while rendering");
            })
        });
        assert!(caught.is_err());
        assert_eq!(fs::read_to_string(out.join("en/a.html")).unwrap(), "a");
        assert!(!out.join("en/b.html").exists());
    }

    #[test]
    fn a_foreign_directory_needs_force() {
        let tmp = tempfile::tempdir().unwrap();
        fs::write(tmp.path().join("notes.txt"), "x").unwrap();
        let s = site(&[("index.html", "i")]);
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
        write(&site(&[("index.html", "i")]), &out, false).unwrap();
        fs::write(out.join("en"), "a file where a directory goes").unwrap();
        let err = write(
            &site(&[("index.html", "i"), ("en/a.html", "a")]),
            &out,
            false,
        );
        assert!(err.is_err());
        assert_eq!(
            fs::read_to_string(out.join("en")).unwrap(),
            "a file where a directory goes"
        );
        assert_eq!(fs::read_dir(tmp.path()).unwrap().count(), 1);
    }
}
