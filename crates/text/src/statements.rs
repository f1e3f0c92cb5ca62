//! Name–version statements wherever a page makes them: list items under
//! any heading ("GPU Instance Type Support": `- CUDA 12.5`), and prose
//! ("available with TensorFlow 2.18 with CUDA 12.5 on Ubuntu 22.04",
//! "Release 25.12 is based on CUDA 13.1.0", "PyTorch container image
//! version 25.12 is based on 2.10.0a0+b4e4ee81d3"). Each candidate is
//! weighed by what relnotes knows of components (`data/components.toml`:
//! names, aliases, each one's version syntax) and by the words around it
//! (`[statements]` of `data/words/*.toml`); the sure ones fill what the
//! page's tables and component lists left out. A table always wins.

use crate::components::{clean_version, listed_components};
use crate::draft::Draft;
use crate::headings::Known;
use crate::names;
use crate::phrases::{holds_note, names_examples, plausible, spaced_words};
use crate::structure::{Section, Structure};
use crate::words;
use aho_corasick::{AhoCorasick, MatchKind};
use model::{Ecosystem, Version};
use std::collections::{HashMap, HashSet};

/// How a candidate was stated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Strength {
    /// In a sentence saying what the image is, holds or is based on.
    Statement,
    /// Right after "based on" ("… v2.8.10+xpu is the new release … based on
    /// PyTorch 2.8.0"): what the release is built on, over a mention.
    Based,
    /// An item of a list of name–version items.
    Listing,
}

/// One name–version candidate.
#[derive(Debug, Clone)]
struct Candidate {
    name: String,
    version: String,
    strength: Strength,
    /// Stated by an upgrade claim ("git: upgrade to 2.24.3").
    upgrade: bool,
}

/// Fills `draft` with the components the page states outside its tables
/// and component lists: a component the draft already has keeps its
/// version (a table wins over prose); of the others, the surest statement
/// of each, then the most precise version.
/// `refine`: on a page whose versions are all in prose, a more precise
/// reading of a component's version replaces the one held.
pub(crate) fn fill(draft: &mut Draft, page: &Structure, version: &str, refine: bool) {
    let mut found = Vec::new();
    // "## 2026-01-05: Update to llama.cpp b7631" (shamitv's llama_cpp
    // changelog): the words after the release's name in its heading say
    // what it changed.
    for title in &page.titles {
        if let Some(rest) = after_release_name(title, version) {
            read_prose(rest, &mut found);
            found.extend(named_in_heading(rest));
        }
    }
    read_lines(&page.preamble, "", &mut found);
    for section in &page.sections {
        if is_read_elsewhere(section) {
            // "vLLM source: …" may end the tags that open a release.
            if section.known == Some(Known::Tags) {
                for (_, line) in &section.body {
                    read_source_label(line, &mut found);
                }
            }
            // A component part's reader takes its lists and tables; its
            // sentences ("Dependencies have been updated, including
            // go-jose 4.1.4 to address CVE-…") are prose.
            if section.known == Some(Known::Components) {
                for (_, line) in &section.body {
                    if is_sentence(line) {
                        read_prose(line.trim(), &mut found);
                    }
                    // "- Base image `docker.io/nvidia/cuda:11.2-base-ubuntu18.04`"
                    // under "### Dependencies" (a miner image's changelog):
                    // images and pinned sources its reader's lists leave.
                    read_image_references(line, &mut found);
                    read_pinned_references(line, &mut found);
                }
            }
            // Fixes that upgrade a component ("chore(deps): bump glob from
            // 10.4.5 to 10.5.0"): what the release ships, beside a table.
            if section.known == Some(Known::Fixes) && !titled_by_note(&section.title) {
                for (_, line) in &section.body {
                    read_claims(line, &mut found);
                    // "corrected to `numpy 2.1.3 + scipy 1.15.3`": pins
                    // set together are what the fix ships.
                    read_joined_pins(line, &mut found);
                }
            }
            continue;
        }
        read_claims(&section.title, &mut found);
        read_lines(&section.body, &section.title, &mut found);
    }
    // A release whose only list is its commits ("* d46286e… - Upgraded to
    // Koi v0.5.3"): their messages, where nothing else states a version;
    // beside other statements, the upgrades they claim ("* 5b229ae55a5
    // SQLite: Update SQLite to v3.46.1" in Qt's release notes).
    let only_commits = found.is_empty() && draft.components.is_empty();
    let parts = std::iter::once(("", &page.preamble)).chain(
        page.sections
            .iter()
            .filter(|s| !is_read_elsewhere(s))
            .map(|s| (s.title.as_str(), &s.body)),
    );
    for (title, body) in parts {
        let messages: Vec<(usize, String)> = body
            .iter()
            .filter_map(|(n, l)| Some((*n, format!("- {}", crate::lines::commit_message(l)?))))
            .collect();
        if only_commits {
            read_lines(&messages, title, &mut found);
        } else {
            for (_, message) in &messages {
                read_claims(message, &mut found);
            }
        }
    }
    let mut have: HashSet<String> = draft
        .components
        .keys()
        .chain(draft.arch.values().flat_map(|a| a.components.keys()))
        .map(|n| names::canonical_key(n))
        .collect();
    // The release's own number beside a name no data knows is the
    // container's ("Release 25.12"), not a component's; a package of the
    // npm scope of a monorepo released in step with it is one
    // ("@spree/dashboard-core@0.13.1" in @spree/dashboard 0.13.1), unless
    // it is the page's own.
    let sibling = |name: &str| {
        name.starts_with('@') && name.contains('/') && !page.titles.iter().any(|t| t.contains(name))
    };
    // "RepRapFirmware 3.0" over "- Duet3Firmware_EXP3HC 3.0": where a
    // title names the product before the release, another name with that
    // version is a component made in step with it.
    let product_titled = page.titles.iter().any(|t| {
        let words: Vec<&str> = t.split_whitespace().collect();
        words.windows(2).any(|w| {
            w[1].trim_start_matches(['v', 'V']) == version
                && w[0].chars().any(char::is_alphabetic)
                && !crate::words::is_version_label(w[0])
                && !crate::words::is_release_word(w[0])
        })
    });
    let not_the_product = |name: &str| {
        let name = name.to_lowercase();
        product_titled && !page.titles.iter().any(|t| t.to_lowercase().contains(&name))
    };
    found.retain(|c| {
        c.version != version
            || names::is_alias(&c.name)
            || sibling(&c.name)
            || not_the_product(&c.name)
    });
    for chosen in surest(found) {
        if have.insert(names::canonical_key(&chosen.name)) {
            draft.components.insert(chosen.name, chosen.version);
        } else if let Some((_, held)) = draft
            .components
            .iter_mut()
            .find(|(n, _)| names::canonical_key(n) == names::canonical_key(&chosen.name))
            && (refine || (is_major_minor(held) && !writes_version(page, held)))
            && chosen
                .version
                .strip_prefix(held.as_str())
                .is_some_and(|rest| rest.starts_with('.'))
        {
            // "Version 0.17.0 is based on Qt 5.9.3" beside "Updated ICU
            // rules for Qt 5.9+" (Stellarium's): the more precise.
            *held = chosen.version;
        }
    }
}

/// Whether a line of `page` writes `version` as a word of its own ("CUDA
/// 12.8" in a table), not only within a longer one ("2.4.0") or a tag
/// (`torch24`): a version the page writes keeps its precision.
fn writes_version(page: &Structure, version: &str) -> bool {
    let is_version_char = |c: char| c.is_ascii_alphanumeric() || c == '.';
    page.titles
        .iter()
        .map(String::as_str)
        .chain(page.preamble.iter().map(|(_, l)| l.as_str()))
        .chain(page.sections.iter().flat_map(|s| {
            std::iter::once(s.title.as_str()).chain(s.body.iter().map(|(_, l)| l.as_str()))
        }))
        .any(|line| {
            line.match_indices(version).any(|(at, _)| {
                let before = line[..at].chars().next_back();
                let after = line[at + version.len()..].chars().next();
                // (A sentence's full stop after it still ends the word.)
                let after_ends = match after {
                    Some('.') => {
                        !line[at + version.len() + 1..].starts_with(|c: char| c.is_ascii_digit())
                    }
                    other => other.is_none_or(|c| !is_version_char(c)),
                };
                before.is_none_or(|c| !is_version_char(c)) && after_ends
            })
        })
}

/// "2.4": a major and a minor, no more; what an image's tag gives
/// (`torch24`), which a statement's "PyTorch 2.4.0" makes precise.
fn is_major_minor(version: &str) -> bool {
    let mut parts = version.split('.');
    parts
        .next()
        .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        && parts
            .next()
            .is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
        && parts.next().is_none()
}

/// "llama.cpp b10182, load-mode API, isolate log-callback fix" after a
/// release's name in its heading (llama_cpp_dart's changelog): the parts
/// that are a name and its version or build, nothing more, are what the
/// release holds.
fn named_in_heading(rest: &str) -> Vec<Candidate> {
    rest.split([',', ';'])
        .filter_map(|part| {
            let (name, written) = part.trim().split_once(' ')?;
            let written = written.trim().trim_matches('`');
            let name = name.trim_matches('`');
            let versioned = (crate::tables::looks_like_version(written) && written.contains('.'))
                || crate::package_name::is_build_number(written);
            (versioned
                && !written.contains(' ')
                && crate::package_name::is_package_name(name)
                && !crate::package_name::is_not_name(name)
                && !crate::words::is_version_label(name)
                && !crate::words::is_release_word(name))
            .then(|| Candidate {
                name: names::component_name(name).unwrap_or_else(|| name.to_string()),
                version: written.trim_start_matches(['v', 'V']).to_string(),
                strength: Strength::Listing,
                upgrade: false,
            })
        })
        .collect()
}

/// What a heading says after the release's name, standing as a word of
/// its own ("2026-01-05: Update to llama.cpp b7631" → "Update to
/// llama.cpp b7631").
fn after_release_name<'a>(title: &'a str, version: &str) -> Option<&'a str> {
    let mut from = 0;
    while let Some(at) = title[from..].find(version).map(|a| a + from) {
        let end = at + version.len();
        let bounded = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric() && c != '.');
        let before = title[..at].trim_end_matches(['v', 'V']);
        if bounded(before.chars().next_back()) && bounded(title[end..].chars().next()) {
            let rest = title[end..].trim_start_matches(|c: char| {
                c.is_whitespace() || matches!(c, ':' | '-' | '–' | '—' | ')' | ']' | '`' | '*')
            });
            return (!rest.is_empty()).then_some(rest);
        }
        from = end;
    }
    None
}

/// The lines whose name–version statements extraction weighs, for the
/// report's count: the page's titles, preamble and every part but those
/// speaking of other releases or of what is gone (known issues, sections
/// titled by a note word such as "Deprecations"). Fixes stay: upgrade
/// claims in them are read.
pub(crate) fn weighed_lines(page: &Structure) -> Vec<&str> {
    let mut lines: Vec<&str> = page.titles.iter().map(String::as_str).collect();
    lines.extend(page.preamble.iter().map(|(_, l)| l.as_str()));
    for section in &page.sections {
        if section.known == Some(Known::Issues) || titled_by_note(&section.title) {
            continue;
        }
        lines.push(&section.title);
        lines.extend(
            section
                .body
                .iter()
                .map(|(_, l)| l.as_str())
                .filter(|l| !crate::lines::is_commit_entry(l)),
        );
    }
    lines
}

/// Parts whose versions are not this image's (known issues, fixes) or
/// that their own reader took (the Contents table, component lists,
/// assets), and sections whose title is a note word ("Deprecations").
fn is_read_elsewhere(section: &Section) -> bool {
    let skipped = matches!(
        section.known,
        Some(Known::Issues | Known::Fixes | Known::Contents | Known::Components | Known::Tags)
    );
    skipped || titled_by_note(&section.title)
}

/// A line of prose: no list item or table row, words going on past a
/// name and its version, ending as a sentence ends.
fn is_sentence(line: &str) -> bool {
    let t = line.trim();
    bullet_text(t).is_none()
        && !crate::tables::is_row_line(t)
        && t.split_whitespace().count() >= 6
        && t.ends_with(['.', '。', '!'])
}

/// Whether a section's title holds a note word ("Deprecations").
pub(crate) fn titled_by_note(title: &str) -> bool {
    let title = title.to_lowercase();
    words::each().any(|w| {
        w.statements
            .notes
            .iter()
            .filter(|n| !w.statements.notes_not_in_titles.contains(n))
            .any(|n| title.contains(n.as_str()))
    })
}

/// Per component (by canonical key), in the order first found: the most
/// precise of versions that agree (`12.4.1` over `12.4`), else the
/// strongest candidate, else the first.
fn surest(found: Vec<Candidate>) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = Vec::new();
    let mut at: HashMap<String, usize> = HashMap::new();
    for c in found {
        let key = names::canonical_key(&c.name);
        match at.get(&key) {
            None => {
                at.insert(key, out.len());
                out.push(c);
            }
            Some(&i) => {
                let kept = &mut out[i];
                // "CUDA 12.9" in a list and "CUDA 12.9.1" in prose agree:
                // the precise one; where they disagree, the stronger one.
                // ("2.11.0+cu130" refines "2.11+cu130": one build, its
                // numbers written in full.)
                // ("cert-manager: v1.19.3 to v1.20.2", then "cert-manager
                // v1.20 changes the default UID" in upgrade notes: a `v`
                // is no number.)
                let refines = |a: &str, b: &str| {
                    let bare = |v: &'_ str| v.strip_prefix(['v', 'V']).unwrap_or(v).to_string();
                    let (a, b) = (bare(a), bare(b));
                    let (a, b) = (a.as_str(), b.as_str());
                    let numbers_refine = |a: &str, b: &str| {
                        a.strip_prefix(b)
                            .is_some_and(|rest| rest.starts_with(['.', '+', '-']))
                    };
                    numbers_refine(a, b)
                        || match (a.split_once('+'), b.split_once('+')) {
                            (Some((a, local)), Some((b, other))) => {
                                local == other && numbers_refine(a, b)
                            }
                            _ => false,
                        }
                };
                // Two upgrades of one component in one release ("git:
                // security upgrade to 2.24.2", later "… to 2.24.3"): it
                // ends at the higher.
                let higher_upgrade = kept.upgrade
                    && c.upgrade
                    && c.strength == kept.strength
                    // ("IANA TZDB `2015c`", then "`2015d`", moment-timezone's
                    // changelog: a year and a letter, in the order of both.)
                    && model::compare_versions(Ecosystem::Generic, &c.version, &kept.version)
                        .unwrap_or_else(|_| {
                            model::release_order(&c.version, &kept.version)
                        })
                        .is_gt();
                if refines(&c.version, &kept.version)
                    || (!refines(&kept.version, &c.version) && c.strength > kept.strength)
                    || higher_upgrade
                {
                    *kept = c;
                }
            }
        }
    }
    out
}

/// "- cuda11.3", "- gcc7.5.0" (TensorRT-Alpha's README): a list item that
/// is a name and its version run together, as image tags write them (a
/// heading so written, "cuda10.2", may name a release).
fn glued_item(item: &str) -> Option<(String, String)> {
    let t = item.trim();
    if t.contains(char::is_whitespace) {
        return None;
    }
    // "- CUDA-10.2", "- OpenCV-4.1.1" (YOLOv8-TensorRT's Jetson page): a
    // name and its version joined by a dash, as a package file names them.
    let dashed = t.rsplit_once('-').filter(|(name, version)| {
        version.contains('.')
            && crate::tables::looks_like_version(version)
            && name.chars().next().is_some_and(char::is_alphabetic)
            && !name.ends_with(|c: char| c.is_ascii_digit())
            // (`spark-3.5.6-python-3.11-scala-2.13`: the name holds a
            // version itself, a tag naming several.)
            && !name.split('-').any(|w| w.starts_with(|c: char| c.is_ascii_digit()))
    });
    let (name, version) = crate::tags::glued(t)
        .filter(|(_, v)| v.contains('.'))
        .or_else(|| dashed.map(|(n, v)| (n.to_string(), v.to_string())))?;
    Some((names::component_name(&name).unwrap_or(name), version))
}

fn bullet_text(line: &str) -> Option<&str> {
    let t = line.trim_start();
    ["- ", "* ", "+ ", "• ", "· "]
        .iter()
        .find_map(|b| t.strip_prefix(b))
        .map(str::trim)
}

/// The lines of one part: runs of list items as lists, the rest as prose.
fn read_lines(body: &[(usize, String)], title: &str, found: &mut Vec<Candidate>) {
    let mut intro = title.to_string();
    let mut list: Vec<&str> = Vec::new();
    // Lines naming components and versions one a line, without bullets
    // ("ROCm 6.3.1", "CUDA: 12.2"), are a list too.
    let (runs, _) = crate::tables::key_value_runs(body);
    // Inside an `ENV` going on over lines ending in `\`: its assignments
    // (a page of `KEY=value` lines, an environment's dump, states nothing).
    let mut in_env = false;
    // The line above was a paragraph of names and versions going on.
    let mut listing_above = false;
    let mut in_fence = false;
    for (i, (_, line)) in body.iter().enumerate() {
        if crate::lines::is_commit_entry(line) {
            continue;
        }
        let t = line.trim_start();
        if t.starts_with("```") || t.starts_with("~~~") {
            in_fence = !in_fence;
        } else if in_fence {
            read_version_variable(line, found);
        }
        read_pinned_commit(line, found);
        read_pinned_references(line, found);
        read_joined_pins(line, found);
        read_image_references(line, found);
        let t = line.trim();
        if in_env {
            read_dockerfile(&format!("ENV {t}"), found);
        }
        // (`ARG CUDA_VERSION=12.6 CUDNN_VERSION=9.5.1.17 \\` goes on the
        // same way.)
        in_env = (in_env || t.starts_with("ENV ") || t.starts_with("ARG ")) && t.ends_with('\\');
        // A Dockerfile's `ENV`/`ARG` is read as one, not as words naming
        // versions (`ENV TRANSFORMERS_VERSION 4.36.2`).
        if t.starts_with("ENV ") || t.starts_with("ARG ") {
            read_dockerfile(line, found);
            continue;
        }
        if let Some(item) = bullet_text(line) {
            read_bold_lead(item, found);
            // A tool over the versions of it nested under it.
            let indent = |l: &str| l.len() - l.trim_start().len();
            {
                let own = indent(line);
                // Its own items, not theirs (a tool's plugin's versions).
                let nested: Vec<&str> = body[i + 1..]
                    .iter()
                    .map(|(_, l)| l.as_str())
                    .take_while(|l| indent(l) > own && bullet_text(l).is_some())
                    .collect();
                let level = nested.first().map_or(0, |l| indent(l));
                let subs: Vec<&str> = nested
                    .iter()
                    .filter(|l| indent(l) == level)
                    .filter_map(|l| bullet_text(l))
                    .collect();
                if let Some((name, version)) = tool_over_versions(item, &subs) {
                    found.push(Candidate {
                        name,
                        version,
                        strength: Strength::Listing,
                        upgrade: false,
                    });
                }
            }
            list.push(item);
            continue;
        }
        if runs.contains(&i) {
            list.push(line.trim());
            continue;
        }
        let line = line.trim();
        if line.is_empty() || line.starts_with("```") || line.starts_with('|') {
            continue;
        }
        if !list.is_empty() {
            read_list(&list, &format!("{title} {intro}"), found);
            read_labelled_version(&intro, &list, found);
            list.clear();
        }
        // "emacs 27.2, gcc-toolchain 10.3.0, ghc 8.8.3,": a line of names
        // and versions and commas alone is a list written as a paragraph.
        // "Releases: libmamba 1.5.1, mamba 1.5.1": after a label too.
        // "cuda: 12.1.1 / pytorch: cu121 / python3.8.17 / ubuntu20.04" (an
        // image's stack under its tag): parts between slashes, the first
        // colon an item's, not a label's.
        let slashed: Vec<&str> = line.split(" / ").collect();
        let stack_of_slashes = slashed.len() >= 3
            && slashed[0]
                .split_once([':', '：'])
                .is_some_and(|(_, v)| crate::tables::looks_like_version(v.trim()));
        let (labelled, listed) = match line.split_once([':', '：']) {
            Some((label, rest))
                if !stack_of_slashes
                    && label.split_whitespace().count() <= 3
                    && !label.contains(|c: char| c.is_ascii_digit())
                    && rest.contains([',', '，', '、', '/', '／']) =>
            {
                (true, rest)
            }
            _ => (false, line),
        };
        // "Python 3.12, CUDA 12.8 and Torch 2.10." (a release's build
        // target): the sentence's stop and the joining word are no item's.
        // "Python 3.10 / numpy 2.2 /" (a Japanese README's tested
        // environment): slashes part the items too.
        let listed = listed.trim_end_matches(['.', '。', '/', ' ']);
        let items: Vec<String> = listed
            .split([',', '，', '、', '／'])
            .flat_map(|p| p.split(" / "))
            .flat_map(list_items)
            .filter(|p| !p.is_empty())
            .collect();
        // ("pytorch: cu121" among them: an attribute of the image, a build's
        // tag, no version.)
        let attribute = |p: &String| {
            p.split_once([':', '：']).is_some_and(|(_, value)| {
                let value = value.trim();
                !value.contains(char::is_whitespace) && !crate::tables::looks_like_version(value)
            })
        };
        let stated =
            |p: &String| crate::tables::name_version(p).is_some() || glued_item(p).is_some();
        let items: Vec<String> = if stack_of_slashes {
            let spaced: Vec<String> = items
                .into_iter()
                .filter(|p| !attribute(p))
                .map(|p| match p.split_once([':', '：']) {
                    Some((name, version)) => format!("{} {}", name.trim(), version.trim()),
                    None => p,
                })
                .collect();
            // ("gcc / g++ / c++11" after them: tools named without a
            // version, left when three parts or more, a third of them,
            // state theirs.)
            let pairs: Vec<String> = spaced.iter().filter(|p| stated(p)).cloned().collect();
            if pairs.len() >= 3 && pairs.len() * 3 >= spaced.len() {
                pairs
            } else {
                spaced
            }
        } else {
            items
        };
        let parts: Vec<&str> = items.iter().map(String::as_str).collect();
        // "Erlang: 24.3, 25.0, 27.0 (default)": the versions installed of
        // a tool, the one marked default.
        if labelled
            && let Some((label, _)) = line.split_once([':', '：'])
            && let Some(pair) = default_among(label, &parts)
        {
            found.push(Candidate {
                name: pair.0,
                version: pair.1,
                strength: Strength::Listing,
                upgrade: false,
            });
            continue;
        }
        // Its last line may hold fewer. "…, Torch 2.10, and SM70/V100": a
        // last item of one word and no version (the hardware built for)
        // ends a list of three pairs or more.
        // ("python3.8.17": a name and its version run together.)
        let pair = |p: &&str| crate::tables::name_version(p).is_some() || glued_item(p).is_some();
        let pairs = match parts.split_last() {
            Some((last, before))
                if before.len() >= 3
                    && !last.contains(char::is_whitespace)
                    && !crate::tables::looks_like_version(last)
                    && !pair(last) =>
            {
                before
            }
            _ => &parts[..],
        };
        let listing = (pairs.len() >= 3
            || (labelled && pairs.len() >= 2)
            || (listing_above && !pairs.is_empty()))
            && pairs.iter().all(pair);
        listing_above = listing && line.ends_with([',', '/']);
        if listing {
            read_list(pairs, &format!("{title} {intro}"), found);
            continue;
        }
        read_source_label(line, found);
        read_underscored_run(line, found);
        read_parenthesized_pins(line, found);
        read_default(line, found);
        read_dockerfile(line, found);
        read_prose(line, found);
        // What a list below is, its introduction's last sentence says
        // ("… includes the following components:"), not the sentences
        // before it ("… validating large language model inference").
        intro = sentences(line).last().unwrap_or(line).to_string();
    }
    if !list.is_empty() {
        read_list(&list, &format!("{title} {intro}"), found);
        read_labelled_version(&intro, &list, found);
    }
}

/// "사용한 ComfyUI 버전" over "- v0.3.18 : https://…", "Python version:" over
/// "- 3.12.8": a short line naming a component and ending in a version
/// word, then a list opening with that version.
fn read_labelled_version(intro: &str, items: &[&str], found: &mut Vec<Candidate>) {
    let label = intro.trim().trim_end_matches([':', '：']).trim_end();
    let words: Vec<&str> = label.split_whitespace().collect();
    let [.., name, version_word] = words.as_slice() else {
        return;
    };
    // ("이 버전과 연동해 본 ComfyUI 버전": "the ComfyUI version this
    // version was tried with"; a name written as one, or one data knows.)
    let named = names::is_alias(name) || name.chars().any(|c| c.is_uppercase());
    if words.len() > 6 || !is_version_label(version_word) || !named {
        return;
    }
    let Some(first) = items.first() else {
        return;
    };
    let Some(written) = first
        .split([' ', ':', '：', ','])
        .next()
        .filter(|w| crate::tables::looks_like_version(w))
    else {
        return;
    };
    let written = written.strip_prefix(['v', 'V']).unwrap_or(written);
    if crate::package_name::is_package_name(name) {
        push_stated(name, written, found);
    }
}

/// The joining words (`[claims] and`) and copulas (`[components]
/// copulas`) of every language, as they stand between two items: with
/// spaces around them where the language spaces its words.
struct Joints {
    /// Each joining word, and whether a space follows it.
    leading: Vec<(String, bool)>,
    ands: Vec<String>,
    copulas: Vec<String>,
}

