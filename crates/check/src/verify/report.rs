//! What `relnotes verify` found, and how it is shown: a table per arch for
//! people, one JSON document for machines.

use image::{PackageSource, ReadSbom};
use model::{Diagnostic, Ecosystem, Release, Severity, SourceMap, join_key};
use sbom::SbomFormat;
use serde::Serialize;
use std::fmt::Write;
use std::path::PathBuf;

/// The verdict on one declared thing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Status {
    /// The image holds what the record declares.
    Confirmed,
    /// The image holds it in another version (or value).
    Differs,
    /// The image does not hold it.
    Missing,
    /// The image says nothing it could be checked against.
    Unchecked,
    /// The image holds it and the record does not declare it.
    Undeclared,
}

impl Status {
    /// Whether it makes `verify` exit 1.
    pub(crate) fn is_finding(self) -> bool {
        matches!(self, Status::Differs | Status::Missing)
    }

    /// How a verdict weighs among every check's findings: what makes
    /// `verify` exit 1 is an error, what could not be checked a warning.
    pub(crate) fn severity(self) -> Option<Severity> {
        match self {
            Status::Differs | Status::Missing => Some(Severity::Error),
            Status::Unchecked => Some(Severity::Warning),
            Status::Confirmed | Status::Undeclared => None,
        }
    }

    pub(crate) fn marker(self) -> &'static str {
        match self {
            Status::Confirmed => "✓",
            Status::Differs => "≠",
            Status::Missing => "✗",
            Status::Unchecked => "?",
            Status::Undeclared => "+",
        }
    }
}

/// One observation of a component: a version and where it was read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Evidence {
    pub version: String,
    pub cataloger: String,
    pub location: String,
    pub layer: Option<String>,
}

/// A declared component of one arch, and what the image holds of it.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ComponentCheck {
    pub name: String,
    pub arch: String,
    pub ecosystem: Ecosystem,
    pub declared: String,
    pub found: Option<String>,
    pub status: Status,
    /// Where the version shown as `found` was read.
    pub location: Option<String>,
    pub layer: Option<String>,
    /// The name the image gives it, where that is another thing (`debian`
    /// for a declared `Ubuntu`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub found_as: Option<String>,
    /// Every observation that speaks for it, files first.
    pub evidence: Vec<Evidence>,
}

/// A declared driver requirement against `NVIDIA_REQUIRE_CUDA`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct DriverCheck {
    pub arch: String,
    /// `cuda`, `min`, or a data-center branch (`R470`).
    pub item: String,
    pub declared: Option<String>,
    pub found: Option<String>,
    pub status: Status,
    pub location: Option<String>,
    /// The brands a driver range applies to.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub brands: Vec<String>,
    /// Why it could not be checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A declared environment variable against the image config's env.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct EnvCheck {
    pub arch: String,
    pub name: String,
    /// The declared value; none when the record only says it is set.
    pub declared: Option<String>,
    pub found: Option<String>,
    pub status: Status,
    pub location: Option<String>,
}

/// How a declared arch fared.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ArchResult {
    pub arch: String,
    /// `linux/arm64`.
    pub platform: String,
    /// `checked`, or `missing` when the image has no such platform.
    pub status: ArchStatus,
    pub manifest: Option<String>,
    /// Layer digests, bottom first.
    pub layers: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum ArchStatus {
    Checked,
    Missing,
}

/// Components the image holds that the record does not declare, of one
/// cataloger on one arch.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct UndeclaredGroup {
    pub arch: String,
    pub cataloger: String,
    pub count: usize,
    /// Sorted by name.
    pub components: Vec<UndeclaredComponent>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct UndeclaredComponent {
    pub name: String,
    pub version: String,
    pub ecosystem: Ecosystem,
    pub location: String,
    pub layer: Option<String>,
}

