//! Components' own files, as `data/components.toml` names them (`image.header`,
//! `image.library`, `image.env`): version headers (cuDNN's
//! `cudnn_version.h`, NCCL's `nccl.h`, TensorRT's `NvInferVersion.h` …),
//! shared libraries (`libcudnn.so.9.1.0`, through the `libcudnn.so.9`
//! symlink) and config env variables (`CUDNN_VERSION`).
//!
//! What it finds is recorded under the component's lowercased name, as
//! both the package name and the cataloger (`cudnn`), in the ecosystem the
//! component's runtime findings get (`generic`, `cuda` for CUDA).

use super::cataloger::{
    Cataloger, Findings, MAX_VERSION_FILE, env_var, file_name, header_version, library_version,
};
use crate::{FoundFile, ImageConfig};
use model::Component;
use std::collections::HashMap;
use std::sync::OnceLock;

pub(crate) struct ComponentFiles;

/// Library entries larger than this are real libraries: their name is
/// enough, and the symlinks every install has give it.
const MAX_LIBRARY_ENTRY: u64 = 4096;

/// What the walker's filter looks up, computed once from the data: header
/// file stems and unversioned library names, each to its component.
struct Index {
    headers: HashMap<String, &'static Component>,
    libraries: HashMap<String, &'static Component>,
}

fn index() -> &'static Index {
    static INDEX: OnceLock<Index> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut headers = HashMap::new();
        let mut libraries = HashMap::new();
        for c in model::all_components() {
            for file in c.image.header.iter().flat_map(|h| &h.files) {
                let stem = file.strip_suffix(".h").unwrap_or(file);
                headers.entry(stem.to_string()).or_insert(c);
            }
            for library in &c.image.library {
                libraries.entry(library.clone()).or_insert(c);
            }
        }
        Index { headers, libraries }
    })
}

/// The component whose version header `file` is: one of its names, or
/// that name with Debian's `_v<N>` (`cudnn_version_v9.h`, `cudnn_v7.h`).
fn header_of(file: &str) -> Option<&'static Component> {
    let stem = file.strip_suffix(".h")?;
    let headers = &index().headers;
    if let Some(c) = headers.get(stem) {
        return Some(c);
    }
    match stem.rsplit_once("_v") {
        Some((base, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => {
            headers.get(base).copied()
        }
        _ => None,
    }
}

/// The component whose library `file` is (`libnccl.so.2`): the name up to
/// `.so` is one of its libraries, and a version follows.
fn library_of(file: &str) -> Option<&'static Component> {
    let at = file.find(".so.")?;
    if at + 4 == file.len() {
        return None;
    }
    index().libraries.get(&file[..at + 3]).copied()
}

