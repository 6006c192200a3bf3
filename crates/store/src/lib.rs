//! The `Store` stage: where source objects, their description vectors,
//! their text units (sentences with vectors) and the extraction guides of
//! the Think Tank (with their question vectors) live.
//!
//! [`LanceStore`] is the real one, an embedded LanceDB in the workspace
//! directory; [`MemoryStore`] is the deterministic test double. Both give the
//! same guarantee: replacing a file's objects is all-or-nothing as seen by
//! readers. Units are written before the objects that own them, objects are
//! swapped in one commit, and orphaned units are collected afterwards, so a
//! crash at any point leaves only complete objects listed.

use aurag_core::{bm25, embed, guide, source, text};

mod lance;
mod memory;

pub use lance::{is_remote, LanceStore, ObjectStoreConfig};
pub use memory::MemoryStore;

use std::collections::HashMap;
use std::future::Future;

use serde::{Deserialize, Serialize};

use crate::guide::Guide;
use crate::source::{ContentType, Locator, SourceKind, SourceObject};

/// The store's schema version; bump it with a migration when tables change.
pub const SCHEMA_VERSION: u32 = 2;

/// A unit of retrieval below an object: one sentence with its vector.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Unit {
    /// `{source_id}#{idx}`
    pub id: String,
    pub source_id: String,
    pub file: String,
    pub idx: u32,
    pub page: Option<u32>,
    pub text: String,
    pub vector: Vec<f32>,
}

impl Unit {
    /// The unit of one sentence of a text object.
    pub fn of_sentence(object: &SourceObject, s: &crate::source::Sentence, vector: Vec<f32>) -> Unit {
        Unit {
            id: format!("{}#{}", object.id, s.idx),
            source_id: object.id.clone(),
            file: object.provenance.file.clone(),
            idx: s.idx,
            page: s.page,
            text: s.text.clone(),
            vector,
        }
    }
}

/// An object as listed: everything but the content.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SourceSummary {
    pub id: String,
    pub content_type: ContentType,
    pub kind: SourceKind,
    pub file: String,
    pub file_hash: String,
    pub locator: Locator,
    pub description: String,
    pub tags: Vec<String>,
    pub created_at: String,
    pub updated_at: String,
}

impl From<&SourceObject> for SourceSummary {
    fn from(o: &SourceObject) -> Self {
        SourceSummary {
            id: o.id.clone(),
            content_type: o.content_type,
            kind: o.kind,
            file: o.provenance.file.clone(),
            file_hash: o.provenance.file_hash.clone(),
            locator: o.provenance.locator.clone(),
            description: o.description.clone(),
            tags: o.tags.clone(),
            created_at: o.created_at.clone(),
            updated_at: o.updated_at.clone(),
        }
    }
}

/// What a store records about the workspace itself.
#[derive(Debug, Clone, PartialEq)]
pub struct StoreInfo {
    pub schema_version: u32,
    /// The embedder whose vectors the store holds.
    pub embedder: String,
    pub dim: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("workspace {path}: {reason}")]
    Open { path: String, reason: String },
    #[error("workspace {path} has schema version {found}, this aurag reads version {expected}: {hint}")]
    SchemaVersion { path: String, found: u32, expected: u32, hint: &'static str },
    #[error("workspace {path} was built with embedder '{found}', but '{requested}' is configured; run `aurag reembed` (or Re-embed in the app) to re-embed it with '{requested}', or use '{found}' (--embedder {found})")]
    EmbedderMismatch { path: String, found: String, requested: String },
    #[error("store table '{table}': {reason}")]
    Table { table: &'static str, reason: String },
    #[error("stored record '{id}' is unreadable: {reason}")]
    Corrupt { id: String, reason: String },
}

impl StoreError {
    pub fn code(&self) -> &'static str {
        match self {
            StoreError::Open { .. } => "store_open",
            StoreError::SchemaVersion { .. } => "schema_version",
            StoreError::EmbedderMismatch { .. } => "embedder_mismatch",
            StoreError::Table { .. } => "store",
            StoreError::Corrupt { .. } => "store_corrupt",
        }
    }
}

