//! Chunking text into source objects (AU-RAG §5).
//!
//! With an embedder, chunking is semantic: a chunk breaks where the cosine
//! distance between consecutive sentence embeddings exceeds the 95th
//! percentile of all such distances in the document. Without one, chunks are
//! bounded by size. Either way a chunk never exceeds `max_chars`, never splits
//! a sentence, and keeps each sentence's page and offset.

use crate::embed::{cosine, Embedder, InputKind};
use crate::source::Sentence;

#[derive(Debug, Clone, Copy)]
pub struct ChunkConfig {
    /// Percentile of consecutive-sentence distances above which a chunk breaks.
    pub percentile: f32,
    /// Hard upper bound on a chunk's length in characters.
    pub max_chars: usize,
    /// Target length for size-bounded chunking (no embedder).
    pub target_chars: usize,
    /// Chunks shorter than this are merged into their neighbour.
    pub min_chars: usize,
}

impl Default for ChunkConfig {
    fn default() -> Self {
        ChunkConfig { percentile: 95.0, max_chars: 2000, target_chars: 900, min_chars: 120 }
    }
}

/// A chunk: sentences in order, re-indexed from 0.
pub type Chunk = Vec<Sentence>;

/// The `p`-th percentile (0..=100) by linear interpolation, as numpy does.
pub fn percentile(values: &[f32], p: f32) -> f32 {
    if values.is_empty() {
        return 0.0;
    }
    let mut v = values.to_vec();
    v.sort_by(|a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    let rank = (p / 100.0).clamp(0.0, 1.0) * (v.len() - 1) as f32;
    let lo = rank.floor() as usize;
    let hi = rank.ceil() as usize;
    v[lo] + (v[hi] - v[lo]) * (rank - lo as f32)
}

/// Splits `sentences` into chunks. Returns the break decisions' distances too
/// (empty without an embedder), for diagnostics.
pub fn chunk_sentences(
    sentences: &[Sentence],
    embedder: Option<&dyn Embedder>,
    cfg: &ChunkConfig,
) -> Result<Vec<Chunk>, crate::embed::EmbedError> {
    if sentences.is_empty() {
        return Ok(Vec::new());
    }
    let mut breaks = vec![false; sentences.len()]; // breaks[i]: a chunk starts at i
    if let Some(e) = embedder.filter(|_| sentences.len() > 2) {
        let texts: Vec<&str> = sentences.iter().map(|s| s.text.as_str()).collect();
        let vecs = e.embed(&texts, InputKind::Document)?;
        let dists: Vec<f32> = vecs.windows(2).map(|w| 1.0 - cosine(&w[0], &w[1])).collect();
        let thr = percentile(&dists, cfg.percentile);
        for (i, d) in dists.iter().enumerate() {
            if *d > thr {
                breaks[i + 1] = true;
            }
        }
    } else {
        let mut len = 0;
        for (i, s) in sentences.iter().enumerate() {
            if len > 0 && len + s.text.len() > cfg.target_chars {
                breaks[i] = true;
                len = 0;
            }
            len += s.text.len() + 1;
        }
    }
    // Enforce the hard size bound and assemble.
    let mut chunks: Vec<Vec<Sentence>> = Vec::new();
    let mut cur: Vec<Sentence> = Vec::new();
    let mut cur_len = 0;
    for (i, s) in sentences.iter().enumerate() {
        let too_long = cur_len + s.text.len() > cfg.max_chars && !cur.is_empty();
        if (breaks[i] && cur_len >= cfg.min_chars) || too_long {
            chunks.push(std::mem::take(&mut cur));
            cur_len = 0;
        }
        cur_len += s.text.len() + 1;
        cur.push(s.clone());
    }
    if !cur.is_empty() {
        // A short tail joins the previous chunk when it fits.
        if cur_len < cfg.min_chars {
            if let Some(last) = chunks.last_mut() {
                let last_len: usize = last.iter().map(|s| s.text.len() + 1).sum();
                if last_len + cur_len <= cfg.max_chars {
                    last.extend(cur);
                    cur = Vec::new();
                }
            }
        }
        if !cur.is_empty() {
            chunks.push(cur);
        }
    }
    for c in chunks.iter_mut() {
        for (i, s) in c.iter_mut().enumerate() {
            s.idx = i as u32;
        }
    }
    Ok(chunks)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::HashingEmbedder;

    fn sent(t: &str, page: u32) -> Sentence {
        Sentence { idx: 0, text: t.to_string(), page: Some(page), offset: 0, ..Default::default() }
    }

    #[test]
    fn percentile_matches_numpy_linear() {
        let v = [1.0, 2.0, 3.0, 4.0, 5.0];
        assert_eq!(percentile(&v, 50.0), 3.0);
        assert!((percentile(&v, 95.0) - 4.8).abs() < 1e-6);
    }

    #[test]
    fn semantic_breaks_at_topic_shift() {
        let mut s = Vec::new();
        for i in 0..12 {
            s.push(sent(&format!("Revenue from cloud subscriptions grew strongly in quarter {i} of fiscal 2019 across cloud subscriptions."), 1));
        }
        for i in 0..12 {
            s.push(sent(&format!("Employee headcount and office leases changed in region {i} with new leases for headcount growth."), 2));
        }
        let e = HashingEmbedder::default();
        let cfg = ChunkConfig { max_chars: 100_000, min_chars: 10, ..Default::default() };
        let chunks = chunk_sentences(&s, Some(&e), &cfg).unwrap();
        assert!(chunks.len() >= 2);
        // The topic shift is a chunk boundary.
        let mut starts = vec![];
        let mut n = 0;
        for c in &chunks {
            starts.push(n);
            n += c.len();
        }
        assert!(starts.contains(&12), "starts {starts:?}");
        assert_eq!(n, 24);
        assert_eq!(chunks[1][0].idx, 0);
    }

    #[test]
    fn size_bounded_without_embedder() {
        let s: Vec<_> = (0..50).map(|i| sent(&format!("Sentence number {i} is about forty chars."), 1)).collect();
        let cfg = ChunkConfig::default();
        let chunks = chunk_sentences(&s, None, &cfg).unwrap();
        assert!(chunks.len() > 1);
        for c in &chunks {
            let len: usize = c.iter().map(|s| s.text.len() + 1).sum();
            assert!(len <= cfg.max_chars);
        }
        assert_eq!(chunks.iter().map(|c| c.len()).sum::<usize>(), 50);
    }
}
