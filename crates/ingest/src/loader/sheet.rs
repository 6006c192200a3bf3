//! Spreadsheets (xlsx, xlsm, xls, xlsb, ods through calamine) and CSV.
//!
//! Each sheet's used cells are read sparsely, split into blocks at blank
//! rows, and every block becomes a table object located by sheet and A1
//! range. Numbers stay numbers and keep their display format (currency,
//! percent, thousands, decimals) from the cell style; formulas give their
//! cached values. Blocks are checked against the cell limit before any dense
//! grid is allocated, so a sheet with a cell at XFD1048576 cannot blow up.

use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::Path;

use calamine::{Data, DataType, Reader};

use super::{ext_of, LoadContext, LoadError, Loaded, Loader};
use crate::source::{a1, Cell, CellValue, Content, Locator, NumberFormat, Provenance, SourceKind, SourceObject};

pub struct SheetLoader;

const SHEET_EXTS: &[&str] = &["xlsx", "xlsm", "xlsb", "xls", "ods"];
pub(crate) const CFB_MAGIC: &[u8] = &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

/// Sparse cells of one sheet: row → (col → cell).
type Sparse = BTreeMap<u32, BTreeMap<u32, Cell>>;

/// A dense block of a sheet: its origin (row, col) and its cells.
type Block = ((u32, u32), Vec<Vec<Cell>>);

impl Loader for SheetLoader {
    fn name(&self) -> &'static str {
        "spreadsheet"
    }
    fn accepts(&self, path: &Path, _head: &[u8]) -> bool {
        ext_of(path).is_some_and(|e| SHEET_EXTS.contains(&e.as_str()))
    }
    fn load(&self, path: &Path, bytes: &[u8], file_hash: &str, ctx: &LoadContext) -> Result<Loaded, LoadError> {
        let p = path.to_path_buf();
        if bytes.is_empty() {
            return Err(LoadError::Empty { path: p });
        }
        let ext = ext_of(path).unwrap_or_default();
        let is_zip = bytes.starts_with(b"PK\x03\x04");
        let is_cfb = bytes.starts_with(CFB_MAGIC);
        let corrupt = |reason: String| LoadError::Corrupt { path: path.to_path_buf(), format: "spreadsheet", reason };
        let map_err = |e: calamine::Error| -> LoadError {
            let msg = e.to_string();
            if msg.to_lowercase().contains("password") || msg.to_lowercase().contains("encrypt") {
                LoadError::Encrypted { path: path.to_path_buf(), what: "workbook" }
            } else {
                LoadError::Corrupt { path: path.to_path_buf(), format: "spreadsheet", reason: msg }
            }
        };
        let mut book: calamine::Sheets<Cursor<&[u8]>> = if is_cfb {
            if has_cfb_stream(bytes, "EncryptedPackage") || has_cfb_stream(bytes, "EncryptionInfo") {
                return Err(LoadError::Encrypted { path: p, what: "workbook" });
            }
            calamine::Sheets::Xls(calamine::open_workbook_from_rs(Cursor::new(bytes)).map_err(|e| map_err(calamine::Error::Xls(e)))?)
        } else if is_zip {
            let inflated = zip_inflated_bytes(bytes).map_err(|e| corrupt(format!("not a readable zip archive: {e}")))?;
            if inflated > ctx.limits.max_inflated_bytes {
                return Err(LoadError::TooLarge {
                    path: p,
                    what: format!("the archive inflates to {} MB, a decompression bomb?", inflated >> 20),
                    limit: format!("{} MB inflated", ctx.limits.max_inflated_bytes >> 20),
                });
            }
            if zip_has(bytes, "content.xml") || ext == "ods" {
                calamine::Sheets::Ods(calamine::open_workbook_from_rs(Cursor::new(bytes)).map_err(|e| map_err(calamine::Error::Ods(e)))?)
            } else if ext == "xlsb" {
                calamine::Sheets::Xlsb(calamine::open_workbook_from_rs(Cursor::new(bytes)).map_err(|e| map_err(calamine::Error::Xlsb(e)))?)
            } else {
                if zip_has(bytes, "xl\\workbook.xml") {
                    return Err(corrupt("its parts are named with backslashes (xl\\workbook.xml), which the format does not allow".into()));
                }
                if !zip_has(bytes, "xl/workbook.xml") && !zip_has(bytes, "xl/workbook.bin") {
                    return Err(corrupt("a zip archive without a workbook (no xl/workbook.xml)".into()));
                }
                calamine::Sheets::Xlsx(calamine::open_workbook_from_rs(Cursor::new(bytes)).map_err(|e| map_err(calamine::Error::Xlsx(e)))?)
            }
        } else if matches!(bytes, [0x09, 0x00 | 0x02 | 0x04, ..]) {
            // A BIFF2-4 record stream begins with its BOF record, bare.
            return Err(LoadError::OldFormat { path: p, what: "an Excel 2.x to 4.0 workbook (BIFF2 to BIFF4)" });
        } else {
            return Err(corrupt(format!("neither a zip (xlsx/ods) nor an OLE (xls) container; is it really .{ext}?")));
        };

        // Chart sheets, dialog sheets and VBA modules hold no cells: they are
        // passed over (a chart sheet made the whole workbook fail), named
        // in a warning.
        let names: Vec<(String, calamine::SheetType)> = book.sheets_metadata().iter().map(|m| (m.name.clone(), m.typ)).collect();
        let mut objects = Vec::new();
        let mut warnings = Vec::new();
        let mut rows = 0;
        for (name, typ) in names {
            if matches!(typ, calamine::SheetType::ChartSheet | calamine::SheetType::DialogSheet | calamine::SheetType::Vba) {
                let what = match typ {
                    calamine::SheetType::ChartSheet => "a chart",
                    calamine::SheetType::DialogSheet => "a dialog",
                    _ => "a macro module",
                };
                warnings.push(format!("sheet '{name}' is {what}, not cells: skipped"));
                continue;
            }
            let sparse = read_sheet(&mut book, &name, ctx, path)?;
            let (objs, r) = sheet_objects(&sparse, ctx, path, file_hash, &name, true)?;
            objects.extend(objs);
            rows += r;
        }
        if objects.is_empty() {
            warnings.push("no non-empty sheet".to_string());
        }
        Ok(Loaded { objects, warnings, pages: 0, rows })
    }
}

