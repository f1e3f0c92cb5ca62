//! Lines of a release-notes page → a draft record, in one language.

use super::headings::{self, Known};
use super::structure::{Section, Structure, Warning, is_url};
use crate::lint::{cuda_mentions, find_claims, normalize_component};
use crate::record::{Lang, Scenario, Text};
use crate::reference::ImageRef;
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

/// Words meaning "none" in a list.
pub(super) fn is_none_word(line: &str) -> bool {
    matches!(
        line.trim()
            .trim_end_matches(['.', '。'])
            .to_lowercase()
            .as_str(),
        "暂无" | "无" | "none" | "n/a" | "-"
    )
}

pub struct Parsed {
    pub draft: Draft,
    pub warnings: Vec<Warning>,
}

fn text(lang: Lang, s: impl Into<String>) -> Text {
    let s = s.into();
    match lang {
        Lang::Zh => Text::new(s, ""),
        Lang::En => Text::new("", s),
    }
}

/// A list's items, bullets taken off, code fences and "none" words left
/// out. With bullets, text before the first one introduces the list and
/// text after one continues it. Nested items under an item ending in `:`
/// that all name a version ("includes the following libraries:") are
/// components, returned apart and appended to their item's text.
fn list_items(body: &[(usize, String)]) -> (Vec<String>, Vec<(String, String)>) {
    let has_bullets = body.iter().any(|(_, l)| l.trim_start().starts_with("- "));
    let mut items: Vec<(String, Vec<String>)> = Vec::new();
    for (_, line) in body {
        let t = line.trim();
        if t.starts_with("```") || t.is_empty() {
            continue;
        }
        let nested = line.starts_with("  ");
        match t.strip_prefix("- ") {
            Some(item) if nested && !items.is_empty() => {
                if let Some((_, sub)) = items.last_mut() {
                    sub.push(item.trim().to_string());
                }
            }
            Some(item) => items.push((item.trim().to_string(), Vec::new())),
            None if !has_bullets => items.push((t.to_string(), Vec::new())),
            // Text after an item continues it; before the first, it
            // introduces the list.
            None => {
                if let Some((last, _)) = items.last_mut() {
                    last.push(' ');
                    last.push_str(t);
                }
            }
        }
    }
    let mut out = Vec::new();
    let mut components = Vec::new();
    for (item, sub) in items {
        let subs: Vec<&str> = sub.iter().map(String::as_str).collect();
        let pairs = components_section(&subs);
        // "… includes: CUDA 12.4.1, cuDNN 9.1.0.70, NCCL 2.23.4" on one line.
        let inline: Vec<&str> = item
            .split_once([':', '：'])
            .map(|(_, list)| list.split([',', '，']).map(str::trim).collect())
            .unwrap_or_default();
        let inline_pairs = components_section(&inline);
        if !sub.is_empty() && item.ends_with([':', '：']) && pairs.len() == sub.len() {
            out.push(format!("{item} {}", sub.join(", ")));
            components.extend(pairs);
        } else if sub.is_empty() && inline.len() >= 2 && inline_pairs.len() == inline.len() {
            out.push(item);
            components.extend(inline_pairs);
        } else {
            out.push(item);
            out.extend(sub);
        }
    }
    out.retain(|l| !is_none_word(l));
    (out, components)
}

fn borrowed(body: &[(usize, String)]) -> Vec<(usize, &str)> {
    body.iter().map(|(n, l)| (*n, l.as_str())).collect()
}

