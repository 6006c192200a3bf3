//! The evaluation harness: AU-RAG's TAT-QA protocol (§6), so every change
//! to retrieval or answering is judged in numbers comparable with the
//! paper's Table 2.
//!
//! A run takes a TAT-QA-format file, draws a seeded pool of whole contexts
//! (two source objects each), and asks every question whose gold objects
//! lie in the pool through a [`Method`]. The pool is written to a LanceDB
//! store in a scratch folder and searched through the [`StoreCatalog`] the
//! app uses, so the figures are those of the app's own retrieval (LanceDB
//! full-text and vector search), not of a stand-in. A method returns the objects it
//! selected (ranked), the retrieval actions it took and its answer; the
//! harness scores them against the gold with [`metrics`] and times each
//! question with models warm. Methods never see the gold, and guides of a
//! question's own context are withheld from it (leave-one-context-out).

pub mod agent_method;
pub mod agg;
pub mod chat;
pub mod baseline;
pub mod metrics;
pub mod tatqa;
pub mod wtq;

pub mod bench;
pub mod fuzz;
pub mod reference;
pub mod selftest;

use aurag::{action, agent, describe, embed, guide, llm, loader, rerank, source, sql, store, table, tabledb, tabular, text, workspace};

use std::collections::{BTreeSet, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::Serialize;

use crate::action::{EvidenceKey, RetrievalAction};
use crate::agent::catalog::{Catalog, Pool, StoreCatalog};
use crate::embed::{EmbedError, Embedder, InputKind};
use crate::guide::Guide;
use crate::agent::reader::Extracted;
use crate::rerank::RerankError;
use crate::source::SourceObject;
use crate::store::{LanceStore, Store, StoreError};
use metrics::{length_ratio, quantile, rouge_l, tatqa_em_f1, PredictedAnswer, Prf};
use tatqa::{Dataset, EvalQuestion};

#[derive(Debug, thiserror::Error)]
pub enum EvalError {
    #[error("cannot read {path}: {reason}")]
    Read { path: String, reason: String },
    #[error("{path} is not a TAT-QA-format file: {reason}")]
    Format { path: String, reason: String },
    #[error("cannot write {path}: {reason}")]
    Write { path: String, reason: String },
    #[error("unknown pool size '{0}': use 30, 90, 270, all or a number of objects")]
    Pool(String),
    #[error("unknown method '{0}': use baseline or agent")]
    UnknownMethod(String),
    #[error(transparent)]
    Embed(#[from] EmbedError),
    #[error(transparent)]
    Rerank(#[from] RerankError),
    #[error("agent: {reason}")]
    Agent { code: &'static str, reason: String },
    #[error("evaluation pool store: {0}")]
    Store(#[from] StoreError),
    #[error("cannot start the evaluation's runtime: {0}")]
    Runtime(String),
    #[error(transparent)]
    Workspace(#[from] workspace::WorkspaceError),
}

impl EvalError {
    pub fn code(&self) -> &'static str {
        match self {
            EvalError::Read { .. } => "eval_read",
            EvalError::Format { .. } => "eval_format",
            EvalError::Write { .. } => "eval_write",
            EvalError::Pool(_) => "eval_pool",
            EvalError::UnknownMethod(_) => "eval_unknown_method",
            EvalError::Embed(_) => "embed",
            EvalError::Rerank(e) => e.code(),
            EvalError::Agent { code, .. } => code,
            EvalError::Store(e) => e.code(),
            EvalError::Runtime(_) => "eval_runtime",
            EvalError::Workspace(e) => e.code(),
        }
    }
}

/// `30`, `90`, `270`, any number of objects, or `all`.
pub fn parse_pool(s: &str) -> Result<Option<usize>, EvalError> {
    match s.trim() {
        "all" => Ok(None),
        n => n.parse::<usize>().ok().filter(|&n| n > 0).map(Some).ok_or_else(|| EvalError::Pool(s.to_string())),
    }
}

/// The methods `aurag eval` compares, checked: `baseline`, `agent`, or both
/// comma-separated.
pub fn parse_methods(s: &str) -> Result<Vec<String>, EvalError> {
    s.split(',')
        .map(|m| m.trim().to_string())
        .map(|m| if m == "baseline" || m == "agent" { Ok(m) } else { Err(EvalError::UnknownMethod(m)) })
        .collect()
}

/// One `aurag eval tatqa` run: each method on each pool.
pub struct Plan<'a> {
    pub methods: &'a [String],
    pub pools: &'a [Option<usize>],
    pub seed: u64,
    pub guides: &'a [Guide],
    /// Per-question JSONL goes here.
    pub out: Option<PathBuf>,
    /// The baseline's reranker.
    pub reranker: &'a dyn crate::rerank::Reranker,
    /// Whether `reranker` is a cross-encoder, which the agent then uses too
    /// (else the agent reranks with its structural scorer).
    pub cross: bool,
    /// A language model for the agent's steps ([`Agent::with_llm`]); the
    /// deterministic agent without one.
    pub llm: Option<&'a dyn crate::llm::LanguageModel>,
    /// Which steps `llm` takes ([`Agent::with_llm_steps`]).
    pub llm_steps: crate::agent::LlmSteps,
    /// Ask only this many of each pool's questions, spread evenly over
    /// them (see [`RunOptions::limit`]): a model on two cores takes seconds
    /// a question.
    pub limit: Option<usize>,
}

/// Runs every method of `plan` on every pool, in order. `progress` gets the
/// run's label ("agent / 270") with (done, total) after each question;
/// `on_report` each report as it is done.
pub fn run_plan(
    data: &Dataset,
    embedder: &dyn Embedder,
    plan: &Plan,
    progress: &dyn Fn(&str, usize, usize),
    on_report: &mut dyn FnMut(&Report),
) -> Result<Vec<Report>, EvalError> {
    use crate::agent::{thinktank::ThinkTank, Agent};
    // The guides' question vectors are the same for every pool: embedded
    // once, and each pool's run filters them per question.
    let tank = match plan.methods.iter().any(|m| m == "agent") {
        true => Some(ThinkTank::embed(plan.guides.to_vec(), embedder)?),
        false => None,
    };
    let mut reports = Vec::new();
    for m in plan.methods {
        for &pool in plan.pools {
            let baseline;
            let agent;
            let method: &dyn Method = match (m.as_str(), &tank) {
                ("agent", Some(tank)) => {
                    let cross = plan.cross.then_some(plan.reranker);
                    let a = match plan.llm {
                        Some(model) => Agent::with_llm_steps(embedder, cross, model, plan.llm_steps),
                        None => Agent::deterministic(embedder, cross),
                    };
                    agent = agent_method::AgentMethod { agent: a, tank };
                    &agent
                }
                _ => {
                    baseline = baseline::Baseline::new(embedder, plan.reranker);
                    &baseline
                }
            };
            let label = format!("{m} / {}", pool.map(|n| n.to_string()).unwrap_or_else(|| "all".into()));
            let tick = |done: usize, total: usize| progress(&label, done, total);
            let opts = RunOptions { pool, seed: plan.seed, guides: plan.guides, out: plan.out.clone(), progress: Some(&tick), limit: plan.limit };
            let report = run(data, method, embedder, &opts)?;
            on_report(&report);
            reports.push(report);
        }
    }
    Ok(reports)
}

/// A method's answer: TAT-QA spans and scale, and the text shown.
#[derive(Debug, Clone, Serialize)]
pub struct MethodAnswer {
    pub answer: PredictedAnswer,
    pub text: String,
}

impl From<Extracted> for MethodAnswer {
    fn from(e: Extracted) -> Self {
        MethodAnswer { answer: e.answer, text: e.text }
    }
}

/// What a method did for one question.
#[derive(Debug, Clone, Serialize)]
pub struct MethodOutput {
    /// Selected objects, best first, with the score that ranked them.
    pub retrieved: Vec<(String, f32)>,
    pub actions: Vec<RetrievalAction>,
    /// `None` means the method answered "unknown".
    pub answer: Option<MethodAnswer>,
    pub trace: serde_json::Value,
}

/// A question-answering method under evaluation.
pub trait Method {
    fn name(&self) -> &str;
    /// Models and settings, for the report.
    fn describe(&self) -> serde_json::Value;
    fn run(&self, question: &str, catalog: &dyn Catalog, guides: &[&Guide]) -> Result<MethodOutput, EvalError>;
}

#[derive(Debug, Clone, Serialize)]
pub struct AnswerScores {
    pub em: f64,
    pub f1: f64,
    pub rouge_l: Prf,
    pub alr: f64,
}

#[derive(Debug, Clone, Serialize)]
pub struct Latency {
    pub p50: f64,
    pub p95: f64,
}

/// The figures of one run (method × pool), as `--json` prints them.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub method: String,
    pub pool: String,
    pub questions: usize,
    pub source: Prf,
    pub actions: Prf,
    pub answer: AnswerScores,
    pub selection_accuracy: f64,
    pub latency_ms: Latency,
    /// Questions whose gold has evidence units (the action averages' base).
    pub action_questions: usize,
    pub unknown: usize,
    pub objects: usize,
    pub contexts: usize,
    pub seed: u64,
    pub guides: usize,
    pub settings: serde_json::Value,
}

/// One question's record under `--out`.
#[derive(Debug, Serialize)]
struct Record<'a> {
    uid: &'a str,
    question: &'a str,
    context: &'a str,
    gold: serde_json::Value,
    retrieved: &'a [(String, f32)],
    actions: &'a [RetrievalAction],
    answer: Option<&'a PredictedAnswer>,
    answer_text: Option<&'a str>,
    scores: serde_json::Value,
    latency_ms: f64,
    trace: &'a serde_json::Value,
}

pub struct RunOptions<'a> {
    pub pool: Option<usize>,
    pub seed: u64,
    pub guides: &'a [Guide],
    /// Write per-question JSONL here.
    pub out: Option<PathBuf>,
    /// Called after each question with (done, total).
    pub progress: Option<&'a dyn Fn(usize, usize)>,
    /// Ask only this many of the pool's questions: every k-th, so the
    /// sample spreads over the pool's contexts as the whole does. The pool
    /// itself (what selection searches) stays whole.
    pub limit: Option<usize>,
}

/// `n` of `items`, evenly spaced from the first (all of them when `n` is
/// `None` or not smaller).
pub fn spread<T: Copy>(items: &[T], n: Option<usize>) -> Vec<T> {
    match n {
        Some(n) if n < items.len() => (0..n).map(|i| items[i * items.len() / n]).collect(),
        _ => items.to_vec(),
    }
}

fn answer_text(a: &PredictedAnswer) -> String {
    let s = a.spans.join(", ");
    if a.scale.is_empty() { s } else { format!("{s} {}", a.scale) }
}

/// The evaluation pool written to a LanceDB store in a scratch folder,
/// removed when dropped.
pub(crate) struct PoolStore {
    pool: Pool,
    store: LanceStore,
    handle: tokio::runtime::Handle,
    /// Our own runtime when the caller runs outside one.
    _runtime: Option<tokio::runtime::Runtime>,
    _dir: tempfile::TempDir,
}

impl PoolStore {
    pub(crate) fn build(objects: Vec<SourceObject>, embedder: &dyn Embedder) -> Result<Self, EvalError> {
        let texts: Vec<&str> = objects.iter().map(|o| o.description.as_str()).collect();
        let vectors = embedder.embed(&texts, InputKind::Document)?;
        let runtime = match tokio::runtime::Handle::try_current() {
            Ok(h) if h.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread => None,
            _ => Some(tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().map_err(|e| EvalError::Runtime(e.to_string()))?),
        };
        let handle = runtime.as_ref().map(|r| r.handle().clone()).unwrap_or_else(tokio::runtime::Handle::current);
        let dir = tempfile::Builder::new().prefix("aurag-eval-").tempdir().map_err(|e| EvalError::Write { path: std::env::temp_dir().display().to_string(), reason: e.to_string() })?;
        let mut files: Vec<String> = objects.iter().map(|o| o.provenance.file.clone()).collect();
        files.sort();
        files.dedup();
        let rows: Vec<(SourceObject, Vec<f32>)> = objects.iter().cloned().zip(vectors).collect();
        let store = tokio::task::block_in_place(|| {
            handle.block_on(async {
                let store = LanceStore::open(dir.path(), &embedder.id(), embedder.dim()).await?;
                store.replace_files(&files, rows, Vec::new()).await?;
                Ok::<_, StoreError>(store)
            })
        })?;
        Ok(PoolStore { pool: Pool::new(objects), store, handle, _runtime: runtime, _dir: dir })
    }

    pub(crate) fn catalog(&self) -> StoreCatalog<'_, LanceStore> {
        StoreCatalog::new(&self.pool, &self.store, self.handle.clone())
    }
}

