//! MkDocs: Material, mkdocs-static-i18n's suffix layout (`25.10.md` in the
//! default language, `25.10.en.md` in another), and the navigation in a
//! `.nav.yml` as mkdocs-awesome-nav reads it.

use crate::render::markdown::{escape_for_markdown, escape_html};
use crate::site::layout::{ConfigFacts, FrontFacts, Layout, NavEntry, link_text, yaml_quote};
use model::Lang;

pub(crate) struct MkDocs;

/// Where the pages go: `releases/` of the docs.
const PAGES: &str = "docs/releases";

/// The plugins' names as a configuration lists them.
const I18N: &str = "i18n";
const AWESOME_NAV: &str = "awesome-nav";

impl Layout for MkDocs {
    fn name(&self) -> &'static str {
        "mkdocs"
    }

    fn page_dirs(&self, _langs: &[Lang]) -> Vec<String> {
        vec![PAGES.to_string()]
    }

    fn page_file(&self, stem: &str, lang: Lang, default: Lang) -> String {
        if lang == default {
            format!("{PAGES}/{stem}.md")
        } else {
            format!("{PAGES}/{stem}.{lang}.md")
        }
    }

    /// One copy beside the pages, which every language links.
    fn sbom_files(&self, name: &str, _langs: &[Lang]) -> Vec<String> {
        vec![format!("{PAGES}/sbom/{name}")]
    }

    fn sbom_link(&self, name: &str) -> String {
        format!("sbom/{name}")
    }

    /// `title` (the page's and, where `.nav.yml` gives no label, the
    /// navigation's) and `date`.
    fn front_matter(&self, facts: &FrontFacts) -> String {
        // MkDocs' themes print a page's title as HTML (Material's header
        // too): it is escaped for HTML, then quoted for YAML.
        let mut out = format!("---\ntitle: {}\n", yaml_quote(&escape_html(facts.title)));
        if let Some(date) = facts.date {
            out.push_str(&format!("date: {}\n", yaml_quote(date)));
        }
        out.push_str("---\n\n");
        out
    }

    /// One `.nav.yml` for every language: mkdocs-static-i18n resolves
    /// `25.10.md` to each language's file, and a version reads the same in
    /// all of them. Diff pages and matrix pages are reached from the pages
    /// that link them.
    fn nav_files(&self, entries: &[NavEntry]) -> Vec<(String, String)> {
        let mut out = String::from(
            "# Written by `relnotes site --for mkdocs` (mkdocs-awesome-nav): newest release first.\nnav:\n",
        );
        for entry in entries {
            let file = yaml_quote(&format!("{}.md", entry.stem));
            match entry.label {
                Some(label) => out.push_str(&format!(
                    "  - {}: {file}\n",
                    yaml_quote(&escape_html(label))
                )),
                None => out.push_str(&format!("  - {file}\n")),
            }
        }
        vec![(format!("{PAGES}/.nav.yml"), out)]
    }

    fn config_files(&self) -> &'static [&'static str] {
        &["mkdocs.yml", "mkdocs.yaml"]
    }

    /// `mkdocs.yml` and a home page per language (mkdocs-static-i18n wants
    /// one) linking the release index.
    fn starter_files(&self, facts: &ConfigFacts) -> Vec<(String, String)> {
        let mut config = format!(
            "# Written by `relnotes site --for mkdocs` into a project without configuration;\n\
             # relnotes never changes it again (docs/site.md, \"MkDocs\").\n\
             site_name: {}\n\
             theme:\n  name: material\n\
             plugins:\n  - search\n  - {I18N}:\n      docs_structure: suffix\n      languages:\n",
            yaml_quote(&escape_html(
                facts.product.first().copied().unwrap_or_default()
            ))
        );
        for (i, (lang, name)) in facts.langs.iter().enumerate() {
            config.push_str(&format!(
                "        - locale: {}\n          name: {}\n          build: true\n",
                yaml_quote(lang.code()),
                yaml_quote(&escape_html(name))
            ));
            if i == 0 {
                config.push_str("          default: true\n");
            }
        }
        config.push_str(&format!("  - {AWESOME_NAV}\n"));
        let Some(&(default, _)) = facts.langs.first() else {
            return Vec::new();
        };
        let mut files = vec![("mkdocs.yml".to_string(), config)];
        for (i, (lang, _)) in facts.langs.iter().enumerate() {
            let page = self.page_file("index", *lang, default);
            let page = page.rsplit('/').next().unwrap_or(&page);
            let title = &facts.index_title[i];
            let home = format!(
                "# {}\n\n[{}](releases/index.md)\n",
                escape_for_markdown(facts.product[i]),
                link_text(title)
            );
            files.push((format!("docs/{page}"), home));
        }
        files
    }

    fn requirements(&self, facts: &ConfigFacts, config: &str) -> Vec<String> {
        let mut needs = Vec::new();
        let langs: Vec<String> = facts
            .langs
            .iter()
            .enumerate()
            .map(|(i, (l, _))| {
                if i == 0 {
                    format!("{l} (default)")
                } else {
                    l.to_string()
                }
            })
            .collect();
        let i18n_ok = config.contains(I18N)
            && config.contains("suffix")
            && facts.langs.iter().all(|(l, _)| {
                config.contains(&format!("locale: {l}"))
                    || config.contains(&format!("locale: \"{l}\""))
                    || config.contains(&format!("locale: '{l}'"))
            });
        if !i18n_ok {
            needs.push(format!(
                "plugin `{I18N}` (mkdocs-static-i18n) with `docs_structure: suffix` and the languages {}",
                langs.join(", ")
            ));
        }
        if !config.contains(AWESOME_NAV) {
            needs.push(format!(
                "plugin `{AWESOME_NAV}` (mkdocs-awesome-nav), which reads {PAGES}/.nav.yml: newest release first"
            ));
        }
        needs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts() -> (Vec<(Lang, &'static str)>, Vec<String>) {
        let tags = [Lang::ZH, Lang::EN];
        (
            vec![(tags[0], "中文"), (tags[1], "English")],
            vec!["p 版本发布记录".into(), "p release notes".into()],
        )
    }

    #[test]
    fn suffix_layout_names_files_by_language() {
        let (zh, en) = (Lang::ZH, Lang::EN);
        assert_eq!(MkDocs.page_file("25.10", zh, zh), "docs/releases/25.10.md");
        assert_eq!(
            MkDocs.page_file("diff/25.05..25.10", en, zh),
            "docs/releases/diff/25.05..25.10.en.md"
        );
        assert_eq!(MkDocs.link("diff/25.05..25.10", "25.10"), "../25.10.md");
    }

    #[test]
    fn front_matter_has_the_title_and_a_date_where_there_is_one() {
        let with = FrontFacts {
            title: "p 25.10: \"a\"",
            date: Some("2025-10-30"),
            place: Some(2),
            label: Some("25.10"),
        };
        // MkDocs' themes print the title as HTML: it is escaped for HTML.
        assert_eq!(
            MkDocs.front_matter(&with),
            "---\ntitle: \"p 25.10: &quot;a&quot;\"\ndate: \"2025-10-30\"\n---\n\n"
        );
        let scripted = FrontFacts {
            title: "p <script>x</script>",
            date: None,
            place: None,
            label: None,
        };
        assert_eq!(
            MkDocs.front_matter(&scripted),
            "---\ntitle: \"p &lt;script&gt;x&lt;/script&gt;\"\n---\n\n"
        );
        let without = FrontFacts {
            title: "p",
            date: None,
            place: None,
            label: None,
        };
        assert_eq!(MkDocs.front_matter(&without), "---\ntitle: \"p\"\n---\n\n");
    }

    #[test]
    fn navigation_lists_entries_in_order() {
        let entries = [
            NavEntry {
                stem: "index",
                label: None,
            },
            NavEntry {
                stem: "25.10",
                label: Some("25.10"),
            },
        ];
        let files = MkDocs.nav_files(&entries);
        assert_eq!(files[0].0, "docs/releases/.nav.yml");
        assert!(
            files[0]
                .1
                .ends_with("nav:\n  - \"index.md\"\n  - \"25.10\": \"25.10.md\"\n")
        );
    }

    #[test]
    fn an_existing_configuration_is_told_what_it_lacks() {
        let (langs, titles) = facts();
        let facts = ConfigFacts {
            langs: &langs,
            product: &["p", "p"],
            index_title: &titles,
        };
        let starter = MkDocs.starter_files(&facts);
        let config = &starter[0].1;
        assert!(MkDocs.requirements(&facts, config).is_empty(), "{config}");
        assert_eq!(starter[1].0, "docs/index.md");
        assert_eq!(starter[2].0, "docs/index.en.md");
        let needs = MkDocs.requirements(&facts, "site_name: x\nplugins:\n  - search\n");
        assert_eq!(needs.len(), 2, "{needs:?}");
        assert!(needs[0].contains("zh (default), en"), "{needs:?}");
    }
}
