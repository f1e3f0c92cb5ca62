//! A release as the site shows it.

use model::Release;

/// One release, loaded.
pub struct Entry {
    /// The version, as the record's file name gives it.
    pub version: String,
    /// The record.
    pub release: Release,
}

impl Entry {
    /// The release `release`, whose version is `version`.
    pub fn new(version: String, release: Release) -> Entry {
        Entry { version, release }
    }
}
