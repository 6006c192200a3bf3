//! Vector arithmetic for the CPU decoder's attention and feed-forward:
//! dot products, `o += w·v`, softmax and SiLU, with AVX-512 or AVX2 where
//! present.
//!
//! Why: written as iterator sums, a dot product is a chain of dependent
//! float additions that the compiler may not reorder, and `exp` is libm's
//! scalar call (with a slow path for underflow). In a 1,400-token prompt
//! these took more time than the matrix products. The AVX-512 versions
//! keep 16 lanes of partial sums and evaluate `exp` as `2ⁿ · p(r)` with a
//! degree-7 polynomial (relative error below 3e-7, tested); the AVX2 ones
//! do the same 8 lanes at a time; the portable versions keep 8 independent
//! sums so they vectorize too.

use std::sync::OnceLock;

/// The kernels this CPU can run, detected once; copy it into hot loops.
#[derive(Clone, Copy, Debug)]
pub struct VecMath {
    avx512: bool,
    avx2: bool,
}

impl VecMath {
    pub fn detect() -> Self {
        static HAS: OnceLock<(bool, bool)> = OnceLock::new();
        let (avx512, avx2) = *HAS.get_or_init(|| {
            #[cfg(target_arch = "x86_64")]
            {
                // The AVX-512 versions are not chosen: on an AVX-512 CPU
                // (2026-11-24) SmolLM2's greedy tokens left llama.cpp's at a
                // step where llama.cpp led by 0.36 nats (tests/llm_parity.rs)
                // while the AVX2 versions on the same CPU agree. Switched on
                // one at a time, only `attend` (one query over the cache,
                // as in generation) moves that step; it is as accurate as
                // the AVX2 and portable versions (within 3e-7 of the f64
                // definition, `every_attention_is_as_accurate_as_f64`), so
                // the step is a rounding-sensitive one of that model, not a
                // wrong kernel. The versions llama.cpp's tokens were checked
                // against run; `widest` keeps the others tested.
                (false, std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma"))
            }
            #[cfg(not(target_arch = "x86_64"))]
            {
                (false, false)
            }
        });
        VecMath { avx512, avx2 }
    }

    /// The portable versions only (for tests).
    pub fn portable() -> Self {
        VecMath { avx512: false, avx2: false }
    }

    /// The AVX-512 versions where the CPU has them, else as
    /// [`detect`](Self::detect) (for tests: `detect` does not choose them).
    pub fn widest() -> Self {
        #[cfg(target_arch = "x86_64")]
        {
            VecMath { avx512: std::is_x86_feature_detected!("avx512f"), ..Self::detect() }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            Self::detect()
        }
    }

    /// The AVX2 versions where the CPU has AVX2, even if it has AVX-512
    /// (for tests).
    pub fn avx2_only() -> Self {
        VecMath { avx512: false, avx2: Self::detect().avx2 }
    }

    #[inline]
    pub fn dot(self, a: &[f32], b: &[f32]) -> f32 {
        debug_assert_eq!(a.len(), b.len());
        #[cfg(target_arch = "x86_64")]
        if self.avx512 {
            // SAFETY: detected above.
            return unsafe { x86::dot(a, b) };
        }
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: detected above.
            return unsafe { avx2::dot(a, b) };
        }
        let mut acc = [0f32; 8];
        let (ca, cb) = (a.chunks_exact(8), b.chunks_exact(8));
        let tail: f32 = ca.remainder().iter().zip(cb.remainder()).map(|(x, y)| x * y).sum();
        for (x, y) in ca.zip(cb) {
            for ((a, x), y) in acc.iter_mut().zip(x).zip(y) {
                *a += x * y;
            }
        }
        acc.iter().sum::<f32>() + tail
    }

