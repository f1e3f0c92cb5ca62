//! Component names as the project spells them. A page writes "PyTorch",
//! "Transformer Engine" or "NVIDIA cuDNN"; the record keeps the name the
//! project already uses (its catalog, the previous record), matched by
//! PEP 503 and by the components' aliases: `data/components.toml`, and a
//! project's own in its `import.toml`.

use crate::words::Component;
use indexmap::IndexMap;
use model::{RecordError, Workspace};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The spellings of one component, its canonical name first: the name a
/// name of several words becomes when the project has none of them yet.
type Group = Vec<String>;

/// Alias groups, found by the [`key`] of any of their spellings (the
/// first group holding it).
#[derive(Debug, Clone, Default)]
pub(crate) struct Groups {
    groups: Vec<Group>,
    by_key: HashMap<String, usize>,
}

impl Groups {
    fn new(groups: Vec<Group>) -> Groups {
        let mut by_key = HashMap::new();
        for (i, group) in groups.iter().enumerate() {
            for spelling in group {
                by_key.entry(key(spelling)).or_insert(i);
            }
        }
        Groups { groups, by_key }
    }

    /// The group `name` is a spelling of.
    fn of(&self, name: &str) -> Option<&[String]> {
        self.by_key
            .get(&key(name))
            .map(|i| self.groups[*i].as_slice())
    }
}

/// The alias groups of `components`, in their order.
pub(crate) fn groups_of(components: &IndexMap<String, Component>) -> Vec<Group> {
    components
        .iter()
        .map(|(name, c)| std::iter::once(name).chain(&c.aliases).cloned().collect())
        .collect()
}

/// The alias groups of `data/components.toml` (`model::components`).
fn built_in() -> &'static Groups {
    static BUILT_IN: OnceLock<Groups> = OnceLock::new();
    BUILT_IN.get_or_init(|| {
        Groups::new(
            model::all_components()
                .iter()
                .map(|c| {
                    std::iter::once(&c.name)
                        .chain(&c.aliases)
                        .cloned()
                        .collect()
                })
                .collect(),
        )
    })
}

/// The key two spellings of one name share: without ™ ® ©, PEP 503,
/// words joined by `-`.
pub(crate) fn key(name: &str) -> String {
    model::spelling_key(name)
}

/// The built-in spellings of the component `name` names, its vendor's
/// words before it or not (`NVIDIA HPC-X`).
fn alias_group(name: &str) -> Option<&'static [String]> {
    // The groups hold the spellings `known` looks up: one lookup for a
    // name it does not know, as most words of a page are.
    built_in().of(&model::known_component(name)?.name)
}

/// A name no project and no data knows, as a record writes it: without
/// ™ ® ©, without the vendor's words before it, its words joined by `-`
/// (`NVIDIA Foo Bar™` → `Foo-Bar`), a name lint takes.
fn plain(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .filter(|c| !matches!(c, '™' | '®' | '©'))
        .collect();
    let words: Vec<&str> = cleaned.split_whitespace().collect();
    let start = words
        .iter()
        .position(|w| {
            !model::vendor_words()
                .iter()
                .any(|v| w.eq_ignore_ascii_case(v))
        })
        .unwrap_or(0);
    let words = if start < words.len() {
        &words[start..]
    } else {
        &words[..]
    };
    words.join("-")
}

/// Whether `data/components.toml` knows `name` (any spelling).
pub(crate) fn is_alias(name: &str) -> bool {
    alias_group(name).is_some()
}

/// The key of the component `name` names: its canonical name's when
/// `data/components.toml` knows it (`PyTorch` → `torch`), else its own.
pub(crate) fn canonical_key(name: &str) -> String {
    key(alias_group(name).map_or(name, |group| &group[0]))
}

/// A name as a page writes it (one word, or a few: "Transformer Engine")
/// → a component name, or `None` when it is no package name.
pub(crate) fn component_name(written: &str) -> Option<String> {
    name_of(written, 4)
}

