//! Text-to-SQL with a language model: the table step's second writer,
//! beside the deterministic parser ([`super::tableqa`]).
//!
//! The prompt holds the table as SQLite sees it (`CREATE TABLE` with the
//! columns' names and types), three of its rows, and the cells of text
//! columns that share words with the question (value linking), then the
//! question. Decoding is constrained by [`crate::llm::sql_grammar`] over
//! that table's names and cells, so the model can write only columns and
//! values that exist. The statement runs in the sandbox
//! ([`crate::tabledb::TableDb::query`]); on an error or an empty result the
//! model is asked again, shown what happened, up to [`MAX_ATTEMPTS`] times.
//!
//! The answer is cited the way the parser's is: the statement is rewritten
//! to list the `_row`s it used ([`rows_statement`]): the rows of a cell
//! answer, every row an aggregate ran over, the group an argmax chose; a
//! cell answer is read back from those rows as the cell shows it. The
//! trace keeps the prompt and every attempt ([`SqlWriting`]).

use serde::Serialize;

use super::tableqa::{PlanKind, PlanResult, QueryPlan, TableQuery};
use crate::llm::sql_grammar::SqlGrammar;
use crate::llm::{GenOptions, LanguageModel, Message};
use crate::sql::SqlLimits;
use crate::tabledb::{LoadedTable, TableDb};
use crate::tabular::{quote_ident, ColumnKind};

/// How many statements the model may write for one question.
pub const MAX_ATTEMPTS: usize = 2;
/// The longest statement, in tokens.
pub const MAX_SQL_TOKENS: usize = 120;
/// The fewest rows of the table shown in the prompt.
pub const EXAMPLE_ROWS: usize = 3;

/// How many characters of rows the prompt shows (about 500 tokens: most
/// WTQ tables fit whole), past [`EXAMPLE_ROWS`].
pub const ROWS_CHARS: usize = 1_600;
/// Linked cell values shown in the prompt.
pub const LINKED_VALUES: usize = 12;

/// One statement the model wrote and what running it gave.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SqlAttempt {
    pub sql: String,
    /// SQLite's error, when it failed.
    pub error: Option<String>,
    /// Result rows (before any cap).
    pub rows: usize,
    pub ms: f64,
}

/// The model's part of a table step, as the trace shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SqlWriting {
    pub model: String,
    /// The table asked.
    pub source: String,
    pub prompt: String,
    pub attempts: Vec<SqlAttempt>,
    /// Whether the model's answer is the parser's, when both gave one.
    pub agrees_with_parser: Option<bool>,
    /// Which answer the table step kept: `model`, `parser` or `none`.
    pub kept: String,
}

/// The instructions, with two worked examples of the style asked for
/// (quoted names, values as the cells write them, the answer first).
const SYSTEM: &str = "You write SQLite queries. Given a table and a question, reply with one SELECT statement over that table whose first column is the answer, and nothing else. Write column names exactly as given, in double quotes, and text values exactly as they appear in the table. REAL columns hold numbers; compare them with numbers.

Example table: CREATE TABLE \"t\" (\"Player\" TEXT, \"Team\" TEXT, \"Goals\" REAL);
Question: who scored the most goals for Boston?
SELECT \"Player\" FROM \"t\" WHERE \"Team\" = 'Boston' ORDER BY \"Goals\" DESC LIMIT 1;
Question: how many players scored more than 10 goals?
SELECT COUNT(*) FROM \"t\" WHERE \"Goals\" > 10;";

fn kind_name(k: ColumnKind) -> &'static str {
    match k {
        ColumnKind::Number => "REAL",
        ColumnKind::Date => "TEXT",
        ColumnKind::Text => "TEXT",
    }
}

