//! What a docs generator's [`Layout`] is asked, and the facts it is given:
//! the shared part of `relnotes site --for` (see `generator`).

use model::record::Lang;

/// The facts of a page its front matter can carry; each generator picks
/// its keys.
pub(crate) struct FrontFacts<'a> {
    /// The page's full title.
    pub title: &'a str,
    /// The release date as the record states it.
    pub date: Option<&'a str>,
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

/// A generator's way of laying out and configuring the pages.
pub(crate) trait Layout: Sync {
    /// The name on the command line.
    fn name(&self) -> &'static str;
    /// The pages' directory, relative to the project.
    fn pages_dir(&self) -> &'static str;
    /// The file of the page `stem` in `lang`, relative to the pages'
    /// directory (`diff/25.05..25.10.en.md`).
    fn page_file(&self, stem: &str, lang: Lang, default: Lang) -> String;
    /// The front matter, with its closing line and a blank line.
    fn front_matter(&self, facts: &FrontFacts) -> String;
    /// The navigation files, relative to the pages' directory.
    fn nav_files(&self, entries: &[NavEntry]) -> Vec<(String, String)>;
    /// The configuration file, relative to the project (`mkdocs.yml`):
    /// its presence says the project is configured.
    fn config_file(&self) -> &'static str;
    /// The files of a minimal project that builds as is, relative to the
    /// project; each is written only where no file is.
    fn starter_files(&self, facts: &ConfigFacts) -> Vec<(String, String)>;
    /// What an existing configuration `config` must contain and does not
    /// seem to, one line each.
    fn requirements(&self, facts: &ConfigFacts, config: &str) -> Vec<String>;
}

/// `text` as a double-quoted YAML scalar: a JSON string is one.
pub(crate) fn yaml_quote(text: &str) -> String {
    serde_json::to_string(text).expect("a string serialises")
}
