//! `relnotes compat`: driver boundaries, data-center branches, bad input,
//! read from the JSON verdicts. The text answers, a line per release, are
//! cases in tests/cmd/ (`compat-*`).

use crate::util::{relnotes, relnotes_in, scratch_project, stdout_of};
use serde_json::Value;
use std::fs;
use std::path::Path;

fn verdicts(args: &[&str]) -> Vec<(String, String)> {
    let mut cmd = relnotes();
    cmd.arg("compat").args(args).args(["--format", "json"]);
    let json: Value = serde_json::from_str(&stdout_of(&mut cmd)).expect("json");
    json["releases"]
        .as_array()
        .expect("releases")
        .iter()
        .map(|r| {
            (
                r["version"].as_str().unwrap().to_string(),
                r["support"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn support_of(version: &str, args: &[&str]) -> String {
    verdicts(args)
        .into_iter()
        .find(|(v, _)| v == version)
        .map(|(_, s)| s)
        .expect("release listed")
}

#[test]
fn the_exact_minimum_runs_natively_and_one_below_does_not() {
    assert_eq!(support_of("25.10", &["--driver", "575"]), "native");
    assert_eq!(support_of("25.10", &["--driver", "575.51.03"]), "native");
    assert_eq!(support_of("25.10", &["--driver", "574.99"]), "unsupported");
    assert_eq!(
        support_of("25.10", &["--driver", "580.65.06", "--datacenter"]),
        "native"
    );
}

#[test]
fn branch_edges() {
    let dc = |d: &str| support_of("25.10", &["--driver", d, "--datacenter"]);
    assert_eq!(dc("535.86"), "forward-compatible");
    assert_eq!(dc("535.86.01"), "forward-compatible");
    assert_eq!(dc("535.85"), "unsupported");
    assert_eq!(dc("535.85.99"), "unsupported");
    // 536.x is not R535, and R536 is no allowed branch.
    assert_eq!(dc("536.10"), "unsupported");
    assert_eq!(dc("470.57"), "forward-compatible");
    assert_eq!(dc("470.56.99"), "unsupported");
    assert_eq!(dc("525.85"), "forward-compatible");
}

#[test]
fn an_invalid_driver_is_bad_input() {
    for bad in ["abc", "R535", "535..86", "535.86.1.2", ""] {
        let out = relnotes()
            .args(["compat", "--driver", bad])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("is not a driver version"), "{bad}: {err}");
    }
}

/// 25.10 rewritten as a release on `cuda` whose record asks `min`.
fn project_on_cuda(cuda: &str, min: &str) -> tempfile::TempDir {
    let dir = scratch_project();
    let path = dir.path().join("releases/25.10.toml");
    let text = fs::read_to_string(&path).unwrap();
    let text = text
        .replacen("cuda = \"12.8.0\"", &format!("cuda = \"{cuda}\""), 1)
        .replacen("min = \"575\"", &format!("min = \"{min}\""), 1);
    fs::write(&path, text).unwrap();
    dir
}

fn verdict_in(dir: &Path, version: &str, args: &[&str]) -> Value {
    let mut cmd = relnotes_in(dir);
    cmd.arg("compat").args(args).args(["--format", "json"]);
    let json: Value = serde_json::from_str(&stdout_of(&mut cmd)).expect("json");
    json["releases"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["version"] == version)
        .cloned()
        .expect("release listed")
}

#[test]
fn below_nvidias_minimum_for_the_cuda_is_not_native_whatever_the_record_says() {
    // CUDA 13.0 Update 2 needs 580.95.05 (NVIDIA's Table 3); the record says 535.
    let dir = project_on_cuda("13.0.2", "535");
    let v = verdict_in(dir.path(), "25.10", &["--driver", "570.86"]);
    assert_eq!(v["support"], "unsupported", "{v:#}");
    assert_eq!(v["runs"], false);
    assert_eq!(v["nvidia_min"], "580.95.05");
    assert_eq!(v["cuda"], "13.0.2");
    let reason = v["reason"].as_str().unwrap();
    assert!(reason.contains("580.95.05"), "{reason}");
    assert!(reason.contains("CUDA 13.0 Update 2"), "{reason}");
    assert!(
        v["nvidia_source"]
            .as_str()
            .unwrap()
            .contains("docs.nvidia.com/cuda/"),
        "{v:#}"
    );
    // At NVIDIA's minimum it is native again.
    let v = verdict_in(dir.path(), "25.10", &["--driver", "580.95.05"]);
    assert_eq!(v["support"], "native", "{v:#}");
    // R570 is no branch the record allows on data-center GPUs either.
    let v = verdict_in(dir.path(), "25.10", &["--driver", "570.86", "--datacenter"]);
    assert_eq!(v["support"], "unsupported", "{v:#}");
}

#[test]
fn a_cuda_past_the_table_is_never_a_yes() {
    // The table stops at CUDA 13.2 Update 2; 14.0 is past it and its major unknown.
    let dir = project_on_cuda("14.0.0", "535");
    let v = verdict_in(dir.path(), "25.10", &["--driver", "700.10"]);
    assert_eq!(v["support"], "unknown", "{v:#}");
    assert_eq!(v["runs"], false);
    let reason = v["reason"].as_str().unwrap();
    assert!(reason.contains("stops at CUDA 13.2 Update 2"), "{reason}");
    assert!(reason.contains("a newer relnotes"), "{reason}");
    // 13.4 is past it too; a driver at or above 13.x's floor (580) is unknown,
    let dir = project_on_cuda("13.4.0", "535");
    let v = verdict_in(dir.path(), "25.10", &["--driver", "590.48.01"]);
    assert_eq!(v["support"], "unknown", "{v:#}");
    // and one below that floor is a no, with NVIDIA's number.
    let v = verdict_in(dir.path(), "25.10", &["--driver", "570.86"]);
    assert_eq!(v["support"], "unsupported", "{v:#}");
    assert!(v["reason"].as_str().unwrap().contains("580"), "{v:#}");
}
