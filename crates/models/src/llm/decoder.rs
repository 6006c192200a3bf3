//! A CPU forward pass for Llama-style GGUF decoders (`qwen2`, `qwen3`,
//! `llama`), written over plain slices, for the speed of local generation.
//!
//! Why not Candle's models here: decoding one token is ~170 small matrix
//! products plus a few hundred tiny tensor ops, and Candle's CPU path runs
//! one dot product per row (scalar for the K-quants unless the whole build
//! targets AVX). This pass keeps the same mathematics as
//! `candle-transformers`' quantized models (tested against them to the
//! logit) but calls [`super::qmatmul`]'s repacked AVX2 and VNNI kernels,
//! fuses q/k/v and gate/up into single products, keeps the KV cache in flat
//! buffers that grow in place, looks embeddings up in the file's own
//! quantized rows, and spreads attention heads over the same thread pool.
//! Tensors of other types (f16, Q5_K, …) go through Candle's `QMatMul` one
//! product at a time, so any file of these architectures loads. GPUs, other
//! architectures and mixtures of experts stay on `candle-transformers`
//! ([`super::gguf`] decides).

use std::io::{Read, Seek};
use std::sync::Arc;

use candle_core::quantized::{gguf_file, GgmlDType, QMatMul};
use candle_core::{Device, Module, Tensor};

use super::qmatmul::{par_ranges, PackedMatrix, QKind, QuantizedRows, TILE};
use super::quants;
use super::vecmath::{transpose_keys, VecMath};

#[derive(Debug, thiserror::Error)]
pub enum DecoderError {
    #[error("{0}")]
    Unsupported(String),
    #[error("tensor {name}: {reason}")]
    Tensor { name: String, reason: String },
    #[error("metadata {key}: {reason}")]
    Metadata { key: String, reason: String },
    #[error("{0}")]
    Candle(#[from] candle_core::Error),
}

/// Whether [`Decoder`] can run `arch` (dense models only).
pub fn supports(ct: &gguf_file::Content, arch: &str) -> bool {
    matches!(arch, "qwen2" | "qwen3" | "llama") && ct.metadata.get(&format!("{arch}.expert_count")).and_then(|v| v.to_u32().ok()).unwrap_or(0) <= 1
}

#[derive(Debug, Clone)]
struct Config {
    layers: usize,
    embd: usize,
    heads: usize,
    kv_heads: usize,
    head_dim: usize,
    eps: f32,
    rope_base: f32,
    /// Rotate halves (NeoX, Qwen) rather than adjacent pairs (Llama).
    rope_halves: bool,
}

/// A matrix product `y = x · Wᵀ`: repacked for the VNNI kernel, or Candle's.
enum Linear {
    Packed(Arc<PackedMatrix>),
    Candle { mm: QMatMul, n: usize, k: usize },
}

impl Linear {
    fn rows(&self) -> usize {
        match self {
            Linear::Packed(p) => p.rows(),
            Linear::Candle { n, .. } => *n,
        }
    }
}

/// One or more matrices applied to the same input, outputs side by side
/// (q|k|v, gate|up). Packed into one matrix when they share a type.
struct Projection {
    parts: Vec<Linear>,
    n: usize,
    /// Output rows of each matrix named at load, in order.
    sizes: Vec<usize>,
}

/// Whether a `dtype` matrix of `n` rows by `k` inputs is repacked for our
/// kernels (else Candle multiplies it).
fn packable(dtype: GgmlDType, n: usize, k: usize) -> bool {
    QKind::of(dtype).is_some() && quants::row_bytes(dtype, k).is_some() && n.is_multiple_of(TILE)
}

/// A tensor's type, shape and the file offset of its bytes.
fn tensor_info(ct: &gguf_file::Content, name: &str) -> Result<(GgmlDType, Vec<usize>, u64), DecoderError> {
    let info = ct.tensor_infos.get(name).ok_or_else(|| DecoderError::Tensor { name: name.into(), reason: "missing".into() })?;
    Ok((info.ggml_dtype, info.shape.dims().to_vec(), ct.tensor_data_offset + info.offset))
}

/// Reads `buf.len()` bytes at `at` in the file.
fn read_at<R: Read + Seek>(r: &mut R, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
    r.seek(std::io::SeekFrom::Start(at))?;
    r.read_exact(buf)
}

impl Projection {
    fn load<R: Read + Seek>(ct: &gguf_file::Content, r: &mut R, names: &[String], k: usize) -> Result<Self, DecoderError> {
        let infos = names.iter().map(|n| tensor_info(ct, n)).collect::<Result<Vec<_>, _>>()?;
        for (name, (_, dims, _)) in names.iter().zip(&infos) {
            if dims.len() != 2 || dims[1] != k {
                return Err(DecoderError::Tensor { name: name.clone(), reason: format!("shape {dims:?}, expected [_, {k}]") });
            }
        }
        let sizes: Vec<usize> = infos.iter().map(|i| i.1[0]).collect();
        let n = sizes.iter().sum();
        // One matrix when every part is of one packable type; else one per
        // tensor, packed where its type allows, Candle's otherwise.
        let dtype = infos[0].0;
        if infos.iter().zip(&sizes).all(|((d, _, _), &rows)| *d == dtype && packable(dtype, rows, k)) {
            let p = pack_from_file(r, &infos, &sizes, k, &names.join("+"))?;
            return Ok(Projection { parts: vec![Linear::Packed(Arc::new(p))], n, sizes });
        }
        let mut parts = Vec::new();
        for ((name, info), &rows) in names.iter().zip(&infos).zip(&sizes) {
            parts.push(if packable(info.0, rows, k) {
                Linear::Packed(Arc::new(pack_from_file(r, std::slice::from_ref(info), &[rows], k, name)?))
            } else {
                let t = ct.tensor(r, name, &Device::Cpu).map_err(|e| DecoderError::Tensor { name: name.clone(), reason: e.to_string() })?;
                Linear::Candle { mm: QMatMul::from_qtensor(t)?, n: rows, k }
            });
        }
        Ok(Projection { parts, n, sizes })
    }

