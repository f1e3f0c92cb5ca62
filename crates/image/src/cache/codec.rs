//! The bytes of one cache entry: a header that says what the entry is
//! and proves its body whole, then the layer's scan in postcard.
//!
//! ```text
//! magic      8 bytes   "relnlyr\n"
//! format     u32 LE    FORMAT_VERSION
//! filter     u32 LE    catalog::WANTS_VERSION
//! digest     71 bytes  the layer's digest, sha256:<64 hex>
//! length     u64 LE    of the body
//! checksum   32 bytes  sha256 of the body
//! body       postcard  Body
//! ```
//!
//! File contents are stored once however many paths share them (hard
//! links), and come back shared, as the walker made them: the catalogers
//! count a hard-linked file once by its shared bytes.

use crate::FoundFile;
use crate::catalog::WANTS_VERSION;
use crate::scan::{Charges, LayerScan};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::Arc;

/// The version of the entries' format: bump it whenever the codec, the
/// shape of a layer scan or the walker's path fingerprint changes (the
/// catalog filter has its own version). Entries of another version are
/// rebuilt. (2: path fingerprints from SHA-256, no longer SipHash.)
pub(crate) const FORMAT_VERSION: u32 = 2;

const MAGIC: &[u8; 8] = b"relnlyr\n";
const DIGEST_LEN: usize = 71;
const HEADER_LEN: usize = 8 + 4 + 4 + DIGEST_LEN + 8 + 32;

/// The scan, as stored. Sets are sorted, so one scan has one encoding.
#[derive(Serialize, Deserialize)]
struct Body<'a> {
    #[serde(borrow)]
    contents: Vec<&'a [u8]>,
    #[serde(borrow)]
    files: Vec<FileRow<'a>>,
    #[serde(borrow)]
    whiteouts: Vec<&'a str>,
    #[serde(borrow)]
    opaque: Vec<&'a str>,
    added: Vec<u64>,
    added_files: Vec<u64>,
    /// What reading the layer took from a read's budget: entries, bytes.
    charges: (u64, u64),
}

#[derive(Serialize, Deserialize)]
struct FileRow<'a> {
    path: &'a str,
    /// Index into `contents`.
    contents: u32,
    symlink: bool,
}

/// Why an entry was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Rejected {
    /// Written by another version of relnotes: rebuilt without a word.
    Outdated,
    /// Damaged or not an entry for this layer: rebuilt, with a warning.
    Corrupt(String),
}

/// The entry of `scan`, the scan of layer `digest` (a valid sha256 digest).
pub(crate) fn encode(digest: &str, scan: &LayerScan) -> Vec<u8> {
    let mut contents: Vec<&[u8]> = Vec::new();
    let mut index_of: HashMap<*const u8, u32> = HashMap::new();
    let files = scan
        .files
        .values()
        .map(|file| {
            let index = *index_of.entry(file.contents.as_ptr()).or_insert_with(|| {
                contents.push(&file.contents);
                (contents.len() - 1) as u32
            });
            FileRow {
                path: &file.path,
                contents: index,
                symlink: file.symlink,
            }
        })
        .collect();
    let body = Body {
        contents,
        files,
        whiteouts: sorted(&scan.whiteouts),
        opaque: sorted(&scan.opaque),
        added: scan.added.clone(),
        added_files: scan.added_files.clone(),
        charges: (scan.charges.entries, scan.charges.kept_bytes),
    };
    let body = postcard::to_allocvec(&body).expect("a scan always serialises");
    let mut out = Vec::with_capacity(HEADER_LEN + body.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&WANTS_VERSION.to_le_bytes());
    out.extend_from_slice(digest.as_bytes());
    out.extend_from_slice(&(body.len() as u64).to_le_bytes());
    out.extend_from_slice(&Sha256::digest(&body));
    out.extend_from_slice(&body);
    out
}

fn sorted(set: &HashSet<String>) -> Vec<&str> {
    let mut v: Vec<&str> = set.iter().map(String::as_str).collect();
    v.sort_unstable();
    v
}

/// The scan an entry holds, if it is a whole entry of this format for
/// layer `digest`.
pub(crate) fn decode(digest: &str, bytes: &[u8]) -> Result<LayerScan, Rejected> {
    let corrupt = |what: &str| Rejected::Corrupt(what.to_string());
    if bytes.len() < HEADER_LEN || &bytes[..8] != MAGIC {
        return Err(corrupt("not a cache entry (too short, or no magic)"));
    }
    let u32_at = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    if u32_at(8) != FORMAT_VERSION || u32_at(12) != WANTS_VERSION {
        return Err(Rejected::Outdated);
    }
    if &bytes[16..16 + DIGEST_LEN] != digest.as_bytes() {
        return Err(corrupt("the entry is another layer's"));
    }
    let at = 16 + DIGEST_LEN;
    let length = u64::from_le_bytes(bytes[at..at + 8].try_into().expect("8 bytes"));
    let checksum = &bytes[at + 8..HEADER_LEN];
    let body = &bytes[HEADER_LEN..];
    if body.len() as u64 != length {
        return Err(corrupt("truncated (or longer than its header says)"));
    }
    if Sha256::digest(body).as_slice() != checksum {
        return Err(corrupt("its checksum does not match"));
    }
    let body: Body = postcard::from_bytes(body).map_err(|e| corrupt(&format!("body: {e}")))?;
    scan_of(digest, body).map_err(corrupt)
}

