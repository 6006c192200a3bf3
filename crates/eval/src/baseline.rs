//! The RAG+Reranker baseline of AU-RAG's Table 2: dense top-20 over object
//! descriptions → rerank the 20 with the reranker → keep the top 3 → answer
//! from all three. It takes no retrieval actions beyond reading whole
//! objects, which is what its action precision reflects. The answer comes
//! from the deterministic reader (an LLM answerer plugs in with the model
//! issue's language model).

use super::{EvalError, Method, MethodOutput};
use crate::agent::catalog::Catalog;
use crate::action::RetrievalAction;
use crate::embed::{Embedder, InputKind};
use crate::guide::Guide;
use crate::agent::reader;
use crate::rerank::Reranker;
use crate::agent::catalog::passage;
use crate::source::SourceObject;

pub struct Baseline<'a> {
    pub embedder: &'a dyn Embedder,
    pub reranker: &'a dyn Reranker,
    pub dense_k: usize,
    pub keep: usize,
}

impl<'a> Baseline<'a> {
    pub fn new(embedder: &'a dyn Embedder, reranker: &'a dyn Reranker) -> Self {
        Baseline { embedder, reranker, dense_k: 20, keep: 3 }
    }
}

impl Method for Baseline<'_> {
    fn name(&self) -> &str {
        "baseline"
    }

    fn describe(&self) -> serde_json::Value {
        serde_json::json!({"embedder": self.embedder.id(), "reranker": self.reranker.id(), "dense_k": self.dense_k, "keep": self.keep, "answerer": "extractive"})
    }

    fn run(&self, question: &str, catalog: &dyn Catalog, _guides: &[&Guide]) -> Result<MethodOutput, EvalError> {
        let qv = self.embedder.embed_one(question, InputKind::Query)?;
        let dense: Vec<(&SourceObject, f32)> = catalog.dense(&qv, self.dense_k)?.into_iter().filter_map(|h| catalog.get(&h.id).map(|o| (o, h.score))).collect();
        let passages: Vec<String> = dense.iter().map(|(o, _)| passage(o)).collect();
        let refs: Vec<&str> = passages.iter().map(String::as_str).collect();
        let ranked = self.reranker.rank(question, &refs)?;
        let kept: Vec<(&SourceObject, f32)> = ranked.iter().take(self.keep).map(|&(j, s)| (dense[j].0, s)).collect();
        let actions: Vec<RetrievalAction> = kept.iter().map(|(o, _)| RetrievalAction::whole(o)).collect();
        let objs: Vec<&SourceObject> = kept.iter().map(|(o, _)| *o).collect();
        let answer = reader::extract(question, &objs);
        let trace = serde_json::json!({
            "dense": dense.iter().map(|(o, s)| serde_json::json!({"id": o.id, "score": s})).collect::<Vec<_>>(),
            "reranked": ranked.iter().map(|&(j, s)| serde_json::json!({"id": dense[j].0.id, "score": s})).collect::<Vec<_>>(),
            "answer_evidence": answer.as_ref().map(|a| &a.evidence),
        });
        Ok(MethodOutput { retrieved: kept.iter().map(|(o, s)| (o.id.clone(), *s)).collect(), actions, answer: answer.map(Into::into), trace })
    }
}
