//! Conversations: a question read against the turn before it.
//!
//! An analyst asks "How many cars are from Japan?", then "what about
//! Europe?", "and in 1975?", "top 3 instead", "as a percentage", "why?".
//! Each follow-up is read into one standalone question before the agent
//! sees it, so every later stage (selection, the table parser, the reader,
//! refusal) works exactly as for a question asked in full, and the trace
//! shows the reading ([`Reading`]: what kind of follow-up, the question it
//! became, and why).
//!
//! The reading is deterministic and works on what the turn before left
//! behind ([`TurnContext`]): the standalone question it was asked as, its
//! years, places and entities, and its *slots*: the words of that question
//! that named a value of a table column (the table parser's filters, the
//! row labels its citations read). "what about Europe?" swaps the slot
//! whose column holds "Europe"; a value no slot's column holds is added
//! as a condition; "and in 2018?" swaps the years; "top 3 instead" turns a
//! "which … the highest" into its top three; "as a percentage" asks the
//! same rows as a share of the total, or a change as a percentage change;
//! "why?" answers from the turn before's own evidence without asking again.
//! A question that is none of these is asked as it stands.
//!
//! Conversations are plain JSON files, one per conversation, kept by the
//! workspace ([`crate::workspace::Workspace::save_conversation`]).

use serde::{Deserialize, Serialize};

use crate::agent::answer::{Answer, Citation};
use crate::agent::intent::{IntentParser, RuleIntentParser};
use crate::agent::{Run, Step};
use crate::answer::PredictedAnswer;

/// One conversation: its turns, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Conversation {
    pub id: String,
    /// The first question, shortened: what a list of conversations shows.
    pub title: String,
    /// Seconds since the Unix epoch at the first and the latest turn.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub created: u64,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub updated: u64,
    pub turns: Vec<Turn>,
}

impl Conversation {
    /// An empty conversation with a fresh id.
    pub fn new() -> Conversation {
        let now = now_secs();
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.subsec_nanos()).unwrap_or(0);
        Conversation { id: format!("c-{now:x}{nanos:08x}"), title: String::new(), created: now, updated: now, turns: Vec::new() }
    }

    /// What the next question is read against.
    pub fn last_context(&self) -> Option<&TurnContext> {
        self.turns.last().map(|t| &t.context)
    }
}

impl Default for Conversation {
    fn default() -> Self {
        Conversation::new()
    }
}

pub(crate) fn now_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0)
}

/// One question and its answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Turn {
    /// As the analyst typed it.
    pub question: String,
    pub reading: Reading,
    pub answer: Answer,
    pub context: TurnContext,
}

/// What a follow-up asks of the turn before.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum FollowUpKind {
    /// A question of its own, asked as it stands.
    New,
    /// Other years or dates: "and in 2018?".
    Years,
    /// Another value in the place of one named before: "what about Europe?".
    Swap,
    /// A condition added to the question before: "what about from Japan?"
    /// after a question that named no origin.
    Narrow,
    /// The first or last N instead of one: "top 3 instead".
    TopN,
    /// Another extreme or aggregate: "and the lowest?", "and the maximum?".
    Operation,
    /// The same as a percentage: a share of the total, a percentage change.
    Percentage,
    /// Why the answer before was given: its own evidence, not a new search.
    Why,
}

/// How a question was read: the trace's first step in a conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Reading {
    pub kind: FollowUpKind,
    /// The standalone question the agent was asked.
    pub read_as: String,
    /// Why, in words ("2018 in the place of 2019").
    pub how: String,
}

/// A value the question named, where it was found: what "what about X?"
/// may swap.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Slot {
    /// The words of the standalone question that named the value.
    pub words: String,
    /// The table object and the column whose cell it is.
    pub table: String,
    pub column: String,
}

/// What a turn leaves for the next one to refer to.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TurnContext {
    /// The standalone question the turn was asked as.
    pub asked: String,
    pub years: Vec<u16>,
    pub places: Vec<String>,
    pub entities: Vec<String>,
    pub slots: Vec<Slot>,
    /// The tables the answer came from.
    pub tables: Vec<String>,
    /// The table parser's plan kind and statement, when its answer was used.
    pub plan: Option<String>,
    pub sql: Option<String>,
}

/// What the reading asks of the tables a turn used.
pub trait TableLookup {
    /// The columns of table `table` that hold `phrase` as a cell value
    /// (whole cell, case and spacing aside); empty when none, or no such table.
    fn columns_holding(&self, table: &str, phrase: &str) -> Vec<String>;
    /// The table's column names.
    fn columns(&self, table: &str) -> Vec<String>;
}

/// [`TableLookup`] over the table objects of a pool (or any source of objects).
pub struct ObjectLookup<'a>(pub &'a dyn Fn(&str) -> Option<crate::source::SourceObject>);

impl TableLookup for ObjectLookup<'_> {
    fn columns_holding(&self, table: &str, phrase: &str) -> Vec<String> {
        columns_holding(self.0, table, phrase)
    }
    fn columns(&self, table: &str) -> Vec<String> {
        match self.0(table).map(|o| o.content) {
            Some(crate::source::Content::Table(t)) => t.columns,
            _ => Vec::new(),
        }
    }
}

/// Words that name an extreme or an aggregate: "and the lowest?" after
/// "the highest", "and the maximum?" after "the average".
const OPERATION_WORDS: &[&str] = &[
    "highest", "lowest", "most", "least", "largest", "smallest", "biggest", "greatest", "fewest", "maximum", "minimum", "max", "min", "earliest", "latest", "oldest",
    "newest", "best", "worst", "longest", "shortest", "average", "mean", "total", "sum", "median",
];

