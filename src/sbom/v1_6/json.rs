//! A CycloneDX 1.5 JSON document as 1.6.

use super::OccurrenceContexts;
use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

/// A JSON value that keeps its keys in document order (serde_json's own
/// `Value` sorts them), so the 1.6 document reads like the 1.5 one.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum Json {
    Null,
    Bool(bool),
    Number(serde_json::Number),
    String(String),
    Array(Vec<Json>),
    Object(IndexMap<String, Json>),
}

/// `document` (CycloneDX 1.5 JSON) as CycloneDX 1.6 JSON, pretty-printed
/// as cyclonedx-bom prints it.
pub fn upgrade_json(document: &[u8], contexts: &OccurrenceContexts) -> serde_json::Result<Vec<u8>> {
    let mut bom: Json = serde_json::from_slice(document)?;
    if let Json::Object(fields) = &mut bom {
        fields.insert("specVersion".into(), Json::String("1.6".into()));
    }
    add_contexts(&mut bom, contexts);
    serde_json::to_vec_pretty(&bom)
}

/// Every object with a `bom-ref` and `evidence.occurrences` is a component:
/// its occurrences get their `additionalContext`.
fn add_contexts(value: &mut Json, contexts: &OccurrenceContexts) {
    match value {
        Json::Object(fields) => {
            let bom_ref = match fields.get("bom-ref") {
                Some(Json::String(r)) => Some(r.clone()),
                _ => None,
            };
            if let (Some(bom_ref), Some(Json::Object(evidence))) =
                (bom_ref, fields.get_mut("evidence"))
                && let Some(Json::Array(occurrences)) = evidence.get_mut("occurrences")
            {
                for occurrence in occurrences {
                    let Json::Object(occurrence) = occurrence else {
                        continue;
                    };
                    let Some(Json::String(location)) = occurrence.get("location") else {
                        continue;
                    };
                    if let Some(context) = contexts.get(&bom_ref, location) {
                        occurrence.insert("additionalContext".into(), Json::String(context.into()));
                    }
                }
            }
            fields.values_mut().for_each(|v| add_contexts(v, contexts));
        }
        Json::Array(items) => items.iter_mut().for_each(|v| add_contexts(v, contexts)),
        _ => {}
    }
}
