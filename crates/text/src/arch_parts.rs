//! One release stated once per architecture on one page: DeepStream-Yolo's
//! "#### DeepStream 7.1 on x86 platform" and, further down, "#### DeepStream
//! 7.1 on Jetson platform", each over its own requirements. Each part is
//! read as a record of its own architectures; the two become one record
//! whose components stand under each part's architectures.

use crate::warning::Warning;
use toml::{Table, Value};

/// Whether a part of the architectures `part` names none of those the
/// earlier parts of its release on the page (`earlier`) were read for;
/// never where no earlier part was read (a record already on disk).
pub(crate) fn disjoint(earlier: &[String], part: &[String]) -> bool {
    !earlier.is_empty() && !part.is_empty() && !part.iter().any(|a| earlier.contains(a))
}

/// Merges the record read from `part` into `record`, both of one release
/// and one language: each one's components move under its architectures,
/// lists are joined, what only one states is kept. Returns what could not
/// be joined (two parts stating different minimum drivers: the record
/// holds one, the first's).
pub(crate) fn merge(record: &mut Value, part: Value) -> Vec<Warning> {
    let mut warnings = Vec::new();
    let (Value::Table(record), Value::Table(mut part)) = (record, part) else {
        return warnings;
    };
    under_archs(record);
    under_archs(&mut part);
    for (key, value) in part {
        match (key.as_str(), record.get_mut(&key), value) {
            // The generated title and the version are the same in both.
            ("title" | "version", Some(_), _) => {}
            ("archs", Some(Value::Array(held)), Value::Array(more)) => {
                for arch in more {
                    if !held.contains(&arch) {
                        held.push(arch);
                    }
                }
            }
            ("arch", Some(Value::Table(held)), Value::Table(more)) => {
                for (arch, table) in more {
                    held.entry(arch).or_insert(table);
                }
            }
            (_, Some(Value::Array(held)), Value::Array(more)) => {
                for item in more {
                    if !held.contains(&item) {
                        held.push(item);
                    }
                }
            }
            ("driver", Some(held), more) if *held != more => warnings.push(Warning {
                line: None,
                message: format!(
                    "the release's parts state two driver requirements; the record keeps the first ({}), not {}",
                    held.to_string().trim(),
                    more.to_string().trim()
                ),
            }),
            (_, Some(_), _) => {}
            (_, None, value) => {
                record.insert(key, value);
            }
        }
    }
    warnings
}

/// Moves the components every architecture of `record` holds under each
/// of them (`[arch.<a>.components]`), beside those already there.
fn under_archs(record: &mut Table) {
    let Some(Value::Table(shared)) = record.remove("components") else {
        return;
    };
    let archs: Vec<String> = record
        .get("archs")
        .and_then(Value::as_array)
        .map(|a| {
            a.iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    let Value::Table(per_arch) = record
        .entry("arch")
        .or_insert_with(|| Value::Table(Table::new()))
    else {
        return;
    };
    for arch in archs {
        let Value::Table(entry) = per_arch
            .entry(arch)
            .or_insert_with(|| Value::Table(Table::new()))
        else {
            continue;
        };
        let Value::Table(components) = entry
            .entry("components")
            .or_insert_with(|| Value::Table(Table::new()))
        else {
            continue;
        };
        for (name, version) in &shared {
            components
                .entry(name.clone())
                .or_insert_with(|| version.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(text: &str) -> Value {
        Value::Table(text.parse::<Table>().unwrap())
    }

    #[test]
    fn each_part_keeps_its_components_under_its_architecture() {
        let mut record = value(
            "version = \"7.1\"\narchs = [\"amd64\"]\n[components]\nCUDA = \"12.6.2\"\n\
             [driver]\nmin = \"535.183.06\"\n",
        );
        let part =
            value("version = \"7.1\"\narchs = [\"arm64\"]\n[components]\nJetPack = \"6.1\"\n");
        let warnings = merge(&mut record, part);
        assert!(warnings.is_empty());
        let expected = value(
            "version = \"7.1\"\narchs = [\"amd64\", \"arm64\"]\n\
             [arch.amd64.components]\nCUDA = \"12.6.2\"\n\
             [arch.arm64.components]\nJetPack = \"6.1\"\n\
             [driver]\nmin = \"535.183.06\"\n",
        );
        assert_eq!(record, expected);
    }

    #[test]
    fn lists_are_joined_and_a_second_driver_is_said() {
        let mut record =
            value("archs = [\"amd64\"]\nfeatures = [{ en = \"a\" }]\n[driver]\nmin = \"535\"\n");
        let part = value(
            "archs = [\"arm64\"]\nfeatures = [{ en = \"a\" }, { en = \"b\" }]\n[driver]\nmin = \"540\"\n",
        );
        let warnings = merge(&mut record, part);
        assert_eq!(record["features"].as_array().unwrap().len(), 2);
        assert_eq!(record["driver"]["min"].as_str(), Some("535"));
        assert_eq!(warnings.len(), 1);
        assert!(warnings[0].message.contains("540"), "{:?}", warnings);
    }

    #[test]
    fn parts_of_one_architecture_are_not_disjoint() {
        let amd64 = ["amd64".to_string()];
        assert!(!disjoint(&amd64, &amd64));
        assert!(disjoint(&amd64, &["arm64".to_string()]));
        assert!(!disjoint(&amd64, &[]));
        // No earlier part of the page: a record on disk, not a part.
        assert!(!disjoint(&[], &amd64));
    }
}
