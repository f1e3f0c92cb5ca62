//! A page's lines cut into its parts: the title, the lines before the
//! first heading, and one section per heading, known ([`Known`]) or not.
//! Headings are `#` lines (in Markdown and HTML), bold lines, `Heading:`
//! lines and lines that are a known heading's text alone; "Bug fixes:
//! None" is a heading with its body on one line. Stray lines are dropped
//! with a warning, and a page that looks cut short is named.

use super::headings::{Headings, Known};
use super::page::Page;
use super::stated;
use crate::lines::{Cut, is_url};
use crate::words;
use model::clip;

pub(crate) use crate::warning::Warning;

/// One heading and the lines under it.
#[derive(Debug, Clone)]
pub(crate) struct Section {
    /// `None`: a heading import does not know (a long-form section).
    pub known: Option<Known>,
    pub title: String,
    /// 1–6 for `#` headings, [`PLAIN_LEVEL`] for the others.
    pub level: usize,
    pub line: usize,
    pub body: Vec<(usize, String)>,
}

impl Section {
    /// The title as a message quotes it: a little of it at most.
    pub(crate) fn quoted_title(&self) -> std::borrow::Cow<'_, str> {
        clip(&self.title, 60)
    }
}

/// The level of a heading written without `#` marks.
pub(crate) const PLAIN_LEVEL: usize = 7;

#[derive(Debug, Clone, Default)]
pub(crate) struct Structure {
    /// Headings that name the page (before any part, unknown).
    pub titles: Vec<String>,
    /// Lines before the first heading.
    pub preamble: Vec<(usize, String)>,
    pub sections: Vec<Section>,
    pub warnings: Vec<Warning>,
    /// Lines placed nowhere (stray `|`, `-` …), by line number.
    pub dropped: Vec<(usize, String)>,
}

impl Structure {
    /// The version the page states: in its title headings, its first lines,
    /// then anywhere in its text.
    pub(crate) fn stated_version(&self) -> Option<String> {
        let first_lines = self
            .preamble
            .iter()
            .map(|(_, l)| l.as_str())
            // A list's items state their components, not the release.
            .filter(|l| !is_url(l) && !l.starts_with('|') && !l.trim_start().starts_with("- "))
            .take(3);
        let all = || {
            self.preamble
                .iter()
                .map(|(_, l)| l.as_str())
                .chain(self.sections.iter().flat_map(|s| {
                    std::iter::once(s.title.as_str()).chain(s.body.iter().map(|(_, l)| l.as_str()))
                }))
        };
        // A README titled by no release ("vLLM for Tesla V100 (SM 7.0)"),
        // its headings naming CUDA's ("### CUDA 13.0 Volta Deprecation"):
        // the release its history heads.
        let untitled = self
            .titles
            .first()
            .is_none_or(|t| stated::in_title(t).is_none());
        untitled
            .then(|| self.history_release())
            .flatten()
            .or_else(|| {
                self.titles
                    .iter()
                    .map(String::as_str)
                    .find_map(stated::in_title)
            })
            // "# Kubermatic 2.31" over "## v2.31.0": the release the part
            // under the title names, of the title's series.
            // "New Version 26.4" over "Version 26.4.30 is now available":
            // the release its first lines name, of the title's series.
            .map(|series| {
                // ("### Fixed Bugs in v2.6.1" under "### Release v2.6": a
                // part of the release, LuxCore's, naming its point release.)
                let part = |t: &str| part_named_for(t, Headings::built_in());
                self.titles
                    .iter()
                    .chain(self.sections.iter().map(|s| &s.title).filter(|t| !part(t)))
                    .filter_map(|t| stated::in_title(t))
                    .chain(first_lines.clone().filter_map(stated::in_text))
                    // "Announcing 0.69" over "… a new version of React
                    // Native, 0.69.0.": a number of the title's series as
                    // the opening lines write it, whatever words stand by.
                    .chain(first_lines.clone().flat_map(|l| {
                        l.split_whitespace()
                            .map(|w| w.trim_matches(|c: char| !c.is_ascii_alphanumeric()))
                            .map(str::to_string)
                            .collect::<Vec<_>>()
                    }))
                    .find(|v| v.len() > series.len() && stated::in_series(v, &series))
                    .unwrap_or(series)
            })
            // "LmP V92 Release Notes": a release numbered by one number
            // its `v` marks, right after the product's name.
            .or_else(|| {
                self.titles
                    .iter()
                    .find_map(|t| stated::v_whole_after_name(t))
            })
            .or_else(|| self.titles.iter().find_map(|t| stated::lettered_build(t)))
            .or_else(|| self.titles.iter().find_map(|t| stated::series_in_title(t)))
            // "- Image Version: 20260728.2.1" under a title naming no
            // release (GitHub's runner image readmes).
            .or_else(|| all().take(12).find_map(stated::release_label))
            // "mlc-scripts 1.0.0 was released on …" opening the page.
            .or_else(|| all().take(6).find_map(stated::release_announced))
            .or_else(|| first_lines.clone().find_map(stated::in_first_line))
            // "CSM 1.5 contains many changes" under "Cray System Management
            // (CSM) - Release Notes": the title's subject and its version
            // opening the page.
            .or_else(|| {
                self.subject_version_in(1)
                    .filter(|_| !self.preamble.is_empty())
                    .map(|(_, v)| v)
            })
            // The first heading the page does not know naming the release
            // under a known one ("What's New" over "Furiosa SDK 2024.1.0
            // (2024-10-11)").
            .or_else(|| {
                self.sections
                    .iter()
                    .find(|s| s.known.is_none())
                    .and_then(|s| stated::in_title(&s.title))
                    .filter(|v| v.contains('.'))
            })
            .or_else(|| all().find_map(stated::release_named))
            .or_else(|| all().find_map(stated::release_row))
            .or_else(|| stated::release_column(all()))
            .or_else(|| stated::in_pulled_image(all()))
            // A release its first sentences name by its date's digits,
            // under a title naming a month ("February 2025 Image Release").
            .or_else(|| first_lines.clone().find_map(stated::dated_build))
            // "deepin 23 软件包选型": a release numbered by one number.
            .or_else(|| self.titles.iter().find_map(|t| stated::whole_after_name(t)))
            .or_else(|| self.one_tag_heading())
            .or_else(|| all().find_map(stated::in_text))
            .map(stated::with_lowercase_v)
    }
}

