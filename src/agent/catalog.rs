//! The catalog the agent selects sources from (OmniRetrieval's catalog of
//! source descriptors): every object of the pool with its description
//! vector, a BM25 index over its description and content, and its
//! siblings — the objects that share its file and page (or sheet), such as
//! a table and the paragraphs around it.
//!
//! The agent needs the same few questions answered whether the pool is a
//! workspace or an evaluation pool, so it talks to the [`Catalog`] trait;
//! [`MemoryCatalog`] is the one implementation, built from a workspace's
//! store snapshot or from an evaluation pool. Analysts' workspaces hold
//! thousands of objects, not millions, so an in-process index is both the
//! fastest and the simplest.

use std::collections::HashMap;

use crate::embed::{cosine, EmbedError, Embedder, InputKind};
use crate::source::{Content, Locator, SourceObject};
use crate::store::Hit;
use crate::text::tokenize;

/// What the agent asks of a pool of source objects.
pub trait Catalog: Send + Sync {
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn get(&self, id: &str) -> Option<&SourceObject>;
    /// Nearest descriptions to a query vector, best first.
    fn dense(&self, query: &[f32], k: usize) -> Vec<Hit>;
    /// BM25 over descriptions and content, best first (positive scores only).
    fn lexical(&self, query: &str, k: usize) -> Vec<Hit>;
    /// Objects of the same file and page or sheet, the object itself excluded.
    fn siblings(&self, id: &str) -> Vec<&SourceObject>;
    /// Inverse document frequency of a (lowercased) token over the pool.
    fn idf(&self, token: &str) -> f32;
}

/// Okapi BM25 over tokenized documents.
#[derive(Debug, Clone, Default)]
pub struct Bm25 {
    postings: HashMap<String, Vec<(u32, u32)>>,
    lengths: Vec<u32>,
    avg_len: f32,
}

impl Bm25 {
    const K1: f32 = 1.2;
    const B: f32 = 0.75;

    pub fn build<'a>(docs: impl IntoIterator<Item = &'a str>) -> Self {
        let mut postings: HashMap<String, Vec<(u32, u32)>> = HashMap::new();
        let mut lengths = Vec::new();
        for (d, text) in docs.into_iter().enumerate() {
            let toks = tokenize(text);
            lengths.push(toks.len() as u32);
            let mut tf: HashMap<String, u32> = HashMap::new();
            for t in toks {
                *tf.entry(t).or_default() += 1;
            }
            for (t, n) in tf {
                postings.entry(t).or_default().push((d as u32, n));
            }
        }
        let avg_len = if lengths.is_empty() { 1.0 } else { lengths.iter().sum::<u32>() as f32 / lengths.len() as f32 };
        Bm25 { postings, lengths, avg_len: avg_len.max(1.0) }
    }

    pub fn idf(&self, token: &str) -> f32 {
        let n = self.lengths.len() as f32;
        let df = self.postings.get(token).map(|p| p.len()).unwrap_or(0) as f32;
        ((n - df + 0.5) / (df + 0.5) + 1.0).ln()
    }

    /// (doc, score) for every doc matching a query term, best first.
    pub fn search(&self, query: &str, k: usize) -> Vec<(usize, f32)> {
        let mut terms = tokenize(query);
        terms.sort();
        terms.dedup();
        let mut scores: HashMap<u32, f32> = HashMap::new();
        for t in terms.iter().filter(|t| !crate::text::is_stopword(t)) {
            let Some(post) = self.postings.get(t) else { continue };
            let idf = self.idf(t);
            for &(d, tf) in post {
                let len = self.lengths[d as usize] as f32;
                let tf = tf as f32;
                let s = idf * tf * (Self::K1 + 1.0) / (tf + Self::K1 * (1.0 - Self::B + Self::B * len / self.avg_len));
                *scores.entry(d).or_default() += s;
            }
        }
        let mut out: Vec<(usize, f32)> = scores.into_iter().map(|(d, s)| (d as usize, s)).collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        out.truncate(k);
        out
    }
}

/// What BM25 reads of an object: description, then rows verbalized or sentences.
pub fn searchable_text(obj: &SourceObject) -> String {
    let mut s = obj.description.clone();
    match &obj.content {
        Content::Table(t) => {
            for row in t.grid.iter() {
                for c in row {
                    if !c.text.trim().is_empty() && c.value.as_f64().is_none() {
                        s.push(' ');
                        s.push_str(c.text.trim());
                    }
                }
            }
        }
        Content::Text(t) => {
            s.push(' ');
            s.push_str(&t.full_text());
        }
    }
    s
}

const PASSAGE_CHARS: usize = 2000;

