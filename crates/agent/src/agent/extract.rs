//! Extraction with typed retrieval actions (AU-RAG §4.3 step 4).
//!
//! An [`ExtractionPolicy`] decides *which* sentences, cells or SQL to ask
//! for; [`execute`] carries the action out. Policies only ever produce
//! [`RetrievalAction`] values and our code executes them against the
//! objects selection chose, so neither a model nor a hostile document can
//! reach anything else. [`RulePolicy`] is the deterministic policy: cells
//! by matching the intent to row labels and column headers (with the
//! operand cells an operation needs), sentences by weighted term overlap.

use serde::Serialize;

use super::catalog::Catalog;
use super::intent::{AnswerType, Intent, Operation};
use super::matching::{sentence_score, TableView, Weighted};
use super::AgentError;
use crate::action::{Coord, EvidenceKey, RetrievalAction, Selection};
use crate::guide::GuideSource;
use crate::agent::reader::table_scale;
use crate::source::{Locator, SourceObject};
use crate::sql::{SqlError, SqlLimits};

/// One retrieved piece of evidence with what the answer step needs to read
/// and cite it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Evidence {
    pub source_id: String,
    pub file: String,
    /// The atomic unit (sentence or cell); `None` for SQL result rows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<EvidenceKey>,
    /// Where to look: `Sheet1!B4`, `sentence 3 (page 2)`, `SQL row 1`.
    pub locator: String,
    /// The sentence, the cell as displayed, or the row as `col: value; ...`.
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<f64>,
    /// Row label of a cell.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub label: String,
    /// Column header of a cell.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub header: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub year: Option<u16>,
    /// "million", "thousand" ... from the table's header, if any.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub scale: String,
}

/// An executed action and what it retrieved.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ActionResult {
    pub action: RetrievalAction,
    pub evidence: Vec<Evidence>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// What a policy plans from.
pub struct ExtractInput<'a> {
    pub question: &'a str,
    pub intent: &'a Intent,
    pub objects: &'a [&'a SourceObject],
    pub catalog: &'a dyn Catalog,
    /// Sources of the retrieved guides, as few-shot examples.
    pub examples: &'a [&'a GuideSource],
}

/// The extraction-policy stage.
pub trait ExtractionPolicy: Send + Sync {
    fn id(&self) -> String;
    fn plan(&self, input: &ExtractInput) -> Result<Vec<RetrievalAction>, AgentError>;
}

/// Runs one action against its object. Coordinates outside the object
/// select nothing; SQL runs in the read-only sandbox of [`crate::sql`].
pub fn execute(action: &RetrievalAction, obj: &SourceObject, limits: &SqlLimits) -> ActionResult {
    let mut evidence = Vec::new();
    let mut error = None;
    match action {
        RetrievalAction::SelectSentenceIdxs { .. } | RetrievalAction::SelectCoordinates { .. } => {
            for key in action.evidence_keys(obj) {
                if let Some(e) = evidence_of(obj, &key) {
                    evidence.push(e);
                }
            }
        }
        RetrievalAction::Sql { query, .. } => match sql_source(obj).and_then(|db| crate::sql::run_readonly(&db, query, limits)) {
            Ok(rows) => {
                // One evidence record per returned value: the row's text
                // values are its label, the column name its header.
                let year_col = rows.columns.iter().position(|c| c.eq_ignore_ascii_case("year") || c.to_lowercase().ends_with("_year"));
                for (i, row) in rows.rows.iter().enumerate() {
                    let label = row.iter().filter(|v| crate::text::parse_number(v).is_none() && !v.is_empty()).cloned().collect::<Vec<_>>().join(" / ");
                    // The row's period: its year column, else the latest year
                    // in its date-like values ("Dec 28, 2019").
                    let year = year_col
                        .and_then(|c| row.get(c))
                        .and_then(|v| crate::text::years(v).first().copied())
                        .or_else(|| row.iter().filter(|v| crate::text::parse_number(v).is_none()).flat_map(|v| crate::text::years(v)).max());
                    for (c, v) in row.iter().enumerate() {
                        if v.is_empty() || Some(c) == year_col {
                            continue;
                        }
                        evidence.push(Evidence {
                            source_id: obj.id.clone(),
                            file: obj.provenance.file.clone(),
                            key: None,
                            locator: format!("SQL row {}, column {}: {query}", i + 1, rows.columns[c]),
                            text: v.clone(),
                            value: crate::text::parse_number(v).map(|x| x.0),
                            label: label.clone(),
                            header: rows.columns[c].clone(),
                            year,
                            scale: String::new(),
                        });
                    }
                }
                if rows.truncated {
                    error = Some(format!("result cut at {} rows", limits.max_rows));
                }
            }
            Err(e) => error = Some(e.to_string()),
        },
    }
    ActionResult { action: action.clone(), evidence, error }
}

