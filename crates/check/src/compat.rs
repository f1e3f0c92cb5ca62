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
//! NVIDIA's driver table (`model::drivers`) bounds both: below NVIDIA's
//! minimum for the record's CUDA a release is not native, whatever its
//! `driver.min` says; for a CUDA the table does not list (newer than its
//! newest release, or an Update it does not name) relnotes cannot know
//! NVIDIA's minimum, so no answer is "yes" (`unknown`), and a driver below
//! the CUDA major's minor-version-compatibility floor is "no".

use model::{
    Driver, DriverVersion, LinuxPlatform, MinorVersionFloor, Project, Release, ToolkitLookup,
    driver_meets_minimum,
};
use serde::Serialize;

/// How a release runs on the asked driver.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Support {
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
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Support::Native => "native",
            Support::ForwardCompatible => "forward-compatible",
            Support::Unsupported => "unsupported",
            Support::Unknown => "unknown",
        }
    }

    pub(crate) fn runs(self) -> bool {
        matches!(self, Support::Native | Support::ForwardCompatible)
    }
}

/// One release's answer.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Verdict {
    pub version: String,
    pub support: Support,
    pub runs: bool,
    /// The data-center branch that makes it run (or that was considered).
    pub branch: Option<String>,
    pub driver_min: Option<String>,
    /// The CUDA version the release is built on, when the record says.
    pub cuda: Option<String>,
    /// NVIDIA's minimum driver for that CUDA, when its table lists one.
    pub nvidia_min: Option<String>,
    /// Where NVIDIA's minimum (or the floor the reason names) was read.
    pub nvidia_source: Option<String>,
    pub reason: String,
}

/// What NVIDIA's table says the record's CUDA needs.
enum Nvidia {
    /// The record names no CUDA: only its own minimum decides.
    NoCuda,
    /// NVIDIA's minimum on the record's platform.
    Minimum {
        cuda: String,
        min: String,
        /// `CUDA 13.0 Update 2 (Linux x86_64)`.
        what: String,
        source: String,
    },
    /// NVIDIA lists the release but no minimum for the record's platform.
    NoPlatformValue { cuda: String, why: String },
    /// NVIDIA's minimum is unknown to this relnotes.
    Unknown {
        cuda: String,
        why: String,
        floor: Option<&'static MinorVersionFloor>,
    },
}

impl Nvidia {
    fn of(release: &Release, project: &Project) -> Nvidia {
        let Some((cuda, _)) = release.base_cuda(project) else {
            return Nvidia::NoCuda;
        };
        let platform = release.linux_platform();
        let floor = model::minor_version_floor(&cuda);
        match model::toolkit_lookup(&cuda) {
            ToolkitLookup::Listed(row) => match row.minimum(platform) {
                Some(min) => Nvidia::Minimum {
                    min: min.to_string(),
                    what: format!("{} ({})", row.release, platform.as_str()),
                    source: row.source().to_string(),
                    cuda,
                },
                None => Nvidia::NoPlatformValue {
                    why: format!(
                        "NVIDIA's table gives no {} minimum for {} (only {}), so only the record's minimum is checked",
                        platform.as_str(),
                        row.release,
                        LinuxPlatform::X86_64.as_str()
                    ),
                    cuda,
                },
            },
            ToolkitLookup::PastTable(newest) => Nvidia::Unknown {
                why: format!(
                    "the release is built on CUDA {cuda}, past NVIDIA's driver table in this relnotes, which stops at {} ({}): a newer relnotes is needed to know NVIDIA's minimum driver",
                    newest.release, newest.cuda
                ),
                cuda,
                floor,
            },
            ToolkitLookup::NotListed => Nvidia::Unknown {
                why: format!(
                    "NVIDIA's driver table in this relnotes lists no CUDA {cuda} release, so NVIDIA's minimum driver for it is unknown"
                ),
                cuda,
                floor,
            },
        }
    }

    fn cuda(&self) -> Option<String> {
        match self {
            Nvidia::NoCuda => None,
            Nvidia::Minimum { cuda, .. }
            | Nvidia::NoPlatformValue { cuda, .. }
            | Nvidia::Unknown { cuda, .. } => Some(cuda.clone()),
        }
    }
}

/// The answers for every release.
#[derive(Debug, Clone, Serialize)]
pub struct CompatReport {
    pub(crate) driver: String,
    pub(crate) datacenter: bool,
    pub(crate) releases: Vec<Verdict>,
}

/// Whether each of `releases` runs on `driver` (on a data-center GPU when
/// `datacenter`), in the order given.
pub fn compat<'a>(
    releases: impl IntoIterator<Item = &'a Release>,
    project: &Project,
    driver: DriverVersion,
    datacenter: bool,
) -> CompatReport {
    let releases = releases
        .into_iter()
        .map(|release| check(release, project, &driver, datacenter))
        .collect();
    CompatReport {
        driver: driver.text,
        datacenter,
        releases,
    }
}

