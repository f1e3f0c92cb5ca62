//! The command line: commands, their arguments and help texts.

use clap::{Parser, Subcommand};
use std::path::PathBuf;

mod args;
pub mod cache;
pub mod standalone;
pub mod verify;

pub use args::*;

/// `relnotes --version`: the version, and how this build inflates gzip layers.
fn long_version() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| {
        format!(
            "{}\ngzip layers inflate through {}",
            env!("CARGO_PKG_VERSION"),
            relnotes::INFLATER
        )
    })
}

/// Release notes of container images as data: bilingual pages, diffs,
/// SBOMs, a static site and a check against the real image, all from
/// `releases/<version>.toml`.
#[derive(Parser)]
#[command(name = "relnotes", version, long_version = long_version(), about)]
pub struct Cli {
    /// Work on the project in DIR instead of the one found from here up.
    #[arg(short = 'C', long = "root", global = true, value_name = "DIR")]
    pub root: Option<PathBuf>,
    /// Treat warnings (such as a missing translation) as errors.
    #[arg(long, global = true)]
    pub strict: bool,
    #[command(subcommand)]
    pub command: Invocation,
}

/// The commands: most work on a project, a few on nothing but themselves.
#[derive(Subcommand)]
pub enum Invocation {
    #[command(flatten)]
    Project(Command),
    #[command(flatten)]
    Standalone(standalone::Standalone),
}

