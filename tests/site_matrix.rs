//! Integration tests: the paged support matrix of `relnotes site` on
//! generated projects of a few hundred releases — its pages, the links
//! between them, the change markers at page edges, and the release that
//! first shipped a version.

use crate::support::chromium::run as chromium;
use crate::util::{html5_parse_errors, relnotes_in, root};
use pages::MAX_RELEASES_PER_PAGE;
use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// Releases per year of the dated project: more than a page holds, so
/// every full year takes two pages.
const PER_YEAR: usize = 40;
const RELEASES: usize = 300;
/// The first release (oldest first) with cuDNN 9.
const CUDNN_9: usize = 137;
/// A release that goes back to cuDNN 8 after 9 shipped.
const CUDNN_BACK_TO_8: usize = 160;
/// The oldest releases also build for ppc64le, and not yet for aarch64.
const PPC_UNTIL: usize = 50;
/// perf is removed from this release on.
const PERF_UNTIL: usize = PER_YEAR + MAX_RELEASES_PER_PAGE;

/// Release `i` (0 the oldest) of the dated project.
struct Generated {
    i: usize,
}

impl Generated {
    fn year(&self) -> usize {
        2018 + self.i / PER_YEAR
    }

    fn version(&self) -> String {
        format!("{}.{}", self.year() - 2000, self.i % PER_YEAR + 1)
    }

    fn date(&self) -> String {
        let k = self.i % PER_YEAR;
        format!("{}-{:02}-{:02}", self.year(), k / 4 + 1, k % 4 * 7 + 1)
    }

    fn torch(&self) -> String {
        format!("2.{}.{}", self.i / 10, self.i % 10)
    }

    fn cudnn(&self) -> String {
        if self.i < CUDNN_9 || self.i == CUDNN_BACK_TO_8 {
            format!("8.9.{}", self.i / 20)
        } else {
            format!("9.{}.0", (self.i - CUDNN_9) / 30)
        }
    }

    fn perf(&self) -> Option<String> {
        (self.i < PERF_UNTIL).then(|| format!("5.4.{}", self.i))
    }

    fn archs(&self) -> &'static str {
        if self.i < PPC_UNTIL {
            r#"["amd64", "ppc64le"]"#
        } else {
            r#"["aarch64", "amd64"]"#
        }
    }

    fn record(&self, version: &str, date: Option<&str>) -> String {
        let mut out = format!("version = \"{version}\"\n");
        if let Some(date) = date {
            out.push_str(&format!("date = \"{date}\"\n"));
        }
        out.push_str(&format!("archs = {}\n\n", self.archs()));
        out.push_str(&format!(
            "[title]\nzh = \"{version} 版本发布记录\"\nen = \"{version} release notes\"\n\n"
        ));
        out.push_str(&format!(
            "[components]\nCUDA = \"12.{}\"\ncuDNN = \"{}\"\ntorch = \"{}\"\n",
            self.i / 50,
            self.cudnn(),
            self.torch()
        ));
        if let Some(perf) = self.perf() {
            out.push_str(&format!("\n[arch.amd64.components]\nperf = \"{perf}\"\n"));
        }
        out.push_str(&format!(
            "\n[driver]\ncuda = \"12.{}.0\"\nmin = \"{}\"\n",
            self.i / 50,
            450 + self.i / 25 * 5
        ));
        out
    }
}

/// A project of `n` releases; `name(i)` gives release i's version and date.
fn project(n: usize, name: impl Fn(&Generated) -> (String, Option<String>)) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    fs::copy(
        root().join("relnotes.toml"),
        dir.path().join("relnotes.toml"),
    )
    .expect("project");
    let releases = dir.path().join("releases");
    fs::create_dir(&releases).expect("releases dir");
    for i in 0..n {
        let release = Generated { i };
        let (version, date) = name(&release);
        fs::write(
            releases.join(format!("{version}.toml")),
            release.record(&version, date.as_deref()),
        )
        .expect("record");
    }
    dir
}

