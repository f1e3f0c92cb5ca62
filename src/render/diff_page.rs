//! The diff page (`relnotes diff --format md|html`): `templates/diff.md.hbs`
//! and `templates/diff.html.hbs`, in the release pages' shell.
//!
//! The context holds every text already in the page's language, every list
//! present (possibly empty) and every optional value present as `null`, as
//! on release pages; docs/diff.md lists the fields.

use super::context::{alternate_page, page_base};
use super::markdown::escape_html;
use super::{PageFormat, RenderError, Templates};
use crate::diff::labels::{self, change_heading};
use crate::diff::{
    ArchGroup, Change, ComponentChange, KeyedDiff, ReleaseDiff, TextChange, ValueChange, WordOp,
    WordTag, word_diff,
};
use crate::record::{EnvVar, Gpu, Include, Lang, Port, Text, Workspace};
use serde_json::{Map, Value, json};

/// Unchanged components are listed when an arch has at most this many.
const LIST_UNCHANGED_UP_TO: usize = 5;

/// The diff page of `changes` in `lang`.
pub fn render(
    templates: &Templates,
    workspace: &Workspace,
    changes: &ReleaseDiff,
    lang: Lang,
    format: PageFormat,
) -> Result<String, RenderError> {
    let context = diff_context(workspace, changes, lang, format);
    templates.render_page(&format!("diff.{}", format.extension()), &context)
}

/// The file name of a diff page: `25.05..25.10.en.html`, with the arch
/// before the language when the diff covers one arch only
/// (`25.05..25.10.aarch64.en.html`).
pub fn diff_file_name(changes: &ReleaseDiff, lang: Lang, format: PageFormat) -> String {
    super::page_file_name(&diff_stem(changes), lang, format.extension())
}

fn diff_stem(changes: &ReleaseDiff) -> String {
    match &changes.only_arch {
        Some(arch) => format!("{}..{}.{arch}", changes.from, changes.to),
        None => format!("{}..{}", changes.from, changes.to),
    }
}

