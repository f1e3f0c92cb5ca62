//! The releases of a page that holds several: a changelog whose headings
//! at one level each state a version (`## PyTorch 2.13 — 2026-07-20`,
//! `## 2.8.10+xpu`) or a date (`## 2025-12-23`, "December 18, 2024" alone
//! on a line of a text copy), a list of release labels
//! (`rocm6.4.1_vllm_0.10.0_20250812:`), or lines naming one product with
//! different versions ("DeepSparkInference 26.06"). A release whose part
//! labels its own version ("Image Version: 24.12.09", `[tables]
//! release_labels`) is named by it rather than by its date.

use crate::headings::{Headings, Known};
use crate::page::Page;
use crate::structure::{PLAIN_LEVEL, heading, part_named_for, split};
use crate::titles::{
    after_previous, after_product, is_numbered, is_unreleased_word, is_whole_release, named,
    names_release, of_title, with_rebuild_numbers, without_anchor,
};
use crate::{names, stated, statements, tables, words};
use std::collections::{BTreeSet, HashMap, HashSet};

/// A table found in a section: the section's lines, the name and version its
/// title states, the table and what it holds.
type FoundTable<'a> = (
    &'a Vec<(usize, String)>,
    Option<(String, String)>,
    tables::Table,
    tables::Kind,
);

/// A release of a page that holds several: its part of the page and the
/// version its heading (or label) states.
pub(crate) struct Release {
    pub page: Page,
    pub version: String,
    /// Other names of the release (the tags of a table row naming several).
    pub keys: Vec<String>,
    /// The line its heading (or label) stands on.
    pub start: Option<usize>,
    /// Whether its heading states a component's version and nothing else
    /// ("### CUDA 12.8.1:", "### Ubuntu 24.04"): over images, a group of
    /// them, no release.
    pub groups: bool,
}

/// How a release's start is written: a heading at a level, a date alone
/// on a line, a label line, a product named with a version alone on a
/// line. Releases start the same way throughout a page.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Start {
    Heading(usize),
    Date,
    Label,
    Named(String),
    /// A version alone on a line of a text copy (`1.13.120+xpu`).
    Alone,
    /// A list's item holding a release and its date, the release's
    /// changes in the items under it ("* 0.22.0 (2025-11-17)").
    Item,
    /// A line of one shape repeated with each release ("v0.32.0
    /// (2025-08-21)" over "v0.31.2 (2024-10-20)").
    Shaped,
    /// A list's item at the margin opening with a release (a date, a
    /// version) and a colon, the release's changes after it ("- 20250607:
    /// Added … + added CUDA 12.9 build").
    Entry,
}

/// An image's tag alone on line `i` over its stack on the next
/// ("> cu121-py38-u20" over "> cuda: 12.1.1 / pytorch: cu121 /
/// python3.8.17 / ubuntu20.04", a lab's list of its images): the tag.
fn tag_over_stack(page: &Page, i: usize) -> Option<String> {
    fn unquoted(line: &str) -> &str {
        line.trim().trim_start_matches('>').trim()
    }
    let tag = unquoted(&page.lines[i].1).trim_matches(['`', '*']);
    (!tag.contains(char::is_whitespace)
        && tag.contains(|c: char| c.is_ascii_alphabetic())
        && model::is_release_version(tag)
        && states_a_stack(unquoted(&page.lines.get(i + 1)?.1)))
    .then(|| tag.to_string())
}

/// A line of three names and versions or more, parted by slashes or
/// commas, a third of its parts or more (the others "pytorch: cu121",
/// "gcc", "opengl libraries: glfw, glew").
fn states_a_stack(line: &str) -> bool {
    let parted = if line.contains(" / ") { " / " } else { ", " };
    let parts: Vec<&str> = line.split(parted).map(str::trim).collect();
    let stated = parts
        .iter()
        .filter(|p| {
            let spaced = p.replacen([':', '：'], " ", 1);
            tables::name_version(&spaced).is_some() || crate::tags::glued(p).is_some()
        })
        .count();
    stated >= 3 && stated * 3 >= parts.len()
}

/// A heading of a date, then one word and a version ("12 May 2026:
/// mitmproxy 12.2.3"): the word and the version.
fn dated_word_release(title: &str) -> Option<(String, String)> {
    let (first, after) = title.trim().split_once([':', ';', '：'])?;
    if !crate::dates::is_date_alone(first) {
        return None;
    }
    // "21st of May 2026: WanGP v11.77, I can hear Voices", "… WanGP v8.9 -
    // Combinatorics", "… WanGP v7.3 : Interlude" (Wan2GP's changelog): the
    // release's own title after a comma, a dash or a colon.
    let mut tokens = after.split_whitespace();
    let (word, written) = (tokens.next()?, tokens.next()?);
    let next = tokens.next();
    let titled =
        written.ends_with([',', ':']) || next.is_some_and(|t| matches!(t, "-" | "–" | "—" | ":"));
    let after = if titled {
        format!("{word} {}", written.trim_end_matches([',', ':']))
    } else {
        after.to_string()
    };
    let (word, release) = named(&after)?;
    (!word.contains(char::is_whitespace)).then(|| (word.to_lowercase(), release))
}

/// The product a page's dated headings name, when most of them are a date,
/// the product's word and its release ("12 May 2026: mitmproxy 12.2.3", …
/// in mitmproxy's changelog); not when each names another component
/// ("February 19, 2026: osg-configure 4.3.2", OSG's news).
fn dated_product(page: &Page, headings: &Headings) -> Option<String> {
    let mut words: HashMap<String, usize> = HashMap::new();
    let mut dated = 0;
    for (n, line) in &page.lines {
        if !page.headings.contains(n) {
            continue;
        }
        let Some(h) = heading(line.trim(), true, headings) else {
            continue;
        };
        if let Some((first, _)) = h.title.trim().split_once([':', ';', '：'])
            && crate::dates::is_date_alone(first)
        {
            dated += 1;
            if let Some((word, _)) = dated_word_release(&h.title) {
                *words.entry(word).or_default() += 1;
            }
        }
    }
    let (word, count) = words.into_iter().max_by_key(|(w, c)| (*c, w.clone()))?;
    (count >= 3 && count * 10 >= dated * 8).then_some(word)
}

/// "# Spinnaker Release 1.35.0" over "## [Clouddriver](#clouddriver)
/// 5.86.0", "## Deck 3.18.0" …: a release's title over the parts of the
/// services it is made of, each headed by another name and its version.
/// One release, the title's; the parts' headings state its components.
fn parts_of_components(page: &Page, starts: &[(usize, Start, String)]) -> bool {
    let [(_, Start::Heading(top), release), parts @ ..] = starts else {
        return false;
    };
    // A part's heading: a component's name ("Status of XOSTOR in XCP-ng
    // 8.3" is a sentence's words) and a version other than the title's.
    let names: Option<Vec<String>> = parts
        .iter()
        .map(|(i, start, version)| match start {
            Start::Heading(level) if level > top && version != release => {
                part_name(page, *i, version)
            }
            _ => None,
        })
        .collect();
    let Some(names) = names else {
        return false;
    };
    let distinct: HashSet<&String> = names.iter().collect();
    parts.len() >= 2 && distinct.len() == names.len()
}

/// The component a part's heading names before `version` ("## Deck
/// 3.18.0"), lowercase.
fn part_name(page: &Page, i: usize, version: &str) -> Option<String> {
    let text = crate::tables::clean_cell(page.lines[i].1.trim().trim_start_matches('#'));
    let name = text.split(version).next().unwrap_or("").trim();
    // "### Legacy Compat v1.6": the version's `v` is no part of the name.
    let name = match name.strip_suffix(['v', 'V']) {
        Some(bare) if bare.ends_with(' ') => bare.trim_end(),
        _ => name,
    };
    // "## 微信小游戏 v1.2.9" (Egret's release notes): a name in the
    // page's own script, a few characters and no sentence's marks.
    let own_script = || {
        let short = !name.is_ascii()
            && name.chars().count() <= 12
            && name.split_whitespace().count() <= 2
            && !name.contains(|c: char| "，。：；、！？,.:;!?".contains(c));
        short.then(|| name.trim_end_matches([' ', 'v', 'V']).to_string())
    };
    crate::names::component_name(name)
        .or_else(own_script)
        .map(|n| n.to_lowercase())
}

/// "## Version 2.32.0" over "### Core 2.35.0" and "### InAppFrame 0.7.0"
/// (KARTE's SDK changelog): headings a level below the releases, each
/// naming a module and its version, one module under several releases,
/// are the releases' parts, which state their components. Releases of one
/// product name none ("## 1.2.0" over "### 1.2.0-rc.1").
fn drop_component_parts(page: &Page, starts: &mut Vec<(usize, Start, String)>) {
    let mut levels: Vec<usize> = starts
        .iter()
        .filter_map(|(_, s, _)| match s {
            Start::Heading(level) => Some(*level),
            _ => None,
        })
        .collect();
    levels.sort_unstable();
    levels.dedup();
    for (k, &outer) in levels.iter().enumerate() {
        let outer_starts: Vec<usize> = starts
            .iter()
            .filter(|(_, s, _)| *s == Start::Heading(outer))
            .map(|(i, _, _)| *i)
            .collect();
        if outer_starts.len() < 2
            || starts
                .iter()
                .any(|(i, s, v)| *s == Start::Heading(outer) && part_name(page, *i, v).is_some())
        {
            continue;
        }
        let Some(&inner) = levels.get(k + 1) else {
            continue;
        };
        let mut parents_of: HashMap<String, HashSet<usize>> = HashMap::new();
        let mut named = true;
        for (i, _, v) in starts
            .iter()
            .filter(|(_, s, _)| *s == Start::Heading(inner))
        {
            let parent = outer_starts.iter().rev().find(|at| *at < i);
            // ("### Mods Base v1.12": capitalised words a name's cell may
            // hold.)
            let name = part_name(page, *i, v).or_else(|| {
                tables::part_title(&page.lines[*i].1).map(|(name, _)| name.to_lowercase())
            });
            match (name, parent) {
                (Some(name), Some(parent)) => {
                    parents_of.entry(name).or_default().insert(*parent);
                }
                _ => named = false,
            }
        }
        if named && parents_of.len() >= 2 && parents_of.values().any(|p| p.len() >= 2) {
            starts.retain(|(_, s, _)| *s != Start::Heading(inner));
            return;
        }
    }
}

/// Parts each holding the changes "since" a release: with two or more
/// under a title naming a release, each part is the release after the one
/// it names, the first the title's (which starts no part of its own, its
/// introduction going with the first). Otherwise a heading of changes
/// since a release starts the part of the release its title reads, as any
/// heading does.
fn since_parts(
    starts: &mut Vec<(usize, Start, String)>,
    since: Vec<(usize, usize, String, Option<String>)>,
) {
    // The title is the one release headed otherwise, above them all.
    let first = since.first().map(|(i, ..)| *i);
    let title = match (first, starts.as_slice()) {
        (Some(first), [(i, _, _)]) if *i < first => Some(0),
        _ => None,
    };
    match title {
        Some(title) if since.len() >= 2 => {
            let (_, _, newest) = starts.remove(title);
            let mut release = newest;
            for (i, level, before, _) in since {
                starts.push((i, Start::Heading(level), release));
                release = before;
            }
        }
        _ => starts.extend(
            since
                .into_iter()
                .filter_map(|(i, level, _, read)| Some((i, Start::Heading(level), read?))),
        ),
    }
    starts.sort_by_key(|(i, _, _)| *i);
}

/// The release a heading of changes "since" names ("Changes since Git for
/// Windows v2.55.0(2) (July 2nd 2026)" → `v2.55.0.2`): the release before
/// the one its part holds.
fn since_release(title: &str) -> Option<String> {
    let title = with_rebuild_numbers(without_anchor(title));
    let lower = title.to_lowercase();
    let after = words::each()
        .flat_map(|w| &w.version.since)
        .filter_map(|word| {
            lower.match_indices(word.as_str()).find_map(|(at, _)| {
                let starts_word = lower[..at]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_alphanumeric());
                starts_word.then_some(at + word.len())
            })
        })
        .min()?;
    stated::in_title(&title[after..])
}

/// A heading naming the changes not released yet ("## [Unreleased]", "tag
/// next"): `[version] unreleased`, after a version word or none.
fn names_unreleased(line: &str) -> bool {
    let title = line
        .trim()
        .trim_start_matches('#')
        .trim()
        .trim_end_matches([':', '：'])
        .to_lowercase();
    let title = title.trim_matches(['[', ']', '`', '*']);
    let title = match title.split_once(' ') {
        Some((word, rest)) if crate::words::is_version_label(word) => rest,
        _ => title,
    };
    is_unreleased_word(title)
}

/// Whether a heading is a known component and its version alone
/// ("### CUDA 12.8.1:").
fn states_a_component(line: &str) -> bool {
    stack(line).is_some()
}

/// Whether every start is a heading of a name and a version, three or
/// more, each of another name ("## **TensoRT 7.1.3.4**", "## **OpenCV
/// 4.3.0**", "## **yaml-cpp 0.6.3**" under "# Depends", an install page):
/// the components the page is about, no releases of one product, whose
/// headings repeat its name or none.
fn name_distinct_components(page: &Page, starts: &[(usize, Start, String)]) -> bool {
    if starts.len() < 3 {
        return false;
    }
    let mut names: HashSet<String> = HashSet::new();
    starts.iter().all(|(i, kind, _)| {
        let Start::Heading(_) = kind else {
            return false;
        };
        let title = page.lines[*i]
            .1
            .trim()
            .trim_start_matches('#')
            .trim()
            .trim_matches(['*', '_', '`'])
            .trim();
        let Some((name, version)) = tables::name_version(title) else {
            return false;
        };
        // ("[r26.08] 2026-08-03": a release and its date.)
        if name.bytes().any(|b| b.is_ascii_digit()) || crate::dates::date(&version).is_some() {
            return false;
        }
        let lower = name.to_lowercase();
        let version_word = words::each().any(|l| {
            l.components.version_words.contains(&lower)
                || l.version
                    .before_number
                    .iter()
                    .any(|w| w.eq_ignore_ascii_case(&lower))
        });
        title.split_whitespace().count() == 2 && !version_word && names.insert(lower)
    })
}

/// The parts of a heading naming an image's stack ("[TensorFlow 2.0,
/// Ubuntu 16.04, Python 3.5](./dir)"): its components one after another,
/// one alone that data knows, or several of which one is known.
fn stack(line: &str) -> Option<Vec<&str>> {
    let t = line.trim().trim_start_matches('#').trim();
    let t = t.trim_end_matches([':', '：']).trim();
    let t = t
        .strip_prefix('[')
        .and_then(|rest| rest.split_once("]("))
        .map_or(t, |(text, _)| text);
    let texts: Vec<&str> = t.split([',', '，']).map(str::trim).collect();
    let parts: Vec<Option<(String, String)>> = texts
        .iter()
        .map(|part| tables::name_version(part).filter(|_| part.split_whitespace().count() <= 3))
        .collect();
    let known = parts
        .iter()
        .flatten()
        .filter(|(name, _)| names::is_alias(name))
        .count();
    (parts.iter().all(Option::is_some)
        && (known == parts.len() || (parts.len() >= 2 && known >= 1)))
        .then_some(texts)
}

/// A line set in bold and nothing else, naming a release and its date
/// ("**V1.4.0 / 05-February-2025**": the collapsible parts of ST's
/// release notes): the release.
fn bold_release(line: &str) -> Option<String> {
    // "**Changes in version 1.28.0** (2026-06-29)", "**Changes in version
    // 1.26.4 (2025-08-25)**", "**Changes in version 1.28.2** ()" (PyMuPDF's
    // changes): the word for a version and the release, a date or an
    // empty note after it.
    let dated = |text: &str| -> bool {
        let note = text
            .trim()
            .trim_start_matches('(')
            .trim_end_matches(')')
            .trim();
        note.is_empty() || crate::dates::is_date_alone(note)
    };
    if let Some((inner, after)) = line.strip_prefix("**").and_then(|l| l.split_once("**"))
        && dated(after)
    {
        let inner = match inner
            .trim()
            .strip_suffix(')')
            .and_then(|h| h.rsplit_once(" ("))
        {
            Some((head, note)) if dated(note) => head,
            _ => inner.trim(),
        };
        let tokens: Vec<&str> = inner.split_whitespace().collect();
        if let [lead @ .., word, version] = tokens.as_slice()
            && lead.len() <= 3
            && crate::words::is_version_label(word)
        {
            let version = version.trim_end_matches('.').trim_start_matches(['v', 'V']);
            if names_release(version) && model::is_release_version(version) {
                return Some(version.to_string());
            }
        }
    }
    let inner = line.strip_prefix("**")?.strip_suffix("**")?.trim();
    // "**OSSEC changelog (4.3.0) <support@atomicorp.com>**" (OSSEC's
    // changelog): a few words, the release in parentheses, its maintainer.
    let without_mail = match inner.rsplit_once(' ') {
        Some((head, mail)) if mail.contains('@') && !mail.starts_with('@') => head.trim_end(),
        _ => inner,
    };
    if let Some((words, version)) = without_mail
        .strip_suffix(')')
        .and_then(|head| head.rsplit_once(" ("))
        && (1..=4).contains(&words.split_whitespace().count())
        && names_release(version)
        && model::is_release_version(version)
    {
        return Some(version.to_string());
    }
    let (first, rest) = inner.split_once(char::is_whitespace)?;
    let date = rest.trim_matches(|c: char| matches!(c, '/' | '-' | '–' | '(' | ')' | ',' | ' '));
    (names_release(first)
        && model::is_release_version(first)
        && (crate::dates::is_date_alone(date)
            || crate::dates::is_date_alone(&date.replace('-', " "))))
    .then(|| first.to_string())
}

/// An item of a list (or a line) at its left margin that is a release and
/// its date and nothing else ("* 0.22.0 (2025-11-17)", "- v1.2 -
/// 2020-01-02", "1.1.1b32Q (2026/04/11)"): a
/// version alone in a list may be anything's, so the date is required.
fn dated_item(line: &str) -> Option<String> {
    // " - 2026-09-05 v1.59.0:" (modernc's sqlite CHANGELOG): a list item
    // of the page's top level, as Markdown allows it, indented by up to
    // three spaces; its date first.
    let line = without_margin(line);
    // "1.1.1b32Q (2026/04/11)" (AozoraEpub3's README_Changes): a line of
    // its own at the margin, as a plain-text changelog heads its builds.
    let rest = line
        .strip_prefix("- ")
        .or_else(|| line.strip_prefix("* "))
        .or_else(|| {
            line.starts_with(|c: char| c.is_ascii_digit())
                .then_some(line)
        })?
        .trim();
    // "- v0.0.7:" (KanTV's ChangeLog): a release written with its `v` or
    // of three numbers, then a colon, its changes under it.
    let clear = |v: &str| v.starts_with(['v', 'V']) || v.matches('.').count() >= 2;
    let item = line.starts_with(['-', '*']);
    if let Some(alone) = rest.strip_suffix([':', '：'])
        && item
        && !alone.contains(char::is_whitespace)
        && clear(alone)
        && names_release(alone)
        && model::is_release_version(alone)
    {
        return Some(stated::with_lowercase_v(alone.to_string()));
    }
    // " - 2026-04-17 v1.49.0: Upgrade to SQLite 3.53.0." (modernc's sqlite
    // CHANGELOG): the release after its date, its change after a colon;
    // "- 2023-12-14: v1.28.0: Add …" with a colon between.
    if item && let Some((key, text)) = rest.split_once(": ") {
        let clear =
            |v: &str| v.starts_with(['v', 'V']) && names_release(v) && model::is_release_version(v);
        let version = match key.split_whitespace().collect::<Vec<_>>().as_slice() {
            [date, version] if crate::dates::is_date_alone(date) && clear(version) => {
                Some(*version)
            }
            [date] if crate::dates::is_date_alone(date) => text
                .split_once(": ")
                .map(|(version, _)| version.trim())
                .filter(|v| clear(v)),
            _ => None,
        };
        if version.is_some() {
            return version.map(|v| stated::with_lowercase_v(v.to_string()));
        }
    }
    let (first, date) = rest.split_once(char::is_whitespace)?;
    // "- v1.5.0, 2025-02-11," (KanTV's): a comma between the two.
    let first = first.strip_suffix(',').unwrap_or(first);
    let date =
        date.trim_matches(|c: char| matches!(c, '-' | '–' | '(' | ')' | '[' | ']' | ',' | ' '));
    let after_date = date.trim_end_matches([':', '：']);
    if crate::dates::is_date_alone(first)
        && !after_date.contains(char::is_whitespace)
        && names_release(after_date)
        && model::is_release_version(after_date)
    {
        return Some(stated::with_lowercase_v(after_date.to_string()));
    }
    (names_release(first) && model::is_release_version(first) && crate::dates::is_date_alone(date))
        .then(|| stated::with_lowercase_v(first.to_string()))
}

/// The change a dated item states after its release on the same line
/// (" - 2026-04-17 v1.49.0: Upgrade to SQLite 3.53.0."), as an item of
/// its own.
fn item_change(line: &str) -> Option<String> {
    let release = dated_item(line)?;
    let (_, change) = line.split_once(&format!("{}: ", release.trim_start_matches('v')))?;
    let change = change.trim();
    (!change.is_empty()).then(|| format!("- {change}"))
}

/// A line of the page's top level without the up to three spaces
/// Markdown allows before it.
fn without_margin(line: &str) -> &str {
    let margin = line.len() - line.trim_start_matches(' ').len();
    if margin <= 3 { &line[margin..] } else { line }
}

/// Lines of a month and a day alone ("Nov 15:") under a heading naming a
/// month and its year ("## November 2024"): each line's date, the year
/// the heading's.
fn days_under_months(page: &Page, headings: &Headings) -> Vec<(usize, String)> {
    let mut year: Option<String> = None;
    let mut days = Vec::new();
    for (i, (n, line)) in page.lines.iter().enumerate() {
        if page.headings.contains(n) {
            year = heading(line.trim(), true, headings)
                .and_then(|h| crate::dates::month_alone(&h.title))
                .map(|month| month[..4].to_string());
            continue;
        }
        if let Some(y) = &year
            && let Some((m, d)) = crate::dates::month_day(line)
        {
            days.push((i, format!("{y}-{m:02}-{d:02}")));
        }
    }
    days
}

/// "Version history:" over dated entries (a README's list of its image
/// revisions): a line ending in a colon and holding a word naming a
/// version (`[components] version_words`, `[version] before_number`)
/// introduces the page's releases, not its news.
fn introduces_history(line: Option<&str>) -> bool {
    let Some(line) = line.map(str::trim) else {
        return false;
    };
    let Some(label) = line.strip_suffix([':', '：']) else {
        return false;
    };
    let label = label.to_lowercase();
    words::each().any(|w| {
        w.components
            .version_words
            .iter()
            .chain(&w.version.before_number)
            .any(|word| {
                label.split_whitespace().any(|x| x == word.as_str())
                    || (!word.is_ascii() && label.contains(word.as_str()))
            })
    })
}

/// "- 2024.10" over "  - Updated SAMtools from 1.19.2 to 1.21" (rnakato's
/// ChangeLog in a README): an item at the margin that is a release alone,
/// with dots, the items of its changes nested under it.
fn item_over_changes(page: &Page, i: usize) -> Option<String> {
    let line = &page.lines[i].1;
    let rest = line
        .strip_prefix("- ")
        .or_else(|| line.strip_prefix("* "))?;
    let release = rest.trim().trim_end_matches([':', '：']);
    if release.contains(char::is_whitespace)
        || !release.contains('.')
        || !names_release(release)
        || !model::is_release_version(release)
    {
        return None;
    }
    let next = page.lines[i + 1..]
        .iter()
        .map(|(_, l)| l.as_str())
        .find(|l| !l.trim().is_empty())?;
    let nested = next.len() - next.trim_start().len() >= 2
        && (next.trim_start().starts_with("- ") || next.trim_start().starts_with("* "));
    nested.then(|| stated::with_lowercase_v(release.to_string()))
}