impl Structure {
    /// "## Tags" over one "#### cv2.4.13-dlib19.0-cuda8.0-ubuntu16.04
    /// (=latest)" (an image's README): the image's one tag, a word holding
    /// numbers, names its release (a note after it left out).
    fn one_tag_heading(&self) -> Option<String> {
        let at = self
            .sections
            .iter()
            .position(|s| s.known == Some(crate::headings::Known::Tags))?;
        let level = self.sections[at].level;
        let tags: Vec<&str> = self.sections[at + 1..]
            .iter()
            .take_while(|s| s.level > level)
            .map(|s| s.title.split(" (").next().unwrap_or(&s.title).trim())
            .collect();
        let [tag] = tags.as_slice() else {
            return None;
        };
        (!tag.contains(char::is_whitespace)
            && tag.contains(|c: char| c.is_ascii_digit())
            && model::is_release_version(tag))
        .then(|| tag.to_string())
    }

    /// "### v0.9.2-v100-cuda12.8 (08/02/2026)" under a README's "## 📋
    /// Version History" (`[page] history_headings`): the newest release
    /// the page's history heads, first under it.
    fn history_release(&self) -> Option<String> {
        // "# SolarNodeOS - IoT LINK iMX93 - Change Log" over "# 2025-09-03":
        // a page whose title says it is a history, its first release
        // heading.
        let titled_history = self.titles.first().is_some_and(|t| {
            let tail = t.rsplit([':', '-', '–', '—']).next().unwrap_or(t);
            crate::words::is_history_heading(t) || crate::words::is_history_heading(tail)
        });
        if titled_history {
            return self.titles[1..]
                .iter()
                .chain(self.sections.iter().map(|s| &s.title))
                .find_map(|t| crate::titles::of_title(t));
        }
        let at = self
            .sections
            .iter()
            .position(|s| crate::words::is_history_heading(&s.title))?;
        let level = self.sections[at].level;
        self.sections[at + 1..]
            .iter()
            .take_while(|s| s.level > level)
            .find_map(|s| crate::titles::of_title(&s.title))
    }

    /// The version the page states of what it is about, when it states no
    /// release: the first "NAME VERSION" in its text whose name is a word
    /// of its title (a README titled "vLLM-GCU" that says "supports vLLM
    /// 0.9.2"). Returns the name as written and the version.
    pub(crate) fn subject_version(&self) -> Option<(String, String)> {
        self.subject_version_in(usize::MAX)
    }

