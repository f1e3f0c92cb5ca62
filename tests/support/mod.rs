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
pub mod project;
pub mod pushed;
pub mod registry;
pub mod release_25_10;
pub mod rogue;
pub mod rss;
pub mod token_proxy;

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
