//! Where a registry's credentials are found, the way Docker and podman
//! find them. The first source that has some wins:
//!
//! 1. the caller's (`--username` with `--password-stdin`);
//! 2. the Docker config's `credHelpers` entry for the registry: runs
//!    `docker-credential-<name> get`;
//! 3. the Docker config's `credsStore`: the same, for every registry;
//! 4. the Docker config's `auths` entry for the registry;
//! 5. podman's `auth.json` (`credHelpers`, then `auths`, as above).
//!
//! A helper that answers "credentials not found", and a file or entry that
//! is not there, pass to the next source; none at all means anonymous
//! access. A helper that fails, and a file that cannot be read, are errors.

mod helper;

use super::InspectError;
use super::auth::Credentials;
use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use model::DOCKER_HUB;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Docker Hub's key in a Docker config, and the server URL its helpers
/// are asked about.
pub(crate) const DOCKER_HUB_SERVER: &str = "https://index.docker.io/v1/";

/// The files credentials are looked up in, and how long a helper may run.
#[derive(Debug, Clone)]
pub(crate) struct CredentialSources {
    /// Docker's `config.json`; `None` when there is no home to find it in.
    pub docker_config: Option<PathBuf>,
    /// podman's `auth.json`.
    pub podman_auth: Option<PathBuf>,
    /// A helper still running after this long is killed.
    pub helper_timeout: Duration,
}

impl CredentialSources {
    /// The files the environment names: `$DOCKER_CONFIG/config.json`, else
    /// `~/.docker/config.json`; `$REGISTRY_AUTH_FILE`, else
    /// `$XDG_RUNTIME_DIR/containers/auth.json` if it exists, else
    /// `~/.config/containers/auth.json`. `docker_config` and `podman_auth`
    /// replace what the environment says, when given.
    pub(crate) fn from_env(
        docker_config: Option<PathBuf>,
        podman_auth: Option<PathBuf>,
        helper_timeout: Duration,
    ) -> CredentialSources {
        CredentialSources {
            docker_config: docker_config.or_else(docker_config_path),
            podman_auth: podman_auth.or_else(podman_auth_path),
            helper_timeout,
        }
    }

    /// The credentials for `registry` (`host[:port]`, `docker.io` for
    /// Docker Hub), in the order of this module's documentation.
    pub(crate) fn find(&self, registry: &str) -> Result<Option<Credentials>, InspectError> {
        let files = [&self.docker_config, &self.podman_auth];
        for path in files.into_iter().flatten() {
            let Some(config) = ConfigFile::read(path)? else {
                continue;
            };
            if let Some(found) = config.find(path, registry, self.helper_timeout)? {
                return Ok(Some(found));
            }
        }
        Ok(None)
    }
}

