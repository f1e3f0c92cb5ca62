//! The data a diff page template sees (`diff.md.hbs`, `diff.html.hbs`):
//! every text already in the page's language, every list present (possibly
//! empty) and every optional value present as `null`, as on release pages;
//! docs/diff.md lists the fields.

use super::PageFormat;
use super::context::{DatacenterItem, EnvItem, GpuItem, IncludeItem, PortItem};
use super::diff_page::{diff_stem, inline_html, word_diff_block};
use super::page::{Page, PageBase, alternate_pages};
use crate::diff::labels::{self, change_heading};
use crate::diff::{
    ArchGroup, Change, ComponentChange, KeyedDiff, ReleaseDiff, TextChange, TextsDiff, ValueChange,
    WordOp, word_diff,
};
use model::{Asset, EnvVar, Gpu, Include, Lang, Port, Text, Workspace};
use serde::Serialize;

/// Unchanged components are listed when an arch has at most this many.
const LIST_UNCHANGED_UP_TO: usize = 5;

/// The context of `diff.md.hbs` / `diff.html.hbs`.
pub(crate) type DiffContext = Page<DiffNotes>;

/// What a diff page shows of a [`ReleaseDiff`].
#[derive(Debug, Clone, Serialize)]
pub(crate) struct DiffNotes {
    pub title: String,
    pub from: String,
    pub to: String,
    pub only_arch: Option<String>,
    pub only_arch_label: Option<String>,
    pub archs: ArchSets,
    /// Every downgrade, for the notice at the top of the page.
    pub attention: Vec<Attention>,
    pub arch_groups: Vec<ArchGroupItem>,
    pub has_other_changes: bool,
    pub driver: DriverChanges,
    pub assets: AssetChanges,
    pub features: TextChanges,
    pub bug_fixes: BugFixChanges,
    pub known_issues: TextChanges,
    pub includes: Keyed<IncludeItem>,
    pub env: Keyed<EnvItem>,
    pub gpus: Keyed<GpuItem>,
    pub ports: Keyed<PortItem>,
    pub sections: SectionChanges,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ArchSets {
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub common: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Attention {
    pub name: String,
    /// `None` for the driver's CUDA version.
    pub arch: Option<String>,
    pub from: Option<String>,
    pub to: Option<String>,
}

/// How a thing changed, in the words of the page.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ChangeWords {
    /// `downgraded`, `upgraded`, `added`, `removed` or `unchanged`.
    pub change: &'static str,
    /// The heading with its marker: `▼ DOWNGRADE`.
    pub change_label: String,
    pub change_word: &'static str,
    pub downgraded: bool,
}

/// The components of one arch, downgrades first.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ArchGroupItem {
    pub arch: String,
    /// `added`, `removed` or `common`.
    pub status: &'static str,
    pub status_label: Option<&'static str>,
    pub counts: Vec<ChangeCount>,
    pub rows: Vec<ComponentRow>,
    pub changed_count: usize,
    pub unchanged_count: usize,
    pub unchanged_listed: bool,
    pub unchanged_label: String,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ChangeCount {
    #[serde(flatten)]
    pub change: ChangeWords,
    pub count: usize,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ComponentRow {
    #[serde(flatten)]
    pub change: ChangeWords,
    pub name: String,
    /// The old release's spelling, when it differs.
    pub from_name: Option<String>,
    pub ecosystem: &'static str,
    pub from: Option<String>,
    pub to: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct DriverChanges {
    pub any: bool,
    /// CUDA, minimum driver and forward compatibility, when changed.
    pub values: Vec<ValueRow>,
    pub datacenter: DatacenterChanges,
    pub upgrade_from: AddedRemoved<String>,
    pub wording: Option<WordingDiff>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct ValueRow {
    #[serde(flatten)]
    pub change: ChangeWords,
    pub label: &'static str,
    pub from: Option<String>,
    pub to: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct DatacenterChanges {
    pub added: Vec<DatacenterItem>,
    pub removed: Vec<DatacenterItem>,
    pub changed: Vec<BranchRow>,
    pub any: bool,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct BranchRow {
    #[serde(flatten)]
    pub change: ChangeWords,
    pub branch: String,
    pub from: String,
    pub to: String,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct AddedRemoved<T> {
    pub added: Vec<T>,
    pub removed: Vec<T>,
    pub any: bool,
}

/// A word diff: as HTML (`<del>`, `<ins>` in a `<pre>`) and as its runs.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct WordingDiff {
    pub diff: String,
    pub ops: Vec<WordOp>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct AssetChanges {
    pub added: Vec<AssetSummary>,
    pub removed: Vec<AssetSummary>,
    pub changed: Vec<AssetChangeItem>,
    pub any: bool,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct AssetSummary {
    pub image: String,
    pub suits: Vec<String>,
    pub not_suits: Vec<String>,
    pub note: Option<String>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct AssetChangeItem {
    pub image: String,
    pub suits: Lists,
    pub not_suits: Lists,
    pub note: Option<FromTo<Option<String>>>,
}

/// Texts added to and removed from a list.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Lists {
    pub added: Vec<String>,
    pub removed: Vec<String>,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct FromTo<T> {
    pub from: T,
    pub to: T,
}

/// Features or known issues.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct TextChanges {
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub unchanged: usize,
    pub unchanged_label: String,
    pub any: bool,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct BugFixChanges {
    pub added: Vec<String>,
    pub removed: Vec<String>,
    pub unchanged: usize,
    pub unchanged_label: String,
    /// Whether the statement "no bug fixes" changed.
    pub none_changed: bool,
    pub none_from: Option<String>,
    pub none_to: Option<String>,
    pub any: bool,
}

/// Items matched by a key, each with a `label` that says it in one line.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Keyed<T> {
    pub added: Vec<Labelled<T>>,
    pub removed: Vec<Labelled<T>>,
    pub changed: Vec<FromTo<Labelled<T>>>,
    pub any: bool,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct Labelled<T> {
    pub label: String,
    #[serde(flatten)]
    pub item: T,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct SectionChanges {
    pub added: Vec<SectionTitle>,
    pub removed: Vec<SectionTitle>,
    pub changed: Vec<SectionChangeItem>,
    /// The ids of the sections that did not change.
    pub unchanged: Vec<String>,
    pub unchanged_count: usize,
    pub unchanged_label: String,
    pub any: bool,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct SectionTitle {
    pub id: String,
    pub title: String,
}

#[derive(Debug, Clone, Serialize)]
pub(crate) struct SectionChangeItem {
    pub id: String,
    pub title: String,
    pub title_from: String,
    pub title_changed: bool,
    pub title_diff: String,
    pub title_ops: Vec<WordOp>,
    pub body_changed: bool,
    pub body_diff: Option<String>,
    pub body_ops: Option<Vec<WordOp>>,
}

/// The context of `diff.md.hbs` / `diff.html.hbs`.
pub(crate) fn diff_context(
    workspace: &Workspace,
    changes: &ReleaseDiff,
    lang: Lang,
    format: PageFormat,
) -> DiffContext {
    let content = diff_notes(workspace, changes, lang);
    let alternates = alternate_pages(workspace, &diff_stem(changes), lang, format);
    Page {
        base: PageBase::new(workspace, lang, format, &content.title, alternates),
        content,
    }
}

/// The fields of a diff page that come from the diff.
pub(crate) fn diff_notes(workspace: &Workspace, changes: &ReleaseDiff, lang: Lang) -> DiffNotes {
    let product = workspace.project.product.name.get(lang);
    let title = labels::get("title", lang)
        .replace("{product}", product)
        .replace("{from}", &changes.from)
        .replace("{to}", &changes.to);
    let t = |text: &Text| text.get(lang).to_string();
    let bug_fixes = &changes.bug_fixes;
    DiffNotes {
        title,
        from: changes.from.clone(),
        to: changes.to.clone(),
        only_arch: changes.only_arch.clone(),
        only_arch_label: changes
            .only_arch
            .as_ref()
            .map(|a| labels::get("only_arch", lang).replace("{arch}", a)),
        archs: ArchSets {
            added: changes.archs.added.clone(),
            removed: changes.archs.removed.clone(),
            common: changes.archs.common.clone(),
        },
        attention: attention(changes, lang),
        arch_groups: changes
            .arch_groups()
            .iter()
            .map(|g| arch_group(g, lang))
            .collect(),
        has_other_changes: changes.other_changes(),
        driver: driver(changes, lang),
        assets: AssetChanges {
            added: changes
                .assets
                .added
                .iter()
                .map(|a| asset(a, lang))
                .collect(),
            removed: changes
                .assets
                .removed
                .iter()
                .map(|a| asset(a, lang))
                .collect(),
            changed: changes
                .assets
                .changed
                .iter()
                .map(|a| AssetChangeItem {
                    image: a.image.clone(),
                    suits: Lists {
                        added: texts(&a.suits.added, lang),
                        removed: texts(&a.suits.removed, lang),
                    },
                    not_suits: Lists {
                        added: texts(&a.not_suits.added, lang),
                        removed: texts(&a.not_suits.removed, lang),
                    },
                    note: a.note.as_ref().map(|n| text_change(n, lang)),
                })
                .collect(),
            any: !changes.assets.is_empty(),
        },
        features: text_changes(&changes.features, lang),
        bug_fixes: BugFixChanges {
            added: texts(&bug_fixes.added, lang),
            removed: texts(&bug_fixes.removed, lang),
            unchanged: bug_fixes.unchanged,
            unchanged_label: unchanged_label(bug_fixes.unchanged, lang),
            none_changed: bug_fixes.none_changed(),
            none_from: bug_fixes.none.from.as_ref().map(t),
            none_to: bug_fixes.none.to.as_ref().map(t),
            any: !bug_fixes.is_empty(),
        },
        known_issues: text_changes(&changes.known_issues, lang),
        includes: keyed(&changes.includes, |i: &Include| Labelled {
            label: match &i.detail {
                Some(detail) => format!("{} ({})", i.name, detail.get(lang)),
                None => i.name.clone(),
            },
            item: IncludeItem {
                name: i.name.clone(),
                detail: i.detail.as_ref().map(t),
            },
        }),
        env: keyed(&changes.env, |e: &EnvVar| Labelled {
            label: match &e.value {
                Some(value) => format!("{}={value}", e.name),
                None => e.name.clone(),
            },
            item: EnvItem {
                name: e.name.clone(),
                value: e.value.clone(),
                description: e.description.as_ref().map(t),
            },
        }),
        gpus: keyed(&changes.gpus, |g: &Gpu| {
            let details: Vec<&str> = [g.architecture.as_deref(), g.compute_capability.as_deref()]
                .into_iter()
                .flatten()
                .collect();
            Labelled {
                label: if details.is_empty() {
                    g.name.clone()
                } else {
                    format!("{} ({})", g.name, details.join(", "))
                },
                item: GpuItem {
                    name: g.name.clone(),
                    architecture: g.architecture.clone(),
                    compute_capability: g.compute_capability.clone(),
                },
            }
        }),
        ports: keyed(&changes.ports, |p: &Port| Labelled {
            label: match p.host {
                Some(host) => format!("{} {host}:{}", p.service, p.container),
                None => format!("{} {}", p.service, p.container),
            },
            item: PortItem {
                service: p.service.clone(),
                container: p.container,
                host: p.host,
            },
        }),
        sections: sections(changes, lang),
    }
}

fn texts(list: &[Text], lang: Lang) -> Vec<String> {
    list.iter().map(|t| t.get(lang).to_string()).collect()
}

fn asset(a: &Asset, lang: Lang) -> AssetSummary {
    AssetSummary {
        image: a.image.clone(),
        suits: texts(&a.suits, lang),
        not_suits: texts(&a.not_suits, lang),
        note: a.note.as_ref().map(|n| n.get(lang).to_string()),
    }
}

fn text_changes(d: &TextsDiff, lang: Lang) -> TextChanges {
    TextChanges {
        added: texts(&d.added, lang),
        removed: texts(&d.removed, lang),
        unchanged: d.unchanged,
        unchanged_label: unchanged_label(d.unchanged, lang),
        any: !d.is_empty(),
    }
}

fn sections(changes: &ReleaseDiff, lang: Lang) -> SectionChanges {
    let d = &changes.sections;
    let title = |id: &str, title: &Text| SectionTitle {
        id: id.to_string(),
        title: title.get(lang).to_string(),
    };
    SectionChanges {
        added: d.added.iter().map(|s| title(&s.id, &s.title)).collect(),
        removed: d.removed.iter().map(|s| title(&s.id, &s.title)).collect(),
        changed: d
            .changed
            .iter()
            .map(|s| {
                let (old_title, new_title) = (s.title.from.get(lang), s.title.to.get(lang));
                let title_ops = word_diff(old_title, new_title);
                let body = s.body.as_ref().map(|b| b.get(lang).to_vec());
                SectionChangeItem {
                    id: s.id.clone(),
                    title: new_title.to_string(),
                    title_from: old_title.to_string(),
                    title_changed: old_title.trim() != new_title.trim(),
                    title_diff: inline_html(&title_ops),
                    title_ops,
                    body_changed: body.is_some(),
                    body_diff: body.as_ref().map(|ops| word_diff_block(ops)),
                    body_ops: body,
                }
            })
            .collect(),
        unchanged: d.unchanged.clone(),
        unchanged_count: d.unchanged.len(),
        unchanged_label: unchanged_label(d.unchanged.len(), lang),
        any: !d.is_empty(),
    }
}

/// `3 unchanged`.
fn unchanged_label(n: usize, lang: Lang) -> String {
    labels::get("unchanged_count", lang).replace("{n}", &n.to_string())
}

/// Every downgrade, for the notice at the top of the page.
fn attention(changes: &ReleaseDiff, lang: Lang) -> Vec<Attention> {
    let mut out: Vec<Attention> = changes
        .downgrades()
        .into_iter()
        .map(|c| Attention {
            name: c.name.clone(),
            arch: Some(c.arch.clone()),
            from: c.from.clone(),
            to: c.to.clone(),
        })
        .collect();
    let cuda = &changes.driver.cuda;
    if cuda.change == Change::Downgraded {
        out.push(Attention {
            name: format!(
                "{} · {}",
                labels::get("driver", lang),
                labels::get("driver_cuda", lang)
            ),
            arch: None,
            from: cuda.from.clone(),
            to: cuda.to.clone(),
        });
    }
    out
}

fn change_words(change: Change, lang: Lang) -> ChangeWords {
    ChangeWords {
        change: change.as_str(),
        change_label: change_heading(change, lang),
        change_word: labels::get(change.as_str(), lang),
        downgraded: change == Change::Downgraded,
    }
}

fn component_row(c: &ComponentChange, lang: Lang) -> ComponentRow {
    ComponentRow {
        change: change_words(c.change, lang),
        name: c.name.clone(),
        from_name: c.from_name.clone(),
        ecosystem: c.ecosystem.as_str(),
        from: c.from.clone(),
        to: c.to.clone(),
    }
}

fn arch_group(group: &ArchGroup<'_>, lang: Lang) -> ArchGroupItem {
    let changed = [
        Change::Downgraded,
        Change::Upgraded,
        Change::Added,
        Change::Removed,
    ];
    let unchanged_listed = group.unchanged.len() <= LIST_UNCHANGED_UP_TO;
    let mut rows: Vec<ComponentRow> = changed
        .iter()
        .flat_map(|change| group.of(*change))
        .map(|c| component_row(c, lang))
        .collect();
    if unchanged_listed {
        rows.extend(group.unchanged.iter().map(|c| component_row(c, lang)));
    }
    let counts = Change::ALL
        .iter()
        .filter(|change| !group.of(**change).is_empty())
        .map(|change| ChangeCount {
            change: change_words(*change, lang),
            count: group.of(*change).len(),
        })
        .collect();
    let (status, status_label) = match group.status {
        Change::Added => ("added", Some(labels::get("arch_new", lang))),
        Change::Removed => ("removed", Some(labels::get("arch_dropped", lang))),
        _ => ("common", None),
    };
    ArchGroupItem {
        arch: group.arch.clone(),
        status,
        status_label,
        counts,
        rows,
        changed_count: group.changed(),
        unchanged_count: group.unchanged.len(),
        unchanged_listed,
        unchanged_label: unchanged_label(group.unchanged.len(), lang),
    }
}

fn value_row(key: &'static str, v: &ValueChange, lang: Lang) -> ValueRow {
    ValueRow {
        change: change_words(v.change, lang),
        label: labels::get(key, lang),
        from: v.from.clone(),
        to: v.to.clone(),
    }
}

fn driver(changes: &ReleaseDiff, lang: Lang) -> DriverChanges {
    let d = &changes.driver;
    let values = [
        ("driver_cuda", &d.cuda),
        ("driver_min", &d.min),
        (
            "driver_not_forward_compatible_with",
            &d.not_forward_compatible_with,
        ),
    ]
    .into_iter()
    .filter(|(_, v)| !v.is_unchanged())
    .map(|(key, v)| value_row(key, v, lang))
    .collect();
    let wording = d.wording.as_ref().map(|w| {
        let old = w.from.as_ref().map_or("", |t| t.get(lang));
        let new = w.to.as_ref().map_or("", |t| t.get(lang));
        let ops = word_diff(old, new);
        WordingDiff {
            diff: word_diff_block(&ops),
            ops,
        }
    });
    let branch = |b: &crate::diff::Branch| DatacenterItem {
        branch: b.branch.clone(),
        min: b.min.clone(),
    };
    DriverChanges {
        any: !d.is_empty(),
        values,
        datacenter: DatacenterChanges {
            added: d.datacenter.added.iter().map(branch).collect(),
            removed: d.datacenter.removed.iter().map(branch).collect(),
            changed: d
                .datacenter
                .changed
                .iter()
                .map(|b| BranchRow {
                    change: change_words(b.change, lang),
                    branch: b.branch.clone(),
                    from: b.from.clone(),
                    to: b.to.clone(),
                })
                .collect(),
            any: !d.datacenter.is_empty(),
        },
        upgrade_from: AddedRemoved {
            added: d.upgrade_from.added.clone(),
            removed: d.upgrade_from.removed.clone(),
            any: !d.upgrade_from.is_empty(),
        },
        wording,
    }
}

fn text_change(change: &TextChange, lang: Lang) -> FromTo<Option<String>> {
    FromTo {
        from: change.from.as_ref().map(|t| t.get(lang).to_string()),
        to: change.to.as_ref().map(|t| t.get(lang).to_string()),
    }
}

fn keyed<T, I>(d: &KeyedDiff<T>, item: impl Fn(&T) -> Labelled<I>) -> Keyed<I> {
    Keyed {
        added: d.added.iter().map(&item).collect(),
        removed: d.removed.iter().map(&item).collect(),
        changed: d
            .changed
            .iter()
            .map(|c| FromTo {
                from: item(&c.from),
                to: item(&c.to),
            })
            .collect(),
        any: !d.is_empty(),
    }
}
