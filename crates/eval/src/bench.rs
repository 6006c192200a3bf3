//! Measurement helpers for `aurag bench`: wall time, throughput and peak
//! resident memory of this process. Benchmarks print figures; no test asserts
//! on a timing.

use serde::Serialize;

/// Peak resident set size of this process in bytes (Linux `VmHWM`), if known.
pub fn peak_rss_bytes() -> Option<u64> {
    peak_rss_bytes_of("self")
}

/// Peak resident set size of process `pid` (`self` or a number), if known.
pub fn peak_rss_bytes_of(pid: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<u64>().ok())
        .map(|kb| kb * 1024)
}

/// Throughput of one ingestion run: the run's counters plus rates.
#[derive(Debug, Clone, Serialize)]
pub struct IngestFigures {
    #[serde(flatten)]
    pub stats: crate::workspace::IngestStats,
    pub failed: usize,
    pub seconds: f64,
    pub files_per_s: f64,
    pub pages_per_s: f64,
    pub rows_per_s: f64,
    pub peak_rss_mb: Option<f64>,
}

impl IngestFigures {
    pub fn from_report(r: &crate::workspace::IngestReport, seconds: f64) -> Self {
        let s = &r.stats;
        let per = |n: usize| if seconds > 0.0 { n as f64 / seconds } else { 0.0 };
        IngestFigures {
            stats: s.clone(),
            failed: r.failed.len(),
            seconds,
            files_per_s: per(s.files),
            pages_per_s: per(s.pages),
            rows_per_s: per(s.rows),
            peak_rss_mb: peak_rss_bytes().map(|b| b as f64 / (1024.0 * 1024.0)),
        }
    }
}

/// Language-model speed: prompt processing and generation, in tokens/s.
#[derive(Debug, Clone, serde::Serialize)]
pub struct LlmFigures {
    pub model: String,
    pub load_seconds: f64,
    pub prompt_tokens: usize,
    pub prompt_tokens_per_s: f64,
    pub generated_tokens: usize,
    pub generate_tokens_per_s: f64,
    pub peak_rss_mb: Option<f64>,
}

/// Times `model` on a prompt of about `prompt_tokens` tokens: one run that
/// generates a single token (≈ the prompt pass) and one that generates
/// `gen_tokens` (the difference is decoding), both greedy, best of `runs`.
pub fn llm(model: &dyn crate::llm::LanguageModel, load_seconds: f64, prompt_tokens: usize, gen_tokens: usize, runs: usize) -> Result<LlmFigures, crate::llm::LlmError> {
    use crate::llm::GenOptions;
    let words = ["revenue", "grew", "in", "fiscal", "2019", "while", "costs", "fell", "across", "regions"];
    let prompt: String = (0..prompt_tokens.max(1)).map(|i| words[i % words.len()]).collect::<Vec<_>>().join(" ");
    let time = |max_tokens: usize| -> Result<(f64, crate::llm::Generation), crate::llm::LlmError> {
        let mut best: Option<(f64, crate::llm::Generation)> = None;
        for _ in 0..runs.max(1) {
            let t = std::time::Instant::now();
            let g = model.generate(&prompt, &GenOptions { max_tokens, stop: Vec::new(), ..Default::default() }, &mut |_| {})?;
            let s = t.elapsed().as_secs_f64();
            if best.as_ref().is_none_or(|(b, _)| s < *b) {
                best = Some((s, g));
            }
        }
        Ok(best.expect("at least one run"))
    };
    let (t1, g1) = time(1)?;
    let (tn, gn) = time(gen_tokens.max(2))?;
    let decoded = gn.tokens.saturating_sub(1).max(1);
    Ok(LlmFigures {
        model: model.id(),
        load_seconds,
        prompt_tokens: g1.prompt_tokens,
        prompt_tokens_per_s: g1.prompt_tokens as f64 / t1,
        generated_tokens: gn.tokens,
        generate_tokens_per_s: decoded as f64 / (tn - t1).max(1e-9),
        peak_rss_mb: peak_rss_bytes().map(|b| b as f64 / (1024.0 * 1024.0)),
    })
}

/// Question latency over a workspace, as the app sees it: the first ask
/// reads the store's objects and builds the Think Tank; later asks
/// reuse both until the store changes.
#[derive(Debug, Clone, Serialize)]
pub struct AskFigures {
    pub objects: usize,
    pub guides: usize,
    /// Reading every object and grouping and counting them.
    pub pool_build_s: f64,
    /// Getting the pool again (a version check).
    pub pool_cached_s: f64,
    pub think_tank_build_s: f64,
    pub think_tank_cached_s: f64,
    pub questions: usize,
    /// Whole asks with warm caches: mean, median and slowest.
    pub ask_mean_s: f64,
    pub ask_median_s: f64,
    pub ask_max_s: f64,
    /// Mean milliseconds per agent step, by step.
    pub step_mean_ms: Vec<(String, f64)>,
    pub unknown: usize,
    /// With a [`DraftClock`]: seconds from the question to the first text
    /// of the answer the user sees (a language model's first drafted
    /// token, or the whole answer where none was drafted), median and
    /// slowest, and how many answers were drafted token by token.
    pub first_text_median_s: Option<f64>,
    pub first_text_max_s: Option<f64>,
    pub drafted: usize,
}

/// When a language model's answer draft first arrived: give
/// [`DraftClock::tick`] to the agent's `on_answer_text` and the clock to
/// [`ask`], which reads and resets it around each question.
#[derive(Debug, Default)]
pub struct DraftClock(std::sync::Mutex<Option<std::time::Instant>>);

