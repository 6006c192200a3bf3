//! The answer step: a cited answer from the retrieved evidence only, or
//! "unknown" when the evidence does not hold one (QUASAR's refusal).
//!
//! [`ExtractiveAnswerer`] is deterministic: comparisons across periods
//! answer with the period, operations go through the Compute step over the
//! cited cells (the formula and operands land in the trace), and anything
//! else is the best-matching cell, the number in the best sentence, or the
//! sentence itself. Every answer carries the evidence it was read from.

use serde::{Deserialize, Serialize};

use super::catalog::Catalog;
use super::compute::{compute, format_result, Computation, Operand};
use super::extract::Evidence;
use super::intent::{AnswerType, Comparison, Intent, Operation};
use super::matching::{sentence_score, token_set, Weighted};
use super::AgentError;
use crate::action::EvidenceKey;
use crate::answer::PredictedAnswer;

/// Where a claim comes from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Citation {
    pub source_id: String,
    pub file: String,
    /// `Sheet1!B4`, `sentence 3 (page 2)`, `SQL row 1: <query>`.
    pub locator: String,
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<EvidenceKey>,
}

impl Citation {
    pub fn of(e: &Evidence) -> Citation {
        let text = if e.label.is_empty() { e.text.clone() } else { format!("{} | {}: {}", e.label, e.header, e.text) };
        Citation { source_id: e.source_id.clone(), file: e.file.clone(), locator: e.locator.clone(), text, key: e.key.clone() }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Answer {
    /// What the user reads; "unknown" when there is no supported answer.
    pub text: String,
    pub unknown: bool,
    /// Spans and scale, the form TAT-QA scores.
    pub predicted: PredictedAnswer,
    pub citations: Vec<Citation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub computation: Option<Computation>,
    /// How well the evidence read matched the question.
    pub support: f32,
    /// Why the answer is "unknown" (empty otherwise).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

impl Answer {
    pub fn unknown(reason: &str) -> Answer {
        Answer { text: "unknown".into(), unknown: true, predicted: PredictedAnswer { spans: Vec::new(), scale: String::new() }, citations: Vec::new(), computation: None, support: 0.0, reason: reason.into() }
    }
}

pub struct AnswerInput<'a> {
    pub question: &'a str,
    pub intent: &'a Intent,
    pub evidence: &'a [Evidence],
    pub catalog: &'a dyn Catalog,
    /// Called with the answer drafted so far while a model writes it.
    pub on_text: Option<&'a (dyn Fn(&str) + Sync)>,
}

/// The answer stage.
pub trait Answerer: Send + Sync {
    fn id(&self) -> String;
    fn answer(&self, input: &AnswerInput) -> Result<Answer, AgentError>;
}

#[derive(Debug, Clone)]
pub struct ExtractiveAnswerer {
    /// Below this support the answer is "unknown".
    pub min_support: f32,
}

impl Default for ExtractiveAnswerer {
    fn default() -> Self {
        ExtractiveAnswerer { min_support: 0.15 }
    }
}

fn operand(e: &Evidence) -> Option<Operand> {
    Some(Operand {
        value: e.value?,
        shown: e.text.clone(),
        label: if e.header.is_empty() { e.label.clone() } else { format!("{} | {}", e.label, e.header) },
        locator: e.locator.clone(),
        evidence: e.key.clone(),
    })
}

fn percent_shown(e: &Evidence) -> bool {
    e.text.contains('%')
}

fn computed<'e>(intent: &Intent, evidence: &'e [Evidence]) -> Option<(Computation, String, Vec<&'e Evidence>)> {
    let op = intent.operation?;
    let cells: Vec<&Evidence> = evidence.iter().filter(|e| e.value.is_some()).collect();
    if cells.len() < 2 {
        return None;
    }
    let picked: Vec<&Evidence> = match op {
        Operation::Difference | Operation::PercentChange => {
            let mut two: Vec<&Evidence> = cells.iter().take(2).copied().collect();
            // later − earlier when the periods are known.
            if let (Some(a), Some(b)) = (two[0].year, two[1].year) {
                if a < b {
                    two.swap(0, 1);
                }
            }
            two
        }
        Operation::PercentOf | Operation::Ratio => cells.iter().take(2).copied().collect(),
        Operation::Average | Operation::Sum => cells.clone(),
    };
    let operands: Vec<Operand> = picked.iter().filter_map(|e| operand(e)).collect();
    let c = compute(op, operands).ok()?;
    let scale = match op {
        Operation::PercentChange | Operation::PercentOf => "percent".to_string(),
        Operation::Ratio => String::new(),
        _ if picked.iter().any(|e| percent_shown(e)) => "percent".to_string(),
        _ => picked[0].scale.clone(),
    };
    Some((c, scale, picked))
}

fn compared<'e>(intent: &Intent, evidence: &'e [Evidence]) -> Option<(Vec<String>, Vec<&'e Evidence>)> {
    let cmp = intent.comparison?;
    let cells: Vec<&Evidence> = evidence.iter().filter(|e| e.value.is_some() && e.year.is_some()).collect();
    if cells.len() < 2 {
        return None;
    }
    let scale = crate::answer::scale_to_num(&cells[0].scale);
    let full = |v: f64, x: f64| if x < 0.0 { (v * scale, -x) } else { (v, x) };
    let chosen: Vec<&Evidence> = match cmp {
        Comparison::Max => cells.iter().max_by(|a, b| a.value.unwrap_or(0.0).total_cmp(&b.value.unwrap_or(0.0))).into_iter().copied().collect(),
        Comparison::Min => cells.iter().min_by(|a, b| a.value.unwrap_or(0.0).total_cmp(&b.value.unwrap_or(0.0))).into_iter().copied().collect(),
        Comparison::Below(x) => cells.iter().filter(|e| { let (a, b) = full(e.value.unwrap_or(0.0), x); a < b }).copied().collect(),
        Comparison::Above(x) => cells.iter().filter(|e| { let (a, b) = full(e.value.unwrap_or(0.0), x); a > b }).copied().collect(),
    };
    if chosen.is_empty() {
        return None;
    }
    Some((chosen.iter().filter_map(|e| e.year.map(|y| y.to_string())).collect(), chosen))
}

