//! The fields every page's context shares, whatever its content: the page
//! language, the labels, the product, and `page` — what the HTML layout
//! partial reads (docs/templates.md, "Page").
//!
//! A page's context is a [`Page`]: this base and the page's own content,
//! both flattened into one object, as the templates expect.

use super::PageFormat;
use super::labels::{Labels, label};
use model::{Lang, Workspace};
use serde::Serialize;

/// A page's whole context: the shared base and the page's own fields, side
/// by side at the root.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct Page<T> {
    #[serde(flatten)]
    pub base: PageBase,
    #[serde(flatten)]
    pub content: T,
}

/// The fields every page has at the root of its context.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PageBase {
    pub lang: Lang,
    /// The first of the project's other languages; `None` when the project
    /// is written in one language only.
    pub other_lang: Option<Lang>,
    pub format: PageFormat,
    /// The same page in `other_lang`.
    pub alternate_href: Option<String>,
    pub labels: Labels,
    /// The project's languages whose lists are not separated by `, `
    /// (the style's default), with their separator.
    pub list_separators: Vec<ListSeparator>,
    pub product: String,
    pub product_id: String,
    pub product_description: Option<String>,
    pub page: PageHead,
}

/// How a language separates the items of an inline list (`、`).
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ListSeparator {
    pub lang: Lang,
    pub separator: &'static str,
}

/// What the layout partial reads: `page.lang`, `page.title`,
/// `page.alternate`, `page.links`, `page.nav`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PageHead {
    pub lang: Lang,
    pub title: String,
    /// The same page in each of the project's other languages, in the
    /// project's order.
    pub alternates: Vec<Alternate>,
    /// The first of `alternates` (templates written for two languages).
    pub alternate: Option<Alternate>,
    /// More `<link>`s in the head; only the pages of `relnotes site` have any.
    pub links: Vec<HeadLink>,
    /// A navigation bar; only on the pages of `relnotes site`.
    pub nav: Option<Nav>,
}

/// The same page in the other language, named in that language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Alternate {
    pub lang: Lang,
    pub href: String,
    pub label: &'static str,
}

/// A `<link rel hreflang href>` of the head.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct HeadLink {
    pub rel: &'static str,
    pub hreflang: Option<&'static str>,
    pub href: String,
}

/// A navigation bar: its accessible name and its links.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct Nav {
    pub label: &'static str,
    pub links: Vec<NavLink>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct NavLink {
    pub href: String,
    pub label: String,
    /// The link to the page it is on.
    pub current: bool,
}

impl PageBase {
    /// The base of a page of `workspace` in `lang`, titled `title`;
    /// `alternates` are the file names of the same page in the project's
    /// other languages. No head links, no navigation.
    pub(crate) fn new(
        workspace: &Workspace,
        lang: Lang,
        format: PageFormat,
        title: &str,
        alternates: Vec<(Lang, String)>,
    ) -> PageBase {
        let product = &workspace.project.product;
        let alternates: Vec<Alternate> = alternates
            .into_iter()
            .map(|(other, href)| Alternate {
                lang: other,
                href,
                label: label("language_name", other).unwrap_or(other.code()),
            })
            .collect();
        let alternate = alternates.first().cloned();
        PageBase {
            lang,
            other_lang: alternate.as_ref().map(|a| a.lang),
            format,
            alternate_href: alternate.as_ref().map(|a| a.href.clone()),
            labels: Labels::new(lang),
            list_separators: workspace
                .languages()
                .into_iter()
                .filter_map(|lang| {
                    let separator = label("list_separator", lang)?;
                    (separator != ", ").then_some(ListSeparator { lang, separator })
                })
                .collect(),
            product: product.name.get(lang).to_string(),
            product_id: product.id.clone(),
            product_description: product
                .description
                .as_ref()
                .map(|d| d.get(lang).to_string()),
            page: PageHead {
                lang,
                title: title.to_string(),
                alternates,
                alternate,
                links: Vec::new(),
                nav: None,
            },
        }
    }
}

/// The file names of `version`'s page in each of the project's other
/// languages, in the project's order.
pub(crate) fn alternate_pages(
    workspace: &Workspace,
    version: &str,
    lang: Lang,
    format: PageFormat,
) -> Vec<(Lang, String)> {
    workspace
        .languages()
        .into_iter()
        .filter(|other| *other != lang)
        .map(|other| {
            let file = super::page_file_name(version, other, format.extension());
            (other, file)
        })
        .collect()
}
