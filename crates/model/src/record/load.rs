//! Finding a project, reading its files and validating them.

use super::RecordError;
use super::diagnostic::{Diagnostic, Severity, did_you_mean};
use super::model::{Components, Project, Release};
use super::source_map::{LineIndex, SourceMap, join};
use super::text::{Lang, Text};
use crate::diagnostic::clip;
use crate::project_file;
use crate::version::{Ecosystem, Version};
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The project file's name; the directory that holds it is the project's root.
pub const PROJECT_FILE: &str = "relnotes.toml";
/// The directory below the root that holds one `<version>.toml` per release.
pub(crate) const RELEASES_DIR: &str = "releases";
/// The directory below the root that holds a project's labels, one
/// `<tag>.toml` per language (docs/languages.md).
pub(crate) const LOCALES_DIR: &str = "locales";
/// The largest labels file read: the built-in ones are about 10 KiB.
pub(crate) const MAX_LOCALE_BYTES: u64 = 256 * 1024;

/// The most characters of a name (a component, a section id) a message quotes.
const NAME_CHARS: usize = 80;

/// A project on disk: its root, project file and release files.
#[derive(Debug, Clone)]
pub struct Workspace {
    /// The directory that holds `relnotes.toml`.
    pub root: PathBuf,
    /// The project file, validated.
    pub project: Project,
    /// What opening it found short of an error (labels a project's
    /// `locales/<tag>.toml` lacks).
    pub warnings: Vec<Diagnostic>,
}

/// A release that passed validation, with its warnings and where its
/// parts stand in the source (for diagnostics).
#[derive(Debug, Clone)]
pub struct Loaded {
    /// The record.
    pub release: Release,
    /// The file it was read from (or is about to be written to).
    pub path: PathBuf,
    /// Its text, to place diagnostics about it.
    pub sources: SourceMap,
    /// What validation found short of an error (missing translations).
    pub warnings: Vec<Diagnostic>,
}

impl Workspace {
    /// The project whose `relnotes.toml` is in `start` or a parent of it.
    pub fn discover(start: &Path) -> Result<Workspace, RecordError> {
        let start = if start.as_os_str().is_empty() {
            Path::new(".")
        } else {
            start
        };
        let absolute = fs::canonicalize(start).map_err(|source| RecordError::Io {
            path: start.to_path_buf(),
            source,
        })?;
        let root = absolute
            .ancestors()
            .find(|dir| project_file::present(&dir.join(PROJECT_FILE)))
            .ok_or_else(|| RecordError::NoProject {
                start: absolute.clone(),
            })?;
        Workspace::open(root)
    }

    /// The root of the project in `start` or a parent of it, if there is
    /// one, its files unread.
    pub fn find_root(start: &Path) -> Option<PathBuf> {
        let absolute = fs::canonicalize(start).ok()?;
        absolute
            .ancestors()
            .find(|dir| project_file::present(&dir.join(PROJECT_FILE)))
            .map(Path::to_path_buf)
    }

    /// The project at exactly `root`.
    pub fn open(root: &Path) -> Result<Workspace, RecordError> {
        let path = root.join(PROJECT_FILE);
        let source = read(root, &path)?;
        let project: Project = parse(&path, &source)?;
        let sources = SourceMap::new(&path, &source);
        let mut problems = Vec::new();
        if project.languages.is_empty() {
            problems.push(sources.diagnostic(
                Severity::Error,
                sources.value("languages"),
                "`languages` is empty",
            ));
        }
        let mut texts = vec![TextPlace::new(
            "product.name",
            "product.name",
            &project.product.name,
        )];
        if let Some(d) = &project.product.description {
            texts.push(TextPlace::new(
                "product.description",
                "product.description",
                d,
            ));
        }
        for (i, lang) in project.languages.iter().enumerate() {
            if project.languages[..i].contains(lang) {
                problems.push(sources.diagnostic(
                    Severity::Error,
                    sources.value(&format!("languages[{i}]")),
                    format!("the language `{lang}` is listed twice"),
                ));
            }
        }
        check_texts(&sources, &project.languages, &texts, &mut problems);
        let (errors, mut warnings): (Vec<_>, Vec<_>) =
            problems.into_iter().partition(Diagnostic::is_error);
        if !errors.is_empty() {
            return Err(RecordError::Invalid(errors));
        }
        warnings.extend(load_locales(root, &project.languages)?);
        Ok(Workspace {
            root: root.to_path_buf(),
            project,
            warnings,
        })
    }

