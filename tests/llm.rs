//! The Candle GGUF language model on tiny random Qwen2 and Llama models
//! generated here: loading from a file and from bytes, greedy determinism,
//! streaming, stop sequences, max tokens, cancellation, seeded sampling,
//! context limits and load errors.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use aurag::llm::gguf::GgufModel;
use aurag::llm::{stream, ChatTemplate, GenOptions, LanguageModel, Message, StopReason, StreamEvent};
use aurag_testkit as testkit;
use candle_core::Device;

fn model(arch: &str, seed: u64) -> GgufModel {
    GgufModel::from_bytes(&testkit::tiny_gguf(arch, seed), Some(testkit::tiny_tokenizer_json().as_bytes()), "tiny", &Device::Cpu).unwrap()
}

fn ask(m: &dyn LanguageModel, opts: &GenOptions) -> (aurag::llm::Generation, String) {
    let mut streamed = String::new();
    let g = m.generate("revenue grew in the year", opts, &mut |t| streamed.push_str(t)).unwrap();
    (g, streamed)
}

#[test]
fn tiny_models_load_and_decode_greedily_and_deterministically() {
    for (arch, template) in [("qwen2", ChatTemplate::ChatMl), ("qwen3", ChatTemplate::ChatMl), ("llama", ChatTemplate::Llama3), ("phi3", ChatTemplate::Phi3)] {
        let tmp = tempfile::tempdir().unwrap();
        let path = tmp.path().join("tiny.gguf");
        std::fs::write(&path, testkit::tiny_gguf(arch, 3)).unwrap();
        let tok = tmp.path().join("tokenizer.json");
        std::fs::write(&tok, testkit::tiny_tokenizer_json()).unwrap();
        let a = GgufModel::load(&path, Some(&tok), "tiny", &Device::Cpu).unwrap();
        let b = model(arch, 3);
        assert_eq!(a.architecture(), arch);
        assert_eq!(a.template(), template);
        let opts = GenOptions { max_tokens: 8, ..Default::default() };
        let (ga, streamed) = ask(&a, &opts);
        assert_eq!(ga.tokens, 8, "{arch}");
        assert_eq!(ga.stop, StopReason::MaxTokens);
        assert!(!ga.text.trim().is_empty(), "{arch}: {ga:?}");
        assert_eq!(streamed, ga.text, "{arch}: streamed pieces add up to the text");
        assert_eq!(ask(&a, &opts).0, ga, "{arch}: greedy decoding repeats");
        assert_eq!(ask(&b, &opts).0, ga, "{arch}: bytes and file load the same model");
        // Another seed is another model.
        assert_ne!(ask(&model(arch, 4), &opts).0.text, ga.text);
    }
}

#[test]
fn stop_sequences_cancel_and_sampling() {
    let m = model("qwen2", 5);
    let (full, _) = ask(&m, &GenOptions { max_tokens: 10, ..Default::default() });
    let words: Vec<&str> = full.text.split_whitespace().collect();
    assert!(words.len() >= 3, "{}", full.text);
    // Stop at the third word: the text ends before it.
    let (g, streamed) = ask(&m, &GenOptions { max_tokens: 10, stop: vec![words[2].to_string()], ..Default::default() });
    assert_eq!(g.stop, StopReason::StopSequence);
    assert!(full.text.starts_with(&g.text) && g.text.len() < full.text.len());
    assert!(!g.text.contains(words[2]) || full.text.find(words[2]).unwrap() < g.text.len());
    assert_eq!(streamed, g.text);

    let cancel = Arc::new(AtomicBool::new(true));
    let (g, _) = ask(&m, &GenOptions { max_tokens: 10, cancel: Some(cancel), ..Default::default() });
    assert_eq!((g.tokens, g.stop), (0, StopReason::Cancelled));

    let sampled = |seed| ask(&m, &GenOptions { max_tokens: 10, temperature: 1.5, seed, ..Default::default() }).0.text;
    assert_eq!(sampled(1), sampled(1));
    assert!((2..8).any(|s| sampled(s) != sampled(1)), "sampling depends on the seed");
}

