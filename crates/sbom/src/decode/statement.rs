//! An in-toto statement (BuildKit's attestation layers, cosign's
//! attestations) whose predicate is an SBOM, read in one pass: its SPDX
//! packages are made as the predicate is parsed.

use super::cyclonedx::CycloneDxBom;
use super::decoded::{DecodeError, Decoded, Place, clip};
use super::spdx::{SpdxRead, SpdxSeed};
use crate::format::SbomFormat;
use serde::Deserialize;
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, Visitor};
use std::collections::BTreeMap;
use std::fmt;

/// An in-toto statement whose predicate is an SBOM.
#[derive(Debug)]
pub struct Statement {
    /// Its `predicateType`.
    pub predicate_type: String,
    /// The format of its predicate.
    pub format: SbomFormat,
    /// What it is about: each subject's digests, as `<algorithm>:<hex>`.
    pub subjects: Vec<String>,
    /// Its predicate's packages, or what is wrong with the predicate (the
    /// statement itself was read: whom it is about can be checked first).
    pub sbom: Result<Decoded, DecodeError>,
}

/// What is taken from an in-toto statement as it is parsed.
#[derive(Default)]
struct StatementRead {
    predicate_type: Option<String>,
    subject: Vec<StatementSubject>,
    predicate: PredicateRead,
}

#[derive(Deserialize)]
struct StatementSubject {
    #[serde(default)]
    digest: BTreeMap<String, String>,
}

/// A statement's predicate, as far as it was read.
#[derive(Default)]
enum PredicateRead {
    #[default]
    Missing,
    Spdx(SpdxRead),
    CycloneDx(CycloneDxBom),
    /// Before its type was known (JSON keys come in any order).
    Unplaced(serde_json::Value),
    /// Not an SBOM: left unread.
    Other,
}

/// The SBOM statement `json` holds (`size` bytes), read at `place`;
/// `None` when its predicate is no SBOM. `annotated` is the predicate type
/// the layer holding it names, if any: a statement whose own type differs
/// is an error.
pub(crate) fn statement(
    json: impl std::io::Read,
    size: u64,
    annotated: Option<&str>,
    place: Place,
) -> Result<Option<Statement>, DecodeError> {
    let hint = annotated.and_then(SbomFormat::of_predicate_type);
    let mut read = StatementRead::default();
    let seed = StatementSeed {
        hint,
        size,
        place,
        read: &mut read,
    };
    let mut json =
        serde_json::Deserializer::from_reader(std::io::BufReader::with_capacity(1 << 16, json));
    seed.deserialize(&mut json)
        .and_then(|()| json.end())
        .map_err(|e| DecodeError::json(&e))?;
    let Some(predicate_type) = read.predicate_type else {
        return Err(DecodeError::new("missing field `predicateType`"));
    };
    let format = SbomFormat::of_predicate_type(&predicate_type);
    let format = match (format, annotated) {
        (None, None) => return Ok(None),
        (format, Some(annotated)) if format != hint => {
            return Err(DecodeError::new(format!(
                "its predicate type is `{}`, while its annotation says `{annotated}`",
                clip(&predicate_type, 200)
            )));
        }
        (Some(format), _) => format,
        // Annotated as another predicate, and so it is.
        (None, Some(_)) => return Ok(None),
    };
    let subjects = read
        .subject
        .iter()
        .flat_map(|s| s.digest.iter().map(|(alg, hex)| format!("{alg}:{hex}")))
        .collect();
    let sbom = match read.predicate {
        PredicateRead::Missing => Err(DecodeError::new("missing field `predicate`")),
        // `predicateType` twice, another type first.
        PredicateRead::Other => Err(DecodeError::new("duplicate field `predicateType`")),
        PredicateRead::Spdx(spdx) => spdx.finish(place),
        PredicateRead::CycloneDx(bom) => bom.decode(place),
        // Its predicate came before its type: read now, from the value.
        PredicateRead::Unplaced(value) => match format {
            SbomFormat::SpdxJson => {
                let mut spdx = SpdxRead::default();
                let seed = SpdxSeed {
                    read: &mut spdx,
                    place,
                };
                seed.deserialize(value)
                    .map_err(|e| DecodeError::json(&e))
                    .and_then(|()| spdx.finish(place))
            }
            _ => serde_json::from_value::<CycloneDxBom>(value)
                .map_err(|e| DecodeError::json(&e))
                .and_then(|bom| bom.decode(place)),
        },
    };
    Ok(Some(Statement {
        predicate_type,
        format,
        subjects,
        sbom,
    }))
}

/// Reads an in-toto statement into `read`; its predicate as the SBOM its
/// type (or, before that, the layer's annotation: `hint`) says.
struct StatementSeed<'a> {
    hint: Option<SbomFormat>,
    /// The statement's size in bytes (see [`SpdxRead::with_room`]).
    size: u64,
    place: Place<'a>,
    read: &'a mut StatementRead,
}

impl<'de> DeserializeSeed<'de> for StatementSeed<'_> {
    type Value = ();

    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for StatementSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an in-toto statement")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "predicateType" => self.read.predicate_type = Some(map.next_value()?),
                "subject" => self.read.subject = map.next_value()?,
                "predicate" => {
                    let format = match &self.read.predicate_type {
                        Some(predicate_type) => Some(SbomFormat::of_predicate_type(predicate_type)),
                        None => self.hint.map(Some),
                    };
                    self.read.predicate = match format {
                        Some(Some(SbomFormat::SpdxJson)) => {
                            let mut spdx = SpdxRead::with_room(self.size);
                            map.next_value_seed(SpdxSeed {
                                read: &mut spdx,
                                place: self.place,
                            })?;
                            PredicateRead::Spdx(spdx)
                        }
                        Some(Some(_)) => PredicateRead::CycloneDx(map.next_value()?),
                        Some(None) => {
                            map.next_value::<IgnoredAny>()?;
                            PredicateRead::Other
                        }
                        None => PredicateRead::Unplaced(map.next_value()?),
                    };
                }
                _ => drop(map.next_value::<IgnoredAny>()?),
            }
        }
        Ok(())
    }
}
