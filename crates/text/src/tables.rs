//! Tables read by what they hold, whatever the heading above them: a run
//! of rows (`| a | b |`, as every page reader writes them) is a component
//! table when one column names components and others hold their versions
//! (`Package | Version`, `Software | Version | Previous version`,
//! `Package | gpu | cpu`, a support matrix with a column per release), a
//! table of releases when each row is an image or a release and the other
//! columns are components (`Tag | PyTorch | IPEX`, `Release Version | SDK`),
//! and anything else otherwise (benchmarks, limits). Heads are recognised
//! by the words of `[tables]` and `[components] version_heads` in
//! `data/words/*.toml`; cells by whether they hold a version.

use crate::components::component_list;
use crate::names;
use crate::words;

/// One run of table rows in a part of the page.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    /// Index in the part's lines of the first row and one past the last.
    pub start: usize,
    pub end: usize,
    /// The head row, when the table has one.
    pub head: Option<Vec<String>>,
    /// The body rows with their line numbers, cells cleaned.
    pub rows: Vec<(usize, Vec<String>)>,
    /// The most cells a row holds.
    width: usize,
}

/// What a table holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Kind {
    /// Each row a component: its name in `name`, versions in `versions`.
    Components {
        name: usize,
        versions: Vec<usize>,
        /// The column saying whether a row's component was added, updated
        /// or taken out.
        action: Option<usize>,
    },
    /// Each row a release (an image, a tag): its key in `key`, components
    /// in `components` (named by their heads); `group` the column naming
    /// the image a row is a version of ("Image name | Image version"),
    /// spanning the rows below it.
    Releases {
        key: usize,
        components: Vec<usize>,
        group: Option<usize>,
    },
    /// Neither.
    Other,
}

/// The components a component table gives.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct Read {
    /// The components of the column read (of every arch).
    pub components: Vec<(String, String)>,
    /// Per architecture, when the table has a column per architecture.
    pub per_arch: Vec<(String, Vec<(String, String)>)>,
    /// The head of the version column read, when the table has several.
    pub column: Option<String>,
    /// The heads of the version columns left.
    pub left: Vec<String>,
}

/// Which version column of a table to read.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Choice<'a> {
    /// The column the user names (`--column`).
    pub column: Option<&'a str>,
    /// The release being imported: a column headed by it is its column.
    pub release: Option<&'a str>,
}

/// The modules a matrix of machines gives (see [`Table::module_cells`]).
#[derive(Debug)]
pub(crate) struct ModuleColumn {
    /// The head of the column read.
    pub head: String,
    /// The heads of the other columns holding modules.
    pub left: Vec<String>,
    pub modules: Vec<(String, String)>,
}

/// A line of a table: a row or a delimiter row.
pub(crate) fn is_row_line(line: &str) -> bool {
    is_row(line)
}

/// A line that is a table row: `| a | b |`, or cells between ` | ` as a
/// text copy writes them.
fn is_row(line: &str) -> bool {
    let t = line.trim();
    t.starts_with('|') || (t.contains(" | ") && cells(t).len() >= 2)
}

/// A Markdown delimiter row (`|---|:--:|`).
pub(crate) fn is_delimiter(line: &str) -> bool {
    let t = line.trim();
    t.contains('-')
        && t.contains('|')
        && t.chars()
            .all(|c| matches!(c, '|' | '-' | ':' | '+' | '=') || c.is_whitespace())
}

/// A row's cells, trimmed, without the empty ends a leading and trailing
/// `|` make.
fn cells(line: &str) -> Vec<String> {
    raw_cells(line).map(clean_cell).collect()
}

/// A row's cells as the page writes them, markup and all.
fn raw_cells(line: &str) -> std::str::Split<'_, char> {
    let t = line.trim();
    let t = t.strip_prefix('|').unwrap_or(t);
    let t = t.strip_suffix('|').unwrap_or(t);
    t.split('|')
}

/// A cell without the page's markup: links (`[v2.8.0]`, `[a](b)`,
/// `[a][b]`) as their text, backticks, bold marks, footnote marks (`[1]`),
/// escapes (`PyTorch\*`), ™ ® ©.
pub(crate) fn clean_cell(cell: &str) -> String {
    let mut out = String::with_capacity(cell.len());
    let mut chars = cell.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '`' | '™' | '®' | '©' => {}
            // "Ubuntu<br>18.04": a line break inside a cell parts words.
            '<' if is_line_break(chars.clone()) => {
                for d in chars.by_ref() {
                    if d == '>' {
                        break;
                    }
                }
                out.push(' ');
            }
            '\\' => match chars.peek() {
                Some(&next) if next.is_ascii_punctuation() => {
                    chars.next();
                }
                // A backslash before a letter escapes nothing: a Windows
                // path's (`2.9.0\\py39\\GPU`).
                Some(next) if next.is_alphanumeric() => out.push('\\'),
                _ => {}
            },
            '*' if chars.peek() == Some(&'*') => {
                chars.next();
            }
            '[' => {
                let mut inner = String::new();
                let mut closed = false;
                for d in chars.by_ref() {
                    if d == ']' {
                        closed = true;
                        break;
                    }
                    inner.push(d);
                }
                if !closed {
                    out.push('[');
                    out.push_str(&inner);
                    continue;
                }
                // A link's target, or a reference label, is no text.
                match chars.peek() {
                    Some('(') => skip_group(&mut chars, '(', ')'),
                    Some('[') => skip_group(&mut chars, '[', ']'),
                    _ => {}
                }
                // `[1]`, `[^2]`: a footnote mark.
                if !inner
                    .trim_start_matches('^')
                    .chars()
                    .all(|c| c.is_ascii_digit())
                {
                    out.push_str(&inner);
                }
            }
            _ => out.push(c),
        }
    }
    let out = crate::lines::collapse_spaces(&out);
    // `*7.3.33*`, `_MariaDB 5.5.68_`: a cell in italics.
    let out = match out
        .strip_prefix('*')
        .and_then(|o| o.strip_suffix('*'))
        .or_else(|| out.strip_prefix('_').and_then(|o| o.strip_suffix('_')))
    {
        Some(inner)
            if !inner.is_empty()
                && !inner.starts_with(char::is_whitespace)
                && !inner.ends_with(char::is_whitespace)
                && !inner.contains(['*', '_']) =>
        {
            inner.to_string()
        }
        _ => out,
    };
    // `:octicons-link-external-16:` (MkDocs Material's icons),
    // `:white_check_mark:`: an emoji's shortcode is no text of the cell.
    if out.contains(':') {
        out.split(' ')
            .filter(|w| !is_shortcode(w))
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        out
    }
}

/// Whether the tag after a `<` is a line break: `br>`, `br/>`, `BR />`.
fn is_line_break(rest: std::iter::Peekable<std::str::Chars>) -> bool {
    let tag: String = rest.take_while(|&c| c != '>').take(6).collect();
    let tag = tag.trim_end_matches('/').trim();
    tag.eq_ignore_ascii_case("br")
}

/// An emoji's or icon's shortcode: `:name:` of lowercase letters, digits,
/// `_`, `+` and `-`.
pub(crate) fn is_shortcode(word: &str) -> bool {
    word.len() > 2
        && word
            .strip_prefix(':')
            .and_then(|w| w.strip_suffix(':'))
            .is_some_and(|inner| {
                inner.chars().any(|c| c.is_ascii_lowercase())
                    && inner.chars().all(|c| {
                        c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '_' | '+' | '-')
                    })
            })
}

fn skip_group(chars: &mut std::iter::Peekable<std::str::Chars>, open: char, close: char) {
    if chars.peek() == Some(&open) {
        chars.next();
        for d in chars.by_ref() {
            if d == close {
                break;
            }
        }
    }
}

/// Whether a cell holds a version first: `12.4`, `v2.8.0`, `2.7.0a0+git…`,
/// `8`, a commit `git258a2162`.
pub(crate) fn looks_like_version(cell: &str) -> bool {
    let t = cell.trim().trim_start_matches(['(', '`', '[']);
    // A pin: `== 2.7.1`.
    let t = t.strip_prefix("==").map_or(t, str::trim_start);
    // `rc3.1.0`: a release candidate written before its numbers.
    let t = t
        .strip_prefix("rc")
        .filter(|r| r.starts_with(|c: char| c.is_ascii_digit()) && r.contains('.'))
        .unwrap_or(t);
    let t = match t.strip_prefix(['v', 'V']) {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => rest,
        _ => t,
    };
    // "1. Put model.gguf into …": the number of a list's item.
    let numbered_item = t.split_once(". ").is_some_and(|(n, rest)| {
        n.bytes().all(|b| b.is_ascii_digit()) && rest.starts_with(char::is_alphabetic)
    });
    (t.starts_with(|c: char| c.is_ascii_digit())
        && !numbered_item
        && !is_quantity(t)
        && !crate::package_name::is_address(t))
        || is_commit(t)
        // `R2024b` (MATLAB's releases): a year and its half after an R.
        || t.strip_prefix('R').is_some_and(is_half_year)
}

/// A software set named by its year and half (`2020b`, EasyBuild's
/// toolchain generations; `R2024b` after MATLAB's R).
pub(crate) fn is_half_year(word: &str) -> bool {
    let bytes = word.as_bytes();
    bytes.len() == 5 && bytes[..4].iter().all(u8::is_ascii_digit) && matches!(bytes[4], b'a' | b'b')
}

/// A number with a unit, no version: a model's size (`7B`, `8x7B`, `70
/// B`), an amount (`64G`, `16GB`, `95%`).
fn is_quantity(word: &str) -> bool {
    let w = word.split_whitespace().next().unwrap_or(word);
    let digits_end = w
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(w.len());
    let unit = &w[digits_end..];
    // "64-bit", "32bit": a word size.
    let bits = unit.trim_start_matches('-').eq_ignore_ascii_case("bit");
    bits || w.contains('%')
        || (digits_end > 0
            && !w[..digits_end].ends_with('.')
            && !unit.is_empty()
            && unit.len() <= 2
            && unit.chars().all(|c| c.is_ascii_alphabetic())
            // "3.13t": a free-threaded Python, where tera is written `T`.
            && unit != "t"
            && unit
                .to_ascii_uppercase()
                .chars()
                .all(|c| "KMGTBX".contains(c)))
        // "8x7B", "8× A100": a count of things.
        || w.split_once(['x', 'X', '×'])
            .is_some_and(|(a, _)| !a.is_empty() && a.chars().all(|c| c.is_ascii_digit()))
}

/// `git258a2162`, `4bdc8a78…`: a commit standing for a version.
fn is_commit(word: &str) -> bool {
    let hex = word.strip_prefix("git").unwrap_or(word);
    let hex = hex.split([' ', ',', ';']).next().unwrap_or(hex);
    hex.len() >= 7
        && hex.len() <= 40
        && hex.chars().all(|c| c.is_ascii_hexdigit())
        && hex.chars().any(|c| c.is_ascii_digit())
        && hex.chars().any(|c| c.is_ascii_alphabetic())
}

/// A cell as its words are compared: lowercase, spaces collapsed.
fn key(cell: &str) -> String {
    crate::lines::collapse_spaces(&cell.to_lowercase())
}

fn in_list(cell: &str, list: fn(&'static words::Words) -> &'static Vec<String>) -> bool {
    let k = key(cell);
    words::each().any(|w| list(w).contains(&k))
}

/// A head of the versions a release works with, not those it holds
/// ("Compatible Spark versions"): a `compatible_heads` word first.
fn is_compatible_head(cell: &str) -> bool {
    let k = key(cell);
    words::each().any(|w| {
        w.tables
            .compatible_heads
            .iter()
            .any(|c| k.starts_with(c.as_str()))
    })
}

fn is_version_head(cell: &str) -> bool {
    in_list(cell, |w| &w.components.version_heads)
}

fn is_name_head(cell: &str) -> bool {
    in_list(cell, |w| &w.tables.name_heads)
}

/// A head of what a table's rows are: a word of `key_heads`, or a head
/// ending in one that is no version word ("Curated environment", "特选环境").
fn is_key_head(cell: &str) -> bool {
    if in_list(cell, |w| &w.tables.key_heads) {
        return true;
    }
    let k = key(cell);
    words::each().any(|w| {
        w.tables
            .key_heads
            .iter()
            .filter(|h| !w.components.version_heads.contains(h))
            .any(|h| match k.strip_suffix(h.as_str()) {
                Some(before) => !before.is_empty() && (!w.spaced || before.ends_with(' ')),
                None => false,
            })
    })
}

fn is_previous_head(cell: &str) -> bool {
    in_list(cell, |w| &w.tables.previous_heads)
}

fn is_removal(cell: &str) -> bool {
    in_list(cell, |w| &w.tables.removals)
}

/// Whether a column's `head` is the one `wanted` names (`--column`): the
/// same words, or words within it ("Stable" of "Stable Version").
/// A head's words, lowercased and joined by `-`, its lone marks left out
/// ("macOS - 2020.11" → `macos-2020.11`).
fn slug(head: &str) -> String {
    head.split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| w.chars().any(char::is_alphanumeric))
        .collect::<Vec<_>>()
        .join("-")
        .to_lowercase()
}

pub(crate) fn heads_column(head: &str, wanted: &str) -> bool {
    key(head).contains(&key(wanted))
}

/// A word a table's head holds: a name, version, key or previous-version
/// head (`Library`, `Version`, `Tag`), also "Python Version".
pub(crate) fn is_head_word(cell: &str) -> bool {
    let cell = clean_cell(cell);
    is_name_head(&cell)
        || is_version_head(&cell)
        || is_key_head(&cell)
        || is_previous_head(&cell)
        || headed_name(&cell).is_some()
}

/// The component a column head names with a version word: "Python
/// Version" → `Python`, "PyTorch 版本" → `PyTorch`.
fn headed_name(head: &str) -> Option<String> {
    let lower = head.to_lowercase();
    words::each().find_map(|w| {
        w.components.version_heads.iter().find_map(|v| {
            let rest = lower.strip_suffix(v.as_str())?;
            let cut = head.len() - v.len();
            let name = without_name_leads(head.get(..cut)?.trim());
            (!rest.trim().is_empty() && !name.is_empty()).then(|| name.to_string())
        })
    })
}

/// A head's name without the words that lead a name without being part of
/// it ("Included PG Versions" of Postgres.app's build history, "Default
/// Python Version"): `name_leads` of `[claims]`; the last word stays.
fn without_name_leads(name: &str) -> &str {
    let mut rest = name;
    while let Some((first, after)) = rest.split_once(' ') {
        let lead = first.to_lowercase();
        if !words::each().any(|w| w.claims.name_leads.contains(&lead)) {
            break;
        }
        rest = after.trim_start();
    }
    rest
}

/// The architecture a column head names (`x86_64`, `ARM64`, `aarch64架构`).
/// The architecture a cell names in one of its words ("X86 Driver 525").
pub(crate) fn arch_in(cell: &str) -> Option<String> {
    cell.split(|c: char| c.is_whitespace() || matches!(c, ',' | '(' | ')' | '/'))
        .find_map(arch_of)
}

fn arch_of(head: &str) -> Option<String> {
    let lower = key(head);
    let lower = lower.trim_end_matches(|c: char| !c.is_ascii_alphanumeric());
    words::each().find_map(|w| {
        w.archs
            .names
            .iter()
            .find(|(arch, said)| lower == arch.as_str() || said.iter().any(|s| lower == s.as_str()))
            .map(|(arch, _)| arch.clone())
    })
}

/// The tables of a part's lines: runs of rows, a delimiter row after the
/// first marking it the head; without one, a first row of head words (or
/// of no version while the rows below hold some) is the head.
/// The width of the set of heads a head repeats (`Package | Version |
/// Package | Version` → 2): heads of two cells or more, written at least
/// twice, nothing else in the head, the set naming a version.
fn repeated_head(head: &[String]) -> Option<usize> {
    (2..=head.len() / 2).find(|&period| {
        let first = &head[..period];
        head.len().is_multiple_of(period)
            && head.chunks(period).all(|set| {
                set.iter()
                    .zip(first)
                    .all(|(a, b)| a.eq_ignore_ascii_case(b))
            })
            && first.iter().any(|h| !h.is_empty())
            && first
                .iter()
                .any(|h| is_version_head(h) || words::is_version_label(h))
    })
}

pub(crate) fn tables(lines: &[(usize, String)]) -> Vec<Table> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !is_row(&lines[i].1) || is_delimiter(&lines[i].1) {
            i += 1;
            continue;
        }
        let start = i;
        let mut rows: Vec<(usize, Vec<String>)> = Vec::new();
        // Each row's line as the page writes it.
        let mut raws: Vec<&str> = Vec::new();
        let mut delimited_head = false;
        while i < lines.len() && is_row(&lines[i].1) {
            if is_delimiter(&lines[i].1) {
                // A second head and its delimiter: another table, set
                // right under this one (the heading between them left
                // out of the part's lines).
                if rows.len() > 2 && delimited_head {
                    rows.pop();
                    raws.pop();
                    i -= 1;
                    break;
                }
                delimited_head |= rows.len() == 1;
            } else {
                rows.push((lines[i].0, cells(&lines[i].1)));
                raws.push(&lines[i].1);
            }
            i += 1;
        }
        let mut head = if delimited_head || is_head(&rows) {
            raws.remove(0);
            Some(rows.remove(0).1)
        } else {
            None
        };
        // "Flash-Attention | Python | PyTorch | CUDA" over one row of
        // versions: each head a component, its cell the version; read as
        // rows of a name and a version.
        if let Some(names) = head.as_ref().filter(|h| is_headed_row(h, &rows)) {
            let line = rows[0].0;
            rows = names
                .iter()
                .zip(&rows[0].1)
                .filter(|(_, version)| holds_version(version))
                .map(|(name, version)| (line, vec![name.clone(), version.clone()]))
                .collect();
            head = None;
        }
        // "Dockerfile | [Link](…/cuda10.2-tf2.1.0-devel)": under a head of
        // keys, a link of no name names its row by the folder it points to.
        let key_columns: Vec<bool> = head.iter().flatten().map(|h| is_key_head(h)).collect();
        if key_columns.contains(&true) {
            for ((_, cells), raw) in rows.iter_mut().zip(&raws) {
                for ((cell, raw), &key) in cells.iter_mut().zip(raw_cells(raw)).zip(&key_columns) {
                    if let Some(folder) = linked_folder(raw).filter(|_| key) {
                        *cell = folder;
                    }
                }
            }
        }
        // "package|ver|package|ver|package|ver": one list set side by side
        // to save height; read as the list, each row's sets in turn.
        if let Some(period) = head.as_deref().and_then(repeated_head) {
            head = head.map(|h| h[..period].to_vec());
            rows = rows
                .into_iter()
                .flat_map(|(line, cells)| {
                    cells
                        .chunks(period)
                        .filter(|set| set.iter().any(|c| !c.is_empty()))
                        .map(|set| (line, set.to_vec()))
                        .collect::<Vec<_>>()
                })
                .collect();
        }
        let width = rows
            .iter()
            .map(|(_, c)| c.len())
            .chain(head.iter().map(Vec::len))
            .max()
            .unwrap_or(0);
        out.push(Table {
            start,
            end: i,
            head,
            rows,
            width,
        });
    }
    out
}

/// Whether a table is one row of versions under heads that each name a
/// component (one of them known to data): no head of versions, keys,
/// architectures or digits ("x86_64 | arm64", "Ubuntu 22.04 | Ubuntu
/// 24.04" are version columns of one component list).
fn is_headed_row(head: &[String], rows: &[(usize, Vec<String>)]) -> bool {
    let [(_, cells)] = rows else {
        return false;
    };
    head.len() >= 2
        && cells.len() == head.len()
        && head.iter().all(|h| {
            is_name_cell(h)
                && !h.contains(|c: char| c.is_ascii_digit())
                && !is_version_head(h)
                && !is_key_head(h)
                && !is_name_head(h)
                && arch_of(h).is_none()
        })
        && head.iter().any(|h| names::is_alias(&clean_name(h)))
        // ("OS | ROCm | rocBLAS | Python | GPU" over "Ubuntu 24.04 | 6.4.0 |
        // 6.4.0 | 3.12 | RX5(x)0": one cell of no version, the hardware.)
        && {
            let versions = cells.iter().filter(|c| holds_version(c)).count();
            versions >= 2 && versions + 1 >= cells.len()
        }
}

/// Whether the first of `rows` is a head: it holds a head word, or no
/// version while most rows below hold one.
fn is_head(rows: &[(usize, Vec<String>)]) -> bool {
    let Some((_, first)) = rows.first() else {
        return false;
    };
    if rows.len() < 2 {
        return false;
    }
    // "Architecture | aarch64" over "Ubuntu | 22.04.5 LTS" (a board's
    // settings printed without a delimiter): a row saying which
    // architecture the others are of, a head of no column.
    let states_the_arch = first.len() == 2
        && !is_name_head(&clean_cell(&first[0]))
        && arch_of(&first[1]).is_some()
        && rows[1..]
            .iter()
            .all(|(_, cells)| cells.first().is_none_or(|c| arch_of(c).is_none()));
    if states_the_arch {
        return false;
    }
    if first.iter().any(|c| is_head_word(c)) {
        return true;
    }
    // "clang-ocl | N/A | N/A": a row of values the page says are none.
    if first
        .iter()
        .skip(1)
        .all(|c| c.trim().is_empty() || crate::lines::is_none_word(c))
    {
        return false;
    }
    let versioned = |cells: &Vec<String>| {
        cells
            .iter()
            .skip(1)
            .any(|c| looks_like_version(c) || dated_codename(c).is_some())
    };
    let below = rows[1..].iter().filter(|(_, c)| versioned(c)).count();
    !versioned(first) && below * 2 > rows.len() - 1
}

impl Table {
    fn width(&self) -> usize {
        self.width
    }

