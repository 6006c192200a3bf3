//! Tiny models with random weights, generated on the spot, so the real model
//! code (safetensors loading, tokenization, batching, pooling) is tested
//! without downloading anything. Deterministic for a given seed. Also small
//! hand-built files (PDFs object by object) for loader tests and the
//! selftest corpus.

use std::collections::HashMap;
use std::path::Path;

/// A small deterministic PRNG (xorshift64*), enough for test weights.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
    /// Uniform in [-scale, scale).
    pub fn uniform(&mut self, scale: f32) -> f32 {
        ((self.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * scale
    }
}

pub const TINY_WORDS: &[&str] = &[
    "revenue", "grew", "in", "the", "year", "cost", "of", "sales", "fell", "net", "income", "was", "million", "goodwill",
    "impairment", "table", "total", "assets", "cash", "tax", "rate", "region", "segment", "profit", "loss", "2019", "2018",
    "and", "a", "by", "to", "##s", "##ed", "##ing", ".", ",", "$", "%",
];

/// A BERT tokenizer.json over a small WordPiece vocabulary.
pub fn tiny_tokenizer_json() -> String {
    let mut vocab: Vec<String> = ["[PAD]", "[UNK]", "[CLS]", "[SEP]"].iter().map(|s| s.to_string()).collect();
    vocab.extend(TINY_WORDS.iter().map(|s| s.to_string()));
    let vocab_map: serde_json::Map<String, serde_json::Value> = vocab.iter().enumerate().map(|(i, w)| (w.clone(), serde_json::json!(i))).collect();
    let added: Vec<serde_json::Value> = ["[PAD]", "[UNK]", "[CLS]", "[SEP]"]
        .iter()
        .enumerate()
        .map(|(i, t)| serde_json::json!({"id": i, "content": t, "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": true}))
        .collect();
    serde_json::json!({
        "version": "1.0",
        "truncation": null,
        "padding": {"strategy": {"Fixed": 16}, "direction": "Right", "pad_to_multiple_of": null, "pad_id": 0, "pad_type_id": 0, "pad_token": "[PAD]"},
        "added_tokens": added,
        "normalizer": {"type": "BertNormalizer", "clean_text": true, "handle_chinese_chars": true, "strip_accents": null, "lowercase": true},
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {"type": "BertProcessing", "sep": ["[SEP]", 3], "cls": ["[CLS]", 2]},
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": true},
        "model": {"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##", "max_input_chars_per_word": 100, "vocab": vocab_map}
    })
    .to_string()
}

pub const TINY_HIDDEN: usize = 32;

/// config.json of the tiny BERT.
pub fn tiny_bert_config() -> String {
    serde_json::json!({
        "architectures": ["BertModel"], "model_type": "bert",
        "vocab_size": 4 + TINY_WORDS.len(), "hidden_size": TINY_HIDDEN, "num_hidden_layers": 2,
        "num_attention_heads": 4, "intermediate_size": 64, "hidden_act": "gelu",
        "hidden_dropout_prob": 0.1, "attention_probs_dropout_prob": 0.1,
        "max_position_embeddings": 64, "type_vocab_size": 2, "initializer_range": 0.02,
        "layer_norm_eps": 1e-12, "pad_token_id": 0, "position_embedding_type": "absolute"
    })
    .to_string()
}

/// Which head and key layout a tiny encoder is written with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TinyHead {
    /// `BertModel`: bare encoder keys, as sentence-transformers ships them.
    Embedder,
    /// `BertForSequenceClassification`: `bert.` prefix, pooler, classifier.
    BertClassifier,
    /// `XLMRobertaForSequenceClassification`: `roberta.` prefix,
    /// `classifier.dense` and `classifier.out_proj`.
    XlmRobertaClassifier,
}