    /// The languages pages are written in, the default first.
    pub fn languages(&self) -> Vec<Lang> {
        self.project.languages.clone()
    }

    /// The first of the project's languages (English if it lists none, which the loader refuses).
    pub fn default_language(&self) -> Lang {
        self.languages().first().copied().unwrap_or(Lang::EN)
    }

    /// `<root>/releases`.
    pub fn releases_dir(&self) -> PathBuf {
        self.root.join(RELEASES_DIR)
    }

    /// Versions with a record, oldest first: every `*.toml` in `releases/`
    /// but a directory. A link or a FIFO is listed, and refused when read
    /// unless it is a link to a file inside the project.
    pub fn versions(&self) -> Result<Vec<String>, RecordError> {
        let dir = self.releases_dir();
        let entries = fs::read_dir(&dir).map_err(|source| RecordError::Io {
            path: dir.clone(),
            source,
        })?;
        let mut versions = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|source| RecordError::Io {
                path: dir.clone(),
                source,
            })?;
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "toml")
                && project_file::present(&path)
                && let Some(stem) = path.file_stem().and_then(|s| s.to_str())
            {
                versions.push(stem.to_string());
            }
        }
        versions.sort_by(|a, b| release_order(a, b));
        Ok(versions)
    }

    /// `<root>/releases/<version>.toml`, whether or not it exists.
    pub fn release_path(&self, version: &str) -> PathBuf {
        self.releases_dir().join(format!("{version}.toml"))
    }

    /// Reads and validates one release; warnings are errors when `strict`.
    pub fn load(&self, version: &str, strict: bool) -> Result<Loaded, RecordError> {
        let source = self.read_release(version)?;
        self.load_source(version, &source, strict)
    }

    /// The text of `releases/<version>.toml`, unchecked (import merges
    /// into it); read only as a regular file inside the project.
    pub fn read_release(&self, version: &str) -> Result<String, RecordError> {
        let path = self.release_path(version);
        if version.contains(['/', '\\']) || !project_file::present(&path) {
            return Err(RecordError::UnknownVersion {
                version: version.to_string(),
                known: self.versions().unwrap_or_default(),
                dir: super::diagnostic::shown(&self.releases_dir()),
            });
        }
        read(&self.root, &path)
    }

    /// Validates `source` as the text of `releases/<version>.toml` (a
    /// record about to be written), as [`Workspace::load`] would read it.
    pub fn load_source(
        &self,
        version: &str,
        source: &str,
        strict: bool,
    ) -> Result<Loaded, RecordError> {
        let path = self.release_path(version);
        let release: Release = parse(&path, source)?;
        let sources = SourceMap::new(&path, source);
        let mut problems = validate(&self.project, &release, &sources, version);
        if strict {
            for p in &mut problems {
                p.severity = Severity::Error;
            }
        }
        let (errors, warnings): (Vec<_>, Vec<_>) =
            problems.into_iter().partition(Diagnostic::is_error);
        if !errors.is_empty() {
            return Err(RecordError::Invalid(errors));
        }
        Ok(Loaded {
            release,
            path,
            sources,
            warnings,
        })
    }
}

/// Release order, a total one: versions (after an optional `v`: dotted
/// numbers, and PEP 440's pre-, post- and local releases, `0.23.0rc1 <
/// 0.23.0`) in their order, before names that are none (`2025-12-23`,
/// `cuda11.0.3`) in text order; equal versions by their text.
pub fn release_order(a: &str, b: &str) -> std::cmp::Ordering {
    use std::str::FromStr;
    let key = |s: &str| pep440_rs::Version::from_str(s.trim_start_matches(['v', 'V'])).ok();
    match (key(a), key(b)) {
        (Some(x), Some(y)) => x.cmp(&y).then_with(|| a.cmp(b)),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => a.cmp(b),
    }
}