/// The database file of a SQLite table object.
fn sql_source(obj: &SourceObject) -> Result<std::path::PathBuf, SqlError> {
    match &obj.provenance.locator {
        Locator::SqlTable { .. } => Ok(std::path::PathBuf::from(&obj.provenance.file)),
        _ => Err(SqlError::NotSql { object: obj.id.clone() }),
    }
}

/// The evidence record of one sentence or cell of `obj`.
pub fn evidence_of(obj: &SourceObject, key: &EvidenceKey) -> Option<Evidence> {
    match key {
        EvidenceKey::Sentence { idx, .. } => {
            let s = obj.as_text()?.sentences.get(*idx as usize)?;
            let locator = match (s.page, &obj.provenance.locator) {
                (Some(p), Locator::Slides { .. }) => format!("sentence {} (slide {p})", idx + 1),
                (Some(p), _) => format!("sentence {} (page {p})", idx + 1),
                (None, Locator::Paragraphs { .. }) if s.paragraph.is_some() => format!("sentence {} (paragraph {})", idx + 1, s.paragraph.unwrap_or_default()),
                (None, l @ Locator::Paragraphs { .. }) => format!("sentence {} ({l})", idx + 1),
                (None, _) => format!("sentence {}", idx + 1),
            };
            Some(Evidence {
                source_id: obj.id.clone(),
                file: obj.provenance.file.clone(),
                key: Some(key.clone()),
                locator,
                text: s.text.clone(),
                value: None,
                label: String::new(),
                header: String::new(),
                year: None,
                scale: String::new(),
            })
        }
        EvidenceKey::Cell { row, col, .. } => {
            let t = obj.as_table()?;
            let cell = t.cell(*row as usize, *col as usize)?;
            if cell.text.trim().is_empty() {
                return None;
            }
            let header = t.columns.get(*col as usize).cloned().unwrap_or_default();
            let sheet = match &obj.provenance.locator {
                Locator::SheetRange { sheet, .. } => format!("{sheet}!"),
                Locator::Pages { pages, .. } => format!("page {} table ", t.row_page(*row as usize).or(pages.first().copied()).unwrap_or(1)),
                _ => String::new(),
            };
            Some(Evidence {
                source_id: obj.id.clone(),
                file: obj.provenance.file.clone(),
                key: Some(key.clone()),
                locator: format!("{sheet}{}", t.a1(*row as usize, *col as usize)),
                text: cell.text.trim().to_string(),
                value: cell.value.as_f64(),
                label: t.row_label(*row as usize),
                year: crate::text::years(&header).last().copied(),
                header,
                scale: table_scale(t).to_string(),
            })
        }
    }
}

