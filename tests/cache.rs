//! The layer catalog cache end to end (docs/cache.md): the real binary,
//! test images of 25.10 in OCI layouts and a real registry. The strong
//! check that a layer was not read: its blob is deleted after the cold
//! run, and the warm run still gives the same report.

use crate::support::image::{BuiltImage, Layer, PlatformImage, TestImage};
use crate::support::registry::TestRegistry;
use crate::support::release_25_10::{Tampering, faithful, platform, tampered};
use crate::util::{mkfifo, root};
use assert_cmd::Command;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::{Duration, Instant};

/// `relnotes` on the project, with the cache in `cache` (and nothing from
/// the environment of whoever runs the tests).
fn relnotes(cache: &Path) -> Command {
    on_the_project(Command::cargo_bin("relnotes").expect("binary built"), cache)
}

/// `cmd`, which runs relnotes, run on the project with the cache in
/// `cache`, none of the cache settings or registry logins of whoever runs
/// the tests reaching it.
fn on_the_project(mut cmd: Command, cache: &Path) -> Command {
    cmd.arg("-C")
        .arg(root())
        .env("DOCKER_CONFIG", "/nonexistent/relnotes-tests")
        .env("XDG_CACHE_HOME", cache.join("xdg"))
        .env_remove("RELNOTES_NO_CACHE")
        .env_remove("RELNOTES_CACHE_MAX_SIZE");
    cmd
}

