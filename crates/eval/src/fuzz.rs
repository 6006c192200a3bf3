//! Entry points for fuzzing: bytes → source objects, and text → actions.
//!
//! The loaders run under [`crate::loader::guarded`], as in the app, and a
//! caught panic is re-raised when it happened in our own code: a panic in
//! a dependency (pdf-extract has `unwrap`s on malformed object graphs) is
//! contained and reported as a `parser_crash` error naming the crate and
//! line, which is the product's contract; a panic in `src/` is a bug the
//! fuzzer must see. The action parser runs unguarded. The cargo-fuzz
//! targets in `fuzz/` and the stable-toolchain regression test
//! (`tests/fuzz_regressions.rs`: saved crashing inputs plus a seeded
//! mutation loop over real files) both go through here.

use std::path::Path;
use std::sync::OnceLock;

use crate::action::RetrievalAction;
use crate::loader::{default_loaders, LoadContext};
use crate::source::SourceObject;

/// The formats [`load_bytes`] tries, chosen by the fuzzer's first byte.
pub const EXTENSIONS: [&str; 8] = ["pdf", "xlsx", "xls", "ods", "csv", "txt", "md", "db"];

/// Runs every loader that accepts a file named `input.<ext>` with these
/// bytes on them (SQLite gets a temporary file, as it reads by path) and
/// returns how many objects came out. Errors are fine; panics are bugs.
pub fn load_bytes(ext: &str, data: &[u8]) -> usize {
    let ctx = LoadContext::default();
    let dir = std::env::temp_dir().join(format!("aurag-fuzz-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("input.{ext}"));
    if ext == "db" {
        let _ = std::fs::write(&path, data);
    }
    let head = &data[..data.len().min(512)];
    let mut n = 0;
    for l in default_loaders() {
        if l.accepts(&path, head) {
            match crate::loader::guarded(&path, l.name(), || l.load(&path, data, "fuzz", &ctx)) {
                Ok(loaded) => {
                    // A PDF page that crashes is skipped with a warning that
                    // carries the panic's location.
                    if let Some(w) = loaded.warnings.iter().find(|w| is_ours(w)) {
                        panic!("{} loader panicked in our code: {w}", l.name());
                    }
                    n += loaded.objects.len()
                }
                Err(crate::loader::LoadError::Panicked { message, .. }) if is_ours(&message) => panic!("{} loader panicked in our code: {message}", l.name()),
                Err(_) => {}
            }
        }
    }
    n
}

/// Whether a caught panic's location (`… (at FILE:LINE)`) is in this crate.
fn is_ours(message: &str) -> bool {
    message.rsplit_once("(at ").is_some_and(|(_, at)| at.starts_with("src/"))
}

/// The first byte picks the format, the rest is the file.
pub fn load_any(data: &[u8]) -> usize {
    match data.split_first() {
        Some((k, rest)) => load_bytes(EXTENSIONS[*k as usize % EXTENSIONS.len()], rest),
        None => 0,
    }
}

/// A text object and a table object for the action parser to aim at.
fn targets() -> &'static [SourceObject] {
    static OBJECTS: OnceLock<Vec<SourceObject>> = OnceLock::new();
    OBJECTS.get_or_init(|| {
        let ctx = LoadContext::default();
        let mut out = Vec::new();
        let inputs: [(&str, &[u8]); 2] = [
            ("t.csv", b"Item,2019,2018\nRevenue,100,90\nCost,40,38\n"),
            ("t.txt", b"Revenue grew by 10% in 2019. Costs were flat. The board met twice."),
        ];
        for (name, bytes) in inputs {
            for l in default_loaders() {
                if l.accepts(Path::new(name), bytes) {
                    if let Ok(loaded) = l.load(Path::new(name), bytes, "fuzz", &ctx) {
                        out.extend(loaded.objects);
                    }
                }
            }
        }
        out
    })
}

/// Parses `data` as a hand-written action against each target object, as a
/// JSON action, and as guides; executes whatever parses. Returns how many
/// parsed. Errors are fine; panics are bugs.
pub fn parse_actions(data: &[u8]) -> usize {
    let text = String::from_utf8_lossy(data);
    let mut n = 0;
    for obj in targets() {
        if let Ok(a) = RetrievalAction::parse(&text, obj) {
            n += 1;
            let _ = a.evidence_keys(obj);
            let _ = a.contexts(obj);
            let _ = crate::agent::extract::execute(&a, obj, &crate::sql::SqlLimits::default());
        }
        for kind in ["sentences", "cells", "sql"] {
            if RetrievalAction::of_kind(kind, obj, &text).is_ok() {
                n += 1;
            }
        }
    }
    if let Ok(a) = serde_json::from_slice::<RetrievalAction>(data) {
        n += 1;
        for obj in targets() {
            let _ = a.evidence_keys(obj);
        }
    }
    if let Ok(g) = crate::guide::parse_guides(data, "fuzz") {
        n += g.len();
    }
    n
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_panics_in_our_sources_count_as_ours() {
        assert!(super::is_ours("index out of bounds (at src/loader/pdf.rs:120)"));
        assert!(!super::is_ours("missing object reference (at pdf-extract-0.12.1/src/lib.rs:177)"));
        assert!(!super::is_ours("no location"));
        let at = "/root/.cargo/registry/src/index.crates.io-1949cf8c6b5b557f/pdf-extract-0.12.1/src/lib.rs:177";
        assert_eq!(crate::loader::short_location(at), "pdf-extract-0.12.1/src/lib.rs:177");
    }
}
