//! SQLite databases: one dynamic table object per table and view.
//!
//! Following OmniRetrieval, a database is described by its schema: each
//! object's descriptor holds the `CREATE` statement, the row count and a few
//! sample rows, and its content is a snapshot of the first rows. The object
//! is dynamic: its refresh SQL (`SELECT * FROM "t"`) re-reads it. The file is
//! opened with `SQLITE_OPEN_READ_ONLY` and is never modified; identifiers are
//! always quoted, so tables named with quotes, spaces, unicode or keywords
//! work.

use std::path::Path;

use rusqlite::{types::ValueRef, Connection, OpenFlags};

use super::{ext_of, LoadContext, LoadError, Loaded, Loader};
use crate::source::{Cell, CellValue, Content, Locator, Provenance, SourceKind, SourceObject, TableContent};

pub struct SqliteLoader;

pub const SQLITE_MAGIC: &[u8] = b"SQLite format 3\0";
const EXTS: &[&str] = &["sqlite", "sqlite3", "db", "db3"];

/// Quotes an identifier for SQLite: `a"b` → `"a""b"` (the one quoting,
/// shared with the table database).
pub use crate::tabular::quote_ident;

/// The refresh SQL of a table or view.
pub fn refresh_sql(table: &str) -> String {
    format!("SELECT * FROM {}", quote_ident(table))
}

/// Opens a database read-only, never creating or modifying it.
pub fn open_read_only(path: &Path) -> Result<Connection, rusqlite::Error> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    conn.busy_timeout(std::time::Duration::from_secs(3))?;
    Ok(conn)
}

impl Loader for SqliteLoader {
    fn name(&self) -> &'static str {
        "sqlite"
    }
    fn accepts(&self, path: &Path, head: &[u8]) -> bool {
        head.starts_with(SQLITE_MAGIC) || ext_of(path).is_some_and(|e| EXTS.contains(&e.as_str()))
    }
    fn load(&self, path: &Path, bytes: &[u8], file_hash: &str, ctx: &LoadContext) -> Result<Loaded, LoadError> {
        let p = path.to_path_buf();
        if bytes.is_empty() {
            return Err(LoadError::Empty { path: p });
        }
        if !bytes.starts_with(SQLITE_MAGIC) {
            return Err(LoadError::Corrupt { path: p, format: "SQLite", reason: "file is not a database (no SQLite header)".into() });
        }
        let sql_err = |e: rusqlite::Error| LoadError::Sqlite { path: path.to_path_buf(), reason: e.to_string() };
        let conn = open_read_only(path).map_err(sql_err)?;
        let mut stmt = conn
            .prepare("SELECT type, name, sql FROM sqlite_schema WHERE type IN ('table','view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
            .map_err(sql_err)?;
        let entries: Vec<(String, String, Option<String>)> = stmt
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
            .map_err(sql_err)?
            .collect::<Result<_, _>>()
            .map_err(sql_err)?;
        drop(stmt);
        if entries.len() > ctx.limits.max_sqlite_tables {
            return Err(LoadError::TooLarge {
                path: p,
                what: format!("{} tables and views", entries.len()),
                limit: format!("{} per database", ctx.limits.max_sqlite_tables),
            });
        }
        // Shadow tables of virtual tables (fts5, rtree) are internals.
        let virtual_names: Vec<String> = entries
            .iter()
            .filter(|(_, _, sql)| sql.as_deref().is_some_and(|s| s.trim_start().to_ascii_uppercase().starts_with("CREATE VIRTUAL")))
            .map(|(_, n, _)| n.clone())
            .collect();
        let mut objects = Vec::new();
        let mut warnings = Vec::new();
        let mut rows = 0;
        for (kind, name, sql) in entries {
            if virtual_names.iter().any(|v| name.len() > v.len() + 1 && name.starts_with(v.as_str()) && name.as_bytes()[v.len()] == b'_') {
                continue;
            }
            match snapshot(&conn, &name, sql.as_deref(), ctx.limits.sqlite_snapshot_rows) {
                Ok(t) => {
                    rows += t.data_rows().len();
                    let prov = Provenance {
                        file: path.display().to_string(),
                        file_hash: file_hash.to_string(),
                        locator: Locator::SqlTable { table: name.clone(), refresh_sql: refresh_sql(&name) },
                    };
                    objects.push(SourceObject::new(SourceKind::Dynamic, prov, Content::Table(t)));
                }
                Err(e) => warnings.push(format!("{kind} '{name}' skipped: {e}")),
            }
        }
        if objects.is_empty() && !warnings.is_empty() {
            return Err(LoadError::Sqlite { path: p, reason: warnings.join("; ") });
        }
        Ok(Loaded { objects, warnings, pages: 0, rows })
    }
}

/// Reads the first `limit` rows of a table or view into table contents.
pub fn snapshot(conn: &Connection, name: &str, schema: Option<&str>, limit: usize) -> Result<TableContent, rusqlite::Error> {
    let count: i64 = conn.query_row(&format!("SELECT count(*) FROM {}", quote_ident(name)), [], |r| r.get(0))?;
    let mut stmt = conn.prepare(&format!("{} LIMIT {}", refresh_sql(name), limit))?;
    let columns: Vec<String> = stmt.column_names().map(|s| s.to_string()).collect();
    let n = columns.len();
    let mut grid = vec![columns.iter().map(Cell::text).collect::<Vec<_>>()];
    let mut q = stmt.query([])?;
    while let Some(row) = q.next()? {
        let mut cells = Vec::with_capacity(n);
        for i in 0..n {
            cells.push(cell_from_sql(row.get_ref(i)?));
        }
        grid.push(cells);
    }
    let kept = grid.len() as i64 - 1;
    Ok(TableContent {
        caption: None,
        header_rows: 1,
        columns,
        grid,
        origin: (0, 0),
        truncated_from: (count > kept).then_some(count as u64),
        schema: schema.map(|s| s.to_string()),
        row_pages: None,
    })
}

/// A SQL value as a typed cell.
pub fn cell_from_sql(v: ValueRef<'_>) -> Cell {
    match v {
        ValueRef::Null => Cell::empty(),
        ValueRef::Integer(i) => Cell { value: CellValue::Number(i as f64), text: i.to_string(), format: None },
        ValueRef::Real(f) => Cell { value: CellValue::Number(f), text: super::sheet::format_number(f, None), format: None },
        ValueRef::Text(t) => {
            let s = String::from_utf8_lossy(t);
            let s = crate::text::truncate_chars(&s, 4000);
            if s.is_empty() {
                Cell::empty()
            } else {
                Cell { value: CellValue::Text(s.clone()), text: s, format: None }
            }
        }
        ValueRef::Blob(b) => {
            let s = format!("<blob {} bytes>", b.len());
            Cell { value: CellValue::Text(s.clone()), text: s, format: None }
        }
    }
}
