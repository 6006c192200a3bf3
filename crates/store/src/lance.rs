//! [`Store`] on an embedded LanceDB inside the workspace directory, or on
//! S3-compatible object storage for a workspace a team shares
//! ([`LanceStore::open_remote`], [`ObjectStoreConfig`]). LanceDB commits a
//! table version by one conditional PUT of its manifest, so several
//! processes (several machines) can write one store: a commit that loses
//! the race is rebased or retried by LanceDB, and a reader sees each table
//! at a version, never half a commit. What this module adds for sharing:
//! the store is created without a rename (tables first, each idempotently,
//! the version record last), ownerless units are collected only when old
//! enough not to be another writer's ([`GC_GRACE`]), and an object store's
//! refusals are said in words an analyst can act on.
//!
//! Four tables: `meta` (schema version, embedder), `sources` (one row per
//! object: provenance, description, content as JSON, description vector,
//! and its searchable text as our tokenizer's tokens), `units` (one row per
//! sentence with its vector) and `guides` (one row per extraction guide:
//! its JSON and its question's vector; created on open when an older
//! workspace lacks it, as the table is additive). A file's objects are
//! swapped with a single `merge_insert` that inserts the new rows and
//! deletes the file's old ones in one commit.
//!
//! Full-text search is LanceDB's BM25 index over `search_text`. The column
//! holds [`crate::text::tokenize`]'s tokens joined by spaces and the index
//! splits on whitespace only (no stemming, no stopword list, no case
//! folding of its own), and queries are tokenized the same way, so the
//! terms are exactly those of the rest of the agent: "1,234.5" stays one
//! token, and a question's stopwords are dropped as everywhere else. The
//! index is rebuilt after each write to `sources`, so its statistics (the
//! number of documents, their lengths and each term's document frequency)
//! are those of the live rows. It is cheap at an analyst's scale: a whole
//! `aurag remove --file` on a workspace of 1,170 objects, rebuild and
//! process start included, took 0.18 s on the 2-core development machine.
//!
//! Schema version 2 added `search_text`; a version-1 workspace is migrated
//! on open by rewriting `sources` in one commit, then the version record.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use arrow_array::types::Float32Type;
use arrow_array::{Array, FixedSizeListArray, Float32Array, Float64Array, RecordBatch, RecordBatchIterator, StringArray, UInt32Array};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use futures::TryStreamExt;
use lancedb::index::scalar::{FtsIndexBuilder, FullTextSearchQuery};
use lancedb::index::Index;
use lancedb::query::{ExecutableQuery, QueryBase, Select};
use lancedb::database::CreateTableMode;
use lancedb::{Connection, DistanceType, Table};

use super::{Hit, Reclaimed, SourceSummary, Store, StoreError, StoreInfo, StoreVersions, Unit, SCHEMA_VERSION};
use crate::guide::Guide;
use crate::source::{ContentType, Locator, Provenance, SourceKind, SourceObject};

const SUMMARY_COLUMNS: &[&str] = &[
    "id", "file", "file_hash", "content_type", "kind", "locator", "description", "tags", "created_at", "updated_at",
];

pub struct LanceStore {
    info: StoreInfo,
    path: String,
    sources: Table,
    units: Table,
    guides: Table,
    conn: Connection,
    /// See [`GC_GRACE`]; shorter only in tests.
    gc_grace: std::time::Duration,
}

/// A table with this many data files is merged by [`Store::reclaim`].
const COMPACT_AT_FRAGMENTS: usize = 16;

/// How old an ownerless unit must be before [`Store::collect_garbage`]
/// deletes it. A writer commits a file's units, then its objects; between
/// the two, its units own nothing yet, and another process's collection
/// (another analyst's ingest on a shared workspace) must not take them for
/// a dead writer's leftovers. The swap takes seconds; two minutes also
/// covers clocks of two machines a little apart (a version's time is its
/// writer's).
const GC_GRACE: std::time::Duration = std::time::Duration::from_secs(120);

fn table_err(table: &'static str) -> impl Fn(lancedb::Error) -> StoreError {
    move |e| StoreError::Table { table, reason: e.to_string() }
}

