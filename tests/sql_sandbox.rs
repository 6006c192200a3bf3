//! The SQL sandbox against hostile queries: every one is refused or stopped
//! with a clear error, and the database file's bytes and mtime are
//! unchanged afterwards. Plain SELECTs still work.

mod common;

use std::time::Duration;

use aurag::sql::{run_readonly, SqlError, SqlLimits};

fn db(dir: &std::path::Path) -> std::path::PathBuf {
    let p = dir.join("ops.db");
    std::fs::copy(common::sample().join("operations.db"), &p).unwrap();
    p
}

#[test]
fn hostile_queries_are_refused_or_stopped_and_the_file_is_untouched() {
    let tmp = tempfile::tempdir().unwrap();
    let path = db(tmp.path());
    let before = (std::fs::read(&path).unwrap(), std::fs::metadata(&path).unwrap().modified().unwrap());
    let other = tmp.path().join("other.db").display().to_string();
    let hostile: Vec<String> = vec![
        "DELETE FROM goodwill_by_segment".into(),
        "UPDATE goodwill_by_segment SET closing_musd = 0".into(),
        "INSERT INTO segments VALUES ('x', 'y')".into(),
        "DROP TABLE segments".into(),
        "CREATE TABLE evil (x)".into(),
        "CREATE TEMP TABLE evil (x)".into(),
        "ALTER TABLE segments ADD COLUMN x".into(),
        format!("ATTACH '{other}' AS y"),
        "ATTACH 'x' AS y".into(),
        "DETACH main".into(),
        "PRAGMA writable_schema=ON".into(),
        "PRAGMA journal_mode=DELETE".into(),
        "PRAGMA user_version=7".into(),
        "PRAGMA query_only=0".into(),
        "VACUUM".into(),
        "VACUUM INTO '/tmp/aurag-vacuum-copy.db'".into(),
        "REINDEX".into(),
        "ANALYZE".into(),
        "BEGIN IMMEDIATE".into(),
        "SAVEPOINT s1".into(),
        "SELECT load_extension('/tmp/evil.so')".into(),
        "SELECT 1; DELETE FROM segments".into(),
        "SELECT 1; SELECT 2".into(),
        "SELECT 1 /* */; DROP TABLE segments --".into(),
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c".into(),
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x FROM c) SELECT max(x) FROM c, c AS d".into(),
        "SELECT count(*) FROM segments a, segments b, segments c, segments d, segments e, segments f, segments g, segments h, segments i, goodwill_by_segment j, goodwill_by_segment k, goodwill_by_segment l".into(),
        "SELECT zeroblob(2000000000)".into(),
        "SELECT randomblob(1000000000)".into(),
        "SELECT printf('%.*c', 2000000000, 'x')".into(),
        "REPLACE INTO segments VALUES ('a', 'b')".into(),
        "CREATE VIRTUAL TABLE v USING fts5(x)".into(),
        "ＤＥＬＥＴＥ FROM segments".into(),
        "DELETE\u{00a0}FROM segments".into(),
        "-- comment\nDELETE FROM segments".into(),
        "SELECT * FROM segments WHERE 1=1; PRAGMA writable_schema=1".into(),
        "SELECT fts3_tokenizer('simple')".into(),
        "".into(),
        "   ".into(),
        "x".repeat(20_000),
    ];
    assert!(hostile.len() >= 30);
    let limits = SqlLimits { max_rows: 200, timeout: Duration::from_millis(500), ..SqlLimits::default() };
    for q in &hostile {
        let r = run_readonly(&path, q, &limits);
        let e = match r {
            Err(e) => e,
            Ok(rows) => panic!("not refused: {q:?} -> {rows:?}"),
        };
        assert!(!e.to_string().is_empty() && !e.code().is_empty());
        assert!(
            matches!(
                e,
                SqlError::Denied { .. } | SqlError::NotReadOnly { .. } | SqlError::MultipleStatements | SqlError::Timeout { .. } | SqlError::Failed { .. } | SqlError::Empty | SqlError::TooLong { .. }
            ),
            "{q:?}: {e:?}"
        );
    }
    let after = (std::fs::read(&path).unwrap(), std::fs::metadata(&path).unwrap().modified().unwrap());
    assert!(before == after, "the database changed");
    assert!(!std::path::Path::new(&other).exists());
    assert!(!std::path::Path::new("/tmp/aurag-vacuum-copy.db").exists());
}

#[test]
fn reads_work_and_results_are_capped() {
    let tmp = tempfile::tempdir().unwrap();
    let path = db(tmp.path());
    let limits = SqlLimits::default();
    let r = run_readonly(&path, "SELECT segment, closing_musd FROM goodwill_by_segment WHERE segment = 'Mobileye' ORDER BY period_end", &limits).unwrap();
    assert_eq!(r.columns, ["segment", "closing_musd"]);
    assert_eq!(r.rows.len(), 2);
    assert!(!r.truncated);
    // Introspection pragmas read, so they are allowed.
    assert!(run_readonly(&path, "PRAGMA table_info(segments)", &limits).is_ok());
    assert!(run_readonly(&path, "SELECT name FROM pragma_table_info('segments')", &limits).is_ok());
    let capped = SqlLimits { max_rows: 3, ..SqlLimits::default() };
    let r = run_readonly(&path, "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 100) SELECT x FROM c", &capped).unwrap();
    assert_eq!(r.rows.len(), 3);
    assert!(r.truncated);
    let e = run_readonly(&tmp.path().join("missing.db"), "SELECT 1", &limits).unwrap_err();
    assert_eq!(e.code(), "sql_open");
    assert!(!tmp.path().join("missing.db").exists());
}