/// The text of `path`, a file of the project at `root` (read as
/// [`project_file::read`] reads). A file that is not UTF-8 is refused with
/// where the first bad byte is, and what to do when it is UTF-16.
fn read(root: &Path, path: &Path) -> Result<String, RecordError> {
    let bytes = project_file::read(root, path)?;
    String::from_utf8(bytes).map_err(|e| {
        let bytes = e.as_bytes();
        let utf16 = bytes.starts_with(&[0xff, 0xfe]) || bytes.starts_with(&[0xfe, 0xff]);
        let valid = &bytes[..e.utf8_error().valid_up_to()];
        let prefix = std::str::from_utf8(valid).unwrap_or_default();
        let at = LineIndex::new(prefix).line_column(prefix, prefix.len());
        let (message, hint) = if utf16 {
            (
                "the file is UTF-16; relnotes reads UTF-8".to_string(),
                "convert it, e.g. iconv -f UTF-16 -t UTF-8",
            )
        } else {
            (
                format!(
                    "the file is not UTF-8: byte {} (0x{:02x}) does not start a character",
                    valid.len(),
                    bytes[valid.len()]
                ),
                "save the file as UTF-8",
            )
        };
        let line = (!utf16).then_some(at);
        let mut diagnostic =
            Diagnostic::new(Severity::Error, &super::diagnostic::shown(path), message)
                .with_hint(Some(hint.into()));
        if let Some(at) = line {
            diagnostic = diagnostic.at(at.line, at.column);
        }
        RecordError::Invalid(vec![diagnostic])
    })
}

/// The most characters of a TOML or serde message shown: one quoting a
/// 200 KB value or key is clipped.
const MESSAGE_CHARS: usize = 300;

/// `source` parsed as TOML, checked for hidden controls
/// ([`super::controls`]), then read as a `T`; each failure is a
/// diagnostic naming the file, line and column.
fn parse<T: serde::de::DeserializeOwned>(path: &Path, source: &str) -> Result<T, RecordError> {
    let failed = |e: toml::de::Error| {
        let message = e.message().trim();
        let hint = hint_for(message);
        let map = SourceMap::new(path, source);
        let message = clip(message, MESSAGE_CHARS);
        RecordError::Invalid(vec![
            map.diagnostic_at_span(Severity::Error, e.span(), message)
                .with_hint(hint),
        ])
    };
    let root = toml::de::DeTable::parse(source).map_err(failed)?;
    let controls = super::controls::check(root.get_ref(), path, source);
    if !controls.is_empty() {
        return Err(RecordError::Invalid(controls));
    }
    T::deserialize(toml::de::Deserializer::from(root)).map_err(failed)
}

/// Turns serde's "unknown field `x`, expected one of `a`, `b`" (and the
/// model's "unknown architecture `x` (known: a, b)") into a suggestion.
fn hint_for(message: &str) -> Option<String> {
    let unknown = message.strip_prefix("unknown ")?;
    let (_, unknown) = unknown.split_once('`')?;
    let (given, rest) = unknown.split_once('`')?;
    if let Some((_, known)) = rest.split_once("(known: ") {
        let known = known.trim_end_matches(')');
        return did_you_mean(given, known.split(", "));
    }
    let accepted: Vec<&str> = rest.split('`').skip(1).step_by(2).collect();
    did_you_mean(given, accepted)
}

