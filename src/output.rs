//! Writing results: stdout, or files written atomically and never
//! overwritten without `--force`.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    #[error("{} already exists\n  = hint: pass --force to overwrite it", .0.display())]
    Exists(PathBuf),
    #[error("cannot write {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
}

/// A file to write: its path and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputFile {
    pub path: PathBuf,
    pub bytes: Vec<u8>,
}

/// Writes every file or none: all targets are checked first, each file
/// goes to a temporary sibling, and only then are they renamed in place.
pub fn write_all(files: &[OutputFile], force: bool) -> Result<(), OutputError> {
    if !force && let Some(existing) = files.iter().find(|f| f.path.exists()) {
        return Err(OutputError::Exists(existing.path.clone()));
    }
    let mut staged: Vec<(PathBuf, &Path)> = Vec::new();
    let result = (|| {
        for file in files {
            let io = |source| OutputError::Io {
                path: file.path.clone(),
                source,
            };
            if let Some(parent) = file.path.parent().filter(|p| !p.as_os_str().is_empty()) {
                fs::create_dir_all(parent).map_err(io)?;
            }
            let temp = temp_path(&file.path);
            let mut handle = fs::File::create(&temp).map_err(io)?;
            staged.push((temp.clone(), &file.path));
            handle.write_all(&file.bytes).map_err(io)?;
            handle.sync_all().map_err(io)?;
        }
        for (temp, target) in &staged {
            fs::rename(temp, target).map_err(|source| OutputError::Io {
                path: target.to_path_buf(),
                source,
            })?;
        }
        Ok(())
    })();
    if result.is_err() {
        for (temp, _) in &staged {
            let _ = fs::remove_file(temp);
        }
    }
    result
}

fn temp_path(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    target.with_file_name(format!(".{name}.relnotes-{}.tmp", std::process::id()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_to_overwrite_and_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let existing = dir.path().join("b.md");
        fs::write(&existing, "old").unwrap();
        let files = vec![
            OutputFile {
                path: dir.path().join("a.md"),
                bytes: b"a".to_vec(),
            },
            OutputFile {
                path: existing.clone(),
                bytes: b"b".to_vec(),
            },
        ];
        assert!(matches!(write_all(&files, false), Err(OutputError::Exists(p)) if p == existing));
        assert!(!dir.path().join("a.md").exists());
        assert_eq!(fs::read_to_string(&existing).unwrap(), "old");
        write_all(&files, true).unwrap();
        assert_eq!(fs::read_to_string(&existing).unwrap(), "b");
        assert_eq!(
            fs::read_dir(dir.path()).unwrap().count(),
            2,
            "no temporary files left"
        );
    }
}
