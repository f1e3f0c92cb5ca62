//! The pages of the site and their contexts: each a render [`Page`] whose
//! base the site makes its own (links between languages, head links,
//! navigation), with the release and diff pages' content from render and
//! the index, matrix and chooser's content from here.

use super::SiteError as Error;
use super::layout::{FrontFacts, Layout, NavEntry, relative};
use super::nav::{
    Overview, PagePath, chooser_links, diff_stem, head_links, nav_link, nav_start, sbom_file,
};
use super::{Entry, Sink, labels};
use crate::diff;
use crate::render::page::{Nav, NavLink, Page, PageBase, PageHead};
use crate::render::{self, PageFormat, Templates, context, diff_context};

use model::{Lang, Workspace};
use rayon::prelude::*;
use serde::Serialize;

#[path = "matrix_pages.rs"]
mod matrix_pages;

pub(super) struct Builder<'a> {
    pub workspace: &'a Workspace,
    pub templates: &'a Templates,
    pub langs: &'a [Lang],
    pub base_url: Option<&'a str>,
    /// Newest first.
    pub entries: &'a [Entry],
    /// Where each page goes once rendered.
    pub sink: &'a dyn Sink,
    /// The static site, or a generator's pages.
    pub target: Target,
}

/// What the pages are for.
#[derive(Clone, Copy)]
pub(super) enum Target {
    /// The static site: HTML pages, their Markdown copies under `md/`.
    Static,
    /// A docs generator's project: Markdown pages in its layout.
    Generator(&'static dyn Layout),
}

/// The content of a language's index: every release, newest first.
#[derive(Debug, Serialize)]
struct IndexPage {
    title: String,
    releases: Vec<IndexRow>,
    matrix_href: String,
}

/// A release at a glance.
#[derive(Debug, Serialize)]
struct IndexRow {
    version: String,
    href: String,
    title: String,
    date: Option<String>,
    cuda: Option<String>,
    driver_min: Option<String>,
    archs: Vec<String>,
    /// The diff page from the release before.
    diff: Option<Link>,
}

#[derive(Debug, Serialize)]
struct Link {
    href: String,
    label: String,
}

/// The content of the site's front door.
#[derive(Debug, Serialize)]
struct ChooserPage {
    title: String,
    choices: Vec<Choice>,
}

/// A language's index, named and described in that language.
#[derive(Debug, Serialize)]
struct Choice {
    lang: Lang,
    href: String,
    name: &'static str,
    title: String,
    prompt: &'static str,
}

/// A piece of the site's work, rendered by whichever thread takes it.
#[derive(Clone, Copy)]
enum Work {
    /// A language's index, in one format.
    Index(Lang, PageFormat),
    Chooser,
    /// Everything of the release at this index (newest first).
    Release(usize),
}

impl Builder<'_> {
    /// Renders every page into the sink, on rayon's threads: the support
    /// matrix (its grids first, then its pages) beside the indexes, the
    /// chooser and each release (its SBOMs, pages and diffs). Every thread
    /// renders with the same templates, so each template is compiled once;
    /// each page goes to the sink as soon as it is rendered. The result
    /// does not depend on the number of threads.
    pub(super) fn build(&self) -> Result<(), Error> {
        let mut work: Vec<Work> = self
            .langs
            .iter()
            .flat_map(|&lang| self.formats().iter().map(move |&f| Work::Index(lang, f)))
            .collect();
        match self.target {
            Target::Static => work.push(Work::Chooser),
            Target::Generator(layout) => self.navigation(layout)?,
        }
        work.extend((0..self.entries.len()).map(Work::Release));
        let (matrix, rest) = rayon::join(
            || self.matrix_pages(),
            || {
                work.par_iter().try_for_each(|&piece| match piece {
                    Work::Index(lang, format) => self.index(lang, format),
                    Work::Chooser => self.chooser(),
                    Work::Release(i) => self.releases_at(i),
                })
            },
        );
        matrix.and(rest)
    }

