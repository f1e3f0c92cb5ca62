//! Images as `docker buildx build --sbom=true --push` leaves them: an
//! image index whose platform manifests are followed by attestation
//! manifests (BuildKit's attestation storage,
//! docs/attestations/attestation-storage.md in moby/buildkit): descriptor
//! annotations `vnd.docker.reference.type: attestation-manifest` and
//! `vnd.docker.reference.digest: <platform manifest>`, platform
//! `unknown/unknown`; each layer an in-toto statement
//! (`application/vnd.in-toto+json`, annotated with its
//! `in-toto.io/predicate-type`) whose predicate is the SBOM syft wrote.

#![allow(dead_code)]

use super::image::BuiltImage;
use image::sha256_digest;
use serde_json::{Value, json};

pub const SPDX_PREDICATE: &str = "https://spdx.dev/Document";
const IN_TOTO: &str = "application/vnd.in-toto+json";
const OCI_MANIFEST: &str = "application/vnd.oci.image.manifest.v1+json";
const OCI_INDEX: &str = "application/vnd.oci.image.index.v1+json";

/// A package as syft lists it: name, version, purl, what it read.
pub struct SpdxPackage<'a> {
    pub name: &'a str,
    pub version: &'a str,
    pub purl: &'a str,
    /// syft's `sourceInfo`.
    pub source_info: &'a str,
}

/// An SPDX 2.3 document in the shape syft writes for BuildKit's SBOM
/// scanner: the packages with their purls and CPEs, the image's own
/// package none of them.
pub fn spdx_document(packages: &[SpdxPackage]) -> Value {
    let packages: Vec<Value> = packages
        .iter()
        .enumerate()
        .map(|(i, p)| {
            json!({
                "name": p.name,
                "SPDXID": format!("SPDXRef-Package-{}-{i:016x}", p.name),
                "versionInfo": p.version,
                "supplier": "NOASSERTION",
                "downloadLocation": "NOASSERTION",
                "filesAnalyzed": false,
                "sourceInfo": p.source_info,
                "licenseConcluded": "NOASSERTION",
                "licenseDeclared": "NOASSERTION",
                "copyrightText": "NOASSERTION",
                "externalRefs": [
                    {
                        "referenceCategory": "SECURITY",
                        "referenceType": "cpe23Type",
                        "referenceLocator": format!("cpe:2.3:a:{0}:{0}:{1}:*:*:*:*:*:*:*", p.name, p.version),
                    },
                    {
                        "referenceCategory": "PACKAGE-MANAGER",
                        "referenceType": "purl",
                        "referenceLocator": p.purl,
                    }
                ]
            })
        })
        .collect();
    json!({
        "spdxVersion": "SPDX-2.3",
        "dataLicense": "CC0-1.0",
        "SPDXID": "SPDXRef-DOCUMENT",
        "name": "sbom",
        "documentNamespace": "https://anchore.com/syft/dir/sbom-6b0d0b7e-3f9f-4a5a-9d7c-0b5e4a1e2c11",
        "creationInfo": {
            "licenseListVersion": "3.25",
            "creators": ["Organization: Anchore, Inc", "Tool: syft-v1.18.1", "Tool: buildkit-v0.19.0"],
            "created": "2025-10-20T08:00:00Z"
        },
        "packages": packages,
        "relationships": []
    })
}

/// An in-toto statement about `subject` (a platform manifest digest).
pub fn statement(predicate_type: &str, subject: &str, predicate: &Value) -> Vec<u8> {
    let hex = subject.strip_prefix("sha256:").expect("sha256 digest");
    serde_json::to_vec(&json!({
        "_type": "https://in-toto.io/Statement/v0.1",
        "predicateType": predicate_type,
        "subject": [{"name": "_", "digest": {"sha256": hex}}],
        "predicate": predicate,
    }))
    .unwrap()
}

