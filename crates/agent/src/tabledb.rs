//! The query engine's table database: every table object (a sheet, a CSV, a
//! table found in a PDF, a SQLite snapshot) as one SQLite table, so any of
//! them can be asked with SQL.
//!
//! Each table is loaded from its [`TypedTable`]: a `_row` column with the
//! grid row the data row came from (so every result row cites its cells),
//! a `_total` flag for "Total" rows, then one column per table column under
//! its SQL name: `REAL` for number columns, ISO `TEXT` for dates, `TEXT`
//! otherwise; number and date columns keep the cell as shown in
//! `"<name>__raw"`. SQLite is the engine because it is already in the
//! product (the SQLite loader and the sandbox), runs in process, and every
//! statement can go through [`crate::sql::run_sandboxed`]: the SQL the
//! parser writes and the SQL a model writes get the same read-only rules.
//!
//! The database lives in memory, one per pool (the objects read at one
//! store version, see [`crate::agent::catalog::Pool`]), and a table is
//! loaded when a question first needs it (a 1,000-row table takes about a
//! millisecond). It cannot disagree with ingestion or removal: a new store
//! version is a new pool, and a static object's id changes with its
//! content. A SQLite table is read from its file, so it is loaded again
//! when the file's size or modification time changes (a refresh, or a
//! writer outside the app).

use std::collections::{HashMap, HashSet};

use rusqlite::{params_from_iter, Connection};

use crate::sql::{run_sandboxed, SqlError, SqlLimits, SqlRows};
use crate::tabular::{quote_ident, typed_table, ColumnKind, TypedTable};
use crate::source::SourceObject;

#[derive(Debug, thiserror::Error)]
pub enum TableDbError {
    #[error("cannot create the table database: {reason}")]
    Open { reason: String },
    #[error("cannot load table {table} (object {object}): {reason}")]
    Load { object: String, table: String, reason: String },
    #[error("source {object} is not a table")]
    NotTable { object: String },
    #[error(transparent)]
    Query(#[from] SqlError),
}

impl TableDbError {
    pub fn code(&self) -> &'static str {
        match self {
            TableDbError::Open { .. } => "tabledb_open",
            TableDbError::Load { .. } => "tabledb_load",
            TableDbError::NotTable { .. } => "tabledb_not_table",
            TableDbError::Query(e) => e.code(),
        }
    }
}

/// One loaded table: its SQL name, its typed view, the words its headers
/// and cells hold (tokenized once, at load, for the table step to tell
/// tables apart by the question's words), and its cells indexed for the
/// parser's links (also once, at load).
#[derive(Debug, Clone)]
pub struct LoadedTable {
    pub name: String,
    pub typed: TypedTable,
    pub words: HashSet<String>,
    /// Its distinct cells tokenized, for the table parser's links.
    pub index: std::sync::Arc<crate::tabular::CellIndex>,
    /// A pivoted twin ([`TableDb::pivot`]): the way back to the original's
    /// cells.
    pub pivot_back: Option<PivotBack>,
    /// The vector of the table's profile (its first rows read as
    /// sentences, `agent::tableqa::table_profile`) and the id of the
    /// embedder that made it: embedded once per load, not per question
    /// ([`TableDb::remember_profile`]).
    pub profile_vector: Option<(String, Vec<f32>)>,
}

/// How a pivoted table's cells map back to the original's (see
/// [`crate::tabular::Pivot`]): data row `r` (grid row `r + 1`) came from
/// original column `source_cols[r]`, column `c` from original grid row
/// `source_rows[c]`.
#[derive(Debug, Clone, PartialEq)]
pub struct PivotBack {
    pub source_cols: Vec<usize>,
    pub source_rows: Vec<usize>,
}

impl PivotBack {
    /// The original (grid row, column) of the pivot's cell at (`grid_row`,
    /// `col`).
    pub fn source_cell(&self, grid_row: usize, col: usize) -> Option<(usize, usize)> {
        Some((*self.source_rows.get(col)?, *self.source_cols.get(grid_row.checked_sub(1)?)?))
    }
}

/// The key of an object's pivoted twin.
pub fn pivot_key(object: &str) -> String {
    format!("{object}#pivot")
}

/// The most rows one table brings into the database (the loaders' own
/// per-table limit).
pub const MAX_ROWS: usize = 200_000;

