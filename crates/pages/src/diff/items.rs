//! Everything besides components: driver requirements, assets, texts,
//! includes, environment, GPUs, ports and sections.
//!
//! Lists are matched by a key (image reference, branch, name, service,
//! section id); new items come in the new release's order, removed ones in
//! the old release's order.

use super::changes::same_text;
use super::{
    AddedRemoved, AssetChange, AssetsDiff, BodyDiff, Branch, BranchChange, BugFixesDiff, Change,
    Changed, DatacenterDiff, DriverDiff, KeyedDiff, SectionChange, SectionRef, SectionsDiff,
    TextChange, TextsDiff, TitleChange, ValueChange,
};
use model::{
    Asset, BugFixes, Driver, Ecosystem, EnvVar, Gpu, Include, Port, Section, Text, pep503,
};

fn same_optional_text(a: Option<&Text>, b: Option<&Text>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => same_text(a, b),
        _ => false,
    }
}

/// A change of an optional text, or `None` when it stayed the same.
fn text_change(from: Option<&Text>, to: Option<&Text>) -> Option<TextChange> {
    (!same_optional_text(from, to)).then(|| TextChange {
        from: from.cloned(),
        to: to.cloned(),
    })
}

/// Texts added and removed, each matched at most once (a text listed twice
/// counts twice).
pub(super) fn texts(from: &[Text], to: &[Text]) -> TextsDiff {
    let mut used = vec![false; from.len()];
    let mut added = Vec::new();
    let mut unchanged = 0;
    for text in to {
        let found = (0..from.len()).find(|&i| !used[i] && same_text(&from[i], text));
        match found {
            Some(i) => {
                used[i] = true;
                unchanged += 1;
            }
            None => added.push(text.clone()),
        }
    }
    let removed = from
        .iter()
        .zip(&used)
        .filter(|(_, used)| !**used)
        .map(|(t, _)| t.clone())
        .collect();
    TextsDiff {
        added,
        removed,
        unchanged,
    }
}

fn added_removed_texts(from: &[Text], to: &[Text]) -> AddedRemoved<Text> {
    let d = texts(from, to);
    AddedRemoved {
        added: d.added,
        removed: d.removed,
    }
}

pub(super) fn bug_fixes(from: &BugFixes, to: &BugFixes) -> BugFixesDiff {
    let none = |b: &BugFixes| match b {
        BugFixes::None(text) => Some(text.clone()),
        BugFixes::List(_) => None,
    };
    let items = texts(from.items(), to.items());
    BugFixesDiff {
        none: TextChange {
            from: none(from),
            to: none(to),
        },
        added: items.added,
        removed: items.removed,
        unchanged: items.unchanged,
    }
}

/// Items matched by `key`; `same` says whether a matched pair is unchanged.
fn keyed<T: Clone>(
    from: &[T],
    to: &[T],
    key: impl Fn(&T) -> String,
    same: impl Fn(&T, &T) -> bool,
) -> KeyedDiff<T> {
    let mut out = KeyedDiff::default();
    for new in to {
        match from.iter().find(|old| key(old) == key(new)) {
            None => out.added.push(new.clone()),
            Some(old) if !same(old, new) => out.changed.push(Changed {
                from: old.clone(),
                to: new.clone(),
            }),
            Some(_) => {}
        }
    }
    for old in from {
        if !to.iter().any(|new| key(new) == key(old)) {
            out.removed.push(old.clone());
        }
    }
    out
}

/// A name compared without case and separator spelling.
fn name_key(name: &str) -> String {
    pep503(name.trim()).replace(' ', "-")
}

pub(super) fn includes(from: &[Include], to: &[Include]) -> KeyedDiff<Include> {
    keyed(
        from,
        to,
        |i| name_key(&i.name),
        |a, b| same_optional_text(a.detail.as_ref(), b.detail.as_ref()),
    )
}

pub(super) fn env(from: &[EnvVar], to: &[EnvVar]) -> KeyedDiff<EnvVar> {
    keyed(
        from,
        to,
        |e| e.name.trim().to_string(),
        |a, b| {
            a.value == b.value && same_optional_text(a.description.as_ref(), b.description.as_ref())
        },
    )
}

pub(super) fn gpus(from: &[Gpu], to: &[Gpu]) -> KeyedDiff<Gpu> {
    keyed(
        from,
        to,
        |g| name_key(&g.name),
        |a, b| a.architecture == b.architecture && a.compute_capability == b.compute_capability,
    )
}

