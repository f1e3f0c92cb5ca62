//! Components and the Contents table: per-arch columns of `name : version`
//! cells, and versions stated only in prose.

use super::names;
use crate::claims::find_claims;
use crate::draft::{Draft, FixesOut, text};
use crate::error::MAX_ITEMS;
use crate::package_name::is_package_name;
use crate::words::{self, Words, is_version_label};
use indexmap::IndexMap;
use model::{Ecosystem, Lang, Scenario, Text, Version};
use std::collections::{HashMap, HashSet, VecDeque};

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
    if model::KNOWN_ARCHS.iter().any(|a| c.starts_with(a)) {
        return Some(Row::Header);
    }
    let is =
        |of: fn(&'static Words) -> &'static Vec<String>| words::each().any(|w| of(w).contains(&c));
    if is(|w| &w.rows.scenarios) {
        Some(Row::Scenarios)
    } else if is(|w| &w.rows.framework) {
        Some(Row::Framework)
    } else if is(|w| &w.rows.requirements) {
        Some(Row::Requirements)
    } else if is(|w| &w.rows.components) {
        Some(Row::Components)
    } else {
        None
    }
}

/// The scenario a word of the scenarios row names ("训练", "inference").
fn scenario(word: &str) -> Option<Scenario> {
    let word = word.trim().to_lowercase();
    words::each()
        .flat_map(|w| &w.scenarios)
        .find(|(_, said)| said.contains(&word))
        .map(|(scenario, _)| *scenario)
}

/// The Contents part: a per-arch table (rows by label, one column per
/// arch), a two-column `Package | Version` table, or a list of items; rows
/// and cells may be split over lines, with stray `|` between them.
pub(crate) fn contents(
    body: &[(usize, &str)],
    lang: Lang,
    draft: &mut Draft,
    unplaced: &mut Vec<(usize, String)>,
) {
    // Rows start with a known label (or arch names); other lines continue the row.
    let mut rows: Vec<(Row, String)> = Vec::new();
    // Components outside the per-arch table: they hold for every arch.
    let mut listed: Vec<(String, String)> = Vec::new();
    // List items, those naming a version, and those naming things only.
    let (mut bullets, mut versioned) = (0, 0);
    let mut versionless: Vec<(usize, String, Vec<String>)> = Vec::new();
    for (n, raw) in body {
        let line = raw.trim();
        if is_fence(line) || is_separator_row(line) {
            continue;
        }
        if line.chars().all(|c| c == '|' || c.is_whitespace()) {
            // A stray `|` between cells split one per line.
            if let Some((_, row)) = rows.last_mut() {
                row.push_str(" |");
            }
            continue;
        }
        let cells = cells_of(line);
        let first = cells.first().copied().unwrap_or("");
        let header = (line.starts_with('|') || first.is_empty())
            && cells.iter().any(|c| row_kind(c) == Some(Row::Header));
        let kind = if header {
            Some(Row::Header)
        } else {
            row_kind(first)
        };
        let open_row = rows.last().map(|(k, _)| *k);
        if let Some(kind) = kind {
            rows.push((kind, cells.join(" | ")));
        } else if cells.len() == 2 && is_version_header(&cells) {
            // `Package | Version`: the header of a two-column table.
        } else if cells.len() == 2
            && let [(name, version)] = name_and_version(cells[0], cells[1]).as_slice()
        {
            listed.push((name.clone(), version.clone()));
        } else if is_bullet(line) && open_row != Some(Row::Components) {
            let found = contents_item(line);
            bullets += 1;
            if !found.is_empty() {
                versioned += 1;
            } else if let Some(names) = versionless_names(line) {
                versionless.push((*n, line.to_string(), names));
            } else {
                unplaced.push((*n, line.to_string()));
            }
            listed.extend(found);
        } else if let Some((_, row)) = rows.last_mut() {
            // The label alone is a cell: what follows starts the next one.
            if !row.contains('|') && !line.starts_with('|') {
                row.push_str(" |");
            }
            row.push(' ');
            row.push_str(line);
        } else {
            let found = contents_item(line);
            if !found.is_empty() {
                listed.extend(found);
            } else if !is_prose(line) {
                unplaced.push((*n, line.to_string()));
            }
        }
    }
    table(&rows, lang, draft);
    // Items of a list that is mostly name–version items name what the
    // image holds ("Apex"); elsewhere they fit no layout.
    if versioned * 2 > bullets {
        add_includes(
            draft,
            versionless.into_iter().flat_map(|(_, _, names)| names),
        );
    } else {
        unplaced.extend(versionless.into_iter().map(|(n, line, _)| (n, line)));
    }
    for (name, version) in listed {
        let taken = draft.components.contains_key(&name)
            || draft
                .arch
                .values()
                .any(|a| a.components.contains_key(&name));
        if !taken {
            draft.components.insert(name, version);
        }
    }
    if draft.archs.is_empty() {
        draft.archs.push("amd64".to_string());
    }
}

/// The names a list item gives without a version ("Apex", "NVIDIA DALI",
/// "JupyterLab and JupyterLab-TensorBoard"): each part between commas and
/// joints (`[components] joints`) is a name of one to four name words, a
/// parenthesis after it a note; none for anything else (a sentence, a
/// version that did not parse).
pub(crate) fn versionless_names(line: &str) -> Option<Vec<String>> {
    let item = line.trim();
    let item = ["- ", "* ", "+ ", "• ", "· "]
        .iter()
        .find_map(|b| item.strip_prefix(b))
        .unwrap_or(item);
    let item = item.split(['(', '（']).next().unwrap_or(item).trim();
    if item.is_empty() || item.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut parts = vec![item.to_string()];
    for words in words::each() {
        for joint in words.components.joints.iter().map(|j| words.between(j)) {
            parts = parts
                .iter()
                .flat_map(|p| {
                    p.split(joint.as_str())
                        .map(str::to_string)
                        .collect::<Vec<_>>()
                })
                .collect();
        }
    }
    parts
        .iter()
        .flat_map(|p| p.split([',', '、', '，']))
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(names::component_name)
        .collect()
}

/// Adds `names` to the draft's includes, unless a component or an include
/// of the same name is there already.
pub(crate) fn add_includes(draft: &mut Draft, names: impl Iterator<Item = String>) {
    for name in names {
        let key = names::canonical_key(&name);
        let taken = draft
            .components
            .keys()
            .chain(draft.arch.values().flat_map(|a| a.components.keys()))
            .chain(draft.includes.iter().map(|i| &i.name))
            .any(|n| names::canonical_key(n) == key);
        if !taken {
            draft
                .includes
                .push(crate::draft::IncludeOut { name, detail: None });
        }
    }
}

/// The components of a list item or line of a Contents part, unless it
/// is a note on other releases ("containers 19.11 and later include
/// support for Singularity v3.0") or names example models.
fn contents_item(line: &str) -> Vec<(String, String)> {
    if crate::phrases::holds_note(line) || crate::phrases::names_examples(line) {
        return Vec::new();
    }
    let line = without_home_address(line);
    // "Bump golang.org/x/net from 0.54.0 to 0.55.0 to address …": an
    // item claiming an upgrade states the version it upgrades to.
    let claims = crate::claims::find_claims(line);
    if !claims.is_empty() {
        return claims.into_iter().map(|c| (c.name, c.version)).collect();
    }
    let listed = component_list(line);
    if listed.is_empty() {
        let item = line.trim_start_matches(['-', '*', ' ']);
        return labelled_commit(item).into_iter().collect();
    }
    listed
}

/// "code_aster adapter: commit ce995e0 (same as in v2202.0)": a label,
/// then a version word and a commit (a note may follow in parentheses).
pub(crate) fn labelled_commit(item: &str) -> Option<(String, String)> {
    let (label, value) = item.split_once([':', '：'])?;
    let value = value.split_once(" (").map_or(value, |(v, _)| v);
    let mut words = value.split_whitespace();
    let (Some(word), Some(hash), None) = (words.next(), words.next(), words.next()) else {
        return None;
    };
    let label = label.trim().trim_start_matches("- ").trim();
    (crate::words::is_version_label(word)
        && crate::package_name::is_commit_hash(hash)
        && (1..=4).contains(&label.split_whitespace().count()))
    .then(|| (label.to_string(), hash.to_string()))
}

