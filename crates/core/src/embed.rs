//! The `Embedder` stage: text in, L2-normalized vectors out.
//!
//! Queries and documents are embedded through one trait but marked apart,
//! because model families such as e5 and bge prefix them differently. The
//! trait is synchronous and `Send + Sync`: callers on the async runtime run
//! it under `spawn_blocking`, so inference never stalls the runtime.
//!
//! [`HashingEmbedder`] is the deterministic stand-in: feature hashing (FNV-1a,
//! 64-bit) of word unigrams, bigrams and character trigrams. It needs no
//! weights, gives the same vector everywhere, and is good enough for lexical
//! similarity, so the whole pipeline runs and is testable without a model.

/// Whether a text is a search query or a document being indexed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputKind {
    Query,
    Document,
}

#[derive(Debug, thiserror::Error)]
pub enum EmbedError {
    #[error("embedding model '{model}' failed: {reason}")]
    Inference { model: String, reason: String },
    #[error("cannot load embedding model from {path}: {reason}")]
    Load { path: String, reason: String },
}

pub trait Embedder: Send + Sync {
    /// A stable identifier of the model and its settings; a workspace records
    /// it so vectors from different models are never mixed.
    fn id(&self) -> String;
    fn dim(&self) -> usize;
    fn embed(&self, texts: &[&str], kind: InputKind) -> Result<Vec<Vec<f32>>, EmbedError>;

    fn embed_one(&self, text: &str, kind: InputKind) -> Result<Vec<f32>, EmbedError> {
        Ok(self.embed(&[text], kind)?.pop().unwrap_or_default())
    }

    /// The cosine between a question (as a query) and a table's rows read
    /// as sentences (its profile, as a document) from which the question
    /// is taken to be about what that table lists, where the parser's
    /// links explain too little of it ("how many episodes are there?" of
    /// a table whose rows are episodes). A model's cosines lie on its own
    /// scale, so this is measured per model; `None` (the default, and the
    /// hashing embedder, which reads words, not meaning) leaves the
    /// parser's confidence alone to decide.
    fn subject_cosine(&self) -> Option<f32> {
        None
    }
}

/// Feature-hashing embedder: deterministic, weightless, lexical.
#[derive(Debug, Clone)]
pub struct HashingEmbedder {
    dim: usize,
}

impl HashingEmbedder {
    pub const DEFAULT_DIM: usize = 384;
    pub fn new(dim: usize) -> Self {
        HashingEmbedder { dim: dim.max(8) }
    }
}

impl Default for HashingEmbedder {
    fn default() -> Self {
        Self::new(Self::DEFAULT_DIM)
    }
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a over several byte slices, as if concatenated.
fn fnv1a(parts: &[&[u8]]) -> u64 {
    let mut h = FNV_OFFSET;
    for p in parts {
        for &b in *p {
            h ^= b as u64;
            h = h.wrapping_mul(FNV_PRIME);
        }
    }
    h
}

/// Bucket and sign of a feature.
fn bucket(parts: &[&[u8]], dim: usize) -> (usize, f32) {
    let h = fnv1a(parts);
    let sign = if h >> 63 == 0 { 1.0 } else { -1.0 };
    ((h % dim as u64) as usize, sign)
}

impl Embedder for HashingEmbedder {
    fn id(&self) -> String {
        format!("hashing-v2-{}", self.dim)
    }
    fn dim(&self) -> usize {
        self.dim
    }
    fn embed(&self, texts: &[&str], _kind: InputKind) -> Result<Vec<Vec<f32>>, EmbedError> {
        Ok(texts.iter().map(|t| self.embed_text(t)).collect())
    }
}

impl HashingEmbedder {
    fn embed_text(&self, text: &str) -> Vec<f32> {
        let mut v = vec![0f32; self.dim];
        let toks: Vec<String> = crate::text::tokenize(text)
            .into_iter()
            .filter(|t| !crate::text::is_stopword(t))
            .collect();
        let mut add = |parts: &[&[u8]], w: f32| {
            let (i, s) = bucket(parts, self.dim);
            v[i] += s * w;
        };
        let mut padded = Vec::new();
        for t in &toks {
            add(&[b"w:", t.as_bytes()], 1.0);
            // Character trigrams of "#token#", on chars, not bytes.
            padded.clear();
            padded.push('#');
            padded.extend(t.chars());
            padded.push('#');
            if padded.len() > 4 {
                let mut buf = [0u8; 12];
                for win in padded.windows(3) {
                    let mut n = 0;
                    for c in win {
                        n += c.encode_utf8(&mut buf[n..]).len();
                    }
                    add(&[b"c:", &buf[..n]], 0.25);
                }
            }
        }
        for pair in toks.windows(2) {
            add(&[b"b:", pair[0].as_bytes(), b" ", pair[1].as_bytes()], 0.5);
        }
        normalize(&mut v);
        v
    }
}

/// Wraps an embedder with a memo of the vectors it has produced, so one
/// ingestion that embeds a sentence for chunking and again for its unit pays
/// once. Scoped to one ingestion run; it is not a long-lived cache.
pub struct Memo<'a> {
    inner: &'a dyn Embedder,
    seen: std::sync::Mutex<std::collections::HashMap<String, Vec<f32>>>,
}