/// The prompt's table: `CREATE TABLE`, example rows, linked values.
pub fn describe_table(t: &LoadedTable, question: &str) -> String {
    let mut s = format!("CREATE TABLE {} (\n", quote_ident(&t.name));
    let cols = &t.typed.columns;
    for (i, c) in cols.iter().enumerate() {
        let comma = if i + 1 < cols.len() { "," } else { "" };
        let note = match (c.kind, &c.unit) {
            (ColumnKind::Date, _) => " -- ISO date".to_string(),
            (ColumnKind::Number, Some(u)) => format!(" -- in {u}"),
            _ => String::new(),
        };
        s.push_str(&format!("  {} {}{comma}{note}\n", quote_ident(&c.sql_name), kind_name(c.kind)));
    }
    s.push_str(");\n");
    // The rows as SQL sees them (numbers as numbers, dates as ISO text),
    // as many as fit in ROWS_CHARS and at least EXAMPLE_ROWS: a model
    // shown three rows filtered on their cells.
    let line = |r: &crate::tabular::TypedRow| -> String {
        r.cells
            .iter()
            .zip(cols)
            .map(|(c, col)| match col.kind {
                ColumnKind::Number => c.num.map(|v| if v.fract() == 0.0 && v.abs() < 1e15 { format!("{}", v as i64) } else { format!("{v}") }).unwrap_or_else(|| "NULL".into()),
                ColumnKind::Date => c.date.clone().unwrap_or_else(|| "NULL".into()),
                ColumnKind::Text => crate::text::truncate_chars(c.raw.trim(), 40),
            })
            .collect::<Vec<_>>()
            .join(" | ")
    };
    let mut lines: Vec<String> = Vec::new();
    let mut chars = 0;
    for r in &t.typed.rows {
        let l = line(r);
        chars += l.len() + 1;
        if chars > ROWS_CHARS && lines.len() >= EXAMPLE_ROWS {
            break;
        }
        lines.push(l);
    }
    if !lines.is_empty() {
        if lines.len() == t.typed.rows.len() {
            s.push_str(&format!("/* its {} rows:\n", lines.len()));
        } else {
            s.push_str(&format!("/* {} of its {} rows:\n", lines.len(), t.typed.rows.len()));
        }
        s.push_str(&cols.iter().map(|c| c.sql_name.as_str()).collect::<Vec<_>>().join(" | "));
        s.push('\n');
        for l in lines {
            s.push_str(&l);
            s.push('\n');
        }
        s.push_str("*/\n");
    }
    let linked = linked_values(t, question);
    if !linked.is_empty() {
        s.push_str("/* Values in the question's words:\n");
        for (col, v) in linked {
            s.push_str(&format!("{} = '{}'\n", quote_ident(&col), v.replace('\'', "''")));
        }
        s.push_str("*/\n");
    }
    s
}

/// Cells of text columns that share a content word with the question, the
/// most shared first.
pub fn linked_values(t: &LoadedTable, question: &str) -> Vec<(String, String)> {
    let q: std::collections::HashSet<String> = crate::text::tokenize(question).into_iter().filter(|w| w.len() > 1 && !crate::text::is_stopword(w)).collect();
    let mut found: Vec<(usize, String, String)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (ci, c) in t.typed.columns.iter().enumerate() {
        if c.kind != ColumnKind::Text {
            continue;
        }
        for r in &t.typed.rows {
            let Some(cell) = r.cells.get(ci) else { continue };
            let v = cell.raw.trim();
            if v.is_empty() || v.len() > 80 || !seen.insert((ci, v.to_string())) {
                continue;
            }
            let shared = crate::text::tokenize(v).into_iter().filter(|w| q.contains(w)).count();
            if shared > 0 {
                found.push((shared, c.sql_name.clone(), v.to_string()));
            }
        }
    }
    found.sort_by(|a, b| b.0.cmp(&a.0));
    found.into_iter().take(LINKED_VALUES).map(|f| (f.1, f.2)).collect()
}

/// The grammar over one loaded table: its name, its columns, the cells of
/// its text and date columns (and dates as ISO text).
pub fn grammar_for(t: &LoadedTable) -> SqlGrammar {
    let columns: Vec<String> = t.typed.columns.iter().map(|c| c.sql_name.clone()).collect();
    let mut values: Vec<String> = Vec::new();
    for (ci, c) in t.typed.columns.iter().enumerate() {
        if c.kind == ColumnKind::Number {
            continue;
        }
        for r in &t.typed.rows {
            if let Some(cell) = r.cells.get(ci) {
                values.push(cell.raw.clone());
                if let Some(d) = &cell.date {
                    values.push(d.clone());
                }
            }
        }
    }
    SqlGrammar::new(&[t.name.clone()], &columns, &values)
}

