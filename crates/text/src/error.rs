//! Why pages cannot be imported.

use model::{Lang, OutputError, RecordError};
use std::path::PathBuf;

/// Why `relnotes import` stopped, naming the page or file at fault.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// A page, an existing record or a scratch directory cannot be read or
    /// written.
    #[error("{}: cannot read the page: {source}", path.display())]
    Read {
        /// The file or directory that failed.
        path: PathBuf,
        /// What the operating system said.
        #[source]
        source: std::io::Error,
    },
    /// Nothing could be read from the page: no component, feature, fix or
    /// driver fact, whatever its headings say and whatever version it
    /// states (a file of `KEY=VALUE` lines states one).
    #[error("{}: no release found in the page ({lines} line(s) read): no component, feature, fix or driver fact could be read ({statements} name–version statement(s) found, {unplaced} line(s) placed nowhere); nothing was written\n  = hint: `relnotes import --dry-run --verbose` shows what was read and what was not", path.display())]
    NoRelease {
        /// The page.
        path: PathBuf,
        /// How many lines the page had.
        lines: usize,
        /// How many components the page states with a version.
        statements: usize,
        /// How many of its lines were placed nowhere.
        unplaced: usize,
    },
    /// The page is larger than import reads.
    #[error("{}: the page is larger than {} MiB, more than any release-notes page\n  = hint: import the release-notes page itself, not an archive or a whole site", path.display(), MAX_PAGE_BYTES >> 20)]
    TooLarge {
        /// The page.
        path: PathBuf,
    },
    /// The page's HTML elements, or its Markdown lists and quotes, nest
    /// deeper than 256 (`MAX_NESTING`).
    #[error("{}: the page nests its {what} more than {MAX_NESTING} deep, deeper than any release-notes page\n  = hint: import the release-notes page itself", path.display())]
    TooDeep {
        /// The page.
        path: PathBuf,
        /// What nests: "elements", "lists and quotes".
        what: &'static str,
    },
    /// The page holds more than 50 000 (`MAX_ITEMS`) lines, HTML elements or
    /// record entries.
    #[error("{}: the page holds more than {MAX_ITEMS} {what}, more than any release-notes page\n  = hint: import the release-notes page itself, not an archive or a whole site", path.display())]
    TooMany {
        /// The page.
        path: PathBuf,
        /// What there are too many of.
        what: &'static str,
    },
    /// The Markdown page holds more than 1 000 000 (`MAX_MARKDOWN_MARKS`) marks.
    #[error("{}: the page holds more than {MAX_MARKDOWN_MARKS} Markdown marks (`*`, `_`, `` ` ``, `[`, `|` …), more than any release-notes page\n  = hint: import the release-notes page itself, not an archive or a whole site", path.display())]
    TooManyMarks {
        /// The page.
        path: PathBuf,
    },
    /// The page is not UTF-8 text.
    #[error("{}: the page is not UTF-8 text (byte {at})\n  = hint: save the page as UTF-8", path.display())]
    NotText {
        /// The page.
        path: PathBuf,
        /// The offset of the first byte that is not UTF-8.
        at: usize,
    },
    /// The page states no version and none was given.
    #[error("{}: the page states no version\n  = hint: pass --version (with one page)", path.display())]
    NoVersion {
        /// The page.
        path: PathBuf,
    },
    /// A version was given with more than one page.
    #[error(
        "--version names the release of one page; {0} pages were given\n  = hint: each page is imported to the version it states"
    )]
    VersionForManyPages(usize),
    /// A version was given with `--all`.
    #[error(
        "--version names the release of one page; --all imports each release of a page to the version it states\n  = hint: drop --version, or --all"
    )]
    VersionWithAll,
    /// The record made from a page cannot be encoded, or does not load
    /// as the project's loader reads records.
    #[error("{}: the imported record does not load:\n{message}", path.display())]
    Invalid {
        /// The page the record came from, or the record file.
        path: PathBuf,
        /// What the encoder or the loader said.
        message: String,
    },
    /// The record exists and already has texts in the page's language
    /// (and `force` was not asked for).
    #[error("{} exists and already has `{lang}` texts\n  = hint: pass --force to replace the record", path.display())]
    Exists {
        /// The existing record.
        path: PathBuf,
        /// The language whose texts it already has.
        lang: Lang,
    },
    /// The page is in a language the project does not write in.
    #[error("{}: the page is in `{lang}`, not one of the project's languages ({langs})\n  = hint: add `{lang}` to `languages` in relnotes.toml, or pass --lang", path.display())]
    Language {
        /// The page.
        path: PathBuf,
        /// The page's language.
        lang: Lang,
        /// The project's languages, quoted.
        langs: String,
    },
    /// Two pages of one import give the same release in the same language.
    #[error("{}: release {version} in `{lang}` comes from two pages (also {})", page.display(), other.display())]
    Twice {
        /// The later page.
        page: PathBuf,
        /// The earlier page of the same release and language.
        other: PathBuf,
        /// The release both pages state.
        version: String,
        /// The language of both pages.
        lang: Lang,
    },
    /// Two releases of one page (a changelog, with `--all`) state the
    /// same version.
    #[error("{}: release {version} in `{lang}` is on the page twice, under two headings\n  = hint: each release of a changelog goes to the record of the version its heading states: correct the page, or import it without --all (its first release)", page.display())]
    TwiceInPage {
        /// The page.
        page: PathBuf,
        /// The release both headings state.
        version: String,
        /// The page's language.
        lang: Lang,
    },
    /// The existing record to merge a page into is not valid TOML.
    #[error("cannot merge into {}: {message}", path.display())]
    Merge {
        /// The existing record.
        path: PathBuf,
        /// What the TOML parser said.
        message: String,
    },
    /// The version breaks the one rule for release versions
    /// ([`model::is_release_version`]).
    #[error("{}: `{}` is not a release version\n  = hint: {}", path.display(), model::clip(version, 80), model::RELEASE_VERSION_RULE)]
    NotAVersion {
        /// The page.
        path: PathBuf,
        /// The version as stated or given.
        version: String,
    },
    /// The project's `import.toml` is not valid.
    #[error("{}: {message}\n  = hint: the project's import words hold `[headings]` (features = [\"…\"], fixes, components, driver, known_issues, assets …) and `[component.NAME]` tables of `aliases` (docs/import.md)", path.display())]
    Words {
        /// The words file.
        path: PathBuf,
        /// What is wrong with it.
        message: String,
    },
    /// The project (`relnotes.toml`, a record) cannot be opened or loaded.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The project's `import.toml` is a link out of the project, a FIFO …
    #[error(transparent)]
    File(#[from] model::ProjectFileError),
    /// A record cannot be written.
    #[error(transparent)]
    Output(#[from] OutputError),
}

/// The largest page import reads: release notes are kilobytes, and a
/// bound keeps a wrong file (or `/dev/zero`) from growing without end.
pub(crate) const MAX_PAGE_BYTES: u64 = 16 << 20;

/// How deep a page's HTML elements, or its Markdown lists and quotes, may
/// nest: release notes nest a few levels, and the parsers' work grows
/// with the depth.
pub(crate) const MAX_NESTING: usize = 256;

/// The most items of each kind a page may hold: HTML elements, lines, and
/// entries of the record it gives (features, fixes, known issues,
/// components, assets, sections). Release notes hold hundreds; the bound
/// keeps import's memory, the record's checks included, within 256 MiB.
pub(crate) const MAX_ITEMS: usize = 50_000;

/// The most Markdown marks a page may hold (`*`, `_`, `` ` ``, `[`, `]`,
/// `!`, `<`, `&`, `\`, `~`, `|`): the Markdown parser keeps a node for
/// each.
pub(crate) const MAX_MARKDOWN_MARKS: usize = 1_000_000;

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
