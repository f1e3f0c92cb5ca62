//! Release and diff pages from Handlebars templates (Markdown and HTML).
//!
//! - [`templates`]: finding and compiling the templates (`--templates DIR`,
//!   the project's `templates/`, the built-in copies), rendering a page.
//! - [`page`]: the fields every page's context shares (language, labels,
//!   product, the layout's `page`), and [`page::Page`], a base plus content.
//! - [`context`]: the data a release page sees (docs/templates.md), with
//!   its [`components`] table.
//! - [`helpers`]: `markdown`, `t`, `join`, `md_cell` and strict `if`/`unless`.
//! - [`labels`]: every UI string, in both languages.
//! - [`markdown`]: record Markdown to HTML.
//! - [`diff_context`], [`diff_page`]: the diff pages, their data and their
//!   file names.

pub(crate) mod components;
pub(crate) mod context;
pub(crate) mod diff_context;
pub(crate) mod diff_page;
mod flatten;
pub(crate) mod helpers;
pub mod labels;
pub(crate) mod markdown;
pub(crate) mod page;
mod partials;
pub(crate) mod templates;

pub use templates::{TemplateOrigin, Templates};

use crate::diff::ReleaseDiff;
use model::record::{Lang, Release, Workspace};
use std::path::PathBuf;

/// Serialised as its extension (`md`, `html`), the context's `format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PageFormat {
    Md,
    Html,
}

impl PageFormat {
    pub fn extension(self) -> &'static str {
        match self {
            PageFormat::Md => "md",
            PageFormat::Html => "html",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("templates directory {} does not exist\n  = hint: --templates takes a directory of *.hbs files, such as the project's templates/", .0.display())]
    NoTemplateDir(PathBuf),
    #[error("--templates {} is a file, not a directory\n  = hint: --templates takes a directory of *.hbs files, such as the project's templates/", .0.display())]
    TemplatesNotADir(PathBuf),
    #[error("cannot read {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(
        "no template for the page `{0}`\n  = hint: page templates are named <page>.md.hbs and <page>.html.hbs"
    )]
    NoTemplate(String),
    /// A template that does not compile or does not render.
    #[error(
        "template {template}{}: {message}\n  = hint: {hint}",
        match (line, column) {
            (Some(l), Some(c)) => format!(", line {l}, column {c}"),
            _ => String::new(),
        }
    )]
    Template {
        /// The template file (or built-in copy) at fault.
        template: String,
        line: Option<usize>,
        column: Option<usize>,
        message: String,
        hint: &'static str,
    },
}

/// `25.10.en.html`
pub fn page_file_name(version: &str, lang: Lang, ext: &str) -> String {
    format!("{version}.{lang}.{ext}")
}

/// The release page of `release` in `lang`.
pub fn render_release(
    templates: &Templates,
    workspace: &Workspace,
    release: &Release,
    lang: Lang,
    format: PageFormat,
) -> Result<String, RenderError> {
    let context = context::release_context(workspace, release, lang, format);
    templates.render_page(&format!("release.{}", format.extension()), &context)
}

/// The page of a diff between two releases.
pub fn render_diff(
    templates: &Templates,
    workspace: &Workspace,
    changes: &ReleaseDiff,
    lang: Lang,
    format: PageFormat,
) -> Result<String, RenderError> {
    diff_page::render(templates, workspace, changes, lang, format)
}
