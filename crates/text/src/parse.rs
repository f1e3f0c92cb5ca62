//! Lines of a release-notes page → a draft record, in one language.

use super::headings::{self, Known};
use super::structure::{Section, Structure, Warning};
use super::{archs, assets, components, driver, names, statements, tables};
use crate::claims::normalize_component;
use crate::draft::{Draft, DriverOut, FixesOut, SectionOut, text};
use crate::lines::{is_command, is_none_word, is_url};
use crate::words;
use model::{Lang, Text};
use std::collections::{HashMap, HashSet};

pub(crate) struct Parsed {
    pub draft: Draft,
    pub warnings: Vec<Warning>,
    /// The lines that fit no section's layout, by line number.
    pub unplaced: Vec<(usize, String)>,
    /// What each table of the page became, by line number.
    pub tables: Vec<(usize, String)>,
    /// With `--column`, the version columns of the tables that hold
    /// several, when none of them is the one named.
    pub column_missing: Option<Vec<String>>,
}

/// Whether the column `--column` names was found in the release's tables
/// of several version columns, and the heads of those tables.
#[derive(Default)]
struct ColumnUse {
    found: bool,
    heads: Vec<String>,
}

/// A list's items, bullets taken off, code fences and "none" words left
/// out. With bullets, text before the first one introduces the list and
/// text after one continues it. Nested items under an item ending in `:`
/// that all name a version ("includes the following libraries:") are
/// components, returned apart and appended to their item's text.
fn list_items(body: &[(usize, String)]) -> (Vec<String>, Vec<(String, String)>) {
    let has_bullets = body.iter().any(|(_, l)| l.trim_start().starts_with("- "));
    let mut items: Vec<(String, Vec<String>)> = Vec::new();
    // Without bullets, a first line introducing the list is no item.
    let skip = usize::from(!has_bullets && body.first().is_some_and(|(_, l)| introduces(l)));
    // A line at the margin after a blank one (a gap in the line numbers
    // where the blank lines are gone) ends the list ("input.conf changes:"
    // under mpv.net's items), as in Markdown.
    let mut previous: Option<usize> = None;
    let mut ended = false;
    for (number, line) in &body[skip..] {
        let t = line.trim();
        let after_blank = previous.is_some_and(|p| *number > p + 1);
        if !t.is_empty() {
            previous = Some(*number);
        }
        if t.starts_with("```") || t.is_empty() || crate::lines::is_commit_entry(t) {
            continue;
        }
        // A table beside a list of bullets is none of its items: its rows
        // are read as a table.
        if has_bullets && t.starts_with('|') && crate::tables::is_row_line(t) {
            continue;
        }
        let nested = line.starts_with("  ");
        let at_margin = !line.starts_with([' ', '\t']) && !t.starts_with("- ");
        ended |= has_bullets && after_blank && at_margin && !items.is_empty();
        if ended && !t.starts_with("- ") {
            // (A paragraph after the list stands on its own, "(This release
            // is on Open OnDemand version 3.1.10)", "CLI (1.0.9):"; words
            // introducing what follows, "input.conf changes:", are no item.)
            if !t.ends_with([':', '：']) || t.bytes().any(|b| b.is_ascii_digit()) {
                items.push((t.to_string(), Vec::new()));
            }
            continue;
        }
        ended = false;
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
        // Lists of example models ("ResNet50 v1.5") are no components.
        // A floor among the items (`numpy`>=2.0.2) is no pin and no
        // component; a bold label ("**Dependency updates**") introduces
        // as a colon does.
        let floors = sub.iter().filter(|s| s.contains(['<', '>', '~'])).count();
        let labelled =
            item.ends_with([':', '：']) || (item.starts_with("**") && item.ends_with("**"));
        if let Some(pair) = statements::tool_over_versions(&item, &subs) {
            out.push(item);
            out.extend(sub);
            components.push(pair);
        } else if !sub.is_empty()
            && labelled
            && !pairs.is_empty()
            && pairs.len() + floors == sub.len()
        {
            out.push(format!("{item} {}", sub.join(", ")));
            components.extend(statements::component_pairs(&item, &subs, pairs));
        } else if sub.is_empty() && inline.len() >= 2 && inline_pairs.len() == inline.len() {
            components.extend(statements::component_pairs(&item, &inline, inline_pairs));
            out.push(item);
        } else {
            out.push(item);
            out.extend(sub);
        }
    }
    out.retain(|l| !is_none_word(l));
    (out, components)
}

/// A sentence introducing a list: it holds a word of `list_introductions`
/// (`[page]` of `data/words/*.toml`) and ends with `.` or `:`.
fn introduces(line: &str) -> bool {
    let lower = line.trim().to_lowercase();
    lower.ends_with(['.', '。', ':', '：'])
        && words::each().any(|w| {
            w.page
                .list_introductions
                .iter()
                .any(|i| lower.contains(i.as_str()))
        })
}

fn borrowed(body: &[(usize, String)]) -> Vec<(usize, &str)> {
    body.iter().map(|(n, l)| (*n, l.as_str())).collect()
}

/// Whether the part at `at` is the heading a changelog's release starts
/// at: only the page's headings above it, only its own parts under it, and
/// a list in it.
fn opens_release(page: &Structure, at: usize, changelog: bool) -> bool {
    let part = &page.sections[at];
    let listed = part
        .body
        .iter()
        .any(|(_, l)| l.trim_start().starts_with("- "));
    // (A release headed as the page's title has its part: none opens it,
    // unless it is the title's one part and says since which release it
    // changed: "### Changes compared to RubyInstaller-3.2.2-1" under "##
    // RubyInstaller-3.3.0-1 - 2023-12-26".)
    let since_another = crate::stated::in_title(&part.title).is_some()
        && crate::titles::of_title(&part.title).is_none();
    let only_part = !page.titles.is_empty() && page.sections.len() == 1 && since_another;
    changelog
        && listed
        && (only_part
            || (page.titles.is_empty()
                && page.sections[..at].iter().all(|s| s.level < part.level)
                && page.sections[at + 1..].iter().all(|s| s.level > part.level)))
}