// ---------------------------------------------------------------- the statement's parts

/// A statement's top-level clauses, as byte ranges of the text.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Clauses {
    pub select: String,
    /// Everything after `FROM`.
    pub from_rest: String,
    pub where_: Option<String>,
    pub group_by: Option<String>,
}

/// Splits a SELECT at its top-level keywords (outside quotes and
/// parentheses).
pub fn clauses(sql: &str) -> Option<Clauses> {
    let s = sql.trim().trim_end_matches(';').trim();
    let b = s.as_bytes();
    let mut marks: Vec<(&'static str, usize, usize)> = Vec::new();
    let (mut depth, mut quote) = (0i32, 0u8);
    let word_at = |i: usize| -> usize {
        let mut j = i;
        while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
            j += 1;
        }
        j
    };
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if quote != 0 {
            if c == quote {
                quote = 0;
            }
            i += 1;
            continue;
        }
        match c {
            b'\'' | b'"' => quote = c,
            b'(' => depth += 1,
            b')' => depth -= 1,
            _ if c.is_ascii_alphabetic() && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) => {
                let end = word_at(i);
                let w = s[i..end].to_ascii_lowercase();
                let mut mark = |tag: &'static str, end: usize| {
                    if depth == 0 && !marks.iter().any(|m| m.0 == tag) {
                        marks.push((tag, i, end));
                    }
                };
                match w.as_str() {
                    "from" => mark("from", end),
                    "where" => mark("where", end),
                    "having" => mark("having", end),
                    "limit" => mark("limit", end),
                    "group" | "order" => {
                        let mut j = end;
                        while j < b.len() && b[j].is_ascii_whitespace() {
                            j += 1;
                        }
                        let e2 = word_at(j);
                        if s[j..e2].eq_ignore_ascii_case("by") {
                            mark(if w == "group" { "group" } else { "order" }, e2);
                        }
                    }
                    _ => {}
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    if !s[..6.min(s.len())].eq_ignore_ascii_case("select") {
        return None;
    }
    let from = marks.iter().find(|m| m.0 == "from")?;
    let part = |tag: &str| -> Option<String> {
        let m = marks.iter().find(|m| m.0 == tag)?;
        let end = marks.iter().filter(|x| x.1 > m.1).map(|x| x.1).min().unwrap_or(s.len());
        Some(s[m.2..end].trim().to_string())
    };
    Some(Clauses { select: s[6..from.1].trim().to_string(), from_rest: s[from.2..].trim().to_string(), where_: part("where"), group_by: part("group") })
}

const AGGREGATES: &[&str] = &["count(", "sum(", "avg(", "min(", "max(", "total("];

fn has_aggregate(select: &str) -> bool {
    let l = select.to_ascii_lowercase().replace(' ', "");
    AGGREGATES.iter().any(|a| l.contains(a))
}

/// The statement that lists the `_row`s behind `sql`'s answer over `table`:
/// its own rows for a cell answer (same filter, order and limit), the
/// filtered rows for an aggregate, the chosen groups' rows for a group-by.
pub fn rows_statement(sql: &str, table: &str) -> Option<String> {
    let c = clauses(sql)?;
    let t = quote_ident(table);
    let filter = c.where_.clone().unwrap_or_else(|| "1".into());
    Some(match &c.group_by {
        Some(g) if !g.contains(',') => {
            let groups_rest = c.from_rest.clone();
            format!("SELECT _row FROM {t} WHERE ({filter}) AND ({g}) IN (SELECT {g} FROM {groups_rest}) ORDER BY _row")
        }
        Some(_) => format!("SELECT _row FROM {t} WHERE {filter} ORDER BY _row"),
        None if has_aggregate(&c.select) => format!("SELECT _row FROM {t} WHERE {filter} ORDER BY _row"),
        None => {
format!("SELECT _row FROM {}", c.from_rest)
        }
    })
}

/// The plan kind a statement's shape says.
pub fn kind_of(sql: &str) -> PlanKind {
    let Some(c) = clauses(sql) else { return PlanKind::Lookup };
    let sel = c.select.to_ascii_lowercase().replace(' ', "");
    let rest = c.from_rest.to_ascii_lowercase();
    if c.group_by.is_some() {
        return if rest.contains("asc") && !rest.contains("desc") { PlanKind::GroupArgMin } else { PlanKind::GroupArgMax };
    }
    if sel.starts_with("count(distinct") {
        return PlanKind::CountDistinct;
    }
    // One aggregate call and nothing after it ("MAX(x) - MIN(x)" is not a max).
    let single_call = |p: &str| {
        let mut depth = 0;
        for (i, c) in sel.char_indices().skip(p.len() - 1) {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return i + 1 == sel.len() || sel[i + 1..].starts_with("as");
                    }
                }
                _ => {}
            }
        }
        false
    };
    for (p, k) in [("count(", PlanKind::Count), ("sum(", PlanKind::Sum), ("total(", PlanKind::Sum), ("avg(", PlanKind::Average), ("max(", PlanKind::Max), ("min(", PlanKind::Min)] {
        if sel.starts_with(p) && single_call(p) {
            return k;
        }
    }
    if has_aggregate(&sel) {
        // "MAX(x) - MIN(x)", "SUM(a) - SUM(b)".
        return PlanKind::Difference;
    }
    if rest.contains("order by") && rest.contains("limit") {
        return if rest.contains("desc") { PlanKind::ArgMax } else { PlanKind::ArgMin };
    }
    PlanKind::Lookup
}

