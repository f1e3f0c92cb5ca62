//! `relnotes sbom <VERSION> --from-image [REF]`: a CycloneDX (1.5, 1.6 or 1.7) SBOM of
//! what one platform of the image holds, as the catalogers find it, with
//! the evidence: where each component was found (`evidence.occurrences`)
//! and in which layer (`relnotes:path` / `relnotes:layer` properties).
//!
//! A library the image holds at several versions (cuDNN as a Debian
//! package and as a pip wheel) stays one component per copy, each with
//! its evidence; each says it is one of them and which one a framework
//! loads ([`model::copies`]).
//!
//! Types, purls and bom-refs are the ones `relnotes sbom` gives declared
//! components ([`pages::sbom`]), so a declared and an observed SBOM of the
//! same image can be compared by bom-ref.

use super::ImageAccess;
use crate::Error;
use check::VerifyError;
use cyclonedx_bom::models::component::Classification;
use cyclonedx_bom::models::property::{Properties, Property};
use cyclonedx_bom::prelude::{Bom, Component as CdxComponent, Purl};
use image::{ImageSource, InspectedArch, Platform};
use model::copies::{Copies, copies};
use model::package::{Os, Package, PurlError};
use model::record::{Arch, Project, Release};
use pages::sbom::purl;
use pages::sbom::{self, SbomError};

/// Reads the image's platform of each of `archs` (`image`, or the record's
/// first asset) and describes what it holds: one SBOM per arch, in the
/// order of `archs`; `timestamp` is when the SBOM was made, if it is to say so.
pub(super) fn observed_sboms(
    project: &Project,
    release: &Release,
    archs: &[Arch],
    access: &ImageAccess,
    image: Option<&str>,
    timestamp: Option<&str>,
) -> Result<Vec<Bom>, Error> {
    let opened = access.open(release, image)?;
    let progress = access.progress();
    let mut boms = Vec::with_capacity(archs.len());
    for arch in archs {
        let view = opened
            .read_for_catalog(&Platform::for_arch(arch), progress.as_ref())
            .map_err(VerifyError::from)?;
        let inspected = InspectedArch::from_view(&view);
        boms.push(observed_bom(
            project,
            release,
            arch,
            &view.reference,
            &inspected,
            timestamp,
        )?);
    }
    Ok(boms)
}

/// The SBOM of one platform of an image, read from `reference`.
pub(super) fn observed_bom(
    project: &Project,
    release: &Release,
    arch: &Arch,
    reference: &str,
    image: &InspectedArch,
    timestamp: Option<&str>,
) -> Result<Bom, SbomError> {
    let found = &image.catalog.components;
    let groups = group(found);
    let mut components = sbom::components(&groups, arch, Os::among(found))?;
    mark_copies(&groups, &mut components, &copies(found));

    let container = container(project, release, arch, reference, image)?;
    let mut properties = vec![
        Property::new("relnotes:release", &release.version),
        Property::new("relnotes:arch", arch.as_str()),
        Property::new("relnotes:source", "image"),
        Property::new("relnotes:image", reference),
        Property::new("relnotes:platform", &image.platform.to_string()),
        Property::new("relnotes:manifest", &image.manifest_digest),
    ];
    for layer in &image.layers {
        properties.push(Property::new("relnotes:image-layer", layer));
    }
    sbom::assemble(
        container,
        properties,
        components,
        timestamp,
        sbom::Lifecycle::Observed,
        (release, arch),
    )
}

/// Each component that is one of several copies of a library says so:
/// `relnotes:copy-of` (the library), `relnotes:copies` (how many), and
/// `relnotes:loaded-by` (the framework whose requirements load this copy;
/// `unknown` on every copy when nothing says which one is loaded).
fn mark_copies(groups: &[Vec<&Package>], components: &mut [CdxComponent], all: &[Copies]) {
    for (group, component) in groups.iter().zip(components.iter_mut()) {
        let held = all.iter().find_map(|library| {
            group
                .iter()
                .find_map(|p| library.copy_holding(p))
                .map(|copy| (library, copy))
        });
        let Some((library, copy)) = held else {
            continue;
        };
        let mut properties = vec![
            Property::new("relnotes:copy-of", &library.component),
            Property::new("relnotes:copies", &library.copies.len().to_string()),
        ];
        if library.copies.iter().all(|c| c.loaded_by.is_empty()) {
            properties.push(Property::new("relnotes:loaded-by", "unknown"));
        }
        for framework in &copy.loaded_by {
            properties.push(Property::new("relnotes:loaded-by", framework));
        }
        match &mut component.properties {
            Some(existing) => existing.0.extend(properties),
            None => component.properties = Some(Properties(properties)),
        }
    }
}

/// Observations of one package in one version (a CUDA found in
/// version.json, `CUDA_VERSION` and a label is one package), in catalog
/// order; files before the config within each.
fn group(found: &[Package]) -> Vec<Vec<&Package>> {
    let mut groups: Vec<Vec<&Package>> = Vec::new();
    for p in found {
        let key = |x: &Package| (x.ecosystem, x.key.clone(), x.version.clone());
        match groups.iter_mut().find(|g| key(g[0]) == key(p)) {
            Some(g) => g.push(p),
            None => groups.push(vec![p]),
        }
    }
    for g in &mut groups {
        g.sort_by_key(|p| p.layer().is_none());
    }
    groups
}

/// The image: `container`, named by the product, versioned by the
/// release; its purl names the image read and, as its version, the digest
/// of the platform's manifest.
fn container(
    project: &Project,
    release: &Release,
    arch: &Arch,
    reference: &str,
    image: &InspectedArch,
) -> Result<CdxComponent, SbomError> {
    let named = match ImageSource::parse(reference) {
        Ok(ImageSource::Registry(r)) => Some(r),
        _ => release.assets.first().and_then(|a| a.reference().ok()),
    };
    let image_ref = named
        .map(|r| r.with_digest(&image.manifest_digest))
        .transpose()
        .map_err(|e| {
            SbomError::Purl(PurlError {
                name: project.product.id.clone(),
                reason: e.to_string(),
            })
        })?;
    let purl = purl::image_purl(image_ref.as_ref(), &project.product.id, arch)?;
    let mut out = CdxComponent::new(
        Classification::Container,
        &project.product.id,
        &release.version,
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
    use image::catalog::Catalog;
    use image::{ImageConfig, Platform};
    use model::version::Ecosystem;
    use pages::sbom::SbomFormat;

    fn observed(
        name: &str,
        version: &str,
        eco: Ecosystem,
        cataloger: &str,
        location: &str,
    ) -> Package {
        Package::found(
            name,
            version,
            eco,
            model::package::Evidence {
                cataloger: cataloger.into(),
                location: location.into(),
                layer: (!location.starts_with("config:")).then(|| "sha256:aa".to_string()),
                ..Default::default()
            },
        )
    }

    #[test]
    fn components_carry_their_evidence() {
        let ws = model::record::Workspace::open(std::path::Path::new(env!("CARGO_MANIFEST_DIR")))
            .unwrap();
        let release = ws.load("25.10", false).unwrap().release;
        let image = InspectedArch {
            platform: Platform::for_arch(&"amd64".parse().unwrap()),
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
            &"amd64".parse().unwrap(),
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
