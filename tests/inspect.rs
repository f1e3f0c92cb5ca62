//! Reading images where they live: a real registry (Debian's
//! docker-registry on 127.0.0.1), an OCI layout directory, `docker save`
//! archives. Images are built by tests/support/image.rs.

use crate::support::image::{BuiltImage, Layer, PlatformImage, TestImage};
use crate::support::registry::{TestRegistry, free_port};
use crate::support::token_proxy::TokenProxy;
use image::{
    Credentials, ImageSource, ImageView, InspectError, Keep, NoProgress, OpenOptions, Platform,
    Progress,
};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};

/// Options that ignore the Docker config of whoever runs the tests.
fn options() -> OpenOptions {
    OpenOptions {
        docker_config: Some("/nonexistent/relnotes-tests/config.json".into()),
        podman_auth: Some("/nonexistent/relnotes-tests/auth.json".into()),
        ..OpenOptions::default()
    }
}

fn open(reference: &str, options: &OpenOptions) -> Result<image::Image, InspectError> {
    image::open(&ImageSource::parse(reference)?, options)
}

/// What a catalog would ask for.
fn wanted(path: &str, size: u64) -> Keep {
    (size < (1 << 20)
        && (path.starts_with("etc/")
            || path.starts_with("opt/app/")
            || path == "var/lib/dpkg/status"
            || path == "usr/local/cuda"
            || path.ends_with(".dist-info/METADATA")
            || (path.starts_with("usr/local/cuda") && path.ends_with("/version.json"))))
    .into()
}

fn read(image: &image::Image, arch: &str) -> Result<ImageView, InspectError> {
    image.read(
        &Platform::for_arch(&arch.parse().unwrap()),
        &wanted,
        &NoProgress,
    )
}

const TORCH: &str = "usr/local/lib/python3.12/dist-packages/torch-2.8.0.dist-info/METADATA";
const SIX: &str = "usr/lib/python3/dist-packages/six-1.16.0.dist-info/METADATA";

/// Three layers (gzip, zstd, uncompressed) with a whiteout, an opaque
/// directory, a symlink replacing a directory and an overwritten file.
fn platform(arch: &str) -> PlatformImage {
    let cuda = if arch == "amd64" { "12.8.0" } else { "12.8.1" };
    PlatformImage::new(arch)
        .env(&format!("CUDA_VERSION={cuda}"))
        .label("org.opencontainers.image.version", "25.10")
        .layer(
            Layer::gzip()
                .dir("etc")
                .file("etc/os-release", "ID=ubuntu\nVERSION_ID=\"24.04\"\n")
                .file("etc/motd", "welcome\n")
                .file(
                    "var/lib/dpkg/status",
                    "Package: libc6\nVersion: 2.39-0ubuntu8\n\n",
                )
                .file(SIX, "Metadata-Version: 2.1\nName: six\nVersion: 1.16.0\n")
                .file("opt/app/old.txt", "old\n")
                .file("opt/app/sub/older.txt", "older\n")
                .dir("usr/local/cuda")
                .file(
                    "usr/local/cuda/version.json",
                    r#"{"cuda": {"version": "12.0"}}"#,
                )
                // Not wanted: too big.
                .file("usr/lib/big.bin", vec![7u8; 2 << 20]),
        )
        .layer(
            Layer::zstd()
                .whiteout("etc/motd")
                .dir("opt/app")
                .opaque("opt/app")
                .file("opt/app/new.txt", "new\n")
                .symlink("usr/local/cuda", "cuda-12.8")
                .file(
                    "usr/local/cuda-12.8/version.json",
                    format!(r#"{{"cuda": {{"version": "{cuda}"}}}}"#),
                )
                .file(
                    TORCH,
                    format!("Metadata-Version: 2.1\nName: torch\nVersion: 2.8.0+{arch}\n"),
                ),
        )
        .layer(
            Layer::plain()
                .file(
                    "etc/os-release",
                    "ID=ubuntu\nVERSION_ID=\"24.04\"\nVERSION=\"24.04.2 LTS (Noble Numbat)\"\n",
                )
                .whiteout("usr/lib/python3/dist-packages/six-1.16.0.dist-info"),
        )
}

#[derive(Default)]
struct Counting {
    begun: AtomicU64,
    advanced: AtomicU64,
    done: AtomicU64,
}

impl Progress for Counting {
    fn begin(&self, _layers: usize, total_bytes: u64) {
        self.begun.store(total_bytes, Ordering::Relaxed);
    }
    fn layer_advance(&self, _index: usize, bytes: u64) {
        self.advanced.fetch_add(bytes, Ordering::Relaxed);
    }
    fn layer_done(&self, _index: usize) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }
}

