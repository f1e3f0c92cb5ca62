//! Edits of a record's TOML document that keep everything else as it was
//! written: key order, comments, blank lines, quoting. Values that change
//! keep their own decoration; tables that appear take the place of their
//! neighbours.

use model::{Arch, DatacenterBranch, Driver};
use toml_edit::{Array, ArrayOfTables, DocumentMut, InlineTable, Item, Table, Value, value};

/// The comment above every line a draft generated.
pub(crate) const GENERATED: &str = "# generated from the image: review";

/// Components laid out as records lay them out: what every arch holds at
/// one version in `[components]`, the rest in `[arch.<arch>.components]`.
#[derive(Debug, Clone, Default)]
pub(crate) struct Layout {
    pub shared: Vec<(String, String)>,
    pub per_arch: Vec<(Arch, Vec<(String, String)>)>,
}

impl Layout {
    /// `archs`' components, shared where every arch agrees; `shared_first`
    /// names the components to try as shared, in their order.
    pub(crate) fn of(archs: &[(Arch, Vec<(String, String)>)], shared_first: &[String]) -> Layout {
        let version = |list: &[(String, String)], name: &str| {
            list.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone())
        };
        let mut shared = Vec::new();
        for name in shared_first {
            let versions: Vec<Option<String>> =
                archs.iter().map(|(_, list)| version(list, name)).collect();
            if let Some(Some(first)) = versions.first()
                && versions.iter().all(|v| v.as_ref() == Some(first))
                && !shared.iter().any(|(n, _)| n == name)
            {
                shared.push((name.clone(), first.clone()));
            }
        }
        let per_arch = archs
            .iter()
            .map(|(arch, list)| {
                let own = list
                    .iter()
                    .filter(|(n, _)| !shared.iter().any(|(s, _)| s == n))
                    .cloned()
                    .collect();
                (arch.clone(), own)
            })
            .collect();
        Layout { shared, per_arch }
    }
}

/// Sets a string, keeping the value's comments and spacing.
pub(crate) fn set_string(item: &mut Item, text: &str) {
    if item.as_str() == Some(text) {
        return;
    }
    match item.as_value_mut() {
        Some(old) => {
            let decor = old.decor().clone();
            *old = Value::from(text);
            *old.decor_mut() = decor;
        }
        None => *item = value(text),
    }
}

/// Makes `table` hold exactly `wanted`: values that change are replaced in
/// place, keys not wanted removed, new keys appended in `wanted`'s order.
pub(crate) fn set_components(table: &mut Table, wanted: &[(String, String)]) {
    let present: Vec<String> = table.iter().map(|(k, _)| k.to_string()).collect();
    for key in present {
        match wanted.iter().find(|(n, _)| *n == key) {
            Some((_, version)) => {
                if let Some(item) = table.get_mut(&key) {
                    set_string(item, version);
                }
            }
            None => {
                table.remove(&key);
            }
        }
    }
    for (name, version) in wanted {
        if !table.contains_key(name) {
            table.insert(name, value(version.as_str()));
        }
    }
}

/// Writes `layout` into the document; archs not in it lose their tables.
pub(crate) fn write_components(doc: &mut DocumentMut, layout: &Layout) {
    let root = doc.as_table_mut();
    let shared_position = root
        .get("components")
        .and_then(Item::as_table)
        .and_then(Table::position);
    if layout.shared.is_empty() {
        root.remove("components");
    } else {
        let table = root
            .entry("components")
            .or_insert_with(|| Item::Table(Table::new()));
        if let Some(table) = table.as_table_mut() {
            set_components(table, &layout.shared);
        }
    }
    let mut archs = match root.remove("arch") {
        Some(Item::Table(t)) => t,
        _ => {
            let mut t = Table::new();
            t.set_implicit(true);
            t.set_position(shared_position);
            t
        }
    };
    // New arch tables go after the existing ones, else after [components].
    let anchor = archs
        .iter()
        .filter_map(|(_, t)| t.as_table()?.get("components")?.as_table()?.position())
        .max()
        .or(shared_position);
    let names: Vec<String> = archs.iter().map(|(k, _)| k.to_string()).collect();
    for name in names {
        if !layout.per_arch.iter().any(|(a, _)| a == name.as_str()) {
            archs.remove(&name);
        }
    }
    for (arch, wanted) in &layout.per_arch {
        let entry = archs.entry(arch.as_str()).or_insert_with(|| {
            let mut t = Table::new();
            t.set_implicit(true);
            t.set_position(anchor);
            Item::Table(t)
        });
        let Some(arch_table) = entry.as_table_mut() else {
            continue;
        };
        if wanted.is_empty() {
            arch_table.remove("components");
        } else {
            let components = arch_table.entry("components").or_insert_with(|| {
                let mut t = Table::new();
                t.set_position(anchor);
                Item::Table(t)
            });
            if let Some(components) = components.as_table_mut() {
                set_components(components, wanted);
            }
        }
        if arch_table.is_empty() {
            archs.remove(arch.as_str());
        }
    }
    if !archs.is_empty() {
        root.insert("arch", Item::Table(archs));
    }
}

