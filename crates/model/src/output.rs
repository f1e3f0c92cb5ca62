//! Writing results: stdout, or files written atomically and never
//! overwritten without `--force`.
//!
//! Every file relnotes writes goes through [`stage`]: the bytes go to a
//! temporary file beside the target, are synced, and only then take the
//! target's name, so a reader sees the old file or the new one, never half
//! of one. A staged file that is never put in place is removed.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// Why output could not be written.
#[derive(Debug, thiserror::Error)]
pub enum OutputError {
    /// The target (this path) exists and overwriting it was not asked for.
    #[error("{} already exists\n  = hint: pass --force to overwrite it", .0.display())]
    Exists(PathBuf),
    /// The target exists and is not a regular file, so it is never replaced.
    #[error("{} is not a regular file ({kind})\n  = hint: -o writes regular files only, with or without --force; pick a file name", path.display())]
    NotAFile {
        /// The target.
        path: PathBuf,
        /// What it is instead (`a FIFO`, `a directory`).
        kind: &'static str,
    },
    /// An I/O operation on `path` failed (for [`print()`], `path` is
    /// `standard output`).
    #[error("cannot write {}: {source}", path.display())]
    Io {
        /// The file being written.
        path: PathBuf,
        /// What failed.
        #[source]
        source: io::Error,
    },
}

/// A file to write: its path and its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputFile {
    /// Where to write it.
    pub path: PathBuf,
    /// What to write.
    pub bytes: Vec<u8>,
}

/// Bytes written and synced to a temporary file in the target's directory,
/// waiting to be put in place; dropped, the temporary file is removed.
#[derive(Debug)]
pub struct Staged {
    temp: NamedTempFile,
    target: PathBuf,
}

impl Staged {
    /// Puts the file in place, replacing the target when `replace`, else
    /// failing with [`OutputError::Exists`] if the target is there.
    pub fn persist(self, replace: bool) -> Result<(), OutputError> {
        let result = if replace {
            self.temp.persist(&self.target)
        } else {
            self.temp.persist_noclobber(&self.target)
        };
        result.map(drop).map_err(|e| match e.error.kind() {
            io::ErrorKind::AlreadyExists => OutputError::Exists(self.target),
            _ => OutputError::Io {
                path: self.target,
                source: e.error,
            },
        })
    }
}

/// Writes `bytes` to a synced temporary file beside `path`, creating the
/// directories it needs.
pub fn stage(path: &Path, bytes: &[u8]) -> Result<Staged, OutputError> {
    let io = |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir).map_err(io)?;
    let mut temp = temp_file_builder().tempfile_in(dir).map_err(io)?;
    temp.write_all(bytes).map_err(io)?;
    temp.as_file().sync_all().map_err(io)?;
    Ok(Staged {
        temp,
        target: path.to_path_buf(),
    })
}

/// Writes one file atomically (see the module docs), replacing what is there.
#[cfg(test)]
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    stage(path, bytes)?.persist(true)
}

/// Writes every file or none: all targets are checked first, every file is
/// staged, and only then are they put in place.
pub fn write_all(files: &[OutputFile], force: bool) -> Result<(), OutputError> {
    for file in files {
        writable(&file.path)?;
    }
    if !force && let Some(existing) = files.iter().find(|f| f.path.exists()) {
        return Err(OutputError::Exists(existing.path.clone()));
    }
    let staged = files
        .iter()
        .map(|file| stage(&file.path, &file.bytes))
        .collect::<Result<Vec<_>, _>>()?;
    staged.into_iter().try_for_each(|file| file.persist(force))
}

/// Refuses a target that exists and is not a regular file (followed
/// through symlinks): a FIFO, a device, a socket or a directory would be
/// replaced by a regular file, which loses what it was.
fn writable(path: &Path) -> Result<(), OutputError> {
    let kind = match fs::metadata(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(source) => {
            return Err(OutputError::Io {
                path: path.to_path_buf(),
                source,
            });
        }
        Ok(meta) if meta.is_file() => return Ok(()),
        Ok(meta) => file_kind(&meta.file_type()),
    };
    Err(OutputError::NotAFile {
        path: path.to_path_buf(),
        kind,
    })
}

/// What a file that is not a regular one is, for messages: "a FIFO" …
pub(crate) fn file_kind(kind: &fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_dir() {
        "a directory"
    } else {
        "not a regular file"
    }
}

