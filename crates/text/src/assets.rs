//! The Assets part: image references, the VPC template and its
//! placeholders, one note per image with what it suits; the phrases are
//! `[assets]` of `data/words/*.toml`.

use crate::draft::{AssetOut, Draft, PlaceholderOut, VpcOut, text};
use crate::error::MAX_ITEMS;
use crate::words::{self, AssetWords};
use indexmap::IndexSet;
use model::{ImageRef, Lang};
use std::collections::HashMap;

pub(crate) fn assets(
    body: &[(usize, &str)],
    version: &str,
    lang: Lang,
    draft: &mut Draft,
    unplaced: &mut Vec<(usize, String)>,
) {
    let mut images: IndexSet<String> = IndexSet::new();
    let mut prose = String::new();
    let mut template: Option<String> = None;
    // The template's placeholder names, once it is found.
    let mut names: Vec<String> = Vec::new();
    // Placeholder descriptions given as a definition list or a table.
    let mut definitions: Vec<(String, String)> = Vec::new();
    let lines: Vec<&str> = body.iter().map(|(_, l)| clean_line(l)).collect();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        i += 1;
        let lower = l.to_lowercase();
        if l.is_empty() || l == version || is_fence(l) || is_separator_row(l) {
            continue;
        }
        // "VPC镜像": a short label of a group of images.
        let group_label = words::each().any(|w| {
            let mut labels = w.assets.group_labels.iter();
            labels.any(|g| lower.starts_with(g.as_str()))
        });
        if group_label && l.chars().count() <= 20 {
            continue;
        }
        if is_ref_like(l) && ImageRef::parse(l).is_err_and(|e| e.is_template()) {
            template = Some(l.to_string());
            names = placeholder_names(l);
            continue;
        }
        if template.is_some() {
            if let Some((name, mut description)) = definition(l, &names) {
                // A definition list: the term, then `: description` on the next line.
                if description.is_empty()
                    && let Some(next) = lines.get(i)
                    && let Some(d) = next.strip_prefix([':', '：'])
                {
                    description = d.trim().to_string();
                    i += 1;
                }
                if !description.is_empty() {
                    definitions.push((name, description));
                    continue;
                }
            }
            if l.contains('|') && image_refs(l).is_empty() {
                // The header of a placeholder table (`| Placeholder | Meaning |`).
                continue;
            }
        }
        if template.is_none() && is_ref_like(l) && image_refs(l).first().is_some_and(|r| r == l) {
            images.insert(l.to_string());
            continue;
        }
        if !prose.is_empty() && words::of(lang).spaced {
            prose.push(' ');
        }
        prose.push_str(l);
    }
    // Prose: placeholder descriptions first, then one note per image reference.
    let refs = image_refs_at(&prose);
    let first_ref = refs.first().map_or(prose.len(), |(at, _)| *at);
    let placeholder_text = &prose[..first_ref];
    if let Some(template) = &template {
        // Where each placeholder is written in the text, in order.
        let written: Vec<Vec<usize>> = names
            .iter()
            .map(|name| {
                let marker = format!("{{{name}}}");
                let found = placeholder_text.match_indices(&marker);
                found.map(|(at, _)| at).collect()
            })
            .collect();
        let first_written_from = |j: usize, from: usize| {
            let at = &written[j];
            at.get(at.partition_point(|a| *a < from)).copied()
        };
        let mut placeholders = Vec::new();
        for (i, name) in names.iter().enumerate() {
            let defined = definitions
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, d)| d.clone());
            let description = defined.or_else(|| {
                written[i].first().map(|at| {
                    let from = at + name.len() + 2;
                    let rest = &placeholder_text[from..];
                    // Up to the next placeholder of the template written after it.
                    let end = (i + 1..names.len())
                        .filter_map(|j| first_written_from(j, from))
                        .min()
                        .map_or(rest.len(), |at| at - from);
                    without_copula(rest[..end].trim())
                        .trim_start_matches([':', '：'])
                        .trim()
                        .to_string()
                })
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
    // Notes: from each image reference to the next; an image's first note is its.
    let mut notes: HashMap<String, String> = HashMap::new();
    let page_words = words::of(lang);
    for (i, (at, image)) in refs.iter().enumerate() {
        let end = refs.get(i + 1).map_or(prose.len(), |(next, _)| *next);
        let mut note = prose[*at..end].trim();
        // The next image's sentence starts after the last one's note.
        for tail in &page_words.assets.note_tails {
            note = note.trim_end_matches(page_words.after(tail).as_str());
        }
        images.insert(image.clone());
        notes
            .entry(image.clone())
            .or_insert_with(|| note.to_string());
    }
    for image in images {
        let note = notes.get(&image).cloned();
        let (suits, not_suits) = note.as_deref().map(applicability).unwrap_or_default();
        draft.assets.push(AssetOut {
            image,
            suits: suits.into_iter().map(|s| text(lang, s)).collect(),
            not_suits: not_suits.into_iter().map(|s| text(lang, s)).collect(),
            note: note.map(|n| text(lang, n)),
        });
    }
}

/// A line without its list bullet, backticks and `docker pull`.
fn clean_line(line: &str) -> &str {
    let mut l = line.trim();
    for bullet in ["- ", "* ", "+ ", "• ", "· "] {
        l = l.strip_prefix(bullet).unwrap_or(l);
    }
    let l = l.strip_prefix("docker pull ").unwrap_or(l);
    l.trim().trim_matches('`').trim()
}

fn is_fence(line: &str) -> bool {
    line.starts_with("```") || line.starts_with("~~~")
}

fn is_separator_row(line: &str) -> bool {
    line.contains('-')
        && line
            .chars()
            .all(|c| matches!(c, '|' | '-' | ':') || c.is_whitespace())
}

/// `{region-id}`, `{image:tag}` of a template, in order.
fn placeholder_names(template: &str) -> Vec<String> {
    template
        .split('{')
        .skip(1)
        .filter_map(|s| s.split_once('}').map(|(n, _)| n.to_string()))
        .collect()
}

/// A placeholder defined on one line: a table row `| {region-id} | … |`,
/// or `{region-id}: …` / `region-id - …` (the description may follow on the
/// next line, as `: …`). The description is empty for a bare term.
fn definition(line: &str, names: &[String]) -> Option<(String, String)> {
    // The name in its marks: `{name}`, {name}, `name`, name.
    let marked = |name: &str| {
        let wrapped = |open: &str, close: &str| {
            line.strip_prefix(open)
                .and_then(|r| r.strip_prefix(name))
                .and_then(|r| r.strip_prefix(close))
        };
        [
            wrapped("`{", "}`"),
            wrapped("{", "}"),
            wrapped("`", "`"),
            line.strip_prefix(name),
        ]
    };
    let term_of = |s: &str| {
        s.trim()
            .trim_matches(['`', '*'])
            .trim_matches(['{', '}'])
            .to_string()
    };
    if line.contains('|') {
        let cells: Vec<&str> = line.trim_matches('|').split('|').map(str::trim).collect();
        let term = term_of(cells.first()?);
        let name = names.iter().find(|n| **n == term)?;
        return Some((name.clone(), cells[1..].join(" ").trim().to_string()));
    }
    for name in names {
        for rest in marked(name).into_iter().flatten() {
            let rest = rest.trim_start();
            if rest.is_empty() {
                return Some((name.clone(), String::new()));
            }
            for separator in [":", "：", "-", "—", "–"] {
                if let Some(description) = rest.strip_prefix(separator) {
                    return Some((name.clone(), description.trim().to_string()));
                }
            }
        }
    }
    None
}

fn is_ref_like(s: &str) -> bool {
    let first = s.split('/').next().unwrap_or("");
    s.contains('/') && first.contains('.') && !first.contains(' ')
}

/// Image references in a text: runs of reference characters with a
/// registry host (a dot before the first `/`) and a path that parse as an
/// image reference.
pub(crate) fn image_refs(text: &str) -> Vec<String> {
    image_refs_at(text).into_iter().map(|(_, r)| r).collect()
}

/// [`image_refs`] with where each starts; at most one past [`MAX_ITEMS`]
/// (a record holding more is refused).
fn image_refs_at(text: &str) -> Vec<(usize, String)> {
    let is_ref_char =
        |c: char| c.is_ascii_alphanumeric() || matches!(c, '.' | '/' | ':' | '@' | '-' | '_');
    text.split(|c: char| !is_ref_char(c))
        .filter_map(|run| {
            let candidate = run.trim_end_matches(['.', ':', '-']);
            (is_ref_like(candidate) && ImageRef::parse(candidate).is_ok()).then(|| {
                let at = run.as_ptr() as usize - text.as_ptr() as usize;
                (at, candidate.to_string())
            })
        })
        .take(MAX_ITEMS + 1)
        .collect()
}

/// `text` without the copulas before it ("为", "is "): `copulas` of
/// `[assets]` (`data/words/*.toml`).
fn without_copula(mut text: &str) -> &str {
    for words in words::each() {
        for copula in &words.assets.copulas {
            text = text.trim_start_matches(words.before(copula).as_str());
        }
    }
    text
}

/// `…适用于A、B;该镜像不适用于C,…` → ([A, B], [C]); English: "suitable for
/// A and for B; it is not suitable for C". Each list ends with its clause;
/// the phrases are `suits` and `not_suits` of `[assets]`.
fn applicability(note: &str) -> (Vec<String>, Vec<String>) {
    let mut found: Vec<(usize, bool, usize)> = Vec::new();
    let markers = |of: fn(&'static AssetWords) -> &'static Vec<String>| {
        words::each().flat_map(move |w| of(&w.assets))
    };
    let negative_first = [
        (true, markers(|a| &a.not_suits)),
        (false, markers(|a| &a.suits)),
    ];
    // Where the negative phrases found so far start and end.
    let mut negative_spans: Vec<(usize, usize)> = Vec::new();
    for (negative, markers) in negative_first {
        for marker in markers {
            // A marker never overlaps itself: only earlier markers' spans count.
            let mut spans = negative_spans.clone();
            spans.sort();
            let reach: Vec<usize> = spans
                .iter()
                .scan(0, |furthest, (_, end)| {
                    *furthest = (*furthest).max(*end);
                    Some(*furthest)
                })
                .collect();
            for (at, _) in note.match_indices(marker) {
                let before = spans.partition_point(|(start, _)| *start <= at);
                let inside_negative = before > 0 && reach[before - 1] > at;
                if !inside_negative {
                    found.push((at, negative, marker.len()));
                    if negative {
                        negative_spans.push((at, at + marker.len()));
                    }
                }
            }
        }
    }
    found.sort();
    let mut suits = Vec::new();
    let mut not_suits = Vec::new();
    for (i, &(at, negative, len)) in found.iter().enumerate() {
        // A note of more than a record may hold is refused.
        if suits.len() + not_suits.len() > MAX_ITEMS {
            break;
        }
        // A list ends with its clause, or where the next one starts.
        let next = found.get(i + 1).map_or(note.len(), |(next, _, _)| *next);
        let items = clause_items(&note[at + len..next.max(at + len)]);
        if negative {
            not_suits.extend(items);
        } else {
            suits.extend(items);
        }
    }
    (suits, not_suits)
}

/// The items of a list running to the end of its clause.
fn clause_items(rest: &str) -> Vec<String> {
    let mut end = rest.len();
    for (at, c) in rest.char_indices() {
        let after = &rest[at + c.len_utf8()..];
        let ends = matches!(c, ';' | '；' | '。')
            || (c == '.' && (after.is_empty() || after.starts_with(' ')))
            || (matches!(c, ',' | '，') && starts_clause(after));
        if ends {
            end = at;
            break;
        }
    }
    let mut items: Vec<&str> = rest[..end].split(['、', ',', '，']).collect();
    for words in words::each() {
        for joint in words.assets.list_joints.iter().map(|j| words.between(j)) {
            items = items.iter().flat_map(|p| p.split(joint.as_str())).collect();
        }
    }
    items
        .into_iter()
        .map(|item| without_lead_in(item.trim()).trim().to_string())
        .filter(|item| !item.is_empty())
        .collect()
}

/// Whether the text after a comma starts a new clause ("…, so use it"):
/// `clause_starts` of `[assets]`.
fn starts_clause(after: &str) -> bool {
    let after = after.trim_start();
    // The words are short: the start of the text is enough.
    let mut end = after.len().min(64);
    while !after.is_char_boundary(end) {
        end += 1;
    }
    let after = after[..end].to_lowercase();
    words::each().any(|words| {
        let mut starts = words.assets.clause_starts.iter();
        starts.any(|w| words.starts_with_word(&after, w))
    })
}

/// An item without the words before it ("for training"): `item_lead_ins`
/// of `[assets]`.
fn without_lead_in(mut item: &str) -> &str {
    for words in words::each() {
        for lead_in in &words.assets.item_lead_ins {
            item = item.trim_start_matches(words.before(lead_in).as_str());
        }
    }
    item
}

/// `比如:cn-beijing、cn-wulanchabu等` / `for example cn-beijing, cn-wulanchabu`.
fn examples_in(description: &str) -> Vec<String> {
    let markers = words::each().flat_map(|w| w.assets.examples.iter().map(|e| w.before(e)));
    for marker in markers {
        if let Some(at) = description.find(marker.as_str()) {
            let rest = &description[at + marker.len()..];
            let end_words = words::each().flat_map(|w| &w.assets.examples_end);
            let end = end_words
                .filter_map(|w| rest.find(w.as_str()))
                .chain(rest.find('。'))
                .min()
                .unwrap_or(rest.len());
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

    const AWS_2_7: &str =
        include_str!("../../../tests/fixtures/import/aws-dlc-pytorch-training-2.7.facts.md");
    const PAGE_25_10: &str =
        include_str!("../../../tests/fixtures/import/training-nv-pytorch-25.10.zh.txt");

    fn assets_of(lines: &[&str], version: &str, lang: Lang) -> (Draft, Vec<(usize, String)>) {
        let numbered: Vec<(usize, &str)> = lines.iter().copied().enumerate().collect();
        let mut draft = Draft::default();
        let mut unplaced = Vec::new();
        assets(&numbered, version, lang, &mut draft, &mut unplaced);
        (draft, unplaced)
    }

    fn images(draft: &Draft) -> Vec<&str> {
        draft.assets.iter().map(|a| a.image.as_str()).collect()
    }

    #[test]
    fn docker_image_uris_in_a_code_block() {
        let lines: Vec<&str> = AWS_2_7
            .lines()
            .skip_while(|l| *l != "### Docker Image URIs")
            .skip(1)
            .collect();
        let (draft, unplaced) = assets_of(&lines, "2.7", Lang::EN);
        assert!(unplaced.is_empty(), "{unplaced:?}");
        assert_eq!(draft.assets.len(), 8);
        assert_eq!(
            images(&draft)[0],
            "763104351884.dkr.ecr.us-west-2.amazonaws.com/pytorch-training:2.7.1-gpu-py312-cu128-ubuntu22.04-ec2"
        );
        assert_eq!(
            images(&draft)[7],
            "public.ecr.aws/deep-learning-containers/pytorch-training:2.7-gpu-py312-ec2"
        );
    }

    #[test]
    fn images_in_a_list_and_in_pull_commands() {
        let lines = [
            "- `registry.example.com/team/train:3.1-gpu`",
            "* docker pull registry.example.com/team/train:3.1-cpu",
            "- registry.example.com/team/train:3.1-gpu",
        ];
        let (draft, unplaced) = assets_of(&lines, "3.1", Lang::EN);
        assert!(unplaced.is_empty(), "{unplaced:?}");
        assert_eq!(
            images(&draft),
            [
                "registry.example.com/team/train:3.1-gpu",
                "registry.example.com/team/train:3.1-cpu"
            ]
        );
    }

    #[test]
    fn the_25_10_page_with_its_template_and_note() {
        let lines: Vec<&str> = PAGE_25_10
            .lines()
            .skip_while(|l| *l != "Assets")
            .skip(1)
            .take_while(|l| *l != "Driver Requirements")
            .collect();
        let (draft, unplaced) = assets_of(&lines, "25.10", Lang::ZH);
        assert!(unplaced.is_empty(), "{unplaced:?}");
        let vpc = draft.vpc_image.unwrap();
        assert_eq!(vpc.placeholders[0].name, "region-id");
        assert_eq!(
            vpc.placeholders[0].examples,
            ["cn-beijing", "cn-wulanchabu"]
        );
        let a = &draft.assets[0];
        assert_eq!(
            a.suits.iter().map(|t| t.side(Lang::ZH)).collect::<Vec<_>>(),
            ["ACS产品形态", "灵骏多租产品形态"]
        );
        assert_eq!(a.not_suits[0].side(Lang::ZH), "灵骏单租产品形态");
    }

    #[test]
    fn placeholders_from_a_definition_list_or_a_table() {
        let defined = [
            "acs-registry-vpc.{region-id}.cr.aliyuncs.com/egslingjun/{image:tag}",
            "`{region-id}`: the region of your ACS cluster, for example cn-beijing, cn-wulanchabu.",
            "{image:tag}",
            ": the image name and tag.",
        ];
        let (draft, unplaced) = assets_of(&defined, "25.11", Lang::EN);
        assert!(unplaced.is_empty(), "{unplaced:?}");
        let vpc = draft.vpc_image.unwrap();
        assert_eq!(
            vpc.placeholders[0].examples,
            ["cn-beijing", "cn-wulanchabu"]
        );
        assert_eq!(
            vpc.placeholders[1]
                .description
                .as_ref()
                .unwrap()
                .side(Lang::EN),
            "the image name and tag."
        );
        let table = [
            "acs-registry-vpc.{region-id}.cr.aliyuncs.com/egslingjun/{image:tag}",
            "| 占位符 | 说明 |",
            "| --- | --- |",
            "| {region-id} | 您使用的ACS产品所在的开服地域,比如:cn-beijing、cn-hangzhou等。 |",
            "| {image:tag} | 实际镜像的名称和Tag。 |",
        ];
        let (draft, unplaced) = assets_of(&table, "25.11", Lang::ZH);
        assert!(unplaced.is_empty(), "{unplaced:?}");
        let vpc = draft.vpc_image.unwrap();
        assert_eq!(vpc.placeholders[0].examples, ["cn-beijing", "cn-hangzhou"]);
        assert_eq!(
            vpc.placeholders[1]
                .description
                .as_ref()
                .unwrap()
                .side(Lang::ZH),
            "实际镜像的名称和Tag。"
        );
    }

    #[test]
    fn suits_and_not_suits_end_with_their_sentence() {
        let (s, n) = applicability(
            "The image is suitable for ACS, Lingjun multi-tenant and training jobs. It is not recommended for Lingjun single-tenant, please use the other tag.",
        );
        assert_eq!(s, ["ACS", "Lingjun multi-tenant", "training jobs"]);
        assert_eq!(n, ["Lingjun single-tenant"]);
        let (s, n) = applicability(
            "该镜像不适用于灵骏单租场景。该镜像适用于ACS产品形态和灵骏多租产品形态。",
        );
        assert_eq!(s, ["ACS产品形态", "灵骏多租产品形态"]);
        assert_eq!(n, ["灵骏单租场景"]);
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
