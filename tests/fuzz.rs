//! Property tests on a bounded budget: whatever bytes a record or a page
//! holds, loading and importing end in a value or an error, never a
//! panic, and an error never leaves a record behind.

use crate::util::root;
use model::record::Workspace;
use proptest::prelude::*;
use std::fs;
use std::path::{Path, PathBuf};
use text::ImportRequest;

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 48,
        failure_persistence: None,
        // The same cases every run: CI is reproducible.
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x7e1_0e5),
        ..ProptestConfig::default()
    }
}

/// A project with the repository's project file and no release.
fn project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("releases")).unwrap();
    fs::copy(
        root().join("relnotes.toml"),
        dir.path().join("relnotes.toml"),
    )
    .unwrap();
    dir
}

/// A real record with a stretch of it replaced by arbitrary text: close
/// enough to parse far, broken enough to reach every error path.
fn mangled(source: &str, at: usize, cut: usize, insert: &str) -> String {
    let mut at = at % (source.len() + 1);
    while !source.is_char_boundary(at) {
        at -= 1;
    }
    let mut end = (at + cut).min(source.len());
    while !source.is_char_boundary(end) {
        end += 1;
    }
    format!("{}{insert}{}", &source[..at], &source[end..])
}

fn records() -> Vec<String> {
    ["releases/25.05.toml", "releases/25.10.toml"]
        .iter()
        .map(|p| fs::read_to_string(root().join(p)).unwrap())
        .collect()
}

fn pages() -> Vec<String> {
    [
        "training-nv-pytorch-25.10.zh.txt",
        "training-nv-pytorch-25.10.zh.html",
        "aws-dlc-pytorch-training-gpu-ec2-2.6.en.txt",
        "nvidia-pytorch-container-20.02.en.txt",
    ]
    .iter()
    .map(|p| fs::read_to_string(root().join("tests/fixtures/import").join(p)).unwrap())
    .collect()
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn loading_a_mangled_record_never_panics(
        which in 0usize..2,
        at in any::<usize>(),
        cut in 0usize..200,
        insert in "[ -~\n\t\"\\[\\]=中{}]{0,40}",
    ) {
        let dir = project();
        let source = mangled(&records()[which], at, cut, &insert);
        fs::write(dir.path().join("releases/9.9.toml"), &source).unwrap();
        let workspace = Workspace::open(dir.path()).unwrap();
        match workspace.load("9.9", false) {
            Ok(loaded) => prop_assert!(!loaded.release.archs.is_empty()),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn loading_arbitrary_bytes_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let dir = project();
        fs::write(dir.path().join("releases/9.9.toml"), &bytes).unwrap();
        let workspace = Workspace::open(dir.path()).unwrap();
        let _ = workspace.load("9.9", false);
    }

    #[test]
    fn importing_a_mangled_page_never_panics_and_errors_write_nothing(
        which in 0usize..4,
        at in any::<usize>(),
        cut in 0usize..400,
        insert in "[ -~\n\t|#*<>中文升级至]{0,60}",
    ) {
        let dir = project();
        let extension = if which == 1 { "html" } else { "txt" };
        let page = dir.path().join(format!("page.{extension}"));
        fs::write(&page, mangled(&pages()[which], at, cut, &insert)).unwrap();
        let workspace = Workspace::open(dir.path()).unwrap();
        let pages = [page];
        let request = ImportRequest {
            pages: &pages,
            version: Some("9.9"),
            lang: None,
            force: false,
        };
        let written = |dir: &Path| -> Vec<PathBuf> {
            fs::read_dir(dir.join("releases")).unwrap().map(|e| e.unwrap().path()).collect()
        };
        match text::run(&workspace, &request) {
            Ok(imported) => {
                prop_assert_eq!(imported.len(), 1);
                prop_assert_eq!(written(dir.path()).len(), 1);
                prop_assert!(workspace.load("9.9", false).is_ok());
            }
            Err(e) => {
                prop_assert!(!e.to_string().is_empty());
                prop_assert!(written(dir.path()).is_empty());
            }
        }
    }

    #[test]
    fn importing_arbitrary_text_never_panics(text in "\\PC{0,300}") {
        let dir = project();
        let page = dir.path().join("page.md");
        fs::write(&page, &text).unwrap();
        let workspace = Workspace::open(dir.path()).unwrap();
        let pages = [page];
        let request = ImportRequest { pages: &pages, version: None, lang: None, force: false };
        let _ = text::run(&workspace, &request);
    }
}
