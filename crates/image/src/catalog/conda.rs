//! Conda packages: the record conda writes for every package it installs
//! into an environment, `<prefix>/conda-meta/<name>-<version>-<build>.json`
//! (`opt/conda/conda-meta/libcudnn-9.12.0.46-hf7e9902_0.json`), whose `name`
//! and `version` say what is installed (beside `build`, `channel`, and the
//! list of the package's files, which is not needed here).
//!
//! Found packages are `generic` (relnotes has no conda ecosystem), recorded
//! as found by `conda`: `model::copies` counts them as conda copies of the
//! components `data/components.toml` names (`image.conda`).

use super::cataloger::{Cataloger, Findings, MAX_TEXT_FILE, file_name, parent_name};
use crate::{FoundFile, ImageConfig};
use model::{CONDA_CATALOGER, Ecosystem};
use serde::Deserialize;

pub(crate) struct Conda;

/// The fields of a record that say what is installed.
#[derive(Deserialize)]
struct Record {
    name: String,
    version: String,
}

impl Cataloger for Conda {
    fn name(&self) -> &'static str {
        CONDA_CATALOGER
    }

    fn wants(&self, path: &str, size: u64) -> bool {
        size <= MAX_TEXT_FILE
            && file_name(path).ends_with(".json")
            && parent_name(path) == Some("conda-meta")
    }

    fn catalog(&self, files: &[&FoundFile], _config: &ImageConfig, out: &mut Findings) {
        for file in files.iter().filter(|f| !f.symlink) {
            match serde_json::from_slice::<Record>(&file.contents) {
                Ok(r) if !r.name.trim().is_empty() && !r.version.trim().is_empty() => out.found_in(
                    self,
                    file,
                    r.name.trim(),
                    r.version.trim(),
                    Ecosystem::Generic,
                ),
                Ok(_) => out.problem(self, file, "empty `name` or `version`".into()),
                Err(e) => out.problem(self, file, format!("not a conda package record: {e}")),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;

    /// A record of conda-forge's `libcudnn-9.12.0.46-hf7e9902_0.conda`
    /// (linux-64) with the fields whose values are known; its `files` and
    /// `paths_data` lists left empty.
    const LIBCUDNN_RECORD: &str = r#"{
  "build": "hf7e9902_0",
  "build_number": 0,
  "channel": "https://conda.anaconda.org/conda-forge/linux-64",
  "files": [],
  "fn": "libcudnn-9.12.0.46-hf7e9902_0.conda",
  "name": "libcudnn",
  "paths_data": {"paths": [], "paths_version": 1},
  "subdir": "linux-64",
  "url": "https://conda.anaconda.org/conda-forge/linux-64/libcudnn-9.12.0.46-hf7e9902_0.conda",
  "version": "9.12.0.46"
}"#;

    #[test]
    fn records_of_conda_meta_are_packages() {
        let out = run(
            &Conda,
            &[
                file(
                    "opt/conda/conda-meta/libcudnn-9.12.0.46-hf7e9902_0.json",
                    LIBCUDNN_RECORD,
                ),
                file("opt/conda/conda-meta/history", "==> 2024-05-01 <==\n"),
                file("opt/conda/envs/x/conda-meta/broken-1-0.json", "{\"name\": "),
            ],
            &[],
        );
        assert_eq!(
            found(&out),
            [(
                "libcudnn".to_string(),
                "9.12.0.46".to_string(),
                "opt/conda/conda-meta/libcudnn-9.12.0.46-hf7e9902_0.json".to_string()
            )]
        );
        assert_eq!(out.components[0].cataloger(), "conda");
        assert_eq!(out.components[0].ecosystem, Ecosystem::Generic);
        assert_eq!(out.problems.len(), 1);
        assert!(
            out.problems[0]
                .message
                .starts_with("not a conda package record")
        );
    }
}
