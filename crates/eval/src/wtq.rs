//! WikiTableQuestions (Pasupat & Liang 2015): real Wikipedia tables and
//! crowd-written questions, scored the way the benchmark's `evaluator.py`
//! scores them.
//!
//! The folder holds the training data only (`data/training.tsv` and the
//! tables under `csv/`). The upstream `random-split-1-dev` list is not in
//! it, and GitHub cannot be reached from here, so the development split is
//! our own and says so: every table whose FNV-1a hash of its path (with the
//! seed) falls in one fifth of the range is a dev table, and its questions
//! are the dev questions. Like the upstream random splits, it is
//! table-disjoint, so nothing is tuned on a dev question's table.
//!
//! Scoring follows `evaluator.py`: both sides are normalized (accents,
//! quotes and dashes, trailing citations and parentheses, outer quotes, a
//! final period, case, spaces); a value matches when the normalized strings
//! are equal or both read as the same number; a question with several
//! answers needs all of them and no others, in any order. The official
//! scorer reads gold numbers from CoreNLP's tags, which are not here: a
//! gold value counts as a number only when its whole text is one
//! ("12,467", "$5", "40%"), so "17 years" must be answered as written.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::source::{Cell, TableContent};
use crate::text::cell_from_text;
use crate::EvalError;

/// One question.
#[derive(Debug, Clone)]
pub struct WtqQuestion {
    pub id: String,
    pub question: String,
    /// Table path relative to the data folder (`csv/204-csv/590.csv`).
    pub table: String,
    pub answers: Vec<String>,
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut it = s.chars();
    while let Some(c) = it.next() {
        if c == '\\' {
            match it.next() {
                Some('n') => out.push('\n'),
                Some('p') => out.push('|'),
                Some('\\') => out.push('\\'),
                Some(o) => {
                    out.push('\\');
                    out.push(o);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Reads `data/training.tsv` under `dir`.
pub fn questions(dir: &Path) -> Result<Vec<WtqQuestion>, EvalError> {
    let path = dir.join("data/training.tsv");
    let text = std::fs::read_to_string(&path).map_err(|e| EvalError::Read { path: path.display().to_string(), reason: e.to_string() })?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if i == 0 || line.trim().is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 4 {
            return Err(EvalError::Format { path: path.display().to_string(), reason: format!("line {} has {} fields, not 4", i + 1, f.len()) });
        }
        let answers = f[3].split('|').map(unescape).collect();
        out.push(WtqQuestion { id: f[0].to_string(), question: unescape(f[1]), table: f[2].to_string(), answers });
    }
    Ok(out)
}

fn fnv(s: &str, seed: u64) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325 ^ seed.wrapping_mul(0x100000001b3);
    for b in s.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x100000001b3);
    }
    h
}

/// Is this table in the development split (one table in five)?
pub fn is_dev_table(table: &str, seed: u64) -> bool {
    fnv(table, seed) % 5 == 0
}

/// Reads one table: the first row is the header; fields use `\"` and `\\`
/// escapes and may hold line breaks.
pub fn read_table(dir: &Path, rel: &str) -> Result<TableContent, EvalError> {
    let path: PathBuf = dir.join(rel);
    let bytes = std::fs::read(&path).map_err(|e| EvalError::Read { path: path.display().to_string(), reason: e.to_string() })?;
    let mut rdr = csv::ReaderBuilder::new().has_headers(false).flexible(true).escape(Some(b'\\')).double_quote(false).from_reader(bytes.as_slice());
    let mut rows: Vec<Vec<String>> = Vec::new();
    for rec in rdr.records() {
        let rec = rec.map_err(|e| EvalError::Format { path: path.display().to_string(), reason: e.to_string() })?;
        rows.push(rec.iter().map(|f| f.replace("\\n", " ").replace('\n', " ")).collect());
    }
    let n_cols = rows.iter().map(Vec::len).max().unwrap_or(0);
    if rows.is_empty() || n_cols == 0 {
        return Err(EvalError::Format { path: path.display().to_string(), reason: "no rows".into() });
    }
    let grid: Vec<Vec<Cell>> = rows.iter().map(|r| (0..n_cols).map(|c| cell_from_text(r.get(c).map(String::as_str).unwrap_or(""))).collect()).collect();
    let columns = (0..n_cols).map(|c| rows[0].get(c).map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).unwrap_or_else(|| format!("col{}", c + 1))).collect();
    Ok(TableContent { caption: None, header_rows: 1, columns, grid, origin: (0, 0), truncated_from: None, schema: None, row_pages: None })
}

// ------------------------------------------------------------ scoring

