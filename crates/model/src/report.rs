//! The one shape of a command's answer: text for people, JSON for
//! machines, and the exit code it calls for. Each crate's reports
//! implement it; the command line prints them all the same way.

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
