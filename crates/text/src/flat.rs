//! Tables as a copy of a web page flattens them, set back into rows
//! (`| a | b |`) before a text page is read. A browser's copy writes a
//! table's cells separated by tabs, one row a line, or — when its cells
//! hold paragraphs — one cell a line with a line holding only a tab
//! between two cells; copies of other tools leave one cell a line, each
//! ending in ` |`, or columns aligned with spaces (`pip list`). Read as
//! prose, such a table gives nothing; as rows, it is a table like any
//! other (`crate::tables`).

use crate::lines::collapse_spaces;
use crate::tables::{describes_change, is_head_word, looks_like_version};

/// A line of the page with its number in the source.
type Line = (usize, String);

/// The page's lines with its flattened tables as rows. Blank lines stay
/// (the reader drops them): only lines of a table change.
pub(crate) fn unflatten(lines: Vec<Line>) -> Vec<Line> {
    let lines = list_tables(lines);
    let lines = grid_tables(lines);
    let lines = simple_tables(lines);
    let lines = join_cells(lines);
    let lines = join_broken_cells(lines);
    let lines = tab_rows(lines);
    let lines = piped_cells(lines);
    aligned_columns(lines)
}

fn is_blank(line: &str) -> bool {
    line.trim().is_empty()
}

/// A line holding only tabs (and spaces): a browser's separator of two
/// cells that each hold a paragraph.
fn is_tab_only(line: &str) -> bool {
    line.contains('\t') && line.trim().is_empty()
}

/// More blank lines than this before a tab-only line: it starts a row whose
/// first cell is empty, not the next cell of the row before.
const MAX_BLANKS_IN_ROW: usize = 1;

/// Joins the cells a browser writes one a line, a tab-only line between
/// two, into one tab-separated line per row. A cell of several paragraphs
/// (a list in a cell) copies as lines one blank line apart: they stay its
/// own when the table goes on after them (the next row's cells follow).
fn join_cells(lines: Vec<Line>) -> Vec<Line> {
    if !lines.iter().any(|(_, l)| is_tab_only(l)) {
        return lines;
    }
    let mut out: Vec<Line> = Vec::with_capacity(lines.len());
    // Index in `out` of the row being joined, when the last separator asks
    // for a next cell.
    let mut open: Option<usize> = None;
    // The row whose last cell the lines read now may go on.
    let mut row_open: Option<usize> = None;
    // The table's width, its first row's cells, once a second row starts.
    let mut width: Option<usize> = None;
    let mut first_row: Option<usize> = None;
    let cells_of = |row: &str| row.matches('\t').count() + 1;
    let mut blanks = 0;
    let mut i = 0;
    while i < lines.len() {
        let (n, line) = lines[i].clone();
        i += 1;
        if is_tab_only(&line) {
            let tabs = line.matches('\t').count();
            let row = match open.or_else(|| last_cell(&out)) {
                Some(r) if blanks <= MAX_BLANKS_IN_ROW || open.is_some() => r,
                // A row starting with an empty cell.
                _ => {
                    out.push((n, String::new()));
                    out.len() - 1
                }
            };
            match first_row {
                None => first_row = Some(row),
                Some(first) if first != row && width.is_none() => {
                    width = Some(cells_of(&out[first].1));
                }
                _ => {}
            }
            // A second separator in a row: the cell between is empty, and
            // the tab is its end.
            out[row].1.push_str(&"\t".repeat(tabs.saturating_sub(1)));
            out[row].1.push('\t');
            open = Some(row);
            row_open = Some(row);
            blanks = 0;
            continue;
        }
        if is_blank(&line) {
            blanks += 1;
            if blanks > MAX_BLANKS_IN_ROW {
                row_open = None;
            }
            if open.is_none() {
                out.push((n, line));
            }
            continue;
        }
        match open.take() {
            // Blank lines enough to end a row: its last cell was empty.
            Some(row) if blanks <= MAX_BLANKS_IN_ROW => out[row].1.push_str(line.trim()),
            _ => match row_open.filter(|_| blanks <= MAX_BLANKS_IN_ROW) {
                // A cell of several paragraphs before the row's next cell:
                // the paragraphs go on the cell.
                // (Only while the row lacks cells: after a full row, the
                // lines are the page's.)
                Some(row)
                    if width.is_none_or(|w| cells_of(&out[row].1) < w)
                        && let Some(more) = cell_paragraphs(&lines, i - 1) =>
                {
                    while out.last().is_some_and(|(_, l)| is_blank(l)) {
                        out.pop();
                    }
                    for piece in &lines[i - 1..i - 1 + more] {
                        if !is_blank(&piece.1) {
                            out[row].1.push(' ');
                            out[row].1.push_str(piece.1.trim());
                        }
                    }
                    i = i - 1 + more;
                }
                Some(row) if let Some(more) = cell_goes_on(&lines, i - 1) => {
                    for piece in &lines[i - 1..i - 1 + more] {
                        if !is_blank(&piece.1) {
                            out[row].1.push(' ');
                            out[row].1.push_str(piece.1.trim());
                        }
                    }
                    // The blank lines the pieces' own were dropped above.
                    while out.last().is_some_and(|(_, l)| is_blank(l)) {
                        out.pop();
                    }
                    i = i - 1 + more;
                }
                _ => {
                    out.push((n, line));
                    row_open = None;
                }
            },
        }
        blanks = 0;
    }
    out
}

