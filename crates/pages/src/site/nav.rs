//! Where the site's pages are and how they link to each other: the
//! `hreflang` and canonical links of their heads, and their navigation bar.
//!
//! Every link is relative, so the site works from `file://` and under any
//! sub-path; the base URL only makes `<link rel="canonical">`.

use super::labels;
use crate::render::PageFormat;
use crate::render::page::{HeadLink, NavLink};

use model::{Arch, Lang};

/// A page of one language: its path under the language directory without
/// extension (`25.10`, `diff/25.05..25.10`, `index`).
pub(super) struct PagePath<'a> {
    pub stem: &'a str,
}

impl PagePath<'_> {
    /// `../` for each directory below the language directory.
    pub(super) fn up(&self) -> String {
        "../".repeat(self.stem.matches('/').count())
    }

    /// The path of this page relative to the site (or `md/`) root.
    pub(super) fn file(&self, lang: Lang, format: PageFormat) -> String {
        format!("{lang}/{}.{}", self.stem, format.extension())
    }

    /// From this page to the same page in `other`.
    pub(crate) fn to_lang(&self, other: Lang, format: PageFormat) -> String {
        format!("{}../{}", self.up(), self.file(other, format))
    }
}

/// The SBOM of a release's arch, relative to the site root.
pub(super) fn sbom_file(version: &str, arch: &Arch) -> String {
    format!(
        "sbom/{}",
        sbom::file_name(version, arch, sbom::SbomFormat::Json)
    )
}

/// `diff/25.05..25.10`.
pub(super) fn diff_stem(from: &str, to: &str) -> String {
    format!("diff/{from}..{to}")
}

/// `matrix/2025`: a page of the support matrix, by its key.
pub(super) fn matrix_stem(key: &str) -> String {
    format!("matrix/{key}")
}

/// The head links of an HTML page in `lang`: `hreflang` for itself and,
/// with more than one language, `x-default` to the chooser; the canonical
/// URL under `base_url`.
pub(super) fn head_links(
    path: &PagePath,
    lang: Lang,
    langs: &[Lang],
    base_url: Option<&str>,
) -> Vec<HeadLink> {
    let format = PageFormat::Html;
    let mut links = vec![HeadLink {
        rel: "alternate",
        hreflang: Some(lang.code()),
        href: path.to_lang(lang, format),
    }];
    if langs.len() > 1 {
        links.push(HeadLink {
            rel: "alternate",
            hreflang: Some("x-default"),
            href: format!("{}../index.html", path.up()),
        });
    }
    if let Some(base) = base_url {
        links.push(HeadLink {
            rel: "canonical",
            hreflang: None,
            href: format!("{base}/{}", path.file(lang, format)),
        });
    }
    links
}

/// The head links of the chooser: each language's index, `x-default` to
/// itself, the canonical URL.
pub(super) fn chooser_links(langs: &[Lang], base_url: Option<&str>) -> Vec<HeadLink> {
    let mut links: Vec<HeadLink> = langs
        .iter()
        .map(|l| HeadLink {
            rel: "alternate",
            hreflang: Some(l.code()),
            href: format!("{l}/index.html"),
        })
        .collect();
    links.push(HeadLink {
        rel: "alternate",
        hreflang: Some("x-default"),
        href: "index.html".into(),
    });
    if let Some(base) = base_url {
        links.push(HeadLink {
            rel: "canonical",
            hreflang: None,
            href: format!("{base}/"),
        });
    }
    links
}

/// The pages every language has once, first in every navigation bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Overview {
    Index,
    Matrix,
}

/// The links every page of a language starts its navigation with;
/// `current` is the one of them the page is, if any; `link_to` makes the
/// link from the page to another (by stem).
pub(super) fn nav_start(
    lang: Lang,
    current: Option<Overview>,
    link_to: impl Fn(&str) -> String,
) -> Vec<NavLink> {
    vec![
        NavLink {
            href: link_to("index"),
            label: labels::get("all_releases", lang).to_string(),
            current: current == Some(Overview::Index),
        },
        NavLink {
            href: link_to("matrix"),
            label: labels::get("matrix", lang).to_string(),
            current: current == Some(Overview::Matrix),
        },
    ]
}

/// A link of the navigation bar to another page.
pub(super) fn nav_link(href: String, label: String) -> NavLink {
    NavLink {
        href,
        label,
        current: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_relative_to_the_page() {
        let diff = PagePath {
            stem: "diff/25.05..25.10",
        };
        assert_eq!(
            diff.to_lang(Lang::ZH, PageFormat::Md),
            "../../zh/diff/25.05..25.10.md"
        );
        let links = head_links(
            &diff,
            Lang::EN,
            &[Lang::ZH, Lang::EN],
            Some("https://example.com/notes"),
        );
        let hrefs: Vec<&str> = links.iter().map(|l| l.href.as_str()).collect();
        assert_eq!(
            hrefs,
            [
                "../../en/diff/25.05..25.10.html",
                "../../index.html",
                "https://example.com/notes/en/diff/25.05..25.10.html"
            ]
        );
        let nav = nav_start(Lang::EN, None, |to| format!("../{to}.html"));
        assert_eq!(nav[1].href, "../matrix.html");
        assert!(nav.iter().all(|l| !l.current));
    }

    #[test]
    fn one_language_has_no_x_default() {
        let index = PagePath { stem: "index" };
        let links = head_links(&index, Lang::ZH, &[Lang::ZH], None);
        assert_eq!(links.len(), 1);
        assert_eq!(links[0].hreflang, Some("zh"));
        assert!(nav_start(Lang::ZH, Some(Overview::Index), |to| to.to_string())[0].current);
    }
}