fn validate(
    project: &Project,
    release: &Release,
    sources: &SourceMap,
    file_version: &str,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let error = |at, msg: String| sources.diagnostic(Severity::Error, at, msg);

    if !super::is_release_version(&release.version) {
        out.push(
            error(
                sources.value("version"),
                format!("`{}` is not a release version", clip(&release.version, 80)),
            )
            .with_hint(Some(super::RELEASE_VERSION_RULE.to_string())),
        );
    } else if release.version != file_version {
        out.push(
            error(
                sources.value("version"),
                format!(
                    "version `{}` does not match the file name `{file_version}.toml`",
                    release.version
                ),
            )
            .with_hint(Some(format!(
                "rename the file to `{}.toml` or set version = \"{file_version}\"",
                release.version
            ))),
        );
    }

    if release.archs.is_empty() {
        out.push(error(
            sources.value("archs"),
            "`archs` is empty: a release declares at least one architecture".into(),
        ));
    }
    let mut seen_archs: Vec<&str> = Vec::new();
    for (i, arch) in release.archs.iter().enumerate() {
        let name = arch.as_str();
        if seen_archs.contains(&name) {
            out.push(error(
                sources.value(&format!("archs[{i}]")),
                format!("architecture `{name}` is listed twice"),
            ));
        }
        seen_archs.push(name);
    }
    for (arch, over) in &release.arch {
        let table = join("arch", arch.as_str());
        if !seen_archs.contains(&arch.as_str()) {
            out.push(
                error(sources.key(&table), format!("override for architecture `{arch}`, which `archs` does not declare (declared: {})", seen_archs.join(", ")))
                    .with_hint(did_you_mean(arch.as_str(), seen_archs.iter().copied()).or_else(|| Some(format!("add \"{arch}\" to `archs`")))),
            );
        }
        check_components(
            project,
            &over.components,
            &join(&table, "components"),
            sources,
            &mut out,
        );
    }
    check_components(
        project,
        &release.components,
        "components",
        sources,
        &mut out,
    );

    if let Some(driver) = &release.driver {
        let checks = driver
            .cuda
            .iter()
            .map(|v| (Ecosystem::Cuda, v, "driver.cuda".to_string()))
            .chain(
                driver
                    .min
                    .iter()
                    .map(|v| (Ecosystem::Generic, v, "driver.min".to_string())),
            )
            .chain(driver.datacenter.iter().enumerate().map(|(i, b)| {
                (
                    Ecosystem::Generic,
                    &b.min,
                    format!("driver.datacenter[{i}].min"),
                )
            }));
        for (eco, v, place) in checks {
            if let Err(e) = Version::parse(eco, v) {
                out.push(error(sources.value(&place), e.to_string()));
            }
        }
    }

    let mut section_ids: HashMap<&str, ()> = HashMap::new();
    for (i, section) in release.sections.iter().enumerate() {
        if section_ids.insert(&section.id, ()).is_some() {
            out.push(error(
                sources.value(&format!("sections[{i}].id")),
                format!(
                    "section id `{}` is used twice",
                    clip(&section.id, NAME_CHARS)
                ),
            ));
        }
    }

    check_texts(
        sources,
        &project.languages,
        &release_texts(release),
        &mut out,
    );
    out
}

fn check_components(
    project: &Project,
    components: &Components,
    table: &str,
    sources: &SourceMap,
    out: &mut Vec<Diagnostic>,
) {
    let mut seen: HashMap<String, &str> = HashMap::new();
    for (name, version) in components {
        let place = join(table, name);
        let shown_name = clip(name, NAME_CHARS);
        let ecosystem = project.ecosystem_of(name);
        if let Err(e) = Version::parse(ecosystem, version) {
            let hint = match ecosystem {
                Ecosystem::Pypi => Some(format!(
                    "`{shown_name}` is treated as a pypi package; if it is not one, set its ecosystem in relnotes.toml [catalog]"
                )),
                _ => None,
            };
            out.push(
                sources
                    .diagnostic(
                        Severity::Error,
                        sources.value(&place),
                        format!("component `{shown_name}`: {e}"),
                    )
                    .with_hint(hint),
            );
        }
        let key = ecosystem.normalize_name(name);
        if let Some(first) = seen.get(&key) {
            let line = sources
                .key(&join(table, first))
                .map_or(0, |at| sources.line_column(at).line);
            out.push(sources.diagnostic(
                Severity::Error,
                sources.key(&place),
                format!(
                    "duplicate component `{shown_name}`: same {ecosystem} package as `{}` on line {line}",
                    clip(first, NAME_CHARS)
                ),
            ));
        } else {
            seen.insert(key, name);
        }
    }
}

/// A human text of a record: how messages name it, and its TOML path.
pub(crate) struct TextPlace<'a> {
    pub(crate) label: String,
    pub(crate) path: String,
    pub(crate) text: &'a Text,
}