/// Runs `method` over a pool of `data` and scores it. Call it from a
/// worker of a multi-threaded runtime or from outside any runtime.
pub fn run(data: &Dataset, method: &dyn Method, embedder: &dyn Embedder, opts: &RunOptions) -> Result<Report, EvalError> {
    let (contexts, questions) = data.pool(opts.pool, opts.seed);
    let questions = spread(&questions, opts.limit);
    let objects: Vec<SourceObject> = contexts.iter().flat_map(|c| c.objects()).cloned().collect();
    let pool_store = PoolStore::build(objects, embedder)?;
    let catalog = pool_store.catalog();
    let mut out = match &opts.out {
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| EvalError::Write { path: dir.display().to_string(), reason: e.to_string() })?;
            let name = format!("{}-{}.jsonl", method.name(), opts.pool.map(|n| n.to_string()).unwrap_or_else(|| "all".into()));
            let path = dir.join(name);
            let f = std::fs::File::create(&path).map_err(|e| EvalError::Write { path: path.display().to_string(), reason: e.to_string() })?;
            Some((std::io::BufWriter::new(f), path))
        }
        None => None,
    };
    let (mut src, mut act, mut rouge) = (Vec::new(), Vec::new(), Vec::new());
    let (mut em, mut f1, mut alr, mut top1, mut lat) = (0.0, 0.0, 0.0, 0usize, Vec::new());
    let mut unknown = 0;
    for (n, q) in questions.iter().enumerate() {
        // Leave-one-context-out: a question never sees its own context's guides.
        let guides: Vec<&Guide> = opts.guides.iter().filter(|g| g.context.as_deref() != Some(q.context.as_str())).collect();
        let t0 = Instant::now();
        let output = method.run(&q.question, &catalog, &guides)?;
        let ms = t0.elapsed().as_secs_f64() * 1e3;
        lat.push(ms);
        let scored = score(q, &output, &catalog);
        src.push(scored.source);
        if let Some(a) = scored.actions {
            act.push(a);
        }
        em += scored.em;
        f1 += scored.f1;
        rouge.push(scored.rouge);
        alr += scored.alr;
        top1 += scored.top1 as usize;
        unknown += output.answer.is_none() as usize;
        if let Some((w, path)) = out.as_mut() {
            let rec = Record {
                uid: &q.uid,
                question: &q.question,
                context: &q.context,
                gold: serde_json::json!({
                    "objects": q.gold_objects, "evidence": q.gold_evidence, "answer": q.gold.spans, "scale": q.gold.scale,
                    "answer_type": q.gold.answer_type, "answer_from": q.answer_from, "derivation": q.derivation, "mapped": q.mapped,
                }),
                retrieved: &output.retrieved,
                actions: &output.actions,
                answer: output.answer.as_ref().map(|a| &a.answer),
                answer_text: output.answer.as_ref().map(|a| a.text.as_str()),
                scores: serde_json::json!({"source": scored.source, "actions": scored.actions, "em": scored.em, "f1": scored.f1, "rouge_l": scored.rouge, "alr": scored.alr, "top1": scored.top1}),
                latency_ms: ms,
                trace: &output.trace,
            };
            let line = serde_json::to_string(&rec).expect("records serialize");
            writeln!(w, "{line}").map_err(|e| EvalError::Write { path: path.display().to_string(), reason: e.to_string() })?;
        }
        if let Some(p) = opts.progress {
            p(n + 1, questions.len());
        }
    }
    if let Some((mut w, path)) = out {
        w.flush().map_err(|e| EvalError::Write { path: path.display().to_string(), reason: e.to_string() })?;
    }
    let nq = questions.len().max(1) as f64;
    Ok(Report {
        method: method.name().to_string(),
        pool: opts.pool.map(|n| n.to_string()).unwrap_or_else(|| "all".into()),
        questions: questions.len(),
        source: Prf::mean(&src),
        actions: Prf::mean(&act),
        answer: AnswerScores { em: em / nq, f1: f1 / nq, rouge_l: Prf::mean(&rouge), alr: alr / nq },
        selection_accuracy: top1 as f64 / nq,
        latency_ms: Latency { p50: quantile(&lat, 0.5), p95: quantile(&lat, 0.95) },
        action_questions: act.len(),
        unknown,
        objects: catalog.len(),
        contexts: contexts.len(),
        seed: opts.seed,
        guides: opts.guides.len(),
        settings: method.describe(),
    })
}

