//! The pages of the support matrix, per language and format. When every
//! release fits on one page, `matrix.html` is that page (with the
//! first-shipped table); else `matrix.html` is the overview — the pages
//! with their releases, and the release that first shipped each version —
//! and `matrix/<key>.html` a page per year or major version, linked to
//! the newer and older ones.

use super::{Builder, Error, FrontMatter, Link};
use crate::render::PageFormat;
use crate::render::page::Page;
use crate::site::digest::{Digest, Fingerprint};
use crate::site::matrix::paging::{self, Paging, Scheme, Span};
use crate::site::matrix::{self, ArchTable, Grid, first_shipped};
use crate::site::nav::{Overview, PagePath, matrix_stem, nav_start};
use crate::site::{Entry, labels};
use model::record::Lang;
use rayon::prelude::*;
use serde::Serialize;
use std::ops::Range;
use std::sync::{Mutex, OnceLock, PoisonError};

/// The content of a page of the support matrix.
#[derive(Debug, Serialize)]
struct MatrixPage {
    title: String,
    legend: Vec<LegendEntry>,
    /// The tables of this page's releases: empty on the overview of a
    /// paged matrix.
    tables: Vec<ArchTable>,
    /// Null when every release is on one page.
    paging: Option<PagingNav>,
    /// Which release first shipped each version: on `matrix.html` only.
    first_shipped: Vec<FirstShippedTable>,
}

#[derive(Debug, Serialize)]
struct LegendEntry {
    change: &'static str,
    marker: &'static str,
    label: &'static str,
}

/// The links between the pages of a paged matrix.
#[derive(Debug, Serialize)]
struct PagingNav {
    scheme: Scheme,
    /// How the matrix is paged, in words.
    note: &'static str,
    pages: Vec<PageEntry>,
    /// The overview, from a page; null on the overview.
    overview: Option<Link>,
    newer: Option<Link>,
    older: Option<Link>,
}

/// A page of the matrix and the releases it holds.
#[derive(Debug, Clone, Serialize)]
struct PageEntry {
    key: String,
    label: String,
    href: String,
    newest: String,
    oldest: String,
    releases: usize,
    current: bool,
}

impl PageEntry {
    /// The entry as every page shows it: not marked as the current one
    /// (a page's key holds which it is).
    fn unmarked(&self) -> PageEntry {
        PageEntry {
            current: false,
            ..self.clone()
        }
    }
}

/// Which release first shipped each version of one arch.
#[derive(Debug, Serialize)]
struct FirstShippedTable {
    arch: String,
    /// `first-amd64`.
    id: String,
    caption: String,
    rows: Vec<FirstShippedRow>,
}

#[derive(Debug, Serialize)]
struct FirstShippedRow {
    label: String,
    /// `cuda`, `driver` or `component`.
    kind: &'static str,
    majors: Vec<MajorEntry>,
}

#[derive(Debug, Serialize)]
struct MajorEntry {
    major: String,
    /// The version the first release has.
    version: String,
    release: String,
    href: String,
    /// Each minor version and its first release, newest first; empty
    /// when the major version has one.
    lines: Vec<LineEntry>,
}

#[derive(Debug, Serialize)]
struct LineEntry {
    line: String,
    version: String,
    release: String,
    href: String,
}

/// Everything the pages of one build share, computed once.
pub(super) struct Matrix<'a> {
    grids: &'a [Grid],
    paging: &'a Paging,
    shipped: &'a [Vec<first_shipped::Row<'a>>],
    /// Per page of a paged matrix, the key of its tables.
    table_keys: &'a [OnceLock<Digest>],
    pager_keys: &'a PagerKeys,
}

/// The grids and paging of the matrix, computed by the first page that
/// needs them (the other threads wait for it).
#[derive(Default)]
pub(super) struct MatrixData {
    grids: OnceLock<(Vec<Grid>, Paging, Vec<OnceLock<Digest>>)>,
    pager_keys: PagerKeys,
}

/// The keys of the lists of pages, by language, format and whether seen
/// from the overview.
type PagerKeys = Mutex<Vec<(PagerSide, Digest)>>;
type PagerSide = (Lang, PageFormat, bool);

/// What the first-shipped tables are made from, borrowing the grids.
pub(super) type Shipped<'a> = OnceLock<Vec<Vec<first_shipped::Row<'a>>>>;