    /// Everything of the release at `i` (newest first): its SBOMs, its
    /// pages, and the diff from the release before it.
    fn releases_at(&self, i: usize) -> Result<(), Error> {
        let entry = &self.entries[i];
        let older = self.entries.get(i + 1);
        let project = &self.workspace.project;
        let views = entry.release.resolve(project);
        for (arch, view) in entry.release.archs.iter().zip(&views) {
            let text = sbom::build_json_of(project, &entry.release, view)?;
            match self.target {
                Target::Static => self
                    .sink
                    .put(&sbom_file(&entry.version, arch), text.as_bytes())?,
                Target::Generator(layout) => {
                    let name = sbom::file_name(&entry.version, arch, sbom::SbomFormat::Json);
                    for file in layout.sbom_files(&name, self.langs) {
                        self.sink.put(&file, text.as_bytes())?;
                    }
                }
            }
        }
        // Computed once for both languages and formats: the diff from the
        // release before, and per language the diff page's content.
        let changes = match older {
            Some(older) => Some(diff::diff_of(
                project,
                (&older.release, &older.release.resolve(project)),
                (&entry.release, &views),
                None,
            )?),
            None => None,
        };
        for &lang in self.langs {
            let notes = changes
                .as_ref()
                .map(|changes| diff_context::diff_notes(self.workspace, changes, lang));
            for &format in self.formats() {
                let content = context::release_notes_of(&entry.release, &views, lang, format);
                self.release(lang, format, i, older, content)?;
                if let (Some(older), Some(notes)) = (older, &notes) {
                    self.diff(lang, format, older, entry, notes)?;
                }
            }
        }
        Ok(())
    }