/// `evaluator.py`'s `normalize`.
pub fn normalize(x: &str) -> String {
    // Case does not matter to any step below, and the result is lower-cased.
    let mut x: String = x
        .chars()
        .flat_map(char::to_lowercase)
        .map(crate::text::fold_accent)
        .map(|c| match c {
            '‘' | '’' | '´' | '`' => '\'',
            '“' | '”' => '"',
            '‐' | '‑' | '‒' | '–' | '—' | '−' => '-',
            o => o,
        })
        .collect();
    loop {
        let old = x.clone();
        // Trailing citations and marks.
        let mut t = x.trim().to_string();
        loop {
            let before = t.clone();
            if t.ends_with(']') {
                if let Some(at) = t.rfind('[') {
                    if at > 0 || t[1..t.len() - 1].chars().all(|c| c.is_ascii_digit()) {
                        t.truncate(at);
                    }
                }
            }
            while t.ends_with(['•', '♦', '†', '‡', '*', '#', '+']) {
                t.pop();
            }
            if t == before {
                break;
            }
        }
        // Trailing " (…)" details, not at the start.
        let mut t2 = t.trim().to_string();
        while t2.ends_with(')') {
            match t2.rfind(" (") {
                Some(at) if at > 0 => t2 = t2[..at].trim_end().to_string(),
                _ => break,
            }
        }
        let t3 = t2.trim();
        let t4 = if t3.len() >= 2 && t3.starts_with('"') && t3.ends_with('"') && !t3[1..t3.len() - 1].contains('"') { t3[1..t3.len() - 1].to_string() } else { t3.to_string() };
        x = t4;
        if x == old {
            break;
        }
    }
    if x.ends_with('.') {
        x.pop();
    }
    x.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// The number a whole value reads as: "12,467", "-3", "40%", "$5.5".
pub fn as_number(s: &str) -> Option<f64> {
    let t = s.trim().trim_start_matches(['$', '€', '£']).trim_end_matches('%').replace(',', "");
    let t = t.trim();
    if t.is_empty() || !t.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    t.parse::<f64>().ok().filter(|v| v.is_finite())
}

fn value_matches(gold: &str, pred: &str) -> bool {
    let (g, p) = (normalize(gold), normalize(pred));
    if g == p {
        return true;
    }
    match (as_number(&g), as_number(&p)) {
        (Some(a), Some(b)) => (a - b).abs() < 1e-6,
        _ => false,
    }
}

/// All gold values matched, and as many predicted as gold.
pub fn answers_match(gold: &[String], pred: &[String]) -> bool {
    if gold.len() != pred.len() || pred.is_empty() {
        return false;
    }
    let mut used = vec![false; pred.len()];
    gold.iter().all(|g| {
        if let Some(i) = (0..pred.len()).find(|&i| !used[i] && value_matches(g, &pred[i])) {
            used[i] = true;
            true
        } else {
            false
        }
    })
}

/// A question's kind by its surface form, for reporting only (the parser
/// never sees it): what an analyst would call the question.
pub fn question_kind(q: &str) -> &'static str {
    let l = format!(" {} ", q.to_lowercase());
    let has = |w: &str| l.contains(w);
    if has(" how many more ") || has(" how much more ") || has(" difference ") || has(" how many less ") || has(" how many fewer ") {
        "difference"
    } else if has(" or ") && (has(" which ") || has(" who ") || has(" what ")) {
        "either-or"
    } else if has(" how many ") || has(" number of ") {
        "count"
    } else if has(" total ") || has(" average ") || has(" combined ") || has(" sum ") {
        "sum/average"
    } else if ["most", "least", "highest", "lowest", "largest", "smallest", "fewest", "longest", "shortest", "best", "top", "greatest", "biggest", "worst"].iter().any(|w| has(&format!(" {w} "))) {
        "superlative"
    } else if has(" first ") || has(" last ") || has(" next ") || has(" after ") || has(" before ") || has(" previous ") || has(" above ") || has(" below ") {
        "order"
    } else if l.trim_start().starts_with("is ") || l.trim_start().starts_with("was ") || l.trim_start().starts_with("did ") || l.trim_start().starts_with("does ") || l.trim_start().starts_with("are ") || l.trim_start().starts_with("were ") {
        "yes/no"
    } else {
        "lookup"
    }
}

