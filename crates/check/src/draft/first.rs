//! `relnotes new VERSION --image REF` without `--from`: a team's first
//! record of an image line, drafted from the image alone.

use super::document::{self, GENERATED, Layout};
use super::error::DraftError;
use super::found;
use super::new::{NewOptions, add_components};
use super::report::Drafted;
use image::Inspected;
use model::{Arch, ComponentKind, Ecosystem, Workspace};
use std::str::FromStr;
use toml_edit::DocumentMut;

/// The archs a record of `inspected` declares: its Linux platforms that
/// are architectures records know, in the index's order.
pub fn image_archs(inspected_platforms: &[image::Platform]) -> Vec<Arch> {
    let mut archs: Vec<Arch> = Vec::new();
    for platform in inspected_platforms {
        let shown = platform.to_string();
        if !shown.starts_with("linux/") {
            continue;
        }
        if let Ok(arch) = Arch::from_str(&platform.architecture)
            && !archs.iter().any(|a| a.same_platform(&arch))
        {
            archs.push(arch);
        }
    }
    archs
}

/// The components a release note of a GPU image states, as the knowledge
/// file names them, in the order pages list them: the OS, the GPU stack,
/// the language runtimes and other non-Python parts, then the Python
/// frameworks and libraries. The driver is no part of an image.
fn candidates() -> Vec<&'static str> {
    let rank = |c: &model::Component| match (c.kind, c.ecosystem) {
        (ComponentKind::OperatingSystem, _) => 0,
        (_, Ecosystem::Cuda) => 1,
        (_, Ecosystem::Pypi) => 3,
        _ => 2,
    };
    let mut all: Vec<&model::Component> = model::all_components()
        .iter()
        .filter(|c| c.name != "driver")
        .collect();
    all.sort_by_key(|c| rank(c));
    all.into_iter().map(|c| c.name.as_str()).collect()
}

/// A record declaring every known component at a placeholder version, so
/// that reading it against the image finds each one the image holds.
fn seed_text(version: &str, archs: &[Arch], langs: &[model::Lang]) -> String {
    let mut text = format!("version = {}\n", toml_string(version));
    let title: Vec<String> = langs
        .iter()
        .map(|l| format!("{} = \"-\"", l.code()))
        .collect();
    text.push_str(&format!("title = {{ {} }}\n", title.join(", ")));
    let archs: Vec<String> = archs.iter().map(|a| toml_string(a.as_str())).collect();
    text.push_str(&format!("archs = [{}]\n\n[components]\n", archs.join(", ")));
    for name in candidates() {
        text.push_str(&format!("{} = \"0\"\n", toml_string(name)));
    }
    text.push_str("\n[driver]\n");
    text
}

fn toml_string(text: &str) -> String {
    toml_edit::Value::from(text).to_string().trim().to_string()
}

/// Drafts the first record of `req.version` from `inspected` alone, and
/// writes it (atomically; an existing record only with `force`).
pub fn first_release(
    workspace: &Workspace,
    inspected: &Inspected,
    archs: &[Arch],
    req: &NewOptions,
) -> Result<Drafted, DraftError> {
    let path = super::new::free_path(workspace, req)?;
    let invalid = |e: model::RecordError| DraftError::Invalid(e.to_string());
    let seed = workspace
        .load_source(
            req.version,
            &seed_text(req.version, archs, &workspace.languages()),
            false,
        )
        .map_err(invalid)?;
    let mut found = found::found(&workspace.project, &seed.release, inspected);
    if found.archs.is_empty() {
        return Err(DraftError::NoArch {
            image: inspected.reference.clone(),
            version: req.version.to_string(),
            archs: archs.iter().map(|a| a.to_string()).collect(),
            platforms: inspected.platforms.iter().map(|p| p.to_string()).collect(),
        });
    }
    // Against a seed, every version found is "new" and every other known
    // component "missing": neither is news to the reader of a first draft.
    for arch in &mut found.archs {
        arch.changes.clear();
        arch.missing.clear();
    }
    let added = add_components(workspace, req, inspected, &mut found)?;

    let mut doc = DocumentMut::new();
    doc.decor_mut().set_prefix(format!(
        "# The first record of {}, drafted by `relnotes new` from {} alone.\n{GENERATED}\n",
        req.version, inspected.reference
    ));
    doc.insert("version", toml_edit::value(req.version));
    doc.insert("draft", toml_edit::value(true));
    let mut title = toml_edit::Table::new();
    for lang in workspace.languages() {
        let words = model::fill_label(
            "record_title",
            lang,
            &[
                ("product", workspace.project.product.name.get(lang)),
                ("version", req.version),
            ],
        );
        title.insert(lang.code(), toml_edit::value(words));
    }
    doc.insert("title", toml_edit::Item::Table(title));
    let kept: Vec<&Arch> = found.archs.iter().map(|a| &a.arch).collect();
    let mut arch_list = toml_edit::Array::new();
    for arch in &kept {
        arch_list.push(arch.as_str());
    }
    doc.insert("archs", toml_edit::value(arch_list));
    let per_arch: Vec<_> = found
        .archs
        .iter()
        .map(|a| (a.arch.clone(), a.components.clone()))
        .collect();
    let mut order: Vec<String> = candidates().into_iter().map(String::from).collect();
    order.extend(req.add.iter().cloned());
    document::write_components(&mut doc, &Layout::of(&per_arch, &order));
    if let Some(driver) = &found.driver
        && (driver.cuda.is_some() || driver.min.is_some() || !driver.datacenter.is_empty())
    {
        doc.insert("driver", toml_edit::Item::Table(toml_edit::Table::new()));
        document::write_driver(&mut doc, driver);
    }
    let loaded = super::new::write_checked(workspace, req.version, &path, &doc, req.force)?;
    Ok(Drafted::first(
        path,
        &loaded.release,
        inspected,
        &found,
        added,
    ))
}