    /// The formats of every page: HTML and Markdown for the static site,
    /// Markdown for a generator.
    pub(super) fn formats(&self) -> &'static [PageFormat] {
        match self.target {
            Target::Static => &[PageFormat::Html, PageFormat::Md],
            Target::Generator(_) => &[PageFormat::Md],
        }
    }

    /// A generator's navigation: the index, the support matrix, then every
    /// release newest first, labelled with its version.
    fn navigation(&self, layout: &dyn Layout) -> Result<(), Error> {
        let mut entries = vec![
            NavEntry {
                stem: "index",
                label: None,
            },
            NavEntry {
                stem: "matrix",
                label: None,
            },
        ];
        entries.extend(self.entries.iter().map(|e| NavEntry {
            stem: &e.version,
            label: Some(&e.version),
        }));
        for (path, text) in layout.nav_files(&entries) {
            self.sink.put(&path, text.as_bytes())?;
        }
        Ok(())
    }

    fn product(&self, lang: Lang) -> &str {
        self.workspace.project.product.name.get(lang)
    }

    /// The site's languages but `lang`, in the project's order.
    fn others(&self, lang: Lang) -> impl Iterator<Item = Lang> + '_ {
        self.langs.iter().copied().filter(move |l| *l != lang)
    }

    /// Where a page goes: `en/25.10.html`, `md/en/25.10.md`; for a
    /// generator, where its layout puts it (`docs/releases/25.10.en.md`).
    fn target(&self, path: &PagePath, lang: Lang, format: PageFormat) -> String {
        match (self.target, format) {
            (Target::Generator(layout), _) => {
                layout.page_file(path.stem, lang, self.workspace.default_language())
            }
            (Target::Static, PageFormat::Html) => path.file(lang, format),
            (Target::Static, PageFormat::Md) => format!("md/{}", path.file(lang, format)),
        }
    }

    /// Where the SBOMs are from a release page: the static site's
    /// languages are directories beside `sbom/`; a generator's layout says.
    fn sbom_href(&self, version: &str, arch: &model::Arch) -> String {
        match self.target {
            Target::Static => format!("../{}", sbom_file(version, arch)),
            Target::Generator(layout) => {
                layout.sbom_link(&sbom::file_name(version, arch, sbom::SbomFormat::Json))
            }
        }
    }

    /// A link from the page `from` to the page `to` (a stem) of the same
    /// language, in `format`: relative for the static site, in the
    /// generator's form for a generator.
    pub(super) fn href(&self, from: &PagePath, to: &str, format: PageFormat) -> String {
        match self.target {
            Target::Static => format!("{}.{}", relative(from.stem, to), format.extension()),
            Target::Generator(layout) => layout.link(from.stem, to),
        }
    }

    /// The links every page starts its navigation with (the index, the
    /// support matrix).
    fn nav_start(
        &self,
        from: &PagePath,
        lang: Lang,
        current: Option<Overview>,
        format: PageFormat,
    ) -> Vec<NavLink> {
        nav_start(lang, current, |to| self.href(from, to, format))
    }

    /// The base of a page of the site: the other language's page as a
    /// relative link and, in HTML, `hreflang` links for every language and
    /// `x-default`, the canonical URL and the navigation. The site's own
    /// pages (`own_page`) have the product filled into their labels.
    fn base(
        &self,
        path: &PagePath,
        lang: Lang,
        format: PageFormat,
        title: &str,
        nav: Vec<NavLink>,
        own_page: bool,
    ) -> PageBase {
        // A generator has its own language switcher: no links between
        // languages in the page.
        let alternates = match self.target {
            Target::Static => self
                .others(lang)
                .map(|other| (other, path.to_lang(other, format)))
                .collect(),
            Target::Generator(_) => Vec::new(),
        };
        let base = PageBase::new(self.workspace, lang, format, title, alternates);
        let labels = if own_page {
            base.labels.with_product(self.product(lang))
        } else {
            base.labels
        };
        let page = match (format, self.target) {
            (PageFormat::Md, Target::Static) => base.page,
            (PageFormat::Md, Target::Generator(_)) => PageHead {
                nav: Some(Nav {
                    label: labels::get("site_nav", lang),
                    links: nav,
                }),
                ..base.page
            },
            (PageFormat::Html, _) => PageHead {
                links: head_links(path, lang, self.langs, self.base_url),
                nav: Some(Nav {
                    label: labels::get("site_nav", lang),
                    links: nav,
                }),
                ..base.page
            },
        };
        PageBase {
            labels,
            page,
            ..base
        }
    }

    /// Renders the page template `page` with `context` into the sink as
    /// `target`, after its front matter.
    fn render<C: Serialize>(
        &self,
        page: &str,
        context: &C,
        target: &str,
        front: Option<FrontMatter>,
    ) -> Result<(), Error> {
        let text = self.templates.render_page(page, context)?;
        let text = match (front, self.target) {
            (Some(front), Target::Static) => front.prepend(&text),
            (Some(front), Target::Generator(layout)) => layout.front_matter(&front.facts()) + &text,
            (None, _) => text,
        };
        self.sink.put(target, text.as_bytes())
    }

    fn release(
        &self,
        lang: Lang,
        format: PageFormat,
        at: usize,
        older: Option<&Entry>,
        content: context::ReleaseNotes,
    ) -> Result<(), Error> {
        let entry = &self.entries[at];
        let path = PagePath {
            stem: &entry.version,
        };
        let mut nav = self.nav_start(&path, lang, None, format);
        if let Some(older) = older {
            nav.push(nav_link(
                self.href(&path, &diff_stem(&older.version, &entry.version), format),
                labels::get("changes_since", lang).replace("{from}", &older.version),
            ));
        }
        for arch in &entry.release.archs {
            nav.push(nav_link(
                self.sbom_href(&entry.version, arch),
                labels::get("sbom_of", lang).replace("{arch}", arch.as_str()),
            ));
        }
        let front = (format == PageFormat::Md).then(|| FrontMatter {
            title: entry.release.title.get(lang).to_string(),
            version: Some(entry.version.clone()),
            date: entry.release.date.clone(),
            lang,
            place: Some(RELEASES_PLACE + at),
            label: Some(entry.version.clone()),
        });
        let context = Page {
            base: self.base(&path, lang, format, &content.title, nav, false),
            content,
        };
        self.render(
            &format!("release.{}", format.extension()),
            &context,
            &self.target(&path, lang, format),
            front,
        )
    }

    fn diff(
        &self,
        lang: Lang,
        format: PageFormat,
        from: &Entry,
        to: &Entry,
        content: &diff_context::DiffNotes,
    ) -> Result<(), Error> {
        let stem = diff_stem(&from.version, &to.version);
        let path = PagePath { stem: &stem };
        let mut nav = self.nav_start(&path, lang, None, format);
        for version in [&from.version, &to.version] {
            nav.push(nav_link(self.href(&path, version, format), version.clone()));
        }
        let front = (format == PageFormat::Md).then(|| FrontMatter {
            title: content.title.clone(),
            version: Some(format!("{}..{}", from.version, to.version)),
            date: None,
            lang,
            place: None,
            label: None,
        });
        let context = Page {
            base: self.base(&path, lang, format, &content.title, nav, false),
            content,
        };
        self.render(
            &format!("diff.{}", format.extension()),
            &context,
            &self.target(&path, lang, format),
            front,
        )
    }

    fn index(&self, lang: Lang, format: PageFormat) -> Result<(), Error> {
        let path = PagePath { stem: "index" };
        let title = labels::get("site_title", lang).replace("{product}", self.product(lang));
        let ext = format.extension();
        let releases = self
            .entries
            .iter()
            .enumerate()
            .map(|(i, entry)| self.index_row(&path, entry, self.entries.get(i + 1), lang, format))
            .collect();
        let nav = self.nav_start(&path, lang, Some(Overview::Index), format);
        let context = Page {
            base: self.base(&path, lang, format, &title, nav, true),
            content: IndexPage {
                title: title.clone(),
                releases,
                matrix_href: self.href(&path, "matrix", format),
            },
        };
        let front = (format == PageFormat::Md).then_some(FrontMatter {
            title,
            version: None,
            date: None,
            lang,
            place: Some(INDEX_PLACE),
            label: None,
        });
        self.render(
            &format!("site-index.{ext}"),
            &context,
            &self.target(&path, lang, format),
            front,
        )
    }

    /// A release in the index, with a link to the diff from `older`.
    fn index_row(
        &self,
        index: &PagePath,
        entry: &Entry,
        older: Option<&Entry>,
        lang: Lang,
        format: PageFormat,
    ) -> IndexRow {
        let release = &entry.release;
        IndexRow {
            version: entry.version.clone(),
            href: self.href(index, &entry.version, format),
            title: release.title.get(lang).to_string(),
            date: release.date.clone(),
            cuda: release.cuda(&self.workspace.project),
            driver_min: release.driver.as_ref().and_then(|d| d.min.clone()),
            archs: release.arch_names(),
            diff: older.map(|o| Link {
                href: self.href(index, &diff_stem(&o.version, &entry.version), format),
                label: labels::get("changes_since", lang).replace("{from}", &o.version),
            }),
        }
    }

    /// The site's front door: a link to each language's index.
    fn chooser(&self) -> Result<(), Error> {
        let lang = self.workspace.default_language();
        let title = labels::get("site_title", lang).replace("{product}", self.product(lang));
        let base = PageBase::new(self.workspace, lang, PageFormat::Html, &title, Vec::new());
        let choices = self
            .langs
            .iter()
            .map(|&l| Choice {
                lang: l,
                href: format!("{l}/index.html"),
                name: render::labels::label("language_name", l).unwrap_or(l.code()),
                title: labels::get("site_title", l).replace("{product}", self.product(l)),
                prompt: labels::get("choose_language", l),
            })
            .collect();
        let context = Page {
            base: PageBase {
                page: PageHead {
                    links: chooser_links(self.langs, self.base_url),
                    ..base.page
                },
                ..base
            },
            content: ChooserPage { title, choices },
        };
        self.render("site-chooser.html", &context, "index.html", None)
    }
}

