//! Finding, compiling and running the page templates.
//!
//! A template file is looked up, per file, in the `--templates` directory,
//! then in the project's `templates/`, then among the copies built into the
//! binary. Files are named by what they produce:
//!
//! - `<page>.md.hbs`, `<page>.html.hbs` — a page, rendered by
//!   [`Templates::render_page`] as `"<page>.md"` / `"<page>.html"`;
//! - `partials/<name>.md.hbs` — a partial `{{> name}}` of Markdown pages;
//! - `partials/<name>.html.hbs`, `partials/<name>.css.hbs` — a partial of
//!   HTML pages (`layout`, `style`, …).
//!
//! Markdown and HTML pages use two registries: HTML escapes `{{value}}`
//! (`&`, `<`, `>`, `"`); Markdown writes values as they are but for raw
//! HTML in them, shown as text (its `<` as `&lt;`), so that no record
//! breaks a page in any Markdown reader. `{{{value}}}` writes a value raw
//! (word diffs; values inside code spans and fences). Both run in
//! strict mode, so a misspelt field is an error naming the file and line.
//!
//! A template is compiled when a page first needs it, once: [`Templates`]
//! is `Send + Sync`, so threads rendering pages share the compiled
//! templates.

use super::{PageFormat, RenderError, helpers, markdown};
use handlebars::Handlebars;
use model::{ProjectFileError, Workspace};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{PoisonError, RwLock, RwLockReadGuard};

/// Templates compiled into the binary: `(path under templates/, text)`.
pub(crate) const BUILTIN: &[(&str, &str)] = &[
    (
        "diff.html.hbs",
        include_str!("../../../../templates/diff.html.hbs"),
    ),
    (
        "diff.md.hbs",
        include_str!("../../../../templates/diff.md.hbs"),
    ),
    (
        "release.html.hbs",
        include_str!("../../../../templates/release.html.hbs"),
    ),
    (
        "release.md.hbs",
        include_str!("../../../../templates/release.md.hbs"),
    ),
    (
        "partials/diff-assets.html.hbs",
        include_str!("../../../../templates/partials/diff-assets.html.hbs"),
    ),
    (
        "partials/diff-assets.md.hbs",
        include_str!("../../../../templates/partials/diff-assets.md.hbs"),
    ),
    (
        "partials/diff-components.html.hbs",
        include_str!("../../../../templates/partials/diff-components.html.hbs"),
    ),
    (
        "partials/diff-components.md.hbs",
        include_str!("../../../../templates/partials/diff-components.md.hbs"),
    ),
    (
        "partials/diff-driver.html.hbs",
        include_str!("../../../../templates/partials/diff-driver.html.hbs"),
    ),
    (
        "partials/diff-driver.md.hbs",
        include_str!("../../../../templates/partials/diff-driver.md.hbs"),
    ),
    (
        "partials/diff-fixes-issues.html.hbs",
        include_str!("../../../../templates/partials/diff-fixes-issues.html.hbs"),
    ),
    (
        "partials/diff-fixes-issues.md.hbs",
        include_str!("../../../../templates/partials/diff-fixes-issues.md.hbs"),
    ),
    (
        "partials/diff-keyed-list.html.hbs",
        include_str!("../../../../templates/partials/diff-keyed-list.html.hbs"),
    ),
    (
        "partials/diff-keyed-list.md.hbs",
        include_str!("../../../../templates/partials/diff-keyed-list.md.hbs"),
    ),
    (
        "partials/diff-sections.md.hbs",
        include_str!("../../../../templates/partials/diff-sections.md.hbs"),
    ),
    (
        "partials/diff-style.css.hbs",
        include_str!("../../../../templates/partials/diff-style.css.hbs"),
    ),
    (
        "partials/layout.html.hbs",
        include_str!("../../../../templates/partials/layout.html.hbs"),
    ),
    (
        "partials/release-changes.html.hbs",
        include_str!("../../../../templates/partials/release-changes.html.hbs"),
    ),
    (
        "partials/release-contents.html.hbs",
        include_str!("../../../../templates/partials/release-contents.html.hbs"),
    ),
    (
        "partials/release-details.html.hbs",
        include_str!("../../../../templates/partials/release-details.html.hbs"),
    ),
    (
        "partials/release-driver-assets.html.hbs",
        include_str!("../../../../templates/partials/release-driver-assets.html.hbs"),
    ),
    (
        "partials/release-driver-assets.md.hbs",
        include_str!("../../../../templates/partials/release-driver-assets.md.hbs"),
    ),
    (
        "partials/release-env-gpus-ports.md.hbs",
        include_str!("../../../../templates/partials/release-env-gpus-ports.md.hbs"),
    ),
    (
        "partials/release-fixes-contents.md.hbs",
        include_str!("../../../../templates/partials/release-fixes-contents.md.hbs"),
    ),
    (
        "partials/style.css.hbs",
        include_str!("../../../../templates/partials/style.css.hbs"),
    ),
    (
        "partials/site-nav-style.css.hbs",
        include_str!("../../../../templates/partials/site-nav-style.css.hbs"),
    ),
    (
        "site-chooser.html.hbs",
        include_str!("../../../../templates/site-chooser.html.hbs"),
    ),
    (
        "site-index.html.hbs",
        include_str!("../../../../templates/site-index.html.hbs"),
    ),
    (
        "site-index.md.hbs",
        include_str!("../../../../templates/site-index.md.hbs"),
    ),
    (
        "site-matrix.html.hbs",
        include_str!("../../../../templates/site-matrix.html.hbs"),
    ),
    (
        "site-matrix.md.hbs",
        include_str!("../../../../templates/site-matrix.md.hbs"),
    ),
];

