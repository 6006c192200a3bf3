//! Quantized GGUF instruction models on Candle: Qwen2 / Qwen2.5
//! (`general.architecture = qwen2`), Qwen3 (`qwen3`), Llama 3.x and SmolLM2
//! (`llama`) and Phi-3 / Phi-3.5 (`phi3`).
//!
//! It takes a GGUF file (path or bytes) and never downloads. The tokenizer
//! is the file's own ([`super::gguf_tokenizer`]) unless a `tokenizer.json`
//! is given or lies beside the file; the chat template is the file's own
//! `tokenizer.chat_template`, rendered by [`super::template`], with the
//! architecture's built-in template only as the fallback for a file that
//! has none (or one that does not render). End-of-turn tokens come from the
//! metadata and the template. Each generation clears the KV cache, runs the
//! prompt in one forward pass, then decodes token by token, greedy at
//! temperature 0 and seeded sampling otherwise. Text is streamed by
//! decoding the whole generated sequence and emitting what is new, so
//! multi-token characters come out whole. Under a JSON schema
//! ([`super::json`]) every step masks the tokens that would break it, and
//! generation ends with the document.

use std::io::{Read, Seek};
use std::path::Path;
use std::sync::{Mutex, OnceLock};

use candle_core::quantized::gguf_file;
use candle_core::{DType, Device, Tensor};
use candle_transformers::generation::LogitsProcessor;
use candle_transformers::models::{quantized_llama, quantized_phi3, quantized_qwen2, quantized_qwen3};
use tokenizers::Tokenizer;

use super::decoder::Decoder;
use super::template::JinjaTemplate;
use super::json::{Matcher, Prefix, TokenTrie};
use super::sql_grammar::SqlMatcher;

/// The constraint a generation runs under: a JSON schema's or a SQL
/// grammar's matcher.
#[derive(Clone)]
enum Constraint<'a> {
    Json(Matcher<'a>),
    Sql(SqlMatcher<'a>),
}

impl Prefix for Constraint<'_> {
    fn push(&mut self, b: u8) -> bool {
        match self {
            Constraint::Json(m) => Prefix::push(m, b),
            Constraint::Sql(m) => m.push(b),
        }
    }
    fn is_complete(&self) -> bool {
        match self {
            Constraint::Json(m) => Prefix::is_complete(m),
            Constraint::Sql(m) => m.is_complete(),
        }
    }
    fn completion(&self) -> Vec<u8> {
        match self {
            Constraint::Json(m) => Prefix::completion(m),
            Constraint::Sql(m) => m.completion(),
        }
    }
}
use super::vocab::token_bytes;
use super::{ChatTemplate, Decoding, GenOptions, Generation, LanguageModel, LlmError, Message, StopReason};

enum Weights {
    Qwen2(quantized_qwen2::ModelWeights),
    Qwen3(quantized_qwen3::ModelWeights),
    Llama(quantized_llama::ModelWeights),
    Phi3(quantized_phi3::ModelWeights),
    /// Our CPU pass ([`super::decoder`]) for qwen2, qwen3 and llama.
    Cpu(Box<Decoder>),
}

impl Weights {
    fn forward(&mut self, x: &Tensor, pos: usize) -> candle_core::Result<Tensor> {
        match self {
            Weights::Qwen2(m) => m.forward(x, pos),
            Weights::Qwen3(m) => m.forward(x, pos),
            Weights::Llama(m) => m.forward(x, pos),
            Weights::Phi3(m) => m.forward(x, pos),
            Weights::Cpu(d) => {
                let ids: Vec<u32> = x.flatten_all()?.to_vec1()?;
                let logits = d.forward(&ids, pos).map_err(|e| candle_core::Error::Msg(e.to_string()))?;
                let n = logits.len();
                Tensor::from_vec(logits, n, &Device::Cpu)
            }
        }
    }
    fn clear(&mut self) {
        match self {
            Weights::Qwen2(m) => m.clear_kv_cache(),
            Weights::Qwen3(m) => m.clear_kv_cache(),
            Weights::Llama(m) => m.clear_kv_cache(),
            // Phi-3 resets its cache when a sequence starts at position 0.
            Weights::Phi3(_) => {}
            Weights::Cpu(d) => d.clear(),
        }
    }
}

