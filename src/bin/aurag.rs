//! `aurag`: the headless front end. Every subcommand maps onto one core call
//! on [`aurag::Workspace`]; results go to stdout (text or `--json`), progress
//! bars to stderr. Exit codes: 0 success, 1 a usage or workspace error, 2
//! when some input files failed.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result};
use clap::{Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;

use aurag::bench::IngestFigures;
use aurag::render;
use aurag::workspace::{IngestReport, Progress};
use aurag::{HashingEmbedder, Workspace};

#[derive(Parser)]
#[command(name = "aurag", version, about = "Ask questions of your PDFs, spreadsheets and SQLite files, with cited answers")]
struct Cli {
    /// Workspace directory (default: the platform data dir's aurag/default).
    #[arg(long, global = true, env = "AURAG_WORKSPACE")]
    workspace: Option<PathBuf>,
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
    /// Re-run the refresh SQL of dynamic objects (all, or one).
    Refresh {
        id: Option<String>,
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
    /// Benchmarks that print figures.
    Bench {
        #[command(subcommand)]
        what: BenchCmd,
    },
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
    let cli = Cli::parse();
    match run(cli).await {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::exit(1);
        }
    }
}

async fn run(cli: Cli) -> Result<i32> {
    let dir = cli.workspace.clone().unwrap_or_else(default_workspace);
    let embedder = Arc::new(HashingEmbedder::default());
    match cli.cmd {
        Cmd::Bench { what: BenchCmd::Ingest { paths, json: json_out, no_reference } } => {
            return bench_ingest(&paths, json_out, no_reference, embedder).await;
        }
        cmd => {
            let ws = Workspace::open(&dir, embedder).await.with_context(|| format!("opening workspace {}", dir.display()))?;
            match cmd {
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
                Cmd::Show { id, json: json_out } => {
                    let obj = ws.get(&id).await?;
                    if json_out {
                        println!("{}", serde_json::to_string_pretty(&render::show_json(&obj))?);
                    } else {
                        print!("{}", render::show_text(&obj));
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
                Cmd::Remove { id, file } => {
                    let n = match (id, file) {
                        (_, Some(f)) => ws.remove_file(&f).await?,
                        (Some(id), None) => ws.remove(&id).await?,
                        (None, None) => 0,
                    };
                    println!("removed {n} objects");
                    Ok(if n == 0 { 1 } else { 0 })
                }
                Cmd::Bench { .. } => unreachable!("handled above"),
            }
        }
    }
}

async fn bench_ingest(paths: &[PathBuf], json_out: bool, no_reference: bool, embedder: Arc<HashingEmbedder>) -> Result<i32> {
    let tmp = std::env::temp_dir().join(format!("aurag-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&tmp);
    let ws = Workspace::open(&tmp, embedder).await?;
    let t0 = Instant::now();
    let report = ingest_with_progress(&ws, paths).await?;
    let secs = t0.elapsed().as_secs_f64();
    let ours = IngestFigures::from_report(&report, secs);
    drop(ws);
    let _ = std::fs::remove_dir_all(&tmp);
    let reference = if no_reference { None } else { python_reference(paths) };
    let ratio = reference.as_ref().and_then(|r| r.get("seconds").and_then(|s| s.as_f64())).map(|py| py / secs.max(1e-9));
    if json_out {
        println!("{}", serde_json::to_string_pretty(&json!({ "aurag": ours, "python_reference": reference, "speedup_vs_python": ratio }))?);
    } else {
        println!(
            "aurag:   {} files, {} pages, {} rows, {} objects in {:.2}s  →  {:.1} files/s, {:.1} pages/s, {:.0} rows/s, peak RSS {} MB",
            ours.files,
            ours.pages,
            ours.rows,
            ours.objects,
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

/// Runs `scripts/bench_ingest_ref.py` on the same paths, if it and its
/// packages are available.
fn python_reference(paths: &[PathBuf]) -> Option<serde_json::Value> {
    let script = [PathBuf::from("scripts/bench_ingest_ref.py"), PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scripts/bench_ingest_ref.py")]
        .into_iter()
        .find(|p| p.exists())?;
    let venv = dirs::home_dir().map(|h| h.join(".cache/aurag/venv/bin/python")).filter(|p| p.exists());
    let python = std::env::var("AURAG_PYTHON")
        .ok()
        .or_else(|| venv.map(|p| p.display().to_string()))
        .unwrap_or_else(|| "python3".into());
    let out = std::process::Command::new(python).arg(script).args(paths).output().ok()?;
    if !out.status.success() {
        eprintln!("python reference failed: {}", String::from_utf8_lossy(&out.stderr).lines().last().unwrap_or(""));
        return None;
    }
    serde_json::from_slice(&out.stdout).ok()
}
