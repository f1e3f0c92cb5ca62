//! A page as normalized lines, whatever its format: headings as `## x`,
//! table rows as `| a | b |`, list items as `- x`, code as fenced blocks,
//! the rest as text. Plain text is kept as it is (its bullets become `- `);
//! Markdown is read with pulldown-cmark ([`super::markdown`]), HTML with
//! html5ever ([`super::html`]).

use crate::error::{MAX_ITEMS, Overflow};
use crate::lines::{Cut, Read, cut_row};
use crate::words;
use model::first_hidden_control;
use std::collections::BTreeSet;
use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum PageKind {
    Text,
    Markdown,
    Html,
}

impl PageKind {
    /// By extension (`.html`, `.md`), else by a look at the content: a
    /// `.txt` copy of a Markdown page is Markdown.
    pub(crate) fn detect(path: &Path, content: &str) -> PageKind {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("html" | "htm" | "xhtml") => return PageKind::Html,
            Some("md" | "markdown" | "mdx") => return PageKind::Markdown,
            _ => {}
        }
        let head = content.trim_start().to_ascii_lowercase();
        // A text page that quotes a tag or two ("<div id=…>…</div>" in a
        // CMS's changelog) is no HTML page: in one, tags open many lines.
        let filled = content.lines().filter(|l| !l.trim().is_empty()).count();
        let tagged = content
            .lines()
            .filter(|l| l.trim_start().starts_with('<'))
            .count();
        if crate::feed::is_feed(content)
            || head.starts_with("<!doctype html")
            || head.starts_with("<html")
            || (["</p>", "</h1>", "</h2>", "</table>", "</li>", "</div>"]
                .iter()
                .any(|tag| head.contains(tag))
                && tagged * 4 >= filled)
        {
            PageKind::Html
        // (A Dockerfile's `## Package versions` is a comment, no heading.)
        } else if looks_like_markdown(content) && !crate::lines::is_dockerfile(content.lines()) {
            PageKind::Markdown
        } else {
            PageKind::Text
        }
    }
}

/// Markdown's own marks: a second-level heading, a table's delimiter row,
/// a fence or a link. A lone `# ` line is no proof: text pages hold shell
/// comments. A page copied as text, its lines not set apart by blank
/// lines, is text whatever marks it holds: read as Markdown, its lines
/// would run into one paragraph.
fn looks_like_markdown(content: &str) -> bool {
    let marked = content.lines().any(|l| {
        let l = l.trim_start();
        (l.starts_with("##") && l.trim_start_matches('#').starts_with(' '))
            || (l.starts_with('|') && l.contains("---"))
            || l.starts_with("```")
    });
    // A link or two is no proof either: a copy as text keeps the one its
    // last line cut short ("[audio file](https://github.com").
    let links = content
        .lines()
        .filter(|l| l.contains("](http"))
        .take(3)
        .count();
    (marked || links >= 3) && !runs_lines_together(content)
}

/// Whether most lines of prose follow another line of prose with no blank
/// line between: a copy of a page as text, not Markdown, whose paragraphs
/// are set apart by blank lines (a line of a table, a list, a heading or a
/// code block counts for neither).
fn runs_lines_together(content: &str) -> bool {
    let is_prose = |l: &str| {
        let t = l.trim_start();
        !t.is_empty()
            && !t.starts_with(['|', '-', '*', '+', '#', '>', '`', '<'])
            && !t.starts_with(|c: char| c.is_ascii_digit())
            && !l.starts_with("    ")
            && !l.starts_with('\t')
    };
    let mut in_code = false;
    let (mut prose, mut after_prose) = (0, 0);
    let mut previous_prose = false;
    for line in content.lines() {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
        }
        let this = !in_code && is_prose(line);
        if this {
            prose += 1;
            after_prose += usize::from(previous_prose);
        }
        previous_prose = this;
    }
    prose >= 10 && after_prose * 10 >= prose * 7
}

/// Where a page was copied from, when its first line says so: a URL alone
/// (NGC copies: "https://docs.nvidia.com/…/rel-25-12.html") or a label of
/// `address_labels` and a colon ("source: owner/repo@commit:path"). Returns
/// the address and the page after that line, which starts with the line's
/// end: the lines after keep their numbers.
pub(crate) fn address(content: &str) -> Option<(String, &str)> {
    let end = content.find('\n').unwrap_or(content.len());
    let first = content[..end].trim_start_matches('\u{feff}').trim();
    let address = if crate::lines::is_url(first) {
        first
    } else {
        let (label, rest) = first.split_once([':', '：'])?;
        let label = label.trim().to_lowercase();
        let labelled = words::each().any(|w| w.page.address_labels.contains(&label));
        (labelled && !rest.trim().is_empty()).then_some(rest.trim())?
    };
    Some((visible(address), &content[end..]))
}