fn env_path(name: &str) -> Option<PathBuf> {
    std::env::var_os(name)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// `$DOCKER_CONFIG/config.json`, else `$HOME/.docker/config.json`.
pub(crate) fn docker_config_path() -> Option<PathBuf> {
    if let Some(dir) = env_path("DOCKER_CONFIG") {
        return Some(dir.join("config.json"));
    }
    Some(env_path("HOME")?.join(".docker").join("config.json"))
}

/// `$REGISTRY_AUTH_FILE`, else `$XDG_RUNTIME_DIR/containers/auth.json` if
/// it exists, else `$XDG_CONFIG_HOME` (or `~/.config`)`/containers/auth.json`.
pub(crate) fn podman_auth_path() -> Option<PathBuf> {
    if let Some(file) = env_path("REGISTRY_AUTH_FILE") {
        return Some(file);
    }
    if let Some(runtime) = env_path("XDG_RUNTIME_DIR") {
        let file = runtime.join("containers").join("auth.json");
        if file.exists() {
            return Some(file);
        }
    }
    let config = env_path("XDG_CONFIG_HOME").or_else(|| Some(env_path("HOME")?.join(".config")))?;
    Some(config.join("containers").join("auth.json"))
}

/// The parts of a Docker `config.json` or podman `auth.json` that hold
/// credentials; the rest of the file is not read.
#[derive(Debug, Default, Deserialize)]
struct ConfigFile {
    #[serde(default)]
    auths: BTreeMap<String, AuthEntry>,
    #[serde(default, rename = "credsStore")]
    creds_store: Option<String>,
    #[serde(default, rename = "credHelpers")]
    cred_helpers: BTreeMap<String, String>,
}

/// An `auths` entry.
#[derive(Debug, Default, Deserialize)]
struct AuthEntry {
    auth: Option<String>,
    username: Option<String>,
    password: Option<String>,
    identitytoken: Option<String>,
}

impl ConfigFile {
    /// The file at `path`; `None` when there is none.
    fn read(path: &Path) -> Result<Option<ConfigFile>, InspectError> {
        let text = match std::fs::read_to_string(path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => {
                return Err(InspectError::Io {
                    path: path.to_path_buf(),
                    source: e,
                });
            }
        };
        // serde_json's own message can quote a value, which may be a
        // secret: only the kind of fault and where it is are said.
        serde_json::from_str(&text).map(Some).map_err(|e| {
            let what = match e.classify() {
                serde_json::error::Category::Data => {
                    "a value of the wrong type (`auths` maps a registry to an object of strings; `credsStore` is a string; `credHelpers` maps a registry to a string)"
                }
                _ => "not valid JSON",
            };
            InspectError::Credentials {
                path: path.to_path_buf(),
                detail: format!(
                    "not a credentials file: {what} at line {} column {}",
                    e.line(),
                    e.column()
                ),
            }
        })
    }

    /// What this file gives for `registry`: its helper for the registry,
    /// its store, its `auths` entry, in that order.
    fn find(
        &self,
        path: &Path,
        registry: &str,
        timeout: Duration,
    ) -> Result<Option<Credentials>, InspectError> {
        let wanted = normalize_registry(registry);
        let helper = matching(&self.cred_helpers, &wanted).map(|(_, name)| name);
        let store = self.creds_store.as_ref();
        for name in [helper, store].into_iter().flatten() {
            if name.is_empty() {
                continue;
            }
            if let Some(found) = helper::get(name, &server_url(registry), timeout)? {
                return Ok(Some(found));
            }
        }
        match matching(&self.auths, &wanted) {
            Some((key, entry)) => entry.credentials(path, key),
            None => Ok(None),
        }
    }
}

impl AuthEntry {
    fn credentials(&self, path: &Path, key: &str) -> Result<Option<Credentials>, InspectError> {
        let origin = path.display().to_string();
        let bad = |detail: String| InspectError::Credentials {
            path: path.to_path_buf(),
            detail,
        };
        let username_from_auth = match self.auth.as_deref().map(str::trim) {
            Some(auth) if !auth.is_empty() => {
                let decoded = BASE64
                    .decode(auth)
                    .map_err(|e| bad(format!("auths.\"{key}\".auth is not base64: {e}")))?;
                let decoded = String::from_utf8(decoded)
                    .map_err(|_| bad(format!("auths.\"{key}\".auth is not UTF-8 once decoded")))?;
                let (username, password) = decoded
                    .split_once(':')
                    .ok_or_else(|| bad(format!("auths.\"{key}\".auth is not user:password")))?;
                if self.identitytoken.is_none() {
                    return Ok(Some(Credentials::password(username, password, origin)));
                }
                Some(username.to_string())
            }
            _ => None,
        };
        if let Some(token) = self.identitytoken.as_deref().filter(|t| !t.is_empty()) {
            let username = username_from_auth
                .or_else(|| self.username.clone())
                .unwrap_or_default();
            return Ok(Some(Credentials::identity_token(username, token, origin)));
        }
        if let (Some(username), Some(password)) = (&self.username, &self.password) {
            return Ok(Some(Credentials::password(username, password, origin)));
        }
        Ok(None)
    }
}

/// The entry whose key names `wanted` (a normalized registry): the key
/// that is the registry as it is, else the first whose host is.
fn matching<'a, T>(map: &'a BTreeMap<String, T>, wanted: &str) -> Option<(&'a str, &'a T)> {
    map.get_key_value(wanted)
        .or_else(|| {
            map.iter()
                .find(|(key, _)| normalize_registry(key) == wanted)
        })
        .map(|(key, value)| (key.as_str(), value))
}

/// What a credential helper is asked about: Docker Hub's historic URL, else
/// the registry's `host[:port]` (as `docker login` stores it).
fn server_url(registry: &str) -> String {
    if normalize_registry(registry) == DOCKER_HUB {
        DOCKER_HUB_SERVER.to_string()
    } else {
        registry.to_string()
    }
}

