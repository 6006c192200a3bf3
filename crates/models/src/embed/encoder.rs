//! The BERT encoder behind [`super::bert::BertEmbedder`], written here
//! rather than taken from candle-transformers for one reason: CPU speed.
//!
//! Profiling MiniLM with perf (`aurag bench embed`, 512 TAT-QA paragraphs)
//! put 16% of all samples in libm's scalar `erff`, evaluated one element at
//! a time on one thread inside candle's exact GELU, while the other core
//! waited. Here the exact GELU uses a rational approximation of erf (no
//! exp, vectorizable; within 1e-6 of libm, tested) split over the cores.
//! Everything else is BERT as Hugging Face defines it, with its weight
//! names, so every BERT-family checkpoint (MiniLM, bge, e5) loads; on other
//! devices than the CPU, or for other activations, candle's own ops run.

use candle_core::{CpuStorage, CustomOp1, DType, Layout, Module, Result, Shape, Tensor};
use candle_nn::{embedding, layer_norm, linear, Embedding, LayerNorm, Linear, VarBuilder};
use candle_transformers::models::bert::{Config, HiddenAct};

/// erf(x) for f32 by a rational approximation on [-4, 4] (beyond it, erf
/// is ±1 in f32): an odd degree-13 numerator over an even degree-8
/// denominator, the form Eigen and XLA use. Plain `*` and `+` rather than
/// `mul_add`: without the `fma` target feature, `mul_add` is a libm call
/// per operation, which made this slower than libm's erf.
#[inline(always)]
pub fn erf_f32(x: f32) -> f32 {
    let x = x.clamp(-4.0, 4.0);
    let x2 = x * x;
    let mut p = x2 * -2.726_142_3e-10 + 2.770_681_4e-8;
    p = x2 * p + -2.101_024e-6;
    p = x2 * p + -5.692_506_4e-5;
    p = x2 * p + -7.349_906_3e-4;
    p = x2 * p + -2.954_6e-3;
    p = x2 * p + -1.609_603_3e-2;
    let mut q = x2 * -1.456_607_2e-5 + -2.133_740_6e-4;
    q = x2 * q + -1.682_827e-3;
    q = x2 * q + -7.373_329e-3;
    q = x2 * q + -1.426_474e-2;
    x * p / q
}

/// Exact (erf) GELU: `x · (1 + erf(x / √2)) / 2`.
#[inline(always)]
fn gelu_erf(x: f32) -> f32 {
    0.5 * x * (1.0 + erf_f32(x * std::f32::consts::FRAC_1_SQRT_2))
}

/// The exact GELU over a contiguous f32 CPU tensor, on every core.
struct ParallelGeluErf;

impl CustomOp1 for ParallelGeluErf {
    fn name(&self) -> &'static str {
        "parallel-gelu-erf"
    }

    fn cpu_fwd(&self, storage: &CpuStorage, layout: &Layout) -> Result<(CpuStorage, Shape)> {
        let CpuStorage::F32(data) = storage else { candle_core::bail!("parallel-gelu-erf: f32 only") };
        let Some((start, end)) = layout.contiguous_offsets() else { candle_core::bail!("parallel-gelu-erf: contiguous input only") };
        let src = &data[start..end];
        let mut out = vec![0f32; src.len()];
        let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        // Small tensors are not worth a thread.
        let chunk = src.len().div_ceil(threads).max(16 * 1024);
        std::thread::scope(|s| {
            for (o, i) in out.chunks_mut(chunk).zip(src.chunks(chunk)) {
                s.spawn(move || {
                    for (o, &x) in o.iter_mut().zip(i) {
                        *o = gelu_erf(x);
                    }
                });
            }
        });
        Ok((CpuStorage::F32(out), layout.shape().clone()))
    }
}

#[derive(Clone, Copy)]
enum Activation {
    ParallelGeluErf,
    GeluErf,
    Gelu,
    Relu,
}

impl Activation {
    fn of(act: HiddenAct, device: &candle_core::Device) -> Self {
        match act {
            HiddenAct::Gelu if device.is_cpu() => Activation::ParallelGeluErf,
            HiddenAct::Gelu => Activation::GeluErf,
            HiddenAct::GeluApproximate => Activation::Gelu,
            HiddenAct::Relu => Activation::Relu,
        }
    }