/// A page's lines, numbered (1-based line of the source for text and
/// Markdown; position in the page's text for HTML).
#[derive(Debug, Clone)]
pub(crate) struct Page {
    pub kind: PageKind,
    pub lines: Vec<(usize, String)>,
    /// Numbers of the lines the markup marks as headings (`<h2>`, `## `);
    /// other `#` lines are text (a shell comment in a paragraph).
    pub headings: BTreeSet<usize>,
    pub cut: Option<Cut>,
}

impl Page {
    /// The page's lines, or the bound it passes: more than [`MAX_ITEMS`]
    /// lines (counted in the source for text and Markdown, as read for
    /// HTML), HTML elements, or nesting deeper than [`MAX_NESTING`].
    pub(crate) fn read(kind: PageKind, content: &str) -> Result<Page, Overflow> {
        if kind != PageKind::Html && content.lines().count() > MAX_ITEMS {
            return Err(Overflow::Items("lines"));
        }
        // An R package's NEWS.Rd reads as the Markdown it shows.
        let rd_news = kind == PageKind::Text && crate::rd::is_news(content);
        let kind = if rd_news { PageKind::Markdown } else { kind };
        let (lines, headings, cut) = match kind {
            PageKind::Markdown if rd_news => {
                super::markdown::lines(&crate::rd::as_markdown(content))?
            }
            PageKind::Text => text_lines(content),
            PageKind::Markdown => super::markdown::lines(content)?,
            // A feed is read as the HTML of its items.
            PageKind::Html => match crate::feed::is_feed(content)
                .then(|| crate::feed::as_html(content))
                .flatten()
            {
                Some(html) => super::html::lines(&html)?,
                None => super::html::lines(content)?,
            },
        };
        if lines.len() > MAX_ITEMS {
            return Err(Overflow::Items("lines"));
        }
        let lines = lines
            .into_iter()
            .map(|(n, l)| (n, boxed_row(visible(&l).trim_end())))
            .filter(|(_, l)| !l.trim().is_empty())
            .collect();
        Ok(Page {
            kind,
            lines,
            headings,
            cut,
        })
    }
}

/// A line as import takes it: no icon glyph, no hidden control (a control character but
/// a tab, a bidirectional override or isolate: the loader refuses them,
/// [`model::first_hidden_control`]), no line break, a no-break
/// space as a space.
pub(crate) fn visible(line: &str) -> String {
    let mut one = [0; 4];
    line.chars()
        // Private-use characters are an icon font's glyphs (a link icon
        // after a heading), never text.
        .filter(|c| !('\u{e000}'..='\u{f8ff}').contains(c))
        .filter(|c| *c != '\n' && first_hidden_control(c.encode_utf8(&mut one)).is_none())
        .map(|c| if c == '\u{a0}' { ' ' } else { c })
        .collect()
}

/// A row of a table drawn with box characters (`│ yocto │ 2.1.0 │`, as
/// CLI tools print them) as a pipe row; a line of box characters alone (a
/// border) as nothing; any other line as it is.
fn boxed_row(line: &str) -> String {
    let is_box = |c: char| ('\u{2500}'..='\u{257f}').contains(&c);
    let t = line.trim();
    if t.is_empty() || !t.chars().next().is_some_and(is_box) {
        return line.to_string();
    }
    if t.chars().all(|c| is_box(c) || c == ' ') {
        return String::new();
    }
    let vertical = |c: char| matches!(c, '│' | '┃' | '║');
    if t.chars().filter(|&c| vertical(c)).count() < 2 {
        return line.to_string();
    }
    t.chars()
        .map(|c| if vertical(c) { '|' } else { c })
        .collect()
}

