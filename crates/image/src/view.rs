//! One platform of an image as the walker reads it: its platform, config
//! (env, labels) and the files a filter asked for, each with the layer it
//! came from.

use model::Arch;
use serde::Serialize;
use std::collections::BTreeMap;
use std::sync::Arc;

/// An OCI platform, e.g. `linux/arm64`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Platform {
    pub(crate) os: String,
    /// The CPU architecture, as OCI names it (`amd64`, `arm64`).
    pub architecture: String,
    pub(crate) variant: Option<String>,
}

impl Platform {
    /// The platform of a record's arch (`aarch64` → `linux/arm64`).
    pub fn for_arch(arch: &Arch) -> Platform {
        Platform {
            os: "linux".into(),
            architecture: arch.oci().into(),
            variant: None,
        }
    }
}

impl std::fmt::Display for Platform {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.os, self.architecture)?;
        if let Some(v) = &self.variant {
            write!(f, "/{v}")?;
        }
        Ok(())
    }
}

/// The parts of an image config that carry versions.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct ImageConfig {
    /// `KEY=value` entries, in the config's order.
    pub env: Vec<String>,
    /// The config's labels.
    pub labels: BTreeMap<String, String>,
}

impl ImageConfig {
    /// The value of an environment variable, if the config sets it.
    pub fn env_var(&self, name: &str) -> Option<&str> {
        self.env.iter().rev().find_map(|entry| {
            let (key, value) = entry.split_once('=')?;
            (key == name).then_some(value)
        })
    }
}

/// A file of the final image that a [`Wanted`] filter asked for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FoundFile {
    /// Path inside the image, without a leading `/` (`usr/local/cuda/version.json`).
    pub path: String,
    /// Digest of the layer the final version of the file came from.
    pub layer: String,
    /// Its bytes (only small files are wanted; see [`Keep`]); for a
    /// symlink, the target. Hard links to one file share them.
    #[serde(skip)]
    pub contents: Arc<[u8]>,
    /// Whether the entry is a symlink (`contents` holds its target).
    pub symlink: bool,
}

/// One platform of an image, as much of it as relnotes needs.
#[derive(Debug, Clone, Serialize)]
pub struct ImageView {
    /// The reference it was read from, for messages.
    pub reference: String,
    /// The platform read.
    pub platform: Platform,
    /// Digest of the platform's manifest.
    pub manifest_digest: String,
    /// Layer digests, bottom first.
    pub layers: Vec<String>,
    /// The env and labels of the image config.
    pub config: ImageConfig,
    /// Wanted files of the final filesystem, sorted by path.
    pub files: Vec<FoundFile>,
}

/// Which files of the image a reader keeps, and how much of each: called
/// with each entry's path (no leading `/`) and size; only small files
/// should be asked for whole.
pub type Wanted<'a> = &'a (dyn Fn(&str, u64) -> Keep + Sync);

/// How much of a file a [`Wanted`] filter keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// Not kept.
    No,
    /// All of it; a file larger than 64 MiB is not kept at all.
    Whole,
    /// The header block of an email-style metadata file (Python's
    /// `METADATA`, `PKG-INFO`): up to the first empty line, at most 1 MiB
    /// of it, whatever the file's size.
    Headers,
}

impl From<bool> for Keep {
    /// `true` keeps the whole file.
    fn from(wanted: bool) -> Keep {
        if wanted { Keep::Whole } else { Keep::No }
    }
}
