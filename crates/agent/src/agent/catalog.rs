//! The catalog the agent selects sources from (OmniRetrieval's catalog of
//! source descriptors): every object of the pool, nearest descriptions to
//! a query vector, BM25 over descriptions and content, and each object's
//! siblings — the objects that share its file and page (or sheet), such as
//! a table and the paragraphs around it.
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
    /// The table database of the pool's table objects, filled on first use
    /// and shared by every question asked of this pool.
    fn tables(&self) -> &std::sync::Mutex<Option<crate::tabledb::TableDb>>;
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
    tables: std::sync::Mutex<Option<crate::tabledb::TableDb>>,
}

impl Pool {
    pub fn new(objects: Vec<SourceObject>) -> Self {
        let by_id = objects.iter().enumerate().map(|(i, o)| (o.id.clone(), i)).collect();
        let mut groups: HashMap<String, Vec<usize>> = HashMap::new();
        let mut doc_freq: HashMap<String, u32> = HashMap::new();
        for (i, o) in objects.iter().enumerate() {
            groups.entry(group_key(o)).or_default().push(i);
            let tokens: HashSet<String> = tokenize(&o.searchable_text()).into_iter().collect();
            for t in tokens {
                *doc_freq.entry(t).or_default() += 1;
            }
        }
        Pool { objects, by_id, groups, doc_freq, tables: std::sync::Mutex::new(None) }
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
    fn tables(&self) -> &std::sync::Mutex<Option<crate::tabledb::TableDb>> {
        &self.pool.tables
    }
}
