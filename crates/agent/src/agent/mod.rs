//! The AU-RAG agent (Jang & Li §4, Fig. 3), with QUASAR's structured
//! intent and refusal and OmniRetrieval's catalog and native SQL.
//!
//! ```text
//! question ─► intent ─► guides (Think Tank) ─► select sources ─► plan actions ─► execute ─► answer
//!              │           │                    filter→rerank→      typed:          our code   compute,
//!              │           │                    judge→choose,       sentences,      only       cite, or
//!              │           │                    k trials            cells, SQL                 "unknown"
//!              └───────────┴──────────── every step into the trace ───────────────────────────┘
//! ```
//!
//! Each step is a trait ([`intent::IntentParser`], [`thinktank::GuideRetriever`],
//! [`select::SourceSelector`] with its [`select::RelevanceJudge`],
//! [`extract::ExtractionPolicy`], [`answer::Answerer`]) with a deterministic
//! implementation; [`Agent::deterministic`] wires those together so the
//! whole pipeline runs without a language model, and [`Agent::with_llm`]
//! puts a model behind intent, judgment, actions and answer ([`llm`]),
//! each step under a JSON schema. The app, the CLI and the
//! evaluation harness all call [`Agent::ask`].

pub mod answer;
pub mod catalog;
pub mod compute;
pub mod extract;
pub mod intent;
pub mod llm;
pub mod matching;
pub mod places;
pub mod reader;
pub mod select;
pub mod sqlplan;
pub mod tableqa;
pub mod text2sql;
pub mod thinktank;

use std::time::Instant;

use serde::Serialize;

use crate::embed::{EmbedError, Embedder, InputKind};
use crate::guide::{Guide, GuideSource};
use crate::rerank::{RerankError, Reranker};
use crate::source::SourceObject;
use crate::sql::SqlLimits;
use answer::{Answer, AnswerInput, Answerer, ExtractiveAnswerer};
use catalog::Catalog;
use compute::Computation;
use extract::{execute, ActionResult, ExtractInput, ExtractionPolicy, RulePolicy};
use intent::{Intent, IntentError, IntentParser, Operation, RuleIntentParser};
use select::{HybridSelector, SelectInput, SourceSelection, SourceSelector};
use thinktank::GuideRetriever;

#[derive(Debug, thiserror::Error)]
pub enum AgentError {
    #[error("cannot understand the question: {0}")]
    Intent(#[from] IntentError),
    #[error(transparent)]
    Embed(#[from] EmbedError),
    #[error(transparent)]
    Rerank(RerankError),
    #[error("language model step '{step}' failed: {reason}")]
    Model { step: &'static str, reason: String },
    #[error("action on {object} refused: {reason}")]
    Action { object: String, reason: String },
    #[error("searching the catalog: {0}")]
    Catalog(#[from] crate::store::StoreError),
}

impl AgentError {
    pub fn code(&self) -> &'static str {
        match self {
            AgentError::Intent(_) => "agent_intent",
            AgentError::Embed(_) => "embed",
            AgentError::Rerank(e) => e.code(),
            AgentError::Model { .. } => "agent_model",
            AgentError::Action { .. } => "agent_action",
            AgentError::Catalog(e) => e.code(),
        }
    }
}

/// A guide as the trace shows it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GuideUse {
    pub id: String,
    pub question: String,
    pub score: f32,
    pub dense: f32,
    pub lexical: f32,
    pub sources: Vec<String>,
}

/// A refreshed dynamic object, as the trace shows it.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RefreshNote {
    pub id: String,
    pub rows: usize,
    pub changed: bool,
}

/// One step of a run: what went in, what came out, how long it took.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "step", rename_all = "snake_case")]
pub enum Step {
    Intent { parser: String, intent: Intent },
    Guides { retrieved: Vec<GuideUse> },
    Selection { selector: String, selection: SourceSelection },
    Refresh { refreshed: Vec<RefreshNote> },
    Actions { policy: String, results: Vec<ActionResult> },
    Compute { computation: Computation },
    /// The table parser's plan over a selected table, its SQL and result.
    TableQuery { query: tableqa::TableQuery, used: bool },
    /// A language model writing SQL over a table: the prompt, each
    /// statement and what running it gave, and which answer was kept.
    TextToSql { writing: text2sql::SqlWriting },
    Answer { answerer: String, text: String, unknown: bool, support: f32 },
}

#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TraceStep {
    #[serde(flatten)]
    pub step: Step,
    pub ms: f64,
}

/// Everything one question produced.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Run {
    pub question: String,
    pub answer: Answer,
    /// Chosen objects, best first, with their selection score.
    pub selected: Vec<(String, f32)>,
    pub actions: Vec<ActionResult>,
    pub trace: Vec<TraceStep>,
}

/// Brings a stale dynamic object up to date before it is read.
pub trait Refresher: Sync {
    /// The refreshed object when it was stale, `None` when it was fresh.
    fn refresh_if_stale(&self, obj: &SourceObject) -> Result<Option<(SourceObject, RefreshNote)>, String>;
}

/// The agent: its stages and settings.
pub struct Agent<'m> {
    pub embedder: &'m dyn Embedder,
    pub intent: Box<dyn IntentParser + 'm>,
    pub selector: Box<dyn SourceSelector + 'm>,
    pub policy: Box<dyn ExtractionPolicy + 'm>,
    pub answerer: Box<dyn Answerer + 'm>,
    /// How many guides to retrieve.
    pub guides_k: usize,
    pub sql_limits: SqlLimits,
    /// Called with each trace step as soon as it is done, so a front end
    /// can show the run as it unfolds (the app streams them to the UI).
    pub observer: Option<&'m (dyn Fn(&TraceStep) + Sync)>,
    /// Called with the answer drafted so far while a language model writes
    /// it (token by token); the final answer still comes in the Answer step,
    /// and may differ when the draft fails the grounding check.
    pub on_answer_text: Option<&'m (dyn Fn(&str) + Sync)>,
    /// A language model that writes SQL over the table the table step
    /// asks ([`text2sql`]), beside the deterministic parser.
    pub table_sql: Option<&'m dyn crate::llm::LanguageModel>,
}

