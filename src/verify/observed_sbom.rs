//! `relnotes sbom <VERSION> --from-image [REF]`: a CycloneDX 1.5 SBOM of
//! what one platform of the image holds, as the catalogers find it, with
//! the evidence: where each component was found (`evidence.occurrences`)
//! and in which layer (`relnotes:path` / `relnotes:layer` properties).
//!
//! Types, purls and bom-refs are the ones `relnotes sbom` gives declared
//! components ([`crate::sbom`]), so a declared and an observed SBOM of the
//! same image can be compared by bom-ref.

use super::{InspectedArch, VerifyError, open_image};
use crate::inspect::{ImageSource, Observed, OpenOptions, Platform, Progress, catalog};
use crate::record::{Component, Origin, Project, Release};
use crate::sbom::purl::{self, Os};
use crate::sbom::{self, ArchChoice, SbomError, SbomFormat};
use crate::version::Ecosystem;
use crate::{Destination, Error, Outcome, Session, output};
use cyclonedx_bom::models::component::{
    Classification, ComponentEvidence, Occurrence, Occurrences,
};
use cyclonedx_bom::models::property::{Properties, Property};
use cyclonedx_bom::prelude::{Bom, Component as CdxComponent, Purl};

/// What `relnotes sbom --from-image` is asked.
pub struct ObservedSbomRequest<'a> {
    pub version: &'a str,
    /// The image; `None` means the record's first asset.
    pub image: Option<&'a str>,
    pub arch: ArchChoice,
    pub format: SbomFormat,
    /// A file, or a directory for `<version>-<arch>.image.cdx.<format>` files.
    pub destination: Destination,
    pub timestamp: bool,
    pub open: OpenOptions,
    pub progress: &'a dyn Progress,
}

/// Reads the image's platform of every arch asked for and writes what it
/// holds as an SBOM.
pub fn observed_sbom(session: &mut Session, req: &ObservedSbomRequest) -> Result<Outcome, Error> {
    let loaded = session.load(req.version)?;
    let release = &loaded.release;
    let archs = sbom::pick_archs(release, &req.arch)?;
    let all = req.arch == ArchChoice::All;
    if all && req.destination == Destination::Stdout {
        return Err(Error::Usage(
            "--arch all writes one SBOM per architecture: pass -o DIR to choose where".into(),
        ));
    }
    let timestamp = match req.timestamp {
        true => Some(sbom::timestamp_from_env()?),
        false => None,
    };
    let image = open_image(release, req.image, &req.open)?;
    let mut files = Vec::new();
    for arch in &archs {
        let view = image
            .read(&Platform::for_arch(arch), &catalog::wants, req.progress)
            .map_err(VerifyError::from)?;
        let inspected = InspectedArch::from_view(&view);
        let bom = observed_bom(
            &session.workspace.project,
            release,
            arch,
            &view.reference,
            &inspected,
            timestamp.as_deref(),
        )?;
        let text = sbom::encode(bom, req.format)?;
        let path = match &req.destination {
            Destination::Stdout => return Ok(Outcome::Stdout(text)),
            Destination::Path(path) if all || path.is_dir() => path.join(format!(
                "{}-{arch}.image.{}",
                req.version,
                req.format.extension()
            )),
            Destination::Path(path) => path.clone(),
        };
        files.push(output::OutputFile {
            path,
            bytes: text.into_bytes(),
        });
    }
    Ok(Outcome::Files(files))
}

/// The SBOM of one platform of an image, read from `reference`.
pub fn observed_bom(
    project: &Project,
    release: &Release,
    arch: &str,
    reference: &str,
    image: &InspectedArch,
    timestamp: Option<&str>,
) -> Result<Bom, SbomError> {
    let os = image
        .catalog
        .components
        .iter()
        .find(|o| o.ecosystem == Ecosystem::Os);
    let os_key = os.map(|o| o.ecosystem.normalize_name(&o.name));
    let os = os.zip(os_key.as_deref()).map(|(o, name)| Os {
        name,
        version: &o.version,
    });
    let mut components = Vec::new();
    for group in group(&image.catalog.components) {
        components.push(component(&group, arch, os)?);
    }

    let container = container(project, release, arch, reference, image)?;
    let mut properties = vec![
        Property::new("relnotes:release", release.version.get_ref()),
        Property::new("relnotes:arch", arch),
        Property::new("relnotes:source", "image"),
        Property::new("relnotes:image", reference),
        Property::new("relnotes:platform", &image.platform.to_string()),
        Property::new("relnotes:manifest", &image.manifest_digest),
    ];
    for layer in &image.layers {
        properties.push(Property::new("relnotes:image-layer", layer));
    }
    sbom::assemble(container, properties, components, timestamp, release, arch)
}

