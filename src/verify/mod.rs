//! `relnotes verify`: confirm against the real image that what a release
//! record declares is what the image holds.
//!
//! Per declared arch, the image's platform is read (only the few files the
//! [catalogers](image::catalog) ask for), catalogued, and compared
//! with the record: every declared component is confirmed, found in
//! another version, or missing (`matching.rs` says how names and versions
//! meet); the record's driver requirements are compared with the image's
//! `NVIDIA_REQUIRE_CUDA`, its environment variables with the image's env.
//! A declared arch the image has no platform for is a finding too.

mod compare;
mod matching;
mod observed_sbom;
mod report;

pub use compare::{ArchOutcome, Inspected, InspectedArch, compare};
pub(crate) use matching::confirms;
pub use matching::{Match, match_component};
pub use observed_sbom::{ObservedSbomOptions, observed_bom, observed_sbom};
pub use report::*;

use image::{self, Image, ImageSource, InspectError, OpenOptions, Platform, Progress};
use model::record::{Arch, ArchView, Project, Release};
use pages::sbom::SbomError;

/// Why `verify` could not start.
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error(
        "unknown architecture `{arch}`: {version} declares {}\n  = hint: pass --arch with one of: {}",
        declared.join(", "),
        declared.join(", ")
    )]
    UnknownArch {
        arch: String,
        version: String,
        declared: Vec<String>,
    },
    #[error(
        "release {version} names no image to verify: its record has no [[assets]] with an `image`\n  = hint: pass --image REF (HOST[:PORT]/REPOSITORY[:TAG], oci:DIR[:TAG] or docker-archive:FILE)"
    )]
    NoImage { version: String },
    /// The image cannot be read: exit 2, with the inspector's hint.
    #[error(transparent)]
    Inspect(Box<InspectError>),
    /// What the image holds does not make an SBOM.
    #[error(transparent)]
    Sbom(#[from] SbomError),
}

impl From<InspectError> for VerifyError {
    fn from(e: InspectError) -> VerifyError {
        VerifyError::Inspect(Box::new(e))
    }
}

/// Which image to read, how, and what to report.
pub struct VerifyOptions<'a> {
    /// The image; `None` means the record's first asset.
    pub image: Option<&'a str>,
    /// One declared arch (or its platform name, `arm64` for `aarch64`);
    /// `None` means every arch the record declares.
    pub arch: Option<&'a str>,
    pub show_undeclared: bool,
    pub open: OpenOptions,
    pub progress: &'a dyn Progress,
}

/// Reads the image's platform of every arch asked for, catalogues it and
/// compares it with `release`. An image that cannot be read is an error;
/// what the comparison finds is in the report.
pub fn run(
    project: &Project,
    release: &Release,
    req: &VerifyOptions,
) -> Result<Report, VerifyError> {
    let views = select_archs(project, release, req.arch)?;
    let image = open_image(release, req.image, &req.open)?;
    let archs: Vec<Arch> = views.iter().map(|v| v.name.clone()).collect();
    let inspected = read_archs(&image, &archs, req.progress)?;
    Ok(compare(release, &views, &inspected, req.show_undeclared))
}

/// The arch views to verify: every arch the release declares, or the one
/// `arch` names (as the record spells it, or by its platform: `arm64`).
pub fn select_archs(
    project: &Project,
    release: &Release,
    arch: Option<&str>,
) -> Result<Vec<ArchView>, VerifyError> {
    let all = release.resolve(project);
    let Some(arch) = arch else {
        return Ok(all);
    };
    let wanted = arch.parse::<Arch>().ok();
    let picked: Vec<ArchView> = all
        .iter()
        .filter(|v| v.name == arch)
        .chain(all.iter().filter(|v| {
            wanted
                .as_ref()
                .is_some_and(|wanted| wanted.same_platform(&v.name))
        }))
        .take(1)
        .cloned()
        .collect();
    if picked.is_empty() {
        return Err(VerifyError::UnknownArch {
            arch: arch.to_string(),
            version: release.version.clone(),
            declared: release.arch_names(),
        });
    }
    Ok(picked)
}

/// Reads and catalogues the image's platform of every arch in `archs`; an
/// arch the image has no platform for is [`ArchOutcome::Missing`].
pub fn read_archs(
    image: &Image,
    archs: &[Arch],
    progress: &dyn Progress,
) -> Result<Inspected, VerifyError> {
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
            Err(e) => return Err(e.into()),
        };
        inspected.archs.insert(arch.to_string(), outcome);
    }
    Ok(inspected)
}

/// Opens `image`, or the record's first asset when none is given.
pub fn open_image(
    release: &Release,
    image: Option<&str>,
    options: &OpenOptions,
) -> Result<Image, VerifyError> {
    let reference = match image {
        Some(image) => image.to_string(),
        None => release
            .assets
            .first()
            .map(|a| a.image.clone())
            .ok_or_else(|| VerifyError::NoImage {
                version: release.version.clone(),
            })?,
    };
    let source = ImageSource::parse(&reference)?;
    Ok(image::open(&source, options)?)
}
