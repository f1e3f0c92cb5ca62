//! `relnotes site` at catalogue scale: a generated project of N releases
//! (tests/support/catalogue.rs: three architectures, some 40 components,
//! bilingual texts; N = 1000 unless `RELNOTES_BENCH_RELEASES` says
//! otherwise), the release binary, process start included. Each figure is
//! printed beside its target or floor:
//!
//! - a full build into a new directory (median of 5): wall time, user and
//!   system CPU time, peak RSS (GNU time), against ≤ 5 s and ≤ 256 MiB at 1000
//!   releases (≤ 1 s at 100), beside `cp -r` of the finished site (the
//!   cost of writing those bytes as files);
//! - a rebuild after one record changed (median of 5): against "no longer
//!   than the full build", beside `cp -al` (linking every file of the
//!   site); each run checks that exactly the files whose bytes changed
//!   were rewritten (new inode) and every other one kept (same inode and
//!   modification time);
//! - `--check` (median of 5), which must agree with the build: before
//!   each rebuild it names exactly the files the rebuild rewrites, and
//!   after it finds the site up to date.
//!
//! The machine's load average is printed at the start and at the end:
//! wall times are noisy while others build; CPU times much less so.
//! Asserts only that the build and `--check` agree. Run with
//! `cargo bench --bench site`.

#[path = "../tests/support/catalogue.rs"]
mod catalogue;

use std::collections::hash_map::DefaultHasher;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::hash::{Hash, Hasher};
use std::os::unix::fs::MetadataExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

const RUNS: usize = 5;

/// One run of `relnotes -C project ARGS` under GNU time: wall time, peak
/// RSS in KiB, user and system CPU seconds, and stdout.
fn relnotes(project: &Path, args: &[&str]) -> (Run, String) {
    let start = Instant::now();
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%M %U %S"])
        .arg(env!("CARGO_BIN_EXE_relnotes"))
        .arg("-C")
        .arg(project)
        .args(args)
        .stderr(Stdio::piped())
        .output()
        .expect("/usr/bin/time runs (install the `time` package)");
    let wall = start.elapsed();
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
    let run = Run {
        wall,
        rss_kib: rss as u64,
        user: Duration::from_secs_f64(user),
        system: Duration::from_secs_f64(system),
    };
    (run, String::from_utf8_lossy(&out.stdout).into_owned())
}

#[derive(Clone, Copy)]
struct Run {
    wall: Duration,
    rss_kib: u64,
    user: Duration,
    system: Duration,
}

fn timed(f: impl FnOnce()) -> Run {
    let start = Instant::now();
    f();
    Run {
        wall: start.elapsed(),
        rss_kib: 0,
        user: Duration::ZERO,
        system: Duration::ZERO,
    }
}

fn sh(args: &[&str]) {
    let status = Command::new(args[0])
        .args(&args[1..])
        .status()
        .expect("runs");
    assert!(status.success(), "{args:?} failed");
}

#[derive(Default)]
struct Figures(Vec<Run>);

impl Figures {
    fn median(&self, pick: impl Fn(&Run) -> Duration) -> f64 {
        let mut v: Vec<Duration> = self.0.iter().map(pick).collect();
        v.sort();
        v[v.len() / 2].as_secs_f64() * 1e3
    }
    fn wall(&self) -> f64 {
        self.median(|r| r.wall)
    }
}

fn row(name: &str, f: &Figures, target: &str) {
    let min = f.0.iter().map(|r| r.wall).min().unwrap().as_secs_f64() * 1e3;
    let max = f.0.iter().map(|r| r.wall).max().unwrap().as_secs_f64() * 1e3;
    let (user, system, rss) = match f.0.iter().map(|r| r.rss_kib).max().unwrap() {
        0 => ("-".to_string(), "-".to_string(), "-".to_string()),
        rss => (
            format!("{:.0}", f.median(|r| r.user)),
            format!("{:.0}", f.median(|r| r.system)),
            format!("{:.0}", rss as f64 / 1024.0),
        ),
    };
    println!(
        "{name:<38} {:>9.0} {min:>8.0} {max:>8.0} {user:>8} {system:>8} {rss:>9}   {target}",
        f.wall()
    );
}

fn load() -> String {
    fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

/// Every file under `dir`: its inode, modification time and a hash of
/// its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, (u64, SystemTime, u64)> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(here) = stack.pop() {
        for entry in fs::read_dir(&here).expect("read dir") {
            let path = entry.expect("entry").path();
            let meta = fs::symlink_metadata(&path).expect("stat");
            if meta.is_dir() {
                stack.push(path);
                continue;
            }
            let mut hasher = DefaultHasher::new();
            fs::read(&path).expect("read").hash(&mut hasher);
            let relative = path.strip_prefix(dir).unwrap().to_string_lossy().into();
            out.insert(
                relative,
                (meta.ino(), meta.modified().expect("mtime"), hasher.finish()),
            );
        }
    }
    out
}

/// The paths `--check` names, from its JSON report.
fn stale(report: &str) -> BTreeSet<String> {
    let report: serde_json::Value = serde_json::from_str(report).expect("a JSON report");
    ["missing", "changed", "extra"]
        .iter()
        .flat_map(|list| report[list].as_array().expect("a list of pages").clone())
        .map(|path| path.as_str().expect("a path").to_string())
        .collect()
}