    fn single(l: Linear) -> Self {
        let n = l.rows();
        Projection { parts: vec![l], n, sizes: vec![n] }
    }

    /// `out[m × n] = x[m × k] · Wᵀ`; `q` is scratch for the quantized input.
    fn forward(&self, x: &[f32], k: usize, q: &mut QuantizedRows, out: &mut Vec<f32>) -> Result<(), DecoderError> {
        let m = x.len() / k;
        out.resize(m * self.n, 0.0);
        if self.parts.iter().any(|p| matches!(p, Linear::Packed(_))) {
            q.quantize(x, k);
        }
        if let [only] = self.parts.as_slice() {
            return apply(only, x, m, k, q, out);
        }
        let mut col = 0;
        let mut tmp = Vec::new();
        for p in &self.parts {
            let w = p.rows();
            tmp.resize(m * w, 0.0);
            apply(p, x, m, k, q, &mut tmp)?;
            for i in 0..m {
                out[i * self.n + col..i * self.n + col + w].copy_from_slice(&tmp[i * w..(i + 1) * w]);
            }
            col += w;
        }
        Ok(())
    }
}

/// Tensors of one packable type (`infos`, of `sizes` rows each, all whole
/// tiles) packed into one matrix straight from the file, 16 rows at a time:
/// no Candle tensor and no second copy of the weights while loading.
fn pack_from_file<R: Read + Seek>(r: &mut R, infos: &[(GgmlDType, Vec<usize>, u64)], sizes: &[usize], k: usize, name: &str) -> Result<PackedMatrix, DecoderError> {
    let dtype = infos[0].0;
    let row_bytes = quants::row_bytes(dtype, k).ok_or_else(|| DecoderError::Tensor { name: name.into(), reason: format!("{k} columns are not whole blocks of {dtype:?}") })?;
    PackedMatrix::from_rows(dtype, sizes.iter().sum(), k, name, |row, buf| {
        let (mut first, mut part) = (0, 0);
        while row >= first + sizes[part] {
            first += sizes[part];
            part += 1;
        }
        read_at(r, infos[part].2 + ((row - first) * row_bytes) as u64, buf)
    })
    .map_err(|e| DecoderError::Tensor { name: name.into(), reason: e.to_string() })
}

fn apply(l: &Linear, x: &[f32], m: usize, k: usize, q: &QuantizedRows, out: &mut [f32]) -> Result<(), DecoderError> {
    match l {
        Linear::Packed(p) => p.matmul(q, out),
        Linear::Candle { mm, n, k: kk } => {
            debug_assert_eq!(k, *kk);
            let y = mm.forward(&Tensor::from_slice(x, (m, k), &Device::Cpu)?)?;
            let y: Vec<f32> = y.flatten_all()?.to_vec1()?;
            out[..m * n].copy_from_slice(&y);
        }
    }
    Ok(())
}

/// Token embeddings: rows of a packed matrix (shared with a tied output
/// layer), the file's own quantized rows (decoded one token at a time, so a
/// 150,000-token vocabulary costs its file size, not four bytes a value),
/// or dequantized floats for types [`quants`] does not decode.
enum Embedding {
    Packed(Arc<PackedMatrix>),
    Rows { dtype: GgmlDType, row_bytes: usize, data: Vec<u8> },
    Dense(Vec<f32>),
}

struct Layer {
    attn_norm: Vec<f32>,
    qkv: Projection,
    /// q|k|v biases (Qwen2), laid out like `qkv`'s output.
    qkv_bias: Option<Vec<f32>>,
    /// Per-head RMS norms of q and k (Qwen3).
    qk_norm: Option<(Vec<f32>, Vec<f32>)>,
    wo: Projection,
    ffn_norm: Vec<f32>,
    gate_up: Projection,
    down: Projection,
    /// Keys and values of past positions: `[position][kv head][head_dim]`.
    k_cache: Vec<f32>,
    v_cache: Vec<f32>,
}

pub struct Decoder {
    cfg: Config,
    embed: Embedding,
    layers: Vec<Layer>,
    out_norm: Vec<f32>,
    output: Projection,
    /// Positions in the KV cache.
    len: usize,
    /// `cos` and `sin` per position and frequency, grown on demand.
    rope: Vec<(f32, f32)>,
    scratch: Scratch,
}

/// Positions of a prompt run together ([`Decoder::forward`]).
pub const PROMPT_CHUNK: usize = 128;

#[derive(Default)]
struct Scratch {
    q: QuantizedRows,
    h: Vec<f32>,
    qkv: Vec<f32>,
    att: Vec<f32>,
    o: Vec<f32>,
    gu: Vec<f32>,
    act: Vec<f32>,
}

/// A vector tensor (norm weights, biases) of exactly `len` values: a file
/// that says otherwise is refused here rather than failing mid-forward.
fn vector<R: Read + Seek>(ct: &gguf_file::Content, r: &mut R, name: &str, len: usize) -> Result<Vec<f32>, DecoderError> {
    let t = ct.tensor(r, name, &Device::Cpu).map_err(|e| DecoderError::Tensor { name: name.into(), reason: e.to_string() })?;
    let v: Vec<f32> = t.dequantize(&Device::Cpu)?.flatten_all()?.to_vec1()?;
    if v.len() != len {
        return Err(DecoderError::Tensor { name: name.into(), reason: format!("{} values, expected {len}", v.len()) });
    }
    Ok(v)
}

impl Decoder {
    pub fn from_gguf<R: Read + Seek>(ct: &gguf_file::Content, r: &mut R, arch: &str) -> Result<Self, DecoderError> {
        if !supports(ct, arch) {
            return Err(DecoderError::Unsupported(format!("the CPU decoder does not run '{arch}'")));
        }
        let meta = |key: &str| -> Result<&gguf_file::Value, DecoderError> {
            let key = format!("{arch}.{key}");
            ct.metadata.get(&key).ok_or(DecoderError::Metadata { key, reason: "missing".into() })
        };
        let u = |key: &str| -> Result<usize, DecoderError> { meta(key)?.to_u32().map(|v| v as usize).map_err(|e| DecoderError::Metadata { key: key.into(), reason: e.to_string() }) };
        let heads = u("attention.head_count")?;
        let embd = u("embedding_length")?;
        let head_dim = u("attention.key_length").unwrap_or(embd / heads.max(1));
        if heads == 0 || head_dim == 0 || head_dim % 2 != 0 {
            return Err(DecoderError::Unsupported(format!("{heads} heads of {head_dim}")));
        }
        if arch == "llama" && u("rope.dimension_count").unwrap_or(head_dim) != head_dim {
            return Err(DecoderError::Unsupported("partial rotary embeddings".into()));
        }
        let kv_heads = u("attention.head_count_kv").unwrap_or(heads);
        if kv_heads == 0 || heads % kv_heads != 0 {
            return Err(DecoderError::Unsupported(format!("{heads} heads over {kv_heads} kv heads")));
        }
        let cfg = Config {
            layers: u("block_count")?,
            embd,
            heads,
            kv_heads,
            head_dim,
            eps: meta("attention.layer_norm_rms_epsilon")?.to_f32().map_err(|e| DecoderError::Metadata { key: "layer_norm_rms_epsilon".into(), reason: e.to_string() })?,
            rope_base: meta("rope.freq_base").ok().and_then(|v| v.to_f32().ok()).unwrap_or(10_000.0),
            rope_halves: arch != "llama",
        };
        let has = |name: &str| ct.tensor_infos.contains_key(name);
        let q_dim = heads * head_dim;
        let kv_dim = kv_heads * head_dim;

        let (dtype, dims, at) = tensor_info(ct, "token_embd.weight")?;
        let vocab = dims[0];
        if dims.len() != 2 || dims[1] != embd {
            return Err(DecoderError::Tensor { name: "token_embd.weight".into(), reason: format!("shape {dims:?}, expected [_, {embd}]") });
        }
        let tied = !has("output.weight");
        let (embed, tied_output) = match quants::row_bytes(dtype, embd) {
            // Not tied: the rows are only looked up, never multiplied; read
            // as they lie in the file.
            Some(row_bytes) if !tied => {
                let mut data = vec![0u8; vocab * row_bytes];
                read_at(r, at, &mut data).map_err(|e| DecoderError::Tensor { name: "token_embd.weight".into(), reason: e.to_string() })?;
                (Embedding::Rows { dtype, row_bytes, data }, None)
            }
            _ => match Projection::load(ct, r, &["token_embd.weight".to_string()], embd)?.parts.pop().expect("one part") {
                Linear::Packed(p) => (Embedding::Packed(p.clone()), Some(Linear::Packed(p))),
                candle @ Linear::Candle { .. } => {
                    let t = ct.tensor(r, "token_embd.weight", &Device::Cpu)?;
                    let dense: Vec<f32> = t.dequantize(&Device::Cpu)?.flatten_all()?.to_vec1()?;
                    (Embedding::Dense(dense), tied.then_some(candle))
                }
            },
        };
        let output = match tied_output.filter(|_| tied) {
            Some(l) => Projection::single(l),
            None => Projection::load(ct, r, &["output.weight".to_string()], embd)?,
        };

        let mut layers = Vec::with_capacity(cfg.layers);
        for l in 0..cfg.layers {
            let p = |s: &str| format!("blk.{l}.{s}");
            let qkv = Projection::load(ct, r, &[p("attn_q.weight"), p("attn_k.weight"), p("attn_v.weight")], embd)?;
            if qkv.n != q_dim + 2 * kv_dim {
                return Err(DecoderError::Tensor { name: p("attn_qkv"), reason: format!("{} outputs, expected {}", qkv.n, q_dim + 2 * kv_dim) });
            }
            let qkv_bias = if has(&p("attn_q.bias")) {
                let mut b = vector(ct, r, &p("attn_q.bias"), q_dim)?;
                b.extend(vector(ct, r, &p("attn_k.bias"), kv_dim)?);
                b.extend(vector(ct, r, &p("attn_v.bias"), kv_dim)?);
                Some(b)
            } else {
                None
            };
            let qk_norm = if has(&p("attn_q_norm.weight")) { Some((vector(ct, r, &p("attn_q_norm.weight"), head_dim)?, vector(ct, r, &p("attn_k_norm.weight"), head_dim)?)) } else { None };
            let gate_up = Projection::load(ct, r, &[p("ffn_gate.weight"), p("ffn_up.weight")], embd)?;
            let ff = gate_up.n / 2;
            if gate_up.sizes[0] != gate_up.sizes[1] {
                return Err(DecoderError::Tensor { name: p("ffn_up.weight"), reason: format!("{} rows, but ffn_gate has {}", gate_up.sizes[1], gate_up.sizes[0]) });
            }
            let wo = Projection::load(ct, r, &[p("attn_output.weight")], q_dim)?;
            let down = Projection::load(ct, r, &[p("ffn_down.weight")], ff)?;
            for (proj, name) in [(&wo, "attn_output.weight"), (&down, "ffn_down.weight")] {
                if proj.n != embd {
                    return Err(DecoderError::Tensor { name: p(name), reason: format!("{} outputs, expected {embd}", proj.n) });
                }
            }
            layers.push(Layer {
                attn_norm: vector(ct, r, &p("attn_norm.weight"), embd)?,
                qkv,
                qkv_bias,
                qk_norm,
                wo,
                ffn_norm: vector(ct, r, &p("ffn_norm.weight"), embd)?,
                gate_up,
                down,
                k_cache: Vec::new(),
                v_cache: Vec::new(),
            });
        }
        Ok(Decoder { cfg, embed, layers, out_norm: vector(ct, r, "output_norm.weight", embd)?, output, len: 0, rope: Vec::new(), scratch: Scratch::default() })
    }

