//! The Assets part: image references, the VPC template and its
//! placeholders, one note per image with what it suits.

use super::parse::{AssetOut, Draft, PlaceholderOut, VpcOut, text};
use crate::record::Lang;
use crate::reference::ImageRef;

pub fn assets(
    body: &[(usize, &str)],
    version: &str,
    lang: Lang,
    draft: &mut Draft,
    unplaced: &mut Vec<(usize, String)>,
) {
    let mut images: Vec<String> = Vec::new();
    let mut prose = String::new();
    let mut template: Option<String> = None;
    for (_, line) in body {
        let l = line.trim();
        let lower = l.to_lowercase();
        if l == version {
            continue;
        }
        if lower.starts_with("vpc") && l.chars().count() <= 20 {
            continue;
        }
        if is_ref_like(l) && ImageRef::parse(l).is_err_and(|e| e.is_template()) {
            template = Some(l.to_string());
            continue;
        }
        if template.is_none() && is_ref_like(l) && image_refs(l).first().is_some_and(|r| r == l) {
            if !images.contains(&l.to_string()) {
                images.push(l.to_string());
            }
            continue;
        }
        if l.is_empty() {
            continue;
        }
        if !prose.is_empty() && lang == Lang::En {
            prose.push(' ');
        }
        prose.push_str(l);
    }
    // Prose: placeholder descriptions first, then one note per image reference.
    let refs = image_refs(&prose);
    let first_ref = refs
        .first()
        .and_then(|r| prose.find(r.as_str()))
        .unwrap_or(prose.len());
    let (placeholder_text, notes_text) = prose.split_at(first_ref);
    if let Some(template) = &template {
        let names: Vec<String> = template
            .split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}').map(|(n, _)| n.to_string()))
            .collect();
        let mut placeholders = Vec::new();
        for (i, name) in names.iter().enumerate() {
            let marker = format!("{{{name}}}");
            let description = placeholder_text.find(&marker).map(|at| {
                let rest = &placeholder_text[at + marker.len()..];
                let end = names[i + 1..]
                    .iter()
                    .filter_map(|n| rest.find(&format!("{{{n}}}")))
                    .min()
                    .unwrap_or(rest.len());
                rest[..end]
                    .trim()
                    .trim_start_matches("为")
                    .trim_start_matches("is ")
                    .trim_start_matches([':', '：'])
                    .trim()
                    .to_string()
            });
            let examples = description.as_deref().map(examples_in).unwrap_or_default();
            placeholders.push(PlaceholderOut {
                name: name.clone(),
                examples,
                description: description.filter(|d| !d.is_empty()).map(|d| text(lang, d)),
            });
        }
        draft.vpc_image = Some(VpcOut {
            template: template.clone(),
            placeholders,
        });
    } else if !placeholder_text.trim().is_empty() {
        unplaced.push((
            body.first().map_or(0, |(n, _)| *n),
            placeholder_text.trim().to_string(),
        ));
    }
    // Notes: from each image reference to the next.
    let mut notes: Vec<(String, String)> = Vec::new();
    let mut rest = notes_text;
    while !rest.is_empty() {
        let Some(image) = image_refs(rest).into_iter().next() else {
            break;
        };
        let at = rest.find(&image).unwrap_or(0);
        let after = &rest[at + image.len()..];
        let next = image_refs(after)
            .first()
            .and_then(|r| after.find(r.as_str()))
            .unwrap_or(after.len());
        let mut note = rest[..at + image.len() + next].trim().to_string();
        if lang == Lang::En {
            note = note.trim_end_matches(" The image").to_string();
        }
        notes.push((image.clone(), note));
        rest = &after[next..];
    }
    for (image, _) in &notes {
        if !images.contains(image) {
            images.push(image.clone());
        }
    }
    for image in images {
        let note = notes
            .iter()
            .find(|(i, _)| *i == image)
            .map(|(_, n)| n.clone());
        let (suits, not_suits) = note.as_deref().map(applicability).unwrap_or_default();
        draft.assets.push(AssetOut {
            image,
            suits: suits.into_iter().map(|s| text(lang, s)).collect(),
            not_suits: not_suits.into_iter().map(|s| text(lang, s)).collect(),
            note: note.map(|n| text(lang, n)),
        });
    }
}

