//! `aurag selftest`: the reliability checks as one command that prints
//! counts, runnable against any bad-input corpus.
//!
//! 1. **Bad inputs.** A corpus is written (≥ 100 files across PDF, xlsx,
//!    xls, ods, csv, SQLite, text, HTML, Word and PowerPoint: truncations and byte flips of real
//!    files, wrong extensions, empty files, non-UTF-8, NULs, huge lines and
//!    cells, 16,384 columns, a sheet that inflates to hundreds of MB,
//!    SQLite with thousands of tables, triggers, views on missing tables,
//!    WITHOUT ROWID, fts5, rtree, WAL, a 50 MB blob, symlink loops and
//!    dangling links), plus any folder given. Each file is ingested by a
//!    child `aurag` process under a time bound, so a panic (exit 101), a
//!    crash or a hang is seen as such; its peak RSS is sampled; the store
//!    is listed before and after, and must be unchanged after a failure.
//! 2. **kill -9.** `aurag ingest` and `aurag guides import` are killed with
//!    SIGKILL at random moments; the workspace must open, list only whole
//!    files' objects and whole guides, and a new run must complete it.
//! 3. **Hostile SQL.** [`crate::sql::hostile_queries`] against a copy of a
//!    database: every query refused or stopped, the file's bytes and mtime
//!    unchanged.
//!
//! Children run with the hashing embedder: the checks are about files and
//! the store, not about vectors, and no model load skews the time bound.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::embed::HashingEmbedder;
use aurag_testkit::Rng;
use crate::workspace::Workspace;

#[derive(Debug, thiserror::Error)]
pub enum SelftestError {
    #[error("{path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("building the corpus: {0}")]
    Corpus(String),
    #[error(transparent)]
    Workspace(#[from] crate::workspace::WorkspaceError),
}

impl SelftestError {
    pub fn code(&self) -> &'static str {
        match self {
            SelftestError::Io { .. } => "io",
            SelftestError::Corpus(_) => "corpus",
            SelftestError::Workspace(e) => e.code(),
        }
    }
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> SelftestError + '_ {
    move |source| SelftestError::Io { path: path.to_path_buf(), source }
}

/// What to run.
pub struct Options {
    /// The `aurag` binary the children run.
    pub exe: PathBuf,
    /// Scratch folder (corpus, workspaces).
    pub scratch: PathBuf,
    /// Extra bad inputs (a folder or files), tried as they are.
    pub corpus: Vec<PathBuf>,
    /// Skip the generated corpus (only `corpus` is tried).
    pub no_generated: bool,
    /// The sample files (good inputs for the kill -9 runs).
    pub sample: PathBuf,
    pub per_file: Duration,
    pub kill_runs: usize,
    pub seed: u64,
}

/// One file's outcome.
#[derive(Debug, Clone, Serialize)]
pub struct FileOutcome {
    pub file: String,
    /// `ok`, `clear_error`, `unclear_error`, `panic`, `crash` or `hang`.
    pub outcome: String,
    pub code: String,
    pub message: String,
    pub seconds: f64,
    pub peak_rss_mb: Option<f64>,
    /// The store's listing after a failure equals the one before.
    pub store_unchanged: bool,
}

#[derive(Debug, Clone, Default, Serialize)]
pub struct Report {
    pub seed: u64,
    pub files_tried: usize,
    pub ok: usize,
    pub clear_errors: usize,
    pub unclear_errors: usize,
    pub panics: usize,
    pub crashes: usize,
    pub hangs: usize,
    pub store_changed_after_failure: usize,
    pub max_seconds: f64,
    pub max_peak_rss_mb: Option<f64>,
    pub kill_runs: usize,
    pub kill_recovered: usize,
    pub guide_kill_runs: usize,
    pub guide_kill_recovered: usize,
    pub hostile_queries: usize,
    pub hostile_refused: usize,
    pub sql_file_unchanged: bool,
    pub files: Vec<FileOutcome>,
    /// Why a kill -9 run or a query did not pass, if any.
    pub problems: Vec<String>,
}

impl Report {
    /// Everything held: no panic, crash or hang, every failure clear and
    /// harmless, every kill recovered, every hostile query refused.
    pub fn passed(&self) -> bool {
        self.unclear_errors == 0
            && self.panics == 0
            && self.crashes == 0
            && self.hangs == 0
            && self.store_changed_after_failure == 0
            && self.kill_recovered == self.kill_runs
            && self.guide_kill_recovered == self.guide_kill_runs
            && self.hostile_refused == self.hostile_queries
            && self.sql_file_unchanged
    }
}

pub async fn run(opts: &Options, progress: &mut (dyn FnMut(&str) + Send)) -> Result<Report, SelftestError> {
    std::fs::create_dir_all(&opts.scratch).map_err(io(&opts.scratch))?;
    let mut report = Report { seed: opts.seed, sql_file_unchanged: true, ..Default::default() };
    let mut files: Vec<PathBuf> = Vec::new();
    if !opts.no_generated {
        let dir = opts.scratch.join("corpus");
        progress(&format!("writing the bad-input corpus into {}", dir.display()));
        files.extend(write_corpus(&dir, &opts.sample, opts.seed)?);
    }
    for c in &opts.corpus {
        if c.is_dir() {
            let mut entries: Vec<PathBuf> = std::fs::read_dir(c).map_err(io(c))?.flatten().map(|e| e.path()).collect();
            entries.sort();
            files.extend(entries);
        } else {
            files.push(c.clone());
        }
    }
    bad_inputs(opts, &files, &mut report, progress).await?;
    kill_runs(opts, &mut report, progress).await?;
    hostile_sql(opts, &mut report)?;
    Ok(report)
}

