//! A small registry with the OCI 1.1 referrers API, for tests: Debian's
//! `docker-registry` (distribution 2.8) has none and no packaged registry
//! here has one (no zot, no distribution 3).
//!
//! It keeps in memory what it is given and serves it back, per the
//! distribution spec's parts `attach` and `referrers` use: `/v2/`; blobs
//! (`HEAD`, `GET`, monolithic upload by `POST` then `PUT ?digest=`, the
//! digest checked); manifests by tag or digest (`PUT`, `GET`, `HEAD`),
//! answering a pushed manifest that has a `subject` with the
//! `OCI-Subject` header; `GET /v2/<name>/referrers/<digest>` with the
//! `artifactType` filter; `GET /v2/<name>/tags/list`. It logs every
//! request (method and path), so a test can say what a client fetched.
//! On 127.0.0.1, stopped when dropped; one request per connection.

#![allow(dead_code)]

use image::sha256_digest;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashMap};
use std::io::{BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

const OCI_INDEX: &str = "application/vnd.oci.image.index.v1+json";
/// The most a test pushes in one request.
const MAX_BODY: u64 = 64 << 20;

/// One manifest as it was pushed.
#[derive(Clone)]
struct Manifest {
    media_type: String,
    bytes: Vec<u8>,
}

#[derive(Default)]
struct Repository {
    blobs: HashMap<String, Vec<u8>>,
    /// By digest.
    manifests: HashMap<String, Manifest>,
    /// Tag → digest.
    tags: BTreeMap<String, String>,
    /// Subject digest → digests of the manifests that name it, in push order.
    referrers: HashMap<String, Vec<String>>,
}

#[derive(Default)]
struct State {
    repositories: HashMap<String, Repository>,
    /// Upload id → repository.
    uploads: HashMap<String, String>,
    /// `METHOD /path?query`, in the order they came.
    log: Vec<String>,
}

struct Shared {
    state: Mutex<State>,
    next_upload: AtomicUsize,
}

pub struct OciRegistry {
    pub port: u16,
    stop: Arc<AtomicBool>,
    shared: Arc<Shared>,
}

impl OciRegistry {
    pub fn start() -> OciRegistry {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let shared = Arc::new(Shared {
            state: Mutex::new(State::default()),
            next_upload: AtomicUsize::new(1),
        });
        super::serve_connections(listener, stop.clone(), shared.clone(), serve);
        OciRegistry { port, stop, shared }
    }

    /// `127.0.0.1:PORT`.
    pub fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.host())
    }

    /// Every request so far: `GET /v2/team/x/blobs/sha256:…`.
    pub fn log(&self) -> Vec<String> {
        self.shared.state.lock().unwrap().log.clone()
    }

    /// Forgets the requests logged so far.
    pub fn clear_log(&self) {
        self.shared.state.lock().unwrap().log.clear();
    }

    /// The tags of `repository`, sorted.
    pub fn tags(&self, repository: &str) -> Vec<String> {
        let state = self.shared.state.lock().unwrap();
        state
            .repositories
            .get(repository)
            .map(|r| r.tags.keys().cloned().collect())
            .unwrap_or_default()
    }
}

impl Drop for OciRegistry {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // Wake the accept loop.
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}

/// What the server answers.
struct Answer {
    status: &'static str,
    headers: Vec<(&'static str, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn new(status: &'static str) -> Answer {
        Answer {
            status,
            headers: Vec::new(),
            body: Vec::new(),
        }
    }

    fn header(mut self, name: &'static str, value: impl Into<String>) -> Answer {
        self.headers.push((name, value.into()));
        self
    }

    fn body(mut self, content_type: &str, body: Vec<u8>) -> Answer {
        self.headers
            .push(("Content-Type", content_type.to_string()));
        self.body = body;
        self
    }

    /// An OCI error body (`{"errors":[{"code","message"}]}`).
    fn error(status: &'static str, code: &str, message: &str) -> Answer {
        let body = json!({"errors": [{"code": code, "message": message}]});
        Answer::new(status).body("application/json", body.to_string().into_bytes())
    }
}