/// Reads the page's parts; `product` names the title.
pub fn parse(page: &Structure, version: &str, lang: Lang, product: &str) -> Parsed {
    let mut draft = Draft {
        version: version.to_string(),
        title: Text::new(
            format!("{product} {version} 版本发布记录"),
            format!("{product} {version} release notes"),
        ),
        ..Draft::default()
    };
    let mut warnings = Vec::new();
    // The preamble: the summary ("本文介绍…"), without a title line naming
    // the version or the page's address.
    let summary: Vec<&str> = page
        .preamble
        .iter()
        .map(|(_, l)| l.as_str())
        .filter(|l| !is_url(l) && !is_title_line(l, version))
        .collect();
    if !summary.is_empty() {
        draft.summary = Some(text(lang, summary.join(" ")));
    }
    let has_features = page
        .sections
        .iter()
        .any(|s| s.known == Some(Known::Features) && !s.body.is_empty());
    let mut unplaced: Vec<(usize, String)> = Vec::new();
    let mut named_in_lists = Vec::new();
    for section in &page.sections {
        let body = &section.body;
        let body_lines: Vec<&str> = body.iter().map(|(_, l)| l.as_str()).collect();
        let known = match section.known {
            Some(Known::KeyFeatures) if !has_features => Some(Known::Features),
            Some(Known::KeyFeatures) => Some(Known::Section("key-features")),
            Some(Known::Umbrella | Known::Tags) if !body.is_empty() => None,
            other => other,
        };
        match known {
            Some(Known::Umbrella | Known::Tags | Known::KeyFeatures) => {}
            Some(Known::Features) => {
                let (listed, components) = list_items(body);
                draft
                    .features
                    .extend(listed.into_iter().map(|l| text(lang, l)));
                // After the page's own component lists, wherever they are.
                named_in_lists.extend(components);
            }
            Some(Known::Fixes) => {
                let (listed, _) = list_items(body);
                draft.bug_fixes = Some(match (body_lines.as_slice(), listed.is_empty()) {
                    ([one], true) => FixesOut::None {
                        none: text(lang, one.trim_start_matches("- ")),
                    },
                    _ => FixesOut::List(listed.into_iter().map(|l| text(lang, l)).collect()),
                });
            }
            Some(Known::KnownIssues) => {
                let (listed, _) = list_items(body);
                draft
                    .known_issues
                    .extend(listed.into_iter().map(|l| text(lang, l)));
            }
            Some(Known::Contents) => {
                // Table rows reach the table reader as `a | b |`, the form
                // text pages write them in.
                let rows: Vec<(usize, String)> = body
                    .iter()
                    .map(|(n, l)| (*n, l.trim().strip_prefix("| ").unwrap_or(l).to_string()))
                    .collect();
                contents(&borrowed(&rows), lang, &mut draft, &mut unplaced);
            }
            Some(Known::Components) => {
                add_components(&mut draft, components_section(&body_lines));
            }
            Some(Known::Assets) => {
                // The references matter, not the code block or list around them.
                let refs: Vec<(usize, String)> = body
                    .iter()
                    .filter(|(_, l)| !l.trim().starts_with("```"))
                    .map(|(n, l)| (*n, l.trim().trim_start_matches("- ").to_string()))
                    .collect();
                assets(&borrowed(&refs), version, lang, &mut draft, &mut unplaced);
            }
            Some(Known::Driver) => {
                if !body.is_empty() {
                    draft.driver = Some(driver(&body_lines, lang));
                }
            }
            Some(Known::Section(id)) => push_section(&mut draft, id, section, lang),
            None => {
                let slug = headings::slug(&section.title);
                let id = if slug.is_empty() { "section" } else { &slug };
                push_section(&mut draft, id, section, lang);
            }
        }
    }
    add_components(&mut draft, named_in_lists);
    warnings.extend(unplaced.into_iter().map(|(n, l)| Warning {
        line: Some(n),
        message: format!("`{l}` does not fit its section's layout; dropped"),
    }));
    // Versions stated only in prose (an empty component table).
    if draft.components.is_empty() && draft.arch.values().all(|a| a.components.is_empty()) {
        let fixes: Vec<Text> = match &draft.bug_fixes {
            Some(FixesOut::List(items)) => items.clone(),
            _ => Vec::new(),
        };
        for t in draft.features.iter().chain(&fixes) {
            for claim in find_claims(t.get(lang)) {
                let name = match normalize_component(&claim.name).as_str() {
                    "cuda" => "CUDA".to_string(),
                    "torch" => "torch".to_string(),
                    _ => claim.name.clone(),
                };
                draft.components.entry(name).or_insert(claim.version);
            }
        }
    }
    if draft.archs.is_empty() {
        draft.archs.push("amd64".into());
    }
    Parsed { draft, warnings }
}

