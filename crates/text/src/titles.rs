//! The release a heading or a label names: `## 2.8.10+xpu`, "Release
//! acemd 3212 – Oct 2013", `[1.2.0] - 2025-01-01`, "## April 2025". Reading
//! a title needs only its words, so the split of a page into parts
//! (`structure`) and the releases of a changelog (`releases`) both ask here.

use crate::{names, stated, words};

/// The release a changelog heading names: a date (as `YYYY-MM-DD`), a
/// heading that is a version alone (`2.8.10+xpu`), else the version the
/// title states.
pub(crate) fn of_title(title: &str) -> Option<String> {
    // "V1.7" alone on a line (Urho3D's history): the release `v1.7`, as a
    // title opening with "V4.12.3" names it.
    of_title_as_written(title).map(stated::with_lowercase_v)
}

fn of_title_as_written(title: &str) -> Option<String> {
    // "`/opt/apps/nfs/modules/zen4/rocky9.4/oneapi/2023.0.0`" (a cluster's
    // tree of modules): an absolute path names a place, no release.
    let bare = title.trim().trim_matches('`');
    if bare.starts_with('/')
        && bare.matches('/').count() >= 2
        && !bare.contains(char::is_whitespace)
    {
        return None;
    }
    let rebuilt = with_rebuild_numbers(without_anchor(title));
    let title = rebuilt.as_str();
    if let Some((_, _, release)) = after_previous(title) {
        return Some(release);
    }
    if upgrades_a_component(title) {
        return None;
    }
    // "6.0.0 RC1" (OSRM's changelog), "Version 2.3 Hotfix 2" (N.I.N.A.'s
    // release notes): one release, its words joined.
    if let Some(release) = stated::suffixed_release(title)
        && model::is_release_version(&release)
    {
        return Some(release);
    }
    if let Some(release) = stated::forked_release(title) {
        return Some(release);
    }
    // "1.7.7(Apr 11, 2024)": a release with its date glued on, as "1.7.7
    // (Apr 11, 2024)".
    if let Some((release, date)) = title.trim().split_once('(')
        && !release.is_empty()
        && !release.contains(char::is_whitespace)
        && names_release(release)
        && date.ends_with(')')
    {
        return of_title(&format!("{release} ({date}"));
    }
    // "Release [v1.36.1+rke2r1](…/tag/v1.36.1+rke2r1)": the link's text,
    // never its address.
    if let Some((before, rest)) = title.split_once('[')
        && let Some((text, after)) = rest.split_once("](")
        && after.ends_with(')')
        && !after.contains(char::is_whitespace)
        && !before.trim().is_empty()
    {
        return of_title(&format!("{before}{text}"));
    }
    // "r245.3 [XXL]:" (Faster-Whisper standalone's changelog): a release
    // and the edition it was made for in brackets, a word of letters.
    if let Some((release, edition)) = title
        .trim()
        .trim_end_matches([':', '：'])
        .strip_suffix(']')
        .and_then(|head| head.split_once(" ["))
        && !release.contains(char::is_whitespace)
        && !edition.is_empty()
        && edition.chars().all(char::is_alphabetic)
    {
        return of_title(release);
    }
    // "tag k0.8.8", "tag n0.2.2:" (ijkplayer's NEWS): a version word, then
    // a tag of one letter and the release's numbers.
    if let Some((word, tag)) = title.trim().trim_end_matches([':', '：']).split_once(' ')
        && crate::words::is_version_label(word)
        && let Some(numbers) = tag.get(1..)
        && tag.starts_with(|c: char| c.is_ascii_alphabetic())
        && names_release(numbers)
        && numbers
            .split('.')
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    {
        return Some(numbers.to_string());
    }
    // "Release_2026.09.1" (RDKit's release notes), "version-1.4.0": a tag
    // whose word says release or version, then the release.
    if let Some((word, rest)) = title.trim().split_once(['_', '-'])
        && !word.is_empty()
        && !word.contains(char::is_whitespace)
        && (crate::words::is_version_label(word) || crate::words::is_release_word(word))
        && rest.starts_with(|c: char| c.is_ascii_digit())
        && !rest.contains(char::is_whitespace)
        && names_release(rest)
        && model::is_release_version(rest)
    {
        return Some(rest.to_string());
    }
    // "2023.10.01" beside "2023.10.00": numbers with dots are a version as
    // the page writes it, even where they could be a date.
    let dotted = |t: &str| {
        t.contains('.')
            && t.split('.')
                .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    };
    if crate::dates::is_date_alone(title) && !dotted(title.trim()) {
        return crate::dates::date(title);
    }
    // "## April 2025": a monthly release, named by its month.
    if let Some(month) = crate::dates::month_alone(title) {
        return Some(month);
    }
    // "2025-10-18 05:44:43" (an SDK generator's RELEASES.md): a release
    // named by its moment, as several on one day are; `2025-10-18T054443`.
    if let Some(c) = TIMESTAMP.captures(title) {
        return Some(format!(
            "{}T{}{}{}",
            &c[1],
            &c[2],
            &c[3],
            c.get(4).map_or("", |s| s.as_str())
        ));
    }
    // "2026-01-07: NVIDIA driver, SHS 13.0.0": an entry of a log opens
    // with its date; what it says after names no release (but see
    // `dated_product`).
    if let Some((first, _)) = title.trim().split_once([':', ';', '：'])
        && crate::dates::is_date_alone(first)
    {
        return crate::dates::date(first);
    }
    // A heading that is one name of a release and nothing else
    // (`2.8.10+xpu`, `cuda11.0.3`, `20250701.v1`): numbers with a dot, or a
    // date's digits ("FP16" names no release).
    let token = title.trim().trim_end_matches([':', '：']).trim_matches('`');
    if !token.contains(char::is_whitespace)
        && names_release(token)
        && model::is_release_version(token)
    {
        return Some(after_product(token).to_string());
    }
    // "[r26.08] 2026-08-03", "[1.2.0] - 2025-01-01" (Keep a Changelog):
    // the release is the one in brackets, not its date; "[unreleased]"
    // names none.
    // "[2014-11-XX] 0.32" (GHDL's NEWS): a date in brackets, then the
    // release.
    if let Some((inner, after)) = title
        .trim()
        .strip_prefix('[')
        .and_then(|rest| rest.split_once(']'))
        && (crate::dates::is_date_alone(inner.trim()) || unknown_day(inner.trim()))
        && let after = after.trim()
        && names_release(after)
        && model::is_release_version(after)
    {
        return Some(after.to_string());
    }
    if let Some(inner) = title
        .trim()
        .strip_prefix('[')
        .and_then(|rest| rest.split_once(']'))
        .map(|(inner, _)| inner.trim())
    {
        let token = after_product(after_codename(inner.trim_matches('`')));
        if token.chars().any(|c| c.is_ascii_digit())
            && !token.contains(char::is_whitespace)
            && model::is_release_version(token)
        {
            return Some(token.to_string());
        }
        // "[Talos 1.14.0-beta.1](…) (2026-07-31)": the product, then its
        // release.
        if let Some((_, last)) = token.rsplit_once(' ')
            && let last = after_codename(last)
            && names_release(last)
            && model::is_release_version(last)
        {
            return Some(last.to_string());
        }
    }
    // "v1.2.0-rc.2 - [2023-07-05]": a release, then its date.
    if let Some((first, rest)) = title.trim().split_once(char::is_whitespace) {
        let token = first.trim_matches('`');
        let date = rest
            .trim()
            .trim_matches(|c: char| matches!(c, '-' | '–' | '[' | ']' | '\\' | '(' | ')' | ' '));
        // ("2025-A – 2025-05-10", docker-texlive's changelog: a year and
        // the letter of its release, as a linked `[2025-A]` reads.)
        let year_lettered = token.split_once('-').is_some_and(|(year, letter)| {
            year.len() == 4
                && year.bytes().all(|b| b.is_ascii_digit())
                && letter.len() == 1
                && letter.bytes().all(|b| b.is_ascii_uppercase())
        });
        if (names_release(token) || year_lettered)
            && model::is_release_version(token)
            && crate::dates::is_date_alone(date)
        {
            return Some(after_product(token).to_string());
        }
        // "v18 - 2026-04-05", "v19 - ????-??-??" (FreeOrion SDK's
        // changelog): a release of one number with its `v`, then its
        // date, known or not yet.
        if token.starts_with(['v', 'V'])
            && is_whole_release(token)
            && (crate::dates::is_date_alone(date) || unknown_day(date))
        {
            return Some(token[1..].to_string());
        }
        // "r33 - 2026-08-21" (rust-tss2-docker's changelog): a revision's
        // letter and number, then its date; the letter is the release's.
        if let Some(number) = token.strip_prefix(|c: char| c.is_ascii_lowercase())
            && is_whole_release(number)
            && !number.starts_with(['v', 'V'])
            && crate::dates::is_date_alone(date)
        {
            return Some(token.to_string());
        }
    }
    // "`ubuntu-22.04-jdk-17-ndk-r26b` (`latest`, `sdk-53`)", "`…` (deprecated)":
    // an image's name of words and numbers, then its aliases or a note in
    // parentheses.
    if let Some((first, rest)) = title.trim().split_once(char::is_whitespace) {
        let token = first.trim_matches('`');
        let rest = rest.trim();
        if token.contains(|c: char| c.is_ascii_alphabetic())
            && rest.starts_with('(')
            && rest.ends_with(')')
            && names_release(token)
            && model::is_release_version(token)
        {
            return Some(token.to_string());
        }
    }
    // "0.9.0-dev.10 — llama.cpp b10182, load-mode API" (llama_cpp_dart's
    // changelog), "v0.27.1: Minor fixes; examples now use v0.4.1" (GoMLX's):
    // a heading opening with a release and a dash or a colon names that
    // release, whatever versions its words go on with.
    if let Some((first, rest)) = title.trim().split_once(char::is_whitespace) {
        let colon = first.ends_with([':', '：']);
        let token = first.trim_end_matches([':', '：']).trim_matches('`');
        let dashed = ["—", "–", "- ", ": "]
            .iter()
            .any(|d| rest.trim_start().starts_with(d));
        if (colon || dashed)
            && token.starts_with(|c: char| c.is_ascii_digit() || c == 'v' || c == 'V')
            && names_release(token)
            && model::is_release_version(token)
            && !crate::dates::is_date_alone(token)
        {
            return Some(after_product(token).to_string());
        }
    }
    // "Release Notes for OmniOSce v11 r151054": a release tagged by a
    // lowercase letter and its build number names it, whatever version
    // words stand beside.
    if let Some(tag) = stated::lettered_build(title) {
        return Some(tag);
    }
    if let Some(build) = numbered_after_release_word(title) {
        return Some(build);
    }
    if is_numbered(title) {
        return None;
    }
    let Some(version) = stated::in_title(title) else {
        return crate::dates::date(title);
    };
    // "Changelog since 3.0.0rc14": a number right after a `not_after` word
    // is another's.
    let before = title
        .split(version.as_str())
        .next()
        .unwrap_or("")
        .trim_end()
        .to_lowercase();
    // "Changes compared to RubyInstaller-3.2.2-1": a product's name glued
    // to the number stands between the word and it.
    let before = match before.strip_suffix('-') {
        Some(glued) => glued
            .trim_end_matches(|c: char| c.is_alphanumeric() || c == '_')
            .trim_end()
            .to_string(),
        None => before,
    };
    let after_not = words::each()
        .flat_map(|w| &w.version.not_after)
        .any(|w| words::ends_with_word(&before, w));
    // "Update: 8th October 2023 - CUDA 12.1.1, fixed …": a heading dated
    // before a known component's version names the release by its date
    // ("PyTorch 2.13 — 2026-07-20" names the product's release).
    let of_component = before
        .split_whitespace()
        .next_back()
        .is_some_and(names::is_alias);
    if of_component
        && crate::dates::date(&before).is_some()
        && let Some(date) = crate::dates::date(title)
    {
        return Some(date);
    }
    (!after_not).then_some(version)
}

