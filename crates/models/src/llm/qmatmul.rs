//! Quantized matrix products for the CPU decoder ([`super::decoder`]):
//! GGUF `Q4_0` and `Q8_0` weights times activations quantized to 8 bits,
//! with AVX-512 VNNI where the CPU has it.
//!
//! Why our own: on x86 Candle computes these two types one row at a time
//! with AVX2 (`vec_dot_q4_0_q8_0`), converting a half-precision scale per
//! block; that was 64% of decode time and left generation at 0.4× of
//! llama.cpp on the same file. Here the weights are repacked once, at load,
//! into tiles of 16 output rows: per block of 32 inputs, the 16 rows' scales
//! (f16) and then their quantized values interleaved 4 bytes per row, so one
//! `vpdpbusd` multiplies 4 inputs into all 16 rows at once and a broadcast
//! activation word feeds it. Weights are stored unsigned (Q4_0's nibble is
//! already value + 8; Q8_0 gets + 128), which `vpdpbusd` requires, and the
//! offset is taken back per block with the activation block's sum:
//! `Σ (w + o)·a − o·Σ a = Σ w·a`, exact in integers.
//!
//! A scalar kernel over the same layout runs where VNNI is missing and is the
//! reference the tests hold the SIMD kernel to. The work is split over a
//! small persistent thread pool by tiles; several activation rows (a prompt)
//! reuse each unpacked weight tile (up to 8 at a time).

use std::ops::Range;
use std::sync::OnceLock;

use half::f16;

/// Output rows per tile.
pub const TILE: usize = 16;
/// Inputs per quantization block (GGUF's QK4_0 = QK8_0 = 32).
pub const QK: usize = 32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QKind {
    Q4_0,
    Q8_0,
}

