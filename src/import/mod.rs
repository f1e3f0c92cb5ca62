//! `relnotes import`: a published release-notes page → `releases/<version>.toml`.
//!
//! [`page`] turns plain text, Markdown or HTML into lines; [`parse`] places
//! the lines under the page's known headings into a draft record in the
//! page's language, the facts coming from [`components`], [`driver`] and
//! [`assets`]. The draft is checked with the project's loader before
//! anything is written; a page in the second language of an existing
//! record fills that language's side of it (items matched by position).

pub mod assets;
pub mod components;
pub mod driver;
pub mod names;
pub mod page;
pub mod parse;

use crate::output::{self, OutputError, OutputFile};
use crate::record::{Lang, RecordError, Workspace};
use std::fs;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("{}: cannot read the page: {source}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{}: {} line(s) could not be placed under a known heading:\n{}\n  = hint: known headings include Main Features, Bugs Fix, Contents, Assets, Driver Requirements, Key Features and Enhancements, Quick Start, Known Issues (and 主要特性, 问题修复, 已知问题 …)", path.display(), lines.len(), lines.iter().map(|(n, l)| format!("  line {n}: {l}")).collect::<Vec<_>>().join("\n"))]
    Unplaced {
        path: PathBuf,
        lines: Vec<(usize, String)>,
    },
    #[error("the imported record does not load:\n{0}")]
    Invalid(String),
    #[error("{} exists and already has `{lang}` texts\n  = hint: pass --force to replace the record", path.display())]
    Exists { path: PathBuf, lang: Lang },
    #[error("cannot merge into {}: {message}", path.display())]
    Merge { path: PathBuf, message: String },
    #[error("`{0}` is not a release version")]
    NotAVersion(String),
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error(transparent)]
    Output(#[from] OutputError),
}

pub struct ImportRequest<'a> {
    pub page: &'a Path,
    pub version: &'a str,
    pub lang: Lang,
    pub force: bool,
}

/// What import wrote.
#[derive(Debug, Clone)]
pub struct Imported {
    pub path: PathBuf,
    /// Merged into an existing record in the other language.
    pub merged: bool,
    pub lang: Lang,
    pub archs: Vec<String>,
    pub components: usize,
    pub features: usize,
    pub known_issues: usize,
}

impl Imported {
    pub fn summary(&self) -> String {
        let how = if self.merged {
            format!("merged the `{}` texts into", self.lang)
        } else {
            "wrote".to_string()
        };
        format!(
            "{how} {} ({} arch(s): {}; {} component(s); {} feature(s); {} known issue(s))",
            crate::record::diagnostic::shown(&self.path).display(),
            self.archs.len(),
            self.archs.join(", "),
            self.components,
            self.features,
            self.known_issues
        )
    }
}

/// Reads the page, builds the record and writes it (see the module docs).
pub fn run(workspace: &Workspace, req: &ImportRequest) -> Result<Imported, ImportError> {
    let content = fs::read_to_string(req.page).map_err(|source| ImportError::Read {
        path: req.page.to_path_buf(),
        source,
    })?;
    if req.version.is_empty() || req.version.contains(['/', '\\']) {
        return Err(ImportError::NotAVersion(req.version.to_string()));
    }
    let kind = page::PageKind::detect(req.page, &content);
    let lines = page::lines(kind, &content);
    let product = workspace.project.product.name.get(req.lang).to_string();
    let parsed = parse::parse(&lines, req.version, req.lang, &product);
    if !parsed.unplaced.is_empty() || lines.is_empty() {
        let mut unplaced = parsed.unplaced;
        if unplaced.is_empty() {
            unplaced.push((0, "(the page is empty)".into()));
        }
        return Err(ImportError::Unplaced {
            path: req.page.to_path_buf(),
            lines: unplaced,
        });
    }
    let mut draft = parsed.draft;
    components::settle_names(&mut draft, &names::Known::of(workspace, req.version)?);
    let imported_value = toml::Value::try_from(&draft)
        .map_err(|e| ImportError::Invalid(format!("cannot encode the record: {e}")))?;
    let path = workspace.release_path(req.version);
    let (value, merged) = if path.exists() && !req.force {
        let existing = fs::read_to_string(&path).map_err(|source| ImportError::Read {
            path: path.clone(),
            source,
        })?;
        let mut existing: toml::Value =
            toml::from_str(&existing).map_err(|e| ImportError::Merge {
                path: path.clone(),
                message: e.to_string(),
            })?;
        let mut conflict = false;
        merge_lang(
            &mut existing,
            &imported_value,
            req.lang,
            true,
            &mut conflict,
        );
        if conflict {
            return Err(ImportError::Exists {
                path,
                lang: req.lang,
            });
        }
        (existing, true)
    } else {
        (imported_value, false)
    };
    let text = toml::to_string_pretty(&value)
        .map_err(|e| ImportError::Invalid(format!("cannot encode the record: {e}")))?;
    let text = format!(
        "# Imported by `relnotes import` from {}.\n{text}",
        req.page
            .file_name()
            .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
    );
    validate(workspace, req.version, &text)?;
    output::write_all(
        &[OutputFile {
            path: path.clone(),
            bytes: text.into_bytes(),
        }],
        merged || req.force,
    )?;
    Ok(Imported {
        path,
        merged,
        lang: req.lang,
        archs: draft.archs.clone(),
        components: draft.components.len()
            + draft
                .arch
                .values()
                .map(|a| a.components.len())
                .sum::<usize>(),
        features: draft.features.len(),
        known_issues: draft.known_issues.len(),
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
    !t.is_empty() && t.keys().all(|k| k == "zh" || k == "en")
}

/// Loads `text` as `releases/<version>.toml` of a copy of the project.
fn validate(workspace: &Workspace, version: &str, text: &str) -> Result<(), ImportError> {
    let scratch_dir = tempfile::Builder::new()
        .prefix("relnotes-import-")
        .tempdir()
        .map_err(|source| ImportError::Read {
            path: std::env::temp_dir(),
            source,
        })?;
    let dir = scratch_dir.path();
    let io = |source: std::io::Error| ImportError::Read {
        path: dir.to_path_buf(),
        source,
    };
    fs::create_dir_all(dir.join(crate::record::load::RELEASES_DIR)).map_err(io)?;
    fs::copy(
        workspace.root.join(crate::record::load::PROJECT_FILE),
        dir.join(crate::record::load::PROJECT_FILE),
    )
    .map_err(io)?;
    let scratch = Workspace::open(dir)?;
    output::write_atomic(&scratch.release_path(version), text.as_bytes())?;
    scratch
        .load(version, false)
        .map(|_| ())
        .map_err(|e| ImportError::Invalid(e.to_string()))
}
