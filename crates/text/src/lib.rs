//! Reading vendors' release-notes pages: `relnotes import` turns published
//! pages into `releases/<version>.toml` ([`run`]), and the text facts lint
//! shares with import live here too: upgrade claims ([`find_claims`]),
//! driver sentences ([`read_driver_text`], [`cuda_mentions`]) and what a
//! package name looks like ([`is_component_name`], [`prose_tail`]). The
//! modules are private; the root re-exports what callers use.
//!
//! `page` turns plain text, Markdown (`markdown`) or HTML (`html`)
//! into normalized lines; `structure` cuts them into parts by heading,
//! recognised by meaning (`headings`); `parse` turns the parts into a
//! draft record in the page's language, the facts coming from
//! `components` (names matched by `names`), `driver` and `assets`;
//! `stated` reads the version and
//! language a page states. A first line naming the page's source is its
//! address (`page::address`), not its text; a changelog is cut into its
//! releases (`releases`), each imported with `all`. Every
//! record is checked with the
//! project's loader before anything is written, and then all are written;
//! a page in the second language of an existing record fills that
//! language's side of it (items matched by position).

#![deny(missing_docs, unreachable_pub)]

mod arch_parts;
mod archs;
mod assets;
mod claims;
mod components;
mod dates;
mod draft;
mod driver;
mod error;
mod feed;
mod flat;
mod headings;
mod html;
mod installs;
mod lines;
mod listings;
mod markdown;
mod names;
mod package_name;
mod page;
mod parse;
mod phrases;
mod ranges;
mod rd;
mod releases;
mod stated;
mod statements;
mod structure;
mod tables;
mod tags;
#[cfg(test)]
mod test_support;
mod titles;
mod warning;
mod words;

pub use claims::{find_claims, lowers as claim_lowers, normalize_component};
pub use driver::{cuda_mentions, driver as read_driver_text};
pub use error::ImportError;
use error::{MAX_ITEMS, MAX_PAGE_BYTES, Overflow};
pub use package_name::{is_component_name, prose_tail};

use indexmap::IndexMap;
use model::{Lang, Text, Workspace, clip};
use std::path::{Path, PathBuf};
use structure::Warning;

/// Reads at most [`MAX_PAGE_BYTES`] of a regular file as UTF-8 text.
fn read_page(path: &Path) -> Result<String, ImportError> {
    use std::io::Read;
    let io = |source| ImportError::Read {
        path: path.to_path_buf(),
        source,
    };
    // (A FIFO named as a page is refused, never waited on.)
    let file = model::open_regular(path).map_err(io)?;
    let mut bytes = Vec::new();
    file.take(MAX_PAGE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_PAGE_BYTES {
        return Err(ImportError::TooLarge {
            path: path.to_path_buf(),
        });
    }
    String::from_utf8(bytes).map_err(|e| ImportError::NotText {
        path: path.to_path_buf(),
        at: e.utf8_error().valid_up_to(),
    })
}

/// What to import: the pages, and what to assume where a page does not say.
#[derive(Clone)]
pub struct ImportRequest<'a> {
    /// The release-notes pages to read (plain text, Markdown or HTML).
    pub pages: &'a [PathBuf],
    /// The release of the one page; `None`: the version each page states.
    pub version: Option<&'a str>,
    /// `None`: each page's own (Chinese characters → `zh`, else `en`).
    pub lang: Option<Lang>,
    /// Import every release of a page that holds several (a changelog),
    /// each to its own record; `false`: the first (newest), with a warning.
    pub all: bool,
    /// Replace an existing record of the release rather than merge into it.
    pub force: bool,
    /// Read and check every page, write nothing: each [`Imported`] holds
    /// the record it would write.
    pub dry_run: bool,
    /// The version column to read of a table holding several (`gpu`,
    /// `x86_64`, an image's name); `None`: the release's own, else the one
    /// a GPU image takes, else the first (the report says which).
    pub column: Option<&'a str>,
}

/// The most warnings shown for one page: a page of thousands of stray
/// lines is told in a screenful.
const WARNINGS_SHOWN: usize = 20;

/// Fewer components than this from a page stating more is a thin record.
const THIN_RECORD: usize = 3;

/// The most characters of an unplaced line a report quotes.
const UNPLACED_CLIP: usize = 80;

/// What import wrote (or, with `dry_run`, would write) for one page, and
/// its report.
#[derive(Debug, Clone)]
pub struct Imported {
    pub(crate) page: PathBuf,
    /// Where the page says it was copied from (its first line).
    pub(crate) address: Option<String>,
    /// The release of a page holding several that this record is of.
    pub(crate) release: Option<String>,
    pub(crate) path: PathBuf,
    /// Merged into an existing record in the other language.
    pub(crate) merged: bool,
    pub(crate) dry_run: bool,
    pub(crate) lang: Lang,
    pub(crate) archs: Vec<String>,
    pub(crate) components: usize,
    pub(crate) features: usize,
    pub(crate) fixes: usize,
    pub(crate) known_issues: usize,
    /// Whether the record states driver facts (CUDA, minimum driver …).
    pub(crate) driver_facts: bool,
    /// The components the page states with a version, wherever they stand.
    pub(crate) statements: usize,
    /// The page's lines placed nowhere, by line number.
    pub(crate) unplaced: Vec<(usize, String)>,
    /// What each table of the page became, by line number.
    pub(crate) tables: Vec<(usize, String)>,
    pub(crate) warnings: Vec<Warning>,
    /// The record's text, kept for a dry run.
    pub(crate) record: Option<String>,
}

/// How sure import is that a record holds what its page states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Confidence {
    /// Most of the page's name–version statements became components, and
    /// features or driver facts were found.
    High,
    /// At least half of the statements became components.
    Medium,
    /// Fewer than half did.
    Low,
}

impl std::fmt::Display for Confidence {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Confidence::High => "high",
            Confidence::Medium => "medium",
            Confidence::Low => "low",
        })
    }
}

