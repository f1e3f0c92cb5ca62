//! NVIDIA's drivers as relnotes knows them: driver versions as
//! `nvidia-smi` shows them, and NVIDIA's driver table
//! (`data/cuda-drivers.toml`, whose every row names its source): the
//! minimum Linux driver of each CUDA Toolkit release, the CUDA
//! minor-version-compatibility floor of each CUDA major, and NVIDIA's
//! data-center driver branches. Past the table's newest release the answer
//! is "unknown", never a guess.

use crate::version::Dotted;
use serde::Deserialize;
use std::cmp::Ordering;
use std::str::FromStr;
use std::sync::OnceLock;

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

/// Whether a stated minimum driver is below another (NVIDIA's): a bare
/// branch (`575`) stands for that branch, so only branches are compared;
/// a string that is no driver version is below nothing.
pub fn below_minimum(stated: &str, minimum: &str) -> bool {
    let (Ok(stated), Ok(floor)) = (
        stated.parse::<DriverVersion>(),
        minimum.parse::<DriverVersion>(),
    ) else {
        return false;
    };
    if stated.parts.len() == 1 {
        stated.branch() < floor.branch()
    } else {
        meets_minimum(&stated, minimum) == Some(false)
    }
}

/// The Linux platforms NVIDIA's table distinguishes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinuxPlatform {
    /// x86_64 (`amd64`): the column NVIDIA's table gives for every release.
    X86_64,
    /// aarch64 (`arm64`, arm64-sbsa).
    Aarch64,
}

impl LinuxPlatform {
    /// The platform's name as NVIDIA's table writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            LinuxPlatform::X86_64 => "Linux x86_64",
            LinuxPlatform::Aarch64 => "Linux aarch64",
        }
    }
}

/// A document the table was read from.
#[derive(Debug, Clone, Deserialize)]
pub struct Source {
    pub(crate) id: String,
    /// Who published it, the document and the table (`NVIDIA, CUDA Toolkit
    /// 13.2 Update 2 Release Notes, Table 3 …`).
    pub title: String,
    /// Where it is published.
    pub url: String,
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} <{}>", self.title, self.url)
    }
}

/// One row of NVIDIA's CUDA Toolkit → minimum driver table.
#[derive(Debug, Clone, Deserialize)]
pub struct ToolkitDriver {
    /// The toolkit version (`12.8.1`); before 11.0 only major.minor
    /// (`10.2`), standing for every build of it.
    pub cuda: String,
    /// The CUDA Toolkit release as NVIDIA names it (`CUDA 12.8 GA`).
    pub release: String,
    /// The minimum Linux x86_64 driver version (`570.26`).
    pub driver: String,
    /// The minimum Linux aarch64 driver, where NVIDIA lists one.
    #[serde(default)]
    pub aarch64: Option<String>,
    source: String,
}

impl ToolkitDriver {
    /// NVIDIA's minimum on `platform`; `None` when NVIDIA lists none for it.
    pub fn minimum(&self, platform: LinuxPlatform) -> Option<&str> {
        match platform {
            LinuxPlatform::X86_64 => Some(&self.driver),
            LinuxPlatform::Aarch64 => self.aarch64.as_deref(),
        }
    }

    /// Where the row was read.
    pub fn source(&self) -> Source {
        source(&self.source)
    }
}

/// NVIDIA's CUDA minor-version-compatibility floor of one CUDA major: an
/// application built with any toolkit of the major runs (with a limited
/// feature set) on a driver at or above it, and on none below it without
/// the forward-compatibility package.
#[derive(Debug, Clone, Deserialize)]
pub struct MinorVersionFloor {
    /// The CUDA major (`13`).
    pub major: u64,
    /// The floor (`580`: a bare branch; `525.60.13`).
    pub minimum: String,
    /// The first branch of the next major family, where NVIDIA states it.
    #[serde(default)]
    pub below: Option<String>,
    source: String,
}

impl MinorVersionFloor {
    /// Where the floor was read.
    pub fn source(&self) -> Source {
        source(&self.source)
    }
}

/// One of NVIDIA's data-center driver branches. No command reads them yet:
/// only the tests, which check the table's rows.
#[cfg(test)]
#[derive(Debug, Clone, Deserialize)]
pub(crate) struct NvidiaBranch {
    /// The branch (`R580`).
    pub(crate) branch: String,
    /// NVIDIA's designation (`long-term support`, `production`, `new feature`).
    pub(crate) designation: String,
    /// The newest CUDA major it runs without the forward-compatibility package.
    pub(crate) cuda_major: u64,
    source: String,
}

