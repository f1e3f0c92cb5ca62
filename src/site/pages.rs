//! The pages of the site: their paths, their links, their contexts.
//!
//! Every link is relative, so the site works from `file://` and under any
//! sub-path; the base URL only makes `<link rel="canonical">`.

use super::SiteError as Error;
use super::{Entry, Site, labels, matrix};
use crate::diff;
use crate::record::{Arch, Lang, Workspace};
use crate::render::{self, PageFormat, Templates, context, diff_page};
use crate::sbom;
use serde_json::{Map, Value, json};
use std::path::Path;

pub(super) struct Builder<'a> {
    pub workspace: &'a Workspace,
    pub templates: &'a Templates,
    pub langs: &'a [Lang],
    pub base_url: Option<&'a str>,
    /// Newest first.
    pub entries: &'a [Entry],
}

/// A page of one language: its path under the language directory without
/// extension (`25.10`, `diff/25.05..25.10`, `index`).
struct PagePath<'a> {
    stem: &'a str,
}

impl PagePath<'_> {
    /// `../` for each directory below the language directory.
    fn up(&self) -> String {
        "../".repeat(self.stem.matches('/').count())
    }
    /// The path of this page relative to the site (or `md/`) root.
    fn file(&self, lang: Lang, format: PageFormat) -> String {
        format!("{lang}/{}.{}", self.stem, format.extension())
    }
    /// From this page to the same page in `other`.
    fn to_lang(&self, other: Lang, format: PageFormat) -> String {
        format!("{}../{}", self.up(), self.file(other, format))
    }
}

fn sbom_file(version: &str, arch: &Arch) -> String {
    format!(
        "sbom/{}",
        sbom::file_name(version, arch, sbom::SbomFormat::Json)
    )
}

fn diff_stem(from: &str, to: &str) -> String {
    format!("diff/{from}..{to}")
}