/// The column a bare first select item names ("`"Team"`", `Team`), by
/// its display name.
fn first_column(select: &str, t: &LoadedTable) -> Option<usize> {
    let first = select.trim();
    let first = first.strip_prefix("DISTINCT").or_else(|| first.strip_prefix("distinct")).unwrap_or(first).trim();
    let item = first.split(',').next()?.trim();
    let name = item.strip_prefix('"').and_then(|x| x.strip_suffix('"')).map(|x| x.replace("\"\"", "\"")).unwrap_or_else(|| item.to_string());
    t.typed.columns.iter().position(|c| c.sql_name == name || (!item.starts_with('"') && c.sql_name.eq_ignore_ascii_case(&name)))
}

/// The column an aggregate runs over (`SUM("Points")`).
fn measure_column(select: &str, t: &LoadedTable) -> Option<usize> {
    let open = select.find('(')?;
    let inner = select[open + 1..].split(')').next()?.trim();
    let inner = inner.strip_prefix("DISTINCT ").unwrap_or(inner).trim();
    let name = inner.strip_prefix('"').and_then(|x| x.strip_suffix('"')).map(|x| x.replace("\"\"", "\"")).unwrap_or_else(|| inner.to_string());
    t.typed.columns.iter().position(|c| c.sql_name == name || c.sql_name.eq_ignore_ascii_case(&name))
}

// ---------------------------------------------------------------- writing and running

