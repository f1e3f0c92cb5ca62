//! Integration tests: rebuilds of `relnotes site` — a rebuild equals a
//! full build byte for byte, rewrites only the files whose bytes changed
//! (the others keep their inode and modification time), and a killed,
//! interrupted or concurrent build never harms the site on disk.

use crate::site::tree;
use crate::support::built_site::edit_behind_mtime;
use crate::support::catalogue;
use crate::util::{relnotes_in, root};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime};

/// A scratch project of `n` generated releases.
fn generated(n: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    catalogue::write_project(&root(), dir.path(), n);
    dir
}

/// A scratch project of `n` generated releases whose site is built into
/// public/.
fn built(n: usize) -> tempfile::TempDir {
    let project = generated(n);
    site(project.path(), "public", &[]);
    project
}

/// `relnotes site --out <out>` in `project`; its stdout.
fn site(project: &Path, out: &str, extra: &[&str]) -> String {
    let run = relnotes_in(project)
        .args(["site", "--out", out])
        .args(extra)
        .output()
        .expect("runs");
    assert!(
        run.status.success(),
        "exit {:?}\n{}",
        run.status.code(),
        String::from_utf8_lossy(&run.stderr)
    );
    String::from_utf8(run.stdout).expect("utf-8")
}

/// What of relnotes' own (`relnotes-…`: a staging dir, a lock) is left
/// in `project`.
fn staging_left_in(project: &Path) -> Vec<String> {
    fs::read_dir(project)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("relnotes-"))
        .collect()
}

/// Every file's inode and modification time: a file relnotes did not
/// rewrite keeps both (linked from the previous build), a rewritten one
/// has a new inode.
fn inodes(dir: &Path) -> BTreeMap<String, (u64, SystemTime)> {
    tree(dir)
        .into_keys()
        .map(|p| {
            let meta = fs::metadata(dir.join(&p)).expect("stat");
            (p, (meta.ino(), meta.modified().expect("mtime")))
        })
        .collect()
}

/// The pages about every release: rendered again whenever what they show
/// changes.
fn is_overview(path: &str) -> bool {
    path == ".relnotes-site" || path.contains("index.") || path.contains("matrix")
}

/// Builds `project` afresh in a directory of its own and checks that
/// `out` (built incrementally) has the same bytes, and `--check` agrees.
fn assert_equals_full_build(project: &Path, out: &str) {
    let fresh = format!("{out}-full");
    let _ = fs::remove_dir_all(project.join(&fresh));
    site(project, &fresh, &[]);
    let (incremental, full) = (tree(&project.join(out)), tree(&project.join(&fresh)));
    assert_eq!(
        incremental.keys().collect::<Vec<_>>(),
        full.keys().collect::<Vec<_>>(),
        "the same files"
    );
    for (path, bytes) in &full {
        assert!(
            incremental[path] == *bytes,
            "{path} differs from a full build"
        );
    }
    let check = relnotes_in(project)
        .args(["site", "--check", "--out", out])
        .output()
        .unwrap();
    assert_eq!(
        check.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    fs::remove_dir_all(project.join(&fresh)).unwrap();
}

/// The files rewritten between two builds, overview pages aside.
fn rewritten(before: &Files, after: &Files) -> BTreeSet<String> {
    after
        .iter()
        .filter(|(p, ino)| !is_overview(p) && before.get(*p) != Some(ino))
        .map(|(p, _)| p.clone())
        .collect()
}

type Files = BTreeMap<String, (u64, SystemTime)>;

/// The pages of release `v` (both languages, both formats) and its SBOMs.
fn pages_of(v: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for lang in ["zh", "en"] {
        out.insert(format!("{lang}/{v}.html"));
        out.insert(format!("md/{lang}/{v}.md"));
    }
    for arch in ["aarch64", "amd64", "ppc64le"] {
        out.insert(format!("sbom/{v}-{arch}.cdx.json"));
    }
    out
}

fn diffs_of(from: &str, to: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for lang in ["zh", "en"] {
        out.insert(format!("{lang}/diff/{from}..{to}.html"));
        out.insert(format!("md/{lang}/diff/{from}..{to}.md"));
    }
    out
}

#[test]
fn an_edited_record_rewrites_only_its_pages_and_equals_a_full_build() {
    let project = generated(12);
    let p = project.path();
    let first = site(p, "public", &[]);
    assert!(!first.contains("unchanged"), "{first}");
    let before = inodes(&p.join("public"));
    // The manifest lists every file relnotes wrote, and nothing else.
    let manifest = fs::read_to_string(p.join("public/.relnotes-site")).unwrap();
    let listed: BTreeSet<&str> = manifest
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("relnotes-site "))
        .collect();
    let files: BTreeSet<&str> = before
        .keys()
        .map(String::as_str)
        .filter(|p| *p != ".relnotes-site")
        .collect();
    assert_eq!(listed, files);

    // One record of the middle changes a version and a text.
    let (older, edited, newer) = (
        catalogue::version(4),
        catalogue::version(5),
        catalogue::version(6),
    );
    let record = p.join(format!("releases/{edited}.toml"));
    let text = fs::read_to_string(&record).unwrap();
    fs::write(
        &record,
        text.replacen("ray = \"2.50.1\"", "ray = \"2.51.0\"", 1)
            .replacen("vLLM upgraded to 0.11.0", "vLLM upgraded to 0.11.1", 1),
    )
    .unwrap();
    let out = site(p, "public", &[]);
    assert!(out.contains("unchanged since the last build"), "{out}");
    let after = inodes(&p.join("public"));
    let mut expected = pages_of(&edited);
    expected.extend(diffs_of(&older, &edited));
    expected.extend(diffs_of(&edited, &newer));
    assert_eq!(rewritten(&before, &after), expected);
    // Of the pages about every release, those that show the edited
    // version are rewritten (the matrix), the others kept (the indexes
    // show no component versions).
    let overviews_rewritten: BTreeSet<_> = after
        .iter()
        .filter(|(p, ino)| is_overview(p) && before.get(*p) != Some(ino))
        .map(|(p, _)| p.as_str())
        .collect();
    assert!(
        overviews_rewritten.contains("en/matrix.html"),
        "{overviews_rewritten:?}"
    );
    assert!(
        !overviews_rewritten.contains("en/index.html"),
        "{overviews_rewritten:?}"
    );
    assert!(
        !overviews_rewritten.contains("index.html"),
        "{overviews_rewritten:?}"
    );
    assert_equals_full_build(p, "public");

    // A comment changes no page: nothing is rewritten, not even the
    // manifest.
    fs::write(
        &record,
        format!("# reviewed\n{}", fs::read_to_string(&record).unwrap()),
    )
    .unwrap();
    let before = inodes(&p.join("public"));
    let out = site(p, "public", &[]);
    let n = before.len();
    assert!(
        out.contains(&format!(
            "wrote {n} files to public (0 rebuilt, {n} unchanged"
        )),
        "{out}"
    );
    assert_eq!(inodes(&p.join("public")), before);
}

