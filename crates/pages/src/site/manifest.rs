//! `DIR/.relnotes-site`: the files of the site that relnotes wrote, one
//! path a line, so a rebuild knows which files are its own (it replaces
//! or drops them) and keeps every other file.
//!
//! Manifests written by earlier versions (a path per line; `relnotes-site
//! 2` to `4`, with digests before each path and `record` lines) are read
//! for their paths alike. Reading never fails: a line that is not a safe
//! relative path is skipped.

use std::collections::BTreeSet;

/// The first line after the comment.
const HEADER: &str = "relnotes-site 5";

const COMMENT: &str =
    "# Files written by `relnotes site`: a rebuild replaces them and keeps every other file.\n";

/// The manifest of a site of the files `paths` (the manifest itself
/// aside), in path order.
pub(super) fn render<'a>(paths: impl IntoIterator<Item = &'a String>) -> String {
    let mut out = format!("{COMMENT}{HEADER}\n");
    for path in paths {
        out.push_str(path);
        out.push('\n');
    }
    out
}

/// The paths a manifest of any format lists.
pub(super) fn parse(text: &str) -> BTreeSet<String> {
    let mut lines = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .peekable();
    // With digests before the path: `<content> <inputs> <path>`.
    let digests = match lines.peek().and_then(|l| l.strip_prefix("relnotes-site ")) {
        Some(format) => {
            let digests = matches!(format.split(' ').next(), Some("2" | "3" | "4"));
            lines.next();
            digests
        }
        None => false,
    };
    lines
        .filter(|line| !(digests && line.starts_with("record ")))
        .filter_map(|line| {
            if digests {
                line.splitn(3, ' ').nth(2)
            } else {
                Some(line)
            }
        })
        .filter(|path| is_safe(path))
        .map(str::to_string)
        .collect()
}

/// A relative path that stays inside the site.
fn is_safe(path: &str) -> bool {
    !path.is_empty()
        && !path.starts_with('/')
        && path.split('/').all(|part| !matches!(part, "" | "." | ".."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_manifest_reads_back_as_written() {
        let paths: Vec<String> = vec!["en/25.10.html".into(), "sbom/a b.cdx.json".into()];
        let text = render(&paths);
        assert!(text.starts_with("# Files written by `relnotes site`"));
        assert_eq!(parse(&text).into_iter().collect::<Vec<_>>(), paths);
    }

    #[test]
    fn earlier_formats_give_their_paths() {
        let first = "# Files written by `relnotes site`\nen/a.html\nsbom/x.json\n";
        assert_eq!(
            parse(first).into_iter().collect::<Vec<_>>(),
            ["en/a.html", "sbom/x.json"]
        );
        let fourth = "# comment\nrelnotes-site 4 0a1b\n3f1a 9b2d en/20.01.html\n\
                      e0c4 - en/index.html\nrecord 5d07 c3b9 20.01\n";
        assert_eq!(
            parse(fourth).into_iter().collect::<Vec<_>>(),
            ["en/20.01.html", "en/index.html"]
        );
    }

    #[test]
    fn paths_that_leave_the_site_are_not_read() {
        let text = render(&[
            "../outside".to_string(),
            "/etc/passwd".to_string(),
            "en/./a.html".to_string(),
            "en//a.html".to_string(),
            "en/ok.html".to_string(),
        ]);
        assert_eq!(parse(&text).into_iter().collect::<Vec<_>>(), ["en/ok.html"]);
    }
}
