//! `relnotes new`: the next release's record, drafted from the previous
//! record and the image.

use super::document::GENERATED;
use super::document::{self, Layout};
use super::error::{DraftError, check_version};
use super::found::{self, Found, Held};
use super::report::{Drafted, Versioned};
use super::{lines, words};
use image::{ArchOutcome, Inspected};
use model::{Loaded, OutputFile, Workspace};
use std::str::FromStr;
use toml_edit::{DocumentMut, Item, value};

/// What `relnotes new` is asked.
pub struct NewOptions<'a> {
    /// The new release's version.
    pub version: &'a str,
    /// The image reference.
    pub image: &'a str,
    /// More components to declare, as the image holds them.
    pub add: &'a [String],
    /// Replace the record if it exists.
    pub force: bool,
}

/// Drafts `releases/<version>.toml` from `prev` and the image, and writes
/// it (atomically; an existing record only with `force`).
pub fn new_release(
    workspace: &Workspace,
    prev: &Loaded,
    inspected: &Inspected,
    req: &NewOptions,
) -> Result<Drafted, DraftError> {
    let path = free_path(workspace, req)?;
    let release = &prev.release;
    let mut found = found::found(&workspace.project, release, inspected);
    if found.archs.is_empty() {
        return Err(DraftError::NoArch {
            image: inspected.reference.clone(),
            version: release.version.clone(),
            archs: release.arch_names(),
            platforms: inspected.platforms.iter().map(|p| p.to_string()).collect(),
        });
    }
    let added = add_components(workspace, req, inspected, &mut found)?;

    let mut doc = DocumentMut::from_str(prev.sources.text()).map_err(|e| DraftError::Document {
        path: prev.path.clone(),
        message: e.to_string(),
    })?;
    let mut shared_first: Vec<String> = release.components.keys().cloned().collect();
    shared_first.extend(req.add.iter().cloned());
    let per_arch: Vec<_> = found
        .archs
        .iter()
        .map(|a| (a.arch.clone(), a.components.clone()))
        .collect();
    let layout = Layout::of(&per_arch, &shared_first);
    let renamed = carry_forward(&mut doc, prev, req.version, &found, &layout);

    // The change lines come from the diff of the previous record with the
    // drafted one, so the draft is loaded once before they are written.
    let drafted = workspace
        .load_source(req.version, &doc.to_string(), false)
        .map_err(|e| DraftError::Invalid(e.to_string()))?;
    let changes = pages::diff(&workspace.project, release, &drafted.release, None)
        .map_err(|e| DraftError::Invalid(e.to_string()))?;
    let lines = lines::change_lines(&changes, &workspace.languages());
    document::write_texts(
        &mut doc,
        "features",
        &lines,
        &format!("{GENERATED}\n"),
        "summary",
    );
    let loaded = write_checked(workspace, req.version, &path, &doc, req.force)?;
    Ok(Drafted::new(
        path,
        prev,
        &loaded.release,
        inspected,
        &found,
        added,
        renamed,
        lines,
    ))
}

/// Where the drafted record goes: a valid version's file, free unless
/// `force` replaces it.
pub(super) fn free_path(
    workspace: &Workspace,
    req: &NewOptions,
) -> Result<std::path::PathBuf, DraftError> {
    check_version(req.version)?;
    let path = workspace.release_path(req.version);
    if path.exists() && !req.force {
        return Err(DraftError::Exists { path });
    }
    Ok(path)
}

/// Writes a drafted record once the project's loader accepts it (nothing
/// written otherwise); the record as loaded.
pub(super) fn write_checked(
    workspace: &Workspace,
    version: &str,
    path: &std::path::Path,
    doc: &DocumentMut,
    force: bool,
) -> Result<Loaded, DraftError> {
    let text = doc.to_string();
    let loaded = workspace
        .load_source(version, &text, false)
        .map_err(|e| DraftError::Invalid(e.to_string()))?;
    model::write_files(
        &[OutputFile {
            path: path.to_path_buf(),
            bytes: text.into_bytes(),
        }],
        force,
    )?;
    Ok(loaded)
}

/// Declares the `--add` components on every arch whose platform holds them.
pub(super) fn add_components(
    workspace: &Workspace,
    req: &NewOptions,
    inspected: &Inspected,
    found: &mut Found,
) -> Result<Vec<Versioned>, DraftError> {
    let mut added = Vec::new();
    for name in req.add {
        let mut anywhere = false;
        for arch in &mut found.archs {
            if arch.components.iter().any(|(n, _)| n == name) {
                anywhere = true;
                continue;
            }
            let Some(ArchOutcome::Read(image)) = inspected.archs.get(arch.arch.as_str()) else {
                continue;
            };
            match found::version_in(&workspace.project, name, image) {
                Held::Version(version) => {
                    anywhere = true;
                    arch.components.push((name.clone(), version.clone()));
                    added.push(Versioned {
                        name: name.clone(),
                        arch: arch.arch.to_string(),
                        version,
                    });
                }
                Held::Elsewhere { cataloger } => {
                    return Err(DraftError::OtherEcosystem {
                        name: name.clone(),
                        ecosystem: workspace.project.ecosystem_of(name).to_string(),
                        cataloger,
                    });
                }
                Held::Nothing => {}
            }
        }
        if !anywhere {
            return Err(DraftError::NotInImage {
                name: name.clone(),
                version: req.version.to_string(),
                image: req.image.to_string(),
            });
        }
    }
    Ok(added)
}

