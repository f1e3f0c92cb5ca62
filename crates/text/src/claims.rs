//! "X 升级至 Y" / "X upgraded to Y" claims in feature and fix texts. The
//! phrases are data (`[claims]` of `data/words/*.toml`); how a claim is read
//! around them is here.

use crate::error::MAX_ITEMS;
use crate::names;
use crate::package_name::is_package_name;
use crate::words::{self, ClaimWords, Words};

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

/// Whether a claim says its version went down ("transformers downgraded
/// to 4.56.1", "降级至"): its phrase holds a lowering word of a language.
pub fn lowers(claim: &Claim) -> bool {
    let phrase = claim.phrase.to_lowercase();
    crate::words::each().any(|w| {
        w.claims
            .lowering
            .iter()
            .any(|word| phrase.contains(word.as_str()))
    })
}

/// The key two spellings of a component share: case-insensitive, PEP 503,
/// and the aliases of `data/components.toml` (`pytorch` → `torch`).
pub fn normalize_component(name: &str) -> String {
    names::canonical_key(name)
}

fn name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')
}

/// Whether the last two of `words` are a name data knows ("ONNX
/// Runtime"): its last word is then no qualifier ("Go runtime").
fn ends_known_name<S: AsRef<str>>(words: &[S]) -> bool {
    match words {
        [.., before, last] => {
            model::known_component(&format!("{} {}", before.as_ref(), last.as_ref())).is_some()
        }
        _ => false,
    }
}

pub(crate) fn version_after(text: &str) -> Option<String> {
    // "升级 vite 到 `2.0.0`": a version set as code.
    let mut text = text.trim_start().trim_start_matches('`');
    // "updated to the 2.0.15 release": a `name_leads` word before it.
    // A word ends at a space, or anywhere in a language whose words are not
    // spaced ("到最新版本4.0.3").
    let word_at_start = |text: &'_ str, word: &str| -> Option<usize> {
        let head = text.get(..word.len())?;
        let rest = &text[word.len()..];
        (head.eq_ignore_ascii_case(word) && (rest.starts_with(' ') || !word.is_ascii()))
            .then_some(word.len())
    };
    for _ in 0..3 {
        // ("TileDB Embedded 2.30.1", TileDB-Py's history: a capital makes
        // the word a name's.)
        if text.starts_with(|c: char| c.is_uppercase()) {
            break;
        }
        let lead = words::each()
            .flat_map(|w| &w.claims.name_leads)
            .find_map(|l| word_at_start(text, l));
        match lead {
            Some(len) => text = text[len..].trim_start(),
            None => break,
        }
    }
    // "to version 2023.6.1": the word "version" stands before it; "to the
    // latest stable release (1.6.7)": a release word and a parenthesis.
    let text = words::each()
        .flat_map(|w| {
            w.components
                .version_words
                .iter()
                .chain(&w.claims.release_words)
        })
        .find_map(|v| word_at_start(text, v).map(|len| &text[len..]))
        .map_or(text, str::trim_start);
    // ("`hayabusa-evtx`クレートをバージョン`0.8.12`に更新": code after the word.)
    let text = text.strip_prefix(['(', '`']).unwrap_or(text);
    // "update llama.cpp to ggml-org/llama.cpp@4df29be4f" (llama-cpp-python's
    // changelog), "to e84e05053792": a commit is the version it went to.
    let first = text
        .split_whitespace()
        .next()
        .unwrap_or("")
        .trim_end_matches(['.', ',', ';', ')', '`']);
    let commit = first
        .rsplit_once('@')
        .map_or(first, |(repository, commit)| {
            match repository.split_once('/') {
                Some((owner, name)) if !owner.is_empty() && !name.is_empty() => commit,
                _ => first,
            }
        });
    // "Bump llama.cpp to b6047" (TabbyML's changelog): a build's number.
    if crate::package_name::is_commit_hash(commit) || crate::package_name::is_build_number(commit) {
        return Some(commit.to_string());
    }
    let text = text.strip_prefix(['v', 'V']).unwrap_or(text);
    // "from 5:24.0.6-1 to 5:25.0.0-1" (a Debian package's version): its
    // epoch before the colon is part of it.
    let epoch: String = text.chars().take_while(char::is_ascii_digit).collect();
    let epoch = match text[epoch.len()..].strip_prefix(':') {
        Some(rest)
            if !epoch.is_empty()
                && epoch.len() <= 2
                && rest.contains('-')
                && rest.starts_with(|c: char| c.is_ascii_digit()) =>
        {
            format!("{epoch}:")
        }
        _ => String::new(),
    };
    let text = &text[epoch.len()..];
    let v: String = epoch
        .chars()
        .chain(
            text.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '+' | '-' | '_')),
        )
        .collect();
    let mut v = v.trim_end_matches(['.', '+', '-', '_']).to_string();
    // "15 SP7": a service pack continues the version.
    let after = &text[v.len() - epoch.len()..];
    if let Some(part) = after
        .strip_prefix(' ')
        .and_then(|r| r.split(|c: char| !c.is_ascii_alphanumeric()).next())
        .filter(|w| crate::package_name::is_version_part(w))
    {
        v = format!("{v} {part}");
    }
    // "to 4.8-5.x", "to 2.x", "3.8–3.12": a range or a series, no version.
    if v.split(['.', '-'])
        .any(|part| part.eq_ignore_ascii_case("x"))
        || crate::ranges::opens_range(&text[v.len() - epoch.len()..])
    {
        return None;
    }
    // "LeafDfpnNodesLimitを50→40に変更" (YaneuraOu's history): the old
    // version, an arrow, the new one; "Update c-blosc to 1.21.0 to 1.21.5"
    // (numcodecs' release notes): the later.
    if !v.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let rest = text[v.len() - epoch.len()..].trim_start();
    let later = words::each()
        .flat_map(|w| &w.claims.to)
        .map(String::as_str)
        .chain(["⇒"])
        .find_map(|to| {
            let after = rest.strip_prefix(to)?;
            (!to.is_ascii() || to.starts_with('-') || after.starts_with(' '))
                .then(|| version_after(after))
                .flatten()
        });
    if let Some(new) = later {
        return Some(new);
    }
    // "TTEntryを16byteにして" (YaneuraOu's history): a size, no version.
    let digits = v.len() - v.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if ["byte", "bytes", "bit", "bits", "kb", "mb", "gb", "tb"]
        .iter()
        .any(|unit| v[digits..].eq_ignore_ascii_case(unit))
    {
        return None;
    }
    v.chars().next().filter(char::is_ascii_digit).map(|_| v)
}

/// Where a name's old version stands after it ("`dr_flac` v0.13.0 " →
/// the space before `v0.13.0`): a last word of a digit, or `v` and one,
/// after a word of a name.
fn old_version_at(name_and_old: &str) -> Option<usize> {
    let trimmed = name_and_old.trim_end();
    // "Updated `com.exasol:database-cleaner:1.1.3` to `1.1.4`" (Exasol's
    // changes files): a Maven artifact's old version after its last colon.
    let last = trimmed.rsplit(' ').next().unwrap_or(trimmed);
    if let Some((coordinate, _)) = crate::package_name::maven_versioned(last.trim_matches('`')) {
        let start = trimmed.len() - last.len() + last.find(coordinate)?;
        return Some(start + coordinate.len());
    }
    let (head, last) = trimmed.rsplit_once(' ')?;
    let numbers = last.strip_prefix(['v', 'V']).unwrap_or(last);
    (numbers.starts_with(|c: char| c.is_ascii_digit())
        && numbers.contains('.')
        && !head.trim().is_empty())
    .then_some(head.len())
}

/// `text` after `name` when it opens it, a word of its own ("to CUDA
/// 12.1" after "Upgrade CUDA version"); else `text`.
fn after_name_again<'a>(text: &'a str, name: &str) -> &'a str {
    let trimmed = text.trim_start();
    match trimmed.get(..name.len()) {
        Some(head) if !name.is_empty() && head.eq_ignore_ascii_case(name) => {
            let rest = &trimmed[name.len()..];
            if rest.starts_with(' ') { rest } else { text }
        }
        _ => text,
    }
}

/// `text` without a mark standing for the verb (`:arrow_up:`, gitmoji's
/// mark for upgrading a dependency) when a verb or a claim's phrase follows
/// it (":arrow_up: update knife4j to 2.0.3", ":arrow_up: 升级到 Spring
/// cloud Hoxton.SR8"): the words say it, and the mark is none of the name.
fn without_doubled_verb(text: &str) -> &str {
    let trimmed = text.trim_start();
    let is_mark = |v: &String| !v.starts_with(char::is_alphanumeric);
    let Some(rest) = words::each()
        .flat_map(|w| w.claims.verb_first.iter().filter(|v| is_mark(v)))
        .find_map(|mark| trimmed.strip_prefix(mark.as_str()))
    else {
        return text;
    };
    let rest = rest.trim_start();
    let lower = rest.to_lowercase();
    let opens = |phrase: &String| {
        let phrase_lower = phrase.to_lowercase();
        !is_mark(phrase)
            && lower.strip_prefix(&phrase_lower).is_some_and(|after| {
                // A whole word where words are spaced ("update", not
                // "updater").
                !phrase.is_ascii() || after.chars().next().is_none_or(|c| !c.is_alphanumeric())
            })
    };
    let verb_follows = words::each()
        .any(|w| w.claims.verb_first.iter().any(opens) || w.claims.name_first.iter().any(opens));
    if verb_follows { rest } else { text }
}

/// Every upgrade claim of `text`, in order: "X升级至Y", "升级X vY",
/// "X upgraded to Y", "Upgraded X to Y", "Bumped X to Y" and the chained
/// "… and Z to W", in every language's words (`[claims]` of
/// `data/words/*.toml`). Names are package names, never the words around
/// them.
pub fn find_claims(text: &str) -> Vec<Claim> {
    // No upgrade word, no claim: most lines of a page stop here.
    if !markers().is_match(text) {
        return Vec::new();
    }
    let text = without_doubled_verb(text);
    // A claim names a version: no digit, no claim.
    if !text.bytes().any(|b| b.is_ascii_digit()) {
        return Vec::new();
    }
    let lower = text.to_ascii_lowercase();
    let mut found = Vec::new();
    for words in words::each() {
        // Where words are spaced, a name is a run of words before the
        // phrase; elsewhere it runs right up to it.
        if words.spaced {
            // Every spaced claim holds a `to` word or a name-first phrase
            // ("Change 5 of release 3" holds neither).
            let possible = words
                .claims
                .to
                .iter()
                .map(|t| words.between(t))
                .chain(words.claims.name_first.iter().map(|p| words.between(p)))
                .any(|w| lower.contains(w.as_str()))
                // "bump kotlin@2.1.21": a pinned package needs none.
                || lower.contains('@');
            // "Updated: Lua 5.3", "Updated: dzVents version 3.0.2 (…)"
            // (Domoticz's history): the verb as the item's label, then the
            // name and the version it holds now.
            if let Some(claim) = verb_labelled(text, words)
                .or_else(|| name_labelled(text, words))
                .or_else(|| verb_name_version(text, words))
            {
                found.push((0, claim));
                continue;
            }
            if !possible {
                continue;
            }
            let text = &plain_claim(&without_code_notes(text), words);
            spaced_name_first(text, words, &mut found);
            spaced_verb_first(text, words, &mut found);
            subject_first(text, words, &mut found);
            in_order(text, words, &mut found);
        } else if !text.is_ascii() {
            // The languages written without spaces write their claims in
            // their own script.
            let before = found.len();
            name_first(text, &words.claims, &mut found);
            verb_first(text, words, &mut found);
            version_first(text, &words.claims, &mut found);
            if found.len() > before {
                let mut chained = found[before..].to_vec();
                unspaced_chain(text, words, &mut chained);
                found.extend(chained.split_off(found.len() - before));
            }
        }
    }
    // Of two readings at one place, the one naming more: "… and iOS to
    // version 10.1.4" after "Mobilisten SDK for Android" names the SDK's
    // other build, not iOS.
    found.sort_by_key(|(at, c)| (*at, std::cmp::Reverse(c.name.len())));
    found.dedup_by_key(|(at, _)| *at);
    // One claim read by two of the ways above, from two places.
    let mut seen = std::collections::HashSet::new();
    found.retain(|(_, c)| seen.insert((c.name.clone(), c.version.clone())));
    // "Update Python VSCode extension to version 2023.6.1" is one claim,
    // not also "extension to version 2023.6.1".
    // `R_VERSION` → `R`: a build argument names its component first.
    let claims: Vec<Claim> = found
        .into_iter()
        .map(|(_, mut c)| {
            // A version word, not any word of prose: `terra-jupyter-base`
            // keeps its `base`.
            if let Some((head, tail)) = crate::package_name::prose_tail(&c.name)
                && crate::words::is_version_label(tail)
            {
                c.name = head.to_string();
                // `FACTORY_DEFAULT_NODE_VERSION` → `NODE`: a build
                // argument's words up to one of prose ("default") say
                // whose it is, not what.
                if let Some(name) = after_prose_word(&c.name) {
                    c.name = name;
                }
            }
            c
        })
        .collect();
    // "Bundled C-Blosc2 moves to 3.3.2": not also "C-Blosc2 moves", the
    // verb of a name-first claim read as a word of the name.
    let verb_of_name_first = |word: &str| {
        words::each().any(|l| {
            l.claims
                .name_first
                .iter()
                .filter_map(|m| m.strip_suffix(" to"))
                .any(|verb| verb.eq_ignore_ascii_case(word))
        })
    };
    // "Bump xformers for InvokeAI to version 0.0.31.post1": the name after
    // a word of purpose (`[statements] purposes`) is whose the package
    // before it is, not a second claim. (After words naming no package,
    // "Update meson wrap file for bubblewrap to version 0.11.0", it is
    // the one claimed.)
    let lower_text = text.to_lowercase();
    let for_whom = |c: &Claim, other: &Claim| {
        !other.name.contains(char::is_whitespace)
            && words::each().flat_map(|l| &l.statements.purposes).any(|p| {
                lower_text.contains(&format!(
                    "{} {p} {}",
                    other.name.to_lowercase(),
                    c.name.to_lowercase()
                ))
            })
    };
    claims
        .iter()
        .filter(|c| {
            !claims.iter().any(|other| {
                other.version == c.version && other.name != c.name && for_whom(c, other)
            })
        })
        .filter(|c| {
            !claims.iter().any(|other| {
                other.version == c.version
                    && other.name.len() > c.name.len()
                    && other.name.ends_with(&format!(" {}", c.name))
            })
        })
        .filter(|c| {
            !claims.iter().any(|other| {
                other.version == c.version
                    && c.name
                        .strip_prefix(other.name.as_str())
                        .and_then(|rest| rest.strip_prefix(' '))
                        .is_some_and(verb_of_name_first)
            })
        })
        .cloned()
        .collect()
}

/// A build argument's name (`FACTORY_DEFAULT_NODE`) after its last word
/// of prose (`DEFAULT`), when it has one and words after it.
fn after_prose_word(name: &str) -> Option<String> {
    let argument = name.contains('_')
        && name
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_');
    if !argument {
        return None;
    }
    let parts: Vec<&str> = name.split('_').collect();
    let last_prose = parts
        .iter()
        .rposition(|p| crate::package_name::is_not_name(&p.to_ascii_lowercase()))?;
    (last_prose + 1 < parts.len()).then(|| parts[last_prose + 1..].join("_"))
}

/// The upgrade words of every language, found in one pass, whatever
/// their case.
fn markers() -> &'static aho_corasick::AhoCorasick {
    static MARKERS: std::sync::OnceLock<aho_corasick::AhoCorasick> = std::sync::OnceLock::new();
    MARKERS.get_or_init(|| {
        let words: Vec<&String> = words::each()
            .flat_map(|w| {
                w.claims
                    .name_first
                    .iter()
                    .chain(&w.claims.verb_first)
                    .chain(&w.claims.version_first)
                    // "`ginkgolinter`: from 0.23.1 to 0.24.0": no verb.
                    .chain(&w.claims.from)
            })
            .filter(|m| !m.is_empty())
            .collect();
        aho_corasick::AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .build(words)
            .expect("the claim words of the words files")
    })
}

/// A claim whose label names the component, the verb after the colon with
/// no name of its own before `to`: "Jade: update: bump library to 1.0.31",
/// "libsecp256k1: bump bundled version to 0.3.2" (Electrum's release
/// notes).
fn name_labelled(text: &str, words: &Words) -> Option<Claim> {
    let text = text
        .trim()
        .trim_start_matches("- ")
        .trim_start_matches(['*', ' ']);
    let (label, value) = text.split_once(':')?;
    let label = label.trim().trim_matches(['*', '`']);
    let label_words: Vec<&str> = label.split_whitespace().collect();
    if !(1..=2).contains(&label_words.len()) || !label_words.iter().all(|w| is_package_name(w)) {
        return None;
    }
    // ("update: bump library to 1.0.31": a label of the change's kind.)
    let value = match value.trim().split_once(':') {
        Some((kind, rest)) if kind.chars().all(|c| c.is_ascii_lowercase()) => {
            // "middleware: cherryusb: update to v1.5.0" (HPMicro's SDK
            // changelog): a package under its area, then a verb and `to`
            // alone: the package is what changed.
            let rest_words: Vec<&str> = rest.split_whitespace().collect();
            if let [verb, to, version, ..] = rest_words.as_slice()
                && holds(&words.claims.verb_first, verb)
                && holds(&words.claims.to, to)
                && !holds(&words.claims.verb_first, kind)
                && is_package_name(kind)
                && let Some(version) = version_after(version)
            {
                return Some(Claim {
                    phrase: format!("{label}: {kind}: {verb} {to}"),
                    name: kind.to_string(),
                    alternatives: Vec::new(),
                    version,
                });
            }
            rest
        }
        _ => value,
    };
    let value_words: Vec<&str> = value.split_whitespace().collect();
    // "`ginkgolinter`: from 0.23.1 to 0.24.0" (golangci-lint's changelog):
    // the label's change from one version to the next, no verb.
    if let [from, old, to, new, ..] = value_words.as_slice()
        && holds(&words.claims.from, from)
        && old.bytes().any(|b| b.is_ascii_digit())
        && holds(&words.claims.to, to)
    {
        return Some(Claim {
            phrase: format!("{label}: {from} {old} {to}"),
            name: label_words.join(" "),
            alternatives: Vec::new(),
            version: version_after(new)?,
        });
    }
    let verb = value_words.first()?;
    if !holds(&words.claims.verb_first, verb) {
        return None;
    }
    // (After the verb: a language's verb may also be one of its `to` words.)
    let to = 1 + value_words[1..]
        .iter()
        .position(|w| holds(&words.claims.to, w))?;
    // Words of prose ending in what of it changed ("required and bundled
    // library", "bundled version"); a name there is the one upgraded
    // ("CHANGED: upgraded tz submodule to 2025c", Valhalla's changelog).
    let between = &value_words[1..to];
    let what = |w: &str| {
        crate::package_name::is_not_name(w)
            || holds(&words.claims.kinds, w)
            || crate::words::is_version_label(w)
    };
    let described = between.iter().all(|w| {
        w.chars().all(|c| c.is_ascii_lowercase())
            && (what(w)
                || holds(&words.claims.qualifiers, w)
                || holds(&words.claims.and, w)
                || (w.len() > 4 && w.ends_with("ed")))
    }) && between.last().is_some_and(|w| what(w));
    // "chore: bump version to v0.7.1", "API: Update version to 1.2.15": the
    // project's own version, whatever the label.
    let own = between.iter().all(|w| crate::words::is_version_label(w));
    if !described || own {
        return None;
    }
    let version = version_after(&value_words[to + 1..].join(" "))?;
    Some(Claim {
        phrase: format!("{label}: {}", value_words[..=to].join(" ")),
        name: label_words.join(" "),
        alternatives: Vec::new(),
        version,
    })
}