/// The context of `diff.md.hbs` / `diff.html.hbs`.
pub fn diff_context(
    workspace: &Workspace,
    changes: &ReleaseDiff,
    lang: Lang,
    format: PageFormat,
) -> Value {
    let product = workspace.project.product.name.get(lang);
    let title = labels::get("title", lang)
        .replace("{product}", product)
        .replace("{from}", &changes.from)
        .replace("{to}", &changes.to);
    let alternate = alternate_page(workspace, &diff_stem(changes), lang, format);
    let mut context = page_base(workspace, lang, format, &title, alternate);
    let root = context.as_object_mut().expect("page_base is an object");

    // The release pages' labels, with the diff's words added.
    if let Some(Value::Object(page_labels)) = root.get_mut("labels") {
        for (key, text) in labels::all(lang) {
            page_labels.insert(key.to_string(), Value::String(text.to_string()));
        }
    }

    let t = |text: &Text| text.get(lang).to_string();
    let texts = |list: &[Text]| list.iter().map(t).collect::<Vec<_>>();
    let groups = changes.arch_groups();
    let fields = json!({
        "title": title,
        "from": changes.from,
        "to": changes.to,
        "only_arch": changes.only_arch,
        "only_arch_label": changes
            .only_arch
            .as_ref()
            .map(|a| labels::get("only_arch", lang).replace("{arch}", a)),
        "archs": {
            "added": changes.archs.added,
            "removed": changes.archs.removed,
            "common": changes.archs.common,
        },
        "attention": attention(changes, lang),
        "arch_groups": groups.iter().map(|g| arch_group(g, lang)).collect::<Vec<_>>(),
        "has_other_changes": changes.other_changes(),
        "driver": driver(changes, lang),
        "assets": {
            "added": changes.assets.added.iter().map(|a| json!({
                "image": a.image,
                "suits": texts(&a.suits),
                "not_suits": texts(&a.not_suits),
                "note": a.note.as_ref().map(t),
            })).collect::<Vec<_>>(),
            "removed": changes.assets.removed.iter().map(|a| json!({
                "image": a.image,
                "suits": texts(&a.suits),
                "not_suits": texts(&a.not_suits),
                "note": a.note.as_ref().map(t),
            })).collect::<Vec<_>>(),
            "changed": changes.assets.changed.iter().map(|a| json!({
                "image": a.image,
                "suits": { "added": texts(&a.suits.added), "removed": texts(&a.suits.removed) },
                "not_suits": { "added": texts(&a.not_suits.added), "removed": texts(&a.not_suits.removed) },
                "note": a.note.as_ref().map(|n| text_change(n, lang)),
            })).collect::<Vec<_>>(),
            "any": !changes.assets.is_empty(),
        },
        "features": {
            "added": texts(&changes.features.added),
            "removed": texts(&changes.features.removed),
            "unchanged": changes.features.unchanged,
            "unchanged_label": unchanged_label(changes.features.unchanged, lang),
            "any": !changes.features.is_empty(),
        },
        "bug_fixes": {
            "added": texts(&changes.bug_fixes.added),
            "removed": texts(&changes.bug_fixes.removed),
            "unchanged": changes.bug_fixes.unchanged,
            "unchanged_label": unchanged_label(changes.bug_fixes.unchanged, lang),
            "none_changed": changes.bug_fixes.none_changed(),
            "none_from": changes.bug_fixes.none.from.as_ref().map(t),
            "none_to": changes.bug_fixes.none.to.as_ref().map(t),
            "any": !changes.bug_fixes.is_empty(),
        },
        "known_issues": {
            "added": texts(&changes.known_issues.added),
            "removed": texts(&changes.known_issues.removed),
            "unchanged": changes.known_issues.unchanged,
            "unchanged_label": unchanged_label(changes.known_issues.unchanged, lang),
            "any": !changes.known_issues.is_empty(),
        },
        "includes": keyed(&changes.includes, |i: &Include| json!({
            "label": match &i.detail {
                Some(detail) => format!("{} ({})", i.name, detail.get(lang)),
                None => i.name.clone(),
            },
            "name": i.name,
            "detail": i.detail.as_ref().map(t),
        })),
        "env": keyed(&changes.env, |e: &EnvVar| json!({
            "label": match &e.value {
                Some(value) => format!("{}={value}", e.name),
                None => e.name.clone(),
            },
            "name": e.name,
            "value": e.value,
            "description": e.description.as_ref().map(t),
        })),
        "gpus": keyed(&changes.gpus, |g: &Gpu| {
            let details: Vec<&str> = [g.architecture.as_deref(), g.compute_capability.as_deref()]
                .into_iter()
                .flatten()
                .collect();
            json!({
                "label": if details.is_empty() {
                    g.name.clone()
                } else {
                    format!("{} ({})", g.name, details.join(", "))
                },
                "name": g.name,
                "architecture": g.architecture,
                "compute_capability": g.compute_capability,
            })
        }),
        "ports": keyed(&changes.ports, |p: &Port| json!({
            "label": match p.host {
                Some(host) => format!("{} {host}:{}", p.service, p.container),
                None => format!("{} {}", p.service, p.container),
            },
            "service": p.service,
            "container": p.container,
            "host": p.host,
        })),
        "sections": {
            "added": changes.sections.added.iter().map(|s| json!({ "id": s.id, "title": t(&s.title) })).collect::<Vec<_>>(),
            "removed": changes.sections.removed.iter().map(|s| json!({ "id": s.id, "title": t(&s.title) })).collect::<Vec<_>>(),
            "changed": changes.sections.changed.iter().map(|s| {
                let (old_title, new_title) = (s.title.from.get(lang), s.title.to.get(lang));
                let title_ops = word_diff(old_title, new_title);
                let title_changed = old_title.trim() != new_title.trim();
                let body = s.body.as_ref().map(|b| b.get(lang).to_vec());
                json!({
                    "id": s.id,
                    "title": new_title,
                    "title_from": old_title,
                    "title_changed": title_changed,
                    "title_diff": inline_html(&title_ops),
                    "title_ops": title_ops,
                    "body_changed": body.is_some(),
                    "body_diff": body.as_ref().map(|ops| word_diff_block(ops)),
                    "body_ops": body,
                })
            }).collect::<Vec<_>>(),
            "unchanged": changes.sections.unchanged,
            "unchanged_count": changes.sections.unchanged.len(),
            "unchanged_label": unchanged_label(changes.sections.unchanged.len(), lang),
            "any": !changes.sections.is_empty(),
        },
    });
    if let Value::Object(fields) = fields {
        root.extend(fields);
    }
    context
}

/// `3 unchanged`.
fn unchanged_label(n: usize, lang: Lang) -> String {
    labels::get("unchanged_count", lang).replace("{n}", &n.to_string())
}

