//! One architecture of a release record as a CycloneDX 1.5 BOM.

use super::occurrence_properties::{LAYER_PROPERTY, PATH_PROPERTY};
use super::purl;
use crate::format::{CycloneDxVersion, Lifecycle, SbomError};
use cyclonedx_bom::external_models::date_time::DateTime;
use cyclonedx_bom::models::bom::BomReference;
use cyclonedx_bom::models::component::{
    Classification, ComponentEvidence, Cpe, Occurrence, Occurrences,
};
use cyclonedx_bom::models::composition::{AggregateType, Composition, Compositions};
use cyclonedx_bom::models::lifecycle::{Lifecycle as CdxLifecycle, Lifecycles};
use cyclonedx_bom::models::property::{Properties, Property};
use cyclonedx_bom::models::tool::Tools;
use cyclonedx_bom::prelude::{Bom, Component as CdxComponent, Components, Metadata, Purl};
use cyclonedx_bom::prelude::{SpecVersion, UrnUuid, Validate};
use model::{
    Arch, ArchView, Component, ComponentKind, Ecosystem, Evidence, Lang, Origin, Os, Package,
    Project, Release,
};

/// The component of `data/components.toml` a package is, when its
/// identity applies: a declared package by its name (whatever ecosystem
/// the project's catalog gives it), a found one when its cataloger's
/// ecosystem is the component's (a dpkg package named `cuda` is a
/// metapackage, not the toolkit).
fn identity(package: &Package) -> Option<&'static Component> {
    let component = model::known_component(&package.name)?;
    match package.origin {
        Origin::Found(_) if package.ecosystem != component.ecosystem => None,
        _ => Some(component),
    }
}

/// The CycloneDX type of a package: its component's when relnotes knows
/// it (CUDA a framework, Python an application), else by ecosystem.
pub(crate) fn classification(package: &Package) -> Classification {
    match identity(package).map(|c| c.kind) {
        Some(ComponentKind::Library) => Classification::Library,
        Some(ComponentKind::Framework) => Classification::Framework,
        Some(ComponentKind::Application) => Classification::Application,
        Some(ComponentKind::OperatingSystem) => Classification::OperatingSystem,
        None => match package.ecosystem {
            Ecosystem::Pypi | Ecosystem::Deb | Ecosystem::Generic => Classification::Library,
            Ecosystem::Os => Classification::OperatingSystem,
            Ecosystem::Cuda => Classification::Framework,
        },
    }
}

/// `package` under its component's canonical name, when relnotes knows
/// it in the package's ecosystem: one component, one package URL
/// (`PyTorch` is `pkg:pypi/torch`, `NVIDIA cuDNN` is `pkg:generic/cudnn`).
fn canonical(package: &Package) -> Option<Package> {
    let component = identity(package).filter(|c| c.ecosystem == package.ecosystem)?;
    (component.name != package.name).then(|| {
        Package::new(
            &component.name,
            &package.version,
            package.ecosystem,
            package.origin.clone(),
        )
    })
}

/// The SBOM of `release` on `arch` (one of its archs), with its
/// content-derived serial number. `timestamp` is RFC 3339, or none.
pub fn build(
    project: &Project,
    release: &Release,
    arch: &Arch,
    timestamp: Option<&str>,
) -> Result<Bom, SbomError> {
    build_of(
        project,
        release,
        &release.resolve_arch(project, arch),
        timestamp,
    )
}

/// [`build`] from the view of one of the release's archs
/// (`Release::resolve`), for a caller that has it already.
pub(crate) fn build_of(
    project: &Project,
    release: &Release,
    view: &ArchView,
    timestamp: Option<&str>,
) -> Result<Bom, SbomError> {
    let bom = unnumbered_of(project, release, view, timestamp)?;
    numbered(bom, release, &view.name)
}