static JOINTS: std::sync::LazyLock<Joints> = std::sync::LazyLock::new(|| {
    let between = |w: &words::Words, word: &String| {
        if w.spaced {
            format!(" {word} ")
        } else {
            word.clone()
        }
    };
    let mut joints = Joints {
        leading: Vec::new(),
        ands: Vec::new(),
        copulas: Vec::new(),
    };
    for w in words::each() {
        for and in &w.claims.and {
            joints.leading.push((and.clone(), w.spaced));
            joints.ands.push(between(w, and));
        }
        for copula in &w.components.copulas {
            joints.copulas.push(between(w, copula));
        }
    }
    joints
});

/// The items of a comma's part, each a name and its version as far as
/// the part says one: "and Torch 2.10" is `Torch 2.10`; "CUDA 12.8 and
/// Torch 2.10" and "TensorFlow 2.21（Keras 3）" are two; "torch是1.13.1"
/// and "本地的python环境是3.8" (a Chinese README's environment) are
/// `torch 1.13.1` and `python 3.8`, by the joining words and copulas of
/// every language (`[claims] and`, `[components] copulas`).
fn list_items(part: &str) -> Vec<String> {
    let joints = &*JOINTS;
    let mut rest = part.trim();
    for (and, spaced) in &joints.leading {
        if let Some(after) = rest.strip_prefix(and.as_str())
            && (!spaced || after.starts_with(' '))
        {
            rest = after.trim_start();
        }
    }
    let pair = |text: &str| crate::tables::name_version(text.trim()).is_some();
    if let Some(open) = rest.find(['(', '（'])
        && rest.ends_with([')', '）'])
    {
        let (outer, inner) = (&rest[..open], &rest[open..]);
        let inner = inner
            .trim_start_matches(['(', '（'])
            .trim_end_matches([')', '）']);
        if pair(outer) && pair(inner) {
            return vec![outer.trim().to_string(), inner.trim().to_string()];
        }
    }
    for joint in &joints.ands {
        if let Some((left, right)) = rest.split_once(joint.as_str())
            && pair(left)
            && pair(right)
        {
            return vec![left.trim().to_string(), right.trim().to_string()];
        }
    }
    for joint in &joints.copulas {
        let Some((left, right)) = rest.split_once(joint.as_str()) else {
            continue;
        };
        let version = right.trim();
        if !version.starts_with(|c: char| c.is_ascii_digit())
            || !crate::tables::looks_like_version(version)
        {
            continue;
        }
        // The Latin name inside words of another script.
        let name = if left.is_ascii() {
            left.trim()
        } else {
            left.split(|c: char| !(c.is_ascii_alphanumeric() || "-_.+".contains(c)))
                .rfind(|t| t.starts_with(|c: char| c.is_ascii_alphabetic()))
                .unwrap_or(left.trim())
        };
        let item = format!("{name} {version}");
        if pair(&item) {
            return vec![item];
        }
    }
    vec![rest.to_string()]
}

/// A tool over the versions installed of it, one marked the default
/// ("Ruby - `RUBY_VERSION`" over "2.7.2 (default)", "2.6.6"; a build
/// image's software list): the tool at that version, or at its only one.
pub(crate) fn tool_over_versions(item: &str, subs: &[&str]) -> Option<(String, String)> {
    let head = item
        .split(" - ")
        .next()
        .and_then(|h| h.split(" – ").next())
        .and_then(|h| h.split([':', '：', '(', '`', ',']).next())
        .unwrap_or(item)
        .trim()
        // "* **opencv**" over "* update to version 4.1.2" (GoCV's
        // changelog): the part's name in bold.
        .trim_matches('*');
    let name = names::component_name(head)?;
    let version_of = |sub: &str| -> Option<String> {
        // "Update to 29.5.2" under "Docker:" (Clever Cloud's image
        // updates): an upgrade verb and `to` before the version.
        let sub = words::each()
            .find_map(|w| {
                let mut parts = sub.splitn(3, ' ');
                let (verb, to, rest) = (parts.next()?, parts.next()?, parts.next()?);
                (w.claims
                    .verb_first
                    .iter()
                    .any(|v| v.eq_ignore_ascii_case(verb))
                    && w.claims.to.iter().any(|t| t.eq_ignore_ascii_case(to)))
                .then_some(rest)
            })
            .unwrap_or(sub);
        let mut words_of = sub.split_whitespace();
        let first = words_of.next()?;
        let first = if crate::words::is_version_label(first) {
            words_of.next()?
        } else {
            first
        };
        let first = first.trim_end_matches(['.', ',']);
        // "16 (default)": a major alone is a version here.
        (first.starts_with(|c: char| c.is_ascii_digit())
            && (crate::tables::looks_like_version(first)
                || first.bytes().all(|b| b.is_ascii_digit())))
        .then(|| first.to_string())
    };
    let versions: Vec<(String, bool)> = subs
        .iter()
        .filter_map(|s| Some((version_of(s)?, crate::tables::marks_default(s))))
        .collect();
    let version = match versions.as_slice() {
        [(only, _)] => only.clone(),
        _ => versions.iter().find(|(_, default)| *default)?.0.clone(),
    };
    Some((name, version))
}

/// Of a tool's installed versions written on one line after its name
/// ("Erlang: 24.3, 25.0, 27.0 (default)", "Elixir: 1.16.x, 1.17.x (1.17.2
/// as default)"), the one marked default, as that mark's note writes it.
fn default_among(label: &str, parts: &[&str]) -> Option<(String, String)> {
    if parts.len() < 2
        || !parts
            .iter()
            .all(|p| p.starts_with(|c: char| c.is_ascii_digit()))
    {
        return None;
    }
    let [marked] = parts
        .iter()
        .filter(|p| crate::tables::marks_default(p))
        .collect::<Vec<_>>()[..]
    else {
        return None;
    };
    let version = marked
        .split_whitespace()
        .map(|w| w.trim_matches(['(', ')', ',']))
        .rfind(|w| crate::tables::looks_like_version(w) && !w.ends_with(".x"))?;
    let name = names::component_name(label.trim())?;
    Some((name, version.to_string()))
}

/// The pairs of a list that are components: none when its introduction
/// says it lists examples, nor when no name of it is known and most of
/// its items write their version `v1.5` after the name alone, as model
/// versions are ("ResNet50 v1.5", "SSD300 v1.1"); a list of packages no
/// data knows ("torchtnt 0.2.4", "`vllm-rbln`: v0.9.4") stays.
pub(crate) fn component_pairs(
    context: &str,
    items: &[&str],
    pairs: Vec<(String, String)>,
) -> Vec<(String, String)> {
    if names_examples(context) {
        return Vec::new();
    }
    // A name labelling its version (`rebel-compiler`: v0.9.4) or set as
    // code is a package's, not a model's.
    // Models' versions have two numbers at most ("v1.5"); tools' often
    // three ("Terraform v1.10.5"), or a year first ("U-Boot v2023.01").
    let v_written = items
        .iter()
        .filter(|item| !item.contains([':', '：', '`']))
        .filter(|item| {
            item.split_whitespace().any(|w| {
                w.strip_prefix(['v', 'V']).is_some_and(|rest| {
                    let major = rest.split('.').next().unwrap_or(rest);
                    rest.starts_with(|c: char| c.is_ascii_digit())
                        && rest.matches('.').count() <= 1
                        && !major
                            .parse::<u32>()
                            .is_ok_and(|y| (1990..2100).contains(&y))
                })
            })
        })
        .count();
    let known = pairs.iter().any(|(n, _)| names::is_alias(n));
    // "PostgreSQL 14" and "Redis 7" beside "Kafka 3.7.0": among versions
    // of several numbers, a major alone is one too; so it is after a name
    // written as software names are (`OpenJDK`, `Node.js`).
    // Written as a name and its number, not a setting's `key: 1`.
    let dotted = pairs.iter().any(|(_, v)| v.contains('.'));
    // It opens its item or a place in a list ("Java 21, Spring Boot 3"),
    // not a sentence ("images on Amazon Linux 2023").
    let written_after_name = |n: &str, v: &str| {
        let phrase = format!("{} {v}", n.replace('-', " ")).to_lowercase();
        items.iter().any(|item| {
            let plain = item.replace(['*', '`'], "").to_lowercase();
            plain.match_indices(&phrase).any(|(at, _)| {
                let before = plain[..at].trim_end();
                before.is_empty() || before.ends_with([':', '：', ',', '，', '、', '-'])
            })
        })
    };
    // "less: version 674": labelled a version by the item's own word.
    let labelled_version = |n: &str, v: &str| {
        let head = format!("{}:", n.to_lowercase());
        items.iter().any(|item| {
            let plain = item.replace(['*', '`'], "").to_lowercase();
            let plain = plain.trim_start_matches("- ");
            plain.strip_prefix(&head).is_some_and(|rest| {
                let mut words = rest.split_whitespace();
                words.next().is_some_and(words::is_version_label)
                    && words.next() == Some(v.to_lowercase().as_str())
                    && words.next().is_none()
            })
        })
    };
    // "ComfyUI 版本：e471c726 2025-03-05" (licyk's update log): a commit
    // that a label calls the version.
    let labelled_commit = |v: &str| {
        crate::package_name::is_commit_hash(v)
            && items.iter().any(|item| {
                item.split_once([':', '：']).is_some_and(|(label, value)| {
                    value.trim_start().starts_with(v)
                        && crate::lines::apart_from_script(label)
                            .split_whitespace()
                            .last()
                            .is_some_and(words::is_version_label)
                })
            })
    };
    // "UPD: less: v 470": a tagged change labels its version.
    let tagged = |n: &str, v: &str| {
        items.iter().any(|item| {
            tagged_version(item).is_some_and(|(name, version)| name == n && version == v)
        })
    };
    let major = |n: &str, v: &str| {
        v.bytes().all(|b| b.is_ascii_digit())
            && (dotted || software_shaped(n))
            && written_after_name(n, v)
    };
    if known || v_written * 2 <= items.len() {
        pairs
            .into_iter()
            .filter(|(n, v)| {
                plausible(n, v)
                    || major(n, v)
                    || labelled_version(n, v)
                    || labelled_commit(v)
                    || tagged(n, v)
                    || crate::dates::is_date_number(v)
            })
            .collect()
    } else {
        Vec::new()
    }
}

/// A name written as software names are and words are not: a capital
/// after a small letter (`OpenJDK`, `PostgreSQL`, `TypeScript`) or a dot
/// between letters (`Node.js`).
fn software_shaped(name: &str) -> bool {
    let chars: Vec<char> = name.chars().collect();
    chars
        .windows(2)
        .any(|w| w[0].is_lowercase() && w[1].is_uppercase())
        || chars
            .windows(3)
            .any(|w| w[0].is_alphabetic() && w[1] == '.' && w[2].is_alphabetic())
}

/// A list: its name–version items as listings (see [`component_pairs`]),
/// the others read as prose.
fn read_list(items: &[&str], context: &str, found: &mut Vec<Candidate>) {
    // "Cython-0.29.1 The Cython compiler…", "numpy-1.15.4 NumPy: array
    // processing…" (a cluster's list of a module's packages): each item
    // a package's archive name, then what it is.
    let archives: Vec<(String, String)> = items
        .iter()
        .filter_map(|item| archive_head(without_credit(item)))
        .collect();
    if items.len() >= 3 && archives.len() * 3 >= items.len() * 2 {
        for (name, version) in archives {
            found.push(Candidate {
                name: names::component_name(&name).unwrap_or(name),
                version,
                strength: Strength::Listing,
                upgrade: false,
            });
        }
        return;
    }
    let mut pairs = Vec::new();
    let mut listing = 0;
    let items: Vec<&str> = items.iter().map(|item| without_credit(item)).collect();
    let items = items.as_slice();
    // The names of items changing a version: of two in one release, the
    // higher is the one it ends at (see [`surest`]).
    let mut changed: std::collections::HashSet<String> = std::collections::HashSet::new();
    // Items going from one version to another without a verb ("IPython
    // 0.12.1 to 0.13.1: …"): kept like a claim's, read as a listing.
    let mut moved: std::collections::HashSet<String> = std::collections::HashSet::new();
    // Items headed by a name and a version and going on in words ("Kernel
    // 6.14.2 (and 6.15.0-rc2) built with clang", "Chromium 135.0.7049.84
    // patched with …"): read only in a list that is mostly versions.
    let mut led = Vec::new();
    for item in items {
        let label = item.split_once([':', '：']).map_or("", |(l, _)| l);
        // "python3.8, python3.8-minimal: 3.8.10-0", "PyTorch 2.7.0
        // (2.7.0a0+git3a58512)".
        // "Slingshot Host Software (SHS) 12.0.0, with improvements to …":
        // a name and its version, then a note.
        let headed = || {
            let (head, _) = item.split_once(", ")?;
            crate::tables::name_version(head).map(|p| vec![p])
        };
        // "**PHP 8.3** 模块流", "**Redis 7** - 缓存": a name and version
        // set in bold head the item, whatever follows them.
        // (A known name's highlight is read as one below.)
        let bold = || {
            let head = bold_head(item).filter(|_| headed_by_version(item).is_none())?;
            crate::tables::name_version(head).map(|p| vec![p])
        };
        // "**python version 3.7.2**: If you need another version, …" (the
        // marks of a label go, as Markdown gives it): a label naming a
        // component and its version heads the item.
        let labelled_head = || {
            let (head, _) = item.split_once([':', '：'])?;
            (head.split_whitespace().count() <= 4)
                .then(|| crate::tables::name_version(head.trim()))
                .flatten()
                .map(|p| vec![p])
        };
        let key_value = crate::components::labelled_commit(item)
            .or_else(|| tagged_version(item))
            .map(|p| vec![p])
            .or_else(|| crate::tables::key_value(item).filter(|p| !p.is_empty()));
        let bold_pairs = key_value
            .is_none()
            .then(|| bold().or_else(labelled_head))
            .flatten();
        let by_bold_head = bold_pairs.is_some();
        let listed = key_value
            .or(bold_pairs)
            .or_else(|| crate::tables::name_version(item).map(|p| vec![p]))
            .or_else(|| glued_item(item).map(|p| vec![p]))
            .unwrap_or_else(|| listed_components(item));
        // "**python version 3.7.2**: If you need another version, …": the
        // head states the version; a note after it speaks of others.
        let noted = if by_bold_head {
            let head = bold_head(item).or_else(|| Some(item.split_once([':', '：'])?.0));
            head.is_some_and(holds_note)
        } else {
            holds_note(item)
        };
        // A highlight headed by a name and version is read as one below.
        let listed = if listed.is_empty() && headed_by_version(item).is_none() {
            headed()
                .or_else(|| crate::tables::described(item))
                .unwrap_or_default()
        } else {
            listed
        };
        if !listed.is_empty() && !names_examples(label) && !noted {
            // "Bump X from 1.3.6 to 1.3.7": an item that changes a version.
            if !crate::claims::find_claims(item).is_empty() {
                changed.extend(listed.iter().map(|(n, _)| names::canonical_key(n)));
            } else if changes_between(item) {
                moved.extend(listed.iter().map(|(n, _)| names::canonical_key(n)));
            }
            // "[ash](…) 0.38.0 (Vulkan 1.3.281)" (vulkano's changelog): what
            // the item's package is of, in parentheses at its end.
            let other = crate::components::parenthesized_other(item)
                .filter(|(name, _)| !listed.iter().any(|(n, _)| n == name));
            pairs.extend(listed);
            pairs.extend(other);
            listing += 1;
            // "PyTorch 2.11.0 (with torchvision 0.26.0 and torchaudio
            // 2.11.0)": the statements the item makes besides its first.
            read_prose(item, found);
        } else {
            // "PBS update to 2025.2.0", "**JupyterLab 4.4.4** - For …": an
            // item claiming or headed by a version is one of a list of
            // versions too.
            if headed_by_version(item).is_some() || !crate::claims::find_claims(item).is_empty() {
                listing += 1;
            }
            let labelled = item
                .split_once([':', '：'])
                .is_some_and(|(_, value)| known_version_end(value).is_some());
            // "DeepSpeed 0.18.8 for memory-efficient training".
            let purposeful = known_version_end(item).is_some_and(|rest| {
                tokens_of(rest).first().is_some_and(|w| {
                    words::each()
                        .flat_map(|l| &l.statements.purposes)
                        .any(|p| p.eq_ignore_ascii_case(w))
                })
            });
            // "**vLLM 0.27.0** — minor version bump from 0.26.0": a
            // highlight headed by a name and its version states it.
            if let Some(head) = headed_by_version(item) {
                read_prose_as(head, true, found);
            }
            read_prose_as(item, labelled || purposeful, found);
            // "`CUDA_VERSION`: CUDA version (default: 12.1.1)": a list of
            // build arguments.
            read_default(item, found);
            led.extend(led_by_version(item));
        }
    }
    // A list that is mostly something else ("Fixed a leak in foo 1.2"):
    // only names relnotes knows. Names without a digit say nothing either
    // way ("**缓存**: Redis" in a list of a stack); sentences do.
    let named_only = |item: &str| {
        let value = item.split_once([':', '：']).map_or(item, |(_, v)| v);
        !item.bytes().any(|b| b.is_ascii_digit())
            && value
                .split([',', '，', '、'])
                .all(|name| name.split_whitespace().count() <= 3)
    };
    // "dill>=0.3.4", "jsonnet>=0.10.0 ; sys.platform != 'win32'": a
    // requirement's bound among pins names a package and no version; it
    // makes the list no less one of packages.
    let counted = items
        .iter()
        .filter(|i| !named_only(i) && !is_requirement_bound(i))
        .count();
    // (An item claiming a version states it whatever the list is.)
    if listing * 2 < counted {
        pairs.retain(|(n, _)| {
            let key = names::canonical_key(n);
            names::is_alias(n) || changed.contains(&key) || moved.contains(&key)
        });
    } else if (listing + led.len()) * 3 >= counted * 2 {
        pairs.extend(led);
    }
    found.extend(
        component_pairs(context, items, pairs)
            .into_iter()
            .map(|(name, version)| Candidate {
                upgrade: changed.contains(&names::canonical_key(&name)),
                name,
                version,
                strength: Strength::Listing,
            }),
    );
}

/// "IPython 0.12.1 to 0.13.1: major improvements to IPython notebook" (a
/// runtime's CHANGES): an item whose head goes from one version to
/// another changes a version, with no verb.
fn changes_between(item: &str) -> bool {
    let head = item.split_once([':', '：']).map_or(item, |(head, _)| head);
    let tokens: Vec<&str> = head.split_whitespace().collect();
    tokens.windows(3).any(|w| {
        crate::tables::looks_like_version(w[0])
            && crate::tables::looks_like_version(w[2])
            && words::each().any(|l| l.claims.to.iter().any(|t| t == w[1]))
    })
}

/// Whether a list item is one requirement bounding a package's versions
/// (`numpy>=1.21.4`, `torch<1.13.0`, `requests~=2.28`, `a>=1,<2`), an
/// environment marker after `;` aside.
fn is_requirement_bound(item: &str) -> bool {
    let spec = item.split(';').next().unwrap_or(item).trim();
    let Some(at) = spec.find(['<', '>', '~', '!']) else {
        return false;
    };
    let (name, bound) = spec.split_at(at);
    let name = name.trim();
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.' | '[' | ']'))
        && !bound.contains(char::is_whitespace)
        && bound
            .trim_start_matches(['<', '>', '~', '!', '='])
            .starts_with(|c: char| c.is_ascii_digit())
}

/// "UPD: gcc: v 4.9.2 (Commit 94d94290)" (KaarPux's change pages): a
/// change's tag in capitals, the package, then its version after `v` and
/// a space; a tag of a removal (`[tables] removals`) names none.
fn tagged_version(item: &str) -> Option<(String, String)> {
    let (tag, rest) = item.split_once(": ")?;
    let is_tag = (2..=4).contains(&tag.len()) && tag.chars().all(|c| c.is_ascii_uppercase());
    let removal = crate::words::each().any(|w| {
        w.tables
            .removals
            .iter()
            .any(|r| r.starts_with(&tag.to_lowercase()))
    });
    if !is_tag || removal {
        return None;
    }
    let (name, value) = rest.split_once(": ")?;
    let value = value.split_once(" (").map_or(value, |(v, _)| v).trim();
    let version = value
        .strip_prefix("v ")
        .or_else(|| value.strip_prefix("version "))
        .unwrap_or(value);
    (!name.contains(' ')
        && !version.contains(' ')
        && version.starts_with(|c: char| c.is_ascii_digit())
        && crate::tables::looks_like_version(version))
    .then(|| (name.to_string(), version.to_string()))
}

/// A name of one or two words and a version of two parts or more heading
/// an item, words after them ("Chromium 135.0.7049.84 patched with …",
/// "Kernel 6.14.2 (and 6.15.0-rc2) built with clang").
fn led_by_version(item: &str) -> Option<(String, String)> {
    if holds_note(item) || !crate::claims::find_claims(item).is_empty() {
        return None;
    }
    let tokens: Vec<&str> = item.split_whitespace().collect();
    let at = (1..tokens.len().min(3)).find(|&i| {
        let word = tokens[i].trim_end_matches([',', ';']);
        word.starts_with(|c: char| c.is_ascii_digit())
            && word.contains('.')
            && crate::tables::looks_like_version(word)
    })?;
    // (A floor, "OpenOCD 0.9+", is no version; "Eclipse 2018-12 4.10.0"
    // has a number in its name.)
    let name_words = &tokens[..at];
    if tokens[at].ends_with('+')
        || name_words
            .iter()
            .any(|w| w.starts_with(|c: char| c.is_ascii_digit()))
    {
        return None;
    }
    let after = tokens.get(at + 1)?;
    if !after.starts_with(|c: char| c.is_lowercase() || c == '(') {
        return None;
    }
    // "Go 1.23.9 removed", "Android NDK 27.2.12479018 replaced by …": a
    // change to the version, not the version held.
    let changes = |w: &str| {
        let w = w.to_lowercase();
        words::each().any(|l| {
            l.tables.removals.contains(&w)
                || l.tables.change_verbs.contains(&w)
                || l.claims.to.contains(&w)
                || l.claims
                    .verb_first
                    .iter()
                    .any(|v| v.eq_ignore_ascii_case(&w))
        }) || crate::words::is_arrow(&w)
    };
    // "DuetWebControl 2.1.0 when available, 2.0.7 until then": another
    // version after it, outside a note in parentheses, says it is not sure.
    let mut depth = 0_i32;
    let other_version = tokens[at + 1..].iter().any(|w| {
        let open = depth > 0 || w.starts_with('(');
        depth += w.matches('(').count() as i32 - w.matches(')').count() as i32;
        let bare = w.trim_matches(|c: char| !c.is_alphanumeric());
        !open
            && bare.starts_with(|c: char| c.is_ascii_digit())
            && crate::tables::looks_like_version(bare)
    });
    // "Introduced SGLang 0.4.9 images for EC2": a sentence, its verb
    // before the name.
    let states = |w: &str| {
        let w = w.to_lowercase();
        words::each().any(|l| l.statements.states.contains(&w))
    };
    if other_version
        || tokens[at + 1..].iter().any(|w| changes(w))
        || name_words.iter().any(|w| changes(w) || states(w))
    {
        return None;
    }
    let head = tokens[..=at].join(" ");
    crate::tables::name_version(head.trim_end_matches([',', ';']))
}

/// `text` with the `[statements]` phrases of languages whose words are
/// not spaced set apart as words of their own ("本版本基于CUDA 12.8.0" →
/// "本版本 基于 CUDA 12.8.0"), and ASCII words apart from the script
/// around them.
fn pad_unspaced(text: &str) -> String {
    // No unspaced language writes in ASCII alone.
    if text.is_ascii() {
        return text.to_string();
    }
    // The longest phrase first: "不支持" is a note, not "不" and "支持".
    // Built once: every sentence of a page in such a language asks.
    static PHRASES: std::sync::OnceLock<AhoCorasick> = std::sync::OnceLock::new();
    let phrases = PHRASES.get_or_init(|| {
        let phrases = words::each()
            .filter(|w| !w.spaced)
            .flat_map(|w| {
                let s = &w.statements;
                s.states
                    .iter()
                    .chain(&s.based_on)
                    .chain(&s.notes)
                    .chain(&s.clause_breaks)
                    .chain(&w.components.version_words)
                    .chain(&w.components.copulas)
            })
            .filter(|p| !p.is_empty());
        AhoCorasick::builder()
            .match_kind(MatchKind::LeftmostLongest)
            .build(phrases)
            .expect("phrases of the words files")
    });
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut done = 0;
    for phrase in phrases.find_iter(text) {
        push_spaced_at_scripts(&text[done..phrase.start()], &mut out);
        out.push(' ');
        out.push_str(&text[phrase.range()]);
        out.push(' ');
        done = phrase.end();
    }
    push_spaced_at_scripts(&text[done..], &mut out);
    out
}

/// Appends `text` to `out`, a space where ASCII names and versions meet
/// the page's script: they end there ("2.8.0と", "は CUDA").
fn push_spaced_at_scripts(text: &str, out: &mut String) {
    for c in text.chars() {
        if out
            .chars()
            .next_back()
            .is_some_and(|p| meets_script(p, c) || meets_script(c, p))
        {
            out.push(' ');
        }
        out.push(c);
    }
}

/// Whether `ascii` is an ASCII letter or digit (or a closing mark after
/// one: "10.1)`과") and `other` a character of an unspaced script.
fn meets_script(ascii: char, other: char) -> bool {
    (ascii.is_ascii_alphanumeric() || matches!(ascii, ')' | '`' | '"' | '\''))
        && !other.is_ascii()
        && !crate::lines::is_latin_letter(other)
}

