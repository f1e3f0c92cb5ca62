//! Writing to a registry (OCI distribution spec, "push" and "referrers"):
//! blobs by monolithic upload (`HEAD` first, then `POST` + `PUT`),
//! manifests by digest or tag, the referrers API, and manifests that may
//! be absent (the referrers tag). Authentication is the reader's; a bearer
//! token is asked for with `push` in its scope.

use super::{QUOTED, Registry, describe, error_detail};
use crate::InspectError;
use crate::auth;
use crate::error::clip;
use crate::retry::send_with_retries;
use crate::store::Fetched;
use reqwest::blocking::Response;
use reqwest::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, LOCATION, WWW_AUTHENTICATE};
use reqwest::{Method, StatusCode};

/// The answer of a registry to a push that did not go through.
#[derive(Debug, thiserror::Error)]
pub enum PushError {
    /// The registry cannot be reached, or authenticating or reading failed.
    #[error(transparent)]
    Inspect(#[from] InspectError),
    /// 401 after authenticating, or 403: the credentials may read, not write.
    #[error(
        "registry {registry} refused to let {who} push to {repository}: {answer} to {request}\n  = hint: pushing needs credentials with write access to {repository} (pass --username with --password-stdin, or `docker login {registry}`)"
    )]
    Refused {
        /// The registry (`host[:port]`).
        registry: String,
        /// The repository pushed to.
        repository: String,
        /// Who pushed: the user name and where it came from, or an
        /// anonymous client.
        who: String,
        /// `PUT http://…`.
        request: String,
        /// `403 Forbidden: DENIED: …`.
        answer: String,
    },
    /// Any other answer that is not success.
    #[error("registry {registry} answered {answer} to {request}")]
    Failed {
        /// The registry (`host[:port]`).
        registry: String,
        /// The request, method and URL (`PUT http://…`).
        request: String,
        /// The status and what the registry said.
        answer: String,
    },
}

/// What a registry said to a pushed manifest.
#[derive(Debug, Clone)]
pub(crate) struct PushedManifest {
    /// `OCI-Subject`: set by a registry that indexed the manifest's subject
    /// in its referrers API, so no referrers tag needs updating.
    pub oci_subject: Option<String>,
}

impl Registry {
    /// The registry as written by the user (`host[:port]`).
    pub(crate) fn name(&self) -> &str {
        &self.registry
    }

    /// A manifest or index by digest, as the registry serves it.
    pub(crate) fn manifest_document(&self, digest: &str) -> Result<Fetched, InspectError> {
        self.fetch_manifest(digest)
    }

    /// A manifest or index by tag or digest; `None` when the registry does
    /// not have it (404), without the tag listing a reader's error gives.
    pub(crate) fn manifest_if_any(
        &self,
        tag_or_digest: &str,
        accept: &str,
    ) -> Result<Option<Fetched>, PushError> {
        let url = self.manifest_url(tag_or_digest);
        let response = self.send(Method::GET, &url, Some(accept), None, None)?;
        if response.status() == StatusCode::NOT_FOUND {
            return Ok(None);
        }
        let response = self.success(Method::GET, &url, response)?;
        Ok(Some(self.document(tag_or_digest, response)?))
    }

