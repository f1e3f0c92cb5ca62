//! `relnotes verify --all`: every release of the project, or a range of
//! them, checked against its image in one run — a catalogue re-checked
//! nightly.
//!
//! Records, the range and the template are checked before the first image
//! is read. Images are then read one after another (each reads its layers
//! in parallel) through clones of one [`ImageAccess`], so what the access
//! keeps of layers already read serves every image that shares them. An
//! image that cannot be read is reported and the run goes on.

use super::image_template::ImageTemplate;
use super::{ImageAccess, Session};
use crate::Error;
use check::{ArchCheck, CatalogueReport, VerifyError};
use image::Progress;
use model::record::{ArchView, Loaded};

/// What `relnotes verify --all` is asked.
pub struct VerifyAllRequest<'a> {
    /// The first release to verify (default: the oldest), inclusive.
    pub from: Option<&'a str>,
    /// The last release to verify (default: the newest), inclusive.
    pub to: Option<&'a str>,
    /// Where each release's image is, `{version}` filled in; `None` means
    /// each record's first asset.
    pub image_template: Option<&'a str>,
    /// One arch (or its platform name); `None` means every declared one.
    pub arch: Option<&'a str>,
    /// How to reach the images; one access serves them all.
    pub access: ImageAccess,
    /// Told one line per release as it is done.
    pub on_release: Option<&'a dyn Fn(&str)>,
}

/// A release to verify: its record, the image to read and its archs.
struct Planned {
    loaded: Loaded,
    image: Option<String>,
    views: Vec<ArchView>,
}

/// `relnotes verify --all`: each release × arch checked as `verify` checks
/// one. Bad input (an unknown version, a template that gives no reference,
/// a broken record) is an error before any image is read; an image that
/// cannot be read is a check in the report.
pub fn verify_all(session: &mut Session, req: &VerifyAllRequest) -> Result<CatalogueReport, Error> {
    let versions = select_versions(session, req.from, req.to)?;
    let template = req.image_template.map(ImageTemplate::parse).transpose()?;
    let mut plan = Vec::with_capacity(versions.len());
    for version in &versions {
        let loaded = session.load(version)?;
        let image = match &template {
            Some(template) => Some(template.expand(version)?),
            None => loaded.release.assets.first().map(|a| a.image.clone()),
        };
        let project = &session.workspace.project;
        let views = match check::select_archs(project, &loaded.release, req.arch) {
            Ok(views) => views,
            // A release without that arch has nothing to check.
            Err(VerifyError::UnknownArch { .. }) => Vec::new(),
            Err(e) => return Err(e.into()),
        };
        plan.push(Planned {
            loaded,
            image,
            views,
        });
    }
    if let Some(arch) = req.arch
        && plan.iter().all(|p| p.views.is_empty())
    {
        return Err(unknown_arch(arch, &plan));
    }
    let progress = req.access.progress();
    let mut checks = Vec::new();
    for (i, planned) in plan.iter().enumerate() {
        let done = check_release(planned, &req.access, progress.as_ref());
        if let Some(tell) = req.on_release {
            tell(&progress_line(i + 1, plan.len(), planned, &done));
        }
        checks.extend(done);
    }
    Ok(CatalogueReport::new(versions, checks))
}

/// The versions from `from` to `to`, in the order of `relnotes list`.
fn select_versions(
    session: &Session,
    from: Option<&str>,
    to: Option<&str>,
) -> Result<Vec<String>, Error> {
    let known = session.workspace.versions()?;
    let releases = model::record::diagnostic::shown(&session.workspace.releases_dir());
    if known.is_empty() {
        return Err(Error::Usage(format!(
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
            return Err(Error::Usage(format!(
                "unknown version{}: {}\n  = hint: known versions: {}",
                if unknown.len() == 1 { "" } else { "s" },
                unknown.join(", "),
                known.join(", ")
            )));
        }
    };
    if first > last {
        return Err(Error::Usage(format!(
            "--from {} comes after --to {}: the range holds no release\n  = hint: releases in order: {}",
            known[first],
            known[last],
            known.join(", ")
        )));
    }
    Ok(known[first..=last].to_vec())
}

/// `--arch` that no release of the range declares.
fn unknown_arch(arch: &str, plan: &[Planned]) -> Error {
    let mut declared: Vec<String> = plan
        .iter()
        .flat_map(|p| p.loaded.release.arch_names())
        .collect();
    declared.sort();
    declared.dedup();
    Error::Usage(format!(
        "unknown architecture `{arch}`: no release from {} to {} declares it\n  = hint: pass --arch with one of: {}",
        plan.first().map_or("", |p| &p.loaded.release.version),
        plan.last().map_or("", |p| &p.loaded.release.version),
        declared.join(", ")
    ))
}

/// Every arch of one release: skipped without an image; the image opened
/// once, then each arch's platform read and compared on its own, so one
/// platform that cannot be read leaves the others checked.
fn check_release(
    planned: &Planned,
    access: &ImageAccess,
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
    // A clone shares what the run's access keeps of layers already read.
    let access = access.clone();
    let image = match access.open(release, Some(reference)) {
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
                    let mut report = check::compare(release, views, &inspected, false);
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
