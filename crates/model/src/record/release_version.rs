//! The one rule for a release's version, shared by the loader, `new` and
//! `import`: the version names the record's file and the pages built from
//! it, so it must make a file name on every system and sort.

/// Longest release version accepted, in bytes: as long as an OCI image tag
/// may be (the distribution spec's `[a-zA-Z0-9_][a-zA-Z0-9._-]{0,127}`),
/// since teams name releases by their images' tags; a file name with room
/// to spare.
pub(crate) const MAX_RELEASE_VERSION_LEN: usize = 128;

/// What a release version must be, as the hint of every refusal says it.
pub const RELEASE_VERSION_RULE: &str = "a version is at most 128 letters, digits, `.`, `-`, `_` and `+`, starting with a letter or digit and holding a digit (e.g. 25.11)";

/// Whether `version` is a release version: ASCII letters, digits, `.`,
/// `-`, `_`, `+`, starting with a letter or digit, with a digit somewhere,
/// no `..`, at most 128 bytes (`MAX_RELEASE_VERSION_LEN`). No space, path
/// separator, control character or reserved device name (`CON`, `NUL` …
/// hold no digit) gets through.
pub fn is_release_version(version: &str) -> bool {
    version.len() <= MAX_RELEASE_VERSION_LEN
        && version
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_alphanumeric())
        && version
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '+'))
        && version.chars().any(|c| c.is_ascii_digit())
        && !version.contains("..")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_that_make_file_names() {
        // An image's tag naming its stack, as long as a tag may be.
        let tag = "cuda11.7_cudnn8_ubuntu20.04_python3.10_torch1.13.1_tensorflow2.11.0_detectron2";
        for good in ["25.11", "v2.10", "26.01-rc1", "1", "2.0+build_3", tag] {
            assert!(is_release_version(good), "{good}");
        }
        let long = "1".repeat(MAX_RELEASE_VERSION_LEN + 1);
        for bad in [
            "",
            "../25.11",
            "25/11",
            "25\\11",
            "next",
            ".25",
            "25 11",
            "25..11",
            "26.01;rm",
            "CON",
            "💥",
            "26.01\u{1b}",
            "26.01\u{202e}",
            "-1",
            &long,
        ] {
            assert!(!is_release_version(bad), "{bad:?}");
        }
    }
}
