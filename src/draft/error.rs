//! Why a record cannot be drafted or synced, and what a new release's
//! version may look like.

use model::output::OutputError;
use model::record::RecordError;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum DraftError {
    #[error(
        "`{0}` is not a release version\n  = hint: a version is letters, digits, `.`, `-`, `_` and `+`, starting with a letter or digit and holding a digit (e.g. 25.11)"
    )]
    NotAVersion(String),
    #[error("{} exists\n  = hint: pass --force to replace it", model::record::diagnostic::shown(path).display())]
    Exists { path: PathBuf },
    #[error(
        "{image} holds none of the architectures of {version} ({}); it has {}\n  = hint: pass an image built for one of them",
        archs.join(", "),
        if platforms.is_empty() { "no platform".to_string() } else { platforms.join(", ") }
    )]
    NoArch {
        image: String,
        version: String,
        archs: Vec<String>,
        platforms: Vec<String>,
    },
    #[error(
        "--add {name}: the image holds no `{name}` on any architecture\n  = hint: `relnotes verify {version} --image {image} --show-undeclared` lists what it holds"
    )]
    NotInImage {
        name: String,
        version: String,
        image: String,
    },
    #[error(
        "--add {name}: the image holds `{name}` only as the {cataloger} cataloger finds it, and the project reads `{name}` as a {ecosystem} package\n  = hint: declare its ecosystem in relnotes.toml, e.g. [catalog] {name} = \"generic\", so verify looks for it there too"
    )]
    OtherEcosystem {
        name: String,
        ecosystem: String,
        cataloger: String,
    },
    #[error("{}: cannot edit the record: {message}", path.display())]
    Document { path: PathBuf, message: String },
    #[error(
        "--no-drafts: {} {} a draft (`draft = true`)\n  = hint: review the record and delete `draft = true`, or build without --no-drafts",
        .0.join(", "),
        if .0.len() == 1 { "is" } else { "are" }
    )]
    Drafts(Vec<String>),
    #[error("the drafted record does not load:\n{0}")]
    Invalid(String),
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// Letters, digits, `.`, `-`, `_`, `+`, starting with a letter or digit,
/// with a digit somewhere: a version that makes a file name and sorts.
pub fn check_version(version: &str) -> Result<(), DraftError> {
    let ok = version
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric())
        && version
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '+'))
        && version.chars().any(|c| c.is_ascii_digit())
        && !version.contains("..");
    if ok {
        Ok(())
    } else {
        Err(DraftError::NotAVersion(version.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_that_make_file_names() {
        for good in ["25.11", "v2.10", "26.01-rc1", "1"] {
            assert!(check_version(good).is_ok(), "{good}");
        }
        for bad in ["", "../25.11", "25/11", "next", ".25", "25 11", "25..11"] {
            assert!(check_version(bad).is_err(), "{bad}");
        }
    }
}