impl<'a> TextPlace<'a> {
    fn new(label: impl Into<String>, path: impl Into<String>, text: &'a Text) -> TextPlace<'a> {
        TextPlace {
            label: label.into(),
            path: path.into(),
            text,
        }
    }
}

fn list<'a>(name: &str, items: &'a [Text], texts: &mut Vec<TextPlace<'a>>) {
    for (i, t) in items.iter().enumerate() {
        let place = format!("{name}[{i}]");
        texts.push(TextPlace::new(place.clone(), place, t));
    }
}

/// Every human text of a release, with its place in the record.
pub(crate) fn release_texts(release: &Release) -> Vec<TextPlace<'_>> {
    let mut texts = vec![TextPlace::new("title", "title", &release.title)];
    if let Some(s) = &release.summary {
        texts.push(TextPlace::new("summary", "summary", s));
    }
    list("requirements", &release.requirements, &mut texts);
    list("features", &release.features, &mut texts);
    match &release.bug_fixes {
        super::model::BugFixes::List(items) => list("bug_fixes", items, &mut texts),
        super::model::BugFixes::None(t) => {
            texts.push(TextPlace::new("bug_fixes.none", "bug_fixes.none", t))
        }
    }
    list("known_issues", &release.known_issues, &mut texts);
    for (arch, over) in &release.arch {
        if let Some(reqs) = &over.requirements {
            list(&format!("arch.{arch}.requirements"), reqs, &mut texts);
        }
    }
    for (i, inc) in release.includes.iter().enumerate() {
        if let Some(d) = &inc.detail {
            let place = format!("includes[{i}].detail");
            texts.push(TextPlace::new(place.clone(), place, d));
        }
    }
    if let Some(w) = release.driver.as_ref().and_then(|d| d.wording.as_ref()) {
        texts.push(TextPlace::new("driver.wording", "driver.wording", w));
    }
    for (i, a) in release.assets.iter().enumerate() {
        list(&format!("assets[{i}].suits"), &a.suits, &mut texts);
        list(&format!("assets[{i}].not_suits"), &a.not_suits, &mut texts);
        if let Some(n) = &a.note {
            let place = format!("assets[{i}].note");
            texts.push(TextPlace::new(place.clone(), place, n));
        }
    }
    if let Some(vpc) = &release.vpc_image {
        for (i, p) in vpc.placeholders.iter().enumerate() {
            if let Some(d) = &p.description {
                let place = format!("vpc_image.placeholders[{i}].description");
                texts.push(TextPlace::new(place.clone(), place, d));
            }
        }
    }
    for (i, s) in release.sections.iter().enumerate() {
        texts.push(TextPlace::new(
            format!("sections.{}.title", clip(&s.id, NAME_CHARS)),
            format!("sections[{i}].title"),
            &s.title,
        ));
        texts.push(TextPlace::new(
            format!("sections.{}.body", clip(&s.id, NAME_CHARS)),
            format!("sections[{i}].body"),
            &s.body,
        ));
    }
    for (i, e) in release.env.iter().enumerate() {
        if let Some(d) = &e.description {
            texts.push(TextPlace::new(
                format!("env.{}.description", clip(&e.name, NAME_CHARS)),
                format!("env[{i}].description"),
                d,
            ));
        }
    }
    texts
}

