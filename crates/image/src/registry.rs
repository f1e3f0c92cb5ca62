//! Images in a registry, through the OCI distribution API: `/v2/` ping,
//! authentication (anonymous, basic, bearer token from the
//! `WWW-Authenticate` challenge), manifests and blobs.
//!
//! Two deadlines, both the timeout (`--timeout`): a layer blob, which may
//! take minutes, may stay silent that long between two reads; every other
//! answer (manifests, indexes, configs, tokens, error bodies, referrers
//! lists) must arrive whole within it, so a registry sending one byte now
//! and then cannot hold a read for ever.

use super::InspectError;
use super::auth::{self, Challenge, Credentials, SecretKind};
use super::credentials::CredentialSources;
use super::digest::sha256_digest;
use super::error::{clip, with_causes};
use super::retry::{self, send_with_retries};
use super::store::{DEFAULT_TIMEOUT, Fetched, MAX_MANIFEST, OpenOptions, Start, Store};
use model::{DOCKER_HUB, ImageRef};
use reqwest::StatusCode;
use reqwest::blocking::{Client, Response};
use reqwest::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, WWW_AUTHENTICATE};
use std::io::{self, Read};
use std::sync::{OnceLock, RwLock};
use std::time::{Duration, Instant};

pub(crate) mod write;

/// Every manifest kind relnotes reads, for `Accept` (OCI first: a
/// registry holding both serves the OCI form).
const ACCEPTED: &str = "application/vnd.oci.image.index.v1+json, \
    application/vnd.oci.image.manifest.v1+json, \
    application/vnd.docker.distribution.manifest.list.v2+json, \
    application/vnd.docker.distribution.manifest.v2+json";

/// The most characters of a registry's own text (a challenge, an error
/// body) quoted in a message.
const QUOTED: usize = 200;

/// A registry client for one repository.
pub(crate) struct Registry {
    client: Client,
    /// `https://host[:port]` or `http://…`.
    base: String,
    /// As the user wrote it, for messages.
    registry: String,
    repository: String,
    /// The caller's credentials, or once a registry asked for some, what
    /// [`Registry::sources`] gave.
    credentials: OnceLock<Option<Credentials>>,
    /// Where to look for credentials: only when the registry asks for
    /// them, so an anonymous pull runs no helper.
    sources: CredentialSources,
    /// The `Authorization` header currently in use, and how it was got.
    auth: RwLock<Option<(String, String)>>,
    /// How long the registry may stay silent, and how long a document
    /// may take in all.
    timeout: Duration,
}

/// Opens `reference`: pings the registry, authenticates, fetches the
/// manifest or index the tag or digest names.
pub(crate) fn open(
    reference: &ImageRef,
    options: &OpenOptions,
) -> Result<(Registry, Start), InspectError> {
    let plain_http = reference.is_loopback() || options.insecure;
    let timeout = options.timeout.unwrap_or(DEFAULT_TIMEOUT);
    let sources = CredentialSources::from_env(
        options.docker_config.clone(),
        options.podman_auth.clone(),
        timeout,
    );
    let registry = Registry::new(
        reference,
        options.credentials.clone(),
        sources,
        plain_http,
        timeout,
    )?;
    registry.ping()?;
    let fetched = registry.fetch_manifest(reference.manifest_reference())?;
    let digest = sha256_digest(&fetched.bytes);
    if let Some(expected) = reference.digest()
        && expected != digest
    {
        return Err(InspectError::DigestMismatch {
            reference: reference.to_string(),
            what: "manifest".into(),
            expected: expected.to_string(),
            actual: digest,
        });
    }
    Ok((registry, Start::Document { digest, fetched }))
}

/// The host the API of the reference's registry lives on
/// (`registry-1.docker.io` for Docker Hub).
fn api_host(reference: &ImageRef) -> &str {
    if reference.registry() == DOCKER_HUB {
        "registry-1.docker.io"
    } else {
        reference.registry()
    }
}

/// Installs the TLS crypto provider (ring) once per process, unless one is
/// installed already. reqwest is built without its default provider
/// (aws-lc, a long C build); ring builds quickly with a C compiler alone.
/// Call it before building a reqwest client of your own in this process.
pub fn install_crypto_provider() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        // Err means another provider is already installed: fine.
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
}