/// How many lines from `lines[at]` are paragraphs of a cell the row goes
/// on after (its next cell's separator follows them): lines one blank
/// line apart, then a tab-only line. Two lines in a row are no cell's
/// paragraphs (a heading over a table's caption).
fn cell_paragraphs(lines: &[Line], at: usize) -> Option<usize> {
    let text = |j: usize| lines.get(j).is_some_and(|(_, l)| !is_blank(l));
    let tab = |j: usize| lines.get(j).is_some_and(|(_, l)| is_tab_only(l));
    let mut end = at;
    while text(end) {
        end += 1;
        let after = if lines.get(end).is_some_and(|(_, l)| is_blank(l)) && !tab(end) {
            end + 1
        } else {
            end
        };
        if tab(after) {
            return Some(after - at);
        }
        if after == end {
            return None;
        }
        end = after;
    }
    None
}

/// How many lines from `lines[at]` go on a row's last cell: lines one blank
/// line apart, up to two blank lines, when what follows is the table's
/// next row (a line, then a tab-only line).
fn cell_goes_on(lines: &[Line], at: usize) -> Option<usize> {
    let mut end = at;
    let mut blanks = 0;
    while end < lines.len() {
        let line = &lines[end].1;
        if is_tab_only(line) {
            return None;
        }
        if is_blank(line) {
            blanks += 1;
            if blanks > MAX_BLANKS_IN_ROW {
                break;
            }
        } else if end > at && blanks == 0 {
            // Two lines in a row: no paragraphs of a cell.
            return None;
        } else {
            blanks = 0;
        }
        end += 1;
    }
    let next = lines[end..].iter().position(|(_, l)| !is_blank(l))? + end;
    let separator = lines[next + 1..]
        .iter()
        .take(MAX_BLANKS_IN_ROW + 1)
        .any(|(_, l)| is_tab_only(l));
    separator.then_some(end - at)
}

/// A cell holding line breaks (`2.24.3-1<br>2.26.6-1`) copies as its
/// lines, the row going on after the last: those lines join the row's line.
/// Only short words without spaces between two lines of cells are taken
/// so, the row's rest holding a tab.
fn join_broken_cells(lines: Vec<Line>) -> Vec<Line> {
    let is_tabbed = |l: &str| l.trim_matches([' ', '\r']).contains('\t');
    let is_piece = |l: &str| {
        let t = l.trim_matches([' ', '\r']);
        !t.is_empty() && !t.contains(['\t', ' ']) && t.chars().count() <= 40
    };
    let cells_of = |l: &str| l.trim_matches([' ', '\r']).matches('\t').count() + 1;
    let mut out: Vec<Line> = Vec::with_capacity(lines.len());
    // The table's width: its first row's.
    let mut width: Option<usize> = None;
    let mut i = 0;
    while i < lines.len() {
        let (n, line) = &lines[i];
        i += 1;
        if !is_tabbed(line) {
            if !is_piece(line) {
                width = None;
            }
            out.push((*n, line.clone()));
            continue;
        }
        let width = *width.get_or_insert(cells_of(line));
        let mut joined = line.trim_end_matches([' ', '\r']).to_string();
        loop {
            let pieces = lines[i..].iter().take_while(|(_, l)| is_piece(l)).count();
            let rest = lines.get(i + pieces).map(|(_, l)| l.as_str());
            // A row of all its cells whose last cell breaks its line
            // ("1.17 | 6.0<br>5.7"), the next row after: the pieces are
            // that cell's.
            if pieces > 0
                && cells_of(&joined) >= width
                && rest.is_some_and(|r| is_tabbed(r) && cells_of(r) == width)
            {
                for (_, piece) in &lines[i..i + pieces] {
                    joined.push(' ');
                    joined.push_str(piece.trim());
                }
                i += pieces;
                break;
            }
            let ends_row = rest.is_some_and(|r| {
                is_tabbed(r) && !r.starts_with('\t') && tab_cells(r).is_none_or(|c| c.len() <= 2)
            });
            if pieces == 0 || !ends_row {
                break;
            }
            for (_, piece) in &lines[i..i + pieces] {
                joined.push(' ');
                joined.push_str(piece.trim());
            }
            joined.push(' ');
            joined.push_str(rest.unwrap_or("").trim_start_matches(' '));
            i += pieces + 1;
        }
        out.push((*n, joined));
    }
    out
}

/// The index of the last line of `out` that is not blank.
fn last_cell(out: &[Line]) -> Option<usize> {
    out.iter().rposition(|(_, l)| !is_blank(l))
}

