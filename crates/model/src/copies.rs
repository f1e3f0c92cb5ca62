//! Copies of one library in one image: cuDNN as a Debian package and as
//! a pip wheel, two Pythons, at different versions — which one a program
//! loads depends on how it looks for it, a classic source of "works here,
//! crashes there".
//!
//! [`copies`] reads the packages the catalogers found on one platform:
//! - what is a copy of which component: a Debian, Python or conda package
//!   named in `data/components.toml` (`image.deb`, `image.pypi`,
//!   `image.conda`), or what a
//!   runtime cataloger found in a file under the component's name (the
//!   `cudnn_version.h` of a copy). What the image config says of itself
//!   (`CUDNN_VERSION`) is no copy, and the CUDA toolkit's `version.json`
//!   numbers the toolkit, not its runtime library, so it is no copy either;
//! - which findings are one copy: those whose versions agree (the numbers
//!   of the shorter are the first numbers of the longer, `9.14.0` and
//!   `9.14.0.64-1`), package managers' findings first;
//! - which copy a framework loads: a Python distribution whose
//!   `Requires-Dist` names a copy's distribution, in the same
//!   environment (torch requires `nvidia-cudnn-cu13==9.19.0.56`). A
//!   requirement under an extra (`extra == "cudart"`) counts only when an
//!   installed distribution asks for that extra. Nothing else says which
//!   copy is loaded: without such a requirement, it is unknown.
//!
//! Only components held at two or more different versions are reported.

use crate::components::{self, Component};
use crate::package::Package;
use crate::version::{Dotted, Ecosystem, pep503};
use serde::Serialize;
use std::str::FromStr;

/// The cataloger of conda packages (`conda-meta/*.json`): what it finds is
/// `generic`, and a conda copy by this name.
pub const CONDA_CATALOGER: &str = "conda";

/// A component an image holds at several versions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Copies {
    /// The component's canonical name (`cuDNN`).
    pub component: String,
    /// Each copy: Debian packages, then wheels, conda packages, files.
    pub copies: Vec<Copy>,
}

/// One copy of a library.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Copy {
    /// Its version, as the first finding of it writes it
    /// (`9.14.0.64-1`, `9.19.0.56`, `9.14.0`).
    pub version: String,
    /// How it was found: its first finding's kind.
    pub how: How,
    /// The package (`libcudnn9-cuda-13`, `nvidia-cudnn-cu13`) or file name
    /// it was found under.
    pub name: String,
    /// Every finding of it.
    pub found: Vec<Finding>,
    /// The Python distributions whose requirements load it (`torch`).
    pub loaded_by: Vec<String>,
}

/// How a copy was found (in the order copies are listed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum How {
    /// A Debian package (the dpkg database).
    Deb,
    /// A Python distribution (a pip wheel's metadata).
    Wheel,
    /// A conda package (its `conda-meta/*.json` record).
    Conda,
    /// A file the runtime catalogers read (a header, a library's name).
    File,
}

impl How {
    /// Its words in reports: `deb package`, `pip wheel`, `conda package`,
    /// `file`.
    pub fn words(self) -> &'static str {
        match self {
            How::Deb => "deb package",
            How::Wheel => "pip wheel",
            How::Conda => "conda package",
            How::File => "file",
        }
    }
}

/// One finding of a copy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    /// The package or component name its cataloger wrote.
    pub name: String,
    /// The version it says.
    pub version: String,
    /// Which cataloger found it.
    pub cataloger: String,
    /// Where in the image.
    pub location: String,
    /// The layer of that file.
    pub layer: Option<String>,
}

impl Finding {
    fn of(p: &Package) -> Finding {
        Finding {
            name: p.name.clone(),
            version: p.version.clone(),
            cataloger: p.cataloger().to_string(),
            location: p.location().to_string(),
            layer: p.layer().map(str::to_string),
        }
    }

    /// Whether this finding is `p`.
    pub fn is(&self, p: &Package) -> bool {
        self.name == p.name
            && self.version == p.version
            && self.cataloger == p.cataloger()
            && self.location == p.location()
    }
}

impl Copies {
    /// The one copy frameworks load, when their requirements say so and
    /// agree; none when nothing says which (unknown) or they disagree.
    pub fn loaded(&self) -> Option<&Copy> {
        let mut loaded = self.copies.iter().filter(|c| !c.loaded_by.is_empty());
        let first = loaded.next()?;
        loaded.next().is_none().then_some(first)
    }

    /// The copy a found package is a finding of.
    pub fn copy_holding(&self, p: &Package) -> Option<&Copy> {
        self.copies.iter().find(|c| c.found.iter().any(|f| f.is(p)))
    }

