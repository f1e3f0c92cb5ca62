//! Why pages cannot be imported.

use model::output::OutputError;
use model::record::{Lang, RecordError};
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("{}: cannot read the page: {source}", path.display())]
    Read {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{}: no release found in the page ({lines} line(s) read): no heading import knows, no features, components or fixes\n  = hint: known headings include Main Features, What's new, Bug fixes, Contents, Core Packages, Driver Requirements, Known Issues, Assets (and 主要特性, 问题修复, 核心组件, 驱动要求, 已知问题 …)", path.display())]
    NoRelease { path: PathBuf, lines: usize },
    #[error("{}: the page is larger than {} MiB, more than any release-notes page\n  = hint: import the release-notes page itself, not an archive or a whole site", path.display(), MAX_PAGE_BYTES >> 20)]
    TooLarge { path: PathBuf },
    #[error("{}: the page nests its {what} more than {MAX_NESTING} deep, deeper than any release-notes page\n  = hint: import the release-notes page itself", path.display())]
    TooDeep { path: PathBuf, what: &'static str },
    #[error("{}: the page holds more than {MAX_ITEMS} {what}, more than any release-notes page\n  = hint: import the release-notes page itself, not an archive or a whole site", path.display())]
    TooMany { path: PathBuf, what: &'static str },
    #[error("{}: the page holds more than {MAX_MARKDOWN_MARKS} Markdown marks (`*`, `_`, `` ` ``, `[`, `|` …), more than any release-notes page\n  = hint: import the release-notes page itself, not an archive or a whole site", path.display())]
    TooManyMarks { path: PathBuf },
    #[error("{}: the page is not UTF-8 text (byte {at})\n  = hint: save the page as UTF-8", path.display())]
    NotText { path: PathBuf, at: usize },
    #[error("{}: the page states no version\n  = hint: pass --version (with one page)", path.display())]
    NoVersion { path: PathBuf },
    #[error(
        "--version names the release of one page; {0} pages were given\n  = hint: each page is imported to the version it states"
    )]
    VersionForManyPages(usize),
    #[error("{}: the imported record does not load:\n{message}", path.display())]
    Invalid { path: PathBuf, message: String },
    #[error("{} exists and already has `{lang}` texts\n  = hint: pass --force to replace the record", path.display())]
    Exists { path: PathBuf, lang: Lang },
    #[error("{}: release {version} in `{lang}` comes from two pages (also {})", page.display(), other.display())]
    Twice {
        page: PathBuf,
        other: PathBuf,
        version: String,
        lang: Lang,
    },
    #[error("cannot merge into {}: {message}", path.display())]
    Merge { path: PathBuf, message: String },
    #[error("{}: `{}` is not a release version\n  = hint: {}", path.display(), model::diagnostic::clip(version, 80), model::record::RELEASE_VERSION_RULE)]
    NotAVersion { path: PathBuf, version: String },
    #[error("{}: {message}\n  = hint: the project's import words hold `[headings]` (features = [\"…\"], fixes, components, driver, known_issues, assets …) and `[component.NAME]` tables of `aliases` (docs/import.md)", path.display())]
    Words { path: PathBuf, message: String },
    #[error(transparent)]
    Record(#[from] RecordError),
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// The largest page import reads: release notes are kilobytes, and a
/// bound keeps a wrong file (or `/dev/zero`) from growing without end.
pub const MAX_PAGE_BYTES: u64 = 16 << 20;

/// How deep a page's HTML elements, or its Markdown lists and quotes, may
/// nest: release notes nest a few levels, and the parsers' work grows
/// with the depth.
pub const MAX_NESTING: usize = 256;

/// The most items of each kind a page may hold: HTML elements, lines, and
/// entries of the record it gives (features, fixes, known issues,
/// components, assets, sections). Release notes hold hundreds; the bound
/// keeps import's memory, the record's checks included, within 256 MiB.
pub const MAX_ITEMS: usize = 50_000;

/// The most Markdown marks a page may hold (`*`, `_`, `` ` ``, `[`, `]`,
/// `!`, `<`, `&`, `\`, `~`, `|`): the Markdown parser keeps a node for
/// each.
pub const MAX_MARKDOWN_MARKS: usize = 1_000_000;

/// Where reading a page passed a bound: what nests too deep, or what
/// there are too many of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Overflow {
    Nesting(&'static str),
    Items(&'static str),
    Marks,
}

impl Overflow {
    pub(crate) fn at(self, path: &std::path::Path) -> ImportError {
        let path = path.to_path_buf();
        match self {
            Overflow::Nesting(what) => ImportError::TooDeep { path, what },
            Overflow::Items(what) => ImportError::TooMany { path, what },
            Overflow::Marks => ImportError::TooManyMarks { path },
        }
    }
}
