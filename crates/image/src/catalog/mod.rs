//! Catalogers: turn the few files of an image that carry versions, and its
//! config, into found [`Package`]s.
//!
//! Each cataloger is a small unit that names the paths it needs
//! ([`Cataloger::wants`], called by the walker for every entry of every
//! layer, so it only looks at the path's end) and reads the files it asked
//! for. Their union is the filter
//! [`Image::read_for_catalog`](crate::Image::read_for_catalog) reads with,
//! and [`InspectedArch::from_view`](crate::InspectedArch::from_view) runs
//! them all on the [`ImageView`] the read produced.
//!
//! | cataloger | reads | finds |
//! |---|---|---|
//! | `python` | `*.dist-info/METADATA`, `*.egg-info/PKG-INFO` | pypi packages |
//! | `dpkg` | `var/lib/dpkg/status`, `var/lib/dpkg/status.d/*` | installed deb packages |
//! | `os-release` | `etc/os-release`, `usr/lib/os-release` | the distribution (`ubuntu 24.04`) |
//! | `conda` | `conda-meta/*.json` | conda packages |
//! | `cuda` | `usr/local/cuda*/version.json` | the CUDA toolkit |
//! | a component's name (`cudnn`, `nccl`, `tensorrt`, `cublas`, `cuda` …) | the headers, libraries and env variables `data/components.toml` names (`image.header`, `image.library`, `image.env`) | that component |
//! | `python-runtime` | `include/python3.X/patchlevel.h`, env `PYTHON_VERSION` | the Python interpreter |
//! | `labels` | the labels `data/components.toml` names (`image.label`: `com.nvidia.{cuda,cudnn,nccl}.version`) | the same, as the image labels them |
//! | `nvidia-require` | env `NVIDIA_REQUIRE_CUDA` | the image's own driver requirement |

mod cataloger;
mod component_files;
mod conda;
mod cuda;
mod dpkg;
mod labels;
mod os_release;
mod python;
mod python_runtime;
mod require;
mod requirement;

pub use cataloger::Problem;
pub(crate) use cataloger::{Cataloger, Findings};
pub use requirement::{Requirement, parse as parse_requirement};

use super::{FoundFile, ImageView, Keep};
use model::Package;
use serde::Serialize;

/// Every cataloger, in the order their findings are reported.
pub static CATALOGERS: &[&dyn Cataloger] = &[
    &os_release::OsRelease,
    &cuda::Cuda,
    &component_files::ComponentFiles,
    &python_runtime::PythonRuntime,
    &python::PythonPackages,
    &conda::Conda,
    &dpkg::Dpkg,
    &labels::Labels,
    &require::NvidiaRequire,
];

/// The version of [`wants`]: layer scans made with it are cached under it,
/// so bump it whenever what it keeps changes (a unit test of the cache
/// pins its answers on a sample of paths and fails until you do).
pub(crate) const WANTS_VERSION: u32 = 2;

/// The walker's filter: whether any cataloger wants the entry, and how
/// much of it (all of it if any of them wants it whole).
pub(crate) fn wants(path: &str, size: u64) -> Keep {
    CATALOGERS
        .iter()
        .filter(|c| c.wants(path, size))
        .map(|c| c.keep())
        .max_by_key(|keep| *keep == Keep::Whole)
        .unwrap_or(Keep::No)
}

/// What one platform of an image holds, as far as the catalogers can tell.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Catalog {
    /// Sorted by ecosystem, name, then location.
    pub components: Vec<Package>,
    /// The image's `NVIDIA_REQUIRE_CUDA`, parsed.
    pub requirement: Option<Requirement>,
    /// Files that were asked for and could not be read.
    pub problems: Vec<Problem>,
}

