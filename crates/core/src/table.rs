//! Turning a raw cell grid (a sheet, a CSV, a table found in a PDF's layout)
//! into table objects: split into regions at blank rows, trim empty edges,
//! find a title row, detect header rows and name the columns.
//!
//! One module serves every loader so that a table from a PDF and the same
//! table from a spreadsheet get the same header and the same coordinates.

use crate::source::{Cell, CellValue, TableContent};

/// The name given to a first column that has no header of its own (a
/// report's row labels).
pub const LABEL_COLUMN: &str = "label";

/// A rectangular block of non-empty rows found in a grid.
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    /// First and last row (inclusive), first and last column (inclusive),
    /// relative to the grid.
    pub rows: (usize, usize),
    pub cols: (usize, usize),
}

fn row_is_blank(row: &[Cell]) -> bool {
    row.iter().all(|c| c.value.is_empty())
}

/// Regions of consecutive non-blank rows, each trimmed to its used columns.
pub fn find_regions(grid: &[Vec<Cell>]) -> Vec<Region> {
    let mut out = Vec::new();
    let mut r = 0;
    while r < grid.len() {
        if row_is_blank(&grid[r]) {
            r += 1;
            continue;
        }
        let start = r;
        while r < grid.len() && !row_is_blank(&grid[r]) {
            r += 1;
        }
        let end = r - 1;
        let mut c0 = usize::MAX;
        let mut c1 = 0;
        for row in &grid[start..=end] {
            for (c, cell) in row.iter().enumerate() {
                if !cell.value.is_empty() {
                    c0 = c0.min(c);
                    c1 = c1.max(c);
                }
            }
        }
        out.push(Region { rows: (start, end), cols: (c0, c1) });
    }
    out
}

/// Is this a year used as a column header (e.g. 2019)?
fn is_year_cell(c: &Cell) -> bool {
    match &c.value {
        CellValue::Number(v) => {
            v.fract() == 0.0 && (1900.0..=2099.0).contains(v) && c.format.as_ref().is_none_or(|f| !f.thousands && f.currency.is_none())
        }
        CellValue::Text(t) => crate::text::years(t).len() == 1 && t.trim().len() <= 12,
        _ => false,
    }
}

fn is_value_cell(c: &Cell) -> bool {
    match &c.value {
        CellValue::Number(_) => !is_year_cell(c),
        CellValue::Text(t) => is_two_units(t) || is_clock_time(t),
        _ => false,
    }
}

/// A time or duration written with colons ("1:49.41", "3:36", "2:05:11"):
/// a value, though no single number.
fn is_clock_time(t: &str) -> bool {
    let mut parts = t.trim().split(':');
    let head = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    !head.is_empty() && head.len() <= 3 && head.bytes().all(|b| b.is_ascii_digit()) && !rest.is_empty() && rest.len() <= 2 && rest.iter().all(|p| p.len() >= 2 && p.as_bytes()[..2].iter().all(u8::is_ascii_digit) && p[2..].strip_prefix('.').map_or(p.len() == 2, |d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())))
}

/// A figure given in two units, the second in brackets ("38 (100)",
/// "−7 (19)", "16.6 (0.654)": a climate table's °C (°F), mm (inches)): a
/// value, though no single number. A year with a note ("2019 (1)") is no
/// such figure.
fn is_two_units(t: &str) -> bool {
    let Some((a, b)) = t.trim().split_once('(') else { return false };
    let Some(b) = b.trim().strip_suffix(')') else { return false };
    let num = |x: &str| crate::text::parse_number(x.trim()).map(|(v, _)| v);
    let year = |v: f64| v.fract() == 0.0 && (1900.0..=2099.0).contains(&v);
    matches!((num(a), num(b)), (Some(x), Some(_)) if !year(x))
}