/// A table's name cell → a component name: a cell names a component with
/// more words than prose does ("Open Data Hub Notebook Images"), words of
/// prose after its first among them ("Linux Package", "DRP-AI Support
/// Package"), but no version word last.
pub(crate) fn cell_name(written: &str) -> Option<String> {
    name_of(written, 6).or_else(|| {
        let words: Vec<&str> = written.split_whitespace().collect();
        let [first, .., last] = words.as_slice() else {
            return None;
        };
        let fits = words.len() <= 6
            && !introduces_a_name(&words)
            && crate::package_name::is_package_name(first)
            && words[1..]
                .iter()
                .all(|w| crate::package_name::is_package_word(w))
            && !crate::words::each()
                .any(|w| w.components.version_words.contains(&last.to_lowercase()));
        fits.then(|| match alias_group(&words.join(" ")) {
            Some(group) => group[0].to_string(),
            None => words.join("-"),
        })
    })
}

/// "Compile binaries using go": a sentence's words before the name it
/// introduces (`[statements] introduce`), no name.
fn introduces_a_name(words: &[&str]) -> bool {
    if words.iter().skip(1).any(|w| is_introduction(w)) {
        return true;
    }
    // "Built against SDL", "bundle Python": a phrase of words, or a verb
    // written in lower case opening the words ("Bundle Analyzer" is a name).
    crate::words::each().any(|lang| {
        lang.statements.introduce.iter().any(|phrase| {
            let parts: Vec<&str> = phrase.split(' ').collect();
            words.windows(parts.len()).enumerate().any(|(at, window)| {
                let opening = at == 0 && parts.len() == 1;
                window
                    .iter()
                    .zip(&parts)
                    .all(|(w, p)| w.eq_ignore_ascii_case(p) && (!opening || w == p))
                    && (parts.len() > 1 || at == 0)
            })
        })
    })
}

/// A word that introduces a name (`using`, `includes`: `[statements]
/// introduce` of every language).
pub(crate) fn is_introduction(word: &str) -> bool {
    crate::words::each().any(|lang| {
        lang.statements
            .introduce
            .iter()
            .any(|i| i.eq_ignore_ascii_case(word))
    })
}

/// A package named by its vendor's path in lower case, as Composer
/// names them (`sylius/mailer-bundle`, `nikic/php-parser`), or a
/// repository by its owner's (`SYSTRAN/faster-whisper`: the owner may be
/// capitalised, the name not; "Erlang/OTP" is one product's two names).
pub(crate) fn is_vendor_path(word: &str) -> bool {
    word.contains('/')
        && !word
            .rsplit('/')
            .next()
            .is_some_and(|name| name.contains(|c: char| c.is_ascii_uppercase()))
        && slashed_name(&word.to_ascii_lowercase()).is_some()
}

/// `text` with each product known by two names joined by a slash
/// ("Erlang/OTP 28.5", "Tcl/Tk 8.6.6") joined by `-` instead, as
/// [`slashed_name`] joins a label's: one word of a name.
pub(crate) fn paired_names_dashed(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('/') {
        return std::borrow::Cow::Borrowed(text);
    }
    let words: Vec<String> = text
        .split(' ')
        .map(|w| {
            let core = w.trim_matches(['`', '*', '"', '\'', '(', ')', '[', ']', ',', ';']);
            match crate::package_name::is_paired_name(core) {
                true => w.replacen('/', "-", 1),
                false => w.to_string(),
            }
        })
        .collect();
    std::borrow::Cow::Owned(words.join(" "))
}