/// Reads the page's parts; `product` names the title; `columns` says which
/// version column of a table to read.
pub(crate) fn parse(
    page: &Structure,
    version: &str,
    lang: Lang,
    product: &str,
    column: Option<&str>,
    changelog: bool,
) -> Parsed {
    let choice = tables::Choice {
        column,
        release: Some(version),
    };
    // The page's language only: import titles the record in every language
    // of the project.
    let title = model::fill_label(
        "record_title",
        lang,
        &[("product", product), ("version", version)],
    );
    let mut draft = Draft {
        version: version.to_string(),
        title: Text::one(lang, title),
        ..Draft::default()
    };
    let mut warnings = Vec::new();
    // The preamble: the summary ("本文介绍…"), without a title line naming
    // the version or the page's address.
    // A release of a changelog states what changed in the list under its
    // heading ("- TensorFlow がバージョン 2.5.0 に更新されました"): its
    // features, when no part of it is headed so.
    let no_features_part = !page
        .sections
        .iter()
        .any(|s| s.known == Some(Known::Features));
    // A preamble that is nothing but a list ("Version 2020.1" over "- Added
    // …" in a text changelog) states changes, not a summary.
    let preamble_lines: Vec<&str> = page
        .preamble
        .iter()
        .map(|(_, l)| l.as_str())
        .filter(|l| !l.trim().is_empty() && !is_url(l) && !is_title_line(l, version))
        .collect();
    let list_preamble = !preamble_lines.is_empty()
        && preamble_lines
            .iter()
            .all(|l| l.trim_start().starts_with("- "));
    // "## 2.6.5" over a sentence or a label ("Common") and then a list,
    // and no part after them (FCEUX's What's New pages): the list is what
    // changed, the words over it the summary. (Over parts, such a list is
    // the page's contents.)
    let items = preamble_lines
        .iter()
        .filter(|l| l.trim_start().starts_with("- "))
        .count();
    // (A page of more words than items is a document, its lists a part
    // of it: AppVeyor's page of an image's software.)
    let list_under_words = page.sections.is_empty()
        && items > 0
        && items < preamble_lines.len()
        && items * 2 >= preamble_lines.len();
    // (In a changelog, a list right under a release's heading is what it
    // changed even when a part headed "New:" follows: mpv.net's changelog
    // states its updates there and the new key bindings under such a part.)
    let preamble_features = (no_features_part || (changelog && items > 0))
        && (list_preamble
            || list_under_words
            || (changelog && feature_part(page) == Known::Features));
    let summary: Vec<&str> = page
        .preamble
        .iter()
        .map(|(_, l)| l.as_str())
        .filter(|l| !is_url(l) && !l.starts_with('|') && !is_title_line(l, version))
        .filter(|l| !(preamble_features && l.trim_start().starts_with("- ")))
        .collect();
    // A list under the page's opening words is no part of its summary
    // (a feed's updates under its description).
    let is_item = |l: &&str| l.trim_start().starts_with("- ");
    let summary: Vec<&str> = if summary.iter().any(|l| !is_item(l)) {
        summary.into_iter().filter(|l| !is_item(l)).collect()
    } else {
        summary
    };
    let summary = crate::lines::dockerfile_comment(&summary).unwrap_or(summary);
    if !summary.is_empty() {
        draft.summary = Some(text(lang, summary.join(" ")));
    }
    let features_from = feature_part(page);
    let mut unplaced: Vec<(usize, String)> = Vec::new();
    let mut named_in_lists = Vec::new();
    // Components of labelled items among a part's features ("- UPGRADE:
    // Kratos to 1.3.0"): after the readers of prose.
    let mut labelled_in_features = Vec::new();
    let mut ids = SectionIds::default();
    // Component tables wherever they stand, whatever the heading says.
    let mut table_notes = Vec::new();
    let mut columns = ColumnUse::default();
    read_tables(
        &page.preamble,
        choice,
        &mut draft,
        &mut warnings,
        &mut table_notes,
        &mut columns,
        lang,
    );
    for section in &page.sections {
        if reads_tables(section) {
            read_tables(
                &section.body,
                choice,
                &mut draft,
                &mut warnings,
                &mut table_notes,
                &mut columns,
                lang,
            );
        }
    }
    // A minimum driver stated in prose, where no Driver Requirements part
    // states one.
    if draft.driver.is_none() {
        let prose: Vec<&str> = page
            .preamble
            .iter()
            .chain(
                page.sections
                    .iter()
                    .filter(|s| reads_tables(s))
                    .flat_map(|s| s.body.iter()),
            )
            .map(|(_, l)| l.as_str())
            .collect();
        draft.driver =
            driver::floor_in_prose(&prose, lang).or_else(|| driver::required_in_list(&prose, lang));
    }
    // What its install commands pin (`pip install vllm==0.9.2`), where no
    // table gave a version: an install page states its environment so.
    let read_parts = std::iter::once(&page.preamble).chain(
        page.sections
            .iter()
            .filter(|s| reads_tables(s))
            .map(|s| &s.body),
    );
    for lines in read_parts {
        add_components(&mut draft, crate::installs::pins(lines));
        add_components(&mut draft, crate::installs::printed_versions(lines));
        // (A listing's `python-3.11.15-…` refines the `python-3.11` a
        // pulled image's tag stated.)
        add_refining(&mut draft, crate::listings::listed(lines));
        add_components(&mut draft, bold_components(lines));
        add_components(
            &mut draft,
            components::printout_components(lines, crate::listings::printed_release),
        );
    }
    // "## Java versions" over `| Version | Path |` rows: Java, at the row
    // marked default, else the first.
    let titled_versions: Vec<(String, String)> = page
        .sections
        .iter()
        .filter(|s| reads_tables(s))
        .filter_map(|s| {
            versions_under_title(s)
                .or_else(|| {
                    // "## Info" over a badge's "version 6.5": the release's
                    // own version, under a title naming nothing data knows.
                    version_under_name(s)
                        .filter(|(name, v)| names::is_alias(name) || !same_release(v, version))
                })
                .or_else(|| version_downloaded(s))
        })
        .collect();
    add_components(&mut draft, titled_versions);
    // The same, of the parts a part holds ("## Components" over "### DPDK"
    // over "- **Base DPDK Version:** 25.11.0").
    let inner: Vec<(String, String)> = page
        .sections
        .iter()
        .filter(|s| reads_tables(s))
        .flat_map(|s| inner_parts_versions(&s.body))
        .collect();
    add_components(&mut draft, inner);
    let in_release = changelog && !page.titles.is_empty();
    add_components(
        &mut draft,
        parts_titled_by_components(&page.sections, in_release),
    );
    for (at, section) in page.sections.iter().enumerate() {
        let body = &section.body;
        let body_lines: Vec<&str> = body.iter().map(|(_, l)| l.as_str()).collect();
        // "### cilium v1.3.2...v1.3.4" over "#### Changed": a component's
        // own changelog, kept as a part of the record, not its features.
        let in_changes_of_component = page.sections[..at]
            .iter()
            .rev()
            .find(|s| s.level < section.level)
            .is_some_and(|s| names_changes_of_component(&s.title));
        // "Important Changes" over "### qtbase", "### qtdeclarative" (Qt's
        // release notes): parts of what changed, by module, under a part
        // listing nothing itself. (Under a list of features, "### Python
        // 3.10 Support" is a section of its own, as AWS pages write it.)
        let under_features = page.sections[..at]
            .iter()
            .rev()
            .find(|s| s.level < section.level)
            .is_some_and(|s| {
                s.known == Some(Known::Features)
                    && !s.body.iter().any(|(_, l)| l.trim_start().starts_with("- "))
            });
        let known = match section.known {
            None if under_features && !in_changes_of_component => Some(Known::Features),
            // A changelog's release headed in words import does not know
            // ("## Major changes on 2026-06-30"): its heading is the
            // release's, its list what changed in it.
            None if opens_release(page, at, changelog) => Some(features_from),
            // "### Core 2.34.0" in a changelog's release: what changed in
            // that component of it.
            None if in_release && tables::part_title(&section.title).is_some() => {
                Some(features_from)
            }
            Some(Known::Features | Known::Fixes | Known::Issues) if in_changes_of_component => None,
            Some(part @ (Known::KeyFeatures | Known::Announcements)) if part == features_from => {
                Some(Known::Features)
            }
            Some(Known::KeyFeatures) => Some(Known::Section("key-features")),
            Some(Known::Announcements) => Some(Known::Section("announcements")),
            Some(Known::Umbrella | Known::Tags) if !body.is_empty() => None,
            other => other,
        };
        match known {
            Some(Known::Umbrella | Known::Tags | Known::KeyFeatures | Known::Announcements) => {}
            Some(Known::Features) => {
                // Runs of lines labelling versions by their component
                // ("CUDA: 12.2") are components, no features; nested items
                // stay their item's (the list it introduces), and an item
                // such as "Added Python 3.12 support" stays a feature.
                let (runs, _) = tables::key_value_runs(body);
                // ("- UPGRADE: Kratos to 1.3.0" among "- FEATURE: …" items:
                // the components of the run's items, whatever share of the
                // list they are; lines without bullets are read as a list
                // of the part's.)
                labelled_in_features.extend(
                    runs.iter()
                        .map(|&i| &body[i].1)
                        .filter(|l| l.starts_with("- "))
                        .filter_map(|l| tables::key_value(l))
                        .flatten(),
                );
                // A component table in the part (read with the others) is
                // no feature either.
                let in_tables: Vec<std::ops::Range<usize>> = tables::tables(body)
                    .into_iter()
                    .filter(|t| t.kind() != tables::Kind::Other)
                    .map(|t| t.start..t.end)
                    .collect();
                let body: Vec<(usize, String)> = body
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| !in_tables.iter().any(|r| r.contains(i)))
                    .filter(|(i, (_, l))| {
                        !runs.contains(i) || l.starts_with(' ') || tables::key_value(l).is_none()
                    })
                    .map(|(_, l)| l.clone())
                    .collect();
                let (listed, components) = list_items(&body);
                draft
                    .features
                    .extend(listed.into_iter().map(|l| text(lang, l)));
                // After the page's own component lists, wherever they are.
                named_in_lists.extend(components);
            }
            Some(Known::Fixes) => {
                // "- 更新依赖:" over "  - Kotlin: 1.6.21" under "优化和修复"
                // (mirai's changelog): a labelled list of versions is the
                // release's components wherever it stands.
                let (listed, components) = list_items(body);
                named_in_lists.extend(components);
                // (Several parts of fixes, one a component's, add up.)
                let listed: Vec<_> = listed.into_iter().map(|l| text(lang, l)).collect();
                draft.bug_fixes = Some(match (draft.bug_fixes.take(), body_lines.as_slice()) {
                    (Some(FixesOut::List(mut earlier)), _) => {
                        earlier.extend(listed);
                        FixesOut::List(earlier)
                    }
                    (None | Some(FixesOut::None { .. }), [one]) if listed.is_empty() => {
                        FixesOut::None {
                            none: text(lang, one.trim_start_matches("- ")),
                        }
                    }
                    (_, _) => FixesOut::List(listed),
                });
            }
            Some(Known::Issues) => {
                let (listed, _) = list_items(body);
                draft
                    .known_issues
                    .extend(listed.into_iter().map(|l| text(lang, l)));
            }
            // A contents table with a version column per image or release
            // ("Package | 1.12.0 | 1.10.0"): its column is chosen as any
            // component table's.
            Some(Known::Contents) if has_version_columns(body) => {
                read_tables(
                    body,
                    choice,
                    &mut draft,
                    &mut warnings,
                    &mut table_notes,
                    &mut columns,
                    lang,
                );
            }
            Some(Known::Contents) => {
                // Table rows reach the table reader as `a | b |`, the form
                // text pages write them in.
                // A list item that introduces a nested list ("- 相依性:"
                // over the component versions) is their context, no row.
                let rows: Vec<(usize, String)> = body
                    .iter()
                    .enumerate()
                    .filter(|(i, (_, l))| !introduces_nested_list(body, *i) && !is_described(l))
                    .map(|(_, (n, l))| (*n, l.trim().strip_prefix("| ").unwrap_or(l).to_string()))
                    .collect();
                components::contents(&borrowed(&rows), lang, &mut draft, &mut unplaced);
            }
            Some(Known::Components) => {
                // Its tables were read above, by what they hold.
                let rest: Vec<&str> = body_lines
                    .iter()
                    .copied()
                    .filter(|l| !tables::is_row_line(l))
                    .collect();
                add_components(&mut draft, components_section(&rest));
                add_listed_includes(&mut draft, &body_lines);
            }
            Some(Known::Assets) => {
                // The references matter, not the code block or list around them.
                let refs: Vec<(usize, String)> = body
                    .iter()
                    .filter(|(_, l)| !l.trim().starts_with("```"))
                    .map(|(n, l)| (*n, l.trim().trim_start_matches("- ").to_string()))
                    .collect();
                assets::assets(&borrowed(&refs), version, lang, &mut draft, &mut unplaced);
            }
            Some(Known::Driver) => {
                if !body.is_empty() {
                    let read = driver::driver(&body_lines, lang);
                    warnings.extend(branch_conflicts(&read, section.line));
                    draft.driver = Some(read);
                }
            }
            Some(Known::Section(id)) => push_section(&mut draft, &mut ids, id, section, lang),
            None => {
                let slug = headings::slug(&section.title);
                let id = if slug.is_empty() { "section" } else { &slug };
                push_section(&mut draft, &mut ids, id, section, lang);
            }
        }
    }
    if preamble_features
        && page
            .preamble
            .iter()
            .any(|(_, l)| l.trim_start().starts_with("- "))
    {
        let (listed, components) = list_items(&page.preamble);
        draft.features.extend(
            listed
                .into_iter()
                .filter(|l| tables::key_value(l).is_none())
                .map(|l| text(lang, l)),
        );
        named_in_lists.extend(components);
    }
    // Versions stated only in prose: none in a table or a components part
    // (what list items name, read above, beside them).
    let without_tables =
        draft.components.is_empty() && draft.arch.values().all(|a| a.components.is_empty());
    add_components(&mut draft, named_in_lists);
    warnings.extend(unplaced.iter().map(|(n, l)| Warning {
        line: Some(*n),
        message: format!(
            "`{}` does not fit its section's layout; dropped",
            model::clip(l, 60)
        ),
    }));
    if without_tables {
        let prose = components::in_prose(&draft, lang);
        add_refining(&mut draft, prose);
    }
    add_components(&mut draft, labelled_in_features);
    // Statements outside tables and component lists, wherever they stand.
    statements::fill(&mut draft, page, version, without_tables);
    if without_tables {
        let claimed = components::claimed_in_sections(&draft, lang);
        add_refining(&mut draft, claimed);
    }
    // Last, what the tags of the release's images state (`py312-cu128`).
    let tagged = tag_components(page, &draft, version);
    add_components(&mut draft, tagged);
    // A table of CUDA releases and their drivers gives the minimum of the
    // CUDA the release holds, where nothing else stated one (wherever the
    // table stands: "## Versioning" is no part import knows).
    if draft.driver.is_none() {
        let cuda = draft
            .components
            .iter()
            .find(|(name, _)| names::canonical_key(name) == names::canonical_key("CUDA"))
            .map(|(_, v)| v.clone());
        let lines: Vec<&str> = std::iter::once(&page.preamble)
            .chain(page.sections.iter().map(|s| &s.body))
            .flat_map(|body| body.iter().map(|(_, l)| l.as_str()))
            .collect();
        draft.driver = driver::in_table(&lines, cuda.as_deref(), lang);
    }
    // And the Debian packages install commands name for their version
    // (`apt-get install python3.10`), where nothing else stated one.
    for lines in std::iter::once(&page.preamble).chain(
        page.sections
            .iter()
            .filter(|s| reads_tables(s))
            .map(|s| &s.body),
    ) {
        draft
            .named_packages
            .extend(crate::installs::debian_named(lines));
    }
    // The architectures the page names, unless a per-arch table named them.
    let stated = archs::stated(page);
    let by_default = draft.archs.iter().all(|a| a == "amd64") && draft.arch.is_empty();
    if !stated.is_empty() && by_default {
        draft.archs = stated;
    }
    if draft.archs.is_empty() {
        draft.archs.push("amd64".into());
    }
    let column_missing =
        (column.is_some() && !columns.found && !columns.heads.is_empty()).then_some(columns.heads);
    Parsed {
        draft,
        warnings,
        unplaced,
        tables: table_notes,
        column_missing,
    }
}

