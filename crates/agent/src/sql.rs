//! The SQL sandbox: the only way any SQL — the agent's, a model's or an
//! analyst's — touches a SQLite source.
//!
//! Defence in depth, because the query text is untrusted:
//! - the file is opened with `SQLITE_OPEN_READ_ONLY` (no URI parsing);
//! - exactly one statement: trailing statements are refused, and the
//!   statement must be read-only by SQLite's own verdict;
//! - an authorizer allows reads, `SELECT`, recursive CTEs and plain
//!   functions only; it denies writes, schema changes, `ATTACH`/`DETACH`,
//!   transactions, every `PRAGMA` but a few read-only introspection ones,
//!   and `load_extension`;
//! - a progress handler stops the statement past a time limit, a row cap
//!   bounds the result and a length limit bounds any single value.
//!
//! The deterministic policy's SQL writer is [`crate::agent::sqlplan`].

use std::path::Path;
use std::time::{Duration, Instant};

use rusqlite::hooks::{AuthAction, AuthContext, Authorization};
use rusqlite::limits::Limit;
use rusqlite::types::ValueRef;
use rusqlite::{Connection, OpenFlags};
use serde::Serialize;


#[derive(Debug, Clone)]
pub struct SqlLimits {
    pub max_rows: usize,
    pub timeout: Duration,
    pub max_sql_chars: usize,
    /// Longest string or blob any expression may build, in bytes.
    pub max_value_bytes: i32,
}

impl Default for SqlLimits {
    fn default() -> Self {
        SqlLimits { max_rows: 200, timeout: Duration::from_secs(2), max_sql_chars: 10_000, max_value_bytes: 1_000_000 }
    }
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SqlError {
    #[error("cannot open {path} read-only: {reason}")]
    Open { path: String, reason: String },
    #[error("the query is empty")]
    Empty,
    #[error("the query is {len} characters; the limit is {max}")]
    TooLong { len: usize, max: usize },
    #[error("only one statement is allowed")]
    MultipleStatements,
    #[error("only read-only SELECT queries are allowed: {reason}")]
    NotReadOnly { reason: String },
    #[error("refused by the sandbox: {what}")]
    Denied { what: String },
    #[error("stopped after {ms} ms (time limit)")]
    Timeout { ms: u128 },
    #[error("query failed: {reason}")]
    Failed { reason: String },
    #[error("source {object} is not a SQLite table")]
    NotSql { object: String },
}

impl SqlError {
    pub fn code(&self) -> &'static str {
        match self {
            SqlError::Open { .. } => "sql_open",
            SqlError::Empty => "sql_empty",
            SqlError::TooLong { .. } => "sql_too_long",
            SqlError::MultipleStatements => "sql_multiple_statements",
            SqlError::NotReadOnly { .. } => "sql_not_read_only",
            SqlError::Denied { .. } => "sql_denied",
            SqlError::Timeout { .. } => "sql_timeout",
            SqlError::Failed { .. } => "sql_failed",
            SqlError::NotSql { .. } => "sql_not_sql_source",
        }
    }
}

/// A query's result, values as displayed text.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SqlRows {
    pub columns: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// More rows existed than the cap allowed.
    pub truncated: bool,
}

const INTROSPECTION_PRAGMAS: &[&str] = &["table_info", "table_xinfo", "index_list", "index_info", "foreign_key_list"];
const DENIED_FUNCTIONS: &[&str] = &["load_extension", "fts3_tokenizer", "readfile", "writefile", "edit", "sqlite_offset"];

fn authorize(ctx: AuthContext<'_>, denied: &std::sync::Mutex<Option<String>>) -> Authorization {
    let verdict = match ctx.action {
        AuthAction::Select | AuthAction::Read { .. } | AuthAction::Recursive => None,
        AuthAction::Function { function_name } => {
            let f = function_name.to_ascii_lowercase();
            DENIED_FUNCTIONS.contains(&f.as_str()).then(|| format!("function {function_name}()"))
        }
        AuthAction::Pragma { pragma_name, .. } => {
            // Introspection pragmas only read (their argument is a table or
            // index name); every other pragma may change state.
            let ok = INTROSPECTION_PRAGMAS.contains(&pragma_name.to_ascii_lowercase().as_str());
            (!ok).then(|| format!("PRAGMA {pragma_name}"))
        }
        AuthAction::Attach { .. } => Some("ATTACH".into()),
        AuthAction::Detach { .. } => Some("DETACH".into()),
        AuthAction::Insert { table_name } => Some(format!("INSERT into {table_name}")),
        AuthAction::Update { table_name, .. } => Some(format!("UPDATE of {table_name}")),
        AuthAction::Delete { table_name } => Some(format!("DELETE from {table_name}")),
        AuthAction::Transaction { .. } | AuthAction::Savepoint { .. } => Some("transactions".into()),
        other => Some(format!("{other:?}")),
    };
    match verdict {
        None => Authorization::Allow,
        Some(what) => {
            if let Ok(mut d) = denied.lock() {
                d.get_or_insert(what);
            }
            Authorization::Deny
        }
    }
}

fn show(v: ValueRef<'_>) -> String {
    match v {
        ValueRef::Null => String::new(),
        ValueRef::Integer(i) => i.to_string(),
        ValueRef::Real(f) => f.to_string(),
        ValueRef::Text(t) => crate::text::truncate_chars(&String::from_utf8_lossy(t), 2000),
        ValueRef::Blob(b) => format!("<blob {} bytes>", b.len()),
    }
}

