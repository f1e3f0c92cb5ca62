//! Release and diff pages from Handlebars templates (Markdown and HTML).
//!
//! - `templates`: finding and compiling the templates (`--templates DIR`,
//!   the project's `templates/`, the built-in copies), rendering a page.
//! - `page`: the fields every page's context shares (language, labels,
//!   product, the layout's `page`), and `page::Page`, a base plus content.
//! - `context`: the data a release page sees (docs/templates.md), with
//!   its `components` table.
//! - `helpers`: `markdown`, `t`, `join`, `md_cell` and strict `if`/`unless`.
//! - `labels`: every UI string, in both languages.
//! - `markdown`: record Markdown to HTML.
//! - `diff_context`, `diff_page`: the diff pages, their data and their
//!   file names.

pub(crate) mod components;
pub(crate) mod context;
mod copy;
pub(crate) mod diff_context;
pub(crate) mod diff_page;
mod flatten;
mod format;
pub(crate) mod helpers;
pub(crate) mod labels;
pub(crate) mod markdown;
pub(crate) mod page;
mod partials;
pub(crate) mod templates;

pub use copy::{TemplateFile, copy_templates, list_templates};
pub use format::{PageFormat, RenderError, page_file_name};
pub use templates::Templates;

use crate::diff::ReleaseDiff;
use model::{Lang, Release, Workspace};

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
    let context = diff_context::diff_context(workspace, changes, lang, format);
    templates.render_page(&format!("diff.{}", format.extension()), &context)
}