    /// [`Self::subject_version`] in the page's first `lines` lines.
    fn subject_version_in(&self, lines: usize) -> Option<(String, String)> {
        let title = self.titles.first().map(String::as_str).or_else(|| {
            self.preamble
                .iter()
                .map(|(_, l)| l.trim())
                .find(|l| !l.is_empty() && !is_url(l))
                .filter(|l| l.chars().count() <= 60)
        })?;
        // Each word of the title, and each whole (`DeePMD-kit`).
        let subjects: Vec<String> = title
            .split(|c: char| c.is_whitespace() || matches!(c, '-' | '_' | '/' | ':'))
            .chain(title.split_whitespace())
            .map(|w| {
                w.trim_matches(|c: char| !c.is_alphanumeric())
                    .to_lowercase()
            })
            .filter(|w| w.chars().filter(char::is_ascii_alphabetic).count() >= 3)
            .filter(|w| {
                !model::vendor_words()
                    .iter()
                    .any(|v| v.eq_ignore_ascii_case(w))
            })
            .collect();
        if subjects.is_empty() {
            return None;
        }
        let texts = self
            .preamble
            .iter()
            .chain(self.sections.iter().flat_map(|s| s.body.iter()))
            .map(|(_, l)| l.as_str())
            .take(lines);
        texts.into_iter().find_map(|line| {
            let words: Vec<&str> = line
                .split(|c: char| {
                    c.is_whitespace()
                        || matches!(c, '、' | '，' | '。' | '（' | '）' | '(' | ')' | ',')
                })
                .map(|w| w.trim_matches(['`', '*', '"', '\'']))
                .filter(|w| !w.is_empty())
                .collect();
            let is_subject = |w: &str| subjects.iter().any(|s| w.eq_ignore_ascii_case(s));
            let dotted = |v: &str| {
                let v = v.strip_prefix(['v', 'V']).unwrap_or(v);
                DOTTED.is_match(v).then(|| v.to_string())
            };
            // "deepmd-kit=2.2.7=*gpu" (a pin), "rapids-25.10" (a path).
            let glued = words.iter().find_map(|w| {
                let (name, rest) = w.split_once('=').or_else(|| w.rsplit_once('-'))?;
                let version = rest.split('=').next().unwrap_or(rest);
                is_subject(name.rsplit('/').next().unwrap_or(name))
                    .then(|| dotted(version))
                    .flatten()
                    .map(|v| (name.rsplit('/').next().unwrap_or(name).to_string(), v))
            });
            words
                .windows(2)
                .find_map(|pair| {
                    (is_subject(pair[0]))
                        .then(|| dotted(pair[1]))
                        .flatten()
                        .map(|v| (pair[0].to_string(), v))
                })
                // "RAPIDS version 25.10".
                .or_else(|| {
                    words.windows(3).find_map(|w| {
                        (is_subject(w[0]) && crate::words::is_version_label(w[1]))
                            .then(|| dotted(w[2]))
                            .flatten()
                            .map(|v| (w[0].to_string(), v))
                    })
                })
                .or(glued)
        })
    }
}

/// A version of at least two numbers (`0.9.2`, `2.1`, `1.5.0rc1`): the
/// forms a subject's version takes in prose.
static DOTTED: std::sync::LazyLock<regex::Regex> =
    std::sync::LazyLock::new(|| regex::Regex::new(r"^\d+(\.\d+)+([.+-]?[A-Za-z0-9]+)*$").unwrap());

/// A heading line: its level, text, part, and a body given on the same
/// line ("Bug fixes: None").
pub(crate) struct Heading {
    pub level: usize,
    pub title: String,
    pub known: Option<Known>,
    rest: Option<String>,
}

/// Whether a heading names a part of a release and the release it is of
/// ("Fixed Bugs in v2.6.1", "New features for 3.2.1"): the words before
/// "in" or "for" are a heading import knows as a part.
pub(crate) fn part_named_for(title: &str, headings: &Headings) -> bool {
    let lower = title.to_lowercase();
    [" in ", " for "].iter().any(|joint| {
        lower.rfind(joint).is_some_and(|at| {
            heading(&format!("### {}", &title[..at]), true, headings)
                .is_some_and(|h| h.known.is_some())
        })
    })
}

/// `marked`: the page's markup makes the line a heading.
pub(crate) fn heading(line: &str, marked: bool, headings: &Headings) -> Option<Heading> {
    let hashes = line.chars().take_while(|c| *c == '#').count();
    if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
        let title = line[hashes..]
            .trim()
            .trim_end_matches('#')
            .trim()
            .to_string();
        let known = headings.known(&title);
        // A `#` line the markup does not mark may be a shell comment: only
        // known ones count.
        return (marked || known.is_some()).then_some(Heading {
            level: hashes,
            title,
            known,
            rest: None,
        });
    }
    // Table rows and list items are content, whatever their first words.
    if line.starts_with("- ") || line.contains('|') || line.starts_with("```") {
        return None;
    }
    let plain = |title: &str, rest: Option<String>| {
        headings.known(title).map(|known| Heading {
            level: PLAIN_LEVEL,
            title: title
                .trim_matches('*')
                .trim()
                .trim_end_matches([':', '：'])
                .to_string(),
            known: Some(known),
            rest,
        })
    };
    // A line the markup does not mark that ends with a full stop is a
    // sentence ("Images." under a page's title), not a heading; "Bug
    // fixes: None." still is one, with its body.
    let sentence = !marked && line.trim_end_matches('*').ends_with(['.', '。']);
    if !sentence && let Some(h) = plain(line, None) {
        return Some(h);
    }
    // "Heading: body" (also "**Heading:** body").
    let at = line.find([':', '：'])?;
    let (title, rest) = line.split_at(at);
    let rest = rest[rest.chars().next().map_or(0, char::len_utf8)..]
        .trim()
        .trim_start_matches("**")
        .trim();
    if title.chars().count() > 40 {
        return None;
    }
    let h = plain(title, (!rest.is_empty()).then(|| rest.to_string()))?;
    // Only a body that reads as the part's content: "None", an inline
    // list, versions or image tags; "Images: the x image is broken" is a
    // sentence, not a heading, and "**Versions**: 11.7.1, 11.8.0" the
    // version of the part it stands in: versions of no name.
    let bare_versions = rest
        .split(',')
        .all(|v| crate::tables::looks_like_version(v.trim()));
    if bare_versions && !rest.is_empty() {
        return None;
    }
    let content = rest.is_empty()
        || crate::lines::is_none_word(rest)
        || rest.contains(" · ")
        || (matches!(
            h.known,
            Some(Known::Components | Known::Assets | Known::Tags)
        ) && rest.chars().any(|c| c.is_ascii_digit()));
    content.then_some(h)
}