/// "v2.55.0(3)" (Git for Windows' third build of 2.55.0) as a version can
/// be named, and ordered after 2.55.0: `v2.55.0.3`.
pub(crate) fn with_rebuild_numbers(title: &str) -> String {
    static GLUED: std::sync::LazyLock<regex::Regex> =
        std::sync::LazyLock::new(|| regex::Regex::new(r"(\d)\((\d{1,3})\)").unwrap());
    GLUED.replace_all(title, "$1.$2").into_owned()
}

/// An ISO date and a time of day, alone: `2025-10-18 05:44:43`,
/// `2025-10-18T05:44Z`.
static TIMESTAMP: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(
        r"^\s*(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?\s*(?:Z|UTC|GMT)?\s*$",
    )
    .unwrap()
});

/// A heading numbered as a document's parts are ("4.1 Supported models"):
/// its number is no release's. A version then a date or a word of
/// `[version]` ("1.2.0 (2025-01-01)", "2.13 release") is a release's.
pub(crate) fn is_numbered(title: &str) -> bool {
    let t = title.trim();
    // "(3) Create a branch from v2.3.1.": a step of a procedure, a sentence.
    if t.starts_with('(') || t.ends_with(['.', '。']) {
        return true;
    }
    let number_end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, rest) = t.split_at(number_end);
    let rest = rest.trim();
    let lower = rest.to_lowercase();
    // "0.2.11 LTS": no document numbers a part from 0.
    let from_zero = number.starts_with("0.") && number.len() > 2;
    !from_zero
        && number.contains(|c: char| c.is_ascii_digit())
        && rest.starts_with(char::is_alphabetic)
        && crate::dates::date(rest).is_none()
        && !words::each().any(|w| {
            w.version
                .after_number
                .iter()
                .chain(&w.version.before_number)
                .any(|v| starts_with_word(&lower, v))
        })
}