/// Number of leading header rows in a block (0..=3).
pub fn detect_header_rows(rows: &[Vec<Cell>]) -> usize {
    if rows.len() < 2 {
        return 0;
    }
    let any_values_below = |from: usize| rows[from..].iter().any(|r| r.iter().any(is_value_cell));
    let mut h = 0;
    while h < rows.len().min(3) {
        let row = &rows[h];
        let values = row.iter().filter(|c| is_value_cell(c)).count();
        let nonempty = row.iter().filter(|c| !c.value.is_empty()).count();
        // A data row has a label and numbers; a header row has none.
        if values > 0 || nonempty == 0 {
            break;
        }
        // A text-only row followed by text-only rows is data in a text table,
        // unless it is the very first row.
        // A row of years heads the columns below it; one year beside a
        // label ("Acme, Europe, 2015") is a record's.
        // A row keyed like the next one (a year or number in the first
        // column of each: "1969, Gimme Shelter, Ode, —, —" over "1971, …")
        // is the first record, though its figures are missing.
        let keyed = |r: &Vec<Cell>| r.first().is_some_and(|c| is_year_cell(c) || matches!(c.value, CellValue::Number(_)));
        if h > 0 && keyed(row) && rows.get(h + 1).is_some_and(keyed) {
            break;
        }
        let years = row.iter().filter(|c| is_year_cell(c)).count();
        let years_row = years >= 2 || (years == 1 && row.first().is_some_and(|c| c.value.is_empty() || is_year_cell(c)));
        if h > 0 && !any_values_below(h + 1) && !years_row {
            break;
        }
        h += 1;
    }
    if h == 0 && rows.len() >= 2 && rows[0].iter().all(|c| !is_value_cell(c)) {
        // A table of text: the first row names the columns.
        return 1;
    }
    h.min(rows.len() - 1)
}

/// Column names from the header rows: header texts of each column joined
/// top-down; a blank cell in an upper header row inherits the text on its
/// left (merged or centred spanning headers); unnamed columns get a
/// positional name.
pub fn column_names(header: &[Vec<Cell>], n_cols: usize) -> Vec<String> {
    let mut names = vec![String::new(); n_cols];
    let last = header.len().saturating_sub(1);
    for (hr, row) in header.iter().enumerate() {
        let text_at = |c: usize| row.get(c).map(|x| x.text.trim().to_string()).unwrap_or_default();
        let filled: Vec<usize> = (1..n_cols).filter(|&c| !text_at(c).is_empty()).collect();
        let mut carry: Option<String> = None;
        for c in 0..n_cols {
            let text = text_at(c);
            let piece = if !text.is_empty() {
                if hr < last {
                    carry = Some(text.clone());
                }
                Some(text)
            } else if hr < last && c > 0 && filled.len() == 1 {
                // One spanning header over all value columns ("Years Ended
                // September 30,"), wherever it was centred.
                Some(text_at(filled[0]))
            } else if hr < last && c > 0 {
                carry.clone()
            } else {
                None
            };
            if let Some(p) = piece {
                if !names[c].is_empty() {
                    names[c].push(' ');
                }
                names[c].push_str(&p);
            }
        }
    }
    for (c, n) in names.iter_mut().enumerate() {
        if n.is_empty() {
            *n = if c == 0 { LABEL_COLUMN.to_string() } else { format!("column {}", crate::source::col_letters(c)) };
        }
    }
    names
}

/// If a block is a single text cell, it is a title for what follows.
pub fn lone_title(grid: &[Vec<Cell>]) -> Option<String> {
    let mut cells = grid.iter().flatten().filter(|c| !c.value.is_empty());
    match (cells.next(), cells.next()) {
        (Some(c), None) if matches!(c.value, CellValue::Text(_)) => Some(c.text.clone()),
        _ => None,
    }
}