/// A line's cells when it is a tab-separated row: a tab between two of its
/// characters.
pub(crate) fn tab_cells(line: &str) -> Option<Vec<String>> {
    let inner = line.trim_matches([' ', '\r']);
    let inner = inner.trim_start_matches('\t');
    if !inner.trim_end().contains('\t') && !line.trim_start_matches(' ').starts_with('\t') {
        return None;
    }
    let cells: Vec<String> = line
        .trim_matches([' ', '\r'])
        .split('\t')
        .map(collapse_spaces)
        .collect();
    (cells.len() >= 2 && cells.iter().filter(|c| !c.is_empty()).count() >= 2).then_some(cells)
}

/// reStructuredText's `.. list-table::` (Sphinx docs write most of their
/// tables so: `* - Package` / `  - Version`, a row's cells as items of an
/// item) → one `| a | b |` row a line, a head's rule after
/// `:header-rows:` rows. A cell's wrapped lines join it; anything else
/// stays as it is.
fn list_tables(lines: Vec<Line>) -> Vec<Line> {
    if !lines
        .iter()
        .any(|(_, l)| l.trim_start().starts_with(".. list-table::"))
    {
        return lines;
    }
    let mut out: Vec<Line> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let (n, line) = &lines[i];
        let Some(title) = line.trim_start().strip_prefix(".. list-table::") else {
            out.push(lines[i].clone());
            i += 1;
            continue;
        };
        let directive_indent = indent_of(line);
        if !title.trim().is_empty() {
            out.push((*n, title.trim().to_string()));
        }
        i += 1;
        let mut header_rows = 0;
        // Rows: each row's line number and cells.
        let mut rows: Vec<(usize, Vec<String>)> = Vec::new();
        // The column a row's cell items start at, once the first is read.
        let mut cell_column: Option<usize> = None;
        while i < lines.len() {
            let (n, raw) = &lines[i];
            let text = raw.trim();
            if text.is_empty() {
                i += 1;
                continue;
            }
            let indent = indent_of(raw);
            if indent <= directive_indent {
                break;
            }
            if let Some(option) = text.strip_prefix(':')
                && rows.is_empty()
            {
                if let Some(count) = option.strip_prefix("header-rows:") {
                    header_rows = count.trim().parse().unwrap_or(0);
                }
                i += 1;
                continue;
            }
            if let Some(cell) = text
                .strip_prefix("* -")
                .or_else(|| (text == "* -").then_some(""))
            {
                rows.push((*n, vec![cell.trim().to_string()]));
                cell_column = Some(indent + 2);
            } else if let Some(cell) = text
                .strip_prefix("- ")
                .or_else(|| (text == "-").then_some(""))
                && cell_column == Some(indent)
                && let Some((_, cells)) = rows.last_mut()
            {
                cells.push(cell.trim().to_string());
            } else if let Some((_, cells)) = rows.last_mut()
                && let Some(last) = cells.last_mut()
            {
                // A cell's text goes on (wrapped, or a list inside it).
                if !last.is_empty() {
                    last.push(' ');
                }
                last.push_str(text.trim_start_matches("- "));
            }
            i += 1;
        }
        push_rows(&mut out, &rows, header_rows);
        out.push((lines[i.saturating_sub(1)].0, String::new()));
    }
    out
}

