//! `relnotes lint`: one test per rule, on the real records and broken copies.
//! The report on the real 25.05, which contradicts itself, is the case
//! tests/cmd/lint-25.05.

use crate::util::{relnotes_in, scratch_project};
use serde_json::Value;
use std::fs;
use std::path::Path;

fn lint_json(dir: &Path, versions: &[&str]) -> (i32, Value) {
    let out = relnotes_in(dir)
        .arg("lint")
        .args(versions)
        .args(["--format", "json"])
        .output()
        .unwrap();
    let json = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}\nstdout: {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    (out.status.code().unwrap(), json)
}

fn findings<'a>(json: &'a Value, rule: &str) -> Vec<&'a Value> {
    json["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == rule)
        .collect()
}

fn edit(dir: &Path, version: &str, from: &str, to: &str) {
    let path = dir.join("releases").join(format!("{version}.toml"));
    let text = fs::read_to_string(&path).unwrap();
    assert!(text.contains(from), "{from}");
    fs::write(&path, text.replacen(from, to, 1)).unwrap();
}

#[test]
fn every_feature_claim_of_25_10_passes() {
    let dir = scratch_project();
    let (_, json) = lint_json(dir.path(), &["25.10"]);
    assert!(findings(&json, "upgrade-claim").is_empty(), "{json:#}");
    assert!(
        findings(&json, "driver-cuda-mismatch").is_empty(),
        "{json:#}"
    );
    assert!(
        findings(&json, "driver-below-cuda-minimum").is_empty(),
        "{json:#}"
    );
    assert!(findings(&json, "asset-tag").is_empty(), "{json:#}");
    // The R545 contradiction is in the 25.10 notes too.
    assert_eq!(findings(&json, "driver-branch-conflict").len(), 1);
}

#[test]
fn a_clean_record_exits_0() {
    let dir = scratch_project();
    edit(dir.path(), "25.10", "\"R530\", \"R545\", ", "\"R530\", ");
    let (code, json) = lint_json(dir.path(), &["25.10"]);
    assert_eq!(code, 0, "{json:#}");
    assert_eq!(json["errors"], 0);
}

#[test]
fn a_claim_naming_another_version_is_an_error() {
    let dir = scratch_project();
    edit(dir.path(), "25.10", "vLLM升级至0.11.0", "vLLM升级至0.12.0");
    let (code, json) = lint_json(dir.path(), &["25.10"]);
    assert_eq!(code, 1);
    let found = findings(&json, "upgrade-claim");
    assert_eq!(found.len(), 1, "{json:#}");
    assert_eq!(found[0]["severity"], "error");
    assert_eq!(found[0]["line"], 26);
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .contains("`vLLM` is upgraded to 0.12.0, but the record declares vllm 0.11.0 (aarch64), vllm 0.11.0 (amd64)"),
        "{json:#}"
    );
}

#[test]
fn an_earlier_bump_of_a_release_is_no_error_but_a_later_one_is() {
    // The release bumps vLLM twice and declares the last.
    let dir = scratch_project();
    edit(
        dir.path(),
        "25.10",
        "vLLM升级至0.11.0",
        "vLLM升级至0.10.2；vLLM升级至0.11.0",
    );
    let (_, json) = lint_json(dir.path(), &["25.10"]);
    assert!(findings(&json, "upgrade-claim").is_empty(), "{json:#}");
    // A bump past what the record declares is still an error.
    let dir = scratch_project();
    edit(
        dir.path(),
        "25.10",
        "vLLM升级至0.11.0",
        "vLLM升级至0.12.0；vLLM升级至0.11.0",
    );
    let (code, json) = lint_json(dir.path(), &["25.10"]);
    assert_eq!(code, 1);
    let found = findings(&json, "upgrade-claim");
    assert_eq!(found.len(), 1, "{json:#}");
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .contains("upgraded to 0.12.0"),
        "{json:#}"
    );
}

