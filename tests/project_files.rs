//! A project's own files (records, relnotes.toml, import.toml, templates)
//! are read only as regular files inside the project: a link out of it, a
//! FIFO or an over-size template is refused with exit 2, naming the path
//! and quoting nothing of what is behind it.

use crate::support::project::assert_ok;
use crate::util::{relnotes_in, scratch_project};
use std::fs;
use std::os::unix::fs::symlink;
use std::path::Path;
use std::process::Output;
use std::time::Duration;

/// What a file outside the project holds; it must never reach a page or
/// a message.
const CANARY: &str = "canary-4f1d2a9e";

/// Generous: each run takes well under a second; a hang stops here.
const DEADLINE: Duration = Duration::from_secs(60);

/// The partial of the Markdown release page the tests replace.
const PARTIAL: &str = "templates/partials/release-driver-assets.md.hbs";

fn run(project: &Path, args: &[&str]) -> Output {
    relnotes_in(project)
        .args(args)
        .env("RELNOTES_TEST_CANARY", CANARY)
        .timeout(DEADLINE)
        .output()
        .unwrap()
}

/// Exit 2, the message naming `named` and saying `says`, nothing of the
/// canary anywhere, nothing on stdout.
fn assert_refused(out: &Output, named: &str, says: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains(named) && stderr.contains(says), "{stderr}");
    assert!(!stderr.contains(CANARY), "{stderr}");
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

fn mkfifo(path: &Path) {
    let made = std::process::Command::new("mkfifo").arg(path).status();
    assert!(made.unwrap().success());
}

/// A project with a templates/partials directory, and a secret beside it.
fn project_and_secret() -> (tempfile::TempDir, tempfile::TempDir) {
    let project = scratch_project();
    fs::create_dir_all(project.path().join("templates/partials")).unwrap();
    let outside = tempfile::tempdir().unwrap();
    fs::write(
        outside.path().join("config.json"),
        format!("{{\"auths\": {{\"registry\": {{\"auth\": \"{CANARY}\"}}}}}}\n"),
    )
    .unwrap();
    fs::write(
        outside.path().join("passwd"),
        format!("root:x:0:0:{CANARY}:/root:/bin/bash\n"),
    )
    .unwrap();
    (project, outside)
}

#[test]
fn a_partial_linked_out_of_the_project_is_not_published() {
    let (project, outside) = project_and_secret();
    let dir = project.path();
    let mut targets = vec![outside.path().join("config.json")];
    if cfg!(target_os = "linux") {
        // The environment of relnotes itself, which holds the canary.
        targets.push("/proc/self/environ".into());
    }
    for target in targets {
        let _ = fs::remove_file(dir.join(PARTIAL));
        symlink(&target, dir.join(PARTIAL)).unwrap();
        let out = run(dir, &["render", "25.10", "--lang", "en"]);
        assert_refused(&out, "release-driver-assets.md.hbs", "leads outside");
        let out = run(dir, &["site", "--out", "public"]);
        assert_refused(&out, "release-driver-assets.md.hbs", "leads outside");
        assert!(!dir.join("public").exists(), "nothing written");
    }

    // A --templates directory is the bound of the files found there: a
    // link from it into the project is refused too.
    let templates = tempfile::tempdir().unwrap();
    fs::create_dir(templates.path().join("partials")).unwrap();
    symlink(
        dir.join("relnotes.toml"),
        templates
            .path()
            .join("partials/release-driver-assets.md.hbs"),
    )
    .unwrap();
    let out = run(
        dir,
        &[
            "render",
            "25.10",
            "--templates",
            templates.path().to_str().unwrap(),
        ],
    );
    assert_refused(&out, "release-driver-assets.md.hbs", "leads outside");
}