/// The raw-text column kept beside a number or date column.
pub fn raw_column(sql_name: &str) -> String {
    format!("{sql_name}__raw")
}

/// An in-memory SQLite database of table objects, loaded on first use.
pub struct TableDb {
    conn: Connection,
    loaded: HashMap<String, LoadedTable>,
    /// Size and modification time of a SQLite object's file when it was loaded.
    stamps: HashMap<String, Option<(u64, std::time::SystemTime)>>,
    /// The joined tables loaded ([`TableDb::ensure_join_on`]), by their key
    /// (`join:<a>:<b>:<a's key column>`).
    joins: HashSet<String>,
    /// The keys each pair of tables shares ([`TableDb::join_keys_of`]).
    keys: HashMap<String, Vec<JoinKey>>,
}

/// How one table refers to another: a text column of the first (`a_col`)
/// whose values are the keys of a column of the second (`b_col`, every
/// value in it distinct), `matched` the share of the first column's
/// distinct values found there.
#[derive(Debug, Clone, PartialEq)]
pub struct JoinKey {
    pub a_col: usize,
    pub b_col: usize,
    pub matched: f64,
}

/// The share of a column's distinct values that another table's key
/// column must hold before the two tables are joined on them.
pub const JOIN_MIN_MATCH: f64 = 0.8;

fn key_text(s: &str) -> String {
    s.trim().to_lowercase()
}

/// The keys two tables share, best matched first: each text column of `a`
/// whose distinct values (two or more) are, for [`JOIN_MIN_MATCH`] of them,
/// values of a column of `b` in which every value is distinct, so each row
/// of `a` meets at most one row of `b` (with that column of `b` it matches
/// best). Number columns are never keys: ranks, years and counts coincide
/// between unrelated tables. A table may refer to another twice: a flight's
/// `origin` and `dest` are both airports.
pub fn join_keys(a: &TypedTable, b: &TypedTable) -> Vec<JoinKey> {
    let b_keys: Vec<(usize, HashSet<String>)> = (0..b.columns.len())
        .filter(|&c| b.columns[c].kind == ColumnKind::Text)
        .filter_map(|cb| {
            let vals: Vec<String> = b.rows.iter().filter(|r| !r.total).map(|r| key_text(&r.cells[cb].raw)).filter(|v| !v.is_empty()).collect();
            let keys: HashSet<String> = vals.iter().cloned().collect();
            (vals.len() >= 2 && keys.len() == vals.len()).then_some((cb, keys))
        })
        .collect();
    let mut out: Vec<JoinKey> = Vec::new();
    for ca in (0..a.columns.len()).filter(|&c| a.columns[c].kind == ColumnKind::Text) {
        let distinct: HashSet<String> = a.rows.iter().filter(|r| !r.total).map(|r| key_text(&r.cells[ca].raw)).filter(|v| !v.is_empty()).collect();
        if distinct.len() < 2 {
            continue;
        }
        let mut best: Option<JoinKey> = None;
        for (cb, keys) in &b_keys {
            let matched = distinct.iter().filter(|v| keys.contains(v.as_str())).count() as f64 / distinct.len() as f64;
            if matched >= JOIN_MIN_MATCH && best.as_ref().is_none_or(|k| matched > k.matched) {
                best = Some(JoinKey { a_col: ca, b_col: *cb, matched });
            }
        }
        out.extend(best);
    }
    out.sort_by(|x, y| y.matched.total_cmp(&x.matched).then(x.a_col.cmp(&y.a_col)));
    out
}

/// The best matched of [`join_keys`], if any.
pub fn join_key(a: &TypedTable, b: &TypedTable) -> Option<JoinKey> {
    join_keys(a, b).into_iter().next()
}

/// A table's SQL name as a person reads it: without its id piece, spaces
/// for underscores ("airports" of `airports_tbl3f9c`).
pub fn readable_name(sql_name: &str) -> String {
    sql_name.rsplit_once('_').map_or(sql_name, |(base, _)| base).replace('_', " ")
}

