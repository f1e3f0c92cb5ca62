//! `relnotes site --check`: each page, as it is rendered, compared with
//! the file on disk, byte for byte.

use super::SiteError;
use super::digest::Digest;
use super::manifest::Line;
use super::sink::{Produced, Sink};
use std::fs;
use std::io::ErrorKind;
use std::path::Path;
use std::sync::{Mutex, PoisonError};

pub(super) struct CheckSink<'a> {
    dir: &'a Path,
    pub produced: Produced,
    pub missing: Mutex<Vec<String>>,
    pub changed: Mutex<Vec<String>>,
}

impl<'a> CheckSink<'a> {
    pub fn new(dir: &'a Path) -> CheckSink<'a> {
        CheckSink {
            dir,
            produced: Produced::default(),
            missing: Mutex::default(),
            changed: Mutex::default(),
        }
    }

    /// Compares the file `path` with `bytes`.
    pub fn compare(&self, path: &str, bytes: &[u8]) -> Result<(), SiteError> {
        let on_disk = self.dir.join(path);
        let list = match fs::read(&on_disk) {
            Ok(old) if old == bytes => return Ok(()),
            Ok(_) => &self.changed,
            Err(e) if matches!(e.kind(), ErrorKind::NotFound | ErrorKind::NotADirectory) => {
                &self.missing
            }
            Err(e) if e.kind() == ErrorKind::IsADirectory => &self.changed,
            Err(source) => {
                return Err(SiteError::Io {
                    path: on_disk,
                    source,
                });
            }
        };
        list.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(path.to_string());
        Ok(())
    }
}

impl Sink for CheckSink<'_> {
    fn reuse(&self, _: &str, _: &Digest) -> Result<bool, SiteError> {
        Ok(false)
    }

    fn put(&self, path: &str, inputs: Option<&Digest>, bytes: &[u8]) -> Result<(), SiteError> {
        self.compare(path, bytes)?;
        self.produced.add(path, Line::of(bytes, inputs));
        Ok(())
    }
}
