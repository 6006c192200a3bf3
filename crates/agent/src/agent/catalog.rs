//! The catalog the agent selects sources from (OmniRetrieval's catalog of
//! source descriptors): every object of the pool, nearest descriptions to
//! a query vector, BM25 over descriptions and content, each object's
//! siblings — the objects that share its file and page (or sheet), such as
//! a table and the paragraphs around it — and the share of a question
//! each table holds in any cell or header ([`Pool::held`]), by which the
//! table step picks the tables it asks.
//!
//! The agent asks the same few questions whether the pool is a workspace
//! or an evaluation pool, so it talks to the [`Catalog`] trait:
//!
//! - [`StoreCatalog`] is what the app, the CLI and `aurag eval` run: the
//!   filter's two searches go to the store (LanceDB's full-text index and
//!   vector search), and the objects themselves come from a [`Pool`] read
//!   once per store version, since every later stage reads their content.
//! - [`MemoryCatalog`] is the deterministic test double: the same pool
//!   with brute-force cosine and our own BM25, no runtime, no files.
//!
//! The store is async and the agent's stages are not (they are CPU work run
//! off the async workers with `block_in_place`), so [`StoreCatalog`] waits
//! on the store's futures through a runtime handle, as the dynamic-object
//! refresher does.

use std::collections::{HashMap, HashSet};

use crate::bm25::Bm25;
use crate::embed::{cosine, EmbedError, Embedder, InputKind};
use crate::source::{Content, Locator, SourceObject};
use crate::store::{Hit, Store, StoreError};
use crate::text::tokenize;

/// What the agent asks of a pool of source objects.
pub trait Catalog: Send + Sync {
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    fn get(&self, id: &str) -> Option<&SourceObject>;
    /// Nearest descriptions to a query vector, best first.
    fn dense(&self, query: &[f32], k: usize) -> Result<Vec<Hit>, StoreError>;
    /// BM25 over descriptions and content, best first (positive scores only).
    fn lexical(&self, query: &str, k: usize) -> Result<Vec<Hit>, StoreError>;
    /// Objects of the same file and page or sheet, the object itself excluded.
    fn siblings(&self, id: &str) -> Vec<&SourceObject>;
    /// Inverse document frequency of a (lowercased) token over the pool.
    fn idf(&self, token: &str) -> f32;
    /// Every table that holds any of `terms` anywhere (a header, any
    /// cell, its description), with the rarity-weighted share of the terms
    /// it holds, best first ([`Pool::held`]).
    fn held(&self, terms: &[String]) -> Vec<Hit>;
    /// The table database of the pool's table objects, filled on first use
    /// and shared by every question asked of this pool.
    fn tables(&self) -> &std::sync::Mutex<Option<crate::tabledb::TableDb>>;
}

const PASSAGE_CHARS: usize = 2000;

/// How much more a question's term counts in [`Pool::held`] when a table
/// holds it in its header row or caption, not only in a cell: a column the
/// question names is surer than a cell that happens to hold the word. In
/// the pool of WikiTableQuestions' dev tables (400 questions), with the
/// share tried in the selection's own score, counting a header's word
/// twice ranked the question's table first for 53.5% against 52.5%
/// counting it once (46.5% without the share), and answered 150 against
/// 149.
const HEADER_BONUS: f32 = 1.0;

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

/// The objects of a pool as read at one store version: looked up by id,
/// grouped with their siblings, and counted per token for the structural
/// scorer's term weights (BM25's idf over [`SourceObject::searchable_text`]).
/// It also holds the table database its tables are loaded into when a
/// question first needs them: the pool lives as long as its store version,
/// so a table is loaded once per version, not once per question.
pub struct Pool {
    pub objects: Vec<SourceObject>,
    by_id: HashMap<String, usize>,
    groups: HashMap<String, Vec<usize>>,
    doc_freq: HashMap<String, u32>,
    /// Token (and its stem) → the tables holding it anywhere, numbers
    /// included ([`Pool::held`]).
    table_postings: HashMap<String, Vec<u32>>,
    /// The same, for the words of a table's header row and caption.
    header_postings: HashMap<String, HashSet<u32>>,
    tables_count: usize,
    tables: std::sync::Mutex<Option<crate::tabledb::TableDb>>,
}

