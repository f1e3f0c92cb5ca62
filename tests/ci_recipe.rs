//! The release pipeline of docs/ci.md, as a GitHub Actions workflow and a
//! GitLab CI file (examples/ci/): the GitHub file is valid by
//! action-validator's copy of the official schema, both files run the same
//! commands, docs/ci.md shows both word for word, and the commands run, as
//! the runner would run them, against Debian's docker-registry with basic
//! auth: a project's first release, the next one from it, and the next one
//! again (brought up to date, not drafted twice). The steps that install
//! relnotes are the runner's business; the suite's binary stands in.

use crate::support::registry::TestRegistry;
use crate::support::release_25_10::{faithful, next_release};
use crate::util::root;
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

const USER: &str = "ci-bot";
const PASSWORD: &str = "ci pass word";

/// A YAML file as JSON, read by PyYAML (installed with MkDocs).
fn yaml(path: &Path) -> Value {
    let out = Command::new("python3")
        .args([
            "-c",
            "import json, sys, yaml; json.dump(yaml.safe_load(open(sys.argv[1])), sys.stdout)",
        ])
        .arg(path)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The GitHub workflow's `run:` steps, but the one that installs relnotes.
fn github_steps(workflow: &Value) -> Vec<String> {
    let jobs = workflow["jobs"].as_object().unwrap();
    assert_eq!(jobs.len(), 1, "one job");
    let steps = jobs.values().next().unwrap()["steps"].as_array().unwrap();
    steps
        .iter()
        .filter(|step| step["name"] != "Install relnotes")
        .filter_map(|step| step["run"].as_str().map(str::to_string))
        .collect()
}

/// The GitLab job's `script:`; its `before_script` installs relnotes.
fn gitlab_steps(pipeline: &Value) -> Vec<String> {
    let job = &pipeline["release-notes"];
    let installs = job["before_script"].as_array().unwrap();
    assert!(installs[0].as_str().unwrap().starts_with("cargo install"));
    job["script"]
        .as_array()
        .unwrap()
        .iter()
        .map(|line| line.as_str().unwrap().to_string())
        .collect()
}

fn action_validator() -> PathBuf {
    let tool = root().join("target/test-tools/action-validator/node_modules/.bin/action-validator");
    assert!(
        tool.exists(),
        "{} is missing: run ./scripts/test.sh, which installs @action-validator/cli from npm",
        tool.display()
    );
    tool
}

#[test]
fn both_files_are_valid_run_the_same_commands_and_docs_ci_shows_them() {
    let github = root().join("examples/ci/github-actions.yml");
    let gitlab = root().join("examples/ci/gitlab-ci.yml");
    let out = Command::new(action_validator())
        .arg(&github)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let steps = github_steps(&yaml(&github));
    assert_eq!(steps, gitlab_steps(&yaml(&gitlab)));
    assert!(steps.len() >= 5, "{steps:?}");
    for command in ["new", "sync", "lint", "verify", "attach", "site"] {
        let said = format!("relnotes {command} ");
        assert!(steps.iter().any(|s| s.contains(&said)), "{command}");
    }
    let page = fs::read_to_string(root().join("docs/ci.md")).unwrap();
    for file in [&github, &gitlab] {
        let shown = format!("```yaml\n{}```\n", fs::read_to_string(file).unwrap());
        assert!(page.contains(&shown), "docs/ci.md shows {}", file.display());
    }
}

/// Runs the pipeline's steps in `project` as GitHub's runner does (`bash
/// -eo pipefail`), relnotes on the PATH; stops at the first failing step.
/// The exit code of the last step run and what the steps printed.
fn run_pipeline(project: &Path, home: &Path, vars: &[(&str, &str)]) -> (i32, String) {
    let steps = github_steps(&yaml(&root().join("examples/ci/github-actions.yml")));
    let bin = Path::new(env!("CARGO_BIN_EXE_relnotes")).parent().unwrap();
    let path = format!("{}:{}", bin.display(), std::env::var("PATH").unwrap());
    let mut said = String::new();
    for step in steps {
        let out = Command::new("bash")
            .args(["--noprofile", "--norc", "-eo", "pipefail", "-c", &step])
            .current_dir(project)
            .env("PATH", &path)
            .env("HOME", home)
            .env("DOCKER_CONFIG", home.join("docker"))
            .env("REGISTRY_USER", USER)
            .env("REGISTRY_PASSWORD", PASSWORD)
            .envs(vars.iter().copied())
            .output()
            .unwrap();
        said.push_str(&format!(
            "$ {step}\n{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ));
        let code = out.status.code().unwrap_or(-1);
        if code != 0 {
            return (code, said);
        }
    }
    (0, said)
}

fn record(project: &Path, version: &str) -> toml::Table {
    let text = fs::read_to_string(project.join(format!("releases/{version}.toml"))).unwrap();
    toml::from_str(&text).unwrap()
}

fn verify_report(project: &Path) -> Value {
    serde_json::from_str(&fs::read_to_string(project.join("verify.json")).unwrap()).unwrap()
}

#[test]
fn the_pipeline_drafts_checks_attaches_and_publishes_each_new_image() {
    let registry = TestRegistry::start_with_basic_auth(USER, PASSWORD);
    faithful().push(
        &registry.url(),
        "team/my-image",
        "1.0",
        Some((USER, PASSWORD)),
    );
    next_release().push(
        &registry.url(),
        "team/my-image",
        "1.1",
        Some((USER, PASSWORD)),
    );
    let image = |tag: &str| format!("{}/team/my-image:{tag}", registry.host());
    let scratch = tempfile::tempdir().unwrap();
    let home = scratch.path().join("home");
    fs::create_dir(&home).unwrap();
    let project = scratch.path().join("my-image");
    let init = crate::util::relnotes_in(scratch.path())
        .args(["init", "my-image"])
        .output()
        .unwrap();
    assert!(init.status.success());

    // The first release: drafted from the image alone.
    let (code, said) = run_pipeline(
        &project,
        &home,
        &[
            ("VERSION", "1.0"),
            ("IMAGE", &image("1.0")),
            ("PREVIOUS", ""),
        ],
    );
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("a first draft of 1.0"), "{said}");
    assert_eq!(record(&project, "1.0")["draft"].as_bool(), Some(true));
    let report = verify_report(&project);
    assert_eq!(report["summary"]["findings"], 0, "{report}");
    assert_eq!(report["version"], "1.0", "{report}");
    let referrers = crate::util::relnotes_in(&project)
        .args([
            "referrers",
            "--image",
            &image("1.0"),
            "--format",
            "json",
            "-q",
        ])
        .args(["--username", USER, "--password-stdin"])
        .env("DOCKER_CONFIG", home.join("docker"))
        .write_stdin(format!("{PASSWORD}\n"))
        .output()
        .unwrap();
    assert!(
        referrers.status.success(),
        "{}",
        String::from_utf8_lossy(&referrers.stderr)
    );
    let referrers: Value = serde_json::from_slice(&referrers.stdout).unwrap();
    for platform in referrers["platforms"].as_array().unwrap() {
        let kinds: Vec<&str> = platform["referrers"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|r| r["artifactType"].as_str())
            .collect();
        assert_eq!(kinds, ["application/vnd.cyclonedx+json"], "{platform}");
    }
    crate::support::generator::Generator::MkDocs.build(&project.join("docs-site"));
    assert!(
        project
            .join("docs-site/site/releases/1.0/index.html")
            .exists()
    );

    // The next release, from the first and its own image.
    let next = [
        ("VERSION", "1.1"),
        ("IMAGE", &image("1.1")),
        ("PREVIOUS", "1.0"),
    ];
    let (code, said) = run_pipeline(&project, &home, &next);
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("a draft of 1.1 from 1.0"), "{said}");
    // The image holds the 12.8 toolkit but requires CUDA 12.9: the minimum
    // driver carried from 1.0 (12.8's) is raised to NVIDIA's for 12.9.
    let driver = &record(&project, "1.1")["driver"];
    assert_eq!(driver["cuda"].as_str(), Some("12.9"), "{driver}");
    assert_eq!(driver["min"].as_str(), Some("575.51.03"), "{driver}");
    assert_eq!(verify_report(&project)["summary"]["findings"], 0);
    let drafted = fs::read(project.join("releases/1.1.toml")).unwrap();

    // The same tag again: the record is brought up to date, not replaced.
    let (code, said) = run_pipeline(&project, &home, &next);
    assert_eq!(code, 0, "{said}");
    assert!(said.contains("releases/1.1.toml is up to date"), "{said}");
    assert_eq!(
        fs::read(project.join("releases/1.1.toml")).unwrap(),
        drafted
    );

    // An image that is not the release's: verify stops the pipeline before
    // anything is attached.
    let wrong = [
        ("VERSION", "1.0"),
        ("IMAGE", &image("nope")),
        ("PREVIOUS", ""),
    ];
    let (code, said) = run_pipeline(&project, &home, &wrong);
    assert_eq!(code, 2, "{said}");
    assert!(!said.contains("relnotes attach"), "{said}");
}