/// A heading naming a component and the versions it went between
/// (`cilium v1.3.2...v1.3.4`, as a compare link writes them).
fn names_changes_of_component(title: &str) -> bool {
    let words: Vec<&str> = title
        .split_whitespace()
        .map(|w| w.trim_matches(['[', ']', '`']))
        .collect();
    let [name, range] = words.as_slice() else {
        return false;
    };
    let range = range
        .split('(')
        .next()
        .unwrap_or(range)
        .trim_end_matches(']');
    crate::package_name::is_package_name(name)
        && range.split_once("...").is_some_and(|(from, to)| {
            tables::looks_like_version(from) && tables::looks_like_version(to)
        })
}

/// A part titled by a name and a version word ("Java versions") whose
/// table's first column is headed by a version word and holds versions:
/// the name, with the version of the row marked default, else the first.
fn versions_under_title(section: &Section) -> Option<(String, String)> {
    let title = section.title.trim_matches(['#', ' ']);
    let (name, last) = title.rsplit_once(' ')?;
    let version_head =
        |w: &str| words::each().any(|l| l.components.version_heads.contains(&w.to_lowercase()));
    if !version_head(last) {
        return None;
    }
    let name = names::component_name(name)?;
    let table = tables::tables(&section.body).into_iter().find(|t| {
        t.head
            .as_ref()
            .is_some_and(|h| h.first().is_some_and(|c| version_head(c)))
    })?;
    let first_cell = |cells: &Vec<String>| cells.first().and_then(|c| tables::cell_version(c));
    let versions: Vec<(String, bool)> = table
        .rows
        .iter()
        .filter_map(|(_, cells)| {
            first_cell(cells).map(|v| (v, cells.first().is_some_and(|c| tables::marks_default(c))))
        })
        .collect();
    if versions.len() < table.rows.len() {
        return None;
    }
    let version = versions
        .iter()
        .find(|(_, default)| *default)
        .or(versions.first())?
        .0
        .clone();
    Some((name, version))
}

/// "## [Clouddriver](#clouddriver) 5.86.0", "## Deck 3.18.0": parts of
/// one level each titled by a name and its version alone, two names or more
/// (a release made of services, each part their changes), state those
/// components.
/// In a changelog's release, one such part is enough ("## Version 2.30.1"
/// over "### CrashReporting 2.11.1", KARTE's changelog).
fn parts_titled_by_components(sections: &[Section], changelog: bool) -> Vec<(String, String)> {
    let titled: Vec<(usize, (String, String))> = sections
        .iter()
        .filter(|s| s.known.is_none())
        .filter_map(|s| Some((s.level, tables::part_title(&s.title)?)))
        .collect();
    let Some(level) = titled.first().map(|(l, _)| *l) else {
        return Vec::new();
    };
    let pairs: Vec<(String, String)> = titled
        .into_iter()
        .filter(|(l, _)| *l == level)
        .map(|(_, p)| p)
        .collect();
    let names: HashSet<&String> = pairs.iter().map(|(n, _)| n).collect();
    if (pairs.len() >= 2 || changelog) && names.len() == pairs.len() {
        pairs
    } else {
        Vec::new()
    }
}

/// "### Linux kernel" over "- version 6.12.24-Unraid": a part titled by a
/// component's name whose first line is the word for a version and one.
/// "### Maven" over "安装包地址 `http://…/apache-maven-3.3.9-bin.tar.gz`"
/// (Zadig's recipes for build tools): a part titled by a component,
/// holding the address of an archive whose file name holds that name (or
/// data knows the title) and a version of two numbers or more.
fn version_downloaded(section: &Section) -> Option<(String, String)> {
    let title = section.title.trim_matches(['#', ' ']);
    let name = names::component_name(title)?;
    let file = section.body.iter().find_map(|(_, line)| {
        let at = line.find("://")?;
        let address = line[at..]
            .split(|c: char| c.is_whitespace() || c == '`')
            .next()?;
        address.rsplit('/').next().map(str::to_string)
    })?;
    let lower = file.to_lowercase();
    if !(lower.contains(&title.to_lowercase()) || names::is_alias(title)) {
        return None;
    }
    let version = DOWNLOADED_VERSION.find(&file)?.as_str();
    Some((name, version.trim_start_matches('v').to_string()))
}

/// Whether two versions are one release, a `v` before either or not.
fn same_release(a: &str, b: &str) -> bool {
    a.trim_start_matches(['v', 'V']) == b.trim_start_matches(['v', 'V'])
}

/// A version in an archive's file name: `v0.13.1`, `12.0.1`, `1.13`.
static DOWNLOADED_VERSION: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"v?\d+(?:\.\d+)+").expect("the download version pattern")
});

fn version_under_name(section: &Section) -> Option<(String, String)> {
    let title = section.title.trim_matches(['#', ' ']);
    let name = names::component_name(title)?;
    // "### MongoDB" over "```" and "1. 版本：3.6.4" (josneps's compose
    // README): a fence, or a number of a list, before the label.
    let first = section
        .body
        .iter()
        .map(|(_, l)| l.trim())
        .find(|l| !l.is_empty() && !l.starts_with("```"))?;
    let first = first.strip_prefix("- ").unwrap_or(first);
    let first = match first.split_once(". ") {
        Some((number, rest)) if number.bytes().all(|b| b.is_ascii_digit()) => rest,
        _ => first,
    };
    let (word, version) = first
        .split_once([' ', ':', '：'])
        .filter(|(_, v)| !v.trim_start_matches([':', '：']).trim().is_empty())?;
    // ("## GPU Configuration" over "version: 465.31": a label of settings
    // under a title of words, not a name's.)
    let keyed = first[word.len()..].starts_with([':', '：']);
    if keyed && title.contains(char::is_whitespace) && !names::is_alias(&name) {
        return labelled_version_of(title, &section.body).map(|version| (name, version));
    }
    let version = version.trim_start_matches([':', '：']).trim();
    if words::is_version_label(word)
        && !version.contains(' ')
        && tables::looks_like_version(version)
    {
        return Some((name, version.trim_start_matches(['v', 'V']).to_string()));
    }
    labelled_version_of(title, &section.body).map(|version| (name, version))
}

