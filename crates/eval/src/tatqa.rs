//! TAT-QA files as an evaluation set, the way AU-RAG §6 uses them.
//!
//! Each context (one table and its paragraphs) becomes two source objects:
//! the table, with TAT-QA's grid kept 1:1 so its `[row, col]` coordinates
//! are ours, and the text, its paragraphs split into numbered sentences.
//! For each question we derive the gold objects (`answer_from`), the gold
//! cells (`mapping.table` when the file has it, else cells whose value is a
//! number of the answer or the derivation) and the gold sentences
//! (`mapping.paragraph` spans when present, else the sentences of
//! `rel_paragraphs` that hold an answer span or number). Guides are built
//! from the same gold: question → objects → actions → contexts.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::path::Path;

use serde::Deserialize;

use super::metrics::GoldAnswer;
use super::EvalError;
use crate::action::{Coord, EvidenceKey, RetrievalAction, Selection};
use crate::describe::describe;
use crate::guide::{Guide, GuideSource};
use crate::source::{Content, ContentType, Locator, Provenance, Sentence, SourceKind, SourceObject, TableContent, TextContent};
use crate::table::{column_names, detect_header_rows};
pub use crate::text::numbers_in;
use crate::text::{cell_from_text, parse_number, split_sentences};

#[derive(Debug, Deserialize)]
struct RawContext {
    table: RawTable,
    #[serde(default)]
    paragraphs: Vec<RawParagraph>,
    #[serde(default)]
    questions: Vec<RawQuestion>,
}

#[derive(Debug, Deserialize)]
struct RawTable {
    uid: String,
    #[serde(default)]
    table: Vec<Vec<String>>,
}

#[derive(Debug, Deserialize)]
struct RawParagraph {
    order: u32,
    text: String,
}

#[derive(Debug, Default, Deserialize)]
struct RawMapping {
    #[serde(default)]
    table: Vec<[u32; 2]>,
    #[serde(default)]
    paragraph: HashMap<String, Vec<[usize; 2]>>,
}

#[derive(Debug, Deserialize)]
struct RawQuestion {
    uid: String,
    question: String,
    #[serde(default)]
    answer: serde_json::Value,
    #[serde(default)]
    derivation: String,
    #[serde(default)]
    answer_type: String,
    #[serde(default)]
    answer_from: String,
    #[serde(default)]
    rel_paragraphs: Vec<String>,
    #[serde(default)]
    scale: String,
    #[serde(default, alias = "mappings")]
    mapping: Option<RawMapping>,
}

/// Where each sentence of a context's text object came from.
#[derive(Debug, Clone)]
struct SentenceSpan {
    paragraph: u32,
    /// Char offsets inside the paragraph.
    start: usize,
    end: usize,
}

/// One TAT-QA context: its objects and where their sentences came from.
#[derive(Debug, Clone)]
pub struct EvalContext {
    pub uid: String,
    pub table: Option<SourceObject>,
    pub text: Option<SourceObject>,
    spans: Vec<SentenceSpan>,
}

impl EvalContext {
    pub fn objects(&self) -> impl Iterator<Item = &SourceObject> {
        self.table.iter().chain(self.text.iter())
    }
}

/// A question with its gold.
#[derive(Debug, Clone)]
pub struct EvalQuestion {
    pub uid: String,
    pub context: String,
    pub question: String,
    pub answer_from: String,
    pub gold: GoldAnswer,
    pub derivation: String,
    pub gold_objects: BTreeSet<String>,
    pub gold_evidence: BTreeSet<EvidenceKey>,
    /// Whether cells came from `mapping` (true) or were derived.
    pub mapped: bool,
}

/// A loaded TAT-QA-format file.
#[derive(Debug, Clone)]
pub struct Dataset {
    pub contexts: Vec<EvalContext>,
    pub questions: Vec<EvalQuestion>,
}

fn gold_spans(answer: &serde_json::Value, answer_type: &str) -> Vec<String> {
    match answer {
        serde_json::Value::Array(xs) => xs.iter().map(|x| x.as_str().map(str::to_string).unwrap_or_else(|| x.to_string())).collect(),
        serde_json::Value::Null => Vec::new(),
        serde_json::Value::String(s) => vec![s.clone()],
        serde_json::Value::Number(n) if answer_type == "count" => vec![n.as_f64().map(|f| (f as i64).to_string()).unwrap_or_else(|| n.to_string())],
        other => vec![other.to_string()],
    }
}

