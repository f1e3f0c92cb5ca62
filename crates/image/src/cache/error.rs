//! What can go wrong managing the layer cache (`relnotes cache`, its
//! settings). Reading images never fails because of the cache: it warns
//! and reads the layer.

use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    #[error(
        "no cache directory: neither $XDG_CACHE_HOME nor $HOME is set\n  = hint: pass --cache-dir DIR"
    )]
    NoDirectory,
    #[error(
        "{variable}: `{value}` is not a size\n  = hint: bytes, or a number with K, M, G or T (powers of 1024), e.g. 2G"
    )]
    BadSize { variable: String, value: String },
    #[error("layer cache {}: {detail}", path.display())]
    Io { path: PathBuf, detail: String },
    /// A cache directory others may write, or with a link inside.
    #[error(
        "layer cache {}: {why}; relnotes does not use it\n  = hint: keep the cache in a directory only you can write (chmod 700, or remove it and let relnotes create it), or pass --cache-dir", path.display()
    )]
    Untrusted { path: PathBuf, why: String },
}