fn read_sheet(
    book: &mut calamine::Sheets<Cursor<&[u8]>>,
    name: &str,
    ctx: &LoadContext,
    path: &Path,
) -> Result<Sparse, LoadError> {
    let too_large = |what: String| LoadError::TooLarge {
        path: path.to_path_buf(),
        what,
        limit: format!("{} cells per sheet", ctx.limits.max_sheet_cells),
    };
    let corrupt = |e: String| LoadError::Corrupt { path: path.to_path_buf(), format: "spreadsheet", reason: format!("sheet '{name}': {e}") };
    let rows_limit = |r: u32, last: &mut Option<u32>, n: &mut usize| -> Result<(), LoadError> {
        if *last != Some(r) {
            *last = Some(r);
            *n += 1;
            if *n > ctx.limits.max_table_rows {
                return Err(LoadError::TooLarge {
                    path: path.to_path_buf(),
                    what: format!("sheet '{name}' has more than {} rows", ctx.limits.max_table_rows),
                    limit: format!("{} rows per sheet; import large data into SQLite and ingest the database", ctx.limits.max_table_rows),
                });
            }
        }
        Ok(())
    };
    let (mut last_row, mut n_rows) = (None, 0usize);
    let mut raw: Vec<((u32, u32), Data)> = Vec::new();
    if let calamine::Sheets::Xlsx(x) = book {
        // Stream the sheet XML so memory stays bounded by the cell limit.
        let mut reader = x.worksheet_cells_reader(name).map_err(|e| corrupt(e.to_string()))?;
        while let Some(cell) = reader.next_cell().map_err(|e| corrupt(e.to_string()))? {
            let v: Data = cell.get_value().clone().into();
            if v.is_empty() {
                continue;
            }
            if raw.len() >= ctx.limits.max_sheet_cells {
                return Err(too_large(format!("sheet '{name}' has more than {} cells", ctx.limits.max_sheet_cells)));
            }
            rows_limit(cell.get_position().0, &mut last_row, &mut n_rows)?;
            raw.push((cell.get_position(), v));
        }
    } else {
        let range = book.worksheet_range(name).map_err(|e| corrupt(e.to_string()))?;
        let (h, w) = range.get_size();
        if h.saturating_mul(w) > ctx.limits.max_sheet_cells.saturating_mul(4) {
            return Err(too_large(format!("sheet '{name}' spans {h} x {w} cells")));
        }
        for (r, c, v) in range.used_cells() {
            if raw.len() >= ctx.limits.max_sheet_cells {
                return Err(too_large(format!("sheet '{name}' has more than {} cells", ctx.limits.max_sheet_cells)));
            }
            let start = range.start().unwrap_or((0, 0));
            rows_limit(start.0 + r as u32, &mut last_row, &mut n_rows)?;
            raw.push(((start.0 + r as u32, start.1 + c as u32), v.clone()));
        }
    }
    let styles = book.worksheet_style(name).ok();
    let mut sparse: Sparse = BTreeMap::new();
    for ((r, c), v) in raw {
        let code = styles
            .as_ref()
            .and_then(|s| s.get((r, c)))
            .and_then(|s| s.number_format.as_ref())
            .map(|f| f.format_code.clone());
        let cell = cell_from_data(&v, code.as_deref());
        if !cell.value.is_empty() {
            sparse.entry(r).or_default().insert(c, cell);
        }
    }
    Ok(sparse)
}

