use clap::{Parser, Subcommand, ValueEnum};
use relnotes::record::Lang;
use relnotes::{Destination, Error, LangChoice, Outcome, Session};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Release notes of container images as data: render bilingual pages and
/// diff releases from `releases/<version>.toml`.
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
        Ok(()) => ExitCode::SUCCESS,
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

fn run(cli: Cli, slot: &mut Option<Session>) -> Result<(), Error> {
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
    }
    Ok(())
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

/// Prints to stdout; a closed pipe (e.g. `| head`) is not an error.
fn print(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}