    /// Row `r`'s cell of column `c`; a row shorter than the table lost its
    /// first cells to the rows above (a cell spanning rows).
    fn cell<'a>(&self, cells: &'a [String], c: usize) -> Option<&'a str> {
        let shift = self.width().saturating_sub(cells.len());
        c.checked_sub(shift)
            .and_then(|i| cells.get(i))
            .map(String::as_str)
            .filter(|s| !s.is_empty())
    }

    fn head_of(&self, c: usize) -> &str {
        self.head
            .as_ref()
            .and_then(|h| self.cell(h, c))
            .unwrap_or("")
    }

    /// The share of the body's filled cells of column `c` that `test`
    /// passes; a cell saying none (`*(none)*`, `-`: a generation without
    /// that component) is no filled one.
    fn share(&self, c: usize, test: impl Fn(&str) -> bool) -> (usize, usize) {
        let filled: Vec<&str> = self
            .rows
            .iter()
            .filter_map(|(_, cells)| self.cell(cells, c))
            .filter(|cell| {
                let bare = cell.trim_matches(['*', '_', '(', ')', '\'', ' ', '`']);
                !crate::lines::is_none_word(bare) && !is_moving_tag(bare)
            })
            .collect();
        (filled.iter().filter(|c| test(c)).count(), filled.len())
    }

    /// Whether each value of the first column fills one run of rows:
    /// distinct values, or a release's builds one under another ("1.12.0"
    /// over eight rows of its wheels, one per Python and OS), each row
    /// saying more of its build than versions. (A version repeated over
    /// rows of versions alone is a compatibility matrix's: "Python 3.14"
    /// with CUDA 13.3 and 13.2.)
    /// Rows describing builds may name one release apart too (AIME's
    /// containers: "2.7.1-aime" on a row per GPU architecture, between
    /// the official build's rows).
    fn first_column_in_runs(&self) -> bool {
        let mut seen = std::collections::BTreeSet::new();
        let mut previous: Option<&str> = None;
        let mut repeated = false;
        let mut apart = false;
        for cell in self
            .rows
            .iter()
            .filter_map(|(_, cells)| self.cell(cells, 0))
        {
            let same = previous == Some(cell);
            previous = Some(cell);
            repeated |= same;
            apart |= !same && !seen.insert(cell.to_string());
        }
        !(repeated || apart) || self.rows_describe_builds()
    }

    /// Whether column `c` groups the rows: each of its values fills one run
    /// of rows, two rows or more a run on average (a list of packages
    /// naming one twice in a row groups nothing).
    fn groups_rows(&self, c: usize) -> bool {
        let mut seen = std::collections::BTreeSet::new();
        let mut previous: Option<&str> = None;
        let (mut filled, mut apart) = (0, false);
        for cell in self
            .rows
            .iter()
            .filter_map(|(_, cells)| self.cell(cells, c))
        {
            let same = previous == Some(cell);
            previous = Some(cell);
            filled += 1;
            apart |= !same && !seen.insert(cell);
        }
        !apart && seen.len() * 2 <= filled
    }

    /// Whether rows say more of themselves than versions: a column of
    /// words ("Download", "CPU", "FMA, AVX", an install guide's link).
    fn rows_describe_builds(&self) -> bool {
        (1..self.width()).any(|c| {
            let (yes, of) = self.share(c, |cell| !holds_version(cell) && !looks_like_version(cell));
            of > 0 && yes * 2 > of
        })
    }

    /// "pytorch-2.5.1-py3.12_cuda12.4_cudnn9.1.0_0" in each row's first
    /// cell (a channel's builds): one product's builds, each named by its
    /// release and its tags, several of one release (where each names its
    /// own, the whole name is an image tag's release).
    pub(crate) fn builds_first(&self) -> bool {
        let builds: Vec<Option<(String, String)>> = self
            .rows
            .iter()
            .filter_map(|(_, cells)| self.cell(cells, 0))
            .map(build_of)
            .collect();
        let Some(Some((product, _))) = builds.first() else {
            return false;
        };
        let mut releases = std::collections::BTreeSet::new();
        let mut repeated = false;
        for build in &builds {
            let Some((name, release)) = build else {
                return false;
            };
            if !name.eq_ignore_ascii_case(product) {
                return false;
            }
            repeated |= !releases.insert(release.as_str());
        }
        repeated
    }

    /// The release a row's key cell names, of a table whose first column
    /// holds a product's builds ([`Table::builds_first`]).
    pub(crate) fn build_release(cell: &str) -> Option<String> {
        build_of(cell).map(|(_, release)| release)
    }

    /// Whether the first column is the release each row is: a version in
    /// each row, no two alike, under no head or a version head ("plugin
    /// version"), the versions of other things right of it. A table of
    /// components names them first.
    fn version_first_column(&self) -> bool {
        let head = self.head_of(0);
        // "foss | binutils | GCC | Open MPI | …" (EasyBuild's toolchains): a
        // family's name over its generations, beside three columns or more
        // headed by components' names; a first column of a component
        // relnotes knows ("CUDA | cuDNN | NCCL") is that component's.
        let component_columns = (1..self.width())
            .filter(|&c| {
                component_head(self.head_of(c)).is_some_and(|name| {
                    let (yes, of) = self.share(c, |cell| headed_version(&name, cell).is_some());
                    of > 0 && yes * 2 >= of
                }) || self.slashed_column(c)
            })
            .count();
        let versions_headed =
            head.is_empty() || is_version_head(head) || headed_name(head).is_some();
        let family = !versions_headed
            && component_columns >= 3
            && !clean_name(head).is_empty()
            && !names::is_alias(&clean_name(head));
        // "2.9.0\\py39\\GPU\\cuda117" (a folder of builds per release): a
        // path opening with a release names the release whatever its head.
        let paths = {
            let (yes, of) = self.share(0, |cell| path_release(cell).is_some());
            of >= 2 && yes == of
        };
        // "pytorch-2.5.1-py3.12_cuda12.4_cudnn9.1.0_0" (a channel's builds):
        // one product's builds, each named by its release and its tags.
        let paths = paths || self.builds_first();
        let headed = versions_headed || family || paths;
        // A family's generations may be named so ("2025b"), a product's
        // series so ("QuPath | DJL | PyTorch | CUDA": `v0.7.x`).
        let (yes, of) = self.share(0, |cell| {
            let release = cell
                .trim_start_matches(['v', 'V'])
                .starts_with(|c: char| c.is_ascii_digit())
                && model::is_release_version(cell);
            if family {
                release
            } else {
                looks_like_version(cell) || path_release(cell).is_some() || build_of(cell).is_some()
            }
        });
        let distinct = self.first_column_in_runs();
        // One row under "Milvus version | Python SDK version | …": the
        // release a part states its components with (a product no data
        // knows, beside columns headed by components).
        let product_row = of == 1
            && component_columns >= 1
            && headed_name(head).is_some_and(|n| !names::is_alias(&n));
        headed && (of >= 2 || product_row) && yes == of && distinct
    }

    /// "Dev | PICLas Version | System | CMake | …" (a support matrix of
    /// tested combinations): a column right of columns holding no version,
    /// headed by a name relnotes does not know (the product's) and its
    /// version word, keys the rows.
    fn product_version_column(&self) -> Option<usize> {
        let c = (0..self.width()).find(|&c| self.share(c, looks_like_version).0 > 0)?;
        if c == 0 {
            return None;
        }
        headed_name(self.head_of(c))
            .is_some_and(|name| !names::is_alias(&name))
            .then_some(c)
    }

    /// "Python | CUDA | cuBLAS | cuDNN" over rows of versions only: each
    /// row keyed by its first column's version (distinct), the columns
    /// right of it headed by components (two at least) or listing a name
    /// and its version ("Ubuntu 24.04") the row's components. The caller
    /// reads it so only where the page names no release otherwise.
    pub(crate) fn version_keyed(&self) -> Option<Kind> {
        let mostly = |(yes, of): (usize, usize)| of > 0 && yes * 2 >= of;
        let product_key = self.product_version_column();
        let key = product_key.unwrap_or(0);
        // "4.6.1 (l4t-32.7.1)": a version and a note on it.
        let (yes, of) = self.share(key, |cell| {
            release_name(cell).is_some_and(|r| looks_like_version(&r))
                || release_name(&without_notes(cell)).is_some_and(|r| looks_like_version(&r))
                || module_release(&clean_cell(cell)).is_some()
        });
        // (Rows of one release of the product, each a combination tested
        // with it, follow one another.)
        let distinct = product_key.is_some() || self.first_column_in_runs();
        if of < 2 || yes < of || !distinct {
            return None;
        }
        // "Jetpack (l4t) | Python": the versions of a component relnotes
        // knows key the rows; one column of another's versions is enough.
        let known_key = component_head(self.head_of(key)).is_some_and(|n| names::is_alias(&n));
        let headed = |c: usize| {
            component_head(self.head_of(c)).is_some_and(|name| {
                mostly(self.share(c, |cell| {
                    headed_version(&name, cell).is_some() || is_placeholder(cell)
                })) && self
                    .share(c, |cell| headed_version(&name, cell).is_some())
                    .0
                    > 0
            }) || self.slashed_column(c)
                || self.alternatives_column(c)
        };
        let listing = |c: usize| {
            mostly(self.share(c, |cell| {
                !looks_like_version(cell)
                    && (!listed(cell).is_empty() || glued_tokens(cell).is_some())
            }))
        };
        let components: Vec<usize> = (key + 1..self.width())
            .filter(|&c| headed(c) || listing(c))
            .collect();
        let needed = if known_key { 1 } else { 2 };
        (components.iter().filter(|&&c| headed(c)).count() >= needed).then_some(Kind::Releases {
            key,
            components,
            group: None,
        })
    }

    /// "TensorFlow | CUDA | cuDNN" on a page about TensorFlow: a column
    /// headed by the page's `subject` and filled with its release versions
    /// makes each row a release of it, the other columns headed by
    /// components its components. The column stands first, or with
    /// `anywhere` (asked of the page's title) where its head is the
    /// subject's first word and no first column of distinct versions keys
    /// the rows ("ROCm | PyTorch | vLLM |
    /// triton" under "# VLLM GFX906", a fork's title). Rows whose key is a
    /// range (`>= 1.5.0`) are left to the caller, which takes no release of
    /// them.
    pub(crate) fn subject_releases(&self, subject: &str, anywhere: bool) -> Option<Kind> {
        if self.width() < 2 {
            return None;
        }
        let head_key = |c: usize| names::canonical_key(&clean_name(self.head_of(c)));
        let product = subject
            .split_whitespace()
            .next()
            .filter(|_| subject.split_whitespace().nth(1).is_some())
            .map(names::canonical_key);
        let key = if !clean_name(self.head_of(0)).is_empty()
            && head_key(0) == names::canonical_key(subject)
        {
            0
        } else {
            // (A first column of versions each its own, `3.14.6`, `3.13.14`
            // under "Python" on a "CUDA Version Matrix", keys the rows.)
            let first: Vec<String> = self
                .rows
                .iter()
                .filter_map(|(_, cells)| self.cell(cells, 0).map(clean_cell))
                // (`3.14.1[^1]`: a footnote's mark is no part of it.)
                .map(|c| c.split("[^").next().unwrap_or_default().trim().to_string())
                .collect();
            let first_keys = first.len() >= 2
                && first.iter().all(|c| {
                    c.starts_with(|ch: char| ch.is_ascii_digit()) && looks_like_version(c)
                })
                && first.iter().collect::<std::collections::HashSet<_>>().len() == first.len();
            let product = product.filter(|p| !p.is_empty() && anywhere && !first_keys)?;
            let mut named = (0..self.width()).filter(|&c| head_key(c) == product);
            let key = named.next()?;
            if named.next().is_some() {
                return None;
            }
            key
        };
        let (yes, of) = self.share(key, |cell| {
            let cell = clean_cell(cell);
            cell.starts_with(|c: char| c.is_ascii_digit()) && model::is_release_version(&cell)
        });
        if of < 2 || yes * 2 <= of {
            return None;
        }
        let components: Vec<usize> = (0..self.width())
            .filter(|&c| c != key)
            .filter(|&c| {
                component_head(self.head_of(c)).is_some_and(|name| {
                    let (yes, of) = self.share(c, |cell| headed_version(&name, cell).is_some());
                    of > 0 && yes * 2 >= of
                }) || self.slashed_column(c)
            })
            .collect();
        (!components.is_empty()).then_some(Kind::Releases {
            key,
            components,
            group: None,
        })
    }

    /// What the table holds (see [`Kind`]).
    pub(crate) fn kind(&self) -> Kind {
        let width = self.width();
        let mostly = |(yes, of): (usize, usize)| of > 0 && yes * 2 >= of;
        if self.rows.is_empty() {
            return Kind::Other;
        }
        // "Upgrade List" over `composer-2.2.6`, `redis-5.3.7`: a column
        // alone of archives' names, each its name and version.
        if width == 1 {
            return match mostly(self.share(0, |cell| dashed_pair(cell).is_some())) {
                true => Kind::Components {
                    name: 0,
                    versions: vec![0],
                    action: None,
                },
                false => Kind::Other,
            };
        }
        // "Key | Default | Description | Since": settings, each with its
        // default value (no version) and the release that brought it.
        let settings = (0..width).any(|c| {
            let (versions, of) = self.share(c, looks_like_version);
            in_list(self.head_of(c), |w| &w.tables.setting_heads) && versions * 2 <= of
        });
        if settings {
            return Kind::Other;
        }
        // "模型名称 | Retrieval | STS | … | 平均" over "57.60 | 65.73 | …": three
        // columns or more of scores with two decimals under heads naming no
        // version, release or architecture are an evaluation's.
        let score_columns = (1..width)
            .filter(|&c| {
                let head = self.head_of(c);
                !head.is_empty()
                    && !head.contains(|ch: char| ch.is_ascii_digit())
                    && !is_version_head(head)
                    && arch_of(head).is_none()
                    && mostly(self.share(c, is_score))
            })
            .count();
        // A stack's containers whose versions are only their images' tags:
        // taken as the images they are, not as rows of releases (a column of
        // their tools' versions makes the rows its parts; see
        // `rows_are_parts`).
        let tools = (0..width)
            .any(|c| mostly(self.share(c, |cell| holds_version(cell) && !cell.contains(':'))));
        if score_columns >= 3 || (self.images_of_a_stack() && !tools) {
            return Kind::Other;
        }
        let versions = |c: usize| {
            mostly(self.share(c, |cell| {
                holds_version(cell)
                    || describes_change(cell)
                    || is_placeholder(cell)
                    || !dashed_list(cell).is_empty()
            }))
        };
        let names = |c: usize| {
            let (yes, of) = self.share(c, is_name_cell);
            of > 0 && yes * 2 > of && self.share(c, looks_like_version).0 * 4 < of
        };
        // Versions upgraded from, or minimum versions ("Minimum" beside
        // "Recommend"): no version of the release.
        let previous = |c: usize| {
            is_previous_head(self.head_of(c))
                || in_list(self.head_of(c), |w| &w.tables.floor_heads)
                || is_compatible_head(self.head_of(c))
        };
        let action = (0..width).find(|&c| self.is_action_column(c));
        // "package" over a product's builds names releases, not components.
        let named_head = (0..width)
            .find(|&c| is_name_head(self.head_of(c)))
            .filter(|&c| c != 0 || !self.builds_first());
        // What a row is stands in its first column: a key right of a column
        // of components relnotes knows ("OS | Version | Kernel": Ubuntu,
        // RHEL) is those components' versions.
        let names_left = |c: usize| {
            (0..c).filter(|&l| !is_key_head(self.head_of(l))).any(|l| {
                let (yes, of) = self.share(l, |cell| names::is_alias(&clean_name(cell)));
                of > 0 && yes * 2 > of
            })
        };
        // A column of image references ("docker pull …/vllm:0.15.1-…"):
        // each row is an image, whatever names stand left of its key.
        let images = (0..width).any(|c| mostly(self.share(c, |cell| image_in(cell).is_some())));
        // ("images" over ✅ and ⛔ marks: a column of marks names no row.)
        let names_something =
            |c: usize| mostly(self.share(c, |cell| cell.chars().any(char::is_alphanumeric)));
        let keys: Vec<usize> = (0..width)
            .filter(|&c| is_key_head(self.head_of(c)) && (images || !names_left(c)))
            .filter(|&c| names_something(c))
            .collect();
        // Of two key columns, the one of names groups the rows ("Image
        // name"), the one whose cells hold digits names each ("Image
        // version").
        let numbered =
            |c: usize| mostly(self.share(c, |cell| cell.chars().any(|ch| ch.is_ascii_digit())));
        // "Release date | Runtime | CLI | Dashboard": rows keyed by their
        // date; the version right of it is each row's release.
        let dates = |c: usize| mostly(self.share(c, crate::dates::is_date_alone));
        let dated_key = || {
            (width >= 3
                && dates(0)
                && mostly(self.share(1, |cell| {
                    cell.starts_with(|c: char| c.is_ascii_digit() || c == 'v')
                        && looks_like_version(cell)
                })))
            .then_some(1)
        };
        let key_head = keys
            .iter()
            .copied()
            .find(|&c| numbered(c))
            .or_else(|| keys.first().copied())
            .or_else(|| self.version_first_column().then_some(0))
            .or_else(dated_key);
        let group = key_head.and_then(|k| keys.iter().copied().find(|&c| c < k && !numbered(c)));
        // "Requirements | Status | DeepStream" over "X86 Driver 525 …" and
        // "Jetson Orin with JetPack 6.0": rows of platforms, one naming an
        // architecture, each with the versions the other heads name.
        if named_head.is_none() && key_head.is_none() && !mostly(self.share(0, looks_like_version))
        {
            let known = self.known_columns();
            if !known.is_empty() && self.platform_rows() {
                // "GPU Support" over "CUDA 12.8": a column whose cells name
                // what they give a version of is read too.
                let components = (1..width)
                    .filter(|&c| {
                        known.contains(&c)
                            || mostly(self.share(c, |cell| {
                                !looks_like_version(cell) && !listed(cell).is_empty()
                            }))
                    })
                    .collect();
                return Kind::Releases {
                    key: 0,
                    components,
                    group: None,
                };
            }
        }
        // "Package name | CUDA version | cuDNN version" (NNabla's CUDA
        // extension packages): a column of names beside two or more columns
        // headed by components relnotes knows is a table of variants, one
        // a row, keyed by their names.
        if let Some(named) = named_head {
            let known_columns: Vec<usize> = (0..width)
                .filter(|&c| c != named && Some(c) != action && !previous(c))
                .filter(|&c| {
                    component_head(self.head_of(c)).is_some_and(|name| {
                        names::is_alias(&name)
                            && mostly(self.share(c, |cell| headed_version(&name, cell).is_some()))
                    })
                })
                .collect();
            if known_columns.len() >= 2 && known_columns.len() + 1 == width {
                return Kind::Releases {
                    key: named,
                    components: known_columns,
                    group: None,
                };
            }
        }
        // Rows of releases: a key column and, right of it, columns of
        // versions headed by the components' names.
        if named_head.is_none()
            && let Some(key) = key_head
        {
            let components: Vec<usize> = (0..width)
                .filter(|&c| c != key && Some(c) != group && Some(c) != action && !previous(c))
                .filter(|&c| !(images && mostly(self.share(c, |cell| image_in(cell).is_some()))))
                .filter(|&c| {
                    let head = self.head_of(c);
                    // "Variants" over "62", "117": counts under a head
                    // naming nothing relnotes knows.
                    let counts = mostly(self.share(c, is_measure))
                        && !component_head(head).is_some_and(|n| names::is_alias(&n));
                    // "Container Scripts" over "0.3.6": a head of a name's
                    // words over versions only, what the images also ship.
                    let headed = !head.is_empty()
                        && !is_version_head(head)
                        && !counts
                        && release_column_head(head).is_some_and(|name| {
                            mostly(self.share(c, |cell| headed_version(&name, cell).is_some()))
                        });
                    let named_by_row = self.namer_of(c).is_some() && versions(c);
                    // A column of packages each cell names with its
                    // version ("pandas==0.25.1 numpy=1.20.1").
                    let listing = mostly(self.share(c, |cell| {
                        !looks_like_version(cell) && !listed_parts(cell).is_empty()
                    }));
                    headed
                        || named_by_row
                        || listing
                        || self.slashed_column(c)
                        || self.alternatives_column(c)
                })
                .collect();
            // A head saying what the rows are ("Tag", "Release Version",
            // "Environment Name") makes them releases; "Version" alone
            // needs a component relnotes knows among the other heads (an
            // evaluation's "Tasks | Version | n-shot | Value" is none).
            // A column of dates beside the key ("Version | Release date |
            // Kubernetes | Etcd"): each row is a release, when it came out.
            let dated = (0..width).any(|c| c != key && dates(c));
            let strong = !is_version_head(self.head_of(key)) || dated;
            // "ClickHouse JDBC version" says its column holds versions of
            // what it names, as a name relnotes knows does.
            let known_head = components.iter().any(|&c| {
                component_head(self.head_of(c)).is_some_and(|n| names::is_alias(&n))
                    || headed_name(self.head_of(c)).is_some()
                    || self.slashed_column(c)
                    || self.alternatives_column(c)
            });
            // A table of images or of a product's builds: their tags state
            // what each holds.
            let tagged = images || (key == 0 && self.builds_first());
            if (!components.is_empty() || tagged) && (strong || known_head || tagged) {
                return Kind::Releases {
                    key,
                    components,
                    group,
                };
            }
        }
        // Of the columns of names, the fullest: a first column of category
        // labels over rows of names is none.
        let name = named_head.or_else(|| {
            (0..width)
                .filter(|&c| Some(c) != action && names(c))
                // Of two as full, one not grouping the rows: "container |
                // OS/tool" over `gwas.sif` in a run of rows, one a tool,
                // groups the tools, which are the rows' names.
                .max_by_key(|&c| {
                    (
                        self.share(c, is_name_cell).0,
                        !self.groups_rows(c),
                        std::cmp::Reverse(c),
                    )
                })
        });
        // "Package" over `binutils-2.22.52`, `openssl-1.0.1b` (Strawberry
        // Perl's external libraries): a column of archives' names, each a
        // name and its version joined by `-`, names its components and
        // their versions at once.
        let dashed = || {
            (0..width)
                .find(|&c| mostly(self.share(c, |cell| dashed_pair(cell).is_some())))
                .map(|c| Kind::Components {
                    name: c,
                    versions: vec![c],
                    action,
                })
        };
        let Some(name) = name else {
            return dashed().unwrap_or(Kind::Other);
        };
        // "Model | Weight route | TP" (a serving fork's supported models,
        // `Qwen3.8-27B` over a parallelism of 4): rows of models, samples
        // or demos name no component.
        if in_list(self.head_of(name), |w| &w.statements.examples) {
            return Kind::Other;
        }
        let versions: Vec<usize> = (0..width)
            .filter(|&c| c != name && Some(c) != action && !previous(c))
            .filter(|&c| {
                let head = self.head_of(c);
                // A column of counts or scores ("317", "0.99993") under a
                // head that says no version holds measures.
                let measures = !is_version_head(head) && mostly(self.share(c, is_measure));
                versions(c)
                    && !measures
                    && !self.is_ordinal(c)
                    && (head.is_empty() || !is_name_head(head))
            })
            .collect();
        if versions.is_empty() {
            return dashed().unwrap_or(Kind::Other);
        }
        Kind::Components {
            name,
            versions,
            action,
        }
    }

    /// Whether column `c` numbers the rows ("1.", "2.", "3." …): no
    /// versions.
    fn is_ordinal(&self, c: usize) -> bool {
        let numbers: Vec<Option<u64>> = self
            .rows
            .iter()
            .map(|(_, cells)| {
                self.cell(cells, c)
                    .and_then(|cell| cell.trim().trim_end_matches('.').parse().ok())
            })
            .collect();
        numbers.len() >= 2
            && numbers
                .windows(2)
                .all(|pair| matches!(pair, [Some(a), Some(b)] if *b == a + 1))
    }

    /// The components of a component table, from the column `choice`
    /// names, else the release's own, else per architecture, else one a
    /// GPU image takes (`[tables] preferred_columns`), else the first.
    pub(crate) fn read(&self, choice: Choice) -> Option<Read> {
        let Kind::Components {
            name,
            versions,
            action,
        } = self.kind()
        else {
            return None;
        };
        let heads: Vec<(usize, String)> = versions
            .iter()
            .map(|&c| (c, self.head_of(c).to_string()))
            .collect();
        let column_of = |c: usize| -> Vec<(String, String)> {
            self.rows
                .iter()
                .filter(|(_, cells)| {
                    action
                        .and_then(|a| self.cell(cells, a))
                        .is_none_or(|a| !is_removal(a))
                })
                .flat_map(|(_, cells)| {
                    let (Some(named), Some(version)) =
                        (self.cell(cells, name), self.cell(cells, c))
                    else {
                        return Vec::new();
                    };
                    if c == name {
                        return dashed_pair(named).into_iter().collect();
                    }
                    slash_pairs(&clean_cell(named), &clean_cell(version))
                        .unwrap_or_else(|| pair(named, version))
                })
                .collect()
        };
        let mut read = Read::default();
        // "OS | Version | Kernel": the one column headed "Version" holds the
        // rows' versions; the others say something else of them.
        let heads: Vec<(usize, String)> = match heads
            .iter()
            .filter(|(_, h)| is_version_head(h))
            .collect::<Vec<_>>()
            .as_slice()
        {
            [one] => vec![(*one).clone()],
            _ => heads,
        };
        if heads.len() == 1 {
            read.components = column_of(heads[0].0);
            return (!read.components.is_empty()).then_some(read);
        }
        if choice.column.is_none()
            && let Some(components) = self.naming_columns(name, action)
        {
            read.components = components;
            return Some(read);
        }
        let named = |wanted: &str| {
            let wanted_key = key(wanted);
            heads
                .iter()
                .find(|(_, h)| key(h) == wanted_key)
                .or_else(|| heads.iter().find(|(_, h)| heads_column(h, wanted)))
                // "macOS - 2020.11", the column of release `macOS-2020.11`.
                .or_else(|| heads.iter().find(|(_, h)| slug(h) == slug(wanted)))
                .map(|(c, _)| *c)
        };
        let archs: Vec<(usize, String)> = heads
            .iter()
            .filter_map(|(c, h)| arch_of(h).map(|a| (*c, a)))
            .collect();
        let chosen = choice
            .column
            .and_then(named)
            .or_else(|| choice.release.and_then(named));
        if chosen.is_none() && archs.len() == heads.len() {
            read.per_arch = archs
                .iter()
                .map(|(c, arch)| (arch.clone(), column_of(*c)))
                .collect();
            return read
                .per_arch
                .iter()
                .any(|(_, p)| !p.is_empty())
                .then_some(read);
        }
        let preferred = || {
            heads.iter().find_map(|(c, h)| {
                let h = key(h);
                let amd64 = arch_of(&h).is_some_and(|a| a == "amd64");
                let gpu = words::each().any(|w| {
                    w.tables
                        .preferred_columns
                        .iter()
                        .any(|p| h == *p || h.split(|c: char| !c.is_alphanumeric()).any(|x| x == p))
                });
                (amd64 || gpu).then_some(*c)
            })
        };
        let c = chosen.or_else(preferred).unwrap_or(heads[0].0);
        read.components = column_of(c);
        read.column = Some(self.head_of(c).to_string());
        read.left = heads
            .iter()
            .filter(|(h, _)| *h != c)
            .map(|(_, head)| head.clone())
            .filter(|h| !h.is_empty())
            .collect();
        (!read.components.is_empty()).then_some(read)
    }
}

