//! The parsed records of the last build, kept beside the output directory
//! (`.<DIR>.relnotes-records`), so a rebuild reads an unchanged record's
//! release from JSON instead of parsing and validating its TOML again —
//! most of what an incremental build of a large catalogue spends before
//! it renders anything.
//!
//! A line holds the digest of a record's text, its version and its
//! release; it is used only for the same version with the same text,
//! written by the same relnotes for the same project file. Only records
//! that loaded without a warning are kept (a kept record has nothing to
//! report). A build that succeeds adds the lines of the records it parsed
//! (a failed or refused one writes nothing here); anything
//! that does not read back (a cut or edited file, a line of another
//! format) is parsed from the record again, and a file that is not whole
//! is replaced whole, atomically. Removing it is always safe.

use super::digest::{Digest, Fingerprint};
use super::write::Location;
use model::record::{Release, Workspace};
use rayon::prelude::*;
use std::collections::HashMap;
use std::fs;
use std::io::{self, Read, Write};
use std::ops::Range;
use std::path::{Path, PathBuf};

/// The role in the names kept beside the site: `.<DIR>.relnotes-records`.
pub(super) const RECORDS_ROLE: &str = "records";

/// Bumped when the lines change shape.
const FORMAT: &str = "relnotes-records 1";

/// The records file of one site, as read at the start of a build.
pub struct RecordCache {
    /// None when the site has no place beside it (`--out /`).
    path: Option<PathBuf>,
    /// What every line depends on: the format, relnotes' version and the
    /// project file.
    key: Digest,
    text: String,
    /// By version (as its JSON string): the digest of the record's text
    /// and where the line's release is in `text`.
    lines: HashMap<String, (Digest, Range<usize>)>,
    /// How many whole lines `text` has, used or not.
    written: usize,
}

/// A record as a build loaded it, for [`RecordCache::store`].
pub struct Loaded<'a> {
    pub version: &'a str,
    /// The digest of the record's text ([`RecordCache::digest`]).
    pub digest: &'a Digest,
    pub release: &'a Release,
    /// Whether it was read from this file ([`RecordCache::release`]).
    pub kept: bool,
    /// Whether it may be kept: it loaded without a warning.
    pub clean: bool,
}

impl RecordCache {
    /// The records kept beside `dir` for `workspace`; none when there
    /// are none, or they were written for anything else.
    pub fn beside(dir: &Path, workspace: &Workspace) -> RecordCache {
        let key = Fingerprint::new(FORMAT)
            .str(env!("CARGO_PKG_VERSION"))
            .debug(&workspace.project)
            .finish();
        let path = Location::of(dir).ok().map(|l| {
            l.parent
                .join(format!(".{}.relnotes-{RECORDS_ROLE}", l.name))
        });
        let text = path
            .as_ref()
            .and_then(|p| {
                let mut text = String::new();
                let mut file = open_no_follow(fs::OpenOptions::new().read(true), p).ok()?;
                file.read_to_string(&mut text).ok()?;
                Some(text)
            })
            .unwrap_or_default();
        let mut cache = RecordCache {
            path,
            key,
            text,
            lines: HashMap::new(),
            written: 0,
        };
        (cache.lines, cache.written) = cache.index();
        cache
    }

    fn header(&self) -> String {
        format!("{FORMAT} {}\n", self.key)
    }