/// Reads `locales/<tag>.toml` of each of the project's languages that has
/// one and lays it over the built-in labels (`labels::install`). A
/// language with neither is an error; keys a file lacks fall back to
/// English, with one warning naming them; a key no label has is an error.
fn load_locales(root: &Path, langs: &[Lang]) -> Result<Vec<Diagnostic>, RecordError> {
    let mut warnings = Vec::new();
    let mut errors = Vec::new();
    for &lang in langs {
        let path = locale_path(root, lang);
        let source = match project_file::read_at_most(root, &path, MAX_LOCALE_BYTES) {
            Err(e) if e.is_not_found() => {
                if !crate::labels::has_built_in(lang) {
                    errors.push(
                        Diagnostic::new(
                            Severity::Error,
                            &super::diagnostic::shown(&root.join(PROJECT_FILE)),
                            format!("relnotes has no labels in `{lang}`"),
                        )
                        .with_hint(Some(format!(
                            "write them: relnotes labels en > {LOCALES_DIR}/{lang}.toml, then translate the values (docs/languages.md)"
                        ))),
                    );
                }
                continue;
            }
            read => read?,
        };
        if source.len() as u64 > MAX_LOCALE_BYTES {
            errors.push(Diagnostic::new(
                Severity::Error,
                &super::diagnostic::shown(&path),
                format!(
                    "the labels file is larger than {} KiB",
                    MAX_LOCALE_BYTES / 1024
                ),
            ));
            continue;
        }
        let source = String::from_utf8(source).map_err(|_| {
            RecordError::Invalid(vec![Diagnostic::new(
                Severity::Error,
                &super::diagnostic::shown(&path),
                "the file is not UTF-8",
            )])
        })?;
        let table: crate::labels::Table = parse(&path, &source)?;
        let sources = SourceMap::new(&path, &source);
        let known: Vec<&str> = crate::labels::keys().collect();
        for key in table.keys().filter(|k| !known.contains(&k.as_str())) {
            errors.push(
                sources
                    .diagnostic(
                        Severity::Error,
                        sources.key(key),
                        format!("unknown label `{}`", clip(key, NAME_CHARS)),
                    )
                    .with_hint(did_you_mean(key, known.iter().copied())),
            );
        }
        let missing = crate::labels::install(lang, &table);
        if !missing.is_empty() {
            warnings.push(
                Diagnostic::new(
                    Severity::Warning,
                    &super::diagnostic::shown(&path),
                    format!(
                        "{} labels fall back to English: {}",
                        missing.len(),
                        missing.join(", ")
                    ),
                )
                .with_hint(Some(format!(
                    "add them: relnotes labels {lang} lists every label as it now reads"
                ))),
            );
        }
    }
    if errors.is_empty() {
        Ok(warnings)
    } else {
        Err(RecordError::Invalid(errors))
    }
}

/// `lang`'s labels as `relnotes labels` prints them: the project's
/// `locales/<tag>.toml` at `root` laid over the built-in ones, or the
/// built-in ones; with the warnings the project's file earned.
pub fn labels_file(
    root: Option<&Path>,
    lang: Lang,
) -> Result<(String, Vec<Diagnostic>), RecordError> {
    let warnings = match root {
        Some(root) => load_locales(root, &[lang])?,
        None if crate::labels::has_built_in(lang) => Vec::new(),
        None => {
            return Err(RecordError::Invalid(vec![
                Diagnostic::new(
                    Severity::Error,
                    Path::new(PROJECT_FILE),
                    format!("relnotes has no labels in `{lang}`, and there is no project here to give them"),
                )
                .with_hint(Some(format!(
                    "in the project: relnotes labels en > {LOCALES_DIR}/{lang}.toml, then translate the values (docs/languages.md)"
                ))),
            ]));
        }
    };
    Ok((crate::labels::to_toml(lang), warnings))
}

/// `<root>/locales/<tag>.toml`: a project's labels in `lang`.
pub(crate) fn locale_path(root: &Path, lang: Lang) -> PathBuf {
    root.join(LOCALES_DIR).join(format!("{lang}.toml"))
}

