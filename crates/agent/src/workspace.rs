//! A workspace: one directory holding an analyst's Source Object Pool.
//!
//! This is the core's front door. The CLI and the desktop app both call it
//! and nothing else: ingest files and folders (a result per file, never an
//! all-or-nothing batch), list, show, remove, and refresh dynamic objects.
//! It wires the loaders, the embedder and the store together and owns the
//! rules that keep a workspace consistent: a file is hashed before it is
//! loaded, an unchanged file is skipped, a changed file's objects are swapped
//! in one store commit, and a failure leaves the store as it was.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;

use crate::action::RetrievalAction;
use crate::agent::catalog::{Pool, StoreCatalog};
use crate::agent::extract::{execute, ActionResult};
use crate::agent::thinktank::{GuideRetriever, ThinkTank};
use crate::guide::{Guide, GuideSource};
use crate::agent::{Agent, RefreshNote, Refresher, Run};
use crate::conversation::{Conversation, Turn};
use crate::chunk::ChunkConfig;
use crate::sql::SqlLimits;
use crate::describe::describe;
use crate::embed::{Embedder, InputKind, Memo};
use crate::loader::{default_loaders, guarded, LoadContext, LoadError, Limits, Loader};
use crate::source::{sha256_hex, Content, SourceKind, SourceObject};
use crate::store::{LanceStore, SourceSummary, Store, StoreError, Unit};

#[derive(Debug, thiserror::Error)]
pub enum WorkspaceError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("no source object with id '{id}'")]
    NotFound { id: String },
    #[error("source object '{id}' is static; only dynamic (SQLite) objects can be refreshed")]
    NotDynamic { id: String },
    #[error("refreshing '{id}' from {file} failed: {reason}")]
    Refresh { id: String, file: String, reason: String },
    #[error("embedding failed: {0}")]
    Embed(#[from] crate::embed::EmbedError),
    #[error("workspace directory {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("background task failed: {0}")]
    Task(String),
    #[error("{reason}")]
    Agent { code: &'static str, reason: String },
    #[error("bad action: {0}")]
    BadAction(String),
    #[error("bad guide: {0}")]
    BadGuide(String),
    #[error(transparent)]
    Watch(#[from] crate::watch::WatchError),
    #[error(transparent)]
    Conversation(#[from] crate::conversation::ConversationError),
    #[error("{path} cannot be shown: {reason}")]
    FileChanged { path: PathBuf, reason: String },
}

impl WorkspaceError {
    pub fn code(&self) -> &'static str {
        match self {
            WorkspaceError::Store(e) => e.code(),
            WorkspaceError::NotFound { .. } => "not_found",
            WorkspaceError::NotDynamic { .. } => "not_dynamic",
            WorkspaceError::Refresh { .. } => "refresh",
            WorkspaceError::Embed(_) => "embed",
            WorkspaceError::Io { .. } => "io",
            WorkspaceError::Task(_) => "internal",
            WorkspaceError::Agent { code, .. } => code,
            WorkspaceError::BadAction(_) => "bad_action",
            WorkspaceError::BadGuide(_) => "bad_guide",
            WorkspaceError::Watch(e) => e.code(),
            WorkspaceError::Conversation(e) => e.code(),
            WorkspaceError::FileChanged { .. } => "file_changed",
        }
    }
}

/// One file that was ingested (or found unchanged).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct IngestedFile {
    pub file: String,
    pub source_ids: Vec<String>,
    pub unchanged: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
}

/// One file that failed, with a stable code and a message naming the file.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FailedFile {
    pub file: String,
    pub code: String,
    pub error: String,
}

/// Throughput counters of one ingestion run.
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct IngestStats {
    pub files: usize,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub bytes: u64,
    pub pages: usize,
    pub rows: usize,
    pub objects: usize,
    pub sentences: usize,
}

impl IngestStats {
    fn add(&mut self, o: &IngestStats) {
        self.files += o.files;
        self.bytes += o.bytes;
        self.pages += o.pages;
        self.rows += o.rows;
        self.objects += o.objects;
        self.sentences += o.sentences;
    }
}

#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct IngestReport {
    pub ingested: Vec<IngestedFile>,
    pub failed: Vec<FailedFile>,
    /// Files inside folders that no loader handles.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<String>,
    pub stats: IngestStats,
}

/// Progress of an ingestion, for progress bars and app events.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum Progress {
    /// The walk found `total` files to ingest.
    Planned { total: usize },
    Started { file: String, index: usize, total: usize },
    Finished { file: String, index: usize, total: usize, ok: bool },
}

/// The result of refreshing one dynamic object.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Refreshed {
    pub id: String,
    pub changed: bool,
    pub rows: usize,
}

pub struct Workspace<S: Store = LanceStore> {
    dir: PathBuf,
    store: S,
    embedder: Arc<dyn Embedder>,
    loaders: Vec<Box<dyn Loader>>,
    /// Reads scans and images: Tesseract when installed (see
    /// `aurag_ingest::ocr`), else `None` and they are refused
    /// with what to install.
    pub ocr: Option<Arc<dyn crate::ocr::Ocr>>,
    pub limits: Limits,
    pub chunk: ChunkConfig,
    /// How long old store versions are kept after an ingest, for readers in
    /// other processes still on one; older ones are deleted.
    pub keep_versions: Duration,
    /// Held by every write (ingest, remove, refresh, guides): writers in one
    /// process take turns, so an ingest's garbage collection never sweeps
    /// another ingest's half-written units and two ingests of one file
    /// cannot interleave. Readers (ask, list, show) never wait for it.
    writes: tokio::sync::Mutex<()>,
    /// The pool and the Think Tank as last read, with the store version
    /// they were built at: asking again reuses them until a write (in this
    /// process or another) moves the version.
    reads: std::sync::Mutex<ReadCache>,
    /// The `s3://` prefix of a shared workspace's store.
    remote: Option<String>,
}

