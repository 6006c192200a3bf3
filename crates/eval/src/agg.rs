//! Analyst questions over real public tables: counts, sums, averages,
//! extremes, group-by, top-N, time series and lookups, plus questions the
//! tables cannot answer, asked of one workspace that holds every table.
//!
//! The questions live in a JSONL file (`tests/data/vega_questions.jsonl`)
//! written by `scripts/make_agg_questions.py`, whose gold answers pandas
//! computed from the same files (the vega-datasets CSVs and an airports
//! SQLite database that `scripts/vega_data.sh` fetches); none is typed.
//! The files are ingested the way an analyst drops them in, through the
//! workspace (loaders, embedder, LanceDB store), and each question runs
//! through the whole agent: the table must be found first. An answer counts
//! when its value matches and, for the report's "cited" figure, when it
//! cites cells of the question's own file.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::workspace::Workspace;
use crate::EvalError;

/// What the question's answer is, as pandas computed it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Gold {
    /// A number; an integer must match exactly, a fraction to the second
    /// decimal (answers are shown rounded).
    Number { value: f64 },
    /// Any one of these texts (rows that tie for an argmax).
    OneOf { values: Vec<String> },
    /// Exactly these texts, in any order (a top-N).
    Set { values: Vec<String> },
    /// Nothing in the tables answers the question: "unknown" is right.
    Unknown,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct AggQuestion {
    pub id: String,
    /// The file (name within the data folder) whose table answers it.
    pub file: String,
    pub kind: String,
    pub question: String,
    pub gold: Gold,
}

/// Reads the questions file (one JSON object a line).
pub fn questions(path: &Path) -> Result<Vec<AggQuestion>, EvalError> {
    read_jsonl(path)
}

/// One JSON object a line (blank lines skipped); an error names the line.
pub fn read_jsonl<T: serde::de::DeserializeOwned>(path: &Path) -> Result<Vec<T>, EvalError> {
    let text = std::fs::read_to_string(path).map_err(|e| EvalError::Read { path: path.display().to_string(), reason: e.to_string() })?;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| serde_json::from_str(l).map_err(|e| EvalError::Format { path: format!("{}:{}", path.display(), n + 1), reason: e.to_string() }))
        .collect()
}

fn number_of(text: &str) -> Option<f64> {
    crate::tabular::leading_number(text.trim().trim_start_matches('$'))
}

fn same_text(gold: &str, pred: &str) -> bool {
    let (g, p) = (crate::wtq::normalize(gold), crate::wtq::normalize(pred));
    g == p || matches!((crate::tabular::parse_date(gold), crate::tabular::parse_date(pred)), (Some(a), Some(b)) if a == b)
}

/// Is `predicted` (the answer's spans; `None` for "unknown") right?
pub fn correct(gold: &Gold, predicted: Option<&[String]>) -> bool {
    match (gold, predicted) {
        (Gold::Unknown, None) => true,
        (Gold::Unknown, Some(_)) | (_, None) => false,
        (Gold::Number { value }, Some(p)) => {
            let [one] = p else { return false };
            let Some(x) = number_of(one) else { return false };
            if value.fract() == 0.0 {
                x == *value
            } else {
                // Two decimals shown are enough ("16.44" for 16.439083),
                // but not for a value that small: 0.005018 is not any
                // answer from 0 to 0.01, it must be shown to 1%.
                (x - value).abs() <= (0.0051_f64.min(0.01 * value.abs())).max(1e-4 * value.abs())
            }
        }
        // One of the tied values, or all of them (the table step answers
        // every row tied at the top).
        (Gold::OneOf { values }, Some(p)) => {
            matches!(p, [one] if values.iter().any(|g| same_text(g, one)))
                || (p.len() == values.len() && values.iter().all(|g| p.iter().any(|x| same_text(g, x))) && p.iter().all(|x| values.iter().any(|g| same_text(g, x))))
        }
        (Gold::Set { values }, Some(p)) => {
            p.len() == values.len() && values.iter().all(|g| p.iter().any(|x| same_text(g, x))) && p.iter().all(|x| values.iter().any(|g| same_text(g, x)))
        }
    }
}

/// One question's outcome.
#[derive(Debug, Clone, Serialize)]
pub struct AggRecord {
    pub id: String,
    pub question: String,
    pub file: String,
    pub kind: String,
    pub gold: Gold,
    /// The answer's spans; empty when the answer was "unknown".
    pub predicted: Vec<String>,
    pub unknown: bool,
    pub correct: bool,
    /// The answer cites cells, and every citation is in the question's file.
    pub cites_own_file: bool,
    pub citations: usize,
    /// The table step's plan and SQL when its answer was used.
    pub plan: Option<String>,
    pub sql: Option<String>,
    pub ms: f64,
}