/// The per-arch table's rows → archs, scenarios, framework, requirements and
/// components (shared when every arch has the same, else per arch).
fn table(rows: &[(Row, String)], lang: Lang, draft: &mut Draft) {
    if rows.is_empty() {
        return;
    }
    let mut archs: Vec<String> = Vec::new();
    let mut columns: Vec<Column> = Vec::new();
    for (kind, row) in rows {
        let mut cells: Vec<&str> = row.split('|').map(str::trim).collect();
        while cells.last().is_some_and(|c| c.is_empty()) {
            cells.pop();
        }
        if *kind == Row::Header {
            for cell in &cells {
                let c = cell.to_lowercase();
                if let Some(a) = model::KNOWN_ARCHS.iter().find(|a| c.starts_with(*a)) {
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
                        .filter_map(scenario)
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
        // No head naming architectures: the first column is the image's.
        archs = vec!["amd64".to_string()];
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
    let listed: Vec<HashSet<(&str, &str)>> = columns
        .iter()
        .map(|c| {
            c.components
                .iter()
                .map(|(n, v)| (n.as_str(), v.as_str()))
                .collect()
        })
        .collect();
    for (name, version) in &columns[0].components {
        let everywhere = listed
            .iter()
            .all(|pairs| pairs.contains(&(name.as_str(), version.as_str())));
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

/// A code block that prints versions (`IPython : 9.9.0`, `NumPy: 2.3.5`,
/// `julia version 1.12.4`, as GPU-Jupyter's `get_versions.sh` prints its
/// image's), wherever it stands: its components, when at least
/// [`PRINTOUT_LINES`] of its lines and three fifths of them name a
/// version of two numbers or more (ports, sizes and settings do not).
/// `printed` reads a line a tool prints about its own release (nvcc's,
/// os-release's), which names no pair by a colon.
pub(crate) fn printout_components(
    lines: &[(usize, String)],
    printed: fn(&str) -> Option<(String, String)>,
) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut block: Option<Vec<&str>> = None;
    for (_, line) in lines {
        let line = line.trim();
        if is_fence(line) {
            match block.take() {
                Some(inside) => out.extend(printed_block(&inside, printed)),
                None => block = Some(Vec::new()),
            }
        } else if let Some(inside) = block.as_mut()
            && !line.is_empty()
        {
            inside.push(line);
        }
    }
    out
}

/// At least this many lines of a code block name versions for it to be a
/// printout of them.
const PRINTOUT_LINES: usize = 5;

fn printed_block(
    lines: &[&str],
    printed: fn(&str) -> Option<(String, String)>,
) -> Vec<(String, String)> {
    let read: Vec<Vec<(String, String)>> = lines
        .iter()
        .take(MAX_ITEMS)
        .map(|line| {
            let mut pairs = colon_pairs(line);
            pairs.retain(|(_, v)| v.split('.').filter(|n| !n.is_empty()).count() >= 2);
            if pairs.is_empty() {
                pairs.extend(printed(line));
            }
            pairs
        })
        .collect();
    let versioned = read.iter().filter(|pairs| !pairs.is_empty()).count();
    if versioned < PRINTOUT_LINES || versioned * 5 < lines.len().min(MAX_ITEMS) * 3 {
        return Vec::new();
    }
    read.into_iter().flatten().collect()
}

fn is_fence(line: &str) -> bool {
    line.starts_with("```") || line.starts_with("~~~")
}

/// `|---|---|`, `| --- | :---: |`.
fn is_separator_row(line: &str) -> bool {
    line.contains('-')
        && line
            .chars()
            .all(|c| matches!(c, '|' | '-' | ':') || c.is_whitespace())
}

fn is_bullet(line: &str) -> bool {
    ["- ", "* ", "+ ", "• ", "· "]
        .iter()
        .any(|b| line.starts_with(b))
}

/// A sentence describing the part ("The container also includes the following:").
fn is_prose(line: &str) -> bool {
    line.ends_with(['.', '。', ':', '：', '!', '！'])
}

/// A row's cells: split on `|`, trimmed, without the empty cells the
/// leading and trailing `|` make.
fn cells_of(line: &str) -> Vec<&str> {
    let line = line.trim();
    let line = line.strip_prefix('|').unwrap_or(line);
    let mut cells: Vec<&str> = line.split('|').map(str::trim).collect();
    while cells.last().is_some_and(|c| c.is_empty()) {
        cells.pop();
    }
    cells
}

/// `Package | Version`, `Component | Version`, `组件 | 版本`.
fn is_version_header(cells: &[&str]) -> bool {
    let head = cells[1].to_lowercase();
    words::each().any(|w| w.components.version_heads.contains(&head))
}

/// A word that may follow a version in an item ("DALI 0.18.0 Beta",
/// "Added Ubuntu 22.04 support").
pub(crate) fn is_version_suffix(word: &str) -> bool {
    let word = word.to_lowercase();
    let word = word.trim_end_matches(['.', '。']);
    words::each().any(|w| w.components.version_suffixes.iter().any(|s| s == word))
}

/// A word between a version and the one it went to ("to", `->`).
fn is_to_word(word: &str) -> bool {
    words::each().any(|l| l.claims.to.iter().any(|t| t.eq_ignore_ascii_case(word)))
        || words::is_arrow(word)
}

/// "drmp3 v0.6.40: https://github.com/…": an item ending in the address
/// of the component's home, after a colon or a dash, is the item without it.
pub(crate) fn without_home_address(line: &str) -> &str {
    let Some((before, last)) = line.trim_end().rsplit_once(char::is_whitespace) else {
        return line;
    };
    if !is_address(last) {
        return line;
    }
    let before = before.trim_end();
    match before.strip_suffix([':', '-', '–']) {
        // (A label whose value is the address, "Docs: https://…", keeps it.)
        Some(item) if item.contains(|c: char| c.is_ascii_digit()) => item.trim_end(),
        _ => line,
    }
}

/// A web address, as a link whose text it was leaves it in a page's text.
fn is_address(word: &str) -> bool {
    ["http://", "https://"]
        .iter()
        .any(|scheme| word.len() > scheme.len() && word.starts_with(scheme))
}

/// `text` is one Markdown link, `[text](target)`, and nothing else.
fn is_one_link(text: &str) -> bool {
    text.strip_prefix('[')
        .and_then(|t| t.strip_suffix(')'))
        .and_then(|t| t.split_once("]("))
        .is_some_and(|(label, target)| !label.contains(']') && !target.contains([' ', '(', ')']))
}

/// A reference to an issue or a pull request after an item (`#1934`,
/// `(#18137)`, MyST's `{pr}1934` as Markdown gives it).
fn is_reference(word: &str) -> bool {
    let word = word.trim_matches(['(', ')', '[', ']', ',', '.', '`']);
    let number = match word.strip_prefix('#') {
        Some(n) => n,
        None => match word.strip_prefix('{').and_then(|r| r.split_once('}')) {
            Some((role, n)) if role.bytes().all(|b| b.is_ascii_alphabetic()) => n.trim_matches('`'),
            _ => return false,
        },
    };
    !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())
}

/// A word marking a dependency as added (`**_new_**` of a generated list
/// of dependency changes): a change word of `[tables] change_verbs`.
pub(crate) fn is_change_mark(word: &str) -> bool {
    let word = word.trim_matches(['*', '_', '(', ')']).to_lowercase();
    !word.is_empty() && words::each().any(|w| w.tables.change_verbs.contains(&word))
}

/// A version as written → the version, if it is one for component `name`:
/// a `v` prefix dropped, parsing in the name's default ecosystem (or as a
/// dotted version, which a catalog entry may ask for).
pub(crate) fn clean_version(name: &str, written: &str) -> Option<String> {
    // "release/0.13.0": a branch or tag path names its version last;
    // "4.1.4+": that version with the vendor's patches.
    let v = written
        .trim()
        .trim_start_matches(['(', '`', '*'])
        .trim_end_matches([',', '.', ';', ':', ')', '`', '*', '，', '。', '；', '+']);
    let v = tag_tail(v).unwrap_or(v);
    let v = match v.strip_prefix(['v', 'V']) {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => rest,
        _ => v,
    };
    // `rc3.1.0` (Moore Threads' MUSA releases): kept as written; a record
    // holds it where its ecosystem can (else as an include).
    if v.strip_prefix("rc")
        .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()) && r.contains('.'))
    {
        return Some(v.to_string());
    }
    if !v.starts_with(|c: char| c.is_ascii_digit()) || crate::package_name::is_address(v) {
        return None;
    }
    // "2.1.0_Palette_SDK_master_B279" (a build string): kept as written
    // after a dotted version; a record holds it as an include.
    if let Some((number, build)) = v.split_once('_')
        && number.contains('.')
        && Version::parse(Ecosystem::Generic, number).is_ok()
        && build.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        return Some(v.to_string());
    }
    // "15 SP6": kept as written when its number is a version (a record
    // holds it as an include).
    if let Some((number, part)) = v.split_once(' ') {
        let number_parses = Version::parse(Ecosystem::Generic, number).is_ok();
        return (number_parses
            && (crate::package_name::is_version_part(part)
                || crate::package_name::is_pre_release_part(part)))
        .then(|| v.to_string());
    }
    // `2015d`, `2024a` (the IANA time zone database's releases): a year
    // and a letter.
    let yearly = matches!(v.as_bytes(), [y @ .., letter] if y.len() == 4
        && y.iter().all(u8::is_ascii_digit)
        && letter.is_ascii_lowercase());
    let parses = |e: Ecosystem| Version::parse(e, v).is_ok();
    (yearly || parses(model::default_ecosystem(name)) || parses(Ecosystem::Generic))
        .then(|| v.to_string())
}

/// A name cell and a version cell of a two-column table.
fn name_and_version(name: &str, version: &str) -> Vec<(String, String)> {
    names::component_name(name)
        .and_then(|n| clean_version(&n, version).map(|v| (n, v)))
        .into_iter()
        .collect()
}

/// The items of a cell or a list line: split on bullets and on commas,
/// semicolons, `、` and `·`; at most one past [`MAX_ITEMS`] (a record
/// holding more is refused).
fn items(cell: &str) -> Vec<String> {
    // "Beetl 3.10（替换JSP）": a full-width note as a note.
    let spaced = format!(
        " {} ",
        cell.replace("==", " : ")
            .replace('：', " : ")
            .replace('（', " (")
            .replace('）', ")")
    );
    let mut pieces = vec![spaced.as_str()];
    for bullet in [" - ", " • ", " * ", " · ", " + "] {
        pieces = pieces.iter().flat_map(|p| p.split(bullet)).collect();
    }
    let mut out: Vec<String> = Vec::new();
    for piece in pieces
        .iter()
        .flat_map(|p| p.split([',', ';', '、', '，', '；']))
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .take(MAX_ITEMS + 1)
    {
        // "Commons Beanutils, 1.10.1 → 1.11.0" (ZAP's dependency updates):
        // a name without a version, then its versions after a comma.
        let opens_with_version = piece.split_whitespace().next().is_some_and(is_version_word);
        match out.last_mut() {
            Some(name) if opens_with_version && !name.split_whitespace().any(is_version_word) => {
                name.push(' ');
                name.push_str(piece);
            }
            _ => out.push(piece.to_string()),
        }
    }
    out
}

/// "[pip3] numpy==2.2.6" (PyTorch's and vLLM's `collect-env`): the item
/// without the tag in brackets opening it, which says where it comes
/// from and names nothing.
pub(crate) fn without_source_tag(item: &str) -> &str {
    item.trim_start()
        .strip_prefix('[')
        .and_then(|rest| rest.split_once("] "))
        .filter(|(tag, _)| {
            (1..=12).contains(&tag.len()) && tag.chars().all(|c| c.is_ascii_alphanumeric())
        })
        .map_or(item, |(_, rest)| rest)
}

/// The components one item names (see [`component_list`]).
fn item_components(item: &str) -> Vec<(String, String)> {
    let item = without_source_tag(item);
    // A spec `name@version` (Spack, npm): one word.
    let word = item.trim();
    if !word.contains(char::is_whitespace)
        && let Some((name, version)) = word.rsplit_once('@')
        && !name.is_empty()
    {
        return name_and_version(name, version);
    }
    let item = without_alias(item);
    let item = without_version_of(item.as_ref());
    // A colon inside a parenthesis is a note's ("RAPIDS 22.10.01 (x86 libraries: cudf …)").
    let before_note = item.split('(').next().unwrap_or(item);
    // An address's colon (`[https://…](…)` after a version) labels nothing.
    if before_note.replace("://", "").contains(':') {
        colon_pairs(item)
    } else {
        let mut named = named_versions(item);
        if named.is_empty() {
            revision(before_note).into_iter().collect()
        } else {
            named.extend(parenthesized_other(item));
            named
        }
    }
}

/// "Versión del kernel 3.2.63-2+deb7u1" (Huayra Linux's changelog), "version
/// of Python 3.12": the item without the word for a version and the word
/// saying what it is of (`[claims] of`) that open it.
fn without_version_of(item: &str) -> &str {
    let t = item.trim_start();
    let mut words = t.splitn(3, ' ');
    match (words.next(), words.next(), words.next()) {
        (Some(label), Some(of), Some(rest))
            if crate::words::is_version_label(label)
                && crate::words::each()
                    .any(|w| w.claims.of.iter().any(|o| o.eq_ignore_ascii_case(of))) =>
        {
            rest
        }
        _ => item,
    }
}

/// "Azul Zulu JDK 17.58.21 (OpenJDK 17.0.15)": what the item is also, in
/// parentheses at its end, a name of one or two words and its version.
pub(crate) fn parenthesized_other(item: &str) -> Option<(String, String)> {
    let inner = item.trim().strip_suffix(')')?.rsplit_once('(')?.1;
    let words: Vec<&str> = inner.split_whitespace().collect();
    let [name @ .., version] = words.as_slice() else {
        return None;
    };
    if !(1..=2).contains(&name.len()) || !is_version_word(version) || !version.contains('.') {
        return None;
    }
    name_and_version(&name.join(" "), version)
        .into_iter()
        .next()
}

/// "liblzma (xz) 5.8.2 (LZMA decoding)": the item without the other name
/// in parentheses between its name and its version.
fn without_alias(item: &str) -> std::borrow::Cow<'_, str> {
    let aliased = item.split_once(" (").and_then(|(name, rest)| {
        let (alias, after) = rest.split_once(')')?;
        let version = after.split_whitespace().next()?;
        let name = name.trim();
        // "espresso (quantum espresso) (6.7)": the version in parentheses too.
        (alias.split_whitespace().count() <= 2
            && !name.is_empty()
            && !name.contains(char::is_whitespace)
            && version
                .trim_start_matches('(')
                .trim_start_matches(['v', 'V'])
                .starts_with(|c: char| c.is_ascii_digit())
            && version.contains('.'))
        .then(|| format!("{name} {}", after.trim_start()))
    });
    aliased.map_or(std::borrow::Cow::Borrowed(item), std::borrow::Cow::Owned)
}

/// "x265 r13309": a project numbered by its repository's revisions, the
/// name and the revision alone.
fn revision(item: &str) -> Option<(String, String)> {
    let [name, revision] = item.split_whitespace().collect::<Vec<_>>()[..] else {
        return None;
    };
    let digits = revision.strip_prefix('r')?;
    (digits.len() >= 3 && digits.bytes().all(|b| b.is_ascii_digit())).then_some(())?;
    names::component_name(name).map(|name| (name, revision.to_string()))
}

/// `Ubuntu : 24.04 CUDA : 12.8 …` (also `name: version`, `name:version`,
/// `name==version`), a bullet list of them (`- Torch : 2.7.1.8+nv25.3`), or
/// items without a colon: `NVIDIA cuDNN 7.6.5`, `NVIDIA CUDA 10.2.89
/// including cuBLAS 10.2.2.89` (two), `CUDA 12.4.1, cuDNN 9.1.0.70`.
/// Only package names with versions that parse count; at most one past
/// [`MAX_ITEMS`] (a record holding more is refused).
pub(crate) fn component_list(cell: &str) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut seen = HashSet::new();
    for item in items(cell) {
        for (name, version) in item_components(&item) {
            if seen.insert(names::key(&name)) {
                out.push((name, version));
            }
        }
        if out.len() > MAX_ITEMS {
            break;
        }
    }
    out
}

/// The words of an item with each word's first `:` a token of its own,
/// but inside a Maven coordinate (`androidx.core:core-ktx`, Coil's
/// changelog), which names one package.
fn colon_tokens(item: &str) -> impl Iterator<Item = &str> {
    item.split_whitespace().flat_map(|word| {
        let coordinate = crate::package_name::is_maven_coordinate(word.trim_matches(['`', '*']));
        let tokens = match word.split_once(':') {
            Some((a, b)) if word != ":" && !coordinate => [a, ":", b],
            _ => [word, "", ""],
        };
        tokens.into_iter().filter(|t| !t.is_empty())
    })
}

