//! Why SBOMs cannot be attached or listed.

use crate::InspectError;
use crate::registry::write::PushError;

/// Why SBOMs cannot be attached or listed.
#[derive(Debug, thiserror::Error)]
pub enum AttachError {
    /// The image cannot be opened or read.
    #[error(transparent)]
    Inspect(#[from] InspectError),
    /// The registry refused or failed a request to list referrers or to
    /// push a blob, a manifest or the referrers tag.
    #[error(transparent)]
    Push(Box<PushError>),
    /// Referrers live in a registry, not in a layout or archive.
    #[error(
        "`{reference}` is not in a registry: referrers and signed attestations are attached to an image in a registry\n  = hint: use HOST[:PORT]/REPOSITORY[:TAG|@sha256:DIGEST]"
    )]
    NotARegistry {
        /// The image reference as given.
        reference: String,
    },
    /// The image lacks the platform of one of the record's architectures.
    #[error(
        "{reference} has no image for {arch}, which {version} declares; it has: {available}\n  = hint: attach to the image of release {version}, built for every architecture it declares"
    )]
    MissingArch {
        /// The image reference as given.
        reference: String,
        /// The release whose record declares the architecture.
        version: String,
        /// `aarch64 (platform linux/arm64)`.
        arch: String,
        /// The platforms the image has, listed.
        available: String,
    },
    /// A referrers index (API answer or tag) that is not an image index.
    #[error(
        "the referrers of {what} in registry {registry} are not a valid image index: {detail}\n  = hint: the tag or API answer was written by something else; inspect it before attaching"
    )]
    BadReferrers {
        /// The registry (`host[:port]`).
        registry: String,
        /// The referrers tag, or the digest whose referrers the API listed.
        what: String,
        /// What is wrong with the index.
        detail: String,
    },
    /// `verify --sbom-source` found no SBOM for a platform.
    #[error(
        "{reference} has no SBOM {} for {platform} (manifest {manifest})\n  = hint: {}",
        match *sbom_source { "referrers" => "referrer", other => other },
        match *sbom_source {
            "signed attestation" => "sign one where cosign keeps attestations (`relnotes attach VERSION --observed --sign-key KEY`, or `cosign attest --key KEY --type spdxjson --predicate SBOM IMAGE@DIGEST` with the platform manifest's digest); without --key, verify reads BuildKit's unsigned attestations",
            "attestation" => "BuildKit attests an image's SBOM when built with `docker buildx build --sbom=true --push`; or verify with --sbom-source referrers, or layers (the default) to read the image itself",
            _ => "attach one (an SPDX or CycloneDX JSON artifact whose subject is the platform manifest, e.g. `relnotes attach VERSION --observed`); the declared SBOM of `relnotes attach` is the record, not the image, and is not read; or verify with --sbom-source layers (the default)",
        }
    )]
    NoAttachedSbom {
        /// The image reference as given.
        reference: String,
        /// The platform (`linux/amd64`).
        platform: String,
        /// The platform manifest's digest.
        manifest: String,
        /// `attestation` or `referrers`.
        sbom_source: &'static str,
    },
    /// A key file (`verify --key`, `attach --sign-key`) that cannot be read.
    #[error(
        "key file {}: {detail}\n  = hint: --key takes a PEM public key (`cosign.pub`, or `openssl pkey -pubout`), --sign-key a PEM private key (cosign's `cosign.key`, or PKCS #8 from `openssl genpkey`); ECDSA P-256 or Ed25519",
        path.display()
    )]
    Key {
        /// The file as given.
        path: std::path::PathBuf,
        /// What is wrong with it.
        detail: String,
    },
    /// `verify --key`: the platform has attestations, none signed by the key.
    #[error(
        "none of the {envelopes} attestation(s) of {reference} under {tag} (manifest {manifest}) is signed by key {key}\n  = hint: an SBOM is read only when a signature over it checks with the key given to --key; sign with the matching private key (`relnotes attach VERSION --observed --sign-key KEY`, or `cosign attest --key KEY`)"
    )]
    NotSignedByKey {
        /// The image reference as given.
        reference: String,
        /// The platform manifest's digest.
        manifest: String,
        /// cosign's attestation tag of it.
        tag: String,
        /// `sha256:` of the public key given.
        key: String,
        /// How many attestations were signed by other keys, or not at all.
        envelopes: usize,
    },
    /// An attached SBOM whose statement or artifact names another image
    /// than the platform manifest being verified (or none).
    #[error(
        "the {what} attached to {reference} is about {named}, not the platform manifest {manifest} being verified\n  = hint: an SBOM is only read for the manifest its own subject names; attach one made for this image (e.g. `relnotes attach VERSION --observed`), or verify with --sbom-source layers (the default)"
    )]
    AboutAnother {
        /// The image reference as given.
        reference: String,
        /// The statement or artifact and what holds it.
        what: String,
        /// The platform manifest being verified.
        manifest: String,
        /// The digests it names instead, or `no image`.
        named: String,
    },
    /// An attached SBOM that cannot be read.
    #[error(
        "the {what} attached to {reference} is not a readable SBOM: {detail}\n  = hint: verify reads SPDX 2.x JSON and CycloneDX JSON, in an in-toto statement (BuildKit's attestations) or as a referrer's layer; --sbom-source layers (the default) reads the image itself"
    )]
    BadSbom {
        /// The image reference as given.
        reference: String,
        /// The statement or SBOM and what holds it.
        what: String,
        /// What is wrong with it.
        detail: String,
    },
}
