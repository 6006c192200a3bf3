//! The `Store` contract, run against the LanceDB store and the in-memory
//! test double alike, plus the LanceDB store's version and embedder checks.

use crate::common;

use std::collections::HashMap;
use std::sync::Arc;

use aurag::action::{Coord, RetrievalAction, Selection};
use aurag::guide::{Guide, GuideSource};
use aurag::source::{Cell, Content, ContentType, Locator, Provenance, Sentence, SourceObject, TableContent, TextContent};
use aurag::store::{LanceStore, MemoryStore, Store, StoreError, Unit};
use aurag::{Embedder, HashingEmbedder, InputKind, SourceKind};

fn text_obj(file: &str, hash: &str, chunk: u32, sentences: &[&str]) -> SourceObject {
    let sentences = sentences
        .iter()
        .enumerate()
        .map(|(i, t)| Sentence { idx: i as u32, text: t.to_string(), page: Some(1), offset: 0, ..Default::default() })
        .collect();
    let prov = Provenance { file: file.into(), file_hash: hash.into(), locator: Locator::Pages { pages: vec![1], chunk } };
    let mut o = SourceObject::new(SourceKind::Static, prov, Content::Text(TextContent { sentences }));
    aurag::describe::describe(&mut o);
    o
}

fn table_obj(file: &str, hash: &str, caption: &str) -> SourceObject {
    let t = TableContent {
        caption: Some(caption.into()),
        header_rows: 1,
        columns: vec!["Item".into(), "2019".into()],
        grid: vec![vec![Cell::text("Item"), Cell::text("2019")], vec![Cell::text("Revenue"), aurag::text::cell_from_text("$1,200")]],
        origin: (0, 0),
        truncated_from: None,
        schema: None,
        row_pages: None,
    };
    let prov = Provenance { file: file.into(), file_hash: hash.into(), locator: Locator::SheetRange { sheet: "S".into(), range: "A1:B2".into() } };
    let mut o = SourceObject::new(SourceKind::Static, prov, Content::Table(t));
    aurag::describe::describe(&mut o);
    o
}

fn with_vectors(e: &dyn Embedder, objs: Vec<SourceObject>) -> (Vec<(SourceObject, Vec<f32>)>, Vec<Unit>) {
    let mut units = Vec::new();
    let mut out = Vec::new();
    for o in objs {
        if let Content::Text(t) = &o.content {
            for s in &t.sentences {
                units.push(Unit::of_sentence(&o, s, e.embed_one(&s.text, InputKind::Document).unwrap()));
            }
        }
        let v = e.embed_one(&o.description, InputKind::Document).unwrap();
        out.push((o, v));
    }
    (out, units)
}

