//! Helpers shared by the integration tests: the real binary, run on the
//! project's own records or on a scratch copy of them.

#![allow(dead_code)]

use assert_cmd::Command;
use std::fs;
use std::path::{Path, PathBuf};

/// The repository root (the project the tests read).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `relnotes` with `-C <root>`. Without the layer cache: every test
/// reads its images (tests/cache.rs tests the cache).
pub fn relnotes() -> Command {
    let mut cmd = Command::cargo_bin("relnotes").expect("binary built");
    cmd.arg("-C").arg(root()).env("RELNOTES_NO_CACHE", "1");
    cmd
}

/// `relnotes` run in `dir`, without `-C` (and without the layer cache).
pub fn relnotes_in(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("relnotes").expect("binary built");
    cmd.current_dir(dir).env("RELNOTES_NO_CACHE", "1");
    cmd
}

/// A scratch copy of the project (relnotes.toml and releases/) to break.
pub fn scratch_project() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::copy(
        root().join("relnotes.toml"),
        dir.path().join("relnotes.toml"),
    )
    .expect("copy project file");
    fs::create_dir(dir.path().join("releases")).expect("releases dir");
    for entry in fs::read_dir(root().join("releases")).expect("releases") {
        let path = entry.expect("entry").path();
        fs::copy(
            &path,
            dir.path().join("releases").join(path.file_name().unwrap()),
        )
        .expect("copy record");
    }
    dir
}

/// Stdout of a successful run.
pub fn stdout_of(cmd: &mut Command) -> String {
    let out = cmd.output().expect("runs");
    assert!(
        out.status.success(),
        "exit {:?}\nstderr:\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// Problems html5ever reports while parsing `html` as an HTML document.
pub fn html5_parse_errors(html: &str) -> Vec<String> {
    use html5ever::tendril::TendrilSink;
    let dom = html5ever::parse_document(markup5ever_rcdom::RcDom::default(), Default::default())
        .one(html);
    dom.errors.borrow().iter().map(|e| e.to_string()).collect()
}

/// Reads `text` as XML to the end: every tag closed in order, every entity
/// one of XML's own or a character reference, every attribute well-formed,
/// no bare `<` or `&` in text.
pub fn xml_well_formed(text: &str) -> Result<usize, String> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(text);
    reader.config_mut().check_end_names = true;
    let mut open: Vec<String> = Vec::new();
    let mut elements = 0;
    loop {
        let at = reader.buffer_position();
        let event = reader
            .read_event()
            .map_err(|e| format!("at byte {at}: {e}"))?;
        match event {
            Event::Start(e) => {
                check_attributes(&e)?;
                open.push(e.name().as_ref().to_string());
                elements += 1;
            }
            Event::Empty(e) => {
                check_attributes(&e)?;
                elements += 1;
            }
            Event::End(e) => {
                let name = e.name().as_ref().to_string();
                match open.pop() {
                    Some(top) if top == name => {}
                    other => return Err(format!("at byte {at}: </{name}> closes {other:?}")),
                }
            }
            Event::GeneralRef(r) => {
                let name = r.to_string();
                let known = matches!(name.as_str(), "amp" | "lt" | "gt" | "quot" | "apos");
                if !known && !matches!(r.resolve_char_ref(), Ok(Some(_))) {
                    return Err(format!("at byte {at}: entity &{name}; is not XML"));
                }
            }
            Event::Text(t) => {
                let raw = t.to_string();
                if raw.contains('<') || raw.contains('&') {
                    return Err(format!(
                        "at byte {at}: bare markup character in text {raw:?}"
                    ));
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    if !open.is_empty() {
        return Err(format!("unclosed elements at the end: {open:?}"));
    }
    Ok(elements)
}

fn check_attributes(e: &quick_xml::events::BytesStart) -> Result<(), String> {
    for attr in e.attributes() {
        let attr = attr.map_err(|err| format!("attribute of <{}>: {err}", e.name().as_ref()))?;
        attr.normalized_value(quick_xml::XmlVersion::Implicit1_0)
            .map_err(|err| format!("attribute value {:?}: {err}", attr.value))?;
    }
    Ok(())
}

/// Makes a FIFO at `path` (with the system's `mkfifo`).
pub fn mkfifo(path: &Path) {
    let status = std::process::Command::new("mkfifo")
        .arg(path)
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo {}", path.display());
}