fn dated_project() -> tempfile::TempDir {
    project(RELEASES, |r| (r.version(), Some(r.date())))
}

fn build(project: &Path) {
    let out = relnotes_in(project)
        .args(["site", "--out", "public"])
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Every `href="…"` of an HTML page, in order.
fn hrefs(html: &str) -> Vec<&str> {
    html.split("href=\"")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').expect("closing quote")])
        .collect()
}

/// The links `[…](…)` of a Markdown page.
fn md_links(md: &str) -> Vec<&str> {
    md.split("](")
        .skip(1)
        .map(|rest| &rest[..rest.find(')').expect("closing paren")])
        .collect()
}

/// The text between `start` and the next `end` after it.
fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let to = text[from..].find(end)?;
    Some(&text[from..from + to])
}

/// The matrix pages of a language: file name → text.
fn pages(dir: &Path) -> BTreeMap<String, String> {
    fs::read_dir(dir)
        .expect("matrix dir")
        .map(|e| {
            let path = e.expect("entry").path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, fs::read_to_string(&path).expect("page"))
        })
        .collect()
}

/// Each release (oldest first) → the page it is on, from the overview's
/// table of pages (`newest`, `oldest` columns).
fn page_of(overview: &str, versions: &[String]) -> Vec<String> {
    let table = between(overview, "<table class=\"matrix-pages\">", "</table>").expect("pages");
    let mut out = vec![String::new(); versions.len()];
    for row in table.split("<tr><th scope=\"row\">").skip(1) {
        let href = hrefs(row)[0].to_string();
        let cells: Vec<&str> = row
            .split("<td>")
            .skip(1)
            .map(|c| &c[..c.find("</td>").unwrap()])
            .collect();
        let newest = versions.iter().position(|v| v == cells[0]).expect("newest");
        let oldest = versions.iter().position(|v| v == cells[1]).expect("oldest");
        assert_eq!(cells[2], (newest - oldest + 1).to_string(), "{row}");
        for slot in &mut out[oldest..=newest] {
            assert!(slot.is_empty(), "{} on two pages", versions[oldest]);
            *slot = href.clone();
        }
    }
    out
}

/// The cells of `row` (a row header's text) in the `arch` table of a page.
fn row_cells<'a>(page: &'a str, arch: &str, row: &str) -> Vec<&'a str> {
    let section = between(page, &format!("<section id=\"arch-{arch}\">"), "</section>")
        .unwrap_or_else(|| panic!("no {arch} table"));
    let cells = between(section, &format!("<th scope=\"row\">{row}</th>"), "</tr>")
        .unwrap_or_else(|| panic!("no {row} row"));
    cells.split("<td").skip(1).collect()
}

/// The versions heading the columns of the `arch` table of a page.
fn columns(page: &str, arch: &str) -> Vec<String> {
    let section = between(page, &format!("<section id=\"arch-{arch}\">"), "</section>").unwrap();
    let head = between(section, "<thead>", "</thead>").unwrap();
    head.split("<th scope=\"col\"><a href=\"")
        .skip(1)
        .map(|c| between(c, "\">", "</a>").unwrap().to_string())
        .collect()
}

