//! Bytes → source objects: the first byte picks the format (PDF, xlsx, xls,
//! ods, csv, text, Markdown, SQLite), the rest is the file.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    aurag_eval::fuzz::load_any(data);
});