/// A library one platform of the image holds at several versions (cuDNN
/// as a Debian package and as a pip wheel): a warning, never a finding
/// that changes the exit code.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct CopiesFinding {
    pub arch: String,
    #[serde(flatten)]
    pub copies: model::Copies,
}

/// A version file that could not be read.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ProblemReport {
    pub arch: String,
    #[serde(flatten)]
    pub problem: image::CatalogProblem,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub confirmed: usize,
    pub differs: usize,
    pub missing: usize,
    pub missing_archs: usize,
    pub driver_findings: usize,
    pub env_findings: usize,
    pub unchecked: usize,
    /// Libraries held at several versions (warnings).
    pub copies: usize,
    /// Everything that makes `verify` exit 1.
    pub findings: usize,
}

/// The SBOM attached to the image that verify read instead of its layers.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct TrustedSbom {
    /// `attestation` or `referrers`.
    pub source: PackageSource,
    /// Always true: the SBOM's word is taken for what the image holds.
    pub trusted: bool,
    /// What that means, in words.
    pub note: String,
    /// Each SBOM read, per arch.
    pub read: Vec<ReadSbom>,
}

/// The whole answer of `relnotes verify`.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub(crate) version: String,
    pub(crate) image: String,
    /// Platforms the image holds.
    pub(crate) platforms: Vec<String>,
    pub(crate) archs: Vec<ArchResult>,
    pub(crate) components: Vec<ComponentCheck>,
    pub(crate) driver: Vec<DriverCheck>,
    pub(crate) env: Vec<EnvCheck>,
    /// Present only when asked for (`--show-undeclared`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) undeclared: Option<Vec<UndeclaredGroup>>,
    pub(crate) problems: Vec<ProblemReport>,
    /// Where the components were read when not from the layers: the SBOM
    /// attached to the image, trusted.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub(crate) sbom: Option<TrustedSbom>,
    /// Libraries held at several versions, per arch.
    pub(crate) copies: Vec<CopiesFinding>,
    pub(crate) summary: Summary,
    /// Every finding (and what could not be checked) in the crate's one
    /// diagnostic shape, placed in the record by [`Report::locate`].
    pub(crate) findings: Vec<Diagnostic>,
}

impl Report {
    /// Says the components come from the SBOMs `read` (attached to the
    /// image, found through `source`), trusted, and not from its layers.
    pub fn trust_attached(&mut self, source: PackageSource, read: Vec<ReadSbom>) {
        let signed = read.iter().all(|r| r.signed_by.is_some());
        let from = match source {
            PackageSource::Attestation if signed => {
                "the SBOM attestations signed by the key given (cosign's attestation tag)"
            }
            PackageSource::Attestation => "the SBOM attestations in the image index (unsigned)",
            _ => "the SBOMs attached to the image as referrers (unsigned)",
        };
        self.sbom = Some(TrustedSbom {
            source,
            trusted: true,
            note: format!(
                "components read from {from}, not from the image's layers (none was fetched): verify trusts that the SBOM lists what the image holds"
            ),
            read,
        });
    }

    /// Whether anything declared was not confirmed (verify then exits 1).
    pub fn has_findings(&self) -> bool {
        self.summary.findings > 0
    }

    pub(crate) fn summarize(&mut self) {
        let mut s = Summary::default();
        for c in &self.components {
            match c.status {
                Status::Confirmed => s.confirmed += 1,
                Status::Differs => s.differs += 1,
                Status::Missing => s.missing += 1,
                _ => {}
            }
        }
        s.missing_archs = self
            .archs
            .iter()
            .filter(|a| a.status == ArchStatus::Missing)
            .count();
        s.driver_findings = self.driver.iter().filter(|d| d.status.is_finding()).count();
        s.env_findings = self.env.iter().filter(|e| e.status.is_finding()).count();
        s.unchecked = self
            .driver
            .iter()
            .filter(|d| d.status == Status::Unchecked)
            .count();
        s.copies = self.copies.len();
        s.findings = s.differs + s.missing + s.missing_archs + s.driver_findings + s.env_findings;
        self.summary = s;
        self.findings = self.diagnostics();
    }

