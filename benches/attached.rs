//! Attached-SBOM benchmark: `relnotes verify --sbom-source attestation` of
//! an image whose SPDX attestation is large, beside the memory target.
//! Prints figures; asserts nothing.
//!
//! Generates, once, an OCI layout in `target/bench-attached/` holding one
//! amd64 image and, as BuildKit stores it, an attestation manifest whose
//! in-toto statement carries an SPDX 2.3 document of
//! `RELNOTES_BENCH_SBOM_MIB` MiB (default 113, under the 128 MiB cap on
//! an attached SBOM): packages with the fields verify reads and no other
//! (a name, an SPDXID, a version, a purl), PyPI and Debian alike, so that
//! the document holds as many as its size allows (about 600,000). Then
//! runs verify of a one-component record against it [`ROUNDS`] times
//! under GNU time and prints the median wall time and peak RSS beside the
//! target: peak RSS ≤ 256 MiB.

use image::sha256_digest;
use serde_json::{Value, json};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const ROUNDS: usize = 3;
const TARGET_RSS_MIB: u64 = 256;
const TAG: &str = "v1";
const SPDX_PREDICATE: &str = "https://spdx.dev/Document";
const OCI_MANIFEST: &str = "application/vnd.oci.image.manifest.v1+json";
const OCI_INDEX: &str = "application/vnd.oci.image.index.v1+json";

fn main() {
    let mib: u64 = std::env::var("RELNOTES_BENCH_SBOM_MIB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(113);
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/bench-attached");
    let layout = root.join(format!("layout-dense-{mib}"));
    if !layout.join("index.json").is_file() {
        let started = Instant::now();
        write_layout(&layout, mib << 20);
        eprintln!(
            "generated {} in {:.1?}",
            layout.display(),
            started.elapsed()
        );
    }
    let project = root.join("project");
    std::fs::create_dir_all(project.join("releases")).unwrap();
    std::fs::write(
        project.join("relnotes.toml"),
        "languages = [\"en\"]\n[product]\nid = \"bench\"\nname = { en = \"Bench\" }\n",
    )
    .unwrap();
    std::fs::write(
        project.join("releases/1.0.toml"),
        "version = \"1.0\"\narchs = [\"amd64\"]\n[title]\nen = \"Bench 1.0\"\n[components]\ntorch = \"2.8.0\"\n",
    )
    .unwrap();
    let binary = Path::new(env!("CARGO_BIN_EXE_relnotes"));
    let image = format!("oci:{}:{TAG}", layout.display());
    let mut runs = Vec::new();
    for _ in 0..ROUNDS {
        runs.push(run_timed(
            Command::new("/usr/bin/time")
                .args(["-f", "%M"])
                .arg(binary)
                .args(["-C"])
                .arg(&project)
                .args(["verify", "1.0", "--image", &image])
                .args(["--sbom-source", "attestation", "--quiet"]),
        ));
    }
    runs.sort();
    let (wall, rss_kib) = runs[ROUNDS / 2];
    let rss_mib = rss_kib / 1024;
    println!(
        "verify --sbom-source attestation, SPDX of {mib} MiB: median {:.2} s, peak RSS {rss_mib} MiB (target ≤ {TARGET_RSS_MIB} MiB: {})",
        wall.as_secs_f64(),
        if rss_mib <= TARGET_RSS_MIB {
            "met"
        } else {
            "NOT met"
        }
    );
}

/// Wall time and peak RSS (KiB) of one run, which must confirm torch.
fn run_timed(command: &mut Command) -> (Duration, u64) {
    let started = Instant::now();
    let out = command.output().expect("/usr/bin/time (Debian's `time`)");
    let wall = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "verify failed:\n{stderr}");
    let rss = stderr
        .lines()
        .last()
        .and_then(|l| l.trim().parse().ok())
        .unwrap_or_else(|| panic!("no peak RSS from /usr/bin/time: {stderr}"));
    (wall, rss)
}

/// Writes `bytes` as a blob of the layout; its descriptor.
fn blob(layout: &Path, media_type: &str, bytes: &[u8]) -> Value {
    let digest = sha256_digest(bytes);
    let hex = digest.strip_prefix("sha256:").unwrap();
    std::fs::write(layout.join("blobs/sha256").join(hex), bytes).unwrap();
    json!({"mediaType": media_type, "digest": digest, "size": bytes.len()})
}