/// [`build`] of one of the release's archs, given its view
/// (`Release::resolve`), encoded as [`crate::encode`] does (CycloneDX JSON
/// of the default version and a newline), serialising the BOM once: the
/// serial number is written into the JSON its content was hashed from
/// (the site writes every release's SBOMs this way).
pub fn build_json_of(
    project: &Project,
    release: &Release,
    view: &ArchView,
) -> Result<String, SbomError> {
    let mut bom = unnumbered_of(project, release, view, None)?;
    // Validated before it is hashed (serialising consumes it), with a
    // well-formed stand-in for the serial number it gets from its hash.
    bom.serial_number = Some(UrnUuid::from(uuid::Uuid::nil()));
    let mut bom = validated(bom, release, &view.name)?;
    bom.serial_number = None;
    let json = super::serial::unnumbered_json(bom)?;
    let serial = super::serial::serial_of(&json);
    let Some(json) = super::serial::numbered_json(&json, &serial) else {
        return Err(SbomError::Encode {
            format: "JSON",
            detail: "no top-level \"version\" line to put the serial number after".into(),
        });
    };
    // A record's components have no occurrences to complete: the upgrade
    // to the default version only rewrites `specVersion`.
    let version = CycloneDxVersion::default();
    let json =
        super::rewrite::respecified_json(&json, version).ok_or_else(|| SbomError::Encode {
            format: "JSON",
            detail: format!(
                "as CycloneDX {}: no top-level \"specVersion\": \"1.5\" line to rewrite",
                version.as_str()
            ),
        })?;
    let mut text = String::from_utf8(json).map_err(|e| SbomError::Encode {
        format: "JSON",
        detail: e.to_string(),
    })?;
    text.push('\n');
    Ok(text)
}

/// The BOM of `view` before its serial number.
fn unnumbered_of(
    project: &Project,
    release: &Release,
    view: &ArchView,
    timestamp: Option<&str>,
) -> Result<Bom, SbomError> {
    let arch = &view.name;
    let os = Os::among(&view.components);
    let each: Vec<Vec<&Package>> = view.components.iter().map(|p| vec![p]).collect();
    let mut components = components(&each, arch, os)?;
    if let Some(cuda) = base_cuda(project, release, view, arch)? {
        components.push(cuda);
    }

    let image = image(project, release, arch)?;
    let properties = metadata_properties(release, arch);
    unnumbered(
        image,
        properties,
        components,
        timestamp,
        Lifecycle::Declared,
    )
}

/// The CUDA `driver.cuda` says the release is based on, as a component,
/// when no component of the arch is CUDA: the record declares it there
/// (`relnotes import` puts "based on NVIDIA CUDA 10.2.89" there). Its
/// origin is `driver`.
fn base_cuda(
    project: &Project,
    release: &Release,
    view: &ArchView,
    arch: &Arch,
) -> Result<Option<CdxComponent>, SbomError> {
    let Some(version) = release.driver.as_ref().and_then(|d| d.cuda.as_deref()) else {
        return Ok(None);
    };
    let Some(cuda) = model::all_components()
        .iter()
        .find(|c| c.ecosystem == Ecosystem::Cuda)
    else {
        return Ok(None);
    };
    let is_cuda =
        |p: &Package| model::known_component(&p.name).is_some_and(|c| c.name == cuda.name);
    if view.components.iter().any(is_cuda) {
        return Ok(None);
    }
    let package = Package::new(
        &cuda.name,
        version,
        project.ecosystem_of(&cuda.name),
        Origin::Shared,
    );
    let mut out = component(&[&package], arch, None)?;
    if let Some(properties) = &mut out.properties {
        for property in &mut properties.0 {
            if property.name == "relnotes:origin" {
                *property = Property::new("relnotes:origin", "driver");
            }
        }
    }
    Ok(Some(out))
}

/// A validated CycloneDX 1.5 BOM of `components` found in or declared for
/// `image` (`lifecycle` says which): relnotes as the tool, the composition
/// marked incomplete (only what carries a version is listed, not every
/// file), the serial number derived from the content. `timestamp` is
/// RFC 3339, or none.
pub(crate) fn assemble(
    image: CdxComponent,
    properties: Vec<Property>,
    components: Vec<CdxComponent>,
    timestamp: Option<&str>,
    lifecycle: Lifecycle,
    (release, arch): (&Release, &Arch),
) -> Result<Bom, SbomError> {
    let bom = unnumbered(image, properties, components, timestamp, lifecycle)?;
    numbered(bom, release, arch)
}