/// A count or a score, no version: a whole number (`317`), or a fraction
/// below one written with four decimals or more (`0.99993`).
/// A version of two numbers or more inside an image tag of words.
static DOTTED_IN_TAG: std::sync::LazyLock<regex::Regex> =
    std::sync::LazyLock::new(|| regex::Regex::new(r"\d+(?:\.\d+)+").unwrap());

/// A score of two digits and two decimals (`57.60`, `**65.73**`), as
/// evaluations write them (a version's major is rarely of two digits with a
/// minor of two).
fn is_score(cell: &str) -> bool {
    let t = cell.trim().trim_matches(['*', '_']);
    t.split_once('.').is_some_and(|(whole, decimals)| {
        whole.len() == 2
            && whole.bytes().all(|b| b.is_ascii_digit())
            && decimals.len() == 2
            && decimals.bytes().all(|b| b.is_ascii_digit())
    })
}

fn is_measure(cell: &str) -> bool {
    let t = cell.trim();
    let whole = !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    let fraction = t
        .strip_prefix("0.")
        .is_some_and(|d| d.len() >= 4 && d.bytes().all(|b| b.is_ascii_digit()));
    // A shape: `(1, 32, 112, 112)`, `[1, 3, 224, 224]` (its brackets
    // cleaned away as a link's).
    let inner = t.trim_matches(['(', ')', '[', ']']);
    let tuple = inner.contains(',')
        && inner
            .split(',')
            .all(|n| !n.trim().is_empty() && n.trim().bytes().all(|b| b.is_ascii_digit()));
    whole || fraction || tuple || is_amount(t)
}

/// A number and its unit (`[tables] units`): "280.19 sec", "3724ms",
/// "13.18 GB".
fn is_amount(cell: &str) -> bool {
    let t = cell.trim();
    let number_end = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(number_end);
    number.parse::<f64>().is_ok() && in_list(unit.trim(), |w| &w.tables.units)
}

/// Whether a cell names a tag that moves (`[tables] moving_tags`).
fn is_moving_tag(cell: &str) -> bool {
    in_list(cell, |w| &w.tables.moving_tags)
}

/// A template's placeholder where a version will stand (`@project.version@`,
/// `${spring.version}`, `{{ version }}`: a page copied from its source
/// before the build filled it in).
fn is_placeholder(cell: &str) -> bool {
    let t = cell.trim();
    let inner = t
        .strip_prefix('@')
        .and_then(|r| r.strip_suffix('@'))
        .or_else(|| t.strip_prefix("${").and_then(|r| r.strip_suffix('}')))
        .or_else(|| t.strip_prefix("{{").and_then(|r| r.strip_suffix("}}")));
    inner.is_some_and(|i| {
        let i = i.trim();
        !i.is_empty()
            && i.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_'))
    })
}

/// A cell that names a component: a short name, no version first, no
/// sentence.
fn is_name_cell(cell: &str) -> bool {
    let t = cell.trim();
    !t.is_empty()
        && t.chars().count() <= 60
        && !looks_like_version(t)
        && !crate::dates::is_date_alone(t)
        && !t.ends_with(['.', '。'])
        && t.chars().any(char::is_alphabetic)
}

/// A cell of a version column: a version first, or a name and its version
/// ("PyTorch 2.9", "Ubuntu 20.04").
fn holds_version(cell: &str) -> bool {
    looks_like_version(cell) || !listed(cell).is_empty()
}

/// The components a cell or line lists: as items ("pandas==0.25.1,
/// numpy=1.20.1", "CUDA 12.4 and cuDNN 9.1"), else as a run of names and
/// versions one after another ("CUDA 12.1 Python 3.9 JupyterLab 3.6", a
/// list in a cell copied as one line).
pub(crate) fn listed(text: &str) -> Vec<(String, String)> {
    let text = clean_cell(text);
    let text = if text.contains('(') {
        latin_named(&text)
    } else {
        text
    };
    let items = component_list(&text);
    if !items.is_empty() {
        return items;
    }
    pair_sequence(&text)
        .or_else(|| glued_list(&text))
        .unwrap_or_default()
}

/// "ubuntu16.04, cuda:10.0, cudnn7, python3.7, pytorch1.4.0" (shunyooo's
/// image table): a comma's list whose words are, most of them, names run
/// into their versions, or joined to them by a colon as in an image's
/// reference. Two at least, and no fewer than the words that are not.
fn glued_list(text: &str) -> Option<Vec<(String, String)>> {
    let words: Vec<&str> = text.split(',').map(str::trim).collect();
    if words.len() < 2 || words.iter().any(|w| w.contains(char::is_whitespace)) {
        return None;
    }
    let read: Vec<(String, String)> = words
        .iter()
        .filter_map(|word| {
            let colon = word.split_once(':').filter(|(name, version)| {
                name.len() >= 2
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    && name.starts_with(|c: char| c.is_ascii_alphabetic())
                    && version.contains('.')
                    && looks_like_version(version)
            });
            match colon {
                Some((name, version)) => Some((name.to_string(), version.to_string())),
                None => crate::tags::glued(word),
            }
        })
        .filter(|(name, _)| !crate::words::is_version_label(name))
        .collect();
    (read.len() >= 2 && read.len() * 2 >= words.len()).then_some(read)
}

/// "gcc14.2.0", "openmpi-5.0.8, mpich-4.3.1" (PICLas' tested combinations,
/// under "Compiler" and "MPI"): one word or a comma's list of words, each
/// a name glued to its dotted version, by a dash or not.
fn glued_tokens(cell: &str) -> Option<Vec<(String, String)>> {
    clean_cell(cell)
        .split(", ")
        .map(|word| {
            let word = word.trim();
            if word.contains(char::is_whitespace) {
                return None;
            }
            crate::tags::glued(word)
                .or_else(|| dashed_cell(word))
                // (`version-1.20.0`, a registry's tag: the word for a
                // version names nothing.)
                .filter(|(name, _)| !crate::words::is_version_label(name))
        })
        .collect()
}

/// `text` with each name written in another script before its Latin one
/// in parentheses ("넘파이(numpy)", "케라스(keras)") as the Latin name: the
/// package's own.
fn latin_named(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let (before, after) = rest.split_at(open);
        let Some(close) = after.find(')') else {
            break;
        };
        let inner = &after[1..close];
        let word_start = before
            .rfind(|c: char| c.is_whitespace() || c.is_ascii_punctuation())
            .map_or(0, |at| {
                at + before[at..].chars().next().map_or(1, char::len_utf8)
            });
        let word = &before[word_start..];
        let native = !word.is_empty() && word.chars().all(|c| c.is_alphabetic() && !c.is_ascii());
        let latin = !inner.is_empty()
            && inner.starts_with(|c: char| c.is_ascii_alphabetic())
            && inner
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
        if native && latin {
            out.push_str(&before[..word_start]);
            out.push_str(inner);
        } else {
            out.push_str(before);
            out.push_str(&after[..=close]);
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// What [`listed`] gives of a cell, else of each of its parts parted by
/// `/` ("Python 3.9/compute_35": a note of two things).
fn listed_parts(cell: &str) -> Vec<(String, String)> {
    let whole = listed(cell);
    if !whole.is_empty() || !cell.contains('/') {
        return whole;
    }
    cell.split('/').flat_map(listed).collect()
}

/// `CUDA 12.1 Python 3.9 JupyterLab 3.6`: names of one to three words each
/// followed by its version, and nothing else (a note in parentheses aside).
fn pair_sequence(text: &str) -> Option<Vec<(String, String)>> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut name: Vec<&str> = Vec::new();
    // "Admin v0.6.92 to v0.6.112 Propeller v0.16.19 to v0.16.32": each pair
    // at the version it went to.
    let mut went_to = false;
    for word in text.split_whitespace() {
        if word.starts_with('(') || word.ends_with(')') {
            // "(code-server plugin)": a note on the pair before it.
            continue;
        }
        let to_word = words::each()
            .any(|w| w.claims.to.iter().any(|t| t.eq_ignore_ascii_case(word)))
            || matches!(word, "→" | "->");
        if to_word && name.is_empty() && !out.is_empty() {
            went_to = true;
            continue;
        }
        if went_to && looks_like_version(word) {
            went_to = false;
            if let (Some(last), Some(version)) = (out.last_mut(), cell_version(word)) {
                last.1 = version;
            }
            continue;
        }
        went_to = false;
        if looks_like_version(word) && !name.is_empty() {
            // A name that is no package name ("MySQL Connector/Python")
            // gives nothing; the pairs around it stand.
            let written = name.join(" ");
            if let (Some(named), Some(version)) =
                (names::component_name(&written), cell_version(word))
            {
                out.push((named, version));
            }
            name.clear();
        } else if looks_like_version(word) || name.len() == 3 {
            return None;
        } else {
            name.push(word);
        }
    }
    (name.is_empty() && out.len() >= 2).then_some(out)
}

impl Table {
    /// A column saying what happened to each row's component (`Add`,
    /// `Update`, `Delete`): one word a cell, a few words in all, one of
    /// them (or a word of the head) a removal.
    fn is_action_column(&self, c: usize) -> bool {
        let filled: Vec<&str> = self
            .rows
            .iter()
            .filter_map(|(_, cells)| self.cell(cells, c))
            .collect();
        let mut distinct: Vec<String> = filled.iter().map(|f| key(f)).collect();
        distinct.sort();
        distinct.dedup();
        let one_words = filled
            .iter()
            .all(|f| f.split_whitespace().count() == 1 && f.chars().all(char::is_alphabetic));
        let head_says = self
            .head_of(c)
            .split(['/', ',', ' '])
            .any(|w| !w.is_empty() && is_removal(w));
        !filled.is_empty()
            && one_words
            && distinct.len() <= 4
            && (head_says || distinct.iter().any(|d| is_removal(d)))
    }
}

/// The component a column head of a table of releases names: the head
/// without its version word ("PyTorch Version"), when it is a name.
/// The component a column of a table of releases gives versions of: its
/// head as a component's name, else a head of a few capitalised words
/// ("Container Scripts" over "0.3.6": what each image also ships), never
/// one saying what the rows are ("Git Release").
fn release_column_head(head: &str) -> Option<String> {
    component_head(head).or_else(|| {
        let head = clean_name(head);
        let words: Vec<&str> = head.split_whitespace().collect();
        let fits = (1..=3).contains(&words.len())
            && !is_key_head(&head)
            && words.iter().all(|w| {
                w.starts_with(|c: char| c.is_ascii_uppercase())
                    && crate::package_name::is_package_word(w)
                    && !words::is_version_label(w)
            });
        fits.then(|| words.join("-"))
    })
}

fn component_head(head: &str) -> Option<String> {
    let name = headed_name(head).unwrap_or_else(|| head.to_string());
    names::component_name(&clean_name(&name))
}

/// A name cell without what is no part of the name: a parenthesis
/// ("gcc(計算ノード)", "ROCm Debugger (ROCgdb)").
pub(crate) fn clean_name(cell: &str) -> String {
    let cell = clean_cell(cell);
    let cut = cell.find(['(', '（']).unwrap_or(cell.len());
    let name = cell[..cut].trim();
    // "`CURL_VERSION` | … | `8.2.1`" (a table of build arguments and their
    // defaults): the argument holds the version of what it names.
    match name
        .strip_suffix("_VERSION")
        .or_else(|| name.strip_suffix("_version"))
    {
        Some(named)
            if named.starts_with(|c: char| c.is_ascii_alphabetic())
                && named.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') =>
        {
            named.to_string()
        }
        _ => name.to_string(),
    }
}

/// The version a cell gives: its first version, the new one of "0.1.1 ⇒
/// 0.1.2", without a qualifier after it ("2025.2.2 with hotfix", "3.9.25,
/// 3.9.23").
pub(crate) fn cell_version(cell: &str) -> Option<String> {
    if let Some(marked) = marked_version(cell) {
        return Some(marked);
    }
    let cell = clean_cell(cell);
    // "13.18 GB" under "Size": an image's size, no version.
    if is_amount(&cell) {
        return None;
    }
    // "== 8.3.RC1": a pin is the version; ">= 3.10" a floor, none.
    let cell = match cell.trim_start().strip_prefix("==") {
        Some(pinned) => pinned.trim_start().to_string(),
        None => cell,
    };
    let after_arrow = crate::words::ARROWS
        .iter()
        .filter_map(|a| cell.rsplit_once(a).map(|(_, after)| after))
        .next()
        .unwrap_or(&cell);
    let first = after_arrow
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '、' | '，'))
        .find(|w| !w.is_empty())?;
    // "8.4(Linux & Win)": a note run into the version.
    let first = match first.split_once('(') {
        Some((version, _)) if !version.is_empty() => version,
        _ => first,
    };
    looks_like_version(first).then(|| {
        let v = first.trim_start_matches(['(', '[']);
        let v = v.trim_end_matches([')', ']', ',', '.', ';']);
        match v.strip_prefix(['v', 'V']) {
            Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit()) => rest.to_string(),
            _ => v.to_string(),
        }
    })
}

/// Of several versions in a cell ("3.1, *4.0*"), the one set in
/// emphasis: the default.
fn marked_version(cell: &str) -> Option<String> {
    if !cell.contains(',') {
        return None;
    }
    let marked: Vec<&str> = cell
        .split(',')
        .map(str::trim)
        .filter_map(|v| v.strip_prefix('*')?.strip_suffix('*'))
        .filter(|v| !v.starts_with('*') && looks_like_version(v))
        .collect();
    match marked.as_slice() {
        [one] => Some(one.trim_start_matches(['v', 'V']).to_string()),
        _ => None,
    }
}

/// The version a cell under a head naming component `name` gives, also
/// when the cell repeats the name before it ("maca3.7.1.x" under "maca
/// version") or writes the release letter before it ("R32.7.1" under
/// "L4T Version", as Jetson Linux and OpenVINO number releases).
fn headed_version(name: &str, cell: &str) -> Option<String> {
    cell_version(cell).or_else(|| {
        let cell = clean_cell(cell);
        if let Some(lettered) = lettered_release(&cell) {
            return Some(lettered.to_string());
        }
        if let Some(dated) = dated_codename(&cell) {
            return Some(dated.to_string());
        }
        let rest = cell
            .get(..name.len())
            .filter(|n| n.eq_ignore_ascii_case(name))
            .map(|_| &cell[name.len()..])?;
        let rest = rest.trim_start_matches([' ', '-', '_']);
        rest.starts_with(|c: char| c.is_ascii_digit())
            .then(|| cell_version(rest))
            .flatten()
    })
}

/// A distribution's codename and the day of its build, as Docker's
/// official images tag them (`bionic-20190612`, `bookworm-20240211`): the
/// whole cell, kept as written.
fn dated_codename(cell: &str) -> Option<&str> {
    let cell = cell.trim();
    let (codename, day) = cell.split_once('-')?;
    let codename_ok = !codename.is_empty() && codename.bytes().all(|b| b.is_ascii_lowercase());
    let number = |range: std::ops::Range<usize>| day.get(range)?.parse::<u32>().ok();
    let day_ok = day.len() == 8
        && day.bytes().all(|b| b.is_ascii_digit())
        && number(0..4).is_some_and(|y| (1990..=2100).contains(&y))
        && number(4..6).is_some_and(|m| (1..=12).contains(&m))
        && number(6..8).is_some_and(|d| (1..=31).contains(&d));
    (codename_ok && day_ok).then_some(cell)
}

/// A release written after its letter `R` ("R32.7.1", "r35.4.1", "R20.03"),
/// the whole cell: kept as written.
fn lettered_release(cell: &str) -> Option<&str> {
    let cell = cell.trim();
    let numbers = cell.strip_prefix(['R', 'r'])?;
    let mut parts = numbers.split('.');
    let dotted = parts.clone().count() >= 2;
    (dotted && parts.all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())))
        .then_some(cell)
}

/// A clause of a cell describing a change, by what it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum ChangeClause {
    Removes,
    Other,
    Adds,
    SetsDefault,
}

/// What a cell describing a change ("Add version 9.0", "Default changed to
/// version 2025.2 (was 2024.3)", "Remove Version 6.8") says its component's
/// version is after it (`[tables] change_verbs`, `change_defaults`,
/// `change_before`): `None` when the cell describes no change,
/// `Some(None)` when it names no version the component keeps (a removal).
fn change_version(cell: &str) -> Option<Option<String>> {
    let text = clean_cell(cell);
    let word = |w: &str| {
        w.trim_matches(|c: char| !c.is_alphanumeric())
            .to_lowercase()
    };
    let is_verb = |w: &str| in_list(&word(w), |l| &l.tables.change_verbs);
    let first = text.split_whitespace().next()?;
    if !is_verb(first) && !is_removal(&word(first)) {
        return None;
    }
    let mut best: Option<(ChangeClause, String)> = None;
    for clause in text.split([';', '\n']).flat_map(|c| c.split(". ")) {
        let words: Vec<&str> = clause.split_whitespace().collect();
        let Some(lead) = words.first() else {
            continue;
        };
        let kind = if words
            .iter()
            .any(|w| in_list(&word(w), |l| &l.tables.change_defaults))
        {
            ChangeClause::SetsDefault
        } else if is_removal(&word(lead)) {
            ChangeClause::Removes
        } else if words.iter().any(|w| is_verb(w)) {
            ChangeClause::Adds
        } else {
            ChangeClause::Other
        };
        let versions: Vec<String> = words
            .iter()
            .enumerate()
            // "(was 24.1)" is the version before; "for Python 3.10" another
            // component's.
            .filter(|(i, _)| {
                *i == 0 || {
                    let before = word(words[i - 1]);
                    !in_list(&before, |l| &l.tables.change_before) && !names::is_alias(&before)
                }
            })
            .filter_map(|(_, w)| {
                let w = w.trim_matches(|c: char| matches!(c, '(' | ')' | ',' | '/' | ';'));
                let w = w.strip_suffix('.').unwrap_or(w);
                looks_like_version(w).then(|| w.trim_start_matches(['v', 'V']).to_string())
            })
            .collect();
        // A default's first version; of additions, the last.
        let version = match kind {
            ChangeClause::Removes => continue,
            ChangeClause::SetsDefault => versions.first(),
            _ => versions.last(),
        };
        if let Some(version) = version
            && best.as_ref().is_none_or(|(k, _)| kind >= *k)
        {
            best = Some((kind, version.clone()));
        }
    }
    Some(best.map(|(_, v)| v))
}

/// Whether a cell describes a change of its row's component ("Add
/// version 9.0").
pub(crate) fn describes_change(cell: &str) -> bool {
    change_version(cell).is_some()
        && clean_cell(cell).split_whitespace().any(|w| {
            looks_like_version(
                w.trim_matches(|c: char| matches!(c, '(' | ')' | ',' | '.' | '/' | ';')),
            )
        })
}

