//! Image-read benchmark: `relnotes verify` of a 2 GiB OCI layout, cold,
//! again (every layer cached) and of a sibling image (one new layer), each
//! beside its floor and its target. Prints figures; asserts nothing.
//!
//! Run with `./scripts/bench-inspect.sh` (installs Debian's isal and time),
//! or `cargo bench --bench inspect` once they are there.
//!
//! 1. Generates, once, an OCI layout in `target/bench-image/layout/` with
//!    two images. `v1`: four gzip layers (level 6) of 800, 600, 400 and
//!    248 MiB uncompressed (2 GiB) of real machine code, this machine's
//!    regular files under /usr/bin, /usr/libexec, /usr/lib and ~/.rustup in
//!    sorted path order, each layer filled up to its size; the base layer
//!    also holds what a catalog reads (os-release, this machine's dpkg
//!    status, CUDA's `version.json`, a `*.dist-info/METADATA`; more
//!    METADATA files come with /usr/lib's Python packages). `sibling`: the
//!    same three lower layers and a new top layer of 100 MiB (the files
//!    that follow), as when a vendor rebuilds one layer of an image. The
//!    layout is made again when [`SPEC`] or the list of source files
//!    changes.
//! 2. Runs every command once as a warm-up (so every later run reads from
//!    the page cache and the warm run's cache is filled), then [`ROUNDS`]
//!    rounds of each command in turn (alternating, so that load from
//!    elsewhere falls on all of them alike), under GNU time, and prints
//!    the median wall time, CPU time and peak RSS of each, then the
//!    targets beside what was measured:
//!    - cold verify ≤ 1.3× the floor, ISA-L's `igzip -dc` of the same
//!      layers, as many at once as there are cores;
//!    - peak RSS ≤ 64 MiB;
//!    - re-verify (every layer cached) ≤ 0.05× the cold run;
//!    - the sibling, its lower layers cached, costs its new layer: at most
//!      the re-verify plus 1.3× `igzip -dc` of that layer.
//!
//! `RELNOTES_BENCH_BINARIES='LABEL=PATH;…'` adds a cold verify by each of
//! those `relnotes` binaries (an earlier commit, a build with other
//! features), to compare in the same rounds.

use image::sha256_digest;
use sha2::{Digest, Sha256};
use std::ffi::OsString;
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Uncompressed layer sizes of `v1`, base first, MiB (2048 in all).
const LAYERS_MIB: [u64; 4] = [800, 600, 400, 248];
/// The new top layer of `sibling`, MiB.
const SIBLING_TOP_MIB: u64 = 100;
/// Bump when what is generated changes, to generate it again.
const SPEC: &str = "bench-image v2: machine code 800,600,400,248 + 100 MiB; gzip 6; OCI layout";
const ROOTS: [&str; 4] = ["/usr/bin", "/usr/libexec", "/usr/lib", "~/.rustup"];
/// Larger files are left out (a layer must be filled to about its size).
const MAX_SOURCE_FILE: u64 = 128 << 20;
const ROUNDS: usize = 5;
const TAG: &str = "v1";
const SIBLING_TAG: &str = "sibling";

/// Cold verify against its floor, and the sibling's new layer against its own.
const COLD_TARGET: f64 = 1.3;
const RSS_TARGET_MIB: f64 = 64.0;
const WARM_TARGET: f64 = 0.05;

/// One timed command.
struct Run {
    label: String,
    command: Vec<OsString>,
    /// Exit codes that count as success (verify exits 1 with findings).
    ok: Vec<i32>,
}

