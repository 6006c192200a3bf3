//! A sentence embedder for the BERT family on Candle (all-MiniLM-L6-v2 by
//! default; bge/e5-style models through [`BertOptions`]).
//!
//! It takes a model directory (`config.json`, `model.safetensors`,
//! `tokenizer.json`) or the same three as bytes; it never downloads (that is
//! [`crate::models`]'s job). Inputs are tokenized without padding, sorted by
//! length and batched with dynamic padding: MiniLM's `tokenizer.json` pads
//! every input to 128 tokens, which alone costs over 2x on short texts, so
//! padding is reset. Inputs are truncated at the model's limit. Pooling is
//! mean over the attention mask or the CLS token, then L2 normalization.

use std::path::Path;

use candle_core::{DType, Device, Tensor};
use candle_nn::VarBuilder;
use candle_transformers::models::bert::Config;

use super::encoder::BertEncoder;
use tokenizers::{Tokenizer, TruncationParams};

use super::{normalize, EmbedError, Embedder, InputKind};

/// How token vectors become one sentence vector.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Pooling {
    Mean,
    Cls,
}

/// Per-model settings (from the model manifest).
#[derive(Debug, Clone)]
pub struct BertOptions {
    /// Identifier recorded in workspaces, e.g. `all-minilm-l6-v2`.
    pub name: String,
    pub pooling: Pooling,
    /// Prepended to queries (e5: `"query: "`, bge: an instruction).
    pub query_prefix: String,
    /// Prepended to documents (e5: `"passage: "`).
    pub document_prefix: String,
    /// Token limit; `None` uses the model's `max_position_embeddings`.
    pub max_tokens: Option<usize>,
    pub batch_size: usize,
    /// See [`Embedder::subject_cosine`]; from the manifest, where it was
    /// measured for the model.
    pub subject_cosine: Option<f32>,
}

impl BertOptions {
    pub fn minilm() -> Self {
        BertOptions {
            name: "all-minilm-l6-v2".into(),
            pooling: Pooling::Mean,
            query_prefix: String::new(),
            document_prefix: String::new(),
            max_tokens: Some(256),
            batch_size: 32,
            // As models/models.toml (measured on WTQ dev: docs/tables.md).
            subject_cosine: Some(0.26),
        }
    }
}

pub struct BertEmbedder {
    model: BertEncoder,
    tokenizer: Tokenizer,
    device: Device,
    dim: usize,
    max_tokens: usize,
    opts: BertOptions,
}

fn load_err(path: &str, e: impl std::fmt::Display) -> EmbedError {
    EmbedError::Load { path: path.to_string(), reason: e.to_string() }
}

impl BertEmbedder {
    /// Loads from a model directory.
    pub fn load(dir: &Path, opts: BertOptions, device: &Device) -> Result<Self, EmbedError> {
        let m = crate::weights::open_safetensors_dir(dir, device).map_err(|(path, reason)| EmbedError::Load { path, reason })?;
        Self::build(&m.config, &m.tokenizer, m.weights, opts, device, &dir.display().to_string())
    }

    /// Loads from bytes: config JSON, safetensors weights, tokenizer JSON.
    pub fn from_bytes(config: &[u8], weights: Vec<u8>, tokenizer: &[u8], opts: BertOptions, device: &Device) -> Result<Self, EmbedError> {
        let vb = VarBuilder::from_buffered_safetensors(weights, DType::F32, device).map_err(|e| load_err("<bytes>", e))?;
        Self::build(config, tokenizer, vb, opts, device, "<bytes>")
    }

    fn build(config: &[u8], tokenizer: &[u8], vb: VarBuilder, opts: BertOptions, device: &Device, origin: &str) -> Result<Self, EmbedError> {
        let config: Config = serde_json::from_slice(config).map_err(|e| load_err(origin, format!("config.json: {e}")))?;
        let mut tokenizer = Tokenizer::from_bytes(tokenizer).map_err(|e| load_err(origin, format!("tokenizer.json: {e}")))?;
        let max_tokens = opts.max_tokens.unwrap_or(config.max_position_embeddings).min(config.max_position_embeddings);
        tokenizer.with_padding(None);
        tokenizer
            .with_truncation(Some(TruncationParams { max_length: max_tokens, ..Default::default() }))
            .map_err(|e| load_err(origin, format!("truncation: {e}")))?;
        let model = BertEncoder::load(vb, &config).map_err(|e| load_err(origin, e))?;
        Ok(BertEmbedder { model, tokenizer, device: device.clone(), dim: config.hidden_size, max_tokens, opts })
    }