/// A name a label or cell writes as two ("CrayPAT/Perftools",
/// "PT/Scotch"): one name, its parts joined by `-`; other names as
/// [`cell_name`] takes them. Spaced ("PyTorch / torch_npu"), the slash
/// parts two names.
pub(crate) fn slashed_name(written: &str) -> Option<String> {
    if !written.contains('/') {
        return cell_name(written);
    }
    if written.contains(" /") || written.contains("/ ") {
        return None;
    }
    // `library/glib2`, `developer/build/libtool` (a package's path in its
    // repository, as an OS's package tables write it): the whole path,
    // its category words of prose included.
    let segments: Vec<&str> = written.split('/').collect();
    if segments.len() >= 2
        && segments.iter().all(|p| {
            p.len() >= 2
                && p.starts_with(|c: char| c.is_ascii_lowercase())
                && p.chars().all(|c| {
                    c.is_ascii_lowercase()
                        || c.is_ascii_digit()
                        || matches!(c, '-' | '_' | '.' | '+')
                })
        })
        && segments
            .last()
            .is_some_and(|leaf| crate::package_name::is_package_name(leaf))
        && segments.iter().any(|p| p.len() > 3)
    {
        return Some(segments.join("-"));
    }
    let parts: Vec<String> = written
        .split('/')
        .map(|p| component_name(p.trim()))
        .collect::<Option<_>>()?;
    // "token/s" is a unit, "AI/ML" and "I/O" abbreviations of fields.
    let short = |p: &String| p.chars().count() <= 3;
    let fits = parts.len() >= 2
        && parts.iter().all(|p| p.chars().count() >= 2)
        && !parts.iter().all(short);
    fits.then(|| parts.join("-"))
}

/// [`component_name`] of at most `max_words` words.
fn name_of(written: &str, max_words: usize) -> Option<String> {
    // `bind9-libs:amd64`: a Debian package with its multiarch qualifier
    // (a stack's package table) is the package.
    let written = match written.trim().rsplit_once(':') {
        Some((package, arch))
            if crate::package_name::is_debian_arch(arch)
                && !package.is_empty()
                && !package.contains(char::is_whitespace) =>
        {
            package
        }
        _ => written,
    };
    // `platforms;android-35`, `@remix-run/router`, `com.azure:azure-core`:
    // a package manager's own form of the name.
    let whole = written.trim().trim_matches('`');
    if crate::package_name::is_sdk_path(whole)
        || crate::package_name::is_scoped_npm_name(whole)
        || crate::package_name::is_maven_coordinate(whole)
    {
        return Some(whole.to_string());
    }
    // "MySQL Connector/Python 8.3": a product known by two names after a
    // name's first word. (First, "Compress/Decompress" in a table's cell
    // is as often a category; prose and lists read "Erlang/OTP 28.5"
    // before they ask here.)
    let inside = written
        .split_whitespace()
        .skip(1)
        .any(crate::package_name::is_paired_name);
    let dashed = match inside {
        true => paired_names_dashed(written),
        false => std::borrow::Cow::Borrowed(written),
    };
    let words: Vec<&str> = dashed
        .split_whitespace()
        .map(|w| w.trim_matches(['`', '*', '"', '\'', '™', '®', '©']))
        .filter(|w| !w.is_empty())
        .collect();
    // "PyTorch GIT", "vLLM source": a known name and where it was built
    // from (`[statements] sources`) is the name.
    let words = match words.split_last() {
        Some((last, rest))
            if !rest.is_empty()
                && crate::words::each().any(|w| {
                    w.statements
                        .sources
                        .iter()
                        .any(|s| s.eq_ignore_ascii_case(last))
                })
                && is_alias(&rest.join(" ")) =>
        {
            rest.to_vec()
        }
        _ => words,
    };
    // "GraphMap master (v0.5.2)" (Nanopype's tool list): the branch a
    // tool was built from, written in lower case after its name
    // (`[tables] moving_tags`), is no part of it.
    let words = match words.split_last() {
        Some((last, rest))
            if !rest.is_empty()
                && crate::words::each().any(|w| w.tables.moving_tags.iter().any(|t| t == last)) =>
        {
            rest.to_vec()
        }
        _ => words,
    };
    let start = words.iter().position(|w| {
        !model::vendor_words()
            .iter()
            .any(|v| w.eq_ignore_ascii_case(v))
    })?;
    // "Intel MPI", "Intel compilers": a vendor's product named by a word
    // no data knows that says what kind of thing it is (a lowercase noun,
    // a short acronym) keeps the vendor's word.
    let generic = |w: &str| {
        w.chars().all(|c| c.is_ascii_lowercase())
            || (w.len() <= 3 && w.chars().all(|c| c.is_ascii_uppercase()))
    };
    let start = match &words[start..] {
        [only] if start > 0 && generic(only) && !is_alias(only) => 0,
        _ => start,
    };
    let mut words = &words[start..];
    // "includes TileDB Embedded [TileDB 2.14.0](…)" (TileDB-Py's history):
    // a link's text restating the name's first word ends the name.
    if let Some((first, rest)) = words.split_first()
        && let Some(repeat) = rest.iter().position(|w| w == first)
    {
        words = &words[..=repeat];
    }
    if words.is_empty() || words.len() > max_words || !crate::package_name::are_name_words(words) {
        return None;
    }
    // "go-version" (`hashicorp/go-version`'s leaf): a known name and a
    // word of prose, as lint refuses it, is no name import writes.
    let refused = |name: &str| {
        crate::package_name::prose_tail(name)
            .is_some_and(|(head, _)| model::known_component(head).is_some())
    };
    if words.len() == 1 {
        return Some(words[0].to_string()).filter(|n| !refused(n));
    }
    // `pip install numpy`, `RUN mim install mmcv`: a command, no name
    // (what it installs is read from the command).
    if words.contains(&"install") {
        return None;
    }
    if introduces_a_name(words) {
        return None;
    }
    let words = without_kind_words(words);
    if words.len() == 1 {
        return Some(words[0].to_string()).filter(|n| !refused(n));
    }
    let joined = words.join(" ");
    Some(match alias_group(&joined) {
        Some(group) => group[0].to_string(),
        None => words.join("-"),
    })
    .filter(|n| !refused(n))
}

