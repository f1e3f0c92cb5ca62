//! Docker credential helpers for tests: `docker-credential-<name>` shell
//! scripts written into a directory the test puts first on `PATH`. Each
//! records the server URL it was asked about in `<dir>/<name>.asked`.

#![allow(dead_code)]

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// A directory of helper scripts.
pub struct Helpers {
    pub dir: tempfile::TempDir,
}

impl Helpers {
    pub fn new() -> Helpers {
        Helpers {
            dir: tempfile::tempdir().expect("temp dir"),
        }
    }

    /// `docker-credential-<name>`: answers `get` for `server` with
    /// `username`/`secret`, and "credentials not found" for any other
    /// server, as the helpers of docker-credential-helpers do (message on
    /// stdout, exit 1).
    pub fn answering(&self, name: &str, server: &str, username: &str, secret: &str) -> &Helpers {
        let answer = serde_json::json!({
            "ServerURL": server,
            "Username": username,
            "Secret": secret,
        });
        self.script(
            name,
            &format!(
                "if [ \"$server\" = '{server}' ]; then\n  printf '%s' '{answer}'\nelse\n  echo 'credentials not found in native keychain'\n  exit 1\nfi\n"
            ),
        )
    }

    /// `docker-credential-<name>` running `body` (sh) once it has read the
    /// server URL into `$server`.
    pub fn script(&self, name: &str, body: &str) -> &Helpers {
        let path = self.dir.path().join(format!("docker-credential-{name}"));
        let asked = self.asked_file(name);
        std::fs::write(
            &path,
            format!(
                "#!/bin/sh\n[ \"$1\" = get ] || {{ echo \"unexpected action $1\" >&2; exit 3; }}\n\
                 server=$(cat)\nprintf '%s\\n' \"$server\" >> '{}'\n{body}",
                asked.display()
            ),
        )
        .expect("write helper");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).expect("chmod");
        self
    }

    fn asked_file(&self, name: &str) -> PathBuf {
        self.dir.path().join(format!("{name}.asked"))
    }

    /// The server URLs helper `name` was asked about, in order.
    pub fn asked(&self, name: &str) -> Vec<String> {
        std::fs::read_to_string(self.asked_file(name))
            .unwrap_or_default()
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// `PATH` with the helpers first.
    pub fn path_env(&self) -> std::ffi::OsString {
        let mut paths = vec![self.dir.path().to_path_buf()];
        if let Some(path) = std::env::var_os("PATH") {
            paths.extend(std::env::split_paths(&path));
        }
        std::env::join_paths(paths).expect("PATH")
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }
}