/// A preamble line that is the page's title: it names the version and
/// reads as a title ("… 25.10 release notes", "PyTorch Release 20.02").
fn is_title_line(line: &str, version: &str) -> bool {
    let lower = line.to_lowercase();
    line.contains(version)
        && !line.contains("本文")
        && !lower.starts_with("this")
        && (line.contains("发布记录")
            || lower.contains("release notes")
            || (line.chars().count() <= 60 && !line.ends_with(['.', '。'])))
}

/// Components found outside the Contents table, unless a name of the same
/// package (`TorchAudio`, `torchaudio`) is there already.
fn add_components(draft: &mut Draft, pairs: Vec<(String, String)>) {
    for (name, version) in pairs {
        let key = normalize_component(&name);
        let known = draft
            .components
            .keys()
            .chain(draft.arch.values().flat_map(|a| a.components.keys()))
            .any(|n| normalize_component(n) == key);
        if !known {
            draft.components.insert(name, version);
        }
    }
}

/// A long-form section; ids are unique (a second "Notes" is `notes-2`).
fn push_section(draft: &mut Draft, id: &str, section: &Section, lang: Lang) {
    if section.body.is_empty() {
        return;
    }
    let mut unique = id.to_string();
    let mut n = 1;
    while draft.sections.iter().any(|s| s.id == unique) {
        n += 1;
        unique = format!("{id}-{n}");
    }
    let body_lines: Vec<&str> = section.body.iter().map(|(_, l)| l.as_str()).collect();
    draft.sections.push(SectionOut {
        id: unique,
        title: text(lang, section.title.clone()),
        body: text(lang, to_markdown(&body_lines)),
    });
}

/// A components section's lines: `| name | version |` rows, `name :
/// version` items, `Name 1.2.3` items.
fn components_section(lines: &[&str]) -> Vec<(String, String)> {
    let starts_version = |s: &str| {
        s.trim_start_matches('v')
            .starts_with(|c: char| c.is_ascii_digit())
    };
    let mut out = Vec::new();
    for line in lines {
        let l = line.trim().trim_start_matches("- ").replace(['"', '`'], "");
        if l.starts_with("```") || l.is_empty() {
            continue;
        }
        if l.starts_with('|') {
            let cells: Vec<&str> = l
                .split('|')
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .collect();
            if let [name, .., version] = cells.as_slice()
                && starts_version(version)
            {
                out.push((name.to_string(), version.to_string()));
            }
        } else if l.contains(':') || l.contains('：') || l.contains("==") {
            out.extend(component_list(&l));
        } else {
            let words: Vec<&str> = l.split_whitespace().collect();
            if let Some(at) = words.iter().position(|w| starts_version(w))
                && (1..=4).contains(&at)
            {
                out.push((
                    words[..at].join(" "),
                    words[at].trim_end_matches([',', '.']).to_string(),
                ));
            }
        }
    }
    out
}

/// One arch column of the Contents table.
#[derive(Default, Clone)]
struct Column {
    scenarios: Vec<Scenario>,
    framework: Option<String>,
    requirements: Vec<String>,
    components: Vec<(String, String)>,
}

#[derive(Clone, Copy, PartialEq)]
enum Row {
    Header,
    Scenarios,
    Framework,
    Requirements,
    Components,
}

fn row_kind(first_cell: &str) -> Option<Row> {
    let c = first_cell.trim().to_lowercase();
    if crate::record::KNOWN_ARCHS.iter().any(|a| c.starts_with(a)) {
        return Some(Row::Header);
    }
    Some(match c.as_str() {
        "应用场景" | "场景" | "scenarios" | "scenario" | "use cases" => Row::Scenarios,
        "框架" | "framework" => Row::Framework,
        "requirements" | "要求" | "依赖" => Row::Requirements,
        "核心组件" | "组件" | "components" | "core components" | "main components" => {
            Row::Components
        }
        _ => return None,
    })
}