/// What GNU time said of one run.
#[derive(Debug, Clone, Copy)]
struct Measured {
    wall: Duration,
    /// User + system CPU seconds.
    cpu: f64,
    rss_kib: u64,
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-image");
    std::fs::create_dir_all(&dir).expect("target/bench-image");
    let image = generate(&dir);
    let layout = dir.join("layout");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());

    let compressed: u64 = image.v1.iter().map(|l| l.size).sum();
    let uncompressed: u64 = image.v1.iter().map(|l| l.tar_size).sum();
    println!(
        "image: {} gzip layers, {:.2} GiB uncompressed, {:.2} GiB compressed, {} files ({} source files of this machine); sibling: {:.0} MiB new top layer",
        image.v1.len(),
        gib(uncompressed),
        gib(compressed),
        image.v1.iter().map(|l| l.files).sum::<u64>(),
        image.sources,
        mib(image.sibling_top.tar_size),
    );
    println!(
        "machine: {cores} cores, {}; inflate: {}; load average before: {}",
        cpu_flags(),
        image::INFLATE_BACKEND,
        load_average()
    );

    let blobs: Vec<PathBuf> = image
        .v1
        .iter()
        .map(|l| blob_path(&layout, &l.digest))
        .collect();
    let project = scratch_project(&dir);
    let top = blob_path(&layout, &image.sibling_top.digest);
    let runs = runs(&blobs, &top, cores, &project, &layout);

    for run in &runs {
        run_timed(run);
    }
    let mut measured: Vec<Vec<Measured>> = vec![Vec::new(); runs.len()];
    for _ in 0..ROUNDS {
        for (i, run) in runs.iter().enumerate() {
            measured[i].push(run_timed(run));
        }
    }
    let medians: Vec<Measured> = measured.iter().map(|m| median(m)).collect();
    println!();
    println!("| command | median s | min s | CPU s (median) | peak RSS MiB |");
    println!("|---|---:|---:|---:|---:|");
    for (run, (all, median)) in runs.iter().zip(measured.iter().zip(&medians)) {
        let min = all.iter().map(|m| m.wall).min().unwrap_or_default();
        let peak = all.iter().map(|m| m.rss_kib).max().unwrap_or(0);
        println!(
            "| {} | {:.2} | {:.2} | {:.2} | {:.1} |",
            run.label,
            secs(median.wall),
            secs(min),
            median.cpu,
            peak as f64 / 1024.0
        );
    }
    println!();
    println!(
        "{ROUNDS} alternating rounds after a warm-up; load average after: {}",
        load_average()
    );
    let [floor, cold, warm, top_floor, sibling] = [0, 1, 2, 3, 4].map(|i| secs(medians[i].wall));
    let peak = (1..=4)
        .flat_map(|i| &measured[i])
        .map(|m| m.rss_kib)
        .max()
        .unwrap_or(0) as f64
        / 1024.0;
    let sibling_bound = warm + COLD_TARGET * top_floor;
    println!();
    println!("| target | measured | bound |");
    println!("|---|---:|---:|");
    println!(
        "| cold verify / `igzip -dc` of its layers | {:.2}× | ≤ {COLD_TARGET}× |",
        cold / floor
    );
    println!("| peak RSS of verify | {peak:.1} MiB | ≤ {RSS_TARGET_MIB} MiB |");
    println!(
        "| re-verify / cold verify | {:.3}× | ≤ {WARM_TARGET}× |",
        warm / cold
    );
    println!(
        "| sibling verify, its lower layers cached | {sibling:.2} s | ≤ {sibling_bound:.2} s (re-verify + {COLD_TARGET}× `igzip -dc` of its new layer) |"
    );
}

