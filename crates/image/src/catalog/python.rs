//! Python packages: the core metadata pip (and setuptools, and Debian's
//! python3-* packages) leave beside every installed distribution.
//!
//! - `<dir>/<name>-<version>.dist-info/METADATA` (wheels, pip installs);
//! - `<dir>/<name>-<version>.egg-info/PKG-INFO` (setuptools develop and
//!   legacy installs), `<name>.egg-info` as a single file (distutils), and
//!   `<name>.egg/EGG-INFO/PKG-INFO` (eggs).
//!
//! Anywhere in the image (`site-packages`, `dist-packages`, `--target`
//! directories), except copies vendored inside another package
//! (`setuptools/_vendor/packaging-24.2.dist-info`), which are not installed
//! distributions. The `Name:` and `Version:` headers of the email-style
//! header block say what is installed; its `Requires-Dist:` headers what
//! it needs (torch names the `nvidia-cudnn-cu13` wheel it loads).

use super::cataloger::{Cataloger, Findings, file_name, parent_name};
use crate::{FoundFile, ImageConfig, Keep};
use model::Ecosystem;

pub(crate) struct PythonPackages;

impl Cataloger for PythonPackages {
    fn name(&self) -> &'static str {
        "python"
    }

    /// Whatever the size: only the header block is read (see `keep`).
    fn wants(&self, path: &str, _size: u64) -> bool {
        let file = file_name(path);
        let wanted = match file {
            "METADATA" => parent_name(path).is_some_and(|p| p.ends_with(".dist-info")),
            "PKG-INFO" => {
                parent_name(path).is_some_and(|p| p.ends_with(".egg-info") || p == "EGG-INFO")
            }
            _ => file.ends_with(".egg-info"),
        };
        wanted && !vendored(path)
    }

    /// The headers say what is installed; the long description after them
    /// (megabytes in some packages) is not read.
    fn keep(&self) -> Keep {
        Keep::Headers
    }

    fn catalog(&self, files: &[&FoundFile], _config: &ImageConfig, out: &mut Findings) {
        for file in files {
            if file.symlink {
                continue;
            }
            let text = String::from_utf8_lossy(&file.contents);
            let headers = parse_headers(&text);
            let header = |key: &str| {
                headers
                    .iter()
                    .find(|(k, _)| k.eq_ignore_ascii_case(key))
                    .map(|(_, v)| v.as_str())
                    .filter(|v| !v.is_empty())
            };
            match (header("Name"), header("Version")) {
                (Some(name), Some(version)) => {
                    let evidence =
                        out.found_with_evidence(self, file, name, version, Ecosystem::Pypi);
                    evidence.requires = headers
                        .iter()
                        .filter(|(k, _)| k.eq_ignore_ascii_case("Requires-Dist"))
                        .map(|(_, v)| v.clone())
                        .collect();
                }
                _ => out.problem(
                    self,
                    file,
                    "core metadata without a `Name:` and a `Version:` header".into(),
                ),
            }
        }
    }
}

/// Inside another package's `_vendor`/`_vendored` directory.
fn vendored(path: &str) -> bool {
    path.split('/')
        .any(|part| part == "_vendor" || part == "_vendored")
}

