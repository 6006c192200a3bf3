//! Conversations end to end: follow-ups read against the turn before over a
//! real workspace (a CSV, a SQLite database and the sample's sheet), the
//! conversation saved and listed, a broken conversation file refused with
//! its path, and `aurag chat` over a file of turns.

use std::process::Command;
use std::time::Duration;

use aurag::agent::Agent;
use aurag::conversation::{Conversation, FollowUpKind};
use aurag::HashingEmbedder;

use crate::common::{ingest, sample, workspace};

const FRESH: Duration = Duration::from_secs(3600);

fn cars_csv(dir: &std::path::Path) -> std::path::PathBuf {
    let csv = dir.join("cars.csv");
    std::fs::write(
        &csv,
        "Name,Origin,Cylinders,Horsepower,Year\nchevrolet chevelle,USA,8,130,1970\ntoyota corolla,Japan,4,65,1972\ndatsun 510,Japan,4,88,1971\nvw rabbit,Europe,4,70,1974\nford pinto,USA,4,86,1971\nhonda civic,Japan,4,53,1974\nbuick skylark,USA,8,165,1970\n",
    )
    .unwrap();
    csv
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn follow_ups_swap_values_years_and_operations_and_why_cites_the_turn_before() {
    let tmp = tempfile::tempdir().unwrap();
    let files = tmp.path().join("files");
    std::fs::create_dir_all(&files).unwrap();
    let csv = cars_csv(&files);
    let ws = workspace(tmp.path()).await;
    let r = ingest(&ws, &[csv]).await;
    assert!(r.failed.is_empty(), "{:?}", r.failed);
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);
    let mut conv = Conversation::new();

    let t = ws.ask_turn(&agent, &mut conv, "How many cars are from Japan?", None, FRESH).await.unwrap();
    assert_eq!((t.reading.kind, t.run.answer.text.as_str()), (FollowUpKind::New, "3"));
    let t = ws.ask_turn(&agent, &mut conv, "what about Europe?", None, FRESH).await.unwrap();
    assert_eq!(t.reading.kind, FollowUpKind::Swap, "{:?}", t.reading);
    assert_eq!(t.reading.read_as, "How many cars are from Europe?");
    assert_eq!(t.run.answer.text, "1", "{:?}", t.run.trace);
    // The question as typed is the run's; the reading says what was asked.
    assert_eq!(t.run.question, "what about Europe?");
    let t = ws.ask_turn(&agent, &mut conv, "and from the USA?", None, FRESH).await.unwrap();
    assert_eq!(t.run.answer.text, "3", "{:?}", t.reading);
    let t = ws.ask_turn(&agent, &mut conv, "as a percentage?", None, FRESH).await.unwrap();
    assert_eq!((t.reading.kind, t.run.answer.text.as_str()), (FollowUpKind::Percentage, "42.86%"), "{:?}", t.reading);
    let before = t.run.answer.citations.clone();
    assert!(!before.is_empty());
    let t = ws.ask_turn(&agent, &mut conv, "why?", None, FRESH).await.unwrap();
    assert_eq!(t.reading.kind, FollowUpKind::Why);
    assert_eq!(t.run.answer.citations, before, "why? cites what the turn before cited");
    assert!(t.run.answer.text.contains("42.86%"), "{}", t.run.answer.text);
    // A value no table holds takes the place of the one named, and the
    // agent says it is not there.
    let t = ws.ask_turn(&agent, &mut conv, "what about Korea?", None, FRESH).await.unwrap();
    assert_eq!(t.reading.read_as, "How many cars are from Korea as a percentage of the total?");
    assert!(t.run.answer.unknown, "{:?}", t.run.answer);

    // Another conversation: an extreme flipped, then top N, then a year.
    let mut conv2 = Conversation::new();
    let t = ws.ask_turn(&agent, &mut conv2, "Which car has the highest horsepower?", None, FRESH).await.unwrap();
    assert_eq!(t.run.answer.text, "buick skylark");
    let t = ws.ask_turn(&agent, &mut conv2, "and the lowest?", None, FRESH).await.unwrap();
    assert_eq!((t.reading.kind, t.run.answer.text.as_str()), (FollowUpKind::Operation, "honda civic"));
    let t = ws.ask_turn(&agent, &mut conv2, "bottom 2 instead", None, FRESH).await.unwrap();
    assert_eq!(t.reading.read_as, "Which 2 cars have the lowest horsepower?");
    assert_eq!(t.run.answer.predicted.spans, ["honda civic", "toyota corolla"], "{:?}", t.run.answer);

    // Both saved, the latest first, and read back whole.
    let list = ws.conversations().unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(list.iter().map(|c| c.turns).sum::<u32>(), 9);
    let back = ws.conversation(&conv.id).unwrap();
    assert_eq!(back, conv);
    assert_eq!(back.title, "How many cars are from Japan?");

    // A broken conversation file is left out of the list, and opening it
    // says which file; deleting one removes it.
    let dir = ws.dir().join("conversations");
    std::fs::write(dir.join("c-broken.json"), b"{ not json").unwrap();
    assert_eq!(ws.conversations().unwrap().len(), 2);
    let e = ws.conversation("c-broken").unwrap_err();
    assert_eq!(e.code(), "bad_conversation");
    assert!(e.to_string().contains("c-broken.json"), "{e}");
    assert_eq!(ws.conversation("../etc/passwd").unwrap_err().code(), "bad_id");
    assert!(ws.remove_conversation(&conv2.id).unwrap());
    assert_eq!(ws.conversations().unwrap().len(), 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn over_the_sample_a_row_label_and_a_year_are_swapped_in_a_report_sheet() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = workspace(tmp.path()).await;
    ingest(&ws, &[sample()]).await;
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);
    let mut conv = Conversation::new();
    let t = ws.ask_turn(&agent, &mut conv, "What were APAC net sales in 2018?", None, FRESH).await.unwrap();
    assert_eq!(t.run.answer.predicted.spans, ["$479,987"], "{:?}", t.run.answer);
    let t = ws.ask_turn(&agent, &mut conv, "what about EMEA?", None, FRESH).await.unwrap();
    assert_eq!(t.reading.read_as, "What were EMEA net sales in 2018?", "{:?}", t.reading);
    assert_eq!(t.run.answer.predicted.spans, ["277,898"], "{:?}", t.run.answer);
    let t = ws.ask_turn(&agent, &mut conv, "and in 2017?", None, FRESH).await.unwrap();
    assert_eq!(t.run.answer.predicted.spans, ["237,437"], "{:?}", t.run.answer);
    // The cited cell is the sheet's own.
    assert!(t.run.answer.citations.iter().any(|c| c.locator.starts_with("Net sales by region!")), "{:?}", t.run.answer.citations);
}