/// Table objects of one sheet (or CSV): blocks at blank rows, a lone title
/// cell captions the table below it, each table located by sheet and range.
/// Returns the objects and their data-row count.
/// Table objects from a grid of cell texts read from a document (a Word,
/// slide, HTML or Markdown table), as a sheet named `sheet`; `caption`
/// names the tables that have no title row of their own.
pub(crate) fn grid_objects(grid: &[Vec<String>], ctx: &LoadContext, path: &Path, file_hash: &str, sheet: &str, caption: Option<&str>) -> Result<(Vec<SourceObject>, usize), LoadError> {
    let mut sparse: Sparse = BTreeMap::new();
    for (r, cells) in grid.iter().enumerate() {
        for (c, text) in cells.iter().enumerate() {
            let cell = crate::text::cell_from_text(text);
            if !cell.value.is_empty() {
                sparse.entry(r as u32).or_default().insert(c as u32, cell);
            }
        }
    }
    let (mut objects, rows) = sheet_objects(&sparse, ctx, path, file_hash, sheet, false)?;
    for o in &mut objects {
        if let Content::Table(t) = &mut o.content {
            if t.caption.is_none() {
                t.caption = caption.map(str::to_string);
            }
        }
    }
    Ok((objects, rows))
}

fn sheet_objects(
    sparse: &Sparse,
    ctx: &LoadContext,
    path: &Path,
    file_hash: &str,
    sheet: &str,
    sheet_name_as_caption: bool,
) -> Result<(Vec<SourceObject>, usize), LoadError> {
    let mut objects = Vec::new();
    let mut rows = 0;
    let mut title: Option<String> = None;
    for (origin, grid) in dense_blocks(sparse, ctx, path, sheet)? {
        if let Some(t) = crate::table::lone_title(&grid) {
            title = Some(t);
            continue;
        }
        for mut t in crate::table::tables_from_grid(&grid, origin) {
            if t.data_rows().len() > ctx.limits.max_table_rows {
                return Err(LoadError::TooLarge {
                    path: path.to_path_buf(),
                    what: format!("sheet '{sheet}' has {} rows", t.data_rows().len()),
                    limit: format!("{} rows per table", ctx.limits.max_table_rows),
                });
            }
            if t.caption.is_none() {
                t.caption = title.take().or_else(|| sheet_name_as_caption.then(|| sheet.to_string()));
            }
            rows += t.data_rows().len();
            let range = format!("{}:{}", t.a1(0, 0), t.a1(t.n_rows().saturating_sub(1), t.n_cols().saturating_sub(1)));
            let prov = Provenance {
                file: path.display().to_string(),
                file_hash: file_hash.to_string(),
                locator: Locator::SheetRange { sheet: sheet.to_string(), range },
            };
            objects.push(SourceObject::new(SourceKind::Static, prov, Content::Table(t)));
        }
    }
    Ok((objects, rows))
}

