//! Quantized matrix products for the CPU decoder ([`super::decoder`]): GGUF
//! weights (Q4_0, Q4_1, Q5_0, Q8_0, Q4_K, Q6_K) times activations quantized
//! to 8 bits, with AVX2 on any x86-64 from 2013 on and AVX-512 VNNI where
//! the CPU has it.
//!
//! Why our own: Candle computes these products one row at a time, and on
//! x86 its K-quant kernels are compiled in only when the whole build targets
//! AVX (`-C target-feature`), which a portable binary does not: the scalar
//! code left generation at 0.13× and prompts at 0.05× of llama.cpp on the
//! same file. Here the weights are repacked once, at load, into tiles of 16
//! output rows: per block of 32 inputs, the 16 rows' scales and then their
//! quantized values interleaved 4 bytes per row, so that one instruction
//! multiplies 4 inputs into 8 rows (AVX2 `vpmaddubsw`) or 16 rows (VNNI
//! `vpdpbusd`) at once, fed by one broadcast word of activations. Every type
//! is first decoded to [`super::quants::Block32`] and stored in one of six
//! forms that keep its information exactly:
//!
//! | form | from | per 16 rows × 32 inputs |
//! |---|---|---|
//! | `Q4_0` | Q4_0 | f16 scales, nibbles `q + 8` |
//! | `Q5_0` | Q5_0 | f16 scales, nibbles, a plane of fifth bits (`q + 16`) |
//! | `Q8_0` | Q8_0 | f16 scales, bytes `q + 128` |
//! | `Q4M` | Q4_1 | f32 scales and offsets, nibbles |
//! | `Q4K` | Q4_K | the 6-bit `sc` and `m` as bytes, nibbles; each row's `d` and `−dmin` once per 256 inputs, beside the tiles |
//! | `Q6K` | Q6_K | the two 8-bit scales (one per 16 inputs), nibbles and two planes of high bits (`q + 32`); each row's `d` once per 256 inputs, beside the tiles |
//!
//! Stored values are unsigned where `vpmaddubsw` and `vpdpbusd` need them,
//! and the offset is taken back per block with the activation block's sum:
//! `Σ (w + o)·a − o·Σ a = Σ w·a`, exact in integers. Signed bytes go through
//! `vpsignb` (the sign moved onto the activation, as llama.cpp does).
//!
//! A scalar kernel over the same layout runs where neither is present and is
//! the reference the tests hold the SIMD kernels to. The work is split over a
//! small persistent thread pool by tiles; several activation rows (a prompt)
//! reuse each unpacked weight tile.

use std::ops::Range;
use std::sync::OnceLock;

use candle_core::quantized::GgmlDType;
use half::f16;

use super::quants::{self, Block32};

/// Output rows per tile.
pub const TILE: usize = 16;
/// Inputs per quantization block.
pub const QK: usize = quants::QK;

/// How a packed matrix stores its values (see the module's table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum QKind {
    Q4_0 = 0,
    Q5_0 = 1,
    Q8_0 = 2,
    Q4M = 3,
    Q6K = 4,
    Q4K = 5,
}

