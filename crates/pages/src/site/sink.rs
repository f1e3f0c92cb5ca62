//! Where rendered pages go, one at a time, from whichever thread rendered
//! them: into the staging directory of a build ([`super::staging`]),
//! compared with the site on disk ([`super::check_sink`]), or into
//! memory ([`MemorySink`]). Only a path and two digests per file stay in
//! memory, never the site.

use super::digest::Digest;
use super::manifest::Line;
use super::{Site, SiteError};
use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

pub(super) trait Sink: Sync {
    /// Puts the file `path`, last built from the same `inputs`, in place
    /// without rendering it again; `false` when it must be rendered.
    fn reuse(&self, path: &str, inputs: &Digest) -> Result<bool, SiteError>;

    /// Takes the rendered file `path`; `inputs` is `None` for the pages
    /// about every release.
    fn put(&self, path: &str, inputs: Option<&Digest>, bytes: &[u8]) -> Result<(), SiteError>;
}

/// The files of a build so far: the manifest's lines.
#[derive(Default)]
pub(super) struct Produced(Mutex<BTreeMap<String, Line>>);

impl Produced {
    pub fn add(&self, path: &str, line: Line) {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(path.to_string(), line);
    }

    /// The lines so far, leaving none.
    pub fn take(&self) -> BTreeMap<String, Line> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// The whole site in memory, for the library's [`super::build`].
#[derive(Default)]
pub(super) struct MemorySink {
    pub files: Mutex<Site>,
    pub produced: Produced,
}

impl Sink for MemorySink {
    fn reuse(&self, _: &str, _: &Digest) -> Result<bool, SiteError> {
        Ok(false)
    }

    fn put(&self, path: &str, inputs: Option<&Digest>, bytes: &[u8]) -> Result<(), SiteError> {
        self.produced.add(path, Line::of(bytes, inputs));
        self.files
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .add(path.to_string(), bytes);
        Ok(())
    }
}
