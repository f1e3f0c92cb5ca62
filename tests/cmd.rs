//! The command line's cases as data, run by trycmd.
//!
//! `tests/cmd/<case>.toml` is a command (`args`) and its exit code
//! (`status.code`, 0 when absent); `<case>.in/` is the project it runs in
//! (a record broken on purpose, say), `<case>.stdout` and `<case>.stderr`
//! what it must print, `<case>.out/` files it must write. `...` on a line
//! of its own elides lines, `[..]` part of a line. `TRYCMD=overwrite`
//! rewrites the expected output from what the command prints.
//!
//! The `console` blocks of README.md and docs/commands.md run the same
//! way, so the output they show cannot drift; the two examples that need a
//! project of their own show a case of tests/cmd/ word for word (see
//! `literate_pages_show_their_cases`).

use crate::util::root;
use std::fs;
use std::path::Path;

fn relnotes_bin() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_relnotes"))
}

#[test]
fn cases() {
    trycmd::TestCases::new()
        .register_bin("relnotes", relnotes_bin())
        .env("RELNOTES_NO_CACHE", "1")
        .case(root().join("tests/cmd/*.toml"));
}

/// Copies the directory tree `from` into `to`.
pub fn copy_tree(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for entry in fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let target = to.join(entry.file_name());
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// The pages whose `console` blocks run: the README's tour and every
/// command's examples.
const LITERATE_PAGES: [&str; 2] = ["README.md", "docs/commands.md"];

/// A page's examples run in a scratch copy of the project (trycmd runs
/// `PAGE.md` in `PAGE.in/` beside it), so the ones that write files
/// (`site --out public`, `sbom -o sboms`, `init my-image`) write there. A
/// failure names the copy; its line numbers are the page's.
#[test]
fn literate_pages_run() {
    for page in LITERATE_PAGES {
        let scratch = tempfile::tempdir().unwrap();
        let name = Path::new(page).file_name().unwrap();
        let copy = scratch.path().join(name);
        fs::copy(root().join(page), &copy).unwrap();
        let project = copy.with_extension("in");
        for part in [
            "relnotes.toml",
            "releases",
            "templates",
            "examples/pytorch-cuda",
        ] {
            let from = root().join(part);
            if from.is_dir() {
                copy_tree(&from, &project.join(part));
            } else {
                fs::create_dir_all(&project).unwrap();
                fs::copy(&from, project.join(part)).unwrap();
            }
        }
        // The images `cargo run --example demo-images` writes.
        let demo = project.join("target/verify-demo");
        crate::support::release_25_10::tampered().write_layout(&demo.join("tampered"), "25.10");
        crate::support::release_25_10::faithful().write_layout(&demo.join("faithful"), "25.10");
        trycmd::TestCases::new()
            .register_bin("relnotes", relnotes_bin())
            .env("RELNOTES_NO_CACHE", "1")
            .case(&copy)
            .run();
    }
}

/// A `.toml` case in the literate form of README.md: the command, its exit
/// code when not 0, then stdout and stderr.
fn transcript(case: &Path) -> String {
    let spec: toml::Table = fs::read_to_string(case).unwrap().parse().unwrap();
    let args: Vec<&str> = match &spec["args"] {
        toml::Value::Array(args) => args.iter().map(|a| a.as_str().unwrap()).collect(),
        toml::Value::String(joined) => joined.split(' ').collect(),
        other => panic!("{}: args = {other}", case.display()),
    };
    let mut shown = format!("$ relnotes {}\n", args.join(" "));
    let code = spec
        .get("status")
        .and_then(|s| s.get("code"))
        .and_then(toml::Value::as_integer)
        .unwrap_or(0);
    if code != 0 {
        shown.push_str(&format!("? {code}\n"));
    }
    for stream in ["stdout", "stderr"] {
        shown.push_str(&fs::read_to_string(case.with_extension(stream)).unwrap_or_default());
    }
    // trycmd's literate form ends an output with an empty line.
    shown.push('\n');
    shown
}

/// A block that trycmd skips (`console,ignore`) says why in the comment
/// above it: either it shows a case of tests/cmd/ (`<!-- case: PATH -->`,
/// checked here word for word) or it is not run (`<!-- Not run`).
#[test]
fn literate_pages_show_their_cases() {
    let mut shown_cases = 0;
    for page in LITERATE_PAGES {
        let text = fs::read_to_string(root().join(page)).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        for (at, line) in lines.iter().enumerate() {
            if *line != "```console,ignore" {
                continue;
            }
            let body: String = lines[at + 1..]
                .iter()
                .take_while(|l| !l.starts_with("```"))
                .map(|l| format!("{l}\n"))
                .collect();
            let comment = lines[..at]
                .iter()
                .rev()
                .find(|l| l.starts_with("<!--"))
                .filter(|_| lines[at - 1].ends_with("-->"))
                .unwrap_or_else(|| panic!("{page}:{}: say why it is not run", at + 1));
            if let Some(case) = comment
                .strip_prefix("<!-- case: ")
                .and_then(|c| c.strip_suffix(" -->"))
            {
                assert_eq!(
                    body,
                    transcript(&root().join(case)),
                    "{page}:{} shows {case}",
                    at + 1
                );
                shown_cases += 1;
            } else {
                assert!(comment.starts_with("<!-- Not run"), "{page}:{}", at + 1);
            }
        }
    }
    assert_eq!(shown_cases, 2, "the import and misspelt-field examples");
}