pub struct GgufModel {
    name: String,
    arch: String,
    weights: Mutex<Weights>,
    tokenizer: Tokenizer,
    device: Device,
    /// The built-in family: the fallback renderer and its end-of-turn tokens.
    template: ChatTemplate,
    /// The file's own chat template, when it has one that renders.
    jinja: Option<JinjaTemplate>,
    /// Where the tokenizer and the template came from, for `describe`.
    origins: Origins,
    /// Prepend this BOS to every prompt (`tokenizer.ggml.add_bos_token`).
    bos: Option<u32>,
    eos: Vec<u32>,
    context: usize,
    /// `aurag-cpu` or `candle`, fixed at load (read without taking the
    /// weights' lock, which a generation holds).
    engine: &'static str,
    /// The vocabulary as bytes, built on the first constrained generation.
    trie: OnceLock<(TokenTrie, Vec<Option<Vec<u8>>>)>,
}

/// Our CPU pass runs where it is faster than Candle's: an x86-64 CPU with
/// AVX2 (or AVX-512 VNNI) and an architecture it knows. Elsewhere (ARM,
/// where Candle's NEON kernels are compiled in) Candle's models run.
/// `AURAG_LLM_ENGINE=candle` forces them (for comparison).
fn use_cpu_decoder(ct: &gguf_file::Content, arch: &str, device: &Device) -> bool {
    device.is_cpu() && super::qmatmul::simd() && super::decoder::supports(ct, arch) && std::env::var("AURAG_LLM_ENGINE").map_or(true, |v| v != "candle")
}

fn load_err(path: &str, e: impl std::fmt::Display) -> LlmError {
    LlmError::Load { path: path.to_string(), reason: e.to_string() }
}

/// The `general.architecture` values this module runs.
const ARCHITECTURES: [&str; 4] = ["qwen2", "qwen3", "llama", "phi3"];

fn unsupported(origin: &str, arch: &str) -> LlmError {
    load_err(origin, format!("unsupported architecture '{arch}' ({})", ARCHITECTURES.join(", ")))
}

/// Where a model's tokenizer and chat template came from.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Origins {
    /// `tokenizer.json`, or `gguf (pre-tokenizer NAME)`.
    pub tokenizer: String,
    /// `gguf`, or `built-in NAME` (with the reason when the file's failed).
    pub template: String,
}

impl GgufModel {
    /// Loads `gguf`. The tokenizer is `tokenizer` when given, else a
    /// `tokenizer.json` beside the file, else the file's own.
    pub fn load(gguf: &Path, tokenizer: Option<&Path>, name: &str, device: &Device) -> Result<Self, LlmError> {
        let origin = gguf.display().to_string();
        let mut f = std::fs::File::open(gguf).map_err(|e| load_err(&origin, e))?;
        let beside = gguf.with_file_name("tokenizer.json");
        let tok_path = tokenizer.map(Path::to_path_buf).or_else(|| beside.is_file().then_some(beside));
        let tok = match tok_path {
            Some(p) => Some(std::fs::read(&p).map_err(|e| load_err(&p.display().to_string(), e))?),
            None => None,
        };
        Self::build(&mut f, tok.as_deref(), name, device, &origin)
    }

    /// [`Self::load`] from bytes; `tokenizer` is a tokenizer.json's bytes,
    /// or `None` for the file's own tokenizer.
    pub fn from_bytes(gguf: &[u8], tokenizer: Option<&[u8]>, name: &str, device: &Device) -> Result<Self, LlmError> {
        Self::build(&mut std::io::Cursor::new(gguf), tokenizer, name, device, "<bytes>")
    }

