//! What a page says about itself: the release version it describes and its
//! language.

use crate::words::{self, VersionWords, read_alike};
use model::Lang;
use regex::Regex;
use serde::Deserialize;
use std::collections::HashSet;
use std::sync::LazyLock;

/// A version number: `25.10`, `2.6.0`, `v1.0`.
// A pre-release word in capitals is one too (`3.01-RC12`, `3.0RC2`, as
// RepRapFirmware names its releases).
// A milestone joined by a dash (`0.2.0-m12`, `2.0.0-M1`) is a pre-release
// too; a long-term release joined by one (`24.03-LTS`, `24.03-LTS-SP1`, as
// openEuler names its releases) is that release.
// `14.1-RELEASE`, `15-STABLE`: FreeBSD's branch words are part of its
// releases' names.
/// A version's numbers and what may follow them: a pre-release, a build.
macro_rules! number_tail {
    () => {
        r"\d+(?:\.\d+)+(?:[-.]?(?:a|b|(?i:rc|alpha|beta|dev|post|pre|nightly))(?:\.?\d+)?|-[mM]\d+|-LTS(?:-SP\d+)?|-(?:RELEASE|STABLE|CURRENT))?(?:-\d+(?:\.\d+)?)?(?:\+[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*)?"
    };
}
const NUMBER: &str = concat!(r"v?", number_tail!());
/// What may follow a version: not more of a name, but a sentence's end.
const END: &str = r"(?:$|[^A-Za-z0-9._]|\.(?:$|\s))";

/// `v1.0` standing alone (`v1.36.1+rke2r1` with its build, `v0.34.0-20250930`
/// with its date, as DaoCloud's DCE names its releases).
static V_PREFIXED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"(?:^|[^A-Za-z0-9._-])(v{}){END}", number_tail!())).unwrap()
});
/// "Release 25.10", "release notes 20.06", `version: "2.10"`, "版本 25.10":
/// a word of `before_number` (`[version]` of `data/words/*.toml`).
static AFTER_WORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r#"(?i)(?:^|[^A-Za-z0-9_])(?:{})[\s:：="'`（(]*({NUMBER}){END}"#,
        alternatives(|v| &v.before_number)
    ))
    .unwrap()
});
/// "25.10版本", "25.10 release": a word of `after_number`.
static BEFORE_WORD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)(?:^|[^A-Za-z0-9._])({NUMBER})\s*(?:{})",
        alternatives(|v| &v.after_number)
    ))
    .unwrap()
});

/// The words of a `[version]` list, every language's in order, as a
/// regex's alternatives (the first that matches at a place wins).
fn alternatives(of: fn(&'static VersionWords) -> &'static Vec<String>) -> String {
    let words: Vec<String> = words::each()
        .flat_map(|w| of(&w.version))
        .map(|w| regex::escape(w))
        .collect();
    words.join("|")
}

/// Any version number standing alone.
static BARE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!(r"(?:^|[^A-Za-z0-9._-])({NUMBER}){END}")).unwrap());

/// The first match of `re` in `text` that is no model's version:
/// "ResNet50 v1.5", a name of letters and digits before it, names a
/// model's version.
fn first_not_of_model(re: &Regex, text: &str) -> Option<String> {
    let of_model = |c: &regex::Captures| {
        let start = c.get(1).map_or(0, |m| m.start());
        let word = text[..start].split_whitespace().next_back().unwrap_or("");
        let word = word.trim_start_matches(|ch: char| !ch.is_ascii_alphanumeric());
        // ("cvc5 1.3.4", cvc5's NEWS: a version of three numbers is a
        // release, whatever name stands before it.)
        word.ends_with(|ch: char| ch.is_ascii_digit())
            && word.chars().any(|ch| ch.is_ascii_alphabetic())
            && c[1].matches('.').count() < 2
    };
    // "vLLM for Tesla V100 (SM 7.0)": a number right after a `not_after`
    // word is another thing's, no release.
    let of_other = |c: &regex::Captures| {
        let start = c.get(1).map_or(0, |m| m.start());
        let before = text[..start].trim_end().to_lowercase();
        crate::words::each()
            .flat_map(|w| &w.version.not_after)
            .any(|w| crate::words::ends_with_word(&before, w))
    };
    // "Embedded Systems Docker Image (Ubuntu 24.04 Base)": a known
    // component's version in a note in parentheses saying it is the base
    // (`[statements] base_images`) is what the release is built on. ("…
    // Containers (CUDA 12.9)" names a release by it.)
    let of_base = |c: &regex::Captures| {
        let (start, end) = c.get(1).map_or((0, 0), |m| (m.start(), m.end()));
        let before = &text[..start];
        let open = before
            .rfind('(')
            .is_some_and(|at| !before[at..].contains(')'));
        let note = text[end..]
            .split(')')
            .next()
            .unwrap_or("")
            .trim()
            .to_lowercase();
        let says_base = crate::words::each()
            .flat_map(|w| &w.statements.base_images)
            .any(|b| note == *b);
        open && says_base
            && before
                .split_whitespace()
                .next_back()
                .map(|w| w.trim_start_matches('('))
                .is_some_and(crate::names::is_alias)
    };
    re.captures_iter(text)
        .find(|c| !of_model(c) && !of_other(c) && !of_base(c))
        .map(|c| c[1].to_string())
}

/// The version a title states: `v1.0`, else a number after or before
/// "release"/"version"/"版本" (`[version]` words), else the first number.
pub(crate) fn in_title(title: &str) -> Option<String> {
    if let Some(release) = forked_release(title) {
        return Some(release);
    }
    // "foss 2023a" (an HPC centre's page of a toolchain module): a name,
    // then a software set named by its year and half.
    if let [name, set] = title.split_whitespace().collect::<Vec<_>>().as_slice()
        && name.chars().all(char::is_alphabetic)
        && crate::tables::is_half_year(set)
    {
        return Some(set.to_string());
    }
    // "Upgrade iRedMail from 1.6.8 to 1.7.0": the release it goes to.
    if let Some(to) = FROM_TO.captures(title) {
        return Some(to[1].to_string());
    }
    // "NuttX-12.4.0" (NuttX's release notes): a title of one word, the
    // product and its release joined by a dash.
    // "RubyInstaller-3.3.0-1 - 2023-12-26": and its date after it.
    let (word, rest) = title.trim().split_once(' ').unwrap_or((title.trim(), ""));
    let rest = rest.trim_matches(|c: char| matches!(c, '-' | '–' | '(' | ')' | '[' | ']' | ' '));
    if (rest.is_empty() || crate::dates::is_date_alone(rest))
        && let Some((_, version)) = crate::tags::dashed(word)
        && first_not_of_model(&BARE, version).as_deref() == Some(version)
    {
        return Some(version.to_string());
    }
    [
        &*V_PREFIXED,
        &*AFTER_WORD,
        &*BEFORE_WORD,
        &*BARE,
        &*EDITION,
        &*DATED,
        &*JAVA_UPDATE,
    ]
    .iter()
    .find_map(|re| first_not_of_model(re, title))
    .map(|v| with_word_suffix(title, v))
    .or_else(|| {
        // "V4.12.3", "V4.14.5(包含升级脚本)", "控制器V1.6.4" (a docs page's
        // title, a controller's releases): a release written with a
        // capital V, `v4.12.3`, opening the title or glued to a word of
        // another script. (After a name and a space it is none: Bianbu's
        // "V1.0 停服公告" ends a release its own heading states.)
        let lower = CAPITAL_V.replace_all(title, "${1}v${2}");
        first_not_of_model(&V_PREFIXED, &lower)
    })
}