/// The sentences of a line of prose.
fn sentences(line: &str) -> impl Iterator<Item = &str> {
    line.split(['。', '!', '?'])
        .flat_map(split_at_full_stops)
        .map(str::trim)
        .filter(|s| !s.is_empty())
}

/// `text` cut after each ". ", but for a version word's abbreviation
/// before a number ("Gmsh (ver. 4.11)"): no sentence ends there ("the
/// latest version. 2 fixes" still ends one: the word is written whole).
fn split_at_full_stops(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (at, _) in text.match_indices(". ") {
        let word = text[start..at]
            .rsplit(|c: char| c.is_whitespace() || c == '(')
            .next()
            .unwrap_or("");
        let abbreviated = crate::words::each().any(|w| {
            w.version
                .before_number
                .iter()
                .any(|b| b.strip_suffix('.') == Some(&word.to_lowercase()))
        });
        if abbreviated && text[at + 2..].starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        out.push(&text[start..at]);
        start = at + 2;
    }
    out.push(&text[start..]);
    out
}

/// The clauses of a sentence: a note word holds for its clause only.
fn clauses(sentence: &str) -> Vec<String> {
    let mut parts = vec![sentence.to_string()];
    for brk in words::each().flat_map(|w| &w.statements.clause_breaks) {
        let word = brk.chars().all(char::is_alphanumeric);
        parts = parts
            .iter()
            .flat_map(|p| {
                if word {
                    split_at_word(p, brk)
                } else {
                    p.split(brk.as_str()).map(str::to_string).collect()
                }
            })
            .collect();
    }
    parts
}

/// `clause` cut at each ` word `, but where a note phrase opens with
/// the word ("containers 19.11 and later will include …"): the note holds
/// for what follows it.
fn split_at_word(clause: &str, word: &str) -> Vec<String> {
    let needle = format!(" {word} ");
    // Most clauses hold no break word: no work beyond the search.
    if !clause.contains(&needle) {
        return vec![clause.to_string()];
    }
    let lower = clause.to_lowercase();
    let phrases: Vec<&String> = words::each()
        .flat_map(|w| &w.statements.notes)
        .filter(|n| n.starts_with(&needle[1..]))
        .collect();
    let mut parts = Vec::new();
    let mut from = 0;
    for (at, _) in clause.match_indices(&needle) {
        let rest = lower.get(at + 1..).unwrap_or("");
        if at < from || phrases.iter().any(|n| rest.starts_with(n.as_str())) {
            continue;
        }
        parts.push(clause[from..at].to_string());
        from = at + needle.len();
    }
    parts.push(clause[from..].to_string());
    parts
}

/// Statements of prose: in a sentence saying what the image is, holds or
/// is based on, each known name right before a version that parses in its
/// ecosystem ("version" may stand between), and a version right after
/// "based on" that no name precedes: the first known name of the sentence.
/// Clauses holding a note word are passed over.
fn read_prose(line: &str, found: &mut Vec<Candidate>) {
    read_prose_as(line, false, found);
}

/// "vLLM source: [4bdc8a7](…) (`0.27.0+amzn2023.4bdc8a78`)": a label of a
/// known name and a source word (`sources` of `[statements]`) states the
/// first word of its value that is a version of the name's ecosystem.
fn read_source_label(line: &str, found: &mut Vec<Candidate>) {
    let Some((label, value)) = line.split_once([':', '：']) else {
        return;
    };
    let label = tokens_of(label);
    let Some((last, name)) = label.split_last() else {
        return;
    };
    let is_source = words::each()
        .flat_map(|w| &w.statements.sources)
        .any(|s| s.eq_ignore_ascii_case(last));
    if !is_source || known_name_at(name, 0).is_none_or(|(_, len)| len != name.len()) {
        return;
    }
    let name = name.join(" ");
    // A version set apart in parentheses or backticks first: the commit
    // before it may be digits alone ("2948168 (0.5.17+amzn2023.2948168)").
    let (set_apart, others): (Vec<&str>, Vec<&str>) = value
        .split_whitespace()
        .partition(|w| w.starts_with(['(', '`']));
    set_apart
        .iter()
        .chain(&others)
        .flat_map(|w| tokens_of(w))
        .map(|t| t.trim_matches('`'))
        .filter(|t| {
            t.trim_start_matches(['v', 'V'])
                .starts_with(|c: char| c.is_ascii_digit())
        })
        .any(|t| push_known(&name, t, found));
}

/// A Dockerfile's `ARG TENSORFLOW_VERSION=2.6.0` (a build argument naming
/// a component's version by default) and `FROM`/`ARG` of a base image
/// whose tag states components (`quay.io/…/prebaked-cuda:11.8.0-cudnn8-
/// devel-ubuntu22.04`): what an image built from the file holds.
fn read_dockerfile(line: &str, found: &mut Vec<Candidate>) {
    let t = line.trim().trim_end_matches('\\').trim_end();
    // `ENV TRANSFORMERS_VERSION 4.36.2`: the older form of one assignment.
    if let Some(rest) = t.strip_prefix("ENV ")
        && let [name, value] = rest.split_whitespace().collect::<Vec<_>>().as_slice()
        && !name.is_empty()
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !value.contains('=')
    {
        return read_dockerfile(&format!("ENV {name}={value}"), found);
    }
    // `    KUBECTL_VERSION=v1.20.1 \`: an assignment going on an `ENV` of
    // several lines (`ENV A=1 B=2` too), each read as its own.
    let assignments: Vec<&str> = t
        .strip_prefix("ENV ")
        .or_else(|| t.strip_prefix("ARG "))
        .unwrap_or(t)
        .split_whitespace()
        .collect();
    let is_assignment = |a: &str| {
        a.split_once('=').is_some_and(|(name, _)| {
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        })
    };
    // An Apptainer (Singularity) definition's header names its base the
    // same way: `From: nvcr.io/nvidia/cuda:11.6.2-cudnn8-runtime-ubuntu20.04`,
    // or a local image `From: /apps/containers/R/R-4.3.0.sif`.
    if let Some((keyword, base)) = t.split_once(':')
        && keyword.eq_ignore_ascii_case("from")
    {
        let base = base.trim();
        if let Some(stem) = base.strip_suffix(".sif") {
            let file = stem.rsplit('/').next().unwrap_or(stem);
            if let Some((name, version)) = file.rsplit_once('-')
                && let Some(name) = names::component_name(name)
                && let Some(version) = clean_version(&name, version)
            {
                found.push(Candidate {
                    name,
                    version,
                    strength: Strength::Listing,
                    upgrade: false,
                });
            }
            return;
        }
        if !base.contains(char::is_whitespace) {
            return read_dockerfile(&format!("FROM {base}"), found);
        }
    }
    // `COPY --from=ghcr.io/astral-sh/uv:0.12.7 /uv /bin/uv`: a tool taken
    // from its own image, the image's tag its version.
    if let Some(rest) = t.strip_prefix("COPY ")
        && let Some(image) = rest
            .split_whitespace()
            .find_map(|w| w.strip_prefix("--from="))
        && let Some((repository, tag)) = image.rsplit_once(':')
        && !tag.contains('/')
    {
        let tool = repository.rsplit('/').next().unwrap_or(repository);
        if let Some(name) = names::component_name(tool)
            && crate::tables::looks_like_version(tag)
            && let Some(version) = clean_version(&name, tag)
        {
            found.push(Candidate {
                name,
                version,
                strength: Strength::Listing,
                upgrade: false,
            });
        }
        return;
    }
    // A shell's `export CUDA_PATH=/usr/local/cuda-11.0` (an Apptainer
    // definition's %post, an install guide) sets what an `ENV` would.
    if let Some(assignment) = t.strip_prefix("export ")
        && assignment.contains('=')
        && assignment.contains('/')
    {
        return read_dockerfile(&format!("ENV {assignment}"), found);
    }
    let instruction = ["FROM ", "ARG ", "ENV "].iter().any(|i| t.starts_with(i));
    let several = (t.starts_with("ENV ") || t.starts_with("ARG ")) && assignments.len() > 1;
    if several && !assignments.is_empty() && assignments.iter().all(|a| is_assignment(a)) {
        for assignment in assignments {
            read_dockerfile(&format!("ENV {assignment}"), found);
        }
        return;
    }
    if !instruction {
        return;
    }
    let Some((instruction, rest)) = t.split_once(char::is_whitespace) else {
        return;
    };
    let rest = rest.trim();
    let value = match instruction {
        // `FROM --platform=amd64 nvcr.io/nvidia/cuda:12.1.0-devel-…`.
        "FROM" => rest
            .split_whitespace()
            .find(|w| !w.starts_with("--"))
            .unwrap_or(""),
        "ARG" | "ENV" => {
            // `ENV LD_LIBRARY_PATH /usr/local/cuda-11.8/lib64:…`: a path
            // naming a known component's directory by its version.
            for segment in rest.split([':', '/', '=', ' ', '"']) {
                if let Some((name, version)) = segment.rsplit_once('-')
                    && names::is_alias(name)
                    && version.contains('.')
                    && let Some(component) = names::component_name(name)
                    && let Some(version) = clean_version(&component, version)
                {
                    found.push(Candidate {
                        name: component,
                        version,
                        strength: Strength::Listing,
                        upgrade: false,
                    });
                }
            }
            let Some((name, value)) = rest.split_once('=') else {
                return;
            };
            let value = value.trim().trim_matches(['"', '\'']);
            // `ARG PYTORCH="2.0.0"`: an argument named for a component
            // relnotes knows.
            if names::is_alias(name.trim())
                && let Some(component) = names::component_name(name.trim())
                && let Some(version) = clean_version(&component, value)
            {
                found.push(Candidate {
                    name: component,
                    version,
                    strength: Strength::Listing,
                    upgrade: false,
                });
                return;
            }
            // `ARG TENSORFLOW_VERSION=2.6.0` (not `LIBNVINFER_MAJOR_VERSION=7`,
            // a part of another argument's version).
            if let Some((head, tail)) = crate::package_name::prose_tail(name.trim())
                && crate::words::is_version_label(tail)
                && !["_MAJOR", "_MINOR", "_PATCH"]
                    .iter()
                    .any(|part| head.to_ascii_uppercase().ends_with(part))
                && let Some(component) = names::component_name(head)
                && let Some(version) = clean_version(&component, value)
            {
                found.push(Candidate {
                    name: component,
                    version,
                    strength: Strength::Listing,
                    upgrade: false,
                });
                return;
            }
            value
        }
        _ => return,
    };
    // An image reference (`registry/path:tag`); a tag made of other
    // arguments (`${TENSORFLOW_VERSION}-gpu`) states nothing of its own.
    if !value.contains(':') || value.contains('$') {
        return;
    }
    for (name, version) in crate::tags::components(value) {
        // A name no data knows is the tag's own word glued to a version
        // (`paddlex3.1.2`): a base image names its stack so.
        if names::is_alias(&name) || name.chars().all(|c| c.is_ascii_lowercase()) {
            found.push(Candidate {
                name,
                version,
                strength: Strength::Listing,
                upgrade: false,
            });
        }
    }
}

/// "`PYTORCH_HASH=e89c5aa…`, 2.14.0.dev20260707 from viable/strict",
/// "`KLEIDIAI_HASH` to `6c54437…`, v1.23.0 from main": a build variable
/// pinning a component's commit (`[statements] commit_labels` after its
/// name), the version that commit is right after it.
/// The images a line names with a version for a tag ("镜像：…/shenma-ai/
/// quota-manager:1.0.20", a `docker compose ps` row's `redis:6.2`): the
/// image's last name and its tag. (`mysql:8`, `…:latest`: no version.)
fn read_image_references(line: &str, found: &mut Vec<Candidate>) {
    // A Dockerfile's base image is its reader's (`FROM cuda:12.4.1 AS …`).
    let t = line.trim_start();
    if !line.contains(':') || t.starts_with("FROM ") || t.starts_with("from ") {
        return;
    }
    // "Base Image: pytorch/pytorch:2.4.1-cuda12.4-cudnn9-runtime": the
    // image it is built from, as a `FROM` names it.
    let item = bullet_text(t).unwrap_or(t).replace(['*', '`'], "");
    if let Some((label, value)) = item.split_once([':', '：'])
        && words::each()
            .flat_map(|w| &w.statements.base_images)
            .any(|b| b.eq_ignore_ascii_case(label.trim()))
        && let Some(reference) = value.split_whitespace().next()
        && reference.contains(':')
    {
        read_dockerfile(&format!("FROM {reference}"), found);
        return;
    }
    // "Base image now `nvidia/cuda:12.1.0-runtime-ubuntu22.04`": a sentence
    // naming the base image (a phrase of several words, not "base" alone)
    // and one image reference.
    let lower = item.to_lowercase();
    let names_base = words::each()
        .flat_map(|w| &w.statements.base_images)
        .filter(|b| b.contains(' ') || !b.is_ascii())
        .any(|b| lower.contains(&b.to_lowercase()));
    let references: Vec<&str> = item
        .split_whitespace()
        .map(|w| w.trim_end_matches([',', ';', '.', ')']))
        .filter(|w| {
            !w.contains("://")
                && w.split_once(':').is_some_and(|(repository, tag)| {
                    repository.starts_with(|c: char| c.is_ascii_alphabetic())
                        && (repository.contains('/')
                            || tag.starts_with(|c: char| c.is_ascii_digit()))
                })
        })
        .collect();
    if names_base
        && !crate::tables::is_row_line(t)
        && let [reference] = references.as_slice()
    {
        read_dockerfile(&format!("FROM {reference}"), found);
        return;
    }
    let mut read: Vec<(&str, &str)> = Vec::new();
    for word in
        line.split(|c: char| c.is_whitespace() || matches!(c, '`' | '"' | '\'' | '：' | '(' | ')'))
    {
        let word = word.trim_end_matches([',', ';', '.']);
        // `mvance/unbound:1.22.0@sha256:7690…`: the digest pins the tag.
        let word = match word.split_once('@') {
            Some((reference, digest)) if digest.starts_with("sha256:") => reference,
            _ => word,
        };
        let Some((repository, tag)) = word.rsplit_once(':') else {
            continue;
        };
        if crate::package_name::is_pci_address(word) {
            continue;
        }
        let name = repository.rsplit('/').next().unwrap_or(repository);
        let shaped = !word.contains("://")
            && !repository.contains(':')
            && repository.split('/').all(|part| {
                !part.is_empty()
                    && part
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
            })
            && crate::package_name::is_package_name(name)
            && !name.contains('.');
        let tag = release_of_tag(tag);
        let version = tag.strip_prefix('v').unwrap_or(tag);
        // A tag of numbers alone: `12.4.1-cudnn-devel-ubuntu22.04` says more
        // than one thing's version.
        let versioned = version.contains('.')
            && version
                .split('.')
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if shaped && versioned && !crate::package_name::is_address(version) {
            // "promoted from `alpine:3.23.4` to `alpine:3.24.0`": one image
            // named twice in a line went to the later tag.
            read.retain(|(n, _): &(&str, &str)| *n != name);
            read.push((name, tag));
        } else if shaped
            && names::is_alias(name)
            && tag.contains(['-', '_'])
            && introduced_at(line, word)
        {
            // "by using `nvidia/cuda:12.6.3-base-ubuntu22.04`": an image
            // of a component data knows, its tag naming its stack, that
            // the line says is used ("start from a fresh image, e.g.
            // rocm/pytorch:rocm6.1.2_…" names one of many).
            for (name, version) in crate::tags::components(word) {
                if names::is_alias(&name) {
                    found.push(Candidate {
                        name,
                        version,
                        strength: Strength::Listing,
                        upgrade: false,
                    });
                }
            }
        }
    }
    found.extend(read.into_iter().map(|(name, tag)| Candidate {
        name: name.to_string(),
        version: tag.to_string(),
        strength: Strength::Listing,
        upgrade: false,
    }));
}

/// The release an image's tag names after a version word or an
/// architecture glued to it (`version-v1.5.3`, linuxserver's tags;
/// `amd64-4.5.1`).
fn release_of_tag(tag: &str) -> &str {
    match tag.split_once('-') {
        Some((lead, rest))
            if words::is_version_label(lead) || crate::tables::arch_in(lead).is_some() =>
        {
            rest
        }
        _ => tag,
    }
}

/// Whether `word` of `line` comes right after a phrase that introduces
/// what a release uses (`[statements] introduce`: "using", "based on").
fn introduced_at(line: &str, word: &str) -> bool {
    let Some(at) = line.find(word) else {
        return false;
    };
    let before = line[..at]
        .trim_end_matches(['`', '*', '"', ' '])
        .to_lowercase();
    words::each()
        .flat_map(|w| &w.statements.introduce)
        .any(|p| {
            before
                .strip_suffix(p.as_str())
                .is_some_and(|head| head.is_empty() || head.ends_with(' '))
        })
}

fn read_pinned_commit(line: &str, found: &mut Vec<Candidate>) {
    if !line.contains('_') || !line.contains(',') {
        return;
    }
    let text = bullet_text(line).unwrap_or(line.trim());
    let Some((pin, after)) = text.split_once(',') else {
        return;
    };
    let variable = pin
        .split(['=', ' ', '`'])
        .find(|w| !w.is_empty())
        .unwrap_or("");
    let Some((head, label)) = variable.rsplit_once('_') else {
        return;
    };
    let is_commit_label = words::each().any(|w| {
        w.statements
            .commit_labels
            .iter()
            .any(|l| l.eq_ignore_ascii_case(label))
    });
    // The pin holds the commit: hex digits, nothing else of note.
    let commit = pin
        .split(['=', ' ', '`'])
        .rfind(|w| !w.is_empty())
        .unwrap_or("");
    let is_commit = commit.len() >= 7 && commit.chars().all(|c| c.is_ascii_hexdigit());
    if !is_commit_label || !is_commit {
        return;
    }
    let Some(written) = after.split_whitespace().next() else {
        return;
    };
    let written = written.trim_end_matches([',', ';', '.']);
    if !written
        .trim_start_matches(['v', 'V'])
        .starts_with(|c: char| c.is_ascii_digit())
    {
        return;
    }
    let Some(component) = names::component_name(head) else {
        return;
    };
    if let Some(version) = clean_version(&component, written) {
        found.push(Candidate {
            name: component,
            version,
            strength: Strength::Listing,
            upgrade: false,
        });
    }
}

/// "leehack/llamadart-native@v0.4.0", "@litert-lm/core@0.15.0",
/// "llamadart-native@b10514" (llamadart's changelog, set as code there): a
/// package or a repository pinned at a release: the package (a
/// repository's last part) at that version or build. A workflow action's
/// pin (`actions/checkout@v4`) is the project's CI, no component; a
/// version pinned at a commit (`v0.4.0@5266f24…`) names no package. A line
/// claiming a change is the claims' to read ("bump foo@1.2.2 to 1.2.3").
fn read_pinned_references(line: &str, found: &mut Vec<Candidate>) {
    if !line.contains('@') || !crate::claims::find_claims(line).is_empty() {
        return;
    }
    for token in line.split_whitespace() {
        let token = token.trim_matches([
            '`', '"', '\'', '(', ')', '[', ']', '*', ',', ';', '.', ':', '!', '?',
        ]);
        let Some((path, written)) = token.rsplit_once('@') else {
            continue;
        };
        let leaf = if path.starts_with('@') {
            path
        } else {
            path.rsplit('/').next().unwrap_or(path)
        };
        if leaf.is_empty()
            || is_workflow_action(path)
            || !leaf
                .trim_start_matches('@')
                .starts_with(|c: char| c.is_ascii_alphabetic())
            || leaf
                .strip_prefix(['v', 'V'])
                .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        {
            continue;
        }
        let bare = written.strip_prefix(['v', 'V']).unwrap_or(written);
        let build = written
            .strip_prefix('b')
            .is_some_and(|n| n.len() >= 3 && n.bytes().all(|b| b.is_ascii_digit()));
        let dotted = bare.contains('.') && crate::tables::looks_like_version(bare);
        let named = crate::package_name::is_package_name(leaf)
            || crate::package_name::is_scoped_npm_name(leaf);
        if !named || !(dotted || build) {
            continue;
        }
        found.push(Candidate {
            name: names::component_name(leaf).unwrap_or_else(|| leaf.to_string()),
            version: if build { written } else { bare }.to_string(),
            strength: Strength::Statement,
            upgrade: false,
        });
    }
}

/// The package an item opens with as its archive names it, then what it
/// is (`python-dateutil-2.7.5 Extensions to the standard Python datetime
/// module`): its name and version. An item of the archive's name alone
/// ("CUDA-10.2") is read as any name–version item.
fn archive_head(item: &str) -> Option<(String, String)> {
    let mut words = item.split_whitespace();
    let first = words.next()?;
    words.next()?;
    let (name, version) = crate::tags::dashed(first)?;
    (crate::package_name::is_package_name(name)
        && version.contains('.')
        && version.starts_with(|c: char| c.is_ascii_digit())
        && crate::tables::looks_like_version(version))
    .then(|| (name.to_string(), version.to_string()))
}

/// "glmGamPoi_1.2.0 dynwrap_1.2.2 rpart_4.1-15 XML_3.99-0.8" (R's
/// `sessionInfo()`, pasted into a page): a line of three packages or more,
/// each joined to its version by `_`, and little else.
fn read_underscored_run(line: &str, found: &mut Vec<Candidate>) {
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let pairs: Vec<(&str, &str)> = tokens
        .iter()
        .filter_map(|token| {
            let (name, version) = token.split_once('_')?;
            let name_ok = name.starts_with(|c: char| c.is_ascii_alphabetic())
                && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
                && !name.ends_with('.');
            let version_ok = version.starts_with(|c: char| c.is_ascii_digit())
                && version.ends_with(|c: char| c.is_ascii_digit())
                && version.contains(['.', '-'])
                && version
                    .chars()
                    .all(|c| c.is_ascii_digit() || c == '.' || c == '-');
            (name_ok && version_ok).then_some((name, version))
        })
        .collect();
    if pairs.len() < 3 || pairs.len() * 3 < tokens.len() * 2 {
        return;
    }
    for (name, version) in pairs {
        found.push(Candidate {
            name: names::component_name(name).unwrap_or_else(|| name.to_string()),
            version: version.to_string(),
            strength: Strength::Listing,
            upgrade: false,
        });
    }
}

/// "numpy 2.1.3 + scipy 1.15.3 + protobuf 5.29.5" (a code span, as read):
/// packages and their versions joined by ` + `, a set pinned together.
fn read_joined_pins(line: &str, found: &mut Vec<Candidate>) {
    if !line.contains(" + ") {
        return;
    }
    // The name ends a word ("为numpy"); the version opens one ("1.18.0，并").
    let pin = |name_word: &str, version_word: &str| -> Option<(String, String)> {
        let name = name_word
            .rsplit(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')))
            .next()?;
        let end = version_word
            .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '+' | '-' | '_')))
            .unwrap_or(version_word.len());
        let version = version_word[..end].trim_end_matches(['.', '-', '+']);
        (name.starts_with(|c: char| c.is_ascii_alphabetic())
            && crate::package_name::is_package_name(name)
            && version.starts_with(|c: char| c.is_ascii_digit())
            && version.contains('.')
            && crate::tables::looks_like_version(version))
        .then(|| (name.to_string(), version.to_string()))
    };
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut pins: Vec<(String, String)> = Vec::new();
    for at in (2..words.len().saturating_sub(2)).filter(|&i| words[i] == "+") {
        if let (Some(left), Some(right)) = (
            pin(words[at - 2], words[at - 1]),
            pin(words[at + 1], words[at + 2]),
        ) {
            for p in [left, right] {
                if !pins.contains(&p) {
                    pins.push(p);
                }
            }
        }
    }
    for (name, version) in pins {
        found.push(Candidate {
            name: names::component_name(&name).unwrap_or(name),
            version,
            strength: Strength::Statement,
            upgrade: false,
        });
    }
}

/// "… serving a completion on the GB10 (`torch 2.11.0+cu130`, `flashinfer
/// 0.6.14`)": a parenthesis of two or more parts, each a package and its
/// version and nothing else, names what the sentence ran on.
fn read_parenthesized_pins(line: &str, found: &mut Vec<Candidate>) {
    if !line.contains('(') {
        return;
    }
    for (at, _) in line.match_indices('(') {
        let Some((inner, _)) = line[at + 1..].split_once(')') else {
            continue;
        };
        if inner.contains('(') {
            continue;
        }
        let parts: Vec<&str> = inner
            .split([',', ';'])
            .map(|p| p.trim().trim_matches('`').trim())
            .collect();
        if parts.len() < 2 {
            continue;
        }
        let pairs: Option<Vec<(String, String)>> = parts
            .iter()
            .map(|part| {
                let words = part.split_whitespace().count();
                (2..=3)
                    .contains(&words)
                    .then(|| crate::tables::name_version(part))
                    .flatten()
                    .filter(|(_, v)| v.contains('.'))
            })
            .collect();
        for (name, version) in pairs.unwrap_or_default() {
            found.push(Candidate {
                name,
                version,
                strength: Strength::Listing,
                upgrade: false,
            });
        }
    }
}

