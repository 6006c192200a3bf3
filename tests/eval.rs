//! The evaluation harness end to end: `aurag eval tatqa` on a TAT-QA-format
//! file whose questions carry mappings, the JSON and JSONL shapes, and the
//! scoring pipeline checked with an oracle method (must score 1) and a
//! method that knows nothing (must score 0 and say unknown), plus
//! leave-one-context-out guides.

use crate::common;

use std::cell::RefCell;
use std::collections::HashMap;
use std::process::Command;

use aurag::action::{Coord, EvidenceKey, RetrievalAction, Selection};
use aurag_eval::metrics::PredictedAnswer;
use aurag_eval::tatqa::Dataset;
use aurag::agent::catalog::Catalog;
use aurag_eval::{self as eval, EvalError, Method, MethodAnswer, MethodOutput, RunOptions};
use aurag::guide::Guide;
use aurag::HashingEmbedder;
use common::repo;
use serde_json::Value;

fn fixture() -> std::path::PathBuf {
    repo().join("tests/data/tatqa_mapped.json")
}

#[test]
fn cli_prints_every_metric_and_writes_records() {
    let tmp = tempfile::tempdir().unwrap();
    let data = fixture();
    let data = data.to_str().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_aurag"))
        .args(["--embedder", "hashing", "eval", "tatqa", "--data", data, "--guides", data, "--pool", "all", "--method", "baseline", "--json", "--out"])
        .arg(tmp.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let r: Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(r["method"], "baseline");
    assert_eq!(r["pool"], "all");
    assert_eq!(r["questions"], 36);
    let unit = |v: &Value| v.as_f64().is_some_and(|x| (0.0..=1.0).contains(&x));
    for key in ["source", "actions"] {
        for m in ["precision", "recall", "f1"] {
            assert!(unit(&r[key][m]), "{key}.{m}: {}", r[key][m]);
        }
    }
    for m in ["em", "f1"] {
        assert!(unit(&r["answer"][m]));
    }
    for m in ["precision", "recall", "f1"] {
        assert!(unit(&r["answer"]["rouge_l"][m]));
    }
    assert!(r["answer"]["alr"].as_f64().unwrap() >= 0.0);
    assert!(unit(&r["selection_accuracy"]));
    assert!(r["latency_ms"]["p50"].as_f64().unwrap() <= r["latency_ms"]["p95"].as_f64().unwrap());
    // With the whole file as the pool, every gold object is a candidate.
    assert!(r["source"]["recall"].as_f64().unwrap() > 0.3, "{r}");

    let records = std::fs::read_to_string(tmp.path().join("baseline-all.jsonl")).unwrap();
    let records: Vec<Value> = records.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(records.len(), 36);
    for rec in &records {
        for k in ["uid", "question", "gold", "retrieved", "actions", "answer", "scores", "latency_ms", "trace"] {
            assert!(rec.get(k).is_some(), "record lacks {k}: {rec}");
        }
        assert_eq!(rec["retrieved"].as_array().unwrap().len(), 3);
    }
    assert!(records.iter().filter(|r| r["gold"]["mapped"] == true).count() >= 10);

    // The table layout names every metric.
    let out = Command::new(env!("CARGO_BIN_EXE_aurag"))
        .args(["--embedder", "hashing", "eval", "tatqa", "--data", data, "--pool", "4,all"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let table = String::from_utf8_lossy(&out.stdout);
    for row in ["source F1", "action F1", "answer EM", "ROUGE-L F1", "answer length ratio", "top-1 selection accuracy", "latency p95", "baseline / 4", "baseline / all"] {
        assert!(table.contains(row), "missing {row}:\n{table}");
    }
}

#[test]
fn cli_runs_the_agent_beside_the_baseline_and_refuses_bad_arguments() {
    let data = fixture();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_aurag")).args(["--embedder", "hashing", "eval", "tatqa", "--data", data.to_str().unwrap()]).args(args).output().unwrap()
    };
    let out = run(&["--guides", data.to_str().unwrap(), "--pool", "all", "--method", "baseline,agent", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let reports: Vec<Value> = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(reports.len(), 2);
    let (base, agent) = (&reports[0], &reports[1]);
    assert_eq!(agent["method"], "agent");
    assert_eq!(agent["questions"], 36);
    assert!(agent["settings"]["selector"].as_str().unwrap().starts_with("hybrid"));
    // Typed actions select cells and sentences, not whole objects.
    assert!(agent["actions"]["precision"].as_f64().unwrap() > 4.0 * base["actions"]["precision"].as_f64().unwrap(), "{agent}\n{base}");
    assert!(agent["source"]["f1"].as_f64().unwrap() > base["source"]["f1"].as_f64().unwrap(), "{agent}\n{base}");
    let out = run(&["--method", "magic"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("magic"));
    let out = run(&["--pool", "lots"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("pool"));
    let tmp = tempfile::tempdir().unwrap();
    let junk = tmp.path().join("junk.json");
    std::fs::write(&junk, "{\"not\": \"tatqa\"}").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_aurag")).args(["--embedder", "hashing", "eval", "tatqa", "--data", junk.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("junk.json"));
}

/// Answers from the gold: the scoring must give it full marks.
struct Oracle<'a> {
    data: &'a Dataset,
}

impl Method for Oracle<'_> {
    fn name(&self) -> &str {
        "oracle"
    }
    fn describe(&self) -> Value {
        Value::Null
    }
    fn run(&self, question: &str, _catalog: &dyn Catalog, _guides: &[&Guide]) -> Result<MethodOutput, EvalError> {
        let q = self.data.questions.iter().find(|q| q.question == question).unwrap();
        let mut cells: HashMap<String, Vec<Coord>> = HashMap::new();
        let mut sents: HashMap<String, Vec<u32>> = HashMap::new();
        for k in &q.gold_evidence {
            match k {
                EvidenceKey::Cell { source, row, col } => cells.entry(source.clone()).or_default().push(Coord { row: *row, col: *col }),
                EvidenceKey::Sentence { source, idx } => sents.entry(source.clone()).or_default().push(*idx),
            }
        }
        let mut actions: Vec<RetrievalAction> = cells.into_iter().map(|(source, c)| RetrievalAction::SelectCoordinates { source, selection: Selection::Cells(c) }).collect();
        actions.extend(sents.into_iter().map(|(source, idxs)| RetrievalAction::SelectSentenceIdxs { source, idxs }));
        Ok(MethodOutput {
            retrieved: q.gold_objects.iter().map(|o| (o.clone(), 1.0)).collect(),
            actions,
            answer: Some(MethodAnswer { answer: PredictedAnswer { spans: q.gold.spans.clone(), scale: q.gold.scale.clone() }, text: String::new() }),
            trace: Value::Null,
        })
    }
}

/// Knows nothing, and records which guides it was shown.
struct Blank<'a> {
    data: &'a Dataset,
    leaks: RefCell<usize>,
    shown: RefCell<usize>,
}

impl Method for Blank<'_> {
    fn name(&self) -> &str {
        "blank"
    }
    fn describe(&self) -> Value {
        Value::Null
    }
    fn run(&self, question: &str, _catalog: &dyn Catalog, guides: &[&Guide]) -> Result<MethodOutput, EvalError> {
        let q = self.data.questions.iter().find(|q| q.question == question).unwrap();
        *self.leaks.borrow_mut() += guides.iter().filter(|g| g.context.as_deref() == Some(q.context.as_str())).count();
        *self.shown.borrow_mut() += guides.len();
        Ok(MethodOutput { retrieved: Vec::new(), actions: Vec::new(), answer: None, trace: Value::Null })
    }
}

#[test]
fn an_oracle_scores_one_and_a_blank_method_scores_zero() {
    let data = Dataset::load(&fixture()).unwrap();
    let guides = data.guides();
    let embedder = HashingEmbedder::default();
    let opts = RunOptions { pool: None, seed: 1, guides: &guides, out: None, progress: None, limit: None };

    let r = eval::run(&data, &Oracle { data: &data }, &embedder, &opts).unwrap();
    assert_eq!(r.questions, 36);
    assert_eq!((r.source.precision, r.source.recall, r.source.f1), (1.0, 1.0, 1.0));
    assert_eq!(r.actions.f1, 1.0);
    assert!(r.action_questions > 20);
    assert_eq!(r.answer.em, 1.0);
    assert_eq!(r.answer.f1, 1.0);
    assert!((r.answer.rouge_l.f1 - 1.0).abs() < 1e-9);
    assert!((r.answer.alr - 1.0).abs() < 1e-9);
    assert_eq!(r.selection_accuracy, 1.0);
    assert_eq!(r.unknown, 0);

    let blank = Blank { data: &data, leaks: RefCell::new(0), shown: RefCell::new(0) };
    let r = eval::run(&data, &blank, &embedder, &opts).unwrap();
    assert_eq!((r.source.f1, r.actions.f1, r.answer.em, r.answer.f1, r.selection_accuracy), (0.0, 0.0, 0.0, 0.0, 0.0));
    assert_eq!(r.unknown, 36);
    // Leave-one-context-out: guides of other contexts only, never its own.
    assert_eq!(*blank.leaks.borrow(), 0);
    assert!(*blank.shown.borrow() > 0);
}

#[test]
fn guides_load_from_tatqa_or_guide_json() {
    let from_tatqa = eval::load_guides(&fixture()).unwrap();
    assert_eq!(from_tatqa.len(), 36);
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("guides.json");
    std::fs::write(&path, serde_json::to_string(&from_tatqa[..5]).unwrap()).unwrap();
    assert_eq!(eval::load_guides(&path).unwrap(), from_tatqa[..5].to_vec());
}

#[test]
fn a_limit_asks_an_even_spread_of_the_pool_and_a_model_drives_the_agent_steps() {
    assert_eq!(eval::spread(&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], Some(4)), vec![0, 2, 5, 7]);
    assert_eq!(eval::spread(&[1, 2, 3], Some(5)), vec![1, 2, 3]);
    assert_eq!(eval::spread(&[1, 2, 3], None), vec![1, 2, 3]);

    let data = Dataset::load(&fixture()).unwrap();
    let guides = data.guides();
    let embedder = HashingEmbedder::default();
    let reranker = aurag::rerank::LexicalReranker;
    let methods = vec!["agent".to_string()];
    let pools = vec![None];
    // Replies the agent's steps cannot use: each step falls back, none aborts.
    let model = aurag::llm::ScriptedModel::new(vec!["not json".into()]);
    let plan = eval::Plan { methods: &methods, pools: &pools, seed: 1, guides: &guides, out: None, reranker: &reranker, cross: false, llm: Some(&model), llm_steps: aurag::agent::LlmSteps::ALL, limit: Some(6) };
    let reports = eval::run_plan(&data, &embedder, &plan, &|_, _, _| {}, &mut |_| {}).unwrap();
    assert_eq!(reports.len(), 1);
    let r = &reports[0];
    assert_eq!(r.questions, 6);
    // The pool stays whole: every context's objects, not the sample's.
    assert_eq!(r.contexts, data.contexts.len());
    let settings = r.settings.to_string();
    assert!(settings.contains("scripted"), "the model's steps are the agent's: {settings}");
    let plain = eval::Plan { llm: None, ..plan };
    let reports = eval::run_plan(&data, &embedder, &plain, &|_, _, _| {}, &mut |_| {}).unwrap();
    assert!(!reports[0].settings.to_string().contains("scripted"));
    assert_eq!(reports[0].questions, 6);
}