/// safetensors bytes of a tiny encoder with random weights.
pub fn tiny_bert_safetensors(seed: u64, head: TinyHead) -> Vec<u8> {
    let (v, h, p, i, layers) = (4 + TINY_WORDS.len(), TINY_HIDDEN, 64, 64, 2);
    let pre = match head {
        TinyHead::Embedder => "",
        TinyHead::BertClassifier => "bert.",
        TinyHead::XlmRobertaClassifier => "roberta.",
    };
    let mut rng = Rng::new(seed);
    let mut tensors: Vec<(String, Vec<usize>, Vec<f32>)> = Vec::new();
    let mut rand = |name: String, shape: Vec<usize>, scale: f32| {
        let n: usize = shape.iter().product();
        let data = (0..n).map(|_| rng.uniform(scale)).collect();
        tensors.push((name, shape, data));
    };
    rand(format!("{pre}embeddings.word_embeddings.weight"), vec![v, h], 0.5);
    rand(format!("{pre}embeddings.position_embeddings.weight"), vec![p, h], 0.1);
    rand(format!("{pre}embeddings.token_type_embeddings.weight"), vec![2, h], 0.1);
    for l in 0..layers {
        let pre = format!("{pre}encoder.layer.{l}");
        for m in ["query", "key", "value"] {
            rand(format!("{pre}.attention.self.{m}.weight"), vec![h, h], 0.3);
            rand(format!("{pre}.attention.self.{m}.bias"), vec![h], 0.05);
        }
        rand(format!("{pre}.attention.output.dense.weight"), vec![h, h], 0.3);
        rand(format!("{pre}.attention.output.dense.bias"), vec![h], 0.05);
        rand(format!("{pre}.intermediate.dense.weight"), vec![i, h], 0.3);
        rand(format!("{pre}.intermediate.dense.bias"), vec![i], 0.05);
        rand(format!("{pre}.output.dense.weight"), vec![h, i], 0.3);
        rand(format!("{pre}.output.dense.bias"), vec![h], 0.05);
    }
    match head {
        TinyHead::Embedder => {}
        TinyHead::BertClassifier => {
            rand("bert.pooler.dense.weight".into(), vec![h, h], 0.3);
            rand("bert.pooler.dense.bias".into(), vec![h], 0.05);
            rand("classifier.weight".into(), vec![1, h], 0.3);
            rand("classifier.bias".into(), vec![1], 0.05);
        }
        TinyHead::XlmRobertaClassifier => {
            rand("classifier.dense.weight".into(), vec![h, h], 0.3);
            rand("classifier.dense.bias".into(), vec![h], 0.05);
            rand("classifier.out_proj.weight".into(), vec![1, h], 0.3);
            rand("classifier.out_proj.bias".into(), vec![1], 0.05);
        }
    }
    // LayerNorms: weight 1, bias 0.
    let mut norms = vec![format!("{pre}embeddings.LayerNorm")];
    for l in 0..layers {
        norms.push(format!("{pre}encoder.layer.{l}.attention.output.LayerNorm"));
        norms.push(format!("{pre}encoder.layer.{l}.output.LayerNorm"));
    }
    for n in norms {
        tensors.push((format!("{n}.weight"), vec![h], vec![1.0; h]));
        tensors.push((format!("{n}.bias"), vec![h], vec![0.0; h]));
    }
    let bytes: Vec<(String, Vec<usize>, Vec<u8>)> =
        tensors.into_iter().map(|(n, s, d)| (n, s, d.iter().flat_map(|x| x.to_le_bytes()).collect())).collect();
    let views: HashMap<String, safetensors::tensor::TensorView<'_>> = bytes
        .iter()
        .map(|(n, s, d)| (n.clone(), safetensors::tensor::TensorView::new(safetensors::Dtype::F32, s.clone(), d).expect("valid tensor")))
        .collect();
    safetensors::serialize(&views, None).expect("serialize")
}

/// config.json of a tiny cross-encoder with the given head.
pub fn tiny_cross_encoder_config(head: TinyHead) -> String {
    let mut cfg: serde_json::Value = serde_json::from_str(&tiny_bert_config()).expect("tiny config");
    let (arch, model_type) = match head {
        TinyHead::Embedder | TinyHead::BertClassifier => ("BertForSequenceClassification", "bert"),
        TinyHead::XlmRobertaClassifier => ("XLMRobertaForSequenceClassification", "xlm-roberta"),
    };
    cfg["architectures"] = serde_json::json!([arch]);
    cfg["model_type"] = serde_json::json!(model_type);
    cfg["id2label"] = serde_json::json!({"0": "LABEL_0"});
    cfg.to_string()
}

/// Writes a tiny cross-encoder model directory.
pub fn write_tiny_cross_encoder(dir: &Path, seed: u64, head: TinyHead) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("config.json"), tiny_cross_encoder_config(head))?;
    std::fs::write(dir.join("tokenizer.json"), tiny_tokenizer_json())?;
    std::fs::write(dir.join("model.safetensors"), tiny_bert_safetensors(seed, head))?;
    Ok(())
}

