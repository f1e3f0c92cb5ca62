//! `relnotes site`: every release as a complete bilingual static site.
//!
//! The site is the language chooser, per language an index of releases,
//! the release pages (the same templates as `relnotes render`), a diff
//! page per pair of consecutive releases, the support matrix ([`matrix`]),
//! the SBOMs and the Markdown copies of every page. [`write`] renders it
//! page by page, in parallel, straight into a directory beside the output
//! directory, reusing the pages whose inputs did not change since the
//! previous build, then swaps it in; [`check`] compares each page with
//! what is on disk; [`build`] keeps the whole site in memory, as a
//! [`Site`]. docs/site.md describes the layout.

mod check_sink;
mod digest;
mod inputs;
pub mod labels;
mod listing;
mod manifest;
pub mod matrix;
mod nav;
mod pages;
mod previous_dirs;
pub mod records;
mod sink;
mod spare;
mod staging;
mod write;

pub use write::{CheckReport, Written};

use inputs::Inputs;
use sink::{MemorySink, Sink};

use crate::diff::DiffError;
use crate::render::{RenderError, Templates};
use crate::sbom::SbomError;
use model::record::{Lang, Release, Workspace};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::PoisonError;

/// The file listing what relnotes wrote into the output directory, so a
/// rebuild knows which files are its own (and keeps every other file).
pub const MANIFEST: &str = ".relnotes-site";

#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error("cannot write {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{} is not a directory\n  = hint: --out names the directory the site is written to", .0.display())]
    NotADirectory(PathBuf),
    #[error(
        "{} holds files and no site written by relnotes ({MANIFEST} is missing)\n  = hint: pass --force to build the site into it; files relnotes does not write are kept", .0.display()
    )]
    NotASite(PathBuf),
    #[error(
        "{} in {} is in the way of a page of the site\n  = hint: move it elsewhere; relnotes never deletes files it did not write", .path.display(), .dir.display()
    )]
    InTheWay { dir: PathBuf, path: PathBuf },
    #[error(
        "--base-url `{0}` is not an absolute http(s) URL\n  = hint: e.g. --base-url https://example.com/docs/releases"
    )]
    BaseUrl(String),
    #[error(
        "release `{version}` would overwrite the site's own page {page}\n  = hint: rename releases/{version}.toml; the site reserves: {}",
        RESERVED_VERSIONS.join(", ")
    )]
    ReservedVersion { version: String, page: String },
    #[error(
        "another `relnotes site` is writing {} (it holds a lock on {})\n  = hint: wait for it to finish; two builds of one site never interleave", .dir.display(), .lock.display()
    )]
    Busy { dir: PathBuf, lock: PathBuf },
    #[error(transparent)]
    Render(#[from] RenderError),
    /// Boxed: a diff error is large, and rare.
    #[error(transparent)]
    Diff(Box<DiffError>),
    #[error(transparent)]
    Sbom(#[from] SbomError),
}

impl From<DiffError> for SiteError {
    fn from(e: DiffError) -> SiteError {
        SiteError::Diff(Box::new(e))
    }
}

/// Versions a release may not have: the site's own pages per language.
pub const RESERVED_VERSIONS: [&str; 2] = ["index", "matrix"];

/// What to build.
#[derive(Debug, Clone, Default)]
pub struct SiteOptions<'a> {
    /// Templates to use instead of the project's.
    pub templates: Option<&'a Path>,
    /// Where the site is published, for `<link rel="canonical">` only.
    pub base_url: Option<BaseUrl>,
}

/// A built site: paths relative to the output directory (with `/`), and
/// their bytes, in path order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Site {
    pub files: BTreeMap<String, Vec<u8>>,
}

impl Site {
    fn add(&mut self, path: String, bytes: impl Into<Vec<u8>>) {
        self.files.insert(path, bytes.into());
    }
}

/// One release, loaded, with what the index and the matrix show of it.
pub struct Entry {
    pub version: String,
    pub release: Release,
    /// The digest of the record's text as it was read: a rebuild that
    /// finds the same text takes what it was built into from the previous
    /// manifest.
    text_digest: digest::Digest,
}