/// Ingests the folder `data` into `ws` (the tables a question names and
/// the others, as distractors), and asks each question through `agent`.
pub async fn run(ws: &Workspace, agent: &crate::agent::Agent<'_>, data: &Path, qs: &[AggQuestion], progress: &(dyn Fn(usize, usize) + Sync)) -> Result<Vec<AggRecord>, EvalError> {
    if let Some(q) = qs.iter().find(|q| !data.join(&q.file).is_file()) {
        return Err(EvalError::Read { path: data.join(&q.file).display().to_string(), reason: format!("question {} names a file that is not in the folder", q.id) });
    }
    let paths = [data.to_path_buf()];
    let report = ws.ingest(&paths, &mut |_| {}).await?;
    if let Some(f) = report.failed.first() {
        return Err(EvalError::Read { path: f.file.clone(), reason: f.error.clone() });
    }
    let pool = ws.pool().await?;
    let mut out = Vec::with_capacity(qs.len());
    for (i, q) in qs.iter().enumerate() {
        let start = std::time::Instant::now();
        let run = ws.ask_in(&pool, agent, &q.question, None, std::time::Duration::from_secs(3600)).await?;
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let spans = (!run.answer.unknown).then(|| run.answer.predicted.spans.clone());
        let own = |file: &str| Path::new(file).file_name().and_then(|n| n.to_str()) == Some(q.file.as_str());
        let cites = &run.answer.citations;
        let used = run.trace.iter().find_map(|s| match &s.step {
            crate::agent::Step::TableQuery { query, used: true } => Some(query.clone()),
            _ => None,
        });
        out.push(AggRecord {
            id: q.id.clone(),
            question: q.question.clone(),
            file: q.file.clone(),
            kind: q.kind.clone(),
            correct: correct(&q.gold, spans.as_deref()),
            gold: q.gold.clone(),
            predicted: spans.clone().unwrap_or_default(),
            unknown: run.answer.unknown,
            cites_own_file: !cites.is_empty() && cites.iter().all(|c| own(&c.file)),
            citations: cites.len(),
            plan: used.as_ref().map(|u| u.plan.kind.as_str().to_string()).or_else(|| (!run.answer.unknown).then(|| "reader".to_string())),
            sql: used.map(|u| u.plan.sql),
            ms,
        });
        progress(i + 1, qs.len());
    }
    Ok(out)
}

/// Accuracy, citations, refusal and latency over a run.
#[derive(Debug, Clone, Serialize)]
pub struct AggReport {
    pub questions: usize,
    pub answerable: usize,
    /// Answerable questions answered right.
    pub correct: usize,
    /// ... and citing cells of their own file only.
    pub correct_and_cited: usize,
    /// kind -> (right, asked), answerable kinds only.
    pub by_kind: BTreeMap<String, (usize, usize)>,
    /// Precision and recall of "unknown" for the unanswerable questions.
    pub refusal_precision: f64,
    pub refusal_recall: f64,
    pub unanswerable: usize,
    pub p50_ms: f64,
    pub p95_ms: f64,
}

impl AggReport {
    pub fn from_records(records: &[AggRecord]) -> AggReport {
        let answerable: Vec<&AggRecord> = records.iter().filter(|r| r.gold != Gold::Unknown).collect();
        let mut by_kind: BTreeMap<String, (usize, usize)> = BTreeMap::new();
        for r in &answerable {
            let e = by_kind.entry(r.kind.clone()).or_default();
            e.0 += r.correct as usize;
            e.1 += 1;
        }
        let said_unknown = records.iter().filter(|r| r.unknown).count();
        let unanswerable = records.len() - answerable.len();
        let right_unknown = records.iter().filter(|r| r.unknown && r.gold == Gold::Unknown).count();
        let ms: Vec<f64> = records.iter().map(|r| r.ms).collect();
        AggReport {
            questions: records.len(),
            answerable: answerable.len(),
            correct: answerable.iter().filter(|r| r.correct).count(),
            correct_and_cited: answerable.iter().filter(|r| r.correct && r.cites_own_file).count(),
            by_kind,
            refusal_precision: if said_unknown == 0 { 0.0 } else { right_unknown as f64 / said_unknown as f64 },
            refusal_recall: if unanswerable == 0 { 0.0 } else { right_unknown as f64 / unanswerable as f64 },
            unanswerable,
            p50_ms: crate::metrics::quantile(&ms, 0.5),
            p95_ms: crate::metrics::quantile(&ms, 0.95),
        }
    }

