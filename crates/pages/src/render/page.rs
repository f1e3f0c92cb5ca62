//! The fields every page's context shares, whatever its content: the page
//! language, the labels, the product, and `page` — what the HTML layout
//! partial reads (docs/templates.md, "Page").
//!
//! A page's context is a [`Page`]: this base and the page's own content,
//! both flattened into one object, as the templates expect.

use super::PageFormat;
use super::labels::{Labels, label};
use model::record::{Lang, Workspace};
use serde::Serialize;

/// A page's whole context: the shared base and the page's own fields, side
/// by side at the root.
#[derive(Debug, Clone, Serialize)]
pub struct Page<T> {
    #[serde(flatten)]
    pub base: PageBase,
    #[serde(flatten)]
    pub content: T,
}

/// The fields every page has at the root of its context.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PageBase {
    pub lang: Lang,
    pub other_lang: Lang,
    pub format: PageFormat,
    /// The same page in the other language; `None` when the project is
    /// written in one language only.
    pub alternate_href: Option<String>,
    pub labels: Labels,
    pub product: String,
    pub product_id: String,
    pub product_description: Option<String>,
    pub page: PageHead,
}

/// What the layout partial reads: `page.lang`, `page.title`,
/// `page.alternate`, `page.links`, `page.nav`.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct PageHead {
    pub lang: Lang,
    pub title: String,
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
    /// `alternate_href` is the file name of the same page in the other
    /// language, when there is one. No head links, no navigation.
    pub fn new(
        workspace: &Workspace,
        lang: Lang,
        format: PageFormat,
        title: &str,
        alternate_href: Option<String>,
    ) -> PageBase {
        let product = &workspace.project.product;
        let other = lang.other();
        let alternate = alternate_href.clone().map(|href| Alternate {
            lang: other,
            href,
            label: label("language_name", other).unwrap_or(other.code()),
        });
        PageBase {
            lang,
            other_lang: other,
            format,
            alternate_href,
            labels: Labels::new(lang),
            product: product.name.get(lang).to_string(),
            product_id: product.id.clone(),
            product_description: product
                .description
                .as_ref()
                .map(|d| d.get(lang).to_string()),
            page: PageHead {
                lang,
                title: title.to_string(),
                alternate,
                links: Vec::new(),
                nav: None,
            },
        }
    }
}

/// The file name of `version`'s page in the other language, when the
/// project writes pages in it.
pub(crate) fn alternate_page(
    workspace: &Workspace,
    version: &str,
    lang: Lang,
    format: PageFormat,
) -> Option<String> {
    let other = lang.other();
    workspace
        .languages()
        .contains(&other)
        .then(|| super::page_file_name(version, other, format.extension()))
}
