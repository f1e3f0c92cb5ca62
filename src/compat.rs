//! Driver compatibility: does a release run on a given NVIDIA driver?
//!
//! A release runs **natively** on a driver at or above its `driver.min`
//! (a bare branch number such as `575` means "release 575 or later").
//! On a data-center GPU it may also run through **forward compatibility**:
//! the driver belongs to one of `driver.datacenter`'s branches (`R535`
//! means 535.x) and is at or above that branch's minimum. A branch the
//! record also lists in `driver.upgrade_from` contradicts itself; relnotes
//! then decides conservatively and does not count on it.
//!
//! The module also holds NVIDIA's table of the minimum Linux x86_64 driver
//! of each CUDA Toolkit release (`data/cuda-drivers.toml`), which `lint` uses.

use model::record::{Driver, Release};
use model::version::Dotted;
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::str::FromStr;

#[derive(Debug, thiserror::Error)]
pub enum CompatError {
    #[error(
        "`{0}` is not a driver version\n  = hint: give the driver as nvidia-smi shows it, e.g. 535.104.05 or 575"
    )]
    InvalidDriver(String),
}

/// A driver version as `nvidia-smi` shows it: `535.104.05`, `575.51`, `575`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DriverVersion {
    pub text: String,
    pub parts: Vec<u64>,
}

impl DriverVersion {
    /// The branch number: 535 for 535.104.05.
    pub fn branch(&self) -> u64 {
        self.parts[0]
    }

    fn dotted(&self) -> Dotted {
        Dotted {
            parts: self.parts.clone(),
            suffix: None,
        }
    }
}

impl FromStr for DriverVersion {
    type Err = CompatError;

    fn from_str(text: &str) -> Result<Self, CompatError> {
        let invalid = || CompatError::InvalidDriver(text.to_string());
        let parts: Vec<&str> = text.split('.').collect();
        if parts.len() > 3
            || parts
                .iter()
                .any(|p| p.is_empty() || p.len() > 6 || !p.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(invalid());
        }
        let parts = parts
            .iter()
            .map(|p| p.parse::<u64>().map_err(|_| invalid()))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(DriverVersion {
            text: text.to_string(),
            parts,
        })
    }
}

/// Whether `driver` is at or above `min`. A `min` of one number (`575`) is a
/// branch: every driver of that branch or a later one qualifies.
pub fn meets_minimum(driver: &DriverVersion, min: &str) -> Option<bool> {
    let min = DriverVersion::from_str(min.trim()).ok()?;
    Some(if min.parts.len() == 1 {
        driver.branch() >= min.branch()
    } else {
        driver.dotted().cmp(&min.dotted()) != Ordering::Less
    })
}

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
    pub driver: String,
    pub datacenter: bool,
    pub releases: Vec<Verdict>,
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
        let hint = match allowed {
            Some(b) => format!(
                "; on a data-center GPU {branch_name} ≥ {} would do (--datacenter)",
                b.min
            ),
            None => String::new(),
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
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("serializable") + "\n"
    }

    pub fn to_text(&self) -> String {
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

/// One row of NVIDIA's CUDA Toolkit → minimum driver table.
#[derive(Debug, Clone, Deserialize)]
pub struct ToolkitDriver {
    pub cuda: String,
    pub release: String,
    pub driver: String,
}

#[derive(Deserialize)]
struct ToolkitTable {
    toolkit: Vec<ToolkitDriver>,
}

/// The embedded table (`data/cuda-drivers.toml`).
pub fn toolkit_drivers() -> Vec<ToolkitDriver> {
    let table: ToolkitTable = toml::from_str(include_str!("../data/cuda-drivers.toml"))
        .expect("data/cuda-drivers.toml is valid");
    table.toolkit
}

/// NVIDIA's minimum Linux x86_64 driver for a CUDA version. `12.8` means the
/// GA release (12.8.0); an unknown update falls back to the lowest driver
/// listed for its major.minor.
pub fn toolkit_minimum(cuda: &str) -> Option<ToolkitDriver> {
    let wanted = Dotted::from_str(cuda.trim()).ok()?;
    let major_minor = |d: &Dotted| (d.parts.first().copied(), d.parts.get(1).copied());
    let rows = toolkit_drivers();
    if let Some(row) = rows
        .iter()
        .find(|r| Dotted::from_str(&r.cuda).is_ok_and(|d| d.parts == padded(&wanted.parts)))
    {
        return Some(row.clone());
    }
    rows.into_iter()
        .filter(|r| {
            Dotted::from_str(&r.cuda).is_ok_and(|d| major_minor(&d) == major_minor(&wanted))
        })
        .min_by(|a, b| {
            let a = Dotted::from_str(&a.driver).ok();
            let b = Dotted::from_str(&b.driver).ok();
            a.cmp(&b)
        })
}

fn padded(parts: &[u64]) -> Vec<u64> {
    let mut p = parts.to_vec();
    while p.len() < 3 {
        p.push(0);
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn driver_versions_parse_strictly() {
        assert_eq!(
            "535.104.05".parse::<DriverVersion>().unwrap().parts,
            [535, 104, 5]
        );
        assert!("575".parse::<DriverVersion>().is_ok());
        for bad in [
            "",
            "abc",
            "535.",
            "535..1",
            "1.2.3.4",
            "R535",
            "535.104.05-1",
        ] {
            assert!(bad.parse::<DriverVersion>().is_err(), "{bad}");
        }
    }

    #[test]
    fn minimums_compare_by_branch_or_dotted() {
        let d = |s: &str| s.parse::<DriverVersion>().unwrap();
        assert_eq!(meets_minimum(&d("575.51.03"), "575"), Some(true));
        assert_eq!(meets_minimum(&d("575"), "575"), Some(true));
        assert_eq!(meets_minimum(&d("570.999"), "575"), Some(false));
        assert_eq!(meets_minimum(&d("535.86"), "535.86"), Some(true));
        assert_eq!(meets_minimum(&d("535.86.10"), "535.86"), Some(true));
        assert_eq!(meets_minimum(&d("535.85.99"), "535.86"), Some(false));
    }

    #[test]
    fn the_toolkit_table_answers_ga_and_updates() {
        assert_eq!(toolkit_minimum("12.8").unwrap().driver, "570.26");
        assert_eq!(toolkit_minimum("12.8.0").unwrap().driver, "570.26");
        assert_eq!(toolkit_minimum("12.8.1").unwrap().driver, "570.124.06");
        assert_eq!(toolkit_minimum("12.9.0").unwrap().driver, "575.51.03");
        assert_eq!(toolkit_minimum("12.2.2").unwrap().driver, "535.104.05");
        assert_eq!(toolkit_minimum("11.0.3").unwrap().driver, "450.51.06");
        assert_eq!(toolkit_minimum("12.6.9").unwrap().driver, "560.28.03");
        assert!(toolkit_minimum("10.2").is_none());
        assert!(toolkit_drivers().len() >= 40);
    }
}