/// A key or registry as a host, the way Docker compares them:
/// `https://index.docker.io/v1/` → `docker.io`; `http://Host:5000/v2` →
/// `host:5000`; `quay.io/team` → `quay.io`.
fn normalize_registry(key: &str) -> String {
    let key = key.trim();
    let key = key
        .strip_prefix("https://")
        .or_else(|| key.strip_prefix("http://"))
        .unwrap_or(key);
    let host = key.split('/').next().unwrap_or(key).to_ascii_lowercase();
    match host.as_str() {
        "index.docker.io" | "registry-1.docker.io" | "registry.hub.docker.com" => DOCKER_HUB.into(),
        _ => host,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::SecretKind;

    fn sources(dir: &Path, docker: &str, podman: &str) -> CredentialSources {
        let docker_config = dir.join("config.json");
        let podman_auth = dir.join("auth.json");
        std::fs::write(&docker_config, docker).unwrap();
        std::fs::write(&podman_auth, podman).unwrap();
        CredentialSources {
            docker_config: Some(docker_config),
            podman_auth: Some(podman_auth),
            helper_timeout: Duration::from_secs(5),
        }
    }

    fn found(sources: &CredentialSources, registry: &str) -> Option<(String, String, String)> {
        sources.find(registry).unwrap().map(|c| {
            let origin = Path::new(&c.origin)
                .file_name()
                .unwrap()
                .to_string_lossy()
                .to_string();
            (c.username, c.password.expose().to_string(), origin)
        })
    }

    #[test]
    fn keys_match_by_host_as_docker_does() {
        for (key, registry) in [
            (DOCKER_HUB_SERVER, "docker.io"),
            ("index.docker.io", "docker.io"),
            ("registry.example.com:5000", "registry.example.com:5000"),
            (
                "https://registry.example.com:5000",
                "registry.example.com:5000",
            ),
            (
                "http://Registry.Example.com:5000/v2/",
                "registry.example.com:5000",
            ),
            ("quay.io/team/app", "quay.io"),
        ] {
            assert_eq!(
                normalize_registry(key),
                normalize_registry(registry),
                "{key}"
            );
        }
        assert_ne!(
            normalize_registry("registry.example.com:5000"),
            "registry.example.com"
        );
        assert_eq!(server_url("docker.io"), DOCKER_HUB_SERVER);
        assert_eq!(server_url("127.0.0.1:5000"), "127.0.0.1:5000");
    }

    #[test]
    fn auths_entries_in_every_form() {
        let dir = tempfile::tempdir().unwrap();
        let docker = format!(
            r#"{{"auths": {{
                "{DOCKER_HUB_SERVER}": {{"auth": "{}"}},
                "https://registry.example.com:5000/v2/": {{"username": "bob", "password": "pw"}},
                "tokens.example.com": {{"auth": "{}", "identitytoken": "refresh-me"}},
                "broken.example.com": {{"auth": "%%%"}},
                "empty.example.com": {{}}
            }}, "psFormat": "table"}}"#,
            BASE64.encode("alice:s3:cret"),
            BASE64.encode("carol:"),
        );
        let sources = sources(dir.path(), &docker, r#"{"auths": {}}"#);
        assert_eq!(
            found(&sources, "docker.io"),
            Some(("alice".into(), "s3:cret".into(), "config.json".into()))
        );
        assert_eq!(
            found(&sources, "registry.example.com:5000").map(|c| c.0),
            Some("bob".into())
        );
        let token = sources.find("tokens.example.com").unwrap().unwrap();
        assert_eq!(token.kind, SecretKind::IdentityToken);
        assert_eq!(
            (token.username.as_str(), token.password.expose()),
            ("carol", "refresh-me")
        );
        assert_eq!(found(&sources, "nowhere.example.com"), None);
        assert_eq!(found(&sources, "empty.example.com"), None);
        let err = sources.find("broken.example.com").unwrap_err().to_string();
        assert!(
            err.contains("auths.\"broken.example.com\".auth is not base64"),
            "{err}"
        );
        assert!(err.contains("config.json"), "{err}");
    }

    #[test]
    fn docker_config_before_podman_and_missing_files_are_no_credentials() {
        let dir = tempfile::tempdir().unwrap();
        let entry = |user: &str| {
            format!(
                r#"{{"auths": {{"r.example.com": {{"auth": "{}"}}}}}}"#,
                BASE64.encode(format!("{user}:pw"))
            )
        };
        let both = sources(dir.path(), &entry("docker-user"), &entry("podman-user"));
        assert_eq!(
            found(&both, "r.example.com"),
            Some(("docker-user".into(), "pw".into(), "config.json".into()))
        );
        let podman_only = sources(dir.path(), "{}", &entry("podman-user"));
        assert_eq!(
            found(&podman_only, "r.example.com"),
            Some(("podman-user".into(), "pw".into(), "auth.json".into()))
        );
        let none = CredentialSources {
            docker_config: Some(dir.path().join("missing.json")),
            podman_auth: None,
            helper_timeout: Duration::from_secs(1),
        };
        assert_eq!(found(&none, "r.example.com"), None);
    }

    #[test]
    fn a_malformed_file_names_itself_and_not_its_secrets() {
        let dir = tempfile::tempdir().unwrap();
        let sources = sources(
            dir.path(),
            r#"{"auths": {"r.example.com": "hunter2"}}"#,
            "{}",
        );
        let err = sources.find("r.example.com").unwrap_err().to_string();
        assert!(err.contains("config.json: not a credentials file"), "{err}");
        assert!(err.contains("line 1"), "{err}");
        assert!(!err.contains("hunter2"), "{err}");
    }
}