impl Pool {
    pub fn new(objects: Vec<SourceObject>) -> Self {
        let by_id = objects.iter().enumerate().map(|(i, o)| (o.id.clone(), i)).collect();
        let mut groups: HashMap<String, Vec<usize>> = HashMap::new();
        let mut doc_freq: HashMap<String, u32> = HashMap::new();
        let mut table_postings: HashMap<String, Vec<u32>> = HashMap::new();
        let mut header_postings: HashMap<String, HashSet<u32>> = HashMap::new();
        let mut tables_count = 0;
        for (i, o) in objects.iter().enumerate() {
            groups.entry(group_key(o)).or_default().push(i);
            let tokens: HashSet<String> = tokenize(&o.searchable_text()).into_iter().collect();
            for t in tokens {
                *doc_freq.entry(t).or_default() += 1;
            }
            if let Some(t) = o.as_table() {
                tables_count += 1;
                let mut held = super::matching::token_set(&o.description);
                for c in t.grid.iter().flatten() {
                    held.extend(super::matching::token_set(&c.text));
                }
                let plain: Vec<String> = held.iter().filter_map(|w| crate::text::without_thousands(w)).collect();
                held.extend(plain);
                for w in held {
                    table_postings.entry(w).or_default().push(i as u32);
                }
                for h in t.columns.iter().chain(t.caption.iter()) {
                    for w in super::matching::token_set(h) {
                        header_postings.entry(w).or_default().insert(i as u32);
                    }
                }
            }
        }
        Pool { objects, by_id, groups, doc_freq, table_postings, header_postings, tables_count, tables: std::sync::Mutex::new(None) }
    }

    /// Every table holding any of `terms` (or its stem) in a header, a
    /// cell or its description, scored by the share of the terms it holds,
    /// each weighted by its rarity among the pool's tables, and a term in
    /// the header row or caption counted twice ([`HEADER_BONUS`]); in
    /// [0, 1], best first, then by position. The structural scorer reads
    /// a table's row labels and headers only, as a report is read; a
    /// table of records names its things in any column ("the difference
    /// in gold between algeria and cameroon": the countries in the second
    /// column, the medal in a header), and a question's rare words are
    /// found there or nowhere.
    pub fn held(&self, terms: &[String]) -> Vec<(usize, f32)> {
        let n = self.tables_count.max(1);
        let mut scores: HashMap<u32, f32> = HashMap::new();
        let mut total = 0.0f32;
        for t in terms {
            let st = super::matching::stem(t);
            // (A verb's "-ing" is held where its noun is, "farming" where
            // survival's logan writes `farm`: the tables parser reads it so
            // too, `tableqa::link_values`.)
            let gerund = t.strip_suffix("ing").filter(|b| b.len() >= 4 && t.is_ascii());
            let forms = [Some(t.as_str()), Some(st.as_str()).filter(|s| s != t), gerund];
            let mut docs: Vec<u32> = forms.iter().flatten().filter_map(|f| self.table_postings.get(*f)).flatten().copied().collect();
            docs.sort_unstable();
            docs.dedup();
            let w = crate::bm25::idf(docs.len(), n).max(0.1);
            total += w * (1.0 + HEADER_BONUS);
            for d in docs {
                let in_header = forms.iter().flatten().any(|f| self.header_postings.get(*f).is_some_and(|h| h.contains(&d)));
                *scores.entry(d).or_default() += w * if in_header { 1.0 + HEADER_BONUS } else { 1.0 };
            }
        }
        let mut out: Vec<(usize, f32)> = scores.into_iter().map(|(d, s)| (d as usize, s / total.max(1e-6))).collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        out
    }

    fn held_hits(&self, terms: &[String]) -> Vec<Hit> {
        self.held(terms).into_iter().map(|(i, s)| Hit { id: self.objects[i].id.clone(), score: s }).collect()
    }

    pub fn len(&self) -> usize {
        self.objects.len()
    }
    pub fn is_empty(&self) -> bool {
        self.objects.is_empty()
    }
    pub fn index_of(&self, id: &str) -> Option<usize> {
        self.by_id.get(id).copied()
    }
    pub fn get(&self, id: &str) -> Option<&SourceObject> {
        self.index_of(id).map(|i| &self.objects[i])
    }
    pub fn siblings(&self, id: &str) -> Vec<&SourceObject> {
        let Some(i) = self.index_of(id) else { return Vec::new() };
        self.groups.get(&group_key(&self.objects[i])).map(|g| g.iter().filter(|&&j| j != i).map(|&j| &self.objects[j]).collect()).unwrap_or_default()
    }
    /// BM25's idf ([`crate::bm25::idf`]) over the pool.
    pub fn idf(&self, token: &str) -> f32 {
        crate::bm25::idf(self.doc_freq.get(token).copied().unwrap_or(0) as usize, self.objects.len())
    }
}

