//! # aurag-ingest: files to source objects
//!
//! The [`loader::Loader`] trait and its loaders (PDF, sheets, CSV, SQLite,
//! plain text, Word, PowerPoint, HTML, images by OCR), their limits, errors with stable codes, and the panic guard.
//! It needs the core only: loaders chunk text through the core's
//! [`aurag_core::embed::Embedder`] trait, whatever model is behind it.

use aurag_core::{chunk, embed, source, table, tabular, text};

pub mod loader;
pub mod ocr;