/// Whether `release` runs on `driver` (on a data-center GPU when `datacenter`).
pub(crate) fn check(
    release: &Release,
    project: &Project,
    driver: &DriverVersion,
    datacenter: bool,
) -> Verdict {
    let nvidia = Nvidia::of(release, project);
    let mut verdict = check_record(release, driver, datacenter, &nvidia);
    verdict.cuda = nvidia.cuda();
    match &nvidia {
        Nvidia::Minimum { min, source, .. } => {
            verdict.nvidia_min = Some(min.clone());
            verdict.nvidia_source = Some(source.clone());
        }
        Nvidia::NoPlatformValue { why, .. } => {
            verdict.reason = format!("{}; {why}", verdict.reason);
        }
        Nvidia::Unknown { why, floor, .. } => {
            let below_floor =
                floor.filter(|f| driver_meets_minimum(driver, &f.minimum) == Some(false));
            match below_floor {
                Some(f) if verdict.support != Support::ForwardCompatible => {
                    verdict.support = Support::Unsupported;
                    verdict.nvidia_source = Some(f.source().to_string());
                    verdict.reason = format!(
                        "driver {} is below {}, the driver every CUDA {}.x release needs at least (NVIDIA's minor version compatibility, {}); {why}",
                        driver.text,
                        f.minimum,
                        f.major,
                        f.source()
                    );
                }
                _ if verdict.runs => {
                    verdict.support = Support::Unknown;
                    verdict.reason = format!("{why}; by the record alone: {}", verdict.reason);
                }
                _ => verdict.reason = format!("{}; {why}", verdict.reason),
            }
            verdict.runs = verdict.support.runs();
        }
        Nvidia::NoCuda => {}
    }
    verdict
}

/// The answer from the record's own driver facts, its minimum bounded by
/// NVIDIA's where the table gives one.
fn check_record(
    release: &Release,
    driver: &DriverVersion,
    datacenter: bool,
    nvidia: &Nvidia,
) -> Verdict {
    let version = release.version.clone();
    let spec = release.driver.clone().unwrap_or_default();
    let driver_min = spec.min.clone();
    let verdict = |support: Support, branch: Option<String>, reason: String| Verdict {
        version: version.clone(),
        support,
        runs: support.runs(),
        branch,
        driver_min: driver_min.clone(),
        cuda: None,
        nvidia_min: None,
        nvidia_source: None,
        reason,
    };
    let record_native = driver_min
        .as_deref()
        .and_then(|min| driver_meets_minimum(driver, min));
    // Below NVIDIA's minimum the release is not native, whatever its record says.
    let below_nvidia = match nvidia {
        Nvidia::Minimum {
            min, what, source, ..
        } if driver_meets_minimum(driver, min) == Some(false) => Some(format!(
            "NVIDIA's minimum for {what} is {min} (source: {source})"
        )),
        _ => None,
    };
    let native = match (&below_nvidia, record_native) {
        (Some(_), Some(true)) => Some(false),
        _ => record_native,
    };
    if native == Some(true) {
        let min = driver_min.as_deref().unwrap_or_default();
        let mut reason = format!("driver {} is at or above the minimum {min}", driver.text);
        if let Nvidia::Minimum { min, what, .. } = nvidia {
            reason.push_str(&format!(" and NVIDIA's minimum {min} for {what}"));
        }
        return verdict(Support::Native, None, reason);
    }
    let branch_name = format!("R{}", driver.branch());
    let allowed = spec
        .datacenter
        .iter()
        .find(|b| b.branch.eq_ignore_ascii_case(&branch_name));
    let below = match (&driver_min, &below_nvidia) {
        (Some(min), Some(nvidia)) if record_native == Some(true) => format!(
            "driver {} meets the record's minimum {min} but not NVIDIA's: {nvidia}",
            driver.text
        ),
        (Some(min), _) => format!("driver {} is below the minimum {min}", driver.text),
        (None, Some(nvidia)) => format!(
            "the record names no minimum driver, and driver {} is below NVIDIA's: {nvidia}",
            driver.text
        ),
        (None, None) => "the record names no minimum driver".to_string(),
    };
    if !datacenter {
        // What --datacenter would answer, so the hint never promises more.
        let on_datacenter = check_record(release, driver, true, nvidia).support;
        let hint = match allowed {
            Some(b) if on_datacenter == Support::ForwardCompatible => format!(
                "; on a data-center GPU it runs through {branch_name} forward compatibility (≥ {}, --datacenter)",
                b.min
            ),
            Some(b) if driver_meets_minimum(driver, &b.min) == Some(false) => format!(
                "; on a data-center GPU {branch_name} ≥ {} would do, which {} is not (--datacenter)",
                b.min, driver.text
            ),
            _ => String::new(),
        };
        return match (native, &below_nvidia) {
            (Some(false), _) | (None, Some(_)) => {
                verdict(Support::Unsupported, None, format!("{below}{hint}"))
            }
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
            let support = if native.is_none() && below_nvidia.is_none() && branches.is_empty() {
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
            match driver_meets_minimum(driver, min) {
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

impl model::CommandReport for CompatReport {
    fn to_text(&self) -> String {
        let gpu = if self.datacenter {
            "data-center GPU"
        } else {
            "GPU (not data-center)"
        };
        let mut out = format!("driver {} on a {gpu}\n", self.driver);
        let rows: Vec<[String; 4]> = self
            .releases
            .iter()
            .map(|v| {
                let answer = match v.support {
                    Support::Native | Support::ForwardCompatible => "yes",
                    Support::Unsupported => "no",
                    Support::Unknown => "?",
                };
                // Fixed widths for the two closed sets of words, so that
                // the reasons start in the same column whatever the answers.
                [
                    v.version.clone(),
                    format!("{answer:<3}"),
                    format!("{:<18}", v.support.as_str()),
                    v.reason.clone(),
                ]
            })
            .collect();
        out.push_str(&model::aligned_columns(&rows, ""));
        out
    }

    fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("serializable") + "\n"
    }
}
