//! `relnotes verify --all` end to end: a project of four releases, copies
//! of the 25.10 record, whose images are the test images of 25.10
//! (tests/support/release_25_10.rs) in a real registry — faithful,
//! tampered, never pushed — or not named at all.

use crate::support::image::BuiltImage;
use crate::support::registry::TestRegistry;
use crate::support::release_25_10::{faithful, tampered};
use crate::util::{relnotes_in, root};
use serde_json::Value;
use std::fs;
use std::path::Path;
use std::process::Output;

const REPO: &str = "team/tnp";

/// The project and the images its records name.
struct Catalogue {
    project: tempfile::TempDir,
    registry: TestRegistry,
    faithful: BuiltImage,
    tampered: BuiltImage,
}

impl Catalogue {
    /// 25.08: the faithful image; 25.09: the tampered one (amd64 only,
    /// three components wrong); 25.10: an image never pushed; 25.11: amd64
    /// only, and its record names no image.
    fn new() -> Catalogue {
        let registry = TestRegistry::start();
        let faithful = faithful();
        let tampered = tampered();
        faithful.push(&registry.url(), REPO, "25.08", None);
        tampered.push(&registry.url(), REPO, "25.09", None);
        let project = tempfile::tempdir().unwrap();
        fs::copy(
            root().join("relnotes.toml"),
            project.path().join("relnotes.toml"),
        )
        .unwrap();
        fs::create_dir(project.path().join("releases")).unwrap();
        let catalogue = Catalogue {
            project,
            registry,
            faithful,
            tampered,
        };
        for version in ["25.08", "25.09", "25.10"] {
            catalogue.write_record(version, Some(&catalogue.image(version)), false);
        }
        catalogue.write_record("25.11", None, true);
        catalogue
    }

    fn image(&self, version: &str) -> String {
        format!("{}/{REPO}:{version}", self.registry.host())
    }

    /// The 25.10 record as `version`, its first asset `image` (or none).
    fn write_record(&self, version: &str, image: Option<&str>, amd64_only: bool) {
        let text = fs::read_to_string(root().join("releases/25.10.toml")).unwrap();
        let mut record: toml_edit::DocumentMut = text.parse().unwrap();
        record["version"] = toml_edit::value(version);
        match image {
            Some(image) => {
                let assets = record["assets"].as_array_of_tables_mut().unwrap();
                assets.get_mut(0).unwrap()["image"] = toml_edit::value(image);
            }
            None => {
                record.remove("assets");
            }
        }
        if amd64_only {
            let mut archs = toml_edit::Array::new();
            archs.push("amd64");
            record["archs"] = toml_edit::value(archs);
            record["arch"].as_table_mut().unwrap().remove("aarch64");
        }
        let path = self.path(version);
        fs::write(path, record.to_string()).unwrap();
    }

    fn path(&self, version: &str) -> std::path::PathBuf {
        self.project
            .path()
            .join("releases")
            .join(format!("{version}.toml"))
    }

    /// `relnotes verify --all ARGS` in the project, away from the Docker
    /// config of whoever runs the tests.
    fn verify_all(&self, args: &[&str]) -> Output {
        relnotes_in(self.project.path())
            .env("DOCKER_CONFIG", "/nonexistent/relnotes-tests")
            .args(["verify", "--all"])
            .args(args)
            .output()
            .expect("runs")
    }
}

fn text(out: &Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout.clone()).unwrap(),
        String::from_utf8(out.stderr.clone()).unwrap(),
    )
}

/// Whether `stdout` has the line `expected`, runs of spaces squashed (the
/// columns are padded to the widest cell).
fn has_line(stdout: &str, expected: &str) -> bool {
    let squash = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    stdout.lines().any(|l| squash(l) == squash(expected))
}

/// The line of `record` that starts with `key`, 1-based.
fn line_of(record: &Path, key: &str) -> usize {
    fs::read_to_string(record)
        .unwrap()
        .lines()
        .position(|l| l.starts_with(key))
        .unwrap()
        + 1
}

