//! Problems found in a record, located by file, line and column, in the
//! crate's one [`Diagnostic`] shape.

pub(crate) use crate::diagnostic::Diagnostic;
pub(crate) use crate::diagnostic::Severity;
use std::path::{Path, PathBuf};

/// `path` as people should read it: relative to the current directory
/// when it lies below it.
pub fn shown(path: &Path) -> PathBuf {
    // Asked once per process: a record with thousands of warnings would
    // otherwise ask the file system thousands of times.
    static CWD: std::sync::OnceLock<Option<PathBuf>> = std::sync::OnceLock::new();
    let cwd = CWD.get_or_init(|| {
        std::env::current_dir()
            .ok()
            .and_then(|cwd| std::fs::canonicalize(cwd).ok())
    });
    cwd.as_ref()
        .and_then(|cwd| path.strip_prefix(cwd).ok().map(Path::to_path_buf))
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or_else(|| path.to_path_buf())
}

/// "did you mean" for a misspelt name among the accepted ones.
pub(crate) fn did_you_mean<'a>(
    given: &str,
    accepted: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    accepted
        .into_iter()
        .map(|name| (strsim::jaro_winkler(given, name), name))
        .filter(|(score, _)| *score > 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, name)| format!("did you mean `{name}`?"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_for_near_misses_only() {
        assert_eq!(
            did_you_mean("featurs", ["features", "version"]).as_deref(),
            Some("did you mean `features`?")
        );
        assert_eq!(did_you_mean("zzz", ["features", "version"]), None);
    }
}
