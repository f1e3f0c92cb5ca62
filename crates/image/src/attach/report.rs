//! What `attach` did and what `referrers` found, as text and JSON.

use super::referrers::Via;
use model::CommandReport;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write;

/// Which SBOM: what the record declares, or what verify found in the image.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SbomKind {
    /// The SBOM of the record: the components it declares.
    Declared,
    /// The SBOM of what `relnotes verify` found in the image.
    Observed,
}

impl SbomKind {
    /// `declared` or `observed`, as the artifact's annotation says it.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            SbomKind::Declared => "declared",
            SbomKind::Observed => "observed",
        }
    }
}

/// Whether an SBOM was pushed now or found attached already.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Status {
    Attached,
    AlreadyAttached,
}

/// One SBOM attached to one platform manifest.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Attached {
    pub arch: String,
    pub platform: String,
    /// The digest of the platform manifest it refers to.
    pub subject: String,
    pub kind: SbomKind,
    pub artifact_type: String,
    /// The digest of the artifact manifest.
    pub digest: String,
    pub size: u64,
    pub status: Status,
    pub via: Via,
    /// The key that signed it (`sha256:` of its public key), for a signed
    /// attestation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub signed_by: Option<String>,
}

/// What `relnotes attach` did.
#[derive(Debug, Clone, Serialize)]
pub struct AttachReport {
    pub(crate) version: String,
    pub(crate) image: String,
    pub(crate) attached: Vec<Attached>,
}

/// One referrer of a platform manifest.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Referrer {
    pub artifact_type: Option<String>,
    pub media_type: String,
    pub digest: String,
    pub size: u64,
    pub annotations: BTreeMap<String, String>,
}

/// One statement of an attestation manifest, as its descriptor says.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Statement {
    /// `application/vnd.in-toto+json`.
    pub media_type: String,
    /// `https://spdx.dev/Document`, where the descriptor says it.
    pub predicate_type: Option<String>,
    pub digest: String,
    pub size: u64,
}

/// A BuildKit attestation manifest about one platform manifest.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct AttestationEntry {
    pub digest: String,
    pub size: u64,
    pub statements: Vec<Statement>,
}

/// The referrers of one platform.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PlatformReferrers {
    pub platform: String,
    /// The digest of the platform manifest.
    pub manifest: String,
    /// The platform manifest by digest (`host/repo@sha256:…`): what to
    /// give a scanner that reads referrers (trivy `--sbom-sources oci`).
    pub scan: String,
    pub via: Via,
    pub referrers: Vec<Referrer>,
    /// The attestation manifests the image index holds about it.
    pub attestations: Vec<AttestationEntry>,
}

/// What `relnotes referrers` found.
#[derive(Debug, Clone, Serialize)]
pub struct ReferrersReport {
    pub(crate) image: String,
    pub(crate) platforms: Vec<PlatformReferrers>,
}

/// `sha256:0123456789ab`: enough of a digest to tell it apart on screen.
fn short(digest: &str) -> &str {
    let end = digest.find(':').map_or(0, |i| i + 1) + 12;
    digest.get(..end).unwrap_or(digest)
}

fn via_text(via: Via, subject: &str) -> String {
    match via {
        Via::Api => "referrers API".into(),
        Via::Tag => format!("referrers tag {}", super::referrers::referrers_tag(subject)),
        Via::Cosign => format!(
            "signed attestation, cosign's tag {}",
            super::referrers::attestation_tag(subject)
        ),
    }
}

impl CommandReport for AttachReport {
    /// The report for a terminal: per platform manifest, each SBOM and
    /// whether it was attached now or already.
    fn to_text(&self) -> String {
        let mut out = format!("relnotes attach {} — {}\n", self.version, self.image);
        let mut previous = None;
        for a in &self.attached {
            if previous != Some((&a.arch, &a.subject, a.via)) {
                let _ = writeln!(
                    out,
                    "\n[{}] {}  manifest {}  ({})",
                    a.arch,
                    a.platform,
                    short(&a.subject),
                    via_text(a.via, &a.subject)
                );
                previous = Some((&a.arch, &a.subject, a.via));
            }
            let status = match a.status {
                Status::Attached => "attached",
                Status::AlreadyAttached => "already attached",
            };
            let _ = writeln!(
                out,
                "  {status:<16}  {:<8}  {}  {}  {} bytes{}",
                a.kind.as_str(),
                a.artifact_type,
                a.digest,
                a.size,
                a.signed_by
                    .as_deref()
                    .map(|key| format!("  signed by key {key}"))
                    .unwrap_or_default(),
            );
        }
        out
    }

    /// The report as pretty-printed JSON, ending in a newline.
    fn to_json(&self) -> String {
        let mut json = serde_json::to_string_pretty(self).expect("a report serializes");
        json.push('\n');
        json
    }
}

impl CommandReport for ReferrersReport {
    /// The report for a terminal: per platform manifest, the reference
    /// to scan, each referrer's type, digest, size and annotations, then
    /// each attestation manifest's statements.
    fn to_text(&self) -> String {
        let mut out = format!("referrers of {}\n", self.image);
        for p in &self.platforms {
            let _ = writeln!(
                out,
                "\n{} manifest {} ({} referrer(s), from the {})",
                p.platform,
                p.manifest,
                p.referrers.len(),
                via_text(p.via, &p.manifest),
            );
            let _ = writeln!(out, "  scan: {}", p.scan);
            for r in &p.referrers {
                let _ = writeln!(
                    out,
                    "  {}  {}  {} bytes",
                    r.artifact_type.as_deref().unwrap_or(&r.media_type),
                    r.digest,
                    r.size
                );
                for (key, value) in &r.annotations {
                    let _ = writeln!(out, "    {key}: {value}");
                }
            }
            for a in &p.attestations {
                let _ = writeln!(
                    out,
                    "  attestation manifest (in the image index)  {}  {} bytes",
                    a.digest, a.size
                );
                for s in &a.statements {
                    let _ = writeln!(
                        out,
                        "    {}  {}  {}  {} bytes",
                        s.predicate_type
                            .as_deref()
                            .unwrap_or("(predicate type not said)"),
                        s.media_type,
                        s.digest,
                        s.size
                    );
                }
            }
        }
        out
    }

    /// The report as pretty-printed JSON, ending in a newline.
    fn to_json(&self) -> String {
        let mut json = serde_json::to_string_pretty(self).expect("a report serializes");
        json.push('\n');
        json
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn short_digests() {
        assert_eq!(
            super::short("sha256:0123456789abcdef"),
            "sha256:0123456789ab"
        );
        assert_eq!(super::short("sha256:01"), "sha256:01");
    }
}
