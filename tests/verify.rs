//! `relnotes verify` end to end, against test images of the 25.10 release
//! built from real parts (tests/support/release_25_10.rs). Images are pushed to a real registry (Debian's
//! `docker-registry`), written as OCI layouts and `docker save` archives.

use crate::support::project::outcome as text;
use crate::support::registry::TestRegistry;
use crate::support::release_25_10::{SITE, faithful, tampered};
use crate::util::{relnotes, relnotes_in, scratch_project};
use std::path::Path;

/// `relnotes verify 25.10 --image REF …`, isolated from the Docker config
/// of whoever runs the tests.
fn verify(image: &str, args: &[&str]) -> std::process::Output {
    relnotes()
        .env("DOCKER_CONFIG", "/nonexistent/relnotes-tests")
        .args(["verify", "25.10", "--image", image])
        .args(args)
        .output()
        .expect("runs")
}

/// `verify` with `args`: its exit code, its JSON report and its stderr.
fn verify_json(image: &str, args: &[&str]) -> (Option<i32>, serde_json::Value, String) {
    let out = verify(image, args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    let json = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "exit {:?}, no JSON report ({e}): {stderr}",
            out.status.code()
        )
    });
    (out.status.code(), json, stderr)
}

/// Whether a line starts with `prefix`. Columns are padded to the widest
/// cell: runs of spaces are squashed on both sides.
fn has_line(stdout: &str, prefix: &str) -> bool {
    let squash = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let prefix = squash(prefix);
    stdout.lines().any(|l| squash(l).starts_with(&prefix))
}

/// `(arch, name, status, found)` of every component that is not confirmed.
fn findings(json: &serde_json::Value) -> Vec<(String, String, String, Option<String>)> {
    json["components"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["status"] != "confirmed")
        .map(|c| {
            (
                c["arch"].as_str().unwrap().to_string(),
                c["name"].as_str().unwrap().to_string(),
                c["status"].as_str().unwrap().to_string(),
                c["found"].as_str().map(str::to_string),
            )
        })
        .collect()
}

fn planted() -> Vec<(String, String, String, Option<String>)> {
    [
        ("peft", "missing", None),
        ("timm", "missing", None),
        ("transformers", "differs", Some("4.56.1")),
    ]
    .iter()
    .map(|(name, status, found)| {
        (
            "amd64".to_string(),
            name.to_string(),
            status.to_string(),
            found.map(str::to_string),
        )
    })
    .collect()
}

