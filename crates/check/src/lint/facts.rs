//! Rules on the facts a record states, the ones an imported page most
//! often gets wrong: component names, versions the loader does not check,
//! and driver facts that the driver text states but the fields lack.

use super::Context;
use super::rule::Rule;
use model::{Ecosystem, Severity, Version, join_key};
use text::{prose_tail, read_driver_text};

impl Context<'_> {
    /// `component-name`: a component whose name is a word of prose
    /// ("are", "the", "和"), ends in one ("vLLM-version"), or is no
    /// package token at all.
    pub(super) fn component_names(&mut self) {
        let mut tables: Vec<(String, Vec<String>)> = vec![(
            "components".to_string(),
            self.release.components.keys().cloned().collect(),
        )];
        for (arch, over) in &self.release.arch {
            tables.push((
                join_key(&join_key("arch", arch.as_str()), "components"),
                over.components.keys().cloned().collect(),
            ));
        }
        for (table, names) in tables {
            for name in &names {
                let at = self.sources.key(&join_key(&table, name));
                let canonical = self.canonical_name(name);
                // A Go module is named by its path (`golang.org/x/net`), an
                // Android SDK package by its (`platforms;android-35`), a
                // scoped npm package and a Maven artifact by theirs.
                if !text::is_component_name(name) {
                    let known = model::known_component(name).map(|c| c.name.clone());
                    let hint = match known {
                        Some(canonical) => format!("did you mean `{canonical}`?"),
                        None => "a name is one token of letters, digits and . _ - + (or a Go module's path), not a word of the sentence around it; rename or remove it".into(),
                    };
                    self.push(
                        Severity::Error,
                        Rule::ComponentName,
                        at,
                        format!("component `{name}` is not a package name"),
                        Some(hint),
                    );
                } else if let Some((head, word)) = prose_tail(name)
                    && !self.named_by_catalog(name)
                {
                    // "vLLM-version": a word of the sentence taken into the name.
                    let (severity, hint) = match model::known_component(head) {
                        Some(c) => (Severity::Error, format!("did you mean `{}`?", c.name)),
                        None => (
                            Severity::Warning,
                            format!(
                                "did you mean `{head}`? (to keep `{name}`, name it in relnotes.toml [catalog])"
                            ),
                        ),
                    };
                    self.push(
                        severity,
                        Rule::ComponentName,
                        at,
                        format!("component `{name}` ends in `{word}`, a word of prose, not of a package name"),
                        Some(hint),
                    );
                } else if let Some(canonical) = canonical {
                    self.push(
                        Severity::Warning,
                        Rule::ComponentName,
                        at,
                        format!("component `{name}` is a spelling of `{canonical}`"),
                        Some(format!(
                            "did you mean `{canonical}`? (data/components.toml; to keep `{name}`, name it in relnotes.toml [catalog])"
                        )),
                    );
                }
            }
        }
    }

    /// The canonical name of the component `name` is another spelling
    /// of (`nvidia-cuda` → `CUDA`, `TensorRT™` → `TensorRT`), unless the
    /// project's catalog names it: a spelling equal to the canonical name
    /// under PEP 503 (`flash-attn`, `Transformer-Engine`) is none.
    fn canonical_name(&self, name: &str) -> Option<String> {
        let component = model::known_component(name)?;
        let key = model::spelling_key;
        (key(name) != key(&component.name) && !self.named_by_catalog(name))
            .then(|| component.name.clone())
    }

    /// Whether the project's catalog names `name` (under PEP 503).
    fn named_by_catalog(&self, name: &str) -> bool {
        let key = model::spelling_key;
        self.workspace
            .project
            .catalog
            .keys()
            .any(|k| key(k) == key(name))
    }

    /// `version-syntax`: driver fields the loader takes as free text — the
    /// CUDA version of the upgrade sentence and the branch names — that are
    /// not what they claim to be, and a branch minimum outside its branch.
    pub(super) fn version_syntax(&mut self) {
        let Some(driver) = &self.release.driver else {
            return;
        };
        if let Some(nfc) = &driver.not_forward_compatible_with
            && let Err(e) = Version::parse(Ecosystem::Cuda, nfc)
        {
            self.push(
                Severity::Error,
                Rule::VersionSyntax,
                self.sources.value("driver.not_forward_compatible_with"),
                format!("driver.not_forward_compatible_with: {e}"),
                Some("write the CUDA version the driver text names, like 12.8".into()),
            );
        }
        for (i, branch) in driver.upgrade_from.iter().enumerate() {
            if branch_number(branch).is_none() {
                self.push(
                    Severity::Error,
                    Rule::VersionSyntax,
                    self.sources.value(&format!("driver.upgrade_from[{i}]")),
                    format!("`{branch}` in driver.upgrade_from is not a driver branch"),
                    Some("write branches as R and the branch number, like R470".into()),
                );
            }
        }
        for (i, b) in driver.datacenter.iter().enumerate() {
            let Some(number) = branch_number(&b.branch) else {
                self.push(
                    Severity::Error,
                    Rule::VersionSyntax,
                    self.sources
                        .value(&format!("driver.datacenter[{i}].branch")),
                    format!("`{}` in driver.datacenter is not a driver branch", b.branch),
                    Some("write branches as R and the branch number, like R470".into()),
                );
                continue;
            };
            let min_branch = b.min.split('.').next().unwrap_or("");
            if min_branch != number {
                self.push(
                    Severity::Error,
                    Rule::VersionSyntax,
                    self.sources.value(&format!("driver.datacenter[{i}].min")),
                    format!(
                        "data-center minimum {} is not a driver of branch {}",
                        b.min, b.branch
                    ),
                    Some(format!("the minimum of {} starts with {number}.", b.branch)),
                );
            }
        }
    }

    /// `driver-wording`: the driver text names a minimum driver, data-center
    /// branches or branches to upgrade from that the structured fields lack
    /// (read the way `relnotes import` reads a page).
    pub(super) fn driver_wording(&mut self) {
        let Some(driver) = &self.release.driver else {
            return;
        };
        let Some(wording) = &driver.wording else {
            return;
        };
        let at = self.sources.value("driver.wording");
        let mut missing: Vec<String> = Vec::new();
        // Each language the wording is written in, read with its words.
        for (lang, text) in wording.entries().filter(|(_, t)| !t.trim().is_empty()) {
            let paragraphs: Vec<&str> = text
                .split("\n\n")
                .filter(|p| !p.trim().is_empty())
                .collect();
            let read = read_driver_text(&paragraphs, lang);
            if let Some(min) = &read.min
                && driver.min.as_deref() != Some(min.as_str())
            {
                missing.push(format!(
                    "minimum driver {min} ({lang} text; driver.min is {})",
                    driver.min.as_deref().unwrap_or("not set")
                ));
            }
            for b in &read.datacenter {
                let declared = driver
                    .datacenter
                    .iter()
                    .any(|d| d.branch.eq_ignore_ascii_case(&b.branch) && d.min == b.min);
                if !declared {
                    missing.push(format!(
                        "data-center branch {} ≥ {} ({lang} text)",
                        b.branch, b.min
                    ));
                }
            }
            for u in &read.upgrade_from {
                if !driver
                    .upgrade_from
                    .iter()
                    .any(|d| d.eq_ignore_ascii_case(u))
                {
                    missing.push(format!("branch {u} to upgrade from ({lang} text)"));
                }
            }
        }
        missing.dedup();
        for m in missing {
            self.push(
                Severity::Warning,
                Rule::DriverWording,
                at,
                format!("the driver text names {m}, which the driver fields do not state"),
                Some(
                    "add it to [driver] (min, datacenter, upgrade_from), or correct the text"
                        .into(),
                ),
            );
        }
    }
}

/// `R470` → `470`.
fn branch_number(branch: &str) -> Option<&str> {
    let digits = branch.trim().strip_prefix(['R', 'r'])?;
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())).then_some(digits)
}