/// The questions of the development split (or all of them), in file order;
/// `limit` keeps a seeded sample.
pub fn dev_questions(all: &[WtqQuestion], split: &str, seed: u64, limit: Option<usize>) -> Vec<WtqQuestion> {
    let mut qs: Vec<WtqQuestion> = all
        .iter()
        .filter(|q| match split {
            "dev" => is_dev_table(&q.table, seed),
            "train" => !is_dev_table(&q.table, seed),
            _ => true,
        })
        .cloned()
        .collect();
    if let Some(n) = limit.filter(|&n| n < qs.len()) {
        qs.sort_by_key(|q| fnv(&q.id, seed ^ 0x5eed));
        qs.truncate(n);
        qs.sort_by_key(|q| q.id.trim_start_matches("nt-").parse::<u64>().unwrap_or(0));
    }
    qs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalization_follows_the_official_evaluator() {
        assert_eq!(normalize("  Bangkok, Thailand. "), "bangkok, thailand");
        assert_eq!(normalize("Kędzia (POL)[3]"), "kedzia");
        assert_eq!(normalize("\"Hello\""), "hello");
        assert_eq!(normalize("1994–95"), "1994-95");
        assert!(answers_match(&["12,467".into()], &["12467".into()]));
        assert!(answers_match(&["Chile".into(), "Ecuador".into()], &["ecuador".into(), "Chile".into()]));
        assert!(!answers_match(&["Chile".into(), "Ecuador".into()], &["Chile".into()]));
        assert!(!answers_match(&["17 years".into()], &["18".into()]));
        assert!(!answers_match(&["2".into()], &[]));
    }

    #[test]
    fn tables_read_with_backslash_escapes_and_the_split_is_by_table() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("csv/1")).unwrap();
        std::fs::write(dir.path().join("csv/1/0.csv"), "\"Name\",\"Note\"\n\"A \\\"quoted\\\" one\",\"x\\\\y\"\n\"B\",\"two\nlines\"\n").unwrap();
        let t = read_table(dir.path(), "csv/1/0.csv").unwrap();
        assert_eq!(t.columns, vec!["Name", "Note"]);
        assert_eq!(t.grid[1][0].text, "A \"quoted\" one");
        assert_eq!(t.grid[1][1].text, "x\\y");
        assert_eq!(t.grid[2][1].text, "two lines");
        let qs: Vec<WtqQuestion> = (0..200)
            .map(|i| WtqQuestion { id: format!("nt-{i}"), question: "q".into(), table: format!("csv/x/{}.csv", i % 40), answers: vec!["a".into()] })
            .collect();
        let dev = dev_questions(&qs, "dev", 7, None);
        let train = dev_questions(&qs, "train", 7, None);
        assert_eq!(dev.len() + train.len(), 200);
        assert!(!dev.is_empty() && !train.is_empty());
        assert!(dev.iter().all(|d| train.iter().all(|t| t.table != d.table)));
    }

    #[test]
    fn unknown_answers_say_why_and_the_report_counts_them() {
        let (dir, mut qs) = teams_and_cities();
        qs.push(WtqQuestion { id: "nt-3".into(), question: "How many wins did the Pumas have?".into(), table: "csv/1/0.csv".into(), answers: vec!["4".into()] });
        let right = run_gold(dir.path(), &qs, None, None, &|_, _| {}).unwrap();
        assert!(right[0].correct && right[1].correct, "{right:?}");
        assert_eq!(right[0].why_unknown, None);
        assert!(right[2].predicted.is_empty());
        assert_eq!(right[2].why_unknown.as_deref(), Some("unrelated: a name that is in none of the table's cells"));
        // Each question asked of the other table: "wins" and "tigers" are
        // not in the cities' table; the only plan would count every city,
        // which the question does not ask for, so it is not understood.
        let wrong = run_wrong_table(dir.path(), &qs, 0, None, None, &|_, _| {}).unwrap();
        assert!(wrong.iter().all(|r| r.kind == "unanswerable"));
        assert!(wrong[0].predicted.is_empty() && wrong[0].why_unknown.as_deref() == Some("not understood"), "{:?}", wrong[0]);
        let why = why_unknown(&right, &wrong);
        let total: usize = why.iter().map(|(_, a, u)| a + u).sum();
        let unknowns = right.iter().chain(&wrong).filter(|r| r.predicted.is_empty()).count();
        assert_eq!(total, unknowns);
        let names = why.iter().find(|(k, _, _)| k == "unrelated: a name that is in none of the table's cells").unwrap();
        assert_eq!(names.1, 1);
        let mut report = WtqReport::from_records("gold", &right);
        report.why_unknown = why;
        assert!(report.render().contains("why \"unknown\""));
    }

    /// Two tables in WTQ's layout (csv/1/0.csv, teams and their wins;
    /// csv/1/1.csv, cities and their population) and a question of each.
    fn teams_and_cities() -> (tempfile::TempDir, Vec<WtqQuestion>) {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("csv/1")).unwrap();
        std::fs::write(dir.path().join("csv/1/0.csv"), "\"Team\",\"Wins\"\n\"Lions\",\"12\"\n\"Tigers\",\"7\"\n\"Bears\",\"9\"\n").unwrap();
        std::fs::write(dir.path().join("csv/1/1.csv"), "\"City\",\"Population\"\n\"Oslo\",\"700000\"\n\"Bergen\",\"290000\"\n").unwrap();
        let q = |id: &str, question: &str, table: &str, answer: &str| WtqQuestion { id: id.into(), question: question.into(), table: table.into(), answers: vec![answer.into()] };
        (dir, vec![q("nt-1", "how many wins did the tigers have?", "csv/1/0.csv", "7"), q("nt-2", "which city has the largest population?", "csv/1/1.csv", "Oslo")])
    }

    /// The alone setting asks the whole agent of a workspace holding only
    /// the question's table (its own, or another for refusal), and reports
    /// the table as found at rank 1 when it is the question's own.
    #[test]
    fn the_alone_setting_asks_the_whole_agent_of_one_table() {
        let (dir, qs) = teams_and_cities();
        let e = crate::embed::HashingEmbedder::default();
        let right = run_alone(dir.path(), &qs, &e, None, &|_, _| {}).unwrap();
        assert_eq!(right.len(), 2);
        assert!(right.iter().all(|r| r.correct && r.table_rank == Some(1) && r.asked_rank == Some(1) && r.table_found == Some(true)), "{right:?}");
        assert_eq!(right[1].table, "csv/1/1.csv");
        let report = WtqReport::from_records("alone", &right).render();
        assert!(report.contains("own table among the tables the table step asks, by table score: @1 100.0%, @4 100.0%, asked at all 100.0%"), "{report}");
        let wrong = run_alone_wrong_table(dir.path(), &qs, 0, &e, None, &|_, _| {}).unwrap();
        assert_eq!(wrong[0].table, "csv/1/1.csv");
        assert!(wrong.iter().all(|r| r.kind == "unanswerable" && r.predicted.is_empty() && r.correct), "{wrong:?}");
        assert!(wrong.iter().all(|r| r.why_unknown.is_some()), "{wrong:?}");
    }

    /// The pool setting's unanswerable questions: the same pool with each
    /// question's own table left out of every search, so the table that
    /// answered it in the pool cannot; each answer must be "unknown", and
    /// is scored so.
    #[test]
    fn the_pool_without_a_questions_own_table_cannot_answer_from_it() {
        let (dir, qs) = teams_and_cities();
        let e = crate::embed::HashingEmbedder::default();
        let right = run_pool(dir.path(), &qs, &qs, &e, None, &|_, _| {}).unwrap();
        assert!(right.iter().all(|r| r.correct && r.table_found == Some(true)), "{right:?}");
        let wrong = run_pool_without_own(dir.path(), &qs, &qs, &e, None, &|_, _| {}).unwrap();
        assert_eq!(wrong.len(), 2);
        assert!(wrong.iter().all(|r| r.kind == "unanswerable" && r.predicted.is_empty() && r.correct && r.table_rank.is_none()), "{wrong:?}");
        let (precision, recall) = refusal(&right, &wrong);
        assert_eq!((precision, recall), (1.0, 1.0));
    }
}

// ------------------------------------------------------------ running

/// The selection's view of the table an answer came from: its scores and
/// whether it was judged relevant, for reading where answers over the
/// wrong table come from.
#[derive(Debug, Clone, serde::Serialize)]
pub struct FromTable {
    /// The table's file.
    pub table: String,
    pub score: f32,
    pub dense: f32,
    pub lexical: f32,
    pub held: f32,
    pub relevant: bool,
}