const MONTHS: &[&str] = &[
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "january", "february", "march", "april", "june", "july", "august",
    "september", "october", "november", "december",
];

const NUMBER_WORDS: &[(&str, usize)] = &[("one", 1), ("two", 2), ("three", 3), ("four", 4), ("five", 5), ("six", 6), ("seven", 7), ("eight", 8), ("nine", 9), ("ten", 10), ("twenty", 20)];

/// Words that say "the same question, but": they carry no value of their own.
const FILLER: &[&str] = &[
    "and", "what", "about", "how", "of", "for", "in", "from", "to", "the", "a", "an", "same", "also", "then", "now", "instead", "ok", "okay", "so", "just", "only",
    "show", "me", "give", "tell", "please", "that", "it", "this", "those", "these", "is", "was", "are", "were", "as", "year", "years", "fiscal", "between", "with", "by",
    "than", "rather", "compared", "versus", "vs", "on", "at", "during", "since", "until", "through", "there", "one", "ones", "list", "again",
];

const OPENERS: &[&str] = &["and", "what about", "how about", "what of", "same for", "same", "now", "also", "then", "ok", "okay", "so", "instead", "but"];

fn lower_words(s: &str) -> Vec<String> {
    s.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '-' || c == '.' || c == '/'))
        .map(|w| w.trim_matches(|c: char| c == '.' || c == '\'').to_lowercase())
        .filter(|w| !w.is_empty())
        .collect()
}

fn is_year(w: &str) -> Option<u16> {
    (w.len() == 4 && w.chars().all(|c| c.is_ascii_digit())).then(|| w.parse::<u16>().ok()).flatten().filter(|y| (1800..=2100).contains(y))
}

fn number_of(w: &str) -> Option<usize> {
    w.parse::<usize>().ok().filter(|&n| (1..=100).contains(&n)).or_else(|| NUMBER_WORDS.iter().find(|(s, _)| *s == w).map(|(_, n)| *n))
}

/// The byte ranges of the four-digit years in `s`, in order.
fn year_spans(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i + 4 <= b.len() {
        let boundary_before = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        let boundary_after = i + 4 == b.len() || !b[i + 4].is_ascii_alphanumeric();
        if boundary_before && boundary_after && b[i..i + 4].iter().all(u8::is_ascii_digit) && is_year(&s[i..i + 4]).is_some() {
            out.push((i, i + 4));
            i += 4;
        } else {
            i += 1;
        }
    }
    out
}

/// A date or year the question names: "2015", "Jan 1 2005", "January
/// 2009", "1 March 2006"; `year` is the year's own range within it.
#[derive(Debug, Clone, Copy)]
struct TimeMention {
    span: (usize, usize),
    year: (usize, usize),
    dated: bool,
}

fn time_mentions(s: &str) -> Vec<TimeMention> {
    // Words with their byte ranges.
    let mut toks: Vec<(usize, usize)> = Vec::new();
    let mut start = None;
    for (i, c) in s.char_indices() {
        if c.is_alphanumeric() {
            start.get_or_insert(i);
        } else if let Some(a) = start.take() {
            toks.push((a, i));
        }
    }
    if let Some(a) = start {
        toks.push((a, s.len()));
    }
    let word = |k: usize| s[toks[k].0..toks[k].1].to_lowercase();
    let is_day = |k: usize| {
        let w = word(k);
        let d = w.trim_end_matches(|c: char| c.is_alphabetic());
        !d.is_empty() && d.len() <= 2 && d.parse::<u32>().is_ok_and(|n| (1..=31).contains(&n)) && matches!(&w[d.len()..], "" | "st" | "nd" | "rd" | "th")
    };
    let is_month = |k: usize| MONTHS.contains(&word(k).as_str());
    let spans = year_spans(s);
    let mut out = Vec::new();
    for y in spans {
        let Some(k) = toks.iter().position(|t| *t == y) else { continue };
        let mut first = k;
        // "Jan 1 2005", "1 March 2006", "January 2009".
        if k >= 1 && is_day(k - 1) && k >= 2 && is_month(k - 2) {
            first = k - 2;
        } else if k >= 1 && is_month(k - 1) {
            first = k - 1;
            if k >= 2 && is_day(k - 2) {
                first = k - 2;
            }
        }
        out.push(TimeMention { span: (toks[first].0, y.1), year: y, dated: first != k });
    }
    out
}

/// `s` with its final question mark or full stop moved past `extra`.
fn append(s: &str, extra: &str) -> String {
    let t = s.trim_end();
    let (body, end) = match t.char_indices().last() {
        Some((i, c)) if c == '?' || c == '.' => (&t[..i], &t[i..]),
        _ => (t, ""),
    };
    format!("{} {}{}", body.trim_end(), extra.trim(), if end.is_empty() { "?" } else { end })
}

/// The byte range of `needle` in `hay` as whole words, case aside.
fn find_words(hay: &str, needle: &str) -> Option<(usize, usize)> {
    let (h, n) = (hay.to_lowercase(), needle.trim().to_lowercase());
    if n.is_empty() || h.len() != hay.len() {
        return None;
    }
    let mut from = 0;
    while let Some(i) = h[from..].find(&n) {
        let (s, e) = (from + i, from + i + n.len());
        let ok_before = s == 0 || !h[..s].chars().last().is_some_and(char::is_alphanumeric);
        let ok_after = e == h.len() || !h[e..].chars().next().is_some_and(char::is_alphanumeric);
        if ok_before && ok_after {
            return Some((s, e));
        }
        from = s + 1;
    }
    None
}

