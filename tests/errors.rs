//! Integration tests: bad input gets a clear error naming what and where,
//! exit code 2, and nothing written.

use crate::util::{relnotes, relnotes_in, scratch_project};
use std::fs;
use std::path::Path;

/// Replaces `from` (which must occur) with `to` in a scratch copy's record.
fn break_record(dir: &Path, version: &str, from: &str, to: &str) -> String {
    let path = dir.join("releases").join(format!("{version}.toml"));
    let source = fs::read_to_string(&path).unwrap();
    assert!(source.contains(from), "record {version} has no `{from}`");
    let broken = source.replacen(from, to, 1);
    fs::write(&path, &broken).unwrap();
    broken
}

/// 1-based line and column of the first occurrence of `needle`.
fn position(source: &str, needle: &str) -> (usize, usize) {
    let at = source.find(needle).expect("needle present");
    let line = source[..at].matches('\n').count() + 1;
    let start = source[..at].rfind('\n').map_or(0, |i| i + 1);
    (line, source[start..at].chars().count() + 1)
}

struct Failure {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run_in(dir: &Path, args: &[&str]) -> Failure {
    let out = relnotes_in(dir).args(args).output().unwrap();
    Failure {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

#[test]
fn unknown_field_names_file_line_column_and_suggests() {
    let dir = scratch_project();
    let broken = break_record(dir.path(), "25.10", "[[features]]", "[[featurs]]");
    let (line, col) = position(&broken, "featurs");
    let f = run_in(dir.path(), &["render", "25.10"]);
    assert_eq!(f.code, Some(2), "{}", f.stderr);
    assert!(f.stdout.is_empty());
    assert!(
        f.stderr.contains(&format!(
            "releases/25.10.toml:{line}:{col}: error: unknown field `featurs`"
        )),
        "{}",
        f.stderr
    );
    assert!(
        f.stderr.contains("did you mean `features`?"),
        "{}",
        f.stderr
    );
}

#[test]
fn invalid_version_string_names_component_and_ecosystem() {
    let dir = scratch_project();
    let broken = break_record(
        dir.path(),
        "25.10",
        "torch = \"2.8.0.9+nv25.3\"",
        "torch = \"2.8.0.9 nv\"",
    );
    let (line, col) = position(&broken, "\"2.8.0.9 nv\"");
    let f = run_in(dir.path(), &["diff", "25.05", "25.10"]);
    assert_eq!(f.code, Some(2), "{}", f.stderr);
    assert!(
        f.stderr.contains(&format!("releases/25.10.toml:{line}:{col}: error: component `torch`: `2.8.0.9 nv` is not a valid pypi version")),
        "{}",
        f.stderr
    );
}

#[test]
fn invalid_dotted_version_for_cuda() {
    let dir = scratch_project();
    break_record(dir.path(), "25.10", "CUDA = \"12.8\"", "CUDA = \"twelve\"");
    let f = run_in(dir.path(), &["render", "25.10"]);
    assert_eq!(f.code, Some(2));
    assert!(
        f.stderr
            .contains("component `CUDA`: `twelve` is not a valid cuda version"),
        "{}",
        f.stderr
    );
}

#[test]
fn catalog_ecosystem_decides_validation() {
    // gdb's version is not PEP 440; it validates only because the catalog says generic.
    let dir = scratch_project();
    let project = dir.path().join("relnotes.toml");
    let text = fs::read_to_string(&project).unwrap();
    assert!(text.contains("gdb = \"generic\""));
    fs::write(&project, text.replace("gdb = \"generic\"", "")).unwrap();
    let f = run_in(dir.path(), &["render", "25.10"]);
    assert_eq!(f.code, Some(2));
    assert!(
        f.stderr
            .contains("component `gdb`: `15.0.50.20240403-git` is not a valid pypi version"),
        "{}",
        f.stderr
    );
    assert!(
        f.stderr.contains("[catalog]"),
        "hint names the catalog: {}",
        f.stderr
    );
}

#[test]
fn unknown_ecosystem_in_catalog_suggests() {
    let dir = scratch_project();
    let project = dir.path().join("relnotes.toml");
    let text = fs::read_to_string(&project).unwrap();
    fs::write(
        &project,
        text.replace("perf = \"generic\"", "perf = \"generik\""),
    )
    .unwrap();
    let f = run_in(dir.path(), &["list"]);
    assert_eq!(f.code, Some(2));
    assert!(f.stderr.contains("relnotes.toml:"), "{}", f.stderr);
    assert!(
        f.stderr.contains("unknown variant `generik`"),
        "{}",
        f.stderr
    );
    assert!(f.stderr.contains("did you mean `generic`?"), "{}", f.stderr);
}

#[test]
fn duplicate_component_after_normalisation() {
    let dir = scratch_project();
    let broken = break_record(
        dir.path(),
        "25.10",
        "flash_attn = \"2.8.3\"\n",
        "flash_attn = \"2.8.3\"\nflash-attn = \"2.8.3\"\n",
    );
    let (first_line, _) = position(&broken, "flash_attn = ");
    let (line, col) = position(&broken, "flash-attn = ");
    let f = run_in(dir.path(), &["render", "25.10"]);
    assert_eq!(f.code, Some(2));
    assert!(
        f.stderr.contains(&format!(
            "releases/25.10.toml:{line}:{col}: error: duplicate component `flash-attn`: same pypi package as `flash_attn` on line {first_line}"
        )),
        "{}",
        f.stderr
    );
}

#[test]
fn override_of_undeclared_arch() {
    let dir = scratch_project();
    let broken = break_record(
        dir.path(),
        "25.10",
        "[arch.aarch64.components]",
        "[arch.arm64.components]",
    );
    let (line, col) = position(&broken, "arm64");
    let f = run_in(dir.path(), &["render", "25.10"]);
    assert_eq!(f.code, Some(2));
    assert!(
        f.stderr.contains(&format!(
            "releases/25.10.toml:{line}:{col}: error: override for architecture `arm64`, which `archs` does not declare (declared: aarch64, amd64)"
        )),
        "{}",
        f.stderr
    );
}

#[test]
fn unknown_architecture_name_suggests() {
    let dir = scratch_project();
    break_record(
        dir.path(),
        "25.05",
        "archs = [\"amd64\"]",
        "archs = [\"amd46\"]",
    );
    let f = run_in(dir.path(), &["render", "25.05"]);
    assert_eq!(f.code, Some(2));
    assert!(
        f.stderr.contains("unknown architecture `amd46`"),
        "{}",
        f.stderr
    );
    assert!(f.stderr.contains("did you mean `amd64`?"), "{}", f.stderr);
}

#[test]
fn version_must_match_file_name() {
    let dir = scratch_project();
    break_record(
        dir.path(),
        "25.05",
        "version = \"25.05\"",
        "version = \"25.06\"",
    );
    let f = run_in(dir.path(), &["render", "25.05"]);
    assert_eq!(f.code, Some(2));
    assert!(
        f.stderr
            .contains("version `25.06` does not match the file name `25.05.toml`"),
        "{}",
        f.stderr
    );
}

#[test]
fn missing_translation_warns_and_strict_fails() {
    let dir = scratch_project();
    let broken = break_record(
        dir.path(),
        "25.10",
        "en = \"vLLM upgraded to 0.11.0",
        "# en = \"vLLM upgraded to 0.11.0",
    );
    // The warning points at the table that lacks the translation.
    let table_at = broken[..broken.find("zh = \"vLLM升级至0.11.0").unwrap()]
        .rfind("[[features]]")
        .unwrap();
    let (line, col) = position(&broken[table_at..], "[[features]]");
    let line = line + broken[..table_at].matches('\n').count();
    let lenient = run_in(dir.path(), &["render", "25.10", "--lang", "en"]);
    assert_eq!(lenient.code, Some(0), "{}", lenient.stderr);
    let warning =
        format!("releases/25.10.toml:{line}:{col}: warning: `features[2]` has no `en` translation");
    assert!(lenient.stderr.contains(&warning), "{}", lenient.stderr);
    // The page falls back to the other language rather than showing nothing.
    assert!(lenient.stdout.contains("vLLM升级至0.11.0"));

    let strict = run_in(dir.path(), &["--strict", "render", "25.10", "--lang", "en"]);
    assert_eq!(strict.code, Some(2));
    assert!(strict.stdout.is_empty());
    assert!(
        strict
            .stderr
            .contains(&warning.replace("warning:", "error:")),
        "{}",
        strict.stderr
    );
}

#[test]
fn malformed_toml_reports_parser_message_with_position() {
    let dir = scratch_project();
    let broken = break_record(dir.path(), "25.10", "vllm = \"0.11.0\"", "vllm = \"0.11.0");
    let (line, _) = position(&broken, "vllm = ");
    let f = run_in(dir.path(), &["render", "25.10"]);
    assert_eq!(f.code, Some(2));
    assert!(
        f.stderr.contains(&format!("releases/25.10.toml:{line}:")),
        "{}",
        f.stderr
    );
    assert!(f.stderr.contains("error: "), "{}", f.stderr);
    assert!(
        f.stderr.contains("vllm = \"0.11.0"),
        "shows the source line: {}",
        f.stderr
    );
}

#[test]
fn unknown_version_lists_known_ones() {
    let out = relnotes().args(["render", "24.12"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("unknown version `24.12`"), "{stderr}");
    assert!(stderr.contains("known versions: 25.05, 25.10"), "{stderr}");
}

#[test]
fn nothing_is_written_on_error() {
    let dir = scratch_project();
    break_record(dir.path(), "25.10", "[[features]]", "[[featurs]]");
    let target = dir.path().join("out.md");
    let f = run_in(dir.path(), &["render", "25.10", "-o", "out.md"]);
    assert_eq!(f.code, Some(2));
    assert!(!target.exists());
    let f = run_in(
        dir.path(),
        &[
            "diff", "25.05", "25.10", "--format", "json", "-o", "out.json",
        ],
    );
    assert_eq!(f.code, Some(2));
    assert!(!dir.path().join("out.json").exists());
    let leftovers: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        leftovers.len(),
        2,
        "only relnotes.toml and releases/: {leftovers:?}"
    );
}

#[test]
fn outside_a_project_says_how_to_find_one() {
    let dir = tempfile::tempdir().unwrap();
    let f = run_in(dir.path(), &["list"]);
    assert_eq!(f.code, Some(2));
    assert!(f.stderr.contains("no relnotes.toml in"), "{}", f.stderr);
    assert!(f.stderr.contains("-C DIR"), "{}", f.stderr);
}

#[test]
fn usage_errors_exit_2() {
    let out = relnotes().args(["render"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = relnotes()
        .args(["render", "25.10", "--lang", "fr"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}
