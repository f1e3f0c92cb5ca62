//! What `new` and `sync` did, for people (text) and machines (JSON).

use super::document::GENERATED;
use super::found::{Found, VersionChange};
use image::Inspected;
use model::{Driver, Loaded, Release, Text};
use serde::Serialize;
use std::fmt::Write;
use std::path::PathBuf;

/// A component declared on one arch at a version.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Versioned {
    pub name: String,
    pub arch: String,
    pub version: String,
}

/// A driver fact or environment value that changed.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct FactChange {
    pub fact: String,
    pub from: String,
    pub to: String,
}

/// A declared component the image does not hold.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Missing {
    pub name: String,
    pub arch: String,
}

/// A library one arch of the image holds at several versions.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct CopiesNote {
    pub arch: String,
    #[serde(flatten)]
    pub copies: model::Copies,
}

/// What the image changed in a record, shared by `new` and `sync`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ImageChanges {
    pub image: String,
    /// The archs read from the image.
    pub archs: Vec<String>,
    /// Declared archs the image has no platform for.
    pub missing_archs: Vec<String>,
    pub components: Vec<VersionChange>,
    pub missing: Vec<Missing>,
    pub driver: Vec<FactChange>,
    pub env: Vec<FactChange>,
    /// Declared environment variables the image does not set.
    pub env_missing: Vec<String>,
    /// Libraries the image holds at several versions: the draft takes the
    /// version of the copy a framework loads, when its requirements say.
    pub copies: Vec<CopiesNote>,
    /// Where the drafted minimum driver comes from (the image, the record,
    /// NVIDIA's table for the CUDA found).
    pub driver_min_from: Option<String>,
}

