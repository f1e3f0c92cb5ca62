//! What a page is written as, its file name, and why it cannot be rendered.

use model::record::Lang;
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
    /// A template file that is a link out of its directory, a FIFO …
    #[error(transparent)]
    File(#[from] model::project_file::ProjectFileError),
    #[error("template {} is larger than {} KiB\n  = hint: split it into partials (templates/partials/<name>.md.hbs …): Handlebars takes time with the square of a template's length", model::record::diagnostic::shown(path).display(), limit >> 10)]
    TemplateTooLarge { path: PathBuf, limit: u64 },
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
