//! Headings of diff reports: the shared labels ([`model::label_or_key`])
//! and the change headings with their markers (`heading_*`).

use model::Lang;

pub(crate) use model::label_or_key as get;

/// The label of a change, with its marker (`▼ DOWNGRADE 降级`, `▲ Upgraded`).
pub(crate) fn change_heading(change: super::Change, lang: Lang) -> String {
    use super::Change::*;
    let key = match change {
        Downgraded => "heading_downgraded",
        Upgraded => "heading_upgraded",
        Added => "heading_added",
        Removed => "heading_removed",
        Unchanged => "heading_unchanged",
    };
    get(key, lang).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn downgrade_heading_is_loud_in_both_languages() {
        use super::super::Change;
        assert_eq!(change_heading(Change::Downgraded, Lang::EN), "▼ DOWNGRADE");
        assert_eq!(
            change_heading(Change::Downgraded, Lang::ZH),
            "▼ DOWNGRADE 降级"
        );
        assert_eq!(change_heading(Change::Upgraded, Lang::ZH), "▲ 升级");
        assert_eq!(get("no such label", Lang::ZH), "no such label");
    }
}
