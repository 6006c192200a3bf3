//! `aurag models pull` against a hub: a small HTTP server here serves a
//! tiny random cross-encoder the way huggingface.co does
//! (`/{repo}/resolve/{revision}/{path}`), so the real download path runs:
//! progress, per-file repositories, hashes from the manifest, hashes pinned
//! at first pull, refusal of files that do not match, and loading what was
//! pulled.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use aurag::models::{self, Manifest, PullEvent, Role};
use aurag::rerank::cross::CrossEncoder;
use aurag::rerank::Reranker;
use aurag_testkit::{self as testkit, TinyHead};
use sha2::{Digest, Sha256};

/// Files by URL path; requests counted.
#[derive(Clone, Default)]
struct Hub {
    files: Arc<Mutex<HashMap<String, Vec<u8>>>>,
    requests: Arc<AtomicUsize>,
}

impl Hub {
    fn put(&self, url_path: &str, bytes: Vec<u8>) {
        self.files.lock().unwrap().insert(url_path.to_string(), bytes);
    }

    /// Serves until the test process ends; returns the base URL.
    fn serve(&self) -> String {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let hub = self.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut line = String::new();
                if reader.read_line(&mut line).is_err() {
                    continue;
                }
                // Drain the headers.
                let mut h = String::new();
                while reader.read_line(&mut h).is_ok_and(|n| n > 2) {
                    h.clear();
                }
                hub.requests.fetch_add(1, Ordering::SeqCst);
                let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
                let body = hub.files.lock().unwrap().get(&path).cloned();
                let mut out = stream;
                let _ = match body {
                    Some(b) => {
                        let _ = write!(out, "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n", b.len());
                        out.write_all(&b)
                    }
                    None => write!(out, "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"),
                };
            }
        });
        base
    }
}

fn sha(b: &[u8]) -> String {
    hex::encode(Sha256::digest(b))
}

/// A manifest entry as a user would write it: config.json pinned by the
/// manifest, tokenizer.json from another repository, weights unpinned.
fn manifest(config_sha: &str) -> Manifest {
    Manifest::parse(&format!(
        r#"
[[model]]
name = "tiny-ce"
role = "reranker"
hub_repo = "org/tiny-ce"
revision = "main"
license = "MIT"
files = [
  {{ path = "config.json", sha256 = "{config_sha}" }},
  {{ path = "tokenizer.json", hub_repo = "org/tiny-base", revision = "v1" }},
  {{ path = "model.safetensors" }},
]
"#
    ))
    .unwrap()
}

fn tiny_files() -> (Vec<u8>, Vec<u8>, Vec<u8>) {
    let head = TinyHead::BertClassifier;
    (
        testkit::tiny_cross_encoder_config(head).into_bytes(),
        testkit::tiny_tokenizer_json().into_bytes(),
        testkit::tiny_bert_safetensors(3, head),
    )
}

