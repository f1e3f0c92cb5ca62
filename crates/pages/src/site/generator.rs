//! The site as pages of a docs generator's project (`relnotes site --for`).
//!
//! What every generator shares is decided by the site's builder: which
//! pages (index, releases newest first, diffs, support matrix, SBOMs),
//! their Markdown, their front-matter facts. What differs per generator is
//! a [`Layout`]: where the pages go and how each file is named per
//! language, which front-matter keys carry the facts, the navigation file,
//! and the configuration written into a project that has none.

mod docusaurus;
mod hugo;
mod mkdocs;

use super::layout::Layout;

/// A docs generator `relnotes site --for` writes pages for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Generator {
    /// MkDocs with Material, mkdocs-static-i18n and mkdocs-awesome-nav.
    MkDocs,
    /// Hugo, with a content directory per language.
    Hugo,
    /// Docusaurus 3, its docs and their translations.
    Docusaurus,
}

impl Generator {
    /// The generator's name on the command line (`mkdocs`, `hugo`, `docusaurus`).
    pub fn name(self) -> &'static str {
        self.layout().name()
    }

    pub(crate) fn layout(self) -> &'static dyn Layout {
        match self {
            Generator::MkDocs => &mkdocs::MkDocs,
            Generator::Hugo => &hugo::Hugo,
            Generator::Docusaurus => &docusaurus::Docusaurus,
        }
    }
}
