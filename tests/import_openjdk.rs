//! OpenJDK's release notes, as a JDK build ships them (ojdkbuild's
//! NEWS-8.txt, from the forty-second corpus half): releases named by their
//! update (`8u332`), issue notes whose headings upgrade a library, and the
//! time zone database a release moves to.

use crate::support::project::assert_ok;
use crate::util::{relnotes_in, root};
use std::fs;

#[test]
fn java_updates_are_releases_and_issue_notes_are_not() {
    let dir = tempfile::tempdir().unwrap();
    assert!(
        relnotes_in(dir.path())
            .args(["init", "."])
            .output()
            .unwrap()
            .status
            .success()
    );
    let page = root().join("tests/fixtures/import/corpus/held-out-41/ojdkbuild/news-8.en.txt");
    let out = relnotes_in(dir.path())
        .arg("import")
        .arg(&page)
        .arg("--all")
        .output()
        .unwrap();
    assert_ok(&out);
    let mut records: Vec<String> = fs::read_dir(dir.path().join("releases"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    records.sort();
    // "New in release OpenJDK 8u332 (2022-04-19):": the update, not the date;
    // "JDK-8230839: Updated XML Signature Implementation to Apache Santuario
    // 2.1.3": a library's upgrade, no release.
    assert_eq!(
        records,
        [
            "8u252.toml",
            "8u262.toml",
            "8u265.toml",
            "8u272.toml",
            "8u275.toml",
            "8u282.toml",
            "8u292.toml",
            "8u302.toml",
            "8u312.toml",
            "8u322.toml",
            "8u332.toml",
        ]
    );
    // "Update Timezone Data to 2021e": tzdata, a year and a letter.
    let record = fs::read_to_string(dir.path().join("releases/8u322.toml")).unwrap();
    assert!(record.contains("tzdata = \"2021e\""), "{record}");
    let record = fs::read_to_string(dir.path().join("releases/8u282.toml")).unwrap();
    assert!(
        record.contains("\"2.1.3\""),
        "Santuario's upgrade stays a component: {record}"
    );
}