/// One question's outcome.
#[derive(Debug, Clone, serde::Serialize)]
pub struct WtqRecord {
    pub id: String,
    pub question: String,
    pub table: String,
    pub kind: &'static str,
    pub gold: Vec<String>,
    /// Empty: "unknown".
    pub predicted: Vec<String>,
    pub correct: bool,
    /// The plan's kind and SQL, when the parser made one.
    pub plan: Option<String>,
    pub sql: Option<String>,
    /// The plan's confidence, when there was a plan.
    pub confidence: Option<f32>,
    /// Was the question's table the one answered from (pool setting)?
    pub table_found: Option<bool>,
    /// Pool setting: the rank (from 1) of the question's table among the
    /// selection's candidates, by their score; none when it was not one.
    pub table_rank: Option<usize>,
    /// Pool setting: the rank (from 1) of the question's table among the
    /// tables the table step asks, by table score
    /// ([`crate::agent::select::SourceSelection::tables_to_ask`]); none
    /// when it was not asked.
    pub asked_rank: Option<usize>,
    /// With a model: which answer was kept (`model`, `parser`, `none`).
    pub writer: Option<String>,
    /// With a model: the last statement it wrote.
    pub model_sql: Option<String>,
    /// A plan below the confidence bar, with an embedder that has a
    /// subject bar: the cosine of the question and the table's profile
    /// (`tableqa::TableQuery::subject`).
    pub subject: Option<f32>,
    /// Gold and wrong-table settings, when the answer is "unknown": why
    /// (`unrelated: …` as the parser says, `not understood`, `unsure`
    /// (a plan below the confidence bar), `sql error`, `no rows`).
    pub why_unknown: Option<String>,
    /// Pool and alone settings: how the selection saw the table the answer
    /// came from (its candidate entry), when it was a candidate.
    pub from: Option<FromTable>,
    pub ms: f64,
}

/// Accuracy by question kind, and latency.
#[derive(Debug, Clone, serde::Serialize)]
pub struct WtqReport {
    pub setting: String,
    pub questions: usize,
    pub correct: usize,
    pub answered: usize,
    pub accuracy: f64,
    /// (kind, questions, correct)
    pub by_kind: Vec<(String, usize, usize)>,
    /// (plan kind, plans, correct)
    pub by_plan: Vec<(String, usize, usize)>,
    /// Pool setting: questions whose answer came from their own table.
    pub table_selection: Option<f64>,
    /// Pool setting: (k, share of questions whose table was among the
    /// selection's k best candidates).
    pub table_recall: Vec<(usize, f64)>,
    /// Pool setting: (k, share of questions whose table was among the k
    /// first of the tables the table step asks, by table score); k = 0
    /// stands for "asked at all".
    pub asked_recall: Vec<(usize, f64)>,
    /// "unknown" on unanswerable questions: (precision, recall, questions).
    pub refusal: Option<(f64, f64, usize)>,
    /// Gold setting: why "unknown" was said (reason, to answerable
    /// questions, to unanswerable ones), most frequent first.
    pub why_unknown: Vec<(String, usize, usize)>,
    pub p50_ms: f64,
    pub p95_ms: f64,
    /// With a model: (answer kept: `model`, `parser`, `none`; questions;
    /// correct).
    pub by_writer: Vec<(String, usize, usize)>,
}

impl WtqReport {
    pub fn from_records(setting: &str, recs: &[WtqRecord]) -> WtqReport {
        let n = recs.len();
        let correct = recs.iter().filter(|r| r.correct).count();
        let mut kinds: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
        let mut plans: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
        let mut writers: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
        for r in recs {
            if let Some(w) = &r.writer {
                let e = writers.entry(w.clone()).or_default();
                e.0 += 1;
                e.1 += r.correct as usize;
            }
            let e = kinds.entry(r.kind.to_string()).or_default();
            e.0 += 1;
            e.1 += r.correct as usize;
            let e = plans.entry(r.plan.clone().unwrap_or_else(|| "none".into())).or_default();
            e.0 += 1;
            e.1 += r.correct as usize;
        }
        let ms: Vec<f64> = recs.iter().map(|r| r.ms).collect();
        let q = |p: f64| crate::metrics::quantile(&ms, p);
        let found: Vec<bool> = recs.iter().filter_map(|r| r.table_found).collect();
        WtqReport {
            setting: setting.to_string(),
            questions: n,
            correct,
            answered: recs.iter().filter(|r| !r.predicted.is_empty()).count(),
            accuracy: if n == 0 { 0.0 } else { correct as f64 / n as f64 },
            by_kind: kinds.into_iter().map(|(k, (a, b))| (k, a, b)).collect(),
            by_plan: plans.into_iter().map(|(k, (a, b))| (k, a, b)).collect(),
            table_selection: (!found.is_empty()).then(|| found.iter().filter(|&&f| f).count() as f64 / found.len() as f64),
            table_recall: if found.is_empty() { Vec::new() } else { [1, 4, 10, 20].iter().map(|&k| (k, recs.iter().filter(|r| r.table_rank.is_some_and(|x| x <= k)).count() as f64 / n.max(1) as f64)).collect() },
            asked_recall: if found.is_empty() { Vec::new() } else { [1, 4, 0].iter().map(|&k| (k, recs.iter().filter(|r| r.asked_rank.is_some_and(|x| k == 0 || x <= k)).count() as f64 / n.max(1) as f64)).collect() },
            refusal: None,
            why_unknown: Vec::new(),
            p50_ms: q(0.5),
            p95_ms: q(0.95),
            by_writer: writers.into_iter().map(|(k, (a, b))| (k, a, b)).collect(),
        }
    }

