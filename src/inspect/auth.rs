//! Registry credentials and authentication challenges.
//!
//! Credentials come from the caller (`--username` with the password on
//! stdin) or from the `auths` entries of a Docker config file
//! (`$DOCKER_CONFIG/config.json`, else `~/.docker/config.json`): the base64
//! `auth` field (`user:password`) or `username`/`password` fields. Credential
//! helpers (`credsStore`, `credHelpers`) are not run.

use super::InspectError;
use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use std::collections::BTreeMap;
use std::fmt;
use std::io::Read;
use std::path::{Path, PathBuf};

/// A user name and password for a registry.
#[derive(Clone, PartialEq, Eq)]
pub struct Credentials {
    pub username: String,
    pub password: String,
    /// Where they came from, for messages (`--username`, a config file).
    pub origin: String,
}

impl fmt::Debug for Credentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Credentials")
            .field("username", &self.username)
            .field("password", &"<redacted>")
            .field("origin", &self.origin)
            .finish()
    }
}

impl Credentials {
    /// Credentials given on the command line (`--username`).
    pub fn new(username: impl Into<String>, password: impl Into<String>) -> Credentials {
        Credentials {
            username: username.into(),
            password: password.into(),
            origin: "--username".into(),
        }
    }

    /// `--username USER --password-stdin`: the password is what `reader`
    /// holds, without the trailing newline.
    pub fn with_password_from(
        username: impl Into<String>,
        mut reader: impl Read,
    ) -> std::io::Result<Credentials> {
        let mut password = String::new();
        reader.read_to_string(&mut password)?;
        let password = password.trim_end_matches(['\n', '\r']).to_string();
        Ok(Credentials::new(username, password))
    }

    /// The value of an `Authorization: Basic …` header.
    pub(crate) fn basic_header(&self) -> String {
        format!(
            "Basic {}",
            BASE64.encode(format!("{}:{}", self.username, self.password))
        )
    }
}

/// The Docker config file consulted for credentials:
/// `$DOCKER_CONFIG/config.json`, else `$HOME/.docker/config.json`.
pub fn docker_config_path() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("DOCKER_CONFIG").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir).join("config.json"));
    }
    let home = std::env::var_os("HOME").filter(|h| !h.is_empty())?;
    Some(PathBuf::from(home).join(".docker").join("config.json"))
}

/// The credentials a Docker config file holds for `registry`
/// (`host[:port]`, `docker.io` for Docker Hub), if any. A missing file is
/// no credentials; an unreadable or malformed one is an error.
pub fn credentials_from_docker_config(
    path: &Path,
    registry: &str,
) -> Result<Option<Credentials>, InspectError> {
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
    let bad = |detail: String| InspectError::Credentials {
        path: path.to_path_buf(),
        detail,
    };
    let config: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| bad(format!("not JSON: {e}")))?;
    let Some(auths) = config.get("auths").and_then(|a| a.as_object()) else {
        return Ok(None);
    };
    let wanted = normalize_registry(registry);
    let Some((key, entry)) = auths
        .iter()
        .find(|(key, _)| normalize_registry(key) == wanted)
    else {
        return Ok(None);
    };
    let origin = path.display().to_string();
    if let Some(auth) = entry
        .get("auth")
        .and_then(|a| a.as_str())
        .filter(|a| !a.is_empty())
    {
        let decoded = BASE64
            .decode(auth.trim())
            .map_err(|e| bad(format!("auths.\"{key}\".auth is not base64: {e}")))?;
        let decoded = String::from_utf8(decoded)
            .map_err(|_| bad(format!("auths.\"{key}\".auth is not UTF-8 once decoded")))?;
        let (username, password) = decoded
            .split_once(':')
            .ok_or_else(|| bad(format!("auths.\"{key}\".auth is not user:password")))?;
        return Ok(Some(Credentials {
            username: username.into(),
            password: password.into(),
            origin,
        }));
    }
    let field = |name: &str| entry.get(name).and_then(|v| v.as_str());
    if let (Some(username), Some(password)) = (field("username"), field("password")) {
        return Ok(Some(Credentials {
            username: username.into(),
            password: password.into(),
            origin,
        }));
    }
    Ok(None)
}

/// `https://index.docker.io/v1/` → `docker.io`; `http://host:5000/v2` → `host:5000`.
fn normalize_registry(key: &str) -> String {
    let key = key
        .strip_prefix("https://")
        .or_else(|| key.strip_prefix("http://"))
        .unwrap_or(key);
    let host = key.split('/').next().unwrap_or(key).to_ascii_lowercase();
    match host.as_str() {
        "index.docker.io" | "registry-1.docker.io" | "registry.hub.docker.com" => {
            "docker.io".into()
        }
        _ => host,
    }
}

/// A `WWW-Authenticate` challenge: its scheme (lowercase) and parameters
/// (names lowercase).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Challenge {
    pub scheme: String,
    pub params: BTreeMap<String, String>,
}

impl Challenge {
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params.get(name).map(String::as_str)
    }
}