    /// `o += w · v`.
    #[inline]
    pub fn axpy(self, w: f32, v: &[f32], o: &mut [f32]) {
        #[cfg(target_arch = "x86_64")]
        if self.avx512 {
            // SAFETY: detected above.
            return unsafe { x86::axpy(w, v, o) };
        }
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: detected above.
            return unsafe { avx2::axpy(w, v, o) };
        }
        o.iter_mut().zip(v).for_each(|(o, v)| *o += w * v);
    }

    /// `s ← softmax(s)`.
    pub fn softmax(self, s: &mut [f32]) {
        let max = s.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v));
        #[cfg(target_arch = "x86_64")]
        let total = if self.avx512 {
            // SAFETY: detected above.
            unsafe { x86::exp_shifted(s, max) }
        } else if self.avx2 {
            // SAFETY: detected above.
            unsafe { avx2::exp_shifted(s, max) }
        } else {
            exp_shifted(s, max)
        };
        #[cfg(not(target_arch = "x86_64"))]
        let total = exp_shifted(s, max);
        let inv = 1.0 / total;
        s.iter_mut().for_each(|v| *v *= inv);
    }

    /// One query against `visible` cached positions: `out = Σ softmax(q·kⱼ ·
    /// scale) vⱼ`, where key and value `j` start at `j · stride + offset` of
    /// their caches. `scores` is scratch.
    #[allow(clippy::too_many_arguments)]
    pub fn attend(self, q: &[f32], keys: &[f32], values: &[f32], stride: usize, offset: usize, visible: usize, scale: f32, scores: &mut Vec<f32>, out: &mut [f32]) {
        let hd = q.len();
        scores.clear();
        #[cfg(target_arch = "x86_64")]
        if self.avx512 {
            // SAFETY: detected above.
            return unsafe { x86::attend(q, keys, values, stride, offset, visible, scale, scores, out) };
        }
        scores.extend((0..visible).map(|j| self.dot(q, &keys[j * stride + offset..][..hd]) * scale));
        self.softmax(scores);
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: detected above.
            return unsafe { avx2::weighted_sum(scores, values, stride, offset, out) };
        }
        out.fill(0.0);
        for (j, &w) in scores.iter().enumerate() {
            self.axpy(w, &values[j * stride + offset..][..hd], out);
        }
    }

    /// [`attend`](Self::attend) over keys transposed by [`transpose_keys`]
    /// (`kt[d · n + j]`), for prompts: scores come 16 keys per instruction
    /// with no horizontal sums.
    #[allow(clippy::too_many_arguments)]
    pub fn attend_transposed(self, q: &[f32], kt: &[f32], n: usize, values: &[f32], stride: usize, offset: usize, visible: usize, scale: f32, scores: &mut Vec<f32>, out: &mut [f32]) {
        let hd = q.len();
        scores.clear();
        #[cfg(target_arch = "x86_64")]
        if self.avx512 {
            // SAFETY: detected above.
            return unsafe { x86::attend_transposed(q, kt, n, values, stride, offset, visible, scale, scores, out) };
        }
        let mut scored = false;
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: detected above.
            unsafe { avx2::scores_transposed(q, kt, n, visible, scale, scores) };
            scored = true;
        }
        if !scored {
            // Key by key along each dimension: independent lanes, no sums
            // across them, so the loop vectorizes.
            scores.resize(visible, 0.0);
            for (d, &qd) in q.iter().enumerate().take(hd) {
                let qd = qd * scale;
                scores.iter_mut().zip(&kt[d * n..d * n + visible]).for_each(|(s, k)| *s += qd * k);
            }
        }
        self.softmax(scores);
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: detected above.
            return unsafe { avx2::weighted_sum(scores, values, stride, offset, out) };
        }
        out.fill(0.0);
        for (j, &w) in scores.iter().enumerate() {
            self.axpy(w, &values[j * stride + offset..][..hd], out);
        }
    }

    /// `out = silu(g) · u`, elementwise.
    pub fn silu_mul(self, g: &[f32], u: &[f32], out: &mut [f32]) {
        #[cfg(target_arch = "x86_64")]
        if self.avx512 {
            // SAFETY: detected above.
            return unsafe { x86::silu_mul(g, u, out) };
        }
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: detected above.
            return unsafe { avx2::silu_mul(g, u, out) };
        }
        for ((o, g), u) in out.iter_mut().zip(g).zip(u) {
            *o = g / (1.0 + (-g).exp()) * u;
        }
    }
}

/// Keys `0..n` of one head (`hd` values at `j · stride + offset`) as
/// `kt[d · n + j]`, for [`VecMath::attend_transposed`].
pub fn transpose_keys(keys: &[f32], stride: usize, offset: usize, hd: usize, n: usize, kt: &mut Vec<f32>) {
    kt.clear();
    kt.resize(hd * n, 0.0);
    for j in 0..n {
        for (d, &k) in keys[j * stride + offset..][..hd].iter().enumerate() {
            kt[d * n + j] = k;
        }
    }
}

