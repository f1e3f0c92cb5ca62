//! Labels of the pages: the shared vocabulary (`model::labels`, read from
//! `data/labels/<lang>.toml`).

use model::Lang;
use serde::Serialize;
use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

pub(crate) use model::label;

/// Every label in one language: the context's `labels`. Shared: every
/// page of a language has the same ones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Labels(Arc<BTreeMap<&'static str, Cow<'static, str>>>);

/// Written as a struct whose fields are the labels: the same JSON as the
/// map, but the names reach a serializer as the `&'static str` they are,
/// which spares a page's context tree a string per label per page.
impl Serialize for Labels {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut labels = serializer.serialize_struct("Labels", self.0.len())?;
        for (key, text) in self.0.iter() {
            labels.serialize_field(key, text)?;
        }
        labels.end()
    }
}

impl Labels {
    /// Every label in `lang`, as written in its file.
    pub(crate) fn new(lang: Lang) -> Labels {
        type Cache = HashMap<(Lang, u64), Labels>;
        static CACHE: OnceLock<Mutex<Cache>> = OnceLock::new();
        let key = (lang, model::labels_generation());
        let mut cache = CACHE
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        cache
            .entry(key)
            .or_insert_with(|| {
                Labels(Arc::new(
                    model::all_labels(lang)
                        .into_iter()
                        .map(|(key, text)| (key, Cow::Borrowed(text)))
                        .collect(),
                ))
            })
            .clone()
    }

    /// The labels with `{product}` filled in.
    pub(crate) fn with_product(self, product: &str) -> Labels {
        Labels(Arc::new(
            self.0
                .iter()
                .map(|(key, text)| {
                    if text.contains("{product}") {
                        (*key, Cow::Owned(text.replace("{product}", product)))
                    } else {
                        (*key, text.clone())
                    }
                })
                .collect(),
        ))
    }

    #[cfg(test)]
    pub(crate) fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(|text| text.as_ref())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_product_is_filled_in_on_request() {
        let labels = Labels::new(Lang::EN);
        assert_eq!(labels.get("site_title"), Some("{product} release notes"));
        assert_eq!(labels.get("features"), Some("Main features"));
        let labels = labels.with_product("img");
        assert_eq!(labels.get("site_title"), Some("img release notes"));
        assert_eq!(labels.get("features"), Some("Main features"));
    }

    #[test]
    fn labels_serialise_as_the_map_of_them() {
        for lang in [Lang::ZH, Lang::EN] {
            let labels = Labels::new(lang).with_product("img");
            let as_map = serde_json::to_string(&*labels.0).unwrap();
            assert_eq!(serde_json::to_string(&labels).unwrap(), as_map);
        }
    }
}