/// Every downgrade, for the notice at the top of the page.
fn attention(changes: &ReleaseDiff, lang: Lang) -> Vec<Value> {
    let mut out: Vec<Value> = changes
        .downgrades()
        .into_iter()
        .map(|c| {
            json!({
                "name": c.name,
                "arch": c.arch,
                "from": c.from,
                "to": c.to,
            })
        })
        .collect();
    let cuda = &changes.driver.cuda;
    if cuda.change == Change::Downgraded {
        out.push(json!({
            "name": format!("{} · {}", labels::get("driver", lang), labels::get("driver_cuda", lang)),
            "arch": null,
            "from": cuda.from,
            "to": cuda.to,
        }));
    }
    out
}

fn change_fields(change: Change, lang: Lang) -> Map<String, Value> {
    let word = match change {
        Change::Downgraded => "downgraded",
        Change::Upgraded => "upgraded",
        Change::Added => "added",
        Change::Removed => "removed",
        Change::Unchanged => "unchanged",
    };
    let mut map = Map::new();
    map.insert("change".into(), json!(change.as_str()));
    map.insert("change_label".into(), json!(change_heading(change, lang)));
    map.insert("change_word".into(), json!(labels::get(word, lang)));
    map.insert("downgraded".into(), json!(change == Change::Downgraded));
    map
}

fn component_row(c: &ComponentChange, lang: Lang) -> Value {
    let mut row = change_fields(c.change, lang);
    row.insert("name".into(), json!(c.name));
    row.insert("from_name".into(), json!(c.from_name));
    row.insert("ecosystem".into(), json!(c.ecosystem.as_str()));
    row.insert("from".into(), json!(c.from));
    row.insert("to".into(), json!(c.to));
    Value::Object(row)
}

fn arch_group(group: &ArchGroup<'_>, lang: Lang) -> Value {
    let changed = [
        Change::Downgraded,
        Change::Upgraded,
        Change::Added,
        Change::Removed,
    ];
    let unchanged_listed = group.unchanged.len() <= LIST_UNCHANGED_UP_TO;
    let mut rows: Vec<Value> = changed
        .iter()
        .flat_map(|change| group.of(*change))
        .map(|c| component_row(c, lang))
        .collect();
    if unchanged_listed {
        rows.extend(group.unchanged.iter().map(|c| component_row(c, lang)));
    }
    let counts: Vec<Value> = Change::ALL
        .iter()
        .filter(|change| !group.of(**change).is_empty())
        .map(|change| {
            let mut count = change_fields(*change, lang);
            count.insert("count".into(), json!(group.of(*change).len()));
            Value::Object(count)
        })
        .collect();
    let status = match group.status {
        Change::Added => "added",
        Change::Removed => "removed",
        _ => "common",
    };
    let status_label = match group.status {
        Change::Added => Some(labels::get("arch_new", lang)),
        Change::Removed => Some(labels::get("arch_dropped", lang)),
        _ => None,
    };
    json!({
        "arch": group.arch,
        "status": status,
        "status_label": status_label,
        "counts": counts,
        "rows": rows,
        "changed_count": group.changed(),
        "unchanged_count": group.unchanged.len(),
        "unchanged_listed": unchanged_listed,
        "unchanged_label": unchanged_label(group.unchanged.len(), lang),
    })
}

fn value_change(key: &'static str, v: &ValueChange, lang: Lang) -> Value {
    let mut row = change_fields(v.change, lang);
    row.insert("label".into(), json!(labels::get(key, lang)));
    row.insert("from".into(), json!(v.from));
    row.insert("to".into(), json!(v.to));
    Value::Object(row)
}

fn driver(changes: &ReleaseDiff, lang: Lang) -> Value {
    let d = &changes.driver;
    let values: Vec<Value> = [
        ("driver_cuda", &d.cuda),
        ("driver_min", &d.min),
        (
            "driver_not_forward_compatible_with",
            &d.not_forward_compatible_with,
        ),
    ]
    .into_iter()
    .filter(|(_, v)| !v.is_unchanged())
    .map(|(key, v)| value_change(key, v, lang))
    .collect();
    let wording = d.wording.as_ref().map(|w| {
        let old = w.from.as_ref().map_or("", |t| t.get(lang));
        let new = w.to.as_ref().map_or("", |t| t.get(lang));
        let ops = word_diff(old, new);
        json!({
            "diff": word_diff_block(&ops),
            "ops": ops,
        })
    });
    json!({
        "any": !d.is_empty(),
        "values": values,
        "datacenter": {
            "added": d.datacenter.added.iter().map(|b| json!({ "branch": b.branch, "min": b.min })).collect::<Vec<_>>(),
            "removed": d.datacenter.removed.iter().map(|b| json!({ "branch": b.branch, "min": b.min })).collect::<Vec<_>>(),
            "changed": d.datacenter.changed.iter().map(|b| {
                let mut row = change_fields(b.change, lang);
                row.insert("branch".into(), json!(b.branch));
                row.insert("from".into(), json!(b.from));
                row.insert("to".into(), json!(b.to));
                Value::Object(row)
            }).collect::<Vec<_>>(),
            "any": !d.datacenter.is_empty(),
        },
        "upgrade_from": {
            "added": d.upgrade_from.added,
            "removed": d.upgrade_from.removed,
            "any": !d.upgrade_from.is_empty(),
        },
        "wording": wording,
    })
}

