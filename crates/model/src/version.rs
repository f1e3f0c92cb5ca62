//! Version strings and their ordering, per ecosystem.
//!
//! Python packages follow PEP 440 (`pep440_rs`), Debian packages follow
//! Debian policy (`debversion`); operating systems, CUDA and other runtimes
//! use dotted numeric versions with an optional build suffix.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// Where a component comes from; decides how its name is normalised and
/// how its versions are ordered.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Ecosystem {
    /// Python packages: PEP 503 names, PEP 440 versions.
    Pypi,
    /// Debian packages: Debian policy versions.
    Deb,
    /// The operating system (`Ubuntu`): dotted versions.
    Os,
    /// The CUDA toolkit: dotted versions.
    Cuda,
    /// Any other runtime or tool (`Python`, `cuDNN`, `gdb`): dotted versions.
    Generic,
}

impl Ecosystem {
    /// Every ecosystem.
    pub const ALL: [Ecosystem; 5] = [
        Ecosystem::Pypi,
        Ecosystem::Deb,
        Ecosystem::Os,
        Ecosystem::Cuda,
        Ecosystem::Generic,
    ];

    /// The name records and the catalog use (`pypi`, `generic`).
    pub fn as_str(self) -> &'static str {
        match self {
            Ecosystem::Pypi => "pypi",
            Ecosystem::Deb => "deb",
            Ecosystem::Os => "os",
            Ecosystem::Cuda => "cuda",
            Ecosystem::Generic => "generic",
        }
    }

    /// The key two spellings of one component share (PEP 503 for pypi).
    pub fn normalize_name(self, name: &str) -> String {
        match self {
            Ecosystem::Pypi => pep503(name),
            _ => name.to_ascii_lowercase(),
        }
    }

    /// Whether two names normalise alike, without building either form.
    pub(crate) fn names_eq(self, name: &str, other: &str) -> bool {
        match self {
            Ecosystem::Pypi => pep503_eq(name, other),
            _ => name.eq_ignore_ascii_case(other),
        }
    }
}

impl fmt::Display for Ecosystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// PEP 503 name normalisation: lowercase, runs of `-`, `_`, `.` become `-`.
pub fn pep503(name: &str) -> String {
    if !name.is_ascii() {
        return pep503_chars(name).collect();
    }
    let mut out = String::with_capacity(name.len());
    let mut in_separator = false;
    for b in name.bytes() {
        if matches!(b, b'-' | b'_' | b'.') {
            if !in_separator {
                out.push('-');
            }
            in_separator = true;
        } else {
            out.push(b.to_ascii_lowercase() as char);
            in_separator = false;
        }
    }
    out
}

/// Whether `name` and `other` have one [`pep503`] form, without building
/// either.
pub(crate) fn pep503_eq(name: &str, other: &str) -> bool {
    if name.is_ascii() && other.is_ascii() {
        return pep503_bytes(name).eq(pep503_bytes(other));
    }
    pep503_chars(name).eq(pep503_chars(other))
}

/// The bytes of [`pep503`]`(name)` for an ASCII `name`.
fn pep503_bytes(name: &str) -> impl Iterator<Item = u8> + '_ {
    let mut in_separator = false;
    name.bytes().filter_map(move |b| {
        let separator = matches!(b, b'-' | b'_' | b'.');
        let first_of_run = separator && !in_separator;
        in_separator = separator;
        match (separator, first_of_run) {
            (true, true) => Some(b'-'),
            (true, false) => None,
            (false, _) => Some(b.to_ascii_lowercase()),
        }
    })
}

/// The characters of [`pep503`]`(name)`, without building the string.
pub(crate) fn pep503_chars(name: &str) -> impl Iterator<Item = char> + '_ {
    let mut in_separator = false;
    name.chars().flat_map(move |c| {
        let separator = matches!(c, '-' | '_' | '.');
        let first_of_run = separator && !in_separator;
        in_separator = separator;
        let dash = first_of_run.then_some('-');
        let lowered = (!separator).then(|| c.to_lowercase()).into_iter().flatten();
        dash.into_iter().chain(lowered)
    })
}

