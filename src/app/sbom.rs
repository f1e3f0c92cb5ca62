//! `relnotes sbom`: what a release declares, or what its image holds.

use super::observed_sbom::observed_sboms;
use super::{Destination, Outcome, Session};
use crate::Error;
use image::ImageAccess;
use model::{Arch, OutputFile};
use sbom::Bom;
use sbom::{ArchChoice, CycloneDxVersion, SbomFormat};

/// What an SBOM describes.
#[derive(Debug, Clone, Default)]
pub enum SbomSource {
    /// The components the record declares.
    #[default]
    Record,
    /// What the image holds, as the catalogers find it (`--from-image`).
    Image {
        /// `None` means the record's first asset.
        reference: Option<String>,
        /// How to reach the image.
        access: ImageAccess,
    },
}

/// What `relnotes sbom` is asked.
pub struct SbomRequest<'a> {
    /// The release, e.g. `25.10`.
    pub version: &'a str,
    /// The record's components, or what the image holds.
    pub source: SbomSource,
    /// The architectures to describe, one SBOM each.
    pub arch: ArchChoice,
    /// CycloneDX JSON or XML, or SPDX 2.3 JSON.
    pub format: SbomFormat,
    /// CycloneDX 1.6 (the default), 1.5 or 1.7.
    pub spec_version: CycloneDxVersion,
    /// A file, or a directory for `<version>-<arch>.cdx.<format>` files
    /// (`<version>-<arch>.image.cdx.<format>` of an image).
    pub destination: Destination,
    /// Stamp the SBOM with `SOURCE_DATE_EPOCH`, else the current time.
    pub timestamp: bool,
}

/// `relnotes sbom`: a CycloneDX or SPDX SBOM per image platform (architecture).
pub fn sbom(session: &mut Session, req: &SbomRequest) -> Result<Outcome, Error> {
    let loaded = session.load(req.version)?;
    let (project, release) = (&session.workspace.project, &loaded.release);
    let archs = sbom::pick_archs(release, &req.arch)?;
    let all = req.arch == ArchChoice::All;
    if all && req.destination == Destination::Stdout {
        return Err(Error::Usage(
            "--arch all writes one SBOM per architecture: pass -o DIR to choose where".into(),
        ));
    }
    let mut timestamp = req.timestamp.then(sbom::timestamp_from_env).transpose()?;
    if timestamp.is_none() && req.format == SbomFormat::SpdxJson {
        // SPDX requires a creation time: the release's date keeps it
        // reproducible.
        timestamp = sbom::release_time(release.date.as_deref());
    }
    let boms: Vec<Bom> = match &req.source {
        SbomSource::Record => archs
            .iter()
            .map(|arch| sbom::build(project, release, arch, timestamp.as_deref()))
            .collect::<Result<_, _>>()?,
        SbomSource::Image { reference, access } => observed_sboms(
            project,
            release,
            &archs,
            access,
            reference.as_deref(),
            timestamp.as_deref(),
        )?,
    };
    let mut files = Vec::new();
    for (arch, bom) in archs.iter().zip(boms) {
        let text = sbom::encode_as(bom, req.format, req.spec_version)?;
        let path = match &req.destination {
            Destination::Stdout => return Ok(Outcome::Stdout(text)),
            Destination::Path(dir) if all || dir.is_dir() => {
                dir.join(req.source.file_name(req.version, arch, req.format))
            }
            Destination::Path(path) => path.clone(),
        };
        files.push(OutputFile {
            path,
            bytes: text.into_bytes(),
        });
    }
    Ok(Outcome::Files(files))
}

impl SbomSource {
    /// `<version>-<arch>.cdx.json`, and for an image
    /// `<version>-<arch>.image.cdx.json`: beside the record's SBOM, not over it.
    pub(crate) fn file_name(&self, version: &str, arch: &Arch, format: SbomFormat) -> String {
        match self {
            SbomSource::Record => sbom::file_name(version, arch, format),
            SbomSource::Image { .. } => format!("{version}-{arch}.image.{}", format.extension()),
        }
    }
}