/// Everything but the change lines: the new version in the identity and
/// asset tags, the image's components and driver facts, the draft mark;
/// bug fixes, known issues and the date cleared. Returns the asset images
/// renamed (old, new).
fn carry_forward(
    doc: &mut DocumentMut,
    prev: &Loaded,
    version: &str,
    found: &Found,
    layout: &Layout,
) -> Vec<(String, String)> {
    let old = &prev.release.version;
    let bump = vec![(old.clone(), version.to_string())];
    if let Some(item) = doc.get_mut("version") {
        document::set_string(item, version);
    }
    for key in ["title", "summary"] {
        if let Some(item) = doc.get_mut(key) {
            document::replace_in_strings(item, &bump);
        }
    }
    for key in ["date", "bug_fixes", "known_issues"] {
        doc.as_table_mut().remove(key);
    }
    let kept: Vec<_> = found.archs.iter().map(|a| a.arch.clone()).collect();
    document::keep_archs(doc, &kept);
    document::write_components(doc, layout);
    let mut prose = found.replacements.clone();
    prose.extend(bump.iter().cloned());
    if let Some(driver) = &found.driver {
        document::write_driver(doc, driver);
        if let Some(wording) = doc
            .get_mut("driver")
            .and_then(Item::as_table_mut)
            .and_then(|t| t.get_mut("wording"))
        {
            document::replace_in_strings(wording, &prose);
            if let Some(t) = wording.as_table_mut() {
                t.decor_mut().set_prefix(format!(
                    "\n{GENERATED} (carried from {old}, version numbers updated)\n"
                ));
            }
        }
    }
    if let Some(item) = doc.get_mut("requirements") {
        document::replace_in_strings(item, &found.replacements);
    }
    let renamed = retag_assets(doc, &bump);
    document::set_env(doc, &found.env);
    document::insert_top_value_after(
        doc,
        "version",
        "draft",
        value(true),
        &format!(
            "# Drafted by `relnotes new` from {old} and the image: review the lines\n# marked below, then delete `draft = true`.\n"
        ),
    );
    renamed
}

/// Asset images with the new version in their tag; notes name the new image.
fn retag_assets(doc: &mut DocumentMut, bump: &[(String, String)]) -> Vec<(String, String)> {
    let mut renamed = Vec::new();
    let Some(assets) = doc.get_mut("assets").and_then(Item::as_array_of_tables_mut) else {
        return renamed;
    };
    for asset in assets.iter_mut() {
        let Some(old) = asset
            .get("image")
            .and_then(Item::as_str)
            .map(str::to_string)
        else {
            continue;
        };
        let new = retag(&old, bump);
        if new == old {
            continue;
        }
        if let Some(item) = asset.get_mut("image") {
            document::set_string(item, &new);
        }
        for (key, item) in asset.iter_mut() {
            if key != "image" {
                replace_image(item, &old, &new);
            }
        }
        renamed.push((old, new));
    }
    renamed
}

/// `host/repo:25.10-serverless` → `host/repo:25.11-serverless`: the
/// version replaced in the tag only.
fn retag(reference: &str, bump: &[(String, String)]) -> String {
    let name_end = reference.rfind('/').map_or(0, |i| i + 1);
    match reference[name_end..].find(':') {
        Some(colon) => {
            let (name, tag) = reference.split_at(name_end + colon + 1);
            format!("{name}{}", words::replace_numbers(tag, bump))
        }
        None => reference.to_string(),
    }
}

/// Replaces the old image reference in every string under `item` (an
/// asset's note, in both languages).
fn replace_image(item: &mut Item, old: &str, new: &str) {
    match item {
        Item::Value(v) => replace_image_value(v, old, new),
        Item::Table(t) => {
            for (_, item) in t.iter_mut() {
                replace_image(item, old, new);
            }
        }
        _ => {}
    }
}

fn replace_image_value(v: &mut toml_edit::Value, old: &str, new: &str) {
    match v {
        toml_edit::Value::String(s) if s.value().contains(old) => {
            let text = s.value().replace(old, new);
            let decor = v.decor().clone();
            *v = text.into();
            *v.decor_mut() = decor;
        }
        toml_edit::Value::Array(a) => a.iter_mut().for_each(|v| replace_image_value(v, old, new)),
        toml_edit::Value::InlineTable(t) => t
            .iter_mut()
            .for_each(|(_, v)| replace_image_value(v, old, new)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_tag_is_retagged() {
        let bump = vec![("25.10".to_string(), "25.11".to_string())];
        assert_eq!(
            retag("registry.example/25.10/training:25.10-serverless", &bump),
            "registry.example/25.10/training:25.11-serverless"
        );
        assert_eq!(
            retag("localhost:5000/training:25.10", &bump),
            "localhost:5000/training:25.11"
        );
        assert_eq!(
            retag("localhost:5000/training", &bump),
            "localhost:5000/training"
        );
    }
}
