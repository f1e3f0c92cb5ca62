//! Finding a project, reading its files and validating them.

use super::RecordError;
use super::diagnostic::{Diagnostic, Severity, did_you_mean};
use super::model::{Components, Project, Release};
use super::text::{Lang, Text};
use crate::version::{Ecosystem, Version};
use std::collections::HashMap;
use std::fs;
use std::path::{Path, PathBuf};
use toml::Spanned;

pub const PROJECT_FILE: &str = "relnotes.toml";
pub const RELEASES_DIR: &str = "releases";

/// Platform names a record may declare.
pub const KNOWN_ARCHS: [&str; 7] = [
    "amd64", "aarch64", "arm64", "x86_64", "ppc64le", "s390x", "riscv64",
];

/// A project on disk: its root, project file and release files.
#[derive(Debug, Clone)]
pub struct Workspace {
    pub root: PathBuf,
    pub project: Project,
}

/// A release that passed validation, with its warnings.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub release: Release,
    pub path: PathBuf,
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
            .find(|dir| dir.join(PROJECT_FILE).is_file())
            .ok_or_else(|| RecordError::NoProject {
                start: absolute.clone(),
            })?;
        Workspace::open(root)
    }

    /// The project at exactly `root`.
    pub fn open(root: &Path) -> Result<Workspace, RecordError> {
        let path = root.join(PROJECT_FILE);
        let source = read(&path)?;
        let project: Project = parse(&path, &source)?;
        let mut problems = Vec::new();
        for lang in project.languages.get_ref() {
            if lang.get_ref().parse::<Lang>().is_err() {
                problems.push(
                    Diagnostic::at(
                        Severity::Error,
                        &path,
                        &source,
                        Some(lang.span()),
                        format!("unknown language `{}`", lang.get_ref()),
                    )
                    .with_hint(Some("relnotes writes pages in `zh` and `en`".into())),
                );
            }
        }
        if project.languages.get_ref().is_empty() {
            problems.push(Diagnostic::at(
                Severity::Error,
                &path,
                &source,
                Some(project.languages.span()),
                "`languages` is empty",
            ));
        }
        check_texts(
            &path,
            &source,
            &[("product.name".to_string(), &project.product.name)],
            &mut problems,
        );
        if let Some(d) = &project.product.description {
            check_texts(
                &path,
                &source,
                &[("product.description".to_string(), d)],
                &mut problems,
            );
        }
        let errors: Vec<_> = problems.into_iter().filter(Diagnostic::is_error).collect();
        if !errors.is_empty() {
            return Err(RecordError::Invalid(errors));
        }
        Ok(Workspace {
            root: root.to_path_buf(),
            project,
        })
    }

    pub fn languages(&self) -> Vec<Lang> {
        self.project
            .languages
            .get_ref()
            .iter()
            .filter_map(|l| l.get_ref().parse().ok())
            .collect()
    }

    pub fn default_language(&self) -> Lang {
        self.languages().first().copied().unwrap_or(Lang::Zh)
    }

    pub fn releases_dir(&self) -> PathBuf {
        self.root.join(RELEASES_DIR)
    }

    /// Versions with a record, oldest first.
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
                && let Some(stem) = path.file_stem().and_then(|s| s.to_str())
            {
                versions.push(stem.to_string());
            }
        }
        versions.sort_by(|a, b| release_order(a, b));
        Ok(versions)
    }

    pub fn release_path(&self, version: &str) -> PathBuf {
        self.releases_dir().join(format!("{version}.toml"))
    }

    /// Reads and validates one release; warnings are errors when `strict`.
    pub fn load(&self, version: &str, strict: bool) -> Result<Loaded, RecordError> {
        let path = self.release_path(version);
        if version.contains(['/', '\\']) || !path.is_file() {
            return Err(RecordError::UnknownVersion {
                version: version.to_string(),
                known: self.versions().unwrap_or_default(),
                dir: super::diagnostic::shown(&self.releases_dir()),
            });
        }
        let source = read(&path)?;
        let release: Release = parse(&path, &source)?;
        let mut problems = validate(&self.project, &release, &path, &source, version);
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
            warnings,
        })
    }
}

/// Release order: dotted numbers (after an optional `v`) when both are, else text.
pub fn release_order(a: &str, b: &str) -> std::cmp::Ordering {
    let numeric = |s: &str| {
        s.trim_start_matches(['v', 'V'])
            .parse::<crate::version::Dotted>()
            .ok()
    };
    match (numeric(a), numeric(b)) {
        (Some(x), Some(y)) => x.cmp(&y).then_with(|| a.cmp(b)),
        _ => a.cmp(b),
    }
}

