//! `relnotes site`: every release as a complete bilingual static site.
//!
//! The site is the language chooser, per language an index of releases,
//! the release pages (the same templates as `relnotes render`), a diff
//! page per pair of consecutive releases, the support matrix, the SBOMs
//! and the Markdown copies of every page. Every page is rendered on every
//! build, in parallel. [`write()`] puts them in a directory beside the
//! output directory (keeping the previous site's file where a page's
//! bytes did not change), then swaps it in; [`check`] compares each page
//! with what is on disk. docs/site.md describes the layout.

mod check;
mod entry;
mod error;
mod generator;
pub(crate) mod labels;
mod layout;
mod manifest;
mod matrix;
mod nav;
mod outcome;
mod pages;
mod previous;
mod write;

pub use check::CheckReport;
pub use entry::Entry;
use error::Sink;
pub use error::SiteError;
pub use generator::Generator;
use layout::ConfigFacts;
pub use matrix::paging::MAX_RELEASES_PER_PAGE;
pub use outcome::SiteOutcome;
pub use write::{Written, remove_builds_under_way};

use crate::render::Templates;
use model::{Lang, Workspace};
use pages::Target;
use std::path::Path;

/// How to build a site, beyond the releases: other templates, and where it
/// will be published.
#[derive(Debug, Clone, Default)]
pub struct SiteOptions<'a> {
    /// Templates to use instead of the project's.
    pub templates: Option<&'a Path>,
    /// Where the site is published, for `<link rel="canonical">` only.
    pub base_url: Option<BaseUrl>,
}

/// What every way of building a site starts from.
struct Plan<'a> {
    workspace: &'a Workspace,
    templates: Templates,
    langs: Vec<Lang>,
    base_url: Option<&'a str>,
    /// Newest first.
    entries: Vec<Entry>,
}

impl<'a> Plan<'a> {
    /// Checks the releases and loads the templates; `entries` oldest first.
    fn new(
        workspace: &'a Workspace,
        mut entries: Vec<Entry>,
        options: &'a SiteOptions,
    ) -> Result<Plan<'a>, SiteError> {
        // Newest first, as every list of the site shows them.
        entries.reverse();
        Ok(Plan {
            workspace,
            templates: Templates::load(workspace, options.templates)?,
            langs: workspace.languages(),
            base_url: options.base_url.as_ref().map(BaseUrl::as_str),
            entries,
        })
    }

    /// Renders every page for `target` into the sink.
    fn run(&self, sink: &dyn Sink, target: Target) -> Result<(), SiteError> {
        pages::Builder {
            workspace: self.workspace,
            templates: &self.templates,
            langs: &self.langs,
            base_url: self.base_url,
            entries: &self.entries,
            sink,
            target,
        }
        .build()
    }

    /// What a generator's configuration is written from.
    fn with_config_facts<T>(&self, then: impl FnOnce(&ConfigFacts) -> T) -> T {
        let names: Vec<(Lang, &str)> = self
            .langs
            .iter()
            .map(|&l| {
                let name = crate::render::labels::label("language_name", l).unwrap_or(l.code());
                (l, name)
            })
            .collect();
        let product: Vec<&str> = self
            .langs
            .iter()
            .map(|&l| self.workspace.project.product.name.get(l))
            .collect();
        let index_title: Vec<String> = self
            .langs
            .iter()
            .zip(&product)
            .map(|(&l, p)| labels::get("site_title", l).replace("{product}", p))
            .collect();
        then(&ConfigFacts {
            langs: &names,
            product: &product,
            index_title: &index_title,
        })
    }
}

/// Builds the site from every release (oldest first) into `dir`: beside
/// it, keeping each file of the previous site whose bytes are the same,
/// then swapped in (docs/site.md, "Safety"). A directory that holds files
/// but no manifest is only built into with `force` (its files are kept
/// all the same).
pub(crate) fn write(
    workspace: &Workspace,
    entries: Vec<Entry>,
    options: &SiteOptions,
    dir: &Path,
    force: bool,
) -> Result<Written, SiteError> {
    let plan = Plan::new(workspace, entries, options)?;
    write::write_with(dir, force, |sink| plan.run(sink, Target::Static))
}

/// Builds every release (oldest first) as the pages of `generator`'s
/// project `dir`: the pages go into its pages' directories as [`write()`]
/// puts a site in place; a project without a configuration file also
/// gets a minimal configuration that builds as is, and an existing one is
/// never changed: [`Written::config_needs`] says what it lacks.
pub(crate) fn write_for(
    workspace: &Workspace,
    entries: Vec<Entry>,
    options: &SiteOptions,
    generator: Generator,
    dir: &Path,
    force: bool,
) -> Result<Written, SiteError> {
    let layout = generator.layout();
    let plan = Plan::new(workspace, entries, options)?;
    let roots = layout.page_dirs(&plan.langs);
    let config = layout
        .config_files()
        .iter()
        .map(|name| dir.join(name))
        .find(|path| path.exists());
    // The files of a minimal project, checked before any page is written:
    // a build refused for one of them changes nothing.
    let starter = match config {
        Some(_) => Vec::new(),
        None => plan.with_config_facts(|facts| layout.starter_files(facts)),
    };
    for (path, _) in &starter {
        if let Some((dirs, _)) = path.rsplit_once('/') {
            write::no_link_inside(dir, dirs)?;
        }
    }
    let mut written = write::write_roots(dir, &roots, force, |sink| {
        plan.run(sink, Target::Generator(layout))
    })?;
    written.dirs = roots;
    if let Some(config_path) = config {
        let config = std::fs::read_to_string(&config_path).map_err(|source| SiteError::Io {
            path: config_path,
            source,
        })?;
        written.config_needs = plan.with_config_facts(|facts| layout.requirements(facts, &config));
    }
    for (path, text) in starter {
        if write::create_once(dir, &path, text.as_bytes())? {
            written.config_written.push(path);
        }
    }
    Ok(written)
}

