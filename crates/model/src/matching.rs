//! Which found packages speak for a declared component, and whether the
//! version they found confirms the declared one.
//!
//! Names, by the declared component's ecosystem:
//! - `pypi`: Python packages (dist-info, egg-info) by PEP 503 name;
//! - `deb`: dpkg packages by name;
//! - `cuda`: the CUDA toolkit (version.json, `CUDA_VERSION`, labels);
//! - `os`: os-release, by `ID` (an os-release of another distribution is
//!   a different version, not a missing one);
//! - `generic`: the runtime catalogers by name (`python`, `cudnn`,
//!   `nccl`), else a dpkg package of that name (`gdb`, `perf`), else a
//!   Python package, else a copy the image holds under another package
//!   name (`data/components.toml`'s `image.deb` and `image.pypi`: cuDNN as
//!   `libcudnn9-cuda-12` or `nvidia-cudnn-cu12`);
//! - `pypi`, likewise: the Python package, else such a copy (TensorRT as
//!   `tensorrt-cu12` or `libnvinfer10`, compared by its upstream version).
//!
//! A name relnotes knows is also looked up by its canonical name
//! (`PyTorch` as `torch`).
//!
//! Versions:
//! - `pypi`: PEP 440 `==`: `2.9` is `2.9.0`; a declared local label
//!   (`+ali`) must be found as is, an undeclared one is ignored
//!   (`2.8.0` is confirmed by `2.8.0+cu128`);
//! - `deb`: with a Debian revision, Debian equality; without one, the
//!   upstream version, or a prefix of it ending at `.`, `+`, `~` or `-`;
//! - dotted (`os`, `cuda`, `generic`): the declared numbers are a prefix of
//!   the found ones (`12.8` is confirmed by `12.8.1` and `12.8.93`, missing
//!   numbers are zeros, so `12.8.0` by `12.8`); a declared suffix (`+gc`,
//!   `-git`, `~rc1`) must be found after the same numbers, an undeclared
//!   one is ignored. A version found in the dpkg database is compared by
//!   its upstream part (`15.0.50.20240403-0ubuntu1` → `15.0.50.20240403`),
//!   and a declared `-` suffix is not compared with it: Debian packaging
//!   puts its revision there and drops the program's own tag
//!   (`gdb --version` says `15.0.50.20240403-git`).

use crate::components;
use crate::package::Package;
use crate::version::{Dotted, Ecosystem, pep503};
use std::str::FromStr;

/// The observations that speak for `component`, and whether they name
/// another thing than it (an os-release of another distribution).
fn candidates<'a>(component: &Package, observed: &'a [Package]) -> (Vec<&'a Package>, bool) {
    // Its name, and its canonical name when relnotes knows it (`PyTorch`
    // is found as `torch`, `NVIDIA cuDNN` as `cudnn`).
    let identity = components::known(&component.name);
    let canonical = identity.map(|c| component.ecosystem.normalize_name(&c.name));
    let by = |eco: Ecosystem| -> Vec<&'a Package> {
        observed
            .iter()
            .filter(|o| {
                o.ecosystem == eco
                    && (o.key == component.key || canonical.as_deref() == Some(o.key.as_str()))
            })
            .collect()
    };
    // The copies the image holds under other package names
    // (`data/components.toml`: TensorRT as `libnvinfer10`, `tensorrt-cu12`).
    let held: Vec<&'a Package> = observed
        .iter()
        .filter(|o| identity.is_some_and(|c| c.held_as(o.ecosystem, &o.name)))
        .collect();
    let first_of = |lists: Vec<Vec<&'a Package>>| -> (Vec<&'a Package>, bool) {
        (
            lists
                .into_iter()
                .find(|l| !l.is_empty())
                .unwrap_or_default(),
            false,
        )
    };
    match component.ecosystem {
        Ecosystem::Pypi => first_of(vec![by(Ecosystem::Pypi), held]),
        Ecosystem::Deb => (by(Ecosystem::Deb), false),
        Ecosystem::Cuda => (
            observed
                .iter()
                .filter(|o| o.ecosystem == Ecosystem::Cuda)
                .collect(),
            false,
        ),
        Ecosystem::Os => {
            let same = by(Ecosystem::Os);
            if same.is_empty() {
                let other: Vec<_> = observed
                    .iter()
                    .filter(|o| o.ecosystem == Ecosystem::Os)
                    .collect();
                let another = !other.is_empty();
                (other, another)
            } else {
                (same, false)
            }
        }
        Ecosystem::Generic => first_of(vec![
            by(Ecosystem::Generic),
            by(Ecosystem::Deb),
            observed
                .iter()
                .filter(|o| {
                    o.ecosystem == Ecosystem::Pypi && pep503(&o.name) == pep503(&component.key)
                })
                .collect(),
            held,
        ]),
    }
}

