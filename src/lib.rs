//! # aurag — Agent-based Universal RAG over an analyst's own files
//!
//! The core library. It has no UI dependency: the CLI (`src/bin/aurag.rs`)
//! and the desktop app (`src-tauri/`) are thin front ends over
//! [`workspace::Workspace`]. Data flows
//! file → [`loader`] → [`source::SourceObject`] → [`describe`] →
//! [`embed`] → [`store`]; ARCHITECTURE.md draws it.

pub mod action;
pub mod agent;
pub mod bm25;
pub mod bench;
pub mod chunk;
pub mod describe;
pub mod embed;
pub mod fuzz;
pub mod eval;
pub mod guide;
pub mod llm;
pub mod loader;
pub mod models;
pub mod reader;
pub mod render;
pub mod rerank;
pub mod selftest;
pub mod source;
pub mod sql;
pub mod store;
pub mod table;
#[doc(hidden)]
pub mod testkit;
pub mod text;
pub mod workspace;

pub use embed::{Embedder, HashingEmbedder, InputKind};
pub use rerank::{LexicalReranker, Reranker};
pub use source::{Content, ContentType, SourceKind, SourceObject};
pub use store::{LanceStore, MemoryStore, Store};
pub use workspace::Workspace;
