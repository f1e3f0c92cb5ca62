//! Hugo: a content directory per language (`content/zh/releases/…`), the
//! index as the section's `_index.md` (an `index.md` would make a leaf
//! bundle and hide the other pages), links as `relref` shortcodes, order
//! by `weight`.

use crate::site::layout::{ConfigFacts, FrontFacts, Layout, NavEntry, link_text, yaml_quote};
use model::Lang;

pub(crate) struct Hugo;

/// The pages' directory within each language's content directory, and so
/// the path of the section in every language.
const SECTION: &str = "releases";

/// The content directory of `lang`, relative to the project.
/// The language Hugo takes when its configuration names none (its
/// `defaultContentLanguage` default): a fact of Hugo, not a language
/// relnotes prefers.
const HUGO_DEFAULT_LANGUAGE: &str = "en";

fn content_dir(lang: Lang) -> String {
    format!("content/{lang}")
}

/// Whether `date` is a calendar date (`2025-10-30`), which Hugo reads as
/// one; a free-form date (`2025年10月`) would fail its build.
fn is_calendar_date(date: &str) -> bool {
    let bytes = date.as_bytes();
    bytes.len() == 10
        && bytes.iter().enumerate().all(|(i, b)| match i {
            4 | 7 => *b == b'-',
            _ => b.is_ascii_digit(),
        })
}

/// `text` with every space and quote dropped, lower-case: where a key and
/// its value can be found in TOML, YAML or JSON alike.
fn squeezed(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '"' | '\''))
        .flat_map(char::to_lowercase)
        .collect()
}