/// "ROCM_VERSION (default is 6.0.2)": a build argument and its default
/// (`[statements] defaults`), when the argument ends in a version word,
/// is a known name, or the default has three numbers.
fn read_default(line: &str, found: &mut Vec<Candidate>) {
    if !line.bytes().any(|b| b.is_ascii_digit()) || !crate::phrases::may_introduce(line) {
        return;
    }
    let line = bullet_text(line).unwrap_or(line.trim());
    let lower = line.to_ascii_lowercase();
    for phrase in words::each().flat_map(|w| &w.statements.defaults) {
        let Some(at) = lower.find(phrase.as_str()) else {
            continue;
        };
        let head = line[..at]
            .trim_end()
            .trim_end_matches(['(', '-', ',', ':', '：', '–', '='])
            .trim();
        // "`CUDA_VERSION`: CUDA 版本 (默认: 12.1.1)": an argument, what it
        // is, then its default.
        let head = match head.split_once([':', '：']) {
            Some((argument, _)) if head.contains(char::is_whitespace) => {
                argument.trim().trim_matches('`')
            }
            _ => head,
        };
        if head.is_empty() || head.contains(char::is_whitespace) {
            continue;
        }
        let (name, versioned) = match crate::package_name::prose_tail(head) {
            Some((name, tail)) => (name, crate::words::is_version_label(tail)),
            None => (head, false),
        };
        let Some(written) = line[at + phrase.len()..].split_whitespace().next() else {
            continue;
        };
        let Some(component) = names::component_name(name) else {
            continue;
        };
        let Some(version) = clean_version(&component, written) else {
            continue;
        };
        if versioned || names::is_alias(&component) || version.matches('.').count() >= 2 {
            found.push(Candidate {
                name: component,
                version,
                strength: Strength::Listing,
                upgrade: false,
            });
        }
        return;
    }
}

/// An item without the credit GitHub's generated release notes end it
/// with: "Bump pgbouncer 1.25.2-p0 by @aminvakil in #4384" → "Bump
/// pgbouncer 1.25.2-p0" (the pull request's number is no version either).
fn without_credit(item: &str) -> &str {
    let Some(at) = item.rfind(" by @") else {
        return item;
    };
    let rest = &item[at + " by @".len()..];
    let (user, tail) = rest.split_once(' ').unwrap_or((rest, ""));
    let user_fits = !user.is_empty()
        && user
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '[' | ']'));
    let tail = tail.trim();
    let tail_fits = tail.is_empty() || tail.starts_with("in ") && !tail[3..].contains(' ');
    if user_fits && tail_fits {
        item[..at].trim_end()
    } else {
        item
    }
}

/// The bold words an item opens with (`**PHP 8.3** 模块流`).
fn bold_head(item: &str) -> Option<&str> {
    let item = item.trim_start().trim_start_matches("- ").trim_start();
    let rest = item
        .strip_prefix("**")
        .or_else(|| item.strip_prefix("__"))?;
    let end = rest.find(['*', '_'])?;
    Some(rest[..end].trim()).filter(|head| !head.is_empty())
}

/// The head of an item "vLLM 0.27.0 — …" when it is a known name and a
/// version of it alone, before a dash that sets the rest apart.
fn headed_by_version(item: &str) -> Option<&str> {
    let (head, _) = item
        .split_once(['—', '–'])
        .or_else(|| item.split_once(" - "))?;
    known_version_end(head)
        .is_some_and(|rest| tokens_of(rest).is_empty())
        .then_some(head)
}

/// When `text` starts with a known name and a version of it ("EFA
/// 1.40.0 for low-latency …"), the text after them.
fn known_version_end(text: &str) -> Option<&str> {
    let tokens = tokens_of(text);
    let mut probe = Vec::new();
    let (name, len) = known_name_at(&tokens, 0)?;
    let mut next = len;
    if tokens.get(next).is_some_and(|w| is_version_label(w)) {
        next += 1;
    }
    let version = tokens.get(next)?;
    if !push_known(&name, version, &mut probe) {
        return None;
    }
    // The version's word as written, and what follows it.
    let at = text.find(version)? + version.len();
    let rest = &text[at..];
    Some(rest.split_once(char::is_whitespace).map_or("", |(_, r)| r))
}

fn tokens_of(text: &str) -> Vec<&str> {
    // "torch==1.6(cuda 10.1)": a parenthesis glued to a word opens another.
    text.split_whitespace()
        .flat_map(|w| w.split('('))
        .map(|w| {
            w.trim_matches([
                '[', ']', '(', ')', '*', '`', '"', '\'', ',', ';', ':', '™', '®', '©',
            ])
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Upgrade claims ("CUDA upgraded to 12.9.0", "Updated TorchServe to
/// 0.12.0"), a step's heading's too ("Upgrade Roundcube webmail to the
/// latest stable release (1.6.7)").
fn read_claims(line: &str, found: &mut Vec<Candidate>) {
    for claim in crate::claims::find_claims(line) {
        let spaced = spaced_words(&claim.phrase);
        let noted = crate::phrases::notes().in_spaced(&spaced);
        if noted {
            continue;
        }
        let before = found.len();
        let known = std::iter::once(&claim.name)
            .chain(&claim.alternatives)
            .any(|name| push_known(name, &claim.version, found));
        // "Slurm is upgraded to version 23.02.7": a claim states its
        // component whether data knows the name or not.
        if !known {
            push_claimed(&claim, found);
        }
        for candidate in &mut found[before..] {
            candidate.upgrade = true;
        }
        read_bundled_after(line, &claim.version, found);
    }
}

/// "Update Playwright to 1.56.1 (Chromium 141.0.7390.37)" (Vivliostyle's
/// changelog): names and versions in parentheses right after the version
/// a claim goes to, what that version bundles.
fn read_bundled_after(line: &str, version: &str, found: &mut Vec<Candidate>) {
    let Some(at) = line.find(version) else {
        return;
    };
    let after = line[at + version.len()..].trim_start_matches(['`', '*', ' ']);
    let Some(inside) = after
        .strip_prefix('(')
        .and_then(|rest| rest.split_once(')'))
        .map(|(inside, _)| inside)
    else {
        return;
    };
    for part in inside.split([',', ';']) {
        let Some((name, written)) =
            words::each().find_map(|w| crate::claims::name_then_version(part.trim(), w))
        else {
            continue;
        };
        if push_known(&name, &written, found) || !written.contains('.') {
            continue;
        }
        if let Some(name) = names::component_name(&name)
            && crate::package_name::is_package_name(&name)
        {
            found.push(Candidate {
                name,
                version: written,
                strength: Strength::Statement,
                upgrade: false,
            });
        }
    }
}

/// [`read_prose`]; `stated`: every sentence states, whatever its words.
fn read_prose_as(line: &str, stated: bool, found: &mut Vec<Candidate>) {
    // No digit, no version: most lines of a page stop here.
    if !line.bytes().any(|b| b.is_ascii_digit()) {
        return;
    }
    let line = &without_purpose(&crate::ranges::without_ranges(line));
    read_claims(line, found);
    read_labelled_glued(line, found);
    read_label_then_glued(line, found);
    let mut introduced = Vec::new();
    for sentence in sentences(line) {
        if !sentence.bytes().any(|b| b.is_ascii_digit()) {
            continue;
        }
        // Names no data knows come after the line's other statements.
        read_introduced(sentence, &mut introduced);
        for (name, version) in crate::components::introduced_listing(sentence) {
            introduced.push(Candidate {
                name,
                version,
                strength: Strength::Listing,
                upgrade: false,
            });
        }
        read_installed(sentence, &mut introduced);
        read_changed_pins(sentence, &mut introduced);
        read_changed_builds(sentence, &mut introduced);
        read_numbered_build(sentence, &mut introduced);
        read_numbered(sentence, &mut introduced);
        let sentence = &pad_unspaced(sentence);
        let spaced = spaced_words(sentence);
        read_parenthesized(sentence, &mut introduced);
        read_parenthesized_change(sentence, &mut introduced);
        read_patch_named(sentence, &mut introduced);
        read_plus_joined(sentence, &mut introduced);
        read_restated_name(sentence, &mut introduced);
        read_through(sentence, &mut introduced);
        read_arrowed(sentence, &mut introduced);
        read_version_of(sentence, &mut introduced);
        if !stated && !crate::phrases::states().in_spaced(&spaced) && !says_version_is(sentence) {
            continue;
        }
        let mut first_known: Option<String> = None;
        for clause in clauses(sentence) {
            let spaced = spaced_words(&clause);
            let noted = crate::phrases::notes().in_spaced(&spaced);
            let tokens = tokens_of(&clause);
            let mut i = 0;
            while i < tokens.len() {
                if let Some(version) = based_on_at(&tokens, i) {
                    if let Some(name) = &first_known
                        && !noted
                    {
                        push_known(name, version, found);
                    }
                    i += 1;
                    continue;
                }
                // A name is looked up only where a version may follow it
                // (a copula and a version word may stand between).
                let version_near = tokens
                    .iter()
                    .skip(i + 1)
                    .take(3 + MAX_WORDS_BEFORE_COPULA)
                    .any(|t| t.bytes().any(|b| b.is_ascii_digit()));
                let named = if version_near {
                    known_name_at(&tokens, i)
                } else {
                    None
                };
                let Some((name, len)) = named else {
                    // "当前分支的 Spring Boot 版本为 2.7.5" (newbee-mall's
                    // README): a name no data knows, its version word, a
                    // copula and the version; after what the sentence
                    // claims ("之前使用的 GCC 版本为 11.2.0，现已…升级至 GCC
                    // 12.2.0").
                    if !noted && let Some((name, version, next)) = named_version_is(&tokens, i) {
                        introduced.push(Candidate {
                            name,
                            version,
                            strength: Strength::Statement,
                            upgrade: false,
                        });
                        i = next;
                        continue;
                    }
                    // "以ubuntu18.04为基础镜像，其中包含python3.7.5": a known
                    // name glued to its version, as tags write them.
                    // "cuda11.8+torch2.6.0": several, joined by `+`.
                    for part in tokens[i].trim_end_matches('.').split('+') {
                        if !noted
                            && let Some((name, version)) = crate::tags::glued(part)
                            && names::is_alias(&name)
                        {
                            push_known(&name, &version, found);
                        }
                    }
                    // "PrgEnv-gnu/8.5.0 is now loaded by default": a module
                    // of an HPC site's tree, its name and version.
                    if !noted
                        && let Some((name, version)) = tokens[i].split_once('/')
                        && !version.contains('/')
                        && version.starts_with(|c: char| c.is_ascii_digit())
                        && version.contains('.')
                        && let Some(name) = names::component_name(name)
                        && let Some(version) = clean_version(&name, version)
                    {
                        found.push(Candidate {
                            name,
                            version,
                            strength: Strength::Statement,
                            upgrade: false,
                        });
                    }
                    // "`torch==1.6`과 … 환경에서": a pin in a sentence that
                    // states an environment.
                    if !noted
                        && let Some((name, version)) = tokens[i].split_once("==")
                        && names::is_alias(name)
                    {
                        push_known(name, version, found);
                    }
                    // "based on nvidia/cuda:13.0.2-devel-ubuntu22.04": what
                    // an image reference's tag states.
                    if !noted && tokens[i].contains('/') && tokens[i].contains(':') {
                        for (name, version) in crate::tags::components(tokens[i]) {
                            if names::is_alias(&name) {
                                push_known(&name, &version, found);
                            }
                        }
                    }
                    i += 1;
                    continue;
                };
                first_known.get_or_insert_with(|| name.clone());
                let mut next = i + len;
                // "cuda 版本为 12.3", "CUDA version is 12.4", "TensorFlow が
                // バージョン 2.5.0 に更新": version words and copulas, in
                // either order.
                for _ in 0..2 {
                    if tokens
                        .get(next)
                        .is_some_and(|w| is_copula(w) || is_version_label(w))
                    {
                        next += 1;
                    }
                }
                // "the python version used in all the environments is 3.12".
                if next == i + len + 1
                    && is_version_label(tokens[i + len])
                    && let Some(at) = copula_after(&tokens, next)
                {
                    next = at;
                }
                let based = based_on_before(&tokens, i);
                if let Some(version) = tokens.get(next)
                    && !noted
                    && push_known(&name, version, found)
                {
                    if based && let Some(last) = found.last_mut() {
                        last.strength = Strength::Based;
                    }
                    i = next + 1;
                } else {
                    i += len;
                }
            }
        }
    }
    found.extend(introduced);
}

/// "uses RStudio 2023.12.1-402", "包含 Feature Store client v0.14.0": a
/// name right after an `introduce` word, whatever data knows of it, with
/// a version of at least two numbers.
fn read_introduced(sentence: &str, found: &mut Vec<Candidate>) {
    if !crate::phrases::may_introduce(sentence) {
        return;
    }
    let lower = sentence.to_ascii_lowercase();
    for w in words::each() {
        let s = &w.statements;
        let phrases = s.introduce.iter().map(|p| (p, false));
        for (word, of_build) in phrases.chain(s.built_against.iter().map(|p| (p, true))) {
            let phrase = w.before(word);
            for (at, _) in lower.match_indices(phrase.as_str()) {
                // A whole word: no letter runs into it.
                let starts_word = !w.spaced
                    || lower[..at]
                        .chars()
                        .next_back()
                        .is_none_or(|c| !c.is_alphanumeric());
                if !starts_word {
                    continue;
                }
                // "Nmap can now be built with OpenSSL 4.0": a note before the
                // word, in its clause, says what a build may use; a floor
                // ends before `and` ("puppet-agent 5.5.1 and above now ships
                // the hiera-eyaml 2.1.0").
                let before = &lower[..at + phrase.len()];
                let clause_start = [",", ";", " and ", " or "]
                    .iter()
                    .filter_map(|b| before.rfind(b).map(|i| i + b.len()))
                    .max()
                    .unwrap_or(0);
                let clause = spaced_words(&before[clause_start..]);
                if crate::phrases::notes().in_spaced(&clause) {
                    continue;
                }
                // "against" says what is built with only after a word of
                // building ("protect against", "tested against" do not).
                if of_build
                    && !s
                        .build_words
                        .iter()
                        .any(|b| clause.contains(&format!(" {b} ")))
                {
                    continue;
                }
                let mut after = &sentence[at + phrase.len()..];
                // "Make `RubyGems` `3.7.2` and `Bundler` `2.7.2` the
                // default": the names and versions after `and` are
                // introduced too.
                for _ in 0..MAX_INTRODUCED {
                    let Some(next) = read_one_introduced(after, w, found) else {
                        break;
                    };
                    after = next;
                }
            }
        }
    }
}

/// The most names one introducing phrase introduces, joined by `and` or
/// commas.
const MAX_INTRODUCED: usize = 8;

/// Reads the name and version `after` (the text after an introducing
/// phrase) opens with; the text after `and` that follows them, when it
/// does.
fn read_one_introduced<'a>(
    after: &'a str,
    w: &words::Words,
    found: &mut Vec<Candidate>,
) -> Option<&'a str> {
    let (name, version) = crate::claims::name_then_version(after, w)?;
    // "Add R941 v3.3 5mCG models": a model named with digits and
    // its `v` version of two numbers.
    let of_model = name.chars().any(|c| c.is_ascii_digit())
        && version.matches('.').count() == 1
        && after.contains(&format!("{name} v{version}"));
    // ("LXQt 2.2, Gnome 48.1, Mate 1.28": a list of them, by commas.)
    let next = after.find(version.as_str()).and_then(|at| {
        let rest = after[at + version.len()..].trim_start_matches('`');
        rest.strip_prefix(" and ")
            .or_else(|| rest.strip_prefix(", and "))
            .or_else(|| rest.strip_prefix(", "))
    });
    let name = names::component_name(&name).filter(|_| !of_model)?;
    if crate::components::is_owned_elsewhere(&name) && crate::components::is_driver_branch(&version)
    {
        return next;
    }
    if version.contains(['.', ' ']) && plausible(&name, &version) {
        found.push(Candidate {
            name,
            version,
            strength: Strength::Statement,
            upgrade: false,
        });
    }
    next
}

/// A verb saying what changed (`[claims] verb_first`: "update", "bump").
fn is_change(word: &str) -> bool {
    words::each().any(|l| {
        l.claims
            .verb_first
            .iter()
            .any(|v| v.eq_ignore_ascii_case(word))
    })
}

/// "Docker `28.5.1` is installed.", "Python 3.10 已预装": a sentence that
/// opens with a name and its version and goes on with an `installed`
/// phrase states that version, whatever data knows of the name.
/// "update `torch==2.12` for CUDA", "bump `huggingface_hub==1.5.0`"
/// (SD.Next's changelog): exact pins in a sentence that says what changed
/// (`[claims] verb_first`), each a component.
fn read_changed_pins(sentence: &str, found: &mut Vec<Candidate>) {
    if !sentence.contains("==") {
        return;
    }
    let changes = sentence
        .split_whitespace()
        .any(|w| is_change(w.trim_matches(|c: char| !c.is_alphanumeric())));
    if !changes {
        return;
    }
    // (Markdown's reader gives code as its text: the marks may be gone.)
    for word in sentence.split_whitespace() {
        let pin = word.trim_matches(|c: char| matches!(c, '`' | '*' | ',' | ';' | '(' | ')'));
        let Some((name, version)) = pin.split_once("==") else {
            continue;
        };
        let version = version.trim_end_matches('.');
        if !crate::package_name::is_package_name(name) {
            continue;
        }
        let Some(version) = clean_version(name, version) else {
            continue;
        };
        found.push(Candidate {
            name: names::component_name(name).unwrap_or_else(|| name.to_string()),
            version,
            strength: Strength::Statement,
            upgrade: true,
        });
    }
}

/// "Change the version of OpenBLAS to be downloaded to 0.3.31" (Numo::
/// OpenBLAS's changelog): a passive infinitive between a name and the `to`
/// of its version says what the version is for; the claim reads without it.
fn without_purpose(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(at) = rest.find(" to be ") {
        let after = &rest[at + " to be ".len()..];
        let (participle, tail) = after.split_once(' ').unwrap_or((after, ""));
        let passive = participle.len() > 3
            && participle.chars().all(|c| c.is_ascii_lowercase())
            && (participle.ends_with("ed") || participle == "built");
        let versioned = |v: &str| {
            let v = v.trim_start_matches(['[', '`']);
            let v = v.strip_prefix(['v', 'V']).unwrap_or(v);
            v.starts_with(|c: char| c.is_ascii_digit())
        };
        match tail.strip_prefix("to ") {
            Some(version) if passive && versioned(version) => {
                out.push_str(&rest[..at]);
                out.push_str(" to ");
                rest = version;
            }
            _ => {
                out.push_str(&rest[..at + 1]);
                rest = &rest[at + 1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// "Initial release with llama.cpp build 6093", "llama.cpp Build 7489"
/// (a prebuilt llama.cpp's changelog): a name, a word for a build
/// (`[statements] build_labels`) and its number.
fn read_numbered_build(sentence: &str, found: &mut Vec<Candidate>) {
    let tokens: Vec<&str> = sentence
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| matches!(c, '`' | '*' | ',' | ';' | '(' | ')' | ':')))
        .collect();
    for window in tokens.windows(3) {
        let [name, label, number] = window else {
            continue;
        };
        let number = number.trim_end_matches('.');
        let labelled = words::each()
            .flat_map(|w| &w.statements.build_labels)
            .any(|l| l.eq_ignore_ascii_case(label));
        if labelled
            && number.len() >= 3
            && number.bytes().all(|b| b.is_ascii_digit())
            // A name written as one ("llama.cpp", "ONNX-Runtime") or
            // known; not a word of prose ("the build 6093").
            && (names::is_alias(name)
                || (crate::package_name::is_package_name(name)
                    && name.contains(|c: char| matches!(c, '.' | '-' | '_') || c.is_uppercase())))
            && let Some(name) = names::component_name(name)
        {
            found.push(Candidate {
                name,
                version: number.to_string(),
                strength: Strength::Statement,
                upgrade: false,
            });
        }
    }
}

/// "bump llama.cpp b7090" (WasmEdge's changelog): a change verb (`[claims]
/// verb_first`), a name, then a build's number or a commit, with no `to`
/// between; the build is what the release holds.
fn read_changed_builds(sentence: &str, found: &mut Vec<Candidate>) {
    let tokens: Vec<&str> = sentence
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| matches!(c, '`' | '*' | ',' | ';')))
        .collect();
    let is_to = |w: &str| words::each().any(|l| l.claims.to.iter().any(|t| t.trim() == w));
    let mut push = |name: &str, build: &str| {
        found.push(Candidate {
            name: names::component_name(name).unwrap_or_else(|| name.to_string()),
            version: build.to_string(),
            strength: Strength::Statement,
            upgrade: true,
        });
    };
    for (i, name) in tokens.iter().enumerate() {
        let Some(build) = tokens.get(i + 1) else {
            break;
        };
        // "Upgrade LlamaLib to v2.0.4 (llama.cpp b8209)" (LLMUnity's
        // changelog): a build beside its name in parentheses.
        if let (Some(name), Some(build)) = (name.strip_prefix('('), build.strip_suffix(')'))
            && crate::package_name::is_build_number(build)
            && crate::package_name::is_package_name(name)
        {
            push(name, build);
            continue;
        }
        let build = build.trim_end_matches('.');
        let names_build = crate::package_name::is_build_number(build)
            || crate::package_name::is_commit_hash(build);
        // The change verb right before the name, or before `to` and the
        // name ("Update to llama.cpp b8660").
        let changed = match i.checked_sub(1).map(|v| tokens[v]) {
            Some(to) if is_to(to) => i >= 2 && is_change(tokens[i - 2]),
            Some(verb) => is_change(verb),
            None => false,
        };
        if names_build && changed && crate::package_name::is_package_name(name) {
            push(name, build);
        }
    }
}

fn read_installed(sentence: &str, found: &mut Vec<Candidate>) {
    // A text copy keeps the marks of code (`28.5.1`).
    let sentence = sentence.replace('`', "");
    let sentence = sentence.trim_start_matches(['-', '*', ' ']);
    for w in words::each() {
        if w.statements.installed.is_empty() {
            continue;
        }
        let Some((name, version)) = crate::claims::name_then_version(sentence, w) else {
            continue;
        };
        let Some(at) = sentence.find(version.as_str()) else {
            continue;
        };
        // "Kiwi 0.22.0의 기능들(https://…)이 반영되었습니다": an address in
        // parentheses is no part of the phrase.
        let rest = without_parenthesized(&sentence[at + version.len()..])
            .trim_start_matches(['`', '*', '"', ')', ' '])
            .to_lowercase();
        if !w
            .statements
            .installed
            .iter()
            .any(|p| rest.starts_with(p.as_str()))
        {
            continue;
        }
        let Some(name) = names::component_name(&name) else {
            continue;
        };
        if version.contains('.') && plausible(&name, &version) {
            found.push(Candidate {
                name,
                version,
                strength: Strength::Statement,
                upgrade: false,
            });
        }
    }
}

/// `text` without what stands in parentheses (a note, an address).
fn without_parenthesized(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '(' => depth += 1,
            ')' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// "上线新版本 Unity SDK，版本号 V8.3.1", "Unity SDK, version 8.3.1": a
/// name of words in Latin letters, a comma, then a version word and the
/// version, whatever data knows of the name.
fn read_numbered(sentence: &str, found: &mut Vec<Candidate>) {
    for (at, comma) in sentence.match_indices([',', '，']) {
        let before = sentence[..at].trim_end();
        let after = sentence[at + comma.len()..].trim_start();
        let Some(label) = crate::words::each()
            .flat_map(|w| &w.components.version_words)
            .filter(|v| after.to_lowercase().starts_with(v.as_str()))
            .max_by_key(|v| v.len())
        else {
            continue;
        };
        let value = after[label.len()..].trim_start_matches([' ', ':', '：', '为', '是']);
        let Some(version) = crate::claims::version_after(value) else {
            continue;
        };
        // The name's words: those right before the comma that a package
        // name's are, at most three.
        let words: Vec<&str> = before
            .rsplit(|c: char| c.is_whitespace() || !c.is_ascii())
            .take_while(|w| crate::package_name::is_package_word(w))
            .take(3)
            .collect();
        let name: Vec<&str> = words.into_iter().rev().collect();
        let Some(name) = names::component_name(&name.join(" ")) else {
            continue;
        };
        if version.contains('.') && plausible(&name, &version) {
            found.push(Candidate {
                name,
                version,
                strength: Strength::Statement,
                upgrade: false,
            });
        }
    }
}

/// The candidate of an upgrade claim of a name no data knows: the nearest
/// word before the phrase that is a package name, with a version of at
/// least two numbers.
/// A GitHub Actions workflow step bumped in a changelog ("Bump
/// actions/checkout from 4 to 6.0.3", `docker/login-action`,
/// `astral-sh/setup-uv`): the project's CI, not what its release holds.
/// GitHub's own actions live under `actions/`, and the marketplace's are
/// named `*-action` or `setup-*` by convention.
fn is_workflow_action(path: &str) -> bool {
    let (owner, rest) = path.split_once('/').unwrap_or(("", path));
    let leaf = rest.rsplit('/').next().unwrap_or(rest);
    owner == "actions"
        || owner.ends_with("-actions")
        || leaf.ends_with("-action")
        || leaf.starts_with("setup-")
}

fn push_claimed(claim: &crate::claims::Claim, found: &mut Vec<Candidate>) {
    // "Dataflow Compiler" → `Dataflow-Compiler`, a name of several words;
    // "bundled PRoot" → `PRoot`: a lead word (`[claims] name_leads`) is no
    // part of it.
    let is_lead = |word: &str| {
        words::each().any(|w| {
            w.claims
                .name_leads
                .iter()
                .any(|l| l.eq_ignore_ascii_case(word))
        })
    };
    let without_lead = |n: &String| -> String {
        match n.split_once(' ') {
            Some((first, rest)) if is_lead(first) => rest.to_string(),
            _ => n.clone(),
        }
    };
    let name = std::iter::once(&claim.name)
        .chain(&claim.alternatives)
        .map(without_lead)
        .find_map(|n| crate::names::component_name(&n))
        // A Go module (`golang.org/x/net`): its whole path.
        .or_else(|| crate::package_name::is_module_path(&claim.name).then(|| claim.name.clone()))
        // A Composer package (`sylius/mailer-bundle`): its vendor's path,
        // as a table's cell names one.
        .or_else(|| {
            (claim.name.contains('/') && !is_workflow_action(&claim.name))
                .then(|| crate::names::slashed_name(&claim.name))
                .flatten()
        });
    let Some(name) = name else { return };
    let version = claim.version.trim_end_matches('.');
    // "changed to 2025R1": a year and a release of it is a version too.
    let yearly = version.len() > 4
        && version[..4].bytes().all(|b| b.is_ascii_digit())
        && version[4..].starts_with(|c: char| c.is_ascii_alphabetic());
    // "to ggml-org/llama.cpp@4df29be4f": a commit the claim names.
    let commit = crate::package_name::is_commit_hash(version)
        || crate::package_name::is_build_number(version);
    if !commit
        && (!(plausible(&name, version) || yearly)
            || !version.starts_with(|c: char| c.is_ascii_digit()))
    {
        return;
    }
    found.push(Candidate {
        name,
        version: version.to_string(),
        strength: Strength::Statement,
        upgrade: false,
    });
}

/// A candidate of a known `name` when `written` is a version of its
/// ecosystem (and the name is no other reader's, such as the driver's).
fn push_known(name: &str, written: &str, found: &mut Vec<Candidate>) -> bool {
    let Some(component) = model::known_component(name) else {
        return false;
    };
    let owned_elsewhere = words::each()
        .flat_map(|w| &w.statements.owned_elsewhere)
        .any(|o| o.eq_ignore_ascii_case(&component.name));
    if owned_elsewhere {
        return false;
    }
    let Some(version) = clean_version(name, written) else {
        return false;
    };
    // "vLLM V1", "API v2": a number alone written with a `v` names an
    // engine or an interface, not a release.
    if written
        .trim_start_matches(['(', '`'])
        .starts_with(['v', 'V'])
        && !version.contains('.')
    {
        return false;
    }
    if Version::parse(component.ecosystem, &version).is_err() {
        return false;
    }
    let Some(name) = names::component_name(name) else {
        return false;
    };
    found.push(Candidate {
        name,
        version,
        strength: Strength::Statement,
        upgrade: false,
    });
    true
}

/// The longest known name (up to four words) starting at `tokens[i]`,
/// and how many words it takes.
fn known_name_at(tokens: &[&str], i: usize) -> Option<(String, usize)> {
    (1..=4).rev().find_map(|len| {
        let words = tokens.get(i..i + len)?;
        // "Intel Extension for PyTorch": a name of several words may hold
        // a word of prose, not at its ends. The cheap checks first: this
        // runs for every word of a page.
        let ends = [words[0], words[words.len() - 1]];
        let shaped = ends.iter().all(|w| crate::package_name::is_package_name(w))
            && words.iter().all(|w| {
                w.chars()
                    .all(|c| c.is_alphanumeric() || matches!(c, '.' | '_' | '-' | '+'))
            });
        if !shaped {
            return None;
        }
        let written = words.join(" ");
        names::is_alias(&written).then_some((written, len))
    })
}

/// Whether a "based on" phrase ends right before `tokens[i]` ("based on
/// PyTorch 2.8.0").
fn based_on_before(tokens: &[&str], i: usize) -> bool {
    words::each()
        .flat_map(|w| &w.statements.based_on)
        .any(|phrase| {
            let words: Vec<&str> = phrase.split_whitespace().collect();
            i >= words.len()
                && tokens[i - words.len()..i]
                    .iter()
                    .zip(&words)
                    .all(|(t, w)| t.eq_ignore_ascii_case(w))
        })
}

/// The version right after a "based on" phrase at `tokens[i]`.
fn based_on_at<'a>(tokens: &[&'a str], i: usize) -> Option<&'a str> {
    words::each()
        .flat_map(|w| &w.statements.based_on)
        .find_map(|phrase| {
            let words: Vec<&str> = phrase.split_whitespace().collect();
            let at = tokens.get(i..i + words.len())?;
            let same = at
                .iter()
                .zip(&words)
                .all(|(t, w)| t.eq_ignore_ascii_case(w));
            let version = tokens.get(i + words.len())?;
            (same && version.starts_with(|c: char| c.is_ascii_digit())).then_some(*version)
        })
}

fn is_version_label(word: &str) -> bool {
    let word = word.to_lowercase();
    words::each().any(|w| w.components.version_words.contains(&word))
}

/// Whether a sentence says what a version is: a version word then a
/// copula ("镜像中 Python 版本为 3.10", "the CUDA version is 12.4").
fn says_version_is(sentence: &str) -> bool {
    let tokens = tokens_of(sentence);
    (0..tokens.len()).any(|i| is_version_label(tokens[i]) && copula_after(&tokens, i + 1).is_some())
}

/// "the CANN (version 8.0.RC2.beta1) software packages": a version word
/// and a version in parentheses right after a name say what its version
/// is, whatever data knows of the name.
fn read_parenthesized(sentence: &str, found: &mut Vec<Candidate>) {
    for (at, _) in sentence.match_indices('(') {
        // "更新waifu2x-ncnn-vulkan(version 20200414)": glued to the name,
        // only a labelled version ("setScale(1.5)" is a call).
        let glued = !sentence[..at].ends_with(' ');
        let mut inside = sentence[at + 1..].split_whitespace();
        let first = inside.next().unwrap_or("");
        // "PMIx (v5.0.10)": the version alone in the parenthesis.
        let alone = first
            .trim_end_matches(['.', ',', ';'])
            .strip_suffix(')')
            .map(|v| v.strip_prefix(['v', 'V']).unwrap_or(v))
            .filter(|v| {
                // "(1.7s)": a time, no version.
                v.starts_with(|c: char| c.is_ascii_digit())
                    && v.ends_with(|c: char| c.is_ascii_digit())
                    && v.contains('.')
                    && !crate::package_name::is_address(v)
            });
        // "Gmsh (ver. 4.11)", "Jmol (ver.14.30.2)": the label abbreviated,
        // its version after a space or run into its dot.
        let (label, run_in) = match first.split_once('.') {
            Some((label, rest))
                if is_version_label(label) && rest.starts_with(|c: char| c.is_ascii_digit()) =>
            {
                (label, Some(rest))
            }
            _ => (first.trim_end_matches([':', '：', '.']), None),
        };
        let written = match (alone, run_in) {
            (Some(version), _) => version,
            (None, Some(version)) => version.trim_end_matches([')', ',', ';']),
            (None, None) => inside
                .next()
                .unwrap_or("")
                .trim_end_matches([')', ',', ';']),
        };
        if (alone.is_none() && !is_version_label(label))
            || (alone.is_some() && glued)
            || !written.starts_with(|c: char| c.is_ascii_digit())
        {
            continue;
        }
        let before: Vec<&str> = sentence[..at].split_whitespace().collect();
        // "TensorRT 10.3 GA (10.3.0.26)", "TensorRT 8.5 GA Update 2
        // (8.5.3.1)": the full version of the one before, past the words of
        // its stage; the name is the one before that.
        let refined = alone.and_then(|full| stage_before(&before, full));
        let name = match refined {
            Some(at) => before[at],
            None => before.last().copied().unwrap_or(""),
        };
        // "v 2014j (Commit 283098a2)": a version before, no name.
        if name.starts_with(|c: char| c.is_ascii_digit()) {
            continue;
        }
        // "- Comsol Multiphysics (ver. 5.3a)": an item of nothing but a
        // name and its labelled version names it with all its words.
        let words = match before.as_slice() {
            ["-" | "*", words @ ..] => words,
            words => words,
        };
        let whole_item = (refined.is_none()
            && alone.is_none()
            && (2..=3).contains(&words.len())
            && sentence.trim_end().ends_with(')')
            && sentence.matches('(').count() == 1)
            .then(|| names::cell_name(&words.join(" ")))
            .flatten();
        let Some(name) = whole_item.or_else(|| names::component_name(name)) else {
            continue;
        };
        // "8.0.RC2.beta1" as written: a record holds what its ecosystem
        // cannot as an include.
        let version = clean_version(&name, written).or_else(|| {
            (written.contains('.') && !written.contains(['/', ':'])).then(|| written.to_string())
        });
        // "waifu2x-ncnn-vulkan (version 20200414)": labelled a version, a
        // lone number is one (a dated build), not a count.
        if let Some(version) = version
            && (alone.is_none() || plausible(&name, &version))
        {
            found.push(Candidate {
                name,
                version,
                strength: Strength::Statement,
                upgrade: false,
            });
        }
    }
}

/// "Updated the ComfyUI version to the latest version (from ComfyUI 0.3.7
/// to ComfyUI 0.3.27)" (stranger-games' changelog): a change set apart in
/// parentheses, names and versions on both sides; what it went to.
fn read_parenthesized_change(sentence: &str, found: &mut Vec<Candidate>) {
    for (at, _) in sentence.match_indices('(') {
        let Some((inner, _)) = sentence[at + 1..].split_once(')') else {
            continue;
        };
        let Some((first, rest)) = inner.trim().split_once(' ') else {
            continue;
        };
        let opens_from =
            words::each().any(|w| w.claims.from.iter().any(|f| f.eq_ignore_ascii_case(first)));
        let went_to = words::each()
            .flat_map(|w| &w.claims.to)
            .filter(|t| t.chars().all(char::is_alphabetic))
            .filter_map(|t| rest.rfind(&format!(" {t} ")).map(|i| i + t.len() + 2))
            .max();
        let (true, Some(to)) = (opens_from, went_to) else {
            continue;
        };
        // Names on both sides: a version alone after `to` is the claims'.
        let from_side = &rest[..to];
        if !from_side
            .split_whitespace()
            .next()
            .is_some_and(|w| w.starts_with(|c: char| c.is_alphabetic()))
        {
            continue;
        }
        for (name, version) in crate::components::listed_components(&rest[to..]) {
            found.push(Candidate {
                name,
                version,
                strength: Strength::Statement,
                upgrade: true,
            });
        }
    }
}

/// "基础环境（Pytorch2.4.1+cuda12.4）" (SimpleSDXL's log), "CUDA为12.4+
/// cudnn9.1.0.70+TensorRT10.1.0.27" (lite.ai.toolkit's): a stack written
/// as names run into their versions, joined by `+`; each part a name data
/// knows. (A local version, `2.4.1+cu124`, runs no name into a version.)
fn read_plus_joined(sentence: &str, found: &mut Vec<Candidate>) {
    for token in sentence.split(|c: char| c.is_whitespace() || !c.is_ascii()) {
        let token = token.trim_matches(|c: char| !c.is_ascii_alphanumeric());
        if !token.contains('+') {
            continue;
        }
        let parts: Vec<(String, String)> = token
            .split('+')
            .filter_map(|part| {
                crate::tags::glued(part)
                    .filter(|(name, version)| version.contains('.') && names::is_alias(name))
            })
            .collect();
        if parts.len() >= 2
            || (parts.len() == 1 && !token.starts_with(|c: char| c.is_ascii_alphabetic()))
        {
            found.extend(parts.into_iter().map(|(name, version)| Candidate {
                name: names::component_name(&name).unwrap_or(name),
                version,
                strength: Strength::Statement,
                upgrade: false,
            }));
        }
    }
}

/// "CUDA 12.6 Update 2": a known component, its major and minor, and the
/// word its vendor names a patch release by (`patch_word` of
/// `data/components.toml`) with the patch: the dotted version, 12.6.2.
fn read_patch_named(sentence: &str, found: &mut Vec<Candidate>) {
    let tokens: Vec<&str> = sentence
        .split_whitespace()
        .map(|t| t.trim_matches(['[', ']', '(', ')', ',', ';', '*', '`']))
        .collect();
    for window in tokens.windows(4) {
        let [name, minor, word, patch] = window else {
            continue;
        };
        let Some(component) = model::known_component(name) else {
            continue;
        };
        let numbers: Vec<&str> = minor.split('.').collect();
        let dotted = numbers.len() == 2
            && numbers
                .iter()
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        let patch_named = component
            .patch_word
            .as_ref()
            .is_some_and(|w| w.eq_ignore_ascii_case(word));
        if dotted && patch_named && !patch.is_empty() && patch.bytes().all(|b| b.is_ascii_digit()) {
            found.push(Candidate {
                name: component.name.clone(),
                version: format!("{minor}.{patch}"),
                strength: Strength::Statement,
                upgrade: false,
            });
        }
    }
}

/// "CUDNN版本：cudnn8.2.2.26", "protobuf版本（用于onnx解析器）：这里使用的是
/// protobufv3.11.4" (tensorRT_Pro's README): a label naming a component and
/// its version word, then, after the colon, the name run into its version.
fn read_labelled_glued(line: &str, found: &mut Vec<Candidate>) {
    let Some((label, value)) = line.split_once([':', '：']) else {
        return;
    };
    // The label without a note in parentheses, bullets and numbering.
    let label = label.split(['(', '（']).next().unwrap_or(label);
    let label = label.trim().trim_end_matches(|c: char| {
        !c.is_ascii_alphanumeric()
            && !words::each().any(|w| w.components.version_words.iter().any(|v| v.ends_with(c)))
    });
    let Some(named) = words::each()
        .flat_map(|w| &w.components.version_words)
        .find_map(|word| {
            let lower = label.to_lowercase();
            let at = lower.strip_suffix(word.as_str())?.trim_end();
            Some(label[..at.len()].to_string())
        })
    else {
        return;
    };
    let Some(name) = named.split_whitespace().next_back() else {
        return;
    };
    let name = name.trim_start_matches(|c: char| !c.is_ascii_alphabetic());
    if name.is_empty() {
        return;
    }
    let value = pad_unspaced(value);
    for token in value
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | '，' | '、' | '。' | '；' | ';'))
    {
        let lower = token.to_lowercase();
        let Some(rest) = lower.strip_prefix(&name.to_lowercase()) else {
            continue;
        };
        let rest = rest.trim_start_matches(['-', '_']);
        let rest = rest.strip_prefix('v').unwrap_or(rest);
        if rest.contains('.') && crate::tables::looks_like_version(rest) {
            let version = token[token.len() - rest.len()..].to_string();
            found.push(Candidate {
                name: names::component_name(name).unwrap_or_else(|| name.to_string()),
                version,
                strength: Strength::Statement,
                upgrade: false,
            });
            return;
        }
    }
}