/// The header block of an email-style metadata file (RFC 822 as
/// `email.parser` reads it): `Key: value` lines up to the first empty line,
/// continuation lines starting with a space or tab.
pub(crate) fn parse_headers(text: &str) -> Vec<(String, String)> {
    let mut headers: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        if line.is_empty() {
            break;
        }
        if line.starts_with([' ', '\t']) {
            if let Some((_, value)) = headers.last_mut() {
                value.push('\n');
                value.push_str(line.trim());
            }
            continue;
        }
        if let Some((key, value)) = line.split_once(':') {
            headers.push((key.trim().to_string(), value.trim().to_string()));
        }
    }
    headers
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    /// The header block of peft 0.16.0's METADATA as its wheel ships it.
    const PEFT_METADATA: &str = "Metadata-Version: 2.2\nName: peft\nVersion: 0.16.0\nSummary: Parameter-Efficient Fine-Tuning (PEFT)\nHome-page: https://github.com/huggingface/peft\nAuthor: The HuggingFace team\nAuthor-email: benjamin@huggingface.co\nLicense: Apache\nKeywords: deep learning\nClassifier: Development Status :: 5 - Production/Stable\nClassifier: Intended Audience :: Developers\nClassifier: Programming Language :: Python :: 3.12\nRequires-Python: >=3.9.0\nDescription-Content-Type: text/markdown\nLicense-File: LICENSE\nRequires-Dist: numpy>=1.17\nRequires-Dist: torch>=1.13.0\nRequires-Dist: accelerate>=0.21.0\nProvides-Extra: quality\nRequires-Dist: black; extra == \"quality\"\n\n<!---\nCopyright 2023 The HuggingFace Team. All rights reserved.\n-->\n\nName: not-a-header\nVersion: 9.9\n";

    /// A Metadata-Version 2.1 file with a folded License header and CRLF
    /// line ends, as some setuptools builds write them.
    const FLASH_ATTN_PKG_INFO: &str = "Metadata-Version: 2.1\r\nName: flash_attn\r\nVersion: 2.8.3\r\nSummary: Flash Attention: Fast and Memory-Efficient Exact Attention\r\nHome-page: https://github.com/Dao-AILab/flash-attention\r\nAuthor: Tri Dao\r\nLicense: BSD 3-Clause License\r\n        \r\n        Copyright (c) 2022, the respective contributors\r\nClassifier: Programming Language :: Python :: 3\r\nRequires-Python: >=3.9\r\n\r\n# FlashAttention\r\n";

    #[test]
    fn reads_name_and_version_from_the_header_block_only() {
        let out = run(
            &PythonPackages,
            &[
                file(
                    "usr/local/lib/python3.12/dist-packages/peft-0.16.0.dist-info/METADATA",
                    PEFT_METADATA,
                ),
                file(
                    "usr/local/lib/python3.12/site-packages/flash_attn-2.8.3-py3.12.egg-info/PKG-INFO",
                    FLASH_ATTN_PKG_INFO,
                ),
            ],
            &[],
        );
        assert_eq!(
            found(&out),
            [
                (
                    "peft".into(),
                    "0.16.0".into(),
                    "usr/local/lib/python3.12/dist-packages/peft-0.16.0.dist-info/METADATA"
                        .into()
                ),
                (
                    "flash_attn".into(),
                    "2.8.3".into(),
                    "usr/local/lib/python3.12/site-packages/flash_attn-2.8.3-py3.12.egg-info/PKG-INFO"
                        .into()
                ),
            ]
        );
        assert_eq!(out.components[0].ecosystem, Ecosystem::Pypi);
        assert_eq!(out.components[0].layer(), Some(LAYER));
        // Its requirements, from the header block only.
        assert_eq!(
            out.components[0].evidence().unwrap().requires,
            [
                "numpy>=1.17",
                "torch>=1.13.0",
                "accelerate>=0.21.0",
                "black; extra == \"quality\""
            ]
        );
    }

    #[test]
    fn folded_headers_continue_the_previous_value() {
        let headers = parse_headers(FLASH_ATTN_PKG_INFO);
        let license = headers.iter().find(|(k, _)| k == "License").unwrap();
        assert!(license.1.starts_with("BSD 3-Clause License\n"));
        assert!(license.1.ends_with("respective contributors"));
        assert_eq!(headers[1], ("Name".into(), "flash_attn".into()));
    }

    #[test]
    fn distutils_egg_info_files_and_eggs_are_read() {
        let out = run(
            &PythonPackages,
            &[
                file(
                    "usr/lib/python3/dist-packages/dbus_python-1.3.2.egg-info",
                    "Metadata-Version: 1.1\nName: dbus-python\nVersion: 1.3.2\n",
                ),
                file(
                    "opt/conda/lib/python3.12/site-packages/ninja-1.11.1-py3.12.egg/EGG-INFO/PKG-INFO",
                    "Metadata-Version: 2.1\nName: ninja\nVersion: 1.11.1\n",
                ),
            ],
            &[],
        );
        let names: Vec<_> = found(&out).into_iter().map(|(n, v, _)| (n, v)).collect();
        assert_eq!(
            names,
            [
                ("ninja".into(), "1.11.1".into()),
                ("dbus-python".into(), "1.3.2".into())
            ]
        );
    }

    #[test]
    fn vendored_copies_and_other_files_are_not_asked_for() {
        let c = PythonPackages;
        assert!(!c.wants(
            "usr/local/lib/python3.12/dist-packages/setuptools/_vendor/packaging-24.2.dist-info/METADATA",
            100
        ));
        assert!(!c.wants(
            "usr/local/lib/python3.12/dist-packages/torch-2.8.0.dist-info/RECORD",
            100
        ));
        assert!(!c.wants("usr/share/doc/METADATA", 100));
        assert!(c.wants(
            "usr/local/lib/python3.12/dist-packages/torch-2.8.0.dist-info/METADATA",
            100
        ));
    }

    #[test]
    fn metadata_without_a_version_is_a_problem_not_a_component() {
        let out = run(
            &PythonPackages,
            &[file(
                "usr/lib/python3/dist-packages/broken-1.0.dist-info/METADATA",
                "Metadata-Version: 2.1\nName: broken\n",
            )],
            &[],
        );
        assert!(out.components.is_empty());
        assert_eq!(out.problems.len(), 1);
        assert!(out.problems[0].message.contains("Version"));
    }
}
