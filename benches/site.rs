//! Wall time of `relnotes site` over 50, 100 and 200 synthetic releases,
//! the way a docs build meets it (process start included). Prints figures;
//! asserts nothing.
//!
//! Each release is 25.10's record with another version (`20.01`, `20.02`,
//! …) and a few component versions varied, so that consecutive releases
//! differ (upgrades, a downgrade now and then). They live in a scratch
//! project in a temp dir.
//!
//! Run with `cargo bench --bench site`.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 5;

fn version(i: usize) -> String {
    format!("{}.{:02}", 20 + i / 12, i % 12 + 1)
}

/// A project of `n` releases derived from 25.10's record.
fn project(n: usize) -> tempfile::TempDir {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().expect("temp dir");
    fs::copy(root.join("relnotes.toml"), dir.path().join("relnotes.toml")).expect("project");
    let releases = dir.path().join("releases");
    fs::create_dir(&releases).expect("releases dir");
    let record = fs::read_to_string(root.join("releases/25.10.toml")).expect("25.10 record");
    for i in 0..n {
        let v = version(i);
        let text = record
            .replace("25.10", &v)
            .replace(
                "torch = \"2.8.0.9+nv25.3\"",
                &format!("torch = \"2.{}.{}\"", i / 10, i % 10),
            )
            .replace(
                "deepspeed = \"0.16.9+ali\"",
                // Every seventh release goes back one version.
                &format!(
                    "deepspeed = \"0.{}.0\"",
                    if i % 7 == 6 { i + 15 } else { i + 17 }
                ),
            );
        fs::write(releases.join(format!("{v}.toml")), text).expect("record");
    }
    dir
}

fn run(binary: &str, project: &Path, out: &Path) -> Duration {
    let start = Instant::now();
    let status = Command::new(binary)
        .arg("-C")
        .arg(project)
        .args(["site", "--out"])
        .arg(out)
        .stdout(Stdio::null())
        .status()
        .expect("relnotes runs");
    let elapsed = start.elapsed();
    assert!(status.success(), "relnotes site failed");
    elapsed
}

fn main() {
    let binary = env!("CARGO_BIN_EXE_relnotes");
    println!("relnotes site: wall time per build, {RUNS} builds each (process start included)");
    println!(
        "{:<10} {:>7} {:>10} {:>10} {:>10} {:>12}",
        "releases", "files", "min ms", "median", "max", "ms/release"
    );
    for n in [50, 100, 200] {
        let project = project(n);
        let out = project.path().join("public");
        // The first build writes a new directory, the others replace it.
        let mut times: Vec<Duration> = (0..RUNS)
            .map(|_| run(binary, project.path(), &out))
            .collect();
        let files = fs::read_to_string(out.join(".relnotes-site"))
            .expect("manifest")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .count();
        times.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "{:<10} {:>7} {:>10.1} {:>10.1} {:>10.1} {:>12.2}",
            n,
            files,
            ms(times[0]),
            ms(times[RUNS / 2]),
            ms(times[RUNS - 1]),
            ms(times[RUNS / 2]) / n as f64
        );
    }
}