/// Why a text is not a version of an ecosystem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
// A version read from anyone may be long: the message quotes a little of it.
#[error(
    "`{}` is not a valid {ecosystem} version: {}",
    crate::diagnostic::clip(text, 80),
    crate::diagnostic::clip(reason, 160)
)]
pub struct VersionError {
    pub(crate) text: String,
    pub(crate) ecosystem: Ecosystem,
    pub(crate) reason: String,
}

/// A parsed version; only versions of one ecosystem are compared.
#[derive(Debug, Clone)]
pub enum Version {
    /// A Python package's version.
    Pep440(pep440_rs::Version),
    /// A Debian package's version.
    Debian(debversion::Version),
    /// A dotted version, of the other ecosystems.
    Dotted(Dotted),
}

impl Version {
    /// Parses `text` by the rules of `ecosystem`.
    pub fn parse(ecosystem: Ecosystem, text: &str) -> Result<Version, VersionError> {
        let fail = |reason: String| VersionError {
            text: text.to_string(),
            ecosystem,
            reason,
        };
        match ecosystem {
            Ecosystem::Pypi => pep440_rs::Version::from_str(text)
                .map(Version::Pep440)
                .map_err(|e| fail(e.to_string())),
            Ecosystem::Deb => debversion::Version::from_str(text)
                .map(Version::Debian)
                .map_err(|e| fail(format!("{e:?}"))),
            Ecosystem::Os | Ecosystem::Cuda | Ecosystem::Generic => {
                Dotted::from_str(text).map(Version::Dotted).map_err(fail)
            }
        }
    }

    /// Orders two versions; versions of different kinds are not comparable.
    pub fn compare(&self, other: &Version) -> Option<Ordering> {
        match (self, other) {
            (Version::Pep440(a), Version::Pep440(b)) => Some(a.cmp(b)),
            (Version::Debian(a), Version::Debian(b)) => Some(a.cmp(b)),
            (Version::Dotted(a), Version::Dotted(b)) => Some(a.cmp(b)),
            _ => None,
        }
    }
}

/// Compares two version strings of one ecosystem.
pub fn compare(ecosystem: Ecosystem, a: &str, b: &str) -> Result<Ordering, VersionError> {
    let a = Version::parse(ecosystem, a)?;
    let b = Version::parse(ecosystem, b)?;
    Ok(a.compare(&b).unwrap_or(Ordering::Equal))
}

/// `12.8`, `24.04`, `3.12.7+gc`, `15.0.50.20240403-git`: numeric parts,
/// then an optional suffix after `+`, `-` or `~`.
///
/// Missing trailing parts count as zero (`12.8` == `12.8.0`). A suffix
/// sorts after the bare version, except `~` which sorts before it, as in
/// Debian. A release letter `R` before dotted numbers (`R32.7.1`, as
/// NVIDIA numbers Jetson Linux releases and Intel OpenVINO's `R20.03`)
/// orders as the numbers alone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dotted {
    /// The numbers (`[12, 8]`).
    pub parts: Vec<u64>,
    /// The mark (`+`, `-` or `~`) and what follows it (`gc`), if any.
    pub suffix: Option<(char, String)>,
}