/// Where a registry at `base` may have relnotes ask for a token: the
/// challenge's `realm`, an http(s) URL without user info (reqwest would
/// send that as credentials of its own), and with `credentials` to send,
/// not plain HTTP when the registry itself is HTTPS. `Err` says what is
/// wrong with the realm.
fn token_service(base: &str, realm: &str, credentials: bool) -> Result<reqwest::Url, String> {
    let url = reqwest::Url::parse(realm).map_err(|e| format!("is not a URL: {e}"))?;
    check_named_url(&url)?;
    if credentials && base.starts_with("https:") && url.scheme() == "http" {
        return Err(
            "is plain HTTP, the registry HTTPS: relnotes sends no credentials over it".into(),
        );
    }
    Ok(url)
}

/// What a URL a registry names (a token realm, an upload location) must
/// be: http or https, without user info.
fn check_named_url(url: &reqwest::Url) -> Result<(), String> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(format!(
            "is not an http(s) URL ({}:)",
            clip(url.scheme(), 20)
        ));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(
            "carries user info; relnotes takes no credentials from a registry's answer".into(),
        );
    }
    Ok(())
}

/// `error sending request: … : connection refused`: a reqwest error with
/// its causes.
fn describe(e: &dyn std::error::Error) -> String {
    with_causes(e)
}

impl Registry {
    fn new(
        reference: &ImageRef,
        credentials: Option<Credentials>,
        sources: CredentialSources,
        plain_http: bool,
        timeout: Duration,
    ) -> Result<Registry, InspectError> {
        install_crypto_provider();
        let mut builder = Client::builder()
            .user_agent(concat!("relnotes/", env!("CARGO_PKG_VERSION")))
            .connect_timeout(timeout)
            // The blocking client applies this until the answer's headers,
            // then to each read of its body: a read-idle timeout, not one
            // for a whole blob. Requests for documents set it again, which
            // makes it a deadline for the whole answer too.
            .timeout(timeout);
        if reference.is_loopback() {
            // A proxy from the environment must not capture 127.0.0.1.
            builder = builder.no_proxy();
        }
        let client = builder.build().map_err(|e| InspectError::Network {
            registry: reference.registry().to_string(),
            detail: describe(&e),
        })?;
        let scheme = if plain_http { "http" } else { "https" };
        Ok(Registry {
            client,
            base: format!("{scheme}://{}", api_host(reference)),
            registry: reference.registry().to_string(),
            repository: reference.repository().to_string(),
            credentials: credentials
                .map(Some)
                .map(OnceLock::from)
                .unwrap_or_default(),
            sources,
            auth: RwLock::new(None),
            timeout,
        })
    }

    /// `host[:port]/repository`: the image's name without tag or digest
    /// (what an in-toto statement's subject names, as cosign writes it).
    pub(crate) fn image_name(&self) -> String {
        format!("{}/{}", self.registry, self.repository)
    }

    /// `host[:port]/repository:tag` or `…@digest`.
    pub(crate) fn reference_for(&self, tag_or_digest: &str) -> String {
        let sep = if tag_or_digest.contains(':') {
            '@'
        } else {
            ':'
        };
        format!("{}/{}{sep}{tag_or_digest}", self.registry, self.repository)
    }

    fn network(&self, e: reqwest::Error) -> InspectError {
        InspectError::Network {
            registry: self.registry.clone(),
            detail: describe(&e),
        }
    }