/// Gives `project` a style partial of its own: the built-in one with a
/// `comment` added, so that every page changes.
fn override_style(project: &Path, comment: &str) {
    let partials = project.join("templates/partials");
    fs::create_dir_all(&partials).unwrap();
    let style = fs::read_to_string(root().join("templates/partials/style.css.hbs")).unwrap();
    fs::write(
        partials.join("style.css.hbs"),
        format!("{style}\n/* {comment} */\n"),
    )
    .unwrap();
}

#[test]
fn hand_edits_symlinks_and_old_caches_never_reach_the_new_site() {
    let project = built(12);
    let p = project.path();
    let public = p.join("public");
    let (v3, v7) = (catalogue::version(3), catalogue::version(7));

    // A page replaced by a symlink to a copy of itself elsewhere: the new
    // site has the page as a file, and nothing is written through the link.
    let outside = tempfile::tempdir().unwrap();
    let copy = outside.path().join("copy.html");
    fs::copy(public.join(format!("en/{v7}.html")), &copy).unwrap();
    fs::remove_file(public.join(format!("en/{v7}.html"))).unwrap();
    std::os::unix::fs::symlink(&copy, public.join(format!("en/{v7}.html"))).unwrap();
    // A page edited by hand, its modification time put back.
    let sneaky = public.join(format!("md/en/{v3}.md"));
    edit_behind_mtime(&sneaky);
    // What earlier versions of relnotes kept beside the site.
    let spare = p.join(".public.relnotes-spare");
    fs::create_dir_all(spare.join("en")).unwrap();
    fs::write(spare.join("en/index.html"), "stale").unwrap();
    fs::write(p.join(".public.relnotes-records"), "relnotes-records 1 x\n").unwrap();

    let before = inodes(&public);
    let out = site(p, "public", &[]);
    assert!(out.contains("(2 rebuilt, "), "the two pages: {out}");
    let after = inodes(&public);
    assert_eq!(
        rewritten(&before, &after),
        BTreeSet::from([format!("en/{v7}.html"), format!("md/en/{v3}.md")])
    );
    assert!(
        !fs::symlink_metadata(public.join(format!("en/{v7}.html")))
            .unwrap()
            .is_symlink()
    );
    assert_eq!(fs::read_dir(outside.path()).unwrap().count(), 1);
    assert!(!spare.exists() && !p.join(".public.relnotes-records").exists());
    assert_equals_full_build(p, "public");

    // A directory of the site replaced by a symlink to elsewhere is not
    // relnotes' to replace: the build stops and changes nothing.
    let zh = outside.path().join("zh");
    fs::rename(public.join("zh"), &zh).unwrap();
    std::os::unix::fs::symlink(&zh, public.join("zh")).unwrap();
    let before = tree(&public);
    let refused = relnotes_in(p)
        .args(["site", "--out", "public"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("is in the way"), "{stderr}");
    assert!(tree(&public) == before, "the site is as it was");
    let left = staging_left_in(p);
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn added_and_removed_records_rewrite_their_neighbours_and_equal_a_full_build() {
    let project = built(10);
    let p = project.path();

    // A new newest release: its pages, the diff from the release before.
    let seed = fs::read_to_string(root().join("releases/25.10.toml")).unwrap();
    let (last, added) = (catalogue::version(9), catalogue::version(10));
    fs::write(
        p.join(format!("releases/{added}.toml")),
        catalogue::record(&seed, 10),
    )
    .unwrap();
    let before = inodes(&p.join("public"));
    site(p, "public", &[]);
    let mut expected = pages_of(&added);
    expected.extend(diffs_of(&last, &added));
    assert_eq!(rewritten(&before, &inodes(&p.join("public"))), expected);
    assert_equals_full_build(p, "public");

    // A release of the middle goes: its neighbours meet in a new diff,
    // and the newer one's HTML pages link that diff (in their navigation,
    // which the Markdown pages do not have).
    let (older, removed, newer) = (
        catalogue::version(3),
        catalogue::version(4),
        catalogue::version(5),
    );
    fs::remove_file(p.join(format!("releases/{removed}.toml"))).unwrap();
    let before = inodes(&p.join("public"));
    site(p, "public", &[]);
    let after = inodes(&p.join("public"));
    let mut expected = diffs_of(&older, &newer);
    for lang in ["zh", "en"] {
        expected.insert(format!("{lang}/{newer}.html"));
    }
    assert_eq!(rewritten(&before, &after), expected);
    assert!(!after.contains_key(&format!("en/{removed}.html")));
    assert_equals_full_build(p, "public");
}

#[test]
fn a_changed_template_rewrites_every_page_it_renders() {
    let project = built(6);
    let p = project.path();
    let before = inodes(&p.join("public"));
    override_style(p, "house style");
    site(p, "public", &[]);
    let after = inodes(&p.join("public"));
    // Every HTML page has the style; the Markdown pages, the SBOMs and
    // the manifest keep their files.
    for (path, file) in &after {
        let html = path.ends_with(".html");
        assert_eq!(before.get(path) != Some(file), html, "{path}");
    }
    assert!(
        fs::read_to_string(p.join("public/en/20.03.html"))
            .unwrap()
            .contains("/* house style */")
    );
    assert_equals_full_build(p, "public");
    // So does another --base-url: every HTML page's head changes.
    let before = after;
    site(p, "public", &["--base-url", "https://example.com/notes"]);
    for (path, file) in &inodes(&p.join("public")) {
        let html = path.ends_with(".html");
        assert_eq!(before.get(path) != Some(file), html, "{path}");
    }
}

#[test]
fn a_damaged_or_older_manifest_or_an_edited_page_gives_a_correct_build() {
    let project = built(6);
    let p = project.path();
    let manifest = p.join("public/.relnotes-site");
    let good = fs::read_to_string(&manifest).unwrap();
    let paths: Vec<&str> = good.lines().skip(2).collect();
    assert!(paths.iter().all(|p| !p.contains(' ') && p.contains('.')));
    // The first format: a path per line.
    let first_format: String = paths.iter().map(|p| format!("{p}\n")).collect();
    // The fourth: digests before each path, record lines after; it lists
    // a page this build no longer writes, which goes.
    let fourth_format = format!(
        "# Files written by `relnotes site`\nrelnotes-site 4 {hex}\n{}{hex} - en/19.99.html\nrecord {hex} {hex} 20.01\n",
        paths
            .iter()
            .map(|p| format!("{hex} {hex} {p}\n", hex = "ab".repeat(32)))
            .collect::<String>(),
        hex = "ab".repeat(32),
    );
    for (i, damaged) in [
        good[..good.len() / 2].to_string(),
        format!("{good}\0\0\0garbage"),
        first_format,
        fourth_format,
        String::new(),
    ]
    .into_iter()
    .enumerate()
    {
        fs::write(&manifest, &damaged).unwrap();
        fs::write(p.join("public/en/19.99.html"), "an old page").unwrap();
        // A page edited by hand as well: it must not survive.
        fs::write(p.join("public/en/20.02.html"), "edited").unwrap();
        let out = site(p, "public", &[]);
        assert!(
            out.contains("(2 rebuilt, "),
            "the page and the manifest: {out}"
        );
        let old_page = p.join("public/en/19.99.html");
        if i == 3 {
            assert!(!old_page.exists(), "a page relnotes wrote goes");
        } else {
            // Not listed as relnotes': kept, as a file of the user's.
            assert!(out.contains("kept 1 file relnotes did not write"), "{out}");
            fs::remove_file(old_page).unwrap();
        }
        assert_equals_full_build(p, "public");
    }
    // An intact manifest, pages edited by hand: they are written again,
    // even one whose modification time was put back, and an index page.
    fs::write(p.join("public/en/20.02.html"), "edited").unwrap();
    fs::write(p.join("public/sbom/20.03-amd64.cdx.json"), "{}").unwrap();
    let sneaky = p.join("public/md/en/20.04.md");
    edit_behind_mtime(&sneaky);
    fs::write(p.join("public/zh/index.html"), "edited").unwrap();
    let out = site(p, "public", &[]);
    let files = tree(&p.join("public"));
    let rebuilt = 4;
    assert!(
        out.contains(&format!(
            "({rebuilt} rebuilt, {} unchanged",
            files.len() - rebuilt
        )),
        "the four edited files: {out}"
    );
    assert_equals_full_build(p, "public");
}

/// The staging directory of a build of `public` under way in `project`,
/// once it holds a file.
fn staging_under_way(project: &Path, child: &mut Child) -> PathBuf {
    let start = Instant::now();
    loop {
        let staging = fs::read_dir(project)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| {
                p.file_name()
                    .unwrap()
                    .to_string_lossy()
                    .starts_with(".public.relnotes-new-")
            });
        if let Some(staging) = staging
            && fs::read_dir(&staging).is_ok_and(|mut d| d.next().is_some())
        {
            return staging;
        }
        assert!(
            child.try_wait().unwrap().is_none(),
            "the build ended before it was seen under way"
        );
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no staging directory"
        );
        std::thread::sleep(Duration::from_millis(2));
    }
}