/// Quotes a string literal for a Lance SQL filter.
fn lit(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// The column full-text search reads, and its index's name.
const SEARCH_COLUMN: &str = "search_text";
const SEARCH_INDEX: &str = "search_text_idx";

fn sources_schema(dim: usize) -> SchemaRef {
    let mut fields: Vec<Field> = vec![Field::new("id", DataType::Utf8, false)];
    for name in ["file", "file_hash", "content_type", "kind", "locator", "description", "tags", "content", "created_at", "updated_at", SEARCH_COLUMN] {
        fields.push(Field::new(name, DataType::Utf8, false));
    }
    fields.push(vector_field(dim));
    Arc::new(Schema::new(fields))
}

fn units_schema(dim: usize) -> SchemaRef {
    Arc::new(Schema::new(vec![
        Field::new("id", DataType::Utf8, false),
        Field::new("source_id", DataType::Utf8, false),
        Field::new("file", DataType::Utf8, false),
        Field::new("idx", DataType::UInt32, false),
        Field::new("page", DataType::UInt32, true),
        Field::new("text", DataType::Utf8, false),
        vector_field(dim),
    ]))
}

fn guides_schema(dim: usize) -> SchemaRef {
    let mut fields: Vec<Field> = ["id", "question", "author", "context", "created_at", "json"].iter().map(|n| Field::new(*n, DataType::Utf8, false)).collect();
    fields.push(vector_field(dim));
    Arc::new(Schema::new(fields))
}

fn meta_schema() -> SchemaRef {
    Arc::new(Schema::new(vec![Field::new("key", DataType::Utf8, false), Field::new("value", DataType::Utf8, false)]))
}

/// What the full-text index stores of an object: its tokens, space-joined.
fn search_tokens(o: &SourceObject) -> String {
    crate::text::tokenize(&o.searchable_text()).join(" ")
}

/// Whitespace splitting only: the tokens are ours already.
fn fts_params() -> FtsIndexBuilder {
    FtsIndexBuilder::default()
        .base_tokenizer("whitespace".to_string())
        .lower_case(false)
        .stem(false)
        .remove_stop_words(false)
        .ascii_folding(false)
        .max_token_length(None)
}

/// The rows of `objects` in the current `sources` schema.
fn sources_batch(objects: &[(SourceObject, Vec<f32>)], dim: usize) -> Result<RecordBatch, StoreError> {
    let enc = |id: &str, r: serde_json::Result<String>| r.map_err(|e| StoreError::Corrupt { id: id.to_string(), reason: e.to_string() });
    let mut cols: Vec<Vec<String>> = (0..12).map(|_| Vec::with_capacity(objects.len())).collect();
    for (o, _) in objects {
        cols[0].push(o.id.clone());
        cols[1].push(o.provenance.file.clone());
        cols[2].push(o.provenance.file_hash.clone());
        cols[3].push(o.content_type.as_str().to_string());
        cols[4].push(o.kind.as_str().to_string());
        cols[5].push(enc(&o.id, serde_json::to_string(&o.provenance.locator))?);
        cols[6].push(o.description.clone());
        cols[7].push(enc(&o.id, serde_json::to_string(&o.tags))?);
        cols[8].push(enc(&o.id, serde_json::to_string(&o.content))?);
        cols[9].push(o.created_at.clone());
        cols[10].push(o.updated_at.clone());
        cols[11].push(search_tokens(o));
    }
    let vs: Vec<Vec<f32>> = objects.iter().map(|(_, v)| v.clone()).collect();
    let mut arrays: Vec<Arc<dyn Array>> = cols.into_iter().map(|c| Arc::new(StringArray::from(c)) as Arc<dyn Array>).collect();
    arrays.push(Arc::new(vectors(&vs, dim)));
    RecordBatch::try_new(sources_schema(dim), arrays).map_err(|e| StoreError::Table { table: "sources", reason: e.to_string() })
}

fn vector_field(dim: usize) -> Field {
    Field::new("vector", DataType::FixedSizeList(Arc::new(Field::new("item", DataType::Float32, true)), dim as i32), false)
}

fn vectors(vs: &[Vec<f32>], dim: usize) -> FixedSizeListArray {
    FixedSizeListArray::from_iter_primitive::<Float32Type, _, _>(
        vs.iter().map(|v| {
            let mut v = v.clone();
            v.resize(dim, 0.0);
            Some(v.into_iter().map(Some))
        }),
        dim as i32,
    )
}

fn reader(batch: RecordBatch) -> Box<dyn arrow_array::RecordBatchReader + Send> {
    let schema = batch.schema();
    Box::new(RecordBatchIterator::new(vec![Ok(batch)], schema))
}

fn col<'a>(b: &'a RecordBatch, name: &str) -> Result<&'a StringArray, StoreError> {
    b.column_by_name(name)
        .and_then(|c| c.as_any().downcast_ref::<StringArray>())
        .ok_or_else(|| StoreError::Corrupt { id: name.to_string(), reason: "missing or mistyped column".into() })
}

/// The store's version record: key → value.
async fn read_meta(meta: &lancedb::Table) -> Result<HashMap<String, String>, StoreError> {
    let mut kv = HashMap::new();
    for b in collect("meta", meta.query()).await? {
        let (k, v) = (col(&b, "key")?, col(&b, "value")?);
        for i in 0..b.num_rows() {
            kv.insert(k.value(i).to_string(), v.value(i).to_string());
        }
    }
    Ok(kv)
}

/// The `meta` table's rows of a new store.
fn meta_batch(embedder: &str, dim: usize) -> Result<RecordBatch, arrow_schema::ArrowError> {
    let rows = [("schema_version", SCHEMA_VERSION.to_string()), ("embedder", embedder.to_string()), ("dim", dim.to_string())];
    RecordBatch::try_new(
        meta_schema(),
        vec![
            Arc::new(StringArray::from_iter_values(rows.iter().map(|r| r.0))),
            Arc::new(StringArray::from_iter_values(rows.iter().map(|r| r.1.clone()))),
        ],
    )
}

/// Whether `location` names object storage rather than a folder.
pub fn is_remote(location: &str) -> bool {
    location.starts_with("s3://")
}

/// How to reach S3-compatible object storage: an endpoint (none: AWS
/// itself), a region, credentials. A field left empty is looked up in the
/// environment ([`ObjectStoreConfig::from_env`]); the app fills some from
/// its settings and the rest from there ([`ObjectStoreConfig::or`]).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ObjectStoreConfig {
    pub endpoint: Option<String>,
    pub region: Option<String>,
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
    pub session_token: Option<String>,
}

impl ObjectStoreConfig {
    /// `AURAG_S3_ENDPOINT` (else `AWS_ENDPOINT_URL`), `AWS_REGION` (else
    /// `AWS_DEFAULT_REGION`), `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`,
    /// `AWS_SESSION_TOKEN`.
    pub fn from_env() -> Self {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.trim().is_empty());
        ObjectStoreConfig {
            endpoint: var("AURAG_S3_ENDPOINT").or_else(|| var("AWS_ENDPOINT_URL")),
            region: var("AWS_REGION").or_else(|| var("AWS_DEFAULT_REGION")),
            access_key_id: var("AWS_ACCESS_KEY_ID"),
            secret_access_key: var("AWS_SECRET_ACCESS_KEY"),
            session_token: var("AWS_SESSION_TOKEN"),
        }
    }

    /// Each field of `self`, else of `fallback`; blank counts as empty.
    pub fn or(self, fallback: ObjectStoreConfig) -> Self {
        let pick = |a: Option<String>, b: Option<String>| a.filter(|v| !v.trim().is_empty()).or(b);
        ObjectStoreConfig {
            endpoint: pick(self.endpoint, fallback.endpoint),
            region: pick(self.region, fallback.region),
            access_key_id: pick(self.access_key_id, fallback.access_key_id),
            secret_access_key: pick(self.secret_access_key, fallback.secret_access_key),
            session_token: pick(self.session_token, fallback.session_token),
        }
    }

    /// LanceDB's object-store options. An `http://` endpoint (a server on
    /// this machine) is allowed plain HTTP; with an endpoint, paths are
    /// addressed path-style, as MinIO and most S3-compatible servers
    /// expect; the region defaults to us-east-1; missing credentials are
    /// left to the AWS default chain.
    pub fn options(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        if let Some(endpoint) = &self.endpoint {
            if endpoint.starts_with("http://") {
                out.push(("allow_http".to_string(), "true".to_string()));
            }
            out.push(("aws_endpoint".to_string(), endpoint.trim().to_string()));
            out.push(("aws_virtual_hosted_style_request".to_string(), "false".to_string()));
        }
        out.push(("aws_region".to_string(), self.region.clone().unwrap_or_else(|| "us-east-1".to_string())));
        for (key, v) in [("aws_access_key_id", &self.access_key_id), ("aws_secret_access_key", &self.secret_access_key), ("aws_session_token", &self.session_token)] {
            if let Some(v) = v {
                out.push((key.to_string(), v.trim().to_string()));
            }
        }
        out
    }
}