/// "navegador Chromium", "_kernel_ Linux" (a distribution's software list
/// in Portuguese): words of prose in lower case before a name written with
/// a capital say what kind of thing it is, no part of it. (Not a known
/// name in lower case, "pytorch Lightning", nor words joining others,
/// "containers for PyTorch".)
fn without_kind_words<'a, 'b>(words: &'a [&'b str]) -> &'a [&'b str] {
    let Some(capital) = words
        .iter()
        .position(|w| w.starts_with(|c: char| c.is_uppercase()))
    else {
        return words;
    };
    let kind = &words[..capital];
    let joining = |w: &str| {
        crate::words::each().any(|l| {
            l.page.dangling.iter().any(|d| d == w) || l.page.function_words.iter().any(|f| f == w)
        })
    };
    // A word, not an acronym ("compile SDK", "lib GSL" are a kind of SDK
    // and a library's name) nor a brand in lower case before its kind
    // ("ailia SDK").
    let word_after = words[capital]
        .chars()
        .nth(1)
        .is_some_and(|c| c.is_lowercase());
    // ("jmh Gradle plugin": a name whose own words are in lower case too
    // keeps every word.)
    let proper = words[capital..]
        .iter()
        .all(|w| !w.starts_with(|c: char| c.is_lowercase()));
    let strips = capital > 0
        && word_after
        && proper
        && kind
            .iter()
            .all(|w| w.chars().all(|c| c.is_alphabetic() && c.is_lowercase()))
        && !kind.iter().any(|w| is_alias(w) || joining(w))
        && !is_alias(&words.join(" "));
    if strips { &words[capital..] } else { words }
}

/// The project's recorded releases and the component names of those read,
/// kept for one run: a changelog of thousands of releases reads each
/// record once.
#[derive(Default)]
pub(crate) struct RecordedNames {
    versions: Option<Vec<String>>,
    names_of: HashMap<String, Vec<String>>,
}

/// The names a project already uses: its catalog and the record just
/// before the imported version.
#[derive(Debug, Clone, Default)]
pub(crate) struct Known {
    names: Vec<String>,
    /// The index in `names` of the first name of each key.
    by_key: HashMap<String, usize>,
    /// The project's own alias groups (its `import.toml`).
    groups: Groups,
}

impl Known {
    pub(crate) fn new(names: impl IntoIterator<Item = String>) -> Known {
        let names: Vec<String> = names.into_iter().collect();
        let mut by_key = HashMap::new();
        for (i, name) in names.iter().enumerate() {
            by_key.entry(key(name)).or_insert(i);
        }
        Known {
            names,
            by_key,
            groups: Groups::default(),
        }
    }

