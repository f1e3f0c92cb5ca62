//! What every cataloger is and shares: the trait, where findings go, and
//! the small readers of paths, C headers and sonames several of them use.

use super::requirement::Requirement;
use crate::{FoundFile, ImageConfig, Keep};
use model::{Ecosystem, Evidence, Origin, Package};
use serde::Serialize;

/// Text files read whole that are larger than this are not read: the dpkg
/// status database (a few MiB in a large image).
pub(crate) const MAX_TEXT_FILE: u64 = 16 << 20;
/// Small version files (os-release, `version.json`, C headers) larger
/// than this are not read (they are a few KiB).
pub(crate) const MAX_VERSION_FILE: u64 = 1 << 20;

/// One source of versions in an image.
pub trait Cataloger: Sync {
    /// Short name, recorded in the [`Evidence`] of what it finds (the
    /// cataloger of components' files records each component's name).
    fn name(&self) -> &'static str;
    /// Whether the walker should keep the entry at `path` (no leading `/`)
    /// of `size` bytes. Called for every entry of every layer: keep it cheap.
    fn wants(&self, path: &str, size: u64) -> bool;
    /// How much of a file it wants to read: all of it unless it says so.
    fn keep(&self) -> Keep {
        Keep::Whole
    }
    /// Reads the files it asked for (only those) and the config.
    fn catalog(&self, files: &[&FoundFile], config: &ImageConfig, out: &mut Findings);
}

/// A file a cataloger asked for but could not read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// The name of the cataloger that asked for the file.
    pub cataloger: String,
    /// Where the file is: its path in the image.
    pub location: String,
    /// The digest of the layer the file came from.
    pub layer: Option<String>,
    /// Why it could not be read.
    pub message: String,
}

/// What catalogers found, as they go.
#[derive(Debug, Default)]
pub struct Findings {
    pub(crate) components: Vec<Package>,
    pub(crate) requirement: Option<Requirement>,
    pub(crate) problems: Vec<Problem>,
}

impl Findings {
    /// A component found in a file.
    pub(super) fn found_in(
        &mut self,
        cataloger: &dyn Cataloger,
        file: &FoundFile,
        name: &str,
        version: &str,
        ecosystem: Ecosystem,
    ) {
        self.found_with_evidence(cataloger, file, name, version, ecosystem);
    }

    /// A component found in a file; its evidence, for what else the file
    /// says of it (a Debian source package, a distribution's requirements).
    pub(super) fn found_with_evidence(
        &mut self,
        cataloger: &dyn Cataloger,
        file: &FoundFile,
        name: &str,
        version: &str,
        ecosystem: Ecosystem,
    ) -> &mut Evidence {
        let at = (file.path.clone(), Some(file.layer.clone()));
        self.push(cataloger.name(), at, name, version, ecosystem)
    }

    /// A component found in a file, recorded as found by `cataloger`.
    pub(super) fn found_in_named(
        &mut self,
        cataloger: &str,
        file: &FoundFile,
        name: &str,
        version: &str,
        ecosystem: Ecosystem,
    ) {
        let at = (file.path.clone(), Some(file.layer.clone()));
        self.push(cataloger, at, name, version, ecosystem);
    }

    /// A component the config's env or labels name (`config:env/NAME`).
    pub(super) fn found_in_config(
        &mut self,
        cataloger: &dyn Cataloger,
        location: String,
        name: &str,
        version: &str,
        ecosystem: Ecosystem,
    ) {
        self.found_in_config_named(cataloger.name(), location, name, version, ecosystem);
    }

    /// A component the config names, recorded as found by `cataloger`.
    pub(super) fn found_in_config_named(
        &mut self,
        cataloger: &str,
        location: String,
        name: &str,
        version: &str,
        ecosystem: Ecosystem,
    ) {
        self.push(cataloger, (location, None), name, version, ecosystem);
    }

    fn push(
        &mut self,
        cataloger: &str,
        (location, layer): (String, Option<String>),
        name: &str,
        version: &str,
        ecosystem: Ecosystem,
    ) -> &mut Evidence {
        let evidence = Evidence {
            cataloger: cataloger.to_string(),
            location,
            layer,
            ..Default::default()
        };
        self.components
            .push(Package::found(name, version, ecosystem, evidence));
        match self.components.last_mut().map(|p| &mut p.origin) {
            Some(Origin::Found(evidence)) => evidence,
            _ => unreachable!("a found package was just pushed"),
        }
    }

    pub(super) fn problem(&mut self, cataloger: &dyn Cataloger, file: &FoundFile, message: String) {
        self.problems.push(Problem {
            cataloger: cataloger.name().to_string(),
            location: file.path.clone(),
            layer: Some(file.layer.clone()),
            message,
        });
    }
}

/// The last component of a path.
pub(super) fn file_name(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// The component before the last one (`a/b/c` → `b`).
pub(super) fn parent_name(path: &str) -> Option<&str> {
    let mut parts = path.rsplit('/');
    parts.next()?;
    parts.next()
}

/// `#define NAME value` in a C header: the value's first token.
pub(super) fn c_define<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    text.lines().find_map(|line| {
        let rest = line.trim_start().strip_prefix('#')?.trim_start();
        let rest = rest.strip_prefix("define")?;
        if !rest.starts_with([' ', '\t']) {
            return None;
        }
        let mut words = rest.split_whitespace();
        (words.next()? == name).then(|| words.next()).flatten()
    })
}

/// A version from `#define` lines of numbers (`CUDNN_MAJOR 9` …); a macro
/// may name another that holds the number (TensorRT 10.14:
/// `NV_TENSORRT_MAJOR TRT_MAJOR_ENTERPRISE`).
pub(super) fn header_version<S: AsRef<str>>(text: &str, names: &[S]) -> Option<String> {
    let is_number = |v: &&str| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit());
    let parts: Option<Vec<&str>> = names
        .iter()
        .map(|n| {
            let value = c_define(text, n.as_ref())?;
            if is_number(&value) {
                return Some(value);
            }
            c_define(text, value).filter(is_number)
        })
        .collect();
    Some(parts?.join("."))
}

/// The version in a library's file name: `libnccl.so.2.21.5` → `2.21.5`;
/// only a full one (at least three numbers), since `libnccl.so.2` names the
/// ABI, not the release.
pub(super) fn soname_version(file: &str, stem: &str) -> Option<String> {
    let rest = file.strip_prefix(stem)?.strip_prefix(".so.")?;
    let parts: Vec<&str> = rest.split('.').collect();
    (parts.len() >= 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())))
    .then(|| rest.to_string())
}

/// A library found through its file name: the versioned name itself, or
/// a soname symlink pointing at it. Libraries are not read, only named;
/// big regular files are never asked for, so the version comes from the
/// symlinks every install has (`libnccl.so.2 -> libnccl.so.2.21.5`).
pub(super) fn library_version(file: &FoundFile, stem: &str) -> Option<String> {
    if let Some(v) = soname_version(file_name(&file.path), stem) {
        return Some(v);
    }
    if file.symlink {
        let target = String::from_utf8_lossy(&file.contents);
        return soname_version(file_name(target.trim()), stem);
    }
    None
}

/// The config env var, with its location.
pub(super) fn env_var<'a>(config: &'a ImageConfig, name: &str) -> Option<(String, &'a str)> {
    config
        .env_var(name)
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(|v| (format!("config:env/{name}"), v))
}