/// An object store's error as the analyst can act on it: refused
/// credentials, a missing bucket and an unreachable endpoint said so, the
/// head of the raw error kept after.
fn remote_reason(raw: &str) -> String {
    let lower = raw.to_lowercase();
    let hint = if ["invalidaccesskeyid", "signaturedoesnotmatch", "accessdenied", "403 forbidden", "status: 403", "unauthorized"].iter().any(|k| lower.contains(k)) {
        "the object store refused the credentials (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY): "
    } else if lower.contains("nosuchbucket") || lower.contains("bucket does not exist") {
        "the bucket does not exist: "
    } else if lower.contains("connection refused") || lower.contains("error sending request") || lower.contains("dns error") {
        "the object store cannot be reached (check AURAG_S3_ENDPOINT): "
    } else {
        ""
    };
    // Behind a hint, the raw error is for whoever debugs it: its head says
    // which request failed; the rest (request ids, the library's source
    // location) would bury the hint in the app's message.
    if hint.is_empty() {
        return raw.to_string();
    }
    let head: String = raw.chars().take(RAW_SHOWN).collect();
    let cut = if head.len() < raw.len() { " …" } else { "" };
    format!("{hint}{head}{cut}")
}

/// How much of an object store's raw error follows a hint.
const RAW_SHOWN: usize = 300;

/// Where a re-embedding writes the new store, and where the old one waits
/// while the two are swapped (see [`LanceStore::swap_in`]).
const REEMBED_DIR: &str = ".reembed";
const REEMBED_OLD: &str = ".reembed-old";

impl LanceStore {
    /// What the store under `dir` records about itself (embedder, vector
    /// size, schema version), without checking it against anything; `None`
    /// when there is no store yet.
    pub async fn recorded(dir: &Path) -> Result<Option<StoreInfo>, StoreError> {
        Self::recover_swap(dir)?;
        let path = dir.join("lance");
        if !path.exists() {
            return Ok(None);
        }
        let path_s = path.display().to_string();
        let open_err = |e: lancedb::Error| StoreError::Open { path: path_s.clone(), reason: e.to_string() };
        let conn = lancedb::connect(&path_s).execute().await.map_err(open_err)?;
        let meta = conn.open_table("meta").execute().await.map_err(open_err)?;
        let kv = read_meta(&meta).await?;
        Ok(Some(StoreInfo {
            schema_version: kv.get("schema_version").and_then(|v| v.parse().ok()).unwrap_or(0),
            embedder: kv.get("embedder").cloned().unwrap_or_default(),
            dim: kv.get("dim").and_then(|v| v.parse().ok()).unwrap_or(0),
        }))
    }

    /// The scratch workspace directory a re-embedding builds its new store
    /// in (emptied first): open it with [`open`](Self::open), fill it, drop
    /// it, then [`swap_in`](Self::swap_in).
    pub fn reembed_scratch(dir: &Path) -> Result<PathBuf, StoreError> {
        let scratch = dir.join(REEMBED_DIR);
        let err = |e: std::io::Error| StoreError::Open { path: scratch.display().to_string(), reason: e.to_string() };
        if scratch.exists() {
            std::fs::remove_dir_all(&scratch).map_err(err)?;
        }
        std::fs::create_dir_all(&scratch).map_err(err)?;
        Ok(scratch)
    }

    /// Puts the store built in the scratch directory in place of the
    /// workspace's: two renames, the old store kept aside until the new one
    /// is in. A crash between them is repaired by the next open
    /// ([`recover_swap`](Self::recover_swap)), so the workspace always has
    /// one whole store, the old or the new.
    pub fn swap_in(dir: &Path) -> Result<(), StoreError> {
        let (live, new, old) = (dir.join("lance"), dir.join(REEMBED_DIR).join("lance"), dir.join(REEMBED_OLD));
        let err = |p: &Path, e: std::io::Error| StoreError::Open { path: p.display().to_string(), reason: format!("swapping in the re-embedded store: {e}") };
        if old.exists() {
            std::fs::remove_dir_all(&old).map_err(|e| err(&old, e))?;
        }
        std::fs::rename(&live, &old).map_err(|e| err(&live, e))?;
        std::fs::rename(&new, &live).map_err(|e| err(&new, e))?;
        let _ = std::fs::remove_dir_all(&old);
        let _ = std::fs::remove_dir_all(dir.join(REEMBED_DIR));
        Ok(())
    }

    /// Repairs a swap cut short: with no live store but one set aside, the
    /// set-aside one goes back; with both, the set-aside one is deleted.
    fn recover_swap(dir: &Path) -> Result<(), StoreError> {
        let (live, old) = (dir.join("lance"), dir.join(REEMBED_OLD));
        if old.exists() {
            let r = if live.exists() { std::fs::remove_dir_all(&old) } else { std::fs::rename(&old, &live) };
            r.map_err(|e| StoreError::Open { path: old.display().to_string(), reason: format!("repairing an interrupted re-embedding: {e}") })?;
        }
        Ok(())
    }

    /// Opens (or creates) the store under `dir`, checking the schema version
    /// and that it holds vectors of the configured embedder.
    pub async fn open(dir: &Path, embedder: &str, dim: usize) -> Result<Self, StoreError> {
        Self::recover_swap(dir)?;
        let path = dir.join("lance");
        let path_s = path.display().to_string();
        let open_err = |e: lancedb::Error| StoreError::Open { path: path_s.clone(), reason: e.to_string() };
        if !path.exists() {
            Self::create(dir, &path, embedder, dim).await?;
        }
        // Every read sees the latest commit, also one made by another
        // process (the CLI ingesting into the workspace the app has open).
        // On a local disk the check is one small read.
        let conn = lancedb::connect(&path_s).read_consistency_interval(std::time::Duration::ZERO).execute().await.map_err(open_err)?;
        Self::open_conn(conn, path_s, embedder, dim).await
    }

