//! Integration tests: sbom. Every SBOM the real binary writes is checked
//! against the official CycloneDX 1.5, 1.6 or 1.7 JSON schema and XSD
//! (tests/schemas/cyclonedx, validated offline), or for SPDX 2.3 with the
//! SPDX project's `pyspdxtools`.

use crate::support::image::{BuiltImage, Layer, PlatformImage, TestImage};
use crate::util::{relnotes, relnotes_in, root, scratch_project, stdout_of};
use serde_json::Value;
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

fn schemas() -> PathBuf {
    root().join("tests/schemas/cyclonedx")
}

/// The CycloneDX versions `relnotes sbom --spec-version` writes.
const VERSIONS: [&str; 3] = ["1.5", "1.6", "1.7"];

/// The version written when none is asked for.
pub(crate) const DEFAULT_VERSION: &str = "1.6";

/// The official schemas of `version`: the JSON schema, the XSD, and the
/// schemas the JSON schema refers to, each with the URI its reference
/// resolves to. 1.5 and 1.6 are the SNAPSHOT copies beside each other;
/// 1.7 is the 1.7.1 release in its own directory, whose XSD imports SPDX
/// by URL (its xmlcatalog.xml maps that to the copy beside it).
fn schema_files(version: &str) -> (PathBuf, PathBuf, Vec<(String, PathBuf)>) {
    let dir = schemas();
    match version {
        "1.7" => {
            let dir = dir.join("1.7");
            let referred = [
                "spdx.schema.json",
                "jsf-0.82.schema.json",
                "cryptography-defs.schema.json",
            ]
            .into_iter()
            .map(|name| {
                (
                    format!("http://cyclonedx.org/schema/{name}"),
                    dir.join(name),
                )
            })
            .collect();
            (
                dir.join("bom-1.7.schema.json"),
                dir.join("bom-1.7.xsd"),
                referred,
            )
        }
        _ => (
            dir.join(format!("bom-{version}.SNAPSHOT.schema.json")),
            dir.join(format!("bom-{version}.SNAPSHOT.xsd")),
            vec![
                (
                    "http://cyclonedx.org/schema/spdx.SNAPSHOT.schema.json".into(),
                    dir.join("spdx.SNAPSHOT.schema.json"),
                ),
                (
                    "http://cyclonedx.org/schema/jsf-0.82.SNAPSHOT.schema.json".into(),
                    dir.join("jsf-0.82.SNAPSHOT.schema.json"),
                ),
            ],
        ),
    }
}

/// The CycloneDX JSON schema of `version`, with the schemas it refers to
/// registered under the URIs it resolves them to, so nothing is fetched.
fn json_validator(version: &str) -> &'static jsonschema::Validator {
    static VALIDATORS: OnceLock<BTreeMap<&str, jsonschema::Validator>> = OnceLock::new();
    let validators = VALIDATORS.get_or_init(|| {
        let read = |path: &Path| -> Value {
            serde_json::from_str(&fs::read_to_string(path).unwrap()).unwrap()
        };
        VERSIONS
            .into_iter()
            .map(|version| {
                let (schema, _, referred) = schema_files(version);
                let mut registry = jsonschema::Registry::new();
                for (uri, path) in &referred {
                    registry = registry.add(uri.as_str(), read(path)).unwrap();
                }
                let registry = registry.prepare().unwrap();
                let validator = jsonschema::options()
                    .offline()
                    .with_registry(&registry)
                    .should_validate_formats(true)
                    .build(&read(&schema))
                    .unwrap_or_else(|e| panic!("the CycloneDX {version} schema compiles: {e}"));
                (version, validator)
            })
            .collect()
    });
    &validators[version]
}

/// Valid CycloneDX JSON of the default version.
pub(crate) fn assert_valid_json(text: &str, what: &str) {
    assert_valid_json_of(DEFAULT_VERSION, text, what);
}

/// Valid CycloneDX `version` JSON that says it is `version`; for 1.5,
/// cyclonedx-bom's own checks agree.
pub(crate) fn assert_valid_json_of(version: &str, text: &str, what: &str) {
    let value: Value = serde_json::from_str(text).expect("SBOM is JSON");
    assert_eq!(value["specVersion"], version, "{what}");
    let errors: Vec<String> = json_validator(version)
        .iter_errors(&value)
        .map(|e| format!("{} at {}", e, e.instance_path()))
        .collect();
    assert!(errors.is_empty(), "{what}: {errors:#?}");
    if version == "1.5" {
        let bom = cyclonedx_bom::prelude::Bom::parse_from_json_v1_5(text.as_bytes()).unwrap();
        use cyclonedx_bom::prelude::Validate;
        assert!(bom.validate().passed(), "{what}: {:?}", bom.validate());
    }
}

/// Valid CycloneDX XML of the default version.
pub(crate) fn assert_valid_xml(path: &Path, what: &str) {
    assert_valid_xml_of(DEFAULT_VERSION, path, what);
}