/// `Torch : 2.7.1.8+nv25.3`, `Transformer Engine: 2.3`, a run of
/// `name : version` pairs, or `label: items` ("includes: CUDA 12.4.1").
/// Read token by token, at most one pair past [`MAX_ITEMS`].
fn colon_pairs(item: &str) -> Vec<(String, String)> {
    let item = without_source_tag(item);
    let colons = colon_tokens(item).filter(|t| *t == ":").take(2).count();
    // Every colon inside a Maven coordinate: a name and its version.
    if colons == 0 {
        return named_versions(item);
    }
    if colons == 1 {
        // The one `:` is the first of the item.
        let (before, after) = item.split_once(':').unwrap_or((item, ""));
        let mut name = crate::lines::collapse_spaces(before);
        // "update `nunchaku==1.1.0`", "update to `zluda==3.9.0`" (SD.Next's
        // changelog, a pin read as `name : version`): the verb of the
        // change and its `to` are no part of the name.
        while let Some((first, rest)) = name.split_once(' ')
            && (words::each().any(|w| {
                w.claims
                    .verb_first
                    .iter()
                    .any(|v| v.eq_ignore_ascii_case(first))
            }) || is_to_word(first))
        {
            name = rest.to_string();
        }
        // "TorchServe version: 0.12.0": the word "version" is no part of the name.
        if let Some((head, last)) = name.rsplit_once(' ')
            && is_version_label(last)
        {
            name = head.to_string();
            // "Node.js default version: 20.1.0", "Python additional
            // preinstalled version: 3.14.2" (build images' software
            // lists): which of its versions, no part of the name.
            while let Some((head, last)) = name.rsplit_once(' ')
                && crate::package_name::is_not_name(last.trim_matches('`'))
            {
                name = head.to_string();
            }
        }
        let mut words = after.split_whitespace();
        // "GCC: 5.4.0, 8.3.0", "CUDA Toolkit: `cuda/10.2`, `cuda/11.2`":
        // the first of the versions the label lists.
        if let Some(first) = words.next().map(|w| w.trim_end_matches([',', '，', ';']))
            && clean_version(&name, first).is_some()
        {
            // "Guava: (20.0 to 28.0-jre": the version it went to.
            let to = words.next().is_some_and(is_to_word);
            let version = match words.next() {
                Some(newer) if to && clean_version(&name, newer).is_some() => newer,
                _ => first,
            };
            return name_and_version(&name, version);
        }
        // "includes: CUDA 12.4.1": the label names no component.
        return named_versions(&crate::lines::collapse_spaces(after));
    }
    let mut out = Vec::new();
    let mut tokens = colon_tokens(item);
    let mut window: VecDeque<&str> = VecDeque::with_capacity(3);
    while out.len() <= MAX_ITEMS {
        window.extend(tokens.by_ref().take(3 - window.len()));
        if window.len() < 3 {
            break;
        }
        if window[1] == ":" {
            out.extend(name_and_version(window[0], window[2]));
            window.clear();
        } else {
            window.pop_front();
        }
    }
    out
}

/// The version a tag or branch path ends in (`release/0.13.0` → `0.13.0`).
fn tag_tail(word: &str) -> Option<&str> {
    let (path, tail) = word.rsplit_once('/')?;
    let bare = tail.strip_prefix(['v', 'V']).unwrap_or(tail);
    (path
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '/' | '-' | '_'))
        && bare.starts_with(|c: char| c.is_ascii_digit()))
    .then_some(tail)
}

fn is_version_word(word: &str) -> bool {
    let word = tag_tail(word).unwrap_or(word);
    let word = word.trim_start_matches(['(', '`']);
    let word = word
        .strip_prefix("rc")
        .filter(|r| r.starts_with(|c: char| c.is_ascii_digit()) && r.contains('.'))
        .unwrap_or(word);
    // "64-bit": a word size, no version.
    let bits = word
        .trim_start_matches(|c: char| c.is_ascii_digit())
        .trim_start_matches('-')
        .eq_ignore_ascii_case("bit");
    !bits
        && word
            .trim_start_matches(['v', 'V'])
            .starts_with(|c: char| c.is_ascii_digit())
}

/// `NVIDIA CUDA 10.2.89 including cuBLAS 10.2.2.89`, `DALI 0.18.0 Beta`,
/// `Added Ubuntu 22.04 support`: per part, the name words right before the
/// first version, and nothing after it but a suffix or a parenthesis.
fn named_versions(item: &str) -> Vec<(String, String)> {
    let item = crate::package_name::without_abbreviations(item);
    let mut parts = vec![item.as_ref()];
    for words in words::each() {
        for joint in words.components.joints.iter().map(|j| words.between(j)) {
            parts = parts.iter().flat_map(|p| p.split(joint.as_str())).collect();
        }
    }
    let mut out = Vec::new();
    for part in parts {
        if out.len() > MAX_ITEMS {
            break;
        }
        // "(2.4.3->2.4.5)", "dagster=>1.2.2": the arrow a word of its own.
        let spaced = words::ARROWS
            .iter()
            .fold(part.to_string(), |p, a| p.replace(a, &format!(" {a} ")));
        // "samtools v.1.20" (a Russian README's list): `v.` as `v`.
        static V_DOT: std::sync::LazyLock<regex::Regex> =
            std::sync::LazyLock::new(|| regex::Regex::new(r"(^|\s)[vV]\.(\d)").unwrap());
        let spaced = V_DOT.replace_all(&spaced, "${1}v$2");
        let mut words = spaced.split_whitespace().peekable();
        // The last four words before the version: a name is no longer.
        let mut before: VecDeque<&str> = VecDeque::with_capacity(4);
        let Some(version) = words.find(|w| {
            let found = is_version_word(w);
            if !found {
                if before.len() == 4 {
                    before.pop_front();
                }
                before.push_back(w);
            }
            found
        }) else {
            continue;
        };
        // "LLVM 3.7 - 6.0", "Python 3.8–3.12": one end of a range.
        let glued_end = version
            .find(['–', '—', '~', '～'])
            .is_some_and(|at| crate::ranges::opens_range(&version[at..]));
        let rest = words.clone().collect::<Vec<_>>().join(" ");
        if glued_end || crate::ranges::opens_range(&rest) {
            continue;
        }
        // "0.5.3 post 1": the PEP 440 post-release 0.5.3.post1.
        let mut version = version.to_string();
        if let Some(post) = words.peek().copied().filter(|w| is_post_release_word(w)) {
            let mut ahead = words.clone();
            ahead.next();
            if let Some(n) = ahead
                .next()
                .filter(|n| n.chars().all(|c| c.is_ascii_digit()))
            {
                version = format!(
                    "{}.{}{n}",
                    version.trim_end_matches([',', '.']),
                    post.to_lowercase()
                );
                words = ahead;
            }
        }
        // "Admin v0.6.92 to v0.6.112" (a components part listing what
        // changed): the version it went to.
        let mut version_went_to = false;
        if words.peek().is_some_and(|w| is_to_word(w)) {
            let mut ahead = words.clone();
            ahead.next();
            if let Some(newer) = ahead.next().filter(|w| is_version_word(w)) {
                version = newer.to_string();
                words = ahead;
                version_went_to = true;
            }
        }
        // "SUSE 15 SP6": a service pack continues the version.
        if let Some(part) = words
            .peek()
            .copied()
            .filter(|w| crate::package_name::is_version_part(w))
        {
            version = format!("{version} {part}");
            words.next();
        }
        // "Uses mxGraph 4.2.3 beta 6" (draw.io's ChangeLog): a pre-release
        // of the version, in words.
        let mut ahead = words.clone();
        if let (Some(word), Some(number)) = (ahead.next(), ahead.next()) {
            let part = format!("{word} {}", number.trim_end_matches([',', '.', ';']));
            if crate::package_name::is_pre_release_part(&part) {
                version = format!("{version} {part}");
                words = ahead;
            }
        }
        // "NIMSDK from 9.13.1 to 9.15.0 in Android": the platform a change
        // is in, a word after `in`.
        let rest: Vec<&str> = words.clone().collect();
        let in_platform = version_went_to
            && matches!(rest.as_slice(), [within, platform]
                if within.eq_ignore_ascii_case("in")
                    && platform.chars().all(|c| c.is_ascii_alphanumeric()));
        // "spec.alpha dependency to 0.5.238 - [changes](…)": a dash after
        // the version, then a link, is a note on it; so is a link ending
        // the item after the version or a word of its state ("composer
        // version 2.5.8 [https://…](…)", "php version 7.2.11 available -
        // [link](…)", wyveo's changelog).
        let linked_note = {
            let rest: Vec<&str> = words.clone().collect();
            let stated = rest
                .iter()
                .take_while(|w| is_version_suffix(w) || is_change_mark(w))
                .count();
            let dashed = rest.get(stated).is_some_and(|w| matches!(*w, "-" | "–"));
            let link = &rest[stated + usize::from(dashed)..];
            let address = matches!(link, [word] if is_address(word));
            address
                || link.first().is_some_and(|w| w.starts_with('['))
                    && (dashed || is_one_link(&link.join(" ")))
        };
        // "Linux 6.12 in live ISOs": where it is, in words without numbers.
        let placed = matches!(rest.as_slice(), [place, where_ @ ..]
            if (1..=4).contains(&where_.len())
                && words::each().any(|l| l.components.places.iter().any(|p| p.eq_ignore_ascii_case(place)))
                && where_.iter().all(|w| !w.contains(|c: char| c.is_ascii_digit())));
        let clean_end = in_platform
            || placed
            || linked_note
            || words.peek().is_none_or(|w| w.starts_with('('))
            || words.all(|w| is_version_suffix(w) || is_change_mark(w) || is_reference(w));
        if !clean_end {
            continue;
        }
        // "nim_core_platform_interface to 1.7.0" (a list of dependency
        // updates): what it went to; "to" is no part of the name.
        // ("spec.alpha dependency to 0.5.238": and the word for what it is.)
        let not_name = |w: &str| crate::package_name::is_not_name(w);
        if before.back().is_some_and(|w| is_to_word(w))
            && (before.len() == 2 || (before.len() == 3 && not_name(before[1])))
        {
            before.pop_back();
            if before.len() == 2 {
                before.pop_back();
            }
        }
        // "vLLM version 0.5.3": the word "version" is no part of the name.
        if before.back().is_some_and(|w| is_version_label(w)) {
            before.pop_back();
        }
        // "cilium from v1.3.2 to v1.3.4" (a list of what changed): the
        // version it went to, read above; "from" is no part of the name.
        if version_went_to
            && before.back().is_some_and(|w| {
                words::each().any(|l| l.claims.from.iter().any(|f| f.eq_ignore_ascii_case(w)))
            })
        {
            before.pop_back();
        }
        // The name: the run of name-like words right before the version.
        // "Erlang/OTP 28.5", "MySQL Connector/Python 8.3": a product known
        // by two names, right before its version, is one word of the name
        // (joined by `-`, as a label's). Further back, "Compress/Decompress"
        // is a category's.
        let paired_last = before
            .back()
            .map(|w| w.trim_matches(['`', '*']))
            .filter(|w| crate::package_name::is_paired_name(w))
            .map(|w| w.replace('/', "-"));
        let mut words_before: Vec<&str> = before
            .iter()
            .map(|w| path_leaf(w.trim_matches(['`', '*'])))
            .collect();
        if let (Some(dashed), Some(last)) = (&paired_last, words_before.last_mut()) {
            *last = dashed;
        }
        let mut run: Vec<&str> = Vec::new();
        for (k, &w) in words_before.iter().enumerate().rev() {
            // "NVIDIA Container Toolkit 1.16.2": a word of prose inside it.
            let inside_name = || {
                k > 0
                    && run.last().is_some_and(|after| {
                        crate::package_name::is_inside_name(words_before[k - 1], w, after)
                    })
            };
            // "Update shards 0.16.0" (Crystal's changelog): the verb of
            // the change is no part of the name after it.
            let verb = || {
                words::each().any(|l| {
                    l.claims
                        .verb_first
                        .iter()
                        .any(|v| v.eq_ignore_ascii_case(w))
                })
            };
            if (is_package_name(w) || inside_name()) && !verb() {
                run.push(w);
            } else {
                break;
            }
        }
        run.reverse();
        // "the Go compiler from v1.23.12 to v1.25.4" (esbuild's changelog):
        // after a proper name, the kind of software it is, in lower case,
        // is none of the name ("Dataflow Compiler" is one).
        if let [proper, kind] = run[..]
            && proper.chars().any(char::is_uppercase)
            && kind.chars().all(|c| c.is_ascii_lowercase())
            && words::each().any(|l| l.claims.kinds.iter().any(|k| k == kind))
        {
            run.pop();
        }
        // A Go module (`github.com/aws/smithy-go v1.27.4`): its whole path;
        // a Maven artifact (`androidx.core:core-ktx -> 1.3.1`) its
        // coordinate.
        if run.is_empty()
            && let Some(module) = before.back().map(|w| w.trim_matches(['`', '*']))
            && (crate::package_name::is_module_path(module)
                || crate::package_name::is_maven_coordinate(module))
        {
            out.extend(clean_version(module, &version).map(|v| (module.to_string(), v)));
            continue;
        }
        if run.is_empty() {
            continue;
        }
        out.extend(name_and_version(&run.join(" "), &version));
    }
    out
}

/// A name under a lowercase category or owner (`devel/ollama`, a module
/// of an HPC site's tree; `huggingface/transformers`): the last part. Two
/// names joined by a slash (`METIS/ParMETIS`, `PT/Scotch`) stay.
fn path_leaf(word: &str) -> &str {
    match word.split_once('/') {
        Some((category, leaf))
            if category.len() >= 3
                && category.bytes().all(|b| b.is_ascii_lowercase())
                && !leaf.contains('/')
                && is_package_name(leaf) =>
        {
            leaf
        }
        _ => word,
    }
}

/// A word between a version and its post-release number ("0.5.3 post 1").
fn is_post_release_word(word: &str) -> bool {
    let word = word.to_lowercase();
    words::each().any(|w| w.components.post_releases.contains(&word))
}

/// How sure a prose source is of a version: a line listing components
/// beats an upgrade sentence, which beats a name mentioned in passing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Certainty {
    Mention,
    Claim,
    Listing,
}

/// Versions stated only in prose (no component table): lines that list
/// components ("CUDA 12.4.1", "Added Python 3.11, CUDA 12.4 support"),
/// upgrade sentences ("vLLM upgraded to 0.10.0", "升级vllm v0.9.2",
/// "X升级至Y") and well-known names mentioned with a version ("containers
/// for PyTorch 2.4.0"), in features and fixes.
#[cfg(test)]
fn from_prose(draft: &mut Draft, lang: Lang) {
    if !draft.components.is_empty() || draft.arch.values().any(|a| !a.components.is_empty()) {
        return;
    }
    for (name, version) in in_prose(draft, lang) {
        draft.components.insert(name, version);
    }
}