    /// Opens (or creates) the store at `uri` on S3-compatible object
    /// storage (`s3://bucket/prefix`; the store is `<prefix>/lance`), with
    /// LanceDB's object-store `options` (endpoint, region, credentials,
    /// `allow_http`; see [`ObjectStoreConfig::options`]). Several processes may
    /// open and write it at once: every commit is a conditional put of the
    /// next version, Lance rebuilds a losing commit on top of the winner
    /// when the two do not touch the same rows (two ingests of different
    /// files), and the full-text index rebuild retries its own conflicts
    /// (see `reindex_text`). Creation has no rename to lean
    /// on there: the three data tables are made first (an existing one is
    /// kept), `meta` last, so a store with `meta` is whole, and a creation
    /// cut short is finished by the next open.
    pub async fn open_remote(uri: &str, options: &[(String, String)], embedder: &str, dim: usize) -> Result<Self, StoreError> {
        let path_s = format!("{}/lance", uri.trim_end_matches('/'));
        let open_err = |e: lancedb::Error| StoreError::Open { path: path_s.clone(), reason: remote_reason(&e.to_string()) };
        let conn = lancedb::connect(&path_s)
            .storage_options(options.iter().cloned())
            .read_consistency_interval(std::time::Duration::ZERO)
            .execute()
            .await
            .map_err(open_err)?;
        let names: HashSet<String> = conn.table_names().execute().await.map_err(open_err)?.into_iter().collect();
        if !names.contains("meta") {
            for (name, schema) in [("sources", sources_schema(dim)), ("units", units_schema(dim)), ("guides", guides_schema(dim))] {
                if !names.contains(name) {
                    let made = conn.create_empty_table(name, schema).mode(CreateTableMode::exist_ok(|r| r)).execute().await;
                    made.map_err(open_err)?;
                }
            }
            let batch = meta_batch(embedder, dim).map_err(|e| StoreError::Open { path: path_s.clone(), reason: e.to_string() })?;
            // Another process may create it between the listing and here:
            // then theirs is read (the same three records, or a mismatch
            // reported below).
            conn.create_table("meta", batch).mode(CreateTableMode::exist_ok(|r| r)).execute().await.map_err(open_err)?;
        }
        Self::open_conn(conn, path_s, embedder, dim).await
    }

    /// How old an ownerless unit must be to be collected ([`GC_GRACE`]
    /// unless set): a test sets zero to see a dead writer's units go.
    pub fn with_gc_grace(mut self, grace: std::time::Duration) -> Self {
        self.gc_grace = grace;
        self
    }

    /// The checks and tables of an open store, local or remote.
    async fn open_conn(conn: Connection, path_s: String, embedder: &str, dim: usize) -> Result<Self, StoreError> {
        let open_err = |e: lancedb::Error| StoreError::Open { path: path_s.clone(), reason: e.to_string() };
        let names: HashSet<String> = conn.table_names().execute().await.map_err(open_err)?.into_iter().collect();
        if !names.contains("meta") {
            return Err(StoreError::SchemaVersion {
                path: path_s,
                found: 0,
                expected: SCHEMA_VERSION,
                hint: "the workspace has no version record; re-ingest into a new workspace",
            });
        }
        let meta = conn.open_table("meta").execute().await.map_err(open_err)?;
        let kv = read_meta(&meta).await?;
        let mut version: u32 = kv.get("schema_version").and_then(|v| v.parse().ok()).unwrap_or(0);
        let migrate = version == 1;
        if migrate {
            version = SCHEMA_VERSION;
        }
        if version != SCHEMA_VERSION {
            return Err(StoreError::SchemaVersion {
                path: path_s,
                found: version,
                expected: SCHEMA_VERSION,
                hint: if version > SCHEMA_VERSION { "it was written by a newer aurag; upgrade aurag" } else { "no migration exists from that version; re-ingest into a new workspace" },
            });
        }
        let found = kv.get("embedder").cloned().unwrap_or_default();
        if found != embedder {
            return Err(StoreError::EmbedderMismatch { path: path_s, found, requested: embedder.to_string() });
        }
        let dim: usize = kv.get("dim").and_then(|v| v.parse().ok()).unwrap_or(dim);
        let info = StoreInfo { schema_version: version, embedder: found, dim };
        if !names.contains("guides") {
            conn.create_empty_table("guides", guides_schema(info.dim)).execute().await.map_err(open_err)?;
        }
        if migrate {
            Self::migrate_from_v1(&conn, &meta, info.dim).await.map_err(|e| StoreError::Open { path: path_s.clone(), reason: format!("migrating from schema version 1: {e}") })?;
        }
        let sources = conn.open_table("sources").execute().await.map_err(open_err)?;
        let units = conn.open_table("units").execute().await.map_err(open_err)?;
        let guides = conn.open_table("guides").execute().await.map_err(open_err)?;
        let store = LanceStore { info, path: path_s, sources, units, guides, conn, gc_grace: GC_GRACE };
        if migrate {
            store.reindex_text().await?;
        }
        Ok(store)
    }

    /// Version 1 → 2: rewrites `sources` with the `search_text` column in
    /// one commit (an overwrite, which also drops the old index on
    /// `description`), then records the new version. A crash in between
    /// leaves version 1 recorded over version-2 rows, and the next open
    /// runs this again, which reads those rows just as well.
    async fn migrate_from_v1(conn: &Connection, meta: &Table, dim: usize) -> Result<(), StoreError> {
        let old = conn.open_table("sources").execute().await.map_err(table_err("sources"))?;
        let mut objects = Vec::new();
        for b in collect("sources", old.query()).await? {
            let content = col(&b, "content")?;
            for ((i, s), v) in summaries(std::slice::from_ref(&b))?.into_iter().enumerate().zip(vector_column(&b)?) {
                objects.push((object_of(s, content.value(i))?, v));
            }
        }
        let batch = sources_batch(&objects, dim)?;
        conn.create_table("sources", reader(batch)).mode(CreateTableMode::Overwrite).execute().await.map_err(table_err("sources"))?;
        meta.update()
            .only_if("key = 'schema_version'")
            .column("value", lit(&SCHEMA_VERSION.to_string()))
            .execute()
            .await
            .map_err(table_err("meta"))?;
        Ok(())
    }