    fn build<R: Read + Seek>(r: &mut R, tokenizer: Option<&[u8]>, name: &str, device: &Device, origin: &str) -> Result<Self, LlmError> {
        let ct = gguf_file::Content::read(r).map_err(|e| load_err(origin, format!("not a GGUF file: {e}")))?;
        let arch = match ct.metadata.get("general.architecture") {
            Some(gguf_file::Value::String(s)) => s.clone(),
            _ => return Err(load_err(origin, "GGUF metadata lacks general.architecture")),
        };
        let meta_u32 = |k: &str| ct.metadata.get(k).and_then(|v| v.to_u32().ok());
        let context = meta_u32(&format!("{arch}.context_length")).unwrap_or(4096) as usize;
        let mut eos: Vec<u32> = meta_u32("tokenizer.ggml.eos_token_id").into_iter().collect();
        // Checked before the tokenizer is built, so an unknown file says
        // what is wrong with it rather than with its vocabulary.
        if !ARCHITECTURES.contains(&arch.as_str()) {
            return Err(unsupported(origin, &arch));
        }
        if let Some(id) = meta_u32("tokenizer.ggml.eot_token_id") {
            eos.push(id);
        }
        let (tokenizer, bos, tokenizer_origin) = match tokenizer {
            Some(bytes) => (Tokenizer::from_bytes(bytes).map_err(|e| load_err(origin, format!("tokenizer.json: {e}")))?, None, "tokenizer.json".to_string()),
            None => {
                let v = super::gguf_tokenizer::from_gguf(&ct).map_err(|e| load_err(origin, e))?;
                let bos = if v.add_bos { v.bos } else { None };
                (v.tokenizer, bos, format!("gguf (pre-tokenizer {})", v.pre))
            }
        };
        let token_text = |k: &str| meta_u32(k).and_then(|id| tokenizer.id_to_token(id)).unwrap_or_default();
        let family = match arch.as_str() {
            "llama" => ChatTemplate::Llama3,
            "phi3" => ChatTemplate::Phi3,
            _ => ChatTemplate::ChatMl,
        };
        let (jinja, template, template_origin) = match ct.metadata.get("tokenizer.chat_template") {
            Some(gguf_file::Value::String(src)) => match JinjaTemplate::new(src, &token_text("tokenizer.ggml.bos_token_id"), &token_text("tokenizer.ggml.eos_token_id")) {
                Ok(j) => {
                    let fam = j.family();
                    (Some(j), fam, "gguf".to_string())
                }
                Err(e) => (None, family, format!("built-in {family:?} ({e})")),
            },
            _ => (None, family, format!("built-in {family:?} (the file has no chat template)")),
        };
        let weights = match arch.as_str() {
            _ if use_cpu_decoder(&ct, &arch, device) => Weights::Cpu(Box::new(Decoder::from_gguf(&ct, r, &arch).map_err(|e| load_err(origin, e))?)),
            "qwen2" => Weights::Qwen2(quantized_qwen2::ModelWeights::from_gguf(ct, r, device).map_err(|e| load_err(origin, e))?),
            "qwen3" => Weights::Qwen3(quantized_qwen3::ModelWeights::from_gguf(ct, r, device).map_err(|e| load_err(origin, e))?),
            "llama" => Weights::Llama(quantized_llama::ModelWeights::from_gguf(ct, r, device).map_err(|e| load_err(origin, e))?),
            "phi3" => Weights::Phi3(quantized_phi3::ModelWeights::from_gguf(false, ct, r, device).map_err(|e| load_err(origin, e))?),
            other => return Err(unsupported(origin, other)),
        };
        for t in template.end_of_turn() {
            if let Some(id) = tokenizer.token_to_id(t) {
                eos.push(id);
            }
        }
        let engine = if matches!(weights, Weights::Cpu(_)) { "aurag-cpu" } else { "candle" };
        eos.sort_unstable();
        eos.dedup();
        let origins = Origins { tokenizer: tokenizer_origin, template: template_origin };
        Ok(GgufModel { name: name.to_string(), arch, weights: Mutex::new(weights), engine, tokenizer, device: device.clone(), template, jinja, origins, bos, eos, context, trie: OnceLock::new() })
    }

    pub fn architecture(&self) -> &str {
        &self.arch
    }

    /// Where the tokenizer and the chat template came from.
    pub fn origins(&self) -> &Origins {
        &self.origins
    }

    /// The token ids of `prompt` as the model reads it: BOS first where
    /// the file asks for one, special tokens written in the text matched.
    pub fn tokenize(&self, prompt: &str) -> Result<Vec<u32>, LlmError> {
        let enc = self.tokenizer.encode(prompt, false).map_err(|e| self.err(e))?;
        let mut ids = enc.get_ids().to_vec();
        if let Some(b) = self.bos {
            if ids.first() != Some(&b) {
                ids.insert(0, b);
            }
        }
        Ok(ids)
    }

    /// A generation's start: the prompt's ids (checked against the context)
    /// and the weights, locked, with an empty KV cache.
    fn begin(&self, prompt: &str, max_tokens: usize) -> Result<(Vec<u32>, std::sync::MutexGuard<'_, Weights>), LlmError> {
        let prompt_ids = self.tokenize(prompt)?;
        if prompt_ids.is_empty() {
            return Err(self.err("empty prompt"));
        }
        if prompt_ids.len() + max_tokens > self.context {
            return Err(LlmError::PromptTooLong { tokens: prompt_ids.len() + max_tokens, limit: self.context });
        }
        let mut weights = self.weights.lock().unwrap_or_else(|e| e.into_inner());
        weights.clear();
        Ok((prompt_ids, weights))
    }