/// A failed model step's name in the trace: what failed, why, and what
/// answered instead.
fn fell_back(step: &str, reason: &str, instead: &str) -> String {
    format!("{step} failed ({}); {instead} instead", crate::text::truncate_chars(reason, 200))
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// Appends a step to the trace and tells the observer, if any.
fn record(observer: Option<&(dyn Fn(&TraceStep) + Sync)>, trace: &mut Vec<TraceStep>, step: Step, ms: f64) {
    let s = TraceStep { step, ms };
    if let Some(f) = observer {
        f(&s);
    }
    trace.push(s);
}

/// A table plan with the evidence it cites (its result cells, or the rows
/// an aggregate read).
fn with_evidence(q: Option<tableqa::TableQuery>, objects: &[tableqa::TableCandidate], db: &crate::tabledb::TableDb) -> Option<(tableqa::TableQuery, Vec<extract::Evidence>)> {
    let q = q?;
    let obj = objects.iter().find(|o| o.object.id == q.source)?.object;
    let ev = tableqa::evidence(&q, obj, db, 20);
    Some((q, ev))
}

/// A table query taken as the answer: its table joins the selection (when
/// it was a runner-up of `also_tables`), its SQL joins the actions with
/// its evidence, and the answer is its values, citing that evidence.
fn adopt_table_answer(q: &tableqa::TableQuery, ev: &[extract::Evidence], also_tables: &[(String, f32, bool)], selected: &mut Vec<(String, f32)>, actions: &mut Vec<ActionResult>) -> Answer {
    if let Some(extra) = also_tables.iter().find(|(id, ..)| *id == q.source) {
        selected.push((extra.0.clone(), extra.1));
    }
    actions.push(ActionResult { action: crate::action::RetrievalAction::Sql { source: q.source.clone(), query: q.plan.sql.clone() }, evidence: ev.to_vec(), error: None });
    Answer {
        text: q.result.values.join(", "),
        unknown: false,
        predicted: crate::answer::PredictedAnswer { spans: q.result.values.clone(), scale: String::new() },
        citations: ev.iter().map(answer::Citation::of).collect(),
        computation: None,
        support: q.plan.confidence,
        reason: String::new(),
    }
}

/// Does the table step's plan stand over a reader's answer read from other
/// tables, because its own table holds more of what the question asks
/// about? In a workspace of many tables the reader may read one cell of
/// the wrong table ("what is the difference in gold between algeria and
/// cameroon?" answered with Algeria's row of a table without Cameroon)
/// while the parser's plan, sure of its links, reads a table that holds
/// both. Only against an answer that cites tables only, none of them the
/// plan's: over one table the reader's and the parser's usual division of
/// labour stands. (The plan's own conditions: [`stands_over_reader`].)
fn explains_more(q: &tableqa::TableQuery, answer: &Answer, holds: &[(String, f32)]) -> bool {
    if answer.citations.is_empty() {
        return false;
    }
    let held = |id: &str| holds.iter().find(|h| h.0 == id).map(|h| h.1);
    let Some(plan_holds) = held(&q.source) else { return false };
    let mut reader_holds = 0.0f32;
    for c in &answer.citations {
        if c.source_id == q.source || matches!(c.key, Some(crate::action::EvidenceKey::Sentence { .. })) {
            return false;
        }
        // A table the table step did not ask: nothing to weigh it by.
        let Some(h) = held(&c.source_id) else { return false };
        reader_holds = reader_holds.max(h);
    }
    plan_holds > reader_holds
}

/// Does the table step's plan compute what the question asks and the
/// reader did not? Asked "what is the difference in the tonage between
/// the queen mary and media?", the reader read one cell (Queen Mary's
/// year built, "1936") and computed nothing, while the parser's plan
/// subtracts the two ships' tonnage. Only a plan of the operation's own
/// kind over two rows or more (and [`stands_over_reader`]'s conditions:
/// over a report's periods the reader's reading stands).
fn computes_what_the_reader_did_not(q: &tableqa::TableQuery, intent: &Intent, answer: &Answer) -> bool {
    use tableqa::PlanKind;
    if answer.computation.is_some() || q.result.rows.len() < 2 {
        return false;
    }
    let kind = match intent.operation {
        Some(Operation::Difference) => PlanKind::Difference,
        Some(Operation::Sum) => PlanKind::Sum,
        Some(Operation::Average) => PlanKind::Average,
        Some(Operation::PercentChange) => PlanKind::Change,
        _ => return false,
    };
    q.plan.kind == kind
}

/// Did the reader read its answer from tables where the question, read
/// by the parser, meets no row, while the plan's own table meets it as
/// asked? In a workspace of many tables, "who has had only 7 gold
/// medals?" may be read by the reader from a medal table where no nation
/// has 7 golds (it answered a "0" of that table), while the plan finds
/// Russia with 7 in another. Only against an answer that cites tables
/// only, none of them the plan's, each one a table the parser's plan
/// found empty ([`tableqa::TableStep::unmatched`]).
fn reader_table_meets_nothing(q: &tableqa::TableQuery, answer: &Answer, unmatched: &[String]) -> bool {
    q.relaxed.is_none() && cites_only_cells_of(answer, unmatched) && answer.citations.iter().all(|c| c.source_id != q.source)
}

/// Does the answer cite something, and only table cells (no sentence) of
/// the objects `ids`?
fn cites_only_cells_of(answer: &Answer, ids: &[String]) -> bool {
    !answer.citations.is_empty() && answer.citations.iter().all(|c| !matches!(c.key, Some(crate::action::EvidenceKey::Sentence { .. })) && ids.contains(&c.source_id))
}

/// May the table step's plan answer when its table is laid out as a
/// report (periods across, labels down), which is the reader's to read?
/// Only where the reader found nothing to read (`reader_off_tables`: no
/// answer, or prose without a figure), over a table the selection chose,
/// when the plan does what reading cannot ("how many regions", "which
/// region had the highest revenue in 2019"). A lookup is the reader's
/// too, unless the reader said "unknown" and the lookup is sure
/// ([`tableqa::SURE_LOOKUP`]): "who has a 2011 population less than
/// 224,000?" is a filter the reader cannot apply. Such a lookup answers
/// over a table the selection did not choose only when it explains every
/// strong word of the question (confidence 1): in a workspace of many
/// tables, the table of Indian cities was only a runner-up.
fn report_plan_answers(q: &tableqa::TableQuery, answer: &Answer, reader_off_tables: bool, chosen: bool) -> bool {
    if !q.report_layout {
        return true;
    }
    let report_lookup = q.plan.kind == tableqa::PlanKind::Lookup && answer.unknown && q.plan.confidence >= tableqa::SURE_LOOKUP;
    let computes = tableqa::preferred(q) && q.plan.kind != tableqa::PlanKind::Lookup;
    reader_off_tables && q.model.is_none() && (chosen || (report_lookup && q.plan.confidence >= 1.0)) && (computes || report_lookup)
}

/// Did the reader read its answer only from tables of records that hold
/// none of the question's words ([`tableqa::TableStep::strangers`])? In a
/// workspace of many tables, "what is the total number of ghostbusters
/// videogames created?" was answered "125" from a table of autos-da-fé
/// without a word of the question, while another table lists the
/// Ghostbusters games. Such an answer is no answer: a plan sure enough
/// answers instead, or else "unknown". (Not over a report's layout, whose
/// periods a question names without its words: "what are the years
/// included in the table?")
fn reads_only_strangers(answer: &Answer, strangers: &[String]) -> bool {
    !answer.unknown && cites_only_cells_of(answer, strangers)
}

/// Does a plan stand over the reader's answer on grounds the reader's
/// own reading cannot weigh ([`explains_more`],
/// [`computes_what_the_reader_did_not`], [`reader_table_meets_nothing`])?
/// Only a plan the parser wrote, over records, that it is sure of
/// ([`tableqa::PREFER_CONFIDENCE`]), against an answer the reader gave;
/// a plan less sure, but sure enough to answer ([`tableqa::sure_enough`]),
/// only when it computes what the reader did not ("what is the average
/// number of tackles this player has had over his career?": the Tackles
/// column averaged, not one cell read).
fn stands_over_reader(q: &tableqa::TableQuery, intent: &Intent, answer: &Answer, holds: &[(String, f32)], unmatched: &[String]) -> bool {
    if answer.unknown || q.report_layout || q.model.is_some() {
        return false;
    }
    if q.plan.confidence < tableqa::PREFER_CONFIDENCE {
        return tableqa::sure_enough(q) && computes_what_the_reader_did_not(q, intent, answer);
    }
    explains_more(q, answer, holds) || computes_what_the_reader_did_not(q, intent, answer) || reader_table_meets_nothing(q, answer, unmatched)
}

/// The answer, or "unknown" when the question asks for a year ("which
/// year …", "in what year …") and the answer names none
/// ([`tableqa::gives_no_year`]).
fn with_a_year_if_asked(question: &str, answer: Answer) -> Answer {
    let values = if answer.predicted.spans.is_empty() { std::slice::from_ref(&answer.text) } else { &answer.predicted.spans };
    if !answer.unknown && tableqa::gives_no_year(question, values) {
        Answer::unknown("the question asks for a year, and the answer names none")
    } else {
        answer
    }
}

/// How much of the question a table must hold (the rarity-weighted share
/// of its words in a header or a cell, [`tableqa::content_coverage`]) for
/// an answer over it to be more than a guess, in a workspace of several
/// tables, when the parser's links explain no more than
/// [`tableqa::PREFER_CONFIDENCE`] of the question or the reader read the
/// answer. Chosen on the dev pool with each question's own table left out
/// (`aurag eval wtq --setting pool`), on a plan's answers first, before
/// the exceptions of [`guesses_among_tables`] (reports, a table alone in
/// holding the question's words): 0.3 turned 66 more of 400 answers to
/// questions no table of the pool answers into "unknown", and 17 wrong
/// answers to answerable ones, for 3 right answers lost (0.2: 23 and 7,
/// for 1; 0.4: 88 and 28, for 6; 0.5: 96 and 29, for 9). The reader's
/// answers at 0.3 added 21 and 7, for none. With the exceptions: 79 and
/// 21, for the same 3; on 400 questions of the other four fifths' pool,
/// 61 and 24, for 2.
pub const GUESS_HELD: f32 = 0.3;

/// Does a sure plan (every word of the question explained as far as
/// [`tableqa::SURE_LOOKUP`]) over records meet no row, while the reader's
/// answer is a cell of another table that holds less of the question?
/// "What is the average speed in experiment 7?" over Michelson's five
/// experiments found none, and the reader had read row 7 of a small table
/// of polio trials ("ObservedControl"): no answer to what was asked. (A
/// table holding more of the question than the plan's may answer.)
fn sure_plan_meets_nothing(q: &tableqa::TableQuery, answer: &Answer, holds: &[(String, f32)]) -> bool {
    let held = |id: &str| holds.iter().find(|h| h.0 == id).map_or(0.0, |h| h.1);
    q.model.is_none() && q.relaxed.is_none() && !q.report_layout && q.plan.confidence >= tableqa::SURE_LOOKUP && !answer.unknown && !answer.citations.is_empty() && answer.citations.iter().all(|c| c.source_id != q.source && held(&c.source_id) <= held(&q.source))
}

/// Does the reader's answer to a count ("how many pairs were in pot
/// 9?") only repeat a number the question itself gives? A cell "9" read
/// off a row that names the 9 answers nothing of how many: with no table
/// plan behind it, that is "unknown".
fn echoes_the_question(question: &str, answer: &Answer) -> bool {
    let q = crate::tabular::words(question);
    let counts = q.windows(2).any(|w| w[0] == "how" && w[1] == "many");
    let given: Vec<f64> = q.iter().filter_map(|w| crate::text::parse_number(w)).map(|n| n.0).collect();
    counts && !answer.unknown && crate::text::parse_number(answer.text.trim()).is_some_and(|v| given.contains(&v.0))
}

/// Is the answer a guess among several tables? In a workspace of many
/// tables there is nearly always one whose words meet a few of the
/// question's, and a plan over it, or a cell the reader read from it,
/// gives an answer: "how long did orville brown remain nwa world
/// heavyweight champion?" was answered "3.9±0.25, N=30" from a table of
/// measurements when no table of the workspace lists champions. When the
/// table answered from holds less than [`GUESS_HELD`] of the question and
/// nothing else vouches for it (a plan the links explain more than
/// [`tableqa::PREFER_CONFIDENCE`] of; a sentence cited), the answer is
/// "unknown". (A plan explaining half the question is a guess too: on the
/// dev pool, counting those turned 10 more answers to questions no table
/// answers into "unknown", and 6 wrong answers, for 1 right one lost;
/// on the other four fifths' pool 11 and 6, for 1.) Not over a report's layout (periods across, labels down),
/// whose questions name periods and line items in words its cells do not
/// hold ("what is the average inventory for 2018 and 2019?"): TAT-QA's
/// answers over reports would be lost. `plan` is the table step's plan, when its answer would be
/// taken (`answer` is then not read); else `answer` is the reader's.
/// `holds` lists every table asked with the share it holds. With one table
/// asked, the question is that table's (a user who drops in one file asks
/// about it), and so it is when the table is the only one asked that holds
/// any word of the question ("which weather occurred most often?" over
/// seattle-weather, whose only word of the question is "weather", among
/// tables of temperatures and airports): no guess among tables.
fn guesses_among_tables(answer: &Answer, plan: Option<&tableqa::TableQuery>, holds: &[(String, f32)], reports: &[String]) -> bool {
    if holds.len() < 2 {
        return false;
    }
    let held = |id: &str| holds.iter().find(|h| h.0 == id).map_or(0.0, |h| h.1);
    // The only table asked that holds any word of the question is the
    // question's: nothing to guess between.
    let alone_holds = |id: &str| holds.iter().all(|h| h.0 == id || h.1 <= 0.0);
    match plan {
        Some(q) => q.model.is_none() && !reports.contains(&q.source) && q.plan.confidence <= tableqa::PREFER_CONFIDENCE && held(&q.source) < GUESS_HELD && !alone_holds(&q.source),
        None if answer.unknown => false,
        None => {
            let records: Vec<String> = holds.iter().filter(|h| !reports.contains(&h.0)).map(|h| h.0.clone()).collect();
            cites_only_cells_of(answer, &records) && answer.citations.iter().all(|c| held(&c.source_id) < GUESS_HELD && !alone_holds(&c.source_id))
        }
    }
}

/// Is the plan a count of every row (no filter) of one table among
/// several, none of which holds any word of the question? With no source
/// judged relevant, "how many people were vaccinated in total?" had been
/// answered 154, the rows of a table of school absences, whose column of
/// sexes explains "people". Such a count says nothing of what was asked.
/// (A plan with a filter, "how many women were polled?", still answers:
/// its filter is a word the table holds in its own way; and so does a
/// count the question asks of the rows listed, "how many measurements
/// are there?".)
fn counts_every_row_held_nowhere(question: &str, q: &tableqa::TableQuery, holds: &[(String, f32)]) -> bool {
    let said = format!(" {} ", crate::tabular::words(question).join(" "));
    let rows_asked = [" are there ", " were there ", " is there ", " was there ", " listed ", " in the table "].iter().any(|p| said.contains(p));
    q.model.is_none() && q.plan.kind == tableqa::PlanKind::Count && q.plan.filters.is_empty() && !rows_asked && holds.len() >= 2 && holds.iter().all(|h| h.1 <= 0.0)
}

/// What the agent's table step found ([`Agent::query_tables`]).
#[derive(Default)]
struct TableStep {
    /// The plan kept, with the evidence it cites.
    query: Option<(tableqa::TableQuery, Vec<extract::Evidence>)>,
    /// The selected tables that hold records.
    records: Vec<String>,
    /// The model's writing, when it was asked.
    writing: Option<text2sql::SqlWriting>,
    /// A runner-up table the model is to write SQL over once the answer
    /// is known, if it can count then.
    deferred: Option<String>,
    /// Every table asked, with the share of the question's words it holds.
    holds: Vec<(String, f32)>,
    /// The tables asked where the parser's plan met no row as asked.
    unmatched: Vec<String>,
    /// The tables of records asked that hold none of the question's words.
    strangers: Vec<String>,
    /// The tables asked that are laid out as a report.
    reports: Vec<String>,
}

/// Which of the agent's steps a language model takes ([`Agent::with_llm_steps`]).
///
/// Why a choice: on 2 cores a 0.5B model takes about 1.4 s to read the
/// question, 7 s to judge four candidates and 1.7 s to pick evidence
/// before the answer's first token; with only the answer (and table SQL)
/// on the model, the first token comes after the deterministic steps, in
/// well under a second of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LlmSteps {
    pub intent: bool,
    pub judge: bool,
    pub actions: bool,
    pub answer: bool,
    pub sql: bool,
}

