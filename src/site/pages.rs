//! The pages of the site and their contexts: each a render [`Page`] whose
//! base the site makes its own (links between languages, head links,
//! navigation), with the release and diff pages' content from render and
//! the index, matrix and chooser's content from here.

use super::SiteError as Error;
use super::nav::{
    Overview, PagePath, chooser_links, diff_stem, head_links, nav_link, nav_start, sbom_file,
};
use super::{Entry, Site, labels};
use crate::diff;
use crate::record::{Lang, Workspace};
use crate::render::page::{Nav, NavLink, Page, PageBase, PageHead};
use crate::render::{self, PageFormat, Templates, context, diff_context};
use crate::sbom;
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

impl Builder<'_> {
    /// Renders every page into `site`: the index, matrix and chooser here,
    /// the releases (their pages, SBOMs and diffs) on one thread per core.
    /// Every thread renders with the same templates, so each template is
    /// compiled once. The result does not depend on the number of threads.
    pub fn build(&self, site: &mut Site) -> Result<(), Error> {
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(self.entries.len())
            .max(1);
        let parts: Vec<Result<Site, Error>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || -> Result<Site, Error> {
                        let mut part = Site::default();
                        for i in (t..self.entries.len()).step_by(threads) {
                            self.releases_at(&mut part, i)?;
                        }
                        Ok(part)
                    })
                })
                .collect();
            // Meanwhile, here: the pages about every release.
            let mut own = Site::default();
            let result = self.overview_pages(&mut own).map(|()| own);
            std::iter::once(result)
                .chain(
                    handles
                        .into_iter()
                        .map(|h| h.join().expect("a site thread panicked")),
                )
                .collect()
        });
        for part in parts {
            site.files.extend(part?.files);
        }
        Ok(())
    }

    /// The chooser, and per language the index and the matrix.
    fn overview_pages(&self, site: &mut Site) -> Result<(), Error> {
        for &lang in self.langs {
            for format in [PageFormat::Html, PageFormat::Md] {
                self.index(site, lang, format)?;
            }
        }
        self.matrix(site)?;
        self.chooser(site)
    }

    /// Everything of the release at `i` (newest first): its SBOMs, its
    /// pages, and the diff from the release before it.
    fn releases_at(&self, site: &mut Site, i: usize) -> Result<(), Error> {
        let entry = &self.entries[i];
        let older = self.entries.get(i + 1);
        for arch in &entry.release.archs {
            let bom = sbom::build(&self.workspace.project, &entry.release, arch, None)?;
            let text = sbom::encode(bom, sbom::SbomFormat::Json)?;
            site.add(sbom_file(&entry.version, arch), text);
        }
        let changes = match older {
            Some(older) => Some(diff::diff(
                &self.workspace.project,
                &older.release,
                &entry.release,
                None,
            )?),
            None => None,
        };
        for &lang in self.langs {
            for format in [PageFormat::Html, PageFormat::Md] {
                self.release(site, lang, format, entry, older)?;
                if let (Some(older), Some(changes)) = (older, &changes) {
                    self.diff(site, lang, format, older, entry, changes)?;
                }
            }
        }
        Ok(())
    }

    fn product(&self, lang: Lang) -> &str {
        self.workspace.project.product.name.get(lang)
    }

    fn other(&self, lang: Lang) -> Option<Lang> {
        let other = lang.other();
        self.langs.contains(&other).then_some(other)
    }

    /// Where a page goes: `en/25.10.html`, `md/en/25.10.md`.
    fn target(&self, path: &PagePath, lang: Lang, format: PageFormat) -> String {
        match format {
            PageFormat::Html => path.file(lang, format),
            PageFormat::Md => format!("md/{}", path.file(lang, format)),
        }
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
        let alternate = self.other(lang).map(|other| path.to_lang(other, format));
        let base = PageBase::new(self.workspace, lang, format, title, alternate);
        let labels = if own_page {
            base.labels.with_product(self.product(lang))
        } else {
            base.labels
        };
        let page = match format {
            PageFormat::Md => base.page,
            PageFormat::Html => PageHead {
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

    fn render<C: Serialize>(
        &self,
        site: &mut Site,
        page: &str,
        context: &C,
        target: String,
        front: Option<FrontMatter>,
    ) -> Result<(), Error> {
        let text = self.templates.render_page(page, context)?;
        let text = match front {
            Some(front) => front.prepend(&text),
            None => text,
        };
        site.add(target, text);
        Ok(())
    }

    fn release(
        &self,
        site: &mut Site,
        lang: Lang,
        format: PageFormat,
        entry: &Entry,
        older: Option<&Entry>,
    ) -> Result<(), Error> {
        let path = PagePath {
            stem: &entry.version,
        };
        let content = context::release_notes(self.workspace, &entry.release, lang, format);
        let mut nav = nav_start(&path, lang, None);
        if let Some(older) = older {
            nav.push(nav_link(
                format!(
                    "{}.{}",
                    diff_stem(&older.version, &entry.version),
                    format.extension()
                ),
                labels::get("changes_since", lang).replace("{from}", &older.version),
            ));
        }
        for arch in &entry.release.archs {
            nav.push(nav_link(
                format!("../{}", sbom_file(&entry.version, arch)),
                labels::get("sbom_of", lang).replace("{arch}", arch.as_str()),
            ));
        }
        let front = (format == PageFormat::Md).then(|| FrontMatter {
            title: content.title.clone(),
            version: Some(entry.version.clone()),
            lang,
        });
        let context = Page {
            base: self.base(&path, lang, format, &content.title, nav, false),
            content,
        };
        self.render(
            site,
            &format!("release.{}", format.extension()),
            &context,
            self.target(&path, lang, format),
            front,
        )
    }

    fn diff(
        &self,
        site: &mut Site,
        lang: Lang,
        format: PageFormat,
        from: &Entry,
        to: &Entry,
        changes: &diff::ReleaseDiff,
    ) -> Result<(), Error> {
        let stem = diff_stem(&from.version, &to.version);
        let path = PagePath { stem: &stem };
        let content = diff_context::diff_notes(self.workspace, changes, lang);
        let mut nav = nav_start(&path, lang, None);
        for version in [&from.version, &to.version] {
            nav.push(nav_link(
                format!("../{version}.{}", format.extension()),
                version.clone(),
            ));
        }
        let front = (format == PageFormat::Md).then(|| FrontMatter {
            title: content.title.clone(),
            version: Some(format!("{}..{}", from.version, to.version)),
            lang,
        });
        let context = Page {
            base: self.base(&path, lang, format, &content.title, nav, false),
            content,
        };
        self.render(
            site,
            &format!("diff.{}", format.extension()),
            &context,
            self.target(&path, lang, format),
            front,
        )
    }

    fn index(&self, site: &mut Site, lang: Lang, format: PageFormat) -> Result<(), Error> {
        let path = PagePath { stem: "index" };
        let title = labels::get("site_title", lang).replace("{product}", self.product(lang));
        let ext = format.extension();
        let releases = self
            .entries
            .iter()
            .enumerate()
            .map(|(i, entry)| self.index_row(entry, self.entries.get(i + 1), lang, ext))
            .collect();
        let nav = nav_start(&path, lang, Some(Overview::Index));
        let context = Page {
            base: self.base(&path, lang, format, &title, nav, true),
            content: IndexPage {
                title: title.clone(),
                releases,
                matrix_href: format!("matrix.{ext}"),
            },
        };
        let front = (format == PageFormat::Md).then_some(FrontMatter {
            title,
            version: None,
            lang,
        });
        self.render(
            site,
            &format!("site-index.{ext}"),
            &context,
            self.target(&path, lang, format),
            front,
        )
    }

    /// A release in the index, with a link to the diff from `older`.
    fn index_row(&self, entry: &Entry, older: Option<&Entry>, lang: Lang, ext: &str) -> IndexRow {
        let release = &entry.release;
        IndexRow {
            version: entry.version.clone(),
            href: format!("{}.{ext}", entry.version),
            title: release.title.get(lang).to_string(),
            date: release.date.clone(),
            cuda: release.cuda(&self.workspace.project),
            driver_min: release.driver.as_ref().and_then(|d| d.min.clone()),
            archs: release.arch_names(),
            diff: older.map(|o| Link {
                href: format!("{}.{ext}", diff_stem(&o.version, &entry.version)),
                label: labels::get("changes_since", lang).replace("{from}", &o.version),
            }),
        }
    }

    /// The site's front door: a link to each language's index.
    fn chooser(&self, site: &mut Site) -> Result<(), Error> {
        let lang = self.workspace.default_language();
        let title = labels::get("site_title", lang).replace("{product}", self.product(lang));
        let base = PageBase::new(self.workspace, lang, PageFormat::Html, &title, None);
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
        self.render(
            site,
            "site-chooser.html",
            &context,
            "index.html".into(),
            None,
        )
    }
}

/// The front matter of a Markdown page, for Docusaurus, mdBook
/// (with a front-matter preprocessor), Hugo and the like.
struct FrontMatter {
    title: String,
    version: Option<String>,
    lang: Lang,
}

impl FrontMatter {
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
