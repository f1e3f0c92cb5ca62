//! The 25.10 image, built from real parts: the dist-info directories pip
//! installs from PyPI's wheels at the record's versions (cached in
//! target/test-pypi), core metadata in pip's format for the builds PyPI
//! does not have (`torch 2.8.0.9+nv25.3`, `transformers 4.56.1+ali` …),
//! Ubuntu 24.04's os-release and dpkg stanzas, CUDA 12.8's version.json,
//! cuDNN and NCCL headers; as the record declares it, or tampered with.
//! Shared by the tests and `cargo run --example demo-images`.

#![allow(dead_code)]

use super::image::{BuiltImage, Layer, PlatformImage, TestImage};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;
use std::sync::OnceLock;

pub const SITE: &str = "usr/local/lib/python3.12/dist-packages";

/// Pure-Python wheels PyPI has at the record's versions, installed for
/// real; `transformers 4.56.1` is PyPI's build, not the record's `+ali` one.
const FROM_PYPI: [(&str, &str); 8] = [
    ("diffusers", "0.34.0"),
    ("peft", "0.16.0"),
    ("timm", "1.0.20"),
    ("mmengine", "0.10.3"),
    ("mmdet", "3.3.0"),
    ("ultralytics", "8.3.96"),
    ("megatron-core", "0.14.0"),
    ("transformers", "4.56.1"),
];

/// Builds PyPI does not have (local versions, other indexes) or has only as
/// sources or huge wheels: their core metadata as pip writes it.
/// (name as the project spells it, version, summary, home page).
const SYNTHESIZED: [(&str, &str, &str, &str); 16] = [
    (
        "torch",
        "2.8.0.9+nv25.3",
        "Tensors and Dynamic neural networks in Python with strong GPU acceleration",
        "https://pytorch.org/",
    ),
    (
        "accelerate",
        "1.7.0+ali",
        "Accelerate",
        "https://github.com/huggingface/accelerate",
    ),
    (
        "deepspeed",
        "0.16.9+ali",
        "DeepSpeed library",
        "http://deepspeed.ai",
    ),
    (
        "flash_attn",
        "2.8.3",
        "Flash Attention: Fast and Memory-Efficient Exact Attention",
        "https://github.com/Dao-AILab/flash-attention",
    ),
    (
        "flash_attn_3",
        "3.0.0b1",
        "FlashAttention-3",
        "https://github.com/Dao-AILab/flash-attention",
    ),
    (
        "flashinfer-python",
        "0.2.5",
        "FlashInfer: Kernel Library for LLM Serving",
        "https://github.com/flashinfer-ai/flashinfer",
    ),
    (
        "grouped_gemm",
        "1.1.4",
        "Grouped GEMM",
        "https://github.com/tgale96/grouped_gemm",
    ),
    (
        "mmcv",
        "2.1.0",
        "OpenMMLab Computer Vision Foundation",
        "https://github.com/open-mmlab/mmcv",
    ),
    (
        "opencv-python-headless",
        "4.11.0.86",
        "Wrapper package for OpenCV python bindings.",
        "https://github.com/opencv/opencv-python",
    ),
    (
        "pytorch-dynamic-profiler",
        "0.24.11",
        "Dynamic profiling for PyTorch training jobs",
        "https://pypi.org/project/pytorch-dynamic-profiler/",
    ),
    (
        "ray",
        "2.50.1",
        "Ray provides a simple, universal API for building distributed applications.",
        "https://github.com/ray-project/ray",
    ),
    (
        "transformer_engine",
        "2.4.0+3cd6870c",
        "Transformer acceleration library",
        "https://github.com/NVIDIA/TransformerEngine",
    ),
    (
        "transformers",
        "4.56.1+ali",
        "State-of-the-art Machine Learning for JAX, PyTorch and TensorFlow",
        "https://github.com/huggingface/transformers",
    ),
    (
        "vllm",
        "0.11.0",
        "A high-throughput and memory-efficient inference and serving engine for LLMs",
        "https://github.com/vllm-project/vllm",
    ),
    (
        "triton",
        "3.4.0",
        "A language and compiler for custom Deep Learning operations",
        "https://github.com/triton-lang/triton/",
    ),
    (
        "pytorch-triton",
        "3.4.0",
        "A language and compiler for custom Deep Learning operations",
        "https://github.com/triton-lang/triton/",
    ),
];

