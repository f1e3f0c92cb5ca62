//! What a page is written as, its file name, and why it cannot be rendered.

use model::Lang;
use std::path::PathBuf;

/// What a page is written as: Markdown or HTML.
///
/// Serialised as its extension (`md`, `html`), the context's `format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PageFormat {
    /// Markdown, from the `*.md.hbs` templates.
    Md,
    /// HTML, from the `*.html.hbs` templates.
    Html,
}

impl PageFormat {
    /// The file extension, without the dot: `md` or `html`.
    pub fn extension(self) -> &'static str {
        match self {
            PageFormat::Md => "md",
            PageFormat::Html => "html",
        }
    }
}

/// Why templates cannot be loaded or a page cannot be rendered.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// `--templates` names a directory that does not exist.
    #[error("templates directory {} does not exist\n  = hint: --templates takes a directory of *.hbs files, such as the project's templates/", .0.display())]
    NoTemplateDir(PathBuf),
    /// `--templates` names a file.
    #[error("--templates {} is a file, not a directory\n  = hint: --templates takes a directory of *.hbs files, such as the project's templates/", .0.display())]
    TemplatesNotADir(PathBuf),
    /// A template file or directory cannot be read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// Why it cannot be read.
        #[source]
        source: std::io::Error,
    },
    /// A template file that is a link out of its directory, a FIFO …
    #[error(transparent)]
    File(#[from] model::ProjectFileError),
    /// A template file over the 32 KiB a template may hold.
    #[error("template {} is larger than {} KiB\n  = hint: split it into partials (templates/partials/<name>.md.hbs …): Handlebars takes time with the square of a template's length", model::shown_path(path).display(), limit >> 10)]
    TemplateTooLarge {
        /// The template file.
        path: PathBuf,
        /// The bound, in bytes.
        limit: u64,
    },
    /// Built-in templates cannot be copied into a project (an unknown
    /// name, a file there already, a write that failed).
    #[error("{0}")]
    Copy(String),
    /// No template (file or built-in copy) renders the page asked for.
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
        /// The line of the error in the template, when Handlebars knows it.
        line: Option<usize>,
        /// The column of the error, when Handlebars knows it.
        column: Option<usize>,
        /// What Handlebars reported.
        message: String,
        /// What to do about it.
        hint: &'static str,
    },
}

/// The file name of a release page: `25.10.en.html` for version `25.10`,
/// English, extension `html`.
pub fn page_file_name(version: &str, lang: Lang, ext: &str) -> String {
    format!("{version}.{lang}.{ext}")
}
