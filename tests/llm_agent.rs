//! The agent with a language model behind intent, judgment, actions and
//! answer: each LLM step with the scripted double (what it asks for is
//! what runs, typed, and nothing outside the selection), and the whole
//! pipeline on a tiny random GGUF model under constrained decoding.

use crate::common;

use std::time::Duration;

use aurag::action::RetrievalAction;
use aurag::agent::Agent;
use aurag::llm::gguf::GgufModel;
use aurag::llm::ScriptedModel;
use aurag::HashingEmbedder;
use aurag_testkit as testkit;
use candle_core::Device;
use common::{ingest, sample, workspace};

const FRESH: Duration = Duration::from_secs(3600);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn scripted_llm_steps_are_typed_grounded_and_sandboxed() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = workspace(tmp.path()).await;
    assert!(ingest(&ws, &[sample()]).await.failed.is_empty());
    let e = HashingEmbedder::default();
    let pool = ws.pool().await.unwrap();
    let sheet = pool.objects.iter().find(|o| matches!(&o.provenance.locator, aurag::source::Locator::SheetRange { sheet, .. } if sheet == "Net sales by region")).unwrap().id.clone();

    // Each step's reply, by what the step asks for.
    let model = ScriptedModel::keyed(vec![
        ("answer_type", r#"{"answer_type":"number","entities":["net sales","APAC"],"time":["2018"],"location":[]}"#),
        ("relevant", r#"{"relevant":["S1","S2","S3","S4"],"reason":"it has APAC net sales"}"#),
        ("cells", r#"{"cells":[[2,1],[2,3]]}"#),
        ("sentences", r#"{"sentences":[0]}"#),
        ("sql", r#"{"sql":"SELECT 1"}"#),
        ("unknown", r#"{"unknown":false,"answer":"$479,987","evidence":[0]}"#),
    ]);
    let drafts = std::sync::Mutex::new(Vec::<String>::new());
    let on_draft = |d: &str| drafts.lock().unwrap().push(d.to_string());
    let mut agent = Agent::with_llm(&e, None, &model);
    agent.on_answer_text = Some(&on_draft);
    let run = ws.ask(&agent, "What were APAC net sales in fiscal 2018?", None, FRESH).await.unwrap();
    drop(agent);
    // The answer field streamed as the model wrote it.
    assert_eq!(*drafts.lock().unwrap(), vec!["$479,987".to_string()]);
    let json = serde_json::to_value(&run.trace).unwrap();
    let intent = &json[0]["intent"];
    assert_eq!(intent["answer_type"], "number", "{intent}");
    assert!(json[0]["parser"].as_str().unwrap().starts_with("llm("));
    let sel = json.as_array().unwrap().iter().find(|s| s["step"] == "selection").unwrap();
    assert!(sel["selection"]["trials"][0]["candidates"].as_array().unwrap().iter().any(|c| c["reason"].as_str().unwrap_or("").starts_with("llm:")), "{sel}");
    // Every action is typed and on a selected object.
    for a in &run.actions {
        assert!(run.selected.iter().any(|(id, _)| id == a.action.source()));
    }
    // The sheet is chosen, the model's cells are what ran, and its answer
    // stands because the number is in the cell it cites.
    assert_eq!(run.selected[0].0, sheet);
    let cells = run.actions.iter().find(|a| a.action.source() == sheet).unwrap();
    assert!(matches!(&cells.action, RetrievalAction::SelectCoordinates { selection: aurag::action::Selection::Cells(c), .. } if c.len() == 2));
    assert_eq!(run.answer.text, "$479,987 (thousand)");
    assert_eq!(run.answer.citations[0].locator, "Net sales by region!B5");

    // A model that picks only a header cell still leaves the rule policy's
    // cells in the evidence, after its own.
    let model = ScriptedModel::keyed(vec![
        ("answer_type", r#"{"answer_type":"number","entities":["net sales","APAC"],"time":["2018"],"location":[]}"#),
        ("relevant", r#"{"relevant":["S1","S2","S3","S4"],"reason":"it has APAC net sales"}"#),
        ("cells", r#"{"cells":[[1,0]]}"#),
        ("sentences", r#"{"sentences":[]}"#),
        ("sql", r#"{"sql":"SELECT 1"}"#),
        ("unknown", r#"{"unknown":true,"answer":"","evidence":[]}"#),
    ]);
    let agent = Agent::with_llm(&e, None, &model);
    let run = ws.ask(&agent, "What were APAC net sales in fiscal 2018?", None, FRESH).await.unwrap();
    let on_sheet: Vec<_> = run.actions.iter().filter(|a| a.action.source() == sheet).collect();
    assert!(on_sheet.len() >= 2, "the model's action and the rule policy's: {on_sheet:?}");
    assert!(matches!(&on_sheet[0].action, RetrievalAction::SelectCoordinates { selection: aurag::action::Selection::Cells(c), .. } if c.len() == 1));
    let cited: Vec<&str> = on_sheet.iter().flat_map(|a| a.evidence.iter()).map(|e| e.locator.as_str()).collect();
    assert!(cited.contains(&"Net sales by region!B5"), "{cited:?}");
    // And its "unknown" does not withdraw the extractive answer read from them.
    assert_eq!(run.answer.text, "$479,987 (thousand)", "{:?}", run.answer.reason);
    assert!(run.answer.reason.contains("said unknown"), "{}", run.answer.reason);

    // A model answer whose number is not in what it cites is not taken.
    let model = ScriptedModel::keyed(vec![
        ("answer_type", r#"{"answer_type":"span","entities":[],"time":[],"location":[]}"#),
        ("relevant", r#"{"relevant":["S1","S2","S3","S4"],"reason":"ok"}"#),
        ("sentences", r#"{"sentences":[1]}"#),
        ("cells", r#"{"cells":[]}"#),
        ("sql", r#"{"sql":"SELECT 1"}"#),
        ("unknown", r#"{"unknown":false,"answer":"999,999","evidence":[0]}"#),
    ]);
    let agent = Agent::with_llm(&e, None, &model);
    let run = ws.ask(&agent, "What do Other contract types represent?", None, FRESH).await.unwrap();
    assert!(!run.answer.text.contains("999,999"), "{}", run.answer.text);

    // A model that writes hostile SQL for a SQLite table gets the sandbox.
    let table = pool.objects.iter().find(|o| matches!(&o.provenance.locator, aurag::source::Locator::SqlTable { table, .. } if table == "goodwill_by_segment")).unwrap();
    let model = ScriptedModel::new(vec![r#"{"sql":"DELETE FROM goodwill_by_segment"}"#.into()]);
    let policy = aurag::agent::llm::LlmPolicy { model: &model };
    let intent = aurag::agent::intent::IntentParser::parse(&aurag::agent::intent::RuleIntentParser, "What was Mobileye's goodwill?").unwrap();
    let input = aurag::agent::extract::ExtractInput { question: "What was Mobileye's goodwill?", intent: &intent, objects: &[table], catalog: &aurag::agent::catalog::StoreCatalog::new(&pool, ws.store(), tokio::runtime::Handle::current()), examples: &[] };
    let actions = aurag::agent::extract::ExtractionPolicy::plan(&policy, &input).unwrap();
    assert!(matches!(&actions[0], RetrievalAction::Sql { source, .. } if *source == table.id));
    let r = aurag::agent::extract::execute(&actions[0], table, &aurag::sql::SqlLimits::default());
    assert!(r.evidence.is_empty() && r.error.as_deref().unwrap_or("").contains("refused"), "{:?}", r.error);
    // The rows are all still there.
    let n = rusqlite::Connection::open(sample().join("operations.db")).unwrap().query_row("SELECT count(*) FROM goodwill_by_segment", [], |r| r.get::<_, i64>(0)).unwrap();
    assert_eq!(n, 12);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_model_step_falls_back_and_the_judge_never_takes_what_it_did_not_see() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = workspace(tmp.path()).await;
    assert!(ingest(&ws, &[sample()]).await.failed.is_empty());
    let e = HashingEmbedder::default();
    let q = "What were APAC net sales in fiscal 2018?";
    let deterministic = ws.ask(&Agent::deterministic(&e, None), q, None, FRESH).await.unwrap();

    // A model whose every reply is unusable: each step falls back to its
    // deterministic version, the trace says so, and the answer is the
    // deterministic agent's.
    let broken = ScriptedModel::new(vec!["I think the answer is probably APAC".into()]);
    let run = ws.ask(&Agent::with_llm(&e, None, &broken), q, None, FRESH).await.expect("a failed model step must not abort the question");
    let json = serde_json::to_value(&run.trace).unwrap();
    let step = |name: &str| json.as_array().unwrap().iter().find(|s| s["step"] == name).cloned().unwrap_or_default();
    let parser = step("intent")["parser"].as_str().unwrap_or("").to_string();
    assert!(parser.starts_with("llm(scripted) failed (") && parser.ends_with("the rule parser instead"), "{parser}");
    let reasons: Vec<String> = step("selection")["selection"]["trials"][0]["candidates"].as_array().unwrap().iter().map(|c| c["reason"].as_str().unwrap_or("").to_string()).collect();
    assert!(reasons.iter().any(|r| r.contains("threshold judge: the language model failed")), "{reasons:?}");
    assert!(step("answer")["answerer"].as_str().unwrap_or("").contains("the extractive answerer instead") || run.answer.text == deterministic.answer.text);
    assert_eq!(run.answer.text, deterministic.answer.text);
    assert_eq!(run.selected.iter().map(|s| &s.0).collect::<Vec<_>>(), deterministic.selected.iter().map(|s| &s.0).collect::<Vec<_>>());

    // A model that turns every source down: nothing it did not see is
    // chosen in its place, and a retry asks it about new candidates.
    let refuses = ScriptedModel::keyed(vec![
        ("answer_type", r#"{"answer_type":"number","entities":["net sales"],"time":["2018"],"location":[]}"#),
        ("relevant", r#"{"relevant":[],"reason":"not about it"}"#),
        ("sentences", r#"{"sentences":[0]}"#),
        ("cells", r#"{"cells":[]}"#),
        ("sql", r#"{"sql":"SELECT 1"}"#),
        ("unknown", r#"{"unknown":true,"answer":"","evidence":[]}"#),
    ]);
    let run = ws.ask(&Agent::with_llm(&e, None, &refuses), q, None, FRESH).await.unwrap();
    assert!(run.selected.is_empty(), "chosen although the model judged nothing relevant: {:?}", run.selected);
    assert!(run.answer.unknown, "{}", run.answer.text);
    let json = serde_json::to_value(&run.trace).unwrap();
    let sel = json.as_array().unwrap().iter().find(|s| s["step"] == "selection").unwrap();
    let trials = sel["selection"]["trials"].as_array().unwrap();
    let judged = |t: &serde_json::Value| -> Vec<String> {
        t["candidates"].as_array().unwrap().iter().filter(|c| c["reason"].as_str().unwrap_or("").starts_with("llm:")).map(|c| c["id"].as_str().unwrap().to_string()).collect()
    };
    for t in trials {
        for c in t["candidates"].as_array().unwrap() {
            assert!(c["relevant"] == false, "{c}");
        }
    }
    if trials.len() > 1 {
        let (first, second) = (judged(&trials[0]), judged(&trials[1]));
        assert!(second.len() > first.len(), "the retry asked about no new candidate: {first:?} then {second:?}");
    }
}

/// With only the answer on the model, the question, the relevance and
/// the evidence are the deterministic steps' (nothing asks the model for
/// them) and the answer is still the model's, streamed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn answer_only_asks_the_model_for_the_answer_and_nothing_before_it() {
    use aurag::agent::LlmSteps;
    let tmp = tempfile::tempdir().unwrap();
    let ws = workspace(tmp.path()).await;
    assert!(ingest(&ws, &[sample()]).await.failed.is_empty());
    let e = HashingEmbedder::default();
    let model = CountingJudge {
        inner: ScriptedModel::keyed(vec![
            ("answer_type", r#"{"answer_type":"text","entities":["wrong"],"time":[],"location":[]}"#),
            ("relevant", r#"{"relevant":[],"reason":"none"}"#),
            ("cells", r#"{"cells":[[0,0]]}"#),
            ("sentences", r#"{"sentences":[0]}"#),
            ("sql", r#"{"sql":"SELECT 1"}"#),
            ("unknown", r#"{"unknown":false,"answer":"$479,987","evidence":[0]}"#),
        ]),
        judged: Default::default(),
    };
    let drafts = std::sync::Mutex::new(Vec::<String>::new());
    let on_draft = |d: &str| drafts.lock().unwrap().push(d.to_string());
    let steps: LlmSteps = "answer-only".parse().unwrap();
    assert_eq!(steps, LlmSteps::ANSWER);
    let mut agent = Agent::with_llm_steps(&e, None, &model, steps);
    agent.on_answer_text = Some(&on_draft);
    let run = ws.ask(&agent, "What were APAC net sales in fiscal 2018?", None, FRESH).await.unwrap();
    drop(agent);
    let json = serde_json::to_value(&run.trace).unwrap();
    assert!(!json[0]["parser"].as_str().unwrap().starts_with("llm("), "{}", json[0]);
    assert!(model.judged.lock().unwrap().is_empty(), "the judge asked the model");
    let sel = json.as_array().unwrap().iter().find(|s| s["step"] == "selection").unwrap();
    assert!(!sel["selection"]["trials"][0]["candidates"].as_array().unwrap().iter().any(|c| c["reason"].as_str().unwrap_or("").starts_with("llm:")), "{sel}");
    // The model's judge would have kept nothing; the threshold judge kept
    // the sheet, and the answer is the model's, streamed.
    assert!(!run.selected.is_empty());
    let answer = json.as_array().unwrap().iter().find(|s| s["step"] == "answer").unwrap();
    assert!(answer["answerer"].as_str().unwrap().starts_with("llm("), "{answer}");
    assert!(run.answer.text.contains("479,987"), "{:?}", run.answer);
    assert_eq!(*drafts.lock().unwrap(), vec!["$479,987".to_string()]);
    // A list names steps one by one; an unknown name is an error.
    let some: LlmSteps = "intent, sql".parse().unwrap();
    assert!(some.intent && some.sql && !some.judge && !some.actions && !some.answer);
    assert_eq!("judgment".parse::<LlmSteps>().unwrap_err().step, "judgment");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tiny_random_gguf_model_drives_every_step_end_to_end() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = workspace(tmp.path()).await;
    assert!(ingest(&ws, &[sample()]).await.failed.is_empty());
    let e = HashingEmbedder::default();
    let model = GgufModel::from_bytes(&testkit::tiny_chat_gguf("qwen2", 5), Some(testkit::tiny_bpe_tokenizer_json().as_bytes()), "tiny-chat", &Device::Cpu).unwrap();
    let agent = Agent::with_llm(&e, None, &model);
    for q in ["What were total sales in 2018?", "What do Other contract types represent?", "What was the closing goodwill of Mobileye in 2019?"] {
        let run = ws.ask(&agent, q, None, FRESH).await.unwrap_or_else(|err| panic!("{q}: {err}"));
        let steps: Vec<String> = run.trace.iter().map(|s| serde_json::to_value(&s.step).unwrap()["step"].as_str().unwrap().to_string()).collect();
        assert_eq!(steps.first().map(String::as_str), Some("intent"));
        assert_eq!(steps.last().map(String::as_str), Some("answer"));
        // Whatever a random model writes, actions stay typed and inside the
        // selection, and the answer cites only what was retrieved.
        for a in &run.actions {
            assert!(run.selected.iter().any(|(id, _)| id == a.action.source()), "{q}");
        }
        let retrieved: Vec<&str> = run.actions.iter().flat_map(|a| a.evidence.iter().map(|e| e.locator.as_str())).collect();
        for c in &run.answer.citations {
            assert!(retrieved.contains(&c.locator.as_str()), "{q}: {c:?}");
        }
        assert!(run.answer.unknown || !run.answer.citations.is_empty(), "{q}");
    }
}

#[test]
fn cli_ask_with_llm_runs_the_model_steps() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = tmp.path().join("ws");
    let aurag = || {
        let mut c = std::process::Command::new(env!("CARGO_BIN_EXE_aurag"));
        c.args(["--embedder", "hashing", "--workspace"]).arg(&ws);
        c
    };
    assert_eq!(aurag().arg("ingest").arg(sample()).output().unwrap().status.code(), Some(0));
    let gguf = tmp.path().join("tiny.gguf");
    std::fs::write(&gguf, testkit::tiny_chat_gguf("llama", 2)).unwrap();
    std::fs::write(tmp.path().join("tokenizer.json"), testkit::tiny_bpe_tokenizer_json()).unwrap();
    let out = aurag().args(["ask", "What were total sales in 2018?", "--json", "--llm"]).arg(&gguf).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["trace"][0]["parser"].as_str().unwrap().starts_with("llm(tiny-llama"), "{}", v["trace"][0]);
    // Only the answer (and table SQL) on the model: the question is read
    // by the rule parser.
    let out = aurag().args(["ask", "What were total sales in 2018?", "--json", "--llm-steps", "answer-only", "--llm"]).arg(&gguf).output().unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(!v["trace"][0]["parser"].as_str().unwrap().starts_with("llm("), "{}", v["trace"][0]);
    let out = aurag().args(["ask", "x", "--llm-steps", "intent,judgment", "--llm"]).arg(&gguf).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown step 'judgment'"), "{}", String::from_utf8_lossy(&out.stderr));
    let out = aurag().args(["ask", "x", "--llm"]).arg(tmp.path().join("missing.gguf")).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.gguf"));
}

/// Counts the judge's requests (their schema's first field is `relevant`)
/// and keeps the last one's prompt, answering each step as `inner` does.
struct CountingJudge {
    inner: ScriptedModel,
    judged: std::sync::Mutex<Vec<String>>,
}

impl aurag::llm::LanguageModel for CountingJudge {
    fn id(&self) -> String {
        self.inner.id()
    }
    fn template(&self) -> aurag::llm::ChatTemplate {
        self.inner.template()
    }
    fn generate(&self, prompt: &str, opts: &aurag::llm::GenOptions, on_text: &mut dyn FnMut(&str)) -> Result<aurag::llm::Generation, aurag::llm::LlmError> {
        if matches!(opts.schema.as_deref(), Some(aurag::llm::json::Schema::Object(f)) if f.first().is_some_and(|x| x.0 == "relevant")) {
            self.judged.lock().unwrap().push(prompt.to_string());
        }
        self.inner.generate(prompt, opts, on_text)
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_judge_asks_about_its_candidates_in_one_request_and_keeps_the_ones_listed() {
    let tmp = tempfile::tempdir().unwrap();
    let ws = workspace(tmp.path()).await;
    assert!(ingest(&ws, &[sample()]).await.failed.is_empty());
    let e = HashingEmbedder::default();
    let model = CountingJudge {
        inner: ScriptedModel::keyed(vec![
            ("answer_type", r#"{"answer_type":"number","entities":["net sales","APAC"],"time":["2018"],"location":[]}"#),
            // Only the second source shown can answer.
            ("relevant", r#"{"relevant":["S2"],"reason":"the second holds it"}"#),
            ("cells", r#"{"cells":[]}"#),
            ("sentences", r#"{"sentences":[]}"#),
            ("sql", r#"{"sql":"SELECT 1"}"#),
            ("unknown", r#"{"unknown":true,"answer":"","evidence":[]}"#),
        ]),
        judged: Default::default(),
    };
    let agent = Agent::with_llm(&e, None, &model);
    let run = ws.ask(&agent, "What were APAC net sales in fiscal 2018?", None, FRESH).await.unwrap();
    drop(agent);
    // One request for the first trial's candidates, each under a label.
    let judged = model.judged.lock().unwrap().clone();
    assert_eq!(judged.len(), 1, "{judged:?}");
    assert!(judged[0].contains("[S1]") && judged[0].contains("[S4]") && !judged[0].contains("[S5]"), "{}", judged[0]);
    let json = serde_json::to_value(&run.trace).unwrap();
    let sel = json.as_array().unwrap().iter().find(|s| s["step"] == "selection").unwrap();
    let cands = sel["selection"]["trials"][0]["candidates"].as_array().unwrap();
    let relevant: Vec<usize> = cands.iter().enumerate().filter(|(_, c)| c["relevant"] == true).map(|(i, _)| i).collect();
    // Candidates come best first, as they were labelled: the second is kept.
    assert_eq!(relevant, vec![1], "{sel}");
    assert!(cands[1]["reason"].as_str().unwrap().starts_with("llm: can answer"), "{}", cands[1]);
    assert!(cands[0]["reason"].as_str().unwrap().starts_with("llm: cannot answer"), "{}", cands[0]);
    assert!(cands.iter().skip(4).all(|c| c["reason"].as_str().unwrap().starts_with("not judged")), "{sel}");
    assert_eq!(run.selected[0].0, cands[1]["id"].as_str().unwrap());
}

/// A model's statement over a table the selection only ranked behind the
/// chosen one would not replace the answer computed from the chosen
/// evidence, so the model is not asked for it: the 0.5B wrote a ratio over
/// the goodwill table for "the percentage change in total sales" (3.3 s
/// before the answer), and it replaced 24.41% computed from the report's
/// sales table.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_runner_up_table_gets_no_model_statement_when_the_chosen_evidence_answers() {
    use aurag::agent::{LlmSteps, Step};
    let tmp = tempfile::tempdir().unwrap();
    let ws = workspace(tmp.path()).await;
    assert!(ingest(&ws, &[sample()]).await.failed.is_empty());
    let pool = ws.pool().await.unwrap();
    let goodwill = pool.objects.iter().find(|o| matches!(&o.provenance.locator, aurag::source::Locator::SqlTable { table, .. } if table == "total_goodwill_by_period")).unwrap();
    let table = aurag::tabledb::TableDb::table_name(goodwill);
    let model = CountingCalls { inner: ScriptedModel::new(vec![format!("SELECT \"total_closing_musd\" * 100.0 / 24513 FROM \"{table}\" WHERE \"period_end\" = '2019-12-28';")]), calls: Default::default() };
    let e = HashingEmbedder::default();
    let sql_only: LlmSteps = "sql".parse().unwrap();
    let agent = Agent::with_llm_steps(&e, None, &model, sql_only);
    let run = ws.ask(&agent, "What was the percentage change in total sales from 2018 to 2019?", None, FRESH).await.unwrap();
    assert!(!run.selected.iter().any(|(id, _)| *id == goodwill.id), "the goodwill table is a runner-up here: {:?}", run.selected);
    // The parser's plan over the goodwill table (unsure) is in the trace,
    // unused; the model was never asked.
    let q = run.trace.iter().find_map(|s| match &s.step {
        Step::TableQuery { query, used } => Some((query.source.clone(), *used)),
        _ => None,
    });
    assert_eq!(q, Some((goodwill.id.clone(), false)), "{:?}", run.trace);
    assert!(!run.trace.iter().any(|s| matches!(s.step, Step::TextToSql { .. })), "{:?}", run.trace);
    assert_eq!(*model.calls.lock().unwrap(), 0);
    assert_eq!(run.answer.text, "24.41%", "{:?}", run.answer);
    assert!(run.answer.computation.is_some());
}

/// Counts the requests a model gets.
struct CountingCalls {
    inner: ScriptedModel,
    calls: std::sync::Mutex<usize>,
}

impl aurag::llm::LanguageModel for CountingCalls {
    fn id(&self) -> String {
        self.inner.id()
    }
    fn template(&self) -> aurag::llm::ChatTemplate {
        self.inner.template()
    }
    fn generate(&self, prompt: &str, opts: &aurag::llm::GenOptions, on_text: &mut dyn FnMut(&str)) -> Result<aurag::llm::Generation, aurag::llm::LlmError> {
        *self.calls.lock().unwrap() += 1;
        self.inner.generate(prompt, opts, on_text)
    }
}