/// A `*.dist-info` directory: its name and files.
#[derive(Clone)]
struct DistInfo {
    dir: String,
    files: Vec<(String, Vec<u8>)>,
}

/// The PEP 503 name of a distribution.
fn normalized(name: &str) -> String {
    model::pep503(name)
}

/// The dist-info directories of [`FROM_PYPI`], by normalised name and
/// version, installed once per run into target/test-pypi with
/// `pip install --no-deps --only-binary=:all: --target`.
fn from_pypi() -> &'static BTreeMap<(String, String), DistInfo> {
    static INSTALLED: OnceLock<BTreeMap<(String, String), DistInfo>> = OnceLock::new();
    INSTALLED.get_or_init(|| {
        let cache = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/test-pypi");
        let requirements: Vec<String> =
            FROM_PYPI.iter().map(|(n, v)| format!("{n}=={v}")).collect();
        let site = cache.join("site");
        let stamp = site.join(".requirements");
        let wanted = requirements.join("\n");
        if std::fs::read_to_string(&stamp).ok().as_deref() != Some(wanted.as_str()) {
            let _ = std::fs::remove_dir_all(&site);
            let status = Command::new("python3")
                .args(["-m", "pip", "install", "--no-deps", "--only-binary=:all:"])
                .args([
                    "--no-compile",
                    "--disable-pip-version-check",
                    "--no-input",
                    "--quiet",
                ])
                .arg("--root-user-action=ignore")
                .arg("--cache-dir")
                .arg(cache.join("pip-cache"))
                .arg("--target")
                .arg(&site)
                .args(&requirements)
                .status()
                .expect("python3 -m pip runs (python3 with pip is needed by the verify tests)");
            assert!(
                status.success(),
                "pip could not install {requirements:?} from PyPI into {}",
                site.display()
            );
            std::fs::write(&stamp, &wanted).unwrap();
        }
        let mut out = BTreeMap::new();
        for entry in std::fs::read_dir(&site).unwrap() {
            let path = entry.unwrap().path();
            let dir = path.file_name().unwrap().to_string_lossy().to_string();
            if !dir.ends_with(".dist-info") {
                continue;
            }
            let metadata = std::fs::read_to_string(path.join("METADATA")).unwrap();
            let header = |key: &str| {
                metadata
                    .lines()
                    .find_map(|l| l.strip_prefix(key))
                    .unwrap()
                    .trim()
                    .to_string()
            };
            let key = (normalized(&header("Name:")), header("Version:"));
            out.insert(key, read_dist_info(&path, &dir));
        }
        for (name, version) in FROM_PYPI {
            assert!(
                out.contains_key(&(normalized(name), version.to_string())),
                "pip installed no dist-info for {name} {version}"
            );
        }
        out
    })
}

fn read_dist_info(path: &Path, dir: &str) -> DistInfo {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(path).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_file() {
            let name = entry.file_name().to_string_lossy().to_string();
            files.push((name, std::fs::read(entry.path()).unwrap()));
        }
    }
    files.sort();
    DistInfo {
        dir: dir.to_string(),
        files,
    }
}

