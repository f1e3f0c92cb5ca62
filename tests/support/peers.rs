//! syft and trivy, the SBOM tools whose output relnotes reads, as
//! scripts/test.sh builds them from their Go modules
//! (target/test-tools/bin): each writes its SPDX or CycloneDX JSON of one
//! platform of an OCI layout, offline (no database, no update check, no
//! network).

use std::path::{Path, PathBuf};
use std::process::Command;

/// A peer that writes SBOMs of images.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Peer {
    Syft,
    Trivy,
}

/// What a peer is asked to write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Written {
    Spdx,
    CycloneDx,
}

impl Peer {
    pub fn name(self) -> &'static str {
        match self {
            Peer::Syft => "syft",
            Peer::Trivy => "trivy",
        }
    }

    /// The pinned tool; the test fails when scripts/test.sh has not built it.
    fn command(self, home: &Path) -> Command {
        let bin = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("target/test-tools/bin")
            .join(self.name());
        assert!(
            bin.is_file(),
            "{} is missing: run ./scripts/test.sh, which builds {} from its Go module",
            bin.display(),
            self.name()
        );
        let mut command = Command::new(bin);
        command
            .env("HOME", home)
            .env("XDG_CACHE_HOME", home.join("cache"))
            .env("XDG_CONFIG_HOME", home.join("config"))
            .env("SYFT_CHECK_FOR_APP_UPDATE", "false")
            .env("TRIVY_DISABLE_TELEMETRY", "true")
            .env("NO_PROXY", "*");
        command
    }

    /// The SBOM this peer writes, as `written`, of `platform`
    /// (`linux/amd64`) of the OCI layout `layout`; its file is in `dir`.
    pub fn sbom_of(self, layout: &Path, platform: &str, written: Written, dir: &Path) -> PathBuf {
        let file = dir.join(format!(
            "{}-{}.json",
            self.name(),
            match written {
                Written::Spdx => "spdx",
                Written::CycloneDx => "cyclonedx",
            }
        ));
        let mut command = self.command(dir);
        match self {
            Peer::Syft => {
                let format = match written {
                    Written::Spdx => "spdx-json",
                    Written::CycloneDx => "cyclonedx-json",
                };
                command
                    .args(["scan", "--quiet", "--platform", platform])
                    .arg(format!("oci-dir:{}", layout.display()))
                    .arg("-o")
                    .arg(format!("{format}={}", file.display()));
            }
            Peer::Trivy => {
                let format = match written {
                    Written::Spdx => "spdx-json",
                    Written::CycloneDx => "cyclonedx",
                };
                command
                    .args(["image", "--quiet", "--platform", platform])
                    .args([
                        "--skip-db-update",
                        "--skip-java-db-update",
                        "--offline-scan",
                    ])
                    .args(["--skip-version-check", "--format", format])
                    .arg("--cache-dir")
                    .arg(dir.join("trivy-cache"))
                    .arg("--output")
                    .arg(&file)
                    .arg("--input")
                    .arg(layout);
            }
        }
        let out = command.output().expect("the peer runs");
        assert!(
            out.status.success() && file.is_file(),
            "{} failed on {}:\n{}{}",
            self.name(),
            layout.display(),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        file
    }
}
