//! Driver compatibility: does a release run on a given NVIDIA driver?
//!
//! A release runs **natively** on a driver at or above its `driver.min`
//! (a bare branch number such as `575` means "release 575 or later").
//! On a data-center GPU it may also run through **forward compatibility**:
//! the driver belongs to one of `driver.datacenter`'s branches (`R535`
//! means 535.x) and is at or above that branch's minimum. A branch the
//! record also lists in `driver.upgrade_from` contradicts itself; relnotes
//! then decides conservatively and does not count on it.

use model::drivers::{DriverVersion, meets_minimum};
use model::record::{Driver, Release};
use serde::Serialize;

/// How a release runs on the asked driver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Support {
    /// At or above the release's minimum driver.
    Native,
    /// Through a data-center forward-compatibility branch.
    ForwardCompatible,
    /// Not at all.
    Unsupported,
    /// The record does not say which drivers it needs.
    Unknown,
}

impl Support {
    pub fn as_str(self) -> &'static str {
        match self {
            Support::Native => "native",
            Support::ForwardCompatible => "forward-compatible",
            Support::Unsupported => "unsupported",
            Support::Unknown => "unknown",
        }
    }

    pub fn runs(self) -> bool {
        matches!(self, Support::Native | Support::ForwardCompatible)
    }
}

/// One release's answer.
#[derive(Debug, Clone, Serialize)]
pub struct Verdict {
    pub version: String,
    pub support: Support,
    pub runs: bool,
    /// The data-center branch that makes it run (or that was considered).
    pub branch: Option<String>,
    pub driver_min: Option<String>,
    pub reason: String,
}

/// The answers for every release.
#[derive(Debug, Clone, Serialize)]
pub struct CompatReport {
    pub(crate) driver: String,
    pub(crate) datacenter: bool,
    pub(crate) releases: Vec<Verdict>,
}

/// Whether `release` runs on `driver` (on a data-center GPU when `datacenter`).
pub fn check(release: &Release, driver: &DriverVersion, datacenter: bool) -> Verdict {
    let version = release.version.clone();
    let spec = release.driver.clone().unwrap_or_default();
    let driver_min = spec.min.clone();
    let verdict = |support: Support, branch: Option<String>, reason: String| Verdict {
        version: version.clone(),
        support,
        runs: support.runs(),
        branch,
        driver_min: driver_min.clone(),
        reason,
    };
    let native = driver_min
        .as_deref()
        .and_then(|min| meets_minimum(driver, min));
    if native == Some(true) {
        let min = driver_min.as_deref().unwrap_or_default();
        return verdict(
            Support::Native,
            None,
            format!("driver {} is at or above the minimum {min}", driver.text),
        );
    }
    let branch_name = format!("R{}", driver.branch());
    let allowed = spec
        .datacenter
        .iter()
        .find(|b| b.branch.eq_ignore_ascii_case(&branch_name));
    let below = match &driver_min {
        Some(min) => format!("driver {} is below the minimum {min}", driver.text),
        None => "the record names no minimum driver".to_string(),
    };
    if !datacenter {
        // What --datacenter would answer, so the hint never promises more.
        let on_datacenter = check(release, driver, true).support;
        let hint = match allowed {
            Some(b) if on_datacenter == Support::ForwardCompatible => format!(
                "; on a data-center GPU it runs through {branch_name} forward compatibility (≥ {}, --datacenter)",
                b.min
            ),
            Some(b) if meets_minimum(driver, &b.min) == Some(false) => format!(
                "; on a data-center GPU {branch_name} ≥ {} would do, which {} is not (--datacenter)",
                b.min, driver.text
            ),
            _ => String::new(),
        };
        return match native {
            Some(false) => verdict(Support::Unsupported, None, format!("{below}{hint}")),
            _ => verdict(Support::Unknown, None, format!("{below}{hint}")),
        };
    }
    match allowed {
        None => {
            let branches = branch_list(&spec);
            let reason = if branches.is_empty() {
                format!("{below}, and the record allows no data-center branch")
            } else {
                format!(
                    "{below}, and {branch_name} is not a data-center branch it allows ({branches})"
                )
            };
            let support = if native.is_none() && branches.is_empty() {
                Support::Unknown
            } else {
                Support::Unsupported
            };
            verdict(support, None, reason)
        }
        Some(b) => {
            let min = &b.min;
            let upgrade = spec
                .upgrade_from
                .iter()
                .any(|u| u.trim().eq_ignore_ascii_case(&branch_name));
            match meets_minimum(driver, min) {
                Some(true) if upgrade => verdict(
                    Support::Unsupported,
                    Some(branch_name.clone()),
                    format!(
                        "{below}; {branch_name} ≥ {min} is allowed on data-center GPUs but {branch_name} is also listed among the drivers to upgrade from: the record contradicts itself, so it is not counted on"
                    ),
                ),
                Some(true) => verdict(
                    Support::ForwardCompatible,
                    Some(branch_name.clone()),
                    format!("forward compatibility on a data-center GPU: {branch_name} ≥ {min}"),
                ),
                _ => verdict(
                    Support::Unsupported,
                    Some(branch_name.clone()),
                    format!(
                        "{below}, and below {min}, the minimum of data-center branch {branch_name}"
                    ),
                ),
            }
        }
    }
}

fn branch_list(driver: &Driver) -> String {
    driver
        .datacenter
        .iter()
        .map(|b| format!("{} ≥ {}", b.branch, b.min))
        .collect::<Vec<_>>()
        .join(", ")
}

impl CompatReport {
    pub(crate) fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("serializable") + "\n"
    }

    pub(crate) fn to_text(&self) -> String {
        let gpu = if self.datacenter {
            "data-center GPU"
        } else {
            "GPU (not data-center)"
        };
        let mut out = format!("driver {} on a {gpu}\n", self.driver);
        let width = self
            .releases
            .iter()
            .map(|v| v.version.chars().count())
            .max()
            .unwrap_or(0);
        for v in &self.releases {
            let answer = match v.support {
                Support::Native => "yes",
                Support::ForwardCompatible => "yes",
                Support::Unsupported => "no",
                Support::Unknown => "?",
            };
            out.push_str(&format!(
                "{:<width$}  {answer:<3}  {:<18}  {}\n",
                v.version,
                v.support.as_str(),
                v.reason
            ));
        }
        out
    }
}
