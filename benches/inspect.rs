//! Image-read benchmark: how long relnotes takes to stream a large image
//! from a local registry, next to the floor of merely decompressing the
//! same layer blobs with `gzip -dc` on every core. Prints figures; asserts
//! nothing.
//!
//! Run with `./scripts/bench-inspect.sh` (installs Debian's docker-registry
//! and time), or `cargo bench --bench inspect` once they are there.
//!
//! 1. Generates an image of 2.1 GiB uncompressed in six gzip layers
//!    (largest 900 MiB): files of 512 B to 2 MiB of pseudo-random text,
//!    random bytes and structured binary, compressing about 2.3:1, with the
//!    files a catalog reads (`*.dist-info/METADATA`, `var/lib/dpkg/status`,
//!    `etc/os-release`, CUDA's `version.json`) and whiteouts in upper
//!    layers. The blobs are written once to `target/bench-image/`.
//! 2. Pushes it to a docker-registry on 127.0.0.1 whose storage is in
//!    `target/bench-image/registry/`.
//! 3. Times, three runs each after a warm-up (page cache hot), under
//!    `/usr/bin/time -v` for peak RSS:
//!    - the floor: `gzip -dc` of the registry's stored layer blobs in
//!      parallel (`xargs -P <cores>`);
//!    - the real binary: `relnotes verify 25.10 --image … --arch amd64
//!      --quiet` on a scratch copy of this project's records (the image
//!      does not match the record, so it exits 1 with findings: the time
//!      is what counts);
//!    - the library alone: this benchmark re-run as a child
//!      (`--read-image`) that opens the image and reads it with a
//!      catalog-like filter.

#[path = "../tests/support/registry.rs"]
mod registry;

use relnotes::inspect::digest::sha256_digest;
use relnotes::inspect::{self, ImageSource, NoProgress, OpenOptions, Platform};
use sha2::{Digest, Sha256};
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// Uncompressed layer sizes, MiB (2180 MiB in all).
const LAYERS_MIB: [u64; 6] = [900, 550, 300, 220, 140, 70];
/// Bump when the generated content changes, to regenerate.
const SPEC: &str = "bench-image v1: 900,550,300,220,140,70 MiB; gzip 6";
const RUNS: usize = 3;
const REPO: &str = "bench/gpu-image";
const TAG: &str = "v1";

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--read-image") {
        read_image(&args[i + 1]);
        return;
    }
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-image");
    std::fs::create_dir_all(&dir).expect("target/bench-image");
    let layers = generate(&dir);

    let registry = registry::TestRegistry::start_with_storage(&dir.join("registry"));
    let pushed = push(&registry.url(), &layers, &dir);
    let reference = format!("{}/{REPO}:{TAG}", registry.host());
    let blob_files: Vec<PathBuf> = layers
        .iter()
        .map(|l| registry.blob_data_path(&l.digest))
        .collect();
    let compressed: u64 = layers.iter().map(|l| l.size).sum();
    let uncompressed: u64 = layers.iter().map(|l| l.tar_size).sum();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "image: {} layers, {:.2} GiB uncompressed, {:.2} GiB compressed (gzip), {} files ({} wanted); {cores} cores",
        layers.len(),
        gib(uncompressed),
        gib(compressed),
        layers.iter().map(|l| l.files).sum::<u64>(),
        layers.iter().map(|l| l.wanted).sum::<u64>(),
    );
    println!("manifest {pushed}");

    // Warm-up: both read the same files from the page cache afterwards.
    floor(&blob_files, cores);
    let mut floors = Vec::new();
    for _ in 0..RUNS {
        floors.push(floor(&blob_files, cores));
    }
    let exe = std::env::current_exe().expect("own path");
    let library = [
        exe.as_os_str().to_owned(),
        "--read-image".into(),
        reference.clone().into(),
    ];
    let mut rows = vec![(
        "library: open + read (`--read-image`)",
        measure(&library, &[0]),
    )];
    let binary = Path::new(env!("CARGO_BIN_EXE_relnotes"));
    let has_verify = Command::new(binary)
        .args(["verify", "--help"])
        .output()
        .is_ok_and(|o| o.status.success());
    if has_verify {
        let project = scratch_project(&dir);
        let verify = [
            binary.as_os_str().to_owned(),
            "-C".into(),
            project.into_os_string(),
            "verify".into(),
            "25.10".into(),
            "--image".into(),
            reference.clone().into(),
            "--arch".into(),
            "amd64".into(),
            "--quiet".into(),
        ];
        rows.insert(
            0,
            ("`relnotes verify` (real binary)", measure(&verify, &[0, 1])),
        );
    }
    floors.sort();
    let floor_min = floors[0];
    let floor_median = floors[RUNS / 2];
    println!();
    println!(
        "| | min s | median s | MiB/s (uncompressed, min) | ratio to floor (min / median) | peak RSS MiB |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    println!(
        "| floor: `gzip -dc` × {cores} in parallel | {:.2} | {:.2} | {:.0} | 1 | – |",
        secs(floor_min),
        secs(floor_median),
        mib(uncompressed) / secs(floor_min)
    );
    for (name, (min, median, peak)) in &rows {
        println!(
            "| {name} | {:.2} | {:.2} | {:.0} | {:.2}× / {:.2}× | {:.1} |",
            secs(*min),
            secs(*median),
            mib(uncompressed) / secs(*min),
            secs(*min) / secs(floor_min),
            secs(*median) / secs(floor_median),
            *peak as f64 / 1024.0
        );
    }
    println!();
    println!("target: ≤ 1.1× the floor, peak RSS < 64 MiB");
}