impl FromStr for Dotted {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let text = match text.strip_prefix(['R', 'r']) {
            Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) && rest.contains('.') => {
                rest
            }
            _ => text,
        };
        let (numeric, suffix) = match text.find(['+', '-', '~']) {
            Some(at) => {
                let mark = text[at..].chars().next().unwrap_or('+');
                let rest = &text[at + 1..];
                if rest.is_empty() {
                    return Err(format!("nothing follows `{mark}`"));
                }
                if !rest
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '+' | '-' | '~' | '_'))
                {
                    return Err(format!(
                        "suffix `{rest}` has characters other than letters, digits and . + - ~ _"
                    ));
                }
                (&text[..at], Some((mark, rest.to_string())))
            }
            None => (text, None),
        };
        if numeric.is_empty() {
            return Err("expected digits, like 12.8 or 24.04".into());
        }
        // `1.1.1q`, `9.6p1`: OpenSSL's letter releases and OpenSSH's
        // portable ones, after the bare version. ("2.5x", "1.5b" stay no
        // version: a speed-up, a model's size.)
        let (numeric, suffix) = match letter_release(numeric) {
            // `2021.1.0a5`, `2021.1.0b3`: an alpha or a beta (Unity's
            // pre-releases) comes before the bare version.
            Some((number, letters)) if suffix.is_none() && letters.len() > 1 => {
                let mark = if letters.starts_with(['a', 'b']) {
                    '~'
                } else {
                    '.'
                };
                (number, Some((mark, letters.to_string())))
            }
            Some((number, letters)) if suffix.is_none() => {
                (number, Some(('.', letters.to_string())))
            }
            _ => (numeric, suffix),
        };
        let parts = numeric
            .split('.')
            .map(|p| {
                if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
                    Err(format!(
                        "`{p}` is not a number (expected digits separated by dots, like 12.8)"
                    ))
                } else {
                    p.parse::<u64>().map_err(|e| format!("`{p}`: {e}"))
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Dotted { parts, suffix })
    }
}

/// `1.1.1q` → (`1.1.1`, `q`), `9.6p1` → (`9.6`, `p1`), `2020.3.22f1` →
/// (`2020.3.22`, `f1`): one letter after three numbers (a number may
/// follow it: Unity's `f1`, `a5`, `b3`, `p2`), or `p` and a number after
/// two.
fn letter_release(text: &str) -> Option<(&str, &str)> {
    let at = text.find(|c: char| c.is_ascii_alphabetic())?;
    let (number, letters) = text.split_at(at);
    let numbers = number.split('.').count();
    let well_formed =
        !number.ends_with('.') && number.bytes().all(|b| b.is_ascii_digit() || b == b'.');
    let (letter, count) = letters.split_at(letters.len().min(1));
    let one_letter = letter.bytes().all(|b| b.is_ascii_lowercase() && b != b'x')
        && !letter.is_empty()
        && count.bytes().all(|b| b.is_ascii_digit())
        && numbers >= 3;
    let portable = letters
        .strip_prefix('p')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        && numbers >= 2;
    // `2021e`: the time zone database's releases, a year and one letter.
    let year_letter = number.len() == 4
        && (number.starts_with("19") || number.starts_with("20"))
        && letters.len() == 1
        && letter.bytes().all(|b| b.is_ascii_lowercase());
    (well_formed && (one_letter || portable || year_letter)).then_some((number, letters))
}

impl Ord for Dotted {
    fn cmp(&self, other: &Self) -> Ordering {
        let len = self.parts.len().max(other.parts.len());
        for i in 0..len {
            let a = self.parts.get(i).copied().unwrap_or(0);
            let b = other.parts.get(i).copied().unwrap_or(0);
            match a.cmp(&b) {
                Ordering::Equal => {}
                unequal => return unequal,
            }
        }
        let rank = |s: &Option<(char, String)>| match s {
            Some(('~', _)) => 0,
            None => 1,
            Some(_) => 2,
        };
        rank(&self.suffix)
            .cmp(&rank(&other.suffix))
            .then_with(|| self.suffix.cmp(&other.suffix))
    }
}

impl PartialOrd for Dotted {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Ecosystem::*;

    fn order(eco: Ecosystem, a: &str, b: &str) -> Ordering {
        compare(eco, a, b).unwrap()
    }