#[derive(Subcommand)]
pub enum Command {
    /// List the project's releases, oldest first.
    List {
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// Render a release page.
    Render {
        /// The release, e.g. 25.10.
        version: String,
        /// Language of the page, one of the project's `languages` (a BCP 47
        /// tag); `all` writes one page per language into -o DIR.
        #[arg(long, value_name = "TAG|all")]
        lang: Option<String>,
        #[arg(long, value_enum, default_value_t = PageFormatArg::Md)]
        format: PageFormatArg,
        /// Write to PATH (a directory with --lang all) instead of stdout.
        #[arg(short, long, value_name = "PATH")]
        output: Option<PathBuf>,
        /// Templates to use instead of the project's.
        #[arg(long, value_name = "DIR")]
        templates: Option<PathBuf>,
        /// Overwrite existing files.
        #[arg(long)]
        force: bool,
    },
    /// Show what changed from one release to another.
    Diff {
        from: String,
        to: String,
        /// Only this architecture.
        #[arg(long)]
        arch: Option<String>,
        #[arg(long, value_enum, default_value_t = DiffFormatArg::Text)]
        format: DiffFormatArg,
        /// Language of headings and texts, one of the project's `languages`.
        #[arg(long, value_name = "TAG")]
        lang: Option<String>,
        /// Write to FILE instead of stdout.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// Templates to use instead of the project's (md and html).
        #[arg(long, value_name = "DIR")]
        templates: Option<PathBuf>,
        /// Overwrite an existing file.
        #[arg(long)]
        force: bool,
    },
    /// Write a CycloneDX 1.6 (or 1.5, 1.7) or SPDX 2.3 SBOM of a release, one per architecture.
    Sbom {
        /// The release, e.g. 25.10.
        version: String,
        /// The architecture (image platform) to describe; `all` writes one
        /// SBOM per architecture into -o DIR. Needed when the release has several.
        #[arg(long)]
        arch: Option<String>,
        #[arg(long, value_enum, default_value_t = SbomFormatArg::Json)]
        format: SbomFormatArg,
        /// The CycloneDX version to write: 1.6 when left out (SPDX is 2.3).
        #[arg(long, value_enum)]
        spec_version: Option<SpecVersionArg>,
        /// Write to FILE (or into DIR as <version>-<arch>.cdx.json, .cdx.xml or .spdx.json) instead of stdout.
        #[arg(short, long, value_name = "FILE|DIR")]
        output: Option<PathBuf>,
        /// Record when the SBOM was made: SOURCE_DATE_EPOCH if set, else now.
        #[arg(long)]
        timestamp: bool,
        /// Overwrite existing files.
        #[arg(long)]
        force: bool,
        /// Describe what the image holds instead of what the record declares:
        /// REF, or the record's first asset when REF is left out.
        #[arg(long, value_name = "REF", num_args = 0..=1, default_missing_value = "")]
        from_image: Option<String>,
        /// With --from-image: speak plain HTTP to a registry not on this machine.
        #[arg(long, requires = "from_image")]
        insecure: bool,
        /// With --from-image: registry user name; the password is read from stdin.
        #[arg(long, requires_all = ["from_image", "password_stdin"], value_name = "USER")]
        username: Option<String>,
        /// With --from-image: read the registry password from stdin.
        #[arg(long, requires = "username")]
        password_stdin: bool,
        /// With --from-image: no progress bars.
        #[arg(short, long)]
        quiet: bool,
        #[command(flatten)]
        reading: SbomReadingArgs,
    },
    /// Build every release into a bilingual static site (docs/site.md).
    ///
    /// Exit 0 when written (or, with --check, up to date), 1 when --check
    /// finds the site stale, 2 on bad input.
    Site {
        /// The directory of the site; built beside it and swapped in.
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// Where the site is published, for <link rel="canonical"> only;
        /// navigation is always relative.
        #[arg(long, value_name = "URL")]
        base_url: Option<String>,
        /// Compare DIR with the site as built now, write nothing; exit 1
        /// and list the pages that differ when it is stale.
        #[arg(long)]
        check: bool,
        /// Templates to use instead of the project's.
        #[arg(long, value_name = "DIR")]
        templates: Option<PathBuf>,
        /// Build into a DIR that holds files but no site of relnotes (they are kept).
        #[arg(long)]
        force: bool,
        /// Refuse to build (or check) a site holding a draft record
        /// (`draft = true`): for CI.
        #[arg(long)]
        no_drafts: bool,
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
        /// Write the pages into DIR as a project of this docs generator
        /// (its layout, front matter and navigation; a minimal
        /// configuration where it has none) instead of the static site.
        #[arg(long = "for", value_enum, value_name = "GENERATOR")]
        r#for: Option<args::SiteFor>,
    },
    /// Check the real image against a release: is what the record declares installed?
    ///
    /// Exit 0 when everything declared is confirmed, 1 when something differs
    /// or is missing, 2 when the image cannot be read. With --all, every
    /// release (or a range) in one run, with a release × arch summary.
    Verify(verify::VerifyArgs),
    /// Say whether each release runs on an NVIDIA driver, and why.
    ///
    /// Natively (at or above the release's minimum) or, on data-center GPUs,
    /// through a forward-compatible branch. A question, not a check: exits 0
    /// whatever the answer.
    Compat {
        /// The driver version, as nvidia-smi shows it (e.g. 535.104.05).
        #[arg(long, value_name = "VERSION")]
        driver: String,
        /// The GPU is a data-center GPU (forward compatibility applies).
        #[arg(long)]
        datacenter: bool,
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// Check the claims of release records: upgrades, driver texts, assets.
    ///
    /// Exit 1 when a finding is an error, 0 otherwise.
    Lint {
        /// Releases to check (default: all).
        versions: Vec<String>,
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// Turn published release-notes pages (text, Markdown or HTML) into
    /// releases/<VERSION>.toml, each to the version it states; all pages or
    /// none are written.
    Import {
        /// The pages to read; a directory stands for the files in it, by name.
        #[arg(required = true, value_name = "PAGE")]
        pages: Vec<PathBuf>,
        /// The release the page describes, e.g. 25.10 (one page only;
        /// default: the version the page states).
        #[arg(long)]
        version: Option<String>,
        /// Import every release of a page that holds several (a changelog),
        /// each to its own record (default: the first, with a warning).
        #[arg(long)]
        all: bool,
        /// Of a table with several version columns (gpu | cpu, x86_64 |
        /// arm64, two images side by side), the one to read, by its head
        /// (default: the release's own column, else one a GPU image takes,
        /// else the first; the report says which).
        #[arg(long, value_name = "NAME")]
        column: Option<String>,
        /// Language of the pages, one of the project's `languages` (default:
        /// each page's own); a page in another language of an existing record
        /// is merged into it.
        #[arg(long, value_name = "TAG")]
        lang: Option<String>,
        /// Replace an existing record.
        #[arg(long)]
        force: bool,
        /// Print each record and its report; write nothing.
        #[arg(long)]
        dry_run: bool,
        /// List the lines of each page that were placed nowhere.
        #[arg(long)]
        verbose: bool,
        /// The report as text (on stderr) or JSON (on stdout, the lines
        /// placed nowhere included).
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// Draft releases/<VERSION>.toml from the image, and from the record of
    /// PREV with --from (docs/draft.md): components at the versions the
    /// image holds, its driver facts, generated change lines; marked `draft
    /// = true`
    New {
        /// The new release, e.g. 25.11.
        version: String,
        /// The release to start from; without it, the record declares the
        /// components data/components.toml knows that the image holds.
        #[arg(long, value_name = "PREV")]
        from: Option<String>,
        /// The image: HOST[:PORT]/REPOSITORY[:TAG|@DIGEST], oci:DIR[:TAG] or
        /// docker-archive:FILE.
        #[arg(long, value_name = "REF")]
        image: String,
        /// Also declare these components, at the versions the image holds.
        #[arg(long, value_name = "NAME", num_args = 1..)]
        add: Vec<String>,
        /// Replace an existing record.
        #[arg(long)]
        force: bool,
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
        #[command(flatten)]
        access: AccessArgs,
    },
    /// Bring a record's component versions and driver facts to what the
    /// image holds, editing the TOML in place (comments and order kept).
    Sync {
        /// The release, e.g. 25.10.
        version: String,
        /// The image: HOST[:PORT]/REPOSITORY[:TAG|@DIGEST], oci:DIR[:TAG] or
        /// docker-archive:FILE.
        #[arg(long, value_name = "REF")]
        image: String,
        /// Print what would change, write nothing.
        #[arg(long)]
        dry_run: bool,
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
        #[command(flatten)]
        access: AccessArgs,
    },
    /// Attach the declared SBOM of each architecture to that platform's
    /// manifest in the registry, as an OCI referrer (docs/attach.md).
    Attach(AttachArgs),
    /// List what is attached to each platform of an image in a registry
    /// (OCI referrers: SBOMs, signatures, attestations).
    Referrers(ReferrersArgs),
}

#[derive(clap::Args)]
pub struct AttachArgs {
    /// The release, e.g. 25.10.
    pub version: String,
    /// The image: HOST[:PORT]/REPOSITORY[:TAG|@DIGEST].
    #[arg(long, value_name = "REF")]
    pub image: String,
    /// Also attach the SBOM of what the image holds, as verify finds it.
    #[arg(long)]
    pub observed: bool,
    /// The SBOMs' format: CycloneDX JSON (artifact type
    /// application/vnd.cyclonedx+json) or SPDX 2.3 JSON (application/spdx+json).
    #[arg(long, value_enum, default_value_t = args::AttachFormatArg::CyclonedxJson)]
    pub sbom_format: args::AttachFormatArg,
    /// The CycloneDX version to write: 1.6 when left out.
    #[arg(long, value_enum)]
    pub spec_version: Option<SpecVersionArg>,
    /// Also attest each SBOM, signed by this private key (PEM: cosign's
    /// cosign.key, its password in COSIGN_PASSWORD, or PKCS #8; ECDSA P-256
    /// or Ed25519), where cosign keeps attestations (tag sha256-HEX.att).
    #[arg(long, value_name = "KEY")]
    pub sign_key: Option<std::path::PathBuf>,
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
    #[command(flatten)]
    pub access: AccessArgs,
    /// COSIGN_PASSWORD, as cosign reads it.
    #[arg(skip = std::env::var("COSIGN_PASSWORD").unwrap_or_default())]
    pub sign_key_password: String,
}

#[derive(clap::Args)]
pub struct ReferrersArgs {
    /// The image: HOST[:PORT]/REPOSITORY[:TAG|@DIGEST].
    #[arg(long, value_name = "REF")]
    pub image: String,
    #[arg(long, value_enum, default_value_t = ListFormat::Text)]
    pub format: ListFormat,
    #[command(flatten)]
    pub access: AccessArgs,
}

impl AttachArgs {
    pub fn request(&self) -> Result<relnotes::AttachRequest<'_>, relnotes::Error> {
        let format = self.sbom_format.into();
        if format == relnotes::SbomFormat::SpdxJson && self.spec_version.is_some() {
            return Err(relnotes::Error::Usage(
                "--spec-version chooses a CycloneDX version; --sbom-format spdx-json writes SPDX 2.3"
                    .into(),
            ));
        }
        Ok(relnotes::AttachRequest {
            version: &self.version,
            image: &self.image,
            observed: self.observed,
            format,
            spec_version: self.spec_version.map(Into::into).unwrap_or_default(),
            access: self.access.image_access()?,
            sign_key: self.sign_key.as_deref(),
            sign_key_password: self.sign_key_password.as_bytes(),
        })
    }
}