/// A capital V opening a version: first, or after a character of another
/// script than Latin.
static CAPITAL_V: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(^|[^\x00-\x7F])V(\d)").unwrap());

/// "v0.28.0 gfx906.1" (a fork's release notes, its image tagged
/// `v0.28.0-gfx906.1`): a title of the upstream release and the fork's
/// own, a word and its numbers, one release of the two joined. (A
/// component's, "2.4.0 cuda12.1", is what it was built with.)
pub(crate) fn forked_release(title: &str) -> Option<String> {
    let (upstream, own) = title.trim().split_once(' ')?;
    let numbers = upstream.trim_start_matches(['v', 'V']);
    let word = own.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    let release = format!("{upstream}-{own}");
    (numbers.contains('.')
        && numbers
            .split('.')
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        && own.starts_with(|c: char| c.is_ascii_alphabetic())
        && own.contains('.')
        && own.contains(|c: char| c.is_ascii_digit())
        && own.chars().all(|c| c.is_ascii_alphanumeric() || c == '.')
        && !crate::names::is_alias(word)
        && model::is_release_version(&release))
    .then_some(release)
}

/// "MODX Revolution 3.0.0-pl (March 30, 2022)": a word of two lowercase
/// letters joined to the version by a dash (a patch level, `-pl`; `-ga`),
/// and nothing after it but a space or the title's end, is part of the
/// release's name (`3.0.0-pl`). A longer word names a variant ("CUDA
/// 12.1-base image").
fn with_word_suffix(title: &str, version: String) -> String {
    let Some(at) = title.find(&version) else {
        return version;
    };
    let after = &title[at + version.len()..];
    // "Linux Kamarada libera versão candidata (15.2 RC)", "Release 1.0 beta
    // 2": a pre-release word after the version names the pre-release, no
    // release of its numbers.
    if let Some(c) = PRE_RELEASE_AFTER.captures(after) {
        let words: Vec<&str> = c[1].split_whitespace().collect();
        return format!("{version}-{}", words.join("-"));
    }
    let Some(rest) = after.strip_prefix('-') else {
        return version;
    };
    let word: String = rest.chars().take_while(char::is_ascii_lowercase).collect();
    let ends = rest[word.len()..]
        .chars()
        .next()
        .is_none_or(|c| c.is_whitespace() || matches!(c, ')' | ']' | ','));
    if word.len() == 2 && ends {
        return format!("{version}-{word}");
    }
    // "Python 3.6.7-foss-2018b" (an EasyBuild module): a toolchain and its
    // generation, a year and a letter, end the module's version.
    let generation = rest[word.len()..]
        .strip_prefix('-')
        .and_then(|g| g.split_whitespace().next())
        .unwrap_or("");
    let (year, letter) = generation.split_at(generation.len().min(4));
    if !word.is_empty()
        && year.len() == 4
        && year.bytes().all(|b| b.is_ascii_digit())
        && letter.len() == 1
        && letter.bytes().all(|b| b.is_ascii_lowercase())
        && rest[word.len() + 1 + generation.len()..]
            .chars()
            .next()
            .is_none_or(char::is_whitespace)
    {
        return format!("{version}-{word}-{generation}");
    }
    version
}

/// "HandBrake 0.9.3 Snapshot 5" with `version` 0.9.3: the pre-release it
/// names, `0.9.3-Snapshot-5`, where a page heads 0.9.3 itself too.
pub(crate) fn pre_release(title: &str, version: &str) -> Option<String> {
    PRE_RELEASE
        .captures_iter(title)
        .find(|c| &c[1] == version)
        .map(|c| {
            // ("Release Candidate 9": a record's name has no space.)
            let words: Vec<&str> = c[2].split_whitespace().collect();
            format!("{version}-{}-{}", words.join("-"), &c[3])
        })
}

/// A title that is a release and a pre-release or later release word of it,
/// maybe numbered ("6.0.0 RC1", "Version 2.3 Hotfix 2", "1.10 HF3", "3.1
/// NIGHTLY"): its words joined with `-` (`6.0.0-RC1`), a name a record can
/// have.
pub(crate) fn suffixed_release(title: &str) -> Option<String> {
    static SUFFIXED: LazyLock<Regex> = LazyLock::new(|| {
        let words = format!(
            "{}|{}",
            alternatives(|v| &v.pre_releases),
            alternatives(|v| &v.post_releases)
        );
        Regex::new(&format!(
            r"(?i)^\s*(?:\S+\s+)?(v?\d+(?:\.\d+)*)\s+((?:{words})\s*\d*)\s*$"
        ))
        .unwrap()
    });
    // "Version 2 Build 605 (15 October 2017)" (Notepad3's changes): a date
    // after it is none of its words.
    let title = match title
        .trim_end()
        .strip_suffix(')')
        .and_then(|h| h.rsplit_once(" ("))
    {
        Some((head, date)) if crate::dates::is_date_alone(date) => head,
        // "8.4.0 alpha2 - 2024-07-23" (a change log's heading): nor one
        // after a dash.
        _ => match title
            .rsplit_once(" - ")
            .or_else(|| title.rsplit_once(" – "))
        {
            Some((head, date)) if crate::dates::is_date_alone(date.trim()) => head,
            _ => title,
        },
    };
    let captures = SUFFIXED.captures(title)?;
    // ("Version 2.3 Hotfix 2": a word before it says it is a version; one
    // number alone is a release only after it.)
    let before = title.split_whitespace().next().filter(|w| {
        !w.trim_start_matches(['v', 'V'])
            .starts_with(|c: char| c.is_ascii_digit())
    });
    if before.is_some_and(|w| !crate::words::is_version_label(w))
        || (before.is_none() && !captures[1].contains('.'))
    {
        return None;
    }
    let suffix: Vec<&str> = captures[2].split_whitespace().collect();
    Some(format!("{}-{}", &captures[1], suffix.join("-")))
}

/// Right after a version: a space, a `[version] pre_releases` word and
/// maybe its number, then the title's end or a closing bracket (a word or
/// a date after it, "10.0 Beta Testers", "2025.1.0 Beta1 (2025-02-24)",
/// leaves the heading's release as it was).
static PRE_RELEASE_AFTER: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)^\s+((?:{})(?:\s*\d+)?)\s*(?:$|[)\]])",
        alternatives(|v| &v.pre_releases)
    ))
    .unwrap()
});

/// A version, then a `[version] pre_releases` word and a number.
static PRE_RELEASE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)({NUMBER})\s+({})\s*(\d+)(?:$|[^A-Za-z0-9._])",
        alternatives(|v| &v.pre_releases)
    ))
    .unwrap()
});

/// A title naming a product, then its release by one number ("deepin 23
/// 软件包选型", "Fedora 40 Release Notes", "scalingo-26 Stack"): the number,
/// of two digits or more (a single digit after a name is a part's or a
/// step's).
pub(crate) fn whole_after_name(title: &str) -> Option<String> {
    static WHOLE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"^\s*[A-Za-z][A-Za-z0-9+_]*(?:-[A-Za-z][A-Za-z0-9+_]*)*(?:\s+v?|-)(\d{2,4})(?:\s|$)",
        )
        .unwrap()
    });
    first(&WHOLE, title)
}