/// Writes a tiny BERT model directory.
pub fn write_tiny_bert(dir: &Path, seed: u64) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    std::fs::write(dir.join("config.json"), tiny_bert_config())?;
    std::fs::write(dir.join("tokenizer.json"), tiny_tokenizer_json())?;
    std::fs::write(dir.join("model.safetensors"), tiny_bert_safetensors(seed, TinyHead::Embedder))?;
    Ok(())
}

/// GGUF bytes of a tiny decoder-only model with random f32 weights, in the
/// layout llama.cpp writes for `arch` (`qwen2`, with q/k/v biases, or
/// `llama`). Its vocabulary is [`tiny_tokenizer_json`]'s.
pub fn tiny_gguf(arch: &str, seed: u64) -> Vec<u8> {
    tiny_gguf_sized(arch, seed, 4 + TINY_WORDS.len(), 64)
}

/// A tiny random chat model over [`tiny_bpe_tokenizer_json`]'s byte-level
/// vocabulary, with room for agent-sized prompts: what constrained
/// decoding and the agent's LLM steps are tested on.
pub fn tiny_chat_gguf(arch: &str, seed: u64) -> Vec<u8> {
    tiny_gguf_sized(arch, seed, tiny_bpe_vocab().len(), 8192)
}

/// Merged tokens of the tiny byte-level vocabulary (as byte strings), so
/// that some tokens span JSON structure (`{"`, `":`) as real BPE ones do.
const TINY_MERGES: &[(&str, &str)] = &[("{", "\""), ("\"", ":"), (",", "\""), ("t", "r"), ("u", "e"), ("tr", "ue"), ("r", "e"), ("\"", "}"), ("2", "0"), ("1", "9")];
const TINY_SPECIALS: &[&str] = &["<|im_start|>", "<|im_end|>", "<|endoftext|>", "<|eot_id|>", "<|begin_of_text|>", "<|start_header_id|>", "<|end_header_id|>"];

/// `chars[b]`: the printable character byte-level BPE writes byte `b` as.
fn byte_chars() -> Vec<char> {
    let mut by_byte: Vec<(u8, char)> = aurag_core::llm::json::byte_level_decoder().into_iter().map(|(c, b)| (b, c)).collect();
    by_byte.sort();
    by_byte.into_iter().map(|(_, c)| c).collect()
}

/// The tiny byte-level vocabulary: 256 bytes (GPT-2 map), the merges, then
/// the special tokens.
fn tiny_bpe_vocab() -> Vec<String> {
    let chars = byte_chars();
    let enc = |s: &str| -> String { s.bytes().map(|b| chars[b as usize]).collect() };
    let mut vocab: Vec<String> = chars.iter().map(|c| c.to_string()).collect();
    vocab.extend(TINY_MERGES.iter().map(|(a, b)| enc(&format!("{a}{b}"))));
    vocab.extend(TINY_SPECIALS.iter().map(|s| s.to_string()));
    vocab
}

/// A byte-level BPE tokenizer.json (the Qwen / Llama 3 kind) over
/// [`tiny_bpe_vocab`], with ChatML and Llama 3 special tokens.
pub fn tiny_bpe_tokenizer_json() -> String {
    bpe_tokenizer_json_with_vocab(0)
}

/// The tokens of [`bpe_tokenizer_json_with_vocab`] in id order (byte
/// tokens, merges, fillers, then the special tokens last).
pub fn bpe_vocab_with(total: usize) -> Vec<String> {
    let mut vocab = tiny_bpe_vocab();
    let specials = vocab.split_off(vocab.len() - TINY_SPECIALS.len());
    let fill = total.saturating_sub(vocab.len() + specials.len());
    vocab.extend((0..fill).map(|i| format!("<f{i}>")));
    vocab.extend(specials);
    vocab
}

