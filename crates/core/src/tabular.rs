//! Typed columns for any table object: what the query engine loads into
//! SQLite and what the table parser reasons over.
//!
//! A table reaches us as displayed text (a CSV field, a PDF's layout, a
//! sheet's formatted cell) with, at best, a number already parsed by the
//! loader. Analysts' questions need the values: "more than 10", "the
//! average", "after 2004". So each column gets one kind (number, date or
//! text), inferred from its cells: a column is a number column when most of
//! its non-empty cells start with a number ("1,234", "(12)", "12%", "$5",
//! "17 years", "3rd"), a date column when most are dates. The raw text is
//! always kept beside the typed value, both because answers are shown the
//! way the table shows them and because the cell that failed to parse
//! ("n/a", "—") must not vanish. Rows keep their grid row, so every result
//! row can be cited back to its cells. Rows labelled "Total" are marked, so
//! aggregates do not count them twice.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use crate::source::{CellValue, TableContent};

/// What a column holds, by majority of its non-empty cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ColumnKind {
    Number,
    Date,
    Text,
}

/// One column: its display name, a unique SQL name, its kind and the unit
/// its numbers share ("%", "$"), when they share one.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct TypedColumn {
    pub name: String,
    pub sql_name: String,
    pub kind: ColumnKind,
    pub unit: Option<String>,
}

/// One cell: the text as shown, and its value under the column's kind.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TypedCell {
    pub raw: String,
    /// The number the text starts with (any column), if any.
    pub num: Option<f64>,
    /// ISO date (`yyyy-mm-dd`, `yyyy-mm`, or `yyyy`), if the text is a date.
    pub date: Option<String>,
}

/// One data row and the grid row it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct TypedRow {
    pub grid_row: usize,
    pub cells: Vec<TypedCell>,
    /// A "Total"/"Subtotal" row: shown, but left out of aggregates.
    pub total: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TypedTable {
    pub columns: Vec<TypedColumn>,
    pub rows: Vec<TypedRow>,
    /// The table's caption or title ("Revenue by region"), which names
    /// what its rows measure when no column does.
    pub caption: Option<String>,
    /// Facts of the table that its cells alone decide ([`Memo`]).
    pub memo: Memo,
}

/// Facts about a typed table that depend on its cells alone and not on
/// the question (is a column one of years, which of its cells say yes or
/// no, does it span time), each computed once per table instead of once
/// per question: the table parser asks them many times of every table a
/// question reaches, and over a table of 58,788 films each is a full scan
/// of its rows. Keyed by the fact's name and a column (`usize::MAX` for
/// the whole table). A table is typed once and not changed after
/// ([`typed_table`], `join_tables`), so a fact never goes stale; a clone
/// starts with an empty memo and two memos are always equal, so the memo
/// is never part of what a table is.
#[derive(Default)]
pub struct Memo {
    facts: Mutex<HashMap<(&'static str, usize), Arc<dyn Any + Send + Sync>>>,
}

impl Memo {
    /// The fact `key` of column `col`, computed by `compute` the first
    /// time it is asked. (The lock is not held while `compute` runs: one
    /// fact may ask another. Two threads asking at once may both compute
    /// it; both get the same value.)
    pub fn get<T: Clone + Send + Sync + 'static>(&self, key: &'static str, col: usize, compute: impl FnOnce() -> T) -> T {
        let known = self.facts.lock().unwrap_or_else(|p| p.into_inner()).get(&(key, col)).cloned();
        if let Some(v) = known.and_then(|v| v.downcast_ref::<T>().cloned()) {
            return v;
        }
        let v = compute();
        self.facts.lock().unwrap_or_else(|p| p.into_inner()).insert((key, col), Arc::new(v.clone()));
        v
    }
}

impl Clone for Memo {
    fn clone(&self) -> Self {
        Memo::default()
    }
}

impl PartialEq for Memo {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.facts.lock().map(|m| m.len()).unwrap_or(0);
        write!(f, "Memo({n} facts)")
    }
}

/// Lower-cased, accent-folded word tokens; "1,234" stays one token
/// ("1234"), a possessive "'s" is dropped.
pub fn words(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = s.chars().flat_map(char::to_lowercase).map(crate::text::fold_accent).collect();
    for (i, &c) in chars.iter().enumerate() {
        // A comma separates thousands only before three digits: "april
        // 2,1986" is a day and a year, "1,234,567" one number.
        let thousands = || chars[i + 1..].iter().take_while(|d| d.is_ascii_digit()).count() == 3;
        let digit_sep = (c == ',' || c == '.' || c == ':') && i > 0 && chars[i - 1].is_ascii_digit() && chars.get(i + 1).is_some_and(char::is_ascii_digit) && (c != ',' || thousands());
        if c.is_alphanumeric() {
            cur.push(c);
        } else if digit_sep {
            if c != ',' {
                cur.push(c);
            }
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out.retain(|w| w != "s");
    out
}

/// One distinct cell text of a column as the table parser reads it: its
/// words, their stems, the texts so worded ("1,200" and "1200"), and the
/// rows that hold them.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexedCell {
    pub col: usize,
    pub words: Vec<String>,
    pub stems: Vec<String>,
    pub raws: std::collections::BTreeSet<String>,
    pub rows: Vec<usize>,
}

/// A typed table's distinct cells, tokenized once when the table is loaded
/// rather than for every question (a 27,000-row table has half a million
/// cells), with an index from each word, as written and stemmed, to the
/// cells that hold it, and how many cells of each column hold a stem ("feet"
/// in most of a column names its unit, not a row).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct CellIndex {
    pub cells: Vec<IndexedCell>,
    pub by_word: std::collections::HashMap<String, Vec<usize>>,
    pub df: std::collections::HashMap<(usize, String), usize>,
}

