//! `relnotes new` and `relnotes sync` end to end, against the 25.10 test
//! images of the verify tests changed the way a next release changes: a
//! package upgraded (vllm, in a layer that whites out the old one), one
//! downgraded (PyPI's transformers instead of the `+ali` build), one never
//! installed (timm), one deleted by a whiteout (peft). Images are pushed to
//! a real registry (Debian's `docker-registry`) or written as OCI layouts.

use crate::support::image::{BuiltImage, Layer, PlatformImage, TestImage};
use crate::support::project::outcome as text;
use crate::support::registry::{TestRegistry, free_port};
use crate::support::release_25_10::*;
use crate::util::{relnotes_in, scratch_project};
use std::path::Path;
use std::process::Output;

/// Asserts that `relnotes ARGS` in `dir` refuses (exit 2), saying `says`:
/// its stderr.
fn assert_refused(dir: &Path, args: &[&str], says: &str) -> String {
    let (code, stdout, stderr) = text(&run(dir, args));
    assert_eq!(code, 2, "{args:?}\n{stdout}\n{stderr}");
    assert!(stderr.contains(says), "{args:?}: no `{says}` in\n{stderr}");
    stderr
}

/// `relnotes ARGS` in `dir`, isolated from the Docker config of whoever
/// runs the tests, without progress bars.
fn run(dir: &Path, args: &[&str]) -> Output {
    relnotes_in(dir)
        .env("DOCKER_CONFIG", "/nonexistent/relnotes-tests")
        .args(args)
        .output()
        .expect("runs")
}

/// Pushes `image` to a fresh registry as training-nv-pytorch:`tag`.
fn pushed(image: &BuiltImage, tag: &str) -> (TestRegistry, String) {
    let registry = TestRegistry::start();
    image.push(&registry.url(), "egslingjun/training-nv-pytorch", tag, None);
    let reference = format!("{}/egslingjun/training-nv-pytorch:{tag}", registry.host());
    (registry, reference)
}