/// "- 20250607: Added `USE_SOCAT` … + added CUDA 12.9 build"
/// (ComfyUI-Nvidia-Docker's changelog): an item at the margin opening
/// with a release (a date, or a version of three numbers or written with
/// its `v`) and a colon, then what it changed. The release and that text.
fn keyed_entry(line: &str) -> Option<(String, String)> {
    let rest = line
        .strip_prefix("- ")
        .or_else(|| line.strip_prefix("* "))?;
    // "- [2022-02-16] 更新 `php扩展`" (AdamTyn's README): a date in
    // brackets, the change after it.
    let bracketed = rest
        .strip_prefix('[')
        .and_then(|r| r.split_once(']'))
        .filter(|(key, text)| crate::dates::is_date_alone(key) && text.starts_with(' '));
    let (key, text) = bracketed
        .or_else(|| rest.split_once(": "))
        .or_else(|| rest.split_once('：'))?;
    let key = key.trim().trim_matches(['*', '`']);
    let text = text.trim();
    if key.contains(char::is_whitespace) || text.is_empty() {
        return None;
    }
    let dated = crate::dates::is_date_alone(key) || crate::dates::is_date_number(key);
    // ("- 3.10: the default": a version of two numbers in a list may be
    // anything's.)
    let versioned = key
        .trim_start_matches(['v', 'V'])
        .starts_with(|c: char| c.is_ascii_digit())
        && (key.matches('.').count() >= 2 || key.starts_with(['v', 'V']))
        && names_release(key)
        && model::is_release_version(key);
    (dated || versioned).then(|| (stated::with_lowercase_v(key.to_string()), text.to_string()))
}

/// "2026-04-30 version 2026b", "version 2026c, in progress" (gretl's
/// ChangeLog): a line of a date (or none), the word for a version and the
/// release, maybe a note that it is not released yet.
fn dated_version_line(line: &str) -> Option<String> {
    let t = line.trim();
    let (head, note) = t.split_once(',').unwrap_or((t, ""));
    if !note.trim().is_empty() && !is_unreleased_word(note) {
        return None;
    }
    let tokens: Vec<&str> = head.split_whitespace().collect();
    let (word, version) = match tokens.as_slice() {
        [date, word, version] if crate::dates::date(date).is_some() => (*word, *version),
        [word, version] => (*word, *version),
        _ => return None,
    };
    // ("2026b": a year and a letter, gretl's releases.)
    let year_lettered = version.bytes().take_while(u8::is_ascii_digit).count() == 4;
    (crate::words::is_version_label(word)
        && version.starts_with(|c: char| c.is_ascii_digit())
        && (names_release(version) || year_lettered)
        && model::is_release_version(version))
    .then(|| version.to_string())
}

/// A line that is a release's label and nothing else: one token holding a
/// digit, ending in a colon (`20250715_aiter:`).
fn label(line: &str) -> Option<String> {
    let t = line.trim();
    let token = t.strip_suffix(':').or_else(|| t.strip_suffix('：'))?;
    // "Version 1.11:" at a line's start (Open JTalk's NEWS): the word for
    // a version, then the release.
    if let Some((word, version)) = token.split_once(' ')
        && line.starts_with(word)
        && crate::words::is_version_label(word)
        && version.starts_with(|c: char| c.is_ascii_digit())
        && names_release(version)
        && model::is_release_version(version)
    {
        return Some(version.to_string());
    }
    (!token.contains(char::is_whitespace)
        && token.chars().any(|c| c.is_ascii_digit())
        && token
            .chars()
            .any(|c| c.is_ascii_alphabetic() || c == '_' || c == '-')
        && model::is_release_version(token))
    .then(|| token.to_string())
}

/// "Current (7.13.0)" (TestNG's CHANGES.txt): a word saying the release is
/// not made yet, the release in parentheses; a release's version alone as
/// the others of its page are.
fn unreleased_alone(line: &str) -> Option<String> {
    let (word, version) = line.trim().strip_suffix(')')?.split_once(" (")?;
    (is_unreleased_word(word) && names_release(version) && model::is_release_version(version))
        .then(|| version.to_string())
}

/// The version a line of a release's own shape names: one token a
/// release's version (after a `v`), the line short, at the margin and no
/// sentence. The line's shape: its other tokens, digits in them as one; a
/// date in parentheses or brackets at its end is none of it ("v5.1.0 (May
/// 2026)", "v2.9 (1st of February 2012)" and "v2.10" in Dradis'
/// CHANGELOG are one shape).
fn release_line_shape(line: &str) -> Option<(String, String)> {
    if line.starts_with(char::is_whitespace) {
        return None;
    }
    let t = line.trim();
    let t = match t
        .strip_suffix(')')
        .and_then(|head| head.rsplit_once('('))
        .or_else(|| t.strip_suffix(']').and_then(|head| head.rsplit_once('[')))
    {
        Some((head, inner)) if !head.trim().is_empty() && is_date_note(inner) => head.trim_end(),
        _ => t,
    };
    // "v2.1.1 Jul 28 2024", "v2.0.12 - 11 Aug 2023" (jwx's Changes): a
    // date after the release, in whatever form, is none of it either.
    // (A release line is short: a longer line is no release's, and its
    // tails are not tried one by one.)
    let tokens: Vec<&str> = t.split_whitespace().take(17).collect();
    if tokens.len() > 16 {
        return None;
    }
    let dated_from = (1..tokens.len()).find(|&k| {
        let rest = tokens[k..].join(" ");
        let rest = rest.trim_start_matches(['-', '–', '—']).trim();
        !rest.is_empty() && is_date_note(rest)
    });
    let undated: String;
    let t = match dated_from {
        // ("Version 0.18.2, 2024-08-16": the comma before the date is
        // neither's.)
        Some(k) => {
            undated = tokens[..k].join(" ").trim_end_matches(',').to_string();
            undated.as_str()
        }
        None => t,
    };
    // Rules around it ("==== Release Notes: v0.104 ====") are no words.
    let words = t.trim_matches(|c: char| matches!(c, '=' | '-' | '~' | '*' | '#' | ' '));
    if words.is_empty()
        || words.chars().count() > 80
        || words.ends_with(['.', '。', ',', ';', '，'])
    {
        return None;
    }
    let mut version = None;
    let mut shape = Vec::new();
    for token in t.split_whitespace() {
        let bare = token.trim_matches(|c: char| {
            matches!(
                c,
                '(' | ')' | '[' | ']' | ':' | '：' | ',' | '*' | '`' | '"' | '\'' | '=' | '#' | '~'
            )
        });
        let unprefixed = bare.trim_start_matches(['v', 'V']);
        // "Sigil-2.8.0" beside "Sigil 0.9.2" (Sigil's ChangeLog): a
        // product's name glued by a dash to its release is one shape with
        // the two apart.
        // (Most words of a line hold no digit: neither a release nor a date.)
        if !bare.bytes().any(|b| b.is_ascii_digit()) {
            shape.push(token.to_string());
            continue;
        }
        let glued = after_product(bare);
        if glued != bare && crate::dates::date(bare).is_none() {
            if version.is_some() {
                return None;
            }
            version = Some(glued.to_string());
            let name = &bare[..bare.len() - glued.len() - 1];
            shape.push(token.replace(bare, &format!("{name} \u{0}")));
        } else if unprefixed.starts_with(|c: char| c.is_ascii_digit())
            && crate::dates::date(bare).is_none()
            && names_release(bare)
            && model::is_release_version(bare)
        {
            if version.is_some() {
                return None;
            }
            version = Some(stated::with_lowercase_v(bare.to_string()));
            shape.push(token.replace(bare, "\u{0}"));
        } else if crate::dates::date(bare).is_some() {
            // "03-DEC-2024: 25.0.2", "30-NOV-2024: 25.0.1": one shape
            // whatever the month's name.
            shape.push(token.replace(bare, "\u{1}"));
        } else {
            let mut shaped = String::new();
            for c in token.chars() {
                if !(c.is_ascii_digit() && shaped.ends_with('9')) {
                    shaped.push(if c.is_ascii_digit() { '9' } else { c });
                }
            }
            shape.push(shaped);
        }
    }
    // "*2019-11-28*" alone over each image's list (Emlid's changelogs): a
    // day written as the release is named names it.
    let version = version.or_else(|| {
        let day = words.trim_end_matches([':', '：', '*', '_']);
        (crate::dates::date(day).as_deref() == Some(day)).then(|| day.to_string())
    });
    // ("*2018-05-25:*" beside "*2019-02-27*": a colon after the release is
    // punctuation, written or not.)
    let shape = shape.join(" ").replace(":*", "*").replace(":_", "_");
    Some((shape.trim_end_matches(':').to_string(), version?))
}

/// A date as a note after a release: one the page's date forms read, or a
/// few words around a year ("1st of February 2012", "May 2026").
fn is_date_note(inner: &str) -> bool {
    let inner = inner.trim();
    let tokens: Vec<&str> = inner.split_whitespace().collect();
    let year = |t: &&str| t.len() == 4 && t.parse::<u32>().is_ok_and(|y| (1990..2100).contains(&y));
    crate::dates::is_date_alone(inner)
        || (tokens.len() <= 5
            && tokens.last().is_some_and(year)
            && tokens
                .iter()
                .filter(|t| t.chars().any(|c| c.is_ascii_digit()))
                .count()
                <= 2)
}

/// Lines naming each release by the one before it, the same product's
/// words on each, each release the one the next line went from ("*
/// changes v6.2.5 -> v6.2.6" over "* changes v6.2.4 -> v6.2.5" in
/// hashcat's changes.txt), three or more: they open releases whatever
/// headings the page has ("## Algorithms" heads parts of each). Lines
/// bumping components name another product on each line, or do not
/// chain.
fn chained_release_lines(page: &Page) -> HashMap<usize, (String, String)> {
    let mut by_product: HashMap<String, Vec<(usize, String, String)>> = HashMap::new();
    let mut in_code = false;
    for (i, (n, line)) in page.lines.iter().enumerate() {
        if line.trim().starts_with("```") {
            in_code = !in_code;
        }
        if in_code || page.headings.contains(n) || line.starts_with(char::is_whitespace) {
            continue;
        }
        let item = line
            .strip_prefix("- ")
            .or_else(|| line.strip_prefix("* "))
            .unwrap_or(line);
        let Some((product, from, release)) = after_previous(item) else {
            continue;
        };
        // ("Update flutter_litert 2.0.10 -> 2.0.11" under each of
        // face_detection_tflite's releases: a component's bump, its verb
        // first.)
        let bumps = product.split_whitespace().next().is_some_and(|first| {
            words::each().any(|l| {
                l.claims
                    .verb_first
                    .iter()
                    .any(|v| v.trim().eq_ignore_ascii_case(first))
            })
        });
        if bumps {
            continue;
        }
        by_product
            .entry(product.to_lowercase())
            .or_default()
            .push((i, from, release));
    }
    let mut best: Vec<(usize, String, String)> = Vec::new();
    for (product, group) in by_product {
        let chained = group
            .windows(2)
            .filter(|w| w[0].1 == w[1].2 || w[0].2 == w[1].1)
            .count();
        let larger = group.len() > best.len();
        if group.len() >= 3 && chained * 10 >= (group.len() - 1) * 8 && larger {
            best = group
                .into_iter()
                .map(|(i, _, to)| (i, product.clone(), to))
                .collect();
        }
    }
    best.into_iter()
        .map(|(i, product, to)| (i, (product, to)))
        .collect()
}

/// Lines of a page without headings that share one shape, three or more,
/// each naming another release, none next to another, their releases in
/// order (newest first or oldest first): each opens a release ("v0.32.0
/// (2025-08-21)", "v0.32.0-rc2 (2025-08-12)" … in lc0's changelog.txt).
/// Lines stating components ("Bump foo to 1.2") name no release in order.
fn shaped_release_lines(page: &Page, every: bool) -> HashMap<usize, String> {
    let mut by_shape: HashMap<String, Vec<(usize, String)>> = HashMap::new();
    let mut in_code = false;
    for (i, (_, line)) in page.lines.iter().enumerate() {
        if line.trim().starts_with("```") {
            in_code = !in_code;
        }
        if in_code {
            continue;
        }
        if let Some((shape, version)) = release_line_shape(line) {
            by_shape.entry(shape).or_default().push((i, version));
        }
    }
    // The largest of the shapes that qualify: one shape heads a page's
    // releases.
    let mut best: Vec<(usize, String)> = Vec::new();
    for group in by_shape.into_values() {
        let versions: HashSet<&str> = group.iter().map(|(_, v)| v.as_str()).collect();
        let apart = group.windows(2).all(|w| w[0].0 + 1 < w[1].0);
        let orders: Vec<std::cmp::Ordering> = group
            .windows(2)
            .map(|w| model::release_order(&w[0].1, &w[1].1))
            .collect();
        let newest_first = orders.iter().filter(|o| o.is_gt()).count();
        let oldest_first = orders.iter().filter(|o| o.is_lt()).count();
        // One release out of place in ten (a hotfix listed late) keeps
        // the order.
        let in_order = newest_first.max(oldest_first) * 10 >= orders.len() * 9;
        let larger = (group.len(), std::cmp::Reverse(group[0].0))
            > (
                best.len(),
                std::cmp::Reverse(best.first().map_or(0, |(i, _)| *i)),
            );
        // (Days as releases open a changelog page, Emlid's; days later
        // in a page on one release are its news, MiniMind's 更新日志,
        // unless the user asks for every release the page holds: nlzy's
        // NEWS, each day an image rebuilt on new versions.)
        let opens_page = every
            || crate::dates::date(&group[0].1).is_none()
            || page.lines[..group[0].0]
                .iter()
                .filter(|(n, l)| !l.trim().is_empty() && !page.headings.contains(n))
                .count()
                <= 8;
        if group.len() >= 3
            && versions.len() == group.len()
            && apart
            && in_order
            && larger
            && opens_page
        {
            best = group;
        }
    }
    best.into_iter().collect()
}