/// Text as it is, trimmed; `•`, `·`, `*`, `+` and a letter `o` bullets become `- `;
/// tables a copy flattened are rows again ([`crate::flat`]).
fn text_lines(content: &str) -> Read {
    let mut lines: Vec<(usize, String)> = Vec::new();
    let mut fences = 0;
    let raw: Vec<(usize, String)> = without_rest_markup(
        content
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.to_string()))
            .collect(),
    );
    let org = is_org(content);
    let asciidoc = is_asciidoc(content);
    let letter_o_bullets = raw
        .iter()
        .filter(|(_, l)| letter_o_item(l).is_some())
        .count()
        >= 2;
    // "■　2022/05/14" (YaneuraOu's Japanese history): a mark of a heading
    // that plain text pages in Japanese and Chinese open their parts with,
    // where the page writes two such lines or more.
    let marked_headings = raw
        .iter()
        .filter(|(_, l)| crate::lines::marked_heading(l).is_some())
        .count()
        >= 2;
    // "5. SPIDER 25.02: projection matching …" (Scipion's release notes in
    // reStructuredText): numbered items, as Markdown's are read, where the
    // page numbers two lines or more and no rule underlines them (a
    // title's "1. Install" over `=======`).
    let underlined: BTreeSet<usize> = raw
        .windows(2)
        .filter(|pair| is_rule(pair[1].1.trim()))
        .map(|pair| pair[0].0)
        .collect();
    let numbered_items = raw
        .iter()
        .filter(|(n, l)| numbered_item(l).is_some() && !underlined.contains(n))
        .count()
        >= 2;
    let mut org_headings = BTreeSet::new();
    // The last item's line number and the column its text starts at: a
    // line right after it indented to that column continues it, as a
    // text file wraps an item ("* Upgraded included libraries: OpenSSL
    // 3.0.19, …," over "  liblinear 2.50, zlib 1.3.2").
    let mut open_item: Option<(usize, usize)> = None;
    for (n, raw) in crate::flat::unflatten(raw) {
        let line = raw.trim();
        let indent = raw.len() - raw.trim_start().len();
        if let Some((item_line, column)) = open_item.take()
            && n == item_line + 1
            && indent == column
            && !line.is_empty()
            && !line.starts_with(['-', '•', '·', '*', '+', '●', '▪'])
            && let Some((_, last)) = lines.last_mut()
            && !last.ends_with([':', '：'])
        {
            last.push(' ');
            last.push_str(&rest_links(line));
            open_item = Some((n, column));
            continue;
        }
        if line.starts_with("```") || line.starts_with("~~~") {
            fences += 1;
        }
        // Org's headings: stars from the line's start, then a space.
        let stars = raw.chars().take_while(|&c| c == '*').count();
        if org && stars > 0 && raw[stars..].starts_with(' ') {
            lines.push((
                n,
                format!("{} {}", "#".repeat(stars.min(6)), raw[stars..].trim()),
            ));
            org_headings.insert(n);
            continue;
        }
        // AsciiDoc's section titles ("== 2.4 (2025-12-11)") and its
        // items of any depth ("** This only works for Java > 9").
        if asciidoc {
            if let Some((level, title)) = asciidoc_title(&raw) {
                lines.push((n, format!("{} {title}", "#".repeat(level))));
                org_headings.insert(n);
                continue;
            }
            let stars = raw.chars().take_while(|&c| c == '*').count();
            if stars > 1 && raw[stars..].starts_with(' ') {
                lines.push((n, format!("- {}", raw[stars..].trim())));
                continue;
            }
        }
        if marked_headings && let Some(title) = crate::lines::marked_heading(&raw) {
            lines.push((n, format!("## {title}")));
            org_headings.insert(n);
            continue;
        }
        // A Debian changelog's entry: `td-agent (1.1.21-1) precise;
        // urgency=low` heads the release it describes.
        if let Some((package, version)) = debian_changelog_entry(&raw) {
            lines.push((n, format!("## {package} {version}")));
            org_headings.insert(n);
            continue;
        }
        let linked = rest_links(line);
        let line = linked.as_str();
        let line = match line.strip_prefix(['•', '·', '*', '+', '●', '▪']) {
            Some(rest) if rest.starts_with(' ') || rest.is_empty() => {
                format!("- {}", rest.trim())
            }
            _ => match letter_o_item(&raw)
                .filter(|_| letter_o_bullets)
                .or_else(|| {
                    numbered_item(line).filter(|_| numbered_items && !underlined.contains(&n))
                }) {
                Some(rest) => format!("- {}", rest.trim()),
                None => line.to_string(),
            },
        };
        if let Some(text) = line.strip_prefix("- ")
            && !text.is_empty()
            // (A line whose links were rewritten: its item's text after
            // the bullet and a space.)
            && let Some(at) = raw.find(text).or(Some(indent + 2))
        {
            open_item = Some((n, at));
        }
        lines.push((n, line));
    }
    let mut headings = setext_headings(&mut lines);
    headings.extend(org_headings);
    let mut filled = content.lines().rev().filter(|l| !l.trim().is_empty());
    let (last, above) = (filled.next(), filled.next().map(str::trim));
    let cut = if fences % 2 == 1 {
        Some(Cut::CodeBlock)
    } else {
        last.and_then(|l| cut_row(l.trim(), above))
    };
    (lines, headings, cut)
}

