//! The Source Object Pool's data model (AU-RAG §4.1, Table 1).
//!
//! Everything an analyst ingests becomes a [`SourceObject`]: a text chunk with a
//! stable sentence segmentation, or a table with a typed cell grid. Each object
//! carries its provenance (file, hash, page, sheet and range, SQLite table and
//! refresh SQL) so that any answer can point back at the exact sentence, cell or
//! row. Ids are derived from the file's content hash and the locator, so
//! re-ingesting an unchanged file is a no-op and a changed file gets new ids.

use std::fmt;

use arrow_array::{ArrayRef, Float64Array, RecordBatch, StringArray};
use arrow_schema::{DataType, Field, Schema};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::sync::Arc;

/// Whether an object is prose or a grid of cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ContentType {
    Text,
    Table,
}

impl ContentType {
    pub fn as_str(self) -> &'static str {
        match self {
            ContentType::Text => "text",
            ContentType::Table => "table",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "text" => Some(Self::Text),
            "table" => Some(Self::Table),
            _ => None,
        }
    }
}

/// Static objects are snapshots of a file; dynamic ones (SQLite tables and
/// views) carry a refresh query and can be re-read from their source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SourceKind {
    Static,
    Dynamic,
}

impl SourceKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SourceKind::Static => "static",
            SourceKind::Dynamic => "dynamic",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "static" => Some(Self::Static),
            "dynamic" => Some(Self::Dynamic),
            _ => None,
        }
    }
}

/// Where inside its file an object lives.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Locator {
    /// A span of a paginated document (pages are 1-based); `chunk` numbers
    /// the objects of one file in reading order.
    Pages { pages: Vec<u32>, chunk: u32 },
    /// A rectangular region of a spreadsheet, e.g. `Income!A3:D9`.
    SheetRange { sheet: String, range: String },
    /// A table or view of a SQLite database, with the SQL that re-reads it.
    SqlTable { table: String, refresh_sql: String },
    /// A chunk of a plain-text or Markdown file (1-based line numbers).
    Lines { start: u32, end: u32 },
    /// A chunk of a word-processing document (1-based paragraph numbers,
    /// counting the body's non-empty paragraphs outside tables).
    Paragraphs { start: u32, end: u32 },
    /// A chunk of a slide deck (1-based slide numbers, in the deck's order).
    Slides { start: u32, end: u32 },
}

impl Locator {
    /// A short, stable string used for ids and display.
    pub fn key(&self) -> String {
        match self {
            Locator::Pages { pages, chunk } => match (pages.first(), pages.last()) {
                (Some(a), Some(b)) if a == b => format!("p{a}#{chunk}"),
                (Some(a), Some(b)) => format!("p{a}-{b}#{chunk}"),
                _ => format!("p?#{chunk}"),
            },
            Locator::SheetRange { sheet, range } => format!("{sheet}!{range}"),
            Locator::SqlTable { table, .. } => format!("table:{table}"),
            Locator::Lines { start, end } => format!("lines:{start}-{end}"),
            Locator::Paragraphs { start, end } => format!("paragraphs:{start}-{end}"),
            Locator::Slides { start, end } => format!("slides:{start}-{end}"),
        }
    }
}

impl fmt::Display for Locator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Locator::Pages { pages, .. } if pages.len() == 1 => write!(f, "page {}", pages[0]),
            Locator::Pages { pages, .. } => write!(
                f,
                "pages {}-{}",
                pages.first().copied().unwrap_or(0),
                pages.last().copied().unwrap_or(0)
            ),
            Locator::SheetRange { sheet, range } => write!(f, "{sheet}!{range}"),
            Locator::SqlTable { table, .. } => write!(f, "table {table}"),
            Locator::Lines { start, end } => write!(f, "lines {start}-{end}"),
            Locator::Paragraphs { start, end } if start == end => write!(f, "paragraph {start}"),
            Locator::Paragraphs { start, end } => write!(f, "paragraphs {start}-{end}"),
            Locator::Slides { start, end } if start == end => write!(f, "slide {start}"),
            Locator::Slides { start, end } => write!(f, "slides {start}-{end}"),
        }
    }
}

/// Where an object came from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Provenance {
    /// Absolute path of the file as ingested.
    pub file: String,
    /// sha256 of the file's bytes at ingestion time.
    pub file_hash: String,
    pub locator: Locator,
}

