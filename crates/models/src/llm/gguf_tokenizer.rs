//! The tokenizer a GGUF file carries, rebuilt as a `tokenizers::Tokenizer`.
//!
//! GGUF files made by llama.cpp's converter hold the whole tokenizer in
//! their metadata: `tokenizer.ggml.model` (`gpt2` is byte-level BPE), the
//! vocabulary, the merges, each token's type (normal, control,
//! user-defined, …) and `tokenizer.ggml.pre`, the name of the
//! pre-tokenizer that splits text before BPE. The Qwen2.5-Coder and SmolLM2
//! files ship no `tokenizer.json`, so this is the only tokenizer they have.
//!
//! Why rebuild rather than write a BPE here: the `tokenizers` crate already
//! does byte-level BPE exactly as Hugging Face does; what the file adds is
//! the pre-tokenizer, which llama.cpp names and defines in
//! `llama-vocab.cpp`. Each name we know maps to the same regular
//! expressions llama.cpp uses, so token ids match llama.cpp's (the parity
//! test in `tests/llm_parity.rs` holds us to that). Control tokens become
//! special added tokens (matched in prompt text, skipped when decoding);
//! user-defined ones become plain added tokens. A name we do not know is an
//! error that says to put a `tokenizer.json` beside the file, never a guess.

use candle_core::quantized::gguf_file::{Content, Value};
use tokenizers::decoders::byte_level::ByteLevel as ByteLevelDecoder;
use tokenizers::models::bpe::BPE;
use tokenizers::pre_tokenizers::byte_level::ByteLevel;
use tokenizers::pre_tokenizers::sequence::Sequence;
use tokenizers::pre_tokenizers::split::{Split, SplitPattern};
use tokenizers::pre_tokenizers::PreTokenizerWrapper;
use tokenizers::{AddedToken, SplitDelimiterBehavior, Tokenizer};

#[derive(Debug, thiserror::Error)]
pub enum GgufTokenizerError {
    #[error("GGUF metadata lacks {key}")]
    Missing { key: String },
    #[error("GGUF metadata {key}: {reason}")]
    Invalid { key: String, reason: String },
    #[error("tokenizer model '{model}' with pre-tokenizer '{pre}' is not supported from GGUF metadata (byte-level BPE with qwen2, smollm, llama-bpe, gpt2 is); put the model's tokenizer.json beside the file")]
    Unsupported { model: String, pre: String },
    #[error("building the tokenizer: {0}")]
    Build(String),
}

/// llama.cpp's token types (`llama_token_type`).
const TOKEN_CONTROL: i32 = 3;
const TOKEN_USER_DEFINED: i32 = 4;

/// GPT-2's split, as in its `encoder.py` and Hugging Face's ByteLevel.
const GPT2: &str = r"'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+";
/// Qwen2's split (llama.cpp `LLAMA_VOCAB_PRE_TYPE_QWEN2`): one digit at a time.
const QWEN2: &str = r"(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+";
/// Llama 3's split (`LLAMA_VOCAB_PRE_TYPE_LLAMA3`): digits in threes.
const LLAMA3: &str = r"(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+";

/// What the file says beyond the tokenizer itself.
#[derive(Debug, Clone)]
pub struct GgufVocab {
    pub tokenizer: Tokenizer,
    pub bos: Option<u32>,
    pub eos: Option<u32>,
    /// `tokenizer.ggml.add_bos_token`: prepend BOS to a prompt.
    pub add_bos: bool,
    /// The pre-tokenizer's name, for the trace and errors.
    pub pre: String,
}

fn string<'a>(ct: &'a Content, key: &str) -> Result<&'a str, GgufTokenizerError> {
    match ct.metadata.get(key) {
        Some(Value::String(s)) => Ok(s),
        Some(_) => Err(GgufTokenizerError::Invalid { key: key.into(), reason: "not a string".into() }),
        None => Err(GgufTokenizerError::Missing { key: key.into() }),
    }
}

fn array<'a>(ct: &'a Content, key: &str) -> Result<&'a Vec<Value>, GgufTokenizerError> {
    ct.metadata
        .get(key)
        .ok_or_else(|| GgufTokenizerError::Missing { key: key.into() })?
        .to_vec()
        .map_err(|e| GgufTokenizerError::Invalid { key: key.into(), reason: e.to_string() })
}

