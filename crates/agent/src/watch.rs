//! A workspace that follows its files.
//!
//! Analysts keep editing the sheets and reports they ingested. This module
//! keeps the Source Object Pool in step with the disk: a changed file is
//! re-ingested, a deleted one removed, and a new file in a folder that was
//! ingested as a folder is ingested. It is split in two so each half can be
//! tested on its own:
//!
//! - [`Workspace::sync_paths`] is the policy. Given paths that may have
//!   changed, it decides what each one means (only files the workspace knows,
//!   or supported files inside its folders, count; editor lock and temporary
//!   files never do) and applies it through the ordinary ingest and remove
//!   calls, so the same hashing, atomic swaps and clear errors hold: a file
//!   that fails to load keeps its previous objects. Object ids hash the
//!   file's bytes, so a changed file's objects get new ids; guides that
//!   pointed at the old ones are re-pointed at the object with the same
//!   locator (the same sheet, table or page range), and a guide whose object
//!   has no successor is reported as flagged rather than left silently broken.
//! - [`FileWatcher`] is the mechanism: the `notify` crate's native watcher
//!   (inotify, FSEvents, ReadDirectoryChangesW) on the folders to follow,
//!   with a short quiet period so one save (often a write, a rename and a
//!   chmod) becomes one batch.
//!
//! The folders ingested as folders are remembered in `folders.json` inside
//! the workspace directory; a file ingested alone is followed through its
//! parent directory (not the file itself: editors save by renaming a new
//! file over the old one, which would end a watch on the file).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::Serialize;

use crate::guide::GuideSource;
use crate::source::ContentType;
use crate::store::Store;
use crate::workspace::{absolute, Workspace, WorkspaceError};

const FOLDERS_FILE: &str = "folders.json";

/// What happened to one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum FileChangeKind {
    /// A new file in a followed folder, now ingested.
    Added,
    /// A known file whose bytes changed, re-ingested.
    Changed,
    /// A known file that is gone; its objects were removed.
    Removed,
    /// A changed or new file that could not be loaded; a known file keeps
    /// its previous objects.
    Failed,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FileChange {
    pub file: String,
    pub change: FileChangeKind,
    /// The file's objects after the change (none when removed or failed).
    pub source_ids: Vec<String>,
    /// For a failure: the loader's error code and message.
    pub code: Option<String>,
    pub error: Option<String>,
}

/// A guide that points at objects the workspace no longer holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FlaggedGuide {
    pub id: String,
    pub question: String,
    /// The object ids it names as sources that are gone.
    pub missing: Vec<String>,
}

/// The outcome of one sync: what changed, which guides were re-pointed at
/// the new objects of a changed file, and which guides are now flagged.
#[derive(Debug, Clone, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SyncReport {
    pub changes: Vec<FileChange>,
    /// Ids of guides whose object ids were moved to a changed file's new
    /// objects (same locator, same content type).
    pub repointed_guides: Vec<String>,
    pub flagged_guides: Vec<FlaggedGuide>,
}

impl SyncReport {
    pub fn is_empty(&self) -> bool {
        self.changes.is_empty() && self.repointed_guides.is_empty()
    }
}

/// What the watcher follows: directories watched without recursion (the
/// parents of files ingested alone) and folders watched with it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct WatchTargets {
    pub parents: Vec<PathBuf>,
    pub folders: Vec<PathBuf>,
}

#[derive(Debug, thiserror::Error)]
pub enum WatchError {
    #[error("cannot watch {path}: {reason}")]
    Watch { path: PathBuf, reason: String },
    #[error("the file watcher stopped: {0}")]
    Stopped(String),
}

impl WatchError {
    pub fn code(&self) -> &'static str {
        match self {
            WatchError::Watch { .. } => "watch",
            WatchError::Stopped(_) => "watch_stopped",
        }
    }
}

/// Names that are never a document: hidden files, Office lock files
/// (`~$book.xlsx`), LibreOffice locks (`.~lock.book.xlsx#`), editor
/// backups and partial downloads.
fn is_transient(path: &Path) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else { return true };
    name.starts_with('.')
        || name.starts_with("~$")
        || name.ends_with('~')
        || name.ends_with('#')
        || [".tmp", ".swp", ".part", ".crdownload"].iter().any(|s| name.to_ascii_lowercase().ends_with(s))
}

impl<S: Store> Workspace<S> {
    fn folders_file(&self) -> PathBuf {
        self.dir().join(FOLDERS_FILE)
    }