fn spawn_site(project: &Path) -> Child {
    Command::new(assert_cmd::cargo::cargo_bin("relnotes"))
        .current_dir(project)
        .args(["site", "--out", "public"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("relnotes starts")
}

#[test]
fn a_killed_build_leaves_the_previous_site_intact() {
    let project = built(60);
    let p = project.path();
    fs::write(p.join("public/CNAME"), "releases.example.com\n").unwrap();
    let before = tree(&p.join("public"));
    // Every page changes, so the build takes as long as a full one.
    override_style(p, "v2");

    let mut child = spawn_site(p);
    let staging = staging_under_way(p, &mut child);
    assert!(
        child.try_wait().unwrap().is_none(),
        "the build ended before it could be killed"
    );
    child.kill().unwrap(); // SIGKILL: no handler runs
    child.wait().unwrap();
    assert!(staging.is_dir(), "a killed build cannot clean up");
    assert!(tree(&p.join("public")) == before, "the old site is intact");

    let out = site(p, "public", &[]);
    let name = staging.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        out.contains(&format!("an earlier build was cut short: removed {name}")),
        "{out}"
    );
    assert!(!staging.exists());
    assert_eq!(
        fs::read_to_string(p.join("public/CNAME")).unwrap(),
        "releases.example.com\n"
    );
    fs::remove_file(p.join("public/CNAME")).unwrap();
    assert_equals_full_build(p, "public");
}

#[test]
fn an_interrupted_build_removes_its_staging_directory_and_keeps_the_site() {
    let project = built(60);
    let p = project.path();
    let before = tree(&p.join("public"));
    override_style(p, "v2");

    let mut child = spawn_site(p);
    let staging = staging_under_way(p, &mut child);
    // SIGINT, as Ctrl-C sends it.
    let signal = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(signal.success());
    let status = child.wait().unwrap();
    if status.success() {
        // The build was done before the signal came: nothing to see.
        return;
    }
    assert_eq!(status.code(), Some(130));
    assert!(!staging.exists(), "the staging directory is removed");
    assert!(tree(&p.join("public")) == before, "the old site is intact");
    let left = staging_left_in(p);
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_second_build_while_one_runs_is_refused() {
    let project = generated(60);
    let p = project.path();
    let mut first = spawn_site(p);
    staging_under_way(p, &mut first);
    let second = relnotes_in(p)
        .args(["site", "--out", "public"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("another `relnotes site` is writing"),
        "{stderr}"
    );
    let first = first.wait_with_output().unwrap();
    assert!(
        first.status.success(),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    assert_equals_full_build(p, "public");
}
