//! A registry that misbehaves on purpose: it serves one built image from
//! memory, the OCI distribution API's way, except where a test's rule says
//! otherwise for a path — throttle (429 with `Retry-After`), fail (503),
//! send one byte and stall, send one byte now and then, stream past the
//! blob's size, answer 401 with a junk challenge. It records every request
//! it gets (method, path, headers), for tests of what a client sends where.
//!
//! A minimal HTTP/1.1 server on std, as in `token_proxy`: one thread per
//! connection, one request per connection (`Connection: close`).

#![allow(dead_code)]

use super::image::BuiltImage;
use std::collections::HashMap;
use std::io::{BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the server answers to one request.
pub enum Reply {
    /// The image's own answer for the path (or 404).
    Normal,
    /// A status with headers and a body.
    Status {
        status: &'static str,
        headers: Vec<(&'static str, String)>,
        body: Vec<u8>,
    },
    /// The headers of the path's normal answer and its first byte, then
    /// silence for this long (the connection held open).
    Stall(Duration),
    /// The headers of the path's normal answer and half its body, then
    /// the connection closed: a transfer that broke off.
    Truncated,
    /// The path's normal answer, then zeros (up to 1 GiB, or until the
    /// client hangs up), without a `Content-Length`.
    Endless,
    /// The headers of the path's normal answer (or of `body`, a content
    /// type and bytes, when given) at once, then its body one byte every
    /// `every`: never silent for long, never done.
    Drip {
        every: Duration,
        body: Option<(&'static str, Vec<u8>)>,
    },
}

/// The rule of a test: the reply to the `n`th request (from 1) for `path`.
pub type Rule = dyn Fn(&str, usize) -> Reply + Send + Sync;

/// A rule that sees the whole request: the reply to the `n`th request (from
/// 1) for its path.
pub type RequestRule = dyn Fn(&Request, usize) -> Reply + Send + Sync;

/// A request as the server got it.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: String,
    /// With its query.
    pub path: String,
    /// Names in lowercase.
    pub headers: Vec<(String, String)>,
}

impl Request {
    /// The value of header `name` (lowercase).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

pub struct RogueRegistry {
    pub port: u16,
    stop: Arc<AtomicBool>,
    /// How many requests each path got.
    pub requests: Arc<Mutex<HashMap<String, usize>>>,
    /// Every request, in the order they came.
    pub seen: Arc<Mutex<Vec<Request>>>,
}

struct Shared {
    /// Path → (content type, bytes).
    routes: HashMap<String, (String, Vec<u8>)>,
    rule: Box<RequestRule>,
    requests: Arc<Mutex<HashMap<String, usize>>>,
    seen: Arc<Mutex<Vec<Request>>>,
}

impl RogueRegistry {
    /// Serves `image` as `repo:tag` (a single-platform image), following
    /// `rule`.
    pub fn start(image: &BuiltImage, repo: &str, tag: &str, rule: Box<Rule>) -> RogueRegistry {
        RogueRegistry::start_seeing(image, repo, tag, Box::new(move |r, n| rule(&r.path, n)))
    }

    /// [`RogueRegistry::start`] with a rule that sees each request whole.
    pub fn start_seeing(
        image: &BuiltImage,
        repo: &str,
        tag: &str,
        rule: Box<RequestRule>,
    ) -> RogueRegistry {
        let mut routes = HashMap::new();
        routes.insert(
            "/v2/".to_string(),
            ("application/json".into(), b"{}".to_vec()),
        );
        let root = image.root();
        for name in [tag, root.digest.as_str()] {
            routes.insert(
                format!("/v2/{repo}/manifests/{name}"),
                (root.media_type.clone(), root.bytes.clone()),
            );
        }
        for blob in image.blobs() {
            routes.insert(
                format!("/v2/{repo}/blobs/{}", blob.digest),
                ("application/octet-stream".into(), blob.bytes.clone()),
            );
        }
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let requests = Arc::new(Mutex::new(HashMap::new()));
        let seen = Arc::new(Mutex::new(Vec::new()));
        let shared = Arc::new(Shared {
            routes,
            rule,
            requests: requests.clone(),
            seen: seen.clone(),
        });
        let stop_flag = stop.clone();
        super::serve_connections(listener, stop_flag, shared, serve);
        RogueRegistry {
            port,
            stop,
            requests,
            seen,
        }
    }

    /// Every request received so far.
    pub fn seen(&self) -> Vec<Request> {
        self.seen.lock().unwrap().clone()
    }

    /// `127.0.0.1:PORT`.
    pub fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// How many requests `path` got.
    pub fn count(&self, path: &str) -> usize {
        self.requests
            .lock()
            .unwrap()
            .get(path)
            .copied()
            .unwrap_or(0)
    }
}

impl Drop for RogueRegistry {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // Wake the accept loop; stalled connections end on their own.
        let _ = TcpStream::connect(("127.0.0.1", self.port));
    }
}

fn head(status: &str, headers: &[(&str, String)]) -> String {
    let mut head = format!("HTTP/1.1 {status}\r\nConnection: close\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    head
}

fn serve(mut stream: TcpStream, shared: &Shared) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let (method, path, headers) = super::read_request_head(&mut reader)?;
    let request = Request {
        method,
        path: path.clone(),
        headers,
    };
    // The body, read whole: a client still sending when the connection
    // closes would see it reset.
    let length: u64 = request
        .header("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    std::io::copy(&mut (&mut reader).take(length), &mut std::io::sink())?;
    shared.seen.lock().unwrap().push(request.clone());
    let n = {
        let mut requests = shared.requests.lock().unwrap();
        let count = requests.entry(path.clone()).or_insert(0);
        *count += 1;
        *count
    };
    let normal = shared.routes.get(&path);
    let normal_head = |length: bool| match normal {
        Some((content_type, bytes)) => {
            let mut headers = vec![("Content-Type", content_type.clone())];
            if length {
                headers.push(("Content-Length", bytes.len().to_string()));
            }
            head("200 OK", &headers)
        }
        None => head("404 Not Found", &[("Content-Length", "0".into())]),
    };
    let body = normal.map(|(_, b)| b.as_slice()).unwrap_or_default();
    let body_of_path = body;
    match (shared.rule)(&request, n) {
        Reply::Normal => {
            stream.write_all(normal_head(true).as_bytes())?;
            stream.write_all(body)?;
        }
        Reply::Status {
            status,
            mut headers,
            body,
        } => {
            headers.push(("Content-Length", body.len().to_string()));
            stream.write_all(head(status, &headers).as_bytes())?;
            stream.write_all(&body)?;
        }
        Reply::Stall(duration) => {
            stream.write_all(normal_head(true).as_bytes())?;
            stream.write_all(&body[..1.min(body.len())])?;
            stream.flush()?;
            std::thread::sleep(duration);
        }
        Reply::Truncated => {
            stream.write_all(normal_head(true).as_bytes())?;
            stream.write_all(&body[..body.len() / 2])?;
            stream.flush()?;
            let _ = stream.shutdown(std::net::Shutdown::Both);
        }
        Reply::Drip { every, body } => {
            let (head, bytes) = match &body {
                Some((content_type, bytes)) => (
                    head(
                        "200 OK",
                        &[
                            ("Content-Type", content_type.to_string()),
                            ("Content-Length", bytes.len().to_string()),
                        ],
                    ),
                    bytes.as_slice(),
                ),
                None => (normal_head(true), body_of_path),
            };
            stream.write_all(head.as_bytes())?;
            for byte in bytes {
                stream.write_all(std::slice::from_ref(byte))?;
                stream.flush()?;
                std::thread::sleep(every);
            }
        }
        Reply::Endless => {
            stream.write_all(normal_head(false).as_bytes())?;
            stream.write_all(body)?;
            let zeros = vec![0u8; 64 << 10];
            for _ in 0..(1 << 30) / zeros.len() {
                stream.write_all(&zeros)?;
            }
        }
    }
    stream.flush()
}
