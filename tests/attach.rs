//! `relnotes attach` and `relnotes referrers` against Debian's
//! docker-registry (distribution 2.8: no referrers API, so the referrers
//! tag schema), with basic auth where it matters, and against a registry
//! with the OCI 1.1 referrers API (tests/support/oci_registry.rs).

use crate::support::image::{BuiltImage, TestImage};
use crate::support::oci_registry::OciRegistry;
use crate::support::project::outcome;
use crate::support::pushed::Registry;
use crate::support::registry::TestRegistry;
use crate::support::release_25_10::{Tampering, platform};
use crate::support::rogue::{Reply, Request, RogueRegistry};
use crate::util::relnotes;
use serde_json::Value;
use std::time::{Duration, Instant};

const USER: &str = "alice";
const PASSWORD: &str = "s3cret pass";

/// Both platforms of 25.10, as the record declares them.
fn image_of_25_10() -> BuiltImage {
    TestImage::multi(vec![
        platform("amd64", Tampering::default()),
        platform("arm64", Tampering::default()),
    ])
    .build()
}

/// `relnotes ARGS…` isolated from the runner's Docker config, logged in
/// when `login` (the password on stdin); exit code, stdout, stderr.
fn run(args: &[&str], login: bool) -> (i32, String, String) {
    let mut cmd = relnotes();
    cmd.env("DOCKER_CONFIG", "/nonexistent/relnotes-tests")
        .args(args)
        .arg("--quiet")
        .timeout(Duration::from_secs(120));
    if login {
        cmd.args(["--username", USER, "--password-stdin"])
            .write_stdin(format!("{PASSWORD}\n"));
    }
    let out = cmd.output().expect("runs");
    outcome(&out)
}

fn json_of(args: &[&str], login: bool) -> Value {
    let (code, stdout, stderr) = run(args, login);
    assert_eq!(code, 0, "{args:?}\n{stdout}\n{stderr}");
    serde_json::from_str(&stdout).expect("JSON")
}

/// `attach 25.10 --image IMAGE --observed --format json`: its report.
fn attach_observed(image: &str, login: bool) -> Value {
    let args = ["attach", "25.10", "--image", image, "--observed"];
    json_of(&[&args[..], &["--format", "json"]].concat(), login)
}

/// platform → the referrers `relnotes referrers --format json` lists.
fn referrers_of(image: &str, login: bool) -> Vec<(String, Vec<Value>)> {
    let report = json_of(&["referrers", "--image", image, "--format", "json"], login);
    report["platforms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["platform"].as_str().unwrap().to_string(),
                p["referrers"].as_array().unwrap().clone(),
            )
        })
        .collect()
}

/// The record's arch of an image platform.
fn arch_of(platform: &str) -> &'static str {
    if platform.starts_with("linux/arm64") {
        "aarch64"
    } else {
        "amd64"
    }
}

/// A document or blob of the registry, read with basic auth.
fn fetch(registry: &TestRegistry, path: &str) -> Vec<u8> {
    image::install_crypto_provider();
    let response = reqwest::blocking::Client::builder()
        .no_proxy()
        .build()
        .unwrap()
        .get(format!("{}/v2/team/tnp/{path}", registry.url()))
        .header(
            "Accept",
            "application/vnd.oci.image.manifest.v1+json, application/vnd.oci.image.index.v1+json",
        )
        .basic_auth(USER, Some(PASSWORD))
        .send()
        .unwrap();
    assert!(
        response.status().is_success(),
        "{path}: {}",
        response.status()
    );
    response.bytes().unwrap().to_vec()
}

