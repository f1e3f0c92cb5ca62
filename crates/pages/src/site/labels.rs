//! The words of the site's own pages (index, matrix, chooser, navigation)
//! are labels like every other (`model::labels`, `data/labels/<lang>.toml`);
//! this adds the change markers. The product name is filled in by
//! [`Labels::with_product`](crate::render::labels::Labels::with_product).

use model::Lang;

/// The marker shown beside a changed cell, by change.
pub(crate) fn marker(change: &str) -> &'static str {
    match change {
        "upgraded" => "▲",
        "downgraded" => "▼",
        "added" => "+",
        "removed" => "−",
        _ => "",
    }
}

/// The label `key` in `lang`; panics on a key no label file has (a bug).
pub(crate) fn get(key: &str, lang: Lang) -> &'static str {
    model::label(key, lang).unwrap_or_else(|| panic!("no label `{key}`"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn site_labels_are_in_the_label_files() {
        for key in [
            "site_title",
            "matrix_caption",
            "chg_downgraded",
            "from_version",
        ] {
            assert!(model::label(key, Lang::EN).is_some(), "{key}");
        }
        assert_eq!(get("chg_downgraded", Lang::EN), "downgraded");
    }
}
