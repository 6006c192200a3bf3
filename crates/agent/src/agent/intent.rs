//! Question understanding: a structured intent, as in QUASAR §3.1.
//!
//! Every later step reads the intent rather than the raw question: the
//! structural scorer matches its line items to row labels and its years to
//! column headers, the extraction policy picks operand cells from its
//! operation, and the answer step knows whether a number, a percentage, a
//! year or a span is wanted. [`RuleIntentParser`] is the deterministic
//! parser (years, periods, comparison and ordinal cues, line-item phrases);
//! an LLM parser fills the same struct.

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use crate::text::{is_stopword, tokenize, years};

/// What kind of answer the question wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum AnswerType {
    /// A phrase or sentence from the evidence.
    Span,
    /// An amount read or computed.
    Number,
    /// A percentage read or computed.
    Percentage,
    /// A count of items.
    Count,
    /// A year (e.g. "in which year was ... highest").
    Year,
}

/// Arithmetic the question asks for; the Compute step carries it out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Operation {
    /// later − earlier ("change", "increase", "difference").
    Difference,
    /// (later − earlier) / earlier × 100.
    PercentChange,
    Average,
    Sum,
    /// part / whole × 100 ("as a percentage of", "proportion").
    PercentOf,
    /// a / b ("ratio").
    Ratio,
}

/// A comparison across periods ("which year was X highest / above 10").
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Comparison {
    Max,
    Min,
    Below(f64),
    Above(f64),
}

/// QUASAR's structured intent, plus the cues our deterministic steps use.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Intent {
    pub answer_type: AnswerType,
    /// Line items and named things ("Pre-contract costs", "Apple").
    pub entities: Vec<String>,
    /// What is asked about the entities ("percentage change", "average").
    pub relation: String,
    /// Years and periods named ("2019", "fiscal 2019", "Q4", "31 March").
    pub time: Vec<String>,
    /// Places named ("United States", "Europe").
    pub location: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation: Option<Operation>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub comparison: Option<Comparison>,
    /// "first", "last", "top 3" ...
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ordinal: Option<String>,
    /// Content words of the question (lowercased; no stopwords, years or cue words).
    pub terms: Vec<String>,
    /// The years of `time`, as numbers, in the order named; a range that
    /// lists values ("2019 to 2017 respectively") is filled in.
    pub years: Vec<u16>,
    /// One value per named period or item is wanted, in the order named
    /// ("in 2019 and 2018 respectively", "Apple and Huawei").
    #[serde(default)]
    pub multi: bool,
    /// The question asks which periods a table covers ("what years are
    /// included in the table").
    #[serde(default)]
    pub periods: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum IntentError {
    #[error("the question is empty")]
    Empty,
    #[error("intent model failed: {0}")]
    Model(String),
}

/// The question-understanding stage.
pub trait IntentParser: Send + Sync {
    fn id(&self) -> String;
    fn parse(&self, question: &str) -> Result<Intent, IntentError>;
}

/// Deterministic parser from cue words and patterns.
#[derive(Debug, Clone, Default)]
pub struct RuleIntentParser;

/// Words that carry no content for matching (a lighter list than the
/// description stopwords: "total" and "net" name line items here).
const STOP: &[&str] = &[
    "a", "an", "the", "of", "in", "on", "at", "for", "to", "from", "by", "and", "or", "as", "is", "was", "were", "are", "be", "been",
    "what", "which", "who", "whom", "how", "when", "where", "why", "did", "does", "do", "much", "many", "that", "this", "these",
    "those", "its", "it", "their", "company", "company's", "s", "with", "between", "during", "than", "there", "has", "have", "had",
    "respectively", "year", "years", "value", "amount", "amounts", "fy", "fiscal", "ended", "ending", "end", "period", "periods",
    "reported", "under", "also", "would", "will", "can", "could", "about", "into", "over", "both", "all", "each", "any", "group",
    "group's", "s", "there", "after", "before", "mean", "means", "according", "given", "listed", "stated", "provided", "figure",
];

/// Cue words of operations and comparisons, removed from the content terms.
const CUE: &[&str] = &[
    "change", "changes", "changed", "increase", "increased", "decrease", "decreased", "difference", "percentage", "percent", "average",
    "sum", "ratio", "proportion", "growth", "rate", "highest", "lowest", "largest", "smallest", "higher", "lower", "larger", "smaller",
    "greater", "more", "less", "most", "least", "maximum", "minimum", "combined", "altogether", "compared", "comparison", "variance",
];

