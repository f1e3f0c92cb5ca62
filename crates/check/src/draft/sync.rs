//! `relnotes sync`: an existing record's component versions and driver
//! facts brought to what the image holds, edited in place.

use super::document::{self, Layout};
use super::error::DraftError;
use super::found;
use super::report::{ImageChanges, Synced};
use image::Inspected;
use model::{Loaded, OutputFile, Workspace};
use std::str::FromStr;
use toml_edit::DocumentMut;

/// Edits `loaded`'s record so its versions and driver facts are the
/// image's. Comments, key order and every other value stay as written;
/// a component or arch the image lacks is left as declared (and said).
pub fn sync_release(
    workspace: &Workspace,
    loaded: &Loaded,
    inspected: &Inspected,
    dry_run: bool,
) -> Result<Synced, DraftError> {
    let release = &loaded.release;
    let found = found::found(&workspace.project, release, inspected);
    if found.archs.is_empty() {
        return Err(DraftError::NoArch {
            image: inspected.reference.clone(),
            version: release.version.clone(),
            archs: release.arch_names(),
            platforms: inspected.platforms.iter().map(|p| p.to_string()).collect(),
        });
    }
    let changes = ImageChanges::new(release, inspected, &found);
    let mut synced = Synced {
        path: loaded.path.clone(),
        version: release.version.clone(),
        dry_run,
        written: false,
        changes,
    };
    if synced.changes.is_empty() {
        return Ok(synced);
    }
    let document_error = |message: String| DraftError::Document {
        path: loaded.path.clone(),
        message,
    };
    let mut doc =
        DocumentMut::from_str(loaded.sources.text()).map_err(|e| document_error(e.to_string()))?;
    // Every declared arch keeps its components; those the image has take
    // its versions, what it lacks stays as declared.
    let per_arch: Vec<_> = release
        .resolve(&workspace.project)
        .into_iter()
        .map(|view| {
            let from_image = found.archs.iter().find(|a| a.arch == view.name);
            let list = view
                .components
                .iter()
                .map(|c| {
                    let version = from_image
                        .and_then(|a| a.components.iter().find(|(n, _)| *n == c.name))
                        .map_or_else(|| c.version.clone(), |(_, v)| v.clone());
                    (c.name.clone(), version)
                })
                .collect();
            (view.name.clone(), list)
        })
        .collect();
    let shared_first: Vec<String> = release.components.keys().cloned().collect();
    document::write_components(&mut doc, &Layout::of(&per_arch, &shared_first));
    if let Some(driver) = &found.driver {
        document::write_driver(&mut doc, driver);
    }
    document::set_env(&mut doc, &found.env);
    let text = doc.to_string();
    workspace
        .load_source(&release.version, &text, false)
        .map_err(|e| DraftError::Invalid(e.to_string()))?;
    // A dry run stops here, after the same checks as a real run: it
    // answers "would change" only where the real run would write.
    if dry_run {
        return Ok(synced);
    }
    model::write_files(
        &[OutputFile {
            path: loaded.path.clone(),
            bytes: text.into_bytes(),
        }],
        true,
    )?;
    synced.written = true;
    Ok(synced)
}
