//! A team workspace on S3-compatible object storage, against a real S3
//! server on 127.0.0.1 (moto's, with its credential checks on; started by
//! `scripts/s3_server.py` from the venv `scripts/setup.sh` fills), not a
//! mock of the client: ingest and ask, a second analyst who sees the
//! first's sources and guides, two processes ingesting at once, a writer
//! killed in the middle of a commit, and credentials that are wrong.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::sync::Arc;
use std::time::Duration;

use aurag::agent::Agent;
use aurag::{Embedder, HashingEmbedder, Store, Workspace};
use common::*;

/// The S3 server of one test, stopped when dropped.
struct S3Server {
    child: Child,
    /// Commands to the server (`stall`, `drop`, `pass`).
    control: std::sync::Mutex<ChildStdin>,
    /// The lines it prints after its first.
    said: Receiver<String>,
    endpoint: String,
    bucket: String,
    key: String,
    secret: String,
    wrong_secret: String,
}

impl Drop for S3Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl S3Server {
    /// Starts one, or `None` where moto is not installed (never under CI).
    fn start() -> Option<S3Server> {
        let venv = std::env::var_os("AURAG_VENV").map(PathBuf::from).unwrap_or_else(|| dirs_home().join(".cache/aurag/venv"));
        let python = venv.join("bin/python");
        let has_moto = Command::new(&python).args(["-c", "import moto, boto3"]).stdout(Stdio::null()).stderr(Stdio::null()).status().is_ok_and(|s| s.success());
        if !has_moto {
            assert!(std::env::var_os("CI").is_none(), "moto[server] must be installed under CI (scripts/setup.sh puts it in {})", venv.display());
            eprintln!("s3: SKIPPED — moto is not installed in {} (bash scripts/setup.sh installs it)", venv.display());
            return None;
        }
        let mut child = Command::new(&python)
            .arg(repo().join("scripts/s3_server.py"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the S3 server");
        let (tx, said) = channel();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let line = lines.next().and_then(|l| l.ok()).unwrap_or_default();
        std::thread::spawn(move || {
            for l in lines.map_while(Result::ok) {
                if tx.send(l).is_err() {
                    break;
                }
            }
        });
        let v: serde_json::Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("the server said {line:?}: {e}"));
        let s = |k: &str| v[k].as_str().unwrap().to_string();
        let control = std::sync::Mutex::new(child.stdin.take().unwrap());
        Some(S3Server { endpoint: s("endpoint"), bucket: s("bucket"), key: s("key"), secret: s("secret"), wrong_secret: s("wrong_secret"), control, said, child })
    }

    /// Tells the server `command` (see scripts/s3_server.py).
    fn tell(&self, command: &str) {
        let mut control = self.control.lock().unwrap();
        writeln!(control, "{command}").and_then(|_| control.flush()).expect("the server's stdin");
    }

    /// Waits until the server holds the commit `stall` armed; its key.
    fn stalled(&self) -> String {
        let line = self.said.recv_timeout(Duration::from_secs(120)).expect("no commit was held within two minutes");
        let v: serde_json::Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("the server said {line:?}: {e}"));
        v["stalled"].as_str().unwrap_or_else(|| panic!("the server said {line:?}")).to_string()
    }

    fn uri(&self, prefix: &str) -> String {
        format!("s3://{}/{prefix}", self.bucket)
    }

    /// LanceDB's options for this server, with `secret`.
    fn options(&self, secret: &str) -> Vec<(String, String)> {
        [("aws_endpoint", self.endpoint.as_str()), ("allow_http", "true"), ("aws_region", "us-east-1"), ("aws_access_key_id", &self.key), ("aws_secret_access_key", secret), ("aws_virtual_hosted_style_request", "false")]
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    /// The environment the CLI reads the same from.
    fn env(&self, cmd: &mut Command) {
        cmd.env("AURAG_S3_ENDPOINT", &self.endpoint).env("AWS_REGION", "us-east-1").env("AWS_ACCESS_KEY_ID", &self.key).env("AWS_SECRET_ACCESS_KEY", &self.secret);
    }
}

fn dirs_home() -> PathBuf {
    std::env::var_os("HOME").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("/root"))
}