#[cfg(test)]
impl NvidiaBranch {
    /// Where the branch was read.
    pub(crate) fn source(&self) -> Source {
        source(&self.source)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DriverTable {
    source: Vec<Source>,
    toolkit: Vec<ToolkitDriver>,
    minor_version: Vec<MinorVersionFloor>,
    #[cfg(test)]
    branch: Vec<NvidiaBranch>,
    /// The branches, unread outside the tests (see `NvidiaBranch`).
    #[cfg(not(test))]
    #[serde(rename = "branch")]
    _branch: serde::de::IgnoredAny,
}

/// The embedded table (`data/cuda-drivers.toml`), read once.
fn table() -> &'static DriverTable {
    static TABLE: OnceLock<DriverTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        toml::from_str(include_str!("../../../data/cuda-drivers.toml"))
            .expect("data/cuda-drivers.toml is valid")
    })
}

fn source(id: &str) -> Source {
    table()
        .source
        .iter()
        .find(|s| s.id == id)
        .cloned()
        .unwrap_or_else(|| panic!("data/cuda-drivers.toml names source `{id}`"))
}

/// The toolkit rows, newest first.
pub(crate) fn toolkit_drivers() -> &'static [ToolkitDriver] {
    &table().toolkit
}

/// NVIDIA's data-center driver branches, newest first.
#[cfg(test)]
pub(crate) fn nvidia_branches() -> &'static [NvidiaBranch] {
    &table().branch
}

/// The newest CUDA release the table lists.
pub(crate) fn newest_toolkit() -> &'static ToolkitDriver {
    toolkit_drivers()
        .iter()
        .max_by(|a, b| padded_cuda(&a.cuda).cmp(&padded_cuda(&b.cuda)))
        .expect("data/cuda-drivers.toml lists toolkits")
}

/// What NVIDIA's table says of a CUDA version.
#[derive(Debug, Clone)]
pub enum ToolkitLookup {
    /// The release's row.
    Listed(&'static ToolkitDriver),
    /// Newer than every release the table lists (its newest is given):
    /// this relnotes cannot know NVIDIA's minimum.
    PastTable(&'static ToolkitDriver),
    /// Not a release the table lists (an Update it does not name, a release
    /// before 10.0, or not a version): NVIDIA's minimum is unknown.
    NotListed,
}

/// NVIDIA's row for a CUDA version. `12.8` means the GA release (12.8.0);
/// before 11.0 one row stands for every build of its major.minor (`10.2`,
/// `10.2.89`). An Update the table does not name is not given the row of
/// another: NVIDIA's minimum differs between Updates (12.8 GA needs 570.26,
/// 12.8 Update 1 570.124.06), so it is unknown.
pub fn toolkit_lookup(cuda: &str) -> ToolkitLookup {
    let Some(wanted) = cuda_parts(cuda) else {
        return ToolkitLookup::NotListed;
    };
    let padded = pad(&wanted);
    let row = toolkit_drivers().iter().find(|r| {
        let Some(parts) = cuda_parts(&r.cuda) else {
            return false;
        };
        if parts.len() == 2 {
            padded[..2] == parts[..]
        } else {
            padded == pad(&parts)
        }
    });
    if let Some(row) = row {
        return ToolkitLookup::Listed(row);
    }
    let newest = newest_toolkit();
    if padded > padded_cuda(&newest.cuda) {
        ToolkitLookup::PastTable(newest)
    } else {
        ToolkitLookup::NotListed
    }
}

/// NVIDIA's row for a CUDA version, when the table lists the release (see
/// [`toolkit_lookup`]).
#[cfg(test)]
pub(crate) fn toolkit_minimum(cuda: &str) -> Option<&'static ToolkitDriver> {
    match toolkit_lookup(cuda) {
        ToolkitLookup::Listed(row) => Some(row),
        _ => None,
    }
}

/// NVIDIA's minor-version-compatibility floor of the major of `cuda`.
pub fn minor_version_floor(cuda: &str) -> Option<&'static MinorVersionFloor> {
    let major = *cuda_parts(cuda)?.first()?;
    table().minor_version.iter().find(|f| f.major == major)
}

fn cuda_parts(cuda: &str) -> Option<Vec<u64>> {
    let d = Dotted::from_str(cuda.trim()).ok()?;
    (d.suffix.is_none() && !d.parts.is_empty()).then_some(d.parts)
}

fn padded_cuda(cuda: &str) -> Vec<u64> {
    pad(&cuda_parts(cuda).unwrap_or_default())
}