/// The rows of `a`, each with the columns of the row of `b` its key meets
/// (empty where it meets none: a left join, so counts and sums over `a` do
/// not change). `b`'s key column is left out (it equals `a`'s); a column of
/// `b` named like one of `a` is named `"<b_label> <name>"`. Each row keeps
/// `a`'s grid row, so a result row cites `a`'s cells.
pub fn join_tables(a: &TypedTable, b: &TypedTable, key: &JoinKey, b_label: &str) -> TypedTable {
    let mut columns = a.columns.clone();
    let taken = |name: &str, cols: &[crate::tabular::TypedColumn]| cols.iter().any(|c| c.name.eq_ignore_ascii_case(name) || c.sql_name.eq_ignore_ascii_case(name));
    let b_cols: Vec<usize> = (0..b.columns.len()).filter(|&c| c != key.b_col).collect();
    for &c in &b_cols {
        let mut col = b.columns[c].clone();
        if taken(&col.name, &columns) {
            col.name = format!("{b_label} {}", col.name);
            col.sql_name = col.name.clone();
        }
        let mut n = 2;
        while taken(&col.sql_name, &columns) {
            col.sql_name = format!("{} {n}", col.name);
            n += 1;
        }
        columns.push(col);
    }
    let by_key: HashMap<String, &crate::tabular::TypedRow> = b.rows.iter().filter(|r| !r.total).map(|r| (key_text(&r.cells[key.b_col].raw), r)).collect();
    let rows = a
        .rows
        .iter()
        .map(|r| {
            let met = by_key.get(&key_text(&r.cells[key.a_col].raw));
            let mut cells = r.cells.clone();
            cells.extend(b_cols.iter().map(|&c| met.map(|m| m.cells[c].clone()).unwrap_or_default()));
            crate::tabular::TypedRow { grid_row: r.grid_row, cells, total: r.total }
        })
        .collect();
    TypedTable { columns, rows, caption: None, memo: Default::default() }
}

fn file_stamp(obj: &SourceObject) -> Option<(u64, std::time::SystemTime)> {
    match &obj.provenance.locator {
        crate::source::Locator::SqlTable { .. } => std::fs::metadata(&obj.provenance.file).ok().and_then(|m| Some((m.len(), m.modified().ok()?))),
        _ => None,
    }
}

impl TableDb {
    pub fn in_memory() -> Result<TableDb, TableDbError> {
        let conn = Connection::open_in_memory().map_err(|e| TableDbError::Open { reason: e.to_string() })?;
        // A double-quoted name that is no column is an error, not the string
        // SQLite's legacy rule would make of it (`ORDER BY "HP"` ordering by
        // a constant and answering anyway).
        for c in [rusqlite::config::DbConfig::SQLITE_DBCONFIG_DQS_DML, rusqlite::config::DbConfig::SQLITE_DBCONFIG_DQS_DDL] {
            conn.set_db_config(c, false).map_err(|e| TableDbError::Open { reason: e.to_string() })?;
        }
        Ok(TableDb { conn, loaded: HashMap::new(), stamps: HashMap::new(), joins: HashSet::new(), keys: HashMap::new() })
    }

    /// The SQL table name for an object: readable (its sheet, table or file
    /// name) and unique (a short piece of its id).
    pub fn table_name(obj: &SourceObject) -> String {
        let base = match &obj.provenance.locator {
            crate::source::Locator::SqlTable { table, .. } => table.clone(),
            crate::source::Locator::SheetRange { sheet, .. } => sheet.clone(),
            _ => std::path::Path::new(&obj.provenance.file).file_stem().and_then(|s| s.to_str()).unwrap_or("table").to_string(),
        };
        let base: String = base.chars().map(|c| if c.is_alphanumeric() { c } else { '_' }).collect();
        let short: String = obj.id.chars().filter(|c| c.is_ascii_alphanumeric()).take(8).collect();
        format!("{}_{}", base.trim_matches('_'), short)
    }

