//! Wall time of whole `relnotes` runs (process start included), the way a
//! user or a docs build meets them, beside the target where there is one
//! (`render 25.10` ≤ 20 ms), with the machine's load average. Prints
//! figures; asserts nothing.
//!
//! Run with `cargo bench --bench cli`.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 200;

fn main() {
    let binary = env!("CARGO_BIN_EXE_relnotes");
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let example = root.join("examples/pytorch-cuda");
    let example = example.to_str().expect("utf-8 path");
    let render_target = "≤ 20 ms";
    let cases: [(&str, Vec<&str>, &str); 7] = [
        (
            "render 25.10 (md, zh)",
            vec!["render", "25.10"],
            render_target,
        ),
        (
            "render 25.10 --lang en",
            vec!["render", "25.10", "--lang", "en"],
            render_target,
        ),
        (
            "render 25.10 --format html",
            vec!["render", "25.10", "--format", "html"],
            render_target,
        ),
        ("diff 25.05 25.10", vec!["diff", "25.05", "25.10"], ""),
        (
            "diff 25.05 25.10 --format json",
            vec!["diff", "25.05", "25.10", "--format", "json"],
            "",
        ),
        (
            "diff 25.05 25.10 --format html",
            vec!["diff", "25.05", "25.10", "--format", "html"],
            "",
        ),
        (
            "-C examples/pytorch-cuda diff v2.7 v2.9",
            vec!["-C", example, "diff", "v2.7", "v2.9"],
            "",
        ),
    ];
    println!(
        "relnotes wall time per run, {RUNS} runs each (process start included), load average {}",
        load()
    );
    println!(
        "{:<44} {:>9} {:>9} {:>9} {:>9}   target",
        "command", "min ms", "median", "p95", "max"
    );
    for (name, args, target) in cases {
        let mut times: Vec<Duration> = (0..RUNS).map(|_| time_run(binary, root, &args)).collect();
        times.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "{:<44} {:>9.2} {:>9.2} {:>9.2} {:>9.2}   {target}",
            name,
            ms(times[0]),
            ms(times[RUNS / 2]),
            ms(times[RUNS * 95 / 100]),
            ms(times[RUNS - 1])
        );
    }
    println!("load average at the end: {}", load());
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

fn time_run(binary: &str, root: &Path, args: &[&str]) -> Duration {
    let start = Instant::now();
    let status = Command::new(binary)
        .args(args)
        .current_dir(root)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .expect("relnotes runs");
    let elapsed = start.elapsed();
    assert!(status.success(), "relnotes {args:?} failed");
    elapsed
}
