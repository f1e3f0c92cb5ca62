//! The site's own manifest, `DIR/.relnotes-site`: which files relnotes
//! wrote (a rebuild replaces them and keeps every other file) and, per
//! file, what a later build needs to reuse it unchanged — the SHA-256 of
//! its bytes and of everything it was built from.
//!
//! ```text
//! # Files written by `relnotes site` …
//! relnotes-site 2 <build sha256>
//! <content sha256> <inputs sha256, or - when always rebuilt> <path>
//! ```
//!
//! The build digest covers what every page depends on (relnotes'
//! version, the project file, the templates, the languages, the base
//! URL). A manifest of the first format (one path per line), or one that
//! does not parse, still says which files are relnotes' own, but nothing
//! in it is reused: the next build is a full one.

use super::digest::Digest;
use std::collections::BTreeMap;

/// The first line of a manifest of this format, before the build digest.
const HEADER: &str = "relnotes-site 2";

const COMMENT: &str = "# Files written by `relnotes site`: a rebuild replaces them and keeps every other file.\n# Per file: SHA-256 of its bytes, SHA-256 of what it was built from (- when always rebuilt), path.\n";

/// One file relnotes wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    pub content: Digest,
    /// `None` for the pages about every release, rebuilt every time.
    pub inputs: Option<Digest>,
}

/// A manifest read from disk.
#[derive(Debug, Default)]
pub struct Manifest {
    /// Every path listed: the files relnotes wrote.
    pub owned: Vec<String>,
    /// What a build with the same build digest may reuse: only when the
    /// whole manifest is of this format and parses.
    pub reusable: Option<(Digest, BTreeMap<String, Line>)>,
}

impl Manifest {
    /// Reads a manifest of either format; never fails: what does not
    /// parse is not reused.
    pub fn parse(text: &str) -> Manifest {
        let mut lines = text
            .lines()
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        let build = lines
            .clone()
            .next()
            .and_then(|first| first.strip_prefix(HEADER))
            .and_then(|rest| rest.strip_prefix(' '))
            .map(Digest::parse);
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
        // A manifest cut short (a full disk) ends without its newline.
        let mut intact = build.is_some() && text.ends_with('\n');
        for line in lines {
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
            reusable: build.filter(|_| intact).map(|b| (b, entries)),
        }
    }

    /// The entries reusable by a build whose digest is `build`.
    pub fn reusable_for(&self, build: &Digest) -> Option<&BTreeMap<String, Line>> {
        self.reusable
            .as_ref()
            .filter(|(b, _)| b == build)
            .map(|(_, entries)| entries)
    }
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

/// The manifest of a build: every file but the manifest itself, in path order.
pub fn render(build: &Digest, files: &BTreeMap<String, Line>) -> String {
    let mut out = String::with_capacity(COMMENT.len() + 140 * files.len());
    out.push_str(COMMENT);
    out.push_str(&format!("{HEADER} {build}\n"));
    for (path, line) in files {
        let inputs = line
            .inputs
            .map_or_else(|| "-".to_string(), |d| d.to_string());
        out.push_str(&format!("{} {inputs} {path}\n", line.content));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> (Digest, BTreeMap<String, Line>) {
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
        (build, files)
    }

    #[test]
    fn a_manifest_reads_back_as_written() {
        let (build, files) = sample();
        let text = render(&build, &files);
        let manifest = Manifest::parse(&text);
        assert_eq!(manifest.owned, ["en/25.10.html", "en/index.html"]);
        assert_eq!(manifest.reusable_for(&build), Some(&files));
        assert_eq!(manifest.reusable_for(&Digest::of(b"other")), None);
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
        let (build, files) = sample();
        let text = render(&build, &files);
        for damaged in [
            text.replacen(" - ", " x ", 1),
            text.replacen("relnotes-site 2 ", "relnotes-site 2 zz", 1),
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
