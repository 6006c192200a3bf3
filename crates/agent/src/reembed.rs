//! Re-embedding a workspace with another embedder.
//!
//! The store records which embedder made its vectors, and opening it with
//! another one is refused ([`crate::store::StoreError::EmbedderMismatch`]):
//! vectors of two models in one index would make every search quietly
//! wrong. This is the way forward when the analyst does switch models: every
//! object's description and sentences and every guide's question are
//! embedded again from the text the store already holds (no file is read
//! again, so files moved or deleted since lose nothing), written into a new
//! store beside the old one, and swapped in whole
//! ([`LanceStore::swap_in`]). Until the swap the old store is untouched; an
//! interrupted run leaves it as it was, and running again starts over.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::Serialize;

use crate::embed::{Embedder, InputKind};
use crate::source::{Content, SourceObject};
use crate::store::{LanceStore, Store, Unit};
use crate::workspace::{Workspace, WorkspaceError};

/// Progress of a re-embedding, for progress bars and app events.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "stage", rename_all = "snake_case")]
pub enum ReembedProgress {
    /// Objects (and guides) embedded so far, of `total`.
    Embedding { done: usize, total: usize },
    /// The new store is written and being swapped in.
    Swapping,
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ReembedReport {
    pub from: String,
    pub to: String,
    pub objects: usize,
    pub sentences: usize,
    pub guides: usize,
    /// True when the store already used this embedder: nothing was done.
    pub unchanged: bool,
}

/// The units (one vector per sentence) of a text object; none for a table.
/// Ingest and re-embedding both make them here.
pub(crate) fn sentence_units(embedder: &dyn Embedder, o: &SourceObject) -> Result<Vec<Unit>, crate::embed::EmbedError> {
    let Content::Text(t) = &o.content else { return Ok(Vec::new()) };
    let texts: Vec<&str> = t.sentences.iter().map(|s| s.text.as_str()).collect();
    let vs = embedder.embed(&texts, InputKind::Document)?;
    Ok(t.sentences.iter().zip(vs).map(|(s, v)| Unit::of_sentence(o, s, v)).collect())
}

impl Workspace<LanceStore> {
    /// Re-embeds the workspace in `dir` with `embedder` and opens it. A
    /// workspace already on `embedder` is opened as it is. Other processes
    /// must not have it open meanwhile (they would read the old store's
    /// files as they disappear).
    pub async fn reembed(dir: &Path, embedder: Arc<dyn Embedder>, progress: &mut (dyn FnMut(ReembedProgress) + Send)) -> Result<(Workspace<LanceStore>, ReembedReport), WorkspaceError> {
        let dir = dir.canonicalize().map_err(|source| WorkspaceError::Io { path: dir.to_path_buf(), source })?;
        let to = embedder.id();
        let Some(info) = LanceStore::recorded(&dir).await? else {
            return Err(WorkspaceError::NotFound { id: format!("workspace store in {}", dir.display()) });
        };
        if info.embedder == to {
            let ws = Workspace::open(&dir, embedder).await?;
            let report = ReembedReport { from: info.embedder.clone(), to, objects: ws.sources().await?.len(), sentences: 0, guides: ws.guides().await?.len(), unchanged: true };
            return Ok((ws, report));
        }
        // The old store, opened with the embedder it records.
        let old = LanceStore::open(&dir, &info.embedder, info.dim).await?;
        let objects = old.objects().await?;
        let guides = old.guides().await?;
        let total = objects.len() + guides.len();
        progress(ReembedProgress::Embedding { done: 0, total });

        let scratch = LanceStore::reembed_scratch(&dir)?;
        let new = LanceStore::open(&scratch, &to, embedder.dim()).await?;
        // File by file, a batch of files per commit (as ingest writes).
        let mut by_file: BTreeMap<String, Vec<SourceObject>> = BTreeMap::new();
        for o in objects {
            by_file.entry(o.provenance.file.clone()).or_default().push(o);
        }
        let (mut done, mut n_objects, mut n_sentences) = (0, 0, 0);
        let mut files: Vec<String> = Vec::new();
        let mut rows: Vec<(SourceObject, Vec<f32>)> = Vec::new();
        let mut units: Vec<Unit> = Vec::new();
        for (file, objs) in by_file {
            // A file's descriptions in one batch, as ingest embeds them.
            let (vectors, us) = tokio::task::block_in_place(|| {
                let descs: Vec<&str> = objs.iter().map(|o| o.description.as_str()).collect();
                let vectors = embedder.embed(&descs, InputKind::Document)?;
                let mut us = Vec::new();
                for o in &objs {
                    us.extend(sentence_units(embedder.as_ref(), o)?);
                }
                Ok::<_, crate::embed::EmbedError>((vectors, us))
            })?;
            n_sentences += us.len();
            units.extend(us);
            let before = done;
            done += objs.len();
            n_objects += objs.len();
            rows.extend(objs.into_iter().zip(vectors));
            if done / 16 > before / 16 {
                progress(ReembedProgress::Embedding { done, total });
            }
            files.push(file);
            if rows.len() >= 512 {
                new.replace_files(&std::mem::take(&mut files), std::mem::take(&mut rows), std::mem::take(&mut units)).await?;
            }
        }
        if !rows.is_empty() {
            new.replace_files(&files, rows, units).await?;
        }
        let questions: Vec<&str> = guides.iter().map(|(g, _)| g.question.as_str()).collect();
        let vectors = if questions.is_empty() { Vec::new() } else { tokio::task::block_in_place(|| embedder.embed(&questions, InputKind::Query))? };
        let n_guides = guides.len();
        new.put_guides(guides.into_iter().map(|(g, _)| g).zip(vectors).collect()).await?;
        progress(ReembedProgress::Embedding { done: total, total });
        // Everything is written: let go of both stores, then swap.
        let _ = new.reclaim(std::time::Duration::ZERO).await;
        drop(new);
        drop(old);
        progress(ReembedProgress::Swapping);
        LanceStore::swap_in(&dir)?;
        let ws = Workspace::open(&dir, embedder).await?;
        Ok((ws, ReembedReport { from: info.embedder, to, objects: n_objects, sentences: n_sentences, guides: n_guides, unchanged: false }))
    }
}