fn replace_span(s: &str, (a, b): (usize, usize), with: &str) -> String {
    format!("{}{}{}", &s[..a], with, &s[b..])
}

/// The follow-up's words with its openers, years and filler taken out, in
/// the analyst's own casing: the value it names, if any.
fn value_phrase(question: &str) -> String {
    let mut q = question.trim().trim_end_matches(['?', '.', '!']).trim().to_string();
    // Openers first ("and what about", "how about").
    loop {
        let lower = q.to_lowercase();
        let Some(op) = OPENERS.iter().find(|o| lower.starts_with(*o) && lower[o.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric())) else { break };
        q = q[op.len()..].trim_start_matches([',', ' ']).to_string();
    }
    let kept: Vec<&str> = q
        .split_whitespace()
        .filter(|w| {
            let l = w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase();
            !l.is_empty() && is_year(&l).is_none() && !FILLER.contains(&l.as_str())
        })
        .collect();
    // Only words that stood together: "Europe", "net income", not a
    // sentence with its filler removed.
    kept.join(" ").trim_matches(|c: char| !c.is_alphanumeric()).to_string()
}

fn plural(noun: &str) -> String {
    if noun.ends_with('s') || noun.ends_with('x') || noun.ends_with("ch") || noun.ends_with("sh") {
        format!("{noun}es")
    } else if noun.ends_with('y') && !noun.ends_with("ay") && !noun.ends_with("ey") && !noun.ends_with("oy") {
        format!("{}ies", &noun[..noun.len() - 1])
    } else {
        format!("{noun}s")
    }
}