impl QKind {
    /// Bytes of one GGUF block of 32 values.
    fn gguf_block_bytes(self) -> usize {
        match self {
            QKind::Q4_0 => 2 + QK / 2,
            QKind::Q8_0 => 2 + QK,
        }
    }
    /// Bytes of quantized values for one block of a tile.
    fn tile_qbytes(self) -> usize {
        match self {
            QKind::Q4_0 => TILE * QK / 2,
            QKind::Q8_0 => TILE * QK,
        }
    }
    /// Bytes of one block of a tile: 16 f16 scales, then the values.
    fn tile_block_bytes(self) -> usize {
        2 * TILE + self.tile_qbytes()
    }
    /// What was added to each stored weight to make it unsigned.
    fn offset(self) -> i32 {
        match self {
            QKind::Q4_0 => 8,
            QKind::Q8_0 => 128,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PackError {
    #[error("{name}: {rows} rows are not a multiple of {TILE}")]
    Rows { name: String, rows: usize },
    #[error("{name}: {cols} columns are not a multiple of {QK}")]
    Cols { name: String, cols: usize },
    #[error("{name}: {got} bytes of data, expected {want}")]
    Size { name: String, got: usize, want: usize },
}

/// A weight matrix of `n` output rows by `k` inputs, repacked into tiles.
#[derive(Debug)]
pub struct PackedMatrix {
    kind: QKind,
    n: usize,
    k: usize,
    data: Vec<u8>,
}

impl PackedMatrix {
    /// Repacks row-major GGUF blocks (`n` rows of `k / 32` blocks each).
    pub fn from_gguf(kind: QKind, n: usize, k: usize, raw: &[u8], name: &str) -> Result<Self, PackError> {
        if !n.is_multiple_of(TILE) {
            return Err(PackError::Rows { name: name.into(), rows: n });
        }
        if !k.is_multiple_of(QK) || k == 0 {
            return Err(PackError::Cols { name: name.into(), cols: k });
        }
        let kb = k / QK;
        let src_block = kind.gguf_block_bytes();
        let want = n * kb * src_block;
        if raw.len() != want {
            return Err(PackError::Size { name: name.into(), got: raw.len(), want });
        }
        let tbb = kind.tile_block_bytes();
        let mut data = vec![0u8; n / TILE * kb * tbb];
        for t in 0..n / TILE {
            for b in 0..kb {
                let dst = &mut data[(t * kb + b) * tbb..][..tbb];
                for r in 0..TILE {
                    let src = &raw[((t * TILE + r) * kb + b) * src_block..][..src_block];
                    dst[2 * r..2 * r + 2].copy_from_slice(&src[..2]);
                    let qs = &src[2..];
                    let q = &mut dst[2 * TILE..];
                    match kind {
                        // A Q4_0 byte j holds value j (low nibble) and j + 16
                        // (high): group g of 4 bytes is values 4g.. and 16+4g..
                        QKind::Q4_0 => {
                            for g in 0..4 {
                                q[g * 64 + r * 4..][..4].copy_from_slice(&qs[4 * g..4 * g + 4]);
                            }
                        }
                        QKind::Q8_0 => {
                            for g in 0..8 {
                                for j in 0..4 {
                                    q[g * 64 + r * 4 + j] = qs[4 * g + j] ^ 0x80;
                                }
                            }
                        }
                    }
                }
            }
        }
        Ok(PackedMatrix { kind, n, k, data })
    }

    pub fn kind(&self) -> QKind {
        self.kind
    }
    pub fn rows(&self) -> usize {
        self.n
    }
    pub fn cols(&self) -> usize {
        self.k
    }

    /// One weight row as floats (the token-embedding lookup).
    pub fn row_f32(&self, row: usize, out: &mut [f32]) {
        let (t, r) = (row / TILE, row % TILE);
        let kb = self.k / QK;
        let tbb = self.kind.tile_block_bytes();
        for b in 0..kb {
            let blk = &self.data[(t * kb + b) * tbb..][..tbb];
            let d = f16::from_le_bytes([blk[2 * r], blk[2 * r + 1]]).to_f32();
            let q = &blk[2 * TILE..];
            let o = &mut out[b * QK..(b + 1) * QK];
            for (i, v) in o.iter_mut().enumerate() {
                *v = d * self.stored(q, r, i) as f32;
            }
        }
    }

    /// The signed value of input `i` (0..32) of row `r` in one tile block.
    fn stored(&self, q: &[u8], r: usize, i: usize) -> i32 {
        match self.kind {
            QKind::Q4_0 => {
                let (g, hi) = ((i % 16) / 4, i >= 16);
                let byte = q[g * 64 + r * 4 + i % 4];
                (if hi { byte >> 4 } else { byte & 0x0F }) as i32 - 8
            }
            QKind::Q8_0 => q[(i / 4) * 64 + r * 4 + i % 4] as i32 - 128,
        }
    }

    /// `out[m × n] = x[m × k] · selfᵀ`.
    pub fn matmul(&self, x: &QuantizedRows, out: &mut [f32]) {
        assert_eq!(x.k, self.k, "activation width");
        assert!(out.len() >= x.m * self.n, "output too small");
        let tiles = self.n / TILE;
        // Tasks write disjoint tiles (columns) of `out` through this pointer;
        // none of them holds a reference to all of it.
        let out_addr = out.as_mut_ptr() as usize;
        let simd = vnni();
        par_ranges(tiles, x.m, |range| {
            let out = out_addr as *mut f32;
            for t in range {
                if !simd {
                    self.tile_scalar(t, x, 0..x.m, out);
                    continue;
                }
                #[cfg(target_arch = "x86_64")]
                {
                    let mut r0 = 0;
                    while r0 < x.m {
                        // SAFETY: `vnni()` checked the CPU features.
                        r0 += unsafe {
                            match x.m - r0 {
                                n if n >= 8 => avx512::tile::<8>(self, t, x, r0, out),
                                n if n >= 4 => avx512::tile::<4>(self, t, x, r0, out),
                                _ => avx512::tile::<1>(self, t, x, r0, out),
                            }
                        };
                    }
                }
            }
        });
    }

    /// The reference kernel: the same integer sums as the SIMD one. Writes
    /// tile `t`'s 16 columns of `rows` in the `m × n` output at `out`.
    fn tile_scalar(&self, t: usize, x: &QuantizedRows, rows: Range<usize>, out: *mut f32) {
        let kb = self.k / QK;
        let tbb = self.kind.tile_block_bytes();
        for m in rows {
            let mut acc = [0f32; TILE];
            for b in 0..kb {
                let blk = &self.data[(t * kb + b) * tbb..][..tbb];
                let q = &blk[2 * TILE..];
                let a = &x.qs[m * self.k + b * QK..][..QK];
                for (r, acc) in acc.iter_mut().enumerate() {
                    let dot: i32 = (0..QK).map(|i| self.stored(q, r, i) * a[i] as i32).sum();
                    let d = f16::from_le_bytes([blk[2 * r], blk[2 * r + 1]]).to_f32();
                    *acc += dot as f32 * d * x.d[m * kb + b];
                }
            }
            // SAFETY: `matmul` checked that `out` holds `m × n` values.
            unsafe { std::ptr::copy_nonoverlapping(acc.as_ptr(), out.add(m * self.n + t * TILE), TILE) };
        }
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.data.len()
    }
}

/// Activation rows quantized to 8 bits per block of 32, as llama.cpp does for
/// these weight types: `x ≈ d · q`, with each block's sum of `q` kept for the
/// offset correction.
pub struct QuantizedRows {
    m: usize,
    k: usize,
    qs: Vec<i8>,
    d: Vec<f32>,
    sums: Vec<i32>,
}

impl QuantizedRows {
    pub fn new() -> Self {
        QuantizedRows { m: 0, k: 0, qs: Vec::new(), d: Vec::new(), sums: Vec::new() }
    }

    /// Quantizes `x` (`m` rows of `k`), reusing this buffer.
    pub fn quantize(&mut self, x: &[f32], k: usize) {
        assert!(k.is_multiple_of(QK) && x.len().is_multiple_of(k), "activation shape");
        let m = x.len() / k;
        let kb = k / QK;
        self.m = m;
        self.k = k;
        self.qs.resize(m * k, 0);
        self.d.resize(m * kb, 0.0);
        self.sums.resize(m * kb, 0);
        #[cfg(target_arch = "x86_64")]
        if vnni() {
            // SAFETY: `vnni()` checked the CPU features.
            return unsafe { avx512::quantize(x, &mut self.qs, &mut self.d, &mut self.sums) };
        }
        quantize_scalar(x, &mut self.qs, &mut self.d, &mut self.sums);
    }
}

fn quantize_scalar(x: &[f32], qs: &mut [i8], d: &mut [f32], sums: &mut [i32]) {
    for (blk, ((q, d), s)) in x.chunks_exact(QK).zip(qs.chunks_exact_mut(QK).zip(d.iter_mut()).zip(sums.iter_mut())) {
        let amax = blk.iter().fold(0f32, |a, v| a.max(v.abs()));
        let scale = amax / 127.0;
        let inv = if scale > 0.0 { 1.0 / scale } else { 0.0 };
        let mut sum = 0i32;
        for (q, v) in q.iter_mut().zip(blk) {
            let v = (v * inv).round().clamp(-127.0, 127.0) as i8;
            *q = v;
            sum += v as i32;
        }
        *d = scale;
        *s = sum;
    }
}

impl Default for QuantizedRows {
    fn default() -> Self {
        Self::new()
    }
}

/// Whether the AVX-512 VNNI kernel runs on this CPU.
pub fn vnni() -> bool {
    static HAS: OnceLock<bool> = OnceLock::new();
    *HAS.get_or_init(|| {
        #[cfg(target_arch = "x86_64")]
        {
            std::is_x86_feature_detected!("avx512f") && std::is_x86_feature_detected!("avx512bw") && std::is_x86_feature_detected!("avx512vnni") && std::is_x86_feature_detected!("f16c")
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            false
        }
    })
}

/// Runs `f` on a thread of the pool, so that the splits inside it hand work
/// to the other threads directly instead of injecting it from outside and
/// sleeping until it is done (a wake-up per matrix product).
pub fn in_pool<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    pool().install(f)
}

fn pool() -> &'static rayon::ThreadPool {
    static POOL: OnceLock<rayon::ThreadPool> = OnceLock::new();
    POOL.get_or_init(|| {
        let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1);
        rayon::ThreadPoolBuilder::new().num_threads(threads).thread_name(|i| format!("aurag-qmm-{i}")).build().expect("a thread pool")
    })
}