/// GGUF tokenizer metadata (`tokenizer.ggml.*`, the GPT-2 BPE kind) for
/// [`bpe_vocab_with`]`(total)`, so llama.cpp can load a random model too.
pub fn gguf_tokenizer_metadata(total: usize) -> Vec<(String, candle_core::quantized::gguf_file::Value)> {
    use candle_core::quantized::gguf_file::Value;
    let vocab = bpe_vocab_with(total);
    let n_plain = vocab.len() - TINY_SPECIALS.len();
    let chars = byte_chars();
    let enc = |s: &str| -> String { s.bytes().map(|b| chars[b as usize]).collect() };
    let id_of = |t: &str| vocab.iter().position(|v| v == t).unwrap_or(0) as u32;
    vec![
        ("tokenizer.ggml.model".into(), Value::String("gpt2".into())),
        ("tokenizer.ggml.pre".into(), Value::String("qwen2".into())),
        ("tokenizer.ggml.tokens".into(), Value::Array(vocab.iter().map(|t| Value::String(t.clone())).collect())),
        ("tokenizer.ggml.token_type".into(), Value::Array((0..vocab.len()).map(|i| Value::I32(if i < n_plain { 1 } else { 3 })).collect())),
        ("tokenizer.ggml.merges".into(), Value::Array(TINY_MERGES.iter().map(|(a, b)| Value::String(format!("{} {}", enc(a), enc(b)))).collect())),
        ("tokenizer.ggml.eos_token_id".into(), Value::U32(id_of("<|im_end|>"))),
        ("tokenizer.ggml.bos_token_id".into(), Value::U32(id_of("<|endoftext|>"))),
        ("tokenizer.ggml.padding_token_id".into(), Value::U32(id_of("<|endoftext|>"))),
    ]
}

/// [`tiny_bpe_tokenizer_json`] padded with filler tokens (`<f123>`) to
/// `total` entries, so every id a model of that vocabulary can emit
/// decodes (for benchmarks on real-sized random models).
pub fn bpe_tokenizer_json_with_vocab(total: usize) -> String {
    let vocab = bpe_vocab_with(total);
    let chars = byte_chars();
    let enc = |s: &str| -> String { s.bytes().map(|b| chars[b as usize]).collect() };
    let n_plain = vocab.len() - TINY_SPECIALS.len();
    let vocab_map: serde_json::Map<String, serde_json::Value> = vocab.iter().take(n_plain).enumerate().map(|(i, w)| (w.clone(), serde_json::json!(i))).collect();
    let added: Vec<serde_json::Value> = TINY_SPECIALS
        .iter()
        .enumerate()
        .map(|(i, t)| serde_json::json!({"id": n_plain + i, "content": t, "single_word": false, "lstrip": false, "rstrip": false, "normalized": false, "special": true}))
        .collect();
    let merges: Vec<String> = TINY_MERGES.iter().map(|(a, b)| format!("{} {}", enc(a), enc(b))).collect();
    serde_json::json!({
        "version": "1.0",
        "truncation": null,
        "padding": null,
        "added_tokens": added,
        "normalizer": null,
        "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": false, "trim_offsets": true, "use_regex": true},
        "post_processor": null,
        "decoder": {"type": "ByteLevel", "add_prefix_space": true, "trim_offsets": true, "use_regex": true},
        "model": {"type": "BPE", "dropout": null, "unk_token": null, "continuing_subword_prefix": null, "end_of_word_suffix": null, "fuse_unk": false, "byte_fallback": false, "ignore_merges": false, "vocab": vocab_map, "merges": merges}
    })
    .to_string()
}

fn tiny_gguf_sized(arch: &str, seed: u64, v: usize, ctx: u32) -> Vec<u8> {
    let shape = GgufShape { hidden: TINY_HIDDEN, heads: 4, kv_heads: 2, ff: 64, layers: 2, vocab: v, context: ctx };
    random_gguf(arch, &shape, candle_core::quantized::GgmlDType::F32, seed)
}

/// The dimensions of a decoder-only model, for [`random_gguf`].
#[derive(Debug, Clone, Copy)]
pub struct GgufShape {
    pub hidden: usize,
    pub heads: usize,
    pub kv_heads: usize,
    pub ff: usize,
    pub layers: usize,
    pub vocab: usize,
    pub context: u32,
}

impl GgufShape {
    /// Qwen2.5-0.5B-Instruct's dimensions (what `aurag bench llm` times).
    pub const QWEN2_5_0_5B: GgufShape = GgufShape { hidden: 896, heads: 14, kv_heads: 2, ff: 4864, layers: 24, vocab: 151_936, context: 4096 };
}