#[derive(Default)]
struct ReadCache {
    pool: Option<(u64, Arc<Pool>)>,
    tank: Option<(u64, Arc<ThinkTank>)>,
}

impl Workspace<LanceStore> {
    /// Opens or creates the workspace at `dir` with the LanceDB store.
    pub async fn open(dir: &Path, embedder: Arc<dyn Embedder>) -> Result<Self, WorkspaceError> {
        std::fs::create_dir_all(dir).map_err(|source| WorkspaceError::Io { path: dir.to_path_buf(), source })?;
        let dir = dir.canonicalize().map_err(|source| WorkspaceError::Io { path: dir.to_path_buf(), source })?;
        let store = LanceStore::open(&dir, &embedder.id(), embedder.dim()).await?;
        Ok(Self::with_store(dir, store, embedder))
    }
}

impl Workspace<LanceStore> {
    /// Opens or creates a workspace whose store lives on S3-compatible
    /// object storage (`s3://bucket/prefix`, with LanceDB's object-store
    /// `options`, see [`aurag_store::ObjectStoreConfig`]), shared by every
    /// analyst who opens it. What is not shared stays in `local`, a folder
    /// of this machine: the conversations (an analyst's own) and the
    /// folders this machine follows (paths of this machine). Nothing else
    /// lives outside the store: the query engine's SQL tables are rebuilt
    /// in memory from the store's objects at the version read, as for a
    /// local workspace, and a SQLite source's full table is read from its
    /// file where this machine has it (else that one table says so).
    pub async fn open_remote(uri: &str, options: &[(String, String)], local: &Path, embedder: Arc<dyn Embedder>) -> Result<Self, WorkspaceError> {
        std::fs::create_dir_all(local).map_err(|source| WorkspaceError::Io { path: local.to_path_buf(), source })?;
        let local = local.canonicalize().map_err(|source| WorkspaceError::Io { path: local.to_path_buf(), source })?;
        let store = LanceStore::open_remote(uri, options, &embedder.id(), embedder.dim()).await?;
        let mut ws = Self::with_store(local, store, embedder);
        ws.remote = Some(uri.trim_end_matches('/').to_string());
        Ok(ws)
    }

    /// Opens a workspace by where the analyst says it is: a folder, or an
    /// `s3://bucket/prefix` reached with `s3` whose local part goes under
    /// `remote_home` ([`remote_local_dir`]). The CLI and the app both open
    /// through here.
    pub async fn open_location(location: &Path, remote_home: &Path, s3: &aurag_store::ObjectStoreConfig, embedder: Arc<dyn Embedder>) -> Result<Self, WorkspaceError> {
        match location.to_str().filter(|l| aurag_store::is_remote(l)) {
            Some(uri) => Self::open_remote(uri, &s3.options(), &remote_local_dir(remote_home, uri), embedder).await,
            None => Self::open(location, embedder).await,
        }
    }
}

/// The folder of this machine that keeps a shared workspace's local part
/// (see [`Workspace::open_remote`]): one per bucket and prefix.
fn remote_local_dir(remote_home: &Path, uri: &str) -> PathBuf {
    let name: String = uri.trim_start_matches("s3://").trim_end_matches('/').chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
    remote_home.join(name)
}

impl<S: Store> Workspace<S> {
    pub fn with_store(dir: PathBuf, store: S, embedder: Arc<dyn Embedder>) -> Self {
        Workspace {
            dir,
            store,
            embedder,
            loaders: default_loaders(),
            ocr: crate::ocr::TesseractCli::detect().map(|t| Arc::new(t) as Arc<dyn crate::ocr::Ocr>),
            limits: Limits::default(),
            chunk: ChunkConfig::default(),
            keep_versions: Duration::from_secs(600),
            writes: tokio::sync::Mutex::new(()),
            reads: Default::default(),
            remote: None,
        }
    }

    /// Where the workspace is, as the analyst names it: its `s3://` prefix
    /// when shared, else its folder.
    pub fn location(&self) -> String {
        self.remote.clone().unwrap_or_else(|| self.dir.display().to_string())
    }

    /// Whether the store is shared on object storage.
    pub fn is_shared(&self) -> bool {
        self.remote.is_some()
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }
    pub fn store(&self) -> &S {
        &self.store
    }
    pub fn embedder(&self) -> &Arc<dyn Embedder> {
        &self.embedder
    }
    pub(crate) fn loaders(&self) -> &[Box<dyn Loader>] {
        &self.loaders
    }