    fn apply(self, x: &Tensor) -> Result<Tensor> {
        match self {
            Activation::ParallelGeluErf if x.dtype() == DType::F32 => x.contiguous()?.apply_op1_no_bwd(&ParallelGeluErf),
            Activation::ParallelGeluErf | Activation::GeluErf => x.gelu_erf(),
            Activation::Gelu => x.gelu(),
            Activation::Relu => x.relu(),
        }
    }
}

struct Embeddings {
    word: Embedding,
    position: Embedding,
    token_type: Embedding,
    norm: LayerNorm,
}

impl Embeddings {
    fn load(vb: VarBuilder, c: &Config) -> Result<Self> {
        Ok(Embeddings {
            word: embedding(c.vocab_size, c.hidden_size, vb.pp("word_embeddings"))?,
            position: embedding(c.max_position_embeddings, c.hidden_size, vb.pp("position_embeddings"))?,
            token_type: embedding(c.type_vocab_size, c.hidden_size, vb.pp("token_type_embeddings"))?,
            norm: layer_norm(c.hidden_size, c.layer_norm_eps, vb.pp("LayerNorm"))?,
        })
    }

    fn forward(&self, ids: &Tensor, types: &Tensor) -> Result<Tensor> {
        let (_, len) = ids.dims2()?;
        let positions = Tensor::arange(0u32, len as u32, ids.device())?;
        let x = (self.word.forward(ids)? + self.token_type.forward(types)?)?.broadcast_add(&self.position.forward(&positions)?)?;
        self.norm.forward(&x)
    }
}

struct Layer {
    query: Linear,
    key: Linear,
    value: Linear,
    attention_out: Linear,
    attention_norm: LayerNorm,
    intermediate: Linear,
    out: Linear,
    out_norm: LayerNorm,
    heads: usize,
    head_dim: usize,
    act: Activation,
}

impl Layer {
    fn load(vb: VarBuilder, c: &Config, act: Activation) -> Result<Self> {
        let h = c.hidden_size;
        let att = vb.pp("attention");
        Ok(Layer {
            query: linear(h, h, att.pp("self").pp("query"))?,
            key: linear(h, h, att.pp("self").pp("key"))?,
            value: linear(h, h, att.pp("self").pp("value"))?,
            attention_out: linear(h, h, att.pp("output").pp("dense"))?,
            attention_norm: layer_norm(h, c.layer_norm_eps, att.pp("output").pp("LayerNorm"))?,
            intermediate: linear(h, c.intermediate_size, vb.pp("intermediate").pp("dense"))?,
            out: linear(c.intermediate_size, h, vb.pp("output").pp("dense"))?,
            out_norm: layer_norm(h, c.layer_norm_eps, vb.pp("output").pp("LayerNorm"))?,
            heads: c.num_attention_heads,
            head_dim: h / c.num_attention_heads,
            act,
        })
    }

    /// `mask`: (n, 1, 1, len), 0 for tokens and f32::MIN for padding.
    fn forward(&self, x: &Tensor, mask: &Tensor) -> Result<Tensor> {
        let (n, len, hidden) = x.dims3()?;
        let heads = |t: Tensor| t.reshape((n, len, self.heads, self.head_dim))?.transpose(1, 2)?.contiguous();
        let q = heads(self.query.forward(x)?)?;
        let k = heads(self.key.forward(x)?)?;
        let v = heads(self.value.forward(x)?)?;
        let scores = (q.matmul(&k.t()?)? / (self.head_dim as f64).sqrt())?.broadcast_add(mask)?;
        let probs = candle_nn::ops::softmax_last_dim(&scores)?;
        let context = probs.matmul(&v)?.transpose(1, 2)?.reshape((n, len, hidden))?;
        let attended = self.attention_norm.forward(&(self.attention_out.forward(&context)? + x)?)?;
        let inner = self.act.apply(&self.intermediate.forward(&attended)?)?;
        self.out_norm.forward(&(self.out.forward(&inner)? + attended)?)
    }
}