/// A GGUF of `arch` with `shape` and random weights, matrices stored as
/// `dtype` (norms stay F32): a stand-in of the real model's size and
/// compute where no weights can be downloaded.
pub fn random_gguf(arch: &str, shape: &GgufShape, dtype: candle_core::quantized::GgmlDType, seed: u64) -> Vec<u8> {
    random_gguf_with(arch, shape, dtype, seed, Vec::new())
}

/// [`random_gguf`] with more metadata (e.g. [`gguf_tokenizer_metadata`]).
pub fn random_gguf_with(arch: &str, shape: &GgufShape, dtype: candle_core::quantized::GgmlDType, seed: u64, extra: Vec<(String, candle_core::quantized::gguf_file::Value)>) -> Vec<u8> {
    use candle_core::quantized::{gguf_file, GgmlDType, QTensor};
    use candle_core::{Device, Tensor};
    let GgufShape { hidden: h, heads, kv_heads, ff, layers, vocab: v, context: ctx } = *shape;
    let head_dim = h / heads;
    let kv = kv_heads * head_dim;
    let mut rng = Rng::new(seed);
    let mut tensors: Vec<(String, QTensor)> = Vec::new();
    let mut add = |name: String, shape: &[usize], scale: f32, ones: bool| {
        let n: usize = shape.iter().product();
        let data: Vec<f32> = (0..n).map(|_| if ones { 1.0 } else { rng.uniform(scale) }).collect();
        let t = Tensor::from_vec(data, shape, &Device::Cpu).expect("tensor");
        let dt = if shape.len() == 2 { dtype } else { GgmlDType::F32 };
        tensors.push((name, QTensor::quantize(&t, dt).expect("quantize")));
    };
    add("token_embd.weight".into(), &[v, h], 0.5, false);
    add("output_norm.weight".into(), &[h], 0.0, true);
    add("output.weight".into(), &[v, h], 0.5, false);
    for l in 0..layers {
        let p = format!("blk.{l}");
        if arch == "phi3" {
            // Phi-3 fuses q, k, v into one matrix and gate and up into another.
            add(format!("{p}.attn_qkv.weight"), &[h + 2 * kv, h], 0.3, false);
            add(format!("{p}.attn_output.weight"), &[h, h], 0.3, false);
            add(format!("{p}.ffn_up.weight"), &[2 * ff, h], 0.3, false);
            add(format!("{p}.ffn_down.weight"), &[h, ff], 0.3, false);
        } else {
            add(format!("{p}.attn_q.weight"), &[h, h], 0.3, false);
            add(format!("{p}.attn_k.weight"), &[kv, h], 0.3, false);
            add(format!("{p}.attn_v.weight"), &[kv, h], 0.3, false);
            if arch == "qwen2" {
                add(format!("{p}.attn_q.bias"), &[h], 0.05, false);
                add(format!("{p}.attn_k.bias"), &[kv], 0.05, false);
                add(format!("{p}.attn_v.bias"), &[kv], 0.05, false);
            }
            if arch == "qwen3" {
                add(format!("{p}.attn_q_norm.weight"), &[head_dim], 0.0, true);
                add(format!("{p}.attn_k_norm.weight"), &[head_dim], 0.0, true);
            }
            add(format!("{p}.attn_output.weight"), &[h, h], 0.3, false);
            add(format!("{p}.ffn_gate.weight"), &[ff, h], 0.3, false);
            add(format!("{p}.ffn_down.weight"), &[h, ff], 0.3, false);
            add(format!("{p}.ffn_up.weight"), &[ff, h], 0.3, false);
        }
        add(format!("{p}.attn_norm.weight"), &[h], 0.0, true);
        add(format!("{p}.ffn_norm.weight"), &[h], 0.0, true);
    }
    let u = |x: u32| gguf_file::Value::U32(x);
    let meta: Vec<(String, gguf_file::Value)> = vec![
        ("general.architecture".into(), gguf_file::Value::String(arch.into())),
        (format!("{arch}.attention.head_count"), u(heads as u32)),
        (format!("{arch}.attention.head_count_kv"), u(kv_heads as u32)),
        (format!("{arch}.embedding_length"), u(h as u32)),
        (format!("{arch}.context_length"), u(ctx)),
        (format!("{arch}.block_count"), u(layers as u32)),
        (format!("{arch}.feed_forward_length"), u(ff as u32)),
        (format!("{arch}.rope.dimension_count"), u(head_dim as u32)),
        (format!("{arch}.attention.layer_norm_rms_epsilon"), gguf_file::Value::F32(1e-6)),
        (format!("{arch}.attention.key_length"), u(head_dim as u32)),
        (format!("{arch}.rope.freq_base"), gguf_file::Value::F32(10000.0)),
        ("general.alignment".into(), u(32)),
    ];
    let meta: Vec<(String, gguf_file::Value)> = meta.into_iter().chain(extra).collect();
    let meta_refs: Vec<(&str, &gguf_file::Value)> = meta.iter().map(|(k, v)| (k.as_str(), v)).collect();
    let tensor_refs: Vec<(&str, &QTensor)> = tensors.iter().map(|(k, t)| (k.as_str(), t)).collect();
    let mut out = std::io::Cursor::new(Vec::new());
    gguf_file::write(&mut out, &meta_refs, &tensor_refs).expect("write gguf");
    out.into_inner()
}

