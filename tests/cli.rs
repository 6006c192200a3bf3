//! The `aurag` binary as a user runs it: JSON shapes, exit codes, and the
//! commands that inspect and edit a workspace.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use common::*;
use serde_json::Value;

fn aurag(ws: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_aurag")).arg("--workspace").arg(ws).args(args).output().expect("run aurag")
}

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&o.stdout)))
}

#[test]
fn ingest_sources_show_remove_round_trip() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = tmp.path().join("ws");
    let sample = sample();

    let out = aurag(&ws, &["ingest", sample.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let r = json(&out);
    assert_eq!(r["ingested"].as_array().unwrap().len(), 3);
    assert!(r["failed"].as_array().unwrap().is_empty());
    for f in r["ingested"].as_array().unwrap() {
        assert!(f["file"].is_string());
        assert!(!f["source_ids"].as_array().unwrap().is_empty());
    }

    let out = aurag(&ws, &["sources", "--json"]);
    assert_eq!(out.status.code(), Some(0));
    let list = json(&out);
    let list = list.as_array().unwrap();
    for s in list {
        for k in ["id", "content_type", "kind", "file", "locator", "description", "tags"] {
            assert!(!s[k].is_null(), "key {k} in {s}");
        }
    }
    let texts = list.iter().filter(|s| s["content_type"] == "text").count();
    let tables = list.iter().filter(|s| s["content_type"] == "table").count();
    assert!(texts >= 1, "{texts}");
    assert_eq!(tables, 3 + 2 + 3, "3 PDF tables, 2 sheets, 3 SQLite tables/views");
    assert!(list.iter().any(|s| s["locator"]["pages"].is_array()));
    assert!(list.iter().any(|s| s["locator"]["sheet"] == "Net sales by region"));
    assert!(list.iter().any(|s| s["locator"]["table"] == "goodwill_by_segment" && s["kind"] == "dynamic"));

    // show: a table's cells with coordinates and typed values.
    let sheet = list.iter().find(|s| s["locator"]["sheet"] == "Net sales by region").unwrap();
    let out = aurag(&ws, &["show", sheet["id"].as_str().unwrap(), "--json"]);
    let shown = json(&out);
    let cells = shown["table"]["cells"].as_array().unwrap();
    let b5 = cells.iter().find(|c| c["address"] == "Net sales by region!B5").unwrap();
    assert_eq!(b5["value"], 479987.0);
    assert_eq!(b5["type"], "number");
    assert_eq!(b5["text"], "$479,987");
    let out = aurag(&ws, &["show", sheet["id"].as_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("$479,987"), "{text}");
    assert!(text.contains("| A "), "sheet column letters shown: {text}");

    // show: a text object's numbered sentences with pages.
    let txt = list.iter().find(|s| s["content_type"] == "text" && s["file"].as_str().unwrap().ends_with(".pdf")).unwrap();
    let out = aurag(&ws, &["show", txt["id"].as_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    // Numbered from 1, as citations count ("sentence 2 (page 1)").
    assert!(text.contains("[1] (p.1)") && !text.contains("[0]"), "{text}");

    // refresh re-runs the SQL of dynamic objects.
    let out = aurag(&ws, &["refresh", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(json(&out)["refreshed"].as_array().unwrap().len(), 3);

    // remove by id, then by file.
    let out = aurag(&ws, &["remove", sheet["id"].as_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let out = aurag(&ws, &["remove", "--file", sample.join("operations.db").to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("removed 3 objects"));
    let left = json(&aurag(&ws, &["sources", "--json"]));
    assert_eq!(left.as_array().unwrap().len(), list.len() - 4);

    // Unknown id: a clear error and a non-zero exit.
    let out = aurag(&ws, &["show", "tbl_doesnotexist"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no source object with id 'tbl_doesnotexist'"));
}

#[test]
fn partial_failure_exits_2_and_keeps_the_good_files() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = tmp.path().join("ws");
    let good = tmp.path().join("good.md");
    std::fs::write(&good, "Revenue rose 5% in 2019.\n").unwrap();
    let bad = bad().join("encrypted.pdf");
    let out = aurag(&ws, &["ingest", good.to_str().unwrap(), bad.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(2));
    let r = json(&out);
    assert_eq!(r["ingested"].as_array().unwrap().len(), 1);
    let failed = &r["failed"][0];
    assert!(failed["file"].as_str().unwrap().ends_with("encrypted.pdf"));
    assert_eq!(failed["code"], "encrypted");
    assert!(failed["error"].as_str().unwrap().contains("encrypted PDF"));
    assert_eq!(json(&aurag(&ws, &["sources", "--json"])).as_array().unwrap().len(), 1);
    // Human output names the failure too.
    let out = aurag(&ws, &["ingest", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stdout).contains("FAIL"));
}

#[test]
fn workspace_comes_from_the_environment() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = tmp.path().join("env-ws");
    let f = tmp.path().join("a.txt");
    std::fs::write(&f, "One sentence here.").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_aurag")).env("AURAG_WORKSPACE", &ws).args(["ingest", f.to_str().unwrap()]).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(ws.join("lance").exists());
}

#[test]
fn embed_models_and_bench_embed_commands() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = tmp.path().join("ws");
    let f = tmp.path().join("lines.txt");
    std::fs::write(&f, "Revenue grew in 2019.\nGoodwill was not impaired.\n").unwrap();

    // Hashing embedder: always available.
    let out = aurag(&ws, &["--embedder", "hashing", "embed", "--file", f.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v = json(&out);
    assert_eq!(v["model"], "hashing-v2-384");
    assert_eq!(v["dim"], 384);
    assert_eq!(v["vectors"].as_array().unwrap().len(), 2);

    let out = aurag(&ws, &["models", "list", "--json"]);
    let list = json(&out);
    let minilm = list.as_array().unwrap().iter().find(|m| m["name"] == "all-minilm-l6-v2").expect("manifest lists MiniLM");
    assert_eq!(minilm["role"], "embedder");

    // Unknown models are named in the error.
    let out = aurag(&ws, &["models", "pull", "no-such-model"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no model named 'no-such-model'"));

    // The test script installs MiniLM; a machine that cannot fetch it opts
    // out by name (AURAG_SKIP_MODEL_TESTS), never by silently passing.
    if minilm["installed"] != true {
        assert!(std::env::var_os("AURAG_SKIP_MODEL_TESTS").is_some(), "all-minilm-l6-v2 is not installed: run `aurag models pull all-minilm-l6-v2`");
        eprintln!("SKIPPED: MiniLM parts of this test (model not installed, AURAG_SKIP_MODEL_TESTS set)");
        return;
    }
    let out = aurag(&ws, &["models", "verify"]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("model.safetensors    sha256 ok"));
    let out = aurag(&ws, &["--embedder", "all-minilm-l6-v2", "embed", "--file", f.to_str().unwrap(), "--json"]);
    let v = json(&out);
    assert_eq!(v["dim"], 384);
    assert!(v["model"].as_str().unwrap().starts_with("all-minilm-l6-v2"));
    let out = aurag(&ws, &["bench", "embed", "--texts", f.to_str().unwrap(), "--no-reference", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let b = json(&out);
    for k in ["texts", "tokens", "seconds", "texts_per_s"] {
        assert!(b[k].is_number(), "{k} in {b}");
    }
    assert_eq!(b["texts"], 2);
}

#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    // `aurag show BIG | head -1`: more output than a pipe holds, and the
    // reader leaves after one line. Printing must not panic (exit 101).
    let tmp = tempfile::tempdir().unwrap();
    let ws = tmp.path().join("ws");
    let csv = tmp.path().join("big.csv");
    let mut body = String::from("Item,2019,2018\n");
    for i in 0..5_000 {
        body.push_str(&format!("Line item number {i},{i}.5,{}.25\n", i + 1));
    }
    std::fs::write(&csv, body).unwrap();
    let out = aurag(&ws, &["ingest", csv.to_str().unwrap(), "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let id = json(&out)["ingested"][0]["source_ids"][0].as_str().unwrap().to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_aurag"))
        .arg("--workspace")
        .arg(&ws)
        .args(["show", &id])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().unwrap()), &mut first).unwrap();
    assert!(!first.is_empty());
    // The reader is gone now (BufReader and the pipe dropped).
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_ne!(out.status.code(), Some(101), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn reembed_switches_a_workspace_to_another_embedder_from_the_command_line() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = tmp.path().join("ws");
    let sample = sample();
    let out = aurag(&ws, &["--embedder", "hashing", "ingest", sample.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));

    // Asking with another embedder fails with the way out in the message.
    let q = "What were total sales in 2018?";
    let out = aurag(&ws, &["--embedder", "hashing-256", "ask", q, "--json"]);
    assert_ne!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("aurag reembed") && err.contains("hashing-v2-384"), "{err}");

    let out = aurag(&ws, &["--embedder", "hashing-256", "reembed", "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let r = json(&out);
    assert_eq!((r["from"].as_str(), r["to"].as_str(), r["unchanged"].as_bool()), (Some("hashing-v2-384"), Some("hashing-v2-256"), Some(false)));
    assert!(r["objects"].as_u64().unwrap() > 3, "{r}");

    let out = aurag(&ws, &["--embedder", "hashing-256", "ask", q, "--json"]);
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(json(&out)["answer"], "$1,202.9 (million)");
    let out = aurag(&ws, &["--embedder", "hashing", "sources"]);
    assert_ne!(out.status.code(), Some(0), "the old embedder is now the mismatched one");
}
