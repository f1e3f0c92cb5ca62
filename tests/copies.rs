//! Two copies of one library in one image, end to end: the image of
//! issue 29 (Ubuntu 24.04 with cuDNN and NCCL from NVIDIA's apt
//! repository, torch 2.11.0 in a virtualenv with the cuDNN and NCCL wheels
//! it requires). `verify` warns and names both copies and the framework
//! that loads one, `sbom --from-image` marks each copy, a draft takes the
//! version of the copy torch loads.
//!
//! Facts:
//! - torch 2.11.0's `Requires-Dist` lines are those of its PyPI wheel
//!   (`torch-2.11.0-cp312-cp312-manylinux_2_28_x86_64.whl`): it requires
//!   `nvidia-cudnn-cu13==9.19.0.56` and `nvidia-nccl-cu13==2.28.9`;
//!   the wheels' headers are those PyPI serves for
//!   `nvidia_cudnn_cu13-9.19.0.56-py3-none-manylinux_2_27_x86_64.whl` and
//!   `nvidia_nccl_cu13-2.28.9-py3-none-manylinux_2_18_x86_64.whl`;
//! - `libcudnn9-cuda-13` 9.14.0.64-1 and `libnccl2` 2.28.3-1+cuda13.0 are
//!   package names and versions of NVIDIA's CUDA apt repository; libnccl2's
//!   fields (`Source: nccl`, section, maintainer, description) are those of
//!   NCCL's own Debian packaging (`pkg/debian/control.in` of NVIDIA/nccl);
//!   libcudnn9-cuda-13's stanza carries only the fields whose values are
//!   known (no `Source:`);
//! - `NV_CUDNN_VERSION` and `NCCL_VERSION` are set the way NVIDIA's CUDA
//!   images set them;
//! - libc6 is Ubuntu 24.04's stanza (`Source: glibc`), the one the 25.10
//!   test image carries (support/release_25_10.rs), at 2.39-0ubuntu8.4.

use crate::support::image::{Layer, PlatformImage, TestImage};
use crate::support::project::outcome as text;
use crate::support::release_25_10::libc6_stanza;
use crate::util::relnotes_in;
use std::path::Path;
use std::process::Output;

/// The image's dpkg status: libc6, then NVIDIA's cuDNN and NCCL packages.
fn status() -> String {
    libc6_stanza("2.39-0ubuntu8.4", "amd64") + STATUS_NVIDIA
}

const STATUS_NVIDIA: &str = "\
Package: libcudnn9-cuda-13
Status: install ok installed
Priority: optional
Section: libs
Architecture: amd64
Version: 9.14.0.64-1
Description: cuDNN runtime libraries

