//! Conversations, measured: is a follow-up ("what about Europe?", "and in
//! 2014?", "top 3 instead", "as a percentage") as right as the same
//! question asked in full?
//!
//! The conversations live in `tests/data/conversations.jsonl`, written by
//! `scripts/make_conversations.py`, whose gold answers pandas computed from
//! the files the workspaces hold: the real public tables of
//! `scripts/vega_data.sh` ("vega") and the bundled sample (assets/sample,
//! "sample"). Each conversation runs turn by turn through
//! [`Workspace::ask_turn_in`], the path the CLI's `aurag chat` and the app
//! take; each follow-up's full form is asked on its own beside it. A
//! follow-up counts as "as right as in full" when it is right, or when its
//! full form is wrong too (the reading lost nothing). "why?" turns have no
//! full form: they are right when they cite what the turn before cited.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::agg::{correct, Gold};
use crate::workspace::Workspace;
use crate::EvalError;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ChatTurn {
    /// What the follow-up asks ("new" for a first question, "swap",
    /// "years", "top_n", "percentage", "flip", "why", ...).
    pub kind: String,
    pub question: String,
    /// The same question asked in full; `None` for "why?".
    pub full: Option<String>,
    /// `None` for "why?".
    pub gold: Option<Gold>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ChatConversation {
    pub id: String,
    /// `vega` or `sample`: which workspace it is asked of.
    pub workspace: String,
    pub turns: Vec<ChatTurn>,
}

pub fn conversations(path: &Path) -> Result<Vec<ChatConversation>, EvalError> {
    crate::agg::read_jsonl(path)
}

/// One turn's outcome.
#[derive(Debug, Clone, Serialize)]
pub struct ChatRecord {
    pub conversation: String,
    pub turn: usize,
    pub kind: String,
    pub question: String,
    /// How the turn was read, and the question it became.
    pub reading: String,
    pub read_as: String,
    pub predicted: Vec<String>,
    pub unknown: bool,
    pub correct: bool,
    /// The full form's question, answer and score (follow-ups only).
    pub full: Option<String>,
    pub full_predicted: Option<Vec<String>>,
    pub full_correct: Option<bool>,
    pub ms: f64,
}

/// Runs `convs` (those of `workspace`) over `ws`, which holds that
/// workspace's files.
pub async fn run(ws: &Workspace, agent: &crate::agent::Agent<'_>, workspace: &str, convs: &[ChatConversation], progress: &(dyn Fn(usize) + Sync)) -> Result<Vec<ChatRecord>, EvalError> {
    let pool = ws.pool().await?;
    let hour = std::time::Duration::from_secs(3600);
    let mut out = Vec::new();
    for c in convs.iter().filter(|c| c.workspace == workspace) {
        let mut conv = aurag::conversation::Conversation::new();
        for (i, t) in c.turns.iter().enumerate() {
            let start = std::time::Instant::now();
            let before = conv.turns.last().map(|t| t.answer.citations.clone());
            let turn = ws.ask_turn_in(&pool, agent, &mut conv, &t.question, None, hour).await?;
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            let a = &turn.run.answer;
            let spans = (!a.unknown).then(|| a.predicted.spans.clone());
            let right = match &t.gold {
                Some(g) => correct(g, spans.as_deref()),
                // "why?": the turn before's evidence, cited again.
                None => !a.unknown && before.as_ref().is_some_and(|b| !b.is_empty() && &a.citations == b),
            };
            let (full, full_predicted, full_correct) = match (&t.full, &t.gold, i > 0) {
                (Some(q), Some(g), true) => {
                    let r = ws.ask_in(&pool, agent, q, None, hour).await?;
                    let s = (!r.answer.unknown).then(|| r.answer.predicted.spans.clone());
                    (Some(q.clone()), Some(s.clone().unwrap_or_default()), Some(correct(g, s.as_deref())))
                }
                _ => (None, None, None),
            };
            out.push(ChatRecord {
                conversation: c.id.clone(),
                turn: i + 1,
                kind: t.kind.clone(),
                question: t.question.clone(),
                reading: format!("{:?}", turn.reading.kind).to_lowercase(),
                read_as: turn.reading.read_as.clone(),
                predicted: spans.unwrap_or_default(),
                unknown: a.unknown,
                correct: right,
                full,
                full_predicted,
                full_correct,
                ms,
            });
        }
        progress(out.len());
    }
    Ok(out)
}

/// The figures over a run.
#[derive(Debug, Clone, Serialize)]
pub struct ChatReport {
    pub conversations: usize,
    /// First turns: right / asked.
    pub first: (usize, usize),
    /// Follow-ups with a full form.
    pub follow_ups: usize,
    pub follow_ups_right: usize,
    pub full_right: usize,
    /// Right, or wrong as its full form is wrong too.
    pub as_right_as_full: usize,
    /// kind -> (right as follow-up, right in full, asked).
    pub by_kind: BTreeMap<String, (usize, usize, usize)>,
    /// "why?" turns: right / asked.
    pub why: (usize, usize),
    pub p50_ms: f64,
    pub p95_ms: f64,
}

impl ChatReport {
    pub fn from_records(records: &[ChatRecord]) -> ChatReport {
        let follow: Vec<&ChatRecord> = records.iter().filter(|r| r.full_correct.is_some()).collect();
        let mut by_kind: BTreeMap<String, (usize, usize, usize)> = BTreeMap::new();
        for r in &follow {
            let e = by_kind.entry(r.kind.clone()).or_default();
            e.0 += r.correct as usize;
            e.1 += (r.full_correct == Some(true)) as usize;
            e.2 += 1;
        }
        let first: Vec<&ChatRecord> = records.iter().filter(|r| r.turn == 1).collect();
        let why: Vec<&ChatRecord> = records.iter().filter(|r| r.kind == "why").collect();
        let ms: Vec<f64> = records.iter().map(|r| r.ms).collect();
        ChatReport {
            conversations: first.len(),
            first: (first.iter().filter(|r| r.correct).count(), first.len()),
            follow_ups: follow.len(),
            follow_ups_right: follow.iter().filter(|r| r.correct).count(),
            full_right: follow.iter().filter(|r| r.full_correct == Some(true)).count(),
            as_right_as_full: follow.iter().filter(|r| r.correct || r.full_correct == Some(false)).count(),
            by_kind,
            why: (why.iter().filter(|r| r.correct).count(), why.len()),
            p50_ms: crate::metrics::quantile(&ms, 0.5),
            p95_ms: crate::metrics::quantile(&ms, 0.95),
        }
    }

    pub fn render(&self) -> String {
        let pct = |a: usize, b: usize| if b == 0 { 0.0 } else { 100.0 * a as f64 / b as f64 };
        let mut s = String::new();
        s.push_str(&format!("conversations             {:>4}   first questions right {} / {}\n", self.conversations, self.first.0, self.first.1));
        s.push_str(&format!(
            "follow-up turns           {:>4}   right {:>3} ({:.1}%)   asked in full, right {:>3} ({:.1}%)\n",
            self.follow_ups,
            self.follow_ups_right,
            pct(self.follow_ups_right, self.follow_ups),
            self.full_right,
            pct(self.full_right, self.follow_ups)
        ));
        s.push_str(&format!("  as right as in full     {:>4} / {} ({:.1}%)\n", self.as_right_as_full, self.follow_ups, pct(self.as_right_as_full, self.follow_ups)));
        s.push_str("  by kind                 follow-up  in full\n");
        for (k, (right, full, n)) in &self.by_kind {
            s.push_str(&format!("    {k:<20} {right:>3} / {n:<3}  {full:>3} / {n:<3}\n"));
        }
        s.push_str(&format!("\"why?\" turns citing the turn before's evidence: {} / {}\n", self.why.0, self.why.1));
        s.push_str(&format!("latency per turn          p50 {:.1} ms, p95 {:.1} ms\n", self.p50_ms, self.p95_ms));
        s
    }
}