/// The report of one imported page, for people or machines.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Report {
    /// The page read.
    pub page: PathBuf,
    /// Where the page says it was copied from (a first line of a URL
    /// alone or `source: …`).
    pub address: Option<String>,
    /// With `--all`, the release of the page (a changelog) this report is
    /// of.
    pub release: Option<String>,
    /// The record written, or that a dry run would write.
    pub record: PathBuf,
    /// Whether nothing was written.
    pub dry_run: bool,
    /// Whether the page's texts were merged into an existing record.
    pub merged: bool,
    /// The language of the page.
    pub lang: String,
    /// The record's architectures.
    pub archs: Vec<String>,
    /// How many components the record holds (every arch's).
    pub components: usize,
    /// How many features.
    pub features: usize,
    /// How many bug fixes.
    pub fixes: usize,
    /// How many known issues.
    pub known_issues: usize,
    /// Whether the record states driver facts.
    pub driver_facts: bool,
    /// How many components the page states with a version, wherever they
    /// stand.
    pub statements: usize,
    /// How many lines of the page were placed nowhere.
    pub unplaced: usize,
    /// Those lines, each clipped, with their line numbers.
    pub unplaced_lines: Vec<UnplacedLine>,
    /// What each table of the page became: a component table (how many
    /// components, which version column), or one left and why.
    pub tables: Vec<TableNote>,
    /// How sure import is (see [`Confidence`]).
    pub confidence: Confidence,
    /// The warnings, one line each.
    pub warnings: Vec<String>,
}

/// What a table of the page became.
#[derive(Debug, Clone, serde::Serialize)]
pub struct TableNote {
    /// The line of its first row.
    pub line: usize,
    /// What it became ("a component table (Package | Version): 12
    /// component(s)") or why it was left.
    pub what: String,
}

/// A line of the page placed nowhere.
#[derive(Debug, Clone, serde::Serialize)]
pub struct UnplacedLine {
    /// Its line number in the page.
    pub line: usize,
    /// The line, clipped.
    pub text: String,
}

impl Imported {
    /// High: at least 80% of the page's name–version statements became
    /// components, and features or driver facts were found; medium: at
    /// least half became components; else low. A page stating none counts
    /// as all of them read.
    pub fn confidence(&self) -> Confidence {
        let stated = self.statements.max(self.components);
        let read = |share: usize| stated == 0 || self.components * 100 >= stated * share;
        if read(80) && (self.features > 0 || self.driver_facts) {
            Confidence::High
        } else if read(50) {
            Confidence::Medium
        } else {
            Confidence::Low
        }
    }

    /// The report of the page (see [`Report`]).
    pub fn report(&self) -> Report {
        Report {
            page: self.page.clone(),
            address: self.address.clone(),
            release: self.release.clone(),
            record: model::shown_path(&self.path).to_path_buf(),
            dry_run: self.dry_run,
            merged: self.merged,
            lang: self.lang.to_string(),
            archs: self.archs.clone(),
            components: self.components,
            features: self.features,
            fixes: self.fixes,
            known_issues: self.known_issues,
            driver_facts: self.driver_facts,
            statements: self.statements,
            unplaced: self.unplaced.len(),
            unplaced_lines: self
                .unplaced
                .iter()
                .map(|(n, l)| UnplacedLine {
                    line: *n,
                    text: clip(l, UNPLACED_CLIP).into_owned(),
                })
                .collect(),
            tables: self
                .tables
                .iter()
                .map(|(n, what)| TableNote {
                    line: *n,
                    what: what.clone(),
                })
                .collect(),
            confidence: self.confidence(),
            warnings: self.warnings.iter().map(ToString::to_string).collect(),
        }
    }

    /// The record a dry run would write; `None` after a real import.
    pub fn record_text(&self) -> Option<&str> {
        self.record.as_deref()
    }

    /// The page, and the release of it when it holds several.
    fn label(&self) -> String {
        match &self.release {
            Some(release) => format!("{} (release {release})", self.page.display()),
            None => self.page.display().to_string(),
        }
    }

    /// The report line of the page.
    pub fn summary(&self) -> String {
        let how = match (self.dry_run, self.merged) {
            (true, true) => format!("would merge the `{}` texts into", self.lang),
            (true, false) => "would write".to_string(),
            (false, true) => format!("merged the `{}` texts into", self.lang),
            (false, false) => "wrote".to_string(),
        };
        format!(
            "{}: {how} {} ({} arch(s): {}; {} component(s); {} feature(s); {} fix(es); {} known issue(s); {} warning(s))",
            self.label(),
            model::shown_path(&self.path).display(),
            self.archs.len(),
            self.archs.join(", "),
            self.components,
            self.features,
            self.fixes,
            self.known_issues,
            self.warnings.len()
        )
    }

    /// The lines of the report after the summary: the unplaced lines (with
    /// `verbose`, each of them, clipped) and the confidence, saying what it
    /// is made of.
    pub fn report_lines(&self, verbose: bool) -> Vec<String> {
        let page = self.label();
        let mut lines = vec![format!(
            "{page}: {} line(s) placed nowhere{}",
            self.unplaced.len(),
            if self.unplaced.is_empty() || verbose {
                ""
            } else {
                " (--verbose lists them)"
            }
        )];
        if verbose {
            lines.extend(
                self.unplaced
                    .iter()
                    .map(|(n, l)| format!("  line {n}: {}", clip(l, UNPLACED_CLIP))),
            );
            lines.extend(
                self.tables
                    .iter()
                    .map(|(n, what)| format!("{page}: line {n}: {what}")),
            );
        }
        lines.push(format!(
            "{page}: confidence {}: {} of {} name–version statement(s) became components; {} feature(s); driver facts: {}",
            self.confidence(),
            self.components.min(self.statements.max(self.components)),
            self.statements.max(self.components),
            self.features,
            if self.driver_facts { "yes" } else { "none" }
        ));
        lines
    }