    fn current_auth(&self) -> Option<(String, String)> {
        self.auth.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// `GET /v2/`: reachable, and authenticated if the registry asks.
    fn ping(&self) -> Result<(), InspectError> {
        let url = format!("{}/v2/", self.base);
        let response = self.get(&url, None)?;
        match response.status() {
            s if s.is_success() => Ok(()),
            StatusCode::NOT_FOUND => Err(InspectError::Registry {
                registry: self.registry.clone(),
                status: 404,
                url,
                detail: "no registry API here; is this the registry's address?".into(),
            }),
            _ => Err(self.unexpected(&url, response)),
        }
    }

    /// A GET of a document, which must arrive whole within the timeout.
    fn get(&self, url: &str, accept: Option<&str>) -> Result<Response, InspectError> {
        self.get_with(url, accept, Some(self.timeout))
    }

    /// A GET with the current authorization, within `deadline` in all if
    /// given (else only silences are bounded); on 401, authenticates as the
    /// challenge says and tries once more.
    fn get_with(
        &self,
        url: &str,
        accept: Option<&str>,
        deadline: Option<Duration>,
    ) -> Result<Response, InspectError> {
        let mut retried = false;
        loop {
            let mut request = self.client.get(url);
            if let Some(deadline) = deadline {
                request = request.timeout(deadline);
            }
            if let Some(accept) = accept {
                request = request.header(ACCEPT, accept);
            }
            let auth = self.current_auth();
            if let Some((header, _)) = &auth {
                request = request.header(AUTHORIZATION, header);
            }
            let response = send_with_retries(request).map_err(|e| self.network(e))?;
            if response.status() != StatusCode::UNAUTHORIZED {
                return Ok(response);
            }
            let challenge = response
                .headers()
                .get_all(WWW_AUTHENTICATE)
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(auth::parse_challenges)
                .find(|c| c.scheme == "bearer" || c.scheme == "basic");
            let Some(challenge) = challenge else {
                return Err(InspectError::AuthFailed {
                    registry: self.registry.clone(),
                    method: self.method(auth.as_ref()),
                    detail: format!(
                        "GET {url} answered 401 without a usable WWW-Authenticate challenge{}",
                        response
                            .headers()
                            .get(WWW_AUTHENTICATE)
                            .map(|v| format!(
                                " (it sent `{}`)",
                                clip(String::from_utf8_lossy(v.as_bytes()), QUOTED)
                            ))
                            .unwrap_or_default()
                    ),
                });
            };
            if retried {
                return Err(self.refused(&challenge, auth.as_ref()));
            }
            retried = true;
            self.authenticate(&challenge)?;
        }
    }

    /// What was tried, for messages.
    fn method(&self, auth: Option<&(String, String)>) -> String {
        match auth {
            Some((_, how)) => how.clone(),
            None => "anonymous access".into(),
        }
    }

    /// The credentials in use: the caller's, or those found once the
    /// registry asked for some.
    fn credentials(&self) -> Option<&Credentials> {
        self.credentials.get().and_then(Option::as_ref)
    }

    /// The credentials for this registry, looked up the first time.
    fn find_credentials(&self) -> Result<Option<&Credentials>, InspectError> {
        if self.credentials.get().is_none() {
            let found = self.sources.find(&self.registry)?;
            // Another thread may have found them first: the same ones.
            let _ = self.credentials.set(found);
        }
        Ok(self.credentials())
    }

    fn who(&self) -> String {
        match self.credentials() {
            Some(c) if c.kind == SecretKind::IdentityToken => {
                format!("with an identity token (from {})", c.origin)
            }
            Some(c) => format!("as {} (from {})", c.username, c.origin),
            None => "anonymously".into(),
        }
    }

    /// The registry still says 401 after authenticating.
    fn refused(&self, challenge: &Challenge, auth: Option<&(String, String)>) -> InspectError {
        if self.credentials().is_none() {
            return InspectError::AuthRequired {
                registry: self.registry.clone(),
                repository: self.repository.clone(),
                challenge: challenge.scheme.clone(),
            };
        }
        InspectError::AuthFailed {
            registry: self.registry.clone(),
            method: self.method(auth),
            detail: format!(
                "the registry answered 401 Unauthorized: it refused access to {}{}",
                self.repository,
                challenge
                    .param("error")
                    .map(|e| format!(" ({})", clip(e, QUOTED)))
                    .unwrap_or_default()
            ),
        }
    }

    /// Gets an `Authorization` header for the challenge.
    fn authenticate(&self, challenge: &Challenge) -> Result<(), InspectError> {
        let header = match challenge.scheme.as_str() {
            "basic" => {
                let Some(credentials) = self.find_credentials()? else {
                    return Err(InspectError::AuthRequired {
                        registry: self.registry.clone(),
                        repository: self.repository.clone(),
                        challenge: "basic".into(),
                    });
                };
                if credentials.kind == SecretKind::IdentityToken {
                    return Err(InspectError::AuthFailed {
                        registry: self.registry.clone(),
                        method: format!("basic auth {}", self.who()),
                        detail: "the credentials are an identity token, which only a bearer token service takes, and the registry asks for basic auth".into(),
                    });
                }
                (
                    credentials.basic_header(),
                    format!("basic auth {}", self.who()),
                )
            }
            _ => {
                self.find_credentials()?;
                let token = self.token(challenge)?;
                let realm = clip(challenge.param("realm").unwrap_or_default(), QUOTED);
                (
                    format!("Bearer {token}"),
                    format!("bearer token from {realm} {}", self.who()),
                )
            }
        };
        *self.auth.write().unwrap_or_else(|e| e.into_inner()) = Some(header);
        Ok(())
    }

    /// A bearer token from the challenge's realm, for pulling the repository.
    fn token(&self, challenge: &Challenge) -> Result<String, InspectError> {
        let method = format!(
            "bearer token from {} {}",
            clip(challenge.param("realm").unwrap_or("(no realm)"), QUOTED),
            self.who()
        );
        let failed = |detail: String| InspectError::AuthFailed {
            registry: self.registry.clone(),
            method: method.clone(),
            detail,
        };
        let realm = challenge
            .param("realm")
            .ok_or_else(|| failed("the challenge names no realm".into()))?;
        let mut url = token_service(&self.base, realm, self.credentials().is_some())
            .map_err(|why| failed(format!("realm `{}` {why}", clip(realm, QUOTED))))?;
        {
            let mut query = url.query_pairs_mut();
            if let Some(service) = challenge.param("service") {
                query.append_pair("service", service);
            }
            let pull = format!("repository:{}:pull", self.repository);
            query.append_pair("scope", challenge.param("scope").unwrap_or(&pull));
        }
        let request = match self.credentials() {
            // OAuth2's refresh-token grant, as the distribution token spec
            // says an identity token is used.
            Some(c) if c.kind == SecretKind::IdentityToken => {
                // reqwest is built without its form feature: a URL's query
                // serializer writes the same `application/x-www-form-urlencoded`.
                let mut form = reqwest::Url::parse("form:").expect("a valid URL");
                form.query_pairs_mut()
                    .extend_pairs(url.query_pairs())
                    .append_pair("grant_type", "refresh_token")
                    .append_pair("client_id", "relnotes")
                    .append_pair("refresh_token", c.password.expose());
                let mut realm_url = url.clone();
                realm_url.set_query(None);
                self.client
                    .post(realm_url)
                    .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
                    .body(form.query().unwrap_or_default().to_string())
            }
            Some(c) => self
                .client
                .get(url.clone())
                .header(AUTHORIZATION, c.basic_header()),
            None => self.client.get(url.clone()),
        }
        .timeout(self.timeout);
        let response = send_with_retries(request).map_err(|e| InspectError::Network {
            registry: url.host_str().unwrap_or("the token service").to_string(),
            detail: describe(&e),
        })?;
        let status = response.status();
        if status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN {
            if self.credentials().is_none() {
                return Err(InspectError::AuthRequired {
                    registry: self.registry.clone(),
                    repository: self.repository.clone(),
                    challenge: "bearer".into(),
                });
            }
            return Err(failed(format!(
                "the token service answered {status}: {}",
                error_detail(response, self.timeout)
            )));
        }
        if !status.is_success() {
            return Err(failed(format!(
                "the token service answered {status}: {}",
                error_detail(response, self.timeout)
            )));
        }
        let body = read_limited(response, 1 << 20, self.timeout)
            .map_err(|e| failed(format!("cannot read the token service's answer: {e}")))?;
        auth::token_from_response(&body)
            .ok_or_else(|| failed("the token service's answer holds no token".into()))
    }

    /// An answer that is neither success nor a case handled by the caller.
    fn unexpected(&self, url: &str, response: Response) -> InspectError {
        let status = response.status();
        let mut detail = error_detail(response, self.timeout);
        if retry::is_retryable(status) {
            detail.push_str(&format!(
                " (still after {} tries over at most {} s)",
                retry::MAX_TRIES,
                retry::MAX_TOTAL_WAIT.as_secs()
            ));
        }
        InspectError::Registry {
            registry: self.registry.clone(),
            status: status.as_u16(),
            url: url.into(),
            detail,
        }
    }

    /// A manifest or index by tag or digest.
    fn fetch_manifest(&self, tag_or_digest: &str) -> Result<Fetched, InspectError> {
        let url = format!(
            "{}/v2/{}/manifests/{tag_or_digest}",
            self.base, self.repository
        );
        let response = self.get(&url, Some(ACCEPTED))?;
        let status = response.status();
        if status == StatusCode::NOT_FOUND {
            let detail = error_detail(response, self.timeout);
            return Err(self.manifest_not_found(tag_or_digest, &detail));
        }
        if !status.is_success() {
            return Err(self.unexpected(&url, response));
        }
        self.document(tag_or_digest, "the manifest", response)
    }

    /// A manifest or index (`what`, for messages) from a successful
    /// response, within its cap.
    fn document(
        &self,
        tag_or_digest: &str,
        what: &str,
        response: Response,
    ) -> Result<Fetched, InspectError> {
        let media_type = response
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let bytes = read_limited(response, MAX_MANIFEST, self.timeout).map_err(|e| {
            InspectError::ReadFailed {
                reference: self.reference_for(tag_or_digest),
                what: what.into(),
                detail: e,
            }
        })?;
        Ok(Fetched { bytes, media_type })
    }

    fn manifest_not_found(&self, tag_or_digest: &str, detail: &str) -> InspectError {
        let what = format!("image {}", self.reference_for(tag_or_digest));
        if detail.contains("NAME_UNKNOWN") || detail.contains("repository name not known") {
            return InspectError::NotFound {
                what: format!(
                    "repository {} in registry {}",
                    self.repository, self.registry
                ),
                hint: "check the repository name (and that the image was pushed there)".into(),
            };
        }
        let tags = self.tags();
        if tags.as_ref().is_some_and(|t| t.is_err()) {
            return InspectError::NotFound {
                what: format!(
                    "repository {} in registry {}",
                    self.repository, self.registry
                ),
                hint: "check the repository name (and that the image was pushed there)".into(),
            };
        }
        let hint = match tags.and_then(Result::ok) {
            Some(tags) if !tags.is_empty() => {
                let shown: Vec<&str> = tags.iter().take(20).map(String::as_str).collect();
                let more = if tags.len() > shown.len() {
                    format!(" and {} more", tags.len() - shown.len())
                } else {
                    String::new()
                };
                format!(
                    "check the tag; {} has: {}{more}",
                    self.repository,
                    shown.join(", ")
                )
            }
            Some(_) => format!("{} has no tags", self.repository),
            None => "check the repository and tag".into(),
        };
        InspectError::NotFound { what, hint }
    }

    /// The repository's tags, best effort (for hints); `Err` when the
    /// registry says the repository does not exist.
    fn tags(&self) -> Option<Result<Vec<String>, ()>> {
        let url = format!("{}/v2/{}/tags/list", self.base, self.repository);
        let response = self.get(&url, None).ok()?;
        if response.status() == StatusCode::NOT_FOUND {
            let detail = error_detail(response, self.timeout);
            return detail.contains("NAME_UNKNOWN").then_some(Err(()));
        }
        if !response.status().is_success() {
            return None;
        }
        let body = read_limited(response, 1 << 20, self.timeout).ok()?;
        let value: serde_json::Value = serde_json::from_slice(&body).ok()?;
        let mut tags: Vec<String> = value
            .get("tags")?
            .as_array()?
            .iter()
            .filter_map(|t| t.as_str().map(str::to_string))
            .collect();
        tags.sort();
        Some(Ok(tags))
    }
}

/// Reads at most `limit` bytes of a response body that was asked for
/// within `timeout` in all.
fn read_limited(response: Response, limit: u64, timeout: Duration) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    WholeWithin::new(response, timeout)
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| describe(&e))?;
    if bytes.len() as u64 > limit {
        return Err(format!("more than {limit} bytes"));
    }
    Ok(bytes)
}