/// A claim whose verb labels it, its name and version after the colon:
/// "Updated: Lua 5.3".
fn verb_labelled(text: &str, words: &Words) -> Option<Claim> {
    let text = text
        .trim()
        .trim_start_matches("- ")
        .trim_start_matches(['*', '[', ' ']);
    let (label, value) = text.split_once(':')?;
    let label = label.trim().trim_matches(['*', ']', '[']);
    if !holds(&words.claims.verb_first, label) {
        return None;
    }
    // A note after the version ("( https://… )") says nothing of it, nor
    // does a sentence after it ("Upgrade: kotlinx.coroutines 1.11.0. This
    // is used by …", OkHttp's changelog).
    let value = value.split(" (").next().unwrap_or(value).trim();
    let value = first_sentence(value).trim_end_matches('.');
    let (head, last) = value.rsplit_once(' ')?;
    let version = version_after(last).filter(|v| v.len() + 1 >= last.len())?;
    let mut name_words: Vec<&str> = head.split_whitespace().collect();
    // "dzVents version 3.0.2": the word for a version is no name's.
    if name_words.len() > 1
        && name_words
            .last()
            .is_some_and(|w| crate::words::is_version_label(w))
    {
        name_words.pop();
    }
    let name = name_words.join(" ");
    let named =
        (1..=3).contains(&name_words.len()) && name_words.iter().all(|w| is_package_name(w));
    named.then(|| Claim {
        phrase: format!("{label}: {value}"),
        name,
        alternatives: Vec::new(),
        version,
    })
}

/// "build(deps): bump sqlite v3.51.0 (● [b495f37](…))", "fix: update
/// sqlute v3.49.1" (conventional commits in a changelog): the verb, one
/// name, and a version written with its `v` or of three numbers, ending
/// the item or before a note in parentheses. Nothing else may follow:
/// "Update docs for 2.0" names no component.
fn verb_name_version(text: &str, words: &Words) -> Option<Claim> {
    let text = text.trim();
    let text = text
        .split(" (")
        .next()
        .unwrap_or(text)
        .trim_end_matches(['.', ';']);
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let [.., verb, name, written] = tokens.as_slice() else {
        return None;
    };
    let name = name.trim_matches('`');
    let written = written.trim_matches('`');
    let version = version_after(written).filter(|v| v.len() + 1 >= written.len())?;
    let clear = written.starts_with(['v', 'V']) || version.matches('.').count() >= 2;
    (holds(&words.claims.verb_first, verb) && clear && is_package_name(name)).then(|| Claim {
        phrase: format!("{verb} {name} {written}"),
        name: name.to_string(),
        alternatives: Vec::new(),
        version,
    })
}

/// "megatron-core升级至0.14.0" / "X升级到Y" / "X更新至Y".
fn name_first(text: &str, claims: &ClaimWords, out: &mut Vec<(usize, Claim)>) {
    for marker in &claims.name_first {
        for (at, _) in text.match_indices(marker.as_str()) {
            // A line of more claims than a record may hold is refused.
            if out.len() > MAX_ITEMS {
                return;
            }
            let before = without_old_version(text[..at].trim_end(), claims);
            // "Django 框架：版本升级至4.2.16" (MrDoc's CHANGES): the name and
            // its kind as the change's label.
            let before = before.strip_suffix(['：', ':']).unwrap_or(before);
            // "clang のバージョンを": the name before `の` and the word for
            // a version.
            let before = without_version_of(before, claims);
            // "Mihomo(Meta) 内核升级至 v1.19.19" (Clash Verge Rev's
            // changelog): the kind of software after the name, and the
            // name's other name in parentheses, are none of it.
            let before = claims
                .kinds
                .iter()
                .filter(|k| !k.is_empty())
                .find_map(|k| before.strip_suffix(k.as_str()))
                .map(str::trim_end)
                .filter(|rest| !rest.is_empty())
                .unwrap_or(before);
            let before = before
                .strip_suffix(')')
                .and_then(|head| head.rsplit_once('('))
                .filter(|(name, other)| {
                    name.ends_with(name_char) && !other.is_empty() && other.chars().all(name_char)
                })
                .map_or(before, |(name, _)| name);
            // "[UPDATE] NVIDIA VIDEO CODEC SDK を 13.0 に上げる": a name of
            // spaced words written whole from where the item starts.
            let spaced_whole = whole_name_start(before).filter(|&s| {
                let name = &before[s..];
                name.is_ascii()
                    && name.contains(' ')
                    && crate::package_name::are_name_words(
                        &name.split_whitespace().collect::<Vec<_>>(),
                    )
            });
            let start = if starts_with_version_word(marker) {
                whole_name_start(before)
            } else if spaced_whole.is_some() {
                spaced_whole
            } else if let Some(start) = spaced_tail_start(before) {
                Some(start)
            } else {
                before
                    .char_indices()
                    .rev()
                    .take_while(|(_, c)| name_char(*c))
                    .last()
                    .map(|(i, _)| i)
            };
            let Some(start) = start else { continue };
            // "2.Newtonsoft.Json升级到13.0.3版本" (PaddleOCRSharp's update
            // notes): an item's number run into the name.
            let numbered = before[start..]
                .split_once(['.', '．', '、'])
                .filter(|(n, rest)| {
                    !n.is_empty()
                        && n.len() <= 3
                        && n.bytes().all(|b| b.is_ascii_digit())
                        && rest.starts_with(|c: char| c.is_ascii_alphabetic())
                })
                .map_or(0, |(_, rest)| before[start..].len() - rest.len());
            let start = start + numbered;
            let name = before[start..].trim_matches(['.', '-', '_']).to_string();
            // "修复 v2 升级 v3 版本时…": a release upgraded from, no name.
            if name
                .trim_start_matches(['v', 'V'])
                .starts_with(|c: char| c.is_ascii_digit())
            {
                continue;
            }
            let after = &text[at + marker.len()..];
            // "pypdf를 4.x에서 6.7.4로 업그레이드" (CrewAI's Korean
            // changelog): a series it left, then the version it went to.
            let past_series = || {
                claims
                    .from
                    .iter()
                    .filter(|f| !f.is_empty())
                    .find_map(|f| {
                        let (left, went) = after.split_once(f.as_str())?;
                        let left = left.trim();
                        (left.starts_with(|c: char| c.is_ascii_digit())
                            && !left.contains(char::is_whitespace))
                        .then_some(went)
                    })
                    .and_then(version_after)
            };
            // "llama.cppをb5536にアップグレード" (AIChatPlus's Japanese
            // changelog): a build named by its number.
            let build = || {
                let token: String = after
                    .trim_start()
                    .chars()
                    .take_while(char::is_ascii_alphanumeric)
                    .collect();
                crate::package_name::is_build_number(&token).then_some(token)
            };
            let Some(mut version) = version_after(after).or_else(past_series).or_else(build) else {
                continue;
            };
            // "SDL を 2.30.8 から 3.2.18 に上げる": the version it went to.
            if let Some(went_to) = after
                .trim_start()
                .trim_start_matches(['v', 'V'])
                .strip_prefix(version.as_str())
                .map(str::trim_start)
                .and_then(|rest| {
                    claims
                        .from
                        .iter()
                        .filter(|f| !f.is_empty())
                        .find_map(|f| rest.strip_prefix(f.as_str()))
                })
                .and_then(version_after)
            {
                version = went_to;
            }
            let named = if name.contains(' ') {
                name.split(' ').all(crate::package_name::is_package_word)
                    && name.split(' ').any(is_package_name)
            } else {
                is_package_name(&name)
            };
            if !named {
                continue;
            }
            out.push((
                start,
                Claim {
                    phrase: format!("{}{marker}", &before[start..]),
                    name,
                    alternatives: Vec::new(),
                    version,
                },
            ));
        }
    }
}

/// "インストーラに使用している Inno Setup": a name of spaced words after
/// a word of the page's own script, where it starts.
fn spaced_tail_start(before: &str) -> Option<usize> {
    let (head, _) = before.split_at(before.trim_end().len());
    let mut start = head.len();
    let mut count = 0;
    for word in head.rsplit(' ') {
        if word.is_ascii() && !word.is_empty() && crate::package_name::is_package_word(word) {
            start -= word.len() + usize::from(start < head.len());
            count += 1;
            continue;
        }
        let after_own_script = !word.is_ascii();
        let name = &head[start..];
        let first = name.split(' ').next().unwrap_or_default();
        return ((2..=4).contains(&count) && after_own_script && is_package_name(first))
            .then_some(start);
    }
    None
}

/// "[UPDATE] Boost 1.79.0 に上げる", "NVIDIA L4T 32.4.2 に上げる": a name
/// of spaced words written whole from where the item starts, its version,
/// then a `version_first` marker.
fn version_first(text: &str, claims: &ClaimWords, out: &mut Vec<(usize, Claim)>) {
    for marker in claims.version_first.iter().filter(|m| !m.is_empty()) {
        for (at, _) in text.match_indices(marker.as_str()) {
            if out.len() > MAX_ITEMS {
                return;
            }
            let before = text[..at].trim_end();
            // "TTSSH(3.4.1)へ差し替えた" (Tera Term's history): the version
            // in parentheses right after the name.
            let in_parentheses = before
                .strip_suffix(')')
                .and_then(|b| b.rsplit_once('('))
                .filter(|(_, inner)| !inner.contains(' '));
            let Some((head, written)) = in_parentheses.or_else(|| before.rsplit_once(' ')) else {
                continue;
            };
            let Some(version) = version_after(written).filter(|v| v.len() + 1 >= written.len())
            else {
                continue;
            };
            let head = head.trim_end();
            let Some(start) = whole_name_start(head) else {
                continue;
            };
            // "ビルド環境をXcode 26.6に更新" (CotEditor's release notes): the
            // name in ASCII right after the page's own script.
            let start = if head[start..].is_ascii() {
                start
            } else {
                head.char_indices()
                    .rev()
                    .take_while(|(_, c)| c.is_ascii() && (name_char(*c) || *c == ' '))
                    .last()
                    .map_or(head.len(), |(i, _)| i)
            };
            let name = head[start..].trim();
            let words: Vec<&str> = name.split_whitespace().collect();
            if name.is_empty()
                || !name.is_ascii()
                || words.len() > 3
                || !crate::package_name::are_name_words(&words)
            {
                continue;
            }
            out.push((
                start,
                Claim {
                    phrase: format!("{name} {written} {marker}"),
                    name: name.to_string(),
                    alternatives: Vec::new(),
                    version,
                },
            ));
        }
    }
}

/// "默认hadoop版本从2.7.2" → "默认hadoop": before a name-first marker,
/// the old version after `from`, and the word for a version before it,
/// are no part of the name.
fn without_old_version<'a>(before: &'a str, claims: &ClaimWords) -> &'a str {
    let Some((head, old)) = claims
        .from
        .iter()
        .filter(|f| !f.is_empty())
        .find_map(|f| before.rsplit_once(f.as_str()))
    else {
        return before;
    };
    let old = old.trim();
    let is_version = !old.is_empty()
        && old
            .trim_start_matches(['v', 'V'])
            .starts_with(|c: char| c.is_ascii_digit())
        && !old.contains(char::is_whitespace);
    if !is_version {
        return before;
    }
    let head = head.trim_end();
    words::each()
        .flat_map(|w| &w.components.version_words)
        .filter(|v| !v.is_empty())
        .find_map(|v| head.strip_suffix(v.as_str()))
        .unwrap_or(head)
        .trim_end()
}

/// "利用する clang のバージョン" → "利用する clang": a word for a version
/// after `of` (`の`) ends the text before a name-first marker, no name's.
fn without_version_of<'a>(before: &'a str, claims: &ClaimWords) -> &'a str {
    let Some(head) = words::each()
        .flat_map(|w| &w.components.version_words)
        .filter(|v| !v.is_empty() && !v.is_ascii())
        .find_map(|v| before.strip_suffix(v.as_str()))
    else {
        return before;
    };
    claims
        .of
        .iter()
        .filter(|o| !o.is_empty() && !o.is_ascii())
        .find_map(|o| head.trim_end().strip_suffix(o.as_str()))
        // "Unity Editorバージョンを" (VMagicMirror's changelog): the word
        // glued to a name written in Latin letters.
        .or_else(|| {
            head.ends_with(|c: char| c.is_ascii_alphanumeric())
                .then_some(head)
        })
        .map_or(before, str::trim_end)
}

/// Whether a claim's marker opens with a word for a version ("版本升级至").
fn starts_with_version_word(marker: &str) -> bool {
    words::each()
        .flat_map(|w| &w.components.version_words)
        .any(|v| !v.is_empty() && marker.starts_with(v.as_str()))
}

/// Where a name written in full before its version word starts: after the
/// last mark that parts items or clauses (a bullet, `】`, `，`, `：`), if
/// what is left is a name of at most four words and 24 characters.
fn whole_name_start(before: &str) -> Option<usize> {
    let start = before
        .char_indices()
        .rev()
        .find(|(_, c)| {
            matches!(
                c,
                '】' | ']' | '，' | ',' | '、' | '：' | ':' | '；' | ';' | '。' | '（' | '(' | '*'
            )
        })
        .map_or(0, |(i, c)| i + c.len_utf8());
    let start = start + (before.len() - start - before[start..].trim_start().len());
    let start = match before[start..].strip_prefix("- ") {
        Some(_) => start + 2,
        None => start,
    };
    let name = &before[start..];
    (!name.is_empty() && name.chars().count() <= 24 && name.split_whitespace().count() <= 4)
        .then_some(start)
}

/// "升级vllm v0.9.2" / "升级 vLLM 至 0.9.2". A version run into the name
/// ("升级pytorch2.6") is part of the token, so it names no version.
fn verb_first(text: &str, words: &Words, out: &mut Vec<(usize, Claim)>) {
    let claims = &words.claims;
    for marker in &claims.verb_first {
        for (at, _) in text.match_indices(marker.as_str()) {
            // A line of more claims than a record may hold is refused.
            if out.len() > MAX_ITEMS {
                return;
            }
            let rest = &text[at + marker.len()..];
            // "升级了 grpc-erl 到版本 0.6.12": after a `not_after_verb` word,
            // a claim only with its `to` word; so after `to` itself ("升级到
            // Spring boot 到 2.5.6", mica's changelog; "更新至layui至2.6.3",
            // WTM's), where a name without its own `to` is read elsewhere.
            let past = claims
                .not_after_verb
                .iter()
                .chain(&claims.to)
                .find_map(|w| rest.strip_prefix(w.as_str()));
            let rest = past.unwrap_or(rest);
            // "[修改] Boost.Regex到1.56.0": the verb as the item's label.
            let trimmed = rest.trim_start_matches([']', '】', ':', '：']).trim_start();
            // "更新第三方插件mybatis-generator-plugin到1.3.2" (litemall's
            // changelog): the kind of software before the name.
            let trimmed = kind_before_name(trimmed, claims).unwrap_or(trimmed);
            // "升級依賴的rapidjson版本到1.1.0": the words describing it.
            let trimmed = after_attributive(trimmed, claims).unwrap_or(trimmed);
            // "升级 @vant/markdown-vetur@2.0.2": a scoped npm package, its
            // version after `@` or a space.
            let scoped: String = trimmed
                .chars()
                .take_while(|c| name_char(*c) || matches!(c, '@' | '/'))
                .collect();
            let is_scoped = crate::package_name::is_scoped_npm_name;
            let scoped_name = match scoped.rsplit_once('@') {
                Some((name, _)) if is_scoped(name) => Some(name.to_string()),
                _ => is_scoped(&scoped).then(|| scoped.clone()),
            };
            let (token, name) = match scoped_name {
                Some(name) => (name.clone(), name),
                None => {
                    let token: String = trimmed.chars().take_while(|c| name_char(*c)).collect();
                    let name = token.trim_matches(['.', '-', '_']).to_string();
                    (token, name)
                }
            };
            // "升级`Boost Context`版本到1.84" (Swoole's version log), "升级
            // Boost Context 版本到 1.84": a name of several words, set as
            // code or before the word for a version, then `to`.
            if let Some((name, version)) = words_then_to(trimmed, words) {
                out.push((
                    at,
                    Claim {
                        phrase: format!("{marker}{}", rest.trim_end()),
                        name,
                        alternatives: Vec::new(),
                        version,
                    },
                ));
                continue;
            }
            if !is_package_name(&name) && !is_scoped(&name) {
                continue;
            }
            // "升级 Agent OTel Collector Chart 从 0.129.0 升级至 0.142.0"
            // (DaoCloud's release notes): a name of several words, up to
            // where the old version or the new one is said.
            if let Some((name, version)) = spaced_name_then_versions(trimmed, claims) {
                out.push((
                    at,
                    Claim {
                        phrase: format!(
                            "{marker}{}",
                            &rest[..rest.len() - trimmed.len() + name.len()]
                        ),
                        name,
                        alternatives: Vec::new(),
                        version,
                    },
                ));
                continue;
            }
            let after = trimmed[token.len()..].trim_start();
            let after = after.strip_prefix('@').unwrap_or(after);
            // "升级bootstrap版本到3.4.1": the word for a version before `to`;
            // "升級 boost 算法庫至 1.84.0": the kind of software it is;
            // "升级tzlocal库的版本到4.2" (vn.py's changelog): both, the
            // attributive particle between or none ("升级Vditor编辑器版本至
            // 3.10.4", MrDoc's CHANGES).
            let kind_of = || {
                let rest = claims
                    .kinds
                    .iter()
                    .find_map(|k| after.strip_prefix(k.as_str()))?;
                let rest = claims
                    .attributive
                    .iter()
                    .find_map(|a| rest.strip_prefix(a.as_str()))
                    .unwrap_or(rest);
                words
                    .components
                    .version_words
                    .iter()
                    .find_map(|v| rest.strip_prefix(v.as_str()))
            };
            let after = kind_of()
                .or_else(|| {
                    words
                        .components
                        .version_words
                        .iter()
                        .chain(&claims.kinds)
                        .find_map(|v| after.strip_prefix(v.as_str()))
                })
                .filter(|rest| {
                    claims
                        .to
                        .iter()
                        .chain(&claims.from)
                        .any(|to| rest.trim_start().starts_with(to.as_str()))
                })
                .map_or(after, str::trim_start);
            // "升级 Grafana 版本从 9.3.14 至 12.1.3": the old version after
            // `from`, then `to` and the new one.
            let after = claims
                .from
                .iter()
                .find_map(|from| after.strip_prefix(from.as_str()))
                .and_then(|rest| {
                    let rest = rest.trim_start();
                    let old = rest.split_whitespace().next()?;
                    version_after(old)?;
                    let rest = rest[old.len()..].trim_start();
                    // ("… 从 v2.6.0 升级至 v2.16.0": the verb again.)
                    let rest = claims
                        .verb_first
                        .iter()
                        .find_map(|verb| rest.strip_prefix(verb.as_str()))
                        .unwrap_or(rest);
                    claims
                        .to
                        .iter()
                        .any(|to| rest.starts_with(to.as_str()))
                        .then_some(rest)
                })
                .unwrap_or(after);
            let to_said = claims
                .to
                .iter()
                .find_map(|to| after.strip_prefix(to.as_str()));
            if past.is_some() && to_said.is_none() {
                continue;
            }
            let after = to_said.unwrap_or(after);
            // "更新vue-element-admin框架版本4.2.1": the kind and the word for a
            // version, then the version.
            let after = if to_said.is_none() && version_after(after).is_none() {
                claims
                    .kinds
                    .iter()
                    .find_map(|k| after.strip_prefix(k.as_str()))
                    .and_then(|rest| {
                        words
                            .components
                            .version_words
                            .iter()
                            .find_map(|v| rest.strip_prefix(v.as_str()))
                    })
                    .unwrap_or(after)
            } else {
                after
            };
            // (Of three numbers: "升级pytorch2.6" names a series.)
            let glued = crate::tags::glued(&token).filter(|(_, v)| v.matches('.').count() >= 2);
            let (name, version) = match (version_after(after), glued) {
                (Some(version), _) => (name, version),
                // "升级SpringBoot3.3.4" (MyBatis-Plus' changelog): the name
                // glued to its version.
                (None, Some(pair)) if past.is_none() => pair,
                _ => continue,
            };
            let phrase_end = rest.len() - trimmed.len() + token.len();
            out.push((
                at,
                Claim {
                    phrase: format!("{marker}{}", &rest[..phrase_end]),
                    name,
                    alternatives: Vec::new(),
                    version,
                },
            ));
        }
    }
}

