//! The Driver Requirements part: base CUDA version, minimum driver,
//! data-center branches, the branches to upgrade from, found by the phrases
//! of `[driver]` in `data/words/*.toml`.

pub(crate) use crate::draft::{BranchOut, DriverOut};

use crate::draft::text;
use crate::words::{self, DriverWords};
use model::Lang;
use std::collections::HashSet;

/// Reads the paragraphs of a Driver Requirements text, written in `lang`:
/// the base CUDA version, the minimum driver, the data-center branches and
/// the branches to upgrade from.
pub fn driver(lines: &[&str], lang: Lang) -> DriverOut {
    let mut out = DriverOut {
        wording: Some(text(lang, lines.join("\n\n") + "\n")),
        ..DriverOut::default()
    };
    let all = lines.join("\n");
    for sentence in sentences(&all) {
        let lower = sentence.to_ascii_lowercase();
        let branches_named = branches(sentence);
        if !branches_named.is_empty() && holds(&lower, |d| &d.upgrade) {
            out.upgrade_from.extend(branches_named);
            for marker in phrases(|d| &d.not_forward_compatible) {
                if let Some(at) = lower.find(marker) {
                    out.not_forward_compatible_with =
                        cuda_mentions(&sentence[at..]).into_iter().next();
                }
            }
        } else if holds(&lower, |d| &d.datacenter) {
            datacenter_branches(sentence, &mut out.datacenter);
        } else {
            if out.cuda.is_none()
                && let Some(at) = phrases(|d| &d.based_on).filter_map(|m| lower.find(m)).min()
            {
                out.cuda = cuda_mentions(&sentence[at..]).into_iter().next();
            }
            if out.min.is_none() {
                out.min = minimum(sentence);
            }
        }
    }
    out
}

/// The minimum driver a page states in prose outside a Driver
/// Requirements part ("Upgrade … (requires Nvidia drivers 510+)", "要求
/// NVIDIA 驱动版本为 580 或更高", "NVIDIA ドライバーは 580 以降が必要です"):
/// in the first sentence naming the driver and a floor, the first driver
/// release after the driver's name. The sentence is its wording.
pub(crate) fn floor_in_prose(lines: &[&str], lang: Lang) -> Option<DriverOut> {
    let all = lines.join("\n");
    sentences(&all).into_iter().find_map(|sentence| {
        let lower = sentence.to_lowercase();
        let min = phrases(|d| &d.minimum).find_map(|marker| {
            let at = lower.find(marker)? + marker.len();
            let mut end = (at + 80).min(lower.len());
            while !lower.is_char_boundary(end) {
                end -= 1;
            }
            let window = &lower[at..end];
            let number = NUMBER
                .find_iter(window)
                .find(|m| is_driver_release(m.as_str()))?;
            let after = &window[number.end()..];
            let plus = after.starts_with('+');
            (plus || holds(&lower, |d| &d.floors)).then(|| refined(number.as_str(), after))
        })?;
        Some(DriverOut {
            min: Some(min),
            wording: Some(text(lang, format!("{sentence}\n"))),
            ..DriverOut::default()
        })
    })
}

/// The driver a list item of a release's requirements names: the item is
/// the driver's name (`[driver] required_items`) and a release ("NVIDIA
/// Driver 515.65.01", "[NVIDIA Driver 535 (>= 535.161.08)](…)"); the first
/// such item of `lines` gives the minimum, the item its wording.
pub(crate) fn required_in_list(lines: &[&str], lang: Lang) -> Option<DriverOut> {
    lines.iter().find_map(|line| {
        let item = line.trim_start();
        let item = ["- ", "* ", "+ "]
            .iter()
            .find_map(|b| item.strip_prefix(b))?
            .trim_start();
        // A link's text ("[NVIDIA Driver 510.47.03](https://…)").
        let item = item
            .strip_prefix('[')
            .and_then(|t| t.split_once("](").map(|(text, _)| text))
            .unwrap_or(item);
        let lower = item.to_lowercase();
        let rest = phrases(|d| &d.required_items)
            .find_map(|name| lower.strip_prefix(name))?
            .trim_start();
        let number = NUMBER.find(rest).filter(|m| m.start() == 0)?;
        if !is_driver_release(number.as_str()) {
            return None;
        }
        Some(DriverOut {
            min: Some(refined(number.as_str(), &rest[number.end()..])),
            wording: Some(text(lang, format!("{}\n", line.trim()))),
            ..DriverOut::default()
        })
    })
}