fn serve(mut stream: TcpStream, shared: &Shared) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let (method, target, headers) = super::read_request_head(&mut reader)?;
    // The last of a repeated header counts.
    let headers: HashMap<String, String> = headers.into_iter().collect();
    let length: u64 = headers
        .get("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let answer = if length > MAX_BODY {
        Answer::error("413 Payload Too Large", "SIZE_INVALID", "too large")
    } else {
        let mut body = Vec::new();
        (&mut reader).take(length).read_to_end(&mut body)?;
        let content_type = headers.get("content-type").cloned().unwrap_or_default();
        answer(shared, &method, &target, &content_type, body)
    };
    let mut head = format!("HTTP/1.1 {}\r\nConnection: close\r\n", answer.status);
    for (name, value) in &answer.headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", answer.body.len()));
    stream.write_all(head.as_bytes())?;
    if method != "HEAD" {
        stream.write_all(&answer.body)?;
    }
    stream.flush()
}

/// The repository name and the rest of a `/v2/<name>/<kind>/<rest>` path,
/// for `kind` one of the API's (the name may hold slashes).
fn split<'a>(path: &'a str, kind: &str) -> Option<(&'a str, &'a str)> {
    let path = path.strip_prefix("/v2/")?;
    let at = path.rfind(&format!("/{kind}/"))?;
    Some((&path[..at], &path[at + kind.len() + 2..]))
}

fn is_digest(reference: &str) -> bool {
    reference.starts_with("sha256:")
}

fn answer(
    shared: &Shared,
    method: &str,
    target: &str,
    content_type: &str,
    body: Vec<u8>,
) -> Answer {
    let mut state = shared.state.lock().unwrap();
    state.log.push(format!("{method} {target}"));
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    let query: HashMap<String, String> = query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (k.to_string(), v.replace("%3A", ":").replace("%3a", ":")))
        .collect();
    if path == "/v2/" || path == "/v2" {
        return Answer::new("200 OK").body("application/json", b"{}".to_vec());
    }
    if let Some((name, upload)) = split(path, "blobs/uploads") {
        return match method {
            "POST" => {
                let id = shared
                    .next_upload
                    .fetch_add(1, Ordering::Relaxed)
                    .to_string();
                state.uploads.insert(id.clone(), name.to_string());
                Answer::new("202 Accepted")
                    .header("Location", format!("/v2/{name}/blobs/uploads/{id}"))
            }
            "PUT" => {
                if state.uploads.remove(upload).as_deref() != Some(name) {
                    return Answer::error("404 Not Found", "BLOB_UPLOAD_UNKNOWN", upload);
                }
                let Some(digest) = query.get("digest") else {
                    return Answer::error("400 Bad Request", "DIGEST_INVALID", "no digest");
                };
                if sha256_digest(&body) != *digest {
                    return Answer::error("400 Bad Request", "DIGEST_INVALID", digest);
                }
                let repository = state.repositories.entry(name.to_string()).or_default();
                repository.blobs.insert(digest.clone(), body);
                Answer::new("201 Created")
                    .header("Location", format!("/v2/{name}/blobs/{digest}"))
                    .header("Docker-Content-Digest", digest.clone())
            }
            _ => Answer::error("405 Method Not Allowed", "UNSUPPORTED", method),
        };
    }
    if let Some((name, digest)) = split(path, "blobs") {
        let blob = state
            .repositories
            .get(name)
            .and_then(|r| r.blobs.get(digest));
        return match (method, blob) {
            ("GET" | "HEAD", Some(bytes)) => Answer::new("200 OK")
                .header("Docker-Content-Digest", digest)
                .body("application/octet-stream", bytes.clone()),
            ("GET" | "HEAD", None) => Answer::error("404 Not Found", "BLOB_UNKNOWN", digest),
            _ => Answer::error("405 Method Not Allowed", "UNSUPPORTED", method),
        };
    }
    if let Some((name, reference)) = split(path, "manifests") {
        return match method {
            "PUT" => put_manifest(&mut state, name, reference, content_type, body),
            "GET" | "HEAD" => {
                let repository = state.repositories.get(name);
                let digest = if is_digest(reference) {
                    Some(reference.to_string())
                } else {
                    repository.and_then(|r| r.tags.get(reference).cloned())
                };
                let manifest = digest
                    .as_ref()
                    .and_then(|d| repository.and_then(|r| r.manifests.get(d)));
                match (digest, manifest) {
                    (Some(digest), Some(m)) => Answer::new("200 OK")
                        .header("Docker-Content-Digest", digest)
                        .body(&m.media_type, m.bytes.clone()),
                    _ => Answer::error("404 Not Found", "MANIFEST_UNKNOWN", reference),
                }
            }
            _ => Answer::error("405 Method Not Allowed", "UNSUPPORTED", method),
        };
    }
    if let Some((name, subject)) = split(path, "referrers") {
        if method != "GET" {
            return Answer::error("405 Method Not Allowed", "UNSUPPORTED", method);
        }
        return referrers(&state, name, subject, query.get("artifactType"));
    }
    if let Some(name) = path
        .strip_prefix("/v2/")
        .and_then(|p| p.strip_suffix("/tags/list"))
    {
        return match state.repositories.get(name) {
            Some(r) => {
                let tags: Vec<&String> = r.tags.keys().collect();
                let body = json!({"name": name, "tags": tags});
                Answer::new("200 OK").body("application/json", body.to_string().into_bytes())
            }
            None => Answer::error("404 Not Found", "NAME_UNKNOWN", name),
        };
    }
    Answer::error("404 Not Found", "NOT_FOUND", path)
}

