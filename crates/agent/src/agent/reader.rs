//! The deterministic answer reader: an extractive answer from retrieved
//! evidence, with no language model.
//!
//! It scores every data cell of the given tables by how well its row label
//! and column header cover the question's words and years (QUASAR's
//! verbalized rows, read structurally), and every sentence by the share of
//! question words it holds; the best one is the answer, cited by its
//! coordinates. A numeric question answered from a sentence gets the number
//! in it rather than the whole sentence. When nothing overlaps the question
//! at all, it returns `None`: the caller says "unknown" rather than guess.

use std::collections::HashSet;

use crate::action::EvidenceKey;
use crate::agent::intent::{comparison, question_terms, Comparison, QuestionTerms};
use crate::answer::PredictedAnswer;
use crate::source::{CellValue, SourceObject, TableContent};
use crate::text::{is_stopword, tokenize, years};

/// An extractive answer and the evidence unit it was read from.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Extracted {
    pub answer: PredictedAnswer,
    /// The answer as shown to the user.
    pub text: String,
    pub evidence: EvidenceKey,
    pub score: f32,
}

fn overlap(terms: &HashSet<String>, text: &str) -> (usize, usize) {
    let toks: HashSet<String> = tokenize(text).into_iter().filter(|t| !is_stopword(t)).collect();
    (terms.iter().filter(|t| toks.contains(*t)).count(), toks.len())
}

/// "in millions", "$'000" and the like in a table's header rows.
pub fn table_scale(t: &TableContent) -> &'static str {
    let head: String = t.grid.iter().take(t.header_rows as usize).flatten().map(|c| c.text.to_lowercase()).chain(t.caption.iter().map(|c| c.to_lowercase())).collect::<Vec<_>>().join(" ");
    if head.contains("million") || head.contains("$m") {
        "million"
    } else if head.contains("thousand") || head.contains("'000") || head.contains("000s") {
        "thousand"
    } else if head.contains("billion") {
        "billion"
    } else {
        // A declared unit anywhere in the grid ("(in thousands)" in a row).
        let all: String = t.grid.iter().flatten().take(400).map(|c| c.text.as_str()).collect::<Vec<_>>().join(" | ");
        crate::text::scale_phrase(&all).unwrap_or("")
    }
}

fn best_cell(it: &QuestionTerms, obj: &SourceObject, t: &TableContent) -> Option<Extracted> {
    let mut best: Option<Extracted> = None;
    let n_terms = it.terms.len().max(1) as f32;
    let scale = table_scale(t);
    // Column headers are matched once per table, not once per row.
    let heads: Vec<(usize, HashSet<String>)> = t
        .columns
        .iter()
        .map(|h| (overlap(&it.terms, h).0, years(h).into_iter().map(|y| y.to_string()).collect()))
        .collect();
    let no_head = (0, HashSet::new());
    for (r, row) in t.grid.iter().enumerate().skip(t.header_rows as usize) {
        let label = row.first().map(|c| c.text.as_str()).unwrap_or("");
        let (lab_hit, lab_len) = overlap(&it.terms, label);
        if lab_hit == 0 {
            continue;
        }
        for (c, cell) in row.iter().enumerate().skip(1) {
            if cell.value.is_empty() {
                continue;
            }
            let (head_hit, head_years) = heads.get(c).unwrap_or(&no_head);
            let head_hit = *head_hit;
            let year_score = if it.years.is_empty() {
                if c == 1 { 0.05 } else { 0.0 }
            } else if head_years.iter().any(|y| it.years.contains(y)) {
                0.5
            } else if !head_years.is_empty() {
                -0.5
            } else {
                0.0
            };
            // Coverage of the question, with a mild penalty for long labels
            // that only share one word with it.
            let coverage = (lab_hit + head_hit) as f32 / n_terms;
            let precision = lab_hit as f32 / lab_len.max(1) as f32;
            let numeric = if matches!(cell.value, CellValue::Number(_)) { 0.05 } else { 0.0 };
            let score = coverage + 0.25 * precision + year_score + numeric;
            if best.as_ref().is_none_or(|b| score > b.score) {
                let text = cell.text.trim().to_string();
                let scale = if text.contains('%') {
                    ""
                } else if it.percent {
                    "percent"
                } else {
                    scale
                };
                best = Some(Extracted {
                    answer: PredictedAnswer { spans: vec![text.clone()], scale: scale.into() },
                    text,
                    evidence: EvidenceKey::Cell { source: obj.id.clone(), row: r as u32, col: c as u32 },
                    score,
                });
            }
        }
    }
    best
}

