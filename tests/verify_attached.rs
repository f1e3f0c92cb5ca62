//! `relnotes referrers` and `relnotes verify --sbom-source` on an image
//! carrying its SBOM: BuildKit's attestations in the image index
//! (tests/support/buildkit.rs) or OCI referrers, in a registry with the
//! referrers API (tests/support/oci_registry.rs) that logs what was
//! fetched: no layer is.

use crate::support::buildkit::{
    SPDX_PREDICATE, SpdxPackage, push_attested, spdx_document, statement,
};
use crate::support::cosign::{generate_key_pair, key_fingerprint, run_cosign};
use crate::support::image::{BuiltImage, Layer, PlatformImage, TestImage};
use crate::support::oci_registry::OciRegistry;
use crate::support::project::outcome;
use crate::support::pushed::Registry;
use crate::support::registry::TestRegistry;
use crate::util::{relnotes_in, scratch_project};
use serde_json::Value;
use std::path::Path;
use std::time::Duration;

const SITE: &str = "usr/local/lib/python3.12/dist-packages";

/// A release of one arch declaring torch, the cuDNN its wheel pins (as
/// NVIDIA names cuDNN releases: 9.10.2) and
/// Ubuntu 24.04's gdb (as 25.10 declares it: the version `gdb --version`
/// prints).
const RECORD: &str = r#"version = "26.01"
archs = ["amd64"]

[title]
zh = "26.01 版本发布记录"
en = "26.01 release notes"

[components]
torch = "2.8.0"
cuDNN = "9.10.2"
gdb = "15.0.50.20240403-git"
"#;

/// gdb as Ubuntu 24.04 (noble) ships it.
const DPKG_GDB: &str = "Package: gdb\nStatus: install ok installed\nPriority: optional\nSection: devel\nArchitecture: amd64\nVersion: 15.0.50.20240403-0ubuntu1\nDescription: GNU Debugger\n\n";

/// The version defines of the header the nvidia-cudnn-cu12 9.10.2.21
/// wheel ships.
const CUDNN_VERSION_H: &str = "#ifndef CUDNN_VERSION_H_\n#define CUDNN_VERSION_H_\n\n#define CUDNN_MAJOR 9\n#define CUDNN_MINOR 10\n#define CUDNN_PATCHLEVEL 2\n\n#define CUDNN_VERSION (CUDNN_MAJOR * 10000 + CUDNN_MINOR * 100 + CUDNN_PATCHLEVEL)\n\n#endif\n";

fn metadata(name: &str, version: &str) -> String {
    format!("Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n")
}

/// The image of 26.01 for amd64, as an index: torch 2.8.0 with the
/// nvidia-cudnn-cu12 wheel PyPI's torch 2.8.0 pins (9.10.2.21), and gdb.
fn image_of_26_01() -> BuiltImage {
    let layer = Layer::gzip()
        .file(
            &format!("{SITE}/torch-2.8.0.dist-info/METADATA"),
            metadata("torch", "2.8.0"),
        )
        .file(
            &format!("{SITE}/nvidia_cudnn_cu12-9.10.2.21.dist-info/METADATA"),
            metadata("nvidia-cudnn-cu12", "9.10.2.21"),
        )
        .file(
            &format!("{SITE}/nvidia/cudnn/include/cudnn_version.h"),
            CUDNN_VERSION_H,
        )
        .file("var/lib/dpkg/status", DPKG_GDB);
    TestImage::multi(vec![PlatformImage::new("amd64").layer(layer)]).build()
}

/// The SBOM syft writes for that image, with torch at `torch_version`.
fn spdx_of_26_01(torch_version: &str) -> Value {
    let torch_purl = format!("pkg:pypi/torch@{torch_version}");
    let torch_source = format!(
        "acquired package info from installed python package manifest file: /{SITE}/torch-{torch_version}.dist-info/METADATA"
    );
    let cudnn_source = format!(
        "acquired package info from installed python package manifest file: /{SITE}/nvidia_cudnn_cu12-9.10.2.21.dist-info/METADATA"
    );
    spdx_document(&[
        SpdxPackage {
            name: "torch",
            version: torch_version,
            purl: &torch_purl,
            source_info: &torch_source,
        },
        SpdxPackage {
            name: "nvidia-cudnn-cu12",
            version: "9.10.2.21",
            purl: "pkg:pypi/nvidia-cudnn-cu12@9.10.2.21",
            source_info: &cudnn_source,
        },
        SpdxPackage {
            name: "gdb",
            version: "15.0.50.20240403-0ubuntu1",
            purl: "pkg:deb/ubuntu/gdb@15.0.50.20240403-0ubuntu1?arch=amd64&distro=ubuntu-24.04",
            source_info: "acquired package info from DPKG DB: /var/lib/dpkg/status",
        },
    ])
}

fn project() -> tempfile::TempDir {
    let dir = scratch_project();
    std::fs::write(dir.path().join("releases/26.01.toml"), RECORD).unwrap();
    dir
}

