//! The layer cache on the command line: `--cache-dir` and `--no-cache` of
//! the commands that read images, and `relnotes cache info|clean`.

use super::args::ListFormat;
use clap::Subcommand;
use model::{json_terminal_safe, terminal_safe};
use relnotes::{CommandReport, Error};
use std::path::PathBuf;
use std::time::Duration;

#[derive(Subcommand)]
pub enum CacheCommand {
    /// Where the layer cache is, how many layers it holds, its size and bound.
    Info {
        /// The cache directory (default: $XDG_CACHE_HOME/relnotes, else ~/.cache/relnotes).
        #[arg(long, value_name = "DIR")]
        cache_dir: Option<PathBuf>,
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
    /// Remove the cached layer catalogs: all, or those unused for a while.
    Clean {
        /// The cache directory (default: $XDG_CACHE_HOME/relnotes, else ~/.cache/relnotes).
        #[arg(long, value_name = "DIR")]
        cache_dir: Option<PathBuf>,
        /// Only entries not used for this long, e.g. 30d, 12h, 1week.
        #[arg(long, value_name = "AGE", value_parser = parse_age)]
        older_than: Option<Duration>,
        #[arg(long, value_enum, default_value_t = ListFormat::Text)]
        format: ListFormat,
    },
}

/// Runs `relnotes cache …`; its exit code.
pub fn run(command: CacheCommand) -> Result<u8, Error> {
    match command {
        CacheCommand::Info { cache_dir, format } => {
            print(&relnotes::cache_info(cache_dir)?, format)
        }
        CacheCommand::Clean {
            cache_dir,
            older_than,
            format,
        } => print(&relnotes::cache_clean(cache_dir, older_than)?, format),
    }
}

fn print(report: &impl CommandReport, format: ListFormat) -> Result<u8, Error> {
    model::print_stdout(&match format {
        ListFormat::Text => terminal_safe(&report.to_text()).into_owned(),
        ListFormat::Json => json_terminal_safe(report.to_json()),
    })?;
    Ok(report.exit_code())
}

/// `--older-than AGE`: a duration such as `30d` or `12h`.
fn parse_age(text: &str) -> Result<Duration, String> {
    humantime::parse_duration(text.trim())
        .map_err(|e| format!("`{text}` is not a duration such as 30d or 12h: {e}"))
}