/// Gives cells of tables that declare no unit the unit their own document
/// declares next to them: annual reports often say "(in thousands)" in the
/// paragraph that introduces a table. Sentences that introduce a table
/// ("the following table", "as follows:") are preferred.
pub fn fill_scales(results: &mut [ActionResult], catalog: &dyn Catalog) {
    let mut memo: Vec<(String, &'static str)> = Vec::new();
    for e in results.iter_mut().flat_map(|r| r.evidence.iter_mut()) {
        if !e.scale.is_empty() || !matches!(e.key, Some(EvidenceKey::Cell { .. })) {
            continue;
        }
        if let Some((_, s)) = memo.iter().find(|(id, _)| *id == e.source_id) {
            e.scale = s.to_string();
            continue;
        }
        let mut best: Option<(u8, &'static str)> = None;
        for sib in catalog.siblings(&e.source_id) {
            let Some(t) = sib.as_text() else { continue };
            for s in &t.sentences {
                if let Some(unit) = crate::text::scale_phrase(&s.text) {
                    let low = s.text.to_lowercase();
                    let rank = if low.contains("table") || low.contains("follow") || low.contains("below") || low.trim_end().ends_with(':') { 0 } else { 1 };
                    if best.is_none_or(|b| rank < b.0) {
                        best = Some((rank, unit));
                    }
                }
            }
        }
        let unit = best.map(|b| b.1).unwrap_or("");
        memo.push((e.source_id.clone(), unit));
        e.scale = unit.to_string();
    }
}

/// Deterministic extraction policy.
#[derive(Debug, Clone)]
pub struct RulePolicy {
    /// A second sentence is taken when it scores at least this share of the best.
    pub second_sentence: f32,
}

impl Default for RulePolicy {
    fn default() -> Self {
        RulePolicy { second_sentence: 0.9 }
    }
}

/// The two parts of "A as a percentage of B" / "ratio of A to B".
fn part_whole(question: &str) -> Option<(String, String)> {
    let q = question.to_lowercase();
    for sep in [" as a percentage of ", " as a proportion of ", " as a percent of ", " of the total ", " in the total ", " of total ", " in total ", " to "] {
        if let Some((a, b)) = q.split_once(sep) {
            let b = if sep.contains("total") { format!("total {b}") } else { b.to_string() };
            return Some((a.to_string(), b));
        }
    }
    None
}

/// The items a question lists with "and" ("revenue from Apple and Huawei
/// in 2019" → Apple, Huawei): the words just before and just after the
/// "and", up to a break word.
fn listed_items(question: &str) -> Option<Vec<String>> {
    let q = question.trim_end_matches('?');
    let (left, right) = q.split_once(" and ")?;
    let stop = |w: &str| {
        let l = w.to_lowercase();
        !crate::text::years(&l).is_empty() || ["from", "of", "for", "in", "on", "at", "by", "the", "respective", "respectively", "between", "what", "were", "was", "are", "is"].contains(&l.as_str())
    };
    let mut a: Vec<&str> = left.split_whitespace().rev().take_while(|w| !stop(w)).collect();
    a.reverse();
    let b: Vec<&str> = right.split_whitespace().take_while(|w| !stop(w)).collect();
    let (a, b) = (a.join(" "), b.join(" "));
    let clean = |s: String| s.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    let (a, b) = (clean(a), clean(b));
    (!a.is_empty() && !b.is_empty()).then(|| vec![a, b])
}

/// Operand cells for an operation over one table, plus the best single cell.
fn table_cells(intent: &Intent, question: &str, catalog: &dyn Catalog, t: &crate::source::TableContent) -> Vec<Coord> {
    let view = TableView::new(t);
    let w = Weighted::new(intent, catalog);
    let rows: Vec<usize> = view.data_rows().collect();
    let numeric = |r: usize, c: usize| t.cell(r, c).and_then(|x| x.value.as_f64()).is_some();
    let year_cols = view.year_columns();
    // Columns for the question's years, in the order it names them.
    let named: Vec<usize> = intent.years.iter().filter_map(|y| year_cols.iter().find(|(_, cy)| cy == y).map(|(c, _)| *c)).collect();
    let best_row = |w: &Weighted, need: &[usize]| -> Option<usize> {
        rows.iter()
            .copied()
            .filter(|&r| need.iter().all(|&c| numeric(r, c)))
            .map(|r| (r, view.row_score(w, r)))
            .filter(|x| x.1 > 0.0)
            .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
            .map(|x| x.0)
    };
    let coord = |r: usize, c: usize| Coord { row: r as u32, col: c as u32 };
    let period_cols = || -> Vec<usize> {
        if named.len() >= 2 {
            return named.clone();
        }
        if let (Some(&c), 1) = (named.first(), named.len()) {
            // "change in X in 2019": 2019 against the year before it.
            let y = year_cols.iter().find(|(cc, _)| *cc == c).map(|x| x.1).unwrap_or(0);
            if let Some(prev) = year_cols.iter().filter(|(_, cy)| *cy < y).max_by_key(|x| x.1) {
                return vec![c, prev.0];
            }
        }
        year_cols.iter().take(2).map(|x| x.0).collect()
    };
    if intent.periods && !year_cols.is_empty() {
        // The header cell that names each period.
        let head = view.data_rows().start;
        return year_cols
            .iter()
            .map(|&(c, y)| {
                let r = (0..head).find(|&r| t.cell(r, c).is_some_and(|x| crate::text::years(&x.text).contains(&y))).unwrap_or(0);
                coord(r, c)
            })
            .collect();
    }
    if intent.multi && intent.operation.is_none() && intent.comparison.is_none() {
        // One value per named period, in the order named.
        if named.len() >= 2 {
            if let Some(r) = best_row(&w, &named) {
                return named.iter().map(|&c| coord(r, c)).collect();
            }
        }
        // One value per named item ("Apple and Huawei") in the period's column.
        if let Some(items) = listed_items(question) {
            let col = named.first().copied().or(year_cols.first().map(|x| x.0)).unwrap_or(1);
            let picked: Vec<usize> = items
                .iter()
                .filter_map(|item| {
                    let toks = crate::agent::matching::token_set(item);
                    rows.iter()
                        .copied()
                        .filter(|&r| numeric(r, col))
                        .map(|r| (r, toks.iter().filter(|t| view.labels[r].contains(*t)).count() as f32 / toks.len().max(1) as f32))
                        .filter(|x| x.1 >= 0.5)
                        .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
                        .map(|x| x.0)
                })
                .collect();
            if picked.len() == items.len() && picked.len() >= 2 {
                return picked.iter().map(|&r| coord(r, col)).collect();
            }
        }
    }
    if intent.comparison.is_some() && year_cols.len() >= 2 {
        let cols: Vec<usize> = year_cols.iter().map(|x| x.0).collect();
        if let Some(r) = best_row(&w, &cols[..2]) {
            return cols.iter().filter(|&&c| numeric(r, c)).map(|&c| coord(r, c)).collect();
        }
    }
    match intent.operation {
        Some(Operation::Difference | Operation::PercentChange | Operation::Average) | Some(Operation::Sum) if year_cols.len() >= 2 => {
            let cols = period_cols();
            if cols.len() >= 2 {
                if let Some(r) = best_row(&w, &cols) {
                    return cols.iter().map(|&c| coord(r, c)).collect();
                }
            }
        }
        Some(Operation::PercentOf | Operation::Ratio) => {
            if let Some((part, whole)) = part_whole(question) {
                let parser = super::intent::RuleIntentParser;
                let pi = super::intent::IntentParser::parse(&parser, &part).ok();
                let wi = super::intent::IntentParser::parse(&parser, &whole).ok();
                if let (Some(pi), Some(wi)) = (pi, wi) {
                    let (pw, ww) = (Weighted::new(&pi, catalog), Weighted::new(&wi, catalog));
                    let col = named.first().copied().or(year_cols.first().map(|x| x.0)).unwrap_or(1);
                    let pr = best_row(&pw, &[col]);
                    let wr = rows.iter().copied().filter(|&r| numeric(r, col) && Some(r) != pr).map(|r| (r, view.row_score(&ww, r))).filter(|x| x.1 > 0.0).max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0))).map(|x| x.0);
                    if let (Some(pr), Some(wr)) = (pr, wr) {
                        return vec![coord(pr, col), coord(wr, col)];
                    }
                }
            }
        }
        _ => {}
    }
    // (A year asked that heads none of a table's columns of years is no
    // other column's to answer: "the vote in Ohio in 1980" over columns
    // 1856 to 1976, some before the years `years` reads.)
    if !intent.years.is_empty() && named.is_empty() && year_cols.len() >= 2 {
        return Vec::new();
    }
    // One cell: the best row × the best column for the question's period.
    let Some(r) = rows.iter().copied().map(|r| (r, view.row_score(&w, r))).filter(|x| x.1 > 0.0).max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0))).map(|x| x.0) else {
        return Vec::new();
    };
    let want_number = !matches!(intent.answer_type, AnswerType::Span);
    // (A matrix names its rows as its columns, psych's `cities` of air
    // distances: the row's own column, its diagonal, is not what a question
    // naming the row and another column asks, "from ATL to SEA".)
    let own = &view.labels[r];
    let col = (1..t.grid[r].len())
        .filter(|&c| t.cell(r, c).is_some_and(|x| !x.text.trim().is_empty()))
        .map(|c| {
            let ys = &view.header_years[c.min(view.header_years.len().saturating_sub(1))];
            let year = if intent.years.is_empty() {
                0.0
            } else if ys.iter().any(|y| intent.years.contains(y)) {
                1.0
            } else if ys.is_empty() {
                0.0
            } else {
                -1.0
            };
            let head = match view.headers.get(c) {
                Some(header) if own.is_empty() || header != own => w.coverage(header),
                _ => 0.0,
            };
            let num = if want_number && numeric(r, c) { 0.1 } else { 0.0 };
            // Left-most wins ties: reports put the latest period first.
            (c, year + head + num - 0.001 * c as f32, year)
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        // (Not another period's cell where the question's year heads no
        // column of a table whose columns are periods: "the vote in Ohio
        // in 1980" over columns 1856 to 1976.)
        .filter(|x| x.2 >= 0.0)
        .map(|x| x.0);
    col.map(|c| vec![coord(r, c)]).unwrap_or_default()
}

impl ExtractionPolicy for RulePolicy {
    fn id(&self) -> String {
        "rules".into()
    }

    fn plan(&self, input: &ExtractInput) -> Result<Vec<RetrievalAction>, AgentError> {
        let w = Weighted::new(input.intent, input.catalog);
        let mut actions = Vec::new();
        for obj in input.objects {
            if let Some(t) = obj.as_table() {
                if obj.kind == crate::source::SourceKind::Dynamic {
                    if let Some(q) = crate::agent::sqlplan::plan_query(input.intent, obj) {
                        actions.push(RetrievalAction::Sql { source: obj.id.clone(), query: q });
                        continue;
                    }
                }
                let cells = table_cells(input.intent, input.question, input.catalog, t);
                if !cells.is_empty() {
                    actions.push(RetrievalAction::SelectCoordinates { source: obj.id.clone(), selection: Selection::Cells(cells) });
                }
            } else if let Some(t) = obj.as_text() {
                let mut scored: Vec<(u32, f32)> = t.sentences.iter().map(|s| (s.idx, sentence_score(&w, input.intent, &s.text))).filter(|x| x.1 > 0.0).collect();
                // Numeric questions prefer sentences that hold a number.
                if !matches!(input.intent.answer_type, AnswerType::Span) {
                    for (i, s) in scored.iter_mut() {
                        let text = &t.sentences[*i as usize].text;
                        if crate::text::numbers_in(text).iter().any(|n| !(1900.0..2100.0).contains(n)) {
                            *s += 0.1;
                        }
                    }
                }
                scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
                let Some(&(top, best)) = scored.first() else { continue };
                let mut idxs = vec![top];
                if let Some(&(second, s)) = scored.get(1) {
                    if s >= self.second_sentence * best {
                        idxs.push(second);
                    }
                }
                idxs.sort_unstable();
                actions.push(RetrievalAction::SelectSentenceIdxs { source: obj.id.clone(), idxs });
            }
        }
        Ok(actions)
    }
}
