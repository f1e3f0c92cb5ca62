//! Bad input writes nothing. The other error cases (a clear error naming
//! what and where, exit code 2, nothing on stdout) are data: tests/cmd/.
//!
//! This one stays in Rust: trycmd compares only the files a case's `.out/`
//! directory names, so a case cannot say that a file is absent.

use crate::cmd::copy_tree;
use crate::util::{relnotes_in, root};
use std::fs;

#[test]
fn nothing_is_written_on_error() {
    // The project of tests/cmd/unknown-field: 25.10 has a misspelt field;
    // 25.05 too, so that `diff` reaches the broken record.
    let dir = tempfile::tempdir().unwrap();
    copy_tree(&root().join("tests/cmd/unknown-field.in"), dir.path());
    fs::copy(
        root().join("releases/25.05.toml"),
        dir.path().join("releases/25.05.toml"),
    )
    .unwrap();
    let before = fs::read_dir(dir.path()).unwrap().count();
    for args in [
        &["render", "25.10", "-o", "out.md"][..],
        &[
            "diff", "25.05", "25.10", "--format", "json", "-o", "out.json",
        ],
    ] {
        let out = relnotes_in(dir.path()).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("releases/25.10.toml:17:3: error: unknown field `featurs`"),
            "{stderr}"
        );
    }
    let leftovers: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        leftovers.len(),
        before,
        "only relnotes.toml and releases/: {leftovers:?}"
    );
}