#[test]
fn a_matrix_of_hundreds_of_releases_is_paged_by_year() {
    let project = dated_project();
    build(project.path());
    let public = project.path().join("public");
    let versions: Vec<String> = (0..RELEASES).map(|i| Generated { i }.version()).collect();

    // A page per year, a year of more releases than a page holds in parts.
    let mut per_year: BTreeMap<usize, usize> = BTreeMap::new();
    for i in 0..RELEASES {
        *per_year.entry(Generated { i }.year()).or_default() += 1;
    }
    let expected: usize = per_year
        .values()
        .map(|n| n.div_ceil(MAX_RELEASES_PER_PAGE))
        .sum();
    assert!(expected > per_year.len(), "some year takes two pages");
    for dir in ["en/matrix", "zh/matrix", "md/en/matrix", "md/zh/matrix"] {
        assert_eq!(pages(&public.join(dir)).len(), expected, "{dir}");
    }

    let overview = fs::read_to_string(public.join("en/matrix.html")).unwrap();
    assert!(html5_parse_errors(&overview).is_empty());
    let page_of = page_of(&overview, &versions);
    let listed: BTreeSet<&String> = page_of.iter().collect();
    assert_eq!(
        listed.len(),
        expected,
        "every page listed, with its releases"
    );
    // Releases of one page share a year.
    for i in 1..RELEASES {
        if page_of[i] == page_of[i - 1] {
            assert_eq!(Generated { i }.year(), Generated { i: i - 1 }.year());
        }
    }

    let en = pages(&public.join("en/matrix"));
    for (name, html) in &en {
        let errors = html5_parse_errors(html);
        assert!(errors.is_empty(), "{name}: {errors:?}");
        let mut shown = columns(html, "amd64");
        shown.reverse();
        // The page's releases, every one of them, oldest last.
        let on_page: Vec<&String> = versions
            .iter()
            .zip(&page_of)
            .filter(|(_, p)| p.ends_with(&format!("/{name}")))
            .map(|(v, _)| v)
            .collect();
        assert_eq!(shown.iter().collect::<Vec<_>>(), on_page, "{name}");

        // The oldest column is compared with the release before it, on
        // the older page: torch goes up in every release.
        let oldest = versions.iter().position(|v| *v == shown[0]).unwrap();
        let torch = row_cells(html, "amd64", "torch");
        let last = torch.last().unwrap();
        if oldest == 0 {
            assert!(
                last.starts_with('>'),
                "{name}: the first release has no marker: {last}"
            );
        } else {
            let was = Generated { i: oldest - 1 }.torch();
            assert!(
                last.starts_with(&format!(
                    " class=\"chg-upgraded\" title=\"upgraded, was {was}\">"
                )),
                "{name}: {last}"
            );
        }
        // perf is removed by a release that is the oldest of its page.
        if oldest == PERF_UNTIL {
            let was = Generated { i: PERF_UNTIL - 1 }.perf().unwrap();
            let perf = row_cells(html, "amd64", "perf");
            assert_eq!(
                perf.len(),
                shown.len(),
                "{name}: perf's row stays for its marker"
            );
            assert!(
                perf.last().unwrap().starts_with(&format!(
                    " class=\"chg-removed\" title=\"removed, was {was}\">"
                )),
                "{name}: {perf:?}"
            );
        }
        // ppc64le only on the pages of the releases that have it.
        assert_eq!(
            html.contains("<section id=\"arch-ppc64le\">"),
            oldest < PPC_UNTIL,
            "{name}"
        );
    }
    assert_ne!(
        page_of[PERF_UNTIL],
        page_of[PERF_UNTIL - 1],
        "the generator puts perf's removal at a page edge"
    );

    // Newer / older links walk every page in order, both ways.
    let order: Vec<&String> = {
        let mut seen: Vec<&String> = Vec::new();
        for p in page_of.iter().rev() {
            if seen.last() != Some(&p) {
                seen.push(p);
            }
        }
        seen
    };
    for (k, page) in order.iter().enumerate() {
        let name = page.trim_start_matches("matrix/");
        let html = &en[name];
        let next = between(html, "<a rel=\"next\" href=\"", "\"");
        let prev = between(html, "<a rel=\"prev\" href=\"", "\"");
        let expect =
            |other: Option<&&String>| other.map(|p| p.trim_start_matches("matrix/").to_string());
        assert_eq!(next.map(str::to_string), expect(order.get(k + 1)), "{name}");
        assert_eq!(
            prev.map(str::to_string),
            expect(k.checked_sub(1).and_then(|k| order.get(k))),
            "{name}"
        );
        assert!(
            html.contains("<a href=\"../matrix.html\">"),
            "{name}: overview"
        );
    }

    // Every link of every matrix page resolves to a file, in both formats.
    for lang in ["en", "zh"] {
        let dir = public.join(lang);
        let mut files = vec![dir.join("matrix.html")];
        files.extend(
            pages(&dir.join("matrix"))
                .keys()
                .map(|n| dir.join("matrix").join(n)),
        );
        for file in files {
            let html = fs::read_to_string(&file).unwrap();
            for href in hrefs(&html) {
                let target = href.split('#').next().unwrap();
                if target.is_empty() {
                    continue;
                }
                assert!(
                    file.parent().unwrap().join(target).is_file(),
                    "{}: {href} points to nothing",
                    file.display()
                );
            }
        }
        let dir = public.join("md").join(lang);
        let mut files = vec![dir.join("matrix.md")];
        files.extend(
            pages(&dir.join("matrix"))
                .keys()
                .map(|n| dir.join("matrix").join(n)),
        );
        for file in files {
            let md = fs::read_to_string(&file).unwrap();
            let links = md_links(&md);
            assert!(!links.is_empty());
            for link in links {
                assert!(
                    file.parent().unwrap().join(link).is_file(),
                    "{}: {link} points to nothing",
                    file.display()
                );
            }
        }
    }

    // The overview names the release that first shipped cuDNN 9, though
    // a later release went back to 8.
    let first = between(&overview, "<section id=\"first-amd64\">", "</section>").unwrap();
    let cudnn = between(first, "rowspan=\"2\">cuDNN</th>", "</tbody>").expect("cuDNN 8 and 9");
    let nine = between(cudnn, "<td class=\"line\">9</td>", "</tr>").expect("cuDNN 9");
    let shipped = Generated { i: CUDNN_9 };
    assert!(
        nine.starts_with(&format!(
            "<td><a href=\"{v}.html\">{v}</a> <span class=\"version\">({})</span>",
            shipped.cudnn(),
            v = shipped.version()
        )),
        "{nine}"
    );
    // An arch only old releases have has its first-shipped table too.
    assert!(overview.contains("<section id=\"first-ppc64le\">"));
    let md = fs::read_to_string(public.join("md/en/matrix.md")).unwrap();
    assert!(
        md.contains(&format!(
            "| cuDNN | 9 | [{v}]({v}.md) ({}) |",
            shipped.cudnn(),
            v = shipped.version()
        )),
        "{md}"
    );

    // Same input, same bytes.
    relnotes_in(project.path())
        .args(["site", "--out", "public", "--check"])
        .assert()
        .success();
}