/// The releases of a page that holds several, newest first as the page
/// lists them; `None` for a page of one release. Each release keeps the
/// page's own heading; the page's introduction stays with the first (the
/// release the page was last written for), and the page's cut with the
/// last.
pub(crate) fn releases(page: &Page, headings: &Headings, every: bool) -> Option<Vec<Release>> {
    if crate::lines::is_dockerfile(page.lines.iter().map(|(_, l)| l.as_str())) {
        return None;
    }
    // (A page titled "Changes" over "v2.1.1 Jul 28 2024" lines, jwx's
    // Changes file: headings that name no release leave its lines to say
    // where releases start.)
    let marked_any = !page.headings.is_empty();
    let marked_release = page
        .lines
        .iter()
        .any(|(n, line)| page.headings.contains(n) && line.bytes().any(|b| b.is_ascii_digit()));
    // (Under headings of no release, only lines the release opens:
    // "New version: devel/ollama version 0.32.14" in a feed titled
    // "Sherlock software updates" names a component's.)
    let shaped_lines = || {
        let mut shaped = shaped_release_lines(page, every);
        if marked_any {
            // ("Version 0.18.2, 2024-08-16" under "## Recent Changes":
            // opened by a word naming a version.)
            shaped.retain(|i, version| {
                let mut words = page.lines[*i].1.split_whitespace();
                let first = words.next();
                // ("**1.83**" alone under "Changes", keyhac's changes.txt:
                // emphasis around the release is none of it.)
                let opens = |w: Option<&str>| {
                    w.is_some_and(|w| {
                        let w = w.trim_matches(['*', '_', '`']).trim_end_matches([',', ':']);
                        stated::with_lowercase_v(w.to_string()) == *version
                    })
                };
                // ("Release:     3.8.3 (February 2026)", Vortice.Windows'.)
                let labels = |w: &str| {
                    let w = w.trim_end_matches([':', '：']).to_lowercase();
                    words::each().any(|l| {
                        l.components.version_words.contains(&w)
                            || l.version.before_number.contains(&w)
                    })
                };
                opens(first) || (first.is_some_and(labels) && opens(words.next()))
            });
        }
        shaped
    };
    let shaped = if marked_release {
        HashMap::new()
    } else {
        shaped_lines()
    };
    let mut in_code = false;
    let product = dated_product(page, headings);
    let chained = chained_release_lines(page);
    let mut starts: Vec<(usize, Start, String)> = Vec::new();
    let mut tagged: Vec<(usize, Start, String)> = Vec::new();
    // Headings of one number (`### v95`), releases only beside releases of
    // their series headed alike (`### v95.2`, `### v95.1`).
    let mut wholes: Vec<(usize, usize, String)> = Vec::new();
    // Parts headed "Changes since <release>": the line, the heading's
    // level, the release it names and the one `of_title` reads.
    let mut since: Vec<(usize, usize, String, Option<String>)> = Vec::new();
    // Headings a document's numbering could make ("## 2.1.0 Rayleigh"):
    // releases only beside releases headed at their level.
    let mut numbered: Vec<(usize, usize, String)> = Vec::new();
    // "### 01/06/2025" beside "### 25/02/2026": the order the page's
    // other headed dates show.
    let day_first = crate::dates::day_first(
        page.lines
            .iter()
            .filter(|(n, _)| page.headings.contains(n))
            .map(|(_, line)| line.as_str()),
    );
    for (i, (n, line)) in page.lines.iter().enumerate() {
        if line.trim().starts_with("```") {
            in_code = !in_code;
        }
        if in_code {
            continue;
        }
        if page.headings.contains(n) {
            if let Some(h) = heading(line.trim(), true, headings)
                && h.known.is_none()
            {
                let of_product = dated_word_release(&h.title)
                    .filter(|(word, _)| product.as_ref() == Some(word))
                    .map(|(_, release)| release);
                if let Some(before) = since_release(&h.title) {
                    since.push((i, h.level, before, of_title(&h.title)));
                } else if let Some(v) = of_product
                    .or_else(|| of_title(&h.title))
                    .or_else(|| day_first.and_then(|d| crate::dates::year_last_alone(&h.title, d)))
                {
                    // "### Fixed Bugs in v2.6.1" after "### Release v2.6"
                    // (LuxCore's release notes): a part of the release, the
                    // fixes of its point release.
                    let part_of_earlier = part_named_for(&h.title, headings)
                        && starts.iter().any(|(_, _, earlier)| {
                            earlier != &v && crate::stated::in_series(&v, earlier)
                        });
                    if !part_of_earlier {
                        starts.push((i, Start::Heading(h.level), v));
                    }
                } else if is_whole_release(&h.title) {
                    wholes.push((i, h.level, h.title.trim().to_string()));
                } else if let Some(first) = h.title.split_whitespace().next()
                    && is_numbered(&h.title)
                    // ("### 2.1 Add libraries for interactive use": a
                    // document's part, as numbers of two parts often are.)
                    && first.matches('.').count() >= 2
                    && names_release(first)
                    && model::is_release_version(first)
                {
                    numbered.push((i, h.level, first.to_string()));
                }
            }
            continue;
        }
        if let Some((name, v)) = chained.get(&i) {
            starts.push((i, Start::Named(name.clone()), v.clone()));
            continue;
        }
        let t = line.trim();
        // "2025-4-1:" is a date as "2024-8-22" is, colon or none;
        // "2026.08.02" alone (DOSBox-X's CHANGELOG) is a release named
        // with dots, as the page writes it (as in a heading).
        let dotted = t.contains('.')
            && t.split('.')
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        let date = crate::dates::date(t).filter(|_| crate::dates::is_date_alone(t) && !dotted);
        if let Some(v) = tag_over_stack(page, i) {
            tagged.push((i, Start::Label, v));
        } else if let Some(v) = dated_item(line)
            .or_else(|| dated_version_line(line))
            .or_else(|| item_over_changes(page, i))
        {
            starts.push((i, Start::Item, v));
        } else if let Some((v, _)) = keyed_entry(line) {
            starts.push((i, Start::Entry, v));
        } else if let Some(v) = label(line).filter(|_| date.is_none()) {
            starts.push((i, Start::Label, v));
        } else if let Some(v) = bold_release(t) {
            starts.push((i, Start::Label, v));
        } else if !marked_any {
            if let Some(date) = date {
                starts.push((i, Start::Date, date));
            } else if let Some(v) = unreleased_alone(t) {
                starts.push((i, Start::Alone, v));
            } else if let Some((name, _, v)) = after_previous(t) {
                let start = if name.is_empty() {
                    Start::Alone
                } else {
                    Start::Named(name)
                };
                starts.push((i, start, v));
            } else if let Some((name, v)) = named(t) {
                starts.push((i, Start::Named(name), v));
            } else if !t.contains(char::is_whitespace)
                && names_release(t.trim_end_matches([':', '：']))
                && model::is_release_version(t.trim_end_matches([':', '：']))
            {
                // ("6.9.11:" beside "6.10" in TestNG's CHANGES.txt.)
                let v = t.trim_end_matches([':', '：']);
                starts.push((i, Start::Alone, stated::with_lowercase_v(v.to_string())));
            }
        }
    }
    keep_history_headings(page, headings, &mut starts);
    // (Two tags over their stacks or more: a page of images.)
    if tagged.len() >= 2 {
        starts.extend(tagged);
        starts.sort_by_key(|(i, _, _)| *i);
    }
    // "Nov 15:" over its changes under "## November 2024" (TTS Generation
    // WebUI's changelog): days' entries under headings of months are the
    // releases, each named by its day and the heading's year, when every
    // release heading is a month's.
    let days = days_under_months(page, headings);
    let months_only = starts.iter().all(|(i, s, v)| {
        !matches!(s, Start::Heading(_))
            || heading(page.lines[*i].1.trim(), true, headings)
                .and_then(|h| crate::dates::month_alone(&h.title))
                .as_ref()
                == Some(v)
    });
    if days.len() >= 3 && months_only {
        starts.retain(|(_, s, _)| !matches!(s, Start::Heading(_)));
        starts.extend(days.into_iter().map(|(i, date)| (i, Start::Date, date)));
        starts.sort_by_key(|(i, _, _)| *i);
    }
    // Entries are a page's releases only where they are its last part: a
    // heading after them ("- ***2024-08-23***: … v2.0.0" in a README's
    // news, then its install guide) makes them a list of news.
    if let Some(first_entry) = starts
        .iter()
        .find(|(_, s, _)| *s == Start::Entry)
        .map(|(i, _, _)| *i)
        && page.lines[first_entry..]
            .iter()
            .any(|(n, _)| page.headings.contains(n))
        && !introduces_history(first_entry.checked_sub(1).map(|i| page.lines[i].1.as_str()))
    {
        starts.retain(|(_, s, _)| *s != Start::Entry);
    }
    // Lines of a repeated shape open releases where no line a reader
    // knows does, or where those are few beside them ("Hydrogen v1.5.0+"
    // in four of LBANN's twenty "==== Release Notes: v0.104 ===="). Beside
    // as many releases, they are the releases' own lines ("Update to use
    // HailoRT 4.13.0" under "v2.7").
    let known = choose(&starts).map_or(0, |chosen| {
        starts
            .iter()
            .filter(|(_, s, _)| *s == chosen)
            .map(|(_, _, v)| v)
            .collect::<HashSet<_>>()
            .len()
    });
    // (Headings of a number that name no release, "ARM64 (Apple M-series)"
    // in a README, leave its lines to say where releases start.)
    let shaped = if marked_release && known == 0 {
        shaped_lines()
    } else {
        shaped
    };
    // ("Release:     2.4.2  (March 2023)" set as a heading by the rule
    // under it, the newer "Release:     3.8.3 (February 2026)" not:
    // Vortice.Windows' changelog. Lines opening with the word every
    // release heading opens with are releases beside them.)
    let first_word = |i: usize| {
        page.lines[i]
            .1
            .trim()
            .trim_start_matches('#')
            .split_whitespace()
            .next()
            .map(str::to_lowercase)
    };
    let beside_headings = || {
        let word = first_word(starts.first()?.0)?;
        if word.starts_with(|c: char| c.is_ascii_digit())
            || !starts
                .iter()
                .all(|(i, _, _)| first_word(*i).as_ref() == Some(&word))
        {
            return None;
        }
        let lines = shaped_lines();
        let alike =
            lines.len() >= 2 && lines.keys().all(|i| first_word(*i).as_ref() == Some(&word));
        alike.then(|| {
            let mut all = lines;
            all.extend(starts.iter().map(|(i, _, v)| (*i, v.clone())));
            all
        })
    };
    let beside = (marked_release && known > 0)
        .then(beside_headings)
        .flatten();
    let joined = beside.is_some();
    let shaped = beside.unwrap_or(shaped);
    if shaped.len() > 2 * known || joined {
        starts = shaped
            .into_iter()
            .map(|(i, v)| (i, Start::Shaped, v))
            .collect();
        starts.sort_by_key(|(i, _, _)| *i);
    }
    // "6.11" or "6.9.13.5 (Bad release)" over "2017/02/27" (TestNG's
    // CHANGES.txt): a date on the line under a release's version, alone or
    // with words of no number, is its date, no release of its own. (A
    // table cell "2.28.3-1 (for CUDA 13)" over a date is none.)
    let opens_with_release = |i: usize| {
        let line = page.lines[i].1.trim();
        let (first, rest) = line.split_once(' ').unwrap_or((line, ""));
        let first = first.trim_end_matches([':', '：']);
        names_release(first)
            && model::is_release_version(first)
            && !rest.contains(|c: char| c.is_ascii_digit() || c == '\t')
            && line.chars().count() <= 60
    };
    starts.retain(|(i, s, _)| !(*s == Start::Date && *i > 0 && opens_with_release(i - 1)));
    since_parts(&mut starts, since);
    // Lines of one word naming a library and its version, several names
    // ("jakarta.activation-api-1.2.2", "reflections-0.10.2": a LICENSE's
    // bundled jars), list files, no releases of one product.
    let glued_names: BTreeSet<&str> = starts
        .iter()
        .filter(|(_, s, _)| matches!(s, Start::Alone))
        .filter_map(|(_, _, v)| crate::tags::dashed(v).map(|(name, _)| name))
        .collect();
    if glued_names.len() >= 2 {
        starts.retain(|(_, s, v)| !(matches!(s, Start::Alone) && crate::tags::dashed(v).is_some()));
    }
    let series_of = |level: usize, whole: &str| {
        starts.iter().any(|(_, s, v)| {
            matches!(s, Start::Heading(l) if *l == level)
                && v != whole
                && stated::in_series(v, whole)
        })
    };
    let beside: Vec<(usize, Start, String)> = wholes
        .into_iter()
        .filter(|(_, level, whole)| series_of(*level, whole))
        .map(|(i, level, whole)| (i, Start::Heading(level), whole))
        .collect();
    if !beside.is_empty() {
        starts.extend(beside);
        starts.sort_by_key(|(i, _, _)| *i);
    }
    // "## 2.2.6 Oden - Hotfix 5", "## 2.1.0 Rayleigh" beside "## 1.10.3"
    // (Heroic's changelog): a release and its codename at the level of
    // two releases or more.
    let headed_at = |level: usize| {
        starts
            .iter()
            .filter(|(_, s, _)| *s == Start::Heading(level))
            .count()
    };
    let codenamed: Vec<(usize, Start, String)> = numbered
        .into_iter()
        .filter(|(_, level, _)| headed_at(*level) >= 2)
        .map(|(i, level, version)| (i, Start::Heading(level), stated::with_lowercase_v(version)))
        .collect();
    if !codenamed.is_empty() {
        starts.extend(codenamed);
        starts.sort_by_key(|(i, _, _)| *i);
    }
    // Three starts or more on lines next to each other are a menu of the
    // releases (a copied page's sidebar), not their parts (two may be a
    // release with nothing under it). Headings are no menu: a changelog
    // keeps the releases it has no notes for as bare headings ("## v5.6.1 -
    // 2026-04-24" under a release with notes), and an entry (or a dated
    // item) says its changes on its own line.
    let mut adjacent = vec![false; starts.len()];
    let mut run_start = 0;
    for k in 1..=starts.len() {
        let joined = k < starts.len() && starts[k - 1].0 + 1 == starts[k].0;
        if !joined {
            // (Most of them saying something is enough: " - 2026-01-08
            // v1.43.0:" with its changes nested under it, among dated items
            // saying theirs on their own lines.)
            let speaking = starts[run_start..k]
                .iter()
                .filter(|(i, s, _)| {
                    matches!(s, Start::Heading(_) | Start::Entry)
                        || (*s == Start::Item && item_change(&page.lines[*i].1).is_some())
                })
                .count();
            let headed = speaking == k - run_start
                || starts[run_start..k]
                    .iter()
                    .all(|(_, s, _)| *s == Start::Item)
                    && speaking * 2 > k - run_start;
            if k - run_start >= 3 && !headed {
                adjacent[run_start..k].iter_mut().for_each(|a| *a = true);
            }
            run_start = k;
        }
    }
    let starts: Vec<(usize, Start, String)> = starts
        .into_iter()
        .zip(adjacent)
        .filter(|(_, adjacent)| !adjacent)
        .map(|(s, _)| s)
        .collect();
    if parts_of_components(page, &starts) {
        return None;
    }
    let mut starts = starts;
    drop_component_parts(page, &mut starts);
    // A heading inside a release's part names no release of its own
    // ("### TLS 1.3 Minimum Version", "### Changes since v1.14.0-beta.0"
    // under "## Talos 1.14.0-beta.1"), unless one of its series ("### 3.9.1"
    // under "# Release notes 3.9").
    // A heading's words around its version ("9.1.8 [logstash-9.1.8-notes]"
    // → "_ [logstash-_-notes]"): two releases' headings share them, at
    // whatever level a page's author wrote one of them.
    let shape = |i: usize, version: &str| {
        let shaped = page.lines[i]
            .1
            .trim()
            .trim_start_matches('#')
            .trim()
            .replace(version, "\u{0}");
        // "1.7.7(Apr 11, 2024)" and "1.6.0(Apr 24, 2023)": the release's
        // date after it is no part of the shape.
        match shaped.split_once('\u{0}') {
            Some((lead, tail))
                if crate::dates::is_date_alone(
                    tail.trim_matches(|c: char| matches!(c, '(' | ')' | ' ' | '-' | '–')),
                ) =>
            {
                format!("{lead}\u{0}\u{1}")
            }
            _ => shaped,
        }
    };
    // Dated headings of one shape ("### Stack update `v2026-06-30`"), two
    // or more: releases, under whatever title names the page's product.
    // Their words before the date: a note after it ("(released
    // 2026-04-27)") varies.
    let lead = |i: usize| {
        let title = page.lines[i].1.trim().trim_start_matches('#').trim();
        let end = title
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(title.len());
        title[..end].to_string()
    };
    let dated_lead_count = |i: usize| {
        starts
            .iter()
            .filter(|(j, s, v)| {
                matches!(s, Start::Heading(_)) && is_iso_date(v) && lead(*j) == lead(i)
            })
            .count()
    };
    // For each line, the last heading before it at each level or above
    // (index = level): a part's end, found once for every start.
    let mut last_heading_at_or_above: Vec<[Option<usize>; PLAIN_LEVEL + 1]> =
        Vec::with_capacity(page.lines.len());
    let mut last = [None; PLAIN_LEVEL + 1];
    for (i, (n, line)) in page.lines.iter().enumerate() {
        last_heading_at_or_above.push(last);
        if page.headings.contains(n)
            && let Some(h) = heading(line.trim(), true, headings)
        {
            for slot in last.iter_mut().skip(h.level.min(PLAIN_LEVEL)) {
                *slot = Some(i);
            }
        }
    }
    let mut starts: Vec<(usize, Start, String)> = starts
        .iter()
        .enumerate()
        .filter(|(k, (i, start, version))| {
            let Start::Heading(level) = start else {
                return true;
            };
            // The nearest heading above it, unless a heading as high ends
            // its part first ("## GiNZA v5.1 互換性情報", then "## ライセンス",
            // then the release history's "#### ginza-5.2.0").
            let closed = |outer_at: usize, outer_level: usize| {
                last_heading_at_or_above[*i]
                    .get(outer_level)
                    .copied()
                    .flatten()
                    .is_some_and(|at| at > outer_at)
            };
            let outer = starts[..*k]
                .iter()
                .rev()
                .find(|(_, outer, _)| matches!(outer, Start::Heading(l) if l < level))
                .filter(|(outer_at, outer, _)| {
                    !matches!(outer, Start::Heading(l) if closed(*outer_at, *l))
                });
            // "# Release Notes for 2023.10.01" over "## 2023.10.01" and
            // "## 2023.10.00": a title naming the newest of the releases
            // headed under it.
            let headed_under = |outer_version: &String| {
                starts[k + 1..]
                    .iter()
                    .chain(&starts[..*k])
                    .any(|(_, s, v)| {
                        matches!(s, Start::Heading(l) if l == level) && v == outer_version
                    })
            };
            // "## KubeEdge v1.15.4 Release Notes" under "# v1.15.4": the
            // release's own part, no release again.
            // (Unless the outer one titles releases headed under it: "#
            // Release Notes for 2023.10.01" over "## 2023.10.01".)
            let among_releases = |outer_at: usize, outer_level: usize| {
                starts.iter().any(|(j, s, _)| {
                    *j != outer_at && matches!(s, Start::Heading(l) if *l == outer_level)
                })
            };
            outer.is_none_or(|(outer_at, outer_start, outer_version)| {
                let outer_level = match outer_start {
                    Start::Heading(l) => *l,
                    _ => 0,
                };
                let again = version == outer_version && among_releases(*outer_at, outer_level);
                // "## [1.2.2] - 2022-12-29" under "# [1.3.0](…) (2023-01-31)"
                // (axios' changelog, whose minor releases are headed a level
                // higher): an older release, headed as others of its level
                // and shape are, newest first, is one of them. ("### 1.1
                // 框架版本", "### 1.2 兼容性修复" are a page's sections.)
                let older_peer = || {
                    let peer = |j: usize| {
                        let (at, s, v) = &starts[j];
                        j != *k
                            && matches!(s, Start::Heading(l) if l == level)
                            && shape(*at, v) == shape(*i, version)
                    };
                    let order = |v: &str| model::release_order(version, v);
                    let newest_first = match (*k + 1..starts.len()).find(|&j| peer(j)) {
                        Some(next) => order(&starts[next].2).is_gt(),
                        None => (0..*k)
                            .rev()
                            .find(|&j| peer(j))
                            .is_some_and(|previous| order(&starts[previous].2).is_lt()),
                    };
                    order(outer_version).is_lt() && newest_first
                };
                (!again && crate::stated::in_series(version, outer_version))
                    || shape(*i, version) == shape(*outer_at, outer_version)
                    || older_peer()
                    || (is_iso_date(version) && dated_lead_count(*i) >= 2)
                    || headed_under(outer_version)
            })
        })
        .map(|(_, s)| s.clone())
        .collect();
    // "**New Gateway (v2.5)**" and "**Legacy Gateway (v2.2)**" in the part
    // of "# Hummingbot v2.5.0 Release Notes": lines in bold inside a
    // release's part are parts of it, unless releases of its series
    // ("**3.9.1 / 2025-01-02**" under "# Release notes 3.9").
    let headed: Vec<(usize, usize, String)> = starts
        .iter()
        .filter_map(|(i, s, v)| match s {
            Start::Heading(level) => Some((*i, *level, v.clone())),
            _ => None,
        })
        .collect();
    starts.retain(|(i, s, v)| {
        if *s != Start::Label {
            return true;
        }
        let Some((at, level, outer)) = headed.iter().rev().find(|(at, _, _)| at < i) else {
            return true;
        };
        let inside = last_heading_at_or_above[*i].get(*level).copied().flatten() == Some(*at);
        !inside || (v != outer && crate::stated::in_series(v, outer))
    });
    // A release headed twice, once as a pre-release of it ("0.9.3" and
    // "0.9.3 Snapshot 5"): the pre-release named by its words.
    let mut seen: HashMap<String, usize> = HashMap::new();
    for (_, _, v) in &starts {
        *seen.entry(v.clone()).or_default() += 1;
    }
    for (i, _, v) in starts.iter_mut() {
        if seen.get(v.as_str()).is_some_and(|n| *n >= 2)
            && let Some(pre) = crate::stated::pre_release(&page.lines[*i].1, v)
        {
            *v = pre;
        }
    }
    let chosen = choose(&starts)?;
    let chosen_shapes: HashSet<String> = starts
        .iter()
        .filter(|(_, s, _)| *s == chosen)
        .map(|(i, _, v)| shape(*i, v))
        .collect();
    // A series' heading over its releases ("## Version 0.38" over "###
    // Version 0.38.1") is none of them.
    let chosen_versions: Vec<String> = starts
        .iter()
        .filter(|(_, s, _)| *s == chosen)
        .map(|(_, _, v)| v.clone())
        .collect();
    let all_starts = starts.clone();
    starts.retain(|(i, s, v)| {
        *s == chosen
            || (matches!((s, &chosen), (Start::Heading(_), Start::Heading(_)))
                && chosen_shapes.contains(&shape(*i, v))
                && !chosen_versions
                    .iter()
                    .any(|c| c != v && crate::stated::in_series(c, v)))
    });
    // "## 0.12.0 Release Notes" above "## Past releases" over "### 0.11.1"
    // (Apache Iceberg's releases page): a heading of a release at another
    // level, whose part holds none of the others and lies in none of
    // theirs, is a release too.
    if let Start::Heading(chosen_level) = chosen {
        let inside = |inner: usize, outer: usize, outer_level: usize| {
            outer < inner
                && last_heading_at_or_above[inner]
                    .get(outer_level)
                    .copied()
                    .flatten()
                    == Some(outer)
        };
        let apart: Vec<(usize, Start, String)> = all_starts
            .iter()
            .filter(|(i, s, v)| {
                // Above the others' level: a deeper heading is a part's.
                let Start::Heading(level) = s else {
                    return false;
                };
                *level < chosen_level
                    && !starts.iter().any(|(j, t, w)| {
                        let Start::Heading(other_level) = t else {
                            return true;
                        };
                        j == i
                            || w == v
                            || crate::stated::in_series(w, v)
                            || inside(*j, *i, *level)
                            || inside(*i, *j, *other_level)
                    })
            })
            .cloned()
            .collect();
        if !apart.is_empty() && !starts.is_empty() {
            starts.extend(apart);
            starts.sort_by_key(|(i, _, _)| *i);
        }
    }
    drop_odd_twins(page, &mut starts);
    if name_distinct_components(page, &starts) {
        return None;
    }
    let first = starts[0].0;
    // The page's own heading, when it comes before the first release.
    let page_heading = page.lines[..first]
        .iter()
        .position(|(n, _)| page.headings.contains(n));
    // One heading with a version under a title naming a release of its
    // own ("# Upgrade iRedMail from 1.6.8 to 1.7.0" over "CentOS 7: please
    // stick to Roundcube 1.5.2"): the page is that release's.
    let titled =
        page_heading.and_then(|i| stated::in_title(page.lines[i].1.trim().trim_start_matches('#')));
    if starts.len() == 1 && titled.is_some_and(|v| v != starts[0].2) {
        return None;
    }
    // "## [Unreleased]" over the next release's changes: none of the first
    // release's.
    let unreleased_at = page.lines[..first]
        .iter()
        .position(|(n, l)| page.headings.contains(n) && names_unreleased(l))
        .unwrap_or(first);
    let releases = starts
        .iter()
        .enumerate()
        .map(|(k, (start, kind, version))| {
            let end = starts.get(k + 1).map_or(page.lines.len(), |s| s.0);
            let before = page.lines[..first]
                .iter()
                .enumerate()
                .filter(|(i, (n, _))| {
                    Some(*i) == page_heading
                        || (k == 0 && !page.headings.contains(n) && *i < unreleased_at)
                });
            // A dated item names its release and says nothing of it; an
            // entry says it after its release.
            let mut own = match kind {
                Start::Item => match item_change(&page.lines[*start].1) {
                    Some(change) => std::iter::once((page.lines[*start].0, change))
                        .chain(page.lines[*start + 1..end].iter().cloned())
                        .collect(),
                    None => page.lines[*start + 1..end].to_vec(),
                },
                _ => page.lines[*start..end].to_vec(),
            };
            if *kind == Start::Entry
                && let Some((_, text)) = keyed_entry(&own[0].1)
            {
                own[0].1 = format!("- {text}");
            }
            let own = own.as_slice();
            // A line naming the release under its dated heading is the
            // release's name, none of its contents.
            let (version, naming_line) = match labelled(own) {
                Some(v) => (v, None),
                None => match named_under_date(own, version) {
                    Some((v, n)) => (v, Some(n)),
                    None => (version.clone(), None),
                },
            };
            let lines: Vec<(usize, String)> = before
                .map(|(_, l)| l.clone())
                .chain(own.iter().filter(|(n, _)| Some(*n) != naming_line).cloned())
                .collect();
            let headings = lines
                .iter()
                .map(|(n, _)| *n)
                .filter(|n| page.headings.contains(n))
                .collect();
            Release {
                page: Page {
                    kind: page.kind,
                    lines,
                    headings,
                    cut: if end == page.lines.len() {
                        page.cut
                    } else {
                        None
                    },
                },
                version,
                keys: Vec::new(),
                start: Some(page.lines[*start].0),
                groups: states_a_component(&page.lines[*start].1),
            }
        })
        .flat_map(|release: Release| {
            // "MateriApps LIVE! Release 5.0/4.2": two releases of two
            // lines made at once, each with what the part says.
            let twin = release
                .start
                .and_then(|n| page.lines.iter().find(|(m, _)| *m == n))
                .and_then(|(_, heading)| twin_release(heading, &release.version));
            let copy = twin.map(|version| Release {
                page: release.page.clone(),
                version,
                keys: Vec::new(),
                start: release.start,
                groups: release.groups,
            });
            std::iter::once(release).chain(copy)
        })
        .collect();
    Some(merged_by_version(page, named_by_images(page, releases)))
}

/// "## python-grpc-base:1.0.0" beside "## python-mlops-base:1.0.0"
/// (albinoJimy's base images): one tag under headings of several images
/// names no one release; each release is its image's, named `image-tag`
/// as a record's name may hold no `:`.
fn named_by_images(page: &Page, mut releases: Vec<Release>) -> Vec<Release> {
    let image_of = |r: &Release| -> Option<String> {
        let n = r.start?;
        let (_, line) = page.lines.iter().find(|(m, _)| *m == n)?;
        let heading = line.trim().trim_start_matches('#').trim().trim_matches('`');
        let (repository, tag) = heading.rsplit_once(':')?;
        let name = repository.rsplit('/').next()?;
        let shaped = tag == r.version
            && !name.is_empty()
            && !heading.contains(char::is_whitespace)
            && crate::package_name::is_package_name(name);
        shaped.then(|| format!("{name}-{tag}"))
    };
    let mut count: HashMap<String, usize> = HashMap::new();
    for r in &releases {
        *count.entry(r.version.clone()).or_default() += 1;
    }
    let shared = count.values().any(|&n| n >= 2);
    // Every release of the page is then its image's, to be told apart
    // alike.
    let named: Vec<Option<String>> = releases.iter().map(image_of).collect();
    let distinct: HashSet<&String> = named.iter().flatten().collect();
    if shared && named.iter().all(Option::is_some) && distinct.len() == releases.len() {
        for (release, name) in releases.iter_mut().zip(named) {
            release.version = name.unwrap_or_default();
        }
    }
    releases
}

/// A release named by two headings written differently ("## 24.11.1 /
/// 2024-11-25 Release" and, inside a later release, "## New Features in
/// 24.11.1"): the one written as the page's other releases are is the
/// release; the other is a part of the release above it.
fn drop_odd_twins(page: &Page, starts: &mut Vec<(usize, Start, String)>) {
    let shape = |i: usize| -> String {
        let mut out = String::new();
        for c in page.lines[i].1.trim().chars() {
            if c.is_ascii_digit() || c == '.' {
                if !out.ends_with('#') {
                    out.push('#');
                }
            } else {
                out.push(c);
            }
        }
        out
    };
    let shapes: Vec<String> = starts.iter().map(|(i, _, _)| shape(*i)).collect();
    let mut count: HashMap<&str, usize> = HashMap::new();
    for shaped in &shapes {
        *count.entry(shaped.as_str()).or_default() += 1;
    }
    // Per version, how often the commonest of its headings' shapes stands.
    let mut commonest: HashMap<&str, usize> = HashMap::new();
    for ((_, _, version), shaped) in starts.iter().zip(&shapes) {
        let n = count[shaped.as_str()];
        let best = commonest.entry(version.as_str()).or_default();
        *best = (*best).max(n);
    }
    let odd: HashSet<usize> = starts
        .iter()
        .zip(&shapes)
        .filter(|((_, _, v), shaped)| count[shaped.as_str()] < commonest[v.as_str()])
        .map(|((i, _, _), _)| *i)
        .collect();
    if starts.len() > odd.len() {
        starts.retain(|(i, _, _)| !odd.contains(i));
    }
}

/// One release headed twice on a page (Loki's "### 3.4.5" under "Features"
/// and again under "Bug fixes"): one release, of both parts' lines in the
/// page's order.
fn merged_by_version(page: &Page, releases: Vec<Release>) -> Vec<Release> {
    // Headed alike, word for word: "Legacy `ubuntu-22.04-jdk-17`-like" is
    // another image than "`ubuntu-22.04-jdk-17`".
    let heading = |r: &Release| {
        r.start
            .and_then(|n| page.lines.iter().find(|(m, _)| *m == n))
            .map(|(_, l)| l.trim().trim_start_matches('#').trim().to_string())
    };
    let mut out: Vec<Release> = Vec::with_capacity(releases.len());
    for release in releases {
        // "## v1.5.1 [2022/08/20]" right over "## v1.5.1 [2022/08/19]"
        // (Hayabusa's changelog, a release made again), "## Highlights for
        // 2025-04-28" right over "## Details for 2025-04-28" (SD.Next's):
        // two headings of one release with no other between are one
        // release, however each is dated or worded.
        let again = out.last().is_some_and(|r| r.version == release.version);
        let earlier = if again {
            out.last_mut()
        } else {
            out.iter_mut()
                .find(|r| r.version == release.version && heading(r) == heading(&release))
        };
        let Some(earlier) = earlier else {
            out.push(release);
            continue;
        };
        let held: HashSet<usize> = earlier.page.lines.iter().map(|(n, _)| *n).collect();
        earlier.page.lines.extend(
            release
                .page
                .lines
                .into_iter()
                .filter(|(n, _)| !held.contains(n)),
        );
        earlier.page.lines.sort_by_key(|(n, _)| *n);
        earlier.page.headings.extend(release.page.headings);
        earlier.page.cut = earlier.page.cut.or(release.page.cut);
    }
    out
}

/// The release a heading names beside `version`, after a slash or `&`
/// ("Release 5.0/4.2", "Release 2.7 & 3.1"), numbered as it is.
fn twin_release(heading: &str, version: &str) -> Option<String> {
    let at = heading.find(version)? + version.len();
    let rest = ["/", " / ", " & ", "&", " and "]
        .iter()
        .find_map(|joint| heading[at..].strip_prefix(joint))?;
    let other: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let other = other.trim_end_matches('.');
    let shape = |v: &str| v.matches('.').count();
    // ("DeepStream 6.0.1 / 6.0": a release and the one it patched.)
    let patched = version
        .strip_prefix(other)
        .is_some_and(|r| r.starts_with('.'));
    (!other.is_empty()
        && other != version
        && (shape(other) == shape(version) || patched)
        && other.split('.').all(|n| !n.is_empty()))
    .then(|| other.to_string())
}

/// `2026-06-30`: a release named by its date, as a record names it.
fn is_iso_date(version: &str) -> bool {
    let b = version.as_bytes();
    b.len() == 10
        && b[4] == b'-'
        && b[7] == b'-'
        && b.iter()
            .enumerate()
            .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit())
}

/// The releases a component table's version columns name, one a column
/// (`Package\\PyTorch | 1.12.0 | 1.10.0`: the packages of each image), of
/// every table two heads of which or more are releases, each with the page
/// it reads: without the tables of such columns that do not name it (a
/// macOS stacks' table and a Linux one, "macOS - 2020.11" and "Linux -
/// 2020.11").
pub(crate) fn of_columns(page: &Page) -> Vec<(String, Page)> {
    let named_by_table = release_column_tables(page);
    let mut releases: Vec<String> = Vec::new();
    for name in named_by_table.iter().flat_map(|(_, named)| named) {
        if !releases.contains(name) {
            releases.push(name.clone());
        }
    }
    releases
        .into_iter()
        .map(|release| {
            let mut own = page.clone();
            own.lines = page
                .lines
                .iter()
                .enumerate()
                .filter(|(i, _)| {
                    !named_by_table
                        .iter()
                        .any(|(lines, named)| lines.contains(i) && !named.contains(&release))
                })
                .map(|(_, l)| l.clone())
                .collect();
            (release, own)
        })
        .collect()
}