    /// One line for people: `cuDNN: 2 copies: 9.14.0.64-1 (deb package
    /// libcudnn9-cuda-13, var/lib/dpkg/status), 9.19.0.56 (pip wheel …);
    /// torch loads 9.19.0.56`.
    pub fn describe(&self) -> String {
        let copies: Vec<String> = self
            .copies
            .iter()
            .map(|c| {
                let mut places: Vec<&str> = Vec::new();
                for f in &c.found {
                    if !places.contains(&f.location.as_str()) {
                        places.push(&f.location);
                    }
                }
                format!(
                    "{} ({} {}, {})",
                    c.version,
                    c.how.words(),
                    c.name,
                    places.join(", ")
                )
            })
            .collect();
        let loaded = match self.loaded() {
            Some(c) => format!("{} loads {}", c.loaded_by.join(", "), c.version),
            None if self.copies.iter().any(|c| !c.loaded_by.is_empty()) => {
                let each: Vec<String> = self
                    .copies
                    .iter()
                    .filter(|c| !c.loaded_by.is_empty())
                    .map(|c| format!("{} loads {}", c.loaded_by.join(", "), c.version))
                    .collect();
                each.join(", ")
            }
            None => "which one is loaded is unknown".to_string(),
        };
        format!(
            "{}: {} copies: {}; {loaded}",
            self.component,
            self.copies.len(),
            copies.join(", ")
        )
    }
}

/// Every component `found` (one platform's catalog) holds at two or more
/// versions, in the data file's order of components.
pub fn copies(found: &[Package]) -> Vec<Copies> {
    let mut out = Vec::new();
    for component in components::all() {
        let mut members: Vec<&Package> =
            found.iter().filter(|p| is_copy_of(component, p)).collect();
        // Package managers' findings first: they name the copy.
        members.sort_by_key(|p| how(p));
        let mut groups: Vec<Vec<&Package>> = Vec::new();
        for p in members {
            match groups.iter_mut().find(|g| same_release(g[0], p)) {
                Some(group) => group.push(p),
                None => groups.push(vec![p]),
            }
        }
        if groups.len() < 2 {
            continue;
        }
        let copies = groups
            .into_iter()
            .map(|group| Copy {
                version: group[0].version.clone(),
                how: how(group[0]),
                name: group[0].name.clone(),
                loaded_by: loaders(&group, found),
                found: group.iter().map(|p| Finding::of(p)).collect(),
            })
            .collect();
        out.push(Copies {
            component: component.name.clone(),
            copies,
        });
    }
    out
}

fn how(p: &Package) -> How {
    match p.ecosystem {
        Ecosystem::Deb => How::Deb,
        Ecosystem::Pypi => How::Wheel,
        _ if p.cataloger() == CONDA_CATALOGER => How::Conda,
        _ => How::File,
    }
}

/// Whether a found package is a copy of `component`.
fn is_copy_of(component: &Component, p: &Package) -> bool {
    if p.layer().is_none() {
        return false;
    }
    match p.ecosystem {
        Ecosystem::Deb | Ecosystem::Pypi => component.held_as(p.ecosystem, &p.name),
        Ecosystem::Generic if p.cataloger() == CONDA_CATALOGER => component.held_in_conda(&p.name),
        Ecosystem::Generic => {
            components::known(&p.name).is_some_and(|known| known.name == component.name)
        }
        Ecosystem::Cuda | Ecosystem::Os => false,
    }
}

/// Whether two findings are one release: the numbers of the shorter
/// version are the first numbers of the longer (a Debian version by its
/// upstream part, a Python one without its local label).
fn same_release(a: &Package, b: &Package) -> bool {
    match (numbers(a), numbers(b)) {
        (Some(x), Some(y)) => {
            let n = x.len().min(y.len());
            n > 0 && x[..n] == y[..n]
        }
        _ => a.version == b.version,
    }
}

fn numbers(p: &Package) -> Option<Vec<u64>> {
    let mut version = p.version.as_str();
    if p.ecosystem == Ecosystem::Deb {
        version = version.split_once(':').map_or(version, |(_, v)| v);
        version = version.rsplit_once('-').map_or(version, |(v, _)| v);
    }
    let numeric = version.split(['+', '-', '~']).next().unwrap_or(version);
    Dotted::from_str(numeric).ok().map(|d| d.parts)
}

/// A `Requires-Dist` line: the distribution it names, the extras it asks
/// of it, and the extras of the requiring distribution it is under.
struct Requirement {
    name: String,
    extras: Vec<String>,
    under_extras: Vec<String>,
}