fn write_layout(layout: &Path, sbom_bytes: u64) {
    let _ = std::fs::remove_dir_all(layout);
    std::fs::create_dir_all(layout.join("blobs/sha256")).unwrap();
    std::fs::write(
        layout.join("oci-layout"),
        r#"{"imageLayoutVersion":"1.0.0"}"#,
    )
    .unwrap();
    // One empty layer: attestation mode fetches none.
    let layer_bytes = vec![0u8; 1024];
    let layer = blob(
        layout,
        "application/vnd.oci.image.layer.v1.tar",
        &layer_bytes,
    );
    let config = json!({
        "architecture": "amd64",
        "os": "linux",
        "config": {"Env": ["PATH=/usr/bin"]},
        "rootfs": {"type": "layers", "diff_ids": [sha256_digest(&layer_bytes)]},
    });
    let config = blob(
        layout,
        "application/vnd.oci.image.config.v1+json",
        &serde_json::to_vec(&config).unwrap(),
    );
    let manifest = json!({
        "schemaVersion": 2,
        "mediaType": OCI_MANIFEST,
        "config": config,
        "layers": [layer],
    });
    let mut manifest = blob(
        layout,
        OCI_MANIFEST,
        &serde_json::to_vec(&manifest).unwrap(),
    );
    let subject = manifest["digest"].as_str().unwrap().to_string();
    manifest["platform"] = json!({"architecture": "amd64", "os": "linux"});
    let statement = statement(&subject, sbom_bytes);
    let mut layer = blob(layout, "application/vnd.in-toto+json", &statement);
    layer["annotations"] = json!({"in-toto.io/predicate-type": SPDX_PREDICATE});
    let attestation_config = blob(
        layout,
        "application/vnd.docker.attestation.config.v1+json",
        b"{}",
    );
    let attestation = json!({
        "schemaVersion": 2,
        "mediaType": OCI_MANIFEST,
        "config": attestation_config,
        "layers": [layer],
    });
    let mut attestation = blob(
        layout,
        OCI_MANIFEST,
        &serde_json::to_vec(&attestation).unwrap(),
    );
    attestation["annotations"] = json!({
        "vnd.docker.reference.digest": subject,
        "vnd.docker.reference.type": "attestation-manifest",
    });
    attestation["platform"] = json!({"architecture": "unknown", "os": "unknown"});
    let index = json!({
        "schemaVersion": 2,
        "mediaType": OCI_INDEX,
        "manifests": [manifest, attestation],
    });
    let mut index = blob(layout, OCI_INDEX, &serde_json::to_vec(&index).unwrap());
    index["annotations"] = json!({"org.opencontainers.image.ref.name": TAG});
    let top = json!({"schemaVersion": 2, "mediaType": OCI_INDEX, "manifests": [index]});
    std::fs::write(layout.join("index.json"), serde_json::to_vec(&top).unwrap()).unwrap();
}

/// An in-toto statement about `subject` whose SPDX document is about
/// `size` bytes: torch 2.8.0 first, then packages until it is that large.
fn statement(subject: &str, size: u64) -> Vec<u8> {
    let mut packages = String::new();
    let mut n = 0u64;
    while (packages.len() as u64) < size {
        if n > 0 {
            packages.push(',');
        }
        let (name, version, purl) = if n == 0 {
            (
                "torch".to_string(),
                "2.8.0".to_string(),
                "pkg:pypi/torch@2.8.0".to_string(),
            )
        } else if n.is_multiple_of(2) {
            let name = format!("python-package-{n}");
            let version = format!("1.{}.{}", n % 97, n % 13);
            let purl = format!("pkg:pypi/{name}@{version}");
            (name, version, purl)
        } else {
            let name = format!("libdebian-package-{n}");
            let version = format!("2.{}-{}ubuntu1", n % 89, n % 7);
            let purl = format!("pkg:deb/ubuntu/{name}@{version}?arch=amd64&distro=ubuntu-24.04");
            (name, version, purl)
        };
        // The fields verify reads and little else: the most packages a
        // document of this size can hold (the worst case for memory).
        write!(
            packages,
            r#"{{"name":"{name}","SPDXID":"SPDXRef-Package-{n:x}","versionInfo":"{version}","externalRefs":[{{"referenceCategory":"PACKAGE-MANAGER","referenceType":"purl","referenceLocator":"{purl}"}}]}}"#
        )
        .unwrap();
        n += 1;
    }
    let document = format!(
        r#"{{"spdxVersion":"SPDX-2.3","dataLicense":"CC0-1.0","SPDXID":"SPDXRef-DOCUMENT","name":"bench","documentNamespace":"https://example.com/bench","creationInfo":{{"creators":["Tool: bench"],"created":"2026-01-01T00:00:00Z"}},"packages":[{packages}]}}"#
    );
    let hex = subject.strip_prefix("sha256:").unwrap();
    format!(
        r#"{{"_type":"https://in-toto.io/Statement/v0.1","predicateType":"{SPDX_PREDICATE}","subject":[{{"name":"_","digest":{{"sha256":"{hex}"}}}}],"predicate":{document}}}"#
    )
    .into_bytes()
}
