//! A Candle cross-encoder: a BERT or XLM-RoBERTa encoder with a sequence
//! classification head, as in `cross-encoder/ms-marco-MiniLM-L-6-v2`
//! (`BertForSequenceClassification`: pooler → classifier) and
//! `BAAI/bge-reranker-base` (`XLMRobertaForSequenceClassification`).
//!
//! It takes a model directory (`config.json`, `model.safetensors`,
//! `tokenizer.json`) or the same three as bytes, and never downloads. The
//! query and passage are encoded as one pair (`[CLS] q [SEP] p [SEP]`, token
//! type ids from the tokenizer), truncated at the model's limit, sorted by
//! length and batched with dynamic padding, like the embedder. The score is
//! the single logit (or the "relevant" logit of a two-label head).

use std::path::Path;

use candle_core::{DType, Device, Module, Tensor};
use candle_nn::{linear, Linear, VarBuilder};
use candle_transformers::models::{bert, xlm_roberta};
use tokenizers::{Tokenizer, TruncationParams, TruncationStrategy};

use super::{RerankError, Reranker};

/// Which encoder family a checkpoint holds, from `config.json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Bert,
    XlmRoberta,
}

enum Net {
    Bert { model: crate::embed::encoder::BertEncoder, pooler: Linear, classifier: Linear },
    XlmRoberta(xlm_roberta::XLMRobertaForSequenceClassification),
}

pub struct CrossEncoder {
    name: String,
    net: Net,
    tokenizer: Tokenizer,
    device: Device,
    pad_id: u32,
    num_labels: usize,
    max_tokens: usize,
    batch_size: usize,
}

fn load_err(path: &str, e: impl std::fmt::Display) -> RerankError {
    RerankError::Load { path: path.to_string(), reason: e.to_string() }
}

#[derive(serde::Deserialize)]
struct Head {
    #[serde(default)]
    architectures: Vec<String>,
    #[serde(default)]
    model_type: Option<String>,
    #[serde(default)]
    id2label: Option<serde_json::Map<String, serde_json::Value>>,
    #[serde(default)]
    pad_token_id: Option<u32>,
}

impl CrossEncoder {
    /// Loads from a model directory.
    pub fn load(dir: &Path, name: &str, max_tokens: Option<usize>, device: &Device) -> Result<Self, RerankError> {
        let m = crate::weights::open_safetensors_dir(dir, device).map_err(|(path, reason)| RerankError::Load { path, reason })?;
        Self::build(&m.config, &m.tokenizer, m.weights, name, max_tokens, device, &dir.display().to_string())
    }

    /// Loads from bytes: config JSON, safetensors weights, tokenizer JSON.
    pub fn from_bytes(config: &[u8], weights: Vec<u8>, tokenizer: &[u8], name: &str, max_tokens: Option<usize>, device: &Device) -> Result<Self, RerankError> {
        let vb = VarBuilder::from_buffered_safetensors(weights, DType::F32, device).map_err(|e| load_err("<bytes>", e))?;
        Self::build(config, tokenizer, vb, name, max_tokens, device, "<bytes>")
    }

    fn build(config: &[u8], tokenizer: &[u8], vb: VarBuilder, name: &str, max_tokens: Option<usize>, device: &Device, origin: &str) -> Result<Self, RerankError> {
        let err = |e: &dyn std::fmt::Display| load_err(origin, e);
        let head: Head = serde_json::from_slice(config).map_err(|e| err(&format!("config.json: {e}")))?;
        let family = Self::family(&head).ok_or_else(|| err(&"config.json names neither a BERT nor an XLM-RoBERTa sequence classifier"))?;
        let num_labels = head.id2label.as_ref().map(|m| m.len()).unwrap_or(1).max(1);
        let (net, positions, pad_id) = match family {
            Family::Bert => {
                let cfg: bert::Config = serde_json::from_slice(config).map_err(|e| err(&format!("config.json: {e}")))?;
                let model = crate::embed::encoder::BertEncoder::load(vb.clone(), &cfg).map_err(|e| err(&e))?;
                let pooler = linear(cfg.hidden_size, cfg.hidden_size, vb.pp("bert.pooler.dense")).map_err(|e| err(&format!("pooler: {e}")))?;
                let classifier = linear(cfg.hidden_size, num_labels, vb.pp("classifier")).map_err(|e| err(&format!("classifier: {e}")))?;
                (Net::Bert { model, pooler, classifier }, cfg.max_position_embeddings, head.pad_token_id.unwrap_or(0))
            }
            Family::XlmRoberta => {
                let cfg: xlm_roberta::Config = serde_json::from_slice(config).map_err(|e| err(&format!("config.json: {e}")))?;
                let model = xlm_roberta::XLMRobertaForSequenceClassification::new(num_labels, &cfg, vb).map_err(|e| err(&e))?;
                // XLM-R positions start after the padding index.
                (Net::XlmRoberta(model), cfg.max_position_embeddings.saturating_sub(cfg.pad_token_id as usize + 1), cfg.pad_token_id)
            }
        };
        let max_tokens = max_tokens.unwrap_or(positions).min(positions);
        let mut tokenizer = Tokenizer::from_bytes(tokenizer).map_err(|e| err(&format!("tokenizer.json: {e}")))?;
        tokenizer.with_padding(None);
        tokenizer
            .with_truncation(Some(TruncationParams { max_length: max_tokens, strategy: TruncationStrategy::LongestFirst, ..Default::default() }))
            .map_err(|e| err(&format!("truncation: {e}")))?;
        Ok(CrossEncoder { name: name.to_string(), net, tokenizer, device: device.clone(), pad_id, num_labels, max_tokens, batch_size: 16 })
    }

