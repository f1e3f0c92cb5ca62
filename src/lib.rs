//! relnotes: release records of container images, turned into bilingual
//! release pages and version diffs.
//!
//! The pipeline: [`record`] loads and validates `releases/<version>.toml`
//! against the project file; [`diff`] compares two records per arch with
//! [`version`] ordering; [`render`] turns records and diffs into Markdown
//! and HTML through Handlebars templates; [`sbom`] writes a CycloneDX 1.5
//! SBOM per architecture; [`site`] builds every release into a static
//! site; [`output`] writes results.

pub mod compat;
pub mod diff;
pub mod error;
pub mod import;
pub mod inspect;
pub mod labels;
pub mod lint;
pub mod output;
pub mod record;
pub mod reference;
pub mod render;
pub mod sbom;
pub mod site;
pub mod verify;
pub mod version;

pub use error::Error;

use record::{Diagnostic, Lang, Loaded, Workspace};
use std::path::{Path, PathBuf};

/// The project a command works on, and how strictly records are read.
pub struct Session {
    pub workspace: Workspace,
    pub strict: bool,
    /// Warnings met while loading, for the caller to show.
    pub warnings: Vec<Diagnostic>,
}

impl Session {
    /// Opens the project at `root`, or the one found from the current directory up.
    pub fn open(root: Option<&Path>, strict: bool) -> Result<Session, Error> {
        let workspace = match root {
            Some(dir) => {
                let dir = if dir.join(record::load::PROJECT_FILE).is_file() {
                    dir.to_path_buf()
                } else {
                    return Err(record::RecordError::NoProject {
                        start: dir.to_path_buf(),
                    }
                    .into());
                };
                Workspace::open(&dir)?
            }
            None => Workspace::discover(Path::new("."))?,
        };
        Ok(Session {
            workspace,
            strict,
            warnings: Vec::new(),
        })
    }

    pub fn load(&mut self, version: &str) -> Result<Loaded, Error> {
        let loaded = self.workspace.load(version, self.strict)?;
        self.warnings.extend(loaded.warnings.iter().cloned());
        Ok(loaded)
    }
}

/// Which languages a command writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LangChoice {
    One(Lang),
    All,
}

/// Where results go.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Destination {
    Stdout,
    /// A file, or for several outputs a directory.
    Path(PathBuf),
}

/// The result of a command: text for stdout, or files to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Stdout(String),
    Files(Vec<output::OutputFile>),
}

pub struct RenderRequest<'a> {
    pub version: &'a str,
    pub lang: LangChoice,
    pub format: render::PageFormat,
    pub templates: Option<&'a Path>,
    pub destination: Destination,
}

/// `relnotes render`: one release page per language.
pub fn render_release(session: &mut Session, req: &RenderRequest) -> Result<Outcome, Error> {
    let loaded = session.load(req.version)?;
    let templates = render::Templates::load(&session.workspace, req.templates)?;
    let langs: Vec<Lang> = match req.lang {
        LangChoice::One(lang) => vec![lang],
        LangChoice::All => session.workspace.languages(),
    };
    let ext = req.format.extension();
    let mut pages = Vec::new();
    for lang in &langs {
        let page = render::render_release(
            &templates,
            &session.workspace,
            &loaded.release,
            *lang,
            req.format,
        )?;
        pages.push((*lang, page));
    }
    match (&req.destination, pages.len()) {
        (Destination::Stdout, 1) => Ok(Outcome::Stdout(pages.remove(0).1)),
        (Destination::Stdout, _) => Err(Error::Usage(
            "--lang all writes one page per language: pass -o DIR to choose where".into(),
        )),
        (Destination::Path(path), 1) => Ok(Outcome::Files(vec![output::OutputFile {
            path: path.clone(),
            bytes: pages.remove(0).1.into_bytes(),
        }])),
        (Destination::Path(dir), _) => Ok(Outcome::Files(
            pages
                .into_iter()
                .map(|(lang, page)| output::OutputFile {
                    path: dir.join(render::page_file_name(req.version, lang, ext)),
                    bytes: page.into_bytes(),
                })
                .collect(),
        )),
    }
}

pub struct DiffRequest<'a> {
    pub from: &'a str,
    pub to: &'a str,
    pub arch: Option<&'a str>,
    pub format: diff::DiffFormat,
    pub lang: Lang,
    pub templates: Option<&'a Path>,
}

/// `relnotes diff`: what changed from one release to another.
pub fn diff_releases(session: &mut Session, req: &DiffRequest) -> Result<String, Error> {
    let from = session.load(req.from)?;
    let to = session.load(req.to)?;
    let project = &session.workspace.project;
    let changes = diff::diff(project, &from.release, &to.release, req.arch)?;
    Ok(match req.format {
        diff::DiffFormat::Text => diff::to_text(&changes, req.lang),
        diff::DiffFormat::Json => diff::to_json(&changes),
        diff::DiffFormat::Md | diff::DiffFormat::Html => {
            let templates = render::Templates::load(&session.workspace, req.templates)?;
            let format = if req.format == diff::DiffFormat::Md {
                render::PageFormat::Md
            } else {
                render::PageFormat::Html
            };
            render::render_diff(&templates, &session.workspace, &changes, req.lang, format)?
        }
    })
}