fn read(path: &Path) -> Result<String, RecordError> {
    fs::read_to_string(path).map_err(|source| RecordError::Io {
        path: path.to_path_buf(),
        source,
    })
}

fn parse<T: serde::de::DeserializeOwned>(path: &Path, source: &str) -> Result<T, RecordError> {
    toml::from_str(source).map_err(|e| {
        let message = e.message().trim().to_string();
        let hint = hint_for(&message);
        RecordError::Invalid(vec![
            Diagnostic::at(Severity::Error, path, source, e.span(), message).with_hint(hint),
        ])
    })
}

/// Turns serde's "unknown field `x`, expected one of `a`, `b`" into a suggestion.
fn hint_for(message: &str) -> Option<String> {
    let unknown = ["unknown field `", "unknown variant `"]
        .iter()
        .find_map(|p| message.strip_prefix(p))?;
    let (given, rest) = unknown.split_once('`')?;
    let accepted: Vec<&str> = rest.split('`').skip(1).step_by(2).collect();
    did_you_mean(given, accepted)
}

fn validate(
    project: &Project,
    release: &Release,
    path: &Path,
    source: &str,
    file_version: &str,
) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let error = |span: Option<std::ops::Range<usize>>, msg: String| {
        Diagnostic::at(Severity::Error, path, source, span, msg)
    };

    if release.version.get_ref() != file_version {
        out.push(
            error(
                Some(release.version.span()),
                format!(
                    "version `{}` does not match the file name `{file_version}.toml`",
                    release.version.get_ref()
                ),
            )
            .with_hint(Some(format!(
                "rename the file to `{}.toml` or set version = \"{file_version}\"",
                release.version.get_ref()
            ))),
        );
    }

    let archs = release.archs.get_ref();
    if archs.is_empty() {
        out.push(error(
            Some(release.archs.span()),
            "`archs` is empty: a release declares at least one architecture".into(),
        ));
    }
    let mut seen_archs: Vec<&str> = Vec::new();
    for arch in archs {
        let name = arch.get_ref().as_str();
        if !KNOWN_ARCHS.contains(&name) {
            out.push(
                error(
                    Some(arch.span()),
                    format!(
                        "unknown architecture `{name}` (known: {})",
                        KNOWN_ARCHS.join(", ")
                    ),
                )
                .with_hint(did_you_mean(name, KNOWN_ARCHS)),
            );
        }
        if seen_archs.contains(&name) {
            out.push(error(
                Some(arch.span()),
                format!("architecture `{name}` is listed twice"),
            ));
        }
        seen_archs.push(name);
    }
    for (arch, over) in &release.arch {
        if !seen_archs.contains(&arch.get_ref().as_str()) {
            out.push(
                error(Some(arch.span()), format!("override for architecture `{}`, which `archs` does not declare (declared: {})", arch.get_ref(), seen_archs.join(", ")))
                    .with_hint(did_you_mean(arch.get_ref(), seen_archs.iter().copied()).or_else(|| Some(format!("add \"{}\" to `archs`", arch.get_ref())))),
            );
        }
        check_components(project, &over.components, path, source, &mut out);
    }
    check_components(project, &release.components, path, source, &mut out);

    if let Some(driver) = &release.driver {
        let checks = driver
            .cuda
            .iter()
            .map(|v| (Ecosystem::Cuda, v))
            .chain(driver.min.iter().map(|v| (Ecosystem::Generic, v)))
            .chain(
                driver
                    .datacenter
                    .iter()
                    .map(|b| (Ecosystem::Generic, &b.min)),
            );
        for (eco, v) in checks {
            if let Err(e) = Version::parse(eco, v.get_ref()) {
                out.push(error(Some(v.span()), e.to_string()));
            }
        }
    }

    let mut section_ids: HashMap<&str, ()> = HashMap::new();
    for section in &release.sections {
        if section_ids.insert(section.id.get_ref(), ()).is_some() {
            out.push(error(
                Some(section.id.span()),
                format!("section id `{}` is used twice", section.id.get_ref()),
            ));
        }
    }

    check_texts(path, source, &release_texts(release), &mut out);
    out
}

