//! A relnotes project in a temp dir with given files, the real binary run
//! in it, and a page imported into it with its record read back.
//!
//! ```ignore
//! let p = Project::empty();
//! let (err, r) = p.import_record(&p.write("page.md", "# x 9.2\n…"), &[], "9.2");
//! assert_eq!(r.features.len(), 1, "{err}");
//! ```

use crate::util::{relnotes_in, root};
use assert_cmd::Command;
use model::{Driver, Release, Workspace};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::time::Duration;

/// A project directory (removed when dropped).
pub struct Project {
    dir: tempfile::TempDir,
}

impl Project {
    /// A project whose relnotes.toml is `config`, with an empty releases/.
    pub fn new(config: &str) -> Self {
        let project = Self::bare();
        project.write("relnotes.toml", config);
        fs::create_dir(project.path().join("releases")).expect("releases dir");
        project
    }

    /// The repository's relnotes.toml and an empty releases/.
    pub fn empty() -> Self {
        Self::new(&fs::read_to_string(root().join("relnotes.toml")).expect("relnotes.toml"))
    }

    /// A project in `languages` (BCP 47 tags) naming no component.
    pub fn in_languages(languages: &[&str]) -> Self {
        let list: Vec<String> = languages.iter().map(|l| format!("\"{l}\"")).collect();
        let names: String = languages
            .iter()
            .map(|l| format!("{l} = \"PyTorch\"\n"))
            .collect();
        Self::new(&format!(
            "languages = [{}]\n[product]\nid = \"pytorch\"\n[product.name]\n{names}",
            list.join(", ")
        ))
    }

    /// An empty directory: no project at all.
    pub fn bare() -> Self {
        Self {
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }

    /// The project with `files` (path relative to it, text) written.
    pub fn with_files(self, files: &[(&str, &str)]) -> Self {
        for (name, text) in files {
            self.write(name, text);
        }
        self
    }

    /// The project's directory.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Writes `text` to `name` in the project (parents made); its path.
    pub fn write(&self, name: &str, text: impl AsRef<[u8]>) -> PathBuf {
        let path = self.path().join(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).expect("parent dir");
        }
        fs::write(&path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        path
    }

    /// `relnotes` run in the project (without the layer cache).
    pub fn relnotes(&self) -> Command {
        relnotes_in(self.path())
    }

    /// `relnotes ARGS` in the project, killed past a generous two minutes.
    pub fn run<S: AsRef<std::ffi::OsStr>>(&self, args: &[S]) -> Output {
        self.relnotes()
            .args(args)
            .timeout(Duration::from_secs(120))
            .output()
            .expect("relnotes runs")
    }

    /// `relnotes import PAGE ARGS` in the project.
    pub fn import(&self, page: &Path, args: &[&str]) -> Output {
        self.relnotes()
            .arg("import")
            .arg(page)
            .args(args)
            .timeout(Duration::from_secs(120))
            .output()
            .expect("relnotes runs")
    }

    /// Imports `page` with `args`: the exit code and stderr.
    pub fn import_code(&self, page: &Path, args: &[&str]) -> (Option<i32>, String) {
        let out = self.import(page, args);
        (out.status.code(), stderr(&out))
    }

    /// Imports `page` with `args`, asserting that import refuses it (exit
    /// 2) and says `says`; `case` names the case in a failure.
    pub fn assert_import_refused(&self, page: &Path, args: &[&str], says: &str, case: &str) {
        let (code, err) = self.import_code(page, args);
        assert_eq!(code, Some(2), "{case}: {err}");
        assert!(err.contains(says), "{case}: {err}");
    }

    /// Imports `page` with `args`, asserting exit 0; import's stderr.
    pub fn import_ok(&self, page: &Path, args: &[&str]) -> String {
        assert_ok(&self.import(page, args))
    }

    /// Imports `page` with `args` (exit 0 asserted) and reads back the
    /// record of `version`: import's stderr and the release.
    pub fn import_record(&self, page: &Path, args: &[&str], version: &str) -> (String, Release) {
        let err = self.import_ok(page, args);
        (err, self.release(version))
    }

    /// The project and the record of `version`, loaded as relnotes loads it.
    pub fn load(&self, version: &str) -> (Workspace, Release) {
        let ws = Workspace::open(self.path()).expect("project opens");
        let release = ws
            .load(version, false)
            .unwrap_or_else(|e| panic!("{version}: {e:?}"))
            .release;
        (ws, release)
    }

    /// The record of `version`, loaded.
    pub fn release(&self, version: &str) -> Release {
        self.load(version).1
    }

    /// The text of releases/VERSION.toml.
    pub fn record(&self, version: &str) -> String {
        self.read(&format!("releases/{version}.toml"))
    }

    /// The text of `name` in the project.
    pub fn read(&self, name: &str) -> String {
        let path = self.path().join(name);
        fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    /// The files in releases/.
    pub fn records(&self) -> Vec<PathBuf> {
        fs::read_dir(self.path().join("releases"))
            .expect("releases dir")
            .map(|e| e.expect("entry").path())
            .collect()
    }
}

/// A record's driver requirement as one line (`cuda … min … datacenter
/// [branch>=min, …]`), for tests comparing records to what a page states.
pub fn driver_summary(d: &Driver) -> String {
    format!(
        "cuda {:?} min {:?} datacenter {:?}",
        d.cuda.as_deref(),
        d.min.as_deref(),
        d.datacenter
            .iter()
            .map(|b| format!("{}>={}", b.branch, b.min))
            .collect::<Vec<_>>()
    )
}

/// A run's exit code (-1 when killed), stdout and stderr.
pub fn outcome(out: &Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// A run's stderr, as text.
pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A run's stdout and stderr, one after the other.
pub fn all_output(out: &Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// Asserts that a run exited 0 (showing its stderr if not); its stderr.
pub fn assert_ok(out: &Output) -> String {
    let err = stderr(out);
    assert!(out.status.success(), "{err}");
    err
}