struct Scored {
    source: Prf,
    /// `None` when the gold has no evidence units to compare against.
    actions: Option<Prf>,
    em: f64,
    f1: f64,
    rouge: Prf,
    alr: f64,
    top1: bool,
}

fn score(q: &EvalQuestion, out: &MethodOutput, index: &dyn Catalog) -> Scored {
    let retrieved: HashSet<&str> = out.retrieved.iter().map(|r| r.0.as_str()).collect();
    let gold: HashSet<&str> = q.gold_objects.iter().map(String::as_str).collect();
    let source = Prf::of_sets(&retrieved, &gold);
    let predicted: BTreeSet<EvidenceKey> = out
        .actions
        .iter()
        .filter_map(|a| index.get(a.source()).map(|o| a.evidence_keys(o)))
        .flatten()
        .collect();
    let actions = (!q.gold_evidence.is_empty()).then(|| {
        let p: HashSet<&EvidenceKey> = predicted.iter().collect();
        let g: HashSet<&EvidenceKey> = q.gold_evidence.iter().collect();
        Prf::of_sets(&p, &g)
    });
    let (em, f1, rouge, alr) = match &out.answer {
        Some(a) => {
            let (em, f1) = tatqa_em_f1(&q.gold, &a.answer);
            let reference = answer_text(&PredictedAnswer { spans: q.gold.spans.clone(), scale: q.gold.scale.clone() });
            let shown = answer_text(&a.answer);
            (em, f1, rouge_l(&shown, &reference), length_ratio(&shown, &reference))
        }
        None => (0.0, 0.0, Prf::default(), 0.0),
    };
    let top1 = out.retrieved.first().is_some_and(|r| gold.contains(r.0.as_str()));
    Scored { source, actions, em, f1, rouge, alr, top1 }
}