impl CellIndex {
    /// Cells longer than 160 characters or 16 words, empty or missing
    /// ("n/a", "—") are left out: they name no row.
    pub fn build(t: &TypedTable) -> CellIndex {
        use std::collections::{BTreeSet, HashMap};
        let mut at: HashMap<(usize, Vec<String>), usize> = HashMap::new();
        let mut cells: Vec<IndexedCell> = Vec::new();
        // A column of factor levels written in camel case
        // ("RandomizedControl", "ObservedControl"): its cells are read as
        // their words, where at least half its values, and two or more,
        // split so. (A "WrestleMania" among names stays whole.)
        let camel: Vec<bool> = (0..t.columns.len())
            .map(|c| {
                let values: BTreeSet<&str> = t.rows.iter().filter_map(|r| r.cells.get(c)).map(|x| x.raw.trim()).filter(|v| !v.is_empty() && !is_missing(v)).collect();
                let split = values.iter().filter(|v| !v.contains(char::is_whitespace) && crate::text::split_camel_case(v) != **v).count();
                split >= 2 && split * 2 >= values.len()
            })
            .collect();
        for (r, row) in t.rows.iter().enumerate() {
            for (c, cell) in row.cells.iter().enumerate() {
                if cell.raw.is_empty() || is_missing(&cell.raw) || cell.raw.len() > 160 {
                    continue;
                }
                let w = if camel.get(c).copied().unwrap_or(false) { words(&crate::text::split_camel_case(&cell.raw)) } else { words(&cell.raw) };
                if w.is_empty() || w.len() > 16 {
                    continue;
                }
                let k = *at.entry((c, w.clone())).or_insert_with(|| {
                    let stems = w.iter().map(|x| crate::text::stem(x)).collect();
                    cells.push(IndexedCell { col: c, words: w, stems, raws: BTreeSet::new(), rows: Vec::new() });
                    cells.len() - 1
                });
                cells[k].raws.insert(cell.raw.clone());
                cells[k].rows.push(r);
            }
        }
        let mut by_word: HashMap<String, Vec<usize>> = HashMap::new();
        let mut df: HashMap<(usize, String), usize> = HashMap::new();
        for (k, cell) in cells.iter().enumerate() {
            let keys: BTreeSet<&String> = cell.words.iter().chain(&cell.stems).collect();
            for key in keys {
                by_word.entry(key.clone()).or_default().push(k);
            }
            let stems: BTreeSet<&String> = cell.stems.iter().collect();
            for x in stems {
                *df.entry((cell.col, x.clone())).or_default() += cell.rows.len();
            }
        }
        CellIndex { cells, by_word, df }
    }

    /// The cells that hold any of `words` (as written or stemmed), in the
    /// order they were first met.
    pub fn holding<'a>(&self, words: impl IntoIterator<Item = &'a str>) -> Vec<usize> {
        let mut out: Vec<usize> = words.into_iter().filter_map(|w| self.by_word.get(w)).flatten().copied().collect();
        out.sort_unstable();
        out.dedup();
        out
    }
}

