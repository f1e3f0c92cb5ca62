//! Property tests on a bounded budget: whatever bytes a record or a page
//! holds, loading and importing end in a value or an error, never a
//! panic, and an error never leaves a record behind. Whatever text a
//! record's names, versions and texts hold, a loaded record holds no
//! hidden control and an error quotes only a little of it. Hostile pages
//! (control characters, nesting past the bounds, sizes past them) run
//! through the binary: each ends in a record that loads or an exit-2 error
//! with nothing written, never an abort, and within a generous deadline.

use crate::util::{relnotes_in, root};
use model::{RecordError, Workspace, first_hidden_control};
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

/// Text of every kind a hostile record may hold: any character, the
/// controls and bidirectional overrides a terminal obeys, quotes and
/// backslashes TOML cares about; now and then a run long enough that an
/// error quoting it whole would be noticed.
fn hostile_text() -> impl Strategy<Value = String> {
    let piece = prop_oneof![
        any::<char>().prop_map(String::from),
        prop::sample::select(vec![
            '\u{0}', '\u{7}', '\u{8}', '\u{b}', '\u{c}', '\r', '\n', '\t', '\u{1b}', '\u{7f}',
            '\u{85}', '\u{9b}', '\u{202a}', '\u{202e}', '\u{2066}', '\u{2069}', '"', '\\',
        ])
        .prop_map(String::from),
        "[a-z0-9.+-]{1,8}",
        (any::<char>(), 1000usize..20_000).prop_map(|(c, n)| c.to_string().repeat(n)),
    ];
    prop::collection::vec(piece, 0..6).prop_map(|pieces| pieces.concat())
}

/// `text` as a TOML string that parses back to `text` (escapes where TOML needs them).
fn toml_string(text: &str) -> String {
    toml::Value::String(text.to_string()).to_string()
}

/// Every key and string of a loaded release, as JSON sees them.
fn strings_of(value: &serde_json::Value, out: &mut Vec<String>) {
    match value {
        serde_json::Value::String(s) => out.push(s.clone()),
        serde_json::Value::Array(items) => items.iter().for_each(|v| strings_of(v, out)),
        serde_json::Value::Object(map) => {
            for (key, v) in map {
                out.push(key.clone());
                strings_of(v, out);
            }
        }
        _ => {}
    }
}

/// Loads `source` as release 9.9 (its version set to match) and checks
/// the outcome: a record holding no hidden control, or an error of
/// bounded length whatever the record quoted. True when it loaded.
fn load_checked(source: &str) -> Result<bool, TestCaseError> {
    let dir = project();
    let source = source.replacen("version = \"25.10\"", "version = \"9.9\"", 1);
    fs::write(dir.path().join("releases/9.9.toml"), &source).unwrap();
    let workspace = Workspace::open(dir.path()).unwrap();
    match workspace.load("9.9", false) {
        Ok(loaded) => {
            let mut strings = Vec::new();
            strings_of(
                &serde_json::to_value(&loaded.release).unwrap(),
                &mut strings,
            );
            for s in strings {
                prop_assert_eq!(first_hidden_control(&s), None, "{:?}", s);
            }
            Ok(true)
        }
        Err(e) => {
            let message = e.to_string();
            prop_assert!(!message.is_empty());
            // A few diagnostics, each quoting a little: never the input whole.
            let diagnostics = match &e {
                RecordError::Invalid(d) => d.len(),
                _ => 1,
            };
            prop_assert!(
                message.chars().count() <= 1_200 * diagnostics,
                "{} diagnostics, {} characters",
                diagnostics,
                message.chars().count()
            );
            Ok(false)
        }
    }
}