    #[test]
    fn pep440_local_pre_and_post_releases() {
        assert_eq!(order(Pypi, "2.8.0.9+nv25.3", "2.8.0.9"), Ordering::Greater);
        assert_eq!(order(Pypi, "2.6.0.7.post1", "2.6.0.7"), Ordering::Greater);
        assert_eq!(
            order(Pypi, "2.6.0.7.post1", "2.8.0.9+nv25.3"),
            Ordering::Less
        );
        assert_eq!(order(Pypi, "3.0.0b1", "3.0.0"), Ordering::Less);
        assert_eq!(order(Pypi, "3.0.0b1", "2.8.3"), Ordering::Greater);
        assert_eq!(order(Pypi, "1.7.0+ali", "1.7.0"), Ordering::Greater);
        assert_eq!(order(Pypi, "2.4.0+3cd6870c", "2.4"), Ordering::Greater);
        assert_eq!(order(Pypi, "4.56.1+ali", "4.56.10"), Ordering::Less);
        assert_eq!(order(Pypi, "0.10.3", "0.9.9"), Ordering::Greater);
        assert_eq!(order(Pypi, "2.9", "2.7"), Ordering::Greater);
        assert_eq!(order(Pypi, "2.9", "2.9.0"), Ordering::Equal);
    }

    #[test]
    fn every_published_version_parses_in_its_ecosystem() {
        let pypi = [
            "2.8.0.9+nv25.3",
            "1.7.0+ali",
            "0.16.9+ali",
            "0.34.0",
            "2.8.3",
            "3.0.0b1",
            "0.2.5",
            "1.1.4",
            "0.14.0",
            "2.1.0",
            "3.3.0",
            "0.10.3",
            "4.11.0.86",
            "0.16.0",
            "0.24.11",
            "3.4.0",
            "2.50.1",
            "1.0.20",
            "2.4.0+3cd6870c",
            "4.56.1+ali",
            "8.3.96",
            "0.11.0",
            "2.6.0.7.post1",
            "2.7",
            "2.9",
        ];
        for v in pypi {
            Version::parse(Pypi, v).unwrap_or_else(|e| panic!("{e}"));
        }
        for (eco, v) in [
            (Os, "24.04"),
            (Os, "22.04"),
            (Cuda, "12.8"),
            (Cuda, "12.8.0"),
            (Cuda, "12.9.0"),
            (Cuda, "12.1"),
            (Generic, "3.12.7+gc"),
            (Generic, "15.0.50.20240403-git"),
            (Generic, "5.4.30"),
            (Generic, "8.9"),
            (Generic, "2.16"),
            (Generic, "575"),
            (Generic, "525.60.13"),
            (Generic, "470.57"),
        ] {
            Version::parse(eco, v).unwrap_or_else(|e| panic!("{e}"));
        }
    }

    #[test]
    fn dotted_numeric_ordering() {
        assert_eq!(order(Cuda, "12.8", "12.9.0"), Ordering::Less);
        assert_eq!(order(Cuda, "12.9.0", "12.8"), Ordering::Greater);
        assert_eq!(order(Cuda, "12.8", "12.8.0"), Ordering::Equal);
        assert_eq!(order(Cuda, "12.10", "12.9"), Ordering::Greater);
        assert_eq!(order(Os, "24.04", "22.04"), Ordering::Greater);
        assert_eq!(order(Generic, "3.12.7+gc", "3.12.7"), Ordering::Greater);
        assert_eq!(order(Generic, "3.12.10", "3.12.7+gc"), Ordering::Greater);
        assert_eq!(order(Generic, "1.0~rc1", "1.0"), Ordering::Less);
        assert_eq!(order(Generic, "525.60.13", "525.85"), Ordering::Less);
        assert_eq!(
            order(Generic, "15.0.50.20240403-git", "15.0.50.20240403"),
            Ordering::Greater
        );
    }