/// Reads `question` against the turn before (`prev`); `tables` says which
/// columns of the tables before hold a phrase.
pub fn read(question: &str, prev: Option<&TurnContext>, tables: &dyn TableLookup) -> Reading {
    let new = |how: &str| Reading { kind: FollowUpKind::New, read_as: question.trim().to_string(), how: how.to_string() };
    let Some(prev) = prev.filter(|p| !p.asked.trim().is_empty()) else { return new("the first question: asked as it stands") };
    let words = lower_words(question);
    if words.is_empty() {
        return new("no words");
    }
    let wh = matches!(words[0].as_str(), "what" | "which" | "who" | "when" | "where" | "how" | "is" | "was" | "did" | "does" | "do" | "are" | "were" | "list" | "name" | "show" | "give" | "tell" | "find");
    // The value the follow-up names, its dates and years left out.
    let mentions = time_mentions(question);
    let mut undated = question.to_string();
    for m in mentions.iter().rev() {
        undated.replace_range(m.span.0..m.span.1, " ");
    }
    let phrase = value_phrase(&undated);
    let phrase_words = lower_words(&phrase);
    let opener = {
        let l = question.trim().to_lowercase();
        OPENERS.iter().any(|o| l.starts_with(o) && l[o.len()..].chars().next().is_none_or(|c| !c.is_alphanumeric()))
    };
    // Short, or opened as a follow-up: "and in 2018?", "Europe?".
    let follow_like = opener || words.len() <= 3 || words.iter().any(|w| w == "instead");

    // "why?", "how do you know?", "where does that come from?"
    let l = words.join(" ");
    if (words[0] == "why" && words.len() <= 3) || ["how do you know", "how did you get", "where does that come from", "where did that come from", "explain", "show me the evidence", "what is that based on", "based on what"].iter().any(|p| l.starts_with(p)) {
        return Reading { kind: FollowUpKind::Why, read_as: prev.asked.clone(), how: "why the answer before was given: its own evidence".into() };
    }

    // "as a percentage", "what is that in percent?"
    let pct = words.iter().any(|w| matches!(w.as_str(), "percentage" | "percent" | "share" | "proportion" | "%"));
    if pct && phrase_words.iter().all(|w| matches!(w.as_str(), "percentage" | "percent" | "share" | "proportion" | "total" | "whole" | "all")) {
        let asked = &prev.asked;
        let is_change = prev.plan.as_deref() == Some("change") || lower_words(asked).iter().any(|w| matches!(w.as_str(), "change" | "changed" | "increase" | "increased" | "decrease" | "decreased" | "grow" | "grew" | "growth"));
        if is_change {
            let read_as = match find_words(asked, "the change") {
                Some(span) => replace_span(asked, span, "the percentage change"),
                None => append(asked, "as a percentage"),
            };
            return Reading { kind: FollowUpKind::Percentage, read_as, how: "the change before, as a percentage change".into() };
        }
        return Reading { kind: FollowUpKind::Percentage, read_as: append(asked, "as a percentage of the total"), how: "the rows before, as a share of the total".into() };
    }

    // "top 3 instead", "what about the bottom 5?"
    let ranked = words.windows(2).find_map(|w| {
        let dir = match w[0].as_str() {
            "top" | "first" | "best" | "highest" => "top",
            "bottom" | "last" | "worst" | "lowest" => "bottom",
            _ => return None,
        };
        number_of(&w[1]).map(|n| (dir, n))
    });
    if let (Some((dir, n)), true) = (ranked, follow_like || phrase_words.iter().all(|w| matches!(w.as_str(), "top" | "bottom" | "first" | "last" | "best" | "worst" | "highest" | "lowest") || number_of(w).is_some())) {
        if let Some(r) = top_n(&prev.asked, dir, n) {
            return r;
        }
        return new("a top-N the question before does not rank: asked as it stands");
    }

    // "and the lowest?", "and the maximum?": another extreme or aggregate.
    if !phrase_words.is_empty() && mentions.is_empty() && phrase_words.iter().all(|w| OPERATION_WORDS.contains(&w.as_str())) && (follow_like || phrase_words.len() == 1) {
        let new_word = phrase_words.last().map(String::as_str).unwrap_or_default();
        let asked = &prev.asked;
        let old = lower_words(asked).into_iter().find(|w| OPERATION_WORDS.contains(&w.as_str()) && w != new_word);
        if let Some(span) = old.as_deref().and_then(|o| find_words(asked, o)) {
            let old = &asked[span.0..span.1];
            return Reading { kind: FollowUpKind::Operation, read_as: replace_span(asked, span, new_word), how: format!("the {new_word} in the place of the {old}") };
        }
        return new("no extreme or aggregate in the question before to change: asked as it stands");
    }

    // Years and dates: "and in 2018?", "what about 2010 to 2015?", "and on Mar 1 2006?"
    let years: Vec<u16> = words.iter().filter_map(|w| is_year(w)).collect();
    if !follow_like || (wh && !opener && phrase_words.len() > 1) {
        return new("a question of its own");
    }
    let mut read_as = prev.asked.clone();
    let mut how: Vec<String> = Vec::new();
    let mut kind = FollowUpKind::New;
    if !years.is_empty() {
        let olds = time_mentions(&read_as);
        let news: Vec<String> = mentions.iter().map(|m| question[m.span.0..m.span.1].to_string()).collect();
        // A date for a date; a bare year keeps the month and day before it.
        let put = |text: &mut String, old: &TimeMention, new: &TimeMention| {
            let (span, with) = if new.dated || !old.dated { (old.span, &question[new.span.0..new.span.1]) } else { (old.year, &question[new.year.0..new.year.1]) };
            *text = replace_span(text, span, with);
        };
        let shown = |ms: &[TimeMention], text: &str| ms.iter().map(|m| text[m.span.0..m.span.1].to_string()).collect::<Vec<_>>().join(", ");
        let before = shown(&olds, &read_as);
        if olds.is_empty() {
            read_as = append(&read_as, &format!("in {}", news.join(" and ")));
            how.push(format!("in {}", news.join(" and ")));
        } else if olds.len() == mentions.len() {
            for (old, new) in olds.iter().zip(&mentions).rev() {
                put(&mut read_as, old, new);
            }
            how.push(format!("{} in the place of {before}", news.join(", ")));
        } else if mentions.len() == 1 {
            // One date for several: the first when it says "from", else the last.
            let i = if words.iter().any(|w| w == "from" || w == "since") { 0 } else { olds.len() - 1 };
            let old = read_as[olds[i].span.0..olds[i].span.1].to_string();
            put(&mut read_as, &olds[i], &mentions[0]);
            how.push(format!("{} in the place of {old}", news[0]));
        } else {
            return new("more dates than the question before names: asked as it stands");
        }
        kind = FollowUpKind::Years;
    }
    if !phrase.is_empty() {
        match swap(&read_as, prev, &phrase, tables) {
            Some((text, k, h)) => {
                read_as = text;
                how.push(h);
                kind = if kind == FollowUpKind::New { k } else { kind };
                if k == FollowUpKind::Swap {
                    kind = FollowUpKind::Swap;
                }
            }
            None => return new("no value of the question before to put it in the place of: asked as it stands"),
        }
    }
    if kind == FollowUpKind::New {
        return new("a question of its own");
    }
    Reading { kind, read_as, how: how.join("; ") }
}