async fn contract<S: Store>(store: &S) {
    let e = HashingEmbedder::default();
    let a1 = text_obj("/a.pdf", "ha1", 0, &["Goodwill was not impaired in 2019.", "Impairment tests run yearly."]);
    let a2 = table_obj("/a.pdf", "ha1", "Revenue by segment");
    let b1 = table_obj("/b.xlsx", "hb1", "Headcount by region");
    let (objs, units) = with_vectors(&e, vec![a1.clone(), a2.clone(), b1.clone()]);
    store.replace_files(&["/a.pdf".into(), "/b.xlsx".into()], objs, units).await.unwrap();

    let list = store.list().await.unwrap();
    assert_eq!(list.len(), 3);
    let hashes = store.file_hashes().await.unwrap();
    assert_eq!(hashes["/a.pdf"], "ha1");
    assert_eq!(store.get(&a1.id).await.unwrap().unwrap(), a1);
    assert!(store.get("nope").await.unwrap().is_none());
    // Every object whole, in file order.
    let all = store.objects().await.unwrap();
    assert_eq!(all.iter().map(|o| o.provenance.file.as_str()).collect::<Vec<_>>(), ["/a.pdf", "/a.pdf", "/b.xlsx"]);
    let mut by_id = all.clone();
    by_id.sort_by(|x, y| x.id.cmp(&y.id));
    let mut want = vec![a1.clone(), a2.clone(), b1.clone()];
    want.sort_by(|x, y| x.id.cmp(&y.id));
    assert_eq!(by_id, want);
    let units = store.units(&a1.id).await.unwrap();
    assert_eq!(units.iter().map(|u| u.idx).collect::<Vec<_>>(), vec![0, 1]);
    assert_eq!(units[1].text, "Impairment tests run yearly.");

    let q = e.embed_one("headcount region", InputKind::Query).unwrap();
    assert_eq!(store.search_vector(&q, 1).await.unwrap()[0].id, b1.id);
    let hits = store.search_text("headcount", 3).await.unwrap();
    assert_eq!(hits.first().map(|h| h.id.clone()), Some(b1.id.clone()), "{hits:?}");

    // Replacing a file swaps its objects and drops the old units.
    let a3 = text_obj("/a.pdf", "ha2", 0, &["Goodwill was impaired in 2020."]);
    let (objs, units) = with_vectors(&e, vec![a3.clone()]);
    store.replace_files(&["/a.pdf".into()], objs, units).await.unwrap();
    let ids: Vec<String> = store.list().await.unwrap().into_iter().map(|s| s.id).collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.contains(&a3.id) && ids.contains(&b1.id));
    assert!(store.units(&a1.id).await.unwrap().is_empty());
    assert_eq!(store.collect_garbage().await.unwrap(), 0);

    // Update in place, then remove.
    let mut b1u = b1.clone();
    b1u.description = "Headcount by country".into();
    store.update_object(b1u.clone(), e.embed_one(&b1u.description, InputKind::Document).unwrap()).await.unwrap();
    assert_eq!(store.get(&b1.id).await.unwrap().unwrap().description, "Headcount by country");
    assert_eq!(store.remove_ids(std::slice::from_ref(&b1.id)).await.unwrap(), 1);
    assert_eq!(store.remove_file("/a.pdf").await.unwrap(), 1);
    assert!(store.list().await.unwrap().is_empty());
    assert!(store.units(&a3.id).await.unwrap().is_empty());

    guides_contract(store, &e).await;
}

fn guide(id: &str, question: &str) -> Guide {
    Guide {
        id: id.into(),
        question: question.into(),
        sources: vec![GuideSource {
            object_id: "tbl_1".into(),
            content_type: ContentType::Table,
            description: "Revenue by segment".into(),
            actions: vec![RetrievalAction::SelectCoordinates { source: "tbl_1".into(), selection: Selection::Cells(vec![Coord { row: 1, col: 2 }]) }],
            contexts: vec!["Cloud | 2019: 12 (C2)".into()],
        }],
        negatives: vec![],
        answer: Some("12".into()),
        author: "tester".into(),
        context: Some("ctx-1".into()),
        created_at: "2026-11-21T00:00:00.000Z".into(),
    }
}

