//! What relnotes knows of components (`data/components.toml`): one identity
//! per component — its canonical name, the spellings pages use, its
//! ecosystem (which decides its package URL), its CycloneDX type, the CPE
//! NVD keys it by, and the package names under which an image holds a copy
//! of it. A project's `[catalog]` still decides a component's ecosystem
//! first ([`crate::record::Project::ecosystem_of`]).

use crate::version::{Ecosystem, pep503};
use indexmap::IndexMap;
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// A component relnotes knows.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Component {
    /// The canonical name (the table's key).
    #[serde(skip)]
    pub name: String,
    /// Other spellings pages use.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// How its versions order, and its package URL's type.
    pub ecosystem: Ecosystem,
    /// Its CycloneDX component type.
    #[serde(default, rename = "type")]
    pub kind: Kind,
    /// `cpe:2.3:<part>:<vendor>:<product>` as NVD keys it, when it does.
    #[serde(default)]
    pub cpe: Option<String>,
    /// The package names an image holds copies of it under.
    #[serde(default)]
    pub image: InImage,
    /// How image tags write its version without dots (`cu124`, `py311`).
    #[serde(default)]
    pub tag: Option<TagForm>,
    /// The word its vendor names a patch release by after the minor
    /// ("CUDA 12.6 Update 2" is 12.6.2: `Update`).
    #[serde(default)]
    pub patch_word: Option<String>,
}

/// How image tags write a component's version: a prefix glued to its
/// numbers (`cu124` is CUDA 12.4, `py311` Python 3.11, `ubuntu2204` Ubuntu
/// 22.04), the major taking `major_digits` of them.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TagForm {
    /// The words a tag writes before the numbers (`cu`, `py`).
    pub prefixes: Vec<String>,
    /// How many of the numbers are the major (`cu124`: 2; `py311`: 1).
    pub major_digits: usize,
    /// How many are the minor, when a patch follows it (`rocm630` is ROCm
    /// 6.3.0: 1); without it, all after the major are the minor.
    #[serde(default)]
    pub minor_digits: Option<usize>,
}

/// A component's CycloneDX type.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A library (the default).
    #[default]
    Library,
    /// A framework (CUDA).
    Framework,
    /// An application (a runtime such as Python, a tool).
    Application,
    /// An operating system.
    OperatingSystem,
}

/// Where an image holds a component: the package names its copies are
/// installed under (`*` standing for any run of characters), and the files,
/// environment variables and labels that state its version.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InImage {
    /// Debian package names (`libcudnn*`).
    #[serde(default)]
    pub deb: Vec<String>,
    /// Python distribution names (`nvidia-cudnn-cu*`).
    #[serde(default)]
    pub pypi: Vec<String>,
    /// Conda package names (`cudnn`, `libcudnn`), as `conda-meta/*.json`
    /// records them.
    #[serde(default)]
    pub conda: Vec<String>,
    /// The C header that states its version, and the macros that do.
    #[serde(default)]
    pub header: Option<Header>,
    /// Its shared libraries' unversioned names (`libcudnn.so`): the
    /// versioned file (`libcudnn.so.9.1.0`), or a symlink to it, says
    /// the version.
    #[serde(default)]
    pub library: Vec<String>,
    /// Environment variables of the image config that state its version
    /// (`CUDNN_VERSION`).
    #[serde(default)]
    pub env: Vec<String>,
    /// Labels of the image config that state its version
    /// (`com.nvidia.cudnn.version`).
    #[serde(default)]
    pub label: Vec<String>,
}

/// A version header: its file names, any of which it may be installed
/// under (also with Debian's `_v<N>` before `.h`: `cudnn_version_v9.h`),
/// and the `#define`s of the version's numbers, major first.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// File names (`cudnn_version.h`, `cudnn.h`).
    pub files: Vec<String>,
    /// Macros (`CUDNN_MAJOR`, `CUDNN_MINOR`, `CUDNN_PATCHLEVEL`).
    pub macros: Vec<String>,
}

impl Component {
    /// Its CPE for `version` (`cpe:2.3:a:nvidia:cuda_toolkit:12.8:*:*:*:*:*:*:*`).
    pub fn cpe_for(&self, version: &str) -> Option<String> {
        let prefix = self.cpe.as_deref()?;
        Some(format!("{prefix}:{}:*:*:*:*:*:*:*", cpe_escape(version)))
    }