/// Whether `text` opens with `word` as a whole word, or its plural
/// ("release", "releases"; "ver" not in "very").
fn starts_with_word(text: &str, word: &str) -> bool {
    let Some(after) = text.strip_prefix(word) else {
        return false;
    };
    let after = after.strip_prefix('s').unwrap_or(after);
    !word.is_ascii() || !after.starts_with(|c: char| c.is_alphanumeric())
}

/// "Release acemd 3212 – Oct 2013", "Release acemd.1663 June 2010"
/// (ACEMD's changelog): a release word, maybe the product's name, then a
/// release numbered by one whole number; its date may follow.
pub(crate) fn numbered_after_release_word(title: &str) -> Option<String> {
    let head = title
        .split(['–', '—', '('])
        .next()?
        .split(" - ")
        .next()?
        .trim()
        .trim_end_matches([':', '：']);
    let words: Vec<&str> = head.split_whitespace().collect();
    let (first, rest) = words.split_first()?;
    if !(crate::words::is_release_word(first) || crate::words::is_version_label(first)) {
        return None;
    }
    let is_name = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_alphabetic());
    let (number, after) = match rest {
        [product, number, after @ ..] if is_name(product) => (*number, after),
        [number, after @ ..] => (*number, after),
        [] => return None,
    };
    // ("acemd.1663": the product's name glued on by a dot.)
    let number = match number.split_once('.') {
        Some((product, n)) if is_name(product) => n,
        _ => number,
    };
    let dated = after.is_empty() || {
        let after = after.join(" ");
        crate::dates::month_alone(&after).is_some() || crate::dates::is_date_alone(&after)
    };
    (dated && !number.is_empty() && number.len() <= 8 && number.bytes().all(|b| b.is_ascii_digit()))
        .then(|| number.to_string())
}

