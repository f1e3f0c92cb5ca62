//! A real registry for tests: Debian's `docker-registry` (distribution
//! 2.8), started on 127.0.0.1 on a free port with its storage in a temp
//! dir, optionally with htpasswd basic auth; killed when dropped.
//!
//! `./scripts/test.sh` installs the package.

#![allow(dead_code)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub const BINARY: &str = "/usr/bin/docker-registry";

pub struct TestRegistry {
    /// Declared first: the process is killed before its dir is removed.
    child: KillOnDrop,
    dir: tempfile::TempDir,
    storage: PathBuf,
    pub port: u16,
}

impl TestRegistry {
    /// A registry open to anyone.
    pub fn start() -> TestRegistry {
        TestRegistry::start_with(None, None)
    }

    /// A registry that wants basic auth with these credentials.
    pub fn start_with_basic_auth(user: &str, password: &str) -> TestRegistry {
        TestRegistry::start_with(Some((user, password)), None)
    }

    /// A registry open to anyone, storing its blobs in `storage` (which
    /// outlives it), e.g. for a benchmark to push once and read many times.
    pub fn start_with_storage(storage: &Path) -> TestRegistry {
        TestRegistry::start_with(None, Some(storage))
    }

    fn start_with(auth: Option<(&str, &str)>, storage: Option<&Path>) -> TestRegistry {
        assert!(
            Path::new(BINARY).exists(),
            "{BINARY} is missing: run ./scripts/test.sh, which installs Debian's docker-registry"
        );
        let dir = tempfile::tempdir().expect("temp dir");
        let storage = storage.map_or_else(|| dir.path().join("storage"), Path::to_path_buf);
        let mut last_log = String::new();
        // A free port can be taken between finding it and the registry
        // binding it: try a few.
        for _ in 0..5 {
            let port = free_port();
            let config = dir.path().join("config.yml");
            let mut yaml = format!(
                "version: 0.1\n\
                 log:\n  level: error\n  accesslog:\n    disabled: true\n\
                 storage:\n  filesystem:\n    rootdirectory: {storage}\n  delete:\n    enabled: true\n\
                 http:\n  addr: 127.0.0.1:{port}\n  secret: relnotes-test-secret\n\
                 health:\n  storagedriver:\n    enabled: false\n",
                storage = storage.display(),
            );
            if let Some((user, password)) = auth {
                let htpasswd = dir.path().join("htpasswd");
                let hash = bcrypt::hash(password, 4).expect("bcrypt");
                std::fs::write(&htpasswd, format!("{user}:{hash}\n")).expect("htpasswd");
                yaml.push_str(&format!(
                    "auth:\n  htpasswd:\n    realm: relnotes-test\n    path: {}\n",
                    htpasswd.display()
                ));
            }
            std::fs::write(&config, yaml).expect("config");
            let log = dir.path().join("registry.log");
            let log_file = std::fs::File::create(&log).expect("log");
            // Killed on drop from here on, even if waiting panics.
            let mut child = KillOnDrop(
                Command::new(BINARY)
                    .arg("serve")
                    .arg(&config)
                    .stdin(Stdio::null())
                    .stdout(log_file.try_clone().expect("log"))
                    .stderr(log_file)
                    .spawn()
                    .expect("start docker-registry"),
            );
            if wait_ready(&mut child.0, port) {
                return TestRegistry {
                    child,
                    dir,
                    storage,
                    port,
                };
            }
            drop(child);
            last_log = std::fs::read_to_string(&log).unwrap_or_default();
            if !last_log.contains("address already in use") {
                break;
            }
        }
        panic!("docker-registry did not start:\n{last_log}");
    }

    /// `127.0.0.1:PORT`.
    pub fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.host())
    }

    /// Where the registry stores a blob's bytes (to corrupt them).
    pub fn blob_data_path(&self, digest: &str) -> PathBuf {
        let hex = digest.strip_prefix("sha256:").expect("sha256 digest");
        self.storage
            .join("docker/registry/v2/blobs/sha256")
            .join(&hex[..2])
            .join(hex)
            .join("data")
    }

    /// The registry's log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("registry.log")).unwrap_or_default()
    }
}

/// Polls `/v2/` until it answers (200 or 401), or the process dies.
fn wait_ready(child: &mut Child, port: u16) -> bool {
    let deadline = Instant::now() + Duration::from_secs(20);
    image::install_crypto_provider();
    let client = reqwest::blocking::Client::builder()
        .no_proxy()
        .timeout(Duration::from_secs(2))
        .build()
        .unwrap();
    while Instant::now() < deadline {
        if let Ok(Some(_)) = child.try_wait() {
            return false;
        }
        if let Ok(response) = client.get(format!("http://127.0.0.1:{port}/v2/")).send()
            && matches!(response.status().as_u16(), 200 | 401)
        {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

/// A child process killed (and reaped) when dropped.
struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A port nothing listens on right now.
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .expect("bind")
        .local_addr()
        .expect("addr")
        .port()
}