#[test]
fn every_release_is_checked_and_one_unreadable_image_does_not_stop_the_run() {
    let c = Catalogue::new();
    let (code, stdout, stderr) = text(&c.verify_all(&[]));
    assert_eq!(code, 2, "{stdout}\n{stderr}");
    let (i08, i09, i10) = (c.image("25.08"), c.image("25.09"), c.image("25.10"));
    for line in [
        "relnotes verify --all — 25.08 to 25.11".to_string(),
        "RELEASE aarch64 amd64 IMAGE".to_string(),
        format!("25.08 ok ok {i08}"),
        format!("25.09 1 mismatch 3 mismatches {i09}"),
        format!("25.10 error error {i10}"),
        "25.11 — skipped -".to_string(),
        // The findings of what did not pass, in the shape every check
        // shares, placed in the record.
        format!("25.09 [aarch64] {i09}: 1 mismatch"),
        "releases/25.09.toml:2:10: error[verify-arch]: [aarch64] the image has no linux/arm64 platform"
            .to_string(),
        format!(
            "25.09 [amd64] {i09}, manifest {}: 3 mismatches",
            &c.tampered.manifest("amd64").manifest.digest[..19]
        ),
        format!(
            "releases/25.09.toml:{}:1: error[verify-component]: [amd64] peft 0.16.0: the image does not hold it",
            line_of(&c.path("25.09"), "peft")
        ),
        // Both archs of the missing image share one message.
        format!("25.10 [aarch64, amd64] {i10}: error"),
        format!("image {i10} not found"),
        "= hint: check the tag; team/tnp has: 25.08, 25.09".to_string(),
        "25.11: skipped".to_string(),
        "its record names no image: no [[assets]] with an `image`".to_string(),
    ] {
        assert!(has_line(&stdout, &line), "no `{line}` in\n{stdout}");
    }
    // Only errors are listed: what could not be checked (the driver
    // minimum) is not a mismatch.
    assert!(!stdout.contains("warning["), "{stdout}");
    assert!(!stdout.contains("25.08 ["), "{stdout}");
    assert!(
        stdout.ends_with(
            "Summary: 4 releases, 7 checks — 2 ok, 2 mismatches (4 findings), 2 errors, 1 skipped (no image: 25.11)\n"
        ),
        "{stdout}"
    );
    // One line per release on stderr, in order, as each is done.
    assert_eq!(
        stderr,
        format!(
            "[1/4] 25.08 {i08}: aarch64 ok, amd64 ok\n\
             [2/4] 25.09 {i09}: aarch64 1 mismatch, amd64 3 mismatches\n\
             [3/4] 25.10 {i10}: aarch64 error, amd64 error\n\
             [4/4] 25.11 (no image): amd64 skipped\n"
        )
    );

    let out = c.verify_all(&["--format", "json", "--quiet"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    let rows: Vec<(&str, &str, &str)> = json["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["version"].as_str().unwrap(),
                c["arch"].as_str().unwrap(),
                c["status"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("25.08", "aarch64", "ok"),
            ("25.08", "amd64", "ok"),
            ("25.09", "aarch64", "mismatch"),
            ("25.09", "amd64", "mismatch"),
            ("25.10", "aarch64", "error"),
            ("25.10", "amd64", "error"),
            ("25.11", "amd64", "skipped"),
        ]
    );
    let check = |i: usize| &json["checks"][i];
    // The manifest read for each platform.
    assert_eq!(check(0)["image"], i08.as_str());
    assert_eq!(
        check(0)["manifest"],
        c.faithful.manifest("arm64").manifest.digest.as_str()
    );
    assert_eq!(
        check(1)["manifest"],
        c.faithful.manifest("amd64").manifest.digest.as_str()
    );
    assert_eq!(check(1)["counts"]["confirmed"], 27);
    assert_eq!(check(1)["counts"]["findings"], 0);
    assert_eq!(check(2)["manifest"], Value::Null);
    assert_eq!(check(2)["counts"]["missing_archs"], 1);
    assert_eq!(
        check(3)["manifest"],
        c.tampered.manifest("amd64").manifest.digest.as_str()
    );
    assert_eq!(check(3)["counts"]["findings"], 3);
    let findings: Vec<(&str, &str)> = check(3)["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["severity"] == "error")
        .map(|f| {
            assert_eq!(f["version"], "25.09");
            assert!(f["line"].as_u64().unwrap() > 0);
            assert!(f["file"].as_str().unwrap().ends_with("releases/25.09.toml"));
            (f["rule"].as_str().unwrap(), f["message"].as_str().unwrap())
        })
        .collect();
    assert_eq!(
        findings,
        [
            (
                "verify-component",
                "[amd64] peft 0.16.0: the image does not hold it"
            ),
            (
                "verify-component",
                "[amd64] timm 1.0.20: the image does not hold it"
            ),
            (
                "verify-component",
                "[amd64] transformers 4.56.1+ali: the image holds 4.56.1 (usr/local/lib/python3.12/dist-packages/transformers-4.56.1.dist-info/METADATA)"
            ),
        ]
    );
    assert_eq!(check(4)["message"], format!("image {i10} not found"));
    assert_eq!(
        check(4)["hint"],
        "check the tag; team/tnp has: 25.08, 25.09"
    );
    assert_eq!(check(4)["counts"], Value::Null);
    assert_eq!(check(6)["image"], Value::Null);
    assert_eq!(
        json["totals"],
        serde_json::json!({
            "releases": 4, "checks": 7, "ok": 2, "mismatch": 2, "error": 2,
            "skipped": 1, "findings": 4, "skipped_releases": ["25.11"]
        })
    );
    assert_eq!(
        json["versions"],
        serde_json::json!(["25.08", "25.09", "25.10", "25.11"])
    );
    assert_eq!(json["archs"], serde_json::json!(["aarch64", "amd64"]));

    // The same catalogue gives the same bytes.
    assert_eq!(c.verify_all(&["--format", "json", "-q"]).stdout, out.stdout);
}

#[test]
fn a_template_and_a_range_choose_images_and_releases() {
    let c = Catalogue::new();
    let template = format!("{}/{REPO}:{{version}}", c.registry.host());

    // The template is read for every release, whatever its assets.
    let (code, stdout, stderr) =
        text(&c.verify_all(&["--image-template", &template, "--from", "25.10", "-q"]));
    assert_eq!(code, 2, "{stdout}\n{stderr}");
    assert!(stderr.is_empty(), "{stderr}");
    assert!(
        has_line(&stdout, &format!("25.11 — error {}", c.image("25.11"))),
        "{stdout}"
    );
    assert!(
        stdout.ends_with("Summary: 2 releases, 3 checks — 0 ok, 3 errors\n"),
        "{stdout}"
    );

    // Findings and no error: exit 1.
    let (code, stdout, _) = text(&c.verify_all(&[
        "--image-template",
        &template,
        "--from",
        "25.08",
        "--to",
        "25.09",
        "-q",
    ]));
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.starts_with("relnotes verify --all — 25.08 to 25.09\n"),
        "{stdout}"
    );
    assert!(!stdout.contains("25.10"), "{stdout}");

    // One arch, by its platform name; everything confirmed: exit 0.
    let (code, stdout, _) = text(&c.verify_all(&["--to", "25.08", "--arch", "arm64", "-q"]));
    assert_eq!(code, 0, "{stdout}");
    assert!(has_line(&stdout, "RELEASE aarch64 IMAGE"), "{stdout}");
    assert!(
        stdout.ends_with("Summary: 1 release, 1 check — 1 ok\n"),
        "{stdout}"
    );

    // A skipped release alone is no failure, and says so.
    let (code, stdout, _) = text(&c.verify_all(&["--from", "25.11", "-q"]));
    assert_eq!(code, 0, "{stdout}");
    assert!(
        stdout.ends_with("Summary: 1 release, 1 check — 0 ok, 1 skipped (no image: 25.11)\n"),
        "{stdout}"
    );
}

#[test]
fn a_platform_that_cannot_be_read_leaves_the_other_checked() {
    let c = Catalogue::new();
    // The registry checks digests on upload, not on download.
    let config = c
        .registry
        .blob_data_path(&c.faithful.manifest("arm64").config.digest);
    let mut bytes = fs::read(&config).unwrap();
    bytes[0] ^= 0xff;
    fs::write(&config, bytes).unwrap();

    let out = c.verify_all(&["--to", "25.08", "--format", "json", "-q"]);
    assert_eq!(out.status.code(), Some(2));
    let json: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["checks"][0]["arch"], "aarch64");
    assert_eq!(json["checks"][0]["status"], "error");
    let message = json["checks"][0]["message"].as_str().unwrap();
    assert!(
        message.starts_with("config of ") && message.contains("does not match its digest"),
        "{message}"
    );
    assert_eq!(json["checks"][1]["arch"], "amd64");
    assert_eq!(json["checks"][1]["status"], "ok");
}

#[test]
fn bad_input_is_refused_before_any_image_is_read() {
    let c = Catalogue::new();
    let refused = |args: &[&str]| {
        let (code, stdout, stderr) = text(&c.verify_all(args));
        assert_eq!(code, 2, "{args:?}: {stdout}\n{stderr}");
        assert!(stdout.is_empty(), "{args:?}: {stdout}");
        // Nothing was read, so no progress either.
        assert!(!stderr.contains("[1/"), "{args:?}: {stderr}");
        stderr
    };
    assert_eq!(
        refused(&["--from", "24.12", "--to", "26.01"]),
        "error: unknown versions: --from 24.12 (no releases/24.12.toml), --to 26.01 (no releases/26.01.toml)\n  = hint: known versions: 25.08, 25.09, 25.10, 25.11\n"
    );
    assert!(refused(&["--arch", "s390x"]).starts_with(
        "error: unknown architecture `s390x`: no release from 25.08 to 25.11 declares it"
    ));
    assert!(
        refused(&["--image-template", "127.0.0.1:1/tnp:latest"]).contains("has no `{version}`")
    );
    // A broken record stops the run with its place.
    let broken = fs::read_to_string(c.path("25.10"))
        .unwrap()
        .replace("[[features]]", "[[featurs]]");
    fs::write(c.path("25.10"), broken).unwrap();
    assert!(
        refused(&[]).contains("releases/25.10.toml:"),
        "a located error"
    );
    // A project without a record has nothing to verify.
    for version in ["25.08", "25.09", "25.10", "25.11"] {
        fs::remove_file(c.path(version)).unwrap();
    }
    assert_eq!(
        refused(&[]),
        "error: no release to verify: releases/ holds no record\n"
    );
}