/// One sentence of a text object. `idx` is its stable index inside the object,
/// the coordinate that `SelectSentenceIdxs` actions refer to.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Sentence {
    pub idx: u32,
    pub text: String,
    /// 1-based page for paginated files, else `None`.
    pub page: Option<u32>,
    /// Byte offset of the sentence in the page (or file) text it came from.
    pub offset: u32,
    /// Where on its page the sentence stands, as fractions of the page's
    /// width and height (left, top, right, bottom): known for a PDF's text
    /// layer (from its lines) and for text read by OCR (from the word
    /// boxes), so a citation can point at the spot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub bbox: Option<[f32; 4]>,
    /// The parts of that box, in the same fractions: one per line of a
    /// PDF's text layer, one per word read by OCR. A sentence that wraps is
    /// lit where its ink is, not as one rectangle over both line ends.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<[f32; 4]>>", optional))]
    pub boxes: Vec<[f32; 4]>,
    /// 1-based paragraph the sentence belongs to: of the document (Word,
    /// HTML), or of its slide (a deck, whose first paragraph is the
    /// slide's title), so a citation can open its paragraph or slide.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub paragraph: Option<u32>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TextContent {
    pub sentences: Vec<Sentence>,
}

impl TextContent {
    pub fn full_text(&self) -> String {
        let mut s = String::new();
        for (i, sent) in self.sentences.iter().enumerate() {
            if i > 0 {
                s.push(' ');
            }
            s.push_str(&sent.text);
        }
        s
    }
}

/// How a number was displayed in its source, kept so answers can be shown the
/// way the analyst saw them.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NumberFormat {
    /// Currency symbol shown with the number ("$", "€", "£", ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub percent: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub thousands: bool,
    /// Digits after the decimal point, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decimals: Option<u8>,
    /// Negative shown in parentheses, as in accounting.
    #[serde(default, skip_serializing_if = "is_false")]
    pub parens: bool,
    /// The spreadsheet's own format code, when the file has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
}

fn is_false(b: &bool) -> bool {
    !*b
}

/// A typed cell value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", content = "value", rename_all = "snake_case")]
pub enum CellValue {
    Empty,
    Number(f64),
    Text(String),
    Bool(bool),
    /// ISO-8601 date or date-time.
    Date(String),
}

impl CellValue {
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            CellValue::Number(n) => Some(*n),
            _ => None,
        }
    }
    pub fn is_empty(&self) -> bool {
        matches!(self, CellValue::Empty)
    }
}

/// One cell of a table: its typed value, the text as displayed, and the number
/// format when there is one.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Cell {
    pub value: CellValue,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<NumberFormat>,
}

impl Cell {
    pub fn empty() -> Self {
        Cell { value: CellValue::Empty, text: String::new(), format: None }
    }
    pub fn text(s: impl Into<String>) -> Self {
        let s = s.into();
        if s.trim().is_empty() {
            return Cell::empty();
        }
        Cell { value: CellValue::Text(s.clone()), text: s, format: None }
    }
}

/// A table: a header and a grid of typed cells. `grid[r][c]` is the cell at
/// table coordinates (r, c), 0-based, header rows included; `origin` maps
/// table coordinates back to the source (sheet row/column, 0-based).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TableContent {
    /// Caption or title found near the table, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caption: Option<String>,
    /// How many leading rows of `grid` are header rows.
    pub header_rows: u32,
    /// One name per column, merged from the header rows (never empty).
    pub columns: Vec<String>,
    pub grid: Vec<Vec<Cell>>,
    /// Source position of `grid[0][0]` (row, col), 0-based.
    pub origin: (u32, u32),
    /// Data rows in the source when the grid holds only the first ones
    /// (a SQLite snapshot), else `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(type = "number | null"))]
    pub truncated_from: Option<u64>,
    /// The source's own schema (a SQLite `CREATE` statement), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub schema: Option<String>,
    /// The page of each grid row, for a PDF table that runs over several
    /// pages (read as one table, the headers repeated on later pages
    /// dropped), so a cell is cited to its own page; `None` otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub row_pages: Option<Vec<u32>>,
}

impl TableContent {
    pub fn n_rows(&self) -> usize {
        self.grid.len()
    }
    pub fn n_cols(&self) -> usize {
        self.columns.len()
    }
    /// The page grid row `row` stands on, when the table spans pages.
    pub fn row_page(&self, row: usize) -> Option<u32> {
        self.row_pages.as_ref().and_then(|p| p.get(row).copied())
    }
    /// Data rows (after the header).
    pub fn data_rows(&self) -> &[Vec<Cell>] {
        let h = (self.header_rows as usize).min(self.grid.len());
        &self.grid[h..]
    }
    pub fn cell(&self, row: usize, col: usize) -> Option<&Cell> {
        self.grid.get(row).and_then(|r| r.get(col))
    }
    /// The A1-style address in the source of table cell (row, col).
    pub fn a1(&self, row: usize, col: usize) -> String {
        a1(self.origin.0 as usize + row, self.origin.1 as usize + col)
    }