    /// Forgets every cached position.
    pub fn clear(&mut self) {
        self.len = 0;
        for l in &mut self.layers {
            l.k_cache.clear();
            l.v_cache.clear();
        }
    }

    /// Runs `tokens` at positions `pos..` and returns the last position's
    /// logits. `pos` 0 starts a new sequence; otherwise it must be the
    /// number of positions already cached.
    /// A long prompt runs [`PROMPT_CHUNK`] positions at a time, so the
    /// activations it holds are bounded (the feed-forward's alone are 40 KB
    /// a position on a 0.5B model) while each unpacked weight tile still
    /// serves many rows; only the last chunk computes logits.
    pub fn forward(&mut self, tokens: &[u32], pos: usize) -> Result<Vec<f32>, DecoderError> {
        if tokens.is_empty() {
            return Err(DecoderError::Unsupported("no tokens".into()));
        }
        super::qmatmul::in_pool(|| {
            let chunks = tokens.len().div_ceil(PROMPT_CHUNK);
            let mut logits = Vec::new();
            for (i, chunk) in tokens.chunks(PROMPT_CHUNK).enumerate() {
                logits = self.forward_in_pool(chunk, pos + i * PROMPT_CHUNK, i + 1 == chunks)?;
            }
            Ok(logits)
        })
    }

