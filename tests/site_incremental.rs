//! Integration tests: incremental rebuilds of `relnotes site` — an
//! incremental build equals a full one byte for byte, rewrites only what
//! depends on the change, and a killed or concurrent build never harms the
//! site on disk.

use crate::site::tree;
use crate::support::catalogue;
use crate::util::{relnotes_in, root};
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A scratch project of `n` generated releases.
fn generated(n: usize) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    catalogue::write_project(&root(), dir.path(), n);
    dir
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

/// Every file's inode: a file relnotes did not rewrite keeps its inode
/// (linked from the previous build), a rewritten one has a new one.
fn inodes(dir: &Path) -> BTreeMap<String, u64> {
    tree(dir)
        .into_keys()
        .map(|p| {
            let ino = fs::metadata(dir.join(&p)).expect("stat").ino();
            (p, ino)
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

/// The files that changed inode between two builds, overview pages aside.
fn rewritten(before: &BTreeMap<String, u64>, after: &BTreeMap<String, u64>) -> BTreeSet<String> {
    after
        .iter()
        .filter(|(p, ino)| !is_overview(p) && before.get(*p) != Some(ino))
        .map(|(p, _)| p.clone())
        .collect()
}

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
    // A fingerprint per record, for the next build to take when the
    // record's text did not change.
    let manifest = fs::read_to_string(p.join("public/.relnotes-site")).unwrap();
    assert_eq!(
        manifest
            .lines()
            .filter(|l| l.starts_with("record "))
            .count(),
        12
    );

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
    // version are rendered again (the matrix), the others reused (the
    // indexes show no component versions).
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

    // A comment changes no value: nothing is rewritten but the overview.
    fs::write(
        &record,
        format!("# reviewed\n{}", fs::read_to_string(&record).unwrap()),
    )
    .unwrap();
    let before = after;
    site(p, "public", &[]);
    assert_eq!(
        rewritten(&before, &inodes(&p.join("public"))),
        BTreeSet::new()
    );
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

/// Changes one component version of release `i`.
fn edit_record(project: &Path, i: usize, to: &str) {
    let record = project.join(format!("releases/{}.toml", catalogue::version(i)));
    let text = fs::read_to_string(&record).unwrap();
    let edited = text.replacen("ray = \"2.50.1\"", &format!("ray = \"{to}\""), 1);
    assert_ne!(edited, text, "the edit changes the record");
    fs::write(&record, edited).unwrap();
}

#[test]
fn the_previous_site_is_kept_as_a_spare_and_put_right_whatever_it_holds() {
    let project = generated(12);
    let p = project.path();
    let spare = p.join(".public.relnotes-spare");
    site(p, "public", &[]);
    assert!(
        !spare.exists(),
        "a first build has no previous site to keep"
    );
    edit_record(p, 3, "2.51.0");
    site(p, "public", &[]);
    assert!(
        spare.join("en/index.html").is_file(),
        "the old site is kept"
    );

    // Whatever happened to the spare since (a build killed while it was
    // being updated, hands in it), the next build uses only what is still
    // linked to the checked files of the site.
    let outside = tempfile::tempdir().unwrap();
    fs::write(outside.path().join("theirs.html"), "theirs").unwrap();
    let v = catalogue::version(7);
    fs::remove_file(spare.join(".relnotes-site")).unwrap();
    fs::remove_file(spare.join("en/index.html")).unwrap();
    fs::write(spare.join("en/index.html"), "stale").unwrap();
    fs::remove_file(spare.join(format!("en/{v}.html"))).unwrap();
    fs::write(spare.join("en/stray.html"), "stray").unwrap();
    fs::create_dir_all(spare.join("junk/deeper")).unwrap();
    fs::write(spare.join("junk/deeper/x"), "x").unwrap();
    fs::remove_dir_all(spare.join("zh")).unwrap();
    std::os::unix::fs::symlink(outside.path(), spare.join("zh")).unwrap();

    edit_record(p, 5, "2.52.0");
    let before = inodes(&p.join("public"));
    let out = site(p, "public", &[]);
    assert!(out.contains("unchanged since the last build"), "{out}");
    assert_equals_full_build(p, "public");
    let after = inodes(&p.join("public"));
    let v5 = catalogue::version(5);
    assert!(
        !rewritten(&before, &after).contains(&format!("en/{v}.html")),
        "an unchanged page keeps its inode"
    );
    assert!(rewritten(&before, &after).contains(&format!("en/{v5}.html")));
    let theirs: Vec<_> = fs::read_dir(outside.path()).unwrap().collect();
    assert_eq!(theirs.len(), 1, "nothing written through the symlink");
    assert_eq!(
        fs::read_to_string(outside.path().join("theirs.html")).unwrap(),
        "theirs"
    );
    // The site just replaced is the spare now.
    assert!(spare.join("zh").is_dir() && !spare.join("zh").is_symlink());
    assert!(spare.join(".relnotes-site").is_file());

    // A build that reuses nothing (another template) starts afresh and
    // replaces the spare.
    override_style(p, "v2");
    site(p, "public", &[]);
    assert_equals_full_build(p, "public");
    let record = p.join(format!("releases/{v}.toml"));
    let good = fs::read_to_string(&record).unwrap();
    fs::write(&record, format!("{good}\n[[broken")).unwrap();
    let broken = relnotes_in(p)
        .args(["site", "--out", "public"])
        .output()
        .unwrap();
    assert_eq!(broken.status.code(), Some(2));
    assert!(
        spare.is_dir(),
        "a record that does not load touches nothing"
    );
    fs::write(&record, good).unwrap();

    // A spare that is a symlink to elsewhere is neither used nor followed:
    // the symlink itself is replaced.
    fs::remove_dir_all(&spare).unwrap();
    std::os::unix::fs::symlink(outside.path(), &spare).unwrap();
    edit_record(p, 9, "2.53.0");
    site(p, "public", &[]);
    assert!(spare.is_dir() && !spare.is_symlink());
    assert_eq!(
        fs::read_to_string(outside.path().join("theirs.html")).unwrap(),
        "theirs"
    );
    assert_eq!(fs::read_dir(outside.path()).unwrap().count(), 1);
    assert_equals_full_build(p, "public");
}

#[test]
fn added_and_removed_records_rewrite_their_neighbours_and_equal_a_full_build() {
    let project = generated(10);
    let p = project.path();
    site(p, "public", &[]);

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
    // and the newer one's page links that diff.
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
        expected.insert(format!("md/{lang}/{newer}.md"));
    }
    assert_eq!(rewritten(&before, &after), expected);
    assert!(!after.contains_key(&format!("en/{removed}.html")));
    assert_equals_full_build(p, "public");
}

#[test]
fn a_changed_template_rebuilds_everything() {
    let project = generated(6);
    let p = project.path();
    site(p, "public", &[]);
    let before = inodes(&p.join("public"));
    override_style(p, "house style");
    let out = site(p, "public", &[]);
    assert!(!out.contains("unchanged"), "{out}");
    let after = inodes(&p.join("public"));
    assert!(
        after
            .iter()
            .all(|(path, ino)| before.get(path) != Some(ino)),
        "every file rewritten"
    );
    assert!(
        fs::read_to_string(p.join("public/en/20.03.html"))
            .unwrap()
            .contains("/* house style */")
    );
    assert_equals_full_build(p, "public");
    // So does another --base-url: every page's head changes.
    let before = after;
    site(p, "public", &["--base-url", "https://example.com/notes"]);
    let after = inodes(&p.join("public"));
    assert!(
        after
            .iter()
            .all(|(path, ino)| before.get(path) != Some(ino))
    );
}

#[test]
fn a_damaged_manifest_or_page_gives_a_correct_build() {
    let project = generated(6);
    let p = project.path();
    site(p, "public", &[]);
    let manifest = p.join("public/.relnotes-site");
    let good = fs::read_to_string(&manifest).unwrap();
    let first_format: String = good
        .lines()
        .skip(3)
        .map(|l| format!("{}\n", l.rsplit(' ').next().unwrap()))
        .collect();
    let inputs_of_last = good.lines().last().unwrap().split(' ').nth(1).unwrap();
    for damaged in [
        good[..good.len() / 2].to_string(),
        good.replace(&format!(" {inputs_of_last} "), " ? "),
        format!("{good}\0\0\0garbage"),
        first_format,
        String::new(),
    ] {
        fs::write(&manifest, &damaged).unwrap();
        // A page edited by hand as well: it must not survive.
        fs::write(p.join("public/en/20.02.html"), "edited").unwrap();
        let out = site(p, "public", &[]);
        assert!(!out.contains("unchanged"), "a full build: {out}");
        assert_equals_full_build(p, "public");
    }
    // An intact manifest, pages edited by hand: they are rendered again,
    // even one whose modification time was put back, and an index page.
    fs::write(p.join("public/en/20.02.html"), "edited").unwrap();
    fs::write(p.join("public/sbom/20.03-amd64.cdx.json"), "{}").unwrap();
    let sneaky = p.join("public/md/en/20.04.md");
    let mtime = fs::metadata(&sneaky).unwrap().modified().unwrap();
    let text = fs::read_to_string(&sneaky).unwrap();
    fs::write(&sneaky, text.replacen('#', "%", 1)).unwrap();
    fs::File::options()
        .write(true)
        .open(&sneaky)
        .unwrap()
        .set_modified(mtime)
        .unwrap();
    fs::write(p.join("public/zh/index.html"), "edited").unwrap();
    let out = site(p, "public", &[]);
    let files = tree(&p.join("public"));
    // The four files and the manifest.
    let rebuilt = 5;
    assert!(
        out.contains(&format!(
            "({rebuilt} rebuilt, {} unchanged",
            files.len() - rebuilt
        )),
        "the four edited files and the manifest: {out}"
    );
    assert_equals_full_build(p, "public");
}

#[test]
fn the_parsed_records_kept_beside_the_site_never_change_what_is_built() {
    let project = generated(8);
    let p = project.path();
    let kept = p.join(".public.relnotes-records");
    let lines = || fs::read_to_string(&kept).unwrap().lines().count();
    site(p, "public", &[]);
    assert_eq!(lines(), 1 + 8, "a header and a line per record");

    // An edited record: its new line is added, and the build is exact.
    edit_record(p, 3, "2.51.0");
    site(p, "public", &[]);
    assert_eq!(lines(), 1 + 9);
    assert_equals_full_build(p, "public");

    // Damaged: a line whose release is not a release, a file cut short,
    // garbage, another format. Each build is exact and leaves a file
    // that the next one can use whole.
    let good = fs::read_to_string(&kept).unwrap();
    let (head, last) = good.trim_end().rsplit_once('\t').unwrap();
    for (i, damaged) in [
        format!("{head}\t{{\"version\": 7}}\n"),
        format!("{head}\t{}", &last[..last.len() / 2]),
        "\0garbage\n".to_string(),
        good.replacen("relnotes-records 1", "relnotes-records 0", 1),
    ]
    .into_iter()
    .enumerate()
    {
        fs::write(&kept, damaged).unwrap();
        edit_record(p, 5 + i % 2, &format!("2.52.{i}"));
        site(p, "public", &[]);
        assert_equals_full_build(p, "public");
        let text = fs::read_to_string(&kept).unwrap();
        assert!(text.starts_with("relnotes-records 1 ") && text.ends_with('\n'));
        edit_record_back(p, 5 + i % 2, &format!("2.52.{i}"));
    }

    // Another project file: the lines kept for the old one are not used.
    let project_file = p.join("relnotes.toml");
    let text = fs::read_to_string(&project_file).unwrap();
    fs::write(&project_file, format!("{text}\nray = \"generic\"\n")).unwrap();
    site(p, "public", &[]);
    assert_eq!(lines(), 1 + 8, "written afresh");
    assert_equals_full_build(p, "public");

    // A build killed while writing it left a temporary file: removed.
    let leftover = p.join(".public.relnotes-records-Zz99");
    fs::write(&leftover, "relnotes-records 1 ").unwrap();
    let out = site(p, "public", &[]);
    assert!(
        out.contains("an earlier build was cut short: removed .public.relnotes-records-Zz99"),
        "{out}"
    );
    assert!(!leftover.exists());

    // A check trusts nothing of an earlier build, and writes nothing.
    fs::remove_file(&kept).unwrap();
    let check = relnotes_in(p)
        .args(["site", "--check", "--out", "public"])
        .output()
        .unwrap();
    assert_eq!(check.status.code(), Some(0));
    assert!(!kept.exists());
}

/// Puts back the component version `edit_record` changed to `from`.
fn edit_record_back(project: &Path, i: usize, from: &str) {
    let record = project.join(format!("releases/{}.toml", catalogue::version(i)));
    let text = fs::read_to_string(&record).unwrap();
    let edited = text.replacen(&format!("ray = \"{from}\""), "ray = \"2.50.1\"", 1);
    assert_ne!(edited, text, "the edit changes the record");
    fs::write(&record, edited).unwrap();
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
    let project = generated(60);
    let p = project.path();
    site(p, "public", &[]);
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