async fn open(s3: &S3Server, prefix: &str, local: &Path) -> Workspace {
    Workspace::open_remote(&s3.uri(prefix), &s3.options(&s3.secret), local, Arc::new(HashingEmbedder::default())).await.expect("open the S3 workspace")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_workspace_on_s3_ingests_answers_and_is_shared_with_a_second_analyst() {
    let Some(s3) = S3Server::start() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let ws = open(&s3, "team-a", &tmp.path().join("analyst-1")).await;
    let report = ingest(&ws, &[sample().join("financials.xlsx"), sample().join("annual_report_excerpt.pdf")]).await;
    assert!(report.failed.is_empty(), "{:?}", report.failed);
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);
    let q = "What were total sales in 2018?";
    let run = ws.ask(&agent, q, None, Duration::from_secs(3600)).await.unwrap();
    assert!(run.answer.text.contains("1,202.9"), "{:?}", run.answer);
    assert!(!run.answer.citations.is_empty());

    // A second analyst (another process in production; another connection
    // and another local folder here) opens the same prefix: the same
    // sources, the same answer, and a guide recorded by one is found by
    // the other's next read.
    let other = open(&s3, "team-a", &tmp.path().join("analyst-2")).await;
    let (a, b) = (ids(&ws).await, ids(&other).await);
    assert_eq!(a, b);
    assert!(!a.is_empty());
    let run2 = other.ask(&agent, q, None, Duration::from_secs(3600)).await.unwrap();
    assert_eq!(run2.answer.text, run.answer.text);
    let guide = aurag::guide::Guide {
        sources: vec![aurag::guide::GuideSource { object_id: run.answer.citations[0].source_id.clone(), content_type: aurag::ContentType::Table, description: String::new(), actions: vec![], contexts: vec![] }],
        ..bare_guide("g-team", q)
    };
    // The first analyst's Think Tank, built before the guide exists, is
    // cached by guides version: the other's write must show through it.
    ws.think_tank().await.unwrap();
    other.add_guides(vec![guide]).await.unwrap();
    assert!(ws.guides().await.unwrap().iter().any(|g| g.id == "g-team"), "the first analyst sees the second's guide");
    // ... and the first analyst's next question is guided by it.
    let tank = ws.think_tank().await.unwrap();
    let run3 = ws.ask(&agent, "What were the total sales in 2018?", Some(tank.as_ref()), Duration::from_secs(3600)).await.unwrap();
    let guided = run3.trace.iter().any(|t| matches!(&t.step, aurag::agent::Step::Guides { retrieved } if retrieved.iter().any(|g| g.id == "g-team")));
    assert!(guided, "the guide recorded by the other analyst was not retrieved: {:?}", run3.trace.iter().map(|t| &t.step).collect::<Vec<_>>());
    // Nothing of the workspace was written to the local folders but what
    // is an analyst's own.
    assert!(!tmp.path().join("analyst-1").join("lance").exists());
}

