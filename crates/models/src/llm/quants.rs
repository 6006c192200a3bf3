//! GGUF weight blocks decoded to one common form, 32 inputs at a time: small
//! integers, a scale per half block and an offset, `w[i] = scale[i / 16] ·
//! q[i] + min`. The CPU decoder repacks every supported type from this form
//! ([`super::qmatmul`]) and reads embedding rows through it.
//!
//! Why one form: the files people run mix types (Qwen2.5's Q4_K_M file holds
//! Q5_0, Q8_0, Q4_K and Q6_K tensors side by side), and each type's bit
//! layout is easy to get subtly wrong. Decoding each one in a single place,
//! tested against Candle's dequantization of the same bytes, keeps the
//! packing and the kernels free of per-format bit twiddling. The scales are
//! computed in f32 exactly as ggml's dequantization does (`d · sc`, then
//! times `q`), so a dequantized row equals Candle's to the bit.

use candle_core::quantized::GgmlDType;
use half::f16;

/// Inputs per decoded block.
pub const QK: usize = 32;

/// One block of 32 weights: `w[i] = scale[i / 16] · q[i] + min`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Block32 {
    pub q: [i8; QK],
    pub scale: [f32; 2],
    pub min: f32,
    /// The type's own f16 scale, where it has one per block (Q4_0, Q5_0,
    /// Q8_0): kept so that repacking loses nothing.
    pub d16: Option<f16>,
    /// Q4_K's parts of `scale` and `min`, kept so that a packing can store
    /// 6-bit integers per block and two floats per 256 inputs instead.
    pub k4: Option<K4>,
    /// Q6_K's parts of `scale`: the two 8-bit scales and the `d` they share.
    pub k6: Option<K6>,
}

/// One Q6_K block's `scale = [d · sc[0], d · sc[1]]`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct K6 {
    pub sc: [i8; 2],
    pub d: f32,
}

/// One Q4_K block's `scale = d · sc` and `min = −(dmin · m)`.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct K4 {
    pub sc: u8,
    pub m: u8,
    pub d: f32,
    pub dmin: f32,
}

impl Block32 {
    pub fn value(&self, i: usize) -> f32 {
        self.scale[i / 16] * self.q[i] as f32 + self.min
    }
}

/// The types decoded here.
pub fn supported(dtype: GgmlDType) -> bool {
    layout(dtype).is_some()
}

/// (values per GGUF block, bytes per GGUF block).
fn layout(dtype: GgmlDType) -> Option<(usize, usize)> {
    Some(match dtype {
        GgmlDType::Q4_0 => (32, 18),
        GgmlDType::Q4_1 => (32, 20),
        GgmlDType::Q5_0 => (32, 22),
        GgmlDType::Q8_0 => (32, 34),
        GgmlDType::Q4K => (256, 144),
        GgmlDType::Q6K => (256, 210),
        _ => return None,
    })
}

/// Bytes of one row of `k` values, when `k` is a whole number of blocks.
pub fn row_bytes(dtype: GgmlDType, k: usize) -> Option<usize> {
    let (n, b) = layout(dtype)?;
    (k > 0 && k.is_multiple_of(n)).then_some(k / n * b)
}

fn h(b: &[u8], at: usize) -> f16 {
    f16::from_le_bytes([b[at], b[at + 1]])
}

