//! Dates as pages write them: ISO, with month names, with date marks
//! ("2021年5月12日"), with ordinal days ("Jun 16th 2021").

use crate::words;
use regex::Regex;
use std::sync::LazyLock;

/// `YYYY-MM-DD`, `YYYY/MM/DD`, "December 18, 2024", "18 Dec 2024",
/// "2021年5月12日" (the month names and date marks of `[version]` in
/// `data/words/*.toml`).
static DATES: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    let months: Vec<String> = words::each()
        .flat_map(|w| &w.version.months)
        .map(|m| regex::escape(m))
        .collect();
    let month = format!(r"(?i:({})[a-z]*\.?)", months.join("|"));
    let ordinals: Vec<String> = words::each()
        .flat_map(|w| &w.version.day_ordinals)
        .map(|o| regex::escape(o))
        .collect();
    let joints: Vec<String> = words::each()
        .flat_map(|w| &w.version.day_joints)
        .map(|j| regex::escape(j))
        .collect();
    let joint = if joints.is_empty() {
        String::new()
    } else {
        format!(r"(?i:\s+(?:{}))?", joints.join("|"))
    };
    let ordinal = if ordinals.is_empty() {
        String::new()
    } else {
        format!("(?i:{})?", ordinals.join("|"))
    };
    // With dots, a date writes two-digit months and days (`2025.03.11`):
    // `2023.03.1` is a version (Posit Workbench's), and so is one after a
    // `v` (`v2024.04.01`, GEOS's software stacks; `v2026-06-30` is a day).
    let mut res = vec![
        Regex::new(r"(?:^|[^0-9.])(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:$|[^0-9])").unwrap(),
        Regex::new(r"(?:^|[^0-9.vV])(\d{4})\.(\d{2})\.(\d{2})(?:$|[^0-9])").unwrap(),
    ];
    if !months.is_empty() {
        res.push(Regex::new(&format!(r"{month}\s+(\d{{1,2}}){ordinal},?\s+(\d{{4}})")).unwrap());
        // ("03-DEC-2024", draw.io's ChangeLog: dashes for spaces.)
        res.push(
            Regex::new(&format!(
                r"(\d{{1,2}}){ordinal}{joint}(?:\s+|-){month},?(?:\s+|-)(\d{{4}})"
            ))
            .unwrap(),
        );
    }
    // "2026. 03. 17." (Korean pages): dots each followed by a space, which
    // no version writes.
    res.push(
        Regex::new(r"(?:^|[^0-9.])(\d{4})\.\s+(\d{1,2})\.\s+(\d{1,2})\.?(?:$|[^0-9])").unwrap(),
    );
    for w in words::each() {
        if let [y, m, d] = w.version.date_marks.as_slice() {
            let (y, m, d) = (regex::escape(y), regex::escape(m), regex::escape(d));
            res.push(
                Regex::new(&format!(
                    r"(\d{{4}})\s*{y}\s*(\d{{1,2}})\s*{m}\s*(\d{{1,2}})\s*{d}"
                ))
                .unwrap(),
            );
        }
    }
    res
});

/// The month a name of `[version] months` names, 1–12.
fn month_number(name: &str) -> Option<u32> {
    let name = name.to_lowercase();
    words::each().find_map(|w| {
        w.version
            .months
            .iter()
            .position(|m| name.starts_with(m.as_str()))
            .map(|i| i as u32 + 1)
    })
}

/// A date of numbers, the year last (`9-17-2023`, `17/09/2023`).
static YEAR_LAST: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:^|[^0-9./-])(\d{1,2})([-/])(\d{1,2})([-/])(\d{4})(?:$|[^0-9./-]|\.(?:$|\s))")
        .unwrap()
});