/// The split regexes llama.cpp applies for a `tokenizer.ggml.pre` name,
/// in order, and whether BPE skips merging a piece that is a whole token.
fn pre_tokenizer(pre: &str) -> Option<(Vec<&'static str>, bool)> {
    Some(match pre {
        "qwen2" | "deepseek-r1-qwen" => (vec![QWEN2], false),
        // llama.cpp: STARCODER, REFACT, COMMAND_R, SMOLLM, CODESHELL, EXAONE, MINERVA.
        "smollm" | "starcoder" | "refact" | "command-r" | "codeshell" => (vec![r"\p{N}", GPT2], false),
        "llama-bpe" | "llama3" => (vec![LLAMA3], true),
        "default" | "gpt-2" | "gpt2" => (vec![GPT2], false),
        _ => return None,
    })
}

/// Builds the tokenizer stored in `ct`'s metadata.
pub fn from_gguf(ct: &Content) -> Result<GgufVocab, GgufTokenizerError> {
    let model = string(ct, "tokenizer.ggml.model")?;
    let pre = string(ct, "tokenizer.ggml.pre").unwrap_or("default").to_string();
    let unsupported = || GgufTokenizerError::Unsupported { model: model.to_string(), pre: pre.clone() };
    if model != "gpt2" {
        return Err(unsupported());
    }
    let (splits, ignore_merges) = pre_tokenizer(&pre).ok_or_else(unsupported)?;
    let tokens: Vec<String> = array(ct, "tokenizer.ggml.tokens")?
        .iter()
        .map(|v| v.to_string().cloned())
        .collect::<Result<_, _>>()
        .map_err(|e| GgufTokenizerError::Invalid { key: "tokenizer.ggml.tokens".into(), reason: e.to_string() })?;
    let types: Vec<i32> = match ct.metadata.get("tokenizer.ggml.token_type") {
        Some(v) => v
            .to_vec()
            .and_then(|a| a.iter().map(|t| t.to_i32()).collect::<Result<Vec<_>, _>>())
            .map_err(|e| GgufTokenizerError::Invalid { key: "tokenizer.ggml.token_type".into(), reason: e.to_string() })?,
        None => vec![1; tokens.len()],
    };
    let merges: Vec<(String, String)> = array(ct, "tokenizer.ggml.merges")?
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let s = v.to_string().map_err(|e| GgufTokenizerError::Invalid { key: "tokenizer.ggml.merges".into(), reason: e.to_string() })?;
            s.split_once(' ')
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .ok_or_else(|| GgufTokenizerError::Invalid { key: "tokenizer.ggml.merges".into(), reason: format!("merge {i} '{s}' is not two tokens") })
        })
        .collect::<Result<_, _>>()?;
    let vocab: ahash::AHashMap<String, u32> = tokens.iter().enumerate().map(|(i, t)| (t.clone(), i as u32)).collect();
    let bpe = BPE::builder()
        .vocab_and_merges(vocab, merges)
        .ignore_merges(ignore_merges)
        .build()
        .map_err(|e| GgufTokenizerError::Build(e.to_string()))?;
    let mut tokenizer = Tokenizer::new(bpe);
    let mut steps: Vec<PreTokenizerWrapper> = Vec::new();
    for re in splits {
        let split = Split::new(SplitPattern::Regex(re.to_string()), SplitDelimiterBehavior::Isolated, false).map_err(|e| GgufTokenizerError::Build(e.to_string()))?;
        steps.push(split.into());
    }
    steps.push(ByteLevel::new(false, false, false).into());
    tokenizer.with_pre_tokenizer(Some(Sequence::new(steps)));
    tokenizer.with_decoder(Some(ByteLevelDecoder::default()));
    let added: Vec<AddedToken> = tokens
        .iter()
        .zip(&types)
        .filter(|(_, &t)| t == TOKEN_CONTROL || t == TOKEN_USER_DEFINED)
        .map(|(s, &t)| AddedToken::from(s.clone(), t == TOKEN_CONTROL).normalized(false))
        .collect();
    tokenizer.add_tokens(added).map_err(|e| GgufTokenizerError::Build(e.to_string()))?;
    let id = |k: &str| ct.metadata.get(k).and_then(|v| v.to_u32().ok());
    let add_bos = ct.metadata.get("tokenizer.ggml.add_bos_token").and_then(|v| v.to_bool().ok()).unwrap_or(false);
    Ok(GgufVocab { tokenizer, bos: id("tokenizer.ggml.bos_token_id"), eos: id("tokenizer.ggml.eos_token_id"), add_bos, pre })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn content(pre: &str, tokens: &[&str], types: &[i32], merges: &[&str]) -> Content {
        let mut metadata = HashMap::new();
        metadata.insert("tokenizer.ggml.model".to_string(), Value::String("gpt2".into()));
        metadata.insert("tokenizer.ggml.pre".to_string(), Value::String(pre.into()));
        metadata.insert("tokenizer.ggml.tokens".to_string(), Value::Array(tokens.iter().map(|t| Value::String(t.to_string())).collect()));
        metadata.insert("tokenizer.ggml.token_type".to_string(), Value::Array(types.iter().map(|&t| Value::I32(t)).collect()));
        metadata.insert("tokenizer.ggml.merges".to_string(), Value::Array(merges.iter().map(|t| Value::String(t.to_string())).collect()));
        metadata.insert("tokenizer.ggml.eos_token_id".to_string(), Value::U32(0));
        Content { magic: candle_core::quantized::gguf_file::VersionedMagic::GgufV3, metadata, tensor_infos: HashMap::new(), tensor_data_offset: 0 }
    }

    /// A byte-level vocabulary: every byte's character, a few merges, one
    /// control token.
    fn tiny(pre: &str) -> Content {
        let map = aurag_core::llm::json::byte_level_decoder();
        let mut bytes: Vec<(char, u8)> = map.into_iter().collect();
        bytes.sort_by_key(|(_, b)| *b);
        let mut tokens: Vec<String> = vec!["<|im_end|>".into()];
        tokens.extend(bytes.iter().map(|(c, _)| c.to_string()));
        for t in ["ab", "Ġa", "Ġab", "12"] {
            tokens.push(t.into());
        }
        let mut types = vec![TOKEN_CONTROL];
        types.extend(std::iter::repeat(1).take(tokens.len() - 1));
        let toks: Vec<&str> = tokens.iter().map(|s| s.as_str()).collect();
        content(pre, &toks, &types, &["Ġ a", "Ġa b", "a b", "1 2"])
    }

    fn ids_to_tokens(t: &Tokenizer, text: &str) -> Vec<String> {
        let enc = t.encode(text, false).unwrap();
        enc.get_ids().iter().map(|&i| t.id_to_token(i).unwrap()).collect()
    }

    #[test]
    fn merges_special_tokens_and_round_trip() {
        let v = from_gguf(&tiny("qwen2")).unwrap();
        assert_eq!(ids_to_tokens(&v.tokenizer, "ab ab<|im_end|>"), ["ab", "Ġab", "<|im_end|>"]);
        // Merges apply by rank: "Ġ a" before "a b", so " ab" is Ġa+b → Ġab.
        assert_eq!(ids_to_tokens(&v.tokenizer, " a"), ["Ġa"]);
        let enc = v.tokenizer.encode("ab ab<|im_end|>", false).unwrap();
        assert_eq!(v.tokenizer.decode(enc.get_ids(), true).unwrap(), "ab ab", "control tokens are skipped when decoding");
        assert_eq!(v.tokenizer.decode(enc.get_ids(), false).unwrap(), "ab ab<|im_end|>");
        let e = v.tokenizer.encode("héllo\n", false).unwrap();
        assert_eq!(v.tokenizer.decode(e.get_ids(), true).unwrap(), "héllo\n", "any UTF-8 round-trips through the byte alphabet");
    }

    #[test]
    fn digits_split_as_the_named_pre_tokenizer_says() {
        // qwen2 and smollm split digits one by one, so "12" never merges;
        // GPT-2's split keeps "12" whole and the merge applies.
        let qwen = from_gguf(&tiny("qwen2")).unwrap();
        assert_eq!(ids_to_tokens(&qwen.tokenizer, "12"), ["1", "2"]);
        let smol = from_gguf(&tiny("smollm")).unwrap();
        assert_eq!(ids_to_tokens(&smol.tokenizer, "12"), ["1", "2"]);
        let gpt2 = from_gguf(&tiny("gpt2")).unwrap();
        assert_eq!(ids_to_tokens(&gpt2.tokenizer, "12"), ["12"]);
    }

    #[test]
    fn an_unknown_pre_tokenizer_or_model_is_an_error_not_a_guess() {
        let err = from_gguf(&tiny("some-new-model")).unwrap_err();
        assert!(matches!(err, GgufTokenizerError::Unsupported { ref pre, .. } if pre == "some-new-model"), "{err}");
        assert!(err.to_string().contains("tokenizer.json"));
        let mut ct = tiny("qwen2");
        ct.metadata.insert("tokenizer.ggml.model".into(), Value::String("llama".into()));
        assert!(matches!(from_gguf(&ct), Err(GgufTokenizerError::Unsupported { .. })));
        ct.metadata.remove("tokenizer.ggml.model");
        assert!(matches!(from_gguf(&ct), Err(GgufTokenizerError::Missing { .. })));
    }
}
