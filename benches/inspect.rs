//! Image-read benchmark: `relnotes verify` of a 2 GiB image next to the
//! floor of merely inflating its layers with ISA-L's `igzip -dc`, as many
//! at once as there are cores. Prints figures; asserts nothing.
//!
//! Run with `./scripts/bench-inspect.sh` (installs Debian's isal,
//! docker-registry, time and curl), or `cargo bench --bench inspect` once they
//! are there.
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
//! 2. Pushes `v1` to a docker-registry on 127.0.0.1 whose storage is
//!    `target/bench-image/registry/`.
//! 3. Runs every command of [`runs`] once as a warm-up (so every later run
//!    reads from the page cache), then [`ROUNDS`] rounds of each command
//!    in turn (alternating, so that load from elsewhere falls on all of
//!    them alike), under `/usr/bin/time -v` for the peak RSS, and prints
//!    the median and minimum wall times, the ratio of the medians to the
//!    floor, and the peak RSS. Verify from the registry is also compared
//!    with a floor of its own: each layer fetched with `curl` from the
//!    same registry into `igzip -dc`, as many at once as there are cores.
//!
//! `RELNOTES_BENCH_BINARIES='LABEL=PATH;…'` adds a verify of the OCI layout
//! by each of those `relnotes` binaries, e.g. an earlier release or a build
//! without the `isal` feature, to compare in the same run.

#[path = "../tests/support/registry.rs"]
mod registry;

use image::digest::sha256_digest;
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
const REPO: &str = "bench/gpu-image";
const TAG: &str = "v1";
const SIBLING_TAG: &str = "sibling";

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-image");
    std::fs::create_dir_all(&dir).expect("target/bench-image");
    let image = generate(&dir);
    let layout = dir.join("layout");
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());

    let registry = registry::TestRegistry::start_with_storage(&dir.join("registry"));
    push(&registry.url(), &image.v1, &layout);

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
        image::inflate::BACKEND,
        load_average()
    );

    let blobs: Vec<PathBuf> = image
        .v1
        .iter()
        .map(|l| blob_path(&layout, &l.digest))
        .collect();
    let project = scratch_project(&dir);
    let top = blob_path(&layout, &image.sibling_top.digest);
    let runs = runs(&blobs, &top, cores, &project, &layout, &registry.host());

    for (_, command, ok) in &runs {
        run_timed(command, ok);
    }
    let mut times: Vec<Vec<(Duration, u64)>> = vec![Vec::new(); runs.len()];
    for _ in 0..ROUNDS {
        for (i, (_, command, ok)) in runs.iter().enumerate() {
            times[i].push(run_timed(command, ok));
        }
    }
    let medians: Vec<Duration> = times.iter().map(|t| median(t)).collect();
    println!();
    println!("| command | median s | min s | ratio to the floor (medians) | peak RSS MiB |");
    println!("|---|---:|---:|---:|---:|");
    for (i, (label, _, _)) in runs.iter().enumerate() {
        let min = times[i].iter().map(|t| t.0).min().unwrap_or_default();
        let peak = times[i].iter().map(|t| t.1).max().unwrap_or(0);
        println!(
            "| {label} | {:.2} | {:.2} | {:.2}× | {:.1} |",
            secs(medians[i]),
            secs(min),
            secs(medians[i]) / secs(medians[0]),
            peak as f64 / 1024.0
        );
    }
    println!();
    println!(
        "ratios to the first row; {ROUNDS} alternating rounds after a warm-up; load average after: {}",
        load_average()
    );
    let row = |start: &str| runs.iter().position(|r| r.0.starts_with(start));
    if let (Some(floor), Some(verify)) = (row("`curl`"), row("`relnotes verify`, registry")) {
        println!(
            "registry: verify / its floor from the registry (medians): {:.2}×",
            secs(medians[verify]) / secs(medians[floor])
        );
    }
    println!("target: verify ≤ 1.1× the floor, peak RSS ≤ 64 MiB");
}

