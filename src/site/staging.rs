//! Writing a build into its staging directory, page by page, from the
//! threads that render them; and reusing the unchanged files of the
//! previous build by hard link.
//!
//! Every file is created new (`create_new`), so no write ever goes into
//! a file of the previous site, even one linked here.

use super::SiteError;
use super::digest::Digest;
use super::manifest::Line;
use super::sink::{Produced, Sink};
use std::collections::BTreeMap;
use std::fs::{self, File, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};

pub(super) struct StagingSink<'a> {
    staging: &'a Path,
    /// The previous site and what of it may be reused, for an
    /// incremental build.
    previous: Option<(&'a Path, &'a BTreeMap<String, Line>)>,
    pub produced: Produced,
    pub reused: AtomicUsize,
}

impl<'a> StagingSink<'a> {
    pub fn new(
        staging: &'a Path,
        previous: Option<(&'a Path, &'a BTreeMap<String, Line>)>,
    ) -> StagingSink<'a> {
        StagingSink {
            staging,
            previous,
            produced: Produced::default(),
            reused: AtomicUsize::new(0),
        }
    }
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
        let Some((old_dir, lines)) = self.previous else {
            return Ok(false);
        };
        let Some(line) = lines
            .get(path)
            .filter(|l| l.inputs.as_ref() == Some(inputs))
        else {
            return Ok(false);
        };
        // The file must still hold what the previous build wrote: one
        // edited by hand since is rendered again.
        let from = old_dir.join(path);
        match File::open(&from).and_then(Digest::of_reader) {
            Ok(content) if content == line.content => {}
            _ => return Ok(false),
        }
        let to = self.staging.join(path);
        // A link where the file system allows one, else a copy.
        with_parents(&to, || {
            fs::hard_link(&from, &to).or_else(|_| fs::copy(&from, &to).map(|_| ()))
        })?;
        self.produced.add(path, *line);
        self.reused.fetch_add(1, Ordering::Relaxed);
        Ok(true)
    }

    fn put(&self, path: &str, inputs: Option<&Digest>, bytes: &[u8]) -> Result<(), SiteError> {
        let to = self.staging.join(path);
        let mut file = with_parents(&to, || {
            OpenOptions::new().write(true).create_new(true).open(&to)
        })?;
        file.write_all(bytes).map_err(io(&to))?;
        self.produced.add(
            path,
            Line {
                content: Digest::of(bytes),
                inputs: inputs.copied(),
            },
        );
        Ok(())
    }
}
