//! Word-level diff of a text, for changed sections and wording.

use serde::Serialize;
use similar::{ChangeTag, TextDiff};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum WordTag {
    Equal,
    Insert,
    Delete,
}

/// A run of words kept, inserted or deleted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct WordOp {
    pub op: WordTag,
    pub text: String,
}

/// Compares `old` with `new` word by word (Unicode word boundaries, so each
/// CJK ideograph is a word) and merges neighbouring words of one kind.
///
/// Two clean-ups keep the result readable: blanks between two changes join
/// the change (`[-The host-]{+Make sure+}` rather than four alternating
/// runs), and texts that share less than `MIN_SHARED` of their characters
/// are shown as one deletion and one insertion.
///
/// Concatenating the `equal` and `delete` runs gives `old`; the `equal` and
/// `insert` runs give `new`.
pub(crate) fn word_diff(old: &str, new: &str) -> Vec<WordOp> {
    // What the diff below gives for equal texts, without segmenting them.
    if old == new {
        let mut same = Vec::new();
        push(&mut same, WordTag::Equal, old);
        return same;
    }
    let diff = TextDiff::from_unicode_words(old, new);
    let mut raw: Vec<WordOp> = Vec::new();
    for change in diff.iter_all_changes() {
        let op = match change.tag() {
            ChangeTag::Equal => WordTag::Equal,
            ChangeTag::Insert => WordTag::Insert,
            ChangeTag::Delete => WordTag::Delete,
        };
        push(&mut raw, op, change.value());
    }
    let ops = join_blanks(raw);
    let shared: usize = ops
        .iter()
        .filter(|o| o.op == WordTag::Equal)
        .map(|o| o.text.chars().count())
        .sum();
    let longest = old.chars().count().max(new.chars().count());
    if has_changes(&ops) && (shared as f64) < MIN_SHARED * longest as f64 {
        let mut replaced = Vec::new();
        push(&mut replaced, WordTag::Delete, old);
        push(&mut replaced, WordTag::Insert, new);
        return replaced;
    }
    ops
}

/// The share of characters two texts must have in common for a word diff
/// to be shown word by word.
pub(crate) const MIN_SHARED: f64 = 0.4;

/// Appends `text` as `op`, merged into the last run when that is of the same kind.
fn push(ops: &mut Vec<WordOp>, op: WordTag, text: &str) {
    if text.is_empty() {
        return;
    }
    match ops.last_mut() {
        Some(last) if last.op == op => last.text.push_str(text),
        _ => ops.push(WordOp {
            op,
            text: text.to_string(),
        }),
    }
}

/// Folds blank `equal` runs that sit between two changes into the change.
fn join_blanks(raw: Vec<WordOp>) -> Vec<WordOp> {
    let mut out = Vec::new();
    let (mut deleted, mut inserted) = (String::new(), String::new());
    let mut blank: Option<String> = None;
    let flush = |out: &mut Vec<WordOp>, deleted: &mut String, inserted: &mut String| {
        push(out, WordTag::Delete, deleted);
        push(out, WordTag::Insert, inserted);
        deleted.clear();
        inserted.clear();
    };
    for op in raw {
        match op.op {
            WordTag::Delete | WordTag::Insert => {
                if let Some(b) = blank.take() {
                    deleted.push_str(&b);
                    inserted.push_str(&b);
                }
                let side = if op.op == WordTag::Delete {
                    &mut deleted
                } else {
                    &mut inserted
                };
                side.push_str(&op.text);
            }
            WordTag::Equal => {
                let in_change = !deleted.is_empty() || !inserted.is_empty();
                if in_change && blank.is_none() && op.text.trim().is_empty() {
                    blank = Some(op.text);
                    continue;
                }
                flush(&mut out, &mut deleted, &mut inserted);
                if let Some(b) = blank.take() {
                    push(&mut out, WordTag::Equal, &b);
                }
                push(&mut out, WordTag::Equal, &op.text);
            }
        }
    }
    flush(&mut out, &mut deleted, &mut inserted);
    if let Some(b) = blank {
        push(&mut out, WordTag::Equal, &b);
    }
    out
}

/// Whether a word diff changes anything.
pub(crate) fn has_changes(ops: &[WordOp]) -> bool {
    ops.iter().any(|op| op.op != WordTag::Equal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_texts_are_one_equal_run() {
        for text in ["", " ", "one word", "多个 汉字 words\n\n and  blanks "] {
            let expected: Vec<WordOp> = TextDiff::from_unicode_words(text, text)
                .iter_all_changes()
                .fold(Vec::new(), |mut ops, change| {
                    push(&mut ops, WordTag::Equal, change.value());
                    ops
                });
            assert_eq!(word_diff(text, text), expected, "{text:?}");
        }
    }

    fn side(ops: &[WordOp], keep: WordTag) -> String {
        ops.iter()
            .filter(|o| o.op == WordTag::Equal || o.op == keep)
            .map(|o| o.text.as_str())
            .collect()
    }

    #[test]
    fn english_words_are_marked_and_both_sides_rebuild() {
        let old = "The image upgrades to pytorch 2.6 today.";
        let new = "The image upgrades to pytorch 2.8 today, again.";
        let ops = word_diff(old, new);
        assert_eq!(side(&ops, WordTag::Delete), old);
        assert_eq!(side(&ops, WordTag::Insert), new);
        let deleted: Vec<&str> = ops
            .iter()
            .filter(|o| o.op == WordTag::Delete)
            .map(|o| o.text.as_str())
            .collect();
        assert!(deleted.iter().any(|d| d.contains("2.6")), "{ops:?}");
        assert!(!deleted.iter().any(|d| d.contains("pytorch")), "{ops:?}");
        assert!(has_changes(&ops));
    }

    #[test]
    fn chinese_is_diffed_per_ideograph() {
        let ops = word_diff("E2E性能收益评估", "E2E性能益评估");
        assert_eq!(
            ops.iter()
                .filter(|o| o.op != WordTag::Equal)
                .cloned()
                .collect::<Vec<_>>(),
            vec![WordOp {
                op: WordTag::Delete,
                text: "收".into()
            }]
        );
    }

    #[test]
    fn blanks_between_changes_join_them() {
        let old = "keep this, keep that: one two three, keep the rest";
        let new = "keep this, keep that: uno dos tres, keep the rest";
        let ops = word_diff(old, new);
        assert_eq!(side(&ops, WordTag::Delete), old);
        assert_eq!(side(&ops, WordTag::Insert), new);
        assert!(
            ops.contains(&WordOp {
                op: WordTag::Delete,
                text: "one two three".into()
            }),
            "{ops:?}"
        );
        assert!(
            ops.contains(&WordOp {
                op: WordTag::Insert,
                text: "uno dos tres".into()
            }),
            "{ops:?}"
        );
    }

    #[test]
    fn texts_with_little_in_common_are_replaced_whole() {
        let old = "The host must have an NVIDIA driver installed.";
        let new = "Make sure that release 535 or later is configured.";
        let ops = word_diff(old, new);
        assert_eq!(
            ops,
            vec![
                WordOp {
                    op: WordTag::Delete,
                    text: old.into()
                },
                WordOp {
                    op: WordTag::Insert,
                    text: new.into()
                }
            ]
        );
        assert_eq!(
            word_diff("", "new"),
            vec![WordOp {
                op: WordTag::Insert,
                text: "new".into()
            }]
        );
    }

    #[test]
    fn same_text_has_no_changes() {
        let ops = word_diff("a b c", "a b c");
        assert!(!has_changes(&ops));
        assert_eq!(ops.len(), 1);
        assert!(word_diff("", "").is_empty());
    }
}
