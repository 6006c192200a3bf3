//! Concurrency: the app asks while it ingests, a file may be dropped twice
//! at once, and a question may read a SQLite source while it refreshes.
//! Every loop is bounded and every test runs under a timeout, so a deadlock
//! fails the test instead of hanging it; results must stay consistent.

use crate::common;

use std::collections::BTreeSet;
use std::sync::Arc;
use std::time::Duration;

use aurag::agent::Agent;
use aurag::HashingEmbedder;
use common::*;

const LIMIT: Duration = Duration::from_secs(120);

/// The object ids a clean, single ingest of `paths` gives.
async fn reference(paths: &[std::path::PathBuf]) -> Vec<String> {
    let tmp = tempfile::tempdir().unwrap();
    let ws = workspace(tmp.path()).await;
    ingest(&ws, paths).await;
    ids(&ws).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn asking_while_ingesting_sees_whole_files_and_never_fails() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = Arc::new(workspace(tmp.path()).await);
    let files: Vec<_> = ["annual_report_excerpt.pdf", "financials.xlsx", "operations.db"].iter().map(|f| copy_to(tmp.path(), &sample().join(f))).collect();
    let want = reference(&files).await;
    // Start with one file so questions have something to read.
    ingest(&ws, &files[..1]).await;
    let first = ids(&ws).await;

    let writer = {
        let ws = ws.clone();
        let files = files.clone();
        tokio::spawn(async move {
            for f in &files[1..] {
                let r = ws.ingest(std::slice::from_ref(f), &mut |_| {}).await.unwrap();
                assert!(r.failed.is_empty(), "{:?}", r.failed);
            }
        })
    };
    let reader = {
        let ws = ws.clone();
        let want = want.clone();
        tokio::spawn(async move {
            let e = HashingEmbedder::default();
            let agent = Agent::deterministic(&e, None);
            for _ in 0..15 {
                let run = ws.ask(&agent, "What were total sales in 2018?", None, Duration::from_secs(3600)).await.expect("ask while ingesting");
                // Whatever the agent saw, it cites only objects that exist
                // in the finished workspace.
                for c in &run.answer.citations {
                    assert!(want.contains(&c.source_id), "cited {} which is not a real object", c.source_id);
                }
                // A listing mid-ingest holds whole files only: the first
                // file's objects plus, per file, all of its objects or none.
                let now: BTreeSet<String> = ids(&ws).await.into_iter().collect();
                assert!(first.iter().all(|id| now.contains(id)));
                assert!(now.iter().all(|id| want.contains(id)), "{now:?} has an object a clean ingest does not");
            }
        })
    };
    tokio::time::timeout(LIMIT, async {
        writer.await.unwrap();
        reader.await.unwrap();
    })
    .await
    .expect("no deadlock");
    assert_eq!(ids(&ws).await, want);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_ingests_of_the_same_file_at_once_store_it_once() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = Arc::new(workspace(tmp.path()).await);
    let pdf = copy_to(tmp.path(), &sample().join("annual_report_excerpt.pdf"));
    let xlsx = copy_to(tmp.path(), &sample().join("financials.xlsx"));
    let want = reference(&[pdf.clone(), xlsx.clone()]).await;
    for round in 0..3 {
        let tasks: Vec<_> = (0..2)
            .map(|_| {
                let ws = ws.clone();
                let files = vec![pdf.clone(), xlsx.clone()];
                tokio::spawn(async move { ws.ingest(&files, &mut |_| {}).await })
            })
            .collect();
        tokio::time::timeout(LIMIT, async {
            for t in tasks {
                let r = t.await.unwrap().expect("ingest runs");
                assert!(r.failed.is_empty(), "round {round}: {:?}", r.failed);
            }
        })
        .await
        .expect("no deadlock");
        let got = ids(&ws).await;
        assert_eq!(got, want, "round {round}: each object once");
        // Every listed object reads back whole.
        for id in &got {
            ws.get(id).await.unwrap();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn asking_while_a_dynamic_source_refreshes_gives_the_same_answer() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = Arc::new(workspace(tmp.path()).await);
    let db = copy_to(tmp.path(), &sample().join("operations.db"));
    ingest(&ws, &[db]).await;
    let q = "What was the closing goodwill of Mobileye in 2019?";
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);
    let expected = ws.ask(&agent, q, None, Duration::from_secs(3600)).await.unwrap().answer.text;
    assert_ne!(expected, "unknown");

    let refresher = {
        let ws = ws.clone();
        tokio::spawn(async move {
            for _ in 0..15 {
                ws.refresh(None).await.expect("refresh");
            }
        })
    };
    let asker = {
        let ws = ws.clone();
        let expected = expected.clone();
        tokio::spawn(async move {
            let e = HashingEmbedder::default();
            let agent = Agent::deterministic(&e, None);
            for _ in 0..15 {
                // Staleness zero: every question refreshes what it reads too.
                let run = ws.ask(&agent, q, None, Duration::ZERO).await.expect("ask while refreshing");
                assert_eq!(run.answer.text, expected);
            }
        })
    };
    tokio::time::timeout(LIMIT, async {
        refresher.await.unwrap();
        asker.await.unwrap();
    })
    .await
    .expect("no deadlock");
    assert_eq!(ws.sources().await.unwrap().len(), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pool_and_think_tank_are_reused_until_anyone_writes() {
    let tmp = tempfile::tempdir().unwrap();
    let app = workspace(tmp.path()).await;
    // A second handle on the same directory: what another process (the CLI
    // beside the app) holds.
    let cli = workspace(tmp.path()).await;
    let pdf = sample().join("annual_report_excerpt.pdf");
    assert!(ingest(&app, &[pdf]).await.failed.is_empty());

    let first = app.pool().await.unwrap();
    let again = app.pool().await.unwrap();
    assert!(Arc::ptr_eq(&first, &again), "nothing changed: the same pool");

    // A write through the other handle is seen by the next read here.
    assert!(ingest(&cli, &[sample().join("financials.xlsx")]).await.failed.is_empty());
    let after = app.pool().await.unwrap();
    assert!(!Arc::ptr_eq(&first, &after));
    assert!(after.objects.len() > first.objects.len(), "{} then {}", first.objects.len(), after.objects.len());
    assert!(after.objects.iter().any(|o| o.provenance.file.ends_with("financials.xlsx")));

    // Removing through this handle, too.
    let removed = app.remove_file(&sample().join("financials.xlsx")).await.unwrap();
    assert!(removed > 0);
    assert_eq!(app.pool().await.unwrap().objects.len(), first.objects.len());

    // The Think Tank: reused, then rebuilt after a guide is added elsewhere.
    let tank = app.think_tank().await.unwrap();
    assert!(tank.guides().is_empty());
    assert!(Arc::ptr_eq(&tank, &app.think_tank().await.unwrap()));
    let guide: aurag::guide::Guide = serde_json::from_value(serde_json::json!({
        "id": "g-revenue",
        "question": "What was revenue in 2019?",
        "sources": []
    }))
    .unwrap();
    cli.add_guides(vec![guide]).await.unwrap();
    let tank = app.think_tank().await.unwrap();
    assert_eq!(tank.guides().len(), 1);
}