#[test]
fn attach_list_and_attach_again_leave_one_sbom_per_platform() {
    let registry = TestRegistry::start_with_basic_auth(USER, PASSWORD);
    let built = image_of_25_10();
    built.push(&registry.url(), "team/tnp", "25.10", Some((USER, PASSWORD)));
    let image = format!("{}/team/tnp:25.10", registry.host());

    let report = json_of(
        &["attach", "25.10", "--image", &image, "--format", "json"],
        true,
    );
    let attached = report["attached"].as_array().unwrap();
    assert_eq!(attached.len(), 2, "{report}");
    for (entry, (arch, oci)) in attached
        .iter()
        .zip([("aarch64", "arm64"), ("amd64", "amd64")])
    {
        assert_eq!(entry["arch"], arch);
        assert_eq!(entry["subject"], built.manifest(oci).manifest.digest);
        assert_eq!(entry["status"], "attached");
        assert_eq!(entry["via"], "tag");
        assert_eq!(entry["kind"], "declared");
        assert_eq!(entry["artifactType"], "application/vnd.cyclonedx+json");
    }

    // The artifact's one layer is the SBOM `relnotes sbom` writes; its
    // subject is the platform manifest; the referrers tag lists it.
    let amd64 = &attached[1];
    let digest = amd64["digest"].as_str().unwrap();
    let manifest: Value =
        serde_json::from_slice(&fetch(&registry, &format!("manifests/{digest}"))).unwrap();
    assert_eq!(
        manifest["config"]["mediaType"],
        "application/vnd.oci.empty.v1+json"
    );
    assert_eq!(manifest["subject"]["digest"], amd64["subject"]);
    let layer = manifest["layers"][0]["digest"].as_str().unwrap();
    let sbom = crate::util::stdout_of(relnotes().args(["sbom", "25.10", "--arch", "amd64"]));
    assert_eq!(
        String::from_utf8(fetch(&registry, &format!("blobs/{layer}"))).unwrap(),
        sbom
    );
    let tag = amd64["subject"].as_str().unwrap().replace(':', "-");
    let index: Value =
        serde_json::from_slice(&fetch(&registry, &format!("manifests/{tag}"))).unwrap();
    assert_eq!(index["manifests"][0]["digest"], digest);
    assert_eq!(
        index["manifests"][0]["artifactType"],
        "application/vnd.cyclonedx+json"
    );

    let listed = referrers_of(&image, true);
    assert_eq!(
        listed.iter().map(|(p, _)| p.as_str()).collect::<Vec<_>>(),
        ["linux/amd64", "linux/arm64/v8"]
    );
    for (platform, referrers) in &listed {
        assert_eq!(referrers.len(), 1, "{platform}: {referrers:?}");
        let referrer = &referrers[0];
        let arch = arch_of(platform);
        let entry = attached.iter().find(|a| a["arch"] == arch).unwrap();
        assert_eq!(referrer["digest"], entry["digest"]);
        assert_eq!(referrer["size"], entry["size"]);
        assert_eq!(referrer["annotations"]["dev.relnotes.sbom"], "declared");
        assert_eq!(
            referrer["annotations"]["org.opencontainers.image.title"],
            format!("25.10-{arch}.cdx.json")
        );
    }

    // Again: nothing new.
    let again = json_of(
        &["attach", "25.10", "--image", &image, "--format", "json"],
        true,
    );
    for (before, after) in attached.iter().zip(again["attached"].as_array().unwrap()) {
        assert_eq!(after["status"], "already_attached");
        assert_eq!(after["digest"], before["digest"]);
    }
    for (platform, referrers) in referrers_of(&image, true) {
        assert_eq!(referrers.len(), 1, "{platform}: still one");
    }

    // The text forms.
    let (code, stdout, stderr) = run(&["referrers", "--image", &image], true);
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains(&format!("application/vnd.cyclonedx+json  {digest}")),
        "{stdout}"
    );
    assert!(
        stdout.contains("from the referrers tag sha256-"),
        "{stdout}"
    );

    // Without credentials: what to pass is said.
    let (code, stdout, stderr) = run(&["attach", "25.10", "--image", &image], false);
    assert_eq!(code, 2, "{stdout}\n{stderr}");
    assert!(stderr.contains("--password-stdin"), "{stderr}");
}