/// Guides: stored with their vectors, replaced by id, listed by id, removed.
async fn guides_contract<S: Store>(store: &S, e: &HashingEmbedder) {
    assert!(store.guides().await.unwrap().is_empty());
    let g1 = guide("g1", "What was cloud revenue in 2019?");
    let g2 = guide("g2", "How many employees were there?");
    let v = |g: &Guide| e.embed_one(&g.question, InputKind::Query).unwrap();
    store.put_guides(vec![(g2.clone(), v(&g2)), (g1.clone(), v(&g1))]).await.unwrap();
    let got = store.guides().await.unwrap();
    assert_eq!(got.iter().map(|(g, _)| g.id.as_str()).collect::<Vec<_>>(), ["g1", "g2"]);
    assert_eq!(got[0].0, g1);
    assert_eq!(got[0].1, v(&g1));
    let mut g1b = g1.clone();
    g1b.question = "What was cloud revenue in 2018?".into();
    store.put_guides(vec![(g1b.clone(), v(&g1b))]).await.unwrap();
    let got = store.guides().await.unwrap();
    assert_eq!(got.len(), 2);
    assert_eq!(got[0].0.question, g1b.question);
    assert_eq!(store.remove_guides(&["g2".into(), "nope".into()]).await.unwrap(), 1);
    assert_eq!(store.guides().await.unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn memory_store_meets_the_contract() {
    let e = HashingEmbedder::default();
    contract(&MemoryStore::new(&e.id(), e.dim())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lance_store_meets_the_contract_and_persists() {
    let tmp = tempfile::tempdir().unwrap();
    let e = HashingEmbedder::default();
    let store = LanceStore::open(tmp.path(), &e.id(), e.dim()).await.unwrap();
    contract(&store).await;
    // Data survives a reopen.
    let o = table_obj("/c.csv", "hc", "Persisted");
    let (objs, units) = with_vectors(&e, vec![o.clone()]);
    store.replace_files(&["/c.csv".into()], objs, units).await.unwrap();
    drop(store);
    let again = LanceStore::open(tmp.path(), &e.id(), e.dim()).await.unwrap();
    assert_eq!(again.get(&o.id).await.unwrap().unwrap(), o);
    // So do guides.
    assert_eq!(again.guides().await.unwrap().iter().map(|(g, _)| g.id.as_str()).collect::<Vec<_>>(), ["g1"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lance_store_refuses_other_embedders_and_schema_versions() {
    let tmp = tempfile::tempdir().unwrap();
    let e = HashingEmbedder::default();
    drop(LanceStore::open(tmp.path(), &e.id(), e.dim()).await.unwrap());
    let other = HashingEmbedder::new(128);
    match LanceStore::open(tmp.path(), &other.id(), other.dim()).await {
        Err(StoreError::EmbedderMismatch { found, requested, .. }) => {
            assert_eq!(found, e.id());
            assert_eq!(requested, other.id());
        }
        Err(e) => panic!("unexpected error {e}"),
        Ok(_) => panic!("a mismatched embedder must be refused"),
    }

    // A workspace written by a future schema version is refused with the reason.
    let conn = lancedb::connect(tmp.path().join("lance").to_str().unwrap()).execute().await.unwrap();
    conn.drop_table("meta", &[]).await.unwrap();
    let schema = Arc::new(arrow_schema::Schema::new(vec![
        arrow_schema::Field::new("key", arrow_schema::DataType::Utf8, false),
        arrow_schema::Field::new("value", arrow_schema::DataType::Utf8, false),
    ]));
    let batch = arrow_array::RecordBatch::try_new(
        schema,
        vec![
            Arc::new(arrow_array::StringArray::from(vec!["schema_version", "embedder", "dim"])),
            Arc::new(arrow_array::StringArray::from(vec!["99".to_string(), e.id(), "384".to_string()])),
        ],
    )
    .unwrap();
    conn.create_table("meta", batch).execute().await.unwrap();
    let err = LanceStore::open(tmp.path(), &e.id(), e.dim()).await.err().expect("refused");
    assert_eq!(err.code(), "schema_version");
    assert!(err.to_string().contains("schema version 99"), "{err}");
    assert!(err.to_string().contains("upgrade aurag"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reclaim_gives_back_replaced_rows_and_merges_small_files_without_losing_anything() {
    let tmp = tempfile::tempdir().unwrap();
    let e = HashingEmbedder::default();
    let store = LanceStore::open(tmp.path(), &e.id(), e.dim()).await.unwrap();
    let lance = tmp.path().join("lance");
    // 20 commits, each adding a new small file and replacing the rows of
    // one file re-ingested every time, plus a file written once.
    let long: Vec<String> = (0..200).map(|i| format!("Sentence {i} about goodwill and revenue in region {i}.")).collect();
    let long: Vec<&str> = long.iter().map(String::as_str).collect();
    let (other, other_units) = with_vectors(&e, vec![table_obj("/b.xlsx", "hb", "Headcount by region")]);
    store.replace_files(&["/b.xlsx".into()], other, other_units).await.unwrap();
    for round in 0..20 {
        let new_file = format!("/f{round}.csv");
        let (objs, units) = with_vectors(
            &e,
            vec![
                text_obj("/a.pdf", &format!("h{round}"), 0, &long),
                table_obj("/a.pdf", &format!("h{round}"), &format!("Revenue by segment, round {round}")),
                table_obj(&new_file, &format!("f{round}"), &format!("Small table {round}")),
            ],
        );
        store.replace_files(&["/a.pdf".into(), new_file], objs, units).await.unwrap();
    }
    let before = common::dir_bytes(&lance);
    let listed = store.list().await.unwrap();
    assert_eq!(listed.len(), 3 + 20);

    let r = store.reclaim(std::time::Duration::ZERO).await.unwrap();
    assert!(r.old_versions >= 20, "{r:?}");
    assert!(r.bytes_removed > 0, "{r:?}");
    assert!(r.tables_compacted >= 1, "20 commits leave more than 16 small files: {r:?}");
    let after = common::dir_bytes(&lance);
    assert!(after * 3 < before, "{before} bytes before, {after} after");

    // Everything is still there and still found.
    assert_eq!(store.list().await.unwrap(), listed);
    let hits = store.search_text("round 19", 5).await.unwrap();
    let table_id = &listed.iter().find(|s| s.file == "/a.pdf" && s.content_type == ContentType::Table).unwrap().id;
    assert!(hits.len() > 1, "{hits:?}");
    assert_eq!(hits.first().map(|h| &h.id), Some(table_id), "{hits:?}");
    // An object's own description vector finds it first.
    let b = listed.iter().find(|s| s.file == "/b.xlsx").unwrap();
    let q = e.embed_one(&b.description, InputKind::Document).unwrap();
    let near = store.search_vector(&q, 1).await.unwrap();
    assert_eq!(near[0].id, b.id);
    let text_id = &listed.iter().find(|s| s.content_type == ContentType::Text).unwrap().id;
    assert_eq!(store.units(text_id).await.unwrap().len(), 200);

    // Reopened, the same.
    drop(store);
    let store = LanceStore::open(tmp.path(), &e.id(), e.dim()).await.unwrap();
    assert_eq!(store.list().await.unwrap(), listed);
    // Nothing left to give back.
    let again = store.reclaim(std::time::Duration::ZERO).await.unwrap();
    assert_eq!(again.tables_compacted, 0, "{again:?}");
}

/// Full-text search reads content as well as descriptions, and a query of
/// stopwords alone finds nothing.
async fn content_is_searched<S: Store>(store: &S) {
    let e = HashingEmbedder::default();
    // Eight words in every sentence fill the description's keywords.
    let mut sentences: Vec<String> = (0..30).map(|i| format!("Sentence {i}: revenue, margin, cash, segment, growth, region, product and customer figures.")).collect();
    sentences.push("Litigation with Zyzzyva Holdings settled in March.".into());
    let refs: Vec<&str> = sentences.iter().map(String::as_str).collect();
    let text = text_obj("/c.pdf", "hc", 0, &refs);
    assert!(!text.description.to_lowercase().contains("zyzzyva"), "the word must be in the content only: {}", text.description);
    let table = table_obj("/c.pdf", "hc", "Revenue by segment");
    let (objs, units) = with_vectors(&e, vec![text.clone(), table.clone()]);
    store.replace_files(&["/c.pdf".into()], objs, units).await.unwrap();
    let hits = store.search_text("Who settled the Zyzzyva litigation?", 5).await.unwrap();
    assert_eq!(hits.iter().map(|h| h.id.as_str()).collect::<Vec<_>>(), [text.id.as_str()]);
    assert!(store.search_text("the of and", 5).await.unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_text_search_reads_content_in_both_stores() {
    let e = HashingEmbedder::default();
    content_is_searched(&MemoryStore::new(&e.id(), e.dim())).await;
    let tmp = tempfile::tempdir().unwrap();
    content_is_searched(&LanceStore::open(tmp.path(), &e.id(), e.dim()).await.unwrap()).await;
}

/// Ids and scores of our own BM25 over the objects' searchable text.
fn our_bm25(objects: &[SourceObject], query: &str) -> HashMap<String, f32> {
    let texts: Vec<String> = objects.iter().map(SourceObject::searchable_text).collect();
    let bm25 = aurag::bm25::Bm25::build(texts.iter().map(String::as_str));
    bm25.search(query, 1000).into_iter().map(|(i, s)| (objects[i].id.clone(), s)).collect()
}

async fn same_as_ours(store: &LanceStore, objects: &[SourceObject], questions: &[&str]) -> usize {
    let mut compared = 0;
    for q in questions {
        let ours = our_bm25(objects, q);
        let lance = store.search_text(q, 1000).await.unwrap();
        assert_eq!(lance.len(), ours.len(), "{q}: {lance:?} against {ours:?}");
        for h in &lance {
            let s = ours[&h.id];
            assert!((h.score - s).abs() <= 1e-3 * s.max(1.0), "{q}: {} scored {} by LanceDB, {s} by ours", h.id, h.score);
        }
        assert!(lance.windows(2).all(|w| w[0].score >= w[1].score));
        compared += lance.len();
    }
    compared
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lance_full_text_search_scores_as_our_bm25_and_survives_a_lost_index() {
    let data = aurag_eval::tatqa::Dataset::load(&common::repo().join("tests/data/tatqa_mapped.json")).unwrap();
    let (contexts, questions) = data.pool(None, 1);
    let objects: Vec<SourceObject> = contexts.iter().flat_map(|c| c.objects()).cloned().collect();
    let questions: Vec<&str> = questions.iter().map(|q| q.question.as_str()).collect();
    let e = HashingEmbedder::default();
    let tmp = tempfile::tempdir().unwrap();
    let store = LanceStore::open(tmp.path(), &e.id(), e.dim()).await.unwrap();
    let (rows, _) = with_vectors(&e, objects.clone());
    let files: Vec<String> = objects.iter().map(|o| o.provenance.file.clone()).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
    store.replace_files(&files, rows, Vec::new()).await.unwrap();
    // Numbers with separators are one token to both.
    assert!(objects.iter().any(|o| aurag::text::tokenize(&o.searchable_text()).iter().any(|t| t.contains(','))));
    assert!(same_as_ours(&store, &objects, &questions).await > 100);

    // A writer that died between its commit and the index build leaves no
    // index: search falls back to the same BM25 in memory, and reads never
    // build it themselves (they would race the writers).
    let conn = lancedb::connect(tmp.path().join("lance").to_str().unwrap()).execute().await.unwrap();
    conn.open_table("sources").execute().await.unwrap().drop_index("search_text_idx").await.unwrap();
    assert!(same_as_ours(&store, &objects, &questions).await > 100);
    let indices = || async { conn.open_table("sources").execute().await.unwrap().list_indices().await.unwrap() };
    assert!(indices().await.is_empty());
    // The next write builds it again.
    store.remove_ids(std::slice::from_ref(&objects[0].id)).await.unwrap();
    assert_eq!(indices().await.iter().map(|i| i.name.as_str()).collect::<Vec<_>>(), ["search_text_idx"]);
    assert!(same_as_ours(&store, &objects[1..], &questions).await > 100);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_schema_version_1_workspace_is_migrated_on_open_losing_nothing() {
    let tmp = tempfile::tempdir().unwrap();
    let e = HashingEmbedder::default();
    let text = text_obj("/a.pdf", "ha", 0, &["Revenue grew.", "Litigation with Zyzzyva Holdings settled in March."]);
    let table = table_obj("/a.pdf", "ha", "Revenue by segment");
    {
        let store = LanceStore::open(tmp.path(), &e.id(), e.dim()).await.unwrap();
        let (objs, units) = with_vectors(&e, vec![text.clone(), table.clone()]);
        store.replace_files(&["/a.pdf".into()], objs, units).await.unwrap();
        store.put_guides(vec![(guide("g1", "q"), vec![0.0; e.dim()])]).await.unwrap();
    }
    // Turn it into what version 1 wrote: no `search_text` column, a
    // full-text index on the description, version 1 recorded.
    let conn = lancedb::connect(tmp.path().join("lance").to_str().unwrap()).execute().await.unwrap();
    let sources = conn.open_table("sources").execute().await.unwrap();
    sources.drop_index("search_text_idx").await.unwrap();
    sources.drop_columns(&["search_text"]).await.unwrap();
    sources.create_index(&["description"], lancedb::index::Index::FTS(Default::default())).execute().await.unwrap();
    conn.open_table("meta").execute().await.unwrap().update().only_if("key = 'schema_version'").column("value", "'1'").execute().await.unwrap();

    let store = LanceStore::open(tmp.path(), &e.id(), e.dim()).await.unwrap();
    assert_eq!(store.info().schema_version, 2);
    assert_eq!(store.get(&text.id).await.unwrap().unwrap(), text);
    assert_eq!(store.get(&table.id).await.unwrap().unwrap(), table);
    assert_eq!(store.units(&text.id).await.unwrap().len(), 2);
    assert_eq!(store.guides().await.unwrap().len(), 1);
    let hits = store.search_text("Zyzzyva", 5).await.unwrap();
    assert_eq!(hits.iter().map(|h| h.id.as_str()).collect::<Vec<_>>(), [text.id.as_str()]);
    drop(store);
    // Recorded: the next open is a plain one.
    let store = LanceStore::open(tmp.path(), &e.id(), e.dim()).await.unwrap();
    assert_eq!(store.list().await.unwrap().len(), 2);
    let meta = conn.open_table("meta").execute().await.unwrap();
    assert_eq!(meta.count_rows(Some("key = 'schema_version' AND value = '2'".into())).await.unwrap(), 1);
}