#[test]
fn a_claim_below_what_the_record_declares_is_a_warning() {
    // "Changes since" lists every bump of a cycle: the release went past
    // 0.10.2 to the 0.11.0 its components declare.
    let dir = scratch_project();
    edit(dir.path(), "25.10", "vLLM升级至0.11.0", "vLLM升级至0.10.2");
    edit(
        dir.path(),
        "25.10",
        "vLLM upgraded to 0.11.0",
        "vLLM upgraded to 0.10.2",
    );
    let (_, json) = lint_json(dir.path(), &["25.10"]);
    let found = findings(&json, "upgrade-claim");
    assert_eq!(found.len(), 2, "{json:#}");
    assert!(found.iter().all(|f| f["severity"] == "warning"), "{json:#}");
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .contains("upgraded to 0.10.2, but the record declares a later vllm 0.11.0"),
        "{json:#}"
    );
}

#[test]
fn a_claim_whose_previous_version_was_not_lower_is_an_error() {
    let dir = scratch_project();
    edit(
        dir.path(),
        "25.05",
        "torch = \"2.6.0.7.post1\"",
        "torch = \"2.6.0.7.post1\"\nvllm = \"0.11.0\"",
    );
    let (code, json) = lint_json(dir.path(), &["25.10"]);
    assert_eq!(code, 1);
    let found = findings(&json, "upgrade-claim");
    assert!(
        found.iter().any(|f| f["message"]
            .as_str()
            .unwrap()
            .contains("the previous release 25.05 already had vllm 0.11.0")),
        "{json:#}"
    );
}

#[test]
fn a_downgrade_claim_wants_a_higher_version_before_it() {
    let dir = scratch_project();
    edit(dir.path(), "25.10", "vLLM升级至0.11.0", "vLLM降级至0.11.0");
    edit(
        dir.path(),
        "25.10",
        "vLLM upgraded to 0.11.0",
        "vLLM downgraded to 0.11.0",
    );
    let vllm = |version: &str| format!("torch = \"2.6.0.7.post1\"\nvllm = \"{version}\"");
    edit(
        dir.path(),
        "25.05",
        "torch = \"2.6.0.7.post1\"",
        &vllm("0.12.0"),
    );
    let (_, json) = lint_json(dir.path(), &["25.10"]);
    assert!(findings(&json, "upgrade-claim").is_empty(), "{json:#}");

    // From a lower version it is an upgrade, whatever the text says.
    edit(
        dir.path(),
        "25.05",
        "vllm = \"0.12.0\"",
        "vllm = \"0.10.0\"",
    );
    let (code, json) = lint_json(dir.path(), &["25.10"]);
    assert_eq!(code, 1);
    let messages: Vec<&str> = findings(&json, "upgrade-claim")
        .iter()
        .map(|f| f["message"].as_str().unwrap())
        .collect();
    // The Chinese text and the English one, each read by its own words.
    assert_eq!(messages.len(), 2, "{json:#}");
    for message in messages {
        assert!(
            message.contains(
                "is downgraded to 0.11.0, but the previous release 25.05 already had vllm 0.10.0"
            ),
            "{message}"
        );
    }
}

#[test]
fn a_final_release_restates_its_pre_releases_upgrades() {
    // 25.10's notes say what changed since 25.05, its pre-release's too.
    let dir = scratch_project();
    let releases = dir.path().join("releases");
    let final_release = fs::read_to_string(releases.join("25.10.toml")).unwrap();
    let pre_release = final_release.replacen("version = \"25.10\"", "version = \"25.10-rc1\"", 1);
    assert_ne!(pre_release, final_release);
    fs::write(releases.join("25.10-rc1.toml"), pre_release).unwrap();
    let (_, json) = lint_json(dir.path(), &["25.10"]);
    let found = findings(&json, "upgrade-claim");
    assert!(
        !found
            .iter()
            .any(|f| f["message"].as_str().unwrap().contains("already had")),
        "{json:#}"
    );
    // Its pre-release is measured against 25.05 as before: the same claims hold.
    let (_, json) = lint_json(dir.path(), &["25.10-rc1"]);
    assert!(findings(&json, "upgrade-claim").is_empty(), "{json:#}");
}

#[test]
fn a_minimum_driver_below_nvidias_for_the_cuda_version_is_an_error() {
    let dir = scratch_project();
    edit(dir.path(), "25.10", "min = \"575\"", "min = \"560.35\"");
    let (_, json) = lint_json(dir.path(), &["25.10"]);
    let found = findings(&json, "driver-below-cuda-minimum");
    assert_eq!(found.len(), 1, "{json:#}");
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .contains("lower than NVIDIA's minimum 570.26 for CUDA 12.8 GA"),
        "{json:#}"
    );
}