#[test]
fn chat_streams_over_a_channel() {
    let m: Arc<dyn LanguageModel> = Arc::new(model("llama", 2));
    let rx = stream(m, vec![Message::user("net income")], GenOptions { max_tokens: 5, ..Default::default() });
    let mut text = String::new();
    let mut done = None;
    for ev in rx {
        match ev {
            StreamEvent::Text(t) => text.push_str(&t),
            StreamEvent::Done(r) => done = Some(r.unwrap()),
        }
    }
    let done = done.unwrap();
    assert_eq!(done.tokens, 5);
    assert_eq!(done.text, text);
}

#[test]
fn limits_and_load_errors() {
    let m = model("qwen2", 1);
    let err = m.generate("revenue", &GenOptions { max_tokens: 1000, ..Default::default() }, &mut |_| {}).unwrap_err();
    assert_eq!(err.code(), "llm_prompt_too_long");
    let tok = testkit::tiny_tokenizer_json();
    let err = GgufModel::from_bytes(b"not a gguf file at all", Some(tok.as_bytes()), "x", &Device::Cpu).err().unwrap();
    assert_eq!(err.code(), "llm_load");
    let mut bytes = testkit::tiny_gguf("qwen2", 1);
    // Same layout under an architecture we do not run.
    let pos = bytes.windows(5).position(|w| w == b"qwen2").unwrap();
    bytes[pos..pos + 5].copy_from_slice(b"gpt_x");
    let err = GgufModel::from_bytes(&bytes, Some(tok.as_bytes()), "x", &Device::Cpu).err().unwrap();
    assert!(err.to_string().contains("unsupported architecture"), "{err}");
}

fn chat_model(arch: &str, seed: u64) -> GgufModel {
    GgufModel::from_bytes(&testkit::tiny_chat_gguf(arch, seed), Some(testkit::tiny_bpe_tokenizer_json().as_bytes()), "tiny-chat", &Device::Cpu).unwrap()
}

#[derive(serde::Deserialize, Debug)]
#[allow(dead_code)]
struct Judgment {
    relevant: bool,
    reason: String,
}

#[derive(serde::Deserialize, Debug)]
struct Cells {
    cells: Vec<Vec<i64>>,
    source: String,
}

#[test]
fn constrained_decoding_makes_even_a_random_model_write_valid_json() {
    use aurag::llm::chat_json;
    use aurag::llm::json::Schema;
    let judgment = Schema::object(&[("relevant", Schema::Boolean), ("reason", Schema::string(60))]);
    let cells = Schema::object(&[("cells", Schema::array(Schema::array(Schema::integer(), 2), 4)), ("source", Schema::one_of(&["tbl_a", "tbl_b", "txt_c"]))]);
    let msgs = [Message::system("Answer in JSON."), Message::user("Is the table about revenue in 2019 relevant?")];
    for arch in ["qwen2", "qwen3", "llama", "phi3"] {
        let m = chat_model(arch, 11);
        // Unconstrained, the random model writes no JSON at all.
        let free = m.chat(&msgs, &GenOptions { max_tokens: 40, ..Default::default() }, &mut |_| {}).unwrap();
        assert!(serde_json::from_str::<serde_json::Value>(&free.text).is_err(), "{arch}: {:?}", free.text);
        for (seed, temperature) in [(0, 0.0), (1, 1.0), (2, 1.0), (3, 1.5)] {
            let opts = GenOptions { max_tokens: 400, temperature, seed, ..Default::default() };
            let j: Judgment = chat_json(&m, &msgs, judgment.clone(), &opts).unwrap_or_else(|e| panic!("{arch} seed {seed}: {e}"));
            assert!(j.reason.len() <= 60);
            let c: Cells = chat_json(&m, &msgs, cells.clone(), &opts).unwrap_or_else(|e| panic!("{arch} seed {seed}: {e}"));
            assert!(["tbl_a", "tbl_b", "txt_c"].contains(&c.source.as_str()), "{c:?}");
            assert!(c.cells.len() <= 4 && c.cells.iter().all(|p| p.len() <= 2), "{c:?}");
        }
        // Greedy constrained decoding repeats exactly, and streams what it returns.
        let opts = GenOptions { max_tokens: 400, schema: Some(Arc::new(judgment.clone())), ..Default::default() };
        let mut streamed = String::new();
        let a = m.chat(&msgs, &opts, &mut |t| streamed.push_str(t)).unwrap();
        let b = m.chat(&msgs, &opts, &mut |_| {}).unwrap();
        assert_eq!(a.text, b.text);
        assert_eq!(streamed, a.text);
        assert_eq!(a.stop, StopReason::EndOfTurn);
        // Out of tokens mid-document, the shortest valid ending is written:
        // the output still parses, and the stop says why.
        let opts = GenOptions { max_tokens: 3, schema: Some(Arc::new(cells.clone())), ..Default::default() };
        let g = m.chat(&msgs, &opts, &mut |_| {}).unwrap();
        assert_eq!((g.tokens, g.stop), (3, StopReason::MaxTokens));
        let c: Cells = serde_json::from_str(&g.text).unwrap_or_else(|e| panic!("{arch}: {e}: {}", g.text));
        assert!(["tbl_a", "tbl_b", "txt_c"].contains(&c.source.as_str()));
    }
}