fn requirement(line: &str) -> Option<Requirement> {
    let (spec, marker) = line.split_once(';').unwrap_or((line, ""));
    let spec = spec.trim();
    let end = spec
        .find(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')))
        .unwrap_or(spec.len());
    let name = &spec[..end];
    if name.is_empty() {
        return None;
    }
    let rest = spec[end..].trim_start();
    let extras = rest
        .strip_prefix('[')
        .and_then(|r| r.split_once(']'))
        .map(|(list, _)| {
            list.split(',')
                .map(|e| pep503(e.trim()))
                .filter(|e| !e.is_empty())
                .collect()
        })
        .unwrap_or_default();
    Some(Requirement {
        name: pep503(name),
        extras,
        under_extras: marker_extras(marker),
    })
}

/// The values of `extra == '…'` clauses in a marker.
fn marker_extras(marker: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = marker;
    while let Some(at) = rest.find("extra") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "extra".len()..];
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let Some(value) = rest.trim_start().strip_prefix("==") else {
            continue;
        };
        let value = value.trim_start();
        let Some(quote) = value.chars().next().filter(|c| matches!(c, '"' | '\'')) else {
            continue;
        };
        if let Some((extra, _)) = value[1..].split_once(quote) {
            out.push(pep503(extra));
        }
    }
    out
}

/// The directory a distribution is installed in (`…/site-packages`): the
/// parent of its `.dist-info`.
fn environment(p: &Package) -> &str {
    let location = p.location();
    let mut parts = location.rsplitn(3, '/');
    parts.next();
    parts.next();
    parts.next().unwrap_or("")
}