/// The component tables of the page two of whose version columns or
/// more name releases: the lines of each (indices of `page.lines`) and
/// the releases its columns name.
fn release_column_tables(page: &Page) -> Vec<(std::ops::Range<usize>, Vec<String>)> {
    let mut named_by_table = Vec::new();
    for table in tables::tables(&page.lines) {
        let (tables::Kind::Components { versions, .. }, Some(head)) = (table.kind(), &table.head)
        else {
            continue;
        };
        let named: Vec<String> = versions
            .iter()
            .filter_map(|&c| head.get(c))
            .filter_map(|h| column_release(h))
            .collect();
        if named.len() >= 2 {
            named_by_table.push((table.start..table.end, named));
        }
    }
    named_by_table
}

/// Gives each release the page's tables whose columns name it ("Package
/// | v1.0 | v2.0 | v3.0" under "Version Comparison", after the releases'
/// parts), where it reads its own column; no other release's part keeps
/// them. Only tables two of whose columns name releases of the page.
pub(crate) fn add_column_tables(page: &Page, releases: &mut [Release]) {
    let bare = |v: &str| v.trim_start_matches(['v', 'V']).to_string();
    for (lines, named) in release_column_tables(page) {
        let names_release = |r: &Release| named.iter().any(|n| bare(n) == bare(&r.version));
        if releases.iter().filter(|r| names_release(r)).count() < 2 {
            continue;
        }
        let table = &page.lines[lines];
        let numbers: HashSet<usize> = table.iter().map(|(n, _)| *n).collect();
        for release in releases.iter_mut() {
            release.page.lines.retain(|(n, _)| !numbers.contains(n));
            if names_release(release) {
                release.page.lines.extend(table.iter().cloned());
            }
        }
    }
}

/// The release a version column's head names: its first word ("2020b
/// (release)": the release, then a note), or a word or two then the
/// release ("macOS - 2020.11": `macOS-2020.11`).
fn column_release(head: &str) -> Option<String> {
    let first = head.split_whitespace().next()?.trim_matches('`');
    if (names_release(first) || tables::is_half_year(first)) && model::is_release_version(first) {
        return Some(first.to_string());
    }
    let words: Vec<&str> = head
        .split_whitespace()
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .collect();
    let [lead @ .., last] = words.as_slice() else {
        return None;
    };
    let named = (1..=2).contains(&lead.len())
        && lead
            .iter()
            .all(|w| w.chars().all(|c| c.is_ascii_alphabetic()))
        && names_release(last);
    let release = format!("{}-{last}", lead.join("-"));
    (named && model::is_release_version(&release)).then_some(release)
}

/// A row of a table of releases (`Tag | PyTorch | IPEX`): the releases its
/// key names, its line and the components of its other cells.
#[derive(Clone)]
pub(crate) struct Row {
    pub keys: Vec<String>,
    pub line: usize,
    pub components: Vec<(String, String)>,
}

impl Row {
    /// Whether the row names `version` (`2.4.13` of `v2.4.13`).
    pub(crate) fn names(&self, version: &str) -> bool {
        let bare = |v: &str| v.trim_start_matches(['v', 'V']).to_string();
        self.keys.iter().any(|k| bare(k) == bare(version))
    }

    /// Whether the row is a variant of release `version`: its key opens
    /// with it, alone or after the name of letters an image's badge or tag
    /// glues to it (`2.11.0-py3.14.4-cuda13.0.2`, `pytorch2.11.0-python3.14.4`
    /// under "### 2.11.0").
    pub(crate) fn variant_of(&self, version: &str) -> bool {
        let bare = |v: &str| v.trim_start_matches(['v', 'V']).to_string();
        self.keys.iter().any(|k| {
            let first = k.split_once('-').map_or(k.as_str(), |(first, _)| first);
            let opened = first.trim_start_matches(|c: char| c.is_ascii_alphabetic());
            opened.len() < k.len() && !opened.is_empty() && bare(opened) == bare(version)
        })
    }
}

/// The rows of the page's tables of releases, and the numbers of those
/// tables' lines; a table in a part about other releases (known issues,
/// fixes, a part titled by a note word: "Previous versions") is none.
/// With `wanted` (the release asked for) named by some table's rows, a
/// table of images naming none of its rows is no table of its sibling
/// releases but of what it is built on (Composer 0.31.0 over MosaicML's
/// PyTorch images): it stays the release's text.
pub(crate) fn table_rows(
    page: &Page,
    headings: &Headings,
    column: Option<&str>,
    wanted: Option<&str>,
) -> (Vec<Row>, HashSet<usize>) {
    rows_of_tables(page, headings, column, false, wanted)
}

/// As [`table_rows`], with tables keyed by a column of versions beside
/// columns of components' versions read as tables of releases too ("Python
/// | CUDA | cuDNN | NCCL", b-data's CUDA version matrix: "Image tags =
/// Python versions"): what a page of several releases that nothing else
/// names holds.
pub(crate) fn version_keyed_rows(
    page: &Page,
    headings: &Headings,
    column: Option<&str>,
) -> (Vec<Row>, HashSet<usize>) {
    rows_of_tables(page, headings, column, true, None)
}

fn rows_of_tables(
    page: &Page,
    headings: &Headings,
    column: Option<&str>,
    version_keyed: bool,
    wanted: Option<&str>,
) -> (Vec<Row>, HashSet<usize>) {
    let parts = split(page, headings);
    // Each part with what its heading states of every row under it
    // ("### Ubuntu 24.04" over a table of images).
    let bodies = std::iter::once((&parts.preamble, None, None)).chain(
        parts
            .sections
            .iter()
            .filter(|s| {
                !matches!(s.known, Some(Known::Issues | Known::Fixes))
                    && !statements::titled_by_note(&s.title)
            })
            .map(|s| {
                (
                    &s.body,
                    tables::name_version(&s.title),
                    Some(s.title.as_str()),
                )
            }),
    );
    // What the page is about: its first line ("TensorFlow", "# PyTorch").
    let subject = page
        .lines
        .iter()
        .map(|(_, l)| l.trim().trim_start_matches('#').trim())
        .find(|l| !l.is_empty())
        .unwrap_or("");
    // Each table of releases' rows and lines.
    let mut of_tables: Vec<(Vec<Row>, Vec<usize>, bool)> = Vec::new();
    // Each table with its kind, and the kind it has when the page's title
    // naming its key column is not heard (see below).
    let read: Vec<(FoundTable, Option<tables::Kind>)> = bodies
        .flat_map(|(body, stated, title)| {
            tables::tables(body).into_iter().map(move |t| {
                let mut unnamed = None;
                let kind = match t.kind() {
                    // Rows of platforms are the variants of one release.
                    _ if t.platform_rows() => tables::Kind::Other,
                    kind @ tables::Kind::Releases { .. } => kind,
                    kind => {
                        let keyed = version_keyed.then(|| t.version_keyed()).flatten();
                        [Some(subject), title]
                            .into_iter()
                            .flatten()
                            .find_map(|s| t.subject_releases(s, false))
                            .or_else(|| {
                                let by_title = t.subject_releases(subject, true)?;
                                unnamed = Some(keyed.clone().unwrap_or(kind.clone()));
                                Some(by_title)
                            })
                            .or(keyed)
                            .unwrap_or(kind)
                    }
                };
                ((body, stated.clone(), t, kind), unnamed)
            })
        })
        .collect();
    // A column the title names keys a table's rows only where no other
    // table of the page has its rows keyed ("CUDA Version Matrix" over a
    // table keyed by Python and a table of compatible versions).
    let keyed_elsewhere = |i: usize| {
        read.iter().enumerate().any(|(j, ((_, _, t, k), unnamed))| {
            j != i
                && unnamed.is_none()
                && (matches!(k, tables::Kind::Releases { .. }) || t.version_keyed().is_some())
        })
    };
    let keyed: Vec<bool> = (0..read.len()).map(keyed_elsewhere).collect();
    let found: Vec<FoundTable> = read
        .into_iter()
        .zip(keyed)
        .map(
            |(((body, stated, t, kind), unnamed), elsewhere)| match unnamed {
                Some(kind) if elsewhere => (body, stated, t, kind),
                _ => (body, stated, t, kind),
            },
        )
        .collect();
    // Tables with one head are of one kind: a table of releases of a single
    // row whose cells say less is one too.
    let heads: HashMap<Vec<String>, tables::Kind> = found
        .iter()
        .filter(|(_, _, _, k)| matches!(k, tables::Kind::Releases { .. }))
        .filter_map(|(_, _, t, k)| Some((t.head.clone()?, k.clone())))
        .collect();
    for (body, stated, table, kind) in found {
        let kind = table
            .head
            .as_ref()
            .and_then(|h| heads.get(h))
            .cloned()
            .unwrap_or(kind);
        {
            let tables::Kind::Releases {
                key,
                components,
                group,
            } = kind
            else {
                continue;
            };
            let mut rows = Vec::new();
            let lines: Vec<usize> = body[table.start..table.end]
                .iter()
                .map(|(n, _)| *n)
                .collect();
            // The image the rows below a group cell are versions of: the
            // one `--column` names, else each.
            let mut in_group: Option<String> = None;
            // Rows whose key cells name them only as a whole ("Ubuntu 22.04
            // CPU Notebook", "Ubuntu 22.04 GPU Notebook": the version they
            // share is none of theirs) are named by their words.
            let key_cells: Vec<&str> = table
                .rows
                .iter()
                .filter_map(|(_, cells)| table.key_cell(cells, key))
                .collect();
            let distinct = |keys: Vec<Option<String>>| {
                let mut seen = HashSet::new();
                keys.iter()
                    .all(|k| k.as_ref().is_some_and(|k| seen.insert(k.clone())))
            };
            let builds = table.builds_first();
            let by_words = key_cells.len() >= 2
                && !builds
                && !distinct(
                    key_cells
                        .iter()
                        .map(|c| tables::release_keys(c).into_iter().next())
                        .collect(),
                )
                && distinct(key_cells.iter().map(|c| tables::release_name(c)).collect());
            for (line, cells) in &table.rows {
                if let Some(g) = group.and_then(|g| table.key_cell(cells, g)) {
                    in_group = Some(g.to_string());
                }
                let wanted = |g: &String| {
                    column.is_none_or(|c| tables::clean_cell(g).eq_ignore_ascii_case(c.trim()))
                };
                if group.is_some() && !in_group.as_ref().is_some_and(wanted) {
                    continue;
                }
                let keys = match table.key_cell(cells, key) {
                    Some(cell) if by_words => tables::release_name(cell).into_iter().collect(),
                    Some(cell) if builds => {
                        tables::Table::build_release(cell).into_iter().collect()
                    }
                    Some(cell) => tables::release_keys(cell),
                    None => Vec::new(),
                };
                if keys.is_empty() {
                    continue;
                }
                let mut components = tables::release_row(&table, cells, &components);
                if let Some(cell) = table.key_cell(cells, key) {
                    for (name, version) in tables::key_note_components(cell) {
                        let named = names::canonical_key(&name);
                        if !components
                            .iter()
                            .any(|(n, _)| names::canonical_key(n) == named)
                        {
                            components.push((name, version));
                        }
                    }
                }
                // "vLLM version | Container URI": each row's key is also
                // the version of the component its head names.
                if let Some((name, version)) = tables::key_component(&table, cells, key)
                    && !components
                        .iter()
                        .any(|(n, _)| names::canonical_key(n) == names::canonical_key(&name))
                {
                    components.insert(0, (name, version));
                }
                if let Some((name, version)) = &stated
                    && !components
                        .iter()
                        .any(|(n, _)| names::canonical_key(n) == names::canonical_key(name))
                {
                    components.push((name.clone(), version.clone()));
                }
                // "CUDA driver | >=361": the driver the row's image needs,
                // for the driver reader of the release's part.
                components.extend(tables::driver_cell(&table, cells));
                rows.push(Row {
                    keys,
                    line: *line,
                    components,
                });
            }
            // A table keyed by images (`mosaicml/pytorch:2.7.0_cu126-…`).
            let of_images =
                !key_cells.is_empty() && key_cells.iter().all(|c| tables::image_in(c).is_some());
            of_tables.push((rows, lines, of_images));
        }
    }
    if let Some(wanted) = wanted
        && of_tables
            .iter()
            .any(|(rows, _, _)| rows.iter().any(|r| r.names(wanted)))
    {
        of_tables.retain(|(rows, _, of_images)| !of_images || rows.iter().any(|r| r.names(wanted)));
    }
    let lines = of_tables
        .iter()
        .flat_map(|(_, l, _)| l.iter().copied())
        .collect();
    (
        of_tables.into_iter().flat_map(|(r, _, _)| r).collect(),
        lines,
    )
}

/// The rows naming one release, merged: the first row of each release
/// with the components of the later rows naming it that it does not have
/// (a toolchain's `foss` table and its `intel` table, both by generation).
fn merged(rows: &[Row]) -> Vec<Row> {
    let mut out: Vec<Row> = Vec::new();
    for row in rows {
        match out.iter_mut().find(|r| r.keys[0] == row.keys[0]) {
            Some(first) => {
                for (name, version) in &row.components {
                    let key = names::canonical_key(name);
                    if !first
                        .components
                        .iter()
                        .any(|(n, _)| names::canonical_key(n) == key)
                    {
                        first.components.push((name.clone(), version.clone()));
                    }
                }
            }
            None => out.push(row.clone()),
        }
    }
    out
}

/// A row's components as the rows of a two-column table (`| name |
/// version |`), numbered by the row's line.
fn row_lines(row: &Row) -> impl Iterator<Item = (usize, String)> + '_ {
    row.components
        .iter()
        .map(|(name, version)| (row.line, format!("| {name} | {version} |")))
}

/// Each row of the page's tables of releases as a release of its own:
/// the page without those tables, the row's components where they stood.
/// A release named twice is the first row's.
pub(crate) fn of_rows(page: &Page, rows: &[Row], table_lines: &HashSet<usize>) -> Vec<Release> {
    let at = page
        .lines
        .iter()
        .position(|(n, _)| table_lines.contains(n))
        .unwrap_or(page.lines.len());
    let kept: Vec<(usize, String)> = page
        .lines
        .iter()
        .filter(|(n, _)| !table_lines.contains(n))
        .cloned()
        .collect();
    let at = page.lines[..at]
        .iter()
        .filter(|(n, _)| !table_lines.contains(n))
        .count();
    // Under the page's title, before what the rest of the page states: a
    // row's versions are its release's, over a list of packages the page
    // gives its newest (ResearchIT's pip freeze of the current ml-gpu
    // above its table of older builds).
    let title_end = kept
        .first()
        .filter(|(n, _)| page.headings.contains(n))
        .map_or(0, |_| 1);
    let at = at.min(title_end);
    merged(rows)
        .iter()
        .map(|row| {
            let mut lines = kept.clone();
            lines.splice(at..at, row_lines(row));
            Release {
                page: Page {
                    kind: page.kind,
                    lines,
                    headings: page.headings.clone(),
                    cut: page.cut,
                },
                version: row.keys[0].clone(),
                keys: row.keys.clone(),
                start: None,
                groups: false,
            }
        })
        .collect()
}

/// Whether the first lines of release `r` (its heading and the few lines
/// after) state `version` as a word of its own (`Core/26.05`, `v26.05`).
pub(crate) fn states_in_opening(r: &Release, version: &str) -> bool {
    let bare = version.trim_start_matches(['v', 'V']);
    let start = r.start.unwrap_or(0);
    r.page
        .lines
        .iter()
        .filter(|(n, l)| *n >= start && !l.trim().is_empty())
        .take(4)
        .any(|(_, line)| {
            line.match_indices(bare).any(|(at, _)| {
                let before = line[..at].chars().next_back();
                let after = line[at + bare.len()..].chars().next();
                before.is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '.') || c == 'v')
                    && after.is_none_or(|c| !(c.is_ascii_alphanumeric() || c == '.' || c == '-'))
            })
        })
}

/// The row of any of the page's tables that names `version` in one of
/// its cells (`0.25.1`, a tag `…-gpu.2.4.0`), as a release of its own: a
/// table listing images, one a row, without a column saying which release
/// each is. Its components: the versions under heads naming components
/// ("vLLM version") and those its image tags state (`py312`, `cu130`).
pub(crate) fn row_named(page: &Page, headings: &Headings, version: &str) -> Option<Release> {
    let parts = split(page, headings);
    let bodies = std::iter::once(&parts.preamble).chain(
        parts
            .sections
            .iter()
            .filter(|s| {
                !matches!(s.known, Some(Known::Issues | Known::Fixes))
                    && !statements::titled_by_note(&s.title)
            })
            .map(|s| &s.body),
    );
    for body in bodies {
        for table in tables::tables(body) {
            if table.images_of_a_stack() {
                continue;
            }
            for (line, cells) in &table.rows {
                if !cells.iter().any(|c| names_version(c, version)) {
                    continue;
                }
                let components = tables::row_components(&table, cells);
                if components.is_empty() {
                    continue;
                }
                let row = Row {
                    keys: vec![version.to_string()],
                    line: *line,
                    components,
                };
                let lines: HashSet<usize> = body[table.start..table.end]
                    .iter()
                    .map(|(n, _)| *n)
                    .collect();
                return of_rows(page, &[row], &lines).into_iter().next();
            }
        }
    }
    None
}

/// Whether a cell names `version`: as a word of it, or at the end of a
/// tag or path (`text-generation-inference-gpu.2.4.0`, `x:0.25.1-gpu`).
fn names_version(cell: &str, version: &str) -> bool {
    let cell = tables::clean_cell(cell);
    cell.split(|c: char| c.is_whitespace() || matches!(c, ',' | '/' | ':' | '-' | '_'))
        .any(|w| {
            let w = w.trim_start_matches(['v', 'V']);
            w == version
                || w.strip_suffix(version).is_some_and(|before| {
                    before.ends_with(['.', '-', '_'])
                        && !before.ends_with(|c: char| c.is_ascii_digit())
                })
        })
}

/// An image reference a line holds (`runpod/pytorch:1.0.2-cu1281-…`): a
/// repository with a `/` and a tag naming a release (digits in it), with
/// where it starts in the line.
fn image_reference(line: &str) -> Option<(usize, String, String)> {
    let mut at = 0;
    for word in line.split_inclusive(char::is_whitespace) {
        let start = at;
        at += word.len();
        let w = word.trim().trim_matches(['`', '"', '\'', ',', ';']);
        let Some((repository, tag)) = w.rsplit_once(':') else {
            continue;
        };
        let shaped = repository.contains('/')
            && !w.contains("://")
            && repository
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '/'))
            && tag.chars().any(|c| c.is_ascii_digit())
            && tag
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '+'));
        if shaped {
            return Some((start, w.to_string(), tag.to_string()));
        }
    }
    None
}

/// The images a page lists (`registry/repo:tag`, in a list, a code block
/// or a line of their own), each as a release of its own, named by its
/// tag, when it lists at least two: its components are what the headings
/// and list items above it state ("### CUDA 12.8.1:" / "- Torch 2.6.0:" /
/// "- Ubuntu 22.04: `…`"), then what its tag states (`py312`). An image
/// listed under several registries is one.
pub(crate) fn of_images(page: &Page) -> Option<Vec<Release>> {
    // A label over a group of references (`# swift4.4.3` over one image in
    // three registries) names their release.
    let mut label: Option<String> = None;
    let mut listed: Vec<(usize, usize, String, String)> = Vec::new();
    for (i, (_, line)) in page.lines.iter().enumerate() {
        match image_reference(line) {
            Some((at, reference, tag)) => {
                let name = label.clone().unwrap_or(tag);
                listed.push((i, at, reference, name));
            }
            None => label = group_label(line),
        }
    }
    listed.retain(|(.., name)| model::is_release_version(name));
    let mut tags: Vec<&str> = Vec::new();
    for (_, _, _, tag) in &listed {
        if !tags.contains(&tag.as_str()) {
            tags.push(tag);
        }
    }
    if tags.len() < 2 {
        return None;
    }
    // `milvusdb/milvus:v2.5.10`, `minio/minio:RELEASE.…`,
    // `dataelement/bisheng-backend:v2.4.0` (BISHENG's deployment doc): a
    // repository of its own for most tags is a stack's containers, no
    // image's releases.
    let repositories = listed
        .iter()
        .filter_map(|(_, _, reference, _)| Some(reference.rsplit_once(':')?.0));
    if tables::repositories_of_a_stack(repositories, tags.len()) {
        return None;
    }
    let reference_lines: HashSet<usize> = listed.iter().map(|(i, ..)| page.lines[*i].0).collect();
    let kept: Vec<(usize, String)> = page
        .lines
        .iter()
        .filter(|(n, _)| !reference_lines.contains(n))
        .cloned()
        .collect();
    let at = page
        .lines
        .iter()
        .take_while(|(n, _)| !reference_lines.contains(n))
        .count();
    // "## cschranz/gpu-jupyter:v1.9_cuda-12.6_ubuntu-24.04" over the
    // image's own `get_versions` output (GPU-Jupyter's versions page):
    // where every image heads a part, its release holds its part, not the
    // page's other images'.
    let headed = listed
        .iter()
        .all(|(i, ..)| page.headings.contains(&page.lines[*i].0));
    let part_of = |i: usize| -> Vec<(usize, String)> {
        let end = listed
            .iter()
            .map(|(j, ..)| *j)
            .find(|j| *j > i)
            .unwrap_or(page.lines.len());
        page.lines[i + 1..end].to_vec()
    };
    let mut seen = HashSet::new();
    let releases = listed
        .iter()
        .filter(|(.., tag)| seen.insert(tag.clone()))
        .map(|(i, start, reference, tag)| {
            let mut components = context(page, *i, *start);
            let part = if headed { part_of(*i) } else { Vec::new() };
            for (name, version) in crate::tags::components(reference) {
                let key = names::canonical_key(&name);
                // `cuda-12.9` in the tag, nvcc's `V12.9.86` in the part:
                // the part says it more precisely; `clang6.8` in the tag
                // (the image's series), `clang-6.0.1` an item of the part:
                // the part says what it holds.
                if part
                    .iter()
                    .any(|(_, l)| refines(l, &name, &version) || states_own(l, &name))
                {
                    continue;
                }
                if !components
                    .iter()
                    .any(|(n, _)| names::canonical_key(n) == key)
                {
                    components.push((name, version));
                }
            }
            let row = Row {
                keys: vec![tag.clone()],
                line: page.lines[*i].0,
                components,
            };
            let mut lines = match headed {
                true => kept[..at].to_vec(),
                false => kept.clone(),
            };
            lines.splice(at..at, row_lines(&row));
            if headed {
                lines.extend(part_of(*i));
            }
            Release {
                page: Page {
                    kind: page.kind,
                    lines,
                    headings: page.headings.clone(),
                    cut: page.cut,
                },
                version: tag.clone(),
                keys: Vec::new(),
                start: None,
                groups: false,
            }
        })
        .collect();
    Some(releases)
}

/// Whether `line` names `name` and a more precise version of `version`
/// (`Cuda … release 12.9, V12.9.86` of CUDA 12.9).
/// Whether a line is an item naming `name` with a version of its own
/// (`* clang-6.0.1`, `- clang 6.0.1`).
fn states_own(line: &str, name: &str) -> bool {
    let item = line.trim().trim_start_matches(['-', '*', '+']).trim();
    let item = item.trim_matches('`');
    let stated = if item.contains(char::is_whitespace) {
        crate::tables::name_version(item).map(|(n, _)| n)
    } else {
        crate::tags::dashed(item).map(|(n, _)| n.to_string())
    };
    stated.is_some_and(|n| names::canonical_key(&n) == names::canonical_key(name))
}

fn refines(line: &str, name: &str, version: &str) -> bool {
    let lower = line.to_lowercase();
    let named = lower
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| w == name.to_lowercase());
    let longer = format!("{version}.");
    named
        && line.split_whitespace().any(|w| {
            let w = w.trim_matches(|c: char| !c.is_alphanumeric());
            let w = w.strip_prefix(['v', 'V']).unwrap_or(w);
            w.starts_with(&longer) && w.len() > longer.len()
        })
}