fn contents(
    body: &[(usize, &str)],
    lang: Lang,
    draft: &mut Draft,
    unplaced: &mut Vec<(usize, String)>,
) {
    // Rows start with a known label (or arch names); other lines continue the row.
    let mut rows: Vec<(Row, String)> = Vec::new();
    for (n, line) in body {
        if line
            .chars()
            .all(|c| c == '|' || c.is_whitespace() || c == '-' || c == ':')
        {
            continue;
        }
        let first = line.split('|').next().unwrap_or("");
        let header =
            first.trim().is_empty() && line.split('|').any(|c| row_kind(c) == Some(Row::Header));
        let kind = if header {
            Some(Row::Header)
        } else {
            row_kind(first)
        };
        match kind {
            Some(kind) => rows.push((kind, line.to_string())),
            None => match rows.last_mut() {
                Some((_, row)) => {
                    row.push(' ');
                    row.push_str(line);
                }
                None => unplaced.push((*n, line.to_string())),
            },
        }
    }
    let mut archs: Vec<String> = Vec::new();
    let mut columns: Vec<Column> = Vec::new();
    for (kind, row) in &rows {
        let mut cells: Vec<&str> = row.split('|').map(str::trim).collect();
        while cells.last().is_some_and(|c| c.is_empty()) {
            cells.pop();
        }
        if *kind == Row::Header {
            for cell in &cells {
                let c = cell.to_lowercase();
                if let Some(a) = crate::record::KNOWN_ARCHS
                    .iter()
                    .find(|a| c.starts_with(*a))
                {
                    archs.push(a.to_string());
                }
            }
            continue;
        }
        let values = &cells[1.min(cells.len())..];
        if columns.len() < values.len() {
            columns.resize(values.len(), Column::default());
        }
        for (i, value) in values.iter().enumerate() {
            let col = &mut columns[i];
            match kind {
                Row::Scenarios => {
                    col.scenarios = value
                        .split(['/', '、', ',', '，', '&'])
                        .filter_map(|s| match s.trim().to_lowercase().as_str() {
                            "训练" | "training" => Some(Scenario::Training),
                            "推理" | "inference" => Some(Scenario::Inference),
                            _ => None,
                        })
                        .collect();
                }
                Row::Framework if !value.is_empty() => col.framework = Some(value.to_string()),
                Row::Requirements if !value.is_empty() => {
                    col.requirements = vec![value.to_string()];
                }
                Row::Components => col.components = component_list(value),
                _ => {}
            }
        }
    }
    if archs.is_empty() {
        archs = match columns.len() {
            0 | 1 => vec!["amd64".to_string()],
            n => (0..n).map(|i| format!("arch{i}")).collect(),
        };
    }
    columns.resize(archs.len(), Column::default());
    draft.archs = archs.clone();
    let all_same = |f: &dyn Fn(&Column) -> String| columns.windows(2).all(|w| f(&w[0]) == f(&w[1]));
    if all_same(&|c| format!("{:?}", c.scenarios)) {
        draft.scenarios = columns[0].scenarios.clone();
    } else {
        for (a, c) in archs.iter().zip(&columns) {
            draft.arch.entry(a.clone()).or_default().scenarios = Some(c.scenarios.clone());
        }
    }
    if all_same(&|c| format!("{:?}", c.framework)) {
        draft.framework = columns[0].framework.clone();
    } else {
        for (a, c) in archs.iter().zip(&columns) {
            draft.arch.entry(a.clone()).or_default().framework = c.framework.clone();
        }
    }
    let reqs = |c: &Column| {
        c.requirements
            .iter()
            .map(|r| text(lang, r))
            .collect::<Vec<_>>()
    };
    if all_same(&|c| format!("{:?}", c.requirements)) {
        draft.requirements = reqs(&columns[0]);
    } else {
        for (a, c) in archs.iter().zip(&columns) {
            draft.arch.entry(a.clone()).or_default().requirements = Some(reqs(c));
        }
    }
    // Shared: in every arch's list with the same version, in the first list's order.
    for (name, version) in &columns[0].components {
        let everywhere = columns
            .iter()
            .all(|c| c.components.iter().any(|(n, v)| n == name && v == version));
        if everywhere {
            draft.components.insert(name.clone(), version.clone());
        }
    }
    for (a, c) in archs.iter().zip(&columns) {
        for (name, version) in &c.components {
            if draft.components.get(name) != Some(version) {
                draft
                    .arch
                    .entry(a.clone())
                    .or_default()
                    .components
                    .insert(name.clone(), version.clone());
            }
        }
    }
    draft.arch.retain(|_, a| {
        a.scenarios.is_some()
            || a.framework.is_some()
            || a.requirements.is_some()
            || !a.components.is_empty()
    });
}

