//! Where the cache lives and how large it may grow: `--cache-dir`,
//! `--no-cache`, the environment, the defaults.

use super::CacheError;
use std::path::PathBuf;

/// The bound on the cache's size unless [`MAX_SIZE_VARIABLE`] says otherwise.
pub(crate) const DEFAULT_MAX_BYTES: u64 = 1 << 30;

/// Set to anything but `0` or nothing: as `--no-cache` (for CI, tests).
pub(crate) const NO_CACHE_VARIABLE: &str = "RELNOTES_NO_CACHE";

/// The bound on the cache's size: bytes, or with K, M, G or T.
pub(crate) const MAX_SIZE_VARIABLE: &str = "RELNOTES_CACHE_MAX_SIZE";

/// Where the layer cache is and how large it may grow.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CacheSettings {
    /// `None`: nothing is read from or written to disk.
    pub dir: Option<PathBuf>,
    /// The bound on the size of the directory's entries, in bytes; the
    /// least recently used go first.
    pub max_bytes: u64,
}

impl CacheSettings {
    /// The settings of a command: `dir` (`--cache-dir`) else the user's
    /// cache directory; none with `no_cache` or `RELNOTES_NO_CACHE`; the
    /// bound from `RELNOTES_CACHE_MAX_SIZE`, else 1 GiB. Without a
    /// directory to use (no `$HOME`), scans are kept for the run only.
    pub fn resolve(dir: Option<PathBuf>, no_cache: bool) -> Result<CacheSettings, CacheError> {
        let off = no_cache
            || std::env::var_os(NO_CACHE_VARIABLE).is_some_and(|v| !v.is_empty() && v != "0");
        Ok(CacheSettings {
            dir: if off { None } else { dir.or_else(default_dir) },
            max_bytes: max_bytes()?,
        })
    }

    /// The directory `relnotes cache` manages: `dir`, else the user's.
    pub fn managed(dir: Option<PathBuf>) -> Result<CacheSettings, CacheError> {
        Ok(CacheSettings {
            dir: Some(dir.or_else(default_dir).ok_or(CacheError::NoDirectory)?),
            max_bytes: max_bytes()?,
        })
    }
}

/// `$XDG_CACHE_HOME/relnotes`, else `~/.cache/relnotes` (relative values
/// are ignored, as the XDG base directory specification says).
pub(crate) fn default_dir() -> Option<PathBuf> {
    let absolute = |name: &str| {
        std::env::var_os(name)
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    absolute("XDG_CACHE_HOME")
        .or_else(|| absolute("HOME").map(|home| home.join(".cache")))
        .map(|base| base.join("relnotes"))
}

fn max_bytes() -> Result<u64, CacheError> {
    match std::env::var(MAX_SIZE_VARIABLE) {
        Err(_) => Ok(DEFAULT_MAX_BYTES),
        Ok(value) => parse_size(&value).ok_or_else(|| CacheError::BadSize {
            variable: MAX_SIZE_VARIABLE.into(),
            value,
        }),
    }
}

/// `1073741824`, `512M`, `1G`, `1GiB`, `2g`: bytes, or a whole number of
/// KiB, MiB, GiB or TiB.
pub(crate) fn parse_size(text: &str) -> Option<u64> {
    let text = text.trim();
    let digits = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(digits);
    let number: u64 = number.parse().ok()?;
    let shift = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 0,
        "k" | "kb" | "kib" => 10,
        "m" | "mb" | "mib" => 20,
        "g" | "gb" | "gib" => 30,
        "t" | "tb" | "tib" => 40,
        _ => return None,
    };
    number.checked_mul(1 << shift)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(parse_size("1073741824"), Some(1 << 30));
        assert_eq!(parse_size("512M"), Some(512 << 20));
        assert_eq!(parse_size("1GiB"), Some(1 << 30));
        assert_eq!(parse_size(" 2 g "), Some(2 << 30));
        assert_eq!(parse_size("0"), Some(0));
        for bad in ["", "G", "1.5G", "-1", "1X", "99999999999T"] {
            assert_eq!(parse_size(bad), None, "{bad}");
        }
    }
}