/// The timed commands, in this order: the floor, cold, warm, the
/// sibling's floor, the sibling, then the other binaries' cold runs.
fn runs(blobs: &[PathBuf], top: &Path, cores: usize, project: &Path, layout: &Path) -> Vec<Run> {
    let binary = Path::new(env!("CARGO_BIN_EXE_relnotes"));
    let oci = |tag: &str| format!("oci:{}:{tag}", layout.display());
    // The image does not match the record: verify exits 1 with findings;
    // the time is what counts.
    let verify = |binary: &Path, tag: &str, cache: &[OsString]| -> Vec<OsString> {
        let mut command: Vec<OsString> = vec![binary.into(), "-C".into(), project.into()];
        command.extend(
            ["verify", "25.10", "--arch", "amd64", "--quiet", "--image"]
                .iter()
                .map(OsString::from),
        );
        command.push(oci(tag).into());
        command.extend(cache.iter().cloned());
        command
    };
    let no_cache = ["--no-cache".into()];
    let cache = project.join("cache");
    let warm_cache = cache.join("warm");
    let sibling_cache = cache.join("sibling");
    let _ = std::fs::remove_dir_all(&cache);
    // The warm run's cache is filled by its warm-up run; the sibling run
    // starts each time from a copy of it, so only its new layer is read.
    let warm = verify(
        binary,
        TAG,
        &["--cache-dir".into(), warm_cache.clone().into()],
    );
    let sibling: Vec<OsString> = [
        "sh".into(),
        "-c".into(),
        "rm -rf \"$1\" && cp -r \"$2\" \"$1\" && shift 2 && exec \"$@\"".into(),
        "sh".into(),
        sibling_cache.clone().into(),
        warm_cache.into(),
    ]
    .into_iter()
    .chain(verify(
        binary,
        SIBLING_TAG,
        &["--cache-dir".into(), sibling_cache.into()],
    ))
    .collect();
    let run = |label: String, command, ok: &[i32]| Run {
        label,
        command,
        ok: ok.to_vec(),
    };
    let mut runs = vec![
        run(
            format!("floor: `igzip -dc` of the layers, {cores} at a time"),
            inflate_all(blobs, cores),
            &[0],
        ),
        run(
            "`relnotes verify`, cold (`--no-cache`)".into(),
            verify(binary, TAG, &no_cache),
            &[0, 1],
        ),
        run(
            "`relnotes verify` again, every layer cached".into(),
            warm,
            &[0, 1],
        ),
        run(
            "floor: `igzip -dc` of the sibling's new layer".into(),
            inflate_all(&[top.to_path_buf()], 1),
            &[0],
        ),
        run(
            "`relnotes verify` of the sibling, its lower layers cached".into(),
            sibling,
            &[0, 1],
        ),
    ];
    let others = std::env::var("RELNOTES_BENCH_BINARIES").unwrap_or_default();
    for (label, path) in others.split(';').filter_map(|o| o.split_once('=')) {
        runs.push(run(
            format!("`relnotes verify`, cold, {label}"),
            verify(Path::new(path), TAG, &no_cache),
            &[0, 1],
        ));
    }
    runs
}

/// `igzip -dc` of every blob, `cores` at a time, output discarded.
fn inflate_all(blobs: &[PathBuf], cores: usize) -> Vec<OsString> {
    let list: Vec<String> = blobs.iter().map(|b| b.display().to_string()).collect();
    let script = format!(
        "printf '%s\\n' {} | xargs -P {cores} -n 1 sh -c 'igzip -dc \"$0\" >/dev/null'",
        list.join(" ")
    );
    vec!["sh".into(), "-c".into(), script.into()]
}

/// The run of median wall time.
fn median(runs: &[Measured]) -> Measured {
    let mut sorted = runs.to_vec();
    sorted.sort_by_key(|m| m.wall);
    sorted[sorted.len() / 2]
}

/// The CPU features the inflate, CRC and sha256 code can use.
fn cpu_flags() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let flags: Vec<&str> = info
        .lines()
        .find(|l| l.starts_with("flags"))
        .map(|l| l.split_whitespace().collect())
        .unwrap_or_default();
    let wanted = ["sha_ni", "pclmulqdq", "vpclmulqdq", "avx2", "avx512f"];
    let has: Vec<&str> = wanted.into_iter().filter(|f| flags.contains(f)).collect();
    format!("CPU flags {}", has.join(" "))
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// A copy of this project's records to run `relnotes verify` in.
fn scratch_project(dir: &Path) -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let project = dir.join("project");
    let _ = std::fs::remove_dir_all(&project);
    std::fs::create_dir_all(project.join("releases")).expect("project dir");
    std::fs::copy(root.join("relnotes.toml"), project.join("relnotes.toml"))
        .expect("relnotes.toml");
    for entry in std::fs::read_dir(root.join("releases")).expect("releases") {
        let path = entry.expect("entry").path();
        std::fs::copy(
            &path,
            project.join("releases").join(path.file_name().unwrap()),
        )
        .expect("record");
    }
    project
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}
fn gib(bytes: u64) -> f64 {
    bytes as f64 / (1u64 << 30) as f64
}
fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1u64 << 20) as f64
}