/// "X in 2019 and 2018 respectively": one value per cell of the first
/// table action, in the order the policy picked them (the order named).
fn many_values(intent: &Intent, evidence: &[Evidence], support: f32) -> Option<Answer> {
    if !intent.multi || intent.operation.is_some() || intent.comparison.is_some() {
        return None;
    }
    let first = evidence.iter().find(|e| e.value.is_some() && matches!(e.key, Some(EvidenceKey::Cell { .. })))?;
    let cells: Vec<&Evidence> = evidence.iter().filter(|e| e.source_id == first.source_id && e.value.is_some() && matches!(e.key, Some(EvidenceKey::Cell { .. }))).collect();
    if cells.len() < 2 {
        return None;
    }
    let spans: Vec<String> = cells.iter().map(|e| e.text.clone()).collect();
    let scale = if spans.iter().any(|s| s.contains('%')) { String::new() } else { first.scale.clone() };
    let text = if scale.is_empty() { spans.join(", ") } else { format!("{} ({scale})", spans.join(", ")) };
    Some(Answer { text, unknown: false, predicted: PredictedAnswer { spans, scale }, citations: cells.iter().map(|e| Citation::of(e)).collect(), computation: None, support, reason: String::new() })
}

impl Answerer for ExtractiveAnswerer {
    fn id(&self) -> String {
        format!("extractive(min support {})", self.min_support)
    }

