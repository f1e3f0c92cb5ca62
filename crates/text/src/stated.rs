//! What a page says about itself: the release version it describes and its
//! language.

use crate::words::{self, VersionWords};
use model::record::Lang;
use regex::Regex;
use std::sync::LazyLock;

/// A version number: `25.10`, `2.6.0`, `v1.0`.
const NUMBER: &str = r"v?\d+(?:\.\d+)+";
/// What may follow a version: not more of a name, but a sentence's end.
const END: &str = r"(?:$|[^A-Za-z0-9._]|\.(?:$|\s))";

/// `v1.0` standing alone.
static V_PREFIXED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!(r"(?:^|[^A-Za-z0-9._-])(v\d+(?:\.\d+)+){END}")).unwrap());
/// "Release 25.10", "release notes 20.06", `version: "2.10"`, "版本 25.10":
/// a word of `before_number` (`[version]` of `data/words/*.toml`).
static AFTER_WORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r#"(?i)(?:{})[\s:：="'（(]*({NUMBER}){END}"#,
        alternatives(|v| &v.before_number)
    ))
    .unwrap()
});
/// "25.10版本", "25.10 release": a word of `after_number`.
static BEFORE_WORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)(?:^|[^A-Za-z0-9._])({NUMBER})\s*(?:{})",
        alternatives(|v| &v.after_number)
    ))
    .unwrap()
});

/// The words of a `[version]` list, every language's in order, as a
/// regex's alternatives (the first that matches at a place wins).
fn alternatives(of: fn(&'static VersionWords) -> &'static Vec<String>) -> String {
    let words: Vec<String> = words::each()
        .flat_map(|w| of(&w.version))
        .map(|w| regex::escape(w))
        .collect();
    words.join("|")
}

/// Any version number standing alone.
static BARE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!(r"(?:^|[^A-Za-z0-9._-])({NUMBER}){END}")).unwrap());

/// The version a title states: `v1.0`, else a number after or before
/// "release"/"version"/"版本" (`[version]` words), else the first number.
pub(crate) fn in_title(title: &str) -> Option<String> {
    [&*V_PREFIXED, &*AFTER_WORD, &*BEFORE_WORD, &*BARE]
        .iter()
        .find_map(|re| first(re, title))
}

/// The version running text states ("Release 20.06 is based on …").
pub(crate) fn in_text(text: &str) -> Option<String> {
    // "driver release 440.33.01" is the driver's (`not_after`).
    let not_after = |c: &regex::Captures| {
        let start = c.get(0).map_or(0, |m| m.start());
        let before = text[..start].trim_end();
        // The words are short: their tail is enough, whatever the line's length.
        let mut from = before.len().saturating_sub(64);
        while !before.is_char_boundary(from) {
            from -= 1;
        }
        let before = before[from..].to_lowercase();
        !words::each()
            .flat_map(|w| &w.version.not_after)
            .any(|w| before.ends_with(w.as_str()))
    };
    [&*AFTER_WORD, &*BEFORE_WORD].iter().find_map(|re| {
        re.captures_iter(text)
            .find(not_after)
            .map(|c| c[1].to_string())
    })
}

fn first(re: &Regex, text: &str) -> Option<String> {
    re.captures(text).map(|c| c[1].to_string())
}

/// `zh` when the lines of a text are written in Chinese characters, else
/// `en`.
pub(crate) fn lang<'a>(lines: impl IntoIterator<Item = &'a str>) -> Lang {
    let (mut han, mut letters) = (0, 0);
    for c in lines.into_iter().flat_map(str::chars) {
        han += usize::from(matches!(c as u32, 0x4E00..=0x9FFF | 0x3400..=0x4DBF));
        letters += usize::from(c.is_alphabetic());
    }
    if han >= 10 || (han > 0 && han * 5 >= letters) {
        Lang::ZH
    } else {
        Lang::EN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions_titles_state() {
        for (title, version) in [
            ("本文介绍training-nv-pytorch 25.10版本发布记录。", "25.10"),
            ("PyTorch Release 20.02", "20.02"),
            ("Release 25.10", "25.10"),
            ("PyTorch 2.6 image, v1.0", "v1.0"),
            ("training-nv-pytorch release notes 20.06", "20.06"),
            (
                "AWS Deep Learning Containers for PyTorch 2.4 Training on EC2",
                "2.4",
            ),
            ("PyTorch 2.13 — 2026-07-20", "2.13"),
            ("version: \"2.10\"", "2.10"),
            (
                "This document describes the release notes of x 25.08.",
                "25.08",
            ),
        ] {
            assert_eq!(in_title(title).as_deref(), Some(version), "{title}");
        }
        assert_eq!(in_title("Changelog"), None);
        assert_eq!(in_title("py3.12 on cu126"), None);
        assert_eq!(
            in_text("The NVIDIA container image. Release 25.12 is based on CUDA 13.1.0.")
                .as_deref(),
            Some("25.12")
        );
        assert_eq!(in_text("date 2025-12-22, available on NGC"), None);
        assert_eq!(
            in_text("It requires NVIDIA Driver release 440.33.01."),
            None
        );
    }

    #[test]
    fn language_from_characters() {
        assert_eq!(
            lang(["本文介绍training-nv-pytorch 25.10版本发布记录。"]),
            Lang::ZH
        );
        assert_eq!(lang(["PyTorch Release 20.02"]), Lang::EN);
        assert_eq!(lang(["Release notes (see 中文)"]), Lang::EN);
    }
}