#[test]
fn observed_sboms_are_attached_beside_the_declared_ones() {
    let registry = TestRegistry::start();
    let image = registry.push(&image_of_25_10(), "team/tnp:25.10");

    let report = attach_observed(&image, false);
    let kinds: Vec<(&str, &str)> = report["attached"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["arch"].as_str().unwrap(), a["kind"].as_str().unwrap()))
        .collect();
    assert_eq!(
        kinds,
        [
            ("aarch64", "declared"),
            ("aarch64", "observed"),
            ("amd64", "declared"),
            ("amd64", "observed")
        ]
    );
    for (platform, referrers) in referrers_of(&image, false) {
        let mut titles: Vec<&str> = referrers
            .iter()
            .map(|r| {
                r["annotations"]["org.opencontainers.image.title"]
                    .as_str()
                    .unwrap()
            })
            .collect();
        titles.sort();
        let arch = arch_of(&platform);
        assert_eq!(
            titles,
            [
                format!("25.10-{arch}.cdx.json"),
                format!("25.10-{arch}.image.cdx.json")
            ]
        );
    }
    // Again, with --observed: still two per platform.
    let (code, stdout, stderr) = run(&["attach", "25.10", "--image", &image, "--observed"], false);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(
        stdout.matches("  already attached  ").count(),
        4,
        "{stdout}"
    );
    for (platform, referrers) in referrers_of(&image, false) {
        assert_eq!(referrers.len(), 2, "{platform}");
    }
}

#[test]
fn bad_input_is_exit_2_and_pushes_nothing() {
    let registry = TestRegistry::start();
    // amd64 only, while 25.10 also declares aarch64.
    let image = registry.push(
        &TestImage::multi(vec![platform("amd64", Tampering::default())]).build(),
        "team/tnp:25.10",
    );

    let (code, _, stderr) = run(&["attach", "25.10", "--image", &image], false);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains("has no image for aarch64 (platform linux/arm64), which 25.10 declares; it has: linux/amd64"),
        "{stderr}"
    );
    for (platform, referrers) in referrers_of(&image, false) {
        assert!(referrers.is_empty(), "{platform}: nothing pushed");
    }

    let (code, _, stderr) = run(&["attach", "24.12", "--image", &image], false);
    assert_eq!(code, 2);
    assert!(stderr.contains("unknown version `24.12`"), "{stderr}");

    let port = crate::support::registry::free_port();
    let (code, _, stderr) = run(
        &[
            "attach",
            "25.05",
            "--image",
            &format!("127.0.0.1:{port}/team/tnp:25.05"),
        ],
        false,
    );
    assert_eq!(code, 2);
    assert!(stderr.contains("cannot reach registry"), "{stderr}");

    let (code, _, stderr) = run(&["referrers", "--image", "oci:/tmp/layout:25.10"], false);
    assert_eq!(code, 2);
    assert!(stderr.contains("is not in a registry"), "{stderr}");
}

#[test]
fn a_registry_refusing_the_push_is_named() {
    let built = TestImage::single(platform("amd64", Tampering::default())).build();
    let rogue = RogueRegistry::start(
        &built,
        "team/tnp",
        "25.05",
        Box::new(|path: &str, _| {
            if path.starts_with("/v2/team/tnp/blobs/uploads/") {
                Reply::Status {
                    status: "403 Forbidden",
                    headers: vec![("Content-Type", "application/json".into())],
                    body: br#"{"errors":[{"code":"DENIED","message":"requested access to the resource is denied"}]}"#.to_vec(),
                }
            } else {
                Reply::Normal
            }
        }),
    );
    let image = format!("{}/team/tnp:25.05", rogue.host());
    let (code, stdout, stderr) = run(&["attach", "25.05", "--image", &image], false);
    assert_eq!(code, 2, "{stdout}\n{stderr}");
    assert!(
        stderr.contains(&format!(
            "registry {} refused to let an anonymous client push to team/tnp: 403 Forbidden: DENIED: requested access to the resource is denied to POST http://{}/v2/team/tnp/blobs/uploads/",
            rogue.host(),
            rogue.host()
        )),
        "{stderr}"
    );
    assert!(
        stderr.contains("hint: pushing needs credentials with write access"),
        "{stderr}"
    );
}

