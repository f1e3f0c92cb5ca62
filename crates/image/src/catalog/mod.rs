//! Catalogers: turn the few files of an image that carry versions, and its
//! config, into found [`Package`]s.
//!
//! Each cataloger is a small unit that names the paths it needs
//! ([`Cataloger::wants`], called by the walker for every entry of every
//! layer, so it only looks at the path's end) and reads the files it asked
//! for. [`wants`] is their union, the [`Wanted`](super::Wanted) filter of a
//! walk; [`catalog`] runs them all on the [`ImageView`] the walk produced.
//!
//! | cataloger | reads | finds |
//! |---|---|---|
//! | `python` | `*.dist-info/METADATA`, `*.egg-info/PKG-INFO` | pypi packages |
//! | `dpkg` | `var/lib/dpkg/status`, `var/lib/dpkg/status.d/*` | installed deb packages |
//! | `os-release` | `etc/os-release`, `usr/lib/os-release` | the distribution (`ubuntu 24.04`) |
//! | `cuda` | `usr/local/cuda*/version.json`, env `CUDA_VERSION` | the CUDA toolkit |
//! | `cudnn` | `cudnn_version.h`, `cudnn.h`, `libcudnn.so.X.Y.Z`, env `CUDNN_VERSION` | cuDNN |
//! | `nccl` | `nccl.h`, `libnccl.so.X.Y.Z`, env `NCCL_VERSION` | NCCL |
//! | `python-runtime` | `include/python3.X/patchlevel.h`, env `PYTHON_VERSION` | the Python interpreter |
//! | `labels` | labels `com.nvidia.{cuda,cudnn,nccl}.version` | the same, as the image labels them |
//! | `nvidia-require` | env `NVIDIA_REQUIRE_CUDA` | the image's own driver requirement |

mod cuda;
mod cudnn;
mod dpkg;
mod labels;
mod nccl;
mod os_release;
mod python;
mod python_runtime;
pub mod require;

pub use require::{DriverRange, Requirement};

use super::{FoundFile, ImageConfig, ImageView, Keep};
use model::package::{Evidence, Package};
use model::version::Ecosystem;
use serde::Serialize;

/// Text files read whole that are larger than this are not read: the dpkg
/// status database (a few MiB in a large image).
pub const MAX_TEXT_FILE: u64 = 16 << 20;
/// Small version files (os-release, `version.json`, C headers) larger
/// than this are not read (they are a few KiB).
pub const MAX_VERSION_FILE: u64 = 1 << 20;

/// One source of versions in an image.
pub trait Cataloger: Sync {
    /// Short name, recorded in the [`Evidence`] of what it finds.
    fn name(&self) -> &'static str;
    /// Whether the walker should keep the entry at `path` (no leading `/`)
    /// of `size` bytes. Called for every entry of every layer: keep it cheap.
    fn wants(&self, path: &str, size: u64) -> bool;
    /// How much of a file it wants to read: all of it unless it says so.
    fn keep(&self) -> Keep {
        Keep::Whole
    }
    /// Reads the files it asked for (only those) and the config.
    fn catalog(&self, files: &[&FoundFile], config: &ImageConfig, out: &mut Findings);
}

/// A file a cataloger asked for but could not read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    pub cataloger: String,
    pub location: String,
    pub layer: Option<String>,
    pub message: String,
}

/// What catalogers found, as they go.
#[derive(Debug, Default)]
pub struct Findings {
    pub components: Vec<Package>,
    pub requirement: Option<Requirement>,
    pub problems: Vec<Problem>,
}

impl Findings {
    /// A component found in a file.
    fn found_in(
        &mut self,
        cataloger: &dyn Cataloger,
        file: &FoundFile,
        name: &str,
        version: &str,
        ecosystem: Ecosystem,
    ) {
        let at = (file.path.clone(), Some(file.layer.clone()));
        self.push(cataloger, at, name, version, ecosystem);
    }

    /// A component the config's env or labels name (`config:env/NAME`).
    fn found_in_config(
        &mut self,
        cataloger: &dyn Cataloger,
        location: String,
        name: &str,
        version: &str,
        ecosystem: Ecosystem,
    ) {
        self.push(cataloger, (location, None), name, version, ecosystem);
    }

    fn push(
        &mut self,
        cataloger: &dyn Cataloger,
        (location, layer): (String, Option<String>),
        name: &str,
        version: &str,
        ecosystem: Ecosystem,
    ) {
        self.components.push(Package::found(
            name,
            version,
            ecosystem,
            Evidence {
                cataloger: cataloger.name().to_string(),
                location,
                layer,
            },
        ));
    }

    fn problem(&mut self, cataloger: &dyn Cataloger, file: &FoundFile, message: String) {
        self.problems.push(Problem {
            cataloger: cataloger.name().to_string(),
            location: file.path.clone(),
            layer: Some(file.layer.clone()),
            message,
        });
    }
}

/// Every cataloger, in the order their findings are reported.
pub static CATALOGERS: &[&dyn Cataloger] = &[
    &os_release::OsRelease,
    &cuda::Cuda,
    &cudnn::Cudnn,
    &nccl::Nccl,
    &python_runtime::PythonRuntime,
    &python::PythonPackages,
    &dpkg::Dpkg,
    &labels::Labels,
    &require::NvidiaRequire,
];