/// Calls `f(j, block)` for each block of 32 in one row's bytes (`row` holds
/// exactly [`row_bytes`] bytes).
pub fn decode_row(dtype: GgmlDType, row: &[u8], mut f: impl FnMut(usize, &Block32)) {
    let (per, bytes) = layout(dtype).expect("a supported type");
    let mut blk = Block32::default();
    for (g, src) in row.chunks_exact(bytes).enumerate() {
        let first = g * per / QK;
        match dtype {
            GgmlDType::Q4_0 | GgmlDType::Q4_1 | GgmlDType::Q5_0 | GgmlDType::Q8_0 => {
                let d = h(src, 0);
                blk.scale = [d.to_f32(); 2];
                blk.min = 0.0;
                blk.d16 = Some(d);
                blk.k4 = None;
                blk.k6 = None;
                match dtype {
                    GgmlDType::Q4_0 => {
                        for j in 0..16 {
                            blk.q[j] = (src[2 + j] & 0x0F) as i8 - 8;
                            blk.q[j + 16] = (src[2 + j] >> 4) as i8 - 8;
                        }
                    }
                    GgmlDType::Q4_1 => {
                        blk.min = h(src, 2).to_f32();
                        blk.d16 = None;
                        for j in 0..16 {
                            blk.q[j] = (src[4 + j] & 0x0F) as i8;
                            blk.q[j + 16] = (src[4 + j] >> 4) as i8;
                        }
                    }
                    GgmlDType::Q5_0 => {
                        let qh = u32::from_le_bytes([src[2], src[3], src[4], src[5]]);
                        for j in 0..16 {
                            let lo = (src[6 + j] & 0x0F) | (((qh >> j) & 1) << 4) as u8;
                            let hi = (src[6 + j] >> 4) | (((qh >> (j + 16)) & 1) << 4) as u8;
                            blk.q[j] = lo as i8 - 16;
                            blk.q[j + 16] = hi as i8 - 16;
                        }
                    }
                    _ => {
                        for j in 0..32 {
                            blk.q[j] = src[2 + j] as i8;
                        }
                    }
                }
                f(first, &blk);
            }
            GgmlDType::Q4K => {
                let (d, dmin) = (h(src, 0).to_f32(), h(src, 2).to_f32());
                let scales = &src[4..16];
                let qs = &src[16..];
                blk.d16 = None;
                blk.k6 = None;
                for s in 0..8 {
                    let (sc, m) = if s < 4 { (scales[s] & 63, scales[s + 4] & 63) } else { ((scales[s + 4] & 0x0F) | ((scales[s - 4] >> 6) << 4), (scales[s + 4] >> 4) | ((scales[s] >> 6) << 4)) };
                    let bytes = &qs[32 * (s / 2)..][..32];
                    for (q, b) in blk.q.iter_mut().zip(bytes) {
                        *q = (if s % 2 == 0 { b & 0x0F } else { b >> 4 }) as i8;
                    }
                    blk.scale = [d * sc as f32; 2];
                    blk.min = -(dmin * m as f32);
                    blk.k4 = Some(K4 { sc, m, d, dmin });
                    f(first + s, &blk);
                }
            }
            GgmlDType::Q6K => {
                let (ql, qh, sc) = (&src[..128], &src[128..192], &src[192..208]);
                let d = h(src, 208).to_f32();
                blk.d16 = None;
                blk.k4 = None;
                blk.min = 0.0;
                for s in 0..8 {
                    // Values 128·half + 32·quarter + l come from ql[64·half
                    // + 32·(quarter & 1) + l] (low nibble for quarters 0 and
                    // 1, high for 2 and 3) and bits 2·quarter.. of qh[32·half + l].
                    let (half, quarter) = (s / 4, s % 4);
                    for l in 0..32 {
                        let low = ql[64 * half + 32 * (quarter & 1) + l];
                        let low = if quarter < 2 { low & 0x0F } else { low >> 4 };
                        let high = (qh[32 * half + l] >> (2 * quarter)) & 3;
                        blk.q[l] = (low | (high << 4)) as i8 - 32;
                    }
                    let v = 32 * s;
                    blk.scale = [d * sc[v / 16] as i8 as f32, d * sc[v / 16 + 1] as i8 as f32];
                    blk.k6 = Some(K6 { sc: [sc[v / 16] as i8, sc[v / 16 + 1] as i8], d });
                    f(first + s, &blk);
                }
            }
            _ => unreachable!("layout() admits only the types above"),
        }
    }
}

/// One row dequantized into `out` (`k` values).
pub fn dequantize_row(dtype: GgmlDType, row: &[u8], out: &mut [f32]) {
    decode_row(dtype, row, |j, b| {
        for (i, o) in out[j * QK..(j + 1) * QK].iter_mut().enumerate() {
            *o = b.value(i);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::quantized::QTensor;
    use candle_core::{Device, Tensor};

    /// Real quantizations (Candle's quantizer) of a varied matrix.
    fn quantized(dtype: GgmlDType, n: usize, k: usize) -> (QTensor, Vec<u8>) {
        let v: Vec<f32> = (0..n * k).map(|i| ((i * 7919 % 1013) as f32 / 1013.0 - 0.45) * if i % 29 == 0 { 6.0 } else { 1.0 }).collect();
        let t = QTensor::quantize(&Tensor::from_vec(v, (n, k), &Device::Cpu).unwrap(), dtype).unwrap();
        let raw = t.data().unwrap().to_vec();
        (t, raw)
    }

    #[test]
    fn rows_decode_to_candles_dequantization_bit_for_bit() {
        for dtype in [GgmlDType::Q4_0, GgmlDType::Q4_1, GgmlDType::Q5_0, GgmlDType::Q8_0, GgmlDType::Q4K, GgmlDType::Q6K] {
            let (n, k) = (5, 512);
            let (t, raw) = quantized(dtype, n, k);
            let want: Vec<f32> = t.dequantize(&Device::Cpu).unwrap().flatten_all().unwrap().to_vec1().unwrap();
            let rb = row_bytes(dtype, k).unwrap();
            assert_eq!(raw.len(), n * rb, "{dtype:?}");
            let mut row = vec![0f32; k];
            for r in 0..n {
                dequantize_row(dtype, &raw[r * rb..(r + 1) * rb], &mut row);
                assert_eq!(row, want[r * k..(r + 1) * k], "{dtype:?} row {r}");
            }
        }
    }

    #[test]
    fn odd_widths_and_other_types_are_refused() {
        assert_eq!(row_bytes(GgmlDType::Q4K, 896), None);
        assert_eq!(row_bytes(GgmlDType::Q5_0, 896), Some(28 * 22));
        assert!(!supported(GgmlDType::F16) && !supported(GgmlDType::Q5K));
    }
}