#[test]
fn a_referrers_tag_that_is_no_index_is_named() {
    let built = TestImage::single(platform("amd64", Tampering::default())).build();
    let tag = built.root().digest.replace(':', "-");
    let path = format!("/v2/team/tnp/manifests/{tag}");
    let rogue = RogueRegistry::start(
        &built,
        "team/tnp",
        "25.05",
        Box::new(move |asked: &str, _| {
            if asked == path {
                Reply::Status {
                    status: "200 OK",
                    headers: vec![(
                        "Content-Type",
                        "application/vnd.docker.distribution.manifest.list.v2+json".into(),
                    )],
                    body: br#"{"schemaVersion":2,"manifests":[]}"#.to_vec(),
                }
            } else {
                Reply::Normal
            }
        }),
    );
    let image = format!("{}/team/tnp:25.05", rogue.host());
    for args in [
        &["referrers", "--image", &image][..],
        &["attach", "25.05", "--image", &image][..],
    ] {
        let (code, stdout, stderr) = run(args, false);
        assert_eq!(code, 2, "{args:?}\n{stdout}\n{stderr}");
        assert!(
            stderr.contains(&format!(
                "the referrers of {tag} in registry {} are not a valid image index: it is `application/vnd.docker.distribution.manifest.list.v2+json`, not an OCI image index",
                rogue.host()
            )),
            "{stderr}"
        );
    }
}

/// A registry for 25.05 that wants credentials (basic, or a bearer token
/// from its own `/token`), takes pushes, and answers an upload's `POST`
/// with `location`, formatted with the host it is asked as.
fn registry_moving_uploads(
    built: &BuiltImage,
    scheme: &'static str,
    location: String,
) -> RogueRegistry {
    use base64::Engine;
    let basic = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{USER}:{PASSWORD}"))
    );
    let bearer = "Bearer token-for-the-registry-only";
    RogueRegistry::start_seeing(
        built,
        "team/tnp",
        "25.05",
        Box::new(move |request: &Request, _| {
            let host = request.header("host").unwrap_or_default().to_string();
            let authorization = request.header("authorization");
            if request.path.starts_with("/token") {
                return match authorization == Some(basic.as_str()) {
                    true => Reply::Status {
                        status: "200 OK",
                        headers: vec![("Content-Type", "application/json".into())],
                        body: br#"{"token": "token-for-the-registry-only"}"#.to_vec(),
                    },
                    false => Reply::Status {
                        status: "401 Unauthorized",
                        headers: Vec::new(),
                        body: Vec::new(),
                    },
                };
            }
            let expected = if scheme == "basic" { &basic } else { bearer };
            if authorization != Some(expected) {
                let challenge = match scheme {
                    "basic" => r#"Basic realm="rogue""#.to_string(),
                    _ => format!(r#"Bearer realm="http://{host}/token",service="rogue""#),
                };
                return Reply::Status {
                    status: "401 Unauthorized",
                    headers: vec![("WWW-Authenticate", challenge)],
                    body: Vec::new(),
                };
            }
            match request.method.as_str() {
                "POST" => Reply::Status {
                    status: "202 Accepted",
                    headers: vec![("Location", location.clone())],
                    body: Vec::new(),
                },
                "PUT" => Reply::Status {
                    status: "201 Created",
                    headers: Vec::new(),
                    body: Vec::new(),
                },
                _ => Reply::Normal,
            }
        }),
    )
}

/// A second origin on another port that takes any upload, and records
/// what it was sent.
fn upload_host(built: &BuiltImage) -> RogueRegistry {
    RogueRegistry::start_seeing(
        built,
        "team/tnp",
        "25.05",
        Box::new(|_: &Request, _| Reply::Status {
            status: "201 Created",
            headers: Vec::new(),
            body: Vec::new(),
        }),
    )
}