    pub fn render(&self) -> String {
        let pct = |a: usize, b: usize| if a == 0 { 0.0 } else { 100.0 * b as f64 / a as f64 };
        let mut s = format!(
            "WikiTableQuestions, {} setting: {} questions, {} right ({:.1}%), {} answered, {} unknown; p50 {:.1} ms, p95 {:.1} ms\n",
            self.setting,
            self.questions,
            self.correct,
            100.0 * self.accuracy,
            self.answered,
            self.questions - self.answered,
            self.p50_ms,
            self.p95_ms
        );
        if let Some(ts) = self.table_selection {
            s.push_str(&format!("table selection: {:.1}% of questions answered from their own table\n", 100.0 * ts));
            let recall: Vec<String> = self.table_recall.iter().map(|(k, r)| format!("@{k} {:.1}%", 100.0 * r)).collect();
            s.push_str(&format!("own table among the selection's candidates: {}\n", recall.join(", ")));
            let asked: Vec<String> = self.asked_recall.iter().map(|(k, r)| if *k == 0 { format!("asked at all {:.1}%", 100.0 * r) } else { format!("@{k} {:.1}%", 100.0 * r) }).collect();
            s.push_str(&format!("own table among the tables the table step asks, by table score: {}\n", asked.join(", ")));
        }
        if let Some((p, r, n)) = self.refusal {
            let how = if self.setting == "pool" { "the pool without its own table" } else { "another table" };
            s.push_str(&format!("refusal on {n} unanswerable questions (each asked of {how}): precision {p:.3}, recall {r:.3}\n"));
        }
        if !self.why_unknown.is_empty() {
            s.push_str("why \"unknown\" (to answerable / to unanswerable questions):\n");
            for (k, a, u) in &self.why_unknown {
                s.push_str(&format!("  {k:<48} {a:>5} {u:>6}\n"));
            }
        }
        s.push_str("by question kind:\n");
        for (k, n, c) in &self.by_kind {
            s.push_str(&format!("  {k:<12} {n:>5}  {:>5.1}%\n", pct(*n, *c)));
        }
        if !self.by_writer.is_empty() {
            s.push_str("answer kept (model writing SQL beside the parser):\n");
            for (k, n, c) in &self.by_writer {
                s.push_str(&format!("  {k:<8} {n:>5}  {:>5.1}%\n", pct(*n, *c)));
            }
        }
        s.push_str("by plan:\n");
        for (k, n, c) in &self.by_plan {
            s.push_str(&format!("  {k:<14} {n:>5}  {:>5.1}%\n", pct(*n, *c)));
        }
        s
    }
}

/// The gold-table setting: each question against its own table only,
/// through the table database and the deterministic parser.
pub fn run_gold(dir: &Path, qs: &[WtqQuestion], embedder: Option<&dyn crate::embed::Embedder>, model: Option<&dyn crate::llm::LanguageModel>, progress: &dyn Fn(usize, usize)) -> Result<Vec<WtqRecord>, EvalError> {
    run_on_tables(dir, qs, |q| q.table.clone(), embedder, model, progress)
}

/// Unanswerable questions built from the split: each question asked of
/// another table of the split (seeded), whose answer must be "unknown".
/// Scored as refusal: `correct` is true when the answer was "unknown".
pub fn run_wrong_table(dir: &Path, qs: &[WtqQuestion], seed: u64, embedder: Option<&dyn crate::embed::Embedder>, model: Option<&dyn crate::llm::LanguageModel>, progress: &dyn Fn(usize, usize)) -> Result<Vec<WtqRecord>, EvalError> {
    let Some(pick) = wrong_tables(qs, seed) else { return Ok(Vec::new()) };
    Ok(as_unanswerable(run_on_tables(dir, qs, pick, embedder, model, progress)?))
}

/// [`run_wrong_table`] in the app's setting ([`run_alone`]): each
/// question asked of a workspace holding only another table of the split.
pub fn run_alone_wrong_table(dir: &Path, qs: &[WtqQuestion], seed: u64, embedder: &dyn crate::embed::Embedder, model: Option<&dyn crate::llm::LanguageModel>, progress: &dyn Fn(usize, usize)) -> Result<Vec<WtqRecord>, EvalError> {
    let Some(pick) = wrong_tables(qs, seed) else { return Ok(Vec::new()) };
    Ok(as_unanswerable(run_alone_on(dir, qs, pick, embedder, model, progress)?))
}

/// The seeded choice of another table of the split for each question
/// (`None` when the split has fewer than two tables).
fn wrong_tables(qs: &[WtqQuestion], seed: u64) -> Option<impl Fn(&WtqQuestion) -> String> {
    let mut tables: Vec<String> = qs.iter().map(|q| q.table.clone()).collect();
    tables.sort();
    tables.dedup();
    if tables.len() < 2 {
        return None;
    }
    Some(move |q: &WtqQuestion| -> String {
        let mut k = (fnv(&q.id, seed ^ 0xbad) % tables.len() as u64) as usize;
        if tables[k] == q.table {
            k = (k + 1) % tables.len();
        }
        tables[k].clone()
    })
}

/// Records of questions asked of another table: their gold is "unknown".
fn as_unanswerable(mut recs: Vec<WtqRecord>) -> Vec<WtqRecord> {
    for r in &mut recs {
        r.kind = "unanswerable";
        r.gold = Vec::new();
        r.correct = r.predicted.is_empty();
    }
    recs
}

/// Why "unknown" was said: (reason, to answerable questions (`right`), to
/// unanswerable ones (`wrong`)), most frequent first.
pub fn why_unknown(right: &[WtqRecord], wrong: &[WtqRecord]) -> Vec<(String, usize, usize)> {
    let mut by: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    for (recs, answerable) in [(right, true), (wrong, false)] {
        for r in recs.iter().filter(|r| r.predicted.is_empty()) {
            let e = by.entry(r.why_unknown.as_deref().unwrap_or("no answer")).or_default();
            if answerable {
                e.0 += 1;
            } else {
                e.1 += 1;
            }
        }
    }
    let mut v: Vec<(String, usize, usize)> = by.into_iter().map(|(k, (a, u))| (k.to_string(), a, u)).collect();
    v.sort_by(|a, b| (b.1 + b.2).cmp(&(a.1 + a.2)).then_with(|| a.0.cmp(&b.0)));
    v
}

/// Refusal precision and recall: "unknown" said to unanswerable questions
/// (`wrong`) against "unknown" said to answerable ones (`right`).
pub fn refusal(right: &[WtqRecord], wrong: &[WtqRecord]) -> (f64, f64) {
    let tp = wrong.iter().filter(|r| r.predicted.is_empty()).count() as f64;
    let fp = right.iter().filter(|r| r.predicted.is_empty()).count() as f64;
    let precision = if tp + fp == 0.0 { 0.0 } else { tp / (tp + fp) };
    let recall = if wrong.is_empty() { 0.0 } else { tp / wrong.len() as f64 };
    (precision, recall)
}