fn text_change(change: &TextChange, lang: Lang) -> Value {
    json!({
        "from": change.from.as_ref().map(|t| t.get(lang)),
        "to": change.to.as_ref().map(|t| t.get(lang)),
    })
}

fn keyed<T>(d: &KeyedDiff<T>, item: impl Fn(&T) -> Value) -> Value {
    json!({
        "added": d.added.iter().map(&item).collect::<Vec<_>>(),
        "removed": d.removed.iter().map(&item).collect::<Vec<_>>(),
        "changed": d.changed.iter().map(|c| json!({ "from": item(&c.from), "to": item(&c.to) })).collect::<Vec<_>>(),
        "any": !d.is_empty(),
    })
}

/// A word diff as HTML: text escaped, deletions in `<del>`, insertions in
/// `<ins>`. Both page formats use it (GitHub Markdown keeps both tags).
fn inline_html(ops: &[WordOp]) -> String {
    let mut out = String::new();
    for op in ops {
        let text = escape_html(&op.text);
        match op.op {
            WordTag::Equal => out.push_str(&text),
            WordTag::Delete => {
                out.push_str("<del>");
                out.push_str(&text);
                out.push_str("</del>");
            }
            WordTag::Insert => {
                out.push_str("<ins>");
                out.push_str(&text);
                out.push_str("</ins>");
            }
        }
    }
    out
}