/// The directory name of templates inside a project.
pub(crate) const TEMPLATES_DIR: &str = "templates";

/// Where a template file came from, for error messages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TemplateOrigin {
    File(PathBuf),
    Builtin(&'static str),
}

impl std::fmt::Display for TemplateOrigin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TemplateOrigin::File(path) => write!(f, "{}", path.display()),
            TemplateOrigin::Builtin(name) => write!(f, "{TEMPLATES_DIR}/{name} (built in)"),
        }
    }
}

/// Templates for Markdown and HTML pages, compiled when first used.
///
/// Compiling is most of a render's cost, so a registry holds only the
/// pages asked for so far and the partials they call. Rendering takes a
/// shared lock; compiling a page not yet compiled, a short exclusive one.
pub struct Templates {
    /// Every template file; a partial's name may have one file per format.
    sources: Vec<Source>,
    md: RwLock<Handlebars<'static>>,
    html: RwLock<Handlebars<'static>>,
    /// (format, registered name) → where its text came from; a partial of
    /// both formats, or one name with a file per format, has two entries.
    origins: BTreeMap<(&'static str, String), TemplateOrigin>,
    /// Templates compiled so far (see [`Templates::compilations`]).
    compilations: AtomicUsize,
}

struct Source {
    name: String,
    formats: Vec<PageFormat>,
    text: String,
    page: bool,
}

/// What a template file is, from its path under `templates/`.
#[derive(Debug, PartialEq, Eq)]
enum Kind {
    /// A page: its registered name (`release.md`) and format.
    Page(String, PageFormat),
    /// A partial: its name and the formats that can use it.
    Partial(String, Vec<PageFormat>),
}

fn kind_of(relative: &str) -> Option<Kind> {
    let stem = relative.strip_suffix(".hbs")?;
    if let Some(partial) = stem.strip_prefix("partials/") {
        if partial.contains('/') {
            return None;
        }
        let (name, formats) = if let Some(name) = partial.strip_suffix(".md") {
            (name, vec![PageFormat::Md])
        } else if let Some(name) = partial
            .strip_suffix(".html")
            .or_else(|| partial.strip_suffix(".css"))
        {
            (name, vec![PageFormat::Html])
        } else {
            (partial, vec![PageFormat::Md, PageFormat::Html])
        };
        return Some(Kind::Partial(name.to_string(), formats));
    }
    if stem.contains('/') {
        return None;
    }
    if stem.ends_with(".md") {
        Some(Kind::Page(stem.to_string(), PageFormat::Md))
    } else if stem.ends_with(".html") {
        Some(Kind::Page(stem.to_string(), PageFormat::Html))
    } else {
        None
    }
}

/// Template files directly in `dir` and in `dir/partials` (names
/// [`kind_of`] knows), as paths relative to `dir`. Every such entry but a
/// directory is listed: a link or a FIFO is refused when read unless it is
/// a link to a file inside.
fn template_files(dir: &Path) -> Result<Vec<String>, RenderError> {
    let mut found = Vec::new();
    for sub in ["", "partials"] {
        let here = if sub.is_empty() {
            dir.to_path_buf()
        } else {
            dir.join(sub)
        };
        if !here.is_dir() {
            continue;
        }
        let entries = fs::read_dir(&here).map_err(|source| RenderError::Io {
            path: here.clone(),
            source,
        })?;
        for entry in entries {
            let entry = entry.map_err(|source| RenderError::Io {
                path: here.clone(),
                source,
            })?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let relative = if sub.is_empty() {
                name
            } else {
                format!("{sub}/{name}")
            };
            if kind_of(&relative).is_some() && model::path_present(&entry.path()) {
                found.push(relative);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// The largest template (or partial) file relnotes reads. Handlebars'
/// compile time grows with the square of a template's length (each
/// element's line is counted from the start of the text): the bound keeps
/// the worst file's compile short, with room for several times the
/// largest built-in template (docs/limits.md).
pub(crate) const MAX_TEMPLATE_BYTES: u64 = 32 << 10;

/// The text of the template file `path`, which must lie inside `inside`
/// and be at most [`MAX_TEMPLATE_BYTES`] long (no more is read).
fn read_template(inside: &Path, path: &Path) -> Result<String, RenderError> {
    let bytes = model::read_project_file_at_most(inside, path, MAX_TEMPLATE_BYTES).map_err(
        |e| match e {
            ProjectFileError::TooLarge { path, limit } => {
                RenderError::TemplateTooLarge { path, limit }
            }
            e => RenderError::File(e),
        },
    )?;
    String::from_utf8(bytes).map_err(|e| RenderError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
    })
}

pub(super) fn registry(format: PageFormat) -> Handlebars<'static> {
    let mut registry = Handlebars::new();
    registry.set_strict_mode(true);
    match format {
        PageFormat::Md => registry.register_escape_fn(markdown::escape_for_markdown),
        PageFormat::Html => registry.register_escape_fn(markdown::escape_html),
    }
    helpers::register(&mut registry, format);
    registry
}

impl Templates {
    /// The templates for pages of `workspace`: `dir` (from `--templates`)
    /// first, then `<root>/templates/`, then the built-in copies.
    pub fn load(workspace: &Workspace, dir: Option<&Path>) -> Result<Templates, RenderError> {
        if let Some(dir) = dir
            && !dir.is_dir()
        {
            return Err(if dir.exists() {
                RenderError::TemplatesNotADir(dir.to_path_buf())
            } else {
                RenderError::NoTemplateDir(dir.to_path_buf())
            });
        }
        let project_dir = workspace.root.join(TEMPLATES_DIR);
        let mut sources: BTreeMap<String, (String, TemplateOrigin)> = BTreeMap::new();
        for (name, text) in BUILTIN {
            sources.insert(
                (*name).to_string(),
                ((*text).to_string(), TemplateOrigin::Builtin(name)),
            );
        }
        // Later directories win: the user's over the project's over the
        // built-in. A file is read only inside the directory it belongs
        // to: the project, or the one `--templates` names.
        let project = Some((project_dir.as_path(), workspace.root.as_path()))
            .filter(|_| project_dir.is_dir());
        for (dir, inside) in [project, dir.map(|d| (d, d))].into_iter().flatten() {
            for relative in template_files(dir)? {
                let path = dir.join(&relative);
                let text = read_template(inside, &path)?;
                sources.insert(relative, (text, TemplateOrigin::File(path)));
            }
        }
        Templates::from_sources(sources)
    }

    /// Only the built-in templates.
    #[cfg(test)]
    pub(crate) fn builtin() -> Result<Templates, RenderError> {
        let sources = BUILTIN
            .iter()
            .map(|(name, text)| {
                (
                    (*name).to_string(),
                    ((*text).to_string(), TemplateOrigin::Builtin(name)),
                )
            })
            .collect();
        Templates::from_sources(sources)
    }

    fn from_sources(
        files: BTreeMap<String, (String, TemplateOrigin)>,
    ) -> Result<Templates, RenderError> {
        let mut sources = Vec::new();
        let mut origins = BTreeMap::new();
        for (relative, (text, origin)) in files {
            let Some(kind) = kind_of(&relative) else {
                continue;
            };
            let (name, formats, page) = match kind {
                Kind::Page(name, format) => (name, vec![format], true),
                Kind::Partial(name, formats) => (name, formats, false),
            };
            for format in &formats {
                origins.insert((format.extension(), name.clone()), origin.clone());
            }
            sources.push(Source {
                name,
                formats,
                text,
                page,
            });
        }
        Ok(Templates {
            sources,
            md: RwLock::new(registry(PageFormat::Md)),
            html: RwLock::new(registry(PageFormat::Html)),
            origins,
            compilations: AtomicUsize::new(0),
        })
    }

    #[cfg(test)]
    /// How many template files have been compiled so far: each one at
    /// most once per format, however many pages are rendered.
    pub(crate) fn compilations(&self) -> usize {
        self.compilations.load(Ordering::Relaxed)
    }

    /// Whether a page template (`"release.html"`) exists.
    pub(crate) fn has_page(&self, name: &str) -> bool {
        format_of(name).is_some_and(|format| {
            self.sources
                .iter()
                .any(|s| s.page && s.name == name && s.formats.contains(&format))
        })
    }

    /// Where a template or partial came from (the HTML one when a name has both).
    #[cfg(test)]
    pub(crate) fn origin(&self, name: &str) -> Option<&TemplateOrigin> {
        [PageFormat::Html, PageFormat::Md]
            .into_iter()
            .find_map(|format| self.origin_in(format, name))
    }

    fn origin_in(&self, format: PageFormat, name: &str) -> Option<&TemplateOrigin> {
        self.origins.get(&(format.extension(), name.to_string()))
    }

    fn error_at(
        &self,
        format: PageFormat,
        name: &str,
        pos: Option<(usize, usize)>,
        message: String,
        hint: &'static str,
    ) -> RenderError {
        RenderError::Template {
            template: self
                .origin_in(format, name)
                .map_or_else(|| name.to_string(), ToString::to_string),
            line: pos.map(|p| p.0),
            column: pos.map(|p| p.1),
            message,
            hint,
        }
    }

    fn compile(
        &self,
        registry: &mut Handlebars<'static>,
        format: PageFormat,
        name: &str,
        text: &str,
    ) -> Result<(), RenderError> {
        registry.register_template_string(name, text).map_err(|e| {
            let message = e.reason().to_string();
            self.error_at(format, name, e.pos(), message, SYNTAX_HINT)
        })?;
        self.compilations.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    fn lock(&self, format: PageFormat) -> &RwLock<Handlebars<'static>> {
        match format {
            PageFormat::Md => &self.md,
            PageFormat::Html => &self.html,
        }
    }

    /// The registry of `format`, holding the page `name` and its partials.
    fn ready(
        &self,
        name: &str,
        format: PageFormat,
    ) -> Result<RwLockReadGuard<'_, Handlebars<'static>>, RenderError> {
        let lock = self.lock(format);
        // A thread that panicked holding the lock leaves at worst a page
        // without some partial, which rendering reports: no need to panic too.
        let registry = lock.read().unwrap_or_else(PoisonError::into_inner);
        if registry.has_template(name) {
            return Ok(registry);
        }
        drop(registry);
        self.compile_page(
            &mut lock.write().unwrap_or_else(PoisonError::into_inner),
            name,
            format,
        )?;
        Ok(lock.read().unwrap_or_else(PoisonError::into_inner))
    }

    /// Compiles the page `name`, then every partial it names, transitively;
    /// what is compiled already (by another thread meanwhile) is skipped.
    /// All or nothing: on an error nothing of this page stays registered, so
    /// every later attempt reports the same error.
    fn compile_page(
        &self,
        registry: &mut Handlebars<'static>,
        name: &str,
        format: PageFormat,
    ) -> Result<(), RenderError> {
        if let Some(page) = self
            .sources
            .iter()
            .find(|s| s.page && s.name == name && s.formats.contains(&format))
        {
            let lookup = |partial: &str| {
                self.sources
                    .iter()
                    .find(|s| !s.page && s.name == partial && s.formats.contains(&format))
                    .map(|s| s.text.as_str())
            };
            super::partials::check(name, &page.text, &lookup).map_err(|problem| {
                self.error_at(format, name, None, problem.to_string(), PARTIALS_LOOP_HINT)
            })?;
        }
        let mut compiled: Vec<&str> = Vec::new();
        let result = self.compile_missing(registry, name, format, &mut compiled);
        if result.is_err() {
            for done in compiled {
                registry.unregister_template(done);
            }
            return result;
        }
        let flat = registry
            .get_template(name)
            .and_then(|page| super::flatten::flatten(page, registry));
        if let Some(flat) = flat {
            registry.register_template(&flat_name(name), flat);
        }
        Ok(())
    }

    fn compile_missing<'s>(
        &'s self,
        registry: &mut Handlebars<'static>,
        name: &str,
        format: PageFormat,
        compiled: &mut Vec<&'s str>,
    ) -> Result<(), RenderError> {
        let mut wanted = vec![(name.to_string(), true)];
        while let Some((wanted_name, page)) = wanted.pop() {
            if registry.has_template(&wanted_name) {
                continue;
            }
            let Some(source) = self
                .sources
                .iter()
                .find(|s| s.page == page && s.name == wanted_name && s.formats.contains(&format))
            else {
                if page {
                    return Err(RenderError::NoTemplate(wanted_name));
                }
                // Inline partials and typos: the render reports the latter.
                continue;
            };
            self.compile(registry, format, &source.name, &source.text)?;
            compiled.push(&source.name);
            wanted.extend(partials_named_in(&source.text).map(|p| (p.to_string(), false)));
        }
        Ok(())
    }

    /// Renders the page template `name` (`"release.md"`, `"diff.html"`:
    /// the file name without `.hbs`) with `context`, and tidies the result:
    /// no trailing spaces, no runs of blank lines, one final newline.
    pub(crate) fn render_page<C: Serialize>(
        &self,
        name: &str,
        context: &C,
    ) -> Result<String, RenderError> {
        let Some(format) = format_of(name).filter(|_| self.has_page(name)) else {
            return Err(RenderError::NoTemplate(name.to_string()));
        };
        let registry = self.ready(name, format)?;
        // The flattened page gives the same bytes faster; on an error the
        // original page is rendered again so that the error names the
        // file and line it comes from.
        let flat = flat_name(name);
        if registry.has_template(&flat) {
            let mut page = SizeLimited::new(MAX_PAGE_BYTES);
            if registry.render_to_write(&flat, context, &mut page).is_ok()
                && !page.exceeded
                && let Ok(out) = String::from_utf8(page.bytes)
            {
                return Ok(finished(&out, format));
            }
        }
        let mut page = SizeLimited::new(MAX_PAGE_BYTES);
        let rendered = registry.render_to_write(name, context, &mut page);
        if page.exceeded {
            return Err(self.error_at(
                format,
                name,
                None,
                format!("the page grows past {} MiB", MAX_PAGE_BYTES >> 20),
                PARTIALS_LOOP_HINT,
            ));
        }
        rendered.map_err(|e| {
            let template = e.template_name.clone().unwrap_or_else(|| name.to_string());
            use handlebars::RenderErrorReason as Reason;
            let (message, hint) = match e.reason() {
                Reason::MissingVariable(Some(path)) => {
                    (format!("unknown variable `{path}`"), FIELDS_HINT)
                }
                Reason::MissingVariable(None) => {
                    ("a value used here does not exist".to_string(), FIELDS_HINT)
                }
                Reason::PartialNotFound(partial) => {
                    (format!("unknown partial `{partial}`"), PARTIALS_HINT)
                }
                Reason::HelperNotFound(helper) => {
                    (format!("unknown helper `{helper}`"), HELPERS_HINT)
                }
                Reason::TemplateError(e) => (e.reason().to_string(), SYNTAX_HINT),
                reason => (reason.to_string(), HELPERS_HINT),
            };
            let pos = e.line_no.zip(e.column_no);
            self.error_at(format, &template, pos, message, hint)
        })?;
        let out = String::from_utf8(page.bytes)
            .map_err(|e| self.error_at(format, name, None, e.to_string(), HELPERS_HINT))?;
        Ok(finished(&out, format))
    }
}

/// The name the flattened copy of the page `name` is registered under
/// (see `flatten`): a name no template file or partial call can have.
fn flat_name(name: &str) -> String {
    format!("{name}\u{0}flat")
}

/// The largest page a template may render (the built-in ones stay far
/// below a megabyte): past it the render stops instead of filling memory.
pub(crate) const MAX_PAGE_BYTES: usize = 64 << 20;

const PARTIALS_LOOP_HINT: &str = "a partial that calls itself, directly or through others, or calls others over and over, never ends: break the chain";

/// A writer that keeps at most `limit` bytes and then refuses more.
struct SizeLimited {
    bytes: Vec<u8>,
    limit: usize,
    exceeded: bool,
}

impl SizeLimited {
    fn new(limit: usize) -> SizeLimited {
        SizeLimited {
            bytes: Vec::new(),
            limit,
            exceeded: false,
        }
    }
}

impl std::io::Write for SizeLimited {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.bytes.len() + buf.len() > self.limit {
            self.exceeded = true;
            return Err(std::io::Error::other("page too large"));
        }
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Names of the partials a template calls: `{{> name}}`, `{{#> name}}`.
fn partials_named_in(text: &str) -> impl Iterator<Item = &str> {
    text.match_indices("{{").filter_map(|(at, _)| {
        let call = text[at + 2..].trim_start_matches('~');
        let call = call.strip_prefix('#').unwrap_or(call);
        let call = call.strip_prefix('>')?.trim_start();
        let end = call
            .find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_'))
            .unwrap_or(call.len());
        (end > 0).then(|| &call[..end])
    })
}

/// `release.md` → Markdown, `diff.html` → HTML.
fn format_of(name: &str) -> Option<PageFormat> {
    if name.ends_with(".md") {
        Some(PageFormat::Md)
    } else if name.ends_with(".html") {
        Some(PageFormat::Html)
    } else {
        None
    }
}

const FIELDS_HINT: &str = "the fields a template can use are listed in docs/templates.md";
const SYNTAX_HINT: &str =
    "is a block ({{#if}}, {{#each}}, {{#with}}) left without its {{/…}}, or a {{ not closed?";
const PARTIALS_HINT: &str =
    "partials are the files templates/partials/<name>.md.hbs, <name>.html.hbs or <name>.css.hbs";
const HELPERS_HINT: &str =
    "the helpers and labels templates can use are listed in docs/templates.md";

/// A rendered page as it is written: tidied, and every hidden control
/// (a control character but line breaks and tabs, a bidirectional
/// override) shown as its escape, `\u{1b}`. Records cannot hold one; a
/// template can, and no page carries one raw to a terminal or a browser.
fn finished(text: &str, format: PageFormat) -> String {
    model::into_terminal_safe(tidy(text, format))
}

/// Trailing whitespace removed, blank-line runs collapsed to one, leading
/// blank lines dropped, exactly one final newline. Code blocks (Markdown
/// fences, HTML `<pre>`) keep their blank lines.
pub(crate) fn tidy(text: &str, format: PageFormat) -> String {
    let mut out = String::with_capacity(text.len());
    // Inside a `<pre>`: in HTML anywhere, in Markdown where a line starts
    // one (a word diff; records' raw HTML is escaped in Markdown pages).
    let mut in_pre = false;
    let mut in_fence = false;
    let mut blank_run = 0usize;
    for line in text.lines() {
        let (opens, closes) = match format {
            PageFormat::Html if line.contains("pre") => {
                (line.matches("<pre").count(), line.matches("</pre>").count())
            }
            PageFormat::Md if in_pre || line.starts_with("<pre") => (
                usize::from(line.starts_with("<pre")),
                usize::from(line.contains("</pre>")),
            ),
            _ => (0, 0),
        };
        let keep = in_pre || opens > closes;
        let trimmed = if keep { line } else { line.trim_end() };
        let fence = format == PageFormat::Md && !keep && {
            let start = trimmed.trim_start();
            start.starts_with("```") || start.starts_with("~~~")
        };
        if trimmed.is_empty() && !in_pre && !in_fence {
            blank_run += 1;
            if blank_run > 1 || out.is_empty() {
                continue;
            }
        } else {
            blank_run = 0;
        }
        out.push_str(trimmed);
        out.push('\n');
        if fence {
            in_fence = !in_fence;
        }
        if opens > closes {
            in_pre = true;
        } else if closes > opens {
            in_pre = false;
        }
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    if out.is_empty() {
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_name_the_file_of_the_pages_format() {
        let templates = Templates::from_sources(BTreeMap::from([
            file("p.md.hbs", "{{> x}}"),
            file("p.html.hbs", "{{> x}}"),
            file("partials/x.md.hbs", "{{nope}}"),
            file("partials/x.html.hbs", "fine"),
        ]))
        .unwrap();
        let ctx = Numbered { n: 0 };
        assert_eq!(templates.render_page("p.html", &ctx).unwrap(), "fine\n");
        let err = templates.render_page("p.md", &ctx).unwrap_err().to_string();
        assert!(
            err.contains("partials/x.md.hbs") && err.contains("`nope`"),
            "{err}"
        );
    }

    fn file(name: &str, text: &str) -> (String, (String, TemplateOrigin)) {
        (
            name.to_string(),
            (text.to_string(), TemplateOrigin::File(name.into())),
        )
    }

    #[test]
    fn threads_share_what_is_compiled() {
        fn shareable<T: Send + Sync>(_: &T) {}
        let templates = Templates::from_sources(BTreeMap::from([
            file("a.md.hbs", "a {{n}} {{> row}}"),
            file("b.md.hbs", "b {{n}} {{> row}}"),
            file("partials/row.md.hbs", "row {{n}}"),
        ]))
        .unwrap();
        shareable(&templates);
        std::thread::scope(|scope| {
            for thread in 0..4 {
                let templates = &templates;
                scope.spawn(move || {
                    for n in 0..20 {
                        let page = if (thread + n) % 2 == 0 {
                            "a.md"
                        } else {
                            "b.md"
                        };
                        let out = templates.render_page(page, &Numbered { n }).unwrap();
                        assert_eq!(out, format!("{} {n} row {n}\n", &page[..1]));
                    }
                });
            }
        });
        assert_eq!(templates.compilations(), 3, "two pages and one partial");
    }

    #[derive(serde::Serialize)]
    struct Numbered {
        n: usize,
    }

    /// A template may hold a control character; no page carries one raw,
    /// whether it comes from the template or from the values rendered.
    #[test]
    fn pages_carry_hidden_controls_only_as_escapes() {
        let templates = Templates::from_sources(BTreeMap::from([
            file("p.md.hbs", "\u{1b}]0;owned\u{7}{{> x}}\r\n{{v}}"),
            file("partials/x.md.hbs", "\u{202e}x\u{9b}2J"),
            file("p.html.hbs", "<p>\u{1b}[2J{{v}}</p>"),
        ]))
        .unwrap();
        let ctx = serde_json::json!({"v": "a\u{0}b\u{2066}"});
        assert_eq!(
            templates.render_page("p.md", &ctx).unwrap(),
            "\\u{1b}]0;owned\\u{7}\\u{202e}x\\u{9b}2J\na\\u{0}b\\u{2066}\n"
        );
        assert_eq!(
            templates.render_page("p.html", &ctx).unwrap(),
            "<p>\\u{1b}[2Ja\\u{0}b\\u{2066}</p>\n"
        );
    }

    #[test]
    fn a_page_compiles_only_what_it_calls() {
        let templates = Templates::builtin().unwrap();
        drop(templates.ready("release.md", PageFormat::Md).unwrap());
        let md = templates.md.read().unwrap();
        assert!(md.has_template("release-driver-assets"));
        assert!(!md.has_template("diff-keyed-list"), "no diff template");
        assert!(templates.html.read().unwrap().get_templates().is_empty());
        // Beside the files, the page's flattened copy, compiled from none.
        assert!(md.has_template(&flat_name("release.md")));
        assert_eq!(templates.compilations(), md.get_templates().len() - 1);
    }

    #[test]
    fn a_page_that_fails_to_compile_fails_alike_every_time() {
        let templates = Templates::from_sources(BTreeMap::from([
            file("p.md.hbs", "{{> bad}}"),
            file("partials/bad.md.hbs", "{{#if x}}"),
        ]))
        .unwrap();
        for _ in 0..2 {
            let err = templates
                .render_page("p.md", &Numbered { n: 1 })
                .unwrap_err()
                .to_string();
            assert!(err.contains("partials/bad.md.hbs"), "{err}");
        }
    }

    #[test]
    fn partial_calls_are_found() {
        let text = "{{> a-b}} {{~> c d}} {{#> layout}}x{{/layout}} {{x}} {{!-- > no --}}";
        let names: Vec<&str> = super::partials_named_in(text).collect();
        assert_eq!(names, ["a-b", "c", "layout"]);
    }

    #[test]
    fn kinds_from_file_names() {
        assert_eq!(
            kind_of("release.md.hbs"),
            Some(Kind::Page("release.md".into(), PageFormat::Md))
        );
        assert_eq!(
            kind_of("diff.html.hbs"),
            Some(Kind::Page("diff.html".into(), PageFormat::Html))
        );
        assert_eq!(
            kind_of("partials/style.css.hbs"),
            Some(Kind::Partial("style".into(), vec![PageFormat::Html]))
        );
        assert_eq!(
            kind_of("partials/layout.html.hbs"),
            Some(Kind::Partial("layout".into(), vec![PageFormat::Html]))
        );
        assert_eq!(
            kind_of("partials/row.md.hbs"),
            Some(Kind::Partial("row".into(), vec![PageFormat::Md]))
        );
        assert_eq!(
            kind_of("partials/both.hbs"),
            Some(Kind::Partial(
                "both".into(),
                vec![PageFormat::Md, PageFormat::Html]
            ))
        );
        assert_eq!(kind_of("notes.txt"), None);
        assert_eq!(kind_of("release.txt.hbs"), None);
        assert_eq!(kind_of("a/b.md.hbs"), None);
    }

    #[test]
    fn tidy_markdown() {
        let text = "\n\n# T  \n\n\n\nbody\t\n```\ncode\n\n\n  x\n```\n\n\n";
        assert_eq!(
            tidy(text, PageFormat::Md),
            "# T\n\nbody\n```\ncode\n\n\n  x\n```\n"
        );
    }

    #[test]
    fn tidy_markdown_keeps_a_word_diff_whole() {
        let text = "a\n\n\n<pre class=\"word-diff\"><code>x  \n\n\n```\ny</code></pre>\n\n\nb  \n";
        assert_eq!(
            tidy(text, PageFormat::Md),
            "a\n\n<pre class=\"word-diff\"><code>x  \n\n\n```\ny</code></pre>\n\nb\n"
        );
    }

    #[test]
    fn tidy_html_keeps_pre() {
        let text = "<p>a</p>   \n\n\n<pre><code>x  \n\n\ny\n</code></pre>\n\n\n<p>b</p>";
        assert_eq!(
            tidy(text, PageFormat::Html),
            "<p>a</p>\n\n<pre><code>x  \n\n\ny\n</code></pre>\n\n<p>b</p>\n"
        );
    }

    #[test]
    fn builtin_templates_are_within_the_bound() {
        for (name, text) in BUILTIN {
            assert!(
                text.len() as u64 <= MAX_TEMPLATE_BYTES / 4,
                "{name} nears the bound for user templates"
            );
        }
    }

    #[test]
    fn builtin_templates_compile() {
        let templates = Templates::builtin().unwrap();
        assert!(templates.has_page("release.md") && templates.has_page("release.html"));
        assert!(!templates.has_page("release.txt"));
        for (page, format) in [
            ("release.md", PageFormat::Md),
            ("release.html", PageFormat::Html),
            ("diff.md", PageFormat::Md),
            ("diff.html", PageFormat::Html),
        ] {
            drop(templates.ready(page, format).unwrap());
        }
        // Every built-in partial is reached from some page.
        for (file, _) in BUILTIN.iter().filter(|(f, _)| f.starts_with("partials/")) {
            let name = file
                .trim_start_matches("partials/")
                .split('.')
                .next()
                .unwrap();
            let compiled = templates.md.read().unwrap().has_template(name)
                || templates.html.read().unwrap().has_template(name);
            assert!(compiled, "{file} is used by no page");
        }
        assert_eq!(
            templates.origin("layout"),
            Some(&TemplateOrigin::Builtin("partials/layout.html.hbs"))
        );
    }
}

#[cfg(test)]
mod layout_tests {
    use crate::render::page::PageHead;
    use handlebars::Handlebars;
    use model::Lang;
    use serde_json::json;

    #[test]
    fn inline_partials_reach_the_layout() {
        let mut r = Handlebars::new();
        r.set_strict_mode(true);
        r.register_partial(
            "layout",
            "<style>\nbase\n{{#> page-style}}{{/page-style}}\n</style>\n{{> @partial-block}}",
        )
        .unwrap();
        r.register_partial("extra", "extra {{x}}").unwrap();
        r.register_template_string(
            "with",
            "{{#*inline \"page-style\"}}{{> extra}}{{/inline}}{{#> layout}}body{{/layout}}",
        )
        .unwrap();
        r.register_template_string("without", "{{#> layout}}body{{/layout}}")
            .unwrap();
        let out = r.render("with", &json!({"x": 1})).unwrap();
        assert_eq!(out, "<style>\nbase\nextra 1\n</style>\nbody", "{out}");
        let out = r.render("without", &json!({"x": 1})).unwrap();
        assert_eq!(
            super::tidy(&out, super::PageFormat::Html),
            "<style>\nbase\n\n</style>\nbody\n",
            "{out}"
        );
    }

    /// What the layout reads of a page's context.
    #[derive(serde::Serialize)]
    struct LayoutOnly {
        lang: Lang,
        list_separators: Vec<()>,
        page: PageHead,
    }

    #[test]
    fn the_builtin_layout_takes_page_styles() {
        let templates = super::Templates::builtin().unwrap();
        drop(
            templates
                .ready("release.html", super::PageFormat::Html)
                .unwrap(),
        );
        let mut html = templates.html.read().unwrap().clone();
        html.register_template_string("t", "{{#*inline \"page-style\"}}.extra { x: y }{{/inline}}{{#> layout}}<p>hi</p>{{/layout}}")
            .unwrap();
        let out = html
            .render(
                "t",
                &LayoutOnly {
                    lang: Lang::EN,
                    list_separators: Vec::new(),
                    page: PageHead {
                        lang: Lang::EN,
                        title: "T".into(),
                        alternates: Vec::new(),
                        alternate: None,
                        links: Vec::new(),
                        nav: None,
                    },
                },
            )
            .unwrap();
        let style_end = out.find("</style>").unwrap();
        assert!(out[..style_end].contains(".extra { x: y }"), "{out}");
        assert!(out.contains("<main>\n<p>hi</p>"), "{out}");
        assert!(
            !out.contains("hreflang"),
            "no alternate link without another language"
        );
    }
}
