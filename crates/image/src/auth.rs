//! Registry credentials and authentication challenges.
//!
//! Where credentials are found (the command line, Docker's config and
//! credential helpers, podman's `auth.json`) is
//! [`credentials`](super::credentials); this module holds what they are and
//! how they are sent.

use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use std::collections::BTreeMap;
use std::fmt;
use std::io::Read;

/// A password or token. Its `Debug` and `Display` say `<redacted>`, so it
/// cannot end up in a message or a log by accident; [`Secret::expose`]
/// is the one way to its text.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub(crate) fn new(text: impl Into<String>) -> Secret {
        Secret(text.into())
    }

    /// The secret's text, to send it to the registry.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

impl fmt::Display for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted>")
    }
}

/// What the secret of [`Credentials`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SecretKind {
    /// A password, sent with the user name as basic auth.
    Password,
    /// An identity (refresh) token, as `docker login` stores for some
    /// registries: exchanged at the token service for an access token.
    IdentityToken,
}

/// A user name and password (or identity token) for a registry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Credentials {
    /// The user name sent to the registry.
    pub username: String,
    /// The password or identity token.
    pub password: Secret,
    pub(crate) kind: SecretKind,
    /// Where they came from, for messages (`--username`, a config file,
    /// a credential helper).
    pub(crate) origin: String,
}

impl Credentials {
    /// Credentials given on the command line (`--username`).
    pub fn new(username: impl Into<String>, password: impl Into<String>) -> Credentials {
        Credentials::password(username, password, "--username")
    }

    /// A user name and password from `origin`.
    pub(crate) fn password(
        username: impl Into<String>,
        password: impl Into<String>,
        origin: impl Into<String>,
    ) -> Credentials {
        Credentials {
            username: username.into(),
            password: Secret::new(password),
            kind: SecretKind::Password,
            origin: origin.into(),
        }
    }

    /// An identity token from `origin`.
    pub(crate) fn identity_token(
        username: impl Into<String>,
        token: impl Into<String>,
        origin: impl Into<String>,
    ) -> Credentials {
        Credentials {
            username: username.into(),
            password: Secret::new(token),
            kind: SecretKind::IdentityToken,
            origin: origin.into(),
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
            BASE64.encode(format!("{}:{}", self.username, self.password.expose()))
        )
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
    pub(crate) fn param(&self, name: &str) -> Option<&str> {
        self.params.get(name).map(String::as_str)
    }
}

/// Parses every challenge of a `WWW-Authenticate` header, e.g.
/// `Bearer realm="https://auth.example.com/token",service="registry",scope="repository:x:pull"`
/// or `Newauth realm="x", Basic realm="y"` (two challenges).
///
/// Hand-written: the grammar (RFC 7235 auth-params with quoted strings) is
/// a few dozen lines; the crates that parse it drop the realm after text
/// they do not expect, which registries and proxies do send.
pub(crate) fn parse_challenges(header: &str) -> Vec<Challenge> {
    let separator = |c: char| c == ',' || c.is_whitespace();
    let mut challenges = Vec::new();
    let mut rest = header.trim_start_matches(separator);
    while !rest.is_empty() {
        let end = rest.find(separator).unwrap_or(rest.len());
        let scheme = rest[..end].to_ascii_lowercase();
        rest = &rest[end..];
        let mut params = BTreeMap::new();
        loop {
            rest = rest.trim_start_matches(separator);
            let Some(eq) = rest.find('=') else { break };
            let name = rest[..eq].trim_end();
            // A name holding a space or comma is the scheme of the next
            // challenge followed by its first parameter.
            if name.is_empty() || name.contains(separator) {
                break;
            }
            let name = name.to_ascii_lowercase();
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
        }
        challenges.push(Challenge { scheme, params });
    }
    challenges
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
        let [c] = &parse_challenges(
            r#"Bearer realm="https://auth.docker.io/token",service="registry.docker.io",scope="repository:library/ubuntu:pull""#,
        )[..] else {
            panic!("one challenge")
        };
        assert_eq!(c.scheme, "bearer");
        assert_eq!(c.param("realm"), Some("https://auth.docker.io/token"));
        assert_eq!(c.param("service"), Some("registry.docker.io"));
        assert_eq!(c.param("scope"), Some("repository:library/ubuntu:pull"));
    }

    #[test]
    fn basic_challenge_and_escapes() {
        let first = |header: &str| parse_challenges(header).remove(0);
        let c = first(r#"Basic realm="basic-realm""#);
        assert_eq!(c.scheme, "basic");
        assert_eq!(c.param("realm"), Some("basic-realm"));
        let c = first(r#"Bearer realm="a\"b", error=insufficient_scope"#);
        assert_eq!(c.param("realm"), Some("a\"b"));
        assert_eq!(c.param("error"), Some("insufficient_scope"));
        let c = first("Basic");
        assert!(c.params.is_empty());
        assert!(parse_challenges("  ").is_empty());
    }

    #[test]
    fn every_challenge_of_a_header() {
        let all = parse_challenges(
            r#"Newauth realm="apps", type=1, title="Login, please", Bearer realm="https://t/token",service=reg"#,
        );
        let schemes: Vec<&str> = all.iter().map(|c| c.scheme.as_str()).collect();
        assert_eq!(schemes, ["newauth", "bearer"]);
        assert_eq!(all[0].param("title"), Some("Login, please"));
        assert_eq!(all[1].param("realm"), Some("https://t/token"));
        assert_eq!(all[1].param("service"), Some("reg"));
        let all = parse_challenges(r#"Negotiate, Basic realm="b""#);
        let schemes: Vec<&str> = all.iter().map(|c| c.scheme.as_str()).collect();
        assert_eq!(schemes, ["negotiate", "basic"]);
        assert_eq!(all[1].param("realm"), Some("b"));
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
    fn password_from_stdin() {
        let c = Credentials::with_password_from("u", &b"s3cret\n"[..]).unwrap();
        assert_eq!(c.password.expose(), "s3cret");
        assert_eq!(
            c.basic_header(),
            format!("Basic {}", BASE64.encode("u:s3cret"))
        );
        let shown = format!("{c:?} {} {:?}", c.password, c.password);
        assert!(!shown.contains("s3cret"), "{shown}");
        assert_eq!(shown.matches("<redacted>").count(), 3, "{shown}");
    }
}
