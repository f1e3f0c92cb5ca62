//! The diff as a compact report for terminals, in one language.
//!
//! Per arch, downgrades come first under a loud `▼ DOWNGRADE` heading, then
//! upgrades, additions and removals; unchanged components are counted and
//! listed only when there are few. Every other change follows, one block
//! per kind. Blocks with nothing in them are left out.

use super::labels::{self, change_heading};
use super::words::{WordOp, WordTag};
use super::{
    AddedRemoved, ArchGroup, Change, ComponentChange, KeyedDiff, ReleaseDiff, TextChange,
    ValueChange,
};
use model::{Asset, EnvVar, Gpu, Include, Lang, Port, Text};
use std::fmt::Write;

/// Unchanged components are listed when there are at most this many.
const LIST_UNCHANGED_UP_TO: usize = 5;
/// Characters of unchanged text shown around a word change.
const CONTEXT: usize = 24;
/// Inserted or deleted runs longer than this are shortened in the middle.
const LONG_RUN: usize = 160;

/// The diff as a report for terminals in `lang`: per arch, downgrades
/// first, then the other changes, one block per kind.
pub fn to_text(changes: &ReleaseDiff, lang: Lang) -> String {
    let l = |key: &'static str| labels::get(key, lang);
    let mut out = String::new();
    let title = l("title")
        .replace("{product}", changes.product.get(lang))
        .replace("{from}", &changes.from)
        .replace("{to}", &changes.to);
    out.push_str(&title);
    if let Some(arch) = &changes.only_arch {
        let _ = write!(out, " ({})", l("only_arch").replace("{arch}", arch));
    }
    out.push('\n');

    let mut archs = Vec::new();
    for (key, list) in [
        ("archs_added", &changes.archs.added),
        ("archs_removed", &changes.archs.removed),
        ("archs_common", &changes.archs.common),
    ] {
        if !list.is_empty() {
            archs.push(format!("{} {}", l(key), list.join(", ")));
        }
    }
    let _ = writeln!(out, "{}: {}", l("archs"), archs.join("; "));

    let attention = attention_lines(changes, lang);
    if !attention.is_empty() {
        out.push('\n');
        for line in attention {
            let _ = writeln!(out, "{line}");
        }
    }

    for group in changes.arch_groups() {
        out.push('\n');
        arch_block(&mut out, &group, lang);
    }

    out.push('\n');
    if changes.other_changes() {
        other_changes(&mut out, changes, lang);
    } else {
        let _ = writeln!(out, "{}", l("no_other_changes"));
    }
    // Records hold no hidden controls; this report never prints one either.
    model::into_terminal_safe(out)
}

/// One line per downgrade, before anything else.
fn attention_lines(changes: &ReleaseDiff, lang: Lang) -> Vec<String> {
    let marker = labels::get("marker_downgraded", lang);
    let mut lines: Vec<String> = changes
        .downgrades()
        .into_iter()
        .map(|c| {
            format!(
                "{marker}  {} {} → {} ({})",
                c.name,
                c.from.as_deref().unwrap_or("-"),
                c.to.as_deref().unwrap_or("-"),
                c.arch
            )
        })
        .collect();
    let cuda = &changes.driver.cuda;
    if cuda.change == Change::Downgraded {
        lines.push(format!(
            "{marker}  {}: {} {} → {}",
            labels::get("driver", lang),
            labels::get("driver_cuda", lang),
            cuda.from.as_deref().unwrap_or("-"),
            cuda.to.as_deref().unwrap_or("-")
        ));
    }
    lines
}

fn arch_block(out: &mut String, group: &ArchGroup<'_>, lang: Lang) {
    let l = |key: &'static str| labels::get(key, lang);
    let mut counts = Vec::new();
    for (change, sign) in [
        (Change::Downgraded, "▼"),
        (Change::Upgraded, "▲"),
        (Change::Added, "+"),
        (Change::Removed, "-"),
        (Change::Unchanged, "="),
    ] {
        let n = group.of(change).len();
        if n > 0 {
            counts.push(format!("{sign}{n}"));
        }
    }
    let status = match group.status {
        Change::Added => format!(" {}:", l("arch_new")),
        Change::Removed => format!(" {}:", l("arch_dropped")),
        _ => String::new(),
    };
    let _ = writeln!(out, "[{}]{status} {}", group.arch, counts.join(" "));
    if group.changed() == 0 && group.unchanged.is_empty() {
        return;
    }
    // Every listed component in one table, so that versions align across
    // the kinds of change; its lines are dealt out under the headings.
    let listed = |change: Change| {
        let items = group.of(change);
        if change == Change::Unchanged && items.len() > LIST_UNCHANGED_UP_TO {
            &[]
        } else {
            items
        }
    };
    let rows: Vec<[String; 2]> = Change::ALL
        .iter()
        .flat_map(|c| listed(*c))
        .map(|c| [display_name(c), versions(c)])
        .collect();
    let table = model::aligned_columns(&rows, "    ");
    let mut lines = table.lines();
    for change in Change::ALL {
        let items = group.of(change);
        if items.is_empty() {
            continue;
        }
        let _ = writeln!(out, "  {} ({})", change_heading(change, lang), items.len());
        for _ in listed(change) {
            let _ = writeln!(out, "{}", lines.next().unwrap_or_default());
        }
    }
}