/// `xmllint --noout --schema` against the CycloneDX `version` XSD.
fn assert_valid_xml_of(version: &str, path: &Path, what: &str) {
    let out = xmllint(version, path);
    assert!(
        out.status.success(),
        "{what}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// The 1.5 and 1.6 XSDs import `spdx.SNAPSHOT.xsd` by a relative
/// schemaLocation, so xmllint reads the copy beside them; 1.7's imports
/// `http://cyclonedx.org/schema/spdx`, which the official xmlcatalog.xml
/// maps to the copy beside it. `--nonet` makes sure nothing is fetched.
fn xmllint(version: &str, path: &Path) -> std::process::Output {
    let (_, xsd, _) = schema_files(version);
    Command::new("xmllint")
        .env(
            "XML_CATALOG_FILES",
            xsd.parent().unwrap().join("xmlcatalog.xml"),
        )
        .args(["--nonet", "--noout", "--schema"])
        .arg(&xsd)
        .arg(path)
        .output()
        .expect("xmllint runs (Debian's libxml2-utils; scripts/test.sh installs it)")
}

/// `relnotes -C project`.
fn at(project: &Path) -> assert_cmd::Command {
    let mut cmd = relnotes_in(&root());
    cmd.arg("-C").arg(project);
    cmd
}

fn sbom(args: &[&str]) -> String {
    stdout_of(relnotes().arg("sbom").args(args))
}

fn sbom_json(version: &str, arch: &str) -> Value {
    serde_json::from_str(&sbom(&[version, "--arch", arch])).unwrap()
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str]) -> Run {
    let out = relnotes().arg("sbom").args(args).output().unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Value of the single property `name` in `properties`.
fn property<'a>(item: &'a Value, name: &str) -> Option<&'a str> {
    let found: Vec<&str> = item["properties"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["name"] == name)
        .map(|p| p["value"].as_str().unwrap())
        .collect();
    assert!(found.len() <= 1, "{name} appears {} times", found.len());
    found.first().copied()
}

fn properties<'a>(item: &'a Value, name: &str) -> Vec<&'a str> {
    item["properties"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| p["name"] == name)
        .map(|p| p["value"].as_str().unwrap())
        .collect()
}

/// Components by declared name.
fn components(bom: &Value) -> BTreeMap<String, Value> {
    bom["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                property(c, "relnotes:declared-name").unwrap().to_string(),
                c.clone(),
            )
        })
        .collect()
}

fn component<'a>(bom: &'a Value, declared: &str) -> &'a Value {
    bom["components"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| property(c, "relnotes:declared-name") == Some(declared))
        .unwrap_or_else(|| panic!("no component {declared}"))
}

// ---------------------------------------------------------------- validity

#[test]
fn every_release_arch_format_and_version_is_valid_cyclonedx() {
    let scratch = tempfile::tempdir().unwrap();
    let mut checked = 0;
    for project in [root(), root().join("examples/pytorch-cuda")] {
        let list: Value = serde_json::from_str(&stdout_of(
            relnotes_in(&root())
                .arg("-C")
                .arg(&project)
                .args(["list", "--format", "json"]),
        ))
        .unwrap();
        for release in list.as_array().unwrap() {
            let version = release["version"].as_str().unwrap();
            for arch in release["archs"].as_array().unwrap() {
                let arch = arch.as_str().unwrap();
                let mut serials = Vec::new();
                for spec in VERSIONS {
                    let what = format!("{} {version} {arch} CycloneDX {spec}", project.display());
                    let args = ["sbom", version, "--arch", arch, "--spec-version", spec];
                    let json = stdout_of(at(&project).args(args).args(["--format", "json"]));
                    assert_valid_json_of(spec, &json, &what);
                    let xml = stdout_of(at(&project).args(args).args(["--format", "xml"]));
                    let path = scratch.path().join(format!("{checked}.cdx.xml"));
                    fs::write(&path, &xml).unwrap();
                    assert_valid_xml_of(spec, &path, &what);
                    assert!(
                        xml.contains(&format!("xmlns=\"http://cyclonedx.org/schema/bom/{spec}\"")),
                        "{what}"
                    );
                    // One BOM, two encodings: one serial number.
                    let serial: Value = serde_json::from_str(&json).unwrap();
                    let serial = serial["serialNumber"].as_str().unwrap().to_string();
                    assert!(
                        xml.contains(&format!("serialNumber=\"{serial}\"")),
                        "{what}"
                    );
                    serials.push(serial);
                    checked += 1;
                }
                // One BOM, three CycloneDX versions: one serial number too.
                assert!(serials.iter().all(|s| *s == serials[0]), "{version} {arch}");
            }
        }
    }
    // Three versions of 25.05 amd64, 25.10 aarch64 + amd64, v2.7 amd64, v2.9 amd64.
    assert_eq!(checked, 15);
}

#[test]
fn the_validators_reject_an_invalid_sbom() {
    let dir = tempfile::tempdir().unwrap();
    for spec in VERSIONS {
        let json = sbom(&["25.05", "--spec-version", spec])
            .replace("\"type\": \"library\"", "\"type\": \"librari\"");
        let value: Value = serde_json::from_str(&json).unwrap();
        assert!(!json_validator(spec).is_valid(&value), "{spec}");
        let path = dir.path().join(format!("bad-{spec}.cdx.xml"));
        let xml = sbom(&["25.05", "--format", "xml", "--spec-version", spec])
            .replace("<purl>", "<purls>");
        fs::write(&path, xml.replace("</purl>", "</purls>")).unwrap();
        assert!(!xmllint(spec, &path).status.success(), "{spec}");
    }
    // A document of one version is not of the next: each XSD is bound to
    // its namespace. (The JSON schemas leave `specVersion` a free string.)
    for (older, newer) in [("1.5", "1.6"), ("1.6", "1.7")] {
        let path = dir.path().join(format!("{older}.cdx.xml"));
        let xml = sbom(&["25.05", "--format", "xml", "--spec-version", older]);
        fs::write(&path, xml).unwrap();
        assert!(
            !xmllint(newer, &path).status.success(),
            "{older} as {newer}"
        );
    }
}