impl<'a> Memo<'a> {
    pub fn new(inner: &'a dyn Embedder) -> Self {
        Memo { inner, seen: Default::default() }
    }
}

impl Embedder for Memo<'_> {
    fn id(&self) -> String {
        self.inner.id()
    }
    fn subject_cosine(&self) -> Option<f32> {
        self.inner.subject_cosine()
    }
    fn dim(&self) -> usize {
        self.inner.dim()
    }
    fn embed(&self, texts: &[&str], kind: InputKind) -> Result<Vec<Vec<f32>>, EmbedError> {
        if kind == InputKind::Query {
            return self.inner.embed(texts, kind);
        }
        let missing: Vec<&str> = {
            let seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
            let mut m: Vec<&str> = texts.iter().copied().filter(|t| !seen.contains_key(*t)).collect();
            m.sort_unstable();
            m.dedup();
            m
        };
        if !missing.is_empty() {
            let vs = self.inner.embed(&missing, kind)?;
            let mut seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
            for (t, v) in missing.into_iter().zip(vs) {
                seen.insert(t.to_string(), v);
            }
        }
        let seen = self.seen.lock().unwrap_or_else(|e| e.into_inner());
        Ok(texts.iter().map(|t| seen.get(*t).cloned().unwrap_or_default()).collect())
    }
}

/// L2-normalizes in place; a zero vector stays zero.
pub fn normalize(v: &mut [f32]) {
    let n = v.iter().map(|x| x * x).sum::<f32>().sqrt();
    if n > 0.0 {
        v.iter_mut().for_each(|x| *x /= n);
    }
}

/// Cosine similarity of two vectors (0 when either is zero).
pub fn cosine(a: &[f32], b: &[f32]) -> f32 {
    let (mut d, mut na, mut nb) = (0f32, 0f32, 0f32);
    for (x, y) in a.iter().zip(b) {
        d += x * y;
        na += x * x;
        nb += y * y;
    }
    if na == 0.0 || nb == 0.0 {
        0.0
    } else {
        d / (na.sqrt() * nb.sqrt())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashing_is_deterministic_normalized_and_lexical() {
        let e = HashingEmbedder::default();
        let v = e.embed(&["total revenue in 2019", "total revenue in 2019", "employee headcount by region"], InputKind::Document).unwrap();
        assert_eq!(v[0], v[1]);
        assert_eq!(v[0].len(), 384);
        let n: f32 = v[0].iter().map(|x| x * x).sum();
        assert!((n - 1.0).abs() < 1e-5);
        let q = e.embed_one("revenue 2019", InputKind::Query).unwrap();
        assert!(cosine(&q, &v[0]) > cosine(&q, &v[2]) + 0.2);
    }
}