impl LlmSteps {
    /// Every step.
    pub const ALL: LlmSteps = LlmSteps { intent: true, judge: true, actions: true, answer: true, sql: true };
    /// The answer and table SQL; the question, relevance and evidence are
    /// the deterministic steps'.
    pub const ANSWER: LlmSteps = LlmSteps { intent: false, judge: false, actions: false, answer: true, sql: true };
    const NONE: LlmSteps = LlmSteps { intent: false, judge: false, actions: false, answer: false, sql: false };
}

/// A step name [`LlmSteps`] does not know.
#[derive(Debug, thiserror::Error)]
#[error("unknown step '{step}': steps are intent, judge, actions, answer, sql (or all, or answer-only)")]
pub struct UnknownStep {
    pub step: String,
}

impl std::str::FromStr for LlmSteps {
    type Err = UnknownStep;
    /// `all`, `answer-only`, or a comma-separated list of step names.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim() {
            "all" => return Ok(LlmSteps::ALL),
            "answer-only" => return Ok(LlmSteps::ANSWER),
            _ => {}
        }
        let mut steps = LlmSteps::NONE;
        for step in s.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            match step {
                "intent" => steps.intent = true,
                "judge" => steps.judge = true,
                "actions" => steps.actions = true,
                "answer" => steps.answer = true,
                "sql" => steps.sql = true,
                other => return Err(UnknownStep { step: other.to_string() }),
            }
        }
        Ok(steps)
    }
}

impl<'m> Agent<'m> {
    /// Every stage deterministic; the cross-encoder reranks when given.
    pub fn deterministic(embedder: &'m dyn Embedder, reranker: Option<&'m dyn Reranker>) -> Self {
        Agent {
            embedder,
            intent: Box::new(RuleIntentParser),
            selector: Box::new(HybridSelector::new(reranker)),
            policy: Box::new(RulePolicy::default()),
            answerer: Box::new(ExtractiveAnswerer::default()),
            guides_k: 8,
            sql_limits: SqlLimits::default(),
            observer: None,
            on_answer_text: None,
            table_sql: None,
        }
    }

    /// A language model understands the question, judges relevance, writes
    /// the retrieval actions and the answer, each under a JSON schema;
    /// filtering, reranking, Compute and execution stay deterministic.
    pub fn with_llm(embedder: &'m dyn Embedder, reranker: Option<&'m dyn Reranker>, model: &'m dyn crate::llm::LanguageModel) -> Self {
        Self::with_llm_steps(embedder, reranker, model, LlmSteps::ALL)
    }

    /// [`Agent::with_llm`] for the steps `steps` names; the others keep
    /// their deterministic versions.
    pub fn with_llm_steps(embedder: &'m dyn Embedder, reranker: Option<&'m dyn Reranker>, model: &'m dyn crate::llm::LanguageModel, steps: LlmSteps) -> Self {
        let mut agent = Agent::deterministic(embedder, reranker);
        if steps.intent {
            agent.intent = Box::new(llm::LlmIntentParser { model });
        }
        if steps.judge {
            let mut selector = HybridSelector::new(reranker);
            selector.judge = Box::new(llm::LlmJudge::new(model));
            agent.selector = Box::new(selector);
        }
        if steps.actions {
            agent.policy = Box::new(llm::LlmPolicy { model });
        }
        if steps.answer {
            agent.answerer = Box::new(llm::LlmAnswerer::new(model));
        }
        if steps.sql {
            agent.table_sql = Some(model);
        }
        agent
    }

    /// The table step: the parser's best plan over the selected tables with
    /// its evidence, and which selected tables hold records.
    /// With a model ([`Agent::table_sql`]), the model writes SQL too, over
    /// the parser's table or else the best relevant one, and
    /// [`text2sql::combine`] keeps one answer; its writing comes back for
    /// the trace. When that table is only a runner-up (not in `chosen`),
    /// the writing is left for later ([`TableStep::deferred`]): its answer
    /// counts only where the reader's does not, so the model is asked after
    /// the answer, and only then.
    fn query_tables(&self, question: &str, query: &[f32], objects: &[tableqa::TableCandidate], catalog: &dyn Catalog, chosen: &[(String, f32)]) -> TableStep {
        let mut out = TableStep::default();
        if !objects.iter().any(|o| o.object.as_table().is_some()) {
            return out;
        }
        let mut guard = catalog.tables().lock().unwrap_or_else(|p| p.into_inner());
        if guard.is_none() {
            *guard = crate::tabledb::TableDb::in_memory().ok();
        }
        let Some(db) = guard.as_mut() else { return out };
        let step = tableqa::query_tables(question, objects, db, &self.sql_limits, &|w| catalog.idf(w));
        let target = tableqa::model_target(&step).map(str::to_string);
        let (mut q, records) = (step.best, step.records);
        out.records = records;
        out.holds = step.holds;
        out.unmatched = step.unmatched;
        out.strangers = step.strangers;
        out.reports = step.reports;
        // A parser plan with values that it is sure of stands over any
        // statement of the model's ([`text2sql::combine`]): the model is
        // not asked, which on 2 cores saves seconds before the answer.
        let parser_stands = q.as_ref().is_some_and(|q| !q.result.values.is_empty() && q.plan.confidence >= text2sql::PARSER_OVER_MODEL);
        if let Some(model) = self.table_sql.filter(|_| !parser_stands) {
            if let Some(obj) = target.and_then(|id| objects.iter().find(|o| o.object.id == id)).map(|o| o.object).filter(|o| db.ensure(o).is_ok()) {
                if chosen.iter().any(|(id, _)| *id == obj.id) {
                    let (mq, mut w) = text2sql::write_and_run(model, question, obj, db, &self.sql_limits);
                    q = text2sql::combine(q, mq, &mut w);
                    out.writing = Some(w);
                } else {
                    out.deferred = Some(obj.id.clone());
                }
            }
        }
        // A parser's plan the links explain too little of: how close the
        // question reads to the table's rows, for the answer step to weigh
        // against the embedder's own bar (`tableqa::sure_enough`).
        if let Some(best) = q.as_mut().filter(|b| b.model.is_none() && b.plan.confidence < tableqa::MIN_CONFIDENCE) {
            best.subject = tableqa::subject(db, &best.source, self.embedder, query);
        }
        out.query = with_evidence(q, objects, db);
        out
    }