/// The catalog the app runs: the pool's objects from a [`Pool`], the
/// filter's searches from the store they were read from. Hits for objects
/// written after the pool was read are dropped: the agent only selects
/// what it can also read.
pub struct StoreCatalog<'a, S: Store> {
    pool: &'a Pool,
    store: &'a S,
    handle: tokio::runtime::Handle,
}

impl<'a, S: Store> StoreCatalog<'a, S> {
    /// `handle` is the runtime the store's futures run on. Call the
    /// catalog from a worker of a multi-threaded runtime or from a thread
    /// outside any runtime, never from a current-thread runtime's thread.
    pub fn new(pool: &'a Pool, store: &'a S, handle: tokio::runtime::Handle) -> Self {
        StoreCatalog { pool, store, handle }
    }

    fn wait<T>(&self, f: impl std::future::Future<Output = T>) -> T {
        tokio::task::block_in_place(|| self.handle.block_on(f))
    }

    fn known(&self, hits: Vec<Hit>) -> Vec<Hit> {
        hits.into_iter().filter(|h| self.pool.index_of(&h.id).is_some()).collect()
    }
}

impl<S: Store> Catalog for StoreCatalog<'_, S> {
    fn len(&self) -> usize {
        self.pool.len()
    }
    fn get(&self, id: &str) -> Option<&SourceObject> {
        self.pool.get(id)
    }
    fn dense(&self, query: &[f32], k: usize) -> Result<Vec<Hit>, StoreError> {
        Ok(self.known(self.wait(self.store.search_vector(query, k))?))
    }
    fn lexical(&self, query: &str, k: usize) -> Result<Vec<Hit>, StoreError> {
        Ok(self.known(self.wait(self.store.search_text(query, k))?))
    }
    fn siblings(&self, id: &str) -> Vec<&SourceObject> {
        self.pool.siblings(id)
    }
    fn idf(&self, token: &str) -> f32 {
        self.pool.idf(token)
    }
    fn held(&self, terms: &[String]) -> Vec<Hit> {
        self.pool.held_hits(terms)
    }
    fn tables(&self) -> &std::sync::Mutex<Option<crate::tabledb::TableDb>> {
        &self.pool.tables
    }
}

/// The in-memory catalog, the agent's test double: a [`Pool`], its
/// description vectors searched by brute-force cosine, and [`Bm25`] over
/// each object's searchable text.
pub struct MemoryCatalog {
    pub pool: Pool,
    pub vectors: Vec<Vec<f32>>,
    bm25: Bm25,
}

impl MemoryCatalog {
    /// Builds from objects and their description vectors (same order).
    pub fn new(objects: Vec<SourceObject>, vectors: Vec<Vec<f32>>) -> Self {
        let texts: Vec<String> = objects.iter().map(SourceObject::searchable_text).collect();
        let bm25 = Bm25::build(texts.iter().map(String::as_str));
        MemoryCatalog { pool: Pool::new(objects), vectors, bm25 }
    }