/// A row's name cell and version cell → the component, when the name is a
/// package name; a version cell naming its own component ("Ubuntu 24.04")
/// names it.
/// `binutils-2.22.52`, `jpeg-8d`: an archive's name of one word, its
/// package's name and version joined by `-`.
fn dashed_pair(cell: &str) -> Option<(String, String)> {
    let cell = clean_cell(cell);
    let cell = cell.trim();
    if cell.contains(char::is_whitespace) {
        return None;
    }
    let (name, version) = crate::tags::dashed(cell)?;
    let version = version.trim_end_matches(['.', ',']);
    // `ap-northeast-1` (a region) is no package at version 1.
    let dotted_or_lettered =
        version.contains('.') || version.contains(|c: char| c.is_ascii_alphabetic());
    (dotted_or_lettered
        && looks_like_version(version)
        && crate::package_name::is_package_name(name))
    .then(|| names::cell_name(name).map(|n| (n, version.to_string())))
    .flatten()
}

/// "Ubuntu-20.04, CMake-3.2.4.1, Boost-1.81.0, rapidjson": a cell listing
/// archives' names (`name-version`) and names alone, parted by commas, as
/// an image's extensions: each of those versions.
fn dashed_list(cell: &str) -> Vec<(String, String)> {
    let cell = clean_cell(cell);
    if !cell.contains(',') {
        return Vec::new();
    }
    let mut out = Vec::new();
    for item in cell.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        match dashed_pair(item) {
            Some(pair) => out.push(pair),
            None if crate::package_name::is_package_name(item) => {}
            None => return Vec::new(),
        }
    }
    out
}

fn pair(name_cell: &str, version_cell: &str) -> Vec<(String, String)> {
    let name = names::slashed_name(&clean_name(name_cell));
    if let Some(change) = change_version(version_cell) {
        return name.zip(change).into_iter().collect();
    }
    let named = named_values(name.as_deref(), version_cell);
    if !named.is_empty() {
        return named;
    }
    // "jupyterlab | … | ubuntu16.04, python3.7, jupyterlab2.0.1": the
    // row's image, the components its cell lists run into their versions.
    if let Some(glued) = glued_list(&clean_cell(version_cell)) {
        return glued;
    }
    // "Python | Cartopy 0.22, matplotlib, Cython 3.0.8, netcdf4 1.6"
    // (PhyOcean's environments): a cell naming two components or more
    // with their versions lists them; the row's name is their kind.
    // (Dotted versions: "VS Code (8888) + JupyterLab (8889)" are ports.)
    let items = component_list(&clean_cell(version_cell));
    if items.len() >= 2 && items.iter().all(|(_, v)| v.contains('.')) {
        return items;
    }
    let version = cell_version(version_cell)
        .or_else(|| dated_codename(&clean_cell(version_cell)).map(str::to_string));
    if let Some(version) = version {
        return name.map(|n| (n, version)).into_iter().collect();
    }
    let dashed = dashed_list(version_cell);
    if !dashed.is_empty() {
        return dashed;
    }
    let mut listed = component_list(&clean_cell(version_cell));
    match (&name, listed.len()) {
        (Some(n), 1) => vec![(n.clone(), listed.remove(0).1)],
        (None, 1) => listed,
        _ => Vec::new(),
    }
}

/// "OS | Ubuntu 22.04.4", "Compiler | GCC 11.4.0": a value naming a
/// component `data/components.toml` knows before its version, in a row
/// whose name it does not know (a kind of thing), states that component;
/// "Operating system | Rocky Linux 8.10, kernel 4.18.0", "Compilers | GCC
/// 13.2.0, Clang 17.0.6": so does a value listing components, the first
/// opening it.
fn named_values(name: Option<&str>, version_cell: &str) -> Vec<(String, String)> {
    if name.is_some_and(names::is_alias) {
        return Vec::new();
    }
    let cell = clean_cell(version_cell);
    // "Ubuntu 24.04.4 LTS (Noble Numbat)": a note of words only, the
    // release's codename, is no part of what the cell lists.
    let digits = |text: &str| text.chars().filter(char::is_ascii_digit).count();
    let bare = without_notes(&cell);
    let cell = if digits(&bare) == digits(&cell) {
        bare
    } else {
        cell
    };
    let listed = component_list(&cell);
    let opens = |named: &str| {
        let (Some(first_word), Some(named_word)) = (
            cell.split_whitespace().next(),
            named.split_whitespace().next(),
        ) else {
            return false;
        };
        first_word.eq_ignore_ascii_case(named_word)
    };
    match listed.as_slice() {
        [(named, _)] if names::is_alias(named) && opens(named) => listed,
        [(first, _), _, ..] if opens(first) => listed,
        _ => Vec::new(),
    }
}

/// What kind of thing each name under `head` is, as the head writes it in
/// the singular ("SDKs" → "SDK"): an `item_kinds` word of `[tables]`.
fn item_kind(head: &str) -> Option<String> {
    let head = clean_cell(head);
    let head = head.trim();
    words::each()
        .flat_map(|w| &w.tables.item_kinds)
        .find_map(|kind| {
            let singular = head
                .strip_suffix('s')
                .filter(|s| s.eq_ignore_ascii_case(kind));
            (head.eq_ignore_ascii_case(kind) || singular.is_some())
                .then(|| singular.unwrap_or(head).to_string())
        })
}

/// The components of row `cells` of a table of releases: each component
/// column's version under its head's name, or the name and version its
/// cell states.
pub(crate) fn release_row(
    table: &Table,
    cells: &[String],
    components: &[usize],
) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    for &c in components {
        let Some(cell) = table.cell(cells, c) else {
            continue;
        };
        // "CUDA/cuDNN" over "11.2/8.1": a version of each.
        if let Some(pairs) = slash_pairs(&clean_cell(table.head_of(c)), &clean_cell(cell)) {
            out.extend(pairs);
            continue;
        }
        // "CUDA/ROCM Version" over "12.8.93": the one the row names; a row
        // naming the second of one pair (`ROCM6`) takes the second of each
        // ("CuDNN/MIOpen Version": MIOpen).
        if let Some((first, second)) = alternatives(table.head_of(c))
            && let Some(version) = cell_version(&clean_cell(cell)).filter(|_| !cell.contains('/'))
        {
            let name = if second_side(table, cells, components) {
                second
            } else {
                first
            };
            push_precise(&mut out, name, version);
            continue;
        }
        // "Framework | Framework version": the row names the component.
        let head = match table.namer_of(c) {
            Some(n) => table
                .cell(cells, n)
                .and_then(|name| names::cell_name(&clean_name(name))),
            None => release_column_head(table.head_of(c)),
        };
        match (&head, head.as_deref().and_then(|h| headed_version(h, cell))) {
            (Some(head), Some(version)) => push_precise(&mut out, head.clone(), version),
            _ => match item_kind(table.head_of(c)) {
                Some(kind) => out.extend(
                    listed(cell)
                        .into_iter()
                        .map(|(name, version)| (format!("{name}-{kind}"), version)),
                ),
                None => {
                    let parts = listed_parts(cell);
                    if parts.is_empty() {
                        out.extend(glued_tokens(cell).unwrap_or_default());
                    } else {
                        out.extend(parts);
                    }
                }
            },
        }
    }
    // What the row's image names and tags state (`acpt-pytorch-2.2-cuda12.1`,
    // `docker pull …/vllm:0.15.1-ubuntu22.04-py3.10`), where no column did.
    for cell in cells {
        let reference = image_in(cell).or_else(|| {
            (cell.contains(['/', ':', '-', '_']) && !cell.contains(' ')).then(|| cell.to_string())
        });
        if let Some(reference) = reference {
            for (name, version) in crate::tags::components(&reference) {
                let key = names::canonical_key(&name);
                if !out.iter().any(|(n, _)| names::canonical_key(n) == key) {
                    out.push((name, version));
                }
            }
        }
    }
    out
}

/// "clang-1200.0.26.2" under "GCC" (a Mac build's compiler in a column of
/// Linux builds' ones): a cell of one word naming its own component, glued
/// to its version by a dash.
fn dashed_cell(cell: &str) -> Option<(String, String)> {
    let cell = clean_cell(cell);
    if cell.contains(char::is_whitespace) {
        return None;
    }
    let (name, version) = crate::tags::dashed(&cell)?;
    if !name.chars().all(|c| c.is_ascii_alphabetic()) || !version.contains('.') {
        return None;
    }
    Some((name.to_string(), cell_version(version)?))
}

/// Adds `name`'s `version` to `out`; of two versions of one component
/// where one extends the other ("3.10" and "3.10.12"), the longer stays.
fn push_precise(out: &mut Vec<(String, String)>, name: String, version: String) {
    let key = names::canonical_key(&name);
    match out.iter_mut().find(|(n, _)| names::canonical_key(n) == key) {
        Some((_, held)) => {
            if version.starts_with(&format!("{held}.")) {
                *held = version;
            }
        }
        None => out.push((name, version)),
    }
}

/// The head and cell of a row's column naming the driver another reader
/// owns (`[statements] owned_elsewhere`: "CUDA driver | >=361").
pub(crate) fn driver_cell(table: &Table, cells: &[String]) -> Option<(String, String)> {
    (0..table.width()).find_map(|c| {
        let head = clean_cell(table.head_of(c));
        let cell = table.cell(cells, c)?;
        (crate::components::is_owned_elsewhere(&head) && cell.bytes().any(|b| b.is_ascii_digit()))
            .then(|| (head, clean_cell(cell)))
    })
}

/// Whether `cell` names an image by the tag `latest` (`org/image:latest`),
/// not a flavour of it (`:latest-aws`, `:latest_cpu`).
pub(crate) fn names_latest_image(cell: &str) -> bool {
    cell.split(|c: char| !(c.is_alphanumeric() || "/:._-".contains(c)))
        .any(|word| word.contains('/') && word.ends_with(":latest"))
}

/// Whether a key cell marks its row as the default one ("base（默认）",
/// "2024.1 (Recommended)"): a word of `[tables] default_marks`.
pub(crate) fn marks_default(cell: &str) -> bool {
    let lower = cell.to_lowercase();
    words::each().any(|w| {
        w.tables
            .default_marks
            .iter()
            .any(|m| lower.contains(m.as_str()))
    })
}

/// The component a table of releases' key column names in its head
/// ("vLLM version"), with row `cells`' version of it, when relnotes knows
/// the name: "Release version" or "plugin version" names no component.
pub(crate) fn key_component(
    table: &Table,
    cells: &[String],
    key: usize,
) -> Option<(String, String)> {
    let name = component_head(table.head_of(key)).filter(|n| names::is_alias(n))?;
    let version = cell_version(table.cell(cells, key)?)?;
    Some((name, version))
}

/// The components a row of any table states: versions under heads naming
/// components ("vLLM version"), names and versions a cell states, and what
/// the image tags in its cells state (`py312`, `cu130`).
pub(crate) fn row_components(table: &Table, cells: &[String]) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = Vec::new();
    let mut push = |pairs: Vec<(String, String)>| {
        for (name, version) in pairs {
            let key = names::canonical_key(&name);
            if !out.iter().any(|(n, _)| names::canonical_key(n) == key) {
                out.push((name, version));
            }
        }
    };
    for c in 0..table.width() {
        let Some(cell) = table.cell(cells, c) else {
            continue;
        };
        let head = table.head_of(c);
        let name = component_head(head);
        if let (Some(name), Some(version)) =
            (&name, name.as_deref().and_then(|n| headed_version(n, cell)))
        {
            push(vec![(name.clone(), version)]);
        } else if cell.contains(['/', ':', '-', '_']) && !cell.contains(' ') {
            push(crate::tags::components(cell));
        } else {
            // "muAlg-1.12.1 muThrust-1.12.1": names and versions the cell
            // states itself.
            push(listed(cell));
        }
    }
    out
}

/// The packages a code block lists as `pip list` or `pip freeze` print
/// them (`Package  Version` over a rule, `name==version`): each of its
/// blocks of at least three lines, most of them packages.
pub(crate) fn package_listings(lines: &[(usize, String)]) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut block: Option<Vec<&str>> = None;
    for (_, line) in lines {
        let t = line.trim();
        if t.starts_with("```") || t.starts_with("~~~") {
            match block.take() {
                Some(inner) => out.extend(listing_of(&inner)),
                None => block = Some(Vec::new()),
            }
            continue;
        }
        if let Some(inner) = &mut block {
            inner.push(t);
        }
    }
    out
}

/// A code block's lines as a package listing, when they are one.
fn listing_of(lines: &[&str]) -> Vec<(String, String)> {
    let package = |line: &str| -> Option<(String, String)> {
        let line = crate::components::without_source_tag(line);
        let (name, version) = match line.split_once("==") {
            Some((n, v)) => (n.trim(), v.trim()),
            None => {
                let mut words = line.split_whitespace();
                let (name, version) = (words.next()?, words.next()?);
                // `pip list` rows: a name and a version, an editable
                // project's path at most after them.
                if words.clone().count() > 1 || !line.contains("  ") {
                    return None;
                }
                (name, version)
            }
        };
        let name = names::component_name(name)?;
        looks_like_version(version).then(|| (name, version.to_string()))
    };
    let rows: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| !l.is_empty() && !l.chars().all(|c| c == '-' || c == ' '))
        .collect();
    let found: Vec<(String, String)> = rows.iter().filter_map(|l| package(l)).collect();
    if found.len() >= 3 && found.len() * 10 >= rows.len() * 8 {
        return found;
    }
    // `requirements = [ "torch==1.6.0", "pillow>=4.1.1", "wget", ]`: a
    // list of requirement strings in code, its pins the versions.
    let quoted: Vec<&str> = rows
        .iter()
        .map(|l| l.trim().trim_end_matches(','))
        .filter(|l| !l.ends_with(['[', '(']) && !matches!(*l, "]" | ")"))
        .collect();
    let requirements: Vec<&str> = quoted
        .iter()
        .filter_map(|l| {
            l.strip_prefix('"')
                .and_then(|r| r.strip_suffix('"'))
                .or_else(|| l.strip_prefix('\'').and_then(|r| r.strip_suffix('\'')))
        })
        .collect();
    if requirements.len() >= 3 && requirements.len() * 10 >= quoted.len() * 8 {
        requirements
            .iter()
            .filter(|r| r.contains("==") && !r.contains(';'))
            .filter_map(|r| package(r))
            .collect()
    } else {
        Vec::new()
    }
}

/// The image reference a cell holds (`docker pull registry/repo:tag`,
/// `` `repo:tag` ``).
pub(crate) fn image_in(cell: &str) -> Option<String> {
    clean_cell(cell)
        .split_whitespace()
        .map(|w| w.trim_matches(['`', '"', '\'']))
        .find(|w| {
            let Some((repository, tag)) = w.rsplit_once(':') else {
                return false;
            };
            repository.contains('/')
                && !w.contains("://")
                && tag.chars().any(|c| c.is_ascii_digit())
                && !tag.contains('/')
        })
        .map(str::to_string)
}

/// Whether the rows of a table of releases keyed by column `key` (grouped
/// by column `group`) are each another thing: the name each gives (its
/// group cell, else its key without a tag or digest: `pbjam` of
/// `pbjam@sha256:…`, `deepvariant` of `deepvariant:1.10.0`) is a name, and
/// no two rows give one. Rows of one thing's releases share its name or
/// give none (`2.12.0`).
pub(crate) fn rows_are_parts(table: &Table, key: usize, group: Option<usize>) -> bool {
    let mut seen = std::collections::HashSet::new();
    table.rows.len() >= 2
        && table.rows.iter().all(|(_, cells)| {
            let cell = group
                .and_then(|g| table.key_cell(cells, g))
                .or_else(|| table.key_cell(cells, key))
                .map(clean_cell)
                .unwrap_or_default();
            let name = cell
                .split(['@', ':'])
                .next()
                .unwrap_or("")
                .trim()
                .to_lowercase();
            let bare = name.strip_prefix('v').unwrap_or(&name);
            !name.is_empty() && !bare.starts_with(|c: char| c.is_ascii_digit()) && seen.insert(name)
        })
}

/// The releases a key cell names: each tag or version in it (`a`,`b`; an
/// image reference's tag), those a record can be named by.
pub(crate) fn release_keys(cell: &str) -> Vec<String> {
    let cell = clean_cell(cell);
    // ">= 1.5.0": the releases from one on, none of them.
    if cell
        .trim_start()
        .starts_with(['>', '<', '≥', '≤', '~', '^'])
    {
        return Vec::new();
    }
    without_notes(&cell)
        .split([',', ' ', '，', '、'])
        .map(|w| w.trim_matches(['`', '"', '\'', '(', ')']))
        // "1.0.0*", "2.0.0†": a footnote's mark is no part of the release.
        .map(|w| w.trim_end_matches(['*', '†', '‡']))
        .map(|w| w.rsplit_once(':').map_or(w, |(_, tag)| tag))
        .map(|w| {
            crate::dates::year_month(w)
                .or_else(|| path_release(w))
                .or_else(|| module_release(w))
                .unwrap_or_else(|| w.to_string())
        })
        .filter(|w| model::is_release_version(w))
        .collect()
}

/// The last folder a cell's one link points to, when the link's text
/// names nothing (no digit: "Link", "Dockerfile") and the folder holds one
/// (`…/cuda11.6-tf2.9.1-devel`, `…/2.1.0/Dockerfile`).
fn linked_folder(cell: &str) -> Option<String> {
    let rest = cell.trim().strip_prefix('[')?;
    let (text, rest) = rest.split_once("](")?;
    let target = rest.strip_suffix(')')?;
    if text.contains(['[', ']']) || text.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    folder_of(target)
}

/// The last folder a link's `target` names (a `Dockerfile` is its
/// folder's), when it holds a digit and the target no space.
pub(crate) fn folder_of(target: &str) -> Option<String> {
    if target.contains(char::is_whitespace) || target.contains(['|', '(', ')']) {
        return None;
    }
    let target = target.split(['#', '?']).next()?.trim_end_matches('/');
    let mut parts = target.rsplit('/');
    let last = parts.next()?;
    let folder = if last.starts_with("Dockerfile") {
        parts.next()?
    } else {
        last
    };
    folder
        .chars()
        .any(|c| c.is_ascii_digit())
        .then(|| folder.to_string())
}

