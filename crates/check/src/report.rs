//! Each check's report as the one shape of a command's answer.

use crate::{CatalogueReport, CompatReport, Drafted, LintReport, Synced, VerifyReport};
use model::CommandReport;
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