/// The minimal layouts: a page frame with a language switcher, a list
/// page (the section's content, then its pages in order) and a page.
const BASEOF: &str = r#"<!DOCTYPE html>
<html lang="{{ site.Language.Locale }}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ if .IsHome }}{{ site.Title }}{{ else }}{{ .Title }} · {{ site.Title }}{{ end }}</title>
{{ range .AllTranslations }}<link rel="alternate" hreflang="{{ .Language.Locale }}" href="{{ .RelPermalink }}">
{{ end -}}
<style>
body { font-family: system-ui, sans-serif; max-width: 72rem; margin: 0 auto; padding: 0 1rem; line-height: 1.5; }
header { display: flex; gap: 1rem; justify-content: space-between; border-bottom: 1px solid #ccc; padding: .5rem 0; }
table { border-collapse: collapse; display: block; overflow-x: auto; }
th, td { border: 1px solid #ccc; padding: .2rem .5rem; }
pre { overflow-x: auto; background: #f6f6f6; padding: .5rem; }
del { background: #fdd; } ins { background: #dfd; }
</style>
</head>
<body>
<header>
<a href="{{ site.Home.RelPermalink }}">{{ site.Title }}</a>
<nav class="languages">{{ range .Translations }}<a href="{{ .RelPermalink }}" hreflang="{{ .Language.Locale }}" lang="{{ .Language.Locale }}">{{ .Language.Label }}</a> {{ end }}</nav>
</header>
<main>
{{ block "main" . }}{{ end }}
</main>
</body>
</html>
"#;

const LIST: &str = r#"{{ define "main" }}
{{ .Content }}
{{ with .Pages }}<nav class="pages"><ul>
{{ range . }}<li><a href="{{ .RelPermalink }}">{{ .LinkTitle }}</a></li>
{{ end }}</ul></nav>{{ end }}
{{ end }}
"#;

const SINGLE: &str = r#"{{ define "main" }}
{{ .Content }}
{{ end }}
"#;

impl Layout for Hugo {
    fn name(&self) -> &'static str {
        "hugo"
    }

    fn page_dirs(&self, langs: &[Lang]) -> Vec<String> {
        langs
            .iter()
            .map(|&l| format!("{}/{SECTION}", content_dir(l)))
            .collect()
    }

    fn page_file(&self, stem: &str, lang: Lang, _default: Lang) -> String {
        let file = if stem == "index" { "_index" } else { stem };
        format!("{}/{SECTION}/{file}.md", content_dir(lang))
    }

    /// A copy in every language's section: a resource of the section's
    /// branch bundle, published beside its pages.
    fn sbom_files(&self, name: &str, langs: &[Lang]) -> Vec<String> {
        langs
            .iter()
            .map(|&l| format!("{}/{SECTION}/sbom/{name}", content_dir(l)))
            .collect()
    }

    /// A release page is published at `releases/<version>/`.
    fn sbom_link(&self, name: &str) -> String {
        format!("../sbom/{name}")
    }

    /// A `relref` shortcode by the page's path in its content directory:
    /// Hugo finds the page in the same language and fails the build when
    /// it is missing.
    fn link(&self, _from: &str, to: &str) -> String {
        let path = if to == "index" {
            format!("/{SECTION}")
        } else {
            format!("/{SECTION}/{to}")
        };
        format!("{{{{< relref {} >}}}}", yaml_quote(&path))
    }

    /// `title`; on the pages of the section's list `weight` (its place,
    /// newest release first) and `linkTitle` (the version); on the others
    /// `build.list: never`, so that the list holds the index, the matrix
    /// and the releases only; `date` where the record states a calendar
    /// date.
    fn front_matter(&self, facts: &FrontFacts) -> String {
        let mut out = format!("---\ntitle: {}\n", yaml_quote(facts.title));
        if let Some(label) = facts.label {
            out.push_str(&format!("linkTitle: {}\n", yaml_quote(label)));
        }
        match facts.place {
            Some(place) => out.push_str(&format!("weight: {}\n", place + 1)),
            None => out.push_str("build:\n  list: never\n"),
        }
        if let Some(date) = facts.date.filter(|d| is_calendar_date(d)) {
            out.push_str(&format!("date: {}\n", yaml_quote(date)));
        }
        out.push_str("---\n\n");
        out
    }

    /// None: the front matter's `weight` orders the section.
    fn nav_files(&self, _entries: &[NavEntry]) -> Vec<(String, String)> {
        Vec::new()
    }

    fn config_files(&self) -> &'static [&'static str] {
        &[
            "hugo.toml",
            "hugo.yaml",
            "hugo.yml",
            "hugo.json",
            "config.toml",
            "config.yaml",
            "config.yml",
            "config.json",
        ]
    }

    /// `hugo.toml` (the languages, each with its content directory; raw
    /// HTML for the word diffs), the layouts every page needs, and a home
    /// page per language linking the release index.
    fn starter_files(&self, facts: &ConfigFacts) -> Vec<(String, String)> {
        let quote = yaml_quote; // a JSON string is a TOML basic string too
        let Some(&(default, _)) = facts.langs.first() else {
            return Vec::new();
        };
        let mut config = format!(
            "# Written by `relnotes site --for hugo` into a project without configuration;\n\
             # relnotes never changes it again (docs/site.md, \"Hugo\").\n\
             # Links are from the site's root: set baseURL to where it is published.\n\
             baseURL = \"/\"\n\
             title = {}\n\
             defaultContentLanguage = {}\n\
             disableKinds = [\"taxonomy\", \"term\"]\n\
             \n\
             # The diff pages' word diffs are HTML: <pre class=\"word-diff\"><code>.\n\
             [markup.goldmark.renderer]\n\
             unsafe = true\n",
            quote(facts.product.first().copied().unwrap_or_default()),
            quote(default.code()),
        );
        for (i, (lang, name)) in facts.langs.iter().enumerate() {
            config.push_str(&format!(
                "\n[languages.{lang}]\ncontentDir = {}\nlabel = {}\ntitle = {}\nweight = {}\n",
                quote(&content_dir(*lang)),
                quote(name),
                quote(facts.product[i]),
                i + 1
            ));
        }
        let mut files = vec![
            ("hugo.toml".to_string(), config),
            (
                "layouts/_default/baseof.html".to_string(),
                BASEOF.to_string(),
            ),
            ("layouts/_default/list.html".to_string(), LIST.to_string()),
            (
                "layouts/_default/single.html".to_string(),
                SINGLE.to_string(),
            ),
        ];
        for (i, (lang, _)) in facts.langs.iter().enumerate() {
            let home = format!(
                "---\ntitle: {}\n---\n\n[{}]({})\n",
                yaml_quote(facts.product[i]),
                link_text(&facts.index_title[i]),
                self.link("index", "index")
            );
            files.push((format!("{}/_index.md", content_dir(*lang)), home));
        }
        files
    }

    fn requirements(&self, facts: &ConfigFacts, config: &str) -> Vec<String> {
        let text = squeezed(config);
        let mut needs = Vec::new();
        if !(text.contains("unsafe=true") || text.contains("unsafe:true")) {
            needs.push(
                "`markup.goldmark.renderer.unsafe = true`: the diff pages' word diffs are HTML"
                    .to_string(),
            );
        }
        if let Some((default, _)) = facts.langs.first() {
            let code = default.code().to_lowercase();
            let stated = text.contains(&format!("defaultcontentlanguage={code}"))
                || text.contains(&format!("defaultcontentlanguage:{code}"));
            if !stated && (code != HUGO_DEFAULT_LANGUAGE || text.contains("defaultcontentlanguage"))
            {
                needs.push(format!("`defaultContentLanguage = \"{default}\"`"));
            }
        }
        let missing: Vec<String> = facts
            .langs
            .iter()
            .filter(|(l, _)| !text.contains(&content_dir(*l).to_lowercase()))
            .map(|(l, _)| {
                format!(
                    "`[languages.{l}]` with `contentDir = \"{}\"`",
                    content_dir(*l)
                )
            })
            .collect();
        if !missing.is_empty() {
            needs.push(format!(
                "a content directory per language, where the pages are written: {}",
                missing.join(", ")
            ));
        }
        needs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts() -> (Vec<(Lang, &'static str)>, Vec<String>) {
        (
            vec![(Lang::ZH, "中文"), (Lang::EN, "English")],
            vec!["p 版本发布记录".into(), "p release notes".into()],
        )
    }

    #[test]
    fn pages_go_into_each_languages_content_directory() {
        let (zh, en) = (Lang::ZH, Lang::EN);
        assert_eq!(
            Hugo.page_dirs(&[zh, en]),
            ["content/zh/releases", "content/en/releases"]
        );
        assert_eq!(
            Hugo.page_file("index", en, zh),
            "content/en/releases/_index.md"
        );
        assert_eq!(
            Hugo.page_file("diff/25.05..25.10", zh, zh),
            "content/zh/releases/diff/25.05..25.10.md"
        );
        assert_eq!(
            Hugo.sbom_files("25.10-amd64.cdx.json", &[zh, en])[1],
            "content/en/releases/sbom/25.10-amd64.cdx.json"
        );
        assert_eq!(
            Hugo.link("diff/25.05..25.10", "25.10"),
            "{{< relref \"/releases/25.10\" >}}"
        );
        assert_eq!(Hugo.link("25.10", "index"), "{{< relref \"/releases\" >}}");
    }

    #[test]
    fn front_matter_orders_the_section_and_keeps_a_calendar_date_only() {
        let release = FrontFacts {
            title: "p 25.10",
            date: Some("2025-10-30"),
            place: Some(2),
            label: Some("25.10"),
        };
        assert_eq!(
            Hugo.front_matter(&release),
            "---\ntitle: \"p 25.10\"\nlinkTitle: \"25.10\"\nweight: 3\ndate: \"2025-10-30\"\n---\n\n"
        );
        let diff = FrontFacts {
            title: "d",
            date: Some("2025年10月"),
            place: None,
            label: None,
        };
        assert_eq!(
            Hugo.front_matter(&diff),
            "---\ntitle: \"d\"\nbuild:\n  list: never\n---\n\n"
        );
    }

    #[test]
    fn the_starter_configuration_meets_its_own_requirements() {
        let (langs, titles) = facts();
        let facts = ConfigFacts {
            langs: &langs,
            product: &["p", "p"],
            index_title: &titles,
        };
        let starter = Hugo.starter_files(&facts);
        let config = &starter[0].1;
        assert!(
            config.contains("defaultContentLanguage = \"zh\""),
            "{config}"
        );
        assert!(
            config.contains("[languages.en]\ncontentDir = \"content/en\""),
            "{config}"
        );
        assert!(Hugo.requirements(&facts, config).is_empty(), "{config}");
        let paths: Vec<&str> = starter.iter().map(|(p, _)| p.as_str()).collect();
        assert!(paths.contains(&"content/zh/_index.md"), "{paths:?}");
        assert!(paths.contains(&"layouts/_default/baseof.html"), "{paths:?}");

        let needs = Hugo.requirements(&facts, "baseURL = 'https://example.org/'\n");
        assert_eq!(needs.len(), 3, "{needs:?}");
        assert!(needs[0].contains("unsafe = true"), "{needs:?}");
        assert!(
            needs[2].contains("content/zh") && needs[2].contains("content/en"),
            "{needs:?}"
        );
        // The same configuration in YAML.
        let yaml = "defaultContentLanguage: zh\nmarkup:\n  goldmark:\n    renderer:\n      unsafe: true\n\
                    languages:\n  zh:\n    contentDir: content/zh\n  en:\n    contentDir: content/en\n";
        assert!(Hugo.requirements(&facts, yaml).is_empty());
    }
}
