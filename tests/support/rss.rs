//! The peak memory of a run of the real binary, as GNU time measures it
//! (`/usr/bin/time -v`, the `time` package): the maximum resident set
//! size of the process alone, whatever else the test process does.

#![allow(dead_code)]

use std::process::{Command, Output};

/// Runs `relnotes ARGS` under `/usr/bin/time -v` with `env`; returns its
/// output (GNU time's report removed from stderr) and its peak RSS in KiB.
pub fn run_measured(args: &[&str], env: &[(&str, &str)]) -> (Output, u64) {
    let mut command = Command::new("/usr/bin/time");
    command
        .arg("-v")
        .arg(env!("CARGO_BIN_EXE_relnotes"))
        .args(args)
        .env("RELNOTES_NO_CACHE", "1");
    for (key, value) in env {
        command.env(key, value);
    }
    let mut output = command
        .output()
        .expect("/usr/bin/time runs (install the `time` package)");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    let (own, report) = match stderr.find("\tCommand being timed:") {
        Some(at) => stderr.split_at(at),
        None => panic!("no report from /usr/bin/time -v:\n{stderr}"),
    };
    let peak = report
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no peak RSS in:\n{report}"));
    // GNU time reports a non-zero exit on its first line; the status stays.
    let own = own
        .lines()
        .filter(|l| !l.starts_with("Command exited with non-zero status"))
        .collect::<Vec<_>>()
        .join("\n");
    output.stderr = own.into_bytes();
    (output, peak)
}