/// `Ubuntu : 24.04 CUDA : 12.8 …` (also `name: version`, `name:version`,
/// `name==version`), in one cell or over several lines.
fn component_list(cell: &str) -> Vec<(String, String)> {
    let spaced = cell.replace("==", " : ").replace('：', " : ");
    let mut tokens: Vec<String> = Vec::new();
    for word in spaced.split_whitespace() {
        if word != ":" && word.contains(':') {
            let (a, b) = word.split_once(':').unwrap_or((word, ""));
            for t in [a, ":", b] {
                if !t.is_empty() {
                    tokens.push(t.to_string());
                }
            }
        } else {
            tokens.push(word.to_string());
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if i + 2 < tokens.len() && tokens[i + 1] == ":" {
            out.push((tokens[i].clone(), tokens[i + 2].clone()));
            i += 3;
        } else {
            i += 1;
        }
    }
    out
}

fn assets(
    body: &[(usize, &str)],
    version: &str,
    lang: Lang,
    draft: &mut Draft,
    unplaced: &mut Vec<(usize, String)>,
) {
    let mut images: Vec<String> = Vec::new();
    let mut prose = String::new();
    let mut template: Option<String> = None;
    for (_, line) in body {
        let l = line.trim();
        let lower = l.to_lowercase();
        if l == version {
            continue;
        }
        if lower.starts_with("vpc") && l.chars().count() <= 20 {
            continue;
        }
        if is_ref_like(l) && ImageRef::parse(l).is_err_and(|e| e.is_template()) {
            template = Some(l.to_string());
            continue;
        }
        if template.is_none() && is_ref_like(l) && image_refs(l).first().is_some_and(|r| r == l) {
            if !images.contains(&l.to_string()) {
                images.push(l.to_string());
            }
            continue;
        }
        if l.is_empty() {
            continue;
        }
        if !prose.is_empty() && lang == Lang::En {
            prose.push(' ');
        }
        prose.push_str(l);
    }
    // Prose: placeholder descriptions first, then one note per image reference.
    let refs = image_refs(&prose);
    let first_ref = refs
        .first()
        .and_then(|r| prose.find(r.as_str()))
        .unwrap_or(prose.len());
    let (placeholder_text, notes_text) = prose.split_at(first_ref);
    if let Some(template) = &template {
        let names: Vec<String> = template
            .split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}').map(|(n, _)| n.to_string()))
            .collect();
        let mut placeholders = Vec::new();
        for (i, name) in names.iter().enumerate() {
            let marker = format!("{{{name}}}");
            let description = placeholder_text.find(&marker).map(|at| {
                let rest = &placeholder_text[at + marker.len()..];
                let end = names[i + 1..]
                    .iter()
                    .filter_map(|n| rest.find(&format!("{{{n}}}")))
                    .min()
                    .unwrap_or(rest.len());
                rest[..end]
                    .trim()
                    .trim_start_matches("为")
                    .trim_start_matches("is ")
                    .trim_start_matches([':', '：'])
                    .trim()
                    .to_string()
            });
            let examples = description.as_deref().map(examples_in).unwrap_or_default();
            placeholders.push(PlaceholderOut {
                name: name.clone(),
                examples,
                description: description.filter(|d| !d.is_empty()).map(|d| text(lang, d)),
            });
        }
        draft.vpc_image = Some(VpcOut {
            template: template.clone(),
            placeholders,
        });
    } else if !placeholder_text.trim().is_empty() {
        unplaced.push((
            body.first().map_or(0, |(n, _)| *n),
            placeholder_text.trim().to_string(),
        ));
    }
    // Notes: from each image reference to the next.
    let mut notes: Vec<(String, String)> = Vec::new();
    let mut rest = notes_text;
    while !rest.is_empty() {
        let Some(image) = image_refs(rest).into_iter().next() else {
            break;
        };
        let at = rest.find(&image).unwrap_or(0);
        let after = &rest[at + image.len()..];
        let next = image_refs(after)
            .first()
            .and_then(|r| after.find(r.as_str()))
            .unwrap_or(after.len());
        let mut note = rest[..at + image.len() + next].trim().to_string();
        if lang == Lang::En {
            note = note.trim_end_matches(" The image").to_string();
        }
        notes.push((image.clone(), note));
        rest = &after[next..];
    }
    for (image, _) in &notes {
        if !images.contains(image) {
            images.push(image.clone());
        }
    }
    for image in images {
        let note = notes
            .iter()
            .find(|(i, _)| *i == image)
            .map(|(_, n)| n.clone());
        let (suits, not_suits) = note.as_deref().map(applicability).unwrap_or_default();
        draft.assets.push(AssetOut {
            image,
            suits: suits.into_iter().map(|s| text(lang, s)).collect(),
            not_suits: not_suits.into_iter().map(|s| text(lang, s)).collect(),
            note: note.map(|n| text(lang, n)),
        });
    }
}

