//! Which part of a release a heading starts, by meaning: the variants
//! vendors write (`[headings]` and `[sections]` of `data/words/*.toml`),
//! compared case- and punctuation-insensitively, and headings known by their
//! shape (`[[heading_shapes]]`).

use crate::words::{self, Part};
use indexmap::IndexMap;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A part of the record a heading starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Known {
    /// A heading over other headings ("Main Features and Bug Fix Lists").
    Umbrella,
    Features,
    /// Features when the page has no other feature list, else a section.
    KeyFeatures,
    /// Features when the page has neither features nor key features, else
    /// a section.
    Announcements,
    Fixes,
    /// The Contents table (scenarios, framework, requirements, components).
    Contents,
    /// A list or table of component versions.
    Components,
    Assets,
    Driver,
    /// Known issues.
    Issues,
    /// Version tags of the image (kept as a long-form section).
    Tags,
    /// A long-form section with this id.
    Section(&'static str),
}

impl Known {
    /// Parts holding release facts (as opposed to long-form prose).
    pub(crate) fn is_fact(self) -> bool {
        !matches!(self, Known::Umbrella | Known::Tags | Known::Section(_))
    }

    /// Parts read as a list of items, one text each: a heading under them
    /// starts a section of its own rather than continue their last item.
    pub(crate) fn is_list(self) -> bool {
        matches!(
            self,
            Known::Features
                | Known::KeyFeatures
                | Known::Announcements
                | Known::Fixes
                | Known::Issues
        )
    }
}

impl From<Part> for Known {
    fn from(part: Part) -> Known {
        match part {
            Part::Umbrella => Known::Umbrella,
            Part::Features => Known::Features,
            Part::KeyFeatures => Known::KeyFeatures,
            Part::Announcements => Known::Announcements,
            Part::Fixes => Known::Fixes,
            Part::Contents => Known::Contents,
            Part::Components => Known::Components,
            Part::Assets => Known::Assets,
            Part::Driver => Known::Driver,
            Part::KnownIssues => Known::Issues,
            Part::Tags => Known::Tags,
        }
    }
}

/// The headings import knows: every language's (`data/words/*.toml`),
/// and a project's own (`import.toml`), normalized (see [`normalize`]).
#[derive(Debug, Clone)]
pub(crate) struct Headings {
    exact: HashMap<String, Known>,
}

impl Headings {
    /// Every language's headings.
    pub(crate) fn built_in() -> &'static Headings {
        static BUILT_IN: OnceLock<Headings> = OnceLock::new();
        BUILT_IN.get_or_init(|| {
            let mut exact = HashMap::new();
            for (_, words) in words::all() {
                let parts = words
                    .headings
                    .iter()
                    .flat_map(|(part, headings)| headings.iter().map(|h| (h, Known::from(*part))));
                let sections = words.sections.iter().flat_map(|(id, headings)| {
                    headings.iter().map(|h| (h, Known::Section(id.as_str())))
                });
                for (heading, known) in parts.chain(sections) {
                    // Where two files name one heading, the first wins.
                    exact.entry(normalize(heading)).or_insert(known);
                }
            }
            Headings { exact }
        })
    }

    /// The built-in headings and `extra` (a project's), which win.
    pub(crate) fn with(extra: &IndexMap<Part, Vec<String>>) -> Headings {
        let mut headings = Headings::built_in().clone();
        for (part, titles) in extra {
            for title in titles {
                headings.exact.insert(normalize(title), Known::from(*part));
            }
        }
        headings
    }

    /// The part a heading's text starts, if it is a known one.
    pub(crate) fn known(&self, title: &str) -> Option<Known> {
        let n = normalize(title);
        if n.is_empty() {
            return None;
        }
        if let Some(k) = self.exact.get(&n) {
            return Some(*k);
        }
        // "Contents of the PyTorch container", "E2E性能评估".
        let chars = n.chars().count();
        words::each()
            .flat_map(|w| &w.heading_shapes)
            .find(|s| {
                chars <= s.max_chars
                    && n.starts_with(s.starts_with.as_str())
                    && n.ends_with(s.ends_with.as_str())
                    && (s.holds.is_empty() || s.holds.iter().any(|h| n.contains(h.as_str())))
            })
            .and_then(|s| match (&s.part, &s.section) {
                (Some(part), _) => Some(Known::from(*part)),
                (None, Some(id)) => Some(Known::Section(id.as_str())),
                (None, None) => None,
            })
    }
}

