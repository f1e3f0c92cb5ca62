//! Bearer-token auth in front of a [`TestRegistry`](super::registry::TestRegistry),
//! the way Docker Hub, GHCR or NGC do it: requests without a token get
//! `401` with a `WWW-Authenticate: Bearer realm=…,service=…,scope=…`
//! challenge; `GET /token` with basic auth answers `{"token": …}`; requests
//! with the token are forwarded to the registry, except blob downloads,
//! which are redirected to it (as registries redirect to a CDN).
//!
//! An identity (refresh) token is taken too, as OAuth2's `refresh_token`
//! grant: `POST /token` with a form body.
//!
//! A minimal HTTP/1.1 server on std: one thread per connection, one
//! request per connection (`Connection: close`), GET only but for that
//! `POST /token`.

#![allow(dead_code)]

use std::io::{BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

const TOKEN: &str = "relnotes-test-token";

pub struct TokenProxy {
    pub port: u16,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    /// The `scope` of every token request.
    pub scopes: Arc<Mutex<Vec<String>>>,
}

struct Shared {
    upstream: String,
    basic: String,
    /// The identity token `POST /token` takes, if any.
    identity_token: Option<String>,
    port: u16,
    scopes: Arc<Mutex<Vec<String>>>,
}

impl TokenProxy {
    /// A proxy to `upstream` (`http://127.0.0.1:PORT`) that gives tokens to
    /// `user`/`password` only.
    pub fn start(upstream: &str, user: &str, password: &str) -> TokenProxy {
        TokenProxy::start_with(upstream, user, password, None)
    }

    /// Also gives tokens for `identity_token` through OAuth2's
    /// `refresh_token` grant.
    pub fn start_with_identity_token(
        upstream: &str,
        user: &str,
        password: &str,
        identity_token: &str,
    ) -> TokenProxy {
        TokenProxy::start_with(upstream, user, password, Some(identity_token.into()))
    }

    fn start_with(
        upstream: &str,
        user: &str,
        password: &str,
        identity_token: Option<String>,
    ) -> TokenProxy {
        use base64::Engine;
        image::install_crypto_provider();
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let scopes = Arc::new(Mutex::new(Vec::new()));
        let shared = Arc::new(Shared {
            upstream: upstream.into(),
            basic: format!(
                "Basic {}",
                base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"))
            ),
            identity_token,
            port,
            scopes: scopes.clone(),
        });
        let stop_flag = stop.clone();
        let thread = super::serve_connections(listener, stop_flag, shared, serve);
        TokenProxy {
            port,
            stop,
            thread: Some(thread),
            scopes,
        }
    }

    /// `127.0.0.1:PORT`.
    pub fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }
}

impl Drop for TokenProxy {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        // Wake the accept loop.
        let _ = TcpStream::connect(("127.0.0.1", self.port));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn respond(
    stream: &mut TcpStream,
    status: &str,
    headers: &[(&str, String)],
    body: &[u8],
) -> std::io::Result<()> {
    let mut head = format!(
        "HTTP/1.1 {status}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes())?;
    stream.write_all(body)?;
    stream.flush()
}

fn serve(mut stream: TcpStream, shared: &Shared) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let (method, target, headers) = super::read_request_head(&mut reader)?;
    let method = method.as_str();
    let header = |name: &str| {
        headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    if method == "POST" && target == "/token" {
        let length = header("content-length")
            .and_then(|l| l.parse::<usize>().ok())
            .unwrap_or(0);
        let mut body = vec![0; length];
        reader.read_exact(&mut body)?;
        let body = String::from_utf8_lossy(&body).to_string();
        let field = |name: &str| {
            body.split('&')
                .find_map(|kv| kv.strip_prefix(&format!("{name}=")))
                .map(|v| v.replace("%3A", ":").replace("%2F", "/"))
        };
        shared
            .scopes
            .lock()
            .unwrap()
            .push(field("scope").unwrap_or_default());
        if field("grant_type").as_deref() != Some("refresh_token")
            || shared.identity_token.is_none()
            || field("refresh_token") != shared.identity_token
        {
            return respond(
                &mut stream,
                "401 Unauthorized",
                &[],
                br#"{"details":"invalid refresh token"}"#,
            );
        }
        return respond(
            &mut stream,
            "200 OK",
            &[("Content-Type", "application/json".into())],
            format!(r#"{{"access_token": "{TOKEN}", "expires_in": 300}}"#).as_bytes(),
        );
    }
    if method != "GET" {
        return respond(&mut stream, "405 Method Not Allowed", &[], b"");
    }
    if let Some(query) = target
        .strip_prefix("/token?")
        .or(target.strip_prefix("/token"))
    {
        let scope = query
            .split('&')
            .find_map(|kv| kv.strip_prefix("scope="))
            .map(|s| s.replace("%3A", ":").replace("%2F", "/"))
            .unwrap_or_default();
        shared.scopes.lock().unwrap().push(scope);
        if header("authorization").as_deref() != Some(shared.basic.as_str()) {
            return respond(
                &mut stream,
                "401 Unauthorized",
                &[],
                br#"{"details":"incorrect username or password"}"#,
            );
        }
        return respond(
            &mut stream,
            "200 OK",
            &[("Content-Type", "application/json".into())],
            format!(r#"{{"access_token": "{TOKEN}", "expires_in": 300}}"#).as_bytes(),
        );
    }
    if header("authorization").as_deref() != Some(&format!("Bearer {TOKEN}")) {
        let repo = target.strip_prefix("/v2/").and_then(|rest| {
            ["/manifests/", "/blobs/", "/tags/"]
                .iter()
                .find_map(|m| rest.find(m).map(|i| rest[..i].to_string()))
        });
        let mut challenge = format!(
            r#"Bearer realm="http://127.0.0.1:{}/token",service="relnotes-test""#,
            shared.port
        );
        if let Some(repo) = repo {
            challenge.push_str(&format!(r#",scope="repository:{repo}:pull""#));
        }
        return respond(
            &mut stream,
            "401 Unauthorized",
            &[
                ("WWW-Authenticate", challenge),
                ("Content-Type", "application/json".into()),
            ],
            br#"{"errors":[{"code":"UNAUTHORIZED","message":"authentication required"}]}"#,
        );
    }
    if target.contains("/blobs/sha256:") {
        return respond(
            &mut stream,
            "307 Temporary Redirect",
            &[("Location", format!("{}{target}", shared.upstream))],
            b"",
        );
    }
    let client = reqwest::blocking::Client::builder()
        .no_proxy()
        .build()
        .unwrap();
    let mut request = client.get(format!("{}{target}", shared.upstream));
    if let Some(accept) = header("accept") {
        request = request.header("Accept", accept);
    }
    let Ok(mut response) = request.send() else {
        return respond(&mut stream, "502 Bad Gateway", &[], b"");
    };
    let mut body = Vec::new();
    response.read_to_end(&mut body)?;
    let mut out_headers = Vec::new();
    for name in ["content-type", "docker-content-digest"] {
        if let Some(v) = response.headers().get(name).and_then(|v| v.to_str().ok()) {
            out_headers.push((name, v.to_string()));
        }
    }
    let status = response.status();
    respond(
        &mut stream,
        &format!(
            "{} {}",
            status.as_u16(),
            status.canonical_reason().unwrap_or("")
        ),
        &out_headers,
        &body,
    )
}