/// Runs `f` over `0..n` split into one contiguous range per thread (small
/// jobs stay on the calling thread). `work_per_item` scales the threshold.
pub fn par_ranges(n: usize, work_per_item: usize, f: impl Fn(Range<usize>) + Sync) {
    let threads = pool().current_num_threads();
    if threads <= 1 || n < 2 || n * work_per_item.max(1) < 8 {
        f(0..n);
        return;
    }
    let parts = threads.min(n);
    pool().scope(|s| {
        for p in 1..parts {
            let f = &f;
            s.spawn(move |_| f(n * p / parts..n * (p + 1) / parts));
        }
        f(0..n / parts);
    });
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use super::*;
    use std::arch::x86_64::*;

    /// One tile (16 output rows) for activation rows `r0..r0 + MR`; returns
    /// `MR`. The weights of each block are unpacked once for all the rows.
    #[target_feature(enable = "avx512f,avx512bw,avx512vnni,f16c")]
    pub(super) unsafe fn tile<const MR: usize>(w: &PackedMatrix, t: usize, x: &QuantizedRows, r0: usize, out: *mut f32) -> usize {
        let kb = w.k / QK;
        let tbb = w.kind.tile_block_bytes();
        let base = w.data.as_ptr().add(t * kb * tbb);
        let nib = _mm512_set1_epi8(0x0F);
        let offset = _mm512_set1_epi32(w.kind.offset());
        let mut acc = [_mm512_setzero_ps(); MR];
        for b in 0..kb {
            let blk = base.add(b * tbb);
            let scales = _mm512_cvtph_ps(_mm256_loadu_si256(blk as *const __m256i));
            let q = blk.add(2 * TILE);
            let mut wv = [_mm512_setzero_si512(); 8];
            match w.kind {
                QKind::Q4_0 => {
                    for g in 0..4 {
                        let v = _mm512_loadu_si512(q.add(g * 64) as *const _);
                        wv[g] = _mm512_and_si512(v, nib);
                        wv[g + 4] = _mm512_and_si512(_mm512_srli_epi16(v, 4), nib);
                    }
                }
                QKind::Q8_0 => {
                    for (g, wv) in wv.iter_mut().enumerate() {
                        *wv = _mm512_loadu_si512(q.add(g * 64) as *const _);
                    }
                }
            }
            for (i, acc) in acc.iter_mut().enumerate() {
                let m = r0 + i;
                let a = x.qs.as_ptr().add(m * w.k + b * QK) as *const i32;
                let mut s0 = _mm512_setzero_si512();
                let mut s1 = _mm512_setzero_si512();
                for g in 0..4 {
                    s0 = _mm512_dpbusd_epi32(s0, wv[g], _mm512_set1_epi32(a.add(g).read_unaligned()));
                    s1 = _mm512_dpbusd_epi32(s1, wv[g + 4], _mm512_set1_epi32(a.add(g + 4).read_unaligned()));
                }
                let idx = m * kb + b;
                let sum = _mm512_sub_epi32(_mm512_add_epi32(s0, s1), _mm512_mullo_epi32(offset, _mm512_set1_epi32(*x.sums.get_unchecked(idx))));
                let scale = _mm512_mul_ps(scales, _mm512_set1_ps(*x.d.get_unchecked(idx)));
                *acc = _mm512_fmadd_ps(_mm512_cvtepi32_ps(sum), scale, *acc);
            }
        }
        for (i, acc) in acc.iter().enumerate() {
            _mm512_storeu_ps(out.add((r0 + i) * w.n + t * TILE), *acc);
        }
        MR
    }

    /// [`QuantizedRows::quantize`]'s blocks: scale `amax / 127`, values
    /// rounded to nearest, the block's sum of values.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) unsafe fn quantize(x: &[f32], qs: &mut [i8], d: &mut [f32], sums: &mut [i32]) {
        let sign = _mm512_set1_ps(-0.0);
        for (b, blk) in x.chunks_exact(QK).enumerate() {
            let v0 = _mm512_loadu_ps(blk.as_ptr());
            let v1 = _mm512_loadu_ps(blk.as_ptr().add(16));
            let amax = _mm512_reduce_max_ps(_mm512_max_ps(_mm512_andnot_ps(sign, v0), _mm512_andnot_ps(sign, v1)));
            let scale = amax / 127.0;
            let inv = _mm512_set1_ps(if scale > 0.0 { 1.0 / scale } else { 0.0 });
            let q0 = _mm512_cvtps_epi32(_mm512_mul_ps(v0, inv));
            let q1 = _mm512_cvtps_epi32(_mm512_mul_ps(v1, inv));
            _mm_storeu_si128(qs.as_mut_ptr().add(b * QK) as *mut __m128i, _mm512_cvtsepi32_epi8(q0));
            _mm_storeu_si128(qs.as_mut_ptr().add(b * QK + 16) as *mut __m128i, _mm512_cvtsepi32_epi8(q1));
            d[b] = scale;
            sums[b] = _mm512_reduce_add_epi32(_mm512_add_epi32(q0, q1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random GGUF blocks of `kind` for an `n × k` matrix.
    fn random_blocks(kind: QKind, n: usize, k: usize, seed: u64) -> Vec<u8> {
        let mut s = seed;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let mut raw = Vec::new();
        for _ in 0..n * k / QK {
            let d = f16::from_f32(0.001 + (next() % 1000) as f32 / 20000.0);
            raw.extend_from_slice(&d.to_le_bytes());
            for _ in 0..kind.gguf_block_bytes() - 2 {
                raw.push(next() as u8);
            }
        }
        raw
    }

    /// Dequantizes GGUF blocks straight from the format's definition.
    fn dequant(kind: QKind, raw: &[u8]) -> Vec<f32> {
        let mut out = Vec::new();
        for blk in raw.chunks_exact(kind.gguf_block_bytes()) {
            let d = f16::from_le_bytes([blk[0], blk[1]]).to_f32();
            match kind {
                QKind::Q4_0 => {
                    let lo: Vec<f32> = blk[2..].iter().map(|b| d * ((b & 0x0F) as i32 - 8) as f32).collect();
                    let hi: Vec<f32> = blk[2..].iter().map(|b| d * ((b >> 4) as i32 - 8) as f32).collect();
                    out.extend(lo);
                    out.extend(hi);
                }
                QKind::Q8_0 => out.extend(blk[2..].iter().map(|&b| d * (b as i8) as f32)),
            }
        }
        out
    }

    fn activations(m: usize, k: usize) -> Vec<f32> {
        (0..m * k).map(|i| ((i * 7919 % 1013) as f32 / 1013.0 - 0.5) * if i % 17 == 0 { 8.0 } else { 1.0 }).collect()
    }

    #[test]
    fn rows_unpack_to_the_gguf_values() {
        for kind in [QKind::Q4_0, QKind::Q8_0] {
            let (n, k) = (32, 96);
            let raw = random_blocks(kind, n, k, 3);
            let dense = dequant(kind, &raw);
            let p = PackedMatrix::from_gguf(kind, n, k, &raw, "w").unwrap();
            let mut row = vec![0f32; k];
            for r in [0, 5, 16, 31] {
                p.row_f32(r, &mut row);
                assert_eq!(row, dense[r * k..(r + 1) * k], "{kind:?} row {r}");
            }
        }
    }

    #[test]
    fn products_match_the_float_reference_and_the_kernels_agree() {
        for kind in [QKind::Q4_0, QKind::Q8_0] {
            for m in [1, 3, 4, 7, 13] {
                let (n, k) = (48, 160);
                let raw = random_blocks(kind, n, k, 11 + m as u64);
                let dense = dequant(kind, &raw);
                let p = PackedMatrix::from_gguf(kind, n, k, &raw, "w").unwrap();
                let x = activations(m, k);
                let mut q = QuantizedRows::new();
                q.quantize(&x, k);
                let mut got = vec![0f32; m * n];
                p.matmul(&q, &mut got);
                // The scalar kernel sums the same integers.
                let mut reference = vec![0f32; m * n];
                for t in 0..n / TILE {
                    p.tile_scalar(t, &q, 0..m, reference.as_mut_ptr());
                }
                for (a, b) in got.iter().zip(&reference) {
                    assert!((a - b).abs() <= 1e-4 * b.abs().max(1.0), "{kind:?} m={m}: {a} vs {b}");
                }
                // And both are the float product, up to 8-bit activations.
                for i in 0..m {
                    for j in 0..n {
                        let exact: f32 = (0..k).map(|c| x[i * k + c] * dense[j * k + c]).sum();
                        let norm: f32 = (0..k).map(|c| (x[i * k + c] * dense[j * k + c]).abs()).sum();
                        let g = got[i * n + j];
                        assert!((g - exact).abs() <= 0.02 * norm + 1e-4, "{kind:?} m={m} ({i},{j}): {g} vs {exact}");
                    }
                }
            }
        }
    }

    #[test]
    fn bad_shapes_are_refused_with_the_tensor_name() {
        let raw = random_blocks(QKind::Q4_0, 16, 64, 1);
        assert!(matches!(PackedMatrix::from_gguf(QKind::Q4_0, 8, 128, &raw, "blk.0.x"), Err(PackError::Rows { .. })));
        let e = PackedMatrix::from_gguf(QKind::Q4_0, 16, 96, &raw, "blk.0.x").unwrap_err();
        assert!(e.to_string().contains("blk.0.x"), "{e}");
    }

    #[test]
    fn simd_and_scalar_quantization_agree() {
        let x = activations(3, 128);
        let mut q = QuantizedRows::new();
        q.quantize(&x, 128);
        let (mut qs, mut d, mut sums) = (vec![0i8; x.len()], vec![0f32; x.len() / QK], vec![0i32; x.len() / QK]);
        quantize_scalar(&x, &mut qs, &mut d, &mut sums);
        assert_eq!(q.d, d);
        // Rounding may differ on exact halves (nearest-even against away
        // from zero), by one step at most; each sum is its block's.
        assert!(q.qs.iter().zip(&qs).all(|(a, b)| (*a as i32 - *b as i32).abs() <= 1));
        for (b, blk) in q.qs.chunks_exact(QK).enumerate() {
            assert_eq!(q.sums[b], blk.iter().map(|&v| v as i32).sum::<i32>());
        }
    }

    #[test]
    fn a_zero_block_quantizes_to_zeros() {
        let mut q = QuantizedRows::new();
        q.quantize(&[0.0; 64], 32);
        assert_eq!(q.m, 2);
        assert!(q.qs.iter().all(|&v| v == 0) && q.d.iter().all(|&d| d == 0.0));
    }
}