Package: libnccl2
Status: install ok installed
Priority: optional
Section: libs
Maintainer: cudatools <cudatools@nvidia.com>
Architecture: amd64
Source: nccl
Version: 2.28.3-1+cuda13.0
Description: NVIDIA Collective Communication Library (NCCL) Runtime
 NCCL (pronounced \"Nickel\") is a stand-alone library of standard collective
 communication routines for GPUs, implementing all-reduce, all-gather, reduce,
 broadcast, and reduce-scatter.
";

const CUDNN_VERSION_H: &str = "#ifndef CUDNN_VERSION_H_
#define CUDNN_VERSION_H_

#define CUDNN_MAJOR 9
#define CUDNN_MINOR 14
#define CUDNN_PATCHLEVEL 0

#define CUDNN_VERSION (CUDNN_MAJOR * 10000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)
#endif /* CUDNN_VERSION_H */
";

const TORCH_METADATA: &str = "Metadata-Version: 2.4
Name: torch
Version: 2.11.0
Summary: Tensors and Dynamic neural networks in Python with strong GPU acceleration
Requires-Python: >=3.10
Requires-Dist: filelock
Requires-Dist: typing-extensions>=4.10.0
Requires-Dist: setuptools<82
Requires-Dist: sympy>=1.13.3
Requires-Dist: networkx>=2.5.1
Requires-Dist: jinja2
Requires-Dist: fsspec>=0.8.5
Requires-Dist: cuda-toolkit[cublas,cudart,cufft,cufile,cupti,curand,cusolver,cusparse,nvjitlink,nvrtc,nvtx]==13.0.2; platform_system == \"Linux\"
Requires-Dist: cuda-bindings<14,>=13.0.3; platform_system == \"Linux\"
Requires-Dist: nvidia-cudnn-cu13==9.19.0.56; platform_system == \"Linux\"
Requires-Dist: nvidia-cusparselt-cu13==0.8.0; platform_system == \"Linux\"
Requires-Dist: nvidia-nccl-cu13==2.28.9; platform_system == \"Linux\"
Requires-Dist: nvidia-nvshmem-cu13==3.4.5; platform_system == \"Linux\"
Requires-Dist: triton==3.6.0; platform_system == \"Linux\"
Provides-Extra: optree
Requires-Dist: optree>=0.13.0; extra == \"optree\"

";

const CUDNN_WHEEL_METADATA: &str = "Metadata-Version: 2.4
Name: nvidia-cudnn-cu13
Version: 9.19.0.56
Summary: cuDNN runtime libraries
Home-page: https://developer.nvidia.com/cuda-zone
Author: Nvidia CUDA Installer Team
Author-email: compute_installer@nvidia.com
Requires-Python: >=3
Requires-Dist: nvidia-cublas

";

const NCCL_WHEEL_METADATA: &str = "Metadata-Version: 2.4
Name: nvidia-nccl-cu13
Version: 2.28.9
Summary: NVIDIA Collective Communication Library (NCCL) Runtime
Home-page: https://developer.nvidia.com/cuda-zone
Author: Nvidia CUDA Installer Team
Author-email: compute_installer@nvidia.com
Requires-Python: >=3

";

const VENV: &str = "opt/venv/lib/python3.12/site-packages";

const PROJECT: &str = "languages = [\"en\"]

[product]
id = \"gpu-image\"

[product.name]
en = \"gpu-image\"
";

const RECORD_2_9: &str = "version = \"2.9\"
archs = [\"amd64\"]

[title]
en = \"gpu-image 2.9 release notes\"

[summary]
en = \"This document describes gpu-image 2.9.\"

[components]
Ubuntu = \"24.04\"
torch = \"2.10.0\"
cuDNN = \"9.14.0\"
NCCL = \"2.28.3\"
";

/// Ubuntu 24.04's /etc/os-release, as much of it as relnotes reads.
const UBUNTU_24_04: &str = "NAME=\"Ubuntu\"\nVERSION_ID=\"24.04\"\nID=ubuntu\n";

/// The venv layer with torch and the cuDNN wheel it pins.
fn venv_with_torch_and_cudnn() -> Layer {
    Layer::gzip()
        .file(
            &format!("{VENV}/torch-2.11.0.dist-info/METADATA"),
            TORCH_METADATA,
        )
        .file(
            &format!("{VENV}/nvidia_cudnn_cu13-9.19.0.56.dist-info/METADATA"),
            CUDNN_WHEEL_METADATA,
        )
}

/// The project with release 2.9, and the image of the next release as an
/// OCI layout (`oci:DIR:3.0`).
fn setup() -> (tempfile::TempDir, tempfile::TempDir, String) {
    let project = tempfile::tempdir().unwrap();
    std::fs::write(project.path().join("relnotes.toml"), PROJECT).unwrap();
    std::fs::create_dir(project.path().join("releases")).unwrap();
    std::fs::write(project.path().join("releases/2.9.toml"), RECORD_2_9).unwrap();
    let system = Layer::gzip()
        .file("etc/os-release", UBUNTU_24_04)
        .file("var/lib/dpkg/status", status())
        .file(
            "usr/include/x86_64-linux-gnu/cudnn_version_v9.h",
            CUDNN_VERSION_H,
        );
    let venv = venv_with_torch_and_cudnn().file(
        &format!("{VENV}/nvidia_nccl_cu13-2.28.9.dist-info/METADATA"),
        NCCL_WHEEL_METADATA,
    );
    let (layout, image) = TestImage::single(
        PlatformImage::new("amd64")
            .env("NV_CUDNN_VERSION=9.14.0.64-1")
            .env("NCCL_VERSION=2.28.3-1")
            .layer(system)
            .layer(venv),
    )
    .build()
    .in_temp_layout("3.0");
    (project, layout, image)
}

fn run(dir: &Path, args: &[&str]) -> Output {
    relnotes_in(dir)
        .env("DOCKER_CONFIG", "/nonexistent/relnotes-tests")
        .env("RELNOTES_CACHE_DIR", dir.join(".cache"))
        .args(args)
        .output()
        .expect("runs")
}

#[test]
fn verify_warns_of_two_copies_and_names_the_one_torch_loads() {
    let (project, _layout, image) = setup();
    let dir = project.path();
    let (code, stdout, stderr) = text(&run(dir, &["verify", "2.9", "--image", &image, "-q"]));
    // torch differs (2.10.0 declared): exit 1 for that, not for the copies.
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    let cudnn = format!(
        "⚠ cuDNN: 2 copies: 9.14.0.64-1 (deb package libcudnn9-cuda-13, var/lib/dpkg/status, usr/include/x86_64-linux-gnu/cudnn_version_v9.h), 9.19.0.56 (pip wheel nvidia-cudnn-cu13, {VENV}/nvidia_cudnn_cu13-9.19.0.56.dist-info/METADATA); torch loads 9.19.0.56"
    );
    assert!(stdout.contains(&cudnn), "{stdout}");
    assert!(
        stdout.contains(
            "⚠ NCCL: 2 copies: 2.28.3-1+cuda13.0 (deb package libnccl2, var/lib/dpkg/status)"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("torch loads 2.28.9"), "{stdout}");
    assert!(
        stdout.contains("2 libraries in several copies (warning)"),
        "{stdout}"
    );

    // A record the image confirms: the copies stay a warning, exit 0.
    let record = RECORD_2_9.replace("torch = \"2.10.0\"", "torch = \"2.11.0\"");
    std::fs::write(dir.join("releases/2.9.toml"), record).unwrap();
    let (code, stdout, stderr) = text(&run(
        dir,
        &["verify", "2.9", "--image", &image, "-q", "--format", "json"],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let copies = json["copies"].as_array().unwrap();
    assert_eq!(copies.len(), 2);
    assert_eq!(copies[0]["arch"], "amd64");
    assert_eq!(copies[0]["component"], "cuDNN");
    assert_eq!(copies[0]["copies"][0]["how"], "deb");
    assert_eq!(copies[0]["copies"][1]["how"], "wheel");
    assert_eq!(
        copies[0]["copies"][1]["loaded_by"],
        serde_json::json!(["torch"])
    );
    let warnings: Vec<&serde_json::Value> = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "verify-copies")
        .collect();
    assert_eq!(warnings.len(), 2);
    assert_eq!(warnings[0]["severity"], "warning");
    assert_eq!(json["summary"]["copies"], 2);
    assert_eq!(json["summary"]["findings"], 0);
}

#[test]
fn the_observed_sbom_marks_each_copy_and_the_debian_source() {
    let (project, _layout, image) = setup();
    let (code, stdout, stderr) = text(&run(
        project.path(),
        &[
            "sbom",
            "2.9",
            "--arch",
            "amd64",
            "--from-image",
            &image,
            "-q",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    let bom: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let components = bom["components"].as_array().unwrap();
    let by_purl = |purl: &str| {
        components
            .iter()
            .find(|c| c["purl"] == purl)
            .unwrap_or_else(|| panic!("no {purl} in {components:#?}"))
    };
    let properties = |c: &serde_json::Value, name: &str| -> Vec<String> {
        c["properties"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["name"] == name)
            .map(|p| p["value"].as_str().unwrap().to_string())
            .collect()
    };
    let system =
        by_purl("pkg:deb/ubuntu/libcudnn9-cuda-13@9.14.0.64-1?arch=amd64&distro=ubuntu-24.04");
    assert_eq!(properties(system, "relnotes:copy-of"), ["cuDNN"]);
    assert_eq!(properties(system, "relnotes:copies"), ["2"]);
    assert!(properties(system, "relnotes:loaded-by").is_empty());
    let wheel = by_purl("pkg:pypi/nvidia-cudnn-cu13@9.19.0.56");
    assert_eq!(properties(wheel, "relnotes:copy-of"), ["cuDNN"]);
    assert_eq!(properties(wheel, "relnotes:loaded-by"), ["torch"]);
    assert_eq!(
        wheel["evidence"]["occurrences"][0]["location"],
        format!("/{VENV}/nvidia_cudnn_cu13-9.19.0.56.dist-info/METADATA")
    );
    // The header is the system copy's.
    let header = components
        .iter()
        .find(|c| c["name"] == "cudnn" && c["version"] == "9.14.0")
        .unwrap();
    assert_eq!(properties(header, "relnotes:copy-of"), ["cuDNN"]);
    // The source package, as syft writes it.
    by_purl(
        "pkg:deb/ubuntu/libnccl2@2.28.3-1%2Bcuda13.0?arch=amd64&distro=ubuntu-24.04&upstream=nccl",
    );
    by_purl("pkg:deb/ubuntu/libc6@2.39-0ubuntu8.4?arch=amd64&distro=ubuntu-24.04&upstream=glibc");
    let torch = by_purl("pkg:pypi/torch@2.11.0");
    assert!(properties(torch, "relnotes:copy-of").is_empty());
}

#[test]
fn a_draft_takes_the_copy_torch_loads_and_says_so() {
    let (project, _layout, image) = setup();
    let dir = project.path();
    let (code, stdout, stderr) = text(&run(
        dir,
        &["new", "3.0", "--from", "2.9", "--image", &image, "-q"],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let record = std::fs::read_to_string(dir.join("releases/3.0.toml")).unwrap();
    assert!(record.contains("cuDNN = \"9.19.0\""), "{record}");
    assert!(record.contains("NCCL = \"2.28.9\""), "{record}");
    assert!(record.contains("torch = \"2.11.0\""), "{record}");
    assert!(
        stdout.contains(
            "warning: [amd64] cuDNN: 2 copies: 9.14.0.64-1 (deb package libcudnn9-cuda-13"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("torch loads 9.19.0.56: drafted from the copy that is loaded"),
        "{stdout}"
    );

    // sync says the same of a record that declares the system copy.
    let (code, stdout, stderr) = text(&run(
        dir,
        &[
            "sync",
            "2.9",
            "--image",
            &image,
            "--dry-run",
            "-q",
            "--format",
            "json",
        ],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let changes = json["changes"]["components"].as_array().unwrap();
    let cudnn = changes.iter().find(|c| c["name"] == "cuDNN").unwrap();
    assert_eq!(cudnn["from"], "9.14.0");
    assert_eq!(cudnn["to"], "9.19.0");
    assert_eq!(json["changes"]["copies"][0]["component"], "cuDNN");
}

/// conda-forge's `libcudnn` 9.12.0.46 (`libcudnn-9.12.0.46-hf7e9902_0.conda`,
/// linux-64) as conda records it in `conda-meta`, with the fields whose
/// values are known.
const LIBCUDNN_CONDA_RECORD: &str = r#"{
  "build": "hf7e9902_0",
  "build_number": 0,
  "channel": "https://conda.anaconda.org/conda-forge/linux-64",
  "files": ["include/cudnn_version.h"],
  "fn": "libcudnn-9.12.0.46-hf7e9902_0.conda",
  "name": "libcudnn",
  "subdir": "linux-64",
  "url": "https://conda.anaconda.org/conda-forge/linux-64/libcudnn-9.12.0.46-hf7e9902_0.conda",
  "version": "9.12.0.46"
}"#;

#[test]
fn verify_names_a_conda_copy_beside_a_wheel() {
    let (project, _layout, _) = setup();
    let conda = Layer::gzip()
        .file("etc/os-release", UBUNTU_24_04)
        .file(
            "opt/conda/conda-meta/libcudnn-9.12.0.46-hf7e9902_0.json",
            LIBCUDNN_CONDA_RECORD,
        )
        .file(
            "opt/conda/include/cudnn_version.h",
            CUDNN_VERSION_H.replace("CUDNN_MINOR 14", "CUDNN_MINOR 12"),
        );
    let venv = venv_with_torch_and_cudnn();
    let (_layout, image) = TestImage::single(PlatformImage::new("amd64").layer(conda).layer(venv))
        .build()
        .in_temp_layout("3.0");
    let (code, stdout, stderr) = text(&run(
        project.path(),
        &["verify", "2.9", "--image", &image, "-q"],
    ));
    assert_ne!(code, 2, "{stdout}\n{stderr}");
    let cudnn = format!(
        "⚠ cuDNN: 2 copies: 9.19.0.56 (pip wheel nvidia-cudnn-cu13, {VENV}/nvidia_cudnn_cu13-9.19.0.56.dist-info/METADATA), 9.12.0.46 (conda package libcudnn, opt/conda/conda-meta/libcudnn-9.12.0.46-hf7e9902_0.json, opt/conda/include/cudnn_version.h); torch loads 9.19.0.56"
    );
    assert!(stdout.contains(&cudnn), "{stdout}");
}