pub struct SbomRequest<'a> {
    pub version: &'a str,
    pub arch: sbom::ArchChoice,
    pub format: sbom::SbomFormat,
    /// A file, or a directory for `<version>-<arch>.cdx.<format>` files.
    pub destination: Destination,
    /// Stamp the SBOM with `SOURCE_DATE_EPOCH`, else the current time.
    pub timestamp: bool,
}

/// `relnotes sbom`: a CycloneDX 1.5 SBOM per image platform (architecture).
pub fn sbom(session: &mut Session, req: &SbomRequest) -> Result<Outcome, Error> {
    let loaded = session.load(req.version)?;
    let archs = sbom::pick_archs(&loaded.release, &req.arch)?;
    let all = req.arch == sbom::ArchChoice::All;
    if all && req.destination == Destination::Stdout {
        return Err(Error::Usage(
            "--arch all writes one SBOM per architecture: pass -o DIR to choose where".into(),
        ));
    }
    let timestamp = req.timestamp.then(sbom::timestamp_from_env).transpose()?;
    let mut files = Vec::new();
    for arch in &archs {
        let bom = sbom::build(
            &session.workspace.project,
            &loaded.release,
            arch,
            timestamp.as_deref(),
        )?;
        let text = sbom::encode(bom, req.format)?;
        let path = match &req.destination {
            Destination::Stdout => return Ok(Outcome::Stdout(text)),
            Destination::Path(path) if all || path.is_dir() => {
                path.join(sbom::file_name(req.version, arch, req.format))
            }
            Destination::Path(path) => path.clone(),
        };
        files.push(output::OutputFile {
            path,
            bytes: text.into_bytes(),
        });
    }
    Ok(Outcome::Files(files))
}

/// One line per release for `relnotes list`.
#[derive(Debug, Clone, serde::Serialize)]
pub struct ReleaseSummary {
    pub version: String,
    pub title: record::Text,
    pub archs: Vec<String>,
    pub cuda: Option<String>,
    pub driver_min: Option<String>,
    pub components: usize,
}

/// `relnotes list`: every release, oldest first.
pub fn list_releases(session: &mut Session) -> Result<Vec<ReleaseSummary>, Error> {
    let versions = session.workspace.versions()?;
    let mut out = Vec::new();
    for version in versions {
        let loaded = session.load(&version)?;
        let release = &loaded.release;
        let views = release.resolve(&session.workspace.project);
        let cuda = release.cuda(&session.workspace.project);
        out.push(ReleaseSummary {
            version,
            title: release.title.clone(),
            archs: release.arch_names(),
            cuda,
            driver_min: release
                .driver
                .as_ref()
                .and_then(|d| d.min.as_ref())
                .map(|m| m.get_ref().clone()),
            components: views.iter().map(|v| v.components.len()).max().unwrap_or(0),
        });
    }
    Ok(out)
}

/// `relnotes compat`: whether each release runs on a driver.
pub fn compat(
    session: &mut Session,
    driver: &str,
    datacenter: bool,
) -> Result<compat::CompatReport, Error> {
    let parsed: compat::DriverVersion = driver.trim().parse()?;
    let mut releases = Vec::new();
    for version in session.workspace.versions()? {
        let loaded = session.load(&version)?;
        releases.push(compat::check(&loaded.release, &parsed, datacenter));
    }
    Ok(compat::CompatReport {
        driver: parsed.text,
        datacenter,
        releases,
    })
}

/// `relnotes lint`: findings about the claims of `versions` (all when empty).
pub fn lint(session: &Session, versions: &[String]) -> Result<lint::LintReport, Error> {
    Ok(lint::lint(&session.workspace, versions)?)
}

/// `relnotes import`: a release-notes page → `releases/<version>.toml`.
pub fn import_page(
    session: &mut Session,
    req: &import::ImportRequest,
) -> Result<import::Imported, Error> {
    import::run(&session.workspace, req)
}

pub struct SiteRequest<'a> {
    /// The directory the site is written to (or compared with).
    pub out: &'a Path,
    /// Where the site is published, for `<link rel="canonical">` only.
    pub base_url: Option<&'a str>,
    pub templates: Option<&'a Path>,
    /// Compare with `out` instead of writing.
    pub check: bool,
    /// Build into a directory that holds files but no site of relnotes.
    pub force: bool,
}

/// What `relnotes site` did.
#[derive(Debug, Clone)]
pub enum SiteOutcome {
    Written(site::Written),
    Checked(site::CheckReport),
}

/// `relnotes site`: every release as a bilingual static site (docs/site.md).
pub fn site(session: &mut Session, req: &SiteRequest) -> Result<SiteOutcome, Error> {
    let options = site::SiteOptions {
        templates: req.templates,
        base_url: req.base_url,
    };
    let built = site::build(session, &options)?;
    Ok(if req.check {
        SiteOutcome::Checked(site::check(&built, req.out)?)
    } else {
        SiteOutcome::Written(site::write(&built, req.out, req.force)?)
    })
}