/// The tags a line lists and nothing else (a registry's "Supported tags":
/// "- `1.27.0`, `1.27.0-py3.13-alpine3.22`", or without the marks of code
/// as Markdown gives it), when one of them opens with a version.
fn listed_tags(line: &str) -> Option<(Vec<&str>, Option<&str>)> {
    let item = line.trim().trim_start_matches(['-', '*', '+']).trim();
    // A table's row keyed by a tag (`| [0.9.0rc1-torch_npu2.5.1-…](…/Dockerfile) | … |`,
    // a registry's "Tags | Currently | Architectures").
    let item = match item.strip_prefix('|') {
        Some(row) => {
            let first = row.split('|').next().unwrap_or("").trim();
            first
                .strip_prefix('[')
                .and_then(|rest| rest.split_once("]("))
                .map_or(first, |(text, _)| text)
        }
        None => item,
    };
    let shaped = |t: &&str| {
        !t.is_empty()
            && t.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
    };
    let tags: Vec<&str> = item
        .split(',')
        .map(|t| t.trim().trim_matches('`'))
        .collect();
    if tags.iter().all(shaped)
        && tags
            .iter()
            .any(|t| tag_release(t).is_some() || stack_tag(t).is_some())
    {
        return Some((tags, None));
    }
    // "`2.1.4-py2-tf-cpu`/`2.1.4-py2-tf-gpu` [2018-02-15]: Python 2.7/3.5 +
    // Keras (2.1.4) + TensorFlow (1.5.0) on CPU/GPU" (gw0's docker-keras):
    // tags parted by `/`, then what they hold.
    let (head, rest) = item.split_once(char::is_whitespace)?;
    let rest = rest.trim_start();
    let described = match rest.strip_prefix('[') {
        Some(dated) => dated.split_once(']')?.1.trim_start(),
        None => rest,
    };
    let description = described.strip_prefix([':', '：'])?.trim();
    let tags: Vec<&str> = head
        .trim_end_matches([':', '：'])
        .split(['/', ','])
        .map(|t| t.trim_matches('`'))
        .collect();
    (tags.len() >= 2 && tags.iter().all(shaped) && tags.iter().all(|t| tag_release(t).is_some()))
        .then_some((tags, Some(description)))
}

/// What a description of tags says they hold, its parts joined by ` + `
/// ("Python 2.7/3.5 + Keras (2.1.4) + TensorFlow (1.5.0) on CPU/GPU"): each
/// part a name and its version, the first of several.
fn described_components(description: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for part in description.split(" + ") {
        let words: Vec<&str> = part.split_whitespace().collect();
        let Some(at) = words.iter().position(|w| {
            w.trim_matches(['(', ')'])
                .starts_with(|c: char| c.is_ascii_digit())
        }) else {
            continue;
        };
        let name = words[..at].join(" ");
        let version = words[at]
            .trim_matches(['(', ')'])
            .split('/')
            .next()
            .unwrap_or("");
        if (1..=3).contains(&at)
            && name.starts_with(|c: char| c.is_alphabetic())
            && crate::tables::looks_like_version(version)
        {
            out.push((name, version.to_string()));
        }
    }
    out
}

/// A tag that is the stack it holds and nothing else
/// (`cuda-11.8.0-pytorch-1.13.0-ubuntu-22.04`): no release before it, so
/// the whole tag names the release; its variant is the tag without its
/// numbers. None for a tag stating fewer than two components.
fn stack_tag(tag: &str) -> Option<(String, String)> {
    let stated = crate::tags::components(tag);
    (stated.len() >= 2 && model::is_release_version(tag)).then(|| {
        let variant = tag.chars().filter(|c| !c.is_ascii_digit()).collect();
        (tag.to_string(), variant)
    })
}

/// A PEP 440 pre-release run into a version's last number (`rc1` of `0.9.0rc1`).
static PRE_RELEASE_END: std::sync::LazyLock<regex::Regex> =
    std::sync::LazyLock::new(|| regex::Regex::new(r"\d(?:a|b|rc|alpha|beta|dev)\d+$").unwrap());

/// The release a tag opens with (`1.27.0` of `1.27.0-py3.13-ubuntu24.04`,
/// `2.0.0-rc1` of `2.0.0-rc1-py3.12`) and the variant after it, with its
/// numbers left out (`py.-ubuntu.`).
fn tag_release(tag: &str) -> Option<(String, String)> {
    let mut parts = tag.split('-');
    let mut version = parts.next()?.to_string();
    let numbered = version.trim_start_matches(['v', 'V']);
    // `0.9.0rc1`: a pre-release run into the last number.
    let numbered = PRE_RELEASE_END
        .find(numbered)
        .map_or(numbered, |m| &numbered[..=m.start()]);
    if !(numbered.contains('.')
        && numbered
            .split('.')
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())))
    {
        return None;
    }
    let mut rest: Vec<&str> = parts.collect();
    if let Some(first) = rest.first()
        && crate::words::each().any(|w| {
            w.version.pre_releases.iter().any(|p| {
                first
                    .to_lowercase()
                    .strip_prefix(p.as_str())
                    .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit()))
            })
        })
    {
        version = format!("{version}-{first}");
        rest.remove(0);
    }
    let variant: String = rest
        .join("-")
        .chars()
        .filter(|c| !c.is_ascii_digit())
        .collect();
    // `1.5-1.6`: a range of releases, no tag (a tag's variant has words).
    if !variant.is_empty() && !variant.contains(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    Some((version, variant))
}

/// The releases of a list of an image's tags (a registry's "Supported
/// tags", one release a line or two: "`1.27.0`, `1.27.0-py3.13-alpine3.22`"
/// / "`1.27.0-py3.13-ubuntu24.04`"), when it names two or more: each is
/// what its tag of the variant `column` names states (`py3.13` →
/// Python 3.13), else what its first tag with a variant states; and, when
/// a release has tags of several variants, which were read and which
/// left, for the report.
pub(crate) fn of_tags(page: &Page, column: Option<&str>) -> Option<(Vec<Release>, Option<String>)> {
    // Each release: its line, and its tags as (variant, tag).
    type Tagged = (String, usize, Vec<(String, String)>);
    let mut by_release: Vec<Tagged> = Vec::new();
    // What the descriptions of each release's tags say it holds.
    let mut described: HashMap<String, Vec<(String, String)>> = HashMap::new();
    for (n, line) in &page.lines {
        let Some((tags, description)) = listed_tags(line) else {
            continue;
        };
        for tag in tags {
            let Some((version, variant)) = tag_release(tag).or_else(|| stack_tag(tag)) else {
                continue;
            };
            if !model::is_release_version(&version) {
                continue;
            }
            if let Some(description) = description {
                let held = described.entry(version.clone()).or_default();
                for (name, v) in described_components(description) {
                    let key = names::canonical_key(&name);
                    if !held.iter().any(|(n, _)| names::canonical_key(n) == key) {
                        held.push((name, v));
                    }
                }
            }
            match by_release.iter_mut().find(|(v, ..)| *v == version) {
                Some((.., variants)) => variants.push((variant, tag.to_string())),
                None => by_release.push((version, *n, vec![(variant, tag.to_string())])),
            }
        }
    }
    // A list of releases alone ("- 1.2.3") names no image's variants.
    let with_variants = by_release
        .iter()
        .filter(|(.., variants)| variants.iter().any(|(v, _)| !v.is_empty()))
        .count();
    if with_variants < 2 {
        return None;
    }
    let wanted = column.map(str::to_lowercase);
    let mut report = None;
    let releases = by_release
        .into_iter()
        .map(|(version, line, variants)| {
            let chosen = wanted
                .as_ref()
                .and_then(|w| {
                    variants.iter().find(|(v, tag)| {
                        v.to_lowercase().contains(w.as_str())
                            || tag.to_lowercase().contains(w.as_str())
                    })
                })
                .or_else(|| variants.iter().find(|(v, _)| !v.is_empty()));
            let others: Vec<&str> = variants
                .iter()
                .filter(|(v, _)| !v.is_empty() && chosen.is_none_or(|(c, _)| c != v))
                .map(|(_, tag)| tag.as_str())
                .collect();
            if report.is_none()
                && let Some((_, read)) = chosen
                && !others.is_empty()
            {
                report = Some(format!(
                    "of each release's tags, those like `{read}` were read; those like `{}` were left (--column names the variant to read)",
                    others.join("`, `")
                ));
            }
            let mut components =
                chosen.map_or_else(Vec::new, |(_, tag)| crate::tags::components(tag));
            for (name, v) in described.remove(&version).unwrap_or_default() {
                let key = names::canonical_key(&name);
                match components
                    .iter_mut()
                    .find(|(n, _)| names::canonical_key(n) == key)
                {
                    // "py2" says Python 2; the description, 2.7.
                    Some((_, held)) if v.starts_with(held.as_str()) => *held = v,
                    Some(_) => {}
                    None => components.push((name, v)),
                }
            }
            let row = Row {
                keys: vec![version.clone()],
                line,
                components,
            };
            Release {
                page: Page {
                    kind: page.kind,
                    lines: row_lines(&row).collect(),
                    headings: page.headings.clone(),
                    cut: page.cut,
                },
                version,
                keys: Vec::new(),
                start: None,
                groups: false,
            }
        })
        .collect();
    Some((releases, report))
}

/// A line naming the group of image references under it: a comment or a
/// label of one token holding a release's name (`# swift4.4.3`,
/// `swift4.4.3:`); a product glued to its version is that version
/// (`swift4.4.3` is 4.4.3), a component relnotes knows keeps its name
/// (`cuda11.0.3` names an image by its CUDA).
fn group_label(line: &str) -> Option<String> {
    let t = line.trim().trim_start_matches('#').trim();
    let t = t.trim_end_matches([':', '：']);
    if t.is_empty() || t.contains(char::is_whitespace) || !names_release(t) {
        return None;
    }
    let digits = t.find(|c: char| c.is_ascii_digit())?;
    let (word, version) = t.split_at(digits);
    let glued = !word.is_empty() && word.chars().all(|c| c.is_ascii_alphabetic());
    Some(if glued && !names::is_alias(word) {
        version.to_string()
    } else {
        t.to_string()
    })
}

/// What the lines above the image on line `i` state of it: its own line's
/// label ("Ubuntu 22.04: `…`"), the list items it is nested under ("- Torch
/// 2.6.0:"), the headings above ("### CUDA 12.8.1:"), nearest first.
fn context(page: &Page, i: usize, start: usize) -> Vec<(String, String)> {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let stated = |text: &str| {
        let t = text.trim().trim_start_matches(['-', '#', '*', ' ']).trim();
        let t = t.trim_end_matches([':', '：', ' ', '`']);
        tables::name_version(t)
    };
    let mut out: Vec<(String, String)> = Vec::new();
    let mut push = |pair: Option<(String, String)>| {
        if let Some((name, version)) = pair
            && !out
                .iter()
                .any(|(n, _)| names::canonical_key(n) == names::canonical_key(&name))
        {
            out.push((name, version));
        }
    };
    let (_, line) = &page.lines[i];
    push(stated(&line[..start]));
    let mut within = indent(line);
    let mut heading_level = usize::MAX;
    for (n, above) in page.lines[..i].iter().rev() {
        let t = above.trim_start();
        let level = t.chars().take_while(|c| *c == '#').count();
        if page.headings.contains(n) || (level > 0 && t[level..].starts_with(' ')) {
            if level < heading_level {
                match stack(t).filter(|parts| parts.len() >= 2) {
                    Some(parts) => parts.iter().for_each(|p| push(tables::name_version(p))),
                    None => push(stated(t)),
                }
                heading_level = level.max(1);
                if heading_level <= 1 {
                    break;
                }
            }
            within = 0;
            continue;
        }
        if t.starts_with("- ") && indent(above) < within {
            push(stated(t));
            within = indent(above);
        }
    }
    out
}

/// Gives each release its row of the page's tables of releases (the row
/// naming it), after its heading; the tables leave the releases' parts.
pub(crate) fn add_rows(releases: &mut Vec<Release>, rows: &[Row], table_lines: &HashSet<usize>) {
    let rows = merged(rows);
    for release in releases.iter_mut() {
        let own: HashSet<usize> = release.page.lines.iter().map(|(n, _)| *n).collect();
        release.page.lines.retain(|(n, _)| !table_lines.contains(n));
        // Rows of images in the release's own part, each a variant of it
        // ("### 2.11.0" over `2.11.0-py3.14.4-cuda13.0.2-…` and the rest):
        // the first, as the page lists it first.
        let variant = || {
            rows.iter()
                .find(|r| own.contains(&r.line) && r.variant_of(&release.version))
        };
        let Some(row) = rows
            .iter()
            .find(|r| r.names(&release.version))
            .or_else(variant)
        else {
            continue;
        };
        let at = release
            .page
            .lines
            .iter()
            .position(|(n, _)| Some(*n) == release.start)
            .map_or(0, |i| i + 1);
        release.page.lines.splice(at..at, row_lines(row));
    }
    // A release the table states that no part of the page heads (its
    // heading lost, or never written): its row is all it says, in the
    // table's order among the others.
    let headed = |row: &Row| {
        releases
            .iter()
            .any(|r| row.names(&r.version) || row.variant_of(&r.version))
    };
    if !rows.iter().any(headed) {
        return;
    }
    let mut after: Option<usize> = None;
    for row in &rows {
        if let Some(at) = releases
            .iter()
            .position(|r| row.names(&r.version) || row.variant_of(&r.version))
        {
            after = Some(at);
            continue;
        }
        let Some(kind) = releases.first().map(|r| r.page.kind) else {
            return;
        };
        let release = Release {
            page: Page {
                kind,
                lines: row_lines(row).collect(),
                headings: Default::default(),
                cut: None,
            },
            version: row.keys[0].clone(),
            keys: row.keys.clone(),
            start: None,
            groups: false,
        };
        let at = after.map_or(0, |a| a + 1);
        releases.insert(at, release);
        after = Some(at);
    }
}

/// Of the ways releases start on the page, the surest naming at least two
/// versions (headings, then dates, labels, named lines, versions alone);
/// among headings, the one naming the most, the first on the page among
/// equals.
/// "### CUDA 13.0 Volta Deprecation" and "### Solution : CUDA 12.8" in a
/// README whose "## 📋 Version History" heads "### v0.9.2-v100-cuda12.8":
/// where a heading over the page's releases (`[page] history_headings`)
/// holds release headings, headings naming versions among other words
/// outside it, at the level of those or below, are the text's.
fn keep_history_headings(
    page: &Page,
    headings: &Headings,
    starts: &mut Vec<(usize, Start, String)>,
) {
    let heading_at = |i: usize| {
        let (n, line) = &page.lines[i];
        page.headings
            .contains(n)
            .then(|| heading(line.trim(), true, headings))
            .flatten()
    };
    // (It goes on over releases headed at its level: "# Changelog" over
    // "## [1.7.9]" and "# [1.7.0]", axios's.)
    let release_at: HashSet<usize> = starts.iter().map(|(i, _, _)| *i).collect();
    let mut spans: Vec<std::ops::Range<usize>> = Vec::new();
    for i in 0..page.lines.len() {
        let Some(h) = heading_at(i).filter(|h| words::is_history_heading(&h.title)) else {
            continue;
        };
        let end = (i + 1..page.lines.len())
            .find(|&j| {
                !release_at.contains(&j) && heading_at(j).is_some_and(|g| g.level <= h.level)
            })
            .unwrap_or(page.lines.len());
        spans.push(i + 1..end);
    }
    let inside = |i: usize| spans.iter().any(|span| span.contains(&i));
    let level = |s: &Start| match s {
        Start::Heading(level) => Some(*level),
        _ => None,
    };
    let Some(top) = starts
        .iter()
        .filter(|(i, _, _)| inside(*i))
        .filter_map(|(_, s, _)| level(s))
        .min()
    else {
        return;
    };
    // ("# [5.0.0-rc.4](…)" above docsify's "# Changelog": a heading opening
    // with its release is one wherever it stands.)
    let opens_with = |i: usize, version: &str| {
        let title = page.lines[i]
            .1
            .trim()
            .trim_start_matches(|c: char| !c.is_alphanumeric());
        let bare = |t: &str| {
            t.strip_prefix(['v', 'V'])
                .filter(|rest| rest.starts_with(|c: char| c.is_ascii_digit()))
                .unwrap_or(t)
                .to_string()
        };
        bare(title).starts_with(&bare(version))
    };
    // ("### 현재 사용 버전: 25.08", "the version in use": labelled by a word
    // for a version or a release, as release headings are.)
    let labelled = |i: usize, version: &str| {
        let title = &page.lines[i].1;
        title.find(version).is_some_and(|at| {
            title[..at]
                .split_whitespace()
                .next_back()
                .map(|w| w.trim_end_matches([':', '：']))
                .is_some_and(|w| words::is_version_label(w) || words::is_release_word(w))
        })
    };
    starts.retain(|(i, s, v)| {
        inside(*i) || level(s).is_none_or(|l| l < top) || opens_with(*i, v) || labelled(*i, v)
    });
}

fn choose(starts: &[(usize, Start, String)]) -> Option<Start> {
    let rank = |s: &Start| match s {
        Start::Heading(_) => 0,
        Start::Date => 1,
        Start::Label => 2,
        Start::Named(_) => 3,
        Start::Alone => 4,
        Start::Item => 5,
        Start::Shaped => 6,
        Start::Entry => 7,
    };
    let mut versions: HashMap<&Start, Vec<&str>> = HashMap::new();
    let mut order: Vec<&Start> = Vec::new();
    for (_, s, v) in starts {
        let seen = versions.entry(s).or_default();
        if seen.is_empty() {
            order.push(s);
        }
        if !seen.contains(&v.as_str()) {
            seen.push(v);
        }
    }
    order
        .into_iter()
        .filter(|s| versions[s].len() >= 2)
        .max_by_key(|s| {
            (
                std::cmp::Reverse(rank(s)),
                versions[s].len(),
                std::cmp::Reverse(starts.iter().position(|(_, x, _)| x == *s)),
            )
        })
        .cloned()
}

/// The version a release's part labels as its own in its first lines
/// ("Image Version: 24.12.09", "バージョン: 21.06.01"), before its first
/// list or table.
fn labelled(own: &[(usize, String)]) -> Option<String> {
    own.iter()
        .skip(1)
        .take(6)
        .find_map(|(_, line)| crate::stated::release_label(line))
}