    /// Greedy decoding of `prompt` (as given: no chat template) for up to
    /// `max_tokens`, stopping at an end-of-turn token, with the `top_k`
    /// log-probabilities of the first step: what a parity check against
    /// llama.cpp compares.
    pub fn greedy(&self, prompt: &str, max_tokens: usize, top_k: usize) -> Result<GreedyRun, LlmError> {
        let (prompt_ids, mut weights) = self.begin(prompt, max_tokens)?;
        let mut tokens = Vec::new();
        let mut first_top = Vec::new();
        let mut input = prompt_ids.clone();
        let mut pos = 0;
        while tokens.len() < max_tokens {
            let x = Tensor::new(input.as_slice(), &self.device).and_then(|t| t.unsqueeze(0)).map_err(|e| self.err(e))?;
            let logits: Vec<f32> = self.last_logits(weights.forward(&x, pos).map_err(|e| self.err(e))?)?.to_vec1().map_err(|e| self.err(e))?;
            pos += input.len();
            if first_top.is_empty() {
                first_top = top_log_probs(&logits, top_k);
            }
            let next = logits.iter().enumerate().fold((0usize, f32::NEG_INFINITY), |b, (i, &l)| if l > b.1 { (i, l) } else { b }).0 as u32;
            if self.eos.contains(&next) {
                break;
            }
            tokens.push(next);
            input = vec![next];
        }
        let text = self.tokenizer.decode(&tokens, true).map_err(|e| self.err(e))?;
        Ok(GreedyRun { prompt_tokens: prompt_ids, tokens, text, first_top })
    }

    /// Which forward pass runs: `aurag-cpu` ([`super::decoder`]) or `candle`.
    pub fn engine(&self) -> &'static str {
        self.engine
    }

    fn err(&self, e: impl std::fmt::Display) -> LlmError {
        LlmError::Inference { model: self.name.clone(), reason: e.to_string() }
    }

    fn vocabulary(&self) -> &(TokenTrie, Vec<Option<Vec<u8>>>) {
        self.trie.get_or_init(|| {
            let bytes = token_bytes(&self.tokenizer);
            (TokenTrie::new(&bytes), bytes)
        })
    }

    /// Samples the next token; under a schema, from the tokens the matcher
    /// allows only (every other logit is set to −∞).
    fn sample(&self, sampler: &mut LogitsProcessor, logits: Tensor, matcher: Option<&Constraint>) -> Result<u32, LlmError> {
        let logits = self.last_logits(logits)?;
        let Some(m) = matcher else { return sampler.sample(&logits).map_err(|e| self.err(e)) };
        let allowed = self.vocabulary().0.allowed(m);
        if allowed.is_empty() {
            return Err(LlmError::Schema { model: self.name.clone(), reason: "no token of the vocabulary can continue the document".into() });
        }
        let raw: Vec<f32> = logits.to_vec1().map_err(|e| self.err(e))?;
        let mut masked = vec![f32::NEG_INFINITY; raw.len()];
        for id in allowed {
            if let Some(&l) = raw.get(id as usize) {
                masked[id as usize] = l;
            }
        }
        let masked = Tensor::new(masked.as_slice(), &self.device).map_err(|e| self.err(e))?;
        sampler.sample(&masked).map_err(|e| self.err(e))
    }

    /// Logits of the last position as a 1-D tensor (models return either
    /// `(1, vocab)` or `(vocab,)`).
    fn last_logits(&self, logits: Tensor) -> Result<Tensor, LlmError> {
        logits.to_dtype(DType::F32).and_then(|l| l.flatten_all()).map_err(|e| self.err(e))
    }
}

/// What [`GgufModel::greedy`] produced.
#[derive(Debug, Clone, serde::Serialize)]
pub struct GreedyRun {
    pub prompt_tokens: Vec<u32>,
    pub tokens: Vec<u32>,
    pub text: String,
    /// `(token id, log-probability)` of the first step's most likely tokens.
    pub first_top: Vec<(u32, f32)>,
}

/// The `k` largest log-softmax values of `logits`, largest first.
fn top_log_probs(logits: &[f32], k: usize) -> Vec<(u32, f32)> {
    let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let lse = max + logits.iter().map(|&l| ((l - max) as f64).exp()).sum::<f64>().ln() as f32;
    let mut idx: Vec<usize> = (0..logits.len()).collect();
    let k = k.min(idx.len());
    if k == 0 {
        return Vec::new();
    }
    idx.select_nth_unstable_by(k - 1, |&a, &b| logits[b].total_cmp(&logits[a]));
    idx.truncate(k);
    idx.sort_by(|&a, &b| logits[b].total_cmp(&logits[a]));
    idx.into_iter().map(|i| (i as u32, logits[i] - lse)).collect()
}