impl Entry {
    /// The release `version`, loaded from the record `text`.
    pub fn new(version: String, release: Release, text: &str) -> Entry {
        Entry::with_text_digest(version, release, records::RecordCache::digest(text))
    }

    /// The same, with the digest of the text taken already
    /// ([`records::RecordCache::digest`]).
    pub fn with_text_digest(version: String, release: Release, digest: digest::Digest) -> Entry {
        Entry {
            version,
            release,
            text_digest: digest,
        }
    }
}

/// What every way of building a site starts from.
struct Plan<'a> {
    workspace: &'a Workspace,
    templates: Templates,
    langs: Vec<Lang>,
    base_url: Option<&'a str>,
    /// Newest first.
    entries: Vec<Entry>,
    inputs: Inputs,
}

impl<'a> Plan<'a> {
    /// Checks the releases, loads the templates and takes the digests of
    /// what the pages are built from; `entries` oldest first.
    fn new(
        workspace: &'a Workspace,
        mut entries: Vec<Entry>,
        options: &'a SiteOptions,
        previous: Option<&manifest::Manifest>,
    ) -> Result<Plan<'a>, SiteError> {
        if let Some(entry) = entries
            .iter()
            .find(|e| RESERVED_VERSIONS.contains(&e.version.as_str()))
        {
            return Err(SiteError::ReservedVersion {
                version: entry.version.clone(),
                page: format!("<lang>/{}.html", entry.version),
            });
        }
        // Newest first, as every list of the site shows them.
        entries.reverse();
        let templates = Templates::load(workspace, options.templates)?;
        let langs: Vec<Lang> = workspace.languages();
        let base_url = options.base_url.as_ref().map(BaseUrl::as_str);
        let inputs = Inputs::new(workspace, &templates, &langs, base_url, &entries, previous);
        Ok(Plan {
            workspace,
            templates,
            langs,
            base_url,
            entries,
            inputs,
        })
    }

    /// Renders every page the sink cannot reuse into it.
    fn run(&self, sink: &dyn Sink) -> Result<(), SiteError> {
        pages::Builder {
            workspace: self.workspace,
            templates: &self.templates,
            langs: &self.langs,
            base_url: self.base_url,
            entries: &self.entries,
            inputs: &self.inputs,
            sink,
        }
        .build()
    }
}

/// Builds the whole site in memory from every release, oldest first.
pub fn build(
    workspace: &Workspace,
    entries: Vec<Entry>,
    options: &SiteOptions,
) -> Result<Site, SiteError> {
    let plan = Plan::new(workspace, entries, options, None)?;
    let sink = MemorySink::default();
    plan.run(&sink)?;
    let mut site = sink
        .files
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    let manifest = manifest::render(
        &plan.inputs.build,
        &sink.produced.take(),
        &plan.inputs.known,
    );
    site.add(MANIFEST.to_string(), manifest);
    Ok(site)
}

/// The site in a directory before a build, as far as a build takes
/// anything from it: read apart, so that it can be read while the
/// records load.
pub struct PreviousSite(Option<write::ReadManifest>);

impl PreviousSite {
    /// The site in `dir` now; nothing when there is none (or no readable
    /// manifest: the build then checks again, under its lock).
    pub fn read(dir: &Path) -> PreviousSite {
        PreviousSite(write::previous_manifest(dir))
    }
}