/// Keeps only `kept` in the top-level `archs` array.
pub(crate) fn keep_archs(doc: &mut DocumentMut, kept: &[Arch]) {
    if let Some(array) = doc.get_mut("archs").and_then(Item::as_array_mut) {
        // The first element's spacing belongs to the array's opening.
        let opening = array.get(0).map(|v| v.decor().prefix().cloned());
        array.retain(|v| v.as_str().is_some_and(|a| kept.iter().any(|k| k == a)));
        if let (Some(Some(prefix)), Some(first)) = (opening, array.get_mut(0)) {
            first.decor_mut().set_prefix(prefix);
        }
    }
}

/// Writes the facts of `driver` (CUDA base, minimum, data-center branches,
/// the CUDA version the upgrade sentence names) into `[driver]`; the
/// branches array is rebuilt only when it changes.
pub(crate) fn write_driver(doc: &mut DocumentMut, driver: &Driver) {
    let Some(table) = doc.get_mut("driver").and_then(Item::as_table_mut) else {
        return;
    };
    for (key, fact) in [
        ("cuda", &driver.cuda),
        ("min", &driver.min),
        (
            "not_forward_compatible_with",
            &driver.not_forward_compatible_with,
        ),
    ] {
        if let Some(fact) = fact {
            let item = table.entry(key).or_insert_with(|| value(fact.as_str()));
            set_string(item, fact);
        }
    }
    let current: Vec<(String, String)> = table
        .get("datacenter")
        .and_then(Item::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_inline_table)
                .map(|t| {
                    let get = |k| t.get(k).and_then(Value::as_str).unwrap_or("").to_string();
                    (get("branch"), get("min"))
                })
                .collect()
        })
        .unwrap_or_default();
    let wanted: Vec<(String, String)> = driver
        .datacenter
        .iter()
        .map(|b| (b.branch.clone(), b.min.clone()))
        .collect();
    if current != wanted && !(current.is_empty() && wanted.is_empty()) {
        table.insert("datacenter", value(branches_array(&driver.datacenter)));
    }
}

/// `[ { branch = "R470", min = "470.57" }, … ]`, one per line, as records write it.
fn branches_array(branches: &[DatacenterBranch]) -> Array {
    let mut array = Array::new();
    for b in branches {
        let mut t = InlineTable::new();
        t.insert("branch", b.branch.as_str().into());
        t.insert("min", b.min.as_str().into());
        let mut v = Value::InlineTable(t);
        v.decor_mut().set_prefix("\n  ");
        array.push_formatted(v);
    }
    array.set_trailing_comma(true);
    array.set_trailing("\n");
    array
}

/// Replaces version numbers in every string under `item` (texts of both
/// languages, arrays of them).
pub(crate) fn replace_in_strings(item: &mut Item, pairs: &[(String, String)]) {
    match item {
        Item::Value(v) => replace_in_value(v, pairs),
        Item::Table(t) => {
            for (_, item) in t.iter_mut() {
                replace_in_strings(item, pairs);
            }
        }
        Item::ArrayOfTables(a) => {
            for t in a.iter_mut() {
                for (_, item) in t.iter_mut() {
                    replace_in_strings(item, pairs);
                }
            }
        }
        Item::None => {}
    }
}

fn replace_in_value(v: &mut Value, pairs: &[(String, String)]) {
    match v {
        Value::String(s) => {
            let new = super::words::replace_numbers(s.value(), pairs);
            if &new != s.value() {
                let decor = v.decor().clone();
                *v = Value::from(new);
                *v.decor_mut() = decor;
            }
        }
        Value::Array(a) => {
            for v in a.iter_mut() {
                replace_in_value(v, pairs);
            }
        }
        Value::InlineTable(t) => {
            for (_, v) in t.iter_mut() {
                replace_in_value(v, pairs);
            }
        }
        _ => {}
    }
}

/// Puts `key = value` right after the top-level key `after`, with
/// `comment` (lines starting with `#`) above it.
pub(crate) fn insert_top_value_after(
    doc: &mut DocumentMut,
    after: &str,
    key: &str,
    item: Item,
    comment: &str,
) {
    let root = doc.as_table_mut();
    root.remove(key);
    let values: Vec<String> = root
        .iter()
        .filter(|(_, i)| i.is_value())
        .map(|(k, _)| k.to_string())
        .collect();
    let mut moved = Vec::new();
    let mut seen = false;
    for k in values {
        if seen {
            moved.extend(root.remove_entry(&k));
        }
        seen |= k == after;
    }
    let mut new_key = toml_edit::Key::new(key);
    new_key.leaf_decor_mut().set_prefix(comment);
    root.insert_formatted(&new_key, item);
    for (k, i) in moved {
        root.insert_formatted(&k, i);
    }
}

