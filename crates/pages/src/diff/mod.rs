//! What changed between two releases, per architecture.
//!
//! [`diff`] compares two records and returns a [`ReleaseDiff`]: every
//! component of every architecture classified by its ecosystem's version
//! ordering, and the changes to driver requirements, assets, texts,
//! includes, environment, GPUs, ports and long-form sections. The diff is
//! language-neutral; [`to_text`] writes it for terminals in one language,
//! [`to_json`] for machines, and the render stage turns it into Markdown and
//! HTML pages.

mod changes;
mod components;
mod items;
pub(crate) mod labels;
mod text;
mod words;

use model::{ArchView, Project, Release};

pub use changes::*;
pub use text::to_text;
pub(crate) use words::{WordOp, WordTag, word_diff};

/// Compares release `from` with release `to`, for every arch or only `arch`.
pub fn diff(
    project: &Project,
    from: &Release,
    to: &Release,
    arch: Option<&str>,
) -> Result<ReleaseDiff, DiffError> {
    diff_of(
        project,
        (from, &from.resolve(project)),
        (to, &to.resolve(project)),
        arch,
    )
}

/// [`diff`] of two releases with their views (`Release::resolve`), for
/// a caller that has them already.
pub(crate) fn diff_of(
    project: &Project,
    (from, from_views): (&Release, &[ArchView]),
    (to, to_views): (&Release, &[ArchView]),
    arch: Option<&str>,
) -> Result<ReleaseDiff, DiffError> {
    let from_archs = from.arch_names();
    let to_archs = to.arch_names();
    if let Some(wanted) = arch
        && !from_archs.iter().chain(&to_archs).any(|a| a == wanted)
    {
        return Err(DiffError::UnknownArch {
            arch: wanted.to_string(),
            from: from.version.clone(),
            from_archs,
            to: to.version.clone(),
            to_archs,
        });
    }
    let keep = |a: &String| arch.is_none_or(|wanted| a == wanted);
    let archs = ArchChanges {
        added: to_archs
            .iter()
            .filter(|a| keep(a) && !from_archs.contains(a))
            .cloned()
            .collect(),
        removed: from_archs
            .iter()
            .filter(|a| keep(a) && !to_archs.contains(a))
            .cloned()
            .collect(),
        common: to_archs
            .iter()
            .filter(|a| keep(a) && from_archs.contains(a))
            .cloned()
            .collect(),
    };
    let arch_order = archs.all(&to_archs);
    let mut component_changes = Vec::new();
    for name in &arch_order {
        component_changes.extend(components::compare(
            name,
            from_views.iter().find(|v| v.name.as_str() == name),
            to_views.iter().find(|v| v.name.as_str() == name),
        ));
    }
    Ok(ReleaseDiff {
        from: from.version.clone(),
        to: to.version.clone(),
        product: project.product.name.clone(),
        only_arch: arch.map(str::to_string),
        arch_order,
        archs,
        components: component_changes,
        driver: items::driver(from.driver.as_ref(), to.driver.as_ref()),
        assets: items::assets(&from.assets, &to.assets),
        features: items::texts(&from.features, &to.features),
        bug_fixes: items::bug_fixes(&from.bug_fixes, &to.bug_fixes),
        known_issues: items::texts(&from.known_issues, &to.known_issues),
        includes: items::includes(&from.includes, &to.includes),
        env: items::env(&from.env, &to.env),
        gpus: items::gpus(&from.gpus, &to.gpus),
        ports: items::ports(&from.ports, &to.ports),
        sections: items::sections(&from.sections, &to.sections),
    })
}

/// The diff as pretty JSON with a trailing newline; field order is fixed.
pub fn to_json(changes: &ReleaseDiff) -> String {
    let mut out = serde_json::to_string_pretty(changes).expect("a diff serialises to JSON");
    out.push('\n');
    out
}

#[cfg(test)]
pub(crate) mod tests;