/// `text` after a few words of the page's own script ending in an
/// attributive particle ("依賴的rapidjson版本到1.1.0" → "rapidjson版本到1.1.0").
fn after_attributive<'a>(text: &'a str, claims: &ClaimWords) -> Option<&'a str> {
    claims.attributive.iter().find_map(|particle| {
        let at = text.find(particle.as_str())?;
        let described = &text[..at];
        (!described.is_empty()
            && described.chars().count() <= 4
            && !described.chars().any(|c| c.is_ascii()))
        .then(|| text[at + particle.len()..].trim_start())
    })
}

/// Where words are not spaced, the claims a first one chains after a
/// comma ("…版本到1.1.0，tclap到1.2.2，gtest到1.11.0", OpenCC's NEWS): each
/// part a name, maybe the word for a version, `to` and a version.
fn unspaced_chain(text: &str, words: &Words, out: &mut Vec<(usize, Claim)>) {
    let Some(end) = out
        .iter()
        .filter_map(|(at, c)| {
            Some(at + text.get(*at..)?.find(c.version.as_str())? + c.version.len())
        })
        .min()
    else {
        return;
    };
    let claims = &words.claims;
    let parts = text[end..].split(['，', '、', '；', ',']).skip(1);
    let mut at = end;
    for part in parts {
        if out.len() > MAX_ITEMS {
            return;
        }
        at = text[at..].find(part).map_or(at, |k| at + k);
        let written = part.trim_start();
        let written = claims
            .and
            .iter()
            .find_map(|a| written.strip_prefix(a.as_str()))
            .unwrap_or(written)
            .trim_start();
        let name: String = written
            .trim_start_matches('`')
            .chars()
            .take_while(|c| name_char(*c))
            .collect();
        if !is_package_name(&name) {
            return;
        }
        let rest = written.trim_start_matches('`')[name.len()..]
            .trim_start_matches('`')
            .trim_start();
        let rest = words
            .components
            .version_words
            .iter()
            .find_map(|v| rest.strip_prefix(v.as_str()))
            .unwrap_or(rest);
        let Some(after) = claims
            .to
            .iter()
            .find_map(|to| rest.strip_prefix(to.as_str()))
        else {
            return;
        };
        let Some(version) = version_after(after) else {
            return;
        };
        out.push((
            at,
            Claim {
                phrase: written[..written.len() - after.len()].to_string(),
                name,
                alternatives: Vec::new(),
                version,
            },
        ));
    }
}

/// Whether `word` is one of a data list's words, case aside.
/// "conan's boost" (Valhalla's changelog), "pyln-proto’s coincurve":
/// after a possessive, which names the owner; "RAGFlow's document engine,
/// Infinity" after the comma too, which names it again.
fn after_possessive(name_text: &str) -> &str {
    let Some(at) = ["'s ", "’s "]
        .iter()
        .filter_map(|p| name_text.rfind(p).map(|i| i + p.len()))
        .max()
    else {
        return name_text;
    };
    let owned = &name_text[at..];
    let owned = owned.rsplit_once(',').map_or(owned, |(_, name)| name);
    if owned.trim().is_empty() {
        name_text
    } else {
        owned
    }
}

/// A proper name of up to three capitalised words and the lowercase noun
/// after it, as `sentence` writes them, from `near` (the sentence's words
/// before a claim, last first): "Seed MLA Loki chart", "Linux kernel".
/// None when the noun is a name data knows ("Also numpy"), when the proper
/// name is only a vendor's ("NVIDIA cub module"), or when it is one plain
/// capitalised word without a lead word before it ("fix: Fix `curl`
/// image", "Downgrading scale module"): a verb as likely as a name.
fn proper_then_noun(sentence: &str, near: &[&str], lead: impl Fn(&str) -> bool) -> Option<String> {
    let (noun, before) = near.split_first()?;
    if !noun.bytes().all(|b| b.is_ascii_lowercase())
        || lead(noun)
        || model::known_component(noun).is_some()
    {
        return None;
    }
    let proper: Vec<&str> = before
        .iter()
        .take_while(|w| {
            w.starts_with(|c: char| c.is_ascii_uppercase()) && is_package_name(w) && !lead(w)
        })
        .take(3)
        .copied()
        .collect();
    let vendor = |w: &&str| {
        model::vendor_words()
            .iter()
            .any(|v| v.eq_ignore_ascii_case(w))
    };
    let plain = |w: &str| {
        !w.chars()
            .skip(1)
            .any(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
    };
    // One plain word counts only after a lead word ("The default Linux").
    let verb_like =
        proper.len() == 1 && plain(proper[0]) && !before.get(1).is_some_and(|w| lead(w));
    if proper.is_empty() || proper.iter().all(vendor) || verb_like {
        return None;
    }
    let mut words: Vec<&str> = proper.into_iter().rev().collect();
    words.push(noun);
    let name = words.join(" ");
    sentence.contains(&name).then_some(name)
}

fn holds(list: &[String], word: &str) -> bool {
    list.iter().any(|w| w.eq_ignore_ascii_case(word))
}

/// Words of `text`, split on spaces and clause punctuation.
fn split_words(text: &str) -> Vec<&str> {
    text.split(is_word_break)
        .map(|w| {
            // `@sinonjs/fake-timers`: a scoped npm package keeps its `@`.
            let scoped = w.trim_matches(|c: char| !name_char(c) && c != '@');
            if crate::package_name::is_scoped_npm_name(scoped) {
                scoped
            } else {
                w.trim_matches(|c: char| !name_char(c))
            }
        })
        .filter(|w| !w.is_empty())
        .collect()
}

fn is_word_break(c: char) -> bool {
    c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | '，' | '；')
}

/// The last `n` of [`split_words`], the last first, read from the end.
fn last_words(text: &str, n: usize) -> Vec<&str> {
    text.rsplit(is_word_break)
        .map(|w| w.trim_matches(|c: char| !name_char(c)))
        .filter(|w| !w.is_empty())
        .take(n)
        .collect()
}

/// The first of `words` standing between others near the start of `text`
/// (" to "): where it starts and how long it is with its spaces. Near: a
/// name of at most three words comes before it, and a package name is at
/// most 64 characters.
fn first_between(text: &str, words: &Words, of: &[String]) -> Option<(usize, usize)> {
    let mut near = text.len().min(256);
    while !text.is_char_boundary(near) {
        near += 1;
    }
    let text = &text[..near];
    of.iter()
        .map(|w| words.between(w))
        .filter_map(|w| text.find(&w).map(|at| (at, w.len())))
        .min()
}

/// A claim as its active form says it: "Slurm was upgraded from 23.11.7
/// to 23.11.10" is "Slurm upgraded to 23.11.10" (`[claims] passive` before
/// a verb, and `from` with the old version before `to`, left out).
fn plain_claim(text: &str, words: &Words) -> String {
    let tokens: Vec<&str> = text.split(' ').collect();
    let is = |token: &str, of: &[String]| of.iter().any(|w| w.eq_ignore_ascii_case(token));
    let mut out: Vec<&str> = Vec::with_capacity(tokens.len());
    let mut passive_seen = false;
    let mut i = 0;
    while i < tokens.len() {
        let token = tokens[i];
        let next = tokens.get(i + 1).copied().unwrap_or("");
        // "was upgraded", "has been updated": one word each.
        let passive = words.claims.passive.iter().find(|p| {
            let parts: Vec<&str> = p.split(' ').collect();
            tokens.len() > i + parts.len()
                && parts
                    .iter()
                    .zip(&tokens[i..])
                    .all(|(a, b)| a.eq_ignore_ascii_case(b))
                && is(tokens[i + parts.len()], &words.claims.verb_first)
        });
        if let Some(p) = passive {
            i += p.split(' ').count();
            passive_seen = true;
            continue;
        }
        // "UPGRADE: Kratos to 1.3.0", "[external] UPDATED: `RGFW` to 2.0.0":
        // a verb as a label, the claim after it.
        // ("UPGRADE: Upgrade Elastic to 8.10.4": the label alone goes.)
        if let Some(verb) = token.strip_suffix(':')
            && is(verb, &words.claims.verb_first)
        {
            if !is(next, &words.claims.verb_first) {
                out.push(verb);
            }
            i += 1;
            continue;
        }
        if is(token, &words.claims.from)
            && next.bytes().any(|b| b.is_ascii_digit())
            && tokens.get(i + 2).is_some_and(|t| is(t, &words.claims.to))
        {
            i += 2;
            continue;
        }
        // "was updated from version 1.12.1 to 1.13.2" (Mautic's upgrade
        // notes): the word for a version before the old one.
        if passive_seen
            && is(token, &words.claims.from)
            && is(next, &words.components.version_words)
            && tokens
                .get(i + 2)
                .is_some_and(|t| t.bytes().any(|b| b.is_ascii_digit()))
            && tokens.get(i + 3).is_some_and(|t| is(t, &words.claims.to))
        {
            i += 3;
            continue;
        }
        out.push(token);
        i += 1;
    }
    out.join(" ")
}

/// "`Flask` Python dependency" → `Flask` (`trimmed`: the word for a
/// dependency was cut from the end), "Python dependency future" →
/// `future`: the language whose package it is, no part of the name.
fn without_ecosystem(name_words: &mut Vec<&str>, trimmed: bool, words: &Words) {
    let ecosystem = |w: &str| holds(&words.claims.ecosystems, w);
    // ("Update default Python versions to …": the language is the name.)
    let named_before = |before: &[&str]| {
        before
            .iter()
            .any(|w| !crate::package_name::is_not_name(w) && !holds(&words.claims.name_leads, w))
    };
    if trimmed
        && name_words.len() > 1
        && name_words.last().is_some_and(|w| ecosystem(w))
        && named_before(&name_words[..name_words.len() - 1])
    {
        name_words.pop();
        return;
    }
    // ("SOC dependency Axios": whose dependency it is, no part of it;
    // "OpenSSL in the embedded builds" is no name at all.)
    if let Some(lead) = name_words
        .iter()
        .position(|w| holds(&words.claims.name_leads, w))
        && lead >= 1
        && lead + 1 < name_words.len()
        && name_words[..lead]
            .iter()
            .all(|w| ecosystem(w) || !crate::package_name::is_not_name(w))
    {
        name_words.drain(..=lead);
    }
}

/// "vLLM upgraded to 0.11.0", "CUDA in the base image upgraded to 12.9.0",
/// "NCCL bumped to 2.30.7 and EFA to 1.49.0".
fn spaced_name_first(text: &str, words: &Words, out: &mut Vec<(usize, Claim)>) {
    let lower = text.to_ascii_lowercase();
    for marker in words.claims.name_first.iter().map(|m| words.between(m)) {
        for (at, _) in lower.match_indices(&marker) {
            // A line of more claims than a record may hold is refused.
            if out.len() > MAX_ITEMS {
                return;
            }
            // "Update Drivers to version 1.7.0": the verb is no name's.
            // (Within its sentence: "Added support for Golang 1.15 and
            // 1.16. Versions supported are now 1.15-1.22", Ghidra's.)
            let sentence_start = text[..at]
                .match_indices(". ")
                .filter(|(k, _)| text[k + 2..].starts_with(|c: char| c.is_uppercase()))
                .last()
                .map_or(0, |(k, _)| k + 2);
            let mut near: Vec<&str> = last_words(&text[sentence_start..at], 6);
            // "Users should update to 2.0.1": advice, no claim.
            if near.first().is_some_and(|w| holds(&words.claims.advice, w)) {
                continue;
            }
            // "Bump After Detailer extension from version v25.3.0 to
            // version v26.2.0": the name before the version it left.
            // ("Upgrade from jquery 1.6.2 to version 2.2.4": the name after
            // `from`.)
            if let Some(from) = near.iter().position(|w| holds(&words.claims.from, w))
                && from >= 1
                && from + 1 < near.len()
                && {
                    let after_from = near[from - 1];
                    crate::words::is_version_label(after_from)
                        || after_from
                            .trim_start_matches(['v', 'V'])
                            .starts_with(|c: char| c.is_ascii_digit())
                }
            {
                near.drain(..=from);
            }
            // "OpenSSL shipped on Windows updated to": the name before
            // where it is shipped.
            // ("The included version of emscripten has been upgraded to":
            // a lead word before it, no name's qualifier.)
            let lead = |w: &str| holds(&words.claims.name_leads, w);
            if let Some(verb) = near.iter().position(|w| {
                words
                    .claims
                    .verb_first
                    .iter()
                    .any(|v| v.eq_ignore_ascii_case(w))
            }) {
                near.truncate(verb);
            }
            // ("Our embedded Karaf has been updated": a qualifier right
            // before the name says which; the words before it are none.)
            if let Some(q) = near.iter().enumerate().position(|(k, w)| {
                holds(&words.claims.qualifiers, w) && !ends_known_name(&near[..=k])
            }) {
                if q == 1 {
                    near.truncate(1);
                } else if near.get(q + 1).is_some_and(|w| !lead(w)) {
                    near.drain(..=q);
                }
            }
            // "ARM Compute Library version is updated to": neither the
            // copula nor the word for a version is the name's.
            let copula =
                |w: &str| holds(&words.claims.passive, w) || holds(&words.components.copulas, w);
            if near.len() > 1 && copula(near[0]) {
                near.remove(0);
            }
            if near.len() > 1 && crate::words::is_version_label(near[0]) {
                near.remove(0);
            }
            // "The Django Modelsearch library has been upgraded to …"
            // (Wagtail's release notes): the kind of software it is.
            // "Updated gif crate to version 0.14" (Pyxel's changelog): the
            // package's kind after its name is none of it.
            let lowercase_kind = |kinds: &[String]| {
                near[0].chars().all(|c| c.is_ascii_lowercase()) && holds(kinds, near[0])
            };
            let kind_named = near.len() > 1 && lowercase_kind(&words.claims.package_kinds);
            // "Kryo codec upgraded to 5.6.2" (Redisson's changelog): after
            // a proper name alone, the kind is no name either.
            let proper_before = near.len() == 2
                && near[1].chars().any(|c| c.is_uppercase())
                && (is_package_name(near[1]) || crate::package_name::is_paired_name(near[1]));
            if kind_named
                || ((near.len() > 2 || proper_before) && lowercase_kind(&words.claims.kinds))
            {
                near.remove(0);
                // "C-Blosc2 internal library updated to latest 2.21.3"
                // (python-blosc2's release notes): a lead word before the
                // kind is no more the name's than the kind.
                // ("PyO3 Rust crate upgraded from 0.18 to 0.21",
                // python-zstandard's news: the language, too.)
                if near.len() > 1 && (lead(near[0]) || holds(&words.claims.ecosystems, near[0])) {
                    near.remove(0);
                }
            }
            // "from version v25.3.0 to version v26.2.0" (stable-diffusion-
            // docker's changelog): the version left is no name.
            let a_version = |w: &str| {
                w.trim_start_matches(['v', 'V'])
                    .starts_with(|c: char| c.is_ascii_digit())
                    && w.contains('.')
            };
            let mut names: Vec<String> = near
                .iter()
                .filter(|w| !a_version(w))
                .filter_map(|w| {
                    if is_package_name(w) {
                        Some(w.to_string())
                    } else if w.contains('/') {
                        // "Clang/LLVM have been upgraded to …" (FreeBSD's
                        // release notes): one name of two.
                        crate::names::slashed_name(w)
                    } else {
                        None
                    }
                })
                .collect();
            // "The sendmail(8) suite has been upgraded to …": the word
            // a manual's section follows is the name, the noun after it
            // says what it is.
            if let Some(paged) = near
                .iter()
                .find(|w| is_package_name(w) && has_manual_section(&text[..at], w))
            {
                names.retain(|n| n != paged);
                names.insert(0, paged.to_string());
            }
            // Two-word names: first when both words are capitalised
            // ("Transformer Engine", "Flash Attention"), else a last resort.
            let capitalised = |w: &str| w.starts_with(|c: char| c.is_ascii_uppercase());
            if near.len() >= 2 && is_package_name(near[0]) && is_package_name(near[1]) {
                let two = format!("{} {}", near[1], near[0]);
                if capitalised(near[0]) && capitalised(near[1]) {
                    names.insert(0, two);
                } else {
                    names.push(two);
                }
            }
            // Three capitalised words, the last of them maybe one of prose
            // ("ARM Compute Library").
            if near.len() >= 3
                && near[..3].iter().all(|w| capitalised(w))
                && crate::package_name::is_package_word(near[0])
                && is_package_name(near[1])
                && crate::package_name::is_package_word(near[2])
                && !lead(near[2])
            {
                names.insert(0, format!("{} {} {}", near[2], near[1], near[0]));
            }
            // "The Seed MLA Loki chart has been upgraded", "Apollo firmware
            // has been updated": a common noun after a proper name says
            // which of its parts; neither is the name alone.
            if let Some(owned) = proper_then_noun(&text[sentence_start..at], &near, lead) {
                names.retain(|n| n != near[0]);
                names.insert(0, owned);
            }
            if names.is_empty() {
                continue;
            }
            let rest = &text[at + marker.len()..];
            let Some(version) = version_after(rest) else {
                continue;
            };
            let name = names.remove(0);
            // "LLVM and Clang were updated to 17.0.6", "Frontend, druntime
            // and Phobos are at version 2.079.1": every name.
            if name == near[0] && near.get(1).is_some_and(|w| holds(&words.claims.and, w)) {
                let listed = near[2..]
                    .iter()
                    .enumerate()
                    .take_while(|(k, w)| {
                        is_package_name(w) && (*k == 0 || text[..at].contains(&format!("{w},")))
                    })
                    .map(|(_, w)| *w);
                for other in listed {
                    names.retain(|n| n != other);
                    out.push((
                        text[..at].rfind(other).unwrap_or(at),
                        Claim {
                            phrase: format!("{other} {}", &text[at..at + marker.len() - 1]),
                            alternatives: Vec::new(),
                            name: other.to_string(),
                            version: version.clone(),
                        },
                    ));
                }
            }
            out.push((
                at,
                Claim {
                    // As the text writes it, from the name's last word.
                    phrase: text[..at].rfind(near[0]).map_or_else(
                        || format!("{}{}", near[0], &text[at..at + marker.len() - 1]),
                        |from| text[from..at + marker.len() - 1].to_string(),
                    ),
                    alternatives: names,
                    name: name.clone(),
                    version: version.clone(),
                },
            ));
            chained(text, rest, (&name, &version), words, out);
        }
    }
}