fn release_25_10() -> String {
    records()[1].clone()
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
            all: false,
            force: false,
            dry_run: false,
            column: None,
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
        let request = ImportRequest { pages: &pages, version: None, lang: None, all: true, force: false, dry_run: false, column: None };
        let _ = text::run(&workspace, &request);
    }

    #[test]
    fn records_with_hostile_names_versions_and_texts_load_clean_or_fail_briefly(
        // Each is the record's own value or hostile text: one hostile
        // value in an otherwise sound record is what must not load.
        name in prop::option::of(hostile_text()),
        version in prop::option::of(hostile_text()),
        text in prop::option::of(hostile_text()),
        raw in any::<bool>(),
    ) {
        let source = release_25_10();
        let feature = source
            .lines()
            .find(|l| l.starts_with("en = \"Multi-architecture support"))
            .unwrap()
            .to_string();
        // Spelled with TOML's escapes, or written as it is (which TOML
        // itself may refuse).
        let quoted = |s: &str| if raw { format!("\"{s}\"") } else { toml_string(s) };
        let name = name.as_deref().map_or("vllm".to_string(), quoted);
        let version = version.as_deref().map_or("\"0.11.0\"".to_string(), quoted);
        let text = text.as_deref().map_or(feature.clone(), |t| format!("en = {}", quoted(t)));
        let source = source
            .replacen("vllm = \"0.11.0\"", &format!("{name} = {version}"), 1)
            .replacen(&feature, &text, 1);
        load_checked(&source)?;
    }

    #[test]
    fn deeply_nested_values_end_in_an_error_not_a_crash(
        depth in 1usize..400,
        kind in 0usize..4,
        leaf in hostile_text(),
    ) {
        let leaf = toml_string(&leaf);
        let nested = match kind {
            0 => format!("x = {}{leaf}{}\n", "[".repeat(depth), "]".repeat(depth)),
            1 => format!("x = {}{leaf}{}\n", "{ a = ".repeat(depth), " }".repeat(depth)),
            2 => format!("[{}]\nb = {leaf}\n", vec!["a"; depth].join(".")),
            _ => format!("[[{}]]\nb = {leaf}\n", vec!["a"; depth].join(".")),
        };
        // Last: inside the record's last table, or a new top-level one.
        let source = format!("{}{nested}", release_25_10());
        prop_assert!(!load_checked(&source)?, "an unknown key loaded");
    }

    #[test]
    fn importing_hostile_pages_ends_in_a_record_that_loads_or_exit_2(
        shape in 0usize..SHAPES.len(),
        depth in prop_oneof![3 => 0usize..40, 1 => 200usize..2_000],
        items in prop_oneof![6 => 0usize..40, 1 => 50_000usize..60_000],
        text in HOSTILE_PAGE_TEXT,
        headed in proptest::bool::weighted(0.9),
    ) {
        let dir = project();
        let (name, page) = hostile_page(SHAPES[shape], depth, items, &text, headed);
        let path = dir.path().join(name);
        fs::write(&path, page).unwrap();
        let out = relnotes_in(dir.path())
            .args(["import", name, "--version", "9.9"])
            .timeout(std::time::Duration::from_secs(120))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        let written: Vec<PathBuf> = fs::read_dir(dir.path().join("releases"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        // What the terminal shows is a few short lines, whatever the page.
        prop_assert!(err.lines().count() <= 30, "{}", err.chars().take(3000).collect::<String>());
        prop_assert!(err.lines().all(|l| l.chars().count() <= 400), "{}", err.chars().take(3000).collect::<String>());
        match out.status.code() {
            Some(0) => {
                prop_assert_eq!(written.len(), 1);
                let record = fs::read_to_string(&written[0]).unwrap();
                prop_assert_eq!(first_hidden_control(&record), None, "{:?}", record);
                let workspace = Workspace::open(dir.path()).unwrap();
                prop_assert!(workspace.load("9.9", false).is_ok(), "{}", record);
            }
            Some(2) => {
                prop_assert!(err.starts_with("error: "), "{err}");
                prop_assert!(written.is_empty(), "{written:?}");
            }
            other => prop_assert!(false, "exit {other:?} (killed or aborted): {err}"),
        }
    }
}

/// Text with what a hostile page holds: control characters (raw and as
/// character references), bidirectional overrides and isolates, markup.
const HOSTILE_PAGE_TEXT: &str = "([\\x00-\\x1f\\x7f-\\x9f\u{202a}-\u{202e}\u{2066}-\u{2069} -~中]|&#x1b;|&#27;|&#x202e;|&#x85;|<b>|<li>|- |> |\\|){0,40}";

/// The ways a page nests: HTML lists, blocks, quotes and bold; Markdown
/// quotes, lists and indented lists; plain text.
const SHAPES: [&str; 8] = [
    "html-list",
    "html-div",
    "html-quote",
    "html-bold",
    "md-quote",
    "md-list",
    "md-indent",
    "text",
];

/// A page of `shape`: a title and a features heading (unless not
/// `headed`), `text` nested `depth` deep, then `items` features of `text`.
fn hostile_page(
    shape: &str,
    depth: usize,
    items: usize,
    text: &str,
    headed: bool,
) -> (&'static str, String) {
    if let Some(html_shape) = shape.strip_prefix("html-") {
        let open = match html_shape {
            "list" => "<ul><li>",
            "div" => "<div>",
            "quote" => "<blockquote>",
            _ => "<b>",
        };
        let head = if headed {
            "<h1>Release 9.9</h1><h2>Main Features</h2>"
        } else {
            ""
        };
        let features: String = (0..items).map(|i| format!("<li>{i} {text}</li>")).collect();
        let page = format!(
            "<html><body>{head}{}{text}<ul>{features}</ul></body></html>",
            open.repeat(depth)
        );
        return ("page.html", page);
    }
    let features: String = (0..items).map(|i| format!("- {i} {text}\n")).collect();
    if shape == "text" {
        let head = if headed {
            "Release 9.9\nMain Features\n"
        } else {
            ""
        };
        return ("page.txt", format!("{head}{text}\n{features}"));
    }
    let nested = match shape {
        "md-quote" => "> ".repeat(depth),
        "md-list" => "- ".repeat(depth),
        _ => (0..depth)
            .map(|i| format!("{}- x\n", "  ".repeat(i)))
            .collect(),
    };
    let head = if headed {
        "# Release 9.9\n\n## Main Features\n\n"
    } else {
        ""
    };
    ("page.md", format!("{head}{nested}{text}\n\n{features}"))
}
