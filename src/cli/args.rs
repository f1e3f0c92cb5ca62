//! Arguments several commands share: how to reach an image, output
//! formats, languages.

use clap::ValueEnum;
use relnotes::{
    CacheSettings, CycloneDxVersion, DiffFormat, Error, PageFormat, SbomFormat, SiteGenerator,
};
use std::path::PathBuf;
use std::time::Duration;

impl AccessArgs {
    /// How to reach the image; with --username, the password from stdin.
    pub fn image_access(&self) -> Result<relnotes::ImageAccess, relnotes::Error> {
        access(
            self.username.clone(),
            self.insecure,
            self.quiet,
            self.reading.clone(),
        )
    }
}

/// How `verify`, `new` and `sync` reach the image.
#[derive(clap::Args)]
pub struct AccessArgs {
    /// Speak plain HTTP to a registry that is not on this machine.
    #[arg(long)]
    pub insecure: bool,
    /// Registry user name; the password is read from stdin.
    #[arg(long, requires = "password_stdin", value_name = "USER")]
    pub username: Option<String>,
    /// Read the registry password from stdin (with --username).
    #[arg(long, requires = "username")]
    pub password_stdin: bool,
    /// No progress bars (and with `verify --all`, no line per release).
    #[arg(short, long)]
    pub quiet: bool,
    #[command(flatten)]
    pub reading: ReadingArgs,
}

/// How long to wait for a registry, and where layer catalogs are kept.
#[derive(clap::Args, Clone)]
pub struct ReadingArgs {
    /// Give up on a registry that stays silent this long, or takes longer
    /// to send a manifest, config or token (default 30).
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
    #[command(flatten)]
    pub cache: CacheArgs,
}

/// [`ReadingArgs`] of `sbom`, where they go with --from-image.
#[derive(clap::Args)]
pub struct SbomReadingArgs {
    /// With --from-image: give up on a registry silent this long, or slower
    /// to send a manifest, config or token (default 30).
    #[arg(long, requires = "from_image", value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
    /// With --from-image: keep layer catalogs in DIR (docs/cache.md).
    #[arg(
        long,
        requires = "from_image",
        value_name = "DIR",
        conflicts_with = "no_cache"
    )]
    pub cache_dir: Option<PathBuf>,
    /// With --from-image: neither read nor write the layer cache.
    #[arg(long, requires = "from_image")]
    pub no_cache: bool,
}