fn is_ref_like(s: &str) -> bool {
    let first = s.split('/').next().unwrap_or("");
    s.contains('/') && first.contains('.') && !first.contains(' ')
}

/// Image references in a text: runs of reference characters with a
/// registry host (a dot before the first `/`) and a path that parse as an
/// image reference.
pub fn image_refs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let is_ref_char =
        |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '/' | ':' | '@' | '-' | '_');
    let mut current = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if is_ref_char(c) {
            current.push(c);
        } else {
            let candidate = current.trim_end_matches(['.', ':', '-']).to_string();
            if is_ref_like(&candidate) && ImageRef::parse(&candidate).is_ok() {
                out.push(candidate);
            }
            current.clear();
        }
    }
    out
}

/// `…适用于A、B;该镜像不适用于C,…` → ([A, B], [C]); English: "suitable for
/// A and for B; it is not suitable for C".
fn applicability(note: &str) -> (Vec<String>, Vec<String>) {
    let mut suits = Vec::new();
    let mut not_suits = Vec::new();
    let stop = |s: &str| -> String {
        let end = s.find([';', '；', ',', '，', '。']).unwrap_or(s.len());
        s[..end].trim().to_string()
    };
    let split = |s: String| -> Vec<String> {
        s.split(['、'])
            .flat_map(|p| p.split(" and for "))
            .flat_map(|p| p.split(", "))
            .map(|p| p.trim().trim_start_matches("for ").trim().to_string())
            .filter(|p| !p.is_empty())
            .collect()
    };
    for (marker, neg_marker) in [("适用于", "不适用于"), ("suitable for", "not suitable for")]
    {
        let mut rest = note;
        while let Some(at) = rest.find(marker) {
            let negative = rest[..at].ends_with(&neg_marker[..neg_marker.len() - marker.len()]);
            let items = split(stop(&rest[at + marker.len()..]));
            if negative {
                not_suits.extend(items);
            } else {
                suits.extend(items);
            }
            rest = &rest[at + marker.len()..];
        }
    }
    (suits, not_suits)
}

/// `比如:cn-beijing、cn-wulanchabu等` / `for example cn-beijing, cn-wulanchabu`.
fn examples_in(description: &str) -> Vec<String> {
    for marker in ["比如:", "比如：", "例如:", "例如：", "for example "] {
        if let Some(at) = description.find(marker) {
            let rest = &description[at + marker.len()..];
            let end = rest.find(['等', '。']).unwrap_or(rest.len());
            return rest[..end]
                .trim_end_matches('.')
                .split(['、', ','])
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty() && s.is_ascii() && !s.contains(' '))
                .collect();
        }
    }
    Vec::new()
}