    /// The page's warnings, one line each, named by the page's path; past
    /// `WARNINGS_SHOWN` (20), a line counting the others.
    pub fn warning_lines(&self) -> Vec<String> {
        let page = self.label();
        let mut lines: Vec<String> = self
            .warnings
            .iter()
            .take(WARNINGS_SHOWN)
            .map(|w| format!("warning: {page}: {w}"))
            .collect();
        if self.warnings.len() > WARNINGS_SHOWN {
            lines.push(format!(
                "warning: {page}: … and {} more warning(s)",
                self.warnings.len() - WARNINGS_SHOWN
            ));
        }
        lines
    }
}

/// Reads every page and builds its record; writes all of them only when
/// every page imported (see the module docs).
pub fn run(workspace: &Workspace, req: &ImportRequest) -> Result<Vec<Imported>, ImportError> {
    if req.version.is_some() && req.pages.len() > 1 {
        return Err(ImportError::VersionForManyPages(req.pages.len()));
    }
    if req.version.is_some() && req.all {
        return Err(ImportError::VersionWithAll);
    }
    let mut staging = Staging::default();
    let mut imported = Vec::new();
    let words = words::ProjectWords::load(&workspace.root)?;
    let headings = headings::Headings::with(&words.headings);
    let version = given_version(req);
    for page_path in req.pages {
        let releases = read_releases(
            page_path,
            version.as_deref(),
            req.all,
            req.column,
            &headings,
        )?;
        let many = releases.len() > 1;
        let first = imported.len();
        // Releases of a page of several that give nothing to read (a dated
        // entry about job limits in a changelog of software updates).
        let mut empty = Vec::new();
        let mut refusal = None;
        for release in releases {
            let version = release.version.clone();
            match import_one(
                workspace,
                req,
                release,
                &headings,
                &words,
                &mut staging,
                &imported,
            ) {
                Ok(one) => imported.push(one),
                Err(e @ ImportError::NoRelease { .. }) if many => {
                    empty.extend(version);
                    refusal = Some(e);
                }
                Err(e) => return Err(e),
            }
        }
        if let Some(e) = refusal.filter(|_| imported.len() == first) {
            return Err(e);
        }
        if !empty.is_empty() {
            imported[first].warnings.push(Warning {
                line: None,
                message: format!(
                    "{} release(s) of the page gave nothing to read and were left out: {}",
                    empty.len(),
                    clip(&empty.join(", "), 120)
                ),
            });
        }
    }
    // The pages of each record, by index: a changelog gives thousands.
    let mut pages_of: IndexMap<&Path, Vec<usize>> = IndexMap::new();
    for (i, one) in imported.iter().enumerate() {
        pages_of.entry(one.path.as_path()).or_default().push(i);
    }
    let pages_of: IndexMap<PathBuf, Vec<usize>> = pages_of
        .into_iter()
        .map(|(path, pages)| (path.to_path_buf(), pages))
        .collect();
    let mut staged = Vec::new();
    for (path, (value, replace)) in staging.records {
        let pages = pages_of.get(&path).map_or(&[][..], Vec::as_slice);
        let mut sources: Vec<String> = Vec::new();
        for one in pages.iter().map(|&i| &imported[i]) {
            let Some(name) = one.page.file_name() else {
                continue;
            };
            // A file name may hold a line break: it stays on the comment's line.
            let mut source = page::visible(&name.to_string_lossy());
            if let Some(address) = &one.address {
                source.push_str(&format!(" ({})", clip(address, ADDRESS_CLIP)));
            }
            if !sources.contains(&source) {
                sources.push(source);
            }
        }
        let source = sources.join(", ");
        let mut text = format!("# Imported by `relnotes import` from {source}.\n");
        text.push_str(&encode(&value, &path)?);
        drop(value);
        if req.dry_run {
            // Each page shows the record it goes to, as a whole.
            for &i in pages {
                imported[i].record = Some(text.clone());
            }
            continue;
        }
        staged.push((model::stage_file(&path, text.as_bytes())?, replace));
    }
    for (file, replace) in staged {
        file.persist(replace)?;
    }
    Ok(imported)
}

fn encode(value: &toml::Value, path: &Path) -> Result<String, ImportError> {
    toml::to_string_pretty(value).map_err(|e| ImportError::Invalid {
        path: path.to_path_buf(),
        message: format!("cannot encode the record: {e}"),
    })
}

/// The most characters of a page's address the record's comment quotes.
const ADDRESS_CLIP: usize = 200;

/// A release as read from a page: the whole page, or with `--all` one
/// release of a page that holds several.
struct PageRelease<'a> {
    path: &'a Path,
    address: Option<String>,
    page: page::Page,
    /// The version its heading states, for a release of a page holding
    /// several.
    version: Option<String>,
    /// The language of the whole page: a release's part of a long English
    /// changelog may name a translation in Chinese characters.
    lang: Lang,
    /// Whether the page, in another language, writes as much English prose
    /// beside it (each change in English, then in Chinese).
    english_too: bool,
    warnings: Vec<Warning>,
}

/// Reads a page, its address line apart, and cuts a page of several
/// releases (a changelog, a table of images) into them: each of them with
/// `all`, the one `version` names, else the first, with a warning.
/// The release `--version` names, as a record names it: "October 2024",
/// a date as a page writes it, is `2024-10`.
fn given_version(req: &ImportRequest) -> Option<String> {
    req.version.map(|v| {
        if model::is_release_version(v) {
            v.to_string()
        } else {
            dates::as_release_name(v).unwrap_or_else(|| v.to_string())
        }
    })
}

