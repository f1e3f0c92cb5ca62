//! The distribution: `etc/os-release`, or `usr/lib/os-release` where
//! `etc/os-release` is missing or a symlink to it (as on Ubuntu and Debian).
//!
//! `ID` names it (`ubuntu`), `VERSION_ID` gives its version (`24.04`); when
//! `VERSION` starts with a longer form of it (`24.04.3 LTS (Noble Numbat)`)
//! that point release is the version found.

use super::cataloger::{Cataloger, Findings, MAX_VERSION_FILE};
use crate::{FoundFile, ImageConfig};
use model::Ecosystem;

pub(crate) struct OsRelease;

const PATHS: [&str; 2] = ["etc/os-release", "usr/lib/os-release"];

impl Cataloger for OsRelease {
    fn name(&self) -> &'static str {
        "os-release"
    }

    fn wants(&self, path: &str, size: u64) -> bool {
        size <= MAX_VERSION_FILE && PATHS.contains(&path)
    }

    fn catalog(&self, files: &[&FoundFile], _config: &ImageConfig, out: &mut Findings) {
        let Some(file) = PATHS
            .iter()
            .find_map(|p| files.iter().find(|f| f.path == *p && !f.symlink))
        else {
            return;
        };
        let text = String::from_utf8_lossy(&file.contents);
        let fields = parse(&text);
        let field = |key: &str| {
            fields
                .iter()
                .find(|(k, _)| *k == key)
                .map(|(_, v)| v.as_str())
                .filter(|v| !v.is_empty())
        };
        let (Some(id), Some(version_id)) = (field("ID"), field("VERSION_ID")) else {
            out.problem(self, file, "no `ID` and `VERSION_ID`".into());
            return;
        };
        let version = field("VERSION")
            .and_then(|v| v.split_whitespace().next())
            .filter(|v| {
                v.strip_prefix(version_id)
                    .and_then(|rest| rest.strip_prefix('.'))
                    .is_some_and(|rest| {
                        !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit())
                    })
            })
            .unwrap_or(version_id);
        out.found_in(self, file, &id.to_ascii_lowercase(), version, Ecosystem::Os);
    }
}

/// `KEY=value` lines, values unquoted (`"…"` or `'…'`, with `\` escapes).
fn parse(text: &str) -> Vec<(&str, String)> {
    text.lines()
        .filter_map(|line| {
            let line = line.trim();
            if line.starts_with('#') {
                return None;
            }
            let (key, value) = line.split_once('=')?;
            let value = value.trim();
            let unquoted = match value.as_bytes().first() {
                Some(q @ (b'"' | b'\'')) if value.len() >= 2 && value.ends_with(*q as char) => {
                    let inner = &value[1..value.len() - 1];
                    let mut out = String::new();
                    let mut chars = inner.chars();
                    while let Some(c) = chars.next() {
                        if c == '\\' {
                            out.extend(chars.next());
                        } else {
                            out.push(c);
                        }
                    }
                    out
                }
                _ => value.to_string(),
            };
            Some((key.trim(), unquoted))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    /// `usr/lib/os-release` of Ubuntu 24.04.3 LTS.
    const NOBLE: &str = include_str!("../../../../tests/fixtures/verify/os-release.ubuntu-24.04.3");

    #[test]
    fn ubuntu_through_the_etc_symlink() {
        let out = run(
            &OsRelease,
            &[
                symlink("etc/os-release", "../usr/lib/os-release"),
                file("usr/lib/os-release", NOBLE),
            ],
            &[],
        );
        assert_eq!(
            found(&out),
            [(
                "ubuntu".into(),
                "24.04.3".into(),
                "usr/lib/os-release".into()
            )]
        );
        assert_eq!(out.components[0].ecosystem, Ecosystem::Os);
    }

    #[test]
    fn etc_wins_over_usr_lib_and_version_id_is_the_fallback() {
        let out = run(
            &OsRelease,
            &[
                file(
                    "etc/os-release",
                    "PRETTY_NAME=\"Debian GNU/Linux 12 (bookworm)\"\nNAME=\"Debian GNU/Linux\"\nVERSION_ID=\"12\"\nVERSION=\"12 (bookworm)\"\nVERSION_CODENAME=bookworm\nID=debian\n",
                ),
                file("usr/lib/os-release", NOBLE),
            ],
            &[],
        );
        assert_eq!(
            found(&out),
            [("debian".into(), "12".into(), "etc/os-release".into())]
        );
    }

    #[test]
    fn quoting_and_comments() {
        let fields =
            parse("# comment\nNAME='Alibaba Cloud Linux'\nID=\"alinux\"\nX=\"a \\\"b\\\"\"\n");
        assert_eq!(
            fields,
            [
                ("NAME", "Alibaba Cloud Linux".to_string()),
                ("ID", "alinux".to_string()),
                ("X", "a \"b\"".to_string())
            ]
        );
    }
}