    /// The folders ingested as folders, as remembered (absolute paths).
    pub fn folders(&self) -> Vec<PathBuf> {
        std::fs::read(self.folders_file())
            .ok()
            .and_then(|b| serde_json::from_slice::<Vec<PathBuf>>(&b).ok())
            .unwrap_or_default()
    }

    /// Remembers folders given to an ingest, so a watcher follows them.
    /// Written to a temporary file and renamed over the old list, so a
    /// crash never leaves half a list.
    pub(crate) fn remember_folders(&self, paths: &[PathBuf]) -> Result<(), WorkspaceError> {
        let mut folders: BTreeSet<PathBuf> = self.folders().into_iter().collect();
        let before = folders.len();
        folders.extend(paths.iter().filter(|p| p.is_dir()).map(|p| absolute(p)).filter(|p| !p.starts_with(self.dir())));
        if folders.len() == before {
            return Ok(());
        }
        let io = |source| WorkspaceError::Io { path: self.folders_file(), source };
        let tmp = self.dir().join(format!("{FOLDERS_FILE}.tmp"));
        let list: Vec<&PathBuf> = folders.iter().collect();
        std::fs::write(&tmp, serde_json::to_vec_pretty(&list).unwrap_or_default()).map_err(io)?;
        std::fs::rename(&tmp, self.folders_file()).map_err(io)
    }

    /// The directories to watch: remembered folders that still exist
    /// (recursively), and the parents of other ingested files.
    pub async fn watch_targets(&self) -> Result<WatchTargets, WorkspaceError> {
        let folders: Vec<PathBuf> = self.folders().into_iter().filter(|f| f.is_dir()).collect();
        let mut parents = BTreeSet::new();
        for s in self.store().list().await? {
            let file = PathBuf::from(&s.file);
            if folders.iter().any(|f| file.starts_with(f)) {
                continue;
            }
            if let Some(p) = file.parent().filter(|p| p.is_dir()) {
                parents.insert(p.to_path_buf());
            }
        }
        Ok(WatchTargets { parents: parents.into_iter().collect(), folders })
    }

    /// Brings the workspace up to date with the disk as a whole: every
    /// known file and every remembered folder. What a watcher runs when it
    /// starts, to catch what changed while nobody was watching.
    pub async fn sync_all(&self) -> Result<SyncReport, WorkspaceError> {
        let mut paths: BTreeSet<PathBuf> = self.store().list().await?.into_iter().map(|s| PathBuf::from(s.file)).collect();
        paths.extend(self.folders());
        self.sync_paths(&paths.into_iter().collect::<Vec<_>>()).await
    }

    /// Applies changes at `paths` (files or folders, existing or gone):
    /// known files that changed are re-ingested, known files that are gone
    /// removed, new supported files inside remembered folders ingested.
    /// Anything else is ignored. See the module docs for guides.
    pub async fn sync_paths(&self, paths: &[PathBuf]) -> Result<SyncReport, WorkspaceError> {
        let before = self.store().list().await?;
        let mut known: HashMap<String, Vec<(String, String, ContentType)>> = HashMap::new();
        for s in &before {
            known.entry(s.file.clone()).or_default().push((s.id.clone(), s.locator.key(), s.content_type));
        }
        let folders = self.folders();
        let in_folder = |p: &Path| folders.iter().any(|f| p.starts_with(f));
        let mut to_ingest: BTreeSet<PathBuf> = BTreeSet::new();
        let mut to_remove: BTreeSet<String> = BTreeSet::new();
        for p in paths {
            let p = absolute(p);
            if p.starts_with(self.dir()) || is_transient(&p) {
                continue;
            }
            let name = p.display().to_string();
            match std::fs::metadata(&p) {
                Ok(m) if m.is_dir() => {
                    if in_folder(&p) {
                        let (files, _, _) = self.plan(std::slice::from_ref(&p));
                        to_ingest.extend(files.into_iter().filter(|f| !is_transient(f)));
                    }
                    // Known files under it that are gone (a folder renamed
                    // away and back, for one).
                    let gone = known.keys().filter(|k| Path::new(k).starts_with(&p) && !Path::new(k).exists());
                    to_remove.extend(gone.cloned());
                }
                Ok(_) => {
                    if known.contains_key(&name) || (in_folder(&p) && crate::loader::is_supported(&p, self.loaders())) {
                        to_ingest.insert(p);
                    }
                }
                Err(_) => {
                    if known.contains_key(&name) {
                        to_remove.insert(name);
                    } else {
                        // A folder that is gone: every known file under it.
                        to_remove.extend(known.keys().filter(|k| Path::new(k).starts_with(&p)).cloned());
                    }
                }
            }
        }

        let mut report = SyncReport::default();
        for file in &to_remove {
            self.remove_file(Path::new(file)).await?;
            report.changes.push(FileChange { file: file.clone(), change: FileChangeKind::Removed, source_ids: vec![], code: None, error: None });
        }
        if !to_ingest.is_empty() {
            let files: Vec<PathBuf> = to_ingest.into_iter().collect();
            let ingested = self.ingest(&files, &mut |_| {}).await?;
            for f in ingested.ingested.into_iter().filter(|f| !f.unchanged) {
                let change = if known.contains_key(&f.file) { FileChangeKind::Changed } else { FileChangeKind::Added };
                report.changes.push(FileChange { file: f.file, change, source_ids: f.source_ids, code: None, error: None });
            }
            for f in ingested.failed {
                report.changes.push(FileChange { file: f.file, change: FileChangeKind::Failed, source_ids: vec![], code: Some(f.code), error: Some(f.error) });
            }
        }
        if report.changes.iter().any(|c| c.change == FileChangeKind::Changed) {
            report.repointed_guides = self.repoint_guides(&known).await?;
        }
        report.flagged_guides = self.flagged_guides().await?;
        Ok(report)
    }