impl From<SbomReadingArgs> for ReadingArgs {
    fn from(args: SbomReadingArgs) -> ReadingArgs {
        ReadingArgs {
            timeout: args.timeout,
            cache: CacheArgs {
                cache_dir: args.cache_dir,
                no_cache: args.no_cache,
            },
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub enum SbomFormatArg {
    Json,
    Xml,
    /// SPDX 2.3 JSON
    SpdxJson,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum SpecVersionArg {
    #[value(name = "1.5")]
    V1_5,
    /// ECMA-424 1st edition, the default
    #[value(name = "1.6")]
    V1_6,
    /// ECMA-424 2nd edition
    #[value(name = "1.7")]
    V1_7,
}

impl From<SpecVersionArg> for CycloneDxVersion {
    fn from(version: SpecVersionArg) -> CycloneDxVersion {
        match version {
            SpecVersionArg::V1_5 => CycloneDxVersion::V1_5,
            SpecVersionArg::V1_6 => CycloneDxVersion::V1_6,
            SpecVersionArg::V1_7 => CycloneDxVersion::V1_7,
        }
    }
}

/// The SBOM formats `relnotes attach` pushes.
#[derive(Clone, Copy, ValueEnum)]
pub enum AttachFormatArg {
    /// CycloneDX JSON
    CyclonedxJson,
    /// SPDX 2.3 JSON
    SpdxJson,
}

impl From<AttachFormatArg> for SbomFormat {
    fn from(format: AttachFormatArg) -> SbomFormat {
        match format {
            AttachFormatArg::CyclonedxJson => SbomFormat::Json,
            AttachFormatArg::SpdxJson => SbomFormat::SpdxJson,
        }
    }
}

/// The docs generators `relnotes site --for` writes pages for.
#[derive(Clone, Copy, ValueEnum)]
pub enum SiteFor {
    /// MkDocs with Material, mkdocs-static-i18n and mkdocs-awesome-nav.
    Mkdocs,
    /// Hugo, with a content directory per language.
    Hugo,
    /// Docusaurus 3, its docs and their translations.
    Docusaurus,
}

impl SiteFor {
    pub fn generator(self) -> SiteGenerator {
        match self {
            SiteFor::Mkdocs => SiteGenerator::MkDocs,
            SiteFor::Hugo => SiteGenerator::Hugo,
            SiteFor::Docusaurus => SiteGenerator::Docusaurus,
        }
    }
}

#[derive(Clone, Copy, ValueEnum)]
pub enum ListFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum PageFormatArg {
    Md,
    Html,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum DiffFormatArg {
    Text,
    Md,
    Html,
    Json,
}

impl From<SbomFormatArg> for SbomFormat {
    fn from(format: SbomFormatArg) -> SbomFormat {
        match format {
            SbomFormatArg::Json => SbomFormat::Json,
            SbomFormatArg::Xml => SbomFormat::Xml,
            SbomFormatArg::SpdxJson => SbomFormat::SpdxJson,
        }
    }
}

impl From<PageFormatArg> for PageFormat {
    fn from(format: PageFormatArg) -> PageFormat {
        match format {
            PageFormatArg::Md => PageFormat::Md,
            PageFormatArg::Html => PageFormat::Html,
        }
    }
}

impl From<DiffFormatArg> for DiffFormat {
    fn from(format: DiffFormatArg) -> DiffFormat {
        match format {
            DiffFormatArg::Text => DiffFormat::Text,
            DiffFormatArg::Md => DiffFormat::Md,
            DiffFormatArg::Html => DiffFormat::Html,
            DiffFormatArg::Json => DiffFormat::Json,
        }
    }
}

/// `--username USER` reads the password from stdin (clap makes
/// `--password-stdin` go with it).
pub fn access(
    username: Option<String>,
    insecure: bool,
    quiet: bool,
    reading: impl Into<ReadingArgs>,
) -> Result<relnotes::ImageAccess, relnotes::Error> {
    let reading = reading.into();
    let access = relnotes::ImageAccess {
        insecure,
        quiet,
        timeout: reading.timeout,
        ..Default::default()
    }
    .with_cache(&reading.cache.settings()?);
    match username {
        Some(user) => Ok(access.with_login(user, std::io::stdin())?),
        None => Ok(access),
    }
}

/// A `--lang` value (a language, or for `render` also `all`), when given.
pub fn lang<T: std::str::FromStr<Err = String>>(
    code: Option<String>,
) -> Result<Option<T>, relnotes::Error> {
    code.as_deref()
        .map(str::parse)
        .transpose()
        .map_err(relnotes::Error::Usage)
}

/// `--timeout SECONDS`: a positive number of seconds (fractions allowed).
fn parse_timeout(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(seconds) if seconds > 0.0 && seconds <= 86_400.0 => Ok(Duration::from_secs_f64(seconds)),
        _ => Err(format!(
            "`{text}` is not a number of seconds between 0 and 86400"
        )),
    }
}

/// Where the layers an image is read from are catalogued (docs/cache.md).
#[derive(clap::Args, Clone, Default)]
pub struct CacheArgs {
    /// Keep layer catalogs in DIR (default: $XDG_CACHE_HOME/relnotes, else ~/.cache/relnotes).
    #[arg(long, value_name = "DIR", conflicts_with = "no_cache")]
    pub cache_dir: Option<PathBuf>,
    /// Neither read nor write the layer cache: read every layer.
    #[arg(long)]
    pub no_cache: bool,
}

impl CacheArgs {
    pub fn settings(&self) -> Result<CacheSettings, Error> {
        Ok(CacheSettings::resolve(
            self.cache_dir.clone(),
            self.no_cache,
        )?)
    }
}