/// `PYTHON_VERSION="3.8"` in a fenced block of a page (FedML's build
/// script in its README): a shell variable named for a version, set alone
/// on its line, as `ARG` sets one. (A file of such lines, an environment,
/// is no release: only a script the page shows is read so.)
fn read_version_variable(line: &str, found: &mut Vec<Candidate>) {
    let t = line.trim();
    let Some((variable, value)) = t.split_once('=') else {
        return;
    };
    let value = value.trim_matches(['"', '\'']);
    let named = variable.len() > "_VERSION".len()
        && variable.ends_with("_VERSION")
        && variable
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
    // Numbers alone: `7.1-complete` names an image's flavour as well.
    if named
        && value.starts_with(|c: char| c.is_ascii_digit())
        && value.bytes().all(|b| b.is_ascii_digit() || b == b'.')
    {
        read_dockerfile(&format!("ARG {variable}={value}"), found);
    }
}

/// "System: ubuntu22.04", "系统: ubuntu22.04" (a rented machine's
/// configuration): a short label naming no component, and after its colon
/// one token, a known name run into its version.
fn read_label_then_glued(line: &str, found: &mut Vec<Candidate>) {
    let line = line.trim_start_matches(['>', '-', '*', ' ']);
    let Some((label, value)) = line.split_once([':', '：']) else {
        return;
    };
    let label = label.trim();
    let short = !label.is_empty()
        && label.split_whitespace().count() <= 3
        && !label.bytes().any(|b| b.is_ascii_digit());
    // ("CUDA version: cudnn8.2.1" is `read_labelled_glued`'s to refuse.)
    let lower = label.to_lowercase();
    let names_one = label.split_whitespace().any(names::is_alias)
        || words::each()
            .flat_map(|w| &w.components.version_words)
            .any(|word| lower.contains(word.as_str()));
    if !short || names_one {
        return;
    }
    let value = value.trim().trim_matches(['`', '*']);
    if value.contains(char::is_whitespace) {
        return;
    }
    if let Some((name, version)) = crate::tags::glued(value)
        && names::is_alias(&name)
    {
        push_known(&name, &version, found);
    }
}

/// Where the name stands in `before` (the words before a parenthesis
/// holding `full`) when they end with a version `full` completes and words
/// of its stage after it ("10.3 GA", "8.5 GA Update 2"): the word before
/// that version.
fn stage_before(before: &[&str], full: &str) -> Option<usize> {
    let mut at = before.len();
    while at > 0 {
        let word = before[at - 1];
        let lower = word.to_lowercase();
        // ("Update 2": a number after a word of a stage.)
        let numbered = word.bytes().all(|b| b.is_ascii_digit())
            && at >= 2
            && crate::components::is_version_suffix(before[at - 2]);
        let stage = crate::components::is_version_suffix(&lower) || numbered;
        if !stage {
            break;
        }
        at -= 1;
    }
    let shorter = before.get(at.checked_sub(1)?)?;
    let shorter = shorter.strip_prefix(['v', 'V']).unwrap_or(shorter);
    let completes = at < before.len()
        && shorter.contains('.')
        && full.len() > shorter.len()
        && full.starts_with(shorter)
        && full[shorter.len()..].starts_with('.');
    (completes && at >= 2).then(|| at - 2)
}

/// "Adapt to C++ PyTorch library (`libtorch`) version `v2.0.0`" (tch-rs's
/// changelog): a description, the package's name in parentheses, then a
/// version word and the version: the version of the name in parentheses.
fn read_restated_name(sentence: &str, found: &mut Vec<Candidate>) {
    let tokens: Vec<&str> = sentence.split_whitespace().collect();
    for at in tokens.windows(3) {
        let [restated, label, written] = at else {
            continue;
        };
        let Some(name) = restated
            .strip_prefix('(')
            .and_then(|n| n.strip_suffix(')'))
            .map(|n| n.trim_matches('`'))
        else {
            continue;
        };
        let written = written.trim_matches(|c: char| matches!(c, '`' | '.' | ',' | ';'));
        let written = written.strip_prefix(['v', 'V']).unwrap_or(written);
        if !crate::package_name::is_package_name(name)
            || !is_version_label(label)
            || !written.starts_with(|c: char| c.is_ascii_digit())
        {
            continue;
        }
        push_stated(name, written, found);
    }
}

/// "**LiteRT-LM 0.11.0**: MTP-capable Gemma 4 …", "**qdrant-edge 0.7.1**:
/// drops vendored fork" (flutter_gemma's changelog): an item opening with a
/// bold name and version and nothing else in the bold, what the release
/// holds.
fn read_bold_lead(item: &str, found: &mut Vec<Candidate>) {
    let Some((inner, _)) = item.strip_prefix("**").and_then(|r| r.split_once("**")) else {
        read_change_lead(item, found);
        return;
    };
    let inner = inner.trim().trim_end_matches([':', '：']);
    if inner.split_whitespace().count() > 4 {
        return;
    }
    if read_change_lead(item, found) {
        return;
    }
    let ends_with_version = |version: &str| {
        inner
            .rsplit(' ')
            .next()
            .is_some_and(|last| last.trim_start_matches(['v', 'V']) == version)
    };
    if let Some((name, version)) = crate::tables::name_version(inner)
        && ends_with_version(&version)
        && !crate::package_name::is_not_name(&name)
    {
        found.push(Candidate {
            name,
            version,
            strength: Strength::Listing,
            upgrade: false,
        });
    }
}

/// "`ffigen` 20.1.1 → 21.0.0, `lints` 5.0.0 → 6.1.0" (llama_cpp_dart's
/// changelog): a name, its old version, an arrow and the new one, the
/// version the release holds.
fn read_arrowed(sentence: &str, found: &mut Vec<Candidate>) {
    if !sentence.contains(['→', '⇒']) && !sentence.contains("->") {
        return;
    }
    let tokens: Vec<&str> = sentence
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| matches!(c, '`' | '*' | ',' | ';' | '(' | ')')))
        .collect();
    let is_version = |w: &str| {
        let w = w.trim_end_matches('.');
        crate::tables::looks_like_version(w) && w.contains('.')
    };
    read_name_arrow_version(sentence, &is_version, found);
    // ("c-blosc upgrade 1.18.1 -> 1.21.0", numcodecs' release notes: a
    // verb of change between the name and its old version.)
    let spoken: Vec<&str> = tokens
        .iter()
        .enumerate()
        .filter(|&(i, w)| !(i > 0 && is_change(w)))
        .map(|(_, w)| *w)
        .collect();
    for window in spoken.windows(4) {
        let [name, old, arrow, new] = window else {
            continue;
        };
        if matches!(*arrow, "→" | "->" | "⇒")
            && is_version(old)
            && is_version(new)
            && crate::package_name::is_package_name(name)
            && !crate::package_name::is_not_name(name)
            && let Some(version) = clean_version(name, new.trim_end_matches('.'))
        {
            found.push(Candidate {
                name: names::component_name(name).unwrap_or_else(|| name.to_string()),
                version,
                strength: Strength::Statement,
                upgrade: true,
            });
        }
    }
}

/// "Update to `v0.23.0` of `tree-sitter`" (text-splitter's changelog): a
/// change verb, `to`, a version, `of` (`[claims] of`) and the name whose
/// version it is.
fn read_version_of(sentence: &str, found: &mut Vec<Candidate>) {
    let tokens: Vec<&str> = sentence
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| matches!(c, '`' | '*' | ',' | ';' | '.' | '(' | ')')))
        .collect();
    let holds = |list: fn(&crate::words::Words) -> &Vec<String>, w: &str| {
        words::each().any(|l| list(l).iter().any(|t| t.eq_ignore_ascii_case(w)))
    };
    for (i, verb) in tokens.iter().enumerate() {
        if !is_change(verb) {
            continue;
        }
        let mut at = i + 1;
        if tokens.get(at).is_some_and(|t| holds(|l| &l.claims.to, t)) {
            at += 1;
        }
        if tokens
            .get(at)
            .is_some_and(|t| crate::words::is_version_label(t))
        {
            at += 1;
        }
        let (Some(written), Some(of)) = (tokens.get(at), tokens.get(at + 1)) else {
            continue;
        };
        let written = written.strip_prefix(['v', 'V']).unwrap_or(written);
        if !written.contains('.')
            || !crate::tables::looks_like_version(written)
            || !holds(|l| &l.claims.of, of)
        {
            continue;
        }
        let mut name_at = at + 2;
        if tokens
            .get(name_at)
            .is_some_and(|t| t.eq_ignore_ascii_case("the"))
        {
            name_at += 1;
        }
        let Some(name) = tokens.get(name_at) else {
            continue;
        };
        // A name set apart as code, written as one ("tree-sitter",
        // "PyO3") or known; not a word of prose ("of the docs").
        let set_apart = sentence.contains(&format!("`{name}`"))
            || name.contains(['-', '_', '.'])
            || name.chars().any(|c| c.is_uppercase() || c.is_ascii_digit())
            || names::is_alias(name);
        if set_apart
            && crate::package_name::is_package_name(name)
            && !crate::package_name::is_not_name(name)
            && let Some(name) = names::component_name(name)
            && let Some(version) = clean_version(&name, written)
        {
            found.push(Candidate {
                name,
                version,
                strength: Strength::Statement,
                upgrade: true,
            });
        }
    }
}

/// "**ONNX Runtime Upgrade** - Upgraded to version 1.19.0"
/// (TransformersPHP's changelog): an item labelled (in bold, or before a
/// dash or a colon) by a name and a change word, its text the version
/// the name went to.
fn read_change_lead(item: &str, found: &mut Vec<Candidate>) -> bool {
    let (lead, rest) = match item.strip_prefix("**").and_then(|r| r.split_once("**")) {
        Some(bold) => bold,
        None => match [" - ", " – ", ": "]
            .iter()
            .find_map(|mark| item.split_once(mark))
        {
            Some(labelled) => labelled,
            None => return false,
        },
    };
    let lead = lead.trim().trim_end_matches([':', '：']);
    let Some((name, change)) = lead.rsplit_once(' ') else {
        return false;
    };
    let name_words: Vec<&str> = name.split_whitespace().collect();
    if !is_change(change)
        || name_words.len() > 3
        || !crate::package_name::are_name_words(&name_words)
    {
        return false;
    }
    let lower = rest.to_ascii_lowercase();
    let Some(to) = lower.find(" to ").filter(|&at| at < 24) else {
        return false;
    };
    let went_to = &rest[to + 4..];
    // "Updated to 1.5.7 of the guide's examples": the version of another.
    let of_another = |version: &str| {
        went_to.find(version).is_some_and(|at| {
            let after = went_to[at + version.len()..].trim_start_matches(['`', '*']);
            after.starts_with(" of ")
        })
    };
    if let Some(version) = crate::claims::version_after(went_to)
        && version.contains('.')
        && !of_another(&version)
        && let Some(name) = names::component_name(name)
    {
        found.push(Candidate {
            name,
            version,
            strength: Strength::Statement,
            upgrade: true,
        });
        return true;
    }
    false
}