/// Stores a manifest under its digest (and tag); one with a `subject` is
/// listed among the subject's referrers, which `OCI-Subject` says.
fn put_manifest(
    state: &mut State,
    name: &str,
    reference: &str,
    content_type: &str,
    bytes: Vec<u8>,
) -> Answer {
    let Ok(document) = serde_json::from_slice::<Value>(&bytes) else {
        return Answer::error("400 Bad Request", "MANIFEST_INVALID", "not JSON");
    };
    let digest = sha256_digest(&bytes);
    if is_digest(reference) && reference != digest {
        return Answer::error("400 Bad Request", "DIGEST_INVALID", reference);
    }
    let media_type = match document["mediaType"].as_str() {
        Some(declared) => declared.to_string(),
        None => content_type.to_string(),
    };
    let repository = state.repositories.entry(name.to_string()).or_default();
    repository
        .manifests
        .insert(digest.clone(), Manifest { media_type, bytes });
    if !is_digest(reference) {
        repository
            .tags
            .insert(reference.to_string(), digest.clone());
    }
    let mut answer = Answer::new("201 Created")
        .header("Location", format!("/v2/{name}/manifests/{digest}"))
        .header("Docker-Content-Digest", digest.clone());
    if let Some(subject) = document["subject"]["digest"].as_str() {
        let listed = repository.referrers.entry(subject.to_string()).or_default();
        if !listed.contains(&digest) {
            listed.push(digest);
        }
        answer = answer.header("OCI-Subject", subject);
    }
    answer
}

/// The image index of the referrers of `subject`, of `artifact_type` only
/// if given (and then `OCI-Filters-Applied` says so).
fn referrers(state: &State, name: &str, subject: &str, artifact_type: Option<&String>) -> Answer {
    let repository = state.repositories.get(name);
    let mut manifests = Vec::new();
    for digest in repository
        .and_then(|r| r.referrers.get(subject))
        .into_iter()
        .flatten()
    {
        let m = &repository.unwrap().manifests[digest];
        let document: Value = serde_json::from_slice(&m.bytes).expect("stored as JSON");
        let kind = document["artifactType"]
            .as_str()
            .or(document["config"]["mediaType"].as_str())
            .unwrap_or_default();
        if artifact_type.is_some_and(|wanted| wanted != kind) {
            continue;
        }
        let mut descriptor = json!({
            "mediaType": m.media_type,
            "digest": digest,
            "size": m.bytes.len(),
            "artifactType": kind,
        });
        if let Some(annotations) = document.get("annotations") {
            descriptor["annotations"] = annotations.clone();
        }
        manifests.push(descriptor);
    }
    let index = json!({"schemaVersion": 2, "mediaType": OCI_INDEX, "manifests": manifests});
    let mut answer = Answer::new("200 OK").body(OCI_INDEX, index.to_string().into_bytes());
    if artifact_type.is_some() {
        answer = answer.header("OCI-Filters-Applied", "artifactType");
    }
    answer
}