    /// Expands folders (recursively, hidden entries skipped, symlink loops
    /// reported) into the files to ingest.
    pub fn plan(&self, paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<FailedFile>, Vec<String>) {
        let mut files = Vec::new();
        let mut failed = Vec::new();
        let mut skipped = Vec::new();
        for p in paths {
            match std::fs::metadata(p) {
                Ok(m) if m.is_dir() => {
                    let mut ancestors = HashSet::new();
                    self.walk(p, &mut ancestors, &mut files, &mut failed, &mut skipped);
                }
                Ok(_) => files.push(absolute(p)),
                Err(e) => {
                    let err = if is_loop(&e) {
                        LoadError::SymlinkLoop { path: p.clone() }
                    } else {
                        LoadError::Io { path: p.clone(), source: e }
                    };
                    failed.push(failed_file(p, &err));
                }
            }
        }
        let mut seen = HashSet::new();
        files.retain(|f| seen.insert(f.clone()));
        (files, failed, skipped)
    }

    fn walk(&self, dir: &Path, ancestors: &mut HashSet<PathBuf>, files: &mut Vec<PathBuf>, failed: &mut Vec<FailedFile>, skipped: &mut Vec<String>) {
        let canon = match dir.canonicalize() {
            Ok(c) => c,
            Err(e) => {
                let err = if is_loop(&e) { LoadError::SymlinkLoop { path: dir.to_path_buf() } } else { LoadError::Io { path: dir.to_path_buf(), source: e } };
                failed.push(failed_file(dir, &err));
                return;
            }
        };
        if canon.starts_with(&self.dir) {
            return; // never ingest the workspace itself
        }
        if !ancestors.insert(canon.clone()) {
            failed.push(failed_file(dir, &LoadError::SymlinkLoop { path: dir.to_path_buf() }));
            return;
        }
        let mut entries: Vec<PathBuf> = match std::fs::read_dir(dir) {
            Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
            Err(e) => {
                failed.push(failed_file(dir, &LoadError::Io { path: dir.to_path_buf(), source: e }));
                ancestors.remove(&canon);
                return;
            }
        };
        entries.sort();
        for e in entries {
            if e.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.starts_with('.')) {
                continue;
            }
            match std::fs::metadata(&e) {
                Ok(m) if m.is_dir() => self.walk(&e, ancestors, files, failed, skipped),
                Ok(_) => {
                    if crate::loader::is_supported(&e, &self.loaders) {
                        files.push(absolute(&e));
                    } else {
                        skipped.push(e.display().to_string());
                    }
                }
                Err(err) => {
                    let le = if is_loop(&err) {
                        LoadError::SymlinkLoop { path: e.clone() }
                    } else if std::fs::symlink_metadata(&e).is_ok() {
                        LoadError::Io { path: e.clone(), source: std::io::Error::new(err.kind(), format!("dangling symlink ({err})")) }
                    } else {
                        LoadError::Io { path: e.clone(), source: err }
                    };
                    failed.push(failed_file(&e, &le));
                }
            }
        }
        ancestors.remove(&canon);
    }

    /// Ingests files and folders. Each file succeeds or fails on its own; a
    /// failed file leaves the store untouched. Files are parsed and embedded
    /// in parallel, a few at a time, and written in batches, each batch in
    /// one store commit.
    pub async fn ingest(&self, paths: &[PathBuf], progress: &mut (dyn FnMut(Progress) + Send)) -> Result<IngestReport, WorkspaceError> {
        let _writing = self.writes.lock().await;
        let (files, mut failed, skipped) = self.plan(paths);
        // Folders are remembered so a watcher follows them (see `watch`).
        if let Err(e) = self.remember_folders(paths) {
            failed.push(FailedFile { file: self.dir.display().to_string(), code: e.code().to_string(), error: format!("the folders to follow were not saved: {e}") });
        }
        let mut report = IngestReport { failed, skipped, ..Default::default() };
        let total = files.len();
        progress(Progress::Planned { total });
        self.store.collect_garbage().await?;
        // file → (hash, object ids), read once for the whole run.
        let mut known: std::collections::HashMap<String, (String, Vec<String>)> = std::collections::HashMap::new();
        for o in self.store.list().await? {
            known.entry(o.file).or_insert_with(|| (o.file_hash, Vec::new())).1.push(o.id);
        }
        let workers = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1).clamp(1, 8);
        let mut batch = Batch::default();
        let indexed: Vec<(usize, &PathBuf)> = files.iter().enumerate().collect();
        for group in indexed.chunks(workers * 2) {
            // Read and hash; unchanged files are done here.
            let mut jobs: Vec<Job> = Vec::new();
            for &(index, file) in group {
                let name = file.display().to_string();
                progress(Progress::Started { file: name.clone(), index, total });
                match self.read_file(file, known.get(&name)) {
                    Ok(Read::Unchanged(done)) => {
                        report.ingested.push(done);
                        progress(Progress::Finished { file: name, index, total, ok: true });
                    }
                    Ok(Read::Bytes { bytes, hash, size }) => jobs.push(Job { index, path: file.clone(), bytes, hash, size }),
                    Err(e) => {
                        report.failed.push(failed_file(file, &e));
                        progress(Progress::Finished { file: name, index, total, ok: false });
                    }
                }
            }
            // Parse and embed in parallel, off the async workers.
            let results = tokio::task::block_in_place(|| self.load_jobs(&jobs, workers));
            for (job, result) in jobs.iter().zip(results) {
                match result {
                    Ok(l) => {
                        batch.add(job.index, l);
                        if batch.is_full() {
                            self.flush(&mut batch, &mut report, total, progress).await;
                        }
                    }
                    Err(e) => {
                        report.failed.push(failed_file(&job.path, &e));
                        progress(Progress::Finished { file: job.path.display().to_string(), index: job.index, total, ok: false });
                    }
                }
            }
        }
        self.flush(&mut batch, &mut report, total, progress).await;
        if !report.ingested.is_empty() {
            // Disk kept by replaced rows goes back now. A failure here loses
            // nothing (the commits are done); `aurag compact` reports it.
            let _ = self.store.reclaim(self.keep_versions).await;
        }
        Ok(report)
    }

    /// Gives back disk space held by old versions and small files (see
    /// [`Store::reclaim`]), keeping versions younger than `keep`.
    pub async fn reclaim(&self, keep: Duration) -> Result<crate::store::Reclaimed, WorkspaceError> {
        let _writing = self.writes.lock().await;
        Ok(self.store.reclaim(keep).await?)
    }

    fn read_file(&self, file: &Path, known: Option<&(String, Vec<String>)>) -> Result<Read, LoadError> {
        let meta = std::fs::metadata(file).map_err(|source| LoadError::Io { path: file.to_path_buf(), source })?;
        if meta.len() > self.limits.max_file_bytes {
            return Err(LoadError::TooLarge {
                path: file.to_path_buf(),
                what: format!("{} bytes", meta.len()),
                limit: format!("{} bytes per file", self.limits.max_file_bytes),
            });
        }
        let bytes = std::fs::read(file).map_err(|source| LoadError::Io { path: file.to_path_buf(), source })?;
        let hash = sha256_hex(&bytes);
        if let Some((_, ids)) = known.filter(|k| k.0 == hash) {
            let name = file.display().to_string();
            return Ok(Read::Unchanged(IngestedFile { file: name, source_ids: ids.clone(), unchanged: true, warnings: vec![] }));
        }
        Ok(Read::Bytes { bytes, hash, size: meta.len() })
    }

    /// Runs `load_file` over jobs on up to `workers` threads; results keep
    /// the jobs' order.
    fn load_jobs(&self, jobs: &[Job], workers: usize) -> Vec<Result<Loaded, LoadError>> {
        if jobs.len() <= 1 || workers <= 1 {
            return jobs.iter().map(|j| self.load_file(j)).collect();
        }
        let next = std::sync::atomic::AtomicUsize::new(0);
        let slots: Vec<std::sync::Mutex<Option<Result<Loaded, LoadError>>>> = jobs.iter().map(|_| std::sync::Mutex::new(None)).collect();
        std::thread::scope(|s| {
            for _ in 0..workers.min(jobs.len()) {
                s.spawn(|| loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(job) = jobs.get(i) else { break };
                    let r = self.load_file(job);
                    *slots[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(r);
                });
            }
        });
        slots
            .into_iter()
            .zip(jobs)
            .map(|(slot, j)| {
                slot.into_inner().unwrap_or_else(|e| e.into_inner()).unwrap_or_else(|| {
                    Err(LoadError::Panicked { path: j.path.clone(), loader: "worker", message: "no result".into() })
                })
            })
            .collect()
    }

    /// Parses, describes and embeds one file (CPU-bound, synchronous).
    fn load_file(&self, job: &Job) -> Result<Loaded, LoadError> {
        let file = job.path.as_path();
        let head = &job.bytes[..job.bytes.len().min(64)];
        let loader: &dyn Loader = self
            .loaders
            .iter()
            .find(|l| l.accepts(file, head))
            .map(|l| l.as_ref())
            .ok_or_else(|| LoadError::Unsupported { path: file.to_path_buf(), ext: crate::loader::ext_of(file) })?;
        let memo = Memo::new(self.embedder.as_ref());
        let ctx = LoadContext { embedder: Some(&memo), chunk: self.chunk, limits: self.limits, ocr: self.ocr.as_deref() };
        let mut loaded = guarded(file, loader.name(), || loader.load(file, &job.bytes, &job.hash, &ctx))?;
        let mut objects = std::mem::take(&mut loaded.objects);
        for o in objects.iter_mut() {
            describe(o);
        }
        let embed_err = |e| LoadError::Embed { path: file.to_path_buf(), source: e };
        let descs: Vec<&str> = objects.iter().map(|o| o.description.as_str()).collect();
        let dvecs = memo.embed(&descs, InputKind::Document).map_err(embed_err)?;
        let mut units = Vec::new();
        for o in &objects {
            units.extend(crate::reembed::sentence_units(&memo, o).map_err(embed_err)?);
        }
        let stats = IngestStats {
            files: 1,
            bytes: job.size,
            pages: loaded.pages,
            rows: loaded.rows,
            objects: objects.len(),
            sentences: units.len(),
        };
        let ids: Vec<String> = objects.iter().map(|o| o.id.clone()).collect();
        Ok(Loaded {
            done: IngestedFile { file: file.display().to_string(), source_ids: ids, unchanged: false, warnings: loaded.warnings },
            objects: objects.into_iter().zip(dvecs).collect(),
            units,
            stats,
        })
    }

    /// Writes a batch of loaded files in one commit and reports each file.
    async fn flush(&self, batch: &mut Batch, report: &mut IngestReport, total: usize, progress: &mut (dyn FnMut(Progress) + Send)) {
        if batch.files.is_empty() {
            return;
        }
        let b = std::mem::take(batch);
        let names: Vec<String> = b.files.iter().map(|f| f.1.file.clone()).collect();
        let result = self.store.replace_files(&names, b.objects, b.units).await;
        for (index, done, stats) in b.files {
            let file = done.file.clone();
            match &result {
                Ok(()) => {
                    report.stats.add(&stats);
                    report.ingested.push(done);
                }
                Err(e) => report.failed.push(FailedFile { file: file.clone(), code: e.code().to_string(), error: format!("{file}: {e}") }),
            }
            progress(Progress::Finished { file, index, total, ok: result.is_ok() });
        }
    }

    pub async fn sources(&self) -> Result<Vec<SourceSummary>, WorkspaceError> {
        Ok(self.store.list().await?)
    }

    pub async fn get(&self, id: &str) -> Result<SourceObject, WorkspaceError> {
        self.store.get(id).await?.ok_or_else(|| WorkspaceError::NotFound { id: id.to_string() })
    }

    /// The bytes of the file object `id` came from, as it was ingested (a
    /// PDF page is drawn from them, with the cited sentence lit). A file
    /// that has changed since (its sha256 is not the ingested one) or is
    /// gone is refused: its boxes would point at other text.
    pub async fn source_file(&self, id: &str) -> Result<Vec<u8>, WorkspaceError> {
        const MAX: u64 = 512 * 1024 * 1024;
        let obj = self.get(id).await?;
        let path = PathBuf::from(&obj.provenance.file);
        let meta = std::fs::metadata(&path).map_err(|source| WorkspaceError::Io { path: path.clone(), source })?;
        if meta.len() > MAX {
            return Err(WorkspaceError::FileChanged { path, reason: format!("it is {} MB, over the {} MB a viewer reads", meta.len() >> 20, MAX >> 20) });
        }
        let bytes = tokio::fs::read(&path).await.map_err(|source| WorkspaceError::Io { path: path.clone(), source })?;
        if sha256_hex(&bytes) != obj.provenance.file_hash {
            return Err(WorkspaceError::FileChanged { path, reason: "it changed since it was ingested; ingest it again".into() });
        }
        Ok(bytes)
    }

    pub async fn remove(&self, id: &str) -> Result<usize, WorkspaceError> {
        let _writing = self.writes.lock().await;
        let n = self.store.remove_ids(&[id.to_string()]).await?;
        if n == 0 {
            return Err(WorkspaceError::NotFound { id: id.to_string() });
        }
        Ok(n)
    }

    /// Removes every object of a file; the path may be given as ingested or
    /// relative to the current directory.
    pub async fn remove_file(&self, file: &Path) -> Result<usize, WorkspaceError> {
        let _writing = self.writes.lock().await;
        let name = absolute(file).display().to_string();
        let mut n = self.store.remove_file(&name).await?;
        if n == 0 {
            n = self.store.remove_file(&file.display().to_string()).await?;
        }
        if n > 0 {
            let _ = self.store.reclaim(self.keep_versions).await;
        }
        Ok(n)
    }

    /// Re-runs the refresh SQL of one dynamic object, or of all of them.
    pub async fn refresh(&self, id: Option<&str>) -> Result<Vec<Refreshed>, WorkspaceError> {
        let targets: Vec<String> = match id {
            Some(id) => {
                let o = self.get(id).await?;
                if o.kind != SourceKind::Dynamic {
                    return Err(WorkspaceError::NotDynamic { id: id.to_string() });
                }
                vec![id.to_string()]
            }
            None => self.store.list().await?.into_iter().filter(|s| s.kind == SourceKind::Dynamic).map(|s| s.id).collect(),
        };
        let mut out = Vec::new();
        for id in targets {
            out.push(self.refresh_one(&id).await?);
        }
        if !out.is_empty() {
            let _ = self.store.reclaim(self.keep_versions).await;
        }
        Ok(out)
    }

    fn cached_reads(&self) -> std::sync::MutexGuard<'_, ReadCache> {
        self.reads.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The objects the agent reads, grouped and counted (see [`Pool`]).
    /// Read once per store version and shared; the filter's searches go to
    /// the store itself (see [`StoreCatalog`]).
    pub async fn pool(&self) -> Result<Arc<Pool>, WorkspaceError> {
        let version = self.store.versions().await?.sources;
        if let Some((v, p)) = &self.cached_reads().pool {
            if *v == version {
                return Ok(p.clone());
            }
        }
        // Read at or after `version`: a write in between only makes the
        // cached copy newer than its key, and the next ask reads it again.
        let objects = self.store.objects().await?;
        let pool = Arc::new(tokio::task::block_in_place(|| Pool::new(objects)));
        self.cached_reads().pool = Some((version, pool.clone()));
        Ok(pool)
    }

    /// Answers a question over the workspace with `agent`. Dynamic objects
    /// the agent selects are refreshed first when older than `staleness`.
    /// Must run on a multi-threaded runtime (the agent's CPU work runs in
    /// place, off the async workers' queue).
    pub async fn ask(&self, agent: &Agent<'_>, question: &str, guides: Option<&dyn GuideRetriever>, staleness: Duration) -> Result<Run, WorkspaceError> {
        let pool = self.pool().await?;
        self.ask_in(&pool, agent, question, guides, staleness).await
    }

    /// [`ask`](Self::ask) over a pool already read from this workspace:
    /// a batch of questions reads the store once.
    pub async fn ask_in(&self, pool: &Pool, agent: &Agent<'_>, question: &str, guides: Option<&dyn GuideRetriever>, staleness: Duration) -> Result<Run, WorkspaceError> {
        let handle = tokio::runtime::Handle::current();
        let catalog = StoreCatalog::new(pool, &self.store, handle.clone());
        let refresher = StaleRefresher { ws: self, handle, staleness };
        tokio::task::block_in_place(|| agent.ask(question, &catalog, guides, &|_| true, Some(&refresher)))
            .map_err(|e| WorkspaceError::Agent { code: e.code(), reason: e.to_string() })
    }

    /// Asks `question` as the next turn of `conversation`: it is read
    /// against the turn before ([`crate::conversation::read`]) and asked as
    /// the standalone question it became ("why?" answers from the turn
    /// before's evidence). The turn is added to the conversation, which is
    /// saved with the workspace's conversations.
    pub async fn ask_turn(&self, agent: &Agent<'_>, conversation: &mut Conversation, question: &str, guides: Option<&dyn GuideRetriever>, staleness: Duration) -> Result<TurnRun, WorkspaceError> {
        let pool = self.pool().await?;
        let out = self.ask_turn_in(&pool, agent, conversation, question, guides, staleness).await?;
        self.save_conversation(conversation)?;
        Ok(out)
    }

    /// [`ask_turn`](Self::ask_turn) over a pool already read, without saving.
    pub async fn ask_turn_in(&self, pool: &Pool, agent: &Agent<'_>, conversation: &mut Conversation, question: &str, guides: Option<&dyn GuideRetriever>, staleness: Duration) -> Result<TurnRun, WorkspaceError> {
        use crate::conversation::{self as conv, FollowUpKind};
        let object = |id: &str| pool.get(id).cloned();
        let reading = conv::read(question, conversation.last_context(), &conv::ObjectLookup(&object));
        let run = match (reading.kind, conversation.turns.last()) {
            (FollowUpKind::Why, Some(prev)) => {
                let answer = conv::why(prev);
                let step = crate::agent::TraceStep { step: crate::agent::Step::Answer { answerer: "the turn before's evidence".into(), text: answer.text.clone(), unknown: answer.unknown, support: answer.support }, ms: 0.0 };
                Run { question: question.to_string(), answer, selected: Vec::new(), actions: Vec::new(), trace: vec![step] }
            }
            _ => {
                let mut run = self.ask_in(pool, agent, &reading.read_as, guides, staleness).await?;
                run.question = question.to_string();
                run
            }
        };
        let context = match (reading.kind, conversation.turns.last()) {
            // "why?" changes nothing a later follow-up refers to.
            (FollowUpKind::Why, Some(prev)) => prev.context.clone(),
            _ => conv::context_of(&reading.read_as, &run, &|id| conv::label_column(pool.get(id))),
        };
        if conversation.turns.is_empty() {
            conversation.title = conv::title_of(question);
        }
        conversation.updated = conv::now_secs();
        conversation.turns.push(Turn { question: question.to_string(), reading: reading.clone(), answer: run.answer.clone(), context });
        Ok(TurnRun { conversation: conversation.id.clone(), reading, run })
    }

    fn conversations_dir(&self) -> PathBuf {
        self.dir.join("conversations")
    }

    /// Saves a conversation beside the workspace's store (whole, or not at all).
    pub fn save_conversation(&self, c: &Conversation) -> Result<(), WorkspaceError> {
        Ok(crate::conversation::save(&self.conversations_dir(), c)?)
    }

    pub fn conversation(&self, id: &str) -> Result<Conversation, WorkspaceError> {
        Ok(crate::conversation::load(&self.conversations_dir(), id)?)
    }

    /// The workspace's conversations, the latest first.
    pub fn conversations(&self) -> Result<Vec<crate::conversation::ConversationSummary>, WorkspaceError> {
        Ok(crate::conversation::list(&self.conversations_dir())?)
    }

    pub fn remove_conversation(&self, id: &str) -> Result<bool, WorkspaceError> {
        Ok(crate::conversation::remove(&self.conversations_dir(), id)?)
    }

    /// Adds (or replaces, by id) extraction guides in the workspace's Think
    /// Tank, embedding their questions. Guides without an id get one from
    /// their question; a guide without a question is refused, and nothing
    /// is stored then.
    pub async fn add_guides(&self, mut guides: Vec<Guide>) -> Result<Vec<String>, WorkspaceError> {
        for (i, g) in guides.iter_mut().enumerate() {
            if g.question.trim().is_empty() {
                return Err(WorkspaceError::BadGuide(format!("guide {} (#{}) has no question", if g.id.is_empty() { "without id" } else { &g.id }, i + 1)));
            }
            if g.id.trim().is_empty() {
                g.id = format!("g-{}", &sha256_hex(g.question.as_bytes())[..12]);
            }
        }
        let questions: Vec<&str> = guides.iter().map(|g| g.question.as_str()).collect();
        let vectors = tokio::task::block_in_place(|| self.embedder.embed(&questions, InputKind::Query))?;
        let ids = guides.iter().map(|g| g.id.clone()).collect();
        let _writing = self.writes.lock().await;
        self.store.put_guides(guides.into_iter().zip(vectors).collect()).await?;
        // Every write is a new table version; recording guides one by one
        // must not pile them up (a failure here loses nothing).
        let _ = self.store.reclaim(self.keep_versions).await;
        Ok(ids)
    }

    /// Stores guides with the vectors they already have (a guide whose
    /// object ids moved; its question, and so its vector, did not).
    pub(crate) async fn put_guide_rows(&self, rows: Vec<(Guide, Vec<f32>)>) -> Result<(), WorkspaceError> {
        let _writing = self.writes.lock().await;
        self.store.put_guides(rows).await?;
        let _ = self.store.reclaim(self.keep_versions).await;
        Ok(())
    }

    /// Every stored guide, ordered by id.
    pub async fn guides(&self) -> Result<Vec<Guide>, WorkspaceError> {
        Ok(self.store.guides().await?.into_iter().map(|(g, _)| g).collect())
    }

    pub async fn guide(&self, id: &str) -> Result<Guide, WorkspaceError> {
        self.store.guides().await?.into_iter().map(|(g, _)| g).find(|g| g.id == id).ok_or_else(|| WorkspaceError::NotFound { id: id.to_string() })
    }

    pub async fn remove_guides(&self, ids: &[String]) -> Result<usize, WorkspaceError> {
        let _writing = self.writes.lock().await;
        let removed = self.store.remove_guides(ids).await?;
        let _ = self.store.reclaim(self.keep_versions).await;
        Ok(removed)
    }

    /// The Think Tank over the stored guides and their stored vectors.
    /// Built once per guides version and shared.
    pub async fn think_tank(&self) -> Result<Arc<ThinkTank>, WorkspaceError> {
        let version = self.store.versions().await?.guides;
        if let Some((v, t)) = &self.cached_reads().tank {
            if *v == version {
                return Ok(t.clone());
            }
        }
        let tank = Arc::new(self.think_tank_with(Vec::new()).await?);
        self.cached_reads().tank = Some((version, tank.clone()));
        Ok(tank)
    }

    /// The stored guides (with their stored vectors) plus `extra` guides
    /// for one run, of which only the extra ones are embedded.
    pub async fn think_tank_with(&self, extra: Vec<Guide>) -> Result<ThinkTank, WorkspaceError> {
        let (mut guides, mut vectors): (Vec<Guide>, Vec<Vec<f32>>) = self.store.guides().await?.into_iter().unzip();
        if !extra.is_empty() {
            let questions: Vec<&str> = extra.iter().map(|g| g.question.as_str()).collect();
            vectors.extend(tokio::task::block_in_place(|| self.embedder.embed(&questions, InputKind::Query))?);
            guides.extend(extra);
        }
        Ok(ThinkTank::new(guides, vectors))
    }

    /// Records an analyst's session as a guide: runs each action the way
    /// [`act`](Self::act) does (so a recording sees exactly what the agent
    /// would) and keeps, per object, its actions and what they retrieved.
    /// The guide is returned, not stored; [`add_guides`](Self::add_guides)
    /// stores it.
    pub async fn record_guide(&self, question: &str, actions: &[RetrievalAction], answer: Option<String>, author: &str, limits: &SqlLimits) -> Result<Guide, WorkspaceError> {
        if actions.is_empty() {
            return Err(WorkspaceError::BadGuide("a recorded guide needs at least one action".into()));
        }
        let mut sources: Vec<GuideSource> = Vec::new();
        for action in actions {
            let obj = self.get(action.source()).await?;
            let result = Self::act_on(&obj, action, limits)?;
            if let Some(e) = result.error {
                return Err(WorkspaceError::BadAction(format!("{}: {e}", action.source())));
            }
            let contexts = match action {
                // One context per returned row: `col: value; col: value`.
                RetrievalAction::Sql { .. } => {
                    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
                    for e in &result.evidence {
                        let row = e.locator.split(',').next().unwrap_or_default().to_string();
                        let part = format!("{}: {}", e.header, e.text);
                        match rows.last_mut() {
                            Some((r, parts)) if *r == row => parts.push(part),
                            _ => rows.push((row, vec![part])),
                        }
                    }
                    rows.into_iter().map(|(_, parts)| parts.join("; ")).collect()
                }
                _ => action.contexts(&obj),
            };
            let contexts = contexts.into_iter();
            match sources.iter_mut().find(|s| s.object_id == obj.id) {
                Some(s) => {
                    s.actions.push(action.clone());
                    s.contexts.extend(contexts);
                }
                None => sources.push(GuideSource {
                    object_id: obj.id.clone(),
                    content_type: obj.content_type,
                    description: obj.description.clone(),
                    actions: vec![action.clone()],
                    contexts: contexts.collect(),
                }),
            }
        }
        Ok(Guide {
            id: String::new(),
            question: question.trim().to_string(),
            sources,
            negatives: Vec::new(),
            answer,
            author: author.to_string(),
            context: None,
            created_at: crate::source::now_rfc3339(),
        })
    }

    /// Runs one retrieval action by hand, through the code path the agent uses.
    pub async fn act(&self, action: &RetrievalAction, limits: &SqlLimits) -> Result<ActionResult, WorkspaceError> {
        let obj = self.get(action.source()).await?;
        Self::act_on(&obj, action, limits)
    }

    /// [`act`](Self::act) on an object already read.
    fn act_on(obj: &SourceObject, action: &RetrievalAction, limits: &SqlLimits) -> Result<ActionResult, WorkspaceError> {
        if matches!(action, RetrievalAction::Sql { .. }) && obj.kind != SourceKind::Dynamic {
            return Err(WorkspaceError::BadAction(format!("{} is not a SQLite table; SQL runs on dynamic objects only", obj.id)));
        }
        Ok(tokio::task::block_in_place(|| execute(action, obj, limits)))
    }

    async fn refresh_one(&self, id: &str) -> Result<Refreshed, WorkspaceError> {
        let _writing = self.writes.lock().await;
        let mut obj = self.get(id).await?;
        let (table, schema) = match (&obj.provenance.locator, obj.as_table()) {
            (crate::source::Locator::SqlTable { table, .. }, Some(t)) => (table.clone(), t.schema.clone()),
            _ => return Err(WorkspaceError::NotDynamic { id: id.to_string() }),
        };
        let file = obj.provenance.file.clone();
        let fail = |reason: String| WorkspaceError::Refresh { id: id.to_string(), file: file.clone(), reason };
        let limit = self.limits.sqlite_snapshot_rows;
        let fresh = tokio::task::block_in_place(|| {
            let conn = crate::loader::sqlite::open_read_only(Path::new(&file)).map_err(|e| e.to_string())?;
            crate::loader::sqlite::snapshot(&conn, &table, schema.as_deref(), limit).map_err(|e| e.to_string())
        })
        .map_err(fail)?;
        let rows = fresh.data_rows().len();
        let changed = obj.as_table() != Some(&fresh);
        if changed {
            obj.content = Content::Table(fresh);
            describe(&mut obj);
            obj.updated_at = crate::source::now_rfc3339();
            let v = self.embedder.embed_one(&obj.description, InputKind::Document)?;
            self.store.update_object(obj, v).await?;
        }
        Ok(Refreshed { id: id.to_string(), changed, rows })
    }
}