/// Compares the pages of `generator` built from every release (oldest
/// first) with those in the project `dir`, writing nothing; the report's
/// paths are relative to `dir`. The project's configuration is not
/// compared: relnotes writes it once.
pub(crate) fn check_for(
    workspace: &Workspace,
    entries: Vec<Entry>,
    options: &SiteOptions,
    generator: Generator,
    dir: &Path,
) -> Result<CheckReport, SiteError> {
    let layout = generator.layout();
    let plan = Plan::new(workspace, entries, options)?;
    let roots = layout.page_dirs(&plan.langs);
    check::check_roots(dir, &roots, |sink| {
        plan.run(sink, Target::Generator(layout))
    })
}

/// Compares the site built from every release (oldest first) with `dir`,
/// page by page, writing nothing.
pub(crate) fn check(
    workspace: &Workspace,
    entries: Vec<Entry>,
    options: &SiteOptions,
    dir: &Path,
) -> Result<CheckReport, SiteError> {
    let plan = Plan::new(workspace, entries, options)?;
    check::check_with(dir, |sink| plan.run(sink, Target::Static))
}

/// Builds the site of `entries` into `out` (a docs generator's project
/// with `generator`), or with `compare` compares it with `out`, writing
/// nothing; `force` builds into a directory that holds other files.
pub fn build(
    workspace: &Workspace,
    entries: Vec<Entry>,
    options: &SiteOptions,
    generator: Option<Generator>,
    out: &Path,
    compare: bool,
    force: bool,
) -> Result<SiteOutcome, SiteError> {
    if compare {
        let report = match generator {
            Some(g) => check_for(workspace, entries, options, g, out)?,
            None => check(workspace, entries, options, out)?,
        };
        return Ok(SiteOutcome::Checked {
            out: out.to_path_buf(),
            report,
            generator,
        });
    }
    let written = match generator {
        Some(g) => write_for(workspace, entries, options, g, out, force)?,
        None => write(workspace, entries, options, out, force)?,
    };
    Ok(SiteOutcome::Written {
        out: out.to_path_buf(),
        written,
        generator,
    })
}

/// Where a site is published: an absolute http(s) URL, without a trailing `/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BaseUrl(String);

impl BaseUrl {
    /// Checks that `url` is an absolute `http://` or `https://` URL with a
    /// host, and drops its trailing `/`.
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

    /// The URL, without a trailing `/`.
    pub(crate) fn as_str(&self) -> &str {
        &self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;
    use std::sync::Mutex;

    /// A release page is `<lang>/<version>.html`: the rule for release
    /// versions (a digit somewhere) keeps it off the site's own pages.
    #[test]
    fn no_release_version_names_a_page_of_the_site() {
        for page in ["index", "matrix"] {
            assert!(!model::is_release_version(page), "{page}");
        }
    }

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

    /// The whole site in memory: paths and bytes, in path order.
    #[derive(Default)]
    struct MemorySink(Mutex<BTreeMap<String, Vec<u8>>>);

    impl Sink for MemorySink {
        fn put(&self, path: &str, bytes: &[u8]) -> Result<(), SiteError> {
            let mut files = self.0.lock().unwrap();
            assert!(
                files.insert(path.to_string(), bytes.to_vec()).is_none(),
                "{path} twice"
            );
            Ok(())
        }
    }

    #[test]
    fn a_site_build_compiles_each_template_once() {
        let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
        let workspace = Workspace::open(root).unwrap();
        let entries = workspace
            .versions()
            .unwrap()
            .into_iter()
            .map(|version| {
                let loaded = workspace.load(&version, false).unwrap();
                Entry::new(version, loaded.release)
            })
            .collect();
        let options = SiteOptions::default();
        let plan = Plan::new(&workspace, entries, &options).unwrap();
        let sink = MemorySink::default();
        plan.run(&sink, Target::Static).unwrap();
        let site = sink.0.into_inner().unwrap();
        let pages = site.keys().filter(|p| !p.starts_with("sbom/"));
        assert!(pages.count() >= 20, "{:?}", site.keys());
        // Every built-in template serves some page of the site; the layout
        // and the release partials serve many, on several threads.
        let builtin = crate::render::templates::BUILTIN.len();
        assert_eq!(plan.templates.compilations(), builtin);
        // Building again renders every page again, the same, and compiles
        // nothing.
        let again = MemorySink::default();
        plan.run(&again, Target::Static).unwrap();
        assert_eq!(plan.templates.compilations(), builtin);
        assert_eq!(again.0.into_inner().unwrap(), site);
    }
}