/// [`labelled_version_of`] the parts headed inside a part's body.
fn inner_parts_versions(body: &[(usize, String)]) -> Vec<(String, String)> {
    body.iter()
        .enumerate()
        .filter_map(|(i, (_, line))| {
            let title = line
                .trim()
                .strip_prefix('#')?
                .trim_start_matches('#')
                .trim();
            let name = names::component_name(title)?;
            labelled_version_of(title, &body[i + 1..]).map(|version| (name, version))
        })
        .collect()
}

/// "### VPP" over "- **Base VPP Version:** 25.02.0" and "- **Marvell DAO
/// Version:** 26.02.0", "### RDMA Library" over "- **Version:** 26.02.0",
/// "### cuda" over a description and "**Versions**: 11.7.1, 11.8.0" (a
/// Spack module list): among a part's own lines, a label of the word for
/// a version, the part's own name before it or nothing (another name's
/// version is another's), then `:` and the version, or versions joined by
/// commas.
fn labelled_version_of(title: &str, body: &[(usize, String)]) -> Option<String> {
    let title_words: Vec<String> = title.split_whitespace().map(str::to_lowercase).collect();
    // (Up to the next part's heading: its version is its own.)
    let own_lines = body
        .iter()
        .take_while(|(_, line)| !line.trim_start().starts_with('#'));
    own_lines
        .take(LABELLED_VERSION_LINES)
        .find_map(|(_, line)| {
            let line = line.trim().trim_start_matches("- ").replace("**", "");
            let (label, value) = line.split_once([':', '：'])?;
            let label: Vec<String> = label.split_whitespace().map(str::to_lowercase).collect();
            let (last, before) = label.split_last()?;
            let own = before.iter().all(|w| {
                title_words.contains(w)
                    || words::each().any(|x| x.components.version_label_leads.contains(w))
            });
            let is_label = words::is_version_label(last)
                || words::each().any(|w| w.components.version_heads.contains(last));
            let versions: Vec<&str> = value
                .split(',')
                .map(|v| v.trim().trim_start_matches(['v', 'V']))
                .collect();
            (is_label
                && own
                && versions
                    .iter()
                    .all(|v| !v.contains(' ') && tables::looks_like_version(v)))
            .then(|| versions.join(", "))
        })
}

/// How many of a part's first lines may hold its labelled version: a
/// description of a few lines may come first.
const LABELLED_VERSION_LINES: usize = 12;

/// Lines that are one bold span naming a component and its version, as
/// a release's list of updated plugins heads each plugin's own changes
/// ("**Beats Input - 7.0.13**" over its items).
fn bold_components(lines: &[(usize, String)]) -> Vec<(String, String)> {
    lines
        .iter()
        .filter_map(|(_, l)| {
            let inner = l.trim().strip_prefix("**")?.strip_suffix("**")?;
            (!inner.contains("**")).then_some(())?;
            tables::name_version(inner)
        })
        .collect()
}

/// Whether a part holds a component table with a head and two version
/// columns or more.
fn has_version_columns(body: &[(usize, String)]) -> bool {
    tables::tables(body).iter().any(|t| {
        t.head.is_some()
            && matches!(t.kind(), tables::Kind::Components { versions, .. } if versions.len() >= 2)
    })
}

/// Whether a part's tables are read for components: every part but those
/// speaking of other releases (known issues, fixes, a part titled by a
/// note word such as "Deprecations"), the Contents table (read as a
/// whole) and driver requirements. A part of images ("Docker Images") may
/// hold a table of what each holds.
fn reads_tables(section: &Section) -> bool {
    !matches!(
        section.known,
        Some(Known::Issues | Known::Fixes | Known::Contents | Known::Driver)
    ) && !statements::titled_by_note(&section.title)
}

/// Reads the component tables of `lines` into `draft` (a component the
/// draft holds keeps its version), saying which version column was read
/// where a table has several.
fn read_tables(
    lines: &[(usize, String)],
    choice: tables::Choice,
    draft: &mut Draft,
    warnings: &mut Vec<Warning>,
    notes: &mut Vec<(usize, String)>,
    columns: &mut ColumnUse,
    lang: Lang,
) {
    for table in tables::tables(lines) {
        let line = lines.get(table.start).map_or(0, |(n, _)| *n);
        let head = table.head.as_ref().map_or_else(
            || "no head".to_string(),
            |h| model::clip(&h.join(" | "), 60).into_owned(),
        );
        let Some(read) = table.read(choice) else {
            // A table of environments one of which the page marks as the
            // default ("base（默认）"): the page's release is that one. A
            // table whose rows are variants keyed by a component's version
            // ("CUDA 版本 | TensorFlow 版本 | PyTorch 版本"), none of them
            // named: the first is the page's main one.
            if let tables::Kind::Releases {
                key,
                components,
                group,
            } = table.kind()
            {
                // The row naming the release being read ("Milvus version |
                // Python SDK version" over one row a release).
                let bare = |v: &str| v.trim().trim_start_matches(['v', 'V']).to_lowercase();
                let own = choice.release.and_then(|release| {
                    table.rows.iter().find(|(_, cells)| {
                        table
                            .key_cell(cells, key)
                            .is_some_and(|k| bare(k) == bare(release))
                    })
                });
                // Rows of platforms: the one `--column` names, else the
                // one naming amd64.
                let platform = table
                    .platform_rows()
                    .then(|| {
                        let named =
                            |k: &str| choice.column.is_some_and(|c| tables::heads_column(k, c));
                        table
                            .rows
                            .iter()
                            .find(|(_, cells)| table.key_cell(cells, key).is_some_and(named))
                            .or_else(|| {
                                table.rows.iter().find(|(_, cells)| {
                                    table
                                        .key_cell(cells, key)
                                        .and_then(tables::arch_in)
                                        .as_deref()
                                        == Some("amd64")
                                })
                            })
                    })
                    .flatten();
                if own.is_none()
                    && let Some((row_line, cells)) = platform
                {
                    let pairs = tables::release_row(&table, cells, &components);
                    notes.push((
                        line,
                        format!(
                            "a table of platforms ({head}): the row “{}” (line {row_line}), {} component(s)",
                            model::clip(table.key_cell(cells, key).unwrap_or(""), 40),
                            pairs.len()
                        ),
                    ));
                    add_components(draft, pairs);
                    // "X86 Driver 525(Datacenter), 530+ Quadro/GeForce":
                    // the platform's requirements name its minimum driver.
                    if draft.driver.is_none()
                        && let Some(key_text) = table.key_cell(cells, key)
                    {
                        draft.driver = driver::required(key_text, lang);
                    }
                    continue;
                }
                if let Some((row_line, cells)) = own {
                    let pairs = tables::release_row(&table, cells, &components);
                    notes.push((
                        line,
                        format!(
                            "a table of releases ({head}): the row of this release (line {row_line}), {} component(s)",
                            pairs.len()
                        ),
                    ));
                    add_components(draft, pairs);
                    continue;
                }
                // (Or the row of the image tagged `latest`, the tag a
                // registry serves when none is asked for: MosaicML's
                // image matrix.)
                let marked = table
                    .rows
                    .iter()
                    .find(|(_, cells)| {
                        table
                            .key_cell(cells, key)
                            .is_some_and(tables::marks_default)
                    })
                    .or_else(|| {
                        table
                            .rows
                            .iter()
                            .find(|(_, cells)| cells.iter().any(|c| tables::names_latest_image(c)))
                    });
                let variant = table
                    .rows
                    .first()
                    .filter(|(_, cells)| tables::key_component(&table, cells, key).is_some());
                // "Container | Major tool versions" over `pb_wdl_base`,
                // `pbjam`, none naming this release: rows each naming
                // another thing are the parts of the release being read
                // (its containers), each row's components its own.
                let parts = tables::rows_are_parts(&table, key, group);
                if marked.is_none() && variant.is_none() && parts {
                    let pairs: Vec<(String, String)> = table
                        .rows
                        .iter()
                        .flat_map(|(_, cells)| tables::release_row(&table, cells, &components))
                        .collect();
                    if !pairs.is_empty() {
                        notes.push((
                            line,
                            format!(
                                "a table of the release's parts ({head}): {} row(s), {} component(s)",
                                table.rows.len(),
                                pairs.len()
                            ),
                        ));
                        add_components(draft, pairs);
                        continue;
                    }
                }
                if let Some((row_line, cells)) = marked.or(variant) {
                    let mut pairs = tables::release_row(&table, cells, &components);
                    pairs.extend(tables::key_component(&table, cells, key));
                    let which = if marked.is_some() {
                        "the row marked as the default (or the image tagged latest)"
                    } else {
                        "the first of the variants"
                    };
                    notes.push((
                        line,
                        format!(
                            "a table of releases ({head}): {which} (line {row_line}), {} component(s)",
                            pairs.len()
                        ),
                    ));
                    add_components(draft, pairs);
                    continue;
                }
            }
            let images = table.setting_images();
            if !images.is_empty() {
                notes.push((
                    line,
                    format!(
                        "a chart's settings ({head}): {} image(s) and their tags",
                        images.len()
                    ),
                ));
                add_components(draft, images);
                continue;
            }
            if let Some(read) = table.module_cells(choice, crate::listings::module_entry) {
                let left = match read.left.as_slice() {
                    [] => String::new(),
                    left => format!("; left: {}", left.join(", ")),
                };
                notes.push((
                    line,
                    format!(
                        "a table of modules ({head}): {} module(s), column “{}”{left}",
                        read.modules.len(),
                        model::clip(&read.head, 40)
                    ),
                ));
                add_components(draft, read.modules);
                continue;
            }
            let listed = table.listing_cells();
            if !listed.is_empty() {
                notes.push((
                    line,
                    format!(
                        "a table of settings ({head}): {} component(s) its cells list",
                        listed.len()
                    ),
                ));
                add_components(draft, listed);
                continue;
            }
            let what = match table.kind() {
                tables::Kind::Releases { .. } => "a table of other images or releases",
                _ => "a table naming no component with its version",
            };
            notes.push((
                line,
                format!("{what} ({head}), {} row(s): left", table.rows.len()),
            ));
            continue;
        };
        let count =
            read.components.len() + read.per_arch.iter().map(|(_, p)| p.len()).sum::<usize>();
        let column = match &read.column {
            Some(c) if !c.is_empty() => format!(", column “{}”", model::clip(c, 40)),
            _ if !read.per_arch.is_empty() => ", a column per architecture".to_string(),
            _ => String::new(),
        };
        notes.push((
            line,
            format!("a component table ({head}): {count} component(s){column}"),
        ));
        if let Some(column) = read
            .column
            .as_ref()
            .filter(|c| !c.is_empty() && !read.left.is_empty())
        {
            if let Some(wanted) = choice.column {
                let heads = std::iter::once(column).chain(&read.left);
                if heads.clone().any(|h| tables::heads_column(h, wanted)) {
                    columns.found = true;
                }
                for head in heads {
                    if !columns.heads.contains(head) {
                        columns.heads.push(head.clone());
                    }
                }
            }
            let line = lines.get(table.start).map(|(n, _)| *n);
            warnings.push(Warning {
                line,
                message: format!(
                    "a table of several version columns: read “{}”, left {} (--column names another)",
                    model::clip(column, 40),
                    read.left
                        .iter()
                        .map(|l| format!("“{}”", model::clip(l, 40)))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            });
        }
        add_components(draft, read.components);
        add_per_arch(draft, read.per_arch);
    }
    // `pip list` / `pip freeze` output the page shows.
    add_components(draft, tables::package_listings(lines));
}

/// Components of a table with a column per architecture: those with one
/// version in every arch's column are shared, the others the arch's own.
fn add_per_arch(draft: &mut Draft, per_arch: Vec<(String, Vec<(String, String)>)>) {
    if per_arch.is_empty() {
        return;
    }
    let everywhere = |name: &str, version: &str| {
        per_arch
            .iter()
            .all(|(_, pairs)| pairs.iter().any(|(n, v)| n == name && v == version))
    };
    let mut shared = Vec::new();
    for (name, version) in &per_arch[0].1 {
        if everywhere(name, version) {
            shared.push((name.clone(), version.clone()));
        }
    }
    for (arch, pairs) in &per_arch {
        for (name, version) in pairs {
            if !shared.iter().any(|(n, _)| n == name) && !draft.components.contains_key(name) {
                draft
                    .arch
                    .entry(arch.clone())
                    .or_default()
                    .components
                    .entry(name.clone())
                    .or_insert_with(|| version.clone());
            }
        }
        if !draft.archs.contains(arch) {
            draft.archs.push(arch.clone());
        }
    }
    add_components(draft, shared);
}

/// The components the tags of the release's images state: of its assets
/// and of the images its commands pull or run. Where two images' tags
/// disagree on a component (a `py310` and a `py311` variant), neither
/// says.
fn tag_components(page: &Structure, draft: &Draft, version: &str) -> Vec<(String, String)> {
    let pulled = std::iter::once(&page.preamble)
        .chain(
            page.sections
                .iter()
                .filter(|s| reads_tables(s))
                .map(|s| &s.body),
        )
        .flatten()
        .filter_map(|(_, line)| pulled_image(line));
    let mut references: Vec<String> = draft
        .assets
        .iter()
        .map(|a| a.image.clone())
        .chain(pulled)
        .chain(tagged_by_release(page, version))
        .collect();
    // Where the page pulls no image of its own: the images named for a
    // component it builds on (`nvidia/cuda:13.3.1-devel-ubuntu24.04` in a
    // table of a build's inputs). (Beside the pulled ones they are other
    // images: `docker inspect` of another release's.)
    if references.is_empty() {
        references = std::iter::once(&page.preamble)
            .chain(page.sections.iter().map(|s| &s.body))
            .flatten()
            .flat_map(|(_, line)| crate::tags::named_images_in(line))
            .collect();
    }
    let mut said: Vec<(String, String)> = Vec::new();
    let mut disputed: HashSet<String> = HashSet::new();
    for reference in &references {
        for (name, version) in crate::tags::components(reference) {
            let key = normalize_component(&name);
            match said.iter().find(|(n, _)| normalize_component(n) == key) {
                Some((_, v)) if *v != version => {
                    disputed.insert(key);
                }
                Some(_) => {}
                None => said.push((name, version)),
            }
        }
    }
    said.retain(|(n, _)| !disputed.contains(&normalize_component(n)));
    said
}

/// The image references of the page whose tag is the release's version
/// (`tacc/tacc-ml:ubuntu16.04-cuda10-tf2.1-pt1.3` for a release named by
/// its tag), wherever they stand.
fn tagged_by_release<'a>(
    page: &'a Structure,
    version: &'a str,
) -> impl Iterator<Item = String> + 'a {
    let suffix = format!(":{version}");
    std::iter::once(&page.preamble)
        .chain(page.sections.iter().map(|s| &s.body))
        .flatten()
        .flat_map(|(_, line)| line.split_whitespace())
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(move |w| w.ends_with(&suffix) && w.contains('/'))
        .map(str::to_string)
}