// ---------------------------------------------------------------- corpus

/// Writes the generated bad-input corpus into `dir` and returns its entries.
pub fn write_corpus(dir: &Path, sample: &Path, seed: u64) -> Result<Vec<PathBuf>, SelftestError> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let mut out = Vec::new();
    let mut put = |name: &str, bytes: &[u8]| -> Result<(), SelftestError> {
        let p = dir.join(name);
        std::fs::write(&p, bytes).map_err(io(&p))?;
        out.push(p);
        Ok(())
    };
    let mut rng = Rng::new(seed);
    // Mutations of real files: truncations and byte flips.
    for name in ["annual_report_excerpt.pdf", "financials.xlsx", "operations.db"] {
        let p = sample.join(name);
        let bytes = std::fs::read(&p).map_err(io(&p))?;
        let (stem, ext) = name.rsplit_once('.').unwrap_or((name, ""));
        for pct in [0, 1, 5, 10, 25, 40, 50, 60, 75, 90, 99] {
            let n = bytes.len() * pct / 100;
            put(&format!("{stem}.trunc{pct}.{ext}"), &bytes[..n])?;
        }
        for k in 0..5 {
            let mut b = bytes.clone();
            for _ in 0..(8 << k) {
                let i = rng.below(b.len() as u64) as usize;
                b[i] ^= 1 << rng.below(8);
            }
            put(&format!("{stem}.flip{k}.{ext}"), &b)?;
        }
        let mut zeroed = bytes.clone();
        let (a, z) = (bytes.len() / 3, 2 * bytes.len() / 3);
        zeroed[a..z].fill(0);
        put(&format!("{stem}.zeroed.{ext}"), &zeroed)?;
    }
    // Wrong extensions.
    let pdf = std::fs::read(sample.join("annual_report_excerpt.pdf")).map_err(io(sample))?;
    let xlsx = std::fs::read(sample.join("financials.xlsx")).map_err(io(sample))?;
    let db = std::fs::read(sample.join("operations.db")).map_err(io(sample))?;
    put("pdf_named.xlsx", &pdf)?;
    put("xlsx_named.pdf", &xlsx)?;
    put("db_named.csv", &db)?;
    put("xlsx_named.ods", &xlsx)?;
    put("pdf_named.xls", &pdf)?;
    put("csv_named.db", b"a,b\n1,2\n")?;
    put("csv_named.sqlite", b"a,b\n1,2\n")?;
    put("text_named.xls", b"just some text\n")?;
    // Empty files of every kind.
    for ext in ["pdf", "xlsx", "xls", "xlsm", "ods", "csv", "tsv", "db", "sqlite", "txt", "md"] {
        put(&format!("empty.{ext}"), b"")?;
    }
    // Text and CSV oddities.
    put("latin1.txt", "Umsatz stieg um 5 % im Geschäftsjahr; Überschuß.\n".encode_utf16().map(|u| u as u8).collect::<Vec<u8>>().as_slice())?;
    put("utf16_bom.txt", &[0xFF, 0xFE, b'h', 0, b'i', 0, b'\n', 0])?;
    put("nul_bytes.csv", b"a,b\n1,\0\0\0\n")?;
    put("random_bytes.txt", &(0..4096).map(|_| rng.next_u64() as u8).collect::<Vec<u8>>())?;
    put("bom_only.csv", &[0xEF, 0xBB, 0xBF])?;
    put("long_line.txt", &vec![b'x'; 8 << 20])?;
    put("long_cell.csv", format!("a,b\n1,{}\n", "y".repeat(2 << 20)).as_bytes())?;
    let wide_header: Vec<String> = (0..16_384).map(|i| format!("c{i}")).collect();
    let wide_row: Vec<String> = (0..16_384).map(|i| i.to_string()).collect();
    put("wide_16384_cols.csv", format!("{}\n{}\n", wide_header.join(","), wide_row.join(",")).as_bytes())?;
    put("ragged.csv", b"a,b,c\n1\n1,2,3,4,5\n\"unterminated,2\n")?;
    put("header_only.csv", b"a,b,c\n")?;
    put("quotes_only.csv", b"\"\"\"\"\"\"\n")?;
    let mut many = String::from("id,amount\n");
    for i in 0..400_000 {
        many.push_str(&format!("{i},{}\n", i * 3));
    }
    put("rows_400k.csv", many.as_bytes())?;
    put("markdown_table.md", b"| a | b |\n|---|---|\n| 1 | 2 |\n".repeat(2000).as_slice())?;
    put("control_chars.txt", (0u8..32).cycle().take(10_000).collect::<Vec<u8>>().as_slice())?;
    // Spreadsheets built by hand.
    put("bomb.xlsx", &xlsx_with_sheet(&bomb_sheet(400 << 20))?)?;
    put("wide_16384.xlsx", &xlsx_with_sheet(&wide_sheet())?)?;
    put("huge_dimension.xlsx", &xlsx_with_sheet(r#"<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><dimension ref="A1:XFD1048576"/><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row><row r="1048576"><c r="XFD1048576"><v>1</v></c></row></sheetData></worksheet>"#.as_bytes())?)?;
    put("bad_xml.xlsx", &xlsx_with_sheet(b"<worksheet><sheetData><row><c><v>1</c></row>")?)?;
    put("no_sheets.xlsx", &zip_of(&[("[Content_Types].xml", b"<Types/>".as_slice())])?)?;
    put("ods_garbage.ods", &zip_of(&[("mimetype", b"application/vnd.oasis.opendocument.spreadsheet".as_slice()), ("content.xml", b"<office:document-content><broken".as_slice())])?)?;
    let manifest = br#"<?xml version="1.0"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#;
    let ods_mime = b"application/vnd.oasis.opendocument.spreadsheet".as_slice();
    put("ods_bomb.ods", &zip_of(&[("mimetype", ods_mime), ("META-INF/manifest.xml", manifest.as_slice()), ("content.xml", bomb_ods(300 << 20).as_slice())])?)?;
    put("ods_repeat_bomb.ods", &zip_of(&[("mimetype", ods_mime), ("META-INF/manifest.xml", manifest.as_slice()), ("content.xml", bomb_ods(0).as_slice())])?)?;
    let mut cfb = vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
    cfb.extend((0..4096).map(|_| rng.next_u64() as u8));
    put("cfb_garbage.xls", &cfb)?;
    put("cfb_named.xlsx", &cfb)?;
    // Word documents built by hand: a good one, its truncations and byte
    // flips, then broken and hostile ones.
    let w = r#"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main""#;
    let document = |body: &str| format!(r#"<?xml version="1.0" encoding="UTF-8"?><w:document {w}><w:body>{body}</w:body></w:document>"#);
    let para = |t: &str| format!("<w:p><w:r><w:t>{t}</w:t></w:r></w:p>");
    let cells = |r: &[&str]| format!("<w:tr>{}</w:tr>", r.iter().map(|c| format!("<w:tc>{}</w:tc>", para(c))).collect::<String>());
    let good_body = format!("{}{}<w:tbl>{}{}</w:tbl>", para("Quarterly memo"), para("Sales rose 4% in the quarter."), cells(&["Region", "Q1"]), cells(&["Europe", "1,200"]));
    let docx = zip_of(&[("[Content_Types].xml", b"<Types/>".as_slice()), ("word/document.xml", document(&good_body).as_bytes())])?;
    put("memo.docx", &docx)?;
    for pct in [1, 10, 50, 90, 99] {
        put(&format!("memo.trunc{pct}.docx"), &docx[..docx.len() * pct / 100])?;
    }
    for k in 0..3 {
        let mut b = docx.clone();
        for _ in 0..(4 << k) {
            let i = rng.below(b.len() as u64) as usize;
            b[i] ^= 1 << rng.below(8);
        }
        put(&format!("memo.flip{k}.docx"), &b)?;
    }
    put("empty.docx", b"")?;
    put("cfb_named.docx", &cfb)?;
    put("pdf_named.docx", &pdf)?;
    put("no_document.docx", &zip_of(&[("[Content_Types].xml", b"<Types/>".as_slice())])?)?;
    put("bad_xml.docx", &zip_of(&[("word/document.xml", b"<w:document><w:body><w:p><w:t>open</w:body>".as_slice())])?)?;
    put("deep_tables.docx", &zip_of(&[("word/document.xml", document(&format!("{}{}", "<w:tbl><w:tr><w:tc>".repeat(20_000), "</w:tc></w:tr></w:tbl>".repeat(20_000))).as_bytes())])?)?;
    put("bomb.docx", &zip_of(&[("word/document.xml", document(&para(&"x".repeat(300 << 20))).as_bytes())])?)?;
    // HTML pages: broken markup, a charset that is not UTF-8, nesting
    // 5,000 deep, a page that is only chrome, one with a 10,000-row table.
    put("broken.html", b"<p>one<p>two<table><tr><td>a<td>b</table><div>three<script>x")?;
    put("latin1.html", b"<html><head><meta charset=\"iso-8859-1\"></head><body><p>Gesch\xe4ftsjahr 2019: Umsatz 5 %</p></body></html>")?;
    put("deep.html", format!("{}deep{}", "<div>".repeat(5_000), "</div>".repeat(5_000)).as_bytes())?;
    put("chrome_only.html", b"<html><body><nav>Home | About</nav><footer>(c)</footer></body></html>")?;
    put("big_table.html", format!("<table>{}</table>", (0..10_000).map(|i| format!("<tr><td>row {i}</td><td>{}</td></tr>", i * 7)).collect::<String>()).as_bytes())?;
    put("binary.html", &(0..4096).map(|_| rng.next_u64() as u8).collect::<Vec<u8>>())?;
    // PowerPoint decks built by hand (slides found by their part names).
    let slide = |body: &str| format!(r#"<?xml version="1.0"?><p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody>{body}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>"#);
    let deck = zip_of(&[("[Content_Types].xml", b"<Types/>".as_slice()), ("ppt/slides/slide1.xml", slide("<a:p><a:r><a:t>Quarterly review: sales rose 4%.</a:t></a:r></a:p>").as_bytes())])?;
    put("deck.pptx", &deck)?;
    for pct in [10, 50, 90] {
        put(&format!("deck.trunc{pct}.pptx"), &deck[..deck.len() * pct / 100])?;
    }
    put("empty.pptx", b"")?;
    put("cfb_named.pptx", &cfb)?;
    put("no_slides.pptx", &zip_of(&[("[Content_Types].xml", b"<Types/>".as_slice())])?)?;
    put("bad_xml.pptx", &zip_of(&[("ppt/slides/slide1.xml", b"<p:sld><a:t>open</p:sld>".as_slice())])?)?;
    put("bomb.pptx", &zip_of(&[("ppt/slides/slide1.xml", slide(&format!("<a:p><a:r><a:t>{}</a:t></a:r></a:p>", "x".repeat(300 << 20))).as_bytes())])?)?;
    // PDFs built by hand.
    put("header_only.pdf", b"%PDF-1.7\n")?;
    put("xref_loop.pdf", b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 1 0 R >> endobj\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer << /Root 1 0 R /Size 2 /Prev 9 >>\nstartxref\n9\n%%EOF\n")?;
    put("pages_loop.pdf", b"%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [2 0 R] /Count 1 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")?;
    for (name, bytes) in structural_pdfs() {
        put(name, &bytes)?;
    }
    put("deep_nesting.pdf", format!("%PDF-1.4\n1 0 obj {} endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "[".repeat(100_000)).as_bytes())?;
    // SQLite oddities.
    for (name, build) in sqlite_cases() {
        let p = dir.join(name);
        let _ = std::fs::remove_file(&p);
        build(&p).map_err(|e| SelftestError::Corpus(format!("{name}: {e}")))?;
        out.push(p);
    }
    // Links.
    #[cfg(unix)]
    {
        use std::os::unix::fs::symlink;
        let l = |a: &str, b: &str| symlink(dir.join(b), dir.join(a)).map_err(io(dir));
        l("loop_a.csv", "loop_b.csv")?;
        l("loop_b.csv", "loop_a.csv")?;
        l("dangling.pdf", "does_not_exist.pdf")?;
        let sub = dir.join("dir_loop");
        std::fs::create_dir_all(&sub).map_err(io(&sub))?;
        symlink(&sub, sub.join("again")).map_err(io(&sub))?;
        out.extend([dir.join("loop_a.csv"), dir.join("loop_b.csv"), dir.join("dangling.pdf"), sub]);
    }
    Ok(out)
}

fn zip_of(parts: &[(&str, &[u8])]) -> Result<Vec<u8>, SelftestError> {
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let o = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    for (name, body) in parts {
        z.start_file(*name, o).map_err(|e| SelftestError::Corpus(e.to_string()))?;
        z.write_all(body).map_err(|e| SelftestError::Corpus(e.to_string()))?;
    }
    Ok(z.finish().map_err(|e| SelftestError::Corpus(e.to_string()))?.into_inner())
}

/// A minimal xlsx around one sheet's XML.
fn xlsx_with_sheet(sheet: &[u8]) -> Result<Vec<u8>, SelftestError> {
    zip_of(&[
        ("[Content_Types].xml", br#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#.as_slice()),
        ("_rels/.rels", br#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#.as_slice()),
        ("xl/workbook.xml", br#"<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>"#.as_slice()),
        ("xl/_rels/workbook.xml.rels", br#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#.as_slice()),
        ("xl/worksheets/sheet1.xml", sheet),
    ])
}

/// Sheet XML that inflates to about `bytes` (whitespace compresses ~1000:1).
fn bomb_sheet(bytes: usize) -> Vec<u8> {
    let mut s = br#"<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1"><v>1</v></c></row>"#.to_vec();
    s.resize(s.len() + bytes, b' ');
    s.extend_from_slice(b"</sheetData></worksheet>");
    s
}

fn bomb_ods(bytes: usize) -> Vec<u8> {
    let mut s = br#"<?xml version="1.0"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"><office:body><office:spreadsheet><table:table table:name="T"><table:table-row table:number-rows-repeated="1048576"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>"#.to_vec();
    s.resize(s.len() + bytes, b' ');
    s.extend_from_slice(b"</table:table></office:spreadsheet></office:body></office:document-content>");
    s
}

fn wide_sheet() -> Vec<u8> {
    let mut s = String::from(r#"<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">"#);
    for c in 0..16_384 {
        s.push_str(&format!(r#"<c r="{}1"><v>{c}</v></c>"#, crate::source::col_letters(c)));
    }
    s.push_str("</row></sheetData></worksheet>");
    s.into_bytes()
}

type SqliteCase = (&'static str, fn(&Path) -> rusqlite::Result<()>);

fn sqlite_cases() -> Vec<SqliteCase> {
    fn open(p: &Path) -> rusqlite::Result<rusqlite::Connection> {
        rusqlite::Connection::open(p)
    }
    vec![
        ("thousands_of_tables.db", |p| {
            let c = open(p)?;
            let mut sql = String::from("BEGIN;");
            for i in 0..3000 {
                sql.push_str(&format!("CREATE TABLE t{i} (a INTEGER, b TEXT); INSERT INTO t{i} VALUES ({i}, 'row');"));
            }
            sql.push_str("COMMIT;");
            c.execute_batch(&sql)
        }),
        ("triggers.db", |p| open(p)?.execute_batch("CREATE TABLE a (x); CREATE TABLE log (y); CREATE TRIGGER tr AFTER INSERT ON a BEGIN INSERT INTO log VALUES (new.x); END; INSERT INTO a VALUES (1);")),
        ("view_on_missing_table.db", |p| {
            let c = open(p)?;
            c.execute_batch("CREATE TABLE real (x); INSERT INTO real VALUES (1); CREATE VIEW ghost AS SELECT * FROM real;")?;
            c.execute_batch("DROP TABLE real;")
        }),
        ("without_rowid.db", |p| open(p)?.execute_batch("CREATE TABLE k (id TEXT PRIMARY KEY, v REAL) WITHOUT ROWID; INSERT INTO k VALUES ('a', 1.5), ('b', 2.5);")),
        ("fts5.db", |p| open(p)?.execute_batch("CREATE VIRTUAL TABLE docs USING fts5(body); INSERT INTO docs VALUES ('revenue grew'), ('costs fell');")),
        ("rtree.db", |p| open(p)?.execute_batch("CREATE VIRTUAL TABLE boxes USING rtree(id, x0, x1); INSERT INTO boxes VALUES (1, 0, 1);")),
        ("wal_mode.db", |p| {
            let c = open(p)?;
            c.pragma_update(None, "journal_mode", "WAL")?;
            c.execute_batch("CREATE TABLE w (x); INSERT INTO w VALUES (1), (2);")?;
            // Leave the -wal file behind, as a crashed writer would.
            std::mem::forget(c);
            Ok(())
        }),
        ("blob_50mb.db", |p| {
            let c = open(p)?;
            c.execute_batch("CREATE TABLE b (name TEXT, data BLOB);")?;
            c.execute("INSERT INTO b VALUES ('big', zeroblob(52428800))", [])?;
            Ok(())
        }),
        ("million_rows.db", |p| open(p)?.execute_batch("CREATE TABLE m (i INTEGER, v REAL); WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000) INSERT INTO m SELECT x, x * 0.5 FROM c;")),
        ("no_tables.db", |p| open(p)?.execute_batch("PRAGMA user_version = 3;")),
        ("odd_types.db", |p| open(p)?.execute_batch("CREATE TABLE o (a WEIRDTYPE, b, \"c d\" NUMERIC); INSERT INTO o VALUES (x'00ff', NULL, 'text in numeric'), (1e308, -0.0, 9223372036854775807);")),
        ("long_text_cell.db", |p| open(p)?.execute_batch("CREATE TABLE l (t TEXT); INSERT INTO l VALUES (printf('%.*c', 5000000, 'z'));")),
        ("corrupt_header.db", |p| {
            open(p)?.execute_batch("CREATE TABLE h (x); INSERT INTO h VALUES (1);")?;
            let mut b = std::fs::read(p).map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))?;
            b[16..24].fill(0xFF);
            std::fs::write(p, b).map_err(|e| rusqlite::Error::ToSqlConversionFailure(Box::new(e)))
        }),
        ("generated_columns.db", |p| open(p)?.execute_batch("CREATE TABLE g (a INTEGER, b INTEGER GENERATED ALWAYS AS (a * 2) VIRTUAL); INSERT INTO g (a) VALUES (1), (2);")),
    ]
}

// ------------------------------------------------------------ bad inputs

async fn open_ws(dir: &Path) -> Result<Workspace, SelftestError> {
    Ok(Workspace::open(dir, Arc::new(HashingEmbedder::default())).await?)
}

async fn listing(dir: &Path) -> Result<BTreeSet<String>, SelftestError> {
    Ok(open_ws(dir).await?.sources().await?.into_iter().map(|s| s.id).collect())
}

/// Peak RSS of a running child (Linux `VmHWM`), in MB.
fn child_peak_mb(pid: u32) -> Option<f64> {
    let bytes = crate::bench::peak_rss_bytes_of(&pid.to_string())?;
    // Under 1 MB is the forked child before it became `aurag`: no reading.
    (bytes >= 1 << 20).then_some(bytes as f64 / (1024.0 * 1024.0))
}

struct ChildRun {
    status: Option<std::process::ExitStatus>,
    stdout: String,
    stderr: String,
    seconds: f64,
    peak_mb: Option<f64>,
}

/// Runs a child to completion or `limit`, sampling its peak RSS.
fn run_child(mut cmd: Command, limit: Duration) -> std::io::Result<ChildRun> {
    let t = Instant::now();
    let mut child = cmd.stdout(Stdio::piped()).stderr(Stdio::piped()).stdin(Stdio::null()).spawn()?;
    let pid = child.id();
    let (ho, he) = (drain(child.stdout.take()), drain(child.stderr.take()));
    let mut peak: Option<f64> = None;
    let status = loop {
        if let Some(m) = child_peak_mb(pid) {
            peak = Some(peak.map_or(m, |p: f64| p.max(m)));
        }
        if let Some(s) = child.try_wait()? {
            break Some(s);
        }
        if t.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    Ok(ChildRun { status, stdout: ho.join().unwrap_or_default(), stderr: he.join().unwrap_or_default(), seconds: t.elapsed().as_secs_f64(), peak_mb: peak })
}

/// Reads a child's pipe to the end on its own thread (so a full pipe never
/// blocks the child).
fn drain<R: std::io::Read + Send + 'static>(pipe: Option<R>) -> std::thread::JoinHandle<String> {
    std::thread::spawn(move || pipe.map(|mut r| std::io::read_to_string(&mut r).unwrap_or_default()).unwrap_or_default())
}

fn aurag(exe: &Path, ws: &Path) -> Command {
    let mut c = Command::new(exe);
    c.arg("--workspace").arg(ws).arg("--embedder").arg("hashing").env("RUST_BACKTRACE", "0");
    c
}

async fn bad_inputs(opts: &Options, files: &[PathBuf], report: &mut Report, progress: &mut (dyn FnMut(&str) + Send)) -> Result<(), SelftestError> {
    let ws = opts.scratch.join("ws-bad");
    let _ = std::fs::remove_dir_all(&ws);
    open_ws(&ws).await?;
    for (i, file) in files.iter().enumerate() {
        let before = listing(&ws).await?;
        let mut cmd = aurag(&opts.exe, &ws);
        cmd.arg("ingest").arg(file).arg("--json");
        let exe = opts.exe.clone();
        let limit = opts.per_file;
        let r = tokio::task::spawn_blocking(move || run_child(cmd, limit)).await.map_err(|e| SelftestError::Corpus(e.to_string()))?.map_err(io(&exe))?;
        let after = listing(&ws).await?;
        let name = file.display().to_string();
        let (outcome, code, message) = classify(&r, &name);
        let failed = outcome != "ok";
        let unchanged = !failed || before == after;
        report.files_tried += 1;
        match outcome.as_str() {
            "ok" => report.ok += 1,
            "clear_error" => report.clear_errors += 1,
            "panic" => report.panics += 1,
            "crash" => report.crashes += 1,
            "hang" => report.hangs += 1,
            _ => report.unclear_errors += 1,
        }
        if !unchanged {
            report.store_changed_after_failure += 1;
        }
        report.max_seconds = report.max_seconds.max(r.seconds);
        if let Some(m) = r.peak_mb {
            report.max_peak_rss_mb = Some(report.max_peak_rss_mb.map_or(m, |p| p.max(m)));
        }
        progress(&format!("[{}/{}] {outcome:<13} {:>6.2}s {:>6} MB  {}  {}", i + 1, files.len(), r.seconds, r.peak_mb.map(|m| format!("{m:.0}")).unwrap_or_else(|| "?".into()), file.file_name().map(|f| f.to_string_lossy().to_string()).unwrap_or_default(), if code.is_empty() { String::new() } else { format!("({code})") }));
        report.files.push(FileOutcome { file: name, outcome, code, message, seconds: r.seconds, peak_rss_mb: r.peak_mb, store_unchanged: unchanged });
    }
    Ok(())
}

/// What a child's exit says: ok (exit 0), a clear error (exit 2 with a
/// per-file code and a message naming the file), or worse.
fn classify(r: &ChildRun, file: &str) -> (String, String, String) {
    let Some(status) = r.status else { return ("hang".into(), String::new(), "no result within the time bound".into()) };
    let last_err = r.stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or_default().to_string();
    match status.code() {
        Some(0) => ("ok".into(), String::new(), String::new()),
        Some(2) => {
            let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap_or_default();
            let failed = v["failed"].as_array().cloned().unwrap_or_default();
            let names_file = |f: &serde_json::Value| {
                let msg = f["error"].as_str().unwrap_or_default();
                let fname = Path::new(f["file"].as_str().unwrap_or_default()).file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
                !f["code"].as_str().unwrap_or_default().is_empty() && !fname.is_empty() && msg.contains(&fname)
            };
            match failed.first() {
                Some(f) if failed.iter().all(names_file) => ("clear_error".into(), f["code"].as_str().unwrap_or_default().into(), f["error"].as_str().unwrap_or_default().into()),
                _ => ("unclear_error".into(), String::new(), format!("exit 2 without a per-file error naming {file}: {}", r.stdout.chars().take(300).collect::<String>())),
            }
        }
        Some(101) => ("panic".into(), String::new(), last_err),
        Some(c) => ("unclear_error".into(), format!("exit_{c}"), last_err),
        None => ("crash".into(), String::new(), format!("killed by a signal: {status:?}")),
    }
}

// ---------------------------------------------------------------- kill -9

async fn kill_runs(opts: &Options, report: &mut Report, progress: &mut (dyn FnMut(&str) + Send)) -> Result<(), SelftestError> {
    if opts.kill_runs == 0 {
        return Ok(());
    }
    let mut rng = Rng::new(opts.seed ^ 0xD1B5_4A32_D192_ED03);
    // Good inputs: the sample files and a few more, in one folder.
    let good = opts.scratch.join("good");
    let _ = std::fs::remove_dir_all(&good);
    std::fs::create_dir_all(&good).map_err(io(&good))?;
    for e in std::fs::read_dir(&opts.sample).map_err(io(&opts.sample))?.flatten() {
        let _ = std::fs::copy(e.path(), good.join(e.file_name()));
    }
    // Enough files for several store commits, so kills land between them.
    for i in 0..30 {
        let p = good.join(format!("region_{i}.csv"));
        let mut s = String::from("Region,2019,2018\n");
        for r in 0..40 {
            s.push_str(&format!("R{i}-{r},{},{}\n", 1000 + r * 7 + i, 900 + r * 5));
        }
        std::fs::write(&p, s).map_err(io(&p))?;
        let t = good.join(format!("note_{i}.txt"));
        std::fs::write(&t, format!("Note {i}. Revenue in region {i} rose by {i}.5% in 2019. Costs were flat.\n\nThe board approved the plan.\n").repeat(20)).map_err(io(&t))?;
    }
    // The reference: a clean run, timed.
    let reference_ws = opts.scratch.join("ws-reference");
    let _ = std::fs::remove_dir_all(&reference_ws);
    let t = Instant::now();
    let mut cmd = aurag(&opts.exe, &reference_ws);
    cmd.arg("ingest").arg(&good);
    let clean = run_child(cmd, Duration::from_secs(600)).map_err(io(&opts.exe))?;
    let clean_secs = t.elapsed().as_secs_f64();
    if clean.status.and_then(|s| s.code()) != Some(0) {
        report.problems.push(format!("the clean reference ingest failed: {}", clean.stderr));
        report.kill_runs = opts.kill_runs;
        return Ok(());
    }
    let reference = by_file(&open_ws(&reference_ws).await?).await?;
    progress(&format!("kill -9: a clean ingest of {} files takes {:.0} ms; kills land uniformly in that span", reference.len(), clean_secs * 1e3));
    // Guides to import, as a file.
    let guides_file = opts.scratch.join("guides.jsonl");
    let mut g = String::new();
    for i in 0..400 {
        g.push_str(&serde_json::json!({"id": "", "question": format!("What was the revenue of region {i} in 2019?"), "sources": [], "author": "selftest", "created_at": "2026-01-01T00:00:00Z"}).to_string());
        g.push('\n');
    }
    std::fs::write(&guides_file, g).map_err(io(&guides_file))?;
    let t = Instant::now();
    let mut cmd = aurag(&opts.exe, &reference_ws);
    cmd.arg("guides").arg("import").arg(&guides_file);
    run_child(cmd, Duration::from_secs(600)).map_err(io(&opts.exe))?;
    let guide_secs = t.elapsed().as_secs_f64();

    for run in 0..opts.kill_runs {
        report.kill_runs += 1;
        let ws = opts.scratch.join(format!("ws-kill-{run}"));
        let _ = std::fs::remove_dir_all(&ws);
        let delay = Duration::from_secs_f64(clean_secs * rng.below(1000) as f64 / 1000.0);
        let mut cmd = aurag(&opts.exe, &ws);
        cmd.arg("ingest").arg(&good);
        kill_after(cmd, delay).map_err(io(&opts.exe))?;
        match check_recovery(opts, &ws, &good, &reference).await {
            Ok(()) => report.kill_recovered += 1,
            Err(why) => report.problems.push(format!("kill run {run} (after {:.0} ms): {why}", delay.as_secs_f64() * 1e3)),
        }
        progress(&format!("kill -9 ingest run {}/{}: killed after {:.0} ms, {}", run + 1, opts.kill_runs, delay.as_secs_f64() * 1e3, if report.kill_recovered == run + 1 { "recovered" } else { "NOT recovered" }));
        let _ = std::fs::remove_dir_all(&ws);
    }
    for run in 0..opts.kill_runs {
        report.guide_kill_runs += 1;
        let ws = opts.scratch.join(format!("ws-gkill-{run}"));
        let _ = std::fs::remove_dir_all(&ws);
        open_ws(&ws).await?;
        let delay = Duration::from_secs_f64(guide_secs * rng.below(1000) as f64 / 1000.0);
        let mut cmd = aurag(&opts.exe, &ws);
        cmd.arg("guides").arg("import").arg(&guides_file);
        kill_after(cmd, delay).map_err(io(&opts.exe))?;
        let outcome: Result<(), String> = async {
            let w = open_ws(&ws).await.map_err(|e| format!("the workspace does not open: {e}"))?;
            let n = w.guides().await.map_err(|e| format!("guides do not list: {e}"))?.len();
            if n != 0 && n != 400 {
                return Err(format!("{n} of 400 guides: an import is one commit, all or nothing"));
            }
            drop(w);
            let mut cmd = aurag(&opts.exe, &ws);
            cmd.arg("guides").arg("import").arg(&guides_file);
            let again = run_child(cmd, Duration::from_secs(600)).map_err(|e| e.to_string())?;
            if again.status.and_then(|s| s.code()) != Some(0) {
                return Err(format!("the new import failed: {}", again.stderr.trim()));
            }
            let n = open_ws(&ws).await.map_err(|e| e.to_string())?.guides().await.map_err(|e| e.to_string())?.len();
            if n != 400 {
                return Err(format!("after the new import {n} guides, not 400"));
            }
            Ok(())
        }
        .await;
        match outcome {
            Ok(()) => report.guide_kill_recovered += 1,
            Err(why) => report.problems.push(format!("guide kill run {run}: {why}")),
        }
        progress(&format!("kill -9 guides import run {}/{}: killed after {:.0} ms, {}", run + 1, opts.kill_runs, delay.as_secs_f64() * 1e3, if report.guide_kill_recovered == run + 1 { "recovered" } else { "NOT recovered" }));
        let _ = std::fs::remove_dir_all(&ws);
    }
    Ok(())
}

/// Starts `cmd` and SIGKILLs it after `delay` (if it is still running).
fn kill_after(mut cmd: Command, delay: Duration) -> std::io::Result<()> {
    let mut child = cmd.stdout(Stdio::null()).stderr(Stdio::null()).stdin(Stdio::null()).spawn()?;
    let t = Instant::now();
    while t.elapsed() < delay {
        if child.try_wait()?.is_some() {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(2));
    }
    let _ = child.kill();
    child.wait()?;
    Ok(())
}

/// Object ids per file.
async fn by_file(ws: &Workspace) -> Result<BTreeMap<String, BTreeSet<String>>, SelftestError> {
    let mut m: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for s in ws.sources().await? {
        m.entry(s.file).or_default().insert(s.id);
    }
    Ok(m)
}

/// After a kill: the workspace opens, lists only whole files' objects, each
/// readable; a new ingest completes it to the reference.
async fn check_recovery(opts: &Options, ws_dir: &Path, good: &Path, reference: &BTreeMap<String, BTreeSet<String>>) -> Result<(), String> {
    if ws_dir.exists() {
        let ws = open_ws(ws_dir).await.map_err(|e| format!("the workspace does not open: {e}"))?;
        let listed = by_file(&ws).await.map_err(|e| format!("sources do not list: {e}"))?;
        for (file, ids) in &listed {
            match reference.get(file) {
                Some(want) if want == ids => {}
                Some(want) => return Err(format!("{file}: {} of its {} objects listed", ids.len(), want.len())),
                None => return Err(format!("{file} is not an input")),
            }
            for id in ids {
                ws.get(id).await.map_err(|e| format!("{id} is listed but does not read: {e}"))?;
            }
        }
    }
    let mut cmd = aurag(&opts.exe, ws_dir);
    cmd.arg("ingest").arg(good);
    let again = run_child(cmd, Duration::from_secs(600)).map_err(|e| e.to_string())?;
    if again.status.and_then(|s| s.code()) != Some(0) {
        return Err(format!("the new ingest failed: {}", again.stderr.trim()));
    }
    let ws = open_ws(ws_dir).await.map_err(|e| e.to_string())?;
    let now = by_file(&ws).await.map_err(|e| e.to_string())?;
    if &now != reference {
        return Err(format!("after the new ingest {} files, the reference has {}", now.len(), reference.len()));
    }
    Ok(())
}

// ------------------------------------------------------------ hostile SQL

fn hostile_sql(opts: &Options, report: &mut Report) -> Result<(), SelftestError> {
    let db = opts.scratch.join("hostile.db");
    let src = opts.sample.join("operations.db");
    std::fs::copy(&src, &db).map_err(io(&src))?;
    let stamp = |p: &Path| -> Result<(Vec<u8>, std::time::SystemTime), SelftestError> { Ok((std::fs::read(p).map_err(io(p))?, std::fs::metadata(p).and_then(|m| m.modified()).map_err(io(p))?)) };
    let before = stamp(&db)?;
    let other = opts.scratch.join("attached.db").display().to_string();
    let vacuum = opts.scratch.join("vacuum-copy.db").display().to_string();
    let limits = crate::sql::SqlLimits { max_rows: 200, timeout: Duration::from_millis(500), ..Default::default() };
    for q in crate::sql::hostile_queries(&other, &vacuum) {
        report.hostile_queries += 1;
        match crate::sql::run_readonly(&db, &q, &limits) {
            Err(e) if !e.to_string().is_empty() => report.hostile_refused += 1,
            Err(_) => report.problems.push(format!("refused without a message: {q:.80}")),
            Ok(_) => report.problems.push(format!("not refused: {q:.80}")),
        }
    }
    let after = stamp(&db)?;
    report.sql_file_unchanged = before == after && !Path::new(&other).exists() && !Path::new(&vacuum).exists();
    if !report.sql_file_unchanged {
        report.problems.push("the database file changed, or a file was attached or vacuumed into".into());
    }
    Ok(())
}

/// PDFs whose structure leads a reader in circles: a page that is its own
/// parent (what cargo-fuzz found: pdf-extract looped on it for good), a
/// form that draws itself (unbounded recursion), and forms that fan out to
/// 2^40 draws. Each has a good first page, which must still load.
fn structural_pdfs() -> Vec<(&'static str, Vec<u8>)> {
    use aurag_testkit::{pdf_from_objects, pdf_stream};
    let text = |s: &str| format!("BT /F1 12 Tf 72 700 Td ({s}) Tj ET");
    let res = "/Resources << /Font << /F1 3 0 R >> >>";
    let base = |page2: &str, content2: &str, extra: Vec<String>| {
        let mut o = vec![
            "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
            "<< /Type /Pages /Kids [4 0 R 6 0 R] /Count 2 >>".to_string(),
            "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_string(),
            format!("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents 5 0 R {res} >>"),
            pdf_stream("", &text("The first page reads fine.")),
            format!("<< /Type /Page {page2} /Contents 7 0 R >>"),
            pdf_stream("", content2),
        ];
        o.extend(extra);
        pdf_from_objects(&o)
    };
    let form = |res: String, body: &str| pdf_stream(&format!("/Type /XObject /Subtype /Form /BBox [0 0 10 10] {res}"), body);
    let fan: Vec<String> = (0..40)
        .map(|k| if k < 39 { form(format!("/Resources << /XObject << /N {} 0 R >> >>", 9 + k), "/N Do /N Do") } else { form(res.to_string(), &text("leaf")) })
        .collect();
    vec![
        ("page_own_parent.pdf", base("/Parent 6 0 R", &text("Never read."), vec![])),
        (
            "form_draws_itself.pdf",
            base(
                "/Parent 2 0 R /MediaBox [0 0 600 800] /Resources << /XObject << /X 8 0 R >> >>",
                "/X Do",
                vec![form("/Resources << /XObject << /X 8 0 R >> >>".into(), "/X Do")],
            ),
        ),
        ("form_fan_out.pdf", base("/Parent 2 0 R /MediaBox [0 0 600 800] /Resources << /XObject << /N 8 0 R >> >>", "/N Do", fan)),
    ]
}