/// The columns of a reStructuredText simple table's border (`=====  ====`):
/// each run of `=` as its start and end, two runs or more.
fn border_columns(line: &str) -> Option<Vec<(usize, usize)>> {
    if line.trim().is_empty() || !line.trim().chars().all(|c| c == '=' || c == ' ') {
        return None;
    }
    let mut columns = Vec::new();
    let mut start = None;
    for (i, c) in line
        .char_indices()
        .chain(std::iter::once((line.len(), ' ')))
    {
        match (c == '=', start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                columns.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    (columns.len() >= 2).then_some(columns)
}

/// A simple table's cell: Sphinx's substitutions (`|gcc|_`) as their
/// names, an escaped empty cell (`\`) as empty.
fn simple_cell(line: &str, from: usize, to: Option<usize>) -> String {
    let end = to.map_or(line.len(), |t| t.min(line.len()));
    let text = line.get(from.min(end)..end).unwrap_or("").trim();
    if text == "\\" {
        return String::new();
    }
    text.split_whitespace()
        .map(|w| {
            let bare = w.strip_suffix('_').unwrap_or(w);
            match bare.strip_prefix('|').and_then(|b| b.strip_suffix('|')) {
                Some(name) if !name.is_empty() => name,
                _ => w,
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// reStructuredText's simple tables (borders of `=` runs over and under
/// the head and under the body, Sphinx's `.. table::`) → one `| a | b |`
/// row a line, a head's rule after the head. A row whose first cell is
/// blank goes on the row before, as in reStructuredText.
fn simple_tables(lines: Vec<Line>) -> Vec<Line> {
    if !lines.iter().any(|(_, l)| border_columns(l).is_some()) {
        return lines;
    }
    let mut out: Vec<Line> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let Some(columns) = border_columns(&lines[i].1) else {
            out.push(lines[i].clone());
            i += 1;
            continue;
        };
        // The rows up to the closing border; a second border inside ends
        // the head.
        let mut rows: Vec<(usize, Vec<String>)> = Vec::new();
        let mut head_rows = 0;
        let mut j = i + 1;
        let mut closed = false;
        while j < lines.len() {
            let (n, line) = &lines[j];
            if border_columns(line).is_some() {
                let next_is_row = lines
                    .get(j + 1)
                    .is_some_and(|(_, l)| !l.trim().is_empty() && border_columns(l).is_none());
                if head_rows == 0 && next_is_row && !rows.is_empty() {
                    head_rows = rows.len();
                    j += 1;
                    continue;
                }
                closed = true;
                break;
            }
            if line.trim().is_empty() {
                j += 1;
                continue;
            }
            let cells: Vec<String> = columns
                .iter()
                .enumerate()
                .map(|(k, &(from, _))| simple_cell(line, from, columns.get(k + 1).map(|c| c.0)))
                .collect();
            match rows.last_mut() {
                Some((_, last)) if cells[0].is_empty() && !line.contains("\\") => {
                    for (cell, more) in last.iter_mut().zip(cells) {
                        if !more.is_empty() {
                            if !cell.is_empty() {
                                cell.push(' ');
                            }
                            cell.push_str(&more);
                        }
                    }
                }
                _ => rows.push((*n, cells)),
            }
            j += 1;
        }
        if !closed || rows.is_empty() {
            out.push(lines[i].clone());
            i += 1;
            continue;
        }
        push_rows(&mut out, &rows, head_rows);
        out.push((lines[j].0, String::new()));
        i = j + 1;
    }
    out
}

/// The columns of a grid table's border (`+-----+----+`, `+=====+====+`
/// under the head): the character positions of its `+`, and whether it
/// is the head's rule.
fn grid_border(line: &str) -> Option<(Vec<usize>, bool)> {
    let line = line.trim_end();
    let head = line.trim_start().starts_with("+=");
    let rule = if head { '=' } else { '-' };
    let chars: Vec<char> = line.chars().collect();
    let first = chars.iter().position(|c| !c.is_whitespace())?;
    if chars[first] != '+' || chars.last() != Some(&'+') {
        return None;
    }
    let marks: Vec<usize> = (first..chars.len()).filter(|&i| chars[i] == '+').collect();
    let only_rules = chars[first..].iter().all(|&c| c == '+' || c == rule);
    let no_empty_column = marks.windows(2).all(|w| w[1] > w[0] + 1);
    (marks.len() >= 3 && only_rules && no_empty_column).then_some((marks, head))
}

/// A grid table's line of cells (`| a   | b   |`) cut at the border's
/// columns, or none when its bars are not where the border's `+` are.
fn grid_cells(line: &str, marks: &[usize]) -> Option<Vec<String>> {
    let chars: Vec<char> = line.trim_end().chars().collect();
    if !marks.iter().all(|&m| chars.get(m) == Some(&'|'))
        || chars.len() != marks[marks.len() - 1] + 1
    {
        return None;
    }
    Some(
        marks
            .windows(2)
            .map(|w| {
                chars[w[0] + 1..w[1]]
                    .iter()
                    .collect::<String>()
                    .trim()
                    .to_string()
            })
            .collect(),
    )
}

/// A cell's text: its lines joined, a reStructuredText link's reference
/// (`` `BioPython`_ ``, `` `docs <https://…>`_ ``) as its text.
fn grid_text(parts: &[String]) -> String {
    let text = collapse_spaces(&parts.join(" "));
    let text = text.trim();
    match text
        .strip_prefix('`')
        .and_then(|t| t.strip_suffix("`__").or_else(|| t.strip_suffix("`_")))
    {
        Some(inner) if !inner.contains('`') => match inner.split_once(" <") {
            Some((name, target)) if target.ends_with('>') => name.trim().to_string(),
            _ => inner.to_string(),
        },
        _ => text.to_string(),
    }
}

/// Grid tables (reStructuredText's and pandoc's, a database shell's):
/// borders of `+---+---+` around rows of `| a | b |` → one `| a | b |`
/// row a line, a head's rule after the head. Between two borders of a
/// reStructuredText table is one row, its cells wrapped over lines; a
/// shell's table draws three borders only, one row a line under its head.
fn grid_tables(lines: Vec<Line>) -> Vec<Line> {
    if !lines.iter().any(|(_, l)| grid_border(l).is_some()) {
        return lines;
    }
    let mut out: Vec<Line> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let Some((marks, _)) = grid_border(&lines[i].1) else {
            out.push(lines[i].clone());
            i += 1;
            continue;
        };
        // The blocks of lines between borders, and which border is a head's.
        let mut blocks: Vec<Vec<(usize, Vec<String>)>> = Vec::new();
        let mut head_rule: Option<usize> = None;
        let mut block: Vec<(usize, Vec<String>)> = Vec::new();
        let mut j = i + 1;
        let mut end = None;
        while j < lines.len() {
            let (n, line) = &lines[j];
            if let Some((other, head)) = grid_border(line) {
                if other != marks || block.is_empty() {
                    break;
                }
                blocks.push(std::mem::take(&mut block));
                if head && head_rule.is_none() {
                    head_rule = Some(blocks.len());
                }
                end = Some(j);
                j += 1;
                continue;
            }
            match grid_cells(line, &marks) {
                Some(cells) => block.push((*n, cells)),
                None => break,
            }
            j += 1;
        }
        let Some(end) = end else {
            out.push(lines[i].clone());
            i += 1;
            continue;
        };
        // A shell's table: a head, one block of rows, no `=` rule.
        let row_a_line = head_rule.is_none()
            && blocks.len() == 2
            && blocks[0].len() == 1
            && blocks[1].len() >= 2;
        let mut rows: Vec<(usize, Vec<String>)> = Vec::new();
        let mut head_rows = head_rule.unwrap_or(usize::from(blocks.len() >= 2));
        for (k, block) in blocks.iter().enumerate() {
            if row_a_line && k == 1 {
                rows.extend(block.iter().map(|(n, cells)| (*n, cells.clone())));
                continue;
            }
            let columns = marks.len() - 1;
            let cells: Vec<String> = (0..columns)
                .map(|c| {
                    let parts: Vec<String> = block
                        .iter()
                        .map(|(_, cells)| cells[c].clone())
                        .filter(|p| !p.is_empty())
                        .collect();
                    grid_text(&parts)
                })
                .collect();
            rows.push((block[0].0, cells));
        }
        if head_rows >= rows.len() {
            head_rows = 0;
        }
        push_rows(&mut out, &rows, head_rows);
        out.push((lines[end].0, String::new()));
        i = end + 1;
    }
    out
}

/// A table's rows as `| a | b |` lines, the head's rule after its first
/// `head_rows`.
fn push_rows(out: &mut Vec<Line>, rows: &[(usize, Vec<String>)], head_rows: usize) {
    for (k, (n, cells)) in rows.iter().enumerate() {
        out.push((*n, row(cells)));
        if k + 1 == head_rows {
            out.push((*n, format!("|{}|", vec!["---"; cells.len()].join("|"))));
        }
    }
}

fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// `| a | b |`, an empty cell as a space.
pub(crate) fn row(cells: &[String]) -> String {
    let cells: Vec<String> = cells
        .iter()
        .map(|c| {
            if c.is_empty() {
                " ".to_string()
            } else {
                format!(" {} ", c.replace('|', "/"))
            }
        })
        .collect();
    format!("|{}|", cells.join("|"))
}

/// The most lines without tabs a cell of a tab-separated row may go on
/// for.
const MAX_CELL_LINES: usize = 4;

/// Runs of tab-separated lines → rows; a head row followed by cells one a
/// line (a table whose body cells lost their tabs) is grouped by the
/// head's width.
fn tab_rows(lines: Vec<Line>) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let Some(cells) = tab_cells(&lines[i].1) else {
            out.push(lines[i].clone());
            i += 1;
            continue;
        };
        let mut run = vec![(lines[i].0, cells)];
        let mut j = i + 1;
        while j < lines.len() {
            if is_blank(&lines[j].1) {
                j += 1;
                continue;
            }
            match tab_cells(&lines[j].1) {
                Some(cells) => {
                    run.push((lines[j].0, cells));
                    j += 1;
                }
                None => {
                    // A cell of lines (`<br>` in a change description)
                    // copies as lines without tabs, the table going on
                    // after them: they are its last cell's clauses.
                    let more = lines[j..]
                        .iter()
                        .take_while(|(_, l)| !is_blank(l) && !l.contains('\t'))
                        .count();
                    let describes_change = run
                        .last()
                        .and_then(|(_, cells)| cells.last())
                        .is_some_and(|c| describes_change(c));
                    let goes_on = describes_change
                        && more <= MAX_CELL_LINES
                        && lines
                            .get(j + more)
                            .is_some_and(|(_, l)| tab_cells(l).is_some());
                    if more == 0 || !goes_on {
                        break;
                    }
                    if let Some(last) = run.last_mut().and_then(|(_, cells)| cells.last_mut()) {
                        for (_, line) in &lines[j..j + more] {
                            last.push_str("; ");
                            last.push_str(&collapse_spaces(line));
                        }
                    }
                    j += more;
                }
            }
        }
        if run.len() == 1 {
            // A head alone: its body may follow one cell a line.
            let width = run[0].1.len();
            let head_words = run[0].1.iter().filter(|c| is_head_word(c)).count();
            let groups = body_groups(&lines[j..], width);
            if head_words >= 2 && !groups.is_empty() {
                out.push((run[0].0, row(&run[0].1)));
                for group in &groups {
                    let cells: Vec<String> = group.iter().map(|(_, c)| c.clone()).collect();
                    out.push((group[0].0, row(&cells)));
                }
                let consumed = groups.last().and_then(|g| g.last()).map_or(0, |(n, _)| *n);
                while j < lines.len() && lines[j].0 <= consumed {
                    j += 1;
                }
                i = j;
                continue;
            }
        }
        out.extend(run.iter().map(|(n, cells)| (*n, row(cells))));
        i = j;
    }
    out
}

/// The rows of a head's width the lines after it make, one short cell a
/// line: each group names a component and holds a version, up to the first
/// that does not (the table ended).
fn body_groups(lines: &[Line], width: usize) -> Vec<Vec<(usize, String)>> {
    let mut cells = Vec::new();
    for (n, line) in lines {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        if t.contains('\t') || t.chars().count() > 60 || t.ends_with(['.', '。', ':', '：']) {
            break;
        }
        cells.push((*n, t.to_string()));
    }
    cells
        .chunks_exact(width)
        .take_while(|group| {
            !looks_like_version(&group[0].1)
                && group[1..].iter().any(|(_, c)| looks_like_version(c))
        })
        .map(<[(usize, String)]>::to_vec)
        .collect()
}

/// A line that is one cell of a table copied one cell a line (`python |`).
fn piped_cell(line: &str) -> Option<String> {
    let t = line.trim();
    let cell = t.strip_suffix('|')?.trim();
    (!cell.is_empty() && !cell.contains('|')).then(|| cell.to_string())
}

/// Cells one a line, each ending in ` |`, under a head of words a table's
/// head holds (`Library |` / `Version |`): rows of the head's width.
fn piped_cells(lines: Vec<Line>) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let mut run: Vec<(usize, String)> = Vec::new();
        let mut j = i;
        while j < lines.len() {
            if is_blank(&lines[j].1) && !run.is_empty() {
                j += 1;
                continue;
            }
            match piped_cell(&lines[j].1) {
                Some(cell) => {
                    run.push((lines[j].0, cell));
                    j += 1;
                }
                None => break,
            }
        }
        let width = run.iter().take_while(|(_, c)| is_head_word(c)).count();
        if width >= 2 && run.len() > width && run.len().is_multiple_of(width) {
            for group in run.chunks(width) {
                let cells: Vec<String> = group.iter().map(|(_, c)| c.clone()).collect();
                out.push((group[0].0, row(&cells)));
            }
            i = j;
        } else {
            out.push(lines[i].clone());
            i += 1;
        }
    }
    out
}

