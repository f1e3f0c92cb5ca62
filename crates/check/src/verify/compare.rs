//! The comparison itself: a record's arch views against what each platform
//! of the image holds. Pure: the image was read before.

use super::report::*;
use image::{ArchOutcome, CATALOGERS, ImageConfig, Inspected, Platform, Requirement};
use model::{
    ArchView, ComponentMatch, Driver, Ecosystem, EnvVar, Package, Release, confirms_version,
    copies, match_component,
};
use std::collections::HashSet;

/// Compares every arch of `views` (a release's, or the one `--arch` picked)
/// with the image.
pub fn compare(
    release: &Release,
    views: &[ArchView],
    inspected: &Inspected,
    show_undeclared: bool,
) -> Report {
    let mut report = Report {
        version: release.version.clone(),
        image: inspected.reference.clone(),
        platforms: inspected.platforms.iter().map(|p| p.to_string()).collect(),
        archs: Vec::new(),
        components: Vec::new(),
        driver: Vec::new(),
        env: Vec::new(),
        undeclared: show_undeclared.then(Vec::new),
        problems: Vec::new(),
        sbom: None,
        copies: Vec::new(),
        summary: Summary::default(),
        findings: Vec::new(),
    };
    for view in views {
        let arch = view.name.as_str();
        let outcome = inspected.archs.get(arch);
        let Some(ArchOutcome::Read(image)) = outcome else {
            let platform = match outcome {
                Some(ArchOutcome::Missing { platform }) => platform.clone(),
                _ => Platform::for_arch(&view.name),
            };
            report.archs.push(ArchResult {
                arch: arch.to_string(),
                platform: platform.to_string(),
                status: ArchStatus::Missing,
                manifest: None,
                layers: Vec::new(),
            });
            continue;
        };
        report.archs.push(ArchResult {
            arch: arch.to_string(),
            platform: image.platform.to_string(),
            status: ArchStatus::Checked,
            manifest: Some(image.manifest_digest.clone()),
            layers: image.layers.clone(),
        });
        let observed = &image.catalog.components;
        let mut used = HashSet::new();
        for component in &view.components {
            report
                .components
                .push(check_component(arch, component, observed, &mut used));
        }
        if let Some(driver) = &release.driver {
            report.driver.extend(check_driver(
                arch,
                driver,
                image.catalog.requirement.as_ref(),
            ));
        }
        report.env.extend(
            release
                .env
                .iter()
                .map(|e| check_env(arch, e, &image.config)),
        );
        report
            .problems
            .extend(image.catalog.problems.iter().map(|p| ProblemReport {
                arch: arch.to_string(),
                problem: p.clone(),
            }));
        report
            .copies
            .extend(copies(observed).into_iter().map(|copies| CopiesFinding {
                arch: arch.to_string(),
                copies,
            }));
        if let Some(groups) = &mut report.undeclared {
            groups.extend(undeclared(arch, observed, &used));
        }
    }
    report.summarize();
    report
}

fn evidence(o: &Package) -> Evidence {
    Evidence {
        version: o.version.clone(),
        cataloger: o.cataloger().to_string(),
        location: o.location().to_string(),
        layer: o.layer().map(str::to_string),
    }
}

fn check_component(
    arch: &str,
    component: &Package,
    observed: &[Package],
    used: &mut HashSet<usize>,
) -> ComponentCheck {
    let ComponentMatch {
        found,
        chosen,
        confirmed,
        another,
    } = match_component(component, observed);
    for (i, o) in observed.iter().enumerate() {
        if found.iter().any(|f| std::ptr::eq(*f, o)) {
            used.insert(i);
        }
    }
    let status = match (chosen, confirmed) {
        (None, _) => Status::Missing,
        (Some(_), true) => Status::Confirmed,
        (Some(_), false) => Status::Differs,
    };
    ComponentCheck {
        name: component.name.clone(),
        arch: arch.to_string(),
        ecosystem: component.ecosystem,
        declared: component.version.clone(),
        found: chosen.map(|o| o.version.clone()),
        status,
        location: chosen.map(|o| o.location().to_string()),
        layer: chosen.and_then(|o| o.layer().map(str::to_string)),
        found_as: chosen.filter(|_| another).map(|o| o.name.clone()),
        evidence: found.iter().map(|o| evidence(o)).collect(),
    }
}

const NO_REQUIREMENT: &str = "the image sets no NVIDIA_REQUIRE_CUDA";

