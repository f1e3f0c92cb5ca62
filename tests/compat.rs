//! `relnotes compat`: driver boundaries, data-center branches, bad input,
//! read from the JSON verdicts. The text answers, a line per release, are
//! cases in tests/cmd/ (`compat-*`).

use crate::util::{relnotes, stdout_of};
use serde_json::Value;

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