fn main() {
    let n: usize = std::env::var("RELNOTES_BENCH_RELEASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1000);
    let (wall_target, rss_target) = match n {
        ..=100 => ("≤ 1000 ms", "≤ 256 MiB"),
        _ => ("≤ 5000 ms", "≤ 256 MiB"),
    };
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
    // when it allocates new ones (`recently_deleted`): after a mass
    // removal (a previous run's clean-up, a test suite) creating files
    // costs several times as much for minutes. Let it settle.
    let settle: u64 = std::env::var("RELNOTES_BENCH_SETTLE_SECS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(370);
    sh(&["sync"]);
    println!("waiting {settle} s for the file system to settle (RELNOTES_BENCH_SETTLE_SECS)");
    std::thread::sleep(Duration::from_secs(settle));

    // Full builds, each into a new directory.
    let mut full = Figures::default();
    for i in 0..RUNS {
        let out = project.join(format!("full-{i}"));
        let out = out.to_str().expect("utf-8 path");
        full.0.push(relnotes(&project, &["site", "--out", out]).0);
    }
    let site = project.join("full-0");
    let site_arg = site.to_str().expect("utf-8 path");
    let files = snapshot(&site);
    let bytes: u64 = files
        .keys()
        .map(|p| fs::metadata(site.join(p)).expect("stat").len())
        .sum();

    // Floors: the finished site copied (its bytes as files), and linked.
    let mut copy = Figures::default();
    let mut link = Figures::default();
    for i in 0..RUNS {
        let to = work.path().join(format!("copy-{i}"));
        let to = to.to_str().unwrap();
        copy.0.push(timed(|| sh(&["cp", "-r", site_arg, to])));
        let to = work.path().join(format!("link-{i}"));
        let copied = work.path().join("copy-0");
        link.0.push(timed(|| {
            sh(&["cp", "-al", copied.to_str().unwrap(), to.to_str().unwrap()])
        }));
    }
    sh(&["sync"]);

    // Rebuilds: one record's value changes each time. `--check` first
    // names what is stale; the rebuild must rewrite exactly that.
    let record = project.join(format!("releases/{}.toml", catalogue::version(n / 2)));
    let original = fs::read_to_string(&record).expect("record");
    let mut rebuild = Figures::default();
    let mut check = Figures::default();
    let mut rewritten_counts = Vec::new();
    for i in 0..RUNS {
        let edited = original.replacen("ray = \"2.50.1\"", &format!("ray = \"2.50.{}\"", 2 + i), 1);
        assert_ne!(edited, original, "the edit changes the record");
        fs::write(&record, edited).expect("record edited");
        let before = snapshot(&site);
        let (run, report) = relnotes(
            &project,
            &["site", "--out", site_arg, "--check", "--format", "json"],
        );
        check.0.push(run);
        let named = stale(&report);
        rebuild
            .0
            .push(relnotes(&project, &["site", "--out", site_arg]).0);
        let after = snapshot(&site);
        let mut rewritten = BTreeSet::new();
        for (path, (ino, mtime, hash)) in &after {
            match before.get(path) {
                Some((old_ino, old_mtime, old_hash)) if old_hash == hash => assert!(
                    (old_ino, old_mtime) == (ino, mtime),
                    "{path}: the same bytes, rewritten"
                ),
                Some((old_ino, ..)) => {
                    assert_ne!(old_ino, ino, "{path}: changed in place");
                    rewritten.insert(path.clone());
                }
                None => {
                    rewritten.insert(path.clone());
                }
            }
        }
        rewritten.extend(before.keys().filter(|p| !after.contains_key(*p)).cloned());
        assert_eq!(named, rewritten, "--check and the build disagree");
        rewritten_counts.push(rewritten.len());
        let (_, report) = relnotes(
            &project,
            &["site", "--out", site_arg, "--check", "--format", "json"],
        );
        assert!(report.contains("\"up_to_date\": true"), "{report}");
    }

    println!(
        "{} files, {:.1} MiB; a rebuild rewrote {:?} files, --check named the same",
        files.len(),
        bytes as f64 / (1024.0 * 1024.0),
        rewritten_counts
    );
    println!(
        "{:<38} {:>9} {:>8} {:>8} {:>8} {:>8} {:>9}   target / floor",
        "", "median ms", "min ms", "max ms", "user ms", "sys ms", "peak MiB"
    );
    row(
        "full build, new directory",
        &full,
        &format!("{wall_target}, {rss_target}"),
    );
    row("  floor: cp -r of the site", &copy, "");
    row(
        "rebuild, one record changed",
        &rebuild,
        &format!("≤ full build ({:.0} ms)", full.wall()),
    );
    row("  floor: cp -al of the site", &link, "");
    row("--check after one record changed", &check, "");
    println!(
        "rebuild / full: {:.2}× wall, {:.2}× CPU; full / cp -r: {:.1}×",
        rebuild.wall() / full.wall(),
        rebuild.median(|r| r.user + r.system) / full.median(|r| r.user + r.system),
        full.wall() / copy.wall(),
    );
    println!("load average at the end: {}", load());
}