fn training_image() -> TestImage {
    TestImage::multi(vec![platform("amd64"), platform("arm64")])
}

fn paths(view: &ImageView) -> Vec<&str> {
    view.files.iter().map(|f| f.path.as_str()).collect()
}

fn contents<'a>(view: &'a ImageView, path: &str) -> &'a str {
    let file = view
        .files
        .iter()
        .find(|f| f.path == path)
        .unwrap_or_else(|| panic!("{path} not found in {:?}", paths(view)));
    std::str::from_utf8(&file.contents).unwrap()
}

/// The final filesystem of [`platform`], as any source must show it.
fn check_view(view: &ImageView, built: &BuiltImage, arch: &str, layer_digests: &[String]) {
    let m = built.manifest(arch);
    assert_eq!(view.platform.architecture, arch);
    assert_eq!(view.layers, layer_digests);
    assert_eq!(
        paths(view),
        [
            "etc/os-release",
            "opt/app/new.txt",
            "usr/local/cuda",
            "usr/local/cuda-12.8/version.json",
            TORCH,
            "var/lib/dpkg/status",
        ],
        "whiteouts, opaque directory and symlink applied"
    );
    assert!(contents(view, "etc/os-release").contains("Noble Numbat"));
    let cuda_link = view
        .files
        .iter()
        .find(|f| f.path == "usr/local/cuda")
        .unwrap();
    assert!(cuda_link.symlink);
    assert_eq!(&*cuda_link.contents, b"cuda-12.8");
    assert!(contents(view, TORCH).contains(&format!("Version: 2.8.0+{arch}")));
    let cuda = if arch == "amd64" { "12.8.0" } else { "12.8.1" };
    assert!(contents(view, "usr/local/cuda-12.8/version.json").contains(cuda));
    assert_eq!(view.config.env_var("CUDA_VERSION"), Some(cuda));
    assert_eq!(
        view.config
            .labels
            .get("org.opencontainers.image.version")
            .map(String::as_str),
        Some("25.10")
    );
    // Each file names the layer its final version came from.
    let layer_of = |path: &str| {
        view.files
            .iter()
            .find(|f| f.path == path)
            .unwrap()
            .layer
            .clone()
    };
    assert_eq!(layer_of("var/lib/dpkg/status"), layer_digests[0]);
    assert_eq!(layer_of(TORCH), layer_digests[1]);
    assert_eq!(layer_of("etc/os-release"), layer_digests[2]);
    assert_eq!(m.layers.len(), 3);
}

#[test]
fn registry_image_index_both_platforms() {
    let registry = TestRegistry::start();
    let built = training_image().build();
    built.push(&registry.url(), "team/training", "25.10", None);

    let image = open(
        &format!("{}/team/training:25.10", registry.host()),
        &options(),
    )
    .unwrap();
    assert!(image.is_index());
    let platforms: Vec<String> = image.platforms().iter().map(|p| p.to_string()).collect();
    assert_eq!(platforms, ["linux/amd64", "linux/arm64/v8"]);
    for arch in ["amd64", "arm64"] {
        let view = read(&image, arch).unwrap();
        let m = built.manifest(arch);
        assert_eq!(view.manifest_digest, m.manifest.digest);
        check_view(&view, &built, arch, &m.layer_digests());
    }

    // Progress hears of every layer and every byte.
    let progress = Counting::default();
    image
        .read(
            &Platform::for_arch(&"amd64".parse().unwrap()),
            &wanted,
            &progress,
        )
        .unwrap();
    let m = built.manifest("amd64");
    let total: u64 = m.layers.iter().map(|l| l.blob.bytes.len() as u64).sum();
    assert_eq!(progress.begun.load(Ordering::Relaxed), total);
    assert_eq!(progress.advanced.load(Ordering::Relaxed), total);
    assert_eq!(progress.done.load(Ordering::Relaxed), m.layers.len() as u64);

    // By digest, the index and one platform's manifest.
    let by_digest = open(
        &format!("{}/team/training@{}", registry.host(), built.root().digest),
        &options(),
    )
    .unwrap();
    assert_eq!(by_digest.platforms().len(), 2);
    let arm = &built.manifest("arm64").manifest.digest;
    let single = open(
        &format!("{}/team/training@{arm}", registry.host()),
        &options(),
    )
    .unwrap();
    assert!(!single.is_index());
    // A broken Docker config does not matter to a registry open to all.
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("config.json"), "{not json").unwrap();
    let broken = OpenOptions {
        docker_config: Some(dir.path().join("config.json")),
        ..options()
    };
    open(&format!("{}/team/training:25.10", registry.host()), &broken).unwrap();
    let view = read(&single, "aarch64").unwrap();
    assert_eq!(view.platform.to_string(), "linux/arm64/v8");
    assert_eq!(&view.manifest_digest, arm);
}

