//! What the peers write, read: syft's and trivy's SPDX and CycloneDX JSON
//! of a real test image (25.10's, as tests/support/release_25_10.rs builds
//! it from PyPI's wheels and Ubuntu's dpkg stanzas, with Ubuntu's
//! lsb-release), written by the tools
//! themselves (tests/support/peers.rs), decoded by the sbom crate, and
//! trivy's SPDX attested to the image with cosign and read by
//! `verify --sbom-source attestation`.

use crate::support::cosign::{generate_key_pair, run_cosign};
use crate::support::image::{BuiltImage, Layer, TestImage};
use crate::support::peers::{Peer, Written};
use crate::support::registry::TestRegistry;
use crate::support::release_25_10::{Tampering, platform};
use crate::util::relnotes;
use model::Ecosystem;
use sbom::{Place, SbomFormat};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Duration;

/// `/etc/lsb-release` of Ubuntu 24.04.3 (base-files 13ubuntu10.3): trivy
/// knows an Ubuntu by it (not by os-release), and without an OS writes no
/// purl for the deb packages.
const LSB_RELEASE: &str = "DISTRIB_ID=Ubuntu\nDISTRIB_RELEASE=24.04\nDISTRIB_CODENAME=noble\nDISTRIB_DESCRIPTION=\"Ubuntu 24.04.3 LTS\"\n";

/// 25.10's faithful image (both platforms), with the `/etc/lsb-release`
/// every Ubuntu image has.
fn ubuntu_image() -> BuiltImage {
    let with_lsb_release = |arch: &str| {
        platform(arch, Tampering::default())
            .layer(Layer::gzip().file("etc/lsb-release", LSB_RELEASE))
    };
    TestImage::multi(vec![with_lsb_release("amd64"), with_lsb_release("arm64")]).build()
}

/// `(ecosystem, name, version, location)` of every package `file` (SPDX
/// or CycloneDX JSON, as `written`) decodes to.
fn decoded(file: &Path, written: Written) -> Vec<(Ecosystem, String, String, String)> {
    let format = match written {
        Written::Spdx => SbomFormat::SpdxJson,
        Written::CycloneDx => SbomFormat::Json,
    };
    let size = std::fs::metadata(file).unwrap().len();
    let place = Place {
        via: "file",
        holder: &file.display().to_string(),
    };
    let decoded = sbom::decode(std::fs::File::open(file).unwrap(), size, format, place)
        .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    assert_eq!(decoded.format, format);
    decoded
        .packages
        .into_iter()
        .map(|p| {
            let location = p.location().to_string();
            (p.ecosystem, p.name, p.version, location)
        })
        .collect()
}

#[test]
fn syft_and_trivy_sboms_give_the_os_and_the_python_and_deb_packages() {
    let dir = tempfile::tempdir().unwrap();
    let layout = dir.path().join("layout");
    ubuntu_image().write_layout(&layout, "25.10");
    let expected = [
        (Ecosystem::Os, "ubuntu", "24.04"),
        (Ecosystem::Pypi, "torch", "2.8.0.9+nv25.3"),
        (Ecosystem::Pypi, "peft", "0.16.0"),
        (Ecosystem::Pypi, "diffusers", "0.34.0"),
        (Ecosystem::Deb, "libc6", "2.39-0ubuntu8.6"),
        (Ecosystem::Deb, "gdb", "15.0.50.20240403-0ubuntu1"),
        (Ecosystem::Deb, "perf", "5.4.30"),
    ];
    for peer in [Peer::Syft, Peer::Trivy] {
        for written in [Written::Spdx, Written::CycloneDx] {
            let file = peer.sbom_of(&layout, "linux/amd64", written, dir.path());
            let found = decoded(&file, written);
            let what = format!("{} {written:?}", peer.name());
            for (ecosystem, name, version) in expected {
                assert!(
                    found
                        .iter()
                        .any(|p| (p.0, p.1.as_str(), p.2.as_str()) == (ecosystem, name, version)),
                    "{what}: no {ecosystem:?} {name} {version} among {found:?}"
                );
            }
            // One OS, and the image itself is no package of it. syft's SPDX
            // alone states no OS: its deb purls' `distro=` names it; the
            // others state it as a package (trivy's SPDX with no purl).
            let systems: Vec<_> = found.iter().filter(|p| p.0 == Ecosystem::Os).collect();
            assert_eq!(systems.len(), 1, "{what}: {systems:?}");
            let by_distro = systems[0].3.ends_with("the deb purls' distro=ubuntu-24.04");
            assert_eq!(
                by_distro,
                (peer, written) == (Peer::Syft, Written::Spdx),
                "{what}: {systems:?}"
            );
            assert!(
                !found.iter().any(|p| p.1.contains("layout")),
                "{what}: {found:?}"
            );
        }
    }
}