impl Builder<'_> {
    /// Renders every page into `site`: the index, matrix and chooser here,
    /// the releases (their pages, SBOMs and diffs) on one thread per core,
    /// each with its own compiled templates. The result does not depend
    /// on the number of threads.
    pub fn build(&self, site: &mut Site, templates_dir: Option<&Path>) -> Result<(), Error> {
        let threads = std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(self.entries.len())
            .max(1);
        let (workspace, langs, base_url, entries) =
            (self.workspace, self.langs, self.base_url, self.entries);
        let parts: Vec<Result<Site, Error>> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    scope.spawn(move || -> Result<Site, Error> {
                        let templates = Templates::load(workspace, templates_dir)?;
                        let builder = Builder {
                            workspace,
                            templates: &templates,
                            langs,
                            base_url,
                            entries,
                        };
                        let mut part = Site::default();
                        for i in (t..entries.len()).step_by(threads) {
                            builder.releases_at(&mut part, i)?;
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
                self.matrix(site, lang, format)?;
            }
        }
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

    /// Makes a page context a page of the site: the other language's page
    /// as a relative link, `hreflang` links for every language and
    /// `x-default`, the canonical URL, the navigation, the site's labels.
    fn site_page(
        &self,
        context: &mut Value,
        path: &PagePath,
        lang: Lang,
        format: PageFormat,
        nav: Vec<Value>,
        own_page: bool,
    ) {
        let alternate = self.other(lang).map(|other| path.to_lang(other, format));
        let root = context.as_object_mut().expect("page contexts are objects");
        root.insert("alternate_href".into(), json!(alternate));
        if own_page && let Some(Value::Object(labels)) = root.get_mut("labels") {
            labels::extend(labels, lang, self.product(lang));
        }
        let Some(Value::Object(page)) = root.get_mut("page") else {
            return;
        };
        if let (Some(href), Some(Value::Object(alt))) = (alternate, page.get_mut("alternate")) {
            alt.insert("href".into(), Value::String(href));
        }
        if format == PageFormat::Md {
            return;
        }
        let mut links = vec![json!({
            "rel": "alternate",
            "hreflang": lang.code(),
            "href": path.to_lang(lang, format),
        })];
        if self.langs.len() > 1 {
            links.push(json!({
                "rel": "alternate",
                "hreflang": "x-default",
                "href": format!("{}../index.html", path.up()),
            }));
        }
        if let Some(base) = self.base_url {
            links.push(json!({
                "rel": "canonical",
                "hreflang": null,
                "href": format!("{base}/{}", path.file(lang, format)),
            }));
        }
        page.insert("links".into(), Value::Array(links));
        page.insert(
            "nav".into(),
            json!({ "label": labels::get("site_nav", lang), "links": nav }),
        );
    }

    /// The links every page of a language starts its navigation with.
    fn nav(&self, path: &PagePath, lang: Lang, current: &str) -> Vec<Value> {
        let up = path.up();
        vec![
            json!({
                "href": format!("{up}index.html"),
                "label": labels::get("all_releases", lang),
                "current": current == "index",
            }),
            json!({
                "href": format!("{up}matrix.html"),
                "label": labels::get("matrix", lang),
                "current": current == "matrix",
            }),
        ]
    }

    fn render(
        &self,
        site: &mut Site,
        page: &str,
        context: &Value,
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
        let mut ctx = context::release_context(self.workspace, &entry.release, lang, format);
        let mut nav = self.nav(&path, lang, "");
        if let Some(older) = older {
            nav.push(json!({
                "href": format!("{}.{}", diff_stem(&older.version, &entry.version), format.extension()),
                "label": labels::get("changes_since", lang).replace("{from}", &older.version),
                "current": false,
            }));
        }
        for arch in &entry.release.archs {
            nav.push(json!({
                "href": format!("../{}", sbom_file(&entry.version, arch)),
                "label": labels::get("sbom_of", lang).replace("{arch}", arch.as_str()),
                "current": false,
            }));
        }
        self.site_page(&mut ctx, &path, lang, format, nav, false);
        let title = entry.release.title.get(lang).to_string();
        let front = (format == PageFormat::Md).then(|| FrontMatter {
            title,
            version: Some(entry.version.clone()),
            lang,
        });
        self.render(
            site,
            &format!("release.{}", format.extension()),
            &ctx,
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
        let mut ctx = diff_page::diff_context(self.workspace, changes, lang, format);
        let mut nav = self.nav(&path, lang, "");
        for version in [&from.version, &to.version] {
            nav.push(json!({
                "href": format!("../{version}.{}", format.extension()),
                "label": version,
                "current": false,
            }));
        }
        self.site_page(&mut ctx, &path, lang, format, nav, false);
        let front = (format == PageFormat::Md).then(|| FrontMatter {
            title: ctx["title"].as_str().unwrap_or_default().to_string(),
            version: Some(format!("{}..{}", from.version, to.version)),
            lang,
        });
        self.render(
            site,
            &format!("diff.{}", format.extension()),
            &ctx,
            self.target(&path, lang, format),
            front,
        )
    }

    fn index(&self, site: &mut Site, lang: Lang, format: PageFormat) -> Result<(), Error> {
        let path = PagePath { stem: "index" };
        let title = labels::get("site_title", lang).replace("{product}", self.product(lang));
        let mut ctx = context::page_base(self.workspace, lang, format, &title, None);
        let ext = format.extension();
        let releases: Vec<Value> = self
            .entries
            .iter()
            .enumerate()
            .map(|(i, entry)| {
                let release = &entry.release;
                let driver = release.driver.as_ref();
                let cuda = release.cuda(&self.workspace.project);
                let older = self.entries.get(i + 1);
                json!({
                    "version": entry.version,
                    "href": format!("{}.{ext}", entry.version),
                    "title": release.title.get(lang),
                    "date": release.date,
                    "cuda": cuda,
                    "driver_min": driver.and_then(|d| d.min.as_ref()),
                    "archs": release.arch_names(),
                    "diff": older.map(|o| json!({
                        "href": format!("{}.{ext}", diff_stem(&o.version, &entry.version)),
                        "label": labels::get("changes_since", lang).replace("{from}", &o.version),
                    })),
                })
            })
            .collect();
        let nav = self.nav(&path, lang, "index");
        self.site_page(&mut ctx, &path, lang, format, nav, true);
        let root = ctx.as_object_mut().expect("object");
        root.insert("title".into(), json!(title));
        root.insert("releases".into(), Value::Array(releases));
        root.insert("matrix_href".into(), json!(format!("matrix.{ext}")));
        self.set_alternate(root, &path, lang, format);
        let front = (format == PageFormat::Md).then(|| FrontMatter {
            title: title.clone(),
            version: None,
            lang,
        });
        self.render(
            site,
            &format!("site-index.{ext}"),
            &ctx,
            self.target(&path, lang, format),
            front,
        )
    }

    fn matrix(&self, site: &mut Site, lang: Lang, format: PageFormat) -> Result<(), Error> {
        let path = PagePath { stem: "matrix" };
        let title = labels::get("matrix_title", lang).replace("{product}", self.product(lang));
        let mut ctx = context::page_base(self.workspace, lang, format, &title, None);
        let ext = format.extension();
        let tables = matrix::matrix(&self.workspace.project, self.entries, lang, &|v| {
            format!("{v}.{ext}")
        });
        let nav = self.nav(&path, lang, "matrix");
        self.site_page(&mut ctx, &path, lang, format, nav, true);
        let root = ctx.as_object_mut().expect("object");
        root.insert("title".into(), json!(title));
        root.insert("tables".into(), tables);
        root.insert(
            "legend".into(),
            json!(
                ["upgraded", "downgraded", "added", "removed"]
                    .iter()
                    .map(|c| json!({
                        "change": c,
                        "marker": labels::marker(c),
                        "label": labels::get(&format!("chg_{c}"), lang),
                    }))
                    .collect::<Vec<_>>()
            ),
        );
        self.set_alternate(root, &path, lang, format);
        let front = (format == PageFormat::Md).then(|| FrontMatter {
            title: title.clone(),
            version: None,
            lang,
        });
        self.render(
            site,
            &format!("site-matrix.{ext}"),
            &ctx,
            self.target(&path, lang, format),
            front,
        )
    }

    /// `page.alternate` of a page built from `page_base` without one.
    fn set_alternate(
        &self,
        root: &mut Map<String, Value>,
        path: &PagePath,
        lang: Lang,
        format: PageFormat,
    ) {
        let Some(other) = self.other(lang) else {
            return;
        };
        let href = path.to_lang(other, format);
        root.insert("alternate_href".into(), json!(href));
        if let Some(Value::Object(page)) = root.get_mut("page") {
            page.insert(
                "alternate".into(),
                json!({
                    "lang": other.code(),
                    "href": href,
                    "label": render::labels::label("language_name", other).unwrap_or(other.code()),
                }),
            );
        }
    }

    /// The site's front door: a link to each language's index.
    fn chooser(&self, site: &mut Site) -> Result<(), Error> {
        let lang = self.workspace.default_language();
        let title = labels::get("site_title", lang).replace("{product}", self.product(lang));
        let mut ctx = context::page_base(self.workspace, lang, PageFormat::Html, &title, None);
        let mut links: Vec<Value> = self
            .langs
            .iter()
            .map(|l| {
                json!({
                    "rel": "alternate",
                    "hreflang": l.code(),
                    "href": format!("{l}/index.html"),
                })
            })
            .collect();
        links.push(json!({ "rel": "alternate", "hreflang": "x-default", "href": "index.html" }));
        if let Some(base) = self.base_url {
            links.push(json!({ "rel": "canonical", "hreflang": null, "href": format!("{base}/") }));
        }
        let choices: Vec<Value> = self
            .langs
            .iter()
            .map(|&l| {
                json!({
                    "lang": l.code(),
                    "href": format!("{l}/index.html"),
                    "name": render::labels::label("language_name", l).unwrap_or(l.code()),
                    "title": labels::get("site_title", l).replace("{product}", self.product(l)),
                    "prompt": labels::get("choose_language", l),
                })
            })
            .collect();
        let root = ctx.as_object_mut().expect("object");
        root.insert("title".into(), json!(title));
        root.insert("choices".into(), Value::Array(choices));
        if let Some(Value::Object(page)) = root.get_mut("page") {
            page.insert("links".into(), Value::Array(links));
        }
        self.render(site, "site-chooser.html", &ctx, "index.html".into(), None)
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