/// The `[[features]]` of a record: (zh, en) pairs.
fn features(record: &str) -> Vec<(String, String)> {
    let value: toml::Table = toml::from_str(record).unwrap();
    value
        .get("features")
        .and_then(|f| f.as_array())
        .map(|items| {
            items
                .iter()
                .map(|t| {
                    (
                        t["zh"].as_str().unwrap().to_string(),
                        t["en"].as_str().unwrap().to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn new_drafts_a_record_that_verify_confirms() {
    let project = scratch_project();
    let dir = project.path();
    // bash is a system package: the project's catalog says so.
    let project_file = dir.join("relnotes.toml");
    let catalog = std::fs::read_to_string(&project_file).unwrap() + "bash = \"generic\"\n";
    std::fs::write(&project_file, catalog).unwrap();
    let (_registry, image) = pushed(&next_release(), "25.11");

    let (code, stdout, stderr) = text(&run(
        dir,
        &[
            "new", "25.11", "--from", "25.10", "--image", &image, "--add", "bash", "-q",
        ],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let record = std::fs::read_to_string(dir.join("releases/25.11.toml")).unwrap();
    let pair = |zh: &str, en: &str| (zh.to_string(), en.to_string());
    assert_eq!(
        features(&record),
        [
            pair(
                "transformers降级至4.56.1",
                "transformers downgraded to 4.56.1"
            ),
            pair("vllm升级至0.12.0", "vllm upgraded to 0.12.0"),
            pair("新增bash 5.2.21-2ubuntu4", "bash 5.2.21-2ubuntu4 added"),
            pair("移除peft", "peft removed"),
            pair("移除timm", "timm removed"),
        ],
        "{record}"
    );
    for line in [
        "  downgraded transformers  4.56.1+ali → 4.56.1  (aarch64, amd64)",
        "  upgraded   vllm          0.11.0 → 0.12.0  (aarch64, amd64)",
        "  missing    peft  not in the image (aarch64, amd64): dropped",
        "  driver     cuda  12.8.0 → 12.9.0",
        "  driver     datacenter  R470 470.57, R525 525.85, R535 535.86, R545 545.23 → R535 535.86, R570 570",
        "  vllm升级至0.12.0 | vllm upgraded to 0.12.0",
    ] {
        assert!(
            stdout.lines().any(|l| l == line),
            "no `{line}` in\n{stdout}"
        );
    }

    // Generated lines are marked; the draft says it is one; what the image
    // contradicts is updated, what it does not know is carried forward.
    assert_eq!(
        record
            .matches("# generated from the image: review\n[[features]]")
            .count(),
        5
    );
    assert!(record.contains("\ndraft = true\n"), "{record}");
    for carried in [
        "# Shared by both architectures, in the order of the Contents table.\n[components]\n",
        "zh = \"training-nv-pytorch 25.11 版本发布记录\"",
        "image = \"egslingjun-registry.cn-wulanchabu.cr.aliyuncs.com/egslingjun/training-nv-pytorch:25.11-serverless\"",
        "template = \"acs-registry-vpc.{region-id}.cr.aliyuncs.com/egslingjun/{image:tag}\"",
        "# generated from the image: review (carried from 25.10, version numbers updated)\n[driver.wording]\nzh = \"\"\"\n25.11 Release 基于CUDA 12.9.0,需要NVIDIA驱动程序版本575或更高版本。",
        "which are not forward-compatible with CUDA 12.9.",
        "not_forward_compatible_with = \"12.9\"",
        "[arch.amd64.components]\nperf = \"5.4.30\"\ntriton = \"3.4.0\"\n",
        "vllm = \"0.12.0\"",
        "bash = \"5.2.21-2ubuntu4\"",
        "以下测试基于25.10, 在多节点GPU集群上",
    ] {
        assert!(record.contains(carried), "no `{carried}` in\n{record}");
    }
    for gone in [
        "peft =",
        "timm =",
        "[bug_fixes]",
        "megatron-core升级至0.14.0",
    ] {
        assert!(!record.contains(gone), "`{gone}` left in\n{record}");
    }

    let (code, stdout, stderr) = text(&run(dir, &["verify", "25.11", "--image", &image, "-q"]));
    assert_eq!(code, 0, "{stdout}\n{stderr}\n{record}");
    assert!(
        stdout.contains("everything declared is confirmed"),
        "{stdout}"
    );

    // A draft is said to be one by lint, render and site.
    let (code, stdout, _) = text(&run(dir, &["lint", "25.11"]));
    assert!(
        stdout.contains("warning[draft]: 25.11 is a draft"),
        "exit {code}\n{stdout}"
    );
    for (lang, format, banner) in [
        (
            "en",
            "md",
            "> **Draft: generated from the image, not reviewed yet**",
        ),
        ("zh", "md", "> **草稿:本页由镜像生成,尚未审阅**"),
        (
            "en",
            "html",
            "<p class=\"draft-banner\" role=\"note\">Draft: generated from the image, not reviewed yet</p>",
        ),
    ] {
        let (code, page, stderr) = text(&run(
            dir,
            &["render", "25.11", "--lang", lang, "--format", format],
        ));
        assert_eq!(code, 0, "{stderr}");
        assert!(page.contains(banner), "no `{banner}` in\n{page}");
        let (_, reviewed, _) = text(&run(
            dir,
            &["render", "25.10", "--lang", lang, "--format", format],
        ));
        assert!(!reviewed.contains("class=\"draft-banner\"") && !reviewed.contains("**Draft"));
    }
    let site = dir.join("public");
    let (code, _, stderr) = text(&run(dir, &["site", "--out", site.to_str().unwrap()]));
    assert_eq!(code, 0, "{stderr}");
    let site = site.to_str().unwrap();
    assert_refused(
        dir,
        &["site", "--out", site, "--check", "--no-drafts"],
        "error: --no-drafts: 25.11 is a draft (`draft = true`)",
    );
}

#[test]
fn an_arch_the_image_lacks_is_dropped_and_said() {
    let project = scratch_project();
    let dir = project.path();
    let (_layout, image) =
        TestImage::multi(vec![vllm_upgraded(platform("amd64", Tampering::default()))])
            .build()
            .in_temp_layout("25.11");

    let (code, stdout, stderr) = text(&run(
        dir,
        &["new", "25.11", "--from", "25.10", "--image", &image, "-q"],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(
        stdout.contains("warning: the image has no platform for aarch64: dropped"),
        "{stdout}"
    );
    let record = std::fs::read_to_string(dir.join("releases/25.11.toml")).unwrap();
    assert!(record.contains("archs = [\"amd64\"]"), "{record}");
    assert!(!record.contains("aarch64.components"), "{record}");
    assert_eq!(
        features(&record),
        [
            (
                "vllm升级至0.12.0".to_string(),
                "vllm upgraded to 0.12.0".to_string()
            ),
            (
                "不再提供aarch64架构".to_string(),
                "The aarch64 architecture is no longer provided".to_string()
            ),
        ]
    );
    let (code, stdout, stderr) = text(&run(dir, &["verify", "25.11", "--image", &image, "-q"]));
    assert_eq!(code, 0, "{stdout}\n{stderr}");

    // The same report for machines.
    let (code, stdout, stderr) = text(&run(
        dir,
        &[
            "new", "25.11", "--from", "25.10", "--image", &image, "--force", "--format", "json",
            "-q",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["version"], "25.11");
    assert_eq!(json["changes"]["archs"], serde_json::json!(["amd64"]));
    assert_eq!(
        json["changes"]["missing_archs"],
        serde_json::json!(["aarch64"])
    );
    assert_eq!(json["changes"]["components"][0]["name"], "vllm");
    assert_eq!(json["changes"]["components"][0]["change"], "upgraded");
    assert_eq!(json["lines"][0]["en"], "vllm upgraded to 0.12.0");
}

/// The files of `releases/`, with their bytes.
fn records(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out: Vec<_> = std::fs::read_dir(dir.join("releases"))
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            (
                path.file_name().unwrap().to_string_lossy().to_string(),
                std::fs::read(&path).unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn bad_input_is_refused_with_nothing_written() {
    let project = scratch_project();
    let dir = project.path();
    let registry = TestRegistry::start();
    let s390x = TestImage::multi(vec![PlatformImage::new("s390x").layer(
        Layer::gzip().file("usr/lib/os-release", "ID=ubuntu\nVERSION_ID=\"24.04\"\n"),
    )])
    .build();
    s390x.push(&registry.url(), "team/other", "1", None);
    let other_arch = format!("{}/team/other:1", registry.host());
    let port = free_port();
    let unreachable = format!("127.0.0.1:{port}/team/training:25.11");
    let refused = format!("error: cannot reach registry 127.0.0.1:{port}");
    let before = records(dir);

    let cases: [(&[&str], &str); 6] = [
        (
            &["new", "25.11", "--from", "24.12", "--image", &other_arch],
            "error: unknown version `24.12`: no releases/24.12.toml\n  = hint: known versions: 25.05, 25.10",
        ),
        (
            &["new", "25.05", "--from", "25.10", "--image", &other_arch],
            "error: releases/25.05.toml exists\n  = hint: pass --force to replace it",
        ),
        (
            &["new", "../25.11", "--from", "25.10", "--image", &other_arch],
            "error: `../25.11` is not a release version",
        ),
        (
            &["new", "25.11", "--from", "25.10", "--image", &unreachable],
            &refused,
        ),
        (
            &["new", "25.11", "--from", "25.10", "--image", &other_arch],
            "holds none of the architectures of 25.10 (aarch64, amd64); it has linux/s390x",
        ),
        (
            &["sync", "25.10", "--image", &other_arch],
            "holds none of the architectures of 25.10 (aarch64, amd64); it has linux/s390x",
        ),
    ];
    for (args, message) in cases {
        let mut args = args.to_vec();
        args.push("-q");
        let stderr = assert_refused(dir, &args, message);
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert_eq!(records(dir), before, "{args:?} wrote something");
    }
}

#[test]
fn an_add_the_image_does_not_hold_is_refused() {
    let project = scratch_project();
    let dir = project.path();
    let (_layout, image) = TestImage::multi(vec![platform("amd64", Tampering::default())])
        .build()
        .in_temp_layout("25.11");
    let before = records(dir);
    assert_refused(
        dir,
        &[
            "new",
            "25.11",
            "--from",
            "25.10",
            "--image",
            &image,
            "--add",
            "no-such-tool",
            "-q",
        ],
        "--add no-such-tool: the image holds no `no-such-tool` on any architecture",
    );
    assert_eq!(records(dir), before);
}

#[test]
fn sync_edits_versions_in_place_and_keeps_every_comment() {
    let project = scratch_project();
    let dir = project.path();
    let path = dir.join("releases/25.10.toml");
    // A hand-written record with comments in many places.
    let original = std::fs::read_to_string(&path)
        .unwrap()
        .replacen(
            "version = \"25.10\"\n",
            "# Reviewed by the release team.\nversion = \"25.10\"\n",
            1,
        )
        .replacen(
            "vllm = \"0.11.0\"\n",
            "vllm = \"0.11.0\"   # pinned for the serving stack\n",
            1,
        )
        .replacen(
            "[driver]\n",
            "# From NVIDIA's release notes.\n[driver]\n",
            1,
        )
        .replacen(
            "perf = \"5.4.30\"\n",
            "# built from source\nperf = \"5.4.30\"\n",
            1,
        );
    std::fs::write(&path, &original).unwrap();
    let built = TestImage::multi(vec![
        vllm_upgraded(platform("amd64", Tampering::default())),
        vllm_upgraded(platform("arm64", Tampering::default())),
    ])
    .build();
    let (_registry, image) = pushed(&built, "25.10");

    let (code, stdout, stderr) = text(&run(
        dir,
        &["sync", "25.10", "--image", &image, "--dry-run", "-q"],
    ));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.contains("would change (dry run, nothing written)"),
        "{stdout}"
    );
    assert!(
        stdout
            .lines()
            .any(|l| l == "  upgraded   vllm  0.11.0 → 0.12.0  (aarch64, amd64)"),
        "{stdout}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), original);

    let (code, stdout, stderr) = text(&run(dir, &["sync", "25.10", "--image", &image, "-q"]));
    assert_eq!(code, 0, "{stderr}");
    assert!(
        stdout.starts_with("updated releases/25.10.toml from "),
        "{stdout}"
    );
    let synced = std::fs::read_to_string(&path).unwrap();
    assert_eq!(
        synced,
        original.replace(
            "vllm = \"0.11.0\"   # pinned",
            "vllm = \"0.12.0\"   # pinned"
        )
    );
    let (code, stdout, stderr) = text(&run(dir, &["verify", "25.10", "--image", &image, "-q"]));
    assert_eq!(code, 0, "{stdout}\n{stderr}");

    let (code, stdout, _) = text(&run(dir, &["sync", "25.10", "--image", &image, "-q"]));
    assert_eq!(code, 0);
    assert!(stdout.contains("is up to date with"), "{stdout}");
}

#[test]
fn a_dry_run_refuses_what_the_real_run_refuses() {
    let project = scratch_project();
    let dir = project.path();
    let path = dir.join("releases/25.10.toml");
    let original = std::fs::read(&path).unwrap();
    // A version no record may hold: 32 digits overflow every version part.
    let huge = "1".repeat(32);
    let with_huge = |image: PlatformImage| {
        image.layer(
            Layer::gzip()
                .whiteout(&format!("{SITE}/vllm-0.11.0.dist-info"))
                .file(
                    &format!("{SITE}/vllm-{huge}.dist-info/METADATA"),
                    format!("Metadata-Version: 2.1\nName: vllm\nVersion: {huge}\n"),
                ),
        )
    };
    let built = TestImage::multi(vec![
        with_huge(platform("amd64", Tampering::default())),
        with_huge(platform("arm64", Tampering::default())),
    ])
    .build();
    let (_registry, image) = pushed(&built, "25.10");

    let real = text(&run(dir, &["sync", "25.10", "--image", &image, "-q"]));
    let dry = text(&run(
        dir,
        &["sync", "25.10", "--image", &image, "--dry-run", "-q"],
    ));
    assert_eq!(real.0, 2, "{}", real.1);
    assert_eq!(dry.0, real.0, "{}\n{}", dry.1, dry.2);
    assert_eq!(dry.2, real.2);
    assert_eq!(std::fs::read(&path).unwrap(), original);
}

/// A value read from the image with a control character in it (an
/// environment variable here) never reaches a record: `sync`, its dry
/// run and `new` refuse (exit 2), write nothing, and show it escaped.
#[test]
fn image_values_with_hidden_controls_never_reach_a_record() {
    let project = scratch_project();
    let dir = project.path();
    let path = dir.join("releases/25.10.toml");
    let original = std::fs::read(&path).unwrap();
    let hostile = |image: PlatformImage| image.env("NCCL_SOCKET_IFNAME=eth0\u{1b}]0;owned\u{7}");
    let (_layout, image) = TestImage::multi(vec![
        hostile(platform("amd64", Tampering::default())),
        hostile(platform("arm64", Tampering::default())),
    ])
    .build()
    .in_temp_layout("25.11");

    for args in [
        &["sync", "25.10", "--image", &image, "-q"][..],
        &["sync", "25.10", "--image", &image, "--dry-run", "-q"],
        &["new", "25.11", "--from", "25.10", "--image", &image, "-q"],
    ] {
        let out = run(dir, args);
        let (code, stdout, stderr) = text(&out);
        assert_eq!(code, 2, "{args:?}\n{stdout}\n{stderr}");
        assert!(
            stderr.contains("`env[0].value` holds the control character `\\u{1b}`"),
            "{args:?}\n{stderr}"
        );
        assert!(
            !out.stderr.contains(&0x1b) && !out.stdout.contains(&0x1b),
            "{args:?}\n{stderr:?}"
        );
    }
    assert_eq!(std::fs::read(&path).unwrap(), original);
    assert!(!dir.join("releases/25.11.toml").exists());
}

#[test]
fn a_cuda_13_image_stating_no_driver_drafts_nvidias_minimum_and_says_so() {
    let project = scratch_project();
    let dir = project.path();
    // The record: a 535 minimum carried into a CUDA 13.0.2 image.
    let path = dir.join("releases/25.10.toml");
    let record = std::fs::read_to_string(&path).unwrap();
    std::fs::write(&path, record.replacen("min = \"575\"", "min = \"535\"", 1)).unwrap();
    let built = TestImage::multi(vec![
        cuda_13_0_2(platform("amd64", Tampering::default())),
        cuda_13_0_2(platform("arm64", Tampering::default())),
    ])
    .build();
    let (_registry, image) = pushed(&built, "25.11");

    let (code, stdout, stderr) = text(&run(
        dir,
        &["new", "25.11", "--from", "25.10", "--image", &image, "-q"],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let drafted = std::fs::read_to_string(dir.join("releases/25.11.toml")).unwrap();
    // CUDA 13.0 Update 2 needs 580.95.05 (NVIDIA's Table 3).
    // The image requires `cuda>=13.0` and holds the 13.0.2 toolkit.
    assert!(drafted.contains("cuda = \"13.0.0\""), "{drafted}");
    assert!(drafted.contains("min = \"580.95.05\""), "{drafted}");
    assert!(
        stdout
            .lines()
            .any(|l| l == "  driver     min  535 → 580.95.05"),
        "{stdout}"
    );
    assert!(
        stdout.contains("580.95.05 is NVIDIA's minimum for CUDA 13.0 Update 2 (Linux x86_64)"),
        "{stdout}"
    );
    assert!(stdout.contains("Table 3"), "{stdout}");
    assert!(stdout.contains("the image states no driver"), "{stdout}");

    // sync brings the record itself up the same way, and says so in JSON.
    let out = run(
        dir,
        &["sync", "25.10", "--image", &image, "--format", "json", "-q"],
    );
    let (code, stdout, stderr) = text(&out);
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let from = json["changes"]["driver_min_from"].as_str().unwrap();
    assert!(from.starts_with("580.95.05 is NVIDIA's minimum"), "{from}");
    let synced = std::fs::read_to_string(&path).unwrap();
    assert!(synced.contains("min = \"580.95.05\""), "{synced}");
}

/// A new team's first record: `relnotes init`, then `new 1.0 --image REF`
/// without --from drafts the components the image holds that the
/// knowledge file names, per arch of a multi-arch index, and the driver
/// facts; verify confirms it right after.
#[test]
fn a_first_release_is_drafted_from_the_image_alone_and_verifies() {
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path().join("my-image");
    let (code, stdout, stderr) = text(&run(
        scratch.path(),
        &["init", "my-image", "--name", "My Image"],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let (_layout, image) = faithful().in_temp_layout("1.0");

    let (code, stdout, stderr) = text(&run(&dir, &["new", "1.0", "--image", &image, "-q"]));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(stdout.contains("a first draft of 1.0 from"), "{stdout}");
    let record: toml::Table =
        toml::from_str(&std::fs::read_to_string(dir.join("releases/1.0.toml")).unwrap()).unwrap();
    assert_eq!(record["draft"].as_bool(), Some(true));
    assert_eq!(
        record["title"]["en"].as_str(),
        Some("My Image 1.0 release notes")
    );
    assert_eq!(
        record["archs"],
        toml::Value::Array(vec!["amd64".into(), "arm64".into()])
    );
    // The image is the one built to hold what releases/25.10.toml declares.
    let declared: toml::Table = toml::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("releases/25.10.toml"))
            .unwrap(),
    )
    .unwrap();
    let shared = record["components"].as_table().unwrap();
    let names: Vec<&str> = shared.keys().map(String::as_str).collect();
    // The OS first, then the GPU stack, then Python and the frameworks.
    assert_eq!(
        names[..5],
        ["Ubuntu", "CUDA", "cuDNN", "NCCL", "Python"],
        "{names:?}"
    );
    for name in ["Python", "torch", "vllm", "ray", "transformer_engine"] {
        assert_eq!(shared[name], declared["components"][name], "{name}");
    }
    assert!(shared["Ubuntu"].as_str().unwrap().starts_with("24.04"));
    assert!(shared["CUDA"].as_str().unwrap().starts_with("12.8"));
    // A package of one platform only is that arch's.
    assert_eq!(
        record["arch"]["amd64"]["components"]["triton"],
        declared["arch"]["amd64"]["components"]["triton"]
    );
    assert!(record["arch"].get("arm64").is_none(), "{record:?}");
    assert_eq!(record["driver"]["cuda"].as_str(), Some("12.8"));
    assert!(record["driver"].get("min").is_some(), "{record:?}");

    let (code, stdout, stderr) = text(&run(&dir, &["verify", "1.0", "--image", &image, "-q"]));
    assert_eq!(code, 0, "{stdout}\n{stderr}");

    // For machines: no release it started from.
    let (code, stdout, stderr) = text(&run(
        &dir,
        &[
            "new", "1.0", "--image", &image, "--force", "--format", "json", "-q",
        ],
    ));
    assert_eq!(code, 0, "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(json["from"], serde_json::Value::Null);
    assert_eq!(
        json["changes"]["archs"],
        serde_json::json!(["amd64", "arm64"])
    );
    // An existing record is refused without --force, and left as it was.
    let before = std::fs::read(dir.join("releases/1.0.toml")).unwrap();
    let (code, _, stderr) = text(&run(&dir, &["new", "1.0", "--image", &image, "-q"]));
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(
        std::fs::read(dir.join("releases/1.0.toml")).unwrap(),
        before
    );

    // An image of one platform (no index): one arch.
    let single = tempfile::tempdir().unwrap();
    TestImage::single(platform("amd64", Tampering::default()))
        .build()
        .write_layout(single.path(), "2.0");
    let single = format!("oci:{}:2.0", single.path().display());
    let (code, stdout, stderr) = text(&run(&dir, &["new", "2.0", "--image", &single, "-q"]));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let record: toml::Table =
        toml::from_str(&std::fs::read_to_string(dir.join("releases/2.0.toml")).unwrap()).unwrap();
    assert_eq!(record["archs"], toml::Value::Array(vec!["amd64".into()]));
    assert!(record.get("arch").is_none(), "{record:?}");
    let (code, stdout, stderr) = text(&run(&dir, &["verify", "2.0", "--image", &single, "-q"]));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
}