    fn family(head: &Head) -> Option<Family> {
        let arch = head.architectures.iter().map(|a| a.as_str());
        for a in arch {
            match a {
                "BertForSequenceClassification" => return Some(Family::Bert),
                "XLMRobertaForSequenceClassification" => return Some(Family::XlmRoberta),
                _ => {}
            }
        }
        match head.model_type.as_deref() {
            Some("bert") => Some(Family::Bert),
            Some("xlm-roberta") => Some(Family::XlmRoberta),
            _ => None,
        }
    }

    pub fn max_tokens(&self) -> usize {
        self.max_tokens
    }

    fn infer_err(&self, e: impl std::fmt::Display) -> RerankError {
        RerankError::Inference { model: self.name.clone(), reason: e.to_string() }
    }

    fn forward_batch(&self, enc: &[&tokenizers::Encoding]) -> Result<Vec<f32>, RerankError> {
        let n = enc.len();
        let len = enc.iter().map(|x| x.get_ids().len()).max().unwrap_or(1).max(1);
        let mut ids = vec![self.pad_id; n * len];
        let mut types = vec![0u32; n * len];
        let mut mask = vec![0u32; n * len];
        for (i, x) in enc.iter().enumerate() {
            let l = x.get_ids().len();
            ids[i * len..i * len + l].copy_from_slice(x.get_ids());
            types[i * len..i * len + l].copy_from_slice(x.get_type_ids());
            mask[i * len..i * len + l].iter_mut().for_each(|m| *m = 1);
        }
        let e = |e: candle_core::Error| self.infer_err(e);
        let ids = Tensor::from_vec(ids, (n, len), &self.device).map_err(e)?;
        let mask = Tensor::from_vec(mask, (n, len), &self.device).map_err(e)?;
        let logits = match &self.net {
            Net::Bert { model, pooler, classifier } => {
                let types = Tensor::from_vec(types, (n, len), &self.device).map_err(e)?;
                let out = model.forward(&ids, &types, &mask).map_err(e)?;
                let cls = out.narrow(1, 0, 1).map_err(e)?.squeeze(1).map_err(e)?;
                let pooled = pooler.forward(&cls).map_err(e)?.tanh().map_err(e)?;
                classifier.forward(&pooled).map_err(e)?
            }
            // XLM-R has a single token type; the pair is told apart by </s></s>.
            Net::XlmRoberta(model) => model.forward(&ids, &mask, &ids.zeros_like().map_err(e)?).map_err(e)?,
        };
        let logits: Vec<Vec<f32>> = logits.to_dtype(DType::F32).map_err(e)?.to_vec2().map_err(e)?;
        let label = if self.num_labels > 1 { 1 } else { 0 };
        Ok(logits.into_iter().map(|row| row[label]).collect())
    }
}

impl Reranker for CrossEncoder {
    fn id(&self) -> String {
        format!("{}-{}", self.name, self.max_tokens)
    }

    fn score(&self, query: &str, passages: &[&str]) -> Result<Vec<f32>, RerankError> {
        if passages.is_empty() {
            return Ok(Vec::new());
        }
        let pairs: Vec<tokenizers::EncodeInput> = passages.iter().map(|p| (query.to_string(), p.to_string()).into()).collect();
        let enc = self.tokenizer.encode_batch(pairs, true).map_err(|e| self.infer_err(e))?;
        let mut order: Vec<usize> = (0..enc.len()).collect();
        order.sort_by_key(|&i| enc[i].get_ids().len());
        let mut out = vec![0f32; passages.len()];
        for chunk in order.chunks(self.batch_size) {
            let batch: Vec<&tokenizers::Encoding> = chunk.iter().map(|&i| &enc[i]).collect();
            for (&i, s) in chunk.iter().zip(self.forward_batch(&batch)?) {
                out[i] = s;
            }
        }
        Ok(out)
    }
}