    #[test]
    fn letter_releases_follow_their_version() {
        assert_eq!(order(Generic, "1.1.1q", "1.1.1"), Ordering::Greater);
        assert_eq!(order(Generic, "1.1.1q", "1.1.1w"), Ordering::Less);
        assert_eq!(order(Generic, "1.1.1w", "3.0.5"), Ordering::Less);
        // Unity's releases: final, patch, alpha and beta builds.
        assert_eq!(order(Generic, "2020.3.22f1", "2020.3.22f2"), Ordering::Less);
        assert_eq!(order(Generic, "2020.3.22f1", "2020.3.23f1"), Ordering::Less);
        assert_eq!(order(Generic, "2021.1.0a5", "2021.1.0"), Ordering::Less);
        assert_eq!(
            order(Generic, "6000.0.58f2", "2022.3.1f1"),
            Ordering::Greater
        );
        assert!(Version::parse(Generic, "2.5x1").is_err());
        assert_eq!(order(Generic, "9.6p1", "9.6"), Ordering::Greater);
        // The time zone database's releases.
        assert_eq!(order(Generic, "2021e", "2021a"), Ordering::Greater);
        assert_eq!(order(Generic, "2021e", "2022a"), Ordering::Less);
        for not_versions in ["2.5x", "1.5b", "7b", "3.0.1xy", "1.2.3X", "2021ab", "1234e"] {
            assert!(
                Version::parse(Generic, not_versions).is_err(),
                "{not_versions}"
            );
        }
    }

    #[test]
    fn a_release_letter_orders_as_its_numbers() {
        // Jetson Linux (L4T) releases as NVIDIA writes them.
        assert_eq!(order(Generic, "R32.7.1", "32.7.1"), Ordering::Equal);
        assert_eq!(order(Generic, "r35.4.1", "R32.7.1"), Ordering::Greater);
        for not_versions in ["R32", "R", "Rx.1", "RR1.2"] {
            assert!(
                Version::parse(Generic, not_versions).is_err(),
                "{not_versions}"
            );
        }
    }

    #[test]
    fn debian_ordering() {
        assert_eq!(order(Deb, "1.0~rc1-1", "1.0-1"), Ordering::Less);
        assert_eq!(order(Deb, "2:1.0-1", "3.0-1"), Ordering::Greater);
        assert_eq!(order(Deb, "1.2.3-1ubuntu1", "1.2.3-1"), Ordering::Greater);
        assert_eq!(
            order(Deb, "15.0.50.20240403-git", "15.0.50.20240403-1"),
            Ordering::Greater
        );
    }

    #[test]
    fn invalid_versions_are_rejected_with_the_ecosystem() {
        let err = Version::parse(Pypi, "not a version").unwrap_err();
        assert_eq!(err.ecosystem, Pypi);
        assert!(
            err.to_string()
                .contains("`not a version` is not a valid pypi version")
        );
        assert!(Version::parse(Cuda, "twelve").is_err());
        assert!(Version::parse(Cuda, "12..8").is_err());
        assert!(Version::parse(Generic, "3.10+").is_err());
        assert!(Version::parse(Pypi, "15.0.50.20240403-git").is_err());
    }

    #[test]
    fn pep503_fast_paths_agree_with_the_rule() {
        let names = [
            "flash_attn",
            "Flash.-_Attn",
            "torch",
            "TORCH",
            "a--b__c..d",
            "-lead",
            "trail_",
            "",
            "Ünïcode_Näme",
            "ÜNÏCODE-näme",
            "gdb",
            "perf",
        ];
        for a in names {
            let by_chars: String = pep503_chars(a).collect();
            assert_eq!(pep503(a), by_chars, "{a}");
            for b in names {
                assert_eq!(pep503_eq(a, b), pep503(a) == pep503(b), "{a} ~ {b}");
                for ecosystem in Ecosystem::ALL {
                    assert_eq!(
                        ecosystem.names_eq(a, b),
                        ecosystem.normalize_name(a) == ecosystem.normalize_name(b),
                        "{ecosystem}: {a} ~ {b}"
                    );
                }
            }
        }
    }

    #[test]
    fn pep503_names() {
        assert_eq!(pep503("flash_attn"), "flash-attn");
        assert_eq!(pep503("Flash.-_Attn"), "flash-attn");
        assert_eq!(
            Pypi.normalize_name("transformer_engine"),
            "transformer-engine"
        );
    }
}