    /// The column whose cell names a data row when a citation or the
    /// reader says which row a cell stands on: the first column, unless it
    /// only numbers or ranks the rows ("1", "2.", "T8", "1st", a year) or
    /// holds measurements ("48.86667", a yield before its variety's name) and
    /// one of the next three columns names them in words ("Mont Blanc"),
    /// as a reader of the table would say which row it is. Decided on the
    /// first [`LABEL_ROWS`] data rows, so asking per cited cell stays cheap.
    pub fn label_column(&self) -> usize {
        let rows = &self.data_rows()[..self.data_rows().len().min(LABEL_ROWS)];
        let filled = |c: usize| rows.iter().filter_map(move |r| r.get(c)).map(|x| x.text.trim()).filter(|t| !t.is_empty() && !matches!(*t, "-" | "—" | "–"));
        // (A totals row's "Total" under the ranks ranks nothing either.)
        // (A first column of measurements, "48.86667" bushels of barley
        // before the variety's name, names no row either.)
        if filled(0).next().is_none() || !filled(0).all(|x| numbers_a_row(x) || crate::tabular::is_total_label(x) || crate::text::parse_number(x).is_some()) {
            return 0;
        }
        let words = |c: usize| {
            let (n, text) = filled(c).fold((0usize, 0usize), |(n, t), x| (n + 1, t + usize::from(crate::text::parse_number(x).is_none() && x.chars().any(char::is_alphabetic))));
            2 * n >= rows.len() && 2 * text > n
        };
        (1..self.n_cols().min(4)).find(|&c| words(c)).unwrap_or(0)
    }
    /// The name of grid row `row` ([`Self::label_column`]'s cell), trimmed.
    pub fn row_label(&self, row: usize) -> String {
        self.cell(row, self.label_column()).map(|c| c.text.trim().to_string()).unwrap_or_default()
    }

    /// The data rows as an Arrow batch: one column per header, `Float64` where
    /// every non-empty cell of the column is a number, `Utf8` otherwise.
    pub fn record_batch(&self) -> Result<RecordBatch, arrow_schema::ArrowError> {
        let rows = self.data_rows();
        let mut fields = Vec::with_capacity(self.columns.len());
        let mut arrays: Vec<ArrayRef> = Vec::with_capacity(self.columns.len());
        let mut seen = std::collections::HashMap::<String, usize>::new();
        for (c, name) in self.columns.iter().enumerate() {
            let cells = rows.iter().map(|r| r.get(c));
            let numeric = rows.iter().filter_map(|r| r.get(c)).any(|x| !x.value.is_empty())
                && rows
                    .iter()
                    .filter_map(|r| r.get(c))
                    .all(|x| matches!(x.value, CellValue::Number(_) | CellValue::Empty));
            // Arrow field names must be unique inside a schema.
            let n = seen.entry(name.clone()).or_insert(0);
            *n += 1;
            let fname = if *n > 1 { format!("{name} ({n})") } else { name.clone() };
            if numeric {
                let vals: Float64Array = cells.map(|x| x.and_then(|x| x.value.as_f64())).collect();
                fields.push(Field::new(fname, DataType::Float64, true));
                arrays.push(Arc::new(vals));
            } else {
                let vals: StringArray = cells
                    .map(|x| x.filter(|x| !x.value.is_empty()).map(|x| x.text.clone()))
                    .collect();
                fields.push(Field::new(fname, DataType::Utf8, true));
                arrays.push(Arc::new(vals));
            }
        }
        RecordBatch::try_new(Arc::new(Schema::new(fields)), arrays)
    }
}

/// How many data rows [`TableContent::label_column`] reads.
pub const LABEL_ROWS: usize = 50;

/// A cell that numbers or ranks a row rather than names it: digits, with
/// a tie mark before ("T8", "=3") or a point or ordinal after ("2.", "1st").
fn numbers_a_row(text: &str) -> bool {
    let t = text.trim_start_matches(['T', 't', '=']);
    let t = t.trim_end_matches(['.', ')']);
    let t = ["st", "nd", "rd", "th"].iter().find_map(|s| t.strip_suffix(s)).unwrap_or(t);
    !t.is_empty() && t.chars().all(|c| c.is_ascii_digit())
}

