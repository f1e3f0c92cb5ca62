//! The comparison on hand-made images of the 25.10 record.

use super::*;
use image::{FoundFile, ImageView, InspectedArch};
use model::CommandReport;
use model::Workspace;
use std::collections::BTreeMap;

const REQUIRE: &str = "NVIDIA_REQUIRE_CUDA=cuda>=12.8 brand=tesla,driver>=470,driver<471 brand=nvidia,driver>=470,driver<471 brand=tesla,driver>=525,driver<526 brand=tesla,driver>=535,driver<536 brand=tesla,driver>=545,driver<546";

fn layer(n: u8) -> String {
    format!("sha256:{}", format!("{n:x}").repeat(64))
}

fn file(path: &str, contents: &str, n: u8) -> FoundFile {
    FoundFile {
        path: path.into(),
        layer: layer(n),
        contents: contents.as_bytes().into(),
        symlink: false,
    }
}

fn metadata(name: &str, version: &str) -> FoundFile {
    file(
        &format!(
            "usr/local/lib/python3.12/dist-packages/{}-{version}.dist-info/METADATA",
            name.replace('-', "_")
        ),
        &format!("Metadata-Version: 2.1\nName: {name}\nVersion: {version}\nSummary: x\n\nbody\n"),
        3,
    )
}

