//! Helpers shared by the integration tests.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::Arc;

use aurag::workspace::IngestReport;
use aurag::{HashingEmbedder, Workspace};

pub fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

pub fn sample() -> PathBuf {
    repo().join("assets/sample")
}

pub fn bad() -> PathBuf {
    repo().join("tests/data/bad")
}

pub async fn workspace(dir: &Path) -> Workspace {
    Workspace::open(&dir.join("ws"), Arc::new(HashingEmbedder::default())).await.expect("open workspace")
}

pub async fn ingest(ws: &Workspace, paths: &[PathBuf]) -> IngestReport {
    ws.ingest(paths, &mut |_| {}).await.expect("ingest runs")
}

/// The workspace's object ids, sorted.
pub async fn ids(ws: &Workspace) -> Vec<String> {
    let mut v: Vec<String> = ws.sources().await.unwrap().into_iter().map(|s| s.id).collect();
    v.sort();
    v
}

/// Copies a file into `dir` and returns the copy's path.
pub fn copy_to(dir: &Path, src: &Path) -> PathBuf {
    let dst = dir.join(src.file_name().unwrap());
    std::fs::copy(src, &dst).unwrap();
    dst
}

/// Bytes on disk under a folder.
pub fn dir_bytes(p: &Path) -> u64 {
    std::fs::read_dir(p)
        .unwrap()
        .flatten()
        .map(|e| if e.file_type().unwrap().is_dir() { dir_bytes(&e.path()) } else { e.metadata().unwrap().len() })
        .sum()
}

/// A guide with only an id and a question (no sources, answer or context),
/// to fill in with struct update syntax.
pub fn bare_guide(id: &str, question: &str) -> aurag::guide::Guide {
    aurag::guide::Guide {
        id: id.into(),
        question: question.into(),
        sources: vec![],
        negatives: vec![],
        answer: None,
        author: "test".into(),
        context: None,
        created_at: String::new(),
    }
}