#[test]
fn versions_differ_in_their_version_alone_and_1_6_is_the_default() {
    let plain = sbom(&["25.10", "--arch", "amd64"]);
    assert_eq!(
        plain,
        sbom(&[
            "25.10",
            "--arch",
            "amd64",
            "--spec-version",
            DEFAULT_VERSION
        ])
    );
    let default: Value = serde_json::from_str(&plain).unwrap();
    assert_eq!(default["specVersion"], "1.6");
    for spec in ["1.5", "1.7"] {
        let args = ["25.10", "--arch", "amd64", "--spec-version", spec];
        let mut other: Value = serde_json::from_str(&sbom(&args)).unwrap();
        assert_eq!(other["specVersion"], spec);
        other["specVersion"] = default["specVersion"].clone();
        // Declared components have no evidence, so nothing else differs.
        assert_eq!(other, default, "{spec}");
    }
    let r = run(&["25.05", "--spec-version", "1.4"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stdout.is_empty());
    assert!(r.stderr.contains("1.5, 1.6, 1.7"), "{}", r.stderr);
}

/// The lifecycle phases of an SBOM, from its JSON.
fn phases(bom: &Value) -> Vec<&str> {
    bom["metadata"]["lifecycles"]
        .as_array()
        .unwrap_or_else(|| panic!("no metadata.lifecycles in {:#}", bom["metadata"]))
        .iter()
        .map(|l| l["phase"].as_str().unwrap())
        .collect()
}

/// The lifecycle phases of an SBOM, from its XML: each `<phase>` inside
/// `<metadata><lifecycles>`.
fn xml_phases(xml: &str) -> Vec<String> {
    let metadata = &xml[xml.find("<metadata>").unwrap()..xml.find("</metadata>").unwrap()];
    let Some(at) = metadata.find("<lifecycles>") else {
        return Vec::new();
    };
    let lifecycles = &metadata[at..metadata.find("</lifecycles>").unwrap()];
    regex::Regex::new(r"<phase>([^<]*)</phase>")
        .unwrap()
        .captures_iter(lifecycles)
        .map(|c| c[1].to_string())
        .collect()
}

#[test]
fn a_declared_sbom_is_pre_build_in_every_version_and_encoding() {
    let dir = tempfile::tempdir().unwrap();
    for spec in VERSIONS {
        let what = format!("declared SBOM, CycloneDX {spec}");
        let json = sbom(&["25.10", "--arch", "amd64", "--spec-version", spec]);
        assert_valid_json_of(spec, &json, &what);
        assert_eq!(
            phases(&serde_json::from_str(&json).unwrap()),
            ["pre-build"],
            "{what}"
        );
        let args = [
            "25.10",
            "--arch",
            "amd64",
            "--format",
            "xml",
            "--spec-version",
            spec,
        ];
        let xml = sbom(&args);
        let path = dir.path().join(format!("{spec}.cdx.xml"));
        fs::write(&path, &xml).unwrap();
        assert_valid_xml_of(spec, &path, &what);
        assert_eq!(xml_phases(&xml), ["pre-build"], "{what}");
    }
}

// ---------------------------------------------------------------- content

#[test]
fn aarch64_and_amd64_differ_exactly_as_the_record() {
    let aarch64 = components(&sbom_json("25.10", "aarch64"));
    let amd64 = components(&sbom_json("25.10", "amd64"));
    let only = |a: &BTreeMap<String, Value>, b: &BTreeMap<String, Value>| -> Vec<String> {
        a.keys().filter(|k| !b.contains_key(*k)).cloned().collect()
    };
    assert_eq!(only(&aarch64, &amd64), ["pytorch-triton"]);
    assert_eq!(only(&amd64, &aarch64), ["perf", "triton"]);
    // Everything else is equal but for the arch property.
    let without_arch = |c: &Value| {
        let mut c = c.clone();
        c["properties"]
            .as_array_mut()
            .unwrap()
            .retain(|p| p["name"] != "relnotes:arch");
        c
    };
    let mut common = 0;
    for (name, a) in &aarch64 {
        if let Some(b) = amd64.get(name) {
            assert_eq!(property(a, "relnotes:arch"), Some("aarch64"));
            assert_eq!(property(b, "relnotes:arch"), Some("amd64"));
            assert_eq!(without_arch(a), without_arch(b), "{name}");
            common += 1;
        }
    }
    assert_eq!(common, 25);
    assert_eq!(
        property(&aarch64["pytorch-triton"], "relnotes:origin"),
        Some("added")
    );
    assert_eq!(
        aarch64["pytorch-triton"]["purl"],
        "pkg:pypi/pytorch-triton@3.4.0"
    );
    assert_eq!(amd64["perf"]["purl"], "pkg:generic/perf@5.4.30");
    assert_eq!(amd64["perf"]["type"], "library");
    assert_eq!(amd64["triton"]["purl"], "pkg:pypi/triton@3.4.0");
}

#[test]
fn purls_follow_the_package_url_spec() {
    let bom = sbom_json("25.10", "amd64");
    let torch = component(&bom, "torch");
    assert_eq!(torch["purl"], "pkg:pypi/torch@2.8.0.9%2Bnv25.3");
    assert_eq!(torch["bom-ref"], torch["purl"]);
    assert_eq!(torch["version"], "2.8.0.9+nv25.3");
    let flash = component(&bom, "flash_attn");
    assert_eq!(flash["name"], "flash-attn");
    assert_eq!(flash["purl"], "pkg:pypi/flash-attn@2.8.3");
    assert_eq!(
        component(&bom, "flash_attn_3")["purl"],
        "pkg:pypi/flash-attn-3@3.0.0b1"
    );
    assert_eq!(
        component(&bom, "transformer_engine")["purl"],
        "pkg:pypi/transformer-engine@2.4.0%2B3cd6870c"
    );
    assert_eq!(
        component(&bom, "gdb")["purl"],
        "pkg:generic/gdb@15.0.50.20240403-git"
    );
    let ubuntu = component(&bom, "Ubuntu");
    assert_eq!(ubuntu["type"], "operating-system");
    assert_eq!(ubuntu["name"], "ubuntu");
    assert_eq!(ubuntu["version"], "24.04");
    assert_eq!(ubuntu.get("purl"), None);
    assert_eq!(ubuntu["bom-ref"], "os:ubuntu@24.04");
    let cuda = component(&bom, "CUDA");
    assert_eq!(cuda["type"], "framework");
    assert_eq!(cuda["purl"], "pkg:generic/cuda@12.8");
    assert_eq!(property(cuda, "relnotes:ecosystem"), Some("cuda"));
    assert_eq!(
        component(&bom, "Python")["purl"],
        "pkg:generic/python@3.12.7%2Bgc"
    );
    for c in bom["components"].as_array().unwrap() {
        assert!(property(c, "relnotes:origin").is_some());
        assert!(property(c, "relnotes:ecosystem").is_some());
    }
}

#[test]
fn metadata_names_the_image_tool_release_and_driver() {
    let bom = sbom_json("25.10", "aarch64");
    assert_eq!(bom["specVersion"], DEFAULT_VERSION);
    let serial = bom["serialNumber"].as_str().unwrap();
    assert_eq!(serial.len(), "urn:uuid:".len() + 36);
    assert_eq!(&serial[23..24], "5", "version 5 UUID: {serial}");
    let meta = &bom["metadata"];
    assert_eq!(meta.get("timestamp"), None);
    let image = &meta["component"];
    assert_eq!(image["type"], "container");
    assert_eq!(image["name"], "training-nv-pytorch");
    assert_eq!(image["version"], "25.10");
    assert_eq!(
        image["purl"],
        "pkg:oci/training-nv-pytorch?arch=arm64\
         &repository_url=egslingjun-registry.cn-wulanchabu.cr.aliyuncs.com%2Fegslingjun%2Ftraining-nv-pytorch\
         &tag=25.10-serverless"
    );
    let tool = &meta["tools"]["components"][0];
    assert_eq!(tool["name"], "relnotes");
    assert_eq!(tool["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(property(meta, "relnotes:release"), Some("25.10"));
    assert_eq!(property(meta, "relnotes:arch"), Some("aarch64"));
    assert_eq!(property(meta, "relnotes:driver:cuda"), Some("12.8.0"));
    assert_eq!(property(meta, "relnotes:driver:min"), Some("575"));
    assert_eq!(
        properties(meta, "relnotes:driver:datacenter"),
        [
            "R470>=470.57",
            "R525>=525.85",
            "R535>=535.86",
            "R545>=545.23"
        ]
    );
    assert_eq!(properties(meta, "relnotes:driver:upgrade-from").len(), 10);
    assert_eq!(
        bom["compositions"][0]["assemblies"][0], image["bom-ref"],
        "the declared inventory is marked incomplete"
    );
    assert_eq!(bom["compositions"][0]["aggregate"], "incomplete");
}

#[test]
fn pytorch_cuda_v2_9_holds_torch_cuda_cudnn_nccl_and_ubuntu() {
    let out = stdout_of(at(&root().join("examples/pytorch-cuda")).args(["sbom", "v2.9"]));
    let bom: Value = serde_json::from_str(&out).unwrap();
    let got: Vec<(&str, &str, &str, Option<&str>)> = bom["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap(),
                c["version"].as_str().unwrap(),
                c["type"].as_str().unwrap(),
                c["purl"].as_str(),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("ubuntu", "22.04", "operating-system", None),
            ("torch", "2.9", "library", Some("pkg:pypi/torch@2.9")),
            ("cuda", "12.1", "framework", Some("pkg:generic/cuda@12.1")),
            ("cudnn", "8.9", "library", Some("pkg:generic/cudnn@8.9")),
            ("nccl", "2.16", "library", Some("pkg:generic/nccl@2.16")),
        ]
    );
    let meta = &bom["metadata"];
    assert_eq!(meta["component"]["purl"], "pkg:oci/pytorch-cuda?arch=amd64");
    assert_eq!(property(meta, "relnotes:driver:min"), Some("535"));
    // Things named without a version are recorded, not claimed as components.
    assert_eq!(
        properties(meta, "relnotes:include"),
        [
            "TorchVision",
            "Torchaudio",
            "Jupyter Lab",
            "SSH",
            "NumPy",
            "Pandas",
            "Matplotlib"
        ]
    );
}

// ---------------------------------------------------------------- determinism

#[test]
fn the_same_record_gives_the_same_bytes() {
    for format in ["json", "xml"] {
        let a = sbom(&["25.10", "--arch", "amd64", "--format", format]);
        let b = sbom(&["25.10", "--arch", "amd64", "--format", format]);
        assert_eq!(a, b, "{format}");
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sboms");
    let out_str = out.to_str().unwrap();
    stdout_of(relnotes().args(["sbom", "25.10", "--arch", "all", "-o", out_str]));
    let read = |out: &Path| -> BTreeMap<String, Vec<u8>> {
        fs::read_dir(out)
            .unwrap()
            .map(|e| {
                let e = e.unwrap();
                (
                    e.file_name().to_string_lossy().into_owned(),
                    fs::read(e.path()).unwrap(),
                )
            })
            .collect()
    };
    let first = read(&out);
    assert_eq!(
        first.keys().collect::<Vec<_>>(),
        ["25.10-aarch64.cdx.json", "25.10-amd64.cdx.json"]
    );
    stdout_of(relnotes().args(["sbom", "25.10", "--arch", "all", "-o", out_str, "--force"]));
    assert_eq!(read(&out), first);
    assert_eq!(
        first["25.10-amd64.cdx.json"],
        sbom(&["25.10", "--arch", "amd64"]).into_bytes()
    );
    // The two platforms are two BOMs.
    let serial = |bytes: &[u8]| -> String {
        let v: Value = serde_json::from_slice(bytes).unwrap();
        v["serialNumber"].as_str().unwrap().to_string()
    };
    assert_ne!(
        serial(&first["25.10-aarch64.cdx.json"]),
        serial(&first["25.10-amd64.cdx.json"])
    );
}

#[test]
fn a_timestamp_only_when_asked_from_source_date_epoch() {
    let plain = sbom_json("25.05", "amd64");
    let stamped = |epoch: &str| -> Value {
        let out = stdout_of(relnotes().env("SOURCE_DATE_EPOCH", epoch).args([
            "sbom",
            "25.05",
            "--timestamp",
        ]));
        serde_json::from_str(&out).unwrap()
    };
    let a = stamped("1761868800");
    assert_eq!(a["metadata"]["timestamp"], "2025-10-31T00:00:00Z");
    assert_eq!(a, stamped("1761868800"));
    assert_ne!(a["serialNumber"], plain["serialNumber"]);
    let out = relnotes()
        .env("SOURCE_DATE_EPOCH", "tomorrow")
        .args(["sbom", "25.05", "--timestamp"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("SOURCE_DATE_EPOCH"));
    // Without --timestamp, SOURCE_DATE_EPOCH changes nothing.
    let out = stdout_of(
        relnotes()
            .env("SOURCE_DATE_EPOCH", "1761868800")
            .args(["sbom", "25.05"]),
    );
    assert_eq!(serde_json::from_str::<Value>(&out).unwrap(), plain);
}

#[test]
fn snapshot_25_10_amd64_json() {
    insta::assert_snapshot!(
        "sbom_25.10_amd64.cdx.json",
        sbom(&["25.10", "--arch", "amd64"])
    );
}

// ---------------------------------------------------------------- arguments

#[test]
fn a_single_arch_release_needs_no_arch() {
    let bom: Value = serde_json::from_str(&sbom(&["25.05"])).unwrap();
    assert_eq!(property(&bom["metadata"], "relnotes:arch"), Some("amd64"));
    assert_eq!(
        bom["metadata"]["component"]["purl"],
        "pkg:oci/training-nv-pytorch?arch=amd64\
         &repository_url=egslingjun-registry.cn-wulanchabu.cr.aliyuncs.com%2Fegslingjun%2Ftraining-nv-pytorch\
         &tag=25.05-serverless"
    );
    assert_eq!(
        properties(&bom["metadata"], "relnotes:asset").len(),
        2,
        "both images of 25.05"
    );
}

#[test]
fn a_multi_arch_release_asks_for_an_arch() {
    let r = run(&["25.10"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(r.stdout.is_empty());
    assert!(r.stderr.contains("aarch64, amd64"), "{}", r.stderr);
    assert!(r.stderr.contains("--arch"), "{}", r.stderr);
}

#[test]
fn an_unknown_arch_lists_the_release_archs() {
    let r = run(&["25.10", "--arch", "s390x"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stdout.is_empty());
    assert!(
        r.stderr
            .starts_with("error: unknown architecture `s390x`: 25.10 declares aarch64, amd64"),
        "{}",
        r.stderr
    );
    let r = run(&["25.05", "--arch", "aarch64"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("25.05 declares amd64"), "{}", r.stderr);
}

#[test]
fn an_unknown_version_is_bad_input() {
    let r = run(&["24.12"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("unknown version `24.12`"), "{}", r.stderr);
    assert!(
        r.stderr.contains("known versions: 25.05, 25.10"),
        "{}",
        r.stderr
    );
}

#[test]
fn arch_all_needs_a_directory() {
    let r = run(&["25.10", "--arch", "all"]);
    assert_eq!(r.code, Some(2));
    assert!(r.stdout.is_empty());
    assert!(r.stderr.contains("pass -o DIR"), "{}", r.stderr);
}

#[test]
fn existing_files_are_kept_without_force_and_nothing_is_half_written() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("25.05.cdx.xml");
    fs::write(&file, "old").unwrap();
    let file_str = file.to_str().unwrap();
    let r = run(&["25.05", "--format", "xml", "-o", file_str]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("--force"), "{}", r.stderr);
    assert_eq!(fs::read_to_string(&file).unwrap(), "old");
    stdout_of(relnotes().args([
        "sbom", "25.05", "--format", "xml", "-o", file_str, "--force",
    ]));
    assert!(fs::read_to_string(&file).unwrap().starts_with("<?xml"));

    // --arch all: one file exists, so neither is written.
    let out = dir.path().join("all");
    fs::create_dir(&out).unwrap();
    fs::write(out.join("25.10-amd64.cdx.json"), "old").unwrap();
    let r = run(&["25.10", "--arch", "all", "-o", out.to_str().unwrap()]);
    assert_eq!(r.code, Some(2));
    let names: Vec<String> = fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["25.10-amd64.cdx.json"]);
    assert_eq!(
        fs::read_to_string(out.join("25.10-amd64.cdx.json")).unwrap(),
        "old"
    );
}

#[test]
fn a_directory_as_output_gets_the_conventional_name() {
    let dir = tempfile::tempdir().unwrap();
    stdout_of(relnotes().args([
        "sbom",
        "25.10",
        "--arch",
        "aarch64",
        "--format",
        "xml",
        "-o",
        dir.path().to_str().unwrap(),
    ]));
    let written = dir.path().join("25.10-aarch64.cdx.xml");
    assert_valid_xml(&written, "25.10-aarch64.cdx.xml");
}

// ---------------------------------------------------------------- observed

const SITE_PACKAGES: &str = "usr/local/lib/python3.12/dist-packages";

/// An amd64 image of three layers: Ubuntu's os-release, two Python
/// packages, and a third package in a layer of its own; CUDA only in the
/// config, where no file is.
fn observed_image() -> BuiltImage {
    let os_release =
        fs::read(root().join("tests/fixtures/verify/os-release.ubuntu-24.04.3")).unwrap();
    let metadata = |name: &str, version: &str| {
        format!("Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n\n")
    };
    let dist_info = |layer: Layer, name: &str, version: &str| {
        layer.file(
            &format!("{SITE_PACKAGES}/{name}-{version}.dist-info/METADATA"),
            metadata(name, version),
        )
    };
    let packages = dist_info(
        dist_info(Layer::gzip(), "diffusers", "0.34.0"),
        "peft",
        "0.16.0",
    );
    TestImage::single(
        PlatformImage::new("amd64")
            .env("CUDA_VERSION=12.8.1")
            .layer(Layer::gzip().file("usr/lib/os-release", os_release))
            .layer(packages)
            .layer(dist_info(Layer::zstd(), "timm", "1.0.20")),
    )
    .build()
}

/// `relnotes sbom 25.10 --arch amd64 --from-image oci:<layout>` with `args`.
fn observed(layout: &Path, args: &[&str]) -> String {
    let image = format!("oci:{}:25.10", layout.display());
    stdout_of(
        relnotes()
            .args(["sbom", "25.10", "--arch", "amd64", "--from-image", &image])
            .args(args),
    )
}

#[test]
fn observed_sboms_carry_occurrences_in_both_versions_and_formats() {
    let dir = tempfile::tempdir().unwrap();
    let built = observed_image();
    let layout = dir.path().join("layout");
    built.write_layout(&layout, "25.10");
    let layers = built.manifest("amd64").layer_digests();
    let (os_layer, packages_layer, timm_layer) = (&layers[0], &layers[1], &layers[2]);
    // Where each package was found, and in which layer.
    let expected = [
        ("os:ubuntu@24.04.3", "/usr/lib/os-release", os_layer),
        (
            "pkg:pypi/diffusers@0.34.0",
            &*format!("/{SITE_PACKAGES}/diffusers-0.34.0.dist-info/METADATA"),
            packages_layer,
        ),
        (
            "pkg:pypi/peft@0.16.0",
            &*format!("/{SITE_PACKAGES}/peft-0.16.0.dist-info/METADATA"),
            packages_layer,
        ),
        (
            "pkg:pypi/timm@1.0.20",
            &*format!("/{SITE_PACKAGES}/timm-1.0.20.dist-info/METADATA"),
            timm_layer,
        ),
    ];
    // Tags only, no indentation between them.
    let between_tags = regex::Regex::new(r">\s+<").unwrap();
    for spec in VERSIONS {
        let what = format!("observed SBOM, CycloneDX {spec}");
        let json = observed(&layout, &["--spec-version", spec]);
        assert_valid_json_of(spec, &json, &what);
        let bom: Value = serde_json::from_str(&json).unwrap();
        let components = bom["components"].as_array().unwrap();
        let by_ref = |r: &str| {
            components
                .iter()
                .find(|c| c["bom-ref"] == r)
                .unwrap_or_else(|| panic!("{what}: no {r} in {components:#?}"))
        };
        for (bom_ref, location, layer) in &expected {
            let component = by_ref(bom_ref);
            let mut occurrence = serde_json::json!({ "location": location });
            if spec != "1.5" {
                occurrence["additionalContext"] = format!("layer {layer}").into();
            }
            assert_eq!(
                component["evidence"]["occurrences"],
                serde_json::json!([occurrence]),
                "{what}: {bom_ref}"
            );
            assert_eq!(property(component, "relnotes:layer"), Some(layer.as_str()));
        }
        // Found in the config only: no file, so no occurrence.
        let cuda = by_ref("pkg:generic/cuda@12.8.1");
        assert_eq!(cuda.get("evidence"), None, "{what}");
        assert_eq!(
            property(cuda, "relnotes:config"),
            Some("config:env/CUDA_VERSION")
        );

        // XML: valid, and the same occurrences.
        let path = dir.path().join(format!("observed-{spec}.cdx.xml"));
        let xml = observed(&layout, &["--spec-version", spec, "--format", "xml"]);
        fs::write(&path, &xml).unwrap();
        assert_valid_xml_of(spec, &path, &what);
        let compact = between_tags.replace_all(&xml, "><");
        for (bom_ref, location, layer) in &expected {
            let start = format!("bom-ref=\"{}\"", bom_ref.replace('&', "&amp;"));
            let component = &compact[compact.find(&start).expect(bom_ref)..];
            let component = &component[..component.find("</component>").unwrap()];
            let context = match spec {
                "1.5" => String::new(),
                _ => format!("<additionalContext>layer {layer}</additionalContext>"),
            };
            let evidence = format!(
                "<evidence><occurrences><occurrence><location>{location}</location>{context}</occurrence></occurrences></evidence>"
            );
            assert!(component.ends_with(&evidence), "{what}: {component}");
        }
        let cuda = &compact[compact.find("bom-ref=\"pkg:generic/cuda@12.8.1\"").unwrap()..];
        let cuda = &cuda[..cuda.find("</component>").unwrap()];
        assert!(!cuda.contains("<evidence>"), "{what}: {cuda}");
        // Observed in a built image: post-build, in JSON and XML.
        assert_eq!(phases(&bom), ["post-build"], "{what}");
        assert_eq!(xml_phases(&xml), ["post-build"], "{what}");
        // The same image gives the same bytes.
        assert_eq!(json, observed(&layout, &["--spec-version", spec]), "{what}");
    }
}

/// `pyspdxtools -i` (the SPDX project's spdx-tools, which scripts/test.sh
/// installs from PyPI) on `text`: its exit status and what it printed.
pub(crate) fn pyspdxtools(text: &str, name: &str) -> (bool, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    fs::write(&path, text).unwrap();
    let out = Command::new("pyspdxtools")
        .arg("-i")
        .arg(&path)
        .output()
        .unwrap_or_else(|e| {
            panic!("pyspdxtools cannot run ({e}): run scripts/test.sh, which installs spdx-tools")
        });
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), said)
}

fn assert_valid_spdx(text: &str, what: &str) {
    let (valid, said) = pyspdxtools(text, "sbom.spdx.json");
    assert!(valid, "{what} is not valid SPDX 2.3: {said}");
}

/// The package `name` of an SPDX document.
fn spdx_package<'a>(document: &'a Value, name: &str) -> &'a Value {
    document["packages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("no package {name} in {document:#}"))
}

/// `(referenceType, referenceLocator)` of each external reference of `package`.
fn spdx_refs(package: &Value) -> Vec<(String, String)> {
    package["externalRefs"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            let field = |key: &str| r[key].as_str().unwrap().to_string();
            (field("referenceType"), field("referenceLocator"))
        })
        .collect()
}

/// The SPDX ID the document describes, and what that package contains.
fn described_and_contained(document: &Value) -> (String, Vec<String>) {
    let relationships = document["relationships"].as_array().unwrap();
    let of = |kind: &str| -> Vec<&Value> {
        relationships
            .iter()
            .filter(|r| r["relationshipType"] == kind)
            .collect()
    };
    let describes = of("DESCRIBES");
    assert_eq!(describes.len(), 1, "{relationships:#?}");
    assert_eq!(describes[0]["spdxElementId"], "SPDXRef-DOCUMENT");
    let described = describes[0]["relatedSpdxElement"].as_str().unwrap();
    let contained = of("CONTAINS")
        .iter()
        .map(|r| {
            assert_eq!(r["spdxElementId"], described);
            r["relatedSpdxElement"].as_str().unwrap().to_string()
        })
        .collect();
    (described.to_string(), contained)
}

#[test]
fn spdx_of_each_arch_of_25_10_is_valid_and_names_cuda() {
    for arch in ["aarch64", "amd64"] {
        let what = format!("SPDX of 25.10 ({arch})");
        let text = sbom(&["25.10", "--arch", arch, "--format", "spdx-json"]);
        assert_valid_spdx(&text, &what);
        assert_eq!(
            text,
            sbom(&["25.10", "--arch", arch, "--format", "spdx-json"]),
            "{what}: the same record gives the same bytes"
        );
        let document: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(document["spdxVersion"], "SPDX-2.3");
        assert_eq!(
            document["name"],
            format!("training-nv-pytorch-25.10-{arch}")
        );
        // 25.10 gives no date: the fixed, documented creation time.
        assert_eq!(document["creationInfo"]["created"], "1970-01-01T00:00:00Z");

        let image = spdx_package(&document, "training-nv-pytorch");
        assert_eq!(image["versionInfo"], "25.10");
        assert_eq!(image["primaryPackagePurpose"], "CONTAINER");
        let (described, contained) = described_and_contained(&document);
        assert_eq!(image["SPDXID"], described.as_str(), "{what}");
        let packages = document["packages"].as_array().unwrap();
        assert_eq!(contained.len(), packages.len() - 1, "{what}");

        // CUDA 12.8, NVIDIA's CPE (NVD's dictionary) and its purl.
        let cuda = spdx_package(&document, "cuda");
        assert_eq!(cuda["versionInfo"], "12.8");
        assert_eq!(cuda["primaryPackagePurpose"], "FRAMEWORK");
        assert_eq!(
            spdx_refs(cuda),
            [
                (
                    "cpe23Type".to_string(),
                    "cpe:2.3:a:nvidia:cuda_toolkit:12.8:*:*:*:*:*:*:*".to_string()
                ),
                ("purl".to_string(), "pkg:generic/cuda@12.8".to_string())
            ]
        );
        assert!(contained.contains(&cuda["SPDXID"].as_str().unwrap().to_string()));
    }
    // The two platforms are two documents.
    let amd64 = sbom(&["25.10", "--arch", "amd64", "--format", "spdx-json"]);
    let aarch64 = sbom(&["25.10", "--arch", "aarch64", "--format", "spdx-json"]);
    let namespace = |text: &str| {
        serde_json::from_str::<Value>(text).unwrap()["documentNamespace"]
            .as_str()
            .unwrap()
            .to_string()
    };
    assert_ne!(namespace(&amd64), namespace(&aarch64));
}

#[test]
fn pyspdxtools_rejects_an_identifier_spdx_does_not_allow() {
    let text = sbom(&["25.10", "--arch", "amd64", "--format", "spdx-json"]);
    let mut document: Value = serde_json::from_str(&text).unwrap();
    document["packages"][1]["SPDXID"] = "SPDXRef-not_allowed".into();
    let (valid, said) = pyspdxtools(&document.to_string(), "bad.spdx.json");
    assert!(!valid, "{said}");
    assert!(said.contains("SPDXRef-not_allowed"), "{said}");
}

#[test]
fn spdx_is_created_at_the_timestamp_when_asked() {
    let out = relnotes()
        .env("SOURCE_DATE_EPOCH", "1761868800")
        .args(["sbom", "25.10", "--arch", "amd64", "--format", "spdx-json"])
        .arg("--timestamp")
        .output()
        .unwrap();
    assert!(out.status.success());
    let document: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(document["creationInfo"]["created"], "2025-10-31T00:00:00Z");
}

/// SPDX files of every arch of 25.10, dated `date` in a scratch copy of
/// the project: `(file name, created)` of each.
fn spdx_of_25_10_dated(date: &str) -> Vec<(String, String)> {
    let project = scratch_project();
    let record = project.path().join("releases/25.10.toml");
    let text = fs::read_to_string(&record).unwrap();
    let dated = text.replacen(
        "version = \"25.10\"\n",
        &format!("version = \"25.10\"\ndate = \"{date}\"\n"),
        1,
    );
    assert_ne!(dated, text);
    fs::write(&record, dated).unwrap();
    let out = project.path().join("sboms");
    fs::create_dir(&out).unwrap();
    stdout_of(
        relnotes_in(project.path())
            .args([
                "sbom",
                "25.10",
                "--arch",
                "all",
                "--format",
                "spdx-json",
                "-o",
            ])
            .arg(&out),
    );
    let mut files: Vec<(String, String)> = fs::read_dir(&out)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            let text = fs::read_to_string(&path).unwrap();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            assert_valid_spdx(&text, &name);
            let document: Value = serde_json::from_str(&text).unwrap();
            let created = document["creationInfo"]["created"].as_str().unwrap();
            (name, created.to_string())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn spdx_is_created_on_the_release_date_into_conventional_files() {
    let created = |when: &str| {
        [
            ("25.10-aarch64.spdx.json".to_string(), when.to_string()),
            ("25.10-amd64.spdx.json".to_string(), when.to_string()),
        ]
    };
    assert_eq!(
        spdx_of_25_10_dated("2025-10-30"),
        created("2025-10-30T00:00:00Z")
    );
    // A free-form date is no time: the fixed one.
    assert_eq!(
        spdx_of_25_10_dated("October 2025"),
        created("1970-01-01T00:00:00Z")
    );
}

#[test]
fn spdx_of_an_image_describes_it_and_what_it_holds() {
    let dir = tempfile::tempdir().unwrap();
    let built = observed_image();
    let layout = dir.path().join("layout");
    built.write_layout(&layout, "25.10");
    let text = observed(&layout, &["--format", "spdx-json"]);
    assert_valid_spdx(&text, "SPDX of an image");
    assert_eq!(text, observed(&layout, &["--format", "spdx-json"]));
    let document: Value = serde_json::from_str(&text).unwrap();
    let image = spdx_package(&document, "training-nv-pytorch");
    assert_eq!(image["primaryPackagePurpose"], "CONTAINER");
    let digest = &built.manifest("amd64").manifest.digest;
    let hex = digest.trim_start_matches("sha256:");
    let image_refs = spdx_refs(image);
    assert!(
        image_refs[0].1.starts_with("pkg:oci/") && image_refs[0].1.contains(hex),
        "{image_refs:?}"
    );
    let (described, contained) = described_and_contained(&document);
    assert_eq!(image["SPDXID"], described.as_str());
    for (name, purl) in [
        ("diffusers", "pkg:pypi/diffusers@0.34.0"),
        ("peft", "pkg:pypi/peft@0.16.0"),
        ("timm", "pkg:pypi/timm@1.0.20"),
        ("cuda", "pkg:generic/cuda@12.8.1"),
    ] {
        let package = spdx_package(&document, name);
        assert!(
            spdx_refs(package).contains(&("purl".to_string(), purl.to_string())),
            "{name}: {package:#}"
        );
        assert!(contained.contains(&package["SPDXID"].as_str().unwrap().to_string()));
    }
    let cuda = spdx_package(&document, "cuda");
    assert!(
        spdx_refs(cuda).contains(&(
            "cpe23Type".to_string(),
            "cpe:2.3:a:nvidia:cuda_toolkit:12.8.1:*:*:*:*:*:*:*".to_string()
        )),
        "{cuda:#}"
    );
    // Where each was found: the file and its layer, or the config.
    let timm_layer = &built.manifest("amd64").layer_digests()[2];
    assert_eq!(
        spdx_package(&document, "timm")["sourceInfo"],
        format!(
            "found by relnotes at /{SITE_PACKAGES}/timm-1.0.20.dist-info/METADATA in layer {timm_layer}"
        )
    );
    assert_eq!(
        cuda["sourceInfo"],
        "found by relnotes at the image config's config:env/CUDA_VERSION"
    );
}

#[test]
fn spdx_takes_no_cyclonedx_version() {
    let out = run(&[
        "25.10",
        "--arch",
        "amd64",
        "--format",
        "spdx-json",
        "--spec-version",
        "1.6",
    ]);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert_eq!(out.stdout, "");
    assert!(out.stderr.contains("--spec-version"), "{}", out.stderr);
}