/// The image a `docker pull` or `docker run` line names: its first word
/// after the command shaped as an image reference (`repo/name:tag`), not
/// an option's value (`$HOME:$HOME`, `/dev/dri`).
fn pulled_image(line: &str) -> Option<String> {
    let t = line
        .trim()
        .trim_start_matches("- ")
        .trim_start_matches('$')
        .trim();
    // `docker load -i x-torch2.7.1-ubuntu22.04.tar.gz`: the archive names
    // the image.
    if let Some(at) = t.find("docker load") {
        return t[at..]
            .split_whitespace()
            .find(|w| w.ends_with(".tar") || w.ends_with(".tar.gz") || w.ends_with(".tgz"))
            .map(|w| {
                w.trim_end_matches(".gz")
                    .trim_end_matches(".tgz")
                    .trim_end_matches(".tar")
                    .rsplit('/')
                    .next()
                    .unwrap_or(w)
                    .to_string()
            });
    }
    let rest = ["docker pull ", "docker run ", "podman pull ", "podman run "]
        .iter()
        .find_map(|c| t.find(c).map(|at| &t[at + c.len()..]))?;
    rest.split_whitespace()
        .map(|w| w.trim_matches(['`', '"', '\'']))
        .find(|w| {
            w.starts_with(|c: char| c.is_ascii_alphanumeric())
                && w.contains(['/', ':'])
                && !w.contains(['$', '=', '@'])
                && w.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-' | '/' | ':'))
        })
        .map(str::to_string)
}

/// Whether `body[at]` is a list item ending in `:` whose next line is an
/// item nested under it.
fn introduces_nested_list(body: &[(usize, String)], at: usize) -> bool {
    let indent = |l: &str| l.len() - l.trim_start().len();
    let (_, line) = &body[at];
    let item = line.trim_start();
    item.starts_with("- ")
        && item.trim_end().ends_with([':', '：'])
        && body.get(at + 1).is_some_and(|(_, next)| {
            next.trim_start().starts_with("- ") && indent(next) > indent(line)
        })
}

/// A list item that describes what its label names in sentences and
/// states no version ("- PyTorch: prebuilt in the default Python
/// environment. Its source is in /opt/pytorch."): prose about the part, as
/// the same sentences are on pages without a list.
fn is_described(line: &str) -> bool {
    let Some(item) = line.trim().strip_prefix("- ") else {
        return false;
    };
    let Some((label, text)) = item.split_once([':', '：']) else {
        return false;
    };
    let text = text.trim();
    label.chars().count() <= 40
        && text.ends_with(['.', '。', '!', '！'])
        && components::component_list(item).is_empty()
}

/// The part whose lists are the record's features: a page's `features`
/// lists, else its key features, else its announcements (the others stay
/// long-form sections). NGC pages list their features under "Key Features
/// and Enhancements" and a few notices under "Announcements"; AWS pages
/// list their features under "Release Notes" or "Announcements" alone.
fn feature_part(page: &Structure) -> Known {
    [Known::Features, Known::KeyFeatures, Known::Announcements]
        .into_iter()
        .find(|part| {
            page.sections
                .iter()
                .any(|s| s.known == Some(*part) && !s.body.is_empty())
        })
        .unwrap_or(Known::Features)
}

/// A preamble line that is the page's title: it names the version and
/// reads as a title ("… 25.10 release notes", "PyTorch Release 20.02"),
/// not as the summary ("This page …", "本文介绍…"): `[page]` of
/// `data/words/*.toml`.
fn is_title_line(line: &str, version: &str) -> bool {
    let lower = line.to_lowercase();
    let holds = |list: &Vec<String>| list.iter().any(|w| lower.contains(w.as_str()));
    let summary = words::each().any(|w| {
        holds(&w.page.summary_holds)
            || w.page
                .summary_starts
                .iter()
                .any(|s| lower.starts_with(s.as_str()))
    });
    let titled = words::each().any(|w| holds(&w.page.title_holds));
    line.contains(version)
        && !summary
        && (titled || (line.chars().count() <= 60 && !line.ends_with(['.', '。'])))
}

