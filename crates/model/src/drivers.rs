//! NVIDIA's drivers as relnotes knows them: driver versions as
//! `nvidia-smi` shows them, and NVIDIA's table of the minimum Linux x86_64
//! driver of each CUDA Toolkit release (`data/cuda-drivers.toml`, which
//! names its source).

use crate::version::Dotted;
use serde::Deserialize;
use std::cmp::Ordering;
use std::str::FromStr;

/// Why a text is not a driver version.
#[derive(Debug, thiserror::Error)]
pub enum DriverError {
    /// The given text is not one to three dot-separated numbers.
    #[error(
        "`{0}` is not a driver version\n  = hint: give the driver as nvidia-smi shows it, e.g. 535.104.05 or 575"
    )]
    InvalidDriver(String),
}

/// A driver version as `nvidia-smi` shows it: `535.104.05`, `575.51`, `575`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DriverVersion {
    /// The version as written.
    pub text: String,
    /// Its numbers, one to three (`[535, 104, 5]`); the first is the branch.
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
    type Err = DriverError;

    fn from_str(text: &str) -> Result<Self, DriverError> {
        let invalid = || DriverError::InvalidDriver(text.to_string());
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

/// One row of NVIDIA's CUDA Toolkit → minimum driver table.
#[derive(Debug, Clone, Deserialize)]
pub struct ToolkitDriver {
    pub(crate) cuda: String,
    /// The CUDA Toolkit release as NVIDIA names it (`CUDA 12.8 GA`).
    pub release: String,
    /// The minimum Linux x86_64 driver version (`570.26`).
    pub driver: String,
}

#[derive(Deserialize)]
struct ToolkitTable {
    toolkit: Vec<ToolkitDriver>,
}

/// The embedded table (`data/cuda-drivers.toml`).
pub(crate) fn toolkit_drivers() -> Vec<ToolkitDriver> {
    let table: ToolkitTable = toml::from_str(include_str!("../../../data/cuda-drivers.toml"))
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