/// Wall time, CPU time and peak RSS of one run under GNU time; its exit
/// code must be one it accepts.
fn run_timed(run: &Run) -> Measured {
    let start = Instant::now();
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%M %U %S"])
        .args(&run.command)
        .output()
        .expect("/usr/bin/time (Debian's `time` package)");
    let wall = start.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.code().is_some_and(|c| run.ok.contains(&c)),
        "{:?} failed:\n{stderr}",
        run.command
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
    Measured {
        wall,
        cpu: user + system,
        rss_kib: rss as u64,
    }
}

#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct GenLayer {
    digest: String,
    diff_id: String,
    size: u64,
    tar_size: u64,
    files: u64,
}

/// What [`generate`] made.
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct GenImage {
    spec: String,
    /// sha256 of the list of source files (paths and sizes).
    sources_digest: String,
    sources: usize,
    v1: Vec<GenLayer>,
    sibling_top: GenLayer,
}

fn blob_path(layout: &Path, digest: &str) -> PathBuf {
    layout
        .join("blobs/sha256")
        .join(digest.trim_start_matches("sha256:"))
}

/// A source file: where it is, and its path in the image.
struct Source {
    path: PathBuf,
    name: String,
    size: u64,
}

/// The regular files under [`ROOTS`], in sorted path order.
fn sources() -> Vec<Source> {
    let home = std::env::var("HOME").unwrap_or_else(|_| "/root".into());
    let mut out = Vec::new();
    for root in ROOTS {
        let (path, name) = match root.strip_prefix("~/") {
            Some(rest) => (Path::new(&home).join(rest), format!("opt/{rest}")),
            None => (
                PathBuf::from(root),
                root.trim_start_matches('/').to_string(),
            ),
        };
        walk(&path, &name, &mut out);
    }
    out
}

fn walk(dir: &Path, name: &str, out: &mut Vec<Source>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let Ok(meta) = entry.path().symlink_metadata() else {
            continue;
        };
        let child = format!("{name}/{}", entry.file_name().to_string_lossy());
        if meta.is_dir() {
            walk(&entry.path(), &child, out);
        } else if meta.is_file() && meta.len() <= MAX_SOURCE_FILE {
            out.push(Source {
                path: entry.path(),
                name: child,
                size: meta.len(),
            });
        }
    }
}

/// Splits `sources` into consecutive runs of about `sizes` bytes each.
fn plan<'a>(sources: &'a [Source], sizes: &[u64]) -> Vec<&'a [Source]> {
    let mut plans = Vec::new();
    let mut start = 0;
    for &target in sizes {
        let mut end = start;
        let mut bytes = 0;
        while end < sources.len() && bytes < target {
            bytes += sources[end].size + 512;
            end += 1;
        }
        assert!(
            bytes >= target,
            "not enough files under {ROOTS:?} for the image"
        );
        plans.push(&sources[start..end]);
        start = end;
    }
    plans
}