/// Components found outside the Contents table, unless a name of the same
/// package (`TorchAudio`, `torchaudio`) is there already.
pub(crate) fn add_components(draft: &mut Draft, pairs: Vec<(String, String)>) {
    let mut known: HashSet<String> = draft
        .components
        .keys()
        .chain(draft.arch.values().flat_map(|a| a.components.keys()))
        .map(|n| normalize_component(n))
        .collect();
    for (name, version) in pairs {
        if known.insert(normalize_component(&name)) {
            draft.components.insert(name, version);
        }
    }
}

/// As [`add_components`], for a page whose versions are all in prose: of
/// two readings of one version, the more precise ("Built using Godot
/// 4.6.2" and "thanks to the update to Godot 4.6", Pixelorama's
/// changelog). (A table's version stays as the table writes it.)
fn add_refining(draft: &mut Draft, pairs: Vec<(String, String)>) {
    for (name, version) in pairs {
        let key = normalize_component(&name);
        let held = draft
            .components
            .iter_mut()
            .find(|(n, _)| normalize_component(n) == key);
        match held {
            Some((_, held)) => {
                if version
                    .strip_prefix(held.as_str())
                    .is_some_and(|rest| rest.starts_with('.'))
                {
                    *held = version;
                }
            }
            None => add_components(draft, vec![(name, version)]),
        }
    }
}

/// The versionless items of a components list ("- Apex") as includes,
/// when most of its items name a version.
fn add_listed_includes(draft: &mut Draft, lines: &[&str]) {
    let items: Vec<&str> = lines
        .iter()
        .map(|l| l.trim())
        .filter(|l| l.starts_with("- "))
        .collect();
    let versioned = items
        .iter()
        .filter(|l| !components_section(&[**l]).is_empty())
        .count();
    if versioned * 2 > items.len() {
        let names = items
            .iter()
            .filter(|l| components_section(&[**l]).is_empty())
            .filter_map(|l| components::versionless_names(l))
            .flatten();
        components::add_includes(draft, names);
    }
}

/// The ids of the long-form sections so far, and for each id asked for
/// the last number tried after it: ids are only ever added, so the next
/// free one is never below it.
#[derive(Default)]
struct SectionIds {
    taken: HashSet<String>,
    tried: HashMap<String, usize>,
}

impl SectionIds {
    /// `id`, or `id-2`, `id-3` … when it is taken (a second "Notes" is `notes-2`).
    fn unique(&mut self, id: &str) -> String {
        let n = self.tried.entry(id.to_string()).or_insert(1);
        let mut unique = if *n == 1 {
            id.to_string()
        } else {
            format!("{id}-{n}")
        };
        while self.taken.contains(&unique) {
            *n += 1;
            unique = format!("{id}-{n}");
        }
        self.taken.insert(unique.clone());
        unique
    }
}

/// A long-form section; ids are unique (a second "Notes" is `notes-2`).
fn push_section(draft: &mut Draft, ids: &mut SectionIds, id: &str, section: &Section, lang: Lang) {
    // An untitled part (after a rule) gives its tables and statements, no
    // section a record could title.
    if section.body.is_empty() || section.title.is_empty() {
        return;
    }
    let unique = ids.unique(id);
    let body_lines: Vec<&str> = section.body.iter().map(|(_, l)| l.as_str()).collect();
    draft.sections.push(SectionOut {
        id: unique,
        title: text(lang, section.title.clone()),
        body: text(lang, to_markdown(&body_lines)),
    });
}

/// Whether the item names components the way lists do (see
/// [`components::component_list`]).
fn has_named_versions(item: &str) -> bool {
    !components::component_list(item).is_empty()
}

/// A word of prose, never part of a name ("version" in "vLLM version 0.5.3").
fn is_prose_word(word: &str) -> bool {
    crate::package_name::is_not_name(word) || crate::names::is_introduction(word)
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
        let l = components::without_home_address(&l).to_string();
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
        } else if let Some(claimed) = claimed_components(&l) {
            // "CANN is upgraded to 8.5.1", "Mooncake: Upgraded from
            // v0.3.8.post1 to v0.3.9", "Upgraded PyTorch and TorchNPU to
            // 2.10.0": a part listing components says what each now is.
            out.extend(claimed);
        } else if l.contains(':') || l.contains('：') || l.contains("==") {
            // "PyTorch / torch_npu: 2.10.0 / 2.10.0.post4"; else a run
            // of `name : version` pairs.
            match tables::key_value(&l) {
                Some(pairs) => out.extend(pairs),
                None => out.extend(components::component_list(&l)),
            }
        } else if has_named_versions(&l) {
            // "Ubuntu 22.04 including Python 3.10", "vLLM version 0.5.3 post 1".
            out.extend(components::component_list(&l));
        } else {
            // A name of one to four words, then the version; no word of
            // prose is part of a name.
            let words: Vec<&str> = l.split_whitespace().take(5).collect();
            if let Some(at) = words.iter().position(|w| starts_version(w))
                && (1..=4).contains(&at)
                && !words[..at].iter().any(|w| is_prose_word(w))
            {
                // "DeepEP commit 73b6ea4": "commit" names what the version
                // is, not the component.
                let named = if at > 1 && crate::words::is_version_label(words[at - 1]) {
                    at - 1
                } else {
                    at
                };
                out.push((
                    words[..named].join(" "),
                    words[at].trim_end_matches([',', '.']).to_string(),
                ));
            } else if let Some(pair) = tables::name_version(&l) {
                // "KL630 firmware SDK-v2.5.5": a version its label opens.
                out.push(pair);
            }
        }
    }
    out
}

