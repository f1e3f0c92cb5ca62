//! Signed attestations: DSSE envelopes as cosign writes them for
//! `cosign attest --key`, and the keys that sign and verify them.
//!
//! An envelope is `{"payloadType", "payload" (base64), "signatures":
//! [{"keyid", "sig" (base64)}]}`; what is signed is the DSSE
//! pre-authentication encoding of the type and the payload. ECDSA P-256
//! signs its SHA-256 (an ASN.1 DER signature, as cosign's signer makes);
//! Ed25519 signs it as it is. Keys are PEM: public keys PKIX (`PUBLIC
//! KEY`, what `cosign generate-key-pair` writes as `cosign.pub`), private
//! keys PKCS #8 (`PRIVATE KEY`) or cosign's own password-encrypted file
//! (`ENCRYPTED SIGSTORE PRIVATE KEY`: scrypt, then NaCl's secretbox over
//! the PKCS #8 key).

use super::error::AttachError;
use base64::Engine;
use base64::engine::general_purpose::STANDARD as BASE64;
use crypto_secretbox::XSalsa20Poly1305;
use crypto_secretbox::aead::{Aead, KeyInit};
use p256::pkcs8::der::pem;
use p256::pkcs8::{DecodePrivateKey, DecodePublicKey, EncodePublicKey};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::Path;

/// The media type of a DSSE envelope (cosign's attestation layers).
pub(crate) const DSSE_ENVELOPE: &str = "application/vnd.dsse.envelope.v1+json";
/// The payload type of an in-toto statement in an envelope.
pub(crate) const IN_TOTO_PAYLOAD: &str = "application/vnd.in-toto+json";

/// A key that verifies signatures: ECDSA P-256 or Ed25519.
#[derive(Debug, Clone)]
pub struct VerifyingKey {
    key: Verifier,
    /// `sha256:` and the hex SHA-256 of the key's PKIX encoding.
    fingerprint: String,
}

#[derive(Debug, Clone)]
enum Verifier {
    P256(p256::ecdsa::VerifyingKey),
    Ed25519(ed25519_dalek::VerifyingKey),
}

/// A key that signs: ECDSA P-256 or Ed25519.
pub struct SigningKey {
    key: Signer,
    public: VerifyingKey,
}

enum Signer {
    P256(p256::ecdsa::SigningKey),
    Ed25519(ed25519_dalek::SigningKey),
}

impl std::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the private key itself.
        write!(f, "SigningKey({})", self.public.fingerprint)
    }
}

/// Why a key could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub(crate) enum KeyError {
    /// Not PEM, or PEM of another kind of key.
    #[error("{0}")]
    Unreadable(String),
    /// A cosign key whose password is wrong (or missing).
    #[error(
        "its password does not open it (cosign reads the password from COSIGN_PASSWORD; so does relnotes)"
    )]
    WrongPassword,
}

impl VerifyingKey {
    /// A PKIX public key in PEM (`-----BEGIN PUBLIC KEY-----`).
    pub(crate) fn from_pem(text: &str) -> Result<VerifyingKey, KeyError> {
        let (label, der) = pem::decode_vec(text.trim().as_bytes())
            .map_err(|e| KeyError::Unreadable(format!("not a PEM public key: {e}")))?;
        if label != "PUBLIC KEY" {
            return Err(KeyError::Unreadable(format!(
                "a PEM `{label}`, not a `PUBLIC KEY` (PKIX)"
            )));
        }
        let key = if let Ok(key) = p256::ecdsa::VerifyingKey::from_public_key_der(&der) {
            Verifier::P256(key)
        } else if let Ok(key) = ed25519_dalek::VerifyingKey::from_public_key_der(&der) {
            Verifier::Ed25519(key)
        } else {
            return Err(KeyError::Unreadable(
                "neither an ECDSA P-256 nor an Ed25519 public key".into(),
            ));
        };
        Ok(VerifyingKey {
            key,
            fingerprint: fingerprint(&der),
        })
    }

    /// `sha256:…` of the key's PKIX encoding: how reports name it.
    pub fn fingerprint(&self) -> &str {
        &self.fingerprint
    }