/// A line with nothing but table or list marks.
fn is_stray(line: &str) -> bool {
    line.chars()
        .all(|c| matches!(c, '|' | '-' | ':' | '*' | '•' | '+') || c.is_whitespace())
}

/// A Markdown table's delimiter row (`|---|---|`).
fn is_delimiter_row(line: &str) -> bool {
    line.contains('|') && line.contains("---") && is_stray(line)
}

/// Cuts the page's lines into its parts; `headings` are those import knows.
pub(crate) fn split(page: &Page, headings: &Headings) -> Structure {
    let mut out = Structure::default();
    let mut in_code = false;
    // Whether a section of a known part has started.
    let mut any_part = false;
    let hashed = writes_hashed_headings(page, headings);
    // The level and version of the last title naming a release.
    let mut release_title: Option<(usize, String, String)> = None;
    for (n, line) in &page.lines {
        let n = *n;
        let trimmed = line.trim();
        let marked = page.headings.contains(&n) || (hashed && hash_level(trimmed) >= 2);
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            in_code = !in_code;
            push_body(&mut out, n, trimmed.to_string());
            continue;
        }
        if in_code {
            push_body(&mut out, n, line.to_string());
            continue;
        }
        if let Some(h) = heading(trimmed, marked, headings) {
            let current = out.sections.last();
            // An unknown heading inside a known part belongs to its body,
            // unless the part is a list, whose last item it would join.
            if h.known.is_none()
                && let Some(cur) = current
                && cur.known.is_some_and(|k| k.is_fact() && !k.is_list())
                && h.level > cur.level
            {
                push_body(&mut out, n, trimmed.to_string());
                continue;
            }
            // In a Contents table split one cell a line, "核心组件" alone is
            // the label of the components row.
            if h.level == PLAIN_LEVEL
                && h.known == Some(Known::Components)
                && h.rest.is_none()
                && current.is_some_and(|c| c.known == Some(Known::Contents))
            {
                push_body(&mut out, n, trimmed.to_string());
                continue;
            }
            // Unknown headings before any part name the page, as do
            // headings stating a version (a changelog's release).
            let before_parts = !any_part;
            // (Read only where a title may stand: it is dear on long pages.)
            let names_release = (h.known.is_none() && before_parts)
                .then(|| crate::titles::of_title(&h.title))
                .flatten();
            // "## Version 2.31.0" over "### Core 2.34.0" (KARTE's
            // changelog): a deeper heading naming another version with a
            // name is a part of the release, a component's.
            // ("## Enterprise Core 3.0.x" over "### Enterprise Core 3.0.10"
            // names one of its series, a release.)
            let part_of_release = release_title
                .as_ref()
                .is_some_and(|(level, version, named)| {
                    h.level > *level
                        && names_release
                            .as_ref()
                            .is_some_and(|v| v != version && name_before(&h.title, v) != *named)
                        && (crate::tables::name_version(&h.title).is_some()
                            || crate::tables::part_title(&h.title).is_some())
                });
            if h.known.is_none()
                && before_parts
                && !part_of_release
                && (out.sections.is_empty() && out.titles.is_empty() || names_release.is_some())
            {
                if let Some(version) = names_release {
                    let named = name_before(&h.title, &version);
                    release_title = Some((h.level, version, named));
                }
                out.titles.push(h.title);
                continue;
            }
            let mut section = Section {
                known: h.known,
                title: h.title,
                level: h.level,
                line: n,
                body: Vec::new(),
            };
            if let Some(rest) = h.rest {
                // "Bundled versions: a 1 · b 2" lists its items on one line.
                if rest.contains(" · ") {
                    section.body.extend(
                        rest.split(" · ")
                            .map(|item| (n, format!("- {}", item.trim().trim_matches('`')))),
                    );
                } else {
                    section.body.push((n, rest));
                }
            }
            // (Releases under a README's "Version History" are its parts,
            // no titles of the page.)
            any_part |= section.known.is_some() || crate::words::is_history_heading(&section.title);
            out.sections.push(section);
            continue;
        }
        // A rule ends a part about what is new, wrong or fixed ("Known
        // Limitations" above `---` and the release's extensions table
        // below it; a closing remark under the features' list): what
        // follows is the release's again, in an untitled part. Elsewhere
        // it parts nothing a record keeps.
        if trimmed == crate::lines::RULE {
            if let Some(cur) = out.sections.last()
                && matches!(
                    cur.known,
                    Some(
                        Known::Issues
                            | Known::Fixes
                            | Known::Features
                            | Known::KeyFeatures
                            | Known::Announcements
                    )
                )
            {
                let level = cur.level;
                out.sections.push(Section {
                    known: None,
                    title: String::new(),
                    level,
                    line: n,
                    body: Vec::new(),
                });
            }
            continue;
        }
        let in_contents = out
            .sections
            .last()
            .is_some_and(|s| s.known == Some(Known::Contents));
        // The delimiter under a table's head row says the row above is its
        // head, whatever its cells hold.
        let under_head = is_delimiter_row(trimmed)
            && out
                .sections
                .last()
                .map_or(&out.preamble, |s| &s.body)
                .last()
                .is_some_and(|(_, l)| l.trim_start().starts_with('|'));
        if is_stray(trimmed) && !in_contents && !under_head {
            if !is_delimiter_row(trimmed) {
                let place = out.sections.last().map_or_else(
                    || "before the first heading".to_string(),
                    |s| format!("in section “{}”", s.quoted_title()),
                );
                out.warnings.push(Warning {
                    line: Some(n),
                    message: format!("stray line `{}` {place} dropped", clip(trimmed, 40)),
                });
                out.dropped.push((n, trimmed.to_string()));
            }
            continue;
        }
        push_body(&mut out, n, line.to_string());
    }
    cut_warnings(&mut out, page.cut, in_code);
    out
}

