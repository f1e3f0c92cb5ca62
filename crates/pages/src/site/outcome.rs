//! What a site build did, as the one shape of a command's answer.

use super::{CheckReport, Generator, Written};
use model::CommandReport;
use std::path::PathBuf;

/// What `relnotes site` did, and to which directory.
#[derive(Debug, Clone)]
pub enum SiteOutcome {
    /// The site was built and put in place.
    Written {
        /// The output directory.
        out: PathBuf,
        /// How many files were written and kept.
        written: Written,
        /// The generator `out` is a project of, if any.
        generator: Option<Generator>,
    },
    /// The site was compared with the directory (`--check`).
    Checked {
        /// The directory compared with.
        out: PathBuf,
        /// The pages that differ.
        report: CheckReport,
        /// The generator `out` is a project of, if any.
        generator: Option<Generator>,
    },
}

impl CommandReport for SiteOutcome {
    fn to_text(&self) -> String {
        match self {
            SiteOutcome::Checked {
                out,
                report,
                generator: None,
            } => report.to_text(out),
            SiteOutcome::Checked {
                out,
                report,
                generator: Some(g),
            } => report.to_text_with_hint(
                out,
                &format!("relnotes site --for {} --out {}", g.name(), out.display()),
            ),
            SiteOutcome::Written {
                out,
                written,
                generator,
            } => {
                let mut text = format!("wrote {} files to {}", written.files, out.display());
                if generator.is_some() && !written.dirs.is_empty() {
                    text.push_str(&format!(" ({})", written.dirs.join(", ")));
                }
                if written.reused > 0 {
                    let rendered = written.files - written.reused;
                    text.push_str(&format!(
                        " ({rendered} rebuilt, {} unchanged since the last build)",
                        written.reused
                    ));
                }
                text.push('\n');
                for line in &written.recovered {
                    text.push_str(&format!("an earlier build was cut short: {line}\n"));
                }
                if !written.kept.is_empty() {
                    let n = written.kept.len();
                    let files = if n == 1 { "file" } else { "files" };
                    text.push_str(&format!("kept {n} {files} relnotes did not write\n"));
                }
                if !written.config_written.is_empty() {
                    text.push_str(&format!(
                        "wrote a minimal configuration into {}: {}\n",
                        out.display(),
                        written.config_written.join(", ")
                    ));
                }
                if !written.config_needs.is_empty() {
                    text.push_str(
                        "kept the project's configuration as it is; for these pages it must have:\n",
                    );
                    for need in &written.config_needs {
                        text.push_str(&format!("  - {need}\n"));
                    }
                }
                text
            }
        }
    }

    fn to_json(&self) -> String {
        match self {
            SiteOutcome::Checked { out, report, .. } => report.to_json(out),
            SiteOutcome::Written { written, .. } => {
                serde_json::to_string_pretty(written).expect("serializable") + "\n"
            }
        }
    }

    /// 1 when `--check` finds the site stale.
    fn exit_code(&self) -> u8 {
        match self {
            SiteOutcome::Checked { report, .. } => u8::from(report.is_stale()),
            SiteOutcome::Written { .. } => 0,
        }
    }
}