/// Runs one read-only query against the database at `db`.
pub fn run_readonly(db: &Path, query: &str, limits: &SqlLimits) -> Result<SqlRows, SqlError> {
    let q = query.trim();
    if q.is_empty() {
        return Err(SqlError::Empty);
    }
    let open_err = |e: rusqlite::Error| SqlError::Open { path: db.display().to_string(), reason: e.to_string() };
    let mut conn = Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX).map_err(open_err)?;
    conn.busy_timeout(Duration::from_millis(500)).map_err(open_err)?;
    // A misspelt "column" is an error, not a string constant.
    conn.set_db_config(rusqlite::config::DbConfig::SQLITE_DBCONFIG_DQS_DML, false).map_err(open_err)?;
    run_sandboxed(&mut conn, q, limits)
}

/// Runs one read-only query on an open connection under the sandbox's
/// rules (one statement, the authorizer, the time, row and length limits),
/// then lifts the authorizer and the time limit again, so the connection's
/// owner (the table database, which writes when tables are loaded) can
/// keep using it.
pub fn run_sandboxed(conn: &mut Connection, query: &str, limits: &SqlLimits) -> Result<SqlRows, SqlError> {
    let q = query.trim();
    if q.is_empty() {
        return Err(SqlError::Empty);
    }
    if q.chars().count() > limits.max_sql_chars {
        return Err(SqlError::TooLong { len: q.chars().count(), max: limits.max_sql_chars });
    }
    let setup_err = |e: rusqlite::Error| SqlError::Failed { reason: e.to_string() };
    let old_length = conn.set_limit(Limit::SQLITE_LIMIT_LENGTH, limits.max_value_bytes).ok();
    let _ = conn.set_limit(Limit::SQLITE_LIMIT_SQL_LENGTH, limits.max_sql_chars as i32 * 4);
    let _ = conn.set_limit(Limit::SQLITE_LIMIT_ATTACHED, 0);
    let denied = std::sync::Arc::new(std::sync::Mutex::new(None::<String>));
    let d2 = denied.clone();
    conn.authorizer(Some(move |ctx: AuthContext<'_>| authorize(ctx, &d2))).map_err(setup_err)?;
    let start = Instant::now();
    let timeout = limits.timeout;
    conn.progress_handler(1000, Some(move || start.elapsed() > timeout)).map_err(setup_err)?;
    let result = run_statement(conn, q, limits, &denied, start);
    let _ = conn.authorizer(None::<fn(AuthContext<'_>) -> Authorization>);
    let _ = conn.progress_handler(0, None::<fn() -> bool>);
    if let Some(n) = old_length {
        let _ = conn.set_limit(Limit::SQLITE_LIMIT_LENGTH, n);
    }
    result
}

fn run_statement(conn: &Connection, q: &str, limits: &SqlLimits, denied: &std::sync::Mutex<Option<String>>, start: Instant) -> Result<SqlRows, SqlError> {
    let fail = |e: rusqlite::Error, denied: &std::sync::Mutex<Option<String>>| -> SqlError {
        if let Some(what) = denied.lock().ok().and_then(|d| d.clone()) {
            return SqlError::Denied { what };
        }
        match e {
            rusqlite::Error::MultipleStatement => SqlError::MultipleStatements,
            rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::OperationInterrupted => SqlError::Timeout { ms: start.elapsed().as_millis() },
            rusqlite::Error::SqliteFailure(f, _) if f.code == rusqlite::ErrorCode::AuthorizationForStatementDenied => SqlError::Denied { what: "statement".into() },
            rusqlite::Error::SqliteFailure(f, Some(m)) if f.code == rusqlite::ErrorCode::ReadOnly => SqlError::NotReadOnly { reason: m },
            other => SqlError::Failed { reason: other.to_string() },
        }
    };
    let mut stmt = conn.prepare(q).map_err(|e| fail(e, denied))?;
    if !stmt.readonly() {
        return Err(SqlError::NotReadOnly { reason: "the statement would write".into() });
    }
    let columns: Vec<String> = stmt.column_names().map(str::to_string).collect();
    let n = columns.len();
    let mut rows = Vec::new();
    let mut truncated = false;
    let mut cursor = stmt.query([]).map_err(|e| fail(e, denied))?;
    loop {
        match cursor.next() {
            Ok(Some(row)) => {
                if rows.len() == limits.max_rows {
                    truncated = true;
                    break;
                }
                rows.push((0..n).map(|i| row.get_ref(i).map(show).unwrap_or_default()).collect());
            }
            Ok(None) => break,
            Err(e) => return Err(fail(e, denied)),
        }
    }
    Ok(SqlRows { columns, rows, truncated })
}

/// Hostile queries the sandbox must refuse or stop (the SQL sandbox test
/// and `aurag selftest` both run them): writes of every kind, ATTACH of
/// `other_db`, writing PRAGMAs, VACUUM INTO `vacuum_target`, extension
/// loading, several statements, recursive and cross-join bombs, huge
/// blobs and strings, comment and unicode tricks, empty and oversized SQL.
pub fn hostile_queries(other_db: &str, vacuum_target: &str) -> Vec<String> {
    vec![
        "DELETE FROM goodwill_by_segment".into(),
        "UPDATE goodwill_by_segment SET closing_musd = 0".into(),
        "INSERT INTO segments VALUES ('x', 'y')".into(),
        "DROP TABLE segments".into(),
        "CREATE TABLE evil (x)".into(),
        "CREATE TEMP TABLE evil (x)".into(),
        "ALTER TABLE segments ADD COLUMN x".into(),
        format!("ATTACH '{other_db}' AS y"),
        "ATTACH 'x' AS y".into(),
        "DETACH main".into(),
        "PRAGMA writable_schema=ON".into(),
        "PRAGMA journal_mode=DELETE".into(),
        "PRAGMA user_version=7".into(),
        "PRAGMA query_only=0".into(),
        "VACUUM".into(),
        format!("VACUUM INTO '{vacuum_target}'"),
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
    ]
}