/// `relnotes verify 25.10 --image oci:DIR --format json` with the cache in
/// `cache/dir`, and more `args`.
fn verify(cache: &Path, layout: &Path, args: &[&str]) -> Output {
    let image = format!("oci:{}", layout.display());
    relnotes(cache)
        .args(["verify", "25.10", "--image", &image, "--arch", "amd64"])
        .args(["--format", "json", "--quiet", "--cache-dir"])
        .arg(cache.join("dir"))
        .args(args)
        .output()
        .expect("runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The image written as an OCI layout in `dir`.
fn layout(image: &BuiltImage, dir: &Path) -> PathBuf {
    image.write_layout(dir, "25.10");
    dir.to_path_buf()
}

/// A cache (a temp dir holding the cache dir `dir`, as `verify` takes
/// it) and `image` written as an OCI layout in a temp dir of its own: the
/// cache's temp dir, its `dir`, the images' temp dir and the layout.
fn cached_layout(image: &BuiltImage) -> (tempfile::TempDir, PathBuf, tempfile::TempDir, PathBuf) {
    let cache = tempfile::tempdir().unwrap();
    let dir = cache.path().join("dir");
    let images = tempfile::tempdir().unwrap();
    let layout = layout(image, images.path());
    (cache, dir, images, layout)
}

/// Deletes the blobs of `digests` from the layout.
fn delete_blobs(layout: &Path, digests: &[String]) {
    for digest in digests {
        let hex = digest.strip_prefix("sha256:").unwrap();
        fs::remove_file(layout.join("blobs/sha256").join(hex)).unwrap();
    }
}

/// Asserts that a run refused (exit 2) and said `says` on stderr; `case`
/// names the case in a failure.
fn assert_refused(out: &Output, says: &str, case: &str) {
    let (stdout, stderr) = (stdout(out), stderr(out));
    assert_eq!(out.status.code(), Some(2), "{case}: {stdout}{stderr}");
    assert!(stderr.contains(says), "{case}: {stderr}");
}

/// The entry file of layer `digest` in the cache directory `dir`.
fn entry(dir: &Path, digest: &str) -> PathBuf {
    dir.join("layers")
        .join(digest.strip_prefix("sha256:").unwrap())
}

/// `relnotes cache COMMAND --cache-dir DIR`.
fn cache_command(cache: &Path, command: &str, dir: &Path) -> Output {
    relnotes(cache)
        .args(["cache", command, "--cache-dir"])
        .arg(dir)
        .output()
        .unwrap()
}

/// `relnotes cache info --format json` of `dir`.
fn info(cache: &Path, dir: &Path, env: &[(&str, &str)]) -> serde_json::Value {
    let out = relnotes(cache)
        .args(["cache", "info", "--format", "json", "--cache-dir"])
        .arg(dir)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn a_warm_run_reads_no_layer_and_gives_the_same_report() {
    let built = tampered();
    let (cache, _, _images, layout) = cached_layout(&built);
    let cold = verify(cache.path(), &layout, &[]);
    assert_eq!(cold.status.code(), Some(1), "{}", stderr(&cold));
    assert_eq!(stderr(&cold), "");
    let layers = built.manifest("amd64").layer_digests();
    for digest in &layers {
        assert!(entry(&cache.path().join("dir"), digest).is_file());
    }
    let cached = info(cache.path(), &cache.path().join("dir"), &[]);
    assert_eq!(cached["entries"], layers.len());

    delete_blobs(&layout, &layers);
    let warm = verify(cache.path(), &layout, &[]);
    assert_eq!(warm.status.code(), Some(1), "{}", stderr(&warm));
    assert_eq!(stdout(&warm), stdout(&cold));
    assert_eq!(stderr(&warm), "");

    // Without the cache the layers are read, and they are gone.
    let image = format!("oci:{}", layout.display());
    let uncached = relnotes(cache.path())
        .args([
            "verify",
            "25.10",
            "--image",
            &image,
            "--no-cache",
            "--quiet",
        ])
        .output()
        .unwrap();
    assert_refused(&uncached, "blobs/sha256", "");
    let by_env = relnotes(cache.path())
        .args(["verify", "25.10", "--image", &image, "--quiet"])
        .env("RELNOTES_NO_CACHE", "1")
        .output()
        .unwrap();
    assert_eq!(by_env.status.code(), Some(2), "{}", stdout(&by_env));
}

#[test]
fn no_cache_writes_nothing() {
    let (cache, _, _images, layout) = cached_layout(&tampered());
    let image = format!("oci:{}", layout.display());
    let run = |args: &[&str], env: &[(&str, &str)]| {
        let out = relnotes(cache.path())
            .args(["verify", "25.10", "--image", &image, "--quiet"])
            .args(args)
            .envs(env.iter().copied())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        stdout(&out)
    };
    let flag = run(&["--no-cache"], &[]);
    let env = run(&[], &[("RELNOTES_NO_CACHE", "1")]);
    assert_eq!(flag, env);
    assert!(!cache.path().join("xdg").exists());
    // The default directory is $XDG_CACHE_HOME/relnotes.
    assert_eq!(run(&[], &[]), flag);
    assert!(cache.path().join("xdg/relnotes/layers").is_dir());
}

#[test]
fn a_sibling_image_reads_only_its_new_layer() {
    let cache = tempfile::tempdir().unwrap();
    let images = tempfile::tempdir().unwrap();
    let base = tampered();
    let first = layout(&base, &images.path().join("base"));
    assert_eq!(verify(cache.path(), &first, &[]).status.code(), Some(1));

    // The same lower layers, and one more: a dpkg status fragment and a
    // hard link to it (catalogued once, cached or not).
    let fragment = "Package: zlib1g\nStatus: install ok installed\nVersion: 1:1.3.dfsg-3.1ubuntu2\nArchitecture: amd64\n\n";
    let top = Layer::gzip()
        .file("var/lib/dpkg/status.d/zlib1g", fragment)
        .hardlink(
            "var/lib/dpkg/status.d/zlib1g-again",
            "var/lib/dpkg/status.d/zlib1g",
        );
    let as_tampered = Tampering {
        pypi_transformers: true,
        no_timm: true,
        peft_whited_out: true,
    };
    let sibling_platform = platform("amd64", as_tampered).layer(top);
    let sibling = TestImage::multi(vec![sibling_platform]).build();
    let second = layout(&sibling, &images.path().join("sibling"));
    let expected = {
        let fresh = tempfile::tempdir().unwrap();
        verify(fresh.path(), &second, &["--show-undeclared"])
    };
    let sibling_layers = sibling.manifest("amd64").layer_digests();
    let base_layers = base.manifest("amd64").layer_digests();
    let shared: Vec<String> = sibling_layers
        .iter()
        .filter(|d| base_layers.contains(d))
        .cloned()
        .collect();
    assert_eq!(
        shared.len(),
        sibling_layers.len() - 1,
        "all but the top layer"
    );
    delete_blobs(&second, &shared);
    let warm = verify(cache.path(), &second, &["--show-undeclared"]);
    assert_eq!(
        warm.status.code(),
        expected.status.code(),
        "{}",
        stderr(&warm)
    );
    assert_eq!(stdout(&warm), stdout(&expected));
    assert!(stdout(&warm).contains("zlib1g"), "{}", stdout(&warm));
}

#[test]
fn damaged_outdated_and_foreign_entries_are_rebuilt() {
    let built = tampered();
    let (cache, dir, _images, layout) = cached_layout(&built);
    let cold = verify(cache.path(), &layout, &[]);
    let layers = built.manifest("amd64").layer_digests();
    let original = |digest: &str| fs::read(entry(&dir, digest)).unwrap();

    type Damage = fn(&mut Vec<u8>, &[u8]);
    let damages: [(&str, Damage, bool); 5] = [
        (
            "a flipped byte",
            |b, _| *b.last_mut().unwrap() ^= 0x20,
            true,
        ),
        ("a truncated body", |b, _| b.truncate(b.len() / 2), true),
        ("an empty file", |b, _| b.clear(), true),
        (
            "an older format",
            |b, _| b[8..12].copy_from_slice(&0u32.to_le_bytes()),
            false,
        ),
        (
            "another layer's entry",
            |b, other| *b = other.to_vec(),
            true,
        ),
    ];
    for (what, damage, warned) in damages {
        let (victim, other) = (&layers[3], &layers[1]);
        let mut bytes = original(victim);
        damage(&mut bytes, &original(other));
        fs::write(entry(&dir, victim), &bytes).unwrap();
        let rerun = verify(cache.path(), &layout, &[]);
        assert_eq!(rerun.status.code(), Some(1), "{what}: {}", stderr(&rerun));
        assert_eq!(stdout(&rerun), stdout(&cold), "{what}");
        let warning = stderr(&rerun);
        let expected = format!(
            "warning: ignoring the layer cache entry {}: ",
            entry(&dir, victim).display()
        );
        assert_eq!(
            warning.lines().count(),
            usize::from(warned),
            "{what}: {warning}"
        );
        assert_eq!(warning.starts_with(&expected), warned, "{what}: {warning}");
        assert_eq!(
            fs::read(entry(&dir, victim)).unwrap(),
            original(&layers[3]),
            "{what}: rebuilt"
        );
    }
}

#[test]
fn concurrent_runs_share_one_cache() {
    let built = faithful();
    let (cache, dir, _images, layout) = cached_layout(&built);
    let image = format!("oci:{}", layout.display());
    let spawn = || {
        std::process::Command::new(env!("CARGO_BIN_EXE_relnotes"))
            .arg("-C")
            .arg(root())
            .args([
                "verify", "25.10", "--image", &image, "--quiet", "--format", "json",
            ])
            .arg("--cache-dir")
            .arg(&dir)
            .env_remove("RELNOTES_NO_CACHE")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let runs: Vec<_> = (0..3).map(|_| spawn()).collect();
    let outputs: Vec<Output> = runs
        .into_iter()
        .map(|c| c.wait_with_output().unwrap())
        .collect();
    for out in &outputs {
        assert_eq!(out.status.code(), Some(0), "{}", stderr(out));
        assert_eq!(stdout(out), stdout(&outputs[0]));
        assert_eq!(stderr(out), "");
    }
    // Every entry is whole: the layers can go.
    let mut layers = built.manifest("amd64").layer_digests();
    layers.extend(built.manifest("arm64").layer_digests());
    delete_blobs(&layout, &layers);
    let warm = relnotes(cache.path())
        .args([
            "verify", "25.10", "--image", &image, "--quiet", "--format", "json",
        ])
        .arg("--cache-dir")
        .arg(&dir)
        .output()
        .unwrap();
    assert_eq!(stdout(&warm), stdout(&outputs[0]));
    assert_eq!(stderr(&warm), "");
    let leftovers: Vec<_> = fs::read_dir(dir.join("layers"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with('.'))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

/// A small image of two layers whose entries are all the same size.
fn small_image(n: u8) -> BuiltImage {
    let os_release = format!("NAME=\"Ubuntu\"\nVERSION_ID=\"24.0{n}\"\nID=ubuntu\n");
    let python = format!("#define PY_VERSION \"3.12.{n}\"\n");
    TestImage::single(
        PlatformImage::new("amd64")
            .layer(Layer::gzip().file("usr/lib/os-release", os_release))
            .layer(Layer::gzip().file("usr/local/include/python3.12/patchlevel.h", python)),
    )
    .build()
}

#[test]
fn eviction_keeps_the_bound_and_drops_the_least_recently_used() {
    let cache = tempfile::tempdir().unwrap();
    let dir = cache.path().join("dir");
    let images = tempfile::tempdir().unwrap();
    let built: Vec<BuiltImage> = (1..=3).map(small_image).collect();
    let layouts: Vec<PathBuf> = built
        .iter()
        .enumerate()
        .map(|(i, b)| layout(b, &images.path().join(i.to_string())))
        .collect();
    let layers = |i: usize| built[i].manifest("amd64").layer_digests();
    let run = |i: usize, bound: &str| {
        let out = relnotes(cache.path())
            .env("RELNOTES_CACHE_MAX_SIZE", bound)
            .args([
                "verify",
                "25.10",
                "--arch",
                "amd64",
                "--quiet",
                "--cache-dir",
            ])
            .arg(&dir)
            .arg("--image")
            .arg(format!("oci:{}", layouts[i].display()))
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert_eq!(stderr(&out), "");
    };
    run(0, "1G");
    let two = info(cache.path(), &dir, &[])["bytes"].as_u64().unwrap();
    run(1, "1G");
    let four = info(cache.path(), &dir, &[])["bytes"].as_u64().unwrap();
    assert_eq!(four, 2 * two, "entries of one size");
    // Image 0 used again: image 1 is now the least recently used.
    run(0, "1G");
    run(2, &four.to_string());
    let after = info(
        cache.path(),
        &dir,
        &[("RELNOTES_CACHE_MAX_SIZE", &four.to_string())],
    );
    assert_eq!(after["bytes"].as_u64().unwrap(), four);
    assert_eq!(after["max_bytes"].as_u64().unwrap(), four);
    for (i, kept) in [(0, true), (1, false), (2, true)] {
        for digest in layers(i) {
            assert_eq!(entry(&dir, &digest).is_file(), kept, "image {i}");
        }
    }
}

#[test]
fn an_unusable_cache_directory_warns_and_the_run_goes_on() {
    let (cache, _, _images, layout) = cached_layout(&tampered());
    fs::write(cache.path().join("file"), "not a directory").unwrap();
    let image = format!("oci:{}", layout.display());
    let out = relnotes(cache.path())
        .args([
            "verify",
            "25.10",
            "--image",
            &image,
            "--quiet",
            "--cache-dir",
        ])
        .arg(cache.path().join("file/relnotes"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let warnings = stderr(&out);
    assert_eq!(
        warnings.lines().count(),
        1,
        "one warning for the run: {warnings}"
    );
    assert!(
        warnings.starts_with("warning: cannot write the layer cache in"),
        "{warnings}"
    );
}

#[test]
fn sbom_from_an_image_in_a_registry_is_served_from_the_cache() {
    let storage = tempfile::tempdir().unwrap();
    let registry = TestRegistry::start_with_storage(storage.path());
    let built = tampered();
    built.push(&registry.url(), "team/tnp", "25.10", None);
    let image = format!("{}/team/tnp:25.10", registry.host());
    let cache = tempfile::tempdir().unwrap();
    let sbom = || {
        relnotes(cache.path())
            .args([
                "sbom",
                "25.10",
                "--arch",
                "amd64",
                "--quiet",
                "--from-image",
                &image,
            ])
            .output()
            .unwrap()
    };
    let cold = sbom();
    assert_eq!(cold.status.code(), Some(0), "{}", stderr(&cold));
    for digest in built.manifest("amd64").layer_digests() {
        fs::remove_file(registry.blob_data_path(&digest)).unwrap();
    }
    let warm = sbom();
    assert_eq!(warm.status.code(), Some(0), "{}", stderr(&warm));
    assert_eq!(stdout(&warm), stdout(&cold));
    assert!(cache.path().join("xdg/relnotes/layers").is_dir());
}

#[test]
fn cache_info_and_clean() {
    let built = small_image(1);
    let (cache, dir, _images, layout) = cached_layout(&built);
    // An empty (absent) cache.
    let empty = info(cache.path(), &dir, &[]);
    assert_eq!(empty["entries"], 0);
    assert_eq!(empty["bytes"], 0);
    assert_eq!(empty["max_bytes"], 1u64 << 30);
    assert_eq!(empty["format_version"], 2);
    assert_eq!(empty["dir"], dir.display().to_string());

    assert_eq!(verify(cache.path(), &layout, &[]).status.code(), Some(1));
    let bytes: u64 = built
        .manifest("amd64")
        .layer_digests()
        .iter()
        .map(|d| fs::metadata(entry(&dir, d)).unwrap().len())
        .sum();
    let text = relnotes(cache.path())
        .args(["cache", "info", "--cache-dir"])
        .arg(&dir)
        .output()
        .unwrap();
    let text = stdout(&text);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(lines[0], format!("directory  {}", dir.display()));
    assert_eq!(lines[1], "entries    2 layers");
    assert!(lines[2].starts_with("size       "), "{text}");
    assert!(
        lines[2].ends_with(&format!(" of 1.0 GiB ({bytes} bytes)")),
        "{text}"
    );
    assert_eq!(lines[3], "format     2 (catalog filter 2)");
    let clean = |args: &[&str]| {
        let out = relnotes(cache.path())
            .args(["cache", "clean", "--cache-dir"])
            .arg(&dir)
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        stdout(&out)
    };
    assert_eq!(
        clean(&["--older-than", "1h"]),
        format!("removed 0 layers (0 bytes) from {}\n", dir.display())
    );
    let all: serde_json::Value = serde_json::from_str(&clean(&["--format", "json"])).unwrap();
    assert_eq!(all["entries"], 2);
    assert_eq!(all["bytes"], bytes);
    assert_eq!(info(cache.path(), &dir, &[])["entries"], 0);
    // The default directory.
    let default = relnotes(cache.path())
        .args(["cache", "info"])
        .output()
        .unwrap();
    assert!(
        stdout(&default).starts_with(&format!(
            "directory  {}\n",
            cache.path().join("xdg/relnotes").display()
        )),
        "{}",
        stdout(&default)
    );
}

/// A bad cache size in the environment is a usage error while the cache is
/// on. (The other bad cache settings are cases in tests/cmd/: `cache-*`;
/// a case always runs with RELNOTES_NO_CACHE=1, which this one must not.)
#[test]
fn a_bad_cache_size_is_a_usage_error() {
    let cache = tempfile::tempdir().unwrap();
    let out = relnotes(cache.path())
        .env("RELNOTES_CACHE_MAX_SIZE", "lots")
        .args(["verify", "25.10", "--image", "oci:/nonexistent", "--quiet"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).starts_with("error: RELNOTES_CACHE_MAX_SIZE: `lots` is not a size"),
        "{}",
        stderr(&out)
    );
}

// --- A cache that is not what it should be --------------------------------

/// [`verify`] within 2 GiB of address space and two minutes: a run that
/// reads or waits without end fails instead of exhausting the machine.
fn verify_bounded(cache: &Path, layout: &Path) -> Output {
    let image = format!("oci:{}", layout.display());
    relnotes_in_2_gib(cache)
        .timeout(Duration::from_secs(120))
        .args(["verify", "25.10", "--image", &image, "--arch", "amd64"])
        .args(["--format", "json", "--quiet", "--cache-dir"])
        .arg(cache.join("dir"))
        .output()
        .expect("runs")
}

/// `relnotes` as [`relnotes`] gives it, under `ulimit -v` (2 GiB).
fn relnotes_in_2_gib(cache: &Path) -> Command {
    let mut cmd = Command::new("sh");
    cmd.arg("-c")
        .arg("ulimit -v 2097152 && exec \"$0\" \"$@\"")
        .arg(env!("CARGO_BIN_EXE_relnotes"));
    on_the_project(cmd, cache)
}

#[test]
fn an_entry_that_is_a_link_to_dev_zero_or_a_fifo_is_read_past() {
    let built = small_image(1);
    let (cache, dir, _images, layout) = cached_layout(&built);
    let cold = verify(cache.path(), &layout, &[]);
    assert_eq!(cold.status.code(), Some(1), "{}", stderr(&cold));
    let victim = entry(&dir, &built.manifest("amd64").layer_digests()[1]);
    let original = fs::read(&victim).unwrap();
    type Plant = fn(&Path);
    let plant: [(&str, Plant); 2] = [
        ("it is a symlink", |p| {
            std::os::unix::fs::symlink("/dev/zero", p).unwrap()
        }),
        ("it is a FIFO", mkfifo),
    ];
    for (why, plant) in plant {
        fs::remove_file(&victim).unwrap();
        plant(&victim);
        let started = Instant::now();
        let rerun = verify_bounded(cache.path(), &layout);
        assert_eq!(rerun.status.code(), Some(1), "{why}: {}", stderr(&rerun));
        assert!(started.elapsed() < Duration::from_secs(60), "{why}");
        assert_eq!(stdout(&rerun), stdout(&cold), "{why}");
        assert_eq!(
            stderr(&rerun),
            format!(
                "warning: ignoring the layer cache entry {}: {why}{}; reading the layer again\n",
                victim.display(),
                if why.contains("symlink") {
                    "; relnotes follows no link inside its cache"
                } else {
                    ", not a regular file"
                }
            )
        );
        // Replaced by the entry the layer gives, not written through.
        assert!(fs::symlink_metadata(&victim).unwrap().is_file(), "{why}");
        assert_eq!(fs::read(&victim).unwrap(), original, "{why}");
    }
}

#[test]
fn a_lock_that_is_a_fifo_stops_no_run() {
    let built = small_image(1);
    let (cache, dir, _images, layout) = cached_layout(&built);
    assert_eq!(verify(cache.path(), &layout, &[]).status.code(), Some(1));
    fs::remove_file(dir.join("lock")).unwrap();
    mkfifo(&dir.join("lock"));
    // A run that writes an entry trims the cache under the lock afterwards.
    fs::remove_file(entry(&dir, &built.manifest("amd64").layer_digests()[0])).unwrap();
    let rerun = verify_bounded(cache.path(), &layout);
    assert_eq!(rerun.status.code(), Some(1), "{}", stderr(&rerun));
    assert_eq!(
        stderr(&rerun),
        format!(
            "warning: cannot trim the layer cache in {}: {}: it is a FIFO, not a regular file\n",
            dir.display(),
            dir.join("lock").display()
        )
    );
    let clean = relnotes(cache.path())
        .timeout(Duration::from_secs(60))
        .args(["cache", "clean", "--cache-dir"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_refused(&clean, "lock: it is a FIFO, not a regular file", "");
    assert!(entry(&dir, &built.manifest("amd64").layer_digests()[0]).is_file());
}

/// The uid the tests run as (that of a file they create).
fn my_uid(dir: &Path) -> u32 {
    use std::os::unix::fs::MetadataExt;
    let probe = dir.join("probe");
    fs::write(&probe, "").unwrap();
    fs::metadata(&probe).unwrap().uid()
}

#[test]
fn a_cache_directory_others_may_write_is_not_used() {
    use std::os::unix::fs::PermissionsExt;
    let images = tempfile::tempdir().unwrap();
    let (one, two) = (small_image(1), small_image(2));
    let first = layout(&one, &images.path().join("one"));
    let second = layout(&two, &images.path().join("two"));
    let cache = tempfile::tempdir().unwrap();
    let dir = cache.path().join("dir");
    let cold = verify(cache.path(), &first, &[]);
    assert_eq!(cold.status.code(), Some(1), "{}", stderr(&cold));

    // A forged entry: image two's Python layer, said to be image one's
    // (the name inside rewritten; the checksum covers the body only).
    let other = tempfile::tempdir().unwrap();
    assert_eq!(verify(other.path(), &second, &[]).status.code(), Some(1));
    let (real, foreign) = (
        &one.manifest("amd64").layer_digests()[1],
        &two.manifest("amd64").layer_digests()[1],
    );
    let mut forged = fs::read(entry(&other.path().join("dir"), foreign)).unwrap();
    forged[16..87].copy_from_slice(real.as_bytes());
    fs::write(entry(&dir, real), &forged).unwrap();
    // In a private cache, its owner's entry is believed: the report
    // changes (so the refusals below are what keeps it right).
    let believed = verify(cache.path(), &first, &[]);
    assert_ne!(stdout(&believed), stdout(&cold));
    assert!(
        stdout(&believed).contains("3.12.2"),
        "{}",
        stdout(&believed)
    );

    let chmod =
        |path: &Path, mode| fs::set_permissions(path, fs::Permissions::from_mode(mode)).unwrap();
    let mut cases = vec![
        (
            dir.clone(),
            0o777,
            None,
            "is writable by anyone (mode 0777, no sticky bit)",
        ),
        (
            dir.join("layers"),
            0o757,
            None,
            "is writable by anyone (mode 0757, no sticky bit)",
        ),
    ];
    if my_uid(cache.path()) == 0 {
        cases.push((
            dir.clone(),
            0o700,
            Some(65534),
            "belongs to another user (uid 65534)",
        ));
    } else {
        eprintln!("not root: a cache directory of another user is not tested");
    }
    for (path, mode, owner, why) in cases {
        chmod(&path, mode);
        if let Some(uid) = owner {
            std::os::unix::fs::chown(&path, Some(uid), None).unwrap();
        }
        let refused = verify(cache.path(), &first, &[]);
        assert_eq!(refused.status.code(), Some(1), "{}", stderr(&refused));
        assert_eq!(stdout(&refused), stdout(&cold), "{why}");
        assert_eq!(
            stderr(&refused),
            format!(
                "warning: not using the layer cache in {}: {} {why}: {}\n",
                dir.display(),
                path.display(),
                if owner.is_some() {
                    "they could plant entries in it"
                } else {
                    "others could plant entries in it"
                }
            )
        );
        assert_eq!(
            fs::read(entry(&dir, real)).unwrap(),
            forged,
            "not rewritten"
        );
        for command in ["info", "clean"] {
            let out = cache_command(cache.path(), command, &dir);
            assert_eq!(out.status.code(), Some(2), "{command}: {}", stderr(&out));
            assert!(
                stderr(&out).contains(&format!("{} {why}", path.display()))
                    && stderr(&out).contains("relnotes does not use it"),
                "{command}: {}",
                stderr(&out)
            );
        }
        assert!(entry(&dir, real).is_file(), "nothing cleaned");
        chmod(&path, 0o700);
        if owner.is_some() {
            std::os::unix::fs::chown(&path, Some(my_uid(cache.path())), None).unwrap();
        }
    }
}

#[test]
fn cache_clean_follows_no_layers_link() {
    let cache = tempfile::tempdir().unwrap();
    let dir = cache.path().join("dir");
    let elsewhere = cache.path().join("elsewhere");
    fs::create_dir_all(&dir).unwrap();
    fs::create_dir_all(&elsewhere).unwrap();
    // Files named as entries are, where the link points.
    let precious = elsewhere.join("ab".repeat(32));
    fs::write(&precious, "not the cache's").unwrap();
    std::os::unix::fs::symlink(&elsewhere, dir.join("layers")).unwrap();
    for command in ["clean", "info"] {
        let out = cache_command(cache.path(), command, &dir);
        let says = format!(
            "{} is a symlink; relnotes follows no link inside its cache",
            dir.join("layers").display()
        );
        assert_refused(&out, &says, command);
    }
    assert_eq!(fs::read_to_string(&precious).unwrap(), "not the cache's");
    // Nor does a run write through it.
    let images = tempfile::tempdir().unwrap();
    let layout = layout(&small_image(1), images.path());
    let out = verify(cache.path(), &layout, &[]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).starts_with(&format!(
            "warning: not using the layer cache in {}",
            dir.display()
        )),
        "{}",
        stderr(&out)
    );
    assert_eq!(fs::read_dir(&elsewhere).unwrap().count(), 1);
}