pub(super) fn ports(from: &[Port], to: &[Port]) -> KeyedDiff<Port> {
    keyed(
        from,
        to,
        |p| name_key(&p.service),
        |a, b| a.container == b.container && a.host == b.host,
    )
}

pub(super) fn assets(from: &[Asset], to: &[Asset]) -> AssetsDiff {
    let matched = keyed(from, to, |a| a.image.trim().to_string(), |_, _| false);
    let mut changed = Vec::new();
    for Changed { from: old, to: new } in matched.changed {
        let change = AssetChange {
            image: new.image.clone(),
            suits: added_removed_texts(&old.suits, &new.suits),
            not_suits: added_removed_texts(&old.not_suits, &new.not_suits),
            note: text_change(old.note.as_ref(), new.note.as_ref()),
        };
        if !change.suits.is_empty() || !change.not_suits.is_empty() || change.note.is_some() {
            changed.push(change);
        }
    }
    AssetsDiff {
        added: matched.added,
        removed: matched.removed,
        changed,
    }
}

pub(super) fn driver(from: Option<&Driver>, to: Option<&Driver>) -> DriverDiff {
    let none = Driver::default();
    let old = from.unwrap_or(&none);
    let new = to.unwrap_or(&none);
    let branch_key = |b: &str| b.trim().to_ascii_uppercase();

    let mut datacenter = DatacenterDiff::default();
    for b in &new.datacenter {
        let min = &b.min;
        match old
            .datacenter
            .iter()
            .find(|o| branch_key(&o.branch) == branch_key(&b.branch))
        {
            None => datacenter.added.push(Branch {
                branch: b.branch.clone(),
                min: min.clone(),
            }),
            Some(o) => {
                let change = Change::between(Ecosystem::Generic, Some(&o.min), Some(min));
                if change != Change::Unchanged {
                    datacenter.changed.push(BranchChange {
                        branch: b.branch.clone(),
                        from: o.min.clone(),
                        to: min.clone(),
                        change,
                    });
                }
            }
        }
    }
    for o in &old.datacenter {
        if !new
            .datacenter
            .iter()
            .any(|b| branch_key(&b.branch) == branch_key(&o.branch))
        {
            datacenter.removed.push(Branch {
                branch: o.branch.clone(),
                min: o.min.clone(),
            });
        }
    }

    let upgrade_from = AddedRemoved {
        added: new
            .upgrade_from
            .iter()
            .filter(|b| {
                !old.upgrade_from
                    .iter()
                    .any(|o| branch_key(o) == branch_key(b))
            })
            .cloned()
            .collect(),
        removed: old
            .upgrade_from
            .iter()
            .filter(|o| {
                !new.upgrade_from
                    .iter()
                    .any(|b| branch_key(o) == branch_key(b))
            })
            .cloned()
            .collect(),
    };

    DriverDiff {
        cuda: ValueChange::new(Ecosystem::Cuda, old.cuda.as_deref(), new.cuda.as_deref()),
        min: ValueChange::new(Ecosystem::Generic, old.min.as_deref(), new.min.as_deref()),
        datacenter,
        upgrade_from,
        not_forward_compatible_with: ValueChange::new(
            Ecosystem::Cuda,
            old.not_forward_compatible_with.as_deref(),
            new.not_forward_compatible_with.as_deref(),
        ),
        wording: text_change(old.wording.as_ref(), new.wording.as_ref()),
    }
}

pub(super) fn sections(from: &[Section], to: &[Section]) -> SectionsDiff {
    let id = |s: &Section| s.id.trim().to_string();
    let reference = |s: &Section| SectionRef {
        id: s.id.clone(),
        title: s.title.clone(),
    };
    let mut out = SectionsDiff::default();
    for new in to {
        match from.iter().find(|old| id(old) == id(new)) {
            None => out.added.push(reference(new)),
            Some(old) => {
                let title = TitleChange {
                    from: old.title.clone(),
                    to: new.title.clone(),
                };
                let body = (!same_text(&old.body, &new.body))
                    .then(|| BodyDiff::between(&old.body, &new.body));
                if title.changed() || body.is_some() {
                    out.changed.push(SectionChange {
                        id: new.id.clone(),
                        title,
                        body,
                    });
                } else {
                    out.unchanged.push(new.id.clone());
                }
            }
        }
    }
    for old in from {
        if !to.iter().any(|new| id(new) == id(old)) {
            out.removed.push(reference(old));
        }
    }
    out
}