/// Observations of one component in one version (a CUDA found in
/// version.json, `CUDA_VERSION` and a label is one component), in catalog
/// order; files before the config within each.
fn group(observed: &[Observed]) -> Vec<Vec<&Observed>> {
    let mut groups: Vec<Vec<&Observed>> = Vec::new();
    for o in observed {
        let key = |x: &Observed| {
            (
                x.ecosystem,
                x.ecosystem.normalize_name(&x.name),
                x.version.clone(),
            )
        };
        match groups.iter_mut().find(|g| key(g[0]) == key(o)) {
            Some(g) => g.push(o),
            None => groups.push(vec![o]),
        }
    }
    for g in &mut groups {
        g.sort_by_key(|o| o.layer.is_none());
    }
    groups
}

fn component(group: &[&Observed], arch: &str, os: Option<Os>) -> Result<CdxComponent, SbomError> {
    let first = group[0];
    let declared = Component {
        name: first.name.clone(),
        key: first.ecosystem.normalize_name(&first.name),
        version: first.version.clone(),
        ecosystem: first.ecosystem,
        origin: Origin::Shared,
    };
    let purl = purl::component_purl(&declared, arch, os)?;
    let bom_ref = purl::bom_ref(&declared, purl.as_deref());
    let mut out = CdxComponent::new(
        sbom::classification(declared.ecosystem),
        &declared.key,
        &declared.version,
        Some(bom_ref),
    );
    out.purl = purl.as_deref().map(purl_of);
    let mut properties = vec![
        Property::new("relnotes:arch", arch),
        Property::new("relnotes:ecosystem", declared.ecosystem.as_str()),
        Property::new("relnotes:found-name", &first.name),
    ];
    let mut catalogers: Vec<&str> = Vec::new();
    for o in group {
        if !catalogers.contains(&o.cataloger.as_str()) {
            catalogers.push(&o.cataloger);
        }
    }
    for cataloger in catalogers {
        properties.push(Property::new("relnotes:cataloger", cataloger));
    }
    let mut occurrences = Vec::new();
    for o in group {
        match &o.layer {
            Some(layer) => {
                occurrences.push(Occurrence::new(&format!("/{}", o.location)));
                properties.push(Property::new("relnotes:path", &o.location));
                properties.push(Property::new("relnotes:layer", layer));
            }
            None => properties.push(Property::new("relnotes:config", &o.location)),
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

/// The image: `container`, named by the product, versioned by the
/// release; its purl names the image read and, as its version, the digest
/// of the platform's manifest.
fn container(
    project: &Project,
    release: &Release,
    arch: &str,
    reference: &str,
    image: &InspectedArch,
) -> Result<CdxComponent, SbomError> {
    let named = match ImageSource::parse(reference) {
        Ok(ImageSource::Registry(r)) => Some(r),
        _ => release.assets.first().and_then(|a| a.image.parse().ok()),
    };
    let image_ref = named
        .map(|r| r.with_digest(&image.manifest_digest))
        .transpose()
        .map_err(|e| SbomError::Purl {
            name: project.product.id.clone(),
            reason: e.to_string(),
        })?;
    let purl = purl::image_purl(image_ref.as_ref(), &project.product.id, arch)?;
    let mut out = CdxComponent::new(
        Classification::Container,
        &project.product.id,
        release.version.get_ref(),
        Some(purl.clone()),
    );
    out.purl = Some(purl_of(&purl));
    Ok(out)
}

fn purl_of(text: &str) -> Purl {
    text.parse().expect("Purl parses any string")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inspect::catalog::Catalog;
    use crate::inspect::{ImageConfig, Platform};

    fn observed(
        name: &str,
        version: &str,
        eco: Ecosystem,
        cataloger: &str,
        location: &str,
    ) -> Observed {
        Observed {
            name: name.into(),
            version: version.into(),
            ecosystem: eco,
            cataloger: cataloger.into(),
            location: location.into(),
            layer: (!location.starts_with("config:")).then(|| "sha256:aa".to_string()),
        }
    }

    #[test]
    fn components_carry_their_evidence() {
        let ws = crate::record::Workspace::open(std::path::Path::new(env!("CARGO_MANIFEST_DIR")))
            .unwrap();
        let release = ws.load("25.10", false).unwrap().release;
        let image = InspectedArch {
            platform: Platform::for_arch("amd64"),
            manifest_digest:
                "sha256:1234123412341234123412341234123412341234123412341234123412341234".into(),
            layers: vec!["sha256:aa".into()],
            config: ImageConfig::default(),
            catalog: Catalog {
                components: vec![
                    observed(
                        "flash_attn",
                        "2.8.3",
                        Ecosystem::Pypi,
                        "python",
                        "usr/lib/python3/dist-packages/flash_attn-2.8.3.dist-info/METADATA",
                    ),
                    observed(
                        "libc6",
                        "2.39-0ubuntu8.6",
                        Ecosystem::Deb,
                        "dpkg",
                        "var/lib/dpkg/status",
                    ),
                    observed(
                        "ubuntu",
                        "24.04.3",
                        Ecosystem::Os,
                        "os-release",
                        "usr/lib/os-release",
                    ),
                    observed(
                        "cuda",
                        "12.8.1",
                        Ecosystem::Cuda,
                        "cuda",
                        "config:env/CUDA_VERSION",
                    ),
                    observed(
                        "cuda",
                        "12.8.1",
                        Ecosystem::Cuda,
                        "cuda",
                        "usr/local/cuda-12.8/version.json",
                    ),
                ],
                requirement: None,
                problems: Vec::new(),
            },
        };
        let bom = observed_bom(
            &ws.project,
            &release,
            "amd64",
            "127.0.0.1:5000/egslingjun/training-nv-pytorch:25.10",
            &image,
            None,
        )
        .unwrap();
        let json: serde_json::Value =
            serde_json::from_str(&sbom::encode(bom, SbomFormat::Json).unwrap()).unwrap();
        let container = &json["metadata"]["component"];
        assert_eq!(
            container["purl"],
            "pkg:oci/training-nv-pytorch@sha256:1234123412341234123412341234123412341234123412341234123412341234?arch=amd64&repository_url=127.0.0.1:5000%2Fegslingjun%2Ftraining-nv-pytorch&tag=25.10"
        );
        let components = json["components"].as_array().unwrap();
        assert_eq!(
            components.len(),
            4,
            "CUDA's two observations are one component"
        );
        assert_eq!(components[0]["purl"], "pkg:pypi/flash-attn@2.8.3");
        assert_eq!(
            components[0]["evidence"]["occurrences"][0]["location"],
            "/usr/lib/python3/dist-packages/flash_attn-2.8.3.dist-info/METADATA"
        );
        assert_eq!(
            components[1]["purl"],
            "pkg:deb/ubuntu/libc6@2.39-0ubuntu8.6?arch=amd64&distro=ubuntu-24.04.3"
        );
        let cuda = &components[3];
        assert_eq!(cuda["type"], "framework");
        let props: Vec<(String, String)> = cuda["properties"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["name"].as_str().unwrap().into(),
                    p["value"].as_str().unwrap().into(),
                )
            })
            .collect();
        assert_eq!(
            props[3..],
            [
                ("relnotes:cataloger".into(), "cuda".into()),
                (
                    "relnotes:path".into(),
                    "usr/local/cuda-12.8/version.json".into()
                ),
                ("relnotes:layer".into(), "sha256:aa".into()),
                ("relnotes:config".into(), "config:env/CUDA_VERSION".into()),
            ]
        );
    }
}