fn numbered(mut bom: Bom, release: &Release, arch: &Arch) -> Result<Bom, SbomError> {
    bom.serial_number = Some(super::serial::serial_number(&bom)?);
    validated(bom, release, arch)
}

fn validated(bom: Bom, release: &Release, arch: &Arch) -> Result<Bom, SbomError> {
    let result = bom.validate_version(SpecVersion::V1_5);
    if !result.passed() {
        return Err(SbomError::Invalid {
            version: release.version.clone(),
            arch: arch.to_string(),
            detail: format!("{result:?}"),
        });
    }
    Ok(bom)
}

fn unnumbered(
    image: CdxComponent,
    properties: Vec<Property>,
    components: Vec<CdxComponent>,
    timestamp: Option<&str>,
    lifecycle: Lifecycle,
) -> Result<Bom, SbomError> {
    let image_ref = image.bom_ref.clone().unwrap_or_default();
    let timestamp = timestamp
        .map(|t| DateTime::try_from(t.to_string()))
        .transpose()
        .map_err(|e| SbomError::Encode {
            format: "an ISO 8601 time",
            detail: e.to_string(),
        })?;
    let metadata = Metadata {
        timestamp,
        tools: Some(Tools::Object {
            services: None,
            components: Some(Components(vec![CdxComponent::new(
                Classification::Application,
                "relnotes",
                env!("CARGO_PKG_VERSION"),
                None,
            )])),
        }),
        component: Some(image),
        properties: Some(Properties(properties)),
        lifecycles: Some(Lifecycles(vec![CdxLifecycle::Phase(lifecycle.phase())])),
        ..Metadata::default()
    };
    Ok(Bom {
        version: 1,
        serial_number: None,
        spec_version: SpecVersion::V1_5,
        metadata: Some(metadata),
        components: Some(Components(components)),
        compositions: Some(Compositions(vec![Composition {
            bom_ref: None,
            aggregate: AggregateType::Incomplete,
            assemblies: Some(vec![BomReference::new(image_ref)]),
            dependencies: None,
            vulnerabilities: None,
            signature: None,
        }])),
        ..Bom::default()
    })
}

/// The image itself: `container`, named by the product, versioned by the
/// release, identified by an OCI purl of its first asset.
fn image(project: &Project, release: &Release, arch: &Arch) -> Result<CdxComponent, SbomError> {
    // An asset that is not a valid reference (lint says so) names no image.
    let asset = release.assets.first().and_then(|a| a.reference().ok());
    let purl = purl::image_purl(asset.as_ref(), &project.product.id, arch)?;
    let mut image = CdxComponent::new(
        Classification::Container,
        &project.product.id,
        &release.version,
        Some(purl.clone()),
    );
    image.purl = Some(purl_of(&purl));
    image.description = project
        .product
        .description
        .as_ref()
        .map(|d| d.get(Lang::EN).into());
    Ok(image)
}

/// The one encoder of packages: each group is one package (one name and
/// version) with every place it was declared or found, first one first.
/// A declared package says its origin; a found one its catalogers and
/// evidence (`evidence.occurrences` for paths in the image).
pub(crate) fn components(
    groups: &[Vec<&Package>],
    arch: &Arch,
    os: Option<Os>,
) -> Result<Vec<CdxComponent>, SbomError> {
    groups
        .iter()
        .filter(|group| !group.is_empty())
        .map(|group| component(group, arch, os))
        .collect()
}