/// The number of `#` marks starting a heading line ("## Notes" is 2), 0
/// for other lines.
fn hash_level(line: &str) -> usize {
    let hashes = line.chars().take_while(|c| *c == '#').count();
    if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
        hashes
    } else {
        0
    }
}

/// Whether a page whose markup marks no heading (a text copy of a Markdown
/// page) writes its known headings as `##` lines or deeper: then its other
/// `##` lines are headings too ("### Python 3.11 Support" after a list is
/// no continuation of its last item). A single `#` may be a shell comment
/// and counts only when known.
fn writes_hashed_headings(page: &Page, headings: &Headings) -> bool {
    let mut in_code = false;
    page.lines.iter().any(|(_, line)| {
        let t = line.trim();
        if t.starts_with("```") || t.starts_with("~~~") {
            in_code = !in_code;
        }
        let level = hash_level(t);
        !in_code && level >= 2 && headings.known(&t[level..]).is_some()
    })
}

fn push_body(out: &mut Structure, n: usize, line: String) {
    match out.sections.last_mut() {
        Some(section) => section.body.push((n, line)),
        None => out.preamble.push((n, line)),
    }
}

/// Names the parts that look cut short: an empty known section, a section
/// ending in `:`, and a page that ends inside a table, a list or a code
/// block, or mid-sentence.
fn cut_warnings(out: &mut Structure, cut: Option<Cut>, open_fence: bool) {
    let mut warnings = Vec::new();
    for (i, s) in out.sections.iter().enumerate() {
        let next_deeper = out.sections.get(i + 1).is_some_and(|n| n.level > s.level);
        let last_section = i + 1 == out.sections.len();
        if s.body.is_empty() && !next_deeper && (s.known.is_some() || last_section) {
            // The untitled part a rule opens, with nothing after the rule
            // (a changelog's `* * *` between releases), lost nothing.
            let after_rule = s.known.is_none() && s.title.is_empty();
            if s.known != Some(Known::Umbrella) && !after_rule {
                warnings.push(Warning {
                    line: Some(s.line),
                    message: format!(
                        "section “{}” has a heading and no body; the page looks cut short",
                        s.quoted_title()
                    ),
                });
            }
        } else if let Some((n, last)) = s.body.last()
            && (last.ends_with(':') || last.ends_with('：'))
            && !last.starts_with('|')
            && !last_section
        {
            // What the line introduces is missing (a list the page's copy
            // lost): said, but no sign the page is cut, which only its last
            // sentence tells.
            warnings.push(Warning {
                line: Some(*n),
                message: format!(
                    "section “{}” ends with “{}” and what it introduces is not on the page; nothing of it was read",
                    s.quoted_title(),
                    shorten(last)
                ),
            });
        }
    }
    let last_title = out.sections.last().map_or_else(
        || "the page's start".to_string(),
        |s| format!("“{}”", s.quoted_title()),
    );
    let last_line = out
        .sections
        .last()
        .and_then(|s| s.body.last())
        .or(out.preamble.last())
        .cloned();
    // The prose before the last line, which tells whether the page writes
    // in sentences.
    let mut earlier: Vec<String> = out
        .sections
        .last()
        .map_or(&out.preamble, |s| &s.body)
        .iter()
        .rev()
        .skip(1)
        .take(8)
        .map(|(_, l)| l.clone())
        .collect();
    earlier.reverse();
    let cut = if open_fence {
        Some(Cut::CodeBlock)
    } else {
        cut
    };
    if let Some(cut) = cut {
        // A cut row holds a cut value ("2." for "2.6.0"): it is left out.
        let mut left_out = String::new();
        if cut == Cut::Table
            && let Some(section) = out.sections.last_mut()
            && section.body.last().is_some_and(|(_, l)| l.contains('|'))
            && let Some((_, row)) = section.body.pop()
        {
            left_out = format!("; its last row (“{}”) is left out", shorten(&row));
        }
        warnings.push(Warning {
            line: last_line.as_ref().map(|(n, _)| *n),
            message: format!(
                "the page ends {} in section {last_title}; it looks cut short{left_out}",
                cut.what()
            ),
        });
    } else if let Some((n, line)) = last_line
        && let Some(what) = cut_line(&line, &earlier)
    {
        warnings.push(Warning {
            line: Some(n),
            message: format!(
                "the page ends {what} (“{}”) in section {last_title}; it looks cut short",
                shorten(&line)
            ),
        });
    }
    out.warnings.extend(warnings);
}