    /// The findings, each naming what the record declares and what the
    /// image holds; placed at the record as a whole until located.
    fn diagnostics(&self) -> Vec<Diagnostic> {
        let record = PathBuf::from(format!("{}.toml", self.version));
        let mut out = Vec::new();
        let mut push = |status: Status, rule: &'static str, message: String| {
            if let Some(severity) = status.severity() {
                out.push(
                    Diagnostic::new(severity, &record, message)
                        .with_rule(rule)
                        .with_version(self.version.clone()),
                );
            }
        };
        for a in self
            .archs
            .iter()
            .filter(|a| a.status == ArchStatus::Missing)
        {
            push(
                Status::Missing,
                "verify-arch",
                format!("[{}] the image has no {} platform", a.arch, a.platform),
            );
        }
        for c in &self.components {
            let found = match (&c.found, &c.location) {
                (Some(found), Some(at)) => format!("the image holds {found} ({at})"),
                _ => "the image does not hold it".to_string(),
            };
            push(
                c.status,
                "verify-component",
                format!("[{}] {} {}: {found}", c.arch, c.name, c.declared),
            );
        }
        for d in &self.driver {
            let found = match (&d.found, &d.note) {
                (Some(found), _) => format!("the image requires {found}"),
                (None, Some(note)) => note.clone(),
                (None, None) => "the image says nothing of it".to_string(),
            };
            let declared = d.declared.as_deref().unwrap_or("-");
            push(
                d.status,
                "verify-driver",
                format!("[{}] driver {} {declared}: {found}", d.arch, d.item),
            );
        }
        for e in &self.env {
            let found = e.found.as_deref().unwrap_or("not set");
            let declared = e.declared.as_deref().unwrap_or("(set)");
            push(
                e.status,
                "verify-env",
                format!(
                    "[{}] env {}={declared}: the image has {found}",
                    e.arch, e.name
                ),
            );
        }
        for c in &self.copies {
            out.push(
                Diagnostic::new(
                    Severity::Warning,
                    &record,
                    format!("[{}] {}", c.arch, c.copies.describe()),
                )
                .with_rule("verify-copies")
                .with_version(self.version.clone()),
            );
        }
        out
    }

    /// Places each finding at what the record declares: the component,
    /// driver fact, variable or architecture in `sources`.
    pub fn locate(&mut self, sources: &SourceMap, release: &Release) {
        let path = sources.path();
        let mut places = Vec::new();
        for a in self
            .archs
            .iter()
            .filter(|a| a.status == ArchStatus::Missing)
        {
            let i = release.archs.iter().position(|x| x.as_str() == a.arch);
            places.push(i.and_then(|i| sources.value(&format!("archs[{i}]"))));
        }
        for c in self
            .components
            .iter()
            .filter(|c| c.status.severity().is_some())
        {
            let per_arch = join_key(&join_key(&join_key("arch", &c.arch), "components"), &c.name);
            places.push(
                sources
                    .key(&per_arch)
                    .or_else(|| sources.key(&join_key("components", &c.name))),
            );
        }
        for d in self.driver.iter().filter(|d| d.status.severity().is_some()) {
            let place = match d.item.as_str() {
                "cuda" => "driver.cuda".to_string(),
                "min" => "driver.min".to_string(),
                branch => release
                    .driver
                    .iter()
                    .flat_map(|x| x.datacenter.iter().enumerate())
                    .find(|(_, b)| b.branch == branch)
                    .map_or("driver".to_string(), |(i, _)| {
                        format!("driver.datacenter[{i}]")
                    }),
            };
            places.push(sources.value(&place));
        }
        for e in self.env.iter().filter(|e| e.status.severity().is_some()) {
            let i = release.env.iter().position(|x| x.name == e.name);
            places.push(i.and_then(|i| sources.value(&format!("env[{i}]"))));
        }
        for c in &self.copies {
            let component = model::known_component(&c.copies.component);
            let declared = release.components.keys().find(|name| {
                model::known_component(name)
                    .zip(component)
                    .is_some_and(|(a, b)| a.name == b.name)
            });
            places.push(declared.and_then(|name| sources.key(&join_key("components", name))));
        }
        for (finding, at) in self.findings.iter_mut().zip(places) {
            finding.file = path.clone();
            if let Some(at) = at {
                let at = sources.line_column(at);
                finding.line = at.line;
                finding.column = at.column;
            }
        }
    }

    /// `25.10: 52 confirmed, 1 differs, 1 missing, 1 arch missing — 3 findings`.
    pub fn summary_line(&self) -> String {
        let s = &self.summary;
        let mut parts = vec![format!("{} confirmed", s.confirmed)];
        if s.differs > 0 {
            parts.push(format!("{} different", s.differs));
        }
        if s.missing > 0 {
            parts.push(format!("{} missing", s.missing));
        }
        if s.missing_archs > 0 {
            parts.push(format!(
                "{} arch{} missing",
                s.missing_archs,
                if s.missing_archs == 1 { "" } else { "s" }
            ));
        }
        if s.driver_findings > 0 {
            parts.push(plural(s.driver_findings, "driver finding"));
        }
        if s.env_findings > 0 {
            parts.push(plural(s.env_findings, "env finding"));
        }
        if s.unchecked > 0 {
            parts.push(format!("{} unchecked", s.unchecked));
        }
        if s.copies > 0 {
            parts.push(match s.copies {
                1 => "1 library in several copies (warning)".to_string(),
                n => format!("{n} libraries in several copies (warning)"),
            });
        }
        let verdict = match s.findings {
            0 => "everything declared is confirmed".to_string(),
            n => plural(n, "finding"),
        };
        format!("Summary: {} — {verdict}", parts.join(", "))
    }
}

