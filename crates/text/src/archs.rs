//! The CPU architectures a page's release runs on, from the words it uses
//! for them (`[archs]` of `data/words/*.toml`): "PyTorch 2.5 ARM64
//! Inference", "available for ARM64 platforms, including AWS Graviton",
//! `…/vllm-arm64:0.10.2-gpu…`, "x86 and Arm SBSA", "multi-arch".

use crate::headings::Known;
use crate::structure::Structure;
use crate::words;

/// The architectures the page names, by the record's names, in the order
/// of `[archs.names]`; empty when it names none. Those named in the page's
/// title, introduction and image references are the image's own; named
/// only elsewhere (a feature "available for the Arm SBSA platform"), they
/// come on top of amd64, which such pages take for granted. Known issues,
/// fixes and deprecations speak of other images and are not read.
pub(crate) fn stated(page: &Structure) -> Vec<String> {
    let own_lines = page
        .titles
        .iter()
        .map(String::as_str)
        .chain(page.preamble.iter().map(|(_, l)| l.as_str()))
        .chain(
            page.sections
                .iter()
                .filter(|s| matches!(s.known, Some(Known::Assets | Known::Tags)))
                .flat_map(|s| s.body.iter().map(|(_, l)| l.as_str())),
        );
    let own = named_in(own_lines);
    if !own.is_empty() {
        return own;
    }
    let other_lines = page
        .sections
        .iter()
        .filter(|s| {
            !matches!(
                s.known,
                Some(
                    Known::Assets
                        | Known::Tags
                        | Known::Issues
                        | Known::Fixes
                        | Known::Section("deprecations")
                )
            )
        })
        .flat_map(|s| {
            std::iter::once(s.title.as_str()).chain(s.body.iter().map(|(_, l)| l.as_str()))
        });
    let mut also = named_in(other_lines);
    if also.is_empty() {
        return also;
    }
    let default = "amd64".to_string();
    if !also.contains(&default) {
        also.insert(0, default);
    }
    order(also)
}

/// One language's words for every architecture (`multi`) and for each,
/// lowercased.
type LoweredWords<'a> = (Vec<String>, Vec<(&'a String, Vec<String>)>);

/// The architectures `lines` name, in the order of `[archs.names]`.
fn named_in<'a>(lines: impl Iterator<Item = &'a str>) -> Vec<String> {
    // The words lowercased once, not once a line.
    let lowered =
        |list: &[String]| -> Vec<String> { list.iter().map(|w| w.to_lowercase()).collect() };
    let languages: Vec<LoweredWords> = words::each()
        .map(|w| {
            let names = w
                .archs
                .names
                .iter()
                .map(|(arch, names)| (arch, lowered(names)))
                .collect();
            (lowered(&w.archs.multi), names)
        })
        .collect();
    let mut found: Vec<String> = Vec::new();
    for line in lines {
        let lower = line.to_lowercase();
        for (multi, names) in &languages {
            let multi = multi.iter().any(|m| holds_word(&lower, m));
            for (arch, names) in names {
                if (multi || names.iter().any(|n| holds_word(&lower, n))) && !found.contains(arch) {
                    found.push((*arch).clone());
                }
            }
        }
    }
    order(found)
}

/// `archs` in the order the words files name them.
fn order(mut archs: Vec<String>) -> Vec<String> {
    let rank = |arch: &String| {
        words::each()
            .flat_map(|w| w.archs.names.keys())
            .position(|a| a == arch)
            .unwrap_or(usize::MAX)
    };
    archs.sort_by_key(rank);
    archs
}

/// Whether `text` holds `word` (both lowercased) with no ASCII letter or
/// digit right before or after it: "-arm64-" and "linux/arm64" hold
/// "arm64", "farm64" and "armv7" do not hold "arm64" or "arm".
fn holds_word(text: &str, word: &str) -> bool {
    let mut from = 0;
    while let Some(at) = text[from..].find(word) {
        let start = from + at;
        let end = start + word.len();
        let before = text[..start].chars().next_back();
        let after = text[end..].chars().next();
        let apart = |c: Option<char>| !c.is_some_and(|c| c.is_ascii_alphanumeric());
        if apart(before) && apart(after) {
            return true;
        }
        from = start + text[start..].chars().next().map_or(1, char::len_utf8);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::headings::Headings;
    use crate::page::{Page, PageKind};
    use crate::structure::split;
    use model::Arch;

    fn archs(md: &str) -> Vec<String> {
        stated(&split(
            &Page::read(PageKind::Markdown, md).unwrap(),
            Headings::built_in(),
        ))
    }

    #[test]
    fn words_as_whole_words() {
        assert!(holds_word("image x/vllm-arm64:0.10", "arm64"));
        assert!(holds_word("--platform linux/arm64", "arm64"));
        assert!(holds_word("aarch64架构", "aarch64"));
        assert!(holds_word("x86 函式庫", "x86"));
        assert!(!holds_word("farm64", "arm64"));
        assert!(!holds_word("armv7 boards", "arm64"));
    }

    #[test]
    fn every_name_is_an_arch_a_record_accepts() {
        for w in words::each() {
            for arch in w.archs.names.keys() {
                assert!(arch.parse::<Arch>().is_ok(), "{arch}");
            }
        }
    }

    #[test]
    fn the_title_and_introduction_name_the_images_own() {
        assert_eq!(
            archs("# X 2.5 ARM64 Inference\n\nNow available.\n\n## Release Notes\n\n- a\n"),
            ["arm64"]
        );
        assert_eq!(
            archs(
                "# X 2.4\n\nNow available for the Graviton instance type.\n\n## Release Notes\n\n- a\n"
            ),
            ["arm64"]
        );
        assert_eq!(
            archs("# X 1.0\n\n## Docker Image URIs\n\n```\nr.io/x-arm64:1.0-gpu\n```\n"),
            ["arm64"]
        );
        assert_eq!(
            archs("# X 1.0\n\nA multi-arch image.\n\n## Release Notes\n\n- a\n"),
            ["amd64", "arm64"]
        );
    }

    #[test]
    fn named_elsewhere_they_add_to_amd64() {
        assert_eq!(
            archs(
                "# X 22.12\n\n## Key Features\n\n- The container is available for the Arm SBSA platform.\n"
            ),
            ["amd64", "arm64"]
        );
        // Known issues speak of other images.
        assert!(
            archs("# X 24.10\n\n## Known Issues\n\n- The client for Arm SBSA is wrong.\n")
                .is_empty()
        );
        assert!(archs("# X 1.0\n\n## Release Notes\n\n- a\n").is_empty());
    }
}