fn run_on_tables(dir: &Path, qs: &[WtqQuestion], table_of: impl Fn(&WtqQuestion) -> String, embedder: Option<&dyn crate::embed::Embedder>, model: Option<&dyn crate::llm::LanguageModel>, progress: &dyn Fn(usize, usize)) -> Result<Vec<WtqRecord>, EvalError> {
    use crate::agent::{tableqa, text2sql};
    use crate::tabledb::TableDb;
    let agent_err = |e: crate::tabledb::TableDbError| EvalError::Agent { code: e.code(), reason: e.to_string() };
    let mut db = TableDb::in_memory().map_err(agent_err)?;
    let limits = crate::sql::SqlLimits::default();
    let mut objects: HashMap<String, crate::source::SourceObject> = HashMap::new();
    let subject_bar = embedder.filter(|e| e.subject_cosine().is_some());
    let mut out = Vec::with_capacity(qs.len());
    for (i, q) in qs.iter().enumerate() {
        let table = table_of(q);
        if !objects.contains_key(&table) {
            let obj = table_object(&table, read_table(dir, &table)?);
            objects.insert(table.clone(), obj);
        }
        let obj = &objects[&table];
        let start = std::time::Instant::now();
        let loaded = db.ensure(obj).map_err(agent_err)?;
        let report_layout = tableqa::is_report_layout(&loaded.typed);
        let loaded_name = loaded.name.clone();
        // The product's rule: a plan below the confidence bar is "unknown".
        // (Over the table or its pivoted twin, as the agent's table step.)
        let (why, pivoted) = tableqa::parse_either(&q.question, &mut db, &obj.id, &limits);
        let loaded = db.get(&obj.id).ok_or_else(|| EvalError::Agent { code: "table_db", reason: format!("{} is not loaded", obj.id) })?;
        // The table the model may write over, by the agent's rule (one
        // table, relevant; rarity is the pool's business, so all words
        // weigh alike here).
        let open = (!matches!(why, Err(tableqa::NoPlan::Unrelated(_))))
            .then(|| tableqa::OpenTable { id: obj.id.clone(), coverage: tableqa::content_coverage(&tableqa::question_terms(&q.question, &|_| 1.0), loaded), relevant: true, report_layout });
        // As the agent's table step: a plan below the confidence bar
        // answers when the question reads like the table's rows (the
        // embedder's own bar, `tableqa::sure_enough`).
        let subject = match (subject_bar, &why) {
            (Some(e), Ok(p)) if p.confidence < tableqa::MIN_CONFIDENCE => {
                let query = e.embed_one(&q.question, crate::embed::InputKind::Query)?;
                tableqa::subject(&mut db, &obj.id, e, &query)
            }
            _ => None,
        };
        let subject_ok = subject.is_some_and(|s| s.cosine >= s.bar);
        let mut why_unknown = match &why {
            Err(tableqa::NoPlan::Unrelated(r)) => Some(format!("unrelated: {r}")),
            Err(tableqa::NoPlan::NotUnderstood) => Some("not understood".to_string()),
            Ok(p) if p.confidence < tableqa::MIN_CONFIDENCE && !subject_ok => Some("unsure".to_string()),
            Ok(_) => None,
        };
        let raw_plan = why.ok();
        let confidence = raw_plan.as_ref().map(|p| p.confidence);
        let plan = raw_plan.filter(|p| p.confidence >= tableqa::MIN_CONFIDENCE || subject_ok);
        // As the agent's table step: no row meets every filter, then
        // without the weakest doubtful one if that finds rows.
        let parsed = match plan.map(|plan| tableqa::run_or_relax(&q.question, &mut db, &obj.id, plan, pivoted, &limits)) {
            Some(Ok((plan, result, pivoted, relaxed))) => {
                let table = if pivoted { db.pivot(&obj.id).map_or(loaded_name.clone(), |p| p.name.clone()) } else { loaded_name.clone() };
                Some(tableqa::TableQuery { source: obj.id.clone(), table, plan, result, report_layout, model: None, join: None, pivoted, relaxed, subject })
            }
            Some(Err(_)) => {
                why_unknown = Some("sql error".to_string());
                None
            }
            None => None,
        };
        // With a model: its statement beside the parser's plan, one kept
        // the way the agent's table step keeps one.
        let step = tableqa::TableStep { best: parsed, records: Vec::new(), open: open.into_iter().collect(), holds: Vec::new(), unmatched: Vec::new(), strangers: Vec::new(), reports: Vec::new() };
        let asks_model = tableqa::model_target(&step).is_some();
        let parsed = step.best;
        let (kept, writer) = match model.filter(|_| asks_model) {
            Some(m) => {
                let (mq, mut w) = text2sql::write_and_run(m, &q.question, obj, &mut db, &limits);
                let k = text2sql::combine(parsed, mq, &mut w);
                (k, Some(w))
            }
            None => (parsed, None),
        };
        let mut predicted = kept.as_ref().map(|k| k.result.values.clone()).unwrap_or_default();
        // (The agent's rule: a year asked for and none given is "unknown".)
        let mut why_unknown = why_unknown;
        if tableqa::gives_no_year(&q.question, &predicted) {
            predicted.clear();
            why_unknown = Some("no year given to a question asking for one".to_string());
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0;
        let why_unknown = match (predicted.is_empty(), why_unknown) {
            (false, _) => None,
            (true, Some(w)) => Some(w),
            (true, None) => Some("no rows".to_string()),
        };
        out.push(WtqRecord {
            id: q.id.clone(),
            question: q.question.clone(),
            table,
            kind: question_kind(&q.question),
            correct: answers_match(&q.answers, &predicted),
            gold: q.answers.clone(),
            predicted,
            plan: kept.as_ref().map(|p| p.plan.kind.as_str().to_string()),
            sql: kept.map(|p| p.plan.sql),
            confidence,
            subject: subject.map(|s| s.cosine),
            table_found: None,
            table_rank: None,
            asked_rank: None,
            writer: writer.as_ref().map(|w| w.kept.clone()),
            model_sql: writer.as_ref().and_then(|w| w.attempts.last().map(|a| a.sql.clone())),
            why_unknown,
            from: None,
            ms,
        });
        progress(i + 1, qs.len());
    }
    Ok(out)
}

/// A table as the workspace holds it: one table object per CSV.
pub fn table_object(rel: &str, content: TableContent) -> crate::source::SourceObject {
    use crate::source::{Content, Locator, Provenance, SourceKind, SourceObject};
    let stem = Path::new(rel).with_extension("").to_string_lossy().replace(['/', '\\'], "_");
    let range = format!("A1:{}", crate::source::a1(content.n_rows().saturating_sub(1), content.n_cols().saturating_sub(1)));
    let prov = Provenance { file: rel.to_string(), file_hash: rel.to_string(), locator: Locator::SheetRange { sheet: stem, range } };
    let mut obj = SourceObject::new(SourceKind::Static, prov, Content::Table(content));
    crate::describe::describe(&mut obj);
    obj
}

/// The pool setting: every table of the split (the tables of `pool`'s
/// questions, and of `qs`) in one workspace
/// (a LanceDB store, as the app's), each question through the whole agent
/// (selection first: the table must be found), no guides.
pub fn run_pool(dir: &Path, qs: &[WtqQuestion], pool: &[WtqQuestion], embedder: &dyn crate::embed::Embedder, model: Option<&dyn crate::llm::LanguageModel>, progress: &dyn Fn(usize, usize)) -> Result<Vec<WtqRecord>, EvalError> {
    let (store, id_of) = pool_store(dir, qs, pool, embedder)?;
    let catalog = store.catalog();
    let agent = pool_agent(embedder, model);
    let mut out = Vec::with_capacity(qs.len());
    for (i, q) in qs.iter().enumerate() {
        out.push(ask_agent(&agent, &catalog, q, id_of.get(&q.table))?);
        progress(i + 1, qs.len());
    }
    Ok(out)
}

/// Unanswerable questions in the pool setting: each question asked of the
/// same pool with its own table left out ([`Without`]), whose answer must
/// be "unknown". This is what a user meets who asks of a workspace that
/// lacks the one table that could answer: another table's column averaged
/// or another table's cell read is a wrong answer, cited or not. Scored as
/// refusal, as [`run_wrong_table`]. (WTQ's questions speak of their own
/// table: one that another table of the split happens to answer too is
/// counted as unanswerable all the same, so recall is a lower bound.)
pub fn run_pool_without_own(dir: &Path, qs: &[WtqQuestion], pool: &[WtqQuestion], embedder: &dyn crate::embed::Embedder, model: Option<&dyn crate::llm::LanguageModel>, progress: &dyn Fn(usize, usize)) -> Result<Vec<WtqRecord>, EvalError> {
    let (store, id_of) = pool_store(dir, qs, pool, embedder)?;
    let catalog = store.catalog();
    let agent = pool_agent(embedder, model);
    let mut out = Vec::with_capacity(qs.len());
    for (i, q) in qs.iter().enumerate() {
        let hidden = id_of.get(&q.table).cloned().unwrap_or_default();
        out.push(ask_agent(&agent, &Without { inner: &catalog, hidden }, q, None)?);
        progress(i + 1, qs.len());
    }
    Ok(as_unanswerable(out))
}

/// Every table of `qs` and `pool` (once each) in one store, with the
/// source object id of each table's path.
fn pool_store(dir: &Path, qs: &[WtqQuestion], pool: &[WtqQuestion], embedder: &dyn crate::embed::Embedder) -> Result<(crate::PoolStore, HashMap<String, String>), EvalError> {
    let mut paths: Vec<&str> = qs.iter().chain(pool).map(|q| q.table.as_str()).collect();
    paths.sort();
    paths.dedup();
    let mut objects = Vec::with_capacity(paths.len());
    let mut id_of: HashMap<String, String> = HashMap::new();
    for p in &paths {
        let obj = table_object(p, read_table(dir, p)?);
        id_of.insert(p.to_string(), obj.id.clone());
        objects.push(obj);
    }
    Ok((crate::PoolStore::build(objects, embedder)?, id_of))
}

/// A catalog with one object left out: it is in no search, no sibling
/// list and no `held` answer, and `get` does not know it. One store serves
/// every question of [`run_pool_without_own`] this way, where a store per
/// question would embed the pool 400 times. (Word rarity, [`Catalog::idf`],
/// is still counted over the whole pool: one table of hundreds moves it
/// little.)
struct Without<'a> {
    inner: &'a dyn crate::agent::catalog::Catalog,
    hidden: String,
}