fn workspace() -> Workspace {
    Workspace::open(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")).unwrap()
}

/// What a faithful 25.10 image holds on `arch`, as files of three layers.
fn faithful(ws: &Workspace, release: &Release, arch: &str) -> ImageView {
    let view = release.resolve_arch(&ws.project, &arch.parse().unwrap());
    let mut files = vec![
        file(
            "usr/lib/os-release",
            "NAME=\"Ubuntu\"\nVERSION_ID=\"24.04\"\nVERSION=\"24.04.3 LTS (Noble Numbat)\"\nID=ubuntu\n",
            1,
        ),
        file(
            "usr/local/cuda-12.8/version.json",
            r#"{"cuda": {"name": "CUDA SDK", "version": "12.8.1"}}"#,
            2,
        ),
        file(
            "usr/local/include/python3.12/patchlevel.h",
            "#define PY_VERSION              \"3.12.7+gc\"\n",
            2,
        ),
    ];
    let mut status = String::new();
    for c in &view.components {
        match c.ecosystem {
            Ecosystem::Pypi => files.push(metadata(&c.name, &c.version)),
            Ecosystem::Generic if c.key == "gdb" => status.push_str(
                "Package: gdb\nStatus: install ok installed\nVersion: 15.0.50.20240403-0ubuntu1\n\n",
            ),
            Ecosystem::Generic if c.key == "perf" => {
                status.push_str("Package: perf\nStatus: install ok installed\nVersion: 5.4.30\n\n")
            }
            _ => {}
        }
    }
    status.push_str("Package: libc6\nStatus: install ok installed\nVersion: 2.39-0ubuntu8.4\n\n");
    files.push(file("var/lib/dpkg/status", &status, 1));
    files.push(metadata("absl-py", "2.1.0"));
    files.sort_by(|a, b| a.path.cmp(&b.path));
    ImageView {
        reference: "registry.test/tnp:25.10".into(),
        platform: Platform::for_arch(&arch.parse().unwrap()),
        manifest_digest: format!("sha256:{arch}"),
        layers: vec![layer(1), layer(2), layer(3)],
        config: ImageConfig {
            env: vec![
                "PATH=/usr/local/bin:/usr/bin".into(),
                "CUDA_VERSION=12.8.1".into(),
                REQUIRE.into(),
                "NCCL_SOCKET_IFNAME=eth0".into(),
            ],
            labels: Default::default(),
        },
        files,
    }
}

fn inspected(views: Vec<(&str, Option<ImageView>)>) -> Inspected {
    let mut platforms = Vec::new();
    let mut archs = BTreeMap::new();
    for (arch, view) in views {
        let outcome = match view {
            Some(v) => {
                platforms.push(v.platform.clone());
                ArchOutcome::Read(Box::new(InspectedArch::from_view(&v)))
            }
            None => ArchOutcome::Missing {
                platform: Platform::for_arch(&arch.parse().unwrap()),
            },
        };
        archs.insert(arch.to_string(), outcome);
    }
    Inspected {
        reference: "registry.test/tnp:25.10".into(),
        platforms,
        archs,
    }
}

fn release(ws: &Workspace) -> Release {
    ws.load("25.10", false).unwrap().release
}

#[test]
fn a_faithful_image_confirms_every_component_of_both_archs() {
    let ws = workspace();
    let release = release(&ws);
    let image = inspected(vec![
        ("aarch64", Some(faithful(&ws, &release, "aarch64"))),
        ("amd64", Some(faithful(&ws, &release, "amd64"))),
    ]);
    let report = compare(&release, &release.resolve(&ws.project), &image, false);
    let not_confirmed: Vec<_> = report
        .components
        .iter()
        .filter(|c| c.status != Status::Confirmed)
        .map(|c| format!("{} {} {:?} {:?}", c.arch, c.name, c.status, c.found))
        .collect();
    assert!(not_confirmed.is_empty(), "{not_confirmed:#?}");
    assert_eq!(report.summary.confirmed, 25 + 1 + 25 + 2);
    assert_eq!(report.summary.findings, 0, "{}", report.to_text());
    assert!(!report.has_findings());

    let gdb = report
        .components
        .iter()
        .find(|c| c.name == "gdb" && c.arch == "amd64")
        .unwrap();
    assert_eq!(gdb.found.as_deref(), Some("15.0.50.20240403-0ubuntu1"));
    assert_eq!(gdb.location.as_deref(), Some("var/lib/dpkg/status"));
    assert_eq!(gdb.layer.as_deref(), Some(layer(1).as_str()));

    let cuda = report.components.iter().find(|c| c.name == "CUDA").unwrap();
    assert_eq!(cuda.found.as_deref(), Some("12.8.1"));
    assert_eq!(
        cuda.location.as_deref(),
        Some("usr/local/cuda-12.8/version.json")
    );
    assert_eq!(cuda.evidence.len(), 2, "the env backs the file up");
    assert_eq!(cuda.evidence[1].location, "config:env/CUDA_VERSION");

    let flash = report
        .components
        .iter()
        .find(|c| c.name == "flash_attn")
        .unwrap();
    assert!(
        flash
            .location
            .as_deref()
            .unwrap()
            .contains("flash_attn-2.8.3.dist-info")
    );

    // Driver: cuda and the four branches confirmed, the minimum unchecked.
    let amd64: Vec<_> = report
        .driver
        .iter()
        .filter(|d| d.arch == "amd64")
        .map(|d| (d.item.as_str(), d.status))
        .collect();
    assert_eq!(
        amd64,
        [
            ("cuda", Status::Confirmed),
            ("min", Status::Unchecked),
            ("R470", Status::Confirmed),
            ("R525", Status::Confirmed),
            ("R535", Status::Confirmed),
            ("R545", Status::Confirmed),
        ]
    );
    let r470 = report.driver.iter().find(|d| d.item == "R470").unwrap();
    assert_eq!(r470.found.as_deref(), Some("driver>=470,driver<471"));
    assert_eq!(r470.brands, ["tesla", "nvidia"]);
    assert!(report.env.iter().all(|e| e.status == Status::Confirmed));
    assert_eq!(report.env.len(), 2);
}

#[test]
fn planted_problems_are_reported_exactly() {
    let ws = workspace();
    let release = release(&ws);
    let mut amd64 = faithful(&ws, &release, "amd64");
    // transformers as PyPI has it, timm gone, gdb gone, CUDA 12.9, no eth0.
    for f in &mut amd64.files {
        if f.path.contains("transformers-") {
            *f = metadata("transformers", "4.56.1");
        }
        if f.path == "var/lib/dpkg/status" {
            let text = String::from_utf8_lossy(&f.contents)
                .replace("Package: gdb", "Package: gdb-minimal");
            f.contents = text.into_bytes().into();
        }
        if f.path.ends_with("version.json") {
            f.contents = br#"{"cuda": {"name": "CUDA SDK", "version": "12.9.0"}}"#
                .to_vec()
                .into();
        }
    }
    amd64.files.retain(|f| !f.path.contains("/timm-"));
    amd64
        .config
        .env
        .retain(|e| !e.starts_with("NCCL_SOCKET_IFNAME="));
    amd64.config.env.push("NCCL_SOCKET_IFNAME=hpn0".into());
    let image = inspected(vec![("aarch64", None), ("amd64", Some(amd64))]);
    let report = compare(&release, &release.resolve(&ws.project), &image, true);
    let findings: Vec<_> = report
        .components
        .iter()
        .filter(|c| c.status.is_finding())
        .map(|c| {
            (
                c.name.as_str(),
                c.status,
                c.declared.as_str(),
                c.found.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        findings,
        [
            ("CUDA", Status::Differs, "12.8", Some("12.9.0")),
            ("gdb", Status::Missing, "15.0.50.20240403-git", None),
            ("timm", Status::Missing, "1.0.20", None),
            (
                "transformers",
                Status::Differs,
                "4.56.1+ali",
                Some("4.56.1")
            ),
        ]
    );
    let cuda = report.components.iter().find(|c| c.name == "CUDA").unwrap();
    assert_eq!(
        cuda.location.as_deref(),
        Some("usr/local/cuda-12.8/version.json"),
        "the file outranks CUDA_VERSION=12.8.1 in the env"
    );
    assert_eq!(report.archs[0].status, ArchStatus::Missing);
    assert_eq!(report.summary.missing_archs, 1);
    assert_eq!(report.env[0].status, Status::Differs);
    assert_eq!(report.env[0].found.as_deref(), Some("hpn0"));
    assert_eq!(report.summary.findings, 4 + 1 + 1);

    // What the record does not declare: absl-py, libc6 and the renamed gdb.
    let undeclared = report.undeclared.as_ref().unwrap();
    let names: Vec<_> = undeclared
        .iter()
        .flat_map(|g| {
            g.components
                .iter()
                .map(|c| (g.cataloger.as_str(), c.name.as_str()))
        })
        .collect();
    assert_eq!(
        names,
        [
            ("python", "absl-py"),
            ("dpkg", "gdb-minimal"),
            ("dpkg", "libc6"),
        ]
    );
    assert_eq!(undeclared[1].count, 2);

    let text = report.to_text();
    assert!(
        text.contains(
            "[aarch64] ✗ missing: the image has no linux/arm64 platform (it has linux/amd64)"
        ),
        "{text}"
    );
    assert!(
        text.contains("Not declared: 3 (python 1, dpkg 2)"),
        "{text}"
    );
    assert!(text.ends_with("Summary: 23 confirmed, 2 different, 2 missing, 1 arch missing, 1 env finding, 1 unchecked — 6 findings\n"), "{text}");
    let json: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
    let transformers = json["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "transformers")
        .unwrap();
    assert_eq!(transformers["status"], "differs");
    assert_eq!(transformers["arch"], "amd64");
    assert_eq!(transformers["ecosystem"], "pypi");
    assert_eq!(transformers["layer"], layer(3));
    assert_eq!(json["archs"][0]["status"], "missing");
}

#[test]
fn another_distribution_differs_rather_than_missing() {
    let ws = workspace();
    let release = release(&ws);
    let mut amd64 = faithful(&ws, &release, "amd64");
    for f in &mut amd64.files {
        if f.path == "usr/lib/os-release" {
            f.contents = b"ID=debian\nVERSION_ID=\"12\"\n".to_vec().into();
        }
    }
    let image = inspected(vec![("amd64", Some(amd64))]);
    let views = vec![release.resolve_arch(&ws.project, &"amd64".parse().unwrap())];
    let report = compare(&release, &views, &image, false);
    let ubuntu = &report.components[0];
    assert_eq!(ubuntu.name, "Ubuntu");
    assert_eq!(ubuntu.status, Status::Differs);
    assert_eq!(ubuntu.found_as.as_deref(), Some("debian"));
    assert!(report.to_text().contains("debian 12"));
}

#[test]
fn driver_branches_against_another_requirement() {
    let ws = workspace();
    let release = release(&ws);
    let mut amd64 = faithful(&ws, &release, "amd64");
    for e in &mut amd64.config.env {
        if e.starts_with("NVIDIA_REQUIRE_CUDA=") {
            *e = "NVIDIA_REQUIRE_CUDA=cuda>=12.9 brand=tesla,driver>=470,driver<471 brand=tesla,driver>=535.104,driver<536 brand=tesla,driver>=550,driver<551".into();
        }
    }
    let image = inspected(vec![("amd64", Some(amd64))]);
    let views = vec![release.resolve_arch(&ws.project, &"amd64".parse().unwrap())];
    let report = compare(&release, &views, &image, false);
    let driver: Vec<_> = report
        .driver
        .iter()
        .map(|d| (d.item.as_str(), d.status, d.found.as_deref()))
        .collect();
    assert_eq!(
        driver,
        [
            ("cuda", Status::Differs, Some("cuda>=12.9")),
            ("min", Status::Unchecked, None),
            ("R470", Status::Confirmed, Some("driver>=470,driver<471")),
            ("R525", Status::Missing, None),
            ("R535", Status::Differs, Some("driver>=535.104,driver<536")),
            ("R545", Status::Missing, None),
            ("R550", Status::Undeclared, Some("driver>=550,driver<551")),
        ]
    );
    assert_eq!(report.summary.driver_findings, 4);
}

#[test]
fn an_image_without_a_requirement_leaves_the_driver_unchecked() {
    let ws = workspace();
    let release = release(&ws);
    let mut amd64 = faithful(&ws, &release, "amd64");
    amd64
        .config
        .env
        .retain(|e| !e.starts_with("NVIDIA_REQUIRE_CUDA="));
    let image = inspected(vec![("amd64", Some(amd64))]);
    let views = vec![release.resolve_arch(&ws.project, &"amd64".parse().unwrap())];
    let report = compare(&release, &views, &image, false);
    assert!(report.driver.iter().all(|d| d.status == Status::Unchecked));
    assert_eq!(report.summary.findings, 0);
    assert!(
        report
            .to_text()
            .contains("the image sets no NVIDIA_REQUIRE_CUDA")
    );
}

#[test]
fn unreadable_version_files_are_problems_not_findings() {
    let ws = workspace();
    let release = release(&ws);
    let mut amd64 = faithful(&ws, &release, "amd64");
    amd64.files.push(file(
        "usr/local/lib/python3.12/dist-packages/broken-1.0.dist-info/METADATA",
        "Metadata-Version: 2.1\nName: broken\n",
        3,
    ));
    amd64.files.sort_by(|a, b| a.path.cmp(&b.path));
    let image = inspected(vec![("amd64", Some(amd64))]);
    let views = vec![release.resolve_arch(&ws.project, &"amd64".parse().unwrap())];
    let report = compare(&release, &views, &image, false);
    assert_eq!(report.summary.findings, 0);
    assert_eq!(report.problems.len(), 1);
    assert_eq!(report.problems[0].arch, "amd64");
    assert!(report.to_text().contains(
        "  ! usr/local/lib/python3.12/dist-packages/broken-1.0.dist-info/METADATA, layer 3 sha256:333333333333: core metadata without a `Name:` and a `Version:` header (python)"
    ));
    let json: serde_json::Value = serde_json::from_str(&report.to_json()).unwrap();
    assert_eq!(json["problems"][0]["cataloger"], "python");
    assert_eq!(json["problems"][0]["arch"], "amd64");
}