/// Runs every cataloger on `view`.
pub(crate) fn catalog(view: &ImageView) -> Catalog {
    let mut findings = Findings::default();
    for cataloger in CATALOGERS {
        // Hard links share their target's bytes: one file, catalogued once
        // (at the first of its paths), however many links an image holds.
        let mut seen = std::collections::HashSet::new();
        let files: Vec<&FoundFile> = view
            .files
            .iter()
            .filter(|f| cataloger.wants(&f.path, f.contents.len() as u64))
            .filter(|f| f.contents.is_empty() || seen.insert(f.contents.as_ptr()))
            .collect();
        cataloger.catalog(&files, &view.config, &mut findings);
    }
    let mut components = findings.components;
    components.sort_by(|a, b| {
        (a.ecosystem, &a.key, a.location()).cmp(&(b.ecosystem, &b.key, b.location()))
    });
    components.dedup();
    let mut problems = findings.problems;
    problems.sort_by(|a, b| a.location.cmp(&b.location));
    Catalog {
        components,
        requirement: findings.requirement,
        problems,
    }
}

#[cfg(test)]
pub(crate) mod test_support {
    use super::*;
    use crate::{ImageConfig, Platform};

    pub(crate) const LAYER: &str =
        "sha256:1111111111111111111111111111111111111111111111111111111111111111";

    pub(crate) fn file(path: &str, contents: &str) -> FoundFile {
        FoundFile {
            path: path.into(),
            layer: LAYER.into(),
            contents: contents.as_bytes().into(),
            symlink: false,
        }
    }

    pub(crate) fn symlink(path: &str, target: &str) -> FoundFile {
        FoundFile {
            symlink: true,
            ..file(path, target)
        }
    }

    pub(crate) fn view(files: Vec<FoundFile>, env: &[&str]) -> ImageView {
        let mut files = files;
        files.sort_by(|a, b| a.path.cmp(&b.path));
        ImageView {
            reference: "test".into(),
            platform: Platform::for_arch(&"amd64".parse().unwrap()),
            manifest_digest: "sha256:m".into(),
            layers: vec![LAYER.into()],
            config: ImageConfig {
                env: env.iter().map(|s| s.to_string()).collect(),
                labels: Default::default(),
            },
            files,
        }
    }

    /// Runs one cataloger the way [`catalog`] does.
    pub(crate) fn run(c: &dyn Cataloger, files: &[FoundFile], env: &[&str]) -> Findings {
        let v = view(files.to_vec(), env);
        let wanted: Vec<&FoundFile> = v
            .files
            .iter()
            .filter(|f| c.wants(&f.path, f.contents.len() as u64))
            .collect();
        let mut out = Findings::default();
        c.catalog(&wanted, &v.config, &mut out);
        out
    }