fn is_ref_like(s: &str) -> bool {
    let first = s.split('/').next().unwrap_or("");
    s.contains('/') && first.contains('.') && !first.contains(' ')
}

/// Image references in a text: runs of reference characters with a
/// registry host (a dot before the first `/`) and a path that parse as an
/// image reference.
pub fn image_refs(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let is_ref_char =
        |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '/' | ':' | '@' | '-' | '_');
    let mut current = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if is_ref_char(c) {
            current.push(c);
        } else {
            let candidate = current.trim_end_matches(['.', ':', '-']).to_string();
            if is_ref_like(&candidate) && ImageRef::parse(&candidate).is_ok() {
                out.push(candidate);
            }
            current.clear();
        }
    }
    out
}

/// `…适用于A、B;该镜像不适用于C,…` → ([A, B], [C]); English: "suitable for
/// A and for B; it is not suitable for C".
fn applicability(note: &str) -> (Vec<String>, Vec<String>) {
    let mut suits = Vec::new();
    let mut not_suits = Vec::new();
    let stop = |s: &str| -> String {
        let end = s.find([';', '；', ',', '，', '。']).unwrap_or(s.len());
        s[..end].trim().to_string()
    };
    let split = |s: String| -> Vec<String> {
        s.split(['、'])
            .flat_map(|p| p.split(" and for "))
            .flat_map(|p| p.split(", "))
            .map(|p| p.trim().trim_start_matches("for ").trim().to_string())
            .filter(|p| !p.is_empty())
            .collect()
    };
    for (marker, neg_marker) in [("适用于", "不适用于"), ("suitable for", "not suitable for")]
    {
        let mut rest = note;
        while let Some(at) = rest.find(marker) {
            let negative = rest[..at].ends_with(&neg_marker[..neg_marker.len() - marker.len()]);
            let items = split(stop(&rest[at + marker.len()..]));
            if negative {
                not_suits.extend(items);
            } else {
                suits.extend(items);
            }
            rest = &rest[at + marker.len()..];
        }
    }
    (suits, not_suits)
}

/// `比如:cn-beijing、cn-wulanchabu等` / `for example cn-beijing, cn-wulanchabu`.
fn examples_in(description: &str) -> Vec<String> {
    for marker in ["比如:", "比如：", "例如:", "例如：", "for example "] {
        if let Some(at) = description.find(marker) {
            let rest = &description[at + marker.len()..];
            let end = rest.find(['等', '。']).unwrap_or(rest.len());
            return rest[..end]
                .trim_end_matches('.')
                .split(['、', ','])
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty() && s.is_ascii() && !s.contains(' '))
                .collect();
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn applicability_splits_on_enumeration_commas() {
        let (s, n) = applicability(
            "x:25.10镜像适用于ACS产品形态、灵骏多租产品形态;该镜像不适用于灵骏单租产品形态,请勿在灵骏单租场景使用。",
        );
        assert_eq!(s, ["ACS产品形态", "灵骏多租产品形态"]);
        assert_eq!(n, ["灵骏单租产品形态"]);
        let (s, n) = applicability(
            "The image x is suitable for ACS and for Lingjun multi-tenant; it is not suitable for Lingjun single-tenant, so do not.",
        );
        assert_eq!(s, ["ACS", "Lingjun multi-tenant"]);
        assert_eq!(n, ["Lingjun single-tenant"]);
    }

    #[test]
    fn refs() {
        assert_eq!(
            image_refs("a.b.com/x/y:25.05镜像适用于…。c.d.com/x/y:25.05\n"),
            ["a.b.com/x/y:25.05", "c.d.com/x/y:25.05"]
        );
        // Look-alikes that are no image references are left out.
        assert_eq!(
            image_refs("see docs.example.com/Guide/x:1 or a.b.com/x/y:bad:tag and a.b.com/ok:1"),
            ["a.b.com/ok:1"]
        );
    }
}
