//! The deterministic policy's SQL writer: a `SELECT` over a SQLite table's
//! schema from the question's intent, the OmniRetrieval way. It lives with
//! the agent (it reads the intent); the sandbox it runs in is [`crate::sql`].

use crate::agent::intent::Intent;
use crate::loader::sqlite::quote_ident;
use crate::source::{CellValue, Locator, SourceObject};

fn like(term: &str) -> String {
    format!("'%{}%'", term.replace('\'', "''").replace(['%', '_'], ""))
}

/// The deterministic policy's query for a SQLite table object: the rows
/// whose text columns mention a question term, restricted to the question's
/// years where the table has a year column; every column is returned so the
/// answer step can match headers. `None` when the object is not a SQLite
/// table or no column or value relates to the question. No `LIMIT`: a cut
/// here would be silent; the sandbox's row cap ([`crate::sql::SqlLimits`])
/// is the only one, and the action reports it ("result cut at N rows").
pub fn plan_query(intent: &Intent, obj: &SourceObject) -> Option<String> {
    let Locator::SqlTable { table, .. } = &obj.provenance.locator else { return None };
    let t = obj.as_table()?;
    let data = t.data_rows();
    let is_text = |c: usize| data.iter().any(|r| matches!(r.get(c).map(|x| &x.value), Some(CellValue::Text(_))));
    let text_cols: Vec<usize> = (0..t.columns.len()).filter(|&c| is_text(c)).collect();
    let year_col = (0..t.columns.len()).find(|&c| {
        let name = t.columns[c].to_lowercase();
        name == "year" || name == "fiscal_year" || name == "fy" || name.ends_with("_year")
    });
    let col_names: Vec<String> = t.columns.iter().map(|c| c.to_lowercase()).collect();
    let mut conds = Vec::new();
    let terms: Vec<&String> = intent.terms.iter().filter(|term| !col_names.iter().any(|c| c.contains(term.as_str()))).collect();
    let mut term_conds = Vec::new();
    for term in &terms {
        for &c in &text_cols {
            term_conds.push(format!("{} LIKE {}", quote_ident(&t.columns[c]), like(term)));
        }
    }
    if !term_conds.is_empty() {
        conds.push(format!("({})", term_conds.join(" OR ")));
    }
    if let (Some(c), false) = (year_col, intent.years.is_empty()) {
        let ys: Vec<String> = intent.years.iter().map(|y| y.to_string()).collect();
        conds.push(format!("CAST({} AS TEXT) IN ({})", quote_ident(&t.columns[c]), ys.iter().map(|y| format!("'{y}'")).collect::<Vec<_>>().join(", ")));
    }
    let names_a_column = intent.terms.iter().any(|term| col_names.iter().any(|c| c.contains(term.as_str())));
    if conds.is_empty() && !names_a_column {
        return None;
    }
    let mut q = format!("SELECT * FROM {}", quote_ident(table));
    if !conds.is_empty() {
        q.push_str(" WHERE ");
        q.push_str(&conds.join(" AND "));
    }
    Some(q)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::intent::{IntentParser, RuleIntentParser};
    use crate::source::{Content, Provenance, SourceKind};
    use crate::sql::SqlLimits;

    /// Eighty rows mention the term: all eighty are read, none cut.
    #[test]
    fn the_rows_a_term_finds_are_read_whole_and_a_cut_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("driving.db");
        let conn = rusqlite::Connection::open(&file).unwrap();
        conn.execute_batch("CREATE TABLE labels (year INTEGER, side TEXT, miles REAL)").unwrap();
        for y in 0..100 {
            conn.execute("INSERT INTO labels VALUES (?1, ?2, ?3)", rusqlite::params![1900 + y, if y < 80 { "left" } else { "right" }, 1000.0 + y as f64]).unwrap();
        }
        drop(conn);
        let ro = crate::loader::sqlite::open_read_only(&file).unwrap();
        let content = crate::loader::sqlite::snapshot(&ro, "labels", None, 1000).unwrap();
        let prov = Provenance { file: file.display().to_string(), file_hash: "h".into(), locator: Locator::SqlTable { table: "labels".into(), refresh_sql: "SELECT * FROM labels".into() } };
        let obj = SourceObject::new(SourceKind::Dynamic, prov, Content::Table(content));
        let intent = RuleIntentParser.parse("which years had left labels?").unwrap();
        let q = plan_query(&intent, &obj).expect("a query");
        let action = crate::action::RetrievalAction::Sql { source: obj.id.clone(), query: q.clone() };
        let rows = |r: &crate::agent::ActionResult| r.evidence.iter().filter(|e| e.header == "side").count();
        let all = crate::agent::extract::execute(&action, &obj, &SqlLimits::default());
        assert_eq!((rows(&all), all.error.as_deref()), (80, None), "{q}");
        // Under a smaller cap the cut is said, not hidden.
        let capped = crate::agent::extract::execute(&action, &obj, &SqlLimits { max_rows: 30, ..SqlLimits::default() });
        assert_eq!((rows(&capped), capped.error.as_deref()), (30, Some("result cut at 30 rows")));
    }
}
