//! # aurag-models: the models, run in process with Candle
//!
//! The real implementations of the core's model stages: the BERT sentence
//! embedder ([`embed::bert`]), the cross-encoder reranker ([`rerank::cross`]),
//! GGUF language models with our own CPU decoder ([`llm::gguf`],
//! [`llm::decoder`]), and the model manager ([`manager`]): the manifest, the
//! only code that downloads, and sha256 checks. Model code takes paths or
//! bytes; only the manager fetches.

pub mod embed;
pub mod llm;
pub mod manager;
pub mod rerank;
pub mod weights;
