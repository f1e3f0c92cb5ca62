//! What each page of the site is built from, as digests, so a rebuild
//! can tell the pages whose inputs did not change (docs/site.md,
//! "Incremental builds").
//!
//! A record counts as the release relnotes loaded from it (every field of
//! the model, through its JSON, which reads back as the same release:
//! `site::records` relies on that too), so an edit that changes no value
//! (a comment, the layout) rebuilds nothing. The build digest covers what
//! every page depends on. The pages about every release (the chooser, the
//! indexes, the matrix pages) are keyed on their context instead: it is
//! cheap to compute beside rendering, and it holds exactly what they show,
//! so an edit rebuilds only the ones that show what changed.

use super::Entry;
use super::digest::{Digest, Fingerprint};
use super::manifest::{Manifest, Records};
use crate::render::Templates;
use model::record::{Lang, Workspace};
use rayon::prelude::*;
use serde::Serialize;
use std::fmt::Debug;

/// Bumped when the pages a build writes change for the same inputs in a
/// way relnotes' version does not show.
const FORMAT: &str = "relnotes-site inputs 4";

pub(super) struct Inputs {
    /// What every page depends on: relnotes' version, the project file,
    /// the templates, the languages and the base URL.
    pub build: Digest,
    /// Per entry, in the builder's order: its version and its record.
    records: Vec<Digest>,
    /// Every record's fingerprint by its version and text, for the
    /// manifest (the next build takes them for records it finds unchanged).
    pub known: Records,
}

impl Inputs {
    /// `previous`: the manifest of the site being replaced, whose record
    /// fingerprints are taken for records whose text did not change.
    pub fn new(
        workspace: &Workspace,
        templates: &Templates,
        langs: &[Lang],
        base_url: Option<&str>,
        entries: &[Entry],
        previous: Option<&Manifest>,
    ) -> Inputs {
        let mut build = Fingerprint::new(FORMAT);
        build
            .str(env!("CARGO_PKG_VERSION"))
            .debug(&workspace.project)
            .debug(&langs)
            .debug(&base_url);
        for (name, formats, text) in templates.files() {
            build.str(name).debug(&formats).str(text);
        }
        let build = build.finish();
        // The release is a function of the record's text and of what the
        // build digest covers (relnotes' version, the project file), so a
        // fingerprint from a build with the same digest still holds for the
        // same text; computing it serialises the whole release.
        let previous = previous.and_then(|m| m.records_for(&build));
        let fingerprints: Vec<_> = entries
            .par_iter()
            .map(|e| {
                let key = (e.version.clone(), e.text_digest);
                let fingerprint =
                    previous
                        .and_then(|p| p.get(&key))
                        .copied()
                        .unwrap_or_else(|| {
                            Fingerprint::new("record")
                                .str(&e.version)
                                .json(&e.release)
                                .finish()
                        });
                (key, fingerprint)
            })
            .collect();
        Inputs {
            build,
            records: fingerprints.iter().map(|(_, f)| *f).collect(),
            known: fingerprints.into_iter().collect(),
        }
    }

    /// A release page: its record, and the version before it (its
    /// navigation links the diff from it).
    pub fn release_page(&self, target: &str, at: usize, older: Option<&Entry>) -> Digest {
        self.page("release", target)
            .digest(&self.records[at])
            .debug(&older.map(|o| &o.version))
            .finish()
    }

    /// A diff page: both records.
    pub fn diff_page(&self, target: &str, to: usize, from: usize) -> Digest {
        self.page("diff", target)
            .digest(&self.records[to])
            .digest(&self.records[from])
            .finish()
    }

    /// An SBOM: its record.
    pub fn sbom(&self, target: &str, at: usize) -> Digest {
        self.page("sbom", target).digest(&self.records[at]).finish()
    }

    /// A page about every release: its template, its context and its
    /// front matter, and the key of what its context leaves out to be
    /// built only when the page is (`more`: a matrix page's tables).
    pub fn overview_page(
        &self,
        target: &str,
        template: &str,
        context: &impl Serialize,
        front: &impl Debug,
        more: Option<&Digest>,
    ) -> Digest {
        let mut f = self.page("overview", target);
        f.str(template).debug(front).json(context);
        if let Some(more) = more {
            f.digest(more);
        }
        f.finish()
    }

    fn page(&self, kind: &str, target: &str) -> Fingerprint {
        let mut f = Fingerprint::new(kind);
        f.digest(&self.build).str(target);
        f
    }
}