#[test]
fn undated_releases_are_paged_by_major_version() {
    // v1.1 … v1.30, then v2.1 … v2.30: no dates.
    let project = project(60, |r| {
        (format!("v{}.{}", 1 + r.i / 30, r.i % 30 + 1), None)
    });
    build(project.path());
    let public = project.path().join("public");
    let names: Vec<String> = pages(&public.join("en/matrix")).into_keys().collect();
    // Each major version takes two pages, cut from its oldest release.
    assert_eq!(names, ["v1-1.html", "v1-2.html", "v2-1.html", "v2-2.html"]);
    let overview = fs::read_to_string(public.join("en/matrix.html")).unwrap();
    assert!(overview.contains("paged by major version"), "{overview}");
    let oldest_part = fs::read_to_string(public.join("en/matrix/v2-1.html")).unwrap();
    assert_eq!(columns(&oldest_part, "amd64").len(), MAX_RELEASES_PER_PAGE);
    assert!(
        oldest_part.contains("<title>training-nv-pytorch support matrix: v2.x, part 1</title>")
    );
}

#[test]
fn a_small_project_keeps_its_matrix_on_one_page() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("public");
    relnotes_in(&root())
        .args(["site", "--out"])
        .arg(&out)
        .assert()
        .success();
    assert!(!out.join("en/matrix").exists());
    let en = fs::read_to_string(out.join("en/matrix.html")).unwrap();
    // The tables and the first-shipped table, no pages.
    assert!(en.contains("<section id=\"arch-amd64\">"));
    assert!(en.contains("<section id=\"first-amd64\">"));
    assert!(!en.contains("class=\"matrix-pages\""));
    // torch 2.6 in 25.05, 2.8 in 25.10: both minor versions of 2, and 2
    // first shipped in 25.05.
    let first = between(&en, "<section id=\"first-amd64\">", "</section>").unwrap();
    let torch = between(first, ">torch</th>", "</tr>").unwrap();
    assert!(
        torch.starts_with("<td class=\"line\">2</td><td><a href=\"25.05.html\">25.05</a>"),
        "{torch}"
    );
    assert!(torch.contains("2.8 in <a href=\"25.10.html\""), "{torch}");
}