/// A scored hit from a search.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Hit {
    pub id: String,
    pub score: f32,
}

/// Persistence for the Source Object Pool.
pub trait Store: Send + Sync {
    fn info(&self) -> &StoreInfo;

    /// Replaces every object of `files` with `objects` (and their units),
    /// atomically as far as readers can tell: one commit swaps them all.
    fn replace_files(
        &self,
        files: &[String],
        objects: Vec<(SourceObject, Vec<f32>)>,
        units: Vec<Unit>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// file → file hash, for every file with objects.
    fn file_hashes(&self) -> impl Future<Output = Result<HashMap<String, String>, StoreError>> + Send;

    fn list(&self) -> impl Future<Output = Result<Vec<SourceSummary>, StoreError>> + Send;

    fn get(&self, id: &str) -> impl Future<Output = Result<Option<SourceObject>, StoreError>> + Send;

    /// Every object with its content, in one read, ordered by file and
    /// locator: what the agent's pool is built from.
    fn objects(&self) -> impl Future<Output = Result<Vec<SourceObject>, StoreError>> + Send;

    /// Overwrites one object's content and description in place (refresh).
    fn update_object(&self, object: SourceObject, vector: Vec<f32>) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Removes objects by id (and their units); returns how many went.
    fn remove_ids(&self, ids: &[String]) -> impl Future<Output = Result<usize, StoreError>> + Send;

    /// Removes every object of a file; returns how many went.
    fn remove_file(&self, file: &str) -> impl Future<Output = Result<usize, StoreError>> + Send;

    /// Nearest description vectors by cosine similarity.
    fn search_vector(&self, vector: &[f32], k: usize) -> impl Future<Output = Result<Vec<Hit>, StoreError>> + Send;

    /// BM25 over each object's description and content
    /// ([`SourceObject::searchable_text`]), tokenized by
    /// [`crate::text::tokenize`]; a query's stopwords are dropped.
    fn search_text(&self, query: &str, k: usize) -> impl Future<Output = Result<Vec<Hit>, StoreError>> + Send;

    /// The units of one object, in order.
    fn units(&self, source_id: &str) -> impl Future<Output = Result<Vec<Unit>, StoreError>> + Send;

    /// Deletes units whose object is gone; returns how many. A store that
    /// several processes write (a shared workspace) spares units too young
    /// to be a dead writer's: another writer's, whose objects are about to
    /// be committed (see `LanceStore`'s `GC_GRACE`).
    fn collect_garbage(&self) -> impl Future<Output = Result<usize, StoreError>> + Send;

    /// Adds guides with their question vectors, replacing guides of the
    /// same id: the Think Tank's persistence.
    fn put_guides(&self, guides: Vec<(Guide, Vec<f32>)>) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Every guide with its question vector, ordered by id.
    fn guides(&self) -> impl Future<Output = Result<Vec<(Guide, Vec<f32>)>, StoreError>> + Send;

    /// Removes guides by id; returns how many went.
    fn remove_guides(&self, ids: &[String]) -> impl Future<Output = Result<usize, StoreError>> + Send;

    /// Numbers that change whenever the objects or the guides change, by
    /// this process or another: what read caches are keyed on.
    fn versions(&self) -> impl Future<Output = Result<StoreVersions, StoreError>> + Send;

    /// Gives back disk space: deletes table versions older than `keep`
    /// (and the files only they used), and merges a table's files when it
    /// has split into many small ones or carries many deleted rows. Every
    /// write adds a version, and an old version keeps the rows a re-ingest
    /// replaced, so without this a workspace only grows. Readers of the
    /// latest version are unaffected; `keep` spares readers still on an
    /// older one (another process).
    fn reclaim(&self, keep: std::time::Duration) -> impl Future<Output = Result<Reclaimed, StoreError>> + Send;
}

/// What [`Store::reclaim`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Reclaimed {
    pub old_versions: u64,
    pub bytes_removed: u64,
    /// Tables whose files were merged.
    pub tables_compacted: u32,
}

/// See [`Store::versions`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct StoreVersions {
    pub sources: u64,
    pub guides: u64,
}