#[test]
fn a_record_linked_out_of_the_project_is_refused_unquoted() {
    let (project, outside) = project_and_secret();
    let dir = project.path();
    symlink(outside.path().join("passwd"), dir.join("releases/9.9.toml")).unwrap();
    for args in [
        &["lint"][..],
        &["render", "9.9"],
        &["list"],
        &["site", "--out", "public"],
    ] {
        let out = run(dir, args);
        assert_refused(&out, "9.9.toml", "leads outside");
    }
    assert!(!dir.join("public").exists(), "nothing written");

    // The project file and the import words alike.
    fs::remove_file(dir.join("releases/9.9.toml")).unwrap();
    let page = dir.join("page.md");
    fs::write(&page, "# x 9.4\n\n## Features\n\n- Faster.\n").unwrap();
    symlink(outside.path().join("passwd"), dir.join("import.toml")).unwrap();
    let out = run(dir, &["import", page.to_str().unwrap(), "--lang", "en"]);
    assert_refused(&out, "import.toml", "leads outside");
    assert!(!dir.join("releases/9.4.toml").exists(), "nothing written");
    fs::remove_file(dir.join("relnotes.toml")).unwrap();
    symlink(outside.path().join("passwd"), dir.join("relnotes.toml")).unwrap();
    let out = run(dir, &["lint"]);
    assert_refused(&out, "relnotes.toml", "leads outside");
}

#[test]
fn fifos_among_project_files_are_refused_promptly() {
    let project = scratch_project();
    let dir = project.path();
    fs::create_dir_all(dir.join("templates/partials")).unwrap();

    mkfifo(&dir.join("releases/9.9.toml"));
    for args in [
        &["lint"][..],
        &["render", "9.9"],
        &["site", "--out", "public"],
    ] {
        let out = run(dir, args);
        assert_refused(&out, "9.9.toml", "is a FIFO, not a regular file");
    }
    assert!(!dir.join("public").exists(), "nothing written");
    fs::remove_file(dir.join("releases/9.9.toml")).unwrap();

    mkfifo(&dir.join(PARTIAL));
    let out = run(dir, &["render", "25.10"]);
    assert_refused(&out, "release-driver-assets.md.hbs", "is a FIFO");
    fs::remove_file(dir.join(PARTIAL)).unwrap();

    // Read by import before anything else: a FIFO here used to block.
    mkfifo(&dir.join("import.toml"));
    let page = dir.join("page.md");
    fs::write(&page, "# x 9.4\n\n## Features\n\n- Faster.\n").unwrap();
    let out = run(dir, &["import", page.to_str().unwrap(), "--lang", "en"]);
    assert_refused(&out, "import.toml", "is a FIFO");
    assert!(!dir.join("releases/9.4.toml").exists(), "nothing written");
}

#[test]
fn links_that_stay_inside_are_followed() {
    let project = scratch_project();
    let dir = project.path();
    fs::create_dir_all(dir.join("templates/partials")).unwrap();
    fs::create_dir(dir.join("shared")).unwrap();
    fs::rename(
        dir.join("releases/25.10.toml"),
        dir.join("shared/25.10.toml"),
    )
    .unwrap();
    symlink("../shared/25.10.toml", dir.join("releases/25.10.toml")).unwrap();
    fs::write(dir.join("shared/assets.md.hbs"), "assets from shared/\n").unwrap();
    symlink("../../shared/assets.md.hbs", dir.join(PARTIAL)).unwrap();

    let out = run(dir, &["render", "25.10", "--lang", "en"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_ok(&out);
    assert!(stdout.contains("assets from shared/"), "{stdout}");
    let out = run(dir, &["list"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && stdout.contains("25.10"), "{stdout}");
}

#[test]
fn an_oversize_template_is_refused_naming_the_bound() {
    let project = scratch_project();
    let dir = project.path();
    fs::create_dir_all(dir.join("templates/partials")).unwrap();
    // 33 KiB of the densest kind of template: expressions end to end.
    fs::write(dir.join(PARTIAL), "{{version}}".repeat(33 * 1024 / 11)).unwrap();
    let out = run(dir, &["render", "25.10"]);
    assert_refused(&out, "release-driver-assets.md.hbs", "larger than 32 KiB");

    // A huge file is not read whole: a sparse gigabyte is refused as
    // promptly.
    let file = fs::File::create(dir.join(PARTIAL)).unwrap();
    file.set_len(1 << 30).unwrap();
    let out = run(dir, &["site", "--out", "public"]);
    assert_refused(&out, "release-driver-assets.md.hbs", "larger than 32 KiB");
    assert!(!dir.join("public").exists(), "nothing written");

    // At the bound, a template still renders.
    let at_bound = "{{version}}".repeat(32 * 1024 / 11);
    fs::write(dir.join(PARTIAL), &at_bound).unwrap();
    let out = run(dir, &["render", "25.10"]);
    assert_ok(&out);
}
