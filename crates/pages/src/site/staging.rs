//! Writing a build into its staging directory, page by page, from the
//! threads that render them; and reusing the unchanged files of the
//! previous build by hard link.
//!
//! Every file is created new (`create_new`), so no write ever goes into
//! a file of the previous site, even one linked here.

use super::SiteError;
use super::digest::Digest;
use super::listing::Listed;
use super::manifest::Line;
use super::previous_dirs::{PreviousDirs, Status};
use super::sink::{Produced, Sink};
use super::spare::{RealDirs, clear};
use std::collections::{BTreeMap, HashMap};
use std::fs::{self, File, OpenOptions};
use std::io::{ErrorKind, Write};
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, SystemTime};

pub(super) struct StagingSink<'a> {
    staging: &'a Path,
    /// The previous site and what of it may be reused, for an
    /// incremental build.
    previous: Option<Previous<'a>>,
    pub produced: Produced,
    pub reused: AtomicUsize,
    /// The previous site's directories, opened as they are needed.
    previous_dirs: Option<PreviousDirs<'a>>,
    /// Set when `staging` is the spare (`spare.rs`): it holds files
    /// already, each replaced unless it is the checked file itself.
    spare: Option<Spare>,
}

/// The spare being brought up to date.
struct Spare {
    dirs: RealDirs,
    /// Its files as listed before the build, each by its device and
    /// inode: a file already linked to the site's own is found here
    /// without asking the file system again.
    linked: HashMap<String, (u64, u64)>,
}

/// The site a build replaces.
pub(super) struct Previous<'a> {
    pub dir: &'a Path,
    /// Its manifest's lines, when they may be reused.
    pub lines: &'a BTreeMap<String, Line>,
    /// When its manifest was written, if known.
    pub manifest_written: Option<SystemTime>,
}

impl<'a> StagingSink<'a> {
    pub fn new(staging: &'a Path, previous: Option<Previous<'a>>) -> StagingSink<'a> {
        StagingSink {
            staging,
            previous_dirs: previous.as_ref().map(|p| PreviousDirs::new(p.dir)),
            previous,
            produced: Produced::default(),
            reused: AtomicUsize::new(0),
            spare: None,
        }
    }

    /// Builds into the spare, which holds an earlier site; `listed` is
    /// what it held before the build.
    pub fn into_spare(mut self, listed: &[Listed]) -> Self {
        let linked = listed
            .iter()
            .filter(|l| l.kind.is_file())
            .map(|l| (l.path.clone(), (l.dev, l.ino)))
            .collect();
        self.spare = Some(Spare {
            dirs: RealDirs::default(),
            linked,
        });
        self
    }

    /// Readies `to` (`path` in the staging directory) to be written: in the
    /// spare, its directories are made real and what is there is removed,
    /// unless it is `linked` (the same inode as that file): `true` then.
    fn ready(&self, path: &str, to: &Path, linked: Option<&Status>) -> Result<bool, SiteError> {
        let Some(spare) = &self.spare else {
            return Ok(false);
        };
        let linked = linked.map(|l| (l.dev, l.ino));
        // Listed inside the spare's real directories, already linked.
        if linked.is_some() && spare.linked.get(path) == linked.as_ref() {
            return Ok(true);
        }
        spare.dirs.prepare(self.staging, path)?;
        match fs::symlink_metadata(to) {
            Ok(there) => {
                if linked == Some((there.dev(), there.ino())) {
                    return Ok(true);
                }
                clear(to).map_err(io(to))?;
            }
            Err(e) if e.kind() == ErrorKind::NotFound => {}
            Err(e) => return Err(io(to)(e)),
        }
        Ok(false)
    }
}

/// More than the kernel's file time granularity: file times come from the
/// coarse clock, which lags the clock the stamp is read from by up to one
/// of its ticks (a jiffy: 1 to 10 ms). Twice its resolution, between 2 and
/// 20 ms (20 where it cannot be read).
pub(super) fn clock_tick() -> Duration {
    static TICK: std::sync::OnceLock<Duration> = std::sync::OnceLock::new();
    *TICK.get_or_init(|| {
        #[cfg(target_os = "linux")]
        {
            let res = rustix::time::clock_getres(rustix::time::ClockId::RealtimeCoarse);
            let res = u64::try_from(res.tv_sec)
                .ok()
                .zip(u32::try_from(res.tv_nsec).ok())
                .map(|(secs, nanos)| Duration::new(secs, nanos));
            if let Some(res) = res.filter(|r| !r.is_zero()) {
                return (res * 2).clamp(Duration::from_millis(2), Duration::from_millis(20));
            }
        }
        Duration::from_millis(20)
    })
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> SiteError + '_ {
    move |source| SiteError::Io {
        path: path.to_path_buf(),
        source,
    }
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

impl Sink for StagingSink<'_> {
    fn reuse(&self, path: &str, inputs: &Digest) -> Result<bool, SiteError> {
        let Some(previous) = &self.previous else {
            return Ok(false);
        };
        let Some(line) = previous
            .lines
            .get(path)
            .filter(|l| l.inputs.as_ref() == Some(inputs))
        else {
            return Ok(false);
        };
        // The file must still hold what the previous build wrote: one
        // edited by hand since is rendered again. Its status change time
        // tells without reading it: any write, replacement, link or rename
        // sets it to the time of the change, which no one can set back.
        // Only a file whose status changed after the previous build ended
        // (its manifest's stamp), or within a clock tick of it, is read
        // and hashed.
        let Some(status) = self.previous_dirs.as_ref().and_then(|d| d.status(path)) else {
            return Ok(false);
        };
        if !status.is_file {
            return Ok(false);
        }
        let from = previous.dir.join(path);
        let untouched = previous
            .manifest_written
            .is_some_and(|written| status.changed + clock_tick() < written);
        if !untouched {
            match File::open(&from).and_then(Digest::of_reader) {
                Ok(content) if content == line.content => {}
                _ => return Ok(false),
            }
        }
        let to = self.staging.join(path);
        if !self.ready(path, &to, Some(&status))? {
            // A link where the file system allows one, else a copy.
            with_parents(&to, || {
                fs::hard_link(&from, &to).or_else(|_| fs::copy(&from, &to).map(|_| ()))
            })?;
        }
        self.produced.add(path, *line);
        self.reused.fetch_add(1, Ordering::Relaxed);
        Ok(true)
    }

    fn put(&self, path: &str, inputs: Option<&Digest>, bytes: &[u8]) -> Result<(), SiteError> {
        let to = self.staging.join(path);
        self.ready(path, &to, None)?;
        let mut file = with_parents(&to, || {
            OpenOptions::new().write(true).create_new(true).open(&to)
        })?;
        file.write_all(bytes).map_err(io(&to))?;
        self.produced.add(path, Line::of(bytes, inputs));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_tick_is_between_2_and_20_ms() {
        let tick = clock_tick();
        assert!(
            (Duration::from_millis(2)..=Duration::from_millis(20)).contains(&tick),
            "{tick:?}"
        );
    }
}