/// A title naming its release by a lowercase letter (not `v`) and a build
/// number of four digits or more ("Release Notes for OmniOSce v11
/// r151054"): that tag, whatever version words stand beside it.
pub(crate) fn lettered_build(title: &str) -> Option<String> {
    title
        .split_whitespace()
        .map(|w| w.trim_matches(['`', '*', ':', ',', '(', ')']))
        .find(|w| {
            let mut chars = w.chars();
            chars
                .next()
                .is_some_and(|c| c.is_ascii_lowercase() && c != 'v')
                && w.len() >= 5
                && chars.all(|c| c.is_ascii_digit())
        })
        .map(str::to_string)
}

/// A title naming a series of releases and nothing more precise ("2.24.x
/// Release Series", Pants' release notes): the series, `2.24.x`.
pub(crate) fn series_in_title(title: &str) -> Option<String> {
    static SERIES: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(?:^|\s)v?(\d+(?:\.\d+)*\.x)(?:\s|$)").unwrap());
    first(&SERIES, title)
}

/// A title naming a product, then its release by one number a `v`
/// marks ("LmP V92 Release Notes"): `v92`.
pub(crate) fn v_whole_after_name(title: &str) -> Option<String> {
    static V_WHOLE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^\s*[A-Za-z][A-Za-z0-9+_-]*\s+[vV](\d{2,4})(?:\s|$)").unwrap()
    });
    first(&V_WHOLE, title).map(|n| format!("v{n}"))
}

/// A version of three numbers or more with its edition's word run into it
/// ("WinPython 3.14.7.0slim", "3.14.0.0free"): the version.
static EDITION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:^|[^A-Za-z0-9._-])(v?\d+(?:\.\d+){2,})[a-z]{3,}(?:$|[^A-Za-z0-9._])").unwrap()
});

/// A Java release named by its feature release and update ("New in
/// release OpenJDK 8u332", "Java SE 7u80", "8u292-b10"), the way every
/// JDK build names them.
static JAVA_UPDATE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:^|[^A-Za-z0-9._-])(\d{1,2}u\d{1,4}(?:-b\d{1,3})?)(?:$|[^A-Za-z0-9._])").unwrap()
});

/// A release named by its date's digits at a title's end ("Domino
/// Analytics Distribution 20210503").
static DATED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?:^|\s)((?:19|20)\d{6})\s*$").unwrap());

/// The version a page's first lines state: as a title does when the line is
/// short (a title line: "training-nv-pytorch 25.10版本发布记录") or speaks
/// of a release ("This document describes the release notes of … 25.08."),
/// else only a `v1.0`: a number in other sentences ("… Llama 3.1 …") is
/// no release's.
pub(crate) fn in_first_line(line: &str) -> Option<String> {
    let title_like =
        line.chars().count() <= 80 && !line.trim_end().ends_with(['.', '。', ':', '：']);
    let lower = line.to_lowercase();
    let speaks_of_release = words::each().any(|w| {
        w.version
            .before_number
            .iter()
            .chain(&w.version.after_number)
            .chain(&w.page.title_holds)
            .any(|word| holds_word(&lower, word))
    });
    let found = if title_like || speaks_of_release {
        in_title(line)
    } else {
        first_not_of_model(&V_PREFIXED, line)
    };
    // "SDK版本为 >= 0.7.4" (SwanLab's deployment page): a floor is no
    // release's.
    found.filter(|v| !floor_at(line, v))
}

/// Whether `version` stands in `line` after a comparison (`>= 0.7.4`,
/// `≥2.1`, `~=1.4`): a bound of versions, none of them.
fn floor_at(line: &str, version: &str) -> bool {
    line.match_indices(version).any(|(at, _)| {
        let before = line[..at].trim_end();
        let before = before.strip_suffix(['v', 'V']).unwrap_or(before).trim_end();
        before.ends_with(['>', '<', '≥', '≤', '~', '^'])
            || [">=", "<=", "~="].iter().any(|op| before.ends_with(op))
    })
}

/// Whether `text` holds `word` (or its plural), a word of its own where
/// words are spaced ("ver" is not in "server").
fn holds_word(text: &str, word: &str) -> bool {
    if !word.is_ascii() {
        return text.contains(word);
    }
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let rest = &text[at + word.len()..];
        // ("releases" holds "release".)
        let after = rest.strip_prefix('s').unwrap_or(rest).chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// "本次发布软件版本为 [AI3.0_SP9_0811](…)": a `release_is` phrase
/// (`[version]` of `data/words/*.toml`), then the release's name: a word
/// of letters, digits and `. _ -` holding a digit.
static RELEASE_IS: LazyLock<Option<Regex>> = LazyLock::new(|| {
    let phrases = alternatives(|v| &v.release_is);
    (!phrases.is_empty()).then(|| {
        Regex::new(&format!(
            r#"(?i)(?:{phrases})[\s:：="'`\[（(]*([A-Za-z0-9][A-Za-z0-9._-]*[0-9][A-Za-z0-9._-]*)"#
        ))
        .unwrap()
    })
});

/// The name a sentence gives the page's own release (see [`RELEASE_IS`]).
pub(crate) fn release_named(line: &str) -> Option<String> {
    let re = RELEASE_IS.as_ref()?;
    first(re, line).map(|v| v.trim_end_matches(['.', '-', '_']).to_string())
}

/// "mlc-scripts 1.0.0 was released on February 10, 2025": the version a
/// name stands with before a `[version] released` phrase.
pub(crate) fn release_announced(line: &str) -> Option<String> {
    static RELEASED: LazyLock<Option<Regex>> = LazyLock::new(|| {
        let phrases: Vec<String> = words::each()
            .flat_map(|w| &w.version.released)
            .map(|p| regex::escape(p))
            .collect();
        (!phrases.is_empty()).then(|| {
            Regex::new(&format!(
                r"(?i)[A-Za-z][A-Za-z0-9+_.-]*\s+({NUMBER})\s+(?:{})\b",
                phrases.join("|")
            ))
            .unwrap()
        })
    });
    let re = RELEASED.as_ref()?;
    first(re, &line.replace("**", ""))
}

/// "the 20250202 image set has been promoted to current" (Void Linux's
/// image announcements): a release named by its date's eight digits
/// (`YYYYMMDD`) in a page's first sentences, when nothing else names it.
pub(crate) fn dated_build(line: &str) -> Option<String> {
    line.split(|c: char| !c.is_ascii_alphanumeric())
        .find(|w| {
            w.len() == 8
                && w.bytes().all(|b| b.is_ascii_digit())
                && crate::dates::date(&format!("{}-{}-{}", &w[..4], &w[4..6], &w[6..])).is_some()
        })
        .map(str::to_string)
}

/// The release a table row labels as the page's own: `| Bundle |
/// B.MI355.2.1 |` (a `[tables] release_labels` word in its first cell, a
/// name of the release in its second).
pub(crate) fn release_row(line: &str) -> Option<String> {
    let cells: Vec<&str> = line
        .trim()
        .strip_prefix('|')?
        .strip_suffix('|')?
        .split('|')
        .map(|c| c.trim().trim_matches('`'))
        .collect();
    let [label, value] = cells.as_slice() else {
        return None;
    };
    let label = label.to_lowercase();
    let labelled = words::each().any(|w| w.tables.release_labels.contains(&label));
    (labelled && model::is_release_version(value)).then(|| value.to_string())
}

/// The release a software table states in a column of its own: a column
/// headed by a `[tables] release_columns` word ("Swset") holding one
/// release version in each of at least two rows.
pub(crate) fn release_column<'a>(lines: impl Iterator<Item = &'a str>) -> Option<String> {
    let cells = |line: &str| -> Option<Vec<String>> {
        let t = line.trim();
        let t = t.strip_prefix('|')?.strip_suffix('|')?;
        Some(
            t.split('|')
                .map(|c| crate::markdown::without_tags(c).trim().to_string())
                .collect(),
        )
    };
    let is_delimiter = |cells: &[String]| {
        cells
            .iter()
            .all(|c| !c.is_empty() && c.chars().all(|ch| matches!(ch, '-' | ':')))
    };
    // The column of the table being read, and the values seen in it.
    let mut column: Option<usize> = None;
    let mut in_table = false;
    let mut values: Vec<String> = Vec::new();
    let one_release = |values: &[String]| {
        (values.len() >= 2
            && values.iter().all(|v| *v == values[0])
            && model::is_release_version(&values[0]))
        .then(|| values[0].clone())
    };
    for line in lines {
        let Some(row) = cells(line) else {
            if let Some(release) = one_release(&values) {
                return Some(release);
            }
            (column, in_table) = (None, false);
            values.clear();
            continue;
        };
        if !in_table {
            in_table = true;
            column = row.iter().position(|head| {
                let head = head.to_lowercase();
                words::each().any(|w| w.tables.release_columns.contains(&head))
            });
            continue;
        }
        if is_delimiter(&row) {
            continue;
        }
        if let Some(value) = column.and_then(|c| row.get(c)) {
            values.push(value.clone());
        }
    }
    one_release(&values)
}