/// A BERT encoder: token, position and type embeddings, then the layers.
pub struct BertEncoder {
    embeddings: Embeddings,
    layers: Vec<Layer>,
}

impl BertEncoder {
    /// Loads the weights under `bert.` or at the top level (sentence
    /// transformers ship them bare).
    pub fn load(vb: VarBuilder, c: &Config) -> Result<Self> {
        let vb = if vb.contains_tensor("bert.embeddings.word_embeddings.weight") { vb.pp("bert") } else { vb };
        let act = Activation::of(c.hidden_act, vb.device());
        let layers = (0..c.num_hidden_layers).map(|i| Layer::load(vb.pp("encoder").pp("layer").pp(i), c, act)).collect::<Result<Vec<_>>>()?;
        Ok(BertEncoder { embeddings: Embeddings::load(vb.pp("embeddings"), c)?, layers })
    }

    /// Hidden states (n, len, hidden) for token ids (n, len), type ids and
    /// an attention mask (n, len) of 1 for tokens and 0 for padding.
    pub fn forward(&self, ids: &Tensor, types: &Tensor, mask: &Tensor) -> Result<Tensor> {
        let m = mask.to_dtype(DType::F32)?;
        let additive = ((m.ones_like()? - &m)? * f32::MIN as f64)?.unsqueeze(1)?.unsqueeze(1)?;
        let mut x = self.embeddings.forward(ids, types)?;
        for layer in &self.layers {
            x = layer.forward(&x, &additive)?;
        }
        Ok(x)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_erf_matches_libm() {
        let mut worst = 0f32;
        for i in -60_000..=60_000 {
            let x = i as f32 / 10_000.0;
            worst = worst.max((erf_f32(x) - candle_core::cpu::erf::erf_f32(x)).abs());
        }
        assert!(worst < 1e-6, "largest error {worst}");
        assert_eq!(erf_f32(0.0), 0.0);
        assert_eq!(erf_f32(10.0), erf_f32(4.0));
    }

    #[test]
    fn the_encoder_matches_candle_transformers_bert() {
        use aurag_testkit::{self as testkit, TinyHead};
        let dev = candle_core::Device::Cpu;
        let cfg: Config = serde_json::from_str(&testkit::tiny_bert_config()).unwrap();
        for head in [TinyHead::Embedder, TinyHead::BertClassifier] {
            let vb = || VarBuilder::from_buffered_safetensors(testkit::tiny_bert_safetensors(7, head), DType::F32, &dev).unwrap();
            let ours = BertEncoder::load(vb(), &cfg).unwrap();
            let theirs = candle_transformers::models::bert::BertModel::load(vb(), &cfg).unwrap();
            // Two sequences, the second padded.
            let ids = Tensor::new(&[[2u32, 5, 9, 7, 3], [2, 11, 3, 0, 0]], &dev).unwrap();
            let types = ids.zeros_like().unwrap();
            let mask = Tensor::new(&[[1u32, 1, 1, 1, 1], [1, 1, 1, 0, 0]], &dev).unwrap();
            let a = ours.forward(&ids, &types, &mask).unwrap();
            let b = theirs.forward(&ids, &types, Some(&mask)).unwrap();
            assert_eq!(a.dims(), b.dims());
            let worst = (a - b).unwrap().abs().unwrap().max_all().unwrap().to_scalar::<f32>().unwrap();
            assert!(worst < 1e-4, "{head:?}: {worst}");
        }
    }

    #[test]
    fn parallel_gelu_matches_candle_on_big_and_small_tensors() {
        for n in [7usize, 100_000] {
            let xs: Vec<f32> = (0..n).map(|i| (i as f32 / n as f32 - 0.5) * 12.0).collect();
            let t = Tensor::from_vec(xs, n, &candle_core::Device::Cpu).unwrap();
            let ours = Activation::ParallelGeluErf.apply(&t).unwrap().to_vec1::<f32>().unwrap();
            let theirs = t.gelu_erf().unwrap().to_vec1::<f32>().unwrap();
            let worst = ours.iter().zip(&theirs).map(|(a, b)| (a - b).abs()).fold(0f32, f32::max);
            assert!(worst < 1e-5, "{n}: {worst}");
        }
    }
}