#[test]
fn two_processes_ingest_into_one_s3_workspace_at_once_and_nothing_is_lost() {
    let Some(s3) = S3Server::start() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let files: Vec<PathBuf> = ["financials.xlsx", "annual_report_excerpt.pdf", "operations.db"].iter().map(|f| copy_to(tmp.path(), &sample().join(f))).collect();
    let uri = s3.uri("team-b");
    let aurag = |home: &str, args: &[&str]| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_aurag"));
        c.arg("--workspace").arg(&uri).arg("--embedder").arg("hashing").args(args).env("XDG_DATA_HOME", tmp.path().join(home));
        s3.env(&mut c);
        c
    };
    // The store is made first, by one of them, so that the two race on
    // their ingests (what this test is about), not on creating it.
    let out = aurag("a", &["sources", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let spawn = |home: &str, files: &[PathBuf]| {
        let mut c = aurag(home, &["ingest"]);
        c.args(files).stdout(Stdio::piped()).stderr(Stdio::piped());
        c.spawn().unwrap()
    };
    let one = spawn("a", &files[..1]);
    let two = spawn("b", &files[1..]);
    for (name, child) in [("first", one), ("second", two)] {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "the {name} writer: {}", String::from_utf8_lossy(&out.stderr));
    }
    // Every file's objects are there, as one ingest of all three gives.
    let rt = tokio::runtime::Runtime::new().unwrap();
    let want = rt.block_on(async {
        let ws = workspace(&tmp.path().join("reference")).await;
        ingest(&ws, &files).await;
        ids(&ws).await
    });
    let got = rt.block_on(async {
        let ws = open(&s3, "team-b", &tmp.path().join("reader")).await;
        ids(&ws).await
    });
    assert_eq!(got, want);

    // Then both record guides at once: every guide of both is kept.
    let guides_file = |who: &str| {
        let guides: Vec<aurag::guide::Guide> = (0..5).map(|i| bare_guide(&format!("g-{who}-{i}"), &format!("What did analyst {who} ask as question {i}?"))).collect();
        let path = tmp.path().join(format!("guides-{who}.json"));
        std::fs::write(&path, serde_json::to_string(&guides).unwrap()).unwrap();
        path
    };
    let (ga, gb) = (guides_file("a"), guides_file("b"));
    let spawn_import = |home: &str, file: &Path| aurag(home, &["guides", "import"]).arg(file).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    let one = spawn_import("a", &ga);
    let two = spawn_import("b", &gb);
    for (name, child) in [("first", one), ("second", two)] {
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "the {name} guide writer: {}", String::from_utf8_lossy(&out.stderr));
    }
    let mut ids: Vec<String> = rt.block_on(async { open(&s3, "team-b", &tmp.path().join("reader")).await.guides().await.unwrap() }).into_iter().map(|g| g.id).collect();
    ids.sort();
    let mut expected: Vec<String> = ["a", "b"].iter().flat_map(|w| (0..5).map(move |i| format!("g-{w}-{i}"))).collect();
    expected.sort();
    assert_eq!(ids, expected);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_credentials_are_a_clear_error_and_the_cli_says_so() {
    let Some(s3) = S3Server::start() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let r = Workspace::open_remote(&s3.uri("team-c"), &s3.options(&s3.wrong_secret), &tmp.path().join("local"), Arc::new(HashingEmbedder::default())).await;
    let err = match r {
        Ok(_) => panic!("a wrong secret opened the workspace"),
        Err(e) => e,
    };
    assert_eq!(err.code(), "store_open");
    assert!(err.to_string().contains("refused the credentials"), "{err}");

    let mut c = Command::new(env!("CARGO_BIN_EXE_aurag"));
    c.arg("--workspace").arg(s3.uri("team-c")).args(["--embedder", "hashing", "sources"]).env("XDG_DATA_HOME", tmp.path());
    s3.env(&mut c);
    c.env("AWS_SECRET_ACCESS_KEY", &s3.wrong_secret);
    let out = c.output().unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("refused the credentials") && stderr.contains("AWS_SECRET_ACCESS_KEY"), "{stderr}");
}

/// A writer killed while its commit is in flight: the commit of a file's
/// objects is held by the server, the writer is killed, and the PUT then
/// either never lands (`drop`) or lands with nobody to hear back (`pass`).
/// Either way another analyst finds the workspace whole (none of the
/// file's objects, or all of them, answered from), and the next ingest
/// ends where an undisturbed one does.
#[test]
fn a_writer_killed_in_the_middle_of_a_commit_leaves_the_workspace_whole() {
    let Some(s3) = S3Server::start() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let file = copy_to(tmp.path(), &sample().join("annual_report_excerpt.pdf"));
    let rt = tokio::runtime::Runtime::new().unwrap();
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);
    let q = "What were total sales in 2018?";
    // An undisturbed ingest on local disk: its objects and its answer.
    let (want, want_answer) = rt.block_on(async {
        let ws = workspace(&tmp.path().join("reference")).await;
        ingest(&ws, std::slice::from_ref(&file)).await;
        ids_and_answer(&ws, &agent, q).await
    });
    assert!(!want.is_empty());
    assert_ne!(want_answer, "unknown");
    for verdict in ["drop", "pass"] {
        let prefix = format!("team-kill-{verdict}");
        let aurag = |args: &[&str]| {
            let mut c = Command::new(env!("CARGO_BIN_EXE_aurag"));
            c.arg("--workspace").arg(s3.uri(&prefix)).args(["--embedder", "hashing"]).args(args).env("XDG_DATA_HOME", tmp.path().join("home"));
            s3.env(&mut c);
            c
        };
        let out = aurag(&["sources", "--json"]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

        s3.tell(&format!("stall {prefix}/lance/sources.lance/_versions/"));
        let mut writer = aurag(&["ingest"]).arg(&file).stdout(Stdio::null()).stderr(Stdio::null()).spawn().unwrap();
        let key = s3.stalled();
        writer.kill().unwrap();
        writer.wait().unwrap();
        s3.tell(verdict);

        let (seen, answer) = rt.block_on(async { ids_and_answer(&open(&s3, &prefix, &tmp.path().join(format!("reader-{verdict}"))).await, &agent, q).await });
        match verdict {
            "drop" => {
                assert!(seen.is_empty(), "a commit that never landed left objects ({key}): {seen:?}");
                assert_eq!(answer, "unknown");
                // The dead writer's sentences own nothing: spared while
                // they could still be a live writer's, collected after.
                let e = HashingEmbedder::default();
                let store = rt.block_on(aurag::store::LanceStore::open_remote(&s3.uri(&prefix), &s3.options(&s3.secret), &e.id(), e.dim())).unwrap();
                assert_eq!(rt.block_on(store.collect_garbage()).unwrap(), 0, "a young unit was taken for a dead writer's");
                let store = store.with_gc_grace(Duration::ZERO);
                assert!(rt.block_on(store.collect_garbage()).unwrap() > 0, "the dead writer's sentences were not collected");
            }
            _ => {
                assert_eq!(seen, want, "a commit that landed is the file's objects, all of them ({key})");
                assert_eq!(answer, want_answer, "answered from the landed commit, with the writer dead before its index");
            }
        }

        // The next ingest (another process) ends where an undisturbed one does.
        let out = aurag(&["ingest"]).arg(&file).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let (after, answer) = rt.block_on(async { ids_and_answer(&open(&s3, &prefix, &tmp.path().join(format!("after-{verdict}"))).await, &agent, q).await });
        assert_eq!(after, want);
        assert_eq!(answer, want_answer);
    }
}

