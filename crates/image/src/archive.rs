//! Images in a `docker save` archive: a tar holding `manifest.json` (the
//! images, their configs and layer tars), and since Docker 25 also an OCI
//! layout (`index.json`, `blobs/sha256/…`). An OCI layout packed in a tar
//! without `manifest.json` (`docker buildx build --output type=oci`) is
//! read too.
//!
//! The archive is indexed once (member names → offsets, seeking over the
//! contents); blobs are then streamed from their offsets, never extracted.

use super::InspectError;
use super::bounded::{OpenError, open_regular};
use super::digest::{is_sha256_digest, sha256_digest};
use super::error::{a_few, clip, document_error, json_error};
use super::layout::{self, blob_path};
use super::limits::{MAX_ARCHIVE_MEMBERS, MAX_KEPT_BYTES};
use super::source::same_image_name;
use super::store::{
    Check, Fetched, LayerRef, MAX_CONFIG, MAX_MANIFEST, Single, Start, Store, config_of,
};
use super::tar_guard::TarGuard;
use oci_spec::image::{ImageConfiguration, ImageIndex, ImageManifest};
use serde::Deserialize;
use std::collections::HashMap;
use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

/// A member of the archive: where its bytes are.
#[derive(Debug, Clone, Copy)]
struct Member {
    offset: u64,
    size: u64,
}

/// An indexed `docker save` archive.
pub(crate) struct Archive {
    file: PathBuf,
    members: HashMap<String, Member>,
    /// Blob digest → member name.
    by_digest: HashMap<String, String>,
}

const ARCHIVE_HINT: &str =
    "`docker save -o FILE IMAGE` writes an archive relnotes reads; save it again";

/// One image of `manifest.json`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "PascalCase")]
struct SavedImage {
    config: String,
    #[serde(default)]
    repo_tags: Option<Vec<String>>,
    layers: Vec<String>,
}

pub(crate) fn open(
    file: &Path,
    reference: Option<&str>,
    display: &str,
) -> Result<(Archive, Start), InspectError> {
    // Only a regular file: a FIFO or a device (`/dev/zero`) would never end.
    let handle = match open_regular(file, None) {
        Ok(handle) => handle,
        Err(OpenError::NotFound) => {
            return Err(InspectError::NotFound {
                what: format!("docker archive {}", file.display()),
                hint: "check the path after `docker-archive:`".into(),
            });
        }
        Err(OpenError::Io(source)) => {
            return Err(InspectError::Io {
                path: file.to_path_buf(),
                source,
            });
        }
        Err(e) => {
            return Err(InspectError::Corrupt {
                path: file.to_path_buf(),
                detail: e.to_string(),
                hint: ARCHIVE_HINT.into(),
            });
        }
    };
    let mut archive = Archive {
        file: file.to_path_buf(),
        members: HashMap::new(),
        by_digest: HashMap::new(),
    };
    archive.index(handle)?;
    let start = if archive.members.contains_key("manifest.json") {
        archive.saved_image(reference, display)?
    } else if archive.members.contains_key("index.json") {
        let bytes = archive.read_member("index.json", MAX_MANIFEST)?;
        layout::select(
            &bytes,
            &file.join("index.json"),
            reference,
            &format!("archive {}", file.display()),
            display,
        )?
    } else {
        return Err(archive.corrupt(
            "holds neither manifest.json nor index.json: not a docker save archive".into(),
        ));
    };
    Ok((archive, start))
}

/// `<hex>.json` or `blobs/sha256/<hex>` → `sha256:<hex>`.
fn digest_in_name(name: &str) -> Option<String> {
    let base = name.rsplit('/').next()?;
    let hex = base.strip_suffix(".json").unwrap_or(base);
    let digest = format!("sha256:{hex}");
    is_sha256_digest(&digest).then_some(digest)
}

impl Archive {
    fn corrupt(&self, detail: String) -> InspectError {
        InspectError::Corrupt {
            path: self.file.clone(),
            detail,
            hint: ARCHIVE_HINT.into(),
        }
    }