#[test]
fn a_faithful_image_in_a_registry_confirms_the_whole_record() {
    let registry = TestRegistry::start();
    let built = faithful();
    built.push(
        &registry.url(),
        "egslingjun/training-nv-pytorch",
        "25.10",
        None,
    );
    let image = format!("{}/egslingjun/training-nv-pytorch:25.10", registry.host());

    let (code, stdout, stderr) = text(&verify(&image, &[]));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(
        stdout.ends_with("Summary: 53 confirmed, 2 unchecked — everything declared is confirmed\n"),
        "{stdout}"
    );
    let amd64 = built.manifest("amd64");
    let packages_layer = &amd64.layer_digests()[3];
    let short = &packages_layer[..19];
    for line in [
        "[aarch64] linux/arm64/v8",
        "[amd64] linux/amd64",
        "✓  Ubuntu                    24.04                 24.04.3",
        "✓  gdb                       15.0.50.20240403-git  15.0.50.20240403-0ubuntu1",
        "✓  perf                      5.4.30                5.4.30",
        "✓  pytorch-triton            3.4.0                 3.4.0",
        "✓  driver R545               >=545.23              driver>=545,driver<546 (12 brands)",
        "✓  env NCCL_SOCKET_IFNAME    eth0                  eth0",
    ] {
        assert!(has_line(&stdout, line), "no `{line}` in\n{stdout}");
    }
    assert!(
        stdout.contains(&format!(
            "{SITE}/peft-0.16.0.dist-info/METADATA, layer 4 {short}"
        )),
        "{stdout}"
    );

    let json: serde_json::Value =
        serde_json::from_slice(&verify(&image, &["--format", "json", "--quiet"]).stdout).unwrap();
    assert!(findings(&json).is_empty());
    let diffusers = json["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "diffusers" && c["arch"] == "amd64")
        .unwrap();
    assert_eq!(
        diffusers["location"],
        format!("{SITE}/diffusers-0.34.0.dist-info/METADATA")
    );
    assert_eq!(diffusers["layer"], packages_layer.as_str());
    assert_eq!(diffusers["ecosystem"], "pypi");
    assert_eq!(json["archs"][1]["manifest"], amd64.manifest.digest);
    assert_eq!(json["summary"]["findings"], 0);
}

#[test]
fn a_tampered_image_reports_exactly_the_planted_problems() {
    let registry = TestRegistry::start();
    let built = tampered();
    built.push(&registry.url(), "team/tnp", "25.10-tampered", None);
    let image = format!("{}/team/tnp:25.10-tampered", registry.host());

    let (code, stdout, stderr) = text(&verify(&image, &[]));
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    let packages_layer = &built.manifest("amd64").layer_digests()[3];
    for line in [
        "[aarch64] ✗ missing: the image has no linux/arm64 platform (it has linux/amd64)",
        "✗  peft                      0.16.0                -                          not found",
        "✗  timm                      1.0.20                -                          not found",
        &format!(
            "≠  transformers              4.56.1+ali            4.56.1                     {SITE}/transformers-4.56.1.dist-info/METADATA, layer 4 {}",
            &packages_layer[..19]
        ),
    ] {
        assert!(has_line(&stdout, line), "no `{line}` in\n{stdout}");
    }
    assert!(
        stdout.ends_with(
            "Summary: 24 confirmed, 1 different, 2 missing, 1 arch missing, 1 unchecked — 4 findings\n"
        ),
        "{stdout}"
    );

    let out = verify(&image, &["--format", "json"]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(findings(&json), planted());
    let transformers = json["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "transformers")
        .unwrap();
    assert_eq!(transformers["declared"], "4.56.1+ali");
    assert_eq!(transformers["layer"], packages_layer.as_str());
    assert_eq!(json["archs"][0]["arch"], "aarch64");
    assert_eq!(json["archs"][0]["status"], "missing");
    assert_eq!(json["platforms"], serde_json::json!(["linux/amd64"]));
    assert_eq!(json["summary"]["findings"], 4);

    // The same findings in the shape every check shares, placed at what
    // the record declares.
    let record = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("releases/25.10.toml"),
    )
    .unwrap();
    let line_of = |needle: &str| {
        record
            .lines()
            .position(|l| l.starts_with(needle))
            .map(|i| i + 1)
            .unwrap()
    };
    let located: Vec<(String, String, u64)> = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "error")
        .map(|d| {
            assert!(d["file"].as_str().unwrap().ends_with("releases/25.10.toml"));
            assert_eq!(d["version"], "25.10");
            (
                d["rule"].as_str().unwrap().to_string(),
                d["message"].as_str().unwrap().to_string(),
                d["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(located.len(), 4, "{located:?}");
    assert_eq!(
        located[0],
        (
            "verify-arch".into(),
            "[aarch64] the image has no linux/arm64 platform".into(),
            line_of("archs =") as u64
        )
    );
    let transformers = located
        .iter()
        .find(|(_, m, _)| m.contains("transformers"))
        .unwrap();
    assert_eq!(transformers.0, "verify-component");
    assert!(
        transformers
            .1
            .starts_with("[amd64] transformers 4.56.1+ali: the image holds 4.56.1 ("),
        "{transformers:?}"
    );
    assert_eq!(transformers.2, line_of("transformers =") as u64);
    let unchecked = json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"] == "warning")
        .count();
    assert_eq!(unchecked, 1);
}

#[test]
fn the_same_findings_through_an_oci_layout_and_docker_archives() {
    let dir = tempfile::tempdir().unwrap();
    let built = tampered();
    let layout = dir.path().join("layout");
    built.write_layout(&layout, "25.10");
    let (code, json, stderr) = verify_json(
        &format!("oci:{}:25.10", layout.display()),
        &["--format", "json"],
    );
    assert_eq!(code, Some(1), "{stderr}");
    assert_eq!(findings(&json), planted());
    assert_eq!(json["summary"]["missing_archs"], 1);

    // A docker archive holds one platform: verify that arch only.
    for oci in [false, true] {
        let file = dir.path().join(format!("tnp-{oci}.tar"));
        built.write_docker_archive(&file, "amd64", "tnp:25.10", oci);
        let (code, json, stderr) = verify_json(
            &format!("docker-archive:{}", file.display()),
            &["--arch", "amd64", "--format", "json"],
        );
        assert_eq!(code, Some(1), "{stderr}");
        assert_eq!(findings(&json), planted());
        assert_eq!(json["summary"]["missing_archs"], 0);
        assert_eq!(json["summary"]["findings"], 3);
    }

    // The faithful image, as a layout: nothing to report.
    let faithful_layout = dir.path().join("faithful");
    faithful().write_layout(&faithful_layout, "25.10");
    let (code, stdout, stderr) = text(&verify(&format!("oci:{}", faithful_layout.display()), &[]));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
}

#[test]
fn a_corrupted_blob_cannot_be_inspected() {
    let registry = TestRegistry::start();
    let built = faithful();
    built.push(&registry.url(), "team/tnp", "25.10", None);
    let layer = &built.manifest("amd64").layer_digests()[3];
    let path = registry.blob_data_path(layer);
    let mut bytes = std::fs::read(&path).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0xff;
    std::fs::write(&path, bytes).unwrap();

    let (code, stdout, stderr) = text(&verify(
        &format!("{}/team/tnp:25.10", registry.host()),
        &["--arch", "amd64"],
    ));
    assert_eq!(code, 2, "{stdout}\n{stderr}");
    assert!(stdout.is_empty());
    assert!(stderr.contains(layer.as_str()), "{stderr}");
    assert!(stderr.contains("hint:"), "{stderr}");
}

#[test]
fn a_registry_with_basic_auth_takes_the_password_on_stdin() {
    let registry = TestRegistry::start_with_basic_auth("alice", "s3cret pass");
    let built = faithful();
    built.push(
        &registry.url(),
        "team/tnp",
        "25.10",
        Some(("alice", "s3cret pass")),
    );
    let image = format!("{}/team/tnp:25.10", registry.host());

    let out = relnotes()
        .env("DOCKER_CONFIG", "/nonexistent/relnotes-tests")
        .args(["verify", "25.10", "--image", &image, "--quiet"])
        .args(["--username", "alice", "--password-stdin"])
        .write_stdin("s3cret pass\n")
        .output()
        .unwrap();
    let (code, stdout, stderr) = text(&out);
    assert_eq!(code, 0, "{stdout}\n{stderr}");

    let (code, _, stderr) = text(&verify(&image, &[]));
    assert_eq!(code, 2);
    assert!(stderr.contains("--password-stdin"), "{stderr}");

    let out = relnotes()
        .env("DOCKER_CONFIG", "/nonexistent/relnotes-tests")
        .args(["verify", "25.10", "--image", &image])
        .args(["--username", "alice", "--password-stdin"])
        .write_stdin("wrong\n")
        .output()
        .unwrap();
    let (code, _, stderr) = text(&out);
    assert_eq!(code, 2);
    assert!(stderr.contains("authentication"), "{stderr}");
}

#[test]
fn unknown_tags_and_archs_are_bad_input() {
    let registry = TestRegistry::start();
    faithful().push(&registry.url(), "team/tnp", "25.10", None);

    let (code, stdout, stderr) = text(&verify(&format!("{}/team/tnp:25.11", registry.host()), &[]));
    assert_eq!(code, 2, "{stdout}\n{stderr}");
    assert!(
        stderr.contains(&format!(
            "error: image {}/team/tnp:25.11 not found\n  = hint: check the tag; team/tnp has: 25.10",
            registry.host()
        )),
        "{stderr}"
    );

    let (code, _, stderr) = text(&verify(
        &format!("{}/team/tnp:25.10", registry.host()),
        &["--arch", "s390x"],
    ));
    assert_eq!(code, 2);
    assert!(
        stderr.contains("unknown architecture `s390x`: 25.10 declares aarch64, amd64"),
        "{stderr}"
    );

    let (code, _, stderr) = text(&verify("no such:image", &[]));
    assert_eq!(code, 2);
    assert!(stderr.contains("is not an image reference"), "{stderr}");
}

#[test]
fn show_undeclared_lists_what_the_record_does_not_name() {
    let registry = TestRegistry::start();
    faithful().push(&registry.url(), "team/tnp", "25.10", None);
    let image = format!("{}/team/tnp:25.10", registry.host());

    let (code, stdout, stderr) = text(&verify(&image, &["--show-undeclared", "--arch", "arm64"]));
    assert_eq!(code, 0, "undeclared is no finding\n{stdout}\n{stderr}");
    assert!(
        !stdout.contains("[amd64]"),
        "--arch arm64 picks aarch64 only"
    );
    assert!(
        stdout.contains("Not declared: 5 (cudnn 1, nccl 1, dpkg 3)"),
        "{stdout}"
    );
    for line in [
        "+ cudnn cudnn 9.8.0 usr/include/aarch64-linux-gnu/cudnn_version_v9.h, layer 2",
        "+ nccl nccl 2.25.1 usr/include/nccl.h, layer 2",
        "+ dpkg base-files 13ubuntu10.3 var/lib/dpkg/status, layer 3",
    ] {
        assert!(has_line(&stdout, line), "no `{line}` in\n{stdout}");
    }

    let json: serde_json::Value =
        serde_json::from_slice(&verify(&image, &["--show-undeclared", "--format", "json"]).stdout)
            .unwrap();
    let groups = json["undeclared"].as_array().unwrap();
    let counts: Vec<_> = groups
        .iter()
        .map(|g| {
            (
                g["arch"].as_str().unwrap(),
                g["cataloger"].as_str().unwrap(),
                g["count"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        counts,
        [
            ("aarch64", "cudnn", 1),
            ("aarch64", "nccl", 1),
            ("aarch64", "dpkg", 3),
            ("amd64", "cudnn", 1),
            ("amd64", "nccl", 1),
            ("amd64", "dpkg", 3),
        ]
    );
    let nccl = &groups[1]["components"][0];
    assert_eq!(nccl["version"], "2.25.1");
    assert_eq!(nccl["location"], "usr/include/nccl.h");
}

#[test]
fn the_default_image_is_the_records_first_asset() {
    let registry = TestRegistry::start();
    faithful().push(
        &registry.url(),
        "egslingjun/training-nv-pytorch",
        "25.10-serverless",
        None,
    );
    let project = scratch_project();
    let record = project.path().join("releases/25.10.toml");
    let edited = std::fs::read_to_string(&record).unwrap().replace(
        "egslingjun-registry.cn-wulanchabu.cr.aliyuncs.com/",
        &format!("{}/", registry.host()),
    );
    std::fs::write(&record, edited).unwrap();

    let out = relnotes_in(project.path())
        .env("DOCKER_CONFIG", "/nonexistent/relnotes-tests")
        .args(["verify", "25.10", "--arch", "amd64"])
        .output()
        .unwrap();
    let (code, stdout, stderr) = text(&out);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(
        stdout.starts_with(&format!(
            "relnotes verify 25.10 — {}/egslingjun/training-nv-pytorch:25.10-serverless\n",
            registry.host()
        )),
        "{stdout}"
    );
}

#[test]
fn an_observed_sbom_holds_what_the_image_holds_with_evidence() {
    let dir = tempfile::tempdir().unwrap();
    let built = tampered();
    let layout = dir.path().join("layout");
    built.write_layout(&layout, "25.10");
    let image = format!("oci:{}:25.10", layout.display());
    let out = relnotes()
        .args(["sbom", "25.10", "--arch", "amd64", "--from-image", &image])
        .output()
        .unwrap();
    let (code, stdout, stderr) = text(&out);
    assert_eq!(code, 0, "{stderr}");
    crate::sbom::assert_valid_json(&stdout, "observed SBOM of 25.10 amd64");
    let bom: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let manifest = &built.manifest("amd64").manifest.digest;
    let packages_layer = &built.manifest("amd64").layer_digests()[3];
    let container = &bom["metadata"]["component"];
    assert_eq!(container["type"], "container");
    assert!(
        container["purl"].as_str().unwrap().starts_with(&format!(
            "pkg:oci/training-nv-pytorch@{manifest}?arch=amd64"
        )),
        "{container}"
    );
    let components = bom["components"].as_array().unwrap();
    let by_ref = |r: &str| {
        components
            .iter()
            .find(|c| c["bom-ref"] == r)
            .unwrap_or_else(|| panic!("no {r}"))
    };
    // PyPI's transformers, as found; peft is gone (whiteout), timm never was.
    let transformers = by_ref("pkg:pypi/transformers@4.56.1");
    assert_eq!(
        transformers["evidence"]["occurrences"][0]["location"],
        format!("/{SITE}/transformers-4.56.1.dist-info/METADATA")
    );
    let props: Vec<(&str, &str)> = transformers["properties"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["name"].as_str().unwrap(), p["value"].as_str().unwrap()))
        .collect();
    assert!(props.contains(&("relnotes:layer", packages_layer.as_str())));
    assert!(props.contains(&(
        "relnotes:path",
        &*format!("{SITE}/transformers-4.56.1.dist-info/METADATA")
    )));
    for gone in ["peft", "timm"] {
        assert!(
            !components.iter().any(|c| c["name"] == gone),
            "{gone} is not in the image"
        );
    }
    // Reused purls and types of `relnotes sbom`.
    assert_eq!(
        by_ref("pkg:deb/ubuntu/gdb@15.0.50.20240403-0ubuntu1?arch=amd64&distro=ubuntu-24.04.3")["type"],
        "library"
    );
    assert_eq!(by_ref("os:ubuntu@24.04.3")["type"], "operating-system");
    assert_eq!(by_ref("pkg:generic/cuda@12.8.1")["type"], "framework");
    // A found CUDA and OS carry NVD's CPE (data/components.toml).
    assert_eq!(
        by_ref("pkg:generic/cuda@12.8.1")["cpe"],
        "cpe:2.3:a:nvidia:cuda_toolkit:12.8.1:*:*:*:*:*:*:*"
    );
    assert_eq!(
        by_ref("os:ubuntu@24.04.3")["cpe"],
        "cpe:2.3:o:canonical:ubuntu_linux:24.04.3:*:*:*:*:*:*:*"
    );
    // The Python runtime is an application (data/components.toml).
    let python = by_ref("pkg:generic/python@3.12.7%2Bgc");
    assert_eq!(python["type"], "application");
    assert_eq!(
        python["cpe"],
        "cpe:2.3:a:python:python:3.12.7\\+gc:*:*:*:*:*:*:*"
    );

    // XML too, and the same bytes twice.
    let xml = dir.path().join("observed.cdx.xml");
    let run = |path: &Path| {
        relnotes()
            .args(["sbom", "25.10", "--arch", "amd64", "--format", "xml"])
            .args(["--from-image", &image, "-o"])
            .arg(path)
            .output()
            .unwrap()
    };
    assert_eq!(run(&xml).status.code(), Some(0));
    crate::sbom::assert_valid_xml(&xml, "observed SBOM as XML");
    let again = dir.path().join("again.cdx.xml");
    run(&again);
    assert_eq!(std::fs::read(&xml).unwrap(), std::fs::read(&again).unwrap());

    // A platform the image does not have cannot be described.
    let out = relnotes()
        .args(["sbom", "25.10", "--arch", "aarch64", "--from-image", &image])
        .output()
        .unwrap();
    let (code, _, stderr) = text(&out);
    assert_eq!(code, 2);
    assert!(
        stderr.contains("has no image for platform linux/arm64"),
        "{stderr}"
    );
}

/// A dpkg status stanza as NVIDIA's CUDA apt repository installs it.
fn dpkg_entry(package: &str, source: &str, version: &str, description: &str) -> String {
    format!(
        "Package: {package}\nStatus: install ok installed\nPriority: optional\nSection: multiverse/libs\nInstalled-Size: 1024\nMaintainer: cudatools <cudatools@nvidia.com>\nArchitecture: amd64\nSource: {source}\nVersion: {version}\nDescription: {description}\n\n"
    )
}

#[test]
fn a_declared_component_is_confirmed_by_its_copies_under_other_package_names() {
    use crate::support::image::{Layer, PlatformImage, TestImage};
    let status = [
        dpkg_entry(
            "libnvinfer10",
            "tensorrt",
            "10.9.0.34-1+cuda12.8",
            "TensorRT runtime libraries",
        ),
        dpkg_entry(
            "libnccl2",
            "nccl",
            "2.28.3-1+cuda13.0",
            "NVIDIA Collective Communication Library (NCCL) Runtime",
        ),
    ]
    .concat();
    let site = "usr/local/lib/python3.12/dist-packages";
    let image = TestImage::single(
        PlatformImage::new("amd64").layer(
            Layer::gzip()
                .file("var/lib/dpkg/status", status)
                .file(
                    &format!("{site}/nvidia_cudnn_cu12-9.8.0.87.dist-info/METADATA"),
                    "Metadata-Version: 2.1\nName: nvidia-cudnn-cu12\nVersion: 9.8.0.87\nSummary: cuDNN runtime libraries\n",
                ),
        ),
    )
    .build();
    let dir = tempfile::tempdir().unwrap();
    let layout = dir.path().join("layout");
    image.write_layout(&layout, "1.0");
    let project = dir.path().join("project");
    std::fs::create_dir_all(project.join("releases")).unwrap();
    std::fs::write(
        project.join("relnotes.toml"),
        "languages = [\"en\"]\n[product]\nid = \"gpu\"\n[product.name]\nen = \"gpu\"\n",
    )
    .unwrap();
    let record = |tensorrt: &str| {
        format!(
            "version = \"1.0\"\narchs = [\"amd64\"]\n[title]\nen = \"gpu 1.0\"\n[components]\nTensorRT = \"{tensorrt}\"\ncuDNN = \"9.8.0.87\"\nNCCL = \"2.28.3\"\n"
        )
    };
    let run = || {
        relnotes_in(&project)
            .env("DOCKER_CONFIG", "/nonexistent/relnotes-tests")
            .args(["verify", "1.0", "--image"])
            .arg(format!("oci:{}:1.0", layout.display()))
            .output()
            .unwrap()
    };
    std::fs::write(project.join("releases/1.0.toml"), record("10.9.0.34")).unwrap();
    let (code, stdout, stderr) = text(&run());
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    // Another TensorRT than the image's libnvinfer10 is a mismatch, found there.
    std::fs::write(project.join("releases/1.0.toml"), record("10.8.0.43")).unwrap();
    let (code, stdout, stderr) = text(&run());
    assert_eq!(code, 1, "{stdout}\n{stderr}");
    assert!(stdout.contains("10.9.0.34-1+cuda12.8"), "{stdout}");
}