/// "Update 9-17-2023" (Q-engineering's image READMEs): a date of numbers,
/// the year last, read only where its order shows: a first number past 12
/// is the day, a second past 12 the day. ("7-6-2023" could be either.)
fn year_last(text: &str) -> Option<String> {
    let c = YEAR_LAST.captures(text)?;
    if c[2] != c[4] {
        return None;
    }
    let (a, b): (u32, u32) = (c[1].parse().ok()?, c[3].parse().ok()?);
    let (m, d) = match (a > 12, b > 12) {
        (false, true) => (a, b),
        (true, false) => (b, a),
        _ => return None,
    };
    ((1..=12).contains(&m) && (1..=31).contains(&d)).then(|| format!("{}-{m:02}-{d:02}", &c[5]))
}

/// Whether a page's dates of numbers with the year last put the day first
/// (`25/02/2026` beside `01/06/2025`): `Some(true)` where one of them has a
/// first number past 12 and none a second, `Some(false)` the other way
/// round, `None` where none shows its order or they disagree.
pub(crate) fn day_first<'a>(texts: impl IntoIterator<Item = &'a str>) -> Option<bool> {
    let (mut day_first, mut month_first) = (false, false);
    for text in texts {
        for c in YEAR_LAST.captures_iter(text) {
            let (a, b): (u32, u32) = match (c[1].parse(), c[3].parse()) {
                (Ok(a), Ok(b)) => (a, b),
                _ => continue,
            };
            day_first |= a > 12 && b <= 12;
            month_first |= b > 12 && a <= 12;
        }
    }
    match (day_first, month_first) {
        (true, false) => Some(true),
        (false, true) => Some(false),
        _ => None,
    }
}

/// A heading that is a date of numbers alone, the year last, in the order
/// the page's other dates show (`01/06/2025` on a page that also heads
/// `25/02/2026`: 1 June), as `YYYY-MM-DD`.
pub(crate) fn year_last_alone(text: &str, day_first: bool) -> Option<String> {
    let c = YEAR_LAST.captures(text.trim())?;
    if c.get(0)?.as_str().trim() != text.trim() || c[2] != c[4] {
        return None;
    }
    let (a, b): (u32, u32) = (c[1].parse().ok()?, c[3].parse().ok()?);
    let (m, d) = if day_first { (b, a) } else { (a, b) };
    ((1..=12).contains(&m) && (1..=31).contains(&d)).then(|| format!("{}-{m:02}-{d:02}", &c[5]))
}

/// The first date `text` holds, as `YYYY-MM-DD`.
pub(crate) fn date(text: &str) -> Option<String> {
    date_of_patterns(text).or_else(|| year_last(text))
}

fn date_of_patterns(text: &str) -> Option<String> {
    DATES.iter().enumerate().find_map(|(i, re)| {
        let c = re.captures(text)?;
        let (y, m, d): (String, u32, u32) = match i {
            2 => (c[3].to_string(), month_number(&c[1])?, c[2].parse().ok()?),
            3 => (c[3].to_string(), month_number(&c[2])?, c[1].parse().ok()?),
            _ => (c[1].to_string(), c[2].parse().ok()?, c[3].parse().ok()?),
        };
        ((1..=12).contains(&m) && (1..=31).contains(&d)).then(|| format!("{y}-{m:02}-{d:02}"))
    })
}

/// A month and its year alone ("April 2025", "Dec 2024"), as `YYYY-MM`:
/// a release made monthly and named so.
pub(crate) fn month_alone(text: &str) -> Option<String> {
    let t = text.trim().trim_end_matches([':', '：']);
    let [month, year] = t.split_whitespace().collect::<Vec<_>>()[..] else {
        return None;
    };
    let m = month_word(month.trim_end_matches([',', '.']))?;
    let y: u32 = year.parse().ok().filter(|_| year.len() == 4)?;
    (1990..2100).contains(&y).then(|| format!("{y}-{m:02}"))
}

/// A year and a month written with a slash ("2021/03", a date a check
/// was made on), as `YYYY-MM`: a record's name holds no `/`.
pub(crate) fn year_month(text: &str) -> Option<String> {
    let (year, month) = text.trim().split_once('/')?;
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if year.len() != 4 || month.len() > 2 || !all_digits(year) || !all_digits(month) {
        return None;
    }
    let y: u32 = year.parse().ok()?;
    let m: u32 = month.parse().ok()?;
    ((1990..2100).contains(&y) && (1..=12).contains(&m)).then(|| format!("{y}-{m:02}"))
}

