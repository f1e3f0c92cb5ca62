//! The serial number and timestamp of an SBOM.
//!
//! The serial number derives from the content, so the same record always
//! gives the same SBOM: the first 16 bytes of the SHA-256 of the BOM
//! serialised as CycloneDX 1.5 JSON without a serial number, laid out as a
//! name-based UUID (version 5 and RFC 4122 variant bits set, as the
//! CycloneDX specification asks for RFC 4122 serial numbers). A JSON and an
//! XML encoding of one BOM share their serial number.

use crate::format::SbomError;
use cyclonedx_bom::prelude::{Bom, UrnUuid};
use sha2::{Digest, Sha256};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

/// `urn:uuid:…` of `bom`'s content (its own serial number left out).
pub(crate) fn serial_number(bom: &Bom) -> Result<UrnUuid, SbomError> {
    let mut unnumbered = bom.clone();
    unnumbered.serial_number = None;
    Ok(serial_of(&unnumbered_json(unnumbered)?))
}

/// `bom`, which has no serial number, as CycloneDX 1.5 JSON.
pub(crate) fn unnumbered_json(bom: Bom) -> Result<Vec<u8>, SbomError> {
    // About a kilobyte per component: room for most images' SBOMs at once.
    let mut json =
        Vec::with_capacity(1024 * (bom.components.as_ref().map_or(0, |c| c.0.len()) + 8));
    bom.output_as_json_v1_5(&mut json)
        .map_err(|e| SbomError::Encode {
            format: "JSON",
            detail: e.to_string(),
        })?;
    Ok(json)
}

/// The serial number of the BOM whose unnumbered JSON is `json`.
pub(crate) fn serial_of(json: &[u8]) -> UrnUuid {
    UrnUuid::from(uuid_of(json))
}

/// The unnumbered JSON of a BOM with `serial` written in, as CycloneDX
/// 1.5 JSON of the numbered BOM has it: on the line after the top-level
/// `"version"`. `None` if that line is not there.
pub(crate) fn numbered_json(json: &[u8], serial: &UrnUuid) -> Option<Vec<u8>> {
    const VERSION: &[u8] = b"\n  \"version\": ";
    let at = memchr::memmem::find(json, VERSION)?;
    let line_end = at + 1 + memchr::memchr(b'\n', &json[at + 1..])?;
    if json.get(line_end - 1) != Some(&b',') {
        return None;
    }
    let serial = serde_json::to_string(&serial.to_string()).ok()?;
    let mut out = Vec::with_capacity(json.len() + serial.len() + 20);
    out.extend_from_slice(&json[..=line_end]);
    out.extend_from_slice(b"  \"serialNumber\": ");
    out.extend_from_slice(serial.as_bytes());
    out.push(b',');
    out.extend_from_slice(&json[line_end..]);
    Some(out)
}

/// A version-5-shaped UUID from the SHA-256 of `bytes`.
pub(crate) fn uuid_of(bytes: &[u8]) -> uuid::Uuid {
    let digest = Sha256::digest(bytes);
    let mut first = [0u8; 16];
    first.copy_from_slice(&digest[..16]);
    uuid::Builder::from_sha1_bytes(first).into_uuid()
}

/// The SBOM's timestamp (RFC 3339, UTC, whole seconds): `SOURCE_DATE_EPOCH`
/// when set, else now.
pub fn timestamp_from_env() -> Result<String, SbomError> {
    timestamp(
        std::env::var("SOURCE_DATE_EPOCH").ok().as_deref(),
        OffsetDateTime::now_utc(),
    )
}

/// `source_date_epoch` (seconds since 1970) as RFC 3339, else `now`.
pub(crate) fn timestamp(
    source_date_epoch: Option<&str>,
    now: OffsetDateTime,
) -> Result<String, SbomError> {
    let when = match source_date_epoch {
        Some(value) => {
            let fail = |reason: String| SbomError::SourceDateEpoch {
                value: value.to_string(),
                reason,
            };
            let seconds: i64 = value.trim().parse().map_err(|e| fail(format!("{e}")))?;
            OffsetDateTime::from_unix_timestamp(seconds).map_err(|e| fail(e.to_string()))?
        }
        None => now.replace_nanosecond(0).expect("0 is a valid nanosecond"),
    };
    when.format(&Rfc3339).map_err(|e| SbomError::Encode {
        format: "RFC 3339",
        detail: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_serial_number_goes_after_the_top_level_version() {
        let serial = UrnUuid::from(uuid_of(b"x"));
        let json = b"{\n  \"bomFormat\": \"CycloneDX\",\n  \"version\": 1,\n  \"components\": [\n    {\n      \"version\": \"2\"\n    }\n  ]\n}";
        let numbered = String::from_utf8(numbered_json(json, &serial).unwrap()).unwrap();
        assert_eq!(
            numbered,
            format!(
                "{{\n  \"bomFormat\": \"CycloneDX\",\n  \"version\": 1,\n  \"serialNumber\": \"{serial}\",\n  \"components\": [\n    {{\n      \"version\": \"2\"\n    }}\n  ]\n}}"
            )
        );
        assert_eq!(numbered_json(b"{\n  \"bomFormat\": 1\n}", &serial), None);
    }

    #[test]
    fn uuids_are_stable_and_carry_version_and_variant() {
        let a = uuid_of(b"content");
        assert_eq!(a, uuid_of(b"content"));
        assert_ne!(a, uuid_of(b"other content"));
        assert_eq!(a.get_version_num(), 5);
        assert_eq!(a.get_variant(), uuid::Variant::RFC4122);
    }

    #[test]
    fn source_date_epoch_wins_over_now() {
        let now = OffsetDateTime::from_unix_timestamp(1_700_000_000).unwrap()
            + time::Duration::milliseconds(250);
        assert_eq!(
            timestamp(Some("1761868800"), now).unwrap(),
            "2025-10-31T00:00:00Z"
        );
        assert_eq!(timestamp(None, now).unwrap(), "2023-11-14T22:13:20Z");
        let err = timestamp(Some("yesterday"), now).unwrap_err();
        assert!(
            err.to_string().contains("SOURCE_DATE_EPOCH=`yesterday`"),
            "{err}"
        );
    }
}