/// A warm-up then [`RUNS`] runs of a command: min and median wall time,
/// highest peak RSS (KiB).
fn measure(command: &[std::ffi::OsString], ok: &[i32]) -> (Duration, Duration, u64) {
    run_timed(command, ok);
    let mut runs: Vec<(Duration, u64)> = (0..RUNS).map(|_| run_timed(command, ok)).collect();
    runs.sort_by_key(|r| r.0);
    let peak = runs.iter().map(|r| r.1).max().unwrap_or(0);
    (runs[0].0, runs[RUNS / 2].0, peak)
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

/// The child: open the image and read linux/amd64 with a catalog-like filter.
fn read_image(reference: &str) {
    let source = ImageSource::parse(reference).expect("reference");
    let image = inspect::open(&source, &OpenOptions::default()).expect("open");
    let wanted = |path: &str, size: u64| -> inspect::Keep {
        (size <= 8 << 20
            && (path.ends_with(".dist-info/METADATA")
                || path.ends_with(".egg-info/PKG-INFO")
                || path == "var/lib/dpkg/status"
                || path.starts_with("var/lib/dpkg/status.d/")
                || path == "etc/os-release"
                || path == "usr/lib/os-release"
                || (path.starts_with("usr/local/cuda") && path.ends_with("/version.json"))
                || path.ends_with("/cudnn_version.h")
                || path.ends_with("/nccl.h")))
        .into()
    };
    let view = image
        .read(
            &Platform::for_arch(&"amd64".parse().unwrap()),
            &wanted,
            &NoProgress,
        )
        .expect("read");
    let bytes: usize = view.files.iter().map(|f| f.contents.len()).sum();
    eprintln!("{} wanted files, {bytes} bytes", view.files.len());
}

/// Wall time of `gzip -dc` of every blob, `cores` at a time.
fn floor(blobs: &[PathBuf], cores: usize) -> Duration {
    let list: String = blobs.iter().map(|b| format!("{}\n", b.display())).collect();
    let start = Instant::now();
    let mut child = Command::new("xargs")
        .args([
            "-P",
            &cores.to_string(),
            "-n",
            "1",
            "sh",
            "-c",
            "gzip -dc \"$0\" >/dev/null",
        ])
        .stdin(std::process::Stdio::piped())
        .spawn()
        .expect("xargs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(list.as_bytes())
        .unwrap();
    let status = child.wait().expect("xargs");
    assert!(status.success(), "gzip -dc failed");
    start.elapsed()
}

/// Wall time and peak RSS (KiB) of one run under `/usr/bin/time -v`; the
/// exit code must be one of `ok`.
fn run_timed(command: &[std::ffi::OsString], ok: &[i32]) -> (Duration, u64) {
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
    path: PathBuf,
    digest: String,
    diff_id: String,
    size: u64,
    tar_size: u64,
    files: u64,
    wanted: u64,
}

/// Generates the layers (in parallel), unless `dir` holds them for this SPEC.
fn generate(dir: &Path) -> Vec<GenLayer> {
    let index = dir.join("layers.json");
    if let Ok(text) = std::fs::read_to_string(&index)
        && let Ok((spec, layers)) = serde_json::from_str::<(String, Vec<GenLayer>)>(&text)
        && spec == SPEC
        && layers.iter().all(|l| l.path.exists())
    {
        return layers;
    }
    let start = Instant::now();
    eprintln!(
        "generating {} layers into {} …",
        LAYERS_MIB.len(),
        dir.display()
    );
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..cores {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= LAYERS_MIB.len() {
                        break;
                    }
                    let layer = generate_layer(dir, i);
                    results.lock().unwrap().push((i, layer));
                }
            });
        }
    });
    let mut layers = results.into_inner().unwrap();
    layers.sort_by_key(|(i, _)| *i);
    let layers: Vec<GenLayer> = layers.into_iter().map(|(_, l)| l).collect();
    std::fs::write(
        &index,
        serde_json::to_string_pretty(&(SPEC, &layers)).unwrap(),
    )
    .unwrap();
    eprintln!("generated in {:.1} s", start.elapsed().as_secs_f64());
    layers
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