#[test]
fn an_asset_tag_of_another_version_is_an_error() {
    let dir = scratch_project();
    edit(
        dir.path(),
        "25.05",
        "training-nv-pytorch:25.05\"",
        "training-nv-pytorch:25.04\"",
    );
    let (_, json) = lint_json(dir.path(), &["25.05"]);
    let found = findings(&json, "asset-tag");
    assert_eq!(found.len(), 1, "{json:#}");
    assert!(found[0]["message"].as_str().unwrap().contains("`25.04`"));
}

#[test]
fn driver_text_naming_the_series_of_the_base_cuda_is_no_mismatch() {
    let dir = scratch_project();
    // The base moves to 12.8.1: "not forward-compatible with CUDA 12.8" still
    // names its series, while the wording's "CUDA 12.8.0" is another release.
    edit(
        dir.path(),
        "25.10",
        "cuda = \"12.8.0\"",
        "cuda = \"12.8.1\"",
    );
    let (_, json) = lint_json(dir.path(), &["25.10"]);
    let messages: Vec<&str> = findings(&json, "driver-cuda-mismatch")
        .iter()
        .map(|f| f["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        messages,
        ["the driver requirements name CUDA 12.8.0, but the release is based on CUDA 12.8.1"],
        "{json:#}"
    );
}

#[test]
fn an_asset_that_is_no_image_reference_is_an_error() {
    let dir = scratch_project();
    edit(
        dir.path(),
        "25.05",
        "training-nv-pytorch:25.05\"",
        "Training-NV-PyTorch:25.05\"",
    );
    let (_, json) = lint_json(dir.path(), &["25.05"]);
    let found = findings(&json, "asset-image");
    assert_eq!(found.len(), 1, "{json:#}");
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .contains("repository `egslingjun/Training-NV-PyTorch` has uppercase letters"),
        "{json:#}"
    );
    assert!(findings(&json, "asset-tag").is_empty(), "{json:#}");
}

#[test]
fn one_component_under_two_names_is_a_duplicate() {
    let dir = scratch_project();
    edit(
        dir.path(),
        "25.05",
        "torch = \"2.6.0.7.post1\"",
        "torch = \"2.6.0.7.post1\"\npytorch = \"2.6.0\"",
    );
    let (_, json) = lint_json(dir.path(), &["25.05"]);
    assert_eq!(findings(&json, "duplicate-component").len(), 1, "{json:#}");
}

#[test]
fn an_override_repeating_the_shared_version_is_a_warning() {
    let dir = scratch_project();
    edit(
        dir.path(),
        "25.10",
        "[arch.aarch64.components]\n",
        "[arch.aarch64.components]\nray = \"2.50.1\"\n",
    );
    let (_, json) = lint_json(dir.path(), &["25.10"]);
    let found = findings(&json, "duplicate-component");
    assert_eq!(found.len(), 1, "{json:#}");
    assert_eq!(found[0]["severity"], "warning");
}