/// How a page's last line looks cut: a list item ending in a comma or an
/// opening bracket or a word of `dangling` ("and") — list items often go
/// without a full stop, so that alone is no sign — and a last sentence of
/// prose without closing punctuation (an introduction ending in `:`
/// included): a long line, or a short one after `earlier` prose lines that
/// do close their sentences.
fn cut_line(line: &str, earlier: &[String]) -> Option<&'static str> {
    let l = line.trim();
    let dangling = |s: &str| {
        let lower = s.to_lowercase();
        s.ends_with([',', '，', '、', ';', '；', '(', '（', '[', '-'])
            || words::each().any(|words| {
                let mut dangling = words.page.dangling.iter();
                dangling.any(|w| lower.ends_with(&words.after(w)))
            })
    };
    if l == "-" {
        return Some("inside a list");
    }
    if let Some(item) = l.strip_prefix("- ") {
        return dangling(item).then_some("inside a list");
    }
    if l.starts_with('|')
        || l.starts_with('#')
        || crate::lines::is_command(l)
        || is_url(l)
        || crate::lines::is_none_word(l)
    {
        return None;
    }
    if l.ends_with([':', '：']) {
        return Some("mid-sentence");
    }
    let closes = |s: &str| {
        s.trim().ends_with([
            '.', '。', '!', '！', '?', '？', ')', '）', '"', '”', '\'', '’', '`', '>', ']', '}',
        ])
    };
    let in_sentences = earlier
        .iter()
        .rfind(|e| !e.trim().starts_with(['-', '|', '#', '`']) && !e.trim().is_empty())
        .is_some_and(|e| closes(e));
    (!closes(l) && (dangling(l) || l.chars().count() > 24 || in_sentences))
        .then_some("mid-sentence")
}

fn shorten(line: &str) -> String {
    let chars: Vec<char> = line.chars().collect();
    if chars.len() <= 40 {
        line.to_string()
    } else {
        format!("…{}", chars[chars.len() - 30..].iter().collect::<String>())
    }
}