#[test]
fn registry_docker_schema2_manifest_list() {
    let registry = TestRegistry::start();
    let built = training_image().docker_media_types().build();
    built.push(&registry.url(), "team/docker", "v1", None);
    let image = open(&format!("{}/team/docker:v1", registry.host()), &options()).unwrap();
    for arch in ["amd64", "arm64"] {
        let view = read(&image, arch).unwrap();
        check_view(&view, &built, arch, &built.manifest(arch).layer_digests());
    }
}

#[test]
fn oci_layout_directory() {
    let dir = tempfile::tempdir().unwrap();
    let built = training_image().build();
    built.write_layout(dir.path(), "25.10");
    let reference = format!("oci:{}:25.10", dir.path().display());
    let image = open(&reference, &options()).unwrap();
    assert_eq!(image.platforms().len(), 2);
    for arch in ["amd64", "arm64"] {
        let view = read(&image, arch).unwrap();
        assert_eq!(view.reference, reference);
        check_view(&view, &built, arch, &built.manifest(arch).layer_digests());
    }
    // One layer at a time gives the same result.
    let serial = open(
        &reference,
        &OpenOptions {
            jobs: Some(1),
            ..options()
        },
    )
    .unwrap();
    let one = read(&serial, "amd64").unwrap();
    let many = read(&image, "amd64").unwrap();
    assert_eq!(one.files, many.files);

    // Without a tag: the only image there.
    let image = open(&format!("oci:{}", dir.path().display()), &options()).unwrap();
    assert_eq!(image.platforms().len(), 2);
    // An unknown tag names the ones there.
    let err = open(&format!("oci:{}:24.12", dir.path().display()), &options()).unwrap_err();
    assert!(matches!(err, InspectError::NotFound { .. }), "{err}");
    assert!(err.to_string().contains("it has: 25.10"), "{err}");
}

#[test]
fn docker_archives_classic_and_oci() {
    let dir = tempfile::tempdir().unwrap();
    let built = training_image().build();

    // Classic `docker save`: layers known by their diff IDs.
    let classic = dir.path().join("classic.tar");
    built.write_docker_archive(&classic, "arm64", "team/training:25.10", false);
    let image = open(&format!("docker-archive:{}", classic.display()), &options()).unwrap();
    assert_eq!(image.platforms()[0].to_string(), "linux/arm64/v8");
    let m = built.manifest("arm64");
    let view = read(&image, "arm64").unwrap();
    check_view(&view, &built, "arm64", &m.diff_ids());
    assert_eq!(
        view.manifest_digest, m.config.digest,
        "image ID without an OCI manifest"
    );
    // Picked by tag, short or long form.
    for reference in ["team/training:25.10", "docker.io/team/training:25.10"] {
        let image = open(
            &format!("docker-archive:{}:{reference}", classic.display()),
            &options(),
        )
        .unwrap();
        assert!(image.has_platform(&Platform::for_arch(&"aarch64".parse().unwrap())));
    }
    let err = open(
        &format!("docker-archive:{}:team/other:1", classic.display()),
        &options(),
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("it holds: team/training:25.10"),
        "{err}"
    );

    // Docker 25+: an OCI layout inside, manifest.json naming its blobs.
    let modern = dir.path().join("modern.tar");
    built.write_docker_archive(&modern, "amd64", "training:25.10", true);
    let image = open(&format!("docker-archive:{}", modern.display()), &options()).unwrap();
    let view = read(&image, "amd64").unwrap();
    check_view(&view, &built, "amd64", &built.manifest("amd64").diff_ids());
    assert_ne!(view.manifest_digest, built.manifest("amd64").config.digest);
}

