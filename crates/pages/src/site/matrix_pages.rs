//! The pages of the support matrix, per language and format. When every
//! release fits on one page, `matrix.html` is that page (with the
//! first-shipped table); else `matrix.html` is the overview — the pages
//! with their releases, and the release that first shipped each version —
//! and `matrix/<key>.html` a page per year or major version, linked to
//! the newer and older ones.

use super::{Builder, Error, FrontMatter, Link, MATRIX_PLACE};
use crate::render::PageFormat;
use crate::render::page::Page;
use crate::site::matrix::paging::{self, Paging, Scheme, Span};
use crate::site::matrix::{self, ArchTable, Grid, first_shipped};
use crate::site::nav::{Overview, PagePath, matrix_stem};
use crate::site::{Entry, labels};
use model::Lang;
use rayon::prelude::*;
use serde::Serialize;

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
#[derive(Debug, Serialize)]
struct PageEntry {
    key: String,
    label: String,
    href: String,
    newest: String,
    oldest: String,
    releases: usize,
    current: bool,
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
struct Matrix<'a> {
    grids: &'a [Grid],
    paging: &'a Paging,
    shipped: &'a [Vec<first_shipped::Row<'a>>],
}

impl Builder<'_> {
    /// Every page of the matrix, in every language and format: the grids
    /// and paging first, once, then the pages in parallel.
    pub(super) fn matrix_pages(&self) -> Result<(), Error> {
        let releases: Vec<(&str, Option<&str>)> = self
            .entries
            .iter()
            .map(|e| (e.version.as_str(), e.release.date.as_deref()))
            .collect();
        let paging = paging::paginate(&releases, paging::MAX_RELEASES_PER_PAGE);
        let grids = matrix::grids(&self.workspace.project, self.entries);
        let shipped: Vec<_> = grids.par_iter().map(first_shipped::of).collect();
        let all = Matrix {
            grids: &grids,
            paging: &paging,
            shipped: &shipped,
        };
        // None for `matrix.html`, else the index of a page of a paged matrix.
        let pages = paging.pages.len();
        let mut work = Vec::new();
        for &lang in self.langs {
            for &format in self.formats() {
                work.push((lang, format, None));
                if pages > 1 {
                    work.extend((0..pages).map(|i| (lang, format, Some(i))));
                }
            }
        }
        work.into_par_iter()
            .try_for_each(|(lang, format, page)| self.matrix_page(lang, format, &all, page))
    }

    /// `matrix.html` (`page` none) or the page at `page`.
    fn matrix_page(
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
        let release_href = |v: &str| self.href(&path, v, format);
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
        let first_shipped = match page {
            Some(_) => Vec::new(),
            None => all
                .grids
                .iter()
                .zip(all.shipped)
                .map(|(grid, rows)| self.first_shipped_table(grid, rows, lang, &release_href))
                .collect(),
        };
        let paging = (all.paging.pages.len() > 1).then(|| {
            pager(self.entries, all.paging, page, lang, &|to| {
                self.href(&path, to, format)
            })
        });
        let tables = match releases {
            Some(releases) => all
                .grids
                .iter()
                .filter_map(|g| g.table(self.entries, &releases, lang, &release_href))
                .collect(),
            None => Vec::new(),
        };
        let legend = ["upgraded", "downgraded", "added", "removed"]
            .into_iter()
            .map(|change| LegendEntry {
                change,
                marker: labels::marker(change),
                label: labels::get(&format!("chg_{change}"), lang),
            })
            .collect();
        let nav = self.nav_start(&path, lang, Some(Overview::Matrix), format);
        let context = Page {
            base: self.base(&path, lang, format, &title, nav, true),
            content: MatrixPage {
                title: title.clone(),
                legend,
                tables,
                paging,
                first_shipped,
            },
        };
        let front = (format == PageFormat::Md).then_some(FrontMatter {
            title,
            version: None,
            date: None,
            lang,
            place: page.is_none().then_some(MATRIX_PLACE),
            label: None,
        });
        self.render(
            &format!("site-matrix.{ext}"),
            &context,
            &self.target(&path, lang, format),
            front,
        )
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
/// `link_to` makes a link from it to a page of its language (by stem).
fn pager(
    entries: &[Entry],
    paging: &Paging,
    page: Option<usize>,
    lang: Lang,
    link_to: &dyn Fn(&str) -> String,
) -> PagingNav {
    let href = |span: &Span| link_to(&matrix_stem(&span.key));
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
            href: link_to("matrix"),
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