fn check_driver(arch: &str, driver: &Driver, req: Option<&Requirement>) -> Vec<DriverCheck> {
    let check = |item: &str, declared: Option<String>| DriverCheck {
        arch: arch.to_string(),
        item: item.to_string(),
        declared,
        found: None,
        status: Status::Unchecked,
        location: None,
        brands: Vec::new(),
        note: Some(NO_REQUIREMENT.to_string()),
    };
    let mut out = Vec::new();
    if let Some(cuda) = &driver.cuda {
        let declared = cuda;
        let mut c = check("cuda", Some(declared.clone()));
        if let Some(req) = req {
            c.note = None;
            c.location = Some(req.location.clone());
            match &req.cuda {
                Some(min) => {
                    c.found = Some(format!("cuda>={min}"));
                    c.status = if confirms_version(Ecosystem::Cuda, declared, Ecosystem::Cuda, min)
                    {
                        Status::Confirmed
                    } else {
                        Status::Differs
                    };
                }
                None => {
                    c.status = Status::Missing;
                    c.note = Some("NVIDIA_REQUIRE_CUDA has no cuda>= condition".into());
                }
            }
        }
        out.push(c);
    }
    if let Some(min) = &driver.min {
        let declared = min;
        let mut c = check("min", Some(format!(">={declared}")));
        if let Some(req) = req {
            c.location = Some(req.location.clone());
            match &req.driver {
                Some(found) => {
                    c.note = None;
                    c.found = Some(format!("driver>={found}"));
                    c.status = if confirms_version(
                        Ecosystem::Generic,
                        declared,
                        Ecosystem::Generic,
                        found,
                    ) {
                        Status::Confirmed
                    } else {
                        Status::Differs
                    };
                }
                None => {
                    c.note = Some(match &req.cuda {
                        Some(cuda) => format!(
                            "NVIDIA_REQUIRE_CUDA sets no driver minimum of its own, only cuda>={cuda}"
                        ),
                        None => "NVIDIA_REQUIRE_CUDA sets no driver minimum".into(),
                    });
                }
            }
        }
        out.push(c);
    }
    let mut matched = HashSet::new();
    for branch in &driver.datacenter {
        let declared = branch.min.as_str();
        let mut c = check(&branch.branch, Some(format!(">={declared}")));
        if let Some(req) = req {
            c.note = None;
            c.location = Some(req.location.clone());
            let admitting = req.ranges.iter().position(|r| r.admits(declared));
            let same_branch = || {
                req.ranges
                    .iter()
                    .position(|r| major(&r.min) == major(declared))
            };
            match admitting.or_else(same_branch) {
                Some(i) => {
                    let range = &req.ranges[i];
                    matched.insert(i);
                    c.found = Some(range.condition());
                    c.brands = range.brands.clone();
                    c.status = if admitting.is_some() {
                        Status::Confirmed
                    } else {
                        Status::Differs
                    };
                }
                None => c.status = Status::Missing,
            }
        }
        out.push(c);
    }
    if let Some(req) = req {
        for (i, range) in req.ranges.iter().enumerate() {
            if !matched.contains(&i) {
                out.push(DriverCheck {
                    arch: arch.to_string(),
                    item: format!("R{}", major(&range.min)),
                    declared: None,
                    found: Some(range.condition()),
                    status: Status::Undeclared,
                    location: Some(req.location.clone()),
                    brands: range.brands.clone(),
                    note: None,
                });
            }
        }
    }
    out
}

/// `470.57` → `470`.
fn major(version: &str) -> &str {
    version.split('.').next().unwrap_or(version)
}

fn check_env(arch: &str, var: &EnvVar, config: &ImageConfig) -> EnvCheck {
    let found = config.env_var(&var.name).map(str::to_string);
    let status = match (&var.value, &found) {
        (_, None) => Status::Missing,
        (Some(declared), Some(found)) if declared != found => Status::Differs,
        _ => Status::Confirmed,
    };
    EnvCheck {
        arch: arch.to_string(),
        name: var.name.clone(),
        declared: var.value.clone(),
        location: found.as_ref().map(|_| format!("config:env/{}", var.name)),
        found,
        status,
    }
}

/// What no declared component claimed, per cataloger (in catalog order),
/// one entry per name and version, found in a file rather than the config
/// where both say it.
fn undeclared(arch: &str, observed: &[Package], used: &HashSet<usize>) -> Vec<UndeclaredGroup> {
    let mut rest: Vec<&Package> = observed
        .iter()
        .enumerate()
        .filter(|(i, _)| !used.contains(i))
        .map(|(_, o)| o)
        .collect();
    rest.sort_by_key(|o| o.layer().is_none());
    let mut groups: Vec<UndeclaredGroup> = Vec::new();
    let mut seen = HashSet::new();
    for o in rest {
        let key = (o.cataloger(), &o.key, &o.version);
        if !seen.insert(key) {
            continue;
        }
        let component = UndeclaredComponent {
            name: o.name.clone(),
            version: o.version.clone(),
            ecosystem: o.ecosystem,
            location: o.location().to_string(),
            layer: o.layer().map(str::to_string),
        };
        match groups.iter_mut().find(|g| g.cataloger == o.cataloger()) {
            Some(g) => g.components.push(component),
            None => groups.push(UndeclaredGroup {
                arch: arch.to_string(),
                cataloger: o.cataloger().to_string(),
                count: 0,
                components: vec![component],
            }),
        }
    }
    let rank = |name: &str| CATALOGERS.iter().position(|c| c.name() == name);
    groups.sort_by_key(|g| rank(&g.cataloger));
    for g in &mut groups {
        g.components.sort_by(|a, b| {
            (a.ecosystem.normalize_name(&a.name), &a.version, &a.location).cmp(&(
                b.ecosystem.normalize_name(&b.name),
                &b.version,
                &b.location,
            ))
        });
        g.count = g.components.len();
    }
    groups
}

#[cfg(test)]
mod tests;