/// A cell without its notes in parentheses ("4.6.1 (l4t-32.7.1)" →
/// "4.6.1"); a cell that is all note stays whole.
fn without_notes(cell: &str) -> String {
    let mut out = String::with_capacity(cell.len());
    let mut depth = 0usize;
    for c in cell.chars() {
        match c {
            '(' | '（' => depth += 1,
            ')' | '）' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    let out = out.split_whitespace().collect::<Vec<_>>().join(" ");
    if out.is_empty() {
        cell.to_string()
    } else {
        out
    }
}

/// What a key cell's note states ("4.6.1 (l4t-32.7.1)": L4T 32.7.1).
pub(crate) fn key_note_components(cell: &str) -> Vec<(String, String)> {
    let cell = clean_cell(cell);
    let Some((_, note)) = cell.split_once(['(', '（']) else {
        return Vec::new();
    };
    let note = note.trim_end_matches([')', '）']).trim();
    if note.contains(char::is_whitespace) {
        listed(note)
    } else {
        crate::tags::components(note)
    }
}

/// The release a path opening with it names (`2.9.0\\py39\\CPU\\sse2`, a
/// folder of a release's builds): its first part, when that is a release
/// version.
fn path_release(cell: &str) -> Option<String> {
    let cell = clean_cell(cell);
    let cell = cell.trim();
    let (first, rest) = cell.split_once(['\\', '/'])?;
    (!cell.contains(char::is_whitespace)
        && !rest.is_empty()
        && first
            .trim_start_matches(['v', 'V'])
            .starts_with(|c: char| c.is_ascii_digit())
        && model::is_release_version(first))
    .then(|| first.to_string())
}

/// An environment module's name and version (`ml-gpu/20230427`, an HPC
/// site's container module): the version, the release a row of the
/// module's versions names.
fn module_release(cell: &str) -> Option<String> {
    let (name, version) = cell.trim().split_once('/')?;
    (name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        && version.starts_with(|c: char| c.is_ascii_digit())
        && model::is_release_version(version))
    .then(|| version.to_string())
}

/// A build a package channel names by its product, release and tags
/// (`pytorch-2.5.1-py3.12_cuda12.4_cudnn9.1.0_0`): the product and the
/// release, when tags follow the release.
fn build_of(cell: &str) -> Option<(String, String)> {
    let cell = clean_cell(cell);
    let cell = cell.trim();
    if cell.contains(char::is_whitespace) {
        return None;
    }
    let (name, rest) = crate::tags::dashed(cell)?;
    let (release, tags) = rest.split_once(['-', '_'])?;
    (name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !tags.is_empty()
        && release.contains('.')
        && model::is_release_version(release))
    .then(|| (name.to_string(), release.to_string()))
}

/// A key cell of words as one release name ("Ubuntu 22.04 CPU PyTorch
/// Notebook" → `Ubuntu-22.04-CPU-PyTorch-Notebook`), when that makes a
/// release version.
pub(crate) fn release_name(cell: &str) -> Option<String> {
    let name = clean_cell(cell)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join("-");
    model::is_release_version(&name).then_some(name)
}

impl Table {
    /// The column naming the component whose versions column `c` holds:
    /// one headed by the words before the version word of `c`'s head, of
    /// names ("Framework" beside "Framework version": Python, PyTorch).
    fn namer_of(&self, c: usize) -> Option<usize> {
        let named = headed_name(self.head_of(c))?;
        (0..self.width()).find(|&n| {
            n != c && key(self.head_of(n)) == key(&named) && {
                let (yes, of) = self.share(n, is_name_cell);
                of > 0 && yes == of
            }
        })
    }

    /// Whether column `c`'s head names components parted by `/` and its
    /// cells their versions alike ("CUDA/cuDNN" over "11.2/8.1").
    fn slashed_column(&self, c: usize) -> bool {
        let head = clean_cell(self.head_of(c));
        head.contains('/') && {
            let (yes, of) = self.share(c, |cell| slash_pairs(&head, &clean_cell(cell)).is_some());
            of > 0 && yes * 2 >= of
        }
    }

    /// Whether the rows are images of three or more repositories, most
    /// rows one of its own (`mysql:8.0`, `redis:7.0.4`,
    /// `dataelement/bisheng-backend:v2.4.0` in BISHENG's deployment doc):
    /// the containers of one release, no releases.
    pub(crate) fn images_of_a_stack(&self) -> bool {
        let repository = |cells: &[String]| {
            cells.iter().find_map(|cell| {
                let cell = clean_cell(cell);
                let (repository, tag) = cell.trim().rsplit_once(':')?;
                // (No `:` before the tag's: no address, no registry's port.)
                let simple = !repository.contains([' ', '`', ':'])
                    && repository.starts_with(|c: char| c.is_ascii_alphabetic())
                    && tag.chars().any(|c| c.is_ascii_digit())
                    && !tag.contains(['/', ' ']);
                simple.then(|| repository.to_string())
            })
        };
        let repositories: Vec<String> = self
            .rows
            .iter()
            .filter_map(|(_, cells)| repository(cells))
            .collect();
        repositories_of_a_stack(repositories.iter().map(String::as_str), self.rows.len())
    }

    /// Whether column `c`'s head names two components either of which
    /// each of its cells, one version, is of ([`alternatives`]).
    fn alternatives_column(&self, c: usize) -> bool {
        alternatives(self.head_of(c)).is_some() && {
            let (yes, of) = self.share(c, |cell| {
                !cell.contains('/') && cell_version(&clean_cell(cell)).is_some()
            });
            of > 0 && yes * 2 >= of
        }
    }

    /// Row `cells`' key cell, for a table of releases.
    pub(crate) fn key_cell<'a>(&self, cells: &'a [String], key: usize) -> Option<&'a str> {
        self.cell(cells, key)
    }

    /// "directory | Linux distribution | Languages | packages" over "Ruby |
    /// Debian 12 | Ruby（3.2.2） | node.js（18.16.0）, yarn（1.22.19）": two
    /// columns or more whose every cell names what it gives a version of,
    /// other things in each column, are kinds of parts, not alternatives of
    /// one: every part they name. (The row's name column is one of them
    /// when its cells name versions too.)
    fn naming_columns(&self, name: usize, action: Option<usize>) -> Option<Vec<(String, String)>> {
        let naming: Vec<usize> = (0..self.width())
            .filter(|&c| Some(c) != action)
            .filter(|&c| {
                let (yes, of) = self.share(c, |cell| {
                    !looks_like_version(cell) && !listed(cell).is_empty()
                });
                of > 0 && yes == of
            })
            .collect();
        if naming.iter().filter(|&&c| c != name).count() < 2 {
            return None;
        }
        let mut owner: std::collections::HashMap<String, usize> = Default::default();
        let mut out = Vec::new();
        for (_, cells) in &self.rows {
            for &c in &naming {
                for (part, version) in self.cell(cells, c).map(listed).unwrap_or_default() {
                    // A part two columns name ("PyTorch 2.9 | PyTorch 2.8")
                    // makes them alternatives after all.
                    if *owner.entry(names::key(&part)).or_insert(c) != c {
                        return None;
                    }
                    out.push((part, version));
                }
            }
        }
        Some(out)
    }

    /// A table of settings, two columns, whose value cell lists three
    /// components or more ("Runtime | vLLM `0.30.0+xpu`, XPU kernels
    /// `0.1.15.4`, …, IGC `2.41.5`", a serving recipe's settings): the
    /// components those cells list.
    pub(crate) fn listing_cells(&self) -> Vec<(String, String)> {
        if self.width() != 2 {
            return Vec::new();
        }
        self.rows
            .iter()
            .filter_map(|(_, cells)| self.cell(cells, 1))
            .map(listed)
            .filter(|pairs| pairs.len() >= 3)
            .flatten()
            .collect()
    }

    /// A matrix of machines whose cells are environment modules
    /// ("| **Cuda** | | gpu/cuda/9.2 |" under "| | Topola | Okeanos | Rysy
    /// |", an HPC centre's compilers per cluster): the modules of the
    /// column `choice` names, else of the first column holding any, with
    /// that column's head and the heads of the columns left. (A cell is
    /// read as a module by `module_entry`, the listings' reader.)
    pub(crate) fn module_cells(
        &self,
        choice: Choice,
        module_entry: fn(&str) -> Option<(String, String)>,
    ) -> Option<ModuleColumn> {
        let module = |cell: &str| {
            let cell = clean_cell(cell);
            // `gcc/8.3.0(default)`: the module, its mark left.
            let word = cell.split('(').next().unwrap_or(&cell).trim();
            (!word.contains(char::is_whitespace))
                .then(|| module_entry(word))
                .flatten()
        };
        let shares: Vec<(usize, (usize, usize))> = (1..self.width())
            .map(|c| (c, self.share(c, |cell| module(cell).is_some())))
            .filter(|(_, (yes, _))| *yes >= 1)
            .collect();
        let (yes, of) = shares
            .iter()
            .fold((0, 0), |(y, o), (_, (yes, of))| (y + yes, o + of));
        if yes < 3 || yes * 2 < of {
            return None;
        }
        let columns: Vec<usize> = shares.iter().map(|(c, _)| *c).collect();
        let modules = |c: usize| -> Vec<(String, String)> {
            self.rows
                .iter()
                .filter_map(|(_, cells)| module(self.cell(cells, c)?))
                .collect()
        };
        // A column the user names is read even when it holds no module
        // here: another machine's modules are not this one's.
        let named = choice
            .column
            .and_then(|wanted| (1..self.width()).find(|&c| heads_column(self.head_of(c), wanted)));
        let read = named.or_else(|| columns.first().copied())?;
        let left = columns
            .iter()
            .filter(|&&c| c != read)
            .map(|&c| clean_cell(self.head_of(c)))
            .collect();
        Some(ModuleColumn {
            head: clean_cell(self.head_of(read)),
            left,
            modules: modules(read),
        })
    }

    /// A chart's settings naming images (`x.image.repository` `"postgres"`
    /// beside `x.image.tag` `"18"`, as helm-docs writes a chart's values):
    /// each image and the version its tag holds.
    pub(crate) fn setting_images(&self) -> Vec<(String, String)> {
        let Some(default) =
            (0..self.width()).find(|&c| in_list(self.head_of(c), |w| &w.tables.setting_heads))
        else {
            return Vec::new();
        };
        let value = |cells: &[String]| -> Option<String> {
            // Without its quotes, double or single (as escapes: a lone
            // quote mark confuses scripts/module-circles.py's reading).
            let v = self
                .cell(cells, default)?
                .trim()
                .trim_matches(['\u{22}', '\u{27}'])
                .trim();
            (!v.is_empty() && v != "nil" && v != "null").then(|| v.to_string())
        };
        let keyed: Vec<(&str, Option<String>)> = self
            .rows
            .iter()
            .filter_map(|(_, cells)| Some((self.cell(cells, 0)?, value(cells))))
            .collect();
        let mut out = Vec::new();
        for (key, repository) in &keyed {
            let (Some(prefix), Some(repository)) = (key.strip_suffix("repository"), repository)
            else {
                continue;
            };
            let tag = keyed
                .iter()
                .find(|(k, _)| k.strip_prefix(prefix) == Some("tag"))
                .and_then(|(_, t)| t.as_deref());
            let Some(tag) = tag else { continue };
            // "version-20.3.0-nonroot": the version inside a tag of words.
            let version = if tag.starts_with(|c: char| c.is_ascii_digit()) {
                Some(tag.to_string())
            } else {
                DOTTED_IN_TAG.find(tag).map(|m| m.as_str().to_string())
            };
            if let (Some(name), Some(version)) = (names::slashed_name(repository), version) {
                out.push((name, version));
            }
        }
        out
    }

    /// The columns right of the first headed by a component's name and
    /// holding its versions.
    fn known_columns(&self) -> Vec<usize> {
        (1..self.width())
            .filter(|&c| {
                let head = self.head_of(c);
                !is_version_head(head)
                    && !is_previous_head(head)
                    && component_head(head).is_some_and(|name| {
                        let (yes, of) = self.share(c, |cell| headed_version(&name, cell).is_some());
                        of > 0 && yes * 2 >= of
                    })
            })
            .collect()
    }

    /// Whether the first column's cells are platforms, one naming an
    /// architecture in its words ("X86 Driver 525(Datacenter)").
    pub(crate) fn platform_rows(&self) -> bool {
        self.head.is_some()
            && !is_key_head(self.head_of(0))
            && self
                .rows
                .iter()
                .any(|(_, cells)| self.cell(cells, 0).is_some_and(|k| arch_in(k).is_some()))
    }
}

/// A line naming components and their version after a colon: `CUDA:
/// 12.2`, `SDK Version: 1.57.0`, `python3.8, python3.8-minimal: 3.8.10-0`,
/// `bind9: 1:9.18.28-0`, `ml: '2.32.4'` (a list item's bullet aside).
pub(crate) fn key_value(line: &str) -> Option<Vec<(String, String)>> {
    let t = line.trim();
    let t = t.strip_prefix("- ").unwrap_or(t);
    // A log line's level (`[INFO]   TT-KMD: 2.3.0`) is no part of the name.
    let t = match t.strip_prefix('[').and_then(|r| r.split_once(']')) {
        Some((level, rest))
            if !level.is_empty() && level.chars().all(|c| c.is_ascii_uppercase()) =>
        {
            rest.trim_start()
        }
        _ => t,
    };
    let (names, value) = t.split_once([':', '：'])?;
    // `androidx.core:core-ktx -> 1.3.1` (Coil's changelog): the colon of a
    // Maven coordinate, no label's.
    let first_word = t.split_whitespace().next().unwrap_or(t);
    if crate::package_name::is_maven_coordinate(first_word.trim_matches(['`', '*'])) {
        return None;
    }
    // No digit after the label, no version: most lines of prose stop here.
    if !value.bytes().any(|b| b.is_ascii_digit()) {
        return None;
    }
    // "Image Version: 24.12.09" names the release, not a component.
    let label = key(&names.replace(['*', '`'], ""));
    if words::each().any(|w| w.tables.release_labels.contains(&label)) {
        return None;
    }
    // "Git upgrade: `2.53.0` -> `2.54.0`": the version it went to, named
    // without the change word.
    let (names, value) = match crate::words::ARROWS
        .iter()
        .find_map(|arrow| value.rsplit_once(arrow))
    {
        Some((_, to)) => (
            names
                .trim_end()
                .rsplit_once(' ')
                .filter(|(_, last)| crate::components::is_change_mark(last))
                .map_or(names, |(head, _)| head),
            to,
        ),
        None => (names, value),
    };
    let value = value.trim().trim_matches(['`', '\'', '"']);
    // "bind: version 9.20.8": the word for a version before it; so
    // labelled, a number alone is a version too ("less: version 674").
    let (value, labelled) = match value.split_once(' ') {
        Some((word, rest))
            if words::is_version_label(word)
                && rest
                    .trim_start_matches(['v', 'V'])
                    .starts_with(|c: char| c.is_ascii_digit()) =>
        {
            (rest.trim(), true)
        }
        _ => (value, false),
    };
    if let Some(pairs) = slash_pairs(names, value) {
        return Some(pairs);
    }
    let labelled_number = || {
        let word = value.split_whitespace().next().unwrap_or("");
        (labelled
            && word.starts_with(|c: char| c.is_ascii_digit())
            && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '.'))
        .then(|| word.to_string())
    };
    let Some(version) = cell_version(value).or_else(labelled_number) else {
        // "OS版本：Ubuntu 20.04", "依赖软件版本：pytorch-1.12.1+cpu": the
        // value names its component itself; "依赖软件版本：sentencepiece==0.2.0,
        // transformers==4.40.1": each of its pins.
        return value_naming_itself(value)
            .map(|pair| vec![pair])
            .or_else(|| {
                let parts: Vec<&str> = value.split([',', '，', '、']).collect();
                if parts.len() < 2 || !parts.iter().all(|p| p.contains("==")) {
                    return None;
                }
                let listed = crate::components::listed_components(value);
                (listed.len() == parts.len()).then_some(listed)
            });
    };
    // Nothing but the version (and a note in parentheses) after the colon.
    let rest = value[value.find(&version).map_or(0, |at| at + version.len())..].trim();
    let rest = rest.trim_start_matches('.');
    // "Stable Diffusion WebUI 版本：374bb6cc 2025-03-04 11:11:26" (licyk's
    // update log): a version and the moment it was made.
    let dated = || {
        let mut words = rest.split_whitespace();
        words.next().is_some_and(crate::dates::is_date_alone)
            && words.all(|w| w.contains(':') && w.chars().all(|c| c.is_ascii_digit() || c == ':'))
    };
    if !(rest.is_empty() || rest.starts_with(['(', '（']) || dated()) {
        return None;
    }
    let names: Vec<String> = names
        .split([',', '，', '、'])
        .map(|n| {
            let n = clean_name(n);
            // "SDK Version": the version word is no part of the name.
            headed_name(&n).unwrap_or(n)
        })
        .map(|n| {
            names::component_name(&n)
                .or_else(|| names::slashed_name(&n))
                .or_else(|| name_among_other_script(&n))
        })
        .collect::<Option<Vec<_>>>()?;
    (!names.is_empty()).then(|| names.into_iter().map(|n| (n, version.clone())).collect())
}

/// The one name a label in another script holds ("对应的 Buildroot":
/// the corresponding Buildroot): its words in ASCII, when they are a name.
fn name_among_other_script(label: &str) -> Option<String> {
    if label.is_ascii() {
        return None;
    }
    let spaced = crate::lines::apart_from_script(label);
    // ("fastgpt-plugin 镜像 tag": the version word is no part of it.)
    let ascii: Vec<&str> = spaced
        .split_whitespace()
        .filter(|w| w.is_ascii() && !words::is_version_label(w))
        .collect();
    (!ascii.is_empty() && ascii.len() <= 3)
        .then(|| names::component_name(&ascii.join(" ")))
        .flatten()
}

/// Names and versions paired by slashes ("PyTorch / torch_npu: 2.10.0 /
/// 2.10.0.post4", "METIS/ParMETIS | 5.1.0/4.0.3"): one version a name.
fn slash_pairs(names: &str, value: &str) -> Option<Vec<(String, String)>> {
    let pairs: Vec<&str> = names.split('/').collect();
    let values: Vec<&str> = value.split('/').collect();
    if pairs.len() < 2 || pairs.len() != values.len() {
        return None;
    }
    pairs
        .iter()
        .zip(&values)
        .map(|(n, v)| {
            let name = names::component_name(&clean_name(n))?;
            // "11.7.0_516.01": a version and the build of what it came
            // with (the driver inside CUDA's installer's name).
            let version = match v.trim().split_once('_') {
                Some((version, build)) if build.starts_with(|c: char| c.is_ascii_digit()) => {
                    cell_version(version)
                }
                _ => cell_version(v),
            }?;
            Some((name, version))
        })
        .collect()
}

/// Whether a row names (in a cell opening with it, `ROCM6`) the second
/// of the two components a column of alternatives names ([`alternatives`]).
fn second_side(table: &Table, cells: &[String], components: &[usize]) -> bool {
    let seconds: Vec<String> = components
        .iter()
        .filter_map(|&c| alternatives(table.head_of(c)))
        .filter_map(|(_, second)| Some(second.split_whitespace().next()?.to_lowercase()))
        .collect();
    cells.iter().any(|cell| {
        let cell = clean_cell(cell).to_lowercase();
        !cell.starts_with(|c: char| c.is_ascii_digit())
            && seconds.iter().any(|s| cell.starts_with(s.as_str()))
    })
}

