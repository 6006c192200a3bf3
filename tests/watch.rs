//! A workspace that follows its files: the real file watcher sees a sheet
//! edited the way editors save (a new file renamed over the old one), the
//! sync re-ingests it, and the next answer and its trace read the new cells;
//! new files in a followed folder are ingested, deleted ones removed, lock
//! files and files outside are ignored, a file that breaks keeps its old
//! objects, and guides are re-pointed or flagged.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use crate::common::*;
use aurag::action::{RetrievalAction, Selection};
use aurag::agent::Agent;
use aurag::guide::{Guide, GuideSource};
use aurag::watch::{FileChangeKind, FileWatcher};
use aurag::{ContentType, HashingEmbedder};
use aurag_testkit::xlsx;

const FRESH: Duration = Duration::from_secs(3600);

/// Writes `bytes` the way editors save: to a temporary file, renamed over.
fn save(path: &Path, bytes: &[u8]) {
    let tmp = path.with_file_name(format!(".{}.tmp", path.file_name().unwrap().to_string_lossy()));
    std::fs::write(&tmp, bytes).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

fn revenue(east_2019: &str) -> Vec<u8> {
    xlsx(&[&["Region", "2019", "2018"], &["East", east_2019, "980"], &["West", "640", "610"]])
}

fn guide_on(id: &str, object_id: &str) -> Guide {
    Guide {
        sources: vec![GuideSource {
            object_id: object_id.into(),
            content_type: ContentType::Table,
            description: String::new(),
            actions: vec![RetrievalAction::SelectCoordinates { source: object_id.into(), selection: Selection::Rows(vec![1]) }],
            contexts: vec![],
        }],
        ..bare_guide(id, "What was East revenue in 2019?")
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_edited_watched_sheet_changes_the_answer_and_the_trace_shows_the_new_cells() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("reports");
    std::fs::create_dir(&folder).unwrap();
    let book = folder.join("revenue.xlsx");
    std::fs::write(&book, revenue("1200")).unwrap();
    let ws = workspace(tmp.path()).await;
    let report = ingest(&ws, std::slice::from_ref(&folder)).await;
    assert_eq!(report.ingested.len(), 1, "{report:?}");
    let old_id = report.ingested[0].source_ids[0].clone();
    ws.add_guides(vec![guide_on("g-east", &old_id)]).await.unwrap();

    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);
    let q = "What was East revenue in 2019?";
    let before = ws.ask(&agent, q, None, FRESH).await.unwrap();
    assert_eq!(before.answer.predicted.spans, vec!["1200".to_string()], "{:?}", before.answer);

    let targets = ws.watch_targets().await.unwrap();
    assert_eq!(targets.folders, vec![folder.canonicalize().unwrap_or(folder.clone())]);
    let watcher = FileWatcher::start(&targets).unwrap();
    let started = Instant::now();
    save(&book, &revenue("1350"));
    let paths = watcher.next_batch(Duration::from_secs(20), Duration::from_millis(200)).unwrap().expect("the watcher saw the save");
    assert!(paths.iter().any(|p| p.ends_with("revenue.xlsx")), "{paths:?}");
    let sync = ws.sync_paths(&paths).await.unwrap();
    let seen_in = started.elapsed();
    assert_eq!(sync.changes.len(), 1, "{sync:?}");
    assert_eq!(sync.changes[0].change, FileChangeKind::Changed);
    let new_id = sync.changes[0].source_ids[0].clone();
    assert_ne!(new_id, old_id);
    // The guide follows the sheet to its new object instead of breaking.
    assert_eq!(sync.repointed_guides, vec!["g-east".to_string()]);
    assert!(sync.flagged_guides.is_empty(), "{:?}", sync.flagged_guides);
    assert_eq!(ws.guide("g-east").await.unwrap().sources[0].object_id, new_id);
    assert!(seen_in < Duration::from_secs(20), "took {seen_in:?}");

    let after = ws.ask(&agent, q, None, FRESH).await.unwrap();
    assert_eq!(after.answer.predicted.spans, vec!["1350".to_string()], "{:?}", after.answer);
    assert_eq!(after.answer.citations[0].source_id, new_id);
    // Timings are dropped first: a duration such as 37.809512000000005 ms
    // would otherwise read as the old cell.
    let mut trace = serde_json::to_value(&after.trace).unwrap();
    drop_timings(&mut trace);
    let trace = trace.to_string();
    assert!(trace.contains("1350") && !trace.contains("1200"), "the trace reads the new cells: {trace}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sync_adds_new_files_in_followed_folders_removes_deleted_ones_and_flags_their_guides() {
    let tmp = tempfile::tempdir().unwrap();
    let folder = tmp.path().join("data");
    let sub = folder.join("q3");
    std::fs::create_dir_all(&sub).unwrap();
    let a = folder.join("a.csv");
    std::fs::write(&a, "Item,Units\nBolts,12\n").unwrap();
    let alone_dir = tmp.path().join("elsewhere");
    std::fs::create_dir(&alone_dir).unwrap();
    let alone = alone_dir.join("alone.csv");
    std::fs::write(&alone, "Item,Units\nNuts,7\n").unwrap();
    let ws = workspace(tmp.path()).await;
    let r = ingest(&ws, &[folder.clone(), alone.clone()]).await;
    assert_eq!(r.ingested.len(), 2, "{r:?}");
    let a_id = r.ingested.iter().find(|f| f.file.ends_with("a.csv")).unwrap().source_ids[0].clone();
    ws.add_guides(vec![guide_on("g-a", &a_id)]).await.unwrap();
    // A file ingested alone is followed through its parent directory,
    // without making that directory a followed folder.
    let targets = ws.watch_targets().await.unwrap();
    assert_eq!(targets.parents, vec![alone_dir.clone()]);
    assert_eq!(targets.folders, vec![folder.clone()]);

    // New: a file in the folder's subfolder; ignored: a lock file, a file
    // beside the one ingested alone; gone: a.csv.
    let b = sub.join("b.csv");
    std::fs::write(&b, "Item,Units\nWashers,40\n").unwrap();
    let lock = folder.join("~$a.xlsx");
    std::fs::write(&lock, "lock").unwrap();
    let stranger = alone_dir.join("other.csv");
    std::fs::write(&stranger, "Item,Units\nPins,3\n").unwrap();
    std::fs::remove_file(&a).unwrap();
    let sync = ws.sync_paths(&[b.clone(), lock, stranger, a.clone()]).await.unwrap();
    let kinds: Vec<(String, FileChangeKind)> = sync.changes.iter().map(|c| (name(&c.file), c.change)).collect();
    assert_eq!(kinds, vec![("a.csv".into(), FileChangeKind::Removed), ("b.csv".into(), FileChangeKind::Added)]);
    let files: Vec<String> = ws.sources().await.unwrap().into_iter().map(|s| name(&s.file)).collect();
    assert_eq!(sorted(files), vec!["alone.csv".to_string(), "b.csv".into()]);
    // The guide's object is gone with no successor: flagged, not dropped.
    assert_eq!(sync.flagged_guides.len(), 1);
    assert_eq!(sync.flagged_guides[0].id, "g-a");
    assert_eq!(sync.flagged_guides[0].missing, vec![a_id]);
    assert_eq!(ws.guides().await.unwrap().len(), 1);

    // A known file that breaks keeps its objects and reports why.
    let before: Vec<String> = ws.sources().await.unwrap().into_iter().map(|s| s.id).collect();
    let book = folder.join("book.xlsx");
    std::fs::write(&book, xlsx(&[&["k", "v"], &["x", "1"]])).unwrap();
    let added = ws.sync_paths(std::slice::from_ref(&book)).await.unwrap();
    assert_eq!(added.changes[0].change, FileChangeKind::Added);
    let book_ids = added.changes[0].source_ids.clone();
    std::fs::write(&book, b"PK\x03\x04 not really a workbook").unwrap();
    let broke = ws.sync_paths(std::slice::from_ref(&book)).await.unwrap();
    assert_eq!(broke.changes.len(), 1);
    assert_eq!(broke.changes[0].change, FileChangeKind::Failed);
    assert!(broke.changes[0].error.as_deref().unwrap().contains("book.xlsx"), "{:?}", broke.changes[0]);
    let now: Vec<String> = ws.sources().await.unwrap().into_iter().map(|s| s.id).collect();
    assert_eq!(sorted(now), sorted(before.into_iter().chain(book_ids).collect()));

    // Deleting the whole folder removes what was under it; sync_all then
    // finds nothing more to do.
    std::fs::remove_dir_all(&folder).unwrap();
    let gone = ws.sync_paths(std::slice::from_ref(&folder)).await.unwrap();
    assert_eq!(sorted(gone.changes.iter().map(|c| name(&c.file)).collect()), vec!["b.csv".to_string(), "book.xlsx".into()]);
    assert!(gone.changes.iter().all(|c| c.change == FileChangeKind::Removed));
    assert!(ws.sync_all().await.unwrap().changes.is_empty());
    assert_eq!(ws.sources().await.unwrap().len(), 1);
}

fn name(p: &str) -> String {
    PathBuf::from(p).file_name().unwrap().to_string_lossy().into_owned()
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_follower_catches_up_and_follows_a_file_ingested_after_it_started() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = workspace(tmp.path()).await;
    let early = tmp.path().join("early.csv");
    std::fs::write(&early, "Item,Units\nBolts,12\n").unwrap();
    ingest(&ws, std::slice::from_ref(&early)).await;
    // Changed while nobody watched: the start catches up.
    std::fs::write(&early, "Item,Units\nBolts,13\n").unwrap();
    let (mut follower, first) = aurag::watch::Follower::start(&ws, Duration::from_millis(200)).await.unwrap();
    assert_eq!(first.changes.iter().map(|c| c.change).collect::<Vec<_>>(), vec![FileChangeKind::Changed]);

    let later_dir = tmp.path().join("later");
    std::fs::create_dir(&later_dir).unwrap();
    let later = later_dir.join("later.csv");
    std::fs::write(&later, "Item,Units\nNuts,7\n").unwrap();
    ingest(&ws, std::slice::from_ref(&later)).await;
    // No event concerns the workspace, but the store moved: the follower
    // takes its directories again.
    assert!(follower.poll(&ws, Duration::from_millis(300)).await.unwrap().is_none());
    assert!(follower.targets().parents.contains(&later_dir), "{:?}", follower.targets());
    save(&later, b"Item,Units\nNuts,8\n");
    let deadline = Instant::now() + Duration::from_secs(20);
    let report = loop {
        if let Some(r) = follower.poll(&ws, Duration::from_secs(1)).await.unwrap() {
            break r;
        }
        assert!(Instant::now() < deadline, "the edit of a file ingested after the start was not seen");
    };
    assert_eq!(report.changes.len(), 1, "{report:?}");
    assert!(report.changes[0].file.ends_with("later.csv") && report.changes[0].change == FileChangeKind::Changed);
}

/// Removes every `ms` field, so that a search of the trace for a cell's
/// value cannot hit a timing.
fn drop_timings(v: &mut serde_json::Value) {
    match v {
        serde_json::Value::Object(m) => {
            m.remove("ms");
            m.values_mut().for_each(drop_timings);
        }
        serde_json::Value::Array(a) => a.iter_mut().for_each(drop_timings),
        _ => {}
    }
}
