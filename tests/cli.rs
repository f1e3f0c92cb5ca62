//! Integration tests: list, project discovery and -C.

use crate::util::{relnotes, relnotes_in, root, stdout_of};

#[test]
fn list_shows_every_release_oldest_first() {
    let out = stdout_of(relnotes().arg("list"));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("VERSION"));
    assert!(
        lines[1].starts_with("25.05 ")
            && lines[1].contains(" amd64 ")
            && lines[1].contains("12.9.0"),
        "{out}"
    );
    assert!(
        lines[2].starts_with("25.10 ")
            && lines[2].contains("aarch64,amd64")
            && lines[2].contains(">= 575"),
        "{out}"
    );
    assert_eq!(lines.len(), 3);
}

#[test]
fn list_json_is_machine_readable() {
    let out = stdout_of(relnotes().args(["list", "--format", "json"]));
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    let releases = value.as_array().unwrap();
    assert_eq!(releases.len(), 2);
    assert_eq!(releases[1]["version"], "25.10");
    assert_eq!(
        releases[1]["archs"],
        serde_json::json!(["aarch64", "amd64"])
    );
    assert_eq!(
        releases[1]["title"]["en"],
        "training-nv-pytorch 25.10 release notes"
    );
}

#[test]
fn project_is_found_from_a_subdirectory() {
    let out = stdout_of(relnotes_in(&root().join("releases")).arg("list"));
    assert!(out.contains("25.10"));
}

#[test]
fn dash_c_works_on_another_project() {
    let example = root().join("examples/pytorch-cuda");
    let out = stdout_of(relnotes_in(&root()).arg("-C").arg(&example).arg("list"));
    assert!(out.contains("v2.7") && out.contains("v2.9"), "{out}");
    assert!(!out.contains("25.10"));
}

#[test]
fn version_flag_and_help() {
    let out = stdout_of(relnotes().arg("--version"));
    assert!(out.starts_with("relnotes "));
    let help = stdout_of(relnotes().arg("--help"));
    for command in ["list", "render", "diff"] {
        assert!(help.contains(command), "{help}");
    }
}

/// Text reports and error messages show control characters as escapes,
/// so what a record, page, image or registry says cannot drive the
/// terminal; JSON carries the text as it is.
#[test]
fn terminal_control_characters_are_shown_escaped() {
    let dir = crate::util::scratch_project();
    let record = dir.path().join("releases/25.05.toml");
    let source = std::fs::read_to_string(&record).unwrap();
    let title = "zh = \"training-nv-pytorch 25.05";
    assert!(source.contains(title));
    std::fs::write(
        &record,
        source.replacen(
            title,
            "zh = \"\\u001b]0;owned\\u0007\\u001b[2Jtraining-nv-pytorch 25.05",
            1,
        ),
    )
    .unwrap();
    let text = stdout_of(relnotes_in(dir.path()).arg("list"));
    assert!(!text.contains('\u{1b}'), "{text:?}");
    assert!(
        text.contains("\\u{1b}]0;owned\\u{7}\\u{1b}[2Jtraining-nv-pytorch 25.05"),
        "{text}"
    );
    let json = stdout_of(relnotes_in(dir.path()).args(["list", "--format", "json"]));
    let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(
        parsed[0]["title"]["zh"]
            .as_str()
            .unwrap()
            .starts_with("\u{1b}]0;owned")
    );

    let out = relnotes()
        .args(["verify", "25.10", "--image", "oci:/nonexistent/\u{1b}[2J"])
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        !stderr.contains('\u{1b}') && stderr.contains("\\u{1b}[2J"),
        "{stderr}"
    );
}