/// The first number in a sentence that is not a year, with its currency
/// sign and a following scale word ("$1.2 million").
pub(crate) fn number_span(sentence: &str) -> Option<String> {
    let words: Vec<&str> = sentence.split_whitespace().collect();
    for (i, w) in words.iter().enumerate() {
        let core = w.trim_matches(|c: char| !c.is_ascii_digit() && c != '$' && c != '%' && c != '.' && c != ',' && c != '-');
        let core = core.trim_end_matches(['.', ',']);
        if !core.chars().any(|c| c.is_ascii_digit()) || !years(core).is_empty() && core.len() == 4 {
            continue;
        }
        if crate::text::parse_number(core).is_none() {
            continue;
        }
        let next = words.get(i + 1).map(|n| n.trim_end_matches(['.', ',', ';']).to_lowercase());
        return Some(match next.as_deref() {
            Some(s @ ("million" | "billion" | "thousand")) => format!("{core} {s}"),
            _ => core.to_string(),
        });
    }
    None
}

/// A word's key for matching a question against a sentence that restates
/// it: its stem ([`crate::text::stem`]) cut to five letters
/// ("determined" ~ "determine", "companies" ~ "company").
fn restatement_key(tok: &str) -> String {
    crate::text::stem(tok).chars().take(5).collect()
}

/// Words that join a restated question to its answer and are no part of
/// it ("… were health, life and car insurance").
const LINKERS: &[&str] = &["is", "are", "was", "were", "be", "been", "being", "to", "that", "consists", "consisted", "consist", "comprises", "comprised", "of", "as", "follows", ":", "-", "–"];

/// The part of a sentence that answers a question the sentence restates:
/// for "How is the discount rate for domestic plans determined?", the
/// sentence "For domestic plans, the discount rate was determined by
/// comparison against the FTSE index." gives "by comparison against the
/// FTSE index". The sentence's opening must echo the question: at least
/// two of its words, ending on one, with no number and few other words
/// among them. What follows, less linking words ("were", "is to",
/// "consisted of"), must be two words or more and must not open a new
/// clause ("and …"). Otherwise `None`: the whole sentence is the answer.
pub(crate) fn answer_clause(question: &str, sentence: &str) -> Option<String> {
    let qt = tokenize(question);
    // A yes/no question is answered by the whole statement.
    if qt.first().is_some_and(|w| ["did", "does", "do", "is", "are", "was", "were", "has", "have", "had", "can", "will"].contains(&w.as_str())) {
        return None;
    }
    let q: HashSet<String> = qt.iter().filter(|t| !is_stopword(t)).map(|t| restatement_key(t)).collect();
    let mut seen: HashSet<String> = HashSet::new();
    let words: Vec<&str> = sentence.split_whitespace().collect();
    // A leading footnote marker, "(2)" or "a)", is not part of the echo.
    let start = usize::from(words.first().is_some_and(|w| w.len() <= 4 && w.ends_with(')')));
    let (mut matched, mut other) = (0usize, 0usize);
    let mut best: Option<(i64, usize)> = None;
    for (i, w) in words.iter().enumerate().skip(start) {
        let toks = tokenize(w);
        let content: Vec<&String> = toks.iter().filter(|t| !is_stopword(t)).collect();
        if content.is_empty() {
            continue;
        }
        // A question word met again is the answer speaking of it, not the echo.
        if content.iter().any(|t| q.contains(&restatement_key(t)) && seen.insert(restatement_key(t))) {
            matched += 1;
        } else if content.iter().any(|t| t.chars().any(|c| c.is_ascii_digit())) {
            // A number the question does not name is likely the answer
            // ("In 2018, IMFT discontinued …"): the echo cannot pass it.
            break;
        } else {
            other += 1;
        }
        let score = matched as i64 - other as i64;
        if matched >= 2 && other <= (matched / 3).max(1) && best.is_none_or(|(b, _)| score >= b) {
            best = Some((score, i + 1));
        }
    }
    let (_, cut) = best?;
    let mut rest: Vec<&str> = words[cut..].to_vec();
    while rest.first().is_some_and(|w| LINKERS.contains(&w.to_lowercase().trim_end_matches(','))) {
        rest.remove(0);
    }
    let first = rest.first()?.to_lowercase();
    if rest.len() < 2 || first == "and" || first == "but" || first.starts_with(',') || words[cut - 1].ends_with(['.', ';']) {
        return None;
    }
    let text = rest.join(" ");
    Some(text.trim_end_matches(['.', ';', ',']).to_string())
}

