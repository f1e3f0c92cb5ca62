//! Lines of a release-notes page → a draft record, in one language.

use super::{assets, components, driver};
use crate::record::{Lang, Scenario, Text};
use indexmap::IndexMap;
use serde::Serialize;

/// A record as import writes it (the shape of `releases/<version>.toml`).
#[derive(Debug, Clone, Default, Serialize)]
pub struct Draft {
    pub version: String,
    pub archs: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub scenarios: Vec<Scenario>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub framework: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub requirements: Vec<Text>,
    pub title: Text,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub summary: Option<Text>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub features: Vec<Text>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bug_fixes: Option<FixesOut>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub known_issues: Vec<Text>,
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub components: IndexMap<String, String>,
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub arch: IndexMap<String, ArchOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub driver: Option<DriverOut>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub assets: Vec<AssetOut>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vpc_image: Option<VpcOut>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sections: Vec<SectionOut>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(untagged)]
pub enum FixesOut {
    List(Vec<Text>),
    None { none: Text },
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct ArchOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scenarios: Option<Vec<Scenario>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub framework: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requirements: Option<Vec<Text>>,
    #[serde(skip_serializing_if = "IndexMap::is_empty")]
    pub components: IndexMap<String, String>,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct DriverOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cuda: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub datacenter: Vec<BranchOut>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub upgrade_from: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub not_forward_compatible_with: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub wording: Option<Text>,
}

#[derive(Debug, Clone, Serialize)]
pub struct BranchOut {
    pub branch: String,
    pub min: String,
}

#[derive(Debug, Clone, Serialize)]
pub struct AssetOut {
    pub image: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub suits: Vec<Text>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_suits: Vec<Text>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<Text>,
}

#[derive(Debug, Clone, Serialize)]
pub struct VpcOut {
    pub template: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub placeholders: Vec<PlaceholderOut>,
}

#[derive(Debug, Clone, Serialize)]
pub struct PlaceholderOut {
    pub name: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<Text>,
}

#[derive(Debug, Clone, Serialize)]
pub struct SectionOut {
    pub id: String,
    pub title: Text,
    pub body: Text,
}

/// What a heading starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Ignore,
    Features,
    Fixes,
    Contents,
    Assets,
    Driver,
    KnownIssues,
    Section(&'static str),
}

fn heading(line: &str) -> Option<Part> {
    let l = line.trim().trim_start_matches('#').trim().to_lowercase();
    let l = l.trim_end_matches([':', '：']);
    Some(match l {
        "main features and bug fix lists" | "主要特性和bug修复列表" | "主要特性与问题修复" => {
            Part::Ignore
        }
        "main features" | "主要特性" | "新特性" | "新增特性" => Part::Features,
        "bugs fix" | "bug fix" | "bug fixes" | "bugs fixed" | "问题修复" | "缺陷修复"
        | "bug修复" => Part::Fixes,
        "contents" | "内容" | "镜像内容" => Part::Contents,
        "assets" | "镜像资产" | "资产" => Part::Assets,
        "driver requirements" | "驱动要求" | "驱动程序要求" => Part::Driver,
        "known issues" | "已知问题" => Part::KnownIssues,
        "key features and enhancements" | "关键特性与增强" => Part::Section("key-features"),
        "quick start" | "快速开始" => Part::Section("quick-start"),
        "本镜像内置环境变量" | "内置环境变量" | "built-in environment variables" => {
            Part::Section("environment")
        }
        _ if l.starts_with("e2e")
            && l.chars().count() <= 40
            && (l.contains("评估") || l.contains("evaluation")) =>
        {
            Part::Section("e2e-evaluation")
        }
        _ => return None,
    })
}

/// Words meaning "none" in a list.
fn is_none_word(line: &str) -> bool {
    matches!(
        line.trim()
            .trim_end_matches(['.', '。'])
            .to_lowercase()
            .as_str(),
        "暂无" | "无" | "none" | "n/a" | "-"
    )
}

/// Lines with their 1-based numbers.
type Numbered<'a> = Vec<(usize, &'a str)>;

pub struct Parsed {
    pub draft: Draft,
    pub unplaced: Vec<(usize, String)>,
}

pub(super) fn text(lang: Lang, s: impl Into<String>) -> Text {
    let s = s.into();
    match lang {
        Lang::Zh => Text::new(s, ""),
        Lang::En => Text::new("", s),
    }
}