fn same_number(a: f64, b: f64) -> bool {
    (a.abs() - b.abs()).abs() <= 1e-6 * a.abs().max(1.0)
}

fn build_context(raw: &RawContext, source: &str) -> EvalContext {
    let uid = raw.table.uid.clone();
    let file = format!("{source}#{uid}");
    let table = (!raw.table.table.is_empty()).then(|| {
        let n_cols = raw.table.table.iter().map(|r| r.len()).max().unwrap_or(0);
        let grid: Vec<Vec<_>> = raw
            .table
            .table
            .iter()
            .map(|r| (0..n_cols).map(|c| cell_from_text(r.get(c).map(String::as_str).unwrap_or(""))).collect())
            .collect();
        let header_rows = detect_header_rows(&grid);
        let columns = column_names(&grid[..header_rows], n_cols);
        let content = TableContent { caption: None, header_rows: header_rows as u32, columns, grid, origin: (0, 0), truncated_from: None, schema: None, row_pages: None };
        let range = format!("A1:{}", crate::source::a1(raw.table.table.len().saturating_sub(1), n_cols.saturating_sub(1)));
        let prov = Provenance { file: file.clone(), file_hash: uid.clone(), locator: Locator::SheetRange { sheet: uid.clone(), range } };
        let mut obj = SourceObject::new(SourceKind::Static, prov, Content::Table(content));
        describe(&mut obj);
        obj
    });
    let mut paragraphs: Vec<&RawParagraph> = raw.paragraphs.iter().collect();
    paragraphs.sort_by_key(|p| p.order);
    let mut sentences = Vec::new();
    let mut spans = Vec::new();
    for p in &paragraphs {
        for (byte_off, text) in split_sentences(&p.text) {
            let start = p.text[..byte_off.min(p.text.len())].chars().count();
            let raw_len = p.text[byte_off.min(p.text.len())..].chars().count();
            spans.push(SentenceSpan { paragraph: p.order, start, end: start + text.chars().count().min(raw_len) });
            sentences.push(Sentence { idx: sentences.len() as u32, text, page: None, offset: byte_off as u32, ..Default::default() });
        }
    }
    let text = (!sentences.is_empty()).then(|| {
        let prov = Provenance {
            file,
            file_hash: uid.clone(),
            locator: Locator::Lines { start: paragraphs.first().map(|p| p.order).unwrap_or(1), end: paragraphs.last().map(|p| p.order).unwrap_or(1) },
        };
        let mut obj = SourceObject::new(SourceKind::Static, prov, Content::Text(TextContent { sentences }));
        describe(&mut obj);
        obj
    });
    EvalContext { uid, table, text, spans }
}

fn gold_cells(ctx: &EvalContext, q: &RawQuestion, spans: &[String]) -> (Vec<Coord>, bool) {
    let Some(t) = ctx.table.as_ref().and_then(|o| o.as_table()) else { return (Vec::new(), false) };
    if let Some(m) = q.mapping.as_ref().filter(|m| !m.table.is_empty()) {
        return (m.table.iter().map(|[row, col]| Coord { row: *row, col: *col }).collect(), true);
    }
    // Numbers of the derivation (arithmetic) or of the answer spans.
    let mut targets: Vec<f64> = numbers_in(&q.derivation);
    if q.answer_type != "arithmetic" {
        targets.extend(spans.iter().filter_map(|s| parse_number(s).map(|x| x.0)));
    }
    let texts: Vec<String> = spans.iter().map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty()).collect();
    let mut cells = Vec::new();
    for (r, row) in t.grid.iter().enumerate() {
        for (c, cell) in row.iter().enumerate() {
            let hit = match cell.value.as_f64() {
                Some(v) => r >= t.header_rows as usize && targets.iter().any(|&x| same_number(x, v)),
                None => !cell.text.trim().is_empty() && texts.iter().any(|s| *s == cell.text.trim().to_lowercase()),
            };
            if hit {
                cells.push(Coord { row: r as u32, col: c as u32 });
            }
        }
    }
    (cells, false)
}