/// Splits sparse rows into blocks at blank rows and makes each dense.
fn dense_blocks(sparse: &Sparse, ctx: &LoadContext, path: &Path, sheet: &str) -> Result<Vec<Block>, LoadError> {
    let mut blocks = Vec::new();
    let mut cur: Vec<u32> = Vec::new();
    let flush = |cur: &mut Vec<u32>, blocks: &mut Vec<Block>| -> Result<(), LoadError> {
        if cur.is_empty() {
            return Ok(());
        }
        let r0 = cur[0];
        let r1 = *cur.last().unwrap_or(&r0);
        let c0 = cur.iter().filter_map(|r| sparse[r].keys().next()).min().copied().unwrap_or(0);
        let c1 = cur.iter().filter_map(|r| sparse[r].keys().next_back()).max().copied().unwrap_or(0);
        let cells = (r1 - r0 + 1) as usize * (c1 - c0 + 1) as usize;
        if cells > ctx.limits.max_sheet_cells {
            return Err(LoadError::TooLarge {
                path: path.to_path_buf(),
                what: format!("a table in sheet '{sheet}' spans {}:{} ({cells} cells)", a1(r0 as usize, c0 as usize), a1(r1 as usize, c1 as usize)),
                limit: format!("{} cells per table", ctx.limits.max_sheet_cells),
            });
        }
        let mut grid = Vec::with_capacity((r1 - r0 + 1) as usize);
        for r in r0..=r1 {
            let mut row = vec![Cell::empty(); (c1 - c0 + 1) as usize];
            if let Some(cols) = sparse.get(&r) {
                for (c, cell) in cols {
                    row[(c - c0) as usize] = cell.clone();
                }
            }
            grid.push(row);
        }
        blocks.push(((r0, c0), grid));
        cur.clear();
        Ok(())
    };
    let mut last: Option<u32> = None;
    for &r in sparse.keys() {
        if let Some(l) = last {
            if r > l + 1 {
                flush(&mut cur, &mut blocks)?;
            }
        }
        cur.push(r);
        last = Some(r);
    }
    flush(&mut cur, &mut blocks)?;
    Ok(blocks)
}

/// Translates a spreadsheet number-format code into our display format.
pub fn parse_format_code(code: &str) -> Option<NumberFormat> {
    let first = code.split(';').next().unwrap_or(code);
    if first.eq_ignore_ascii_case("general") || first == "@" {
        return None;
    }
    let mut f = NumberFormat { code: Some(code.to_string()), ..Default::default() };
    for sym in ["$", "€", "£", "¥", "₹"] {
        if first.contains(sym) {
            f.currency = Some(sym.to_string());
            break;
        }
    }
    f.percent = first.contains('%');
    f.thousands = first.contains("#,##") || first.contains("#,#") || first.contains("0,0");
    f.decimals = Some(first.split('.').nth(1).map(|d| d.chars().take_while(|c| *c == '0' || *c == '#').count() as u8).unwrap_or(0));
    f.parens = code.split(';').nth(1).is_some_and(|neg| neg.contains('('));
    Some(f)
}

/// Renders a number the way its format displays it.
pub fn format_number(v: f64, f: Option<&NumberFormat>) -> String {
    let Some(f) = f else {
        return plain_number(v);
    };
    let shown = if f.percent { v * 100.0 } else { v };
    let decimals = f.decimals.unwrap_or(0) as usize;
    let abs = format!("{:.*}", decimals, shown.abs());
    let abs = if f.thousands { group_thousands(&abs) } else { abs };
    let cur = f.currency.clone().unwrap_or_default();
    let pct = if f.percent { "%" } else { "" };
    let negative = shown < 0.0 && abs.chars().any(|c| c.is_ascii_digit() && c != '0');
    match (negative, f.parens) {
        (true, true) => format!("({cur}{abs}{pct})"),
        (true, false) => format!("-{cur}{abs}{pct}"),
        _ => format!("{cur}{abs}{pct}"),
    }
}

fn plain_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        // Shortest representation that round-trips, without float noise.
        let s = format!("{}", (v * 1e10).round() / 1e10);
        match s.parse::<f64>() {
            Ok(r) if (r - v).abs() <= 1e-9 * v.abs().max(1.0) => s,
            _ => format!("{v}"),
        }
    }
}