/// The paper's Table 2 layout: metrics as rows, one column per run.
pub fn render_table(reports: &[Report]) -> String {
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let f = |x: f64| format!("{:.3}", x);
    let metric = |name: &str, get: &dyn Fn(&Report) -> String| (name.to_string(), reports.iter().map(get).collect::<Vec<_>>());
    rows.push(metric("questions", &|r| r.questions.to_string()));
    rows.push(metric("objects", &|r| r.objects.to_string()));
    rows.push(metric("source precision", &|r| f(r.source.precision)));
    rows.push(metric("source recall", &|r| f(r.source.recall)));
    rows.push(metric("source F1", &|r| f(r.source.f1)));
    rows.push(metric("action precision", &|r| f(r.actions.precision)));
    rows.push(metric("action recall", &|r| f(r.actions.recall)));
    rows.push(metric("action F1", &|r| f(r.actions.f1)));
    rows.push(metric("answer EM", &|r| f(r.answer.em)));
    rows.push(metric("answer F1", &|r| f(r.answer.f1)));
    rows.push(metric("ROUGE-L precision", &|r| f(r.answer.rouge_l.precision)));
    rows.push(metric("ROUGE-L recall", &|r| f(r.answer.rouge_l.recall)));
    rows.push(metric("ROUGE-L F1", &|r| f(r.answer.rouge_l.f1)));
    rows.push(metric("answer length ratio", &|r| format!("{:.2}", r.answer.alr)));
    rows.push(metric("top-1 selection accuracy", &|r| f(r.selection_accuracy)));
    rows.push(metric("unknown answers", &|r| r.unknown.to_string()));
    rows.push(metric("latency p50 (ms)", &|r| format!("{:.1}", r.latency_ms.p50)));
    rows.push(metric("latency p95 (ms)", &|r| format!("{:.1}", r.latency_ms.p95)));
    let headers: Vec<String> = reports.iter().map(|r| format!("{} / {}", r.method, r.pool)).collect();
    let w0 = rows.iter().map(|r| r.0.len()).max().unwrap_or(6).max(6);
    let widths: Vec<usize> = headers.iter().enumerate().map(|(i, h)| rows.iter().map(|r| r.1[i].len()).max().unwrap_or(0).max(h.len())).collect();
    let mut s = format!("| {:w0$} |", "metric");
    for (h, w) in headers.iter().zip(&widths) {
        s.push_str(&format!(" {h:>w$} |"));
    }
    s.push('\n');
    s.push_str(&format!("|{}|", "-".repeat(w0 + 2)));
    for w in &widths {
        s.push_str(&format!("{}:|", "-".repeat(w + 1)));
    }
    s.push('\n');
    for (name, vals) in rows {
        s.push_str(&format!("| {name:w0$} |"));
        for (v, w) in vals.iter().zip(&widths) {
            s.push_str(&format!(" {v:>w$} |"));
        }
        s.push('\n');
    }
    s
}

/// Loads guides for the harness: a TAT-QA file (built from its gold) or a
/// JSON array of guides.
pub fn load_guides(path: &Path) -> Result<Vec<Guide>, EvalError> {
    let bytes = std::fs::read(path).map_err(|e| EvalError::Read { path: path.display().to_string(), reason: e.to_string() })?;
    if let Ok(guides) = crate::guide::parse_guides(&bytes, &path.display().to_string()) {
        return Ok(guides);
    }
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("tatqa");
    let data = Dataset::parse(&bytes, name).map_err(|reason| EvalError::Format { path: path.display().to_string(), reason })?;
    Ok(data.guides())
}