    fn verifies(&self, message: &[u8], signature: &[u8]) -> bool {
        use p256::ecdsa::signature::Verifier as _;
        match &self.key {
            Verifier::P256(key) => p256::ecdsa::DerSignature::from_bytes(signature)
                .is_ok_and(|sig| key.verify(message, &sig).is_ok()),
            Verifier::Ed25519(key) => ed25519_dalek::Signature::from_slice(signature)
                .is_ok_and(|sig| key.verify_strict(message, &sig).is_ok()),
        }
    }
}

impl SigningKey {
    /// A private key in PEM: PKCS #8, or cosign's encrypted key opened
    /// with `password`.
    pub(crate) fn from_pem(text: &str, password: &[u8]) -> Result<SigningKey, KeyError> {
        let (label, der) = pem::decode_vec(text.trim().as_bytes())
            .map_err(|e| KeyError::Unreadable(format!("not a PEM private key: {e}")))?;
        let pkcs8 = match label {
            "PRIVATE KEY" => der,
            "ENCRYPTED SIGSTORE PRIVATE KEY" | "ENCRYPTED COSIGN PRIVATE KEY" => {
                decrypt_cosign_key(&der, password)?
            }
            other => {
                return Err(KeyError::Unreadable(format!(
                    "a PEM `{other}`; relnotes signs with a PKCS #8 `PRIVATE KEY` or a cosign key"
                )));
            }
        };
        let key = if let Ok(key) = p256::ecdsa::SigningKey::from_pkcs8_der(&pkcs8) {
            Signer::P256(key)
        } else if let Ok(key) = ed25519_dalek::SigningKey::from_pkcs8_der(&pkcs8) {
            Signer::Ed25519(key)
        } else {
            return Err(KeyError::Unreadable(
                "neither an ECDSA P-256 nor an Ed25519 private key".into(),
            ));
        };
        let public_der = match &key {
            Signer::P256(key) => key.verifying_key().to_public_key_der(),
            Signer::Ed25519(key) => key.verifying_key().to_public_key_der(),
        }
        .map_err(|e| KeyError::Unreadable(format!("its public key: {e}")))?;
        let public = VerifyingKey {
            key: match &key {
                Signer::P256(key) => Verifier::P256(*key.verifying_key()),
                Signer::Ed25519(key) => Verifier::Ed25519(key.verifying_key()),
            },
            fingerprint: fingerprint(public_der.as_bytes()),
        };
        Ok(SigningKey { key, public })
    }

    /// The public half, as `verify --key` names it.
    pub fn public(&self) -> &VerifyingKey {
        &self.public
    }

    fn sign(&self, message: &[u8]) -> Vec<u8> {
        use p256::ecdsa::signature::Signer as _;
        match &self.key {
            // RFC 6979 nonces: the same statement signs to the same bytes.
            Signer::P256(key) => {
                let signature: p256::ecdsa::Signature = key.sign(message);
                signature.to_der().as_bytes().to_vec()
            }
            Signer::Ed25519(key) => key.sign(message).to_bytes().to_vec(),
        }
    }
}

/// The largest key file read (a PEM key is well under 1 KiB).
const MAX_KEY_FILE: u64 = 64 << 10;

/// The text of the key file at `path`: a regular file, at most 64 KiB.
fn read_key_file(path: &Path) -> Result<String, AttachError> {
    let bad = |detail: String| AttachError::Key {
        path: path.to_path_buf(),
        detail,
    };
    let file = crate::bounded::open_regular(path, None).map_err(|e| bad(e.to_string()))?;
    let mut text = String::new();
    file.take(MAX_KEY_FILE + 1)
        .read_to_string(&mut text)
        .map_err(|e| bad(format!("cannot read it as text: {e}")))?;
    if text.len() as u64 > MAX_KEY_FILE {
        return Err(bad(
            "it is larger than 64 KiB; a PEM key is a few hundred bytes".into(),
        ));
    }
    Ok(text)
}