/// The components the features and fixes of `draft` state in prose.
pub(crate) fn in_prose(draft: &Draft, lang: Lang) -> Vec<(String, String)> {
    let fixes: Vec<Text> = match &draft.bug_fixes {
        Some(FixesOut::List(items)) => items.clone(),
        _ => Vec::new(),
    };
    let mut found = Found::default();
    for t in draft.features.iter().chain(&fixes) {
        for line in t.get(lang).lines() {
            prose_line(line, &draft.version, &mut found);
        }
    }
    found
        .components
        .into_iter()
        .map(|(name, version, _)| (name, version))
        .collect()
}

/// "### ✔️ Refactor" over "- `stylelint`升级至`v17`版本" (pure-admin's
/// changelog): the upgrades the items of parts kept as sections claim,
/// the release's where nothing surer named the component.
pub(crate) fn claimed_in_sections(draft: &Draft, lang: Lang) -> Vec<(String, String)> {
    let mut found = Found::default();
    for section in &draft.sections {
        for line in section.body.get(lang).lines() {
            let item = line.trim_start();
            if is_bullet(item) {
                let item = crate::ranges::without_ranges(item[1..].trim_start());
                claimed_in(&item, &mut found);
                archives_in(&item, &draft.version, &mut found);
            }
        }
    }
    found
        .components
        .into_iter()
        .map(|(name, version, _)| (name, version))
        .collect()
}

/// How many components `lines` state with a version, wherever they
/// stand (table rows, list items, prose), by the reading of
/// [`prose_line`]: what a careful reader would take from the page, to
/// weigh how many of them became components. The release's own
/// `version` ("training-nv-pytorch 25.08") is no component's.
pub(crate) fn statements<'a>(
    lines: impl Iterator<Item = &'a str>,
    version: &str,
) -> Vec<(String, String)> {
    let mut found = Found::default();
    // The last line that is no list item: a list under "Deep Learning
    // Examples" names models, not components.
    let mut context = "";
    for line in lines {
        let trimmed = line.trim();
        if !is_bullet(trimmed) {
            context = trimmed;
        } else if crate::phrases::names_examples(context) {
            continue;
        }
        // A table row's cells read as one item: `| PyTorch | 2.4.0 |`.
        let line = line.replace('|', " ");
        prose_line(&line, version, &mut found);
        if found.components.len() > MAX_ITEMS {
            break;
        }
    }
    found
        .components
        .into_iter()
        .filter(|(_, v, _)| v != version)
        .map(|(n, v, _)| (n, v))
        .collect()
}

/// The components of a line that is a list of them and nothing else
/// (every item names a version), else none.
pub(crate) fn listed_components(line: &str) -> Vec<(String, String)> {
    // "Supports LLVM 3.7 - 5.0." (LDC's changelog): a range states no
    // version.
    let unranged = crate::ranges::without_ranges(line);
    let line = unranged.as_ref();
    // "[Hiera 3.4.4][]": a link whose reference the page never defines
    // is its text.
    let cleaned;
    let line = if line.contains("][") {
        cleaned = reference_links_as_text(line);
        cleaned.as_str()
    } else {
        line
    };
    let read = listed_components_of(line);
    if !read.is_empty() {
        return read;
    }
    // "`puppet-agent` 5.5.6 includes updates to Puppet 5.5.6, Facter 3.11.4,
    // …": what a sentence says its subject includes is a list of its own.
    let introduced = introduced_list(line)
        .map(listed_components_of)
        .unwrap_or_default();
    if !introduced.is_empty() {
        return introduced;
    }
    let listed = labelled_list(line);
    if !listed.is_empty() {
        return listed;
    }
    label_over_versions(line).into_iter().collect()
}

/// "GNU Compiler Collection (GCC): `gnu/5.4.0`, `gnu/8.3.0`" (an HPC
/// centre's module list), "CUDA Toolkit: 10.2, 11.2": a label naming one
/// component, then its versions and nothing else. The record holds the
/// first; the label's short name where the parentheses give a known one.
fn label_over_versions(line: &str) -> Option<(String, String)> {
    let (label, rest) = line.split_once([':', '：'])?;
    let label = label.trim().trim_matches('*').trim();
    let versions: Vec<&str> = rest
        .split([',', '，', '、', ';'])
        .map(|v| v.trim().trim_matches('`'))
        .collect();
    if versions.len() < 2 || label.contains(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let name = match label.split_once(" (") {
        Some((long, short)) => {
            let short = short.strip_suffix(')')?;
            // "GNU Compiler Collection (GCC)": the initials the page
            // shortens the name to; "Intel Compiler (icc, ifort)": the long
            // name, its parts in parentheses.
            let initials: String = long
                .split_whitespace()
                .filter_map(|w| w.chars().next())
                .collect();
            let known = |n: &str| model::known_component(n).is_some();
            if (known(short) && !known(long)) || (short.len() >= 2 && short == initials) {
                short
            } else {
                long
            }
        }
        None => label,
    };
    if name.split_whitespace().count() > 5 {
        return None;
    }
    let name = names::component_name(name)?;
    // (`qe/7.0-gpu`, `fftw/3.3.10_Intel`: a build of a version listed.)
    let flavourless = |v: &&str| {
        v.rsplit_once(['-', '_'])
            .filter(|(_, flavour)| flavour.chars().all(|c| c.is_ascii_alphabetic()))
            .map_or(*v, |(version, _)| version)
            .to_string()
    };
    let mut read = versions
        .iter()
        .map(|v| clean_version(&name, &flavourless(v)));
    let first = read.next()??;
    read.all(|v| v.is_some()).then_some((name, first))
}

/// "Updated packaged components to recent stable release versions: Docker
/// 20.10.9, Docker Compose plugin 2.5.1, kubectl 1.24.1": after a label
/// of any length, a list of two components or more, each with a version of
/// two numbers or more (settings' `key: 1` are none).
fn labelled_list(line: &str) -> Vec<(String, String)> {
    // Labels over labels ("Update: Dependency refresh: Guice 6.0.0, …",
    // TestNG's CHANGES.txt): the list starts after the last before it.
    let first_item_end = line.find([',', '，', '、']).unwrap_or(line.len());
    let Some((label, rest)) = line[..first_item_end]
        .rfind([':', '：'])
        .map(|at| (&line[..at], &line[at..]))
    else {
        return Vec::new();
    };
    let rest = rest
        .strip_prefix(':')
        .or_else(|| rest.strip_prefix('：'))
        .unwrap_or(rest);
    if label.contains(|c: char| c.is_ascii_digit()) || !rest.contains([',', '，', '、']) {
        return Vec::new();
    }
    // The list's sentence ends it ("Helm 3.9.0. [#6074](…)").
    let rest = rest.split_once(". ").map_or(rest, |(list, _)| list);
    let apart = lists_in_parentheses_apart(without_closing_references(rest));
    let listed = listed_components_of(apart.trim().trim_end_matches('.'));
    // ("Clang 17, GCC 13" beside "CMake 3.29.2, Python 3.12": a major
    // alone after a capitalised name, among versions of two numbers.)
    let dotted = listed.iter().filter(|(_, v)| v.contains('.')).count();
    let major_of_name = |(n, v): &(String, String)| {
        v.bytes().all(|b| b.is_ascii_digit())
            && n.starts_with(|c: char| c.is_uppercase())
            && !n.contains('_')
    };
    if dotted >= 2
        && listed
            .iter()
            .all(|pair| pair.1.contains('.') || major_of_name(pair))
    {
        listed
    } else {
        Vec::new()
    }
}

/// "`puppet-agent` 5.5.6 includes updates to Puppet 5.5.6, Facter 3.11.4,
/// …": the list of two components or more a sentence says it includes.
pub(crate) fn introduced_listing(sentence: &str) -> Vec<(String, String)> {
    let cleaned = reference_links_as_text(&lists_in_parentheses_apart(&sentence.replace('`', "")));
    let listed = introduced_list(without_closing_references(&cleaned))
        .map(listed_components_of)
        .unwrap_or_default();
    // Versions of two numbers or more: "chunk_size: 8192, cpu_infer: 32" are
    // settings.
    if listed.len() >= 2 && listed.iter().all(|(_, v)| v.contains('.')) {
        listed
    } else {
        Vec::new()
    }
}

/// "blosc v1.21.1 (lz4 v1.9.3, zlib v1.2.11, zstd v1.5.0), snappy v1.1.8"
/// (hdf5plugin's changelog): a list in parentheses is more of the list
/// around it.
fn lists_in_parentheses_apart(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|c| open + c) else {
            break;
        };
        let inner = &rest[open + 1..close];
        out.push_str(&rest[..open]);
        if inner.contains(',') && !inner.contains('(') {
            out.push_str(", ");
            out.push_str(inner);
            out.push(',');
        } else {
            out.push_str(&rest[open..=close]);
        }
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// A line without the pull-request references closing it ("… WebP 0.5.2
/// and Tcl/Tk 8.6.6 #2235, #2236", Pillow's changes).
fn without_closing_references(line: &str) -> &str {
    static CLOSING: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?:[\s,]*\(?(?:PRs? )?#\d+\)?)+[\s.]*$").unwrap()
    });
    CLOSING.find(line).map_or(line, |m| &line[..m.start()])
}

/// A line with its reference links (`[Hiera 3.4.4][]`, `[text][label]`)
/// as their text.
fn reference_links_as_text(line: &str) -> String {
    static LINK: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"\[([^\[\]]*)\]\[[^\[\]]*\]").unwrap());
    LINK.replace_all(line, "$1").into_owned()
}

/// What follows the first `introduce` word of a line (`[statements]` of
/// `data/words/*.toml`: "includes", "contains", "ships with" …).
fn introduced_list(line: &str) -> Option<&str> {
    // Every language's words in one automaton: each line of prose asks.
    static INTRODUCE: std::sync::LazyLock<aho_corasick::AhoCorasick> =
        std::sync::LazyLock::new(|| {
            aho_corasick::AhoCorasick::new(words::each().flat_map(|w| &w.statements.introduce))
                .expect("introduce words of the words files")
        });
    let lower = line.to_lowercase();
    // Matches come in the order they end: the first whole one ends first.
    INTRODUCE
        .find_overlapping_iter(&lower)
        .find(|m| {
            lower[..m.start()]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric())
                && lower[m.end()..].starts_with(' ')
        })
        .and_then(|m| line.get(m.end()..))
        .map(str::trim)
}

fn listed_components_of(line: &str) -> Vec<(String, String)> {
    let listed = items(line);
    // "Java 21, Spring Boot 3, Go, Python 3.11": a name without its
    // version among them (a few words of a name, no version; "J2Cache"
    // holds a digit, no version) leaves it a list.
    let bare_name = |item: &str| {
        let words: Vec<&str> = item.split_whitespace().collect();
        (1..=3).contains(&words.len())
            && !words
                .iter()
                .any(|w| w.starts_with(|c: char| c.is_ascii_digit()) || is_version_word(w))
            && words.iter().all(|w| is_package_name(w))
    };
    let versioned = listed
        .iter()
        .filter(|i| !item_components(i).is_empty())
        .count();
    // "updated to C++20 standard, CMake 3.29.2, Clang 17, GCC 13" (a
    // changelog's build systems): words leading into a list of three
    // versions or more open it without naming a component. (Not a
    // sentence ending in a version, "… icons in Windows NT 3.5", whose
    // list goes on with more of the same.)
    let lead = |i: &String| {
        item_components(i).is_empty()
            && !bare_name(i)
            && !i
                .split_whitespace()
                .next_back()
                .is_some_and(is_version_word)
    };
    let from = usize::from(
        versioned >= 3 && listed.len() == versioned + 1 && listed.first().is_some_and(lead),
    );
    if versioned > 0
        && versioned * 2 > listed.len()
        && listed[from..]
            .iter()
            .all(|i| bare_name(i) || !item_components(i).is_empty())
    {
        component_list(line)
    } else {
        Vec::new()
    }
}

/// The components one line of prose states, with how sure it is of each.
fn prose_line(line: &str, release: &str, found: &mut Found) {
    let line = crate::lines::apart_from_script(line);
    let line = crate::ranges::without_ranges(&line);
    let line = line.trim().trim_start_matches(['-', '*', '•', '·']).trim();
    // No digit, no version.
    if !line.bytes().any(|b| b.is_ascii_digit()) {
        return;
    }
    // "The following examples are updated: ResNet50 v1.5, SSD300 v1.1":
    // models; "containers 19.11 and later include support for Singularity
    // v3.0": other images.
    let noted = crate::phrases::holds_note(line);
    if !noted && !crate::phrases::names_examples(line) {
        for (n, v) in listed_components(line) {
            if crate::phrases::plausible(&n, &v) {
                found.remember(n, v, Certainty::Listing);
            }
        }
    }
    if !noted {
        archives_in(line, release, found);
    }
    claimed_in(line, found);
    // A well-known name (one word or two) and the word after it, unless
    // the sentence speaks of other releases or of what is gone
    // ("containers 19.11 and later include support for Singularity v3.0").
    // A Chinese or Japanese sentence or clause (`。`, `，`) is as far as a
    // note word reaches; in English the line is.
    for sentence in line.split(['。', '！', '？', '，', '；']) {
        if !crate::phrases::holds_note(sentence) {
            mentions(sentence, found);
        }
    }
}

