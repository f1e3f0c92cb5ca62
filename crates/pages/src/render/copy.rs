//! The built-in templates, listed or copied into a
//! project's `templates/` for editing (a user who installed the binary has
//! no clone to copy them from).

use super::RenderError;
use std::fs;
use std::path::{Path, PathBuf};

/// A built-in template and whether the project has its own copy of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TemplateFile {
    /// Its path under `templates/` (`release.md.hbs`, `partials/…`).
    pub name: &'static str,
    /// Whether the project's `templates/` holds a file of that name, which
    /// pages use instead of the built-in one.
    pub overridden: bool,
}

/// Every built-in template, in a stable order, and which of them `root`
/// overrides (none outside a project).
pub fn list_templates(root: Option<&Path>) -> Vec<TemplateFile> {
    super::templates::BUILTIN
        .iter()
        .map(|(name, _)| TemplateFile {
            name,
            overridden: root.is_some_and(|root| root.join("templates").join(name).exists()),
        })
        .collect()
}

/// Writes the built-in templates `names` (every one with `all`) into
/// `root/templates/`. A name that is no built-in template, or a file that
/// exists already, is refused before anything is written.
pub fn copy_templates(
    root: &Path,
    names: &[String],
    all: bool,
) -> Result<Vec<PathBuf>, RenderError> {
    let builtin = super::templates::BUILTIN;
    let chosen: Vec<(&str, &str)> = if all {
        builtin.to_vec()
    } else if names.is_empty() {
        return Err(RenderError::Copy(
            "name the templates to copy (`relnotes templates list` shows them), or pass --all"
                .to_string(),
        ));
    } else {
        names
            .iter()
            .map(|name| {
                let wanted = name.trim_start_matches("templates/");
                builtin
                    .iter()
                    .find(|(file, _)| *file == wanted)
                    .copied()
                    .ok_or_else(|| {
                        RenderError::Copy(format!(
                            "`{name}` is no built-in template (`relnotes templates list` shows them)"
                        ))
                    })
            })
            .collect::<Result<_, _>>()?
    };
    let dir = root.join("templates");
    let existing: Vec<String> = chosen
        .iter()
        .filter(|(name, _)| dir.join(name).exists())
        .map(|(name, _)| format!("templates/{name}"))
        .collect();
    if !existing.is_empty() {
        return Err(RenderError::Copy(format!(
            "{} exist(s) already; relnotes templates copy writes nothing over a project's own template",
            existing.join(", ")
        )));
    }
    let io = |path: &Path, e: std::io::Error| RenderError::Copy(format!("{}: {e}", path.display()));
    let mut written = Vec::with_capacity(chosen.len());
    for (name, text) in chosen {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            fs::create_dir_all(parent).map_err(|e| io(parent, e))?;
        }
        // Whole or not at all: a temporary file renamed into place.
        let temporary = path.with_extension("hbs.copy");
        fs::write(&temporary, text).map_err(|e| io(&temporary, e))?;
        if let Err(e) = fs::rename(&temporary, &path) {
            let _ = fs::remove_file(&temporary);
            return Err(io(&path, e));
        }
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_copied_template_is_the_built_in_one_and_a_second_copy_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let written = copy_templates(dir.path(), &["release.md.hbs".to_string()], false).unwrap();
        assert_eq!(written, [dir.path().join("templates/release.md.hbs")]);
        let builtin = crate::render::templates::BUILTIN
            .iter()
            .find(|(name, _)| *name == "release.md.hbs")
            .unwrap()
            .1;
        assert_eq!(fs::read_to_string(&written[0]).unwrap(), builtin);
        let listed = list_templates(Some(dir.path()));
        assert!(
            listed
                .iter()
                .any(|t| t.name == "release.md.hbs" && t.overridden)
        );
        assert!(
            listed
                .iter()
                .any(|t| t.name == "release.html.hbs" && !t.overridden)
        );
        // --all now meets the copy: refused, nothing more written.
        let refused = copy_templates(dir.path(), &[], true).unwrap_err();
        assert!(refused.to_string().contains("release.md.hbs"), "{refused}");
        assert!(!dir.path().join("templates/release.html.hbs").exists());
    }

    #[test]
    fn an_unknown_name_is_refused_and_nothing_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let names = ["release.md.hbs".to_string(), "relase.md.hbs".to_string()];
        let refused = copy_templates(dir.path(), &names, false).unwrap_err();
        assert!(refused.to_string().contains("`relase.md.hbs`"), "{refused}");
        assert!(!dir.path().join("templates").exists());
    }
}
