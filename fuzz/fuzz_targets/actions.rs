//! Text → retrieval actions (hand-written and JSON) and guides, executed
//! against a text and a table object when they parse.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    aurag_eval::fuzz::parse_actions(data);
});
