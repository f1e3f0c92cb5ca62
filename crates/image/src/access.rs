//! How commands that read an image reach it: credentials, plain HTTP,
//! the timeout, progress, and one layer cache shared by clones.

use crate::cache::{CacheSettings, LayerCache};
use crate::{
    Credentials, Image, ImageSource, InspectError, Inspected, OpenOptions, Progress, progress,
};
use model::{Arch, Release};
use std::io::Read;
use std::sync::Arc;
use std::time::Duration;

/// How to reach an image and how to show progress while reading it.
#[derive(Debug, Clone, Default)]
pub struct ImageAccess {
    /// Registry credentials; without them, the Docker config file's entry
    /// for the registry is used, if any.
    pub credentials: Option<Credentials>,
    /// Speak plain HTTP to a registry that is not on this machine.
    pub insecure: bool,
    /// No progress bars.
    pub quiet: bool,
    /// How long a registry may stay silent before reading gives up
    /// (`--timeout`); `None` means the default (30 s).
    pub timeout: Option<Duration>,
    /// The layer cache; clones share it, and with it what the run has
    /// read. The default keeps scans for the run only
    /// ([`ImageAccess::with_cache`] for a cache directory).
    pub cache: Arc<LayerCache>,
}

impl ImageAccess {
    /// Logs in as `username` with the password `reader` holds (such as
    /// stdin for `--password-stdin`), without its trailing newline.
    pub fn with_login(
        self,
        username: String,
        reader: impl Read,
    ) -> Result<ImageAccess, InspectError> {
        let credentials =
            Credentials::with_password_from(username, reader).map_err(InspectError::Password)?;
        Ok(ImageAccess {
            credentials: Some(credentials),
            ..self
        })
    }

    /// Keeps layer scans as `settings` say (`--cache-dir`, `--no-cache`).
    pub fn with_cache(self, settings: &CacheSettings) -> ImageAccess {
        ImageAccess {
            cache: Arc::new(LayerCache::new(settings)),
            ..self
        }
    }

    /// The options [`crate::open`] takes for this access.
    pub fn open_options(&self) -> OpenOptions {
        OpenOptions {
            credentials: self.credentials.clone(),
            insecure: self.insecure,
            timeout: self.timeout,
            cache: Some(Arc::clone(&self.cache)),
            ..Default::default()
        }
    }

    /// Progress bars on a terminal, unless `quiet`.
    pub fn progress(&self) -> Box<dyn Progress> {
        progress::for_terminal(self.quiet)
    }

    /// `image`, or the record's first asset when none is given.
    pub fn reference(release: &Release, image: Option<&str>) -> Result<String, InspectError> {
        Ok(match image {
            Some(image) => image.to_string(),
            None => release
                .assets
                .first()
                .map(|a| a.image.clone())
                .ok_or_else(|| InspectError::NoImage {
                    version: release.version.clone(),
                })?,
        })
    }

    /// Opens `image`, or the record's first asset when none is given.
    pub fn open(&self, release: &Release, image: Option<&str>) -> Result<Image, InspectError> {
        self.open_reference(&ImageAccess::reference(release, image)?)
    }

    /// Opens the image `reference` names (its index or manifest only).
    pub fn open_reference(&self, reference: &str) -> Result<Image, InspectError> {
        let source = ImageSource::parse(reference)?;
        crate::open(&source, &self.open_options())
    }

    /// Reads the platform of each of `archs` of an opened image, showing
    /// progress.
    pub fn read_opened(&self, opened: &Image, archs: &[Arch]) -> Result<Inspected, InspectError> {
        let progress = self.progress();
        crate::read_archs(opened, archs, progress.as_ref())
    }

    /// Opens the image as [`ImageAccess::open`] does and reads the platform
    /// of each of `archs`, showing progress.
    pub fn read(
        &self,
        release: &Release,
        image: Option<&str>,
        archs: &[Arch],
    ) -> Result<Inspected, InspectError> {
        let opened = self.open(release, image)?;
        self.read_opened(&opened, archs)
    }
}
