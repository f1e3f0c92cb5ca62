//! A built site (relnotes' own or a docs generator's): its HTML files,
//! whether their links lead somewhere, and a page edited behind the
//! site's back.

use std::fs;
use std::path::{Path, PathBuf};

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Every HTML file under `dir`.
pub fn html_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(html_files(&path));
        } else if path.extension().is_some_and(|e| e == "html") {
            out.push(path);
        }
    }
    out
}

/// The values of the `href` and `src` attributes in `html`.
fn link_targets(html: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for attr in ["href=\"", "src=\""] {
        let mut rest = html;
        while let Some(at) = rest.find(attr) {
            rest = &rest[at + attr.len()..];
            let end = rest.find('"').unwrap();
            out.push(&rest[..end]);
        }
    }
    out
}

/// Asserts that every link of every built page under `public` that stays
/// in the site leads to a file: a link from the site's root is taken from
/// `public`, a relative one from the page's directory; a directory (a
/// path ending in `/`, or one that names a directory) leads to its
/// `index.html`, and a path with no file to that path's `.html` file. Returns how many links were followed.
pub fn assert_links_resolve(public: &Path) -> usize {
    let mut followed = 0;
    for page in html_files(public) {
        let html = read(&page);
        for target in link_targets(&html) {
            if target.contains("://") || target.starts_with("//") || target.starts_with('#') {
                continue;
            }
            let path = target.split(['#', '?']).next().unwrap();
            let mut file = match path.strip_prefix('/') {
                Some(from_root) => public.join(from_root),
                None => page.parent().unwrap().join(path),
            };
            if path.is_empty() || path.ends_with('/') || file.is_dir() {
                file = file.join("index.html");
            } else if !file.exists() {
                // `/404` is served from `404.html`, as hosts serve a page
                // without its extension.
                let mut html = file.clone().into_os_string();
                html.push(".html");
                file = html.into();
            }
            assert!(
                file.is_file(),
                "{}: link {target} leads to no file ({})",
                page.display(),
                file.display()
            );
            followed += 1;
        }
    }
    followed
}

/// Edits the page at `path` as a hand would (its first `#` becomes `%`)
/// and puts its modification time back: a change only its bytes show.
pub fn edit_behind_mtime(path: &Path) {
    let mtime = fs::metadata(path).unwrap().modified().unwrap();
    let text = fs::read_to_string(path).unwrap();
    fs::write(path, text.replacen('#', "%", 1)).unwrap();
    fs::File::options()
        .write(true)
        .open(path)
        .unwrap()
        .set_modified(mtime)
        .unwrap();
}