/// Builds the site from every release (oldest first) into `dir`: beside
/// it, reusing what the previous build made from the same inputs (as
/// `previous` read it, and still there), then swapped in (docs/site.md,
/// "Safety"). A directory that holds files but no manifest is only built
/// into with `force` (its files are kept all the same).
pub fn write(
    workspace: &Workspace,
    entries: Vec<Entry>,
    options: &SiteOptions,
    dir: &Path,
    force: bool,
    previous: PreviousSite,
) -> Result<Written, SiteError> {
    let PreviousSite(previous) = previous;
    let mut plan = Plan::new(
        workspace,
        entries,
        options,
        previous.as_ref().map(|p| &p.manifest),
    )?;
    let build = plan.inputs.build;
    let known = std::mem::take(&mut plan.inputs.known);
    // Once the pages are rendered, the plan (every record, the compiled
    // templates) is freed on a thread of its own while the site is
    // synced and swapped in.
    std::thread::scope(|scope| {
        let (done, rendered) = std::sync::mpsc::channel::<Plan>();
        scope.spawn(move || drop(rendered.recv()));
        write::write_with(dir, force, &build, &known, previous, move |sink| {
            let result = plan.run(sink);
            let _ = done.send(plan);
            result
        })
    })
}

/// Compares the site built from every release (oldest first) with `dir`,
/// page by page, writing nothing.
pub fn check(
    workspace: &Workspace,
    entries: Vec<Entry>,
    options: &SiteOptions,
    dir: &Path,
) -> Result<CheckReport, SiteError> {
    // A check fingerprints every record itself: it trusts nothing of `dir`.
    let plan = Plan::new(workspace, entries, options, None)?;
    let inputs = &plan.inputs;
    write::check_with(dir, &inputs.build, &inputs.known, |sink| plan.run(sink))
}

/// Where a site is published: an absolute http(s) URL, without a trailing `/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseUrl(String);

impl BaseUrl {
    pub fn parse(url: &str) -> Result<BaseUrl, SiteError> {
        let trimmed = url.trim_end_matches('/');
        let rest = trimmed
            .strip_prefix("https://")
            .or_else(|| trimmed.strip_prefix("http://"));
        match rest {
            Some(host) if !host.is_empty() && !url.contains(char::is_whitespace) => {
                Ok(BaseUrl(trimmed.to_string()))
            }
            _ => Err(SiteError::BaseUrl(url.to_string())),
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_urls() {
        assert_eq!(
            BaseUrl::parse("https://example.com/docs/")
                .unwrap()
                .as_str(),
            "https://example.com/docs"
        );
        assert!(BaseUrl::parse("example.com").is_err());
        assert!(BaseUrl::parse("https://").is_err());
    }

    #[test]
    fn a_site_build_compiles_each_template_once() {
        let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
        let workspace = Workspace::open(root).unwrap();
        let entries = |workspace: &Workspace| -> Vec<Entry> {
            workspace
                .versions()
                .unwrap()
                .into_iter()
                .map(|version| {
                    let loaded = workspace.load(&version, false).unwrap();
                    Entry::new(version, loaded.release, loaded.sources.text())
                })
                .collect()
        };
        let options = SiteOptions::default();
        let plan = Plan::new(&workspace, entries(&workspace), &options, None).unwrap();
        let sink = MemorySink::default();
        plan.run(&sink).unwrap();
        let site = sink.files.into_inner().unwrap();
        let pages = site.files.keys().filter(|p| !p.starts_with("sbom/"));
        assert!(pages.count() >= 20, "{:?}", site.files.keys());
        // Every built-in template serves some page of the site; the layout
        // and the release partials serve many, on several threads.
        let builtin = crate::render::templates::BUILTIN.len();
        assert_eq!(plan.templates.compilations(), builtin);
        // Building again renders every page again and compiles nothing.
        let again = MemorySink::default();
        plan.run(&again).unwrap();
        assert_eq!(plan.templates.compilations(), builtin);
        assert_eq!(again.files.into_inner().unwrap(), site);
        // The library's in-memory build gives the same pages and its manifest.
        let built = build(&workspace, entries(&workspace), &options).unwrap();
        let mut without_manifest = built.clone();
        let manifest = without_manifest.files.remove(MANIFEST).unwrap();
        assert_eq!(without_manifest, site);
        let listed = manifest::Manifest::parse(std::str::from_utf8(&manifest).unwrap());
        assert_eq!(listed.owned.len(), site.files.len());
        assert!(listed.reusable_for(&plan.inputs.build).is_some());
    }
}