    /// The lines of `text` if it was written for this key (a later line
    /// of a version stands for it), and how many lines it has.
    fn index(&self) -> (HashMap<String, (Digest, Range<usize>)>, usize) {
        let mut lines = HashMap::new();
        let mut written = 0;
        let Some(body) = self.text.strip_prefix(&self.header()) else {
            return (lines, written);
        };
        let mut at = self.text.len() - body.len();
        for line in body.split_inclusive('\n') {
            let start = at;
            at += line.len();
            // A line cut short is not used.
            let Some(line) = line.strip_suffix('\n') else {
                break;
            };
            written += 1;
            let mut fields = line.splitn(3, '\t');
            let (Some(digest), Some(version), Some(release)) =
                (fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            let Some(digest) = Digest::parse(digest) else {
                continue;
            };
            let release_start = start + line.len() - release.len();
            lines.insert(
                version.to_string(),
                (digest, release_start..release_start + release.len()),
            );
        }
        (lines, written)
    }

    /// The digest of a record's text, which its line is kept under.
    pub fn digest(text: &str) -> Digest {
        Digest::of(text.as_bytes())
    }

    /// The release kept for `version` when its record's text has `digest`.
    pub fn release(&self, version: &str, digest: &Digest) -> Option<Release> {
        let (kept, range) = self.lines.get(&version_key(version))?;
        if kept != digest {
            return None;
        }
        serde_json::from_str(&self.text[range.clone()]).ok()
    }

    /// What the next build needs of `records`, made now (their releases
    /// move on to the build) and written by [`Pending::write`] once the
    /// build has succeeded: the lines of the ones this file does not
    /// hold, added to it; when it is not whole or holds more lines than
    /// it uses, all of it anew.
    pub fn prepare(&self, records: &[Loaded]) -> io::Result<Pending> {
        let Some(path) = &self.path else {
            return Ok(Pending::nothing());
        };
        let new: Vec<&Loaded> = records.iter().filter(|r| r.clean && !r.kept).collect();
        let new_lines: Vec<_> = new
            .par_iter()
            .map(|r| {
                let release = serde_json::to_string(r.release).map_err(io::Error::other)?;
                Ok::<_, io::Error>(line(r.digest, r.version, &release))
            })
            .collect();
        let whole = self.text.ends_with('\n') && self.text.starts_with(&self.header());
        if whole && self.written + new.len() <= 2 * records.len() + 16 {
            if new.is_empty() {
                return Ok(Pending::nothing());
            }
            let mut lines = String::new();
            for l in new_lines {
                lines.push_str(&l?);
            }
            return Ok(Pending {
                path: Some(path.clone()),
                lines: Lines::Append(lines),
            });
        }
        let mut text = self.header();
        let mut new_lines = new_lines.into_iter();
        for r in records {
            let kept = r
                .kept
                .then(|| self.lines.get(&version_key(r.version)))
                .flatten();
            if let Some((_, range)) = kept {
                text.push_str(&line(r.digest, r.version, &self.text[range.clone()]));
            } else if r.clean {
                text.push_str(&new_lines.next().expect("a line per new record")?);
            }
        }
        Ok(Pending {
            path: Some(path.clone()),
            lines: Lines::Replace(text),
        })
    }
}

/// What a build keeps of its records, once it has succeeded
/// ([`RecordCache::prepare`]).
pub struct Pending {
    path: Option<PathBuf>,
    lines: Lines,
}

enum Lines {
    Nothing,
    /// Lines to add at the end of the file.
    Append(String),
    /// The whole file.
    Replace(String),
}

impl Pending {
    fn nothing() -> Pending {
        Pending {
            path: None,
            lines: Lines::Nothing,
        }
    }

    /// Writes what the build keeps: added in one write at the end of the
    /// file (two builds adding lines at once cannot interleave them), or
    /// the whole file replaced atomically (a build killed meanwhile leaves
    /// a temporary file that the next build of the site removes).
    pub fn write(self) -> io::Result<()> {
        let Some(path) = &self.path else {
            return Ok(());
        };
        match self.lines {
            Lines::Nothing => Ok(()),
            Lines::Append(lines) => {
                let mut file = open_no_follow(fs::OpenOptions::new().append(true), path)?;
                file.write_all(lines.as_bytes())
            }
            Lines::Replace(text) => {
                let parent = path.parent().unwrap_or(Path::new("."));
                let name = path.file_name().unwrap_or_default().to_string_lossy();
                let prefix = format!("{name}-");
                let mut builder = tempfile::Builder::new();
                builder.prefix(&prefix);
                #[cfg(unix)]
                {
                    use std::os::unix::fs::PermissionsExt;
                    builder.permissions(fs::Permissions::from_mode(0o666));
                }
                let mut file = builder.tempfile_in(parent)?;
                file.write_all(text.as_bytes())?;
                file.persist(path)?;
                Ok(())
            }
        }
    }
}

/// Opens the file at `path` itself: a symlink there (to elsewhere) is
/// neither read nor written through.
fn open_no_follow(options: &mut fs::OpenOptions, path: &Path) -> io::Result<fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let no_follow = rustix::fs::OFlags::NOFOLLOW.bits();
    options
        .custom_flags(i32::try_from(no_follow).map_err(io::Error::other)?)
        .open(path)
}