impl QKind {
    /// The inverse of `kind as u8` (the AVX2 kernel's const parameter).
    const fn from_u8(v: u8) -> QKind {
        match v {
            0 => QKind::Q4_0,
            1 => QKind::Q5_0,
            2 => QKind::Q8_0,
            3 => QKind::Q4M,
            4 => QKind::Q6K,
            _ => QKind::Q4K,
        }
    }
    /// The form a GGUF type is packed into, if it is packed at all.
    pub fn of(dtype: GgmlDType) -> Option<QKind> {
        Some(match dtype {
            GgmlDType::Q4_0 => QKind::Q4_0,
            GgmlDType::Q5_0 => QKind::Q5_0,
            GgmlDType::Q8_0 => QKind::Q8_0,
            GgmlDType::Q4_1 => QKind::Q4M,
            GgmlDType::Q4K => QKind::Q4K,
            GgmlDType::Q6K => QKind::Q6K,
            _ => return None,
        })
    }
    /// Whether values are nibbles (else bytes).
    fn nibbles(self) -> bool {
        matches!(self, QKind::Q4_0 | QKind::Q5_0 | QKind::Q4M | QKind::Q4K | QKind::Q6K)
    }
    /// Whether the unpacked values are signed bytes (products through
    /// `vpsignb`), else unsigned with [`Self::offset`] taken back.
    fn signed(self) -> bool {
        matches!(self, QKind::Q8_0 | QKind::Q6K)
    }
    /// Floats kept per tile and per [`SUPER`] blocks beside the tiles: the
    /// 16 rows' `d` (Q4K, Q6K) and `−dmin` (Q4K).
    fn super_floats(self) -> usize {
        match self {
            QKind::Q4K => 2 * TILE,
            QKind::Q6K => TILE,
            _ => 0,
        }
    }
    /// Bytes of scales (and offsets) ahead of one tile block's values.
    fn header_bytes(self) -> usize {
        match self {
            QKind::Q4_0 | QKind::Q5_0 | QKind::Q8_0 | QKind::Q4K | QKind::Q6K => 2 * TILE,
            QKind::Q4M => 8 * TILE,
        }
    }
    /// Bytes of quantized values for one block of a tile.
    fn tile_qbytes(self) -> usize {
        match self {
            QKind::Q4_0 | QKind::Q4M | QKind::Q4K => TILE * QK / 2,
            QKind::Q5_0 => TILE * QK / 2 + TILE * QK / 8,
            QKind::Q6K => TILE * QK / 2 + 2 * (TILE * QK / 8),
            QKind::Q8_0 => TILE * QK,
        }
    }
    /// Bytes of one block of a tile: scales, then the values.
    fn tile_block_bytes(self) -> usize {
        self.header_bytes() + self.tile_qbytes()
    }
    /// What was added to each stored weight to make it unsigned.
    fn offset(self) -> i32 {
        match self {
            QKind::Q4_0 => 8,
            QKind::Q5_0 => 16,
            QKind::Q8_0 => 128,
            QKind::Q6K => 32,
            QKind::Q4M | QKind::Q4K => 0,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum PackError {
    #[error("{name}: {rows} rows are not a multiple of {TILE}")]
    Rows { name: String, rows: usize },
    #[error("{name}: {cols} columns are not whole blocks of {dtype:?}")]
    Cols { name: String, cols: usize, dtype: GgmlDType },
    #[error("{name}: {dtype:?} is not packed")]
    Type { name: String, dtype: GgmlDType },
    #[error("{name}: {got} bytes of data, expected {want}")]
    Size { name: String, got: usize, want: usize },
    #[error("{name}: reading the weights: {source}")]
    Io { name: String, source: std::io::Error },
}

/// A weight matrix of `n` output rows by `k` inputs, repacked into tiles.
#[derive(Debug)]
pub struct PackedMatrix {
    kind: QKind,
    n: usize,
    k: usize,
    data: Vec<u8>,
    /// Q4K and Q6K: per tile and per 256 inputs, the 16 rows' `d` (then,
    /// for Q4K, their `−dmin`) ([`QKind::super_floats`]).
    supers: Vec<f32>,
}

/// Blocks of 32 that share Q4_K's `d` and `dmin`.
const SUPER: usize = 8;

/// Where the value of input `i` (0..32) of row `r` lies in a tile block's
/// values: (byte, high nibble?) for nibble forms, byte for byte forms.
fn nibble_at(r: usize, i: usize) -> (usize, bool) {
    ((i % 16) / 4 * 64 + r * 4 + i % 4, i >= 16)
}
fn byte_at(r: usize, i: usize) -> usize {
    (i / 4) * 64 + r * 4 + i % 4
}
/// Q5_0's fifth bits: per half of the rows, 32 bytes laid out like one
/// group's nibbles (byte `4·(r % 8) + i % 4`), bit `g` for group `g = i / 4`;
/// so one register holds a half block's fifth bits, and group `g`'s come
/// out with a shift and a mask. Returns (byte, bit).
fn high_bit_at(r: usize, i: usize) -> (usize, u32) {
    (TILE * QK / 2 + 32 * (r / 8) + 4 * (r % 8) + i % 4, (i / 4) as u32)
}

impl PackedMatrix {
    /// Repacks row-major GGUF data (`n` rows of `k` values of `dtype`);
    /// the decoder reads from the file with [`Self::from_rows`].
    #[cfg(test)]
    pub fn from_gguf(dtype: GgmlDType, n: usize, k: usize, raw: &[u8], name: &str) -> Result<Self, PackError> {
        let (_, row_bytes) = Self::check(dtype, n, k, name)?;
        let want = n * row_bytes;
        if raw.len() != want {
            return Err(PackError::Size { name: name.into(), got: raw.len(), want });
        }
        Self::from_rows(dtype, n, k, name, |row, buf| {
            buf.copy_from_slice(&raw[row * buf.len() / TILE..][..buf.len()]);
            Ok(())
        })
    }

    /// Repacks `n` rows of `k` values of `dtype` that `read(row, buf)`
    /// supplies 16 rows at a time (rows `row..row + 16` into `buf`): straight
    /// from a file, so that loading holds one tile of the GGUF bytes at a
    /// time, never a second copy of the matrix.
    pub fn from_rows(dtype: GgmlDType, n: usize, k: usize, name: &str, mut read: impl FnMut(usize, &mut [u8]) -> std::io::Result<()>) -> Result<Self, PackError> {
        let (kind, row_bytes) = Self::check(dtype, n, k, name)?;
        let kb = k / QK;
        let tbb = kind.tile_block_bytes();
        let mut data = vec![0u8; n / TILE * kb * tbb];
        let (sf, per_tile) = (kind.super_floats(), kb / SUPER * kind.super_floats());
        let mut supers = vec![0f32; n / TILE * per_tile];
        let mut buf = vec![0u8; TILE * row_bytes];
        for (t, tile) in data.chunks_exact_mut(kb * tbb).enumerate() {
            read(t * TILE, &mut buf).map_err(|source| PackError::Io { name: name.into(), source })?;
            let sup = &mut supers[t * per_tile..(t + 1) * per_tile];
            for (r, row) in buf.chunks_exact(row_bytes).enumerate() {
                quants::decode_row(dtype, row, |b, blk| {
                    Self::put(kind, &mut tile[b * tbb..][..tbb], r, blk);
                    match (kind, blk.k4, blk.k6) {
                        (QKind::Q4K, Some(k4), _) => {
                            let s = &mut sup[b / SUPER * sf..][..sf];
                            s[r] = k4.d;
                            s[TILE + r] = -k4.dmin;
                        }
                        (QKind::Q6K, _, Some(k6)) => sup[b / SUPER * sf + r] = k6.d,
                        _ => {}
                    }
                });
            }
        }
        Ok(PackedMatrix { kind, n, k, data, supers })
    }

    /// The form `dtype` packs into and the bytes of one row, if an `n × k`
    /// matrix of it can be packed.
    fn check(dtype: GgmlDType, n: usize, k: usize, name: &str) -> Result<(QKind, usize), PackError> {
        let kind = QKind::of(dtype).ok_or_else(|| PackError::Type { name: name.into(), dtype })?;
        if !n.is_multiple_of(TILE) {
            return Err(PackError::Rows { name: name.into(), rows: n });
        }
        let row_bytes = quants::row_bytes(dtype, k).ok_or_else(|| PackError::Cols { name: name.into(), cols: k, dtype })?;
        Ok((kind, row_bytes))
    }

    /// Writes row `r` of one tile block.
    fn put(kind: QKind, dst: &mut [u8], r: usize, blk: &Block32) {
        let f32_at = |dst: &mut [u8], slot: usize, v: f32| dst[4 * slot..4 * slot + 4].copy_from_slice(&v.to_le_bytes());
        match kind {
            QKind::Q4_0 | QKind::Q5_0 | QKind::Q8_0 => {
                let d = blk.d16.expect("types with one f16 scale per block");
                dst[2 * r..2 * r + 2].copy_from_slice(&d.to_le_bytes());
            }
            QKind::Q4M => {
                f32_at(dst, r, blk.scale[0]);
                f32_at(dst, TILE + r, blk.min);
            }
            QKind::Q6K => {
                let k6 = blk.k6.expect("Q6_K's parts");
                dst[r] = k6.sc[0] as u8;
                dst[TILE + r] = k6.sc[1] as u8;
            }
            QKind::Q4K => {
                let k4 = blk.k4.expect("Q4_K's parts");
                dst[r] = k4.sc;
                dst[TILE + r] = k4.m;
            }
        }
        let off = kind.offset();
        let q = &mut dst[kind.header_bytes()..];
        let u = |i: usize| (blk.q[i] as i32 + off) as u8;
        if kind.nibbles() {
            for g in 0..4 {
                for j in 0..4 {
                    q[nibble_at(r, 4 * g + j).0] = (u(4 * g + j) & 0x0F) | ((u(16 + 4 * g + j) & 0x0F) << 4);
                }
            }
            // Q5_0's fifth bits; Q6_K's fifth, then sixth, in a second plane.
            let planes = match kind {
                QKind::Q5_0 => 1,
                QKind::Q6K => 2,
                _ => 0,
            };
            for p in 0..planes {
                for j in 0..4 {
                    q[high_bit_at(r, j).0 + p * (TILE * QK / 8)] = (0..8).fold(0u8, |byte, g| byte | (((u(4 * g + j) >> (4 + p)) & 1) << g));
                }
            }
        } else {
            for i in 0..QK {
                q[byte_at(r, i)] = u(i);
            }
        }
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

    /// Row `r`'s (scale of inputs 0..16, scale of 16..32, offset) in block
    /// `b` of tile `t`, whose bytes are `blk`.
    fn scales(&self, t: usize, b: usize, blk: &[u8], r: usize) -> (f32, f32, f32) {
        let f = |slot: usize| f32::from_le_bytes([blk[4 * slot], blk[4 * slot + 1], blk[4 * slot + 2], blk[4 * slot + 3]]);
        match self.kind {
            QKind::Q4_0 | QKind::Q5_0 | QKind::Q8_0 => {
                let d = f16::from_le_bytes([blk[2 * r], blk[2 * r + 1]]).to_f32();
                (d, d, 0.0)
            }
            QKind::Q4M => (f(r), f(r), f(TILE + r)),
            QKind::Q6K => {
                let sf = self.kind.super_floats();
                let d = self.supers[t * (self.k / QK / SUPER) * sf + b / SUPER * sf + r];
                (d * blk[r] as i8 as f32, d * blk[TILE + r] as i8 as f32, 0.0)
            }
            QKind::Q4K => {
                let sf = self.kind.super_floats();
                let s = &self.supers[t * (self.k / QK / SUPER) * sf + b / SUPER * sf..][..sf];
                let scale = s[r] * blk[r] as f32;
                (scale, scale, s[TILE + r] * blk[TILE + r] as f32)
            }
        }
    }

    /// One weight row as floats (the token-embedding lookup).
    pub fn row_f32(&self, row: usize, out: &mut [f32]) {
        let (t, r) = (row / TILE, row % TILE);
        let kb = self.k / QK;
        let tbb = self.kind.tile_block_bytes();
        for b in 0..kb {
            let blk = &self.data[(t * kb + b) * tbb..][..tbb];
            let (lo, hi, min) = self.scales(t, b, blk, r);
            let q = &blk[self.kind.header_bytes()..];
            let o = &mut out[b * QK..(b + 1) * QK];
            for (i, v) in o.iter_mut().enumerate() {
                *v = if i < 16 { lo } else { hi } * self.stored(q, r, i) as f32 + min;
            }
        }
    }

    /// The signed value of input `i` (0..32) of row `r` in one tile block.
    fn stored(&self, q: &[u8], r: usize, i: usize) -> i32 {
        if self.kind.nibbles() {
            let (at, hi) = nibble_at(r, i);
            let mut v = (if hi { q[at] >> 4 } else { q[at] & 0x0F }) as i32;
            let planes = match self.kind {
                QKind::Q5_0 => 1,
                QKind::Q6K => 2,
                _ => 0,
            };
            for p in 0..planes {
                let (at, bit) = high_bit_at(r, i);
                v |= (((q[at + p * (TILE * QK / 8)] >> bit) & 1) << (4 + p)) as i32;
            }
            return v - self.kind.offset();
        }
        q[byte_at(r, i)] as i32 - self.kind.offset()
    }

    /// `out[m × n] = x[m × k] · selfᵀ`.
    pub fn matmul(&self, x: &QuantizedRows, out: &mut [f32]) {
        self.matmul_with(Kernel::for_kind(self.kind), x, out);
    }

    /// [`Self::matmul`] with a given kernel, which must run on this CPU
    /// ([`Kernel::available`]).
    fn matmul_with(&self, kernel: Kernel, x: &QuantizedRows, out: &mut [f32]) {
        assert_eq!(x.k, self.k, "activation width");
        assert!(out.len() >= x.m * self.n, "output too small");
        assert!(kernel.available(self.kind), "{kernel:?} cannot run {:?} here", self.kind);
        let tiles = self.n / TILE;
        // Tasks write disjoint tiles (columns) of `out` through this pointer;
        // none of them holds a reference to all of it.
        let out_addr = out.as_mut_ptr() as usize;
        par_ranges(tiles, x.m, |range| {
            let out = out_addr as *mut f32;
            for t in range {
                match kernel {
                    Kernel::Scalar => self.tile_scalar(t, x, 0..x.m, out),
                    #[cfg(target_arch = "x86_64")]
                    Kernel::Vnni => {
                        let mut r0 = 0;
                        while r0 < x.m {
                            // SAFETY: `available` checked the CPU features.
                            r0 += unsafe {
                                match x.m - r0 {
                                    n if n >= 8 => avx512::tile::<8>(self, t, x, r0, out),
                                    n if n >= 4 => avx512::tile::<4>(self, t, x, r0, out),
                                    _ => avx512::tile::<1>(self, t, x, r0, out),
                                }
                            };
                        }
                    }
                    #[cfg(target_arch = "x86_64")]
                    // SAFETY: `available` checked the CPU features.
                    Kernel::Avx2 => unsafe {
                        match self.kind {
                            QKind::Q4_0 => avx2::tiles::<{ QKind::Q4_0 as u8 }>(self, t, x, out),
                            QKind::Q5_0 => avx2::tiles::<{ QKind::Q5_0 as u8 }>(self, t, x, out),
                            QKind::Q8_0 => avx2::tiles::<{ QKind::Q8_0 as u8 }>(self, t, x, out),
                            QKind::Q4M => avx2::tiles::<{ QKind::Q4M as u8 }>(self, t, x, out),
                            QKind::Q6K => avx2::tiles::<{ QKind::Q6K as u8 }>(self, t, x, out),
                            QKind::Q4K => avx2::tiles::<{ QKind::Q4K as u8 }>(self, t, x, out),
                        }
                    },
                }
            }
        });
    }

    /// The reference kernel: the same integer sums as the SIMD ones. Writes
    /// tile `t`'s 16 columns of `rows` in the `m × n` output at `out`.
    fn tile_scalar(&self, t: usize, x: &QuantizedRows, rows: Range<usize>, out: *mut f32) {
        let kb = self.k / QK;
        let tbb = self.kind.tile_block_bytes();
        for m in rows {
            let mut acc = [0f32; TILE];
            for b in 0..kb {
                let blk = &self.data[(t * kb + b) * tbb..][..tbb];
                let q = &blk[self.kind.header_bytes()..];
                let a = &x.qs[m * self.k + b * QK..][..QK];
                let (da, sa) = (x.d[m * kb + b], x.sums[m * kb + b]);
                for (r, acc) in acc.iter_mut().enumerate() {
                    let half = |is: Range<usize>| -> i32 { is.map(|i| self.stored(q, r, i) * a[i] as i32).sum() };
                    let (lo, hi, min) = self.scales(t, b, blk, r);
                    *acc += half(0..16) as f32 * (lo * da) + half(16..32) as f32 * (hi * da) + min * (da * sa as f32);
                }
            }
            // SAFETY: `matmul` checked that `out` holds `m × n` values.
            unsafe { std::ptr::copy_nonoverlapping(acc.as_ptr(), out.add(m * self.n + t * TILE), TILE) };
        }
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.data.len() + 4 * self.supers.len()
    }
}

/// Which kernel multiplies a form on this CPU.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kernel {
    Scalar,
    #[cfg(target_arch = "x86_64")]
    Vnni,
    #[cfg(target_arch = "x86_64")]
    Avx2,
}

impl Kernel {
    /// Whether this kernel runs `kind` on this CPU.
    fn available(self, kind: QKind) -> bool {
        match self {
            Kernel::Scalar => true,
            #[cfg(target_arch = "x86_64")]
            Kernel::Vnni => vnni() && kind != QKind::Q4M,
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2 => avx2(),
        }
    }

    /// Every kernel this build has (for tests).
    #[cfg(test)]
    const ALL: [Kernel; if cfg!(target_arch = "x86_64") { 3 } else { 1 }] = [
        Kernel::Scalar,
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2,
        #[cfg(target_arch = "x86_64")]
        Kernel::Vnni,
    ];

    fn for_kind(kind: QKind) -> Kernel {
        #[cfg(target_arch = "x86_64")]
        {
            if vnni() && kind != QKind::Q4M {
                return Kernel::Vnni;
            }
            if avx2() {
                return Kernel::Avx2;
            }
        }
        let _ = kind;
        Kernel::Scalar
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
    /// Each block's sum of its first 16 values.
    half_sums: Vec<i32>,
}

impl QuantizedRows {
    pub fn new() -> Self {
        QuantizedRows { m: 0, k: 0, qs: Vec::new(), d: Vec::new(), sums: Vec::new(), half_sums: Vec::new() }
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
        self.quantize_blocks(x);
        // Q6K's values carry an offset of 32 with a scale per 16 inputs, so
        // the VNNI kernel takes back 32 times each half's sum.
        self.half_sums.resize(m * kb, 0);
        for (h, blk) in self.half_sums.iter_mut().zip(self.qs.chunks_exact(QK)) {
            *h = blk[..QK / 2].iter().map(|&v| v as i32).sum();
        }
    }

    fn quantize_blocks(&mut self, x: &[f32]) {
        #[cfg(target_arch = "x86_64")]
        if vnni() {
            // SAFETY: `vnni()` checked the CPU features.
            return unsafe { avx512::quantize(x, &mut self.qs, &mut self.d, &mut self.sums) };
        }
        #[cfg(target_arch = "x86_64")]
        if avx2() {
            // SAFETY: `avx2()` checked the CPU features.
            return unsafe { avx2::quantize(x, &mut self.qs, &mut self.d, &mut self.sums) };
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

/// Whether the AVX2 kernel runs on this CPU (with FMA and F16C, which every
/// AVX2 CPU has).
pub fn avx2() -> bool {
    static HAS: OnceLock<bool> = OnceLock::new();
    *HAS.get_or_init(|| {
        #[cfg(target_arch = "x86_64")]
        {
            std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma") && std::is_x86_feature_detected!("f16c")
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            false
        }
    })
}

/// Whether this CPU multiplies packed forms with SIMD (else the scalar
/// reference kernel runs, correct but slow).
pub fn simd() -> bool {
    vnni() || avx2()
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
    /// `MR`. The weights of each block are unpacked once for all the rows:
    /// one register holds 4 inputs of the 16 rows, as stored, and one
    /// `vpdpbusd` multiplies them by 4 activations. Every form but Q4M:
    /// unsigned values, an offset or a min taken back per block (per half
    /// block for Q6K, whose scales are per 16 inputs).
    #[target_feature(enable = "avx512f,avx512bw,avx512vnni,f16c")]
    pub(super) unsafe fn tile<const MR: usize>(w: &PackedMatrix, t: usize, x: &QuantizedRows, r0: usize, out: *mut f32) -> usize {
        let kind = w.kind;
        let kb = w.k / QK;
        let tbb = kind.tile_block_bytes();
        let base = w.data.as_ptr().add(t * kb * tbb);
        let nib = _mm512_set1_epi8(0x0F);
        let fifth = _mm512_set1_epi8(0x10);
        let sixth = _mm512_set1_epi8(0x20);
        let offset = _mm512_set1_epi32(kind.offset());
        let sf = kind.super_floats();
        let mut acc = [_mm512_setzero_ps(); MR];
        for b in 0..kb {
            let blk = base.add(b * tbb);
            let q = blk.add(kind.header_bytes());
            // Each row's scale (of inputs 0..16 for Q6K), and its min (Q4K)
            // or its scale of inputs 16..32 (Q6K).
            let (scales, mins) = match kind {
                QKind::Q6K => {
                    let d = _mm512_loadu_ps(w.supers.as_ptr().add(t * (kb / SUPER) * sf + b / SUPER * sf));
                    let lo = _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128(blk as *const __m128i)));
                    let hi = _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128(blk.add(TILE) as *const __m128i)));
                    (_mm512_mul_ps(d, lo), _mm512_mul_ps(d, hi))
                }
                QKind::Q4K => {
                    // d · sc and −dmin · m, one rounding each, as ggml.
                    let sup = w.supers.as_ptr().add(t * (kb / SUPER) * sf + b / SUPER * sf);
                    let sc = _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128(blk as *const __m128i)));
                    let m = _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128(blk.add(TILE) as *const __m128i)));
                    (_mm512_mul_ps(_mm512_loadu_ps(sup), sc), _mm512_mul_ps(_mm512_loadu_ps(sup.add(TILE)), m))
                }
                _ => (_mm512_cvtph_ps(_mm256_loadu_si256(blk as *const __m256i)), _mm512_setzero_ps()),
            };
            let mut wv = [_mm512_setzero_si512(); 8];
            match kind {
                QKind::Q4_0 | QKind::Q5_0 | QKind::Q4K | QKind::Q6K => {
                    for g in 0..4 {
                        let v = _mm512_loadu_si512(q.add(g * 64) as *const _);
                        wv[g] = _mm512_and_si512(v, nib);
                        wv[g + 4] = _mm512_and_si512(_mm512_srli_epi16(v, 4), nib);
                    }
                    if kind == QKind::Q5_0 {
                        // The fifth bits of all 16 rows in one register, laid
                        // out as the values (see `high_bit_at`): bit g of a
                        // byte to bit 4 of group g's.
                        let p = _mm512_loadu_si512(q.add(TILE * QK / 2) as *const _);
                        let hi = [
                            _mm512_slli_epi16(p, 4), _mm512_slli_epi16(p, 3), _mm512_slli_epi16(p, 2), _mm512_slli_epi16(p, 1),
                            p, _mm512_srli_epi16(p, 1), _mm512_srli_epi16(p, 2), _mm512_srli_epi16(p, 3),
                        ];
                        for (wv, hi) in wv.iter_mut().zip(hi) {
                            *wv = _mm512_or_si512(*wv, _mm512_and_si512(hi, fifth));
                        }
                    }
                    if kind == QKind::Q6K {
                        // Two planes: to bits 4 and 5 (`q + 32`, 0..63).
                        let p4 = _mm512_loadu_si512(q.add(TILE * QK / 2) as *const _);
                        let p5 = _mm512_loadu_si512(q.add(TILE * QK / 2 + TILE * QK / 8) as *const _);
                        let hi4 = [
                            _mm512_slli_epi16(p4, 4), _mm512_slli_epi16(p4, 3), _mm512_slli_epi16(p4, 2), _mm512_slli_epi16(p4, 1),
                            p4, _mm512_srli_epi16(p4, 1), _mm512_srli_epi16(p4, 2), _mm512_srli_epi16(p4, 3),
                        ];
                        let hi5 = [
                            _mm512_slli_epi16(p5, 5), _mm512_slli_epi16(p5, 4), _mm512_slli_epi16(p5, 3), _mm512_slli_epi16(p5, 2),
                            _mm512_slli_epi16(p5, 1), p5, _mm512_srli_epi16(p5, 1), _mm512_srli_epi16(p5, 2),
                        ];
                        for g in 0..8 {
                            wv[g] = _mm512_or_si512(wv[g], _mm512_or_si512(_mm512_and_si512(hi4[g], fifth), _mm512_and_si512(hi5[g], sixth)));
                        }
                    }
                }
                QKind::Q8_0 => {
                    for (g, wv) in wv.iter_mut().enumerate() {
                        *wv = _mm512_loadu_si512(q.add(g * 64) as *const _);
                    }
                }
                QKind::Q4M => unreachable!("Kernel::for_kind sends Q4M to AVX2"),
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
                let (da, sa) = (*x.d.get_unchecked(idx), *x.sums.get_unchecked(idx));
                if kind == QKind::Q6K {
                    let lo = *x.half_sums.get_unchecked(idx);
                    let dav = _mm512_set1_ps(da);
                    let s_lo = _mm512_sub_epi32(s0, _mm512_mullo_epi32(offset, _mm512_set1_epi32(lo)));
                    let s_hi = _mm512_sub_epi32(s1, _mm512_mullo_epi32(offset, _mm512_set1_epi32(sa - lo)));
                    *acc = _mm512_fmadd_ps(_mm512_cvtepi32_ps(s_lo), _mm512_mul_ps(scales, dav), *acc);
                    *acc = _mm512_fmadd_ps(_mm512_cvtepi32_ps(s_hi), _mm512_mul_ps(mins, dav), *acc);
                    continue;
                }
                let sum = _mm512_sub_epi32(_mm512_add_epi32(s0, s1), _mm512_mullo_epi32(offset, _mm512_set1_epi32(sa)));
                let scale = _mm512_mul_ps(scales, _mm512_set1_ps(da));
                *acc = _mm512_fmadd_ps(_mm512_cvtepi32_ps(sum), scale, *acc);
                if kind == QKind::Q4K {
                    *acc = _mm512_fmadd_ps(mins, _mm512_set1_ps(da * sa as f32), *acc);
                }
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

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::*;
    use std::arch::x86_64::*;

    /// Every activation row of tile `t`, `MR` rows at a time, with the
    /// kernel made for form `KIND` (one copy per form, free of branches on
    /// it).
    #[target_feature(enable = "avx2,fma,f16c")]
    pub(super) unsafe fn tiles<const KIND: u8>(w: &PackedMatrix, t: usize, x: &QuantizedRows, out: *mut f32) {
        debug_assert_eq!(w.kind as u8, KIND);
        let mut r0 = 0;
        while r0 < x.m {
            r0 += match x.m - r0 {
                n if n >= 8 => tile::<8, KIND>(w, t, x, r0, out),
                n if n >= 4 => tile::<4, KIND>(w, t, x, r0, out),
                n if n >= 2 => tile::<2, KIND>(w, t, x, r0, out),
                _ => tile::<1, KIND>(w, t, x, r0, out),
            };
        }
    }

    /// One tile (16 output rows, as two halves of 8) for activation rows
    /// `r0..r0 + MR`; returns `MR`. Each block's weights are unpacked once
    /// for all the rows: `wu` holds unsigned magnitudes, `ws` (byte forms
    /// only) the signs that `vpsignb` moves onto the activations.
    #[inline]
    #[target_feature(enable = "avx2,fma,f16c")]
    unsafe fn tile<const MR: usize, const KIND: u8>(w: &PackedMatrix, t: usize, x: &QuantizedRows, r0: usize, out: *mut f32) -> usize {
        let kind = QKind::from_u8(KIND);
        let kb = w.k / QK;
        let tbb = kind.tile_block_bytes();
        let base = w.data.as_ptr().add(t * kb * tbb);
        let nib = _mm256_set1_epi8(0x0F);
        let fifth = _mm256_set1_epi8(0x10);
        let sixth = _mm256_set1_epi8(0x20);
        let thirty_two = _mm256_set1_epi8(32);
        let flip = _mm256_set1_epi8(-128);
        let ones = _mm256_set1_epi16(1);
        let offset = kind.offset();
        let mut acc = [[_mm256_setzero_ps(); 2]; MR];
        let mut wu = [[_mm256_setzero_si256(); 8]; 2];
        let mut ws = [[_mm256_setzero_si256(); 8]; 2];
        for b in 0..kb {
            let blk = base.add(b * tbb);
            let q = blk.add(kind.header_bytes());
            match kind {
                QKind::Q4_0 | QKind::Q5_0 | QKind::Q4M | QKind::Q4K | QKind::Q6K => {
                    for g in 0..4 {
                        for (h, wu) in wu.iter_mut().enumerate() {
                            let v = _mm256_loadu_si256(q.add(g * 64 + h * 32) as *const __m256i);
                            wu[g] = _mm256_and_si256(v, nib);
                            wu[g + 4] = _mm256_and_si256(_mm256_srli_epi16(v, 4), nib);
                        }
                    }
                    if kind == QKind::Q5_0 {
                        // Group g's fifth bit is bit g of each byte: moved to
                        // bit 4 by a 16-bit shift (bit 4 of either byte comes
                        // from the same byte for shifts up to 4) and masked.
                        for (h, wu) in wu.iter_mut().enumerate() {
                            let plane = _mm256_loadu_si256(q.add(TILE * QK / 2 + 32 * h) as *const __m256i);
                            wu[0] = _mm256_or_si256(wu[0], _mm256_and_si256(_mm256_slli_epi16(plane, 4), fifth));
                            wu[1] = _mm256_or_si256(wu[1], _mm256_and_si256(_mm256_slli_epi16(plane, 3), fifth));
                            wu[2] = _mm256_or_si256(wu[2], _mm256_and_si256(_mm256_slli_epi16(plane, 2), fifth));
                            wu[3] = _mm256_or_si256(wu[3], _mm256_and_si256(_mm256_slli_epi16(plane, 1), fifth));
                            wu[4] = _mm256_or_si256(wu[4], _mm256_and_si256(plane, fifth));
                            wu[5] = _mm256_or_si256(wu[5], _mm256_and_si256(_mm256_srli_epi16(plane, 1), fifth));
                            wu[6] = _mm256_or_si256(wu[6], _mm256_and_si256(_mm256_srli_epi16(plane, 2), fifth));
                            wu[7] = _mm256_or_si256(wu[7], _mm256_and_si256(_mm256_srli_epi16(plane, 3), fifth));
                        }
                    }
                    if kind == QKind::Q6K {
                        // Two planes: bit g of the first to bit 4, of the
                        // second to bit 5 (16-bit shifts: each result bit
                        // still comes from its own byte); then q + 32 back
                        // to q, signed, for vpsignb as with Q8_0.
                        for (h, (wu, ws)) in wu.iter_mut().zip(ws.iter_mut()).enumerate() {
                            let p4 = _mm256_loadu_si256(q.add(TILE * QK / 2 + 32 * h) as *const __m256i);
                            let p5 = _mm256_loadu_si256(q.add(TILE * QK / 2 + TILE * QK / 8 + 32 * h) as *const __m256i);
                            let hi4 = [
                                _mm256_slli_epi16(p4, 4), _mm256_slli_epi16(p4, 3), _mm256_slli_epi16(p4, 2), _mm256_slli_epi16(p4, 1),
                                p4, _mm256_srli_epi16(p4, 1), _mm256_srli_epi16(p4, 2), _mm256_srli_epi16(p4, 3),
                            ];
                            let hi5 = [
                                _mm256_slli_epi16(p5, 5), _mm256_slli_epi16(p5, 4), _mm256_slli_epi16(p5, 3), _mm256_slli_epi16(p5, 2),
                                _mm256_slli_epi16(p5, 1), p5, _mm256_srli_epi16(p5, 1), _mm256_srli_epi16(p5, 2),
                            ];
                            for g in 0..8 {
                                let u = _mm256_or_si256(wu[g], _mm256_or_si256(_mm256_and_si256(hi4[g], fifth), _mm256_and_si256(hi5[g], sixth)));
                                let v = _mm256_sub_epi8(u, thirty_two);
                                wu[g] = _mm256_abs_epi8(v);
                                ws[g] = v;
                            }
                        }
                    }
                }
                QKind::Q8_0 => {
                    for g in 0..8 {
                        for h in 0..2 {
                            let v = _mm256_xor_si256(_mm256_loadu_si256(q.add(g * 64 + h * 32) as *const __m256i), flip);
                            wu[h][g] = _mm256_abs_epi8(v);
                            ws[h][g] = v;
                        }
                    }
                }
            }
            // Scales of inputs 0..16 and 16..32, and offsets, per half.
            let mut lo = [_mm256_setzero_ps(); 2];
            let mut hi = [_mm256_setzero_ps(); 2];
            let mut mins = [_mm256_setzero_ps(); 2];
            for h in 0..2 {
                match kind {
                    QKind::Q4_0 | QKind::Q5_0 | QKind::Q8_0 => {
                        lo[h] = _mm256_cvtph_ps(_mm_loadu_si128(blk.add(16 * h) as *const __m128i));
                        hi[h] = lo[h];
                    }
                    QKind::Q4M => {
                        lo[h] = _mm256_loadu_ps((blk as *const f32).add(8 * h));
                        hi[h] = lo[h];
                        mins[h] = _mm256_loadu_ps((blk as *const f32).add(TILE + 8 * h));
                    }
                    QKind::Q6K => {
                        // d · sc, one rounding, as ggml computes it.
                        let d = _mm256_loadu_ps(w.supers.as_ptr().add(t * (kb / SUPER) * TILE + b / SUPER * TILE + 8 * h));
                        lo[h] = _mm256_mul_ps(d, _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64(blk.add(8 * h) as *const __m128i))));
                        hi[h] = _mm256_mul_ps(d, _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64(blk.add(TILE + 8 * h) as *const __m128i))));
                    }
                    QKind::Q4K => {
                        // d · sc and −dmin · m, each one rounding, as the
                        // scalar kernel and ggml compute them.
                        let sup = w.supers.as_ptr().add(t * (kb / SUPER) * 2 * TILE + b / SUPER * 2 * TILE);
                        let sc = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64(blk.add(8 * h) as *const __m128i)));
                        let m = _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64(blk.add(TILE + 8 * h) as *const __m128i)));
                        lo[h] = _mm256_mul_ps(_mm256_loadu_ps(sup.add(8 * h)), sc);
                        hi[h] = lo[h];
                        mins[h] = _mm256_mul_ps(_mm256_loadu_ps(sup.add(TILE + 8 * h)), m);
                    }
                }
            }
            for (i, acc) in acc.iter_mut().enumerate() {
                let m = r0 + i;
                let a = x.qs.as_ptr().add(m * w.k + b * QK) as *const i32;
                let idx = m * kb + b;
                let (da, sa) = (*x.d.get_unchecked(idx), *x.sums.get_unchecked(idx));
                let mut av = [_mm256_setzero_si256(); 8];
                for (g, av) in av.iter_mut().enumerate() {
                    *av = _mm256_set1_epi32(a.add(g).read_unaligned());
                }
                let dav = _mm256_set1_ps(da);
                for h in 0..2 {
                    // Sums over inputs 0..16 and 16..32. Nibble forms (≤ 31)
                    // and Q6_K (|q| ≤ 32) add two products in 16 bits before
                    // widening; Q8_0 (|q| ≤ 128) could overflow, so it widens
                    // each.
                    let mut s = [_mm256_setzero_si256(); 2];
                    for (half, s) in s.iter_mut().enumerate() {
                        for pair in 0..2 {
                            let (g0, g1) = (4 * half + 2 * pair, 4 * half + 2 * pair + 1);
                            let (p0, p1) = if !kind.signed() {
                                (_mm256_maddubs_epi16(wu[h][g0], av[g0]), _mm256_maddubs_epi16(wu[h][g1], av[g1]))
                            } else {
                                (_mm256_maddubs_epi16(wu[h][g0], _mm256_sign_epi8(av[g0], ws[h][g0])), _mm256_maddubs_epi16(wu[h][g1], _mm256_sign_epi8(av[g1], ws[h][g1])))
                            };
                            if kind == QKind::Q8_0 {
                                *s = _mm256_add_epi32(*s, _mm256_add_epi32(_mm256_madd_epi16(p0, ones), _mm256_madd_epi16(p1, ones)));
                            } else {
                                *s = _mm256_add_epi32(*s, _mm256_madd_epi16(_mm256_add_epi16(p0, p1), ones));
                            }
                        }
                    }
                    if kind == QKind::Q6K {
                        acc[h] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(s[0]), _mm256_mul_ps(lo[h], dav), acc[h]);
                        acc[h] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(s[1]), _mm256_mul_ps(hi[h], dav), acc[h]);
                        continue;
                    }
                    let mut sum = _mm256_add_epi32(s[0], s[1]);
                    if offset != 0 && kind != QKind::Q8_0 {
                        sum = _mm256_sub_epi32(sum, _mm256_set1_epi32(offset * sa));
                    }
                    acc[h] = _mm256_fmadd_ps(_mm256_cvtepi32_ps(sum), _mm256_mul_ps(lo[h], dav), acc[h]);
                    if matches!(kind, QKind::Q4M | QKind::Q4K) {
                        acc[h] = _mm256_fmadd_ps(mins[h], _mm256_set1_ps(da * sa as f32), acc[h]);
                    }
                }
            }
        }
        for (i, acc) in acc.iter().enumerate() {
            for (h, acc) in acc.iter().enumerate() {
                _mm256_storeu_ps(out.add((r0 + i) * w.n + t * TILE + 8 * h), *acc);
            }
        }
        MR
    }

    /// [`QuantizedRows::quantize`]'s blocks: scale `amax / 127`, values
    /// rounded to nearest, the block's sum of values.
    #[target_feature(enable = "avx2,fma")]
    pub(super) unsafe fn quantize(x: &[f32], qs: &mut [i8], d: &mut [f32], sums: &mut [i32]) {
        let sign = _mm256_set1_ps(-0.0);
        let order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
        for (b, blk) in x.chunks_exact(QK).enumerate() {
            let p = blk.as_ptr();
            let v = [_mm256_loadu_ps(p), _mm256_loadu_ps(p.add(8)), _mm256_loadu_ps(p.add(16)), _mm256_loadu_ps(p.add(24))];
            let mut mx = _mm256_andnot_ps(sign, v[0]);
            for v in &v[1..] {
                mx = _mm256_max_ps(mx, _mm256_andnot_ps(sign, *v));
            }
            let m4 = _mm_max_ps(_mm256_castps256_ps128(mx), _mm256_extractf128_ps(mx, 1));
            let m2 = _mm_max_ps(m4, _mm_movehl_ps(m4, m4));
            let amax = _mm_cvtss_f32(_mm_max_ss(m2, _mm_movehdup_ps(m2)));
            let scale = amax / 127.0;
            let inv = _mm256_set1_ps(if scale > 0.0 { 1.0 / scale } else { 0.0 });
            let q: [__m256i; 4] = std::array::from_fn(|i| _mm256_cvtps_epi32(_mm256_mul_ps(v[i], inv)));
            let packed = _mm256_packs_epi16(_mm256_packs_epi32(q[0], q[1]), _mm256_packs_epi32(q[2], q[3]));
            _mm256_storeu_si256(qs.as_mut_ptr().add(b * QK) as *mut __m256i, _mm256_permutevar8x32_epi32(packed, order));
            let s = _mm256_add_epi32(_mm256_add_epi32(q[0], q[1]), _mm256_add_epi32(q[2], q[3]));
            let s4 = _mm_add_epi32(_mm256_castsi256_si128(s), _mm256_extracti128_si256(s, 1));
            let s2 = _mm_add_epi32(s4, _mm_shuffle_epi32(s4, 0b01_00_11_10));
            let s1 = _mm_add_epi32(s2, _mm_shuffle_epi32(s2, 0b10_11_00_01));
            d[b] = scale;
            sums[b] = _mm_cvtsi128_si32(s1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use candle_core::quantized::QTensor;
    use candle_core::{Device, Tensor};

    const TYPES: [GgmlDType; 6] = [GgmlDType::Q4_0, GgmlDType::Q4_1, GgmlDType::Q5_0, GgmlDType::Q8_0, GgmlDType::Q4K, GgmlDType::Q6K];

    /// An `n × k` matrix quantized by Candle: its GGUF bytes and its exact
    /// dequantized values.
    fn weights(dtype: GgmlDType, n: usize, k: usize, seed: usize) -> (Vec<u8>, Vec<f32>) {
        let v: Vec<f32> = (0..n * k).map(|i| (((i + seed) * 7919 % 1013) as f32 / 1013.0 - 0.4) * if (i + seed) % 23 == 0 { 5.0 } else { 1.0 }).collect();
        let t = QTensor::quantize(&Tensor::from_vec(v, (n, k), &Device::Cpu).unwrap(), dtype).unwrap();
        let dense = t.dequantize(&Device::Cpu).unwrap().flatten_all().unwrap().to_vec1().unwrap();
        (t.data().unwrap().to_vec(), dense)
    }

    fn activations(m: usize, k: usize) -> Vec<f32> {
        (0..m * k).map(|i| ((i * 7919 % 1013) as f32 / 1013.0 - 0.5) * if i % 17 == 0 { 8.0 } else { 1.0 }).collect()
    }

    #[test]
    fn rows_unpack_to_the_gguf_values() {
        for dtype in TYPES {
            let (n, k) = (32, 256);
            let (raw, dense) = weights(dtype, n, k, 3);
            let p = PackedMatrix::from_gguf(dtype, n, k, &raw, "w").unwrap();
            let mut row = vec![0f32; k];
            for r in [0, 5, 16, 31] {
                p.row_f32(r, &mut row);
                assert_eq!(row, dense[r * k..(r + 1) * k], "{dtype:?} row {r}");
            }
        }
    }

    #[test]
    fn products_match_the_float_reference_and_the_kernels_agree() {
        for dtype in TYPES {
            for m in [1, 2, 3, 4, 7, 13] {
                let (n, k) = (48, 512);
                let (raw, dense) = weights(dtype, n, k, 11 + m);
                let p = PackedMatrix::from_gguf(dtype, n, k, &raw, "w").unwrap();
                let x = activations(m, k);
                let mut q = QuantizedRows::new();
                q.quantize(&x, k);
                let mut got = vec![0f32; m * n];
                p.matmul(&q, &mut got);
                // The scalar kernel sums the same integers, and so does every
                // kernel this CPU can run (not only the one `matmul` picks).
                let mut reference = vec![0f32; m * n];
                for t in 0..n / TILE {
                    p.tile_scalar(t, &q, 0..m, reference.as_mut_ptr());
                }
                for (a, b) in got.iter().zip(&reference) {
                    assert!((a - b).abs() <= 1e-4 * b.abs().max(1.0), "{dtype:?} m={m}: {a} vs {b}");
                }
                for kernel in Kernel::ALL.into_iter().filter(|k| k.available(p.kind)) {
                    let mut other = vec![0f32; m * n];
                    p.matmul_with(kernel, &q, &mut other);
                    for (a, b) in other.iter().zip(&reference) {
                        assert!((a - b).abs() <= 1e-4 * b.abs().max(1.0), "{dtype:?} {kernel:?} m={m}: {a} vs {b}");
                    }
                }
                // And both are the float product, up to 8-bit activations.
                for i in 0..m {
                    for j in 0..n {
                        let exact: f32 = (0..k).map(|c| x[i * k + c] * dense[j * k + c]).sum();
                        let norm: f32 = (0..k).map(|c| (x[i * k + c] * dense[j * k + c]).abs()).sum();
                        let g = got[i * n + j];
                        assert!((g - exact).abs() <= 0.02 * norm + 1e-4, "{dtype:?} m={m} ({i},{j}): {g} vs {exact}");
                    }
                }
            }
        }
    }

    #[test]
    fn extreme_values_do_not_overflow_the_16_bit_sums() {
        // Every weight and activation at the end of its range: Q8_0's −128
        // and 127, Q5_0's 15 and −16, Q6_K's −32 with scale 127,
        // activations ±127.
        let one = f16::from_f32(1.0).to_le_bytes();
        let cases: [(GgmlDType, &dyn Fn(&mut [u8])); 5] = [
            (GgmlDType::Q8_0, &|b| b[2..].fill(0x80)),
            (GgmlDType::Q8_0, &|b| b[2..].fill(0x7F)),
            (GgmlDType::Q5_0, &|b| b[2..].fill(0xFF)),
            (GgmlDType::Q5_0, &|b| b[2..].fill(0x00)),
            (GgmlDType::Q6K, &|b| {
                b[..192].fill(0);
                b[192..208].fill(127);
            }),
        ];
        for (case, (dtype, fill)) in cases.iter().enumerate() {
            let (n, k) = (16, 256);
            let (mut raw, _) = weights(*dtype, n, k, 1);
            let bb = match dtype {
                GgmlDType::Q8_0 => 34,
                GgmlDType::Q5_0 => 22,
                _ => 210,
            };
            for blk in raw.chunks_exact_mut(bb) {
                if *dtype == GgmlDType::Q6K {
                    blk[208..].copy_from_slice(&one);
                } else {
                    blk[..2].copy_from_slice(&one);
                }
                fill(blk);
            }
            let p = PackedMatrix::from_gguf(*dtype, n, k, &raw, "w").unwrap();
            let mut dense = vec![0f32; k];
            p.row_f32(0, &mut dense);
            for sign in [1.0f32, -1.0] {
                let x = vec![sign; k];
                let mut q = QuantizedRows::new();
                q.quantize(&x, k);
                let mut got = vec![0f32; n];
                p.matmul(&q, &mut got);
                let exact: f32 = dense.iter().map(|w| w * sign).sum();
                assert!(exact != 0.0 && got.iter().all(|g| (g - exact).abs() <= 1e-3 * exact.abs()), "case {case} {dtype:?} {sign}: {got:?} vs {exact}");
            }
        }
    }

    #[test]
    fn bad_shapes_are_refused_with_the_tensor_name() {
        let (raw, _) = weights(GgmlDType::Q4_0, 16, 64, 1);
        assert!(matches!(PackedMatrix::from_gguf(GgmlDType::Q4_0, 8, 128, &raw, "blk.0.x"), Err(PackError::Rows { .. })));
        let e = PackedMatrix::from_gguf(GgmlDType::Q4_0, 16, 96, &raw, "blk.0.x").unwrap_err();
        assert!(e.to_string().contains("blk.0.x"), "{e}");
        assert!(matches!(PackedMatrix::from_gguf(GgmlDType::Q4K, 16, 64, &raw, "w"), Err(PackError::Cols { .. })));
        assert!(matches!(PackedMatrix::from_gguf(GgmlDType::F16, 16, 64, &raw, "w"), Err(PackError::Type { .. })));
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