/// Builds table contents from a grid: one per region. `origin` is the grid's
/// position in its source; `name` is used for the caption when a title row
/// is found.
pub fn tables_from_grid(grid: &[Vec<Cell>], origin: (u32, u32)) -> Vec<TableContent> {
    let mut out = Vec::new();
    let regions = find_regions(grid);
    let mut pending_title: Option<String> = None;
    for reg in regions {
        let (r0, r1) = reg.rows;
        let (c0, c1) = reg.cols;
        let mut rows: Vec<Vec<Cell>> = grid[r0..=r1]
            .iter()
            .map(|row| (c0..=c1).map(|c| row.get(c).cloned().unwrap_or_else(Cell::empty)).collect())
            .collect();
        let mut top = r0;
        // A region that is a single text cell is a title for the next table.
        if rows.len() == 1 && rows[0].iter().filter(|c| !c.value.is_empty()).count() == 1 {
            let t = rows[0].iter().find(|c| !c.value.is_empty()).map(|c| c.text.clone());
            if let Some(t) = t {
                if matches!(rows[0].iter().find(|c| !c.value.is_empty()).map(|c| &c.value), Some(CellValue::Text(_))) {
                    pending_title = Some(t);
                    continue;
                }
            }
        }
        // A first row with one text cell in the first column is a title.
        let mut caption = pending_title.take();
        if rows.len() > 2 {
            let nonempty: Vec<&Cell> = rows[0].iter().filter(|c| !c.value.is_empty()).collect();
            if nonempty.len() == 1 && !rows[0][0].value.is_empty() && matches!(rows[0][0].value, CellValue::Text(_)) && rows[1].iter().filter(|c| !c.value.is_empty()).count() > 1 {
                caption = Some(rows[0][0].text.clone());
                rows.remove(0);
                top += 1;
            }
        }
        let n_cols = c1 - c0 + 1;
        let h = detect_header_rows(&rows);
        let columns = column_names(&rows[..h], n_cols);
        out.push(TableContent {
            caption,
            header_rows: h as u32,
            columns,
            grid: rows,
            origin: (origin.0 + top as u32, origin.1 + c0 as u32),
            truncated_from: None,
            schema: None,
            row_pages: None,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::cell_from_text;

    fn grid(rows: &[&[&str]]) -> Vec<Vec<Cell>> {
        rows.iter().map(|r| r.iter().map(|t| cell_from_text(t)).collect()).collect()
    }

    #[test]
    fn tatqa_style_header() {
        let g = grid(&[
            &["", "", "Years Ended September 30,", ""],
            &["", "2019", "2018", "2017"],
            &["Fixed Price", "$  1,452.4", "$  1,146.2", "$  1,036.9"],
            &["Other", "44.1", "56.7", "70.8"],
            &["Total sales", "$1,496.5", "$1,202.9", "$1,107.7"],
        ]);
        let t = tables_from_grid(&g, (0, 0));
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].header_rows, 2);
        assert_eq!(
            t[0].columns,
            vec!["label", "Years Ended September 30, 2019", "Years Ended September 30, 2018", "Years Ended September 30, 2017"]
        );
        assert_eq!(t[0].data_rows().len(), 3);
        assert_eq!(t[0].cell(2, 1).unwrap().value, CellValue::Number(1452.4));
    }

    /// Seen in the app on a WikiTableQuestions CSV of albums: the first two
    /// records, whose chart cells are "—", were read as header rows (the
    /// column named "Year 1969 1971") and lost as data.
    #[test]
    fn records_with_missing_figures_under_a_header_stay_records() {
        let g = grid(&[
            &["Year", "Album", "Label", "Peak US"],
            &["1969", "Gimme Shelter", "Ode", "—"],
            &["1971", "Celebration", "Ode", "—"],
            &["1971", "Merry Clayton", "Ode", "180"],
            &["1975", "Keep Your Eye", "Ode", "—"],
        ]);
        let t = tables_from_grid(&g, (0, 0));
        assert_eq!(t[0].header_rows, 1);
        assert_eq!(t[0].columns, vec!["Year", "Album", "Label", "Peak US"]);
        assert_eq!(t[0].data_rows().len(), 4);
    }

    /// Seen in the app on a WikiTableQuestions climate table: its first two
    /// rows of figures in two units ("38 (100)") were read as header rows
    /// (the column named "Jan 38 (100) 20.7 (69.3)") and lost as data.
    #[test]
    fn figures_in_two_units_and_times_are_values_not_headers() {
        let g = grid(&[
            &["Month", "Jan", "Feb", "Year"],
            &["Record high °C (°F)", "38\n(100)", "40\n(104)", "48\n(118)"],
            &["Average low °C (°F)", "8.2\n(46.8)", "−7\n(19)", "16.3\n(61.3)"],
            &["Avg. snowy days", "0.03", "0", "0.03"],
        ]);
        let t = tables_from_grid(&g, (0, 0));
        assert_eq!(t[0].header_rows, 1);
        assert_eq!(t[0].columns, vec!["Month", "Jan", "Feb", "Year"]);
        assert_eq!(t[0].data_rows().len(), 3);
        // A year with a note still heads its column.
        assert!(!is_two_units("2019 (1)") && is_two_units("−7 (19)") && !is_two_units("Record high (°F)"));
        // Times are values too: a swimming table's first two rows, with no
        // rank given, were read as header rows the same way.
        let g = grid(&[&["Rank", "Name", "Nationality", "Time"], &["", "Gustavo Borges", "Brazil", "1:49.41"], &["", "Scott Tucker", "United States", "1:50.99"], &["4", "Mark Johnston", "Canada", "1:51.29"]]);
        let t = tables_from_grid(&g, (0, 0));
        assert_eq!((t[0].header_rows, t[0].data_rows().len()), (1, 3));
        assert!(is_clock_time("1:49.41") && is_clock_time("2:05:11") && !is_clock_time("12:3") && !is_clock_time("Time") && !is_clock_time("10:30 am"));
    }

    #[test]
    fn blank_rows_split_tables_and_titles_become_captions() {
        let g = grid(&[
            &["Revenue by segment", "", ""],
            &["", "", ""],
            &["Segment", "2019", "2018"],
            &["Cloud", "10", "8"],
            &["", "", ""],
            &["", "", ""],
            &["", "Headcount", "Sites"],
            &["", "Region", "Count", ""],
            &["", "EMEA", "12", "3"],
        ]);
        let t = tables_from_grid(&g, (0, 0));
        assert_eq!(t.len(), 2);
        assert_eq!(t[0].caption.as_deref(), Some("Revenue by segment"));
        assert_eq!(t[0].origin, (2, 0));
        assert_eq!(t[0].a1(1, 1), "B4");
        assert_eq!(t[1].origin, (6, 1));
        assert_eq!(t[1].header_rows, 2);
        assert_eq!(t[1].a1(2, 1), "C9");
    }

    #[test]
    fn text_tables_get_one_header_row() {
        let g = grid(&[&["Name", "Role"], &["Ann", "CFO"], &["Bob", "CEO"]]);
        let t = tables_from_grid(&g, (0, 0));
        assert_eq!(t[0].header_rows, 1);
        assert_eq!(t[0].columns, vec!["Name", "Role"]);
        // A year beside a label is a record's, not a header of years.
        let g = grid(&[&["Customer", "Region", "Since"], &["Acme", "Europe", "2015"], &["Globex", "Asia", "2018"], &["Hooli", "Americas", "2019"]]);
        let t = tables_from_grid(&g, (0, 0));
        assert_eq!(t[0].header_rows, 1);
        assert_eq!(t[0].columns, vec!["Customer", "Region", "Since"]);
        // A row of years under a spanning heading still heads the columns,
        // and so does a row that opens with its period.
        let g = grid(&[&["", "Fiscal year", ""], &["", "2019", "2018"], &["Staff", "Ann", "Bob"], &["Site", "Oslo", "Rome"]]);
        assert_eq!(tables_from_grid(&g, (0, 0))[0].header_rows, 2);
        let g = grid(&[&["Period", "Sales", "Sales"], &["2019", "North", "South"], &["Staff", "Ann", "Bob"], &["Site", "Oslo", "Rome"]]);
        assert_eq!(tables_from_grid(&g, (0, 0))[0].header_rows, 2);
    }
}