/// "**ONNX Runtime (CUDA)** → 1.23.2" (YoloDotNet's changelog): an item
/// that is a name of a few words (a build of it in parentheses), an arrow
/// and the version it went to.
fn read_name_arrow_version(
    sentence: &str,
    is_version: &dyn Fn(&str) -> bool,
    found: &mut Vec<Candidate>,
) {
    let item = sentence
        .trim()
        .trim_start_matches(['-', '*', '+', '•', ' ']);
    let Some((head, new)) = ["→", "⇒", "->"]
        .iter()
        .find_map(|arrow| item.split_once(arrow))
    else {
        return;
    };
    let new = new.trim().trim_matches('`');
    let head = head.trim().trim_matches(['*', '`', ' ']);
    let name = head
        .strip_suffix(')')
        .and_then(|h| h.rsplit_once(" ("))
        .map_or(head, |(name, _)| name)
        .trim_matches(['*', '`']);
    let words: Vec<&str> = name.split_whitespace().collect();
    if new.contains(char::is_whitespace)
        || !is_version(new.trim_start_matches(['v', 'V']))
        || !(2..=4).contains(&words.len())
        || !words
            .iter()
            .all(|w| crate::package_name::is_package_word(w))
        || !crate::package_name::are_name_words(&words)
    {
        return;
    }
    let name = words.join(" ");
    if let Some(name) = names::component_name(&name)
        && let Some(version) = clean_version(&name, new.trim_end_matches('.'))
    {
        found.push(Candidate {
            name,
            version,
            strength: Strength::Statement,
            upgrade: true,
        });
    }
}

/// "Upgraded to `torch` 2.4 (via `tch` 0.17.0)" (rust-bert's changelog):
/// a parenthesis opening with a lead word (`[claims] name_leads`: "via",
/// "using") then a name and its version states what the release builds
/// with.
fn read_through(sentence: &str, found: &mut Vec<Candidate>) {
    for (at, _) in sentence.match_indices('(') {
        let inside = &sentence[at + 1..];
        let Some(close) = inside.find(')') else {
            continue;
        };
        let tokens: Vec<&str> = inside[..close]
            .split_whitespace()
            .map(|w| w.trim_matches('`'))
            .collect();
        let [lead, name, version] = tokens.as_slice() else {
            continue;
        };
        let leads = words::each().any(|l| {
            l.claims
                .name_leads
                .iter()
                .any(|w| w.eq_ignore_ascii_case(lead))
        });
        let version = version.strip_prefix(['v', 'V']).unwrap_or(version);
        if !leads
            || !crate::package_name::is_package_name(name)
            || !version.starts_with(|c: char| c.is_ascii_digit())
        {
            continue;
        }
        push_stated(name, version, found);
    }
}

/// A statement of `name` at `written`, as data names it, when the version
/// is one of its ecosystem's and plausible for it.
fn push_stated(name: &str, written: &str, found: &mut Vec<Candidate>) {
    let name = names::component_name(name).unwrap_or_else(|| name.to_string());
    if let Some(version) = clean_version(&name, written)
        && plausible(&name, &version)
    {
        found.push(Candidate {
            name,
            version,
            strength: Strength::Statement,
            upgrade: false,
        });
    }
}

/// Words a name's version word and the copula may stand apart by ("the
/// python version used in all the environments is 3.12").
const MAX_WORDS_BEFORE_COPULA: usize = 6;

/// The index of the version after a copula that comes at most
/// [`MAX_WORDS_BEFORE_COPULA`] words after `from`, when no other version
/// comes first.
fn copula_after(tokens: &[&str], from: usize) -> Option<usize> {
    tokens
        .iter()
        .enumerate()
        .skip(from)
        .take(MAX_WORDS_BEFORE_COPULA + 1)
        .take_while(|(_, t)| !t.bytes().any(|b| b.is_ascii_digit()))
        // Words of a spaced language: in "python 版本切换为 3.10" the
        // words between are an instruction's.
        .take_while(|(_, t)| is_copula(t) || t.chars().all(|c| c.is_ascii_alphabetic()))
        .find(|(_, t)| is_copula(t))
        .map(|(at, _)| at + 1)
        .filter(|&at| {
            tokens
                .get(at)
                .is_some_and(|t| t.bytes().any(|b| b.is_ascii_digit()))
        })
}

/// A name of one to three words, its version word, a copula and the
/// version ("Spring Boot 版本为 2.7.5", "Spring Boot version is 2.7.5"):
/// the name, the version and the token after it.
fn named_version_is(tokens: &[&str], at: usize) -> Option<(String, String, usize)> {
    (1..=3).rev().find_map(|len| {
        let name_words = tokens.get(at..at + len)?;
        // "修改PySide6依赖版本为6.8.2.1" (vn.py's changelog): the kind of
        // software between the name and its version word.
        let kind = tokens.get(at + len).is_some_and(|w| {
            words::each().any(|l| l.claims.kinds.iter().any(|k| k.eq_ignore_ascii_case(w)))
        });
        let at = at + usize::from(kind);
        let (label, copula, version) = (
            tokens.get(at + len)?,
            tokens.get(at + len + 1)?,
            tokens.get(at + len + 2)?,
        );
        let named = crate::package_name::is_package_name(name_words[0])
            && name_words[0].starts_with(|c: char| c.is_ascii_uppercase())
            && name_words
                .iter()
                .all(|w| crate::package_name::is_package_word(w));
        if !named || !is_version_label(label) || !is_copula(copula) {
            return None;
        }
        let name = name_words.join(" ");
        let version = clean_version(&name, version)?;
        Some((name, version, at + len + 3))
    })
}

