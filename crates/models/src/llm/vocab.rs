//! A tokenizer's vocabulary as bytes, for the JSON-schema mask
//! ([`aurag_core::llm::json::TokenTrie`]).

use aurag_core::llm::json::byte_level_decoder;

/// The bytes each token of `tokenizer` stands for: byte-level BPE
/// vocabularies are mapped back through [`byte_level_decoder`];
/// SentencePiece-style ones turn `▁` into a space and `<0xNN>` into its
/// byte. Special (added) tokens are `None`.
pub fn token_bytes(tokenizer: &tokenizers::Tokenizer) -> Vec<Option<Vec<u8>>> {
    let vocab = tokenizer.get_vocab(true);
    let size = vocab.values().copied().max().map(|m| m as usize + 1).unwrap_or(0);
    let special: std::collections::HashSet<u32> = tokenizer.get_added_tokens_decoder().iter().filter(|(_, t)| t.special).map(|(id, _)| *id).collect();
    let byte_level = matches!(tokenizer.get_decoder(), Some(tokenizers::DecoderWrapper::ByteLevel(_)));
    let map = byte_level_decoder();
    let mut out = vec![None; size];
    for (tok, id) in vocab {
        if special.contains(&id) {
            continue;
        }
        let bytes = if byte_level {
            tok.chars().map(|c| map.get(&c).copied()).collect::<Option<Vec<u8>>>()
        } else if tok.len() == 6 && tok.starts_with("<0x") && tok.ends_with('>') {
            u8::from_str_radix(&tok[3..5], 16).ok().map(|b| vec![b])
        } else {
            Some(tok.replace('\u{2581}', " ").into_bytes())
        };
        out[id as usize] = bytes;
    }
    out
}