/// "Bumped PyTorch to 2.13.0", "Upgraded vLLM to 0.10.0".
fn spaced_verb_first(text: &str, words: &Words, out: &mut Vec<(usize, Claim)>) {
    let lower = text.to_ascii_lowercase();
    for marker in words.claims.verb_first.iter().map(|m| words.before(m)) {
        for (at, _) in lower.match_indices(&marker) {
            // A line of more claims than a record may hold is refused.
            if out.len() > MAX_ITEMS {
                return;
            }
            if at > 0 && text[..at].chars().next_back().is_some_and(name_char) {
                continue;
            }
            // "Update bundled JDK to …": after another verb, a word of the
            // claim that verb starts ("Bump [bump x from …" is one verb).
            let word_before = lower[..at].trim_end().rsplit(' ').next().unwrap_or("");
            if holds(&words.claims.verb_first, word_before) && word_before != marker.trim() {
                continue;
            }
            // "Update and pin react-router to 7.9.2" (Hydrogen's changelog):
            // a second verb joined to the first, the name after it.
            let joined = words
                .claims
                .and
                .iter()
                .map(|a| words.before(a))
                .find(|a| lower[at + marker.len()..].starts_with(a.as_str()))
                .and_then(|a| {
                    let after = &lower[at + marker.len() + a.len()..];
                    let (verb, _) = after.split_once(' ')?;
                    (!verb.is_empty() && verb.chars().all(|c| c.is_ascii_lowercase()))
                        .then(|| a.len() + verb.len() + 1)
                })
                .unwrap_or(0);
            let rest = &text[at + marker.len() + joined..];
            // ASCII lowercase keeps every byte where it is.
            let rest_lower = &lower[at + marker.len() + joined..];
            // "Upgraded to vLLM-Omni 0.26.0": `to`, then the name and version.
            if let Some(to) = words
                .claims
                .to
                .iter()
                .map(|t| words.before(t))
                .find(|t| rest_lower.starts_with(t.as_str()))
            {
                let after = &rest[to.len()..];
                // "by upgrading to go1.26.5" (Rclone's changelog): the name
                // glued to its version, as Go writes its releases.
                let glued = || {
                    let token = after
                        .split_whitespace()
                        .next()?
                        .trim_end_matches(['.', ',', ')']);
                    crate::tags::glued(token)
                        .map(|(name, version)| (name.to_string(), version.to_string()))
                };
                if let Some((name, version)) = name_then_version(after, words).or_else(glued) {
                    out.push((
                        at,
                        Claim {
                            phrase: format!("{marker}{to}{name}"),
                            name,
                            alternatives: Vec::new(),
                            version,
                        },
                    ));
                    continue;
                }
            }
            // "bump kotlin@2.1.21", "bump Gradle@8.14.2 & AGP@8.10.1":
            // packages and their versions as npm's and Cargo's tools write
            // them, right after the verb.
            let pinned: Vec<(&str, &str)> = rest
                .split_whitespace()
                .map(|w| w.trim_matches(['`', '*']).trim_end_matches(['.', ',', ';']))
                .take_while(|w| *w == "&" || holds(&words.claims.and, w) || at_version(w).is_some())
                .filter_map(at_version)
                .collect();
            if !pinned.is_empty() {
                // (One place each: claims are told apart by where they stand.)
                for (k, (name, version)) in pinned.into_iter().enumerate() {
                    out.push((
                        at + k,
                        Claim {
                            phrase: format!("{marker}{name}"),
                            name: name.to_string(),
                            alternatives: Vec::new(),
                            version: version.to_string(),
                        },
                    ));
                }
                continue;
            }
            // "Upgrade to Slingshot Host stack to 14.0.1": the name runs
            // from after the first `to` to the next.
            let skipped = words
                .claims
                .to
                .iter()
                .map(|t| words.before(t))
                .find(|t| rest_lower.starts_with(t.as_str()))
                .map_or(0, |t| t.len());
            let (rest, rest_lower) = (&rest[skipped..], &rest_lower[skipped..]);
            let Some((to, to_len)) = first_between(rest_lower, words, &words.claims.to) else {
                continue;
            };
            // "Upgraded Ray from 2.56.1 to 2.57.0": the name ends at `from`;
            // "UPDATED: `dr_flac` v0.13.0 to v0.13.3" at the old version.
            let named = words
                .claims
                .from
                .iter()
                .filter_map(|from| rest_lower[..to].find(&words.between(from)))
                .min()
                .unwrap_or(to);
            // "Upgrade iRedAPD (Postfix policy server) to …": a note in
            // parentheses after the name is none of it.
            let named = old_version_at(&rest[..named]).unwrap_or(named);
            let name_text = without_notes(&rest[..named]);
            let name_text = crate::package_name::without_abbreviations(&name_text);
            let name_text = after_possessive(&name_text);
            let mut name_words = split_words(name_text);
            // "the Graphite font library", "the hunspell spellchecking
            // library": the kind of software, and words of prose before it.
            // Alone after a name of one word ("giraffe lib"), the page's
            // own name for it.
            let leads = name_words
                .iter()
                .take_while(|w| {
                    w.chars().all(|c| c.is_ascii_lowercase())
                        && (holds(&words.claims.name_leads, w) || holds(&words.claims.of, w))
                })
                .count();
            // ("windows installer" (Kolibri's changelog): a platform's
            // installer is the page's name for it.)
            let package_kind = name_words
                .last()
                .is_some_and(|w| holds(&words.claims.package_kinds, w))
                && !(name_words.len() == 2 && holds(&words.claims.platforms, name_words[0]));
            let words_before_kind = if leads > 0 || package_kind {
                leads + 1
            } else {
                2
            };
            // ("POCO C++ Libraries": a capital makes the word the name's.)
            // ("Updated Bitshuffle filter to v0.4.2", hdf5plugin's changelog:
            // after a proper name alone, the kind is no name either.)
            let proper_alone = name_words.len() == 2
                && name_words[0].chars().any(char::is_uppercase)
                && (is_package_name(name_words[0])
                    || crate::package_name::is_paired_name(name_words[0]));
            if (name_words.len() > words_before_kind || proper_alone)
                && name_words.last().is_some_and(|w| {
                    (holds(&words.claims.kinds, w) || holds(&words.claims.package_kinds, w))
                        && w.chars().all(|c| c.is_ascii_lowercase())
                })
            {
                name_words.pop();
                while name_words.len() > leads + 1
                    && name_words
                        .last()
                        .is_some_and(|w| w.chars().all(|c| c.is_ascii_lowercase()))
                {
                    name_words.pop();
                }
            }
            // "Update R versions to 4.1.3", "Upgrade the default Quarto
            // version to …": words of prose around the name are no name's.
            let mut trimmed = false;
            while name_words.len() > 1
                && name_words
                    .last()
                    .is_some_and(|w| crate::package_name::is_not_name(w))
            {
                name_words.pop();
                trimmed = true;
            }
            without_ecosystem(&mut name_words, trimmed, words);
            // "the included version of Npcap": the name after the word for
            // a version and `of`.
            if let Some(at) = name_words.windows(2).rposition(|pair| {
                crate::words::is_version_label(pair[0]) && holds(&words.claims.of, pair[1])
            }) {
                name_words.drain(..at + 2);
            }
            // "Bump OpenSSL shipped for Windows to v3.0.20"; in "the
            // embedded Chromium" the word before the name is a lead.
            let leading = name_words
                .iter()
                .take_while(|w| {
                    w.chars().all(|c| c.is_ascii_lowercase()) && holds(&words.claims.name_leads, w)
                })
                .count();
            if let Some(q) =
                name_words
                    .iter()
                    .enumerate()
                    .skip(leading.max(1))
                    .position(|(k, w)| {
                        holds(&words.claims.qualifiers, w) && !ends_known_name(&name_words[..=k])
                    })
            {
                name_words.truncate(q + leading.max(1));
            }
            // "Upgraded kotlin version in the awaitility-kotlin module to
            // 2.1.10": the word for a version, then where it is used. (In
            // another platform's build, "Update boost version in Android
            // SDK to 1.90" (FreeOrion's SDK), a version of no build the
            // release names.)
            if let Some(at) = name_words.windows(2).skip(1).position(|pair| {
                crate::words::is_version_label(pair[0])
                    && holds(&words.claims.version_places, pair[1])
            }) {
                let place = &name_words[at + 3..];
                if place.iter().any(|w| holds(&words.claims.platforms, w)) {
                    continue;
                }
                name_words.truncate(at + 1);
            }
            if name_words.is_empty() {
                continue;
            }
            // "Update module golang.org/x/net to v0.55.0", "Update
            // dependency fluentd to v1.19.3": a lead word before a name of
            // one word is no part of it.
            if name_words.len() == 2 && holds(&words.claims.name_leads, name_words[0]) {
                name_words.remove(0);
            }
            // "Updated the OpenType Sanitizer", "Update of the Goanna
            // engine": lead words in lower case before a name whose words
            // are capitalized ("the FlashInfer wheel" names none).
            let is_lead = |w: &str| {
                w.chars().all(|c| c.is_ascii_lowercase())
                    && (holds(&words.claims.name_leads, w) || holds(&words.claims.of, w))
            };
            // ("Upgrades the embedded tomcat to 11.0.8": one word after
            // them, whatever its case.)
            let leads = name_words.iter().take_while(|w| is_lead(w)).count();
            if leads > 0
                && name_words.len() > leads
                && (name_words.len() == leads + 1
                    || name_words[leads..]
                        .iter()
                        .all(|w| w.starts_with(|c: char| c.is_ascii_uppercase())))
            {
                name_words.drain(..leads);
            }
            if name_words.len() == 2 && holds(&words.claims.name_leads, name_words[0]) {
                name_words.remove(0);
            }
            // Words before a name data knows: "the default Quarto".
            let known_last = name_words.last().is_some_and(|w| crate::names::is_alias(w));
            while known_last
                && name_words.len() > 1
                && crate::package_name::is_not_name(name_words[0])
            {
                name_words.remove(0);
            }
            // (`sylius/mailer-bundle`: a Composer package, its vendor's path.)
            let one_package = |ws: &[&str]| {
                matches!(ws, [w] if is_package_name(w)
                    || crate::package_name::is_module_path(w)
                    || crate::package_name::is_scoped_npm_name(w)
                    || crate::names::is_vendor_path(w))
            };
            // "Upgraded `prisma` and `@prisma/client` from version `6.1.0`
            // to `6.2.1`" (Ghostfolio's changelog): two packages, one
            // version.
            let mut pair_first: Option<String> = None;
            // ("Updated the `clang-format` and `clang-tidy` versions to
            // v20", PennyLane Lightning's changelog: a lead word before them.)
            if name_words.len() == 4
                && is_lead(name_words[0])
                && holds(&words.claims.and, name_words[2])
                && one_package(&name_words[1..2])
                && one_package(&name_words[3..])
            {
                name_words.remove(0);
            }
            if let Some(k) = name_words.iter().position(|w| holds(&words.claims.and, w))
                && k == 1
                && one_package(&name_words[..1])
                && one_package(&name_words[2..])
            {
                pair_first = Some(name_words[0].to_string());
                name_words.drain(..2);
            }
            let module = matches!(name_words[..], [w] if crate::package_name::is_module_path(w)
                || crate::package_name::is_scoped_npm_name(w)
                || crate::package_name::is_maven_coordinate(w)
                || crate::names::is_vendor_path(w));
            // "upgraded AWS S3 object-storage plugin to 2.5.4": four words
            // ending in the kind of software, a capital opening them.
            let long_name = name_words.len() == 4
                && name_words[0].starts_with(|c: char| c.is_ascii_uppercase())
                && name_words
                    .last()
                    .is_some_and(|w| holds(&words.claims.long_name_ends, w));
            // "Update IoT Agent for JSON to 3.4.0" (FIWARE Big Bang's
            // changelog): capitalised words joined by a word of
            // `name_joints`, the whole between the verb and `to`.
            // ("Mobilisten SDK for iOS": a capital inside a word makes it a
            // proper name as one opening it does.)
            let capitalised = |w: &&str| w.chars().any(char::is_uppercase);
            let joint_name = (3..=4).contains(&name_words.len())
                && name_words
                    .iter()
                    .filter(|w| holds(&words.claims.name_joints, w))
                    .count()
                    == 1
                && name_words
                    .iter()
                    .all(|w| holds(&words.claims.name_joints, w) || capitalised(w))
                && !holds(&words.claims.name_joints, name_words[0])
                && !holds(&words.claims.name_joints, name_words[name_words.len() - 1]);
            // "Upgraded postgresql for BSim to 15.18" (Ghidra's change
            // history): no joint name, so what follows the joint is what
            // the component is for.
            if !joint_name
                && let Some(at) = name_words
                    .iter()
                    .skip(1)
                    .position(|w| holds(&words.claims.name_joints, w))
            {
                name_words.truncate(at + 1);
            }
            let unjoined: Vec<&str> = name_words
                .iter()
                .copied()
                .filter(|w| !(joint_name && holds(&words.claims.name_joints, w)))
                .collect();
            // ("Orthanc Explorer 2 plugin": a number inside a name is its.)
            let after = &rest[to + to_len..];
            let phrase_end = at + marker.len() + joined + skipped + to + to_len - 1;
            // "Upgrade all Linux binaries to Python 3.14" (yt-dlp's
            // changelog): what changed, in words of prose or with no
            // version after `to`, and what it now holds named after `to`.
            let held_after_to = || {
                name_then_version(after, words).map(|(name, version)| {
                    let phrase = text[at..phrase_end].to_string();
                    let alternatives = Vec::new();
                    (
                        at,
                        Claim {
                            phrase,
                            name,
                            alternatives,
                            version,
                        },
                    )
                })
            };
            if name_words.is_empty()
                || (name_words.len() > 3 && !long_name && !joint_name)
                || !(module || crate::package_name::are_name_words(&unjoined))
            {
                out.extend(held_after_to());
                continue;
            }
            // "upgrade Go builder from Go1.26.5 to Go1.26.6": the name glued
            // to its version, as Go writes its releases.
            let glued = || {
                let token = after
                    .split_whitespace()
                    .next()?
                    .trim_end_matches(['.', ',']);
                let (name, version) = crate::tags::glued(token)?;
                name_words
                    .first()
                    .is_some_and(|w| w.eq_ignore_ascii_case(&name))
                    .then_some(version)
            };
            // "Upgrade CUDA version to CUDA 12.1": the name said again.
            let after = after_name_again(after, &name_words.join(" "));
            // "Update devkit version to gcc-15.1": the name the version is
            // glued to is the one it is of.
            let dashed = || {
                let token = after.split_whitespace().next()?;
                dashed_version(token.trim_end_matches(['.', ',', ';']))
            };
            // "Update Helm dependency `opentelemetry-agent` to chart version
            // `0.135.4`" (Coralogix's shippers' changelogs): a word of what
            // is versioned before the word for a version.
            let kind_then_version = || {
                let (kind, rest) = after.trim_start().split_once(' ')?;
                let (word, _) = rest.split_once(' ')?;
                (kind.chars().all(|c| c.is_ascii_lowercase())
                    && crate::words::is_version_label(word))
                .then(|| version_after(rest))
                .flatten()
            };
            let (name_words, version) = match (
                version_after(after).or_else(kind_then_version),
                glued(),
                dashed(),
            ) {
                (Some(version), _, _) => (name_words, version),
                (None, Some(version), _) => (vec![name_words[0]], version),
                (None, None, Some((name, version))) => (vec![name], version.to_string()),
                (None, None, None) => {
                    out.extend(held_after_to());
                    continue;
                }
            };
            // "Update default Python versions to …": the shorter names
            // the words end with, should the whole be no name data knows.
            // Only after words of prose or a vendor's: "NGSI Go" is not Go.
            let dropped = |w: &&str| {
                w.chars().all(|c| !c.is_uppercase())
                    || model::vendor_words()
                        .iter()
                        .any(|v| v.eq_ignore_ascii_case(w))
            };
            let alternatives = (1..name_words.len())
                .take_while(|&k| dropped(&name_words[k - 1]))
                .map(|k| name_words[k..].join(" "))
                .collect();
            // ("… to 0.9 and 2.7": a version each, no pair's.)
            let respectively = after
                .split_once(version.as_str())
                .map(|(_, tail)| split_words(tail))
                .is_some_and(|tail| {
                    tail.first().is_some_and(|w| holds(&words.claims.and, w))
                        && tail.get(1).is_some_and(|w| version_after(w).is_some())
                });
            if let Some(first) = pair_first.filter(|_| !respectively) {
                // (At the name: one claim a place, as `find_claims` keeps them.)
                out.push((
                    at + text[at..].find(first.as_str()).unwrap_or(1),
                    Claim {
                        phrase: text[at..at + marker.len() + joined + skipped + to + to_len - 1]
                            .to_string(),
                        name: first,
                        alternatives: Vec::new(),
                        version: version.clone(),
                    },
                ));
            }
            out.push((
                at,
                Claim {
                    phrase: text[at..at + marker.len() + joined + skipped + to + to_len - 1]
                        .to_string(),
                    name: name_words.join(" "),
                    alternatives,
                    version: version.clone(),
                },
            ));
            let first = name_words.join(" ");
            chained(text, after, (&first, &version), words, out);
        }
    }
}