    fn answer(&self, input: &AnswerInput) -> Result<Answer, AgentError> {
        let ev = input.evidence;
        if ev.is_empty() {
            return Ok(Answer::unknown("no evidence"));
        }
        let w = Weighted::new(input.intent, input.catalog);
        // How well each unit matches the question.
        let unit_score = |e: &Evidence| -> f32 {
            if e.label.is_empty() && e.header.is_empty() {
                sentence_score(&w, input.intent, &e.text)
            } else {
                let mut toks = token_set(&e.label);
                toks.extend(token_set(&e.header));
                let year = match (e.year, input.intent.years.is_empty()) {
                    (Some(y), false) if input.intent.years.contains(&y) => 0.2,
                    _ => 0.0,
                };
                w.coverage(&toks) + year
            }
        };
        let support = ev.iter().map(unit_score).fold(0.0f32, f32::max);
        if input.intent.periods {
            // The periods a table covers: the years its header cells name.
            let heads: Vec<&Evidence> = ev.iter().filter(|e| e.key.as_ref().is_some_and(|k| matches!(k, EvidenceKey::Cell { .. })) && e.year.is_some()).collect();
            let mut years: Vec<String> = Vec::new();
            for e in &heads {
                let y = e.year.map(|y| y.to_string()).unwrap_or_default();
                if !years.contains(&y) {
                    years.push(y);
                }
            }
            if !years.is_empty() {
                return Ok(Answer { text: years.join(", "), unknown: false, predicted: PredictedAnswer { spans: years, scale: String::new() }, citations: heads.iter().map(|e| Citation::of(e)).collect(), computation: None, support: support.max(self.min_support), reason: String::new() });
            }
        }
        if support < self.min_support {
            return Ok(Answer::unknown("the evidence does not match the question"));
        }
        if let Some((years, cited)) = compared(input.intent, ev) {
            if input.intent.answer_type == AnswerType::Count {
                // "How many years did X exceed Y": count the periods that do.
                let n = years.len().to_string();
                return Ok(Answer { text: format!("{n} ({})", years.join(", ")), unknown: false, predicted: PredictedAnswer { spans: vec![n], scale: String::new() }, citations: cited.iter().map(|e| Citation::of(e)).collect(), computation: None, support, reason: String::new() });
            }
            let text = years.join(", ");
            return Ok(Answer { text, unknown: false, predicted: PredictedAnswer { spans: years, scale: String::new() }, citations: cited.iter().map(|e| Citation::of(e)).collect(), computation: None, support, reason: String::new() });
        }
        if let Some((c, scale, cited)) = computed(input.intent, ev) {
            let value = format_result(c.result);
            let text = match scale.as_str() {
                "percent" => format!("{value}%"),
                "" => value.clone(),
                s => format!("{value} {s}"),
            };
            return Ok(Answer { text, unknown: false, predicted: PredictedAnswer { spans: vec![value], scale }, citations: cited.iter().map(|e| Citation::of(e)).collect(), computation: Some(c), support, reason: String::new() });
        }
        if let Some(answer) = many_values(input.intent, ev, support) {
            return Ok(answer);
        }
        // Extractive: the best unit.
        let best = ev.iter().map(|e| (e, unit_score(e))).max_by(|a, b| a.1.total_cmp(&b.1)).map(|x| x.0).unwrap_or(&ev[0]);
        let numeric = !matches!(input.intent.answer_type, AnswerType::Span);
        let (span, scale) = if best.label.is_empty() && best.header.is_empty() {
            // A number for a numeric question; for a span question, the
            // clause after the sentence's restatement of the question.
            let span = if numeric { crate::agent::reader::number_span(&best.text) } else { crate::agent::reader::answer_clause(input.question, &best.text) };
            (span.unwrap_or_else(|| best.text.clone()), String::new())
        } else {
            let scale = if best.text.contains('%') {
                String::new()
            } else if matches!(input.intent.answer_type, AnswerType::Percentage) {
                "percent".into()
            } else {
                best.scale.clone()
            };
            (best.text.clone(), scale)
        };
        let text = if scale.is_empty() || scale == "percent" { span.clone() } else { format!("{span} ({scale})") };
        Ok(Answer { text, unknown: false, predicted: PredictedAnswer { spans: vec![span], scale }, citations: vec![Citation::of(best)], computation: None, support, reason: String::new() })
    }
}