/// The version of [`wants`]: layer scans made with it are cached under it,
/// so bump it whenever what it keeps changes (a unit test of the cache
/// pins its answers on a sample of paths and fails until you do).
pub const WANTS_VERSION: u32 = 1;

/// The walker's filter: whether any cataloger wants the entry, and how
/// much of it (all of it if any of them wants it whole).
pub fn wants(path: &str, size: u64) -> Keep {
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
pub fn catalog(view: &ImageView) -> Catalog {
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

/// The last component of a path.
fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// The component before the last one (`a/b/c` → `b`).
fn parent_name(path: &str) -> Option<&str> {
    let mut parts = path.rsplit('/');
    parts.next()?;
    parts.next()
}

/// `#define NAME value` in a C header: the value's first token.
fn c_define<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    text.lines().find_map(|line| {
        let rest = line.trim_start().strip_prefix('#')?.trim_start();
        let rest = rest.strip_prefix("define")?;
        if !rest.starts_with([' ', '\t']) {
            return None;
        }
        let mut words = rest.split_whitespace();
        (words.next()? == name).then(|| words.next()).flatten()
    })
}

/// A version from `#define` lines of numbers (`CUDNN_MAJOR 9` …).
fn header_version(text: &str, names: &[&str]) -> Option<String> {
    let parts: Option<Vec<&str>> = names
        .iter()
        .map(|n| c_define(text, n).filter(|v| v.bytes().all(|b| b.is_ascii_digit())))
        .collect();
    Some(parts?.join("."))
}

/// The version in a library's file name: `libnccl.so.2.21.5` → `2.21.5`;
/// only a full one (at least three numbers), since `libnccl.so.2` names the
/// ABI, not the release.
fn soname_version(file: &str, stem: &str) -> Option<String> {
    let rest = file.strip_prefix(stem)?.strip_prefix(".so.")?;
    let parts: Vec<&str> = rest.split('.').collect();
    (parts.len() >= 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())))
    .then(|| rest.to_string())
}

/// Whether `file` is `<stem>.so.<something>`.
fn is_soname(file: &str, stem: &str) -> bool {
    file.strip_prefix(stem)
        .and_then(|r| r.strip_prefix(".so."))
        .is_some_and(|r| !r.is_empty())
}

/// A library found through its file name: the versioned name itself, or
/// a soname symlink pointing at it. Libraries are not read, only named;
/// big regular files are never asked for, so the version comes from the
/// symlinks every install has (`libnccl.so.2 -> libnccl.so.2.21.5`).
fn library_version(file: &FoundFile, stem: &str) -> Option<String> {
    if let Some(v) = soname_version(file_name(&file.path), stem) {
        return Some(v);
    }
    if file.symlink {
        let target = String::from_utf8_lossy(&file.contents);
        return soname_version(file_name(target.trim()), stem);
    }
    None
}

/// Whether a library entry is worth keeping: symlinks (size 0 in a tar)
/// and small files only; a real library is megabytes and its name is
/// enough, which the symlinks give.
fn small_library(path: &str, size: u64, stem: &str) -> bool {
    size <= 4096 && is_soname(file_name(path), stem)
}

/// The config env var, with its location.
fn env_var<'a>(config: &'a ImageConfig, name: &str) -> Option<(String, &'a str)> {
    config
        .env_var(name)
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(|v| (format!("config:env/{name}"), v))
}

#[cfg(test)]
pub(crate) mod test_support {
    use super::*;
    use crate::Platform;

    pub const LAYER: &str =
        "sha256:1111111111111111111111111111111111111111111111111111111111111111";

    pub fn file(path: &str, contents: &str) -> FoundFile {
        FoundFile {
            path: path.into(),
            layer: LAYER.into(),
            contents: contents.as_bytes().into(),
            symlink: false,
        }
    }

    pub fn symlink(path: &str, target: &str) -> FoundFile {
        FoundFile {
            symlink: true,
            ..file(path, target)
        }
    }

    pub fn view(files: Vec<FoundFile>, env: &[&str]) -> ImageView {
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
    pub fn run(c: &dyn Cataloger, files: &[FoundFile], env: &[&str]) -> Findings {
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

    pub fn found(out: &Findings) -> Vec<(String, String, String)> {
        out.components
            .iter()
            .map(|o| (o.name.clone(), o.version.clone(), o.location().to_string()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
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
        assert!(small_library("usr/lib/libcudnn.so.9", 0, "libcudnn"));
        assert!(!small_library(
            "usr/lib/libcudnn.so.9.1.0",
            800 << 20,
            "libcudnn"
        ));
        assert!(!small_library("usr/lib/libcudnn_ops.so.9", 0, "libcudnn"));
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
            "usr/include/python3.12/patchlevel.h",
        ] {
            assert_ne!(wants(path, 1000), Keep::No, "{path}");
        }
        for path in [
            "usr/bin/python3.12",
            "usr/local/lib/python3.12/dist-packages/torch/__init__.py",
            "usr/local/lib/python3.12/dist-packages/torch-2.8.0.dist-info/RECORD",
            "var/lib/dpkg/info/gdb.list",
            "etc/hostname",
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