/// A head naming two components one of which each row's version is of,
/// parted by a slash, with words both share after them and a version word
/// ("CUDA/ROCM Version", "NVIDIA/ROCM driver version" in AIME's table of
/// containers for either GPU): the two names.
fn alternatives(head: &str) -> Option<(String, String)> {
    let head = clean_name(head);
    let words: Vec<&str> = head.split_whitespace().collect();
    let (last, _) = words.split_last()?;
    let words = if crate::words::is_version_label(last) {
        &words[..words.len() - 1]
    } else {
        &words[..]
    };
    let (pair, shared) = words.split_first()?;
    let (first, second) = pair.split_once('/')?;
    if first.is_empty() || second.is_empty() || second.contains('/') || shared.len() > 1 {
        return None;
    }
    let with_shared = |name: &str| {
        std::iter::once(name)
            .chain(shared.iter().copied())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (first, second) = (with_shared(first), with_shared(second));
    let known = |n: &str| names::component_name(n).is_some();
    (known(&first) && known(&second)).then_some((first, second))
}

/// A value that is a name and its version, apart or joined by a dash
/// (`Ubuntu 20.04`, `pytorch-1.12.1+cpu`).
fn value_naming_itself(value: &str) -> Option<(String, String)> {
    let value = value.trim();
    if !value.contains(char::is_whitespace)
        && let Some((name, version)) = crate::tags::dashed(value)
    {
        let version = cell_version(version)?;
        return Some((names::component_name(name)?, version));
    }
    name_version(value)
}

/// Whether a line labels a version with a head ending in a version word
/// ("加速卡驱动版本：4.0.25", "Docker镜像和版本：…") though its name is no
/// component's: a line of a run of such labels.
fn labels_a_version(line: &str) -> bool {
    let t = line.trim();
    let t = t.strip_prefix("- ").unwrap_or(t);
    t.split_once([':', '：']).is_some_and(|(label, value)| {
        !value.trim().is_empty()
            && label.chars().count() <= 30
            && headed_name(label.trim()).is_some()
    })
}

/// A part's title that is a name and a version, nothing more: a name of
/// one word, or of capitalised words a name's cell may hold ("Legacy
/// Compat v1.6", "Mods Base v1.12"; "News about 8.3" is a sentence's
/// words).
pub(crate) fn part_title(title: &str) -> Option<(String, String)> {
    let title = clean_cell(title.trim_matches(['#', ' ']));
    let words: Vec<&str> = title.split_whitespace().collect();
    match words.as_slice() {
        [_, _] => name_version(&title),
        [name @ .., last] if name.len() <= 4 => {
            let capitalised = name.iter().all(|w| w.starts_with(char::is_uppercase));
            let name = crate::names::cell_name(&name.join(" "))?;
            let version = cell_version(last).filter(|_| looks_like_version(last))?;
            capitalised.then_some((name, version))
        }
        _ => None,
    }
}

/// A line naming one component and its version and nothing more ("ROCm
/// 6.3.1", "vLLM v0.6.6", "PyTorch 2.7.0 (2.7.0a0+git3a58512)": a version in
/// parentheses refining the first is the one taken).
pub(crate) fn name_version(line: &str) -> Option<(String, String)> {
    // No digit, no version: most lines stop here; a range is none either.
    if !line.bytes().any(|b| b.is_ascii_digit()) || crate::ranges::holds_range(line) {
        return None;
    }
    let line = crate::components::without_source_tag(line);
    let t = crate::package_name::without_abbreviations(line.trim());
    let t = if t.contains(['（', '）']) {
        std::borrow::Cow::Owned(t.replace('（', " (").replace('）', ") "))
    } else {
        t
    };
    let t = t.trim();
    let t = t.strip_prefix("- ").unwrap_or(t);
    // "ImageMagick - 6.9.10 (default)" (a build image's software list): a
    // note of words after the version says nothing of it.
    let t = match t.strip_suffix(')').and_then(|h| h.rsplit_once(" (")) {
        Some((head, note))
            if !note.contains(|c: char| c.is_ascii_digit() || c == '(')
                && note.split_whitespace().count() <= 3
                && head
                    .rsplit(' ')
                    .next()
                    .is_some_and(|last| looks_like_version(last) && last.contains('.')) =>
        {
            head.trim_end()
        }
        _ => t,
    };
    // "kubectl - v1.35.6", "AWS CLI (optional; useful as …) v2.24.16": a
    // dash or a note between the name and a version ending the item.
    let between = t.rsplit_once(' ').and_then(|(head, last)| {
        if !looks_like_version(last)
            || !last.starts_with(['v', 'V']) && !last.starts_with(|c: char| c.is_ascii_digit())
        {
            return None;
        }
        let head = head.trim_end();
        let head = head
            .strip_suffix(" -")
            .or_else(|| head.strip_suffix(" –"))
            .or_else(|| {
                let open = head.rfind(" (")?;
                head.ends_with(')').then(|| &head[..open])
            })?;
        Some(format!("{} {last}", head.trim_end()))
    });
    let t = between.as_deref().unwrap_or(t);
    // "KL630 firmware SDK-v2.5.5": a version its line of products labels;
    // "OpenNCC Firmware MV02.101.26" (Eyecloud's release notes): the label
    // run into it.
    let glued_label = |last: &str| {
        let Some(at) = last.find(|c: char| c.is_ascii_digit()) else {
            return false;
        };
        let (label, version) = last.split_at(at);
        (1..=3).contains(&label.len())
            && label.chars().all(|c| c.is_ascii_uppercase())
            && version.contains('.')
            && version.bytes().all(|b| b.is_ascii_digit() || b == b'.')
            && !version.ends_with('.')
    };
    if let Some((head, last)) = t.rsplit_once(' ')
        && glued_label(last)
        && head.split_whitespace().count() <= 3
        && let Some(name) = names::cell_name(&clean_name(head))
    {
        return Some((name, last.to_string()));
    }
    if let Some((head, last)) = t.rsplit_once(' ')
        && let Some((label, version)) = last.split_once('-')
        && (2..=5).contains(&label.len())
        && label.chars().all(|c| c.is_ascii_uppercase())
        && version
            .trim_start_matches(['v', 'V'])
            .starts_with(|c: char| c.is_ascii_digit())
        && looks_like_version(version)
        && version.contains('.')
        && let Some(name) = names::cell_name(&clean_name(head))
    {
        return Some((name, last.to_string()));
    }
    if t.split_whitespace().count() > 6
        || t.ends_with(['.', '。', ':', '：'])
        || t.contains([':', '：'])
    {
        return None;
    }
    let (head, note) = t.split_once('(').unwrap_or((t, ""));
    let mut listed = component_list(&clean_cell(head));
    if listed.len() != 1 {
        return None;
    }
    let (name, version) = listed.remove(0);
    let refined = cell_version(note.trim_end_matches(')'))
        .filter(|v| v.len() > version.len() && v.starts_with(&version));
    Some((name, refined.unwrap_or(version)))
}

/// An item naming what it is and then what it is for, a dash between:
/// "Kelpie 0.6.0 - The Kelpie worker, which …" (a name and its version
/// first), "Python Environment - Miniconda 25.5.1 with Python 3.12" (a
/// label, then names and versions and nothing else).
pub(crate) fn described(line: &str) -> Option<Vec<(String, String)>> {
    if !line.bytes().any(|b| b.is_ascii_digit()) || crate::ranges::holds_range(line) {
        return None;
    }
    let t = line.trim();
    let t = t.strip_prefix("- ").unwrap_or(t);
    let (head, tail) = [" - ", " – ", " — "]
        .iter()
        .filter_map(|d| t.split_once(d))
        .min_by_key(|(head, _)| head.len())?;
    let head = head.trim().trim_matches('*');
    if let Some(pair) = name_version(head) {
        return Some(vec![pair]);
    }
    let listed = crate::components::listed_components(tail.trim());
    (!listed.is_empty() && head.split_whitespace().count() <= 4).then_some(listed)
}

/// The runs of at least two lines of `lines` that each name components
/// and their versions — after a colon ([`key_value`]) or alone on the line
/// ([`name_version`]) —, and single lines labelling a version by a version
/// word ("对应的 Buildroot 版本：v2.0.4"): the index of each line of a run,
/// and the components the runs give.
pub(crate) fn key_value_runs(lines: &[(usize, String)]) -> (Vec<usize>, Vec<(String, String)>) {
    let mut at = Vec::new();
    let mut pairs = Vec::new();
    let mut run: Vec<(usize, Vec<(String, String)>)> = Vec::new();
    // (A list item alone is its list's: "- TorchServe version: 0.12.0" in
    // a list of features stays a feature.)
    let labelled = |i: usize| {
        let line = &lines[i].1;
        !line.trim_start().starts_with("- ") && labels_a_version(line) && key_value(line).is_some()
    };
    let flush = |run: &mut Vec<(usize, Vec<(String, String)>)>,
                 at: &mut Vec<usize>,
                 pairs: &mut Vec<(String, String)>| {
        if run.len() >= 2 || run.first().is_some_and(|(i, _)| labelled(*i)) {
            for (i, p) in run.drain(..) {
                at.push(i);
                pairs.extend(p);
            }
        }
        run.clear();
    };
    for (i, (_, line)) in lines.iter().enumerate() {
        let found = key_value(line)
            .or_else(|| name_version(line).map(|p| vec![p]))
            .or_else(|| described(line));
        match found {
            Some(p) => run.push((i, p)),
            // A label of a version of no component goes on the run.
            None if labels_a_version(line) => {}
            None => flush(&mut run, &mut at, &mut pairs),
        }
    }
    flush(&mut run, &mut at, &mut pairs);
    (at, pairs)
}

/// Whether image references are a stack's containers (`milvusdb/milvus`,
/// `minio/minio`, `redis`), no one image's releases: a repository of its
/// own for most of `entries`, at least three.
pub(crate) fn repositories_of_a_stack<'a>(
    repositories: impl IntoIterator<Item = &'a str>,
    entries: usize,
) -> bool {
    let names: std::collections::HashSet<String> = repositories
        .into_iter()
        .map(|r| r.rsplit('/').next().unwrap_or(r).to_lowercase())
        .collect();
    names.len() >= 3 && names.len() * 2 > entries
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_of_no_name_under_a_key_head_names_its_row_by_its_folder() {
        // kaka-lin's image tables: the Dockerfile column links each image's
        // folder; "<br>" parts a cell's words.
        let t = &tables(&lines(
            "| OS<br>Platform | CPU/GPU | Python | Frameworks | Dockerfile |\n|-|-|-|-|-|\n\
             | Ubuntu<br>18.04 | CPU | 3.6 | Tensorflow 2.0.0 | [Link](https://x.io/tree/master/cpu-tf2.0.0-devel) |\n\
             | Ubuntu<br/>18.04 | CUDA 10.2<br>cuDNN 7 | 3.6 | Tensorflow 2.1.0 | [Link](https://x.io/tree/master/cuda10.2-tf2.1.0-devel/Dockerfile) |",
        ))[0];
        let (key, components) = release_columns(t);
        assert_eq!((key, components.as_slice()), (4, [0, 1, 2, 3].as_slice()));
        let (_, second) = &t.rows[1];
        assert_eq!(
            release_keys(t.key_cell(second, key).unwrap()),
            ["cuda10.2-tf2.1.0-devel"]
        );
        assert_eq!(
            release_row(t, second, &components),
            pairs(&[
                ("Ubuntu", "18.04"),
                ("CUDA", "10.2"),
                ("cuDNN", "7"),
                ("Python", "3.6"),
                ("Tensorflow", "2.1.0")
            ])
        );
        // A link naming something, or to a folder of no digit, stays its text.
        assert_eq!(linked_folder("[v2.1](https://x.io/v2.1.0)"), None);
        assert_eq!(linked_folder("[Link](https://x.io/docs/)"), None);
        assert_eq!(clean_cell("a<BR />b"), "a b");
        assert_eq!(clean_cell("a < b"), "a < b");
    }

    #[test]
    fn columns_of_kinds_whose_cells_name_their_parts_are_each_read() {
        // tom0418's base images: a distribution, languages and packages,
        // each cell naming what it gives the version of.
        let t = &tables(&lines(
            "| directory | Linux distribution | Languages | packages |\n|:-:|:-:|:-:|:-:|\n\
             | [Ruby][Ruby] | Debian 12 | Ruby（3.2.2） | node.js（18.16.0）, yarn（1.22.19） |",
        ))[0];
        let read = t.read(Choice::default()).unwrap();
        assert_eq!(
            read.components,
            pairs(&[
                ("Debian", "12"),
                ("Ruby", "3.2.2"),
                ("node.js", "18.16.0"),
                ("yarn", "1.22.19")
            ])
        );
        assert!(read.column.is_none() && read.left.is_empty());
        // Two images side by side naming the same parts are alternatives.
        let t = &tables(&lines(
            "| Part | vLLM | SGLang |\n|-|-|-|\n\
             | framework | PyTorch 2.9.0 | PyTorch 2.8.0 |\n\
             | compiler | CUDA 12.9 | CUDA 12.8 |",
        ))[0];
        let read = t.read(Choice::default()).unwrap();
        assert_eq!(read.column.as_deref(), Some("vLLM"));
        assert_eq!(read.left, ["SGLang"]);
    }

    #[test]
    fn a_release_written_after_its_letter_under_a_version_head() {
        // timongentzsch's Jetson images: "L4T Version" over "R32.7.1".
        let t = &tables(&lines(
            "|  | L4T Version | Dockerhub image |\n|---|---|---|\n\
             | [`l4t-ubuntu20-base`](Dockerfile.base) | R32.7.1 | `t/l4t-ubuntu20-base:latest` |\n\
             | [`l4t-ubuntu20-opencv`](Dockerfile.opencv) | R32.7.1 | `t/l4t-ubuntu20-opencv:latest` |",
        ))[0];
        let (key, components) = release_columns(t);
        assert_eq!((key, components.as_slice()), (2, [1].as_slice()));
        let (_, first) = &t.rows[0];
        assert!(
            release_row(t, first, &components)
                .contains(&("L4T".to_string(), "R32.7.1".to_string()))
        );
        assert_eq!(lettered_release("r35.4.1"), Some("r35.4.1"));
        for not_release in ["R2", "Rx.1", "R1.", "RTX 4090"] {
            assert_eq!(lettered_release(not_release), None, "{not_release}");
        }
    }

    #[test]
    fn a_name_in_another_script_before_its_latin_one() {
        // LDJWJ's Kaggle book (Korean): "넘파이(numpy) 버전 : 1.19.5".
        assert_eq!(
            listed("넘파이(numpy) 버전 :  1.19.5"),
            pairs(&[("numpy", "1.19.5")])
        );
        assert_eq!(latin_named("케라스(keras) 2.4.3"), "keras 2.4.3");
        // A note in parentheses, or a Latin name before them, stays.
        for kept in [
            "torch (cu121) 2.1",
            "CUDA(12.1)",
            "模型(7B) 1.0",
            "gcc(計算ノード) 8",
        ] {
            assert_eq!(latin_named(kept), kept);
        }
    }

    #[test]
    fn an_image_tagged_latest_not_a_flavour_of_it() {
        assert!(names_latest_image(
            "`mosaicml/pytorch:latest`, `mosaicml/pytorch:2.7.0`"
        ));
        assert!(!names_latest_image("`mosaicml/pytorch:latest-aws`"));
        assert!(!names_latest_image("`mosaicml/pytorch:latest_cpu`"));
        assert!(!names_latest_image("the latest image"));
    }

    /// A table of releases' key column and component columns.
    fn release_columns(t: &Table) -> (usize, Vec<usize>) {
        match t.kind() {
            Kind::Releases {
                key, components, ..
            } => (key, components),
            other => panic!("{other:?}"),
        }
    }

    fn lines(text: &str) -> Vec<(usize, String)> {
        text.lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.to_string()))
            .collect()
    }

    fn read(text: &str, choice: Choice) -> Read {
        let t = tables(&lines(text));
        assert_eq!(t.len(), 1, "{t:?}");
        t[0].read(choice)
            .unwrap_or_else(|| panic!("{:?}", t[0].kind()))
    }

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    #[test]
    fn a_component_table_under_any_heading() {
        let r = read(
            "| Package | Version |\n|---|---|\n| PyTorch | 2.7.1 |\n| CUDA | 12.8.0 |\n| Transformer Engine | 2.3 |",
            Choice::default(),
        );
        assert_eq!(
            r.components,
            pairs(&[
                ("PyTorch", "2.7.1"),
                ("CUDA", "12.8.0"),
                ("transformer_engine", "2.3")
            ])
        );
        // Without a head, by its cells.
        let r = read("| ROCm | 6.3.0 |\n| Python | 3.10 |", Choice::default());
        assert_eq!(
            r.components,
            pairs(&[("ROCm", "6.3.0"), ("Python", "3.10")])
        );
    }

    #[test]
    fn a_cell_listing_names_run_into_their_versions() {
        // shunyooo's table of images: name | docker-hub | size | description.
        let t = &tables(&lines(
            "| name | size | description |\n| --- | --- | --- |\n| jupyterlab | 1.5 GB | ubuntu16.04, python3.7, jupyter1.0.0 |\n| pytorch | 4.43 GB | ubuntu16.04, cuda:10.0, cudnn7, pytorch1.4.0 |",
        ))[0];
        let read = t.read(Choice::default()).expect("a component table");
        for (name, version) in [
            ("Ubuntu", "16.04"),
            ("Python", "3.7"),
            ("jupyter", "1.0.0"),
            ("cuda", "10.0"),
            ("torch", "1.4.0"),
        ] {
            assert!(
                read.components
                    .iter()
                    .any(|(n, v)| n.eq_ignore_ascii_case(name) && v == version),
                "{name}: {:?}",
                read.components
            );
        }
        // Fewer names with versions than words without: no such list.
        assert_eq!(
            glued_list("ginza, mecab, neologd, python3.7, cuda12.1"),
            None
        );
        assert_eq!(glued_list("python3.7"), None);
    }

    #[test]
    fn a_value_naming_a_known_component_under_a_kind_of_thing() {
        // okitalabs' LLM environment: "OS" is what the row is, "Ubuntu"
        // the component; a GPU model names none.
        let r = read(
            "|Name|Version|\n|---|---|\n|OS|Ubuntu 22.04.4|\n|GPU|L40s/48G|\n|CUDA|12.4|\n|Language|Python 3.11.9|",
            Choice::default(),
        );
        assert_eq!(
            r.components,
            pairs(&[
                ("Ubuntu", "22.04.4"),
                ("CUDA", "12.4"),
                ("Python", "3.11.9")
            ])
        );
        // A row named by a known component keeps its own name.
        let r = read(
            "|Name|Version|\n|---|---|\n|Python|CPython 3.12.1|\n|CUDA|12.4|",
            Choice::default(),
        );
        assert_eq!(r.components[0].0, "Python");
        // pufanyi's platform: the release's codename after it.
        let r = read(
            "| Component | Details |\n|---|---|\n| **OS** | Ubuntu 24.04.4 LTS (Noble Numbat) |\n| **CUDA Toolkit** | 13.1 (V13.1.115) |",
            Choice::default(),
        );
        assert_eq!(r.components[0], ("Ubuntu".into(), "24.04.4".into()));
    }

    #[test]
    fn a_value_listing_components_under_a_kind_of_thing() {
        // CEICO's node state: the operating system's row names two
        // components; a count of GPUs is no version.
        let r = read(
            "| Component | Version |\n|---|---|\n| Operating system | Rocky Linux 8.10, kernel `4.18.0-553.el8_10` |\n| Compilers | GCC 13.2.0, Clang 17.0.6 |\n| GPUs | 8× NVIDIA A100-SXM4-80GB, MIG disabled |\n| NVIDIA driver | 615.71.09, open kernel module |",
            Choice::default(),
        );
        let names: Vec<&str> = r.components.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["Rocky", "kernel", "GCC", "Clang", "driver"]);
        assert_eq!(r.components[1].1, "4.18.0-553.el8_10");
        assert!(!looks_like_version("8×"));
        assert!(looks_like_version("8.10"));
    }

    #[test]
    fn a_cell_listing_archives_names_states_their_versions() {
        // haritsahm's images: each row's extensions, `Name-version` or a
        // name alone (another image of the table, a header-only library).
        let r = read(
            "| Name | Extensions |\n| ---- | ---------- |\n| cpp-ml-base | `Ubuntu-20.04` , `CMake-3.2.4.1`, `Boost-1.81.0`, `rapidjson` |\n| cpp-ml-triton | `cpp-ml-base`, `tritonclient-22.06` |\n| cpp-ml-all | `cpp-ml-base`, `cpp-ml-triton` |",
            Choice::default(),
        );
        assert_eq!(
            r.components,
            pairs(&[
                ("Ubuntu", "20.04"),
                ("CMake", "3.2.4.1"),
                ("Boost", "1.81.0"),
                ("tritonclient", "22.06")
            ])
        );
        // Prose with a comma is no list of archives.
        assert!(dashed_list("built on Ubuntu-20.04, with CUDA").is_empty());
        assert!(dashed_list("Ubuntu-20.04").is_empty());
    }

    #[test]
    fn a_codename_and_its_build_day_is_the_cells_version() {
        // ktaletsk's images: Docker's tags of Ubuntu under "Ubuntu version".
        assert_eq!(dated_codename("bionic-20190612"), Some("bionic-20190612"));
        assert_eq!(dated_codename("jammy-20231399"), None);
        assert_eq!(dated_codename("cuda-12345678"), None);
        let r = read(
            "| Ubuntu | bionic-20190612 |\n| CUDA | 10.1 |",
            Choice::default(),
        );
        assert_eq!(
            r.components,
            pairs(&[("Ubuntu", "bionic-20190612"), ("CUDA", "10.1")])
        );
    }

    #[test]
    fn a_column_grouping_rows_names_none_of_them() {
        // comorment's containers: each tool's row under its container.
        let r = read(
            "| container | OS/tool | version |\n|--|--|--|\n| gwas.sif | ubuntu | 20.04 |\n| gwas.sif | plink | 1.90 |\n| gwas.sif | gctb | 2.02 |\n| r.sif | R | 4.0.5 |\n| r.sif | GSMR | 1.0.9 |",
            Choice::default(),
        );
        let names: Vec<&str> = r.components.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["ubuntu", "plink", "gctb", "R", "GSMR"]);
        // An image's size is no version.
        assert_eq!(cell_version("13.18 GB"), None);
        assert_eq!(cell_version("3.48 GiB"), None);
        assert_eq!(cell_version("2.15.0"), Some("2.15.0".to_string()));
    }

    #[test]
    fn a_matrix_of_machines_by_their_modules() {
        // ICM's compilers per cluster: one column a machine, rows grouped
        // under bold labels, one module a cell.
        let t = &tables(&lines(
            "| | Topola | Okeanos | Rysy |\n|--|--|--|--|\n| **Cuda** | | | gpu/cuda/9.2 |\n| | | | gpu/cuda/10.2 |\n| Prefix path | `common/compilers/` | | `common/compilers/` |\n| **GNU (GCC)** | gcc/4.8.1 | gcc/8.3.0(default) | gcc/7.3.1 |\n| **Clang** | | | clang/9.0.0 |",
        ))[0];
        let rysy = Choice {
            column: Some("Rysy"),
            ..Choice::default()
        };
        let ModuleColumn {
            head: read,
            left,
            modules,
        } = t.module_cells(rysy, crate::listings::module_entry).unwrap();
        assert_eq!(
            (read.as_str(), left),
            ("Rysy", vec!["Topola".to_string(), "Okeanos".to_string()])
        );
        assert_eq!(
            modules,
            pairs(&[
                ("cuda", "9.2"),
                ("cuda", "10.2"),
                ("gcc", "7.3.1"),
                ("clang", "9.0.0")
            ])
        );
        // Without a column, the first holding modules.
        let read = t
            .module_cells(Choice::default(), crate::listings::module_entry)
            .unwrap();
        assert_eq!(
            (read.head.as_str(), read.modules),
            ("Topola", pairs(&[("gcc", "4.8.1")]))
        );
        // A column the user names that holds no module gives none.
        let other = &tables(&lines(
            "| | Topola | Rysy |\n|--|--|--|\n| **Cmake** | cmake/2.8.12 | |\n| | cmake/3.6.2 | |\n| | cmake/3.11.3 | |",
        ))[0];
        assert!(
            other
                .module_cells(rysy, crate::listings::module_entry)
                .unwrap()
                .modules
                .is_empty()
        );
        // Paths are no modules.
        let paths = &tables(&lines(
            "| What | Where |\n|--|--|\n| docs | docs/index.md |\n| code | src/lib.rs |",
        ))[0];
        assert!(
            paths
                .module_cells(Choice::default(), crate::listings::module_entry)
                .is_none()
        );
    }

    #[test]
    fn a_heads_leading_words_are_no_part_of_its_name() {
        // Postgres.app's build history: each cell several versions of one.
        let t = &tables(&lines(
            "| Version | Included PG Versions |\n|---|---|\n| 2.9.5 | 14.23, 15.18 |",
        ))[0];
        let Kind::Releases { components, .. } = t.kind() else {
            panic!("{:?}", t.kind());
        };
        let (_, cells) = &t.rows[0];
        assert_eq!(
            release_row(t, cells, &components),
            pairs(&[("PG", "14.23")])
        );
        assert_eq!(without_name_leads("Default Python"), "Python");
        assert_eq!(without_name_leads("Included"), "Included");
    }

    #[test]
    fn removed_rows_and_previous_versions_are_left_out() {
        let r = read(
            "| Add / Update / Delete | Software | Version | Previous version |\n|:--|:--|:--|:--|\n\
             | Update | gcc(計算ノード) | 11.5.0 | 11.4.1 |\n| Delete | ruby | 3.0.4 | |\n\
             | Add | python(インタラクティブノード, 計算ノード) | 3.9.25, 3.9.23 | |",
            Choice::default(),
        );
        assert_eq!(
            r.components,
            pairs(&[("gcc", "11.5.0"), ("python", "3.9.25")])
        );
        assert!(r.left.is_empty());
    }

    #[test]
    fn a_list_set_side_by_side_is_read_as_one_list() {
        // saitoh-miki's scientific-python README: 181 packages in three
        // sets of columns.
        let r = read(
            "| package | ver | package | ver | package | ver |\n|:--|:--|:--|:--|:--|:--|\n| alabaster | 0.7.10 | asn1crypto | 0.24.0 | babel | 2.5.3 |\n| blaze | 0.11.3 | bleach | 2.1.3 | | |",
            Choice::default(),
        );
        assert_eq!(
            r.components,
            pairs(&[
                ("alabaster", "0.7.10"),
                ("asn1crypto", "0.24.0"),
                ("babel", "2.5.3"),
                ("blaze", "0.11.3"),
                ("bleach", "2.1.3"),
            ])
        );
        // Heads that differ are columns of their own.
        assert_eq!(
            repeated_head(&["Package".into(), "cpu".into(), "gpu".into()]),
            None
        );
        assert_eq!(
            repeated_head(&["Name".into(), "Notes".into(), "Name".into(), "Notes".into()]),
            None
        );
    }

    #[test]
    fn build_arguments_give_their_components_at_their_defaults() {
        // eReefs' netcdf-base README.
        let r = read(
            "| Build Argument | What it Controls | Default Value |\n|---|---|---|\n| `CURL_VERSION` | The version of `curl` | `8.2.1` [released 2023-07-26](https://x) |\n| `NETCDF_PATCH` | Whether a patch applies | `YES` |\n| `GDAL_VERSION` | The version of GDAL | `3.7.2` |",
            Choice::default(),
        );
        assert_eq!(r.components, pairs(&[("CURL", "8.2.1"), ("GDAL", "3.7.2")]));
        assert_eq!(clean_name("`cuda_version`"), "cuda");
        assert_eq!(clean_name("PyTorch version"), "PyTorch version");
    }

    #[test]
    fn of_several_version_columns_one_is_read_and_the_others_named() {
        let table = "| Package | cpu | gpu |\n|--|--|--|\n| torch | 2.1.0+cpu | 2.1.0+cu121 |\n| numpy | 1.26.4 | 1.26.4 |";
        let r = read(table, Choice::default());
        assert_eq!(r.column.as_deref(), Some("gpu"));
        assert_eq!(r.left, ["cpu"]);
        assert_eq!(r.components[0], ("torch".into(), "2.1.0+cu121".into()));
        let r = read(
            table,
            Choice {
                column: Some("CPU"),
                release: None,
            },
        );
        assert_eq!(r.components[0], ("torch".into(), "2.1.0+cpu".into()));
        // A support matrix: the release's own column.
        let r = read(
            "| ROCm Version | 6.3.3 | 6.3.2 |\n| MIOpen | 3.3.0 | 3.2.0 |\n| RCCL | 2.21.5 | 2.20.5 |",
            Choice {
                column: None,
                release: Some("6.3.2"),
            },
        );
        assert_eq!(
            r.components,
            pairs(&[("MIOpen", "3.2.0"), ("RCCL", "2.20.5")])
        );
        assert_eq!(r.left, ["6.3.3"]);
        // A column per architecture: each its own.
        let r = read(
            "| Package | x86_64 | arm64 |\n|--|--|--|\n| triton | 3.4.0 | |\n| torch | 2.8.0 | 2.8.0 |",
            Choice::default(),
        );
        assert_eq!(r.per_arch.len(), 2);
        assert_eq!(r.per_arch[0].0, "amd64");
        assert_eq!(r.per_arch[1].1, pairs(&[("torch", "2.8.0")]));
    }

    #[test]
    fn a_table_of_packages_by_the_versions_of_known_components_is_one_of_variants() {
        let t = &tables(&lines(
            "| Package name | CUDA version | cuDNN version |\n|--|--|--|\n| nnabla-ext-cuda116 | 11.6.2 | 8.4(Linux & Win) |\n| nnabla-ext-cuda120 | 12.0.1 | 8.8(Linux & Win) |",
        ))[0];
        let (key, components) = release_columns(t);
        let (_, cells) = &t.rows[1];
        assert_eq!(t.key_cell(cells, key), Some("nnabla-ext-cuda120"));
        assert_eq!(
            release_row(t, cells, &components),
            [
                ("CUDA".to_string(), "12.0.1".to_string()),
                ("cuDNN".to_string(), "8.8".to_string())
            ]
        );
    }

    #[test]
    fn a_charts_settings_naming_images() {
        let t = &tables(&lines(
            "| Key | Type | Default | Description |\n|--|--|--|--|\n| image.repository | string | `\"arizephoenix/phoenix\"` | Image |\n| image.tag | string | `\"version-20.3.0-nonroot\"` | Tag |\n| postgresql.image.repository | string | `\"postgres\"` |  |\n| postgresql.image.tag | string | `\"16\"` |  |\n| web.image.repository | string | `\"langfuse/langfuse\"` |  |\n| web.image.tag | string | `nil` |  |",
        ))[0];
        assert_eq!(
            t.setting_images(),
            pairs(&[("arizephoenix-phoenix", "20.3.0"), ("postgres", "16")])
        );
    }

    #[test]
    fn a_setting_whose_value_lists_components() {
        // A serving recipe's settings: one value lists the runtime's parts.
        let t = &tables(&lines(
            "| Setting | Applied value |\n|---|---|\n| Served name | `Qwen3.8-27B` |\n| Context | Up to **200,704** tokens |\n| Runtime | vLLM `0.30.0+xpu`, XPU kernels `0.1.15.4`, IGC `2.41.5` |",
        ))[0];
        assert_eq!(
            t.listing_cells(),
            pairs(&[
                ("vLLM", "0.30.0+xpu"),
                ("XPU-kernels", "0.1.15.4"),
                ("IGC", "2.41.5")
            ])
        );
        // Two named in a value are a note, no list.
        let t = &tables(&lines(
            "| Setting | Applied value |\n|---|---|\n| Runtime | vLLM `0.30.0+xpu`, IGC `2.41.5` |",
        ))[0];
        assert!(t.listing_cells().is_empty());
    }

    #[test]
    fn an_evaluations_scores_are_no_versions() {
        let t = &tables(&lines(
            "| 模型名称 | Retrieval | STS | PairClassification | 平均 |\n|--|--|--|--|--|\n| bge-base-en-v1.5 | 37.14 | 55.06 | 75.45 | 47.20 |\n| m3e-base | 46.29 | 63.93 | 71.84 | 53.54 |",
        ))[0];
        assert_eq!(t.kind(), Kind::Other);
    }

    #[test]
    fn rows_of_models_name_no_component() {
        let table = |first: &str| {
            tables(&lines(&format!(
                "| {first} | Weight route | TP | FP8 KV | MTP4 |\n|---|---|---|---|---|\n| Qwen3.6-27B | AWQ | 2/4 | supported | supported |\n| Qwen3.6-35B-A3B | AWQ | 2/4 | supported | supported fallback |\n| Qwen3.8-27B | FP8 | 4 | supported | supported |"
            )))
            .remove(0)
        };
        assert_eq!(table("Model").kind(), Kind::Other);
        assert!(matches!(table("Name").kind(), Kind::Components { .. }));
    }

    #[test]
    fn rows_of_platforms_each_with_the_versions_the_heads_name() {
        let t = &tables(&lines(
            "| Requirements | Status | DeepStream |\n|--|--|--|\n| X86 Driver 525(Datacenter), 530+ Quadro/GeForce | Stable | 6.3 |\n| Jetson Xavier, Orin with JetPack 5.1.2 GA | Stable | 6.3 |",
        ))[0];
        assert!(t.platform_rows());
        let (key, components) = release_columns(t);
        assert_eq!((key, components), (0, vec![2]));
        assert_eq!(
            arch_in("X86 Driver 525(Datacenter)").as_deref(),
            Some("amd64")
        );
        // "GPU Support" over "CUDA 12.8" (Oumi's images): a column whose
        // cells name what they give a version of.
        let t = &tables(&lines(
            "| Platform | Architecture | GPU Support | PyTorch Version | Image Size |\n|--|--|--|--|--|\n| **AMD64** | x86_64/Intel/AMD | CUDA 12.8 | PyTorch 2.8.0 with CUDA | ~14GB |",
        ))[0];
        let (key, components) = release_columns(t);
        assert_eq!((key, components.clone()), (0, vec![2, 3]));
        let (_, cells) = &t.rows[0];
        assert_eq!(
            release_row(t, cells, &components),
            pairs(&[("CUDA", "12.8"), ("PyTorch", "2.8.0")])
        );
        // A first column of names is no platform's.
        let names = &tables(&lines(
            "| Package | Version |\n|--|--|\n| numpy | 1.26.4 |\n| scipy | 1.13.0 |",
        ))[0];
        assert!(!names.platform_rows());
    }

    #[test]
    fn a_table_of_releases_keyed_by_their_dates() {
        // The date first, then the release's own version, then what each
        // release bundles; "SDK" says what each name of its cell is.
        let page = crate::page::Page::read(
            crate::page::PageKind::Markdown,
            "| Release date | Runtime | CLI | SDK | Status |\n|--|--|--|--|--|\n\
             | Jun 16th 2021 | 1.2.1</br> | 1.2.0 | Java 1.0.2 </br>.NET 1.1.0 | Unsupported |\n\
             | 2021年2月17日 | 1.0.0</br> | 1.0.0 | Java 1.0.0 </br>.NET 1.0.0 | Unsupported |\n",
        )
        .unwrap();
        let t = &tables(&page.lines)[0];
        let (key, components) = release_columns(t);
        assert_eq!(key, 1);
        let (_, cells) = &t.rows[0];
        assert_eq!(
            release_row(t, cells, &components),
            pairs(&[
                ("CLI", "1.2.0"),
                ("Java-SDK", "1.0.2"),
                (".NET-SDK", "1.1.0")
            ])
        );
    }

    #[test]
    fn a_folder_of_builds_per_release_keys_its_rows_by_the_release() {
        // Rows keyed by a path opening with the release, a head naming two
        // components over cells of two versions, notes naming one.
        let t = &tables(&lines(
            "| Path | Compiler | CUDA/cuDNN | Notes |\n|-|-|-|-|\n| 2.9.0\\py39\\GPU\\cuda117 | VS2022 17.2 | 11.7.0_516.01/8.4.0.27 | Python 3.9/compute_35 |\n| 2.9.0\\py39\\CPU\\sse2 | VS2022 17.2 | No | Python 3.9 |\n| 2.8.0\\py39\\GPU\\cuda115 | VS2019 16.11 | 11.5.2_496.13/8.3.2.44 | Python 3.9 |",
        ))[0];
        let (key, components) = release_columns(t);
        assert_eq!((key, components.as_slice()), (0, [1, 2, 3].as_slice()));
        let (_, first) = &t.rows[0];
        assert_eq!(release_keys(t.key_cell(first, key).unwrap()), ["2.9.0"]);
        assert_eq!(
            release_row(t, first, &components),
            pairs(&[
                ("VS2022", "17.2"),
                ("CUDA", "11.7.0"),
                ("cuDNN", "8.4.0.27"),
                ("Python", "3.9")
            ])
        );
        // A path of words is no release's; a backslash before a letter
        // stays in the cell, one before a mark escapes it.
        assert_eq!(path_release("docs\\index"), None);
        assert_eq!(path_release("v1.2.0/linux"), Some("v1.2.0".to_string()));
        assert_eq!(clean_cell("a\\b \\*c"), "a\\b c");
    }

    #[test]
    fn a_column_of_either_of_two_components_gives_the_one_its_row_names() {
        // AIME's containers for NVIDIA and AMD GPUs.
        let t = &tables(&lines(
            "| Container | GPU Arch. | Pytorch | CUDA/ROCM Version | CuDNN/MIOpen Version | NVIDIA/ROCM driver version |\n|--|--|--|--|--|--|\n| 2.6.0 | ROCM6 | 2.6.0 | 6.2.2 | 3.2.0 | 6.10.5 |\n| 2.6.0 | CUDA_ADA | 2.6.0 | 12.4.131 | 9.1.0.70 | 550.54.15 |\n| 2.5.1 | CUDA_ADA | 2.5.1 | 12.1.105 | 8.9.7.29 | 530.30.02 |",
        ))[0];
        let (key, components) = release_columns(t);
        assert_eq!((key, components.len()), (0, 4));
        let rows: Vec<_> = t
            .rows
            .iter()
            .map(|(_, cells)| release_row(t, cells, &components))
            .collect();
        assert!(rows[0].contains(&("ROCM".to_string(), "6.2.2".to_string())));
        let driver = |gpu: &str| format!("{gpu}driver");
        assert!(rows[0].contains(&(driver("ROCM "), "6.10.5".to_string())));
        assert!(rows[0].contains(&("MIOpen".to_string(), "3.2.0".to_string())));
        assert!(rows[1].contains(&("CuDNN".to_string(), "9.1.0.70".to_string())));
        assert!(rows[1].contains(&("CUDA".to_string(), "12.4.131".to_string())));
        assert!(rows[1].contains(&(driver("NVIDIA "), "550.54.15".to_string())));
        assert_eq!(
            alternatives("CUDA/cuDNN"),
            Some(("CUDA".into(), "cuDNN".into()))
        );
        assert_eq!(alternatives("Framework"), None);
    }

    #[test]
    fn a_table_of_a_stacks_containers_is_no_table_of_releases() {
        // BISHENG's deployment doc: a container a row, each its own image.
        let stack = &tables(&lines(
            "| 容器名 | 镜像 | 端口映射 |\n|--|--|--|\n| `bisheng-mysql` | `mysql:8.0` | 3306:3306 |\n| `bisheng-redis` | `redis:7.0.4` | 6379:6379 |\n| `bisheng-backend` | `dataelement/bisheng-backend:v2.4.0` | 7860:7860 |\n| `bisheng-es` | `bitnamilegacy/elasticsearch:8.12.0` | 9200:9200 |",
        ))[0];
        assert!(stack.images_of_a_stack());
        assert_eq!(stack.kind(), Kind::Other);
        // One image's tags are its releases.
        let tags = &tables(&lines(
            "| Tag | CUDA |\n|--|--|\n| `org/app:1.2.0` | 12.4 |\n| `org/app:1.1.0` | 12.1 |\n| `org/app:1.0.0` | 11.8 |",
        ))[0];
        assert!(!tags.images_of_a_stack());
    }

    #[test]
    fn a_support_matrix_is_keyed_by_the_products_version_column() {
        // PICLas' tested combinations: who tested, the release (with its
        // month), the machine, then the libraries; a release on several rows.
        let t = &tables(&lines(
            "| Dev | PICLas Version | System | CMake | HDF5 | PETSc |\n| --- | :---: | :---: | :---: | :---: | :---: |\n| SC | 4.0.0 (Oct 2025) | reggie | 4.0.4 | 1.14.6 | 3.23.6 |\n| PN | 4.0.0 (Jul 2025) | Vulcan | 3.22.3 | 1.12.1 | 3.21.6 |\n| SC | 2.0.0 (Nov 2021) | hawk | 3.17.0 | 1.10.5 | - |",
        ))[0];
        let Some(Kind::Releases {
            key: 1, components, ..
        }) = t.version_keyed()
        else {
            panic!("{:?}", t.version_keyed());
        };
        assert_eq!(components, vec![3, 4, 5]);
        // Its compilers and MPIs each glued to their versions.
        let t = &tables(&lines(
            "| Dev | PICLas Version | CMake | Compiler | MPI | HDF5 |\n| --- | --- | --- | --- | --- | --- |\n| SC | 4.0.0 (Oct 2025) | 4.0.4 | gcc14.2.0 | openmpi-5.0.8, mpich-4.3.1 | 1.14.6 |\n| SC | 2.0.0 (Nov 2021) | 3.17.0 | gcc9.3.0 | openmpi-3.1.6 | 1.10.5 |",
        ))[0];
        let Some(Kind::Releases { components, .. }) = t.version_keyed() else {
            panic!("{:?}", t.version_keyed());
        };
        let row = release_row(t, &t.rows[0].1, &components);
        for (name, version) in [("gcc", "14.2.0"), ("openmpi", "5.0.8"), ("mpich", "4.3.1")] {
            assert!(
                row.contains(&(name.to_string(), version.to_string())),
                "{row:?}"
            );
        }
        assert_eq!(glued_tokens("version-1.20.0"), None);
        // A column of a component relnotes knows keys nothing so.
        let known = &tables(&lines(
            "| Dev | CUDA Version | CMake | HDF5 |\n| --- | --- | --- | --- |\n| SC | 12.4 | 4.0.4 | 1.14.6 |\n| PN | 12.4 | 3.22.3 | 1.12.1 |",
        ))[0];
        assert_eq!(known.version_keyed(), None);
    }

    #[test]
    fn a_tag_that_moves_is_no_cell_of_versions() {
        // MasterofNull's container updates: services on rolling tags beside
        // services on versions.
        let t = &tables(&lines(
            "| Service | Old Version | New Version |\n|---|---|---|\n| **Qdrant** | v1.12.1 | **v1.16.2** |\n| **Ollama** | 0.5.4 | **0.5.13.5** |\n| **llama.cpp** | ghcr.io/a/llama-cpp:0.1.0 | **ghcr.io/b/llama.cpp:server** |\n| **Open WebUI** | v0.4.6 | **main** |\n| **MindsDB** | v24.12.2.0 | **latest** |",
        ))[0];
        let read = t.read(Choice::default()).expect("a component table");
        assert!(
            read.components
                .contains(&("Qdrant".into(), "1.16.2".into()))
        );
        assert!(
            !read
                .components
                .iter()
                .any(|(_, v)| v == "main" || v == "latest")
        );
    }

    #[test]
    fn a_row_naming_the_architecture_is_no_head() {
        // DynoSAM's Jetson settings, printed without a delimiter row.
        let t = &tables(&lines(
            "Architecture | aarch64\nUbuntu | 22.04.5 LTS (Jammy Jellyfish)\nJetson Linux | 36.4.7\nPython | 3.10.12",
        ))[0];
        assert_eq!(t.head, None);
        assert_eq!(t.rows.len(), 4);
        // A head naming the architecture of a column of versions stays one.
        let headed = &tables(&lines(
            "Package | aarch64\nUbuntu | 22.04.5\nPython | 3.10.12",
        ))[0];
        assert!(headed.head.is_some());
    }

    #[test]
    fn rows_keyed_by_a_modules_versions_are_its_releases() {
        // ResearchIT's Pronto docs: the ml-gpu container module's builds.
        let t = &tables(&lines(
            "|  | CUDA | Python | PyTorch |\n|---|---|---|---|\n| ml-gpu/20230427 | 11.8 | 3.10.11 | 2.0.0+cu118 |\n| ml-gpu/20220928 | 11.7 | 3.10.7 | 1.13.0 |",
        ))[0];
        assert!(matches!(
            t.version_keyed(),
            Some(Kind::Releases { key: 0, .. })
        ));
        assert_eq!(
            release_keys("ml-gpu/20230427"),
            vec!["20230427".to_string()]
        );
        // A path of words, or a name and a word, is no module's version.
        assert_eq!(module_release("nvidia/cuda"), None);
        assert_eq!(module_release("docs/v1.2"), None);
    }

    #[test]
    fn a_releases_builds_one_under_another_are_its_rows() {
        // lakshayg/tensorflow-build: one row per wheel, a release's wheels
        // one under another; a Mac build's compiler in the GCC column.
        let t = &tables(&lines(
            "| TF | HW | OS | GCC | Python | Supports | |\n|-|-|-|-|-|-|-|\n| 1.14.1 | CPU | macOS Mojave | clang-1001.0.46.4 | 3.7.4 | FMA, AVX | [Download](https://example.org/tensorflow-1.14.1-cp37-cp37m-macosx_10_9_x86_64.whl) |\n| 1.14.1 | CPU | Ubuntu 18.04 | 7.4 | 3.7.3 | FMA, AVX2 | [Download](https://example.org/tensorflow-1.14.1-cp37-cp37m-linux_x86_64.whl) |\n| 1.13.1 | CPU | Ubuntu 16.04 | 5.4 | 3.5.2 | FMA, AVX | [Download](https://example.org/tensorflow-1.13.1-cp35-cp35m-linux_x86_64.whl) |",
        ))[0];
        let Some(Kind::Releases {
            key: 0, components, ..
        }) = t.version_keyed()
        else {
            panic!("{:?}", t.version_keyed());
        };
        let (_, first) = &t.rows[0];
        assert_eq!(
            release_row(t, first, &components),
            pairs(&[("clang", "1001.0.46.4"), ("Python", "3.7.4")])
        );
        let (_, second) = &t.rows[1];
        assert_eq!(
            release_row(t, second, &components),
            pairs(&[("Ubuntu", "18.04"), ("GCC", "7.4"), ("Python", "3.7.3")])
        );
        // A release named again after another's rows is no run of builds.
        let scattered = &tables(&lines(
            "| TF | GCC | Python |\n|-|-|-|\n| 1.14.1 | 7.4 | 3.7.3 |\n| 1.13.1 | 5.4 | 3.5.2 |\n| 1.14.1 | 7.3 | 3.6.5 |",
        ))[0];
        assert_eq!(scattered.version_keyed(), None);
    }

    #[test]
    fn a_channels_builds_of_each_release_key_their_rows_by_it() {
        // moi90/pytorch_compute_capabilities: a conda channel's builds of
        // one product, several a release, each build's tags its parts.
        let t = &tables(&lines(
            "| package | architectures |\n|-|-|\n| pytorch-2.5.1-py3.12_cuda12.4_cudnn9.1.0_0 | sm_50, sm_60 |\n| pytorch-2.5.1-py3.11_cuda11.8_cudnn9.1.0_0 | sm_37, sm_50 |\n| pytorch-2.5.0-py3.12_cuda12.4_cudnn9.1.0_0 | sm_50, sm_60 |",
        ))[0];
        assert!(t.builds_first());
        let (key, components) = release_columns(t);
        assert_eq!(key, 0);
        let (_, first) = &t.rows[0];
        assert_eq!(
            Table::build_release(t.key_cell(first, key).unwrap()).as_deref(),
            Some("2.5.1")
        );
        assert_eq!(
            release_row(t, first, &components),
            pairs(&[
                ("torch", "2.5.1"),
                ("Python", "3.12"),
                ("CUDA", "12.4"),
                ("cuDNN", "9.1.0")
            ])
        );
        // Image tags each naming their own release are releases whole.
        let tags = &tables(&lines(
            "| Tag | CUDA |\n|-|-|\n| pytorch-2.4.0_cuda-12.1_python-3.12 | 12.1 |\n| pytorch-2.6.0_cuda-12.6_python-3.12 | 12.6 |",
        ))[0];
        assert!(!tags.builds_first());
    }

    #[test]
    fn versions_of_a_known_component_with_notes_key_their_rows() {
        // lanzani/jetson-libraries: rows keyed by JetPack with its L4T in
        // a note, one release's rows one under another, each linking its
        // guide.
        let t = &tables(&lines(
            "| Jetpack (l4t) | Python | Install guide |\n|-|-|-|\n| 4.6.1 (l4t-32.7.1) | 3.8.0 | [here](https://example.org/a) |\n| 4.6.1 (l4t-32.7.1) | 3.10.11 | [here](https://example.org/b) |\n| 5.1.2 (l4t-35.4.1) | 3.6.15 | libraries/python/Dockerfile |",
        ))[0];
        let Some(Kind::Releases {
            key: 0, components, ..
        }) = t.version_keyed()
        else {
            panic!("{:?}", t.version_keyed());
        };
        assert_eq!(components, [1]);
        let (_, first) = &t.rows[0];
        let key_cell = t.key_cell(first, 0).unwrap();
        assert_eq!(release_keys(key_cell), ["4.6.1"]);
        assert_eq!(key_note_components(key_cell), pairs(&[("L4T", "32.7.1")]));
        // A first column of a component no data knows needs two columns
        // of versions beside it.
        let unknown = &tables(&lines(
            "| Widget | Python |\n|-|-|\n| 4.6.1 | 3.8.0 |\n| 5.1.2 | 3.6.15 |",
        ))[0];
        assert_eq!(unknown.version_keyed(), None);
        // A dash stands for nothing.
        assert!(crate::lines::is_none_word("—"));
        assert!(!crate::lines::is_none_word("-x"));
    }

    #[test]
    fn releases_by_the_versions_of_what_they_hold_not_of_what_they_work_with() {
        // "X version" heads a column of what each release holds;
        // "Compatible Y versions" what it works with.
        let t = &tables(&lines(
            "| Version | Compatible Loom versions | Spindle JDBC version |\n|--|--|--|\n| 0.9.0 | Loom 3.3, 3.4 | 0.9.4 |\n| 0.8.1 | Loom 3.3 | 0.6.3 |",
        ))[0];
        let (key, components) = release_columns(t);
        assert_eq!((key, components.as_slice()), (0, [2].as_slice()));
        // Settings with their defaults and the release that brought them
        // are no components.
        let settings = &tables(&lines(
            "| Key | Default | Description | Since |\n|--|--|--|--|\n| loom.read.format | json | The format. | 0.6.0 |\n| loom.write.batch | 10000 | Rows. | 0.1.0 |",
        ))[0];
        assert!(
            matches!(settings.kind(), Kind::Other),
            "{:?}",
            settings.kind()
        );
    }

    #[test]
    fn a_table_of_releases() {
        let t = &tables(&lines(
            "| Tag(s) | Pytorch | IPEX | Dockerfile |\n|--|--|--|--|\n| `2.8.10-xpu-pip-base`,`2.8.10-xpu` | [v2.8.0] | [v2.8.10+xpu] | [v0.4.0-Beta] |",
        ))[0];
        let (key, components) = release_columns(t);
        let (_, cells) = &t.rows[0];
        assert_eq!(
            release_keys(t.key_cell(cells, key).unwrap()),
            ["2.8.10-xpu-pip-base", "2.8.10-xpu"]
        );
        let got = release_row(t, cells, &components);
        assert!(got.contains(&("Pytorch".into(), "2.8.0".into())), "{got:?}");
        assert!(
            got.contains(&("IPEX".into(), "2.8.10+xpu".into())),
            "{got:?}"
        );
    }

    #[test]
    fn a_first_column_of_versions_keys_the_releases() {
        let t = &tables(&lines(
            "| plugin version | maca version | mcoplib version | docker image url |\n|--|--|--|--|\n\
             | v0.20.0 | maca3.7.0.x | 0.4.5 | vllm-metax:0.20.0 |\n\
             | v0.21.0 | maca3.7.1.x | 0.4.6 | vllm-metax:0.21.0 |",
        ))[0];
        let (key, components) = release_columns(t);
        assert_eq!(key, 0);
        let got = release_row(t, &t.rows[1].1, &components);
        assert!(got.contains(&("maca".into(), "3.7.1.x".into())), "{got:?}");
        assert!(got.contains(&("mcoplib".into(), "0.4.6".into())), "{got:?}");
    }

    #[test]
    fn a_table_of_images_by_name_and_version() {
        let t = &tables(&lines(
            "| Image name | Image version | Preinstalled packages |\n|--|--|--|\n\
             | CUDA | 2024.1 (Recommended) | CUDA 12.1 Python 3.9 JupyterLab 3.6 |\n\
             | 2023.2 | CUDA 11.8 Python 3.9 JupyterLab 3.6 |\n\
             | PyTorch | 2024.1 (Recommended) | CUDA 12.1 Python 3.9 PyTorch 2.2 |",
        ))[0];
        let Kind::Releases {
            key,
            components,
            group,
        } = t.kind()
        else {
            panic!("{:?}", t.kind());
        };
        assert_eq!((key, group, components.as_slice()), (1, Some(0), &[2][..]));
        let got = release_row(t, &t.rows[2].1, &components);
        assert!(got.contains(&("PyTorch".into(), "2.2".into())), "{got:?}");
        assert_eq!(
            pair_sequence("CUDA 12.1 Python 3.9 Ipykernel 6.26 (code-server plugin)"),
            Some(pairs(&[
                ("CUDA", "12.1"),
                ("Python", "3.9"),
                ("Ipykernel", "6.26")
            ]))
        );
        assert_eq!(pair_sequence("Llama 3.1 70B on 8 GPUs"), None);
    }

    #[test]
    fn a_cell_listing_components_under_a_kind_gives_each() {
        // PhyOcean's environments: "Python | Cartopy 0.22, matplotlib, …".
        assert_eq!(
            pair(
                "Python",
                "Cartopy 0.22, matplotlib, Cython 3.0.8, netcdf4 1.6"
            ),
            pairs(&[("Cartopy", "0.22"), ("Cython", "3.0.8"), ("netcdf4", "1.6")])
        );
        assert_eq!(
            pair("Development", "mpi4py 3.1.4, f2py, Sphinx 7.2, Spyder"),
            pairs(&[("mpi4py", "3.1.4"), ("Sphinx", "7.2")])
        );
        // Ports in parentheses are no versions.
        assert!(pair("IDE Interfaces", "VS Code (8888) + JupyterLab (8889)").is_empty());
    }

    #[test]
    fn a_column_of_names_names_the_versions_beside_it() {
        // NHN Cloud's base images: the framework each row holds is named in
        // its own column; "Python" twice keeps the more precise version.
        let t = &tables(&lines(
            "| 이미지 이름 | 프레임워크 | 프레임워크 버전 | 파이썬 버전 |\n|--|--|--|--|\n\
             | Ubuntu 22.04 CPU Python Notebook | Python | 3.10.12 | 3.10 |\n\
             | Ubuntu 22.04 GPU PyTorch Notebook | PyTorch | 2.0.1 | 3.10 |",
        ))[0];
        let (key, components) = release_columns(t);
        assert_eq!((key, components.as_slice()), (0, &[2][..]));
        assert_eq!(
            release_row(t, &t.rows[0].1, &components),
            pairs(&[("Python", "3.10.12")])
        );
        assert_eq!(
            release_row(t, &t.rows[1].1, &components),
            pairs(&[("PyTorch", "2.0.1")])
        );
        let mut held = pairs(&[("Python", "3.10")]);
        push_precise(&mut held, "python".into(), "3.10.12".into());
        push_precise(&mut held, "Python".into(), "3.1".into());
        assert_eq!(held, pairs(&[("Python", "3.10.12")]));
        // The key cell's words name the row's release.
        assert_eq!(
            release_name(t.key_cell(&t.rows[1].1, key).unwrap()).as_deref(),
            Some("Ubuntu-22.04-GPU-PyTorch-Notebook")
        );
        assert_eq!(release_name("최신 이미지"), None);
    }

    #[test]
    fn names_joined_by_a_slash() {
        // ARCHER2's CSE tables: a version per name, or one name written
        // as two.
        let got = read(
            "| Software | Versions |\n|--|--|\n| METIS/ParMETIS | 5.1.0/4.0.3 |\n\
             | SuperLU/SuperLU_Dist | 5.2.2 / 6.4.0, *8.1.2* |\n| PT/Scotch | 6.1.0, *07.0.3* |",
            Choice::default(),
        );
        assert_eq!(
            got.components,
            pairs(&[
                ("METIS", "5.1.0"),
                ("ParMETIS", "4.0.3"),
                ("SuperLU", "5.2.2"),
                ("SuperLU_Dist", "8.1.2"),
                ("PT-Scotch", "07.0.3")
            ])
        );
        assert_eq!(
            key_value("- CrayPAT/Perftools: 22.12.0"),
            Some(pairs(&[("CrayPAT-Perftools", "22.12.0")]))
        );
        assert_eq!(names::slashed_name("token/s"), None);
        // OmniOS's package changes: a package's path, its category words
        // of prose included.
        assert_eq!(
            names::slashed_name("developer/build/libtool").as_deref(),
            Some("developer-build-libtool")
        );
        assert_eq!(
            names::slashed_name("library/glib2").as_deref(),
            Some("library-glib2")
        );
        assert_eq!(names::slashed_name("AI/ML"), None);
        assert_eq!(names::slashed_name("PyTorch / torch_npu"), None);
    }

    #[test]
    fn a_template_placeholders_stand_for_versions() {
        // Alfresco's VERSIONS.md as its source writes it.
        let got = read(
            "| Component | Recommended | Also Available |\n|---|---|---|\n\
             | Alfresco Content Services | @project.version@ | |\n\
             | Alfresco Share | @dependency.alfresco-enterprise-share.version@ | |\n\
             | Alfresco Search Services | 2.0.21 | |\n\
             | Alfresco File Transfer Receiver | 7.0.0 | |",
            Choice::default(),
        );
        assert_eq!(
            got.components,
            pairs(&[
                ("Alfresco-Search-Services", "2.0.21"),
                ("Alfresco-File-Transfer-Receiver", "7.0.0")
            ])
        );
        assert!(is_placeholder("${spring.version}") && !is_placeholder("@user"));
    }

    #[test]
    fn a_column_of_archives_names_its_components_and_versions() {
        // Strawberry Perl's external libraries, rows numbered "1.", "2." …
        let got = read(
            "| ID | Package | Homepage | Note |\n|--|--|--|--|\n\
             | 1. | binutils-2.22.52 | http://www.gnu.org/software/binutils/ | |\n\
             | 2. | jpeg-8d | http://www.ijg.org/ | |\n\
             | 3. | libXpm-3.5.10 | http://www.freedesktop.org/ | |",
            Choice::default(),
        );
        assert_eq!(
            got.components,
            pairs(&[
                ("binutils", "2.22.52"),
                ("jpeg", "8d"),
                ("libXpm", "3.5.10")
            ])
        );
        // Regions end in a number too: no packages.
        let regions = read(
            "| region | AMI ID |\n|--|--|\n| ap-northeast-1 | ami-ca08f0b5 |\n| eu-west-2 | ami-370ce050 |",
            Choice::default(),
        );
        assert!(
            !regions.components.iter().any(|(_, v)| v == "1" || v == "2"),
            "{regions:?}"
        );
    }

    #[test]
    fn a_table_of_changes_gives_the_versions_after_them() {
        // ARCHER2's software refresh: "Software | Change", a cell's
        // clauses one a line.
        let got = read(
            "| Software | Change |\n|--|--|\n\
             | CASTEP | Default version set to Version 25.11 (was 24.1) |\n\
             | CP2K | Add Version 2026.1; Default changed to version 2025.2 (was 2024.3) |\n\
             | Quantum Espresso | Add versions 7.4.1 and 7.5; Move default to Version 7.3.1; Remove Version 6.8 |\n\
             | Boost | Remove version 1.72.0 (old version) |\n\
             | NAMD | Add Version 3.0.2 (and make default). Also add Version 3.0.2 (GPU); Remove Version 2.14 and Version 3.0 |\n\
             | PyTorch | Remove Version 1.10.2; Upgrade CPU version to Version 2.9.1; GPU version must remain at Version 1.13.1 |\n\
             | NetCDF | Keep at Version 1.12.3.1, but update for Python 3.10 |\n\
             | SCons | Upgrade to Version 4.10.1 |",
            Choice::default(),
        );
        assert_eq!(
            got.components,
            pairs(&[
                ("CASTEP", "25.11"),
                ("CP2K", "2025.2"),
                ("Quantum-Espresso", "7.3.1"),
                ("NAMD", "3.0.2"),
                ("PyTorch", "2.9.1"),
                ("NetCDF", "1.12.3.1"),
                ("SCons", "4.10.1")
            ])
        );
        // A sentence is no change of a component.
        assert_eq!(change_version("Supports 4.1 and later"), None);
        assert!(!describes_change("Add support for sparse attention"));
    }

    #[test]
    fn an_environment_table_with_footnotes_and_plain_words() {
        // Renesas' DRP-AI TVM model lists.
        let got = read(
            "| Item | RZ/V2L |\n|--|--|\n| DRP-AI TVM[^1] | v2.6.0 |\n| Evaluation Board | RZ/V2L EVK |\n\
             | Linux Package | v3.0.6 |\n| DRP-AI Support Package[^5] | v7.50 |",
            Choice::default(),
        );
        assert_eq!(
            got.components,
            pairs(&[
                ("DRP-AI-TVM", "2.6.0"),
                ("Linux-Package", "3.0.6"),
                ("DRP-AI-Support-Package", "7.50")
            ])
        );
        // A name cell whose last word is a version word names none.
        assert_eq!(names::cell_name("Linux Package version"), None);
        assert_eq!(names::cell_name("Base image"), None);
        // Times with their unit run in are measures.
        assert!(is_measure("3724ms") && is_measure("280.19 sec") && !is_measure("3.0.6"));
    }

    #[test]
    fn a_version_its_label_opens() {
        // Kneron PLUS's "Versions" list.
        assert_eq!(
            name_version("KL630 firmware SDK-v2.5.5"),
            Some(("KL630-firmware".to_string(), "SDK-v2.5.5".to_string()))
        );
        assert_eq!(name_version("Built with GCC-12"), None);
        // Eyecloud's OpenNCC release notes: the label run into it.
        assert_eq!(
            name_version("OpenNCC Firmware MV02.101.26"),
            Some(("OpenNCC-Firmware".to_string(), "MV02.101.26".to_string()))
        );
        assert_eq!(name_version("Support for the MP3 codec"), None);
        assert_eq!(
            name_version("kubectl - v1.35.6"),
            Some(("kubectl".to_string(), "1.35.6".to_string()))
        );
        // Netlify's build image software list: a note after the version.
        assert_eq!(
            name_version("ImageMagick - 6.9.10 (default)"),
            Some(("ImageMagick".to_string(), "6.9.10".to_string()))
        );
        // Crystal's changelog: the verb of the change is no name's.
        assert_eq!(
            name_version("Update shards 0.16.0"),
            Some(("shards".to_string(), "0.16.0".to_string()))
        );
    }

    #[test]
    fn a_driver_column_of_a_table_of_images() {
        // NNabla's CUDA extension images.
        let t = &tables(&lines(
            "| Tag | CUDA runtime | CUDNN | Python | **CUDA driver** | Dockerfile location |\n|--|--|--|--|--|--|\n\
             | 92 | 9.2 | 7.1 | 3.5 | >=396 | py3/cuda92/ |",
        ))[0];
        assert_eq!(
            driver_cell(t, &t.rows[0].1),
            Some(("CUDA driver".to_string(), ">=396".to_string()))
        );
    }

    #[test]
    fn a_matrix_keyed_by_versions() {
        // b-data's CUDA version matrix: a row per image tag (a Python
        // version), components' versions right of it.
        let t = &tables(&lines(
            "| Python | CUDA | cuBLAS | cuDNN | NCCL | TensorRT | Linux distro |\n|--|--|--|--|--|--|--|\n\
             | 3.14.6 | 13.3.0 | 13.5.1.27 | 9.23.2.1 | 2.30.7 | n/a | Ubuntu 24.04 |\n\
             | 3.14.1[^1] | 13.0.2 | 13.1.0.3 | 9.17.0.29 | 2.28.3 | n/a | Ubuntu 24.04 |\n\
             | 3.12.11 | 12.9.1 | 12.9.1.4 | 8.9.7.29 | 2.27.3 | 10.13.3.9 | Ubuntu 22.04 |",
        ))[0];
        assert!(!matches!(t.kind(), Kind::Releases { .. }), "{:?}", t.kind());
        let Some(Kind::Releases {
            key, components, ..
        }) = t.version_keyed()
        else {
            panic!("{:?}", t.version_keyed());
        };
        assert_eq!(key, 0);
        assert_eq!(
            release_keys(t.key_cell(&t.rows[1].1, key).unwrap()),
            ["3.14.1"]
        );
        let got = release_row(t, &t.rows[2].1, &components);
        for fact in [
            ("cuDNN", "8.9.7.29"),
            ("TensorRT", "10.13.3.9"),
            ("Ubuntu", "22.04"),
        ] {
            assert!(got.contains(&(fact.0.into(), fact.1.into())), "{got:?}");
        }
        // A compatibility table whose first column repeats is none.
        let t = &tables(&lines(
            "| Python | CUDA | PyTorch |\n|--|--|--|\n| 3.14 | 13.3 | 2.9 |\n| 3.14 | 13.2 | 2.9 |",
        ))[0];
        assert!(t.version_keyed().is_none());
    }

    #[test]
    fn a_family_over_its_generations() {
        // EasyBuild's common toolchains: `foss` heads its generations,
        // components' names head the other columns.
        let t = &tables(&lines(
            "| `foss` | *support* | *date* | *binutils* | *GCC* | *Open MPI* | *FFTW* |\n|--|--|--|--|--|--|--|\n\
             | `2026.1` | active | Mar '26 | 2.45 | 15.2.0 | 5.0.10 | 3.3.10 |\n\
             | `2025b` | active | Aug '25 | 2.44 | 14.3.0 | 5.0.8 | 3.3.10 |",
        ))[0];
        let (key, components) = release_columns(t);
        assert_eq!(key, 0);
        assert_eq!(
            release_keys(t.key_cell(&t.rows[1].1, key).unwrap()),
            ["2025b"]
        );
        let got = release_row(t, &t.rows[1].1, &components);
        assert!(got.contains(&("GCC".into(), "14.3.0".into())), "{got:?}");
        // A component most generations lack (`*(none)*`) keeps its column.
        let t = &tables(&lines(
            "| `foss` | *binutils* | *GCC* | *Open MPI* | *FlexiBLAS* |\n|--|--|--|--|--|\n\
             | `2026.1` | 2.45 | 15.2.0 | 5.0.10 | 3.5.0 |\n\
             | `2020b` | 2.35 | 10.2.0 | 4.0.5 | *(none)* |\n\
             | `2020a` | 2.34 | 9.3.0 | 4.0.3 | *(none)* |\n\
             | `2019b` | 2.32 | 8.3.0 | 3.1.4 | - |",
        ))[0];
        let Kind::Releases { components, .. } = t.kind() else {
            panic!("{:?}", t.kind());
        };
        let got = release_row(t, &t.rows[0].1, &components);
        assert!(
            got.contains(&("FlexiBLAS".into(), "3.5.0".into())),
            "{got:?}"
        );
        // Timestamps of a log are no generations.
        let log = &tables(&lines(
            "| time | NPU util | CPU util | Mem util | cmd |\n|--|--|--|--|--|\n\
             | 2023-03-21T09:45:56.699Z | 19.06 | 100.00 | 0.00 | ./run |\n\
             | 2023-03-21T09:45:57.725Z | 48.93 | 98.93 | 1.07 | ./run |",
        ))[0];
        assert!(
            !matches!(log.kind(), Kind::Releases { .. }),
            "{:?}",
            log.kind()
        );
    }

    #[test]
    fn a_list_of_requirement_strings_in_code() {
        // Kakao's PORORO install guide.
        let got = package_listings(&lines(
            "```python\nrequirements = [\n    \"torch==1.6.0\",\n    \"torchvision==0.7.0\",\n    \"pillow>=4.1.1\",\n\
             \"wget\",\n    'dataclasses; python_version<\"3.7\"',\n]\n```",
        ));
        assert_eq!(got, pairs(&[("torch", "1.6.0"), ("torchvision", "0.7.0")]));
    }

    #[test]
    fn a_collect_env_list_of_libraries() {
        // kagaho's `vllm collect-env` output: each pin tagged with the
        // tool that listed it.
        let text = "```\n[pip3] numpy==2.2.6\n[pip3] torch==2.9.1+cu129\n[pip3] triton==3.5.1\n\
                    [pip3] transformers==4.57.6\n```";
        assert_eq!(
            package_listings(&lines(text)),
            pairs(&[
                ("numpy", "2.2.6"),
                ("torch", "2.9.1+cu129"),
                ("triton", "3.5.1"),
                ("transformers", "4.57.6")
            ])
        );
        assert_eq!(
            name_version("[pip3] numpy 2.2.6"),
            Some(("numpy".to_string(), "2.2.6".to_string()))
        );
    }

    #[test]
    fn a_year_and_its_half_after_an_r_is_a_version() {
        // A JupyterHub image's component table: `matlab | R2024b`.
        assert!(looks_like_version("R2024b"));
        assert!(!looks_like_version("R2024c"));
        // (A letter of two bytes after three digits: five bytes, no half.)
        assert!(!looks_like_version("R123ü"));
        assert!(!looks_like_version("Rocky"));
    }

    #[test]
    fn private_addresses_are_no_versions() {
        assert!(!looks_like_version("192.168.1.20"));
        assert!(!looks_like_version("172.17.0.2"));
        assert!(!looks_like_version("127.0.0.1"));
        assert!(looks_like_version("10.5.2.100"));
        assert!(looks_like_version("172.9.1.4"));
        // A PCI slot (`lspci`'s bus:device.function) is none either.
        for slot in ["1e:00.0", "0000:3b:00.1", "0b/0e/1b/1e:00.0),"] {
            assert!(crate::package_name::is_pci_address(slot), "{slot}");
        }
        for other in ["python:3.11", "ab:1.2", "1e:00.10", "cuda:12.4.1"] {
            assert!(!crate::package_name::is_pci_address(other), "{other}");
        }
    }

    #[test]
    fn tables_of_other_things_hold_no_components() {
        for other in [
            "| Model | Precision | TP Size |\n|--|--|--|\n| Llama 3.1 70B | FP8 | 8 |",
            "| リミット種別 | 更新前 | 更新後 |\n|:--|:--|:--|\n| ソフト・リミット | 16384 | 65536 |",
            // A tool's report: shapes, counts, scores and timings.
            "| Operator | Output Tensor | Shape | Cosin |\n|--|--|--|--|\n| Conv_0 | 317 | (1, 32, 112, 112) | 0.99993 |\n| Conv_2 | 320 | (1, 32, 112, 112) | 0.99945 |",
            "| Step Name | Elapsed Time |\n|--|--|\n| surgery | 3.90 sec |\n| compile | 280.19 sec |",
        ] {
            let t = &tables(&lines(other))[0];
            assert_eq!(t.read(Choice::default()), None, "{other}");
        }
    }

    #[test]
    fn runs_of_names_and_versions_after_a_colon() {
        let kv = |l: &str| key_value(l).unwrap_or_default();
        assert_eq!(kv("SDK Version: 1.57.0"), pairs(&[("SDK", "1.57.0")]));
        assert_eq!(
            kv("对应的 **Buildroot** 版本：v2.0.4"),
            pairs(&[("Buildroot", "2.0.4")])
        );
        assert_eq!(
            kv("依赖软件版本：sentencepiece==0.2.0, transformers==4.40.1"),
            pairs(&[("sentencepiece", "0.2.0"), ("transformers", "4.40.1")])
        );
        assert_eq!(kv("ml: '2.32.4'"), pairs(&[("ml", "2.32.4")]));
        assert_eq!(
            kv("python3.8, python3.8-minimal: 3.8.10-0"),
            pairs(&[("python3.8", "3.8.10-0"), ("python3.8-minimal", "3.8.10-0")])
        );
        assert_eq!(kv("bind9: 1:9.18.28-0"), pairs(&[("bind9", "1:9.18.28-0")]));
        assert_eq!(kv("- bind: version 9.20.8"), pairs(&[("bind", "9.20.8")]));
        assert_eq!(kv("- less: version 674"), pairs(&[("less", "674")]));
        assert_eq!(
            kv("glibc-zoneinfo: version 2025b"),
            pairs(&[("glibc-zoneinfo", "2025b")])
        );
        assert_eq!(
            kv("**PyTorch / torch_npu**: 2.10.0 / 2.10.0.post4."),
            pairs(&[("PyTorch", "2.10.0"), ("torch_npu", "2.10.0.post4")])
        );
        for not in [
            "nvdia_docker2: installed",
            "Note: see 2.1 for more",
            "Image Version: 24.12.09",
            "Image Version: 24.12.09 was built",
        ] {
            assert!(key_value(not).is_none(), "{not}");
        }
        let (at, found) = key_value_runs(&lines(
            "Intro.\nCUDA: 12.2\nPython: 3.10.11\nDone: 2 things\nzeromq: 4.3.5\n",
        ));
        assert_eq!(at, [1, 2]);
        assert_eq!(found, pairs(&[("CUDA", "12.2"), ("Python", "3.10.11")]));
        // Names and versions alone on their lines, under a sentence.
        let (at, found) = key_value_runs(&lines(
            "It includes the following components:\nROCm 6.3.1\nvLLM 0.6.6\nPyTorch 2.7.0 (2.7.0a0+git3a58512)\nWith this image, you can validate.",
        ));
        assert_eq!(at, [1, 2, 3]);
        assert_eq!(
            found,
            pairs(&[
                ("ROCm", "6.3.1"),
                ("vLLM", "0.6.6"),
                ("PyTorch", "2.7.0a0+git3a58512")
            ])
        );
    }

    #[test]
    fn cells_lose_their_markup() {
        assert_eq!(clean_cell("[v2.3.1][torch-v2.3.1]"), "v2.3.1");
        assert_eq!(clean_cell("[PyTorch](https://x) 2.1"), "PyTorch 2.1");
        assert_eq!(clean_cell("Oracle Linux 8.10 [1]"), "Oracle Linux 8.10");
        assert_eq!(clean_cell("*7.3.33*"), "7.3.33");
        assert_eq!(clean_cell("_MariaDB 5.5.68_"), "MariaDB 5.5.68");
        assert_eq!(clean_cell("2.1*"), "2.1*");
        assert_eq!(clean_cell("PyTorch\\* **2.8**"), "PyTorch 2.8");
        assert_eq!(
            clean_cell("[HAProxy :octicons-link-external-16:](http://x.org/)"),
            "HAProxy"
        );
        assert_eq!(clean_cell(":white_check_mark: 1:9.18.28-0"), "1:9.18.28-0");
        assert_eq!(cell_version("0.1.1 ⇒ 0.1.2").as_deref(), Some("0.1.2"));
        assert_eq!(
            cell_version("2025.2.2 with hotfix").as_deref(),
            Some("2025.2.2")
        );
        assert_eq!(cell_version("N/A"), None);
    }
}