/// The public key in the PEM file at `path` (`verify --key`).
pub fn read_verifying_key(path: &Path) -> Result<VerifyingKey, AttachError> {
    VerifyingKey::from_pem(&read_key_file(path)?).map_err(|e| AttachError::Key {
        path: path.to_path_buf(),
        detail: e.to_string(),
    })
}

/// The private key in the PEM file at `path` (`attach --sign-key`), a
/// cosign key opened with `password`.
pub fn read_signing_key(path: &Path, password: &[u8]) -> Result<SigningKey, AttachError> {
    SigningKey::from_pem(&read_key_file(path)?, password).map_err(|e| AttachError::Key {
        path: path.to_path_buf(),
        detail: e.to_string(),
    })
}

fn fingerprint(pkix_der: &[u8]) -> String {
    let digest = Sha256::digest(pkix_der);
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("sha256:{hex}")
}

/// cosign's encrypted key file (go-securesystemslib's `encrypted` format).
#[derive(Deserialize)]
struct EncryptedKey {
    kdf: Kdf,
    cipher: Cipher,
    ciphertext: String,
}

#[derive(Deserialize)]
struct Kdf {
    name: String,
    params: ScryptParams,
    salt: String,
}

#[derive(Deserialize)]
#[allow(non_snake_case)] // As the file names them.
struct ScryptParams {
    N: u64,
    r: u32,
    p: u32,
}

#[derive(Deserialize)]
struct Cipher {
    name: String,
    nonce: String,
}

fn decrypt_cosign_key(json: &[u8], password: &[u8]) -> Result<Vec<u8>, KeyError> {
    let unreadable = |what: &str| KeyError::Unreadable(format!("a cosign key whose {what}"));
    let file: EncryptedKey = serde_json::from_slice(json)
        .map_err(|e| KeyError::Unreadable(format!("a cosign key that is not JSON: {e}")))?;
    if file.kdf.name != "scrypt" || file.cipher.name != "nacl/secretbox" {
        return Err(unreadable(&format!(
            "KDF is `{}` and cipher `{}` (relnotes knows scrypt and nacl/secretbox)",
            crate::error::clip(&file.kdf.name, 60),
            crate::error::clip(&file.cipher.name, 60)
        )));
    }
    let ScryptParams { N, r, p } = file.kdf.params;
    // Within what cosign writes (N = 2^15 or 2^16): a key file cannot make
    // relnotes take gigabytes.
    if !N.is_power_of_two() || !(2..=1 << 20).contains(&N) || r == 0 || r > 32 || p == 0 || p > 16 {
        return Err(unreadable(&format!(
            "scrypt parameters N={N} r={r} p={p} are out of range"
        )));
    }
    let params = scrypt::Params::new(N.trailing_zeros() as u8, r, p)
        .map_err(|e| unreadable(&format!("scrypt parameters are invalid: {e}")))?;
    let decode = |what: &str, text: &str| {
        BASE64
            .decode(text)
            .map_err(|e| unreadable(&format!("{what} is not base64: {e}")))
    };
    let salt = decode("salt", &file.kdf.salt)?;
    let nonce = decode("nonce", &file.cipher.nonce)?;
    let ciphertext = decode("ciphertext", &file.ciphertext)?;
    if nonce.len() != 24 {
        return Err(unreadable("nonce is not 24 bytes"));
    }
    let mut key = [0u8; 32];
    scrypt::scrypt(password, &salt, &params, &mut key)
        .map_err(|e| unreadable(&format!("key cannot be derived: {e}")))?;
    XSalsa20Poly1305::new(&key.into())
        .decrypt(nonce.as_slice().into(), ciphertext.as_slice())
        .map_err(|_| KeyError::WrongPassword)
}

