//! What can go wrong managing the layer cache (`relnotes cache`, its
//! settings). Reading images never fails because of the cache: it warns
//! and reads the layer.

use std::path::PathBuf;

/// Why the layer cache cannot be set up, listed or cleaned.
#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    /// No cache directory was given and the user's cannot be found.
    #[error(
        "no cache directory: neither $XDG_CACHE_HOME nor $HOME is set\n  = hint: pass --cache-dir DIR"
    )]
    NoDirectory,
    /// The size bound in the environment is not a size.
    #[error(
        "{variable}: `{value}` is not a size\n  = hint: bytes, or a number with K, M, G or T (powers of 1024), e.g. 2G"
    )]
    BadSize {
        /// The environment variable.
        variable: String,
        /// Its value.
        value: String,
    },
    /// The cache directory cannot be listed, locked or cleaned.
    #[error("layer cache {}: {detail}", path.display())]
    Io {
        /// The cache directory.
        path: PathBuf,
        /// What went wrong.
        detail: String,
    },
    /// A cache directory others may write, or with a link inside: not
    /// used.
    #[error(
        "layer cache {}: {why}; relnotes does not use it\n  = hint: keep the cache in a directory only you can write (chmod 700, or remove it and let relnotes create it), or pass --cache-dir", path.display()
    )]
    Untrusted {
        /// The cache directory.
        path: PathBuf,
        /// What is wrong with it (`… is writable by anyone …`).
        why: String,
    },
}
