//! `relnotes import`.

use super::Session;
use crate::Error;
use std::fs;
use std::path::PathBuf;
use text::{ImportRequest, Imported};

/// `relnotes import`: release-notes pages → `releases/<version>.toml`,
/// all of them or none.
pub fn import_page(session: &Session, req: &ImportRequest) -> Result<Vec<Imported>, Error> {
    if let Some(lang) = req.lang {
        session.language(lang)?;
    }
    let pages = pages_of(req.pages)?;
    let req = ImportRequest {
        pages: &pages,
        ..req.clone()
    };
    Ok(text::run(&session.workspace, &req)?)
}

/// The pages named: a directory stands for the regular files in it (not
/// its hidden ones or subdirectories), by name, so that a folder of a
/// vendor's saved pages imports as one history.
fn pages_of(named: &[PathBuf]) -> Result<Vec<PathBuf>, Error> {
    let mut pages = Vec::new();
    for path in named {
        if !path.is_dir() {
            pages.push(path.clone());
            continue;
        }
        let io = |e: std::io::Error| Error::Usage(format!("{}: {e}", path.display()));
        let mut inside: Vec<PathBuf> = fs::read_dir(path)
            .map_err(io)?
            .filter_map(Result::ok)
            .filter(|entry| !entry.file_name().to_string_lossy().starts_with('.'))
            .filter(|entry| entry.file_type().is_ok_and(|t| t.is_file()))
            .map(|entry| entry.path())
            .collect();
        if inside.is_empty() {
            return Err(Error::Usage(format!(
                "{}: the directory holds no page (its regular files are read, not its subdirectories)",
                path.display()
            )));
        }
        inside.sort();
        pages.extend(inside);
    }
    Ok(pages)
}

/// The reports of `imported` as a JSON array, each with the record a dry
/// run would write (`record`, else null).
pub fn import_json(imported: &[Imported]) -> String {
    let reports: Vec<serde_json::Value> = imported
        .iter()
        .map(|one| {
            let mut value = serde_json::to_value(one.report()).unwrap_or_default();
            if let Some(map) = value.as_object_mut() {
                map.insert(
                    "record_text".into(),
                    one.record_text()
                        .map_or(serde_json::Value::Null, |r| r.into()),
                );
            }
            value
        })
        .collect();
    let mut text = serde_json::to_string_pretty(&reports).unwrap_or_default();
    text.push('\n');
    text
}