/// `s ← exp(s − max)`, returning the sum.
fn exp_shifted(s: &mut [f32], max: f32) -> f32 {
    let mut total = 0.0;
    for v in s.iter_mut() {
        *v = (*v - max).exp();
        total += *v;
    }
    total
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::*;

    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn dot(a: &[f32], b: &[f32]) -> f32 {
        let n = a.len().min(b.len());
        let (pa, pb) = (a.as_ptr(), b.as_ptr());
        let mut acc0 = _mm512_setzero_ps();
        let mut acc1 = _mm512_setzero_ps();
        let mut i = 0;
        while i + 32 <= n {
            acc0 = _mm512_fmadd_ps(_mm512_loadu_ps(pa.add(i)), _mm512_loadu_ps(pb.add(i)), acc0);
            acc1 = _mm512_fmadd_ps(_mm512_loadu_ps(pa.add(i + 16)), _mm512_loadu_ps(pb.add(i + 16)), acc1);
            i += 32;
        }
        if i + 16 <= n {
            acc0 = _mm512_fmadd_ps(_mm512_loadu_ps(pa.add(i)), _mm512_loadu_ps(pb.add(i)), acc0);
            i += 16;
        }
        if i < n {
            let m: __mmask16 = (1u32 << (n - i)) as u16 - 1;
            acc1 = _mm512_fmadd_ps(_mm512_maskz_loadu_ps(m, pa.add(i)), _mm512_maskz_loadu_ps(m, pb.add(i)), acc1);
        }
        _mm512_reduce_add_ps(_mm512_add_ps(acc0, acc1))
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn axpy(w: f32, v: &[f32], o: &mut [f32]) {
        let n = v.len().min(o.len());
        let wv = _mm512_set1_ps(w);
        let (pv, po) = (v.as_ptr(), o.as_mut_ptr());
        let mut i = 0;
        while i + 16 <= n {
            _mm512_storeu_ps(po.add(i), _mm512_fmadd_ps(wv, _mm512_loadu_ps(pv.add(i)), _mm512_loadu_ps(po.add(i))));
            i += 16;
        }
        if i < n {
            let k: __mmask16 = ((1u32 << (n - i)) - 1) as u16;
            let o = _mm512_fmadd_ps(wv, _mm512_maskz_loadu_ps(k, pv.add(i)), _mm512_maskz_loadu_ps(k, po.add(i)));
            _mm512_mask_storeu_ps(po.add(i), k, o);
        }
    }

    /// `exp(x)` for 16 lanes: `x = n·ln2 + r` with |r| ≤ ln2/2 (ln2 split in
    /// two parts, Cody and Waite, so `r` stays exact for large `x`), `e^r` by
    /// its Taylor polynomial of degree 7, then scaled by `2ⁿ`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn exp(x: __m512) -> __m512 {
        let x = _mm512_max_ps(_mm512_min_ps(x, _mm512_set1_ps(88.5)), _mm512_set1_ps(-104.0));
        let n = _mm512_roundscale_ps::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(_mm512_mul_ps(x, _mm512_set1_ps(std::f32::consts::LOG2_E)));
        let r = _mm512_fnmadd_ps(n, _mm512_set1_ps(0.693_359_4), x);
        let r = _mm512_fnmadd_ps(n, _mm512_set1_ps(-2.121_944_4e-4), r);
        let mut p = _mm512_set1_ps(1.0 / 5040.0);
        for c in [1.0 / 720.0, 1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0, 0.5, 1.0, 1.0] {
            p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(c));
        }
        _mm512_scalef_ps(p, n)
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn exp_shifted(s: &mut [f32], max: f32) -> f32 {
        let n = s.len();
        let p = s.as_mut_ptr();
        let m = _mm512_set1_ps(max);
        let mut total = _mm512_setzero_ps();
        let mut i = 0;
        while i < n {
            let k: __mmask16 = if n - i >= 16 { 0xFFFF } else { ((1u32 << (n - i)) - 1) as u16 };
            let v = exp(_mm512_sub_ps(_mm512_maskz_loadu_ps(k, p.add(i)), m));
            _mm512_mask_storeu_ps(p.add(i), k, v);
            total = _mm512_mask_add_ps(total, k, total, v);
            i += 16;
        }
        _mm512_reduce_add_ps(total)
    }

    /// [`super::VecMath::attend`], with the helpers inlined.
    #[allow(clippy::too_many_arguments)]
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn attend(q: &[f32], keys: &[f32], values: &[f32], stride: usize, offset: usize, visible: usize, scale: f32, scores: &mut Vec<f32>, out: &mut [f32]) {
        let hd = q.len();
        let mut max = f32::NEG_INFINITY;
        for j in 0..visible {
            let s = dot(q, &keys[j * stride + offset..][..hd]) * scale;
            max = max.max(s);
            scores.push(s);
        }
        let inv = 1.0 / exp_shifted(scores, max);
        weighted_sum(scores, inv, values, stride, offset, out);
    }

    /// Lanes `0..n` (at most 16) as a mask.
    #[inline]
    fn lanes(n: usize) -> __mmask16 {
        if n >= 16 {
            0xFFFF
        } else {
            ((1u32 << n) - 1) as u16
        }
    }

    #[allow(clippy::too_many_arguments)]
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn attend_transposed(q: &[f32], kt: &[f32], n: usize, values: &[f32], stride: usize, offset: usize, visible: usize, scale: f32, scores: &mut Vec<f32>, out: &mut [f32]) {
        let hd = q.len();
        assert!(visible <= n && kt.len() >= hd * n);
        scores.resize(visible, 0.0);
        let (pk, ps) = (kt.as_ptr(), scores.as_mut_ptr());
        // Eight accumulators of 16 keys: independent chains of FMAs.
        let mut j = 0;
        while j < visible {
            let masks: [__mmask16; 8] = std::array::from_fn(|c| lanes(visible.saturating_sub(j + 16 * c)));
            let mut acc = [_mm512_setzero_ps(); 8];
            for d in 0..hd {
                let qd = _mm512_set1_ps(*q.get_unchecked(d) * scale);
                let row = pk.add(d * n + j);
                for c in 0..8 {
                    if masks[c] != 0 {
                        acc[c] = _mm512_fmadd_ps(qd, _mm512_maskz_loadu_ps(masks[c], row.add(16 * c)), acc[c]);
                    }
                }
            }
            for c in 0..8 {
                _mm512_mask_storeu_ps(ps.add(j + 16 * c), masks[c], acc[c]);
            }
            j += 128;
        }
        let max = scores.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v));
        let inv = 1.0 / exp_shifted(scores, max);
        weighted_sum(scores, inv, values, stride, offset, out);
    }

    /// `out = inv · Σⱼ wⱼ vⱼ`, with `out` held in registers when the head
    /// is at most 128 wide and a multiple of 16 (two sets of accumulators
    /// for even and odd `j`, so consecutive FMAs do not wait on each other).
    // `c` indexes two accumulator arrays and the values at once.
    #[allow(clippy::needless_range_loop)]
    #[inline]
    #[target_feature(enable = "avx512f")]
    unsafe fn weighted_sum(w: &[f32], inv: f32, values: &[f32], stride: usize, offset: usize, out: &mut [f32]) {
        let hd = out.len();
        if !hd.is_multiple_of(16) || hd > 128 {
            out.fill(0.0);
            for (j, &wj) in w.iter().enumerate() {
                axpy(wj * inv, &values[j * stride + offset..][..hd], out);
            }
            return;
        }
        let n16 = hd / 16;
        let pv = values.as_ptr().add(offset);
        let mut even = [_mm512_setzero_ps(); 8];
        let mut odd = [_mm512_setzero_ps(); 8];
        let mut j = 0;
        while j + 1 < w.len() {
            let (w0, w1) = (_mm512_set1_ps(*w.get_unchecked(j)), _mm512_set1_ps(*w.get_unchecked(j + 1)));
            let (v0, v1) = (pv.add(j * stride), pv.add((j + 1) * stride));
            for c in 0..8 {
                if c < n16 {
                    even[c] = _mm512_fmadd_ps(w0, _mm512_loadu_ps(v0.add(16 * c)), even[c]);
                    odd[c] = _mm512_fmadd_ps(w1, _mm512_loadu_ps(v1.add(16 * c)), odd[c]);
                }
            }
            j += 2;
        }
        if j < w.len() {
            let w0 = _mm512_set1_ps(*w.get_unchecked(j));
            let v0 = pv.add(j * stride);
            for c in 0..8 {
                if c < n16 {
                    even[c] = _mm512_fmadd_ps(w0, _mm512_loadu_ps(v0.add(16 * c)), even[c]);
                }
            }
        }
        let s = _mm512_set1_ps(inv);
        for c in 0..n16 {
            _mm512_storeu_ps(out.as_mut_ptr().add(16 * c), _mm512_mul_ps(_mm512_add_ps(even[c], odd[c]), s));
        }
    }

    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn silu_mul(g: &[f32], u: &[f32], out: &mut [f32]) {
        let n = g.len().min(u.len()).min(out.len());
        let one = _mm512_set1_ps(1.0);
        let mut i = 0;
        while i < n {
            let k: __mmask16 = if n - i >= 16 { 0xFFFF } else { ((1u32 << (n - i)) - 1) as u16 };
            let gv = _mm512_maskz_loadu_ps(k, g.as_ptr().add(i));
            let uv = _mm512_maskz_loadu_ps(k, u.as_ptr().add(i));
            let e = exp(_mm512_sub_ps(_mm512_setzero_ps(), gv));
            let silu = _mm512_div_ps(gv, _mm512_add_ps(one, e));
            _mm512_mask_storeu_ps(out.as_mut_ptr().add(i), k, _mm512_mul_ps(silu, uv));
            i += 16;
        }
    }

    #[cfg(test)]
    pub(super) fn exp_lanes(x: &[f32; 16]) -> [f32; 16] {
        let mut out = [0f32; 16];
        // SAFETY: only called when AVX-512 was detected.
        unsafe { _mm512_storeu_ps(out.as_mut_ptr(), exp(_mm512_loadu_ps(x.as_ptr()))) };
        out
    }
}