/// What the reranker reads of an object: its description, then its rows
/// verbalized (`label | header: value; ...`) or its sentences.
pub fn passage(obj: &SourceObject) -> String {
    let mut s = obj.description.clone();
    match &obj.content {
        Content::Table(t) => {
            for row in t.data_rows() {
                let label = row.first().map(|c| c.text.trim()).unwrap_or("");
                let cells: Vec<String> = row
                    .iter()
                    .enumerate()
                    .skip(1)
                    .filter(|(_, c)| !c.text.trim().is_empty())
                    .map(|(i, c)| format!("{}: {}", t.columns.get(i).map(String::as_str).unwrap_or(""), c.text.trim()))
                    .collect();
                s.push_str(&format!("\n{label} | {}", cells.join("; ")));
                if s.len() > PASSAGE_CHARS {
                    break;
                }
            }
        }
        Content::Text(t) => {
            s.push('\n');
            s.push_str(&t.full_text());
        }
    }
    crate::text::truncate_chars(&s, PASSAGE_CHARS)
}

/// The group an object shares with its siblings: its file, plus the page
/// for paginated files and the sheet for workbooks.
pub fn group_key(obj: &SourceObject) -> String {
    match &obj.provenance.locator {
        Locator::Pages { pages, .. } => format!("{}#p{}", obj.provenance.file, pages.first().copied().unwrap_or(0)),
        Locator::SheetRange { sheet, .. } if !obj.provenance.file.contains('#') => format!("{}!{sheet}", obj.provenance.file),
        _ => obj.provenance.file.clone(),
    }
}

/// An in-memory catalog: objects, description vectors, BM25, groups.
pub struct MemoryCatalog {
    pub objects: Vec<SourceObject>,
    pub vectors: Vec<Vec<f32>>,
    by_id: HashMap<String, usize>,
    groups: HashMap<String, Vec<usize>>,
    bm25: Bm25,
}

impl MemoryCatalog {
    /// Builds from objects and their description vectors (same order).
    pub fn new(objects: Vec<SourceObject>, vectors: Vec<Vec<f32>>) -> Self {
        let by_id = objects.iter().enumerate().map(|(i, o)| (o.id.clone(), i)).collect();
        let mut groups: HashMap<String, Vec<usize>> = HashMap::new();
        for (i, o) in objects.iter().enumerate() {
            groups.entry(group_key(o)).or_default().push(i);
        }
        let texts: Vec<String> = objects.iter().map(searchable_text).collect();
        let bm25 = Bm25::build(texts.iter().map(String::as_str));
        MemoryCatalog { objects, vectors, by_id, groups, bm25 }
    }

    /// Builds and embeds the descriptions with `embedder`.
    pub fn embed(objects: Vec<SourceObject>, embedder: &dyn Embedder) -> Result<Self, EmbedError> {
        let texts: Vec<&str> = objects.iter().map(|o| o.description.as_str()).collect();
        let vectors = embedder.embed(&texts, InputKind::Document)?;
        Ok(Self::new(objects, vectors))
    }

    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }

    /// Indices of the `k` descriptions nearest to `query`, best first.
    pub fn nearest(&self, query: &[f32], k: usize) -> Vec<(usize, f32)> {
        let mut scored: Vec<(usize, f32)> = self.vectors.iter().enumerate().map(|(i, v)| (i, cosine(query, v))).collect();
        scored.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        scored.truncate(k);
        scored
    }
}

impl Catalog for MemoryCatalog {
    fn len(&self) -> usize {
        self.objects.len()
    }
    fn get(&self, id: &str) -> Option<&SourceObject> {
        self.by_id.get(id).map(|&i| &self.objects[i])
    }
    fn dense(&self, query: &[f32], k: usize) -> Vec<Hit> {
        self.nearest(query, k).into_iter().map(|(i, s)| Hit { id: self.objects[i].id.clone(), score: s }).collect()
    }
    fn lexical(&self, query: &str, k: usize) -> Vec<Hit> {
        self.bm25.search(query, k).into_iter().map(|(i, s)| Hit { id: self.objects[i].id.clone(), score: s }).collect()
    }
    fn siblings(&self, id: &str) -> Vec<&SourceObject> {
        let Some(&i) = self.by_id.get(id) else { return Vec::new() };
        self.groups.get(&group_key(&self.objects[i])).map(|g| g.iter().filter(|&&j| j != i).map(|&j| &self.objects[j]).collect()).unwrap_or_default()
    }
    fn idf(&self, token: &str) -> f32 {
        self.bm25.idf(token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bm25_ranks_rare_terms_higher_and_ignores_misses() {
        let docs = ["revenue grew in europe", "revenue fell", "cash and revenue", "weather"];
        let b = Bm25::build(docs);
        let hits = b.search("europe revenue", 10);
        assert_eq!(hits[0].0, 0);
        assert_eq!(hits.len(), 3);
        assert!(b.idf("europe") > b.idf("revenue"));
        assert!(b.search("nothing here", 10).is_empty());
    }
}