fn pad(parts: &[u64]) -> Vec<u64> {
    let mut p = parts.to_vec();
    p.resize(p.len().max(3), 0);
    p
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bare_branch_is_below_only_a_lower_branch() {
        assert!(below_minimum("570.124.06", "575.51.03"));
        assert!(!below_minimum("575", "575.51.03"));
        assert!(below_minimum("570", "575.51.03"));
        assert!(!below_minimum("580.95.05", "575.51.03"));
        assert!(!below_minimum("latest", "575.51.03"));
    }

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

    fn minimum_of(cuda: &str) -> &'static str {
        &toolkit_minimum(cuda)
            .unwrap_or_else(|| panic!("{cuda} is listed"))
            .driver
    }

    #[test]
    fn the_toolkit_table_holds_nvidias_values() {
        // NVIDIA's Table 3, Linux x86_64 column.
        assert_eq!(minimum_of("10.0"), "410.48");
        assert_eq!(minimum_of("10.0.130"), "410.48");
        assert_eq!(minimum_of("10.1.243"), "418.39");
        assert_eq!(minimum_of("10.2.89"), "440.33");
        assert_eq!(minimum_of("11.0.2"), "450.51.05");
        assert_eq!(minimum_of("11.0.3"), "450.51.06");
        assert_eq!(minimum_of("11.8"), "520.61.05");
        assert_eq!(minimum_of("12.0"), "525.60.13");
        assert_eq!(minimum_of("12.0.1"), "525.85.12");
        assert_eq!(minimum_of("12.2.2"), "535.104.05");
        assert_eq!(minimum_of("12.8"), "570.26");
        assert_eq!(minimum_of("12.8.0"), "570.26");
        assert_eq!(minimum_of("12.8.1"), "570.124.06");
        assert_eq!(minimum_of("12.9.1"), "575.57.08");
        assert_eq!(minimum_of("13.0"), "580.65.06");
        assert_eq!(minimum_of("13.0.1"), "580.82.07");
        assert_eq!(minimum_of("13.0.2"), "580.95.05");
        assert_eq!(minimum_of("13.1.0"), "590.44.01");
        assert_eq!(minimum_of("13.2.2"), "595.71.05");
        let ga = toolkit_minimum("13.0").unwrap();
        assert_eq!(ga.release, "CUDA 13.0 GA");
        assert!(ga.source().url.starts_with("https://docs.nvidia.com/cuda/"));
        assert!(ga.source().title.contains("Table 3"));
    }

    #[test]
    fn past_the_table_and_unlisted_updates_are_unknown() {
        assert!(matches!(
            toolkit_lookup("13.3"),
            ToolkitLookup::PastTable(newest) if newest.release == "CUDA 13.2 Update 2"
        ));
        assert!(matches!(
            toolkit_lookup("13.9.0"),
            ToolkitLookup::PastTable(_)
        ));
        assert!(matches!(
            toolkit_lookup("14.0"),
            ToolkitLookup::PastTable(_)
        ));
        // An Update NVIDIA does not list is not given its GA's minimum.
        assert!(matches!(toolkit_lookup("12.6.9"), ToolkitLookup::NotListed));
        assert!(matches!(toolkit_lookup("13.0.3"), ToolkitLookup::NotListed));
        assert!(matches!(toolkit_lookup("9.2"), ToolkitLookup::NotListed));
        assert!(matches!(toolkit_lookup("twelve"), ToolkitLookup::NotListed));
        assert!(matches!(
            toolkit_lookup("12.8.0-rc1"),
            ToolkitLookup::NotListed
        ));
        assert!(toolkit_minimum("13.4").is_none());
    }

    #[test]
    fn nvidia_lists_no_aarch64_minimum() {
        let row = toolkit_minimum("13.0.2").unwrap();
        assert_eq!(row.minimum(LinuxPlatform::X86_64), Some("580.95.05"));
        assert_eq!(row.minimum(LinuxPlatform::Aarch64), None);
    }

    #[test]
    fn minor_version_floors_and_branches() {
        assert_eq!(minor_version_floor("13.4").unwrap().minimum, "580");
        assert_eq!(minor_version_floor("12.9.1").unwrap().minimum, "525.60.13");
        assert_eq!(minor_version_floor("11.2").unwrap().minimum, "450.80.02");
        assert!(minor_version_floor("14.0").is_none());
        assert!(minor_version_floor("10.2").is_none());
        let r580 = nvidia_branches()
            .iter()
            .find(|b| b.branch == "R580")
            .unwrap();
        assert_eq!(
            (r580.cuda_major, r580.designation.as_str()),
            (13, "long-term support")
        );
    }

    #[test]
    fn every_row_is_well_formed_and_names_its_source() {
        let rows = toolkit_drivers();
        assert!(rows.len() >= 55);
        for r in rows {
            assert!(r.driver.parse::<DriverVersion>().is_ok(), "{}", r.cuda);
            assert!(r.release.starts_with("CUDA "), "{}", r.cuda);
            assert!(!r.source().url.is_empty());
            assert!(
                matches!(toolkit_lookup(&r.cuda), ToolkitLookup::Listed(found) if found.cuda == r.cuda),
                "{} looks up its own row",
                r.cuda
            );
        }
        // Newest first, and a later release never needs an older driver.
        for pair in rows.windows(2) {
            assert!(padded_cuda(&pair[0].cuda) > padded_cuda(&pair[1].cuda));
            let (newer, older) = (&pair[0].driver, &pair[1].driver);
            let newer = newer.parse::<DriverVersion>().unwrap();
            assert_eq!(meets_minimum(&newer, older), Some(true), "{}", pair[0].cuda);
        }
        for f in &table().minor_version {
            f.source();
        }
        for b in nvidia_branches() {
            b.source();
        }
    }
}
