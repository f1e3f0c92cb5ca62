//! Real parts for end-to-end tests: a test-image builder and a registry.

pub mod buildkit;
pub mod built_site;
pub mod catalogue;
pub mod chromium;
pub mod cosign;
pub mod crafted;
pub mod credential_helper;
pub mod generator;
pub mod hostile;
pub mod image;
pub mod oci_registry;
pub mod peers;
pub mod project;
pub mod pushed;
pub mod registry;
pub mod release_25_10;
pub mod rogue;
pub mod rss;
pub mod token_proxy;

use std::io::BufRead;
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Serves each connection of `listener` on a thread of its own with
/// `serve`, until `stop` is set (and one more connection wakes the loop).
pub fn serve_connections<S: Send + Sync + 'static>(
    listener: TcpListener,
    stop: Arc<AtomicBool>,
    shared: Arc<S>,
    serve: fn(TcpStream, &S) -> std::io::Result<()>,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let Ok(stream) = stream else { continue };
            let shared = shared.clone();
            std::thread::spawn(move || {
                let _ = serve(stream, &shared);
            });
        }
    })
}

/// Headers of a request: names lowercased, in the order sent.
pub type Headers = Vec<(String, String)>;

/// An HTTP/1.1 request's head read from `reader`: its method, its target
/// and its headers.
pub fn read_request_head(reader: &mut impl BufRead) -> std::io::Result<(String, String, Headers)> {
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    let mut words = request_line.split_whitespace();
    let method = words.next().unwrap_or("").to_string();
    let target = words.next().unwrap_or("").to_string();
    let mut headers = Vec::new();
    loop {
        let mut line = String::new();
        if reader.read_line(&mut line)? == 0 || line.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
        }
    }
    Ok((method, target, headers))
}
