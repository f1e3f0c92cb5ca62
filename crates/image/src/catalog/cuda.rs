//! The CUDA toolkit: `usr/local/cuda*/version.json` (CUDA 11.1 and later;
//! its `cuda` entry is the toolkit release, the other entries the versions
//! of its parts, `cuda_nvcc` 12.8.93 and so on), `usr/local/cuda*/version.txt`
//! (`CUDA Version 10.2.89`, older toolkits). `CUDA_VERSION` in the config
//! env is data (`data/components.toml`), read by the cataloger of
//! components' files under the same name, `cuda`.

use super::cataloger::{Cataloger, Findings, MAX_VERSION_FILE, file_name};
use crate::{FoundFile, ImageConfig};
use model::Ecosystem;

pub(super) struct Cuda;

impl Cataloger for Cuda {
    fn name(&self) -> &'static str {
        "cuda"
    }

    fn wants(&self, path: &str, size: u64) -> bool {
        if size > MAX_VERSION_FILE || !matches!(file_name(path), "version.json" | "version.txt") {
            return false;
        }
        let mut parts = path.split('/');
        parts.next() == Some("usr")
            && parts.next() == Some("local")
            && parts.next().is_some_and(|d| d.starts_with("cuda"))
            && parts.next().is_some()
            && parts.next().is_none()
    }

    fn catalog(&self, files: &[&FoundFile], _config: &ImageConfig, out: &mut Findings) {
        for file in files.iter().filter(|f| !f.symlink) {
            let text = String::from_utf8_lossy(&file.contents);
            let version = if file.path.ends_with(".json") {
                from_json(&text)
            } else {
                text.trim()
                    .strip_prefix("CUDA Version ")
                    .map(|v| Ok(v.trim().to_string()))
                    .unwrap_or_else(|| Err("expected `CUDA Version X.Y.Z`".into()))
            };
            match version {
                Ok(v) => out.found_in(self, file, "cuda", &v, Ecosystem::Cuda),
                Err(message) => out.problem(self, file, message),
            }
        }
    }
}

/// The toolkit version of a `version.json`: the `cuda` entry's, else the
/// runtime's (`cuda_cudart`), which carries the toolkit's major.minor.
fn from_json(text: &str) -> Result<String, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
    ["cuda", "cuda_cudart"]
        .iter()
        .find_map(|key| value.get(key)?.get("version")?.as_str())
        .map(str::to_string)
        .ok_or_else(|| "no `cuda.version` entry".into())
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    /// The start of `/usr/local/cuda-12.8/version.json` of CUDA 12.8 Update 1.
    const VERSION_JSON: &str =
        include_str!("../../../../tests/fixtures/verify/cuda-12.8.1.version.json");

    #[test]
    fn the_cuda_entry_of_version_json() {
        let out = run(
            &Cuda,
            &[
                file("usr/local/cuda-12.8/version.json", VERSION_JSON),
                symlink("usr/local/cuda", "cuda-12.8"),
            ],
            &["PATH=/usr/local/cuda/bin:/usr/bin", "CUDA_VERSION=12.8.1"],
        );
        assert_eq!(
            found(&out),
            [(
                "cuda".into(),
                "12.8.1".into(),
                "usr/local/cuda-12.8/version.json".into()
            ),]
        );
    }

    #[test]
    fn runtime_entry_and_version_txt_as_fallbacks() {
        let json = r#"{"cuda_cudart": {"name": "CUDA Runtime (cudart)", "version": "12.4.127"}}"#;
        let out = run(
            &Cuda,
            &[
                file("usr/local/cuda-12.4/version.json", json),
                file("usr/local/cuda-10.2/version.txt", "CUDA Version 10.2.89\n"),
            ],
            &[],
        );
        let versions: Vec<_> = found(&out).into_iter().map(|(_, v, _)| v).collect();
        assert_eq!(versions, ["10.2.89", "12.4.127"]);
    }

    #[test]
    fn broken_json_is_a_problem() {
        let out = run(
            &Cuda,
            &[file("usr/local/cuda/version.json", "{\"cuda\": ")],
            &[],
        );
        assert!(out.components.is_empty());
        assert!(out.problems[0].message.starts_with("not JSON"));
    }

    #[test]
    fn only_toolkit_roots_are_asked_for() {
        assert!(Cuda.wants("usr/local/cuda/version.json", 900));
        assert!(Cuda.wants("usr/local/cuda-12.8/version.json", 900));
        assert!(!Cuda.wants("usr/local/cuda-12.8/nsight/version.json", 900));
        assert!(!Cuda.wants("usr/local/lib/version.json", 900));
    }
}