fn read_releases<'a>(
    path: &'a Path,
    version: Option<&str>,
    all: bool,
    column: Option<&str>,
    headings: &headings::Headings,
) -> Result<Vec<PageRelease<'a>>, ImportError> {
    let content = read_page(path)?;
    let (address, text) = match page::address(&content) {
        Some((address, rest)) => (Some(address), rest),
        None => (None, content.as_str()),
    };
    let kind = page::PageKind::detect(path, text);
    let page = page::Page::read(kind, text).map_err(|o| o.at(path))?;
    drop(content);
    let lang = stated::lang(page.lines.iter().map(|(_, l)| l.as_str()));
    let english_too =
        lang != Lang::EN && stated::english_beside(page.lines.iter().map(|(_, l)| l.as_str()));
    let one = |page, version, warnings| PageRelease {
        path,
        address: address.clone(),
        page,
        version,
        lang,
        english_too,
        warnings,
    };
    let (rows, table_lines) = releases::table_rows(&page, headings, column, version);
    let wanted_in_rows = |v: &str| rows.iter().any(|r| r.names(v));
    let cut = releases::releases(&page, headings, all);
    let images = releases::of_images(&page);
    // Headings that group a table of releases' rows ("### Ubuntu 24.04"
    // over images) are no releases: the rows are, when none names one; so
    // are headings stating a component's version alone over a list of
    // images ("### CUDA 12.8.1:").
    // (A changelog of many releases with one table whose row names an
    // image variant, "gpu (cu128)", is no table of its releases.)
    let grouping = cut.as_ref().is_some_and(|cut| {
        (!rows.is_empty()
            && rows.len() >= cut.len()
            && !cut.iter().any(|r| {
                rows.iter()
                    .any(|row| row.names(&r.version) || row.variant_of(&r.version))
            }))
            || (images.is_some() && cut.iter().all(|r| r.groups))
    });
    let releases = match cut.filter(|_| !grouping) {
        Some(mut cut) => {
            releases::add_rows(&mut cut, &rows, &table_lines);
            releases::add_column_tables(&page, &mut cut);
            cut
        }
        // A table of releases names the one asked for, or, with none asked
        // for, each is one; one asked for that no row names is the page's,
        // and so is one the page states ("CSM 1.3 contains …" over a table
        // of the images it ships, each with its tag).
        None if !rows.is_empty()
            && version
                .map(str::to_string)
                .or_else(|| {
                    (!all)
                        .then(|| structure::split(&page, headings).stated_version())
                        .flatten()
                })
                .is_none_or(|v| wanted_in_rows(&v)) =>
        {
            releases::of_rows(&page, &rows, &table_lines)
        }
        // A page listing images (`repo:tag`): each tag a release; not
        // where a list of tags names more releases (the images of a usage
        // example under "Available tags", gw0's docker-keras).
        None if let Some(images) = images
            && (all || version.is_some_and(|v| images.iter().any(|r| r.version == v)))
            && releases::of_tags(&page, column).is_none_or(|(t, _)| t.len() <= images.len()) =>
        {
            images
        }
        // A list of an image's tags ("`1.27.0-py3.13-ubuntu24.04`"):
        // each release they open with one.
        None if let Some((tagged, report)) = releases::of_tags(&page, column)
            && (all || version.is_some_and(|v| tagged.iter().any(|r| r.version == v))) =>
        {
            let warnings: Vec<Warning> = report
                .map(|message| Warning {
                    line: None,
                    message,
                })
                .into_iter()
                .collect();
            return Ok(tagged
                .into_iter()
                .filter(|r| all || version.is_some_and(|v| r.version == v))
                .map(|r| one(r.page, Some(r.version), warnings.clone()))
                .collect());
        }
        // A matrix of versions keyed by its first column ("Python | CUDA
        // | cuDNN" over a row per image tag): each row one.
        None if all
            && let (keyed, keyed_lines) = releases::version_keyed_rows(&page, headings, column)
            && keyed.len() >= 2 =>
        {
            releases::of_rows(&page, &keyed, &keyed_lines)
        }
        // A table whose version columns are releases (the packages of
        // each image side by side): each column one.
        None if all
            && let columns = releases::of_columns(&page)
            && columns.len() >= 2 =>
        {
            return Ok(columns
                .into_iter()
                .map(|(v, own)| one(own, Some(v), Vec::new()))
                .collect());
        }
        None => {
            // A table listing images, one a row: the one `version` names.
            let row = version.and_then(|v| releases::row_named(&page, headings, v));
            return Ok(match row {
                Some(r) => vec![one(r.page, version.map(str::to_string), Vec::new())],
                None => vec![one(page, None, Vec::new())],
            });
        }
    };
    // "# Flax 0.5 release notes" over "### Version 0.5.6186", "### Version
    // 0.5.6185" (Flax's, Stride's release notes): parts each a build of the
    // release the title names. Asked for no release, the page is the
    // title's, all of it.
    let title_release = page
        .lines
        .iter()
        .find(|(n, l)| page.headings.contains(n) && l.trim_start().starts_with("# "))
        .and_then(|(_, l)| stated::in_title(l.trim_start().trim_start_matches('#').trim()));
    if !all
        && version.is_none()
        && let Some(title) = title_release
        && releases
            .iter()
            .all(|r| r.version.len() > title.len() && stated::in_series(&r.version, &title))
    {
        let builds: Vec<&str> = releases.iter().map(|r| r.version.as_str()).collect();
        let warning = Warning {
            line: None,
            message: format!(
                "the page's parts are builds of {title}, the release its title names ({}); imported the page as {title} (--all imports each to its own record)",
                clip(&builds.join(", "), 80)
            ),
        };
        return Ok(vec![one(page, Some(title), vec![warning])]);
    }
    if all {
        drop(page);
        return Ok(releases
            .into_iter()
            .map(|r| one(r.page, Some(r.version), Vec::new()))
            .collect());
    }
    if let Some(wanted) = version {
        let bare = |v: &str| v.trim_start_matches(['v', 'V']).to_string();
        let named = |r: &releases::Release| {
            std::iter::once(&r.version)
                .chain(&r.keys)
                .any(|v| v == wanted || bare(v) == bare(wanted))
        };
        if let Some(at) = releases.iter().position(named) {
            let release = releases.into_iter().nth(at).map(|r| r.page);
            return Ok(release
                .map(|page| one(page, Some(wanted.to_string()), Vec::new()))
                .into_iter()
                .collect());
        }
        // A log of dated entries: the entry whose first lines state the
        // version asked for ("a new version of the Core module,
        // Core/26.05").
        if let Some(at) = releases
            .iter()
            .position(|r| releases::states_in_opening(r, wanted))
        {
            let release = releases.into_iter().nth(at);
            return Ok(release
                .map(|r| {
                    let warning = Warning {
                        line: r.start,
                        message: format!(
                            "no release of the page is named {wanted}; imported the one whose first lines state it ({})",
                            clip(&r.version, 40)
                        ),
                    };
                    one(r.page, Some(wanted.to_string()), vec![warning])
                })
                .into_iter()
                .collect());
        }
        // A README of one or two parts naming other versions ("MAJOR
        // UPDATE: v2.0", "Python 3.12 Native"), asked for a release none
        // names: the page is that release's, all of it.
        if releases.len() <= 2 {
            let named: Vec<&str> = releases.iter().map(|r| r.version.as_str()).collect();
            let warning = Warning {
                line: None,
                message: format!(
                    "no part of the page is named {wanted}; imported the whole page (its parts name {})",
                    clip(&named.join(", "), 80)
                ),
            };
            return Ok(vec![one(page, Some(wanted.to_string()), vec![warning])]);
        }
    }
    drop(page);
    // "Slicer 5.10: Summary, Highlights, and Changelog" over "Changelog:
    // 5.10.0": a series' announcement and the changelog of its one release
    // are that release's.
    let series_and_its_release = version.is_none()
        && matches!(releases.as_slice(), [series, release]
            if release.version != series.version
                && stated::in_series(&release.version, &series.version));
    if series_and_its_release {
        let mut both = releases.into_iter();
        let (Some(series), Some(release)) = (both.next(), both.next()) else {
            return Ok(Vec::new());
        };
        let mut page = series.page;
        let had: std::collections::HashSet<usize> = page.lines.iter().map(|(n, _)| *n).collect();
        page.lines.extend(
            release
                .page
                .lines
                .into_iter()
                .filter(|(n, _)| !had.contains(n)),
        );
        page.headings.extend(release.page.headings);
        page.cut = release.page.cut;
        return Ok(vec![one(page, Some(release.version), Vec::new())]);
    }
    let versions: Vec<&str> = releases.iter().map(|r| r.version.as_str()).collect();
    let warnings = if versions.len() > 1 {
        vec![Warning {
            line: None,
            message: format!(
                "the page holds {} releases ({}); imported the first, {} (--all imports each to its own record)",
                versions.len(),
                clip(&versions.join(", "), 80),
                clip(versions[0], 80)
            ),
        }]
    } else {
        Vec::new()
    };
    let first = releases.into_iter().next();
    Ok(first
        .map(|r| one(r.page, Some(r.version), warnings))
        .into_iter()
        .collect())
}

