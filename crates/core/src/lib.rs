//! # aurag-core: the data model and the pipeline's stage traits
//!
//! The bottom layer: source objects and their provenance, sentences and
//! tokens, typed table grids, retrieval actions, extraction guides, and one
//! trait per pipeline stage with its deterministic double ([`embed::Embedder`]
//! and [`embed::HashingEmbedder`], [`rerank::Reranker`] and
//! [`rerank::LexicalReranker`], [`llm::LanguageModel`] and
//! [`llm::ScriptedModel`]). No I/O and no model weights: the loaders, the
//! store and the Candle models sit in crates above it, so a change to any of
//! them leaves this crate, and every crate beside them, unbuilt.

pub mod action;
pub mod answer;
pub mod bm25;
pub mod chunk;
pub mod describe;
pub mod embed;
pub mod guide;
pub mod llm;
pub mod rerank;
pub mod source;
pub mod table;
pub mod tabular;
pub mod text;