/// "what about `phrase`?" against `asked`: the slot whose column holds the
/// phrase is swapped; else a place for a place, an entity for the only
/// entity; else the phrase narrows the question.
fn swap(asked: &str, prev: &TurnContext, phrase: &str, tables: &dyn TableLookup) -> Option<(String, FollowUpKind, String)> {
    // The phrase, and the phrase less the words the question before has
    // ("4 cylinders" after "8 cylinders" is the value 4).
    let asked_words = lower_words(asked);
    let reduced: String = phrase.split_whitespace().filter(|w| !asked_words.contains(&w.to_lowercase())).collect::<Vec<_>>().join(" ");
    let tries: Vec<&str> = if reduced.is_empty() || reduced == phrase { vec![phrase] } else { vec![phrase, reduced.as_str()] };
    for p in &tries {
        for s in &prev.slots {
            if s.words.eq_ignore_ascii_case(p) {
                continue;
            }
            if tables.columns_holding(&s.table, p).iter().any(|c| c == &s.column) {
                if let Some(span) = find_words(asked, &s.words) {
                    return Some((replace_span(asked, span, p), FollowUpKind::Swap, format!("'{p}' in the place of '{}' (both in the column {})", s.words, s.column)));
                }
            }
        }
    }
    // A value of a table before, in a column no slot names: a condition more.
    for t in &prev.tables {
        if let Some(col) = tables.columns_holding(t, phrase).into_iter().next() {
            return Some((append(asked, &format!("for {phrase}")), FollowUpKind::Narrow, format!("'{phrase}' (in the column {col}) added to the question before")));
        }
    }
    // A column for a column: "what about construction?" after manufacturing.
    let name = |c: &str| c.replace('_', " ").to_lowercase();
    for t in &prev.tables {
        let cols = tables.columns(t);
        if cols.iter().any(|c| name(c) == phrase.to_lowercase()) {
            if let Some((span, old)) = cols.iter().filter(|c| name(c) != phrase.to_lowercase()).find_map(|c| find_words(asked, &name(c)).or_else(|| find_words(asked, c)).map(|sp| (sp, c.clone()))) {
                return Some((replace_span(asked, span, phrase), FollowUpKind::Swap, format!("'{phrase}' in the place of '{old}' (both columns)")));
            }
        }
    }
    let intent = RuleIntentParser.parse(phrase).ok();
    if intent.as_ref().is_some_and(|i| !i.location.is_empty()) {
        if let Some(span) = prev.places.iter().find_map(|p| find_words(asked, p)) {
            let old = &asked[span.0..span.1];
            return Some((replace_span(asked, span, phrase), FollowUpKind::Swap, format!("'{phrase}' in the place of '{old}' (both places)")));
        }
    }
    // A value no table before holds, for the one value the question named:
    // asked so, the agent finds it or says "unknown".
    if let [only] = prev.slots.as_slice() {
        if let Some(span) = find_words(asked, &only.words) {
            return Some((replace_span(asked, span, phrase), FollowUpKind::Swap, format!("'{phrase}' in the place of '{}' (no table before holds '{phrase}')", only.words)));
        }
    }
    // An answer read from text: the one thing it named ("what about Huawei?"
    // after a question about Apple). Over tables, the cells say what a
    // phrase is, and a phrase they do not hold replaces nothing.
    let entities: Vec<&String> = prev.entities.iter().filter(|e| find_words(asked, e).is_some() && !e.eq_ignore_ascii_case(phrase)).collect();
    if let ([only], true) = (entities.as_slice(), prev.tables.is_empty()) {
        let span = find_words(asked, only)?;
        return Some((replace_span(asked, span, phrase), FollowUpKind::Swap, format!("'{phrase}' in the place of '{only}'")));
    }
    None
}

/// "top 3 instead" against `asked`: a top-N takes the new N; "which X has
/// the highest Y" becomes "which 3 Xs have the highest Y".
fn top_n(asked: &str, dir: &str, n: usize) -> Option<Reading> {
    let words: Vec<&str> = asked.split_whitespace().collect();
    let lw: Vec<String> = words.iter().map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()).to_lowercase()).collect();
    // A top-N already: its N (and direction) change.
    if let Some(i) = (0..lw.len().saturating_sub(1)).find(|&i| matches!(lw[i].as_str(), "top" | "bottom" | "first" | "last") && number_of(&lw[i + 1]).is_some()) {
        let mut out: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        let old = format!("{} {}", words[i], words[i + 1]);
        out[i] = if dir == "bottom" && lw[i] == "top" { "bottom".into() } else if dir == "top" && lw[i] == "bottom" { "top".into() } else { words[i].to_string() };
        out[i + 1] = n.to_string();
        return Some(Reading { kind: FollowUpKind::TopN, read_as: out.join(" "), how: format!("{dir} {n} in the place of {old}") });
    }
    // "Which car has the highest horsepower?" → "Which 3 cars have the highest horsepower?"
    let sup = |w: &str| matches!(w, "highest" | "lowest" | "most" | "least" | "largest" | "smallest" | "biggest" | "best" | "worst" | "greatest" | "fewest" | "longest" | "shortest" | "oldest" | "youngest" | "heaviest" | "lightest" | "fastest" | "slowest");
    if lw.len() >= 4 && matches!(lw[0].as_str(), "which" | "what") && lw.iter().any(|w| sup(w)) {
        let verb = (1..lw.len().min(5)).find(|&i| matches!(lw[i].as_str(), "has" | "had" | "is" | "was" | "does" | "did"))?;
        if verb < 2 {
            return None;
        }
        let mut out: Vec<String> = Vec::new();
        out.push(words[0].to_string());
        out.push(n.to_string());
        for (i, w) in words.iter().enumerate().take(verb).skip(1) {
            out.push(if i == verb - 1 { plural(w) } else { w.to_string() });
        }
        out.push(match lw[verb].as_str() {
            "has" => "have",
            "is" => "are",
            "was" => "were",
            "does" => "do",
            other => other,
        }
        .to_string());
        out.extend(words[verb + 1..].iter().map(|w| w.to_string()));
        let mut text = out.join(" ");
        if dir == "bottom" {
            // "the bottom 3" of a "highest" is the lowest three; of a
            // "lowest", the lowest three still ("top 3" keeps either).
            for (a, b) in [("highest", "lowest"), ("most", "least"), ("largest", "smallest"), ("best", "worst"), ("greatest", "smallest")] {
                if let Some(span) = find_words(&text, a) {
                    text = replace_span(&text, span, b);
                    break;
                }
            }
        }
        return Some(Reading { kind: FollowUpKind::TopN, read_as: text, how: format!("the {dir} {n} in the place of the one row the question before asked for") });
    }
    None
}