/// Refreshes a selected dynamic object when it is older than `staleness`.
struct StaleRefresher<'w, S: Store> {
    ws: &'w Workspace<S>,
    handle: tokio::runtime::Handle,
    staleness: Duration,
}

impl<S: Store> Refresher for StaleRefresher<'_, S> {
    fn refresh_if_stale(&self, obj: &SourceObject) -> Result<Option<(SourceObject, RefreshNote)>, String> {
        let age = chrono::DateTime::parse_from_rfc3339(&obj.updated_at).map(|t| chrono::Utc::now().signed_duration_since(t)).ok();
        let stale = age.is_none_or(|a| a.to_std().unwrap_or_default() >= self.staleness);
        if !stale {
            return Ok(None);
        }
        let r = self.handle.block_on(self.ws.refresh_one(&obj.id)).map_err(|e| e.to_string())?;
        let fresh = self.handle.block_on(self.ws.get(&obj.id)).map_err(|e| e.to_string())?;
        Ok(Some((fresh, RefreshNote { id: r.id, rows: r.rows, changed: r.changed })))
    }
}

/// A file read and embedded, waiting to be written.
struct Loaded {
    done: IngestedFile,
    objects: Vec<(SourceObject, Vec<f32>)>,
    units: Vec<Unit>,
    stats: IngestStats,
}