/// A response body asked for with a deadline for the whole answer: a
/// timeout says so, and how long that was.
struct WholeWithin<R> {
    inner: R,
    timeout: Duration,
}

impl<R> WholeWithin<R> {
    fn new(inner: R, timeout: Duration) -> WholeWithin<R> {
        WholeWithin { inner, timeout }
    }
}

impl<R: Read> Read for WholeWithin<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            if retry::is_timeout(&e) {
                io::Error::new(
                    io::ErrorKind::TimedOut,
                    format!(
                        "it did not arrive whole within {} s (--timeout)",
                        self.timeout.as_secs_f64()
                    ),
                )
            } else {
                e
            }
        })
    }
}

/// The messages of an OCI error body (`{"errors":[{"code","message"}]}`),
/// else the start of the body: at most 64 KiB of it, and what arrives
/// within `timeout` (a layer's answer has no deadline of its own).
fn error_detail(response: Response, timeout: Duration) -> String {
    let status = response.status();
    let started = Instant::now();
    let mut body = Vec::new();
    let mut reader = response.take(64 << 10);
    let mut chunk = [0u8; 4096];
    while started.elapsed() < timeout {
        match reader.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => body.extend_from_slice(&chunk[..n]),
        }
    }
    let errors = serde_json::from_slice::<serde_json::Value>(&body)
        .ok()
        .and_then(|v| v.get("errors")?.as_array().cloned())
        .unwrap_or_default();
    let messages: Vec<String> = errors
        .iter()
        .map(|e| {
            let code = e.get("code").and_then(|c| c.as_str()).unwrap_or("");
            let message = e.get("message").and_then(|c| c.as_str()).unwrap_or("");
            format!("{code}: {message}")
        })
        .collect();
    if !messages.is_empty() {
        return clip(messages.join("; "), QUOTED);
    }
    let text = String::from_utf8_lossy(&body);
    let text = text.trim();
    if text.is_empty() {
        status.to_string()
    } else {
        clip(text, QUOTED)
    }
}