    /// Member names and offsets, seeking over the contents.
    fn index(&mut self, handle: File) -> Result<(), InspectError> {
        let mut reader = BufReader::new(handle);
        let mut magic = [0u8; 4];
        let n = read_up_to(&mut reader, &mut magic).map_err(|source| InspectError::Io {
            path: self.file.clone(),
            source,
        })?;
        let compressed = match &magic[..n] {
            [0x1f, 0x8b, ..] => Some("gzip (gunzip -k FILE)"),
            [0x28, 0xb5, 0x2f, 0xfd] => Some("zstd (zstd -d FILE)"),
            _ => None,
        };
        if let Some(how) = compressed {
            return Err(InspectError::Corrupt {
                path: self.file.clone(),
                detail: "the archive is compressed".into(),
                hint: format!(
                    "decompress it first with {how}; relnotes reads the tar `docker save` writes"
                ),
            });
        }
        reader
            .seek(SeekFrom::Start(0))
            .map_err(|source| InspectError::Io {
                path: self.file.clone(),
                source,
            })?;
        let mut tar = tar::Archive::new(TarGuard::new(reader));
        let mut name_bytes = 0u64;
        let not_tar = |e: std::io::Error| InspectError::Corrupt {
            path: self.file.clone(),
            detail: format!("not a tar archive: {}", clip(e, 160)),
            hint: ARCHIVE_HINT.into(),
        };
        for entry in tar.entries_with_seek().map_err(not_tar)? {
            let entry = entry.map_err(not_tar)?;
            if !entry.header().entry_type().is_file() {
                continue;
            }
            let path = entry.path().map_err(not_tar)?;
            let name = path
                .components()
                .filter_map(|c| match c {
                    std::path::Component::Normal(p) => Some(p.to_string_lossy().into_owned()),
                    _ => None,
                })
                .collect::<Vec<_>>()
                .join("/");
            name_bytes += name.len() as u64 + 64;
            if self.members.len() as u64 >= MAX_ARCHIVE_MEMBERS || name_bytes > MAX_KEPT_BYTES {
                return Err(self.corrupt(format!(
                    "more than {MAX_ARCHIVE_MEMBERS} members or {} MiB of member names, more than relnotes reads; a docker save archive holds a few per layer",
                    MAX_KEPT_BYTES >> 20
                )));
            }
            if let Some((algorithm, hex)) = name
                .strip_prefix("blobs/")
                .and_then(|rest| rest.split_once('/'))
            {
                self.by_digest
                    .insert(format!("{algorithm}:{hex}"), name.clone());
            }
            self.members.insert(
                name,
                Member {
                    offset: entry.raw_file_position(),
                    size: entry.size(),
                },
            );
        }
        Ok(())
    }

    fn member(&self, name: &str) -> Result<Member, InspectError> {
        self.members
            .get(name)
            .copied()
            .ok_or_else(|| self.corrupt(format!("{name} is missing (manifest.json names it)")))
    }

    fn open_member(&self, name: &str) -> Result<impl Read + Send + use<>, InspectError> {
        let member = self.member(name)?;
        let io = |source| InspectError::Io {
            path: self.file.clone(),
            source,
        };
        let mut file = File::open(&self.file).map_err(io)?;
        file.seek(SeekFrom::Start(member.offset)).map_err(io)?;
        Ok(file.take(member.size))
    }

    fn read_member(&self, name: &str, limit: u64) -> Result<Vec<u8>, InspectError> {
        let member = self.member(name)?;
        if member.size > limit {
            return Err(self.corrupt(format!(
                "{name} has {} bytes, more than the {limit} relnotes reads",
                member.size
            )));
        }
        let mut bytes = Vec::with_capacity(member.size as usize);
        self.open_member(name)?
            .read_to_end(&mut bytes)
            .map_err(|source| InspectError::Io {
                path: self.file.clone(),
                source,
            })?;
        Ok(bytes)
    }