#[test]
fn an_upload_moved_to_another_host_goes_there_without_credentials() {
    let built = TestImage::single(platform("amd64", Tampering::default())).build();
    for scheme in ["basic", "bearer"] {
        let elsewhere = upload_host(&built);
        let location = format!("http://{}/upload/u1?_state=s", elsewhere.host());
        let registry = registry_moving_uploads(&built, scheme, location);
        let image = format!("{}/team/tnp:25.05", registry.host());
        let (code, stdout, stderr) = run(&["attach", "25.05", "--image", &image], true);
        // Uploaded there, as Docker and containerd do, without credentials.
        assert_eq!(code, 0, "{scheme}: {stdout}\n{stderr}");
        let uploads = elsewhere.seen();
        assert_eq!(uploads.len(), 2, "{scheme}: the empty config and the SBOM");
        for upload in &uploads {
            assert_eq!(upload.method, "PUT");
            assert!(
                upload
                    .path
                    .starts_with("/upload/u1?_state=s&digest=sha256%3A")
            );
            assert_eq!(upload.header("authorization"), None, "{scheme}: {upload:?}");
        }
        // The registry itself got them with every request after the challenge.
        let pushed = registry.seen();
        let manifest_puts: Vec<_> = pushed
            .iter()
            .filter(|r| r.method == "PUT" && r.path.contains("/manifests/"))
            .collect();
        assert_eq!(manifest_puts.len(), 2, "{scheme}: the artifact and the tag");
        assert!(
            manifest_puts
                .iter()
                .all(|r| r.header("authorization").is_some()),
            "{scheme}"
        );
    }
}

#[test]
fn an_upload_location_with_user_info_is_refused() {
    let built = TestImage::single(platform("amd64", Tampering::default())).build();
    let elsewhere = upload_host(&built);
    let location = format!("http://bob:x@{}/upload/u1", elsewhere.host());
    let registry = registry_moving_uploads(&built, "basic", location.clone());
    let image = format!("{}/team/tnp:25.05", registry.host());
    let (code, stdout, stderr) = run(&["attach", "25.05", "--image", &image], true);
    assert_eq!(code, 2, "{stdout}\n{stderr}");
    assert!(
        stderr.contains(&format!(
            "error: registry {} answered 202 Accepted with upload location `{location}`, which carries user info; relnotes takes no credentials from a registry's answer to POST http://{}/v2/team/tnp/blobs/uploads/",
            registry.host(),
            registry.host()
        )),
        "{stderr}"
    );
    assert!(elsewhere.seen().is_empty(), "nothing sent there");
}

#[test]
fn referrers_lists_and_manifests_that_drip_end_at_the_timeout() {
    let built = TestImage::single(platform("amd64", Tampering::default())).build();
    let subject = built.root().digest.clone();
    let referrers = format!("/v2/team/tnp/referrers/{subject}");
    let index = br#"{"schemaVersion": 2, "mediaType": "application/vnd.oci.image.index.v1+json", "manifests": []}"#;
    let mut padded = index.to_vec();
    padded.extend_from_slice(&[b' '; 1000]);
    let rogue = RogueRegistry::start(
        &built,
        "team/tnp",
        "25.05",
        Box::new(move |path: &str, _| {
            if path == referrers {
                Reply::Drip {
                    every: Duration::from_secs(1),
                    body: Some(("application/vnd.oci.image.index.v1+json", padded.clone())),
                }
            } else {
                Reply::Normal
            }
        }),
    );
    let image = format!("{}/team/tnp:25.05", rogue.host());
    for args in [
        &["referrers", "--image", &image, "--timeout", "2"][..],
        &["attach", "25.05", "--image", &image, "--timeout", "2"][..],
    ] {
        let started = Instant::now();
        let (code, stdout, stderr) = run(args, false);
        assert_eq!(code, 2, "{args:?}\n{stdout}\n{stderr}");
        assert!(
            stderr.contains(&format!(
                "reading the referrers list of {}/team/tnp@{subject} failed: it did not arrive whole within 2 s (--timeout)",
                rogue.host()
            )),
            "{args:?}: {stderr}"
        );
        assert!(started.elapsed() < Duration::from_secs(8), "{args:?}");
    }
}