fn line(digest: &Digest, version: &str, release: &str) -> String {
    format!("{digest}\t{}\t{release}\n", version_key(version))
}

/// A version as the lines key it: its JSON string, which holds no tab
/// and no newline whatever the file name holds.
fn version_key(version: &str) -> String {
    serde_json::to_string(version).expect("a string serialises")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn workspace() -> Workspace {
        Workspace::open(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))).unwrap()
    }

    /// Every release of the project, with its text's digest.
    fn loaded(workspace: &Workspace) -> Vec<(String, Digest, Release)> {
        workspace
            .versions()
            .unwrap()
            .into_iter()
            .map(|v| {
                let text = workspace.read_release(&v).unwrap();
                let release = workspace.load_source(&v, &text, false).unwrap().release;
                (v, RecordCache::digest(&text), release)
            })
            .collect()
    }

    fn as_loaded<'a>(
        records: &'a [(String, Digest, Release)],
        kept: &RecordCache,
    ) -> Vec<Loaded<'a>> {
        records
            .iter()
            .map(|(version, digest, release)| Loaded {
                version,
                digest,
                release,
                kept: kept.release(version, digest).is_some(),
                clean: true,
            })
            .collect()
    }

    /// The project's records, and where a site of it would go.
    struct Fixture {
        workspace: Workspace,
        records: Vec<(String, Digest, Release)>,
        root: tempfile::TempDir,
        out: PathBuf,
        path: PathBuf,
    }

    impl Fixture {
        fn new() -> Fixture {
            let workspace = workspace();
            let records = loaded(&workspace);
            let root = tempfile::tempdir().unwrap();
            let out = root.path().join("public");
            let path = root.path().join(".public.relnotes-records");
            Fixture {
                workspace,
                records,
                root,
                out,
                path,
            }
        }

        /// The records file as a build would read it now.
        fn kept(&self) -> RecordCache {
            RecordCache::beside(&self.out, &self.workspace)
        }

        /// What a build that loaded `records` keeps.
        fn store(&self, records: &[(String, Digest, Release)]) {
            let kept = self.kept();
            kept.prepare(&as_loaded(records, &kept))
                .unwrap()
                .write()
                .unwrap();
        }

        /// The records with the first one's text changed to `text`.
        fn edited(&self, text: &[u8]) -> Vec<(String, Digest, Release)> {
            let mut edited = self.records.clone();
            edited[0].1 = Digest::of(text);
            edited
        }
    }

    fn lines(path: &Path) -> usize {
        fs::read_to_string(path).unwrap().lines().count()
    }

    #[test]
    fn a_release_reads_back_as_it_was_parsed() {
        let workspace = workspace();
        let records = loaded(&workspace);
        assert!(records.len() >= 2);
        for (version, _, release) in &records {
            let json = serde_json::to_string(release).unwrap();
            let back: Release = serde_json::from_str(&json).unwrap();
            assert_eq!(format!("{back:?}"), format!("{release:?}"), "{version}");
        }
        // Both spellings of bug fixes, overrides and driver branches.
        let text = r#"
            version = "1.0"
            archs = ["amd64", "aarch64"]
            title = { zh = "标题", en = "title\twith\ttabs\nand a line" }
            bug_fixes = { none = { zh = "暂无", en = "none" } }
            [components]
            torch = "2.7.0"
            [arch.aarch64]
            scenarios = ["inference"]
            components = { torch = "2.7.1", apex = "0.1" }
            [driver]
            min = "570"
            datacenter = [{ branch = "535", min = "535.54" }]
        "#;
        let release: Release = toml::from_str(text).unwrap();
        let back: Release =
            serde_json::from_str(&serde_json::to_string(&release).unwrap()).unwrap();
        assert_eq!(format!("{back:?}"), format!("{release:?}"));
    }

    #[test]
    fn lines_are_added_and_the_file_is_replaced_when_it_is_not_whole() {
        let f = Fixture::new();
        let (records, path) = (&f.records, &f.path);

        // Nothing yet: every record is written.
        f.store(records);
        assert_eq!(lines(path), 1 + records.len());
        let kept = f.kept();
        for (version, digest, release) in records {
            let back = kept.release(version, digest).expect("kept");
            assert_eq!(format!("{back:?}"), format!("{release:?}"));
            // Another text of the record is not this line's.
            assert!(kept.release(version, &Digest::of(b"other")).is_none());
        }
        // Nothing new: nothing is written.
        let before = fs::read(path).unwrap();
        f.store(records);
        assert_eq!(fs::read(path).unwrap(), before);

        // One record changed: its line is added.
        let changed = f.edited(b"an edited record");
        f.store(&changed);
        assert_eq!(lines(path), 2 + records.len());
        let kept = f.kept();
        assert!(kept.release(&changed[0].0, &changed[0].1).is_some());
        assert!(kept.release(&records[0].0, &records[0].1).is_none());

        // A line that does not read back is not used, and written anew;
        // a file cut short is replaced whole.
        let text = fs::read_to_string(path).unwrap();
        let last = text.trim_end().rsplit_once('\t').unwrap().0.len();
        fs::write(path, format!("{}{{\"version\":", &text[..=last])).unwrap();
        assert!(f.kept().release(&changed[0].0, &changed[0].1).is_none());
        f.store(&changed);
        assert_eq!(lines(path), 1 + records.len());
        assert!(fs::read_to_string(path).unwrap().ends_with('\n'));
        let kept = f.kept();
        for (version, digest, _) in &changed {
            assert!(kept.release(version, digest).is_some(), "{version}");
        }

        // Written by another relnotes or for another project: not used.
        let text = fs::read_to_string(path).unwrap();
        fs::write(path, text.replacen(FORMAT, "relnotes-records 0", 1)).unwrap();
        let kept = f.kept();
        assert!(kept.release(&changed[1].0, &changed[1].1).is_none());

        // A record with warnings is not kept.
        let mut warned = as_loaded(&changed, &kept);
        warned[1].clean = false;
        kept.prepare(&warned).unwrap().write().unwrap();
        let kept = f.kept();
        assert!(kept.release(&changed[0].0, &changed[0].1).is_some());
        assert!(kept.release(&changed[1].0, &changed[1].1).is_none());
        // No temporary file is left beside the site.
        let names: Vec<_> = fs::read_dir(f.root.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(names, [".public.relnotes-records"]);
    }

    #[test]
    fn a_symlink_in_its_place_is_neither_read_nor_written_through() {
        let f = Fixture::new();
        // A whole file of lines, elsewhere, and a symlink to it.
        f.store(&f.records);
        let elsewhere = f.root.path().join("elsewhere");
        fs::rename(&f.path, &elsewhere).unwrap();
        std::os::unix::fs::symlink(&elsewhere, &f.path).unwrap();
        let before = fs::read(&elsewhere).unwrap();
        let (version, digest, _) = &f.records[0];
        assert!(f.kept().release(version, digest).is_none(), "not read");
        f.store(&f.edited(b"an edited record"));
        assert_eq!(fs::read(&elsewhere).unwrap(), before, "not written");
        assert!(
            !fs::symlink_metadata(&f.path).unwrap().is_symlink(),
            "replaced"
        );
        assert_eq!(lines(&f.path), 1 + f.records.len());
    }

    #[test]
    fn a_file_that_grew_past_its_use_is_replaced() {
        let f = Fixture::new();
        let mut changed = f.records.clone();
        for edit in 0..40u32 {
            changed = f.edited(&edit.to_le_bytes());
            f.store(&changed);
            assert!(lines(&f.path) <= 1 + 2 * f.records.len() + 16 + 1);
        }
        assert!(f.kept().release(&changed[0].0, &changed[0].1).is_some());
    }
}
