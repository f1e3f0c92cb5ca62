//! The project a command works on.

use crate::Error;
use model::{Diagnostic, Lang, Loaded, RecordError, Workspace};
use rayon::prelude::*;
use std::path::Path;

/// The project a command works on, and how strictly records are read.
pub struct Session {
    pub(crate) workspace: Workspace,
    pub(crate) strict: bool,
    /// Warnings met while loading, for the caller to show.
    pub warnings: Vec<Diagnostic>,
}

impl Session {
    /// The project's directory.
    pub fn root(&self) -> &Path {
        &self.workspace.root
    }

    /// Opens the project at `root`, or the one found from the current directory up.
    pub fn open(root: Option<&Path>, strict: bool) -> Result<Session, Error> {
        let workspace = match root {
            Some(dir) if model::path_present(&dir.join(model::PROJECT_FILE)) => {
                Workspace::open(dir)?
            }
            Some(dir) => {
                return Err(RecordError::NoProject {
                    start: dir.to_path_buf(),
                }
                .into());
            }
            None => Workspace::discover(Path::new("."))?,
        };
        // Under --strict the project file's warnings stop the run, as a
        // record's do.
        if strict && !workspace.warnings.is_empty() {
            let errors = workspace
                .warnings
                .iter()
                .cloned()
                .map(|mut w| {
                    w.severity = model::Severity::Error;
                    w
                })
                .collect();
            return Err(RecordError::Invalid(errors).into());
        }
        Ok(Session {
            warnings: workspace.warnings.clone(),
            workspace,
            strict,
        })
    }

    /// `lang`, when it is one of the project's languages.
    pub(crate) fn language(&self, lang: Lang) -> Result<Lang, Error> {
        let langs = self.workspace.languages();
        if langs.contains(&lang) {
            return Ok(lang);
        }
        let listed: Vec<String> = langs.iter().map(|l| format!("`{l}`")).collect();
        Err(Error::Usage(format!(
            "`{lang}` is not one of the project's languages: {} (`languages` in relnotes.toml)",
            listed.join(", ")
        )))
    }

    /// Loads one release, keeping its warnings.
    pub(crate) fn load(&mut self, version: &str) -> Result<Loaded, Error> {
        let loaded = self.workspace.load(version, self.strict)?;
        self.warnings.extend(loaded.warnings.iter().cloned());
        Ok(loaded)
    }

    /// Loads every release, oldest first, with its version: on one
    /// thread per core (a catalogue has a thousand records), reporting
    /// the first broken record and the warnings in version order.
    pub(crate) fn load_all(&mut self) -> Result<Vec<(String, Loaded)>, Error> {
        let versions = self.workspace.versions()?;
        let (workspace, strict) = (&self.workspace, self.strict);
        let loaded = versions
            .par_iter()
            .map(|v| workspace.load(v, strict))
            .collect::<Vec<_>>();
        let mut all = Vec::with_capacity(versions.len());
        for (version, loaded) in versions.into_iter().zip(loaded) {
            let loaded = loaded?;
            self.warnings.extend(loaded.warnings.iter().cloned());
            all.push((version, loaded));
        }
        Ok(all)
    }
}