impl Store for Registry {
    fn manifest(&self, digest: &str, _media_type: Option<&str>) -> Result<Fetched, InspectError> {
        self.fetch_manifest(digest)
    }

    fn blob(
        &self,
        digest: &str,
        _size: Option<u64>,
    ) -> Result<Box<dyn Read + Send + '_>, InspectError> {
        // Silences bounded, not the whole: a layer may take minutes.
        self.blob_within(digest, None)
    }

    fn document_blob(
        &self,
        digest: &str,
        _size: Option<u64>,
    ) -> Result<Box<dyn Read + Send + '_>, InspectError> {
        let blob = self.blob_within(digest, Some(self.timeout))?;
        Ok(Box::new(WholeWithin::new(blob, self.timeout)))
    }
}

impl Registry {
    fn blob_within(
        &self,
        digest: &str,
        deadline: Option<Duration>,
    ) -> Result<Box<dyn Read + Send + '_>, InspectError> {
        let url = format!("{}/v2/{}/blobs/{digest}", self.base, self.repository);
        let response = self.get_with(&url, None, deadline)?;
        let status = response.status();
        if status == StatusCode::NOT_FOUND {
            return Err(InspectError::NotFound {
                what: format!("blob {digest} in {}/{}", self.registry, self.repository),
                hint: "the image's manifest names a blob the registry does not have; push the image again".into(),
            });
        }
        if !status.is_success() {
            return Err(self.unexpected(&url, response));
        }
        Ok(Box::new(response))
    }
}

