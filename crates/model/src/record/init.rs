//! `relnotes init`: a new project — `relnotes.toml` and an empty
//! `releases/`, nothing else (the built-in templates serve until the team
//! writes its own).

use super::load::PROJECT_FILE;
use super::{Lang, RecordError, Workspace};
use std::fs;
use std::path::{Path, PathBuf};

/// What `relnotes init` is asked for: a new project.
#[derive(Debug, Clone)]
pub struct InitRequest<'a> {
    /// The directory of the new project (created when absent).
    pub dir: &'a Path,
    /// The product's id (the image's name); default: the directory's name.
    pub id: Option<&'a str>,
    /// The product's name as readers know it; default: its id.
    pub name: Option<&'a str>,
    /// The languages pages are written in, the default first; default `en`.
    pub languages: &'a [Lang],
}

/// What `relnotes init` wrote.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Initialized {
    /// The project file.
    pub project_file: PathBuf,
    /// The directory of the release records.
    pub releases: PathBuf,
}

/// Writes a minimal project into `req.dir`. An existing project there is
/// refused and nothing is written.
pub fn init_project(req: &InitRequest) -> Result<Initialized, RecordError> {
    let project_file = req.dir.join(PROJECT_FILE);
    let releases = req.dir.join("releases");
    if crate::project_file::present(&project_file) {
        return Err(RecordError::Init(format!(
            "{} exists: {} is a project already; relnotes init writes nothing there",
            project_file.display(),
            req.dir.display()
        )));
    }
    let id = match req.id {
        Some(id) => id.to_string(),
        None => id_of(req.dir)?,
    };
    let name = req.name.unwrap_or(&id);
    let languages = match req.languages {
        [] => vec![Lang::EN],
        given => given.to_vec(),
    };
    let text = project_text(&id, name, &languages);
    let io = |path: &Path, source| RecordError::Io {
        path: path.to_path_buf(),
        source,
    };
    fs::create_dir_all(req.dir).map_err(|e| io(req.dir, e))?;
    // The project file is written whole or not at all (a temporary file
    // renamed into place), and checked the way every command reads it.
    let temporary = req.dir.join(format!(".{PROJECT_FILE}.init"));
    fs::write(&temporary, &text).map_err(|e| io(&temporary, e))?;
    if let Err(e) = fs::rename(&temporary, &project_file) {
        let _ = fs::remove_file(&temporary);
        return Err(io(&project_file, e));
    }
    if let Err(e) = Workspace::open(req.dir) {
        let _ = fs::remove_file(&project_file);
        return Err(e);
    }
    fs::create_dir_all(&releases).map_err(|e| io(&releases, e))?;
    Ok(Initialized {
        project_file,
        releases,
    })
}

/// The directory's name as a product id: its letters, digits, `.`, `_`
/// and `-`, other characters as `-`.
fn id_of(dir: &Path) -> Result<String, RecordError> {
    let absolute = std::path::absolute(dir).map_err(|source| RecordError::Io {
        path: dir.to_path_buf(),
        source,
    })?;
    let name = absolute
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let id: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                c
            } else {
                '-'
            }
        })
        .collect();
    let id = id.trim_matches('-').to_string();
    if id.is_empty() {
        return Err(RecordError::Init(format!(
            "{} gives no product id\n  = hint: pass --id NAME (the image's name)",
            dir.display()
        )));
    }
    Ok(id)
}

/// `relnotes.toml` of a new project, its strings quoted by TOML's rules.
fn project_text(id: &str, name: &str, languages: &[Lang]) -> String {
    let quote = |s: &str| toml::Value::String(s.to_string()).to_string();
    let tags: Vec<String> = languages.iter().map(|l| quote(l.code())).collect();
    let mut text = format!(
        "# The relnotes project of {id} (docs/record-format.md).\n\
         languages = [{}]\n\n[product]\nid = {}\n\n[product.name]\n",
        tags.join(", "),
        quote(id)
    );
    for lang in languages {
        text.push_str(&format!("{} = {}\n", quote_key(lang.code()), quote(name)));
    }
    text
}

/// A language tag as a TOML key: bare when it may be (`en`, `zh-Hant`).
fn quote_key(tag: &str) -> String {
    if tag
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
    {
        tag.to_string()
    } else {
        toml::Value::String(tag.to_string()).to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_name_becomes_the_product_id() {
        assert_eq!(id_of(Path::new("/x/My Image")).unwrap(), "My-Image");
        assert_eq!(id_of(Path::new("/x/vllm-cu13")).unwrap(), "vllm-cu13");
        assert!(id_of(Path::new("/x/###")).is_err());
    }

    #[test]
    fn strings_are_quoted_as_toml_says() {
        let text = project_text("img", "A \"quoted\" name", &[Lang::ZH, Lang::EN]);
        let parsed: toml::Value = toml::from_str(&text).unwrap();
        assert_eq!(
            parsed["product"]["name"]["zh"].as_str(),
            Some("A \"quoted\" name")
        );
        assert_eq!(parsed["languages"][1].as_str(), Some("en"));
    }
}