    /// The deferred writing of [`TableStep::deferred`]: the model's
    /// statement over `target`, combined with the parser's plan `parser`.
    #[allow(clippy::type_complexity)]
    fn write_sql_later(&self, question: &str, target: &str, parser: Option<tableqa::TableQuery>, objects: &[tableqa::TableCandidate], catalog: &dyn Catalog) -> (Option<(tableqa::TableQuery, Vec<extract::Evidence>)>, Option<text2sql::SqlWriting>) {
        let mut guard = catalog.tables().lock().unwrap_or_else(|p| p.into_inner());
        let Some(db) = guard.as_mut() else { return (None, None) };
        // Without a model or the table, the parser's plan stands as it was.
        let (Some(model), Some(obj)) = (self.table_sql, objects.iter().find(|o| o.object.id == target).map(|o| o.object)) else {
            return (with_evidence(parser, objects, db), None);
        };
        let (mq, mut w) = text2sql::write_and_run(model, question, obj, db, &self.sql_limits);
        let q = text2sql::combine(parser, mq, &mut w);
        (with_evidence(q, objects, db), Some(w))
    }

    /// Settings and stage ids, for reports.
    pub fn describe(&self) -> serde_json::Value {
        serde_json::json!({
            "embedder": self.embedder.id(),
            "intent": self.intent.id(),
            "selector": self.selector.id(),
            "policy": self.policy.id(),
            "answerer": self.answerer.id(),
            "guides_k": self.guides_k,
        })
    }