/// xorshift64*: fast, deterministic pseudo-random numbers.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A vocabulary of pseudo-words for text content.
fn vocabulary(rng: &mut Rng) -> Vec<Vec<u8>> {
    (0..2048)
        .map(|_| {
            let len = 2 + rng.below(9) as usize;
            (0..len).map(|_| b'a' + rng.below(26) as u8).collect()
        })
        .collect()
}

/// `n` bytes of file content: text, random bytes or structured binary.
fn content(rng: &mut Rng, words: &[Vec<u8>], n: usize, out: &mut Vec<u8>) {
    out.clear();
    while out.len() < n {
        let chunk = (4096 + rng.below(60_000) as usize).min(n - out.len());
        match rng.below(10) {
            // 60 %: text from a 2048-word vocabulary, lines of 4–12 words.
            0..=5 => {
                let end = out.len() + chunk;
                while out.len() < end {
                    let words_on_line = 4 + rng.below(9);
                    for _ in 0..words_on_line {
                        let r = rng.next();
                        // Zipf-like: low indexes far more often.
                        let idx = ((r % 2048) * ((r >> 11) % 2048) / 2048) as usize;
                        out.extend_from_slice(&words[idx]);
                        out.push(b' ');
                    }
                    out.push(b'\n');
                }
                out.truncate(end);
            }
            // 20 %: random bytes (already-compressed data, weights).
            6 | 7 => {
                let end = out.len() + chunk;
                while out.len() < end {
                    out.extend_from_slice(&rng.next().to_le_bytes());
                }
                out.truncate(end);
            }
            // 20 %: structured binary (tables of small numbers).
            _ => {
                let end = out.len() + chunk;
                let base = rng.next();
                let mut i = 0u64;
                while out.len() < end {
                    let v = (base.wrapping_add(i * 16)) & 0x0000_ffff_00ff_ffff;
                    out.extend_from_slice(&v.to_le_bytes());
                    if rng.below(8) == 0 {
                        out.extend_from_slice(&(rng.next() as u32).to_le_bytes());
                    }
                    i += 1;
                }
                out.truncate(end);
            }
        }
    }
}

