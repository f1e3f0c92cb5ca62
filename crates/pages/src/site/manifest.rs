//! The site's own manifest, `DIR/.relnotes-site`: which files relnotes
//! wrote (a rebuild replaces them and keeps every other file) and, per
//! file, what a later build needs to reuse it unchanged — the BLAKE3
//! digest of its bytes and of everything it was built from.
//!
//! ```text
//! # Files written by `relnotes site` …
//! relnotes-site 4 <build digest>
//! <content digest> <inputs digest, or - when always rebuilt> <path>
//! record <digest of the record's text> <its fingerprint> <version>
//! ```
//!
//! The build digest covers what every page depends on (relnotes'
//! version, the project file, the templates, the languages, the base
//! URL). A record line saves the next build with the same build digest
//! from fingerprinting a record whose text did not change. A manifest of
//! the first format (one path per line), of the second (no record
//! lines) or the third (SHA-256 digests), or one that does not parse,
//! still says which files are relnotes' own; nothing in it is reused.

use super::digest::Digest;
use std::collections::BTreeMap;

/// The first line of a manifest of this format, before the build digest.
const HEADER: &str = "relnotes-site 4";

/// The same, of the formats before: without record lines (2), with
/// SHA-256 digests (2 and 3). Their paths are read, nothing is reused.
const OLDER_HEADERS: [&str; 2] = ["relnotes-site 2 ", "relnotes-site 3 "];

/// The word that starts a record line.
const RECORD: &str = "record";

const COMMENT: &str = "# Files written by `relnotes site`: a rebuild replaces them and keeps every other file.\n# Per file: BLAKE3 of its bytes, BLAKE3 of what it was built from (- when always rebuilt), path.\n# Per record: BLAKE3 of its text, BLAKE3 of the release loaded from it, version.\n";

/// One file relnotes wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    pub content: Digest,
    /// `None` for the pages about every release, rebuilt every time.
    pub inputs: Option<Digest>,
}

/// A record's fingerprint (the digest of the release loaded from it),
/// by its version and the digest of its text.
pub type Records = BTreeMap<(String, Digest), Digest>;

impl Line {
    /// The line of a file with `bytes`, built from `inputs`.
    pub fn of(bytes: &[u8], inputs: Option<&Digest>) -> Line {
        Line {
            content: Digest::of(bytes),
            inputs: inputs.copied(),
        }
    }
}

/// A manifest read from disk.
#[derive(Debug, Default)]
pub struct Manifest {
    /// Every path listed: the files relnotes wrote.
    pub owned: Vec<String>,
    /// What a build with the same build digest may reuse: only when the
    /// whole manifest is of this format or the one before and parses.
    pub reusable: Option<(Digest, BTreeMap<String, Line>, Records)>,
}

impl Manifest {
    /// Reads a manifest of either format; never fails: what does not
    /// parse is not reused.
    pub fn parse(text: &str) -> Manifest {
        let mut lines = text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        let first = lines.clone().next();
        let build = first
            .and_then(|first| first.strip_prefix(HEADER))
            .and_then(|rest| rest.strip_prefix(' '))
            .map(Digest::parse)
            .or_else(|| {
                // An older format: its digests are of another hash.
                first
                    .filter(|f| OLDER_HEADERS.iter().any(|h| f.starts_with(h)))
                    .map(|_| None)
            });
        let Some(build) = build else {
            // The first format: a path per line.
            return Manifest {
                owned: lines.map(str::to_string).collect(),
                reusable: None,
            };
        };
        lines.next();
        let mut owned = Vec::new();
        let mut entries = BTreeMap::new();
        let mut records = Records::new();
        // A manifest cut short (a full disk) ends without its newline.
        let mut intact = build.is_some() && text.ends_with('\n');
        for line in lines {
            if let Some(record) = line.strip_prefix(RECORD).and_then(|r| r.strip_prefix(' ')) {
                match parse_record(record) {
                    Some((key, fingerprint)) => {
                        intact &= records.insert(key, fingerprint).is_none();
                    }
                    None => intact = false,
                }
                continue;
            }
            match parse_line(line) {
                Some((path, entry)) => {
                    owned.push(path.to_string());
                    intact &= entries.insert(path.to_string(), entry).is_none();
                }
                None => {
                    intact = false;
                    // Keep what looks like a path: the file is still ours.
                    if let Some(path) = line.rsplit(' ').next().filter(|p| !p.is_empty()) {
                        owned.push(path.to_string());
                    }
                }
            }
        }
        Manifest {
            owned,
            reusable: build.filter(|_| intact).map(|b| (b, entries, records)),
        }
    }

    /// The entries reusable by a build whose digest is `build`.
    pub fn reusable_for(&self, build: &Digest) -> Option<&BTreeMap<String, Line>> {
        self.reusable
            .as_ref()
            .filter(|(b, _, _)| b == build)
            .map(|(_, entries, _)| entries)
    }

