//! The Think Tank (AU-RAG §4.2): finds the extraction guides whose
//! questions are closest to a new one, so the agent's judges and policies
//! can follow how similar questions were answered.
//!
//! Retrieval is hybrid: cosine similarity of question embeddings (which
//! catches paraphrase: "rise in" ~ "change in") plus BM25 over the guide
//! questions (which catches the exact line item: "Adjusted EBITDA"). Guides
//! persist in the workspace's LanceDB (`guides` table, [`crate::store::Store::guides`]); this
//! index is built from them in memory, since a Think Tank holds thousands of
//! guides, not millions.

use serde::Serialize;

use crate::bm25::Bm25;
use crate::embed::{cosine, EmbedError, Embedder, InputKind};
use crate::guide::Guide;

/// A retrieved guide with its hybrid similarity.
#[derive(Debug, Clone, Serialize)]
pub struct GuideHit<'a> {
    pub guide: &'a Guide,
    pub score: f32,
    pub dense: f32,
    pub lexical: f32,
}

/// The guide-retrieval stage.
pub trait GuideRetriever: Send + Sync {
    /// The `k` most similar guides that `allow` admits, best first.
    fn retrieve<'a>(&'a self, question: &str, query: &[f32], k: usize, allow: &dyn Fn(&Guide) -> bool) -> Vec<GuideHit<'a>>;
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Guides with their question vectors and a BM25 index over the questions.
pub struct ThinkTank {
    guides: Vec<Guide>,
    vectors: Vec<Vec<f32>>,
    bm25: Bm25,
}

/// Weight of the (max-normalized) BM25 score in the hybrid similarity.
const LEXICAL_WEIGHT: f32 = 0.3;

impl ThinkTank {
    pub fn new(guides: Vec<Guide>, vectors: Vec<Vec<f32>>) -> Self {
        let bm25 = Bm25::build(guides.iter().map(|g| g.question.as_str()));
        ThinkTank { guides, vectors, bm25 }
    }

    /// Embeds every guide's question with `embedder` (as queries: a guide
    /// question is compared with other questions).
    pub fn embed(guides: Vec<Guide>, embedder: &dyn Embedder) -> Result<Self, EmbedError> {
        let qs: Vec<&str> = guides.iter().map(|g| g.question.as_str()).collect();
        let vectors = embedder.embed(&qs, InputKind::Query)?;
        Ok(Self::new(guides, vectors))
    }

    pub fn guides(&self) -> &[Guide] {
        &self.guides
    }
}

impl GuideRetriever for ThinkTank {
    fn retrieve<'a>(&'a self, question: &str, query: &[f32], k: usize, allow: &dyn Fn(&Guide) -> bool) -> Vec<GuideHit<'a>> {
        let lexical = self.bm25.search(question, self.guides.len());
        let max_lex = lexical.first().map(|x| x.1).unwrap_or(0.0).max(1e-6);
        let mut lex = vec![0.0f32; self.guides.len()];
        for (i, s) in lexical {
            lex[i] = s / max_lex;
        }
        let mut hits: Vec<GuideHit> = self
            .guides
            .iter()
            .enumerate()
            .filter(|(_, g)| allow(g))
            .map(|(i, g)| {
                let dense = self.vectors.get(i).map(|v| cosine(query, v)).unwrap_or(0.0);
                GuideHit { guide: g, score: (1.0 - LEXICAL_WEIGHT) * dense + LEXICAL_WEIGHT * lex[i], dense, lexical: lex[i] }
            })
            .collect();
        hits.sort_by(|a, b| b.score.total_cmp(&a.score).then_with(|| a.guide.id.cmp(&b.guide.id)));
        hits.truncate(k);
        hits
    }

    fn len(&self) -> usize {
        self.guides.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::embed::HashingEmbedder;

    fn guide(id: &str, q: &str, ctx: &str) -> Guide {
        Guide { id: id.into(), question: q.into(), sources: vec![], negatives: vec![], answer: None, author: "t".into(), context: Some(ctx.into()), created_at: String::new() }
    }

    #[test]
    fn retrieves_the_closest_question_and_respects_the_filter() {
        let e = HashingEmbedder::new(64);
        let tank = ThinkTank::embed(
            vec![guide("a", "What was the change in revenue from 2018 to 2019?", "c1"), guide("b", "Who audits the accounts?", "c2"), guide("c", "What was the revenue in 2019?", "c3")],
            &e,
        )
        .unwrap();
        let q = "What was the change in Adjusted EBITDA from 2018 to 2019?";
        let qv = e.embed_one(q, InputKind::Query).unwrap();
        let hits = tank.retrieve(q, &qv, 2, &|_| true);
        assert_eq!(hits[0].guide.id, "a");
        assert_eq!(hits.len(), 2);
        let hits = tank.retrieve(q, &qv, 3, &|g| g.context.as_deref() != Some("c1"));
        assert!(hits.iter().all(|h| h.guide.id != "a"));
    }
}
