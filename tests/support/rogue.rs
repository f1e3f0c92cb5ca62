//! A registry that misbehaves on purpose: it serves one built image from
//! memory, the OCI distribution API's way, except where a test's rule says
//! otherwise for a path — throttle (429 with `Retry-After`), fail (503),
//! send one byte and stall, stream past the blob's size, answer 401 with
//! a junk challenge.
//!
//! A minimal HTTP/1.1 server on std, as in `token_proxy`: one thread per
//! connection, one request per connection (`Connection: close`).

#![allow(dead_code)]

use super::image::BuiltImage;
use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
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
}

/// The rule of a test: the reply to the `n`th request (from 1) for `path`.
pub type Rule = dyn Fn(&str, usize) -> Reply + Send + Sync;

pub struct RogueRegistry {
    pub port: u16,
    stop: Arc<AtomicBool>,
    /// How many requests each path got.
    pub requests: Arc<Mutex<HashMap<String, usize>>>,
}

struct Shared {
    /// Path → (content type, bytes).
    routes: HashMap<String, (String, Vec<u8>)>,
    rule: Box<Rule>,
    requests: Arc<Mutex<HashMap<String, usize>>>,
}

impl RogueRegistry {
    /// Serves `image` as `repo:tag` (a single-platform image), following
    /// `rule`.
    pub fn start(image: &BuiltImage, repo: &str, tag: &str, rule: Box<Rule>) -> RogueRegistry {
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
        let shared = Arc::new(Shared {
            routes,
            rule,
            requests: requests.clone(),
        });
        let stop_flag = stop.clone();
        super::serve_connections(listener, stop_flag, shared, serve);
        RogueRegistry {
            port,
            stop,
            requests,
        }
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
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    let path = request_line
        .split_whitespace()
        .nth(1)
        .unwrap_or("")
        .to_string();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
            break;
        }
    }
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
    match (shared.rule)(&path, n) {
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