impl model::CommandReport for Report {
    fn to_text(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "relnotes verify {} — {}", self.version, self.image);
        if let Some(sbom) = &self.sbom {
            let _ = writeln!(out, "Trusting the attached SBOM: {}", sbom.note);
            for r in &sbom.read {
                let format = match r.format {
                    SbomFormat::SpdxJson => r.spec_version.clone(),
                    _ => format!("CycloneDX {}", r.spec_version),
                };
                let name = r
                    .name
                    .as_deref()
                    .map(|n| format!(" `{n}`"))
                    .unwrap_or_default();
                let signed = match &r.signed_by {
                    Some(key) => format!("signed by key {key}"),
                    None => "unsigned".to_string(),
                };
                let _ = writeln!(
                    out,
                    "  [{}] {format}{name} in {} {} ({} packages; {} without a purl or the image itself, left out); {signed}",
                    r.arch,
                    match sbom.source {
                        PackageSource::Attestation => "attestation",
                        _ => "referrer",
                    },
                    r.holder,
                    r.packages,
                    r.skipped
                );
            }
        }
        for arch in &self.archs {
            out.push('\n');
            if arch.status == ArchStatus::Missing {
                let _ = writeln!(
                    out,
                    "[{}] ✗ missing: the image has no {} platform (it has {})",
                    arch.arch,
                    arch.platform,
                    if self.platforms.is_empty() {
                        "none".to_string()
                    } else {
                        self.platforms.join(", ")
                    }
                );
                continue;
            }
            let manifest = arch.manifest.as_deref().map(short_digest).unwrap_or("-");
            let _ = writeln!(
                out,
                "[{}] {}  manifest {}  {} layers",
                arch.arch,
                arch.platform,
                manifest,
                arch.layers.len()
            );
            let mut rows: Vec<[String; 5]> = vec![[
                String::new(),
                "COMPONENT".into(),
                "DECLARED".into(),
                "FOUND".into(),
                "WHERE".into(),
            ]];
            let layer_of = |digest: &Option<String>| match digest {
                Some(d) => match arch.layers.iter().position(|l| l == d) {
                    Some(i) => format!(", layer {} {}", i + 1, short_digest(d)),
                    None => format!(", layer {}", short_digest(d)),
                },
                None => String::new(),
            };
            for c in self.components.iter().filter(|c| c.arch == arch.arch) {
                let found = match (&c.found, &c.found_as) {
                    (Some(v), Some(name)) => format!("{name} {v}"),
                    (Some(v), None) => v.clone(),
                    (None, _) => "-".into(),
                };
                let place = match &c.location {
                    Some(l) => format!("{l}{}", layer_of(&c.layer)),
                    None => "not found".into(),
                };
                rows.push([
                    c.status.marker().into(),
                    c.name.clone(),
                    c.declared.clone(),
                    found,
                    place,
                ]);
            }
            for d in self.driver.iter().filter(|d| d.arch == arch.arch) {
                let found = match (&d.found, d.brands.len()) {
                    (Some(f), 0) => f.clone(),
                    (Some(f), 1) => format!("{f} ({})", d.brands[0]),
                    (Some(f), n) => format!("{f} ({n} brands)"),
                    (None, _) => "-".into(),
                };
                let place = match (&d.note, &d.location) {
                    (Some(note), _) => note.clone(),
                    (None, Some(l)) => l.clone(),
                    (None, None) => String::new(),
                };
                rows.push([
                    d.status.marker().into(),
                    format!("driver {}", d.item),
                    d.declared.clone().unwrap_or_else(|| "-".into()),
                    found,
                    place,
                ]);
            }
            for e in self.env.iter().filter(|e| e.arch == arch.arch) {
                rows.push([
                    e.status.marker().into(),
                    format!("env {}", e.name),
                    e.declared.clone().unwrap_or_else(|| "(set)".into()),
                    e.found.clone().unwrap_or_else(|| "-".into()),
                    e.location.clone().unwrap_or_else(|| "not set".into()),
                ]);
            }
            out.push_str(&model::aligned_columns(&rows, "  "));
            for c in self.copies.iter().filter(|c| c.arch == arch.arch) {
                let _ = writeln!(out, "  ⚠ {}", c.copies.describe());
            }
            for p in self.problems.iter().filter(|p| p.arch == arch.arch) {
                let _ = writeln!(
                    out,
                    "  ! {}{}: {} ({})",
                    p.problem.location,
                    layer_of(&p.problem.layer),
                    p.problem.message,
                    p.problem.cataloger
                );
            }
            if let Some(groups) = &self.undeclared {
                let groups: Vec<_> = groups.iter().filter(|g| g.arch == arch.arch).collect();
                let total: usize = groups.iter().map(|g| g.count).sum();
                let counts: Vec<String> = groups
                    .iter()
                    .map(|g| format!("{} {}", g.cataloger, g.count))
                    .collect();
                out.push('\n');
                if total == 0 {
                    let _ = writeln!(out, "  Not declared: nothing");
                } else {
                    let _ = writeln!(out, "  Not declared: {total} ({})", counts.join(", "));
                }
                let mut rows = Vec::new();
                for g in groups {
                    for c in &g.components {
                        rows.push([
                            "+".to_string(),
                            g.cataloger.clone(),
                            c.name.clone(),
                            c.version.clone(),
                            format!("{}{}", c.location, layer_of(&c.layer)),
                        ]);
                    }
                }
                out.push_str(&model::aligned_columns(&rows, "  "));
            }
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
        u8::from(self.has_findings())
    }
}

/// `1 finding`, `2 findings`.
fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// `sha256:` and the first 12 hex digits.
pub(crate) fn short_digest(digest: &str) -> &str {
    let end = digest.find(':').map_or(0, |i| i + 1) + 12;
    &digest[..end.min(digest.len())]
}
