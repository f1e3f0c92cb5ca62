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

/// `-o` writes regular files only: a FIFO or a device stays what it is,
/// with or without `--force`.
#[cfg(unix)]
#[test]
fn output_to_a_fifo_or_a_device_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    crate::util::mkfifo(&fifo);
    for target in [fifo.as_path(), std::path::Path::new("/dev/null")] {
        let out = relnotes_in(&root())
            .args(["sbom", "25.10", "--arch", "amd64", "--force", "-o"])
            .arg(target)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("is not a regular file") && stderr.contains("-o writes regular files"),
            "{stderr}"
        );
    }
    use std::os::unix::fs::FileTypeExt;
    assert!(fs::symlink_metadata(&fifo).unwrap().file_type().is_fifo());
    assert!(
        fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device()
    );
}

/// A failed write to stdout (a full disk behind `> file`) is an error,
/// never a truncated output with exit 0.
#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_an_error() {
    let full = fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_relnotes"))
        .current_dir(root())
        .args(["sbom", "25.10", "--arch", "amd64"])
        .stdout(full)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot write standard output"), "{stderr}");
}

/// A record that is not UTF-8 is refused with where the first bad byte
/// is; a UTF-16 one is named as such.
#[test]
fn records_that_are_not_utf8_say_where_and_what() {
    let dir = crate::util::scratch_project();
    let record = dir.path().join("releases/25.05.toml");
    let mut bytes = fs::read(&record).unwrap();
    bytes.splice(0..0, b"# caf\xe9\n".iter().copied());
    fs::write(&record, &bytes).unwrap();
    let out = relnotes_in(dir.path())
        .args(["render", "25.05"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains(
            "releases/25.05.toml:1:6: error: the file is not UTF-8: byte 5 (0xe9) does not start a character"
        ),
        "{stderr}"
    );

    let text =
        String::from_utf8(fs::read(dir.path().join("releases/25.10.toml")).unwrap()).unwrap();
    let mut utf16 = vec![0xff, 0xfe];
    utf16.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
    fs::write(dir.path().join("releases/25.10.toml"), utf16).unwrap();
    let out = relnotes_in(dir.path())
        .args(["render", "25.10"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("releases/25.10.toml: error: the file is UTF-16; relnotes reads UTF-8")
            && stderr.contains("iconv -f UTF-16 -t UTF-8"),
        "{stderr}"
    );
}

/// A directory named like a record is not a release, and no hint says it is.
#[test]
fn a_directory_named_like_a_record_is_not_a_version() {
    let dir = crate::util::scratch_project();
    fs::create_dir(dir.path().join("releases/26.01.toml")).unwrap();
    let out = relnotes_in(dir.path())
        .args(["render", "26.01"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("known versions: 25.05, 25.10\n"),
        "{stderr}"
    );
    let list = relnotes_in(dir.path()).arg("list").output().unwrap();
    assert!(!String::from_utf8_lossy(&list.stdout).contains("26.01"));
}