fn generate_layer(dir: &Path, index: usize) -> GenLayer {
    let path = dir.join(format!("layer-{index}.tar.gz"));
    let mut rng =
        Rng(0x9e37_79b9_7f4a_7c15 ^ (index as u64 + 1).wrapping_mul(0xbf58_476d_1ce4_e5b9));
    let words = vocabulary(&mut Rng(42));
    let target = LAYERS_MIB[index] << 20;
    let file = File::create(&path).expect("layer file");
    let compressed = HashWriter {
        inner: BufWriter::with_capacity(1 << 20, file),
        hasher: Sha256::new(),
        count: 0,
    };
    let gz = flate2::write::GzEncoder::new(compressed, flate2::Compression::new(6));
    let uncompressed = HashWriter {
        inner: gz,
        hasher: Sha256::new(),
        count: 0,
    };
    let mut tar = tar::Builder::new(uncompressed);
    let mut count = Counts::default();
    let mut buf = Vec::new();
    if index == 0 {
        add(
            &mut tar,
            &mut count,
            "etc/os-release",
            b"PRETTY_NAME=\"Ubuntu 24.04.2 LTS\"\nID=ubuntu\nVERSION_ID=\"24.04\"\n",
            true,
        );
        let mut status = Vec::new();
        for i in 0..1500 {
            status.extend_from_slice(
                format!("Package: lib{i}-bench\nStatus: install ok installed\nVersion: 1.{i}-0ubuntu1\nArchitecture: amd64\nDescription: generated package {i}\n the quick brown fox\n\n").as_bytes(),
            );
        }
        add(&mut tar, &mut count, "var/lib/dpkg/status", &status, true);
        add(
            &mut tar,
            &mut count,
            "usr/local/cuda-12.8/version.json",
            br#"{"cuda": {"name": "CUDA SDK", "version": "12.8.1"}}"#,
            true,
        );
    }
    let mut package = 0u64;
    while count.bytes < target {
        // A package: a directory of modules and its dist-info.
        package += 1;
        let root = format!("usr/local/lib/python3.12/dist-packages/pkg{index}_{package}");
        let mut h = header(0, tar::EntryType::Directory);
        tar.append_data(&mut h, format!("{root}/"), &[][..])
            .expect("dir");
        let modules = 1 + rng.below(12);
        for m in 0..modules {
            // Log-uniform sizes, 512 B to 2 MiB.
            let exp = 9.0 + (rng.below(1_000_000) as f64 / 1_000_000.0) * 12.0;
            let size = (2f64.powf(exp) as u64).min(target.saturating_sub(count.bytes).max(512));
            content(&mut rng, &words, size as usize, &mut buf);
            let ext = if m % 3 == 0 { "so" } else { "py" };
            add(
                &mut tar,
                &mut count,
                &format!("{root}/module_{m}.{ext}"),
                &buf,
                false,
            );
        }
        let metadata = format!(
            "Metadata-Version: 2.1\nName: pkg{index}-{package}\nVersion: {}.{}.{}\nSummary: generated\n",
            rng.below(5),
            rng.below(30),
            rng.below(10)
        );
        add(
            &mut tar,
            &mut count,
            &format!(
                "usr/local/lib/python3.12/dist-packages/pkg{index}_{package}-1.0.dist-info/METADATA"
            ),
            metadata.as_bytes(),
            true,
        );
        if index > 0 && package.is_multiple_of(50) {
            // Upper layers delete a few files of the base layer.
            let mut h = header(0, tar::EntryType::Regular);
            tar.append_data(
                &mut h,
                format!("usr/local/lib/python3.12/dist-packages/pkg0_{package}/.wh.module_0.py"),
                &[][..],
            )
            .expect("whiteout");
        }
    }
    let uncompressed = tar.into_inner().expect("tar");
    let diff_id = hex_digest(uncompressed.hasher);
    let tar_size = uncompressed.count;
    let mut compressed = uncompressed.inner.finish().expect("gzip");
    compressed.flush().expect("flush");
    let digest = hex_digest(compressed.hasher);
    let size = compressed.count;
    eprintln!(
        "  layer {index}: {:.0} MiB → {:.0} MiB",
        mib(tar_size),
        mib(size)
    );
    GenLayer {
        path,
        digest,
        diff_id,
        size,
        tar_size,
        files: count.files,
        wanted: count.wanted,
    }
}