/// A date that is all of `text` ("October 2024", "July 2, 2025",
/// "2021/03") as a record names its release: `2024-10`, `2025-07-02`.
pub(crate) fn as_release_name(text: &str) -> Option<String> {
    month_alone(text).or_else(|| year_month(text)).or_else(|| {
        let date = date(text)?;
        // The whole text is the date: no word but the month's, no number
        // but the date's.
        let numbers = text
            .split(|c: char| !c.is_ascii_digit())
            .filter(|n| !n.is_empty())
            .count();
        let words = text
            .split_whitespace()
            .filter(|w| w.chars().any(|c| c.is_alphabetic()))
            .count();
        (numbers <= 3 && words <= 1).then_some(date)
    })
}

/// The month a word names, 1–12: "Apr", "Sept", "April", a month's whole
/// name or its short one (not "Maybe").
fn month_word(word: &str) -> Option<u32> {
    let word = word.to_lowercase();
    let m = month_number(&word)?;
    (word.chars().count() <= 4 || words::each().any(|w| w.version.month_names.contains(&word)))
        .then_some(m)
}

/// A month and a day alone, no year ("Nov 15:", "July 13"), as the
/// month's and the day's numbers: a day's entry under a heading that
/// names its year.
pub(crate) fn month_day(text: &str) -> Option<(u32, u32)> {
    let t = text.trim().trim_end_matches([':', '：']);
    let [month, day] = t.split_whitespace().collect::<Vec<_>>()[..] else {
        return None;
    };
    let m = month_word(month.trim_end_matches('.'))?;
    let d: u32 = day.parse().ok().filter(|_| day.len() <= 2)?;
    (1..=31).contains(&d).then_some((m, d))
}

/// Whether a line is a date and nothing else (a weekday, brackets and
/// punctuation around it aside).
pub(crate) fn is_date_alone(line: &str) -> bool {
    let t = line.trim();
    t.chars().count() <= 40
        && DATES.iter().any(|re| {
            re.find(t).is_some_and(|m| {
                let rest = format!("{}{}", &t[..m.start()], &t[m.end()..]);
                rest.chars()
                    .all(|c| !c.is_alphanumeric() || c.is_whitespace())
            })
        })
}

