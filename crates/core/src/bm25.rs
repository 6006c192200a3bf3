//! Okapi BM25 over our own tokenizer ([`crate::text::tokenize`]): the
//! lexical half of the in-memory catalog (the agent's test double), of the
//! Think Tank's guide retrieval and of the in-memory store. The LanceDB
//! store indexes the same tokens with its own BM25 (same k1 and b), so the
//! two rank alike.

use std::collections::HashMap;

use crate::text::tokenize;

/// BM25's inverse document frequency of a term found in `doc_freq` of
/// `docs` documents: `ln(1 + (docs − doc_freq + 0.5) / (doc_freq + 0.5))`.
pub fn idf(doc_freq: usize, docs: usize) -> f32 {
    let (df, n) = (doc_freq as f32, docs as f32);
    ((n - df + 0.5) / (df + 0.5) + 1.0).ln()
}

/// The terms a query searches for: its tokens, stopwords dropped, each once.
/// A possessive's "s" is no term: "the beaver's temperature" had matched
/// a table of islands by its one row "New Zealand (S)".
pub fn query_terms(query: &str) -> Vec<String> {
    let mut terms: Vec<String> = tokenize(&crate::text::without_possessive_s(query)).into_iter().filter(|t| !crate::text::is_stopword(t)).collect();
    terms.sort();
    terms.dedup();
    terms
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
        idf(self.postings.get(token).map(|p| p.len()).unwrap_or(0), self.lengths.len())
    }

    /// (doc, score) for every doc matching a query term, best first.
    pub fn search(&self, query: &str, k: usize) -> Vec<(usize, f32)> {
        let mut scores: HashMap<u32, f32> = HashMap::new();
        for t in query_terms(query).iter() {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_possessive_s_is_no_query_term() {
        assert_eq!(query_terms("What is the beaver's average body temperature?"), vec!["average", "beaver", "body", "temperature"]);
        assert_eq!(query_terms("Cook’s islands (S)"), vec!["cook", "islands", "s"]);
        assert_eq!(query_terms("the 's' key"), vec!["key", "s"]);
        assert_eq!(query_terms("albums of the 70's"), vec!["70", "albums", "s"]);
    }

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