/// Lowercase, without Markdown marks, numbering ("1.", "一、", "(2)"),
/// apostrophes, or other punctuation (a space instead).
pub(crate) fn normalize(title: &str) -> String {
    // "新增功能 :star2:", "## :bug: Fixes": an emoji's shortcode is no
    // word of the title.
    let without_shortcodes;
    let title = if title.contains(':') {
        without_shortcodes = title
            .split(' ')
            .filter(|w| !crate::tables::is_shortcode(w))
            .collect::<Vec<_>>()
            .join(" ");
        without_shortcodes.as_str()
    } else {
        title
    };
    let t = title
        .trim()
        .trim_start_matches('#')
        .trim_matches(|c: char| c == '*' || c == '_' || c.is_whitespace())
        .trim_end_matches([':', '：'])
        .trim_end_matches('*');
    let t = strip_numbering(without_anchor(t));
    let mut out = String::new();
    for c in t.to_lowercase().chars() {
        if matches!(c, '\'' | '’' | '‘') {
            continue;
        }
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with(' ') {
            out.push(' ');
        }
    }
    out.trim().to_string()
}

/// A heading without the anchor a docs generator lets its author give it:
/// "Fixes {#fixes}" (Pandoc, Docusaurus), "Fixes [logstash-9.5.2-fixes]"
/// (Elastic's docs-builder): a slug with a `-`, no space.
pub(crate) fn without_anchor(t: &str) -> &str {
    let slug = |s: &str| {
        !s.is_empty()
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    };
    let cut = |open: &str, close: char, dashed: bool| {
        let inner = t.strip_suffix(close)?;
        let at = inner.rfind(open)?;
        let id = &inner[at + open.len()..];
        (slug(id) && (!dashed || id.contains('-'))).then(|| t[..at].trim_end())
    };
    cut(" {#", '}', false)
        .or_else(|| cut(" [", ']', true))
        .filter(|rest| !rest.is_empty())
        .unwrap_or(t)
}

/// "1. x", "2) x", "一、x", "（一）x", "(1) x" → "x"; numbers are ASCII
/// digits or a language's `numerals` (`[page]` of `data/words/*.toml`).
fn strip_numbering(t: &str) -> &str {
    let is_digit =
        |c: char| c.is_ascii_digit() || words::each().any(|w| w.page.numerals.contains(c));
    let inner = t
        .strip_prefix(['(', '（'])
        .and_then(|r| r.find([')', '）']).map(|e| (r, e)))
        .filter(|(r, e)| r[..*e].chars().all(is_digit))
        .map(|(r, e)| r[e..].trim_start_matches([')', '）']));
    if let Some(rest) = inner {
        return rest.trim_start();
    }
    let digits = t
        .char_indices()
        .take_while(|(_, c)| is_digit(*c))
        .last()
        .map(|(i, c)| i + c.len_utf8());
    match digits {
        Some(end) if t[end..].starts_with(['.', ')', '、', '．']) => {
            let rest = &t[end..];
            let rest = rest.trim_start_matches(['.', ')', '、', '．']);
            // "2.6 release" is a version, not numbering.
            if rest.starts_with(|c: char| c.is_ascii_digit()) {
                t
            } else {
                rest.trim_start()
            }
        }
        _ => t,
    }
}

