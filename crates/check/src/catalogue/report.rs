//! The report of a `verify --all` run: one check per release × arch.

use crate::verify::{self, Summary};
use model::Diagnostic;
use serde::Serialize;
use std::fmt::Write;

/// How one release × arch fared.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CheckStatus {
    /// Everything declared is confirmed.
    Ok,
    /// Findings: something differs or is missing (exit 1).
    Mismatch,
    /// The image could not be read (exit 2).
    Error,
    /// The record names no image to read.
    Skipped,
}

/// One release × arch: the image read, the platform manifest's digest, and
/// the verdict.
#[derive(Debug, Clone, Serialize)]
pub struct ArchCheck {
    /// The release checked.
    pub version: String,
    /// The architecture checked.
    pub arch: String,
    /// The reference read (the record's first asset, or the template
    /// filled in); none when skipped.
    pub image: Option<String>,
    /// The digest of the platform's manifest, when it was read.
    pub manifest: Option<String>,
    /// How the check fared.
    pub status: CheckStatus,
    /// The counts of single `verify`, when the image was read.
    pub counts: Option<Summary>,
    /// Every finding and what could not be checked, in the shape every
    /// check shares, placed in the record.
    pub findings: Vec<Diagnostic>,
    /// Why the image could not be read, or why the check was skipped.
    pub message: Option<String>,
    /// What to do about the message.
    pub hint: Option<String>,
}

impl ArchCheck {
    /// The verdict of single `verify` on one arch.
    pub fn verified(image: &str, report: verify::Report) -> ArchCheck {
        let arch = report.archs.first();
        ArchCheck {
            version: report.version.clone(),
            arch: arch.map(|a| a.arch.clone()).unwrap_or_default(),
            image: Some(image.to_string()),
            manifest: arch.and_then(|a| a.manifest.clone()),
            status: if report.has_findings() {
                CheckStatus::Mismatch
            } else {
                CheckStatus::Ok
            },
            counts: Some(report.summary),
            findings: report.findings,
            message: None,
            hint: None,
        }
    }

    /// An image that could not be read: its error's message and hint.
    pub fn failed(
        version: &str,
        arch: &str,
        image: &str,
        error: &impl std::fmt::Display,
    ) -> ArchCheck {
        let text = error.to_string();
        let (message, hint) = match text.split_once("\n  = hint: ") {
            Some((message, hint)) => (message.to_string(), Some(hint.to_string())),
            None => (text, None),
        };
        ArchCheck {
            version: version.to_string(),
            arch: arch.to_string(),
            image: Some(image.to_string()),
            manifest: None,
            status: CheckStatus::Error,
            counts: None,
            findings: Vec::new(),
            message: Some(message),
            hint,
        }
    }

    /// A release whose record names no image.
    pub fn skipped(version: &str, arch: &str) -> ArchCheck {
        ArchCheck {
            version: version.to_string(),
            arch: arch.to_string(),
            image: None,
            manifest: None,
            status: CheckStatus::Skipped,
            counts: None,
            findings: Vec::new(),
            message: Some("its record names no image: no [[assets]] with an `image`".to_string()),
            hint: Some(
                "add an asset to the record, or pass --image-template 'REGISTRY/REPO:{version}'"
                    .to_string(),
            ),
        }
    }

    /// The table's cell: `ok`, `3 mismatches`, `error`, `skipped`.
    pub fn cell(&self) -> String {
        match self.status {
            CheckStatus::Ok => "ok".to_string(),
            CheckStatus::Mismatch => {
                let n = self.counts.as_ref().map_or(0, |c| c.findings);
                format!("{n} mismatch{}", if n == 1 { "" } else { "es" })
            }
            CheckStatus::Error => "error".to_string(),
            CheckStatus::Skipped => "skipped".to_string(),
        }
    }
}

/// The counts of a run; `skipped` releases are named, as exit 0 allows them.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub(crate) struct Totals {
    pub releases: usize,
    pub checks: usize,
    pub ok: usize,
    pub mismatch: usize,
    pub error: usize,
    pub skipped: usize,
    /// Findings of every mismatch.
    pub findings: usize,
    pub skipped_releases: Vec<String>,
}

/// The whole answer of `relnotes verify --all`.
#[derive(Debug, Clone, Serialize)]
pub struct CatalogueReport {
    /// The releases verified, oldest first.
    pub(crate) versions: Vec<String>,
    /// The architectures of the table's columns, by name.
    pub(crate) archs: Vec<String>,
    /// Release by release (oldest first), arch by arch in record order.
    pub(crate) checks: Vec<ArchCheck>,
    pub(crate) totals: Totals,
}

impl CatalogueReport {
    /// The report of `versions` (oldest first) from their checks.
    pub fn new(versions: Vec<String>, checks: Vec<ArchCheck>) -> CatalogueReport {
        let mut archs: Vec<String> = checks.iter().map(|c| c.arch.clone()).collect();
        archs.sort();
        archs.dedup();
        let count = |s: CheckStatus| checks.iter().filter(|c| c.status == s).count();
        let mut skipped_releases: Vec<String> = checks
            .iter()
            .filter(|c| c.status == CheckStatus::Skipped)
            .map(|c| c.version.clone())
            .collect();
        skipped_releases.dedup();
        let totals = Totals {
            releases: versions.len(),
            checks: checks.len(),
            ok: count(CheckStatus::Ok),
            mismatch: count(CheckStatus::Mismatch),
            error: count(CheckStatus::Error),
            skipped: count(CheckStatus::Skipped),
            findings: checks
                .iter()
                .filter_map(|c| c.counts.as_ref())
                .map(|c| c.findings)
                .sum(),
            skipped_releases,
        };
        CatalogueReport {
            versions,
            archs,
            checks,
            totals,
        }
    }