// ---------------------------------------------------------------- Chromium

/// The page at `url` as Chromium lays it out in a 1200 px wide window:
/// its DOM, with how wide the document is (`data-scroll-width`) beside the
/// window (`data-client-width`), set by a script added to a copy of it.
fn laid_out(page: &Path) -> String {
    let html = fs::read_to_string(page).unwrap();
    let probe = "<script>document.body.dataset.scrollWidth = document.documentElement.scrollWidth; \
        document.body.dataset.clientWidth = document.documentElement.clientWidth;</script></body>";
    let copy = page.with_file_name(format!(
        "probe-{}",
        page.file_name().unwrap().to_string_lossy()
    ));
    fs::write(&copy, html.replace("</body>", probe)).unwrap();
    let profile = tempfile::tempdir().unwrap();
    let url = format!("file://{}", copy.display());
    let dom = chromium(
        profile.path(),
        &["--window-size=1200,1600", "--dump-dom", &url],
    );
    fs::remove_file(&copy).unwrap();
    String::from_utf8_lossy(&dom.stdout).into_owned()
}

#[test]
fn chromium_renders_the_paged_matrix() {
    let project = dated_project();
    build(project.path());
    let public = project.path().join("public");
    let shots = root().join("target/site-screenshots");
    fs::create_dir_all(&shots).unwrap();
    let overview = fs::read_to_string(public.join("zh/matrix.html")).unwrap();
    let pages_table = between(&overview, "<table class=\"matrix-pages\">", "</table>").unwrap();
    let newest = hrefs(pages_table)[0];
    for (page, name) in [
        ("en/matrix.html".to_string(), "matrix.en.png"),
        (format!("zh/{newest}"), "matrix-page.zh.png"),
    ] {
        let file = public.join(&page);
        let dom = laid_out(&file);
        if page.ends_with("/matrix.html") {
            assert!(dom.contains("<table class=\"first-shipped\">"), "{page}");
            assert!(dom.contains("<table class=\"matrix-pages\">"), "{page}");
        } else {
            assert!(dom.contains("<nav class=\"pager\""), "{page}");
            assert!(dom.contains("<table class=\"matrix\">"), "{page}");
        }
        // Wide tables scroll in their box; the page itself does not.
        let width = |name: &str| -> u32 {
            between(&dom, &format!("data-{name}=\""), "\"")
                .unwrap_or_else(|| panic!("{page}: no {name}: {dom}"))
                .parse()
                .unwrap()
        };
        assert!(
            width("scroll-width") <= width("client-width"),
            "{page}: the page scrolls sideways"
        );
        let shot = shots.join(name);
        let _ = fs::remove_file(&shot);
        let profile = tempfile::tempdir().unwrap();
        let url = format!("file://{}", file.display());
        let run = chromium(
            profile.path(),
            &[
                &format!("--screenshot={}", shot.display()),
                "--window-size=1200,1600",
                &url,
            ],
        );
        let png = fs::read(&shot).unwrap_or_else(|_| {
            panic!(
                "{page}: no screenshot: {}",
                String::from_utf8_lossy(&run.stderr)
            )
        });
        assert!(png.starts_with(b"\x89PNG") && png.len() > 20_000, "{page}");
    }
}