/// Column index (0-based) to spreadsheet letters: 0 → A, 26 → AA.
pub fn col_letters(mut col: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'A' + (col % 26) as u8);
        if col < 26 {
            break;
        }
        col = col / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

/// 0-based (row, col) to an A1 address.
pub fn a1(row: usize, col: usize) -> String {
    format!("{}{}", col_letters(col), row + 1)
}

/// Parse an A1 address into 0-based (row, col).
pub fn parse_a1(s: &str) -> Option<(usize, usize)> {
    let s = s.trim();
    let letters: String = s.chars().take_while(|c| c.is_ascii_alphabetic()).collect();
    let digits = &s[letters.len()..];
    if letters.is_empty() || digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut col = 0usize;
    for ch in letters.to_ascii_uppercase().bytes() {
        col = col.checked_mul(26)?.checked_add((ch - b'A' + 1) as usize)?;
    }
    let row: usize = digits.parse().ok()?;
    if row == 0 {
        return None;
    }
    Some((row - 1, col - 1))
}

/// Parse an A1 range (`B4:D4` or a single `B4`) into inclusive 0-based corners.
pub fn parse_range(s: &str) -> Option<((usize, usize), (usize, usize))> {
    let s = s.rsplit('!').next()?;
    match s.split_once(':') {
        Some((a, b)) => {
            let (r0, c0) = parse_a1(a)?;
            let (r1, c1) = parse_a1(b)?;
            Some(((r0.min(r1), c0.min(c1)), (r0.max(r1), c0.max(c1))))
        }
        None => {
            let p = parse_a1(s)?;
            Some((p, p))
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "content_type", rename_all = "snake_case")]
pub enum Content {
    Text(TextContent),
    Table(TableContent),
}

/// One entry of the Source Object Pool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SourceObject {
    pub id: String,
    pub content_type: ContentType,
    pub kind: SourceKind,
    pub tags: Vec<String>,
    pub description: String,
    pub provenance: Provenance,
    pub content: Content,
    /// RFC 3339 timestamps.
    pub created_at: String,
    pub updated_at: String,
}

impl SourceObject {
    /// Builds an object with a content-derived id and fresh timestamps.
    pub fn new(kind: SourceKind, provenance: Provenance, content: Content) -> Self {
        let content_type = match content {
            Content::Text(_) => ContentType::Text,
            Content::Table(_) => ContentType::Table,
        };
        let id = object_id(&provenance.file_hash, &provenance.locator.key(), content_type);
        let now = now_rfc3339();
        SourceObject {
            id,
            content_type,
            kind,
            tags: Vec::new(),
            description: String::new(),
            provenance,
            content,
            created_at: now.clone(),
            updated_at: now,
        }
    }

    pub fn as_table(&self) -> Option<&TableContent> {
        match &self.content {
            Content::Table(t) => Some(t),
            _ => None,
        }
    }
    pub fn as_text(&self) -> Option<&TextContent> {
        match &self.content {
            Content::Text(t) => Some(t),
            _ => None,
        }
    }
    /// The refresh SQL of a dynamic object.
    pub fn refresh_sql(&self) -> Option<&str> {
        match &self.provenance.locator {
            Locator::SqlTable { refresh_sql, .. } => Some(refresh_sql),
            _ => None,
        }
    }

    /// What full-text search reads of an object: its description, then a
    /// table's non-numeric cells (row labels, headers) or a text's
    /// sentences. Numbers are left out of tables: a year or an amount in
    /// every cell would drown the labels a question names.
    pub fn searchable_text(&self) -> String {
        let mut s = self.description.clone();
        match &self.content {
            Content::Table(t) => {
                for row in t.grid.iter() {
                    for c in row {
                        if !c.text.trim().is_empty() && c.value.as_f64().is_none() {
                            s.push(' ');
                            s.push_str(c.text.trim());
                        }
                    }
                }
            }
            Content::Text(t) => {
                s.push(' ');
                s.push_str(&t.full_text());
            }
        }
        s
    }
}

/// Stable object id: a short hash of file content hash, locator and type.
pub fn object_id(file_hash: &str, locator_key: &str, content_type: ContentType) -> String {
    let mut h = Sha256::new();
    h.update(file_hash.as_bytes());
    h.update([0]);
    h.update(locator_key.as_bytes());
    h.update([0]);
    h.update(content_type.as_str().as_bytes());
    let d = h.finalize();
    let prefix = match content_type {
        ContentType::Text => "txt",
        ContentType::Table => "tbl",
    };
    format!("{prefix}_{}", &hex::encode(d)[..16])
}