/// The minimum driver a table of CUDA releases and their drivers gives the
/// page's CUDA (`CUDA Toolkit | Linux Driver Version | Windows Driver
/// Version` over `CUDA 12.x | >= 525.60.13 | >= 527.41`, the table NVIDIA's
/// CUDA release notes publish, copied into an image's README): the row
/// whose release is `cuda`'s (`12.x` holds every 12, `12.6` what starts
/// so), in the first driver column, Linux's where the heads name one. The
/// row is its wording. No CUDA, no row of it: nothing.
pub(crate) fn in_table(lines: &[&str], cuda: Option<&str>, lang: Lang) -> Option<DriverOut> {
    let cuda = cuda?;
    let cells = |line: &str| -> Option<Vec<String>> {
        let row = line.trim().strip_prefix('|')?;
        let row = row.strip_suffix('|').unwrap_or(row);
        Some(row.split('|').map(|c| c.trim().to_string()).collect())
    };
    let delimiter = |cells: &[String]| {
        cells
            .iter()
            .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':' | ' ')))
    };
    let mut head: Option<(usize, usize)> = None;
    let mut head_line = "";
    for line in lines {
        let Some(row) = cells(line) else {
            head = None;
            continue;
        };
        if delimiter(&row) {
            continue;
        }
        if head.is_none() {
            let lower: Vec<String> = row.iter().map(|c| c.to_lowercase()).collect();
            let key = lower.iter().position(|c| c.contains("cuda"));
            let drivers: Vec<usize> = (0..lower.len())
                .filter(|i| {
                    Some(*i) != key && phrases(|d| &d.minimum).any(|m| lower[*i].contains(m))
                })
                .collect();
            let driver = drivers
                .iter()
                .find(|i| lower[**i].contains("linux"))
                .or(drivers.first());
            head = key.zip(driver.copied());
            head_line = line.trim();
            continue;
        }
        let Some((key, driver)) = head else {
            continue;
        };
        let (Some(release), Some(value)) = (row.get(key), row.get(driver)) else {
            continue;
        };
        if !names_cuda(release, cuda) {
            continue;
        }
        let number = NUMBER
            .find(value)
            .filter(|m| is_driver_release(m.as_str()))?;
        // The wording: the table's head and this row, a table still.
        let delimiter = format!("|{}", "---|".repeat(row.len()));
        return Some(DriverOut {
            min: Some(number.as_str().to_string()),
            wording: Some(text(
                lang,
                format!("{head_line}\n{delimiter}\n{}\n", line.trim()),
            )),
            ..DriverOut::default()
        });
    }
    None
}

/// Whether a driver table's row key (`CUDA 12.x`, `12.6`, `CUDA 12.0 GA`)
/// is the release `cuda` is of.
fn names_cuda(key: &str, cuda: &str) -> bool {
    let Some(release) = key
        .split_whitespace()
        .find(|w| w.starts_with(|c: char| c.is_ascii_digit()))
    else {
        return false;
    };
    match release
        .strip_suffix(".x")
        .or_else(|| release.strip_suffix(".X"))
    {
        Some(series) => cuda.split('.').next() == Some(series),
        None => cuda == release || cuda.starts_with(&format!("{release}.")),
    }
}