/// A version that is a date's digits (`20230519`, `202009`), a build
/// after it or not (`20220304-r7871`): projects that number their
/// releases by day or month.
pub(crate) fn is_date_number(version: &str) -> bool {
    let digits = version.split(['-', '_']).next().unwrap_or(version);
    if !digits.bytes().all(|b| b.is_ascii_digit()) || !matches!(digits.len(), 6 | 8) {
        return false;
    }
    let number = |range: std::ops::Range<usize>| digits[range].parse::<u32>().unwrap_or(0);
    let year_ok = (1990..2100).contains(&number(0..4));
    let month_ok = (1..=12).contains(&number(4..6));
    let day_ok = digits.len() == 6 || (1..=31).contains(&number(6..8));
    year_ok && month_ok && day_ok
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_date_given_as_a_release_is_named_as_a_record_names_it() {
        for (given, name) in [
            ("October 2024", "2024-10"),
            ("2021/03", "2021-03"),
            ("July 2, 2025", "2025-07-02"),
            ("2 July 2025", "2025-07-02"),
        ] {
            assert_eq!(as_release_name(given).as_deref(), Some(name), "{given}");
        }
        for not_date in ["Release 2024", "July 2, 2025 hotfix 3", "gpu"] {
            assert_eq!(as_release_name(not_date), None, "{not_date}");
        }
    }

    #[test]
    fn a_month_and_its_year_alone() {
        assert_eq!(month_alone("April 2025").as_deref(), Some("2025-04"));
        assert_eq!(month_alone("Dec 2024").as_deref(), Some("2024-12"));
        assert_eq!(month_alone("April 9, 2025"), None);
        assert_eq!(month_alone("Maybe 2025"), None);
        assert_eq!(month_alone("Python 2025"), None);
        assert_eq!(year_month("2021/03").as_deref(), Some("2021-03"));
        assert_eq!(year_month("2023/6").as_deref(), Some("2023-06"));
        for not_month in ["2021/13", "21/03", "2021/03/01", "2021-03", "x/03"] {
            assert_eq!(year_month(not_month), None, "{not_month}");
        }
        assert_eq!(month_day("Nov 15:"), Some((11, 15)));
        assert_eq!(month_day("July 13"), Some((7, 13)));
        assert_eq!(month_day("Python 3"), None);
        assert_eq!(month_day("Nov 2024"), None);
    }

    #[test]
    fn a_pages_dates_show_the_order_of_its_ambiguous_ones() {
        let titles = ["25/02/2026", "01/06/2025", "28/05/2025"];
        assert_eq!(day_first(titles), Some(true));
        assert_eq!(
            year_last_alone("01/06/2025", true).as_deref(),
            Some("2025-06-01")
        );
        assert_eq!(day_first(["06/28/2025", "01/06/2025"]), Some(false));
        assert_eq!(
            year_last_alone("01/06/2025", false).as_deref(),
            Some("2025-01-06")
        );
        // Orders that disagree, or none shown: no order.
        assert_eq!(day_first(["25/02/2026", "06/28/2025"]), None);
        assert_eq!(day_first(["01/06/2025"]), None);
        // Only a heading that is the date alone.
        assert_eq!(year_last_alone("Released 01/06/2025", true), None);
    }

    #[test]
    fn dates_of_numbers_with_the_year_last_where_their_order_shows() {
        // Q-engineering's Jetson image README.
        assert_eq!(date("Update 9-17-2023.").as_deref(), Some("2023-09-17"));
        assert_eq!(date("17/09/2023").as_deref(), Some("2023-09-17"));
        // After a `v`, a version made of a year and numbers.
        assert_eq!(date("2024.04.01").as_deref(), Some("2024-04-01"));
        assert_eq!(date("v2024.04.01"), None);
        assert!(!is_date_alone("v2024.04.00"));
        assert!(is_date_alone("v2026-06-30"));
        assert_eq!(date("Update 9-6-2023."), None);
        assert_eq!(date("1.2-17-2023"), None);
        assert_eq!(date("9-17/2023"), None);
    }

    #[test]
    fn dates_with_dashes_for_spaces() {
        // draw.io's ChangeLog.
        assert_eq!(date("03-DEC-2024: 25.0.2").as_deref(), Some("2024-12-03"));
        assert_eq!(date("08-Nov-2023").as_deref(), Some("2023-11-08"));
        assert_eq!(date("25.0.2"), None);
        // Subtitle Edit's changelog.
        assert_eq!(date("29th of July 2026").as_deref(), Some("2026-07-29"));
    }

    #[test]
    fn dates_as_korean_pages_write_them() {
        assert_eq!(date("### 2026. 03. 17.").as_deref(), Some("2026-03-17"));
        assert!(is_date_alone("2025. 12. 23."));
        // Versions write no space after their dots.
        assert_eq!(date("1.2026.03.1"), None);
    }

    #[test]
    fn dates_with_their_days_ordinal() {
        assert_eq!(date("Jun 16th 2021").as_deref(), Some("2021-06-16"));
        assert!(is_date_alone("Sep 22nd 2021"));
        assert_eq!(date("1st March, 2024").as_deref(), Some("2024-03-01"));
        // A number run into other letters is none.
        assert_eq!(date("Jun 16x 2021"), None);
    }

    #[test]
    fn versions_numbered_by_day_or_month() {
        for dated in ["20230519", "202009", "20220304-r7871"] {
            assert!(is_date_number(dated), "{dated}");
        }
        for other in ["2023", "12345678", "20231301", "1.2.3", "20230532"] {
            assert!(!is_date_number(other), "{other}");
        }
    }
}