/// `text` after the kind of software it opens with, in a language whose
/// words are not spaced ("第三方插件mybatis-generator-plugin到1.3.2" →
/// "mybatis-generator-plugin到1.3.2"): a few of the page's own characters
/// ending in a `kinds` word, then a name ("依赖 nuclei 到 v3.2.0": a space
/// between them or none).
fn kind_before_name<'a>(text: &'a str, claims: &crate::words::ClaimWords) -> Option<&'a str> {
    let ascii_at = text.find(|c: char| c.is_ascii_alphanumeric())?;
    let head = text[..ascii_at].trim_end();
    (!head.is_empty()
        && head.chars().count() <= 6
        && !head.chars().any(|c| c.is_ascii() || c.is_whitespace())
        && claims.kinds.iter().any(|k| head.ends_with(k.as_str())))
    .then(|| &text[ascii_at..])
}

/// A name set as code, or of several words before the word for a
/// version, then `to` and the version: "`Boost Context`版本到1.84",
/// "Boost Context 版本到 1.84".
fn words_then_to(text: &str, words: &Words) -> Option<(String, String)> {
    // (A spaced language's names of several words have their own reader.)
    if words.spaced {
        return None;
    }
    let claims = &words.claims;
    let version_word_at = |t: &str| {
        words
            .components
            .version_words
            .iter()
            .chain(&claims.to)
            .filter_map(|w| t.find(w.as_str()))
            .min()
    };
    let (head, after) = match text.strip_prefix('`') {
        Some(code) => {
            let (name, after) = code.split_once('`')?;
            (name.trim(), after)
        }
        None => {
            let end = version_word_at(text)?;
            let head = text[..end].trim_end();
            (head, &text[end..])
        }
    };
    let name_words: Vec<&str> = head.split(' ').collect();
    let several = name_words.len() >= 2 || text.starts_with('`');
    // "升级 `nikic/php-parser` 至 `5.6`" (Hyperf's upgrade guide): a
    // Composer package, its vendor's path.
    let vendor_path = matches!(name_words[..], [w] if crate::names::is_vendor_path(w));
    let named = vendor_path
        || (is_package_name(name_words[0])
            && name_words
                .iter()
                .all(|w| crate::package_name::is_package_word(w)));
    if !(several || vendor_path) || name_words.len() > 4 || !named {
        return None;
    }
    let after = after.trim_start();
    let after = words
        .components
        .version_words
        .iter()
        .find_map(|v| after.strip_prefix(v.as_str()))
        .map_or(after, str::trim_start);
    let after = claims
        .to
        .iter()
        .find_map(|to| after.strip_prefix(to.as_str()))?;
    Some((head.to_string(), version_after(after)?))
}

/// In a language whose words are not spaced, after a verb: a name of two
/// to five spaced words, then `from` and the old version, then the new
/// one after a `to` word ("Agent OTel Collector Chart 从 0.129.0 升级至
/// 0.142.0"); the name as written and the new version.
fn spaced_name_then_versions(
    text: &str,
    claims: &crate::words::ClaimWords,
) -> Option<(String, String)> {
    let from_at = claims
        .from
        .iter()
        .filter_map(|f| text.find(f.as_str()).map(|at| (at, f.len())))
        .min()?;
    let head = text[..from_at.0].trim_end();
    let words: Vec<&str> = head.split(' ').collect();
    if !(2..=5).contains(&words.len())
        || !is_package_name(words[0])
        || !words
            .iter()
            .all(|w| crate::package_name::is_package_word(w))
    {
        return None;
    }
    let after_from = &text[from_at.0 + from_at.1..];
    // The new version: after the last `to` word of the clause.
    let clause = after_from
        .split(['，', '。', ',', '；'])
        .next()
        .unwrap_or(after_from);
    let to_end = claims
        .to
        .iter()
        .filter_map(|t| clause.rfind(t.as_str()).map(|at| at + t.len()))
        .max()?;
    let version = version_after(&clause[to_end..])?;
    Some((head.to_string(), version))
}

/// `text` without what it sets in parentheses after its first word
/// ("iRedAPD (Postfix policy server)" → "iRedAPD").
fn without_notes(text: &str) -> String {
    let Some(open) = text.find(" (") else {
        return text.to_string();
    };
    match text[open..].find(')') {
        Some(close) if open > 0 => format!("{}{}", &text[..open], &text[open + close + 1..]),
        _ => text.to_string(),
    }
}

/// "The setuptools and wheel packages were upgraded to 74.1.2 and 0.44.0",
/// "Upgraded external click and clickclick python dependencies to 8.1.3
/// and 20.10.2 respectively" (Wazuh's changelog): names listed with `and`,
/// then as many versions listed the same way, paired in order. They stand
/// for whatever else read the sentence.
fn in_order(text: &str, words: &Words, out: &mut Vec<(usize, Claim)>) {
    // Each word with where it starts.
    let tokens: Vec<(usize, &str)> = text
        .split(' ')
        .scan(0, |at, w| {
            let start = *at;
            *at += w.len() + 1;
            Some((start, w))
        })
        .filter(|(_, w)| !w.is_empty())
        .collect();
    fn bare(w: &str) -> &str {
        w.trim_matches(|c: char| matches!(c, '`' | '*' | ',' | '.' | ';' | ':'))
    }
    let and = |w: &str| holds(&words.claims.and, w);
    for (t, &(_, word)) in tokens.iter().enumerate() {
        if !holds(&words.claims.to, word) {
            continue;
        }
        // The versions: "8.1.3 and 20.10.2", "1.2, 3.4 and 5.6".
        let mut k = t + 1;
        if tokens
            .get(k)
            .is_some_and(|(_, w)| crate::words::is_version_label(bare(w)))
        {
            k += 1;
        }
        let mut versions: Vec<String> = Vec::new();
        while let Some(&(_, w)) = tokens.get(k) {
            let Some(version) = version_after(bare(w))
                .filter(|v| v.as_str() == bare(w).trim_start_matches(['v', 'V']))
            else {
                break;
            };
            versions.push(version);
            let listed = w.trim_end_matches(['`', '*']).ends_with(',');
            k += 1;
            match tokens.get(k) {
                Some(&(_, next)) if and(next) => k += 1,
                _ if listed => {}
                _ => break,
            }
        }
        if versions.len() < 2 {
            continue;
        }
        // The names, back from `to` past words of prose ("python
        // dependencies were upgraded").
        let mut j = t;
        let prose = |w: &str| {
            crate::package_name::is_not_name(w)
                || holds(&words.claims.verb_first, w)
                || holds(&words.claims.ecosystems, w)
                || holds(&words.claims.qualifiers, w)
                || holds(&words.components.copulas, w)
                || holds(&words.claims.passive, w)
        };
        while j > 0 && t - j < 5 && prose(bare(tokens[j - 1].1)) && !and(tokens[j - 1].1) {
            j -= 1;
        }
        let mut names: Vec<(usize, &str)> = Vec::new();
        while j > 0 {
            let (at, w) = tokens[j - 1];
            let name = bare(w);
            if !is_package_name(name) {
                break;
            }
            let offset = at + w.find(name).unwrap_or(0);
            names.push((offset, name));
            j -= 1;
            // Joined to the name before by `and` or a comma.
            match j.checked_sub(1).map(|p| tokens[p].1) {
                Some(before) if and(before) => j -= 1,
                Some(before) if before.trim_end_matches(['`', '*']).ends_with(',') => {}
                _ => break,
            }
        }
        names.reverse();
        if names.len() != versions.len() {
            continue;
        }
        out.retain(|(_, c)| !names.iter().any(|(_, n)| c.name.eq_ignore_ascii_case(n)));
        for ((at, name), version) in names.into_iter().zip(versions) {
            out.push((
                at,
                Claim {
                    phrase: name.to_string(),
                    alternatives: Vec::new(),
                    name: name.to_string(),
                    version,
                },
            ));
        }
    }
}

/// Whether `word` stands in `text` with a manual's section glued on
/// (`sendmail(8)`, `fdclose(3C)`).
fn has_manual_section(text: &str, word: &str) -> bool {
    text.match_indices(&format!("{word}(")).any(|(at, m)| {
        let rest = &text[at + m.len()..];
        rest.split_once(')').is_some_and(|(section, _)| {
            (1..=3).contains(&section.len())
                && section.starts_with(|c: char| c.is_ascii_digit())
                && section.chars().all(|c| c.is_ascii_alphanumeric())
        })
    })
}