#[test]
fn per_arch_differences_are_reported_as_info() {
    let dir = scratch_project();
    let (_, json) = lint_json(dir.path(), &["25.10"]);
    let messages: Vec<&str> = findings(&json, "arch-difference")
        .iter()
        .map(|f| f["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        messages,
        [
            "pytorch-triton only on aarch64",
            "perf only on amd64",
            "triton only on amd64"
        ]
    );
}

#[test]
fn missing_translations_are_warnings() {
    let dir = scratch_project();
    edit(
        dir.path(),
        "25.05",
        "en = \"CUDA in the base image upgraded to 12.9.0.\"",
        "",
    );
    let (_, json) = lint_json(dir.path(), &["25.05"]);
    let found = findings(&json, "missing-translation");
    assert_eq!(found.len(), 1, "{json:#}");
    assert_eq!(found[0]["severity"], "warning");
    assert!(
        found[0]["message"]
            .as_str()
            .unwrap()
            .contains("features[0]")
    );
}

#[test]
fn a_component_named_by_a_word_of_prose_is_an_error() {
    let dir = scratch_project();
    edit(
        dir.path(),
        "25.10",
        "vllm = \"0.11.0\"\n",
        "vllm = \"0.11.0\"\nare = \"0.10.0\"\n",
    );
    edit(
        dir.path(),
        "25.10",
        "perf = \"5.4.30\"\n",
        "perf = \"5.4.30\"\n\"和\" = \"1.0\"\n",
    );
    let (code, json) = lint_json(dir.path(), &["25.10"]);
    assert_eq!(code, 1);
    let found = findings(&json, "component-name");
    let messages: Vec<(&str, u64)> = found
        .iter()
        .map(|f| (f["message"].as_str().unwrap(), f["line"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        messages,
        [
            ("component `are` is not a package name", 59),
            ("component `和` is not a package name", 66)
        ],
        "{json:#}"
    );
}

#[test]
fn driver_fields_that_are_not_versions_or_branches_are_errors() {
    let dir = scratch_project();
    edit(
        dir.path(),
        "25.10",
        "not_forward_compatible_with = \"12.8\"",
        "not_forward_compatible_with = \"12.x\"",
    );
    edit(dir.path(), "25.10", "\"R418\", ", "\"418.xx\", ");
    edit(
        dir.path(),
        "25.10",
        "{ branch = \"R525\", min = \"525.85\" }",
        "{ branch = \"R525\", min = \"535.86\" }",
    );
    let (code, json) = lint_json(dir.path(), &["25.10"]);
    assert_eq!(code, 1);
    let messages: Vec<String> = findings(&json, "version-syntax")
        .iter()
        .map(|f| format!("{}: {}", f["line"], f["message"].as_str().unwrap()))
        .collect();
    assert_eq!(messages.len(), 3, "{json:#}");
    assert!(
        messages[0].starts_with("72: data-center minimum 535.86 is not a driver of branch R525"),
        "{messages:?}"
    );
    assert!(
        messages[1].starts_with("76: `418.xx` in driver.upgrade_from is not a driver branch"),
        "{messages:?}"
    );
    assert!(
        messages[2].starts_with(
            "77: driver.not_forward_compatible_with: `12.x` is not a valid cuda version"
        ),
        "{messages:?}"
    );
}

#[test]
fn driver_facts_the_text_names_but_the_fields_lack_are_warnings() {
    let dir = scratch_project();
    edit(dir.path(), "25.10", "min = \"575\"\n", "");
    edit(
        dir.path(),
        "25.10",
        "  { branch = \"R470\", min = \"470.57\" },\n",
        "",
    );
    let (_, json) = lint_json(dir.path(), &["25.10"]);
    let messages: Vec<&str> = findings(&json, "driver-wording")
        .iter()
        .map(|f| f["message"].as_str().unwrap())
        .collect();
    assert_eq!(
        messages,
        [
            "the driver text names minimum driver 575 (zh text; driver.min is not set), which the driver fields do not state",
            "the driver text names data-center branch R470 ≥ 470.57 (zh text), which the driver fields do not state",
            "the driver text names minimum driver 575 (en text; driver.min is not set), which the driver fields do not state",
            "the driver text names data-center branch R470 ≥ 470.57 (en text), which the driver fields do not state",
        ],
        "{json:#}"
    );
    // The records as written state every driver fact their text names.
    let clean = scratch_project();
    let (_, json) = lint_json(clean.path(), &[]);
    assert!(findings(&json, "driver-wording").is_empty(), "{json:#}");
}

#[test]
fn upgrade_sentences_in_every_phrasing_are_checked() {
    let dir = scratch_project();
    edit(
        dir.path(),
        "25.10",
        "zh = \"vLLM升级至0.11.0,合入对应社区功能。\"",
        "zh = \"升级vllm v0.12.0,合入对应社区功能。\"",
    );
    edit(
        dir.path(),
        "25.10",
        "en = \"vLLM upgraded to 0.11.0, incorporating the corresponding upstream community features.\"",
        "en = \"Bumped apex to 24.04, and the docs are upgraded to 2.0.\"",
    );
    let (_, json) = lint_json(dir.path(), &["25.10"]);
    let messages: Vec<(&str, &str)> = findings(&json, "upgrade-claim")
        .iter()
        .map(|f| {
            (
                f["severity"].as_str().unwrap(),
                f["message"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        messages,
        [
            (
                "error",
                "feature says `vllm` is upgraded to 0.12.0, but the record declares vllm 0.11.0 (aarch64), vllm 0.11.0 (amd64)"
            ),
            (
                "warning",
                "feature says `apex` is upgraded to 24.04, but the record declares no such component"
            ),
            (
                "warning",
                "feature says `docs` is upgraded to 2.0, but the record declares no such component"
            ),
        ],
        "{json:#}"
    );
}

#[test]
fn a_minimum_below_nvidias_names_nvidias_number_and_source() {
    let dir = scratch_project();
    edit(
        dir.path(),
        "25.10",
        "cuda = \"12.8.0\"",
        "cuda = \"13.0.2\"",
    );
    edit(dir.path(), "25.10", "min = \"575\"", "min = \"535\"");
    let (code, json) = lint_json(dir.path(), &["25.10"]);
    assert_eq!(code, 1);
    let found = findings(&json, "driver-below-cuda-minimum");
    assert_eq!(found.len(), 1, "{json:#}");
    let message = found[0]["message"].as_str().unwrap();
    assert!(message.contains("580.95.05"), "{message}");
    assert!(message.contains("CUDA 13.0 Update 2"), "{message}");
    assert!(message.contains("Table 3"), "{message}");
    assert!(
        message.contains("https://docs.nvidia.com/cuda/"),
        "{message}"
    );
    assert!(findings(&json, "cuda-past-driver-table").is_empty());
}

#[test]
fn a_cuda_past_the_driver_table_is_a_warning() {
    let dir = scratch_project();
    edit(
        dir.path(),
        "25.10",
        "cuda = \"12.8.0\"",
        "cuda = \"13.4.0\"",
    );
    edit(dir.path(), "25.10", "min = \"575\"", "min = \"590\"");
    let (_, json) = lint_json(dir.path(), &["25.10"]);
    let found = findings(&json, "cuda-past-driver-table");
    assert_eq!(found.len(), 1, "{json:#}");
    assert_eq!(found[0]["severity"], "warning");
    let message = found[0]["message"].as_str().unwrap();
    assert!(message.contains("stops at CUDA 13.2 Update 2"), "{message}");
    // 590 is at or above 13.x's minor-version floor (580): nothing to flag.
    assert!(
        findings(&json, "driver-below-cuda-minimum").is_empty(),
        "{json:#}"
    );
    // Below the floor of its major it is flagged with NVIDIA's 580.
    edit(dir.path(), "25.10", "min = \"590\"", "min = \"535\"");
    let (_, json) = lint_json(dir.path(), &["25.10"]);
    let found = findings(&json, "driver-below-cuda-minimum");
    assert_eq!(found.len(), 1, "{json:#}");
    assert!(found[0]["message"].as_str().unwrap().contains("580"));
}

#[test]
fn a_spelling_of_a_known_component_gets_its_canonical_name() {
    let dir = scratch_project();
    edit(
        dir.path(),
        "25.10",
        "vllm = \"0.11.0\"\n",
        "vllm = \"0.11.0\"\nnvidia-cuda = \"12.8\"\n\"TensorRT™\" = \"10.9.0.34\"\n\"Transformer Engine\" = \"2.4\"\n",
    );
    let (code, json) = lint_json(dir.path(), &["25.10"]);
    assert_eq!(code, 1);
    let found: Vec<(&str, &str, &str)> = findings(&json, "component-name")
        .iter()
        .map(|f| {
            (
                f["severity"].as_str().unwrap(),
                f["message"].as_str().unwrap(),
                f["hint"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(found.len(), 3, "{json:#}");
    assert_eq!(found[0].0, "warning");
    assert_eq!(
        found[0].1,
        "component `nvidia-cuda` is a spelling of `CUDA`"
    );
    assert!(
        found[0].2.starts_with("did you mean `CUDA`?"),
        "{}",
        found[0].2
    );
    assert_eq!(
        (found[1].0, found[1].1, found[1].2),
        (
            "error",
            "component `TensorRT™` is not a package name",
            "did you mean `TensorRT`?"
        )
    );
    assert_eq!(found[2].2, "did you mean `transformer_engine`?");
}