/// A driver branch made precise by the release in the parenthesis after it
/// ("535 (>= 535.161.08)"): that release; else the number as it is.
fn refined(number: &str, after: &str) -> String {
    if number.contains('.') {
        return number.to_string();
    }
    let inside = after
        .trim_start()
        .strip_prefix(['(', '（'])
        .and_then(|t| t.split([')', '）']).next());
    inside
        .and_then(|inside| {
            NUMBER.find_iter(inside).find(|m| {
                is_driver_release(m.as_str())
                    && m.as_str()
                        .strip_prefix(number)
                        .is_some_and(|r| r.starts_with('.'))
            })
        })
        .map_or_else(|| number.to_string(), |m| m.as_str().to_string())
}

static NUMBER: std::sync::LazyLock<regex::Regex> =
    std::sync::LazyLock::new(|| regex::Regex::new(r"\d+(?:\.\d+)*").unwrap());

/// Whether `sentence` (lowercased) holds a phrase of the `[driver]`
/// list `of` in any language (`data/words/*.toml`).
fn holds(sentence: &str, of: fn(&'static DriverWords) -> &'static Vec<String>) -> bool {
    phrases(of).any(|p| sentence.contains(p))
}

/// The phrases of the `[driver]` list `of`, every language's in order.
fn phrases(
    of: fn(&'static DriverWords) -> &'static Vec<String>,
) -> impl Iterator<Item = &'static str> {
    words::each()
        .flat_map(move |w| of(&w.driver))
        .map(String::as_str)
}

/// Sentences: split at `。`, `;`, line breaks and a `.` before a space.
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        let next = chars.peek().map(|(_, n)| *n);
        let end = matches!(c, '。' | ';' | '；' | '\n')
            || (c == '.' && next.is_none_or(char::is_whitespace));
        if end {
            out.push(text[start..at + c.len_utf8()].trim());
            start = at + c.len_utf8();
        }
    }
    out.push(text[start..].trim());
    out.retain(|s| !s.is_empty());
    out
}

/// A driver release: three-digit branch, then dotted numbers (`440.33.01`).
fn is_driver_release(v: &str) -> bool {
    let major = v.split('.').next().unwrap_or("");
    major.len() == 3 && major.bytes().all(|b| b.is_ascii_digit())
}

/// The driver a platform's requirements name ("X86 Driver 525(Datacenter),
/// 530+ Quadro/GeForce" in a "Requirements" column): its first release, the
/// minimum, with the text as its wording.
pub(crate) fn required(text: &str, lang: Lang) -> Option<DriverOut> {
    let min = minimum(text)?;
    Some(DriverOut {
        min: Some(min),
        wording: Some(self::text(lang, format!("{text}\n"))),
        ..DriverOut::default()
    })
}

/// "requires NVIDIA Driver release 575 or later", "driver version >= 575",
/// "需要NVIDIA驱动程序版本575或更高版本".
fn minimum(sentence: &str) -> Option<String> {
    let lower = sentence.to_ascii_lowercase();
    let mut found: Option<(usize, String)> = None;
    for marker in phrases(|d| &d.minimum) {
        for (at, _) in lower.match_indices(marker) {
            let rest = lower[at + marker.len()..]
                .trim_start()
                .trim_start_matches([':', '：', '>', '=', '≥', ' ', 'r']);
            let v: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == '.')
                .collect();
            let v = v.trim_end_matches('.').to_string();
            if is_driver_release(&v) && found.as_ref().is_none_or(|(f, _)| at < *f) {
                found = Some((at, v));
            }
        }
    }
    found.map(|(_, v)| v)
}