/// sha256 of bytes, hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// The current time as RFC 3339 in UTC with milliseconds: every timestamp
/// the workspace writes.
pub fn now_rfc3339() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a1_round_trip() {
        assert_eq!(col_letters(0), "A");
        assert_eq!(col_letters(25), "Z");
        assert_eq!(col_letters(26), "AA");
        assert_eq!(col_letters(16383), "XFD");
        for (r, c) in [(0, 0), (3, 1), (99, 27), (1_048_575, 16_383)] {
            assert_eq!(parse_a1(&a1(r, c)), Some((r, c)));
        }
        assert_eq!(parse_range("Sheet1!B4:D4"), Some(((3, 1), (3, 3))));
        assert_eq!(parse_range("D4:B2"), Some(((1, 1), (3, 3))));
        assert_eq!(parse_a1("A0"), None);
        assert_eq!(parse_a1("12"), None);
    }

    #[test]
    fn ids_depend_on_hash_and_locator() {
        let a = object_id("h1", "p1", ContentType::Text);
        assert_eq!(a, object_id("h1", "p1", ContentType::Text));
        assert_ne!(a, object_id("h2", "p1", ContentType::Text));
        assert_ne!(a, object_id("h1", "p2", ContentType::Text));
        assert_ne!(a, object_id("h1", "p1", ContentType::Table));
    }

    #[test]
    fn record_batch_types_columns() {
        let num = |v: f64| Cell { value: CellValue::Number(v), text: v.to_string(), format: None };
        let t = TableContent {
            caption: None,
            header_rows: 1,
            columns: vec!["Item".into(), "2019".into(), "2019".into()],
            grid: vec![
                vec![Cell::text("Item"), Cell::text("2019"), Cell::text("2019")],
                vec![Cell::text("Sales"), num(1.5), Cell::text("n/a")],
                vec![Cell::text("Other"), Cell::empty(), num(2.0)],
            ],
            origin: (0, 0),
            truncated_from: None,
            schema: None,
            row_pages: None,
        };
        let b = t.record_batch().unwrap();
        assert_eq!(b.num_rows(), 2);
        assert_eq!(b.schema().field(0).data_type(), &DataType::Utf8);
        assert_eq!(b.schema().field(1).data_type(), &DataType::Float64);
        assert_eq!(b.schema().field(2).data_type(), &DataType::Utf8);
        assert_eq!(b.schema().field(2).name(), "2019 (2)");
    }

    #[test]
    fn a_row_is_named_by_its_name_column_when_the_first_only_ranks_it() {
        let table = |rows: &[&[&str]]| TableContent {
            caption: None,
            header_rows: 1,
            columns: rows[0].iter().map(|s| s.to_string()).collect(),
            grid: rows.iter().map(|r| r.iter().map(|s| Cell::text(*s)).collect()).collect(),
            origin: (0, 0),
            truncated_from: None,
            schema: None,
            row_pages: None,
        };
        // Ranks, ties and ordinals before the peaks' names: the name.
        let peaks = table(&[&["Rank", "Mountain", "Elevation (m)"], &["1.", "Mont Blanc", "4,810"], &["T2", "Monte Rosa", "4,634"], &["3rd", "Dom", "4,545"], &["Total", "", "13,989"]]);
        assert_eq!(peaks.label_column(), 1);
        assert_eq!(peaks.row_label(1), "Mont Blanc");
        // A statement's line items stay the label.
        let report = table(&[&["Item", "2019", "2018"], &["Revenue", "10", "9"], &["Cost", "4", "3"]]);
        assert_eq!(report.label_column(), 0);
        assert_eq!(report.row_label(2), "Cost");
        // A series of years and figures has no names: the year.
        let series = table(&[&["Year", "Sales", "Cost"], &["2019", "10", "4"], &["2020", "12", "5"]]);
        assert_eq!(series.label_column(), 0);
        // Yields before the variety that grew them: the variety.
        let barley = table(&[&["yield", "variety", "year", "site"], &["27", "Manchuria", "1931", "University Farm"], &["48.86667", "Manchuria", "1931", "Waseca"]]);
        assert_eq!(barley.row_label(2), "Manchuria");
        // A first column of names that holds one number keeps its place.
        let mixed = table(&[&["Player", "Team"], &["Pelé", "Santos"], &["10", "Ajax"]]);
        assert_eq!(mixed.label_column(), 0);
    }
}