fn details(spec: &models::ModelSpec, dir: &Path) -> Vec<(String, bool, String)> {
    models::verify(spec, dir).into_iter().map(|s| (s.path, s.ok, s.detail)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pull_downloads_with_progress_pins_unpinned_files_and_refuses_mismatches() {
    let (config, tokenizer, weights) = tiny_files();
    let hub = Hub::default();
    hub.put("/org/tiny-ce/resolve/main/config.json", config.clone());
    hub.put("/org/tiny-base/resolve/v1/tokenizer.json", tokenizer.clone());
    hub.put("/org/tiny-ce/resolve/main/model.safetensors", weights.clone());
    let base = hub.serve();
    let m = manifest(&sha(&config));
    let spec = m.get("tiny-ce").unwrap().clone();
    assert_eq!(spec.role, Role::Reranker);
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();

    // First pull: every file, with byte progress, each verified.
    let mut events = Vec::new();
    models::pull_from(&spec, dir, &base, &mut |e| events.push(e)).await.unwrap();
    let last_bytes = events.iter().rev().find_map(|e| match e {
        PullEvent::File { path, bytes, total } if path == "model.safetensors" => Some((*bytes, *total)),
        _ => None,
    });
    assert_eq!(last_bytes, Some((weights.len() as u64, Some(weights.len() as u64))));
    let done: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            PullEvent::Verified { path } => Some(format!("verified {path}")),
            PullEvent::Pinned { path, sha256 } => Some(format!("pinned {path} {sha256}")),
            _ => None,
        })
        .collect();
    assert_eq!(done, ["verified config.json".to_string(), format!("pinned tokenizer.json {}", sha(&tokenizer)), format!("pinned model.safetensors {}", sha(&weights))]);
    let target = dir.join("tiny-ce");
    assert_eq!(std::fs::read(target.join("tokenizer.json")).unwrap(), tokenizer, "fetched from the file's own repository");

    // The unpinned files are pinned, in sha256sum's format; config.json is
    // held to the manifest's hash instead.
    let pins = std::fs::read_to_string(target.join(models::PINS_FILE)).unwrap();
    assert_eq!(pins, format!("{}  model.safetensors\n{}  tokenizer.json\n", sha(&weights), sha(&tokenizer)));
    let d = details(&spec, dir);
    assert!(d.iter().all(|(_, ok, _)| *ok), "{d:?}");
    assert_eq!(d[0].2, "sha256 ok");
    assert_eq!(d[2].2, "sha256 ok (pinned at first pull)");
    assert!(models::is_installed(&spec, dir));

    // What was pulled loads and scores.
    let ce = CrossEncoder::load(&target, "tiny-ce", None, &candle_core::Device::Cpu).unwrap();
    assert!(ce.score("net income", &["net income rose", "cash"]).unwrap().iter().all(|s| s.is_finite()));

    // Nothing to do when everything verifies: no request is made.
    let before = hub.requests.load(Ordering::SeqCst);
    models::pull_from(&spec, dir, &base, &mut |_| {}).await.unwrap();
    assert_eq!(hub.requests.load(Ordering::SeqCst), before);

    // A local file changed after the pin: verify says so. The hub now
    // serving other weights as well: the re-pull is refused, since they do
    // not match the pin; the hub serving the pinned bytes again repairs it.
    std::fs::write(target.join("model.safetensors"), b"tampered").unwrap();
    let d = details(&spec, dir);
    assert!(!d[2].1 && d[2].2.contains(&sha(&weights)), "{d:?}");
    hub.put("/org/tiny-ce/resolve/main/model.safetensors", testkit::tiny_bert_safetensors(4, TinyHead::BertClassifier));
    let err = models::pull_from(&spec, dir, &base, &mut |_| {}).await.unwrap_err();
    assert_eq!(err.code(), "checksum", "{err}");
    assert!(err.to_string().contains("pinned at the first pull") && err.to_string().contains("SHA256SUMS"), "{err}");
    assert!(!target.join("model.part").exists(), "a refused download leaves no partial file");
    hub.put("/org/tiny-ce/resolve/main/model.safetensors", weights.clone());
    models::pull_from(&spec, dir, &base, &mut |_| {}).await.unwrap();
    assert!(models::is_installed(&spec, dir));

    // A file that does not match the manifest's own hash is never installed.
    let fresh = tmp.path().join("fresh");
    hub.put("/org/tiny-ce/resolve/main/config.json", b"{\"not\": \"the pinned config\"}".to_vec());
    let err = models::pull_from(&spec, &fresh, &base, &mut |_| {}).await.unwrap_err();
    assert_eq!(err.code(), "checksum", "{err}");
    assert!(!fresh.join("tiny-ce/config.json").exists());

    // An unreachable hub (and no wheel) is a clear error naming both.
    let err = models::pull_from(&spec, &tmp.path().join("none"), "http://127.0.0.1:9", &mut |_| {}).await.unwrap_err();
    assert_eq!(err.code(), "unavailable", "{err}");
}

#[test]
fn import_pins_unpinned_files_too_and_names_resolve_to_installed_models() {
    let (config, tokenizer, weights) = tiny_files();
    let tmp = tempfile::tempdir().unwrap();
    let from = tmp.path().join("from");
    std::fs::create_dir_all(&from).unwrap();
    std::fs::write(from.join("config.json"), &config).unwrap();
    std::fs::write(from.join("tokenizer.json"), &tokenizer).unwrap();
    std::fs::write(from.join("model.safetensors"), &weights).unwrap();
    let m = manifest(&sha(&config));
    let spec = m.get("tiny-ce").unwrap();
    let dir = tmp.path().join("models");
    models::import(spec, &from, &dir).unwrap();
    assert!(models::is_installed(spec, &dir), "{:?}", details(spec, &dir));

    // The built-in manifest's reranker and LLM, by name: not installed here.
    let err = models::resolve(Path::new("ms-marco-minilm-l6-v2"), Role::Reranker, &dir).unwrap_err();
    assert_eq!(err.code(), "not_installed");
    let err = models::resolve(Path::new("qwen2.5-0.5b-instruct"), Role::Llm, &dir).unwrap_err();
    assert!(err.to_string().contains("aurag models pull qwen2.5-0.5b-instruct"), "{err}");
    // A path is taken as it is.
    assert_eq!(models::resolve(&from, Role::Reranker, &dir).unwrap(), from);
}
