//! The Candle cross-encoder on tiny random BERT and XLM-RoBERTa sequence
//! classifiers generated here: loading from a directory and from bytes,
//! pair encoding, batching with dynamic padding, truncation, load errors.

use aurag::rerank::cross::CrossEncoder;
use aurag::rerank::{RerankError, Reranker};
use aurag_testkit::{self as testkit, TinyHead};
use candle_core::Device;

const QUERY: &str = "net income in 2019";
const PASSAGES: &[&str] = &[
    "net income was $ 2018 million",
    "revenue grew in the year",
    "goodwill impairment",
    "the total assets and cash by region segment profit loss tax rate",
    "a",
];

fn close(a: &[f32], b: &[f32]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| (x - y).abs() < 1e-4)
}

#[test]
fn cross_encoders_load_from_dir_and_bytes_alike() {
    for head in [TinyHead::BertClassifier, TinyHead::XlmRobertaClassifier] {
        let tmp = tempfile::tempdir().unwrap();
        testkit::write_tiny_cross_encoder(tmp.path(), 5, head).unwrap();
        let a = CrossEncoder::load(tmp.path(), "tiny", None, &Device::Cpu).unwrap();
        let b = CrossEncoder::from_bytes(
            testkit::tiny_cross_encoder_config(head).as_bytes(),
            testkit::tiny_bert_safetensors(5, head),
            testkit::tiny_tokenizer_json().as_bytes(),
            "tiny",
            None,
            &Device::Cpu,
        )
        .unwrap();
        let sa = a.score(QUERY, PASSAGES).unwrap();
        assert_eq!(sa, b.score(QUERY, PASSAGES).unwrap(), "{head:?}");
        assert_eq!(sa.len(), PASSAGES.len());
        assert!(sa.iter().all(|s| s.is_finite()));
        // Random weights still tell passages apart.
        assert!(sa.iter().any(|s| (s - sa[0]).abs() > 1e-4), "{head:?}: {sa:?}");
        // rank() orders by score.
        let ranked = a.rank(QUERY, PASSAGES).unwrap();
        assert!(ranked.windows(2).all(|w| w[0].1 >= w[1].1));
        assert!(a.score(QUERY, &[]).unwrap().is_empty());
    }
}

#[test]
fn batching_and_padding_do_not_change_scores() {
    for head in [TinyHead::BertClassifier, TinyHead::XlmRobertaClassifier] {
        let tmp = tempfile::tempdir().unwrap();
        testkit::write_tiny_cross_encoder(tmp.path(), 9, head).unwrap();
        let enc = CrossEncoder::load(tmp.path(), "tiny", None, &Device::Cpu).unwrap();
        let batched = enc.score(QUERY, PASSAGES).unwrap();
        let single: Vec<f32> = PASSAGES.iter().map(|p| enc.score(QUERY, &[p]).unwrap()[0]).collect();
        assert!(close(&batched, &single), "{head:?}: {batched:?} vs {single:?}");
    }
}

#[test]
fn the_query_is_read_with_the_passage() {
    let tmp = tempfile::tempdir().unwrap();
    testkit::write_tiny_cross_encoder(tmp.path(), 3, TinyHead::BertClassifier).unwrap();
    let enc = CrossEncoder::load(tmp.path(), "tiny", None, &Device::Cpu).unwrap();
    let a = enc.score("net income", PASSAGES).unwrap();
    let b = enc.score("cost of sales", PASSAGES).unwrap();
    assert!(!close(&a, &b));
    // Swapping query and passage changes the token types, so the score.
    let ab = enc.score("revenue grew", &["cost of sales fell"]).unwrap()[0];
    let ba = enc.score("cost of sales fell", &["revenue grew"]).unwrap()[0];
    assert!((ab - ba).abs() > 1e-6);
}

#[test]
fn long_inputs_are_truncated_not_rejected() {
    let tmp = tempfile::tempdir().unwrap();
    testkit::write_tiny_cross_encoder(tmp.path(), 4, TinyHead::XlmRobertaClassifier).unwrap();
    let enc = CrossEncoder::load(tmp.path(), "tiny", Some(24), &Device::Cpu).unwrap();
    assert_eq!(enc.max_tokens(), 24);
    let long = "revenue grew in the year . ".repeat(50);
    let long_query = "net income ".repeat(40);
    let s = enc.score(&long_query, &[&long, "a"]).unwrap();
    assert!(s.iter().all(|x| x.is_finite()));
    // The limit never exceeds the model's position table (64 - pad 0 - 1).
    let unbounded = CrossEncoder::load(tmp.path(), "tiny", Some(10_000), &Device::Cpu).unwrap();
    assert_eq!(unbounded.max_tokens(), 63);
    assert!(unbounded.score(&long_query, &[&long]).unwrap()[0].is_finite());
}

#[test]
fn bad_models_give_load_errors_that_name_the_file() {
    let tmp = tempfile::tempdir().unwrap();
    // An embedder checkpoint has no classification head.
    testkit::write_tiny_bert(tmp.path(), 1).unwrap();
    std::fs::write(tmp.path().join("config.json"), testkit::tiny_cross_encoder_config(TinyHead::BertClassifier)).unwrap();
    let err = CrossEncoder::load(tmp.path(), "tiny", None, &Device::Cpu).err().expect("no head");
    assert_eq!(err.code(), "reranker_load");
    // A config that names another architecture.
    std::fs::write(tmp.path().join("config.json"), r#"{"architectures":["GPT2LMHeadModel"],"model_type":"gpt2"}"#).unwrap();
    let err = CrossEncoder::load(tmp.path(), "tiny", None, &Device::Cpu).err().expect("wrong arch");
    assert!(err.to_string().contains("sequence classifier"), "{err}");
    // Missing weights name the path.
    std::fs::remove_file(tmp.path().join("model.safetensors")).unwrap();
    std::fs::write(tmp.path().join("config.json"), testkit::tiny_cross_encoder_config(TinyHead::BertClassifier)).unwrap();
    match CrossEncoder::load(tmp.path(), "tiny", None, &Device::Cpu) {
        Err(RerankError::Load { path, .. }) => assert!(path.ends_with("model.safetensors"), "{path}"),
        other => panic!("expected a load error, got {:?}", other.map(|_| ())),
    }
}