#[test]
fn missing_platform_is_a_distinct_error() {
    let dir = tempfile::tempdir().unwrap();
    let built = TestImage::multi(vec![platform("amd64")]).build();
    built.write_layout(dir.path(), "v1");
    let image = open(&format!("oci:{}:v1", dir.path().display()), &options()).unwrap();
    assert!(!image.has_platform(&Platform::for_arch(&"aarch64".parse().unwrap())));
    let err = read(&image, "aarch64").unwrap_err();
    assert!(err.is_missing_platform(), "{err}");
    assert!(
        err.to_string()
            .contains("no image for platform linux/arm64; it has: linux/amd64"),
        "{err}"
    );
}

/// Flips a byte in the middle of a file.
fn corrupt(path: &Path) {
    let mut bytes = std::fs::read(path).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x55;
    std::fs::write(path, bytes).unwrap();
}

#[test]
fn tampered_blobs_are_digest_mismatches() {
    let registry = TestRegistry::start();
    let built = training_image().build();
    built.push(&registry.url(), "team/tampered", "v1", None);
    let m = built.manifest("amd64");
    // The registry checks digests on upload, not on download: change the
    // stored bytes behind its back.
    for layer in &m.layers {
        corrupt(&registry.blob_data_path(&layer.blob.digest));
    }
    let image = open(&format!("{}/team/tampered:v1", registry.host()), &options()).unwrap();
    let err = read(&image, "amd64").unwrap_err();
    match &err {
        InspectError::DigestMismatch {
            what,
            expected,
            actual,
            ..
        } => {
            assert_eq!(what, "layer");
            assert!(m.layer_digests().contains(expected), "{err}");
            assert_ne!(expected, actual);
        }
        other => panic!("not a digest mismatch: {other}"),
    }
    assert!(
        err.to_string()
            .contains("does not match its digest: expected"),
        "{err}"
    );

    // A tampered config.
    corrupt(&registry.blob_data_path(&built.manifest("arm64").config.digest));
    let err = read(&image, "arm64").unwrap_err();
    assert!(
        matches!(&err, InspectError::DigestMismatch { what, .. } if what == "config"),
        "{err}"
    );

    // A tampered blob in a layout.
    let dir = tempfile::tempdir().unwrap();
    built.write_layout(dir.path(), "v1");
    let layer = &m.layers[1].blob.digest; // not shared with arm64
    corrupt(
        &dir.path()
            .join("blobs/sha256")
            .join(layer.strip_prefix("sha256:").unwrap()),
    );
    let image = open(&format!("oci:{}:v1", dir.path().display()), &options()).unwrap();
    let err = read(&image, "amd64").unwrap_err();
    assert!(
        matches!(&err, InspectError::DigestMismatch { expected, .. } if expected == layer),
        "{err}"
    );
    // The other platform is intact.
    read(&image, "arm64").unwrap();
}

#[test]
fn basic_auth_registry() {
    let registry = TestRegistry::start_with_basic_auth("alice", "s3cret");
    let built = TestImage::single(platform("amd64")).build();
    built.push(
        &registry.url(),
        "private/app",
        "1.0",
        Some(("alice", "s3cret")),
    );
    let reference = format!("{}/private/app:1.0", registry.host());

    let err = open(&reference, &options()).unwrap_err();
    assert!(matches!(err, InspectError::AuthRequired { .. }), "{err}");
    let message = err.to_string();
    assert!(message.contains(&registry.host()), "{message}");
    assert!(message.contains("--password-stdin"), "{message}");
    assert!(message.contains("docker/config.json"), "{message}");

    let wrong = OpenOptions {
        credentials: Some(Credentials::new("alice", "wrong")),
        ..options()
    };
    let err = open(&reference, &wrong).unwrap_err();
    assert!(matches!(err, InspectError::AuthFailed { .. }), "{err}");
    assert!(
        err.to_string()
            .contains("basic auth as alice (from --username)"),
        "{err}"
    );

    let right = OpenOptions {
        credentials: Some(Credentials::with_password_from("alice", &b"s3cret\n"[..]).unwrap()),
        ..options()
    };
    let image = open(&reference, &right).unwrap();
    let view = read(&image, "amd64").unwrap();
    check_view(
        &view,
        &built,
        "amd64",
        &built.manifest("amd64").layer_digests(),
    );

    // From a Docker config file.
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.json");
    use base64::Engine;
    let auth = base64::engine::general_purpose::STANDARD.encode("alice:s3cret");
    std::fs::write(
        &config,
        format!(
            r#"{{"auths": {{"{}": {{"auth": "{auth}"}}}}}}"#,
            registry.host()
        ),
    )
    .unwrap();
    let from_file = OpenOptions {
        docker_config: Some(config),
        ..options()
    };
    let image = open(&reference, &from_file).unwrap();
    read(&image, "amd64").unwrap();

    // A broken Docker config: a registry that asks for credentials says so.
    std::fs::write(dir.path().join("config.json"), "{not json").unwrap();
    let broken = OpenOptions {
        docker_config: Some(dir.path().join("config.json")),
        ..options()
    };
    let err = open(&reference, &broken).unwrap_err();
    assert!(matches!(err, InspectError::Credentials { .. }), "{err}");
    assert!(
        err.to_string()
            .contains("config.json: not a credentials file: not valid JSON at line 1 column 2"),
        "{err}"
    );
}