    pub fn max_tokens(&self) -> usize {
        self.max_tokens
    }

    /// Token counts of texts (after truncation), for throughput figures.
    pub fn count_tokens(&self, texts: &[&str]) -> Result<usize, EmbedError> {
        let enc = self.tokenizer.encode_batch(texts.to_vec(), true).map_err(|e| self.infer_err(e))?;
        Ok(enc.iter().map(|e| e.get_ids().len()).sum())
    }

    fn infer_err(&self, e: impl std::fmt::Display) -> EmbedError {
        EmbedError::Inference { model: self.opts.name.clone(), reason: e.to_string() }
    }

    fn forward_batch(&self, ids: &[&[u32]]) -> Result<Vec<Vec<f32>>, EmbedError> {
        let n = ids.len();
        let len = ids.iter().map(|x| x.len()).max().unwrap_or(1).max(1);
        let mut flat_ids = vec![0u32; n * len];
        let mut mask = vec![0u32; n * len];
        for (i, x) in ids.iter().enumerate() {
            flat_ids[i * len..i * len + x.len()].copy_from_slice(x);
            mask[i * len..i * len + x.len()].iter_mut().for_each(|m| *m = 1);
        }
        let e = |e: candle_core::Error| self.infer_err(e);
        let input = Tensor::from_vec(flat_ids, (n, len), &self.device).map_err(e)?;
        let types = input.zeros_like().map_err(e)?;
        let mask_t = Tensor::from_vec(mask, (n, len), &self.device).map_err(e)?;
        let out = self.model.forward(&input, &types, &mask_t).map_err(e)?; // (n, len, dim)
        let pooled = match self.opts.pooling {
            Pooling::Cls => out.narrow(1, 0, 1).map_err(e)?.squeeze(1).map_err(e)?,
            Pooling::Mean => {
                let m = mask_t.to_dtype(DType::F32).map_err(e)?.unsqueeze(2).map_err(e)?;
                let summed = out.broadcast_mul(&m).map_err(e)?.sum(1).map_err(e)?;
                let counts = m.sum(1).map_err(e)?.clamp(1e-9f32, f32::MAX).map_err(e)?;
                summed.broadcast_div(&counts).map_err(e)?
            }
        };
        let mut rows: Vec<Vec<f32>> = pooled.to_dtype(DType::F32).map_err(e)?.to_vec2().map_err(e)?;
        rows.iter_mut().for_each(|r| normalize(r));
        Ok(rows)
    }
}

impl Embedder for BertEmbedder {
    fn id(&self) -> String {
        format!("{}-{}", self.opts.name, self.max_tokens)
    }
    fn subject_cosine(&self) -> Option<f32> {
        self.opts.subject_cosine
    }
    fn dim(&self) -> usize {
        self.dim
    }
    fn embed(&self, texts: &[&str], kind: InputKind) -> Result<Vec<Vec<f32>>, EmbedError> {
        if texts.is_empty() {
            return Ok(Vec::new());
        }
        let prefix = match kind {
            InputKind::Query => &self.opts.query_prefix,
            InputKind::Document => &self.opts.document_prefix,
        };
        let inputs: Vec<String> = texts.iter().map(|t| format!("{prefix}{t}")).collect();
        let enc = self.tokenizer.encode_batch(inputs, true).map_err(|e| self.infer_err(e))?;
        // Sort by length so each batch pads to little.
        let mut order: Vec<usize> = (0..enc.len()).collect();
        order.sort_by_key(|&i| enc[i].get_ids().len());
        let mut out: Vec<Vec<f32>> = vec![Vec::new(); texts.len()];
        for chunk in order.chunks(self.opts.batch_size.max(1)) {
            let ids: Vec<&[u32]> = chunk.iter().map(|&i| enc[i].get_ids()).collect();
            let vs = self.forward_batch(&ids)?;
            for (&i, v) in chunk.iter().zip(vs) {
                out[i] = v;
            }
        }
        Ok(out)
    }
}
