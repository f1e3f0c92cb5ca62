//! The pages of the site and their contexts: each a render [`Page`] whose
//! base the site makes its own (links between languages, head links,
//! navigation), with the release and diff pages' content from render and
//! the index, matrix and chooser's content from here.

use super::SiteError as Error;
use super::digest::Digest;
use super::inputs::Inputs;
use super::nav::{
    Overview, PagePath, chooser_links, diff_stem, head_links, nav_link, nav_start, sbom_file,
};
use super::sink::Sink;
use super::{Entry, Site, labels};
use crate::diff;
use crate::render::page::{Nav, NavLink, Page, PageBase, PageHead};
use crate::render::{self, PageFormat, Templates, context, diff_context};
use crate::sbom;
use model::record::{Lang, Workspace};
use serde::Serialize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

#[path = "matrix_pages.rs"]
mod matrix_pages;

pub(super) struct Builder<'a> {
    pub workspace: &'a Workspace,
    pub templates: &'a Templates,
    pub langs: &'a [Lang],
    pub base_url: Option<&'a str>,
    /// Newest first.
    pub entries: &'a [Entry],
    /// What each page is built from, in the order of `entries`.
    pub inputs: &'a Inputs,
    /// Where each page goes once rendered.
    pub sink: &'a dyn Sink,
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
    /// Renders every page into the sink, on one thread per core, each
    /// taking the next piece of work not yet taken: first the pages about
    /// every release (each page of the matrix, then per language and
    /// format the index, then the chooser), then each release (its pages,
    /// SBOMs and diffs). Every thread renders with the same
    /// templates, so each template is compiled once; each page goes to the
    /// sink as soon as it is rendered. The result does not depend on the
    /// number of threads.
    pub fn build(&self) -> Result<(), Error> {
        let matrix_data = matrix_pages::MatrixData::default();
        let shipped = matrix_pages::Shipped::default();
        // The matrix pages first: they wait for the grids, which the
        // first of them computes.
        let matrix_pages = self.matrix_pages();
        let overviews: Vec<(Lang, PageFormat)> = self
            .langs
            .iter()
            .flat_map(|&lang| [(lang, PageFormat::Html), (lang, PageFormat::Md)])
            .collect();
        let indexes = matrix_pages.len();
        let chooser = indexes + overviews.len();
        let work = chooser + 1 + self.entries.len();
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(work);
        let next = AtomicUsize::new(0);
        // After an error the other threads stop at their next piece.
        let failed = AtomicBool::new(false);
        let worker = || -> Result<(), Error> {
            while !failed.load(Ordering::Relaxed) {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let done = match i {
                    i if i < indexes => {
                        let (lang, format, page) = matrix_pages[i];
                        let all = self.matrix(&matrix_data, &shipped);
                        self.matrix_page(lang, format, &all, page)
                    }
                    i if i < chooser => {
                        let (lang, format) = overviews[i - indexes];
                        self.index(lang, format)
                    }
                    i if i == chooser => self.chooser(),
                    i if i < work => self.releases_at(i - chooser - 1),
                    _ => break,
                };
                done.inspect_err(|_| failed.store(true, Ordering::Relaxed))?;
            }
            Ok(())
        };
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
            handles
                .into_iter()
                .try_for_each(|h| h.join().expect("a site thread panicked"))
        })
    }

    /// Hands rendered pages to the sink.
    fn emit(&self, site: Site, inputs: Option<&Digest>) -> Result<(), Error> {
        for (path, bytes) in site.files {
            self.sink.put(&path, inputs, &bytes)?;
        }
        Ok(())
    }

    /// Everything of the release at `i` (newest first): its SBOMs, its
    /// pages, and the diff from the release before it — each only when
    /// the sink cannot reuse it from the previous build.
    fn releases_at(&self, i: usize) -> Result<(), Error> {
        let entry = &self.entries[i];
        let older = self.entries.get(i + 1);
        let project = &self.workspace.project;
        // Each computed once, when first needed: the release's effective
        // components per arch, the older one's, the diff between them,
        // and per language the diff page's content.
        let views = std::cell::OnceCell::new();
        let views = || views.get_or_init(|| entry.release.resolve(project));
        for (arch, view) in entry.release.archs.iter().zip(0..) {
            let path = sbom_file(&entry.version, arch);
            let inputs = self.inputs.sbom(&path, i);
            if !self.sink.reuse(&path, &inputs)? {
                let text = sbom::build_json_of(project, &entry.release, &views()[view])?;
                self.sink.put(&path, Some(&inputs), text.as_bytes())?;
            }
        }
        let mut changes = None;
        for &lang in self.langs {
            let mut notes = None;
            for format in [PageFormat::Html, PageFormat::Md] {
                let page = PagePath {
                    stem: &entry.version,
                };
                let path = self.target(&page, lang, format);
                let inputs = self.inputs.release_page(&path, i, older);
                if !self.sink.reuse(&path, &inputs)? {
                    let mut site = Site::default();
                    let content = context::release_notes_of(&entry.release, views(), lang, format);
                    self.release(&mut site, lang, format, entry, older, content)?;
                    self.emit(site, Some(&inputs))?;
                }
                let Some(older) = older else { continue };
                let stem = diff_stem(&older.version, &entry.version);
                let path = self.target(&PagePath { stem: &stem }, lang, format);
                let inputs = self.inputs.diff_page(&path, i, i + 1);
                if self.sink.reuse(&path, &inputs)? {
                    continue;
                }
                if changes.is_none() {
                    changes = Some(diff::diff_of(
                        project,
                        (&older.release, &older.release.resolve(project)),
                        (&entry.release, views()),
                        None,
                    )?);
                }
                let changes = changes.as_ref().expect("computed above");
                let notes = notes
                    .get_or_insert_with(|| diff_context::diff_notes(self.workspace, changes, lang));
                let mut site = Site::default();
                self.diff(&mut site, lang, format, older, entry, notes)?;
                self.emit(site, Some(&inputs))?;
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

    /// Renders a page about every release (an index, a matrix page, the
    /// chooser) into the sink, unless the previous build wrote it from
    /// the same context: what such a page shows of the releases is all in
    /// its context, so that is what it is keyed on.
    fn render_overview<C: Serialize>(
        &self,
        page: &str,
        context: &C,
        target: String,
        front: Option<FrontMatter>,
    ) -> Result<(), Error> {
        let inputs = self.inputs.overview_page(
            &target,
            page,
            context,
            &front.as_ref().map(FrontMatter::fields),
            None,
        );
        if self.sink.reuse(&target, &inputs)? {
            return Ok(());
        }
        self.render_keyed(page, context, target, front, &inputs)
    }

    /// Renders a page the sink cannot reuse into it, keyed on `inputs`.
    fn render_keyed<C: Serialize>(
        &self,
        page: &str,
        context: &C,
        target: String,
        front: Option<FrontMatter>,
        inputs: &Digest,
    ) -> Result<(), Error> {
        let mut site = Site::default();
        self.render(&mut site, page, context, target, front)?;
        self.emit(site, Some(inputs))
    }

    fn release(
        &self,
        site: &mut Site,
        lang: Lang,
        format: PageFormat,
        entry: &Entry,
        older: Option<&Entry>,
        content: context::ReleaseNotes,
    ) -> Result<(), Error> {
        let path = PagePath {
            stem: &entry.version,
        };
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
        content: &diff_context::DiffNotes,
    ) -> Result<(), Error> {
        let stem = diff_stem(&from.version, &to.version);
        let path = PagePath { stem: &stem };
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

    fn index(&self, lang: Lang, format: PageFormat) -> Result<(), Error> {
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
        self.render_overview(
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
    fn chooser(&self) -> Result<(), Error> {
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
        self.render_overview("site-chooser.html", &context, "index.html".into(), None)
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
    /// What the front matter says, to key a page on.
    fn fields(&self) -> (&str, Option<&str>, Lang) {
        (&self.title, self.version.as_deref(), self.lang)
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
