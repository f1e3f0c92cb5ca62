//! `relnotes site --check`: each page, as it is rendered, compared with
//! its file in `DIR` by the rule a build keeps a file by, so that the two
//! agree: a page is up to date when a build would keep its file as it is.

use super::error::{MANIFEST, Sink, SiteError};
use super::manifest;
use super::previous::Previous;
use super::write::{Router, root_dir, under};
use model::{Diagnostic, Severity};
use serde::Serialize;
use std::path::Path;
use std::sync::{Mutex, PoisonError};

/// How the directory on disk differs from the site as built now.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct CheckReport {
    /// Pages of the site that are not on disk.
    pub missing: Vec<String>,
    /// Pages on disk whose bytes differ.
    pub changed: Vec<String>,
    /// Pages relnotes wrote before (listed in the manifest) that it no
    /// longer produces.
    pub extra: Vec<String>,
}

impl CheckReport {
    /// Whether any page is missing, changed or extra.
    pub fn is_stale(&self) -> bool {
        !(self.missing.is_empty() && self.changed.is_empty() && self.extra.is_empty())
    }

    /// For people: one line per page that differs.
    pub fn to_text(&self, dir: &Path) -> String {
        self.to_text_with_hint(dir, &format!("relnotes site --out {}", dir.display()))
    }

    /// [`CheckReport::to_text`] with `command` as the way to rebuild.
    pub fn to_text_with_hint(&self, dir: &Path, command: &str) -> String {
        if !self.is_stale() {
            return format!("{} is up to date\n", dir.display());
        }
        let count = self.missing.len() + self.changed.len() + self.extra.len();
        let mut out = format!(
            "{} is stale: {count} page{} differ{}\n",
            dir.display(),
            if count == 1 { "" } else { "s" },
            if count == 1 { "s" } else { "" }
        );
        for (word, list) in [
            ("missing", &self.missing),
            ("changed", &self.changed),
            ("extra", &self.extra),
        ] {
            for path in list {
                out.push_str(&format!("  {word:<8} {path}\n"));
            }
        }
        out.push_str(&format!("  = hint: run `{command}` to rebuild it\n"));
        out
    }

    /// Each page that differs, in the crate's one diagnostic shape.
    pub(crate) fn findings(&self, dir: &Path) -> Vec<Diagnostic> {
        [
            ("missing", &self.missing),
            ("changed", &self.changed),
            ("extra", &self.extra),
        ]
        .into_iter()
        .flat_map(|(word, list)| {
            list.iter().map(move |path| {
                Diagnostic::new(Severity::Error, &dir.join(path), format!("page {word}"))
                    .with_rule("site-stale")
            })
        })
        .collect()
    }

    /// For machines: the three lists, whether the site is up to date, and
    /// one diagnostic per page that differs.
    pub fn to_json(&self, dir: &Path) -> String {
        #[derive(Serialize)]
        struct Document<'a> {
            up_to_date: bool,
            missing: &'a [String],
            changed: &'a [String],
            extra: &'a [String],
            findings: Vec<Diagnostic>,
        }
        let value = Document {
            up_to_date: !self.is_stale(),
            missing: &self.missing,
            changed: &self.changed,
            extra: &self.extra,
            findings: self.findings(dir),
        };
        serde_json::to_string_pretty(&value).expect("serializable") + "\n"
    }
}

/// Compares each page `produce` renders into its sink, and the manifest,
/// with the directory `dir` (which may not exist).
pub(super) fn check_with(
    dir: &Path,
    produce: impl FnOnce(&dyn Sink) -> Result<(), SiteError>,
) -> Result<CheckReport, SiteError> {
    check_roots(dir, &[String::new()], produce)
}

/// [`check_with`] for pages that go into several directories of `project`
/// (`roots`, relative to it, as [`write_roots`](super::write::write_roots)
/// writes them); the report's paths are relative to `project`.
pub(super) fn check_roots(
    project: &Path,
    roots: &[String],
    produce: impl FnOnce(&dyn Sink) -> Result<(), SiteError>,
) -> Result<CheckReport, SiteError> {
    let previous = roots
        .iter()
        .map(|root| Previous::read(&root_dir(project, root)))
        .collect::<Result<Vec<_>, _>>()?;
    let sinks: Vec<CheckSink> = previous
        .iter()
        .map(|previous| CheckSink {
            previous: previous.as_ref(),
            produced: Mutex::default(),
            missing: Mutex::default(),
            changed: Mutex::default(),
        })
        .collect();
    produce(&Router {
        roots,
        sinks: &sinks,
    })?;
    let mut report = CheckReport::default();
    for ((sink, previous), root) in sinks.iter().zip(&previous).zip(roots) {
        let mut produced = take(&sink.produced);
        produced.sort();
        sink.put(MANIFEST, manifest::render(&produced).as_bytes())?;
        if let Some(previous) = previous {
            report.extra.extend(
                previous
                    .owned
                    .iter()
                    .flatten()
                    .filter(|p| {
                        *p != MANIFEST
                            && produced.binary_search(p).is_err()
                            && previous.listed.get(*p).is_some_and(|kind| !kind.is_dir())
                    })
                    .map(|p| under(root, p)),
            );
        }
        for (list, all) in [
            (&sink.missing, &mut report.missing),
            (&sink.changed, &mut report.changed),
        ] {
            all.extend(take(list).into_iter().map(|p| under(root, &p)));
        }
    }
    for list in [&mut report.missing, &mut report.changed, &mut report.extra] {
        list.sort();
    }
    Ok(report)
}

struct CheckSink<'a> {
    previous: Option<&'a Previous>,
    produced: Mutex<Vec<String>>,
    missing: Mutex<Vec<String>>,
    changed: Mutex<Vec<String>>,
}

impl Sink for CheckSink<'_> {
    fn put(&self, path: &str, bytes: &[u8]) -> Result<(), SiteError> {
        let list = match self.previous {
            Some(previous) if previous.holds(path, bytes) => None,
            Some(previous) if previous.listed.contains_key(path) => Some(&self.changed),
            _ => Some(&self.missing),
        };
        for list in [Some(&self.produced), list].into_iter().flatten() {
            list.lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push(path.to_string());
        }
        Ok(())
    }
}

fn take(list: &Mutex<Vec<String>>) -> Vec<String> {
    std::mem::take(&mut *list.lock().unwrap_or_else(PoisonError::into_inner))
}