/// A text missing one of the project's languages is a warning (an error
/// under `--strict`); missing all of them is an error. Texts in a language
/// the project no longer writes in are left out of what it publishes, with
/// one warning for the file (as Hugo and Docusaurus pass over the content
/// of a locale they are not configured for).
fn check_texts(
    sources: &SourceMap,
    langs: &[Lang],
    texts: &[TextPlace],
    out: &mut Vec<Diagnostic>,
) {
    let mut foreign: Vec<Lang> = Vec::new();
    let mut first_foreign = None;
    for place in texts {
        let label = &place.label;
        let at = sources.value(&place.path);
        for lang in place.text.foreign(langs) {
            first_foreign.get_or_insert(at);
            if !foreign.contains(&lang) {
                foreign.push(lang);
            }
        }
        let missing = place.text.missing(langs);
        if missing.is_empty() {
            continue;
        }
        let diagnostic = if missing.len() == langs.len() {
            sources.diagnostic(
                Severity::Error,
                at,
                format!("`{label}` is empty in every language"),
            )
        } else {
            sources.diagnostic(
                Severity::Warning,
                at,
                format!("`{label}` has no {} translation", tag_list(&missing, "or")),
            )
        };
        let others = if langs.len() - missing.len() == 1 {
            "the other language"
        } else {
            "the other languages"
        };
        out.push(diagnostic.with_hint(Some(format!(
            "add `{} = \"…\"` beside {others}",
            missing[0]
        ))));
    }
    if let Some(at) = first_foreign {
        let (them, is) = if foreign.len() == 1 {
            ("it", "is")
        } else {
            ("them", "are")
        };
        out.push(
            sources
                .diagnostic(
                    Severity::Warning,
                    at,
                    format!(
                        "texts in {} left out: {} {is} not among the project's languages",
                        tag_list(&foreign, "and"),
                        tag_list(&foreign, "and")
                    ),
                )
                .with_hint(Some(format!(
                    "the project writes in {} (`languages` in relnotes.toml); add {them} there to publish {them}",
                    tag_list(langs, "and")
                ))),
        );
    }
}

/// `` `zh`, `en` and `ja` `` (with `or` in place of `and` as asked).
pub(crate) fn tag_list(langs: &[Lang], and: &str) -> String {
    let quoted: Vec<String> = langs.iter().map(|l| format!("`{l}`")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {and} {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hints_come_from_serde_messages() {
        assert_eq!(
            hint_for("unknown field `featurs`, expected one of `version`, `features`, `title`")
                .as_deref(),
            Some("did you mean `features`?")
        );
        assert_eq!(
            hint_for(
                "unknown variant `generik`, expected one of `pypi`, `deb`, `os`, `cuda`, `generic`"
            )
            .as_deref(),
            Some("did you mean `generic`?")
        );
        assert_eq!(
            hint_for("invalid type: integer `3`, expected a string"),
            None
        );
    }

    #[test]
    fn releases_sort_by_version_not_text() {
        let mut v = vec!["25.10", "v2.9", "25.05", "v2.10", "9.1"];
        v.sort_by(|a, b| release_order(a, b));
        assert_eq!(v, ["v2.9", "v2.10", "9.1", "25.05", "25.10"]);
        // Pre-releases, names that are no versions: a total order (a sort
        // of them once panicked), versions first.
        let mut v = vec![
            "v0.23.0",
            "cuda11.0.3",
            "0.23.0rc1",
            "2025-12-23",
            "v0.9.1",
            "0.22.1rc1",
            "2.8.10+xpu",
            "20250715_aiter",
        ];
        v.sort_by(|a, b| release_order(a, b));
        assert_eq!(
            v,
            [
                "v0.9.1",
                "0.22.1rc1",
                "0.23.0rc1",
                "v0.23.0",
                "2.8.10+xpu",
                "2025-12-23",
                "20250715_aiter",
                "cuda11.0.3"
            ]
        );
        for a in &v {
            for b in &v {
                assert_eq!(
                    release_order(a, b),
                    release_order(b, a).reverse(),
                    "{a} {b}"
                );
            }
        }
    }

    #[test]
    fn bug_fixes_accept_a_list_or_an_explicit_none() {
        let base = "version = \"1\"\narchs = [\"amd64\"]\ntitle = { zh = \"t\", en = \"t\" }\n";
        let none: Release = toml::from_str(&format!(
            "{base}[bug_fixes]\nnone = {{ zh = \"暂无\", en = \"None\" }}"
        ))
        .unwrap();
        assert!(matches!(none.bug_fixes, super::super::BugFixes::None(_)));
        let list: Release =
            toml::from_str(&format!("{base}[[bug_fixes]]\nzh = \"a\"\nen = \"b\"")).unwrap();
        assert_eq!(list.bug_fixes.items().len(), 1);
        let wrong = toml::from_str::<Release>(&format!(
            "{base}[bug_fixes]\nnon = {{ zh = \"a\", en = \"b\" }}"
        ));
        assert!(wrong.unwrap_err().message().contains("unknown field `non`"));
    }
}
