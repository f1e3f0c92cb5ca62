//! "X 升级至 Y" / "X upgraded to Y" claims in feature and fix texts.

use crate::version::pep503;

/// One upgrade claim found in a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Claim {
    /// The word right before the upgrade phrase (`vLLM`, `CUDA`).
    pub name: String,
    /// Earlier words, nearest first, for English sentences such as
    /// "CUDA in the base image upgraded to 12.9.0".
    pub alternatives: Vec<String>,
    /// The claimed version (`0.11.0`, `2.4`).
    pub version: String,
    /// The text to point at: name and phrase as written.
    pub phrase: String,
}

/// Aliases: names people write for a component declared under another name.
const ALIASES: [(&str, &str); 3] = [
    ("pytorch", "torch"),
    ("transformerengine", "transformer-engine"),
    ("te", "transformer-engine"),
];

/// The key two spellings of a component share: case-insensitive, PEP 503,
/// and aliases (`pytorch` → `torch`).
pub fn normalize_component(name: &str) -> String {
    let key = pep503(name.trim());
    ALIASES
        .iter()
        .find(|(alias, _)| *alias == key)
        .map_or(key, |(_, canonical)| canonical.to_string())
}

fn name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')
}

fn version_after(text: &str) -> Option<String> {
    let text = text.trim_start();
    let text = text.strip_prefix(['v', 'V']).unwrap_or(text);
    let v: String = text
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '+' | '-' | '_'))
        .collect();
    let v = v.trim_end_matches(['.', '+', '-', '_']).to_string();
    v.chars().next().filter(char::is_ascii_digit).map(|_| v)
}

/// Every upgrade claim of `text`, in order.
pub fn find_claims(text: &str) -> Vec<Claim> {
    let mut out = Vec::new();
    for marker in ["升级至", "升级到"] {
        for (at, _) in text.match_indices(marker) {
            let before = text[..at].trim_end();
            let start = before
                .char_indices()
                .rev()
                .take_while(|(_, c)| name_char(*c))
                .last()
                .map(|(i, _)| i);
            let Some(start) = start else { continue };
            let name = before[start..].trim_matches(['.', '-', '_']).to_string();
            let Some(version) = version_after(&text[at + marker.len()..]) else {
                continue;
            };
            if name.is_empty() {
                continue;
            }
            out.push(Claim {
                phrase: format!("{}{marker}", &before[start..]),
                name,
                alternatives: Vec::new(),
                version,
            });
        }
    }
    for marker in [" upgraded to ", " updated to "] {
        for (at, _) in text.match_indices(marker) {
            let words: Vec<&str> = text[..at]
                .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')'))
                .filter(|w| !w.is_empty())
                .collect();
            let mut names = words
                .iter()
                .rev()
                .take(6)
                .map(|w| w.trim_matches(|c: char| !name_char(c)).to_string())
                .filter(|w| !w.is_empty());
            let Some(name) = names.next() else { continue };
            let Some(version) = version_after(&text[at + marker.len()..]) else {
                continue;
            };
            out.push(Claim {
                phrase: format!("{name}{}", marker.trim_end()),
                alternatives: names.collect(),
                name,
                version,
            });
        }
    }
    out.sort_by_key(|c| text.find(&c.phrase));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(text: &str) -> Vec<(String, String)> {
        find_claims(text)
            .into_iter()
            .map(|c| (c.name, c.version))
            .collect()
    }

    #[test]
    fn chinese_claims() {
        assert_eq!(
            pairs("megatron-core升级至0.14.0、transformer_engine升级至2.4,合入对应社区功能。"),
            [
                ("megatron-core".to_string(), "0.14.0".to_string()),
                ("transformer_engine".to_string(), "2.4".to_string())
            ]
        );
        assert_eq!(
            pairs("基础镜像CUDA升级至12.9.0。"),
            [("CUDA".to_string(), "12.9.0".to_string())]
        );
        assert_eq!(
            pairs("pytorch升级至2.6.0.7.post1,修复"),
            [("pytorch".to_string(), "2.6.0.7.post1".to_string())]
        );
        assert!(pairs("镜像升级pytorch2.6,针对").is_empty());
    }

    #[test]
    fn english_claims_look_back_for_the_name() {
        let c = find_claims("CUDA in the base image upgraded to 12.9.0.");
        assert_eq!(c[0].name, "image");
        assert!(c[0].alternatives.contains(&"CUDA".to_string()));
        assert_eq!(c[0].version, "12.9.0");
        assert_eq!(
            pairs("vLLM upgraded to 0.11.0, incorporating"),
            [("vLLM".to_string(), "0.11.0".to_string())]
        );
    }

    #[test]
    fn names_normalise_with_aliases() {
        assert_eq!(normalize_component("PyTorch"), "torch");
        assert_eq!(normalize_component("vLLM"), "vllm");
        assert_eq!(
            normalize_component("transformer_engine"),
            "transformer-engine"
        );
    }
}
