//! Version numbers in prose: replaced where they stand as whole numbers,
//! so `12.8` is replaced in "CUDA 12.8," but not inside `12.8.0`.

/// `text` with every whole occurrence of each `from` replaced by its `to`,
/// in one pass (a replacement is never replaced again); longer `from`s win.
pub(crate) fn replace_numbers(text: &str, pairs: &[(String, String)]) -> String {
    let mut pairs: Vec<&(String, String)> = pairs
        .iter()
        .filter(|(from, to)| !from.is_empty() && from != to)
        .collect();
    pairs.sort_by_key(|(from, _)| std::cmp::Reverse(from.len()));
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut before: Option<char> = None;
    'outer: while !rest.is_empty() {
        if before.is_none_or(|c| !joins(c)) {
            for (from, to) in &pairs {
                if let Some(after) = rest.strip_prefix(from.as_str())
                    && !continues(after)
                {
                    out.push_str(to);
                    before = to.chars().last();
                    rest = after;
                    continue 'outer;
                }
            }
        }
        let c = rest.chars().next().expect("not empty");
        out.push(c);
        before = Some(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// A character a number cannot start right after (`v1`, `a12`, `1.2`).
fn joins(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '.' || c == '_'
}

/// Whether a number goes on after the match (`12.8` in `12.8.0`, `57` in `575`).
fn continues(after: &str) -> bool {
    let mut chars = after.chars();
    match chars.next() {
        Some(c) if c.is_ascii_digit() => true,
        Some('.') => chars.next().is_some_and(|c| c.is_ascii_digit()),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn whole_numbers_only_in_one_pass() {
        let p = pairs(&[("12.8", "12.9"), ("12.8.0", "12.9.1"), ("25.10", "25.11")]);
        assert_eq!(
            replace_numbers("25.10 Release 基于CUDA 12.8.0,不向前兼容CUDA 12.8。", &p),
            "25.11 Release 基于CUDA 12.9.1,不向前兼容CUDA 12.9。"
        );
        assert_eq!(
            replace_numbers("v25.10 and 125.10", &p),
            "v25.10 and 125.10"
        );
        assert_eq!(
            replace_numbers("training-nv-pytorch:25.10-serverless", &p),
            "training-nv-pytorch:25.11-serverless"
        );
        let swap = pairs(&[("575", "580"), ("580", "590")]);
        assert_eq!(
            replace_numbers("575 or 580 but not 5750", &swap),
            "580 or 590 but not 5750"
        );
    }
}
