//! Ranges of versions ("LLVM 3.7 - 6.0", "Python 3.8–3.12", "2.1 through
//! 2.4"): neither end is a version a text states.

use crate::words;

/// "3.7 - 6.0", "3.8–3.12", "2.1 through 2.4": what follows a version
/// makes it one end of a range, which states no version. The other end
/// has numbers and a dot, so a date after a dash ("1.2.0 - 2024-05-01")
/// is no end of one.
pub(crate) fn opens_range(after_version: &str) -> bool {
    // "5.9.2-1.2", "8.2.2.26-1": a hyphen run into both numbers joins a
    // package's release to its version; a range's hyphen is spaced.
    if after_version.starts_with('-') {
        return false;
    }
    let rest = after_version.trim_start();
    let word_end = |w: &String| {
        rest.get(..w.len())
            .filter(|head| head.eq_ignore_ascii_case(w))
            .map(|_| &rest[w.len()..])
            .filter(|r| r.starts_with(' '))
    };
    let Some(other_end) = ["-", "–", "—", "~", "～"]
        .iter()
        .find_map(|dash| rest.strip_prefix(dash))
        .or_else(|| {
            words::each()
                .flat_map(|w| &w.components.range_words)
                .find_map(word_end)
        })
    else {
        return false;
    };
    let other_end = other_end.trim_start();
    let other_end = other_end.strip_prefix(['v', 'V']).unwrap_or(other_end);
    let numbers: String = other_end
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || c.eq_ignore_ascii_case(&'x'))
        .collect();
    numbers.starts_with(|c: char| c.is_ascii_digit()) && numbers.trim_end_matches('.').contains('.')
}

/// Where each range of versions in `text` starts and ends ("Supports LLVM
/// 3.7 - 6.0", "Python 3.8–3.12"): a number with a dot that
/// [`opens_range`], to the end of the other end.
fn ranges(text: &str) -> Vec<(usize, usize)> {
    let number_len = |from: &str| {
        from.find(|c: char| !(c.is_ascii_digit() || c == '.' || c.eq_ignore_ascii_case(&'x')))
            .unwrap_or(from.len())
    };
    let mut found = Vec::new();
    let mut past = 0;
    for (at, c) in text.char_indices() {
        let starts = at >= past
            && c.is_ascii_digit()
            && text[..at].chars().next_back().is_none_or(|b| {
                !b.is_ascii_alphanumeric() && b != '.' || b.eq_ignore_ascii_case(&'v')
            });
        if !starts {
            continue;
        }
        let number = text[at..at + number_len(&text[at..])].trim_end_matches('.');
        let after = at + number.len();
        if !number.contains('.') || !opens_range(&text[after..]) {
            continue;
        }
        // The other end: past the dash or word and a `v`.
        let rest = &text[after..];
        let Some(digit) = rest.find(|c: char| c.is_ascii_digit()) else {
            continue;
        };
        let end = after + digit + number_len(&rest[digit..]);
        let start = if text[..at].ends_with(['v', 'V']) {
            at - 1
        } else {
            at
        };
        found.push((start, end));
        past = end;
    }
    found
}

/// Whether `text` names a range of versions anywhere.
pub(crate) fn holds_range(text: &str) -> bool {
    !ranges(text).is_empty()
}

/// `text` with each range of versions left out ("Supports LLVM 3.7 - 6.0"
/// → "Supports LLVM …"): neither end is a version the text states.
pub(crate) fn without_ranges(text: &str) -> std::borrow::Cow<'_, str> {
    let found = ranges(text);
    if found.is_empty() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut from = 0;
    for (start, end) in found {
        out.push_str(&text[from..start]);
        out.push('…');
        from = end;
    }
    out.push_str(&text[from..]);
    std::borrow::Cow::Owned(out)
}
