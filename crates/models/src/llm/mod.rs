//! The language-model stage: the core's [`LanguageModel`] trait, templates,
//! stop rules and JSON-schema matcher, plus the GGUF models ([`gguf`]), our
//! CPU decoder ([`decoder`], [`qmatmul`], [`quants`], [`vecmath`]), the tokenizer and
//! chat template a GGUF file carries ([`gguf_tokenizer`], [`template`]) and
//! the vocabulary's token bytes ([`vocab`]) that the schema mask walks.

pub use aurag_core::llm::*;

pub mod decoder;
pub mod gguf;
pub mod gguf_tokenizer;
pub mod qmatmul;
pub mod quants;
pub mod template;
pub mod vecmath;
pub mod vocab;