fn component(group: &[&Package], arch: &Arch, os: Option<Os>) -> Result<CdxComponent, SbomError> {
    let first = group[0];
    let canonical = canonical(first);
    let named = canonical.as_ref().unwrap_or(first);
    let purl = named.purl(arch, os)?;
    let bom_ref = named.bom_ref(purl.as_deref());
    let mut out = CdxComponent::new(
        classification(first),
        &named.key,
        &first.version,
        Some(bom_ref),
    );
    out.purl = purl.as_deref().map(purl_of);
    out.cpe = identity(first)
        .and_then(|c| c.cpe_for(&first.version))
        .map(Cpe::from);
    let name_property = match first.origin {
        Origin::Found(_) => "relnotes:found-name",
        _ => "relnotes:declared-name",
    };
    let mut properties = vec![
        Property::new("relnotes:arch", arch.as_str()),
        Property::new("relnotes:ecosystem", first.ecosystem.as_str()),
        Property::new(name_property, &first.name),
    ];
    let found: Vec<&Evidence> = group.iter().filter_map(|p| p.evidence()).collect();
    if found.is_empty() {
        properties.push(Property::new("relnotes:origin", first.origin.kind()));
        if let Some(shared) = first.origin.shared_version() {
            properties.push(Property::new("relnotes:shared-version", shared));
        }
    }
    let mut catalogers: Vec<&str> = Vec::new();
    for evidence in &found {
        if !catalogers.contains(&evidence.cataloger.as_str()) {
            catalogers.push(&evidence.cataloger);
        }
    }
    for cataloger in catalogers {
        properties.push(Property::new("relnotes:cataloger", cataloger));
    }
    let mut occurrences = Vec::new();
    for evidence in &found {
        match &evidence.layer {
            Some(layer) => {
                occurrences.push(Occurrence::new(&format!("/{}", evidence.location)));
                properties.push(Property::new(PATH_PROPERTY, &evidence.location));
                properties.push(Property::new(LAYER_PROPERTY, layer));
            }
            None => properties.push(Property::new("relnotes:config", &evidence.location)),
        }
    }
    out.properties = Some(Properties(properties));
    if !occurrences.is_empty() {
        out.evidence = Some(ComponentEvidence {
            licenses: None,
            copyright: None,
            occurrences: Some(Occurrences(occurrences)),
            callstack: None,
            identity: None,
        });
    }
    Ok(out)
}

fn purl_of(text: &str) -> Purl {
    text.parse().expect("Purl parses any string")
}