    pub(crate) fn found(out: &Findings) -> Vec<(String, String, String)> {
        out.components
            .iter()
            .map(|o| (o.name.clone(), o.version.clone(), o.location().to_string()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::cataloger::*;
    use super::test_support::*;
    use super::*;

    #[test]
    fn c_defines_are_read_by_name() {
        let text = "#define CUDNN_MAJOR 9\n#  define CUDNN_MINOR\t1\n#define CUDNN_MAJOR_X 7\n#define CUDNN_PATCHLEVEL 0\n";
        assert_eq!(c_define(text, "CUDNN_MAJOR"), Some("9"));
        assert_eq!(c_define(text, "CUDNN_MINOR"), Some("1"));
        assert_eq!(
            header_version(text, &["CUDNN_MAJOR", "CUDNN_MINOR", "CUDNN_PATCHLEVEL"]),
            Some("9.1.0".into())
        );
        assert_eq!(header_version(text, &["CUDNN_MAJOR", "NOPE"]), None);
    }

    #[test]
    fn library_versions_come_from_full_sonames() {
        assert_eq!(
            soname_version("libnccl.so.2.21.5", "libnccl"),
            Some("2.21.5".into())
        );
        assert_eq!(soname_version("libnccl.so.2", "libnccl"), None);
        assert_eq!(soname_version("libnccl-net.so.2.1.0", "libnccl"), None);
        let link = symlink(
            "usr/lib/x86_64-linux-gnu/libcudnn.so.9",
            "libcudnn.so.9.1.0",
        );
        assert_eq!(library_version(&link, "libcudnn"), Some("9.1.0".into()));
        assert_eq!(wants("usr/lib/libcudnn.so.9", 0), Keep::Whole);
        assert_eq!(wants("usr/lib/libcudnn.so.9.1.0", 800 << 20), Keep::No);
        assert_eq!(wants("usr/lib/libcudnn_ops.so.9", 0), Keep::No);
    }

    #[test]
    fn the_union_filter_asks_only_for_version_files() {
        for path in [
            "usr/local/lib/python3.12/dist-packages/torch-2.8.0.dist-info/METADATA",
            "var/lib/dpkg/status",
            "etc/os-release",
            "usr/local/cuda-12.8/version.json",
            "usr/include/cudnn_version.h",
            "usr/include/nccl.h",
            "usr/include/x86_64-linux-gnu/NvInferVersion.h",
            "usr/include/python3.12/patchlevel.h",
            "opt/conda/conda-meta/libcudnn-9.12.0.46-hf7e9902_0.json",
        ] {
            assert_ne!(wants(path, 1000), Keep::No, "{path}");
        }
        for path in [
            "usr/bin/python3.12",
            "usr/local/lib/python3.12/dist-packages/torch/__init__.py",
            "usr/local/lib/python3.12/dist-packages/torch-2.8.0.dist-info/RECORD",
            "var/lib/dpkg/info/gdb.list",
            "etc/hostname",
            "opt/conda/conda-meta/history",
            "opt/conda/pkgs/libcudnn-9.12.0.46-hf7e9902_0/info/index.json",
        ] {
            assert_eq!(wants(path, 1000), Keep::No, "{path}");
        }
        assert_eq!(wants("var/lib/dpkg/status", MAX_TEXT_FILE + 1), Keep::No);
        assert_eq!(wants("etc/os-release", MAX_VERSION_FILE + 1), Keep::No);
        // Core metadata is read up to its headers, whatever its size.
        let metadata = "usr/lib/python3/dist-packages/x-1.dist-info/METADATA";
        assert_eq!(wants(metadata, 1 << 30), Keep::Headers);
        assert_eq!(wants("var/lib/dpkg/status", 1000), Keep::Whole);
    }

    #[test]
    fn hard_linked_files_are_catalogued_once() {
        let status = "Package: zlib1g\nStatus: install ok installed\nVersion: 1:1.3\nArchitecture: amd64\n\n";
        let first = file("var/lib/dpkg/status.d/a", status);
        let link = FoundFile {
            path: "var/lib/dpkg/status.d/b".into(),
            ..first.clone()
        };
        // The same text, but not a link: a file of its own.
        let copy = file("var/lib/dpkg/status.d/c", status);
        let c = catalog(&view(vec![first, link, copy], &[]));
        let locations: Vec<&str> = c.components.iter().map(|p| p.location()).collect();
        assert_eq!(
            locations,
            ["var/lib/dpkg/status.d/a", "var/lib/dpkg/status.d/c"]
        );
    }

    #[test]
    fn catalog_sorts_and_runs_every_cataloger() {
        let v = view(
            vec![
                file(
                    "usr/lib/python3/dist-packages/zzz-1.0.dist-info/METADATA",
                    "Metadata-Version: 2.1\nName: zzz\nVersion: 1.0\n",
                ),
                file(
                    "usr/lib/python3/dist-packages/Aaa-2.0.dist-info/METADATA",
                    "Metadata-Version: 2.1\nName: Aaa\nVersion: 2.0\n",
                ),
                file("usr/lib/os-release", "ID=ubuntu\nVERSION_ID=\"24.04\"\n"),
            ],
            &["CUDA_VERSION=12.8.1"],
        );
        let c = catalog(&v);
        let names: Vec<_> = c
            .components
            .iter()
            .map(|o| (o.cataloger(), o.name.as_str()))
            .collect();
        assert_eq!(
            names,
            [
                ("python", "Aaa"),
                ("python", "zzz"),
                ("os-release", "ubuntu"),
                ("cuda", "cuda")
            ]
        );
    }
}
