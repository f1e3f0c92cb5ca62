//! What the image says about a record: each declared component at the
//! version the image holds (found the way `verify` finds it), the driver
//! facts of its `NVIDIA_REQUIRE_CUDA`, the values of the record's
//! environment variables. Pure: the image was read before.

use image::{ArchOutcome, Inspected, InspectedArch, Requirement};
use model::{
    Arch, ArchView, Copies, DatacenterBranch, Dotted, Driver, DriverVersion, Ecosystem,
    LibraryCopy, LinuxPlatform, Origin, Package, Project, Release, ToolkitLookup, confirms_version,
    copies, match_component,
};
use std::str::FromStr;

/// One arch's components as the image holds them.
#[derive(Debug, Clone)]
pub(crate) struct FoundArch {
    pub arch: Arch,
    /// Name (as the record spells it) and version, in the record's order.
    pub components: Vec<(String, String)>,
    /// Every component whose version the image changes.
    pub changes: Vec<VersionChange>,
    /// Declared components the image does not hold.
    pub missing: Vec<String>,
    /// Libraries the image holds at several versions.
    pub copies: Vec<Copies>,
}

/// A component at another version in the image than in the record.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub(crate) struct VersionChange {
    pub name: String,
    pub arch: String,
    pub from: String,
    pub to: String,
    /// Ordered by the component's ecosystem.
    pub change: pages::Change,
}

/// The record's archs the image has, those it lacks, and the rest of what
/// it says.
#[derive(Debug, Clone)]
pub(crate) struct Found {
    pub archs: Vec<FoundArch>,
    /// Declared archs the image has no platform for.
    pub missing_archs: Vec<Arch>,
    /// The driver facts, when the record has driver requirements.
    pub driver: Option<Driver>,
    /// Environment variables whose value the image sets otherwise: name, value.
    pub env: Vec<(String, String)>,
    /// Declared environment variables the image does not set.
    pub env_missing: Vec<String>,
    /// Versions the image's words contradict, for prose: (old, new).
    pub replacements: Vec<(String, String)>,
    /// Where the drafted minimum driver comes from, and how it stands to
    /// NVIDIA's table for the CUDA found.
    pub min_from: Option<String>,
}

impl Found {
    /// Every version change of every arch.
    pub(crate) fn changes(&self) -> impl Iterator<Item = &VersionChange> {
        self.archs.iter().flat_map(|a| a.changes.iter())
    }
}

/// Reads `release` against what `inspected` holds for its archs.
pub(crate) fn found(project: &Project, release: &Release, inspected: &Inspected) -> Found {
    let mut out = Found {
        archs: Vec::new(),
        missing_archs: Vec::new(),
        driver: release.driver.clone(),
        env: Vec::new(),
        env_missing: Vec::new(),
        replacements: Vec::new(),
        min_from: None,
    };
    let mut first: Option<&InspectedArch> = None;
    for view in release.resolve(project) {
        match inspected.archs.get(view.name.as_str()) {
            Some(ArchOutcome::Read(image)) => {
                first.get_or_insert(image);
                out.archs.push(found_arch(&view, image));
            }
            _ => out.missing_archs.push(view.name.clone()),
        }
    }
    let Some(image) = first else {
        return out;
    };
    if let Some(driver) = &release.driver {
        let (mut facts, mut replacements) = driver_facts(driver, image);
        out.min_from = nvidia_minimum(&mut facts, image, release.linux_platform());
        if let (Some(old), Some(new)) = (&driver.min, &facts.min)
            && old != new
            && !replacements.iter().any(|(o, _)| o == old)
        {
            replacements.push((old.clone(), new.clone()));
        }
        facts.not_forward_compatible_with = driver
            .not_forward_compatible_with
            .as_ref()
            .map(|v| super::words::replace_numbers(v, &replacements));
        out.driver = Some(facts);
        out.replacements = replacements;
    }
    for var in &release.env {
        match (image.config.env_var(&var.name), &var.value) {
            (None, _) => out.env_missing.push(var.name.clone()),
            (Some(found), Some(declared)) if found != declared => {
                out.env.push((var.name.clone(), found.to_string()))
            }
            _ => {}
        }
    }
    out
}

