//! `aurag selftest` end to end: the generated bad-input corpus plus the
//! committed one, 20 kill -9 runs each for ingest and guide import, and the
//! hostile queries. Every count must come out clean.

use crate::common;

use std::process::Command;

#[test]
fn selftest_counts_no_panic_hang_or_loss_and_recovers_every_kill() {
    let tmp = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_aurag"))
        .args(["selftest", "--kill-runs", "20", "--seed", "11", "--json", "--scratch"])
        .arg(tmp.path())
        .arg("--corpus")
        .arg(common::bad())
        .arg("--sample")
        .arg(common::sample())
        .output()
        .unwrap();
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    let n = |k: &str| r[k].as_u64().unwrap_or_else(|| panic!("{k} missing"));
    assert!(n("files_tried") >= 100 + 12, "{}", n("files_tried"));
    assert_eq!(n("files_tried"), n("ok") + n("clear_errors"), "problems: {}", r["problems"]);
    assert!(n("clear_errors") >= 50 && n("ok") >= 10, "a corpus of mostly broken files: {} errors, {} ok", n("clear_errors"), n("ok"));
    for k in ["unclear_errors", "panics", "crashes", "hangs", "store_changed_after_failure"] {
        let bad: Vec<_> = r["files"].as_array().unwrap().iter().filter(|f| f["outcome"] != "ok" && f["outcome"] != "clear_error" || f["store_unchanged"] == false).collect();
        assert_eq!(n(k), 0, "{k}: {bad:#?}");
    }
    assert_eq!((n("kill_recovered"), n("kill_runs")), (20, 20), "{}", r["problems"]);
    assert_eq!((n("guide_kill_recovered"), n("guide_kill_runs")), (20, 20), "{}", r["problems"]);
    assert!(n("hostile_queries") >= 30);
    assert_eq!(n("hostile_refused"), n("hostile_queries"), "{}", r["problems"]);
    assert_eq!(r["sql_file_unchanged"], true);
    // The named cases are in the corpus and fail or pass the right way.
    let outcome = |name: &str| {
        r["files"].as_array().unwrap().iter().find(|f| f["file"].as_str().unwrap().ends_with(name)).map(|f| (f["outcome"].as_str().unwrap().to_string(), f["code"].as_str().unwrap().to_string())).unwrap_or_else(|| panic!("{name} not tried"))
    };
    assert_eq!(outcome("bomb.xlsx"), ("clear_error".into(), "too_large".into()));
    assert_eq!(outcome("loop_a.csv"), ("clear_error".into(), "symlink_loop".into()));
    assert_eq!(outcome("encrypted.pdf"), ("clear_error".into(), "encrypted".into()));
    assert_eq!(outcome("fts5.db").0, "ok");
    assert_eq!(outcome("without_rowid.db").0, "ok");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}
