//! The words of the site's own pages (index, matrix, chooser, navigation)
//! live in the crate's one label table (`crate::labels`); this adds the
//! change markers and fills in the product name.

use crate::record::Lang;
use serde_json::{Map, Value};

/// The marker shown beside a changed cell, by change.
pub fn marker(change: &str) -> &'static str {
    match change {
        "upgraded" => "▲",
        "downgraded" => "▼",
        "added" => "+",
        "removed" => "−",
        _ => "",
    }
}

/// The label `key` in `lang`; panics on a key not in the table (a bug).
pub fn get(key: &str, lang: Lang) -> &'static str {
    crate::labels::label(key, lang).unwrap_or_else(|| panic!("no label `{key}`"))
}

/// Fills `{product}` into a page's `labels` object.
pub fn extend(labels: &mut Map<String, Value>, _lang: Lang, product: &str) {
    for value in labels.values_mut() {
        if let Value::String(text) = value
            && text.contains("{product}")
        {
            *text = text.replace("{product}", product);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn site_labels_are_in_the_shared_table() {
        for key in [
            "site_title",
            "matrix_caption",
            "chg_downgraded",
            "from_version",
        ] {
            assert!(crate::labels::label(key, Lang::En).is_some(), "{key}");
        }
        let mut map = Map::new();
        map.insert(
            "site_title".into(),
            Value::String(get("site_title", Lang::En).into()),
        );
        extend(&mut map, Lang::En, "img");
        assert_eq!(map["site_title"], "img release notes");
    }
}