    /// Moves guides from objects of changed files to their successors: the
    /// object of the same file with the same locator and content type.
    async fn repoint_guides(&self, before: &HashMap<String, Vec<(String, String, ContentType)>>) -> Result<Vec<String>, WorkspaceError> {
        let now = self.store().list().await?;
        let live: HashSet<&str> = now.iter().map(|s| s.id.as_str()).collect();
        let successor: HashMap<(&str, String, ContentType), &str> =
            now.iter().map(|s| ((s.file.as_str(), s.locator.key(), s.content_type), s.id.as_str())).collect();
        let mut moves: HashMap<String, String> = HashMap::new();
        for (file, objects) in before {
            for (id, key, ct) in objects {
                if live.contains(id.as_str()) {
                    continue;
                }
                if let Some(new) = successor.get(&(file.as_str(), key.clone(), *ct)) {
                    moves.insert(id.clone(), new.to_string());
                }
            }
        }
        if moves.is_empty() {
            return Ok(vec![]);
        }
        let mut changed = Vec::new();
        for (mut g, v) in self.store().guides().await? {
            let mut touched = false;
            let mut repoint = |s: &mut GuideSource| {
                if let Some(new) = moves.get(&s.object_id) {
                    s.object_id = new.clone();
                    touched = true;
                }
            };
            g.sources.iter_mut().for_each(&mut repoint);
            g.negatives.iter_mut().for_each(&mut repoint);
            if touched {
                changed.push((g, v));
            }
        }
        let ids: Vec<String> = changed.iter().map(|(g, _)| g.id.clone()).collect();
        if !changed.is_empty() {
            self.put_guide_rows(changed).await?;
        }
        Ok(ids)
    }

    /// Guides naming objects (as sources, not negatives) that the
    /// workspace no longer holds.
    pub async fn flagged_guides(&self) -> Result<Vec<FlaggedGuide>, WorkspaceError> {
        let live: HashSet<String> = self.store().list().await?.into_iter().map(|s| s.id).collect();
        let mut out = Vec::new();
        for (g, _) in self.store().guides().await? {
            let missing: Vec<String> = g.sources.iter().filter(|s| !live.contains(&s.object_id)).map(|s| s.object_id.clone()).collect();
            if !missing.is_empty() {
                out.push(FlaggedGuide { id: g.id, question: g.question, missing });
            }
        }
        Ok(out)
    }
}

/// Watches directories and hands out batches of changed paths.
pub struct FileWatcher {
    _watcher: notify::RecommendedWatcher,
    events: mpsc::Receiver<notify::Result<notify::Event>>,
}

impl FileWatcher {
    /// Starts watching `targets`. A directory that cannot be watched is an
    /// error naming it (a folder deleted since, or the system's watch limit).
    pub fn start(targets: &WatchTargets) -> Result<Self, WatchError> {
        use notify::{RecursiveMode, Watcher};
        let (tx, events) = mpsc::channel();
        let mut watcher = notify::recommended_watcher(tx).map_err(|e| WatchError::Watch { path: PathBuf::new(), reason: e.to_string() })?;
        for (dirs, mode) in [(&targets.parents, RecursiveMode::NonRecursive), (&targets.folders, RecursiveMode::Recursive)] {
            for d in dirs {
                watcher.watch(d, mode).map_err(|e| WatchError::Watch { path: d.clone(), reason: e.to_string() })?;
            }
        }
        Ok(FileWatcher { _watcher: watcher, events })
    }

