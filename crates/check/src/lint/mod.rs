//! `relnotes lint`: checks the claims a release record makes against its
//! own facts, the previous release and NVIDIA's driver table.
//!
//! Rules (ids as printed):
//! - `upgrade-claim`: "X 升级至 Y" / "X upgraded to Y" in a feature or fix,
//!   where component X is not Y, or the previous release's X was not lower;
//! - `driver-cuda-mismatch`: driver text naming a CUDA version other than
//!   the record's base CUDA version or its series;
//! - `driver-branch-conflict`: a data-center branch also listed to upgrade from;
//! - `driver-below-cuda-minimum`: a minimum driver below NVIDIA's for the CUDA version
//!   (NVIDIA's number and source in the message);
//! - `cuda-past-driver-table`: a CUDA version newer than NVIDIA's driver table
//!   in this relnotes (a newer relnotes is needed to know its minimum);
//! - `missing-translation`: the loader's warnings;
//! - `arch-difference`: components not in every arch, or at another version;
//! - `duplicate-component`: one component under two names (`torch`/`pytorch`),
//!   or an arch override repeating the shared version;
//! - `asset-image`: an asset that is not an image reference;
//! - `asset-tag`: an image tag that starts with neither the release version
//!   nor its major.minor series;
//! - `component-name`: a component name that is not a package name, or
//!   ends in a word of prose (`vLLM-version`);
//! - `version-syntax`: a driver branch, or the CUDA version of the upgrade
//!   sentence, that is not one (fields the loader takes as text);
//! - `driver-wording`: a minimum or branch the driver text names and the
//!   driver fields lack.

mod facts;
mod rule;

use model::{
    BugFixes, Diagnostic, DiagnosticCounts, Dotted, Ecosystem, LinuxPlatform, Position, Release,
    Severity, SourceMap, Text, ToolkitLookup, Version, Workspace, join_key,
};
use rule::Rule;
use serde::Serialize;
use std::cmp::Ordering;
use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::str::FromStr;

use text::{claim_lowers, cuda_mentions, find_claims, normalize_component};

/// A lint finding: the crate's one diagnostic shape, with its rule id
/// and the release it is about.
pub(crate) type Finding = Diagnostic;

/// What `relnotes lint` found in the records it read.
#[derive(Debug, Clone, Serialize)]
pub struct LintReport {
    pub(crate) versions: Vec<String>,
    pub(crate) findings: Vec<Finding>,
    pub(crate) errors: usize,
    pub(crate) warnings: usize,
    pub(crate) infos: usize,
}

impl LintReport {
    /// Whether a finding is an error (lint then exits 1).
    pub fn has_errors(&self) -> bool {
        self.errors > 0
    }
}

impl model::CommandReport for LintReport {
    fn to_text(&self) -> String {
        let mut out = String::new();
        for f in &self.findings {
            out.push_str(&f.to_string());
            out.push('\n');
        }
        out.push_str(&format!(
            "{} release(s) checked: {} error(s), {} warning(s), {} info\n",
            self.versions.len(),
            self.errors,
            self.warnings,
            self.infos
        ));
        out
    }

    fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("serializable") + "\n"
    }

    fn exit_code(&self) -> u8 {
        u8::from(self.has_errors())
    }
}

/// Lints `versions` (every release when empty), in release order.
pub fn lint(workspace: &Workspace, versions: &[String]) -> Result<LintReport, model::RecordError> {
    let all = workspace.versions()?;
    let mut wanted: Vec<String> = if versions.is_empty() {
        all.clone()
    } else {
        versions.to_vec()
    };
    wanted.sort_by(|a, b| model::release_order(a, b));
    wanted.dedup();
    let mut findings = Vec::new();
    for version in &wanted {
        let loaded = workspace.load(version, false)?;
        // The release before it, past its own pre-releases: "2.9.0" restates
        // what "2.9.0-pre.1" and "2.9.0-pre.2" changed since 2.8 (a
        // version that extends this one's and comes before it is one).
        let previous = all
            .iter()
            .take_while(|v| *v != version)
            .filter(|v| !v.starts_with(version.as_str()))
            .last()
            .map(|v| workspace.load(v, false))
            .transpose()?;
        let mut ctx = Context {
            workspace,
            release: &loaded.release,
            previous: previous.as_ref().map(|p| &p.release),
            path: loaded.sources.path(),
            sources: &loaded.sources,
            findings: Vec::new(),
        };
        for w in &loaded.warnings {
            ctx.findings.push(
                Diagnostic::new(Severity::Warning, &w.file, w.message.clone())
                    .at(w.line, w.column)
                    .with_rule(Rule::MissingTranslation.id())
                    .with_version(version.clone())
                    .with_hint(w.hint.clone()),
            );
        }
        ctx.upgrade_claims();
        ctx.driver_cuda();
        ctx.driver_branches();
        ctx.driver_minimum();
        ctx.arch_differences();
        ctx.duplicates();
        ctx.asset_tags();
        ctx.draft();
        ctx.component_names();
        ctx.version_syntax();
        ctx.driver_wording();
        let mut found = ctx.findings;
        found.sort_by(|a, b| {
            (a.line, a.column, a.severity, a.rule).cmp(&(b.line, b.column, b.severity, b.rule))
        });
        findings.extend(found);
    }
    let counts = DiagnosticCounts::of(&findings);
    Ok(LintReport {
        errors: counts.errors,
        warnings: counts.warnings,
        infos: counts.infos,
        versions: wanted,
        findings,
    })
}

