//! Writes the images the examples of README.md, docs/verify.md and
//! docs/draft.md read, as OCI layouts under target/:
//!
//! - `target/verify-demo/faithful`: 25.10 as its record declares it, both platforms;
//! - `target/verify-demo/tampered`: amd64 only, transformers from PyPI
//!   instead of the `+ali` build, timm missing, peft deleted by a whiteout;
//! - `target/draft-demo/next`: the next release (vllm up, CUDA 12.9 required);
//! - `target/draft-demo/vllm`: 25.10 with vllm upgraded.
//!
//! `cargo run --example demo-images`. The Python packages are PyPI's real
//! wheels, so the first run needs python3 with pip and reaches PyPI (they
//! are cached in target/test-pypi). The test suite builds the same images.

#[path = "../tests/support/image.rs"]
mod image;
#[path = "../tests/support/release_25_10.rs"]
mod release_25_10;

use release_25_10::{Tampering, faithful, next_release, platform, tampered, vllm_upgraded};
use std::path::Path;

fn main() {
    let target = Path::new(env!("CARGO_MANIFEST_DIR")).join("target");
    let verify = target.join("verify-demo");
    let draft = target.join("draft-demo");
    for dir in [&verify, &draft] {
        // Layouts of an earlier run are replaced, not merged into.
        let _ = std::fs::remove_dir_all(dir);
    }
    faithful().write_layout(&verify.join("faithful"), "25.10");
    tampered().write_layout(&verify.join("tampered"), "25.10");
    next_release().write_layout(&draft.join("next"), "25.11");
    image::TestImage::multi(vec![
        vllm_upgraded(platform("amd64", Tampering::default())),
        vllm_upgraded(platform("arm64", Tampering::default())),
    ])
    .build()
    .write_layout(&draft.join("vllm"), "25.10");
    for dir in [
        "verify-demo/faithful",
        "verify-demo/tampered",
        "draft-demo/next",
        "draft-demo/vllm",
    ] {
        println!("wrote target/{dir}");
    }
}