fn metadata_properties(release: &Release, arch: &Arch) -> Vec<Property> {
    let mut out = vec![
        Property::new("relnotes:release", &release.version),
        Property::new("relnotes:arch", arch.as_str()),
    ];
    if let Some(driver) = &release.driver {
        if let Some(cuda) = &driver.cuda {
            out.push(Property::new("relnotes:driver:cuda", cuda));
        }
        if let Some(min) = &driver.min {
            out.push(Property::new("relnotes:driver:min", min));
        }
        for branch in &driver.datacenter {
            out.push(Property::new(
                "relnotes:driver:datacenter",
                &format!("{}>={}", branch.branch, branch.min),
            ));
        }
        for branch in &driver.upgrade_from {
            out.push(Property::new("relnotes:driver:upgrade-from", branch));
        }
        if let Some(cuda) = &driver.not_forward_compatible_with {
            out.push(Property::new(
                "relnotes:driver:not-forward-compatible-with",
                cuda,
            ));
        }
    }
    for asset in &release.assets {
        out.push(Property::new("relnotes:asset", &asset.image));
    }
    for include in &release.includes {
        let value = match &include.detail {
            Some(detail) => format!("{} ({})", include.name, detail.get(Lang::EN)),
            None => include.name.clone(),
        };
        out.push(Property::new("relnotes:include", &value));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ArchChoice, SbomError, pick_archs};

    #[test]
    fn serialised_once_equals_built_then_encoded() {
        let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
        for dir in [root.to_path_buf(), root.join("examples/pytorch-cuda")] {
            let workspace = model::Workspace::open(&dir).unwrap();
            for version in workspace.versions().unwrap() {
                let release = workspace.load(&version, false).unwrap().release;
                for view in release.resolve(&workspace.project) {
                    let once = build_json_of(&workspace.project, &release, &view).unwrap();
                    let bom = build_of(&workspace.project, &release, &view, None).unwrap();
                    let twice = crate::encode(bom, crate::SbomFormat::Json).unwrap();
                    assert_eq!(once, twice, "{version} {}", view.name);
                }
            }
        }
    }

    fn project() -> Project {
        toml::from_str(
            r#"
            languages = ["zh", "en"]
            [product]
            id = "img"
            name = { zh = "img", en = "img" }
            [catalog]
            libc6 = "deb"
            "#,
        )
        .unwrap()
    }

    fn release() -> Release {
        toml::from_str(
            r#"
            version = "1.0"
            archs = ["aarch64", "amd64"]
            title = { zh = "t", en = "t" }
            [components]
            Ubuntu = "24.04"
            libc6 = "2.39-0ubuntu8"
            torch = "2.8"
            [arch.amd64.components]
            torch = "2.9"
            [[includes]]
            name = "Python"
            detail = { zh = "3.10+", en = "3.10+" }
            [[assets]]
            image = "reg.example.com/ns/img:1.0"
            "#,
        )
        .unwrap()
    }

    fn props(c: &CdxComponent) -> Vec<(String, String)> {
        c.properties
            .as_ref()
            .unwrap()
            .0
            .iter()
            .map(|p| (p.name.clone(), p.value.to_string()))
            .collect()
    }

    #[test]
    fn overrides_say_which_version_they_replace() {
        let bom = build(&project(), &release(), &"amd64".parse().unwrap(), None).unwrap();
        let torch = &bom.components.as_ref().unwrap().0[2];
        assert_eq!(
            torch.purl.as_ref().unwrap().to_string(),
            "pkg:pypi/torch@2.9"
        );
        assert_eq!(
            props(torch)[3..],
            [
                ("relnotes:origin".into(), "override".into()),
                ("relnotes:shared-version".into(), "2.8".into())
            ]
        );
    }

    #[test]
    fn deb_packages_are_named_after_the_os_and_platform() {
        let bom = build(&project(), &release(), &"aarch64".parse().unwrap(), None).unwrap();
        let libc = &bom.components.as_ref().unwrap().0[1];
        assert_eq!(libc.component_type, Classification::Library);
        assert_eq!(
            libc.purl.as_ref().unwrap().to_string(),
            "pkg:deb/ubuntu/libc6@2.39-0ubuntu8?arch=arm64&distro=ubuntu-24.04"
        );
    }

    #[test]
    fn includes_are_properties_not_components() {
        let bom = build(&project(), &release(), &"amd64".parse().unwrap(), None).unwrap();
        assert_eq!(bom.components.as_ref().unwrap().0.len(), 3);
        let meta = bom.metadata.as_ref().unwrap();
        let includes: Vec<String> = meta
            .properties
            .as_ref()
            .unwrap()
            .0
            .iter()
            .filter(|p| p.name == "relnotes:include")
            .map(|p| p.value.to_string())
            .collect();
        assert_eq!(includes, ["Python (3.10+)"]);
    }

    #[test]
    fn the_serial_number_follows_the_content() {
        let a = build(&project(), &release(), &"amd64".parse().unwrap(), None).unwrap();
        let again = build(&project(), &release(), &"amd64".parse().unwrap(), None).unwrap();
        let stamped = build(
            &project(),
            &release(),
            &"amd64".parse().unwrap(),
            Some("2025-10-31T00:00:00Z"),
        )
        .unwrap();
        assert_eq!(a.serial_number, again.serial_number);
        assert_ne!(a.serial_number, stamped.serial_number);
    }

    #[test]
    fn archs_are_picked_or_asked_for() {
        let r = release();
        assert_eq!(
            pick_archs(&r, &ArchChoice::All).unwrap(),
            ["aarch64", "amd64"]
        );
        assert_eq!(
            pick_archs(&r, &ArchChoice::One("amd64".into())).unwrap(),
            ["amd64"]
        );
        assert!(matches!(
            pick_archs(&r, &ArchChoice::Only),
            Err(SbomError::ArchRequired { .. })
        ));
        let err = pick_archs(&r, &ArchChoice::One("s390x".into())).unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown architecture `s390x`: 1.0 declares aarch64, amd64\n  = hint: pass --arch with one of: aarch64, amd64, all"
        );
    }
}
