//! How commands that read an image reach it.

use crate::Error;
use check::VerifyError;
use image::cache::{CacheSettings, LayerCache};
use image::{Credentials, Image, ImageSource, Inspected, OpenOptions, Progress, progress};
use model::record::{Arch, Release};
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
    pub fn with_login(self, username: String, reader: impl Read) -> Result<ImageAccess, Error> {
        let credentials = Credentials::with_password_from(username, reader)
            .map_err(|e| Error::Usage(format!("cannot read the password from stdin: {e}")))?;
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

    pub(super) fn open_options(&self) -> OpenOptions {
        OpenOptions {
            credentials: self.credentials.clone(),
            insecure: self.insecure,
            timeout: self.timeout,
            cache: Some(Arc::clone(&self.cache)),
            ..Default::default()
        }
    }

    /// Progress bars on a terminal, unless `quiet`.
    pub(super) fn progress(&self) -> Box<dyn Progress> {
        progress::for_terminal(self.quiet)
    }

    /// `image`, or the record's first asset when none is given.
    pub(super) fn reference(release: &Release, image: Option<&str>) -> Result<String, Error> {
        Ok(match image {
            Some(image) => image.to_string(),
            None => release
                .assets
                .first()
                .map(|a| a.image.clone())
                .ok_or_else(|| VerifyError::NoImage {
                    version: release.version.clone(),
                })?,
        })
    }

    /// Opens `image`, or the record's first asset when none is given.
    pub(super) fn open(&self, release: &Release, image: Option<&str>) -> Result<Image, Error> {
        self.open_reference(&ImageAccess::reference(release, image)?)
    }

    /// Opens the image `reference` names (its index or manifest only).
    pub(super) fn open_reference(&self, reference: &str) -> Result<Image, Error> {
        let source = ImageSource::parse(reference).map_err(VerifyError::from)?;
        Ok(image::open(&source, &self.open_options()).map_err(VerifyError::from)?)
    }

    /// Reads the platform of each of `archs` of an opened image, showing
    /// progress.
    pub(super) fn read_opened(&self, opened: &Image, archs: &[Arch]) -> Result<Inspected, Error> {
        let progress = self.progress();
        Ok(image::read_archs(opened, archs, progress.as_ref()).map_err(VerifyError::from)?)
    }

    /// Opens the image as [`ImageAccess::open`] does and reads the platform
    /// of each of `archs`, showing progress.
    pub(super) fn read(
        &self,
        release: &Release,
        image: Option<&str>,
        archs: &[Arch],
    ) -> Result<Inspected, Error> {
        let opened = self.open(release, image)?;
        self.read_opened(&opened, archs)
    }
}