/// A line with reStructuredText's links (`` `libtiff <https://…>`_ 4.7.1 ``,
/// imagecodecs' README) as their text (`libtiff 4.7.1`).
/// A reStructuredText page's lines without what it does not show: its
/// substitution definitions (`.. |reg| unicode:: U+00AE`) with their
/// options (`   :ltrim:`), its link targets (`.. _what-is-new-label:`), and
/// the references to its substitutions in the text ("OPNSense |reg| 23.7"
/// reads "OPNSense 23.7"). Other pages' lines are as they are.
fn without_rest_markup(raw: Vec<(usize, String)>) -> Vec<(usize, String)> {
    let substitution = |l: &str| {
        l.strip_prefix(".. |")
            .and_then(|rest| rest.split_once("| "))
            .map(|(name, _)| name.to_string())
    };
    let names: Vec<String> = raw.iter().filter_map(|(_, l)| substitution(l)).collect();
    if names.is_empty() {
        return raw;
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut in_markup = false;
    for (n, line) in raw {
        let target = line.starts_with(".. _") && line.trim_end().ends_with(':');
        if substitution(&line).is_some() || target {
            in_markup = true;
            continue;
        }
        if in_markup && line.starts_with([' ', '\t']) && !line.trim().is_empty() {
            continue;
        }
        in_markup = false;
        let mut shown = line;
        for name in &names {
            shown = shown
                .replace(&format!(" |{name}| "), " ")
                .replace(&format!("|{name}|"), "");
        }
        out.push((n, shown));
    }
    out
}

fn rest_links(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(open) = rest.find('`') {
        let after = &rest[open + 1..];
        let link = after.find(">`_").and_then(|close| {
            let inside = &after[..close];
            let (text, target) = inside.rsplit_once(" <")?;
            (!text.trim().is_empty() && !target.contains(['`', ' ']))
                .then_some((text.trim(), close + 3))
        });
        // "`Nuclei Studio 2023.10`_": a reference to a link defined apart.
        let reference = || {
            let close = after.find("`_")?;
            let text = &after[..close];
            (!text.trim().is_empty() && !text.contains(['`', '<', '>']))
                .then_some((text.trim(), close + 2))
        };
        match link.or_else(reference) {
            Some((text, length)) => {
                out.push_str(&rest[..open]);
                out.push_str(text);
                // `__` (an anonymous link) or `_`.
                let end = open + 1 + length;
                rest = rest[end..].strip_prefix('_').unwrap_or(&rest[end..]);
            }
            None => {
                out.push_str(&rest[..=open]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The text of an item a plain-text changelog marks with a letter `o`
/// (Nmap's CHANGELOG: "o Upgraded included libraries: …"): an `o`, a space
/// and a capital, a digit or a bracket, so that a line of prose starting
/// with the word "o" is not one. Read as a bullet only where a page has
/// two such lines.
/// The text of a numbered item ("12. Text", "3) Text"): at most three
/// digits, a dot or a parenthesis, a space.
fn numbered_item(line: &str) -> Option<&str> {
    let line = line.trim_start();
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if !(1..=3).contains(&digits) {
        return None;
    }
    let rest = line[digits..].strip_prefix(['.', ')'])?;
    let text = rest.strip_prefix(' ')?.trim_start();
    (!text.is_empty()).then_some(text)
}

/// A line drawn of one mark, as reStructuredText and Markdown underline a
/// title.
fn is_rule(line: &str) -> bool {
    line.chars().count() >= 3
        && line.chars().next().is_some_and(|first| {
            matches!(first, '=' | '-' | '~' | '^' | '+' | '"' | '*' | '#')
                && line.chars().all(|c| c == first)
        })
}

fn letter_o_item(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix("o ")?;
    rest.trim_start()
        .starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit() || matches!(c, '[' | '('))
        .then_some(rest)
}

/// The package and version of a Debian changelog entry's first line,
/// `package (version) distribution; urgency=low`, written from the line's
/// start (Debian Policy, 4.4 debian/changelog).
fn debian_changelog_entry(line: &str) -> Option<(&str, &str)> {
    let (package, rest) = line.split_once(" (")?;
    let (version, rest) = rest.split_once(") ")?;
    let package_fits = package.len() >= 2
        && package.starts_with(|c: char| c.is_ascii_lowercase() || c.is_ascii_digit())
        && package
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '+' | '-' | '.'));
    let version_fits =
        version.starts_with(|c: char| c.is_ascii_digit()) && !version.contains(char::is_whitespace);
    let (_, settings) = rest.split_once(';')?;
    (package_fits && version_fits && settings.trim_start().starts_with("urgency="))
        .then_some((package, version))
}

/// An Org file (a NEWS file Emacs edits): its mode line (`-*- org -*-`)
/// or a `#+TITLE:` setting among its first lines.
fn is_org(content: &str) -> bool {
    content.lines().take(5).any(|l| {
        let t = l.trim().to_ascii_lowercase();
        t.contains("-*- org -*-") || t.starts_with("#+title:")
    })
}

/// An AsciiDoc section title: one `=` to six from the line's start, a
/// space and the title (`== 2.4 (2025-12-11)`); its level and title.
fn asciidoc_title(line: &str) -> Option<(usize, &str)> {
    let marks = line.chars().take_while(|&c| c == '=').count();
    let title = line[marks..].strip_prefix(' ')?.trim();
    ((1..=6).contains(&marks) && !title.is_empty() && !title.starts_with('='))
        .then_some((marks, title))
}

/// An AsciiDoc source: two section titles of level 1 or deeper (`== …`)
/// or more, and its document title or an attribute entry (`= Release
/// Notes`, `:toc:`) before its first.
fn is_asciidoc(content: &str) -> bool {
    let mut head = false;
    let mut sections = 0;
    for line in content.lines() {
        match asciidoc_title(line) {
            Some((1, _)) if sections == 0 => head = true,
            Some((level, _)) if level >= 2 => sections += 1,
            _ => {
                let attribute = line.starts_with(':')
                    && line[1..].split_once(':').is_some_and(|(name, _)| {
                        !name.is_empty()
                            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    });
                head |= attribute && sections == 0;
            }
        }
    }
    head && sections >= 2
}

/// A line underlined with `=`, `-`, `~`, `^`, `+`, `"`, `#` or `*` (a NEWS
/// file's "Major Changes in 2019.09 Release" over `=====`, htslib's
/// "Noteworthy changes in release 1.23" over `~~~~~`, reStructuredText's
/// titles, "Packages updated" over `####`) is a heading, written as Markdown writes one; its underline,
/// and an overline of the same character, are dropped. As in
/// reStructuredText, each character is a level in the order the page first
/// uses it. The numbers of those headings' lines.
fn setext_headings(lines: &mut Vec<(usize, String)>) -> BTreeSet<usize> {
    let rule_of = |line: &str| -> Option<char> {
        let first = line.chars().next()?;
        (matches!(first, '=' | '-' | '~' | '^' | '+' | '"' | '#' | '*')
            && line.chars().count() >= 3
            && line.chars().all(|c| c == first))
        .then_some(first)
    };
    let mut headings = BTreeSet::new();
    let mut dropped = BTreeSet::new();
    let mut levels: Vec<char> = Vec::new();
    for i in 1..lines.len() {
        let Some(rule) = rule_of(&lines[i].1) else {
            continue;
        };
        let title = lines[i - 1].1.trim();
        let (title_chars, rule_chars) = (title.chars().count(), lines[i].1.chars().count());
        // A title is a line of its own, of about the underline's length:
        // not a list item, a table row, a heading already or another rule.
        // (A box of `*` or `#` around a text page's note is no title's:
        // under a sentence, they are not one.)
        let boxed = matches!(rule, '*' | '#') && title.ends_with(['.', ',', ';', ':', ')']);
        let is_title = !title.is_empty()
            && !boxed
            && !dropped.contains(&(i - 1))
            && rule_of(title).is_none()
            && !title.starts_with(['-', '#', '|', '>'])
            && ((rule_chars * 2 >= title_chars && rule_chars <= title_chars * 2 + 4)
                // ("v0.32.0 (2025-08-21)" over `~~~~~~~`, lc0's changelog:
                // no prose puts these under a line, whatever their length.)
                || (!matches!(rule, '=' | '-')
                    && title_chars <= 80
                    && !title.ends_with(['.', ',', ';', ':'])));
        if !is_title {
            continue;
        }
        if !levels.contains(&rule) {
            levels.push(rule);
        }
        let level = levels
            .iter()
            .position(|&c| c == rule)
            .map_or(6, |at| (at + 1).min(6));
        lines[i - 1].1 = format!("{} {title}", "#".repeat(level));
        headings.insert(lines[i - 1].0);
        dropped.insert(i);
        if i >= 2 && rule_of(&lines[i - 2].1) == Some(rule) {
            dropped.insert(i - 2);
        }
    }
    let mut at = 0;
    lines.retain(|_| {
        at += 1;
        !dropped.contains(&(at - 1))
    });
    headings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_restructured_text_does_not_show_is_no_line() {
        let page = ".. |reg| unicode:: U+00AE .. Trademark\n   :ltrim:\n\n.. _`what-is-new-label`:\n\nWas ist neu\n===========\n\n  * Server (Ubuntu Server 22.04 LTS & OPNSense |reg| 23.7)\n";
        let (lines, _, _) = text_lines(page);
        let texts: Vec<&str> = lines.iter().map(|(_, l)| l.as_str()).collect();
        assert!(
            !texts
                .iter()
                .any(|l| l.contains("unicode::") || l.contains(":ltrim:") || l.contains("label")),
            "{texts:?}"
        );
        assert!(
            texts.iter().any(|l| l.contains("OPNSense 23.7")),
            "{texts:?}"
        );
    }

    #[test]
    fn a_debian_changelogs_entries_head_their_releases() {
        let (lines, headings, _) = text_lines(
            "td-agent (1.1.21-1) precise; urgency=low\n\n  * fluentd v0.10.55\n\n -- M <m@x.com>  Mon, 20 Oct 2014 00:00:00 +0000\n",
        );
        assert_eq!(lines[0].1, "## td-agent 1.1.21-1");
        assert!(headings.contains(&1));
        assert_eq!(lines[2].1, "- fluentd v0.10.55");
        assert_eq!(
            debian_changelog_entry("Notes (see below) for; urgency=low"),
            None
        );
        assert_eq!(debian_changelog_entry("  td (1.0) x; urgency=low"), None);
    }

    #[test]
    fn numbered_lines_are_items_unless_underlined() {
        // Scipion's release notes: a numbered list under a section title,
        // and a numbered title over its rule.
        let (lines, headings, _) = text_lines(
            "1. Install\n==========\n\nNew packages\n------------\n1. EMPIAR depositor.\n5. SPIDER 25.02: projection matching.\n",
        );
        let texts: Vec<&str> = lines.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            texts,
            [
                "# 1. Install",
                "",
                "## New packages",
                "- EMPIAR depositor.",
                "- SPIDER 25.02: projection matching."
            ]
        );
        assert!(headings.contains(&lines[0].0) && headings.contains(&lines[2].0));
        // One numbered line alone is prose ("1. is the answer").
        let (lines, _, _) = text_lines("Version 2.0\n\n1. The first line.\n");
        assert_eq!(lines[2].1, "1. The first line.");
        assert_eq!(numbered_item("2.0 release"), None);
        assert_eq!(numbered_item("3) Text"), Some("Text"));
    }

    #[test]
    fn restructured_texts_links_are_their_text() {
        // imagecodecs' README: its build requirements.
        let (lines, _, _) = text_lines(
            "- `libavif <https://github.com/AOMediaCodec/libavif>`_ 1.4.1\n  (`aom <https://aomedia.googlesource.com/aom>`_ 3.13.3,\n",
        );
        assert_eq!(lines[0].1, "- libavif 1.4.1 (aom 3.13.3,");
        assert_eq!(rest_links("`a <x>`__ and `b`"), "a and `b`");
        assert_eq!(
            rest_links("please use it with `Nuclei Studio 2023.10`_ release."),
            "please use it with Nuclei Studio 2023.10 release."
        );
        assert_eq!(rest_links("run `x <y` then >`_"), "run `x <y` then >`_");
    }

    #[test]
    fn titles_of_an_asciidoc_source_head_its_parts() {
        // Spock's release_notes.adoc.
        let adoc = "[[release-notes]]\n= Release Notes\n:toc:\n\n== 2.4 (2025-12-11)\n\n=== Highlights\n\n\
                    * Add support for Groovy 5.0\n** This only works for Java > 9\n\n== 2.3 (2024-09-01)\n\n* Update to JUnit 5.9.0\n";
        let page = Page::read(PageKind::Text, adoc).unwrap();
        let heads: Vec<&str> = page
            .lines
            .iter()
            .filter(|(n, _)| page.headings.contains(n))
            .map(|(_, l)| l.as_str())
            .collect();
        assert_eq!(
            heads,
            [
                "# Release Notes",
                "## 2.4 (2025-12-11)",
                "### Highlights",
                "## 2.3 (2024-09-01)"
            ]
        );
        assert!(
            page.lines
                .iter()
                .any(|(_, l)| l == "- This only works for Java > 9")
        );
        // Without a document title or attribute before them, `==` lines
        // are text.
        let text = Page::read(PageKind::Text, "== a\n\n== b\n").unwrap();
        assert!(text.headings.is_empty());
    }

    #[test]
    fn stars_of_an_org_file_head_its_parts() {
        let org = "#+TITLE: NEWS\n\n* Changes in 2.1.0 (since 2.0.0)\n** Updates\n* not a heading\n  * an item\n";
        let page = Page::read(PageKind::Text, org).unwrap();
        let heads: Vec<&str> = page
            .lines
            .iter()
            .filter(|(n, _)| page.headings.contains(n))
            .map(|(_, l)| l.as_str())
            .collect();
        assert_eq!(
            heads,
            [
                "# Changes in 2.1.0 (since 2.0.0)",
                "## Updates",
                "# not a heading"
            ]
        );
        // Without Org's marks, a star is a bullet.
        let text = Page::read(PageKind::Text, "Notes\n\n* Changes in 2.1.0\n").unwrap();
        assert!(text.headings.is_empty());
        assert_eq!(text.lines[1].1, "- Changes in 2.1.0");
    }

    #[test]
    fn a_letter_o_marks_items_where_a_page_marks_several_so() {
        let text = "Nmap 7.99 [2026-03-26]\n\no Upgraded included libraries: OpenSSL 3.0.19,\n  zlib 1.3.2\n\no [Windows] Upgraded Npcap\n";
        let page = Page::read(PageKind::Text, text).unwrap();
        let lines: Vec<&str> = page.lines.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            lines,
            [
                "Nmap 7.99 [2026-03-26]",
                "- Upgraded included libraries: OpenSSL 3.0.19, zlib 1.3.2",
                "- [Windows] Upgraded Npcap"
            ]
        );
        // One such line, or the word "o" before a lowercase word, is prose.
        for prose in ["o Upgraded Npcap\n", "o sistema x\no sistema y\n"] {
            let page = Page::read(PageKind::Text, prose).unwrap();
            assert!(
                page.lines.iter().all(|(_, l)| !l.starts_with("- ")),
                "{prose}"
            );
        }
    }

    #[test]
    fn a_mark_opening_lines_heads_the_parts_of_a_text_page() {
        let page = Page::read(
            PageKind::Text,
            "History\n\n■　2022/05/14\n\n- fixed\n\n■ 2022/05/13\n\n- added\n",
        )
        .unwrap();
        let headed: Vec<&str> = page
            .lines
            .iter()
            .filter(|(n, _)| page.headings.contains(n))
            .map(|(_, l)| l.as_str())
            .collect();
        assert_eq!(headed, ["## 2022/05/14", "## 2022/05/13"]);
        // One such line is no heading.
        let page = Page::read(PageKind::Text, "■ Note\n\n- x\n").unwrap();
        assert!(page.headings.is_empty());
    }

    #[test]
    fn titles_over_hashes_and_stars_and_boxes_of_them() {
        // KaarPux's change pages (reStructuredText); a note boxed in stars
        // (MPICH's CHANGES) is no title.
        let text = "Changes in 4.7.2\n================\n\nPackages updated\n################\n\n\
                    - UPD: gcc: v 4.9.2\n\n\
                    the type signatures did not.\n*****************************\n";
        let page = Page::read(PageKind::Text, text).unwrap();
        let lines: Vec<&str> = page.lines.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            lines,
            [
                "# Changes in 4.7.2",
                "## Packages updated",
                "- UPD: gcc: v 4.9.2",
                "the type signatures did not.",
                "*****************************"
            ]
        );
    }

    #[test]
    fn underlined_lines_of_a_text_page_are_headings() {
        let text = "Major Changes in 2020.03 Release\n================================\n\nComponents\n----------\n\n* GCC 9.3\n\n---\nA line\n---------------------------------------------\n";
        let page = Page::read(PageKind::Text, text).unwrap();
        let lines: Vec<&str> = page.lines.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            lines,
            [
                "# Major Changes in 2020.03 Release",
                "## Components",
                "- GCC 9.3",
                "---",
                "A line",
                "---------------------------------------------"
            ]
        );
        assert_eq!(page.headings.iter().copied().collect::<Vec<_>>(), [1, 4]);
    }

    #[test]
    fn each_underline_character_is_a_level_in_the_order_the_page_uses_it() {
        // htslib's NEWS: releases over `~`, their parts over `-`; lc0's
        // changelog: a short `~` rule under a longer release line.
        let text = "Noteworthy changes in release 1.23 (16th December 2025)\n~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n\nBug fixes\n---------\n\n* Fix\n\nv0.32.0 (2025-08-21)\n~~~~~~~\n\nA sentence that goes on for a while.\n~~~~~~~\n";
        let page = Page::read(PageKind::Text, text).unwrap();
        let lines: Vec<&str> = page.lines.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            lines,
            [
                "# Noteworthy changes in release 1.23 (16th December 2025)",
                "## Bug fixes",
                "- Fix",
                "# v0.32.0 (2025-08-21)",
                "A sentence that goes on for a while.",
                "~~~~~~~"
            ]
        );
    }

    #[test]
    fn tables_drawn_with_box_characters_are_pipe_rows() {
        let page = "┏━━━━━┳━━━━━━━┓\n┃ SDK ┃ Version ┃\n┡━━━━━╇━━━━━━━┩\n│ elxr │ 2.1.0 │\n└─────┴───────┘\n│ one bar";
        let read = Page::read(PageKind::Text, page).unwrap();
        let lines: Vec<&str> = read.lines.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            lines,
            ["| SDK | Version |", "| elxr | 2.1.0 |", "│ one bar"]
        );
    }

    #[test]
    fn kind_by_extension_then_content() {
        let p = Path::new;
        assert_eq!(PageKind::detect(p("a.html"), "x"), PageKind::Html);
        assert_eq!(PageKind::detect(p("a.md"), "x"), PageKind::Markdown);
        assert_eq!(
            PageKind::detect(p("changelog.mdx"), "x"),
            PageKind::Markdown
        );
        assert_eq!(
            PageKind::detect(p("a.txt"), "<html><body><p>x</p></body></html>"),
            PageKind::Html
        );
        assert_eq!(
            PageKind::detect(p("a.txt"), "# T\n\n## Core Packages\n\n| a | b |\n"),
            PageKind::Markdown
        );
        // A changelog quoting a tag is text; a fragment of HTML is HTML.
        let quoting =
            "Changes in 4.0.1\n\n* Fixed: the preview\n  (<div id=\"p\">x</div>).\n* Fixed: y\n";
        assert_eq!(PageKind::detect(p("a.txt"), quoting), PageKind::Text);
        assert_eq!(
            PageKind::detect(p("a.txt"), "<h2>4.0.1</h2>\n<ul>\n<li>x</li>\n</ul>\n"),
            PageKind::Html
        );
        // A shell comment in a text page is no Markdown heading.
        assert_eq!(
            PageKind::detect(p("a.txt"), "Quick Start\n# run it\ndocker run x\n"),
            PageKind::Text
        );
        // Nor is a Dockerfile's `## Package versions`.
        assert_eq!(
            PageKind::detect(
                p("Dockerfile.txt"),
                "ARG BASE=latest\nFROM img:${BASE}\n## Package versions\n```\nARG X=1\n"
            ),
            PageKind::Text
        );
    }

    #[test]
    fn a_first_line_naming_the_source_is_the_pages_address() {
        let page = "source: aws/deep-learning-containers@36b503b:docs/tf-2.18.md\n# T 2.18\n\n## Release Notes\n\n- a\n\n### Deprecations\n\n- b\n";
        let (named, rest) = address(page).unwrap();
        assert_eq!(
            named,
            "aws/deep-learning-containers@36b503b:docs/tf-2.18.md"
        );
        // Still Markdown, and the lines keep their numbers.
        assert_eq!(
            PageKind::detect(Path::new("a.txt"), rest),
            PageKind::Markdown
        );
        let read = Page::read(PageKind::Markdown, rest).unwrap();
        assert_eq!(read.lines[0], (2, "# T 2.18".to_string()));
        // The heading after a list is a heading line of its own.
        assert!(read.lines.contains(&(8, "### Deprecations".to_string())));
        assert!(read.headings.contains(&8));
        let url = "https://docs.nvidia.com/deeplearning/frameworks/pytorch-release-notes/rel-25-12.html\nPyTorch Release 25.12\n";
        assert_eq!(
            address(url).map(|(a, r)| (a, r.lines().count())),
            Some((
                "https://docs.nvidia.com/deeplearning/frameworks/pytorch-release-notes/rel-25-12.html".to_string(),
                2
            ))
        );
        assert_eq!(
            address("来源：https://example.com/a.html\n发布记录\n")
                .unwrap()
                .0,
            "https://example.com/a.html"
        );
        // A first line of text, or a label with nothing after it, is the page's.
        for not in [
            "PyTorch Release 25.12\nsource: x\n",
            "Sources: upstream wheels\n",
            "source:\n# T\n",
            "see https://example.com for more\n",
        ] {
            assert!(address(not).is_none(), "{not:?}");
        }
    }

    #[test]
    fn a_text_item_wrapped_onto_indented_lines_is_one_item() {
        let text = "Changes\n* Upgraded included libraries: OpenSSL 3.0.19,\n  liblinear 2.50, zlib 1.3.2\n* Fixed:\n  a crash\nNot indented\n";
        let page = Page::read(PageKind::Text, text).unwrap();
        let lines: Vec<&str> = page.lines.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            lines,
            [
                "Changes",
                "- Upgraded included libraries: OpenSSL 3.0.19, liblinear 2.50, zlib 1.3.2",
                "- Fixed:",
                "a crash",
                "Not indented",
            ]
        );
    }

    #[test]
    fn text_bullets_and_cuts() {
        let page = Page::read(PageKind::Text, "Key Features\n  • one\n\n* two\n").unwrap();
        let lines: Vec<&str> = page.lines.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(lines, ["Key Features", "- one", "- two"]);
        assert_eq!(page.lines[2].0, 4);
        assert_eq!(page.cut, None);
        let cut = Page::read(
            PageKind::Text,
            "Contents\n框架 | pytorch |\n核心组件 | torch : 2",
        )
        .unwrap();
        assert_eq!(cut.cut, Some(Cut::Table));
        let fence = Page::read(PageKind::Text, "Quick Start\n```\ndocker run x\n").unwrap();
        assert_eq!(fence.cut, Some(Cut::CodeBlock));
    }

    #[test]
    fn control_characters_and_bidi_overrides_are_dropped() {
        assert_eq!(
            visible("a\u{1b}[31mb\u{7}\u{85}\u{202e}c\u{2066}d\te\u{a0}f\u{0}"),
            "a[31mbcd\te f"
        );
        let html = Page::read(
            PageKind::Html,
            "<h1>Release 9.9&#x1b;]0;x&#7;</h1><ul><li>a&#x202E;b\u{85}c\u{1b}d</li></ul>",
        )
        .unwrap();
        let lines: Vec<&str> = html.lines.iter().map(|(_, l)| l.as_str()).collect();
        // U+0085 is a line break to the parser: a space in a line.
        assert_eq!(lines, ["# Release 9.9]0;x", "- ab cd"]);
        let md = Page::read(PageKind::Markdown, "# A&#x1b;B\n\n- c&#8238;d\n").unwrap();
        let lines: Vec<&str> = md.lines.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(lines, ["# AB", "- cd"]);
    }

    #[test]
    fn lines_past_the_bound_are_refused() {
        let text = "- x\n".repeat(MAX_ITEMS + 1);
        for kind in [PageKind::Text, PageKind::Markdown] {
            assert_eq!(
                Page::read(kind, &text).err(),
                Some(Overflow::Items("lines"))
            );
        }
        let html = format!("<pre>{}</pre>", "x\n".repeat(MAX_ITEMS + 1));
        assert_eq!(
            Page::read(PageKind::Html, &html).err(),
            Some(Overflow::Items("lines"))
        );
    }
}