/// A declared component the image confirms keeps its declared spelling
/// (`CUDA 12.8` for a found `12.8.1`); one it holds in another version
/// takes the version found.
fn found_arch(view: &ArchView, image: &InspectedArch) -> FoundArch {
    let observed = &image.catalog.components;
    let mut arch = FoundArch {
        arch: view.name.clone(),
        components: Vec::new(),
        changes: Vec::new(),
        missing: Vec::new(),
        copies: copies(observed),
    };
    for component in &view.components {
        let held = match loaded_copy(component, &arch.copies) {
            Some(loaded) => in_loaded_copy(component, loaded, observed),
            None => {
                let found = match_component(component, observed);
                found
                    .chosen
                    .filter(|_| !found.another)
                    .map(|chosen| (chosen.version.clone(), found.confirmed))
            }
        };
        match held {
            Some((version, confirmed)) => {
                let version = if confirmed {
                    component.version.clone()
                } else {
                    arch.changes.push(VersionChange {
                        name: component.name.clone(),
                        arch: view.name.to_string(),
                        from: component.version.clone(),
                        to: version.clone(),
                        change: pages::Change::between(
                            component.ecosystem,
                            Some(&component.version),
                            Some(&version),
                        ),
                    });
                    version
                };
                arch.components.push((component.name.clone(), version));
            }
            None => arch.missing.push(component.name.clone()),
        }
    }
    arch
}

/// The copy a framework loads of the library `component` names, when the
/// image holds several and a framework's requirements say which.
fn loaded_copy<'a>(component: &Package, all: &'a [Copies]) -> Option<&'a LibraryCopy> {
    let known = model::known_component(&component.name)?;
    all.iter()
        .find(|c| c.component == known.name)
        .and_then(Copies::loaded)
}

/// The version of `component` in the copy a framework loads, and whether
/// it confirms the declared one: found the way `verify` finds it among
/// that copy's findings, else the copy's own version, with as many
/// numbers as the record writes (a wheel's `9.19.0.56` for a declared
/// `9.14.0` is `9.19.0`).
fn in_loaded_copy(
    component: &Package,
    loaded: &LibraryCopy,
    observed: &[Package],
) -> Option<(String, bool)> {
    let findings: Vec<Package> = observed
        .iter()
        .filter(|p| loaded.found.iter().any(|f| f.is(p)))
        .cloned()
        .collect();
    let found = match_component(component, &findings);
    if let Some(chosen) = found.chosen.filter(|_| !found.another) {
        let version = match chosen.ecosystem {
            // A package's own numbering (`9.19.0.56`), in the record's shape.
            Ecosystem::Deb | Ecosystem::Pypi if chosen.ecosystem != component.ecosystem => {
                numbers_like(&chosen.version, chosen.ecosystem, &component.version)
            }
            _ => chosen.version.clone(),
        };
        return Some((version, found.confirmed));
    }
    let first = observed
        .iter()
        .find(|p| loaded.found.first().is_some_and(|f| f.is(p)))?;
    if confirms_version(
        component.ecosystem,
        &component.version,
        first.ecosystem,
        &first.version,
    ) {
        return Some((component.version.clone(), true));
    }
    let version = numbers_like(&first.version, first.ecosystem, &component.version);
    Some((version, false))
}

/// `version`'s numbers (a Debian version's upstream part), as many as
/// `like` has when it is all numbers; else `version` as it is.
fn numbers_like(version: &str, ecosystem: Ecosystem, like: &str) -> String {
    let upstream = if ecosystem == Ecosystem::Deb {
        let v = version.split_once(':').map_or(version, |(_, v)| v);
        v.rsplit_once('-').map_or(v, |(v, _)| v)
    } else {
        version
    };
    match (Dotted::from_str(upstream), Dotted::from_str(like)) {
        (Ok(found), Ok(like)) if like.suffix.is_none() && found.parts.len() > like.parts.len() => {
            let parts: Vec<String> = found.parts[..like.parts.len()]
                .iter()
                .map(u64::to_string)
                .collect();
            parts.join(".")
        }
        _ => upstream.to_string(),
    }
}

/// What the image holds of a component to declare.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Held {
    /// Found the way `verify` will look for it: this version.
    Version(String),
    /// Found only by a cataloger of another ecosystem than the project
    /// gives the name (`bash` in the dpkg database, while unknown names
    /// are Python packages): named here.
    Elsewhere {
        cataloger: String,
    },
    Nothing,
}

