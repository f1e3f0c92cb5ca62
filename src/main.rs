//! The `relnotes` command: parses the arguments (see `cli.rs`), calls the
//! library's front function for the command, prints what it answers, and
//! exits 0, 1 when a check found a problem, or 2 on bad input.

mod cli;

use clap::{CommandFactory, Parser};
use cli::{Cli, Command, Invocation, ListFormat};
use model::{json_terminal_safe, terminal_safe};
use relnotes::{
    CommandReport, DiffRequest, Error, ImportRequest, NewRequest, Outcome, RenderRequest,
    SbomRequest, SbomSource, Session, SiteRequest, SyncRequest,
};
use std::process::ExitCode;

// Opt-in (`--features mimalloc`): a large site build allocates and frees
// many small values on every core and takes less CPU time with mimalloc,
// but every command holds more memory with it, verify most of all, so the
// default build keeps the system allocator (docs/performance.md).
#[cfg(feature = "mimalloc")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    // Interrupted (Ctrl-C, SIGTERM, SIGHUP), a site build removes what it
    // had written so far; then the process ends as an interrupted one does.
    let _ = ctrlc::set_handler(|| {
        relnotes::on_interrupt();
        std::process::exit(130);
    });
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
        eprintln!("{}", terminal_safe(&warning.to_string()));
    }
    match result {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            // Located diagnostics carry their own `path:line:col: error:` prefix.
            let prefix = if e.is_located() { "" } else { "error: " };
            eprintln!("{prefix}{}", terminal_safe(&e.to_string()));
            ExitCode::from(e.exit_code() as u8)
        }
    }
}

/// Runs the command; the session is left in `slot` for its warnings.
fn run(cli: Cli, slot: &mut Option<Session>) -> Result<u8, Error> {
    let command = match cli.command {
        Invocation::Standalone(command) => {
            return cli::standalone::run(command, Cli::command(), cli.root.as_deref());
        }
        Invocation::Project(command) => command,
    };
    let session = slot.insert(Session::open(cli.root.as_deref(), cli.strict)?);
    match command {
        Command::List { format } => show(&relnotes::list_releases(session)?, format),
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
                lang: cli::lang(lang)?,
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
                lang: cli::lang(lang)?,
                templates: templates.as_deref(),
                destination: output.into(),
            };
            deliver(relnotes::diff_releases(session, &request)?, force)
        }
        Command::Sbom {
            version,
            arch,
            format,
            spec_version,
            output,
            timestamp,
            force,
            from_image,
            insecure,
            username,
            password_stdin: _,
            quiet,
            reading,
        } => {
            let source = match from_image {
                None => SbomSource::Record,
                Some(image) => SbomSource::Image {
                    reference: Some(image).filter(|i| !i.is_empty()),
                    access: cli::access(username, insecure, quiet, reading)?,
                },
            };
            let arch = match arch.as_deref() {
                None => relnotes::ArchChoice::Only,
                Some("all") => relnotes::ArchChoice::All,
                Some(arch) => relnotes::ArchChoice::One(arch.to_string()),
            };
            let format = format.into();
            if format == relnotes::SbomFormat::SpdxJson && spec_version.is_some() {
                return Err(relnotes::Error::Usage(
                    "--spec-version chooses a CycloneDX version; --format spdx-json writes SPDX 2.3"
                        .into(),
                ));
            }
            let request = SbomRequest {
                version: &version,
                source,
                arch,
                format,
                spec_version: spec_version.map(Into::into).unwrap_or_default(),
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
            no_drafts,
            format,
            r#for,
        } => {
            let request = SiteRequest {
                out: &out,
                base_url: base_url.as_deref(),
                templates: templates.as_deref(),
                check,
                force,
                no_drafts,
                generator: r#for.map(cli::SiteFor::generator),
            };
            show(&relnotes::site(session, &request)?, format)
        }
        Command::Verify(a) => match a.request()? {
            cli::verify::VerifyCall::One(r) => show(&relnotes::verify(session, &r)?, a.format),
            cli::verify::VerifyCall::All(r) => show(&relnotes::verify_all(session, &r)?, a.format),
        },
        Command::Compat {
            driver,
            datacenter,
            format,
        } => show(&relnotes::compat(session, &driver, datacenter)?, format),
        Command::Lint { versions, format } => show(&relnotes::lint(session, &versions)?, format),
        Command::Import {
            pages,
            version,
            all,
            column,
            lang,
            force,
            dry_run,
            verbose,
            format,
        } => {
            let request = ImportRequest {
                pages: &pages,
                version: version.as_deref(),
                lang: cli::lang(lang)?,
                all,
                force,
                dry_run,
                column: column.as_deref(),
            };
            let imported = relnotes::import_page(session, &request)?;
            if matches!(format, ListFormat::Json) {
                model::print_stdout(&json_terminal_safe(relnotes::import_json(&imported)))?;
                return Ok(0);
            }
            for one in &imported {
                for line in one.warning_lines() {
                    eprintln!("{}", terminal_safe(&line));
                }
                eprintln!("{}", terminal_safe(&one.summary()));
                for line in one.report_lines(verbose) {
                    eprintln!("{}", terminal_safe(&line));
                }
            }
            // A record a dry run would write, once however many pages go to it.
            let mut shown = std::collections::HashSet::new();
            for one in &imported {
                if let Some(record) = one.record_text()
                    && shown.insert(record)
                {
                    let record = terminal_safe(record);
                    model::print_stdout(&record)?;
                    if !record.ends_with('\n') {
                        model::print_stdout("\n")?;
                    }
                }
            }
            Ok(0)
        }
        Command::New {
            version,
            from,
            image,
            add,
            force,
            format,
            access: a,
        } => {
            let request = NewRequest {
                version: &version,
                from: from.as_deref(),
                image: &image,
                add: &add,
                force,
                access: a.image_access()?,
            };
            show(&relnotes::new_release(session, &request)?, format)
        }
        Command::Sync {
            version,
            image,
            dry_run,
            format,
            access: a,
        } => {
            let request = SyncRequest {
                version: &version,
                image: &image,
                dry_run,
                access: a.image_access()?,
            };
            show(&relnotes::sync_release(session, &request)?, format)
        }
        Command::Attach(a) => show(&relnotes::attach(session, &a.request()?)?, a.format),
        Command::Referrers(a) => show(
            &relnotes::referrers(&a.image, &a.access.image_access()?)?,
            a.format,
        ),
    }
}

/// Prints the text of an outcome, or writes its files.
fn deliver(outcome: Outcome, force: bool) -> Result<u8, Error> {
    if let Some(text) = outcome.deliver(force)? {
        model::print_stdout(&text)?;
    }
    Ok(0)
}

/// Prints a report as asked; its exit code is the command's.
fn show(report: &impl CommandReport, format: ListFormat) -> Result<u8, Error> {
    // Reports show what images, pages and registries say: escaped for the
    // terminal, in text and in JSON alike.
    model::print_stdout(&match format {
        ListFormat::Text => terminal_safe(&report.to_text()).into_owned(),
        ListFormat::Json => json_terminal_safe(report.to_json()),
    })?;
    Ok(report.exit_code())
}