struct Context<'a> {
    workspace: &'a Workspace,
    release: &'a Release,
    previous: Option<&'a Release>,
    path: PathBuf,
    sources: &'a SourceMap,
    findings: Vec<Finding>,
}

impl Context<'_> {
    fn push(
        &mut self,
        severity: Severity,
        rule: Rule,
        at: Option<Position>,
        message: String,
        hint: Option<String>,
    ) {
        let (line, column) = match at {
            Some(at) => {
                let at = self.sources.line_column(at);
                (at.line, at.column)
            }
            None => (0, 0),
        };
        self.findings.push(
            Diagnostic::new(severity, &self.path, message)
                .at(line, column)
                .with_rule(rule.id())
                .with_version(self.release.version.clone())
                .with_hint(hint),
        );
    }

    /// Where `needle` stands in the source, searching from `from`.
    fn find(&self, needle: &str, from: Option<Position>) -> Option<Position> {
        self.sources.find(needle, from)
    }

    fn upgrade_claims(&mut self) {
        let project = &self.workspace.project;
        let views = self.release.resolve(project);
        let prev_views = self.previous.map(|p| p.resolve(project));
        let fixes: Vec<(&str, String, &Text)> = match &self.release.bug_fixes {
            BugFixes::List(items) => items
                .iter()
                .enumerate()
                .map(|(i, t)| ("bug fix", format!("bug_fixes[{i}]"), t))
                .collect(),
            BugFixes::None(_) => Vec::new(),
        };
        let texts: Vec<(&str, String, &Text)> = self
            .release
            .features
            .iter()
            .enumerate()
            .map(|(i, t)| ("feature", format!("features[{i}]"), t))
            .chain(fixes)
            .collect();
        // Every claim of the release, by component: a release bumping one
        // component several times ("Update `cluster` to v5.1.0", "… to
        // v5.1.2") declares the last.
        let all_claims: Vec<(String, String)> = texts
            .iter()
            .flat_map(|(_, _, text)| text.entries().map(|(_, t)| t))
            .flat_map(find_claims)
            .map(|c| (normalize_component(&c.name), c.version))
            .collect();
        for (kind, place, text) in texts {
            let start = self.sources.value(&place);
            for (_, lang_text) in text.entries() {
                for claim in find_claims(lang_text) {
                    // A passive claim's phrase is its active form ("the
                    // docs are upgraded to" reads "docs upgraded to"): where
                    // the page does not write it so, the name's place.
                    let at = self
                        .find(&claim.phrase, start)
                        .or_else(|| self.find(&claim.name, start))
                        .or(start);
                    let lookup = |name: &str| -> Vec<(&str, &model::Package)> {
                        let key = normalize_component(name);
                        views
                            .iter()
                            .filter_map(|v| {
                                v.components
                                    .iter()
                                    .find(|c| normalize_component(&c.name) == key)
                                    .map(|c| (v.name.as_str(), c))
                            })
                            .collect()
                    };
                    let found = std::iter::once(&claim.name)
                        .chain(&claim.alternatives)
                        .map(|n| (n, lookup(n)))
                        .find(|(_, d)| !d.is_empty());
                    let Some((name, declared)) = found else {
                        self.push(
                            Severity::Warning,
                            Rule::UpgradeClaim,
                            at,
                            format!(
                                "{kind} says `{}` is upgraded to {}, but the record declares no such component",
                                claim.name, claim.version
                            ),
                            Some(format!(
                                "add `{} = \"{}\"` to [components], or reword the {kind}",
                                claim.name, claim.version
                            )),
                        );
                        continue;
                    };
                    let key = normalize_component(name);
                    // An earlier bump: lower than what the record declares,
                    // which another claim of the release names.
                    let earlier_bump = |c: &model::Package| {
                        let later = all_claims
                            .iter()
                            .any(|(k, v)| *k == key && version_matches(c.ecosystem, &c.version, v));
                        let lower =
                            model::compare_versions(c.ecosystem, &claim.version, &c.version)
                                .is_ok_and(|o| o == Ordering::Less);
                        later && lower
                    };
                    // Lower than what the record declares, no later claim
                    // naming it: a bump the release went past, or a stale
                    // text ("Changes since" lists every pull request of a
                    // cycle): worth a look, not a contradiction.
                    let lower = |c: &model::Package| {
                        model::compare_versions(c.ecosystem, &claim.version, &c.version)
                            .is_ok_and(|o| o == Ordering::Less)
                    };
                    let differing: Vec<&(&str, &model::Package)> = declared
                        .iter()
                        .filter(|(_, c)| !version_matches(c.ecosystem, &c.version, &claim.version))
                        .filter(|(_, c)| !earlier_bump(c))
                        .collect();
                    let passed: Vec<String> = differing
                        .iter()
                        .filter(|(_, c)| lower(c))
                        .map(|(arch, c)| format!("{} {} ({arch})", c.name, c.version))
                        .collect();
                    let wrong: Vec<String> = differing
                        .iter()
                        .filter(|(_, c)| !lower(c))
                        .map(|(arch, c)| format!("{} {} ({arch})", c.name, c.version))
                        .collect();
                    if !passed.is_empty() && wrong.is_empty() {
                        self.push(
                            Severity::Warning,
                            Rule::UpgradeClaim,
                            at,
                            format!(
                                "{kind} says `{}` is upgraded to {}, but the record declares a later {}",
                                claim.name,
                                claim.version,
                                passed.join(", ")
                            ),
                            Some(format!(
                                "if the release went past it, say so in the {kind}; else correct the version of `{}`",
                                declared[0].1.name
                            )),
                        );
                    }
                    if !wrong.is_empty() {
                        self.push(
                            Severity::Error,
                            Rule::UpgradeClaim,
                            at,
                            format!(
                                "{kind} says `{}` is upgraded to {}, but the record declares {}",
                                claim.name,
                                claim.version,
                                wrong.join(", ")
                            ),
                            Some(format!(
                                "correct the {kind} or the component version of `{}`",
                                declared[0].1.name
                            )),
                        );
                    }
                    let Some(prev_views) = &prev_views else {
                        continue;
                    };
                    let prev = self.previous.map(|p| p.version.clone());
                    let (arch, current) = declared[0];
                    let before = prev_views
                        .iter()
                        .find(|v| v.name == arch)
                        .or_else(|| prev_views.first())
                        .and_then(|v| {
                            v.components
                                .iter()
                                .find(|c| normalize_component(&c.name) == key)
                        });
                    if let Some(before) = before {
                        let order = before.version_order(current);
                        // A downgrade needs a higher version before it, an
                        // upgrade a lower one.
                        let (contradicts, verb, hint) = if claim_lowers(&claim) {
                            (
                                matches!(order, Some(Ordering::Equal | Ordering::Less)),
                                "downgraded",
                                "a downgrade needs a higher version in the previous release; say \"upgraded\" or drop the claim",
                            )
                        } else {
                            (
                                matches!(order, Some(Ordering::Equal | Ordering::Greater)),
                                "upgraded",
                                "an upgrade needs a lower version in the previous release; say \"downgraded\" or drop the claim",
                            )
                        };
                        if contradicts {
                            self.push(
                                Severity::Error,
                                Rule::UpgradeClaim,
                                at,
                                format!(
                                    "{kind} says `{}` is {verb} to {}, but the previous release {} already had {} {}",
                                    claim.name,
                                    claim.version,
                                    prev.unwrap_or_default(),
                                    before.name,
                                    before.version
                                ),
                                Some(hint.into()),
                            );
                        }
                    }
                }
            }
        }
    }

    fn base_cuda(&self) -> Option<(String, Option<Position>)> {
        let (cuda, key) = self.release.base_cuda(&self.workspace.project)?;
        Some((cuda, self.sources.value(&key)))
    }

    fn driver_cuda(&mut self) {
        let Some(driver) = &self.release.driver else {
            return;
        };
        let Some((base, base_at)) = self.base_cuda() else {
            return;
        };
        let Ok(base_v) = Dotted::from_str(&base) else {
            return;
        };
        let mut mentioned: Vec<(String, Option<Position>)> = Vec::new();
        if let Some(nfc) = &driver.not_forward_compatible_with {
            mentioned.push((nfc.clone(), self.find(&format!("\"{nfc}\""), base_at)));
        }
        if let Some(w) = &driver.wording {
            let start = self.sources.value("driver.wording");
            for (_, text) in w.entries() {
                for v in cuda_mentions(text) {
                    let at = self.find(&format!("CUDA {v}"), start);
                    mentioned.push((v, at));
                }
            }
        }
        let mut reported: Vec<Dotted> = Vec::new();
        for (v, at) in mentioned {
            let Ok(d) = Dotted::from_str(&v) else {
                continue;
            };
            // "not forward-compatible with CUDA 12.6" names the minor series
            // a 12.6.2 base belongs to: less precise, not different.
            let series_of_base = base
                .strip_prefix(v.as_str())
                .is_some_and(|rest| rest.starts_with('.'));
            if d == base_v
                || d.cmp(&base_v) == Ordering::Equal
                || series_of_base
                || reported.contains(&d)
            {
                continue;
            }
            reported.push(d);
            self.push(
                Severity::Error,
                Rule::DriverCudaMismatch,
                at,
                format!(
                    "the driver requirements name CUDA {v}, but the release is based on CUDA {base}"
                ),
                Some(format!(
                    "one of them is wrong: the upgrade sentence should probably name CUDA {base}"
                )),
            );
        }
    }

    fn driver_branches(&mut self) {
        let Some(driver) = &self.release.driver else {
            return;
        };
        for (i, b) in driver.datacenter.iter().enumerate() {
            if driver
                .upgrade_from
                .iter()
                .any(|u| u.trim().eq_ignore_ascii_case(b.branch.trim()))
            {
                let at = self.sources.value(&format!("driver.datacenter[{i}].min"));
                self.push(
                    Severity::Error,
                    Rule::DriverBranchConflict,
                    at,
                    format!(
                        "branch {} is allowed on data-center GPUs (≥ {}) and also listed among the drivers to upgrade from",
                        b.branch,
                        b.min
                    ),
                    Some(format!(
                        "remove {} from one of the lists; `relnotes compat` treats it as not supported until then",
                        b.branch
                    )),
                );
            }
        }
    }

    /// The minimum driver against NVIDIA's table for the record's CUDA: its
    /// row's minimum, or past the table's end (or for a release it does not
    /// list) the minor-version-compatibility floor of the CUDA major.
    fn driver_minimum(&mut self) {
        let Some((cuda, cuda_at)) = self.base_cuda() else {
            return;
        };
        let min = self.release.driver.as_ref().and_then(|d| d.min.clone());
        let min_at = self.sources.value("driver.min");
        let platform = self.release.linux_platform();
        let lookup = model::toolkit_lookup(&cuda);
        if let ToolkitLookup::PastTable(newest) = &lookup {
            self.push(
                Severity::Warning,
                Rule::CudaPastDriverTable,
                cuda_at,
                format!(
                    "CUDA {cuda} is newer than NVIDIA's driver table in this relnotes, which stops at {} ({}): NVIDIA's minimum driver for it is unknown",
                    newest.release, newest.cuda
                ),
                Some(
                    "a newer relnotes knows newer CUDA releases; until then `relnotes compat` answers `unknown` for this release"
                        .into(),
                ),
            );
        }
        let Some(min) = min else {
            return;
        };
        match lookup {
            ToolkitLookup::Listed(row) => {
                let Some(nvidia) = row.minimum(platform) else {
                    self.push(
                        Severity::Info,
                        Rule::DriverBelowCudaMinimum,
                        min_at,
                        format!(
                            "not checked: NVIDIA's table gives no {} minimum for {} (only {})",
                            platform.as_str(),
                            row.release,
                            LinuxPlatform::X86_64.as_str()
                        ),
                        Some(format!("source: {}", row.source())),
                    );
                    return;
                };
                if model::driver_below_minimum(&min, nvidia) {
                    self.push(
                        Severity::Error,
                        Rule::DriverBelowCudaMinimum,
                        min_at,
                        format!(
                            "minimum driver {min} is lower than NVIDIA's minimum {nvidia} for {} ({}): source: {}",
                            row.release,
                            platform.as_str(),
                            row.source()
                        ),
                        Some(format!(
                            "raise `driver.min` to {nvidia} or later (NVIDIA's table as relnotes holds it: data/cuda-drivers.toml)"
                        )),
                    );
                }
            }
            ToolkitLookup::PastTable(_) | ToolkitLookup::NotListed => {
                let Some(floor) = model::minor_version_floor(&cuda) else {
                    return;
                };
                if model::driver_below_minimum(&min, &floor.minimum) {
                    self.push(
                        Severity::Error,
                        Rule::DriverBelowCudaMinimum,
                        min_at,
                        format!(
                            "minimum driver {min} is lower than {}, the driver every CUDA {}.x release needs at least (NVIDIA's minor version compatibility): source: {}",
                            floor.minimum,
                            floor.major,
                            floor.source()
                        ),
                        Some(format!("raise `driver.min` to {} or later", floor.minimum)),
                    );
                }
            }
        }
    }

    /// Where a component is first declared: in [components], else in the
    /// first arch table that names it.
    fn component_at(&self, name: &str) -> Option<Position> {
        std::iter::once(join_key("components", name))
            .chain(self.release.arch.keys().map(|arch| {
                join_key(
                    &join_key(&join_key("arch", arch.as_str()), "components"),
                    name,
                )
            }))
            .filter_map(|place| self.sources.key(&place))
            .min()
    }

    fn arch_differences(&mut self) {
        let views = self.release.resolve(&self.workspace.project);
        if views.len() < 2 {
            return;
        }
        let by_key: Vec<HashMap<&str, &str>> = views
            .iter()
            .map(|v| {
                v.components
                    .iter()
                    .map(|c| (c.key.as_str(), c.version.as_str()))
                    .collect()
            })
            .collect();
        let mut seen: HashSet<&str> = HashSet::new();
        for view in &views {
            for c in &view.components {
                if !seen.insert(&c.key) {
                    continue;
                }
                let holders: Vec<(&str, &str)> = views
                    .iter()
                    .zip(&by_key)
                    .filter_map(|(v, keys)| keys.get(c.key.as_str()).map(|x| (v.name.as_str(), *x)))
                    .collect();
                if holders.len() < views.len() {
                    let archs: Vec<&str> = holders.iter().map(|(a, _)| *a).collect();
                    self.push(
                        Severity::Info,
                        Rule::ArchDifference,
                        self.component_at(&c.name),
                        format!("{} only on {}", c.name, archs.join(", ")),
                        None,
                    );
                } else if holders.iter().any(|(_, v)| *v != holders[0].1) {
                    let list: Vec<String> =
                        holders.iter().map(|(a, v)| format!("{a} {v}")).collect();
                    self.push(
                        Severity::Info,
                        Rule::ArchDifference,
                        self.component_at(&c.name),
                        format!("{} differs per arch: {}", c.name, list.join(", ")),
                        None,
                    );
                }
            }
        }
    }

    fn duplicates(&mut self) {
        let views = self.release.resolve(&self.workspace.project);
        for view in &views {
            // Components whose names normalise alike, in record order.
            let mut alike: HashMap<String, Vec<&model::Package>> = HashMap::new();
            for c in &view.components {
                alike
                    .entry(normalize_component(&c.name))
                    .or_default()
                    .push(c);
            }
            for a in &view.components {
                let group = &alike[&normalize_component(&a.name)];
                let after = group.iter().skip_while(|x| !std::ptr::eq(**x, a)).skip(1);
                for b in after.filter(|b| b.key != a.key) {
                    self.push(
                        Severity::Error,
                        Rule::DuplicateComponent,
                        self.component_at(&b.name),
                        format!(
                            "{}: `{}` and `{}` name the same component ({} and {})",
                            view.name, a.name, b.name, a.version, b.version
                        ),
                        Some("keep one of the two names".into()),
                    );
                }
            }
        }
        let shared: HashMap<String, &String> = self
            .release
            .components
            .iter()
            .rev()
            .map(|(n, v)| (normalize_component(n), v))
            .collect();
        for (arch, over) in &self.release.arch {
            for (name, version) in &over.components {
                if shared.get(&normalize_component(name)) == Some(&version) {
                    self.push(
                        Severity::Warning,
                        Rule::DuplicateComponent,
                        self.sources.key(&join_key(
                            &join_key(&join_key("arch", arch.as_str()), "components"),
                            name,
                        )),
                        format!(
                            "[arch.{}.components] repeats `{}` = {} from [components]",
                            arch, name, version
                        ),
                        Some("drop the override: the shared version already applies".into()),
                    );
                }
            }
        }
    }

    /// A record `relnotes new` drafted and nobody has reviewed yet.
    fn draft(&mut self) {
        if self.release.draft {
            let at = self.sources.value("draft");
            self.push(
                Severity::Warning,
                Rule::Draft,
                at,
                format!(
                    "{} is a draft: what was drafted is not reviewed yet",
                    self.release.version
                ),
                Some(
                    "review the components and the lines marked `# generated from the image: review`, write the features, bug fixes and known issues, then delete `draft = true`"
                        .to_string(),
                ),
            );
        }
    }

    fn asset_tags(&mut self) {
        let version = self.release.version.clone();
        for asset in &self.release.assets {
            let image = match asset.reference() {
                Ok(image) => image,
                Err(e) => {
                    let at = self.find(&asset.image, None);
                    self.push(
                        Severity::Error,
                        Rule::AssetImage,
                        at,
                        format!("asset image `{}` is not an image reference: {e}", asset.image),
                        Some(format!(
                            "write REGISTRY/REPOSITORY:TAG, e.g. registry.example.com/team/image:{version}"
                        )),
                    );
                    continue;
                }
            };
            let Some(tag) = image.tag() else {
                continue;
            };
            if !model::tag_of_release(tag, &version) {
                let at = self.find(&asset.image, None);
                self.push(
                    Severity::Error,
                    Rule::AssetTag,
                    at,
                    format!(
                        "asset tag `{tag}` of {} does not match the release version {version}",
                        asset.image
                    ),
                    Some(format!(
                        "tags of this release start with `{version}` (or its series, as `{}`)",
                        series_example(&version)
                    )),
                );
            }
        }
    }
}