/// The version of `name` the image holds for one arch, found the way a
/// declared component is.
pub(crate) fn version_in(project: &Project, name: &str, image: &InspectedArch) -> Held {
    let observed = &image.catalog.components;
    let ecosystem = project.ecosystem_of(name);
    let found = match_component(&Package::new(name, "0", ecosystem, Origin::Added), observed);
    if let Some(p) = found.chosen.filter(|_| !found.another) {
        return Held::Version(p.version.clone());
    }
    // The widest matching there is: runtimes, then dpkg, then Python.
    let any = Package::new(name, "0", Ecosystem::Generic, Origin::Added);
    match match_component(&any, observed).chosen {
        Some(p) if ecosystem != Ecosystem::Generic => Held::Elsewhere {
            cataloger: p.cataloger().to_string(),
        },
        _ => Held::Nothing,
    }
}

/// The driver facts of `declared` as the image states them. What the
/// image's `NVIDIA_REQUIRE_CUDA` does not state is carried as declared.
fn driver_facts(declared: &Driver, image: &InspectedArch) -> (Driver, Vec<(String, String)>) {
    let mut facts = declared.clone();
    let mut replacements = Vec::new();
    let toolkit = toolkit_of(image);
    let requirement = image.catalog.requirement.as_ref();
    let required = requirement.and_then(|r| r.cuda.clone());
    let image_cuda = required.clone().or(toolkit.clone());
    if let Some(image_cuda) = &image_cuda {
        // verify confirms the base with `cuda>=`; without one, nothing
        // checks it, so agreeing with the toolkit either way is enough.
        let agrees = |v: &str| {
            confirms_version(Ecosystem::Cuda, v, Ecosystem::Cuda, image_cuda)
                || (required.is_none()
                    && confirms_version(Ecosystem::Cuda, image_cuda, Ecosystem::Cuda, v))
        };
        let keep = declared.cuda.as_deref().is_some_and(agrees);
        if !keep {
            let base = toolkit
                .filter(|t| agrees(t))
                .unwrap_or_else(|| image_cuda.clone());
            let base = padded_like(&base, declared.cuda.as_deref());
            if let Some(old) = &declared.cuda {
                replacements.push((old.clone(), base.clone()));
                if let (Some(old), Some(new)) = (major_minor(old), major_minor(&base)) {
                    replacements.push((old, new));
                }
            }
            facts.cuda = Some(base);
        }
    }
    if let Some(req) = requirement {
        apply_requirement(&mut facts, declared, req, &mut replacements);
    }
    facts.not_forward_compatible_with = declared
        .not_forward_compatible_with
        .as_ref()
        .map(|v| super::words::replace_numbers(v, &replacements));
    (facts, replacements)
}

/// The CUDA toolkit the image holds.
fn toolkit_of(image: &InspectedArch) -> Option<String> {
    image
        .catalog
        .components
        .iter()
        .filter(|p| p.ecosystem == Ecosystem::Cuda)
        .min_by_key(|p| p.layer().is_none())
        .map(|p| p.version.clone())
}