/// `flash-attn (flash_attn)` when the spelling changed.
fn display_name(c: &ComponentChange) -> String {
    match &c.from_name {
        Some(old) => format!("{} ({old})", c.name),
        None => c.name.clone(),
    }
}

fn versions(c: &ComponentChange) -> String {
    match (&c.from, &c.to, c.change) {
        (Some(a), Some(b), Change::Unchanged) if a == b => b.clone(),
        (Some(a), Some(b), _) => format!("{a} → {b}"),
        (None, Some(b), _) => b.clone(),
        (Some(a), None, _) => a.clone(),
        (None, None, _) => "-".into(),
    }
}

fn other_changes(out: &mut String, d: &ReleaseDiff, lang: Lang) {
    let l = |key: &'static str| labels::get(key, lang);
    let t = |text: &Text| one_line(text.get(lang));

    if !d.driver.is_empty() {
        let _ = writeln!(out, "{}", l("driver"));
        for (key, value) in [
            ("driver_cuda", &d.driver.cuda),
            ("driver_min", &d.driver.min),
            (
                "driver_not_forward_compatible_with",
                &d.driver.not_forward_compatible_with,
            ),
        ] {
            if !value.is_unchanged() {
                let _ = writeln!(out, "  {}", value_line(l(key), value, lang));
            }
        }
        let dc = &d.driver.datacenter;
        if !dc.is_empty() {
            let _ = writeln!(out, "  {}", l("driver_datacenter"));
            for b in &dc.added {
                let _ = writeln!(out, "    + {} ({})", b.branch, b.min);
            }
            for b in &dc.removed {
                let _ = writeln!(out, "    - {} ({})", b.branch, b.min);
            }
            for b in &dc.changed {
                let marker = marker(b.change, lang);
                let _ = writeln!(out, "    {marker} {}: {} → {}", b.branch, b.from, b.to);
            }
        }
        if !d.driver.upgrade_from.is_empty() {
            let _ = writeln!(out, "  {}", l("driver_upgrade_from"));
            added_removed(out, &d.driver.upgrade_from, |b| b.clone());
        }
        if let Some(wording) = &d.driver.wording {
            text_change(out, l("driver_wording"), wording, lang);
        }
    }

    if !d.assets.is_empty() {
        let _ = writeln!(out, "{}", l("assets"));
        for a in &d.assets.added {
            let _ = writeln!(out, "  + {}", asset_line(a, lang));
        }
        for a in &d.assets.removed {
            let _ = writeln!(out, "  - {}", asset_line(a, lang));
        }
        for a in &d.assets.changed {
            let _ = writeln!(out, "  ~ {}", a.image);
            for (key, list) in [("suits", &a.suits), ("not_suits", &a.not_suits)] {
                if !list.is_empty() {
                    let _ = writeln!(out, "    {}", l(key));
                    for x in &list.added {
                        let _ = writeln!(out, "      + {}", t(x));
                    }
                    for x in &list.removed {
                        let _ = writeln!(out, "      - {}", t(x));
                    }
                }
            }
            if let Some(note) = &a.note {
                let _ = writeln!(out, "    {}", l("note"));
                if let Some(x) = &note.from {
                    let _ = writeln!(out, "      - {}", t(x));
                }
                if let Some(x) = &note.to {
                    let _ = writeln!(out, "      + {}", t(x));
                }
            }
        }
    }

    if !d.features.is_empty() {
        let _ = writeln!(out, "{}", l("features"));
        texts_block(
            out,
            &d.features.added,
            &d.features.removed,
            d.features.unchanged,
            lang,
        );
    }
    let bugs = &d.bug_fixes;
    if !bugs.is_empty() {
        let _ = writeln!(out, "{}", l("bug_fixes"));
        texts_block(out, &bugs.added, &bugs.removed, bugs.unchanged, lang);
        if bugs.none_changed() {
            if let Some(x) = &bugs.none.from {
                let _ = writeln!(out, "  - {}: {}", l("bug_fixes_none"), t(x));
            }
            if let Some(x) = &bugs.none.to {
                let _ = writeln!(out, "  + {}: {}", l("bug_fixes_none"), t(x));
            }
        }
    }
    if !d.known_issues.is_empty() {
        let _ = writeln!(out, "{}", l("known_issues"));
        texts_block(
            out,
            &d.known_issues.added,
            &d.known_issues.removed,
            d.known_issues.unchanged,
            lang,
        );
    }

    keyed_block(out, l("includes"), &d.includes, |i: &Include| {
        match &i.detail {
            Some(detail) => format!("{} ({})", i.name, t(detail)),
            None => i.name.clone(),
        }
    });
    keyed_block(out, l("env"), &d.env, |e: &EnvVar| match &e.value {
        Some(v) => format!("{}={v}", e.name),
        None => e.name.clone(),
    });
    keyed_block(out, l("gpus"), &d.gpus, |g: &Gpu| {
        let details: Vec<&str> = [g.architecture.as_deref(), g.compute_capability.as_deref()]
            .into_iter()
            .flatten()
            .collect();
        if details.is_empty() {
            g.name.clone()
        } else {
            format!("{} ({})", g.name, details.join(", "))
        }
    });
    keyed_block(out, l("ports"), &d.ports, |p: &Port| match p.host {
        Some(host) => format!("{} {host}:{}", p.service, p.container),
        None => format!("{} {}", p.service, p.container),
    });

    let s = &d.sections;
    if !s.is_empty() {
        let _ = writeln!(out, "{}", l("sections"));
        for x in &s.added {
            let _ = writeln!(out, "  + {}  {}", x.id, t(&x.title));
        }
        for x in &s.removed {
            let _ = writeln!(out, "  - {}  {}", x.id, t(&x.title));
        }
        for x in &s.changed {
            let _ = writeln!(out, "  ~ {}  {}", x.id, t(&x.title.to));
            let (old_title, new_title) = (x.title.from.get(lang), x.title.to.get(lang));
            if old_title.trim() != new_title.trim() {
                let _ = writeln!(
                    out,
                    "      {}: {}",
                    l("section_title"),
                    inline_diff(&super::word_diff(old_title, new_title))
                );
            }
            if let Some(body) = &x.body {
                for hunk in hunks(body.get(lang)) {
                    let _ = writeln!(out, "      {hunk}");
                }
            }
        }
        if !s.unchanged.is_empty() {
            let _ = writeln!(
                out,
                "  = {}",
                l("unchanged_count").replace("{n}", &s.unchanged.len().to_string())
            );
        }
    }
}