    pub fn render(&self) -> String {
        let pct = |a: usize, b: usize| if b == 0 { 0.0 } else { 100.0 * a as f64 / b as f64 };
        let mut s = String::new();
        s.push_str(&format!("answerable questions      {:>4}   right {:>4} ({:.1}%)   right and citing their own file {:>4} ({:.1}%)\n", self.answerable, self.correct, pct(self.correct, self.answerable), self.correct_and_cited, pct(self.correct_and_cited, self.answerable)));
        for (k, (right, n)) in &self.by_kind {
            s.push_str(&format!("  {k:<16} {right:>3} / {n:<3} {:>5.1}%\n", pct(*right, *n)));
        }
        s.push_str(&format!("unanswerable questions    {:>4}   \"unknown\" precision {:.3}, recall {:.3}\n", self.unanswerable, self.refusal_precision, self.refusal_recall));
        s.push_str(&format!("latency per question      p50 {:.1} ms, p95 {:.1} ms\n", self.p50_ms, self.p95_ms));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn some(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn numbers_match_exactly_for_counts_and_to_the_shown_decimals_otherwise() {
        let count = Gold::Number { value: 23.0 };
        assert!(correct(&count, Some(&some(&["23"]))));
        assert!(!correct(&count, Some(&some(&["24"]))));
        assert!(!correct(&count, None));
        let mean = Gold::Number { value: 16.439083 };
        assert!(correct(&mean, Some(&some(&["16.44"]))));
        assert!(!correct(&mean, Some(&some(&["16.4"]))));
        assert!(correct(&Gold::Number { value: 1139.2 }, Some(&some(&["1,139.2"]))));
        // A small value is matched to 1% of itself, not to 0.0051.
        let small = Gold::Number { value: 0.005018 };
        assert!(correct(&small, Some(&some(&["0.00502"]))));
        assert!(!correct(&small, Some(&some(&["0.01"]))) && !correct(&small, Some(&some(&["0"]))));
        // One value, not a list that happens to start with it.
        assert!(!correct(&count, Some(&some(&["23", "7"]))));
    }

    #[test]
    fn texts_sets_dates_and_unknown() {
        let tie = Gold::OneOf { values: some(&["pontiac grand prix", "buick estate wagon (sw)"]) };
        assert!(correct(&tie, Some(&some(&["Pontiac Grand Prix"]))));
        assert!(!correct(&tie, Some(&some(&["ford pinto"]))));
        assert!(correct(&tie, Some(&some(&["Buick Estate Wagon (sw)", "pontiac grand prix"]))));
        assert!(!correct(&tie, Some(&some(&["pontiac grand prix", "ford pinto"]))));
        let date = Gold::OneOf { values: some(&["2015/03/15"]) };
        assert!(correct(&date, Some(&some(&["2015-03-15"]))));
        let top = Gold::Set { values: some(&["a", "b", "c"]) };
        assert!(correct(&top, Some(&some(&["c", "a", "b"]))));
        assert!(!correct(&top, Some(&some(&["a", "b"]))));
        assert!(correct(&Gold::Unknown, None));
        assert!(!correct(&Gold::Unknown, Some(&some(&["0"]))));
    }

    #[test]
    fn the_report_counts_refusals_against_the_unanswerable() {
        let rec = |gold: Gold, unknown: bool, correct: bool| AggRecord {
            id: String::new(),
            question: String::new(),
            file: "f.csv".into(),
            kind: if gold == Gold::Unknown { "unanswerable".into() } else { "count".into() },
            gold,
            predicted: Vec::new(),
            unknown,
            correct,
            cites_own_file: correct,
            citations: 0,
            plan: None,
            sql: None,
            ms: 1.0,
        };
        let r = AggReport::from_records(&[
            rec(Gold::Number { value: 1.0 }, false, true),
            rec(Gold::Number { value: 2.0 }, true, false),
            rec(Gold::Unknown, true, true),
            rec(Gold::Unknown, false, false),
        ]);
        assert_eq!((r.answerable, r.correct, r.unanswerable), (2, 1, 2));
        assert!((r.refusal_precision - 0.5).abs() < 1e-9 && (r.refusal_recall - 0.5).abs() < 1e-9);
        assert_eq!(r.by_kind["count"], (1, 2));
    }
}