/// Prints to stdout. A closed pipe (`relnotes list | head`) is not an
/// error; any other failure (a full disk behind `> file`) is, so a
/// truncated output never passes for a whole one.
pub fn print(text: &str) -> Result<(), OutputError> {
    let mut stdout = io::stdout().lock();
    match stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(OutputError::Io {
            path: PathBuf::from("standard output"),
            source: e,
        }),
        _ => Ok(()),
    }
}

/// Whether `c` may not reach a terminal or a page raw: a control
/// character other than a line break or a tab (C0, DEL, C1), or a
/// bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069), which
/// can move the cursor, clear the screen, set the window title or reorder
/// what is shown.
pub(crate) fn is_hidden_control(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// The first hidden control of `text`, with its byte offset: a control
/// character other than a line break or a tab (C0, DEL, C1), or a
/// bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069). A
/// carriage return right before a line feed is part of a line break (a
/// file saved with CRLF line endings), not a control.
pub fn first_hidden_control(text: &str) -> Option<(usize, char)> {
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let line_break = c == '\r' && chars.peek().is_some_and(|&(_, next)| next == '\n');
        if is_hidden_control(c) && !line_break {
            return Some((at, c));
        }
    }
    None
}

/// `c` as relnotes shows a hidden control: `\u{1b}`.
pub(crate) fn escaped_char(c: char) -> String {
    format!("\\u{{{:x}}}", c as u32)
}

/// `text` safe to show on a terminal or in a page: every hidden control
/// (see [`first_hidden_control`]) is written as a visible escape
/// (`\u{1b}`), so a package name, an os-release field, a registry's
/// message or a template read from anyone can neither move the cursor,
/// clear the screen, set the window title nor reorder what is shown. Line
/// breaks (`\n`, `\r\n`) and tabs stay.
pub fn terminal_safe(text: &str) -> std::borrow::Cow<'_, str> {
    let Some((first, _)) = first_hidden_control(text) else {
        return std::borrow::Cow::Borrowed(text);
    };
    let mut out = String::with_capacity(text.len() + 16);
    out.push_str(&text[..first]);
    let mut rest = &text[first..];
    while let Some((at, c)) = first_hidden_control(rest) {
        out.push_str(&rest[..at]);
        out.push_str(&escaped_char(c));
        rest = &rest[at + c.len_utf8()..];
    }
    out.push_str(rest);
    std::borrow::Cow::Owned(out)
}

/// [`terminal_safe`] of an owned text, not copied when nothing needs escaping.
pub fn into_terminal_safe(text: String) -> String {
    match terminal_safe(&text) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(escaped) => escaped,
    }
}

/// JSON text safe to show on a terminal: serde_json escapes C0 controls
/// itself but writes DEL, C1 controls and bidirectional overrides as they
/// are; those become `\uXXXX` escapes, which mean the same string to any
/// JSON reader. (In JSON a control can only stand inside a string.)
pub fn json_terminal_safe(json: String) -> String {
    if first_hidden_control(&json).is_none() {
        return json;
    }
    let mut out = String::with_capacity(json.len() + 16);
    let mut rest = json.as_str();
    while let Some((at, c)) = first_hidden_control(rest) {
        out.push_str(&rest[..at]);
        // Every hidden control is in the Basic Multilingual Plane.
        out.push_str(&format!("\\u{:04x}", c as u32));
        rest = &rest[at + c.len_utf8()..];
    }
    out.push_str(rest);
    out
}