/// The Python distributions whose requirements name a wheel of `group`,
/// in its environment.
fn loaders(group: &[&Package], found: &[Package]) -> Vec<String> {
    let wheels: Vec<&Package> = group
        .iter()
        .copied()
        .filter(|p| p.ecosystem == Ecosystem::Pypi)
        .collect();
    let mut out: Vec<String> = Vec::new();
    for wheel in wheels {
        let env = environment(wheel);
        let installed: Vec<&Package> = found
            .iter()
            .filter(|p| p.ecosystem == Ecosystem::Pypi && environment(p) == env)
            .collect();
        let wanted_extras = |dist: &Package| -> Vec<String> {
            let key = pep503(&dist.name);
            installed
                .iter()
                .flat_map(|p| p.evidence().map(|e| e.requires.as_slice()).unwrap_or(&[]))
                .filter_map(|line| requirement(line))
                .filter(|r| r.name == key)
                .flat_map(|r| r.extras)
                .collect()
        };
        let key = pep503(&wheel.name);
        for dist in &installed {
            if group.iter().any(|g| std::ptr::eq(*g, *dist)) {
                continue;
            }
            let requires = dist
                .evidence()
                .map(|e| e.requires.as_slice())
                .unwrap_or(&[]);
            let loads = requires.iter().filter_map(|l| requirement(l)).any(|r| {
                r.name == key
                    && (r.under_extras.is_empty() || {
                        let asked = wanted_extras(dist);
                        r.under_extras.iter().any(|e| asked.contains(e))
                    })
            });
            if loads && !out.contains(&dist.name) {
                out.push(dist.name.clone());
            }
        }
    }
    out.sort();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::package::Evidence;

    const VENV: &str = "opt/venv/lib/python3.12/site-packages";

    fn deb(name: &str, version: &str) -> Package {
        Package::found(
            name,
            version,
            Ecosystem::Deb,
            Evidence {
                cataloger: "dpkg".into(),
                location: "var/lib/dpkg/status".into(),
                layer: Some("sha256:a".into()),
                ..Default::default()
            },
        )
    }

    fn wheel_in(env: &str, name: &str, version: &str, requires: &[&str]) -> Package {
        let dir = format!("{}-{version}.dist-info", name.replace('-', "_"));
        Package::found(
            name,
            version,
            Ecosystem::Pypi,
            Evidence {
                cataloger: "python".into(),
                location: format!("{env}/{dir}/METADATA"),
                layer: Some("sha256:b".into()),
                requires: requires.iter().map(|r| r.to_string()).collect(),
                ..Default::default()
            },
        )
    }

    fn wheel(name: &str, version: &str, requires: &[&str]) -> Package {
        wheel_in(VENV, name, version, requires)
    }

    fn file(cataloger: &str, name: &str, version: &str, location: &str) -> Package {
        Package::found(
            name,
            version,
            Ecosystem::Generic,
            Evidence {
                cataloger: cataloger.into(),
                location: location.into(),
                layer: Some("sha256:a".into()),
                ..Default::default()
            },
        )
    }

    /// torch 2.11.0's requirements for Linux, as its PyPI wheel
    /// (cp312, manylinux_2_28_x86_64) states them.
    const TORCH_2_11_0: &[&str] = &[
        "filelock",
        "typing-extensions>=4.10.0",
        "cuda-toolkit[cublas,cudart,cufft,cufile,cupti,curand,cusolver,cusparse,nvjitlink,nvrtc,nvtx]==13.0.2; platform_system == \"Linux\"",
        "nvidia-cudnn-cu13==9.19.0.56; platform_system == \"Linux\"",
        "nvidia-nccl-cu13==2.28.9; platform_system == \"Linux\"",
        "triton==3.6.0; platform_system == \"Linux\"",
        "optree>=0.13.0; extra == \"optree\"",
    ];

    /// The image of issue 29: cuDNN and NCCL from NVIDIA's apt repository
    /// and as the wheels torch 2.11.0 requires.
    fn image() -> Vec<Package> {
        vec![
            deb("libcudnn9-cuda-13", "9.14.0.64-1"),
            deb("libcudnn9-dev-cuda-13", "9.14.0.64-1"),
            deb("libnccl2", "2.28.3-1+cuda13.0"),
            deb("libc6", "2.39-0ubuntu8.4"),
            file("cudnn", "cudnn", "9.14.0", "usr/include/cudnn_version.h"),
            file("nccl", "nccl", "2.28.3", "usr/include/nccl.h"),
            Package::found(
                "cudnn",
                "9.14.0.64-1",
                Ecosystem::Generic,
                Evidence {
                    cataloger: "cudnn".into(),
                    location: "config:env/NV_CUDNN_VERSION".into(),
                    ..Default::default()
                },
            ),
            wheel("torch", "2.11.0", TORCH_2_11_0),
            wheel("nvidia-cudnn-cu13", "9.19.0.56", &["nvidia-cublas"]),
            wheel("nvidia-nccl-cu13", "2.28.9", &[]),
        ]
    }

    #[test]
    fn two_cudnns_and_two_nccls_and_torch_loads_the_wheels() {
        let found = copies(&image());
        let names: Vec<&str> = found.iter().map(|c| c.component.as_str()).collect();
        assert_eq!(names, ["cuDNN", "NCCL"]);
        let cudnn = &found[0];
        let versions: Vec<(&str, How, &str)> = cudnn
            .copies
            .iter()
            .map(|c| (c.version.as_str(), c.how, c.name.as_str()))
            .collect();
        assert_eq!(
            versions,
            [
                ("9.14.0.64-1", How::Deb, "libcudnn9-cuda-13"),
                ("9.19.0.56", How::Wheel, "nvidia-cudnn-cu13")
            ]
        );
        // The dev package and the header are the system copy; the image's
        // own env is no copy.
        let system: Vec<&str> = cudnn.copies[0]
            .found
            .iter()
            .map(|f| f.location.as_str())
            .collect();
        assert_eq!(
            system,
            [
                "var/lib/dpkg/status",
                "var/lib/dpkg/status",
                "usr/include/cudnn_version.h"
            ]
        );
        assert_eq!(cudnn.loaded().unwrap().version, "9.19.0.56");
        assert_eq!(cudnn.copies[1].loaded_by, ["torch"]);
        assert!(cudnn.copies[0].loaded_by.is_empty());
        let nccl = &found[1];
        assert_eq!(nccl.loaded().unwrap().version, "2.28.9");
        assert_eq!(
            cudnn.describe(),
            format!(
                "cuDNN: 2 copies: 9.14.0.64-1 (deb package libcudnn9-cuda-13, var/lib/dpkg/status, usr/include/cudnn_version.h), 9.19.0.56 (pip wheel nvidia-cudnn-cu13, {VENV}/nvidia_cudnn_cu13-9.19.0.56.dist-info/METADATA); torch loads 9.19.0.56"
            )
        );
    }

    #[test]
    fn without_a_requirement_which_copy_is_loaded_is_unknown() {
        let found = copies(&[
            deb("libnccl2", "2.28.3-1+cuda13.0"),
            wheel("nvidia-nccl-cu13", "2.28.9", &[]),
        ]);
        assert_eq!(found.len(), 1);
        assert!(found[0].loaded().is_none());
        assert!(
            found[0]
                .describe()
                .ends_with("which one is loaded is unknown")
        );
    }

    #[test]
    fn requirements_in_another_environment_load_nothing_here() {
        let found = copies(&[
            deb("libnccl2", "2.28.3-1+cuda13.0"),
            wheel("nvidia-nccl-cu13", "2.28.9", &[]),
            wheel_in(
                "usr/local/lib/python3.12/dist-packages",
                "torch",
                "2.11.0",
                TORCH_2_11_0,
            ),
        ]);
        assert!(found[0].loaded().is_none());
    }

    #[test]
    fn one_version_in_several_places_is_one_copy() {
        let found = copies(&[
            deb("libnccl2", "2.28.3-1+cuda13.0"),
            file("nccl", "nccl", "2.28.3", "usr/include/nccl.h"),
            wheel("nvidia-nccl-cu13", "2.28.3", &[]),
        ]);
        assert!(found.is_empty());
    }

    #[test]
    fn a_conda_package_is_a_copy_of_its_own() {
        let mut found = vec![
            wheel("nvidia-cudnn-cu12", "9.1.0.70", &[]),
            // conda-forge's libcudnn 9.12.0.46, and its header.
            file(
                CONDA_CATALOGER,
                "libcudnn",
                "9.12.0.46",
                "opt/conda/conda-meta/libcudnn-9.12.0.46-hf7e9902_0.json",
            ),
            file(
                "cudnn",
                "cudnn",
                "9.12.0",
                "opt/conda/include/cudnn_version.h",
            ),
            // A conda package no component names is no copy.
            file(
                CONDA_CATALOGER,
                "libcudnn-dev",
                "9.12.0.46",
                "opt/conda/conda-meta/libcudnn-dev-9.12.0.46-h58dd1b1_0.json",
            ),
        ];
        let cudnn = &copies(&found)[0];
        let kinds: Vec<(How, &str, usize)> = cudnn
            .copies
            .iter()
            .map(|c| (c.how, c.name.as_str(), c.found.len()))
            .collect();
        assert_eq!(
            kinds,
            [
                (How::Wheel, "nvidia-cudnn-cu12", 1),
                (How::Conda, "libcudnn", 2)
            ]
        );
        assert!(
            cudnn
                .describe()
                .contains("9.12.0.46 (conda package libcudnn, ")
        );
        // The same name found by another cataloger is no conda package.
        found.retain(|p| p.cataloger() != CONDA_CATALOGER);
        assert_eq!(copies(&found)[0].copies[1].how, How::File);
    }

    #[test]
    fn two_pythons_are_two_copies() {
        let found = copies(&[
            file(
                "python-runtime",
                "python",
                "3.12.3",
                "usr/include/python3.12/patchlevel.h",
            ),
            file(
                "python-runtime",
                "python",
                "3.12.7",
                "opt/conda/include/python3.12/patchlevel.h",
            ),
        ]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].component, "Python");
        assert_eq!(found[0].copies[1].how, How::File);
    }

    #[test]
    fn the_cuda_runtime_comes_through_an_extra() {
        // cuda-toolkit 13.0.2 requires the runtime under its `cudart`
        // extra, which torch asks for.
        let toolkit = wheel(
            "cuda-toolkit",
            "13.0.2",
            &[
                "nvidia-cuda-runtime==13.0.96.*; (sys_platform == 'linux' or sys_platform == 'win32') and extra == 'cudart'",
            ],
        );
        let found = copies(&[
            deb("cuda-cudart-12-8", "12.8.90-1"),
            wheel("nvidia-cuda-runtime", "13.0.96", &[]),
            toolkit.clone(),
            wheel("torch", "2.11.0", TORCH_2_11_0),
        ]);
        assert_eq!(found[0].component, "CUDA");
        assert_eq!(found[0].loaded().unwrap().loaded_by, ["cuda-toolkit"]);
        // Nobody asks for the extra: nothing says it is loaded.
        let found = copies(&[
            deb("cuda-cudart-12-8", "12.8.90-1"),
            wheel("nvidia-cuda-runtime", "13.0.96", &[]),
            toolkit,
        ]);
        assert!(found[0].loaded().is_none());
    }

    #[test]
    fn requirement_lines_parse() {
        let r = requirement("cuda-toolkit[cublas, cudart]==13.0.2; platform_system == \"Linux\"")
            .unwrap();
        assert_eq!(r.name, "cuda-toolkit");
        assert_eq!(r.extras, ["cublas", "cudart"]);
        assert!(r.under_extras.is_empty());
        let r = requirement("Nvidia_NCCL_cu13 >=2.28 ; extra=='dist' or extra == \"all\"").unwrap();
        assert_eq!(r.name, "nvidia-nccl-cu13");
        assert_eq!(r.under_extras, ["dist", "all"]);
        assert!(requirement("; extra == 'x'").is_none());
        assert!(marker_extras("python_extra == '3'").is_empty());
    }
}
