//! The `Reranker` stage: score (query, passage) pairs jointly.
//!
//! A bi-encoder (the [`crate::embed`] stage) compares a query and a passage
//! that were embedded apart; a cross-encoder reads them together and is far
//! sharper, but costs one forward pass per pair, so it only re-scores the
//! handful of candidates that the cheap filter kept (AU-RAG's filter →
//! rerank; QUASAR's 1000 → 100 → 30 cascade).
//!
//! [`CrossEncoder`](cross::CrossEncoder) is the Candle implementation (BERT
//! and XLM-RoBERTa sequence classifiers). [`LexicalReranker`] is the
//! deterministic stand-in used when no reranker weights are installed: a
//! BM25-shaped keyword overlap with extra weight on years and numbers, which
//! in annual reports are what tells one table from the next.


use std::collections::HashSet;

use crate::text;

#[derive(Debug, thiserror::Error)]
pub enum RerankError {
    #[error("cannot load reranker from {path}: {reason}")]
    Load { path: String, reason: String },
    #[error("reranker '{model}' failed: {reason}")]
    Inference { model: String, reason: String },
}

impl RerankError {
    pub fn code(&self) -> &'static str {
        match self {
            RerankError::Load { .. } => "reranker_load",
            RerankError::Inference { .. } => "reranker_inference",
        }
    }
}

pub trait Reranker: Send + Sync {
    /// A stable identifier of the model, recorded in traces and eval output.
    fn id(&self) -> String;
    /// One relevance score per passage, higher is more relevant. Scores are
    /// comparable within one call; their scale depends on the model.
    fn score(&self, query: &str, passages: &[&str]) -> Result<Vec<f32>, RerankError>;

    /// Passage indices ordered best first (ties keep input order).
    fn rank(&self, query: &str, passages: &[&str]) -> Result<Vec<(usize, f32)>, RerankError> {
        let scores = self.score(query, passages)?;
        let mut order: Vec<(usize, f32)> = scores.into_iter().enumerate().collect();
        order.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        Ok(order)
    }
}

/// Deterministic keyword reranker: BM25 term saturation over the query's
/// content words, with years and numbers weighted double. Needs no weights.
#[derive(Debug, Clone, Default)]
pub struct LexicalReranker;

impl LexicalReranker {
    const K1: f32 = 1.2;
    const B: f32 = 0.75;
    /// Typical passage length in tokens, for length normalization.
    const AVG_LEN: f32 = 120.0;
}

impl Reranker for LexicalReranker {
    fn id(&self) -> String {
        "lexical-bm25".into()
    }

    fn score(&self, query: &str, passages: &[&str]) -> Result<Vec<f32>, RerankError> {
        let terms: Vec<String> = {
            let mut seen = HashSet::new();
            text::tokenize(query).into_iter().filter(|t| !text::is_stopword(t) && seen.insert(t.clone())).collect()
        };
        Ok(passages
            .iter()
            .map(|p| {
                let toks = text::tokenize(p);
                let len = toks.len() as f32;
                let norm = Self::K1 * (1.0 - Self::B + Self::B * len / Self::AVG_LEN);
                terms
                    .iter()
                    .map(|t| {
                        let tf = toks.iter().filter(|x| *x == t).count() as f32;
                        let weight = if t.chars().any(|c| c.is_ascii_digit()) { 2.0 } else { 1.0 };
                        weight * tf * (Self::K1 + 1.0) / (tf + norm)
                    })
                    .sum()
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lexical_prefers_matching_terms_and_years() {
        let r = LexicalReranker;
        let q = "What was the revenue in 2019?";
        let p = ["Revenue was $5 million in 2019.", "Revenue was $4 million in 2018.", "The weather was fine."];
        let order = r.rank(q, &p).unwrap();
        assert_eq!(order.iter().map(|x| x.0).collect::<Vec<_>>(), vec![0, 1, 2]);
        assert_eq!(order[2].1, 0.0);
        assert!(r.score(q, &[]).unwrap().is_empty());
    }
}
