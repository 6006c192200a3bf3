//! Switching embedders: a workspace built with one embedder is refused by
//! another with an error that names the way out, `reembed` rebuilds every
//! vector (objects, sentences, guides) from the stored text and swaps the
//! new store in, answers and guides survive it, and a swap cut short leaves
//! one whole store behind.

use std::sync::Arc;
use std::time::Duration;

use crate::common::*;
use aurag::agent::Agent;
use aurag::embed::Embedder;
use aurag::guide::Guide;
use aurag::reembed::ReembedProgress;
use aurag::store::{LanceStore, Store};
use aurag::{HashingEmbedder, Workspace};

const FRESH: Duration = Duration::from_secs(3600);
const Q: &str = "What were total sales in 2018?";

fn guide(id: &str, question: &str) -> Guide {
    Guide { answer: Some("$1,202.9 (million)".into()), ..bare_guide(id, question) }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reembedding_moves_every_vector_to_the_new_embedder_and_keeps_objects_guides_and_answers() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("ws");
    let old = HashingEmbedder::default();
    let (n_objects, before) = {
        let ws = workspace(tmp.path()).await;
        ingest(&ws, &[sample()]).await;
        ws.add_guides(vec![guide("g-sales", "What were total sales in 2018?"), guide("g-other", "Who audits the company?")]).await.unwrap();
        let run = ws.ask(&Agent::deterministic(&old, None), Q, None, FRESH).await.unwrap();
        (ws.sources().await.unwrap().len(), run.answer.text)
    };
    assert_eq!(before, "$1,202.9 (million)");

    // Another embedder is refused, and the error says what to run.
    let new = Arc::new(HashingEmbedder::new(256));
    let err = Workspace::open(&dir, new.clone()).await.err().expect("a mismatched embedder is refused");
    assert_eq!(err.code(), "embedder_mismatch");
    assert!(err.to_string().contains("aurag reembed"), "{err}");

    let mut seen = Vec::new();
    let (ws, report) = Workspace::reembed(&dir, new.clone(), &mut |p| seen.push(p)).await.unwrap();
    assert!(!report.unchanged);
    assert_eq!((report.from.as_str(), report.to.as_str()), (old.id().as_str(), new.id().as_str()));
    assert_eq!(report.objects, n_objects);
    assert_eq!(report.guides, 2);
    assert!(report.sentences > 0, "{report:?}");
    assert!(matches!(seen.first(), Some(ReembedProgress::Embedding { done: 0, .. })), "{seen:?}");
    assert!(matches!(seen.last(), Some(ReembedProgress::Swapping)), "{seen:?}");

    // Every vector is the new embedder's: the store records it, object,
    // sentence and guide vectors have its size and match what it makes.
    assert_eq!(ws.store().info().embedder, new.id());
    assert_eq!(ws.store().info().dim, 256);
    assert_eq!(ws.sources().await.unwrap().len(), n_objects);
    let guides = ws.store().guides().await.unwrap();
    assert_eq!(guides.len(), 2);
    for (g, v) in &guides {
        assert_eq!(v, &new.embed(&[g.question.as_str()], aurag::embed::InputKind::Query).unwrap()[0], "guide {}", g.id);
    }
    let text = ws.store().objects().await.unwrap().into_iter().find(|o| matches!(o.content, aurag::source::Content::Text(_))).expect("a text object");
    let units = ws.store().units(&text.id).await.unwrap();
    assert!(!units.is_empty());
    assert!(units.iter().all(|u| u.vector.len() == 256));
    let desc = new.embed(&[text.description.as_str()], aurag::embed::InputKind::Document).unwrap().pop().unwrap();
    let hits = ws.store().search_vector(&desc, 1).await.unwrap();
    assert_eq!(hits[0].id, text.id, "the description's own vector finds it first");

    let after = ws.ask(&Agent::deterministic(new.as_ref(), None), Q, None, FRESH).await.unwrap();
    assert_eq!(after.answer.text, before);
    let tank = ws.think_tank().await.unwrap();
    use aurag::agent::thinktank::GuideRetriever;
    let query = new.embed(&[Q], aurag::embed::InputKind::Query).unwrap().pop().unwrap();
    let near = tank.retrieve(Q, &query, 1, &|_| true);
    assert_eq!(near[0].guide.id, "g-sales");
    assert!(near[0].dense > 0.999, "the stored question vector is the new embedder's: {}", near[0].dense);
    drop(ws);

    // The old embedder is now the one refused; running again changes nothing.
    assert_eq!(Workspace::open(&dir, Arc::new(old)).await.err().map(|e| e.code()), Some("embedder_mismatch"));
    let (_, again) = Workspace::reembed(&dir, new, &mut |_| {}).await.unwrap();
    assert!(again.unchanged);
    assert!(!dir.join(".reembed").exists() && !dir.join(".reembed-old").exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_swap_cut_short_leaves_one_whole_store() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("ws");
    let old = HashingEmbedder::default();
    let n = {
        let ws = workspace(tmp.path()).await;
        ingest(&ws, &[sample().join("financials.xlsx")]).await;
        ws.sources().await.unwrap().len()
    };
    // A new store built in the scratch directory (with a stranger's
    // embedder), as a re-embedding does before it swaps.
    let other = HashingEmbedder::new(64);
    let scratch = LanceStore::reembed_scratch(&dir).unwrap();
    drop(LanceStore::open(&scratch, &other.id(), other.dim()).await.unwrap());

    // Cut after the live store was set aside, before the new one came in:
    // the next open puts the old one back.
    std::fs::rename(dir.join("lance"), dir.join(".reembed-old")).unwrap();
    let ws = Workspace::open(&dir, Arc::new(old.clone())).await.expect("the set-aside store comes back");
    assert_eq!(ws.sources().await.unwrap().len(), n);
    assert!(!dir.join(".reembed-old").exists());
    drop(ws);

    // Cut after the new store came in, before the old one was deleted:
    // the new one stays and the leftover goes.
    std::fs::rename(dir.join("lance"), dir.join(".reembed-old")).unwrap();
    std::fs::rename(scratch.join("lance"), dir.join("lance")).unwrap();
    let info = LanceStore::recorded(&dir).await.unwrap().unwrap();
    assert_eq!(info.embedder, other.id());
    assert!(!dir.join(".reembed-old").exists(), "the leftover old store is deleted");
    let ws = Workspace::open(&dir, Arc::new(other)).await.unwrap();
    assert_eq!(ws.sources().await.unwrap().len(), 0);
}