fn driver(lines: &[&str], lang: Lang) -> DriverOut {
    let all = lines.join("\n");
    let mut out = DriverOut {
        wording: Some(text(lang, lines.join("\n\n") + "\n")),
        ..DriverOut::default()
    };
    // Base CUDA: the first CUDA version after "基于" / "based on".
    for marker in ["基于", "based on"] {
        if out.cuda.is_none()
            && let Some(at) = all.find(marker)
        {
            out.cuda = cuda_mentions(&all[at..]).into_iter().next();
        }
    }
    // Minimum: "驱动程序版本575或更高版本" / "driver release 575 or later".
    for marker in ["驱动程序版本", "driver release "] {
        if out.min.is_none()
            && let Some(at) = all.find(marker)
        {
            let v: String = all[at + marker.len()..]
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let v = v.trim_end_matches('.').to_string();
            if !v.is_empty() {
                out.min = Some(v);
            }
        }
    }
    for para in lines {
        let lower = para.to_lowercase();
        if para.contains("(或更高版本") || lower.contains("(or later") {
            // "470.57(或更高版本R470)" / "470.57 (or later R470)"
            let mut rest: &str = para;
            while let Some(open) = rest.find('(') {
                let before: String = rest[..open]
                    .trim_end()
                    .chars()
                    .rev()
                    .take_while(|c| c.is_ascii_digit() || *c == '.')
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                let close = rest[open..].find(')').map_or(rest.len(), |c| open + c);
                let inside = &rest[open..close];
                if let Some(branch) = branches(inside).into_iter().next()
                    && !before.is_empty()
                {
                    out.datacenter.push(BranchOut {
                        branch,
                        min: before.trim_matches('.').to_string(),
                    });
                }
                rest = &rest[close.min(rest.len())..];
                if rest.starts_with(')') {
                    rest = &rest[1..];
                }
            }
        } else if para.contains("升级") || lower.contains("upgrade from") {
            out.upgrade_from.extend(branches(para));
            for marker in [
                "不向前兼容",
                "not forward-compatible with",
                "not forward compatible with",
            ] {
                if let Some(at) = para.find(marker) {
                    out.not_forward_compatible_with = cuda_mentions(&para[at..]).into_iter().next();
                }
            }
        }
    }
    out
}