/// The dist-info pip leaves for a build PyPI does not have: METADATA in
/// the format setuptools' bdist_wheel writes, WHEEL, INSTALLER, RECORD.
fn synthesized(name: &str, version: &str, summary: &str, home: &str, arch: &str) -> DistInfo {
    let dir = format!("{}-{version}.dist-info", name.replace('-', "_"));
    let metadata = format!(
        "Metadata-Version: 2.1\n\
         Name: {name}\n\
         Version: {version}\n\
         Summary: {summary}\n\
         Home-page: {home}\n\
         License: Apache-2.0\n\
         Classifier: Programming Language :: Python :: 3\n\
         Classifier: Programming Language :: Python :: 3.12\n\
         Requires-Python: >=3.9\n\
         Description-Content-Type: text/markdown\n\
         License-File: LICENSE\n\
         \n\
         # {name}\n\n{summary}\n"
    );
    let machine = if arch == "amd64" { "x86_64" } else { "aarch64" };
    let wheel = format!(
        "Wheel-Version: 1.0\nGenerator: setuptools (75.8.0)\nRoot-Is-Purelib: false\nTag: cp312-cp312-linux_{machine}\n\n"
    );
    let record = format!(
        "{dir}/INSTALLER,sha256=zuuue4knoyJ-UwPPXg8fezS7VCrXJQrAP7zeNuwvFQg,4\n{dir}/METADATA,,\n{dir}/RECORD,,\n{dir}/WHEEL,,\n"
    );
    DistInfo {
        files: vec![
            ("INSTALLER".into(), b"pip\n".to_vec()),
            ("METADATA".into(), metadata.into_bytes()),
            ("RECORD".into(), record.into_bytes()),
            ("WHEEL".into(), wheel.into_bytes()),
        ],
        dir,
    }
}

fn add_dist_info(layer: Layer, info: &DistInfo) -> Layer {
    let mut layer = layer.dir(&format!("{SITE}/{}", info.dir));
    for (name, bytes) in &info.files {
        layer = layer.file(&format!("{SITE}/{}/{name}", info.dir), bytes);
    }
    layer
}

/// `usr/lib/os-release` of Ubuntu 24.04.3 LTS.
const OS_RELEASE: &str = include_str!("../fixtures/verify/os-release.ubuntu-24.04.3");

/// libc6's dpkg status stanza as Ubuntu 24.04 ships it, at `version`
/// for `arch`, a blank line after it: the C library every image carries.
pub fn libc6_stanza(version: &str, arch: &str) -> String {
    LIBC6_STANZA
        .replace("VERSION", version)
        .replace("ARCH", arch)
}

/// libc6's stanza of Ubuntu 24.04's dpkg status file, `VERSION` and `ARCH`
/// to be replaced.
const LIBC6_STANZA: &str = include_str!("../fixtures/verify/dpkg-status.libc6.ubuntu-24.04");

/// Stanzas of Ubuntu 24.04's dpkg status file (`ARCH` is replaced), but
/// libc6's, which `libc6_stanza` writes.
const DPKG_BASE: &str = "Package: base-files
Essential: yes
Status: install ok installed
Priority: required
Section: admin
Installed-Size: 394
Maintainer: Ubuntu Developers <ubuntu-devel-discuss@lists.ubuntu.com>
Architecture: ARCH
Multi-Arch: foreign
Version: 13ubuntu10.3
Replaces: base, dpkg (<= 1.15.0), miscutils
Provides: base
Depends: libc6 (>= 2.34), libcrypt1 (>= 1:4.4.10-10ubuntu3)
Pre-Depends: awk
Breaks: debian-security-support (<< 2019.04.25), initscripts (<< 2.88dsf-13.3), sendfile (<< 2.1b.20080616-5.2~), ubuntu-server (<< 1.453)
Conffiles:
 /etc/debian_version 21dd7afd16fd2fba8a3ae8d3a1e0da06
 /etc/host.conf 4eb63731c9f5e30903ac4fc07a7fe3d6
 /etc/issue 2bd4d0f1e4b1c54ac3ba6e7cd84b8d4d
Description: Debian base system miscellaneous files
 This package contains the basic filesystem hierarchy of a Debian system, and
 several important miscellaneous files, such as /etc/debian_version,
 /etc/host.conf, /etc/issue, /etc/motd, /etc/profile, and others,
 and the text of several common licenses in use on Debian systems.
Original-Maintainer: Santiago Vila <sanvila@debian.org>