/// `verify 25.10 --image IMAGE --arch amd64 --format json` with `extra`:
/// its report, after checking it exits 0 or 1 (a finding) with no error.
fn verify(image: &str, extra: &[&str]) -> Value {
    let out = relnotes()
        .env("DOCKER_CONFIG", "/nonexistent/relnotes-tests")
        .args(["verify", "25.10", "--image", image, "--arch", "amd64"])
        .args(["--format", "json", "--quiet"])
        .args(extra)
        .timeout(Duration::from_secs(120))
        .output()
        .expect("runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{stderr}");
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {stderr}"))
}

/// Each component of a verify report: its ecosystem, status and what was
/// found, by name.
fn verdicts(report: &Value) -> BTreeMap<String, (String, String, Option<String>)> {
    report["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            let text = |key: &str| c[key].as_str().map(str::to_string);
            (
                text("name").unwrap(),
                (
                    text("ecosystem").unwrap_or_default(),
                    text("status").unwrap(),
                    text("found"),
                ),
            )
        })
        .collect()
}

#[test]
fn a_trivy_spdx_attested_to_the_image_confirms_ubuntu_python_and_cuda_as_a_streamed_verify_does() {
    let registry = TestRegistry::start();
    let built = ubuntu_image();
    built.push(&registry.url(), "team/app", "25.10", None);
    let amd64 = built.manifest("amd64").manifest.digest.clone();
    let dir = tempfile::tempdir().unwrap();
    let layout = dir.path().join("layout");
    built.write_layout(&layout, "25.10");
    let spdx = Peer::Trivy.sbom_of(&layout, "linux/amd64", Written::Spdx, dir.path());
    let (private, public) = generate_key_pair(dir.path());
    run_cosign(
        dir.path(),
        &[
            "attest",
            "--yes",
            "--key",
            private.to_str().unwrap(),
            "--type",
            "spdxjson",
            "--predicate",
            spdx.to_str().unwrap(),
            "--tlog-upload=false",
            "--allow-insecure-registry",
            &format!("{}/team/app@{amd64}", registry.host()),
        ],
    );
    let image = format!("{}/team/app:25.10", registry.host());
    let public = public.to_str().unwrap();
    let attested = verify(&image, &["--sbom-source", "attestation", "--key", public]);
    let streamed = verify(&image, &[]);
    assert_eq!(attested["sbom"]["source"], "attestation");
    assert_eq!(attested["sbom"]["read"][0]["format"], "spdx");

    let attested = verdicts(&attested);
    let streamed = verdicts(&streamed);
    let confirmed = |name: &str| {
        let (_, status, found) = &attested[name];
        assert_eq!(status, "confirmed", "{name}: {:?}", attested[name]);
        found.clone().unwrap()
    };
    // trivy states Ubuntu as a package with no purl; CUDA is the config's
    // CUDA_VERSION, read as the streamed path reads it.
    assert_eq!(confirmed("Ubuntu"), "24.04");
    assert_eq!(confirmed("CUDA"), "12.8.1");
    let python: Vec<&String> = streamed
        .iter()
        .filter(|(_, (ecosystem, _, _))| ecosystem == "pypi")
        .map(|(name, _)| name)
        .collect();
    assert!(python.len() > 10, "{streamed:?}");
    for name in python.iter().copied().chain([&"CUDA".to_string()]) {
        assert_eq!(attested[name], streamed[name], "{name}");
    }
    // The OS: the same verdict, at the version the SBOM states (trivy
    // writes os-release's VERSION_ID, relnotes its point release).
    assert_eq!(streamed["Ubuntu"].1, "confirmed");
}
