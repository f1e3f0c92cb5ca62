//! `relnotes site`.

use super::{CommandReport, Session};
use crate::Error;
use pages::site::{self, BaseUrl, CheckReport, Entry, SiteOptions, Written};
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
    },
    /// The site was compared with the directory (`--check`).
    Checked {
        /// The directory compared with.
        out: PathBuf,
        /// The pages that differ.
        report: CheckReport,
    },
}

/// `relnotes site`: every release as a bilingual static site (docs/site.md).
pub fn site(session: &mut Session, req: &SiteRequest) -> Result<SiteOutcome, Error> {
    let options = SiteOptions {
        templates: req.templates,
        base_url: req.base_url.map(BaseUrl::parse).transpose()?,
    };
    let entries = entries(session, req)?;
    if req.check {
        let report = site::check(&session.workspace, entries, &options, req.out)?;
        return Ok(SiteOutcome::Checked {
            out: req.out.to_path_buf(),
            report,
        });
    }
    let written = site::write(&session.workspace, entries, &options, req.out, req.force)?;
    Ok(SiteOutcome::Written {
        out: req.out.to_path_buf(),
        written,
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
        return Err(crate::draft::DraftError::Drafts(drafts).into());
    }
    Ok(entries)
}

impl CommandReport for SiteOutcome {
    fn to_text(&self) -> String {
        match self {
            SiteOutcome::Checked { out, report } => report.to_text(out),
            SiteOutcome::Written { out, written } => {
                let mut text = format!("wrote {} files to {}", written.files, out.display());
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
                text
            }
        }
    }

    fn to_json(&self) -> String {
        match self {
            SiteOutcome::Checked { out, report } => report.to_json(out),
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
