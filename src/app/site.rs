//! `relnotes site`.

use super::{CommandReport, Session};
use crate::Error;
use pages::site::{self, BaseUrl, CheckReport, Entry, Generator, SiteOptions, Written};
use std::path::{Path, PathBuf};

/// What `relnotes site` is asked.
pub struct SiteRequest<'a> {
    /// The directory the site is written to (or compared with).
    pub out: &'a Path,
    /// Where the site is published, for `<link rel="canonical">` only.
    pub base_url: Option<&'a str>,
    /// A directory of templates to use before the project's and the
    /// built-in ones.
    pub templates: Option<&'a Path>,
    /// Compare with `out` instead of writing.
    pub check: bool,
    /// Build into a directory that holds files but no site of relnotes.
    pub force: bool,
    /// Refuse records that are drafts (`draft = true`).
    pub no_drafts: bool,
    /// Pages for this docs generator's project `out` instead of the static
    /// site.
    pub generator: Option<Generator>,
}

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

/// `relnotes site`: every release as a bilingual static site (docs/site.md).
pub fn site(session: &mut Session, req: &SiteRequest) -> Result<SiteOutcome, Error> {
    let options = SiteOptions {
        templates: req.templates,
        base_url: req.base_url.map(BaseUrl::parse).transpose()?,
    };
    let entries = entries(session, req)?;
    let workspace = &session.workspace;
    let generator = req.generator;
    if req.check {
        let report = match generator {
            Some(g) => site::check_for(workspace, entries, &options, g, req.out)?,
            None => site::check(workspace, entries, &options, req.out)?,
        };
        return Ok(SiteOutcome::Checked {
            out: req.out.to_path_buf(),
            report,
            generator,
        });
    }
    let written = match generator {
        Some(g) => site::write_for(workspace, entries, &options, g, req.out, req.force)?,
        None => site::write(workspace, entries, &options, req.out, req.force)?,
    };
    Ok(SiteOutcome::Written {
        out: req.out.to_path_buf(),
        written,
        generator,
    })
}

/// Every release, loaded, oldest first.
fn entries(session: &mut Session, req: &SiteRequest) -> Result<Vec<Entry>, Error> {
    let entries: Vec<Entry> = session
        .load_all()?
        .into_iter()
        .map(|(version, loaded)| Entry::new(version, loaded.release))
        .collect();
    let drafts: Vec<String> = entries
        .iter()
        .filter(|e| e.release.draft)
        .map(|e| e.version.clone())
        .collect();
    if req.no_drafts && !drafts.is_empty() {
        return Err(check::DraftError::Drafts(drafts).into());
    }
    Ok(entries)
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