/// The archives and installers `line` names by file, each as its name and
/// version; not those of the release itself (`sdk-1.7.tar.gz` in the
/// notes of 1.7).
fn archives_in(line: &str, release: &str, found: &mut Found) {
    for word in line.split_whitespace() {
        if let Some((n, v)) = archive_file(word)
            && v != release.trim_start_matches(['v', 'V'])
            && crate::phrases::plausible(&n, &v)
        {
            found.remember(n, v, Certainty::Listing);
        }
    }
}

/// The name and version an archive's or installer's file name carries
/// (`openssl-3.5.6.tar.gz`, `HeidiSQL_12.14_64_Portable.zip`,
/// `clink.1.9.7.b33c45.zip`, the last part of an address too): the name up
/// to the first `-`, `_` or `.` before a version, the version's dotted
/// parts up to the next `-` or `_` (or to a part without a digit). A
/// version without a dot (`ngrok-v3-stable.zip`, a series) is none; so are
/// the platform words of a name (`cudnn-linux-x86_64-8.8.1.3_cuda11-archive`
/// is cuDNN's, `NVIDIA-Linux-x86_64-525.105.17.run` the driver's).
pub(crate) fn archive_file(word: &str) -> Option<(String, String)> {
    let word = word.trim_matches(|c: char| {
        matches!(
            c,
            '`' | '"' | '\'' | '(' | ')' | '[' | ']' | '<' | '>' | ',' | ';' | '*' | '_'
        )
    });
    let file = word.rsplit(['/', '\\']).next()?;
    let stem = model::without_archive_extension(file)?;
    let (at, version) = stem.char_indices().find_map(|(i, c)| {
        let rest = &stem[i + c.len_utf8()..];
        if !(matches!(c, '-' | '_' | '.')
            && i > 0
            && rest
                .trim_start_matches(['v', 'V'])
                .starts_with(|d: char| d.is_ascii_digit()))
        {
            return None;
        }
        let run = rest.split(['-', '_']).next()?;
        let parts: Vec<&str> = run
            .split('.')
            .take_while(|p| p.bytes().any(|b| b.is_ascii_digit()))
            .collect();
        (parts.len() >= 2).then(|| (i, parts.join(".")))
    })?;
    let written = &stem[..at];
    let mut words: Vec<&str> = written
        .split(['-', '_'])
        .filter(|w| !is_platform_word(w))
        .collect();
    let whole = words.join("-");
    if !names::is_alias(&whole) {
        // (`nvidia-fabric-manager-devel`: the development files of the same.)
        while words.len() > 1
            && words.last().is_some_and(|w| {
                matches!(
                    w.to_ascii_lowercase().as_str(),
                    "linux" | "windows" | "macos" | "darwin" | "devel" | "dev"
                )
            })
        {
            words.pop();
        }
    }
    let name = if words.len() == written.split(['-', '_']).count() {
        written.to_string()
    } else {
        words.join("-")
    };
    // (`v1.1.0.tar.gz`, a tag's archive: a version, no name.)
    let tag = name
        .strip_prefix(['v', 'V'])
        .is_some_and(|n| n.chars().all(|c| c.is_ascii_digit()));
    if !name.chars().any(char::is_alphabetic) || tag {
        return None;
    }
    Some((name, version))
}

/// An architecture or a Python tag in a file's name (`x86_64`, `py310`):
/// no part of what it installs.
fn is_platform_word(word: &str) -> bool {
    let lower = word.to_ascii_lowercase();
    matches!(
        lower.as_str(),
        "x86" | "64" | "amd64" | "aarch64" | "arm64" | "ppc64le" | "sbsa" | "noarch"
    ) || ["py", "cp"].iter().any(|tag| {
        lower
            .strip_prefix(tag)
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
    })
}

/// The upgrade claims of `line`, each under the name data knows among its
/// readings.
fn claimed_in(line: &str, found: &mut Found) {
    for claim in find_claims(line) {
        let candidates: Vec<&String> = std::iter::once(&claim.name)
            .chain(&claim.alternatives)
            .collect();
        let chosen = candidates
            .iter()
            .find(|n| names::is_alias(n))
            .or(candidates.first());
        if let Some(name) = chosen.and_then(|n| names::component_name(n))
            && let Some(version) = clean_version(&name, &claim.version)
        {
            found.remember(name, version, Certainty::Claim);
        }
    }
}

/// The known names of `sentence` and the version each is followed by.
fn mentions(sentence: &str, found: &mut Found) {
    let mut words = sentence
        .split_whitespace()
        .map(|w| w.trim_matches(['`', '*', '(', ')', ',', '™', '®', '©']))
        .peekable();
    // The last words read: a known name of up to four words ends at the
    // word before a version ("Intel Extension for PyTorch v1.13.100" is not
    // PyTorch's).
    let mut last: VecDeque<&str> = VecDeque::with_capacity(4);
    while let Some(word) = words.next() {
        // "Python-3.10.12", "torch-2.8.0+cu128" (a tool's banner),
        // "transformers==4.37.2" in a sentence: a known name and its
        // version joined by a hyphen or a pin.
        let joined = if word.contains('=') {
            word.split_once("==")
        } else {
            word.split_once('-')
        };
        if let Some((name, written)) = joined
            && written.starts_with(|c: char| c.is_ascii_digit())
            && names::is_alias(name)
            && let Some(version) = clean_version(name, written)
        {
            found.remember(name.to_string(), version, Certainty::Mention);
        }
        let Some(&next) = words.peek() else {
            break;
        };
        if last.len() == 4 {
            last.pop_front();
        }
        last.push_back(word);
        // No version after it, no name to look up: most words of a page.
        if !next
            .trim_start_matches(['v', 'V', '('])
            .starts_with(|c: char| c.is_ascii_digit())
        {
            continue;
        }
        let written = (1..=last.len()).rev().find_map(|k| {
            let name = last
                .range(last.len() - k..)
                .copied()
                .collect::<Vec<_>>()
                .join(" ");
            names::is_alias(&name).then_some(name)
        });
        let Some(written) = written else {
            continue;
        };
        if let Some(name) = names::component_name(&written)
            && let Some(version) = clean_version(&name, next)
        {
            found.remember(name, version, Certainty::Mention);
        }
    }
}

/// Components found in prose, in the order first found, by key.
#[derive(Default)]
struct Found {
    components: Vec<(String, String, Certainty)>,
    by_key: HashMap<String, usize>,
}

impl Found {
    /// Keeps the surest version of each component; between equally sure
    /// ones, the more precise (`12.4.1` over `12.4`), between two upgrade
    /// claims the later version ("Bump xpath from 1.3.6 to 1.3.7", then
    /// "from 1.3.7 to 1.3.8": what the release ends with), else the first.
    fn remember(&mut self, name: String, version: String, certainty: Certainty) {
        let at = *self
            .by_key
            .entry(names::key(&name))
            .or_insert(self.components.len());
        let Some(entry) = self.components.get_mut(at) else {
            self.components.push((name, version, certainty));
            return;
        };
        let more_precise = version
            .strip_prefix(entry.1.as_str())
            .is_some_and(|rest| rest.starts_with('.'));
        let later_claim = certainty == Certainty::Claim
            && entry.2 == Certainty::Claim
            && model::release_order(&version, &entry.1).is_gt();
        if certainty > entry.2 || (certainty == entry.2 && (more_precise || later_claim)) {
            entry.1 = version;
            entry.2 = certainty;
        }
    }
}

/// Every component name as the project spells it (see [`names::Known`]).
pub(crate) fn settle_names(draft: &mut Draft, known: &names::Known) {
    let respell = |components: &mut IndexMap<String, String>| {
        let mut out: IndexMap<String, String> = IndexMap::new();
        for (name, version) in components.drain(..) {
            out.entry(known.spelling(&name)).or_insert(version);
        }
        *components = out;
    };
    respell(&mut draft.components);
    for arch in draft.arch.values_mut() {
        respell(&mut arch.components);
    }
}

/// A component whose version a feature or fix of the record claims more
/// precisely ("Updated Tensorflow to v2.16.1" beside `tensorflow = 2.16`
/// from a mention) takes the claimed version: the record says one thing.
pub(crate) fn align_with_claims(draft: &mut Draft, lang: Lang) {
    let fixes: Vec<Text> = match &draft.bug_fixes {
        Some(FixesOut::List(items)) => items.clone(),
        _ => Vec::new(),
    };
    let claims: Vec<(String, String)> = draft
        .features
        .iter()
        .chain(&fixes)
        .flat_map(|t| find_claims(t.get(lang)))
        .map(|c| (names::canonical_key(&c.name), c.version))
        .collect();
    let refine = |components: &mut IndexMap<String, String>| {
        for (name, version) in components.iter_mut() {
            let key = names::canonical_key(name);
            // Several bumps of one component in a release ("Update
            // `cluster` to v5.1.0", "… to v5.1.2"), the record holding one
            // of them: it holds the last, the highest.
            let ecosystem = model::default_ecosystem(name);
            let bumps: Vec<String> = claims
                .iter()
                .filter(|(k, _)| *k == key)
                .filter_map(|(_, v)| clean_version(name, v))
                .collect();
            if bumps.len() >= 2 && bumps.contains(version) {
                let highest = bumps.iter().max_by(|a, b| {
                    model::compare_versions(ecosystem, a, b).unwrap_or(std::cmp::Ordering::Equal)
                });
                if let Some(highest) = highest {
                    *version = highest.clone();
                }
            }
            let claimed = claims.iter().find(|(k, v)| {
                *k == key
                    && v.strip_prefix(version.as_str())
                        .is_some_and(|rest| rest.starts_with('.'))
            });
            if let Some((_, v)) = claimed
                && let Some(clean) = clean_version(name, v)
            {
                *version = clean;
                continue;
            }
            // One upgrade the release claims, to a version above the one a
            // mention gave ("Updated to use R 4.4.0" beside "… in R 4.0"):
            // the release holds what it says it upgraded to.
            let upgrades: HashSet<String> = claims
                .iter()
                .filter(|(k, _)| *k == key)
                .filter_map(|(_, v)| clean_version(name, v))
                .collect();
            if let [to] = upgrades.into_iter().collect::<Vec<_>>().as_slice()
                && model::compare_versions(ecosystem, to, version)
                    .is_ok_and(|o| o == std::cmp::Ordering::Greater)
            {
                *version = to.clone();
            }
        }
    };
    refine(&mut draft.components);
    for arch in draft.arch.values_mut() {
        refine(&mut arch.components);
    }
}

/// Leaves out the components another reader owns: a name whose last word
/// is one of `[statements] owned_elsewhere` ("NVIDIA driver",
/// "Update-NVIDIA-driver") with a version of the driver reader's is the
/// driver's, never a component.
pub(crate) fn drop_owned_elsewhere(draft: &mut Draft) {
    let owned =
        |name: &String, version: &String| is_owned_elsewhere(name) && is_driver_branch(version);
    draft
        .components
        .retain(|name, version| !owned(name, version));
    for arch in draft.arch.values_mut() {
        arch.components
            .retain(|name, version| !owned(name, version));
    }
}

/// A name whose last word is one of `[statements] owned_elsewhere`.
pub(crate) fn is_owned_elsewhere(name: &str) -> bool {
    let last = name.rsplit(['-', '_', ' ']).next().unwrap_or(name);
    words::each()
        .flat_map(|w| &w.statements.owned_elsewhere)
        .any(|o| o.eq_ignore_ascii_case(last))
}

/// A version as NVIDIA numbers its drivers, which the driver reader
/// owns: a branch of three digits or more first (`580.65.06`); an NPU's
/// driver `v2.4.1` is a component.
pub(crate) fn is_driver_branch(version: &str) -> bool {
    let digits: String = version
        .trim_start_matches(['v', 'V'])
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    digits.len() >= 3
}

/// Versions written with the toolchain they were built with, as EasyBuild
/// names modules (`Python 3.8.6-GCCcore-10.2.0`), become the version before
/// it (`3.8.6`); one warning says how many.
pub(crate) fn drop_build_toolchains(draft: &mut Draft) -> Option<crate::structure::Warning> {
    let mut dropped: Vec<String> = Vec::new();
    let mut strip = |components: &mut IndexMap<String, String>| {
        for version in components.values_mut() {
            if let Some((bare, _)) = model::without_build_toolchain(version) {
                dropped.push(version.clone());
                *version = bare.to_string();
            }
        }
    };
    strip(&mut draft.components);
    draft
        .arch
        .values_mut()
        .for_each(|a| strip(&mut a.components));
    let first = dropped.first()?;
    Some(crate::structure::Warning {
        line: None,
        message: format!(
            "{} version(s) name the toolchain they were built with (`{}`): the version before it was taken",
            dropped.len(),
            model::clip(first, 60)
        ),
    })
}