/// The release a line labels as the page's own: "Image Version:
/// 24.12.09", "- Version: `24.12.09`", "Major: Image Version: 24.12.09"
/// (a `[tables] release_labels` word opening the line or after a label of
/// its own, then `:` and the version).
pub(crate) fn release_label(line: &str) -> Option<String> {
    let labels: Vec<&String> = words::each()
        .flat_map(|w| &w.tables.release_labels)
        .collect();
    let lower = line.to_lowercase().replace(['*', '`'], "");
    labels.iter().find_map(|label| {
        // "Major: Image Version: 24.06.10", "Image Version: 24.06.10 SDK
        // Version: 1.56.0": after the label, its first word.
        let at = lower.find(label.as_str())?;
        // "Driver Version: 580.65.06": a label after a name is that
        // name's; after a label of its own ("Major:") or markup, the
        // release's.
        let before = lower[..at].trim_end();
        // "当前APP_VERSION: v3.1.1" (SwanLab's deployment pages): the
        // variable a deployment sets to the release, in capitals.
        let plain = line.replace(['*', '`'], "");
        let variable = lower[..at].ends_with('_')
            && lower.len() == plain.len()
            && plain[..at]
                .rsplit(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .next()
                .is_some_and(|v| v.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
            && plain[at..at + label.len()]
                .chars()
                .all(|c| !c.is_ascii_lowercase());
        let opens =
            variable || before.ends_with([':', '：']) || !before.chars().any(char::is_alphanumeric);
        if !opens {
            return None;
        }
        let rest = lower[at + label.len()..].trim_start();
        let rest = rest.strip_prefix([':', '：'])?;
        let value = rest.split_whitespace().next()?;
        // "版本: v2.3.2:": a colon closing the label's line is none of it.
        let value = value
            .trim_matches(['"', '\''])
            .trim_end_matches([':', '：', ',', '，']);
        // As the page writes it, where lowercasing kept the offsets.
        let value = if lower.len() == line.len() {
            let start = value.as_ptr() as usize - lower.as_ptr() as usize;
            line.get(start..start + value.len()).unwrap_or(value)
        } else {
            value
        };
        (!crate::lines::is_url(value)
            && model::is_release_version(value)
            && value
                .strip_prefix(['v', 'V'])
                .unwrap_or(value)
                .starts_with(|c: char| c.is_ascii_digit()))
        .then(|| value.to_string())
    })
}

/// An image reference whose tag is a version alone (`rocm/megatron-lm:v25.4`,
/// `paddle:3.0.0b2`).
static VERSION_TAG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:^|\s)[A-Za-z0-9][A-Za-z0-9._/-]*[A-Za-z0-9]:v?(\d+(?:\.\d+)+(?:(?:a|b|rc|alpha|beta)\d*)?)(?:-[A-Za-z0-9._-]+)?(?:$|\s|[^\x00-\x7F])").unwrap()
});

/// The version a command pulling or running the page's image names as its
/// tag (`docker pull rocm/megatron-lm:v25.4` → `25.4`, `nvcr.io/nvidia/
/// pytorch:20.03-py3` → `20.03`).
pub(crate) fn in_image_tag(line: &str) -> Option<String> {
    let t = line.trim();
    let pulls = ["docker pull ", "docker run ", "podman pull ", "podman run "]
        .iter()
        .any(|c| t.contains(c));
    if !pulls {
        return None;
    }
    // "docker pull avarok/dgx-vllm-nvfp4-kernel:v22": a release numbered
    // by one number, its `v` written.
    first(&VERSION_TAG, t)
        .or_else(|| WHOLE_V_TAG.captures(t).map(|c| format!("v{}", &c[1])))
        // "docker pull bloedebleidd/embedded:compact-1.1.0": a flavour's
        // word before the release's numbers, one tag.
        .or_else(|| first(&WORD_VERSION_TAG, t))
}

/// [`in_image_tag`] of a page's lines, a command continued over lines
/// (`docker run --rm -it \` … `wischner/gcc-m68k-amiga:1.1.0 \`) read as
/// one line.
pub(crate) fn in_pulled_image<'a>(lines: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut command = String::new();
    for line in lines {
        let line = line.trim();
        match line.strip_suffix('\\') {
            Some(head) => {
                command.push_str(head);
                command.push(' ');
            }
            None => {
                command.push_str(line);
                if let Some(tag) = in_image_tag(&command) {
                    return Some(tag);
                }
                command.clear();
            }
        }
    }
    None
}

static WORD_VERSION_TAG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:^|\s)[A-Za-z0-9][A-Za-z0-9._/-]*[A-Za-z0-9]:([a-z]+-v?\d+(?:\.\d+)+)(?:$|\s)")
        .unwrap()
});

static WHOLE_V_TAG: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:^|\s)[A-Za-z0-9][A-Za-z0-9._/-]*[A-Za-z0-9]:v(\d+)(?:$|\s)").unwrap()
});