#[test]
fn aurag_chat_reads_turns_from_a_file_and_starts_afresh_after_an_empty_line() {
    let tmp = tempfile::tempdir().unwrap();
    let csv = cars_csv(tmp.path());
    let ws = tmp.path().join("ws");
    let run = |args: &[&str]| Command::new(env!("CARGO_BIN_EXE_aurag")).args(["--embedder", "hashing", "--workspace"]).arg(&ws).args(args).output().expect("run aurag");
    let out = run(&["ingest", csv.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let turns = tmp.path().join("turns.txt");
    std::fs::write(&turns, "# two conversations\nHow many cars are from Japan?\nwhat about Europe?\n\nwhat about Europe?\n").unwrap();
    let out = run(&["chat", "--conversation", turns.to_str().unwrap(), "--json"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[1]["reading"]["kind"], "swap");
    assert_eq!(lines[1]["answer"], "1");
    assert_eq!(lines[0]["conversation"], lines[1]["conversation"]);
    // After the empty line, the same words start a conversation of their own.
    assert_ne!(lines[2]["conversation"], lines[1]["conversation"]);
    assert_eq!(lines[2]["reading"]["kind"], "new");
    assert_eq!(lines[2]["turn"], 1);
    let out = run(&["chat", "--list"]);
    let listed = String::from_utf8_lossy(&out.stdout);
    assert_eq!(listed.lines().count(), 2, "{listed}");
    // Going on with a saved conversation.
    let id = lines[0]["conversation"].as_str().unwrap();
    let more = tmp.path().join("more.txt");
    std::fs::write(&more, "and from the USA?\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_aurag")).args(["--embedder", "hashing", "--workspace"]).arg(&ws).args(["chat", "--continue", id, "--json"]).stdin(std::fs::File::open(&more).unwrap()).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().next().unwrap()).unwrap();
    assert_eq!((v["turn"].as_u64(), v["answer"].as_str()), (Some(3), Some("3")));
    assert_eq!(v["reading"]["read_as"], "How many cars are from USA?");
    // The conversation as Markdown: its three turns, the follow-ups' readings.
    let out = run(&["chat", "--export", id]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let md = String::from_utf8_lossy(&out.stdout);
    assert!(md.starts_with("# How many cars are from Japan?\n"), "{md}");
    assert_eq!(md.matches("**Q:**").count(), 3, "{md}");
    assert!(md.contains("*Read as:* How many cars are from Europe?\n\n1 ["), "{md}");
    let out = run(&["chat", "--export", id, "--turn", "3"]);
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("**Q:** and from the USA?\n*Read as:* How many cars are from USA?\n\n3 [1]"));
    let out = run(&["chat", "--export", id, "--turn", "9"]);
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("no turn 9"));
}

#[test]
fn aurag_eval_chat_scores_each_follow_up_against_its_full_form() {
    let tmp = tempfile::tempdir().unwrap();
    let out_file = tmp.path().join("turns.jsonl");
    let out = Command::new(env!("CARGO_BIN_EXE_aurag"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["--embedder", "hashing", "eval", "chat", "--only", "sample", "--json", "--out"])
        .arg(&out_file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let r: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(r["conversations"], 3);
    assert_eq!(r["follow_ups"], 6);
    // Every follow-up over the sample is as right as its full form, and
    // "why?" cites the turn before.
    assert_eq!(r["as_right_as_full"], 6, "{r}");
    assert_eq!(r["why"], serde_json::json!([1, 1]));
    let turns = std::fs::read_to_string(&out_file).unwrap();
    assert_eq!(turns.lines().count(), 10);
    let first: serde_json::Value = serde_json::from_str(turns.lines().nth(1).unwrap()).unwrap();
    assert_eq!(first["reading"], "swap");
    assert_eq!(first["read_as"], "What were EMEA net sales in 2018?");
}
