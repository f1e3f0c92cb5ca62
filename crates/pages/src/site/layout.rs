//! What a docs generator's [`Layout`] is asked, and the facts it is given:
//! the shared part of `relnotes site --for` (see `generator`).

use model::Lang;

/// The facts of a page its front matter can carry; each generator picks
/// its keys.
pub(crate) struct FrontFacts<'a> {
    /// The page's full title.
    pub title: &'a str,
    /// The release date as the record states it.
    pub date: Option<&'a str>,
    /// The page's place in the navigation (0 first: the index, the support
    /// matrix, then every release newest first); `None` for a page reached
    /// only through the links of others (a diff, a page of the matrix).
    pub place: Option<usize>,
    /// A short label for the navigation that reads the same in every
    /// language (a version), where the title is too long.
    pub label: Option<&'a str>,
}

/// An entry of the navigation of the pages, in order: the index, the
/// support matrix, then every release newest first.
pub(crate) struct NavEntry<'a> {
    /// The page's stem (`index`, `matrix`, `25.10`).
    pub stem: &'a str,
    /// A short label that reads the same in every language (a version),
    /// or `None` where the page's own title, in its language, is used.
    pub label: Option<&'a str>,
}

/// What the project's configuration is written from.
pub(crate) struct ConfigFacts<'a> {
    /// The project's languages, the default first, each with its name in
    /// its own language.
    pub langs: &'a [(Lang, &'a str)],
    /// The product's name, per language, in the order of `langs`.
    pub product: &'a [&'a str],
    /// The index's title and the label of a link to it, per language.
    pub index_title: &'a [String],
}

/// A generator's way of laying out and configuring the pages. Every path
/// it names is relative to the generator's project, `/`-separated.
pub(crate) trait Layout: Sync {
    /// The name on the command line.
    fn name(&self) -> &'static str;
    /// The directories that hold the pages, for the project's languages
    /// (`langs`, the default first): each is built whole, with its own
    /// manifest, and holds nothing else of relnotes.
    fn page_dirs(&self, langs: &[Lang]) -> Vec<String>;
    /// The file of the page `stem` (`index`, `matrix`, `25.10`,
    /// `diff/25.05..25.10`, `matrix/2025`) in `lang`.
    fn page_file(&self, stem: &str, lang: Lang, default: Lang) -> String;
    /// Where the SBOM file `name` goes: once for every language, or once
    /// per language.
    fn sbom_files(&self, name: &str, langs: &[Lang]) -> Vec<String>;
    /// The destination of a Markdown link from a release page to its SBOM
    /// file `name`.
    fn sbom_link(&self, name: &str) -> String;
    /// The destination of a Markdown link from the page `from` to the page
    /// `to` (both stems) in the same language: by default the relative
    /// path of `to`'s Markdown file, which the generator resolves.
    fn link(&self, from: &str, to: &str) -> String {
        format!("{}.md", relative(from, to))
    }
    /// The front matter, with its closing line and a blank line.
    fn front_matter(&self, facts: &FrontFacts) -> String;
    /// The navigation files.
    fn nav_files(&self, entries: &[NavEntry]) -> Vec<(String, String)>;
    /// The configuration files the generator reads, the usual first: the
    /// presence of one says the project is configured.
    fn config_files(&self) -> &'static [&'static str];
    /// The files of a minimal project that builds as is; each is written
    /// only where no file is.
    fn starter_files(&self, facts: &ConfigFacts) -> Vec<(String, String)>;
    /// What an existing configuration `config` must contain and does not
    /// seem to, one line each.
    fn requirements(&self, facts: &ConfigFacts, config: &str) -> Vec<String>;
}

/// A text as the text of a Markdown link on a page relnotes writes: its
/// raw HTML and unsafe links shown as text, its brackets escaped.
pub(crate) fn link_text(text: &str) -> String {
    crate::render::markdown::escape_for_markdown(text)
        .replace('[', "\\[")
        .replace(']', "\\]")
}

/// `text` with a zero-width space after each `<` that starts a closing
/// tag or a comment (`</`, `<!`): shown as it is, but inert where a
/// generator copies it raw into a `<script>` element (Docusaurus writes
/// page titles into its JSON-LD breadcrumbs unescaped), which `</script>`
/// would otherwise close.
pub(crate) fn inert_in_script(text: &str) -> String {
    text.replace("</", "<\u{200B}/").replace("<!", "<\u{200B}!")
}

/// `text` as a double-quoted YAML scalar: a JSON string is one.
pub(crate) fn yaml_quote(text: &str) -> String {
    serde_json::to_string(text).expect("a string serialises")
}

/// From the page `from` to the page `to` (stems under one directory, such
/// as `diff/25.05..25.10` and `25.10`), without extension: `../25.10`.
pub(crate) fn relative(from: &str, to: &str) -> String {
    let from_dirs: Vec<&str> = from.split('/').collect();
    let from_dirs = &from_dirs[..from_dirs.len() - 1];
    let to_parts: Vec<&str> = to.split('/').collect();
    let to_dirs = &to_parts[..to_parts.len() - 1];
    let common = from_dirs
        .iter()
        .zip(to_dirs)
        .take_while(|(a, b)| a == b)
        .count();
    let mut out = "../".repeat(from_dirs.len() - common);
    out.push_str(&to_parts[common..].join("/"));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_links_between_stems() {
        assert_eq!(relative("25.10", "diff/25.05..25.10"), "diff/25.05..25.10");
        assert_eq!(relative("diff/25.05..25.10", "25.10"), "../25.10");
        assert_eq!(relative("matrix", "matrix/2025"), "matrix/2025");
        assert_eq!(relative("matrix/2025", "matrix/2024"), "2024");
        assert_eq!(relative("matrix/2025", "matrix"), "../matrix");
        assert_eq!(relative("index", "matrix"), "matrix");
    }
}
