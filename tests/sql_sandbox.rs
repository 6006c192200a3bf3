//! The SQL sandbox against hostile queries: every one is refused or stopped
//! with a clear error, and the database file's bytes and mtime are
//! unchanged afterwards. Plain SELECTs still work.

use crate::common;

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
    let hostile = aurag::sql::hostile_queries(&other, "/tmp/aurag-vacuum-copy.db");
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
