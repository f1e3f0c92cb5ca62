//! `relnotes new` and `relnotes sync` end to end, against the 25.10 test
//! images of the verify tests changed the way a next release changes: a
//! package upgraded (vllm, in a layer that whites out the old one), one
//! downgraded (PyPI's transformers instead of the `+ali` build), one never
//! installed (timm), one deleted by a whiteout (peft). Images are pushed to
//! a real registry (Debian's `docker-registry`) or written as OCI layouts.

use crate::support::image::{BuiltImage, Layer, PlatformImage, TestImage};
use crate::support::registry::TestRegistry;
use crate::util::{relnotes_in, scratch_project};
use crate::verify::{SITE, Tampering, platform};
use std::path::Path;
use std::process::Output;

/// vllm 0.12.0 over the image's 0.11.0: the old dist-info whited out.
fn vllm_upgraded(image: PlatformImage) -> PlatformImage {
    image.layer(
        Layer::gzip()
            .whiteout(&format!("{SITE}/vllm-0.11.0.dist-info"))
            .file(
                &format!("{SITE}/vllm-0.12.0.dist-info/METADATA"),
                "Metadata-Version: 2.1\nName: vllm\nVersion: 0.12.0\nSummary: A high-throughput and memory-efficient inference and serving engine for LLMs\n",
            ),
    )
}

/// The next release's image, both platforms: vllm up, transformers down,
/// timm and peft gone.
fn next_release() -> BuiltImage {
    let changed = Tampering {
        pypi_transformers: true,
        no_timm: true,
        peft_whited_out: true,
    };
    TestImage::multi(vec![
        vllm_upgraded(platform("amd64", changed)),
        vllm_upgraded(platform("arm64", changed)),
    ])
    .build()
}

/// `relnotes ARGS` in `dir`, isolated from the Docker config of whoever
/// runs the tests, without progress bars.
fn run(dir: &Path, args: &[&str]) -> Output {
    relnotes_in(dir)
        .env("DOCKER_CONFIG", "/nonexistent/relnotes-tests")
        .args(args)
        .output()
        .expect("runs")
}

fn text(out: &Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).to_string(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

/// Pushes `image` to a fresh registry as training-nv-pytorch:`tag`.
fn pushed(image: &BuiltImage, tag: &str) -> (TestRegistry, String) {
    let registry = TestRegistry::start();
    image.push(&registry.url(), "egslingjun/training-nv-pytorch", tag, None);
    let reference = format!("{}/egslingjun/training-nv-pytorch:{tag}", registry.host());
    (registry, reference)
}

#[test]
fn new_drafts_a_record_that_verify_confirms() {
    let project = scratch_project();
    let dir = project.path();
    let (_registry, image) = pushed(&next_release(), "25.11");

    let (code, stdout, stderr) = text(&run(
        dir,
        &["new", "25.11", "--from", "25.10", "--image", &image, "-q"],
    ));
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    println!("{stdout}");
    let record = std::fs::read_to_string(dir.join("releases/25.11.toml")).unwrap();
    println!("{record}");

    let (code, stdout, stderr) = text(&run(dir, &["verify", "25.11", "--image", &image, "-q"]));
    assert_eq!(code, 0, "{stdout}\n{stderr}\n{record}");
}