    /// Loads (once, or again when a SQLite object's file changed) and
    /// returns the table for `obj`.
    pub fn ensure(&mut self, obj: &SourceObject) -> Result<&LoadedTable, TableDbError> {
        let stamp = file_stamp(obj);
        if !self.loaded.contains_key(&obj.id) || self.stamps.get(&obj.id) != Some(&stamp) {
            let t = obj.as_table().ok_or_else(|| TableDbError::NotTable { object: obj.id.clone() })?;
            let name = Self::table_name(obj);
            // A SQLite object holds a snapshot of its first rows; aggregates
            // need every row, so the whole table is read (read-only) from its file.
            let full;
            let t = match (&obj.provenance.locator, t.truncated_from) {
                (crate::source::Locator::SqlTable { table, .. }, Some(_)) => {
                    let err = |e: rusqlite::Error| TableDbError::Load { object: obj.id.clone(), table: table.clone(), reason: e.to_string() };
                    let conn = crate::loader::sqlite::open_read_only(std::path::Path::new(&obj.provenance.file)).map_err(err)?;
                    full = crate::loader::sqlite::snapshot(&conn, table, t.schema.as_deref(), MAX_ROWS).map_err(err)?;
                    &full
                }
                _ => t,
            };
            let typed = typed_table(t);
            self.load(&obj.id, &name, typed)?;
            // A table with periods across gets its twin read the other way
            // round (replaced or dropped with each load of the original).
            let twin = pivot_key(&obj.id);
            self.unload(&twin);
            if let Some(p) = crate::tabular::pivot_periods(t) {
                self.load(&twin, &format!("{name}_pivot"), typed_table(&p.content))?;
                if let Some(l) = self.loaded.get_mut(&twin) {
                    l.pivot_back = Some(PivotBack { source_cols: p.source_cols, source_rows: p.source_rows });
                }
            }
            self.stamps.insert(obj.id.clone(), stamp);
        }
        Ok(&self.loaded[&obj.id])
    }

    /// The keys `a` shares with `b` ([`join_keys`]), computed once per load
    /// of either.
    pub fn join_keys_of(&mut self, a: &SourceObject, b: &SourceObject) -> Result<Vec<JoinKey>, TableDbError> {
        self.ensure(a)?;
        self.ensure(b)?;
        let key = format!("keys:{}:{}", a.id, b.id);
        if let Some(known) = self.keys.get(&key) {
            return Ok(known.clone());
        }
        let keys = join_keys(&self.loaded[&a.id].typed, &self.loaded[&b.id].typed);
        self.keys.insert(key, keys.clone());
        Ok(keys)
    }

    /// `a` joined with `b` on `k` (one of their [`join_keys`]), loaded once
    /// under the key this returns. A join is made again when either table
    /// is loaded again.
    pub fn ensure_join_on(&mut self, a: &SourceObject, b: &SourceObject, k: &JoinKey) -> Result<(String, JoinKey), TableDbError> {
        self.ensure(a)?;
        self.ensure(b)?;
        let key = format!("join:{}:{}:{}", a.id, b.id, k.a_col);
        if self.joins.contains(&key) && self.loaded.contains_key(&key) {
            return Ok((key, k.clone()));
        }
        let (ta, tb) = (&self.loaded[&a.id], &self.loaded[&b.id]);
        let label = readable_name(&tb.name);
        let joined = join_tables(&ta.typed, &tb.typed, k, &label);
        let name = format!("{}__{}__{}", ta.name, tb.name, k.a_col);
        self.load(&key, &name, joined)?;
        self.joins.insert(key.clone());
        Ok((key, k.clone()))
    }