Package: bash
Essential: yes
Status: install ok installed
Priority: required
Section: shells
Installed-Size: 1884
Maintainer: Ubuntu Developers <ubuntu-devel-discuss@lists.ubuntu.com>
Architecture: ARCH
Multi-Arch: foreign
Version: 5.2.21-2ubuntu4
Replaces: bash-completion (<< 20060301-0), bash-doc (<= 2.05-1)
Depends: base-files (>= 2.1.12), debianutils (>= 5.6-0.1)
Pre-Depends: libc6 (>= 2.38), libtinfo6 (>= 6)
Recommends: bash-completion (>= 20060301-0)
Suggests: bash-doc
Conflicts: bash-completion (<< 20060301-0)
Conffiles:
 /etc/bash.bashrc 89269e1298235f1b12b4c16e4065ad0d
 /etc/skel/.bash_logout 22bfb8c1dd94b5f3813a2b25da67463f
 /etc/skel/.bashrc 8fd2a7e9b8b6b1dd21be4ef3e2c3ce71
 /etc/skel/.profile d68ce7c7d7d2bb7d48aeb2f137b828e4
Description: GNU Bourne Again SHell
 Bash is an sh-compatible command language interpreter that executes
 commands read from the standard input or from a file.
Homepage: http://tiswww.case.edu/php/chet/bash/bashtop.html
Original-Maintainer: Matthias Klose <doko@debian.org>

";

/// gdb as Ubuntu 24.04 ships it: `gdb --version` says
/// `GNU gdb (Ubuntu 15.0.50.20240403-0ubuntu1) 15.0.50.20240403-git`,
/// which is what the record declares.
const DPKG_GDB: &str = "Package: gdb
Status: install ok installed
Priority: optional
Section: devel
Installed-Size: 11781
Maintainer: Ubuntu Developers <ubuntu-devel-discuss@lists.ubuntu.com>
Architecture: ARCH
Version: 15.0.50.20240403-0ubuntu1
Depends: libbabeltrace1 (>= 1.5.4), libc6 (>= 2.38), libdebuginfod1t64 (>= 0.158), libexpat1 (>= 2.0.1), libgcc-s1 (>= 3.4), libgmp10 (>= 2:6.3.0+dfsg), libipt2 (>= 1.4.2), liblzma5 (>= 5.1.1alpha+20120614), libmpfr6 (>= 3.1.3), libncursesw6 (>= 6), libpython3.12t64 (>= 3.12.1), libreadline8t64 (>= 6.0), libsource-highlight4t64 (>= 3.1.9), libstdc++6 (>= 13.1), libtinfo6 (>= 6), libxxhash0 (>= 0.6.5), libzstd1 (>= 1.5.5), zlib1g (>= 1:1.2.0)
Recommends: libc-dbg, gdbserver
Suggests: gdb-doc, gdb-multiarch
Description: GNU Debugger
 GDB is a source-level debugger, capable of breaking programs at any specific
 line, displaying and changing the variables, etc.
Homepage: https://www.gnu.org/s/gdb/
Original-Maintainer: Héctor Orón Martínez <zumbi@debian.org>

";

/// perf 5.4.30 on amd64: built from the Linux 5.4.30 sources and
/// registered with dpkg as a local package (no Ubuntu 24.04 package has it).
const DPKG_PERF: &str = "Package: perf
Status: install ok installed
Priority: optional
Section: devel
Installed-Size: 21456
Maintainer: root <root@localhost>
Architecture: amd64
Version: 5.4.30
Description: Performance analysis tools for Linux (tools/perf of Linux 5.4.30)
 Built from source and installed as a local package.

";

/// The start of `usr/local/cuda-12.8/version.json` of CUDA 12.8 Update 1.
const CUDA_VERSION_JSON: &str = include_str!("../fixtures/verify/cuda-12.8.1.version.json");

const CUDNN_VERSION_H: &str = "#ifndef CUDNN_VERSION_H_
#define CUDNN_VERSION_H_

#define CUDNN_MAJOR 9
#define CUDNN_MINOR 8
#define CUDNN_PATCHLEVEL 0

#define CUDNN_VERSION (CUDNN_MAJOR * 10000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)

#endif /* CUDNN_VERSION_H */
";

const NCCL_H: &str = "#ifndef NCCL_H_
#define NCCL_H_

#include <cuda_runtime.h>
#include <cuda_fp16.h>

#define NCCL_MAJOR 2
#define NCCL_MINOR 25
#define NCCL_PATCH 1
#define NCCL_SUFFIX \"\"