impl Builder<'_> {
    /// The matrix pages, as (language, format, page): none for
    /// `matrix.html`, else the index of a page of a paged matrix.
    pub(super) fn matrix_pages(&self) -> Vec<(Lang, PageFormat, Option<usize>)> {
        let pages = self.matrix_paging().pages.len();
        let paged = pages > 1;
        let mut out = Vec::new();
        for &lang in self.langs {
            for format in [PageFormat::Html, PageFormat::Md] {
                out.push((lang, format, None));
                if paged {
                    out.extend((0..pages).map(|i| (lang, format, Some(i))));
                }
            }
        }
        out
    }

    fn matrix_paging(&self) -> Paging {
        let releases: Vec<(&str, Option<&str>)> = self
            .entries
            .iter()
            .map(|e| (e.version.as_str(), e.release.date.as_deref()))
            .collect();
        paging::paginate(&releases, paging::MAX_RELEASES_PER_PAGE)
    }

    /// The matrix data of this build, computing it if no page has yet.
    pub(super) fn matrix<'d>(&self, data: &'d MatrixData, shipped: &'d Shipped<'d>) -> Matrix<'d> {
        let (grids, paging, table_keys) = data.grids.get_or_init(|| {
            let paging = self.matrix_paging();
            let keys = paging.pages.iter().map(|_| OnceLock::new()).collect();
            (
                matrix::grids(&self.workspace.project, self.entries),
                paging,
                keys,
            )
        });
        let shipped = shipped.get_or_init(|| grids.par_iter().map(first_shipped::of).collect());
        Matrix {
            grids,
            paging,
            shipped,
            table_keys,
            pager_keys: &data.pager_keys,
        }
    }

    /// The key of the tables of the releases in `releases`: what they
    /// show, whatever the language (which the page's key holds).
    fn tables_key(&self, all: &Matrix, page: Option<usize>, releases: &Range<usize>) -> Digest {
        let compute = || {
            let mut f = Fingerprint::new("matrix tables");
            for grid in all.grids {
                grid.feed_table_key(self.entries, releases, &mut f);
            }
            f.finish()
        };
        match page {
            Some(i) => *all.table_keys[i].get_or_init(compute),
            None => compute(),
        }
    }

    /// The key of the list of pages in `paging`, which every page of a
    /// paged matrix shows (each marking its own): computed once per
    /// language, format and side.
    fn pager_key(
        &self,
        all: &Matrix,
        lang: Lang,
        format: PageFormat,
        paging: &PagingNav,
    ) -> Digest {
        let side = (lang, format, paging.overview.is_none());
        let known =
            |keys: &[(PagerSide, Digest)]| keys.iter().find(|(s, _)| *s == side).map(|(_, k)| *k);
        let lock = || {
            all.pager_keys
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
        };
        if let Some(key) = known(&lock()) {
            return key;
        }
        let pages: Vec<_> = paging.pages.iter().map(PageEntry::unmarked).collect();
        let key = Fingerprint::new("matrix pages").json(&pages).finish();
        lock().push((side, key));
        key
    }

    /// `matrix.html` (`page` none) or the page at `page`.
    pub(super) fn matrix_page(
        &self,
        lang: Lang,
        format: PageFormat,
        all: &Matrix,
        page: Option<usize>,
    ) -> Result<(), Error> {
        let stem = match page {
            Some(i) => matrix_stem(&all.paging.pages[i].key),
            None => "matrix".to_string(),
        };
        let path = PagePath { stem: &stem };
        let ext = format.extension();
        let up = path.up();
        let release_href = |v: &str| format!("{up}{v}.{ext}");
        let product = self.product(lang);
        let matrix_title = labels::get("matrix_title", lang).replace("{product}", product);
        let title = match page {
            Some(i) => labels::get("matrix_page_title", lang)
                .replace("{product}", product)
                .replace("{page}", &span_label(&all.paging.pages[i], lang)),
            None => matrix_title,
        };
        // One page shows every release; the overview of several, none.
        let releases = match page {
            Some(i) => Some(all.paging.pages[i].releases.clone()),
            None => (all.paging.pages.len() <= 1).then_some(0..self.entries.len()),
        };
        // The tables are the bulk of a page, and the list of pages the
        // rest: each is keyed on what it shows (the tables built only
        // when the page is).
        let tables_key = releases
            .as_ref()
            .map(|releases| self.tables_key(all, page, releases));
        let first_shipped = match page {
            Some(_) => Vec::new(),
            None => all
                .grids
                .iter()
                .zip(all.shipped)
                .map(|(grid, rows)| self.first_shipped_table(grid, rows, lang, &release_href))
                .collect(),
        };
        let mut paging = (all.paging.pages.len() > 1)
            .then(|| pager(self.entries, all.paging, page, lang, &up, ext));
        let pager_key = paging
            .as_ref()
            .map(|paging| self.pager_key(all, lang, format, paging));
        let pages = paging.as_mut().map(|p| std::mem::take(&mut p.pages));
        let legend = ["upgraded", "downgraded", "added", "removed"]
            .into_iter()
            .map(|change| LegendEntry {
                change,
                marker: labels::marker(change),
                label: labels::get(&format!("chg_{change}"), lang),
            })
            .collect();
        let nav = nav_start(&path, lang, Some(Overview::Matrix));
        let mut context = Page {
            base: self.base(&path, lang, format, &title, nav, true),
            content: MatrixPage {
                title: title.clone(),
                legend,
                tables: Vec::new(),
                paging,
                first_shipped,
            },
        };
        let front = (format == PageFormat::Md).then_some(FrontMatter {
            title,
            version: None,
            lang,
        });
        let template = format!("site-matrix.{ext}");
        let target = self.target(&path, lang, format);
        let mut more = Fingerprint::new("matrix page");
        for key in [tables_key, pager_key] {
            match key {
                Some(key) => more.part(&[1]).digest(&key),
                None => more.part(&[0]),
            };
        }
        more.debug(&page);
        let inputs = self.inputs.overview_page(
            &target,
            &template,
            &context,
            &front.as_ref().map(FrontMatter::fields),
            Some(&more.finish()),
        );
        if self.sink.reuse(&target, &inputs)? {
            return Ok(());
        }
        if let (Some(paging), Some(pages)) = (context.content.paging.as_mut(), pages) {
            paging.pages = pages;
        }
        if let Some(releases) = releases {
            context.content.tables = all
                .grids
                .iter()
                .filter_map(|g| g.table(self.entries, &releases, lang, &release_href))
                .collect();
        }
        self.render_keyed(&template, &context, target, front, &inputs)
    }

    fn first_shipped_table(
        &self,
        grid: &Grid,
        rows: &[first_shipped::Row],
        lang: Lang,
        release_href: &dyn Fn(&str) -> String,
    ) -> FirstShippedTable {
        let linked = |i: usize| {
            let version = &self.entries[i].version;
            (version.clone(), release_href(version))
        };
        let rows = rows
            .iter()
            .map(|row| FirstShippedRow {
                label: row.kind.label(lang),
                kind: row.kind.as_str(),
                majors: row
                    .majors
                    .iter()
                    .map(|m| {
                        let (release, href) = linked(m.first.release);
                        // A major version of one minor version says it once.
                        let lines = if m.lines.len() > 1 { &m.lines[..] } else { &[] };
                        MajorEntry {
                            major: m.first.line.clone(),
                            version: m.first.version.clone(),
                            release,
                            href,
                            lines: lines
                                .iter()
                                .map(|l| {
                                    let (release, href) = linked(l.release);
                                    LineEntry {
                                        line: l.line.clone(),
                                        version: l.version.clone(),
                                        release,
                                        href,
                                    }
                                })
                                .collect(),
                        }
                    })
                    .collect(),
            })
            .collect();
        FirstShippedTable {
            arch: grid.arch.clone(),
            id: format!("first-{}", grid.arch),
            caption: labels::get("first_shipped_caption", lang).replace("{arch}", &grid.arch),
            rows,
        }
    }
}