/// The timed commands: (label, command, accepted exit codes). The first is
/// the floor the others are compared with.
fn runs(
    blobs: &[PathBuf],
    top: &Path,
    cores: usize,
    project: &Path,
    layout: &Path,
    registry: &str,
) -> Vec<(String, Vec<OsString>, Vec<i32>)> {
    let binary = Path::new(env!("CARGO_BIN_EXE_relnotes"));
    // The image does not match the record: verify exits 1 with findings;
    // the time is what counts.
    let verify_with = |binary: &Path, image: String| -> Vec<OsString> {
        let mut command: Vec<OsString> = vec![binary.into(), "-C".into(), project.into()];
        command.extend(
            ["verify", "25.10", "--arch", "amd64", "--quiet", "--image"]
                .iter()
                .map(OsString::from),
        );
        command.push(image.into());
        command
    };
    // Cold runs read every layer (`--no-cache`); the warm run's cache is
    // filled by its warm-up; the sibling run starts each time from a copy
    // of that cache, so only its new top layer is read.
    let cold = |image: String| {
        let mut command = verify_with(binary, image);
        command.push("--no-cache".into());
        command
    };
    let cache = project.join("cache");
    let warm_cache = cache.join("warm");
    let sibling_cache = cache.join("sibling");
    let _ = std::fs::remove_dir_all(&cache);
    let mut warm = verify_with(binary, format!("oci:{}:{TAG}", layout.display()));
    warm.extend(["--cache-dir".into(), warm_cache.clone().into()]);
    let mut sibling = verify_with(binary, format!("oci:{}:{SIBLING_TAG}", layout.display()));
    sibling.extend(["--cache-dir".into(), sibling_cache.clone().into()]);
    let sibling_script: Vec<OsString> = vec![
        "sh".into(),
        "-c".into(),
        "rm -rf \"$1\" && cp -r \"$2\" \"$1\" && shift 2 && exec \"$@\"".into(),
        "sh".into(),
        sibling_cache.into(),
        warm_cache.into(),
    ];
    let sibling: Vec<OsString> = sibling_script.into_iter().chain(sibling).collect();
    let oci = |tag: &str| format!("oci:{}:{tag}", layout.display());
    let others = std::env::var("RELNOTES_BENCH_BINARIES").unwrap_or_default();
    let others = others
        .split(';')
        .filter_map(|o| o.split_once('='))
        .map(|(label, path)| {
            (
                format!("`relnotes verify`, OCI layout, {label}"),
                {
                    let mut command = verify_with(Path::new(path), oci(TAG));
                    command.push("--no-cache".into());
                    command
                },
                vec![0, 1],
            )
        });
    let mut runs = vec![
        (
            format!("`igzip -dc` of the layers, {cores} at a time (the floor)"),
            inflate_all("igzip", blobs, cores),
            vec![0],
        ),
        (
            format!("`gzip -dc` of the layers, {cores} at a time"),
            inflate_all("gzip", blobs, cores),
            vec![0],
        ),
        (
            "`relnotes verify`, OCI layout, cold (`--no-cache`)".into(),
            cold(oci(TAG)),
            vec![0, 1],
        ),
        (
            format!(
                "`curl` of the layers from the registry into `igzip -dc`, {cores} at a time (the floor from a registry)"
            ),
            fetch_and_inflate(registry, blobs, cores),
            vec![0],
        ),
        (
            "`relnotes verify`, registry on 127.0.0.1, cold".into(),
            cold(format!("{registry}/{REPO}:{TAG}")),
            vec![0, 1],
        ),
        (
            "`relnotes verify`, sibling image, OCI layout, cold".into(),
            cold(oci(SIBLING_TAG)),
            vec![0, 1],
        ),
        (
            "`relnotes verify`, OCI layout, warm (every layer cached)".into(),
            warm,
            vec![0, 1],
        ),
        (
            "`igzip -dc` of the sibling's new top layer (its floor)".into(),
            inflate_all("igzip", &[top.to_path_buf()], 1),
            vec![0],
        ),
        (
            "`relnotes verify`, sibling image, its lower layers cached".into(),
            sibling,
            vec![0, 1],
        ),
    ];
    runs.extend(others);
    runs
}

