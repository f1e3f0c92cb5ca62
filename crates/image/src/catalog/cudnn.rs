//! cuDNN: its version header (`cudnn_version.h` since cuDNN 8, `cudnn.h`
//! before; Debian packages name them `cudnn_version_v9.h`, `cudnn_v7.h`),
//! its library (`libcudnn.so.9.1.0`, through the `libcudnn.so.9` symlink),
//! and `CUDNN_VERSION` / `NV_CUDNN_VERSION` in the config env.

use super::cataloger::{
    Cataloger, Findings, MAX_VERSION_FILE, env_var, file_name, header_version, library_version,
    small_library,
};
use crate::{FoundFile, ImageConfig};
use model::version::Ecosystem;

pub(crate) struct Cudnn;

const STEM: &str = "libcudnn";
const DEFINES: [&str; 3] = ["CUDNN_MAJOR", "CUDNN_MINOR", "CUDNN_PATCHLEVEL"];

/// `cudnn_version.h`, `cudnn_version_v9.h`, `cudnn.h`, `cudnn_v7.h`.
fn is_header(file: &str) -> bool {
    let Some(stem) = file.strip_suffix(".h") else {
        return false;
    };
    let base = match stem.rsplit_once("_v") {
        Some((base, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => base,
        _ => stem,
    };
    base == "cudnn" || base == "cudnn_version"
}

impl Cataloger for Cudnn {
    fn name(&self) -> &'static str {
        "cudnn"
    }

    fn wants(&self, path: &str, size: u64) -> bool {
        (size <= MAX_VERSION_FILE && is_header(file_name(path))) || small_library(path, size, STEM)
    }

    fn catalog(&self, files: &[&FoundFile], config: &ImageConfig, out: &mut Findings) {
        for file in files {
            let name = file_name(&file.path);
            if is_header(name) {
                if file.symlink {
                    continue;
                }
                let text = String::from_utf8_lossy(&file.contents);
                match header_version(&text, &DEFINES) {
                    Some(v) => out.found_in(self, file, "cudnn", &v, Ecosystem::Generic),
                    // cudnn.h of cuDNN 8 and later only includes cudnn_version.h.
                    None if name.starts_with("cudnn_version") => out.problem(
                        self,
                        file,
                        "no `#define CUDNN_MAJOR`, `CUDNN_MINOR`, `CUDNN_PATCHLEVEL`".into(),
                    ),
                    None => {}
                }
            } else if let Some(v) = library_version(file, STEM) {
                out.found_in(self, file, "cudnn", &v, Ecosystem::Generic);
            }
        }
        for var in ["CUDNN_VERSION", "NV_CUDNN_VERSION"] {
            if let Some((location, version)) = env_var(config, var) {
                out.found_in_config(self, location, "cudnn", version, Ecosystem::Generic);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

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
    fn header_library_symlink_and_env() {
        let out = run(
            &Cudnn,
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
            [
                (
                    "cudnn".into(),
                    "9.1.0".into(),
                    "usr/include/x86_64-linux-gnu/cudnn_version_v9.h".into()
                ),
                (
                    "cudnn".into(),
                    "9.1.0".into(),
                    "usr/lib/x86_64-linux-gnu/libcudnn.so.9".into()
                ),
                (
                    "cudnn".into(),
                    "9.1.0.70-1".into(),
                    "config:env/NV_CUDNN_VERSION".into()
                ),
            ]
        );
        assert!(out.problems.is_empty());
    }

    #[test]
    fn cudnn7_kept_its_version_in_cudnn_h() {
        let header = "#define CUDNN_MAJOR 7\n#define CUDNN_MINOR 6\n#define CUDNN_PATCHLEVEL 5\n";
        let out = run(&Cudnn, &[file("usr/include/cudnn.h", header)], &[]);
        assert_eq!(found(&out)[0].1, "7.6.5");
    }

    #[test]
    fn header_names() {
        for name in [
            "cudnn.h",
            "cudnn_version.h",
            "cudnn_version_v9.h",
            "cudnn_v7.h",
        ] {
            assert!(is_header(name), "{name}");
        }
        for name in [
            "cudnn_ops.h",
            "cudnn_graph_v9.h",
            "cudnn_version.hpp",
            "cudnn_v.h",
        ] {
            assert!(!is_header(name), "{name}");
        }
    }
}