fn best_sentence(it: &QuestionTerms, obj: &SourceObject) -> Option<Extracted> {
    let text = obj.as_text()?;
    let n_terms = it.terms.len().max(1) as f32;
    let mut best: Option<Extracted> = None;
    for s in &text.sentences {
        let (hit, _) = overlap(&it.terms, &s.text);
        if hit == 0 {
            continue;
        }
        let sy: HashSet<String> = years(&s.text).into_iter().map(|y| y.to_string()).collect();
        let year_score = if !it.years.is_empty() && sy.iter().any(|y| it.years.contains(y)) { 0.25 } else { 0.0 };
        let score = hit as f32 / n_terms + year_score;
        if best.as_ref().is_none_or(|b| score > b.score) {
            let span = if it.numeric { number_span(&s.text) } else { None };
            let shown = span.unwrap_or_else(|| s.text.clone());
            best = Some(Extracted {
                answer: PredictedAnswer { spans: vec![shown.clone()], scale: String::new() },
                text: shown,
                evidence: EvidenceKey::Sentence { source: obj.id.clone(), idx: s.idx },
                score,
            });
        }
    }
    best
}

/// "In which year was X larger?": compare the best-matching row's values
/// across the columns whose header holds a year; the answer is the year.
fn compare_years(it: &QuestionTerms, pick: Comparison, obj: &SourceObject, t: &TableContent) -> Option<Extracted> {
    let year_cols: Vec<(usize, String)> = t.columns.iter().enumerate().skip(1).filter_map(|(c, h)| years(h).first().map(|y| (c, y.to_string()))).collect();
    if year_cols.len() < 2 {
        return None;
    }
    let n_terms = it.terms.len().max(1) as f32;
    let mut best: Option<(f32, usize)> = None;
    for (r, row) in t.grid.iter().enumerate().skip(t.header_rows as usize) {
        let (hit, len) = overlap(&it.terms, row.first().map(|c| c.text.as_str()).unwrap_or(""));
        let values = year_cols.iter().filter(|(c, _)| row.get(*c).and_then(|x| x.value.as_f64()).is_some()).count();
        if hit == 0 || values < 2 {
            continue;
        }
        let score = hit as f32 / n_terms + 0.25 * hit as f32 / len.max(1) as f32;
        if best.is_none_or(|b| score > b.0) {
            best = Some((score, r));
        }
    }
    let (score, r) = best?;
    let vals: Vec<(usize, &String, f64)> = year_cols.iter().filter_map(|(c, y)| t.grid[r].get(*c).and_then(|x| x.value.as_f64()).map(|v| (*c, y, v))).collect();
    let scale = crate::answer::scale_to_num(table_scale(t));
    // Negative thresholds mark full units (see `agent::intent::comparison`).
    let full = |v: f64, x: f64| if x < 0.0 { (v * scale, -x) } else { (v, x) };
    let chosen: Vec<&(usize, &String, f64)> = match pick {
        Comparison::Max => vals.iter().max_by(|a, b| a.2.total_cmp(&b.2)).into_iter().collect(),
        Comparison::Min => vals.iter().min_by(|a, b| a.2.total_cmp(&b.2)).into_iter().collect(),
        // Thresholds may be stated in full ("10,000,000") or in the table's unit.
        Comparison::Below(x) => vals.iter().filter(|v| { let (a, b) = full(v.2, x); a < b }).collect(),
        Comparison::Above(x) => vals.iter().filter(|v| { let (a, b) = full(v.2, x); a > b }).collect(),
    };
    let first = chosen.first()?;
    let spans: Vec<String> = chosen.iter().map(|v| v.1.clone()).collect();
    Some(Extracted {
        text: spans.join(", "),
        answer: PredictedAnswer { spans, scale: String::new() },
        evidence: EvidenceKey::Cell { source: obj.id.clone(), row: r as u32, col: first.0 as u32 },
        score: score + 0.5,
    })
}