#[test]
fn bearer_token_registry() {
    let registry = TestRegistry::start();
    let built = training_image().build();
    built.push(&registry.url(), "team/training", "25.10", None);
    let proxy = TokenProxy::start(&registry.url(), "bob", "t0ken");
    let reference = format!("{}/team/training:25.10", proxy.host());

    let err = open(&reference, &options()).unwrap_err();
    assert!(
        matches!(&err, InspectError::AuthRequired { challenge, .. } if challenge == "bearer"),
        "{err}"
    );
    let wrong = OpenOptions {
        credentials: Some(Credentials::new("bob", "nope")),
        ..options()
    };
    let err = open(&reference, &wrong).unwrap_err();
    assert!(matches!(err, InspectError::AuthFailed { .. }), "{err}");
    assert!(
        err.to_string()
            .contains("bearer token from http://127.0.0.1:"),
        "{err}"
    );

    let right = OpenOptions {
        credentials: Some(Credentials::new("bob", "t0ken")),
        ..options()
    };
    let image = open(&reference, &right).unwrap();
    for arch in ["amd64", "arm64"] {
        let view = read(&image, arch).unwrap();
        check_view(&view, &built, arch, &built.manifest(arch).layer_digests());
    }
    let scopes = proxy.scopes.lock().unwrap().clone();
    assert!(
        scopes.contains(&"repository:team/training:pull".to_string()),
        "{scopes:?}"
    );
}

#[test]
fn unknown_tag_and_repository_are_not_found() {
    let registry = TestRegistry::start();
    let built = TestImage::single(platform("amd64")).build();
    built.push(&registry.url(), "team/training", "25.10", None);

    let err = open(
        &format!("{}/team/training:24.12", registry.host()),
        &options(),
    )
    .unwrap_err();
    assert!(matches!(err, InspectError::NotFound { .. }), "{err}");
    let message = err.to_string();
    assert!(
        message.contains("team/training:24.12 not found"),
        "{message}"
    );
    assert!(message.contains("has: 25.10"), "{message}");

    let err = open(&format!("{}/team/nothing:1", registry.host()), &options()).unwrap_err();
    assert!(matches!(err, InspectError::NotFound { .. }), "{err}");
    assert!(
        err.to_string()
            .contains("repository team/nothing in registry"),
        "{err}"
    );
}

#[test]
fn unreachable_registry_is_a_network_error() {
    let port = free_port();
    let err = open(&format!("127.0.0.1:{port}/team/training:1"), &options()).unwrap_err();
    assert!(matches!(err, InspectError::Network { .. }), "{err}");
    let message = err.to_string();
    assert!(message.contains(&format!("127.0.0.1:{port}")), "{message}");
    assert!(message.contains("is the registry up"), "{message}");
}

#[test]
fn bad_references_and_broken_sources() {
    let err = open("oci:/nonexistent/relnotes-layout", &options()).unwrap_err();
    assert!(matches!(err, InspectError::NotFound { .. }), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let err = open(&format!("oci:{}", dir.path().display()), &options()).unwrap_err();
    assert!(matches!(err, InspectError::Corrupt { .. }), "{err}");
    assert!(err.to_string().contains("oci-layout"), "{err}");

    let not_tar = dir.path().join("x.tar");
    std::fs::write(&not_tar, vec![b'x'; 2048]).unwrap();
    let err = open(&format!("docker-archive:{}", not_tar.display()), &options()).unwrap_err();
    assert!(matches!(err, InspectError::Corrupt { .. }), "{err}");

    let gz = dir.path().join("x.tar.gz");
    std::fs::write(&gz, [0x1f, 0x8b, 8, 0, 0, 0]).unwrap();
    let err = open(&format!("docker-archive:{}", gz.display()), &options()).unwrap_err();
    assert!(err.to_string().contains("gunzip"), "{err}");
}

mod hostile;