impl Without<'_> {
    fn keep(&self, hits: Vec<crate::store::Hit>, k: usize) -> Vec<crate::store::Hit> {
        hits.into_iter().filter(|h| h.id != self.hidden).take(k).collect()
    }
}

impl crate::agent::catalog::Catalog for Without<'_> {
    fn len(&self) -> usize {
        self.inner.len() - usize::from(self.inner.get(&self.hidden).is_some())
    }
    fn get(&self, id: &str) -> Option<&crate::source::SourceObject> {
        self.inner.get(id).filter(|_| id != self.hidden)
    }
    fn dense(&self, query: &[f32], k: usize) -> Result<Vec<crate::store::Hit>, crate::store::StoreError> {
        Ok(self.keep(self.inner.dense(query, k + 1)?, k))
    }
    fn lexical(&self, query: &str, k: usize) -> Result<Vec<crate::store::Hit>, crate::store::StoreError> {
        Ok(self.keep(self.inner.lexical(query, k + 1)?, k))
    }
    fn siblings(&self, id: &str) -> Vec<&crate::source::SourceObject> {
        self.inner.siblings(id).into_iter().filter(|o| o.id != self.hidden).collect()
    }
    fn idf(&self, token: &str) -> f32 {
        self.inner.idf(token)
    }
    fn held(&self, terms: &[String]) -> Vec<crate::store::Hit> {
        self.keep(self.inner.held(terms), usize::MAX)
    }
    fn tables(&self) -> &std::sync::Mutex<Option<crate::tabledb::TableDb>> {
        self.inner.tables()
    }
}

