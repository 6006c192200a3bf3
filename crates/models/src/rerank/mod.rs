//! The reranking stage: the core's [`Reranker`] trait and its lexical double,
//! plus the Candle cross-encoder ([`cross`]).

pub use aurag_core::rerank::*;

pub mod cross;
