//! The embedding stage: the core's [`Embedder`] trait and its hashing double,
//! plus the Candle BERT embedder ([`bert`]) and the encoder it runs
//! ([`encoder`]).

pub use aurag_core::embed::*;

pub mod bert;
pub mod encoder;