    /// Whether a package an image holds is a copy of this component: a
    /// Debian package (`ecosystem` deb) or a Python distribution (pypi)
    /// named by one of its patterns.
    pub fn held_as(&self, ecosystem: Ecosystem, name: &str) -> bool {
        let patterns = match ecosystem {
            Ecosystem::Deb => &self.image.deb,
            Ecosystem::Pypi => &self.image.pypi,
            _ => return false,
        };
        let name = pep503(name);
        patterns.iter().any(|p| glob_match(&pep503(p), &name))
    }
}

impl Component {
    /// The name runtime catalogers (headers, libraries, the config) give
    /// what they find of it: its canonical name lowercased (`cudnn`).
    pub fn found_name(&self) -> String {
        self.name.to_lowercase()
    }

    /// The ecosystem of what runtime catalogers find of it: the CUDA
    /// toolkit keeps its own; anything else found outside a package
    /// manager is `generic` (a header says nothing of PyPI).
    pub fn found_ecosystem(&self) -> Ecosystem {
        match self.ecosystem {
            Ecosystem::Cuda => Ecosystem::Cuda,
            _ => Ecosystem::Generic,
        }
    }

    /// Whether a conda package (a `conda-meta/*.json` record) is a copy of
    /// this component.
    pub fn held_in_conda(&self, name: &str) -> bool {
        let name = name.to_ascii_lowercase();
        self.image
            .conda
            .iter()
            .any(|p| glob_match(&p.to_ascii_lowercase(), &name))
    }
}

/// CPE 2.3 formatted-string escaping of a version: characters other than
/// letters, digits, `_`, `.` and `-` get a backslash.
fn cpe_escape(version: &str) -> String {
    let mut out = String::with_capacity(version.len());
    for c in version.chars() {
        if !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-')) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// `*` matches any run of characters; everything else itself.
fn glob_match(pattern: &str, text: &str) -> bool {
    let mut parts = pattern.split('*');
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = text.strip_prefix(first) else {
        return false;
    };
    let parts: Vec<&str> = parts.collect();
    let Some((last, middle)) = parts.split_last() else {
        return rest.is_empty();
    };
    for part in middle {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.len() >= last.len() && rest.ends_with(last)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    vendor_words: Vec<String>,
    build_toolchains: Vec<String>,
    archive_extensions: Vec<String>,
    component: IndexMap<String, Component>,
}

struct Knowledge {
    vendor_words: Vec<String>,
    build_toolchains: Vec<String>,
    archive_extensions: Vec<String>,
    components: Vec<Component>,
    by_key: HashMap<String, usize>,
}

fn knowledge() -> &'static Knowledge {
    static KNOWLEDGE: OnceLock<Knowledge> = OnceLock::new();
    KNOWLEDGE.get_or_init(|| {
        // Embedded and checked by the tests: a broken file is a bug of
        // this build, not something a user can cause.
        let file: File = toml::from_str(include_str!("../../../data/components.toml"))
            .unwrap_or_else(|e| panic!("data/components.toml: {e}"));
        let components: Vec<Component> = file
            .component
            .into_iter()
            .map(|(name, c)| Component { name, ..c })
            .collect();
        let mut by_key = HashMap::new();
        for (i, c) in components.iter().enumerate() {
            for spelling in std::iter::once(&c.name).chain(&c.aliases) {
                by_key.entry(spelling_key(spelling)).or_insert(i);
            }
        }
        Knowledge {
            vendor_words: file.vendor_words,
            build_toolchains: file.build_toolchains,
            archive_extensions: file.archive_extensions,
            components,
            by_key,
        }
    })
}

/// The key two spellings of one name share: without ™ ® ©, words joined
/// by `-`, PEP 503 (`NVIDIA TensorRT™` → `nvidia-tensorrt`).
pub fn spelling_key(name: &str) -> String {
    // One pass and one allocation: import asks this of every word of a
    // page. A run of separators is one `-`; whitespace alone at either end
    // is dropped, as splitting into words would.
    let mut key = String::with_capacity(name.len());
    let mut run: Option<bool> = None; // in a run of separators: any of `-_.`?
    for c in name.chars() {
        if matches!(c, '™' | '®' | '©') {
            continue;
        }
        let space = c.is_whitespace();
        if space || matches!(c, '-' | '_' | '.') {
            run = Some(run.unwrap_or(false) || !space);
            continue;
        }
        if let Some(punctuation) = run.take()
            && (punctuation || !key.is_empty())
        {
            key.push('-');
        }
        key.extend(c.to_lowercase());
    }
    if run == Some(true) {
        key.push('-');
    }
    key
}

/// The component `name` is a spelling of, if relnotes knows it: as it
/// is written, else without the vendor's words before it (`NVIDIA HPC-X`).
pub fn known(name: &str) -> Option<&'static Component> {
    let knowledge = knowledge();
    let find = |name: &str| {
        knowledge
            .by_key
            .get(&spelling_key(name))
            .map(|i| &knowledge.components[*i])
    };
    find(name).or_else(|| find(&without_vendor(name)?))
}

/// `name` without the vendor's words it starts with, when it has some
/// and more after them.
fn without_vendor(name: &str) -> Option<String> {
    let is_vendor = |word: &str| {
        let word = word.trim_end_matches(['™', '®', '©']);
        vendor_words().iter().any(|v| word.eq_ignore_ascii_case(v))
    };
    // Most names asked of start with no vendor's word.
    if !is_vendor(name.split_whitespace().next()?) {
        return None;
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    let start = words.iter().position(|w| !is_vendor(w))?;
    (start > 0).then(|| words[start..].join(" "))
}

/// Every component relnotes knows, in the data file's order.
pub fn all() -> &'static [Component] {
    &knowledge().components
}

/// Words that name a vendor, not a package (`nvidia`).
pub fn vendor_words() -> &'static [String] {
    &knowledge().vendor_words
}