fn run(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = relnotes_in(dir)
        .env("DOCKER_CONFIG", "/nonexistent/relnotes-tests")
        .args(args)
        .arg("--quiet")
        .timeout(Duration::from_secs(120))
        .output()
        .expect("runs");
    outcome(&out)
}

/// `verify 26.01 --image IMAGE --sbom-source SOURCE EXTRA` in `dir`.
fn verify(dir: &Path, image: &str, source: &str, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec!["verify", "26.01", "--image", image, "--sbom-source", source];
    args.extend(extra);
    run(dir, &args)
}

/// `(name, status, found)` of every component, and the evidence's cataloger.
fn components(report: &Value) -> Vec<(String, String, Option<String>, Vec<String>)> {
    report["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["status"].as_str().unwrap().to_string(),
                c["found"].as_str().map(str::to_string),
                c["evidence"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|e| e["cataloger"].as_str().unwrap().to_string())
                    .collect(),
            )
        })
        .collect()
}

/// `(name, status)` of every component, and the evidence's cataloger.
fn statuses(report: &Value) -> Vec<(String, String, Vec<String>)> {
    components(report)
        .into_iter()
        .map(|(name, status, _, evidence)| (name, status, evidence))
        .collect()
}

/// The referrers-API registry, the image of 26.01 (not pushed yet) and
/// its amd64 manifest's digest.
fn oci_setup() -> (OciRegistry, BuiltImage, String) {
    let registry = OciRegistry::start();
    let built = image_of_26_01();
    let amd64 = built.manifest("amd64").manifest.digest.clone();
    (registry, built, amd64)
}

/// Whether the registry was asked for any layer of the image.
fn fetched_a_layer(registry: &OciRegistry, built: &BuiltImage) -> Vec<String> {
    let layers: Vec<String> = built
        .manifests
        .iter()
        .flat_map(|m| m.layer_digests())
        .collect();
    registry
        .log()
        .into_iter()
        .filter(|r| layers.iter().any(|l| r.contains(l.as_str())))
        .collect()
}

#[test]
fn a_buildkit_attested_image_is_listed_and_verified_from_its_sbom_without_a_layer() {
    let (registry, built, amd64) = oci_setup();
    let sbom = statement(SPDX_PREDICATE, &amd64, &spdx_of_26_01("2.8.0"));
    let provenance = statement(
        "https://slsa.dev/provenance/v0.2",
        &amd64,
        &serde_json::json!({"buildType": "https://mobyproject.org/buildkit@v1"}),
    );
    let attestations = push_attested(
        &registry.url(),
        "team/app",
        "26.01",
        &built,
        &[(
            "amd64",
            vec![
                (SPDX_PREDICATE, sbom.clone()),
                ("https://slsa.dev/provenance/v0.2", provenance),
            ],
        )],
    );
    let image = format!("{}/team/app:26.01", registry.host());
    let dir = project();

    // `referrers` lists the attestation beside the (no) referrers.
    let (code, stdout, stderr) = run(
        dir.path(),
        &["referrers", "--image", &image, "--format", "json"],
    );
    assert_eq!(code, 0, "{stderr}");
    let listed: Value = serde_json::from_str(&stdout).unwrap();
    let platforms = listed["platforms"].as_array().unwrap();
    assert_eq!(
        platforms.len(),
        1,
        "the attestation is no platform: {listed}"
    );
    let p = &platforms[0];
    assert_eq!(p["platform"], "linux/amd64");
    assert_eq!(p["manifest"], amd64);
    assert_eq!(p["scan"], format!("{}/team/app@{amd64}", registry.host()));
    assert_eq!(p["referrers"].as_array().unwrap().len(), 0);
    let attestation = &p["attestations"][0];
    assert_eq!(attestation["digest"], attestations[0]);
    let statements = attestation["statements"].as_array().unwrap();
    assert_eq!(statements[0]["predicateType"], SPDX_PREDICATE);
    assert_eq!(statements[0]["mediaType"], "application/vnd.in-toto+json");
    assert_eq!(statements[0]["size"], sbom.len());
    assert_eq!(
        statements[1]["predicateType"],
        "https://slsa.dev/provenance/v0.2"
    );
    let (code, text, _) = run(dir.path(), &["referrers", "--image", &image]);
    assert_eq!(code, 0);
    assert!(
        text.contains(&format!(
            "  attestation manifest (in the image index)  {}",
            attestations[0]
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "    {SPDX_PREDICATE}  application/vnd.in-toto+json  sha256:"
        )),
        "{text}"
    );

    // verify from the attestation: every component confirmed by the SBOM,
    // which is said to be trusted; no layer fetched.
    registry.clear_log();
    let (code, stdout, stderr) = verify(dir.path(), &image, "attestation", &["--format", "json"]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let spdx = vec!["spdx attestation".to_string()];
    assert_eq!(
        components(&report),
        [
            (
                "torch".into(),
                "confirmed".into(),
                Some("2.8.0".into()),
                spdx.clone()
            ),
            (
                "cuDNN".into(),
                "confirmed".into(),
                Some("9.10.2.21".into()),
                spdx.clone()
            ),
            (
                "gdb".into(),
                "confirmed".into(),
                Some("15.0.50.20240403-0ubuntu1".into()),
                spdx.clone()
            ),
        ]
    );
    assert_eq!(report["sbom"]["source"], "attestation");
    assert_eq!(report["sbom"]["trusted"], true);
    let read = &report["sbom"]["read"][0];
    assert_eq!(read["holder"], attestations[0]);
    assert_eq!(read["manifest"], amd64);
    assert_eq!(read["format"], "spdx");
    assert_eq!(read["spec_version"], "SPDX-2.3");
    assert_eq!(read["packages"], 3);
    assert!(
        report["components"][0]["location"]
            .as_str()
            .unwrap()
            .starts_with(&format!(
                "attestation {}: SPDXRef-Package-torch-",
                attestations[0]
            )),
        "{report}"
    );
    assert_eq!(fetched_a_layer(&registry, &built), Vec::<String>::new());
    assert!(
        registry
            .log()
            .iter()
            .any(|r| r.ends_with(&image::sha256_digest(&sbom))),
        "the statement was read: {:#?}",
        registry.log()
    );

    let (code, text, stderr) = verify(dir.path(), &image, "attestation", &[]);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        text.contains("Trusting the attached SBOM: components read from the SBOM attestations in the image index (unsigned), not from the image's layers (none was fetched)"),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "  [amd64] SPDX-2.3 `sbom` in attestation {} (3 packages;",
            attestations[0]
        )),
        "{text}"
    );
}