    /// Loads a typed table under `name`, replacing any table of that name.
    pub fn load(&mut self, key: &str, name: &str, typed: TypedTable) -> Result<(), TableDbError> {
        // Joins made from an earlier load of this table are stale.
        let made_from = |cached: &str| cached.split(':').skip(1).any(|id| id == key);
        self.keys.retain(|k, _| !made_from(k));
        let stale: Vec<String> = self.joins.iter().filter(|j| made_from(j)).cloned().collect();
        for j in stale {
            self.joins.remove(&j);
            self.unload(&j);
        }
        let err = |e: rusqlite::Error| TableDbError::Load { object: key.to_string(), table: name.to_string(), reason: e.to_string() };
        let mut cols = vec!["\"_row\" INTEGER".to_string(), "\"_total\" INTEGER".to_string()];
        for c in &typed.columns {
            match c.kind {
                ColumnKind::Number => {
                    cols.push(format!("{} REAL", quote_ident(&c.sql_name)));
                    cols.push(format!("{} TEXT", quote_ident(&raw_column(&c.sql_name))));
                }
                ColumnKind::Date => {
                    cols.push(format!("{} TEXT", quote_ident(&c.sql_name)));
                    cols.push(format!("{} TEXT", quote_ident(&raw_column(&c.sql_name))));
                }
                ColumnKind::Text => cols.push(format!("{} TEXT", quote_ident(&c.sql_name))),
            }
        }
        let tx = self.conn.transaction().map_err(err)?;
        tx.execute_batch(&format!("DROP TABLE IF EXISTS {q}; CREATE TABLE {q} ({});", cols.join(", "), q = quote_ident(name))).map_err(err)?;
        {
            let marks = vec!["?"; cols.len()].join(",");
            let mut stmt = tx.prepare(&format!("INSERT INTO {} VALUES ({marks})", quote_ident(name))).map_err(err)?;
            for row in &typed.rows {
                let mut vals: Vec<rusqlite::types::Value> = vec![(row.grid_row as i64).into(), (row.total as i64).into()];
                for (c, col) in typed.columns.iter().enumerate() {
                    let cell = &row.cells[c];
                    let raw = if cell.raw.is_empty() { rusqlite::types::Value::Null } else { cell.raw.clone().into() };
                    match col.kind {
                        ColumnKind::Number => {
                            vals.push(cell.num.map(Into::into).unwrap_or(rusqlite::types::Value::Null));
                            vals.push(raw);
                        }
                        ColumnKind::Date => {
                            vals.push(cell.date.clone().map(Into::into).unwrap_or(rusqlite::types::Value::Null));
                            vals.push(raw);
                        }
                        ColumnKind::Text => vals.push(raw),
                    }
                }
                stmt.execute(params_from_iter(vals)).map_err(err)?;
            }
        }
        tx.commit().map_err(err)?;
        // (A name in camel case by its words too: "UrbanPop" holds "urban".)
        let camel: Vec<String> = typed.columns.iter().map(|c| crate::text::split_camel_case(&c.name)).filter(|s| s.contains(' ')).collect();
        let words = typed.columns.iter().map(|c| c.name.as_str()).chain(camel.iter().map(String::as_str)).chain(typed.rows.iter().flat_map(|r| r.cells.iter().map(|c| c.raw.as_str()))).flat_map(crate::text::tokenize).flat_map(|t| { let plain = crate::text::without_thousands(&t); std::iter::once(t).chain(plain) }).collect();
        let index = std::sync::Arc::new(crate::tabular::CellIndex::build(&typed));
        self.loaded.insert(key.to_string(), LoadedTable { name: name.to_string(), typed, words, index, pivot_back: None, profile_vector: None });
        Ok(())
    }

    /// Forgets one loaded table and drops its SQL table (a stale join, an
    /// old pivoted twin).
    fn unload(&mut self, key: &str) {
        if let Some(t) = self.loaded.remove(key) {
            let _ = self.conn.execute_batch(&format!("DROP TABLE IF EXISTS {}", quote_ident(&t.name)));
        }
    }

    pub fn get(&self, key: &str) -> Option<&LoadedTable> {
        self.loaded.get(key)
    }

    /// Keeps a loaded table's profile vector ([`LoadedTable::profile_vector`])
    /// until the table loads again.
    pub fn remember_profile(&mut self, key: &str, embedder: String, vector: Vec<f32>) {
        if let Some(l) = self.loaded.get_mut(key) {
            l.profile_vector = Some((embedder, vector));
        }
    }

    /// The pivoted twin of a loaded object, when its periods run across
    /// ([`crate::tabular::pivot_periods`]).
    pub fn pivot(&self, object: &str) -> Option<&LoadedTable> {
        self.loaded.get(&pivot_key(object))
    }

    /// Runs one read-only statement under the sandbox's rules.
    pub fn query(&mut self, sql: &str, limits: &SqlLimits) -> Result<SqlRows, TableDbError> {
        Ok(run_sandboxed(&mut self.conn, sql, limits)?)
    }

    /// Drops every table (objects were removed or replaced).
    pub fn clear(&mut self) {
        for t in self.loaded.values() {
            let _ = self.conn.execute_batch(&format!("DROP TABLE IF EXISTS {}", quote_ident(&t.name)));
        }
        self.loaded.clear();
        self.stamps.clear();
        self.joins.clear();
        self.keys.clear();
    }

