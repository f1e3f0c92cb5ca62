//! Which part of a release a heading starts, by meaning: the variants
//! vendors write, in English and Chinese, compared case- and
//! punctuation-insensitively.

/// A part of the record a heading starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Known {
    /// A heading over other headings ("Main Features and Bug Fix Lists").
    Umbrella,
    Features,
    /// Features when the page has no other feature list, else a section.
    KeyFeatures,
    Fixes,
    /// The Contents table (scenarios, framework, requirements, components).
    Contents,
    /// A list or table of component versions.
    Components,
    Assets,
    Driver,
    KnownIssues,
    /// Version tags of the image (kept as a long-form section).
    Tags,
    /// A long-form section with this id.
    Section(&'static str),
}

impl Known {
    /// Parts holding release facts (as opposed to long-form prose).
    pub fn is_fact(self) -> bool {
        !matches!(self, Known::Umbrella | Known::Tags | Known::Section(_))
    }
}

/// Heading variants, normalized (see [`normalize`]), and the part each
/// starts.
const HEADINGS: &[(&str, Known)] = &[
    ("main features and bug fix lists", Known::Umbrella),
    ("main features and bug fixes", Known::Umbrella),
    ("主要特性和bug修复列表", Known::Umbrella),
    ("主要特性与问题修复", Known::Umbrella),
    ("main features", Known::Features),
    ("main feature", Known::Features),
    ("features", Known::Features),
    ("new features", Known::Features),
    ("whats new", Known::Features),
    ("what is new", Known::Features),
    ("highlights", Known::Features),
    ("release highlights", Known::Features),
    ("key highlights", Known::Features),
    ("announcements", Known::Features),
    ("release notes", Known::Features),
    ("changes", Known::Features),
    ("updates", Known::Features),
    ("主要特性", Known::Features),
    ("新功能", Known::Features),
    ("新特性", Known::Features),
    ("新增特性", Known::Features),
    ("新增功能", Known::Features),
    ("主要更新", Known::Features),
    ("更新内容", Known::Features),
    ("版本亮点", Known::Features),
    ("亮点", Known::Features),
    ("公告", Known::Features),
    ("key features and enhancements", Known::KeyFeatures),
    ("key features", Known::KeyFeatures),
    ("关键特性与增强", Known::KeyFeatures),
    ("bugs fix", Known::Fixes),
    ("bug fix", Known::Fixes),
    ("bug fixes", Known::Fixes),
    ("bugs fixed", Known::Fixes),
    ("bugfixes", Known::Fixes),
    ("fixed bugs", Known::Fixes),
    ("fixed issues", Known::Fixes),
    ("resolved issues", Known::Fixes),
    ("fixes", Known::Fixes),
    ("问题修复", Known::Fixes),
    ("缺陷修复", Known::Fixes),
    ("bug修复", Known::Fixes),
    ("修复问题", Known::Fixes),
    ("已修复问题", Known::Fixes),
    ("contents", Known::Contents),
    ("image details", Known::Contents),
    ("image contents", Known::Contents),
    ("内容", Known::Contents),
    ("镜像内容", Known::Contents),
    ("镜像详情", Known::Contents),
    ("core components", Known::Components),
    ("components", Known::Components),
    ("main components", Known::Components),
    ("upgraded components", Known::Components),
    ("component versions", Known::Components),
    ("core packages", Known::Components),
    ("packages", Known::Components),
    ("package versions", Known::Components),
    ("bundled versions", Known::Components),
    ("software components", Known::Components),
    ("核心组件", Known::Components),
    ("组件", Known::Components),
    ("组件版本", Known::Components),
    ("主要组件", Known::Components),
    ("软件包", Known::Components),
    ("driver requirements", Known::Driver),
    ("driver requirement", Known::Driver),
    ("驱动要求", Known::Driver),
    ("驱动程序要求", Known::Driver),
    ("驱动版本要求", Known::Driver),
    ("known issues", Known::KnownIssues),
    ("known limitations", Known::KnownIssues),
    ("已知问题", Known::KnownIssues),
    ("已知限制", Known::KnownIssues),
    ("assets", Known::Assets),
    ("docker image uris", Known::Assets),
    ("image uris", Known::Assets),
    ("docker image urls", Known::Assets),
    ("image urls", Known::Assets),
    ("docker images", Known::Assets),
    ("container images", Known::Assets),
    ("images", Known::Assets),
    ("镜像资产", Known::Assets),
    ("资产", Known::Assets),
    ("镜像地址", Known::Assets),
    ("镜像列表", Known::Assets),
    ("tags", Known::Tags),
    ("quick start", Known::Section("quick-start")),
    ("getting started", Known::Section("quick-start")),
    ("快速开始", Known::Section("quick-start")),
    ("快速入门", Known::Section("quick-start")),
    ("本镜像内置环境变量", Known::Section("environment")),
    ("内置环境变量", Known::Section("environment")),
    (
        "built in environment variables",
        Known::Section("environment"),
    ),
    ("gpu requirements", Known::Section("gpu-requirements")),
    ("security advisory", Known::Section("security-advisory")),
    ("build and test", Known::Section("build-and-test")),
];