fn check_components(
    project: &Project,
    components: &Components,
    path: &Path,
    source: &str,
    out: &mut Vec<Diagnostic>,
) {
    let mut seen: HashMap<String, &Spanned<String>> = HashMap::new();
    for (name, version) in components {
        let ecosystem = project.ecosystem_of(name.get_ref());
        if let Err(e) = Version::parse(ecosystem, version.get_ref()) {
            let hint = match ecosystem {
                Ecosystem::Pypi => Some(format!(
                    "`{}` is treated as a pypi package; if it is not one, set its ecosystem in relnotes.toml [catalog]",
                    name.get_ref()
                )),
                _ => None,
            };
            out.push(
                Diagnostic::at(
                    Severity::Error,
                    path,
                    source,
                    Some(version.span()),
                    format!("component `{}`: {e}", name.get_ref()),
                )
                .with_hint(hint),
            );
        }
        let key = ecosystem.normalize_name(name.get_ref());
        if let Some(first) = seen.get(&key) {
            let (line, _) = super::diagnostic::line_column(source, first.span().start);
            out.push(Diagnostic::at(
                Severity::Error,
                path,
                source,
                Some(name.span()),
                format!(
                    "duplicate component `{}`: same {ecosystem} package as `{}` on line {line}",
                    name.get_ref(),
                    first.get_ref()
                ),
            ));
        } else {
            seen.insert(key, name);
        }
    }
}

fn list<'a>(name: &str, items: &'a [Text], texts: &mut Vec<(String, &'a Text)>) {
    for (i, t) in items.iter().enumerate() {
        texts.push((format!("{name}[{i}]"), t));
    }
}

/// Every human text of a release, with its place in the record.
pub fn release_texts(release: &Release) -> Vec<(String, &Text)> {
    let mut texts: Vec<(String, &Text)> = vec![("title".into(), &release.title)];
    if let Some(s) = &release.summary {
        texts.push(("summary".into(), s));
    }
    list("requirements", &release.requirements, &mut texts);
    list("features", &release.features, &mut texts);
    match &release.bug_fixes {
        super::model::BugFixes::List(items) => list("bug_fixes", items, &mut texts),
        super::model::BugFixes::None(t) => texts.push(("bug_fixes.none".into(), t)),
    }
    list("known_issues", &release.known_issues, &mut texts);
    for (arch, over) in &release.arch {
        if let Some(reqs) = &over.requirements {
            list(
                &format!("arch.{}.requirements", arch.get_ref()),
                reqs,
                &mut texts,
            );
        }
    }
    for (i, inc) in release.includes.iter().enumerate() {
        if let Some(d) = &inc.detail {
            texts.push((format!("includes[{i}].detail"), d));
        }
    }
    if let Some(w) = release.driver.as_ref().and_then(|d| d.wording.as_ref()) {
        texts.push(("driver.wording".into(), w));
    }
    for (i, a) in release.assets.iter().enumerate() {
        list(&format!("assets[{i}].suits"), &a.suits, &mut texts);
        list(&format!("assets[{i}].not_suits"), &a.not_suits, &mut texts);
        if let Some(n) = &a.note {
            texts.push((format!("assets[{i}].note"), n));
        }
    }
    if let Some(vpc) = &release.vpc_image {
        for (i, p) in vpc.placeholders.iter().enumerate() {
            if let Some(d) = &p.description {
                texts.push((format!("vpc_image.placeholders[{i}].description"), d));
            }
        }
    }
    for s in &release.sections {
        texts.push((format!("sections.{}.title", s.id.get_ref()), &s.title));
        texts.push((format!("sections.{}.body", s.id.get_ref()), &s.body));
    }
    for e in &release.env {
        if let Some(d) = &e.description {
            texts.push((format!("env.{}.description", e.name), d));
        }
    }
    texts
}

/// A missing side is a warning (an error under `--strict`); both missing is an error.
fn check_texts(path: &Path, source: &str, texts: &[(String, &Text)], out: &mut Vec<Diagnostic>) {
    for (place, text) in texts {
        let missing = text.missing();
        if missing.is_empty() {
            continue;
        }
        let (severity, message) = if missing.len() == 2 {
            (
                Severity::Error,
                format!("`{place}` is empty in every language"),
            )
        } else {
            (
                Severity::Warning,
                format!("`{place}` has no `{}` translation", missing[0]),
            )
        };
        out.push(
            Diagnostic::at(severity, path, source, text.span.clone(), message).with_hint(Some(
                format!("add `{} = \"…\"` beside the other language", missing[0]),
            )),
        );
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