    fn forward_in_pool(&mut self, tokens: &[u32], pos: usize, want_logits: bool) -> Result<Vec<f32>, DecoderError> {
        if pos == 0 {
            self.clear();
        }
        if pos != self.len {
            return Err(DecoderError::Unsupported(format!("position {pos} after {} cached", self.len)));
        }
        if tokens.is_empty() {
            return Err(DecoderError::Unsupported("no tokens".into()));
        }
        let c = self.cfg.clone();
        let (e, t) = (c.embd, tokens.len());
        let mut x = vec![0f32; t * e];
        for (row, &tok) in x.chunks_exact_mut(e).zip(tokens) {
            match &self.embed {
                Embedding::Packed(p) if (tok as usize) < p.rows() => p.row_f32(tok as usize, row),
                Embedding::Rows { dtype, row_bytes, data } if (tok as usize + 1) * row_bytes <= data.len() => quants::dequantize_row(*dtype, &data[tok as usize * row_bytes..][..*row_bytes], row),
                Embedding::Dense(d) if (tok as usize + 1) * e <= d.len() => row.copy_from_slice(&d[tok as usize * e..][..e]),
                _ => return Err(DecoderError::Unsupported(format!("token {tok} is outside the vocabulary"))),
            }
        }
        self.grow_rope(pos + t);
        let (q_dim, kv_dim) = (c.heads * c.head_dim, c.kv_heads * c.head_dim);
        let qkv_n = q_dim + 2 * kv_dim;
        let s = &mut self.scratch;
        for layer in &mut self.layers {
            // Attention.
            rms_norm(&x, &layer.attn_norm, c.eps, &mut s.h);
            layer.qkv.forward(&s.h, e, &mut s.q, &mut s.qkv)?;
            for row in s.qkv.chunks_exact_mut(qkv_n) {
                if let Some(b) = &layer.qkv_bias {
                    row.iter_mut().zip(b).for_each(|(v, b)| *v += b);
                }
                if let Some((qn, kn)) = &layer.qk_norm {
                    for h in row[..q_dim + kv_dim].chunks_exact_mut(c.head_dim).enumerate() {
                        let w = if h.0 < c.heads { qn } else { kn };
                        rms_norm_in_place(h.1, w, c.eps);
                    }
                }
            }
            for (i, row) in s.qkv.chunks_exact_mut(qkv_n).enumerate() {
                let angles = &self.rope[(pos + i) * c.head_dim / 2..][..c.head_dim / 2];
                for head in row[..q_dim + kv_dim].chunks_exact_mut(c.head_dim) {
                    rotate(head, angles, c.rope_halves);
                }
                layer.k_cache.extend_from_slice(&row[q_dim..q_dim + kv_dim]);
                layer.v_cache.extend_from_slice(&row[q_dim + kv_dim..]);
            }
            s.att.resize(t * q_dim, 0.0);
            attention(&c, &s.qkv, &layer.k_cache, &layer.v_cache, pos, t, &mut s.att);
            layer.wo.forward(&s.att, q_dim, &mut s.q, &mut s.o)?;
            x.iter_mut().zip(&s.o).for_each(|(x, o)| *x += o);
            // Feed-forward.
            rms_norm(&x, &layer.ffn_norm, c.eps, &mut s.h);
            layer.gate_up.forward(&s.h, e, &mut s.q, &mut s.gu)?;
            let ff = layer.gate_up.n / 2;
            s.act.resize(t * ff, 0.0);
            let vm = VecMath::detect();
            for (gu, a) in s.gu.chunks_exact(2 * ff).zip(s.act.chunks_exact_mut(ff)) {
                let (g, u) = gu.split_at(ff);
                vm.silu_mul(g, u, a);
            }
            layer.down.forward(&s.act, ff, &mut s.q, &mut s.o)?;
            x.iter_mut().zip(&s.o).for_each(|(x, o)| *x += o);
        }
        self.len += t;
        if !want_logits {
            return Ok(Vec::new());
        }
        rms_norm(&x[(t - 1) * e..], &self.out_norm, c.eps, &mut s.h);
        let mut logits = Vec::new();
        self.output.forward(&s.h, e, &mut s.q, &mut logits)?;
        Ok(logits)
    }