/// The release a page's address names by its file (`…/community/24.7/24.7`,
/// `…/release-notes/7.1.0.md`): the last part of its path, when that is a
/// version and nothing else; a folder's page (`…/0.89.0-relnotes/index.md`,
/// as Hugo bundles a page) by its folder, with words after the version
/// that name the page, not a pre-release (`-relnotes`, not `-beta`).
fn version_of_address(address: &str) -> Option<String> {
    let path = address.split(['?', '#']).next()?.trim_end_matches('/');
    let (folder, file) = path.rsplit_once('/')?;
    let stem = [".md", ".txt", ".html", ".htm", ".rst", ".adoc", ".mdx"]
        .iter()
        .find_map(|ext| file.strip_suffix(ext))
        .unwrap_or(file);
    let stem = if ["index", "_index", "readme"].contains(&stem.to_ascii_lowercase().as_str()) {
        let folder = folder.rsplit('/').next()?;
        match folder.split_once('-') {
            Some((version, words))
                if words.split('-').all(|w| {
                    w.len() >= 5
                        && w.chars().all(|c| c.is_ascii_alphabetic())
                        && !["alpha", "preview", "nightly"].contains(&w)
                }) =>
            {
                version
            }
            _ => folder,
        }
    } else {
        stem
    };
    let stem = stem.trim_start_matches(['v', 'V']);
    let numbered = stem.starts_with(|c: char| c.is_ascii_digit())
        && stem.contains('.')
        && stem
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '+'));
    (numbered && !crate::dates::is_date_alone(stem) && model::is_release_version(stem))
        .then(|| stem.to_string())
}

/// The repository an address names ("https://github.com/pig-mesh/pig/blob/…"
/// → `pig`): its host, owner and repository, as forges write them.
fn repository_of_address(address: &str) -> Option<String> {
    let (_, rest) = address.split_once("://")?;
    let mut parts = rest.split('/');
    let host = parts.next()?;
    let (_owner, repository) = (parts.next()?, parts.next()?);
    let repository = repository.trim_end_matches(".git");
    (host.contains('.') && !repository.is_empty()).then(|| repository.to_string())
}

/// The version a table row gives `name` ("| Pig | 4.1.0 |" in Pig's README,
/// its table of core dependencies), when it is a release's version.
fn row_of(page: &page::Page, name: &str) -> Option<String> {
    page.lines.iter().find_map(|(_, line)| {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        match cells.as_slice() {
            [first, second, ..]
                if line.trim_start().starts_with('|')
                    && first.eq_ignore_ascii_case(name)
                    && second.starts_with(|c: char| c.is_ascii_digit())
                    && second.contains('.')
                    && model::is_release_version(second) =>
            {
                Some(second.to_string())
            }
            _ => None,
        }
    })
}