    /// These names and the project's own aliases, `components`; those of
    /// a component `data/components.toml` knows add to its spellings.
    pub(crate) fn with_aliases(self, components: &IndexMap<String, Component>) -> Known {
        let groups = groups_of(components)
            .into_iter()
            .map(|mut group| {
                if let Some(built_in) = alias_group(&group[0]) {
                    group.extend(built_in.iter().cloned());
                }
                group
            })
            .collect();
        Known {
            groups: Groups::new(groups),
            ..self
        }
    }

    /// The catalog's names and those of the release before `version`.
    pub(crate) fn of(
        workspace: &Workspace,
        version: &str,
        recorded: &mut RecordedNames,
    ) -> Result<Known, RecordError> {
        let mut names: Vec<String> = workspace.project.catalog.keys().cloned().collect();
        if recorded.versions.is_none() {
            // A project's first import may come before its releases/ directory.
            let mut versions = if workspace.releases_dir().is_dir() {
                workspace.versions()?
            } else {
                Vec::new()
            };
            versions.sort_by(|a, b| model::release_order(a, b));
            recorded.versions = Some(versions);
        }
        let versions = recorded.versions.as_deref().unwrap_or_default();
        let previous = versions
            .iter()
            .take_while(|v| model::release_order(v, version).is_lt())
            .last();
        if let Some(previous) = previous {
            if !recorded.names_of.contains_key(previous) {
                let release = workspace.load(previous, false)?.release;
                let mut of_release: Vec<String> = release.components.keys().cloned().collect();
                for over in release.arch.values() {
                    of_release.extend(over.components.keys().cloned());
                }
                recorded.names_of.insert(previous.clone(), of_release);
            }
            names.extend(recorded.names_of[previous].iter().cloned());
        }
        Ok(Known::new(names))
    }

