//! Reports that print themselves for people or machines.

use check::{CatalogueReport, CompatReport, Drafted, LintReport, Synced, VerifyReport};

/// A command's answer as text for people or JSON for machines, and the
/// exit code it calls for.
pub trait CommandReport {
    /// The report for people, as the command prints it by default.
    fn to_text(&self) -> String;
    /// The report for machines (`--format json`), ending with a newline.
    fn to_json(&self) -> String;
    /// 1 when a check found a problem (a finding, a stale site), else 0.
    fn exit_code(&self) -> u8 {
        0
    }
}

impl CommandReport for VerifyReport {
    fn to_text(&self) -> String {
        VerifyReport::to_text(self)
    }
    fn to_json(&self) -> String {
        VerifyReport::to_json(self)
    }
    fn exit_code(&self) -> u8 {
        u8::from(self.has_findings())
    }
}

impl CommandReport for LintReport {
    fn to_text(&self) -> String {
        LintReport::to_text(self)
    }
    fn to_json(&self) -> String {
        LintReport::to_json(self)
    }
    fn exit_code(&self) -> u8 {
        u8::from(self.has_errors())
    }
}

/// A question, not a check: exit 0 whatever the answer.
impl CommandReport for CompatReport {
    fn to_text(&self) -> String {
        CompatReport::to_text(self)
    }
    fn to_json(&self) -> String {
        CompatReport::to_json(self)
    }
}

impl CommandReport for Drafted {
    fn to_text(&self) -> String {
        Drafted::to_text(self)
    }
    fn to_json(&self) -> String {
        Drafted::to_json(self)
    }
}

impl CommandReport for Synced {
    fn to_text(&self) -> String {
        Synced::to_text(self)
    }
    fn to_json(&self) -> String {
        Synced::to_json(self)
    }
}

impl CommandReport for CatalogueReport {
    fn to_text(&self) -> String {
        CatalogueReport::to_text(self)
    }
    fn to_json(&self) -> String {
        CatalogueReport::to_json(self)
    }
    fn exit_code(&self) -> u8 {
        CatalogueReport::exit_code(self)
    }
}
