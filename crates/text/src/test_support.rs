//! What the unit tests of several modules share: a page's lines numbered
//! as a reader numbers them, and the pairs a reader returns.

/// `text`'s lines, numbered from 1.
pub(crate) fn numbered(text: &str) -> Vec<(usize, String)> {
    text.lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.to_string()))
        .collect()
}

/// Name–version pairs as readers return them.
pub(crate) fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
    p.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}