/// Reads the page's lines; `product` names the title.
pub fn parse(lines: &[String], version: &str, lang: Lang, product: &str) -> Parsed {
    let mut draft = Draft {
        version: version.to_string(),
        title: Text::new(
            format!("{product} {version} 版本发布记录"),
            format!("{product} {version} release notes"),
        ),
        ..Draft::default()
    };
    let mut unplaced = Vec::new();
    // Split into parts by heading; line numbers are 1-based positions in `lines`.
    let mut preamble: Vec<(usize, &str)> = Vec::new();
    let mut parts: Vec<(Part, String, Numbered)> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        if let Some(part) = heading(line) {
            parts.push((
                part,
                line.trim_start_matches('#').trim().to_string(),
                Vec::new(),
            ));
        } else if let Some(last) = parts.last_mut() {
            last.2.push((i + 1, line.as_str()));
        } else {
            preamble.push((i + 1, line.as_str()));
        }
    }
    if parts.is_empty() {
        unplaced.extend(preamble.iter().map(|(n, l)| (*n, l.to_string())));
        return Parsed { draft, unplaced };
    }
    // The preamble: the summary ("本文介绍…"), and a title line naming the version.
    let mut summary = Vec::new();
    for (_, l) in &preamble {
        if l.contains(version)
            && (l.contains("发布记录") || l.to_lowercase().contains("release notes"))
            && !l.contains("本文")
            && !l.to_lowercase().starts_with("this")
        {
            continue;
        }
        summary.push(*l);
    }
    if !summary.is_empty() {
        draft.summary = Some(text(lang, summary.join(" ")));
    }
    for (part, title, body) in &parts {
        let body_lines: Vec<&str> = body.iter().map(|(_, l)| *l).collect();
        match part {
            Part::Ignore => unplaced.extend(body.iter().map(|(n, l)| (*n, l.to_string()))),
            Part::Features => {
                draft.features = body_lines
                    .iter()
                    .filter(|l| !is_none_word(l))
                    .map(|l| text(lang, *l))
                    .collect();
            }
            Part::Fixes => {
                draft.bug_fixes = Some(match body_lines.as_slice() {
                    [one] if is_none_word(one) => FixesOut::None {
                        none: text(lang, *one),
                    },
                    items => FixesOut::List(items.iter().map(|l| text(lang, *l)).collect()),
                });
            }
            Part::KnownIssues => {
                draft.known_issues = body_lines
                    .iter()
                    .filter(|l| !is_none_word(l))
                    .map(|l| text(lang, *l))
                    .collect();
            }
            Part::Contents => components::contents(body, lang, &mut draft, &mut unplaced),
            Part::Assets => assets::assets(body, version, lang, &mut draft, &mut unplaced),
            Part::Driver => draft.driver = Some(driver::driver(&body_lines, lang)),
            Part::Section(id) => {
                if body.is_empty() {
                    continue;
                }
                draft.sections.push(SectionOut {
                    id: id.to_string(),
                    title: text(lang, title.clone()),
                    body: text(lang, to_markdown(&body_lines)),
                });
            }
        }
    }
    components::from_prose(&mut draft, lang);
    if draft.archs.is_empty() {
        draft.archs.push("amd64".into());
    }
    Parsed { draft, unplaced }
}

/// Lines → Markdown: short lines without closing punctuation become `###`
/// headings, command lines become code blocks, the rest paragraphs.
fn to_markdown(lines: &[&str]) -> String {
    let mut out = String::new();
    let mut in_code = false;
    for line in lines {
        let code = is_command(line);
        if code && !in_code {
            out.push_str("```bash\n");
            in_code = true;
        } else if !code && in_code {
            out.push_str("```\n\n");
            in_code = false;
        }
        if code {
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let n = line.chars().count();
        let closes = line.ends_with(['。', '.', ':', '：', ',', '，', ';', '；', ')', '）']);
        if n <= 24 && !closes {
            out.push_str("### ");
        }
        out.push_str(line);
        out.push_str("\n\n");
    }
    if in_code {
        out.push_str("```\n");
    }
    out.trim_end().to_string() + "\n"
}

fn is_command(line: &str) -> bool {
    [
        "docker ",
        "export ",
        "# ",
        "pip ",
        "ljperf ",
        "python ",
        "torchrun ",
        "kubectl ",
    ]
    .iter()
    .any(|p| line.starts_with(p))
}
