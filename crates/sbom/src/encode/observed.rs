//! The SBOM of what one platform of an image holds, as relnotes' catalogers
//! found it (`relnotes sbom --from-image`, `attach --observed`), with the
//! evidence: where each component was found (`evidence.occurrences`) and
//! in which layer (`relnotes:path` / `relnotes:layer` properties).
//!
//! A library the image holds at several versions (cuDNN as a Debian
//! package and as a pip wheel) stays one component per copy, each with
//! its evidence; each says it is one of them and which one a framework
//! loads ([`model::copies`]).
//!
//! Types, purls and bom-refs are the ones a record's SBOM gives declared
//! components, so a declared and an observed SBOM of the same image can be
//! compared by bom-ref.

use super::build::{assemble, components};
use super::purl::image_purl;
use crate::format::{Lifecycle, SbomError};
use cyclonedx_bom::models::component::Classification;
use cyclonedx_bom::models::property::{Properties, Property};
use cyclonedx_bom::prelude::{Bom, Component as CdxComponent};
use model::{Arch, Copies, ImageRef, Os, Package, Project, Release, copies};

/// One platform of an image as it was read: what the observed SBOM
/// describes.
#[derive(Debug, Clone, Copy)]
pub struct ObservedImage<'a> {
    /// The record's architecture the platform is read for.
    pub arch: &'a Arch,
    /// The image as it was named (`--image`, or the record's first asset).
    pub reference: &'a str,
    /// The image in its registry, pinned to the platform's manifest, when
    /// it has one: its purl's repository, tag and version.
    pub image_ref: Option<&'a ImageRef>,
    /// The platform read (`linux/amd64`).
    pub platform: &'a str,
    /// The digest of the platform's manifest.
    pub manifest_digest: &'a str,
    /// The digests of its layers, bottom first.
    pub layers: &'a [String],
    /// What the catalogers found in it.
    pub found: &'a [Package],
}

/// The SBOM of one platform of an image: the image as `metadata.component`
/// (a `container` named by the product, versioned by the release, whose
/// purl names the image read and, as its version, the platform manifest's
/// digest), each found package once per version with all its evidence.
/// `timestamp` is RFC 3339, or none.
pub fn observed(
    project: &Project,
    release: &Release,
    image: &ObservedImage,
    timestamp: Option<&str>,
) -> Result<Bom, SbomError> {
    let arch = image.arch;
    let found = image.found;
    let groups = group(found);
    let mut components = components(&groups, arch, Os::among(found))?;
    mark_copies(&groups, &mut components, &copies(found));

    let purl = image_purl(image.image_ref, &project.product.id, arch)?;
    let mut container = CdxComponent::new(
        Classification::Container,
        &project.product.id,
        &release.version,
        Some(purl.clone()),
    );
    container.purl = Some(purl.parse().expect("Purl parses any string"));
    let mut properties = vec![
        Property::new("relnotes:release", &release.version),
        Property::new("relnotes:arch", arch.as_str()),
        Property::new("relnotes:source", "image"),
        Property::new("relnotes:image", image.reference),
        Property::new("relnotes:platform", image.platform),
        Property::new("relnotes:manifest", image.manifest_digest),
    ];
    for layer in image.layers {
        properties.push(Property::new("relnotes:image-layer", layer));
    }
    assemble(
        container,
        properties,
        components,
        timestamp,
        Lifecycle::Observed,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SbomFormat;
    use model::Ecosystem;

    fn found(
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
            model::Evidence {
                cataloger: cataloger.into(),
                location: location.into(),
                layer: (!location.starts_with("config:")).then(|| "sha256:aa".to_string()),
                ..Default::default()
            },
        )
    }

    #[test]
    fn components_carry_their_evidence() {
        let root = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
        let ws = model::Workspace::open(root).unwrap();
        let release = ws.load("25.10", false).unwrap().release;
        let digest = "sha256:1234123412341234123412341234123412341234123412341234123412341234";
        let found = [
            found(
                "flash_attn",
                "2.8.3",
                Ecosystem::Pypi,
                "python",
                "usr/lib/python3/dist-packages/flash_attn-2.8.3.dist-info/METADATA",
            ),
            found(
                "libc6",
                "2.39-0ubuntu8.6",
                Ecosystem::Deb,
                "dpkg",
                "var/lib/dpkg/status",
            ),
            found(
                "ubuntu",
                "24.04.3",
                Ecosystem::Os,
                "os-release",
                "usr/lib/os-release",
            ),
            found(
                "cuda",
                "12.8.1",
                Ecosystem::Cuda,
                "cuda",
                "config:env/CUDA_VERSION",
            ),
            found(
                "cuda",
                "12.8.1",
                Ecosystem::Cuda,
                "cuda",
                "usr/local/cuda-12.8/version.json",
            ),
        ];
        let reference = "127.0.0.1:5000/egslingjun/training-nv-pytorch:25.10";
        let image_ref = ImageRef::parse(reference)
            .unwrap()
            .with_digest(digest)
            .unwrap();
        let image = ObservedImage {
            arch: &"amd64".parse().unwrap(),
            reference,
            image_ref: Some(&image_ref),
            platform: "linux/amd64",
            manifest_digest: digest,
            layers: &["sha256:aa".into()],
            found: &found,
        };
        let bom = observed(&ws.project, &release, &image, None).unwrap();
        let json: serde_json::Value =
            serde_json::from_str(&crate::encode(bom, SbomFormat::Json).unwrap()).unwrap();
        let container = &json["metadata"]["component"];
        assert_eq!(
            container["purl"],
            format!(
                "pkg:oci/training-nv-pytorch@{digest}?arch=amd64&repository_url=127.0.0.1:5000%2Fegslingjun%2Ftraining-nv-pytorch&tag=25.10"
            )
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
