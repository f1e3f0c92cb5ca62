//! Integration tests: list's JSON, control characters, completions, man
//! pages and schemas. What reads best as the output itself (list, project
//! discovery and -C, --version, --help, usage errors) is in tests/cmd/.

use crate::support::project::assert_ok;
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
    // Neither record states its date: the field is there, null.
    assert!(releases[1]["date"].is_null() && releases[1].get("date").is_some());
}

/// Error messages show control characters as escapes, so what an image
/// or a registry says cannot drive the terminal.
#[test]
fn terminal_control_characters_are_shown_escaped() {
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

/// JSON reports escape what serde_json leaves raw (C1, DEL, bidi
/// overrides) as JSON escapes: the same string to a reader, nothing raw on
/// a terminal.
#[test]
fn json_reports_escape_hidden_controls_too() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("cache\u{202e}\u{9b}");
    std::fs::create_dir(&dir).unwrap();
    let out = relnotes()
        .args(["cache", "info", "--format", "json", "--cache-dir"])
        .arg(&dir)
        .output()
        .unwrap();
    assert_ok(&out);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(!stdout.contains(['\u{202e}', '\u{9b}']), "{stdout}");
    assert!(stdout.contains("cache\\u202e\\u009b"), "{stdout}");
    let report: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    assert_eq!(report["dir"], dir.to_str().unwrap());
}

/// The characters a record may not hold: control characters (but line
/// breaks and tabs) and bidirectional overrides; none may reach a byte
/// relnotes prints.
const HIDDEN: [char; 4] = ['\u{1b}', '\u{7}', '\u{0}', '\u{202e}'];

fn holds_hidden(bytes: &[u8]) -> bool {
    let text = String::from_utf8_lossy(bytes);
    bytes.contains(&0x1b) || text.contains(HIDDEN)
}

/// A scratch project, the path of its file `name` and the file's text,
/// for a test to write the file again with something hidden in it.
fn scratch_project_and_its(name: &str) -> (tempfile::TempDir, std::path::PathBuf, String) {
    let dir = crate::util::scratch_project();
    let path = dir.path().join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    (dir, path, text)
}

/// Asserts that `relnotes list` in `project` refuses to load it (exit 2),
/// saying each of `says` and printing no hidden control raw.
fn assert_list_refused_showing_nothing_hidden(project: &std::path::Path, says: &[&str]) {
    let out = relnotes_in(project).arg("list").output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    for said in says {
        assert!(stderr.contains(said), "{said} in\n{stderr}");
    }
    assert!(!holds_hidden(&out.stderr), "{stderr:?}");
}

/// A record holding ESC, BEL, NUL or U+202E in a component name, a
/// component version or a feature text does not load: exit 2, naming the
/// key, line and column, the character shown escaped, nothing raw printed.
#[test]
fn hidden_controls_in_a_record_are_refused_where_they_stand() {
    let (dir, path, original) = scratch_project_and_its("releases/25.10.toml");
    let vllm = "vllm = \"0.11.0\"";
    let feature = "en = \"Multi-architecture";
    assert!(original.contains(vllm) && original.contains(feature));
    assert_eq!(original.lines().nth(57), Some(vllm));
    assert!(original.lines().nth(18).unwrap().starts_with(feature));
    for c in HIDDEN {
        // As a TOML escape: the error points at the key or the string.
        let spelled = format!("\\u{:04x}", c as u32);
        let shown = format!("\\u{{{:x}}}", c as u32);
        let kind = if c.is_control() {
            "control character"
        } else {
            "bidirectional control"
        };
        let cases = [
            (
                original.replacen(vllm, &format!("\"vllm{spelled}\" = \"0.11.0\""), 1),
                "58:1: error: the key `components.\"vllm",
            ),
            (
                original.replacen(vllm, &format!("vllm = \"0.11.0{spelled}\""), 1),
                "58:8: error: `components.vllm`",
            ),
            (
                original.replacen(feature, &format!("en = \"Multi{spelled}-architecture"), 1),
                "19:6: error: `features[0].en`",
            ),
        ];
        for (record, place) in cases {
            std::fs::write(&path, &record).unwrap();
            for args in [&["render", "25.10"][..], &["diff", "25.05", "25.10"]] {
                let out = relnotes_in(dir.path()).args(args).output().unwrap();
                let stderr = String::from_utf8_lossy(&out.stderr);
                assert_eq!(out.status.code(), Some(2), "{args:?} {place}: {stderr}");
                assert!(out.stdout.is_empty(), "{args:?}");
                let expected = format!("releases/25.10.toml:{place}");
                assert!(stderr.contains(&expected), "{expected}\n{stderr}");
                let what = format!("holds the {kind} `{shown}`");
                assert!(stderr.contains(&what), "{what}\n{stderr}");
                assert!(!holds_hidden(&out.stderr), "{stderr:?}");
            }
        }
    }
    // Written as it is (TOML allows U+202E raw): the error points at it.
    let raw = original.replacen(feature, "en = \"Multi\u{202e}-architecture", 1);
    std::fs::write(&path, raw).unwrap();
    assert_list_refused_showing_nothing_hidden(
        dir.path(),
        &[
            "releases/25.10.toml:19:12: error: `features[0].en` holds the bidirectional control `\\u{202e}`",
            "19 | en = \"Multi\\u{202e}-architecture",
        ],
    );
}