fn gold_sentences(ctx: &EvalContext, q: &RawQuestion, spans: &[String]) -> Vec<u32> {
    if let Some(m) = q.mapping.as_ref().filter(|m| !m.paragraph.is_empty()) {
        let mut out = BTreeSet::new();
        for (para, ranges) in &m.paragraph {
            let Ok(para) = para.parse::<u32>() else { continue };
            for [a, b] in ranges {
                for (i, s) in ctx.spans.iter().enumerate() {
                    if s.paragraph == para && s.start < *b && *a < s.end {
                        out.insert(i as u32);
                    }
                }
            }
        }
        return out.into_iter().collect();
    }
    let rel: HashSet<u32> = q.rel_paragraphs.iter().filter_map(|p| p.trim().parse().ok()).collect();
    let Some(text) = ctx.text.as_ref().and_then(|o| o.as_text()) else { return Vec::new() };
    let in_rel: Vec<u32> = ctx.spans.iter().enumerate().filter(|(_, s)| rel.contains(&s.paragraph)).map(|(i, _)| i as u32).collect();
    let mut targets: Vec<f64> = numbers_in(&q.derivation);
    targets.extend(spans.iter().flat_map(|s| numbers_in(s)));
    let lowered: Vec<String> = spans.iter().map(|s| s.trim().to_lowercase()).filter(|s| s.len() > 1).collect();
    let hits: Vec<u32> = in_rel
        .iter()
        .copied()
        .filter(|&i| {
            let s = &text.sentences[i as usize].text;
            let low = s.to_lowercase();
            lowered.iter().any(|a| low.contains(a.as_str())) || numbers_in(s).iter().any(|n| targets.iter().any(|t| same_number(*t, *n)))
        })
        .collect();
    if hits.is_empty() {
        in_rel
    } else {
        hits
    }
}

/// The first `max` paragraphs of a TAT-QA file, whitespace folded: real
/// annual-report text for the embedder benchmark.
pub fn paragraphs(path: &Path, max: usize) -> Result<Vec<String>, EvalError> {
    let raw = std::fs::read(path).map_err(|e| EvalError::Read { path: path.display().to_string(), reason: e.to_string() })?;
    let v: serde_json::Value = serde_json::from_slice(&raw).map_err(|e| EvalError::Format { path: path.display().to_string(), reason: e.to_string() })?;
    let mut lines = Vec::new();
    for c in v.as_array().into_iter().flatten() {
        for para in c["paragraphs"].as_array().into_iter().flatten() {
            let t = para["text"].as_str().unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" ");
            if !t.is_empty() && lines.len() < max {
                lines.push(t);
            }
        }
    }
    Ok(lines)
}

impl Dataset {
    pub fn load(path: &Path) -> Result<Self, EvalError> {
        let bytes = std::fs::read(path).map_err(|e| EvalError::Read { path: path.display().to_string(), reason: e.to_string() })?;
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("tatqa").to_string();
        Self::parse(&bytes, &name).map_err(|reason| EvalError::Format { path: path.display().to_string(), reason })
    }

    /// Parses TAT-QA JSON; `source` names the file in provenance.
    pub fn parse(bytes: &[u8], source: &str) -> Result<Self, String> {
        let raw: Vec<RawContext> = serde_json::from_slice(bytes).map_err(|e| format!("not a TAT-QA file: {e}"))?;
        let mut contexts = Vec::new();
        let mut questions = Vec::new();
        for rc in &raw {
            let ctx = build_context(rc, source);
            for q in &rc.questions {
                let spans = gold_spans(&q.answer, &q.answer_type);
                let mut gold_objects = BTreeSet::new();
                let mut gold_evidence = BTreeSet::new();
                let uses_table = q.answer_from.contains("table");
                let uses_text = q.answer_from.contains("text");
                let mut mapped = false;
                if let (true, Some(t)) = (uses_table, &ctx.table) {
                    gold_objects.insert(t.id.clone());
                    let (cells, m) = gold_cells(&ctx, q, &spans);
                    mapped |= m;
                    gold_evidence.extend(cells.into_iter().map(|c| EvidenceKey::Cell { source: t.id.clone(), row: c.row, col: c.col }));
                }
                if let (true, Some(x)) = (uses_text, &ctx.text) {
                    gold_objects.insert(x.id.clone());
                    mapped |= q.mapping.as_ref().is_some_and(|m| !m.paragraph.is_empty());
                    gold_evidence.extend(gold_sentences(&ctx, q, &spans).into_iter().map(|idx| EvidenceKey::Sentence { source: x.id.clone(), idx }));
                }
                questions.push(EvalQuestion {
                    uid: q.uid.clone(),
                    context: ctx.uid.clone(),
                    question: q.question.clone(),
                    answer_from: q.answer_from.clone(),
                    gold: GoldAnswer { answer_type: q.answer_type.clone(), spans, scale: q.scale.clone() },
                    derivation: q.derivation.clone(),
                    gold_objects,
                    gold_evidence,
                    mapped,
                });
            }
            contexts.push(ctx);
        }
        Ok(Dataset { contexts, questions })
    }

