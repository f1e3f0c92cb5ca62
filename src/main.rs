//! The `relnotes` command: parses the arguments (see `cli.rs`), calls the
//! library's front function for the command, prints what it answers, and
//! exits 0, 1 when a check found a problem, or 2 on bad input.

mod cli;

use clap::Parser;
use cli::{Cli, Command, ListFormat};
use relnotes::{
    CommandReport, DiffRequest, Error, ImageAccess, ImportRequest, Outcome, RenderRequest,
    SbomRequest, SbomSource, Session, SiteRequest, VerifyRequest,
};
use std::io::Write;
use std::process::ExitCode;

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
    for warning in session.iter().flat_map(|s| &s.warnings) {
        eprintln!("{warning}");
    }
    match result {
        Ok(code) => ExitCode::from(code),
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

/// Runs the command; the session is left in `slot` for its warnings.
fn run(cli: Cli, slot: &mut Option<Session>) -> Result<u8, Error> {
    let session = slot.insert(Session::open(cli.root.as_deref(), cli.strict)?);
    match cli.command {
        Command::List { format } => Ok(show(&relnotes::list_releases(session)?, format)),
        Command::Render {
            version,
            lang,
            format,
            output,
            templates,
            force,
        } => {
            let request = RenderRequest {
                version: &version,
                lang: lang
                    .as_deref()
                    .map(str::parse)
                    .transpose()
                    .map_err(Error::Usage)?,
                format: format.into(),
                templates: templates.as_deref(),
                destination: output.into(),
            };
            deliver(relnotes::render_release(session, &request)?, force)
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
            let request = DiffRequest {
                from: &from,
                to: &to,
                arch: arch.as_deref(),
                format: format.into(),
                lang: lang
                    .as_deref()
                    .map(str::parse)
                    .transpose()
                    .map_err(Error::Usage)?,
                templates: templates.as_deref(),
                destination: output.into(),
            };
            deliver(relnotes::diff_releases(session, &request)?, force)
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
            password_stdin: _,
            quiet,
            timeout,
        } => {
            let source = match from_image {
                None => SbomSource::Record,
                Some(image) => SbomSource::Image {
                    reference: Some(image).filter(|i| !i.is_empty()),
                    access: access(username, insecure, quiet, timeout)?,
                },
            };
            let arch = match arch.as_deref() {
                None => relnotes::sbom::ArchChoice::Only,
                Some("all") => relnotes::sbom::ArchChoice::All,
                Some(arch) => relnotes::sbom::ArchChoice::One(arch.to_string()),
            };
            let request = SbomRequest {
                version: &version,
                source,
                arch,
                format: format.into(),
                destination: output.into(),
                timestamp,
            };
            deliver(relnotes::sbom(session, &request)?, force)
        }
        Command::Site {
            out,
            base_url,
            check,
            templates,
            force,
            format,
        } => {
            let request = SiteRequest {
                out: &out,
                base_url: base_url.as_deref(),
                templates: templates.as_deref(),
                check,
                force,
            };
            Ok(show(&relnotes::site(session, &request)?, format))
        }
        Command::Verify {
            version,
            image,
            arch,
            format,
            show_undeclared,
            insecure,
            username,
            password_stdin: _,
            quiet,
            timeout,
        } => {
            let request = VerifyRequest {
                version: &version,
                image: image.as_deref(),
                arch: arch.as_deref(),
                show_undeclared,
                access: access(username, insecure, quiet, timeout)?,
            };
            Ok(show(&relnotes::verify(session, &request)?, format))
        }
        Command::Compat {
            driver,
            datacenter,
            format,
        } => Ok(show(
            &relnotes::compat(session, &driver, datacenter)?,
            format,
        )),
        Command::Lint { versions, format } => {
            Ok(show(&relnotes::lint(session, &versions)?, format))
        }
        Command::Import {
            page,
            version,
            lang,
            force,
        } => {
            let request = ImportRequest {
                page: &page,
                version: &version,
                lang: lang.parse().map_err(Error::Usage)?,
                force,
            };
            eprintln!("{}", relnotes::import_page(session, &request)?.summary());
            Ok(0)
        }
    }
}

/// `--username USER` reads the password from stdin (clap makes
/// `--password-stdin` go with it).
fn access(
    username: Option<String>,
    insecure: bool,
    quiet: bool,
    timeout: Option<std::time::Duration>,
) -> Result<ImageAccess, Error> {
    let access = ImageAccess {
        insecure,
        quiet,
        timeout,
        ..Default::default()
    };
    match username {
        Some(user) => access.with_login(user, std::io::stdin()),
        None => Ok(access),
    }
}

/// Prints the text of an outcome, or writes its files.
fn deliver(outcome: Outcome, force: bool) -> Result<u8, Error> {
    if let Some(text) = outcome.deliver(force)? {
        print(&text);
    }
    Ok(0)
}

/// Prints a report as asked; its exit code is the command's.
fn show(report: &impl CommandReport, format: ListFormat) -> u8 {
    print(&match format {
        ListFormat::Text => report.to_text(),
        ListFormat::Json => report.to_json(),
    });
    report.exit_code()
}

/// Prints to stdout; a closed pipe (e.g. `| head`) is not an error.
fn print(text: &str) {
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes());
    let _ = stdout.flush();
}