#[test]
fn with_the_referrers_api_no_referrers_tag_is_written() {
    let registry = OciRegistry::start();
    let built = image_of_25_10();
    let image = registry.push(&built, "team/tnp:25.10");

    let report = attach_observed(&image, false);
    let attached = report["attached"].as_array().unwrap();
    assert_eq!(attached.len(), 4, "{report}");
    for entry in attached {
        assert_eq!(entry["status"], "attached", "{entry}");
        assert_eq!(entry["via"], "api", "{entry}");
    }
    // The registry indexed each artifact under its subject: no client-kept
    // `sha256-<hex>` tag, only the image's own.
    assert_eq!(registry.tags("team/tnp"), ["25.10"]);
    assert!(
        !registry
            .log()
            .iter()
            .any(|r| r.starts_with("PUT /v2/team/tnp/manifests/sha256-")),
        "{:#?}",
        registry.log()
    );

    // Listed through the API, per platform manifest: the digest to give a
    // scanner (trivy reads the referrers of the digest it is given).
    let listed = json_of(&["referrers", "--image", &image, "--format", "json"], false);
    let platforms = listed["platforms"].as_array().unwrap();
    assert_eq!(platforms.len(), 2, "{listed}");
    for p in platforms {
        let oci = if p["platform"] == "linux/amd64" {
            "amd64"
        } else {
            "arm64"
        };
        let digest = &built.manifest(oci).manifest.digest;
        assert_eq!(p["via"], "api");
        assert_eq!(p["manifest"], *digest);
        assert_eq!(
            p["scan"],
            format!("{}/team/tnp@{digest}", registry.host()),
            "{p}"
        );
        let arch = arch_of(p["platform"].as_str().unwrap());
        let mut kinds: Vec<&str> = p["referrers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["annotations"]["dev.relnotes.sbom"].as_str().unwrap())
            .collect();
        kinds.sort();
        assert_eq!(kinds, ["declared", "observed"], "{arch}: {p}");
    }
    let (code, stdout, stderr) = run(&["referrers", "--image", &image], false);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("from the referrers API"), "{stdout}");
    let amd64 = &built.manifest("amd64").manifest.digest;
    assert!(
        stdout.contains(&format!("  scan: {}/team/tnp@{amd64}\n", registry.host())),
        "{stdout}"
    );

    // Again: found through the API, nothing pushed.
    registry.clear_log();
    let again = json_of(
        &["attach", "25.10", "--image", &image, "--format", "json"],
        false,
    );
    for entry in again["attached"].as_array().unwrap() {
        assert_eq!(entry["status"], "already_attached", "{entry}");
        assert_eq!(entry["via"], "api", "{entry}");
    }
    assert!(
        !registry
            .log()
            .iter()
            .any(|r| r.starts_with("PUT ") || r.starts_with("POST ")),
        "{:#?}",
        registry.log()
    );
    assert_eq!(registry.tags("team/tnp"), ["25.10"]);
}

#[test]
fn the_test_registry_filters_referrers_by_artifact_type() {
    let registry = OciRegistry::start();
    let built = image_of_25_10();
    let image = registry.push(&built, "team/tnp:25.10");
    let (code, _, stderr) = run(&["attach", "25.10", "--image", &image], false);
    assert_eq!(code, 0, "{stderr}");
    let subject = &built.manifest("amd64").manifest.digest;
    image::install_crypto_provider();
    let client = reqwest::blocking::Client::builder()
        .no_proxy()
        .build()
        .unwrap();
    for (filter, expected) in [
        ("application/vnd.cyclonedx+json", 1),
        ("application/spdx+json", 0),
    ] {
        let response = client
            .get(format!(
                "{}/v2/team/tnp/referrers/{subject}?artifactType={filter}",
                registry.url()
            ))
            .send()
            .unwrap();
        assert_eq!(response.status().as_u16(), 200);
        assert_eq!(
            response.headers()["OCI-Filters-Applied"].to_str().unwrap(),
            "artifactType"
        );
        let index: Value = serde_json::from_slice(&response.bytes().unwrap()).unwrap();
        assert_eq!(
            index["manifests"].as_array().unwrap().len(),
            expected,
            "{filter}"
        );
    }
}
