//! The integration tests, one binary: each file below was its own test
//! target, and each linked LanceDB and Candle on its own (nineteen links of
//! the same libraries). As modules of one target they are compiled and
//! linked once; `cargo test --test integration MODULE::` runs one file's tests.

mod common;

mod agent;
mod bad_input;
mod cli;
mod concurrency;
mod conversation;
mod embedder;
mod eval;
mod fuzz_regressions;
mod ingest;
mod llm;
mod llm_agent;
mod model_pull;
mod reranker;
mod selftest;
mod sql_sandbox;
mod store;
mod ocr;
mod reembed;
mod s3;
mod tables;
mod watch;