/// The version running text states ("Release 20.06 is based on …").
pub(crate) fn in_text(text: &str) -> Option<String> {
    // "driver release 440.33.01" is the driver's (`not_after`).
    let not_after = |c: &regex::Captures| {
        let start = c.get(0).map_or(0, |m| m.start());
        let before = text[..start].trim_end();
        // The words are short: their tail is enough, whatever the line's length.
        let mut from = before.len().saturating_sub(64);
        while !before.is_char_boundary(from) {
            from -= 1;
        }
        let before = before[from..].to_lowercase();
        // "Python version is 3.10", "python 版本为 3.10": a component's.
        let last_word = before
            .rsplit(|c: char| c.is_whitespace() || !c.is_ascii())
            .find(|w| !w.is_empty())
            .unwrap_or("");
        let names_a_component = before.ends_with(last_word) && crate::names::is_alias(last_word);
        // "CUDA runtime version : 12.9.86" (`collect-env` output): a label
        // naming a component a few words before its version word is that
        // component's, whatever word stands between.
        let labels_a_component = c.get(0).is_some_and(|m| m.as_str().contains([':', '：']))
            && before.split_whitespace().count() <= 3
            && before.split_whitespace().any(crate::names::is_alias);
        let word_not_after = words::each()
            .flat_map(|w| &w.version.not_after)
            .any(|w| words::ends_with_word(&before, w));
        !(word_not_after || names_a_component || labels_a_component)
    };
    [&*AFTER_WORD, &*BEFORE_WORD]
        .iter()
        .find_map(|re| {
            re.captures_iter(text)
                .find(not_after)
                .map(|c| c[1].to_string())
        })
        .or_else(|| first(&DATED_LTS, text))
}

/// "from 1.6.8 to 1.7.0": the version after `to`.
static FROM_TO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"(?i)\bfrom\s+{NUMBER}\s+to\s+({NUMBER}){END}")).unwrap()
});

/// "the FreeRTOS 202406-LTS release", "FreeRTOS 202406.01 LTS": a long-term
/// release named by its year and month (and patch), `202406`.
static DATED_LTS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:^|[^A-Za-z0-9._-])((?:19|20)\d\d(?:0[1-9]|1[0-2])(?:\.\d{2})?)[- ]LTS\b")
        .unwrap()
});

fn first(re: &Regex, text: &str) -> Option<String> {
    re.captures(text).map(|c| c[1].to_string())
}

/// The language the lines of a text are written in: `ko` when it writes
/// Hangul more than Chinese characters and kana, `ja` when its Chinese
/// characters come with kana, `zh-Hant` or `zh` when they are Chinese (by
/// the characters only one script writes, `data/chinese-scripts.toml`),
/// else `en`.
pub(crate) fn lang<'a>(lines: impl IntoIterator<Item = &'a str>) -> Lang {
    let lines: Vec<&str> = lines.into_iter().collect();
    let scripts = chinese_scripts();
    let (mut han, mut kana, mut letters) = (0, 0, 0);
    let (mut traditional, mut simplified, mut hangul) = (0, 0, 0);
    // A comment in a code block is the writer's note to themselves
    // (hhanoo's English README, "# GUI 공유 허용" in its `docker run`): the
    // page's language is that of its text, when it has any.
    let text = outside_code(&lines);
    let counted = if text.iter().any(|l| l.chars().any(char::is_alphabetic)) {
        &text
    } else {
        &lines
    };
    for c in counted.iter().flat_map(|l| l.chars()) {
        han += usize::from(matches!(c as u32, 0x4E00..=0x9FFF | 0x3400..=0x4DBF));
        // Hangul syllables and jamo.
        hangul +=
            usize::from(matches!(c as u32, 0xAC00..=0xD7A3 | 0x1100..=0x11FF | 0x3130..=0x318F));
        // Hiragana, katakana and the half-width katakana.
        kana += usize::from(matches!(c as u32, 0x3041..=0x30FF | 0xFF66..=0xFF9F));
        letters += usize::from(c.is_alphabetic());
        traditional += usize::from(scripts.traditional.contains(&c));
        simplified += usize::from(scripts.simplified.contains(&c));
    }
    // A Korean page writes Hangul more than Chinese characters and kana.
    if hangul > han + kana && (hangul >= 10 || hangul * 5 >= letters) {
        return tag("ko");
    }
    let cjk = han + kana;
    // Ten Chinese characters make a page Chinese, unless they are a speck
    // of a long English page (HandBrake's NEWS naming its translations,
    // "Simplified Chinese (简体中文)").
    // Only a page holding some is read twice.
    let speck = cjk > 0 && cjk * 5 < letters && english_prose(&lines);
    if speck || !((cjk >= 10 && cjk * 500 >= letters) || (cjk > 0 && cjk * 5 >= letters)) {
        Lang::EN
    } else if kana * 10 >= cjk {
        // Japanese writes a kana in every few characters; a Chinese page
        // quoting a Japanese name stays far below a tenth.
        tag("ja")
    } else if traditional > simplified {
        tag("zh-Hant")
    } else {
        Lang::ZH
    }
}

/// The lines of a page outside its fenced code blocks.
fn outside_code<'a>(lines: &[&'a str]) -> Vec<&'a str> {
    let mut in_code = false;
    lines
        .iter()
        .filter(|line| {
            let trimmed = line.trim_start();
            if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
                in_code = !in_code;
                return false;
            }
            !in_code
        })
        .copied()
        .collect()
}

/// Whether a page's prose is English: outside code, three lines or more of
/// five words holding a `[page] function_words` word for each line holding
/// two Chinese characters or kana (its examples, "Ex) 関西国際空港"). No
/// Chinese or Japanese page of the import corpus comes near.
fn english_prose(lines: &[&str]) -> bool {
    let (english, cjk) = prose_lines(lines);
    english >= 3 * cjk.max(1)
}

/// Whether a page writes lines of English prose beside its lines in
/// Chinese characters or kana, three or more and half as many at least (a
/// short change in English may hold no function word): a page in two
/// languages.
pub(crate) fn english_beside<'a>(lines: impl IntoIterator<Item = &'a str>) -> bool {
    let lines: Vec<&str> = lines.into_iter().collect();
    let (english, cjk) = prose_lines(&lines);
    english >= 3 && (english * 2 >= cjk || english_part(&lines))
}

/// Whether a heading opens a part of the page in English ("## English"
/// over one half, "## 日本語" over the other: kytk's README).
fn english_part(lines: &[&str]) -> bool {
    lines.iter().any(|line| {
        let Some(heading) = line.trim_start().strip_prefix('#') else {
            return false;
        };
        let text = heading
            .trim_start_matches('#')
            .trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase();
        words::each().any(|w| w.page.english_headings.contains(&text))
    })
}

/// A page's lines of English prose and its lines in Chinese characters or
/// kana, outside code.
fn prose_lines(lines: &[&str]) -> (usize, usize) {
    let function_words: Vec<&str> = words::each()
        .flat_map(|w| &w.page.function_words)
        .map(String::as_str)
        .collect();
    let (mut english, mut cjk) = (0usize, 0usize);
    let mut in_code = false;
    for line in lines {
        if line.trim_start().starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        // Inline code (`名詞`) is an example too.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let cjk_chars = prose
            .chars()
            .filter(|c| matches!(*c as u32, 0x4E00..=0x9FFF | 0x3400..=0x4DBF | 0x3041..=0x30FF))
            .count();
        if cjk_chars >= 2 {
            cjk += 1;
            continue;
        }
        let words: Vec<String> = prose
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| w.len() >= 2)
            .map(str::to_ascii_lowercase)
            .collect();
        if cjk_chars == 0
            && words.len() >= 5
            && words.iter().any(|w| function_words.contains(&w.as_str()))
        {
            english += 1;
        }
    }
    (english, cjk)
}