    /// Creates a new store at `path`, crash-safely: every table is made in
    /// a scratch folder beside it, which is renamed into place only when
    /// complete, so a process killed mid-creation leaves either no store
    /// or a whole one (and a scratch folder the next creation clears).
    async fn create(dir: &Path, path: &Path, embedder: &str, dim: usize) -> Result<(), StoreError> {
        let open_err = |p: &Path, reason: String| StoreError::Open { path: p.display().to_string(), reason };
        // Scratch folders of creations that died (older than a minute).
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let stale = e.metadata().and_then(|m| m.modified()).ok().and_then(|t| t.elapsed().ok()).is_some_and(|age| age > std::time::Duration::from_secs(60));
            if e.file_name().to_string_lossy().starts_with(".lance-creating-") && stale {
                let _ = std::fs::remove_dir_all(e.path());
            }
        }
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
        let tmp = dir.join(format!(".lance-creating-{}-{nanos}", std::process::id()));
        let tmp_s = tmp.display().to_string();
        let err = |e: lancedb::Error| open_err(&tmp, e.to_string());
        std::fs::create_dir_all(&tmp).map_err(|e| open_err(&tmp, e.to_string()))?;
        let conn = lancedb::connect(&tmp_s).execute().await.map_err(err)?;
        for (name, schema) in [("sources", sources_schema(dim)), ("units", units_schema(dim)), ("guides", guides_schema(dim))] {
            conn.create_empty_table(name, schema).execute().await.map_err(err)?;
        }
        let batch = meta_batch(embedder, dim).map_err(|e| open_err(&tmp, e.to_string()))?;
        conn.create_table("meta", batch).execute().await.map_err(err)?;
        drop(conn);
        if let Err(e) = std::fs::rename(&tmp, path) {
            let _ = std::fs::remove_dir_all(&tmp);
            // Another process created it first: theirs is used.
            if !path.exists() {
                return Err(open_err(path, e.to_string()));
            }
        }
        Ok(())
    }

    pub fn path(&self) -> &str {
        &self.path
    }

    fn units_batch(&self, units: &[Unit]) -> Result<RecordBatch, StoreError> {
        let s = |f: fn(&Unit) -> &str| Arc::new(StringArray::from_iter_values(units.iter().map(f))) as Arc<dyn Array>;
        let vs: Vec<Vec<f32>> = units.iter().map(|u| u.vector.clone()).collect();
        RecordBatch::try_new(
            units_schema(self.info.dim),
            vec![
                s(|u| &u.id),
                s(|u| &u.source_id),
                s(|u| &u.file),
                Arc::new(UInt32Array::from_iter_values(units.iter().map(|u| u.idx))),
                Arc::new(UInt32Array::from_iter(units.iter().map(|u| u.page))),
                s(|u| &u.text),
                Arc::new(vectors(&vs, self.info.dim)),
            ],
        )
        .map_err(|e| StoreError::Table { table: "units", reason: e.to_string() })
    }

    async fn query_sources(&self, filter: Option<String>, columns: Option<&[&str]>, limit: Option<usize>) -> Result<Vec<RecordBatch>, StoreError> {
        let mut q = self.sources.query();
        if let Some(f) = filter {
            q = q.only_if(f);
        }
        if let Some(c) = columns {
            q = q.select(Select::columns(c));
        }
        if let Some(l) = limit {
            q = q.limit(l);
        }
        collect("sources", q).await
    }

    /// Rebuilds the full-text index over the live rows (see the module
    /// comment); an empty table has none. Only writers call it: a reader
    /// that wrote would race the writers' commits. Two processes rebuilding
    /// at once conflict at commit, and the loser builds again on top.
    async fn reindex_text(&self) -> Result<(), StoreError> {
        if self.sources.count_rows(None).await.map_err(table_err("sources"))? == 0 {
            return Ok(());
        }
        let mut attempt = 0;
        loop {
            let r = self.sources.create_index(&[SEARCH_COLUMN], Index::FTS(fts_params())).name(SEARCH_INDEX.to_string()).replace(true).execute().await;
            match r {
                Err(lancedb::Error::Lance { source: lance::Error::RetryableCommitConflict { .. } | lance::Error::CommitConflict { .. } }) if attempt < 3 => attempt += 1,
                r => return r.map_err(table_err("sources")),
            }
        }
    }

    /// BM25 in memory over the stored tokens: for the moment between a
    /// writer's commit and its index build, or after a writer died there.
    async fn search_text_unindexed(&self, terms: &[String], k: usize) -> Result<Vec<Hit>, StoreError> {
        let batches = self.query_sources(None, Some(&["id", SEARCH_COLUMN]), None).await?;
        let (mut ids, mut texts) = (Vec::new(), Vec::new());
        for b in &batches {
            let (id, text) = (col(b, "id")?, col(b, SEARCH_COLUMN)?);
            for i in 0..b.num_rows() {
                ids.push(id.value(i).to_string());
                texts.push(text.value(i).to_string());
            }
        }
        let bm25 = crate::bm25::Bm25::build(texts.iter().map(String::as_str));
        Ok(bm25.search(&terms.join(" "), k).into_iter().map(|(i, score)| Hit { id: ids[i].clone(), score }).collect())
    }
}

/// The float vectors of a `vector` column.
fn vector_column(b: &RecordBatch) -> Result<Vec<Vec<f32>>, StoreError> {
    let vecs = b
        .column_by_name("vector")
        .and_then(|c| c.as_any().downcast_ref::<FixedSizeListArray>())
        .ok_or_else(|| StoreError::Corrupt { id: "vector".into(), reason: "missing or mistyped column".into() })?;
    Ok((0..b.num_rows())
        .map(|i| {
            let v = vecs.value(i);
            v.as_any().downcast_ref::<Float32Array>().map(|a| a.values().to_vec()).unwrap_or_default()
        })
        .collect())
}

/// A stored row back into an object: its summary columns and content JSON.
fn object_of(s: SourceSummary, content: &str) -> Result<SourceObject, StoreError> {
    let content = serde_json::from_str(content).map_err(|e| StoreError::Corrupt { id: s.id.clone(), reason: e.to_string() })?;
    Ok(SourceObject {
        id: s.id,
        content_type: s.content_type,
        kind: s.kind,
        tags: s.tags,
        description: s.description,
        provenance: Provenance { file: s.file, file_hash: s.file_hash, locator: s.locator },
        content,
        created_at: s.created_at,
        updated_at: s.updated_at,
    })
}