    pub fn len(&self) -> usize {
        self.loaded.len()
    }

    pub fn is_empty(&self) -> bool {
        self.loaded.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{Cell, TableContent};
    use crate::text::cell_from_text;

    fn content(rows: &[&[&str]]) -> TableContent {
        let grid: Vec<Vec<Cell>> = rows.iter().map(|r| r.iter().map(|t| cell_from_text(t)).collect()).collect();
        TableContent { caption: None, header_rows: 1, columns: rows[0].iter().map(|s| s.to_string()).collect(), grid, origin: (0, 0), truncated_from: None, schema: None, row_pages: None }
    }

    #[test]
    fn typed_values_raw_text_and_grid_rows_are_queryable() {
        let mut db = TableDb::in_memory().unwrap();
        let t = typed_table(&content(&[&["City", "Passengers"], &["Los Angeles", "14,819"], &["Saskatoon", "2,352"], &["Total", "17,171"]]));
        db.load("x", "airports", t).unwrap();
        let lim = SqlLimits::default();
        let r = db.query("SELECT SUM(\"Passengers\") FROM airports WHERE NOT _total", &lim).unwrap();
        assert_eq!(r.rows[0][0], "17171");
        let r = db.query("SELECT _row, \"Passengers__raw\" FROM airports WHERE \"Passengers\" > 10000 AND NOT _total", &lim).unwrap();
        assert_eq!(r.rows, vec![vec!["1".to_string(), "14,819".to_string()]]);
        // The sandbox's rules hold on this connection too, and loading works after a refusal.
        assert!(matches!(db.query("DELETE FROM airports", &lim), Err(TableDbError::Query(SqlError::NotReadOnly { .. } | SqlError::Denied { .. }))));
        db.load("y", "other", typed_table(&content(&[&["a"], &["b"]]))).unwrap();
        assert_eq!(db.query("SELECT COUNT(*) FROM airports", &lim).unwrap().rows[0][0], "3");
    }

    #[test]
    fn tables_join_on_a_text_key_of_distinct_values_and_keep_every_row_of_the_first() {
        let orders = typed_table(&content(&[&["Order", "Customer", "Amount", "Rank"], &["A-1", "Acme", "120", "1"], &["A-2", "globex ", "80", "2"], &["A-3", "Acme", "40", "3"], &["A-4", "Nobody", "5", "4"], &["Total", "", "245", ""]]));
        let customers = typed_table(&content(&[&["Customer", "Region", "Rank"], &["Acme", "Europe", "1"], &["Globex", "Asia", "2"], &["Hooli", "Americas", "3"], &["Initech", "Europe", "4"]]));
        // Two of three customers found (case and spaces aside): 0.67 < 0.8.
        assert_eq!(join_key(&orders, &customers), None);
        let orders = typed_table(&content(&[&["Order", "Customer", "Amount", "Rank"], &["A-1", "Acme", "120", "1"], &["A-2", "globex ", "80", "2"], &["A-3", "Acme", "40", "3"], &["A-4", "Hooli", "5", "4"], &["Total", "", "245", ""]]));
        // The text key, never the numbers both tables have (Rank).
        let k = join_key(&orders, &customers).expect("a key");
        assert_eq!((k.a_col, k.b_col, k.matched), (1, 0, 1.0));
        // The other way round, an order's customer is no key (Acme twice).
        assert_eq!(join_key(&customers, &orders), None);
        let j = join_tables(&orders, &customers, &k, "customers");
        let names: Vec<&str> = j.columns.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Order", "Customer", "Amount", "Rank", "Region", "customers Rank"]);
        assert_eq!(j.rows.len(), orders.rows.len());
        assert_eq!(j.rows[1].cells[4].raw, "Asia");
        assert!(j.rows[4].total && j.rows[4].cells[4].raw.is_empty());
        let mut db = TableDb::in_memory().unwrap();
        db.load("j", "joined", j).unwrap();
        let lim = SqlLimits::default();
        let r = db.query("SELECT SUM(\"Amount\"), COUNT(*) FROM joined WHERE NOT _total AND \"Region\" = 'Europe'", &lim).unwrap();
        assert_eq!(r.rows[0], vec!["160".to_string(), "2".to_string()]);
    }

    #[test]
    fn a_table_that_refers_to_another_twice_has_a_key_for_each_side() {
        let flights = typed_table(&content(&[&["flight", "origin", "dest"], &["1", "JFK", "ORD"], &["2", "LGA", "DEN"], &["3", "JFK", "DEN"], &["4", "EWR", "ORD"]]));
        let airports = typed_table(&content(&[&["faa", "name"], &["JFK", "John F Kennedy Intl"], &["LGA", "La Guardia"], &["EWR", "Newark Liberty Intl"], &["ORD", "Chicago Ohare Intl"], &["DEN", "Denver Intl"]]));
        let keys = join_keys(&flights, &airports);
        assert_eq!(keys.iter().map(|k| (k.a_col, k.b_col)).collect::<Vec<_>>(), vec![(1, 0), (2, 0)]);
        assert_eq!(join_key(&flights, &airports), keys.first().cloned());
        let mut db = TableDb::in_memory().unwrap();
        let obj = |id: &str, rows: &[&[&str]]| {
            use crate::source::{Content, Locator, Provenance, SourceKind};
            let prov = Provenance { file: format!("{id}.csv"), file_hash: id.into(), locator: Locator::SheetRange { sheet: id.into(), range: "A1:C5".into() } };
            let mut o = SourceObject::new(SourceKind::Static, prov, Content::Table(content(rows)));
            o.id = id.into();
            o
        };
        let f = obj("flights", &[&["flight", "origin", "dest"], &["1", "JFK", "ORD"], &["2", "LGA", "DEN"], &["3", "JFK", "DEN"], &["4", "EWR", "ORD"]]);
        let a = obj("airports", &[&["faa", "name"], &["JFK", "John F Kennedy Intl"], &["LGA", "La Guardia"], &["EWR", "Newark Liberty Intl"], &["ORD", "Chicago Ohare Intl"], &["DEN", "Denver Intl"]]);
        assert_eq!(db.join_keys_of(&f, &a).unwrap().len(), 2);
        // Each side is its own joined table.
        let (by_dest, _) = db.ensure_join_on(&f, &a, &keys[1]).unwrap();
        let (by_origin, _) = db.ensure_join_on(&f, &a, &keys[0]).unwrap();
        assert_ne!(by_dest, by_origin);
        let lim = SqlLimits::default();
        let count = |db: &mut TableDb, key: &str| {
            let name = quote_ident(&db.get(key).unwrap().name);
            db.query(&format!("SELECT COUNT(*) FROM {name} WHERE \"name\" = 'Denver Intl'"), &lim).unwrap().rows[0][0].clone()
        };
        assert_eq!(count(&mut db, &by_dest), "2");
        assert_eq!(count(&mut db, &by_origin), "0");
    }

    #[test]
    fn a_sqlite_table_is_loaded_once_and_again_when_its_file_changes() {
        use crate::source::{Content, Locator, Provenance, SourceKind};
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("w.sqlite");
        std::fs::write(&file, b"first").unwrap();
        let obj = |rows: &[&[&str]]| {
            let prov = Provenance { file: file.display().to_string(), file_hash: "h".into(), locator: Locator::SqlTable { table: "w".into(), refresh_sql: "SELECT * FROM w".into() } };
            let mut o = SourceObject::new(SourceKind::Dynamic, prov, Content::Table(content(rows)));
            o.id = "tbl_w".into();
            o
        };
        let mut db = TableDb::in_memory().unwrap();
        let lim = SqlLimits::default();
        let name = db.ensure(&obj(&[&["n"], &["1"]])).unwrap().name.clone();
        // Same file: the loaded table is reused even if the object says otherwise.
        db.ensure(&obj(&[&["n"], &["1"], &["2"]])).unwrap();
        assert_eq!(db.query(&format!("SELECT COUNT(*) FROM {}", quote_ident(&name)), &lim).unwrap().rows[0][0], "1");
        // The file changed (a refresh re-read it): loaded again.
        std::fs::write(&file, b"second, longer").unwrap();
        db.ensure(&obj(&[&["n"], &["1"], &["2"]])).unwrap();
        assert_eq!(db.query(&format!("SELECT COUNT(*) FROM {}", quote_ident(&name)), &lim).unwrap().rows[0][0], "2");
    }
}