/// Names a record cannot hold (`修复…(由-Jetty`, words of a sentence run
/// together): left out, one warning each, as `relnotes lint` would refuse
/// them.
pub(crate) fn drop_invalid_names(draft: &mut Draft) -> Vec<crate::structure::Warning> {
    let mut dropped: Vec<String> = Vec::new();
    let mut keep = |components: &mut IndexMap<String, String>| {
        components.retain(|name, _| {
            let valid = crate::package_name::is_component_name(name);
            if !valid {
                dropped.push(name.clone());
            }
            valid
        });
    };
    keep(&mut draft.components);
    draft
        .arch
        .values_mut()
        .for_each(|a| keep(&mut a.components));
    dropped
        .into_iter()
        .map(|name| crate::structure::Warning {
            line: None,
            message: format!(
                "`{}` is no package name; left out of the components",
                model::clip(&name, 60)
            ),
        })
        .collect()
}

/// Components whose version is none of their ecosystem's (a commit
/// `73b6ea4` beside a pip package, "DeepEP [d4f41e4]") become includes
/// with the page's text as their detail: the record loads, the fact stays,
/// and the returned warnings say which.
pub(crate) fn set_aside_invalid_versions(
    draft: &mut Draft,
    project: &model::Project,
    lang: Lang,
) -> Vec<crate::structure::Warning> {
    let mut set_aside: Vec<(String, String)> = Vec::new();
    let mut keep = |components: &mut IndexMap<String, String>| {
        components.retain(|name, version| {
            let valid = Version::parse(project.ecosystem_of(name), version).is_ok();
            if !valid && !set_aside.iter().any(|(n, v)| n == name && v == version) {
                set_aside.push((name.clone(), version.clone()));
            }
            valid
        });
    };
    keep(&mut draft.components);
    draft
        .arch
        .values_mut()
        .for_each(|a| keep(&mut a.components));
    set_aside
        .into_iter()
        .map(|(name, version)| {
            let ecosystem = project.ecosystem_of(&name);
            if !draft.includes.iter().any(|i| i.name == name) {
                draft.includes.push(crate::draft::IncludeOut {
                    name: name.clone(),
                    detail: Some(text(lang, version.as_str())),
                });
            }
            crate::structure::Warning {
                line: None,
                message: format!(
                    "`{name} {version}`: `{version}` is no {ecosystem} version; kept in `includes` with the page's text as its detail"
                ),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_naming_what_a_release_is_lists_it() {
        // siduction's release notes, in German.
        let listed = introduced_listing(
            "Die Flavours, die wir für siduction 2023.1.0 anbieten, sind KDE Plasma 5.27.7.1, LXQt 1.3.0, Xfce 4.18, Xorg und noX",
        );
        let names: Vec<&str> = listed.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["KDE-Plasma", "LXQt", "Xfce"], "{listed:?}");
    }

    #[test]
    fn an_items_closing_home_address_is_left_out() {
        assert_eq!(
            without_home_address(
                "drmp3 v0.6.40 & drwav v0.13.17: https://github.com/mackron/dr_libs"
            ),
            "drmp3 v0.6.40 & drwav v0.13.17"
        );
        assert_eq!(
            contents_item("JSON for Modern C++ v3.11.3: https://github.com/nlohmann/json"),
            contents_item("JSON for Modern C++ v3.11.3")
        );
        // An address that is the item's value stays.
        assert_eq!(
            without_home_address("Docs: https://x.io"),
            "Docs: https://x.io"
        );
    }

    #[test]
    fn archive_and_installer_file_names_carry_name_and_version() {
        let of = |word: &str| archive_file(word);
        let pair = |n: &str, v: &str| Some((n.to_string(), v.to_string()));
        // RLogin's build notes, Laragon's readme.
        assert_eq!(
            of("http://www.openssl.org/source/openssl-3.5.6.tar.gz"),
            pair("openssl", "3.5.6")
        );
        assert_eq!(
            of("httpd-2.4.66-251206-Win64-VS17.zip"),
            pair("httpd", "2.4.66")
        );
        assert_eq!(
            of("HeidiSQL_12.14_64_Portable.zip"),
            pair("HeidiSQL", "12.14")
        );
        assert_eq!(of("clink.1.9.7.b33c45.zip"), pair("clink", "1.9.7.b33c45"));
        assert_eq!(of("npp.8.9.portable.x64.7z"), pair("npp", "8.9"));
        assert_eq!(
            of("PortableGit-2.52.0-64-bit.7z.exe"),
            pair("PortableGit", "2.52.0")
        );
        assert_eq!(of("node-v24.12.0-win-x64.zip"), pair("node", "v24.12.0"));
        assert_eq!(of("log4j-core-2.17.1.jar"), pair("log4j-core", "2.17.1"));
        // No version of two parts, no archive, no name: none.
        assert_eq!(of("ngrok-v3-stable-windows-amd64.zip"), None);
        assert_eq!(of("cmder_mini.zip"), None);
        assert_eq!(of("libiconv-1.18.patch"), None);
        assert_eq!(of("2.0.1.tar.gz"), None);
        // Installers and RPMs (liguodongiot's A800 set-up): platform words
        // are no part of the name, an RPM's release and arch no part of
        // the version.
        assert_eq!(
            of("cudnn-linux-x86_64-8.8.1.3_cuda11-archive.tar.xz"),
            pair("cudnn", "8.8.1.3")
        );
        assert_eq!(
            of("cuda_11.7.0_515.43.04_linux.run"),
            pair("cuda", "11.7.0")
        );
        assert_eq!(
            of("NVIDIA-Linux-x86_64-525.105.17.run"),
            pair("NVIDIA-Linux", "525.105.17")
        );
        assert_eq!(
            of("nvidia-fabric-manager-devel-525.105.17-1.x86_64.rpm"),
            pair("nvidia-fabric-manager", "525.105.17")
        );
        assert_eq!(of("v1.1.0.tar.gz"), None);
    }

    #[test]
    fn the_upgrades_of_a_part_kept_as_a_section_are_the_releases() {
        // pure-admin's changelog: "### ✔️ Refactor" is no part import
        // knows; a release that bumps one library twice (as Telegraf's
        // changelog does) ends with the later.
        let lang = Lang::EN;
        let draft = Draft {
            sections: vec![crate::draft::SectionOut {
                id: "refactor".into(),
                title: text(lang, "Refactor"),
                body: text(
                    lang,
                    "Some words on it.\n- Upgrade vite to 8.0.1\n- Tidy the code\n\
                     - Bump libpng from 1.6.43 to 1.6.44\n\
                     - Bump libpng from 1.6.44 to 1.6.47",
                ),
            }],
            ..Draft::default()
        };
        assert_eq!(
            claimed_in_sections(&draft, lang),
            [
                ("vite".to_string(), "8.0.1".to_string()),
                ("libpng".to_string(), "1.6.47".to_string())
            ]
        );
    }

    #[test]
    fn maven_artifacts_and_yearly_releases() {
        // Coil's changelog: a Maven coordinate's colon is no label's.
        // moment-timezone's: the time zone database's releases, of which
        // a release ends at the last.
        let read = statements(
            [
                "- `androidx.appcompat:appcompat` -> 1.1.0",
                "- androidx.core:core-ktx -> 1.3.1",
                "- Updated data to IANA TZDB `2015c`.",
                "- Updated data to IANA TZDB `2015d`.",
            ]
            .into_iter(),
            "9.9",
        );
        assert_eq!(
            read,
            [
                (
                    "androidx.appcompat:appcompat".to_string(),
                    "1.1.0".to_string()
                ),
                ("androidx.core:core-ktx".to_string(), "1.3.1".to_string()),
                ("IANA-TZDB".to_string(), "2015d".to_string())
            ]
        );
    }

    #[test]
    fn a_range_of_versions_states_neither_end() {
        // LDC's changelog; the others as pages write ranges.
        let read = statements(
            [
                "- Supports LLVM 3.7 - 6.0",
                "- LLVM 3.7 - 6.0 supported",
                "- Compatible with Python 3.8–3.12",
                "- Support for Qt 5.15 through 6.8",
                "- Updated SDL to 2.30.2 - fixes a crash",
                "- Updated zlib to 1.3.1 - 2024-01-22",
            ]
            .into_iter(),
            "9.9",
        );
        assert_eq!(
            read,
            [
                ("SDL".to_string(), "2.30.2".to_string()),
                ("zlib".to_string(), "1.3.1".to_string())
            ]
        );
        assert_eq!(
            crate::ranges::without_ranges("LLVM 3.7 - 6.0, CMake v3.16–v3.31 and Boost 1.86"),
            "LLVM …, CMake … and Boost 1.86"
        );
        assert!(!crate::ranges::holds_range("SDL 2.30.2 - 2024-01-22"));
        // A package's release, run into its version (OSG's news).
        assert!(!crate::ranges::holds_range("XRootD 5.9.2-1.2"));
    }

    #[test]
    fn words_of_how_a_name_is_used_are_none_of_it() {
        // Pact JS's changelog, FileZilla's NEWS.
        let read = statements(
            [
                "- support alpine via pact-js-core 15.1.0",
                "- Rebuilt against libfilezilla 0.17.1",
            ]
            .into_iter(),
            "9.9",
        );
        assert_eq!(
            read,
            [
                ("pact-js-core".to_string(), "15.1.0".to_string()),
                ("libfilezilla".to_string(), "0.17.1".to_string())
            ]
        );
        // Pact Python's changelog: a verb before the release it makes.
        let releasing = statements(["- Releasing 2.0.1", "- drop 3.8"].into_iter(), "9.9");
        assert!(releasing.is_empty(), "{releasing:?}");
    }

    #[test]
    fn a_list_after_labels_over_labels() {
        // TestNG's CHANGES.txt.
        assert_eq!(
            labelled_list(
                "Update: Dependency refresh: Guice 6.0.0, JCommander 2.0, snakeyaml 2.6, slf4j-api 2.0.18. Guice 7 was skipped"
            ),
            [
                ("Guice".to_string(), "6.0.0".to_string()),
                ("JCommander".to_string(), "2.0".to_string()),
                ("snakeyaml".to_string(), "2.6".to_string()),
                ("slf4j-api".to_string(), "2.0.18".to_string())
            ]
        );
    }

    #[test]
    fn words_leading_into_a_labelled_list_name_nothing() {
        // nervosys's AutonomySim changelog: a standard, then the tools.
        assert_eq!(
            labelled_list(
                "`Build systems`: updated to C++20 standard, CMake 3.29.2, Clang 17, GCC 13, Python 3.12"
            ),
            [
                ("CMake".to_string(), "3.29.2".to_string()),
                ("Clang".to_string(), "17".to_string()),
                ("GCC".to_string(), "13".to_string()),
                ("Python".to_string(), "3.12".to_string())
            ]
        );
        // Two items of a sentence are no list opened by words.
        assert!(
            labelled_list("Changes: moved to the new docs, CMake 3.29.2, Python 3.12").is_empty()
        );
        // Settings' numbers are no versions.
        assert!(labelled_list("Defaults: chunk_size 8192, cpu_infer 32, CMake 3.29.2").is_empty());
    }

    #[test]
    fn a_version_written_v_dot() {
        assert_eq!(
            item_components("samtools v.1.20"),
            [("samtools".to_string(), "1.20".to_string())]
        );
    }

    #[test]
    fn a_version_word_and_what_it_is_of_open_no_name() {
        assert_eq!(
            item_components("Versión del kernel 3.2.63-2+deb7u1"),
            [("kernel".to_string(), "3.2.63-2+deb7u1".to_string())]
        );
        assert_eq!(
            item_components("version of Python 3.12"),
            [("Python".to_string(), "3.12".to_string())]
        );
    }

    #[test]
    fn what_a_sentence_says_its_subject_includes_is_a_list() {
        let pairs = |l: &[(&str, &str)]| -> Vec<(String, String)> {
            l.iter()
                .map(|(n, v)| (n.to_string(), v.to_string()))
                .collect()
        };
        assert_eq!(
            listed_components(
                "puppet-agent 5.5.6 includes updates to Facter 3.11.4, [Hiera 3.4.4][], and pxp-agent 1.9.4."
            ),
            pairs(&[
                ("Facter", "3.11.4"),
                ("Hiera", "3.4.4"),
                ("pxp-agent", "1.9.4")
            ])
        );
        assert!(listed_components("The image includes fixes for 3 issues, see 2.1.").is_empty());
        assert!(listed_components("Supports LLVM 3.7 - 5.0.").is_empty());
        // GPU-Jupyter's versions page: a code block printing versions.
        let numbered = |text: &str| -> Vec<(usize, String)> {
            text.lines().map(str::to_string).enumerate().collect()
        };
        let printout = numbered(
            "```\nCuda compilation tools, release 12.9, V12.9.86\n\
             Selected Jupyter core packages...\nIPython          : 9.9.0\nipykernel        : 7.1.0\n\
             qtconsole        : not installed\nPython 3.13.11\njulia version 1.12.4\nTensorFlow: 2.20.0\n```",
        );
        assert_eq!(
            printout_components(&printout, crate::listings::printed_release),
            pairs(&[
                ("CUDA", "12.9"),
                ("IPython", "9.9.0"),
                ("ipykernel", "7.1.0"),
                ("Python", "3.13.11"),
                ("julia", "1.12.4"),
                ("TensorFlow", "2.20.0")
            ])
        );
        // A compose file's settings are no printout of versions.
        let settings = numbered(
            "```\nservices:\n  app:\n    image: nginx:1.25.3\n    ports: 8080\n    version: 3.8\n\
             replicas: 2\n    timeout: 1.5\n```",
        );
        assert!(printout_components(&settings, crate::listings::printed_release).is_empty());
        assert_eq!(
            listed_components("update to `zluda==3.9.0`"),
            pairs(&[("zluda", "3.9.0")])
        );
        // Nerves systems' changelogs: a product known by two names.
        assert_eq!(
            listed_components("Erlang/OTP 28.5.0.1"),
            pairs(&[("Erlang-OTP", "28.5.0.1")])
        );
        assert_eq!(
            listed_components("Compress/Decompress Apache Commons Compress 1.23.0"),
            pairs(&[("Apache-Commons-Compress", "1.23.0")])
        );
        assert_eq!(
            names::paired_names_dashed("actions/checkout I/O"),
            "actions/checkout I/O"
        );
        assert!(introduced_listing("It uses chunk_size: 8192, cpu_infer: 32").is_empty());
        // Pillow's changes: the references closing the line are no item.
        assert_eq!(
            introduced_listing(
                "Updated dependency scripts to use FreeType 2.7, OpenJpeg 2.1.2 and WebP 0.5.2 #2235, #2236"
            ),
            pairs(&[
                ("FreeType", "2.7"),
                ("OpenJpeg", "2.1.2"),
                ("WebP", "0.5.2")
            ])
        );
    }

    #[test]
    fn a_list_after_a_label_of_any_length() {
        let names = |line: &str| -> Vec<String> {
            listed_components(line)
                .into_iter()
                .map(|(n, _)| n)
                .collect()
        };
        assert_eq!(
            names(
                "Updated packaged components to recent stable release versions: Docker 20.10.9, \
                 kubectl 1.24.1, Helm 3.9.0. [portainer/portainer#6074](https://example.com/6074)"
            ),
            ["Docker", "kubectl", "Helm"]
        );
        // A list of one is a sentence's mention, left to the readers of prose.
        assert!(labelled_list("Updated the bundled runtime to: Docker 20.10.9").is_empty());
        // A name holding a digit without a version, a full-width note.
        assert_eq!(
            names("主框架：Spring Boot 2.7、Apache Shiro 1.12、J2Cache"),
            ["Spring-Boot", "Apache-Shiro"]
        );
        assert_eq!(
            names("视图层：Spring MVC 5.3、Beetl 3.10（替换JSP）、Bootstrap 3.3"),
            ["Spring-MVC", "Beetl", "Bootstrap"]
        );
    }

    #[test]
    fn an_item_with_another_name_or_a_revision() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        assert_eq!(
            component_list("NIMSDK from 9.13.1 to 9.15.0 in Android"),
            [pair("NIMSDK", "9.15.0")]
        );
        assert_eq!(
            component_list("nim_core_platform_interface to 1.7.0"),
            [pair("nim_core_platform_interface", "1.7.0")]
        );
        // Void Linux's image announcements: where the version is.
        assert_eq!(
            component_list("Linux 6.12 in live ISOs"),
            [pair("Linux", "6.12")]
        );
        assert!(component_list("Linux 6.12 in 3 images").is_empty());
        // ZAP's dependency updates: a comma between the name and its versions.
        assert_eq!(
            component_list("Commons Beanutils, 1.10.1 → 1.11.0"),
            [pair("Commons-Beanutils", "1.11.0")]
        );
        assert_eq!(
            component_list("Log4j API, 2.24.3 → 2.25.2"),
            [pair("Log4j-API", "2.25.2")]
        );
        assert_eq!(
            component_list("Azul Zulu JDK 17.58.21 (OpenJDK 17.0.15)"),
            [
                pair("Azul-Zulu-JDK", "17.58.21"),
                pair("OpenJDK", "17.0.15")
            ]
        );
        assert_eq!(
            component_list("liblzma (xz) 5.8.2 (LZMA video decoding, e.g. TIFF)"),
            [pair("liblzma", "5.8.2")]
        );
        assert_eq!(
            component_list("espresso (quantum espresso) (6.7)"),
            [pair("espresso", "6.7")]
        );
        assert_eq!(
            component_list("x265 r13309 (H.265/HEVC video encoding)"),
            [pair("x265", "r13309")]
        );
        // A word after the name, or a short number, is no revision.
        assert!(component_list("x265 release").is_empty());
        assert!(component_list("Fixed r12").is_empty());
    }

    #[test]
    fn items_with_references_and_the_versions_they_went_to() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        assert_eq!(
            component_list("Upgraded packages: numpy (1.21.4) {pr}1934, msgpack (1.0.3) #2071"),
            [pair("numpy", "1.21.4"), pair("msgpack", "1.0.3")]
        );
        assert_eq!(
            component_list("Apache Spark (2.4.3->2.4.5)"),
            [pair("Apache-Spark", "2.4.5")]
        );
        assert_eq!(
            component_list("[pip3] torch==2.9.1+cu129"),
            [pair("torch", "2.9.1+cu129")]
        );
        // nicolasgallandpro's image changelog: `=>` for "went to".
        assert_eq!(
            component_list("python=>3.11, dagster=>1.2.2"),
            [pair("python", "3.11"), pair("dagster", "1.2.2")]
        );
        // xju2's image README: `pytorch &#x21d2; 1.11`, a double arrow.
        assert_eq!(component_list("ROOT ⇒ 6.24.06"), [pair("ROOT", "6.24.06")]);
        assert_eq!(
            component_list("Guava: (20.0 to 28.0"),
            [pair("Guava", "28.0")]
        );
        // A word that is no reference still ends the item.
        assert!(component_list("numpy (1.21.4) was slow").is_empty());
    }

    #[test]
    fn a_dependency_went_to_a_version_with_a_note_after_a_dash() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        // Clojure's changes.md.
        assert_eq!(
            component_list("spec.alpha dependency to 0.5.238 - [changes](https://x/CHANGES.md)"),
            [pair("spec.alpha", "0.5.238")]
        );
    }

    #[test]
    fn a_link_or_an_address_after_a_version_is_a_note_on_it() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        // wyveo's changelog of an nginx + PHP-FPM image, as Markdown
        // and as its text (a link's text is its address).
        assert_eq!(
            component_list(
                "composer version 2.5.8 [https://getcomposer.org/download/](https://getcomposer.org/download/)"
            ),
            [pair("composer", "2.5.8")]
        );
        assert_eq!(
            component_list("composer version 2.5.8 https://getcomposer.org/download/"),
            [pair("composer", "2.5.8")]
        );
        assert_eq!(
            component_list("php version 7.2.11 available - https://secure.php.net/ChangeLog-7.php"),
            [pair("php", "7.2.11")]
        );
        assert_eq!(
            component_list("composer version 1.6.3 added https://getcomposer.org/download/"),
            [pair("composer", "1.6.3")]
        );
        // Words after the link, or words before it that say nothing of
        // the version, leave the item a sentence.
        assert!(
            component_list("composer version 2.5.8 [notes](https://x/n) were moved").is_empty()
        );
        assert!(component_list("php 8.1 breaks https://x/n").is_empty());
    }

    #[test]
    fn the_kind_of_software_after_a_proper_name_is_none_of_it() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        // Devilbox's changelog.
        assert_eq!(
            component_list("Changed default MongoDB server from `4.4` to `5.0`"),
            [pair("MongoDB", "5.0")]
        );
        // A name that is its kind's word alone keeps it.
        assert_eq!(
            component_list("language server from 1.1 to 1.2"),
            [pair("language-server", "1.2")]
        );
    }

    #[test]
    fn names_in_a_package_managers_own_form() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        // Remix's "Updated Dependencies" lists.
        assert_eq!(
            component_list("- `@remix-run/router@1.23.3`"),
            [pair("@remix-run/router", "1.23.3")]
        );
        // Apache Pinot's "Library upgrades and dependencies".
        assert_eq!(
            contents_item("Bump com.azure:azure-core from 1.37.0 to 1.45.1 (#12193)"),
            [pair("com.azure:azure-core", "1.45.1")]
        );
    }

    #[test]
    fn versionless_items_name_things_sentences_do_not() {
        let names = |l: &str| versionless_names(l).unwrap_or_default();
        assert_eq!(names("- Apex"), ["Apex"]);
        assert_eq!(names("- NVIDIA DALI"), ["DALI"]);
        assert_eq!(
            names("- JupyterLab and JupyterLab-TensorBoard"),
            ["JupyterLab", "JupyterLab-TensorBoard"]
        );
        assert_eq!(names("- Nsight Compute (preview)"), ["nsight-compute"]);
        for sentence in [
            "- The container holds the source of PyTorch in the image.",
            "- Support for loop unrolling and vectorized loads",
            "- OpenMPI 4.1.4+",
            "- See the support matrix for details",
        ] {
            assert!(versionless_names(sentence).is_none(), "{sentence}");
        }
    }

    const PAGE_25_10: &str =
        include_str!("../../../tests/fixtures/import/training-nv-pytorch-25.10.zh.txt");
    const AWS_2_7: &str =
        include_str!("../../../tests/fixtures/import/aws-dlc-pytorch-training-2.7.facts.md");
    const AWS_2_4: &str =
        include_str!("../../../tests/fixtures/import/aws-dlc-pytorch-training-2.4.facts.md");
    const AWS_2_13: &str =
        include_str!("../../../tests/fixtures/import/aws-dlc-pytorch-changelog-2.13.facts.md");

    /// The lines of `page` after the line `from` up to the line `to`.
    fn between<'a>(page: &'a str, from: &str, to: &str) -> Vec<&'a str> {
        page.lines()
            .skip_while(|l| l.trim() != from)
            .skip(1)
            .take_while(|l| l.trim() != to)
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect()
    }

    fn contents_of(lines: &[&str]) -> (Draft, Vec<(usize, String)>) {
        let numbered: Vec<(usize, &str)> = lines.iter().copied().enumerate().collect();
        let mut draft = Draft::default();
        let mut unplaced = Vec::new();
        contents(&numbered, Lang::EN, &mut draft, &mut unplaced);
        (draft, unplaced)
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    fn shared(draft: &Draft) -> Vec<(String, String)> {
        draft
            .components
            .iter()
            .map(|(n, v)| (n.clone(), v.clone()))
            .collect()
    }

    #[test]
    fn component_cells() {
        assert_eq!(
            component_list("Ubuntu : 24.04 CUDA : 12.8 flash_attn: 2.8.3 gdb:15.0"),
            pairs(&[
                ("Ubuntu", "24.04"),
                ("CUDA", "12.8"),
                ("flash_attn", "2.8.3"),
                ("gdb", "15.0")
            ])
        );
        assert!(component_list("").is_empty());
    }

    #[test]
    fn per_arch_columns_of_the_25_10_page() {
        let (draft, unplaced) = contents_of(&between(PAGE_25_10, "Contents", "Assets"));
        assert!(unplaced.is_empty(), "{unplaced:?}");
        assert_eq!(draft.archs, ["aarch64", "amd64"]);
        assert_eq!(draft.components.len(), 25);
        assert_eq!(draft.components["gdb"], "15.0.50.20240403-git");
        assert_eq!(draft.arch["amd64"].components["perf"], "5.4.30");
        assert_eq!(draft.arch["aarch64"].components["pytorch-triton"], "3.4.0");
    }

    #[test]
    fn two_column_package_version_table_of_aws() {
        let (draft, unplaced) = contents_of(&between(
            AWS_2_7,
            "## Core Packages",
            "### Docker Image URIs",
        ));
        assert!(unplaced.is_empty(), "{unplaced:?}");
        assert_eq!(draft.archs, ["amd64"]);
        assert_eq!(
            shared(&draft),
            pairs(&[
                ("Python", "3.12.10"),
                ("PyTorch", "2.7.1"),
                ("TorchVision", "0.22.1"),
                ("TorchAudio", "2.7.1"),
                ("TorchData", "0.11.0"),
                ("TorchTNT", "0.2.4"),
                ("CUDA", "12.8.0"),
                ("cuDNN", "9.7.1.26"),
                ("NCCL", "2.26.2"),
                ("EFA", "1.40.0"),
                ("transformer_engine", "2.3"),
                ("flash_attn", "2.7.4.post1"),
                ("GDRCopy", "2.5"),
            ])
        );
        // The same table as plain text, without the outer pipes.
        let (plain, _) = contents_of(&[
            "Package | Version |",
            "PyTorch | 2.7.1 |",
            "CUDA | v12.8.0 |",
        ]);
        assert_eq!(
            shared(&plain),
            pairs(&[("PyTorch", "2.7.1"), ("CUDA", "12.8.0")])
        );
    }

    #[test]
    fn a_table_split_one_cell_per_line_with_stray_pipes() {
        let lines = [
            "|",
            "aarch64架构",
            "|",
            "amd64架构",
            "|",
            "应用场景",
            "|",
            "训练/推理",
            "|",
            "推理",
            "|",
            "核心组件",
            "|",
            "Ubuntu : 24.04",
            "torch : 2.8.0",
            "|",
            "Ubuntu : 24.04",
            "torch : 2.7.0",
            "|",
        ];
        let (draft, unplaced) = contents_of(&lines);
        assert!(unplaced.is_empty(), "{unplaced:?}");
        assert_eq!(draft.archs, ["aarch64", "amd64"]);
        assert_eq!(shared(&draft), pairs(&[("Ubuntu", "24.04")]));
        assert_eq!(draft.arch["aarch64"].components["torch"], "2.8.0");
        assert_eq!(draft.arch["amd64"].components["torch"], "2.7.0");
        assert_eq!(
            draft.arch["amd64"].scenarios,
            Some(vec![Scenario::Inference])
        );
    }

    #[test]
    fn a_label_over_the_versions_of_its_modules() {
        assert_eq!(
            listed_components("**GNU Compiler Collection (GCC)**: `gnu/5.4.0`, `gnu/8.3.0`"),
            pairs(&[("GCC", "5.4.0")])
        );
        assert_eq!(
            listed_components(
                "**GROMACS (Molecular Dynamics)**: `gromacs/2019.6`, `gromacs/2019.6-gpu`"
            ),
            pairs(&[("GROMACS", "2019.6")])
        );
        assert_eq!(
            listed_components("CUDA Toolkit: 10.2, 11.2"),
            pairs(&[("CUDA", "10.2")])
        );
        // Anything but versions after the label: no list of one component.
        assert!(listed_components("Note: 10.2, see below").is_empty());
    }

    #[test]
    fn a_bullet_list_of_name_colon_version() {
        let lines = [
            "核心组件",
            "- Torch : 2.7.1.8+nv25.3",
            "- ACCL-N : 2.27.5.14",
            "- flash-attn : 2.7.2",
        ];
        let (draft, unplaced) = contents_of(&lines);
        assert!(unplaced.is_empty(), "{unplaced:?}");
        let want = pairs(&[
            ("Torch", "2.7.1.8+nv25.3"),
            ("ACCL-N", "2.27.5.14"),
            ("flash-attn", "2.7.2"),
        ]);
        assert_eq!(shared(&draft), want);
        // Without the label, as a list of its own.
        let (draft, _) = contents_of(&lines[1..]);
        assert_eq!(shared(&draft), want);
        // Which of its versions is no part of the name.
        let (draft, _) = contents_of(&[
            "- Node.js default version: 20.1.0",
            "- `Python` additional preinstalled version: `3.14.2`",
        ]);
        assert_eq!(
            shared(&draft),
            pairs(&[("Node.js", "20.1.0"), ("Python", "3.14.2")])
        );
    }

    #[test]
    fn ngc_style_items() {
        let lines = [
            "This container image contains the complete source of the version of PyTorch in /opt/pytorch.",
            "The container also includes the following:",
            "- Ubuntu 18.04 including Python 3.6",
            "- NVIDIA CUDA 10.2.89 including cuBLAS 10.2.2.89",
            "- NVIDIA cuDNN 7.6.5",
            "- NVIDIA NCCL 2.5.6 (optimized for NVLink™)",
            "- APEX",
            "- OpenMPI 3.1.4",
            "- TensorBoard 1.15.0+nv",
            "- Nsight Systems 2020.1.1",
            "- DALI 0.18.0 Beta",
        ];
        let (draft, unplaced) = contents_of(&lines);
        // "APEX" names a thing the image holds, with no version.
        assert!(unplaced.is_empty(), "{unplaced:?}");
        let includes: Vec<&str> = draft.includes.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(includes, ["APEX"]);
        assert_eq!(
            shared(&draft),
            pairs(&[
                ("Ubuntu", "18.04"),
                ("Python", "3.6"),
                ("CUDA", "10.2.89"),
                ("cuBLAS", "10.2.2.89"),
                ("cuDNN", "7.6.5"),
                ("NCCL", "2.5.6"),
                ("OpenMPI", "3.1.4"),
                ("TensorBoard", "1.15.0+nv"),
                ("nsight-systems", "2020.1.1"),
                ("DALI", "0.18.0"),
            ])
        );
    }

    #[test]
    fn versionless_items_of_a_list_of_other_things_stay_unplaced() {
        let (draft, unplaced) = contents_of(&["- Apex", "- Horovod", "- CUDA 12.1.0"]);
        assert!(draft.includes.is_empty());
        assert_eq!(unplaced.len(), 2, "{unplaced:?}");
    }

    #[test]
    fn a_version_word_and_a_post_release() {
        assert_eq!(
            component_list("vLLM version 0.5.3 post 1"),
            pairs(&[("vLLM", "0.5.3.post1")])
        );
        assert_eq!(
            component_list("TorchServe version: 0.12.0"),
            pairs(&[("TorchServe", "0.12.0")])
        );
        assert_eq!(
            component_list("SGLang version 0.4.1"),
            pairs(&[("SGLang", "0.4.1")])
        );
        // "post" without a number is no post-release: the item is no list item.
        assert!(component_list("vLLM 0.5.3 post release").is_empty());
        assert_eq!(
            component_list("NVIDIA CUDA 11.1.1 including cuBLAS 11.3.0"),
            pairs(&[("CUDA", "11.1.1"), ("cuBLAS", "11.3.0")])
        );
    }

    #[test]
    fn words_that_are_no_package_names_never_become_components() {
        assert!(component_list("are : 2.0 is : 3.1 和 : 1.0").is_empty());
        assert!(component_list("Ubuntu 18.04 with January 2020 updates").len() == 1);
        assert!(component_list("torch : latest").is_empty());
        assert!(component_list("Driver : 418.xx").is_empty());
        // A capitalised word of prose between two words of a name is part
        // of it; in lowercase, or before the name, it is prose.
        assert_eq!(
            component_list("Acme Container Toolkit v1.16.2"),
            pairs(&[("Acme-Container-Toolkit", "1.16.2")])
        );
        assert_eq!(
            component_list("the container Toolkit 1.16.2"),
            pairs(&[("Toolkit", "1.16.2")])
        );
        assert_eq!(
            component_list("Container Toolkit 1.16.2"),
            pairs(&[("Toolkit", "1.16.2")])
        );
        // The verb before a name is no part of it.
        assert_eq!(
            component_list("Binaries for this release include OpenSSL 3.0.5."),
            pairs(&[("OpenSSL", "3.0.5")])
        );
        assert_eq!(
            component_list("Pre-built binary wheels require PyTorch 2.2.1"),
            pairs(&[("PyTorch", "2.2.1")])
        );
        // joblib's changes: a copy kept in the project's tree.
        assert_eq!(
            component_list("Vendor cloudpickle 3.1.2"),
            pairs(&[("cloudpickle", "3.1.2")])
        );
    }

    fn draft_with_features(features: &[&str]) -> Draft {
        Draft {
            features: features.iter().map(|f| text(Lang::EN, *f)).collect(),
            ..Draft::default()
        }
    }

    #[test]
    fn upgrade_sentences_when_there_is_no_table() {
        let mut draft = draft_with_features(&[
            "vLLM upgraded to 0.10.0, incorporating the upstream features.",
            "The images are upgraded to 2.0 and it is updated to 3.",
            "升级vllm v0.9.2,合入对应社区功能。",
            "megatron-core升级至0.14.0、transformer_engine升级至2.4,合入对应社区功能。",
            "CUDA in the base image upgraded to 12.9.0.",
        ]);
        from_prose(&mut draft, Lang::EN);
        assert_eq!(
            shared(&draft),
            pairs(&[
                ("vLLM", "0.10.0"),
                ("megatron-core", "0.14.0"),
                ("transformer_engine", "2.4"),
                ("CUDA", "12.9.0"),
            ])
        );
        // A table wins: prose is not read then.
        let mut with_table = draft_with_features(&["vLLM upgraded to 0.10.0"]);
        with_table.components.insert("vllm".into(), "0.9.0".into());
        from_prose(&mut with_table, Lang::EN);
        assert_eq!(shared(&with_table), pairs(&[("vllm", "0.9.0")]));
    }

    #[test]
    fn prose_bullets_of_the_older_aws_layout() {
        let lines: Vec<&str> = between(AWS_2_4, "## Release Notes", "(end)")
            .into_iter()
            .filter(|l| l.starts_with("- "))
            .collect();
        let features: Vec<&str> = lines.iter().map(|l| &l[2..]).collect();
        let mut draft = draft_with_features(&features);
        from_prose(&mut draft, Lang::EN);
        assert_eq!(
            shared(&draft),
            pairs(&[
                ("PyTorch", "2.4.0"),
                ("Python", "3.11"),
                ("CUDA", "12.4.1"),
                ("Ubuntu", "22.04"),
                ("cuDNN", "9.1.0.70"),
                ("NCCL", "2.22.3"),
                ("aws-ofi-nccl", "1.11.0"),
                ("EFA", "1.34.0"),
                ("transformer_engine", "1.9"),
                ("flash_attn", "2.4.2"),
                ("GDRCopy", "2.4.1"),
                ("Apex", "24.04.01"),
            ])
        );
    }

    #[test]
    fn bundled_versions_and_bumps_of_the_aws_changelog() {
        let features: Vec<&str> = AWS_2_13
            .lines()
            .filter(|l| l.starts_with("**Bundled") || l.starts_with("- "))
            .map(|l| l.trim_start_matches("- "))
            .collect();
        let mut draft = draft_with_features(&features);
        from_prose(&mut draft, Lang::EN);
        let got = shared(&draft);
        for want in pairs(&[
            ("PyTorch", "2.13.0"),
            ("torchvision", "0.28.0"),
            ("CUDA", "13.3.0"),
            ("NCCL", "2.30.7"),
            ("EFA", "1.49.0"),
            ("transformer_engine", "2.17.0"),
            ("DeepSpeed", "0.19.2"),
        ]) {
            assert!(got.contains(&want), "{want:?} in {got:?}");
        }
    }

    /// Every extractor on every line of every page the tests hold, each
    /// line alone and all together: whatever a page says, nothing panics.
    #[test]
    fn every_extractor_reads_every_fixture_line() {
        let pages = [
            PAGE_25_10,
            AWS_2_7,
            AWS_2_4,
            AWS_2_13,
            include_str!("../../../tests/fixtures/import/training-nv-pytorch-25.05.zh.txt"),
            include_str!("../../../tests/fixtures/import/nvidia-pytorch-container-20.02.facts.txt"),
            "İ | ‖ | : | v | 1.2.3 | R | (or later R | 384.111+ | {x} | {x}: | - | * |",
        ];
        for page in pages {
            let lines: Vec<&str> = page.lines().collect();
            let numbered: Vec<(usize, &str)> = lines.iter().copied().enumerate().collect();
            for lang in [Lang::ZH, Lang::EN] {
                let mut draft = draft_with_features(&lines);
                let mut unplaced = Vec::new();
                contents(&numbered, lang, &mut draft, &mut unplaced);
                from_prose(&mut draft, lang);
                super::super::assets::assets(&numbered, "1.0", lang, &mut draft, &mut unplaced);
                super::super::driver::driver(&lines, lang);
                for line in &lines {
                    component_list(line);
                    super::super::driver::driver(&[line], lang);
                }
            }
        }
    }

    #[test]
    fn names_follow_the_project() {
        let mut draft = Draft::default();
        draft.components.insert("PyTorch".into(), "2.7.1".into());
        draft.components.insert("flash-attn".into(), "2.7.2".into());
        draft.components.insert("vLLM".into(), "0.10.0".into());
        let known = names::Known::new(["torch".to_string(), "flash_attn".to_string()]);
        settle_names(&mut draft, &known);
        assert_eq!(
            shared(&draft),
            pairs(&[
                ("torch", "2.7.1"),
                ("flash_attn", "2.7.2"),
                ("vllm", "0.10.0")
            ])
        );
    }

    #[test]
    fn the_driver_readers_versions_are_no_components() {
        let mut draft = Draft::default();
        draft
            .components
            .insert("NVIDIA Driver".into(), "580.65.06".into());
        draft
            .components
            .insert("NPU Driver".into(), "v2.4.1".into());
        draft.components.insert("CUDA".into(), "13.0".into());
        drop_owned_elsewhere(&mut draft);
        assert_eq!(
            shared(&draft),
            pairs(&[("NPU Driver", "v2.4.1"), ("CUDA", "13.0")])
        );
    }
}
#[cfg(test)]
mod change_lists {
    /// A list of what changed since the last release: each item at the
    /// version it went to.
    #[test]
    fn an_item_names_the_version_it_went_to() {
        assert_eq!(
            super::component_list("cilium from v1.3.2 to v1.3.4"),
            [("cilium".to_string(), "1.3.4".to_string())]
        );
        // Without a version it went to, "from" states none.
        assert!(super::component_list("migrated from v1.3.2").is_empty());
    }
}

#[cfg(test)]
mod go_modules {
    /// A generated list of dependency changes: each Go module by its path,
    /// at the version it went to or was added at.
    #[test]
    fn dependency_changes_name_go_modules_by_their_path() {
        let read = |item: &str| super::component_list(item);
        assert_eq!(
            read("**github.com/Azure/azure-sdk-for-go/sdk/azcore**     v1.21.0 -> v1.22.0"),
            [(
                "github.com/Azure/azure-sdk-for-go/sdk/azcore".to_string(),
                "1.22.0".to_string()
            )]
        );
        assert_eq!(
            read("codeberg.org/miekg/dns v0.6.84 **_new_**"),
            [("codeberg.org/miekg/dns".to_string(), "0.6.84".to_string())]
        );
        // A path without a host is no module.
        assert!(!crate::package_name::is_module_path("localhost/x"));
        assert!(!crate::package_name::is_module_path("example.org"));
    }
}