/// The project file is held to the same rule.
#[test]
fn hidden_controls_in_the_project_file_are_refused() {
    let (dir, path, project) = scratch_project_and_its("relnotes.toml");
    let name = "en = \"training-nv-pytorch\"";
    assert!(project.contains(name));
    std::fs::write(
        &path,
        project.replacen(
            name,
            "en = \"\\u001b]0;owned\\u0007training-nv-pytorch\"",
            1,
        ),
    )
    .unwrap();
    assert_list_refused_showing_nothing_hidden(
        dir.path(),
        &[":9:6: error: `product.name.en` holds the control character `\\u{1b}`"],
    );
}

/// Templates may hold control characters; the pages rendered from them
/// carry them only as escapes, on stdout, in a file and in a site.
#[test]
fn pages_never_carry_hidden_controls_raw() {
    let dir = crate::util::scratch_project();
    let templates = dir.path().join("mine");
    std::fs::create_dir(&templates).unwrap();
    let hostile = "\u{1b}]0;owned\u{7}\u{1b}[2J\u{202e}";
    for name in ["release.md.hbs", "release.html.hbs", "diff.md.hbs"] {
        let builtin =
            std::fs::read_to_string(crate::util::root().join("templates").join(name)).unwrap();
        std::fs::write(templates.join(name), format!("{hostile}{builtin}")).unwrap();
    }
    let escaped = "\\u{1b}]0;owned\\u{7}\\u{1b}[2J\\u{202e}";
    let run = |args: &[&str]| {
        let out = relnotes_in(dir.path())
            .args(args)
            .args(["--templates", "mine"])
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout
    };
    for args in [
        &["render", "25.10"][..],
        &["render", "25.10", "--format", "html"],
        &["diff", "25.05", "25.10", "--format", "md"],
    ] {
        let stdout = run(args);
        assert!(!holds_hidden(&stdout), "{args:?}");
        let text = String::from_utf8(stdout).unwrap();
        assert!(text.starts_with(escaped), "{args:?}: {text}");
    }
    run(&["render", "25.10", "-o", "page.md"]);
    run(&["site", "--out", "public"]);
    let page = std::fs::read(dir.path().join("page.md")).unwrap();
    assert!(!holds_hidden(&page) && String::from_utf8_lossy(&page).starts_with(escaped));
    let site_page = std::fs::read(dir.path().join("public/zh/25.10.html")).unwrap();
    assert!(!holds_hidden(&site_page));
    assert!(String::from_utf8_lossy(&site_page).starts_with(escaped));
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
        assert_ok(&out);
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
    // `relnotes man -o man1 EXTRA`.
    let man_o = |extra: &[&str]| {
        relnotes_in(dir.path())
            .arg("man")
            .arg("-o")
            .arg(&pages)
            .args(extra)
            .output()
            .unwrap()
    };
    assert_ok(&man_o(&[]));
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
    let out = man_o(&[]);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("already exists"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(pages.join("relnotes-list.1")).unwrap(),
        "mine"
    );
    assert!(man_o(&["--force"]).status.success());
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