const PLACES: &[&str] = &[
    "united states", "u.s.", "us", "usa", "canada", "mexico", "europe", "emea", "asia", "asia pacific", "apac", "china", "japan",
    "india", "germany", "france", "united kingdom", "uk", "americas", "north america", "latin america", "australia", "ireland",
    "netherlands", "switzerland", "singapore", "korea", "taiwan", "israel", "brazil", "international", "domestic", "foreign",
];

fn has_word(q: &str, w: &str) -> bool {
    q.split(|c: char| !c.is_alphanumeric() && c != '\'').any(|t| t == w)
}

fn operation(q: &str) -> Option<Operation> {
    let pct = q.contains("percentage") || q.contains("percent") || q.contains('%');
    let change = ["change", "increase", "decrease", "growth", "grew", "grow", "difference", "variance", "declin", "rose", "fell"].iter().any(|c| q.contains(c));
    if q.contains("as a percentage of")
        || q.contains("as a proportion of")
        || q.contains("percentage of the total")
        || q.contains("percentage of total")
        || q.contains("proportion of")
        || (pct && q.contains(" of ") && !change && (q.contains(" in the total") || q.contains(" of the total") || q.contains(" of total")))
    {
        return Some(Operation::PercentOf);
    }
    if pct && change {
        return Some(Operation::PercentChange);
    }
    if q.contains("average") || has_word(q, "mean") {
        return Some(Operation::Average);
    }
    if change {
        return Some(Operation::Difference);
    }
    if has_word(q, "ratio") {
        return Some(Operation::Ratio);
    }
    if q.contains("sum of") || q.contains("combined") || q.contains("altogether") || (q.contains("total") && (q.contains(" and ") && years(q).len() >= 2)) {
        return Some(Operation::Sum);
    }
    None
}

/// The comparison a lowercased "which year …" question asks for. Thresholds
/// with a scale word ("100 million") are negative: compare in full units.
pub fn comparison(q: &str) -> Option<Comparison> {
    if !(q.contains("which year") || q.contains("which years") || q.contains("what year") || q.contains("which period") || q.contains("how many years")) {
        return None;
    }
    // The threshold follows "than" or a word that needs none ("exceed 5").
    let bare = ["exceed", "exceeded", "exceeds", "above", "below", "over", "under"];
    let threshold = || {
        let after = match q.split_once(" than ") {
            Some((_, a)) => a.to_string(),
            None => {
                let toks: Vec<&str> = q.split_whitespace().collect();
                let i = toks.iter().position(|t| bare.contains(t))?;
                toks[i + 1..].join(" ")
            }
        };
        let n = crate::text::numbers_in(&after).into_iter().next()?;
        // Scale words mean full units; the table's unit otherwise (negative = full units).
        let scale = if after.contains("billion") { 1e9 } else if after.contains("million") { 1e6 } else if after.contains("thousand") { 1e3 } else { 0.0 };
        Some(if scale > 0.0 { -(n * scale) } else { n })
    };
    let any = |ws: &[&str]| ws.iter().any(|w| has_word(q, w));
    let thresholded = q.contains(" than ") || any(&bare);
    if thresholded {
        if let Some(t) = threshold() {
            if any(&["less", "lower", "below", "under", "fewer"]) {
                return Some(Comparison::Below(t));
            }
            if any(&["more", "greater", "higher", "above", "exceed", "exceeded", "exceeds", "over"]) {
                return Some(Comparison::Above(t));
            }
        }
    }
    if any(&["lowest", "smallest", "least", "lower", "smaller", "less", "fewer", "minimum"]) {
        Some(Comparison::Min)
    } else if any(&["largest", "highest", "most", "larger", "higher", "greater", "more", "bigger", "biggest", "maximum", "greatest"]) {
        Some(Comparison::Max)
    } else {
        None
    }
}

/// "What years are included in the table?", "Which years does the table
/// provide information for …?": the periods a table covers.
fn asks_periods(q: &str, cmp: Option<Comparison>) -> bool {
    let head = ["what years", "which years", "what are the years", "which are the years", "what fiscal years", "which fiscal years", "what periods", "which periods", "what were the years", "what is the years"];
    let about = ["table", "report", "included", "provide", "provided", "present", "shown", "show", "cover", "listed", "information", "disclosed", "available", "made"];
    head.iter().any(|h| q.starts_with(h) || q.contains(&format!("in {h}"))) && about.iter().any(|a| q.contains(a)) && cmp.is_none()
}

