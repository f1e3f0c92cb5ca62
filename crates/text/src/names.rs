//! Component names as the project spells them. A page writes "PyTorch",
//! "Transformer Engine" or "NVIDIA cuDNN"; the record keeps the name the
//! project already uses (its catalog, the previous record), matched by
//! PEP 503 and by the alias table below.

use crate::package_name::is_package_name;
use model::record::{RecordError, Workspace};
use model::version::pep503;

/// Spellings pages use for one component; the first is the one a name of
/// several words becomes when the project has none of them yet. Data: a
/// new vendor's wording is a new entry.
const ALIASES: &[&[&str]] = &[
    &["torch", "pytorch"],
    &["CUDA", "cuda toolkit", "nvidia cuda", "cuda runtime"],
    &["cuDNN", "nvidia cudnn"],
    &["NCCL", "nvidia nccl"],
    &[
        "transformer_engine",
        "transformer engine",
        "transformerengine",
        "te",
    ],
    &["flash_attn", "flash attention", "flashattention"],
    &["EFA", "efa installer"],
    &["aws-ofi-nccl", "aws ofi nccl plugin", "aws ofi nccl"],
    &["TensorRT", "nvidia tensorrt"],
    &["DALI", "nvidia dali"],
    &["apex", "nvidia apex"],
    &["megatron-core", "megatron core", "mcore"],
];

/// Words naming the vendor, not the package ("NVIDIA cuDNN 7.6.5").
const VENDOR_WORDS: &[&str] = &["nvidia"];

/// The key two spellings of one name share: PEP 503, words joined by `-`.
pub fn key(name: &str) -> String {
    pep503(&name.split_whitespace().collect::<Vec<_>>().join("-"))
}

fn alias_group(name: &str) -> Option<&'static [&'static str]> {
    let k = key(name);
    ALIASES
        .iter()
        .copied()
        .find(|group| group.iter().any(|a| key(a) == k))
}

/// Whether the alias table knows `name` (any spelling).
pub fn is_alias(name: &str) -> bool {
    alias_group(name).is_some()
}

/// A name as a page writes it (one word, or a few: "Transformer Engine")
/// → a component name, or `None` when it is no package name.
pub fn component_name(written: &str) -> Option<String> {
    let words: Vec<&str> = written
        .split_whitespace()
        .map(|w| w.trim_matches(['`', '*', '"', '\'']))
        .filter(|w| !w.is_empty())
        .collect();
    let start = words
        .iter()
        .position(|w| !VENDOR_WORDS.contains(&w.to_ascii_lowercase().as_str()))?;
    let words = &words[start..];
    if words.is_empty() || words.len() > 4 || !words.iter().all(|w| is_package_name(w)) {
        return None;
    }
    if words.len() == 1 {
        return Some(words[0].to_string());
    }
    let joined = words.join(" ");
    Some(match alias_group(&joined) {
        Some(group) => group[0].to_string(),
        None => words.join("-"),
    })
}

/// The names a project already uses: its catalog and the record just
/// before the imported version.
#[derive(Debug, Clone, Default)]
pub struct Known {
    names: Vec<String>,
}

impl Known {
    pub fn new(names: impl IntoIterator<Item = String>) -> Known {
        Known {
            names: names.into_iter().collect(),
        }
    }

    /// The catalog's names and those of the release before `version`.
    pub fn of(workspace: &Workspace, version: &str) -> Result<Known, RecordError> {
        let mut names: Vec<String> = workspace.project.catalog.keys().cloned().collect();
        // A project's first import may come before its releases/ directory.
        let mut versions = if workspace.releases_dir().is_dir() {
            workspace.versions()?
        } else {
            Vec::new()
        };
        versions.push(version.to_string());
        versions.sort_by(|a, b| model::record::load::release_order(a, b));
        versions.dedup();
        let previous = versions.iter().take_while(|v| v.as_str() != version).last();
        if let Some(previous) = previous {
            let release = workspace.load(previous, false)?.release;
            names.extend(release.components.keys().cloned());
            for over in release.arch.values() {
                names.extend(over.components.keys().cloned());
            }
        }
        Ok(Known::new(names))
    }

    /// `name` as the project spells it: a known name equal under PEP 503,
    /// else a known name of the same alias group, else `name` itself.
    pub fn spelling(&self, name: &str) -> String {
        let k = key(name);
        if let Some(known) = self.names.iter().find(|n| key(n) == k) {
            return known.clone();
        }
        if let Some(group) = alias_group(name)
            && let Some(known) = self
                .names
                .iter()
                .find(|n| group.iter().any(|a| key(a) == key(n)))
        {
            return known.clone();
        }
        name.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            Some("Nsight-Systems")
        );
        assert_eq!(component_name("torch").as_deref(), Some("torch"));
        for prose in ["are", "containers for PyTorch", "和", "", "NVIDIA"] {
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
        // After 25.10: its names.
        assert_eq!(
            Known::of(&ws, "25.11").unwrap().spelling("Flash-Attn"),
            "flash_attn"
        );
        // After 25.05, which has no flash_attn: the page's spelling stays.
        assert_eq!(
            Known::of(&ws, "25.06").unwrap().spelling("Flash-Attn"),
            "Flash-Attn"
        );
        // Before every record: the catalog alone.
        let first = Known::of(&ws, "25.01").unwrap();
        assert_eq!(first.spelling("PyTorch"), "torch");
        assert_eq!(first.spelling("flash-attn"), "flash-attn");
    }

    #[test]
    fn the_projects_spelling_wins() {
        let known = Known::new(["torch".to_string(), "flash_attn".to_string()]);
        assert_eq!(known.spelling("PyTorch"), "torch");
        assert_eq!(known.spelling("Torch"), "torch");
        assert_eq!(known.spelling("flash-attn"), "flash_attn");
        assert_eq!(known.spelling("flash_attn"), "flash_attn");
        assert_eq!(known.spelling("vLLM"), "vLLM");
        // An alias applies only where the project uses one of its spellings.
        let none = Known::default();
        assert_eq!(none.spelling("PyTorch"), "PyTorch");
        let prev = Known::new(["PyTorch".to_string()]);
        assert_eq!(prev.spelling("torch"), "PyTorch");
    }
}
