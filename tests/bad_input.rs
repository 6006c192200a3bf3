//! Bad input: every broken file gets a clear error naming the file and the
//! reason, the other files are still ingested, and the store lists exactly
//! the objects that succeeded.

use crate::common;

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;

use common::*;

fn codes(report: &aurag::workspace::IngestReport) -> HashMap<String, (String, String)> {
    report
        .failed
        .iter()
        .map(|f| {
            let name = PathBuf::from(&f.file).file_name().unwrap().to_string_lossy().to_string();
            (name, (f.code.clone(), f.error.clone()))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn committed_bad_files_fail_clearly_and_lose_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = workspace(tmp.path()).await;
    let good_csv = tmp.path().join("good.csv");
    std::fs::write(&good_csv, "Item,2019\nRevenue,100\n").unwrap();
    let report = ingest(&ws, &[bad(), good_csv.clone()]).await;
    let c = codes(&report);
    let expect = [
        ("empty.pdf", "empty", "empty file"),
        ("scanned_no_text.pdf", "no_text_layer", "no text layer (a scan)"),
        ("encrypted.pdf", "encrypted", "encrypted PDF"),
        ("truncated.pdf", "corrupt", "not a valid PDF"),
        ("not_really.pdf", "corrupt", "not a valid PDF"),
        ("zip_of_something_else.xlsx", "corrupt", "without a workbook"),
        ("password_protected.xlsx", "encrypted", "encrypted workbook"),
        ("text_named.xlsx", "corrupt", "is it really .xlsx"),
        ("not_a_database.sqlite", "corrupt", "not a database"),
        ("latin1.txt", "not_utf8", "not UTF-8"),
        ("nul_bytes.txt", "not_utf8", "not UTF-8"),
    ];
    for (file, code, words) in expect {
        let (got, msg) = c.get(file).unwrap_or_else(|| panic!("{file} should fail; failures: {c:#?}"));
        assert_eq!(got, code, "{file}: {msg}");
        assert!(msg.contains(file), "message names the file: {msg}");
        assert!(msg.contains(words), "{file}: '{msg}' should say '{words}'");
    }
    assert_eq!(report.failed.len(), expect.len(), "{:#?}", report.failed);

    // Odd SQLite table names are not bad input: all five tables come in.
    let odd = report.ingested.iter().find(|f| f.file.ends_with("odd_names.db")).expect("odd_names.db ingested");
    assert_eq!(odd.source_ids.len(), 5);
    let good = report.ingested.iter().find(|f| f.file.ends_with("good.csv")).expect("good.csv ingested");

    // The store holds exactly the successes.
    let mut listed: Vec<String> = ws.sources().await.unwrap().into_iter().map(|s| s.id).collect();
    let mut expected: Vec<String> = report.ingested.iter().flat_map(|f| f.source_ids.clone()).collect();
    listed.sort();
    expected.sort();
    assert_eq!(listed, expected);
    assert_eq!(listed.len(), 6);
    let tables: Vec<String> = ws
        .sources()
        .await
        .unwrap()
        .into_iter()
        .filter_map(|s| match s.locator {
            aurag::source::Locator::SqlTable { table, .. } => Some(table),
            _ => None,
        })
        .collect();
    for t in ["quo\"ted", "with space", "Überschuß_€", "order", "drop table x; --"] {
        assert!(tables.contains(&t.to_string()), "{t} in {tables:?}");
    }
    let obj = ws.get(&good.source_ids[0]).await.unwrap();
    assert_eq!(obj.as_table().unwrap().cell(1, 1).unwrap().value, aurag::source::CellValue::Number(100.0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn huge_csv_and_million_row_sheet_hit_a_clear_limit() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = workspace(tmp.path()).await;
    // A 50 MB CSV.
    let big_csv = tmp.path().join("big.csv");
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&big_csv).unwrap());
        writeln!(f, "id,region,amount,note").unwrap();
        let mut i = 0u64;
        while f.get_ref().metadata().unwrap().len() < 50 * 1024 * 1024 {
            for _ in 0..10_000 {
                writeln!(f, "{i},EMEA,{}.25,some free text for row {i}", i * 7).unwrap();
                i += 1;
            }
            f.flush().unwrap();
        }
    }
    // An xlsx whose sheet has a million rows.
    let big_xlsx = tmp.path().join("million.xlsx");
    write_million_row_xlsx(&big_xlsx);
    let small = tmp.path().join("small.csv");
    std::fs::write(&small, "a,b\nx,1\n").unwrap();

    let report = ingest(&ws, &[big_csv, big_xlsx, small]).await;
    let c = codes(&report);
    assert_eq!(c["big.csv"].0, "too_large", "{:?}", c["big.csv"]);
    assert!(c["big.csv"].1.contains("rows"), "{}", c["big.csv"].1);
    assert_eq!(c["million.xlsx"].0, "too_large", "{:?}", c["million.xlsx"]);
    assert!(c["million.xlsx"].1.contains("sheet 'Data'"), "{}", c["million.xlsx"].1);
    assert_eq!(report.ingested.len(), 1);
    assert_eq!(ws.sources().await.unwrap().len(), 1);
}

/// Writes a minimal valid xlsx with one sheet of 1,000,000 rows × 2 columns.
fn write_million_row_xlsx(path: &std::path::Path) {
    use zip::write::SimpleFileOptions;
    let f = std::fs::File::create(path).unwrap();
    let mut z = zip::ZipWriter::new(f);
    let o = SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    let put = |z: &mut zip::ZipWriter<std::fs::File>, name: &str, body: &str| {
        z.start_file(name, o).unwrap();
        z.write_all(body.as_bytes()).unwrap();
    };
    put(&mut z, "[Content_Types].xml", r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#);
    put(&mut z, "_rels/.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#);
    put(&mut z, "xl/workbook.xml", r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>"#);
    put(&mut z, "xl/_rels/workbook.xml.rels", r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#);
    z.start_file("xl/worksheets/sheet1.xml", o).unwrap();
    z.write_all(br#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#).unwrap();
    let mut buf = String::with_capacity(1 << 20);
    for r in 1..=1_000_000u32 {
        buf.push_str(&format!(r#"<row r="{r}"><c r="A{r}"><v>{r}</v></c><c r="B{r}"><v>{}</v></c></row>"#, r as f64 * 1.5));
        if buf.len() > (1 << 20) {
            z.write_all(buf.as_bytes()).unwrap();
            buf.clear();
        }
    }
    buf.push_str("</sheetData></worksheet>");
    z.write_all(buf.as_bytes()).unwrap();
    z.finish().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wal_database_held_open_by_another_connection_is_read() {
    let tmp = tempfile::tempdir().unwrap();
    let db = tmp.path().join("live.db");
    let writer = rusqlite::Connection::open(&db).unwrap();
    writer.pragma_update(None, "journal_mode", "WAL").unwrap();
    writer.execute_batch("CREATE TABLE t (k TEXT, v REAL); INSERT INTO t VALUES ('a', 1.5), ('b', 2.5);").unwrap();
    // Another writer holds an open transaction while we ingest.
    writer.execute_batch("BEGIN; INSERT INTO t VALUES ('uncommitted', 9.9);").unwrap();
    assert!(tmp.path().join("live.db-wal").exists());
    let ws = workspace(tmp.path()).await;
    let report = ingest(&ws, &[db.clone()]).await;
    assert!(report.failed.is_empty(), "{:?}", report.failed);
    let obj = ws.get(&report.ingested[0].source_ids[0]).await.unwrap();
    let t = obj.as_table().unwrap();
    assert_eq!(t.data_rows().len(), 2, "only committed rows are seen");
    writer.execute_batch("COMMIT;").unwrap();
}

#[cfg(unix)]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn symlink_loops_and_dangling_links_are_reported_per_entry() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().join("folder");
    std::fs::create_dir_all(root.join("sub")).unwrap();
    std::fs::write(root.join("sub/notes.md"), "# Notes\n\nRevenue grew 5% in 2019. Costs fell.\n").unwrap();
    std::os::unix::fs::symlink(&root, root.join("sub/loop")).unwrap();
    std::os::unix::fs::symlink(root.join("self_a"), root.join("self_b")).unwrap();
    std::os::unix::fs::symlink(root.join("self_b"), root.join("self_a")).unwrap();
    std::os::unix::fs::symlink(root.join("missing.pdf"), root.join("dangling.pdf")).unwrap();
    let ws = workspace(tmp.path()).await;
    let report = ingest(&ws, &[root]).await;
    let c = codes(&report);
    assert_eq!(c["loop"].0, "symlink_loop", "{c:?}");
    assert_eq!(c["self_a"].0, "symlink_loop", "{c:?}");
    assert_eq!(c["dangling.pdf"].0, "io", "{c:?}");
    assert!(c["dangling.pdf"].1.contains("dangling"), "{c:?}");
    assert_eq!(report.ingested.len(), 1);
    assert!(report.ingested[0].file.ends_with("notes.md"));
    let obj = ws.get(&report.ingested[0].source_ids[0]).await.unwrap();
    assert!(matches!(obj.provenance.locator, aurag::source::Locator::Lines { start: 1, .. }));
}
