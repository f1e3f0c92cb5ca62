//! Which releases share a page of the support matrix: those of one year
//! when every release is dated and the years follow the release order,
//! else those of one major version (`25.10` → `25`). A group larger than
//! [`MAX_RELEASES_PER_PAGE`] is cut into parts, counted from its oldest
//! release, so a page keeps its releases as newer ones are added.

use serde::Serialize;
use std::collections::HashSet;
use std::ops::Range;

/// The most releases one page of the support matrix shows: two years of
/// monthly releases.
pub const MAX_RELEASES_PER_PAGE: usize = 24;

/// What the pages are cut by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum Scheme {
    Year,
    Major,
}

/// One page: a run of consecutive releases.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Span {
    /// The page's file name without extension, unique: `2025`, `25`, `2025-2`.
    pub key: String,
    /// The year (`2025`) or major version (`25.x`) its releases share.
    pub group: String,
    /// The part of the group, from its oldest release, when the group
    /// takes several pages.
    pub part: Option<usize>,
    /// Indices of its releases in release order, newest first.
    pub releases: Range<usize>,
}

/// Every page, newest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Paging {
    pub scheme: Scheme,
    pub pages: Vec<Span>,
}

/// The pages of `releases`: `(version, date)` newest first.
pub(crate) fn paginate(releases: &[(&str, Option<&str>)], max_per_page: usize) -> Paging {
    let max_per_page = max_per_page.max(1);
    let years: Vec<Option<u32>> = releases
        .iter()
        .map(|(_, date)| date.and_then(year))
        .collect();
    let by_year =
        years.iter().all(Option::is_some) && years.windows(2).all(|pair| pair[0] >= pair[1]);
    let (scheme, groups): (Scheme, Vec<(String, String)>) = if by_year {
        let groups = years
            .iter()
            .map(|y| {
                let y = y.expect("every release is dated").to_string();
                (y.clone(), y)
            })
            .collect();
        (Scheme::Year, groups)
    } else {
        let groups = releases.iter().map(|(version, _)| major(version)).collect();
        (Scheme::Major, groups)
    };

    let mut pages = Vec::new();
    let mut taken: HashSet<String> = HashSet::new();
    let mut start = 0;
    while start < groups.len() {
        let end = start
            + groups[start..]
                .iter()
                .take_while(|g| **g == groups[start])
                .count();
        let (key, group) = &groups[start];
        let parts = (end - start).div_ceil(max_per_page);
        for part in (1..=parts).rev() {
            let oldest_end = end - (part - 1) * max_per_page;
            let range = oldest_end.saturating_sub(max_per_page).max(start)..oldest_end;
            let wanted = if parts == 1 {
                key.clone()
            } else {
                format!("{key}-{part}")
            };
            pages.push(Span {
                key: unique(wanted, &mut taken),
                group: group.clone(),
                part: (parts > 1).then_some(part),
                releases: range,
            });
        }
        start = end;
    }
    Paging { scheme, pages }
}

/// `key`, or `key-2`, `key-3` … when already taken (a group whose
/// releases are not all consecutive).
fn unique(key: String, taken: &mut HashSet<String>) -> String {
    let mut candidate = key.clone();
    let mut n = 2;
    while taken.contains(&candidate) {
        candidate = format!("{key}-{n}");
        n += 1;
    }
    taken.insert(candidate.clone());
    candidate
}

/// The year of a free-form date: its first run of exactly four digits
/// (`2025-10-30`, `30/10/2025`, `Oct 2025`, `2025年10月`).
pub(crate) fn year(date: &str) -> Option<u32> {
    date.split(|c: char| !c.is_ascii_digit())
        .find(|run| run.len() == 4)
        .and_then(|run| run.parse().ok())
}

/// The page key and label of a version's major version: what comes before
/// the first `.`, `-`, `+` or `_` (`25.10` → `25`, shown `25.x`; `v2.7` →
/// `v2`; `1.0.0-rc1` → `1`); a version with nothing before one is its
/// own group.
fn major(version: &str) -> (String, String) {
    match version.find(['.', '-', '+', '_']) {
        Some(0) | None => (version.to_string(), version.to_string()),
        Some(at) => {
            let head = &version[..at];
            let label = if version[at..].starts_with('.') {
                format!("{head}.x")
            } else {
                head.to_string()
            };
            (head.to_string(), label)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(paging: &Paging) -> Vec<&str> {
        paging.pages.iter().map(|p| p.key.as_str()).collect()
    }

    #[test]
    fn years_of_free_form_dates() {
        assert_eq!(year("2025-10-30"), Some(2025));
        assert_eq!(year("30/10/2025"), Some(2025));
        assert_eq!(year("2025年10月"), Some(2025));
        assert_eq!(year("Oct 2025"), Some(2025));
        assert_eq!(year("25.10"), None);
        assert_eq!(year("20251030"), None);
    }

    #[test]
    fn dated_releases_are_paged_by_year() {
        let releases = [
            ("26.01", Some("2026-01-10")),
            ("25.12", Some("2025-12-10")),
            ("25.06", Some("2025-06-10")),
            ("24.12", Some("2024-12-10")),
        ];
        let paging = paginate(&releases, 24);
        assert_eq!(paging.scheme, Scheme::Year);
        assert_eq!(keys(&paging), ["2026", "2025", "2024"]);
        assert_eq!(paging.pages[1].releases, 1..3);
        assert_eq!(paging.pages[1].group, "2025");
    }

    #[test]
    fn undated_or_unordered_years_fall_back_to_major_versions() {
        // A fix of an old line released after a newer line.
        let releases = [
            ("25.01", Some("2025-01-05")),
            ("24.06.1", Some("2025-02-01")),
            ("24.06", Some("2024-06-05")),
            ("v2.9", None),
        ];
        let paging = paginate(&releases, 24);
        assert_eq!(paging.scheme, Scheme::Major);
        assert_eq!(keys(&paging), ["25", "24", "v2"]);
        assert_eq!(paging.pages[1].group, "24.x");
        let paging = paginate(&[("1.0.0-rc1", None), ("0.9", None), ("2024a", None)], 24);
        assert_eq!(keys(&paging), ["1", "0", "2024a"]);
    }

    #[test]
    fn large_groups_are_cut_from_their_oldest_release() {
        let versions: Vec<String> = (1..=30).rev().map(|n| format!("7.{n}")).collect();
        let releases: Vec<(&str, Option<&str>)> =
            versions.iter().map(|v| (v.as_str(), None)).collect();
        let paging = paginate(&releases, 12);
        assert_eq!(keys(&paging), ["7-3", "7-2", "7-1"]);
        // The oldest part is full; the newest holds what is left.
        assert_eq!(paging.pages[2].releases, 18..30);
        assert_eq!(paging.pages[1].releases, 6..18);
        assert_eq!(paging.pages[0].releases, 0..6);
        assert_eq!(paging.pages[0].part, Some(3));
    }

    #[test]
    fn a_group_that_comes_back_gets_its_own_key() {
        let releases = [("2.1", None), ("10.1", None), ("2.0", None)];
        let paging = paginate(&releases, 24);
        assert_eq!(keys(&paging), ["2", "10", "2-2"]);
    }
}