/// "470.57 (or later R470)", "470.57(或更高版本R470)", "470.57 (R470 or
/// later)", "470.57 (or a later R470 version)", "418.xx", "384.111+", "410":
/// every driver release of the sentence, its branch from the parenthesis
/// after it or else its first number, added to `out` unless its branch is
/// there.
fn datacenter_branches(sentence: &str, out: &mut Vec<BranchOut>) {
    let mut seen: HashSet<String> = out.iter().map(|b| b.branch.clone()).collect();
    let bytes = sentence.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let starts = bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric());
        if !starts {
            i += 1;
            continue;
        }
        let end = sentence[i..]
            .find(|c: char| !(c.is_ascii_digit() || matches!(c, '.' | 'x' | 'X' | '+')))
            .map_or(sentence.len(), |e| i + e);
        let token = &sentence[i..end];
        i = end;
        // `418.xx` is any 418 driver; `384.111+` is 384.111 or later.
        let min = token
            .split(['x', 'X', '+'])
            .next()
            .unwrap_or("")
            .trim_end_matches('.');
        if !is_driver_release(min) {
            continue;
        }
        let after = sentence[end..].trim_start();
        // "(or a later R470 version)": a parenthesis right after it, not
        // the rest of a sentence that never closes one.
        let mut near = after.len().min(80);
        while !after.is_char_boundary(near) {
            near += 1;
        }
        let named = after[..near]
            .strip_prefix(['(', '（'])
            .and_then(|inside| inside.split([')', '）']).next())
            .map(branches)
            .and_then(|b| b.into_iter().next());
        let branch = named.unwrap_or_else(|| format!("R{}", &min[..3]));
        if seen.insert(branch.clone()) {
            out.push(BranchOut {
                branch,
                min: min.to_string(),
            });
        }
    }
}

/// `R470`, `R545 ` … in a text.
fn branches(text: &str) -> Vec<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    for (i, b) in bytes.iter().enumerate() {
        if *b == b'R' && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric()) {
            let digits = bytes[i + 1..]
                .iter()
                .take_while(|c| c.is_ascii_digit())
                .count();
            if digits >= 3 {
                out.push(text[i..i + 1 + digits].to_string());
            }
        }
    }
    out
}