const MONTHS: &[&str] = &["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/// The month a word names ("Jan", "january", "Sept"), 1-12.
pub fn month_of(word: &str) -> Option<u32> {
    let w = word.trim_end_matches('.').to_lowercase();
    if w.len() < 3 {
        return None;
    }
    if w == "sept" {
        return Some(9);
    }
    MONTHS.iter().position(|m| *m == w || (w.len() == 3 && m.starts_with(&w))).map(|i| i as u32 + 1)
}

const WEEKDAYS: &[&str] = &["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/// The day of the week a word names, 1 (Monday) to 7: the whole name,
/// also plural ("Saturdays"), or its short forms ("Sat", "Tues", "Thur",
/// "Thurs").
pub fn weekday_of(word: &str) -> Option<u32> {
    let w = word.trim_end_matches('.').to_lowercase();
    let w = w.strip_suffix("days").map(|stem| format!("{stem}day")).unwrap_or(w);
    if w.len() < 3 {
        return None;
    }
    let short = w.len() == 3 || matches!(w.as_str(), "tues" | "thur" | "thurs" | "weds");
    WEEKDAYS.iter().position(|d| *d == w || (short && d.starts_with(&w))).map(|i| i as u32 + 1)
}

/// A date written the usual ways: `2010-01-05` (or `2010/01/05`,
/// `2010.01.05`: year first is never ambiguous, a time after it is left
/// out), `January 5, 2010`, `5 January 2010`, `Jan 2010`; `5/1/2010` is left
/// alone (ambiguous).
pub fn parse_date(text: &str) -> Option<String> {
    let t = text.trim();
    let t = t.split(['[', '(']).next().unwrap_or(t).trim();
    if t.len() < 6 || t.len() > 40 {
        return None;
    }
    // Year first.
    let b = t.as_bytes();
    if b.len() >= 10 && matches!(b[4], b'-' | b'/' | b'.') && b[7] == b[4] && b[..4].iter().all(u8::is_ascii_digit) && (b.len() == 10 || !b[10].is_ascii_digit()) {
        let (y, m, d) = (&t[..4], &t[5..7], &t[8..10]);
        let valid = |x: &str, hi: u32| x.parse::<u32>().is_ok_and(|v| (1..=hi).contains(&v)) && x.bytes().all(|c| c.is_ascii_digit());
        if valid(m, 12) && valid(d, 31) {
            return Some(format!("{y}-{m}-{d}"));
        }
    }
    let words: Vec<&str> = t.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).collect();
    let num = |w: &str| w.trim_end_matches(|c: char| c.is_ascii_alphabetic()).parse::<u32>().ok();
    let year = crate::text::year_word;
    match words.as_slice() {
        [m, d, y] if month_of(m).is_some() && num(d).is_some_and(|d| (1..=31).contains(&d)) && year(y).is_some() => {
            Some(format!("{}-{:02}-{:02}", year(y)?, month_of(m)?, num(d)?))
        }
        [d, m, y] if month_of(m).is_some() && num(d).is_some_and(|d| (1..=31).contains(&d)) && year(y).is_some() => {
            Some(format!("{}-{:02}-{:02}", year(y)?, month_of(m)?, num(d)?))
        }
        [m, y] if month_of(m).is_some() && year(y).is_some() => Some(format!("{}-{:02}", year(y)?, month_of(m)?)),
        _ => None,
    }
}

/// The number a cell's text starts with: a full report number ("(1,234.5)",
/// "12%", "$5") or a leading one ("17 years", "3rd", "+5", "12 (3)",
/// "1,234 km"). Times such as "2:30.5" become seconds.
pub fn leading_number(text: &str) -> Option<f64> {
    let t = text.trim();
    if t.is_empty() {
        return None;
    }
    if let Some((v, _)) = crate::text::parse_number(t) {
        return Some(v);
    }
    let t = t.trim_start_matches(['$', '€', '£', '¥', '~', '≈']);
    let (neg, t) = match t.strip_prefix(['-', '−', '–']) {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let chars: Vec<char> = t.chars().collect();
    if chars.first().is_none_or(|c| !c.is_ascii_digit()) {
        return None;
    }
    let mut k = 0;
    let mut s = String::new();
    let mut dot = false;
    while k < chars.len() {
        let c = chars[k];
        if c.is_ascii_digit() {
            s.push(c);
        } else if c == ',' && chars.get(k + 1).is_some_and(char::is_ascii_digit) && chars.get(k + 3).is_some_and(char::is_ascii_digit) && !chars.get(k + 4).is_some_and(char::is_ascii_digit) {
            // thousands separator
        } else if c == '.' && !dot && chars.get(k + 1).is_some_and(char::is_ascii_digit) {
            dot = true;
            s.push('.');
        } else {
            break;
        }
        k += 1;
    }
    // m:ss(.s) durations
    if chars.get(k) == Some(&':') && chars.get(k + 1).is_some_and(char::is_ascii_digit) && !dot {
        let rest: String = chars[k + 1..].iter().take_while(|c| c.is_ascii_digit() || **c == '.' || **c == ':').collect();
        let mut total: f64 = s.parse().ok()?;
        for part in rest.split(':') {
            total = total * 60.0 + part.parse::<f64>().ok()?;
        }
        return Some(if neg { -total } else { total });
    }
    // "12-3" (a score), "1994–95" (a season): the first number is still the
    // one a reader would sort by, but a digit right after a letter is not
    // a number cell ("A4").
    let v: f64 = s.parse().ok()?;
    Some(if neg { -v } else { v })
}

/// A cell written as a time on a clock face, `m:ss` or `h:mm:ss` with an
/// optional fraction ("3:57", "1:02:03.5"): the shape [`leading_number`]
/// reads as seconds. A column most of whose cells have it is a column of
/// durations.
pub fn is_clock_time(raw: &str) -> bool {
    let mut parts = raw.trim().split(':');
    let head = parts.next().unwrap_or("");
    let rest: Vec<&str> = parts.collect();
    !head.is_empty() && head.chars().all(|c| c.is_ascii_digit()) && !rest.is_empty() && rest.iter().all(|p| p.len() >= 2 && p.chars().all(|c| c.is_ascii_digit() || c == '.') && p.starts_with(|c: char| c.is_ascii_digit()))
}

/// A row label that names a totals or subtotal row ("Total", "Grand total").
pub fn is_total_label(t: &str) -> bool {
    // ("Total:", "Total." as some tables write it.)
    let l = t.trim().trim_end_matches([':', '.']).trim_end().to_lowercase();
    l == "total" || l == "totals" || l.starts_with("total ") || l.starts_with("subtotal") || l == "grand total" || l == "sum" || l == "overall"
        // A player's season-by-season table ends with the sum of them.
        || l == "career" || l.starts_with("career total")
        // "Team Totals" under a box score's players, "Season total".
        || (l.split_whitespace().count() == 2 && (l.ends_with(" totals") || l.ends_with(" total")))
}

/// Quotes a name as a SQL identifier.
pub fn quote_ident(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Each header's year where R wrote the headers as years (`X1856`,
/// `X1860`: its names may not start with a digit), two or more of them;
/// `None` for every other header, and for all where fewer are so written.
pub fn r_year_headers(columns: &[String]) -> Vec<Option<&str>> {
    fn year(name: &str) -> Option<&str> {
        let y = name.trim().strip_prefix('X')?;
        (y.len() == 4 && y.bytes().all(|b| b.is_ascii_digit()) && ("1000".."2101").contains(&y)).then_some(y)
    }
    let years: Vec<Option<&str>> = columns.iter().map(|n| year(n)).collect();
    if years.iter().flatten().count() >= 2 {
        years
    } else {
        vec![None; columns.len()]
    }
}

fn sql_names(columns: &[String]) -> Vec<String> {
    let mut seen = std::collections::HashMap::<String, usize>::new();
    columns
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let base: String = c.split_whitespace().collect::<Vec<_>>().join(" ");
            let base = if base.is_empty() || base.eq_ignore_ascii_case("_row") { format!("col{}", i + 1) } else { base };
            let n = seen.entry(base.to_lowercase()).or_insert(0);
            *n += 1;
            if *n > 1 {
                format!("{base} {n}")
            } else {
                base
            }
        })
        .collect()
}

/// Types a table's columns and rows.
pub fn typed_table(t: &TableContent) -> TypedTable {
    let n_cols = t.n_cols();
    let h = (t.header_rows as usize).min(t.grid.len());
    let mut rows: Vec<TypedRow> = t.grid[h..]
        .iter()
        .enumerate()
        .filter(|(_, r)| r.iter().any(|c| !c.value.is_empty()))
        .map(|(i, r)| {
            let cells: Vec<TypedCell> = (0..n_cols)
                .map(|c| {
                    let cell = r.get(c);
                    let raw = cell.map(|x| x.text.trim().to_string()).unwrap_or_default();
                    let num = match cell.map(|x| &x.value) {
                        Some(CellValue::Number(v)) => Some(*v),
                        Some(CellValue::Bool(b)) => Some(*b as u8 as f64),
                        _ => leading_number(&raw),
                    };
                    let date = match cell.map(|x| &x.value) {
                        Some(CellValue::Date(d)) => Some(d.chars().take(10).collect()),
                        _ => parse_date(&raw),
                    };
                    TypedCell { raw, num, date }
                })
                .collect();
            // The row's label: its first cell, or the second when the first
            // is empty (a rank column left blank on a "Totals" row).
            let label = cells.iter().take(2).find(|c| !c.raw.trim().is_empty());
            let total = label.is_some_and(|c| is_total_label(&c.raw));
            TypedRow { grid_row: h + i, cells, total }
        })
        .collect();
    // A long list of records names things, some of them "Total …" ("Total
    // Corn Flakes" among 65 cereals): there, inside the list, only a label
    // that is the word alone ("Total", "Grand total") marks a totals row;
    // at its end, "Total City of Calgary" still does.
    if rows.len() >= 30 {
        let last = rows.len() - 1;
        for r in rows.iter_mut().take(last).filter(|r| r.total) {
            let label = r.cells.iter().take(2).find(|c| !c.raw.trim().is_empty()).map(|c| c.raw.trim().trim_end_matches([':', '.']).to_lowercase()).unwrap_or_default();
            r.total = matches!(label.as_str(), "total" | "totals" | "grand total" | "sum" | "overall" | "career" | "subtotal");
        }
    }
    let names = sql_names(&t.columns);
    // R writes a header that is a year with an "X" before it (`X1960`: its
    // names may not start with a digit); where two or more headers are so
    // written, each is read as its year ("1960"), its SQL name kept.
    let r_years = r_year_headers(&t.columns);
    let columns = (0..n_cols)
        .map(|c| {
            let filled: Vec<&TypedCell> = rows.iter().map(|r| &r.cells[c]).filter(|x| !x.raw.is_empty() && !is_missing(&x.raw)).collect();
            let n = filled.len().max(1) as f64;
            let nums = filled.iter().filter(|x| x.num.is_some()).count() as f64;
            let dates = filled.iter().filter(|x| x.date.is_some()).count() as f64;
            // A number column: most cells start with a number and the
            // number is most of the text (not "3 Doors Down").
            let numeric_text = filled.iter().filter(|x| x.num.is_some() && mostly_number(&x.raw)).count() as f64;
            let kind = if !filled.is_empty() && dates / n >= 0.6 {
                ColumnKind::Date
            } else if !filled.is_empty() && nums / n >= 0.7 && numeric_text / n >= 0.5 {
                ColumnKind::Number
            } else {
                ColumnKind::Text
            };
            let unit = (kind == ColumnKind::Number).then(|| common_unit(&filled)).flatten();
            let name = r_years[c].map_or_else(|| t.columns[c].clone(), str::to_string);
            TypedColumn { name, sql_name: names[c].clone(), kind, unit }
        })
        .collect();
    for r in &mut rows {
        r.cells.truncate(n_cols);
    }
    let mut table = TypedTable { columns, rows, caption: t.caption.clone(), memo: Memo::default() };
    imply_leading_ranks(&mut table);
    feet_and_inches(&mut table);
    golf_places_and_totals(&mut table);
    compact_dates(&mut table);
    table
}

/// Dates written as one number, `19900107` (yyyymmdd), as measurement
/// series and database exports often keep them: in a column named for a
/// date ("date", "day", "week") whose every filled cell is such a number
/// and a real day, they are dates, so "in 1990" filters on the year. Read
/// as numbers they would be averaged and compared as 19,900,107.
fn compact_dates(t: &mut TypedTable) {
    fn day(raw: &str) -> Option<String> {
        let raw = raw.trim();
        let raw = raw.strip_suffix(".0").unwrap_or(raw);
        if raw.len() != 8 || !raw.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let (y, m, d): (u32, u32, u32) = (raw[..4].parse().ok()?, raw[4..6].parse().ok()?, raw[6..].parse().ok()?);
        let days = match m {
            2 => 29,
            4 | 6 | 9 | 11 => 30,
            1..=12 => 31,
            _ => return None,
        };
        ((1700..=2100).contains(&y) && (1..=days).contains(&d)).then(|| format!("{:04}-{:02}-{:02}", y, m, d))
    }
    for c in 0..t.columns.len() {
        let named = words(&t.columns[c].name).iter().any(|w| w.contains("date") || matches!(w.as_str(), "day" | "week" | "dt"));
        let filled: Vec<usize> = (0..t.rows.len()).filter(|&r| !is_missing(&t.rows[r].cells[c].raw)).collect();
        if !named || filled.is_empty() || !filled.iter().all(|&r| day(&t.rows[r].cells[c].raw).is_some()) {
            continue;
        }
        for &r in &filled {
            t.rows[r].cells[c].date = day(&t.rows[r].cells[c].raw);
        }
        t.columns[c].kind = ColumnKind::Date;
        t.columns[c].unit = None;
    }
}

/// A golf leaderboard's places and scores. A place column ("Place",
/// "Pos.") writes a tie as "T4" (or "=4"): the place is 4, so "who placed
/// 4th" and "tied for fourth" find it, and the column is a number column
/// when every filled cell is a place or a mark such as "CUT". A score
/// written round by round with its total, "71-70-66=207", is worth its
/// total, not its first round's 71, in a column where at least half the
/// filled cells are written so.
fn golf_places_and_totals(t: &mut TypedTable) {
    fn tied_place(raw: &str) -> Option<f64> {
        let digits = raw.strip_prefix('T').or_else(|| raw.strip_prefix('='))?;
        (!digits.is_empty() && digits.len() <= 3 && digits.chars().all(|c| c.is_ascii_digit())).then(|| digits.parse().ok()).flatten()
    }
    fn total(raw: &str) -> Option<f64> {
        let (rounds, total) = raw.split_once('=')?;
        let rounds: Vec<&str> = rounds.trim().split(['-', '–']).collect();
        let number = |s: &str| !s.is_empty() && s.len() <= 3 && s.chars().all(|c| c.is_ascii_digit());
        (rounds.len() >= 2 && rounds.iter().all(|r| number(r.trim())) && number(total.trim())).then(|| total.trim().parse().ok()).flatten()
    }
    const MARKS: &[&str] = &["CUT", "WD", "DQ", "MC", "DNF", "DNS"];
    for c in 0..t.columns.len() {
        let filled: Vec<usize> = (0..t.rows.len()).filter(|&r| !is_missing(&t.rows[r].cells[c].raw)).collect();
        if filled.is_empty() {
            continue;
        }
        let named = words(&t.columns[c].name).iter().any(|w| matches!(w.as_str(), "place" | "pos" | "position" | "rank" | "finish"));
        let raws: Vec<String> = filled.iter().map(|&r| t.rows[r].cells[c].raw.trim().to_string()).collect();
        let ties = raws.iter().filter(|x| tied_place(x).is_some()).count();
        let places = raws.iter().all(|x| tied_place(x).is_some() || x.parse::<u32>().is_ok() || MARKS.contains(&x.as_str()));
        if named && ties > 0 && places {
            for (&r, x) in filled.iter().zip(&raws) {
                t.rows[r].cells[c].num = tied_place(x).or_else(|| x.parse::<u32>().ok().map(f64::from));
            }
            t.columns[c].kind = ColumnKind::Number;
            continue;
        }
        let totals: Vec<Option<f64>> = raws.iter().map(|x| total(x)).collect();
        let n = totals.iter().flatten().count();
        if n * 2 >= filled.len() && n >= 2 {
            for (&r, v) in filled.iter().zip(totals) {
                if v.is_some() {
                    t.rows[r].cells[c].num = v;
                }
            }
        }
    }
}

/// A height in feet and inches ("6–8", "6-10", "5'11\"") held as inches,
/// in a column named for height whose every filled cell is written so: it
/// would otherwise sort by its feet (6–8 below 6–10 only by luck), and
/// "taller than" compare 6 with 6.
fn feet_and_inches(t: &mut TypedTable) {
    fn inches(raw: &str) -> Option<f64> {
        let raw = raw.trim().trim_end_matches(['"', '″']).trim_end_matches("''");
        let (feet, inches) = raw.split_once(['–', '-', '\'', '′', '—'])?;
        let (feet, inches): (u32, u32) = (feet.trim().parse().ok()?, inches.trim().parse().ok()?);
        ((4..=8).contains(&feet) && inches <= 11).then(|| f64::from(feet * 12 + inches))
    }
    for c in 0..t.columns.len() {
        let named = words(&t.columns[c].name).iter().any(|w| matches!(w.as_str(), "height" | "ht"));
        let filled: Vec<usize> = (0..t.rows.len()).filter(|&r| !t.rows[r].cells[c].raw.is_empty() && !is_missing(&t.rows[r].cells[c].raw)).collect();
        if !named || filled.is_empty() || !filled.iter().all(|&r| inches(&t.rows[r].cells[c].raw).is_some()) {
            continue;
        }
        for &r in &filled {
            t.rows[r].cells[c].num = inches(&t.rows[r].cells[c].raw);
        }
        t.columns[c].kind = ColumnKind::Number;
        t.columns[c].unit = Some("in".into());
    }
}

/// A table read the other way round ([`pivot_periods`]), and the way back
/// from each of its cells to the original's, for citations.
#[derive(Debug, Clone, PartialEq)]
pub struct Pivot {
    /// One header row, then one row per period column of the original.
    pub content: TableContent,
    /// The original column each data row of `content` came from (by the
    /// data row's index, `content` grid row less one).
    pub source_cols: Vec<usize>,
    /// The original grid row each column of `content` came from: the
    /// header row for the first (the period names), then the row of each
    /// label.
    pub source_rows: Vec<usize>,
}

/// A table laid out with periods across, "Month | Jan | Feb | … | Year" or
/// " | 2000 | 2001 | …" over rows of labels ("Record high", "Hydro power"),
/// read the other way round: one row per period, one column per label. It
/// is what "which month had the most sunny days" or "what year had the
/// least thermal capacity" need: the periods become rows a plan can rank,
/// filter and count. Only a table whose header has at least three period
/// names (months or years), as many as its other columns, and whose first
/// column names each row once, is pivoted; columns that are no period
/// ("Year" for the whole year, "Total") are left out.
pub fn pivot_periods(t: &TableContent) -> Option<Pivot> {
    let h = t.header_rows as usize;
    if h == 0 || t.columns.len() < 4 || t.grid.len() <= h {
        return None;
    }
    let year = |s: &str| s.trim().len() == 4 && s.trim().parse::<u32>().is_ok_and(|y| (1800..=2100).contains(&y));
    let month = |s: &str| !s.contains(' ') && month_of(s.trim()).is_some();
    let periods: Vec<usize> = (1..t.columns.len()).filter(|&c| year(&t.columns[c]) || month(&t.columns[c])).collect();
    let months = periods.iter().filter(|&&c| month(&t.columns[c])).count();
    if periods.len() < 3 || periods.len() * 2 < t.columns.len() - 1 || (months != 0 && months != periods.len()) {
        return None;
    }
    let rows: Vec<usize> = (h..t.grid.len()).filter(|&r| t.grid[r].iter().any(|c| !c.text.trim().is_empty())).collect();
    let labels: Vec<String> = rows.iter().map(|&r| t.grid[r].first().map(|c| c.text.trim().to_string()).unwrap_or_default()).collect();
    let mut seen = std::collections::HashSet::new();
    let named_once = labels.iter().all(|l| !l.is_empty() && leading_number(l).is_none() && seen.insert(l.to_lowercase()));
    if !named_once || labels.len() > 100 {
        return None;
    }
    let first = t.columns[0].trim();
    let first = if ["month", "year", "period", "season", "date"].contains(&first.to_lowercase().as_str()) {
        first.to_string()
    } else if months > 0 {
        "Month".to_string()
    } else {
        "Year".to_string()
    };
    let text_cell = crate::source::Cell::text;
    let mut grid = vec![std::iter::once(text_cell(first.as_str())).chain(labels.iter().map(|l| text_cell(l.as_str()))).collect::<Vec<_>>()];
    for &c in &periods {
        let period = t.columns[c].trim();
        let value = if year(period) { CellValue::Number(period.parse().unwrap_or_default()) } else { CellValue::Text(period.to_string()) };
        let mut row = vec![crate::source::Cell { value, text: period.to_string(), format: None }];
        row.extend(rows.iter().map(|&r| t.grid[r].get(c).cloned().unwrap_or_else(crate::source::Cell::empty)));
        grid.push(row);
    }
    let columns = grid[0].iter().map(|c| c.text.clone()).collect();
    let content = TableContent { caption: t.caption.clone(), header_rows: 1, columns, grid, origin: t.origin, truncated_from: None, schema: None, row_pages: None };
    Some(Pivot { content, source_cols: periods, source_rows: std::iter::once(h - 1).chain(rows).collect() })
}

/// Ranking tables copied from web pages often show the top places as medal
/// pictures, which leave the rank cells of the first rows empty: "", "",
/// "", "4", "5", … In a number column named as a rank ("Rank", "Pos.",
/// "Place"), when the first one to four rows are empty and the next one
/// holds exactly the rank that follows, those rows get their rank as a
/// value; their text stays empty, as shown. The ranks are 1, 2, 3, … unless
/// the table's result column (below) shows a tie: two swimmers at 1:51.29
/// share third place ("", "", "", "", "5": 1, 2, 3, 3, as a competition
/// ranks them). Four empty rows need that tie (three medal pictures and a
/// shared one); anything else (a gap further down, a first value that does
/// not follow) is left alone.
fn imply_leading_ranks(t: &mut TypedTable) {
    for c in 0..t.columns.len() {
        let words = words(&t.columns[c].name);
        let rank = words.iter().any(|w| matches!(w.as_str(), "rank" | "pos" | "position" | "place" | "placing"));
        if t.columns[c].kind != ColumnKind::Number || !rank || words.len() > 2 {
            continue;
        }
        let blank = t.rows.iter().take_while(|r| !r.total && r.cells[c].raw.is_empty()).count();
        let next = t.rows.get(blank).and_then(|r| r.cells[c].num);
        if !(1..=4).contains(&blank) || next != Some((blank + 1) as f64) || !mostly_number(&t.rows[blank].cells[c].raw) {
            continue;
        }
        let ranks = result_ranks(t, c, blank).unwrap_or_else(|| (1..=blank).map(|i| i as f64).collect());
        if blank == 4 && ranks == [1.0, 2.0, 3.0, 4.0] {
            continue;
        }
        for (r, rank) in t.rows.iter_mut().zip(ranks) {
            r.cells[c].num = Some(rank);
        }
    }
}

/// The places of the first `n` rows as a competition ranks them by the
/// table's result column: the last number column besides the rank column
/// `c` that is filled and ordered (rising or falling, ties allowed) over
/// those rows and the four after them, and not all one value. A row equal
/// to the one before shares its place; the next row takes its own row's
/// place (1, 2, 3, 3, 5). `None` when no column is such.
fn result_ranks(t: &TypedTable, c: usize, n: usize) -> Option<Vec<f64>> {
    let span = (n + 4).min(t.rows.len());
    let ordered = |r: usize| {
        let vals: Vec<f64> = t.rows[..span].iter().filter(|row| !row.total).filter_map(|row| row.cells[r].num).collect();
        let filled = vals.len() == t.rows[..span].iter().filter(|row| !row.total).count();
        let rising = vals.windows(2).all(|w| w[0] <= w[1]);
        let falling = vals.windows(2).all(|w| w[0] >= w[1]);
        filled && vals.len() > n && (rising || falling) && vals.first() != vals.last()
    };
    let r = (0..t.columns.len()).rev().find(|&r| r != c && t.columns[r].kind == ColumnKind::Number && ordered(r))?;
    let mut ranks: Vec<f64> = Vec::with_capacity(n);
    for i in 0..n {
        let tie = i > 0 && t.rows[i].cells[r].num == t.rows[i - 1].cells[r].num;
        ranks.push(if tie { ranks[i - 1] } else { (i + 1) as f64 });
    }
    Some(ranks)
}

/// The texts a cell writes for "no value" (besides an empty cell).
pub const MISSING: &[&str] = &["-", "—", "–", "n/a", "N/A", "NA", "?", "TBA", "TBD", "none", "None"];

/// A cell that says "no value".
pub fn is_missing(raw: &str) -> bool {
    let t = raw.trim();
    t.is_empty() || MISSING.contains(&t)
}

fn mostly_number(raw: &str) -> bool {
    let digits = raw.chars().filter(|c| c.is_ascii_digit()).count();
    let letters = raw.chars().filter(|c| c.is_alphabetic()).count();
    digits > 0 && letters <= digits.max(8)
}

/// The unit every filled cell of a number column writes: "%", a currency
/// sign before the number, or a word after it ("451 m", "40 knots"), so
/// that an extreme is shown as its cell writes it.
fn common_unit(cells: &[&TypedCell]) -> Option<String> {
    let unit_of = |raw: &str| -> Option<String> {
        let t = raw.trim();
        if t.ends_with('%') {
            Some("%".into())
        } else if let Some(c) = t.chars().next().filter(|c| matches!(c, '$' | '€' | '£' | '¥')) {
            Some(c.to_string())
        } else {
            // A word after the number: "451 m", "40 knots", "3755 km2".
            let rest = t.trim_start_matches(|c: char| c.is_ascii_digit() || matches!(c, '.' | ',' | '–' | '-' | ' ')).trim();
            let word = rest.len() < t.len() && !rest.is_empty() && rest.len() <= 10 && rest.starts_with(|c: char| c.is_alphabetic()) && rest.split_whitespace().count() <= 2 && rest.chars().all(|c| c.is_alphanumeric() || c == ' ' || c == '²' || c == '/' || c == '.');
            word.then(|| rest.to_string())
        }
    };
    let first = unit_of(&cells.first()?.raw)?;
    cells.iter().all(|c| unit_of(&c.raw).as_deref() == Some(&first)).then_some(first)
}

impl TypedTable {
    pub fn column(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c.sql_name.eq_ignore_ascii_case(name) || c.name.eq_ignore_ascii_case(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::Cell;
    use crate::text::cell_from_text;

    fn table(rows: &[&[&str]]) -> TableContent {
        let grid: Vec<Vec<Cell>> = rows.iter().map(|r| r.iter().map(|t| cell_from_text(t)).collect()).collect();
        let columns = rows[0].iter().map(|s| s.to_string()).collect();
        TableContent { caption: None, header_rows: 1, columns, grid, origin: (0, 0), truncated_from: None, schema: None, row_pages: None }
    }

    /// cluster's votes.repub, as R writes it: a column a year, each
    /// named `X1856` … (its names may not start with a digit). The years
    /// are the columns' names; the SQL names stay; a lone `X2` or `X1999`
    /// is a name like any other.
    #[test]
    fn headers_r_wrote_as_x_and_a_year_are_read_as_their_years() {
        let t = typed_table(&table(&[&["", "X1856", "X1860", "X1960"], &["Alabama", "NA", "NA", "41.75"], &["Ohio", "36.69", "52.33", "53.28"]]));
        let names: Vec<&str> = t.columns.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names[1..], ["1856", "1860", "1960"]);
        assert!(t.columns[3].sql_name.contains("X1960"), "{}", t.columns[3].sql_name);
        for headers in [["state", "X1", "X2"], ["state", "X1999", "total"]] {
            let t = typed_table(&table(&[&headers, &["Ohio", "1", "2"]]));
            assert_eq!(t.columns.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), headers);
        }
    }

    #[test]
    fn a_comma_joins_thousands_only_before_three_digits() {
        assert_eq!(words("april 2,1986"), ["april", "2", "1986"]);
        assert_eq!(words("1,234,567 people"), ["1234567", "people"]);
        assert_eq!(words("13,146"), ["13146"]);
    }

    #[test]
    fn a_golf_leaderboards_tied_places_and_round_by_round_scores_are_numbers() {
        let t = typed_table(&table(&[
            &["Place", "Player", "Score", "Money"],
            &["1", "Graeme McDowell", "71-68-71-74=284", "1,350,000"],
            &["T4", "Ernie Els", "73-68-72=213", "300,000"],
            &["T4", "Tim Clark", "72-72-69=213", "300,000"],
            &["CUT", "Tiger Woods", "74-72=146", ""],
        ]));
        let (place, score) = (t.column("Place").unwrap(), t.column("Score").unwrap());
        assert_eq!(t.columns[place].kind, ColumnKind::Number);
        let nums = |c: usize| t.rows.iter().map(|r| r.cells[c].num).collect::<Vec<_>>();
        assert_eq!(nums(place), [Some(1.0), Some(4.0), Some(4.0), None]);
        assert_eq!(nums(score), [Some(284.0), Some(213.0), Some(213.0), Some(146.0)]);
        // Shown as written; a "T" that is no tie ("T2" in a column of
        // codes) or a plain score range ("2-1") is left alone.
        assert_eq!(t.rows[1].cells[place].raw, "T4");
        let t = typed_table(&table(&[&["Code", "Result"], &["T2", "2-1"], &["T4", "3-0"]]));
        assert_eq!(t.rows[0].cells[0].num, None);
        assert_eq!(t.rows[0].cells[1].num, Some(2.0));
    }

    #[test]
    fn a_number_columns_unit_is_the_sign_or_word_every_filled_cell_writes() {
        let t = typed_table(&table(&[
            &["Lake", "Depth", "Area", "Share", "Cost", "Mixed", "Score"],
            &["Van", "451 m", "3755 km2", "12%", "$1.5", "40 knots", "1–0"],
            &["Tuz", "1–2 m", "1500 km2", "3%", "$2", "12 mph", "2–2"],
            &["Ercek", "", "98 km2", "n/a", "$0.5", "3 knots", "0–1"],
        ]));
        let unit = |name: &str| t.columns[t.column(name).unwrap()].unit.clone();
        assert_eq!(unit("Depth").as_deref(), Some("m"));
        assert_eq!(unit("Area").as_deref(), Some("km2"));
        assert_eq!(unit("Share").as_deref(), Some("%"));
        assert_eq!(unit("Cost").as_deref(), Some("$"));
        // Two units, or none but a second number, is no unit.
        assert_eq!(unit("Mixed"), None);
        assert_eq!(unit("Score"), None);
    }

    #[test]
    fn a_clock_time_is_minutes_and_seconds_or_hours_minutes_and_seconds() {
        for t in ["3:57", "01:32", "1:02:03.5", " 2:30.5 "] {
            assert!(is_clock_time(t), "{t}");
        }
        for t in ["3:5", "12", "3-1", ":57", "a:57", "3:57 pm", "1:.5"] {
            assert!(!is_clock_time(t), "{t}");
        }
        assert_eq!(leading_number("1:02:03.5"), Some(3723.5));
    }

    #[test]
    fn the_cell_index_tokenizes_each_distinct_cell_once_and_finds_cells_by_word() {
        let t = typed_table(&table(&[&["City", "Height"], &["New York", "1,090 feet"], &["new york", "800 feet"], &["Boston", "n/a"], &["Jersey City", "700 feet"]]));
        let idx = CellIndex::build(&t);
        // "New York" and "new york" are one cell text of two spellings.
        let ny = idx.cells.iter().find(|c| c.col == 0 && c.words == ["new", "york"]).unwrap();
        assert_eq!(ny.rows, vec![0, 1]);
        assert_eq!(ny.raws.len(), 2);
        // A missing value is no cell.
        assert!(!idx.cells.iter().any(|c| c.raws.contains("n/a")));
        // Found by a word as written or by its stem ("cities" → "city").
        let by = |w: &[&str]| idx.holding(w.iter().copied()).iter().map(|&k| idx.cells[k].raws.iter().next().unwrap().clone()).collect::<Vec<_>>();
        assert_eq!(by(&["york"]), ["New York"]);
        assert_eq!(by(&["city"]), ["Jersey City"]);
        assert!(by(&["chicago"]).is_empty());
        // "feet" is in three cells of the Height column: its unit.
        assert_eq!(idx.df.get(&(1, "feet".to_string())), Some(&3));
    }

    #[test]
    fn a_table_with_periods_across_is_read_the_other_way_round_with_the_way_back() {
        let t = table(&[&["Month", "Jan", "Feb", "Mar", "Year"], &["Record high", "38", "40", "43", "43"], &["Sunny days", "10", "12", "15", "37"]]);
        let p = pivot_periods(&t).expect("months across");
        assert_eq!(p.content.columns, vec!["Month", "Record high", "Sunny days"]);
        let rows: Vec<Vec<&str>> = p.content.grid[1..].iter().map(|r| r.iter().map(|c| c.text.as_str()).collect()).collect();
        // "Year" (the whole year) is no month: left out.
        assert_eq!(rows, vec![vec!["Jan", "38", "10"], vec!["Feb", "40", "12"], vec!["Mar", "43", "15"]]);
        // Feb's sunny days (pivot data row 1, column 2) stand at grid row 2, column 2.
        assert_eq!((p.source_rows[2], p.source_cols[1]), (2, 2));
        assert_eq!(p.source_rows[0], 0, "the periods are the header's");
        // Years across with an unnamed first column: the periods are years.
        let t = table(&[&["", "2019", "2020", "2021"], &["Revenue", "410", "385", "512"]]);
        let p = pivot_periods(&t).expect("years across");
        assert_eq!(p.content.columns, vec!["Year", "Revenue"]);
        // A label twice (two sections), too few periods, or records with a
        // year column: not pivoted.
        assert_eq!(pivot_periods(&table(&[&["", "2019", "2020", "2021"], &["Hydro", "1", "2", "3"], &["Hydro", "4", "5", "6"]])), None);
        assert_eq!(pivot_periods(&table(&[&["Name", "2019", "2020", "Team"], &["A", "1", "2", "x"]])), None);
        assert_eq!(pivot_periods(&table(&[&["Year", "Team", "Wins", "Losses"], &["2019", "A", "1", "2"]])), None);
    }

    #[test]
    fn ranks_left_empty_for_medal_pictures_are_implied_only_when_the_next_rank_follows() {
        let nums = |t: &TypedTable, c: usize| t.rows.iter().map(|r| r.cells[c].num).collect::<Vec<_>>();
        let t = typed_table(&table(&[&["Rank", "Athlete", "Lane"], &["", "Aronne Pieruz", "5"], &["", "Filip Trejbal", ""], &["3", "Adam Cole", "6"], &["4", "Martin Vráblík", "7"]]));
        assert_eq!(nums(&t, 0), vec![Some(1.0), Some(2.0), Some(3.0), Some(4.0)]);
        // The text stays as shown; a column not named as a rank is left alone.
        assert_eq!(t.rows[0].cells[0].raw, "");
        assert_eq!(nums(&t, 2)[1], None);
        // The next rank does not follow (a tie, a missing row): no guess.
        let t = typed_table(&table(&[&["Pos.", "Athlete"], &["", "A"], &["", "B"], &["5", "C"], &["6", "D"]]));
        assert_eq!(nums(&t, 0), vec![None, None, Some(5.0), Some(6.0)]);
        let t = typed_table(&table(&[&["Place", "Athlete"], &["", "A"], &["", "B"], &["", "C"], &["", "D"], &["5", "E"]]));
        assert_eq!(nums(&t, 0)[0], None);
        // Two swimmers share a time: third place twice (WTQ's 200 m
        // freestyle, four medal rows before "5"). The time column ranks
        // them; without a tie four empty rows stay unread.
        let swim = |third: &str| {
            typed_table(&table(&[
                &["Rank", "Name", "Time"],
                &["", "Gustavo Borges", "1:49.41"],
                &["", "Scott Tucker", "1:50.99"],
                &["", "Leonardo Costa", "1:51.29"],
                &["", "Mark Johnston", third],
                &["5", "Nate Boyle", "1:52.83"],
                &["6", "Yannick Lupien", "1:52.92"],
            ]))
        };
        assert_eq!(nums(&swim("1:51.29"), 0)[..4], [Some(1.0), Some(2.0), Some(3.0), Some(3.0)]);
        assert_eq!(nums(&swim("1:51.50"), 0)[0], None);
        // Three empty rows and a tie among them: 1, 1, 3.
        let t = typed_table(&table(&[&["Rank", "Name", "Points"], &["", "A", "90"], &["", "B", "90"], &["", "C", "85"], &["4", "D", "80"], &["5", "E", "70"]]));
        assert_eq!(nums(&t, 0)[..3], [Some(1.0), Some(1.0), Some(3.0)]);
    }

    /// WTQ's Kenyan counties end in a "Totals" row whose rank cell is
    /// blank: it was the county "with the most area".
    #[test]
    fn a_totals_row_is_found_by_its_label_after_a_blank_first_cell() {
        let t = typed_table(&table(&[&["#", "County", "Area"], &["1", "Mombasa", "212"], &["2", "Kwale", "8,270"], &["", "Totals", "8,482"]]));
        assert!(t.rows[2].total && !t.rows[0].total && !t.rows[1].total);
        // A blank first cell alone marks nothing.
        let t = typed_table(&table(&[&["#", "County", "Area"], &["", "Mombasa", "212"], &["2", "Kwale", "8,270"]]));
        assert!(!t.rows[0].total);
        // "Total:" with its colon (WTQ's French parliamentary groups).
        let t = typed_table(&table(&[&["Group", "Members"], &["Socialist Group", "242"], &["RPR Group", "136"], &["Total:", "378"]]));
        assert!(t.rows[2].total && !t.rows[0].total);
        // A running back's seasons end in his "Career" row (WTQ's Eric
        // Dickerson: the most rushing yards were 1984's, not the career's).
        let t = typed_table(&table(&[&["Year", "Team", "Yards"], &["1983", "Los Angeles Rams", "1,808"], &["1984", "Los Angeles Rams", "2,105"], &["Career", "", "13,259"], &["Career totals", "", "13,259"]]));
        assert!(t.rows[2].total && t.rows[3].total && !t.rows[1].total);
        assert!(!is_total_label("Career Builder") && !is_total_label("Careers"));
        // Among 30 rows or more of records, "Total Corn Flakes" is a cereal;
        // the last row's "Total of all cereals" still sums them.
        let mut grid = vec![vec![crate::text::cell_from_text("Cereal"), crate::text::cell_from_text("shelf")]];
        for k in 0..31 {
            let name = if k == 3 { "Total Corn Flakes".to_string() } else if k == 30 { "Total of all cereals".to_string() } else { format!("Cereal {k}") };
            grid.push(vec![crate::text::cell_from_text(&name), crate::text::cell_from_text("3")]);
        }
        let t = typed_table(&crate::table::tables_from_grid(&grid, (0, 0)).remove(0));
        assert_eq!(t.rows.iter().filter(|r| r.total).map(|r| r.cells[0].raw.as_str()).collect::<Vec<_>>(), vec!["Total of all cereals"]);
        // A box score's "Team Totals" under its players (WTQ: "who had more
        // steals than any other player?" is no "Team Totals").
        let t = typed_table(&table(&[&["#", "Player", "Steals"], &["4", "Bridie Kean", "12"], &["", "Team", ""], &["", "Team Totals", "84"]]));
        assert!(t.rows[2].total && !t.rows[1].total && !t.rows[0].total);
    }

    #[test]
    fn dates_year_first_with_any_separator_and_a_time_after() {
        assert_eq!(parse_date("2015/03/15").as_deref(), Some("2015-03-15"));
        assert_eq!(parse_date("2010/01/01 00:00").as_deref(), Some("2010-01-01"));
        assert_eq!(parse_date("2010.01.05").as_deref(), Some("2010-01-05"));
        assert_eq!(parse_date("Jan 1 2000").as_deref(), Some("2000-01-01"));
        // Mixed separators, impossible months and longer numbers are not dates.
        assert_eq!(parse_date("2015/03-15"), None);
        assert_eq!(parse_date("2015-13-01"), None);
        assert_eq!(parse_date("2015-03-150"), None);
    }

    #[test]
    fn numbers_dates_and_text_columns_are_told_apart() {
        let t = typed_table(&table(&[
            &["Team", "Points", "Date", "Margin", "Time"],
            &["Wolfe Tones", "1,204", "January 5, 2010", "(12)", "2:30.5"],
            &["Crettyard", "17 pts", "2011-03-02", "12%", "1:02"],
            &["3 Doors Down", "n/a", "5 March 2012", "-3", "0:59.1"],
            &["Total", "1,221", "", "", ""],
        ]));
        let kinds: Vec<ColumnKind> = t.columns.iter().map(|c| c.kind).collect();
        assert_eq!(kinds, vec![ColumnKind::Text, ColumnKind::Number, ColumnKind::Date, ColumnKind::Number, ColumnKind::Number]);
        assert_eq!(t.rows[0].cells[1].num, Some(1204.0));
        assert_eq!(t.rows[1].cells[1].num, Some(17.0));
        assert_eq!(t.rows[2].cells[1].num, None);
        assert_eq!(t.rows[2].cells[1].raw, "n/a");
        assert_eq!(t.rows[0].cells[3].num, Some(-12.0));
        assert_eq!(t.rows[0].cells[4].num, Some(150.5));
        assert_eq!(t.rows[0].cells[2].date.as_deref(), Some("2010-01-05"));
        assert_eq!(t.rows[2].cells[2].date.as_deref(), Some("2012-03-05"));
        assert!(t.rows[3].total && !t.rows[0].total);
        assert_eq!(t.rows[3].grid_row, 4);
    }

    #[test]
    fn duplicate_and_blank_headers_get_unique_sql_names() {
        let t = typed_table(&table(&[&["Year", "", "Year", "_row"], &["2001", "a", "2002", "x"]]));
        let names: Vec<&str> = t.columns.iter().map(|c| c.sql_name.as_str()).collect();
        assert_eq!(names, vec!["Year", "col2", "Year 2", "col4"]);
    }

    #[test]
    fn heights_in_feet_and_inches_are_inches() {
        let t = typed_table(&table(&[&["Name", "Height", "Weight"], &["Barnes", "6–8", "210"], &["Bolick", "5–10", "175"], &["Zeller", "7-0", "250"], &["Drew", "6'10\"", "190"]]));
        assert_eq!(t.columns[1].kind, ColumnKind::Number);
        let h: Vec<Option<f64>> = t.rows.iter().map(|r| r.cells[1].num).collect();
        assert_eq!(h, vec![Some(80.0), Some(70.0), Some(84.0), Some(82.0)]);
        assert_eq!(t.rows[0].cells[1].raw, "6–8");
        // Not a height column, or not every cell so written: as it was.
        let t = typed_table(&table(&[&["Season", "Height"], &["1994–95", "6–8"], &["1995–96", "tall"]]));
        assert_eq!(t.rows[0].cells[0].num, Some(1994.0));
        assert_eq!(t.rows[0].cells[1].num, Some(6.0));
    }

    #[test]
    fn dates_written_as_one_number_in_a_date_column_are_dates() {
        // The head of statsmodels' weekly co2 series.
        let t = typed_table(&table(&[&["date", "co2"], &["19580329", "316.1"], &["19580405", "317.3"], &["19900107", "353.2"]]));
        assert_eq!(t.columns[0].kind, ColumnKind::Date);
        assert_eq!(t.rows[2].cells[0].date.as_deref(), Some("1990-01-07"));
        assert_eq!(t.columns[1].kind, ColumnKind::Number);
        // Not named for a date, or not every cell a real day: numbers.
        let t = typed_table(&table(&[&["id", "co2"], &["19580329", "316.1"]]));
        assert_eq!(t.columns[0].kind, ColumnKind::Number);
        let t = typed_table(&table(&[&["date", "co2"], &["19580329", "316.1"], &["19581332", "317.3"]]));
        assert_eq!(t.columns[0].kind, ColumnKind::Number);
    }

    #[test]
    fn weekdays_whole_plural_and_short() {
        assert_eq!(weekday_of("Saturday"), Some(6));
        assert_eq!(weekday_of("saturdays"), Some(6));
        assert_eq!(weekday_of("Sat"), Some(6));
        assert_eq!(weekday_of("Thur"), Some(4));
        assert_eq!(weekday_of("Tues."), Some(2));
        assert_eq!(weekday_of("Sunny"), None);
        assert_eq!(weekday_of("mo"), None);
    }

    #[test]
    fn leading_numbers() {
        assert_eq!(leading_number("3rd"), Some(3.0));
        assert_eq!(leading_number("1,234 km"), Some(1234.0));
        assert_eq!(leading_number("+5"), Some(5.0));
        assert_eq!(leading_number("−7"), Some(-7.0));
        assert_eq!(leading_number("A4"), None);
        assert_eq!(leading_number("1994–95"), Some(1994.0));
    }

    /// A fact is computed the first time it is asked and read back after;
    /// another column or another fact is computed on its own; a clone of
    /// the table starts with nothing known, and the memo is no part of
    /// what a table is.
    #[test]
    fn a_fact_of_a_table_is_computed_once() {
        let t = typed_table(&table(&[&["Name", "Year"], &["Ann", "1990"], &["Bo", "1991"]]));
        let calls = std::cell::Cell::new(0);
        let count = |v: usize| {
            calls.set(calls.get() + 1);
            v
        };
        assert_eq!(t.memo.get("fact", 1, || count(7)), 7);
        assert_eq!(t.memo.get("fact", 1, || count(8)), 7);
        assert_eq!(calls.get(), 1);
        assert_eq!(t.memo.get("fact", 0, || count(9)), 9);
        assert_eq!(t.memo.get("other", 1, || count(10)), 10);
        assert_eq!(calls.get(), 3);
        let copy = t.clone();
        assert_eq!(copy.memo.get("fact", 1, || count(11)), 11);
        assert_eq!(copy, t);
        assert_eq!(format!("{:?}", t.memo), "Memo(3 facts)");
    }
}