fn tag(tag: &str) -> Lang {
    tag.parse().expect("a valid built-in tag")
}

/// The characters of `data/chinese-scripts.toml`, by side.
struct ChineseScripts {
    traditional: HashSet<char>,
    simplified: HashSet<char>,
}

fn chinese_scripts() -> &'static ChineseScripts {
    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct File {
        pairs: Vec<String>,
    }
    static SCRIPTS: LazyLock<ChineseScripts> = LazyLock::new(|| {
        // Embedded and checked by the tests: a broken file is a bug of this
        // build, not something a user can cause.
        let file: File = toml::from_str(include_str!("../../../data/chinese-scripts.toml"))
            .unwrap_or_else(|e| panic!("data/chinese-scripts.toml: {e}"));
        let mut scripts = ChineseScripts {
            traditional: HashSet::new(),
            simplified: HashSet::new(),
        };
        for pair in &file.pairs {
            let mut chars = pair.chars();
            if let (Some(t), Some(s), None) = (chars.next(), chars.next(), chars.next()) {
                scripts.traditional.insert(t);
                scripts.simplified.insert(s);
            } else {
                panic!("data/chinese-scripts.toml: `{pair}` is not two characters");
            }
        }
        scripts
    });
    &SCRIPTS
}

/// The tag of `langs` a page detected as `detected` is stored under: the
/// same tag, else the first read alike (a Traditional page in a project of
/// `zh-TW`); `detected` itself when the project has none.
pub(crate) fn in_project(detected: Lang, langs: &[Lang]) -> Lang {
    langs
        .iter()
        .copied()
        .find(|&l| l == detected)
        .or_else(|| langs.iter().copied().find(|&l| read_alike(l, detected)))
        .unwrap_or(detected)
}

/// Whether `version` is a release of the series `series` names (`3.9.1`
/// of `3.9`, `2024-12-01` of `2024`).
pub(crate) fn in_series(version: &str, series: &str) -> bool {
    let version = version.trim_start_matches(['v', 'V']);
    let series = series.trim_start_matches(['v', 'V']);
    // "v1.36.X" over "v1.36.1+rke2r1": the series its wildcard writes.
    let series = series
        .strip_suffix(".x")
        .or_else(|| series.strip_suffix(".X"))
        .unwrap_or(series);
    version == series
        || version
            .strip_prefix(series)
            .is_some_and(|rest| rest.starts_with(['.', '-', '+']))
}