fn summaries(batches: &[RecordBatch]) -> Result<Vec<SourceSummary>, StoreError> {
    let mut out = Vec::new();
    for b in batches {
        let c = |n| col(b, n);
        let (id, file, hash, ct, kind, loc, desc, tags, ca, ua) = (
            c("id")?, c("file")?, c("file_hash")?, c("content_type")?, c("kind")?, c("locator")?, c("description")?, c("tags")?, c("created_at")?, c("updated_at")?,
        );
        for i in 0..b.num_rows() {
            let rid = id.value(i).to_string();
            let bad = |reason: String| StoreError::Corrupt { id: rid.clone(), reason };
            out.push(SourceSummary {
                id: rid.clone(),
                content_type: ContentType::parse(ct.value(i)).ok_or_else(|| bad(format!("content type '{}'", ct.value(i))))?,
                kind: SourceKind::parse(kind.value(i)).ok_or_else(|| bad(format!("kind '{}'", kind.value(i))))?,
                file: file.value(i).to_string(),
                file_hash: hash.value(i).to_string(),
                locator: serde_json::from_str::<Locator>(loc.value(i)).map_err(|e| bad(e.to_string()))?,
                description: desc.value(i).to_string(),
                tags: serde_json::from_str(tags.value(i)).map_err(|e| bad(e.to_string()))?,
                created_at: ca.value(i).to_string(),
                updated_at: ua.value(i).to_string(),
            });
        }
    }
    Ok(out)
}

/// Runs a query and gathers its batches.
async fn collect(table: &'static str, q: impl ExecutableQuery) -> Result<Vec<RecordBatch>, StoreError> {
    q.execute().await.map_err(table_err(table))?.try_collect().await.map_err(table_err(table))
}

/// Hits from `id` and a float score column (f32 or f64), best first.
fn hits(batches: &[RecordBatch], score_col: &str, to_score: impl Fn(f64) -> f64) -> Result<Vec<Hit>, StoreError> {
    let mut out = Vec::new();
    for b in batches {
        let ids = col(b, "id")?;
        let c = b.column_by_name(score_col);
        for i in 0..b.num_rows() {
            let raw = c.and_then(|c| {
                c.as_any()
                    .downcast_ref::<Float32Array>()
                    .map(|a| a.value(i) as f64)
                    .or_else(|| c.as_any().downcast_ref::<Float64Array>().map(|a| a.value(i)))
            });
            let score = raw.map(&to_score).unwrap_or(0.0) as f32;
            out.push(Hit { id: ids.value(i).to_string(), score });
        }
    }
    out.sort_by(|a, b| b.score.partial_cmp(&a.score).unwrap_or(std::cmp::Ordering::Equal));
    Ok(out)
}

fn ids_in(ids: &[String]) -> String {
    ids.iter().map(|i| lit(i)).collect::<Vec<_>>().join(", ")
}

impl Store for LanceStore {
    fn info(&self) -> &StoreInfo {
        &self.info
    }

    async fn replace_files(&self, files: &[String], objects: Vec<(SourceObject, Vec<f32>)>, units: Vec<Unit>) -> Result<(), StoreError> {
        if files.is_empty() {
            return Ok(());
        }
        let in_files = format!("file IN ({})", ids_in(files));
        // 1. Units of the new objects (invisible until their objects exist).
        if !units.is_empty() {
            let mut m = self.units.merge_insert(&["id"]);
            m.when_matched_update_all(None).when_not_matched_insert_all();
            m.execute(reader(self.units_batch(&units)?)).await.map_err(table_err("units"))?;
        }
        // 2. Swap the files' objects in one commit.
        if objects.is_empty() {
            self.sources.delete(in_files.as_str()).await.map_err(table_err("sources"))?;
        } else {
            let mut m = self.sources.merge_insert(&["id"]);
            m.when_matched_update_all(None).when_not_matched_insert_all().when_not_matched_by_source_delete(Some(in_files.clone()));
            m.execute(reader(sources_batch(&objects, self.info.dim)?)).await.map_err(table_err("sources"))?;
        }
        let keep: Vec<String> = objects.iter().map(|(o, _)| o.id.clone()).collect();
        // 2b. Now owned, the units are safe from any collection; one that
        // ran before (a writer held past the grace) is undone here.
        if !units.is_empty() {
            let have = self.units.count_rows(Some(format!("source_id IN ({})", ids_in(&keep)))).await.map_err(table_err("units"))?;
            if have < units.len() {
                let mut m = self.units.merge_insert(&["id"]);
                m.when_matched_update_all(None).when_not_matched_insert_all();
                m.execute(reader(self.units_batch(&units)?)).await.map_err(table_err("units"))?;
            }
        }
        // 3. Units of the files' old objects.
        let filter = if keep.is_empty() { in_files } else { format!("{in_files} AND source_id NOT IN ({})", ids_in(&keep)) };
        self.units.delete(filter.as_str()).await.map_err(table_err("units"))?;
        self.reindex_text().await
    }

    async fn file_hashes(&self) -> Result<HashMap<String, String>, StoreError> {
        let batches = self.query_sources(None, Some(&["file", "file_hash"]), None).await?;
        let mut out = HashMap::new();
        for b in &batches {
            let (f, h) = (col(b, "file")?, col(b, "file_hash")?);
            for i in 0..b.num_rows() {
                out.insert(f.value(i).to_string(), h.value(i).to_string());
            }
        }
        Ok(out)
    }

    async fn list(&self) -> Result<Vec<SourceSummary>, StoreError> {
        let batches = self.query_sources(None, Some(SUMMARY_COLUMNS), None).await?;
        let mut v = summaries(&batches)?;
        v.sort_by(|a, b| (&a.file, &a.locator.key()).cmp(&(&b.file, &b.locator.key())));
        Ok(v)
    }

    async fn objects(&self) -> Result<Vec<SourceObject>, StoreError> {
        let mut cols: Vec<&str> = SUMMARY_COLUMNS.to_vec();
        cols.push("content");
        let batches = self.query_sources(None, Some(&cols), None).await?;
        let mut out = Vec::new();
        for b in &batches {
            let content = col(b, "content")?;
            for (i, s) in summaries(std::slice::from_ref(b))?.into_iter().enumerate() {
                out.push(object_of(s, content.value(i))?);
            }
        }
        out.sort_by(|a, b| (&a.provenance.file, a.provenance.locator.key()).cmp(&(&b.provenance.file, b.provenance.locator.key())));
        Ok(out)
    }