/// Parses the first challenge of a `WWW-Authenticate` header, e.g.
/// `Bearer realm="https://auth.example.com/token",service="registry",scope="repository:x:pull"`.
///
/// Hand-written: the grammar (RFC 7235 auth-params with quoted strings) is
/// a dozen lines, and no small, well-kept crate parses it on its own.
pub(crate) fn parse_challenge(header: &str) -> Option<Challenge> {
    let header = header.trim();
    let (scheme, mut rest) = match header.find(char::is_whitespace) {
        Some(i) => (&header[..i], header[i..].trim_start()),
        None => (header, ""),
    };
    if scheme.is_empty() {
        return None;
    }
    let mut params = BTreeMap::new();
    while !rest.is_empty() {
        let Some(eq) = rest.find('=') else { break };
        let name = rest[..eq].trim().to_ascii_lowercase();
        // `Basic realm="a", Bearer realm="b"`: a second challenge starts
        // with a scheme, so its first name holds a space; only the first
        // challenge is read.
        if name.is_empty() || name.contains(char::is_whitespace) {
            break;
        }
        rest = rest[eq + 1..].trim_start();
        let value;
        if let Some(quoted) = rest.strip_prefix('"') {
            let mut out = String::new();
            let mut chars = quoted.char_indices();
            let mut end = quoted.len();
            while let Some((i, c)) = chars.next() {
                match c {
                    '\\' => {
                        if let Some((_, escaped)) = chars.next() {
                            out.push(escaped);
                        }
                    }
                    '"' => {
                        end = i + 1;
                        break;
                    }
                    c => out.push(c),
                }
            }
            value = out;
            rest = &quoted[end.min(quoted.len())..];
        } else {
            let end = rest.find(',').unwrap_or(rest.len());
            value = rest[..end].trim().to_string();
            rest = &rest[end..];
        }
        params.insert(name, value);
        rest = rest.trim_start().trim_start_matches(',').trim_start();
    }
    Some(Challenge {
        scheme: scheme.to_ascii_lowercase(),
        params,
    })
}

/// The token of a token service's JSON answer (`token`, or `access_token`).
pub(crate) fn token_from_response(body: &[u8]) -> Option<String> {
    let value: serde_json::Value = serde_json::from_slice(body).ok()?;
    ["token", "access_token"]
        .iter()
        .filter_map(|k| value.get(*k).and_then(|v| v.as_str()))
        .find(|t| !t.is_empty())
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bearer_challenge() {
        let c = parse_challenge(
            r#"Bearer realm="https://auth.docker.io/token",service="registry.docker.io",scope="repository:library/ubuntu:pull""#,
        )
        .unwrap();
        assert_eq!(c.scheme, "bearer");
        assert_eq!(c.param("realm"), Some("https://auth.docker.io/token"));
        assert_eq!(c.param("service"), Some("registry.docker.io"));
        assert_eq!(c.param("scope"), Some("repository:library/ubuntu:pull"));
    }

    #[test]
    fn basic_challenge_and_escapes() {
        let c = parse_challenge(r#"Basic realm="basic-realm""#).unwrap();
        assert_eq!(c.scheme, "basic");
        assert_eq!(c.param("realm"), Some("basic-realm"));
        let c = parse_challenge(r#"Bearer realm="a\"b", error=insufficient_scope"#).unwrap();
        assert_eq!(c.param("realm"), Some("a\"b"));
        assert_eq!(c.param("error"), Some("insufficient_scope"));
        let c = parse_challenge("Basic").unwrap();
        assert!(c.params.is_empty());
        // Only the first of several challenges.
        let c = parse_challenge(r#"Basic realm="a", Bearer realm="b""#).unwrap();
        assert_eq!(c.scheme, "basic");
        assert_eq!(c.param("realm"), Some("a"));
        assert_eq!(c.params.len(), 1);
    }

    #[test]
    fn tokens() {
        assert_eq!(
            token_from_response(br#"{"token":"abc","expires_in":300}"#).as_deref(),
            Some("abc")
        );
        assert_eq!(
            token_from_response(br#"{"access_token":"xyz"}"#).as_deref(),
            Some("xyz")
        );
        assert_eq!(token_from_response(br#"{"token":""}"#), None);
    }

    #[test]
    fn docker_config_entries() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.json");
        std::fs::write(
            &path,
            format!(
                r#"{{"auths": {{
                    "https://index.docker.io/v1/": {{"auth": "{}"}},
                    "registry.example.com:5000": {{"username": "bob", "password": "pw"}},
                    "broken.example.com": {{"auth": "%%%"}}
                }}}}"#,
                BASE64.encode("alice:s3:cret")
            ),
        )
        .unwrap();
        let hub = credentials_from_docker_config(&path, "docker.io")
            .unwrap()
            .unwrap();
        assert_eq!(
            (hub.username.as_str(), hub.password.as_str()),
            ("alice", "s3:cret")
        );
        let other = credentials_from_docker_config(&path, "registry.example.com:5000")
            .unwrap()
            .unwrap();
        assert_eq!(other.username, "bob");
        assert!(
            credentials_from_docker_config(&path, "nowhere.example.com")
                .unwrap()
                .is_none()
        );
        assert!(credentials_from_docker_config(&path, "broken.example.com").is_err());
        assert!(
            credentials_from_docker_config(&dir.path().join("missing.json"), "docker.io")
                .unwrap()
                .is_none()
        );
        assert!(!format!("{hub:?}").contains("s3:cret"));
    }

    #[test]
    fn password_from_stdin() {
        let c = Credentials::with_password_from("u", &b"pw\n"[..]).unwrap();
        assert_eq!(c.password, "pw");
        assert_eq!(c.basic_header(), format!("Basic {}", BASE64.encode("u:pw")));
    }
}