#[test]
fn an_attested_sbom_that_disagrees_with_the_record_is_a_finding() {
    let (registry, built, amd64) = oci_setup();
    // The layers hold torch 2.8.0; the attached SBOM says 2.7.1.
    let sbom = statement(SPDX_PREDICATE, &amd64, &spdx_of_26_01("2.7.1"));
    let (_, image) = registry.push_attested_spdx(&built, "team/app:26.01", sbom);
    let dir = project();
    registry.clear_log();

    let (code, stdout, stderr) = verify(dir.path(), &image, "attestation", &["--format", "json"]);
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let torch = &components(&report)[0];
    assert_eq!(
        (torch.0.as_str(), torch.1.as_str(), torch.2.as_deref()),
        ("torch", "differs", Some("2.7.1"))
    );
    assert_eq!(report["summary"]["findings"], 1);
    assert_eq!(fetched_a_layer(&registry, &built), Vec::<String>::new());

    // The layers say otherwise: read them (the default), torch is confirmed.
    let (code, stdout, stderr) = run(
        dir.path(),
        &["verify", "26.01", "--image", &image, "--format", "json"],
    );
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    assert!(
        report.get("sbom").is_none(),
        "nothing attached is trusted: {report}"
    );
    assert_eq!(components(&report)[0].1, "confirmed");
    assert!(!fetched_a_layer(&registry, &built).is_empty());
}