    async fn get(&self, id: &str) -> Result<Option<SourceObject>, StoreError> {
        let mut cols: Vec<&str> = SUMMARY_COLUMNS.to_vec();
        cols.push("content");
        let batches = self.query_sources(Some(format!("id = {}", lit(id))), Some(&cols), Some(1)).await?;
        let Some(b) = batches.iter().find(|b| b.num_rows() > 0) else { return Ok(None) };
        let s = summaries(std::slice::from_ref(b))?.remove(0);
        Ok(Some(object_of(s, col(b, "content")?.value(0))?))
    }

    async fn update_object(&self, object: SourceObject, vector: Vec<f32>) -> Result<(), StoreError> {
        let mut m = self.sources.merge_insert(&["id"]);
        m.when_matched_update_all(None);
        m.execute(reader(sources_batch(&[(object, vector)], self.info.dim)?)).await.map_err(table_err("sources"))?;
        self.reindex_text().await
    }

    async fn remove_ids(&self, ids: &[String]) -> Result<usize, StoreError> {
        if ids.is_empty() {
            return Ok(0);
        }
        let filter = format!("id IN ({})", ids_in(ids));
        let r = self.sources.delete(filter.as_str()).await.map_err(table_err("sources"))?;
        self.units.delete(format!("source_id IN ({})", ids_in(ids)).as_str()).await.map_err(table_err("units"))?;
        self.reindex_text().await?;
        Ok(r.num_deleted_rows as usize)
    }

    async fn remove_file(&self, file: &str) -> Result<usize, StoreError> {
        let r = self.sources.delete(format!("file = {}", lit(file)).as_str()).await.map_err(table_err("sources"))?;
        self.units.delete(format!("file = {}", lit(file)).as_str()).await.map_err(table_err("units"))?;
        self.reindex_text().await?;
        Ok(r.num_deleted_rows as usize)
    }

    async fn search_vector(&self, vector: &[f32], k: usize) -> Result<Vec<Hit>, StoreError> {
        let q = self
            .sources
            .vector_search(vector)
            .map_err(table_err("sources"))?
            .column("vector")
            .distance_type(DistanceType::Cosine)
            .select(Select::columns(&["id"]))
            .limit(k);
        let batches = collect("sources", q).await?;
        // Cosine distance → similarity.
        hits(&batches, "_distance", |d| 1.0 - d)
    }

    async fn search_text(&self, query: &str, k: usize) -> Result<Vec<Hit>, StoreError> {
        let terms = crate::bm25::query_terms(query);
        if terms.is_empty() || k == 0 {
            return Ok(Vec::new());
        }
        let indexed = self.sources.list_indices().await.map_err(table_err("sources"))?.iter().any(|i| i.name == SEARCH_INDEX);
        if !indexed {
            return self.search_text_unindexed(&terms, k).await;
        }
        let q = self
            .sources
            .query()
            .full_text_search(FullTextSearchQuery::new(terms.join(" ")).with_column(SEARCH_COLUMN.to_string()).map_err(|e| StoreError::Table { table: "sources", reason: e.to_string() })?)
            .select(Select::columns(&["id"]))
            .limit(k);
        let batches = collect("sources", q).await?;
        hits(&batches, "_score", |s| s)
    }

    async fn units(&self, source_id: &str) -> Result<Vec<Unit>, StoreError> {
        let batches = collect("units", self.units.query().only_if(format!("source_id = {}", lit(source_id)))).await?;
        let mut out = Vec::new();
        for b in &batches {
            let (id, sid, file, text) = (col(b, "id")?, col(b, "source_id")?, col(b, "file")?, col(b, "text")?);
            let u32col = |n: &str| b.column_by_name(n).and_then(|c| c.as_any().downcast_ref::<UInt32Array>().cloned());
            let (idx, page) = (u32col("idx"), u32col("page"));
            let vecs = b.column_by_name("vector").and_then(|c| c.as_any().downcast_ref::<FixedSizeListArray>().cloned());
            for i in 0..b.num_rows() {
                let vector = vecs
                    .as_ref()
                    .map(|v| {
                        let a = v.value(i);
                        a.as_any().downcast_ref::<Float32Array>().map(|f| f.values().to_vec()).unwrap_or_default()
                    })
                    .unwrap_or_default();
                out.push(Unit {
                    id: id.value(i).to_string(),
                    source_id: sid.value(i).to_string(),
                    file: file.value(i).to_string(),
                    idx: idx.as_ref().map(|a| a.value(i)).unwrap_or(0),
                    page: page.as_ref().and_then(|a| if a.is_null(i) { None } else { Some(a.value(i)) }),
                    text: text.value(i).to_string(),
                    vector,
                });
            }
        }
        out.sort_by_key(|u| u.idx);
        Ok(out)
    }

    async fn collect_garbage(&self) -> Result<usize, StoreError> {
        // The units as they were GC_GRACE ago: only those can be a dead
        // writer's (see GC_GRACE). Read before the live objects, so a unit
        // whose objects commit in between counts as owned.
        let cutoff = chrono::Utc::now() - chrono::Duration::from_std(self.gc_grace).unwrap_or(chrono::Duration::zero());
        let versions = self.units.list_versions().await.map_err(table_err("units"))?;
        let Some(then) = versions.iter().filter(|v| v.timestamp <= cutoff).map(|v| v.version).max() else { return Ok(0) };
        let old = self.conn.open_table("units").execute().await.map_err(table_err("units"))?;
        old.checkout(then).await.map_err(table_err("units"))?;
        let batches = collect("units", old.query().select(Select::columns(&["source_id"]))).await?;
        let mut candidates = HashSet::new();
        for b in &batches {
            let c = col(b, "source_id")?;
            for i in 0..b.num_rows() {
                candidates.insert(c.value(i).to_string());
            }
        }
        if candidates.is_empty() {
            return Ok(0);
        }
        let live: HashSet<String> = {
            let b = self.query_sources(None, Some(&["id"]), None).await?;
            let mut s = HashSet::new();
            for x in &b {
                let c = col(x, "id")?;
                for i in 0..x.num_rows() {
                    s.insert(c.value(i).to_string());
                }
            }
            s
        };
        let dead: Vec<String> = candidates.into_iter().filter(|id| !live.contains(id)).collect();
        if dead.is_empty() {
            return Ok(0);
        }
        let r = self.units.delete(format!("source_id IN ({})", ids_in(&dead)).as_str()).await.map_err(table_err("units"))?;
        Ok(r.num_deleted_rows as usize)
    }