/// The series of `version` for a hint: `0.14` of `0.14.0`, else the version.
fn series_example(version: &str) -> &str {
    match version.rsplit_once('.') {
        Some((series, _)) if series.contains('.') => series,
        _ => version,
    }
}

/// Whether a declared version satisfies a claimed one: equal as versions,
/// or the claim is a prefix at a dotted boundary (`2.4` of `2.4.0+3cd6870c`).
pub(crate) fn version_matches(ecosystem: Ecosystem, declared: &str, claimed: &str) -> bool {
    if declared == claimed {
        return true;
    }
    if let Some(rest) = declared.strip_prefix(claimed)
        && rest.starts_with(['.', '+', '-'])
    {
        return true;
    }
    // "Update Go to 1.26.x": a series, which 1.26.2 is of.
    if let Some(series) = claimed.strip_suffix(".x")
        && declared
            .strip_prefix(series)
            .is_some_and(|rest| rest.starts_with('.'))
    {
        return true;
    }
    matches!(
        Version::parse(ecosystem, declared)
            .ok()
            .zip(Version::parse(ecosystem, claimed).ok())
            .and_then(|(a, b)| a.compare(&b)),
        Some(Ordering::Equal)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_and_versions() {
        assert!(version_matches(Ecosystem::Pypi, "2.4.0+3cd6870c", "2.4"));
        assert!(version_matches(Ecosystem::Pypi, "0.14.0", "0.14.0"));
        assert!(version_matches(Ecosystem::Cuda, "12.9.0", "12.9"));
        assert!(!version_matches(Ecosystem::Pypi, "2.41.0", "2.4"));
        assert!(!version_matches(Ecosystem::Pypi, "0.10.0", "0.11.0"));
        // "Update Go to 1.26.x" (Tor Browser's ChangeLog): a series.
        assert!(version_matches(Ecosystem::Pypi, "1.26.2", "1.26.x"));
        assert!(!version_matches(Ecosystem::Pypi, "1.27.0", "1.26.x"));
    }

    #[test]
    fn a_tag_may_name_the_series_of_the_release() {
        let of = model::tag_of_release;
        assert!(of("0.14-gpu-py312-ec2", "0.14.0"));
        assert!(of("2.7-gpu-py312-cu128-ubuntu22.04-ec2-v1", "2.7.1"));
        assert!(of("25.05-py3", "25.05"));
        assert!(!of("0.1-gpu", "0.14.0"));
        assert!(!of("0.15-gpu", "0.14.0"));
        assert!(!of("0-gpu", "0.14.0"));
        assert!(!of("25-py3", "25.05"));
        assert_eq!(series_example("0.14.0"), "0.14");
        assert_eq!(series_example("25.05"), "25.05");
    }
}
