//! Which kind of words a line holds, by the `[statements]` words of every
//! language: notes about other releases or things ("discontinued for",
//! "not supported"), and introductions of examples ("example models").
//! Both the list readers (`components`) and the prose reader
//! (`statements`) ask it.

use crate::{names, words};
use aho_corasick::AhoCorasick;
use std::sync::OnceLock;

/// Phrases of every language matched as whole words in one pass over a
/// text (see [`spaced_words`]): import asks this of every line of a page.
pub(crate) struct Phrases(AhoCorasick);

impl Phrases {
    fn of(list: fn(&'static words::Words) -> &'static Vec<String>) -> Phrases {
        let padded: Vec<String> = words::each()
            .flat_map(list)
            .filter(|p| !p.is_empty())
            .map(|p| format!(" {p} "))
            .collect();
        Phrases(AhoCorasick::new(padded).expect("phrases of the words files"))
    }

    /// Whether `spaced` (see [`spaced_words`]) holds one of the phrases.
    pub(crate) fn in_spaced(&self, spaced: &str) -> bool {
        self.0.is_match(spaced)
    }
}

/// Whether `text` may hold one of `[statements] introduce` or `defaults`
/// of any language, whatever its case: one pass, before the readers that
/// look for where they stand.
pub(crate) fn may_introduce(text: &str) -> bool {
    static WORDS: OnceLock<AhoCorasick> = OnceLock::new();
    WORDS
        .get_or_init(|| {
            let words: Vec<&String> = words::each()
                .flat_map(|w| {
                    let s = &w.statements;
                    s.introduce
                        .iter()
                        .chain(&s.defaults)
                        .chain(&s.built_against)
                })
                .filter(|p| !p.is_empty())
                .collect();
            AhoCorasick::builder()
                .ascii_case_insensitive(true)
                .build(words)
                .expect("phrases of the words files")
        })
        .is_match(text)
}

/// `[statements] notes` of every language.
pub(crate) fn notes() -> &'static Phrases {
    static NOTES: OnceLock<Phrases> = OnceLock::new();
    NOTES.get_or_init(|| Phrases::of(|w| &w.statements.notes))
}

/// `[statements] states` of every language.
pub(crate) fn states() -> &'static Phrases {
    static STATES: OnceLock<Phrases> = OnceLock::new();
    STATES.get_or_init(|| Phrases::of(|w| &w.statements.states))
}

fn examples() -> &'static Phrases {
    static EXAMPLES: OnceLock<Phrases> = OnceLock::new();
    EXAMPLES.get_or_init(|| Phrases::of(|w| &w.statements.examples))
}

/// Whether `text` (a list's heading or introduction, an item's label)
/// says the list names examples or models, not components.
pub(crate) fn names_examples(text: &str) -> bool {
    examples().in_spaced(&spaced_words(text))
}

/// Whether `text` holds a note word (`[statements] notes`), outside a
/// remark in parentheses that the release keeps a version (`[statements]
/// unchanged`: "DuetWiFiServer 1.23 (same as for previous RC)").
pub(crate) fn holds_note(text: &str) -> bool {
    notes().in_spaced(&spaced_words(&without_unchanged_remarks(text)))
}

fn without_unchanged_remarks(text: &str) -> std::borrow::Cow<'_, str> {
    static UNCHANGED: OnceLock<Phrases> = OnceLock::new();
    let unchanged = UNCHANGED.get_or_init(|| Phrases::of(|w| &w.statements.unchanged));
    if !text.contains('(') {
        return text.into();
    }
    let mut kept = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(close) = rest[open..].find(')').map(|c| open + c) else {
            break;
        };
        kept.push_str(&rest[..open]);
        let remark = &rest[open..=close];
        if !unchanged.in_spaced(&spaced_words(remark)) {
            kept.push_str(remark);
        }
        rest = &rest[close + 1..];
    }
    kept.push_str(rest);
    kept.into()
}

/// A name no data knows takes a version of at least two numbers: a lone
/// number after words is a count or an ordinal ("tensor parallelism 8",
/// "Tacotron 2"), not a release.
pub(crate) fn plausible(name: &str, version: &str) -> bool {
    // "15 SP6": a version part is a version's too; "20250625" (openai/
    // whisper's releases) a day's, no count.
    names::is_alias(name)
        || version.contains(['.', ' '])
        || (version.len() == 8 && crate::dates::is_date_number(version))
}

/// `text` lowercased, with every character but letters, digits and
/// `. + -` a space, padded with spaces: phrases match as whole words.
pub(crate) fn spaced_words(text: &str) -> String {
    let mapped: String = text
        .to_lowercase()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '.' | '+' | '-') {
                c
            } else {
                ' '
            }
        })
        .collect();
    // A sentence's closing full stop is no part of its last word.
    let words: Vec<&str> = mapped
        .split_whitespace()
        .map(|w| w.trim_end_matches('.'))
        .collect();
    format!(" {} ", words.join(" "))
}
