//! `relnotes site` at catalogue scale: a generated project of 1000
//! releases (tests/support/catalogue.rs: three architectures, some 40
//! components, bilingual texts), the release binary, process start
//! included. In one run, each beside its floor:
//!
//! - a cold full build into a new directory (median of 5) and its peak
//!   RSS (GNU time), against 2 s and 256 MiB, beside `cp -r` of the
//!   finished site (the cost of writing those bytes as files);
//! - an incremental build after a one-record edit (median of 5, after a
//!   first rebuild shown apart: it has no spare yet), and its ratio to
//!   the full build, against 0.15×, beside `cp -al` (a tree of hard links
//!   to the site: what a rebuild without a spare does at least);
//! - `--check` of the up-to-date site (median of 3).
//!
//! Prints figures and the machine's load; asserts nothing. Run with
//! `cargo bench --bench site` (`RELNOTES_BENCH_RELEASES=N` for another size).

#[path = "../tests/support/catalogue.rs"]
mod catalogue;

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const RUNS: usize = 5;

/// One run of `relnotes -C project ARGS` under GNU time: wall time, peak
/// RSS in KiB, and user and system CPU seconds.
fn relnotes(project: &Path, args: &[&str]) -> (Duration, u64, (f64, f64)) {
    let start = Instant::now();
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%M %U %S"])
        .arg(env!("CARGO_BIN_EXE_relnotes"))
        .arg("-C")
        .arg(project)
        .args(args)
        .stdout(Stdio::null())
        .output()
        .expect("/usr/bin/time runs (install the `time` package)");
    let elapsed = start.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.code().is_some_and(|c| c <= 1),
        "relnotes {args:?} failed: {stderr}"
    );
    let figures: Vec<f64> = stderr
        .lines()
        .last()
        .map(|l| {
            l.split_whitespace()
                .filter_map(|f| f.parse().ok())
                .collect()
        })
        .unwrap_or_default();
    let [rss, user, system] = figures[..] else {
        panic!("no peak RSS and CPU times from /usr/bin/time: {stderr}");
    };
    (elapsed, rss as u64, (user, system))
}

