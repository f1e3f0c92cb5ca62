//! NCCL: `nccl.h` (`NCCL_MAJOR`, `NCCL_MINOR`, `NCCL_PATCH`), its library
//! (`libnccl.so.2.21.5`, through the `libnccl.so.2` symlink), and
//! `NCCL_VERSION` in the config env.

use super::cataloger::{
    Cataloger, Findings, MAX_VERSION_FILE, env_var, file_name, header_version, library_version,
    small_library,
};
use crate::{FoundFile, ImageConfig};
use model::version::Ecosystem;

pub(crate) struct Nccl;

const STEM: &str = "libnccl";
const DEFINES: [&str; 3] = ["NCCL_MAJOR", "NCCL_MINOR", "NCCL_PATCH"];

impl Cataloger for Nccl {
    fn name(&self) -> &'static str {
        "nccl"
    }

    fn wants(&self, path: &str, size: u64) -> bool {
        (size <= MAX_VERSION_FILE && file_name(path) == "nccl.h") || small_library(path, size, STEM)
    }

    fn catalog(&self, files: &[&FoundFile], config: &ImageConfig, out: &mut Findings) {
        for file in files {
            if file_name(&file.path) == "nccl.h" {
                if file.symlink {
                    continue;
                }
                let text = String::from_utf8_lossy(&file.contents);
                // Other projects ship headers of that name too (PyTorch's
                // `torch/csrc/cuda/nccl.h`): only NCCL's own has the defines.
                if let Some(v) = header_version(&text, &DEFINES) {
                    out.found_in(self, file, "nccl", &v, Ecosystem::Generic);
                }
            } else if let Some(v) = library_version(file, STEM) {
                out.found_in(self, file, "nccl", &v, Ecosystem::Generic);
            }
        }
        if let Some((location, version)) = env_var(config, "NCCL_VERSION") {
            out.found_in_config(self, location, "nccl", version, Ecosystem::Generic);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

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
    fn header_library_and_env() {
        let out = run(
            &Nccl,
            &[
                file("usr/include/nccl.h", NCCL_H),
                symlink("usr/lib/x86_64-linux-gnu/libnccl.so.2", "libnccl.so.2.21.5"),
                file("usr/lib/aarch64-linux-gnu/libnccl.so.2.21.5", ""),
                file(
                    "usr/include/nccl_net.h",
                    "#define NCCL_NET_MAX_REQUESTS 32\n",
                ),
            ],
            &["NCCL_VERSION=2.21.5-1"],
        );
        assert!(out.problems.is_empty());
        assert_eq!(
            found(&out),
            [
                ("nccl".into(), "2.21.5".into(), "usr/include/nccl.h".into()),
                (
                    "nccl".into(),
                    "2.21.5".into(),
                    "usr/lib/aarch64-linux-gnu/libnccl.so.2.21.5".into()
                ),
                (
                    "nccl".into(),
                    "2.21.5".into(),
                    "usr/lib/x86_64-linux-gnu/libnccl.so.2".into()
                ),
                (
                    "nccl".into(),
                    "2.21.5-1".into(),
                    "config:env/NCCL_VERSION".into()
                ),
            ]
        );
    }

    #[test]
    fn big_library_files_are_not_asked_for() {
        assert!(Nccl.wants("usr/lib/x86_64-linux-gnu/libnccl.so.2", 0));
        assert!(!Nccl.wants("usr/lib/x86_64-linux-gnu/libnccl.so.2.21.5", 250 << 20));
        assert!(!Nccl.wants("usr/lib/x86_64-linux-gnu/libnccl_static.a", 0));
    }
}
