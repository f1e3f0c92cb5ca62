//! A release as the site shows it.

use model::record::Release;

/// One release, loaded.
pub struct Entry {
    pub version: String,
    pub release: Release,
}

impl Entry {
    pub fn new(version: String, release: Release) -> Entry {
        Entry { version, release }
    }
}
