//! Components and the Contents table: per-arch columns of `name : version`
//! cells, and versions stated only in prose.

use super::parse::{Draft, FixesOut, text};
use crate::lint::{find_claims, normalize_component};
use crate::record::{Lang, Scenario, Text};

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

pub fn contents(
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
pub fn component_list(cell: &str) -> Vec<(String, String)> {
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

/// Versions stated only in prose (an empty component table): "X升级至Y" /
/// "X upgraded to Y" in features and fixes.
pub fn from_prose(draft: &mut Draft, lang: Lang) {
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
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