/// The minimum driver and data-center branches the requirement states.
fn apply_requirement(
    facts: &mut Driver,
    declared: &Driver,
    req: &Requirement,
    replacements: &mut Vec<(String, String)>,
) {
    if let Some(min) = &req.driver {
        let same = declared
            .min
            .as_deref()
            .is_some_and(|d| confirms_version(Ecosystem::Generic, d, Ecosystem::Generic, min));
        if !same {
            if let Some(old) = &declared.min {
                replacements.push((old.clone(), min.clone()));
            }
            facts.min = Some(min.clone());
        }
    }
    if req.ranges.is_empty() {
        return;
    }
    let mut branches: Vec<DatacenterBranch> = declared
        .datacenter
        .iter()
        .filter(|b| req.ranges.iter().any(|r| r.admits(&b.min)))
        .cloned()
        .collect();
    for range in &req.ranges {
        if !declared.datacenter.iter().any(|b| range.admits(&b.min)) {
            let major = range.min.split('.').next().unwrap_or(&range.min);
            branches.push(DatacenterBranch {
                branch: format!("R{major}"),
                min: range.min.clone(),
            });
        }
    }
    branches.sort_by(|a, b| {
        model::compare_versions(Ecosystem::Generic, &a.min, &b.min)
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    facts.datacenter = branches;
}

/// Bounds the drafted minimum driver by NVIDIA's table for the CUDA found
/// (the toolkit the image holds, else the CUDA drafted):
/// what the image states is kept, and so is the record's minimum when the
/// image states none, unless it is below NVIDIA's minimum for that CUDA;
/// then NVIDIA's is drafted. Returns where the minimum comes from.
fn nvidia_minimum(
    facts: &mut Driver,
    image: &InspectedArch,
    platform: LinuxPlatform,
) -> Option<String> {
    let stated = image
        .catalog
        .requirement
        .as_ref()
        .and_then(|r| r.driver.clone());
    let drafted = facts.min.clone();
    let origin = match (&stated, &drafted) {
        (Some(min), _) => format!("the image's NVIDIA_REQUIRE_CUDA states driver>={min}"),
        (None, Some(min)) => {
            format!("the image states no driver; {min} is carried from the record")
        }
        (None, None) => "neither the image nor the record states a minimum driver".to_string(),
    };
    // The toolkit installed is what runs, and the CUDA the image requires
    // (NVIDIA_REQUIRE_CUDA, drafted as `driver.cuda`) is what the runtime
    // demands of the driver: the higher of their minimums bounds the draft.
    let mut floors = Vec::new();
    let mut unknown = None;
    for cuda in [toolkit_of(image), facts.cuda.clone()]
        .into_iter()
        .flatten()
    {
        match nvidia_floor(&cuda, platform) {
            Ok(floor) => floors.push(floor),
            Err(why) => {
                unknown.get_or_insert(why);
            }
        }
    }
    // Parts compared as numbers: 575.51.03 is above 570.124.06.
    let highest = floors.into_iter().max_by_key(|floor| {
        floor
            .0
            .parse::<DriverVersion>()
            .map(|v| v.parts)
            .unwrap_or_default()
    });
    let Some((nvidia, what, source)) = highest else {
        return unknown.map(|why| format!("{origin}; {why}"));
    };
    let lower = drafted
        .as_deref()
        .is_none_or(|min| model::driver_below_minimum(min, &nvidia));
    if !lower {
        return Some(format!("{origin}, at or above {what}, {nvidia}"));
    }
    facts.min = Some(nvidia.clone());
    Some(match drafted {
        Some(_) => format!("{nvidia} is {what} (source: {source}); {origin}, which is lower"),
        None => format!("{nvidia} is {what} (source: {source}); {origin}"),
    })
}

/// NVIDIA's minimum driver for `cuda` on `platform`: the version, what it
/// is called, where it was read; or why it is not known.
fn nvidia_floor(cuda: &str, platform: LinuxPlatform) -> Result<(String, String, String), String> {
    match model::toolkit_lookup(cuda) {
        ToolkitLookup::Listed(row) => match row.minimum(platform) {
            Some(min) => Ok((
                min.to_string(),
                format!(
                    "NVIDIA's minimum for {} ({})",
                    row.release,
                    platform.as_str()
                ),
                row.source().to_string(),
            )),
            None => Err(format!(
                "NVIDIA's table gives no {} minimum for {}: not checked",
                platform.as_str(),
                row.release
            )),
        },
        lookup => {
            let unknown = match lookup {
                ToolkitLookup::PastTable(newest) => format!(
                    "CUDA {cuda} is past NVIDIA's driver table in this relnotes (it stops at {}): a newer relnotes is needed to know NVIDIA's minimum",
                    newest.release
                ),
                _ => format!("NVIDIA's driver table lists no CUDA {cuda}"),
            };
            match model::minor_version_floor(cuda) {
                Some(floor) => Ok((
                    floor.minimum.clone(),
                    format!(
                        "the driver every CUDA {}.x release needs at least (NVIDIA's minor version compatibility; {unknown})",
                        floor.major
                    ),
                    floor.source().to_string(),
                )),
                None => Err(unknown),
            }
        }
    }
}

/// `12.9` written with as many numbers as `like` has (`12.8.0` → `12.9.0`).
fn padded_like(version: &str, like: Option<&str>) -> String {
    let count = |v: &str| Dotted::from_str(v).map(|d| d.parts.len()).ok();
    match (Dotted::from_str(version), like.and_then(count)) {
        (Ok(d), Some(want)) if d.suffix.is_none() && d.parts.len() < want => {
            let mut parts: Vec<String> = d.parts.iter().map(u64::to_string).collect();
            parts.resize(want, "0".to_string());
            parts.join(".")
        }
        _ => version.to_string(),
    }
}

/// `12.8.0` → `12.8`.
fn major_minor(version: &str) -> Option<String> {
    let d = Dotted::from_str(version).ok()?;
    (d.parts.len() > 2).then(|| format!("{}.{}", d.parts[0], d.parts[1]))
}

#[cfg(test)]
mod tests {
    use super::*;

    use image::{Catalog, parse_requirement};
    use image::{ImageConfig, Platform};
    use model::Evidence;

    /// A platform whose catalog holds CUDA `toolkit` (from version.json)
    /// and, when given, an `NVIDIA_REQUIRE_CUDA`.
    fn image(toolkit: &str, require: Option<&str>) -> InspectedArch {
        InspectedArch {
            platform: Platform::for_arch(&"amd64".parse().unwrap()),
            manifest_digest: String::new(),
            layers: Vec::new(),
            config: ImageConfig::default(),
            catalog: Catalog {
                components: vec![Package::found(
                    "cuda",
                    toolkit,
                    Ecosystem::Cuda,
                    Evidence {
                        cataloger: "cuda".into(),
                        location: "usr/local/cuda/version.json".into(),
                        layer: Some("sha256:0".into()),
                        ..Default::default()
                    },
                )],
                requirement: require.map(parse_requirement),
                problems: Vec::new(),
            },
        }
    }

    fn driver(cuda: &str, min: &str, branches: &[(&str, &str)]) -> Driver {
        Driver {
            cuda: Some(cuda.into()),
            min: Some(min.into()),
            datacenter: branches
                .iter()
                .map(|(b, m)| DatacenterBranch {
                    branch: b.to_string(),
                    min: m.to_string(),
                })
                .collect(),
            not_forward_compatible_with: Some("12.8".into()),
            ..Default::default()
        }
    }

    #[test]
    fn driver_facts_the_image_confirms_are_kept() {
        let declared = driver("12.8.0", "575", &[("R470", "470.57")]);
        let (facts, replacements) = driver_facts(
            &declared,
            &image(
                "12.8.1",
                Some("cuda>=12.8 brand=tesla,driver>=470,driver<471"),
            ),
        );
        assert_eq!(facts.cuda.as_deref(), Some("12.8.0"));
        assert_eq!(facts.min.as_deref(), Some("575"));
        assert_eq!(facts.datacenter.len(), 1);
        assert_eq!(facts.datacenter[0].min, "470.57");
        assert!(replacements.is_empty());
    }

    #[test]
    fn driver_facts_the_image_states_otherwise_are_its() {
        let declared = driver("12.8.0", "575", &[("R470", "470.57"), ("R535", "535.86")]);
        let (facts, replacements) = driver_facts(
            &declared,
            &image(
                "12.9.1",
                Some(
                    "cuda>=12.9 driver>=580 brand=tesla,driver>=535,driver<536 brand=tesla,driver>=570,driver<571",
                ),
            ),
        );
        // 12.9.1 is not what `cuda>=12.9` confirms: the requirement's
        // version, in the record's shape.
        assert_eq!(facts.cuda.as_deref(), Some("12.9.0"));
        assert_eq!(facts.min.as_deref(), Some("580"));
        let branches: Vec<_> = facts
            .datacenter
            .iter()
            .map(|b| (b.branch.as_str(), b.min.as_str()))
            .collect();
        assert_eq!(branches, [("R535", "535.86"), ("R570", "570")]);
        assert_eq!(facts.not_forward_compatible_with.as_deref(), Some("12.9"));
        let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
        assert_eq!(
            replacements,
            [
                pair("12.8.0", "12.9.0"),
                pair("12.8", "12.9"),
                pair("575", "580")
            ]
        );
    }

    #[test]
    fn without_a_requirement_the_toolkit_is_the_base() {
        let declared = driver("12.8.0", "575", &[("R470", "470.57")]);
        let (facts, _) = driver_facts(&declared, &image("12.9.1", None));
        assert_eq!(facts.cuda.as_deref(), Some("12.9.1"));
        assert_eq!(facts.min.as_deref(), Some("575"));
        assert_eq!(facts.datacenter.len(), 1);
    }

    #[test]
    fn versions_padded_to_the_records_shape() {
        assert_eq!(padded_like("12.9", Some("12.8.0")), "12.9.0");
        assert_eq!(padded_like("12.9.1", Some("12.8")), "12.9.1");
        assert_eq!(padded_like("12.9", None), "12.9");
        assert_eq!(major_minor("12.8.0").as_deref(), Some("12.8"));
        assert_eq!(major_minor("12.8"), None);
    }
}