    /// `name` as the project spells it: a known name equal under PEP 503,
    /// else a known name of the same alias group, else the canonical name
    /// of the project's own alias group, else the canonical name
    /// `data/components.toml` gives it (`NVIDIA TensorRT™` → `TensorRT`,
    /// `Transformer Engine` → `transformer_engine`),
    /// else `name` without ™ ®, vendor words and spaces ([`plain`]).
    pub(crate) fn spelling(&self, name: &str) -> String {
        if let Some(i) = self.by_key.get(&key(name)) {
            return self.names[*i].clone();
        }
        let project = self.groups.of(name);
        // The first known name that is a spelling of the group.
        let known_in = |group: &[String]| {
            group
                .iter()
                .filter_map(|spelling| self.by_key.get(&key(spelling)))
                .min()
                .map(|i| self.names[*i].clone())
        };
        if let Some(known) = project.or_else(|| alias_group(name)).and_then(known_in) {
            return known;
        }
        // The project names its own aliases' component, known or not;
        // else relnotes' canonical name, so every page of a vendor gives
        // one name however it spells it.
        match project.or_else(|| alias_group(name)) {
            Some(group) => group[0].clone(),
            None => plain(name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_debian_package_with_its_multiarch_qualifier() {
        assert_eq!(cell_name("bind9-libs:amd64").as_deref(), Some("bind9-libs"));
        assert_eq!(cell_name("libc6:arm64").as_deref(), Some("libc6"));
        assert_eq!(cell_name("image:latest"), None);
    }

    #[test]
    fn an_sdk_package_path_is_one_name() {
        assert_eq!(
            cell_name("build-tools;35.0.0").as_deref(),
            Some("build-tools;35.0.0")
        );
        assert_eq!(
            cell_name("system-images;android-35;google_apis;x86_64").as_deref(),
            Some("system-images;android-35;google_apis;x86_64")
        );
        assert_eq!(cell_name("a; b"), None);
    }

    #[test]
    fn words_introducing_a_name_are_no_part_of_it() {
        assert_eq!(component_name("Built against SDL"), None);
        assert_eq!(component_name("bundle Python"), None);
        assert_eq!(
            component_name("Bundle Analyzer").as_deref(),
            Some("Bundle-Analyzer")
        );
    }

    #[test]
    fn words_of_prose_in_lower_case_before_a_capitalised_name() {
        // Linux Kamarada's software list ("navegador Chromium 84").
        assert_eq!(
            component_name("navegador Chromium").as_deref(),
            Some("Chromium")
        );
        assert_eq!(component_name("kernel Linux").as_deref(), Some("Linux"));
        assert_eq!(
            component_name("navegador Mozilla Firefox ESR").as_deref(),
            Some("Mozilla-Firefox-ESR")
        );
        assert_eq!(
            component_name("jmh Gradle plugin").as_deref(),
            Some("jmh-Gradle-plugin")
        );
        // An acronym after a word in lower case is named by both.
        assert_eq!(component_name("ailia SDK").as_deref(), Some("ailia-SDK"));
        assert_eq!(component_name("lib GSL").as_deref(), Some("lib-GSL"));
        // A known name in lower case is the name's own first word.
        assert_eq!(
            component_name("pytorch Lightning").as_deref(),
            Some("pytorch-Lightning")
        );
        // The branch a tool was built from.
        assert_eq!(
            component_name("GraphMap master").as_deref(),
            Some("GraphMap")
        );
        assert_eq!(component_name("Flappie master").as_deref(), Some("Flappie"));
        // A codename between a distribution's name and its number.
        assert_eq!(component_name("Debian Bullseye").as_deref(), Some("Debian"));
    }

    #[test]
    fn a_known_name_and_where_it_was_built_from() {
        // robertrosenbusch's ROCm images: "PyTorch GIT: v2.6.0".
        assert_eq!(component_name("PyTorch GIT").as_deref(), Some("PyTorch"));
        assert_eq!(component_name("vLLM source").as_deref(), Some("vLLM"));
        // A name no data knows keeps the word.
        assert_eq!(
            component_name("Torchvison GIT").as_deref(),
            Some("Torchvison-GIT")
        );
    }

    #[test]
    fn names_of_several_words() {
        assert_eq!(component_name("NVIDIA cuDNN").as_deref(), Some("cuDNN"));
        assert_eq!(
            component_name("Transformer Engine").as_deref(),
            Some("transformer_engine")
        );
        assert_eq!(
            component_name("AWS OFI NCCL plugin").as_deref(),
            Some("aws-ofi-nccl")
        );
        assert_eq!(
            component_name("Nsight Systems").as_deref(),
            Some("nsight-systems")
        );
        assert_eq!(
            component_name("NVIDIA TensorRT™").as_deref(),
            Some("TensorRT")
        );
        assert_eq!(component_name("torch").as_deref(), Some("torch"));
        // A vendor's word stays before a word saying what kind of thing.
        assert_eq!(component_name("Intel MPI").as_deref(), Some("Intel-MPI"));
        assert_eq!(
            component_name("Intel compilers").as_deref(),
            Some("Intel-compilers")
        );
        for prose in [
            "are",
            "containers for PyTorch",
            "和",
            "",
            "NVIDIA",
            "pip install numpy",
            "RUN mim install mmcv",
        ] {
            assert_eq!(component_name(prose), None, "{prose}");
        }
    }

    #[test]
    fn known_names_are_the_catalog_and_the_record_before() {
        let ws = Workspace::open(std::path::Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../.."
        )))
        .unwrap();
        // One run's records, read once for every release it imports.
        let mut recorded = RecordedNames::default();
        // After 25.10: its names.
        let after_25_10 = Known::of(&ws, "25.11", &mut recorded).unwrap();
        assert_eq!(after_25_10.spelling("Flash-Attn"), "flash_attn");
        assert!(after_25_10.names.iter().any(|n| n == "flash_attn"));
        // After 25.05, which has no flash_attn: relnotes' canonical name.
        let after_25_05 = Known::of(&ws, "25.06", &mut recorded).unwrap();
        assert!(!after_25_05.names.iter().any(|n| n == "flash_attn"));
        assert_eq!(after_25_05.spelling("Flash-Attn"), "flash_attn");
        assert_eq!(after_25_05.spelling("Flash Attention"), "flash_attn");
        assert_eq!(after_25_05.spelling("Ray-Serve"), "Ray-Serve");
        // Before every record: the catalog alone.
        let first = Known::of(&ws, "25.01", &mut recorded).unwrap();
        assert_eq!(first.spelling("PyTorch"), "torch");
        assert_eq!(first.spelling("flash-attn"), "flash_attn");
    }

    #[test]
    fn the_projects_spelling_wins() {
        let known = Known::new(["torch".to_string(), "flash_attn".to_string()]);
        assert_eq!(known.spelling("PyTorch"), "torch");
        assert_eq!(known.spelling("Torch"), "torch");
        assert_eq!(known.spelling("flash-attn"), "flash_attn");
        assert_eq!(known.spelling("flash_attn"), "flash_attn");
        // vLLM is PyPI's `vllm` (data/components.toml); Mooncake no data knows.
        assert_eq!(known.spelling("vLLM"), "vllm");
        assert_eq!(known.spelling("Mooncake"), "Mooncake");
        // A project that names none of its spellings gets the canonical
        // name; one that names one keeps it.
        let none = Known::default();
        assert_eq!(none.spelling("PyTorch"), "torch");
        let prev = Known::new(["PyTorch".to_string()]);
        assert_eq!(prev.spelling("torch"), "PyTorch");
    }

    #[test]
    fn a_projects_aliases_name_its_components() {
        let aliases: IndexMap<String, Component> =
            toml::from_str("[torch]\naliases = [\"pt\"]\n[ray]\naliases = [\"anyscale ray\"]\n")
                .unwrap();
        let known = Known::new(["PyTorch".to_string()]).with_aliases(&aliases);
        // Known under another spelling of the group: that spelling.
        assert_eq!(known.spelling("PT"), "PyTorch");
        // Not known yet: the project's canonical name.
        assert_eq!(known.spelling("Anyscale-Ray"), "ray");
        // The built-in aliases still hold.
        assert_eq!(known.spelling("pytorch"), "PyTorch");
        assert_eq!(known.spelling("vLLM"), "vllm");
        assert_eq!(known.spelling("Mooncake"), "Mooncake");
    }

    #[test]
    fn pages_spellings_become_canonical_names() {
        let none = Known::default();
        for (page, name) in [
            ("NVIDIA TensorRT™", "TensorRT"),
            ("NVIDIA CUDA", "CUDA"),
            ("EFA installer", "EFA"),
            ("Nsight Systems", "nsight-systems"),
            ("NVIDIA Nsight Systems", "nsight-systems"),
            ("NVIDIA DALI®", "DALI"),
            ("NVIDIA HPC-X", "HPC-X"),
            ("OpenUCX", "UCX"),
            ("Transformer Engine", "transformer_engine"),
            ("TE", "transformer_engine"),
            ("Flash Attention", "flash_attn"),
            ("AWS OFI NCCL plugin", "aws-ofi-nccl"),
            ("python", "Python"),
            ("Intel OpenVINO", "openvino"),
            // Unknown: cleaned, one token.
            ("NVIDIA Foo Bar™", "Foo-Bar"),
            ("Mooncake", "Mooncake"),
            // PyPI's `vllm`.
            ("vLLM", "vllm"),
        ] {
            assert_eq!(none.spelling(page), name, "{page}");
        }
        // The project's own name still wins.
        let project = Known::new(["tensorrt".to_string(), "Nsight-Systems".to_string()]);
        assert_eq!(project.spelling("NVIDIA TensorRT™"), "tensorrt");
        assert_eq!(project.spelling("Nsight Systems"), "Nsight-Systems");
    }

    #[test]
    fn built_in_spellings_find_their_canonical_name() {
        assert_eq!(canonical_key("Transformer Engine"), "transformer-engine");
        assert_eq!(canonical_key("TE"), "transformer-engine");
        assert_eq!(canonical_key("vLLM"), "vllm");
    }
}