impl LanguageModel for GgufModel {
    fn id(&self) -> String {
        format!("{}-{}", self.name, self.arch)
    }
    fn template(&self) -> ChatTemplate {
        self.template
    }
    /// The file's own chat template; the family's when it has none.
    fn render(&self, messages: &[Message]) -> String {
        match &self.jinja {
            Some(j) => j.render(messages, true).unwrap_or_else(|_| self.template.render(messages)),
            None => self.template.render(messages),
        }
    }

    fn generate(&self, prompt: &str, opts: &GenOptions, on_text: &mut dyn FnMut(&str)) -> Result<Generation, LlmError> {
        let (prompt_ids, mut weights) = self.begin(prompt, opts.max_tokens)?;
        let temperature = (opts.temperature > 0.0).then_some(opts.temperature);
        let mut sampler = LogitsProcessor::new(opts.seed, temperature, None);
        let mut d = Decoding::new(opts);
        if d.cancelled() {
            return Ok(d.finish(prompt_ids.len(), StopReason::Cancelled, on_text));
        }
        let input = Tensor::new(prompt_ids.as_slice(), &self.device).and_then(|t| t.unsqueeze(0)).map_err(|e| self.err(e))?;
        let logits = weights.forward(&input, 0).map_err(|e| self.err(e))?;
        let compiled = opts.schema.as_ref().map(|s| s.compile());
        let mut matcher = match (&compiled, &opts.sql) {
            (Some(c), _) => Some(Constraint::Json(c.matcher())),
            (None, Some(g)) => Some(Constraint::Sql(g.matcher())),
            (None, None) => None,
        };
        let mut next = self.sample(&mut sampler, logits, matcher.as_ref())?;
        let mut generated: Vec<u32> = Vec::new();
        let mut out_bytes: Vec<u8> = Vec::new();
        let mut shown = String::new();
        loop {
            if self.eos.contains(&next) {
                return Ok(d.finish(prompt_ids.len(), StopReason::EndOfTurn, on_text));
            }
            generated.push(next);
            let mut complete = false;
            let mut tail: Option<Vec<u8>> = None;
            if let Some(m) = matcher.as_mut() {
                let bytes = self.vocabulary().1.get(next as usize).cloned().flatten().unwrap_or_default();
                if !m.push_bytes(&bytes) {
                    return Err(self.err("a masked token was sampled"));
                }
                out_bytes.extend_from_slice(&bytes);
                complete = m.is_complete();
                if !complete && d.tokens + 1 >= opts.max_tokens {
                    // Out of tokens: close the document the shortest way.
                    tail = Some(m.completion());
                    complete = true;
                }
            }
            let text = match &tail {
                Some(t) => {
                    out_bytes.extend_from_slice(t);
                    String::from_utf8_lossy(&out_bytes).into_owned()
                }
                None => self.tokenizer.decode(&generated, true).map_err(|e| self.err(e))?,
            };
            // Emit only complete characters that are new.
            let piece = if text.starts_with(&shown) && (tail.is_some() || !text.ends_with('\u{FFFD}')) { text[shown.len()..].to_string() } else { String::new() };
            if !piece.is_empty() {
                shown = text;
            }
            if let Some(stop) = d.push(&piece, on_text) {
                return Ok(d.finish(prompt_ids.len(), stop, on_text));
            }
            if complete {
                // The document is whole: nothing may follow it.
                return Ok(d.finish(prompt_ids.len(), StopReason::EndOfTurn, on_text));
            }
            let pos = prompt_ids.len() + generated.len() - 1;
            let input = Tensor::new(&[next], &self.device).and_then(|t| t.unsqueeze(0)).map_err(|e| self.err(e))?;
            let logits = weights.forward(&input, pos).map_err(|e| self.err(e))?;
            next = self.sample(&mut sampler, logits, matcher.as_ref()).map_err(|e| match e {
                // A dead end of the constraint: say where it was reached.
                LlmError::Schema { model, reason } => LlmError::Schema { model, reason: format!("{reason} after {:?}", String::from_utf8_lossy(&out_bytes)) },
                e => e,
            })?;
        }
    }
}