/// Replaces the array of tables `key` with one table per text, each with
/// `comment` above it, where the old one stood (else after `near`).
pub(crate) fn write_texts(
    doc: &mut DocumentMut,
    key: &str,
    texts: &[model::Text],
    comment: &str,
    near: &str,
) {
    let root = doc.as_table_mut();
    let position = match root.get(key) {
        Some(Item::ArrayOfTables(a)) => a.iter().next().and_then(Table::position),
        Some(Item::Table(t)) => t.position(),
        _ => None,
    }
    .or_else(|| {
        root.get(near)
            .and_then(Item::as_table)
            .and_then(Table::position)
    });
    root.remove(key);
    if texts.is_empty() {
        return;
    }
    let mut array = ArrayOfTables::new();
    for text in texts {
        let mut t = Table::new();
        for (lang, text) in text.entries() {
            t.insert(lang.code(), value(text));
        }
        t.set_position(position);
        t.decor_mut().set_prefix(format!("\n{comment}"));
        array.push(t);
    }
    root.insert(key, Item::ArrayOfTables(array));
}

/// Environment values as the image sets them: (name, value).
pub(crate) fn set_env(doc: &mut DocumentMut, values: &[(String, String)]) {
    let Some(env) = doc.get_mut("env").and_then(Item::as_array_of_tables_mut) else {
        return;
    };
    for var in env.iter_mut() {
        let name = var.get("name").and_then(Item::as_str).unwrap_or_default();
        if let Some((_, value)) = values.iter().find(|(n, _)| n == name) {
            let value = value.clone();
            if let Some(item) = var.get_mut("value") {
                set_string(item, &value);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn arch(name: &str) -> Arch {
        name.parse().unwrap()
    }

    fn list(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn changed_values_keep_their_comments() {
        let mut doc = DocumentMut::from_str(
            "# Shared.\n[components]\n# the engine\nvllm = \"0.11.0\"   # pinned\nray = \"2.50.1\"\ntimm = \"1.0.20\"\n",
        )
        .unwrap();
        let table = doc["components"].as_table_mut().unwrap();
        set_components(
            table,
            &list(&[("vllm", "0.12.0"), ("ray", "2.50.1"), ("bash", "5.2")]),
        );
        assert_eq!(
            doc.to_string(),
            "# Shared.\n[components]\n# the engine\nvllm = \"0.12.0\"   # pinned\nray = \"2.50.1\"\nbash = \"5.2\"\n"
        );
    }

    #[test]
    fn what_every_arch_agrees_on_is_shared() {
        let layout = Layout::of(
            &[
                (
                    arch("aarch64"),
                    list(&[
                        ("torch", "2.8"),
                        ("vllm", "0.12"),
                        ("pytorch-triton", "3.4"),
                    ]),
                ),
                (
                    arch("amd64"),
                    list(&[("torch", "2.8"), ("vllm", "0.11"), ("perf", "5.4")]),
                ),
            ],
            &["torch".to_string(), "vllm".to_string()],
        );
        assert_eq!(layout.shared, list(&[("torch", "2.8")]));
        assert_eq!(
            layout.per_arch,
            [
                (
                    arch("aarch64"),
                    list(&[("vllm", "0.12"), ("pytorch-triton", "3.4")])
                ),
                (arch("amd64"), list(&[("vllm", "0.11"), ("perf", "5.4")])),
            ]
        );
    }

    #[test]
    fn arch_tables_follow_the_layout_in_place() {
        let mut doc = DocumentMut::from_str(
            "version = \"1\"\n\n[components]\ntorch = \"2.8\"\nvllm = \"0.11\"\n\n[arch.aarch64.components]\npytorch-triton = \"3.4\"\n\n[driver]\ncuda = \"12.8.0\"\n",
        )
        .unwrap();
        let layout = Layout {
            shared: list(&[("torch", "2.8")]),
            per_arch: vec![(arch("amd64"), list(&[("vllm", "0.12")]))],
        };
        write_components(&mut doc, &layout);
        keep_archs(&mut doc, &[arch("amd64")]);
        assert_eq!(
            doc.to_string(),
            "version = \"1\"\n\n[components]\ntorch = \"2.8\"\n\n[arch.amd64.components]\nvllm = \"0.12\"\n\n[driver]\ncuda = \"12.8.0\"\n"
        );
    }

    #[test]
    fn branches_are_rewritten_only_when_they_change() {
        let source = "[driver]\ncuda = \"12.8.0\"\ndatacenter = [\n  { branch = \"R470\", min = \"470.57\" },\n]\n";
        let branch = |b: &str, m: &str| DatacenterBranch {
            branch: b.into(),
            min: m.into(),
        };
        let mut driver = Driver {
            cuda: Some("12.8.0".into()),
            datacenter: vec![branch("R470", "470.57")],
            ..Default::default()
        };
        let mut doc = DocumentMut::from_str(source).unwrap();
        write_driver(&mut doc, &driver);
        assert_eq!(doc.to_string(), source);
        driver.cuda = Some("12.9.0".into());
        driver.datacenter = vec![branch("R535", "535.86"), branch("R570", "570")];
        write_driver(&mut doc, &driver);
        assert_eq!(
            doc.to_string(),
            "[driver]\ncuda = \"12.9.0\"\ndatacenter = [\n  { branch = \"R535\", min = \"535.86\" },\n  { branch = \"R570\", min = \"570\" },\n]\n"
        );
    }
}