    pub fn object_count(&self) -> usize {
        self.contexts.iter().map(|c| c.objects().count()).sum()
    }

    /// A seeded random subset of whole contexts holding `objects` objects
    /// (or every context for `None`), and the questions whose gold objects
    /// all lie in it.
    pub fn pool(&self, objects: Option<usize>, seed: u64) -> (Vec<&EvalContext>, Vec<&EvalQuestion>) {
        let mut order: Vec<usize> = (0..self.contexts.len()).collect();
        // Fisher–Yates with splitmix64, so a seed means the same pool everywhere.
        let mut state = seed;
        let mut next = || {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        for i in (1..order.len()).rev() {
            let j = (next() % (i as u64 + 1)) as usize;
            order.swap(i, j);
        }
        let mut chosen = Vec::new();
        let mut count = 0;
        for i in order {
            if objects.is_some_and(|n| count >= n) {
                break;
            }
            count += self.contexts[i].objects().count();
            chosen.push(&self.contexts[i]);
        }
        let ids: HashSet<&str> = chosen.iter().flat_map(|c| c.objects().map(|o| o.id.as_str())).collect();
        let questions = self
            .questions
            .iter()
            .filter(|q| !q.gold_objects.is_empty() && q.gold_objects.iter().all(|o| ids.contains(o.as_str())))
            .collect();
        (chosen, questions)
    }

    /// Guides from the gold: one per question, one source per gold object,
    /// with the actions that select the gold cells and sentences.
    pub fn guides(&self) -> Vec<Guide> {
        let by_id: HashMap<&str, &SourceObject> = self.contexts.iter().flat_map(|c| c.objects()).map(|o| (o.id.as_str(), o)).collect();
        self.questions
            .iter()
            .map(|q| {
                let sources = q
                    .gold_objects
                    .iter()
                    .filter_map(|id| by_id.get(id.as_str()).copied())
                    .map(|obj| {
                        let action = match obj.content_type {
                            ContentType::Text => RetrievalAction::SelectSentenceIdxs {
                                source: obj.id.clone(),
                                idxs: q.gold_evidence.iter().filter_map(|k| match k {
                                    EvidenceKey::Sentence { source, idx } if *source == obj.id => Some(*idx),
                                    _ => None,
                                }).collect(),
                            },
                            ContentType::Table => RetrievalAction::SelectCoordinates {
                                source: obj.id.clone(),
                                selection: Selection::Cells(q.gold_evidence.iter().filter_map(|k| match k {
                                    EvidenceKey::Cell { source, row, col } if *source == obj.id => Some(Coord { row: *row, col: *col }),
                                    _ => None,
                                }).collect()),
                            },
                        };
                        let contexts = action.contexts(obj);
                        GuideSource { object_id: obj.id.clone(), content_type: obj.content_type, description: obj.description.clone(), actions: vec![action], contexts }
                    })
                    .collect();
                Guide {
                    id: q.uid.clone(),
                    question: q.question.clone(),
                    sources,
                    negatives: Vec::new(),
                    answer: Some(q.gold.spans.join(", ")),
                    author: "tatqa".into(),
                    context: Some(q.context.clone()),
                    created_at: String::new(),
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = r#"[{
      "table": {"uid": "ctx1", "table": [["", "2019", "2018"], ["Fixed Price", "$ 1,452.4", "$ 1,146.2"], ["Other", "44.1", "56.7"], ["Total sales", "$1,496.5", "$1,202.9"]]},
      "paragraphs": [{"uid": "p1", "order": 1, "text": "Sales by contract type. Substantially all contracts are fixed-price."},
                     {"uid": "p2", "order": 2, "text": "Other sales were cost plus. They fell in 2019."}],
      "questions": [
        {"uid": "q1", "question": "What was total sales in 2019?", "answer": ["$1,496.5"], "derivation": "", "answer_type": "span", "answer_from": "table", "rel_paragraphs": [], "scale": "million"},
        {"uid": "q2", "question": "What was the change in other sales?", "answer": -12.6, "derivation": "44.1-56.7", "answer_type": "arithmetic", "answer_from": "table-text", "rel_paragraphs": ["2"], "scale": "million"},
        {"uid": "q3", "question": "What are other sales?", "answer": ["cost plus"], "derivation": "", "answer_type": "span", "answer_from": "text", "rel_paragraphs": ["2"], "scale": "",
         "mapping": {"paragraph": {"2": [[17, 26]]}}},
        {"uid": "q4", "question": "Fixed price 2018?", "answer": ["1,146.2"], "answer_type": "span", "answer_from": "table", "scale": "",
         "mappings": {"table": [[1, 2]]}}
      ]
    }, {"table": {"uid": "ctx2", "table": [["a", "b"], ["x", "1"]]}, "paragraphs": [{"uid": "p", "order": 1, "text": "Hello there."}], "questions": []}]"#;

    #[test]
    fn contexts_become_a_table_and_a_text_object() {
        let d = Dataset::parse(SAMPLE.as_bytes(), "sample.json").unwrap();
        assert_eq!(d.contexts.len(), 2);
        assert_eq!(d.object_count(), 4);
        let c = &d.contexts[0];
        let t = c.table.as_ref().unwrap().as_table().unwrap();
        assert_eq!(t.grid[3][1].text, "$1,496.5");
        assert_eq!(t.header_rows, 1);
        let x = c.text.as_ref().unwrap().as_text().unwrap();
        assert_eq!(x.sentences.len(), 4);
        assert_eq!(x.sentences[2].text, "Other sales were cost plus.");
        assert!(!c.table.as_ref().unwrap().description.is_empty());
    }

    #[test]
    fn gold_comes_from_answer_from_numbers_and_mappings() {
        let d = Dataset::parse(SAMPLE.as_bytes(), "sample.json").unwrap();
        let tid = d.contexts[0].table.as_ref().unwrap().id.clone();
        let xid = d.contexts[0].text.as_ref().unwrap().id.clone();
        let cell = |row, col| EvidenceKey::Cell { source: tid.clone(), row, col };
        let sent = |idx| EvidenceKey::Sentence { source: xid.clone(), idx };
        let q = &d.questions;
        assert_eq!(q[0].gold_objects, [tid.clone()].into_iter().collect());
        assert_eq!(q[0].gold_evidence, [cell(3, 1)].into_iter().collect());
        assert!(!q[0].mapped);
        // Arithmetic: the derivation's numbers; rel paragraph 2's sentences
        // hold none of them or the answer, so both of its sentences count.
        assert_eq!(q[1].gold_objects.len(), 2);
        assert_eq!(q[1].gold_evidence, [cell(2, 1), cell(2, 2), sent(2), sent(3)].into_iter().collect());
        assert_eq!(q[1].gold.spans, vec!["-12.6".to_string()]);
        // Paragraph span 17..26 of paragraph 2 lies in its first sentence.
        assert_eq!(q[2].gold_evidence, [sent(2)].into_iter().collect());
        assert!(q[2].mapped);
        // `mappings` is read as well as `mapping`.
        assert_eq!(q[3].gold_evidence, [cell(1, 2)].into_iter().collect());
        assert!(q[3].mapped);
    }

    #[test]
    fn pools_are_seeded_subsets_of_whole_contexts() {
        let d = Dataset::parse(SAMPLE.as_bytes(), "sample.json").unwrap();
        let (ctx, qs) = d.pool(Some(2), 7);
        assert_eq!(ctx.len(), 1);
        let (ctx2, _) = d.pool(Some(2), 7);
        assert_eq!(ctx[0].uid, ctx2[0].uid);
        if ctx[0].uid == "ctx1" { assert_eq!(qs.len(), 4) } else { assert!(qs.is_empty()) }
        let (all, qs) = d.pool(None, 1);
        assert_eq!((all.len(), qs.len()), (2, 4));
    }

    #[test]
    fn guides_carry_gold_actions_and_contexts() {
        let d = Dataset::parse(SAMPLE.as_bytes(), "sample.json").unwrap();
        let g = d.guides();
        assert_eq!(g.len(), 4);
        assert_eq!(g[0].context.as_deref(), Some("ctx1"));
        assert_eq!(g[0].sources.len(), 1);
        assert_eq!(g[0].sources[0].contexts, vec!["Total sales | 2019: $1,496.5 (B4)".to_string()]);
        assert_eq!(g[2].sources[0].contexts, vec!["Other sales were cost plus.".to_string()]);
        let json = serde_json::to_string(&g[1]).unwrap();
        let back: Guide = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g[1]);
    }

    #[test]
    fn numbers_are_read_from_derivations() {
        assert_eq!(numbers_in("(1,496.5-1,202.9)/1,202.9"), vec![1496.5, 1202.9, 1202.9]);
        assert_eq!(numbers_in("2019 and 3.5%"), vec![2019.0, 3.5]);
    }
}
