//! # aurag: the agent and the workspace
//!
//! The AU-RAG agent ([`agent`]: intent, guides, source selection,
//! extraction, answers) and [`workspace::Workspace`], the front door the CLI
//! and the desktop app call. The layers below are re-exported under their
//! module names, so a front end depends on this crate alone:
//! [`aurag_core`] (data model, stage traits), [`aurag_models`] (Candle
//! models, model manager), [`aurag_ingest`] (loaders), [`aurag_store`]
//! (LanceDB). ARCHITECTURE.md draws the crates and the data flow.

pub use aurag_core::{action, answer, bm25, chunk, describe, guide, source, table, tabular, text};
pub use aurag_ingest::{loader, ocr};
pub use aurag_models::manager as models;
pub use aurag_models::{embed, llm, rerank, weights};
pub use aurag_store as store;

pub mod agent;
pub mod conversation;
pub mod export;
pub mod reembed;
pub mod render;
pub mod sql;
pub mod tabledb;
pub mod watch;
pub mod workspace;

pub use embed::{Embedder, HashingEmbedder, InputKind};
pub use rerank::{LexicalReranker, Reranker};
pub use source::{Content, ContentType, SourceKind, SourceObject};
pub use store::{LanceStore, MemoryStore, Store};
pub use workspace::Workspace;
