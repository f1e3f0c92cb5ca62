//! cosign itself, as scripts/test.sh builds it from its Go module
//! (target/test-tools/bin/cosign): it signs attestations relnotes must
//! accept and verifies the ones relnotes signs. Keys only, no
//! transparency log and no network but the test's registry.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The pinned cosign; the test fails when scripts/test.sh has not built it.
pub fn cosign() -> Command {
    let bin = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/test-tools/bin/cosign");
    assert!(
        bin.is_file(),
        "{} is missing: run ./scripts/test.sh, which builds cosign from its Go module",
        bin.display()
    );
    let mut command = Command::new(bin);
    // A key with an empty password; no proxy, no user's cosign settings.
    command
        .env("COSIGN_PASSWORD", "")
        .env("NO_PROXY", "*")
        .env_remove("COSIGN_REPOSITORY")
        .env_remove("COSIGN_EXPERIMENTAL");
    command
}

/// `cosign` with `args` in `dir`; fails the test with cosign's own words.
pub fn run_cosign(dir: &Path, args: &[&str]) -> Output {
    let out = cosign()
        .args(args)
        .current_dir(dir)
        .env("HOME", dir)
        .output()
        .expect("cosign runs");
    assert!(
        out.status.success(),
        "cosign {args:?} failed:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `cosign generate-key-pair` in `dir`: its `cosign.key` (encrypted, empty
/// password) and `cosign.pub`.
pub fn generate_key_pair(dir: &Path) -> (PathBuf, PathBuf) {
    run_cosign(dir, &["generate-key-pair"]);
    (dir.join("cosign.key"), dir.join("cosign.pub"))
}

/// `sha256:` and the hex SHA-256 of the PKIX key in the PEM file at
/// `public`: how relnotes names a key, computed here apart from relnotes.
pub fn key_fingerprint(public: &Path) -> String {
    use base64::Engine;
    use sha2::{Digest, Sha256};
    let pem = std::fs::read_to_string(public).unwrap();
    let body: String = pem.lines().filter(|l| !l.starts_with("-----")).collect();
    let der = base64::engine::general_purpose::STANDARD
        .decode(body)
        .unwrap();
    let hex: String = Sha256::digest(der)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("sha256:{hex}")
}
