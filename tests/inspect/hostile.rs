//! Hostile images and registries: each case ends in bounded time and
//! memory, with exit 2 (or the right result) and a message naming what
//! and where. Images are crafted by tests/support/crafted.rs; registries
//! that misbehave are tests/support/rogue.rs.

use crate::support::crafted::{self, RawLayer, TAR, TAR_GZIP, gzip_with_zeros, tar_header};
use crate::support::image::{Layer, PlatformImage, TestImage};
use crate::support::rogue::{Reply, RogueRegistry};
use crate::support::rss::run_measured;
use crate::util::{relnotes, root};
use image::{ImageSource, InspectError, NoProgress, OpenOptions, Platform};
use std::path::Path;
use std::time::{Duration, Instant};

/// `relnotes verify 25.10 --image REF --arch amd64 ARGS`: exit code,
/// stderr, and how long it took.
fn verify(image: &str, args: &[&str]) -> (i32, String, Duration) {
    let started = Instant::now();
    let out = relnotes()
        .env("DOCKER_CONFIG", "/nonexistent/relnotes-tests")
        .args(["verify", "25.10", "--arch", "amd64", "--image", image])
        .args(args)
        .timeout(Duration::from_secs(60))
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        started.elapsed(),
    )
}

fn oci(dir: &Path) -> String {
    format!("oci:{}", dir.display())
}

/// A small valid layer.
fn small_layer() -> RawLayer {
    let layer = Layer::gzip().file("etc/os-release", "ID=ubuntu\nVERSION_ID=\"24.04\"\n");
    RawLayer::new(TAR_GZIP, layer.blob(&layer.tar()))
}

/// Asserts a bad-input exit naming `what` and `layer` (no abort, no hang).
fn assert_refused(
    (code, stderr, elapsed): (i32, String, Duration),
    what: &str,
    place: &str,
    limit: Duration,
) {
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains(what), "no `{what}` in: {stderr}");
    assert!(stderr.contains(place), "no `{place}` in: {stderr}");
    assert!(stderr.len() < 2000, "a long message: {stderr}");
    assert!(elapsed < limit, "took {elapsed:?}");
}