/// What the image holds for a declared component.
pub struct Match<'a> {
    /// Every observation that speaks for it, files before the config.
    pub found: Vec<&'a Package>,
    /// The one the comparison goes by: a confirming one if any.
    pub chosen: Option<&'a Package>,
    /// Whether `chosen` confirms the declared version.
    pub confirmed: bool,
    /// Whether `chosen` names another thing (an os-release of another distribution).
    pub another: bool,
}

/// What `observed` holds for the declared `component`.
///
/// Files speak before the config: what is installed outranks what the
/// image says about itself. Among the best kind, any observation that
/// confirms the declared version does.
pub fn match_component<'a>(component: &Package, observed: &'a [Package]) -> Match<'a> {
    let (mut found, another) = candidates(component, observed);
    found.sort_by_key(|o| o.layer().is_none());
    let in_files = found.iter().any(|o| o.layer().is_some());
    let pool: Vec<&Package> = found
        .iter()
        .copied()
        .filter(|o| o.layer().is_some() == in_files)
        .collect();
    let confirming = pool.iter().copied().find(|o| {
        // A Python package's copy in a Debian package has a Debian version
        // (`10.9.0.34-1+cuda12.8`): compared by its upstream numbers.
        let rules = match (component.ecosystem, o.ecosystem) {
            (Ecosystem::Pypi, Ecosystem::Deb) => Ecosystem::Generic,
            (declared, _) => declared,
        };
        !another && confirms(rules, &component.version, o.ecosystem, &o.version)
    });
    Match {
        chosen: confirming.or_else(|| pool.first().copied()),
        confirmed: confirming.is_some(),
        found,
        another,
    }
}

/// Whether `found` (read by a cataloger of `found_ecosystem`) confirms the
/// `declared` version of a component of `ecosystem`.
pub fn confirms(
    ecosystem: Ecosystem,
    declared: &str,
    found_ecosystem: Ecosystem,
    found: &str,
) -> bool {
    let declared = declared.trim();
    let found = found.trim();
    match ecosystem {
        Ecosystem::Pypi => pep440_equal(declared, found),
        Ecosystem::Deb => deb_matches(declared, found),
        Ecosystem::Os | Ecosystem::Cuda | Ecosystem::Generic => {
            let from_dpkg = found_ecosystem == Ecosystem::Deb;
            let found = if from_dpkg {
                debian_upstream(found)
            } else {
                found
            };
            match (Dotted::from_str(declared), Dotted::from_str(found)) {
                (Ok(d), Ok(f)) => dotted_matches(&d, &f, from_dpkg),
                _ => prefix_at_boundary(declared, found),
            }
        }
    }
}

fn pep440_equal(declared: &str, found: &str) -> bool {
    use pep440_rs::{Version, VersionSpecifier};
    match (Version::from_str(declared), Version::from_str(found)) {
        (Ok(d), Ok(f)) => VersionSpecifier::equals_version(d).contains(&f),
        _ => declared == found,
    }
}

fn deb_matches(declared: &str, found: &str) -> bool {
    use debversion::Version;
    let (Ok(d), Ok(f)) = (Version::from_str(declared), Version::from_str(found)) else {
        return prefix_at_boundary(declared, found);
    };
    if d.debian_revision.is_some() {
        return d.cmp(&f).is_eq();
    }
    (d.epoch.is_none() || d.epoch.unwrap_or(0) == f.epoch.unwrap_or(0))
        && prefix_at_boundary(&d.upstream_version, &f.upstream_version)
}

/// `2:15.0.50.20240403-0ubuntu1` → `15.0.50.20240403`.
fn debian_upstream(version: &str) -> &str {
    let without_epoch = version.split_once(':').map_or(version, |(_, rest)| rest);
    without_epoch
        .rsplit_once('-')
        .map_or(without_epoch, |(upstream, _)| upstream)
}