impl DraftClock {
    /// Marks a draft; only the first of a question counts.
    pub fn tick(&self) {
        let mut first = self.0.lock().unwrap_or_else(|e| e.into_inner());
        first.get_or_insert_with(std::time::Instant::now);
    }

    fn take(&self) -> Option<std::time::Instant> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

/// Times [`AskFigures`] for `questions` with `agent` (guides used when
/// any); `drafts`, when the agent's `on_answer_text` ticks it, times the
/// first text of each answer.
pub async fn ask<S: crate::store::Store>(
    ws: &crate::workspace::Workspace<S>,
    agent: &crate::agent::Agent<'_>,
    questions: &[String],
    staleness: std::time::Duration,
    drafts: Option<&DraftClock>,
) -> Result<AskFigures, crate::workspace::WorkspaceError> {
    use std::time::Instant;
    let secs = |t: Instant| t.elapsed().as_secs_f64();
    let t = Instant::now();
    let pool = ws.pool().await?;
    let pool_build_s = secs(t);
    let t = Instant::now();
    drop(ws.pool().await?);
    let pool_cached_s = secs(t);
    let t = Instant::now();
    let tank = ws.think_tank().await?;
    let think_tank_build_s = secs(t);
    let t = Instant::now();
    drop(ws.think_tank().await?);
    let think_tank_cached_s = secs(t);
    let guides = tank.guides().len();
    let mut times = Vec::with_capacity(questions.len());
    let mut steps: Vec<(String, f64, usize)> = Vec::new();
    let mut unknown = 0;
    let mut first_text = Vec::new();
    let mut drafted = 0;
    for q in questions {
        if let Some(clock) = drafts {
            clock.take();
        }
        let t = Instant::now();
        let tank = ws.think_tank().await?;
        let retriever = (!tank.guides().is_empty()).then_some(&*tank as &dyn crate::agent::thinktank::GuideRetriever);
        let run = ws.ask(agent, q, retriever, staleness).await?;
        times.push(secs(t));
        if let Some(clock) = drafts {
            match clock.take() {
                Some(at) => {
                    drafted += 1;
                    first_text.push(at.duration_since(t).as_secs_f64());
                }
                None => first_text.push(secs(t)),
            }
        }
        unknown += usize::from(run.answer.unknown);
        for s in &run.trace {
            let name = serde_json::to_value(&s.step).ok().and_then(|v| v["step"].as_str().map(str::to_string)).unwrap_or_default();
            match steps.iter_mut().find(|(n, _, _)| *n == name) {
                Some((_, ms, n)) => {
                    *ms += s.ms;
                    *n += 1;
                }
                None => steps.push((name, s.ms, 1)),
            }
        }
    }
    let mut sorted = times.clone();
    sorted.sort_by(f64::total_cmp);
    first_text.sort_by(f64::total_cmp);
    let n = times.len().max(1) as f64;
    Ok(AskFigures {
        objects: pool.objects.len(),
        guides,
        pool_build_s,
        pool_cached_s,
        think_tank_build_s,
        think_tank_cached_s,
        questions: questions.len(),
        ask_mean_s: times.iter().sum::<f64>() / n,
        ask_median_s: sorted.get(sorted.len() / 2).copied().unwrap_or(0.0),
        ask_max_s: sorted.last().copied().unwrap_or(0.0),
        step_mean_ms: steps.into_iter().map(|(s, ms, k)| (s, ms / k as f64)).collect(),
        unknown,
        first_text_median_s: first_text.get(first_text.len() / 2).copied(),
        first_text_max_s: first_text.last().copied(),
        drafted,
    })
}

/// Embedder throughput over `texts`: their token count, one warm-up batch,
/// then every text embedded as documents. Returns (texts, tokens, seconds).
pub fn embedder(e: &crate::embed::bert::BertEmbedder, texts: &[String], batch: usize) -> Result<(usize, usize, f64), crate::embed::EmbedError> {
    use crate::embed::{Embedder, InputKind};
    let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
    let tokens = e.count_tokens(&refs)?;
    e.embed(&refs[..refs.len().min(batch)], InputKind::Document)?;
    let t0 = std::time::Instant::now();
    e.embed(&refs, InputKind::Document)?;
    Ok((refs.len(), tokens, t0.elapsed().as_secs_f64()))
}

/// Writes a random GGUF of Qwen2.5-0.5B's shape (24 layers, hidden 896,
/// vocab 151,936) with tokenizer metadata, so llama.cpp loads the same
/// file, and a BPE tokenizer.json beside it, into `dir`. Returns the two
/// paths and the GGUF's size in bytes.
pub fn random_qwen_gguf(dir: &std::path::Path, dtype: candle_core::quantized::GgmlDType) -> std::io::Result<(std::path::PathBuf, std::path::PathBuf, usize)> {
    let shape = aurag_testkit::GgufShape::QWEN2_5_0_5B;
    let bytes = aurag_testkit::random_gguf_with("qwen2", &shape, dtype, 7, aurag_testkit::gguf_tokenizer_metadata(shape.vocab));
    let gguf = dir.join("random-qwen2.5-0.5b.gguf");
    std::fs::write(&gguf, &bytes)?;
    let tok = dir.join("tokenizer.json");
    std::fs::write(&tok, aurag_testkit::bpe_tokenizer_json_with_vocab(shape.vocab))?;
    Ok((gguf, tok, bytes.len()))
}
