//! `NVIDIA_REQUIRE_CUDA`: the image's own driver requirement, which the
//! NVIDIA container runtime checks before it starts the container.
//!
//! Space-separated alternatives, each a comma-separated conjunction of
//! conditions on `cuda`, `driver`, `brand` and `arch`:
//!
//! ```text
//! cuda>=12.8 brand=tesla,driver>=470,driver<471 brand=unknown,driver>=470,driver<471 …
//! ```
//!
//! reads "the host driver supports CUDA 12.8, or the GPU is a `tesla` with
//! a driver of branch 470, or …". relnotes keeps the CUDA minimum, a
//! brand-less driver minimum, and the per-brand driver ranges, grouped.

use model::{Ecosystem, Version};
use serde::Serialize;
use std::cmp::Ordering;

pub(crate) const VARIABLE: &str = "NVIDIA_REQUIRE_CUDA";

/// A parsed `NVIDIA_REQUIRE_CUDA`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Requirement {
    /// The variable as the image sets it.
    pub(crate) text: String,
    /// `config:env/NVIDIA_REQUIRE_CUDA`.
    pub location: String,
    /// `cuda>=X`: the CUDA version the host driver must support.
    pub cuda: Option<String>,
    /// A `driver>=X` that stands alone: a minimum driver for every GPU.
    pub driver: Option<String>,
    /// Driver ranges allowed for some brands, lowest first.
    pub ranges: Vec<DriverRange>,
    /// Alternatives relnotes does not interpret, verbatim.
    pub(crate) other: Vec<String>,
}

/// `brand=B,driver>=min,driver<below` for one or more brands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DriverRange {
    /// The oldest driver the range allows (`driver>=`).
    pub min: String,
    pub(crate) below: Option<String>,
    /// In the order the variable names them.
    pub brands: Vec<String>,
}

impl DriverRange {
    /// Whether a driver version lies in the range.
    pub fn admits(&self, driver: &str) -> bool {
        let cmp = |a: &str, b: &str| {
            let a = Version::parse(Ecosystem::Generic, a).ok()?;
            let b = Version::parse(Ecosystem::Generic, b).ok()?;
            a.compare(&b)
        };
        cmp(driver, &self.min).is_some_and(|o| o != Ordering::Less)
            && self
                .below
                .as_deref()
                .is_none_or(|below| cmp(driver, below) == Some(Ordering::Less))
    }

    /// `driver>=470,driver<471`.
    pub fn condition(&self) -> String {
        match &self.below {
            Some(below) => format!("driver>={},driver<{below}", self.min),
            None => format!("driver>={}", self.min),
        }
    }
}

/// Parses the variable's value.
pub fn parse(text: &str) -> Requirement {
    let mut req = Requirement {
        text: text.to_string(),
        location: format!("config:env/{VARIABLE}"),
        cuda: None,
        driver: None,
        ranges: Vec::new(),
        other: Vec::new(),
    };
    for alternative in text.split_whitespace() {
        let mut brands = Vec::new();
        let (mut cuda, mut min, mut below) = (None, None, None);
        let mut understood = true;
        for condition in alternative.split(',') {
            if let Some(b) = condition.strip_prefix("brand=") {
                brands.push(b.to_string());
            } else if let Some(v) = condition.strip_prefix("cuda>=") {
                cuda = Some(v.to_string());
            } else if let Some(v) = condition.strip_prefix("driver>=") {
                min = Some(v.to_string());
            } else if let Some(v) = condition.strip_prefix("driver<") {
                below = Some(v.to_string());
            } else {
                understood = false;
            }
        }
        match (cuda, min, brands.is_empty(), understood) {
            (Some(c), None, true, true) if below.is_none() && req.cuda.is_none() => {
                req.cuda = Some(c)
            }
            (None, Some(m), true, true) if below.is_none() && req.driver.is_none() => {
                req.driver = Some(m)
            }
            (None, Some(min), false, true) => {
                match req
                    .ranges
                    .iter_mut()
                    .find(|r| r.min == min && r.below == below)
                {
                    Some(range) => range.brands.extend(brands),
                    None => req.ranges.push(DriverRange { min, below, brands }),
                }
            }
            _ => req.other.push(alternative.to_string()),
        }
    }
    req.ranges.sort_by(|a, b| {
        model::compare_versions(Ecosystem::Generic, &a.min, &b.min).unwrap_or(Ordering::Equal)
    });
    req
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `NVIDIA_REQUIRE_CUDA` of `nvidia/cuda:12.8.1-base-ubuntu24.04`
    /// (brands of the 470 and 535 branches).
    const CUDA_12_8: &str = "cuda>=12.8 brand=unknown,driver>=470,driver<471 brand=grid,driver>=470,driver<471 brand=tesla,driver>=470,driver<471 brand=nvidia,driver>=470,driver<471 brand=quadro,driver>=470,driver<471 brand=quadrortx,driver>=470,driver<471 brand=nvidiartx,driver>=470,driver<471 brand=vapps,driver>=470,driver<471 brand=vpc,driver>=470,driver<471 brand=vcs,driver>=470,driver<471 brand=vws,driver>=470,driver<471 brand=cloudgaming,driver>=470,driver<471 brand=unknown,driver>=535,driver<536 brand=grid,driver>=535,driver<536 brand=tesla,driver>=535,driver<536 brand=nvidia,driver>=535,driver<536 brand=quadro,driver>=535,driver<536";

    #[test]
    fn cuda_minimum_and_grouped_branch_ranges() {
        let req = parse(CUDA_12_8);
        assert_eq!(req.cuda.as_deref(), Some("12.8"));
        assert_eq!(req.driver, None);
        assert_eq!(req.ranges.len(), 2);
        assert_eq!(req.ranges[0].min, "470");
        assert_eq!(req.ranges[0].below.as_deref(), Some("471"));
        assert_eq!(req.ranges[0].brands.len(), 12);
        assert_eq!(req.ranges[0].brands[2], "tesla");
        assert_eq!(req.ranges[1].condition(), "driver>=535,driver<536");
        assert_eq!(
            req.ranges[1].brands,
            ["unknown", "grid", "tesla", "nvidia", "quadro"]
        );
        assert!(req.other.is_empty());
    }

    #[test]
    fn ranges_admit_the_branch_releases() {
        let req = parse(CUDA_12_8);
        assert!(req.ranges[0].admits("470.57"));
        assert!(req.ranges[0].admits("470"));
        assert!(!req.ranges[0].admits("471.1"));
        assert!(!req.ranges[0].admits("465.19"));
        assert!(!req.ranges[1].admits("525.85"));
    }

    #[test]
    fn a_lone_driver_minimum_and_unknown_alternatives() {
        let req = parse("cuda>=11.0 driver>=450 arch=sm_80,driver>=450");
        assert_eq!(req.cuda.as_deref(), Some("11.0"));
        assert_eq!(req.driver.as_deref(), Some("450"));
        assert_eq!(req.other, ["arch=sm_80,driver>=450"]);
    }
}