#define NCCL_VERSION_CODE 22501
";

/// `Include/patchlevel.h` of the image's patched CPython: `sys.version`
/// starts with `3.12.7+gc`.
const PATCHLEVEL_H: &str = "/* Version parsed out into numeric values */
/*--start constants--*/
#define PY_MAJOR_VERSION        3
#define PY_MINOR_VERSION        12
#define PY_MICRO_VERSION        7
#define PY_RELEASE_LEVEL        PY_RELEASE_LEVEL_FINAL
#define PY_RELEASE_SERIAL       0

/* Version as a string */
#define PY_VERSION              \"3.12.7+gc\"
/*--end constants--*/
";

/// The record's driver requirements as the NVIDIA container runtime reads
/// them, in the `nvidia/cuda` images' form: CUDA 12.8, or a data-center
/// driver of branch 470, 525, 535 or 545.
fn nvidia_require_cuda() -> String {
    let brands = [
        "unknown",
        "grid",
        "tesla",
        "nvidia",
        "quadro",
        "quadrortx",
        "nvidiartx",
        "vapps",
        "vpc",
        "vcs",
        "vws",
        "cloudgaming",
    ];
    let mut out = String::from("NVIDIA_REQUIRE_CUDA=cuda>=12.8");
    for branch in [470, 525, 535, 545] {
        for brand in brands {
            out.push_str(&format!(
                " brand={brand},driver>={branch},driver<{}",
                branch + 1
            ));
        }
    }
    out
}

/// How a test image of 25.10 departs from the record.
#[derive(Clone, Copy, Default)]
pub struct Tampering {
    /// PyPI's transformers 4.56.1 instead of the record's 4.56.1+ali.
    pub pypi_transformers: bool,
    /// timm not installed.
    pub no_timm: bool,
    /// peft installed, then deleted by a whiteout in a later layer.
    pub peft_whited_out: bool,
}

/// One platform of a 25.10 image: the Ubuntu base, CUDA, Python and tools,
/// the Python packages, and (when tampered) a last layer removing peft.
pub fn platform(arch: &str, tampering: Tampering) -> PlatformImage {
    let amd64 = arch == "amd64";
    let triplet = if amd64 {
        "x86_64-linux-gnu"
    } else {
        "aarch64-linux-gnu"
    };
    let base_status = DPKG_BASE.replace("ARCH", arch) + &libc6_stanza("2.39-0ubuntu8.6", arch);
    let mut status = format!("{base_status}{}", DPKG_GDB.replace("ARCH", arch));
    if amd64 {
        status.push_str(DPKG_PERF);
    }
    let base = Layer::gzip()
        .dir("etc")
        .symlink("etc/os-release", "../usr/lib/os-release")
        .file("usr/lib/os-release", OS_RELEASE)
        .file("var/lib/dpkg/status", &base_status);
    let cuda = Layer::zstd()
        .file("usr/local/cuda-12.8/version.json", CUDA_VERSION_JSON)
        .symlink("usr/local/cuda", "cuda-12.8")
        .file(
            &format!("usr/include/{triplet}/cudnn_version_v9.h"),
            CUDNN_VERSION_H,
        )
        .symlink(
            &format!("usr/lib/{triplet}/libcudnn.so.9"),
            "libcudnn.so.9.8.0",
        )
        .file("usr/include/nccl.h", NCCL_H)
        .symlink(
            &format!("usr/lib/{triplet}/libnccl.so.2"),
            "libnccl.so.2.25.1",
        );
    let tools = Layer::gzip()
        .file("usr/local/include/python3.12/patchlevel.h", PATCHLEVEL_H)
        .file("var/lib/dpkg/status", &status);
    let mut packages = Layer::gzip().dir(SITE);
    let pypi = from_pypi();
    let real = |name: &str, version: &str| &pypi[&(normalized(name), version.to_string())];
    for (name, version) in FROM_PYPI {
        let skip = (name == "timm" && tampering.no_timm) || name == "transformers";
        if !skip {
            packages = add_dist_info(packages, real(name, version));
        }
    }
    for (name, version, summary, home) in SYNTHESIZED {
        let skip = match name {
            "triton" => !amd64,
            "pytorch-triton" => amd64,
            "transformers" => tampering.pypi_transformers,
            _ => false,
        };
        if !skip {
            packages = add_dist_info(packages, &synthesized(name, version, summary, home, arch));
        }
    }
    if tampering.pypi_transformers {
        packages = add_dist_info(packages, real("transformers", "4.56.1"));
    }
    let mut image = PlatformImage::new(arch)
        .env("CUDA_VERSION=12.8.1")
        .env(&nvidia_require_cuda())
        .env("NCCL_SOCKET_IFNAME=eth0")
        .label("com.nvidia.cuda.version", "12.8.1")
        .layer(base)
        .layer(cuda)
        .layer(tools)
        .layer(packages);
    if tampering.peft_whited_out {
        image =
            image.layer(Layer::gzip().whiteout(&format!("{SITE}/{}", real("peft", "0.16.0").dir)));
    }
    image
}