/// A line's cells when its columns are aligned with runs of two or more
/// spaces.
fn aligned_cells(line: &str) -> Option<Vec<String>> {
    let t = line.trim();
    if t.starts_with(['-', '*', '|', '#', '>']) || t.contains('\t') {
        return None;
    }
    let cells: Vec<String> = t
        .split("  ")
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_string)
        .collect();
    (cells.len() >= 2).then_some(cells)
}

/// A line of dashes under an aligned head (`------- -------`).
fn is_rule(line: &str) -> bool {
    let t = line.trim();
    t.len() >= 3 && t.chars().all(|c| c == '-' || c == ' ' || c == '=')
}

/// At least this many rows make an aligned table: fewer may be two
/// sentences that happen to hold double spaces.
const MIN_ALIGNED_ROWS: usize = 3;

/// Runs of lines whose columns are aligned with spaces, of one width, most
/// rows pairing a name with a version (`torch    2.1.0`) → rows.
fn aligned_columns(lines: Vec<Line>) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let Some(first) = aligned_cells(&lines[i].1) else {
            out.push(lines[i].clone());
            i += 1;
            continue;
        };
        let width = first.len();
        let mut run = vec![(lines[i].0, first)];
        let mut j = i + 1;
        while j < lines.len() {
            if is_rule(&lines[j].1) {
                j += 1;
                continue;
            }
            match aligned_cells(&lines[j].1) {
                Some(cells) if cells.len() == width => {
                    run.push((lines[j].0, cells));
                    j += 1;
                }
                _ => break,
            }
        }
        let versioned = run
            .iter()
            .filter(|(_, cells)| {
                // A name before a version; a row number may come first
                // (`1   scikit-learn   0.17`).
                cells
                    .iter()
                    .position(|c| !looks_like_version(c))
                    .is_some_and(|name| cells[name + 1..].iter().any(|c| looks_like_version(c)))
            })
            .count();
        if run.len() >= MIN_ALIGNED_ROWS && versioned * 2 >= run.len() {
            out.extend(run.iter().map(|(n, cells)| (*n, row(cells))));
            i = j;
        } else {
            out.push(lines[i].clone());
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbered(text: &str) -> Vec<Line> {
        text.lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.to_string()))
            .collect()
    }

    fn rows(text: &str) -> Vec<String> {
        unflatten(numbered(text))
            .into_iter()
            .map(|(_, l)| l)
            .filter(|l| !l.trim().is_empty())
            .collect()
    }

    #[test]
    fn a_browsers_copy_of_cells_holding_paragraphs_is_rows_again() {
        let page = "Intro.\n\nSoftware component\n\n\t\n\nVersion\n\n\n\n\nROCm\n\n\t\n\n6.3.0\n\n\n\n\nPyTorch\n\n\t\n\n2.7.0a0+git637433\n\nNext part";
        assert_eq!(
            rows(page),
            [
                "Intro.",
                "| Software component | Version |",
                "| ROCm | 6.3.0 |",
                "| PyTorch | 2.7.0a0+git637433 |",
                "Next part"
            ]
        );
        // An empty first cell of a row, and an empty cell inside one.
        let page = "Name\n\n\t\n\nA\n\n\t\n\nB\n\n\n\n\n\t\n\n1.0\n\n\t\n\n2.0\n\n\n\n\nx\n\n\t\n\n\t\n\n3.0";
        assert_eq!(
            rows(page),
            ["| Name | A | B |", "| | 1.0 | 2.0 |", "| x | | 3.0 |"]
        );
    }

    #[test]
    fn a_cell_of_several_paragraphs_in_a_browsers_copy() {
        let page = "Image\tVersion\tPackages\n\n\nCUDA\n\n\t\n\n2024.1\n\n\t\n\nCUDA 12.1\n\nPython 3.9\n\n\n\n\n2023.2\n\n\t\n\nCUDA 11.8\n\nPython 3.8\n\nAfter the table.";
        assert_eq!(
            rows(page),
            [
                "| Image | Version | Packages |",
                "| CUDA | 2024.1 | CUDA 12.1 Python 3.9 |",
                // The last row's second paragraph: the table may have ended.
                "| 2023.2 | CUDA 11.8 |",
                "Python 3.8",
                "After the table."
            ]
        );
        // A middle cell of two paragraphs.
        let page = "Patch\n\n\t\n\nFeatures\n\n\t\n\nFixes\n\n\n\n\nv1.33.5-r0\n\n\t\n\nOne.\n\nTwo.\n\n\t\n\nNone\n\n\n\n\nv1.33.1-r0\n\n\t\n\nThree.\n\n\t\n\nFour.";
        assert_eq!(
            rows(page),
            [
                "| Patch | Features | Fixes |",
                "| v1.33.5-r0 | One. Two. | None |",
                "| v1.33.1-r0 | Three. | Four. |"
            ]
        );
        // After a full row, paragraphs one blank line apart are the page's.
        let page = "Patch\n\n\t\n\nFixes\n\n\n\n\nv2\n\n\t\n\nNone\n\nVersion 1.25\n\nImportant\n\nTable 8\n\nPatch\n\n\t\n\nFixes\n\n\n\n\nv1\n\n\t\n\nOne.";
        assert_eq!(
            rows(page),
            [
                "| Patch | Fixes |",
                "| v2 | None |",
                "Version 1.25",
                "Important",
                "Table 8",
                "| Patch | Fixes |",
                "| v1 | One. |"
            ]
        );
    }

    #[test]
    fn tab_separated_lines_are_rows() {
        let page = "Images\tCUDA\tNCCL\nx:latest\tCPU\t\t\nx:cu12\t12.3\t2.17.1\nAfter.";
        assert_eq!(
            rows(page),
            [
                "| Images | CUDA | NCCL |",
                "| x:latest | CPU | | |",
                "| x:cu12 | 12.3 | 2.17.1 |",
                "After."
            ]
        );
        // An indented command is no row.
        assert_eq!(rows("\tdocker run x\n"), ["\tdocker run x"]);
    }

    #[test]
    fn a_restructured_text_list_table_becomes_rows() {
        let page = "Jazzy (v4.2.0)\n\n.. list-table::\n    :header-rows: 1\n\n    * - Package name\n      - Package version\n    * - eProsima Fast CDR\n      - `v2.2.5 <https://x/v2.2.5>`__\n    * - micro-ROS Agent\n      - 5.0.2\n        (vulcanexus)\n\nAfter.";
        assert_eq!(
            rows(page),
            [
                "Jazzy (v4.2.0)",
                "| Package name | Package version |",
                "|---|---|",
                "| eProsima Fast CDR | `v2.2.5 <https://x/v2.2.5>`__ |",
                "| micro-ROS Agent | 5.0.2 (vulcanexus) |",
                "After."
            ]
        );
    }

    #[test]
    fn a_grid_table_becomes_rows() {
        // reStructuredText's: one row between two borders, cells wrapped.
        let page = "Soft requirements\n\n+-------------------+---------+-------------+\n| Package name      | Version | Location    |\n|                   |         | (dc: chem)  |\n+===================+=========+=============+\n| `BioPython`_      | 1.77    | dc.genomics |\n|                   |         |             |\n+-------------------+---------+-------------+\n| `Tensorflow       | 0.10    | dc.models   |\n| Probability`_     |         |             |\n+-------------------+---------+-------------+\n\nAfter.";
        assert_eq!(
            rows(page),
            [
                "Soft requirements",
                "| Package name | Version | Location (dc: chem) |",
                "|---|---|---|",
                "| BioPython | 1.77 | dc.genomics |",
                "| Tensorflow Probability | 0.10 | dc.models |",
                "After."
            ]
        );
        // A database shell's: three borders, one row a line.
        let shell = "+---------+---------+\n| Package | Version |\n+---------+---------+\n| numpy   | 1.26.4  |\n| scipy   | 1.13.0  |\n+---------+---------+";
        assert_eq!(
            rows(shell),
            [
                "| Package | Version |",
                "|---|---|",
                "| numpy | 1.26.4 |",
                "| scipy | 1.13.0 |"
            ]
        );
        // Bars that are not under the border's columns: left as they are.
        let ragged = "+-----+-----+\n| a | b |\n+-----+-----+";
        assert_eq!(
            rows(ragged),
            ["+-----+-----+", "| a | b |", "+-----+-----+"]
        );
    }

    #[test]
    fn a_restructured_text_simple_table_becomes_rows() {
        let page = ".. table:: Prerequisites\n\n   ========== ======== ======\n   \\          Name     Latest\n   ========== ======== ======\n   **Build**  |cmake|_ 4.1\n   **Libs**   |boost|_ 1.88.0\n   \\          |hwloc|_ 2.4\n              (tested)\n   ========== ======== ======\n\nAfter.";
        assert_eq!(
            rows(page),
            [
                ".. table:: Prerequisites",
                "| | Name | Latest |",
                "|---|---|---|",
                "| **Build** | cmake | 4.1 |",
                "| **Libs** | boost | 1.88.0 |",
                "| | hwloc (tested) | 2.4 |",
                "After."
            ]
        );
        // A rule of one run is no table's border.
        assert_eq!(rows("Title\n=====\n\nText."), ["Title", "=====", "Text."]);
    }

    #[test]
    fn a_cell_of_several_lines_stays_in_its_row() {
        let page = "Add / Update / Delete\tSoftware\tVersion\tPrevious version\nAdd\tcmake\t4.1.1\t\nAdd\tnccl\t2.24.3-1\n2.26.6-1\n2.28.3-1\t\n2025-08-26\n";
        assert_eq!(
            rows(page),
            [
                "| Add / Update / Delete | Software | Version | Previous version |",
                "| Add | cmake | 4.1.1 | |",
                "| Add | nccl | 2.24.3-1 2.26.6-1 2.28.3-1 | |",
                "2025-08-26"
            ]
        );
    }

    #[test]
    fn a_change_of_several_lines_stays_in_its_row() {
        let page = "Software\tChange\nCP2K\tAdd Version 2026.1\nDefault changed to version 2025.2\n\
            NAMD\tAdd Version 3.0.2\nA caption\n\nImage\tStatus\nstable\tsupported\nThe end\nx\ty\n";
        assert_eq!(
            rows(page),
            [
                "| Software | Change |",
                "| CP2K | Add Version 2026.1; Default changed to version 2025.2 |",
                "| NAMD | Add Version 3.0.2 |",
                "A caption",
                "| Image | Status |",
                "| stable | supported |",
                "The end",
                "| x | y |"
            ]
        );
    }

    #[test]
    fn a_head_then_one_cell_a_line() {
        let page = "Package\tVersion\ntorch\n2.1.0\nnumpy\n1.26.4\nQuick Start\ndocker run x\nThe image is tested.";
        assert_eq!(
            rows(page),
            [
                "| Package | Version |",
                "| torch | 2.1.0 |",
                "| numpy | 1.26.4 |",
                "Quick Start",
                "docker run x",
                "The image is tested."
            ]
        );
    }

    #[test]
    fn cells_ending_in_a_pipe_under_a_head() {
        let page = "Library |\nVersion |\npython |\n3.7.11 |\nnumpy |\n1.21.6 |\nDone.";
        assert_eq!(
            rows(page),
            [
                "| Library | Version |",
                "| python | 3.7.11 |",
                "| numpy | 1.21.6 |",
                "Done."
            ]
        );
        // Without a head a table holds, cells stay lines (a Contents table
        // split over lines is read where it stands).
        let page = "aarch64架构 |\namd64架构 |\n核心组件 |\n";
        assert_eq!(rows(page), ["aarch64架构 |", "amd64架构 |", "核心组件 |"]);
    }

    #[test]
    fn columns_aligned_with_spaces() {
        let page = "Package      Version\n------------ -------\ntorch        2.1.0\nnumpy        1.26.4\n\nSee the notes  for more.";
        assert_eq!(
            rows(page),
            [
                "| Package | Version |",
                "| torch | 2.1.0 |",
                "| numpy | 1.26.4 |",
                "See the notes  for more."
            ]
        );
    }
}