/// The words of a heading before the version it names, in lower case and
/// without marks ("Enterprise Core 3.0.x" → "enterprise core").
fn name_before(title: &str, version: &str) -> String {
    let before = title.split(version).next().unwrap_or(title);
    before
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty() && !w.eq_ignore_ascii_case("v"))
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::PageKind;

    fn md(text: &str) -> Structure {
        split(
            &Page::read(PageKind::Markdown, text).unwrap(),
            Headings::built_in(),
        )
    }

    #[test]
    fn a_readme_titled_by_no_release_is_its_historys_newest() {
        let s = md(
            "# vLLM for Tesla V100 (SM 7.0)\n\n## Key Findings\n\n### CUDA 13.0 Volta Deprecation\n\nText.\n\n## 📋 Version History\n\n### v0.9.2-v100-cuda12.8 (08/02/2026)\n\n- First build\n\n### v0.9.1 (01/01/2026)\n\n- Earlier\n",
        );
        assert_eq!(s.stated_version().as_deref(), Some("v0.9.2-v100-cuda12.8"));
        // A title naming its release keeps it.
        let s = md("# Tool 2.1\n\n## Changelog\n\n### 2.0\n\n- Earlier\n");
        assert_eq!(s.stated_version().as_deref(), Some("2.1"));
    }

    #[test]
    fn a_titles_series_refined_by_the_first_line() {
        let s = md(
            "# New Version 26.4: All the Small Things\n\nVersion 26.4.30 is now available!\n\n### Changes\n\n- Upgraded FFmpeg to version 8.1\n",
        );
        assert_eq!(s.stated_version().as_deref(), Some("26.4.30"));
        let s = md(
            "# Announcing 0.69\n\nWe are excited to release a new version of React Native, 0.69.0. It comes with React 18.\n\n## Highlights\n\n- Bundled Hermes\n",
        );
        assert_eq!(s.stated_version().as_deref(), Some("0.69.0"));
    }

    #[test]
    fn a_deeper_heading_naming_a_component_is_a_part_of_the_release() {
        let s = md("## Version 2.31.0\n\n### Core 2.34.0\n\n- fixed lint\n");
        assert_eq!(s.titles, ["Version 2.31.0"]);
        let titles: Vec<&str> = s.sections.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(titles, ["Core 2.34.0"]);
        // The release named again, deeper, stays a title.
        let s = md("## Version 2.31.0\n\n### 2.31.0 (2025-01-01)\n\n- fixed lint\n");
        assert_eq!(s.titles.len(), 2);
    }

    #[test]
    fn a_rule_ends_a_part_of_known_issues() {
        let s = md(
            "# P 17.0.1\n\n## Known Limitations\n\nPMM 2.43.1 is not compatible.\n\n---\n\n\
                    | Extension | Version |\n|---|---|\n| etcd | 3.5.16 |\n\n## Notes\n\nText\n\n---\n\nMore\n",
        );
        let titles: Vec<&str> = s.sections.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(titles, ["Known Limitations", "", "Notes"]);
        assert_eq!(s.sections[0].body.len(), 1);
        assert!(s.sections[1].body.iter().any(|(_, l)| l.contains("etcd")));
        // Elsewhere a rule is no line of the part, and no stray mark.
        assert_eq!(s.sections[2].body.len(), 2);
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    }

    #[test]
    fn the_version_a_page_states_of_what_its_title_names() {
        let of = |text: &str| md(text).subject_version().map(|(_, v)| v);
        assert_eq!(
            of("# RAPIDS\n\nThis installs RAPIDS version 25.10 on the nodes.\n").as_deref(),
            Some("25.10")
        );
        assert_eq!(
            of("# DeePMD-kit\n\n    conda create -n deepmd deepmd-kit=2.2.7=*gpu\n").as_deref(),
            Some("2.2.7")
        );
        assert_eq!(
            of("# RAPIDS\n\nUse /sw/conda_env/rapids-25.10 here.\n").as_deref(),
            Some("25.10")
        );
        assert_eq!(of("# RAPIDS\n\nNothing stated.\n"), None);
        // The title's subject and its version opening the page are its
        // release, before any version stated further down.
        let page = "# Cray System Management (CSM) - Release Notes\n\n[CSM](g.md) 1.5 contains many changes.\n\n## New\n\n- Upgrade to Kubernetes version 1.22\n";
        assert_eq!(md(page).stated_version().as_deref(), Some("1.5"));
        // A part naming its point release is no release of the page
        // (LuxCore's release notes).
        let page =
            "### Release v2.6\n\n### New Features\n\n- a\n\n### Fixed Bugs in v2.6.1\n\n- b\n";
        assert_eq!(md(page).stated_version().as_deref(), Some("v2.6"));
    }

    #[test]
    fn a_sentence_under_the_title_is_no_heading() {
        let page = Page::read(
            PageKind::Html,
            "<h1>Serve 4.3 release notes</h1><p>Images.</p>\
             <h2>Key features</h2><ul><li>Faster startup.</li></ul>\
             <p>Bug fixes: None.</p>",
        )
        .unwrap();
        let s = split(&page, Headings::built_in());
        assert!(
            s.warnings.iter().all(|w| !w.message.contains("cut short")),
            "{:?}",
            s.warnings
        );
        assert_eq!(s.preamble.len(), 1, "{:?}", s.preamble);
        assert_eq!(s.preamble[0].1.trim(), "Images.");
        // A heading with its body on the line keeps its full stop.
        let fixes = s.sections.last().unwrap();
        assert_eq!(fixes.known, Some(Known::Fixes));
        assert_eq!(fixes.body[0].1, "None.");
        // Without the full stop the line is a heading, as before.
        let s = txt("Serve 4.3\n\nImages\n\n- serve:4.3-gpu\n");
        assert_eq!(s.sections[0].known, Some(Known::Assets));
    }

    fn txt(text: &str) -> Structure {
        split(
            &Page::read(PageKind::Text, text).unwrap(),
            Headings::built_in(),
        )
    }

    #[test]
    fn headings_of_every_form() {
        let s = txt(
            "x 9.1 release notes\nWhat's new:\n- a\n**Bug fixes:** None\n镜像内容\n框架 | pytorch |\n\
             Known Issues\n- b.\n",
        );
        let parts: Vec<_> = s.sections.iter().map(|s| s.known).collect();
        assert_eq!(
            parts,
            [
                Some(Known::Features),
                Some(Known::Fixes),
                Some(Known::Contents),
                Some(Known::Issues)
            ]
        );
        assert_eq!(s.sections[1].body, [(4, "None".to_string())]);
        assert_eq!(s.stated_version().as_deref(), Some("9.1"));
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    }

    #[test]
    fn markdown_titles_and_unknown_sections() {
        let s = md(
            "# Notes for PyTorch 2.6\n\nIntro.\n\n## Announcements\n\n- a\n\n## Security Advisory\n\nSee x.\n\n\
                    ## Reference\n\n### Docker Image URIs\n\n```\nx.io/a:1\n```\n\n### Quick Links\n\n- [a](http://b)\n",
        );
        assert_eq!(s.titles, ["Notes for PyTorch 2.6"]);
        let parts: Vec<_> = s
            .sections
            .iter()
            .map(|s| (s.known, s.title.as_str()))
            .collect();
        assert_eq!(
            parts,
            [
                (Some(Known::Announcements), "Announcements"),
                (
                    Some(Known::Section("security-advisory")),
                    "Security Advisory"
                ),
                (None, "Reference"),
                (Some(Known::Assets), "Docker Image URIs"),
                (None, "Quick Links")
            ]
        );
        assert_eq!(s.stated_version().as_deref(), Some("2.6"));
        assert!(s.warnings.is_empty(), "{:?}", s.warnings);
    }

    #[test]
    fn a_row_label_alone_in_a_split_contents_table_is_no_heading() {
        let s = txt("Contents\naarch64架构\n|\n核心组件\n|\ntorch : 2.8\n|\nAssets\nx.io/a/b:1\n");
        let parts: Vec<_> = s.sections.iter().map(|s| s.known).collect();
        assert_eq!(parts, [Some(Known::Contents), Some(Known::Assets)]);
        assert_eq!(s.sections[0].body.len(), 6);
        // Under a heading of its own, it starts the components part.
        let s = txt("Main Features\n- a\n核心组件\n- torch : 2.8\n");
        assert_eq!(s.sections[1].known, Some(Known::Components));
    }

    #[test]
    fn text_shell_comments_are_no_headings() {
        let s = txt("Quick Start\n# 启动容器\ndocker run x\n");
        assert_eq!(s.sections.len(), 1);
        assert_eq!(s.sections[0].body.len(), 2);
    }

    #[test]
    fn a_text_copy_of_markdown_keeps_its_unknown_hashed_headings() {
        let page = "# X 2.18\n\n## Release Notes\n\n- a.\n\n### Python 3.11 Support\n\n\
                    Supported.\n\n## Quick Start\n\n# pull it\ndocker pull x\n";
        let s = txt(page);
        let titles: Vec<&str> = s.sections.iter().map(|s| s.title.as_str()).collect();
        assert_eq!(
            titles,
            ["Release Notes", "Python 3.11 Support", "Quick Start"]
        );
        assert_eq!(s.sections[0].body, [(5, "- a.".to_string())]);
        assert_eq!(s.sections[2].body.len(), 2);
        // Without a known `##` heading, `##` lines stay as they are.
        let s = txt("Quick Start\n## not a title\ndocker run x\n");
        assert_eq!(s.sections.len(), 1);
    }

    #[test]
    fn stray_lines_are_dropped_with_a_warning() {
        let s = txt("Main Features\n- a.\n-\n|\nBugs Fix\n暂无\nContents\n核心组件 |\n|\n");
        assert_eq!(s.sections[0].body, [(2, "- a.".to_string())]);
        let lines: Vec<_> = s.warnings.iter().map(|w| w.line).collect();
        assert_eq!(lines, [Some(3), Some(4)], "{:?}", s.warnings);
        assert!(s.warnings[0].message.contains("“Main Features”"));
        // In a Contents table a bare `|` separates split cells.
        assert_eq!(s.sections[2].body.len(), 2);
    }

    #[test]
    fn cut_short_pages_are_named() {
        let cases = [
            (
                "Main Features\n- a.\nDriver Requirements\n",
                "“Driver Requirements” has a heading and no body",
            ),
            (
                "Main Features\n- a.\nKnown Issues\nThe recomputation gain is lower than",
                "mid-sentence",
            ),
            ("Main Features\n- a,", "inside a list"),
            (
                "Known Issues\nImages: the x image is slow to pull",
                "(“Images: the x image is slow to pull”) in section “Known Issues”",
            ),
            (
                "Contents\n框架 | pytorch |\n核心组件 | torch : 2.8",
                "inside a table in section “Contents”",
            ),
            ("Quick Start\n```\ndocker run x", "inside a code block"),
            (
                "Components\nThe container also includes the following:\nDriver Requirements\nBased on CUDA 12.8.",
                "is not on the page",
            ),
            // A short last sentence after sentences that close.
            (
                "Announcements\nRAPIDS is no longer installed.\nStarting",
                "(“Starting”) in section “Announcements”; it looks cut short",
            ),
            ("Known Issues\nSee the following:", "mid-sentence"),
        ];
        for (page, want) in cases {
            let s = txt(page);
            assert!(
                s.warnings.iter().any(|w| w.message.contains(want)),
                "{page:?}: {:?}",
                s.warnings
            );
        }
        assert!(
            txt("Main Features\n- a\nKnown Issues\n暂无。\n")
                .warnings
                .is_empty()
        );
        // List items go without a full stop; a missing list is no cut.
        for whole in [
            "Key Features\n- Adds CUDA 12.4 support\n- Supports ARM64",
            "Contents\nThe container also includes the following:\nKnown Issues\nNone.",
        ] {
            let s = txt(whole);
            assert!(
                s.warnings.iter().all(|w| !w.message.contains("cut short")),
                "{whole:?}: {:?}",
                s.warnings
            );
        }
    }
}
