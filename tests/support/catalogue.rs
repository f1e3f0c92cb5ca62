//! A generated catalogue of releases for the site's tests and its
//! benchmark (benches/site.rs includes this file): `n` monthly releases
//! derived from 25.10's record — three architectures, some 40 components,
//! the record's bilingual texts, long-form sections, assets and driver
//! requirements — each with its own version (`20.01`, `20.02`, …), date
//! and component versions, so that consecutive releases differ (upgrades,
//! and a downgrade now and then).

#![allow(dead_code)]

use std::fs;
use std::path::Path;

/// The version of the `i`-th release, oldest first: `20.01`, `20.02`, …
pub fn version(i: usize) -> String {
    format!("{}.{:02}", 20 + i / 12, i % 12 + 1)
}

/// The components every generated release adds to 25.10's, with a
/// version that moves with `i`.
fn extra_components(i: usize) -> String {
    let names = [
        "nccl",
        "cudnn",
        "cublas",
        "apex",
        "xformers",
        "bitsandbytes",
        "sentencepiece",
        "tokenizers",
        "safetensors",
        "numpy",
        "onnx",
        "tensorrt",
        "nvidia-dali",
        "jupyterlab",
    ];
    names
        .iter()
        .enumerate()
        .map(|(k, name)| {
            format!(
                "{name} = \"{}.{}.{}\"\n",
                1 + k % 3,
                (i + k) / 6,
                (i + k) % 6
            )
        })
        .collect()
}

/// The record of the `i`-th release, from 25.10's text `seed`.
pub fn record(seed: &str, i: usize) -> String {
    let v = version(i);
    let date = format!("{}-{:02}-15", 2000 + 20 + i / 12, i % 12 + 1);
    seed.replacen(
        "archs = [\"aarch64\", \"amd64\"]",
        &format!("date = \"{date}\"\narchs = [\"aarch64\", \"amd64\", \"ppc64le\"]"),
        1,
    )
    .replace("25.10", &v)
    .replace(
        "torch = \"2.8.0.9+nv25.3\"",
        &format!("torch = \"2.{}.{}\"", i / 10, i % 10),
    )
    .replace(
        "deepspeed = \"0.16.9+ali\"",
        // Every seventh release goes back one version.
        &format!(
            "deepspeed = \"0.{}.0\"",
            if i % 7 == 6 { i + 15 } else { i + 17 }
        ),
    )
    .replacen(
        "vllm = \"0.11.0\"\n",
        &format!("vllm = \"0.11.0\"\n{}", extra_components(i)),
        1,
    )
    .replacen(
        "[arch.amd64.components]",
        &format!(
            "[arch.ppc64le.components]\nopenblas = \"0.3.{}\"\n\n[arch.amd64.components]",
            i % 40
        ),
        1,
    )
}

/// Writes a project of `n` generated releases into `dir`: the
/// repository's project file and `releases/`.
pub fn write_project(root: &Path, dir: &Path, n: usize) {
    fs::copy(root.join("relnotes.toml"), dir.join("relnotes.toml")).expect("project file");
    let releases = dir.join("releases");
    fs::create_dir_all(&releases).expect("releases dir");
    let seed = fs::read_to_string(root.join("releases/25.10.toml")).expect("25.10 record");
    for i in 0..n {
        fs::write(
            releases.join(format!("{}.toml", version(i))),
            record(&seed, i),
        )
        .expect("record");
    }
}