/// A word between a name's version word and the version ("CUDA version
/// is 12.4", "cuda 版本为 12.3": `[components] copulas`).
fn is_copula(word: &str) -> bool {
    let word = word.to_lowercase();
    words::each().any(|w| w.components.copulas.contains(&word))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The surest candidate of each name, as name–version pairs.
    fn surest_pairs(found: Vec<Candidate>) -> Vec<(String, String)> {
        surest(found)
            .into_iter()
            .map(|c| (c.name, c.version))
            .collect()
    }

    fn read(text: &str) -> Vec<(String, String)> {
        let mut found = Vec::new();
        read_prose(text, &mut found);
        surest(found)
            .into_iter()
            .map(|c| (c.name, c.version))
            .collect()
    }

    fn pairs_of(found: Vec<Candidate>) -> Vec<(String, String)> {
        surest(found)
            .into_iter()
            .map(|c| (c.name, c.version))
            .collect()
    }

    #[test]
    fn a_parenthesis_of_packages_and_their_versions() {
        // jessedc's vLLM build for the GB10.
        let mut found = Vec::new();
        read_parenthesized_pins(
            "Verified: serving a completion on the GB10 (`torch 2.11.0+cu130`, `flashinfer 0.6.14`).",
            &mut found,
        );
        assert_eq!(
            pairs_of(found),
            pairs(&[("torch", "2.11.0+cu130"), ("flashinfer", "0.6.14")])
        );
        // One pair, or a part that is words, is no such list.
        for line in [
            "Built on the GB10 (torch 2.11.0).",
            "Fixed (see torch 2.11.0, and the notes).",
            "Speeds (Qwen3 8B, Llama 3.1 8B) are measured.",
        ] {
            let mut found = Vec::new();
            read_parenthesized_pins(line, &mut found);
            assert!(found.is_empty(), "{line}: {found:?}");
        }
        // The full numbers of one build refine the short ones.
        let short = Candidate {
            name: "torch".into(),
            version: "2.11+cu130".into(),
            strength: Strength::Listing,
            upgrade: false,
        };
        let full = Candidate {
            version: "2.11.0+cu130".into(),
            ..short.clone()
        };
        assert_eq!(
            pairs_of(vec![short, full]),
            pairs(&[("torch", "2.11.0+cu130")])
        );
    }

    #[test]
    fn an_item_naming_its_default_in_a_parenthesis() {
        // dev-GOHU's ML container README: what it installs, and the
        // version it installs unless told.
        let items = [
            "CUDA (Default 11.8.0)",
            "cuDNN (Default 8.6.0)",
            "tensorflow (Default 2.13.0)",
            "pytorch (cuda 11.8 leatest)",
        ];
        let mut read = list_read_lowercase(&items);
        read.sort();
        assert_eq!(
            read,
            pairs(&[
                ("cuda", "11.8.0"),
                ("cudnn", "8.6.0"),
                ("tensorflow", "2.13.0")
            ])
        );
    }

    /// The pairs a list's items give, their names in lower case (as the
    /// draft's names are made canonical after).
    fn list_read_lowercase(items: &[&str]) -> Vec<(String, String)> {
        let mut found = Vec::new();
        read_list(items, "", &mut found);
        pairs_of(found)
            .into_iter()
            .map(|(n, v)| (n.to_lowercase(), v))
            .collect()
    }

    #[test]
    fn r_session_info_packages_joined_to_their_versions() {
        let mut found = Vec::new();
        read_underscored_run(
            " glmGamPoi_1.2.0 dynwrap_1.2.2 rpart_4.1-15 XML_3.99-0.8 GO.db_3.12.1",
            &mut found,
        );
        let pairs = pairs_of(found);
        assert!(
            pairs.contains(&("rpart".to_string(), "4.1-15".to_string())),
            "{pairs:?}"
        );
        assert!(
            pairs.contains(&("GO.db".to_string(), "3.12.1".to_string())),
            "{pairs:?}"
        );
        assert_eq!(pairs.len(), 5);
        // Settings and a sentence are none.
        let mut found = Vec::new();
        read_underscored_run("set max_len_256 and use sm_80 for cuda_12", &mut found);
        assert!(found.is_empty());
    }

    #[test]
    fn a_list_of_build_arguments_and_their_defaults() {
        // yorelog's vLLM image (Chinese), and the same in English.
        for items in [
            [
                "`CUDA_VERSION`: CUDA 版本 (默认: 12.1.1)",
                "`PYTHON_VERSION`: Python 版本 (默认: 3.12)",
                "`max_jobs`: 并行编译任务数 (默认: 1，针对磁盘空间优化)",
            ],
            [
                "`CUDA_VERSION`: the CUDA version (default: 12.1.1)",
                "`PYTHON_VERSION`: Python version (default: 3.12)",
                "`max_jobs`: parallel jobs (default: 1)",
            ],
        ] {
            assert_eq!(
                list_read_lowercase(&items),
                pairs(&[("cuda", "12.1.1"), ("python", "3.12")]),
                "{items:?}"
            );
        }
    }

    #[test]
    fn what_a_listed_package_is_of_in_parentheses() {
        // vulkano's changelog.
        let mut found = Vec::new();
        read_list(
            &["ash 0.38.0 (Vulkan 1.3.281)", "half 2.4.1"],
            "",
            &mut found,
        );
        let read: Vec<(&str, &str)> = found
            .iter()
            .map(|c| (c.name.as_str(), c.version.as_str()))
            .collect();
        assert!(read.contains(&("Vulkan", "1.3.281")), "{read:?}");
        assert!(read.contains(&("ash", "0.38.0")), "{read:?}");
    }

    #[test]
    fn items_going_from_one_version_to_another_among_sentences() {
        // A runtime's CHANGES: items of what changed, some of them a
        // package's move between versions with a note after a colon.
        let items = [
            "Provides ACIS PSMC model",
            "Uses the new HDF5 cmd states when available",
            "Numerous infrastructure improvements in ingest and update process.",
            "Use weighted mean and stddev for calculating stats.",
            "IPython 0.12.1 to 0.13.1: major improvements to IPython notebook",
            "Matplotlib 1.1 to 1.2: http://matplotlib.org/users/whats_new.html",
            "Foo 1.2: rewritten from scratch",
        ];
        let mut found = Vec::new();
        read_list(&items, "", &mut found);
        let read: Vec<(&str, &str, bool)> = found
            .iter()
            .map(|c| (c.name.as_str(), c.version.as_str(), c.upgrade))
            .collect();
        assert_eq!(
            read,
            [("IPython", "0.13.1", false), ("Matplotlib", "1.2", false)]
        );
    }

    #[test]
    fn a_label_ending_in_a_version_word_over_its_version() {
        // A Korean package's release log: "the ComfyUI version used", then
        // an item opening with it; a list of links names no version.
        let mut found = Vec::new();
        read_labelled_version(
            "사용한 ComfyUI 버전",
            &["v0.3.18 : https://github.com/comfyanonymous/ComfyUI/releases/tag/v0.3.18"],
            &mut found,
        );
        read_labelled_version("Python version:", &["3.12.8"], &mut found);
        read_labelled_version(
            "설치되는 Python 패키지들 버전",
            &["https://github.com/o/r/blob/1.2.0/requirements.txt"],
            &mut found,
        );
        // A sentence ending in "version" is no label of a name.
        read_labelled_version(
            "Here is what changed in each version",
            &["1.2.3 fixes a crash"],
            &mut found,
        );
        assert_eq!(
            surest_pairs(found),
            pairs(&[("ComfyUI", "0.3.18"), ("Python", "3.12.8")])
        );
    }

    #[test]
    fn a_version_with_its_v_and_one_without_agree() {
        // "cert-manager: v1.19.3 to v1.20.2" in a list, then "cert-manager
        // v1.20 changes the default UID" in a note.
        let candidate = |version: &str, strength| Candidate {
            name: "cert-manager".to_string(),
            version: version.to_string(),
            strength,
            upgrade: false,
        };
        let found = vec![
            candidate("1.20.2", Strength::Statement),
            candidate("v1.20", Strength::Listing),
        ];
        assert_eq!(surest_pairs(found), pairs(&[("cert-manager", "1.20.2")]));
    }

    #[test]
    fn the_stack_a_build_targets() {
        let mut found = Vec::new();
        read_prose(
            "Upstream bump from vLLM 0.24.0 to vLLM 0.25.1, targeting CPython 3.13, \
             PyTorch 2.11.0+cu128.",
            &mut found,
        );
        let got = surest_pairs(found);
        assert!(
            got.contains(&("CPython".to_string(), "3.13".to_string())),
            "{got:?}"
        );
        assert!(
            got.contains(&("PyTorch".to_string(), "2.11.0+cu128".to_string())),
            "{got:?}"
        );
        assert!(!got.iter().any(|(n, _)| n.contains("targeting")), "{got:?}");
    }

    #[test]
    fn a_requirements_list_of_pins_among_bounds_pins_its_packages() {
        // zjunlp's DeepKE: a requirements list, ten pins of thirty items.
        let mut items = vec!["tqdm==4.62.0", "overrides==7.3.1", "termcolor==1.1.0"];
        items.extend([
            "torch<1.13.0",
            "dill>=0.3.4",
            "base58>=2.1.1",
            "jsonnet>=0.10.0 ; sys.platform != 'win32'",
            "requests~=2.28",
            "scipy>=1.7.3,<2",
        ]);
        let mut found = Vec::new();
        read_list(&items, "", &mut found);
        let read: Vec<(&str, &str)> = found
            .iter()
            .map(|c| (c.name.as_str(), c.version.as_str()))
            .collect();
        assert_eq!(
            read,
            [
                ("tqdm", "4.62.0"),
                ("overrides", "7.3.1"),
                ("termcolor", "1.1.0")
            ]
        );
        // A sentence holding a bound is no requirement.
        assert!(!is_requirement_bound("works with numpy >= 1.21"));
        assert!(!is_requirement_bound("Fixed a crash in foo<2"));
        assert!(is_requirement_bound("numpy>=1.21.4"));
    }

    #[test]
    fn a_stack_of_names_run_into_versions_joined_by_plus() {
        let mut found = Vec::new();
        read_plus_joined("基础环境（Pytorch2.4.1+cuda12.4）全面升级", &mut found);
        read_plus_joined(
            "这里建议CUDA为12.4+cudnn9.1.0.70+TensorRT10.1.0.27",
            &mut found,
        );
        read_plus_joined("pip install torch==2.4.1+cu124", &mut found);
        let read: Vec<(String, &str)> = found
            .iter()
            .map(|c| (c.name.to_lowercase(), c.version.as_str()))
            .collect();
        assert_eq!(
            read,
            [
                ("torch".to_string(), "2.4.1"),
                ("cuda".to_string(), "12.4"),
                ("cudnn".to_string(), "9.1.0.70"),
                ("tensorrt".to_string(), "10.1.0.27"),
            ]
        );
    }

    #[test]
    fn a_tagged_change_names_its_version() {
        // KaarPux's change pages.
        assert_eq!(
            tagged_version("UPD: less: v 470 (Commit 009bc08b)"),
            Some(("less".to_string(), "470".to_string()))
        );
        assert_eq!(
            tagged_version("UPD: tzdata: v 2014j"),
            Some(("tzdata".to_string(), "2014j".to_string()))
        );
        // A fix, a removal, a sentence: none.
        assert_eq!(tagged_version("FIX: ulogd: patch for linux 3.17"), None);
        assert_eq!(tagged_version("DEL: gdb: v 7.8.1"), None);
        assert_eq!(tagged_version("Note: see gcc: v 4.9.2"), None);
    }

    #[test]
    fn items_headed_by_a_version_in_a_list_of_versions() {
        // OpenMandriva ROME's changelog and the preCICE distribution's
        // list (links as a page is read).
        let items = [
            "Kernel 6.14.2 (and 6.15.0-rc2) built with clang",
            "systemd 257.5",
            "binutils 2.44",
            "Chromium 135.0.7049.84 patched with spyware disabled",
            "Fortran module: commit 9826f27",
            "gcc 14.2.1",
        ];
        let mut found = Vec::new();
        read_list(&items, "Core", &mut found);
        let mut read: Vec<(&str, &str)> = found
            .iter()
            .map(|c| (c.name.as_str(), c.version.as_str()))
            .collect();
        read.sort_unstable();
        assert_eq!(
            read,
            [
                ("Chromium", "135.0.7049.84"),
                ("Fortran module", "9826f27"),
                ("Kernel", "6.14.2"),
                ("binutils", "2.44"),
                ("gcc", "14.2.1"),
                ("systemd", "257.5"),
            ]
        );
        // A change, a floor, a version not sure, a number in the name.
        for item in [
            "Go 1.23.9 removed",
            "Android NDK 27.2.12479018 replaced by 27.3.13750724",
            "DuetWebControl 2.1.0 when available, 2.0.7 until then",
            "OpenOCD 0.9+ upstream commit 30203b3d8b, with ARC support",
            "Eclipse 2018-12 4.10.0 with CDT 9.6.0",
            "Introduced SGLang 0.4.9 images for EC2",
        ] {
            assert_eq!(led_by_version(item), None, "{item}");
        }
        // In a list of sentences, an item's head is no listing.
        let mut found = Vec::new();
        read_list(
            &[
                "Chromium 135.0.7049.84 patched with spyware disabled",
                "Fixed a crash when saving",
                "Improved the start-up time",
            ],
            "Changes",
            &mut found,
        );
        assert!(found.iter().all(|c| c.name != "Chromium"), "{found:?}");
    }

    #[test]
    fn packages_pinned_together_in_a_code_span() {
        // Kohya-LoRA-Tool's changelog (code spans, as a page is read).
        let mut found = Vec::new();
        read_joined_pins(
            "- 修复：统一校正为 numpy 2.1.3 + scipy 1.15.3 + protobuf 5.29.5，兼容 Python 3.10–3.12；旧版 2.7.1 + 0.22.0 与 torch 2.7.1 + 兼容",
            &mut found,
        );
        let read: Vec<(&str, &str)> = found
            .iter()
            .map(|c| (c.name.as_str(), c.version.as_str()))
            .collect();
        assert_eq!(
            read,
            [
                ("numpy", "2.1.3"),
                ("scipy", "1.15.3"),
                ("protobuf", "5.29.5")
            ]
        );
    }

    #[test]
    fn a_package_pinned_at_a_release_set_as_code() {
        // llamadart's changelog.
        let mut found = Vec::new();
        read_pinned_references(
            "  leehack/llamadart-native@v0.4.0, regenerated bindings; Web `@litert-lm/core@0.15.0` \
             stays; native `llamadart-native@b10514`; llama.cpp v0.4.0@5266f24da75dc449 parity; \
             CI on actions/checkout@v4.2.1, mail dev@example.com",
            &mut found,
        );
        let read: Vec<(&str, &str)> = found
            .iter()
            .map(|c| (c.name.as_str(), c.version.as_str()))
            .collect();
        assert_eq!(
            read,
            [
                ("llamadart-native", "0.4.0"),
                ("@litert-lm/core", "0.15.0"),
                ("llamadart-native", "b10514"),
            ]
        );
    }

    #[test]
    fn a_labelled_version_whose_value_runs_the_name_into_it() {
        // tensorRT_Pro's Chinese README.
        assert!(
            read("6. CUDNN版本：cudnn8.2.2.26，注意下载dev")
                .contains(&("CUDNN".to_string(), "8.2.2.26".to_string()))
        );
        assert!(
            read("8. protobuf版本（用于onnx解析器）：这里使用的是protobufv3.11.4")
                .contains(&("protobuf".to_string(), "3.11.4".to_string()))
        );
        // Another name run into a version is not the label's.
        let mut found = Vec::new();
        read_labelled_glued("- CUDA version: cudnn8.2.1", &mut found);
        assert!(found.is_empty());
    }

    #[test]
    fn a_patch_release_named_by_its_vendors_word() {
        // DeepStream-Yolo's requirements; NVIDIA's CUDA Toolkit archive.
        assert_eq!(read("- CUDA 12.6 Update 2"), pairs(&[("CUDA", "12.6.2")]));
        assert_eq!(
            read("Requires the NVIDIA CUDA 11.4 Update 1 toolkit."),
            pairs(&[("CUDA", "11.4.1")])
        );
        // A component whose vendor names no patch so is left as it is.
        assert!(
            !read("- TensorRT 8.5 Update 2")
                .contains(&("TensorRT".to_string(), "8.5.2".to_string()))
        );
    }

    #[test]
    fn a_fuller_version_in_parentheses_after_the_stage_of_a_release() {
        // DeepStream-Yolo's requirements.
        for (line, version) in [
            ("- TensorRT 10.3 GA (10.3.0.26)", "10.3.0.26"),
            ("- TensorRT 8.5 GA Update 2 (8.5.3.1)", "8.5.3.1"),
            ("- TensorRT 8.0 GA (8.0.1)", "8.0.1"),
        ] {
            let read = read(line);
            assert!(
                read.contains(&("TensorRT".to_string(), version.to_string())),
                "{line}: {read:?}"
            );
            assert!(
                !read.iter().any(|(n, _)| n == "GA" || n == "Update"),
                "{line}: {read:?}"
            );
        }
        // A version in parentheses that completes none before it is another's.
        assert!(
            !read("- TensorRT 10.3 GA (9.1.0.4)")
                .contains(&("TensorRT".to_string(), "9.1.0.4".to_string()))
        );
    }

    #[test]
    fn a_name_of_words_an_arrow_and_its_version() {
        // YoloDotNet's changelog.
        assert_eq!(
            read("- **ONNX Runtime (CUDA)** → 1.23.2"),
            pairs(&[("onnxruntime", "1.23.2")])
        );
        assert_eq!(
            read("- Vulkan Memory Allocator -> 3.1.0"),
            pairs(&[("Vulkan-Memory-Allocator", "3.1.0")])
        );
        assert!(read("- see the list below -> 3.1.0").is_empty());
    }

    #[test]
    fn a_version_of_a_name() {
        // text-splitter's changelog.
        assert_eq!(
            read("- Update to `v0.23.0` of `tree-sitter`. There was a breaking change."),
            pairs(&[("tree-sitter", "0.23.0")])
        );
        assert!(read("- Update to v0.23.0 of the docs.").is_empty());
    }

    #[test]
    fn a_base_image_a_line_labels() {
        // An image's README (jalberty2018's PyTorch CUDA images).
        let mut found = Vec::new();
        read_image_references(
            "Base Image: pytorch/pytorch:2.4.1-cuda12.4-cudnn9-runtime",
            &mut found,
        );
        let mut got: Vec<(String, String)> =
            found.into_iter().map(|c| (c.name, c.version)).collect();
        got.sort();
        assert_eq!(
            got,
            pairs(&[("CUDA", "12.4"), ("cuDNN", "9"), ("torch", "2.4.1")])
        );
    }

    #[test]
    fn a_base_image_a_sentence_names() {
        let read = |line: &str| {
            let mut found = Vec::new();
            read_image_references(line, &mut found);
            let mut got: Vec<(String, String)> =
                found.into_iter().map(|c| (c.name, c.version)).collect();
            got.sort();
            got
        };
        assert_eq!(
            read("- Base image now `nvidia/cuda:12.1.0-runtime-ubuntu22.04`"),
            pairs(&[("CUDA", "12.1.0"), ("Ubuntu", "22.04")])
        );
        // A row whose note speaks of the base image names its own image.
        assert_eq!(
            read("| `quay.io/kiali/kiali-operator:v1.36.7` | The updated base image is out. |"),
            pairs(&[("kiali-operator", "v1.36.7")])
        );
        // A time is no image.
        assert_eq!(read("The base image was rebuilt at 10:30."), pairs(&[]));
    }

    #[test]
    fn an_image_of_a_known_component_named_in_a_line() {
        // whisper-asr-webservice's changelog.
        let mut found = Vec::new();
        read_image_references(
            "- Reduced GPU image size by using `nvidia/cuda:12.6.3-base-ubuntu22.04`",
            &mut found,
        );
        let mut got: Vec<(String, String)> =
            found.into_iter().map(|c| (c.name, c.version)).collect();
        got.sort();
        assert_eq!(got, pairs(&[("CUDA", "12.6.3"), ("Ubuntu", "22.04")]));
        let mut found = Vec::new();
        read_image_references(
            "- docker pull ls250824/pytorch-cuda-runtime:05102024",
            &mut found,
        );
        read_image_references(
            "Start from a fresh image, e.g, rocm/pytorch:rocm6.1.2_ubuntu20.04_py3.9_pytorch_staging.",
            &mut found,
        );
        assert!(found.is_empty());
    }

    #[test]
    fn a_known_name_and_its_build_number() {
        // A prebuilt llama.cpp's changelog.
        assert_eq!(
            read("Initial release with llama.cpp build 6093 (commit `733c851f`)"),
            pairs(&[("llama.cpp", "6093")])
        );
        assert!(read("Fixed the build 6093 of the docs").is_empty());
    }

    #[test]
    fn list_items_of_a_name_and_version_run_together() {
        // TensorRT-Alpha's README.
        assert_eq!(
            glued_item("gcc7.5.0"),
            Some(("gcc".to_string(), "7.5.0".to_string()))
        );
        assert_eq!(glued_item("utf8"), None);
        assert_eq!(glued_item("see cuda11.3"), None);
        // YOLOv8-TensorRT's Jetson page: joined by a dash, beside an item
        // written with a space, which the list keeps.
        assert_eq!(
            glued_item("OpenCV-4.1.1"),
            Some(("OpenCV".to_string(), "4.1.1".to_string()))
        );
        assert_eq!(glued_item("x86-64"), None);
        assert_eq!(glued_item("Jetson-NX"), None);
        let mut found = Vec::new();
        read_list(
            &["Jetpack 4.6.3", "CUDA-10.2", "CUDNN-8.2.1"],
            "",
            &mut found,
        );
        assert!(
            found
                .iter()
                .any(|c| c.name == "Jetpack" && c.version == "4.6.3"),
            "{found:?}"
        );
    }

    #[test]
    fn what_a_build_is_made_against() {
        // PyAV's changelog.
        assert_eq!(
            read("- Build binary wheels against libvpx 1.13.1 to fix CVE-2023-5217."),
            pairs(&[("libvpx", "1.13.1")])
        );
        assert_eq!(
            read("- The binary wheels still ship FFmpeg 8.1.2."),
            pairs(&[("FFmpeg", "8.1.2")])
        );
        assert!(read("- Harden the parser against zlib-ng 2.2.1 streams.").is_empty());
    }

    #[test]
    fn a_kind_between_a_name_and_its_version_word() {
        // vn.py's changelog.
        assert_eq!(
            read("修改PySide6依赖版本为6.8.2.1，解决部分底层warning输出问题"),
            [("PySide6".to_string(), "6.8.2.1".to_string())]
        );
    }

    #[test]
    fn a_composer_package_is_read_and_a_workflow_action_is_not() {
        let mut found = Vec::new();
        for line in [
            "[Composer] Bump sylius/mailer-bundle to 2.1 version",
            "build(deps): bump actions/checkout from 4.1.1 to 6.0.3",
            "Bump docker/login-action from 3.0.0 to 4.2.0",
        ] {
            read_claims(line, &mut found);
        }
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(got, pairs(&[("sylius-mailer-bundle", "2.1")]));
    }

    #[test]
    fn a_name_no_data_knows_whose_version_is_said() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        // newbee-mall's README.
        assert_eq!(
            read(
                "当前分支的 Spring Boot 版本为 2.7.5，想要学习和使用其它版本可以直接点击下方的分支名称。"
            ),
            [pair("Spring Boot", "2.7.5")]
        );
        assert_eq!(
            read("The current Spring Boot version is 2.7.5."),
            [pair("Spring Boot", "2.7.5")]
        );
        // ESP-IDF's migration guide: what the sentence claims wins.
        assert_eq!(
            read("ESP-IDF 之前使用的 GCC 版本为 11.2.0，现已针对所有芯片目标升级至 GCC 12.2.0。"),
            [pair("GCC", "12.2.0")]
        );
    }

    #[test]
    fn a_bound_librarys_features_carried_into_a_release() {
        assert_eq!(
            read(
                "Kiwi 0.22.0의 기능들(https://github.com/bab2min/Kiwi/releases/tag/v0.22.0 )이 반영되었습니다."
            ),
            [("Kiwi".to_string(), "0.22.0".to_string())]
        );
        assert_eq!(without_parenthesized("a (b (c)) d)"), "a  d)");
    }

    #[test]
    fn of_two_bumps_in_one_release_the_higher() {
        let mut found = Vec::new();
        read_list(
            &[
                "- Bump github.com/antchfx/xpath from 1.3.6 to 1.3.7",
                "- Bump github.com/antchfx/xpath from 1.3.7 to 1.3.8",
                "- Bump modernc.org/sqlite from 1.53.0 to 1.54.0",
            ],
            "Dependency Updates",
            &mut found,
        );
        let read: Vec<(String, String)> = surest(found)
            .into_iter()
            .map(|c| (c.name, c.version))
            .collect();
        assert_eq!(
            read,
            [
                ("github.com/antchfx/xpath".to_string(), "1.3.8".to_string()),
                ("modernc.org/sqlite".to_string(), "1.54.0".to_string())
            ]
        );
    }

    #[test]
    fn a_generated_notes_credit_is_no_part_of_its_item() {
        assert_eq!(
            without_credit("- Bump pgbouncer 1.25.2-p0 by @aminvakil in #4384"),
            "- Bump pgbouncer 1.25.2-p0"
        );
        assert_eq!(
            without_credit("- Bump nginx 1.31.0-alpine by @dependabot[bot]"),
            "- Bump nginx 1.31.0-alpine"
        );
        let prose = "- Thanks to the work done by @someone in the 2.1 cycle";
        assert_eq!(without_credit(prose), prose);
    }

    #[test]
    fn a_tools_versions_on_one_line_the_default_marked() {
        fn part(l: &str) -> Vec<&str> {
            l.split(", ").collect()
        }
        assert_eq!(
            default_among("Erlang", &part("24.3, 25.0, 26.2, 27.0 (default)")),
            Some(("Erlang".to_string(), "27.0".to_string()))
        );
        assert_eq!(
            default_among("Elixir", &part("1.16.x, 1.17.x (1.17.2 as default)")),
            Some(("Elixir".to_string(), "1.17.2".to_string()))
        );
        // None marked, or a list of names: none.
        assert_eq!(default_among("Erlang", &part("24.3, 25.0")), None);
        assert_eq!(
            default_among("Tools", &part("git 2.4 (default), svn 1.14")),
            None
        );
    }

    #[test]
    fn the_verbs_of_a_change_name_what_the_release_holds() {
        let mut found = Vec::new();
        for line in [
            "Dependencies have been updated, including go-jose 4.1.4 to address CVE-2026-34986.",
            "We have moved to the new upstream FFmpeg 7.1, which brings many improvements.",
            "* Patched expat 2.4.8 to fix [CVE-2024-50602](https://nvd.nist.gov/vuln/detail/CVE-2024-50602).",
            "ESP-IDF 之前使用的 GCC 版本为 11.2.0，现已针对所有芯片目标升级至 GCC 12.2.0。",
        ] {
            read_prose(line, &mut found);
        }
        let mut got: Vec<(String, String)> =
            found.into_iter().map(|c| (c.name, c.version)).collect();
        // ("moved to" reads as a claim and as a verb of change: one fact.)
        got.dedup();
        assert_eq!(
            got,
            pairs(&[
                ("go-jose", "4.1.4"),
                ("FFmpeg", "7.1"),
                ("expat", "2.4.8"),
                ("GCC", "12.2.0")
            ])
        );
    }

    #[test]
    fn a_name_then_its_version_number() {
        let mut found = Vec::new();
        for line in [
            "重要：上线新版本 Unity SDK，版本号 V8.3.1，位于 `tools/unity_webgl_rpk_oppo_v8.3.1.unitypackage`",
            "Today, we released, version 2 of it.",
        ] {
            read_prose(line, &mut found);
        }
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(got, pairs(&[("Unity-SDK", "8.3.1")]));
    }

    #[test]
    fn a_sentence_in_a_component_part_is_read() {
        let page = crate::structure::split(
            &crate::page::Page::read(
                crate::page::PageKind::Markdown,
                "# v4.7.1 Release Notes\n\n## Dependencies\n\nDependencies have been updated, including `go-jose` 4.1.4 to address CVE-2026-34986.\n",
            )
            .unwrap(),
            crate::headings::Headings::built_in(),
        );
        assert_eq!(page.sections[0].known, Some(Known::Components));
        let mut draft = Draft::default();
        fill(&mut draft, &page, "v4.7.1", true);
        assert_eq!(
            draft.components.get("go-jose").map(String::as_str),
            Some("4.1.4")
        );
    }

    #[test]
    fn a_component_parts_images_and_pinned_sources_are_read() {
        // A miner image's changelog: "### Dependencies" items naming its
        // base image and the miner's repository pinned at a release.
        let page = crate::structure::split(
            &crate::page::Page::read(
                crate::page::PageKind::Markdown,
                "# Changelog\n\n## [v0.3.0]\n\n### Dependencies\n\n- Base image `docker.io/nvidia/cuda:11.2-devel-ubuntu18.04`\n- New Ethereum miner [`https://github.com/no-fee-ethereum-mining/nsfminer@v1.2.4`](https://github.com/no-fee-ethereum-mining/nsfminer/releases/tag/v1.2.4)\n",
            )
            .unwrap(),
            crate::headings::Headings::built_in(),
        );
        assert_eq!(page.sections[0].known, Some(Known::Components));
        let mut draft = Draft::default();
        fill(&mut draft, &page, "v0.3.0", true);
        let got = |name: &str| draft.components.get(name).map(String::as_str);
        assert_eq!(got("CUDA"), Some("11.2"));
        assert_eq!(got("Ubuntu"), Some("18.04"));
        assert_eq!(got("nsfminer"), Some("1.2.4"));
    }

    #[test]
    fn a_name_beside_the_titled_product_with_its_version_is_a_component() {
        let read = |text: &str| {
            let page = crate::structure::split(
                &crate::page::Page::read(crate::page::PageKind::Markdown, text).unwrap(),
                crate::headings::Headings::built_in(),
            );
            let mut draft = Draft::default();
            fill(&mut draft, &page, "3.0", true);
            draft.components.keys().cloned().collect::<Vec<_>>()
        };
        let list = "Recommended compatible firmware:\n\n- DuetWiFiServer 1.23\n- Duet3Firmware_EXP3HC 3.0\n";
        assert_eq!(
            read(&format!("# RepRapFirmware 3.0\n\n{list}")),
            ["DuetWiFiServer", "Duet3Firmware_EXP3HC"]
        );
        // With no product in the title, the release's number is its own.
        assert_eq!(
            read(&format!("# Release 3.0\n\n{list}")),
            ["DuetWiFiServer"]
        );
    }

    #[test]
    fn a_monorepos_packages_released_in_step_are_components() {
        let page = crate::structure::split(
            &crate::page::Page::read(
                crate::page::PageKind::Markdown,
                "# @spree/dashboard\n\n## 0.13.1\n\n### Patch Changes\n\n- Updated dependencies:\n  \
                 - @spree/admin-sdk@0.8.1\n  - @spree/dashboard-core@0.13.1\n  - @spree/dashboard@0.13.1\n",
            )
            .unwrap(),
            crate::headings::Headings::built_in(),
        );
        let mut draft = Draft::default();
        fill(&mut draft, &page, "0.13.1", true);
        let got: Vec<(&str, &str)> = draft
            .components
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("@spree/admin-sdk", "0.8.1"),
                ("@spree/dashboard-core", "0.13.1")
            ]
        );
    }

    #[test]
    fn an_item_adding_a_component() {
        let mut found = Vec::new();
        for line in ["Add freesurfer 8.0.0", "Add R941 v3.3 5mCG 5hmCG models"] {
            read_prose(line, &mut found);
        }
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(got, pairs(&[("freesurfer", "8.0.0")]));
    }

    #[test]
    fn an_item_making_a_component_the_default() {
        // A Ruby development image's changelog.
        let mut found = Vec::new();
        for line in [
            "[#122](../../issues/122): Make `NodeJS` `24.16.0` the default.",
            "[#78](../../issues/78): Make `RubyGems` `3.7.2` and `Bundler` `2.7.2` the default.",
            "Make sure the build passes on 2.0 runners.",
        ] {
            read_prose(line, &mut found);
        }
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(
            got,
            pairs(&[
                ("NodeJS", "24.16.0"),
                ("RubyGems", "3.7.2"),
                ("Bundler", "2.7.2")
            ])
        );
    }

    #[test]
    fn two_upgrades_of_one_component_end_at_the_higher() {
        // A shortlog grouped by author: the later upgrade may come first.
        let mut found = Vec::new();
        for line in [
            "main/git: security upgrade to 2.24.3 (CVE-2020-11008)",
            "main/git: security upgrade to 2.24.2",
            "Upgraded vLLM to 0.10.0",
        ] {
            read_prose(line, &mut found);
        }
        let got = surest_pairs(found);
        assert_eq!(got, pairs(&[("git", "2.24.3"), ("vLLM", "0.10.0")]));
    }

    #[test]
    fn a_sentence_saying_what_is_installed() {
        // A build image's software list: names no data knows.
        let mut found = Vec::new();
        for line in [
            "Docker `28.5.1` is installed.",
            "docker-compose `2.40.2` is also available.",
            "Podman 3.4.4 is installed as an alternative container engine.",
            "Python 3.10 已预装",
            "Version 2.1 is installed.",
            "Foo 2.1 was installed before.",
        ] {
            read_installed(line, &mut found);
        }
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(
            got,
            pairs(&[
                ("Docker", "28.5.1"),
                ("docker-compose", "2.40.2"),
                ("Podman", "3.4.4"),
                ("Python", "3.10")
            ])
        );
    }

    #[test]
    fn a_pinned_commit_and_the_version_it_is() {
        let mut found = Vec::new();
        for line in [
            "   - `PYTORCH_HASH=e89c5aa724af75b3d439f7237d8815de19f284a3`, 2.14.0.dev20260707 from viable/strict, July 7th, 2026.",
            "   - `KLEIDIAI_HASH` to `6c544373d1731d2b74435fc02f8bad5f4631b0b1`, v1.23.0 from main, Mar 25th.",
            "   - `ONEDNN_HASH=47b2bf4f4df49310a7b81e848d85a0c6ac737a22`, From main, July 14th, 2026.",
            "   - `MAX_JOBS=16`, 2 more than before.",
        ] {
            read_pinned_commit(line, &mut found);
        }
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(
            got,
            pairs(&[("PYTORCH", "2.14.0.dev20260707"), ("KLEIDIAI", "1.23.0")])
        );
    }

    #[test]
    fn a_list_of_package_archives_and_what_they_are() {
        // FredHutch's page of a module's packages: each item the archive's
        // name, then a description naming other things ("Python 2 and 3").
        let mut found = Vec::new();
        read_list(
            &[
                "Cython-0.29.1 The Cython compiler for writing C extensions for the Python language.",
                "liac-arff-2.3.1 A module for read and write ARFF files in Python.",
                "six-1.11.0 Python 2 and 3 compatibility utilities",
                "pytz-2018.7 World timezone definitions, modern and historical",
            ],
            "Package List",
            &mut found,
        );
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(
            got,
            pairs(&[
                ("Cython", "0.29.1"),
                ("liac-arff", "2.3.1"),
                ("six", "1.11.0"),
                ("pytz", "2018.7")
            ])
        );
        // Archives' names alone are read as any name–version item.
        let mut found = Vec::new();
        read_list(
            &["CUDA-10.2", "CUDNN-8.2.1", "Jetpack 4.6.3"],
            "ENVS",
            &mut found,
        );
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert!(
            got.contains(&("Jetpack".to_string(), "4.6.3".to_string())),
            "{got:?}"
        );
    }

    #[test]
    fn a_commit_labelled_as_the_version() {
        // licyk's update log: the commit each app is built from, dated.
        let mut found = Vec::new();
        read_list(
            &[
                "预装 PyTorch 版本：2.6.0+cu124",
                "Fooocus 版本：59f183a 2025-03-01 10:02:11",
                "SD-Trainer version: cf6dc84",
            ],
            "v1.0",
            &mut found,
        );
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert!(
            got.contains(&("Fooocus".to_string(), "59f183a".to_string())),
            "{got:?}"
        );
        assert!(
            got.contains(&("SD-Trainer".to_string(), "cf6dc84".to_string())),
            "{got:?}"
        );
        // A hash no label calls a version is a commit's entry, no component.
        let mut found = Vec::new();
        read_list(
            &["Fooocus 59f183a", "Kohya cf6dc84", "Trainer a1b16e4"],
            "Commits",
            &mut found,
        );
        assert!(
            found.is_empty(),
            "{:?}",
            found.iter().map(|c| &c.name).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_list_of_tools_and_their_versions() {
        // SAS Viya's IaC README: versions written `v1.10.5`, a dash or a
        // note before some; three numbers are no model's.
        let mut found = Vec::new();
        read_list(
            &[
                "Terraform v1.10.5",
                "kubectl - v1.35.6",
                "jq v1.6",
                "AWS CLI (optional; useful as an alternative to the AWS Web Console) v2.24.16",
            ],
            "Terraform Requirements",
            &mut found,
        );
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(
            got,
            pairs(&[
                ("Terraform", "1.10.5"),
                ("kubectl", "1.35.6"),
                ("jq", "1.6"),
                ("AWS-CLI", "2.24.16")
            ])
        );
        // Models' versions stay none.
        let mut found = Vec::new();
        read_list(
            &["ResNet50 v1.5", "SSD300 v1.1", "Tacotron 2"],
            "Models",
            &mut found,
        );
        assert!(found.is_empty());
        // A year first is a tool's release ("U-Boot v2023.01"), never a
        // model's version.
        let mut found = Vec::new();
        read_list(
            &["Bootloader v1.2", "U-Boot v2024.04", "Kernel 6.6.30"],
            "Based on these versions",
            &mut found,
        );
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(
            got,
            pairs(&[
                ("Bootloader", "1.2"),
                ("U-Boot", "2024.04"),
                ("Kernel", "6.6.30")
            ])
        );
    }

    #[test]
    fn a_shell_variable_named_for_a_version() {
        // FedML's build script in its README; a variable of another kind,
        // one holding a path, or one outside a fenced block states no
        // version.
        let mut found = Vec::new();
        read_lines(
            &crate::test_support::numbered(
                "```\nPYTHON_VERSION=\"3.8\"\nNCCL_VERSION=\"2.11.4\"\nARCH=\"x86_64\"\nCUDA_HOME=/usr/local/cuda-11.6\nTAG_VERSION=$VERSION\nROCM_VERSION=7.1-complete\n```\nRUST_VERSION=1.89.0",
            ),
            "",
            &mut found,
        );
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(got, pairs(&[("PYTHON", "3.8"), ("NCCL", "2.11.4")]));
    }

    #[test]
    fn a_dockerfiles_env_in_its_older_form() {
        // `ENV NAME value` is an assignment as `ENV NAME=value` is; a
        // line of `ENV` is read as the instruction, not as words and a
        // version.
        let mut found = Vec::new();
        read_lines(
            &crate::test_support::numbered(
                "ENV TRANSFORMERS_VERSION 4.36.2\nARG PYTHON_VERSION=3.10.13",
            ),
            "",
            &mut found,
        );
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(
            got,
            pairs(&[("TRANSFORMERS", "4.36.2"), ("PYTHON", "3.10.13")])
        );
    }

    #[test]
    fn a_path_naming_a_components_directory() {
        let mut found = Vec::new();
        read_dockerfile(
            "ENV LD_LIBRARY_PATH /usr/local/cuda-11.8/lib64:$LD_LIBRARY_PATH",
            &mut found,
        );
        read_dockerfile("ENV PATH /opt/my-tool-2.1/bin:$PATH", &mut found);
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(got, pairs(&[("cuda", "11.8")]));
    }

    #[test]
    fn pins_in_a_sentence_stating_an_environment() {
        assert_eq!(
            read("`torch==1.6(cuda 10.1)`과 `python>=3.6` 환경에서 정상적으로 동작합니다."),
            pairs(&[("torch", "1.6"), ("cuda", "10.1")])
        );
    }

    #[test]
    fn lists_of_a_stacks_names_and_versions() {
        let list = |items: &[&str]| {
            let mut found = Vec::new();
            read_list(items, "", &mut found);
            surest(found)
                .into_iter()
                .map(|c| (c.name, c.version))
                .collect::<Vec<_>>()
        };
        // A major alone among versions of several numbers, bold heads.
        assert_eq!(
            list(&[
                "**PostgreSQL 14** - 主数据库",
                "**Redis 7** - 缓存和会话存储",
                "**Kafka 3.7.0** - 消息队列",
                "**PHP 8.3** 模块流",
            ]),
            pairs(&[
                ("PostgreSQL", "14"),
                ("Redis", "7"),
                ("Kafka", "3.7.0"),
                ("PHP", "8.3")
            ])
        );
        // A labelled list of a stack, a name without its version in it.
        assert_eq!(
            list(&[
                "**后端技术**: Java 21, Spring Boot 3, Go, Python 3.11",
                "**前端技术**: TypeScript 5, React 18",
                "**缓存**: Redis",
                "**消息队列**: Apache Kafka",
                "**基础设施**: Docker, MinIO",
            ]),
            pairs(&[
                ("Java", "21"),
                ("Spring-Boot", "3"),
                ("Python", "3.11"),
                ("TypeScript", "5"),
                ("React", "18")
            ])
        );
        // A name written as software is: its major alone.
        assert_eq!(list(&["Node.js 24"]), pairs(&[("Node.js", "24")]));
        assert_eq!(list(&["Step 3"]), pairs(&[]));
    }

    #[test]
    fn a_version_in_parentheses_after_its_name() {
        assert_eq!(
            read(
                "And the CANN (version 8.0.RC2.beta1) software packages should also be downloaded."
            ),
            pairs(&[("CANN", "8.0.RC2.beta1")])
        );
        assert_eq!(
            read("- PMIx (v5.0.10). Repo: https://github.com/openpmix/openpmix."),
            pairs(&[("PMIx", "5.0.10")])
        );
        // The label abbreviated, its version after a space or run into its
        // dot; an item of a name of words and its version names it whole
        // (rtuhpc's list of installed software).
        assert_eq!(read("- Gmsh (ver. 4.11)"), pairs(&[("Gmsh", "4.11")]));
        assert_eq!(
            split_at_full_stops("Moved to the latest version. 2 fixes"),
            ["Moved to the latest version", "2 fixes"]
        );
        assert_eq!(read("- Jmol (ver.14.30.2)"), pairs(&[("Jmol", "14.30.2")]));
        assert_eq!(
            read("- Comsol Multiphysics (ver. 5.3a)"),
            pairs(&[("Comsol-Multiphysics", "5.3a")])
        );
        assert_eq!(
            read("- OpenFoam (ver. 2.4, 5.0)"),
            pairs(&[("OpenFoam", "2.4")])
        );
        // A change set apart in parentheses, names on both sides: what it
        // went to (stranger-games' changelog).
        assert_eq!(
            read(
                "- Updated the ComfyUI version to the latest version (from ComfyUI 0.3.7 to ComfyUI 0.3.27)."
            ),
            pairs(&[("ComfyUI", "0.3.27")])
        );
        // Labelled a version, a dated build is one (AaronFeng753's
        // Waifu2x-Extension-GUI changelog).
        assert_eq!(
            read("- 更新 waifu2x-ncnn-vulkan (version 20200224)"),
            pairs(&[("waifu2x-ncnn-vulkan", "20200224")])
        );
        assert_eq!(
            read("- 更新waifu2x-ncnn-vulkan(version 20200414)."),
            pairs(&[("waifu2x-ncnn-vulkan", "20200414")])
        );
        assert!(read("- Call setScale(1.5) once.").is_empty());
        assert!(read("- Fixed the scheduler (issue 2024).").is_empty());
        // A year or an address in parentheses is no version.
        assert!(read("Fixed the scheduler (2024).").is_empty());
        assert!(read("Connect to the host (192.168.1.10).").is_empty());
        assert!(read("Export complete (1.7s).").is_empty());
    }

    #[test]
    fn a_base_with_flags_and_paths_a_shell_exports() {
        let mut found = Vec::new();
        read_dockerfile(
            "FROM --platform=amd64 nvcr.io/nvidia/cuda:12.1.0-devel-ubuntu22.04 as base",
            &mut found,
        );
        read_dockerfile(
            "    export LD_LIBRARY_PATH=$LD_LIBRARY_PATH:/usr/local/cuda-11.0/lib64:/opt/rocm-4.2.0/llvm/lib",
            &mut found,
        );
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(
            got,
            pairs(&[
                ("CUDA", "12.1.0"),
                ("Ubuntu", "22.04"),
                ("cuda", "11.0"),
                ("rocm", "4.2.0")
            ])
        );
    }

    #[test]
    fn a_tool_copied_from_its_image() {
        let mut found = Vec::new();
        read_dockerfile(
            "COPY --from=ghcr.io/astral-sh/uv:0.12.7 /uv /bin/uv",
            &mut found,
        );
        read_dockerfile("COPY --from=builder /app /app", &mut found);
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(got, pairs(&[("uv", "0.12.7")]));
    }

    #[test]
    fn an_apptainer_definitions_base() {
        let mut found = Vec::new();
        read_dockerfile(
            "from: nvcr.io/nvidia/cuda:11.6.2-cudnn8-runtime-ubuntu20.04",
            &mut found,
        );
        read_dockerfile("From: /apps/containers/R/R-4.3.0.sif", &mut found);
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(
            got,
            pairs(&[
                ("CUDA", "11.6.2"),
                ("cuDNN", "8"),
                ("Ubuntu", "20.04"),
                ("R", "4.3.0")
            ])
        );
    }

    #[test]
    fn an_argument_named_for_a_component() {
        let mut found = Vec::new();
        for line in ["ARG PYTORCH=\"2.0.0\"", "ARG CUDA=\"11.7\"", "ARG TEST_ENV"] {
            read_dockerfile(line, &mut found);
        }
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(got, pairs(&[("PYTORCH", "2.0.0"), ("CUDA", "11.7")]));
    }

    #[test]
    fn arguments_of_one_arg_going_on_over_lines() {
        let body = crate::test_support::numbered(
            "ARG CUDA_VERSION=12.6 CUDNN_VERSION=9.5.1.17 LIBNVINFER_MAJOR_VERSION=7 \\\n  \
             TORCH_VERSION=2.6.0 PROTOBUF_VERSION=3.20.3",
        );
        let mut found = Vec::new();
        read_lines(&body, "", &mut found);
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(
            got,
            pairs(&[
                ("CUDA", "12.6"),
                ("CUDNN", "9.5.1.17"),
                ("TORCH", "2.6.0"),
                ("PROTOBUF", "3.20.3")
            ])
        );
    }

    #[test]
    fn a_stack_parted_by_slashes_with_its_names_colons_and_glued_versions() {
        let body = crate::test_support::numbered(
            "cu121-py38-u20\ncuda: 12.1.1 / pytorch: cu121 / python3.8.17 / ubuntu20.04",
        );
        let mut found = Vec::new();
        read_lines(&body, "", &mut found);
        let got = surest_pairs(found);
        assert_eq!(
            got,
            pairs(&[
                ("cuda", "12.1.1"),
                ("Python", "3.8.17"),
                ("Ubuntu", "20.04")
            ])
        );
        // One attribute among them at most is no list's, and prose keeps
        // its slashes ("read/write").
        let body = crate::test_support::numbered("cuda: 12.1.1 / read / write / more");
        let mut found = Vec::new();
        read_lines(&body, "", &mut found);
        assert!(found.is_empty(), "{found:?}");
    }

    #[test]
    fn a_paragraph_of_names_and_versions_is_a_list() {
        let mut found = Vec::new();
        let body: Vec<(usize, String)> = [
            "Noteworthy updates:",
            "zephyr 27.2, tool-chain 10.3.0, quill 8.8.3, mortar 2.31,",
            "pestle 14.0, kiln 8.0",
            "The release ships 2 new tools, 3 in beta.",
        ]
        .iter()
        .enumerate()
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect();
        read_lines(&body, "", &mut found);
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(
            got,
            pairs(&[
                ("zephyr", "27.2"),
                ("tool-chain", "10.3.0"),
                ("quill", "8.8.3"),
                ("mortar", "2.31"),
                ("pestle", "14.0"),
                ("kiln", "8.0")
            ])
        );
        // After a label, two are a list.
        let mut found = Vec::new();
        let body = vec![(1, "Releases: libquill 1.5.1, quill 1.5.2".to_string())];
        read_lines(&body, "", &mut found);
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(got, pairs(&[("libquill", "1.5.1"), ("quill", "1.5.2")]));
    }

    #[test]
    fn a_sentence_of_names_and_versions_is_a_list() {
        let read = |line: &str| {
            let mut found = Vec::new();
            read_lines(&[(1, line.to_string())], "", &mut found);
            found
                .into_iter()
                .map(|c| (c.name, c.version))
                .collect::<Vec<_>>()
        };
        let three = pairs(&[("Python", "3.12"), ("CUDA", "12.8"), ("Torch", "2.10")]);
        assert_eq!(
            read("Python 3.12, CUDA 12.8, Torch 2.10, and SM70/V100."),
            three
        );
        assert_eq!(read("Python 3.12, CUDA 12.8 and Torch 2.10."), three);
        // Two pairs and a word are no list.
        assert!(read("Python 3.12, CUDA 12.8, and SM70/V100.").is_empty());
        // Pairs joined by a copula, inside words of another script.
        assert_eq!(
            read("本地的python环境是3.8，torch是1.13.1，CUDA是12"),
            pairs(&[("python", "3.8"), ("torch", "1.13.1"), ("CUDA", "12")])
        );
        // Slashes after a label, a pair in parentheses after another.
        assert_eq!(
            read("動作確認済みの環境：Python 3.10 / numpy 2.2 / TensorFlow 2.21（Keras 3）"),
            pairs(&[
                ("Python", "3.10"),
                ("numpy", "2.2"),
                ("TensorFlow", "2.21"),
                ("Keras", "3")
            ])
        );
    }

    #[test]
    fn a_tool_over_its_installed_versions_is_at_its_default() {
        let mut found = Vec::new();
        let body: Vec<(usize, String)> = [
            "- Quill - QUILL_VERSION, .quill-version",
            "  - 2.7.2 (default)",
            "  - 2.6.6",
            "  - Any version 2.4.0 or later.",
            "- Kiln",
            "  - 16",
            "- Forge",
            "  - Hammer - HAMMER_VERSION",
            "    - 1.22.19 (default)",
            "    - Any version.",
            "- Anvil",
            "  - 3.1",
            "  - 3.2",
            "- **Docker:**",
            "  - Update to 29.5.2",
            // GoCV's changelog: the part's name in bold, a version word.
            "* **opencv**",
            "    * update to version 4.1.2",
        ]
        .iter()
        .enumerate()
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect();
        read_lines(&body, "", &mut found);
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        // Two versions and no default: neither is the tool's. An upgrade
        // under a tool is its version.
        assert_eq!(
            got,
            pairs(&[
                ("Quill", "2.7.2"),
                ("Kiln", "16"),
                ("Hammer", "1.22.19"),
                ("Docker", "29.5.2"),
                ("opencv", "4.1.2")
            ])
        );
    }

    #[test]
    fn an_env_of_several_lines() {
        let mut found = Vec::new();
        let body: Vec<(usize, String)> = [
            "ENV LANG=en_US.UTF-8 \\",
            "    KUBECTL_VERSION=v1.20.1 \\",
            "    PYSPARK_VERSION=3.0.1 SBT_VERSION=1.4.6",
            "RUST_VERSION=1.89.0",
        ]
        .iter()
        .enumerate()
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect();
        read_lines(&body, "", &mut found);
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(
            got,
            pairs(&[
                ("KUBECTL", "1.20.1"),
                ("PYSPARK", "3.0.1"),
                ("SBT", "1.4.6")
            ])
        );
    }

    #[test]
    fn a_version_said_after_words_about_it() {
        assert_eq!(
            read("The python version used in all the environments is 3.12."),
            pairs(&[("python", "3.12")])
        );
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn glued_names_and_versions_joined_by_plus() {
        assert_eq!(
            read("Our environment is cuda11.8+torch2.6.0."),
            pairs(&[("CUDA", "11.8"), ("torch", "2.6.0")])
        );
    }

    #[test]
    fn passive_claims_and_modules_of_a_sites_tree() {
        assert_eq!(
            read("Slurm was upgraded from 23.11.7 to 23.11.10."),
            pairs(&[("Slurm", "23.11.10")])
        );
        assert_eq!(
            read(
                "The default version of Ansys was changed to 2025R1. The old version (2024R1) is still available."
            ),
            pairs(&[("Ansys", "2025R1")])
        );
        assert_eq!(
            read("PrgEnv-gnu/8.5.0 is now loaded by default when you login."),
            pairs(&[("PrgEnv-gnu", "8.5.0")])
        );
    }

    #[test]
    fn a_lead_word_is_no_part_of_a_claimed_name() {
        assert_eq!(
            read("Update bundled PRoot to version 5.4.0-rootless.3 in order to fix a problem."),
            pairs(&[("PRoot", "5.4.0-rootless.3")])
        );
    }

    #[test]
    fn an_upgrade_claim_states_a_name_no_data_knows() {
        assert_eq!(
            read("Slurm is upgraded to version 23.02.7."),
            pairs(&[("Slurm", "23.02.7")])
        );
        // A lone number is a count, not a release.
        assert!(read("Workers upgraded to 8.").is_empty());
    }

    #[test]
    fn a_clause_after_and_is_read_unless_a_note_phrase_opens_with_and() {
        assert_eq!(
            read("ROCm 6.3.4 is now the default and ROCm 6.0.3 is no longer on the system."),
            pairs(&[("ROCm", "6.3.4")])
        );
        assert!(
            read("Containers 19.11 and later will include support for PyTorch 2.1.0.").is_empty()
        );
    }

    #[test]
    fn statements_of_what_the_image_is() {
        assert_eq!(
            read(
                "Containers are now available with support for TensorFlow 2.18 with CUDA 12.5 on Ubuntu 22.04."
            ),
            pairs(&[
                ("TensorFlow", "2.18"),
                ("CUDA", "12.5"),
                ("Ubuntu", "22.04")
            ])
        );
        assert_eq!(
            read("Release 25.12 is based on CUDA 13.1.0. For driver information, see the docs."),
            pairs(&[("CUDA", "13.1.0")])
        );
        assert_eq!(
            read("PyTorch container image version 25.12 is based on 2.10.0a0+b4e4ee81d3."),
            pairs(&[("PyTorch", "2.10.0a0+b4e4ee81d3")])
        );
        assert_eq!(
            read("Added Python 3.12 support"),
            pairs(&[("Python", "3.12")])
        );
        assert_eq!(
            read("Python 3.11 is supported."),
            pairs(&[("Python", "3.11")])
        );
        assert_eq!(
            read("Bumped PyTorch to 2.13.0 and CUDA upgraded to 13.3.0"),
            pairs(&[("PyTorch", "2.13.0"), ("CUDA", "13.3.0")])
        );
        assert_eq!(
            read(
                "Containers now support TensorFlow Serving 2.18. The images run Python 3.10 only."
            ),
            pairs(&[("tensorflow-serving", "2.18"), ("Python", "3.10")])
        );
        assert_eq!(
            read("本版本基于CUDA 12.8.0，需要NVIDIA驱动程序版本575或更高版本。"),
            pairs(&[("CUDA", "12.8.0")])
        );
        assert_eq!(
            read("本版本基於CUDA 11.8.0。"),
            pairs(&[("CUDA", "11.8.0")])
        );
        assert_eq!(
            read(
                "Release 24.10 is based on CUDA 12.6.2 which requires NVIDIA Driver release 560 or later."
            ),
            pairs(&[("CUDA", "12.6.2")])
        );
    }

    #[test]
    fn including_joins_several_components() {
        let mut found = Vec::new();
        read_list(
            &[
                "NVIDIA CUDA 11.1.1 including cuBLAS 11.3.0 and cuDNN 8.0.5",
                "Ubuntu 20.04 including Python 3.8",
            ],
            "The container also includes the following:",
            &mut found,
        );
        let got = surest_pairs(found);
        assert_eq!(
            got,
            pairs(&[
                ("CUDA", "11.1.1"),
                ("cuBLAS", "11.3.0"),
                ("cuDNN", "8.0.5"),
                ("Ubuntu", "20.04"),
                ("Python", "3.8")
            ])
        );
    }

    #[test]
    fn list_items_stating_more_than_their_first_version() {
        let mut found = Vec::new();
        read_list(
            &[
                "Initial release of the images on Amazon Linux 2023",
                "PyTorch 2.11.0 (with `torchvision` 0.26.0 and `torchaudio` 2.11.0)",
                "DeepSpeed 0.18.8 for memory-efficient large-model training",
                "Transformer Engine 2.12.0 for fused attention and FP8 training",
                "Fixed a hang in NCCL 2.26.2 for multi-node jobs",
                "Horovod 0.28.1 for TF 2.14 is no longer included",
            ],
            "Highlights",
            &mut found,
        );
        let got = surest_pairs(found);
        assert_eq!(
            got,
            pairs(&[
                ("PyTorch", "2.11.0"),
                ("torchvision", "0.26.0"),
                ("torchaudio", "2.11.0"),
                ("DeepSpeed", "0.18.8"),
                ("transformer_engine", "2.12.0"),
            ])
        );
    }

    #[test]
    fn highlights_headed_by_a_name_and_version() {
        let mut found = Vec::new();
        read_list(
            &[
                "**vLLM 0.27.0** — a minor bump over 0.26.0; many upstream commits",
                "Kimi K3 — first release carrying it (#50000)",
                "**torch 2.13.0** – new default, 2.12 no longer shipped",
                "Startup — vLLM 0.28.0 is planned for a later image",
            ],
            "Highlights",
            &mut found,
        );
        let got = surest_pairs(found);
        assert_eq!(got, pairs(&[("vLLM", "0.27.0"), ("torch", "2.13.0")]));
    }

    #[test]
    fn a_source_label_states_the_version_its_value_holds() {
        let mut found = Vec::new();
        read_source_label(
            "**vLLM source:** [4bdc8a7](https://example.com/c/4bdc8a7) (`0.27.0+amzn2023.4bdc8a78`)",
            &mut found,
        );
        read_source_label(
            "SGLang source: [2948168](https://example.com/c/2948168) (`0.5.17+amzn2023.2948168`)",
            &mut found,
        );
        read_source_label("vLLM-Omni source: v0.26.0 (unchanged)", &mut found);
        read_source_label("Tags source: 1.2.3", &mut found);
        read_source_label("vLLM build: 0.28.0", &mut found);
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(
            got,
            pairs(&[
                ("vLLM", "0.27.0+amzn2023.4bdc8a78"),
                ("SGLang", "0.5.17+amzn2023.2948168"),
                ("vLLM-Omni", "0.26.0")
            ])
        );
    }

    #[test]
    fn japanese_statements() {
        assert_eq!(
            read("このイメージはCUDA 12.9.1をベースにしており、Python 3.12に対応しています。"),
            pairs(&[("CUDA", "12.9.1"), ("Python", "3.12")])
        );
        assert_eq!(
            read("Transformer Engine 2.8.0とDeepSpeed 0.17.5を含む学習スタックを提供します。"),
            pairs(&[("transformer_engine", "2.8.0"), ("DeepSpeed", "0.17.5")])
        );
        for text in [
            "Python 3.9には対応していません。",
            "PyTorch 2.6を含むイメージは廃止されました。",
            "このリリースにはNVIDIAドライバー575以降が必要です。",
            "PyTorch 2.8では再計算の性能が低下します。",
        ] {
            assert_eq!(read(text), [], "{text}");
        }
    }

    #[test]
    fn a_note_before_a_word_that_introduces_holds_in_its_clause() {
        assert_eq!(read("Nmap can now be built with OpenSSL 4.0"), []);
        assert_eq!(
            read("puppet-agent 5.5.1 and above now ships the hiera-eyaml 2.1.0 gem"),
            [("hiera-eyaml".to_string(), "2.1.0".to_string())]
        );
        // SD.Next's changelog: exact pins of what changed.
        assert_eq!(
            read("- ZLUDA: update to `zluda==3.9.5` with `torch==2.7.0`"),
            [
                ("zluda".to_string(), "3.9.5".to_string()),
                ("torch".to_string(), "2.7.0".to_string())
            ]
        );
        let mut pinned = Vec::new();
        read_changed_pins("Run it with `numpy==1.26.4` installed", &mut pinned);
        assert!(pinned.is_empty());
        // Numo::OpenBLAS's changelog: what the version is for, between.
        assert_eq!(
            read("Change the version of OpenBLAS to be downloaded to 0.3.31."),
            [("OpenBLAS".to_string(), "0.3.31".to_string())]
        );
        assert_eq!(
            without_purpose("It is going to be fixed to the end"),
            "It is going to be fixed to the end"
        );
        // rust-bert's changelog: what a release builds with, in
        // parentheses.
        assert!(
            read("Upgraded to `torch` 2.4 (via `tch` 0.17.0).")
                .contains(&("tch".to_string(), "0.17.0".to_string()))
        );
        assert_eq!(read("Fixed a crash (via issue 12)"), []);
        // tch-rs's changelog: the name restated in parentheses.
        assert_eq!(
            read("Adapt to C++ PyTorch library (`libtorch`) version `v2.0.0`."),
            [("libtorch".to_string(), "2.0.0".to_string())]
        );
        assert_eq!(read("Fixed the loader (see #12) version check"), []);
        // WasmEdge's changelog: a build named right after the change verb.
        assert_eq!(
            read("feat(wasi-nn): bump llama.cpp b7090"),
            [("llama.cpp".to_string(), "b7090".to_string())]
        );
        // LLMUnity's and shamitv's changelogs.
        assert_eq!(
            read("Upgrade LlamaLib to v2.0.4 (llama.cpp b8209) (PR: #391)"),
            [
                ("LlamaLib".to_string(), "2.0.4".to_string()),
                ("llama.cpp".to_string(), "b8209".to_string())
            ]
        );
        assert_eq!(
            read("2026-04-04: Update to llama.cpp b8660"),
            [("llama.cpp".to_string(), "b8660".to_string())]
        );
        let mut built = Vec::new();
        read_changed_builds("Built llama.cpp b7090 for tests", &mut built);
        read_changed_builds("bump version b7090", &mut built);
        assert!(built.is_empty(), "{built:?}");
        // flutter_gemma's changelog: a bold name and version leading an item.
        let mut bold = Vec::new();
        read_bold_lead(
            "**LiteRT-LM v0.12.0** native bump (commit `ffed38a`)",
            &mut bold,
        );
        read_bold_lead(
            "**MediaPipe GenAI 0.10.33**: Updated iOS (from 0.10.24)",
            &mut bold,
        );
        read_bold_lead(
            "**Fix iOS App Store upload (ITMS-90208)** (#286)",
            &mut bold,
        );
        read_bold_lead("**Python 3.12 support**: new wheels", &mut bold);
        // TransformersPHP's changelog: what changed and how in bold.
        read_bold_lead(
            "**ONNX Runtime Upgrade** - Upgraded to version 1.19.0, bringing more performance.",
            &mut bold,
        );
        read_bold_lead("**Docs Update** - Updated to cover the new API.", &mut bold);
        read_bold_lead("Zstd Update - Updated to version 1.5.7.", &mut bold);
        read_bold_lead(
            "Docs Update - Updated to 1.5.7 of the guide's examples.",
            &mut bold,
        );
        let bold: Vec<(&str, &str)> = bold
            .iter()
            .map(|c| (c.name.as_str(), c.version.as_str()))
            .collect();
        assert_eq!(
            bold,
            [
                ("LiteRT-LM", "0.12.0"),
                ("MediaPipe-GenAI", "0.10.33"),
                ("onnxruntime", "1.19.0"),
                ("Zstd", "1.5.7")
            ]
        );
        // llama_cpp_dart's changelog: old → new.
        let mut arrowed = Vec::new();
        read_arrowed(
            "`ffigen` 20.1.1 → 21.0.0, `lints` 5.0.0 → 6.1.0 (dev dependencies).",
            &mut arrowed,
        );
        let arrowed: Vec<(&str, &str)> = arrowed
            .iter()
            .map(|c| (c.name.as_str(), c.version.as_str()))
            .collect();
        assert_eq!(arrowed, [("ffigen", "21.0.0"), ("lints", "6.1.0")]);
        let mut arrowed = Vec::new();
        read_arrowed("c-blosc upgrade 1.18.1 -> 1.21.0.", &mut arrowed);
        assert_eq!(arrowed[0].version, "1.21.0");
        // A release heading's words after its name.
        assert_eq!(
            after_release_name("2026-01-05: Update to llama.cpp b7631", "2026-01-05"),
            Some("Update to llama.cpp b7631")
        );
        assert_eq!(
            after_release_name("v1.2.0 (2024-01-01) - Bump onnxruntime to 1.18.0", "1.2.0"),
            Some("(2024-01-01) - Bump onnxruntime to 1.18.0")
        );
        assert_eq!(after_release_name("1.2.0", "1.2.0"), None);
        let named: Vec<(String, String)> =
            named_in_heading("llama.cpp b10182, load-mode API, CUDA 12.4, Release 2.0")
                .into_iter()
                .map(|c| (c.name, c.version))
                .collect();
        assert_eq!(
            named,
            [
                ("llama.cpp".to_string(), "b10182".to_string()),
                ("CUDA".to_string(), "12.4".to_string())
            ]
        );
        assert_eq!(after_release_name("11.2.0 notes", "1.2.0"), None);
        // TileDB-Py's history: a capitalised word of the name.
        assert_eq!(
            read("TileDB-Py 0.36.1 includes TileDB Embedded 2.30.1"),
            [("TileDB-Embedded".to_string(), "2.30.1".to_string())]
        );
        assert_eq!(
            read("TileDB-Py 0.20.0 includes TileDB Embedded TileDB 2.14.0"),
            [("TileDB-Embedded".to_string(), "2.14.0".to_string())]
        );
        // PyMuPDF's changes: the name glued to its version.
        assert_eq!(
            read("Use MuPDF-1.28.2."),
            [("MuPDF".to_string(), "1.28.2".to_string())]
        );
        // The NUnit 3 test adapter's release notes.
        assert_eq!(
            read(
                "The fixes is mainly in the NUnit.Engine, so this release embeds NUnit.Engine version 3.21.1."
            ),
            [("NUnit.Engine".to_string(), "3.21.1".to_string())]
        );
    }

    #[test]
    fn mentions_and_notes_are_no_statements() {
        for text in [
            "PyTorch 2.4 offers a new operator API.",
            "Horovod package has been discontinued for TensorFlow 2.14 DLCs and above.",
            "Horovod package has been discontinued for TF 2.14 DLCs and above.",
            "Tested with 2 GPUs on the P2 instance family in January 2020.",
            "Containers 19.11 and later include experimental support for Singularity v3.0.",
            "This DLC does not run on the P2 instance family.",
            "Release 20.06 supports CUDA compute capability 6.0 and higher.",
            "It is based on NVIDIA Driver 560.35.",
            "Python 3.8 is not supported.",
            "Nmap can now be built with OpenSSL 4.0",
            "本版本需要CUDA 12.8.0或更高版本。",
            "本版本不支持Python 3.8。",
        ] {
            assert_eq!(read(text), [], "{text}");
        }
    }

    #[test]
    fn what_a_claimed_version_bundles_in_parentheses() {
        assert_eq!(
            read("Update Playwright to 1.56.1 (Chromium 141.0.7390.37) (abc123)"),
            [
                ("Playwright".to_string(), "1.56.1".to_string()),
                ("Chromium".to_string(), "141.0.7390.37".to_string())
            ]
        );
    }

    #[test]
    fn a_remark_that_a_version_is_kept_is_no_note() {
        let mut found = Vec::new();
        read_list(
            &[
                "DuetWiFiServer 1.23 (same as for previous RC)",
                "PanelDueFirmware 1.24 (previous releases had 1.23)",
            ],
            "Recommended compatible firmware:",
            &mut found,
        );
        let names: Vec<&str> = found.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["DuetWiFiServer"]);
    }

    #[test]
    fn lists_of_models_are_no_components() {
        let mut found = Vec::new();
        read_list(
            &[
                "ResNet50 v1.5",
                "SSD300 v1.1",
                "Tacotron 2 and WaveGlow v1.1",
            ],
            "Deep learning examples",
            &mut found,
        );
        read_list(&["ResNet50 v1.5", "SSD300 v1.1"], "Updated", &mut found);
        read_list(
            &["CUDA 12.5", "PyTorch 2.1"],
            "The following models:",
            &mut found,
        );
        assert!(found.is_empty(), "{found:?}");
        read_list(
            &["CUDA 12.5", "cuDNN 9.3", "NCCL 2.23.4-1", "torchtnt 0.2.4"],
            "GPU Instance Type Support",
            &mut found,
        );
        let got: Vec<(String, String)> = found.into_iter().map(|c| (c.name, c.version)).collect();
        assert_eq!(
            got,
            pairs(&[
                ("CUDA", "12.5"),
                ("cuDNN", "9.3"),
                ("NCCL", "2.23.4-1"),
                ("torchtnt", "0.2.4")
            ])
        );
    }

    #[test]
    fn images_named_with_a_version_for_a_tag() {
        let mut found = Vec::new();
        read_image_references(
            "- 镜像：crpi.cn-shenzhen.personal.cr.aliyuncs.com/shenma-ai/quota-manager:1.0.20",
            &mut found,
        );
        read_image_references(
            "redis   redis:6.2   \"docker-entrypoint.s…\"   0.0.0.0:6379->6379/tcp",
            &mut found,
        );
        // No version: a major alone, `latest`, a tag saying several things,
        // a Dockerfile's base.
        read_image_references("mysql  mysql:8  nightingale:latest", &mut found);
        read_image_references("FROM nvidia/cuda:12.4.1 AS build", &mut found);
        read_image_references(
            "The base image `alpine` has been promoted from `alpine:3.23.4` to `alpine:3.24.0`.",
            &mut found,
        );
        read_image_references(
            "image: nvidia/cuda:12.4.1-cudnn-devel-ubuntu22.04",
            &mut found,
        );
        let read: Vec<(&str, &str)> = found
            .iter()
            .map(|c| (c.name.as_str(), c.version.as_str()))
            .collect();
        assert_eq!(
            read,
            [
                ("quota-manager", "1.0.20"),
                ("redis", "6.2"),
                ("alpine", "3.24.0")
            ]
        );
    }
}