/// Rebuilds the scan, checking what the walker relies on: contents
/// indexes in range, fingerprints sorted without repeats.
fn scan_of(digest: &str, body: Body) -> Result<LayerScan, &'static str> {
    let ascending = |v: &[u64]| v.windows(2).all(|w| w[0] < w[1]);
    if !ascending(&body.added) || !ascending(&body.added_files) {
        return Err("fingerprints out of order");
    }
    let contents: Vec<Arc<[u8]>> = body.contents.into_iter().map(Arc::from).collect();
    let mut files = BTreeMap::new();
    for row in body.files {
        let shared = contents
            .get(row.contents as usize)
            .ok_or("a file's contents index is out of range")?;
        let file = FoundFile {
            path: row.path.to_string(),
            layer: digest.to_string(),
            contents: Arc::clone(shared),
            symlink: row.symlink,
        };
        files.insert(file.path.clone(), file);
    }
    Ok(LayerScan {
        files,
        whiteouts: body.whiteouts.into_iter().map(str::to_string).collect(),
        opaque: body.opaque.into_iter().map(str::to_string).collect(),
        added: body.added,
        added_files: body.added_files,
        charges: Charges {
            entries: body.charges.0,
            kept_bytes: body.charges.1,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scan::fingerprint;

    const DIGEST: &str = "sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

    fn sample() -> LayerScan {
        let status: Arc<[u8]> = Arc::from(&b"Package: gdb\nVersion: 15\n"[..]);
        let file = |path: &str, contents: &Arc<[u8]>, symlink| FoundFile {
            path: path.into(),
            layer: DIGEST.into(),
            contents: Arc::clone(contents),
            symlink,
        };
        let mut added: Vec<u64> = ["etc", "etc/os-release", "var/lib/dpkg/status"]
            .iter()
            .map(|p| fingerprint(p))
            .collect();
        added.sort_unstable();
        let target: Arc<[u8]> = Arc::from(&b"../usr/lib/os-release"[..]);
        LayerScan {
            files: [
                file("var/lib/dpkg/status", &status, false),
                file("var/lib/dpkg/status.d/gdb", &status, false),
                file("etc/os-release", &target, true),
            ]
            .into_iter()
            .map(|f| (f.path.clone(), f))
            .collect(),
            whiteouts: ["opt/old".to_string(), "etc/gone".to_string()].into(),
            opaque: ["usr/share/doc".to_string()].into(),
            added_files: added[1..].to_vec(),
            added,
            charges: Charges {
                entries: 7,
                kept_bytes: 120,
            },
        }
    }

    #[test]
    fn a_scan_comes_back_whole_with_its_links_shared() {
        let scan = sample();
        let bytes = encode(DIGEST, &scan);
        let back = decode(DIGEST, &bytes).unwrap();
        assert_eq!(
            back.files.values().collect::<Vec<_>>(),
            scan.files.values().collect::<Vec<_>>()
        );
        assert_eq!(back.whiteouts, scan.whiteouts);
        assert_eq!(back.opaque, scan.opaque);
        assert_eq!(back.added, scan.added);
        assert_eq!(back.added_files, scan.added_files);
        assert_eq!(back.charges, scan.charges);
        let status = &back.files["var/lib/dpkg/status"].contents;
        let linked = &back.files["var/lib/dpkg/status.d/gdb"].contents;
        assert!(Arc::ptr_eq(status, linked));
        // One scan, one encoding (sets are sorted).
        assert_eq!(encode(DIGEST, &back), bytes);
    }

    #[test]
    fn damaged_or_foreign_entries_are_rejected() {
        let bytes = encode(DIGEST, &sample());
        let corrupt = |b: &[u8]| matches!(decode(DIGEST, b), Err(Rejected::Corrupt(_)));
        for cut in [0, 7, HEADER_LEN - 1, HEADER_LEN, bytes.len() - 1] {
            assert!(corrupt(&bytes[..cut]), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(corrupt(&longer));
        for at in [0, 20, HEADER_LEN - 3, HEADER_LEN + 2, bytes.len() - 1] {
            let mut flipped = bytes.clone();
            flipped[at] ^= 0x40;
            assert!(corrupt(&flipped), "flipped at {at}");
        }
        let other = DIGEST.replace("0123", "3210");
        assert!(corrupt(&encode(&other, &sample())));
        let mut old = bytes.clone();
        old[8..12].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
        assert_eq!(decode(DIGEST, &old).err(), Some(Rejected::Outdated));
        let mut other_filter = bytes;
        other_filter[12..16].copy_from_slice(&(WANTS_VERSION + 1).to_le_bytes());
        assert_eq!(
            decode(DIGEST, &other_filter).err(),
            Some(Rejected::Outdated)
        );
    }

    #[test]
    fn a_body_that_checks_out_but_breaks_the_walker_is_rejected() {
        // A checksum proves the body whole, not that it was written by us.
        let mut scan = sample();
        scan.added.reverse();
        let bytes = encode(DIGEST, &scan);
        assert!(matches!(decode(DIGEST, &bytes), Err(Rejected::Corrupt(m)) if m.contains("order")));
    }
}