/// A PDF from numbered object bodies (object n is `objects[n - 1]`, and
/// object 1 is the catalog), with a correct xref table.
pub fn pdf_from_objects(objects: &[String]) -> Vec<u8> {
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend(format!("{} 0 obj\n{body}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for o in offsets {
        out.extend(format!("{o:010} 00000 n \n").as_bytes());
    }
    out.extend(format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1).as_bytes());
    out
}

/// A PDF stream object's body: `dict` entries plus the length, then `body`.
pub fn pdf_stream(dict: &str, body: &str) -> String {
    format!("<< {dict} /Length {} >>\nstream\n{body}\nendstream", body.len())
}

/// A PDF of 600 x 800 pt pages, each a list of (x, y, text) drawn in
/// 10 pt Helvetica: layouts (tables, page headers) placed by hand.
pub fn pdf_placed_text(pages: &[Vec<(f64, f64, String)>]) -> Vec<u8> {
    let n = pages.len();
    let kids: Vec<String> = (0..n).map(|i| format!("{} 0 R", 4 + 2 * i)).collect();
    let mut objects = vec![
        "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
        format!("<< /Type /Pages /Kids [{}] /Count {n} /MediaBox [0 0 600 800] >>", kids.join(" ")),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".to_string(),
    ];
    for (i, items) in pages.iter().enumerate() {
        objects.push(format!("<< /Type /Page /Parent 2 0 R /Contents {} 0 R /Resources << /Font << /F1 3 0 R >> >> >>", 5 + 2 * i));
        let body: Vec<String> = items.iter().map(|(x, y, t)| format!("BT /F1 10 Tf {x} {y} Td ({t}) Tj ET")).collect();
        objects.push(pdf_stream("", &body.join("\n")));
    }
    pdf_from_objects(&objects)
}

/// The WordprocessingML namespace declaration, for [`docx`] bodies.
pub const DOCX_NS: &str = r#"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main""#;