/// What a run leaves for the next question: the standalone question, its
/// years, places and entities, the values it named and where they are.
pub fn context_of(asked: &str, run: &Run, label_column: &dyn Fn(&str) -> Option<String>) -> TurnContext {
    let mut cx = TurnContext { asked: asked.to_string(), ..TurnContext::default() };
    for s in &run.trace {
        match &s.step {
            Step::Intent { intent, .. } => {
                cx.years = intent.years.clone();
                cx.places = intent.location.clone();
                cx.entities = intent.entities.clone();
            }
            Step::TableQuery { query, used: true } => {
                cx.plan = Some(query.plan.kind.as_str().to_string());
                cx.sql = Some(query.plan.sql.clone());
                for f in query.plan.filters.iter().filter(|f| f.op == "=") {
                    // The filter's words as the question wrote them; the
                    // value itself when the words were longer than it.
                    let words = f.values.iter().find(|v| find_words(asked, v).is_some()).cloned().or_else(|| find_words(asked, &f.words).map(|(a, b)| asked[a..b].to_string()));
                    if let Some(words) = words {
                        cx.slots.push(Slot { words, table: query.source.clone(), column: f.column.clone() });
                    }
                }
            }
            _ => {}
        }
    }
    for c in &run.answer.citations {
        if !cx.tables.contains(&c.source_id) && matches!(c.key, Some(crate::action::EvidenceKey::Cell { .. })) {
            cx.tables.push(c.source_id.clone());
        }
        // A cited cell's row label, when the question named it.
        let Some((label, _)) = c.text.split_once(" | ") else { continue };
        if label.trim().is_empty() || cx.slots.iter().any(|s| s.words.eq_ignore_ascii_case(label.trim())) {
            continue;
        }
        if let (Some((a, b)), Some(col)) = (find_words(asked, label.trim()), label_column(&c.source_id)) {
            cx.slots.push(Slot { words: asked[a..b].to_string(), table: c.source_id.clone(), column: col });
        }
    }
    cx
}

/// The answer to "why?": the turn before's answer with the evidence it
/// cited (and its SQL), the same citations, no new search.
pub fn why(prev: &Turn) -> Answer {
    let a = &prev.answer;
    if a.unknown {
        let reason = if a.reason.is_empty() { "the evidence read did not hold the answer".to_string() } else { a.reason.clone() };
        let mut out = Answer::unknown(&reason);
        out.text = format!("The answer before was \"unknown\": {reason}.");
        out.unknown = false;
        out.predicted = PredictedAnswer { spans: vec![out.text.clone()], scale: String::new() };
        out.support = 1.0;
        return out;
    }
    let mut text = format!("\"{}\" comes from {} cited {}", a.text, a.citations.len(), if a.citations.len() == 1 { "piece of evidence" } else { "pieces of evidence" });
    if let Some(sql) = &prev.context.sql {
        text.push_str(&format!(", found by the query {sql}"));
    }
    text.push(':');
    for c in a.citations.iter().take(5) {
        text.push_str(&format!("\n- {} {}: {}", short_file(&c.file), c.locator, crate::text::truncate_chars(&c.text, 200)));
    }
    if a.citations.len() > 5 {
        text.push_str(&format!("\n- and {} more", a.citations.len() - 5));
    }
    if let Some(c) = &a.computation {
        text.push_str(&format!("\nComputed: {} = {}", c.formula, c.result));
    }
    Answer { text: text.clone(), unknown: false, predicted: PredictedAnswer { spans: vec![text], scale: String::new() }, citations: a.citations.clone(), computation: a.computation.clone(), support: 1.0, reason: String::new() }
}

fn short_file(f: &str) -> &str {
    std::path::Path::new(f).file_name().and_then(|n| n.to_str()).unwrap_or(f)
}

/// What the lookup of [`read`] answers from: the table objects of a pool.
pub fn columns_holding(objects: &dyn Fn(&str) -> Option<crate::source::SourceObject>, table: &str, phrase: &str) -> Vec<String> {
    let Some(obj) = objects(table) else { return Vec::new() };
    let crate::source::Content::Table(t) = &obj.content else { return Vec::new() };
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    let want = norm(phrase);
    if want.is_empty() {
        return Vec::new();
    }
    let mut out: Vec<String> = Vec::new();
    for row in t.grid.iter().skip(t.header_rows as usize) {
        for (c, cell) in row.iter().enumerate() {
            if norm(&cell.text) == want {
                let name = t.columns.get(c).cloned().unwrap_or_else(|| format!("column {}", c + 1));
                if !out.contains(&name) {
                    out.push(name);
                }
            }
        }
    }
    out
}

/// The name of the column that names a table object's rows
/// ([`crate::source::TableContent::label_column`]: where a report's row
/// labels are, or a list's names beside its ranks), which a cited cell's
/// row label was read from.
pub fn label_column(obj: Option<&crate::source::SourceObject>) -> Option<String> {
    match &obj?.content {
        crate::source::Content::Table(t) => Some(t.columns.get(t.label_column()).cloned().unwrap_or_else(|| "column 1".into())),
        _ => None,
    }
}

/// A conversation file could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum ConversationError {
    #[error("conversation file {path}: {source}")]
    Io { path: std::path::PathBuf, source: std::io::Error },
    #[error("conversation file {path} is not a conversation: {reason}")]
    Format { path: std::path::PathBuf, reason: String },
    #[error("no conversation with id '{id}'")]
    NotFound { id: String },
    #[error("'{id}' is no conversation id (letters, digits and '-' only)")]
    BadId { id: String },
}

impl ConversationError {
    pub fn code(&self) -> &'static str {
        match self {
            ConversationError::Io { .. } => "io",
            ConversationError::Format { .. } => "bad_conversation",
            ConversationError::NotFound { .. } => "not_found",
            ConversationError::BadId { .. } => "bad_id",
        }
    }
}