#[test]
fn hard_links_to_big_version_files_share_their_bytes() {
    // 15 MiB of dpkg status and of a METADATA whose header block never
    // ends, 400 hard links to each: copying the contents per link took
    // 6 GB before; reading the METADATA whole, 15 MiB for each.
    let pad_lines = |prefix: &str, size: usize| {
        let mut text = prefix.to_string();
        while text.len() < size {
            text.push_str(" padding padding padding padding padding padding padding\n");
        }
        text
    };
    let status = pad_lines(
        "Package: zlib1g\nStatus: install ok installed\nVersion: 1:1.3\nArchitecture: amd64\nDescription: x\n",
        15 << 20,
    );
    let metadata = pad_lines(
        "Metadata-Version: 2.1\nName: big\nVersion: 1.0\nX-Pad: x\n",
        15 << 20,
    );
    let site = "usr/lib/python3/dist-packages";
    let mut layer = Layer::plain()
        .file("var/lib/dpkg/status", &status)
        .file(&format!("{site}/big-1.0.dist-info/METADATA"), &metadata);
    for i in 0..400 {
        layer = layer
            .hardlink(
                &format!("var/lib/dpkg/status.d/link{i}"),
                "var/lib/dpkg/status",
            )
            .hardlink(
                &format!("{site}/big{i}-1.0.dist-info/METADATA"),
                &format!("{site}/big-1.0.dist-info/METADATA"),
            );
    }
    let dir = tempfile::tempdir().unwrap();
    crafted::write_layout(dir.path(), &[RawLayer::new(TAR, layer.tar())]);

    let image = oci(dir.path());
    let root = root();
    let started = Instant::now();
    let (out, peak_kib) = run_measured(
        &[
            "-C",
            root.to_str().unwrap(),
            "verify",
            "25.10",
            "--arch",
            "amd64",
            "--image",
            &image,
            "--format",
            "json",
            "--show-undeclared",
        ],
        &[("DOCKER_CONFIG", "/nonexistent/relnotes-tests")],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    // Read (exit 1: the record's components are not in this image).
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(peak_kib < 256 << 10, "peak RSS {} MiB", peak_kib >> 10);
    assert!(started.elapsed() < Duration::from_secs(60));
    // One finding per file, not per link.
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = report.to_string();
    assert_eq!(text.matches("status.d/link").count(), 0, "{text}");
    assert!(text.contains("var/lib/dpkg/status"), "{text}");
}

#[test]
fn a_2_gib_gnu_long_name_is_refused_at_its_header() {
    // A 2 MB layer inflating to a long-name header of 2 GiB and its name.
    for (kind, what) in [
        (
            tar::EntryType::GNULongName,
            "GNU long name of 2147483648 bytes",
        ),
        (
            tar::EntryType::XHeader,
            "PAX extended header of 2147483648 bytes",
        ),
    ] {
        let header = tar_header(kind, "././@LongLink", 2 << 30);
        let blob = gzip_with_zeros(&header, 2 << 30);
        assert!(blob.len() < 4 << 20);
        let dir = tempfile::tempdir().unwrap();
        let digests = crafted::write_layout(dir.path(), &[RawLayer::new(TAR_GZIP, blob)]);
        assert_refused(
            verify(&oci(dir.path()), &[]),
            what,
            &digests[0],
            Duration::from_secs(30),
        );
    }
}

#[test]
fn blobs_longer_or_shorter_than_their_descriptor_are_refused() {
    let layer = small_layer();
    let size = layer.bytes.len() as u64;
    let dir = tempfile::tempdir().unwrap();
    let digests = crafted::write_layout(dir.path(), &[small_layer().declaring(size - 10)]);
    assert_refused(
        verify(&oci(dir.path()), &[]),
        &format!("is longer than the {} bytes its descriptor says", size - 10),
        &digests[0],
        Duration::from_secs(30),
    );
    let dir = tempfile::tempdir().unwrap();
    let digests = crafted::write_layout(dir.path(), &[layer.declaring(size + 10)]);
    assert_refused(
        verify(&oci(dir.path()), &[]),
        &format!("has {size} bytes, its descriptor says {}", size + 10),
        &digests[0],
        Duration::from_secs(30),
    );
}

#[test]
fn layout_blobs_that_are_not_regular_files_inside_the_layout_are_refused() {
    // A FIFO would block the read forever; /dev/zero would never end; a
    // symlink out of the layout would read a host file.
    let outside = tempfile::tempdir().unwrap();
    let host_file = outside.path().join("secret");
    std::fs::write(&host_file, small_layer().bytes).unwrap();
    type Plant = fn(&Path, &Path);
    let cases: [(&str, Plant, &str); 3] = [
        (
            "fifo",
            |blob, _| {
                let status = std::process::Command::new("mkfifo")
                    .arg(blob)
                    .status()
                    .unwrap();
                assert!(status.success());
            },
            "it is a FIFO, not a regular file",
        ),
        (
            "dev-zero",
            |blob, _| std::os::unix::fs::symlink("/dev/zero", blob).unwrap(),
            "is a symlink to /dev/zero, outside the directory",
        ),
        (
            "host-file",
            |blob, host| std::os::unix::fs::symlink(host, blob).unwrap(),
            "outside the directory; relnotes does not follow it",
        ),
    ];
    for (name, plant, what) in cases {
        let dir = tempfile::tempdir().unwrap();
        let digests = crafted::write_layout(dir.path(), &[small_layer()]);
        let blob = crafted::blob_path(dir.path(), &digests[0]);
        std::fs::remove_file(&blob).unwrap();
        plant(&blob, &host_file);
        let result = verify(&oci(dir.path()), &[]);
        assert!(result.1.contains(what), "{name}: {}", result.1);
        assert_refused(result, what, &digests[0], Duration::from_secs(30));
    }
    // The layout's own files too.
    let dir = tempfile::tempdir().unwrap();
    crafted::write_layout(dir.path(), &[small_layer()]);
    std::fs::remove_file(dir.path().join("oci-layout")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", dir.path().join("oci-layout")).unwrap();
    assert_refused(
        verify(&oci(dir.path()), &[]),
        "outside the directory",
        "oci-layout",
        Duration::from_secs(30),
    );
}

#[test]
fn an_index_json_of_200_mb_is_refused_without_reading_it() {
    let dir = tempfile::tempdir().unwrap();
    crafted::write_layout(dir.path(), &[small_layer()]);
    // Sparse: 200 MB on paper, nothing on disk or in this test's memory.
    let index = std::fs::File::create(dir.path().join("index.json")).unwrap();
    index.set_len(200_000_000).unwrap();
    drop(index);
    let image = oci(dir.path());
    let root = root();
    let (out, peak_kib) = run_measured(
        &[
            "-C",
            root.to_str().unwrap(),
            "verify",
            "25.10",
            "--image",
            &image,
        ],
        &[],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("index.json"), "{stderr}");
    assert!(stderr.contains("more than 4194304 bytes"), "{stderr}");
    assert!(peak_kib < 64 << 10, "peak RSS {} MiB", peak_kib >> 10);
}

#[test]
fn documents_that_do_not_decode_are_named_and_quoted_short() {
    use crate::support::image::{OCI_CONFIG, OCI_INDEX, OCI_MANIFEST};
    use serde_json::json;
    let long = "x".repeat(200_000);
    fn blob(dir: &Path, bytes: &[u8]) -> serde_json::Value {
        let digest = image::sha256_digest(bytes);
        std::fs::write(crafted::blob_path(dir, &digest), bytes).unwrap();
        json!({"digest": digest, "size": bytes.len()})
    }
    fn index_of(dir: &Path, manifest: &[u8]) {
        let mut descriptor = blob(dir, manifest);
        descriptor["mediaType"] = json!(OCI_MANIFEST);
        let index = json!({"schemaVersion": 2, "mediaType": OCI_INDEX, "manifests": [descriptor]});
        std::fs::write(dir.join("index.json"), index.to_string()).unwrap();
    }
    fn manifest_of(dir: &Path, config: &[u8]) -> Vec<u8> {
        let mut descriptor = blob(dir, config);
        descriptor["mediaType"] = json!(OCI_CONFIG);
        json!({"schemaVersion": 2, "mediaType": OCI_MANIFEST, "config": descriptor, "layers": []})
            .to_string()
            .into_bytes()
    }
    type Craft = Box<dyn Fn(&Path)>;
    let cases: [(&str, Craft, &str); 3] = [
        (
            "index.json",
            Box::new({
                let long = long.clone();
                move |dir| {
                    let index = json!({"schemaVersion": 2, "manifests": long});
                    std::fs::write(dir.join("index.json"), index.to_string()).unwrap();
                }
            }),
            "index.json: not an OCI image index: invalid type: string \"xxx",
        ),
        (
            "manifest",
            Box::new({
                let long = long.clone();
                move |dir| {
                    let manifest = json!({"schemaVersion": 2, "config": long, "layers": []});
                    index_of(dir, manifest.to_string().as_bytes());
                }
            }),
            "manifest of oci:",
        ),
        (
            "config",
            Box::new({
                let long = long.clone();
                move |dir| {
                    let config = json!({"architecture": "amd64", "os": "linux", "rootfs": long});
                    index_of(dir, &manifest_of(dir, config.to_string().as_bytes()));
                }
            }),
            "image config of oci:",
        ),
    ];
    for (document, craft, named) in cases {
        let dir = tempfile::tempdir().unwrap();
        crafted::write_layout(dir.path(), &[small_layer()]);
        craft(dir.path());
        let (code, stderr, _) = verify(&oci(dir.path()), &[]);
        assert_eq!(code, 2, "{document}: {stderr}");
        assert!(stderr.contains(named), "{document}: {stderr}");
        assert!(
            stderr.contains("invalid type: string \"xxx"),
            "{document}: {stderr}"
        );
        assert!(stderr.contains("at line 1 column"), "{document}: {stderr}");
        assert!(!stderr.contains("serde failed"), "{document}: {stderr}");
        assert!(stderr.len() < 1000, "{document}: {} bytes", stderr.len());
    }
}

#[test]
fn a_layer_that_is_not_a_layer_type_is_refused() {
    // A valid tar, served as a web page: the media type decides.
    let layer = Layer::plain().file("etc/os-release", "ID=ubuntu\n");
    let dir = tempfile::tempdir().unwrap();
    let digests = crafted::write_layout(dir.path(), &[RawLayer::new("text/html", layer.tar())]);
    assert_refused(
        verify(&oci(dir.path()), &[]),
        "unsupported media type `text/html`",
        &digests[0],
        Duration::from_secs(30),
    );
}

#[test]
fn an_archive_with_10001_tags_names_a_few() {
    let tags: Vec<String> = (0..10_001).map(|i| format!("team/x:t{i:05}")).collect();
    let manifest = serde_json::json!([{"Config": "c.json", "RepoTags": tags, "Layers": []}]);
    let bytes = serde_json::to_vec(&manifest).unwrap();
    let mut builder = tar::Builder::new(Vec::new());
    let mut header = tar::Header::new_gnu();
    header.set_size(bytes.len() as u64);
    header.set_mode(0o644);
    builder
        .append_data(&mut header, "manifest.json", &bytes[..])
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("many.tar");
    std::fs::write(&file, builder.into_inner().unwrap()).unwrap();
    let (code, stderr, _) = verify(
        &format!("docker-archive:{}:team/x:nope", file.display()),
        &[],
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("team/x:t00000, team/x:t00001, team/x:t00002 … and 9,998 more"),
        "{stderr}"
    );
    assert!(stderr.len() < 1000, "{stderr}");
}

// --- Registries that misbehave -------------------------------------------

/// Options with a short read-idle timeout, and no Docker config.
fn quick() -> OpenOptions {
    OpenOptions {
        docker_config: Some("/nonexistent/relnotes-tests/config.json".into()),
        timeout: Some(Duration::from_secs(1)),
        ..OpenOptions::default()
    }
}

/// Opens `rogue`'s image and reads its amd64 platform.
fn read_from(rogue: &RogueRegistry) -> Result<image::ImageView, InspectError> {
    let source = ImageSource::parse(&format!("{}/team/x:v1", rogue.host()))?;
    let image = image::open(&source, &quick())?;
    let wanted = |path: &str, _: u64| (path == "etc/os-release").into();
    image.read(
        &Platform::for_arch(&"amd64".parse().unwrap()),
        &wanted,
        &NoProgress,
    )
}

fn rogue_image() -> crate::support::image::BuiltImage {
    TestImage::single(
        PlatformImage::new("amd64").layer(Layer::gzip().file("etc/os-release", "ID=ubuntu\n")),
    )
    .build()
}

#[test]
fn throttled_requests_are_retried_as_retry_after_says() {
    let image = rogue_image();
    let layer_path = format!("/v2/team/x/blobs/{}", image.manifests[0].layer_digests()[0]);
    let throttled = layer_path.clone();
    let rogue = RogueRegistry::start(
        &image,
        "team/x",
        "v1",
        Box::new(move |path, n| {
            if (path == "/v2/" || path == throttled) && n == 1 {
                Reply::Status {
                    status: "429 Too Many Requests",
                    headers: vec![("Retry-After", "1".into())],
                    body: Vec::new(),
                }
            } else {
                Reply::Normal
            }
        }),
    );
    let started = Instant::now();
    let view = read_from(&rogue).expect("read after the retries");
    assert_eq!(view.files.len(), 1);
    assert_eq!(rogue.count("/v2/"), 2);
    assert_eq!(rogue.count(&layer_path), 2);
    // Waited as asked, twice, and not much longer.
    let elapsed = started.elapsed();
    assert!(elapsed >= Duration::from_secs(2), "{elapsed:?}");
    assert!(elapsed < Duration::from_secs(10), "{elapsed:?}");
}

#[test]
fn a_registry_that_stays_unavailable_is_given_up_after_a_few_tries() {
    let rogue = RogueRegistry::start(
        &rogue_image(),
        "team/x",
        "v1",
        Box::new(|path, _| {
            if path.contains("/manifests/") {
                Reply::Status {
                    status: "503 Service Unavailable",
                    headers: Vec::new(),
                    body: br#"{"errors":[{"code":"UNAVAILABLE","message":"try later"}]}"#.to_vec(),
                }
            } else {
                Reply::Normal
            }
        }),
    );
    let started = Instant::now();
    let err = read_from(&rogue).unwrap_err();
    let message = err.to_string();
    assert!(
        matches!(err, InspectError::Registry { status: 503, .. }),
        "{message}"
    );
    assert!(message.contains("/manifests/v1"), "{message}");
    assert!(message.contains("after 4 tries"), "{message}");
    assert_eq!(rogue.count("/v2/team/x/manifests/v1"), 4);
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[test]
fn a_stalled_blob_times_out_and_one_that_streams_on_is_cut() {
    let image = rogue_image();
    let layer = image.manifests[0].layer_digests()[0].clone();
    let layer_path = format!("/v2/team/x/blobs/{layer}");
    for (stall, what) in [(true, "timed out"), (false, "is longer than the")] {
        let target = layer_path.clone();
        let rogue = RogueRegistry::start(
            &image,
            "team/x",
            "v1",
            Box::new(move |path, _| match path == target {
                true if stall => Reply::Stall(Duration::from_secs(20)),
                true => Reply::Endless,
                false => Reply::Normal,
            }),
        );
        // Through the command line, with --timeout: it fails after that
        // long, not twice it (a failed stream is not read again).
        let reference = format!("{}/team/x:v1", rogue.host());
        let result = verify(&reference, &["--timeout", "4"]);
        assert_refused(result, what, &layer, Duration::from_secs(7));
    }
}

#[test]
fn documents_that_drip_end_at_the_timeout() {
    // One byte a second: the registry is never silent for the 2 s of
    // --timeout, and the document would take minutes.
    let image = rogue_image();
    let config = image.manifests[0].config.digest.clone();
    let token = format!("{{\"token\": \"t\"{}}}", " ".repeat(1000)).into_bytes();
    let drip = |body: Option<(&'static str, Vec<u8>)>| Reply::Drip {
        every: Duration::from_secs(1),
        body,
    };
    let cases: [(&str, String, &str); 3] = [
        (
            "manifest",
            "/v2/team/x/manifests/v1".into(),
            "reading the manifest of",
        ),
        (
            "config",
            format!("/v2/team/x/blobs/{config}"),
            "reading config sha256:",
        ),
        (
            "token",
            "/token".into(),
            "cannot read the token service's answer",
        ),
    ];
    for (document, target, what) in cases {
        let token = token.clone();
        let rogue = RogueRegistry::start_seeing(
            &image,
            "team/x",
            "v1",
            Box::new(move |request, _| {
                if request.path.starts_with(&target) {
                    return drip(
                        (document == "token").then(|| ("application/json", token.clone())),
                    );
                }
                // The token case: every other request asks for a token.
                if document == "token" && request.header("authorization").is_none() {
                    let host = request.header("host").unwrap_or_default();
                    return Reply::Status {
                        status: "401 Unauthorized",
                        headers: vec![(
                            "WWW-Authenticate",
                            format!("Bearer realm=\"http://{host}/token\",service=\"rogue\""),
                        )],
                        body: Vec::new(),
                    };
                }
                Reply::Normal
            }),
        );
        let reference = format!("{}/team/x:v1", rogue.host());
        let result = verify(&reference, &["--timeout", "2"]);
        let (_, stderr, _) = &result;
        assert!(
            stderr.contains("it did not arrive whole within 2 s (--timeout)"),
            "{document}: {stderr}"
        );
        assert_refused(result, what, &rogue.host(), Duration::from_secs(8));
    }
}

#[test]
fn a_junk_challenge_is_quoted_short() {
    // A realm of 100 KB, and 100 KB that are no challenge at all.
    let realm = format!("Bearer realm=\"{}\"", "x".repeat(100_000));
    let garbage = "x".repeat(100_000);
    for junk in [realm, garbage] {
        let rogue = RogueRegistry::start(
            &rogue_image(),
            "team/x",
            "v1",
            Box::new(move |_, _| Reply::Status {
                status: "401 Unauthorized",
                headers: vec![("WWW-Authenticate", junk.clone())],
                body: Vec::new(),
            }),
        );
        let message = read_from(&rogue).unwrap_err().to_string();
        assert!(message.contains(&rogue.host()), "{message}");
        assert!(message.contains("xxxx…"), "{message}");
        assert!(
            message.len() < 1000,
            "{} bytes: {}",
            message.len(),
            &message[..300]
        );
    }
}

#[test]
fn a_blob_that_breaks_off_is_read_again_from_its_start() {
    let image = rogue_image();
    let layer_path = format!("/v2/team/x/blobs/{}", image.manifests[0].layer_digests()[0]);
    let target = layer_path.clone();
    let rogue = RogueRegistry::start(
        &image,
        "team/x",
        "v1",
        Box::new(move |path, n| match path == target && n == 1 {
            true => Reply::Truncated,
            false => Reply::Normal,
        }),
    );
    let view = read_from(&rogue).expect("read on the second try");
    assert_eq!(&*view.files[0].contents, b"ID=ubuntu\n");
    assert_eq!(rogue.count(&layer_path), 2);
}