    /// Answers one question over `catalog`, with guides from `guides`
    /// (those `allow` admits) and stale dynamic objects refreshed by
    /// `refresher`.
    pub fn ask(
        &self,
        question: &str,
        catalog: &dyn Catalog,
        guides: Option<&dyn GuideRetriever>,
        allow: &dyn Fn(&Guide) -> bool,
        refresher: Option<&dyn Refresher>,
    ) -> Result<Run, AgentError> {
        let mut trace = Vec::new();
        let t = Instant::now();
        // A model step that fails falls back to its deterministic version;
        // the step's name in the trace says so, and the question goes on.
        let (intent, parser) = match self.intent.parse(question) {
            Ok(i) => (i, self.intent.id()),
            Err(IntentError::Model(e)) => (RuleIntentParser.parse(question)?, fell_back(&self.intent.id(), &e, "the rule parser")),
            Err(e) => return Err(e.into()),
        };
        record(self.observer, &mut trace, Step::Intent { parser, intent: intent.clone() }, ms(t));

        let t = Instant::now();
        let query = self.embedder.embed_one(question, InputKind::Query)?;
        let hits = guides.map(|g| g.retrieve(question, &query, self.guides_k, allow)).unwrap_or_default();
        record(
            self.observer,
            &mut trace,
            Step::Guides {
                retrieved: hits
                    .iter()
                    .map(|h| GuideUse { id: h.guide.id.clone(), question: h.guide.question.clone(), score: h.score, dense: h.dense, lexical: h.lexical, sources: h.guide.sources.iter().map(|s| s.object_id.clone()).collect() })
                    .collect(),
            },
            ms(t),
        );

        let t = Instant::now();
        let selection = self.selector.select(&SelectInput { question, intent: &intent, query: &query, catalog, guides: &hits })?;
        let mut selected: Vec<(String, f32)> = selection.chosen.iter().map(|c| (c.id.clone(), c.score)).collect();
        // The best table candidates not chosen: the table step asks them
        // too, since the parser's links tell tables apart better than
        // their descriptions do ("cars" is no airport's code); a question
        // whose words only one table's cells explain is that table's.
        let (chosen_table_score, also_tables) = selection.tables_to_ask(tableqa::TABLES_ASKED);
        let nothing = selection.chosen.is_empty();
        record(self.observer, &mut trace, Step::Selection { selector: self.selector.id(), selection }, ms(t));
        if nothing {
            // No description or content read as relevant enough, but the
            // parser may still explain the question over a table's columns
            // and values (a workspace of one table, asked "which countries
            // have at least 9 medals": no word of it is the table's). Such a
            // plan answers only when it is sure enough to stand over the
            // reader ([`tableqa::preferred`]), over records, with rows.
            let t = Instant::now();
            let table_objects: Vec<tableqa::TableCandidate> = also_tables.iter().filter_map(|(id, score, _)| Some(tableqa::TableCandidate { object: catalog.get(id)?, score: *score, relevant: false })).collect();
            let step = self.query_tables(question, &query, &table_objects, catalog, &[]);
            let mut actions = Vec::new();
            let answer = match step.query {
                Some((q, ev)) => {
                    // (Nor a count of every row of one table among several
                    // when none of them holds a word of the question: "how
                    // many people were vaccinated in total?" is no count of
                    // a table of school absences.)
                    let guessed = counts_every_row_held_nowhere(question, &q, &step.holds);
                    let use_it = !q.result.values.is_empty() && !ev.is_empty() && !q.report_layout && tableqa::preferred(&q) && !guessed;
                    record(self.observer, &mut trace, Step::TableQuery { query: q.clone(), used: use_it }, ms(t));
                    if use_it {
                        adopt_table_answer(&q, &ev, &also_tables, &mut selected, &mut actions)
                    } else if guessed {
                        Answer::unknown("a guess: no source was judged relevant, no table holds a word of the question, and the plan counts every row of one")
                    } else {
                        Answer::unknown(&format!("no source was judged relevant, and the best table query ({}, confidence {:.2}) was not sure enough to answer alone", q.plan.kind.as_str(), q.plan.confidence))
                    }
                }
                None => Answer::unknown("no source was judged relevant"),
            };
            // (As below: "In which year was unemployment highest?" is not
            // answered "Angus".)
            let answer = with_a_year_if_asked(question, answer);
            record(self.observer, &mut trace, Step::Answer { answerer: self.answerer.id(), text: answer.text.clone(), unknown: answer.unknown, support: answer.support }, 0.0);
            return Ok(Run { question: question.to_string(), answer, selected, actions, trace });
        }

        // Stale dynamic objects are refreshed before they are read.
        let mut refreshed_objects: Vec<SourceObject> = Vec::new();
        let mut notes = Vec::new();
        if let Some(r) = refresher {
            let t = Instant::now();
            for (id, _) in &selected {
                let Some(obj) = catalog.get(id) else { continue };
                if obj.kind != crate::source::SourceKind::Dynamic {
                    continue;
                }
                match r.refresh_if_stale(obj) {
                    Ok(Some((fresh, note))) => {
                        refreshed_objects.push(fresh);
                        notes.push(note);
                    }
                    Ok(None) => {}
                    Err(reason) => notes.push(RefreshNote { id: format!("{id} (refresh failed: {reason})"), rows: 0, changed: false }),
                }
            }
            if !notes.is_empty() {
                record(self.observer, &mut trace, Step::Refresh { refreshed: notes }, ms(t));
            }
        }
        let objects: Vec<&SourceObject> = selected
            .iter()
            .filter_map(|(id, _)| refreshed_objects.iter().find(|o| &o.id == id).or_else(|| catalog.get(id)))
            .collect();

        // The table step: the deterministic parser over the selected tables,
        // then the best other table candidates (with their selection scores).
        let t = Instant::now();
        let mut table_objects: Vec<tableqa::TableCandidate> = objects.iter().map(|o| tableqa::TableCandidate { object: o, score: chosen_table_score.iter().find(|s| s.0 == o.id).map_or(0.0, |s| s.1), relevant: true }).collect();
        table_objects.extend(also_tables.iter().filter_map(|(id, score, relevant)| Some(tableqa::TableCandidate { object: catalog.get(id)?, score: *score, relevant: *relevant })));
        let TableStep { query: mut table_query, records: record_tables, writing, deferred, holds, unmatched, strangers, reports } = self.query_tables(question, &query, &table_objects, catalog, &selected);
        let mut table_ms = ms(t);
        if let Some(writing) = writing {
            record(self.observer, &mut trace, Step::TextToSql { writing }, table_ms);
        }

        let t = Instant::now();
        let examples: Vec<&GuideSource> = hits.iter().flat_map(|h| h.guide.sources.iter()).collect();
        let extract_input = ExtractInput { question, intent: &intent, objects: &objects, catalog, examples: &examples };
        let (planned, policy_id) = match self.policy.plan(&extract_input) {
            Ok(p) => (p, self.policy.id()),
            Err(AgentError::Model { reason, .. }) => (RulePolicy::default().plan(&extract_input)?, fell_back(&self.policy.id(), &reason, "the rule policy")),
            Err(e) => return Err(e),
        };
        // Our code executes; an action naming an object outside the
        // selection is refused, whoever wrote it.
        let mut results: Vec<ActionResult> = planned
            .iter()
            .map(|a| match objects.iter().find(|o| o.id == a.source()) {
                Some(obj) => execute(a, obj, &self.sql_limits),
                None => ActionResult { action: a.clone(), evidence: Vec::new(), error: Some(format!("source {} was not selected for this question", a.source())) },
            })
            .collect();
        extract::fill_scales(&mut results, catalog);
        record(self.observer, &mut trace, Step::Actions { policy: policy_id, results: results.clone() }, ms(t));

        let t = Instant::now();
        let evidence: Vec<extract::Evidence> = results.iter().flat_map(|r| r.evidence.iter().cloned()).collect();
        let answer_input = AnswerInput { question, intent: &intent, evidence: &evidence, catalog, on_text: self.on_answer_text };
        let (mut answer, answerer_id) = match self.answerer.answer(&answer_input) {
            Ok(a) => (a, self.answerer.id()),
            Err(AgentError::Model { reason, .. }) => (ExtractiveAnswerer::default().answer(&answer_input)?, fell_back(&self.answerer.id(), &reason, "the extractive answerer")),
            Err(e) => return Err(e),
        };
        // An extractive answer read only from tables of records (not a
        // report's layout) is the parser's to give: the reader's label and
        // year heuristics do not fit records, so without a plan it is "unknown".
        let reader_on_records = !answer.unknown && !answer.citations.is_empty() && answer.citations.iter().all(|c| record_tables.contains(&c.source_id));
        let reader_unfounded = reads_only_strangers(&answer, &strangers);
        // The model's statement over a runner-up table, asked only where it
        // could count: the reader found nothing, or only read records.
        if let Some(target) = deferred.filter(|_| answer.unknown || reader_on_records) {
            let t = Instant::now();
            let (q, writing) = self.write_sql_later(question, &target, table_query.take().map(|(q, _)| q), &table_objects, catalog);
            table_query = q;
            table_ms += ms(t);
            if let Some(writing) = writing {
                record(self.observer, &mut trace, Step::TextToSql { writing }, ms(t));
            }
        }
        let mut table_used = false;
        let mut guessed = false;
        let mut meets_nothing = false;
        if let Some((q, ev)) = table_query {
            let found = !q.result.values.is_empty() && !ev.is_empty();
            meets_nothing = !found && sure_plan_meets_nothing(&q, &answer, &holds);
            // A statement the model wrote and the combination kept answers
            // whenever it found rows: it was written over a chosen table, or
            // over a runner-up only where the reader had nothing better
            // (`TableStep::deferred`).
            // A report's table (periods across, labels down) is the
            // reader's, whose label-and-year reading fits it, unless the
            // reader found nothing to read (no answer, or prose without a
            // figure) and the plan does what reading cannot: "how many
            // regions", "which region had the highest revenue in 2019".
            let prose_only = answer.citations.iter().all(|c| matches!(c.key, Some(crate::action::EvidenceKey::Sentence { .. })));
            let reader_off_tables = answer.unknown || (prose_only && !answer.text.chars().any(|c| c.is_ascii_digit()));
            // (Over a table the selection chose, not a runner-up.)
            let chosen = selected.iter().any(|s| s.0 == q.source);
            let report_ok = report_plan_answers(&q, &answer, reader_off_tables, chosen);
            // A plan over a table the selection did not choose does not
            // overrule a figure (the reader's whole answer one number) that
            // a chosen paragraph states, when the sentences it was read
            // from hold as much of the question as the plan's table ("what
            // is the price per share for the final dividend for 2019?": the
            // paragraph's AU 18 cents per share, not a "last" plan over a
            // table of share purchases that read "final" as the last month,
            // $72.49; its table holds neither "final" nor "dividend").
            let paragraph_states_it = !chosen && !answer.unknown && !answer.citations.is_empty() && prose_only && crate::text::parse_number(&answer.text).is_some() && {
                let terms = tableqa::question_terms(question, &|w| catalog.idf(w));
                let cited: Vec<&str> = answer.citations.iter().map(|c| c.text.as_str()).collect();
                let plan_holds = holds.iter().find(|h| h.0 == q.source).map_or(0.0, |h| h.1);
                tableqa::text_coverage(&terms, &cited.join(" ")) >= plan_holds
            };
            let use_it = found && report_ok && (q.model.is_some() || (!paragraph_states_it && (tableqa::preferred(&q) || ((answer.unknown || reader_on_records || reader_unfounded) && tableqa::sure_enough(&q)) || stands_over_reader(&q, &intent, &answer, &holds, &unmatched))));
            // (A plan that guesses is not taken, and the reader's answer
            // no more: the question is "unknown".)
            guessed = use_it && guesses_among_tables(&answer, Some(&q), &holds, &reports);
            let use_it = use_it && !guessed;
            table_used = use_it;
            record(self.observer, &mut trace, Step::TableQuery { query: q.clone(), used: use_it }, table_ms);
            if use_it {
                answer = adopt_table_answer(&q, &ev, &also_tables, &mut selected, &mut results);
            }
        }
        if !table_used && !guessed {
            guessed = guesses_among_tables(&answer, None, &holds, &reports);
        }
        if guessed {
            answer = Answer::unknown("a guess: the table answered from holds little of the question, and nothing else vouches for it");
        } else if meets_nothing && !table_used {
            answer = Answer::unknown("the table the question names has no row it asks for, and another table's cell is no answer to it");
        } else if reader_on_records && !table_used {
            answer = Answer::unknown("the table's rows do not answer this: no query over its columns and values explains the question");
        } else if reader_unfounded && !table_used {
            answer = Answer::unknown("the only tables the answer could be read from hold none of the question's words");
        } else if !table_used && echoes_the_question(question, &answer) {
            answer = Answer::unknown("the cell read only repeats the number the question gives: no count of what it asks");
        }
        let answer = with_a_year_if_asked(question, answer);
        if let Some(c) = &answer.computation {
            record(self.observer, &mut trace, Step::Compute { computation: c.clone() }, 0.0);
        }
        record(self.observer, &mut trace, Step::Answer { answerer: answerer_id, text: answer.text.clone(), unknown: answer.unknown, support: answer.support }, ms(t));
        Ok(Run { question: question.to_string(), answer, selected, actions: results, trace })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::EvidenceKey;
    use crate::source::{Cell, Content, Locator, Provenance, SourceKind, TableContent};
    use crate::text::cell_from_text;

    fn table(name: &str, rows: &[&[&str]]) -> SourceObject {
        let grid: Vec<Vec<Cell>> = rows.iter().map(|r| r.iter().map(|t| cell_from_text(t)).collect()).collect();
        let content = TableContent { caption: None, header_rows: 1, columns: rows[0].iter().map(|s| s.to_string()).collect(), grid, origin: (0, 0), truncated_from: None, schema: None, row_pages: None };
        let prov = Provenance { file: format!("{name}.csv"), file_hash: name.into(), locator: Locator::SheetRange { sheet: name.into(), range: "A1:F8".into() } };
        SourceObject::new(SourceKind::Static, prov, Content::Table(content))
    }

    fn cited(obj: &SourceObject, row: u32, col: u32, text: &str) -> Answer {
        let c = answer::Citation { source_id: obj.id.clone(), file: obj.provenance.file.clone(), locator: format!("C{row}"), text: text.into(), key: Some(EvidenceKey::Cell { source: obj.id.clone(), row, col }) };
        Answer { text: text.into(), unknown: false, predicted: crate::answer::PredictedAnswer { spans: vec![text.into()], scale: String::new() }, citations: vec![c], computation: None, support: 0.5, reason: String::new() }
    }

    /// "How many teams had more than 20 points?" over two league tables:
    /// in the one the selection ranks first no team has more than 20, so
    /// its count is 0; the other's count finds the rows asked for, and a
    /// plan that finds rows is picked over one that finds none, whatever
    /// the two tables' scores.
    #[test]
    fn a_count_that_finds_rows_is_picked_over_a_count_of_none_from_a_table_ranked_higher() {
        let ranked_first = table("league_a", &[&["Team", "Played", "Points"], &["Rovers", "10", "18"], &["United", "10", "15"], &["Athletic", "10", "12"], &["Town", "10", "9"]]);
        let ranked_second = table("league_b", &[&["Team", "Played", "Points"], &["Albion", "10", "24"], &["City", "10", "22"], &["Wanderers", "10", "21"], &["County", "10", "11"]]);
        let question = "how many teams had more than 20 points?";
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let cands = [tableqa::TableCandidate { object: &ranked_first, score: 1.2, relevant: true }, tableqa::TableCandidate { object: &ranked_second, score: 1.1, relevant: true }];
        let step = tableqa::query_tables(question, &cands, &mut db, &SqlLimits::default(), &|_| 1.0);
        let q = step.best.expect("a plan");
        assert_eq!((q.source.as_str(), q.plan.kind, q.result.values.clone()), (ranked_second.id.as_str(), tableqa::PlanKind::Count, vec!["3".to_string()]));
    }

    /// "How many executions were there in California?" over executions by
    /// state (no California) and state crime figures (with California):
    /// the second's count of its California rows, 1, answers nothing; what
    /// is counted is the first's column. Texas, which the first holds, is
    /// answered from it.
    #[test]
    fn a_count_of_another_tables_column_is_not_a_count_of_rows_here() {
        let executions = table("cpunish", &[&["STATE", "EXECUTIONS", "INCOME"], &["Texas", "37", "34453"], &["Virginia", "9", "41534"], &["Missouri", "6", "35802"]]);
        let crime = table("statecrime", &[&["state", "violent", "murder"], &["California", "473.4", "5.3"], &["Texas", "450.3", "5.4"], &["Virginia", "230.0", "4.6"]]);
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let cands = [tableqa::TableCandidate { object: &crime, score: 1.2, relevant: true }, tableqa::TableCandidate { object: &executions, score: 0.7, relevant: true }];
        let step = tableqa::query_tables("How many executions were there in California?", &cands, &mut db, &SqlLimits::default(), &|_| 1.0);
        assert!(step.best.as_ref().is_none_or(|q| q.source != crime.id), "{:?}", step.best.map(|q| q.result.values));
        let q = tableqa::query_tables("How many executions were there in Texas?", &cands, &mut db, &SqlLimits::default(), &|_| 1.0).best.expect("a plan");
        assert_eq!((q.source.as_str(), q.result.values.clone()), (executions.id.as_str(), vec!["37".to_string()]));
    }

    /// "The kidney transplant patients" beside KMsurv's kidtran and
    /// survival's stanford2, both of patients with an age: the two words
    /// cut short and run together are kidtran's name, and the other table,
    /// which holds neither, does not answer (it had averaged stanford2's
    /// ages, its plan as sure).
    #[test]
    fn a_table_named_by_two_words_cut_short_is_the_one_asked() {
        let kidtran = table("kidtran", &[&["obs", "time", "delta", "age"], &["1", "1", "0", "46"], &["2", "5", "0", "51"], &["3", "7", "1", "55"], &["4", "9", "0", "57"]]);
        let stanford = table("stanford2", &[&["id", "time", "status", "age"], &["139", "86", "1", "12"], &["159", "10", "1", "13"], &["181", "60", "0", "15"]]);
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let cands = [tableqa::TableCandidate { object: &stanford, score: 1.2, relevant: true }, tableqa::TableCandidate { object: &kidtran, score: 1.1, relevant: true }];
        let q = tableqa::query_tables("What is the average age of the kidney transplant patients?", &cands, &mut db, &SqlLimits::default(), &|_| 1.0).best.expect("a plan");
        assert_eq!((q.source.as_str(), q.result.values.clone()), (kidtran.id.as_str(), vec!["52.25".to_string()]));
    }

    /// "What was the first film released in 2002?" over two tables of
    /// films: in the one ranked first no film has 2002 in its Year, and
    /// its plan finds a film only with that filter left out; the other's
    /// plan meets the year as asked, and is picked, though less sure.
    #[test]
    fn a_plan_meeting_every_filter_is_picked_over_one_that_meets_them_only_with_a_filter_left_out() {
        let ranked_first = table("filmography", &[&["Year", "Film", "Role", "Notes"], &["1986", "Ilzaam", "Ajay", "Debut"], &["2001", "Jodi No.1", "Jai", ""], &["2002", "Akhiyon Se Goli Maare", "Raja", ""], &["2003", "Ek Aur Ek Gyarah", "Tara", ""], &["2013", "Deewana Main Deewana", "Basant", "Released after Ten years"]]);
        let ranked_second = table("box_office", &[&["Date", "Film", "Gross"], &["2001-12-30", "Ocean's Eleven", "$10,000"], &["2002-01-06", "The Fellowship of the Ring", "$23,000"], &["2002-01-13", "Black Hawk Down", "$28,000"]]);
        let question = "what was the first film released in 2002?";
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let cands = [tableqa::TableCandidate { object: &ranked_first, score: 1.3, relevant: true }, tableqa::TableCandidate { object: &ranked_second, score: 1.1, relevant: true }];
        let step = tableqa::query_tables(question, &cands, &mut db, &SqlLimits::default(), &|_| 1.0);
        let q = step.best.expect("a plan");
        assert_eq!((q.source.as_str(), q.result.values.clone(), q.relaxed.is_none()), (ranked_second.id.as_str(), vec!["The Fellowship of the Ring".to_string()], true));
    }

    /// "What is the average number of tackles this player has had over his
    /// career?" (asked here with more words the table does not explain):
    /// the reader read one cell (in the pool of WikiTableQuestions' tables,
    /// a total, "837") and computed nothing, while the parser averages the
    /// Tackles column. The plan is
    /// less sure than it must be to stand over the reader on other grounds
    /// ([`tableqa::PREFER_CONFIDENCE`]), but sure enough to answer
    /// ([`tableqa::sure_enough`]), and it does what the question asks.
    /// Against a reader that computed, the reader's answer stands.
    #[test]
    fn a_less_sure_plan_that_computes_what_the_question_asks_stands_over_a_readers_one_cell() {
        let career = table("career", &[&["Year", "Team", "Games", "Combined Tackles", "Tackles", "Assisted Tackles", "Sacks"], &["2005", "CIN", "16", "64", "52", "12", "2"], &["2006", "CIN", "16", "70", "61", "9", "1"], &["2007", "CIN", "12", "45", "38", "7", "0"], &["2008", "CIN", "14", "35", "29", "6", "1"]]);
        let question = "what is the average number of tackles this linebacker has had over his whole professional career?";
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let cands = [tableqa::TableCandidate { object: &career, score: 1.0, relevant: true }];
        let step = tableqa::query_tables(question, &cands, &mut db, &SqlLimits::default(), &|_| 1.0);
        let q = step.best.expect("a plan");
        assert_eq!((q.plan.kind, q.result.values.clone()), (tableqa::PlanKind::Average, vec!["45".to_string()]));
        assert!(q.plan.confidence < tableqa::PREFER_CONFIDENCE && tableqa::sure_enough(&q), "{}", q.plan.confidence);
        let intent = RuleIntentParser.parse(question).unwrap();
        let one_cell = cited(&career, 2, 4, "61");
        assert!(stands_over_reader(&q, &intent, &one_cell, &step.holds, &step.unmatched));
        let mut computed = one_cell.clone();
        computed.computation = Some(compute::Computation { operation: Operation::Average, formula: "(52 + 61 + 38 + 29) / 4".into(), operands: Vec::new(), result: 45.0 });
        assert!(!stands_over_reader(&q, &intent, &computed, &step.holds, &step.unmatched));
    }

    /// "Who has a 2011 population less than 224,000?" over a table of
    /// cities whose header names years (a report's layout): the lookup
    /// explains every strong word, and the reader said "unknown", so it
    /// answers, also over a table the selection did not choose. A lookup
    /// less sure answers only over a chosen table, and none answers over a
    /// reader's figure.
    #[test]
    fn a_lookup_explaining_the_whole_question_answers_over_a_report_the_selection_did_not_choose() {
        let cities = table("cities", &[&["Rank", "City", "Population (2011)", "Population (2001)", "State"], &["1", "Mumbai", "12,478,447", "11,978,450", "Maharashtra"], &["2", "Delhi", "11,007,835", "9,879,172", "Delhi"], &["3", "Thanjavur", "222,943", "215,725", "Tamil Nadu"], &["4", "Bulandshahr", "222,826", "176,425", "Uttar Pradesh"]]);
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let cands = [tableqa::TableCandidate { object: &cities, score: 0.5, relevant: false }];
        let ask = |db: &mut crate::tabledb::TableDb, question: &str| tableqa::query_tables(question, &cands, db, &SqlLimits::default(), &|_| 1.0).best.expect("a plan");
        let q = ask(&mut db, "who has a 2011 population less than 224,000?");
        assert!(q.report_layout && q.plan.kind == tableqa::PlanKind::Lookup && q.plan.confidence >= 1.0, "{:?} {}", q.plan.kind, q.plan.confidence);
        assert_eq!(q.result.values, vec!["Thanjavur".to_string(), "Bulandshahr".to_string()]);
        let unknown = Answer::unknown("no evidence");
        assert!(report_plan_answers(&q, &unknown, true, false));
        assert!(!report_plan_answers(&q, &cited(&cities, 3, 2, "222,943"), false, false));
        let mut less_sure = q.clone();
        less_sure.plan.confidence = tableqa::SURE_LOOKUP;
        assert!(!report_plan_answers(&less_sure, &unknown, true, false));
        assert!(report_plan_answers(&less_sure, &unknown, true, true));
    }

    /// "What is the total number of ghostbusters videogames created?" in
    /// a workspace where the reader read "125" from a table of autos-da-fé
    /// that holds none of the question's words: that is no answer. A
    /// reader's cell from a table that holds a word of the question, or a
    /// sentence, is an answer as before.
    #[test]
    fn a_readers_cell_from_a_table_holding_none_of_the_questions_words_is_no_answer() {
        let tribunals = table("tribunals", &[&["Tribunal", "Number of autos da fe", "Executions", "Total"], &["Barcelona", "8", "1", "17"], &["Logroño", "1", "1", "1"], &["Toledo", "33", "6", "125"]]);
        let report = table("report", &[&["Item", "2019", "2018"], &["Revenue", "140", "125"], &["Costs", "95", "80"]]);
        let games = table("games", &[&["Title", "Year", "Platform"], &["Ghostbusters", "1984", "C64"], &["Ghostbusters II", "1989", "NES"], &["The Real Ghostbusters", "1987", "Arcade"]]);
        let question = "what is the total number of ghostbusters videogames created?";
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let cands = [tableqa::TableCandidate { object: &tribunals, score: 1.2, relevant: true }, tableqa::TableCandidate { object: &report, score: 1.15, relevant: true }, tableqa::TableCandidate { object: &games, score: 1.1, relevant: false }];
        let step = tableqa::query_tables(question, &cands, &mut db, &SqlLimits::default(), &|_| 1.0);
        assert_eq!(step.strangers, vec![tribunals.id.clone()]);
        assert!(reads_only_strangers(&cited(&tribunals, 3, 3, "125"), &step.strangers));
        // A table holding a word of the question, or a report's layout
        // (whose periods a question may name without its words).
        assert!(!reads_only_strangers(&cited(&games, 1, 0, "Ghostbusters"), &step.strangers));
        assert!(!reads_only_strangers(&cited(&report, 1, 2, "125"), &step.strangers));
        let mut sentence = cited(&tribunals, 3, 3, "125");
        sentence.citations[0].key = Some(EvidenceKey::Sentence { source: tribunals.id.clone(), idx: 0 });
        assert!(!reads_only_strangers(&sentence, &step.strangers));
        assert!(!reads_only_strangers(&Answer::unknown("none"), &step.strangers));
    }

    /// "What is the average number of tackles per game of palmeiras?" in a
    /// workspace of a league table (judged relevant: it lists AA das
    /// Palmeiras) and a player's career (not judged relevant, with columns
    /// Games, Tackles and Yards per Return): the career's average of Tackles explains most of the question,
    /// which over a table not judged relevant is enough, but the league
    /// table holds "palmeiras" and the career does not, and the plan has no
    /// filter to say which rows the question meant. It is no plan. Where no
    /// table judged relevant holds a word the career lacks, the plan stands
    /// as before.
    #[test]
    fn a_plan_over_a_table_not_judged_relevant_lacking_a_word_a_relevant_table_holds_is_no_plan() {
        let league = table("league", &[&["Position", "Team", "Points", "Played", "Won", "Drawn", "Lost", "For", "Against"], &["1", "Paulistano", "30", "18", "14", "2", "2", "62", "19"], &["2", "Palestra Italia", "29", "18", "14", "1", "3", "59", "21"], &["9", "AA das Palmeiras", "6", "15", "3", "0", "12", "27", "57"]]);
        let career = table("career", &[&["Year", "Team", "Games", "Tackles", "Sacks", "Yards per Return"], &["2001", "CIN", "15", "41", "8.5", "14"], &["2002", "CIN", "16", "47", "6.5", "0"], &["2003", "SF", "16", "52", "2", "7"], &["2004", "SF", "14", "38", "1", "0"]]);
        // (Tackles, which the career holds: "the average number of goals",
        // which no table here holds, is no plan of either.)
        let question = "what is the average number of tackles per game of palmeiras?";
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let ask = |db: &mut crate::tabledb::TableDb, league_relevant: bool| {
            let cands = [tableqa::TableCandidate { object: &league, score: 0.6, relevant: league_relevant }, tableqa::TableCandidate { object: &career, score: 0.2, relevant: false }];
            tableqa::query_tables(question, &cands, db, &SqlLimits::default(), &|_| 1.0).best
        };
        let best = ask(&mut db, true);
        assert!(best.as_ref().map_or(true, |q| q.source != career.id), "{:?}", best.map(|q| q.plan.sql));
        let alone = ask(&mut db, false).expect("the career's plan");
        assert_eq!((alone.source.as_str(), alone.plan.kind), (career.id.as_str(), tableqa::PlanKind::Average));
    }

    /// "Which country has the lowest percentage of population under 15?"
    /// beside a table of insect counts judged relevant (a cell of it holds
    /// 15): datasets' LifeCycleSavings names the share `pop15`, which
    /// stands for "population" and "15" though no header writes them as
    /// words, so its plan is not set aside for lacking them.
    #[test]
    fn a_table_whose_short_column_names_hold_the_question_answers_though_not_judged_relevant() {
        let savings = table("LifeCycleSavings", &[&["", "sr", "pop15", "pop75", "dpi"], &["Australia", "11.43", "29.35", "2.87", "2329.68"], &["Sweden", "6.86", "21.44", "4.54", "3299.49"], &["Zambia", "18.56", "45.25", "0.56", "138.33"]]);
        let sprays = table("InsectSprays", &[&["", "count", "spray"], &["1", "10", "A"], &["2", "15", "A"], &["3", "20", "B"]]);
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let cands = [tableqa::TableCandidate { object: &sprays, score: 0.56, relevant: true }, tableqa::TableCandidate { object: &savings, score: 0.04, relevant: false }];
        let best = tableqa::query_tables("Which country has the lowest percentage of population under 15?", &cands, &mut db, &SqlLimits::default(), &|_| 1.0).best.expect("a plan");
        assert_eq!((best.source.as_str(), best.result.values.clone()), (savings.id.as_str(), vec!["Sweden".to_string()]));
    }

    /// "What is the average weight of the cars?" beside cars.csv (speed
    /// and distance) and women.csv (height and weight): "cars" names the
    /// first table, which holds no weight, and the second's average is no
    /// answer. "Male crabs" names no table Males: there the crabs answer.
    #[test]
    fn a_table_the_question_names_as_a_noun_is_the_one_meant() {
        let cars = table("cars", &[&["", "speed", "dist"], &["1", "4", "2"], &["2", "7", "4"], &["3", "10", "18"]]);
        let women = table("women", &[&["", "height", "weight"], &["1", "58", "115"], &["2", "65", "135"], &["3", "72", "164"]]);
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let cands = [tableqa::TableCandidate { object: &women, score: 0.6, relevant: true }, tableqa::TableCandidate { object: &cars, score: 0.5, relevant: true }];
        let step = tableqa::query_tables("What is the average weight of the cars?", &cands, &mut db, &SqlLimits::default(), &|_| 1.0);
        assert!(step.best.as_ref().is_none_or(|q| q.source != women.id), "{:?}", step.best.map(|q| q.result.values));
        let q = tableqa::query_tables("What is the average weight of the women?", &cands, &mut db, &SqlLimits::default(), &|_| 1.0).best.expect("a plan");
        assert_eq!((q.source.as_str(), q.result.values.clone()), (women.id.as_str(), vec!["138".to_string()]));
        let crabs = table("crabs", &[&["", "sp", "sex", "FL", "RW", "CL", "CW", "BD"], &["1", "B", "M", "8.1", "6.7", "16.1", "19", "7"], &["2", "B", "M", "8.8", "7.7", "18.1", "20.8", "7.4"], &["51", "B", "F", "7.2", "6.5", "14.7", "17.1", "6.1"]]);
        let males = table("Males", &[&["", "nr", "year", "school", "exper", "wage"], &["1", "13", "1980", "14", "1", "1.19"], &["2", "13", "1981", "14", "2", "1.85"]]);
        let cands = [tableqa::TableCandidate { object: &crabs, score: 0.6, relevant: true }, tableqa::TableCandidate { object: &males, score: 0.5, relevant: true }];
        let q = tableqa::query_tables("What is the average body depth of male crabs?", &cands, &mut db, &SqlLimits::default(), &|_| 1.0).best.expect("a plan");
        assert_eq!((q.source.as_str(), q.result.values.clone()), (crabs.id.as_str(), vec!["7.2".to_string()]));
    }

    /// "Which region has the most women?" beside car's Womenlf (a row a
    /// woman) and car's Angell (a row a city, judged relevant for its
    /// `region`): "women" names the first, "Womenlf", the word and two
    /// letters, and a count of Angell's cities by region is no answer.
    /// "What is the average husband's income?" beside Ecdat's Somerville
    /// (judged relevant, an `income` class): Womenlf's `hincome` stands
    /// for both words.
    #[test]
    fn a_table_named_by_a_word_and_two_letters_and_a_short_name_for_two_words() {
        let women = table("Womenlf", &[&["", "partic", "hincome", "children", "region"], &["1", "not.work", "15", "present", "Ontario"], &["2", "fulltime", "13", "present", "Ontario"], &["3", "parttime", "45", "absent", "Quebec"]]);
        let cities = table("Angell", &[&["", "moral", "hetero", "mobility", "region"], &["Rochester", "19", "20.6", "15", "E"], &["Syracuse", "17", "15.6", "20.2", "E"], &["Baltimore", "9.6", "31.8", "13.2", "S"]]);
        let lake = table("Somerville", &[&["", "visits", "quality", "ski", "income"], &["1", "0", "0", "yes", "4"], &["2", "0", "0", "no", "9"], &["3", "1", "2", "yes", "5"]]);
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let cands = [tableqa::TableCandidate { object: &cities, score: 0.62, relevant: true }, tableqa::TableCandidate { object: &women, score: 0.45, relevant: true }];
        let q = tableqa::query_tables("Which region has the most women?", &cands, &mut db, &SqlLimits::default(), &|_| 1.0).best.expect("a plan");
        assert_eq!((q.source.as_str(), q.result.values.clone()), (women.id.as_str(), vec!["Ontario".to_string()]));
        let cands = [tableqa::TableCandidate { object: &lake, score: 0.66, relevant: true }, tableqa::TableCandidate { object: &women, score: 0.05, relevant: false }];
        let q = tableqa::query_tables("What is the average husband's income?", &cands, &mut db, &SqlLimits::default(), &|_| 1.0).best.expect("a plan");
        assert_eq!((q.source.as_str(), q.result.values.clone()), (women.id.as_str(), vec!["24.33".to_string()]));
    }

    /// "Which city has the lowest mobility?" over car's Angell: the answer
    /// cites Baltimore's name and its `mobility`, the cell that ranked it,
    /// not the name alone.
    #[test]
    fn an_argmax_cites_the_measure_that_ranked_its_answer() {
        let cities = table("Angell", &[&["", "moral", "hetero", "mobility", "region"], &["Rochester", "19", "20.6", "15", "E"], &["Syracuse", "17", "15.6", "20.2", "E"], &["Baltimore", "9.6", "31.8", "13.2", "S"]]);
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let cands = [tableqa::TableCandidate { object: &cities, score: 0.6, relevant: true }];
        let q = tableqa::query_tables("Which city has the lowest mobility?", &cands, &mut db, &SqlLimits::default(), &|_| 1.0).best.expect("a plan");
        assert_eq!(q.result.values, vec!["Baltimore".to_string()]);
        let texts: Vec<String> = tableqa::evidence(&q, &cities, &db, 20).iter().map(|e| e.text.clone()).collect();
        assert!(texts.iter().any(|t| t.contains("Baltimore")) && texts.iter().any(|t| t.contains("13.2")), "{texts:?}");
    }

    /// "What is the highest pop?" over 300 rows whose largest value lies
    /// in row 250, past the 200 rows a query lists: the first cell cited
    /// is that row's, not the table's first row; the smallest cites its
    /// own.
    #[test]
    fn a_largest_value_cites_the_cell_that_holds_it_first() {
        let mut rows: Vec<Vec<String>> = vec![vec!["city".into(), "pop".into()]];
        rows.extend((1..=300).map(|i| vec![format!("town{i}"), (if i == 250 { 9000 } else if i == 7 { 8000 } else { 100 + i }).to_string()]));
        let refs: Vec<Vec<&str>> = rows.iter().map(|r| r.iter().map(String::as_str).collect()).collect();
        let grid: Vec<&[&str]> = refs.iter().map(Vec::as_slice).collect();
        let towns = table("towns", &grid);
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let cands = [tableqa::TableCandidate { object: &towns, score: 0.6, relevant: true }];
        // The first cited cell: its grid row (the header is row 0) and text.
        let first_cited = |db: &mut crate::tabledb::TableDb, question: &str| {
            let q = tableqa::query_tables(question, &cands, db, &SqlLimits::default(), &|_| 1.0).best.expect("a plan");
            let ev = tableqa::evidence(&q, &towns, db, 20);
            let first = ev.iter().find_map(|e| match &e.key {
                Some(EvidenceKey::Cell { row, .. }) => Some((*row, e.text.clone())),
                _ => None,
            });
            (q.result.values.clone(), first)
        };
        assert_eq!(first_cited(&mut db, "What is the highest pop?"), (vec!["9000".to_string()], Some((250, "9000".to_string()))));
        assert_eq!(first_cited(&mut db, "What is the lowest pop?"), (vec!["101".to_string()], Some((1, "101".to_string()))));
    }

    /// "How many pairs were in pot 9?" answered with a cell "9": the
    /// question's own number is no count; "how many pairs were in pot 3?"
    /// answered 4 is.
    #[test]
    fn a_count_answered_with_the_questions_own_number_is_no_answer() {
        let pots = table("ZeaMays", &[&["", "pair", "pot"], &["9", "9", "3"]]);
        assert!(echoes_the_question("How many pairs were in pot 9?", &cited(&pots, 1, 1, "9")));
        assert!(!echoes_the_question("How many pairs were in pot 3?", &cited(&pots, 1, 1, "4")));
        assert!(!echoes_the_question("Which pair was in pot 9?", &cited(&pots, 1, 1, "9")));
    }

    /// "What is the average speed in experiment 7?" over Michelson's
    /// experiments 1 to 3 beside a small table of polio trials: the plan
    /// over the speeds, sure of every word, meets no row; the reader's
    /// cell of the trials' row 7 is no answer to it. A cell of the plan's
    /// own table, or of a table holding as much of the question, stands.
    #[test]
    fn a_sure_plan_meeting_no_row_turns_another_tables_cell_into_unknown() {
        let morley = table("morley", &[&["", "Expt", "Run", "Speed"], &["001", "1", "1", "850"], &["002", "1", "2", "740"], &["003", "1", "3", "900"], &["021", "2", "1", "960"], &["022", "2", "2", "940"], &["023", "2", "3", "960"], &["041", "3", "1", "880"], &["042", "3", "2", "880"], &["043", "3", "3", "880"]]);
        let polio = table("PolioTrials", &[&["", "Experiment", "Group", "Population"], &["6", "ObservedControl", "Controls", "725173"], &["7", "ObservedControl", "Grade2NotInoculated", "123605"]]);
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let cands = [tableqa::TableCandidate { object: &morley, score: 0.5, relevant: true }, tableqa::TableCandidate { object: &polio, score: 0.4, relevant: true }];
        let step = tableqa::query_tables("What is the average speed in experiment 7?", &cands, &mut db, &SqlLimits::default(), &|_| 1.0);
        let q = step.best.expect("a plan");
        assert_eq!(q.source, morley.id);
        assert!(q.result.values.is_empty(), "{}", q.plan.sql);
        assert!(sure_plan_meets_nothing(&q, &cited(&polio, 2, 1, "ObservedControl"), &step.holds), "{:?}", step.holds);
        assert!(!sure_plan_meets_nothing(&q, &cited(&morley, 5, 3, "880"), &step.holds));
        let more: Vec<(String, f32)> = vec![(morley.id.clone(), 0.5), (polio.id.clone(), 0.9)];
        assert!(!sure_plan_meets_nothing(&q, &cited(&polio, 2, 1, "ObservedControl"), &more));
    }

    /// In a workspace of several tables, an answer from a table that holds
    /// less than [`GUESS_HELD`] of the question is a guess unless a plan
    /// the links explain more than [`tableqa::PREFER_CONFIDENCE`] of, or a
    /// sentence, vouches for it; with one table asked, over a report's
    /// layout, or from the only table asked that holds any word of the
    /// question ("which weather occurred most often?" over seattle-weather
    /// among other tables), it is not.
    #[test]
    fn an_answer_from_a_table_holding_little_of_the_question_among_several_is_a_guess() {
        let a = table("league_a", &[&["Team", "Played", "Points"], &["Rovers", "10", "18"], &["United", "10", "15"]]);
        let b = table("league_b", &[&["Team", "Played", "Points"], &["Albion", "10", "24"], &["City", "10", "22"], &["Wanderers", "10", "21"]]);
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let cands = [tableqa::TableCandidate { object: &a, score: 1.0, relevant: true }, tableqa::TableCandidate { object: &b, score: 1.0, relevant: true }];
        let mut q = tableqa::query_tables("how many teams had more than 20 points?", &cands, &mut db, &SqlLimits::default(), &|_| 1.0).best.expect("a plan");
        assert_eq!(q.source, b.id);
        q.plan.confidence = 0.25;
        let reader = Answer::unknown("none");
        let little = [(a.id.clone(), 0.9), (b.id.clone(), GUESS_HELD - 0.1)];
        assert!(guesses_among_tables(&reader, Some(&q), &little, &[]));
        // Half the question explained is not enough; more is.
        let mut half = q.clone();
        half.plan.confidence = tableqa::PREFER_CONFIDENCE;
        assert!(guesses_among_tables(&reader, Some(&half), &little, &[]));
        // Vouched for by the links, or held enough, or the only table asked.
        let mut sure = q.clone();
        sure.plan.confidence = 0.6;
        assert!(!guesses_among_tables(&reader, Some(&sure), &little, &[]));
        assert!(!guesses_among_tables(&reader, Some(&q), &[(a.id.clone(), 0.9), (b.id.clone(), GUESS_HELD)], &[]));
        assert!(!guesses_among_tables(&reader, Some(&q), &little[1..], &[]));
        // The only table asked that holds a word of the question.
        let only_holder = [(a.id.clone(), 0.0), (b.id.clone(), GUESS_HELD - 0.1)];
        assert!(!guesses_among_tables(&reader, Some(&q), &only_holder, &[]));
        assert!(!guesses_among_tables(&cited(&b, 1, 2, "24"), None, &only_holder, &[]));
        // With no source chosen, a count of every row where no table asked
        // holds a word of the question is no answer; a filtered count, or
        // one over a table that holds some, may be.
        let mut every = q.clone();
        every.plan.kind = tableqa::PlanKind::Count;
        every.plan.filters.clear();
        let none_holds = [(a.id.clone(), 0.0), (b.id.clone(), 0.0)];
        let asked = "how many people were vaccinated in total?";
        assert!(counts_every_row_held_nowhere(asked, &every, &none_holds));
        assert!(!counts_every_row_held_nowhere(asked, &every, &only_holder));
        assert!(!counts_every_row_held_nowhere(asked, &q, &none_holds));
        assert!(!counts_every_row_held_nowhere(asked, &every, &none_holds[1..]));
        assert!(!counts_every_row_held_nowhere("how many measurements are there?", &every, &none_holds));
        assert!(!guesses_among_tables(&reader, Some(&q), &little, std::slice::from_ref(&b.id)));
        // The reader's cell: a guess from the table holding little, not
        // from the other; a sentence is not a table's guess.
        assert!(guesses_among_tables(&cited(&b, 1, 2, "24"), None, &little, &[]));
        assert!(!guesses_among_tables(&cited(&a, 1, 2, "18"), None, &little, &[]));
        assert!(!guesses_among_tables(&cited(&b, 1, 2, "24"), None, &little, std::slice::from_ref(&b.id)));
        let mut sentence = cited(&b, 1, 2, "24");
        sentence.citations[0].key = Some(EvidenceKey::Sentence { source: b.id.clone(), idx: 0 });
        assert!(!guesses_among_tables(&sentence, None, &little, &[]));
    }

    /// "Who has had only 7 gold medals?" over two medal tables: the reader
    /// read a cell of the small one, where no nation won 7 golds; the
    /// parser's plan over it meets no row, and over the other it finds
    /// Russia, so the plan stands over the reader. Against a reader's cell
    /// of a table where the plan meets its rows, or of the plan's own
    /// table, the reader's answer stands. (Both tables hold the question's
    /// words alike, so it is not [`explains_more`].)
    #[test]
    fn a_plan_stands_over_a_readers_cell_from_a_table_where_the_question_meets_no_row() {
        let small = table("south_asian_games", &[&["Rank", "Nation", "Gold", "Silver", "Bronze", "Total"], &["1", "India", "102", "58", "37", "197"], &["2", "Nepal", "32", "10", "24", "65"], &["6", "Bhutan", "1", "6", "7", "14"], &["7", "Maldives", "0", "0", "4", "4"]]);
        let big = table("athletics", &[&["Rank", "Nation", "Gold", "Silver", "Bronze", "Total"], &["1", "United States", "8", "7", "1", "16"], &["2", "Russia", "7", "7", "5", "19"], &["3", "France", "3", "3", "2", "8"], &["4", "Ethiopia", "3", "2", "2", "7"]]);
        let question = "who has had only 7 gold medals?";
        let mut db = crate::tabledb::TableDb::in_memory().unwrap();
        let cands = [tableqa::TableCandidate { object: &small, score: 1.2, relevant: true }, tableqa::TableCandidate { object: &big, score: 1.1, relevant: true }];
        let step = tableqa::query_tables(question, &cands, &mut db, &SqlLimits::default(), &|_| 1.0);
        assert_eq!(step.unmatched, vec![small.id.clone()]);
        let q = step.best.expect("a plan");
        assert_eq!((q.source.as_str(), q.result.values.clone()), (big.id.as_str(), vec!["Russia".to_string()]));
        let intent = RuleIntentParser.parse(question).unwrap();
        let holds = step.holds.clone();
        assert_eq!(holds[0].1, holds[1].1);
        assert!(stands_over_reader(&q, &intent, &cited(&small, 4, 2, "0"), &holds, &step.unmatched));
        assert!(!stands_over_reader(&q, &intent, &cited(&small, 4, 2, "0"), &holds, &[]));
        assert!(!stands_over_reader(&q, &intent, &cited(&big, 1, 1, "United States"), &holds, &step.unmatched));
    }
}