    /// The image of `manifest.json` that `reference` names.
    fn saved_image(
        &mut self,
        reference: Option<&str>,
        display: &str,
    ) -> Result<Start, InspectError> {
        let bytes = self.read_member("manifest.json", MAX_MANIFEST)?;
        let images: Vec<SavedImage> = serde_json::from_slice(&bytes)
            .map_err(|e| self.corrupt(format!("manifest.json: {}", json_error(&e))))?;
        let tags = |i: &SavedImage| i.repo_tags.clone().unwrap_or_default();
        let all_tags: Vec<String> = images.iter().flat_map(tags).collect();
        let chosen = match reference {
            Some(wanted) => images
                .iter()
                .find(|i| tags(i).iter().any(|t| same_image_name(t, wanted)))
                .ok_or_else(|| InspectError::NotFound {
                    what: format!("image {wanted} in archive {}", self.file.display()),
                    hint: if all_tags.is_empty() {
                        "the archive's images have no tags; leave the reference out".into()
                    } else {
                        format!("it holds: {}", a_few(&all_tags))
                    },
                })?,
            None => match images.as_slice() {
                [only] => only,
                [] => return Err(self.corrupt("manifest.json lists no image".into())),
                _ => {
                    return Err(InspectError::NotFound {
                        what: format!(
                            "a single image in archive {} (it holds {})",
                            self.file.display(),
                            images.len()
                        ),
                        hint: match all_tags.first() {
                            Some(tag) => {
                                format!("name one: {display}:{tag} (tags: {})", a_few(&all_tags))
                            }
                            None => "save one image per archive".into(),
                        },
                    });
                }
            },
        };

        let config_bytes = self.read_member(&chosen.config, MAX_CONFIG)?;
        let config_digest = sha256_digest(&config_bytes);
        if let Some(expected) = digest_in_name(&chosen.config)
            && expected != config_digest
        {
            return Err(InspectError::DigestMismatch {
                reference: display.into(),
                what: "config".into(),
                expected,
                actual: config_digest,
            });
        }
        let (platform, config) = config_of(display, &config_bytes)?;
        let parsed = ImageConfiguration::from_reader(&config_bytes[..]).map_err(|e| {
            self.corrupt(format!(
                "{}: {}",
                clip(&chosen.config, 200),
                document_error(&e)
            ))
        })?;
        let diff_ids = parsed.rootfs().diff_ids();
        if diff_ids.len() != chosen.layers.len() {
            return Err(self.corrupt(format!(
                "manifest.json lists {} layers, the config {} diff IDs",
                chosen.layers.len(),
                diff_ids.len()
            )));
        }
        let mut layers = Vec::new();
        for (name, diff_id) in chosen.layers.iter().zip(diff_ids) {
            let member = self.member(name)?;
            let (digest, check) = match blob_digest(name) {
                Some(digest) => (digest, Check::Stored),
                None => (diff_id.clone(), Check::Uncompressed),
            };
            self.by_digest.insert(digest.clone(), name.clone());
            layers.push(LayerRef {
                digest,
                media_type: None,
                size: Some(member.size),
                check,
            });
        }
        let manifest_digest = self
            .oci_manifest_for(&config_digest)
            .unwrap_or_else(|| config_digest.clone());
        Ok(Start::Single(Box::new(Single {
            manifest_digest,
            platform,
            config,
            layers,
        })))
    }

    /// The digest of the OCI manifest (Docker 25+ archives hold one) whose
    /// config is `config_digest`, if any.
    fn oci_manifest_for(&self, config_digest: &str) -> Option<String> {
        let index_bytes = self.read_member("index.json", MAX_MANIFEST).ok()?;
        let index = ImageIndex::from_reader(&index_bytes[..]).ok()?;
        let mut pending: Vec<String> = index
            .manifests()
            .iter()
            .map(|d| d.digest().to_string())
            .collect();
        let mut seen = 0;
        while let Some(digest) = pending.pop() {
            seen += 1;
            if seen > 64 {
                break;
            }
            let name = self.by_digest.get(&digest)?;
            let bytes = self.read_member(name, MAX_MANIFEST).ok()?;
            if let Ok(manifest) = ImageManifest::from_reader(&bytes[..]) {
                if manifest.config().digest().to_string() == config_digest {
                    return Some(digest);
                }
            } else if let Ok(inner) = ImageIndex::from_reader(&bytes[..]) {
                pending.extend(inner.manifests().iter().map(|d| d.digest().to_string()));
            }
        }
        None
    }
}

/// `blobs/sha256/<hex>` → `sha256:<hex>`.
fn blob_digest(name: &str) -> Option<String> {
    let rest = name.strip_prefix("blobs/sha256/")?;
    let digest = format!("sha256:{rest}");
    (is_sha256_digest(&digest) && blob_path(&digest).as_deref() == Some(name)).then_some(digest)
}

fn read_up_to(reader: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match reader.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(filled)
}

impl Store for Archive {
    fn manifest(&self, digest: &str, media_type: Option<&str>) -> Result<Fetched, InspectError> {
        let name = self.by_digest.get(digest).ok_or_else(|| {
            self.corrupt(format!(
                "blob {digest} is missing (the archive's index names it)"
            ))
        })?;
        Ok(Fetched {
            bytes: self.read_member(name, MAX_MANIFEST)?,
            media_type: media_type.map(str::to_string),
        })
    }

    fn blob(
        &self,
        digest: &str,
        _size: Option<u64>,
    ) -> Result<Box<dyn Read + Send + '_>, InspectError> {
        let name = self.by_digest.get(digest).ok_or_else(|| {
            self.corrupt(format!(
                "blob {digest} is missing (the archive's index names it)"
            ))
        })?;
        Ok(Box::new(self.open_member(name)?))
    }
}