    fn grow_rope(&mut self, positions: usize) {
        let half = self.cfg.head_dim / 2;
        let have = self.rope.len() / half;
        for p in have..positions {
            for i in 0..half {
                let theta = 1.0 / self.cfg.rope_base.powf(2.0 * i as f32 / self.cfg.head_dim as f32);
                let a = p as f32 * theta;
                self.rope.push((a.cos(), a.sin()));
            }
        }
    }
}

fn rms_norm(x: &[f32], w: &[f32], eps: f32, out: &mut Vec<f32>) {
    out.clear();
    out.extend_from_slice(x);
    for row in out.chunks_exact_mut(w.len()) {
        rms_norm_in_place(row, w, eps);
    }
}

fn rms_norm_in_place(x: &mut [f32], w: &[f32], eps: f32) {
    let ms = x.iter().map(|v| v * v).sum::<f32>() / x.len() as f32;
    let inv = 1.0 / (ms + eps).sqrt();
    x.iter_mut().zip(w).for_each(|(v, w)| *v *= inv * w);
}

/// Rotary position embedding of one head, in place.
fn rotate(x: &mut [f32], angles: &[(f32, f32)], halves: bool) {
    let half = x.len() / 2;
    for (i, &(c, s)) in angles.iter().enumerate() {
        let (a, b) = if halves { (i, i + half) } else { (2 * i, 2 * i + 1) };
        let (x0, x1) = (x[a], x[b]);
        x[a] = x0 * c - x1 * s;
        x[b] = x0 * s + x1 * c;
    }
}

/// Causal attention of `t` new positions (after `pos` cached ones) for every
/// head. `out` is `[t][heads · head_dim]`. Heads are split over the thread
/// pool, each with all its positions, so that the split is even although
/// later positions see more of the cache.
fn attention(c: &Config, qkv: &[f32], k_cache: &[f32], v_cache: &[f32], pos: usize, t: usize, out: &mut [f32]) {
    let (hd, kv_dim) = (c.head_dim, c.kv_heads * c.head_dim);
    let q_dim = c.heads * hd;
    let qkv_n = q_dim + 2 * kv_dim;
    let group = c.heads / c.kv_heads;
    let scale = 1.0 / (hd as f32).sqrt();
    let vm = VecMath::detect();
    let out_addr = out.as_mut_ptr() as usize;
    // A prompt's queries share each head's keys: transposed once, they
    // give 16 scores per instruction.
    let transpose = t >= 8;
    par_ranges(c.heads, t * (pos + t), |heads| {
        let mut scores = Vec::with_capacity(pos + t);
        let mut kt = Vec::new();
        for h in heads {
            let kvh = h / group;
            if transpose {
                transpose_keys(k_cache, kv_dim, kvh * hd, hd, pos + t, &mut kt);
            }
            for i in 0..t {
                let q = &qkv[i * qkv_n + h * hd..][..hd];
                // SAFETY: each (position, head) slot is written by one job.
                let o = unsafe { std::slice::from_raw_parts_mut((out_addr as *mut f32).add(i * q_dim + h * hd), hd) };
                if transpose {
                    vm.attend_transposed(q, &kt, pos + t, v_cache, kv_dim, kvh * hd, pos + i + 1, scale, &mut scores, o);
                } else {
                    vm.attend(q, k_cache, v_cache, kv_dim, kvh * hd, pos + i + 1, scale, &mut scores, o);
                }
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use aurag_testkit::{random_gguf, GgufShape};
    use candle_core::quantized::QTensor;

    /// Logits of candle-transformers' model for `tokens` in one pass, then
    /// one more token at a time.
    fn candle_logits(bytes: &[u8], arch: &str, prompt: &[u32], more: &[u32]) -> Vec<Vec<f32>> {
        use candle_transformers::models::{quantized_llama, quantized_qwen2, quantized_qwen3};
        let mut r = std::io::Cursor::new(bytes);
        let ct = gguf_file::Content::read(&mut r).unwrap();
        let dev = Device::Cpu;
        type Step = Box<dyn FnMut(&[u32], usize) -> Vec<f32>>;
        let mut step: Step = match arch {
            "qwen2" => {
                let mut m = quantized_qwen2::ModelWeights::from_gguf(ct, &mut r, &dev).unwrap();
                Box::new(move |t, p| m.forward(&Tensor::new(t, &dev).unwrap().unsqueeze(0).unwrap(), p).unwrap().flatten_all().unwrap().to_vec1().unwrap())
            }
            "qwen3" => {
                let mut m = quantized_qwen3::ModelWeights::from_gguf(ct, &mut r, &dev).unwrap();
                Box::new(move |t, p| m.forward(&Tensor::new(t, &dev).unwrap().unsqueeze(0).unwrap(), p).unwrap().flatten_all().unwrap().to_vec1().unwrap())
            }
            _ => {
                let mut m = quantized_llama::ModelWeights::from_gguf(ct, &mut r, &dev).unwrap();
                Box::new(move |t, p| m.forward(&Tensor::new(t, &dev).unwrap().unsqueeze(0).unwrap(), p).unwrap().flatten_all().unwrap().to_vec1().unwrap())
            }
        };
        let mut out = vec![step(prompt, 0)];
        for (i, &tok) in more.iter().enumerate() {
            out.push(step(&[tok], prompt.len() + i));
        }
        out
    }

    fn load(bytes: &[u8], arch: &str) -> Result<Decoder, DecoderError> {
        let mut r = std::io::Cursor::new(bytes);
        let ct = gguf_file::Content::read(&mut r).unwrap();
        Decoder::from_gguf(&ct, &mut r, arch)
    }

    fn our_logits(bytes: &[u8], arch: &str, prompt: &[u32], more: &[u32]) -> Vec<Vec<f32>> {
        let mut d = load(bytes, arch).unwrap();
        let mut out = vec![d.forward(prompt, 0).unwrap()];
        for (i, &tok) in more.iter().enumerate() {
            out.push(d.forward(&[tok], prompt.len() + i).unwrap());
        }
        out
    }

    fn assert_close(ours: &[Vec<f32>], theirs: &[Vec<f32>], what: &str, tol: f32) {
        for (step, (a, b)) in ours.iter().zip(theirs).enumerate() {
            assert_eq!(a.len(), b.len(), "{what}: vocabulary");
            let range = b.iter().fold(0f32, |m, v| m.max(v.abs()));
            let diff = a.iter().zip(b).fold(0f32, |m, (x, y)| m.max((x - y).abs()));
            assert!(diff <= tol * range.max(1.0), "{what} step {step}: max |Δ| {diff} over logits up to {range}");
        }
    }

    /// `bytes` rewritten: tensors named in `drop` left out (e.g.
    /// `output.weight`, for a model whose output layer is tied to its
    /// embeddings, as Qwen2.5-0.5B's is), and with `dequantize` every tensor
    /// stored as f32 — the exact product of the quantized weights, which
    /// both engines approximate by quantizing activations to 8 bits.
    fn rewritten(bytes: &[u8], drop: &[&str], dequantize: bool) -> Vec<u8> {
        rewritten_with(bytes, drop, dequantize, Vec::new())
    }

    fn rewritten_with(bytes: &[u8], drop: &[&str], dequantize: bool, add: Vec<(String, QTensor)>) -> Vec<u8> {
        let mut r = std::io::Cursor::new(bytes);
        let ct = gguf_file::Content::read(&mut r).unwrap();
        let mut names: Vec<&String> = ct.tensor_infos.keys().filter(|n| !drop.contains(&n.as_str())).collect();
        names.sort();
        let mut tensors: Vec<(String, QTensor)> = names
            .into_iter()
            .map(|n| {
                let t = ct.tensor(&mut r, n, &Device::Cpu).unwrap();
                let t = if dequantize { QTensor::quantize(&t.dequantize(&Device::Cpu).unwrap(), GgmlDType::F32).unwrap() } else { t };
                (n.clone(), t)
            })
            .collect();
        tensors.extend(add);
        let meta: Vec<(&str, &gguf_file::Value)> = ct.metadata.iter().map(|(k, v)| (k.as_str(), v)).collect();
        let refs: Vec<(&str, &QTensor)> = tensors.iter().map(|(k, t)| (k.as_str(), t)).collect();
        let mut out = std::io::Cursor::new(Vec::new());
        gguf_file::write(&mut out, &meta, &refs).unwrap();
        out.into_inner()
    }

    #[test]
    fn a_file_with_misshapen_tensors_is_refused_naming_the_tensor() {
        let shape = GgufShape { hidden: 64, heads: 4, kv_heads: 2, ff: 96, layers: 1, vocab: 48, context: 64 };
        let good = random_gguf("qwen2", &shape, GgmlDType::Q8_0, 9);
        let vec_of = |n: usize| QTensor::quantize(&Tensor::ones(n, candle_core::DType::F32, &Device::Cpu).unwrap(), GgmlDType::F32).unwrap();
        let mat_of = |n: usize, k: usize| QTensor::quantize(&Tensor::ones((n, k), candle_core::DType::F32, &Device::Cpu).unwrap(), GgmlDType::Q8_0).unwrap();
        for (name, t) in [("blk.0.attn_norm.weight", vec_of(32)), ("blk.0.attn_k.bias", vec_of(64)), ("blk.0.ffn_up.weight", mat_of(64, 64)), ("blk.0.ffn_down.weight", mat_of(32, 96)), ("output_norm.weight", vec_of(1))] {
            let bytes = rewritten_with(&good, &[name], false, vec![(name.to_string(), t)]);
            let e = load(&bytes, "qwen2").err().unwrap_or_else(|| panic!("{name}: loaded"));
            assert!(e.to_string().contains(name), "{name}: {e}");
        }
    }

    fn dequantized_twin(bytes: &[u8]) -> Vec<u8> {
        rewritten(bytes, &[], true)
    }

    #[test]
    fn tied_embeddings_serve_as_the_output_layer() {
        let shape = GgufShape { hidden: 64, heads: 4, kv_heads: 2, ff: 96, layers: 1, vocab: 64, context: 64 };
        for dtype in [GgmlDType::Q8_0, GgmlDType::F32] {
            let bytes = rewritten(&random_gguf("qwen2", &shape, dtype, 5), &["output.weight"], false);
            let d = load(&bytes, "qwen2").unwrap();
            if dtype == GgmlDType::Q8_0 {
                // One packed matrix, shared by the lookup and the output.
                let (Embedding::Packed(e), [Linear::Packed(o)]) = (&d.embed, d.output.parts.as_slice()) else { panic!("not packed") };
                assert!(Arc::ptr_eq(e, o));
            }
            let (prompt, more) = ([4u32, 8, 15, 16], [23u32, 42]);
            let exact = candle_logits(&dequantized_twin(&bytes), "qwen2", &prompt, &more);
            assert_close(&our_logits(&bytes, "qwen2", &prompt, &more), &exact, &format!("tied {dtype:?}"), 0.05);
        }
    }

    fn max_error(a: &[Vec<f32>], b: &[Vec<f32>]) -> f32 {
        a.iter().zip(b).map(|(a, b)| a.iter().zip(b).fold(0f32, |m, (x, y)| m.max((x - y).abs()))).sum()
    }

    #[test]
    fn logits_match_candle_transformers_for_each_architecture() {
        // f32 weights: our pass around Candle's own products. Prompts of 8
        // tokens or more take the transposed-key attention.
        let shape = GgufShape { hidden: 64, heads: 4, kv_heads: 2, ff: 96, layers: 2, vocab: 80, context: 256 };
        let (prompt, more) = ([1u32, 5, 9, 2, 77, 3, 40, 12, 61, 8, 33, 20], [7u32, 11, 63]);
        for arch in ["qwen2", "llama", "qwen3"] {
            let bytes = random_gguf(arch, &shape, GgmlDType::F32, 42);
            let ours = our_logits(&bytes, arch, &prompt, &more);
            assert_close(&ours, &candle_logits(&bytes, arch, &prompt, &more), arch, 1e-3);
        }
    }

    #[test]
    fn a_prompt_longer_than_a_chunk_gives_the_one_pass_logits() {
        // 300 positions run as 128 + 128 + 44 (f32 weights, so the only
        // differences are the order of sums): Candle runs them in one pass.
        let shape = GgufShape { hidden: 64, heads: 4, kv_heads: 2, ff: 96, layers: 2, vocab: 80, context: 512 };
        let prompt: Vec<u32> = (0..300u32).map(|i| (i * 37 + 11) % 80).collect();
        assert!(prompt.len() > 2 * PROMPT_CHUNK);
        let bytes = random_gguf("qwen2", &shape, GgmlDType::F32, 7);
        let ours = our_logits(&bytes, "qwen2", &prompt, &[5, 9]);
        assert_close(&ours, &candle_logits(&bytes, "qwen2", &prompt, &[5, 9]), "chunked prompt", 1e-3);
    }

    #[test]
    fn quantized_logits_are_as_close_to_the_exact_product_as_candles() {
        // Both engines quantize activations to 8 bits (Candle also rounds
        // their scale to f16), and a random model amplifies the noise, so
        // each is held to the exact product of the same quantized weights.
        let shape = GgufShape { hidden: 64, heads: 4, kv_heads: 2, ff: 96, layers: 2, vocab: 80, context: 256 };
        let (prompt, more) = ([1u32, 5, 9, 2, 77, 3, 40, 12, 61, 8, 33, 20], [7u32, 11, 63]);
        for dtype in [GgmlDType::Q8_0, GgmlDType::Q4_0] {
            for arch in ["qwen2", "llama", "qwen3"] {
                let bytes = random_gguf(arch, &shape, dtype, 42);
                let exact = candle_logits(&dequantized_twin(&bytes), arch, &prompt, &more);
                let ours = our_logits(&bytes, arch, &prompt, &more);
                let theirs = candle_logits(&bytes, arch, &prompt, &more);
                let (e_ours, e_theirs) = (max_error(&ours, &exact), max_error(&theirs, &exact));
                // Measured: 0.95-1.36x Candle's error over these six models.
                assert!(e_ours <= 1.5 * e_theirs + 1e-3, "{arch} {dtype:?}: error {e_ours} against Candle's {e_theirs}");
                assert_close(&ours, &exact, &format!("{arch} {dtype:?}"), 0.05);
            }
        }
    }

    #[test]
    fn every_packed_type_gives_the_exact_products_logits() {
        // 256 inputs: the K-quants' block. Each type's file against the exact
        // product of its own quantized weights, beside Candle's error (a
        // random model amplifies 8-bit activation noise; measured: 0.56-1.24×
        // Candle's error over these four types).
        let shape = GgufShape { hidden: 256, heads: 4, kv_heads: 2, ff: 512, layers: 2, vocab: 96, context: 128 };
        let (prompt, more) = ([1u32, 5, 9, 2, 77, 3, 40, 12, 61, 8], [7u32, 11]);
        for dtype in [GgmlDType::Q5_0, GgmlDType::Q4_1, GgmlDType::Q4K, GgmlDType::Q6K] {
            let bytes = random_gguf("qwen2", &shape, dtype, 17);
            let d = load(&bytes, "qwen2").unwrap();
            assert!(matches!(d.layers[0].gate_up.parts.as_slice(), [Linear::Packed(_)]), "{dtype:?} packed");
            assert!(matches!(d.embed, Embedding::Rows { .. }), "{dtype:?} embedding rows");
            let exact = candle_logits(&dequantized_twin(&bytes), "qwen2", &prompt, &more);
            let ours = our_logits(&bytes, "qwen2", &prompt, &more);
            let theirs = candle_logits(&bytes, "qwen2", &prompt, &more);
            let (e_ours, e_theirs) = (max_error(&ours, &exact), max_error(&theirs, &exact));
            assert!(e_ours <= 1.5 * e_theirs + 1e-3, "{dtype:?}: error {e_ours} against Candle's {e_theirs}");
        }
    }

    #[test]
    fn tensors_outside_the_tile_grid_fall_back_to_candle() {
        // kv dim 2 × 12 = 24 rows: not a multiple of 16, so q/k/v cannot be
        // packed together and go through Candle one by one; so do the
        // embeddings and output of a 40-token vocabulary.
        let shape = GgufShape { hidden: 96, heads: 8, kv_heads: 2, ff: 64, layers: 1, vocab: 40, context: 64 };
        let bytes = random_gguf("qwen2", &shape, GgmlDType::Q8_0, 7);
        let d = load(&bytes, "qwen2").unwrap();
        assert_eq!(d.layers[0].qkv.parts.len(), 3);
        assert!(matches!(d.layers[0].gate_up.parts.as_slice(), [Linear::Packed(_)]));
        assert!(matches!(d.embed, Embedding::Rows { dtype: GgmlDType::Q8_0, .. }));
        let ours = our_logits(&bytes, "qwen2", &[1, 2, 3], &[4]);
        let theirs = candle_logits(&bytes, "qwen2", &[1, 2, 3], &[4]);
        assert_close(&ours, &theirs, "qwen2 q8_0 mixed", 2e-2);
    }

    #[test]
    fn a_new_sequence_forgets_the_old_one_and_positions_must_follow() {
        let shape = GgufShape { hidden: 64, heads: 4, kv_heads: 2, ff: 96, layers: 1, vocab: 48, context: 64 };
        let bytes = random_gguf("qwen2", &shape, GgmlDType::Q4_0, 3);
        let mut d = load(&bytes, "qwen2").unwrap();
        let first = d.forward(&[3, 4, 5], 0).unwrap();
        d.forward(&[6], 3).unwrap();
        assert_eq!(d.forward(&[3, 4, 5], 0).unwrap(), first);
        assert!(d.forward(&[1], 7).is_err());
        assert!(d.forward(&[999], 3).is_err(), "a token outside the vocabulary is an error, not a panic");
    }
}