    /// `GET /v2/<name>/referrers/<digest>`: the index of referrers, or
    /// `None` when the registry has no referrers API (404).
    pub(crate) fn referrers_api(&self, digest: &str) -> Result<Option<Fetched>, PushError> {
        let url = format!("{}/v2/{}/referrers/{digest}", self.base, self.repository);
        let index = crate::store::OCI_INDEX;
        let response = self.send(Method::GET, &url, Some(index), None, None)?;
        if response.status() == StatusCode::NOT_FOUND {
            return Ok(None);
        }
        let response = self.success(Method::GET, &url, response)?;
        let is_index = response
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with(index));
        if !is_index {
            // Something answered 200 on that path that is not the API.
            return Ok(None);
        }
        Ok(Some(self.document(digest, response)?))
    }

    /// Uploads a blob unless the registry has it already.
    pub(crate) fn push_blob(&self, digest: &str, bytes: &[u8]) -> Result<(), PushError> {
        let url = format!("{}/v2/{}/blobs/{digest}", self.base, self.repository);
        let response = self.send(Method::HEAD, &url, None, None, None)?;
        if response.status().is_success() {
            return Ok(());
        }
        if response.status() != StatusCode::NOT_FOUND {
            self.success(Method::HEAD, &url, response)?;
        }
        let start = format!("{}/v2/{}/blobs/uploads/", self.base, self.repository);
        let response = self.send(Method::POST, &start, None, None, Some(&[]))?;
        let response = self.success(Method::POST, &start, response)?;
        let location = response
            .headers()
            .get(LOCATION)
            .and_then(|v| v.to_str().ok())
            .ok_or_else(|| PushError::Failed {
                registry: self.registry.clone(),
                request: format!("POST {start}"),
                answer: format!("{}, naming no upload location", response.status()),
            })?;
        // The location may be relative to the registry, and may carry a query.
        let mut upload = reqwest::Url::parse(&start)
            .and_then(|base| base.join(location))
            .map_err(|e| PushError::Failed {
                registry: self.registry.clone(),
                request: format!("POST {start}"),
                answer: format!(
                    "{} with upload location `{}`, not a URL: {e}",
                    response.status(),
                    clip(location, QUOTED)
                ),
            })?;
        upload.query_pairs_mut().append_pair("digest", digest);
        let upload = upload.to_string();
        let octets = Some("application/octet-stream");
        let response = self.send(Method::PUT, &upload, None, octets, Some(bytes))?;
        self.success(Method::PUT, &upload, response)?;
        Ok(())
    }

    /// `PUT /v2/<name>/manifests/<tag or digest>`.
    pub(crate) fn push_manifest(
        &self,
        tag_or_digest: &str,
        media_type: &str,
        bytes: &[u8],
    ) -> Result<PushedManifest, PushError> {
        let url = self.manifest_url(tag_or_digest);
        let response = self.send(Method::PUT, &url, None, Some(media_type), Some(bytes))?;
        let response = self.success(Method::PUT, &url, response)?;
        let oci_subject = response
            .headers()
            .get("OCI-Subject")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        Ok(PushedManifest { oci_subject })
    }

    fn manifest_url(&self, tag_or_digest: &str) -> String {
        format!(
            "{}/v2/{}/manifests/{tag_or_digest}",
            self.base, self.repository
        )
    }

    /// The response when it is a success; else what went wrong, 401 and
    /// 403 as a refusal.
    fn success(
        &self,
        method: Method,
        url: &str,
        response: Response,
    ) -> Result<Response, PushError> {
        let status = response.status();
        if status.is_success() {
            return Ok(response);
        }
        let answer = format!("{status}: {}", error_detail(response));
        let request = format!("{method} {url}");
        if status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN {
            return Err(PushError::Refused {
                registry: self.registry.clone(),
                repository: self.repository.clone(),
                who: match self.credentials() {
                    Some(c) => format!("{} (from {})", c.username, c.origin),
                    None => "an anonymous client".into(),
                },
                request,
                answer,
            });
        }
        Err(PushError::Failed {
            registry: self.registry.clone(),
            request,
            answer,
        })
    }

    /// A request with the current authorization; on 401, authenticates as
    /// the challenge says (asking for `push` too when the challenge names
    /// no scope) and tries once more. A second 401 is the caller's to
    /// report.
    fn send(
        &self,
        method: Method,
        url: &str,
        accept: Option<&str>,
        content_type: Option<&str>,
        body: Option<&[u8]>,
    ) -> Result<Response, PushError> {
        let mut retried = false;
        loop {
            let mut request = self.client.request(method.clone(), url);
            if let Some(accept) = accept {
                request = request.header(ACCEPT, accept);
            }
            if let Some(content_type) = content_type {
                request = request.header(CONTENT_TYPE, content_type);
            }
            if let Some(body) = body {
                request = request.body(body.to_vec());
            }
            if let Some((header, _)) = self.current_auth() {
                request = request.header(AUTHORIZATION, header);
            }
            let response = send_with_retries(request).map_err(|e| InspectError::Network {
                registry: self.registry.clone(),
                detail: describe(&e),
            })?;
            if response.status() != StatusCode::UNAUTHORIZED || retried {
                return Ok(response);
            }
            let challenge = response
                .headers()
                .get_all(WWW_AUTHENTICATE)
                .iter()
                .filter_map(|v| v.to_str().ok())
                .flat_map(auth::parse_challenges)
                .find(|c| c.scheme == "bearer" || c.scheme == "basic");
            let Some(mut challenge) = challenge else {
                return Ok(response);
            };
            if challenge.scheme == "basic" && self.find_credentials()?.is_none() {
                // Nothing to log in with: the refusal says what to pass.
                return Ok(response);
            }
            challenge
                .params
                .entry("scope".into())
                .or_insert_with(|| format!("repository:{}:pull,push", self.repository));
            retried = true;
            self.authenticate(&challenge)?;
        }
    }
}
