//! docs/architecture.md draws the crate graph as `cargo metadata` has it:
//! the edges listed under "The crate graph" are exactly the workspace's
//! dependencies between its own crates.

use crate::support::project::assert_ok;
use crate::util::root;
use std::collections::BTreeSet;
use std::process::Command;

/// `(crate, dependency)` pairs among the workspace's crates, from `cargo metadata`.
fn workspace_edges() -> BTreeSet<(String, String)> {
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .arg("--manifest-path")
        .arg(root().join("Cargo.toml"))
        .output()
        .expect("cargo metadata runs");
    assert_ok(&out);
    let metadata: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let packages = metadata["packages"].as_array().expect("packages");
    let members: BTreeSet<&str> = packages.iter().filter_map(|p| p["name"].as_str()).collect();
    let mut edges = BTreeSet::new();
    for package in packages {
        let name = package["name"].as_str().expect("name");
        for dependency in package["dependencies"].as_array().expect("dependencies") {
            let target = dependency["name"].as_str().expect("dependency name");
            // Normal dependencies only: the architecture, not the tests.
            if members.contains(target) && dependency["kind"].is_null() {
                edges.insert((name.to_string(), target.to_string()));
            }
        }
    }
    edges
}

/// The edges the page lists: lines `crate (where) → a, b` of the first
/// `text` block after the heading "The crate graph"; `—` for none.
fn documented_edges() -> BTreeSet<(String, String)> {
    let page = std::fs::read_to_string(root().join("docs/architecture.md")).expect("the page");
    let section = page
        .split_once("## The crate graph")
        .expect("a section named \"The crate graph\"")
        .1;
    let block = section
        .split_once("```text\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("a text block in that section")
        .0;
    let mut edges = BTreeSet::new();
    for line in block.lines().filter(|l| l.contains('→')) {
        let (from, to) = line.split_once('→').unwrap();
        let from = from.split_whitespace().next().expect("a crate name");
        for target in to.split(',').map(str::trim).filter(|t| *t != "—") {
            edges.insert((from.to_string(), target.to_string()));
        }
    }
    edges
}

#[test]
fn the_documented_crate_graph_is_the_one_cargo_has() {
    let documented = documented_edges();
    assert!(!documented.is_empty(), "no edges found on the page");
    assert_eq!(documented, workspace_edges());
}

/// A newcomer finds every crate of the workspace in the page's table of
/// what each holds, and no crate that is gone.
#[test]
fn every_crate_has_a_row_saying_what_it_holds() {
    let page = std::fs::read_to_string(root().join("docs/architecture.md")).expect("the page");
    let documented: BTreeSet<String> = page
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split_once('`'))
        .map(|(name, _)| name.to_string())
        .filter(|name| name.starts_with("relnotes"))
        .collect();
    let members: BTreeSet<String> = workspace_edges()
        .into_iter()
        .flat_map(|(from, to)| [from, to])
        .collect();
    assert_eq!(documented, members);
}