/// A file read from disk, before parsing.
enum Read {
    Unchanged(IngestedFile),
    Bytes { bytes: Vec<u8>, hash: String, size: u64 },
}

/// One file to parse and embed.
struct Job {
    index: usize,
    path: PathBuf,
    bytes: Vec<u8>,
    hash: String,
    size: u64,
}

/// Loaded files gathered for one store commit.
#[derive(Default)]
struct Batch {
    files: Vec<(usize, IngestedFile, IngestStats)>,
    objects: Vec<(SourceObject, Vec<f32>)>,
    units: Vec<Unit>,
}

impl Batch {
    const MAX_FILES: usize = 64;
    const MAX_OBJECTS: usize = 2_000;
    const MAX_UNITS: usize = 50_000;

    fn add(&mut self, index: usize, l: Loaded) {
        self.files.push((index, l.done, l.stats));
        self.objects.extend(l.objects);
        self.units.extend(l.units);
    }
    fn is_full(&self) -> bool {
        self.files.len() >= Self::MAX_FILES || self.objects.len() >= Self::MAX_OBJECTS || self.units.len() >= Self::MAX_UNITS
    }
}

fn failed_file(path: &Path, e: &LoadError) -> FailedFile {
    FailedFile { file: path.display().to_string(), code: e.code().to_string(), error: e.to_string() }
}

fn is_loop(e: &std::io::Error) -> bool {
    e.raw_os_error() == Some(40) // ELOOP on Linux
        || e.to_string().to_lowercase().contains("too many levels of symbolic links")
}

/// An absolute path without resolving symlinks in the file name.
/// One turn's outcome: how the question was read, and the run it gave.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TurnRun {
    /// The conversation's id (empty for a question asked on its own).
    pub conversation: String,
    pub reading: crate::conversation::Reading,
    pub run: Run,
}

pub fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}