fn timed(mut f: impl FnMut()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

fn sh(args: &[&str]) {
    let status = Command::new(args[0])
        .args(&args[1..])
        .status()
        .expect("runs");
    assert!(status.success(), "{args:?} failed");
}

#[derive(Default)]
struct Figures {
    times: Vec<Duration>,
    rss: u64,
    /// User and system CPU seconds of each run.
    cpu: Vec<(f64, f64)>,
}

impl Figures {
    fn median(&self) -> f64 {
        let mut t = self.times.clone();
        t.sort();
        t[t.len() / 2].as_secs_f64() * 1e3
    }
    fn min(&self) -> f64 {
        self.times.iter().min().unwrap().as_secs_f64() * 1e3
    }
    fn max(&self) -> f64 {
        self.times.iter().max().unwrap().as_secs_f64() * 1e3
    }
    fn add(&mut self, (time, rss, cpu): (Duration, u64, (f64, f64))) {
        self.times.push(time);
        self.rss = self.rss.max(rss);
        self.cpu.push(cpu);
    }
    /// Median user and system CPU milliseconds, for the runs of relnotes.
    fn cpu(&self) -> String {
        if self.cpu.is_empty() {
            return String::new();
        }
        let median = |pick: fn(&(f64, f64)) -> f64| {
            let mut v: Vec<f64> = self.cpu.iter().map(pick).collect();
            v.sort_by(f64::total_cmp);
            v[v.len() / 2] * 1e3
        };
        format!("{:>9.0} {:>9.0}", median(|c| c.0), median(|c| c.1))
    }
}

fn row(name: &str, f: &Figures, target: &str) {
    let rss = if f.rss > 0 {
        format!("{:.0}", f.rss as f64 / 1024.0)
    } else {
        "-".into()
    };
    println!(
        "{name:<40} {:>9.0} {:>9.0} {:>9.0} {rss:>9} {target:>12} {}",
        f.median(),
        f.min(),
        f.max(),
        f.cpu()
    );
}

fn load() -> String {
    fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

fn main() {
    let n: usize = std::env::var("RELNOTES_BENCH_RELEASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = tempfile::tempdir().expect("temp dir");
    let project = work.path().join("project");
    fs::create_dir(&project).expect("project dir");
    catalogue::write_project(root, &project, n);
    let cores = std::thread::available_parallelism().map_or(1, |c| c.get());
    println!(
        "relnotes site over {n} generated releases, {cores} cores, load average {} at the start",
        load()
    );

    // ext4 without a journal passes over inodes freed in the last minute
    // (six, while their table block is dirty, which the build's own new
    // inodes make it) when it allocates new ones, one by one
    // (`recently_deleted`): after a mass removal (a previous run's
    // clean-up, a test suite) creating files costs several times as much
    // for minutes. Let it settle.
    let settle: u64 = std::env::var("RELNOTES_BENCH_SETTLE_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(370);
    sh(&["sync"]);
    println!("waiting {settle} s for the file system to settle (RELNOTES_BENCH_SETTLE_SECS)");
    std::thread::sleep(Duration::from_secs(settle));

    // Cold full builds, each into a new directory.
    let mut full = Figures::default();
    for i in 0..RUNS {
        let out = project.join(format!("cold-{i}"));
        full.add(relnotes(
            &project,
            &["site", "--out", out.to_str().expect("utf-8 path")],
        ));
    }
    let site = project.join("cold-0");
    let files = fs::read_to_string(site.join(".relnotes-site"))
        .expect("manifest")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("record "))
        .count();
    let bytes: u64 = walk(&site);

    // Floors: the finished site copied (its bytes as files), and linked.
    let mut copy = Figures::default();
    let mut link = Figures::default();
    // Nothing is removed until the end: ext4 allocates inodes slowly
    // for a while after many were freed, which would charge the removal
    // of one run to the next.
    for i in 0..RUNS {
        let to = work.path().join(format!("copy-{i}"));
        copy.times.push(timed(|| {
            sh(&["cp", "-r", site.to_str().unwrap(), to.to_str().unwrap()])
        }));
        // Links to a copy: links to the site itself would change the
        // status time of its files, which the incremental build reads.
        let copied = work.path().join("copy-0");
        let to = work.path().join(format!("link-{i}"));
        link.times.push(timed(|| {
            sh(&["cp", "-al", copied.to_str().unwrap(), to.to_str().unwrap()])
        }));
    }

    // The floors' copies are still being written back: flush them, or
    // the first build's syncfs (which flushes the whole file system)
    // waits for them.
    sh(&["sync"]);

    // Incremental builds: one record's value changes each time.
    let record = project.join(format!("releases/{}.toml", catalogue::version(n / 2)));
    let original = fs::read_to_string(&record).expect("record");
    let mut incremental = Figures::default();
    // The first rebuild after a full build has no spare yet (the site
    // before the last one, kept beside it; docs/site.md): it links every
    // file anew. It is shown apart; the timed runs are the steady state.
    let mut first = Figures::default();
    for i in 0..=RUNS {
        let edited = original.replacen("ray = \"2.50.1\"", &format!("ray = \"2.50.{}\"", 2 + i), 1);
        assert_ne!(edited, original, "the edit changes the record");
        fs::write(&record, edited).expect("record edited");
        let run = relnotes(
            &project,
            &["site", "--out", site.to_str().expect("utf-8 path")],
        );
        if i == 0 { &mut first } else { &mut incremental }.add(run);
    }
    let mut check = Figures::default();
    for _ in 0..RUNS {
        check.add(relnotes(
            &project,
            &[
                "site",
                "--out",
                site.to_str().expect("utf-8 path"),
                "--check",
            ],
        ));
    }

    println!("{files} files, {:.1} MiB", bytes as f64 / (1024.0 * 1024.0));
    println!(
        "{:<40} {:>9} {:>9} {:>9} {:>9} {:>12} {:>9} {:>9}",
        "", "median ms", "min ms", "max ms", "peak MiB", "target", "user ms", "sys ms"
    );
    row("full build, new directory", &full, "2000 ms, 256");
    row("  floor: cp -r of the site", &copy, "");
    row(
        "incremental build, one record edited",
        &incremental,
        "0.15× full",
    );
    row("  first rebuild (no spare yet), 1 run", &first, "");
    row("  floor: cp -al of the site", &link, "");
    row("--check of the up-to-date site", &check, "");
    println!(
        "incremental / full: {:.3}× (target ≤ 0.15×); full / cp -r: {:.1}×; incremental / cp -al: {:.1}×",
        incremental.median() / full.median(),
        full.median() / copy.median(),
        incremental.median() / link.median()
    );
    println!("load average at the end: {}", load());
}

/// The bytes of every file under `dir`.
fn walk(dir: &Path) -> u64 {
    let mut total = 0;
    for entry in fs::read_dir(dir).expect("read dir") {
        let entry = entry.expect("entry");
        let meta = entry.metadata().expect("metadata");
        total += if meta.is_dir() {
            walk(&entry.path())
        } else {
            meta.len()
        };
    }
    total
}
