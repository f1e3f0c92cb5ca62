use super::*;
use crate::catalog::{self, WANTS_VERSION};
use crate::scan::fingerprint;
use crate::{FoundFile, Keep};
use sha2::{Digest, Sha256};
use std::sync::atomic::{AtomicUsize, Ordering};

/// What the catalog filter answers on a sample of paths and sizes, hashed
/// (the first 8 bytes of a SHA-256, in hex).
fn filter_answers() -> String {
    let dirs = [
        "",
        "etc/",
        "usr/lib/",
        "usr/include/",
        "usr/include/python3.12/",
        "usr/local/include/python3.13t/",
        "usr/local/cuda/",
        "usr/local/cuda-12.8/",
        "usr/local/cuda-12.8/nsight/",
        "usr/lib/x86_64-linux-gnu/",
        "usr/lib/aarch64-linux-gnu/",
        "var/lib/dpkg/",
        "var/lib/dpkg/status.d/",
        "var/lib/dpkg/info/",
        "usr/local/lib/python3.12/dist-packages/torch-2.8.0.dist-info/",
        "usr/lib/python3/dist-packages/six-1.16.0.egg-info/",
        "opt/conda/lib/python3.11/site-packages/numpy-2.1.dist-info/",
        "usr/share/doc/",
        "opt/conda/conda-meta/",
    ];
    let names = [
        "os-release",
        "version.json",
        "cudnn_version.h",
        "cudnn.h",
        "cudnn_version_v9.h",
        "nccl.h",
        "nccl_v2.h",
        "NvInferVersion.h",
        "cublas_api.h",
        "patchlevel.h",
        "METADATA",
        "PKG-INFO",
        "RECORD",
        "status",
        "status-old",
        "gdb",
        "gdb.md5sums",
        "libcudnn.so.9",
        "libcudnn.so.9.8.0",
        "libnccl.so.2",
        "libnccl.so.2.21.5",
        "libnccl_static.a",
        "libcublas.so.12",
        "libcublasLt.so.12",
        "libcudnn-9.12.0.46-hf7e9902_0.json",
        "history",
        "python3.12",
        "__init__.py",
        "hostname",
    ];
    let sizes = [
        0,
        900,
        1 << 20,
        (1 << 20) + 1,
        16 << 20,
        (16 << 20) + 1,
        1 << 30,
    ];
    let mut hasher = Sha256::new();
    for dir in dirs {
        for name in names {
            for size in sizes {
                let path = format!("{dir}{name}");
                let keep = match catalog::wants(&path, size) {
                    Keep::No => 0,
                    Keep::Whole => 1,
                    Keep::Headers => 2,
                };
                hasher.update(path.as_bytes());
                hasher.update(size.to_le_bytes());
                hasher.update([keep]);
            }
        }
    }
    crate::digest::hex(&hasher.finalize()[..8])
}

#[test]
fn the_filter_version_moves_with_the_filter() {
    // A change of `catalog::wants` changes this hash: cached scans made
    // with the old filter must not be served, so bump WANTS_VERSION and
    // pin the new hash beside it.
    assert_eq!(
        (WANTS_VERSION, filter_answers()),
        (2, "f2b3ef829a684731".to_string())
    );
}

#[test]
fn the_format_version_moves_with_the_fingerprint() {
    // Entries hold fingerprints: a change of the function needs a new
    // FORMAT_VERSION.
    assert_eq!(
        (
            FORMAT_VERSION,
            format!("{:016x}", fingerprint("usr/lib/os-release"))
        ),
        (2, "e19aace36f42199e".to_string())
    );
}

const DIGEST: &str = "sha256:8b1a9953c4611296a827abf8c47804d7e6c49c6b6cd0b1df0d6f1bd1e2d1c2b7";

fn scan_of(path: &str, contents: &[u8]) -> LayerScan {
    let mut scan = LayerScan::default();
    scan.files.insert(
        path.into(),
        FoundFile {
            path: path.into(),
            layer: DIGEST.into(),
            contents: Arc::from(contents),
            symlink: false,
        },
    );
    scan.added = vec![fingerprint(path)];
    scan.added_files = scan.added.clone();
    scan
}

