//! The Driver Requirements part: base CUDA version, minimum driver,
//! data-center branches, the branches to upgrade from.

use super::parse::{BranchOut, DriverOut, text};
use crate::lint::cuda_mentions;
use crate::record::Lang;

pub fn driver(lines: &[&str], lang: Lang) -> DriverOut {
    let all = lines.join("\n");
    let mut out = DriverOut {
        wording: Some(text(lang, lines.join("\n\n") + "\n")),
        ..DriverOut::default()
    };
    // Base CUDA: the first CUDA version after "基于" / "based on".
    for marker in ["基于", "based on"] {
        if out.cuda.is_none()
            && let Some(at) = all.find(marker)
        {
            out.cuda = cuda_mentions(&all[at..]).into_iter().next();
        }
    }
    // Minimum: "驱动程序版本575或更高版本" / "driver release 575 or later".
    for marker in ["驱动程序版本", "driver release "] {
        if out.min.is_none()
            && let Some(at) = all.find(marker)
        {
            let v: String = all[at + marker.len()..]
                .trim_start()
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let v = v.trim_end_matches('.').to_string();
            if !v.is_empty() {
                out.min = Some(v);
            }
        }
    }
    for para in lines {
        let lower = para.to_lowercase();
        if para.contains("(或更高版本") || lower.contains("(or later") {
            // "470.57(或更高版本R470)" / "470.57 (or later R470)"
            let mut rest: &str = para;
            while let Some(open) = rest.find('(') {
                let before: String = rest[..open]
                    .trim_end()
                    .chars()
                    .rev()
                    .take_while(|c| c.is_ascii_digit() || *c == '.')
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                let close = rest[open..].find(')').map_or(rest.len(), |c| open + c);
                let inside = &rest[open..close];
                if let Some(branch) = branches(inside).into_iter().next()
                    && !before.is_empty()
                {
                    out.datacenter.push(BranchOut {
                        branch,
                        min: before.trim_matches('.').to_string(),
                    });
                }
                rest = &rest[close.min(rest.len())..];
                if rest.starts_with(')') {
                    rest = &rest[1..];
                }
            }
        } else if para.contains("升级") || lower.contains("upgrade from") {
            out.upgrade_from.extend(branches(para));
            for marker in [
                "不向前兼容",
                "not forward-compatible with",
                "not forward compatible with",
            ] {
                if let Some(at) = para.find(marker) {
                    out.not_forward_compatible_with = cuda_mentions(&para[at..]).into_iter().next();
                }
            }
        }
    }
    out
}

/// `R470`, `R545 ` … in a text.
pub fn branches(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    for i in 0..chars.len() {
        if chars[i] == 'R' && (i == 0 || !chars[i - 1].is_ascii_alphanumeric()) {
            let digits: String = chars[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            if digits.len() >= 3 {
                out.push(format!("R{digits}"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn branches_in_a_list() {
        assert_eq!(
            branches("R418、R440、R545 、R555和R560"),
            ["R418", "R440", "R545", "R555", "R560"]
        );
    }
}