/// Both platforms, as the record declares them.
pub fn faithful() -> BuiltImage {
    TestImage::multi(vec![
        platform("amd64", Tampering::default()),
        platform("arm64", Tampering::default()),
    ])
    .build()
}

/// amd64 only, with a wrong version, a missing package and a package
/// deleted by a whiteout.
pub fn tampered() -> BuiltImage {
    TestImage::multi(vec![platform(
        "amd64",
        Tampering {
            pypi_transformers: true,
            no_timm: true,
            peft_whited_out: true,
        },
    )])
    .build()
}

/// vllm 0.12.0 over the image's 0.11.0: the old dist-info whited out.
pub fn vllm_upgraded(image: PlatformImage) -> PlatformImage {
    image.layer(
        Layer::gzip()
            .whiteout(&format!("{SITE}/vllm-0.11.0.dist-info"))
            .file(
                &format!("{SITE}/vllm-0.12.0.dist-info/METADATA"),
                "Metadata-Version: 2.1\nName: vllm\nVersion: 0.12.0\nSummary: A high-throughput and memory-efficient inference and serving engine for LLMs\n",
            ),
    )
}

/// Built on CUDA 12.9 for data-center branches 535 and 570 only: the
/// image's `NVIDIA_REQUIRE_CUDA` (the last one set wins) says so.
pub fn cuda_12_9(image: PlatformImage) -> PlatformImage {
    let mut require = String::from("NVIDIA_REQUIRE_CUDA=cuda>=12.9");
    for branch in [535, 570] {
        for brand in ["unknown", "tesla", "nvidia"] {
            require.push_str(&format!(
                " brand={brand},driver>={branch},driver<{}",
                branch + 1
            ));
        }
    }
    image.env(&require)
}

/// The next release's image, both platforms: vllm up, transformers down,
/// timm and peft gone, CUDA 12.9 required.
pub fn next_release() -> BuiltImage {
    let changed = Tampering {
        pypi_transformers: true,
        no_timm: true,
        peft_whited_out: true,
    };
    TestImage::multi(vec![
        cuda_12_9(vllm_upgraded(platform("amd64", changed))),
        cuda_12_9(vllm_upgraded(platform("arm64", changed))),
    ])
    .build()
}

/// The start of `usr/local/cuda-13.0/version.json` of CUDA 13.0 Update 2.
const CUDA_13_0_2_VERSION_JSON: &str = include_str!("../fixtures/verify/cuda-13.0.2.version.json");

/// Rebuilt on CUDA 13.0 Update 2 (CUDA 12.8 whited out), with an
/// `NVIDIA_REQUIRE_CUDA` that states no minimum driver.
pub fn cuda_13_0_2(image: PlatformImage) -> PlatformImage {
    image
        .layer(
            Layer::gzip()
                .whiteout("usr/local/cuda-12.8")
                .file("usr/local/cuda-13.0/version.json", CUDA_13_0_2_VERSION_JSON)
                .symlink("usr/local/cuda", "cuda-13.0"),
        )
        .env("NVIDIA_REQUIRE_CUDA=cuda>=13.0")
}