/// The links between the pages, seen from `page` (none: the overview);
/// `up` leads from it to the language directory.
fn pager(
    entries: &[Entry],
    paging: &Paging,
    page: Option<usize>,
    lang: Lang,
    up: &str,
    ext: &str,
) -> PagingNav {
    // From a page to its siblings, from the overview into `matrix/`.
    let href = |span: &Span| match page {
        Some(_) => format!("{}.{ext}", span.key),
        None => format!("{}.{ext}", matrix_stem(&span.key)),
    };
    let link = |i: usize, label: &str| Link {
        href: href(&paging.pages[i]),
        label: labels::get(label, lang).replace("{page}", &span_label(&paging.pages[i], lang)),
    };
    PagingNav {
        scheme: paging.scheme,
        note: labels::get(
            match paging.scheme {
                Scheme::Year => "matrix_paged_year",
                Scheme::Major => "matrix_paged_major",
            },
            lang,
        ),
        pages: paging
            .pages
            .iter()
            .enumerate()
            .map(|(i, span)| PageEntry {
                key: span.key.clone(),
                label: span_label(span, lang),
                href: href(span),
                newest: entries[span.releases.start].version.clone(),
                oldest: entries[span.releases.end - 1].version.clone(),
                releases: span.releases.len(),
                current: page == Some(i),
            })
            .collect(),
        overview: page.map(|_| Link {
            href: format!("{up}matrix.{ext}"),
            label: labels::get("matrix_overview", lang).to_string(),
        }),
        newer: page
            .and_then(|i| i.checked_sub(1))
            .map(|i| link(i, "matrix_newer")),
        older: page
            .map(|i| i + 1)
            .filter(|&i| i < paging.pages.len())
            .map(|i| link(i, "matrix_older")),
    }
}

/// `2025`, `25.x`, or `2025, part 2`.
fn span_label(span: &Span, lang: Lang) -> String {
    match span.part {
        Some(n) => labels::get("matrix_part", lang)
            .replace("{group}", &span.group)
            .replace("{n}", &n.to_string()),
        None => span.group.clone(),
    }
}
