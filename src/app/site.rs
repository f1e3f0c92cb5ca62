//! `relnotes site`.

use super::{CommandReport, Session};
use crate::Error;
use pages::site::records::{Loaded as LoadedRecord, Pending as PendingRecords, RecordCache};
use pages::site::{self, BaseUrl, CheckReport, Entry, PreviousSite, SiteOptions, Written};
use std::path::{Path, PathBuf};

pub struct SiteRequest<'a> {
    /// The directory the site is written to (or compared with).
    pub out: &'a Path,
    /// Where the site is published, for `<link rel="canonical">` only.
    pub base_url: Option<&'a str>,
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
    Written { out: PathBuf, written: Written },
    Checked { out: PathBuf, report: CheckReport },
}

/// `relnotes site`: every release as a bilingual static site (docs/site.md).
pub fn site(session: &mut Session, req: &SiteRequest) -> Result<SiteOutcome, Error> {
    let options = SiteOptions {
        templates: req.templates,
        base_url: req.base_url.map(BaseUrl::parse).transpose()?,
    };
    if req.check {
        let (entries, _) = entries(session, req, None)?;
        let report = site::check(&session.workspace, entries, &options, req.out)?;
        return Ok(SiteOutcome::Checked {
            out: req.out.to_path_buf(),
            report,
        });
    }
    // The previous site's manifest is read while the records load: the
    // first of that is reading one file, on one core.
    let ((entries, records), previous) = std::thread::scope(|scope| {
        let previous = scope.spawn(|| PreviousSite::read(req.out));
        let kept = RecordCache::beside(req.out, &session.workspace);
        let entries = entries(session, req, Some(kept));
        let previous = previous.join().expect("reading the previous site panicked");
        entries.map(|entries| (entries, previous))
    })?;
    let written = site::write(
        &session.workspace,
        entries,
        &options,
        req.out,
        req.force,
        previous,
    )?;
    // What the next build takes from the records file, kept only once
    // this one has succeeded; only its speed depends on it.
    if let Some(records) = records {
        let _ = records.write();
    }
    Ok(SiteOutcome::Written {
        out: req.out.to_path_buf(),
        written,
    })
}

/// Every release, loaded: from the records `kept` beside the site where
/// their text did not change, and what of them to keep for the next build.
/// A check trusts nothing kept from an earlier build.
fn entries(
    session: &mut Session,
    req: &SiteRequest,
    kept: Option<RecordCache>,
) -> Result<(Vec<Entry>, Option<PendingRecords>), Error> {
    let records = session.load_all_reusing(|version, text| match &kept {
        Some(kept) => {
            let digest = RecordCache::digest(text);
            let release = kept.release(version, &digest);
            (Some((digest, release.is_some())), release)
        }
        None => (None, None),
    })?;
    let pending = kept.and_then(|kept| {
        let loaded: Vec<_> = records
            .iter()
            .filter_map(|r| {
                let (digest, kept) = r.note.as_ref()?;
                Some(LoadedRecord {
                    version: &r.version,
                    digest,
                    release: &r.release,
                    kept: *kept,
                    clean: !r.warned,
                })
            })
            .collect();
        kept.prepare(&loaded).ok()
    });
    let entries: Vec<Entry> = records
        .into_iter()
        .map(|r| match r.note {
            Some((digest, _)) => Entry::with_text_digest(r.version, r.release, digest),
            None => Entry::new(r.version, r.release, &r.text),
        })
        .collect();
    let drafts: Vec<String> = entries
        .iter()
        .filter(|e| e.release.draft)
        .map(|e| e.version.clone())
        .collect();
    if req.no_drafts && !drafts.is_empty() {
        return Err(crate::draft::DraftError::Drafts(drafts).into());
    }
    Ok((entries, pending))
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