fn marker(change: Change, lang: Lang) -> &'static str {
    let key = match change {
        Change::Downgraded => "marker_downgraded",
        Change::Upgraded => "marker_upgraded",
        Change::Added => "marker_added",
        Change::Removed => "marker_removed",
        Change::Unchanged => "marker_unchanged",
    };
    labels::get(key, lang)
}

fn value_line(label: &str, v: &ValueChange, lang: Lang) -> String {
    let none = labels::get("none_value", lang);
    format!(
        "{} {label}: {} → {}",
        marker(v.change, lang),
        v.from.as_deref().unwrap_or(none),
        v.to.as_deref().unwrap_or(none)
    )
}

fn asset_line(a: &Asset, lang: Lang) -> String {
    let list = |texts: &[Text]| {
        texts
            .iter()
            .map(|t| one_line(t.get(lang)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut line = a.image.clone();
    if !a.suits.is_empty() {
        let _ = write!(line, "  {}: {}", labels::get("suits", lang), list(&a.suits));
    }
    if !a.not_suits.is_empty() {
        let _ = write!(
            line,
            "  {}: {}",
            labels::get("not_suits", lang),
            list(&a.not_suits)
        );
    }
    line
}

fn added_removed<T>(out: &mut String, list: &AddedRemoved<T>, show: impl Fn(&T) -> String) {
    for x in &list.added {
        let _ = writeln!(out, "    + {}", show(x));
    }
    for x in &list.removed {
        let _ = writeln!(out, "    - {}", show(x));
    }
}

fn texts_block(out: &mut String, added: &[Text], removed: &[Text], unchanged: usize, lang: Lang) {
    for x in added {
        let _ = writeln!(out, "  + {}", one_line(x.get(lang)));
    }
    for x in removed {
        let _ = writeln!(out, "  - {}", one_line(x.get(lang)));
    }
    if unchanged > 0 {
        let _ = writeln!(
            out,
            "  = {}",
            labels::get("unchanged_count", lang).replace("{n}", &unchanged.to_string())
        );
    }
}

fn keyed_block<T>(out: &mut String, heading: &str, d: &KeyedDiff<T>, show: impl Fn(&T) -> String) {
    if d.is_empty() {
        return;
    }
    let _ = writeln!(out, "{heading}");
    for x in &d.added {
        let _ = writeln!(out, "  + {}", show(x));
    }
    for x in &d.removed {
        let _ = writeln!(out, "  - {}", show(x));
    }
    for x in &d.changed {
        let _ = writeln!(out, "  ~ {} → {}", show(&x.from), show(&x.to));
    }
}

fn text_change(out: &mut String, label: &str, change: &TextChange, lang: Lang) {
    let _ = writeln!(out, "  ~ {label}");
    let old = change.from.as_ref().map_or("", |t| t.get(lang));
    let new = change.to.as_ref().map_or("", |t| t.get(lang));
    for hunk in hunks(&super::word_diff(old, new)) {
        let _ = writeln!(out, "      {hunk}");
    }
}

/// A text on one line: line breaks shown as `↵`.
fn one_line(text: &str) -> String {
    text.trim().replace("\r\n", "\n").replace('\n', " ↵ ")
}

/// A whole word diff on one line: `[-deleted-]{+inserted+}`.
fn inline_diff(ops: &[WordOp]) -> String {
    let mut line = String::new();
    for op in ops {
        push_op(&mut line, op.op, &op.text);
    }
    line
}

fn push_op(line: &mut String, tag: WordTag, text: &str) {
    let text = shorten(&one_line_keep(text), LONG_RUN);
    match tag {
        WordTag::Equal => line.push_str(&text),
        WordTag::Delete => {
            let _ = write!(line, "[-{text}-]");
        }
        WordTag::Insert => {
            let _ = write!(line, "{{+{text}+}}");
        }
    }
}

/// Like [`one_line`] but keeps surrounding blanks, so words stay apart.
fn one_line_keep(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\n', " ↵ ")
}

/// The changed places of a word diff, one line each, with a little
/// unchanged text around them.
fn hunks(ops: &[WordOp]) -> Vec<String> {
    let mut lines = Vec::new();
    let mut current: Option<String> = None;
    for (i, op) in ops.iter().enumerate() {
        if op.op != WordTag::Equal {
            let line = current.get_or_insert_with(String::new);
            push_op(line, op.op, &op.text);
            continue;
        }
        let text = one_line_keep(&op.text);
        let chars: Vec<char> = text.chars().collect();
        let last = i + 1 == ops.len();
        if let Some(mut line) = current.take() {
            if !last && chars.len() <= 2 * CONTEXT {
                line.push_str(&text);
                current = Some(line);
                continue;
            }
            line.extend(chars.iter().take(CONTEXT));
            if chars.len() > CONTEXT {
                line.push('…');
            }
            lines.push(line.trim().to_string());
        }
        if !last {
            let mut line = String::new();
            if chars.len() > CONTEXT {
                line.push('…');
            }
            line.extend(chars.iter().skip(chars.len().saturating_sub(CONTEXT)));
            current = Some(line);
        }
    }
    if let Some(line) = current {
        lines.push(line.trim().to_string());
    }
    lines
}

/// At most `max` characters: the start and the end, joined by ` … `.
fn shorten(text: &str, max: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= max {
        return text.to_string();
    }
    let half = max / 2;
    let head: String = chars[..half].iter().collect();
    let tail: String = chars[chars.len() - half..].iter().collect();
    format!("{} … {}", head.trim_end(), tail.trim_start())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::diff::word_diff;

    #[test]
    fn hunks_show_changes_with_context_only() {
        let old = format!("{} alpha {}", "x ".repeat(40), "y ".repeat(40));
        let new = format!("{} beta {}", "x ".repeat(40), "y ".repeat(40));
        let lines = hunks(&word_diff(&old, &new));
        assert_eq!(lines.len(), 1, "{lines:?}");
        assert!(
            lines[0].starts_with('…') && lines[0].ends_with('…'),
            "{lines:?}"
        );
        assert!(lines[0].contains("[-alpha-]{+beta+}"), "{lines:?}");
        assert!(lines[0].chars().count() < 80, "{lines:?}");
    }

    #[test]
    fn far_apart_changes_are_separate_hunks() {
        let filler = "word ".repeat(30);
        let old = format!("one {filler} two");
        let new = format!("uno {filler} dos");
        let lines = hunks(&word_diff(&old, &new));
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].starts_with("[-one-]{+uno+}"), "{lines:?}");
        assert!(lines[1].ends_with("[-two-]{+dos+}"), "{lines:?}");
    }

    #[test]
    fn long_runs_are_shortened_and_breaks_shown() {
        let long = "z".repeat(400);
        let line = inline_diff(&word_diff("a\nb", &format!("a\nb {long}")));
        assert!(line.contains('↵'), "{line}");
        assert!(line.contains(" … "), "{line}");
        assert!(line.chars().count() < 200, "{line}");
    }
}