    async fn put_guides(&self, guides: Vec<(Guide, Vec<f32>)>) -> Result<(), StoreError> {
        if guides.is_empty() {
            return Ok(());
        }
        let mut cols: Vec<Vec<String>> = (0..6).map(|_| Vec::with_capacity(guides.len())).collect();
        for (g, _) in &guides {
            let json = serde_json::to_string(g).map_err(|e| StoreError::Corrupt { id: g.id.clone(), reason: e.to_string() })?;
            for (c, v) in cols.iter_mut().zip([&g.id, &g.question, &g.author, g.context.as_deref().unwrap_or(""), &g.created_at, &json]) {
                c.push(v.to_string());
            }
        }
        let vs: Vec<Vec<f32>> = guides.iter().map(|(_, v)| v.clone()).collect();
        let mut arrays: Vec<Arc<dyn Array>> = cols.into_iter().map(|c| Arc::new(StringArray::from(c)) as Arc<dyn Array>).collect();
        arrays.push(Arc::new(vectors(&vs, self.info.dim)));
        let batch = RecordBatch::try_new(guides_schema(self.info.dim), arrays).map_err(|e| StoreError::Table { table: "guides", reason: e.to_string() })?;
        let mut m = self.guides.merge_insert(&["id"]);
        m.when_matched_update_all(None).when_not_matched_insert_all();
        m.execute(reader(batch)).await.map_err(table_err("guides"))?;
        Ok(())
    }

    async fn guides(&self) -> Result<Vec<(Guide, Vec<f32>)>, StoreError> {
        let batches = collect("guides", self.guides.query()).await?;
        let mut out = Vec::new();
        for b in &batches {
            let (ids, json) = (col(b, "id")?, col(b, "json")?);
            for (i, v) in vector_column(b)?.into_iter().enumerate() {
                let g: Guide = serde_json::from_str(json.value(i)).map_err(|e| StoreError::Corrupt { id: ids.value(i).to_string(), reason: e.to_string() })?;
                out.push((g, v));
            }
        }
        out.sort_by(|a, b| a.0.id.cmp(&b.0.id));
        Ok(out)
    }

    async fn remove_guides(&self, ids: &[String]) -> Result<usize, StoreError> {
        if ids.is_empty() {
            return Ok(0);
        }
        let r = self.guides.delete(format!("id IN ({})", ids_in(ids)).as_str()).await.map_err(table_err("guides"))?;
        Ok(r.num_deleted_rows as usize)
    }

    async fn versions(&self) -> Result<StoreVersions, StoreError> {
        Ok(StoreVersions {
            sources: self.sources.version().await.map_err(table_err("sources"))?,
            guides: self.guides.version().await.map_err(table_err("guides"))?,
        })
    }

    async fn reclaim(&self, keep: std::time::Duration) -> Result<Reclaimed, StoreError> {
        use lancedb::table::{CompactionOptions, OptimizeAction};
        let mut out = Reclaimed::default();
        let keep = chrono::Duration::from_std(keep).unwrap_or(chrono::Duration::MAX);
        for (name, table) in [("sources", &self.sources), ("units", &self.units), ("guides", &self.guides)] {
            let err = table_err(name);
            let stats = table.stats().await.map_err(&err)?;
            let deleted = stats.num_deleted_rows.unwrap_or(0);
            if stats.fragment_stats.num_fragments >= COMPACT_AT_FRAGMENTS || deleted > 0 && deleted >= stats.num_rows {
                table.optimize(OptimizeAction::Compact { options: CompactionOptions::default(), remap_options: None }).await.map_err(&err)?;
                out.tables_compacted += 1;
            }
            let pruned = table
                .optimize(OptimizeAction::Prune { older_than: Some(keep), delete_unverified: Some(false), error_if_tagged_old_versions: None })
                .await
                .map_err(&err)?;
            if let Some(p) = pruned.prune {
                out.old_versions += p.old_versions;
                out.bytes_removed += p.bytes_removed;
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod remote_tests {
    use super::*;

    #[test]
    fn an_object_store_refusal_is_said_in_words_with_the_head_of_the_raw_error() {
        let long = format!("Generic S3 error: Status {{ status: 404, body: <Code>NoSuchBucket</Code> }} {}", "request-id ".repeat(100));
        let r = remote_reason(&long);
        assert!(r.starts_with("the bucket does not exist: Generic S3 error"), "{r}");
        assert!(r.ends_with(" …") && r.chars().count() < 400, "{r}");
        let r = remote_reason("Status { status: 403, body: <Code>SignatureDoesNotMatch</Code> }");
        assert!(r.starts_with("the object store refused the credentials (check AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY): Status"), "{r}");
        assert!(!r.ends_with(" …"), "{r}");
        assert!(remote_reason("error sending request for url (http://127.0.0.1:1/): Connection refused").starts_with("the object store cannot be reached"));
        // An error we cannot name is passed on whole.
        let other = format!("schema mismatch {}", "x".repeat(500));
        assert_eq!(remote_reason(&other), other);
    }

    #[test]
    fn settings_fill_what_the_environment_does_not_and_blank_means_unset() {
        let settings = ObjectStoreConfig { endpoint: Some("http://minio.local:9000".into()), access_key_id: Some("  ".into()), ..Default::default() };
        let env = ObjectStoreConfig { endpoint: Some("https://s3.example".into()), access_key_id: Some("AKID".into()), secret_access_key: Some("sekret".into()), ..Default::default() };
        let c = settings.or(env);
        assert_eq!(c.endpoint.as_deref(), Some("http://minio.local:9000"));
        assert_eq!(c.access_key_id.as_deref(), Some("AKID"));
        let opts: std::collections::HashMap<String, String> = c.options().into_iter().collect();
        assert_eq!(opts["allow_http"], "true");
        assert_eq!(opts["aws_virtual_hosted_style_request"], "false");
        assert_eq!(opts["aws_region"], "us-east-1");
        assert_eq!(opts["aws_secret_access_key"], "sekret");
        // No endpoint: AWS itself, over HTTPS, virtual-hosted.
        let aws: std::collections::HashMap<String, String> = ObjectStoreConfig { region: Some("eu-west-1".into()), ..Default::default() }.options().into_iter().collect();
        assert!(!aws.contains_key("allow_http") && !aws.contains_key("aws_endpoint"));
        assert_eq!(aws["aws_region"], "eu-west-1");
    }
}