/// `V1.7` → `v1.7`: one release however its `v` is written.
pub(crate) fn with_lowercase_v(version: String) -> String {
    match version.strip_prefix('V') {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => format!("v{rest}"),
        _ => version,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_image_tag_of_one_number_with_its_v() {
        assert_eq!(
            in_image_tag("docker pull avarok/dgx-vllm-nvfp4-kernel:v22").as_deref(),
            Some("v22")
        );
        assert_eq!(
            in_image_tag("docker pull rocm/megatron-lm:v25.4").as_deref(),
            Some("25.4")
        );
        assert_eq!(in_image_tag("docker run -p 8080:80 nginx"), None);
        assert_eq!(
            in_image_tag("docker pull bloedebleidd/embedded:compact-1.1.0").as_deref(),
            Some("compact-1.1.0")
        );
        let continued = [
            "docker run --rm -it \\",
            "  -v \"$PWD\":/work \\",
            "  wischner/gcc-m68k-amiga:1.1.0 \\",
            "  bash",
        ];
        assert_eq!(
            in_pulled_image(continued.into_iter()).as_deref(),
            Some("1.1.0")
        );
    }

    #[test]
    fn a_number_after_a_not_after_word_is_no_titles_release() {
        assert_eq!(in_title("vLLM for Tesla V100 (SM 7.0)"), None);
        assert_eq!(
            in_title("Drivers since 535 for Tool 2.1").as_deref(),
            Some("2.1")
        );
    }

    #[test]
    fn a_release_announced_in_the_opening() {
        assert_eq!(
            release_announced("🚀 **mlc-scripts 1.0.0** was released on **February 10, 2025**, introducing full support for MLPerf Inference v5.0").as_deref(),
            Some("1.0.0")
        );
        assert_eq!(
            release_announced("It was released in 2024 with Python 3.12."),
            None
        );
    }

    #[test]
    fn the_abbreviated_version_word_names_a_release_and_no_word_holds_it() {
        assert_eq!(in_title("2026.07.15 (Ver 5.6.2)").as_deref(), Some("5.6.2"));
        // "ver" inside a word names no release: a sentence that does not
        // speak of a release gives only a `v` version.
        assert_eq!(
            in_first_line(
                "If you do not have the Llama 3.1 tokenizer, set a token on the server to download it."
            ),
            None
        );
        assert!(holds_word("releases 25.08", "release"));
        assert!(!holds_word("set the server", "ver"));
    }

    #[test]
    fn a_version_with_a_capital_v() {
        assert_eq!(in_title("V4.12.3").as_deref(), Some("v4.12.3"));
        // RealMan's controller releases: a capital V glued to the name.
        assert_eq!(in_title("控制器V1.6.4").as_deref(), Some("v1.6.4"));
        assert_eq!(in_title("NVIDIA DGX V100"), None);
        assert_eq!(
            in_title("Upgrade iRedMail from 1.6.8 to 1.7.0").as_deref(),
            Some("1.7.0")
        );
        assert_eq!(in_title("NuttX-12.4.0").as_deref(), Some("12.4.0"));
        // A revision of two numbers after the dash (xPack's `13.2.1-1.1`).
        assert_eq!(
            in_title("xPack GNU Arm Embedded GCC v13.2.1-1.1 released").as_deref(),
            Some("v13.2.1-1.1")
        );
        assert_eq!(
            in_text("Libraries in this branch are part of the FreeRTOS 202406-LTS release.")
                .as_deref(),
            Some("202406")
        );
        assert_eq!(
            in_title("DCE 5.0 v0.34.0-20250930 商业版正式发布").as_deref(),
            Some("v0.34.0-20250930")
        );
        assert_eq!(
            in_title("FreeBSD 14.1-RELEASE Release Notes").as_deref(),
            Some("14.1-RELEASE")
        );
        assert_eq!(
            lettered_build("Release Notes for OmniOSce v11 r151054").as_deref(),
            Some("r151054")
        );
        assert_eq!(lettered_build("Release Notes for v2024"), None);
        assert_eq!(
            series_in_title("2.24.x Release Series").as_deref(),
            Some("2.24.x")
        );
        assert_eq!(series_in_title("Support for 2.x.y"), None);
        assert_eq!(
            dated_build("the 20250202 image set has been promoted").as_deref(),
            Some("20250202")
        );
        assert_eq!(dated_build("ticket 12345678 was closed"), None);
        assert_eq!(
            in_title("V4.14.5(包含升级脚本)").as_deref(),
            Some("v4.14.5")
        );
        // After a name, a capital V is no release's (Bianbu's "V1.0 停服公告"
        // speaks of the end of a release its own heading states).
        assert_eq!(in_title("Bianbu V1.0 停服公告"), None);
    }

    #[test]
    fn a_version_with_its_edition_run_into_it() {
        assert_eq!(
            in_title("WinPython 3.14.7.0slim").as_deref(),
            Some("3.14.7.0")
        );
        assert_eq!(
            in_title("WinPython-64bit 3.14.0.0free").as_deref(),
            Some("3.14.0.0")
        );
        // Two numbers and a word are a model's or a unit's ("1.5mm").
        assert_eq!(in_title("Lens 1.5mm"), None);
    }

    #[test]
    fn a_column_of_one_release_states_it() {
        let table = "| Software | Version | Swset | Clusters |\n|:--|:--|:--|:--|\n\
            | <p>Python</p> | <p>3.8.6-GCCcore-10.2.0</p> | <p>2020b</p> | aion |\n\
            | Perl | 5.32.0 | 2020b | iris |\n";
        assert_eq!(release_column(table.lines()).as_deref(), Some("2020b"));
        // Two releases in the column, one row, or a head that is no
        // release's: none.
        let two = table.replacen("| 2020b | iris", "| 2019b | iris", 1);
        assert_eq!(release_column(two.lines()), None);
        let one: String = table.lines().take(3).map(|l| format!("{l}\n")).collect();
        assert_eq!(release_column(one.lines()), None);
        let other = table.replace("Swset", "Category");
        assert_eq!(release_column(other.lines()), None);
    }

    #[test]
    fn a_title_naming_a_pre_release_names_it_whole() {
        // Linux Kamarada's announcement of its release candidate.
        assert_eq!(
            in_title("Linux Kamarada libera versão candidata a lançamento (15.2 RC)").as_deref(),
            Some("15.2-RC")
        );
        assert_eq!(
            in_title("Release 1.0 beta 2").as_deref(),
            Some("1.0-beta-2")
        );
        assert_eq!(in_title("Foo (2.1 RC1)").as_deref(), Some("2.1-RC1"));
        // Words or a date after it: the release as it was.
        assert_eq!(in_title("10.0 Beta Testers").as_deref(), Some("10.0"));
        assert_eq!(
            in_title("Furiosa SDK 2025.1.0 Beta1 (2025-02-24)").as_deref(),
            Some("2025.1.0")
        );
        // A word that only begins like one, and an update, are none.
        assert_eq!(in_title("Foo 2.1 Betamax").as_deref(), Some("2.1"));
        assert_eq!(in_title("CUDA 12.6 Update 2").as_deref(), Some("12.6"));
    }

    #[test]
    fn a_gpus_compute_capability_is_no_release() {
        use crate::titles::of_title;
        assert_eq!(of_title("vLLM for Tesla V100 (SM 7.0)"), None);
        assert_eq!(of_title("Kernels for compute capability 8.0"), None);
        // A word ending alike is none.
        assert_eq!(of_title("Prism 2.0").as_deref(), Some("2.0"));
        assert_eq!(in_text("driver release 440.33.01"), None);
    }

    #[test]
    fn pre_releases_a_title_names() {
        assert_eq!(
            pre_release("HandBrake 0.9.3 Snapshot 5 (SVN revision 1913)", "0.9.3").as_deref(),
            Some("0.9.3-Snapshot-5")
        );
        assert_eq!(
            pre_release("Release 1.0 beta 2", "1.0").as_deref(),
            Some("1.0-beta-2")
        );
        assert_eq!(pre_release("Release 1.0", "1.0"), None);
        // Notepad3's changes: a build of a release of one number, dated.
        assert_eq!(
            suffixed_release("Version 2 Build 605 (15 October 2017)").as_deref(),
            Some("2-Build-605")
        );
        assert_eq!(suffixed_release("2 Build 605"), None);
        // A change log's heading: the release, its pre-release word, then
        // its date after a dash.
        assert_eq!(
            suffixed_release("8.4.0 alpha2 - 2024-07-23").as_deref(),
            Some("8.4.0-alpha2")
        );
        // Hystrix's changelog: a pre-release word of two words.
        assert_eq!(
            pre_release(
                "Version 1.4.0 Release Candidate 9 ([Maven Central](…))",
                "1.4.0"
            )
            .as_deref(),
            Some("1.4.0-Release-Candidate-9")
        );
        // A milestone joined by a dash.
        assert_eq!(in_title("Version 0.2.0-m12").as_deref(), Some("0.2.0-m12"));
        assert_eq!(in_title("Version 0.2.0").as_deref(), Some("0.2.0"));
        assert_eq!(
            in_first_line("现对以下226个最小集核心软件包在openEuler-24.03-LTS版本的选型进行基线。")
                .as_deref(),
            Some("24.03-LTS")
        );
    }

    #[test]
    fn versions_titles_state() {
        for (title, version) in [
            ("本文介绍training-nv-pytorch 25.10版本发布记录。", "25.10"),
            ("PyTorch Release 20.02", "20.02"),
            ("Release 25.10", "25.10"),
            ("PyTorch 2.6 image, v1.0", "v1.0"),
            ("training-nv-pytorch release notes 20.06", "20.06"),
            (
                "AWS Deep Learning Containers for PyTorch 2.4 Training on EC2",
                "2.4",
            ),
            ("PyTorch 2.13 — 2026-07-20", "2.13"),
            ("Talos 1.14.0-beta.1 (2026-07-31)", "1.14.0-beta.1"),
            ("Release 2.0.0rc2", "2.0.0rc2"),
            ("CUDA 12.1-base image", "12.1"),
            ("MODX Revolution 3.0.0-pl (March 30, 2022)", "3.0.0-pl"),
            ("Python 3.6.7-foss-2018b", "3.6.7-foss-2018b"),
            ("R 4.1.2-foss-2021b module", "4.1.2-foss-2021b"),
            ("CUDA 12.1-base-2024 image", "12.1"),
            ("version: \"2.10\"", "2.10"),
            (
                "This document describes the release notes of x 25.08.",
                "25.08",
            ),
        ] {
            assert_eq!(in_title(title).as_deref(), Some(version), "{title}");
        }
        assert_eq!(in_title("Changelog"), None);
        assert_eq!(
            whole_after_name("deepin 23 软件包选型").as_deref(),
            Some("23")
        );
        assert_eq!(
            whole_after_name("Fedora 40 Release Notes").as_deref(),
            Some("40")
        );
        assert_eq!(whole_after_name("Step 3 install"), None);
        assert_eq!(whole_after_name("scalingo-26 Stack").as_deref(), Some("26"));
        assert_eq!(whole_after_name("heroku-24 Stack").as_deref(), Some("24"));
        assert_eq!(whole_after_name("GPT-4 notes"), None);
        assert_eq!(
            v_whole_after_name("LmP V92 Release Notes").as_deref(),
            Some("v92")
        );
        assert_eq!(v_whole_after_name("vLLM V1 engine"), None);
        assert_eq!(whole_after_name("Top 10x faster"), None);
        assert_eq!(in_title("py3.12 on cu126"), None);
        assert_eq!(
            in_text("The NVIDIA container image. Release 25.12 is based on CUDA 13.1.0.")
                .as_deref(),
            Some("25.12")
        );
        assert_eq!(in_text("date 2025-12-22, available on NGC"), None);
        assert_eq!(
            in_text("It requires NVIDIA Driver release 440.33.01."),
            None
        );
        assert_eq!(
            in_text("Here are the full changes against version 24.1.10:"),
            None
        );
        // `vllm collect-env` output: the labels of components' versions.
        assert_eq!(in_text("CUDA runtime version         : 12.9.86"), None);
        assert_eq!(in_text("PyTorch version : 2.9.1+cu129"), None);
        assert_eq!(in_text("Version: 3.1.0").as_deref(), Some("3.1.0"));
    }

    #[test]
    fn a_page_in_two_languages_writes_english_beside_the_other() {
        // DeepChat's changelog: each change in English, then in Chinese.
        let both = [
            "- Added native web search for the supported models",
            "- Upgraded Light OCR to 0.5.7 and the bundled runtime to 24.18.0",
            "- Fixed long text expanding the chat composer with feedback",
            "- 新增原生联网搜索，提供逐轮开关",
            "- 将 Light OCR 升级至 0.5.7",
            "- 修复无空格长文本撑宽聊天输入框",
        ];
        assert_eq!(lang(both), Lang::ZH);
        assert!(english_beside(both));
        // A Chinese page quoting one English sentence is no such page.
        let quoting = [
            "- 新增原生联网搜索，提供逐轮开关",
            "- 将 Light OCR 升级至 0.5.7",
            "- 修复无空格长文本撑宽聊天输入框",
            "- 改进大型工具目录的兼容性",
            "- 统一界面控件，并优化动效",
            "- 持久化工具生成的图片",
            "- 恢复数据库的刷新能力",
            "The error reads: unable to open the file for writing",
        ];
        assert!(!english_beside(quoting));
        // kytk's README: an English part, then a Japanese one as long,
        // its items naming software without a word of prose.
        let mut halves = vec!["## English", "### Overview"];
        halves.extend(["The container runs a desktop for the analysis of images."; 3]);
        halves.extend(["- FreeSurfer 6.0.1"; 12]);
        halves.push("## 日本語");
        halves.extend(["- FreeSurfer 6.0.1 が含まれています"; 15]);
        assert!(english_beside(halves.clone()));
        assert!(!english_beside(halves.into_iter().skip(1)));
    }

    #[test]
    fn language_from_characters() {
        assert_eq!(
            lang(["本文介绍training-nv-pytorch 25.10版本发布记录。"]),
            Lang::ZH
        );
        assert_eq!(lang(["PyTorch Release 20.02"]), Lang::EN);
        assert_eq!(
            lang(["이 릴리스는 CUDA 12.8.0을 기반으로 합니다."]),
            tag("ko")
        );
        assert_eq!(lang(["Release notes (see 中文)"]), Lang::EN);
        // A comment in a code block is not the page's language; a page
        // that is all code still has one.
        let readme = [
            "- Ubuntu 22.04",
            "- CUDA 12.5.1",
            "```bash",
            "xhost +local:  # GUI 공유 허용 (한 번만 실행하면 됨)",
            "```",
        ];
        assert_eq!(lang(readme), Lang::EN);
        assert_eq!(
            lang(["```", "# 이 릴리스는 CUDA 12.8.0을 기반으로 합니다.", "```"]),
            tag("ko")
        );
        // An English page whose examples are Japanese stays English.
        let english = "The plugin splits the text into tokens for the index. ".repeat(4);
        let mut page: Vec<&str> = vec![english.as_str(); 4];
        page.push("- Ex) 関西国際空港, 関西, 国際, 空港");
        assert_eq!(lang(page.iter().copied()), Lang::EN);
        // A long English page naming its translations stays English.
        let long = "Fixed a crash when the queue is empty. ".repeat(300);
        assert_eq!(
            lang([
                long.as_str(),
                "Added Simplified Chinese (简体中文) and Traditional Chinese (正體中文) and Japanese (日本語)"
            ]),
            Lang::EN
        );
        assert_eq!(
            lang(["本文說明training-nv-pytorch 25.09版本資訊。"]),
            tag("zh-Hant")
        );
        assert_eq!(
            lang(["本版本基於CUDA 12.8.0，需要NVIDIA驅動程式版本575或更新版本。"]),
            tag("zh-Hant")
        );
        assert_eq!(
            lang(["本版本基于CUDA 12.8.0，需要NVIDIA驱动程序版本575或更高版本。"]),
            Lang::ZH
        );
        // No character of the list: Simplified, as before.
        assert_eq!(lang(["主要特性"]), Lang::ZH);
        assert_eq!(
            lang([
                "このドキュメントでは、training-nv-pytorch 25.09のリリースノートについて説明します。"
            ]),
            tag("ja")
        );
        // A Japanese product name in a Chinese page keeps it Chinese.
        assert_eq!(
            lang([
                "本版本支持ソニー的相机，需要NVIDIA驱动程序版本575或更高版本，请升级驱动程序后使用。"
            ]),
            Lang::ZH
        );
    }

    #[test]
    fn every_pair_tells_the_scripts_apart() {
        let scripts = chinese_scripts();
        assert!(scripts.traditional.len() >= 40);
        assert_eq!(scripts.traditional.len(), scripts.simplified.len());
        assert!(scripts.traditional.is_disjoint(&scripts.simplified));
    }

    #[test]
    fn a_detected_language_goes_to_the_projects_tag() {
        let tags = |list: &[&str]| list.iter().map(|t| tag(t)).collect::<Vec<_>>();
        let hant = tag("zh-Hant");
        assert_eq!(in_project(hant, &tags(&["zh-Hant", "en"])), hant);
        assert_eq!(
            in_project(hant, &tags(&["zh", "zh-TW", "en"])),
            tag("zh-TW")
        );
        assert_eq!(in_project(hant, &tags(&["zh-HK"])), tag("zh-HK"));
        assert_eq!(
            in_project(Lang::ZH, &tags(&["zh-TW", "zh-CN"])),
            tag("zh-CN")
        );
        assert_eq!(
            in_project(Lang::ZH, &tags(&["zh-Hant", "zh-Hans"])),
            tag("zh-Hans")
        );
        assert_eq!(in_project(tag("ja"), &tags(&["ja-JP", "en"])), tag("ja-JP"));
        // Not in the project: the detected tag, which import refuses.
        assert_eq!(in_project(hant, &tags(&["zh", "en"])), hant);
        assert_eq!(in_project(tag("ja"), &tags(&["zh", "en"])), tag("ja"));
        assert!(!read_alike(tag("zh-Hans-TW"), hant));
    }

    #[test]
    fn a_floor_in_the_first_lines_is_no_release() {
        assert_eq!(
            in_first_line("> Kubernetes版本支持的SwanLab Python SDK版本为 >= 0.7.4"),
            None
        );
        assert_eq!(
            in_first_line("SwanLab 3.1.1 版本发布").as_deref(),
            Some("3.1.1")
        );
    }

    #[test]
    fn a_variable_in_capitals_labels_the_release() {
        assert_eq!(
            release_label("**当前APP_VERSION: v3.1.1**").as_deref(),
            Some("v3.1.1")
        );
        assert_eq!(release_label("cuda_version: 12.4"), None);
    }
}