/// Every `CUDA <version>` a text names.
pub fn cuda_mentions(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("CUDA") {
        rest = &rest[i + 4..];
        let trimmed = rest.trim_start_matches(' ');
        let v: String = trimmed
            .chars()
            .take_while(|c| c.is_ascii_digit() || *c == '.')
            .collect();
        let v = v.trim_end_matches('.').to_string();
        if v.contains('.') && v.chars().next().is_some_and(|c| c.is_ascii_digit()) {
            out.push(v);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const NGC_20_02: &str =
        include_str!("../../../tests/fixtures/import/nvidia-pytorch-container-20.02.facts.txt");
    const NGC_20_06: &str =
        include_str!("../../../tests/fixtures/import/nvidia-pytorch-container-20.06.facts.txt");
    const NGC_25_12: &str =
        include_str!("../../../tests/fixtures/import/nvidia-pytorch-container-25.12.facts.txt");
    const PAGE_25_05: &str =
        include_str!("../../../tests/fixtures/import/training-nv-pytorch-25.05.zh.txt");

    /// The paragraph after the line `Driver Requirements`.
    fn driver_paragraphs(page: &str) -> Vec<&str> {
        page.lines()
            .skip_while(|l| l.trim() != "Driver Requirements")
            .skip(1)
            .map(str::trim)
            .take_while(|l| !matches!(*l, "Key Features and Enhancements" | "GPU Requirements"))
            .filter(|l| !l.is_empty())
            .collect()
    }

    #[test]
    fn a_requirements_item_naming_the_driver_states_the_minimum() {
        // DeepStream-Yolo's requirements, one list per release.
        let min = |lines: &[&str]| required_in_list(lines, Lang::EN).and_then(|d| d.min);
        assert_eq!(
            min(&[
                "* [Ubuntu 22.04](https://releases.ubuntu.com/22.04/)",
                "* [NVIDIA Driver 510.47.03](https://www.nvidia.com/Download/index.aspx)"
            ]),
            Some("510.47.03".to_string())
        );
        assert_eq!(
            min(&[
                "- NVIDIA Driver 535.183.06 (Data center / Tesla series) / 560.35.03 (TITAN, GeForce RTX / GTX series)"
            ]),
            Some("535.183.06".to_string())
        );
        assert_eq!(
            min(&[
                "- [NVIDIA Driver 535 (>= 535.161.08)](https://www.nvidia.com/Download/index.aspx)"
            ]),
            Some("535.161.08".to_string())
        );
        // Not an item, or the driver named in a sentence: no requirement.
        assert_eq!(min(&["NVIDIA Driver 510.47.03"]), None);
        assert_eq!(min(&["- Fixed a crash with NVIDIA Driver 510.47.03"]), None);
        assert_eq!(min(&["- NVIDIA Driver installation guide, part 2"]), None);
    }

    #[test]
    fn a_branch_is_made_precise_by_the_floor_after_it() {
        let read = floor_in_prose(&["- NVIDIA Driver 535 (>= 535.161.08)"], Lang::EN);
        assert_eq!(read.and_then(|d| d.min).as_deref(), Some("535.161.08"));
        let read = floor_in_prose(&["Requires NVIDIA driver 535 or later (R535)."], Lang::EN);
        assert_eq!(read.and_then(|d| d.min).as_deref(), Some("535"));
    }

    #[test]
    fn drivers_to_update_to_or_greater() {
        // ACEMD's changelog of 2010.
        let read = floor_in_prose(
            &["- Optimized for cuda3.1 (you need to update drivers to 256.33 or greater)"],
            Lang::EN,
        );
        assert_eq!(read.and_then(|d| d.min).as_deref(), Some("256.33"));
    }

    fn branch_list(d: &DriverOut) -> Vec<String> {
        d.datacenter
            .iter()
            .map(|b| format!("{}>={}", b.branch, b.min))
            .collect()
    }

    #[test]
    fn the_driver_a_platforms_requirements_name() {
        let d = required("X86 Driver 525(Datacenter), 530+ Quadro/GeForce", Lang::EN).unwrap();
        assert_eq!(d.min.as_deref(), Some("525"));
        assert!(required("Jetson Orin JetPack 6.0", Lang::EN).is_none());
    }

    #[test]
    fn the_25_05_page_in_chinese() {
        let d = driver(&driver_paragraphs(PAGE_25_05), Lang::ZH);
        assert_eq!(d.cuda.as_deref(), Some("12.9.0"));
        assert_eq!(d.min.as_deref(), Some("575"));
        assert_eq!(
            branch_list(&d),
            [
                "R470>=470.57",
                "R525>=525.85",
                "R535>=535.86",
                "R545>=545.23"
            ]
        );
        assert_eq!(
            d.upgrade_from,
            [
                "R418", "R440", "R450", "R460", "R510", "R520", "R530", "R545", "R555", "R560"
            ]
        );
        assert_eq!(d.not_forward_compatible_with.as_deref(), Some("12.8"));
    }

    #[test]
    fn english_phrasings_of_another_month() {
        let page = [
            "Release 25.06 is based on CUDA 12.9.1, which requires NVIDIA driver version 575 or later. However, if you are running on a data center GPU (for example, T4 or any other data center GPU), you can use NVIDIA driver release 470.57 (or a later R470 version), 525.85 (R525 or later), 535.86 (or later R535), or 545.23 (or later R545).",
            "The CUDA driver's compatibility package only supports particular drivers. Thus, users should upgrade from all R418, R440, R450, R460, R510, R520, R530, R545, R555 and R560 drivers, which are not forward-compatible with CUDA 12.9.",
        ];
        let d = driver(&page, Lang::EN);
        assert_eq!(d.cuda.as_deref(), Some("12.9.1"));
        assert_eq!(d.min.as_deref(), Some("575"));
        assert_eq!(
            branch_list(&d),
            [
                "R470>=470.57",
                "R525>=525.85",
                "R535>=535.86",
                "R545>=545.23"
            ]
        );
        assert_eq!(d.upgrade_from.len(), 10);
        assert_eq!(d.not_forward_compatible_with.as_deref(), Some("12.9"));
    }

    #[test]
    fn ngc_pages_with_bare_and_wildcard_branches() {
        let d = driver(&driver_paragraphs(NGC_20_02), Lang::EN);
        assert_eq!(d.cuda.as_deref(), Some("10.2.89"));
        assert_eq!(d.min.as_deref(), Some("440.33.01"));
        assert_eq!(
            branch_list(&d),
            [
                "R396>=396",
                "R384>=384.111",
                "R410>=410",
                "R418>=418",
                "R440>=440.30"
            ]
        );
        assert!(d.upgrade_from.is_empty());
        let d = driver(&driver_paragraphs(NGC_20_06), Lang::EN);
        assert_eq!(d.cuda.as_deref(), Some("11.0.167"));
        assert_eq!(d.min.as_deref(), Some("450"));
        assert_eq!(branch_list(&d), ["R418>=418", "R440>=440.30"]);
        // A page that only names the CUDA version.
        let d = driver(&driver_paragraphs(NGC_25_12), Lang::EN);
        assert_eq!(d.cuda.as_deref(), Some("13.1.0"));
        assert_eq!(d.min, None);
        assert!(d.datacenter.is_empty());
    }

    #[test]
    fn chinese_variants() {
        let d = driver(
            &[
                "该镜像基于CUDA 12.8.0,需要NVIDIA驱动版本 >= 570。在数据中心GPU上,也可以使用535.86(R535或更高版本)。",
            ],
            Lang::ZH,
        );
        assert_eq!(d.cuda.as_deref(), Some("12.8.0"));
        assert_eq!(d.min.as_deref(), Some("570"));
        assert_eq!(branch_list(&d), ["R535>=535.86"]);
    }

    #[test]
    fn letters_that_change_length_in_lowercase_do_not_break_positions() {
        // `İ` is longer in lowercase; positions are taken on ASCII case only.
        let d = driver(
            &["İ该release基于CUDA 12.8.0,需要NVIDIA驱动程序版本575或更高版本。"],
            Lang::ZH,
        );
        assert_eq!(d.cuda.as_deref(), Some("12.8.0"));
        assert_eq!(d.min.as_deref(), Some("575"));
    }

    #[test]
    fn branches_in_a_list() {
        assert_eq!(
            branches("R418、R440、R545 、R555和R560"),
            ["R418", "R440", "R545", "R555", "R560"]
        );
    }

    #[test]
    fn cuda_versions_in_prose() {
        assert_eq!(
            cuda_mentions("基于CUDA 12.9.0,…不向前兼容CUDA 12.8。CUDA 应用程序"),
            ["12.9.0", "12.8"]
        );
    }

    #[test]
    fn a_table_of_cuda_releases_and_their_drivers() {
        // HowestAILab's devcontainer README, after NVIDIA's CUDA notes.
        let rows = [
            "| CUDA Toolkit | Linux Driver Version | Windows Driver Version |",
            "| :----------- | :------------------- | :--------------------- |",
            "| CUDA 12.x    | >= 525.60.13         | >= 527.41              |",
            "| CUDA 11.x    | >= 450.80.02         | >= 452.39              |",
        ];
        let min = |cuda| in_table(&rows, cuda, Lang::EN).and_then(|d| d.min);
        assert_eq!(min(Some("12.6")).as_deref(), Some("525.60.13"));
        assert_eq!(min(Some("11.8.0")).as_deref(), Some("450.80.02"));
        // No row of its CUDA, or no CUDA: nothing.
        assert_eq!(min(Some("13.0")), None);
        assert_eq!(min(None), None);
        // A release row, not a series: what starts so.
        let exact = [
            "| CUDA Toolkit | Minimum Required Driver Version |",
            "|---|---|",
            "| CUDA 12.4 Update 1 | >= 550.54.15 |",
        ];
        let d = in_table(&exact, Some("12.4.1"), Lang::EN).unwrap();
        assert_eq!(d.min.as_deref(), Some("550.54.15"));
        // Its wording: the head and the row, a table of one row.
        assert_eq!(
            d.wording.unwrap().get(Lang::EN),
            "| CUDA Toolkit | Minimum Required Driver Version |\n|---|---|\n| CUDA 12.4 Update 1 | >= 550.54.15 |\n"
        );
        assert!(in_table(&exact, Some("12.40"), Lang::EN).is_none());
    }
}