/// "## Major changes on 2026-06-30" then "**Milestone 8.9**" (NethServer's
/// release notes): under a heading dated only, a first line in bold that
/// names the release and its version.
/// The version and the line's number.
fn named_under_date(own: &[(usize, String)], version: &str) -> Option<(String, usize)> {
    if !is_iso_date(version) && crate::dates::date(version).is_none() {
        return None;
    }
    let (n, first) = own
        .iter()
        .skip(1)
        .map(|(n, l)| (*n, l.trim()))
        .find(|(_, l)| !l.is_empty())?;
    // "# Releases - 2026.01.13" then "## Version 2.32.0" (KARTE's SDK
    // changelog): a heading of the word for a version and the release.
    if let Some(heading) = first.strip_prefix('#') {
        let (word, release) = named(heading.trim_start_matches('#'))?;
        return crate::words::is_version_label(&word).then_some((release, n));
    }
    // ("**Milestone 8.5** -- Dedicated to …": its words before the dash,
    // as the page's reader keeps them.)
    let bold = ["**", "__"]
        .iter()
        .find_map(|mark| {
            let rest = first.strip_prefix(mark)?;
            rest.find(mark).map(|end| &rest[..end])
        })
        .or_else(|| {
            [" -- ", " — ", " – "]
                .iter()
                .find_map(|dash| first.split_once(dash).map(|(head, _)| head))
                .filter(|head| !head.starts_with(['-', '*']))
        })?;
    named(bold).map(|(_, v)| (v, n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_stating_a_component_outranks_its_headings_tag() {
        // aswf's ci-common README: `## aswf/ci-common:1-clang6.8` over
        // `* clang-6.0.1`.
        assert!(states_own("* clang-6.0.1", "clang"));
        assert!(states_own("- Clang 6.0.1", "clang"));
        assert!(!states_own("* ninja-1.10.1", "clang"));
        assert!(!states_own("Contains clang and ninja", "clang"));
    }
    use crate::page::PageKind;
    use crate::titles::{after_codename, numbered_after_release_word};

    #[test]
    fn items_of_releases_over_their_nested_changes() {
        let page = "# Image\n\n## ChangeLog\n\n- 2024.10\n  - Updated SAMtools from 1.19.2 to 1.21\n\n\
                    - 2024.04\n  - Changed Python environment\n";
        assert_eq!(versions(PageKind::Markdown, page), ["2024.10", "2024.04"]);
        // A list of supported versions is none.
        let page = "# Tool\n\nSupported:\n\n- 3.8\n- 3.9\n";
        assert!(
            releases(
                &Page::read(PageKind::Markdown, page).unwrap(),
                Headings::built_in(),
                true
            )
            .is_none()
        );
    }

    #[test]
    fn a_readmes_history_holds_its_releases_not_its_topics() {
        let page = "# Fork for V100\n\n## Findings\n\n### CUDA 13.0 Volta Deprecation\n\nx\n\n\
                    ### Solution : CUDA 12.8\n\ny\n\n### Version: 0.9\n\nz\n\n## 📋 Version History\n\n\
                    ### v0.9.2-v100 (08/02/2026)\n\n- a\n\n### v0.9.1 (01/01/2026)\n\n- b\n";
        assert_eq!(
            versions(PageKind::Markdown, page),
            ["0.9", "v0.9.2-v100", "v0.9.1"]
        );
        // Releases headed at the history's level go on with it, and those
        // above it that open with their release stay (docsify's).
        let page = "# [5.0.0-rc.2](x) (2025-09-05)\n\n- a\n\n# Changelog\n\n## [5.0.0-rc.1](x) (2025-05-27)\n\n\
                    - b\n\n# [4.13.0](x) (2022-10-26)\n\n- c\n\n## [4.12.2](x) (2022-01-06)\n\n- d\n";
        assert_eq!(
            versions(PageKind::Markdown, page),
            ["5.0.0-rc.2", "5.0.0-rc.1", "4.13.0", "4.12.2"]
        );
    }

    #[test]
    fn the_newest_release_headed_above_the_past_ones() {
        let page = "# Releases\n\n## 0.12.0 Release Notes\n\n- Avro 1.10.1\n\n## Past releases\n\n\
                    ### 0.11.1\n\n- a\n\n### 0.11.0\n\n- b\n";
        assert_eq!(
            versions(PageKind::Markdown, page),
            ["0.12.0", "0.11.1", "0.11.0"]
        );
    }

    #[test]
    fn days_alone_open_a_changelogs_releases_but_not_a_pages_news() {
        let changelog = "## Image changelog\n\n*2019-11-28*\n\n- Kernel 4.19.83\n\n\
                         *2019-02-27*\n\n- Kernel 4.14.95\n\n*2018-05-25:*\n\n- Kernel 4.14.34\n";
        assert_eq!(
            versions(PageKind::Markdown, changelog),
            ["2019-11-28", "2019-02-27", "2018-05-25"]
        );
        let intro: String = (1..=9)
            .map(|i| format!("Paragraph {i} of the page.\n\n"))
            .collect();
        let news = format!(
            "# Tool\n\n{intro}## News\n\n**2025-02-09**\n\n- a\n\n\
                            **2024-10-05**\n\n- b\n\n**2024-09-27**\n\n- c\n"
        );
        assert!(versions(PageKind::Markdown, &news).is_empty());
        // Asked for every release of the page, its days are they.
        let page = Page::read(PageKind::Markdown, &news).unwrap();
        let every: Vec<String> = releases(&page, Headings::built_in(), true)
            .unwrap_or_default()
            .into_iter()
            .map(|r| r.version)
            .collect();
        assert_eq!(every, ["2025-02-09", "2024-10-05", "2024-09-27"]);
    }

    #[test]
    fn a_release_headed_again_inside_its_part_is_one_release() {
        let page = "# v1.15.4\n\n## KubeEdge v1.15.4 Release Notes\n\n- a\n\n\
                    # v1.15.3\n\n## KubeEdge v1.15.3 Release Notes\n\n- b\n";
        assert_eq!(versions(PageKind::Markdown, page), ["v1.15.4", "v1.15.3"]);
    }

    #[test]
    fn a_step_upgrading_a_component_names_no_release() {
        assert_eq!(
            of_title("Upgrade Roundcube webmail to the latest stable release (1.6.7)"),
            None
        );
        assert_eq!(of_title("Upgrade to 1.7.0").as_deref(), Some("1.7.0"));
    }

    #[test]
    fn a_dated_heading_over_the_release_it_names_in_bold() {
        let page = "# Release notes\n\n## Major changes on 2026-06-30\n\n**Milestone 8.9**\n\n- a\n\n\
                    ## Major changes on 2026-03-27\n\n**Milestone 8.8** -- Dedicated to a friend\n\n- b\n\n\
                    ## Major changes on 2025-12-17\n\n- c\n";
        assert_eq!(
            versions(PageKind::Markdown, page),
            ["8.9", "8.8", "2025-12-17"]
        );
    }

    #[test]
    fn a_release_headed_twice_in_a_row_is_one_release() {
        // Hayabusa's changelog: a release made again a day later.
        let page = "# Changes\n\n## v1.5.1 [2022/08/20]\n\n- Re-released.\n\n\
                    ## v1.5.1 [2022/08/19]\n\n- Fixed colors.\n\n## v1.5.0 [2022/08/18]\n\n- New.\n";
        assert_eq!(versions(PageKind::Markdown, page), ["v1.5.1", "v1.5.0"]);
    }

    #[test]
    fn lines_naming_each_release_by_the_one_before_it_open_releases() {
        // hashcat's changes.txt: its parts headed, its releases in items.
        let page = "* changes v6.2.5 -> v6.2.6\n\n##\n## Algorithms\n##\n\n- Added a mode\n\n\
                    * changes v6.2.4 -> v6.2.5\n\n##\n## Bugs\n##\n\n- Fixed\n\n\
                    * changes v6.2.3 -> v6.2.4\n\n- Updated unrar to 6.0.5\n";
        assert_eq!(versions(PageKind::Text, page), ["6.2.6", "6.2.5", "6.2.4"]);
        // Components bumped are no chain of releases.
        let bumps = "# Changes\n\n## Deps\n\n- numpy 1.26 -> 2.0\n- scipy 1.11 -> 1.12\n- pandas 2.1 -> 2.2\n";
        assert!(versions(PageKind::Markdown, bumps).is_empty());
    }

    #[test]
    fn a_release_word_then_a_whole_number_names_a_build() {
        // ACEMD's changelog: builds numbered 3212, 2728, 1663.
        for (title, build) in [
            ("Release acemd 3212 – Oct 2013", "3212"),
            ("Release 2728", "2728"),
            ("Release acemd.1663 June 2010", "1663"),
        ] {
            assert_eq!(of_title(title).as_deref(), Some(build), "{title}");
        }
        // Words after the number that are no date: no build of it.
        assert_eq!(numbered_after_release_word("Release 2 of the docs"), None);
        assert_eq!(numbered_after_release_word("Previous releases 2009"), None);
    }

    #[test]
    fn an_upstream_release_and_a_forks_own_one_release() {
        // A vLLM fork's release notes, its image `v0.28.0-gfx906.1`.
        assert_eq!(
            of_title("v0.28.0 gfx906.1").as_deref(),
            Some("v0.28.0-gfx906.1")
        );
        // A component after the release is what it was built with.
        assert_ne!(
            of_title("2.4.0 cuda12.1").as_deref(),
            Some("2.4.0-cuda12.1")
        );
    }

    #[test]
    fn a_release_then_a_dash_or_a_colon_and_words_naming_other_versions() {
        assert_eq!(
            of_title("0.9.0-dev.10 — llama.cpp b10182, load-mode API").as_deref(),
            Some("0.9.0-dev.10")
        );
        assert_eq!(
            of_title("v0.27.1: Minor fixes; ONNX-GoMLX examples now use v0.4.1.").as_deref(),
            Some("v0.27.1")
        );
        assert_eq!(
            of_title("1.2.0: Update to llama.cpp b7631").as_deref(),
            Some("1.2.0")
        );
        // A dated update whose words name a component's version (a
        // one-click image's README): the release is the date.
        assert_eq!(
            of_title("Update: 8th October 2023 - CUDA 12.1.1, fixed ExLlamav2 issues").as_deref(),
            Some("2023-10-08")
        );
        // swiftide's changelog: a tag of the product's name and a release.
        assert_eq!(
            of_title("[swiftide-v0.7.0](https://x/tag/swiftide-v0.7.0) - 2024-07-28").as_deref(),
            Some("v0.7.0")
        );
    }

    #[test]
    fn a_product_whose_name_holds_a_digit_over_its_releases() {
        // cvc5's NEWS.
        assert_eq!(of_title("cvc5 1.3.4").as_deref(), Some("1.3.4"));
        // A model's version after its name stays the model's.
        assert_eq!(of_title("ResNet50 v1.5"), None);
        // A cluster's module tree (nsfcac's REPACSS guide): a place.
        assert_eq!(
            of_title("`/opt/apps/nfs/modules/zen4/rocky9.4/mpich/4.1.2-f2walvn/Core`"),
            None
        );
    }

    #[test]
    fn dated_headings_naming_the_product_and_its_release() {
        // mitmproxy's changelog: the release after the product's word.
        let page = "# Release History\n\n## 12 May 2026: mitmproxy 12.2.3\n\n- a\n\n\
                    ## 12 April 2026: mitmproxy 12.2.2\n\n- b\n\n\
                    ## 13 December 2020: mitmproxy 6.0.1\n\n- c\n\n\
                    ## 13 December 2020: mitmproxy 6.0\n\n- d\n";
        assert_eq!(
            versions(PageKind::Markdown, page),
            ["12.2.3", "12.2.2", "6.0.1", "6.0"]
        );
        // Wan2GP's changelog: each release's own title after a comma.
        let titled = "# Changelog\n\n### 21st of May 2026: WanGP v11.77, I can hear Voices\n\n- a\n\n\
                      ### 12th of May 2026: WanGP v11.66, Can you keep up?\n\n- b\n\n\
                      ### February 1st 2026: WanGP v10.61, Upgrade Time !\n\n- c\n\n\
                      ### September 30 2025: WanGP v8.9 - Combinatorics\n\n- d\n\n\
                      ### July 27 2025: WanGP v7.3 : Interlude\n\n- e\n";
        assert_eq!(
            versions(PageKind::Markdown, titled),
            ["11.77", "11.66", "10.61", "8.9", "7.3"]
        );
        // OSG's news: each dated entry names another component, so the
        // dates name the releases.
        let news = "# News\n\n## February 19, 2026: osg-configure 4.3.2\n\n- a\n\n\
                    ## February 5, 2026: XRootD 5.9.1\n\n- b\n\n\
                    ## November 20, 2025: Pelican 7.21.1\n\n- c\n";
        assert_eq!(
            versions(PageKind::Markdown, news),
            ["2026-02-19", "2026-02-05", "2025-11-20"]
        );
    }

    #[test]
    fn lines_of_one_shape_in_order_open_releases() {
        // lc0's changelog.txt: a release and its date, a rule under it.
        let lc0 = "v0.32.0 (2025-08-21)\n~~~~~~~\n* Support for building with cuda 13.\n\n\
                   v0.32.0-rc2 (2025-08-12)\n~~~~~~~\n* Fix a bug.\n\n\
                   v0.31.2 (2024-10-20)\n~~~~~~~\n* Updated openblas to 0.3.27.\n";
        assert_eq!(
            versions(PageKind::Text, lc0),
            ["v0.32.0", "v0.32.0-rc2", "v0.31.2"]
        );
        // Rules of any length around the words (LBANN's release notes).
        let lbann = "==== Release Notes: v0.104 ====\nBug fixes:\n - one\n\n\
                     ==== Release Notes: v0.103 ====\n - two\n\n\
                     ==== Release Notes: v0.102 ====\n - three\n";
        assert_eq!(
            versions(PageKind::Text, lbann),
            ["v0.104", "v0.103", "v0.102"]
        );
        // Out of order, they state components, no releases.
        let bumps = "Bump foo to 1.2.0 for all\n- a\n\nBump foo to 1.4.0 for all\n- b\n\n\
                     Bump foo to 1.3.0 for all\n- c\n";
        assert!(versions(PageKind::Text, bumps).is_empty());
        // Beside as many releases a reader knows, they are the releases'
        // own lines (Hailo's "Update to use HailoRT 4.13.0" under "v2.7").
        let hailo = "v2.8\n\nUpdate to use HailoRT 4.14.0 (zone)\n\nv2.7\n\n\
                     Update to use HailoRT 4.13.0 (zone)\n\nv2.6\n\nUpdate to use HailoRT 4.12.0 (zone)\n";
        assert_eq!(versions(PageKind::Text, hailo), ["v2.8", "v2.7", "v2.6"]);
        // Dradis' CHANGELOG: dates of any form after the releases, or none.
        let dradis = "v3.9 (January 2018)\n  - a\n\nv3.7 (July 2017)\n  - b\n\n\
                      v2.10\n  - c\n\nv2.9 (1st of February 2012)\n  - d\n";
        assert_eq!(
            versions(PageKind::Text, dradis),
            ["v3.9", "v3.7", "v2.10", "v2.9"]
        );
    }

    #[test]
    fn a_version_over_its_date_is_the_release() {
        // TestNG's CHANGES.txt: the release being made, then versions
        // alone, with a colon, with a remark, each over its date.
        let testng = "Current (7.13.0)\nFixed: one\n\n6.11\n2017/02/27\nFixed: two\n\n\
                      6.9.13.5 (Bad release)\n2016/09/23\n\n6.9.11:\n2016/03/26\nNew: three\n\n\
                      6.9.5:\n2015/07/12\nFixed: four\n";
        assert_eq!(
            versions(PageKind::Text, testng),
            ["7.13.0", "6.11", "6.9.11", "6.9.5"]
        );
        // A table's cell of a version and a remark with numbers over a
        // date: the date is a release (ABCI's system updates).
        let cells = "2025-10-15\nAdd\tnccl\t2.27.7-1 (for CUDA 13)\n2.28.3-1 (for CUDA 13)\n\
                     2025-09-29\nAdd\tgo\t1.25.1\n";
        assert_eq!(
            versions(PageKind::Text, cells),
            ["2025-10-15", "2025-09-29"]
        );
    }

    #[test]
    fn a_release_and_its_codename_beside_releases() {
        // Heroic's changelog: codenames after the releases of 2.x.
        let heroic = "# Changelog\n\n## 2.2.6 Oden - Hotfix 5\n\n- a\n\n## 2.1.0 Rayleigh\n\n- b\n\n\
                      ## 1.10.3\n\n- c\n\n## 1.10.2\n\n- d\n";
        assert_eq!(
            versions(PageKind::Markdown, heroic),
            ["2.2.6", "2.1.0", "1.10.3", "1.10.2"]
        );
        // A document's numbered parts under a release are none
        // (Clojure's CHANGES: "### 2.1 Add libraries for interactive use").
        let parts = "# Changes in Version 1.12.0\n\n### 2.1 Add libraries\n\n- a\n\n\
                     ### 2.2 Invoke tools\n\n- b\n\n# Changes in Version 1.11.0\n\n- c\n";
        assert_eq!(versions(PageKind::Markdown, parts), ["1.12.0", "1.11.0"]);
    }

    fn versions(kind: PageKind, text: &str) -> Vec<String> {
        let page = Page::read(kind, text).unwrap();
        releases(&page, Headings::built_in(), false)
            .map(|r| r.into_iter().map(|r| r.version).collect())
            .unwrap_or_default()
    }

    #[test]
    fn release_lines_glued_or_dated_by_month_names() {
        // Sigil's ChangeLog: a product glued to its release beside one
        // apart from it.
        let page = "Sigil 2.8.1\n   - a\n\nSigil-2.8.0\n   - b\n\nSigil-2.7.6\n   - c\n\n\
                    Sigil-2.7.5\n   - d\n\nSigil 0.9.2\n    - e\n";
        assert_eq!(
            versions(PageKind::Text, page),
            ["2.8.1", "2.8.0", "2.7.6", "2.7.5", "0.9.2"]
        );
        // draw.io's ChangeLog: dated lines of every month are one shape.
        let page = "03-DEC-2024: 25.0.2\n\n- a\n\n30-NOV-2024: 25.0.1\n\n- b\n\n\
                    29-NOV-2024: 25.0.0\n\n- c\n\n25-OCT-2024: 24.9.1\n\n- d\n";
        assert_eq!(
            versions(PageKind::Text, page),
            ["25.0.2", "25.0.1", "25.0.0", "24.9.1"]
        );
    }

    #[test]
    fn an_older_release_under_a_newer_one_headed_higher() {
        // axios' changelog: minor releases headed a level higher than the
        // patch releases after them, in two shapes.
        let page = "# Changelog\n\n# [1.3.0](https://x/compare) (2023-01-31)\n\n- a\n\n\
                    ## [1.2.6](https://x/compare) (2023-01-28)\n\n- b\n\n\
                    ## [1.2.2] - 2022-12-29\n\n- c\n\n## [1.2.1] - 2022-12-05\n\n- d\n";
        assert_eq!(
            versions(PageKind::Markdown, page),
            ["1.3.0", "1.2.6", "1.2.2", "1.2.1"]
        );
        // A release's numbered sections, in ascending order, stay its parts.
        let page = "# Tool 3.9.3 upgrade notes\n\n## Summary\n\n- a\n\n### 1.1 Framework\n\n- b\n\n\
                    ### 1.2 Fixes\n\n- c\n\n### 2.1 Other\n\n- d\n";
        assert_eq!(versions(PageKind::Markdown, page), Vec::<String>::new());
    }

    #[test]
    fn dated_release_lines_under_a_title_naming_no_release() {
        // jwx's Changes: a title, then "v2.1.1 Jul 28 2024" lines, their
        // dates written three ways.
        let page = "Changes\n=======\n\nv2.1.1 Jul 28 2024\n  * a\n\nv2.1.0 18 Jun 2024\n  * b\n\n\
                    v2.0.12 - 11 Aug 2023\n  * c\n\nv2.0.11 - 14 Jun 2023\n  * d\n";
        assert_eq!(
            versions(PageKind::Text, page),
            ["v2.1.1", "v2.1.0", "v2.0.12", "v2.0.11"]
        );
        // A feed's items naming a component's versions open no release.
        let page = "Software updates\n================\n\nNew version: devel/ollama version 0.32.14\nx\n\n\
                    New version: devel/ollama version 0.32.9\ny\n\nNew version: devel/ollama version 0.32.5\nz\n";
        assert!(versions(PageKind::Text, page).len() < 2);
    }

    #[test]
    fn a_releases_title_over_the_parts_of_its_services() {
        let page = "# Spinnaker Release 1.35.0\n\n# Changelog\n\n## [Clouddriver](#clouddriver) 5.86.0\n\n\
                    - fix one\n\n## [Deck](#deck) 3.18.0\n\n- fix two\n\n## [Echo](#echo) 2.42.0\n\n- fix three\n";
        assert!(versions(PageKind::Markdown, page).is_empty());
        // A changelog's releases under a title naming its series are its
        // releases still.
        let changelog = "# Foo 1.2\n\n## Foo 1.2.1\n\n- a\n\n## Foo 1.2.0\n\n- b\n";
        assert_eq!(versions(PageKind::Markdown, changelog), ["1.2.1", "1.2.0"]);
        // Parts whose headings are sentences about the release are no
        // services of it.
        let one = Page::read(
            PageKind::Markdown,
            "# XCP-ng 8.3 LTS\n\n- a\n\n## Status of XOSTOR in XCP-ng 8.4\n\n- b\n\n## XOSTOR and XCP-ng 8.5\n\n- c\n",
        )
        .unwrap();
        let at = |text: &str| {
            one.lines
                .iter()
                .position(|(_, l)| l.contains(text))
                .unwrap()
        };
        let starts = [
            (0, Start::Heading(1), "8.3".to_string()),
            (at("Status"), Start::Heading(2), "8.4".to_string()),
            (at("XOSTOR and"), Start::Heading(2), "8.5".to_string()),
        ];
        assert!(!parts_of_components(&one, &starts));
    }

    #[test]
    fn a_products_release_lines_with_their_dates_in_brackets() {
        let text = "Nmap 7.991 [2026-08-06]\n\no Upgraded included OpenSSL to version 3.0.21.\n\n\
                    Nmap 7.99 [2026-03-01]\n\no Upgraded included libraries: zlib 1.3.2\n";
        assert_eq!(versions(PageKind::Text, text), ["7.991", "7.99"]);
    }

    #[test]
    fn parts_of_changes_since_a_release_are_the_next_release() {
        let page = "# Git for Windows v2.55.0(3) Release Notes\n\nIntro.\n\n\
             ## Changes since Git for Windows v2.55.0(2) (July 2nd 2026)\n\n- Comes with Git v2.55.0\n\n\
             ## Changes since Git for Windows v2.55.0 (June 2nd 2026)\n\n- Comes with OpenSSH v10.3\n\n\
             ## Changes since Git for Windows v2.54.0 (May 2nd 2026)\n\n- Comes with cURL v8.20.0\n";
        assert_eq!(
            versions(PageKind::Markdown, page),
            ["v2.55.0.3", "v2.55.0.2", "v2.55.0"]
        );
        assert_eq!(
            of_title("Git for Windows v2.55.0(3) Release Notes").as_deref(),
            Some("v2.55.0.3")
        );
    }

    #[test]
    fn an_unresolved_macro_is_no_part_of_a_title() {
        assert_eq!(
            of_title("Percona Distribution for PostgreSQL 17.0.1 ({{date.17_0}})").as_deref(),
            Some("17.0.1")
        );
        assert_eq!(
            of_title("Release 2.1 {{< badge >}}").as_deref(),
            Some("2.1")
        );
    }

    #[test]
    fn a_products_name_glued_to_its_release_is_no_part_of_it() {
        assert_eq!(
            of_title("RubyInstaller-3.3.12-1 - 2026-07-21").as_deref(),
            Some("3.3.12-1")
        );
        assert_eq!(of_title("ginza-5.2.0").as_deref(), Some("5.2.0"));
        assert_eq!(
            of_title(
                "Changes compared to [RubyInstaller-3.2.2-1](CHANGELOG-3.2.md#rubyinstaller-322-1)"
            ),
            None
        );
        assert_eq!(of_title("cuda-12-4").as_deref(), None);
    }

    #[test]
    fn a_headings_attributes_are_no_part_of_its_title() {
        assert_eq!(
            of_title("v2.0.0-rc.4 {date=\"2020-11-05\"}").as_deref(),
            Some("v2.0.0-rc.4")
        );
        assert_eq!(of_title("1.4.2 {#v142 .new}").as_deref(), Some("1.4.2"));
    }

    #[test]
    fn a_table_of_images_below_the_releases_own_stays_its_text() {
        // MosaicML's docker README: Composer's rows, then the PyTorch
        // images Composer is built on.
        let text = "# Docker\n\n\
                    | Composer Version | CUDA Support | Docker Tag |\n|--|--|--|\n\
                    | 0.31.0 | Yes | `mosaicml/composer:0.31.0` |\n\
                    | 0.31.0 | No | `mosaicml/composer:0.31.0_cpu` |\n\n\
                    ## PyTorch Images\n\n\
                    | Linux Distro | PyTorch Version | CUDA Version | Docker Tags |\n|--|--|--|--|\n\
                    | Ubuntu 22.04 | 2.7.0 | 12.6.3 | `mosaicml/pytorch:latest`, `mosaicml/pytorch:2.7.0_cu126` |\n\
                    | Ubuntu 22.04 | 2.6.0 | 12.4.1 | `mosaicml/pytorch:2.6.0_cu124` |\n";
        let page = Page::read(PageKind::Markdown, text).unwrap();
        let keys = |wanted| {
            let (rows, lines) = table_rows(&page, Headings::built_in(), None, wanted);
            let keys: Vec<String> = rows.iter().flat_map(|r| r.keys.clone()).collect();
            (keys, lines.len())
        };
        let (every, every_lines) = keys(None);
        assert!(every.iter().any(|k| k.contains("2.7.0_cu126")), "{every:?}");
        let (asked, asked_lines) = keys(Some("0.31.0"));
        assert!(asked.iter().all(|k| k.starts_with("0.31.0")), "{asked:?}");
        assert!(asked_lines < every_lines);
    }

    #[test]
    fn tables_of_one_family_of_releases_add_up() {
        // EasyBuild's `foss` and `intel` toolchains, by generation.
        let page = Page::read(
            PageKind::Markdown,
            "# Toolchains\n\n\
             | `foss` | *binutils* | *GCC* | *Open MPI* |\n|--|--|--|--|\n\
             | `2026.1` | 2.45 | 15.2.0 | 5.0.10 |\n| `2025b` | 2.44 | 14.3.0 | 5.0.8 |\n\n\
             And `intel`:\n\n\
             | `intel` | *binutils* | *GCC* | *Intel MPI* | *Intel MKL* |\n|--|--|--|--|--|\n\
             | `2026.1` | 2.45 | 15.2.0 | 2021.17.2 | 2025.3.1 |\n| `2025b` | 2.44 | 14.3.0 | 2021.16.1 | 2025.2.0 |\n",
        )
        .unwrap();
        let (rows, lines) = table_rows(&page, Headings::built_in(), None, None);
        let cut = of_rows(&page, &rows, &lines);
        let versions: Vec<&str> = cut.iter().map(|r| r.version.as_str()).collect();
        assert_eq!(versions, ["2026.1", "2025b"]);
        let second: Vec<&str> = cut[1].page.lines.iter().map(|(_, l)| l.as_str()).collect();
        assert!(second.contains(&"| OpenMPI | 5.0.8 |"), "{second:?}");
        assert!(second.contains(&"| Intel-MKL | 2025.2.0 |"), "{second:?}");
        assert_eq!(second.iter().filter(|l| l.starts_with("| GCC ")).count(), 1);
    }

    #[test]
    fn a_codename_glued_to_its_release() {
        assert_eq!(
            of_title("[Orca.4.19552][2024-11-22]").as_deref(),
            Some("4.19552")
        );
        assert_eq!(
            of_title("[BREAKMEIFYOUCAN!.4.21611][2026-04-14]").as_deref(),
            Some("4.21611")
        );
        assert_eq!(
            of_title("[Daddy Iceman.4.20469][2025-06-16]").as_deref(),
            Some("4.20469")
        );
        assert_eq!(after_codename("v1.2.3"), "v1.2.3");
        assert_eq!(of_title("[2014-11-XX] 0.32").as_deref(), Some("0.32"));
        assert_eq!(of_title("[2026-03-07] 6.0").as_deref(), Some("6.0"));
    }

    #[test]
    fn a_release_headed_again_in_another_shape_is_a_part() {
        let text = "## 25.02.0 / 2025-02-10 Release\n\n- a\n\n## New Features in 24.11.1\n\n- b\n\n\
                    ## 24.11.1 / 2024-11-25 Release\n\n- c\n\n## 24.11.0 / 2024-11-04 Release\n\n- d\n";
        assert_eq!(
            versions(PageKind::Markdown, text),
            ["25.02.0", "24.11.1", "24.11.0"]
        );
    }

    #[test]
    fn a_pre_release_is_no_release_of_its_numbers() {
        let text =
            "# Release v2.7.0\n\n- a\n\n# Release v2.7.0-beta\n\n- b\n\n# Release v2.6.0\n\n- c\n";
        assert_eq!(
            versions(PageKind::Markdown, text),
            ["v2.7.0", "v2.7.0-beta", "v2.6.0"]
        );
    }

    #[test]
    fn releases_as_dated_items_and_capital_v_lines() {
        let items = "History\n-------\n\n* 0.22.0 (2025-11-17)\n    * Faster.\n\n* 0.21.0 (2025-05-04)\n    * Smaller.\n\n* 0.20.4\n";
        assert_eq!(versions(PageKind::Markdown, items), ["0.22.0", "0.21.0"]);
        let text = "History\n\nV1.7\n\n- Faster.\n\nV1.6\n\n- Smaller.\n";
        assert_eq!(versions(PageKind::Text, text), ["v1.7", "v1.6"]);
        // gretl's ChangeLog.
        let gretl = "version 2026c, in progress\n- new function\n\n2026-04-30 version 2026b\n- Mac builds: update GTK3 to version 3.24.52\n";
        assert_eq!(versions(PageKind::Text, gretl), ["2026c", "2026b"]);
        // A plain-text changelog's build lines under a setext heading.
        let builds = "Changes\n-------\n\n1.1.1b32Q (2026/04/11)\n  - Java 17\n\n1.1.1b31Q (2025/10/28)\n  - x\n";
        assert_eq!(versions(PageKind::Text, builds), ["1.1.1b32Q", "1.1.1b31Q"]);
        // A version alone in a list is anything's.
        let support = "Supported\n\n- 3.9\n- 3.10\n";
        assert!(versions(PageKind::Markdown, support).is_empty());
        // ComfyUI-Nvidia-Docker's changelog: a release and its changes an
        // item.
        let entries = "# Changelog\n\n- 20250607: Added `USE_SOCAT` + added CUDA 12.9 build.\n\
                       - 20250503: Future proof (Release 2.12) scripts\n- 20240810: Initial Release\n";
        assert_eq!(
            versions(PageKind::Markdown, entries),
            ["20250607", "20250503", "20240810"]
        );
        let news = "# Tool\n\n- 2024-08-23: Faster (v2.0.0)\n- 2024-05-20: Smaller (v1.4.1)\n\n## Install\n\nRun it.\n";
        assert!(versions(PageKind::Markdown, news).is_empty());
        // Introduced as a version history, they are the releases whatever
        // follows them (datamachines' image README).
        let history = "# Images\n\nVersion history:\n- `20220530`: Building FFmpeg 4.4.2\n- `20220815`: Update to OpenCV 4.6.0\n\n## Install\n\nRun it.\n";
        assert_eq!(
            versions(PageKind::Markdown, history),
            ["20220530", "20220815"]
        );
        let supported = "Supported\n\n- 3.9: the oldest\n- 3.10: the default\n";
        assert!(versions(PageKind::Markdown, supported).is_empty());
        let minors = "Supported\n\n- 3.9:\n  the oldest\n- 3.10:\n  the default\n";
        assert!(versions(PageKind::Markdown, minors).is_empty());
        // KanTV's ChangeLog: a release and a colon, or its date after a
        // comma.
        let kantv = "### ChangeLog\n- v0.0.1:\n\n    launched\n\n- v0.0.2:\n\n    more\n\n\
                     - v1.3.5 2024-03-25,\n\n    faster\n\n- v1.5.0, 2025-02-11,\n\n    smaller\n";
        assert_eq!(
            versions(PageKind::Markdown, kantv),
            ["v0.0.1", "v0.0.2", "v1.3.5", "v1.5.0"]
        );
        // modernc's sqlite CHANGELOG: the date first, an item indented by
        // one space, its changes nested under it.
        let date_first = "# Changelog\n\n - 2026-09-01 v1.58.0:\n     - Upgrade to SQLite 3.53.4.\n\n \
                          - 2026-08-19 v1.57.0:\n     - Faster.\n\n \
                          - 2026-04-17 v1.49.0: Upgrade to SQLite 3.53.0.\n\n \
                          - 2023-12-14: v1.28.0: Add a hook.\n";
        assert_eq!(
            versions(PageKind::Markdown, date_first),
            ["v1.58.0", "v1.57.0", "v1.49.0", "v1.28.0"]
        );
        // Dated items next to each other, each saying its change on its
        // own line, are no menu of releases; the change is the release's.
        let said = "# Changelog\n\n - 2026-01-19 v1.44.3: Resolves issue #243.\n\n \
                    - 2026-01-18 v1.44.2: Upgrade to SQLite 3.51.2.\n\n \
                    - 2026-01-13 v1.44.0: Upgrade to SQLite 3.51.1.\n\n \
                    - 2026-01-08 v1.43.0:\n     - Add IsReadOnly.\n";
        let page = Page::read(PageKind::Markdown, said).unwrap();
        let releases = releases(&page, Headings::built_in(), false).unwrap();
        let got: Vec<(&str, Vec<&str>)> = releases
            .iter()
            .map(|r| {
                let lines = r
                    .page
                    .lines
                    .iter()
                    .skip(1)
                    .map(|(_, l)| l.as_str())
                    .collect();
                (r.version.as_str(), lines)
            })
            .collect();
        assert_eq!(
            got,
            [
                ("v1.44.3", vec!["- Resolves issue #243."]),
                ("v1.44.2", vec!["- Upgrade to SQLite 3.51.2."]),
                ("v1.44.0", vec!["- Upgrade to SQLite 3.51.1."]),
                ("v1.43.0", vec!["  - Add IsReadOnly."]),
            ]
        );
    }

    #[test]
    fn days_entries_under_headings_of_months() {
        // TTS Generation WebUI's changelog: a day's entry named by its day
        // and the heading's year (an entry of May under June's heading too).
        let page = "# Changelog 2024\n\n## November 2024\n\nNov 23:\n* Wheels.\n\n\
                    Nov 15:\n* upgrade to gradio 5.5.0\n\n## June 2024\n\nJune 21:\n* Pin.\n\n\
                    May 17:\n* Fix.\n";
        assert_eq!(
            versions(PageKind::Markdown, page),
            ["2024-11-23", "2024-11-15", "2024-06-21", "2024-05-17"]
        );
        // Months without days' entries stay the releases.
        let monthly = "# News\n\n## November 2024\n\n* a\n\n## October 2024\n\n* b\n";
        assert_eq!(
            versions(PageKind::Markdown, monthly),
            ["2024-11", "2024-10"]
        );
    }

    #[test]
    fn the_fixes_of_a_point_release_are_a_part_of_its_release() {
        // LuxCore's release notes.
        let text = "### Release v2.6\n\n### New Features\n\n- a\n\n### Fixed Bugs\n\n- b\n\n\
                    ### Fixed Bugs in v2.6.1\n\n- c\n";
        assert_eq!(versions(PageKind::Markdown, text), Vec::<String>::new());
        // Releases of their own stay releases.
        let text = "## 2.7.0\n\n- a\n\n## 2.6.1\n\n- c\n\n## 2.6\n\n- d\n";
        assert_eq!(
            versions(PageKind::Markdown, text),
            ["2.7.0", "2.6.1", "2.6"]
        );
    }

    #[test]
    fn a_components_chained_bumps_under_release_headings_are_no_releases() {
        // face_detection_tflite's changelog.
        let text = "## 5.0.13\n\n* Update flutter_litert 2.0.10 -> 2.0.11\n\n## 5.0.12\n\n* Docs\n\n\
                    ## 5.0.11\n\n* Update flutter_litert 2.0.8 -> 2.0.10\n\n\
                    ## 5.0.10\n\n* Update flutter_litert 2.0.6 -> 2.0.8\n";
        assert_eq!(
            versions(PageKind::Markdown, text),
            ["5.0.13", "5.0.12", "5.0.11", "5.0.10"]
        );
    }

    #[test]
    fn release_lines_beside_release_headings_of_their_words() {
        // Vortice.Windows' changelog: older releases set as headings by a
        // rule under them, newer ones not.
        let text = "# Changelog\n\n-----\nRelease:     3.8.3 (February 2026)\n- [ENH] a\n\n\
                    -----\nRelease:     3.8.2 (January 2026)\n- [ENH] b\n\n\
                    -----\nRelease:     3.8.1 (December 2025)\n- [ENH] b\n\n\
                    -----\nRelease:     2.4.2  (March 2023)\n-----\n- [ENH] c\n\n\
                    -----\nRelease:     2.1.32 (September 2022)\n-----\n- [ENH] d\n";
        assert_eq!(
            versions(PageKind::Markdown, text),
            ["3.8.3", "3.8.2", "3.8.1", "2.4.2", "2.1.32"]
        );
    }

    #[test]
    fn headings_each_naming_another_component_are_no_releases() {
        // tensorrt_inference's INSTALL.md.
        let page = Page::read(
            PageKind::Markdown,
            "# **Depends**\n\n## **TensoRT 7.1.3.4**\n- [download](https://x.y/trt)\n\n\
             ## **OpenCV 4.3.0**\n- [download](https://x.y/cv)\n\n## **yaml-cpp 0.6.3**\n- build it\n",
        )
        .unwrap();
        assert!(releases(&page, Headings::built_in(), false).is_none());
        // Releases with their dates are releases.
        let page = Page::read(
            PageKind::Markdown,
            "## [r26.08] 2026-08-03\n- a\n\n## [r26.06] 2026-06-19\n- b\n\n## [r26.04] 2026-04-10\n- c\n",
        )
        .unwrap();
        assert_eq!(
            releases(&page, Headings::built_in(), false).map(|r| r.len()),
            Some(3)
        );
        // A product's releases repeat its name.
        let page = Page::read(
            PageKind::Markdown,
            "## Tool 1.2.0\n- a\n\n## Tool 1.1.0\n- b\n\n## Tool 1.0.0\n- c\n",
        )
        .unwrap();
        assert_eq!(
            releases(&page, Headings::built_in(), false).map(|r| r.len()),
            Some(3)
        );
    }

    #[test]
    fn release_lines_of_a_readme_whose_numbered_headings_name_no_release() {
        // openedai-speech's README: "Version 0.18.2, 2024-08-16" lines under
        // "## Recent Changes", headings "ARM64 (…)" and "Coqui XTTS v2" below.
        let text = "# Speech\n\n## Recent Changes\n\nVersion 0.18.2, 2024-08-16\n\n* fix docker\n\n\
                    Version 0.18.1, 2024-08-15\n\n* refactor\n\nVersion 0.18.0, 2024-08-15\n\n\
                    * torch 2.3\n\n## Installation\n\n#### ARM64 (Apple M-series, Raspberry Pi)\n\n\
                    Run it.\n\n### Coqui XTTS v2\n\nSamples.\n";
        assert_eq!(
            versions(PageKind::Markdown, text),
            ["0.18.2", "0.18.1", "0.18.0"]
        );
    }

    #[test]
    fn a_heading_of_two_releases_made_at_once() {
        let text = "MateriApps LIVE! Release 5.0/4.2 (2025/02/26)\n===\n\n- ovito (3.10.2)\n\n\
                    MateriApps LIVE! Release 4.0/3.4 (2022/09/19)\n===\n\n- eigen3 (3.4.0)\n";
        assert_eq!(
            versions(PageKind::Markdown, text),
            ["5.0", "4.2", "4.0", "3.4"]
        );
        assert_eq!(
            twin_release("Release 5.0/4.2", "5.0").as_deref(),
            Some("4.2")
        );
        assert_eq!(twin_release("CUDA 12.4/12.6.1", "12.4"), None);
        assert_eq!(
            twin_release("DeepStream 6.0.1 / 6.0 on x86 platform", "6.0.1").as_deref(),
            Some("6.0")
        );
        assert_eq!(twin_release("CUDA 12.6.1/12.4", "12.6.1"), None);
        assert_eq!(twin_release("v2.1 / docs", "2.1"), None);
    }

    #[test]
    fn releases_named_by_their_moment() {
        // An SDK generator's RELEASES.md: several releases a day.
        assert_eq!(
            of_title("2025-10-18 05:44:43").as_deref(),
            Some("2025-10-18T054443")
        );
        assert_eq!(
            of_title("2025-10-18T05:44Z").as_deref(),
            Some("2025-10-18T0544")
        );
        assert_eq!(of_title("2025-10-18").as_deref(), Some("2025-10-18"));
    }

    #[test]
    fn tags_that_are_the_stack_they_hold() {
        // An image's README listing its tags in a code block, no release
        // before any of them: each tag names its release.
        let page = Page::read(
            PageKind::Markdown,
            "Available tags:\n```\ncuda-11.8.0-pytorch-1.13.0-ubuntu-22.04\n\
             cuda-11.7.1-pytorch-1.13.0-ubuntu-20.04\n```\n",
        )
        .unwrap();
        let (tagged, _) = of_tags(&page, None).unwrap();
        let versions: Vec<&str> = tagged.iter().map(|r| r.version.as_str()).collect();
        assert_eq!(
            versions,
            [
                "cuda-11.8.0-pytorch-1.13.0-ubuntu-22.04",
                "cuda-11.7.1-pytorch-1.13.0-ubuntu-20.04"
            ]
        );
        let lines: Vec<&str> = tagged[1]
            .page
            .lines
            .iter()
            .map(|(_, l)| l.as_str())
            .collect();
        assert!(lines.contains(&"| Ubuntu | 20.04 |"), "{lines:?}");
        // A tag stating one component names no stack.
        assert!(stack_tag("torch-2.1.0").is_none());
    }

    #[test]
    fn a_registrys_list_of_tags() {
        // A Docker Hub README's "Supported tags", as Markdown gives it.
        let page = Page::read(
            PageKind::Markdown,
            "## Supported tags\n\n- `latest`\n  - points to `1.27.0-py3.13-ubuntu24.04`\n\
             - `1.27.0`, `1.27.0-py3.13-alpine3.22`\n- `1.27.0-py3.13-ubuntu24.04`, `latest`\n\
             - `1.18.0`, `1.18.0-py3.12-alpine3.19`\n- `1.18.0-py3.12-ubuntu22.04`\n",
        )
        .unwrap();
        let lines =
            |r: &Release| -> Vec<String> { r.page.lines.iter().map(|(_, l)| l.clone()).collect() };
        let (ubuntu, report) = of_tags(&page, Some("ubuntu")).unwrap();
        assert_eq!(
            report.as_deref(),
            Some(
                "of each release's tags, those like `1.27.0-py3.13-ubuntu24.04` were read; those like `1.27.0-py3.13-alpine3.22` were left (--column names the variant to read)"
            )
        );
        let versions: Vec<&str> = ubuntu.iter().map(|r| r.version.as_str()).collect();
        assert_eq!(versions, ["1.27.0", "1.18.0"]);
        assert_eq!(
            lines(&ubuntu[1]),
            ["| Python | 3.12 |", "| Ubuntu | 22.04 |"]
        );
        // Without a column: the first variant listed.
        let (first, _) = of_tags(&page, None).unwrap();
        assert_eq!(lines(&first[1]), ["| Python | 3.12 |", "| Alpine | 3.19 |"]);
        // Releases alone name no image's variants.
        let bare = Page::read(PageKind::Markdown, "- `1.2.0`\n- `1.1.0`\n").unwrap();
        assert!(of_tags(&bare, None).is_none());
    }

    #[test]
    fn tags_described_by_what_they_hold() {
        // gw0's docker-keras: a release's tags parted by `/`, its date, then
        // the versions its images hold joined by ` + `.
        let page = Page::read(
            PageKind::Markdown,
            "Available tags:\n\n\
             - `2.1.4-py2-tf-cpu`/`2.1.4-py3-tf-cpu` [2018-02-15]: *Python 2.7/3.5* + *Keras* <small>(2.1.4)</small> + *TensorFlow* <small>(1.5.0)</small> on CPU/GPU\n\
             - `2.1.4-py2-th-cpu`/`2.1.4-py3-th-cpu` [2018-02-15]: *Python 2.7/3.5* + *Keras* <small>(2.1.4)</small> + *Theano* <small>(1.0.1)</small> on CPU/GPU\n\
             - `1.0.1-py2-th-cpu`/`1.0.1-py2-th-gpu` [2016-04-16]: *Python 2.7* + *Keras* <small>(1.0.1)</small> + *Theano* <small>(0.8.1)</small> on CPU/GPU\n",
        )
        .unwrap();
        let (tagged, _) = of_tags(&page, None).unwrap();
        let versions: Vec<&str> = tagged.iter().map(|r| r.version.as_str()).collect();
        assert_eq!(versions, ["2.1.4", "1.0.1"]);
        let holds =
            |release: &Release, line: &str| release.page.lines.iter().any(|(_, l)| l == line);
        for line in [
            "| Python | 2.7 |",
            "| Keras | 2.1.4 |",
            "| TensorFlow | 1.5.0 |",
            "| Theano | 1.0.1 |",
        ] {
            assert!(
                holds(&tagged[0], line),
                "{line}: {:?}",
                tagged[0].page.lines
            );
        }
        assert!(holds(&tagged[1], "| Theano | 0.8.1 |"));
        assert!(!holds(&tagged[1], "| TensorFlow | 1.5.0 |"));
        // A description of one tag alone is no list of a release's tags.
        assert!(listed_tags("- `2.1.4` [2018-02-15]: Keras (2.1.4)").is_none());
        assert_eq!(
            described_components("Python 2.7/3.5 + Keras (2.1.4) + Theano (1.0.1) on CPU/GPU"),
            [
                ("Python".to_string(), "2.7".to_string()),
                ("Keras".to_string(), "2.1.4".to_string()),
                ("Theano".to_string(), "1.0.1".to_string())
            ]
        );
    }

    #[test]
    fn images_heading_their_parts_hold_their_parts() {
        // GPU-Jupyter's versions page: each image heads its own printout.
        let text = "# Versions\n\n## cschranz/gpu-jupyter:v1.10_cuda-12.9\n\nnumpy 2.3.5\n\n\
                    ## cschranz/gpu-jupyter:v1.9_cuda-12.6\n\nnumpy 2.0.2\n";
        let page = Page::read(PageKind::Markdown, text).unwrap();
        let images = of_images(&page).unwrap();
        let holds =
            |release: &Release, line: &str| release.page.lines.iter().any(|(_, l)| l == line);
        assert_eq!(images.len(), 2);
        assert!(holds(&images[0], "numpy 2.3.5") && !holds(&images[0], "numpy 2.0.2"));
        assert!(holds(&images[1], "numpy 2.0.2") && !holds(&images[1], "numpy 2.3.5"));
        // The tag's `ubuntu-24.04` gives way to the part's more precise
        // line.
        let text = "## cschranz/gpu-jupyter:v1.10_ubuntu-24.04\n\n```\n\
                    PRETTY_NAME=\"Ubuntu 24.04.3 LTS\"\n```\n\n\
                    ## cschranz/gpu-jupyter:v1.9_ubuntu-22.04\n\nnumpy 2.0.2\n";
        let page = Page::read(PageKind::Markdown, text).unwrap();
        let images = of_images(&page).unwrap();
        assert!(
            !holds(&images[0], "| Ubuntu | 24.04 |"),
            "{:?}",
            images[0].page.lines
        );
        assert!(
            holds(&images[1], "| Ubuntu | 22.04 |"),
            "{:?}",
            images[1].page.lines
        );
    }

    #[test]
    fn a_keep_a_changelog_heading_names_the_release_in_brackets() {
        assert_eq!(of_title("[r26.08] 2026-08-03").as_deref(), Some("r26.08"));
        assert_eq!(of_title("[1.2.0] - 2025-01-01").as_deref(), Some("1.2.0"));
        assert_eq!(of_title("[unreleased]"), None);
        assert_eq!(
            of_title("0.4.1 Current Production Release").as_deref(),
            Some("0.4.1")
        );
        assert_eq!(of_title("0.2.11 LTS").as_deref(), Some("0.2.11"));
        assert_eq!(of_title("4.1 Supported models"), None);
        assert_eq!(of_title("tag k0.8.8").as_deref(), Some("0.8.8"));
        // The edition a release was made for, in brackets.
        assert_eq!(of_title("r245.3 [XXL]:").as_deref(), Some("r245.3"));
        assert_eq!(of_title("Support [GPU]:"), None);
        assert_eq!(of_title("Changelog since 3.0.0rc14"), None);
        assert_eq!(of_title("1.7.7(Apr 11, 2024)").as_deref(), Some("1.7.7"));
        assert_eq!(of_title("ginza-5.2.0").as_deref(), Some("5.2.0"));
        assert_eq!(of_title("ja_ginza_nopn-1.0.2").as_deref(), Some("1.0.2"));
        assert_eq!(
            of_title("ubuntu-22.04-jdk-17-ndk-r21e").as_deref(),
            Some("ubuntu-22.04-jdk-17-ndk-r21e")
        );
        assert!(names_unreleased("## [Unreleased]"));
        assert!(names_unreleased("tag next"));
        assert!(!names_unreleased("## Next steps"));
        assert_eq!(of_title("tag n0.2.2:").as_deref(), Some("0.2.2"));
        assert_eq!(
            of_title("`ubuntu-22.04-jdk-17-ndk-r26b` (`latest`, `sdk-53`)").as_deref(),
            Some("ubuntu-22.04-jdk-17-ndk-r26b")
        );
        assert_eq!(
            of_title("`macos-sequoia-15.5-xcode-26.0` (recommended for SDK 53 if you want to use Xcode 26.0)").as_deref(),
            Some("macos-sequoia-15.5-xcode-26.0")
        );
        assert_eq!(
            of_title("v1.2.0-rc.2 - \\[2023-07-05\\]").as_deref(),
            Some("v1.2.0-rc.2")
        );
        assert_eq!(of_title("v1.2.0 (2023-07-18)").as_deref(), Some("v1.2.0"));
    }

    #[test]
    fn a_text_changelogs_releases_named_with_their_dates() {
        // OpenHPC's ChangeLog.
        assert_eq!(
            versions(
                PageKind::Text,
                "Version 3.0 (15 September 2023)\n\n[General Updates]\n\n  * a\n\n\
                 Version 2.6.1 (08 Feb 2023)\n\n  * b\n\nVersion 2.6 (16 Nov 2022)\n\n  * c\n"
            ),
            ["3.0", "2.6.1", "2.6"]
        );
        assert_eq!(
            named("Version 2.6 (16 Nov 2022)"),
            Some(("Version".to_string(), "2.6".to_string()))
        );
        assert_eq!(named("Version 2.6 (see notes)"), None);
        assert_eq!(
            named("Changes in 5.0.0 (upcoming)"),
            Some(("Changes in".to_string(), "5.0.0".to_string()))
        );
        // Tor Browser's ChangeLog.
        assert_eq!(
            named("Tor Browser 16.0a9 - July 23 2026"),
            Some(("Tor Browser".to_string(), "16.0a9".to_string()))
        );
        assert_eq!(named("Tor Browser 16.0a9 - see below"), None);
        // Camunda's compatibility table: a footnote's mark after a release.
        assert_eq!(tables::release_keys("1.0.0*"), ["1.0.0"]);
    }

    #[test]
    fn a_log_entry_opening_with_its_date_is_that_dates_release() {
        assert_eq!(
            of_title("2026-01-07: NVIDIA driver, SHS 13.0.0, and DKMS migration").as_deref(),
            Some("2026-01-07")
        );
        assert_eq!(
            of_title("2026-08-19; HPCM, PE, NVIDIA driver updates").as_deref(),
            Some("2026-08-19")
        );
    }

    #[test]
    fn a_version_label_after_a_name_is_that_names() {
        let own = |lines: &[&str]| -> Vec<(usize, String)> {
            lines
                .iter()
                .enumerate()
                .map(|(i, l)| (i + 1, l.to_string()))
                .collect()
        };
        assert_eq!(
            labelled(&own(&[
                "## 2026-08-19",
                "- NVIDIA driver Driver Version: 580.65.06"
            ])),
            None
        );
        assert_eq!(
            labelled(&own(&["## Dec 9, 2024", "Major: Image Version: 24.12.09"])).as_deref(),
            Some("24.12.09")
        );
        assert_eq!(
            labelled(&own(&["## Dec 9, 2024", "- Version: `24.12.09`"])).as_deref(),
            Some("24.12.09")
        );
    }

    #[test]
    fn a_changelog_is_cut_into_its_releases() {
        let page = Page::read(
            PageKind::Markdown,
            "# Changelog\n\nIntro.\n\n## PyTorch 2.13 — 2026-07-20\n\n### Highlights\n\n- a\n\n\
             ## PyTorch 2.12 — 2026-07-02\n\n### Highlights\n\n- b\n\n\
             ## PyTorch 2.11 — 2026-04-30\n\n### Highlights\n\n- c\n\n| x | 1.",
        )
        .unwrap();
        let cut = releases(&page, Headings::built_in(), false).unwrap();
        let versions: Vec<&str> = cut.iter().map(|r| r.version.as_str()).collect();
        assert_eq!(versions, ["2.13", "2.12", "2.11"]);
        let s = split(&cut[0].page, Headings::built_in());
        assert_eq!(s.titles, ["Changelog", "PyTorch 2.13 — 2026-07-20"]);
        assert_eq!(s.preamble, [(3, "Intro.".to_string())]);
        assert_eq!(s.sections.len(), 1);
        assert_eq!(s.sections[0].body, [(9, "- a".to_string())]);
        assert_eq!(s.stated_version().as_deref(), Some("2.13"));
        // The introduction is the newest release's; each keeps the title.
        let s = split(&cut[1].page, Headings::built_in());
        assert_eq!(s.titles, ["Changelog", "PyTorch 2.12 — 2026-07-02"]);
        assert!(s.preamble.is_empty());
        assert_eq!(s.sections[0].body, [(15, "- b".to_string())]);
        assert_eq!(s.stated_version().as_deref(), Some("2.12"));
        // Only the last release ends where the page does.
        assert_eq!(cut[1].page.cut, None);
        assert_eq!(cut[2].page.cut, Some(crate::lines::Cut::Table));
        assert!(versions_of_md("# PyTorch 2.6\n\n## Highlights\n\n- a\n").is_empty());
    }

    fn versions_of_md(text: &str) -> Vec<String> {
        versions(PageKind::Markdown, text)
    }

    #[test]
    fn image_tags_over_their_stacks() {
        // A lab's list of its images: each tag over the stack it holds (a
        // quote's lines kept apart by their hard breaks).
        let images = "# Images\n\n## Latest\n\n**based on nvidia/cuda:12.1.1**\n\n\
                      > cu121-py38-u20  \n> cuda: 12.1.1 / pytorch: cu121 / python3.8.17 / ubuntu20.04\n\n\
                      > cu121-py39-u20  \n> cuda: 12.1.1 / pytorch: cu121 / python3.9.18 / ubuntu20.04\n\n\
                      ## Special\n\n> **opengl-cu121**  \n\
                      > cuda: 12.1.1 / python: 3.11.7 / ubuntu20.04 / gcc / g++ / opengl libraries: glfw\n";
        assert_eq!(
            versions_of_md(images),
            ["cu121-py38-u20", "cu121-py39-u20", "opengl-cu121"]
        );
        // One tag alone is a page's example, no list of releases; a tag
        // over a line of fewer versions names no release.
        let one = "# Images\n\n## Latest\n\n> cu121-py38-u20  \n\
                   > cuda: 12.1.1 / python3.8.17 / ubuntu20.04\n";
        assert!(versions_of_md(one).is_empty());
        let thin = "# Images\n\n## Latest\n\n> cu121-py38-u20  \n> cuda: 12.1.1 / gcc / g++\n\n\
                    > cu121-py39-u20  \n> cuda: 12.1.1 / gcc / g++\n";
        assert!(versions_of_md(thin).is_empty());
    }

    #[test]
    fn a_release_after_the_one_before_it_and_one_number_with_its_date() {
        // Luanti's changelog; Yamagi Quake II's CHANGELOG.
        let arrows =
            "# Changelog\n\n## 5.15.0 → 5.16.0\n\n- fix one\n\n## 5.14.0 → 5.15.0\n\n- fix two\n";
        assert_eq!(versions_of_md(arrows), ["5.16.0", "5.15.0"]);
        let quake = "Quake II 8.60 to 8.70:\n- fix one\n\nQuake II 8.51 to 8.60:\n- fix two\n\n\
                     Quake II 8.50 to 8.51:\n- fix three\n";
        assert_eq!(versions(PageKind::Text, quake), ["8.70", "8.60", "8.51"]);
        // A migration guide's steps name no release (Urho3D's).
        assert_eq!(after_previous("From 1.4 to 1.5:"), None);
        // FreeOrion SDK's changelog: "v18 - 2026-04-05", the next one's day
        // not known yet.
        let sdk =
            "# Changelog\n\n## v19 - ????-??-??\n\n- fix one\n\n## v18 - 2026-04-05\n\n- fix two\n";
        assert_eq!(versions_of_md(sdk), ["19", "18"]);
        // DOSBox-X's CHANGELOG: a release named with dots, as written.
        let dotted =
            "2026.08.02\n  - fix one\n\n2026.07.02\n  - fix two\n\n2026.06.02\n  - fix three\n";
        assert_eq!(
            versions(PageKind::Text, dotted),
            ["2026.08.02", "2026.07.02", "2026.06.02"]
        );
    }

    #[test]
    fn a_version_word_and_a_release_ending_in_a_colon_open_a_release() {
        let news = "Version 1.11:\n * fix a leak.\n\nVersion 1.08:\n * update MeCab to version 0.996.\n\n\
                    Version 1.07:\n * fix another leak.\n";
        assert_eq!(versions(PageKind::Text, news), ["1.11", "1.08", "1.07"]);
        assert_eq!(label("  Version 1.11:"), None);
    }

    #[test]
    fn a_tag_of_a_release_word_and_its_numbers_names_the_release() {
        assert_eq!(of_title("Release_2026.09.1").as_deref(), Some("2026.09.1"));
        assert_eq!(of_title("version-1.4.0").as_deref(), Some("1.4.0"));
        assert_eq!(of_title("Release_notes"), None);
    }

    #[test]
    fn bare_release_headings_are_releases_and_a_run_of_plain_lines_a_menu() {
        let changelog = "# 更新日志\n\n## 6.0.0-BETA - 2026-06-22\n\n### 依赖更新\n1. Redisson 4.6.1\n\n\
                         ## v5.6.1 - 2026-04-24\n## v5.6.0 - 2026-03-24\n## v5.5.3 - 2026-01-23\n";
        assert_eq!(
            versions_of_md(changelog),
            ["6.0.0-BETA", "v5.6.1", "v5.6.0", "v5.5.3"]
        );
        let menu = "Releases\n2.1.0\n2.0.0\n1.9.0\n\n2.1.0\n\n- Redisson 4.6.1\n";
        assert!(versions(PageKind::Text, menu).len() < 3);
    }

    #[test]
    fn a_heading_of_an_images_stack_groups() {
        assert!(states_a_component(
            "### TensorFlow 2.0, Ubuntu 16.04，Python 3.5"
        ));
        assert!(states_a_component("### CUDA 12.8.1:"));
        assert!(states_a_component(
            "### PaddlePaddle 1.5, Ubuntu 16.04，Python 3.5"
        ));
        assert!(!states_a_component("## PyTorch 2.7 release notes"));
    }

    #[test]
    fn a_title_over_the_releases_it_names_the_newest_of() {
        let text = "# Release Notes for 2023.10.01\n\n## 2023.10.01\n\n- Reduce the DDR speed\n\n## 2023.10.00\n\n- GCC is still 13.2.0.\n\n## Known bugs\n\n- DRM issue\n";
        // Numbers with dots stay as written, even where they could be a date.
        assert_eq!(
            versions(PageKind::Markdown, text),
            ["2023.10.01", "2023.10.00"]
        );
    }

    #[test]
    fn dated_entries_labelled_with_their_version() {
        let text = "2025-4-1:\n版本: v2.3.2:\n更新内容:\n1. 修复问题\n\n2024-11-4:\n版本: v2.3.0:\n更新内容:\n1. 更新依赖库版本\n\n2024-8-22\n版本: v2.1.1b1:\n更新内容:\n1. 增加python3.12的支持\n";
        assert_eq!(
            versions(PageKind::Text, text),
            ["v2.3.2", "v2.3.0", "v2.1.1b1"]
        );
    }

    /// The rows of a Markdown page's tables of releases: each its first key
    /// and its components.
    type KeyedRow = (String, Vec<(String, String)>);
    fn rows_of(text: &str) -> Vec<KeyedRow> {
        let page = Page::read(PageKind::Markdown, text).unwrap();
        table_rows(&page, Headings::built_in(), None, None)
            .0
            .into_iter()
            .map(|r| (r.keys[0].clone(), r.components))
            .collect()
    }

    #[test]
    fn a_table_keyed_by_the_pages_subject_holds_its_releases() {
        let table = "| TensorFlow | CUDA | cuDNN |\n|---|---|---|\n| 2.12.0 | 11.8 | >= 8.6 |\n| 2.4.0 | 11.0 | >= 8.0 |\n| >= 1.5.0 | 9.0 | 7 |\n";
        let rows = rows_of(&format!("# TensorFlow\n\nBuilds tested here:\n\n{table}"));
        let keys: Vec<&str> = rows.iter().map(|(k, _)| k.as_str()).collect();
        // A range of releases is none of them.
        assert_eq!(keys, ["2.12.0", "2.4.0"]);
        assert!(
            rows[0]
                .1
                .contains(&("CUDA".to_string(), "11.8".to_string()))
        );
        // On a page about something else the same table is one of components.
        assert!(rows_of(&format!("# Software\n\nBuilds tested here:\n\n{table}")).is_empty());
    }

    #[test]
    fn a_column_headed_by_the_subjects_product_keys_rows_wherever_it_stands() {
        // A fork's compatibility table, the table right under its line of
        // introduction, "images" over marks.
        let table = "Vers compatibility table:\n| ROCm | PyTorch | vLLM | triton | model | images |\n|---|---|---|---|---|---|\n| 6.3.3 | 2.7.1 | 0.10.2 | 3.3.0 | org/model-a | ✅️ |\n| 6.3.3 | 2.9.0 | 0.12.0 | 3.5.0 | org/model-a | ⛔ |\n";
        let rows = rows_of(&format!("# VLLM GFX906\n\n## Images\n\n{table}"));
        let keys: Vec<&str> = rows.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(keys, ["0.10.2", "0.12.0"]);
        let names: Vec<&str> = rows[1].1.iter().map(|(n, _)| n.as_str()).collect();
        assert!(
            names.contains(&"ROCm") && names.contains(&"triton"),
            "{names:?}"
        );
        assert!(
            rows[1]
                .1
                .contains(&("PyTorch".to_string(), "2.9.0".to_string()))
        );
        // A page whose title names another product keeps it a table of
        // components.
        assert!(rows_of(&format!("# Serving notes\n\n{table}")).is_empty());
    }

    #[test]
    fn a_comparison_table_gives_each_release_headed_apart_its_column() {
        let text = "## Versions\n\n#### Version 2.0 (Latest)\n\n- Faster start\n\n\
                    #### Version 1.0\n\n- First image\n\n## Version Comparison\n\n\
                    | Package | v1.0 | v2.0 |\n|---|---|---|\n| NumPy | Latest | 1.24.3 |\n\
                    | Python | 3.9 | 3.10 |\n";
        let page = Page::read(PageKind::Markdown, text).unwrap();
        let mut cut = releases(&page, Headings::built_in(), true).unwrap();
        let lines_of =
            |r: &Release| -> Vec<String> { r.page.lines.iter().map(|(_, l)| l.clone()).collect() };
        // Cut at its headings, the table is the last release's part's.
        assert!(!lines_of(&cut[0]).iter().any(|l| l.contains("NumPy")));
        assert!(lines_of(&cut[1]).iter().any(|l| l.contains("NumPy")));
        add_column_tables(&page, &mut cut);
        for release in &cut {
            assert!(lines_of(release).iter().any(|l| l.contains("NumPy")));
        }
        // Its columns name releases the page does not head: left alone.
        let mut other = releases(&page, Headings::built_in(), true).unwrap();
        other[0].version = "7.0".into();
        add_column_tables(&page, &mut other);
        assert!(!lines_of(&other[0]).iter().any(|l| l.contains("NumPy")));
    }

    #[test]
    fn columns_headed_by_releases() {
        let page = Page::read(
            PageKind::Markdown,
            "## Packages\n\n| Package\\PyTorch | 1.12.0 | 1.10.0 | 1.8.0/1 |\n|---|---|---|---|\n| NumPy | 1.23.1 | 1.20.1 | 1.20.1 |\n| SciPy | 1.8.1 | 1.6.1 | 1.6.1 |\n",
        )
        .unwrap();
        let names =
            |page: &Page| -> Vec<String> { of_columns(page).into_iter().map(|(r, _)| r).collect() };
        assert_eq!(names(&page), ["1.12.0", "1.10.0"]);
        let page = Page::read(
            PageKind::Markdown,
            "| Name | Type | 2019b (`legacy`) | 2020b (`release`) |\n|---|---|---|---|\n| GCCCore | compiler | 8.3.0 | 10.2.0 |\n| Python | language | 3.7.4 | 3.8.6 |\n",
        )
        .unwrap();
        assert_eq!(names(&page), ["2019b", "2020b"]);
        // Columns of platforms name no releases.
        let page = Page::read(
            PageKind::Markdown,
            "| Package | gpu | cpu |\n|---|---|---|\n| NumPy | 1.23.1 | 1.23.1 |\n",
        )
        .unwrap();
        assert!(of_columns(&page).is_empty());
        // Two tables of stacks named by their platform and date: each
        // release reads its own table.
        let page = Page::read(
            PageKind::Markdown,
            "| Software | macOS - 2020.06 | macOS - 2020.11 |\n|---|---|---|\n| Xcode | 11.5 | 12.1 |\n| Yarn | 1.22.4 | 1.22.10 |\n\n## Linux\n\n| Software | Linux - 2020.06 | Linux - 2020.11 |\n|---|---|---|\n| Gradle | 4.3.1 | 4.3.2 |\n| npm | 6.14.4 | 6.14.8 |\n",
        )
        .unwrap();
        let read = of_columns(&page);
        assert_eq!(
            read.iter().map(|(r, _)| r.as_str()).collect::<Vec<_>>(),
            [
                "macOS-2020.06",
                "macOS-2020.11",
                "Linux-2020.06",
                "Linux-2020.11"
            ]
        );
        let (_, linux) = &read[3];
        assert!(linux.lines.iter().all(|(_, l)| !l.contains("Xcode")));
        assert!(linux.lines.iter().any(|(_, l)| l.contains("Gradle")));
    }

    #[test]
    fn a_heading_of_one_number_beside_releases_of_its_series() {
        let page = "# Notes\n\n## Updates\n\n### v95.2\n\n- a\n\n### v95.1\n\n- b\n\n### v95\n\n- c\n\n### 2024\n\n- d\n";
        assert_eq!(
            versions(PageKind::Markdown, page),
            ["v95.2", "v95.1", "v95"]
        );
        // Alone, a number is no release.
        let alone = "# Notes\n\n### v95\n\n- c\n\n### v96\n\n- d\n";
        assert!(versions(PageKind::Markdown, alone).is_empty());
    }

    #[test]
    fn a_dated_table_of_releases_over_their_parts_under_a_wildcard_series() {
        // A series headed `v2.4.X`, a table keyed by "Version" with a
        // "Release date" column, releases headed with links, one of them
        // headed nowhere: three releases, each with its row.
        let page = Page::read(
            PageKind::Markdown,
            "# v2.4.X\n\n\
             | Version | Release date | Orbit | Relay |\n| --- | --- | --- | --- |\n\
             | [v2.4.2+b1](#a) | May 18 2026 | [v3.1.4](https://x/a) | [v0.9.2-p1](https://x/b) |\n\
             | [v2.4.1+b1](#b) | May 2 2026 | [v3.1.3](https://x/c) | [v0.9.2-p1](https://x/d) |\n\
             | [v2.4.0+b1](#c) | April 20 2026 | [v3.1.2](https://x/e) | [v0.9.1](https://x/f) |\n\n\
             ## Release [v2.4.2+b1](https://x/tag/v2.4.2+b1)\n\nFixes.\n\n\
             ### Changes since v2.4.1+b1:\n\n- One.\n\n\
             ## Release [v2.4.0+b1](https://x/tag/v2.4.0+b1)\n\n### Changes since v2.3.9+b1:\n\n- Two.\n",
        )
        .unwrap();
        let (rows, lines) = table_rows(&page, Headings::built_in(), None, None);
        let mut cut = releases(&page, Headings::built_in(), false).unwrap();
        add_rows(&mut cut, &rows, &lines);
        let versions: Vec<&str> = cut.iter().map(|r| r.version.as_str()).collect();
        assert_eq!(versions, ["v2.4.2+b1", "v2.4.1+b1", "v2.4.0+b1"]);
        let second: Vec<&str> = cut[1].page.lines.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(second, ["| Orbit | 3.1.3 |", "| Relay | 0.9.2-p1 |"]);
        assert!(
            cut[2]
                .page
                .lines
                .iter()
                .any(|(_, l)| l == "| Relay | 0.9.1 |")
        );
    }

    #[test]
    fn releases_named_in_bold_with_their_dates() {
        let page = Page::read(
            PageKind::Markdown,
            "# Release Notes\n\n**V1.4.0 / 05-February-2025**\n\n## Main Changes\n\n- Add X\n\n\
             **V1.3.1 / 05-November-2024**\n\n## Main Changes\n\n- Patch\n",
        )
        .unwrap();
        let cut = releases(&page, Headings::built_in(), false).unwrap();
        let versions: Vec<&str> = cut.iter().map(|r| r.version.as_str()).collect();
        assert_eq!(versions, ["V1.4.0", "V1.3.1"]);
        assert_eq!(bold_release("**Important: read this 2.0 note**"), None);
        // PyMuPDF's changes.
        assert_eq!(
            bold_release("**Changes in version 1.28.0** (2026-06-29)").as_deref(),
            Some("1.28.0")
        );
        assert_eq!(
            bold_release("**Changes in version 1.26.4 (2025-08-25)**").as_deref(),
            Some("1.26.4")
        );
        assert_eq!(
            bold_release("**Changes in version 1.27.2.** (2026-03-10)").as_deref(),
            Some("1.27.2")
        );
        assert_eq!(bold_release("**Fixed in version 2.0** for all users"), None);
    }

    #[test]
    fn lines_in_bold_inside_a_titled_release_are_its_parts() {
        // Hummingbot's release notes: versions of one of its services.
        let page = Page::read(
            PageKind::Markdown,
            "# Hummingbot v2.5.0 Release Notes\n\n## Release Highlights\n\n\
             **New Gateway (v2.5)**\n\n- Faster\n\n**Legacy Gateway (v2.2)**\n\n- Older\n",
        )
        .unwrap();
        assert!(releases(&page, Headings::built_in(), false).is_none());
        // Releases of the title's series are releases.
        let page = Page::read(
            PageKind::Markdown,
            "# Release notes 3.9\n\n**3.9.1 / 2025-01-02**\n\n- Patch\n\n\
             **3.9.0 / 2024-12-01**\n\n- First\n",
        )
        .unwrap();
        let cut = releases(&page, Headings::built_in(), false).unwrap();
        let versions: Vec<&str> = cut.iter().map(|r| r.version.as_str()).collect();
        assert_eq!(versions, ["3.9.1", "3.9.0"]);
    }

    #[test]
    fn a_release_headed_twice_is_one_release_of_both_parts() {
        let page = Page::read(
            PageKind::Markdown,
            "# v3.4\n\n## Features\n\n### 3.4.1 (2025-02-12)\n\n- New storage option.\n\n\
             ## Bug fixes\n\n### 3.4.2 (2025-02-14)\n\n- Move to Go 1.23.6.\n\n\
             ### 3.4.1 (2025-02-12)\n\n- Move to Go 1.23.5.\n",
        )
        .unwrap();
        let cut = releases(&page, Headings::built_in(), false).unwrap();
        let versions: Vec<&str> = cut.iter().map(|r| r.version.as_str()).collect();
        assert_eq!(versions, ["3.4.1", "3.4.2"]);
        let first: Vec<&str> = cut[0].page.lines.iter().map(|(_, l)| l.as_str()).collect();
        assert!(first.contains(&"- New storage option."));
        assert!(first.contains(&"- Move to Go 1.23.5."));
        assert!(!first.contains(&"- Move to Go 1.23.6."));
    }

    #[test]
    fn releases_headed_at_two_levels_with_their_dates_glued_on() {
        let page = Page::read(
            PageKind::Markdown,
            "## 1.7.7(Apr 11, 2024)\n\n* add a flag\n\n## 1.7.6(Mar 8, 2024)\n\n* NIMSDK from 9.13.1 to 9.15.0 in Android\n\n# 1.6.0(Apr 24, 2023)\n\n* fix a crash\n\n# 1.5.0(Mar 31, 2023)\n\n* fix another\n\n# 1.4.8(Mar 20, 2023)\n\n* fix more\n",
        )
        .unwrap();
        let found = releases(&page, Headings::built_in(), false).unwrap();
        let versions: Vec<&str> = found.iter().map(|r| r.version.as_str()).collect();
        assert_eq!(versions, ["1.7.7", "1.7.6", "1.6.0", "1.5.0", "1.4.8"]);
    }

    #[test]
    fn headings_inside_a_release_name_none() {
        let page = "## [Talos 1.14.0-beta.1](https://example.org/v1.14.0-beta.1) (2026-07-31)\n\nWelcome.\n\n\
            ### TLS 1.3 Minimum Version\n\nx\n\n### Component Updates\n\nLinux: 6.18.41\n\n\
            ### Changes since v1.14.0-beta.0\n\ny\n";
        assert!(
            versions_of_md(page).is_empty(),
            "{:?}",
            versions_of_md(page)
        );
        assert_eq!(
            of_title("[Talos 1.14.0-beta.1](https://example.org/v1.14.0-beta.1) (2026-07-31)")
                .as_deref(),
            Some("1.14.0-beta.1")
        );
        assert_eq!(
            of_title("Release [v1.36.1+rke2r1](https://example.org/tag/v1.36.1+rke2r1)").as_deref(),
            Some("v1.36.1+rke2r1")
        );
        // Patch releases under their series' heading are releases.
        assert_eq!(
            versions_of_md("# Release notes 3.9\n\n### 3.9.1\n\n- a\n\n### 3.9.0\n\n- b\n"),
            ["3.9.1", "3.9.0"]
        );
        assert_eq!(
            versions_of_md(
                "## Version 0.38\n\n### Version 0.38.1\n\n- a\n\n### Version 0.38.0\n\n- b\n\n## Version 0.37\n\n### Version 0.37.0\n\n- c\n"
            ),
            ["0.38.1", "0.38.0", "0.37.0"]
        );
        // Dated releases under a title naming the product's version.
        assert_eq!(
            versions_of_md(
                "# Ubuntu 24.04 stack\n\n## Updates\n\n### Stack update `v2026-06-30`\n\n- a\n\n### Stack update `v2026-06-01`\n\n- b\n"
            ),
            ["2026-06-30", "2026-06-01"]
        );
        // A release's heading written a level too high is still its
        // siblings' sibling: the words around its version are theirs.
        assert_eq!(
            versions_of_md(
                "## 9.2.0 [x-9.2.0-notes]\n\n- a\n\n# 9.1.9 [x-9.1.9-notes]\n\n- b\n\n## 9.1.8 [x-9.1.8-notes]\n\n- c\n"
            ),
            ["9.2.0", "9.1.9", "9.1.8"]
        );
    }

    #[test]
    fn releases_headed_by_dates_versions_or_labels() {
        assert_eq!(
            versions_of_md(
                "# Updates\n\n## 2025-12-23 {#2025-12-23}\n\n- a\n\n## 2025-12-15 {#2025-12-15}\n\n- b\n"
            ),
            ["2025-12-23", "2025-12-15"]
        );
        assert_eq!(
            versions_of_md("Releases\n=====\n\n## 2.8.10+xpu\n\nx\n\n## 2.7.10+xpu\n\ny\n"),
            ["2.8.10+xpu", "2.7.10+xpu"]
        );
        // A document's numbered parts, a procedure's steps, are no releases.
        assert!(
            versions_of_md("# vLLM 0.11.1\n\n## 4.1 Models\n\nx\n\n## 4.2 Tuning\n\ny\n")
                .is_empty()
        );
        assert!(
            versions_of_md("# Build\n\n#### (3) Branch from v2.3.1.\n\nx\n\n#### (4) Take the scripts of v1.13.1.\n\ny\n")
                .is_empty()
        );
        assert_eq!(
            versions_of_md(
                "## Changelog\n\nrocm6.4.1_vllm_0.10.0_20250812:\n- a\n\n20250715_aiter:\n- b\n"
            ),
            ["rocm6.4.1_vllm_0.10.0_20250812", "20250715_aiter"]
        );

        // A text copy: dates alone on their lines; a release labels its own
        // version.
        assert_eq!(
            versions(
                PageKind::Text,
                "Notes\nDecember 18, 2024\nImage Version: 24.12.09\nCUDA: 12.2\nOctober 30, 2024\nImage Version: 24.10.18\nCUDA: 12.2\n"
            ),
            ["24.12.09", "24.10.18"]
        );
        assert_eq!(
            versions(
                PageKind::Text,
                "Release Notes\nDeepSparkInference 26.06\n- a\nDeepSparkInference 26.03\n- b\n"
            ),
            ["26.06", "26.03"]
        );
    }
}