    fn check(&self, version: &str, arch: &str) -> Option<&ArchCheck> {
        self.checks
            .iter()
            .find(|c| c.version == version && c.arch == arch)
    }

    /// Rows releases, columns archs (`—` where a release does not declare
    /// the arch), and the image read last.
    fn table(&self) -> String {
        let mut header = vec!["RELEASE".to_string()];
        header.extend(self.archs.iter().cloned());
        header.push("IMAGE".to_string());
        let mut rows = vec![header];
        for version in &self.versions {
            let mut row = vec![version.clone()];
            for arch in &self.archs {
                row.push(
                    self.check(version, arch)
                        .map_or("—".to_string(), ArchCheck::cell),
                );
            }
            let image = self
                .checks
                .iter()
                .find(|c| &c.version == version)
                .and_then(|c| c.image.clone());
            row.push(image.unwrap_or_else(|| "-".to_string()));
            rows.push(row);
        }
        model::aligned_columns(&rows, "")
    }

    /// What did not pass: each mismatch's findings, each error's message
    /// (once for the archs of a release that share it), each skip.
    fn details(&self) -> String {
        let mut out = String::new();
        let mut shown_skips = Vec::new();
        for (i, check) in self.checks.iter().enumerate() {
            let image = check.image.as_deref().unwrap_or("-");
            match check.status {
                CheckStatus::Ok => {}
                CheckStatus::Mismatch => {
                    let manifest = check
                        .manifest
                        .as_deref()
                        .map(|m| format!(", manifest {}", verify::short_digest(m)))
                        .unwrap_or_default();
                    let _ = writeln!(
                        out,
                        "{} [{}] {image}{manifest}: {}",
                        check.version,
                        check.arch,
                        check.cell()
                    );
                    for finding in check.findings.iter().filter(|f| f.is_error()) {
                        let _ = writeln!(out, "  {finding}");
                    }
                }
                CheckStatus::Error => {
                    let same = |c: &&ArchCheck| {
                        c.version == check.version
                            && c.status == CheckStatus::Error
                            && c.message == check.message
                    };
                    if self.checks[..i].iter().any(|c| same(&c)) {
                        continue;
                    }
                    let archs: Vec<&str> = self.checks[i..]
                        .iter()
                        .filter(same)
                        .map(|c| c.arch.as_str())
                        .collect();
                    let _ = writeln!(
                        out,
                        "{} [{}] {image}: error",
                        check.version,
                        archs.join(", ")
                    );
                    write_message(&mut out, check);
                }
                CheckStatus::Skipped => {
                    if shown_skips.contains(&&check.version) {
                        continue;
                    }
                    shown_skips.push(&check.version);
                    let _ = writeln!(out, "{}: skipped", check.version);
                    write_message(&mut out, check);
                }
            }
        }
        out
    }

    /// `Summary: 4 releases, 8 checks — 2 ok, 2 mismatches (4 findings), …`.
    fn summary_line(&self) -> String {
        let t = &self.totals;
        let mut parts = vec![format!("{} ok", t.ok)];
        if t.mismatch > 0 {
            parts.push(format!(
                "{} ({})",
                plural(t.mismatch, "mismatch", "mismatches"),
                plural(t.findings, "finding", "findings")
            ));
        }
        if t.error > 0 {
            parts.push(plural(t.error, "error", "errors"));
        }
        if t.skipped > 0 {
            parts.push(format!(
                "{} skipped (no image: {})",
                t.skipped,
                t.skipped_releases.join(", ")
            ));
        }
        format!(
            "Summary: {}, {} — {}",
            plural(t.releases, "release", "releases"),
            plural(t.checks, "check", "checks"),
            parts.join(", ")
        )
    }
}

impl model::CommandReport for CatalogueReport {
    fn to_text(&self) -> String {
        let mut out = format!(
            "relnotes verify --all — {}\n\n",
            match (self.versions.first(), self.versions.last()) {
                (Some(first), Some(last)) if first != last => format!("{first} to {last}"),
                (Some(only), _) => only.clone(),
                _ => "no release".to_string(),
            }
        );
        out.push_str(&self.table());
        let details = self.details();
        if !details.is_empty() {
            out.push('\n');
            out.push_str(&details);
        }
        out.push('\n');
        out.push_str(&self.summary_line());
        out.push('\n');
        out
    }

    fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a report serializes") + "\n"
    }

    fn exit_code(&self) -> u8 {
        if self.totals.error > 0 {
            2
        } else {
            u8::from(self.totals.mismatch > 0)
        }
    }
}

impl CatalogueReport {}

/// The message and hint of an error or a skip, indented under its line.
fn write_message(out: &mut String, check: &ArchCheck) {
    if let Some(message) = &check.message {
        let _ = writeln!(out, "  {message}");
    }
    if let Some(hint) = &check.hint {
        let _ = writeln!(out, "  = hint: {hint}");
    }
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