/// `R470`, `R545 ` … in a text.
fn branches(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    for i in 0..chars.len() {
        if chars[i] == 'R' && (i == 0 || !chars[i - 1].is_ascii_alphanumeric()) {
            let digits: String = chars[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            if digits.len() >= 3 {
                out.push(format!("R{digits}"));
            }
        }
    }
    out
}

/// Lines → Markdown: the page's fences, list items and table rows stay
/// as they are; short lines without closing punctuation become `###`
/// headings, command lines code blocks, the rest paragraphs.
fn to_markdown(lines: &[&str]) -> String {
    let mut out = String::new();
    // A code block opened here around command lines; a fence of the page.
    let mut in_code = false;
    let mut in_fence = false;
    let mut in_table = false;
    for line in lines {
        let fence = line.trim_start().starts_with("```");
        let code = !in_fence && !fence && is_command(line);
        if in_code && !code {
            out.push_str("```\n\n");
            in_code = false;
        }
        let row = !in_fence && line.starts_with('|');
        if in_table && !row {
            out.push('\n');
        }
        if fence || in_fence {
            out.push_str(line);
            out.push('\n');
            if fence {
                in_fence = !in_fence;
                if !in_fence {
                    out.push('\n');
                }
            }
        } else if code {
            if !in_code {
                out.push_str("```bash\n");
                in_code = true;
            }
            out.push_str(line);
            out.push('\n');
        } else if row {
            out.push_str(line);
            out.push('\n');
            if !in_table {
                // The first row is the header: Markdown wants a delimiter.
                let cells = line.trim_matches('|').split('|').count();
                out.push_str(&format!("|{}\n", "---|".repeat(cells)));
            }
        } else if line.starts_with("- ") {
            out.push_str(line);
            out.push('\n');
        } else {
            if out.ends_with('\n') && !out.ends_with("\n\n") && !out.is_empty() {
                out.push('\n');
            }
            let n = line.chars().count();
            let closes = line.ends_with(['。', '.', ':', '：', ',', '，', ';', '；', ')', '）']);
            if n <= 24 && !closes {
                out.push_str("### ");
            }
            out.push_str(line);
            out.push_str("\n\n");
        }
        in_table = row;
    }
    if in_code || in_fence {
        out.push_str("```\n");
    }
    out.trim_end().to_string() + "\n"
}

pub(super) fn is_command(line: &str) -> bool {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(md: &str) -> Draft {
        use super::super::page::{Page, PageKind};
        let page = super::super::structure::split(&Page::read(PageKind::Markdown, md));
        parse(&page, "9.9", Lang::En, "x").draft
    }

    #[test]
    fn components_from_tables_and_lists_once_per_package() {
        let draft = parsed(
            "# x 9.9\n\n## Announcements\n\n- Added domain libraries: torchaudio 2.7.1, torchvision 0.22.1\n\
             - The image includes the following libraries:\n  - CUDA 12.4.1\n  - AWS OFI NCCL plugin 1.11.0\n\n\
             ## Core Packages\n\n| Package | Version |\n| --- | --- |\n| TorchAudio | 2.7.1 |\n| Python | 3.12.10 |\n",
        );
        let comps: Vec<String> = draft
            .components
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        assert_eq!(
            comps,
            [
                "TorchAudio=2.7.1",
                "Python=3.12.10",
                "torchvision=0.22.1",
                "CUDA=12.4.1",
                "AWS OFI NCCL plugin=1.11.0"
            ]
        );
        let features: Vec<&str> = draft.features.iter().map(|t| t.en.as_str()).collect();
        assert_eq!(
            features,
            [
                "Added domain libraries: torchaudio 2.7.1, torchvision 0.22.1",
                "The image includes the following libraries: CUDA 12.4.1, AWS OFI NCCL plugin 1.11.0"
            ]
        );
    }

    #[test]
    fn lists_keep_their_items_and_leave_their_introduction() {
        let draft = parsed(
            "# x 9.9\n\n## Key Features and Enhancements\n\nThis release includes the following.\n\n\
             - one\n- two\n\n## Bug fixes\n\n- None.\n\n## Build notes\n\nText.\n\n## Build Notes\n\nMore.\n",
        );
        let features: Vec<&str> = draft.features.iter().map(|t| t.en.as_str()).collect();
        assert_eq!(features, ["one", "two"]);
        assert!(matches!(draft.bug_fixes, Some(FixesOut::None { .. })));
        let ids: Vec<&str> = draft.sections.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["build-notes", "build-notes-2"]);
    }

    #[test]
    fn component_cells() {
        assert_eq!(
            component_list("Ubuntu : 24.04 CUDA : 12.8 flash_attn: 2.8.3 gdb:15.0"),
            [
                ("Ubuntu".to_string(), "24.04".to_string()),
                ("CUDA".to_string(), "12.8".to_string()),
                ("flash_attn".to_string(), "2.8.3".to_string()),
                ("gdb".to_string(), "15.0".to_string())
            ]
        );
        assert!(component_list("").is_empty());
    }

    #[test]
    fn applicability_splits_on_enumeration_commas() {
        let (s, n) = applicability(
            "x:25.10镜像适用于ACS产品形态、灵骏多租产品形态;该镜像不适用于灵骏单租产品形态,请勿在灵骏单租场景使用。",
        );
        assert_eq!(s, ["ACS产品形态", "灵骏多租产品形态"]);
        assert_eq!(n, ["灵骏单租产品形态"]);
        let (s, n) = applicability(
            "The image x is suitable for ACS and for Lingjun multi-tenant; it is not suitable for Lingjun single-tenant, so do not.",
        );
        assert_eq!(s, ["ACS", "Lingjun multi-tenant"]);
        assert_eq!(n, ["Lingjun single-tenant"]);
    }

    #[test]
    fn branches_and_refs() {
        assert_eq!(
            branches("R418、R440、R545 、R555和R560"),
            ["R418", "R440", "R545", "R555", "R560"]
        );
        assert_eq!(
            image_refs("a.b.com/x/y:25.05镜像适用于…。c.d.com/x/y:25.05\n"),
            ["a.b.com/x/y:25.05", "c.d.com/x/y:25.05"]
        );
        // Look-alikes that are no image references are left out.
        assert_eq!(
            image_refs("see docs.example.com/Guide/x:1 or a.b.com/x/y:bad:tag and a.b.com/ok:1"),
            ["a.b.com/ok:1"]
        );
    }
}