    /// The record fingerprints a build whose digest is `build` may take.
    pub fn records_for(&self, build: &Digest) -> Option<&Records> {
        self.reusable
            .as_ref()
            .filter(|(b, _, _)| b == build)
            .map(|(_, _, records)| records)
    }
}

fn parse_record(text: &str) -> Option<((String, Digest), Digest)> {
    let (source, rest) = text.split_once(' ')?;
    let (fingerprint, version) = rest.split_once(' ')?;
    (!version.is_empty()).then_some(())?;
    Some((
        (version.to_string(), Digest::parse(source)?),
        Digest::parse(fingerprint)?,
    ))
}

fn parse_line(line: &str) -> Option<(&str, Line)> {
    let (content, rest) = line.split_once(' ')?;
    let (inputs, path) = rest.split_once(' ')?;
    let inputs = match inputs {
        "-" => None,
        hex => Some(Digest::parse(hex)?),
    };
    let safe = !path.is_empty()
        && !path.starts_with('/')
        && path.split('/').all(|part| !matches!(part, "" | "." | ".."));
    safe.then_some((
        path,
        Line {
            content: Digest::parse(content)?,
            inputs,
        },
    ))
}

/// The manifest of a build: every file but the manifest itself, in path
/// order, then every record, in version order.
pub fn render(build: &Digest, files: &BTreeMap<String, Line>, records: &Records) -> String {
    let mut out = String::with_capacity(COMMENT.len() + 140 * (files.len() + records.len()));
    out.push_str(COMMENT);
    out.push_str(&format!("{HEADER} {build}\n"));
    for (path, line) in files {
        let inputs = line
            .inputs
            .map_or_else(|| "-".to_string(), |d| d.to_string());
        out.push_str(&format!("{} {inputs} {path}\n", line.content));
    }
    for ((version, source), fingerprint) in records {
        out.push_str(&format!("{RECORD} {source} {fingerprint} {version}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> (Digest, BTreeMap<String, Line>, Records) {
        let build = Digest::of(b"build");
        let mut files = BTreeMap::new();
        files.insert(
            "en/25.10.html".to_string(),
            Line {
                content: Digest::of(b"page"),
                inputs: Some(Digest::of(b"inputs")),
            },
        );
        files.insert(
            "en/index.html".to_string(),
            Line {
                content: Digest::of(b"index"),
                inputs: None,
            },
        );
        let mut records = Records::new();
        records.insert(
            ("25.10".to_string(), Digest::of(b"text")),
            Digest::of(b"release"),
        );
        (build, files, records)
    }

    #[test]
    fn a_manifest_reads_back_as_written() {
        let (build, files, records) = sample();
        let text = render(&build, &files, &records);
        let manifest = Manifest::parse(&text);
        assert_eq!(manifest.owned, ["en/25.10.html", "en/index.html"]);
        assert_eq!(manifest.reusable_for(&build), Some(&files));
        assert_eq!(manifest.records_for(&build), Some(&records));
        assert_eq!(manifest.reusable_for(&Digest::of(b"other")), None);
        assert_eq!(manifest.records_for(&Digest::of(b"other")), None);
        // The formats before this one (digests of another hash) are not
        // reused, but their files are still relnotes' own.
        for older in OLDER_HEADERS {
            let manifest = Manifest::parse(&text.replace(&format!("{HEADER} "), older));
            assert_eq!(manifest.owned, ["en/25.10.html", "en/index.html"]);
            assert_eq!(manifest.reusable_for(&build), None);
            assert_eq!(manifest.records_for(&build), None);
        }
    }

    #[test]
    fn the_first_format_lists_paths_and_reuses_nothing() {
        let manifest =
            Manifest::parse("# Files written by `relnotes site`\nen/a.html\nsbom/x.json\n");
        assert_eq!(manifest.owned, ["en/a.html", "sbom/x.json"]);
        assert!(manifest.reusable.is_none());
    }

    #[test]
    fn a_damaged_manifest_reuses_nothing_but_keeps_its_paths() {
        let (build, files, records) = sample();
        let text = render(&build, &files, &records);
        for damaged in [
            text.replacen("record ", "record zz", 1),
            format!("{text}record {}\n", Digest::of(b"x")),
            text.replacen(" - ", " x ", 1),
            text.replacen("relnotes-site 4 ", "relnotes-site 4 zz", 1),
            format!("{text}garbage\n"),
            format!("{text}{}", text.lines().last().unwrap()),
            text.replacen("en/index.html", "../index.html", 1),
            text[..text.len() - 20].to_string(),
            text[..text.len() - 1].to_string(),
        ] {
            let manifest = Manifest::parse(&damaged);
            assert!(manifest.reusable_for(&build).is_none(), "{damaged}");
            assert!(
                manifest.owned.iter().any(|p| p == "en/25.10.html"),
                "{damaged}"
            );
        }
    }
}
