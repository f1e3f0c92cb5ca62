//! `relnotes render` and `relnotes diff`.

use super::{Destination, LangChoice, Outcome, Session};
use crate::Error;
use model::{Lang, OutputFile};
use pages::{DiffFormat, PageFormat, Templates};
use std::path::Path;

/// What `relnotes render` is asked.
pub struct RenderRequest<'a> {
    /// The release, e.g. `25.10`.
    pub version: &'a str,
    /// `None`: the project's first language.
    pub lang: Option<LangChoice>,
    /// Markdown or HTML.
    pub format: PageFormat,
    /// A directory of templates to use before the project's and the
    /// built-in ones.
    pub templates: Option<&'a Path>,
    /// Stdout, a file, or for several languages a directory.
    pub destination: Destination,
}

/// `relnotes render`: one release page per language.
pub fn render_release(session: &mut Session, req: &RenderRequest) -> Result<Outcome, Error> {
    let loaded = session.load(req.version)?;
    let workspace = &session.workspace;
    let templates = Templates::load(workspace, req.templates)?;
    let langs: Vec<Lang> = match req.lang {
        Some(LangChoice::One(lang)) => vec![session.language(lang)?],
        Some(LangChoice::All) => workspace.languages(),
        None => vec![workspace.default_language()],
    };
    let ext = req.format.extension();
    let mut pages = Vec::new();
    for lang in &langs {
        let page =
            pages::render_release(&templates, workspace, &loaded.release, *lang, req.format)?;
        pages.push((*lang, page));
    }
    match (&req.destination, pages.len()) {
        (Destination::Stdout, 1) => Ok(Outcome::Stdout(pages.remove(0).1)),
        (Destination::Stdout, _) => Err(Error::Usage(
            "--lang all writes one page per language: pass -o DIR to choose where".into(),
        )),
        (Destination::Path(path), 1) => Ok(Outcome::Files(vec![OutputFile {
            path: path.clone(),
            bytes: pages.remove(0).1.into_bytes(),
        }])),
        (Destination::Path(dir), _) => Ok(Outcome::Files(
            pages
                .into_iter()
                .map(|(lang, page)| OutputFile {
                    path: dir.join(pages::page_file_name(req.version, lang, ext)),
                    bytes: page.into_bytes(),
                })
                .collect(),
        )),
    }
}

/// What `relnotes diff` is asked.
pub struct DiffRequest<'a> {
    /// The old release.
    pub from: &'a str,
    /// The new release.
    pub to: &'a str,
    /// Only this architecture; `None` means every one either release declares.
    pub arch: Option<&'a str>,
    /// Text, JSON, or a Markdown or HTML page.
    pub format: DiffFormat,
    /// `None`: the project's first language.
    pub lang: Option<Lang>,
    /// A directory of templates for the Markdown and HTML pages.
    pub templates: Option<&'a Path>,
    /// Stdout, or a file.
    pub destination: Destination,
}

/// `relnotes diff`: what changed from one release to another.
pub fn diff_releases(session: &mut Session, req: &DiffRequest) -> Result<Outcome, Error> {
    let from = session.load(req.from)?;
    let to = session.load(req.to)?;
    let workspace = &session.workspace;
    let lang = match req.lang {
        Some(lang) => session.language(lang)?,
        None => workspace.default_language(),
    };
    let changes = pages::diff(&workspace.project, &from.release, &to.release, req.arch)?;
    let text = match req.format {
        DiffFormat::Text => pages::diff_to_text(&changes, lang),
        DiffFormat::Json => pages::diff_to_json(&changes),
        DiffFormat::Md | DiffFormat::Html => {
            let templates = Templates::load(workspace, req.templates)?;
            let format = if req.format == DiffFormat::Md {
                PageFormat::Md
            } else {
                PageFormat::Html
            };
            pages::render_diff(&templates, workspace, &changes, lang, format)?
        }
    };
    Ok(match &req.destination {
        Destination::Stdout => Outcome::Stdout(text),
        Destination::Path(path) => Outcome::Files(vec![OutputFile {
            path: path.clone(),
            bytes: text.into_bytes(),
        }]),
    })
}
