//! Components of one arch, matched by normalised name.

use super::{Change, ComponentChange};
use model::{ArchView, Package};

/// One entry per component of `arch`: the new release's components in its
/// order, then those only the old release has, in the old release's order.
///
/// `old`/`new` are `None` for an arch the release does not declare, so an
/// arch only one side has is all `added` or all `removed`.
pub(super) fn compare(
    arch: &str,
    old: Option<&ArchView>,
    new: Option<&ArchView>,
) -> Vec<ComponentChange> {
    let old_components: &[Package] = old.map_or(&[], |v| &v.components);
    let new_components: &[Package] = new.map_or(&[], |v| &v.components);
    let mut out = Vec::with_capacity(new_components.len() + old_components.len());
    for c in new_components {
        let before = old_components.iter().find(|o| o.key == c.key);
        let ecosystem = c.ecosystem;
        out.push(ComponentChange {
            name: c.name.clone(),
            arch: arch.to_string(),
            ecosystem,
            from: before.map(|o| o.version.clone()),
            to: Some(c.version.clone()),
            change: match before {
                None => Change::Added,
                Some(o) => {
                    Change::from_order(o.version_order(c), ecosystem, &o.version, &c.version)
                }
            },
            from_name: before.filter(|o| o.name != c.name).map(|o| o.name.clone()),
            key: c.key.clone(),
        });
    }
    for o in old_components {
        if new_components.iter().any(|c| c.key == o.key) {
            continue;
        }
        out.push(ComponentChange {
            name: o.name.clone(),
            arch: arch.to_string(),
            ecosystem: o.ecosystem,
            from: Some(o.version.clone()),
            to: None,
            change: Change::Removed,
            from_name: None,
            key: o.key.clone(),
        });
    }
    out
}
