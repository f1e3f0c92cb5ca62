//! Images in an OCI image layout directory (`oci-layout`, `index.json`,
//! `blobs/<algorithm>/<hex>`), as `skopeo copy … oci:DIR:TAG` or
//! `docker buildx build --output type=oci,tar=false` write them.

use super::InspectError;
use super::bounded::{CapError, OpenError, open_regular, read_capped};
use super::error::{a_few, document_error};
use super::limits::{MAX_LAYOUT_INDEX, MAX_LAYOUT_MARKER};
use super::source::same_image_name;
use super::store::{Fetched, MAX_MANIFEST, Start, Store};
use oci_spec::image::{Descriptor, ImageIndex};
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

pub(crate) const REF_NAME: &str = "org.opencontainers.image.ref.name";
pub(crate) const CONTAINERD_NAME: &str = "io.containerd.image.name";

/// An OCI layout directory.
pub(crate) struct Layout {
    dir: PathBuf,
}

const LAYOUT_HINT: &str = "an OCI image layout directory holds `oci-layout`, `index.json` and `blobs/`; write it again (e.g. skopeo copy … oci:DIR:TAG)";

pub(crate) fn open(
    dir: &Path,
    tag: Option<&str>,
    reference: &str,
) -> Result<(Layout, Start), InspectError> {
    if !dir.is_dir() {
        return Err(InspectError::NotFound {
            what: format!("OCI layout directory {}", dir.display()),
            hint: "check the path after `oci:`".into(),
        });
    }
    let marker = dir.join("oci-layout");
    let text = read_layout_file(dir, &marker, MAX_LAYOUT_MARKER)?;
    let version = serde_json::from_slice::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| v.get("imageLayoutVersion")?.as_str().map(str::to_string));
    if version.is_none() {
        return Err(InspectError::Corrupt {
            path: marker,
            detail: "not {\"imageLayoutVersion\": \"1.0.0\"}".into(),
            hint: LAYOUT_HINT.into(),
        });
    }
    let index_path = dir.join("index.json");
    let bytes = read_layout_file(dir, &index_path, MAX_LAYOUT_INDEX)?;
    let start = select(
        &bytes,
        &index_path,
        tag,
        &format!("OCI layout {}", dir.display()),
        reference,
    )?;
    Ok((
        Layout {
            dir: dir.to_path_buf(),
        },
        start,
    ))
}

/// `oci-layout` or `index.json`: a regular file in the layout, at most
/// `cap` bytes.
fn read_layout_file(dir: &Path, path: &Path, cap: u64) -> Result<Vec<u8>, InspectError> {
    let corrupt = |detail: String| InspectError::Corrupt {
        path: path.to_path_buf(),
        detail,
        hint: LAYOUT_HINT.into(),
    };
    let file = open_regular(path, Some(dir))
        .map_err(|e| corrupt(format!("{e}: {} is not an OCI image layout", dir.display())))?;
    read_capped(file, cap).map_err(|e| match e {
        CapError::TooLarge => corrupt(format!(
            "it has more than {cap} bytes, the most relnotes reads of it"
        )),
        CapError::Io(e) => corrupt(format!("cannot read it: {e}")),
    })
}

/// The names an index entry goes by.
fn names(d: &Descriptor) -> Vec<String> {
    let Some(annotations) = d.annotations() else {
        return Vec::new();
    };
    [REF_NAME, CONTAINERD_NAME]
        .iter()
        .filter_map(|k| annotations.get(*k).cloned())
        .collect()
}

/// The entries of an `index.json` that `tag` names (all of them without a
/// tag, if they are one image).
pub(crate) fn select(
    index_bytes: &[u8],
    index_path: &Path,
    tag: Option<&str>,
    place: &str,
    reference: &str,
) -> Result<Start, InspectError> {
    let index = ImageIndex::from_reader(index_bytes).map_err(|e| InspectError::Corrupt {
        path: index_path.to_path_buf(),
        detail: format!("not an OCI image index: {}", document_error(&e)),
        hint: "index.json must be an OCI image index".into(),
    })?;
    let descriptors = index.manifests();
    let mut all_names: Vec<String> = descriptors
        .iter()
        .filter_map(|d| d.annotations().as_ref()?.get(REF_NAME).cloned())
        .collect();
    all_names.sort();
    all_names.dedup();
    let chosen: Vec<Descriptor> = match tag {
        Some(tag) => descriptors
            .iter()
            .filter(|d| names(d).iter().any(|n| same_image_name(n, tag)))
            .cloned()
            .collect(),
        None if all_names.len() > 1 => {
            return Err(InspectError::NotFound {
                what: format!("a single image in {place} (it holds {})", a_few(&all_names)),
                hint: format!("name one: {reference}:{}", all_names[0]),
            });
        }
        None => descriptors.clone(),
    };
    if chosen.is_empty() {
        let what = match tag {
            Some(tag) => format!("tag `{tag}` in {place}"),
            None => format!("an image in {place}"),
        };
        let hint = if all_names.is_empty() {
            "its index.json names no image (no org.opencontainers.image.ref.name annotation)"
                .to_string()
        } else {
            format!("it has: {}", a_few(&all_names))
        };
        return Err(InspectError::NotFound { what, hint });
    }
    Ok(Start::Entries(chosen))
}

/// `blobs/sha256/<hex>` of a digest.
pub(crate) fn blob_path(digest: &str) -> Option<String> {
    let (algorithm, hex) = digest.split_once(':')?;
    let safe = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric());
    (safe(algorithm) && safe(hex)).then(|| format!("blobs/{algorithm}/{hex}"))
}

impl Layout {
    fn open_blob(&self, digest: &str) -> Result<(PathBuf, File), InspectError> {
        let relative = blob_path(digest).ok_or_else(|| InspectError::Corrupt {
            path: self.dir.join("index.json"),
            detail: format!("`{digest}` is not a digest"),
            hint: LAYOUT_HINT.into(),
        })?;
        let path = self.dir.join(relative);
        // A blob that is a FIFO or a device would never end; one that is
        // a symlink out of the layout would read a host file.
        match open_regular(&path, Some(&self.dir)) {
            Ok(file) => Ok((path, file)),
            Err(OpenError::NotFound) => Err(InspectError::Corrupt {
                path,
                detail: format!("missing: the layout names blob {digest} but does not hold it"),
                hint: LAYOUT_HINT.into(),
            }),
            Err(OpenError::Io(source)) => Err(InspectError::Io { path, source }),
            Err(e) => Err(InspectError::Corrupt {
                path,
                detail: format!("blob {digest}: {e}"),
                hint: LAYOUT_HINT.into(),
            }),
        }
    }
}

impl Store for Layout {
    fn manifest(&self, digest: &str, media_type: Option<&str>) -> Result<Fetched, InspectError> {
        let (path, file) = self.open_blob(digest)?;
        let bytes = read_capped(file, MAX_MANIFEST).map_err(|e| match e {
            CapError::TooLarge => InspectError::Corrupt {
                path: path.clone(),
                detail: format!("a manifest of more than {MAX_MANIFEST} bytes"),
                hint: LAYOUT_HINT.into(),
            },
            CapError::Io(source) => InspectError::Io {
                path: path.clone(),
                source,
            },
        })?;
        Ok(Fetched {
            bytes,
            media_type: media_type.map(str::to_string),
        })
    }

    fn blob(
        &self,
        digest: &str,
        _size: Option<u64>,
    ) -> Result<Box<dyn Read + Send + '_>, InspectError> {
        let (_, file) = self.open_blob(digest)?;
        Ok(Box::new(file))
    }
}
