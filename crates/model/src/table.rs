//! The one writer of aligned text tables: verify's and `verify --all`'s
//! reports, `list`, `compat`, `cache info`, the changes `new` and `sync`
//! print and the text diff all print their columns through it, so they
//! align the same way.

/// Rows as left-aligned columns two spaces apart, each line starting with
/// `indent`. The last column is not padded and no line ends in spaces;
/// widths count characters. Rows may be shorter than others: a missing
/// cell is empty.
pub fn columns<R: AsRef<[String]>>(rows: &[R], indent: &str) -> String {
    let count = rows.iter().map(|r| r.as_ref().len()).max().unwrap_or(0);
    let widths: Vec<usize> = (0..count)
        .map(|i| {
            rows.iter()
                .map(|r| r.as_ref().get(i).map_or(0, |c| c.chars().count()))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let row = row.as_ref();
        let mut line = String::from(indent);
        for (i, cell) in row.iter().enumerate() {
            line.push_str(cell);
            if i + 1 < row.len() {
                line.extend(std::iter::repeat_n(
                    ' ',
                    widths[i] - cell.chars().count() + 2,
                ));
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::columns;

    fn row(cells: &[&str]) -> Vec<String> {
        cells.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn pads_every_column_but_the_last_and_trims_each_line() {
        let rows = [
            row(&["25.05", "ok", "all fine"]),
            row(&["25.10-rc1", "", ""]),
        ];
        assert_eq!(
            columns(&rows, "  "),
            "  25.05      ok  all fine\n  25.10-rc1\n"
        );
    }

    #[test]
    fn widths_count_characters_not_bytes() {
        let rows = [row(&["ü", "x"]), row(&["ab", "y"])];
        assert_eq!(columns(&rows, ""), "ü   x\nab  y\n");
    }

    #[test]
    fn no_rows_no_text() {
        assert_eq!(columns::<Vec<String>>(&[], ""), "");
    }
}
