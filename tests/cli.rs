//! Integration tests: list's JSON, control characters, completions, man
//! pages and schemas. What reads best as the output itself (list, project
//! discovery and -C, --version, --help, usage errors) is in tests/cmd/.

use crate::util::{relnotes, relnotes_in, stdout_of};

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

/// The command names `relnotes --help` lists (clap's `help` aside).
fn subcommands() -> Vec<String> {
    let help = stdout_of(relnotes().arg("--help"));
    let names: Vec<String> = help
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect();
    assert!(names.len() >= 10, "{help}");
    names
}

/// A directory with no relnotes.toml in it or above it.
fn outside_any_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    assert!(
        dir.path()
            .ancestors()
            .all(|d| !d.join("relnotes.toml").exists())
    );
    dir
}

#[test]
fn completion_scripts_need_no_project_and_name_every_command() {
    let dir = outside_any_project();
    let bash = stdout_of(relnotes_in(dir.path()).args(["completions", "bash"]));
    for command in subcommands() {
        assert!(
            bash.contains(&format!("relnotes,{command})")),
            "bash completion lacks {command}"
        );
    }
    assert!(bash.contains("complete -F _relnotes"), "{bash}");
    for shell in ["zsh", "fish", "powershell", "elvish"] {
        let script = stdout_of(relnotes_in(dir.path()).args(["completions", shell]));
        assert!(
            script.contains("relnotes") && script.contains("render"),
            "{shell}"
        );
    }
}

#[test]
fn man_page_renders_and_lists_every_command() {
    let dir = outside_any_project();
    let roff = stdout_of(relnotes_in(dir.path()).arg("man"));
    assert!(roff.contains(".TH RELNOTES 1"), "{roff}");
    for command in subcommands() {
        assert!(
            roff.contains(&format!("relnotes\\-{}(1)", command.replace('-', "\\-"))),
            "the man page lacks {command}"
        );
    }
    let page = stdout_of(relnotes_in(dir.path()).args(["man", "render"]));
    assert!(page.contains(".TH RELNOTES-RENDER 1"), "{page}");
    assert!(page.contains("\\-\\-templates"), "{page}");

    // man itself formats it, when the machine has man.
    let file = dir.path().join("relnotes-render.1");
    std::fs::write(&file, &page).unwrap();
    if let Ok(out) = std::process::Command::new("man")
        .arg("-l")
        .arg(&file)
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "80")
        .output()
    {
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(
            text.contains("relnotes-render - Render a release page"),
            "{text}"
        );
    }
}

#[test]
fn man_dash_o_writes_a_page_per_command_and_keeps_existing_ones() {
    let dir = outside_any_project();
    let pages = dir.path().join("man1");
    let out = relnotes_in(dir.path())
        .arg("man")
        .arg("-o")
        .arg(&pages)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut expected: Vec<String> = subcommands()
        .iter()
        .map(|c| format!("relnotes-{c}.1"))
        .collect();
    expected.push("relnotes.1".into());
    expected.sort();
    let mut written: Vec<String> = std::fs::read_dir(&pages)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    written.sort();
    assert_eq!(written, expected);
    let diff = std::fs::read_to_string(pages.join("relnotes-diff.1")).unwrap();
    assert!(
        diff.starts_with(".ie") && diff.contains(".TH RELNOTES-DIFF 1"),
        "{diff}"
    );

    // Written again: refused without --force, and nothing changes.
    std::fs::write(pages.join("relnotes-list.1"), "mine").unwrap();
    let out = relnotes_in(dir.path())
        .arg("man")
        .arg("-o")
        .arg(&pages)
        .output()
        .unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("already exists"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(pages.join("relnotes-list.1")).unwrap(),
        "mine"
    );
    let out = relnotes_in(dir.path())
        .arg("man")
        .arg("-o")
        .arg(&pages)
        .arg("--force")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        std::fs::read_to_string(pages.join("relnotes-list.1"))
            .unwrap()
            .contains(".TH RELNOTES-LIST 1")
    );
}

#[test]
fn schemas_need_no_project() {
    let dir = outside_any_project();
    for (args, title) in [
        (&["schema"][..], "relnotes release record"),
        (&["schema", "--project"][..], "relnotes project file"),
    ] {
        let schema: serde_json::Value =
            serde_json::from_str(&stdout_of(relnotes_in(dir.path()).args(args))).unwrap();
        assert!(
            schema["title"].as_str().unwrap().starts_with(title),
            "{schema}"
        );
        assert_eq!(schema["additionalProperties"], false, "{args:?}");
    }
}