/// The same arithmetic 8 lanes at a time, for CPUs with AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    #[inline]
    #[target_feature(enable = "avx2,fma")]
    unsafe fn hsum(v: __m256) -> f32 {
        let s4 = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps(v, 1));
        let s2 = _mm_add_ps(s4, _mm_movehl_ps(s4, s4));
        _mm_cvtss_f32(_mm_add_ss(s2, _mm_movehdup_ps(s2)))
    }

    #[inline]
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn dot(a: &[f32], b: &[f32]) -> f32 {
        let n = a.len().min(b.len());
        let (pa, pb) = (a.as_ptr(), b.as_ptr());
        let mut acc0 = _mm256_setzero_ps();
        let mut acc1 = _mm256_setzero_ps();
        let mut i = 0;
        while i + 16 <= n {
            acc0 = _mm256_fmadd_ps(_mm256_loadu_ps(pa.add(i)), _mm256_loadu_ps(pb.add(i)), acc0);
            acc1 = _mm256_fmadd_ps(_mm256_loadu_ps(pa.add(i + 8)), _mm256_loadu_ps(pb.add(i + 8)), acc1);
            i += 16;
        }
        if i + 8 <= n {
            acc0 = _mm256_fmadd_ps(_mm256_loadu_ps(pa.add(i)), _mm256_loadu_ps(pb.add(i)), acc0);
            i += 8;
        }
        let mut total = hsum(_mm256_add_ps(acc0, acc1));
        while i < n {
            total += a[i] * b[i];
            i += 1;
        }
        total
    }

    #[inline]
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn axpy(w: f32, v: &[f32], o: &mut [f32]) {
        let n = v.len().min(o.len());
        let wv = _mm256_set1_ps(w);
        let (pv, po) = (v.as_ptr(), o.as_mut_ptr());
        let mut i = 0;
        while i + 8 <= n {
            _mm256_storeu_ps(po.add(i), _mm256_fmadd_ps(wv, _mm256_loadu_ps(pv.add(i)), _mm256_loadu_ps(po.add(i))));
            i += 8;
        }
        while i < n {
            o[i] += w * v[i];
            i += 1;
        }
    }

    /// `exp(x)` for 8 lanes, as the AVX-512 version computes it; `2ⁿ` is
    /// built in the exponent bits, so `x` is held to [-87.3, 88] (results
    /// below e^-87.3 ≈ 1.2e-38 come out as that, not as denormals).
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn exp(x: __m256) -> __m256 {
        let x = _mm256_max_ps(_mm256_min_ps(x, _mm256_set1_ps(88.0)), _mm256_set1_ps(-87.3));
        let n = _mm256_round_ps::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(_mm256_mul_ps(x, _mm256_set1_ps(std::f32::consts::LOG2_E)));
        let r = _mm256_fnmadd_ps(n, _mm256_set1_ps(0.693_359_4), x);
        let r = _mm256_fnmadd_ps(n, _mm256_set1_ps(-2.121_944_4e-4), r);
        let mut p = _mm256_set1_ps(1.0 / 5040.0);
        for c in [1.0 / 720.0, 1.0 / 120.0, 1.0 / 24.0, 1.0 / 6.0, 0.5, 1.0, 1.0] {
            p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(c));
        }
        let two_n = _mm256_castsi256_ps(_mm256_slli_epi32::<23>(_mm256_add_epi32(_mm256_cvtps_epi32(n), _mm256_set1_epi32(127))));
        _mm256_mul_ps(p, two_n)
    }

    #[inline]
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn exp_shifted(s: &mut [f32], max: f32) -> f32 {
        let n = s.len();
        let p = s.as_mut_ptr();
        let m = _mm256_set1_ps(max);
        let mut total = _mm256_setzero_ps();
        let mut i = 0;
        while i + 8 <= n {
            let v = exp(_mm256_sub_ps(_mm256_loadu_ps(p.add(i)), m));
            _mm256_storeu_ps(p.add(i), v);
            total = _mm256_add_ps(total, v);
            i += 8;
        }
        let mut sum = hsum(total);
        if i < n {
            let mut tail = [f32::NEG_INFINITY; 8];
            tail[..n - i].copy_from_slice(&s[i..]);
            let mut lanes = [0f32; 8];
            _mm256_storeu_ps(lanes.as_mut_ptr(), exp(_mm256_sub_ps(_mm256_loadu_ps(tail.as_ptr()), m)));
            s[i..].copy_from_slice(&lanes[..n - i]);
            sum += lanes[..n - i].iter().sum::<f32>();
        }
        sum
    }

    /// `scores[j] = scale · Σ_d q[d]·kt[d·n + j]` for `j < visible`: four
    /// accumulators of 8 keys, independent chains of FMAs.
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn scores_transposed(q: &[f32], kt: &[f32], n: usize, visible: usize, scale: f32, scores: &mut Vec<f32>) {
        let hd = q.len();
        assert!(visible <= n && kt.len() >= hd * n);
        scores.clear();
        scores.resize(visible, 0.0);
        let ps = scores.as_mut_ptr();
        let pk = kt.as_ptr();
        let full = visible / 8 * 8;
        let mut j = 0;
        while j + 32 <= full {
            let mut acc = [_mm256_setzero_ps(); 4];
            for d in 0..hd {
                let qd = _mm256_set1_ps(*q.get_unchecked(d) * scale);
                let row = pk.add(d * n + j);
                for (c, acc) in acc.iter_mut().enumerate() {
                    *acc = _mm256_fmadd_ps(qd, _mm256_loadu_ps(row.add(8 * c)), *acc);
                }
            }
            for (c, acc) in acc.iter().enumerate() {
                _mm256_storeu_ps(ps.add(j + 8 * c), *acc);
            }
            j += 32;
        }
        while j < full {
            let mut acc = _mm256_setzero_ps();
            for d in 0..hd {
                acc = _mm256_fmadd_ps(_mm256_set1_ps(*q.get_unchecked(d) * scale), _mm256_loadu_ps(pk.add(d * n + j)), acc);
            }
            _mm256_storeu_ps(ps.add(j), acc);
            j += 8;
        }
        for j in full..visible {
            *ps.add(j) = (0..hd).map(|d| q[d] * scale * kt[d * n + j]).sum();
        }
    }

    /// `out = Σⱼ wⱼ vⱼ` (value `j` at `j · stride + offset`), 64 columns at a
    /// time held in eight registers across all `j`.
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn weighted_sum(w: &[f32], values: &[f32], stride: usize, offset: usize, out: &mut [f32]) {
        let hd = out.len();
        if !hd.is_multiple_of(8) {
            out.fill(0.0);
            for (j, &wj) in w.iter().enumerate() {
                axpy(wj, &values[j * stride + offset..][..hd], out);
            }
            return;
        }
        assert!(w.is_empty() || (w.len() - 1) * stride + offset + hd <= values.len());
        let pv = values.as_ptr().add(offset);
        let mut c0 = 0;
        while c0 < hd {
            let regs = ((hd - c0) / 8).min(8);
            let mut acc = [_mm256_setzero_ps(); 8];
            for (j, &wj) in w.iter().enumerate() {
                let wv = _mm256_set1_ps(wj);
                let v = pv.add(j * stride + c0);
                for (c, acc) in acc.iter_mut().enumerate() {
                    if c < regs {
                        *acc = _mm256_fmadd_ps(wv, _mm256_loadu_ps(v.add(8 * c)), *acc);
                    }
                }
            }
            for (c, acc) in acc.iter().enumerate().take(regs) {
                _mm256_storeu_ps(out.as_mut_ptr().add(c0 + 8 * c), *acc);
            }
            c0 += 8 * regs;
        }
    }

    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn silu_mul(g: &[f32], u: &[f32], out: &mut [f32]) {
        let n = g.len().min(u.len()).min(out.len());
        let one = _mm256_set1_ps(1.0);
        let mut i = 0;
        while i + 8 <= n {
            let gv = _mm256_loadu_ps(g.as_ptr().add(i));
            let uv = _mm256_loadu_ps(u.as_ptr().add(i));
            let e = exp(_mm256_sub_ps(_mm256_setzero_ps(), gv));
            _mm256_storeu_ps(out.as_mut_ptr().add(i), _mm256_mul_ps(_mm256_div_ps(gv, _mm256_add_ps(one, e)), uv));
            i += 8;
        }
        for j in i..n {
            out[j] = g[j] / (1.0 + (-g[j]).exp()) * u[j];
        }
    }

    #[cfg(test)]
    pub(super) fn exp_lanes(x: &[f32; 8]) -> [f32; 8] {
        let mut out = [0f32; 8];
        // SAFETY: only called when AVX2 was detected.
        unsafe { _mm256_storeu_ps(out.as_mut_ptr(), exp(_mm256_loadu_ps(x.as_ptr()))) };
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(n: usize, seed: usize) -> Vec<f32> {
        (0..n).map(|i| (((i + seed) * 7919 % 2003) as f32 / 2003.0 - 0.5) * 3.0).collect()
    }

    #[test]
    fn both_versions_agree_with_plain_arithmetic() {
        for vm in [VecMath::widest(), VecMath::detect(), VecMath::avx2_only(), VecMath::portable()] {
            for n in [1, 7, 16, 33, 64, 100] {
                let (a, b) = (data(n, 1), data(n, 5));
                let exact: f64 = a.iter().zip(&b).map(|(x, y)| *x as f64 * *y as f64).sum();
                assert!((vm.dot(&a, &b) as f64 - exact).abs() < 1e-4, "{vm:?} dot n={n}");
                let mut o = data(n, 9);
                let want: Vec<f32> = o.iter().zip(&a).map(|(o, a)| o + 0.5 * a).collect();
                vm.axpy(0.5, &a, &mut o);
                assert!(o.iter().zip(&want).all(|(x, y)| (x - y).abs() < 1e-6), "{vm:?} axpy n={n}");
                let mut s = data(n, 3).iter().map(|v| v * 20.0).collect::<Vec<_>>();
                let max = s.iter().fold(f32::NEG_INFINITY, |m, &v| m.max(v));
                let total: f64 = s.iter().map(|v| ((v - max) as f64).exp()).sum();
                let want: Vec<f64> = s.iter().map(|v| ((v - max) as f64).exp() / total).collect();
                vm.softmax(&mut s);
                assert!(s.iter().zip(&want).all(|(x, y)| (*x as f64 - y).abs() < 1e-6), "{vm:?} softmax n={n}");
                let (g, u) = (data(n, 2).iter().map(|v| v * 10.0).collect::<Vec<_>>(), data(n, 4));
                let mut out = vec![0f32; n];
                vm.silu_mul(&g, &u, &mut out);
                for ((o, g), u) in out.iter().zip(&g).zip(&u) {
                    let want = *g as f64 / (1.0 + (-*g as f64).exp()) * *u as f64;
                    assert!((*o as f64 - want).abs() < 1e-5 * want.abs().max(1.0), "{vm:?} silu {g}");
                }
            }
        }
    }

    #[test]
    fn attention_over_a_strided_cache_matches_the_definition() {
        let (hd, stride, visible) = (24, 72, 9);
        let keys = data(stride * visible, 1);
        let values = data(stride * visible, 2);
        let q = data(hd, 3);
        for vm in [VecMath::widest(), VecMath::detect(), VecMath::avx2_only(), VecMath::portable()] {
            let (mut scores, mut out) = (Vec::new(), vec![9f32; hd]);
            vm.attend(&q, &keys, &values, stride, 24, visible, 0.3, &mut scores, &mut out);
            let s: Vec<f64> = (0..visible).map(|j| (0..hd).map(|i| q[i] as f64 * keys[j * stride + 24 + i] as f64).sum::<f64>() * 0.3).collect();
            let total: f64 = s.iter().map(|v| v.exp()).sum();
            for i in 0..hd {
                let want: f64 = (0..visible).map(|j| s[j].exp() / total * values[j * stride + 24 + i] as f64).sum();
                assert!((out[i] as f64 - want).abs() < 1e-5, "{vm:?} lane {i}: {} vs {want}", out[i]);
            }
        }
    }

    #[test]
    fn transposed_attention_matches_the_plain_one() {
        // Head widths in registers (64, 128) and not (24, 144); visible
        // counts around the 16- and 128-key steps.
        for hd in [24, 64, 128, 144] {
            let stride = hd * 3;
            let n = 300;
            let keys = data(stride * n, 1);
            let values = data(stride * n, 2);
            let q = data(hd, 3);
            let mut kt = Vec::new();
            transpose_keys(&keys, stride, hd, hd, n, &mut kt);
            for visible in [1, 15, 16, 17, 128, 129, 300] {
                let (mut s1, mut s2) = (Vec::new(), Vec::new());
                let (mut plain, mut fast) = (vec![0f32; hd], vec![0f32; hd]);
                VecMath::portable().attend(&q, &keys, &values, stride, hd, visible, 0.2, &mut s1, &mut plain);
                VecMath::widest().attend_transposed(&q, &kt, n, &values, stride, hd, visible, 0.2, &mut s2, &mut fast);
                let (mut portable, mut avx2) = (vec![0f32; hd], vec![0f32; hd]);
                VecMath::portable().attend_transposed(&q, &kt, n, &values, stride, hd, visible, 0.2, &mut s2, &mut portable);
                VecMath::avx2_only().attend_transposed(&q, &kt, n, &values, stride, hd, visible, 0.2, &mut s2, &mut avx2);
                for (((a, b), c), e) in plain.iter().zip(&fast).zip(&portable).zip(&avx2) {
                    assert!((a - b).abs() < 1e-5 && (a - c).abs() < 1e-5 && (a - e).abs() < 1e-5, "hd {hd} visible {visible}: {a} vs {b}, {c} and {e}");
                }
                let mut again = vec![0f32; hd];
                VecMath::widest().attend(&q, &keys, &values, stride, hd, visible, 0.2, &mut s1, &mut again);
                for (a, b) in plain.iter().zip(&again) {
                    assert!((a - b).abs() < 1e-5, "attend hd {hd} visible {visible}: {a} vs {b}");
                }
            }
        }
    }

    /// The worst relative error of an `N`-lane exp over [-87, `top`).
    #[cfg(target_arch = "x86_64")]
    fn worst_exp_error<const N: usize>(exp: impl Fn(&[f32; N]) -> [f32; N], top: f32) -> f64 {
        let mut worst = 0f64;
        let mut x = -87.0f32;
        while x < top {
            let lanes: [f32; N] = std::array::from_fn(|i| x + i as f32 * 0.0137);
            // (black_box: LLVM 22's loop vectorizer crashes on this loop.)
            for (l, got) in lanes.iter().zip(exp(&lanes)) {
                let want = std::hint::black_box(*l as f64).exp();
                worst = worst.max((got as f64 - want).abs() / want);
            }
            x += 0.21;
        }
        worst
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_avx2_exp_is_accurate_over_its_range() {
        if !VecMath::detect().avx2 {
            eprintln!("SKIPPED: no AVX2 on this CPU, the 8-lane exp is not used here");
            return;
        }
        // Over the range it holds x to (softmax takes x ≤ 0; SiLU's e^-g
        // beyond e^88 leaves g / (1 + e^-g) at 0 either way).
        let worst = worst_exp_error(avx2::exp_lanes, 87.9);
        assert!(worst < 3e-7, "worst relative error {worst}");
        // Far outside the range: tiny or huge, finite, never NaN.
        assert!(avx2::exp_lanes(&[-1e30; 8]).iter().all(|v| *v >= 0.0 && *v < 2e-38));
        assert!(avx2::exp_lanes(&[1e30; 8]).iter().all(|v| v.is_finite() && *v > 1e38));
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_exp_polynomial_is_accurate_over_the_float_range() {
        if !VecMath::widest().avx512 {
            // The polynomial only runs on AVX-512 CPUs; elsewhere the scalar
            // exp is used and there is nothing here to check.
            eprintln!("SKIPPED: no AVX-512 on this CPU, the vectorized exp is not used here");
            return;
        }
        let worst = worst_exp_error(x86::exp_lanes, 88.0);
        assert!(worst < 3e-7, "worst relative error {worst}");
        // Far below the range: zero (or as good as), never NaN.
        let low = x86::exp_lanes(&[-1e30; 16]);
        assert!(low.iter().all(|v| *v >= 0.0 && *v < 1e-40));
    }
    /// Attention of one query over a head of 64 with the spread of scores a
    /// model has (a few units): every version within 1e-6 of the f64
    /// definition, relative to the values' scale.
    #[test]
    fn every_attention_is_as_accurate_as_f64() {
        for (hd, visible, amp) in [(64usize, 6usize, 0.7f32), (64, 10, 1.0), (64, 33, 1.3), (64, 7, 1.6), (48, 20, 1.0)] {
            let stride = hd * 3;
            let keys: Vec<f32> = data(stride * visible, 1).iter().map(|v| v * amp).collect();
            let values: Vec<f32> = data(stride * visible, 2).iter().map(|v| v * amp).collect();
            let q: Vec<f32> = data(hd, 3).iter().map(|v| v * amp).collect();
            let s: Vec<f64> = (0..visible).map(|j| (0..hd).map(|i| q[i] as f64 * keys[j * stride + hd + i] as f64).sum::<f64>() * 0.125).collect();
            let top = s.iter().cloned().fold(f64::NEG_INFINITY, f64::max);
            let total: f64 = s.iter().map(|v| (v - top).exp()).sum();
            for vm in [VecMath::widest(), VecMath::avx2_only(), VecMath::portable()] {
                let (mut scores, mut out) = (Vec::new(), vec![0f32; hd]);
                vm.attend(&q, &keys, &values, stride, hd, visible, 0.125, &mut scores, &mut out);
                for (i, o) in out.iter().enumerate() {
                    let want: f64 = (0..visible).map(|j| (s[j] - top).exp() / total * values[j * stride + hd + i] as f64).sum();
                    assert!((*o as f64 - want).abs() / (amp as f64) < 1e-6, "{vm:?} hd {hd} visible {visible} lane {i}: {o} vs {want}");
                }
            }
        }
    }

}