/// A section id from a heading: lowercase ASCII words joined by `-`.
pub(crate) fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in normalize(title).chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if c == ' ' && !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_emoji_shortcode_is_no_word_of_a_heading() {
        assert_eq!(normalize("新增功能 :star2:"), "新增功能");
        assert_eq!(normalize(":bug: Bug Fixes"), "bug fixes");
        assert_eq!(known(":bug: Bug Fixes"), known("Bug Fixes"));
    }

    #[test]
    fn anchors_are_no_part_of_a_heading() {
        assert_eq!(without_anchor("Fixes [logstash-9.5.2-fixes]"), "Fixes");
        assert_eq!(
            without_anchor("Update frequency {#frequency}"),
            "Update frequency"
        );
        // A link's text, a note in brackets, a lone anchor: kept.
        for kept in ["Fixes [see below]", "Known issues [1]", "[a-b]"] {
            assert_eq!(without_anchor(kept), kept);
        }
        assert_eq!(normalize("### Fixes [logstash-9.5.2-fixes]"), "fixes");
    }

    /// The part a heading's text starts, if it is a built-in one.
    fn known(title: &str) -> Option<Known> {
        Headings::built_in().known(title)
    }

    #[test]
    fn variants_by_meaning() {
        for (heading, part) in [
            ("## What's New", Known::Features),
            ("Highlights:", Known::Features),
            ("**Key Features and Enhancements**", Known::KeyFeatures),
            ("主要功能和增強功能", Known::KeyFeatures),
            ("## Announcements", Known::Announcements),
            ("公告", Known::Announcements),
            ("### Deprecations", Known::Section("deprecations")),
            ("非推奨の機能", Known::Section("deprecations")),
            ("Known Issues and Limitations", Known::Issues),
            ("主要特性", Known::Features),
            ("新功能：", Known::Features),
            ("BUG FIXES", Known::Fixes),
            ("Bugs-Fix", Known::Fixes),
            ("Fixed issues", Known::Fixes),
            ("Fixes and Improvements", Known::Fixes),
            ("缺陷修复", Known::Fixes),
            ("Image details", Known::Contents),
            ("镜像内容", Known::Contents),
            ("Core Packages", Known::Components),
            ("Contents of the PyTorch container", Known::Components),
            ("核心组件", Known::Components),
            ("3. Driver Requirements", Known::Driver),
            ("二、驱动要求", Known::Driver),
            ("(1) Known Issues", Known::Issues),
            ("### Docker Image URIs", Known::Assets),
            ("E2E性能评估", Known::Section("e2e-evaluation")),
        ] {
            assert_eq!(known(heading), Some(part), "{heading}");
        }
        assert_eq!(known("Security Notes"), None);
        assert_eq!(known("2.6 release"), None);
        assert_eq!(known(""), None);
    }

    #[test]
    fn no_heading_starts_two_parts() {
        let mut seen: HashMap<String, Known> = HashMap::new();
        for (lang, words) in words::all() {
            let parts = words
                .headings
                .iter()
                .flat_map(|(p, hs)| hs.iter().map(|h| (h, Known::from(*p))));
            let sections = words
                .sections
                .iter()
                .flat_map(|(id, hs)| hs.iter().map(|h| (h, Known::Section(id.as_str()))));
            for (heading, known) in parts.chain(sections) {
                let n = normalize(heading);
                assert!(!n.is_empty(), "{lang}: `{heading}`");
                if let Some(other) = seen.insert(n.clone(), known) {
                    assert_eq!(other, known, "{lang}: `{heading}` starts two parts");
                }
            }
        }
    }

    #[test]
    fn a_projects_headings_are_added_and_win() {
        let extra = IndexMap::from([
            (Part::Features, vec!["Nyheter".to_string()]),
            (Part::KnownIssues, vec!["Tags".to_string()]),
        ]);
        let headings = Headings::with(&extra);
        assert_eq!(headings.known("## Nyheter:"), Some(Known::Features));
        assert_eq!(headings.known("Tags"), Some(Known::Issues));
        assert_eq!(headings.known("Bug fixes"), Some(Known::Fixes));
        assert_eq!(known("Nyheter"), None);
    }

    #[test]
    fn slugs() {
        assert_eq!(slug("## Build & Test"), "build-test");
        assert_eq!(slug("使用建议"), "");
    }
}