/// The in-toto statements about one platform: its architecture, and each
/// statement's predicate type and bytes.
pub type Attested<'a> = (&'a str, Vec<(&'a str, Vec<u8>)>);

/// Pushes, for each `(architecture, statements)`, an attestation manifest
/// about that platform's manifest holding the statements (predicate type,
/// bytes), then the image's index with them after its platforms, as
/// `repo:tag`. The attestation manifests' digests, in order.
pub fn push_attested(
    base_url: &str,
    repo: &str,
    tag: &str,
    built: &BuiltImage,
    attestations: &[Attested],
) -> Vec<String> {
    built.push(base_url, repo, tag, None);
    let client = client();
    let mut index: Value =
        serde_json::from_slice(&built.index.as_ref().expect("an index").bytes).expect("index JSON");
    let mut digests = Vec::new();
    for (architecture, statements) in attestations {
        let subject = &built.manifest(architecture).manifest.digest;
        let config = br#"{}"#.to_vec();
        push_blob(&client, base_url, repo, &config);
        let mut layers = Vec::new();
        for (predicate_type, bytes) in statements {
            push_blob(&client, base_url, repo, bytes);
            layers.push(json!({
                "mediaType": IN_TOTO,
                "digest": sha256_digest(bytes),
                "size": bytes.len(),
                "annotations": {"in-toto.io/predicate-type": predicate_type},
            }));
        }
        let manifest = serde_json::to_vec(&json!({
            "schemaVersion": 2,
            "mediaType": OCI_MANIFEST,
            "config": {
                "mediaType": "application/vnd.docker.attestation.config.v1+json",
                "digest": sha256_digest(&config),
                "size": config.len(),
            },
            "layers": layers,
        }))
        .unwrap();
        let digest = sha256_digest(&manifest);
        put_manifest(&client, base_url, repo, &digest, OCI_MANIFEST, &manifest);
        index["manifests"].as_array_mut().unwrap().push(json!({
            "mediaType": OCI_MANIFEST,
            "digest": digest,
            "size": manifest.len(),
            "annotations": {
                "vnd.docker.reference.digest": subject,
                "vnd.docker.reference.type": "attestation-manifest",
            },
            "platform": {"architecture": "unknown", "os": "unknown"},
        }));
        digests.push(digest);
    }
    let bytes = serde_json::to_vec_pretty(&index).unwrap();
    put_manifest(&client, base_url, repo, tag, OCI_INDEX, &bytes);
    digests
}

fn client() -> reqwest::blocking::Client {
    image::install_crypto_provider();
    reqwest::blocking::Client::builder()
        .no_proxy()
        .build()
        .unwrap()
}

fn push_blob(client: &reqwest::blocking::Client, base_url: &str, repo: &str, bytes: &[u8]) {
    let response = client
        .post(format!("{base_url}/v2/{repo}/blobs/uploads/"))
        .send()
        .unwrap();
    assert_eq!(response.status().as_u16(), 202);
    // Relative (the test registry) or absolute with a query (distribution).
    let location = response.headers()["Location"].to_str().unwrap().to_string();
    let upload = match location.starts_with('/') {
        true => format!("{base_url}{location}"),
        false => location,
    };
    let separator = if upload.contains('?') { '&' } else { '?' };
    let response = client
        .put(format!(
            "{upload}{separator}digest={}",
            sha256_digest(bytes)
        ))
        .body(bytes.to_vec())
        .send()
        .unwrap();
    assert_eq!(response.status().as_u16(), 201);
}

fn put_manifest(
    client: &reqwest::blocking::Client,
    base_url: &str,
    repo: &str,
    reference: &str,
    media_type: &str,
    bytes: &[u8],
) {
    let response = client
        .put(format!("{base_url}/v2/{repo}/manifests/{reference}"))
        .header("Content-Type", media_type)
        .body(bytes.to_vec())
        .send()
        .unwrap();
    assert_eq!(response.status().as_u16(), 201, "PUT manifest {reference}");
}
