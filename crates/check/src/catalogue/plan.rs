//! `verify --all`'s run: which releases, which image and archs of each,
//! all checked before the first image is read; then each image read and
//! compared. An image that cannot be read is a check in the report and
//! the run goes on.

use super::report::{ArchCheck, CatalogueReport};
use super::template::ImageTemplate;
use crate::VerifyError;
use image::{Image, Progress};
use model::{ArchView, Loaded, Project, Release};
use std::fmt::Display;
use std::path::Path;

/// The versions from `from` to `to` (inclusive; default the oldest and
/// the newest) of `known`, a project's versions in the order of `relnotes
/// list`; `releases` is the records' directory, for the messages.
pub fn versions_between(
    known: &[String],
    releases: &Path,
    from: Option<&str>,
    to: Option<&str>,
) -> Result<Vec<String>, VerifyError> {
    if known.is_empty() {
        return Err(VerifyError::Catalogue(format!(
            "no release to verify: {}/ holds no record",
            releases.display()
        )));
    }
    let position = |flag: &str, version: Option<&str>| match version {
        None => Ok(None),
        Some(v) => known.iter().position(|k| k == v).map(Some).ok_or_else(|| {
            let record = releases.join(format!("{v}.toml"));
            format!("{flag} {v} (no {})", record.display())
        }),
    };
    let (first, last) = match (position("--from", from), position("--to", to)) {
        (Ok(first), Ok(last)) => (first.unwrap_or(0), last.unwrap_or(known.len() - 1)),
        (first, last) => {
            let unknown: Vec<String> = [first.err(), last.err()].into_iter().flatten().collect();
            return Err(VerifyError::Catalogue(format!(
                "unknown version{}: {}\n  = hint: known versions: {}",
                if unknown.len() == 1 { "" } else { "s" },
                unknown.join(", "),
                known.join(", ")
            )));
        }
    };
    if first > last {
        return Err(VerifyError::Catalogue(format!(
            "--from {} comes after --to {}: the range holds no release\n  = hint: releases in order: {}",
            known[first],
            known[last],
            known.join(", ")
        )));
    }
    Ok(known[first..=last].to_vec())
}

/// A release to verify: its record, the image to read and its archs.
struct Planned {
    loaded: Loaded,
    image: Option<String>,
    views: Vec<ArchView>,
}

/// Every release of a `verify --all` run, each with its image and archs,
/// checked before any image is read.
pub struct Catalogue {
    plan: Vec<Planned>,
    versions: Vec<String>,
}

impl Catalogue {
    /// Plans the run over `records` (in the order of `relnotes list`):
    /// each release's image is `template` filled in, or its first asset;
    /// its archs are every declared one, or `arch`. A template that gives
    /// no reference, or an `arch` no release declares, is an error here.
    pub fn plan(
        project: &Project,
        records: Vec<Loaded>,
        template: Option<&str>,
        arch: Option<&str>,
    ) -> Result<Catalogue, VerifyError> {
        let template = template.map(ImageTemplate::parse).transpose()?;
        let mut plan = Vec::with_capacity(records.len());
        for loaded in records {
            let version = loaded.release.version.as_str();
            let image = match &template {
                Some(template) => Some(template.expand(version)?),
                None => loaded.release.assets.first().map(|a| a.image.clone()),
            };
            let views = match crate::select_archs(project, &loaded.release, arch) {
                Ok(views) => views,
                // A release without that arch has nothing to check.
                Err(VerifyError::UnknownArch { .. }) => Vec::new(),
                Err(e) => return Err(e),
            };
            plan.push(Planned {
                loaded,
                image,
                views,
            });
        }
        if let Some(arch) = arch
            && plan.iter().all(|p| p.views.is_empty())
        {
            return Err(unknown_arch(arch, &plan));
        }
        let versions = plan
            .iter()
            .map(|p| p.loaded.release.version.clone())
            .collect();
        Ok(Catalogue { plan, versions })
    }

    /// Reads each release's image with `open` (one after another) and
    /// checks each arch; `on_release` is told one line per release as it
    /// is done.
    pub fn run<E: Display>(
        self,
        open: impl Fn(&Release, &str) -> Result<Image, E>,
        progress: &dyn Progress,
        on_release: Option<&dyn Fn(&str)>,
    ) -> CatalogueReport {
        let mut checks = Vec::new();
        for (i, planned) in self.plan.iter().enumerate() {
            let done = check_release(planned, &open, progress);
            if let Some(tell) = on_release {
                tell(&progress_line(i + 1, self.plan.len(), planned, &done));
            }
            checks.extend(done);
        }
        CatalogueReport::new(self.versions, checks)
    }
}

/// `--arch` that no release of the range declares.
fn unknown_arch(arch: &str, plan: &[Planned]) -> VerifyError {
    let mut declared: Vec<String> = plan
        .iter()
        .flat_map(|p| p.loaded.release.arch_names())
        .collect();
    declared.sort();
    declared.dedup();
    VerifyError::Catalogue(format!(
        "unknown architecture `{arch}`: no release from {} to {} declares it\n  = hint: pass --arch with one of: {}",
        plan.first().map_or("", |p| &p.loaded.release.version),
        plan.last().map_or("", |p| &p.loaded.release.version),
        declared.join(", ")
    ))
}

/// Every arch of one release: skipped without an image; the image opened
/// once, then each arch's platform read and compared on its own, so one
/// platform that cannot be read leaves the others checked.
fn check_release<E: Display>(
    planned: &Planned,
    open: &impl Fn(&Release, &str) -> Result<Image, E>,
    progress: &dyn Progress,
) -> Vec<ArchCheck> {
    let release = &planned.loaded.release;
    let version = release.version.as_str();
    let Some(reference) = planned.image.as_deref() else {
        return planned
            .views
            .iter()
            .map(|v| ArchCheck::skipped(version, v.name.as_str()))
            .collect();
    };
    if planned.views.is_empty() {
        return Vec::new();
    }
    let image = match open(release, reference) {
        Ok(image) => image,
        Err(e) => {
            return planned
                .views
                .iter()
                .map(|v| ArchCheck::failed(version, v.name.as_str(), reference, &e))
                .collect();
        }
    };
    planned
        .views
        .iter()
        .map(
            |view| match image::read_archs(&image, std::slice::from_ref(&view.name), progress) {
                Ok(inspected) => {
                    let views = std::slice::from_ref(view);
                    let mut report = crate::compare(release, views, &inspected, false);
                    report.locate(&planned.loaded.sources, release);
                    ArchCheck::verified(reference, report)
                }
                Err(e) => ArchCheck::failed(version, view.name.as_str(), reference, &e),
            },
        )
        .collect()
}

/// `[2/4] 25.09 127.0.0.1:5000/team/tnp:25.09: aarch64 ok, amd64 3 mismatches`.
fn progress_line(at: usize, of: usize, planned: &Planned, checks: &[ArchCheck]) -> String {
    let cells: Vec<String> = checks
        .iter()
        .map(|c| format!("{} {}", c.arch, c.cell()))
        .collect();
    let verdict = if cells.is_empty() {
        "no arch to check".to_string()
    } else {
        cells.join(", ")
    };
    format!(
        "[{at}/{of}] {} {}: {verdict}",
        planned.loaded.release.version,
        planned.image.as_deref().unwrap_or("(no image)")
    )
}