/// The best extractive answer over `objects`, or `None` (unknown).
pub fn extract(question: &str, objects: &[&SourceObject]) -> Option<Extracted> {
    let it = question_terms(question);
    if it.terms.is_empty() && it.years.is_empty() {
        return None;
    }
    let q = question.to_lowercase();
    // The reader compares across year columns only ("which period" questions
    // go to the agent, whose evidence carries periods).
    let asks_year = q.contains("which year") || q.contains("what year");
    if let Some(pick) = comparison(&q).filter(|_| asks_year) {
        let compared = objects.iter().filter_map(|o| compare_years(&it, pick, o, o.as_table()?)).max_by(|a, b| a.score.total_cmp(&b.score));
        if compared.is_some() {
            return compared;
        }
    }
    objects
        .iter()
        .filter_map(|o| match o.as_table() {
            Some(t) => best_cell(&it, o, t),
            None => best_sentence(&it, o),
        })
        .fold(None, |acc: Option<Extracted>, x| match acc {
            Some(a) if a.score >= x.score => Some(a),
            _ => Some(x),
        })
}

#[cfg(test)]
mod clause_tests {
    use super::answer_clause;

    #[test]
    fn the_answer_is_what_follows_the_restated_question() {
        let cases = [
            (
                "How is the discount rate for domestic plans determined?",
                "For domestic plans, the discount rate was determined by comparison against the FTSE pension liability index.",
                Some("by comparison against the FTSE pension liability index"),
            ),
            (
                "What were the principal activities during the financial year within the Group?",
                "The principal activities during the financial year within the Group were health, life and car insurance policy sales.",
                Some("health, life and car insurance policy sales"),
            ),
            ("What was the objective of the instruments?", "The objective of these instruments is to reduce variability in interest payments.", Some("reduce variability in interest payments")),
            (
                "What does total debt outstanding consist of?",
                "(2) Total debt outstanding consisted of taxable revenue bonds due to the State of Alabama.",
                Some("taxable revenue bonds due to the State of Alabama"),
            ),
            // The answer comes before the echo: keep the sentence.
            ("When has IMFT discontinued the production of NAND?", "In 2018, IMFT discontinued production of NAND and later made 3D XPoint memory.", None),
            // No echo at the start.
            ("Who approved the statements?", "Revenue rose by 10% in the year.", None),
            // A yes/no question keeps the statement.
            ("Did the company have dilutive shares in 2019?", "The company had no dilutive shares during 2019, due to the loss.", None),
            // A question word met again belongs to the answer.
            (
                "What does in-game net revenues include?",
                "In-game net revenues primarily includes the net amount of revenue recognized for downloadable content.",
                Some("the net amount of revenue recognized for downloadable content"),
            ),
            // What follows is another clause.
            ("What happened to Europe revenue growth?", "Europe revenue growth, and Asia costs, were flat.", None),
        ];
        for (q, s, want) in cases {
            assert_eq!(answer_clause(q, s).as_deref(), want, "{q}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{Content, Locator, Provenance, Sentence, SourceKind, TextContent};
    use crate::text::cell_from_text;

    fn table() -> SourceObject {
        let rows = [["", "2019", "2018"], ["Fixed Price", "$ 1,452.4", "$ 1,146.2"], ["Services", "44.1", "56.7"], ["Total sales", "$1,496.5", "$1,202.9"]];
        let grid = rows.iter().map(|r| r.iter().map(|c| cell_from_text(c)).collect()).collect();
        let t = TableContent { caption: Some("(in millions)".into()), header_rows: 1, columns: vec!["label".into(), "2019".into(), "2018".into()], grid, origin: (0, 0), truncated_from: None, schema: None, row_pages: None };
        SourceObject::new(SourceKind::Static, Provenance { file: "f".into(), file_hash: "h".into(), locator: Locator::Lines { start: 1, end: 1 } }, Content::Table(t))
    }

    fn text() -> SourceObject {
        let s = ["Sales grew strongly.", "Other revenue was $3.2 million in 2019, up from 2018."];
        let sentences = s.iter().enumerate().map(|(i, t)| Sentence { idx: i as u32, text: t.to_string(), page: None, offset: 0, ..Default::default() }).collect();
        SourceObject::new(SourceKind::Static, Provenance { file: "g".into(), file_hash: "h2".into(), locator: Locator::Lines { start: 1, end: 1 } }, Content::Text(TextContent { sentences }))
    }

    #[test]
    fn reads_the_cell_at_the_row_label_and_year() {
        let (t, x) = (table(), text());
        let a = extract("What was the total sales in 2018?", &[&t, &x]).unwrap();
        assert_eq!(a.text, "$1,202.9");
        assert_eq!(a.answer.scale, "million");
        assert_eq!(a.evidence, EvidenceKey::Cell { source: t.id.clone(), row: 3, col: 2 });
    }

    #[test]
    fn reads_a_number_from_a_sentence_and_refuses_without_overlap() {
        let x = text();
        let a = extract("How much was other revenue in 2019?", &[&x]).unwrap();
        assert_eq!(a.text, "$3.2 million");
        assert_eq!(a.evidence, EvidenceKey::Sentence { source: x.id.clone(), idx: 1 });
        assert!(extract("Who is the chief executive?", &[&x]).is_none());
        assert!(extract("What?", &[&x]).is_none());
    }

    #[test]
    fn which_year_questions_compare_the_row_across_year_columns() {
        let t = table();
        let a = extract("In which year was Services revenue larger?", &[&t]).unwrap();
        assert_eq!(a.answer.spans, vec!["2018".to_string()]);
        assert_eq!(a.evidence, EvidenceKey::Cell { source: t.id.clone(), row: 2, col: 2 });
        let a = extract("In which year were total sales the lowest?", &[&t]).unwrap();
        assert_eq!(a.text, "2018");
        // A threshold in the table's unit (millions).
        let a = extract("In which year was Fixed Price less than 1,200?", &[&t]).unwrap();
        assert_eq!(a.text, "2018");
        let a = extract("In which year was Fixed Price more than 1,000?", &[&t]).unwrap();
        assert_eq!(a.answer.spans, vec!["2019".to_string(), "2018".to_string()]);
        // In full units: 1,452.4 million > 1.2 billion > 1,146.2 million.
        let a = extract("In which year was Fixed Price less than 1.2 billion?", &[&t]).unwrap();
        assert_eq!(a.text, "2018");
    }
}