/// Generates the layout, unless `dir` holds it for this SPEC and sources.
fn generate(dir: &Path) -> GenImage {
    let state = dir.join("image.json");
    let layout = dir.join("layout");
    let sources = sources();
    let mut listing = Sha256::new();
    for s in &sources {
        listing.update(format!("{}\t{}\n", s.name, s.size));
    }
    let sources_digest = hex_digest(listing);
    if let Ok(text) = std::fs::read_to_string(&state)
        && let Ok(image) = serde_json::from_str::<GenImage>(&text)
        && image.spec == SPEC
        && image.sources_digest == sources_digest
        && image
            .v1
            .iter()
            .chain([&image.sibling_top])
            .all(|l| blob_path(&layout, &l.digest).exists())
    {
        return image;
    }
    let start = Instant::now();
    eprintln!("generating the images into {} …", layout.display());
    let _ = std::fs::remove_dir_all(&layout);
    std::fs::create_dir_all(layout.join("blobs/sha256")).expect("layout");
    let mut sizes: Vec<u64> = LAYERS_MIB.iter().map(|m| m << 20).collect();
    sizes.push(SIBLING_TOP_MIB << 20);
    let plans = plan(&sources, &sizes);
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let made = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..cores {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(files) = plans.get(i) else { break };
                    let layer = write_layer(&layout, i, files);
                    made.lock().unwrap().push((i, layer));
                }
            });
        }
    });
    let mut made = made.into_inner().unwrap();
    made.sort_by_key(|(i, _)| *i);
    let mut layers: Vec<GenLayer> = made.into_iter().map(|(_, l)| l).collect();
    let sibling_top = layers.pop().expect("sibling layer");
    let mut sibling = layers[..layers.len() - 1].to_vec();
    sibling.push(sibling_top.clone());
    let manifests = [
        write_image(&layout, &layers, TAG),
        write_image(&layout, &sibling, SIBLING_TAG),
    ];
    std::fs::write(
        layout.join("index.json"),
        serde_json::to_vec_pretty(&serde_json::json!({
            "schemaVersion": 2,
            "mediaType": "application/vnd.oci.image.index.v1+json",
            "manifests": manifests,
        }))
        .unwrap(),
    )
    .unwrap();
    std::fs::write(
        layout.join("oci-layout"),
        br#"{"imageLayoutVersion": "1.0.0"}"#,
    )
    .unwrap();
    let image = GenImage {
        spec: SPEC.into(),
        sources_digest,
        sources: sources.len(),
        v1: layers,
        sibling_top,
    };
    std::fs::write(&state, serde_json::to_string_pretty(&image).unwrap()).unwrap();
    eprintln!("generated in {:.1} s", start.elapsed().as_secs_f64());
    image
}

/// Writes the config and manifest of an image of `layers` into the layout;
/// returns its index entry, named `tag`.
fn write_image(layout: &Path, layers: &[GenLayer], tag: &str) -> serde_json::Value {
    let config = serde_json::to_vec(&config(layers)).unwrap();
    let config_digest = write_blob(layout, &config);
    let manifest = serde_json::to_vec(&manifest(layers, &config_digest, config.len())).unwrap();
    let manifest_digest = write_blob(layout, &manifest);
    serde_json::json!({
        "mediaType": "application/vnd.oci.image.manifest.v1+json",
        "digest": manifest_digest,
        "size": manifest.len(),
        "platform": {"architecture": "amd64", "os": "linux"},
        "annotations": {"org.opencontainers.image.ref.name": tag},
    })
}

fn config(layers: &[GenLayer]) -> serde_json::Value {
    serde_json::json!({
        "architecture": "amd64",
        "os": "linux",
        "config": {"Env": ["CUDA_VERSION=12.8.1", "PATH=/usr/local/bin:/usr/bin:/bin"],
                   "Labels": {"org.opencontainers.image.version": "bench"}},
        "rootfs": {"type": "layers", "diff_ids": layers.iter().map(|l| &l.diff_id).collect::<Vec<_>>()},
    })
}

fn manifest(layers: &[GenLayer], config_digest: &str, config_size: usize) -> serde_json::Value {
    serde_json::json!({
        "schemaVersion": 2,
        "mediaType": "application/vnd.oci.image.manifest.v1+json",
        "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "digest": config_digest, "size": config_size},
        "layers": layers.iter().map(|l| serde_json::json!({
            "mediaType": "application/vnd.oci.image.layer.v1.tar+gzip",
            "digest": l.digest,
            "size": l.size,
        })).collect::<Vec<_>>(),
    })
}