/// The app's setting for one table: each question through the whole
/// agent (selection, its relevance judge included) in a workspace that
/// holds only the question's own table, as a user who drops in one file
/// and asks. [`run_gold`] asks the table step alone; this is the same
/// question asked of the product.
pub fn run_alone(dir: &Path, qs: &[WtqQuestion], embedder: &dyn crate::embed::Embedder, model: Option<&dyn crate::llm::LanguageModel>, progress: &dyn Fn(usize, usize)) -> Result<Vec<WtqRecord>, EvalError> {
    run_alone_on(dir, qs, |q| q.table.clone(), embedder, model, progress)
}

/// [`run_alone`] with each question asked of the table `table_of` names.
fn run_alone_on(dir: &Path, qs: &[WtqQuestion], table_of: impl Fn(&WtqQuestion) -> String, embedder: &dyn crate::embed::Embedder, model: Option<&dyn crate::llm::LanguageModel>, progress: &dyn Fn(usize, usize)) -> Result<Vec<WtqRecord>, EvalError> {
    let agent = pool_agent(embedder, model);
    let mut by_table: std::collections::BTreeMap<String, Vec<usize>> = Default::default();
    for (i, q) in qs.iter().enumerate() {
        by_table.entry(table_of(q)).or_default().push(i);
    }
    let mut out: Vec<Option<WtqRecord>> = vec![None; qs.len()];
    let mut done = 0;
    for (table, idx) in by_table {
        let obj = table_object(&table, read_table(dir, &table)?);
        let own = obj.id.clone();
        let store = crate::PoolStore::build(vec![obj], embedder)?;
        let catalog = store.catalog();
        for i in idx {
            let mut r = ask_agent(&agent, &catalog, &qs[i], Some(&own))?;
            r.table = table.clone();
            out[i] = Some(r);
            done += 1;
            progress(done, qs.len());
        }
    }
    Ok(out.into_iter().flatten().collect())
}

/// The agent of the pool settings: deterministic; with a model, it
/// writes SQL in the table step and the other steps stay deterministic,
/// so the figure is the table step's.
fn pool_agent<'m>(embedder: &'m dyn crate::embed::Embedder, model: Option<&'m dyn crate::llm::LanguageModel>) -> crate::agent::Agent<'m> {
    let mut agent = crate::agent::Agent::deterministic(embedder, None);
    agent.table_sql = model;
    agent
}

/// One question through the whole agent (no guides), scored; `own` is
/// the id of the question's table in the catalog.
fn ask_agent(agent: &crate::agent::Agent, catalog: &dyn crate::agent::catalog::Catalog, q: &WtqQuestion, own: Option<&String>) -> Result<WtqRecord, EvalError> {
    let allow = |_: &crate::guide::Guide| true;
    let start = std::time::Instant::now();
    let run = agent.ask(&q.question, catalog, None, &allow, None)?;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let predicted = if run.answer.unknown { Vec::new() } else { run.answer.predicted.spans.clone() };
    let table_query = run.trace.iter().find_map(|s| match &s.step {
        crate::agent::Step::TableQuery { query, used: true } => Some(query.clone()),
        _ => None,
    });
    let selection = run.trace.iter().find_map(|s| match &s.step {
        crate::agent::Step::Selection { selection, .. } => Some(selection),
        _ => None,
    });
    // A trial's candidates come best first.
    let table_rank = selection.and_then(|sel| sel.trials.last()?.candidates.iter().position(|c| Some(&c.id) == own).map(|p| p + 1));
    let asked_rank = selection.and_then(|sel| {
        let (chosen, others) = sel.tables_to_ask(crate::agent::tableqa::TABLES_ASKED);
        let mut asked: Vec<(String, f32)> = chosen.into_iter().chain(others.into_iter().map(|(id, s, _)| (id, s))).collect();
        asked.sort_by(|a, b| b.1.total_cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        asked.iter().position(|a| Some(&a.0) == own).map(|p| p + 1)
    });
    let writing = run.trace.iter().find_map(|s| match &s.step {
        crate::agent::Step::TextToSql { writing } => Some(writing.clone()),
        _ => None,
    });
    let answered_from = run.answer.citations.first().map(|c| c.source_id.clone()).or_else(|| run.selected.first().map(|s| s.0.clone()));
    Ok(WtqRecord {
        id: q.id.clone(),
        question: q.question.clone(),
        table: q.table.clone(),
        kind: question_kind(&q.question),
        correct: answers_match(&q.answers, &predicted),
        gold: q.answers.clone(),
        predicted,
        plan: Some(table_query.as_ref().map(|t| t.plan.kind.as_str().to_string()).unwrap_or_else(|| if run.answer.unknown { "unknown".into() } else { "reader".into() })),
        confidence: table_query.as_ref().map(|t| t.plan.confidence),
        subject: table_query.as_ref().and_then(|t| t.subject).map(|s| s.cosine),
        sql: table_query.map(|t| t.plan.sql),
        table_found: Some(answered_from.as_ref() == own),
        table_rank,
        asked_rank,
        writer: writing.as_ref().map(|w| w.kept.clone()),
        model_sql: writing.as_ref().and_then(|w| w.attempts.last().map(|a| a.sql.clone())),
        // The answer's own reason, for "unknown".
        why_unknown: run.answer.unknown.then(|| run.answer.reason.clone()),
        from: (!run.answer.unknown).then(|| selection.and_then(|sel| sel.trials.last()?.candidates.iter().find(|c| Some(&c.id) == answered_from.as_ref()).map(|c| FromTable { table: catalog.get(&c.id).map(|o| o.provenance.file.clone()).unwrap_or_default(), score: c.score, dense: c.dense, lexical: c.lexical, held: c.held, relevant: c.relevant }))).flatten(),
        ms,
    })
}