/// The front matter of a Markdown page: for the static site's `md/`
/// copies as [`FrontMatter::prepend`] writes it; for a generator, in its
/// keys.
struct FrontMatter {
    title: String,
    version: Option<String>,
    /// The release's date, on release pages.
    date: Option<String>,
    lang: Lang,
    /// The page's place in a generator's navigation, if it has one.
    place: Option<usize>,
    /// Its short label there, if its title is too long.
    label: Option<String>,
}

/// The places of the pages in a generator's navigation: the index, the
/// support matrix, then the releases, newest first.
const INDEX_PLACE: usize = 0;
pub(super) const MATRIX_PLACE: usize = 1;
const RELEASES_PLACE: usize = 2;

impl FrontMatter {
    fn facts(&self) -> FrontFacts<'_> {
        FrontFacts {
            title: &self.title,
            date: self.date.as_deref(),
            place: self.place,
            label: self.label.as_deref(),
        }
    }

    fn prepend(&self, body: &str) -> String {
        // A JSON string is a valid YAML double-quoted scalar.
        let quote = |s: &str| serde_json::to_string(s).expect("a string serialises");
        let mut out = format!("---\ntitle: {}\n", quote(&self.title));
        if let Some(version) = &self.version {
            out.push_str(&format!("version: {}\n", quote(version)));
        }
        out.push_str(&format!("lang: {}\n---\n\n", self.lang));
        out.push_str(body);
        out
    }
}