#[cfg(test)]
mod tests {
    use crate::store::{DOCKER_LIST, DOCKER_MANIFEST, OCI_INDEX, OCI_MANIFEST};

    #[test]
    fn accept_lists_every_manifest_kind() {
        for kind in [OCI_INDEX, OCI_MANIFEST, DOCKER_LIST, DOCKER_MANIFEST] {
            assert!(super::ACCEPTED.contains(kind));
        }
    }

    #[test]
    fn token_services_over_http_get_no_credentials_from_an_https_registry() {
        use super::token_service;
        let https = "https://registry.example.com";
        assert!(token_service(https, "https://auth.example.com/token", true).is_ok());
        assert!(token_service(https, "http://auth.example.com/token", false).is_ok());
        let err = token_service(https, "http://auth.example.com/token", true).unwrap_err();
        assert!(err.contains("plain HTTP"), "{err}");
        assert!(token_service("http://127.0.0.1:5000", "http://127.0.0.1:5000/t", true).is_ok());
        let err = token_service(https, "https://bob:x@auth.example.com/token", false).unwrap_err();
        assert!(err.contains("user info"), "{err}");
        let err = token_service(https, "file:///etc/passwd", false).unwrap_err();
        assert!(err.contains("not an http(s) URL"), "{err}");
    }

    #[test]
    fn docker_hub_is_served_from_its_api_host() {
        let api_host = |r: &str| super::api_host(&r.parse().unwrap()).to_string();
        assert_eq!(api_host("ubuntu:24.04"), "registry-1.docker.io");
        assert_eq!(
            api_host("index.docker.io/nvidia/cuda"),
            "registry-1.docker.io"
        );
        assert_eq!(api_host("127.0.0.1:5000/team/x"), "127.0.0.1:5000");
    }
}