#[derive(Default)]
struct Counts {
    files: u64,
    wanted: u64,
    bytes: u64,
}

fn header(size: u64, kind: tar::EntryType) -> tar::Header {
    let mut h = tar::Header::new_gnu();
    h.set_entry_type(kind);
    h.set_size(size);
    h.set_mode(if kind == tar::EntryType::Directory {
        0o755
    } else {
        0o644
    });
    h.set_mtime(1_700_000_000);
    h
}

fn add<W: Write>(
    tar: &mut tar::Builder<W>,
    count: &mut Counts,
    path: &str,
    data: &[u8],
    wanted: bool,
) {
    let mut h = header(data.len() as u64, tar::EntryType::Regular);
    tar.append_data(&mut h, path, data).expect("append");
    count.files += 1;
    count.wanted += wanted as u64;
    count.bytes += data.len() as u64;
}

/// Pushes the layers, a config and a manifest (unless the registry has
/// them); returns the manifest digest.
fn push(base: &str, layers: &[GenLayer], _dir: &Path) -> String {
    relnotes::inspect::registry::install_crypto_provider();
    let client = reqwest::blocking::Client::builder()
        .no_proxy()
        .timeout(Duration::from_secs(600))
        .build()
        .unwrap();
    let upload = |bytes_or_file: Result<Vec<u8>, &Path>, digest: &str| {
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
        let body = match bytes_or_file {
            Ok(bytes) => reqwest::blocking::Body::from(bytes),
            Err(path) => reqwest::blocking::Body::from(File::open(path).unwrap()),
        };
        let response = client
            .put(format!("{location}{sep}digest={digest}"))
            .header("Content-Type", "application/octet-stream")
            .body(body)
            .send()
            .unwrap();
        assert_eq!(response.status().as_u16(), 201, "PUT {digest}");
    };
    for layer in layers {
        upload(Err(&layer.path), &layer.digest);
    }
    let config = serde_json::to_vec(&serde_json::json!({
        "architecture": "amd64",
        "os": "linux",
        "config": {"Env": ["CUDA_VERSION=12.8.1", "PATH=/usr/local/bin:/usr/bin:/bin"],
                   "Labels": {"org.opencontainers.image.version": "bench"}},
        "rootfs": {"type": "layers", "diff_ids": layers.iter().map(|l| &l.diff_id).collect::<Vec<_>>()},
    }))
    .unwrap();
    let config_digest = sha256_digest(&config);
    let config_size = config.len();
    upload(Ok(config), &config_digest);
    let manifest = serde_json::to_vec(&serde_json::json!({
        "schemaVersion": 2,
        "mediaType": "application/vnd.oci.image.manifest.v1+json",
        "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "digest": config_digest, "size": config_size},
        "layers": layers.iter().map(|l| serde_json::json!({
            "mediaType": "application/vnd.oci.image.layer.v1.tar+gzip",
            "digest": l.digest,
            "size": l.size,
        })).collect::<Vec<_>>(),
    }))
    .unwrap();
    let response = client
        .put(format!("{base}/v2/{REPO}/manifests/{TAG}"))
        .header("Content-Type", "application/vnd.oci.image.manifest.v1+json")
        .body(manifest.clone())
        .send()
        .unwrap();
    assert_eq!(response.status().as_u16(), 201, "PUT manifest");
    let mut check = Vec::new();
    File::open(&layers[0].path)
        .unwrap()
        .take(2)
        .read_to_end(&mut check)
        .unwrap();
    assert_eq!(check, [0x1f, 0x8b], "gzip layers");
    sha256_digest(&manifest)
}
