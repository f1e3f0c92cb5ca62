//! An image read for the checks: each platform a record's architectures
//! ask for, catalogued into the packages it holds, with the platform's
//! manifest, layers and config. `verify` compares it with a record,
//! `new` and `sync` draft a record from it, and the observed SBOM
//! describes it.

use crate::ImageSource;
use crate::catalog::{self, Catalog};
use crate::{Image, ImageConfig, ImageView, InspectError, Platform, Progress};
use model::{Arch, Project, PurlError, Release};
use sbom::{Bom, SbomError};
use std::collections::BTreeMap;

/// One platform of the image, read and catalogued.
#[derive(Debug, Clone)]
pub struct InspectedArch {
    /// The platform read.
    pub platform: Platform,
    /// The digest of the platform's manifest.
    pub manifest_digest: String,
    /// Layer digests, bottom first.
    pub layers: Vec<String>,
    /// The env and labels of the image config.
    pub config: ImageConfig,
    /// What the catalogers found.
    pub catalog: Catalog,
}

impl InspectedArch {
    /// What this platform holds as an SBOM of `release`'s `arch` (encoded by
    /// [`sbom::observed`]), the platform read from `reference`;
    /// `timestamp` is when the SBOM was made, if it is to say so.
    pub fn sbom(
        &self,
        project: &Project,
        release: &Release,
        arch: &Arch,
        reference: &str,
        timestamp: Option<&str>,
    ) -> Result<Bom, SbomError> {
        // The image read, else the record's first asset, pinned to the
        // platform's manifest: the container's purl.
        let named = match ImageSource::parse(reference) {
            Ok(ImageSource::Registry(r)) => Some(r),
            _ => release.assets.first().and_then(|a| a.reference().ok()),
        };
        let image_ref = named
            .map(|r| r.with_digest(&self.manifest_digest))
            .transpose()
            .map_err(|e| {
                SbomError::Purl(PurlError {
                    name: project.product.id.clone(),
                    reason: e.to_string(),
                })
            })?;
        let observed = sbom::ObservedImage {
            arch,
            reference,
            image_ref: image_ref.as_ref(),
            platform: &self.platform.to_string(),
            manifest_digest: &self.manifest_digest,
            layers: &self.layers,
            found: &self.catalog.components,
        };
        sbom::observed(project, release, &observed, timestamp)
    }

    /// Catalogues a platform the walker read.
    pub fn from_view(view: &ImageView) -> InspectedArch {
        InspectedArch {
            platform: view.platform.clone(),
            manifest_digest: view.manifest_digest.clone(),
            layers: view.layers.clone(),
            config: view.config.clone(),
            catalog: catalog::catalog(view),
        }
    }
}

/// A declared arch and what the image has for it.
#[derive(Debug, Clone)]
pub enum ArchOutcome {
    /// The image has the arch's platform, read and catalogued.
    Read(Box<InspectedArch>),
    /// The image has no platform for the arch.
    Missing {
        /// The platform looked for.
        platform: Platform,
    },
}

/// The image, as far as the comparison needs it.
#[derive(Debug, Clone)]
pub struct Inspected {
    /// The reference it was read from.
    pub reference: String,
    /// Every platform the image holds.
    pub platforms: Vec<Platform>,
    /// Per declared arch name.
    pub archs: BTreeMap<String, ArchOutcome>,
}

/// Reads and catalogues the image's platform of every arch in `archs`; an
/// arch the image has no platform for is [`ArchOutcome::Missing`].
pub fn read_archs(
    image: &Image,
    archs: &[Arch],
    progress: &dyn Progress,
) -> Result<Inspected, InspectError> {
    let mut inspected = Inspected {
        reference: image.reference().to_string(),
        platforms: image.platforms(),
        archs: Default::default(),
    };
    for arch in archs {
        let platform = Platform::for_arch(arch);
        let outcome = match image.read_for_catalog(&platform, progress) {
            Ok(read) => ArchOutcome::Read(Box::new(InspectedArch::from_view(&read))),
            Err(e) if e.is_missing_platform() => ArchOutcome::Missing { platform },
            Err(e) => return Err(e),
        };
        inspected.archs.insert(arch.to_string(), outcome);
    }
    Ok(inspected)
}