/// Runs a statement the model wrote over `table`: the answer values (cells
/// read back as shown, computed values tidied) and the rows behind them.
pub fn run_statement(db: &mut TableDb, key: &str, sql: &str, limits: &SqlLimits) -> Result<(QueryPlan, PlanResult), String> {
    let t = db.get(key).ok_or("the table is not loaded")?.clone();
    let res = db.query(sql, limits).map_err(|e| e.to_string())?;
    let kind = kind_of(sql);
    let c = clauses(sql).ok_or("not a SELECT with FROM")?;
    let answer_col = if kind.is_aggregate() || matches!(kind, PlanKind::Max | PlanKind::Min) { None } else { first_column(&c.select, &t) };
    let rows_sql = rows_statement(sql, &t.name).unwrap_or_default();
    let (rows, truncated) = match db.query(&rows_sql, limits) {
        Ok(r) => (r.rows.iter().filter_map(|r| r.first()?.parse::<u32>().ok()).collect::<Vec<u32>>(), r.truncated),
        Err(_) => (Vec::new(), false),
    };
    let mut values: Vec<String> = Vec::new();
    match answer_col {
        // A cell answer: the cells as shown, from the rows the statement returned.
        Some(ci) if c.group_by.is_none() && !rows.is_empty() && rows.len() == res.rows.len() => {
            for r in &rows {
                if let Some(row) = t.typed.rows.iter().find(|x| x.grid_row as u32 == *r) {
                    let v = row.cells[ci].raw.trim().to_string();
                    if !v.is_empty() && !values.contains(&v) {
                        values.push(v);
                    }
                }
            }
        }
        _ => {
            for r in &res.rows {
                if let Some(v) = r.first().filter(|v| !v.is_empty()) {
                    let v = super::tableqa::tidy_number(v);
                    if !values.contains(&v) {
                        values.push(v);
                    }
                }
            }
        }
    }
    let name = |i: Option<usize>| i.and_then(|i| t.typed.columns.get(i)).map(|c| c.name.clone());
    let plan = QueryPlan {
        kind,
        sql: sql.trim().to_string(),
        rows_sql,
        answer_column: name(answer_col),
        measure_column: name(measure_column(&c.select, &t)),
        compared_column: None,
        filters: Vec::new(),
        confidence: 0.0,
    };
    let row_count = rows.len() as u64;
    Ok((plan, PlanResult { values, rows, rows_truncated: truncated, row_count }))
}

/// Asks `model` for a statement over the object's table, runs it, and asks
/// again (shown the error or the empty result) up to [`MAX_ATTEMPTS`]
/// times. The query, when one gave rows, and the writing for the trace.
pub fn write_and_run(model: &dyn LanguageModel, question: &str, obj: &crate::source::SourceObject, db: &mut TableDb, limits: &SqlLimits) -> (Option<TableQuery>, SqlWriting) {
    let mut writing = SqlWriting { model: model.id(), source: obj.id.clone(), prompt: String::new(), attempts: Vec::new(), agrees_with_parser: None, kept: "none".into() };
    let Ok(t) = db.ensure(obj).cloned() else { return (None, writing) };
    let grammar = std::sync::Arc::new(grammar_for(&t));
    let table_text = describe_table(&t, question);
    writing.prompt = format!("{table_text}\nQuestion: {question}");
    let mut messages = vec![Message::system(SYSTEM), Message::user(writing.prompt.clone())];
    let opts = GenOptions { max_tokens: MAX_SQL_TOKENS, sql: Some(grammar), ..Default::default() };
    let report_layout = super::tableqa::is_report_layout(&t.typed);
    let mut last: Option<TableQuery> = None;
    for _ in 0..MAX_ATTEMPTS {
        let started = std::time::Instant::now();
        let sql = match model.chat(&messages, &opts, &mut |_| {}) {
            Ok(g) => g.text.trim().to_string(),
            Err(e) => {
                writing.attempts.push(SqlAttempt { sql: String::new(), error: Some(e.to_string()), rows: 0, ms: started.elapsed().as_secs_f64() * 1e3 });
                break;
            }
        };
        let outcome = run_statement(db, &obj.id, &sql, limits);
        let ms = started.elapsed().as_secs_f64() * 1e3;
        let feedback = match outcome {
            Ok((plan, mut result)) => {
                writing.attempts.push(SqlAttempt { sql: sql.clone(), error: None, rows: result.values.len(), ms });
                // A test the statement computed (`"Gold" > 10` is 0 or 1)
                // answers a yes/no question as "yes" or "no".
                if asks_yes_no(question) && (result.values == ["1"] || result.values == ["0"]) {
                    result.values = vec![if result.values[0] == "1" { "yes" } else { "no" }.to_string()];
                }
                let empty = result.values.is_empty();
                last = Some(TableQuery { source: obj.id.clone(), table: t.name.clone(), plan, result, report_layout, model: Some(model.id()), join: None, pivoted: false, relaxed: None, subject: None });
                if !empty {
                    break;
                }
                "The query returned no rows. The values may be written differently in the table, or the condition may be too strict. Write a corrected query.".to_string()
            }
            Err(e) => {
                writing.attempts.push(SqlAttempt { sql: sql.clone(), error: Some(e.clone()), rows: 0, ms });
                format!("SQLite said: {}. Write a corrected query.", crate::text::truncate_chars(&e, 200))
            }
        };
        messages.push(Message::assistant(sql));
        messages.push(Message::user(feedback));
    }
    (last, writing)
}