/// `TOOL -dc` of every blob, `cores` at a time, largest first (as relnotes
/// reads them), output discarded.
fn inflate_all(tool: &str, blobs: &[PathBuf], cores: usize) -> Vec<OsString> {
    let list: Vec<String> = blobs.iter().map(|b| b.display().to_string()).collect();
    let script = format!(
        "printf '%s\\n' {} | xargs -P {cores} -n 1 sh -c '{tool} -dc \"$0\" >/dev/null'",
        list.join(" ")
    );
    vec!["sh".into(), "-c".into(), script.into()]
}

/// Each blob fetched from `registry` with `curl` and inflated with
/// `igzip -dc`, `cores` at a time, largest first: the floor of reading the
/// layers from a registry (the transfer and the registry's own work on
/// the same cores included).
fn fetch_and_inflate(registry: &str, blobs: &[PathBuf], cores: usize) -> Vec<OsString> {
    let digests: Vec<String> = blobs
        .iter()
        .map(|b| {
            let hex = b.file_name().expect("blob file").to_string_lossy();
            format!("sha256:{hex}")
        })
        .collect();
    let script = format!(
        "printf '%s\\n' {} | xargs -P {cores} -n 1 sh -c 'curl -sSf \"http://{registry}/v2/{REPO}/blobs/$0\" | igzip -dc >/dev/null'",
        digests.join(" ")
    );
    vec!["sh".into(), "-c".into(), script.into()]
}

fn median(runs: &[(Duration, u64)]) -> Duration {
    let mut times: Vec<Duration> = runs.iter().map(|r| r.0).collect();
    times.sort();
    times[times.len() / 2]
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

/// Wall time and peak RSS (KiB) of one run under `/usr/bin/time -v`; the
/// exit code must be one of `ok`.
fn run_timed(command: &[OsString], ok: &[i32]) -> (Duration, u64) {
    let start = Instant::now();
    let out = Command::new("/usr/bin/time")
        .arg("-v")
        .args(command)
        .output()
        .expect("/usr/bin/time (Debian's `time` package)");
    let elapsed = start.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.code().is_some_and(|c| ok.contains(&c)),
        "{command:?} failed:\n{stderr}"
    );
    let rss = stderr
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("Maximum resident set size (kbytes): ")
        })
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    (elapsed, rss)
}

/// A generated layer blob.
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

/// Pushes `layers` with their config and manifest as `REPO:TAG` (blobs the
/// registry has are not sent again).
fn push(base: &str, layers: &[GenLayer], layout: &Path) {
    image::registry::install_crypto_provider();
    let client = reqwest::blocking::Client::builder()
        .no_proxy()
        .timeout(Duration::from_secs(600))
        .build()
        .unwrap();
    let upload = |body: reqwest::blocking::Body, digest: &str| {
        let head = client
            .head(format!("{base}/v2/{REPO}/blobs/{digest}"))
            .send()
            .unwrap();
        if head.status().is_success() {
            return;
        }
        let response = client
            .post(format!("{base}/v2/{REPO}/blobs/uploads/"))
            .send()
            .unwrap();
        assert_eq!(response.status().as_u16(), 202, "POST upload");
        let location = response.headers()["Location"].to_str().unwrap().to_string();
        let sep = if location.contains('?') { '&' } else { '?' };
        let response = client
            .put(format!("{location}{sep}digest={digest}"))
            .header("Content-Type", "application/octet-stream")
            .body(body)
            .send()
            .unwrap();
        assert_eq!(response.status().as_u16(), 201, "PUT {digest}");
    };
    for layer in layers {
        let file = File::open(blob_path(layout, &layer.digest)).expect("layer blob");
        upload(file.into(), &layer.digest);
    }
    let config = serde_json::to_vec(&config(layers)).unwrap();
    let config_digest = sha256_digest(&config);
    let config_size = config.len();
    upload(config.into(), &config_digest);
    let manifest = serde_json::to_vec(&manifest(layers, &config_digest, config_size)).unwrap();
    let response = client
        .put(format!("{base}/v2/{REPO}/manifests/{TAG}"))
        .header("Content-Type", "application/vnd.oci.image.manifest.v1+json")
        .body(manifest)
        .send()
        .unwrap();
    assert_eq!(response.status().as_u16(), 201, "PUT manifest");
}