/// Temporary files readable the way `fs::write` makes them (the umask
/// decides), not tempfile's owner-only default: pages are published.
fn temp_file_builder() -> tempfile::Builder<'static, 'static> {
    let mut builder = tempfile::Builder::new();
    builder.prefix(".relnotes-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    builder
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[cfg(unix)]
    #[test]
    fn refuses_fifos_and_devices_even_with_force() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap();
        assert!(made.success());
        for (path, kind) in [
            (fifo.as_path(), "a FIFO"),
            (Path::new("/dev/null"), "a device"),
        ] {
            for force in [false, true] {
                let file = OutputFile {
                    path: path.to_path_buf(),
                    bytes: b"x".to_vec(),
                };
                match write_all(&[file], force) {
                    Err(OutputError::NotAFile { kind: k, .. }) => assert_eq!(k, kind),
                    other => panic!("{path:?} force={force}: {other:?}"),
                }
            }
        }
        let meta = fs::symlink_metadata(&fifo).unwrap();
        assert!(!meta.is_file(), "the FIFO is still a FIFO");
        assert_eq!(names_in(dir.path()), ["pipe"]);
    }

    #[test]
    fn terminal_text_shows_escapes_not_effects() {
        assert_eq!(terminal_safe("torch 2.8\n\tok"), "torch 2.8\n\tok");
        assert_eq!(
            terminal_safe("ubuntu\u{1b}]0;owned\u{7}\u{1b}[2J"),
            "ubuntu\\u{1b}]0;owned\\u{7}\\u{1b}[2J"
        );
        assert_eq!(
            terminal_safe("a\u{202e}b\u{9b}c\rd\u{7f}\u{2066}\0"),
            "a\\u{202e}b\\u{9b}c\\u{d}d\\u{7f}\\u{2066}\\u{0}"
        );
        // A CRLF line break is a line break; a lone or trailing CR is not.
        assert_eq!(terminal_safe("a\r\nb\r"), "a\r\nb\\u{d}");
        let json = serde_json::to_string(&["a\u{9b}b\u{202e}c\u{7f}\u{1b}"]).unwrap();
        let safe = json_terminal_safe(json);
        assert_eq!(safe, r#"["a\u009bb\u202ec\u007f\u001b"]"#);
        assert_eq!(
            serde_json::from_str::<Vec<String>>(&safe).unwrap(),
            ["a\u{9b}b\u{202e}c\u{7f}\u{1b}"]
        );
        assert_eq!(first_hidden_control("ok\r\n\tyes"), None);
        assert_eq!(first_hidden_control("中\u{1b}"), Some((3, '\u{1b}')));
    }

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
        assert_eq!(names_in(dir.path()), ["a.md", "b.md"], "no temporary files");
    }

    #[test]
    fn atomic_write_leaves_only_the_target() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("sub/dir/page.md");
        write_atomic(&target, b"first").unwrap();
        write_atomic(&target, b"second").unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "second");
        assert_eq!(names_in(&dir.path().join("sub/dir")), ["page.md"]);
    }

    #[cfg(unix)]
    #[test]
    fn written_files_are_as_readable_as_fs_write_makes_them() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let plain = dir.path().join("plain");
        fs::write(&plain, "x").unwrap();
        let atomic = dir.path().join("atomic");
        write_atomic(&atomic, b"x").unwrap();
        let mode = |p: &Path| fs::metadata(p).unwrap().permissions().mode();
        assert_eq!(mode(&atomic), mode(&plain));
    }

    #[test]
    fn a_failed_write_leaves_the_existing_file_and_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let existing = dir.path().join("page.md");
        fs::write(&existing, "old").unwrap();
        // A directory is not replaced by a file: refused before anything is staged.
        let in_the_way = dir.path().join("in-the-way");
        fs::create_dir(&in_the_way).unwrap();
        fs::write(in_the_way.join("keep"), "k").unwrap();
        // The failing file comes first: nothing is in place when it fails.
        let files = vec![
            OutputFile {
                path: in_the_way.clone(),
                bytes: b"file".to_vec(),
            },
            OutputFile {
                path: existing.clone(),
                bytes: b"new".to_vec(),
            },
        ];
        let err = write_all(&files, true).unwrap_err();
        assert!(
            matches!(err, OutputError::NotAFile { path, kind: "a directory" } if path == in_the_way)
        );
        assert_eq!(fs::read_to_string(&existing).unwrap(), "old");
        assert_eq!(names_in(dir.path()), ["in-the-way", "page.md"]);

        // Staging fails (the parent is a file): nothing is put in place.
        let below_a_file = existing.join("child.md");
        let files = [
            files[1].clone(),
            OutputFile {
                path: below_a_file,
                bytes: b"x".to_vec(),
            },
        ];
        assert!(write_all(&files, true).is_err());
        assert_eq!(fs::read_to_string(&existing).unwrap(), "old");
        assert_eq!(names_in(dir.path()), ["in-the-way", "page.md"]);
    }

    #[test]
    fn persisting_without_replace_never_overwrites() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("page.md");
        let staged = stage(&target, b"new").unwrap();
        // The target appears after the check and before the file is put in place.
        fs::write(&target, "someone else's").unwrap();
        assert!(matches!(staged.persist(false), Err(OutputError::Exists(p)) if p == target));
        assert_eq!(fs::read_to_string(&target).unwrap(), "someone else's");
        assert_eq!(names_in(dir.path()), ["page.md"]);
    }
}
