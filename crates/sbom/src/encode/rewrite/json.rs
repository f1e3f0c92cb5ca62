//! A CycloneDX 1.5 JSON document as 1.6 or 1.7.

use super::occurrences::Occurrences;
use crate::CycloneDxVersion;
use indexmap::IndexMap;
use serde::de::{Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A JSON value that keeps its keys in document order (serde_json's own
/// `Value` sorts them), so the upgraded document reads like the 1.5 one.
#[derive(Serialize)]
#[serde(untagged)]
enum Json {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    String(String),
    Array(Vec<Json>),
    Object(IndexMap<String, Json>),
}

/// Read in one pass: serde's derived untagged reading buffers every value
/// and tries each variant in turn, which made a 1000-release site spend
/// more time upgrading its SBOMs than rendering its pages.
impl<'de> Deserialize<'de> for Json {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(JsonVisitor)
    }
}

struct JsonVisitor;

impl<'de> Visitor<'de> for JsonVisitor {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_bool<E>(self, v: bool) -> Result<Json, E> {
        Ok(Json::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Json, E> {
        Ok(Json::Number(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Json, E> {
        Ok(Json::Number(v.into()))
    }
    fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<Json, E> {
        serde_json::Number::from_f64(v)
            .map(Json::Number)
            .ok_or_else(|| E::custom("a number JSON cannot hold"))
    }
    fn visit_str<E>(self, v: &str) -> Result<Json, E> {
        Ok(Json::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Json, E> {
        Ok(Json::String(v))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Json, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Json::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Json, A::Error> {
        let mut fields = IndexMap::with_capacity(map.size_hint().unwrap_or(0));
        while let Some((key, value)) = map.next_entry::<String, Json>()? {
            fields.insert(key, value);
        }
        Ok(Json::Object(fields))
    }
}

/// `document` (CycloneDX 1.5 JSON) as CycloneDX `version` (1.6 or 1.7)
/// JSON, pretty-printed as cyclonedx-bom prints it. What relnotes writes
/// means the same in 1.6 and 1.7 (1.7 only adds optional fields), so the
/// two differ in `specVersion` alone.
pub(crate) fn upgrade_json(
    document: &[u8],
    version: CycloneDxVersion,
    occurrences: &Occurrences,
) -> serde_json::Result<Vec<u8>> {
    let mut bom: Json = serde_json::from_slice(document)?;
    if let Json::Object(fields) = &mut bom {
        fields.insert("specVersion".into(), Json::String(version.as_str().into()));
    }
    add_contexts(&mut bom, occurrences);
    serde_json::to_vec_pretty(&bom)
}

/// `document` (CycloneDX 1.5 JSON as cyclonedx-bom pretty-prints it) as
/// CycloneDX `version` JSON when there are no occurrences to complete (a
/// record's SBOM): only the top-level `specVersion` line changes, so it is
/// rewritten in place rather than the document parsed and printed again
/// (a 1000-release site writes a few thousand of them). `None` when that
/// line is not there.
pub(crate) fn respecified_json(document: &[u8], version: CycloneDxVersion) -> Option<Vec<u8>> {
    const LINE: &[u8] = b"\n  \"specVersion\": \"1.5\",\n";
    let at = memchr::memmem::find(document, LINE)?;
    let mut out = Vec::with_capacity(document.len() + 4);
    out.extend_from_slice(&document[..at]);
    out.extend_from_slice(format!("\n  \"specVersion\": \"{}\",\n", version.as_str()).as_bytes());
    out.extend_from_slice(&document[at + LINE.len()..]);
    Some(out)
}

/// Every object with a `bom-ref` and `evidence.occurrences` is a component:
/// its occurrences get their `additionalContext`.
fn add_contexts(value: &mut Json, occurrences: &Occurrences) {
    match value {
        Json::Object(fields) => {
            let bom_ref = match fields.get("bom-ref") {
                Some(Json::String(r)) => Some(r.clone()),
                _ => None,
            };
            if let (Some(bom_ref), Some(Json::Object(evidence))) =
                (bom_ref, fields.get_mut("evidence"))
                && let Some(Json::Array(written)) = evidence.get_mut("occurrences")
            {
                let known = occurrences.of_component(&bom_ref);
                for occurrence in written {
                    let Json::Object(occurrence) = occurrence else {
                        continue;
                    };
                    let Some(Json::String(location)) = occurrence.get("location") else {
                        continue;
                    };
                    let context = known
                        .iter()
                        .find(|o| &o.location == location)
                        .and_then(|o| o.context());
                    if let Some(context) = context {
                        occurrence.insert("additionalContext".into(), Json::String(context));
                    }
                }
            }
            fields
                .values_mut()
                .for_each(|v| add_contexts(v, occurrences));
        }
        Json::Array(items) => items.iter_mut().for_each(|v| add_contexts(v, occurrences)),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::encode::rewrite::occurrences::Occurrence;
    use std::collections::HashMap;

    #[test]
    fn keys_keep_their_order_and_occurrences_get_their_layer() {
        let document = r#"{
  "specVersion": "1.5",
  "zeta": [1, 2.5, -3, true, null, "s"],
  "alpha": {},
  "components": [
    {
      "bom-ref": "x",
      "evidence": {
        "occurrences": [
          { "location": "/a" },
          { "location": "/b" }
        ]
      }
    }
  ]
}"#;
        let found = vec![Occurrence {
            location: "/a".into(),
            layer: Some("sha256:aa".into()),
        }];
        let occurrences = Occurrences(HashMap::from([("x".to_string(), found)]));
        let out = upgrade_json(document.as_bytes(), CycloneDxVersion::V1_6, &occurrences).unwrap();
        let expected = r#"{
  "specVersion": "1.6",
  "zeta": [
    1,
    2.5,
    -3,
    true,
    null,
    "s"
  ],
  "alpha": {},
  "components": [
    {
      "bom-ref": "x",
      "evidence": {
        "occurrences": [
          {
            "location": "/a",
            "additionalContext": "layer sha256:aa"
          },
          {
            "location": "/b"
          }
        ]
      }
    }
  ]
}"#;
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }

    #[test]
    fn the_version_asked_for_is_written() {
        let document = br#"{"bomFormat": "CycloneDX", "specVersion": "1.5", "version": 1}"#;
        let out = upgrade_json(document, CycloneDxVersion::V1_7, &Occurrences::default()).unwrap();
        let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(value["specVersion"], "1.7");
        assert_eq!(value["bomFormat"], "CycloneDX");
    }
}