/// A word diff of a whole (Markdown) text as a `<pre class="word-diff">`
/// block, its line breaks kept.
fn word_diff_block(ops: &[WordOp]) -> String {
    let inner = inline_html(ops);
    format!(
        "<pre class=\"word-diff\">{}</pre>",
        inner.trim_end_matches('\n')
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{Project, Release};

    const PROJECT: &str = r#"
languages = ["zh", "en"]
[product]
id = "p"
name = { zh = "产品", en = "Product" }
"#;

    /// Every kind of change the page shows, so that every branch of both
    /// templates runs (strict mode fails on a misspelt field only when the
    /// line runs).
    const FROM: &str = r#"
version = "1"
archs = ["amd64", "ppc64le"]
title = { zh = "1", en = "1" }
features = [{ zh = "旧", en = "old" }, { zh = "同", en = "same" }]
known_issues = [{ zh = "问题", en = "issue" }]
[bug_fixes]
none = { zh = "暂无", en = "None" }
[components]
CUDA = "12.9.0"
torch = "2.6"
flash_attn = "2.8.3"
kept = "1.0"
[arch.ppc64le.components]
openblas = "0.3"
[driver]
cuda = "12.9.0"
min = "575"
datacenter = [{ branch = "R470", min = "470.57" }, { branch = "R535", min = "535.86" }]
upgrade_from = ["R418"]
not_forward_compatible_with = "12.8"
wording = { zh = "旧的说明 <b>", en = "Old wording & more <b>" }
[[assets]]
image = "r/a:1"
suits = [{ zh = "甲", en = "A" }]
note = { zh = "注", en = "note" }
[[assets]]
image = "r/gone"
[[includes]]
name = "SSH"
[[env]]
name = "E"
value = "1"
[[gpus]]
name = "A100"
[[ports]]
service = "SSH"
container = 22
[[sections]]
id = "s"
title = { zh = "节", en = "Section" }
body = { zh = "正文 <x>", en = "Body text & more" }
[[sections]]
id = "old"
title = { zh = "旧节", en = "Old section" }
body = { zh = "旧", en = "old" }
"#;

    const TO: &str = r#"
version = "2"
archs = ["aarch64", "amd64"]
title = { zh = "2", en = "2" }
features = [{ zh = "新", en = "new" }, { zh = "同", en = "same" }]
bug_fixes = [{ zh = "修复", en = "fix" }]
[components]
CUDA = "12.8"
torch = "2.8"
flash-attn = "2.8.3"
kept = "1.0.0"
[driver]
cuda = "12.8.0"
min = "580"
datacenter = [{ branch = "R535", min = "535.104" }, { branch = "R550", min = "550.54" }]
upgrade_from = ["R545"]
wording = { zh = "新的说明 <b>", en = "New wording & more <b>" }
[[assets]]
image = "r/a:1"
suits = [{ zh = "乙", en = "B" }]
not_suits = [{ zh = "甲", en = "A" }]
note = { zh = "新注", en = "new note" }
[[assets]]
image = "r/new"
[[includes]]
name = "NumPy"
detail = { zh = "2.x", en = "2.x" }
[[env]]
name = "E"
value = "2"
[[gpus]]
name = "A100"
architecture = "Ampere"
[[ports]]
service = "SSH"
container = 22
host = 2222
[[sections]]
id = "s"
title = { zh = "新节", en = "Section" }
body = { zh = "正文 <y>", en = "Body text & less" }
[[sections]]
id = "new"
title = { zh = "新节二", en = "New section" }
body = { zh = "新", en = "new" }
"#;

    fn everything() -> (Workspace, ReleaseDiff) {
        let project: Project = toml::from_str(PROJECT).unwrap();
        let from: Release = toml::from_str(FROM).unwrap();
        let to: Release = toml::from_str(TO).unwrap();
        let changes = crate::diff::diff(&project, &from, &to, None).unwrap();
        let workspace = Workspace {
            root: std::path::PathBuf::from("/nonexistent"),
            project,
        };
        (workspace, changes)
    }

    #[test]
    fn every_kind_of_change_renders_in_both_formats_and_languages() {
        let (workspace, changes) = everything();
        let templates = Templates::builtin().unwrap();
        for lang in Lang::ALL {
            for format in [PageFormat::Md, PageFormat::Html] {
                let page = render(&templates, &workspace, &changes, lang, format)
                    .unwrap_or_else(|e| panic!("{lang} {format:?}: {e}"));
                for expected in [
                    "R550", "R470", "r/new", "r/gone", "NumPy", "2222", "Ampere", "openblas",
                ] {
                    assert!(
                        page.contains(expected),
                        "{lang} {format:?}: no {expected} in\n{page}"
                    );
                }
                let downgrade = labels::get("marker_downgraded", lang);
                assert!(
                    page.matches(downgrade).count() >= 3,
                    "{lang} {format:?}:\n{page}"
                );
                if format == PageFormat::Html {
                    assert!(
                        page.contains("&lt;b&gt;") && !page.contains("<b>"),
                        "record text is escaped:\n{page}"
                    );
                    assert!(page.contains("<ins>") && page.contains("<del>"));
                    assert!(page.contains("class=\"arch arch-removed\""), "{page}");
                    assert!(page.contains("(flash_attn)"), "old spelling shown");
                    use html5ever::tendril::TendrilSink;
                    let dom = html5ever::parse_document(
                        markup5ever_rcdom::RcDom::default(),
                        Default::default(),
                    )
                    .one(page.as_str());
                    assert!(
                        dom.errors.borrow().is_empty(),
                        "{lang}: {:?}",
                        dom.errors.borrow()
                    );
                }
            }
        }
        let md = render(&templates, &workspace, &changes, Lang::En, PageFormat::Md).unwrap();
        assert!(md.contains("[中文](1..2.zh.md)"), "{md}");
        assert!(!md.contains("- **Added** Stated as none"), "{md}");
        assert!(md.contains("- **Removed** Stated as none: None"), "{md}");
        assert!(
            md.contains("| kept | pypi | 1.0 | 1.0.0 | = Unchanged |"),
            "few unchanged are listed: {md}"
        );
    }

    #[test]
    fn file_names_of_diff_pages() {
        let (_, mut changes) = everything();
        assert_eq!(
            diff_file_name(&changes, Lang::En, PageFormat::Html),
            "1..2.en.html"
        );
        changes.only_arch = Some("amd64".into());
        assert_eq!(
            diff_file_name(&changes, Lang::Zh, PageFormat::Md),
            "1..2.amd64.zh.md"
        );
    }

    fn op(op: WordTag, text: &str) -> WordOp {
        WordOp {
            op,
            text: text.into(),
        }
    }

    #[test]
    fn word_diffs_are_escaped_and_marked() {
        let ops = [
            op(WordTag::Equal, "a <b> & "),
            op(WordTag::Delete, "old"),
            op(WordTag::Insert, "new\n"),
        ];
        assert_eq!(
            inline_html(&ops),
            "a &lt;b&gt; &amp; <del>old</del><ins>new\n</ins>"
        );
        assert_eq!(
            word_diff_block(&ops),
            "<pre class=\"word-diff\">a &lt;b&gt; &amp; <del>old</del><ins>new\n</ins></pre>"
        );
    }
}