/// DSSE's pre-authentication encoding of a payload: what is signed.
fn pae(payload_type: &str, payload: &[u8]) -> Vec<u8> {
    let mut encoded = format!(
        "DSSEv1 {} {} {} ",
        payload_type.len(),
        payload_type,
        payload.len()
    )
    .into_bytes();
    encoded.extend_from_slice(payload);
    encoded
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Envelope {
    payload_type: String,
    payload: String,
    signatures: Vec<EnvelopeSignature>,
}

#[derive(Serialize, Deserialize)]
struct EnvelopeSignature {
    #[serde(default)]
    keyid: String,
    sig: String,
}

/// The DSSE envelope of an in-toto `statement`, signed by `key`.
pub(crate) fn seal(statement: &[u8], key: &SigningKey) -> Vec<u8> {
    let signature = key.sign(&pae(IN_TOTO_PAYLOAD, statement));
    let envelope = Envelope {
        payload_type: IN_TOTO_PAYLOAD.to_string(),
        payload: BASE64.encode(statement),
        signatures: vec![EnvelopeSignature {
            keyid: String::new(),
            sig: BASE64.encode(signature),
        }],
    };
    serde_json::to_vec(&envelope).expect("an envelope is plain JSON")
}

/// What an envelope holds when one of its signatures is `key`'s.
#[derive(Debug)]
pub(crate) enum Opened {
    /// The in-toto statement, signed by the key.
    Signed(Vec<u8>),
    /// Signed by other keys, or not at all: nothing of it is read.
    NotByKey,
}

/// Opens a DSSE envelope: its payload when `key` signed it. A payload of
/// another type than an in-toto statement is an error.
pub(crate) fn open(envelope: &[u8], key: &VerifyingKey) -> Result<Opened, String> {
    let envelope: Envelope = serde_json::from_slice(envelope)
        .map_err(|e| format!("not a DSSE envelope: {}", crate::error::json_error(&e)))?;
    if envelope.payload_type != IN_TOTO_PAYLOAD {
        return Err(format!(
            "its payload type is `{}`, not an in-toto statement",
            crate::error::clip(&envelope.payload_type, 100)
        ));
    }
    let payload = BASE64
        .decode(envelope.payload.as_bytes())
        .map_err(|e| format!("its payload is not base64: {e}"))?;
    drop(envelope.payload);
    let message = pae(&envelope.payload_type, &payload);
    let signed = envelope.signatures.iter().any(|s| {
        BASE64
            .decode(s.sig.as_bytes())
            .is_ok_and(|sig| key.verifies(&message, &sig))
    });
    Ok(if signed {
        Opened::Signed(payload)
    } else {
        Opened::NotByKey
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    // A P-256 key pair made for these tests (openssl genpkey).
    const P256_PRIVATE: &str = "-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgO0bH0twzgK66TnXw
6KDhhPKsQaYxyZToXvvNBhQHZr2hRANCAAQMqS99j1OxtVwiqlz9NF1OVYVaneDd
WUxIO69Fxb1LQgI10q0xXvc08y7WH4T6NnllXyUXlHSw5hZOMj63Mftr
-----END PRIVATE KEY-----";

    #[test]
    fn pae_is_the_dsse_encoding() {
        // DSSE's own example: type `http://example.com/HelloWorld`, body `hello world`.
        assert_eq!(
            pae("http://example.com/HelloWorld", b"hello world"),
            b"DSSEv1 29 http://example.com/HelloWorld 11 hello world".to_vec()
        );
    }

    #[test]
    fn a_sealed_statement_opens_with_its_key_only() {
        let Ok(key) = SigningKey::from_pem(P256_PRIVATE, b"") else {
            panic!("the test key reads");
        };
        let envelope = seal(br#"{"_type":"x"}"#, &key);
        assert!(
            matches!(open(&envelope, key.public()), Ok(Opened::Signed(p)) if p == br#"{"_type":"x"}"#)
        );
        // The same statement seals to the same bytes (RFC 6979).
        assert_eq!(envelope, seal(br#"{"_type":"x"}"#, &key));
        let mut tampered: serde_json::Value = serde_json::from_slice(&envelope).unwrap();
        tampered["payload"] = BASE64.encode(br#"{"_type":"y"}"#).into();
        let tampered = serde_json::to_vec(&tampered).unwrap();
        assert!(matches!(
            open(&tampered, key.public()),
            Ok(Opened::NotByKey)
        ));
    }
}