/// One line of a conversation list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ConversationSummary {
    pub id: String,
    pub title: String,
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub updated: u64,
    pub turns: u32,
}

fn path_of(dir: &std::path::Path, id: &str) -> Result<std::path::PathBuf, ConversationError> {
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Err(ConversationError::BadId { id: id.to_string() });
    }
    Ok(dir.join(format!("{id}.json")))
}

/// Writes `c` into `dir` whole: a new file renamed over the old, so a
/// crash leaves the old conversation or the new one, never half of one.
pub fn save(dir: &std::path::Path, c: &Conversation) -> Result<(), ConversationError> {
    let path = path_of(dir, &c.id)?;
    std::fs::create_dir_all(dir).map_err(|source| ConversationError::Io { path: dir.to_path_buf(), source })?;
    let tmp = dir.join(format!(".{}.json.tmp", c.id));
    let text = serde_json::to_vec_pretty(c).map_err(|e| ConversationError::Format { path: path.clone(), reason: e.to_string() })?;
    std::fs::write(&tmp, text).map_err(|source| ConversationError::Io { path: tmp.clone(), source })?;
    std::fs::rename(&tmp, &path).map_err(|source| ConversationError::Io { path: path.clone(), source })
}

pub fn load(dir: &std::path::Path, id: &str) -> Result<Conversation, ConversationError> {
    let path = path_of(dir, id)?;
    let text = match std::fs::read(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(ConversationError::NotFound { id: id.to_string() }),
        Err(source) => return Err(ConversationError::Io { path, source }),
    };
    serde_json::from_slice(&text).map_err(|e| ConversationError::Format { path, reason: e.to_string() })
}

/// Every conversation in `dir`, the latest first. A file that is not a
/// conversation is left alone and left out.
pub fn list(dir: &std::path::Path) -> Result<Vec<ConversationSummary>, ConversationError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(source) => return Err(ConversationError::Io { path: dir.to_path_buf(), source }),
    };
    let mut out = Vec::new();
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().to_string();
        let Some(id) = name.strip_suffix(".json").filter(|n| !n.starts_with('.')) else { continue };
        if let Ok(c) = load(dir, id) {
            out.push(ConversationSummary { id: c.id, title: c.title, updated: c.updated, turns: c.turns.len() as u32 });
        }
    }
    out.sort_by(|a, b| b.updated.cmp(&a.updated).then_with(|| a.id.cmp(&b.id)));
    Ok(out)
}

pub fn remove(dir: &std::path::Path, id: &str) -> Result<bool, ConversationError> {
    let path = path_of(dir, id)?;
    match std::fs::remove_file(&path) {
        Ok(()) => Ok(true),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(source) => Err(ConversationError::Io { path, source }),
    }
}

/// The title a conversation list shows: its first question, shortened.
pub fn title_of(question: &str) -> String {
    crate::text::truncate_chars(question.trim(), 80)
}