fn dotted_matches(declared: &Dotted, found: &Dotted, from_dpkg: bool) -> bool {
    let suffix = match &declared.suffix {
        Some(('-', _)) if from_dpkg => None,
        other => other.as_ref(),
    };
    match suffix {
        None => declared
            .parts
            .iter()
            .enumerate()
            .all(|(i, d)| found.parts.get(i).copied().unwrap_or(0) == *d),
        Some(suffix) => {
            let len = declared.parts.len().max(found.parts.len());
            (0..len).all(|i| {
                declared.parts.get(i).copied().unwrap_or(0)
                    == found.parts.get(i).copied().unwrap_or(0)
            }) && found.suffix.as_ref() == Some(suffix)
        }
    }
}

/// `found` is `declared`, or starts with it followed by `.`, `+`, `~`, `-`.
fn prefix_at_boundary(declared: &str, found: &str) -> bool {
    found == declared
        || found
            .strip_prefix(declared)
            .is_some_and(|rest| rest.starts_with(['.', '+', '~', '-']))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::package::Origin;
    use Ecosystem::*;

    fn yes(eco: Ecosystem, declared: &str, found_eco: Ecosystem, found: &str) {
        assert!(
            confirms(eco, declared, found_eco, found),
            "{declared} ({eco}) should be confirmed by {found} ({found_eco})"
        );
    }

    fn no(eco: Ecosystem, declared: &str, found_eco: Ecosystem, found: &str) {
        assert!(
            !confirms(eco, declared, found_eco, found),
            "{declared} ({eco}) should not be confirmed by {found} ({found_eco})"
        );
    }

    #[test]
    fn pep440_equality_with_local_labels() {
        yes(Pypi, "2.8.0.9+nv25.3", Pypi, "2.8.0.9+nv25.3");
        yes(Pypi, "4.56.1+ali", Pypi, "4.56.1+ALI");
        no(Pypi, "4.56.1+ali", Pypi, "4.56.1");
        no(Pypi, "1.7.0+ali", Pypi, "1.7.0+ali2");
        yes(Pypi, "2.8.0", Pypi, "2.8.0+cu128");
        yes(Pypi, "2.9", Pypi, "2.9.0");
        no(Pypi, "2.9", Pypi, "2.9.1");
        no(Pypi, "3.0.0b1", Pypi, "3.0.0");
        yes(Pypi, "3.0.0b1", Pypi, "3.0.0-beta.1");
        no(Pypi, "2.6.0.7", Pypi, "2.6.0.7.post1");
    }

    #[test]
    fn dotted_prefixes_and_suffixes() {
        yes(Cuda, "12.8", Cuda, "12.8.1");
        yes(Cuda, "12.8", Cuda, "12.8.93");
        yes(Cuda, "12.8.0", Cuda, "12.8");
        no(Cuda, "12.8", Cuda, "12.9.0");
        no(Cuda, "12.8.1", Cuda, "12.8");
        no(Cuda, "12.8", Cuda, "12.80");
        yes(Os, "24.04", Os, "24.04.3");
        no(Os, "24.04", Os, "22.04");
        yes(Generic, "3.12.7+gc", Generic, "3.12.7+gc");
        no(Generic, "3.12.7+gc", Generic, "3.12.7");
        no(Generic, "3.12.7+gc", Generic, "3.12.7+other");
        yes(Generic, "3.12.7", Generic, "3.12.7+gc");
        yes(Generic, "2.21.5", Generic, "2.21.5-1");
        no(Generic, "3.12+gc", Generic, "3.12.7+gc");
    }

    #[test]
    fn generic_versions_against_the_dpkg_database() {
        yes(
            Generic,
            "15.0.50.20240403-git",
            Deb,
            "15.0.50.20240403-0ubuntu1",
        );
        yes(
            Generic,
            "15.0.50.20240403",
            Deb,
            "15.0.50.20240403-0ubuntu1",
        );
        no(
            Generic,
            "15.0.50.20240404-git",
            Deb,
            "15.0.50.20240403-0ubuntu1",
        );
        yes(Generic, "5.4.30", Deb, "5.4.30");
        yes(Generic, "2.39", Deb, "2.39-0ubuntu8.4");
        no(Generic, "2.39+dfsg", Deb, "2.39-0ubuntu8.4");
    }

    #[test]
    fn deb_versions() {
        yes(Deb, "2.39-0ubuntu8.4", Deb, "2.39-0ubuntu8.4");
        no(Deb, "2.39-0ubuntu8.3", Deb, "2.39-0ubuntu8.4");
        yes(Deb, "2.39", Deb, "2.39-0ubuntu8.4");
        yes(Deb, "24.0", Deb, "24.0+dfsg-1ubuntu1.1");
        no(Deb, "2.3", Deb, "2.39-0ubuntu8.4");
        yes(Deb, "1:2.3", Deb, "1:2.3-4");
        no(Deb, "1:2.3", Deb, "2:2.3-4");
    }

    fn component(name: &str, eco: Ecosystem) -> Package {
        Package::new(name, "1", eco, Origin::Shared)
    }

    fn obs(name: &str, eco: Ecosystem, cataloger: &str) -> Package {
        Package::found(
            name,
            "1",
            eco,
            crate::package::Evidence {
                cataloger: cataloger.into(),
                location: format!("{cataloger}/{name}"),
                layer: None,
                ..Default::default()
            },
        )
    }

    #[test]
    fn names_meet_across_catalogers() {
        let observed = [
            obs("flash-attn", Pypi, "python"),
            obs("gdb", Deb, "dpkg"),
            obs("perf", Pypi, "python"),
            obs("cuda", Cuda, "cuda"),
            obs("cuda", Cuda, "labels"),
            obs("python", Generic, "python-runtime"),
            obs("debian", Os, "os-release"),
        ];
        let names = |c: &Package| {
            let (found, other) = candidates(c, &observed);
            (
                found.iter().map(|o| o.location()).collect::<Vec<_>>(),
                other,
            )
        };
        assert_eq!(
            names(&component("flash_attn", Pypi)),
            (vec!["python/flash-attn"], false)
        );
        assert_eq!(names(&component("gdb", Generic)), (vec!["dpkg/gdb"], false));
        assert_eq!(
            names(&component("perf", Generic)),
            (vec!["python/perf"], false)
        );
        assert_eq!(
            names(&component("CUDA", Cuda)),
            (vec!["cuda/cuda", "labels/cuda"], false)
        );
        assert_eq!(
            names(&component("Python", Generic)),
            (vec!["python-runtime/python"], false)
        );
        assert_eq!(
            names(&component("Ubuntu", Os)),
            (vec!["os-release/debian"], true)
        );
        assert_eq!(names(&component("cuDNN", Generic)), (vec![], false));
        assert_eq!(names(&component("libc6", Deb)), (vec![], false));
    }

    #[test]
    fn a_component_is_found_under_its_other_names() {
        let observed = [
            obs("torch", Pypi, "python"),
            obs("tensorrt_cu12", Pypi, "python"),
            obs("libnvinfer10", Deb, "dpkg"),
            obs("nvidia-cudnn-cu12", Pypi, "python"),
            obs("libnccl2", Deb, "dpkg"),
            obs("libnccl-dev", Deb, "dpkg"),
        ];
        let names = |c: &Package| {
            let (found, _) = candidates(c, &observed);
            found.iter().map(|o| o.location()).collect::<Vec<_>>()
        };
        assert_eq!(names(&component("PyTorch", Pypi)), ["python/torch"]);
        assert_eq!(
            names(&component("TensorRT", Pypi)),
            ["python/tensorrt_cu12", "dpkg/libnvinfer10"]
        );
        assert_eq!(
            names(&component("NVIDIA cuDNN", Generic)),
            ["python/nvidia-cudnn-cu12"]
        );
        assert_eq!(names(&component("NCCL", Generic)), ["dpkg/libnccl2"]);
        assert!(names(&component("vllm", Pypi)).is_empty());

        // A Debian package's version is compared by its upstream numbers.
        let deb = [Package::found(
            "libnvinfer10",
            "10.9.0.34-1+cuda12.8",
            Deb,
            crate::package::Evidence {
                cataloger: "dpkg".into(),
                location: "var/lib/dpkg/status".into(),
                layer: Some("sha256:0".into()),
                ..Default::default()
            },
        )];
        let declared = |v: &str| Package::new("TensorRT", v, Pypi, Origin::Shared);
        assert!(match_component(&declared("10.9.0.34"), &deb).confirmed);
        assert!(!match_component(&declared("10.8.0.43"), &deb).confirmed);
    }
}