/// One release of a page: cut into parts, parsed, merged into what the
/// batch or the project holds for its version, validated.
/// What a run has staged so far: the records as they will be written, by
/// path (a second page of one version merges into the first), and the
/// names the project's records hold, read once.
#[derive(Default)]
struct Staging {
    records: IndexMap<PathBuf, (toml::Value, bool)>,
    recorded: names::RecordedNames,
}

fn import_one(
    workspace: &Workspace,
    req: &ImportRequest,
    release: PageRelease,
    headings: &headings::Headings,
    words: &words::ProjectWords,
    staging: &mut Staging,
    earlier_pages: &[Imported],
) -> Result<Imported, ImportError> {
    let PageRelease {
        path: page_path,
        address,
        page,
        version: release_version,
        lang: page_lang,
        english_too,
        mut warnings,
    } = release;
    let parts = structure::split(&page, headings);
    let stated = parts.stated_version();
    let mut unplaced = parts.dropped.clone();
    let page_lines = page.lines.len();
    // A page stating no version is read all the same: with nothing to read
    // it is no release, which says more than that it names no version.
    let mut named = given_version(req).or(release_version.clone()).or(stated);
    if named.is_none()
        && let Some((subject, version)) = parts.subject_version()
    {
        warnings.push(Warning {
            line: None,
            message: format!(
                "the page states no release version; took {version}, the version it states of {subject}, which its title names (--version names another)"
            ),
        });
        named = Some(version);
    }
    if named.is_none()
        && let Some(version) = address.as_deref().and_then(version_of_address)
    {
        warnings.push(Warning {
            line: None,
            message: format!(
                "the page states no release version; took {version}, the name of the file its address names (--version names another)"
            ),
        });
        named = Some(version);
    }
    if named.is_none()
        && let Some((repository, version)) = address
            .as_deref()
            .and_then(repository_of_address)
            .and_then(|r| row_of(&page, &r).map(|v| (r, v)))
    {
        warnings.push(Warning {
            line: None,
            message: format!(
                "the page states no release version; took {version}, the version its table gives {repository}, the repository its address names (--version names another)"
            ),
        });
        named = Some(version);
    }
    let version = named.clone().unwrap_or_else(|| "0".to_string());
    if named.is_some() && !model::is_release_version(&version) {
        return Err(ImportError::NotAVersion {
            path: page_path.to_path_buf(),
            version,
        });
    }
    let langs = workspace.languages();
    let lang = req
        .lang
        .unwrap_or_else(|| stated::in_project(page_lang, &langs));
    // A page in two languages (DeepChat's changelog writes each change in
    // English, then in Chinese), in a project without the other: its
    // English.
    let lang =
        if req.lang.is_none() && english_too && !langs.contains(&lang) && langs.contains(&Lang::EN)
        {
            Lang::EN
        } else {
            lang
        };
    if !langs.contains(&lang) {
        return Err(ImportError::Language {
            path: page_path.to_path_buf(),
            lang,
            langs: langs
                .iter()
                .map(|l| format!("`{l}`"))
                .collect::<Vec<_>>()
                .join(", "),
        });
    }
    let stated = components::statements(statements::weighed_lines(&parts).into_iter(), &version);
    let statements = stated.len();
    let product = workspace.project.product.name.get(lang).to_string();
    warnings.extend(parts.warnings.iter().cloned());
    let changelog = release_version.is_some();
    let parsed = parse::parse(&parts, &version, lang, &product, req.column, changelog);
    // What is read is kept no longer than needed: a page may be 16 MiB.
    drop((page, parts));
    warnings.extend(parsed.warnings);
    unplaced.extend(parsed.unplaced);
    let table_notes = parsed.tables;
    // A column the user names that no table of the release has: the
    // columns read instead are named in the warnings above this one.
    if let (Some(wanted), Some(heads)) = (req.column, parsed.column_missing) {
        warnings.push(Warning {
            line: None,
            message: format!(
                "no table of release {version} has a column “{}” (--column); its tables' version columns are {}",
                model::clip(wanted, 40),
                heads
                    .iter()
                    .map(|h| format!("“{}”", model::clip(h, 40)))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        });
    }
    unplaced.sort();
    let mut draft = parsed.draft;
    // A page no layout could read (a tutorial, a console session) still
    // states versions: those are its record, said plainly.
    // Of those, names relnotes knows and versions of three numbers: a
    // lone number or two after a word may be a setting ("threshold 0.1").
    let stated: Vec<(String, String)> = stated
        .into_iter()
        .filter(|(n, v)| names::is_alias(n) || v.split('.').count() >= 3)
        .collect();
    // ("NVIDIA GPU with driver >= 430.40" over a list of links to the
    // packages: the driver fact is no layout read.)
    if draft.nothing_but_a_driver() && !stated.is_empty() {
        warnings.push(Warning {
            line: None,
            message: format!(
                "no table, list or release part could be read; the {} name–version statement(s) of the text became the components: check them",
                stated.len()
            ),
        });
        draft.components.extend(stated);
    }
    let named_packages = std::mem::take(&mut draft.named_packages);
    parse::add_components(&mut draft, named_packages);
    // A page of several releases lists the images of each: a release keeps
    // those its tags name. A page of one release may name images of other
    // releases too (a base image, `nvcr.io/nvidia/vllm:26.06-py3` on a
    // page read as release 2026-07-12): an asset is an image of this
    // release, as lint's `asset-tag` rule holds, so they stay out of it.
    let before = draft.assets.len();
    let mut left: Vec<String> = Vec::new();
    draft.assets.retain(|a| {
        let kept = model::ImageRef::parse(&a.image)
            .ok()
            .and_then(|r| r.tag().map(|t| model::tag_of_release(t, &version)))
            .unwrap_or(true);
        if !kept {
            left.push(a.image.clone());
        }
        kept
    });
    if draft.assets.len() < before {
        let message = if changelog {
            format!(
                "{} image(s) of other releases of the page left out of {version}'s assets",
                before - draft.assets.len()
            )
        } else {
            format!(
                "image(s) whose tags do not name release {version} left out of its assets: {}",
                left.join(", ")
            )
        };
        warnings.push(Warning {
            line: None,
            message,
        });
    }
    // The generated title speaks every language of the project.
    draft.title = Text::from_pairs(langs.iter().map(|&l| {
        let title = model::fill_label(
            "record_title",
            l,
            &[
                ("product", workspace.project.product.name.get(l)),
                ("version", &version),
            ],
        );
        (l, title)
    }));
    if draft.entries() > MAX_ITEMS {
        return Err(Overflow::Items("entries (features, fixes, components …)").at(page_path));
    }
    let known = names::Known::of(workspace, &version, &mut staging.recorded)?
        .with_aliases(&words.component);
    components::drop_owned_elsewhere(&mut draft);
    components::align_with_claims(&mut draft, lang);
    components::settle_names(&mut draft, &known);
    warnings.extend(components::drop_build_toolchains(&mut draft));
    warnings.extend(components::drop_invalid_names(&mut draft));
    warnings.extend(components::set_aside_invalid_versions(
        &mut draft,
        &workspace.project,
        lang,
    ));
    lists_of_unknown_parts_as_features(&mut draft, lang);
    let mut imported_value = toml::Value::try_from(&draft).map_err(|e| ImportError::Invalid {
        path: page_path.to_path_buf(),
        message: format!("cannot encode the record: {e}"),
    })?;
    fit_texts(&mut imported_value, &langs);
    let archs = draft.archs.clone();
    let components = draft.components.len()
        + draft
            .arch
            .values()
            .map(|a| a.components.len())
            .sum::<usize>();
    let (features, known_issues) = (draft.features.len(), draft.known_issues.len());
    let fixes = match &draft.bug_fixes {
        Some(draft::FixesOut::List(items)) => items.len(),
        _ => 0,
    };
    let driver_facts = draft
        .driver
        .as_ref()
        .is_some_and(draft::DriverOut::has_facts);
    // Components kept as includes (a version of no ecosystem) are read too.
    let includes = draft.includes.len();
    drop(draft);
    if components == 0 && includes == 0 && features == 0 && fixes == 0 && !driver_facts {
        return Err(ImportError::NoRelease {
            path: page_path.to_path_buf(),
            lines: page_lines,
            statements,
            unplaced: unplaced.len(),
        });
    }
    if named.is_none() {
        return Err(ImportError::NoVersion {
            path: page_path.to_path_buf(),
        });
    }
    if components < THIN_RECORD && statements > components {
        warnings.push(Warning {
            line: None,
            message: format!(
                "a thin record: {components} component(s) from a page that states {statements} name–version statement(s); the others were not read"
            ),
        });
    }
    let path = workspace.release_path(&version);
    let earlier = staging.records.shift_remove(&path);
    let base = match earlier {
        Some((value, _)) => Some(value),
        None if model::path_present(&path) && !req.force => {
            let existing = workspace.read_release(&version)?;
            Some(
                toml::from_str::<toml::Value>(&existing).map_err(|e| ImportError::Merge {
                    path: path.clone(),
                    message: e.to_string(),
                })?,
            )
        }
        None => None,
    };
    // The architectures the page's earlier parts of this release were read
    // for (none when the record is not of this page's releases).
    let earlier_parts_archs: Vec<String> = earlier_pages
        .iter()
        .filter(|i| i.path == path && i.lang == lang && i.page == page_path && i.release.is_some())
        .flat_map(|i| i.archs.iter().cloned())
        .collect();
    let (value, merged) = match base {
        // The same release once per architecture ("DeepStream 7.1 on x86
        // platform", "… on Jetson platform"): one record of both parts.
        Some(mut existing)
            if release_version.is_some() && arch_parts::disjoint(&earlier_parts_archs, &archs) =>
        {
            warnings.extend(arch_parts::merge(&mut existing, imported_value));
            (existing, true)
        }
        Some(mut existing) => {
            let mut conflict = false;
            merge_lang(&mut existing, &imported_value, lang, true, &mut conflict);
            drop(imported_value);
            let twice = earlier_pages
                .iter()
                .find(|i| i.path == path && i.lang == lang);
            if let Some(other) = twice {
                // Two releases of one changelog, not one page given twice.
                if other.page == page_path && other.release.is_some() && release_version.is_some() {
                    return Err(ImportError::TwiceInPage {
                        page: page_path.to_path_buf(),
                        version,
                        lang,
                    });
                }
                return Err(ImportError::Twice {
                    page: page_path.to_path_buf(),
                    other: other.page.clone(),
                    version,
                    lang,
                });
            }
            if conflict {
                return Err(ImportError::Exists { path, lang });
            }
            (existing, true)
        }
        None => (imported_value, false),
    };
    validate(workspace, &version, encode(&value, &path)?).map_err(|e| match e {
        ImportError::Invalid { message, .. } => ImportError::Invalid {
            path: page_path.to_path_buf(),
            message,
        },
        e => e,
    })?;
    let replace = merged || req.force;
    staging.records.insert(path.clone(), (value, replace));
    Ok(Imported {
        page: page_path.to_path_buf(),
        address,
        release: release_version,
        path,
        merged,
        dry_run: req.dry_run,
        lang,
        archs,
        components,
        features,
        fixes,
        known_issues,
        driver_facts,
        statements,
        unplaced,
        tables: table_notes,
        warnings,
        record: None,
    })
}

/// Fills `lang`'s side of every `{ zh, en }` text of `existing` from
/// `imported`, matching array items by position. A side that is already
/// filled is a conflict: only an empty language is merged into.
fn merge_lang(
    existing: &mut toml::Value,
    imported: &toml::Value,
    lang: Lang,
    top: bool,
    conflict: &mut bool,
) {
    use toml::Value;
    match (existing, imported) {
        (Value::Table(e), Value::Table(i)) if is_text(e) && is_text(i) => {
            let key = lang.code();
            let new = i.get(key).and_then(Value::as_str).unwrap_or("");
            if new.trim().is_empty() {
                return;
            }
            let old = e.get(key).and_then(Value::as_str).unwrap_or("");
            if old.trim().is_empty() {
                e.insert(key.to_string(), Value::String(new.to_string()));
            } else {
                *conflict = true;
            }
        }
        (Value::Table(e), Value::Table(i)) => {
            for (k, iv) in i {
                // The title is made from the product name in both languages.
                if top && k == "title" {
                    continue;
                }
                if let Some(ev) = e.get_mut(k) {
                    merge_lang(ev, iv, lang, false, conflict);
                }
            }
        }
        (Value::Array(e), Value::Array(i)) => {
            for (ev, iv) in e.iter_mut().zip(i) {
                merge_lang(ev, iv, lang, false, conflict);
            }
        }
        _ => {}
    }
}

fn is_text(t: &toml::map::Map<String, toml::Value>) -> bool {
    !t.is_empty()
        && t.iter()
            .all(|(k, v)| v.is_str() && k.parse::<Lang>().is_ok_and(|l| l.code() == k.as_str()))
}

/// Makes every text of `value` hold exactly the project's languages, in
/// its order: empty where the page said nothing in one.
fn fit_texts(value: &mut toml::Value, langs: &[Lang]) {
    use toml::Value;
    match value {
        Value::Table(t) if is_text(t) => {
            let fitted = langs
                .iter()
                .map(|l| {
                    let text = t.get(l.code()).cloned();
                    (
                        l.code().to_string(),
                        text.unwrap_or(Value::String(String::new())),
                    )
                })
                .collect();
            *t = fitted;
        }
        // A components table maps names to versions, never languages to
        // texts, even where a name is also a language code (`ray`).
        Value::Table(t) => t
            .iter_mut()
            .filter(|(k, _)| k.as_str() != "components")
            .for_each(|(_, v)| fit_texts(v, langs)),
        Value::Array(a) => a.iter_mut().for_each(|v| fit_texts(v, langs)),
        _ => {}
    }
}

/// Checks `text` as the project's loader reads `releases/<version>.toml`,
/// without writing it: a changelog's thousand releases cost no file each.
fn validate(workspace: &Workspace, version: &str, text: String) -> Result<(), ImportError> {
    workspace
        .load_source(version, &text, false)
        .map(|_| ())
        .map_err(|e| ImportError::Invalid {
            path: workspace.release_path(version),
            message: e.to_string(),
        })
}

/// A record of nothing but sections: a page whose every list stands under a
/// heading import does not know ("## 2D 渲染 - JavaScript", "## 微信小游戏
/// v1.2.9"). Its lists are what changed: their items become features, no
/// page is refused for its headings' words.
fn lists_of_unknown_parts_as_features(draft: &mut draft::Draft, lang: Lang) {
    let nothing_read = draft.features.is_empty()
        && draft.bug_fixes.is_none()
        && draft.components.is_empty()
        && draft.arch.values().all(|a| a.components.is_empty())
        && draft.includes.is_empty()
        && draft.driver.is_none();
    if !nothing_read {
        return;
    }
    let items_of = |body: &str| -> Vec<String> {
        let mut items: Vec<String> = Vec::new();
        for line in body.lines() {
            if let Some(item) = line.strip_prefix("- ") {
                items.push(item.trim().to_string());
            } else if let Some(last) = items.last_mut()
                && line.starts_with("  ")
                && !line.trim_start().starts_with("- ")
            {
                last.push(' ');
                last.push_str(line.trim());
            }
        }
        items
    };
    let mut kept = Vec::new();
    for section in std::mem::take(&mut draft.sections) {
        let items = items_of(section.body.get(lang));
        if items.is_empty() {
            kept.push(section);
        } else {
            draft
                .features
                .extend(items.into_iter().map(|i| Text::one(lang, i)));
        }
    }
    draft.sections = kept;
}

#[cfg(test)]
mod tests {
    use super::{repository_of_address, row_of, version_of_address};

    #[test]
    fn a_table_row_of_the_repository_names_the_release() {
        assert_eq!(
            repository_of_address("https://github.com/pig-mesh/pig/blob/f4e5a3a/README.md")
                .as_deref(),
            Some("pig")
        );
        assert_eq!(repository_of_address("README.md"), None);
        let page = crate::page::Page::read(
            crate::page::PageKind::Markdown,
            "## 核心依赖\n\n| 依赖 | 版本 |\n| --- | --- |\n| Pig | 4.1.0 |\n| JDK | 17+ |\n",
        )
        .unwrap();
        assert_eq!(row_of(&page, "pig").as_deref(), Some("4.1.0"));
        assert_eq!(row_of(&page, "jdk"), None);
    }

    #[test]
    fn an_address_names_its_release_by_its_file() {
        let of = |a: &str| version_of_address(a);
        assert_eq!(
            of("https://github.com/o/changelog/blob/3c3e2ed/community/24.7/24.7").as_deref(),
            Some("24.7")
        );
        assert_eq!(
            of("https://github.com/o/docs/blob/f7d/docs/release-notes/7.1.0.md").as_deref(),
            Some("7.1.0")
        );
        assert_eq!(
            of("https://github.com/o/docs/blob/3ff/content/en/news/0.89.0-relnotes/index.md")
                .as_deref(),
            Some("0.89.0")
        );
        assert_eq!(
            of("https://example.com/news/2.1.0-alpha/index.md").as_deref(),
            Some("2.1.0-alpha")
        );
        assert_eq!(of("https://example.com/docs/install/index.md"), None);
        assert_eq!(of("https://github.com/o/r/blob/abc/CHANGELOG.md"), None);
        assert_eq!(of("https://example.com/notes/2025-05-05.md"), None);
        assert_eq!(of("https://example.com/x/3"), None);
    }
}
