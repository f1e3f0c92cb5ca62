//! `relnotes verify`'s arguments: one release, or with `--all` every
//! release of the project (or a range of them).

use super::args::{AccessArgs, ListFormat};
use model::terminal_safe;
use relnotes::PackageSource;
use relnotes::{Error, VerifyAllRequest, VerifyRequest};

#[derive(clap::Args)]
pub struct VerifyArgs {
    /// The release, e.g. 25.10.
    #[arg(required_unless_present = "all", conflicts_with = "all")]
    pub version: Option<String>,
    /// Verify every release, oldest first (or --from/--to a range), each
    /// against its record's first asset or --image-template.
    #[arg(long)]
    pub all: bool,
    /// With --all: the first release to verify (inclusive).
    #[arg(
        long,
        requires = "all",
        conflicts_with = "version",
        value_name = "VERSION"
    )]
    pub from: Option<String>,
    /// With --all: the last release to verify (inclusive).
    #[arg(
        long,
        requires = "all",
        conflicts_with = "version",
        value_name = "VERSION"
    )]
    pub to: Option<String>,
    /// The image: HOST[:PORT]/REPOSITORY[:TAG|@DIGEST], oci:DIR[:TAG] or
    /// docker-archive:FILE. Default: the record's first asset.
    #[arg(long, value_name = "REF", conflicts_with = "all")]
    pub image: Option<String>,
    /// With --all: each release's image, `{version}` filled in, e.g.
    /// 'registry.example.com/team/image:{version}'.
    #[arg(
        long,
        requires = "all",
        conflicts_with = "version",
        value_name = "TEMPLATE"
    )]
    pub image_template: Option<String>,
    /// Only this architecture (default: every one the record declares).
    #[arg(long)]
    pub arch: Option<String>,
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
    /// Also list what the image holds that the record does not declare.
    #[arg(long, conflicts_with = "all")]
    pub show_undeclared: bool,
    /// Where the image's packages are read: its layers (every layer
    /// fetched), or the SBOM attached to it, trusted as it is: BuildKit's
    /// SBOM attestations in the image index, or SPDX/CycloneDX referrers.
    #[arg(long, value_enum, default_value_t = PackageSourceArg::Layers, conflicts_with = "all")]
    pub sbom_source: PackageSourceArg,
    /// With --sbom-source attestation: read only the attestations signed
    /// by this public key (PEM: cosign.pub, ECDSA P-256 or Ed25519), as
    /// `cosign attest --key` and `relnotes attach --sign-key` write them.
    #[arg(long, value_name = "PUB", conflicts_with = "all")]
    pub key: Option<std::path::PathBuf>,
    #[command(flatten)]
    pub access: AccessArgs,
}

#[derive(Clone, Copy, clap::ValueEnum)]
pub enum PackageSourceArg {
    Layers,
    Attestation,
    Referrers,
}

impl From<PackageSourceArg> for PackageSource {
    fn from(source: PackageSourceArg) -> PackageSource {
        match source {
            PackageSourceArg::Layers => PackageSource::Layers,
            PackageSourceArg::Attestation => PackageSource::Attestation,
            PackageSourceArg::Referrers => PackageSource::Referrers,
        }
    }
}

/// One release, or the catalogue.
pub enum VerifyCall<'a> {
    One(VerifyRequest<'a>),
    All(VerifyAllRequest<'a>),
}

impl VerifyArgs {
    /// The request, with the password read from stdin for --username.
    pub fn request(&self) -> Result<VerifyCall<'_>, Error> {
        let access = self.access.image_access()?;
        if !self.all {
            return Ok(VerifyCall::One(VerifyRequest {
                // clap requires the version without --all.
                version: self.version.as_deref().unwrap_or_default(),
                image: self.image.as_deref(),
                arch: self.arch.as_deref(),
                show_undeclared: self.show_undeclared,
                source: self.sbom_source.into(),
                access,
                key: self.key.as_deref(),
            }));
        }
        let tell: &dyn Fn(&str) = &say;
        Ok(VerifyCall::All(VerifyAllRequest {
            from: self.from.as_deref(),
            to: self.to.as_deref(),
            image_template: self.image_template.as_deref(),
            arch: self.arch.as_deref(),
            access,
            on_release: (!self.access.quiet).then_some(tell),
        }))
    }
}

/// A line of progress on stderr, escaped for the terminal.
fn say(line: &str) {
    eprintln!("{}", terminal_safe(line));
}