/// One analyst's ingest begins (its sentences are written) while another's
/// runs whole: the second must not take the first's sentences, not yet
/// owned by any listed object, for a dead writer's leftovers and delete
/// them. The first's commit is held by the server until the second is done.
#[test]
fn a_second_writer_never_sweeps_the_sentences_of_a_commit_in_flight() {
    let Some(s3) = S3Server::start() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let (pdf, xlsx) = (copy_to(tmp.path(), &sample().join("annual_report_excerpt.pdf")), copy_to(tmp.path(), &sample().join("financials.xlsx")));
    let rt = tokio::runtime::Runtime::new().unwrap();
    let want = rt.block_on(async {
        let ws = workspace(&tmp.path().join("reference")).await;
        ingest(&ws, &[pdf.clone(), xlsx.clone()]).await;
        units_of(&ws).await
    });
    assert!(want.iter().any(|(_, n)| *n > 0));
    let prefix = "team-gc";
    let aurag = |home: &str| {
        let mut c = Command::new(env!("CARGO_BIN_EXE_aurag"));
        c.arg("--workspace").arg(s3.uri(prefix)).args(["--embedder", "hashing"]).env("XDG_DATA_HOME", tmp.path().join(home));
        s3.env(&mut c);
        c
    };
    let out = aurag("a").args(["sources", "--json"]).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    s3.tell(&format!("stall {prefix}/lance/sources.lance/_versions/"));
    let first = aurag("a").arg("ingest").arg(&pdf).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    s3.stalled();
    let out = aurag("b").arg("ingest").arg(&xlsx).output().unwrap();
    assert!(out.status.success(), "the second writer: {}", String::from_utf8_lossy(&out.stderr));
    s3.tell("pass");
    let out = first.wait_with_output().unwrap();
    assert!(out.status.success(), "the first writer: {}", String::from_utf8_lossy(&out.stderr));
    let got = rt.block_on(async { units_of(&open(&s3, prefix, &tmp.path().join("reader")).await).await });
    assert_eq!(got, want, "(object, sentences) on S3 against an undisturbed local ingest");
}

/// Each object of `ws` with its number of sentences, by id.
async fn units_of(ws: &Workspace) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for s in ws.sources().await.unwrap() {
        let n = ws.store().units(&s.id).await.unwrap().len();
        out.push((s.id, n));
    }
    out.sort();
    out
}

/// The workspace's object ids (sorted) and its answer to `q`.
async fn ids_and_answer(ws: &Workspace, agent: &Agent<'_>, q: &str) -> (Vec<String>, String) {
    (ids(ws).await, ws.ask(agent, q, None, Duration::from_secs(3600)).await.unwrap().answer.text)
}