#[test]
fn a_missing_or_malformed_attestation_is_bad_input() {
    let registry = OciRegistry::start();
    let built = image_of_26_01();
    let dir = project();

    // No attestation at all.
    let plain = registry.push(&built, "team/plain:26.01");
    let (code, _, stderr) = verify(dir.path(), &plain, "attestation", &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains(&format!(
            "{plain} has no SBOM attestation for linux/amd64 (manifest {})",
            built.manifest("amd64").manifest.digest
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains("docker buildx build --sbom=true"),
        "{stderr}"
    );

    // A statement that is no JSON, and an SPDX 3 one.
    let amd64 = built.manifest("amd64").manifest.digest.clone();
    for (tag, bytes, detail) in [
        (
            "cut",
            b"{\"_type\": \"https://in-toto.io/Statement/v0.1\", \"predicateType\"".to_vec(),
            "EOF while parsing",
        ),
        (
            "spdx3",
            statement(
                SPDX_PREDICATE,
                &amd64,
                &serde_json::json!({"spdxVersion": "SPDX-3.0", "packages": []}),
            ),
            "`spdxVersion` is `SPDX-3.0`; relnotes reads SPDX 2.x JSON",
        ),
    ] {
        let (_, image) = registry.push_attested_spdx(&built, &format!("team/app:{tag}"), bytes);
        let (code, _, stderr) = verify(dir.path(), &image, "attestation", &[]);
        assert_eq!(code, 2, "{tag}: {stderr}");
        assert!(stderr.contains("is not a readable SBOM"), "{tag}: {stderr}");
        assert!(stderr.contains(detail), "{tag}: {stderr}");
    }
}

#[test]
fn an_attested_sbom_about_another_image_is_refused() {
    let registry = OciRegistry::start();
    let built = image_of_26_01();
    let dir = project();
    let amd64 = built.manifest("amd64").manifest.digest.clone();
    let other = format!("sha256:{}", "ab".repeat(32));
    let spdx = spdx_of_26_01("2.8.0");
    // The index says the attestation is about the amd64 manifest; the
    // statement names another image, or none.
    let about_none = serde_json::to_vec(&serde_json::json!({
        "_type": "https://in-toto.io/Statement/v0.1",
        "predicateType": SPDX_PREDICATE,
        "predicate": spdx,
    }))
    .unwrap();
    for (tag, bytes, named) in [
        (
            "other",
            statement(SPDX_PREDICATE, &other, &spdx),
            other.as_str(),
        ),
        ("none", about_none, "no image"),
    ] {
        let (_, image) = registry.push_attested_spdx(&built, &format!("team/app:{tag}"), bytes);
        let (code, stdout, stderr) = verify(dir.path(), &image, "attestation", &[]);
        assert_eq!(code, 2, "{tag}: {stdout}\n{stderr}");
        assert!(
            stderr.contains(&format!(
                "is about {named}, not the platform manifest {amd64} being verified"
            )),
            "{tag}: {stderr}"
        );
        assert!(stdout.is_empty(), "{tag}: no report: {stdout}");
    }
    // The same statement about the amd64 manifest is read.
    let (_, image) = registry.push_attested_spdx(
        &built,
        "team/app:own",
        statement(SPDX_PREDICATE, &amd64, &spdx),
    );
    let (code, stdout, stderr) = verify(dir.path(), &image, "attestation", &[]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
}

#[test]
fn a_referrer_about_another_image_is_refused() {
    // Debian's docker-registry has no referrers API: the referrers of a
    // manifest are an index under its `sha256-<hex>` tag, which anyone who
    // may push can write. Here it lists the SBOM attached to another image.
    let registry = TestRegistry::start();
    let built = image_of_26_01();
    built.push(&registry.url(), "team/app", "26.01", None);
    let other = TestImage::multi(vec![PlatformImage::new("amd64").layer(Layer::gzip().file(
        &format!("{SITE}/torch-2.9.0.dist-info/METADATA"),
        metadata("torch", "2.9.0"),
    ))])
    .build();
    let other_image = registry.push(&other, "team/app:other");
    let dir = project();
    let image = format!("{}/team/app:26.01", registry.host());
    let (code, _, stderr) = run(
        dir.path(),
        &["attach", "26.01", "--image", &other_image, "--observed"],
    );
    assert_eq!(code, 0, "{stderr}");
    let amd64 = built.manifest("amd64").manifest.digest.clone();
    let other_amd64 = other.manifest("amd64").manifest.digest.clone();
    let tag = |digest: &str| digest.replacen(':', "-", 1);
    image::install_crypto_provider();
    let client = reqwest::blocking::Client::builder()
        .no_proxy()
        .build()
        .unwrap();
    let manifests = format!("{}/v2/team/app/manifests", registry.url());
    let index = client
        .get(format!("{manifests}/{}", tag(&other_amd64)))
        .header("Accept", "application/vnd.oci.image.index.v1+json")
        .send()
        .unwrap();
    assert!(index.status().is_success());
    let index = index.bytes().unwrap().to_vec();
    let put = client
        .put(format!("{manifests}/{}", tag(&amd64)))
        .header("Content-Type", "application/vnd.oci.image.index.v1+json")
        .body(index)
        .send()
        .unwrap();
    assert_eq!(put.status().as_u16(), 201);
    let (code, stdout, stderr) = verify(dir.path(), &image, "referrers", &[]);
    assert_eq!(code, 2, "{stdout}\n{stderr}");
    assert!(
        stderr.contains(&format!(
            "is about {other_amd64}, not the platform manifest {amd64} being verified"
        )),
        "{stderr}"
    );
}

#[test]
fn verify_from_referrers_reads_the_observed_sbom_not_the_declared_one() {
    let registry = OciRegistry::start();
    let built = image_of_26_01();
    let image = registry.push(&built, "team/app:26.01");
    let dir = project();

    // Nothing attached yet.
    let (code, _, stderr) = verify(dir.path(), &image, "referrers", &[]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("has no SBOM referrer for linux/amd64"),
        "{stderr}"
    );

    // The declared SBOM alone is the record, not the image: still none.
    let (code, _, stderr) = run(dir.path(), &["attach", "26.01", "--image", &image]);
    assert_eq!(code, 0, "{stderr}");
    let (code, _, stderr) = verify(dir.path(), &image, "referrers", &[]);
    assert_eq!(code, 2, "{stderr}");

    let (code, _, stderr) = run(
        dir.path(),
        &["attach", "26.01", "--image", &image, "--observed"],
    );
    assert_eq!(code, 0, "{stderr}");
    registry.clear_log();
    let (code, stdout, stderr) = verify(dir.path(), &image, "referrers", &["--format", "json"]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let cyclonedx = vec!["cyclonedx referrer".to_string()];
    let found: Vec<_> = statuses(&report);
    assert_eq!(
        found,
        [
            (
                "torch".to_string(),
                "confirmed".to_string(),
                cyclonedx.clone()
            ),
            // As the observed SBOM lists it (`cudnn` from the header); its
            // copy, the nvidia-cudnn-cu12 wheel, speaks only when nothing
            // else does.
            (
                "cuDNN".to_string(),
                "confirmed".to_string(),
                cyclonedx.clone()
            ),
            (
                "gdb".to_string(),
                "confirmed".to_string(),
                cyclonedx.clone()
            ),
        ]
    );
    assert_eq!(report["sbom"]["source"], "referrers");
    assert_eq!(
        report["sbom"]["read"].as_array().unwrap().len(),
        1,
        "the observed SBOM only"
    );
    assert_eq!(report["sbom"]["read"][0]["format"], "cyclonedx");
    assert_eq!(fetched_a_layer(&registry, &built), Vec::<String>::new());
    assert!(
        registry
            .log()
            .iter()
            .any(|r| r.starts_with("GET /v2/team/app/referrers/sha256:")),
        "{:#?}",
        registry.log()
    );
}

/// The SBOM in the artifact whose manifest is `digest`, read from the
/// registry as a consumer would: the manifest, then its one layer.
fn attached_sbom(registry: &OciRegistry, digest: &str) -> (Value, String) {
    image::install_crypto_provider();
    let client = reqwest::blocking::Client::builder()
        .no_proxy()
        .build()
        .unwrap();
    let get = |path: String| {
        let response = client
            .get(format!("{}/v2/team/app/{path}", registry.url()))
            .header("Accept", "application/vnd.oci.image.manifest.v1+json")
            .send()
            .unwrap();
        assert!(response.status().is_success(), "{path}");
        response.bytes().unwrap().to_vec()
    };
    let manifest: Value = serde_json::from_slice(&get(format!("manifests/{digest}"))).unwrap();
    let layer = manifest["layers"][0]["digest"].as_str().unwrap();
    let sbom = String::from_utf8(get(format!("blobs/{layer}"))).unwrap();
    (manifest, sbom)
}

#[test]
fn an_attached_spdx_or_cyclonedx_1_7_sbom_is_read_from_referrers() {
    for (flags, artifact_type, format, spec_version) in [
        (
            ["--sbom-format", "spdx-json"],
            "application/spdx+json",
            "spdx",
            "SPDX-2.3",
        ),
        (
            ["--spec-version", "1.7"],
            "application/vnd.cyclonedx+json",
            "cyclonedx",
            "1.7",
        ),
    ] {
        let what = format!("attach {}", flags.join(" "));
        let registry = OciRegistry::start();
        let built = image_of_26_01();
        let image = registry.push(&built, "team/app:26.01");
        let dir = project();
        let mut args = vec!["attach", "26.01", "--image", &image, "--observed"];
        args.extend(flags);
        args.extend(["--format", "json"]);
        let (code, stdout, stderr) = run(dir.path(), &args);
        assert_eq!(code, 0, "{what}: {stderr}");
        let report: Value = serde_json::from_str(&stdout).unwrap();
        let attached = report["attached"].as_array().unwrap();
        assert_eq!(attached.len(), 2, "{what}: {report}");
        for entry in attached {
            assert_eq!(entry["artifactType"], artifact_type, "{what}: {entry}");
            assert_eq!(entry["via"], "api", "{what}: {entry}");
            let (manifest, sbom) = attached_sbom(&registry, entry["digest"].as_str().unwrap());
            assert_eq!(manifest["artifactType"], artifact_type, "{what}");
            assert_eq!(manifest["layers"][0]["mediaType"], artifact_type, "{what}");
            let kind = entry["kind"].as_str().unwrap();
            let title = manifest["layers"][0]["annotations"]["org.opencontainers.image.title"]
                .as_str()
                .unwrap()
                .to_string();
            // The SBOM as pushed is valid in its format and version.
            if format == "spdx" {
                let (valid, said) = crate::sbom::pyspdxtools(&sbom, &title);
                assert!(valid, "{what} {kind}: {said}");
                assert!(title.ends_with(".spdx.json"), "{title}");
            } else {
                crate::sbom::assert_valid_json_of(spec_version, &sbom, &what);
                let bom: Value = serde_json::from_str(&sbom).unwrap();
                let phase = match kind {
                    "declared" => "pre-build",
                    _ => "post-build",
                };
                assert_eq!(
                    bom["metadata"]["lifecycles"],
                    serde_json::json!([{ "phase": phase }]),
                    "{what} {kind}"
                );
                assert!(title.ends_with(".cdx.json"), "{title}");
            }
        }

        // `referrers` lists both under their artifact type.
        let (code, stdout, stderr) = run(
            dir.path(),
            &["referrers", "--image", &image, "--format", "json"],
        );
        assert_eq!(code, 0, "{what}: {stderr}");
        let listed: Value = serde_json::from_str(&stdout).unwrap();
        let referrers = listed["platforms"][0]["referrers"].as_array().unwrap();
        assert_eq!(referrers.len(), 2, "{what}: {listed}");
        assert!(
            referrers.iter().all(|r| r["artifactType"] == artifact_type),
            "{what}: {listed}"
        );

        // verify reads the observed one, no layer fetched.
        registry.clear_log();
        let (code, stdout, stderr) = verify(dir.path(), &image, "referrers", &["--format", "json"]);
        assert_eq!(code, 0, "{what}: {stdout}\n{stderr}");
        let report: Value = serde_json::from_str(&stdout).unwrap();
        let read = report["sbom"]["read"].as_array().unwrap();
        assert_eq!(read.len(), 1, "{what}: the observed SBOM only");
        assert_eq!(read[0]["format"], format, "{what}");
        assert_eq!(read[0]["spec_version"], spec_version, "{what}");
        let cataloger = vec![format!("{format} referrer")];
        let statuses: Vec<_> = statuses(&report);
        assert_eq!(
            statuses,
            ["torch", "cuDNN", "gdb"].map(|name| (
                name.to_string(),
                "confirmed".to_string(),
                cataloger.clone()
            )),
            "{what}"
        );
        assert_eq!(fetched_a_layer(&registry, &built), Vec::<String>::new());
    }
}

#[test]
fn spdx_attachments_take_no_cyclonedx_version() {
    let dir = project();
    let (code, stdout, stderr) = run(
        dir.path(),
        &[
            "attach",
            "26.01",
            "--image",
            "127.0.0.1:9/team/app:26.01",
            "--sbom-format",
            "spdx-json",
            "--spec-version",
            "1.7",
        ],
    );
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(stdout, "");
    assert!(stderr.contains("--spec-version"), "{stderr}");
}

/// The image of 26.01 in Debian's registry, its amd64 manifest's digest,
/// its reference, a project declaring it, and an empty dir for keys.
fn signed_setup() -> (
    TestRegistry,
    String,
    String,
    tempfile::TempDir,
    tempfile::TempDir,
) {
    let registry = TestRegistry::start();
    let built = image_of_26_01();
    let image = registry.push(&built, "team/app:26.01");
    let amd64 = built.manifest("amd64").manifest.digest.clone();
    let keys = tempfile::tempdir().unwrap();
    (registry, amd64, image, project(), keys)
}

/// `cosign attest` of syft's SPDX of 26.01 about `by_digest`, signed by
/// the key file `key` in `keys`.
fn cosign_attests_spdx(keys: &Path, key: &Path, by_digest: &str) {
    std::fs::write(
        keys.join("sbom.spdx.json"),
        serde_json::to_vec(&spdx_of_26_01("2.8.0")).unwrap(),
    )
    .unwrap();
    let key = key.to_str().unwrap();
    run_cosign(
        keys,
        &[
            "attest",
            "--yes",
            "--key",
            key,
            "--type",
            "spdxjson",
            "--predicate",
            "sbom.spdx.json",
            "--tlog-upload=false",
            "--allow-insecure-registry",
            by_digest,
        ],
    );
}

/// The statements of the CycloneDX attestations of `by_digest` whose
/// signatures `cosign verify-attestation` checks with `public`.
fn cosign_verifies(keys: &Path, public: &Path, by_digest: &str) -> Vec<Value> {
    use base64::Engine;
    let public = public.to_str().unwrap();
    let out = run_cosign(
        keys,
        &[
            "verify-attestation",
            "--key",
            public,
            "--type",
            "cyclonedx",
            "--insecure-ignore-tlog=true",
            "--allow-insecure-registry",
            by_digest,
        ],
    );
    // One envelope per line.
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|line| {
            let envelope: Value = serde_json::from_str(line).unwrap();
            let payload = base64::engine::general_purpose::STANDARD
                .decode(envelope["payload"].as_str().unwrap())
                .unwrap();
            serde_json::from_slice(&payload).unwrap()
        })
        .collect()
}

/// `verify --sbom-source attestation --key KEY` (`extra` after it).
fn verify_signed(dir: &Path, image: &str, key: &Path, extra: &[&str]) -> (i32, String, String) {
    let mut args = vec![
        "verify",
        "26.01",
        "--image",
        image,
        "--sbom-source",
        "attestation",
    ];
    args.extend(["--key", key.to_str().unwrap()]);
    args.extend(extra);
    run(dir, &args)
}

/// `attach 26.01 --observed --sign-key KEY --format json` with the
/// cosign password `password`: its exit code, JSON report and stderr.
fn attach_signed(dir: &Path, image: &str, key: &Path, password: &str) -> (i32, Value, String) {
    let out = relnotes_in(dir)
        .env("DOCKER_CONFIG", "/nonexistent/relnotes-tests")
        .env("COSIGN_PASSWORD", password)
        .args(["attach", "26.01", "--image", image, "--observed"])
        .args(["--sign-key", key.to_str().unwrap(), "--format", "json"])
        .timeout(Duration::from_secs(120))
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        serde_json::from_slice(&out.stdout).unwrap_or(Value::Null),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The registry's tags of team/app, as it lists them.
fn tags(registry: &TestRegistry) -> String {
    image::install_crypto_provider();
    reqwest::blocking::Client::builder()
        .no_proxy()
        .build()
        .unwrap()
        .get(format!("{}/v2/team/app/tags/list", registry.url()))
        .send()
        .unwrap()
        .text()
        .unwrap()
}

#[test]
fn an_sbom_cosign_attested_is_read_with_its_key_and_refused_with_another() {
    let (registry, amd64, image, dir, keys) = signed_setup();
    let (private, public) = generate_key_pair(keys.path());
    let other = tempfile::tempdir().unwrap();
    let (_, other_public) = generate_key_pair(other.path());
    cosign_attests_spdx(
        keys.path(),
        &private,
        &format!("{}/team/app@{amd64}", registry.host()),
    );

    let (code, stdout, stderr) = verify_signed(dir.path(), &image, &public, &["--format", "json"]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let statuses: Vec<_> = statuses(&report);
    let signed = vec!["spdx signed attestation".to_string()];
    assert_eq!(
        statuses,
        [
            ("torch".into(), "confirmed".into(), signed.clone()),
            ("cuDNN".into(), "confirmed".into(), signed.clone()),
            ("gdb".into(), "confirmed".into(), signed.clone()),
        ]
    );
    let read = &report["sbom"]["read"];
    assert_eq!(read.as_array().unwrap().len(), 1, "{read}");
    assert_eq!(read[0]["signed_by"], key_fingerprint(&public));
    assert_eq!(read[0]["manifest"], amd64);

    // Signed by another key: refused, nothing read.
    let (code, stdout, stderr) = verify_signed(dir.path(), &image, &other_public, &[]);
    assert_eq!(code, 2, "{stdout}\n{stderr}");
    assert!(
        stderr.contains(&format!(
            "none of the 1 attestation(s) of {image} under sha256-{}.att (manifest {amd64}) is signed by key {}",
            amd64.trim_start_matches("sha256:"),
            key_fingerprint(&other_public)
        )),
        "{stderr}"
    );
    assert_eq!(stdout, "");

    // A private key, or no key file at all, is refused as a public key.
    for (bad, says) in [
        (private.clone(), "not a `PUBLIC KEY`"),
        (keys.path().join("absent.pub"), "it does not exist"),
    ] {
        let (code, _, stderr) = verify_signed(dir.path(), &image, &bad, &[]);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains(says), "{stderr}");
    }

    // --key checks attestations only.
    let key = public.to_str().unwrap();
    let (code, _, stderr) = run(
        dir.path(),
        &["verify", "26.01", "--image", &image, "--key", key],
    );
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("--sbom-source attestation"), "{stderr}");
}

#[test]
fn attach_signs_attestations_cosign_verifies() {
    let (registry, amd64, image, dir, keys) = signed_setup();
    let (private, public) = generate_key_pair(keys.path());

    // A wrong password opens nothing, and nothing is pushed.
    let (code, _, stderr) = attach_signed(dir.path(), &image, &private, "not its password");
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("its password does not open it"), "{stderr}");
    assert!(tags(&registry).contains("\"26.01\""), "{}", tags(&registry));
    assert!(!tags(&registry).contains(".att"), "{}", tags(&registry));

    let (code, report, stderr) = attach_signed(dir.path(), &image, &private, "");
    assert_eq!(code, 0, "{stderr}");
    let signed: Vec<&Value> = report["attached"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["via"] == "cosign")
        .collect();
    assert_eq!(signed.len(), 2, "declared and observed: {report}");
    for a in &signed {
        assert_eq!(a["signedBy"], key_fingerprint(&public));
        assert_eq!(a["subject"], amd64);
        assert_eq!(a["status"], "attached");
    }
    assert!(tags(&registry).contains(".att"), "{}", tags(&registry));

    // cosign checks the signatures with the public key and finds both
    // statements about the platform manifest.
    let statements = cosign_verifies(
        keys.path(),
        &public,
        &format!("{}/team/app@{amd64}", registry.host()),
    );
    assert_eq!(statements.len(), 2, "{statements:#?}");
    for statement in &statements {
        assert_eq!(statement["predicateType"], "https://cyclonedx.org/bom");
        assert_eq!(
            statement["subject"][0]["digest"]["sha256"],
            amd64.trim_start_matches("sha256:")
        );
        assert_eq!(statement["predicate"]["bomFormat"], "CycloneDX");
    }

    // verify reads the observed one (the declared one is the record).
    let (code, stdout, stderr) = verify_signed(dir.path(), &image, &public, &[]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(
        stdout.contains(&format!("signed by key {}", key_fingerprint(&public))),
        "{stdout}"
    );
    assert!(stdout.contains("3 confirmed"), "{stdout}");

    // Attaching again signs the same bytes: nothing new is added.
    let (_, again, _) = attach_signed(dir.path(), &image, &private, "");
    for a in again["attached"].as_array().unwrap() {
        assert_eq!(a["status"], "already_attached", "{again}");
    }
}

/// An Ed25519 key pair made by Python's `cryptography` (neither relnotes
/// nor cosign): PKCS #8 `ed.pem` and PKIX `ed.pub` in `dir`.
fn ed25519_key_pair(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let script = "from cryptography.hazmat.primitives.asymmetric import ed25519\n\
        from cryptography.hazmat.primitives import serialization as s\n\
        k = ed25519.Ed25519PrivateKey.generate()\n\
        open('ed.pem','wb').write(k.private_bytes(s.Encoding.PEM, s.PrivateFormat.PKCS8, s.NoEncryption()))\n\
        open('ed.pub','wb').write(k.public_key().public_bytes(s.Encoding.PEM, s.PublicFormat.SubjectPublicKeyInfo))\n";
    let out = std::process::Command::new("python3")
        .args(["-c", script])
        .current_dir(dir)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "Python's cryptography (scripts/test.sh installs it): {}",
        String::from_utf8_lossy(&out.stderr)
    );
    (dir.join("ed.pem"), dir.join("ed.pub"))
}

#[test]
fn ed25519_attestations_go_both_ways_between_cosign_and_relnotes() {
    let (registry, amd64, image, dir, keys) = signed_setup();
    let (private, public) = ed25519_key_pair(keys.path());
    let by_digest = format!("{}/team/app@{amd64}", registry.host());

    // relnotes signs with the PKCS #8 key; cosign verifies with the public one.
    let (code, _, stderr) = attach_signed(dir.path(), &image, &private, "");
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(cosign_verifies(keys.path(), &public, &by_digest).len(), 2);

    // cosign signs with the same key (imported into its own format); relnotes
    // reads its SPDX statement beside its own observed CycloneDX one.
    run_cosign(keys.path(), &["import-key-pair", "--key", "ed.pem"]);
    cosign_attests_spdx(
        keys.path(),
        &keys.path().join("import-cosign.key"),
        &by_digest,
    );
    let (code, stdout, stderr) = verify_signed(dir.path(), &image, &public, &["--format", "json"]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let report: Value = serde_json::from_str(&stdout).unwrap();
    let formats: Vec<&str> = report["sbom"]["read"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            assert_eq!(r["signed_by"], key_fingerprint(&public));
            r["format"].as_str().unwrap()
        })
        .collect();
    assert_eq!(formats, ["cyclonedx", "spdx"]);
}

#[test]
fn a_streamed_statement_counts_only_once_its_digest_checks() {
    let registry = TestRegistry::start();
    let built = image_of_26_01();
    let amd64 = built.manifest("amd64").manifest.digest.clone();
    let dir = project();
    let verify = |tag: &str| {
        let image = format!("{}/team/app:{tag}", registry.host());
        let source = ["--sbom-source", "attestation", "--format", "json"];
        let mut args = vec!["verify", "26.01", "--image", &image];
        args.extend(source);
        run(dir.path(), &args)
    };

    // Its predicate before its type (JSON keys come in any order): read.
    let hex = amd64.trim_start_matches("sha256:");
    let predicate_first = format!(
        r#"{{"predicate":{},"subject":[{{"name":"_","digest":{{"sha256":"{hex}"}}}}],"predicateType":"{SPDX_PREDICATE}","_type":"https://in-toto.io/Statement/v0.1"}}"#,
        spdx_of_26_01("2.8.0")
    );
    push_attested(
        &registry.url(),
        "team/app",
        "reordered",
        &built,
        &[(
            "amd64",
            vec![(SPDX_PREDICATE, predicate_first.into_bytes())],
        )],
    );
    let (code, stdout, stderr) = verify("reordered");
    assert_eq!(code, 0, "{stdout}\n{stderr}");

    // The registry serves other bytes than the statement's digest: an
    // error, however well the bytes read (here torch 2.7.1, a finding).
    let statement = statement(SPDX_PREDICATE, &amd64, &spdx_of_26_01("2.8.0"));
    // Same length, so only the digest tells.
    let swapped = String::from_utf8(statement.clone())
        .unwrap()
        .replace("2.8.0", "2.7.1")
        .into_bytes();
    push_attested(
        &registry.url(),
        "team/app",
        "swapped",
        &built,
        &[("amd64", vec![(SPDX_PREDICATE, statement.clone())])],
    );
    let digest = image::sha256_digest(&statement);
    std::fs::write(registry.blob_data_path(&digest), &swapped).unwrap();
    let (code, stdout, stderr) = verify("swapped");
    assert_eq!(code, 2, "{stdout}\n{stderr}");
    assert!(stderr.contains(&digest), "{stderr}");
    assert!(stderr.contains(&image::sha256_digest(&swapped)), "{stderr}");
    assert_eq!(stdout, "");
}