/// A heading that is one number alone, `v` or not (`v95`, `2024`).
pub(crate) fn is_whole_release(title: &str) -> bool {
    let t = title.trim().trim_matches('`');
    let digits = t.strip_prefix(['v', 'V']).unwrap_or(t);
    !digits.is_empty() && digits.len() <= 4 && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Whether a token holds what a release's name holds: a number with a dot
/// (`11.0.3`) or a date's six digits or more (`20250715`).
pub(crate) fn names_release(token: &str) -> bool {
    let bytes = token.as_bytes();
    let dotted = bytes
        .windows(3)
        .any(|w| w[0].is_ascii_digit() && w[1] == b'.' && w[2].is_ascii_digit());
    let mut run = 0;
    let dated = bytes.iter().any(|b| {
        run = if b.is_ascii_digit() { run + 1 } else { 0 };
        run >= 6
    });
    dotted || dated
}

/// A heading without the anchor a docs generator writes after it
/// (`2025-12-23 {#2025-12-23}`) or a pilcrow.
pub(crate) fn without_anchor(title: &str) -> &str {
    let t = title.trim().trim_end_matches(['¶', '#']).trim();
    // "17.0.1 ({{date.17_0}})": a template's macro the site left
    // unresolved is no text of the title.
    let macro_at = [" ({{", " {{"]
        .iter()
        .filter(|open| t.ends_with(if open.contains('(') { "}})" } else { "}}" }))
        .find_map(|open| t.rfind(open));
    if let Some(at) = macro_at {
        return t[..at].trim();
    }
    // Attributes of a heading (`{#anchor}`, `{.class}`, Hugo's
    // `{date="2020-11-05"}`): no text of the title.
    match t.rfind(" {") {
        Some(at) if t.ends_with('}') && is_attribute_list(&t[at + 2..t.len() - 1]) => {
            t[..at].trim()
        }
        _ => t,
    }
}

/// The inside of `{…}` after a heading as Markdown's attribute lists
/// write it: ids, classes and `key=value` pairs.
fn is_attribute_list(inner: &str) -> bool {
    let inner = inner.trim();
    !inner.is_empty()
        && inner.split_whitespace().all(|a| {
            a.starts_with(['#', '.'])
                || a.split_once('=').is_some_and(|(key, _)| {
                    !key.is_empty()
                        && key
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
                })
        })
}

/// "2014-11-XX": a month's date whose day is not known; "????-??-??"
/// (FreeOrion SDK's changelog): a date not known yet, its digits held by
/// marks.
fn unknown_day(text: &str) -> bool {
    let unknown = |part: &str| part.bytes().all(|b| matches!(b, b'?' | b'x' | b'X'));
    let digits_or_unknown = |part: &str| part.bytes().all(|b| b.is_ascii_digit()) || unknown(part);
    let parts: Vec<&str> = text.split('-').collect();
    matches!(parts.as_slice(), [y, m, d]
        if y.len() == 4 && digits_or_unknown(y)
            && m.len() == 2 && digits_or_unknown(m)
            && d.len() == 2 && unknown(d))
}

/// "Orca.4.19552", "BREAKMEIFYOUCAN!.4.21611" (Proxmark3's changelog): a
/// release's codename glued by a dot to its numbers; the numbers.
pub(crate) fn after_codename(token: &str) -> &str {
    let Some((codename, numbers)) = token.split_once('.') else {
        return token;
    };
    let named = codename.chars().any(char::is_alphabetic)
        && !codename
            .chars()
            .any(|c| c.is_ascii_digit() || c.is_whitespace());
    let dotted = numbers.contains('.')
        && numbers
            .split('.')
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    if named && dotted { numbers } else { token }
}

/// `ginza-5.2.0`, `ja_ginza_nopn-1.0.2`, `RubyInstaller-3.3.12-1`: a
/// product's name of letters glued by a dash to its release (numbers with
/// a dot first), the release; any other token as it is.
pub(crate) fn after_product(token: &str) -> &str {
    let v_dashed = || {
        let at = token.find(['-'])?;
        let release = &token[at + 1..];
        release
            .strip_prefix(['v', 'V'])?
            .starts_with(|c: char| c.is_ascii_digit())
            .then(|| (&token[..at], release))
    };
    let Some((name, release)) = crate::tags::dashed(token).or_else(v_dashed) else {
        return token;
    };
    // (`swiftide-v0.7.0`, swiftide's changelog: the release with its `v`.)
    let bare = release.strip_prefix(['v', 'V']).unwrap_or(release);
    let numbers = bare.split(['-', '+']).next().unwrap_or(bare);
    let product = name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name.chars().all(|c| c.is_ascii_alphabetic() || c == '_');
    let dotted = numbers.contains('.')
        && numbers
            .split('.')
            .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    // `-1`, `-rc.2` after the numbers continue the release (the
    // `pre_releases` words of `data/words/*.toml`); other words
    // (`ubuntu-22.04-jdk-17`) make the whole an image's name.
    let continued = release.split('-').skip(1).all(|part| {
        let lower = part.to_lowercase();
        part.bytes().all(|b| b.is_ascii_digit())
            || words::each()
                .flat_map(|w| &w.version.pre_releases)
                .any(|pre| lower.starts_with(pre.as_str()))
    });
    if product && dotted && continued && model::is_release_version(release) {
        release
    } else {
        token
    }
}

/// A `[version] unreleased` word alone: "upcoming", "in progress".
pub(crate) fn is_unreleased_word(text: &str) -> bool {
    let text = text.trim().to_lowercase();
    words::each().any(|w| w.version.unreleased.contains(&text))
}

/// "5.15.0 → 5.16.0" (Luanti's changelog), "Quake II 8.60 to 8.70:"
/// (Yamagi Quake II's CHANGELOG): a release named by the one before it
/// and itself, a few words of the product first (no `from`); those words,
/// the release before and the later release.
pub(crate) fn after_previous(line: &str) -> Option<(String, String, String)> {
    let t = line.trim().trim_end_matches([':', '：']);
    let tokens: Vec<&str> = t.split_whitespace().collect();
    let [product @ .., from, joint, to] = tokens.as_slice() else {
        return None;
    };
    let joins = crate::words::is_arrow(joint)
        || words::each().any(|l| l.claims.to.iter().any(|w| w.eq_ignore_ascii_case(joint)));
    let release = |v: &str| {
        let v = v.trim_start_matches(['v', 'V']);
        names_release(v) && model::is_release_version(v)
    };
    let (from, to) = (
        from.trim_start_matches(['v', 'V']),
        to.trim_start_matches(['v', 'V']),
    );
    (joins
        && release(from)
        && release(to)
        && product.len() <= 3
        && product.iter().all(|w| !w.contains(|c: char| c.is_ascii_digit()))
        // ("From 1.4 to 1.5:" heads a migration guide's steps, Urho3D's.)
        && !product
            .iter()
            .any(|w| words::each().any(|l| l.claims.from.iter().any(|f| f.eq_ignore_ascii_case(w))))
        && model::release_order(from, to).is_lt())
    .then(|| (product.join(" "), from.to_string(), to.to_string()))
}

/// A short line naming a product and a version, nothing after it but its
/// date in parentheses ("DeepSparkInference 26.06", "Version 2.6 (16 Nov
/// 2022)"): the product's words and the version.
pub(crate) fn named(line: &str) -> Option<(String, String)> {
    let t = line.trim();

    // "Nmap 7.991 [2026-08-06]", "Foo 1.2 (2024-01-02)": a date after it.
    let t = match t
        .strip_suffix(')')
        .and_then(|r| r.rsplit_once(" ("))
        .or_else(|| t.strip_suffix(']').and_then(|r| r.rsplit_once(" [")))
    {
        // "Changes in 5.0.0 (upcoming)" (Textpattern's HISTORY): a
        // release not made yet is one of the page's too.
        Some((before, date)) if crate::dates::date(date).is_some() || is_unreleased_word(date) => {
            before.trim_end()
        }
        // "Tor Browser 16.0a9 - July 23 2026": a dash, then its date.
        _ => match t.rsplit_once(" - ").or_else(|| t.rsplit_once(" – ")) {
            Some((before, date)) if crate::dates::is_date_alone(date) => before.trim_end(),
            _ => t,
        },
    };
    if t.chars().count() > 60 || t.ends_with(['.', '。', ':', '：']) || t.starts_with(['-', '|'])
    {
        return None;
    }
    let (name, version) = t.rsplit_once(' ')?;
    let version = version.trim_start_matches(['v', 'V']);
    (version.starts_with(|c: char| c.is_ascii_digit())
        && version.contains('.')
        && model::is_release_version(version)
        && name.chars().any(char::is_alphabetic)
        && !name.contains([':', '：', '|']))
    .then(|| (name.trim().to_string(), version.to_string()))
}

/// "Upgrade Roundcube webmail to the latest stable release (1.6.7)" (an
/// upgrade guide's step, iRedMail's): a verb of change, a name, then `to`;
/// the version is the component's, no release's. ("Upgrade to 1.7.0"
/// names no component.)
fn upgrades_a_component(title: &str) -> bool {
    let mut words: Vec<&str> = title.split_whitespace().collect();
    // "JDK-8230839: Updated XML Signature Implementation to Apache
    // Santuario 2.1.3" (OpenJDK's notes): an issue's key before the
    // change says nothing of it.
    if words.first().is_some_and(|w| is_issue_key(w)) {
        words.remove(0);
    }
    let Some(first) = words.first() else {
        return false;
    };
    let to = words
        .iter()
        .position(|w| words::each().any(|l| l.claims.to.iter().any(|t| t.eq_ignore_ascii_case(w))));
    // ("Upgrade iRedMail from 1.6.8 to 1.7.0": the product's own upgrade,
    // to the release.)
    let from = words
        .iter()
        .any(|w| words::each().any(|l| l.claims.from.iter().any(|f| f.eq_ignore_ascii_case(w))));
    words::each().any(|l| {
        l.claims
            .verb_first
            .iter()
            .any(|v| v.eq_ignore_ascii_case(first))
    }) && to.is_some_and(|at| at >= 2)
        && !from
}

/// An issue tracker's key with its colon: `JDK-8230839:`, `GH-12:`,
/// `#4521:`.
fn is_issue_key(word: &str) -> bool {
    let Some(key) = word.strip_suffix(':') else {
        return false;
    };
    let number = match key.strip_prefix('#') {
        Some(number) => number,
        None => match key.rsplit_once('-') {
            Some((project, number))
                if !project.is_empty()
                    && project
                        .chars()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
                    && project.starts_with(|c: char| c.is_ascii_uppercase()) =>
            {
                number
            }
            _ => return false,
        },
    };
    !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())
}