    /// Waits up to `wait` for a change, then gathers changes until none came
    /// for `quiet` (at most `quiet` × 20 in all), and returns the paths
    /// touched. `Ok(None)`: nothing happened within `wait`. Access events
    /// (a file opened or read) are not changes.
    pub fn next_batch(&self, wait: Duration, quiet: Duration) -> Result<Option<Vec<PathBuf>>, WatchError> {
        let mut paths = BTreeSet::new();
        let take = |ev: notify::Result<notify::Event>, paths: &mut BTreeSet<PathBuf>| -> Result<(), WatchError> {
            let ev = ev.map_err(|e| WatchError::Stopped(e.to_string()))?;
            if !matches!(ev.kind, notify::EventKind::Access(_)) {
                paths.extend(ev.paths);
            }
            Ok(())
        };
        let deadline = Instant::now() + wait;
        while paths.is_empty() {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Ok(None);
            }
            match self.events.recv_timeout(left) {
                Ok(ev) => take(ev, &mut paths)?,
                Err(mpsc::RecvTimeoutError::Timeout) => return Ok(None),
                Err(mpsc::RecvTimeoutError::Disconnected) => return Err(WatchError::Stopped("watcher closed".into())),
            }
        }
        let end = Instant::now() + quiet * 20;
        loop {
            match self.events.recv_timeout(quiet.min(end.saturating_duration_since(Instant::now()))) {
                Ok(ev) => take(ev, &mut paths)?,
                Err(mpsc::RecvTimeoutError::Timeout) => break,
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if Instant::now() >= end {
                break;
            }
        }
        Ok(Some(paths.into_iter().collect()))
    }
}

/// Follows a workspace: the watcher plus the bookkeeping a front end would
/// otherwise repeat. Each [`poll`](Follower::poll) waits for one batch of
/// file events and syncs it; when the store has moved (a file or folder
/// ingested meanwhile, by this process or another), the directories to
/// watch are taken again, so a newly ingested file is followed at once.
pub struct Follower {
    watcher: Option<FileWatcher>,
    targets: WatchTargets,
    version: u64,
    quiet: Duration,
}

impl Follower {
    /// Catches up with the disk ([`Workspace::sync_all`]) and starts
    /// watching. `quiet` ends a batch (one save is often several events).
    pub async fn start<S: Store>(ws: &Workspace<S>, quiet: Duration) -> Result<(Follower, SyncReport), WorkspaceError> {
        let first = ws.sync_all().await?;
        let targets = ws.watch_targets().await?;
        let watcher = Some(FileWatcher::start(&targets)?);
        let version = ws.store().versions().await?.sources;
        Ok((Follower { watcher, targets, version, quiet }, first))
    }

    pub fn targets(&self) -> &WatchTargets {
        &self.targets
    }

    /// Waits up to `wait` for changes and applies them. `Ok(None)`: nothing
    /// that concerns the workspace happened.
    pub async fn poll<S: Store>(&mut self, ws: &Workspace<S>, wait: Duration) -> Result<Option<SyncReport>, WorkspaceError> {
        let watcher = self.watcher.take().ok_or_else(|| WatchError::Stopped("an earlier wait failed".into()))?;
        let quiet = self.quiet;
        // The wait blocks, so it runs on a blocking thread and hands the
        // watcher back with the batch.
        let (watcher, batch) = tokio::task::spawn_blocking(move || {
            let batch = watcher.next_batch(wait, quiet);
            (watcher, batch)
        })
        .await
        .map_err(|e| WorkspaceError::Task(e.to_string()))?;
        self.watcher = Some(watcher);
        let report = match batch? {
            Some(paths) => Some(ws.sync_paths(&paths).await?).filter(|r| !r.is_empty()),
            None => None,
        };
        let version = ws.store().versions().await?.sources;
        if version != self.version {
            self.version = version;
            let now = ws.watch_targets().await?;
            if now != self.targets {
                self.watcher = Some(FileWatcher::start(&now)?);
                self.targets = now;
            }
        }
        Ok(report)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lock_and_temporary_files_are_never_documents() {
        for n in ["~$book.xlsx", ".~lock.book.xlsx#", "book.xlsx~", ".hidden.csv", "dl.pdf.part", "x.TMP", "a.swp"] {
            assert!(is_transient(Path::new(n)), "{n}");
        }
        for n in ["book.xlsx", "report.pdf", "data.csv", "notes~draft.md"] {
            assert!(!is_transient(Path::new(n)), "{n}");
        }
    }
}