/// The part a heading's text starts, if it is a known one.
pub fn known(title: &str) -> Option<Known> {
    let n = normalize(title);
    if n.is_empty() {
        return None;
    }
    if let Some((_, k)) = HEADINGS.iter().find(|(h, _)| *h == n) {
        return Some(*k);
    }
    // "Contents of the PyTorch container", "NVIDIA PyTorch Container Versions".
    if n.starts_with("contents of the") && n.chars().count() <= 60 {
        return Some(Known::Components);
    }
    if n.ends_with("container versions") && n.chars().count() <= 60 {
        return Some(Known::Section("container-versions"));
    }
    if n.starts_with("e2e")
        && n.chars().count() <= 40
        && (n.contains("评估") || n.contains("evaluation"))
    {
        return Some(Known::Section("e2e-evaluation"));
    }
    None
}

/// Lowercase, without Markdown marks, numbering ("1.", "一、", "(2)"),
/// apostrophes, or other punctuation (a space instead).
pub fn normalize(title: &str) -> String {
    let t = title
        .trim()
        .trim_start_matches('#')
        .trim_matches(|c: char| c == '*' || c == '_' || c.is_whitespace())
        .trim_end_matches([':', '：'])
        .trim_end_matches('*');
    let t = strip_numbering(t);
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

/// "1. x", "2) x", "一、x", "（一）x", "(1) x" → "x".
fn strip_numbering(t: &str) -> &str {
    const CJK_DIGITS: &str = "一二三四五六七八九十";
    let inner = t
        .strip_prefix(['(', '（'])
        .and_then(|r| r.find([')', '）']).map(|e| (r, e)))
        .filter(|(r, e)| {
            r[..*e]
                .chars()
                .all(|c| c.is_ascii_digit() || CJK_DIGITS.contains(c))
        })
        .map(|(r, e)| r[e..].trim_start_matches([')', '）']));
    if let Some(rest) = inner {
        return rest.trim_start();
    }
    let digits = t
        .char_indices()
        .take_while(|(_, c)| c.is_ascii_digit() || CJK_DIGITS.contains(*c))
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
pub fn slug(title: &str) -> String {
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
    fn variants_by_meaning() {
        for (heading, part) in [
            ("## What's New", Known::Features),
            ("Highlights:", Known::Features),
            ("**Key Features and Enhancements**", Known::KeyFeatures),
            ("主要特性", Known::Features),
            ("新功能：", Known::Features),
            ("BUG FIXES", Known::Fixes),
            ("Bugs-Fix", Known::Fixes),
            ("Fixed issues", Known::Fixes),
            ("缺陷修复", Known::Fixes),
            ("Image details", Known::Contents),
            ("镜像内容", Known::Contents),
            ("Core Packages", Known::Components),
            ("Contents of the PyTorch container", Known::Components),
            ("核心组件", Known::Components),
            ("3. Driver Requirements", Known::Driver),
            ("二、驱动要求", Known::Driver),
            ("(1) Known Issues", Known::KnownIssues),
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
    fn slugs() {
        assert_eq!(slug("## Build & Test"), "build-test");
        assert_eq!(slug("使用建议"), "");
    }
}