/// A question that wants one value per named period or item.
fn wants_many(q: &str, years: &[u16], op: Option<Operation>, cmp: Option<Comparison>) -> bool {
    if op.is_some() || cmp.is_some() {
        return false;
    }
    has_word(q, "respectively") || has_word(q, "respective") || q.contains("chronological order") || q.contains("for each") || years.len() >= 2
}

/// "2019 to 2017", "2017 - 2019", "2017 through 2019": every year between
/// when a question lists values for a range.
fn fill_range(q: &str, ys: &mut Vec<u16>) {
    if ys.len() != 2 {
        return;
    }
    let (a, b) = (ys[0], ys[1]);
    let (lo, hi) = (a.min(b), a.max(b));
    if hi - lo < 2 || hi - lo > 6 {
        return;
    }
    let linked = [" to ", " through ", "-", "–"].iter().any(|sep| q.contains(&format!("{a}{sep}{b}")) || q.contains(&format!("{a}{}{b}", sep.trim())));
    if !linked {
        return;
    }
    *ys = if a > b { (lo..=hi).rev().collect() } else { (lo..=hi).collect() };
}

/// Periods other than bare years: quarters, halves, month-day dates.
fn periods(q: &str) -> Vec<String> {
    let mut out = Vec::new();
    const MONTHS: &[&str] = &["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];
    let toks: Vec<&str> = q.split(|c: char| c.is_whitespace() || c == ',' || c == '?').filter(|t| !t.is_empty()).collect();
    for (i, t) in toks.iter().enumerate() {
        let low = t.to_lowercase();
        if ["q1", "q2", "q3", "q4", "h1", "h2"].contains(&low.as_str()) {
            out.push(low.to_uppercase());
        } else if ["first", "second", "third", "fourth"].contains(&low.as_str()) && toks.get(i + 1).is_some_and(|n| n.to_lowercase().starts_with("quarter")) {
            out.push(format!("{low} quarter"));
        } else if MONTHS.contains(&low.as_str()) {
            let day = i.checked_sub(1).and_then(|j| toks.get(j)).filter(|d| d.chars().all(|c| c.is_ascii_digit()) && d.len() <= 2);
            out.push(match day {
                Some(d) => format!("{d} {low}"),
                None => low,
            });
        }
    }
    out.dedup();
    out
}

fn answer_type(q: &str, op: Option<Operation>, cmp: Option<Comparison>, periods: bool) -> AnswerType {
    if cmp.is_some() && q.starts_with("how many") {
        return AnswerType::Count;
    }
    if cmp.is_some() || periods {
        return AnswerType::Year;
    }
    match op {
        Some(Operation::PercentChange | Operation::PercentOf) => return AnswerType::Percentage,
        Some(_) => return AnswerType::Number,
        None => {}
    }
    if q.starts_with("how many") && !q.contains("how many dollars") {
        return AnswerType::Count;
    }
    if q.contains("percentage") || q.contains("what percent") || q.contains('%') {
        return AnswerType::Percentage;
    }
    let numeric = ["how much", "what was the", "what is the", "what were the", "what are the", "what was", "what is"].iter().any(|c| q.starts_with(c));
    let span_cue = ["what does", "what do", "how does", "how do", "how is", "how are", "how was", "how were", "why", "who", "where", "which", "what are the components", "what is included", "what are the items", "what items", "explain", "describe", "consist", "comprise", "method", "calculated", "determined", "reason"]
        .iter()
        .any(|c| q.contains(c));
    if numeric && !span_cue {
        AnswerType::Number
    } else {
        AnswerType::Span
    }
}

/// The question's words as the extractive reader (the RAG baseline's
/// answerer) matches them: content terms, years, and whether a number or a
/// percentage is wanted. Parsed here, beside the structured [`Intent`], so
/// that every reading of a question lives in one module.
pub struct QuestionTerms {
    pub terms: HashSet<String>,
    pub years: HashSet<String>,
    pub numeric: bool,
    /// The question asks for a percentage.
    pub percent: bool,
}

pub fn question_terms(question: &str) -> QuestionTerms {
    let ys: HashSet<String> = years(question).into_iter().map(|y| y.to_string()).collect();
    let terms: HashSet<String> = tokenize(question)
        .into_iter()
        .filter(|t| !is_stopword(t) && !ys.contains(t) && !QUESTION_WORDS.contains(&t.as_str()))
        .collect();
    let q = question.to_lowercase();
    let numeric = ["how much", "how many", "amount", "value", "total", "what was the", "what is the", "what were the", "what are the"]
        .iter()
        .any(|c| q.contains(c));
    let percent = q.contains("percentage") || q.contains('%') || q.contains("percent ");
    QuestionTerms { terms, years: ys, numeric, percent }
}

/// Words that ask rather than name.
const QUESTION_WORDS: &[&str] = &["what", "which", "how", "much", "many", "amount", "value", "year", "years", "company", "respectively"];

/// Content words: lowercased tokens without stopwords, cue words or years.
pub fn content_terms(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut prev = String::new();
    for t in tokenize(text) {
        let t = t.trim_end_matches("'s").to_string();
        let after_how = std::mem::replace(&mut prev, t.clone()) == "how";
        if t.len() < 2 && !t.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        if STOP.contains(&t.as_str()) || CUE.contains(&t.as_str()) || (t.len() == 4 && !years(&t).is_empty()) {
            continue;
        }
        // ("How long is the longest river?": "long" asks, it names nothing;
        // a table's `long`, its longitude, is no match.)
        if after_how && matches!(t.as_str(), "long" | "far" | "often" | "old" | "tall") {
            continue;
        }
        if !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// Line-item phrases: the stretches of the question left between cue words,
/// time expressions and question words, kept with their original case.
fn entities(question: &str) -> Vec<String> {
    let mut phrases = Vec::new();
    let mut cur: Vec<&str> = Vec::new();
    let flush = |cur: &mut Vec<&str>, phrases: &mut Vec<String>| {
        if !cur.is_empty() {
            let p = cur.join(" ");
            if !phrases.contains(&p) {
                phrases.push(p);
            }
            cur.clear();
        }
    };
    for raw in question.split_whitespace() {
        let w = raw.trim_matches(|c: char| !c.is_alphanumeric() && c != '&' && c != '-' && c != '\'');
        let low = w.to_lowercase();
        let low = low.trim_end_matches("'s");
        let breaks = w.is_empty()
            || STOP.contains(&low)
            || CUE.contains(&low)
            || !years(w).is_empty()
            || matches!(low, "between" | "from" | "to" | "in" | "for" | "and" | "of" | "at" | "as");
        if breaks {
            flush(&mut cur, &mut phrases);
        } else {
            cur.push(w);
        }
        if raw.ends_with([',', '?', ';', ':']) {
            flush(&mut cur, &mut phrases);
        }
    }
    flush(&mut cur, &mut phrases);
    phrases
}

impl IntentParser for RuleIntentParser {
    fn id(&self) -> String {
        "rules".into()
    }

    fn parse(&self, question: &str) -> Result<Intent, IntentError> {
        let question = question.trim();
        if question.is_empty() {
            return Err(IntentError::Empty);
        }
        let q = question.to_lowercase();
        let op = operation(&q);
        let cmp = comparison(&q);
        // Years in the order the question names them ("from 2018 to 2019").
        let mut ys: Vec<u16> = Vec::new();
        for tok in q.split(|c: char| !c.is_ascii_digit()) {
            if tok.len() == 4 {
                if let Ok(y) = tok.parse::<u16>() {
                    if (1900..=2099).contains(&y) && !ys.contains(&y) {
                        ys.push(y);
                    }
                }
            }
        }
        let multi = wants_many(&q, &ys, op, cmp);
        let covers = asks_periods(&q, cmp);
        if multi {
            fill_range(&q, &mut ys);
        }
        let mut time: Vec<String> = ys.iter().map(|y| y.to_string()).collect();
        time.extend(periods(question));
        let location = PLACES.iter().filter(|p| if p.contains(' ') || p.contains('.') { q.contains(*p) } else { has_word(&q, p) }).map(|p| p.to_string()).collect();
        let relation = match (op, cmp) {
            (Some(Operation::Difference), _) => "change",
            (Some(Operation::PercentChange), _) => "percentage change",
            (Some(Operation::Average), _) => "average",
            (Some(Operation::Sum), _) => "sum",
            (Some(Operation::PercentOf), _) => "percentage of",
            (Some(Operation::Ratio), _) => "ratio",
            (None, Some(Comparison::Max)) => "highest period",
            (None, Some(Comparison::Min)) => "lowest period",
            (None, Some(_)) => "periods past a threshold",
            (None, None) => "value",
        }
        .to_string();
        let ordinal = ["first", "last", "second", "third", "top", "bottom"].iter().find(|w| has_word(&q, w) && !q.contains(&format!("{w} quarter"))).map(|w| w.to_string());
        Ok(Intent {
            answer_type: answer_type(&q, op, cmp, covers),
            entities: entities(question),
            relation,
            time,
            location,
            operation: op,
            comparison: cmp,
            ordinal,
            terms: content_terms(question),
            years: ys,
            multi,
            periods: covers,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(q: &str) -> Intent {
        RuleIntentParser.parse(q).unwrap()
    }

    /// "How long", "how old": the word after "how" asks for a measure and
    /// names nothing (a table of Minard's troops heads its longitude
    /// `long`); the same word elsewhere is a term.
    #[test]
    fn the_word_after_how_asks_and_is_no_term() {
        assert_eq!(parse("How long is the longest river?").terms, vec!["longest".to_string(), "river".to_string()]);
        assert_eq!(parse("How old was the oldest president?").terms, vec!["oldest".to_string(), "president".to_string()]);
        assert_eq!(parse("Which city has the most long streets?").terms, vec!["city".to_string(), "long".to_string(), "streets".to_string()]);
    }

    #[test]
    fn operations_years_and_line_items() {
        let i = parse("What was the percentage change in Adjusted EBITDA between 2018 and 2019?");
        assert_eq!(i.operation, Some(Operation::PercentChange));
        assert_eq!(i.answer_type, AnswerType::Percentage);
        assert_eq!(i.years, vec![2018, 2019]);
        assert_eq!(i.entities, vec!["Adjusted EBITDA".to_string()]);
        assert_eq!(i.terms, vec!["adjusted".to_string(), "ebitda".to_string()]);

        let i = parse("What is the average accrued payroll and employee benefits for 2018 and 2019?");
        assert_eq!(i.operation, Some(Operation::Average));
        let i = parse("What was the change in the Pre-contract costs from 2018 to 2020?");
        assert_eq!(i.operation, Some(Operation::Difference));
        assert_eq!(i.years, vec![2018, 2020]);
        assert_eq!(i.entities, vec!["Pre-contract costs".to_string()]);
        let i = parse("What is the value of Kyocera resale products as a percentage of AVX's total sales in 2018?");
        assert_eq!(i.operation, Some(Operation::PercentOf));
        assert_eq!(i.years, vec![2018]);
        // "Grow" asks the change too (USPersonalExpenditure's categories
        // over year columns).
        let i = parse("How much did spending on Personal Care grow from 1940 to 1960?");
        assert_eq!((i.operation, i.years), (Some(Operation::Difference), vec![1940, 1960]));
    }

    #[test]
    fn comparisons_periods_places_and_spans() {
        let i = parse("In which year was revenue in Europe higher than 100 million?");
        assert_eq!(i.comparison, Some(Comparison::Above(-100e6)));
        assert_eq!(i.answer_type, AnswerType::Year);
        assert_eq!(i.location, vec!["europe".to_string()]);
        let i = parse("In 2019, what is the change in high price between the third quarter and fourth quarter?");
        assert!(i.time.contains(&"third quarter".to_string()) && i.time.contains(&"fourth quarter".to_string()));
        let i = parse("What does the company's revenue consist of?");
        assert_eq!(i.answer_type, AnswerType::Span);
        assert_eq!(i.operation, None);
        let i = parse("How many customers were there at 31 March 2019?");
        assert_eq!(i.answer_type, AnswerType::Count);
        assert!(i.time.contains(&"31 march".to_string()));
        assert!(RuleIntentParser.parse("  ").is_err());
    }

    #[test]
    fn many_values_ranges_periods_and_counted_comparisons() {
        let i = parse("What is the earnings per common diluted share for fiscal years 2019 to 2017 respectively?");
        assert!(i.multi);
        assert_eq!(i.years, vec![2019, 2018, 2017]);
        let i = parse("What was the interest income in 2019 and 2018?");
        assert!(i.multi);
        assert_eq!(i.years, vec![2019, 2018]);
        let i = parse("What are the respective percentage of revenue from Apple and Huawei in 2019?");
        assert!(i.multi);
        let i = parse("What was the change in revenue from 2017 to 2019?");
        assert!(!i.multi);
        assert_eq!(i.years, vec![2017, 2019]);
        let i = parse("What years are included in the table?");
        assert!(i.periods);
        assert_eq!(i.answer_type, AnswerType::Year);
        assert!(!parse("Which years had revenue above 5 million?").periods);
        let i = parse("How many years did net sales from Americas exceed $200,000 thousand?");
        assert_eq!(i.answer_type, AnswerType::Count);
        assert_eq!(i.comparison, Some(Comparison::Above(-200_000e3)));
    }
}