/// The name of an archive or installer file (`openssl-3.5.6.tar.gz`)
/// without its extension (`openssl-3.5.6`); `None` for any other name.
pub fn without_archive_extension(file: &str) -> Option<&str> {
    knowledge().archive_extensions.iter().find_map(|extension| {
        let stem_len = file.len().checked_sub(extension.len() + 1)?;
        let (stem, dotted) = (file.get(..stem_len)?, file.get(stem_len..)?);
        (dotted.starts_with('.') && dotted[1..].eq_ignore_ascii_case(extension) && !stem.is_empty())
            .then_some(stem)
    })
}

/// A version written with the toolchain it was built with, as EasyBuild
/// names modules (`3.8.6-GCCcore-10.2.0`, `2023.1-foss-2022a-CUDA-11.7.0`):
/// the version before the toolchain (`3.8.6`), and the rest. `None` for any
/// other version.
pub fn without_build_toolchain(version: &str) -> Option<(&str, &str)> {
    let mut from = 0;
    while let Some(at) = version[from..].find('-').map(|i| from + i) {
        let rest = &version[at + 1..];
        let named = knowledge().build_toolchains.iter().any(|t| {
            rest.get(..t.len())
                .is_some_and(|n| n.eq_ignore_ascii_case(t))
                && rest
                    .get(t.len()..)
                    .and_then(|r| r.strip_prefix('-'))
                    .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit()))
        });
        let before = &version[..at];
        if named && before.starts_with(|c: char| c.is_ascii_digit()) {
            return Some((before, rest));
        }
        from = at + 1;
    }
    None
}

/// The component whose copy a found Debian or Python package is
/// (`nvidia-cudnn-cu12` → cuDNN), if any.
#[cfg(test)]
pub(crate) fn held_by(ecosystem: Ecosystem, name: &str) -> Option<&'static Component> {
    all().iter().find(|c| c.held_as(ecosystem, name))
}

/// The ecosystem of a component no catalog names: the one relnotes knows
/// for it, else `pypi` for a name that can be a PyPI name, else `generic`
/// (a name of several words or other scripts is no Python package).
pub fn default_ecosystem(name: &str) -> Ecosystem {
    if let Some(component) = known(name) {
        return component.ecosystem;
    }
    if is_pypi_name(name) {
        Ecosystem::Pypi
    } else {
        Ecosystem::Generic
    }
}