fn group_thousands(s: &str) -> String {
    let (int, frac) = match s.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (s, None),
    };
    let mut out = String::new();
    for (i, ch) in int.chars().enumerate() {
        if i > 0 && (int.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    if let Some(f) = frac {
        out.push('.');
        out.push_str(f);
    }
    out
}

fn cell_from_data(v: &Data, code: Option<&str>) -> Cell {
    match v {
        Data::Empty => Cell::empty(),
        Data::String(s) => {
            let t = s.trim();
            if t.is_empty() {
                Cell::empty()
            } else {
                // Numbers typed as text ("$1,200") become numbers too.
                crate::text::cell_from_text(t)
            }
        }
        Data::Float(_) | Data::Int(_) => {
            let x = match v {
                Data::Float(f) => *f,
                Data::Int(i) => *i as f64,
                _ => 0.0,
            };
            let fmt = code.and_then(parse_format_code);
            Cell { value: CellValue::Number(x), text: format_number(x, fmt.as_ref()), format: fmt }
        }
        Data::Bool(b) => Cell { value: CellValue::Bool(*b), text: b.to_string(), format: None },
        Data::DateTime(d) => {
            let iso = d
                .as_datetime()
                .map(|dt| if dt.time() == chrono::NaiveTime::MIN { dt.date().to_string() } else { dt.to_string() })
                .unwrap_or_else(|| d.as_f64().to_string());
            Cell { value: CellValue::Date(iso.clone()), text: iso, format: None }
        }
        Data::DateTimeIso(s) | Data::DurationIso(s) => Cell { value: CellValue::Date(s.clone()), text: s.clone(), format: None },
        Data::Error(e) => Cell { value: CellValue::Text(format!("{e}")), text: format!("{e}"), format: None },
    }
}

/// Does the zip archive hold an entry of this name? Reads only the central
/// directory.
fn zip_has(bytes: &[u8], name: &str) -> bool {
    let needle = name.as_bytes();
    // Central directory entries start with PK\x01\x02 and carry the name at
    // offset 46; a plain scan for the name after such a header is enough.
    bytes.windows(needle.len()).any(|w| w.eq_ignore_ascii_case(needle))
}

/// The total size a zip archive's entries declare once inflated (central
/// directory only; nothing is decompressed).
pub(crate) fn zip_inflated_bytes(bytes: &[u8]) -> Result<u64, zip::result::ZipError> {
    let mut z = zip::ZipArchive::new(Cursor::new(bytes))?;
    let mut total = 0u64;
    for i in 0..z.len() {
        total = total.saturating_add(z.by_index_raw(i)?.size());
    }
    Ok(total)
}

/// Does an OLE compound file name a stream (names are UTF-16LE)?
pub(crate) fn has_cfb_stream(bytes: &[u8], name: &str) -> bool {
    let utf16: Vec<u8> = name.encode_utf16().flat_map(|u| u.to_le_bytes()).collect();
    bytes.windows(utf16.len()).any(|w| w == utf16.as_slice())
}

/// CSV and TSV: one table object per block of non-blank rows.
pub struct CsvLoader;

impl Loader for CsvLoader {
    fn name(&self) -> &'static str {
        "csv"
    }
    fn accepts(&self, path: &Path, _head: &[u8]) -> bool {
        matches!(ext_of(path).as_deref(), Some("csv" | "tsv"))
    }
    fn load(&self, path: &Path, bytes: &[u8], file_hash: &str, ctx: &LoadContext) -> Result<Loaded, LoadError> {
        let p = path.to_path_buf();
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        if bytes.iter().all(|b| b.is_ascii_whitespace()) {
            return Err(LoadError::Empty { path: p });
        }
        if let Err(e) = std::str::from_utf8(bytes) {
            return Err(LoadError::NotUtf8 { path: p, offset: e.valid_up_to() });
        }
        let first_line = bytes.split(|b| *b == b'\n').next().unwrap_or(bytes);
        let count = |c: u8| first_line.iter().filter(|b| **b == c).count();
        let delim = if ext_of(path).as_deref() == Some("tsv") || count(b'\t') > count(b',') {
            b'\t'
        } else if count(b';') > count(b',') {
            b';'
        } else {
            b','
        };
        let mut rdr = csv::ReaderBuilder::new().has_headers(false).flexible(true).delimiter(delim).from_reader(bytes);
        let mut sparse: Sparse = BTreeMap::new();
        let mut cells = 0usize;
        let mut nuls = 0usize;
        for (r, rec) in rdr.records().enumerate() {
            let rec = rec.map_err(|e| LoadError::Corrupt { path: p.clone(), format: "CSV", reason: e.to_string() })?;
            if r >= ctx.limits.max_table_rows + 16 {
                return Err(LoadError::TooLarge {
                    path: p,
                    what: format!("more than {} rows", ctx.limits.max_table_rows),
                    limit: format!("{} rows per table; import large data into SQLite and ingest the database", ctx.limits.max_table_rows),
                });
            }
            for (c, field) in rec.iter().enumerate() {
                // A NUL is no character a cell shows (an export's padding);
                // kept, it would end a C string in SQLite's hands.
                let cleaned;
                let field = if field.contains('\0') {
                    nuls += field.matches('\0').count();
                    cleaned = field.replace('\0', "");
                    cleaned.as_str()
                } else {
                    field
                };
                let cell = crate::text::cell_from_text(field);
                if cell.value.is_empty() {
                    continue;
                }
                cells += 1;
                if cells > ctx.limits.max_sheet_cells {
                    return Err(LoadError::TooLarge {
                        path: p,
                        what: format!("more than {} cells", ctx.limits.max_sheet_cells),
                        limit: format!("{} cells", ctx.limits.max_sheet_cells),
                    });
                }
                sparse.entry(r as u32).or_default().insert(c as u32, cell);
            }
        }
        let sheet = path.file_stem().and_then(|s| s.to_str()).unwrap_or("csv").to_string();
        let (objects, rows) = sheet_objects(&sparse, ctx, path, file_hash, &sheet, false)?;
        let warnings = if nuls > 0 { vec![format!("{nuls} NUL bytes were removed from cells")] } else { Vec::new() };
        Ok(Loaded { objects, warnings, pages: 0, rows })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_workbook_of_one_or_two_cells_still_gives_a_source() {
        for rows in [&[&["42"][..]][..], &[&["Revenue", "1200"][..]][..]] {
            let l = SheetLoader.load(Path::new("tiny.xlsx"), &aurag_testkit::xlsx(rows), "h", &LoadContext::default()).unwrap();
            assert_eq!(l.objects.len(), 1, "{rows:?}: {:?}", l.warnings);
            assert!(l.warnings.is_empty(), "{:?}", l.warnings);
        }
    }

    #[test]
    fn excel_4_workbooks_are_named_as_old_not_corrupt() {
        let e = SheetLoader.load(Path::new("old.xls"), &[0x09, 0x04, 0x06, 0x00, 0, 0, 0x10, 0], "h", &LoadContext::default()).unwrap_err();
        assert_eq!(e.code(), "old_format");
        assert!(e.to_string().contains("Excel 2.x to 4.0"), "{e}");
    }

    #[test]
    fn nul_bytes_in_csv_cells_are_removed_with_a_warning() {
        let l = CsvLoader.load(Path::new("t.csv"), b"Item,Units\nBol\0ts,12\nNuts,7\0\n", "h", &LoadContext::default()).unwrap();
        let t = l.objects[0].as_table().unwrap();
        assert_eq!(t.cell(1, 0).unwrap().text, "Bolts");
        assert_eq!(t.cell(2, 1).unwrap().value, crate::source::CellValue::Number(7.0));
        assert_eq!(l.warnings, vec!["2 NUL bytes were removed from cells".to_string()]);
    }

    #[test]
    fn format_codes_round_trip_display() {
        let f = parse_format_code("\"$\"#,##0.0").unwrap();
        assert_eq!(f.currency.as_deref(), Some("$"));
        assert!(f.thousands);
        assert_eq!(format_number(1496.5, Some(&f)), "$1,496.5");
        let p = parse_format_code("0.0%").unwrap();
        assert_eq!(format_number(0.125, Some(&p)), "12.5%");
        let acc = parse_format_code("#,##0;(#,##0)").unwrap();
        assert_eq!(format_number(-1234.0, Some(&acc)), "(1,234)");
        assert_eq!(format_number(1234567.0, Some(&acc)), "1,234,567");
        assert_eq!(format_number(44.1, None), "44.1");
        assert_eq!(format_number(0.1 + 0.2, None), "0.3");
        assert!(parse_format_code("General").is_none());
    }
}
