use clap::{Parser, Subcommand, ValueEnum};
use relnotes::record::Lang;
use relnotes::{Destination, Error, LangChoice, Outcome, Session};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Release notes of container images as data: bilingual pages, diffs,
/// SBOMs, a static site and a check against the real image, all from
/// `releases/<version>.toml`.
#[derive(Parser)]
#[command(name = "relnotes", version, about)]
struct Cli {
    /// Work on the project in DIR instead of the one found from here up.
    #[arg(short = 'C', long = "root", global = true, value_name = "DIR")]
    root: Option<PathBuf>,
    /// Treat warnings (such as a missing translation) as errors.
    #[arg(long, global = true)]
    strict: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the project's releases, oldest first.
    List {
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// Render a release page.
    Render {
        /// The release, e.g. 25.10.
        version: String,
        /// Language of the page; `all` writes one page per language into -o DIR.
        #[arg(long, value_parser = ["zh", "en", "all"])]
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
        /// Language of headings and texts.
        #[arg(long, value_parser = ["zh", "en"])]
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
    /// Write a CycloneDX 1.5 SBOM of a release, one per architecture.
    Sbom {
        /// The release, e.g. 25.10.
        version: String,
        /// The architecture (image platform) to describe; `all` writes one
        /// SBOM per architecture into -o DIR. Needed when the release has several.
        #[arg(long)]
        arch: Option<String>,
        #[arg(long, value_enum, default_value_t = SbomFormatArg::Json)]
        format: SbomFormatArg,
        /// Write to FILE (or into DIR as <version>-<arch>.cdx.<format>) instead of stdout.
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
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// Check the real image against a release: is what the record declares installed?
    ///
    /// Exit 0 when everything declared is confirmed, 1 when something differs
    /// or is missing, 2 when the image cannot be read.
    Verify {
        /// The release, e.g. 25.10.
        version: String,
        /// The image: HOST[:PORT]/REPOSITORY[:TAG|@DIGEST], oci:DIR[:TAG] or
        /// docker-archive:FILE. Default: the record's first asset.
        #[arg(long, value_name = "REF")]
        image: Option<String>,
        /// Only this architecture (default: every one the record declares).
        #[arg(long)]
        arch: Option<String>,
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
        /// Also list what the image holds that the record does not declare.
        #[arg(long)]
        show_undeclared: bool,
        /// Speak plain HTTP to a registry that is not on this machine.
        #[arg(long)]
        insecure: bool,
        /// Registry user name; the password is read from stdin.
        #[arg(long, requires = "password_stdin", value_name = "USER")]
        username: Option<String>,
        /// Read the registry password from stdin (with --username).
        #[arg(long, requires = "username")]
        password_stdin: bool,
        /// No progress bars.
        #[arg(short, long)]
        quiet: bool,
    },
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
    /// Turn a published release-notes page (text, Markdown or HTML) into
    /// releases/<VERSION>.toml.
    Import {
        /// The page to read.
        page: PathBuf,
        /// The release the page describes, e.g. 25.10.
        #[arg(long)]
        version: String,
        /// Language of the page; a page in the other language of an existing
        /// record is merged into it.
        #[arg(long, value_parser = ["zh", "en"], default_value = "zh")]
        lang: String,
        /// Replace an existing record.
        #[arg(long)]
        force: bool,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum SbomFormatArg {
    Json,
    Xml,
}

#[derive(Clone, Copy, ValueEnum)]
enum ListFormat {
    Text,
    Json,
}

#[derive(Clone, Copy, ValueEnum)]
enum PageFormatArg {
    Md,
    Html,
}

#[derive(Clone, Copy, ValueEnum)]
enum DiffFormatArg {
    Text,
    Md,
    Html,
    Json,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    let mut session = None;
    let result = run(cli, &mut session);
    if let Some(session) = &session {
        for warning in &session.warnings {
            eprintln!("{warning}");
        }
    }
    match result {
        Ok(code) => code,
        Err(e) => {
            // Located diagnostics carry their own `path:line:col: error:` prefix.
            if e.is_located() {
                eprintln!("{e}");
            } else {
                eprintln!("error: {e}");
            }
            ExitCode::from(e.exit_code() as u8)
        }
    }
}

fn run(cli: Cli, slot: &mut Option<Session>) -> Result<ExitCode, Error> {
    let session = slot.insert(Session::open(cli.root.as_deref(), cli.strict)?);
    match cli.command {
        Command::List { format } => {
            let releases = relnotes::list_releases(session)?;
            let text = match format {
                ListFormat::Json => {
                    serde_json::to_string_pretty(&releases).expect("serializable") + "\n"
                }
                ListFormat::Text => {
                    relnotes_list_text(&releases, session.workspace.default_language())
                }
            };
            print(&text);
        }
        Command::Render {
            version,
            lang,
            format,
            output,
            templates,
            force,
        } => {
            let lang = match lang.as_deref() {
                Some("all") => LangChoice::All,
                Some(code) => LangChoice::One(code.parse::<Lang>().map_err(Error::Usage)?),
                None => LangChoice::One(session.workspace.default_language()),
            };
            let format = match format {
                PageFormatArg::Md => relnotes::render::PageFormat::Md,
                PageFormatArg::Html => relnotes::render::PageFormat::Html,
            };
            let request = relnotes::RenderRequest {
                version: &version,
                lang,
                format,
                templates: templates.as_deref(),
                destination: output.map_or(Destination::Stdout, Destination::Path),
            };
            match relnotes::render_release(session, &request)? {
                Outcome::Stdout(text) => print(&text),
                Outcome::Files(files) => relnotes::output::write_all(&files, force)?,
            }
        }
        Command::Diff {
            from,
            to,
            arch,
            format,
            lang,
            output,
            templates,
            force,
        } => {
            let lang = match lang {
                Some(code) => code.parse::<Lang>().map_err(Error::Usage)?,
                None => session.workspace.default_language(),
            };
            let format = match format {
                DiffFormatArg::Text => relnotes::diff::DiffFormat::Text,
                DiffFormatArg::Md => relnotes::diff::DiffFormat::Md,
                DiffFormatArg::Html => relnotes::diff::DiffFormat::Html,
                DiffFormatArg::Json => relnotes::diff::DiffFormat::Json,
            };
            let request = relnotes::DiffRequest {
                from: &from,
                to: &to,
                arch: arch.as_deref(),
                format,
                lang,
                templates: templates.as_deref(),
            };
            let text = relnotes::diff_releases(session, &request)?;
            match output {
                None => print(&text),
                Some(path) => relnotes::output::write_all(
                    &[relnotes::output::OutputFile {
                        path,
                        bytes: text.into_bytes(),
                    }],
                    force,
                )?,
            }
        }
        Command::Sbom {
            version,
            arch,
            format,
            output,
            timestamp,
            force,
            from_image,
            insecure,
            username,
            password_stdin,
            quiet,
        } => {
            let arch = match arch {
                None => relnotes::sbom::ArchChoice::Only,
                Some(arch) if arch == "all" => relnotes::sbom::ArchChoice::All,
                Some(arch) => relnotes::sbom::ArchChoice::One(arch),
            };
            let format = match format {
                SbomFormatArg::Json => relnotes::sbom::SbomFormat::Json,
                SbomFormatArg::Xml => relnotes::sbom::SbomFormat::Xml,
            };
            if let Some(image) = from_image {
                let progress = relnotes::inspect::progress::for_terminal(quiet);
                let request = relnotes::verify::ObservedSbomRequest {
                    version: &version,
                    image: Some(image.as_str()).filter(|i| !i.is_empty()),
                    arch,
                    format,
                    destination: output.map_or(Destination::Stdout, Destination::Path),
                    timestamp,
                    open: open_options(username, password_stdin, insecure)?,
                    progress: progress.as_ref(),
                };
                match relnotes::verify::observed_sbom(session, &request)? {
                    Outcome::Stdout(text) => print(&text),
                    Outcome::Files(files) => relnotes::output::write_all(&files, force)?,
                }
                return Ok(ExitCode::SUCCESS);
            }
            let request = relnotes::SbomRequest {
                version: &version,
                arch,
                format,
                destination: output.map_or(Destination::Stdout, Destination::Path),
                timestamp,
            };
            match relnotes::sbom(session, &request)? {
                Outcome::Stdout(text) => print(&text),
                Outcome::Files(files) => relnotes::output::write_all(&files, force)?,
            }
        }
        Command::Site {
            out,
            base_url,
            check,
            templates,
            force,
            format,
        } => {
            let request = relnotes::SiteRequest {
                out: &out,
                base_url: base_url.as_deref(),
                templates: templates.as_deref(),
                check,
                force,
            };
            match relnotes::site(session, &request)? {
                relnotes::SiteOutcome::Checked(report) => {
                    print(&match format {
                        ListFormat::Text => report.to_text(&out),
                        ListFormat::Json => report.to_json(),
                    });
                    if report.is_stale() {
                        return Ok(ExitCode::from(1));
                    }
                }
                relnotes::SiteOutcome::Written(written) => print(&match format {
                    ListFormat::Text => {
                        let mut text =
                            format!("wrote {} files to {}\n", written.files, out.display());
                        if !written.kept.is_empty() {
                            let n = written.kept.len();
                            let files = if n == 1 { "file" } else { "files" };
                            text.push_str(&format!("kept {n} {files} relnotes did not write\n"));
                        }
                        text
                    }
                    ListFormat::Json => {
                        serde_json::to_string_pretty(&written).expect("serializable") + "\n"
                    }
                }),
            }
        }
        Command::Verify {
            version,
            image,
            arch,
            format,
            show_undeclared,
            insecure,
            username,
            password_stdin,
            quiet,
        } => {
            let progress = relnotes::inspect::progress::for_terminal(quiet);
            let request = relnotes::verify::VerifyRequest {
                version: &version,
                image: image.as_deref(),
                arch: arch.as_deref(),
                show_undeclared,
                open: open_options(username, password_stdin, insecure)?,
                progress: progress.as_ref(),
            };
            let report = relnotes::verify::run(session, &request)?;
            print(&match format {
                ListFormat::Text => report.to_text(),
                ListFormat::Json => report.to_json(),
            });
            if report.has_findings() {
                return Ok(ExitCode::from(1));
            }
        }
        Command::Compat {
            driver,
            datacenter,
            format,
        } => {
            let report = relnotes::compat(session, &driver, datacenter)?;
            print(&match format {
                ListFormat::Text => report.to_text(),
                ListFormat::Json => report.to_json(),
            });
        }
        Command::Lint { versions, format } => {
            let report = relnotes::lint(session, &versions)?;
            print(&match format {
                ListFormat::Text => report.to_text(),
                ListFormat::Json => report.to_json(),
            });
            if report.has_errors() {
                return Ok(ExitCode::from(1));
            }
        }
        Command::Import {
            page,
            version,
            lang,
            force,
        } => {
            let request = relnotes::import::ImportRequest {
                page: &page,
                version: &version,
                lang: lang.parse::<Lang>().map_err(Error::Usage)?,
                force,
            };
            let imported = relnotes::import_page(session, &request)?;
            eprintln!("{}", imported.summary());
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn relnotes_list_text(releases: &[relnotes::ReleaseSummary], lang: Lang) -> String {
    let mut rows = vec![[
        "VERSION".to_string(),
        "ARCHS".to_string(),
        "CUDA".to_string(),
        "DRIVER".to_string(),
        "COMPONENTS".to_string(),
        "TITLE".to_string(),
    ]];
    for r in releases {
        rows.push([
            r.version.clone(),
            r.archs.join(","),
            r.cuda.clone().unwrap_or_else(|| "-".into()),
            r.driver_min
                .as_ref()
                .map_or("-".into(), |m| format!(">= {m}")),
            r.components.to_string(),
            r.title.get(lang).to_string(),
        ]);
    }
    let widths: Vec<usize> = (0..5)
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in rows {
        for (i, width) in widths.iter().enumerate() {
            out.push_str(&format!("{:<width$}  ", row[i], width = width));
        }
        out.push_str(&row[5]);
        out.push('\n');
    }
    out
}

/// How to reach an image: `--username` with the password on stdin, `--insecure`.
fn open_options(
    username: Option<String>,
    password_stdin: bool,
    insecure: bool,
) -> Result<relnotes::inspect::OpenOptions, Error> {
    let credentials = match (username, password_stdin) {
        (Some(user), true) => Some(
            relnotes::inspect::Credentials::with_password_from(user, std::io::stdin())
                .map_err(|e| Error::Usage(format!("cannot read the password from stdin: {e}")))?,
        ),
        _ => None,
    };
    Ok(relnotes::inspect::OpenOptions {
        credentials,
        insecure,
        ..Default::default()
    })
}

/// Prints to stdout; a closed pipe (e.g. `| head`) is not an error.
fn print(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}