/// A question that asks yes or no ("did the united states win above 10
/// medals?", "Is Nara before Firenze?").
pub fn asks_yes_no(question: &str) -> bool {
    const AUX: &[&str] = &["is", "was", "are", "were", "did", "does", "do", "has", "have", "had", "can", "could", "will", "would"];
    let q = question.trim_start().to_lowercase();
    let first = q.split(|c: char| !c.is_alphanumeric()).next().unwrap_or("");
    // "is … or …?" asks which one, not yes or no.
    AUX.contains(&first) && !q.contains(" or ")
}

/// The parser's confidence from which its plan stands over a model's
/// statement that answers differently.
pub const PARSER_OVER_MODEL: f32 = 0.5;

/// The table step's answer when both the parser and the model wrote one:
/// the same values, either; different ones, the parser's when its links
/// explain the question well ([`PARSER_OVER_MODEL`]), the model's
/// otherwise; only one with values, that one. Notes the agreement and the
/// choice in `writing`.
pub fn combine(parser: Option<TableQuery>, model: Option<TableQuery>, writing: &mut SqlWriting) -> Option<TableQuery> {
    let has = |q: &Option<TableQuery>| q.as_ref().is_some_and(|q| !q.result.values.is_empty());
    let norm = |q: &TableQuery| {
        let mut v: Vec<String> = q.result.values.iter().map(|x| x.trim().to_lowercase()).collect();
        v.sort();
        v
    };
    let keep_parser = match (has(&parser), has(&model)) {
        (true, true) => {
            let (p, m) = (parser.as_ref().expect("has values"), model.as_ref().expect("has values"));
            let same = norm(p) == norm(m);
            writing.agrees_with_parser = Some(same);
            same || p.plan.confidence >= PARSER_OVER_MODEL
        }
        (true, false) => true,
        (false, true) => false,
        // Neither found anything: the parser's empty plan says "a filter
        // matched nothing" as well as the model's.
        (false, false) => parser.is_some(),
    };
    writing.kept = match (keep_parser, keep_parser && parser.is_some() || !keep_parser && model.is_some()) {
        (_, false) => "none",
        (true, true) => "parser",
        (false, true) => "model",
    }
    .into();
    if keep_parser {
        parser
    } else {
        model
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_statement_splits_at_its_top_level_clauses() {
        let c = clauses("SELECT \"Team\", COUNT(*) FROM t WHERE \"Year\" > 2000 AND \"Note\" = 'from where' GROUP BY \"Team\" ORDER BY COUNT(*) DESC LIMIT 1;").unwrap();
        assert_eq!(c.select, "\"Team\", COUNT(*)");
        assert_eq!(c.where_.as_deref(), Some("\"Year\" > 2000 AND \"Note\" = 'from where'"));
        assert_eq!(c.group_by.as_deref(), Some("\"Team\""));
        assert_eq!(c.from_rest, "t WHERE \"Year\" > 2000 AND \"Note\" = 'from where' GROUP BY \"Team\" ORDER BY COUNT(*) DESC LIMIT 1");
        // A subquery's FROM is not the statement's.
        let c = clauses("select max(x) from (select a as x from t) where x > 1").unwrap();
        assert_eq!(c.select, "max(x)");
        assert_eq!(c.where_.as_deref(), Some("x > 1"));
        assert!(clauses("DELETE FROM t").is_none());
    }

    fn answer(values: &[&str], confidence: f32, model: bool) -> Option<TableQuery> {
        let plan = QueryPlan { kind: PlanKind::Lookup, sql: String::new(), rows_sql: String::new(), answer_column: None, measure_column: None, compared_column: None, filters: Vec::new(), confidence };
        let result = PlanResult { values: values.iter().map(|v| v.to_string()).collect(), rows: vec![1], rows_truncated: false, row_count: 1 };
        Some(TableQuery { source: "s".into(), table: "t".into(), plan, result, report_layout: false, model: model.then(|| "m".to_string()), join: None, pivoted: false, relaxed: None, subject: None })
    }

    fn writing() -> SqlWriting {
        SqlWriting { model: "m".into(), source: "s".into(), prompt: String::new(), attempts: Vec::new(), agrees_with_parser: None, kept: String::new() }
    }

    #[test]
    fn the_parser_stands_when_sure_and_the_model_answers_otherwise() {
        let mut w = writing();
        // Different answers: a sure parser stands, an unsure one gives way.
        assert!(combine(answer(&["Boston"], 0.8, false), answer(&["Chicago"], 0.0, true), &mut w).unwrap().model.is_none());
        assert_eq!((w.kept.as_str(), w.agrees_with_parser), ("parser", Some(false)));
        let mut w = writing();
        assert!(combine(answer(&["Boston"], 0.3, false), answer(&["Chicago"], 0.0, true), &mut w).unwrap().model.is_some());
        assert_eq!(w.kept, "model");
        // The same answer (in any case and order) agrees.
        let mut w = writing();
        combine(answer(&["A", "b"], 0.3, false), answer(&["B", "a"], 0.0, true), &mut w);
        assert_eq!((w.kept.as_str(), w.agrees_with_parser), ("parser", Some(true)));
        // Only one found rows: that one; neither: the parser's empty plan.
        let mut w = writing();
        assert!(combine(answer(&[], 0.9, false), answer(&["x"], 0.0, true), &mut w).unwrap().model.is_some());
        let mut w = writing();
        assert!(combine(None, None, &mut w).is_none());
        assert_eq!(w.kept, "none");
    }

    #[test]
    fn the_rows_statement_lists_the_rows_an_answer_used() {
        assert_eq!(rows_statement("SELECT COUNT(*) FROM \"t\" WHERE \"A\" = 'x';", "t").unwrap(), "SELECT _row FROM \"t\" WHERE \"A\" = 'x' ORDER BY _row");
        assert_eq!(rows_statement("SELECT \"B\" FROM \"t\" ORDER BY \"C\" DESC LIMIT 1", "t").unwrap(), "SELECT _row FROM \"t\" ORDER BY \"C\" DESC LIMIT 1");
        assert_eq!(
            rows_statement("SELECT \"A\" FROM \"t\" GROUP BY \"A\" ORDER BY COUNT(*) DESC LIMIT 1", "t").unwrap(),
            "SELECT _row FROM \"t\" WHERE (1) AND (\"A\") IN (SELECT \"A\" FROM \"t\" GROUP BY \"A\" ORDER BY COUNT(*) DESC LIMIT 1) ORDER BY _row"
        );
        assert_eq!(kind_of("SELECT COUNT(*) FROM t"), PlanKind::Count);
        assert_eq!(kind_of("SELECT \"A\" FROM t ORDER BY \"B\" DESC LIMIT 1"), PlanKind::ArgMax);
        assert_eq!(kind_of("SELECT MAX(\"B\") - MIN(\"B\") FROM t"), PlanKind::Difference);
        assert_eq!(kind_of("SELECT \"A\" FROM t WHERE \"B\" = 'x'"), PlanKind::Lookup);
    }

    fn loaded(rows: &[&[&str]]) -> LoadedTable {
        use crate::source::{Cell, TableContent};
        let grid: Vec<Vec<Cell>> = rows.iter().map(|r| r.iter().map(|t| crate::text::cell_from_text(t)).collect()).collect();
        let c = TableContent { caption: None, header_rows: 1, columns: rows[0].iter().map(|s| s.to_string()).collect(), grid, origin: (0, 0), truncated_from: None, schema: None, row_pages: None };
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        db.load("k", "races", crate::tabular::typed_table(&c)).unwrap();
        db.get("k").unwrap().clone()
    }

    #[test]
    fn a_test_the_model_computes_answers_a_yes_no_question() {
        use crate::source::{Cell, Content, Locator, Provenance, SourceKind, SourceObject, TableContent};
        let rows: &[&[&str]] = &[&["Nation", "Gold"], &["United States", "12"], &["Chile", "1"]];
        let grid: Vec<Vec<Cell>> = rows.iter().map(|r| r.iter().map(|t| crate::text::cell_from_text(t)).collect()).collect();
        let c = TableContent { caption: None, header_rows: 1, columns: rows[0].iter().map(|s| s.to_string()).collect(), grid, origin: (0, 0), truncated_from: None, schema: None, row_pages: None };
        let prov = Provenance { file: "medals.csv".into(), file_hash: "h".into(), locator: Locator::SheetRange { sheet: "medals".into(), range: "A1:B3".into() } };
        let mut obj = SourceObject::new(SourceKind::Static, prov, Content::Table(c));
        obj.id = "tbl_medals".into();
        let mut db = TableDb::in_memory().unwrap();
        let name = db.ensure(&obj).unwrap().name.clone();
        let ask = |q: &str, sql: String, db: &mut TableDb| {
            let model = crate::llm::ScriptedModel::new(vec![sql]);
            write_and_run(&model, q, &obj, db, &SqlLimits::default()).0.expect("an answer").result.values
        };
        assert_eq!(ask("did the united states win more than 10 gold?", format!("SELECT \"Gold\" > 10 FROM \"{name}\" WHERE \"Nation\" = 'United States';"), &mut db), ["yes"]);
        assert_eq!(ask("did chile win more than 10 gold?", format!("SELECT \"Gold\" > 10 FROM \"{name}\" WHERE \"Nation\" = 'Chile';"), &mut db), ["no"]);
        // A count is a count, whatever its value.
        assert_eq!(ask("how many nations won more than 10 gold?", format!("SELECT COUNT(*) FROM \"{name}\" WHERE \"Gold\" > 10;"), &mut db), ["1"]);
    }

    #[test]
    fn yes_no_questions_are_told_from_either_or_ones() {
        assert!(asks_yes_no("did the united states win above 10 medals?"));
        assert!(asks_yes_no("Is Nara listed before Firenze?"));
        assert!(!asks_yes_no("did italy or spain receive more silver medals?"));
        assert!(!asks_yes_no("how many medals did italy win?"));
        assert!(!asks_yes_no("island with the most people?"));
    }

    #[test]
    fn the_prompt_shows_the_rows_as_sql_sees_them_all_of_a_small_table() {
        let t = loaded(&[&["Date", "Place", "Points"], &["28 Nov 2009", "Aspen, USA", "1,200"], &["5 Dec 2009", "Lake Louise", "80"], &["12 Dec 2010", "Val d'Isère", "45.5"], &["19 Dec 2010", "Alta Badia", "12"]]);
        let p = describe_table(&t, "what was the place of the last race in december 2010?");
        // Every row, dates as the ISO text the column holds, numbers as numbers.
        assert!(p.contains("/* its 4 rows:"), "{p}");
        assert!(p.contains("2009-11-28 | Aspen, USA | 1200"), "{p}");
        assert!(p.contains("2010-12-12 | Val d'Isère | 45.5"), "{p}");
        // A long table: as many rows as fit, and at least three.
        let many: Vec<Vec<String>> = std::iter::once(vec!["Name".to_string(), "Notes".to_string()]).chain((0..200).map(|i| vec![format!("runner {i}"), "x".repeat(60)])).collect();
        let refs: Vec<Vec<&str>> = many.iter().map(|r| r.iter().map(String::as_str).collect()).collect();
        let rows: Vec<&[&str]> = refs.iter().map(Vec::as_slice).collect();
        let p = describe_table(&loaded(&rows), "who ran?");
        let shown = p.lines().filter(|l| l.starts_with("runner ")).count();
        assert!((EXAMPLE_ROWS..200).contains(&shown) && p.contains(&format!("/* {shown} of its 200 rows:")), "{shown}: {p}");
    }
}