/// A citation list's files, for tests and the CLI.
pub fn cited_files(c: &[Citation]) -> Vec<&str> {
    c.iter().map(|c| short_file(&c.file)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn prev(asked: &str, slots: &[(&str, &str)], tables: &[&str]) -> TurnContext {
        let intent = RuleIntentParser.parse(asked).unwrap();
        TurnContext {
            asked: asked.into(),
            years: intent.years,
            places: intent.location,
            entities: intent.entities,
            slots: slots.iter().map(|(w, c)| Slot { words: w.to_string(), table: "t".into(), column: c.to_string() }).collect(),
            tables: tables.iter().map(|t| t.to_string()).collect(),
            plan: None,
            sql: None,
        }
    }

    /// A cars table: origin holds Japan, Europe and USA; cylinders 4 and 8.
    struct Cars;
    impl TableLookup for Cars {
        fn columns_holding(&self, table: &str, phrase: &str) -> Vec<String> {
            if table != "t" {
                return Vec::new();
            }
            match phrase.to_lowercase().as_str() {
                "japan" | "europe" | "usa" => vec!["origin".into()],
                "8" | "4" | "6" => vec!["cylinders".into()],
                _ => Vec::new(),
            }
        }
        fn columns(&self, table: &str) -> Vec<String> {
            if table != "t" {
                return Vec::new();
            }
            ["name", "origin", "cylinders", "manufacturing", "construction"].iter().map(|s| s.to_string()).collect()
        }
    }
    #[allow(non_upper_case_globals)]
    const cars: &Cars = &Cars;

    #[test]
    fn years_swap_in_order_or_are_added() {
        let p = prev("What was the total precipitation in 2015?", &[], &["t"]);
        let r = read("and in 2014?", Some(&p), cars);
        assert_eq!((r.kind, r.read_as.as_str()), (FollowUpKind::Years, "What was the total precipitation in 2014?"));
        let p = prev("How much did the price of AAPL change from Jan 1 2005 to Jan 1 2010?", &[], &["t"]);
        let r = read("what about 2006 to 2008?", Some(&p), cars);
        assert_eq!(r.read_as, "How much did the price of AAPL change from Jan 1 2006 to Jan 1 2008?");
        let r = read("and to 2009?", Some(&p), cars);
        assert_eq!(r.read_as, "How much did the price of AAPL change from Jan 1 2005 to Jan 1 2009?");
        let p = prev("How many days had rain?", &[], &["t"]);
        let r = read("And in 2013?", Some(&p), cars);
        assert_eq!((r.kind, r.read_as.as_str()), (FollowUpKind::Years, "How many days had rain in 2013?"));
    }

    #[test]
    fn a_value_of_a_named_values_column_takes_its_place_and_another_narrows() {
        let p = prev("How many cars are from Japan?", &[("Japan", "origin")], &["t"]);
        let r = read("what about Europe?", Some(&p), cars);
        assert_eq!((r.kind, r.read_as.as_str()), (FollowUpKind::Swap, "How many cars are from Europe?"));
        assert!(r.how.contains("origin"), "{}", r.how);
        // Years and a value at once.
        let p = prev("What is the average acceleration of cars from Japan in 1975?", &[("Japan", "origin")], &["t"]);
        let r = read("and for Europe in 1976?", Some(&p), cars);
        assert_eq!(r.read_as, "What is the average acceleration of cars from Europe in 1976?");
        // No slot of that column: the value is a condition more.
        let p = prev("How many cars have more than 100 horsepower?", &[], &["t"]);
        let r = read("what about Japan?", Some(&p), cars);
        assert_eq!((r.kind, r.read_as.as_str()), (FollowUpKind::Narrow, "How many cars have more than 100 horsepower for Japan?"));
    }

    #[test]
    fn top_n_and_percentage_rewrite_the_question_before() {
        let p = prev("Which car has the highest horsepower?", &[], &["t"]);
        let r = read("top 3 instead", Some(&p), cars);
        assert_eq!((r.kind, r.read_as.as_str()), (FollowUpKind::TopN, "Which 3 cars have the highest horsepower?"));
        let r = read("and the bottom 2?", Some(&p), cars);
        assert_eq!(r.read_as, "Which 2 cars have the lowest horsepower?");
        let p = prev("What were the top 3 cities by airports?", &[], &["t"]);
        assert_eq!(read("top 5 instead", Some(&p), cars).read_as, "What were the top 5 cities by airports?");

        let p = prev("How many cars are from Japan?", &[("Japan", "origin")], &["t"]);
        let r = read("as a percentage?", Some(&p), cars);
        assert_eq!((r.kind, r.read_as.as_str()), (FollowUpKind::Percentage, "How many cars are from Japan as a percentage of the total?"));
        let p = prev("What was the change in total sales from 2018 to 2019?", &[], &["t"]);
        assert_eq!(read("and as a percentage?", Some(&p), cars).read_as, "What was the percentage change in total sales from 2018 to 2019?");
    }

    #[test]
    fn dates_swap_whole_and_a_bare_year_keeps_the_day() {
        let p = prev("What was the price of IBM on Jan 1 2005?", &[("IBM", "symbol")], &["t"]);
        assert_eq!(read("and on Mar 1 2006?", Some(&p), cars).read_as, "What was the price of IBM on Mar 1 2006?");
        assert_eq!(read("and 2007?", Some(&p), cars).read_as, "What was the price of IBM on Jan 1 2007?");
        let p = prev("What was manufacturing employment in January 2009?", &[], &["t"]);
        let r = read("and in January 2010?", Some(&p), cars);
        assert_eq!((r.kind, r.read_as.as_str()), (FollowUpKind::Years, "What was manufacturing employment in January 2010?"));
        // A column for a column.
        let r = read("what about construction?", Some(&p), cars);
        assert_eq!((r.kind, r.read_as.as_str()), (FollowUpKind::Swap, "What was construction employment in January 2009?"));
    }

    #[test]
    fn another_extreme_or_aggregate_and_a_value_less_the_words_already_there() {
        let p = prev("Which car has the lowest weight?", &[], &["t"]);
        let r = read("and the highest?", Some(&p), cars);
        assert_eq!((r.kind, r.read_as.as_str()), (FollowUpKind::Operation, "Which car has the highest weight?"));
        let p = prev("What was the average wind in 2013?", &[], &["t"]);
        assert_eq!(read("and the maximum?", Some(&p), cars).read_as, "What was the maximum wind in 2013?");
        // "4 cylinders" after "8 cylinders": the value 4.
        let p = prev("How many cars have 8 cylinders?", &[("8", "cylinders")], &["t"]);
        let r = read("what about 4 cylinders?", Some(&p), cars);
        assert_eq!((r.kind, r.read_as.as_str()), (FollowUpKind::Swap, "How many cars have 4 cylinders?"));
        // A value no table holds takes the place of the one value named,
        // so the agent can say it is not there.
        let p = prev("How many cars are from Japan?", &[("Japan", "origin")], &["t"]);
        assert_eq!(read("what about Korea?", Some(&p), cars).read_as, "How many cars are from Korea?");
        // Nothing to put it in the place of: asked as it stands.
        let p = prev("What was the average weight?", &[], &["t"]);
        assert_eq!(read("what about Korea?", Some(&p), cars).kind, FollowUpKind::New);
    }

    #[test]
    fn why_and_questions_of_their_own_are_told_apart() {
        let p = prev("How many cars are from Japan?", &[("Japan", "origin")], &["t"]);
        assert_eq!(read("why?", Some(&p), cars).kind, FollowUpKind::Why);
        assert_eq!(read("How do you know?", Some(&p), cars).kind, FollowUpKind::Why);
        let r = read("What is the average weight of cars with 8 cylinders?", Some(&p), cars);
        assert_eq!((r.kind, r.read_as.as_str()), (FollowUpKind::New, "What is the average weight of cars with 8 cylinders?"));
        // The first question of a conversation is asked as it stands.
        assert_eq!(read("and in 2018?", None, cars).kind, FollowUpKind::New);
    }
}