/// A .docx file (a zip with `[Content_Types].xml` and `word/document.xml`)
/// whose body is `body`, WordprocessingML with the `w:` prefix.
pub fn docx(body: &str) -> Vec<u8> {
    use std::io::Write;
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default();
    z.start_file("[Content_Types].xml", opts).expect("zip entry");
    z.write_all(br#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>"#).expect("zip write");
    z.start_file("word/document.xml", opts).expect("zip entry");
    write!(z, r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document {DOCX_NS}><w:body>{body}<w:sectPr/></w:body></w:document>"#).expect("zip write");
    z.finish().expect("zip finish").into_inner()
}

/// A WordprocessingML paragraph of one run (for [`docx`]).
pub fn docx_p(text: &str) -> String {
    format!("<w:p><w:r><w:t xml:space=\"preserve\">{text}</w:t></w:r></w:p>")
}

/// A table of rows of cell texts, each cell one paragraph (for [`docx`]).
pub fn docx_table(rows: &[&[&str]]) -> String {
    let rows: String = rows.iter().map(|r| format!("<w:tr>{}</w:tr>", r.iter().map(|c| format!("<w:tc><w:tcPr/>{}</w:tc>", docx_p(c))).collect::<String>())).collect();
    format!("<w:tbl>{rows}</w:tbl>")
}

/// A PowerPoint slide part whose first shape holds `paragraphs` (each one
/// `a:p`, written as given: markup allowed), followed by `extra` shapes.
pub fn pptx_slide(paragraphs: &[&str], extra: &str) -> String {
    let ps: String = paragraphs.iter().map(|p| format!("<a:p><a:r><a:t>{p}</a:t></a:r></a:p>")).collect();
    format!(r#"<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><p:cSld><p:spTree><p:sp><p:txBody>{ps}</p:txBody></p:sp>{extra}</p:spTree></p:cSld></p:sld>"#)
}

/// A .pptx deck of `slides` (a slide part and its speaker notes, if any),
/// in that order. The parts are named in the opposite order
/// (`slide1.xml` is the last slide), so a reader must follow the deck's
/// slide list rather than the file names.
pub fn pptx(slides: &[(String, Option<String>)]) -> Vec<u8> {
    use std::io::Write;
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default();
    let n = slides.len();
    let part = |i: usize| n - i;
    z.start_file("[Content_Types].xml", opts).expect("zip entry");
    z.write_all(b"<Types/>").expect("zip write");
    let ids: String = (0..n).map(|i| format!(r#"<p:sldId id="{}" r:id="rId{}"/>"#, 256 + i, i + 1)).collect();
    z.start_file("ppt/presentation.xml", opts).expect("zip entry");
    write!(z, r#"<?xml version="1.0"?><p:presentation xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><p:sldIdLst>{ids}</p:sldIdLst></p:presentation>"#).expect("zip write");
    let rels: String = (0..n).map(|i| format!(r#"<Relationship Id="rId{}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="slides/slide{}.xml"/>"#, i + 1, part(i))).collect();
    z.start_file("ppt/_rels/presentation.xml.rels", opts).expect("zip entry");
    write!(z, r#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{rels}</Relationships>"#).expect("zip write");
    for (i, (slide, notes)) in slides.iter().enumerate() {
        z.start_file(format!("ppt/slides/slide{}.xml", part(i)), opts).expect("zip entry");
        z.write_all(slide.as_bytes()).expect("zip write");
        if let Some(notes) = notes {
            z.start_file(format!("ppt/slides/_rels/slide{}.xml.rels", part(i)), opts).expect("zip entry");
            write!(z, r#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/notesSlide" Target="../notesSlides/notesSlide{}.xml"/></Relationships>"#, part(i)).expect("zip write");
            z.start_file(format!("ppt/notesSlides/notesSlide{}.xml", part(i)), opts).expect("zip entry");
            write!(z, r#"<?xml version="1.0"?><p:notes xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:fld type="slidenum"><a:t>{}</a:t></a:fld></a:p></p:txBody></p:sp><p:sp><p:txBody><a:p><a:r><a:t>{notes}</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:notes>"#, i + 1).expect("zip write");
        }
    }
    z.finish().expect("zip finish").into_inner()
}

/// A one-sheet .xlsx workbook (sheet "Data") of rows of cells: a cell that
/// parses as a number is written as a number, any other as an inline string.
pub fn xlsx(rows: &[&[&str]]) -> Vec<u8> {
    use std::io::Write;
    let esc = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    let mut sheet = String::from(r#"<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>"#);
    for (r, row) in rows.iter().enumerate() {
        sheet.push_str(&format!(r#"<row r="{}">"#, r + 1));
        for (c, v) in row.iter().enumerate() {
            let cell = format!("{}{}", (b'A' + c as u8) as char, r + 1);
            if v.parse::<f64>().is_ok() {
                sheet.push_str(&format!(r#"<c r="{cell}"><v>{v}</v></c>"#));
            } else {
                sheet.push_str(&format!(r#"<c r="{cell}" t="inlineStr"><is><t>{}</t></is></c>"#, esc(v)));
            }
        }
        sheet.push_str("</row>");
    }
    sheet.push_str("</sheetData></worksheet>");
    let parts: [(&str, &str); 5] = [
        ("[Content_Types].xml", r#"<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#),
        ("_rels/.rels", r#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>"#),
        ("xl/workbook.xml", r#"<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>"#),
        ("xl/_rels/workbook.xml.rels", r#"<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#),
        ("xl/worksheets/sheet1.xml", &sheet),
    ];
    let mut z = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default();
    for (name, body) in parts {
        z.start_file(name, opts).expect("zip entry");
        z.write_all(body.as_bytes()).expect("zip write");
    }
    z.finish().expect("zip finish").into_inner()
}