impl ImageChanges {
    pub(super) fn new(declared: &Release, inspected: &Inspected, found: &Found) -> ImageChanges {
        ImageChanges {
            image: inspected.reference.clone(),
            archs: found.archs.iter().map(|a| a.arch.to_string()).collect(),
            missing_archs: found.missing_archs.iter().map(|a| a.to_string()).collect(),
            components: found.changes().cloned().collect(),
            missing: found
                .archs
                .iter()
                .flat_map(|a| {
                    a.missing.iter().map(|name| Missing {
                        name: name.clone(),
                        arch: a.arch.to_string(),
                    })
                })
                .collect(),
            driver: match (&declared.driver, &found.driver) {
                (Some(old), Some(new)) => driver_changes(old, new),
                _ => Vec::new(),
            },
            env: found
                .env
                .iter()
                .map(|(name, to)| FactChange {
                    fact: name.clone(),
                    from: declared
                        .env
                        .iter()
                        .find(|e| &e.name == name)
                        .and_then(|e| e.value.clone())
                        .unwrap_or_default(),
                    to: to.clone(),
                })
                .collect(),
            env_missing: found.env_missing.clone(),
            copies: found
                .archs
                .iter()
                .flat_map(|a| {
                    a.copies.iter().map(|c| CopiesNote {
                        arch: a.arch.to_string(),
                        copies: c.clone(),
                    })
                })
                .collect(),
            driver_min_from: found.min_from.clone(),
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.components.is_empty() && self.driver.is_empty() && self.env.is_empty()
    }

    /// One line per change; a change every arch shares is said once.
    fn write_text(&self, out: &mut String, missing_word: &str) {
        let mut grouped: Vec<(&VersionChange, Vec<&str>)> = Vec::new();
        for c in &self.components {
            match grouped
                .iter_mut()
                .find(|(g, _)| g.name == c.name && g.from == c.from && g.to == c.to)
            {
                Some((_, archs)) => archs.push(&c.arch),
                None => grouped.push((c, vec![&c.arch])),
            }
        }
        // The word stands in a fixed column of its own (as on every line
        // below); the names are aligned with each other.
        let rows: Vec<[String; 2]> = grouped
            .iter()
            .map(|(c, archs)| {
                [
                    format!("{:<10} {}", c.change.as_str(), c.name),
                    format!("{} → {}  ({})", c.from, c.to, archs.join(", ")),
                ]
            })
            .collect();
        out.push_str(&model::aligned_columns(&rows, "  "));
        let mut missing: Vec<(&str, Vec<&str>)> = Vec::new();
        for m in &self.missing {
            match missing.iter_mut().find(|(name, _)| *name == m.name) {
                Some((_, archs)) => archs.push(&m.arch),
                None => missing.push((&m.name, vec![&m.arch])),
            }
        }
        for (name, archs) in missing {
            let _ = writeln!(
                out,
                "  {:<10} {name}  not in the image ({}): {missing_word}",
                "missing",
                archs.join(", ")
            );
        }
        for d in &self.driver {
            let _ = writeln!(out, "  {:<10} {}  {} → {}", "driver", d.fact, d.from, d.to);
            if let Some(from) = self.driver_min_from.as_ref().filter(|_| d.fact == "min") {
                let _ = writeln!(out, "  {:<10} {from}", "");
            }
        }
        for e in &self.env {
            let _ = writeln!(out, "  {:<10} {}  {} → {}", "env", e.fact, e.from, e.to);
        }
        for arch in &self.missing_archs {
            let _ = writeln!(
                out,
                "warning: the image has no platform for {arch}: {}",
                if missing_word == "dropped" {
                    "dropped"
                } else {
                    "left as declared"
                }
            );
        }
        for name in &self.env_missing {
            let _ = writeln!(
                out,
                "warning: the image does not set {name}: `relnotes verify` will report it"
            );
        }
        for c in &self.copies {
            let consequence = match c.copies.loaded() {
                Some(_) => "drafted from the copy that is loaded".to_string(),
                None => "drafted from what `relnotes verify` finds".to_string(),
            };
            let _ = writeln!(
                out,
                "warning: [{}] {}: {consequence}",
                c.arch,
                c.copies.describe()
            );
        }
    }
}

fn driver_changes(old: &Driver, new: &Driver) -> Vec<FactChange> {
    let mut out = Vec::new();
    let opt = |v: &Option<String>| v.clone().unwrap_or_else(|| "-".to_string());
    for (fact, a, b) in [
        ("cuda", &old.cuda, &new.cuda),
        ("min", &old.min, &new.min),
        (
            "not_forward_compatible_with",
            &old.not_forward_compatible_with,
            &new.not_forward_compatible_with,
        ),
    ] {
        if a != b {
            out.push(FactChange {
                fact: fact.to_string(),
                from: opt(a),
                to: opt(b),
            });
        }
    }
    let branches = |d: &Driver| {
        d.datacenter
            .iter()
            .map(|b| format!("{} {}", b.branch, b.min))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if branches(old) != branches(new) {
        out.push(FactChange {
            fact: "datacenter".to_string(),
            from: branches(old),
            to: branches(new),
        });
    }
    out
}

/// What `relnotes new` wrote.
#[derive(Debug, Clone, Serialize)]
pub struct Drafted {
    pub(crate) path: PathBuf,
    pub(crate) version: String,
    /// The release the draft starts from; none for a first release.
    pub(crate) from: Option<String>,
    pub(crate) components: usize,
    pub(crate) changes: ImageChanges,
    /// Components `--add` declared.
    pub(crate) added: Vec<Versioned>,
    /// Asset images retagged: (old, new).
    pub(crate) assets: Vec<(String, String)>,
    /// The generated change lines.
    pub(crate) lines: Vec<Text>,
}

impl Drafted {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        path: PathBuf,
        prev: &Loaded,
        drafted: &Release,
        inspected: &Inspected,
        found: &Found,
        added: Vec<Versioned>,
        assets: Vec<(String, String)>,
        lines: Vec<Text>,
    ) -> Drafted {
        Drafted {
            path,
            version: drafted.version.clone(),
            from: Some(prev.release.version.clone()),
            components: found.archs.iter().map(|a| a.components.len()).sum(),
            changes: ImageChanges::new(&prev.release, inspected, found),
            added,
            assets,
            lines,
        }
    }

    /// What a first release's draft holds, read from the image alone.
    pub(super) fn first(
        path: PathBuf,
        drafted: &Release,
        inspected: &Inspected,
        found: &Found,
        added: Vec<Versioned>,
    ) -> Drafted {
        Drafted {
            path,
            version: drafted.version.clone(),
            from: None,
            components: found.archs.iter().map(|a| a.components.len()).sum(),
            changes: ImageChanges::new(drafted, inspected, found),
            added,
            assets: Vec::new(),
            lines: Vec::new(),
        }
    }
}

impl model::CommandReport for Drafted {
    fn to_text(&self) -> String {
        let mut out = String::new();
        let shown = model::shown_path(&self.path);
        let _ = match &self.from {
            Some(from) => writeln!(
                out,
                "wrote {}: a draft of {} from {from} and {}",
                shown.display(),
                self.version,
                self.changes.image
            ),
            None => writeln!(
                out,
                "wrote {}: a first draft of {} from {} alone",
                shown.display(),
                self.version,
                self.changes.image
            ),
        };
        let _ = writeln!(
            out,
            "  {} arch(s): {}; {} component(s) in all",
            self.changes.archs.len(),
            self.changes.archs.join(", "),
            self.components
        );
        self.changes.write_text(&mut out, "dropped");
        if let Some(from) = &self.changes.driver_min_from
            && !self.changes.driver.iter().any(|d| d.fact == "min")
        {
            let _ = writeln!(out, "  {:<10} min: {from}", "driver");
        }
        for a in &self.added {
            let _ = writeln!(
                out,
                "  {:<10} {}  {}  ({})",
                "added", a.name, a.version, a.arch
            );
        }
        for (old, new) in &self.assets {
            let _ = writeln!(out, "  {:<10} {old} → {new}", "asset");
        }
        if self.from.is_none() {
            let _ = writeln!(
                out,
                "next: review the components, write the features, delete `draft = true`"
            );
            return out;
        }
        let _ = writeln!(out, "generated lines (marked `{GENERATED}`):");
        if self.lines.is_empty() {
            let _ = writeln!(out, "  (none: no component changed)");
        }
        for line in &self.lines {
            let sides: Vec<&str> = line.entries().map(|(_, t)| t).collect();
            let _ = writeln!(out, "  {}", sides.join(" | "));
        }
        let _ = writeln!(
            out,
            "next: write the bug fixes and known issues, review the marked lines, delete `draft = true`"
        );
        out
    }

    fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a draft report serializes") + "\n"
    }
}

/// What `relnotes sync` changed (or, with `--dry-run`, would change).
#[derive(Debug, Clone, Serialize)]
pub struct Synced {
    pub(crate) path: PathBuf,
    pub(crate) version: String,
    pub(crate) dry_run: bool,
    /// Whether the record was rewritten.
    pub(crate) written: bool,
    pub(crate) changes: ImageChanges,
}

impl model::CommandReport for Synced {
    fn to_text(&self) -> String {
        let mut out = String::new();
        let shown = model::shown_path(&self.path);
        let head = if self.changes.is_empty() {
            format!(
                "{} is up to date with {}",
                shown.display(),
                self.changes.image
            )
        } else if self.written {
            format!("updated {} from {}", shown.display(), self.changes.image)
        } else {
            format!(
                "{} would change (dry run, nothing written) to match {}",
                shown.display(),
                self.changes.image
            )
        };
        let _ = writeln!(out, "{head}");
        self.changes.write_text(&mut out, "left as declared");
        if self.changes.driver.iter().any(|d| d.fact != "datacenter") {
            let _ = writeln!(
                out,
                "note: the driver wording is left as written: `relnotes lint {}` says where it disagrees",
                self.version
            );
        }
        out
    }

    fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a sync report serializes") + "\n"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn change(
        name: &str,
        arch: &str,
        from: &str,
        to: &str,
        change: pages::Change,
    ) -> VersionChange {
        VersionChange {
            name: name.into(),
            arch: arch.into(),
            from: from.into(),
            to: to.into(),
            change,
        }
    }

    #[test]
    fn changes_are_said_once_for_every_arch_names_aligned() {
        let mut components = Vec::new();
        for arch in ["aarch64", "amd64"] {
            components.push(change(
                "transformers",
                arch,
                "4.56.1+ali",
                "4.56.1",
                pages::Change::Downgraded,
            ));
            components.push(change(
                "vllm",
                arch,
                "0.11.0",
                "0.12.0",
                pages::Change::Upgraded,
            ));
        }
        components.push(change("ü", "amd64", "1", "2", pages::Change::Upgraded));
        let changes = ImageChanges {
            image: "r.io/x:1".into(),
            archs: vec!["aarch64".into(), "amd64".into()],
            missing_archs: Vec::new(),
            components,
            missing: vec![Missing {
                name: "peft".into(),
                arch: "amd64".into(),
            }],
            driver: vec![FactChange {
                fact: "cuda".into(),
                from: "12.8.0".into(),
                to: "12.9.0".into(),
            }],
            env: Vec::new(),
            env_missing: Vec::new(),
            copies: Vec::new(),
            driver_min_from: None,
        };
        let mut out = String::new();
        changes.write_text(&mut out, "dropped");
        assert_eq!(
            out,
            "  downgraded transformers  4.56.1+ali → 4.56.1  (aarch64, amd64)\n\
             \x20 upgraded   vllm          0.11.0 → 0.12.0  (aarch64, amd64)\n\
             \x20 upgraded   ü             1 → 2  (amd64)\n\
             \x20 missing    peft  not in the image (amd64): dropped\n\
             \x20 driver     cuda  12.8.0 → 12.9.0\n"
        );
    }
}