impl Cataloger for ComponentFiles {
    fn name(&self) -> &'static str {
        "component-files"
    }

    fn wants(&self, path: &str, size: u64) -> bool {
        let name = file_name(path);
        if name.ends_with(".h") {
            size <= MAX_VERSION_FILE && header_of(name).is_some()
        } else {
            size <= MAX_LIBRARY_ENTRY && library_of(name).is_some()
        }
    }

    fn catalog(&self, files: &[&FoundFile], config: &ImageConfig, out: &mut Findings) {
        for file in files {
            let name = file_name(&file.path);
            if let Some(c) = header_of(name) {
                if file.symlink {
                    continue;
                }
                let Some(header) = &c.image.header else {
                    continue;
                };
                let text = String::from_utf8_lossy(&file.contents);
                // Other projects ship headers of these names too (PyTorch's
                // `torch/csrc/cuda/nccl.h`), and cuDNN 8's `cudnn.h` only
                // includes `cudnn_version.h`: no macros, no finding.
                if let Some(v) = header_version(&text, &header.macros) {
                    let found = c.found_name();
                    out.found_in_named(&found, file, &found, &v, c.found_ecosystem());
                }
            } else if let Some(c) = library_of(name) {
                let stem = &name[..name.find(".so.").unwrap_or(name.len())];
                if let Some(v) = library_version(file, stem) {
                    let found = c.found_name();
                    out.found_in_named(&found, file, &found, &v, c.found_ecosystem());
                }
            }
        }
        for c in model::all_components() {
            for var in &c.image.env {
                if let Some((location, version)) = env_var(config, var) {
                    let found = c.found_name();
                    out.found_in_config_named(
                        &found,
                        location,
                        &found,
                        version,
                        c.found_ecosystem(),
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;
    use model::Ecosystem;

    fn triples(list: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
        list.iter()
            .map(|(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
            .collect()
    }

    /// `cudnn_version.h` of cuDNN 9.1.0, without its licence comment.
    const CUDNN_VERSION_H: &str = "/**
 * \\file: The master cuDNN version file.
 */

#ifndef CUDNN_VERSION_H_
#define CUDNN_VERSION_H_

#define CUDNN_MAJOR 9
#define CUDNN_MINOR 1
#define CUDNN_PATCHLEVEL 0

#define CUDNN_VERSION (CUDNN_MAJOR * 10000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)

/* cannot use constexpr here since this is a C-only file */
/* Below is the max SM version this cuDNN library is aware of and supports natively */

#define CUDNN_MAX_SM_MAJOR_NUMBER 9
#define CUDNN_MAX_SM_MINOR_NUMBER 0
#define CUDNN_MAX_DEVICE_VERSION (CUDNN_MAX_SM_MAJOR_NUMBER * 100 + CUDNN_MAX_SM_MINOR_NUMBER * 10)

#endif /* CUDNN_VERSION_H */
";

    /// The top of `cudnn.h` of cuDNN 9: it includes the version header.
    const CUDNN_H: &str = "#if !defined(CUDNN_H_)
#define CUDNN_H_
#if defined(__cplusplus)
extern \"C\" {
#endif

#include <cuda_runtime_api.h>
#include \"cudnn_version.h\"
#include \"cudnn_graph.h\"
";

    #[test]
    fn cudnn_header_library_symlink_and_env() {
        let out = run(
            &ComponentFiles,
            &[
                file(
                    "usr/include/x86_64-linux-gnu/cudnn_version_v9.h",
                    CUDNN_VERSION_H,
                ),
                file("usr/include/x86_64-linux-gnu/cudnn_v9.h", CUDNN_H),
                symlink(
                    "usr/include/cudnn_version.h",
                    "/etc/alternatives/cudnn_version_h",
                ),
                symlink(
                    "usr/lib/x86_64-linux-gnu/libcudnn.so.9",
                    "libcudnn.so.9.1.0",
                ),
                symlink("usr/lib/x86_64-linux-gnu/libcudnn.so", "libcudnn.so.9"),
                symlink(
                    "usr/lib/x86_64-linux-gnu/libcudnn_ops.so.9",
                    "libcudnn_ops.so.9.1.0",
                ),
            ],
            &["NV_CUDNN_VERSION=9.1.0.70-1"],
        );
        assert_eq!(
            found(&out),
            triples(&[
                (
                    "cudnn",
                    "9.1.0",
                    "usr/include/x86_64-linux-gnu/cudnn_version_v9.h"
                ),
                ("cudnn", "9.1.0", "usr/lib/x86_64-linux-gnu/libcudnn.so.9"),
                ("cudnn", "9.1.0.70-1", "config:env/NV_CUDNN_VERSION"),
            ])
        );
        assert!(out.components.iter().all(|p| p.cataloger() == "cudnn"));
        assert!(out.problems.is_empty());
    }

    #[test]
    fn cudnn7_kept_its_version_in_cudnn_h() {
        let header = "#define CUDNN_MAJOR 7\n#define CUDNN_MINOR 6\n#define CUDNN_PATCHLEVEL 5\n";
        let out = run(&ComponentFiles, &[file("usr/include/cudnn.h", header)], &[]);
        assert_eq!(found(&out)[0].1, "7.6.5");
    }

    #[test]
    fn header_names() {
        for name in [
            "cudnn.h",
            "cudnn_version.h",
            "cudnn_version_v9.h",
            "cudnn_v7.h",
            "nccl.h",
            "NvInferVersion.h",
            "cublas_api.h",
            "cutensor.h",
            "cusparseLt.h",
        ] {
            assert!(header_of(name).is_some(), "{name}");
        }
        for name in [
            "cudnn_ops.h",
            "cudnn_graph_v9.h",
            "cudnn_version.hpp",
            "cudnn_v.h",
            "nccl_net.h",
            "NvInfer.h",
        ] {
            assert!(header_of(name).is_none(), "{name}");
        }
    }

    /// The top of `nccl.h` of NCCL 2.21.5.
    const NCCL_H: &str = "/*************************************************************************
 * Copyright (c) 2015-2021, NVIDIA CORPORATION. All rights reserved.
 *
 * See LICENSE.txt for license information
 ************************************************************************/

#ifndef NCCL_H_
#define NCCL_H_

#include <cuda_runtime.h>
#include <cuda_fp16.h>
#if CUDART_VERSION >= 11000
#include <cuda_bf16.h>
#endif
#if CUDART_VERSION >= 11080
#include <cuda_fp8.h>
#endif

#define NCCL_MAJOR 2
#define NCCL_MINOR 21
#define NCCL_PATCH 5
#define NCCL_SUFFIX \"\"

#define NCCL_VERSION_CODE 22105
#define NCCL_VERSION(X,Y,Z) (((X) <= 2 && (Y) <= 8) ? (X) * 1000 + (Y) * 100 + (Z) : (X) * 10000 + (Y) * 100 + (Z))
";

    #[test]
    fn nccl_header_library_and_env() {
        let out = run(
            &ComponentFiles,
            &[
                file("usr/include/nccl.h", NCCL_H),
                symlink("usr/lib/x86_64-linux-gnu/libnccl.so.2", "libnccl.so.2.21.5"),
                file("usr/lib/aarch64-linux-gnu/libnccl.so.2.21.5", ""),
                file(
                    "usr/include/nccl_net.h",
                    "#define NCCL_NET_MAX_REQUESTS 32\n",
                ),
                // PyTorch's own nccl.h: no version macros, no finding.
                file(
                    "usr/local/lib/python3.12/dist-packages/torch/include/torch/csrc/cuda/nccl.h",
                    "#pragma once\n#include <ATen/ATen.h>\n",
                ),
            ],
            &["NCCL_VERSION=2.21.5-1"],
        );
        assert!(out.problems.is_empty());
        assert_eq!(
            found(&out),
            triples(&[
                ("nccl", "2.21.5", "usr/include/nccl.h"),
                (
                    "nccl",
                    "2.21.5",
                    "usr/lib/aarch64-linux-gnu/libnccl.so.2.21.5"
                ),
                ("nccl", "2.21.5", "usr/lib/x86_64-linux-gnu/libnccl.so.2"),
                ("nccl", "2.21.5-1", "config:env/NCCL_VERSION"),
            ])
        );
    }

    #[test]
    fn big_library_files_are_not_asked_for() {
        let c = ComponentFiles;
        assert!(c.wants("usr/lib/x86_64-linux-gnu/libnccl.so.2", 0));
        assert!(!c.wants("usr/lib/x86_64-linux-gnu/libnccl.so.2.21.5", 250 << 20));
        assert!(!c.wants("usr/lib/x86_64-linux-gnu/libnccl_static.a", 0));
        assert!(!c.wants("usr/lib/x86_64-linux-gnu/libnccl.so", 0));
        assert!(!c.wants("usr/lib/x86_64-linux-gnu/libcublasLt.so.12", 0));
        assert!(c.wants("usr/lib/x86_64-linux-gnu/libcublas.so.12", 0));
        assert!(!c.wants("usr/include/cublas_api.h", MAX_VERSION_FILE + 1));
    }

    /// The version block of TensorRT 10.7's `NvInferVersion.h`.
    const NVINFER_VERSION_10_7: &str = "#ifndef NV_INFER_VERSION_H
#define NV_INFER_VERSION_H

#define NV_TENSORRT_MAJOR 10 //!< TensorRT major version.
#define NV_TENSORRT_MINOR 7  //!< TensorRT minor version.
#define NV_TENSORRT_PATCH 0  //!< TensorRT patch version.
#define NV_TENSORRT_BUILD 23  //!< TensorRT build number.

#define NV_TENSORRT_LWS_MAJOR 0 //!< TensorRT LWS major version.
";

    /// The version block of TensorRT 10.14's: the numbers moved to
    /// `TRT_*_ENTERPRISE`, which `NV_TENSORRT_*` name.
    const NVINFER_VERSION_10_14: &str = "#ifndef NV_INFER_VERSION_H
#define NV_INFER_VERSION_H

#define TRT_MAJOR_ENTERPRISE 10
#define TRT_MINOR_ENTERPRISE 14
#define TRT_PATCH_ENTERPRISE 1
#define TRT_BUILD_ENTERPRISE 48
#define NV_TENSORRT_MAJOR TRT_MAJOR_ENTERPRISE //!< TensorRT major version.
#define NV_TENSORRT_MINOR TRT_MINOR_ENTERPRISE //!< TensorRT minor version.
#define NV_TENSORRT_PATCH TRT_PATCH_ENTERPRISE //!< TensorRT patch version.
#define NV_TENSORRT_BUILD TRT_BUILD_ENTERPRISE //!< TensorRT build number.
";

    /// The version block of CUDA 12.3's `cublas_api.h` (cuBLAS 12.3.4.1).
    const CUBLAS_API_H: &str = "#if defined(__cplusplus)
extern \"C\" {
#endif /* __cplusplus */

#define CUBLAS_VER_MAJOR 12
#define CUBLAS_VER_MINOR 3
#define CUBLAS_VER_PATCH 4
#define CUBLAS_VER_BUILD 1
#define CUBLAS_VERSION (CUBLAS_VER_MAJOR * 10000 + CUBLAS_VER_MINOR * 100 + CUBLAS_VER_PATCH)
";

    /// The version block of cuTENSOR 2.5.0's `cutensor.h`.
    const CUTENSOR_H: &str = "#pragma once

#define CUTENSOR_MAJOR 2 //!< cuTensor major version.
#define CUTENSOR_MINOR 5 //!< cuTensor minor version.
#define CUTENSOR_PATCH 0 //!< cuTensor patch version.
#define CUTENSOR_VERSION (CUTENSOR_MAJOR * 10000 + CUTENSOR_MINOR * 100 + CUTENSOR_PATCH)
";

    /// The version block of cuSPARSELt 0.4.0's `cusparseLt.h`.
    const CUSPARSELT_H: &str = "#define CUSPARSELT_VER_MAJOR 0
#define CUSPARSELT_VER_MINOR 4
#define CUSPARSELT_VER_PATCH 0
#define CUSPARSELT_VER_BUILD 7
#define CUSPARSELT_VERSION (CUSPARSELT_VER_MAJOR * 1000 + \\
                            CUSPARSELT_VER_MINOR *  100 + \\
                            CUSPARSELT_VER_PATCH)
";

    #[test]
    fn headers_and_libraries_of_the_other_cuda_libraries() {
        let out = run(
            &ComponentFiles,
            &[
                file(
                    "usr/include/x86_64-linux-gnu/NvInferVersion.h",
                    NVINFER_VERSION_10_7,
                ),
                file(
                    "opt/tensorrt/include/NvInferVersion.h",
                    NVINFER_VERSION_10_14,
                ),
                symlink(
                    "usr/lib/x86_64-linux-gnu/libnvinfer.so.10",
                    "libnvinfer.so.10.7.0",
                ),
                file("usr/local/cuda-12.3/include/cublas_api.h", CUBLAS_API_H),
                symlink(
                    "usr/local/cuda-12.3/lib64/libcublas.so.12",
                    "libcublas.so.12.3.4.1",
                ),
                symlink(
                    "usr/local/cuda-12.3/lib64/libcublasLt.so.12",
                    "libcublasLt.so.12.3.4.1",
                ),
                file("usr/include/cutensor.h", CUTENSOR_H),
                symlink(
                    "usr/lib/x86_64-linux-gnu/libcutensor.so.2",
                    "libcutensor.so.2.5.0",
                ),
                file("usr/include/cusparseLt.h", CUSPARSELT_H),
                symlink(
                    "usr/lib/x86_64-linux-gnu/libcusparseLt.so.0",
                    "libcusparseLt.so.0.4.0.7",
                ),
            ],
            &[],
        );
        let mut got = found(&out);
        got.sort();
        assert_eq!(
            got,
            triples(&[
                (
                    "cublas",
                    "12.3.4",
                    "usr/local/cuda-12.3/include/cublas_api.h"
                ),
                (
                    "cublas",
                    "12.3.4.1",
                    "usr/local/cuda-12.3/lib64/libcublas.so.12"
                ),
                ("cusparselt", "0.4.0", "usr/include/cusparseLt.h"),
                (
                    "cusparselt",
                    "0.4.0.7",
                    "usr/lib/x86_64-linux-gnu/libcusparseLt.so.0"
                ),
                ("cutensor", "2.5.0", "usr/include/cutensor.h"),
                (
                    "cutensor",
                    "2.5.0",
                    "usr/lib/x86_64-linux-gnu/libcutensor.so.2"
                ),
                (
                    "tensorrt",
                    "10.14.1",
                    "opt/tensorrt/include/NvInferVersion.h"
                ),
                (
                    "tensorrt",
                    "10.7.0",
                    "usr/include/x86_64-linux-gnu/NvInferVersion.h"
                ),
                (
                    "tensorrt",
                    "10.7.0",
                    "usr/lib/x86_64-linux-gnu/libnvinfer.so.10"
                ),
            ])
        );
        // TensorRT is a PyPI project, but a header is no wheel.
        assert!(
            out.components
                .iter()
                .all(|p| p.ecosystem == Ecosystem::Generic)
        );
    }

    #[test]
    fn cuda_version_env_keeps_the_cuda_ecosystem() {
        let out = run(&ComponentFiles, &[], &["CUDA_VERSION=12.8.1"]);
        assert_eq!(
            found(&out),
            triples(&[("cuda", "12.8.1", "config:env/CUDA_VERSION")])
        );
        assert_eq!(out.components[0].ecosystem, Ecosystem::Cuda);
        assert_eq!(out.components[0].cataloger(), "cuda");
    }
}