    /// Builds and embeds the descriptions with `embedder`.
    pub fn embed(objects: Vec<SourceObject>, embedder: &dyn Embedder) -> Result<Self, EmbedError> {
        let texts: Vec<&str> = objects.iter().map(|o| o.description.as_str()).collect();
        let vectors = embedder.embed(&texts, InputKind::Document)?;
        Ok(Self::new(objects, vectors))
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
        self.pool.len()
    }
    fn get(&self, id: &str) -> Option<&SourceObject> {
        self.pool.get(id)
    }
    fn dense(&self, query: &[f32], k: usize) -> Result<Vec<Hit>, StoreError> {
        Ok(self.nearest(query, k).into_iter().map(|(i, s)| Hit { id: self.pool.objects[i].id.clone(), score: s }).collect())
    }
    fn lexical(&self, query: &str, k: usize) -> Result<Vec<Hit>, StoreError> {
        Ok(self.bm25.search(query, k).into_iter().map(|(i, s)| Hit { id: self.pool.objects[i].id.clone(), score: s }).collect())
    }
    fn siblings(&self, id: &str) -> Vec<&SourceObject> {
        self.pool.siblings(id)
    }
    fn idf(&self, token: &str) -> f32 {
        self.pool.idf(token)
    }
    fn held(&self, terms: &[String]) -> Vec<Hit> {
        self.pool.held_hits(terms)
    }
    fn tables(&self) -> &std::sync::Mutex<Option<crate::tabledb::TableDb>> {
        &self.pool.tables
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{Content, Locator, Provenance, Sentence, SourceKind, TableContent, TextContent};
    use crate::text::cell_from_text;

    fn table(name: &str, rows: &[&[&str]]) -> SourceObject {
        let grid = rows.iter().map(|r| r.iter().map(|c| cell_from_text(c)).collect()).collect();
        let t = TableContent { caption: None, header_rows: 1, columns: rows[0].iter().map(|s| s.to_string()).collect(), grid, origin: (0, 0), truncated_from: None, schema: None, row_pages: None };
        SourceObject::new(SourceKind::Static, Provenance { file: format!("{name}.csv"), file_hash: name.into(), locator: Locator::Lines { start: 1, end: 1 } }, Content::Table(t))
    }

    #[test]
    fn a_table_holds_the_question_in_any_column_weighted_by_rarity() {
        // Both tables name Algeria; only the medal table also holds
        // Cameroon (in its second column) and a Gold header. "nation" and
        // "algeria" are in both, so they count for little.
        let medals = table("medals", &[&["Rank", "Nation", "Gold", "Silver"], &["1", "Nigeria", "9", "4"], &["2", "Algeria", "8", "6"], &["3", "Cameroon", "1", "3"]]);
        let reserves = table("reserves", &[&["Nation", "Tonnes"], &["Algeria", "173.6"], &["Libya", "116.6"]]);
        let text = SourceObject::new(
            SourceKind::Static,
            Provenance { file: "note.txt".into(), file_hash: "n".into(), locator: Locator::Lines { start: 1, end: 1 } },
            Content::Text(TextContent { sentences: vec![Sentence { idx: 0, text: "Algeria and Cameroon won gold.".into(), page: None, offset: 0, ..Default::default() }] }),
        );
        let pool = Pool::new(vec![reserves, text, medals]);
        let terms: Vec<String> = ["golds", "algeria", "cameroon", "nation"].iter().map(|s| s.to_string()).collect();
        let held = pool.held(&terms);
        // Text is never held: the structural scorer reads all of it already.
        assert_eq!(held.iter().map(|h| h.0).collect::<Vec<_>>(), vec![2, 0], "{held:?}");
        // The medal table holds every term ("golds" by its stem), two of
        // them in its header: idf 0.69 for a word of one table in two, 0.18
        // for a word of both; (2·0.69 + 0.18 + 0.69 + 2·0.18) / (2·1.75).
        assert!((held[0].1 - 0.75).abs() < 0.01, "{held:?}");
        assert!(held[1].1 > 0.0 && held[1].1 < 0.2, "{held:?}");
        assert!(pool.held(&["zanzibar".to_string()]).is_empty());
    }

    /// A number the question writes plainly ("which is the only one with
    /// 1074 km") is held by the table whose cell writes it with a
    /// thousands separator ("1,074"), and only by that one.
    #[test]
    fn a_number_is_held_with_or_without_its_thousands_separator() {
        let dioceses = table("dioceses", &[&["Jurisdiction", "Area (km2)"], &["Luanda", "1,074"], &["Benguela", "39,826"]]);
        let stations = table("stations", &[&["Station", "Distance (km)"], &["Lobito", "10.74"], &["Huambo", "1074.5"]]);
        let pool = Pool::new(vec![stations, dioceses]);
        let held = pool.held(&["1074".to_string()]);
        assert_eq!(held.iter().map(|h| h.0).collect::<Vec<_>>(), vec![1], "{held:?}");
        assert_eq!(pool.held(&["1,074".to_string()]).iter().map(|h| h.0).collect::<Vec<_>>(), vec![1]);
        assert_eq!(crate::text::without_thousands("1,074").as_deref(), Some("1074"));
        assert_eq!(crate::text::without_thousands("1,074.5").as_deref(), Some("1074.5"));
        for t in ["1074", "lobito", "a,b", "10.74"] {
            assert_eq!(crate::text::without_thousands(t), None, "{t}");
        }
    }

    /// "A father in farming" over survival's logan, whose jobs are `farm`,
    /// `sales` …: "farming" is held where its noun is (logan had held no
    /// word of the question, and no table was chosen), "during" nowhere.
    #[test]
    fn a_verb_in_ing_is_held_where_its_noun_is() {
        let logan = table("logan", &[&["occupation", "focc", "education"], &["farm", "sales", "14"], &["sales", "farm", "13"]]);
        let other = table("other", &[&["group", "wl1"], &["Control", "4"], &["Diet", "5"]]);
        let pool = Pool::new(vec![other, logan]);
        assert_eq!(pool.held(&["farming".to_string()]).iter().map(|h| h.0).collect::<Vec<_>>(), vec![1]);
        assert!(pool.held(&["during".to_string()]).is_empty());
    }
}