/// PEP 508's rule for a distribution name: ASCII letters and digits,
/// with `.`, `_` and `-` inside.
pub(crate) fn is_pypi_name(name: &str) -> bool {
    let bytes = name.as_bytes();
    !bytes.is_empty()
        && bytes[0].is_ascii_alphanumeric()
        && bytes[bytes.len() - 1].is_ascii_alphanumeric()
        && bytes
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_version_built_with_a_toolchain_is_the_part_before_it() {
        assert_eq!(
            without_build_toolchain("3.8.6-GCCcore-10.2.0"),
            Some(("3.8.6", "GCCcore-10.2.0"))
        );
        assert_eq!(
            without_build_toolchain("2023.1-foss-2022a-CUDA-11.7.0"),
            Some(("2023.1", "foss-2022a-CUDA-11.7.0"))
        );
        assert_eq!(
            without_build_toolchain("5.32.0-GCCcore-10.2.0-minimal"),
            Some(("5.32.0", "GCCcore-10.2.0-minimal"))
        );
        assert_eq!(
            without_build_toolchain("1.0.2-intel-compilers-2021.2.0"),
            Some(("1.0.2", "intel-compilers-2021.2.0"))
        );
        // A Debian revision, a platform, a word that only starts like a
        // toolchain: no toolchain.
        for version in [
            "8.2.2.26-1",
            "1.6.2-linux-x86_64",
            "2.1-gccx-1",
            "1.0-foss",
            "r2-foss-2020b",
        ] {
            assert_eq!(without_build_toolchain(version), None, "{version}");
        }
    }

    #[test]
    fn the_data_file_loads_and_every_spelling_is_one_components() {
        let knowledge = knowledge();
        assert!(knowledge.components.len() >= 20);
        let mut owner = HashMap::new();
        for c in &knowledge.components {
            for spelling in std::iter::once(&c.name).chain(&c.aliases) {
                if let Some(other) = owner.insert(spelling_key(spelling), c.name.clone()) {
                    assert_eq!(other, c.name, "`{spelling}` names two components");
                }
            }
            // A `pypi` component's canonical name is its PyPI name.
            if c.ecosystem == Ecosystem::Pypi {
                assert!(is_pypi_name(&c.name), "{}", c.name);
            }
            // Where catalogers look: header and library names of one
            // component each, in the shapes they read.
            if let Some(header) = &c.image.header {
                assert!(!header.macros.is_empty(), "{}", c.name);
                for file in &header.files {
                    assert!(file.ends_with(".h"), "{file}");
                    let owner = owner.insert(format!("header {file}"), c.name.clone());
                    assert!(owner.is_none(), "{file} of two components");
                }
            }
            for library in &c.image.library {
                assert!(
                    library.ends_with(".so") && !library.contains('*'),
                    "{library}"
                );
                let owner = owner.insert(format!("library {library}"), c.name.clone());
                assert!(owner.is_none(), "{library} of two components");
            }
            if let Some(cpe) = &c.cpe {
                assert_eq!(cpe.split(':').count(), 5, "{cpe}");
                assert!(cpe.starts_with("cpe:2.3:"), "{cpe}");
            }
        }
    }

    #[test]
    fn spelling_keys_are_pep503_of_the_words_joined() {
        let by_words = |name: &str| {
            let plain: String = name
                .chars()
                .filter(|c| !matches!(c, '™' | '®' | '©'))
                .collect();
            pep503(&plain.split_whitespace().collect::<Vec<_>>().join("-"))
        };
        for name in [
            "Transformer Engine",
            "  NVIDIA  TensorRT™ ",
            "flash_attn",
            "a - b",
            "-a",
            " -a",
            "a-",
            "a -",
            "a ",
            "™ x",
            "Ünïcode.Name",
            "",
            "   ",
            "x__y..z",
        ] {
            assert_eq!(spelling_key(name), by_words(name), "{name:?}");
        }
    }

    #[test]
    fn spellings_pages_use_find_the_component() {
        assert_eq!(known("NVIDIA TensorRT™").unwrap().name, "TensorRT");
        assert_eq!(known("PyTorch").unwrap().name, "torch");
        assert_eq!(
            known("Transformer Engine").unwrap().name,
            "transformer_engine"
        );
        assert_eq!(known("nvidia cuda").unwrap().name, "CUDA");
        assert_eq!(known("NVIDIA HPC-X").unwrap().name, "HPC-X");
        assert_eq!(known("NVIDIA DALI®").unwrap().name, "DALI");
        assert_eq!(known("EFA installer").unwrap().name, "EFA");
        assert_eq!(known("OpenUCX").unwrap().name, "UCX");
        assert_eq!(known("Nsight Systems").unwrap().name, "nsight-systems");
        assert_eq!(
            known("Triton Inference Server").unwrap().name,
            "tritonserver"
        );
        assert_eq!(known("triton").unwrap().name, "triton");
        assert_eq!(known("vLLM").unwrap().name, "vllm");
        assert_eq!(known("SGLang").unwrap().name, "sglang");
        assert!(known("mooncake").is_none());
        assert!(known("NVIDIA").is_none());
    }

    #[test]
    fn ecosystems_come_from_the_data_else_from_the_name() {
        assert_eq!(default_ecosystem("UBUNTU"), Ecosystem::Os);
        assert_eq!(default_ecosystem("CUDA"), Ecosystem::Cuda);
        assert_eq!(default_ecosystem("CuDNN"), Ecosystem::Generic);
        assert_eq!(default_ecosystem("OpenMPI"), Ecosystem::Generic);
        assert_eq!(default_ecosystem("vllm"), Ecosystem::Pypi);
        assert_eq!(default_ecosystem("Nsight Systems"), Ecosystem::Generic);
        assert_eq!(default_ecosystem("nsight-systems"), Ecosystem::Generic);
        assert_eq!(default_ecosystem("NVIDIA TensorRT™"), Ecosystem::Pypi);
        assert_eq!(default_ecosystem("apex"), Ecosystem::Generic);
        assert_eq!(default_ecosystem("MAGMA"), Ecosystem::Generic);
        assert_eq!(default_ecosystem("NVIDIA CUDA"), Ecosystem::Cuda);
    }

    #[test]
    fn copies_in_an_image_are_found_by_package_name() {
        assert_eq!(
            held_by(Ecosystem::Pypi, "nvidia_cudnn_cu12").unwrap().name,
            "cuDNN"
        );
        assert_eq!(
            held_by(Ecosystem::Deb, "libcudnn9-cuda-13").unwrap().name,
            "cuDNN"
        );
        assert_eq!(held_by(Ecosystem::Deb, "libnccl2").unwrap().name, "NCCL");
        assert!(held_by(Ecosystem::Deb, "libnccl-dev").is_none());
        assert!(held_by(Ecosystem::Pypi, "torch").is_none());
        assert!(known("cuDNN").unwrap().held_in_conda("libcudnn"));
        assert!(!known("cuDNN").unwrap().held_in_conda("libcudnn-dev"));
        assert!(known("Python").unwrap().held_in_conda("python"));
        assert_eq!(
            held_by(Ecosystem::Deb, "libnvinfer10").unwrap().name,
            "TensorRT"
        );
        assert_eq!(
            held_by(Ecosystem::Pypi, "tensorrt_cu12").unwrap().name,
            "TensorRT"
        );
    }

    #[test]
    fn cpes_carry_the_version() {
        assert_eq!(
            known("CUDA").unwrap().cpe_for("12.8.1").unwrap(),
            "cpe:2.3:a:nvidia:cuda_toolkit:12.8.1:*:*:*:*:*:*:*"
        );
        assert!(known("cuDNN").unwrap().cpe_for("9.1").is_none());
        assert_eq!(
            known("Ubuntu").unwrap().cpe_for("22.04").unwrap(),
            "cpe:2.3:o:canonical:ubuntu_linux:22.04:*:*:*:*:*:*:*"
        );
        assert_eq!(
            known("Python").unwrap().cpe_for("3.12.7+gc").unwrap(),
            "cpe:2.3:a:python:python:3.12.7\\+gc:*:*:*:*:*:*:*"
        );
    }

    #[test]
    fn globs_match_whole_names() {
        assert!(glob_match("libcudnn*", "libcudnn9-cuda-12"));
        assert!(glob_match("nvidia-cudnn-cu*", "nvidia-cudnn-cu13"));
        assert!(!glob_match("libnccl2", "libnccl2-dev"));
        assert!(glob_match("a*b*c", "axxbyyc"));
        assert!(!glob_match("a*b*c", "axxbyy"));
    }
}