fn write_blob(layout: &Path, bytes: &[u8]) -> String {
    let digest = sha256_digest(bytes);
    std::fs::write(blob_path(layout, &digest), bytes).expect("blob");
    digest
}

/// Counts and hashes what goes through it.
struct HashWriter<W> {
    inner: W,
    hasher: Sha256,
    count: u64,
}

impl<W: Write> Write for HashWriter<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        self.count += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

fn hex_digest(hasher: Sha256) -> String {
    let bytes = hasher.finalize();
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}

/// Writes layer `index` (a tar of `files`, gzip level 6) into the layout.
fn write_layer(layout: &Path, index: usize, files: &[Source]) -> GenLayer {
    let partial = layout.join(format!("layer-{index}.partial"));
    let compressed = HashWriter {
        inner: BufWriter::with_capacity(1 << 20, File::create(&partial).expect("layer file")),
        hasher: Sha256::new(),
        count: 0,
    };
    let gz = flate2::write::GzEncoder::new(compressed, flate2::Compression::new(6));
    let mut tar = tar::Builder::new(HashWriter {
        inner: gz,
        hasher: Sha256::new(),
        count: 0,
    });
    let mut count = 0;
    if index == 0 {
        for (path, data) in catalog_files() {
            append(&mut tar, &path, data.len() as u64, &data[..]);
            count += 1;
        }
    }
    for source in files {
        // A file that cannot be read now (permissions, gone) is left out.
        let Ok(file) = File::open(&source.path) else {
            continue;
        };
        let Ok(meta) = file.metadata() else { continue };
        append(&mut tar, &source.name, meta.len(), file);
        count += 1;
    }
    let uncompressed = tar.into_inner().expect("tar");
    let diff_id = hex_digest(uncompressed.hasher);
    let tar_size = uncompressed.count;
    let mut compressed = uncompressed.inner.finish().expect("gzip");
    compressed.flush().expect("flush");
    let digest = hex_digest(compressed.hasher);
    std::fs::rename(&partial, blob_path(layout, &digest)).expect("rename blob");
    eprintln!(
        "  layer {index}: {:.0} MiB → {:.0} MiB, {count} files",
        mib(tar_size),
        mib(compressed.count)
    );
    GenLayer {
        digest,
        diff_id,
        size: compressed.count,
        tar_size,
        files: count,
    }
}

/// The files a catalog reads, for the base layer: os-release, this
/// machine's dpkg status (or a small one), CUDA's `version.json` and a
/// Python package's METADATA.
fn catalog_files() -> Vec<(String, Vec<u8>)> {
    let os_release = std::fs::read("/etc/os-release")
        .unwrap_or_else(|_| b"ID=ubuntu\nVERSION_ID=\"24.04\"\n".to_vec());
    let status = std::fs::read("/var/lib/dpkg/status").unwrap_or_else(|_| {
        b"Package: libc6\nStatus: install ok installed\nVersion: 2.39-0ubuntu8\n\n".to_vec()
    });
    vec![
        ("etc/os-release".into(), os_release),
        ("var/lib/dpkg/status".into(), status),
        (
            "usr/local/cuda-12.8/version.json".into(),
            br#"{"cuda": {"name": "CUDA SDK", "version": "12.8.1"}}"#.to_vec(),
        ),
        (
            "usr/local/lib/python3.12/dist-packages/torch-2.8.0.dist-info/METADATA".into(),
            b"Metadata-Version: 2.1\nName: torch\nVersion: 2.8.0\n".to_vec(),
        ),
    ]
}

fn append<W: Write>(tar: &mut tar::Builder<W>, path: &str, size: u64, data: impl std::io::Read) {
    let mut h = tar::Header::new_gnu();
    h.set_entry_type(tar::EntryType::Regular);
    h.set_size(size);
    h.set_mode(0o644);
    h.set_mtime(1_700_000_000);
    tar.append_data(&mut h, path, data).expect("append");
}
