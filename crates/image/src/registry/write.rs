//! Writing to a registry (OCI distribution spec, "push" and "referrers"):
//! blobs by monolithic upload (`HEAD` first, then `POST` + `PUT`),
//! manifests by digest or tag, the referrers API, and manifests that may
//! be absent (the referrers tag). Authentication is the reader's; a bearer
//! token is asked for with `push` in its scope.
//!
//! Credentials go to the registry's own origin (scheme, host, port) only:
//! an upload location elsewhere gets the blob without them, as Docker and
//! containerd do, and one that would downgrade HTTPS to plain HTTP or
//! carries user info is refused.

use super::{QUOTED, Registry, check_named_url, describe, error_detail};
use crate::InspectError;
use crate::auth;
use crate::error::clip;
use crate::retry::send_with_retries;
use crate::store::Fetched;
use reqwest::blocking::Response;
use reqwest::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, LOCATION, WWW_AUTHENTICATE};
use reqwest::{Method, StatusCode, Url};

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
        Ok(Some(self.document(
            tag_or_digest,
            "the manifest",
            response,
        )?))
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
        Ok(Some(self.document(
            digest,
            "the referrers list",
            response,
        )?))
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
        let (mut upload, own_origin) =
            upload_target(&self.base, &start, location).map_err(|why| PushError::Failed {
                registry: self.registry.clone(),
                request: format!("POST {start}"),
                answer: format!(
                    "{} with upload location `{}`, which {why}",
                    response.status(),
                    clip(location, QUOTED)
                ),
            })?;
        upload.query_pairs_mut().append_pair("digest", digest);
        let upload = upload.to_string();
        let octets = Some("application/octet-stream");
        let response = if own_origin {
            self.send(Method::PUT, &upload, None, octets, Some(bytes))?
        } else {
            // Another host: the blob goes, the registry's credentials do not.
            let request = self
                .client
                .put(&upload)
                .timeout(self.timeout)
                .header(CONTENT_TYPE, "application/octet-stream")
                .body(bytes.to_vec());
            send_with_retries(request).map_err(|e| InspectError::Network {
                registry: self.registry.clone(),
                detail: describe(&e),
            })?
        };
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
        let answer = format!("{status}: {}", error_detail(response, self.timeout));
        let request = format!("{method} {}", clip(url, QUOTED));
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
            // Every answer here is small: all of it within the timeout.
            let mut request = self
                .client
                .request(method.clone(), url)
                .timeout(self.timeout);
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

/// Where an upload `location` (as a `POST` to `start` answered it; it may
/// be relative, and carry a query) sends the blob, and whether that is the
/// registry's own origin (`base`), the one place its credentials go. `Err`
/// says why relnotes does not send the blob there: not an http(s) URL,
/// user info in it, or plain HTTP for a registry reached over HTTPS.
fn upload_target(base: &str, start: &str, location: &str) -> Result<(Url, bool), String> {
    let upload = Url::parse(start)
        .and_then(|start| start.join(location))
        .map_err(|e| format!("is not a URL: {e}"))?;
    check_named_url(&upload)?;
    let base = Url::parse(base).map_err(|e| format!("cannot be compared: {e}"))?;
    if base.scheme() == "https" && upload.scheme() == "http" {
        return Err("is plain HTTP, the registry HTTPS; relnotes does not downgrade".into());
    }
    let own_origin = upload.origin() == base.origin();
    Ok((upload, own_origin))
}

#[cfg(test)]
mod tests {
    use super::upload_target;

    #[test]
    fn credentials_go_to_the_registrys_own_origin_only() {
        let base = "https://registry.example.com";
        let start = "https://registry.example.com/v2/team/x/blobs/uploads/";
        let target = |location| upload_target(base, start, location);
        let (url, own) = target("/v2/team/x/blobs/uploads/u1?_state=s").unwrap();
        assert_eq!(
            url.as_str(),
            "https://registry.example.com/v2/team/x/blobs/uploads/u1?_state=s"
        );
        assert!(own);
        assert!(target("https://registry.example.com:443/up/u1").unwrap().1);
        for elsewhere in [
            "https://storage.example.com/up/u1",
            "https://registry.example.com:8443/up/u1",
            "https://registry.example.com.evil.test/up/u1",
        ] {
            let (_, own) = target(elsewhere).unwrap();
            assert!(!own, "{elsewhere}");
        }
        for (refused, why) in [
            ("http://registry.example.com/up/u1", "plain HTTP"),
            ("http://storage.example.com/up/u1", "plain HTTP"),
            ("https://bob:x@registry.example.com/up/u1", "user info"),
            ("https://bob@storage.example.com/up/u1", "user info"),
            ("file:///etc/passwd", "not an http(s) URL"),
            ("http://[::1", "not a URL"),
        ] {
            let err = target(refused).unwrap_err();
            assert!(err.contains(why), "{refused}: {err}");
        }
        // A plain-HTTP registry (a loopback one, or --insecure) may move
        // the upload to HTTPS; on another origin, without credentials.
        let plain = "http://127.0.0.1:5000";
        let start = "http://127.0.0.1:5000/v2/x/blobs/uploads/";
        assert!(
            !upload_target(plain, start, "https://127.0.0.1:5000/u")
                .unwrap()
                .1
        );
        assert!(
            !upload_target(plain, start, "http://127.0.0.1:5001/u")
                .unwrap()
                .1
        );
        assert!(upload_target(plain, start, "/u").unwrap().1);
    }
}