/// "vLLM-Omni 0.26.0", "use Dataflow Compiler v5.2.0": up to three name
/// words, after any lead word (`name_leads`), then the version.
pub(crate) fn name_then_version(text: &str, words: &Words) -> Option<(String, String)> {
    let mut name_words: Vec<&str> = Vec::new();
    let mut rest = text.trim_start();
    // "Upgraded to `tauri-utils@2.0.2`" (covector's changelogs): a package
    // and its version as npm and Cargo's tools write them.
    if let Some(pinned) = rest.split_whitespace().next().map(|w| {
        w.trim_matches(['`', '*'])
            .trim_end_matches(['.', ','])
            .trim_matches('`')
    }) && let Some((name, version)) = at_version(pinned)
    {
        return Some((name.to_string(), version.to_string()));
    }
    // "Update to ruby-3.3.12", "to OpenSSL-3.5.1": a name glued to its
    // version by a dash, as release archives name themselves.
    if let Some(token) = rest.split_whitespace().next()
        && let Some((name, version)) = dashed_version(
            token
                .trim_end_matches(['.', ',', ';'])
                .trim_matches(['`', '*']),
        )
    {
        return Some((name.to_string(), version.to_string()));
    }
    // Up to three lead words ("the new upstream FFmpeg 7.1") and three of the name.
    for _ in 0..7 {
        let (word, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let word = word.trim_matches(['`', '*']);
        if !name_words.is_empty()
            && let Some(version) = version_after(rest)
        {
            return Some((name_words.join(" "), version));
        }
        let lead = name_words.is_empty() && holds(&words.claims.name_leads, word);
        // "link SDL2 library version 2.24.1": the kind of software after
        // a name is none of it.
        // ("Dataflow Compiler v5.2.0": capitalised, the name's own word,
        // unless a word of prose: "Deep Java Library" is `Deep-Java`, as
        // a record names it.)
        let kind = !name_words.is_empty() && holds(&words.claims.kinds, word);
        let own_kind =
            kind && word.starts_with(|c: char| c.is_uppercase()) && is_package_name(word);
        if own_kind && name_words.len() < 3 {
            name_words.push(word);
        } else if !lead && !kind {
            if !is_package_name(word) || name_words.len() == 3 {
                return None;
            }
            name_words.push(word);
        }
        rest = after.trim_start();
    }
    None
}

/// `ruby-3.3.12`, `InnoSetup-6.3.1`: a package name, a dash, and a version
/// of numbers with a dot.
fn dashed_version(token: &str) -> Option<(&str, &str)> {
    let (name, version) = crate::tags::dashed(token.trim_matches(['`', '*']))?;
    (is_package_name(name)
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && version.contains('.')
        && version_after(version)? == version)
        .then_some((name, version))
}

/// `text` up to the end of its first sentence: a full stop, then a space
/// and a capital.
fn first_sentence(text: &str) -> &str {
    text.match_indices(". ")
        .find(|(at, _)| text[at + 2..].starts_with(|c: char| c.is_uppercase()))
        .map_or(text, |(at, _)| &text[..at])
}

/// `tauri-utils@2.0.2`, `@tauri-apps/api@2.0.1`: a package name, `@`, and
/// a version; `pyright==1.1.345` (pydantic's history), as pip pins one.
fn at_version(token: &str) -> Option<(&str, &str)> {
    let (name, version) = token.split_once("==").or_else(|| token.rsplit_once('@'))?;
    let named = is_package_name(name) || crate::package_name::is_scoped_npm_name(name);
    (named
        && version.starts_with(|c: char| c.is_ascii_digit())
        && version_after(version)? == version)
        .then_some((name, version))
}

/// "community/php7: security upgrade to 7.3.17", "package/foo: bump to
/// version 1.2.3": a commit subject naming its package before a colon (a
/// distribution's shortlog), then an upgrade verb and its version; the
/// package is the last part of its path.
fn subject_first(text: &str, words: &Words, out: &mut Vec<(usize, Claim)>) {
    let Some((subject, rest)) = text.split_once(": ") else {
        return;
    };
    let Some(path) = subject.split_whitespace().next_back() else {
        return;
    };
    let name = path
        .trim_matches(['`', '*'])
        .rsplit('/')
        .next()
        .unwrap_or(path);
    if !is_package_name(name) || subject.split_whitespace().count() > 2 {
        return;
    }
    // At most one word before the verb ("security upgrade to").
    let rest_words: Vec<&str> = rest.split_whitespace().take(3).collect();
    let is_verb = |w: &str| {
        words
            .claims
            .verb_first
            .iter()
            .any(|v| v.eq_ignore_ascii_case(w))
    };
    let Some(verb_at) = rest_words.iter().take(2).position(|w| is_verb(w)) else {
        return;
    };
    let after_verb = rest
        .split_whitespace()
        .skip(verb_at + 1)
        .collect::<Vec<_>>()
        .join(" ");
    let after_to = words.claims.to.iter().find_map(|t| {
        after_verb
            .get(..t.len())
            .filter(|head| head.eq_ignore_ascii_case(t))
            .and_then(|_| after_verb[t.len()..].strip_prefix(' '))
    });
    let Some(version) = after_to.and_then(version_after) else {
        return;
    };
    let at = text.len() - rest.len();
    out.push((
        at,
        Claim {
            phrase: format!("{name}: {}", rest_words[..=verb_at].join(" ")),
            alternatives: Vec::new(),
            name: name.to_string(),
            version,
        },
    ));
}

/// After a claim's version: ", and EFA to 1.49.0" / " and DeepSpeed to 0.19.2".
fn chained(
    text: &str,
    after_marker: &str,
    (first_name, version): (&str, &str),
    words: &Words,
    out: &mut Vec<(usize, Claim)>,
) {
    // "Mobilisten SDK for Android": what stands before its platform.
    let product_for = first_name.rsplit_once(' ').and_then(|(head, platform)| {
        let (product, joint) = head.rsplit_once(' ')?;
        (holds(&words.claims.name_joints, joint) && holds(&words.claims.platforms, platform))
            .then(|| format!("{product} {joint}"))
    });
    let Some(at) = after_marker.find(version) else {
        return;
    };
    let mut rest = &after_marker[at + version.len()..];
    loop {
        if out.len() > MAX_ITEMS {
            return;
        }
        // ", Werkzeug to 3.1.6, pip to 26.0.1 and wheel to 0.46.3": a
        // comma parts the claims as `and` does.
        rest = after_references(rest);
        let comma = rest.trim_start_matches(' ').starts_with(',');
        let trimmed = rest.trim_start_matches([',', ' ']);
        let Some(tail) = words
            .claims
            .and
            .iter()
            .find_map(|and| trimmed.strip_prefix(words.before(and).as_str()))
            .or_else(|| comma.then_some(trimmed))
        else {
            return;
        };
        let Some((to, to_len)) = first_between(tail, words, &words.claims.to) else {
            return;
        };
        let written = tail[..to].replace('`', "");
        let mut name_words = split_words(&written);
        // "PyO3 Rust crate upgraded from 0.21 to 0.22 (#257) and later to
        // 0.24" (python-zstandard's news): the same name, gone on.
        let again =
            !name_words.is_empty() && name_words.iter().all(|w| holds(&words.claims.later, w));
        if again {
            name_words = split_words(first_name);
        }
        // ", zstd from 1.4.8 to 1.5.5" (numcodecs' release notes): the name
        // ends at `from`.
        if let Some(at) = name_words
            .iter()
            .position(|w| holds(&words.claims.from, w))
            .filter(|&at| at > 0)
        {
            name_words.truncate(at);
        }
        // "… and DeepSpeed is upgraded to 0.16.9": a claim of its own.
        let verb = |w: &&str| {
            words
                .claims
                .verb_first
                .iter()
                .chain(&words.claims.passive)
                .any(|v| v.eq_ignore_ascii_case(w))
        };
        if name_words.iter().any(verb) {
            return;
        }
        // "and the `Werkzeug` dependency to 3.1.5": the words around the name.
        while name_words.len() > 1 && holds(&words.claims.name_leads, name_words[0]) {
            name_words.remove(0);
        }
        while name_words.len() > 1
            && name_words
                .last()
                .is_some_and(|w| crate::package_name::is_not_name(w))
        {
            name_words.pop();
        }
        if name_words.is_empty()
            || name_words.len() > 3
            || !name_words.iter().all(|w| is_package_name(w))
        {
            return;
        }
        // ("from 1.2.8 to to 1.2.13": a `to` written twice.)
        let after_to = &tail[to + to_len..];
        let after_to = words
            .claims
            .to
            .iter()
            .find_map(|t| after_to.trim_start().strip_prefix(&format!("{t} ")))
            .unwrap_or(after_to);
        let Some(v) = version_after(after_to) else {
            return;
        };
        let at = text.len() - tail.len();
        // "… and iOS to version 10.1.4": the same product's other build.
        let name = match (&product_for, name_words.as_slice()) {
            (Some(product), [platform]) if holds(&words.claims.platforms, platform) => {
                format!("{product} {platform}")
            }
            _ => name_words.join(" "),
        };
        out.push((
            at,
            Claim {
                phrase: tail[..to + to_len - 1].to_string(),
                name,
                alternatives: Vec::new(),
                version: v.clone(),
            },
        ));
        let used = tail[to + to_len..].find(&v).map_or(0, |i| i + v.len());
        rest = &tail[to + to_len + used..];
    }
}

/// `rest` after the pull-request references that follow a claim's version
/// ("libtiff to 4.1.0 #4195, Tk Tcl to 8.6.10 #4229", Pillow's changes;
/// "(#4187)").
fn after_references(mut rest: &str) -> &str {
    loop {
        let start = rest.trim_start_matches(' ');
        let inner = start.strip_prefix('(').unwrap_or(start);
        let Some(number) = inner.strip_prefix('#') else {
            return rest;
        };
        let digits = number.len()
            - number
                .trim_start_matches(|c: char| c.is_ascii_digit())
                .len();
        if digits == 0 {
            return rest;
        }
        let after = &number[digits..];
        rest = if inner.len() == start.len() {
            after
        } else if let Some(closed) = after.strip_prefix(')') {
            closed
        } else {
            return rest;
        };
    }
}

/// A claim without the note in parentheses after a name written as code
/// ("Update `trivy` (app) to v0.16.0": the name is `trivy`).
fn without_code_notes(text: &str) -> std::borrow::Cow<'_, str> {
    let Some(at) = text.find("` (") else {
        return std::borrow::Cow::Borrowed(text);
    };
    let rest = &text[at + 3..];
    match rest.split_once(')') {
        Some((note, after))
            if !note.is_empty() && note.len() <= 16 && note.chars().all(char::is_alphabetic) =>
        {
            std::borrow::Cow::Owned(format!("{}`{after}", &text[..at]))
        }
        _ => std::borrow::Cow::Borrowed(text),
    }
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

    fn claimed(name: &str, version: &str) -> (String, String) {
        (name.to_string(), version.to_string())
    }

    #[test]
    fn gitmojis_upgrade_mark_stands_for_the_verb() {
        // mica's CHANGELOG: the mark alone, or before a verb of its own.
        assert_eq!(
            pairs(":arrow_up: spring boot 到 2.7.1"),
            [claimed("spring boot", "2.7.1")]
        );
        assert_eq!(
            pairs(":arrow_up: update knife4j to 2.0.3。"),
            [claimed("knife4j", "2.0.3")]
        );
        assert_eq!(
            pairs("⬆️ jetCache 到 2.6.2"),
            [claimed("jetCache", "2.6.2")]
        );
        // Another mark ("new feature") claims nothing.
        assert!(pairs(":sparkles: mica-lite 3.0 support").is_empty());
    }

    #[test]
    fn to_said_twice_and_up_to_say_to() {
        // mica's and WTM's changelogs: the verb's `to`, then the name's.
        assert_eq!(
            pairs(":arrow_up: 升级到 Spring boot 到 2.5.6"),
            [claimed("Spring boot", "2.5.6")]
        );
        assert_eq!(
            pairs("新生成的Layui项目更新至layui至2.6.3"),
            [claimed("layui", "2.6.3")]
        );
        // Without its own `to`, the name is no claim of the verb's.
        assert!(pairs("升级到最新版本").is_empty());
        // rust-rocksdb's changelog.
        assert_eq!(
            pairs("Bump `librocksdb-sys` up to 6.20.3 (olegnn, akrylysov)"),
            [claimed("librocksdb-sys", "6.20.3")]
        );
        assert_eq!(
            pairs("bindgen bumped up to 0.43 (s-panferov)"),
            [claimed("bindgen", "0.43")]
        );
        assert!(pairs("Supports up to 8 GPUs").is_empty());
    }

    #[test]
    fn a_verb_a_name_and_its_version_ending_the_item() {
        // Conventional commits in a Node package's changelog.
        assert_eq!(
            pairs(
                "build(deps): bump sqlite v3.51.0 (● [b495f37](https://example.com/c/b495f37); 👬 zdm)"
            ),
            [claimed("sqlite", "3.51.0")]
        );
        assert_eq!(
            pairs("fix: update sqlute v3.49.1"),
            [claimed("sqlute", "3.49.1")]
        );
        // Two numbers without a `v`, or words after the version: no claim.
        assert!(pairs("Update docs 2.0").is_empty());
        assert!(pairs("Update sqlite v3.49.1 tests for Windows").is_empty());
    }

    #[test]
    fn a_note_after_a_name_written_as_code_is_no_part_of_it() {
        assert_eq!(
            pairs("Update `trivy` (app) to v0.16.0."),
            [("trivy".to_string(), "0.16.0".to_string())]
        );
    }

    #[test]
    fn a_kind_and_another_name_after_a_name_before_the_claim() {
        // Clash Verge Rev's changelog.
        assert_eq!(
            pairs("Mihomo(Meta) 内核升级至 v1.19.19"),
            [claimed("Mihomo", "1.19.19")]
        );
        assert_eq!(
            pairs("Meta(mihomo)内核升级 1.19.1"),
            [claimed("Meta", "1.19.1")]
        );
        // Glances' NEWS: held at a version.
        assert_eq!(
            pairs("Pin Alpine image to 3.20 (3.21 is not compliant with Netifaces)"),
            [claimed("Alpine", "3.20")]
        );
        // What a component is for, after a name that is no joint name
        // (Ghidra's change history); "IoT Agent for JSON" is one name.
        assert_eq!(
            pairs("Upgraded postgresql for BSim to 15.18."),
            [claimed("postgresql", "15.18")]
        );
        assert_eq!(
            pairs("Update IoT Agent for JSON to 3.4.0"),
            [claimed("IoT Agent for JSON", "3.4.0")]
        );
        // The form a package comes in (htslib's NEWS, Ghidra's change
        // history).
        assert_eq!(
            pairs("Updated htscodecs submodule to version 1.6.3"),
            [claimed("htscodecs", "1.6.3")]
        );
        // (stable-diffusion-docker's changelog.)
        assert_eq!(
            pairs("Bump xformers for InvokeAI to version 0.0.31.post1"),
            [claimed("xformers", "0.0.31.post1")]
        );
        // (Flatpak's NEWS.)
        assert!(
            pairs("Update meson wrap file for bubblewrap to version 0.11.0")
                .contains(&claimed("bubblewrap", "0.11.0"))
        );
        // (Kohya's GUI's README.)
        assert_eq!(
            pairs("Updated the `lycoris_lora` module to version 2.2.0.post3."),
            [claimed("lycoris_lora", "2.2.0.post3")]
        );
        assert_eq!(
            pairs("Upgraded the Machine Learning extension's olcut jars to 5.3.1."),
            [claimed("olcut", "5.3.1")]
        );
        assert!(pairs("依赖升级了很多 1.2.3").is_empty());
        assert!(pairs("修复 v2 升级 v3 版本时系统用户没有同步的问题").is_empty());
    }

    #[test]
    fn a_possessive_names_the_owner_not_the_component() {
        assert_eq!(
            pairs("upgraded conan's boost to 1.83.0 in the process"),
            [claimed("boost", "1.83.0")]
        );
        assert_eq!(
            pairs("update pyln-proto’s coincurve to 21.0.1"),
            [claimed("coincurve", "21.0.1")]
        );
        assert_eq!(
            pairs("Bumps RAGFlow's document engine, Infinity to v0.6.15."),
            [claimed("Infinity", "0.6.15")]
        );
        assert_eq!(
            pairs("Update IoT Agent for JSON to 3.4.0 (#371)"),
            [claimed("IoT Agent for JSON", "3.4.0")]
        );
        assert_eq!(
            pairs("Upgrades the embedded tomcat to 11.0.8 because of security vulnerabilities"),
            [claimed("tomcat", "11.0.8")]
        );
        assert_eq!(
            pairs("Bump Kubernetes to the newest patch version v1.26.15."),
            [claimed("Kubernetes", "1.26.15")]
        );
    }

    #[test]
    fn a_dashed_name_and_version_set_as_code() {
        let words = crate::words::of(model::Lang::EN);
        assert_eq!(
            name_then_version("`gcc-4.9.2`.", words),
            Some(("gcc".to_string(), "4.9.2".to_string()))
        );
    }

    #[test]
    fn advice_to_update_is_no_claim() {
        assert!(pairs("Users should update to 2.0.1 now").is_empty());
        assert!(pairs("It is safe to update to 2.0.1").is_empty());
        assert_eq!(
            pairs("PBS update to 2025.2.0"),
            [("PBS".to_string(), "2025.2.0".to_string())]
        );
        assert_eq!(
            pairs("We've updated our mermaid integration to v9.1.7."),
            [("mermaid".to_string(), "9.1.7".to_string())]
        );
    }

    #[test]
    fn a_commit_subject_naming_its_package() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        // A distribution's shortlog (Alpine's aports, Buildroot).
        assert_eq!(
            pairs("      community/php7: security upgrade to 7.3.17 CVE-2020-7067"),
            [pair("php7", "7.3.17")]
        );
        assert_eq!(
            pairs("package/foo: bump to version 1.2.3"),
            [pair("foo", "1.2.3")]
        );
        // A sentence with a colon names no package before it.
        assert!(pairs("Note that we: upgrade to 2.0 later").is_empty());
        assert!(pairs("main/gd: patch CVE-2018-14553 and CVE-2019-11038").is_empty());
    }

    #[test]
    fn a_package_pinned_with_an_at() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        // Tauri's changelogs.
        assert_eq!(
            pairs("Upgraded to `tauri-utils@2.0.0-rc.13`"),
            [pair("tauri-utils", "2.0.0-rc.13")]
        );
        assert_eq!(
            pairs("Upgraded to `@tauri-apps/api@2.0.1`"),
            [pair("@tauri-apps/api", "2.0.1")]
        );
        // An address is no package.
        assert!(pairs("Updated to user@example.com").is_empty());
    }

    #[test]
    fn korean_claims_from_a_version_to_another() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        // CrewAI's Korean changelog.
        assert_eq!(
            pairs("Dependabot 경고를 해결하기 위해 pypdf를 4.x에서 6.7.4로 업그레이드"),
            [pair("pypdf", "6.7.4")]
        );
        assert_eq!(
            pairs("pypdf를 6.7.3에서 6.7.5로 업그레이드"),
            [pair("pypdf", "6.7.5")]
        );
    }

    #[test]
    fn japanese_claims_of_a_change_log() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        // Momo's change log.
        assert_eq!(
            pairs("[UPDATE] SDL を 2.30.8 から 3.2.18 に上げる"),
            [pair("SDL", "3.2.18")]
        );
        // PaddleOCRSharp's Chinese update notes: an item's number run in.
        assert_eq!(
            pairs("2.Newtonsoft.Json升级到13.0.3版本"),
            [pair("Newtonsoft.Json", "13.0.3")]
        );
        // AIChatPlus's: a build named by its number.
        assert_eq!(
            pairs("llama.cppをb5536にアップグレード"),
            [pair("llama.cpp", "b5536")]
        );
        // Hayabusa's: the kind of software before the particle, `も`
        // ("also"), the word for a version and code before the version.
        assert_eq!(
            pairs("evtxクレートを0.7.2から0.7.3に更新し、パッケージを全部更新した。"),
            [pair("evtx", "0.7.3")]
        );
        assert_eq!(
            pairs("同梱の hayabusa-evtx クレートも 0.9.11 に更新している。"),
            [pair("hayabusa-evtx", "0.9.11")]
        );
        assert_eq!(
            pairs("hayabusa-evtxクレートをバージョン`0.8.12`に更新した。"),
            [pair("hayabusa-evtx", "0.8.12")]
        );
        assert_eq!(
            pairs("利用する clang のバージョンを 18 から 20 に上げる"),
            [pair("clang", "20")]
        );
        assert_eq!(
            pairs("[UPDATE] NVIDIA VIDEO CODEC SDK を 13.0 に上げる"),
            [pair("NVIDIA VIDEO CODEC SDK", "13.0")]
        );
        assert_eq!(
            pairs("[UPDATE] NVIDIA L4T 32.4.2 に上げる"),
            [pair("NVIDIA L4T", "32.4.2")]
        );
        assert_eq!(pairs("Boost 1.79.0 に上げる"), [pair("Boost", "1.79.0")]);
        // GROWI's upgrade guide.
        assert_eq!(
            pairs("利用している Bootstrap のバージョンが v4.6 から v5.3 にアップグレードされた"),
            [pair("Bootstrap", "5.3")]
        );
        // A version alone before the marker names nothing.
        assert!(pairs("フレームレートを 120fps に上げる").is_empty());
        // Tera Term's history, CotEditor's release notes.
        assert_eq!(
            pairs("TTSSH(3.4.1)へ差し替えた。"),
            [pair("TTSSH", "3.4.1")]
        );
        assert_eq!(
            pairs("インストーラに使用している Inno Setup のバージョンを 6.7.1 へ差し替えた。"),
            [pair("Inno Setup", "6.7.1")]
        );
        assert_eq!(
            pairs("ビルド環境をXcode 26.6に更新"),
            [pair("Xcode", "26.6")]
        );
        // `へ`, and the loanword for a version upgrade.
        assert_eq!(pairs("Python 3.12.8 へ更新"), [pair("Python", "3.12.8")]);
        assert_eq!(
            pairs("Qt 6.8.1 にバージョンアップしました"),
            [pair("Qt", "6.8.1")]
        );
    }

    #[test]
    fn names_of_several_words_and_of_two_before_one_version() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        // Samsung ONE's release notes.
        assert_eq!(
            pairs("ARM Compute Library version is updated to 24.07."),
            [pair("ARM Compute Library", "24.07")]
        );
        assert_eq!(
            pairs("LLVM and Clang were updated to 17.0.6."),
            [pair("LLVM", "17.0.6"), pair("Clang", "17.0.6")]
        );
        // Pants' release notes.
        assert_eq!(
            pairs("The default version of pip is now 24.2 bringing performance improvements"),
            [pair("pip", "24.2")]
        );
        // Stability Matrix's changelog: where it went, what installs it.
        assert_eq!(
            pairs("Downgraded Avalonia back to 11.0.9 to fix rendering"),
            [pair("Avalonia", "11.0.9")]
        );
        assert_eq!(
            pairs("Updated nunchaku installer to 1.0.2"),
            [pair("nunchaku", "1.0.2")]
        );
        assert_eq!(
            pairs("Upgraded windows installer to 1.5.0"),
            [pair("windows installer", "1.5.0")]
        );
        // StackHPC's release notes: an Ansible collection.
        assert_eq!(
            pairs("Updates the stackhpc.cephadm collection to version 1.18.0."),
            [pair("stackhpc.cephadm", "1.18.0")]
        );
        // onnxruntime-ruby's changelog: "Runtime" is a word of the name.
        assert_eq!(
            pairs("Updated ONNX Runtime to 1.25.0"),
            [pair("ONNX Runtime", "1.25.0")]
        );
        assert_eq!(pairs("Update Go runtime to 1.21.9"), [pair("Go", "1.21.9")]);
        // TabbyML's changelog: llama.cpp's builds are numbered.
        assert_eq!(
            pairs("Bump llama.cpp version to b4651."),
            [pair("llama.cpp", "b4651")]
        );
        // llama-cpp-python's changelog: a commit is a version.
        assert_eq!(
            pairs("feat: update llama.cpp to ggml-org/llama.cpp@4df29be4f"),
            [pair("llama.cpp", "4df29be4f")]
        );
        assert_eq!(
            pairs("Update llama.cpp to 80291a1d02a07f7f66666fb576c5b1e75aa48b46"),
            [pair(
                "llama.cpp",
                "80291a1d02a07f7f66666fb576c5b1e75aa48b46"
            )]
        );
        assert_eq!(pairs("Updated the docs to describe the cafe"), []);
        // FreeBSD's release notes.
        assert_eq!(
            pairs(
                "The sendmail(8) suite has been upgraded to version 8.18.1, addressing CVE-2023-51765."
            ),
            [pair("sendmail", "8.18.1")]
        );
        assert_eq!(
            pairs("Clang/LLVM have been upgraded to version 18.1.5."),
            [pair("Clang-LLVM", "18.1.5")]
        );
        // LDC's changelog.
        assert_eq!(
            pairs("Frontend, druntime and Phobos are at version 2.079.1, incl. new switches"),
            [
                pair("Frontend", "2.079.1"),
                pair("druntime", "2.079.1"),
                pair("Phobos", "2.079.1")
            ]
        );
        // Words of prose before a name are none.
        assert_eq!(
            pairs("Support for druntime and Phobos are at version 2.079.1"),
            [pair("druntime", "2.079.1"), pair("Phobos", "2.079.1")]
        );
        // OpenSearch's release notes.
        assert_eq!(
            pairs("Fix CVE-2026-34478 by upgrading log4j dependencies to 2.25.4"),
            [pair("log4j", "2.25.4")]
        );
    }

    #[test]
    fn a_dependency_named_with_its_language_and_where_it_comes_from() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        // Wazuh's changelog.
        assert_eq!(
            pairs("Updated `Flask` Python dependency to 2.2.5."),
            [pair("Flask", "2.2.5")]
        );
        assert_eq!(
            pairs("Updated Python dependency future to 0.18.3."),
            [pair("future", "0.18.3")]
        );
        assert_eq!(
            pairs("Upgraded external Jinja2 library dependency version to 3.1.4."),
            [pair("Jinja2", "3.1.4")]
        );
        assert_eq!(
            pairs("Upgraded Python embedded interpreter to 3.10.19."),
            [pair("Python", "3.10.19")]
        );
        assert_eq!(
            pairs("Upgrade iRedAPD (Postfix policy server) to the latest stable release (5.6.0)"),
            [pair("iRedAPD", "5.6.0")]
        );
        // A word for the release, the version in parentheses.
        assert_eq!(
            pairs("Upgrade Roundcube webmail to the latest stable release (1.6.7)"),
            [pair("Roundcube webmail", "1.6.7")]
        );
        // Names and versions listed alike pair in order.
        assert_eq!(
            pairs("The setuptools and wheel packages were upgraded to 74.1.2 and 0.44.0."),
            [pair("setuptools", "74.1.2"), pair("wheel", "0.44.0")]
        );
        assert_eq!(
            pairs(
                "Upgraded external click and clickclick python dependencies to 8.1.3 and 20.10.2 respectively."
            ),
            [pair("click", "8.1.3"), pair("clickclick", "20.10.2")]
        );
        assert_eq!(
            pairs("Update numpy, scipy and pandas to 2.1, 1.14.1 and 2.2.3"),
            [
                pair("numpy", "2.1"),
                pair("scipy", "1.14.1"),
                pair("pandas", "2.2.3")
            ]
        );
        // One version for two names: each has it.
        assert_eq!(
            pairs("LLVM and Clang were updated to 17.0.6 and 17.0.7 respectively, with lld."),
            [pair("LLVM", "17.0.6"), pair("Clang", "17.0.7")]
        );
        // A runtime or an integration of a thing is named by the thing.
        assert_eq!(
            pairs("Update Go runtime to 1.21.9 moby/moby#47671"),
            [pair("Go", "1.21.9")]
        );
        assert_eq!(
            pairs("Upgraded Infinity integration to 0.7.3 (#18137)"),
            [pair("Infinity", "0.7.3")]
        );
        // The language alone is the name.
        assert_eq!(
            pairs("Updated Python dependency to 3.12.1."),
            [pair("Python", "3.12.1")]
        );
        assert_eq!(
            pairs("Update default Python versions to 3.12.11 and 3.11.13"),
            [pair("Python", "3.12.11")]
        );
    }

    #[test]
    fn a_build_arguments_words_before_its_component() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        // cypress/factory's changelog.
        assert_eq!(
            pairs("Updated FACTORY_DEFAULT_NODE_VERSION from 24.17.0 to 24.18.0."),
            [pair("NODE", "24.18.0")]
        );
        assert_eq!(
            pairs("Updated default node version from 22.17.1 to 22.18.0."),
            [pair("node", "22.18.0")]
        );
        assert_eq!(pairs("Change `R_VERSION` to 4.1.0"), [pair("R", "4.1.0")]);
        assert_eq!(
            pairs("Updated NV_CUDA_LIB_VERSION to 12.4.1"),
            [pair("NV_CUDA_LIB", "12.4.1")]
        );
    }

    #[test]
    fn a_scoped_npm_package_upgraded() {
        // Cypress' changelog.
        assert_eq!(
            pairs(
                "Upgraded @sinonjs/fake-timers from 11.3.1 to 14.0.0. While cy.clock() is active"
            ),
            [("@sinonjs/fake-timers".to_string(), "14.0.0".to_string())]
        );
        assert_eq!(
            pairs("Upgraded bundled Node.js version from 22.18.0 to 22.19.0. Addressed in #32607."),
            [("Node.js".to_string(), "22.19.0".to_string())]
        );
    }

    #[test]
    fn chinese_claims_naming_the_whole_name_before_its_version_word() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        // 1Panel's changelog.
        assert_eq!(
            pairs("- MaxKB 版本升级至 v1.0.2；"),
            [pair("MaxKB", "1.0.2")]
        );
        assert_eq!(
            pairs("- One API 版本升级至 v0.6.5；"),
            [pair("One API", "0.6.5")]
        );
        assert_eq!(
            pairs("【应用商店】Material for MkDocs 版本升级至 v9.5.18；"),
            [pair("Material for MkDocs", "9.5.18")]
        );
        // A name no record can hold is no claim.
        assert!(pairs("- 南墙版本升级至 v4.1.0；").is_empty());
        assert!(pairs("系统会在重启后将应用版本升级至 v2.0").is_empty());
    }

    #[test]
    fn one_products_builds_for_its_platforms() {
        // Zoho's Mobilisten changelog: a capital inside "iOS" makes it a
        // name's word; the other platform alone names the same SDK's build.
        assert_eq!(
            pairs(
                "Updated Mobilisten SDK for iOS to version 9.3.1 and Android to version 8.2.1-beta01"
            ),
            [
                ("Mobilisten SDK for iOS".to_string(), "9.3.1".to_string()),
                (
                    "Mobilisten SDK for Android".to_string(),
                    "8.2.1-beta01".to_string()
                )
            ]
        );
        // Another name after the first is its own.
        assert_eq!(
            pairs("Updated Foo SDK for Android to 1.2.3 and Bar to 2.0.1"),
            [
                ("Foo SDK for Android".to_string(), "1.2.3".to_string()),
                ("Bar".to_string(), "2.0.1".to_string())
            ]
        );
        // FCEUX's What's New: what a build links, its kind after it.
        assert_eq!(
            pairs("Upgraded Win64 build to link SDL2 library version 2.24.1"),
            [("SDL2".to_string(), "2.24.1".to_string())]
        );
        // DOSBox-X's CHANGELOG: "ver", a version word.
        assert_eq!(
            pairs("Bump mt32emu to ver 2.8.0 (maron2000)"),
            [("mt32emu".to_string(), "2.8.0".to_string())]
        );
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
        // pure-admin's changelog: "pin" at a version.
        assert_eq!(
            pairs("锁定axios版本至1.14.0"),
            [("axios".to_string(), "1.14.0".to_string())]
        );
        assert_eq!(
            pairs("pytorch升级至2.6.0.7.post1,修复"),
            [("pytorch".to_string(), "2.6.0.7.post1".to_string())]
        );
        assert!(pairs("镜像升级pytorch2.6,针对").is_empty());
        // Vant CLI's changelog: scoped npm packages.
        assert_eq!(
            pairs("升级 @vant/markdown-vetur@2.0.2"),
            [("@vant/markdown-vetur".to_string(), "2.0.2".to_string())]
        );
        assert_eq!(
            pairs("升级 @vue/babel-plugin-jsx 1.0.0 正式版"),
            [("@vue/babel-plugin-jsx".to_string(), "1.0.0".to_string())]
        );
        // The kind of software before the name, a space between them or
        // none; a core (核心) after it.
        assert_eq!(
            pairs("升级依赖 nuclei 到 v3.2.0"),
            [("nuclei".to_string(), "3.2.0".to_string())]
        );
        assert_eq!(
            pairs("更新第三方插件 mybatis-generator-plugin到1.3.2"),
            [("mybatis-generator-plugin".to_string(), "1.3.2".to_string())]
        );
        assert_eq!(
            pairs("升级 V2Ray 核心到 5.16.1"),
            [("V2Ray".to_string(), "5.16.1".to_string())]
        );
        // Linkis' docs: the old version after 从, and 版本, before the verb.
        assert_eq!(
            pairs("默认hadoop版本从2.7.2升级到3.3.4,默认hive版本从2.3.3升级到3.1.3"),
            [
                ("hadoop".to_string(), "3.3.4".to_string()),
                ("hive".to_string(), "3.1.3".to_string())
            ]
        );
    }

    #[test]
    fn a_name_glued_to_its_version_by_a_dash() {
        assert_eq!(
            pairs("Update to ruby-3.3.12, see [release notes](https://example.com/n)."),
            [("ruby".to_string(), "3.3.12".to_string())]
        );
        assert_eq!(
            pairs("Update to OpenSSL-3.5.1. The Ruby API doesn't change."),
            [("OpenSSL".to_string(), "3.5.1".to_string())]
        );
        assert_eq!(
            pairs("Update devkit version to gcc-15.1 which has some incompatibilities."),
            [("gcc".to_string(), "15.1".to_string())]
        );
    }

    #[test]
    fn whose_dependency_it_is_is_no_part_of_its_name() {
        assert_eq!(
            pairs("UPGRADE: SOC dependency Axios to 1.6.1"),
            [("Axios".to_string(), "1.6.1".to_string())]
        );
    }

    #[test]
    fn a_qualifier_right_before_the_name() {
        assert_eq!(
            pairs("Our embedded Karaf has been updated to version 4.3.2"),
            [("Karaf".to_string(), "4.3.2".to_string())]
        );
    }

    #[test]
    fn a_verb_as_a_label() {
        assert_eq!(
            pairs("UPGRADE: Kratos to 1.3.0 #13758"),
            [("Kratos".to_string(), "1.3.0".to_string())]
        );
        assert_eq!(
            pairs("[external] UPDATED: `RGFW` to 2.0.0 (#5582) by @CrackedPixel"),
            [("RGFW".to_string(), "2.0.0".to_string())]
        );
        assert_eq!(
            pairs("UPGRADE: Upgrade Elastic to 8.10.4"),
            [("Elastic".to_string(), "8.10.4".to_string())]
        );
        assert_eq!(
            pairs("[external] UPDATED: `dr_flac` v0.13.0 to v0.13.3 by @raysan5"),
            [("dr_flac".to_string(), "0.13.3".to_string())]
        );
    }

    #[test]
    fn packages_pinned_right_after_the_verb() {
        assert_eq!(
            pairs("feat!: bump Gradle@8.14.2 & AGP@8.10.1 ([#1811](https://example.com/1811))"),
            [
                ("Gradle".to_string(), "8.14.2".to_string()),
                ("AGP".to_string(), "8.10.1".to_string())
            ]
        );
    }

    #[test]
    fn a_claim_may_name_its_component_again_before_the_version() {
        assert_eq!(
            pairs("Upgrade CUDA version to CUDA 12.1:"),
            [("CUDA".to_string(), "12.1".to_string())]
        );
        assert_eq!(
            pairs("Update Python to Python 3.11.4"),
            [("Python".to_string(), "3.11.4".to_string())]
        );
    }

    #[test]
    fn the_kind_of_software_after_a_name_is_no_part_of_it() {
        let pair = |n: &str, v: &str| (n.to_string(), v.to_string());
        // Pale Moon's release notes, WezTerm's changelog.
        assert_eq!(
            pairs("Updated the Graphite font library to 1.3.10."),
            [pair("Graphite", "1.3.10")]
        );
        assert_eq!(
            pairs("Updated the hunspell spellchecking library to 1.6.0"),
            [pair("hunspell", "1.6.0")]
        );
        assert_eq!(
            pairs("Update of the Goanna engine to 3.0"),
            [pair("Goanna", "3.0")]
        );
        assert_eq!(
            pairs("The Django Modelsearch library has been upgraded to version 1.3")[0],
            pair("Django Modelsearch", "1.3")
        );
        // Sylius' changelog: a Composer package, its vendor's path.
        assert_eq!(
            pairs("[Composer] Bump sylius/mailer-bundle to 2.1 version")[0],
            pair("sylius/mailer-bundle", "2.1")
        );
        // Mautic's upgrade notes: the old version after a version word.
        assert_eq!(
            pairs("Library `jQueryUI` was updated from version 1.12.1 to 1.13.2.")[0],
            pair("jQueryUI", "1.13.2")
        );
        // Hydrogen's changelog: two verbs joined, the name after them.
        assert_eq!(
            pairs("Update and pin react-router to 7.9.2 for 2025.7.0")[0],
            pair("react-router", "7.9.2")
        );
        // Actual's release notes: an arrow says `to`.
        assert_eq!(
            pairs("Upgrade date-fns from v2.30.0 -> v4.1.0 — thanks @matt-fidd")[0],
            pair("date-fns", "4.1.0")
        );
        // Wagtail's release notes: a range is no version claimed.
        assert!(pairs("Upgrade django-treebeard dependency to 4.8-5.x").is_empty());
        // Pyxel's changelog: a package manager's word, right after the name.
        assert_eq!(
            pairs("Updated pyo3 crate to version 0.29.2"),
            [pair("pyo3", "0.29.2")]
        );
        assert_eq!(
            pairs("Updated the OpenType Sanitizer to 8.0.0."),
            [pair("OpenType Sanitizer", "8.0.0")]
        );
        assert_eq!(
            pairs("Bundled Nerd Font Symbols font to v3.0.1."),
            [pair("Nerd Font Symbols", "3.0.1")]
        );
        assert_eq!(
            pairs("Bundled harfbuzz to 8.0.1"),
            [pair("harfbuzz", "8.0.1")]
        );
        // Alone after a name of one word, the page's name for it.
        assert_eq!(
            pairs("upgrade giraffe lib to 0.16.1"),
            [pair("giraffe lib", "0.16.1")]
        );
        // Domoticz's history: the verb labels the item.
        assert_eq!(pairs("- Updated: Lua 5.3"), [pair("Lua", "5.3")]);
        assert_eq!(
            pairs("- Updated: dzVents version 3.0.2 ( https://www.domoticz.com/wiki/DzVents )"),
            [pair("dzVents", "3.0.2")]
        );
        assert!(pairs("- Updated: Translations").is_empty());
        assert!(pairs("- Fixed: Lua 5.3 crash").is_empty());
        // Rclone's changelog: Go's own way of naming its releases.
        assert_eq!(
            pairs("Fix multiple CVEs by upgrading to go1.26.5 (Nick Craig-Wood)"),
            [pair("Go", "1.26.5")]
        );
    }

    #[test]
    fn english_claims_skip_the_words_around_the_name() {
        let c = find_claims("CUDA in the base image upgraded to 12.9.0.");
        assert_eq!(c[0].name, "CUDA");
        assert_eq!(c[0].version, "12.9.0");
        assert_eq!(
            pairs("vLLM upgraded to 0.11.0, incorporating"),
            [("vLLM".to_string(), "0.11.0".to_string())]
        );
        // "are" / "is" are never names; without a name there is no claim.
        assert_eq!(
            pairs("Several libraries are upgraded to 2.0 and DeepSpeed is upgraded to 0.16.9."),
            [
                ("libraries".to_string(), "2.0".to_string()),
                ("DeepSpeed".to_string(), "0.16.9".to_string())
            ]
        );
        assert!(pairs("The following packages are upgraded to newer versions.").is_empty());
    }

    #[test]
    fn version_words_around_a_claimed_version() {
        assert_eq!(
            pairs("Update Python VSCode extension to version 2023.6.1"),
            [(
                "Python VSCode extension".to_string(),
                "2023.6.1".to_string()
            )]
        );
        assert_eq!(
            pairs("Update R versions to 4.1.3 and 4.2.3"),
            [("R".to_string(), "4.1.3".to_string())]
        );
        assert_eq!(
            pairs("Bitbake updated to the 2.0.15 release"),
            [("Bitbake".to_string(), "2.0.15".to_string())]
        );
    }

    #[test]
    fn update_to_use_a_name_of_several_words() {
        assert_eq!(
            pairs("Update to use Dataflow Compiler v5.1.0 (developer-zone)"),
            [("Dataflow Compiler".to_string(), "5.1.0".to_string())]
        );
        assert_eq!(
            pairs("Upgraded to vLLM-Omni 0.26.0."),
            [("vLLM-Omni".to_string(), "0.26.0".to_string())]
        );
        assert!(pairs("Updated to the latest release of the driver.").is_empty());
    }

    #[test]
    fn renovates_module_and_dependency_updates() {
        assert_eq!(
            pairs(
                "deps: Update module github.com/klauspost/compress to v1.18.6 (release-3.7.x) (#22797)"
            ),
            [(
                "github.com/klauspost/compress".to_string(),
                "1.18.6".to_string()
            )]
        );
        assert_eq!(
            pairs("Update dependency fluentd to v1.19.3"),
            [("fluentd".to_string(), "1.19.3".to_string())]
        );
        assert_eq!(
            pairs("fix(deps): update rust crate serde to 1.0.210"),
            [("serde".to_string(), "1.0.210".to_string())]
        );
    }

    #[test]
    fn verb_first_and_chained_claims() {
        assert_eq!(
            pairs("Bumped PyTorch to 2.13.0, with `torchvision` 0.28.0"),
            [("PyTorch".to_string(), "2.13.0".to_string())]
        );
        assert_eq!(
            pairs(
                "CUDA upgraded to 13.3.0 (new `cu133` tag); NCCL bumped to 2.30.7 and EFA to 1.49.0 for improved"
            ),
            [
                ("CUDA".to_string(), "13.3.0".to_string()),
                ("NCCL".to_string(), "2.30.7".to_string()),
                ("EFA".to_string(), "1.49.0".to_string())
            ]
        );
        let c = find_claims("Transformer Engine upgraded to 2.17.0 and DeepSpeed to 0.19.2");
        assert_eq!(c[0].name, "Transformer Engine");
        assert!(c[0].alternatives.contains(&"Engine".to_string()));
        assert_eq!(
            (c[1].name.as_str(), c[1].version.as_str()),
            ("DeepSpeed", "0.19.2")
        );
        assert_eq!(
            pairs("Upgraded vLLM to v0.10.0."),
            [("vLLM".to_string(), "0.10.0".to_string())]
        );
        // numcodecs' release notes: claims chained with `from`.
        assert_eq!(
            pairs(
                "Update c-blosc to 1.21.0 to 1.21.5, zstd from 1.4.8 to 1.5.5, lz4 from 1.9.3 to 1.9.4, and zlib from 1.2.8 to to 1.2.13"
            ),
            [
                ("c-blosc".to_string(), "1.21.5".to_string()),
                ("zstd".to_string(), "1.5.5".to_string()),
                ("lz4".to_string(), "1.9.4".to_string()),
                ("zlib".to_string(), "1.2.13".to_string())
            ]
        );
        // The same name gone on, after `and`.
        assert_eq!(
            pairs("PyO3 Rust crate upgraded from 0.21 to 0.22 (#257) and later to 0.24."),
            [
                ("PyO3".to_string(), "0.22".to_string()),
                ("PyO3".to_string(), "0.24".to_string())
            ]
        );
    }

    #[test]
    fn upgraded_to_a_name_and_its_version() {
        assert_eq!(
            pairs("Upgraded to vLLM-Omni 0.26.0 — the first stable release"),
            [("vLLM-Omni".to_string(), "0.26.0".to_string())]
        );
        assert!(pairs("Upgraded to the newest base image").is_empty());
    }

    #[test]
    fn the_old_version_after_from_is_not_claimed() {
        assert_eq!(
            pairs("Upgraded Ray from 2.56.1 to 2.57.0"),
            [("Ray".to_string(), "2.57.0".to_string())]
        );
        assert_eq!(
            pairs("Bumped the FlashInfer wheel from 0.6.8 to 0.6.14"),
            Vec::<(String, String)>::new(),
            "a name of prose words is no claim"
        );
        // StackHPC's release notes: a Debian version keeps its epoch.
        assert_eq!(
            pairs("Docker CE has been bumped from 5:24.0.6-1 to 5:25.0.0-1"),
            [("Docker CE".to_string(), "5:25.0.0-1".to_string())]
        );
        assert_ne!(version_after("12:30 today").as_deref(), Some("12:30"));
        // The new version after an arrow.
        assert_eq!(version_after("50→40に変更").as_deref(), Some("40"));
        assert_eq!(version_after("1.2 -> 1.3").as_deref(), Some("1.3"));
        assert_eq!(
            version_after("1.21.0 to 1.21.5, zstd").as_deref(),
            Some("1.21.5")
        );
        assert_eq!(version_after("1.2 to fix a bug").as_deref(), Some("1.2"));
        assert_eq!(version_after("stack to 14.0.1"), None);
        // A size is no version.
        assert_eq!(version_after("16byte and more"), None);
        assert_eq!(version_after("64bit"), None);
        assert_eq!(version_after("2.1b").as_deref(), Some("2.1b"));
        // shamitv's llama_cpp changelog: builds at both ends.
        assert_eq!(
            pairs("Updated llama.cpp from b8653 to b8660, incorporating 5 upstream commits"),
            [("llama.cpp".to_string(), "b8660".to_string())]
        );
    }

    #[test]
    fn what_a_thing_now_holds_named_after_to() {
        // yt-dlp's changelog, MockServer's.
        assert_eq!(
            pairs("Upgrade all Linux binaries to Python 3.14"),
            [("Python".to_string(), "3.14".to_string())]
        );
        assert_eq!(
            pairs("upgraded docker container to Java 11 to ensure JVM honours limits"),
            [("Java".to_string(), "11".to_string())]
        );
    }

    #[test]
    fn a_label_changed_from_one_version_to_another() {
        // golangci-lint's changelog: each linter a label, no verb.
        assert_eq!(
            pairs("* `ginkgolinter`: from 0.23.1 to 0.24.0"),
            [("ginkgolinter".to_string(), "0.24.0".to_string())]
        );
        assert_eq!(
            pairs("`dupword`: from 0.1.7 to 0.1.8 (new option `skip-raw-strings`)"),
            [("dupword".to_string(), "0.1.8".to_string())]
        );
        // A label of prose words changes no component.
        assert!(pairs("Minimum size: from 10 MB to 20 MB").is_empty());
    }

    #[test]
    fn where_a_name_is_shipped_is_no_part_of_it() {
        let p = |n: &str, v: &str| (n.to_string(), v.to_string());
        assert_eq!(
            pairs("OpenSSL shipped on Windows updated to 3.5.6: #10786"),
            [p("OpenSSL", "3.5.6")]
        );
        assert_eq!(
            pairs("Boost version shipped on Windows updated to 1.90: #10669"),
            [p("Boost", "1.90")]
        );
        assert_eq!(
            pairs("Bump OpenSSL shipped for Windows to v3.0.20: #10793"),
            [p("OpenSSL", "3.0.20")]
        );
        assert_eq!(
            pairs("`androidxCoreVersion` variable has been updated to `1.15.0`."),
            [p("androidxCoreVersion", "1.15.0")]
        );
        assert_eq!(
            pairs("Updated the embedded Chromium to 126.0.6478.127"),
            [p("Chromium", "126.0.6478.127")]
        );
        assert_eq!(
            pairs("The included version of emscripten has been upgraded to 1.38.30"),
            [p("emscripten", "1.38.30")]
        );
        // pyogrio's changes.
        assert_eq!(
            pairs(
                "The GDAL library included in the wheels is upgraded from 3.11.4 to 3.12.4 (#658)."
            ),
            [p("GDAL", "3.12.4")]
        );
        // python-blosc2's release notes.
        assert_eq!(
            pairs("Bundled C-Blosc2 moves to 3.3.2."),
            [p("C-Blosc2", "3.3.2")]
        );
        assert_eq!(
            pairs("C-Blosc2 internal library updated to latest 2.21.3."),
            [p("C-Blosc2", "2.21.3")]
        );
        assert_eq!(
            pairs("PyO3 Rust crate upgraded from 0.18 to 0.21."),
            [p("PyO3", "0.21")]
        );
    }

    #[test]
    fn a_name_glued_to_its_version() {
        assert_eq!(
            pairs("SECURITY: upgrade Go builder from Go1.26.5 to Go1.26.6. See the list"),
            [("Go".to_string(), "1.26.6".to_string())]
        );
    }

    #[test]
    fn claims_chained_by_commas() {
        let p = |n: &str, v: &str| (n.to_string(), v.to_string());
        assert_eq!(
            pairs(
                "Updated dependencies `cryptography` to 46.0.5, `Werkzeug` to 3.1.6, `pip` to 26.0.1 and `wheel` to 0.46.3."
            ),
            [
                p("cryptography", "46.0.5"),
                p("Werkzeug", "3.1.6"),
                p("pip", "26.0.1"),
                p("wheel", "0.46.3")
            ]
        );
        assert_eq!(
            pairs(
                "Updated the `azure-core` dependency to 1.38.0 and the `Werkzeug` dependency to 3.1.5."
            ),
            [p("azure-core", "1.38.0"), p("Werkzeug", "3.1.5")]
        );
        // A clause after a comma that claims nothing ends the chain.
        assert_eq!(
            pairs("Upgraded vLLM to 0.11.0, which moves to a new scheduler"),
            [p("vLLM", "0.11.0")]
        );
    }

    #[test]
    fn the_version_left_is_no_name() {
        // stable-diffusion-docker's changelog: "from version …".
        assert_eq!(
            pairs("Bump Aaa Bbb from version v25.3.0 to version v26.2.0"),
            [claimed("Aaa Bbb", "26.2.0")]
        );
        // Sigil's: the name after `from`.
        assert_eq!(
            pairs("Upgrade from jquery 1.6.2 to version 2.2.4"),
            [claimed("jquery", "2.2.4")]
        );
    }

    #[test]
    fn a_label_naming_the_component_of_an_upgrade_without_a_name() {
        // Electrum's release notes.
        assert_eq!(
            pairs("Jade: update: bump library to 1.0.31 (9a84bb32)"),
            [claimed("Jade", "1.0.31")]
        );
        assert_eq!(
            pairs("libsecp256k1: bump bundled version to 0.3.2 (10574bb1)"),
            [claimed("libsecp256k1", "0.3.2")]
        );
        // HPMicro's SDK changelog: a package under its area.
        assert_eq!(
            pairs("middleware: cherryusb: update to v1.5.0."),
            [claimed("cherryusb", "1.5.0")]
        );
        // Greptime's and Etherpad's: the project's own version.
        assert!(pairs("chore: bump version to v0.7.1 by @evenyag").is_empty());
        assert!(pairs("API: Update version to 1.2.15").is_empty());
        assert_eq!(
            pairs("CHANGED: upgraded tz submodule to 2025c [#5766](https://x.org/5766)"),
            [claimed("tz", "2025c")]
        );
        // RedMica's changelog: the name after the verb is the one upgraded.
        assert_eq!(
            pairs("Patch redmine-44038: Update Tabler Icons to v3.43.0"),
            [claimed("Tabler Icons", "3.43.0")]
        );
    }

    #[test]
    fn two_packages_upgraded_to_one_version() {
        // Ghostfolio's changelog.
        assert_eq!(
            pairs("Upgraded `prisma` and `@prisma/client` from version `6.1.0` to `6.2.1`"),
            [
                claimed("@prisma/client", "6.2.1"),
                claimed("prisma", "6.2.1")
            ]
        );
    }

    #[test]
    fn a_common_noun_after_a_proper_name_is_named_with_it() {
        // Kubermatic's and a VM image's changelogs, NixOS' release notes.
        assert_eq!(
            pairs("The Seed MLA Loki chart has been upgraded to version v7.0.0"),
            [claimed("Seed MLA Loki chart", "7.0.0")]
        );
        assert_eq!(
            pairs("GPU Operator Helm chart upgraded from `v24.9.2` to `v26.3.1`"),
            [claimed("GPU Operator Helm chart", "26.3.1")]
        );
        assert_eq!(
            pairs("The default Linux kernel has been updated to 3.12."),
            [claimed("Linux kernel", "3.12")]
        );
        // A verb, a vendor or a known name before the noun: the noun alone.
        assert_eq!(
            pairs("Fix `curl` image to version 7.77.0"),
            [claimed("curl", "7.77.0")]
        );
        assert_eq!(
            pairs("Downgrading scale module to version 3.3.3"),
            [claimed("scale", "3.3.3")]
        );
        let vendors = pairs("Update NVIDIA cub module to version 1.8.0.");
        assert!(vendors.contains(&claimed("cub", "1.8.0")));
        assert!(vendors.iter().all(|(name, _)| name != "NVIDIA cub"));
        // A pin is held at its version.
        assert_eq!(
            pairs("cosign pinned to `v2.6.3` (previously fetched `latest`)"),
            [claimed("cosign", "2.6.3")]
        );
    }

    #[test]
    fn names_of_four_words_ending_in_their_kind() {
        // Orthanc's release notes.
        assert_eq!(
            pairs("upgraded AWS S3 object-storage plugin to 2.5.4"),
            [claimed("AWS S3 object-storage plugin", "2.5.4")]
        );
        assert_eq!(
            pairs("upgraded Orthanc Explorer 2 plugin to 1.14.1"),
            [claimed("Orthanc Explorer 2 plugin", "1.14.1")]
        );
        assert!(
            pairs("upgraded the AWS S3 object storage to 2.5.4")
                .iter()
                .all(|(name, _)| name.split(' ').count() < 4)
        );
        // Pyxel's and RedMica's changelogs: a package manager's word.
        assert_eq!(
            pairs("Update sqlite3 gem to 2.9"),
            [claimed("sqlite3", "2.9")]
        );
    }

    #[test]
    fn chinese_claims_chained_after_a_comma_and_described_names() {
        // OpenCC's NEWS.
        assert_eq!(
            pairs("升级依赖的rapidjson版本到1.1.0，tclap到1.2.2，gtest到1.11.0。"),
            [
                claimed("rapidjson", "1.1.0"),
                claimed("tclap", "1.2.2"),
                claimed("gtest", "1.11.0")
            ]
        );
        // A part that is no claim ends the chain.
        assert_eq!(
            pairs("升级rapidjson到1.1.0，修复了tclap的问题，gtest到1.11.0"),
            [claimed("rapidjson", "1.1.0")]
        );
        // vn.py's changelog: the kind, the particle, the word for a version.
        assert_eq!(
            pairs("升级tzlocal库的版本到4.2，消除函数的warning"),
            [claimed("tzlocal", "4.2")]
        );
        // LTP's changelog: the verb as the item's label.
        assert_eq!(
            pairs("[修改] Boost.Regex到1.56.0，由于旧版本的类存在竞争问题"),
            [claimed("Boost.Regex", "1.56.0")]
        );
        // MrDoc's CHANGES: the kind and the word for a version with no
        // particle between; "synchronise" as the verb; the name and its
        // kind as the label of the change.
        assert_eq!(
            pairs("[优化]升级Vditor编辑器版本至3.10.4；"),
            [claimed("Vditor", "3.10.4")]
        );
        assert_eq!(
            pairs("[优化]同步LayUI组件库版本至2.6.8；"),
            [claimed("LayUI", "2.6.8")]
        );
        assert_eq!(
            pairs("Django 框架：版本升级至4.2.16；"),
            [claimed("Django", "4.2.16")]
        );
    }

    #[test]
    fn the_version_of_a_name() {
        assert_eq!(
            pairs("[Windows] Upgraded the included version of Npcap from 1.83 to 1.87, resolving"),
            [("Npcap".to_string(), "1.87".to_string())]
        );
    }

    #[test]
    fn chinese_verb_first_claims() {
        assert_eq!(
            pairs("升级vllm v0.9.2,合入对应社区功能。"),
            [("vllm".to_string(), "0.9.2".to_string())]
        );
        assert_eq!(
            pairs("升级 vLLM 至 0.11.0"),
            [("vLLM".to_string(), "0.11.0".to_string())]
        );
        assert_eq!(
            pairs("vLLM升级至0.11.0,和 deepspeed 升级至 0.16.9"),
            [
                ("vLLM".to_string(), "0.11.0".to_string()),
                ("deepspeed".to_string(), "0.16.9".to_string())
            ]
        );
        // "和" before 升级至 is no name.
        assert!(pairs("和升级至1.0").is_empty());
        assert_eq!(
            pairs("smarthttp 升为 2.5.21"),
            [("smarthttp".to_string(), "2.5.21".to_string())]
        );
        assert_eq!(
            pairs("升级 Grafana 版本从 9.3.14 至 12.1.3"),
            [("Grafana".to_string(), "12.1.3".to_string())]
        );
        assert_eq!(
            pairs("升级 kube-state-metrics 镜像从 v2.6.0 升级至 v2.16.0"),
            [("kube-state-metrics".to_string(), "2.16.0".to_string())]
        );
        assert_eq!(
            pairs("升级SpringBoot3.3.4"),
            [("SpringBoot".to_string(), "3.3.4".to_string())]
        );
        assert_eq!(
            pairs("升级 boost 算法库至 1.84.0"),
            [("boost".to_string(), "1.84.0".to_string())]
        );
        // litemall's changelog: the kind of software before the name, or
        // before the word for a version.
        assert_eq!(
            pairs("`基础系统`更新第三方插件mybatis-generator-plugin到1.3.2"),
            [("mybatis-generator-plugin".to_string(), "1.3.2".to_string())]
        );
        assert_eq!(
            pairs("`管理后台`更新vue-element-admin框架版本4.2.1"),
            [("vue-element-admin".to_string(), "4.2.1".to_string())]
        );
        // Hyperf's upgrade guide: a Composer package set as code.
        assert_eq!(
            pairs("升级 `nikic/php-parser` 至 `5.6`。"),
            [("nikic/php-parser".to_string(), "5.6".to_string())]
        );
        assert_eq!(
            pairs("升级 nikic/php-parser 至 5.6。"),
            [("nikic/php-parser".to_string(), "5.6".to_string())]
        );
        // Swoole's version log: a name of two words, set as code or not.
        assert_eq!(
            pairs("升级`Boost Context`版本到1.84。现在，龙芯CPU也能够支持协程了。"),
            [("Boost Context".to_string(), "1.84".to_string())]
        );
        assert_eq!(
            pairs("升级 Boost Context 版本到 1.84"),
            [("Boost Context".to_string(), "1.84".to_string())]
        );
        // A version set as code.
        assert_eq!(
            pairs("升级 vite 到 `2.1.0`"),
            [("vite".to_string(), "2.1.0".to_string())]
        );
        // `为` says what `至` says.
        assert_eq!(
            pairs("更新 Node 为 20.17.0 版"),
            [("Node".to_string(), "20.17.0".to_string())]
        );
        assert_eq!(
            pairs("nacos 版本升级为 2.4.3"),
            [("nacos".to_string(), "2.4.3".to_string())]
        );
        assert!(pairs("更新 默认配置为 空").is_empty());
        assert_eq!(
            pairs("升级了 grpc-erl 到版本 0.6.12。此更新解决了潜在的死锁问题"),
            [("grpc-erl".to_string(), "0.6.12".to_string())]
        );
        // A name of several spaced words, from the old version to the new.
        assert_eq!(
            pairs(
                "升级 Agent OTel Collector Chart 从 0.129.0 升级至 0.142.0（OTel Collector Contrib v0.141.0）"
            ),
            [(
                "Agent OTel Collector Chart".to_string(),
                "0.142.0".to_string()
            )]
        );
        assert_eq!(
            pairs("升级 OTel Python instrumentation 从 0.56b0 升级至 0.58b0"),
            [(
                "OTel Python instrumentation".to_string(),
                "0.58b0".to_string()
            )]
        );
        assert_eq!(
            pairs("升级spring-boot到最新版本4.0.3"),
            [("spring-boot".to_string(), "4.0.3".to_string())]
        );
        assert_eq!(
            pairs("升级pagehelper到最新版2.1.1"),
            [("pagehelper".to_string(), "2.1.1".to_string())]
        );
        assert_eq!(
            pairs("升级bootstrap版本到3.4.1"),
            [("bootstrap".to_string(), "3.4.1".to_string())]
        );
        assert_eq!(
            pairs("将 tidb-backup-manager 镜像中的 BR 的版本更新为 v3.1.1（#2425）"),
            [("BR".to_string(), "3.1.1".to_string())]
        );
        // Without its `to` word, "升级了" claims nothing.
        assert!(pairs("升级了 Dashboard 2.0 的界面").is_empty());
    }

    #[test]
    fn library_changelogs_claims() {
        // pydantic's history: a revision up, and a pin as pip writes it.
        assert_eq!(
            pairs("uprev `pydantic-core` to 2.14.5"),
            [claimed("pydantic-core", "2.14.5")]
        );
        assert_eq!(
            pairs("Update to `pyright==1.1.345` by @Viicos in [#8453](https://x/8453)"),
            [claimed("pyright", "1.1.345")]
        );
        // Sidekiq's changes: held at a version, not the one it avoids.
        assert_eq!(
            pairs("Lock Celluloid to 0.15.2 due to bugs in 0.16.0."),
            [claimed("Celluloid", "0.15.2")]
        );
        // reqwest's and cargo-deny's changelogs: words before the name.
        assert_eq!(
            pairs("Update internal `rustls` to 0.20."),
            [claimed("rustls", "0.20")]
        );
        assert_eq!(
            pairs("bumped various dependencies, notably `semver` to `1.0.3`."),
            [claimed("semver", "1.0.3")]
        );
        // SeaORM's release notes: two names, one version.
        assert_eq!(
            pairs("`sea-schema` and `sea-schema-sync` are now `0.18.0`"),
            [
                claimed("sea-schema", "0.18.0"),
                claimed("sea-schema-sync", "0.18.0")
            ]
        );
        // Redisson's and esbuild's: the kind after a proper name.
        assert_eq!(
            pairs("Kryo codec upgraded to 5.6.2 for JDK 8 compatibility"),
            [claimed("Kryo", "5.6.2")]
        );
        assert_eq!(
            pairs("Update the Go compiler from v1.23.12 to v1.25.4 ([#4208](https://x/4208))"),
            [claimed("Go", "1.25.4")]
        );
        // PennyLane Lightning's changelog: a framework, and two tools of
        // one version after a lead word.
        assert_eq!(
            pairs("Updated Catch2 testing framework to v3.11."),
            [claimed("Catch2", "3.11")]
        );
        assert_eq!(
            pairs("Updated the `clang-format` and `clang-tidy` versions to v20 for compatibility."),
            [claimed("clang-tidy", "20"), claimed("clang-format", "20")]
        );
        // ("Dataflow Compiler": capitalised, the name's own word.)
        assert_eq!(
            pairs("Update to use Dataflow Compiler v5.2.0"),
            [claimed("Dataflow Compiler", "5.2.0")]
        );
        assert_eq!(
            pairs("Update to Deep Java Library 0.36.0 (supports PyTorch 2.7.1)"),
            [claimed("Deep Java", "0.36.0")]
        );
        // (A range is no version: Ghidra's "Versions supported are now
        // 1.15-1.22".)
        assert!(
            pairs("Added support for Golang 1.15 and 1.16. Versions supported are now 1.15-1.22.")
                .is_empty()
        );
        // SpotBugs' changelog: back to a version, and a verb's particle.
        assert_eq!(
            pairs("Revert commons-text from 1.11.0 to 1.10.0 to resolve a version conflict"),
            [claimed("commons-text", "1.10.0")]
        );
        assert_eq!(
            pairs("Bump up slf4j-api to 2.0.3 ([#2220](https://x/2220))"),
            [claimed("slf4j-api", "2.0.3")]
        );
        // OkHttp's changelog: the verb as a label, a sentence after it.
        assert_eq!(
            pairs("Upgrade: kotlinx.coroutines 1.11.0. This is used by the optional module."),
            [claimed("kotlinx.coroutines", "1.11.0")]
        );
        // Pillow's changes: where the name is used, and references between
        // the claims of one line.
        assert_eq!(
            pairs("Update FreeType used in binary wheels to 2.10.4 to fix CVE-2020-15999."),
            [claimed("FreeType", "2.10.4")]
        );
        assert_eq!(
            pairs(
                "Depends: Update libtiff to 4.1.0 #4195, Tk Tcl to 8.6.10 #4229, libimagequant to 2.12.6 (#4318)"
            ),
            [
                claimed("libtiff", "4.1.0"),
                claimed("Tk Tcl", "8.6.10"),
                claimed("libimagequant", "2.12.6")
            ]
        );
        // (A reference then no claim: nothing more.)
        assert_eq!(
            pairs("Update libtiff to 4.1.0 #4195, #4196"),
            [claimed("libtiff", "4.1.0")]
        );
        // Awaitility's changelog: the word for a version, then where.
        assert_eq!(
            pairs("Upgraded kotlin version in the awaitility-kotlin module to 2.1.10"),
            [claimed("kotlin", "2.1.10")]
        );
        assert!(pairs("Update boost version in Android SDK to 1.90").is_empty());
        // auth0-flutter's changelog: what the project depends on.
        assert_eq!(
            pairs(
                "(af) chore: upgraded dependency on Auth0.swift to 2.7.2 [\\#451](https://x/451)"
            ),
            [claimed("Auth0.swift", "2.7.2")]
        );
        // Coralogix's shippers' changelogs: what is versioned, then the word.
        assert_eq!(
            pairs(
                "[Change] Update Helm dependency `opentelemetry-agent` to chart version `0.135.4`."
            ),
            [claimed("opentelemetry-agent", "0.135.4")]
        );
        // Exasol's changes files: a Maven artifact, its old version glued.
        assert_eq!(
            pairs("Updated `com.exasol:database-cleaner:1.1.3` to `1.1.4`"),
            [claimed("com.exasol:database-cleaner", "1.1.4")]
        );
    }

    #[test]
    fn names_normalise_with_aliases() {
        assert_eq!(normalize_component("PyTorch"), "torch");
        assert_eq!(normalize_component("vLLM"), "vllm");
        assert_eq!(
            normalize_component("Transformer Engine"),
            "transformer-engine"
        );
        assert_eq!(
            normalize_component("transformer_engine"),
            "transformer-engine"
        );
    }
}
