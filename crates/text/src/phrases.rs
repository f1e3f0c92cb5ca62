//! Which kind of words a line holds, by the `[statements]` words of every
//! language: notes about other releases or things ("discontinued for",
//! "not supported"), and introductions of examples ("example models").
//! Both the list readers (`components`) and the prose reader
//! (`statements`) ask it.

use crate::{names, words};

/// Whether `text` (a list's heading or introduction, an item's label)
/// says the list names examples or models, not components.
pub(crate) fn names_examples(text: &str) -> bool {
    holds(
        &spaced_words(text),
        words::each().flat_map(|w| &w.statements.examples),
    )
}

/// Whether `text` holds a note word (`[statements] notes`).
pub(crate) fn holds_note(text: &str) -> bool {
    holds(
        &spaced_words(text),
        words::each().flat_map(|w| &w.statements.notes),
    )
}

/// A name no data knows takes a version of at least two numbers: a lone
/// number after words is a count or an ordinal ("tensor parallelism 8",
/// "Tacotron 2"), not a release.
pub(crate) fn plausible(name: &str, version: &str) -> bool {
    names::is_alias(name) || version.contains('.')
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

/// Whether `spaced` (see [`spaced_words`]) holds one of `phrases` as
/// whole words.
pub(crate) fn holds(spaced: &str, phrases: impl Iterator<Item = &'static String>) -> bool {
    phrases.into_iter().any(|p| {
        spaced
            .match_indices(p.as_str())
            .any(|(at, _)| spaced[..at].ends_with(' ') && spaced[at + p.len()..].starts_with(' '))
    })
}