/// The components an item of a components part claims an upgrade of:
/// "Name: Upgraded to V" (the label names it), "Name is upgraded to V",
/// "Upgraded A and B to V".
fn claimed_components(line: &str) -> Option<Vec<(String, String)>> {
    let claims = crate::claims::find_claims(line);
    if claims.is_empty() {
        return None;
    }
    // "**Mooncake**: Upgraded from v0.3.8.post1 to v0.3.9".
    // "TorchNPU: Upgraded to 2.9.0.post1+git4c901a4 because … CANN has
    // been upgraded to 9.0.0": the label's, the version after the first
    // `to` of a text opening with an upgrade verb.
    // (A colon inside a word is no label's: `androidx.core:core-ktx ->
    // 1.3.1`, Coil's changelog, names a Maven artifact.)
    if let Some((label, rest)) = line.split_once([':', '：'])
        && (line.contains('：') || rest.is_empty() || rest.starts_with(char::is_whitespace))
        && let Some(name) = names::component_name(&tables::clean_name(label))
        && let Some(written) = upgraded_to(rest)
        && let Some(version) = components::clean_version(&name, &written)
    {
        return Some(vec![(name, version)]);
    }
    let mut out = Vec::new();
    for claim in claims {
        let Some(version) = components::clean_version(&claim.name, &claim.version) else {
            continue;
        };
        // "Bump golang.org/x/net from 0.54.0 to 0.55.0": a Go module's path
        // is its name.
        let module = crate::package_name::is_module_path(&claim.name).then(|| claim.name.clone());
        if let Some(name) = module.or_else(|| names::component_name(&claim.name)) {
            out.push((name, version.clone()));
        }
        // "Upgraded PyTorch and TorchNPU to 2.10.0": the names before the
        // joint claim the version too.
        for other in &claim.alternatives {
            if let Some(name) = names::component_name(other)
                && names::is_alias(&name)
                && !out.iter().any(|(n, _)| *n == name)
            {
                out.push((name, version.clone()));
            }
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The version a text opening with an upgrade verb names after its first
/// `to` ("Upgraded from v0.3.8.post1 to v0.3.9", "Upgraded to 3.9.0"): the
/// `[claims]` words of every language.
fn upgraded_to(text: &str) -> Option<String> {
    let words: Vec<&str> = text
        .split_whitespace()
        .map(|w| w.trim_matches(['*', '`', ',', '.']))
        .collect();
    let verb = words.first()?.to_lowercase();
    let claims = || crate::words::each().map(|w| &w.claims);
    if !claims().any(|c| c.verb_first.contains(&verb)) {
        return None;
    }
    let to = words
        .iter()
        .position(|w| claims().any(|c| c.to.iter().any(|t| t.eq_ignore_ascii_case(w))))?;
    // "Patch redmine-44038: Update Tabler Icons to v3.43.0": a name between
    // the verb and `to` is the one upgraded, not the label's.
    let from = |w: &str| claims().any(|c| c.from.iter().any(|f| f.eq_ignore_ascii_case(w)));
    if to > 1 && !from(words[1]) {
        return None;
    }
    let version = words.get(to + 1)?.trim_start_matches(['v', 'V']);
    version
        .starts_with(|c: char| c.is_ascii_digit())
        .then(|| version.to_string())
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
    // The table's header row was the last line written.
    let mut header_only = false;
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
            // The page's own delimiter row under the header: one was
            // written already.
            if in_table && header_only && crate::tables::is_delimiter(line) {
                header_only = false;
                continue;
            }
            header_only = !in_table;
            out.push_str(line);
            out.push('\n');
            if !in_table {
                // The first row is the header: Markdown wants a delimiter.
                let cells = line.trim_matches('|').split('|').count();
                out.push_str(&format!("|{}\n", "---|".repeat(cells)));
            }
        } else if line.trim_start().starts_with("- ") {
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

/// A page that allows a branch on data-center GPUs and also tells users to
/// upgrade from it contradicts itself: the record keeps both, as the page
/// says them, and the report says so (lint reports it too).
fn branch_conflicts(driver: &DriverOut, line: usize) -> Vec<Warning> {
    driver
        .datacenter
        .iter()
        .filter(|d| driver.upgrade_from.iter().any(|u| u.eq_ignore_ascii_case(&d.branch)))
        .map(|d| Warning {
            line: Some(line),
            message: format!(
                "the driver text allows branch {} on data-center GPUs (≥ {}) and also lists it among the drivers to upgrade from; both are kept as the page says them (`relnotes lint` reports it as driver-branch-conflict)",
                d.branch, d.min
            ),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_at_the_margin_after_a_blank_line_end_a_list() {
        let lines = |l: &[(usize, &str)]| -> Vec<(usize, String)> {
            l.iter().map(|(n, t)| (*n, t.to_string())).collect()
        };
        // mpv.net's changelog: the blank lines are gone, their numbers not.
        let (items, _) = list_items(&lines(&[
            (5, "- Support multiple folders input."),
            (6, "- mediainfo v22.09."),
            (8, "input.conf changes:"),
            (10, "(This release is on Open OnDemand version 3.1.10)"),
        ]));
        assert_eq!(
            items,
            [
                "Support multiple folders input.",
                "mediainfo v22.09.",
                "(This release is on Open OnDemand version 3.1.10)"
            ]
        );
        // Right under an item, or indented, words continue it.
        let (items, _) = list_items(&lines(&[(5, "- Support"), (6, "folders."), (8, "  too.")]));
        assert_eq!(items, ["Support folders. too."]);
    }

    #[test]
    fn parts_titled_by_the_services_of_a_release() {
        let section = |title: &str| Section {
            known: None,
            title: title.to_string(),
            level: 2,
            line: 1,
            body: vec![(2, "- fix".to_string())],
        };
        assert_eq!(
            parts_titled_by_components(
                &[
                    section("[Clouddriver](#clouddriver) 5.86.0"),
                    section("Deck 3.18.0"),
                ],
                false
            ),
            [
                ("Clouddriver".to_string(), "5.86.0".to_string()),
                ("Deck".to_string(), "3.18.0".to_string())
            ]
        );
        let one = [section("Python 3.11 Support"), section("Deck 3.18.0")];
        assert!(parts_titled_by_components(&one, false).is_empty());
        // In a changelog's release, one part is enough.
        assert_eq!(
            parts_titled_by_components(&one, true),
            [("Deck".to_string(), "3.18.0".to_string())]
        );
    }

    #[test]
    fn a_part_titled_by_a_tool_over_its_download() {
        let section = |title: &str, address: &str| Section {
            known: None,
            title: title.to_string(),
            level: 3,
            line: 1,
            body: vec![
                (2, "Bin Path： `$HOME/maven/bin` <br>".to_string()),
                (3, format!("安装包地址 `{address}` <br>")),
            ],
        };
        assert_eq!(
            version_downloaded(&section(
                "Maven",
                "http://resource.koderover.com/apache-maven-3.3.9-bin.tar.gz"
            )),
            Some(("Maven".into(), "3.3.9".into()))
        );
        assert_eq!(
            version_downloaded(&section(
                "Node",
                "http://r.example/node-v8.15.0-linux-x64.tar.gz"
            )),
            Some(("Node".into(), "8.15.0".into()))
        );
        // An archive of something else, or a part titled by no name.
        assert_eq!(
            version_downloaded(&section("Maven", "http://r.example/gradle-8.5-bin.zip")),
            None
        );
        assert_eq!(
            version_downloaded(&section(
                "Installation",
                "http://r.example/tool-1.2.3.tar.gz"
            )),
            None
        );
    }

    #[test]
    fn a_part_titled_by_a_name_over_its_version() {
        let section = |title: &str, first: &str| Section {
            known: None,
            title: title.to_string(),
            level: 3,
            line: 1,
            body: vec![(2, first.to_string()), (3, "  - zfs: version 2.3.1".into())],
        };
        assert_eq!(
            version_under_name(&section("Linux kernel", "- version 6.12.24-Unraid")),
            Some(("Linux-kernel".into(), "6.12.24-Unraid".into()))
        );
        assert_eq!(
            version_under_name(&section("Linux kernel", "- version 6.12 brings more")),
            None
        );
        assert_eq!(
            version_under_name(&section("Why upgrade now", "- version 6.12")),
            None
        );
    }

    #[test]
    fn a_section_table_keeps_one_delimiter_row() {
        assert_eq!(
            to_markdown(&["| Version | Path |", "|---|---|", "| 22.0 | /ndk/22.0 |"]),
            "| Version | Path |\n|---|---|\n| 22.0 | /ndk/22.0 |\n"
        );
        assert_eq!(
            to_markdown(&["- version 6.12", "  - zfs: version 2.3.1"]),
            "- version 6.12\n  - zfs: version 2.3.1\n"
        );
        assert_eq!(
            to_markdown(&["| a | b |", "| c | 1 |"]),
            "| a | b |\n|---|---|\n| c | 1 |\n"
        );
    }

    #[test]
    fn parts_named_by_components_over_their_labelled_versions() {
        // A Spack module list (UC Davis's): a description, then the
        // versions; a part's version is its own, not the next part's.
        let body: Vec<(usize, String)> = [
            "### cuda",
            "CUDA is a parallel computing platform.",
            "It runs on GPUs.",
            "Versions: 11.7.1, 11.8.0",
            "Arches: generic",
            "### smartdenovo",
            "Versions: master",
            "### abyss",
            "Versions: 2.3.1",
        ]
        .iter()
        .enumerate()
        .map(|(n, l)| (n, l.to_string()))
        .collect();
        assert_eq!(
            inner_parts_versions(&body),
            [
                ("cuda".to_string(), "11.7.1, 11.8.0".to_string()),
                ("abyss".to_string(), "2.3.1".to_string())
            ]
        );
    }

    #[test]
    fn a_table_of_versions_under_its_components_title() {
        let section = |title: &str, body: &str| Section {
            known: None,
            title: title.to_string(),
            level: 2,
            line: 1,
            body: body
                .lines()
                .enumerate()
                .map(|(i, l)| (i + 2, l.to_string()))
                .collect(),
        };
        let table = "| Version | Path |\n|---|---|\n| 11 | /usr/lib/jvm/11 |\n| 17 (default) | /usr/lib/jvm/17 |\n";
        assert_eq!(
            versions_under_title(&section("Java versions", table)),
            Some(("Java".to_string(), "17".to_string()))
        );
        let first = table.replace(" (default)", "");
        assert_eq!(
            versions_under_title(&section("Java versions", &first)),
            Some(("Java".to_string(), "11".to_string()))
        );
        // A title with no version word, or a row that is no version: none.
        assert_eq!(versions_under_title(&section("Java paths", table)), None);
        let mixed = table.replace("| 11 |", "| latest |");
        assert_eq!(
            versions_under_title(&section("Java versions", &mixed)),
            None
        );
    }

    fn parsed(md: &str) -> Draft {
        use super::super::page::{Page, PageKind};
        let page = super::super::structure::split(
            &Page::read(PageKind::Markdown, md).unwrap(),
            crate::headings::Headings::built_in(),
        );
        parse(&page, "9.9", Lang::EN, "x", None, false).draft
    }

    #[test]
    fn prose_beside_a_labelled_list_of_versions() {
        // A feature's labelled list of versions does not silence the
        // claims of the other features (no component table is read).
        let md = "# x 9.9\n\n## Features\n\n- Dependency updates:\n  - Kotlin 1.6.21\n  - Ktor 2.0.1\n\
                  - Upgraded DuckDB to 1.5.4\n";
        let draft = parsed(md);
        let comps: Vec<String> = draft
            .components
            .iter()
            .map(|(n, v)| format!("{n}={v}"))
            .collect();
        assert_eq!(comps, ["Kotlin=1.6.21", "Ktor=2.0.1", "DuckDB=1.5.4"]);
    }

    #[test]
    fn commits_state_versions_only_where_nothing_else_does() {
        let comps = |md: &str| -> Vec<String> {
            parsed(md)
                .components
                .iter()
                .map(|(n, v)| format!("{n}={v}"))
                .collect()
        };
        let commits = "* d46286e9e9f549b2f776f2d86e5bf01810d6998d - Upgraded to Koi v0.5.3 for speed\n\
                       * 25077dcc663c28ba78bdcf4fdb11aaad4682d97d - Update POD5 library to 0.3.34\n";
        assert_eq!(
            comps(&format!("# x 9.9\n\nChanges:\n\n{commits}")),
            ["Koi=0.5.3", "POD5=0.3.34"]
        );
        // Beside a statement of their own, a release's commits are its
        // log: only the upgrades they claim are read.
        let log = "* 3a1b2c3d4e5 - Koi 0.5.3 is faster\n\
                   * 25077dcc663c28ba78bdcf4fdb11aaad4682d97d - Update POD5 library to 0.3.34\n";
        assert_eq!(
            comps(&format!(
                "# x 9.9\n\nThis release ships CUDA 12.8.\n\n{log}"
            )),
            ["CUDA=12.8", "POD5=0.3.34"]
        );
    }

    #[test]
    fn a_table_of_the_releases_containers_gives_each_ones_tools() {
        let comps = |md: &str| -> Vec<String> {
            parsed(md)
                .components
                .iter()
                .map(|(n, v)| format!("{n}={v}"))
                .collect()
        };
        let page = "# Tools\n\n| Container | Major tool versions | Image |\n|---|---|---|\n\
                    | base | HTSlib 1.23.1, Python 3.14 | base@sha256:03cb3c01937e |\n\
                    | pbjam | pbJam 0.4.1 | pbjam@sha256:1b90537ed668 |\n\
                    | glnexus | GLnexus 1.4.3 | glnexus:1.4.3 |\n";
        assert_eq!(
            comps(page),
            [
                "HTSlib=1.23.1",
                "Python=3.14",
                "pbJam=0.4.1",
                "GLnexus=1.4.3"
            ]
        );
        // Rows of one image's tags are its releases, none of them this
        // one's: their tools are not this release's.
        let releases = "# Tools\n\n| Image | Tools |\n|---|---|\n| tool:1.2 | HTSlib 1.22 |\n| tool:1.1 | HTSlib 1.21 |\n";
        assert!(!comps(releases).iter().any(|c| c.starts_with("HTSlib")));
    }

    #[test]
    fn a_word_naming_what_the_version_is_is_no_part_of_the_name() {
        assert_eq!(
            components_section(&["- NCCL 2.30.7", "- DeepEP commit 73b6ea4"]),
            [
                ("NCCL".to_string(), "2.30.7".to_string()),
                ("DeepEP".to_string(), "73b6ea4".to_string())
            ]
        );
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
                // A name of several words is read by its aliases.
                "aws-ofi-nccl=1.11.0"
            ]
        );
        let features: Vec<&str> = draft.features.iter().map(|t| t.side(Lang::EN)).collect();
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
        let features: Vec<&str> = draft.features.iter().map(|t| t.side(Lang::EN)).collect();
        assert_eq!(features, ["one", "two"]);
        assert!(matches!(draft.bug_fixes, Some(FixesOut::None { .. })));
        let ids: Vec<&str> = draft.sections.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["build-notes", "build-notes-2"]);
    }

    #[test]
    fn the_best_feature_list_wins_and_the_others_stay_sections() {
        // NGC: key features, then a few announcements.
        let draft = parsed(
            "# x 9.9\n\n## Key Features and Enhancements\n\n- one\n- two\n\n\
             ## Announcements\n\n- RAPIDS is no longer installed.\n\n## Deprecations\n\n- Old API.\n\n\
             ## Known Issues\n\n- Slow.\n",
        );
        let features: Vec<&str> = draft.features.iter().map(|t| t.side(Lang::EN)).collect();
        assert_eq!(features, ["one", "two"]);
        let ids: Vec<&str> = draft.sections.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["announcements", "deprecations"]);
        assert_eq!(draft.sections[0].title.side(Lang::EN), "Announcements");
        assert_eq!(draft.known_issues.len(), 1);
        // AWS: announcements alone are the features.
        let draft = parsed("# x 9.9\n\n## Announcements\n\n- Introduced x 9.9\n");
        assert_eq!(draft.features.len(), 1);
        assert!(draft.sections.is_empty());
        // A list of features first; key features and announcements stay.
        let draft = parsed(
            "# x 9.9\n\n## Announcements\n\n- a\n\n## What's New\n\n- b\n\n## Key Features\n\n- c\n",
        );
        let features: Vec<&str> = draft.features.iter().map(|t| t.side(Lang::EN)).collect();
        assert_eq!(features, ["b"]);
        let ids: Vec<&str> = draft.sections.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids, ["announcements", "key-features"]);
    }

    #[test]
    fn an_item_over_a_nested_list_is_its_context() {
        let body: Vec<(usize, String)> = [
            "- OS: Ubuntu 22.04",
            "- 相依性:",
            "  - CUDA 12.2.1",
            "- Notes:",
        ]
        .iter()
        .enumerate()
        .map(|(n, l)| (n + 1, l.to_string()))
        .collect();
        let found: Vec<bool> = (0..body.len())
            .map(|i| introduces_nested_list(&body, i))
            .collect();
        assert_eq!(found, [false, true, false, false]);
    }

    #[test]
    fn an_item_describing_its_label_in_sentences_is_prose() {
        assert!(is_described(
            "- PyTorch: 在預設的 Python 環境中預先構建和安裝的版本 (`/usr/local/lib/python3.8/dist-packages/torch`)。完整原始碼位於 `/opt/pytorch`。"
        ));
        assert!(is_described("- Framework: prebuilt from source."));
        assert!(!is_described("- OS: Ubuntu 22.04"));
        assert!(!is_described("- CUDA: 12.2.1."));
        assert!(!is_described("PyTorch: prebuilt from source."));
    }

    #[test]
    fn a_list_without_bullets_leaves_its_introduction() {
        let draft = parsed(
            "# x 9.9\n\n## Key Features and Enhancements\n\n\
             This release includes the following key features and enhancements.\n\n\
             Faster kernels.\n\nThe following models are faster.\n",
        );
        let features: Vec<&str> = draft.features.iter().map(|t| t.side(Lang::EN)).collect();
        assert_eq!(
            features,
            ["Faster kernels.", "The following models are faster."]
        );
    }

    #[test]
    fn parts_of_a_components_part_labelled_with_their_versions() {
        let draft = parsed(
            "# x 9.9\n\n## Components\n\n### DPDK\n\n- **Base DPDK Version:** 25.11.0\n- **Marvell DAO Version:** 9.9\n\n\
             ### Firmware\n\n- **Version:** 26.01.0\n- **Source repo:** x\n\n### VPP\n\n- **Other Version:** 1.2.3\n",
        );
        let got: Vec<(&str, &str)> = draft
            .components
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        assert!(got.contains(&("DPDK", "25.11.0")), "{got:?}");
        assert!(got.contains(&("Firmware", "26.01.0")), "{got:?}");
        assert!(!got.iter().any(|(n, _)| *n == "VPP"), "{got:?}");
        let draft = parsed(
            "# x 9.9\n\n## Components\n\n### DPDK\n\n### Firmware\n\n- **Version:** 26.01.0\n",
        );
        assert!(
            !draft.components.contains_key("DPDK"),
            "{:?}",
            draft.components
        );
    }

    #[test]
    fn upgrades_in_commit_lines_beside_other_statements() {
        let draft = parsed(
            "# x 9.9\n\nPython 3.12.1 is installed.\n\n### qtbase\n\n\
             * 5b229ae55a5 SQLite: Update SQLite to v3.46.1\n\
             * 82e23d266b0 Fix partial_ordering comparison\n",
        );
        assert_eq!(
            draft.components.get("SQLite").map(String::as_str),
            Some("3.46.1")
        );
        assert_eq!(
            draft.components.get("Python").map(String::as_str),
            Some("3.12.1")
        );
    }

    #[test]
    fn a_preamble_that_is_only_a_list_states_changes() {
        let draft = parsed(
            "Version 9.9 (March 22th 2020)\n\n- Implemented: a faster cache\n- Fixed: a crash\n",
        );
        assert!(draft.summary.is_none(), "{:?}", draft.summary);
        assert_eq!(draft.features.len(), 2, "{:?}", draft.features);
        // Opening words keep their list out of the summary, as before; the
        // list is what changed (FCEUX's What's New pages).
        let draft = parsed("This release is faster.\n\n- Implemented: a faster cache\n");
        assert_eq!(
            draft.summary.as_ref().map(|t| t.side(Lang::EN)),
            Some("This release is faster.")
        );
        assert_eq!(draft.features.len(), 1, "{:?}", draft.features);
    }

    #[test]
    fn of_two_readings_of_one_version_the_more_precise() {
        // Pixelorama's changelog.
        let mut draft = Draft::default();
        add_refining(&mut draft, vec![("Godot".into(), "4.6".into())]);
        add_refining(
            &mut draft,
            vec![
                ("Godot".into(), "4.6.2".into()),
                ("Godot".into(), "5.0".into()),
            ],
        );
        assert_eq!(
            draft.components.get("Godot").map(String::as_str),
            Some("4.6.2")
        );
    }

    #[test]
    fn a_components_own_changelog_is_no_feature_of_the_release() {
        let d = parsed(
            "# Release v34.0.0\n\n## Apps\n\n- cilium from v1.3.2 to v1.3.4\n\n### cilium v1.3.2...v1.3.4\n\n#### Changed\n\n- Upgrade Cilium to v1.18.6.\n\n## Added\n\n- Karpenter node pools.\n",
        );
        assert_eq!(d.features.len(), 1, "{:?}", d.features);
        assert!(names_changes_of_component(
            "cilium [v1.3.2...v1.3.4](https://x/compare/v1.3.2...v1.3.4)"
        ));
        assert!(!names_changes_of_component("PyTorch 2.7"));
    }

    #[test]
    fn labelled_upgrades_among_labelled_features_are_components() {
        let d = parsed(
            "# Release 2.4.110\n\n## Changes\n\n- FEATURE: Allow custom skins\n- FEATURE: Desktop ISO support\n\
             - FIX: Sensor age in grid screen\n- FIX: Reload rules rather than restart\n\
             - FIX: Parse logs from pfSense\n- UPGRADE: CyberChef 10.19.2 #13637\n\
             - UPGRADE: Kratos to 1.3.0 #13758\n",
        );
        assert_eq!(
            d.components.get("CyberChef").map(String::as_str),
            Some("10.19.2")
        );
        assert_eq!(
            d.components.get("Kratos").map(String::as_str),
            Some("1.3.0")
        );
        assert_eq!(d.features.len(), 5, "{:?}", d.features);
    }

    #[test]
    fn section_ids_stay_unique_whatever_the_titles() {
        let mut ids = SectionIds::default();
        let made: Vec<String> = ["notes", "notes", "notes-2", "notes", "other"]
            .iter()
            .map(|id| ids.unique(id))
            .collect();
        assert_eq!(made, ["notes", "notes-2", "notes-2-2", "notes-3", "other"]);
    }
}