#[test]
fn token_bytes_match_what_the_tokenizer_decodes() {
    let tok = tokenizers::Tokenizer::from_bytes(testkit::tiny_bpe_tokenizer_json().as_bytes()).unwrap();
    let bytes = aurag::llm::vocab::token_bytes(&tok);
    let mut checked = 0;
    for (id, b) in bytes.iter().enumerate() {
        let Some(b) = b else { continue };
        if let Ok(s) = std::str::from_utf8(b) {
            assert_eq!(tok.decode(&[id as u32], false).unwrap(), s, "token {id}");
            checked += 1;
        }
    }
    assert!(checked > 100);
    // Special tokens are never produced under a schema.
    let im_end = tok.token_to_id("<|im_end|>").unwrap();
    assert!(bytes[im_end as usize].is_none());
    // A whole JSON text encodes into tokens whose bytes concatenate back.
    let text = r#"{"relevant":true,"reason":"2019 revenue"}"#;
    let ids = tok.encode(text, false).unwrap().get_ids().to_vec();
    let joined: Vec<u8> = ids.iter().flat_map(|&i| bytes[i as usize].clone().unwrap()).collect();
    assert_eq!(joined, text.as_bytes());
}

#[test]
fn quantized_random_models_load_and_the_llm_bench_reports_rates() {
    use aurag_testkit::{bpe_tokenizer_json_with_vocab, random_gguf, GgufShape};
    use candle_core::quantized::GgmlDType;
    let shape = GgufShape { hidden: 64, heads: 4, kv_heads: 2, ff: 128, layers: 2, vocab: 600, context: 1024 };
    for dt in [GgmlDType::Q4_0, GgmlDType::Q8_0] {
        let bytes = random_gguf("qwen2", &shape, dt, 5);
        let tok = bpe_tokenizer_json_with_vocab(shape.vocab);
        let m = GgufModel::from_bytes(&bytes, Some(tok.as_bytes()), "q", &Device::Cpu).unwrap();
        // Our CPU pass wherever its kernel runs (unless forced off).
        if aurag::llm::qmatmul::vnni() && std::env::var("AURAG_LLM_ENGINE").is_err() {
            assert_eq!(m.engine(), "aurag-cpu");
        }
        let f = aurag_eval::bench::llm(&m, 0.0, 16, 6, 1).unwrap();
        assert!(f.prompt_tokens >= 16, "{f:?}");
        assert_eq!(f.generated_tokens, 6, "{f:?}");
        assert!(f.prompt_tokens_per_s > 0.0 && f.generate_tokens_per_s > 0.0, "{f:?}");
    }
}