#[test]
fn a_layer_is_scanned_once_per_run_without_a_directory() {
    let cache = LayerCache::in_memory();
    let scans = AtomicUsize::new(0);
    let scan = || {
        scans.fetch_add(1, Ordering::Relaxed);
        Ok(scan_of("etc/os-release", b"ID=ubuntu\n"))
    };
    assert!(cache.lookup(DIGEST).is_none());
    let first = cache.get_or_scan(DIGEST, scan).unwrap();
    let again = cache.get_or_scan(DIGEST, scan).unwrap();
    assert!(Arc::ptr_eq(&first, &again));
    assert!(cache.lookup(DIGEST).is_some());
    assert_eq!(scans.load(Ordering::Relaxed), 1);
}

#[test]
fn threads_wanting_one_layer_wait_for_one_read() {
    let cache = LayerCache::in_memory();
    let scans = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..4 {
            scope.spawn(|| {
                cache
                    .get_or_scan(DIGEST, || {
                        scans.fetch_add(1, Ordering::Relaxed);
                        std::thread::sleep(std::time::Duration::from_millis(20));
                        Ok(scan_of("etc/os-release", b"ID=ubuntu\n"))
                    })
                    .unwrap()
            });
        }
    });
    assert_eq!(scans.load(Ordering::Relaxed), 1);
}

#[test]
fn a_failed_read_is_not_kept() {
    let cache = LayerCache::in_memory();
    let failed = cache.get_or_scan(DIGEST, || {
        Err(InspectError::CorruptLayer {
            reference: "r".into(),
            digest: DIGEST.into(),
            detail: "broken".into(),
        })
    });
    assert!(failed.is_err());
    assert!(cache.lookup(DIGEST).is_none());
}

#[test]
fn a_directory_serves_later_runs_and_damaged_entries_are_rebuilt() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("relnotes");
    let run = || LayerCache::on_disk(path.clone(), DEFAULT_MAX_BYTES);
    run()
        .get_or_scan(DIGEST, || Ok(scan_of("etc/os-release", b"ID=ubuntu\n")))
        .unwrap();
    let entry = disk::entry_path(&path, DIGEST).unwrap();
    assert!(entry.is_file());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
    }
    let warm = run().lookup(DIGEST).expect("served from disk");
    assert_eq!(&*warm.files["etc/os-release"].contents, b"ID=ubuntu\n");
    // Truncated: not served, and the next read writes a sound entry.
    let bytes = std::fs::read(&entry).unwrap();
    std::fs::write(&entry, &bytes[..bytes.len() - 3]).unwrap();
    let later = run();
    assert!(later.lookup(DIGEST).is_none());
    later
        .get_or_scan(DIGEST, || Ok(scan_of("etc/os-release", b"ID=debian\n")))
        .unwrap();
    let rebuilt = run().lookup(DIGEST).expect("rebuilt");
    assert_eq!(&*rebuilt.files["etc/os-release"].contents, b"ID=debian\n");
}

#[test]
fn clean_and_info_count_only_the_caches_files() {
    let dir = tempfile::tempdir().unwrap();
    let cache = LayerCache::on_disk(dir.path().to_path_buf(), DEFAULT_MAX_BYTES);
    cache
        .get_or_scan(DIGEST, || Ok(scan_of("etc/os-release", b"ID=ubuntu\n")))
        .unwrap();
    std::fs::write(dir.path().join("layers").join("notes.txt"), "mine").unwrap();
    let before = info(Some(dir.path().to_path_buf())).unwrap();
    assert_eq!(before.entries, 1);
    assert!(before.bytes > 0);
    let recent = clean(
        Some(dir.path().to_path_buf()),
        Some(Duration::from_secs(3600)),
    )
    .unwrap();
    assert_eq!(recent.entries, 0);
    let all = clean(Some(dir.path().to_path_buf()), None).unwrap();
    assert_eq!((all.entries, all.bytes), (1, before.bytes));
    assert_eq!(info(Some(dir.path().to_path_buf())).unwrap().entries, 0);
    assert!(dir.path().join("layers").join("notes.txt").is_file());
}
