//! Evaluation metrics: TAT-QA answer EM/F1, ROUGE-L, answer-length ratio,
//! and set precision/recall/F1 for source objects and retrieval actions.
//!
//! Answer EM/F1 follow TAT-QA's official scorer (`tatqa_metric.py` /
//! `tatqa_utils.py`, itself derived from DROP) step by step, because figures
//! are only comparable with the literature under the same normalization:
//! every answer span is turned into one string (numbers become `%.4f` of the
//! value rounded to 2 places times the scale; spans are sorted and joined,
//! so multi-span order does not matter), then each whitespace token is
//! lowercased, stripped of punctuation unless it is a number, numbers are
//! re-parsed, and articles dropped. EM compares the normalized strings; F1
//! is the token-bag F1, except that arithmetic and count answers get F1 = EM.

use std::collections::HashSet;

use serde::Serialize;

pub use aurag::answer::{scale_to_num, PredictedAnswer};

/// Precision, recall and F1.
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize)]
pub struct Prf {
    pub precision: f64,
    pub recall: f64,
    pub f1: f64,
}

impl Prf {
    pub fn new(precision: f64, recall: f64) -> Self {
        let f1 = if precision + recall > 0.0 { 2.0 * precision * recall / (precision + recall) } else { 0.0 };
        Prf { precision, recall, f1 }
    }

    /// Set P/R/F1. Both empty: a perfect 1/1/1 (nothing was to be found and
    /// nothing was returned). Exactly one empty: 0/0/0.
    pub fn of_sets<T: Eq + std::hash::Hash>(predicted: &HashSet<T>, gold: &HashSet<T>) -> Self {
        match (predicted.is_empty(), gold.is_empty()) {
            (true, true) => Prf { precision: 1.0, recall: 1.0, f1: 1.0 },
            (true, false) | (false, true) => Prf::default(),
            (false, false) => {
                let hit = predicted.intersection(gold).count() as f64;
                Prf::new(hit / predicted.len() as f64, hit / gold.len() as f64)
            }
        }
    }

    /// Per-question averages.
    pub fn mean(items: &[Prf]) -> Prf {
        if items.is_empty() {
            return Prf::default();
        }
        let n = items.len() as f64;
        Prf {
            precision: items.iter().map(|p| p.precision).sum::<f64>() / n,
            recall: items.iter().map(|p| p.recall).sum::<f64>() / n,
            f1: items.iter().map(|p| p.f1).sum::<f64>() / n,
        }
    }
}

/// Characters TAT-QA strips before reading a number.
const EXCLUDE_IN_NUM: &[char] = &['\'', '"', '\\', '$', '€', '£', '¥', '%', '(', ')', ',', '[', ']'];

fn clean_num(s: &str) -> String {
    s.chars().filter(|c| !EXCLUDE_IN_NUM.contains(c)).collect()
}


fn parse_float(s: &str) -> Option<f64> {
    s.trim().parse::<f64>().ok().filter(|x| !x.is_nan())
}

/// TAT-QA's `is_number`: the first word (after stripping currency,
/// brackets, commas and `%`) is a float, and a second word, if any, is a
/// scale word.
pub fn is_number(text: &str) -> bool {
    let words: Vec<String> = text.split_whitespace().map(clean_num).collect::<Vec<_>>().join(" ").split_whitespace().map(str::to_string).collect();
    match words.first() {
        None => false,
        Some(w) => parse_float(w).is_some() && (words.len() < 2 || scale_to_num(&words[1]) != 1.0),
    }
}

/// The first number in a string (`[+-]?\d+(\.\d+)?`), as TAT-QA reads it;
/// a match that starts with a bare `.5` yields nothing.
fn first_number(s: &str) -> Option<f64> {
    let b: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < b.len() {
        let sign = (b[i] == '+' || b[i] == '-') as usize;
        let j = i + sign;
        if j < b.len() && b[j].is_ascii_digit() {
            let mut k = j;
            while k < b.len() && b[k].is_ascii_digit() {
                k += 1;
            }
            if k + 1 < b.len() && b[k] == '.' && b[k + 1].is_ascii_digit() {
                k += 1;
                while k < b.len() && b[k].is_ascii_digit() {
                    k += 1;
                }
            }
            return b[i..k].iter().collect::<String>().parse().ok();
        }
        if j < b.len() && b[j] == '.' && j + 1 < b.len() && b[j + 1].is_ascii_digit() {
            return None;
        }
        i += 1;
    }
    None
}

/// Scale of the first "number word" pair, e.g. "1.2 million" → 1e6.
fn word_scale(text: &str) -> f64 {
    let c: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < c.len() {
        if c[i].is_ascii_digit() || c[i] == '.' {
            let mut k = i;
            while k < c.len() && (c[k].is_ascii_digit() || c[k] == '.') {
                k += 1;
            }
            let mut m = k;
            if m < c.len() && c[m].is_whitespace() {
                m += 1;
            }
            if m < c.len() && c[m].is_ascii_alphabetic() {
                let mut e = m;
                while e < c.len() && c[e].is_ascii_alphabetic() {
                    e += 1;
                }
                return scale_to_num(&c[i..e].iter().collect::<String>());
            }
            i = k.max(i + 1);
        } else {
            i += 1;
        }
    }
    1.0
}

/// `(digits)` anywhere: an accounting negative.
fn is_parenthesized_negative(text: &str) -> bool {
    let c: Vec<char> = text.trim().chars().collect();
    c.iter().enumerate().any(|(i, &ch)| {
        if ch != '(' {
            return false;
        }
        let rest = &c[i + 1..];
        let n = rest.iter().take_while(|x| x.is_ascii_digit() || **x == '.' || x.is_whitespace()).count();
        n > 0 && rest.get(n) == Some(&')')
    })
}

fn has_percent_number(text: &str) -> bool {
    // TAT-QA's `[\d.\s]+%`.
    let c: Vec<char> = text.trim().chars().collect();
    c.iter().enumerate().any(|(i, &ch)| ch == '%' && i > 0 && (c[i - 1].is_ascii_digit() || c[i - 1] == '.' || c[i - 1].is_whitespace()))
}

fn round_to(x: f64, places: i32) -> f64 {
    let f = 10f64.powi(places);
    (x * f).round() / f
}

/// TAT-QA's `to_number`: value × word scale × sign × percent, rounded to 4.
pub fn to_number(text: &str) -> Option<f64> {
    let n = first_number(&clean_num(text))?;
    let neg = if is_parenthesized_negative(text) { -1.0 } else { 1.0 };
    let pct = if has_percent_number(text) { 0.01 } else { 1.0 };
    Some(round_to(n * word_scale(text) * neg * pct, 4))
}

/// Python's `str(float)` for the values we produce: shortest round-trip
/// digits with a trailing `.0` on integers.
fn py_float_str(x: f64) -> String {
    format!("{x:?}")
}

const ARTICLES: &[&str] = &["a", "an", "the"];

/// TAT-QA's `normalize_answer`.
pub fn normalize_answer(text: &str) -> String {
    let mut parts = Vec::new();
    for token in text.split(' ') {
        let t = token.to_lowercase();
        let t = if is_number(&t) { t } else { t.chars().filter(|c| !c.is_ascii_punctuation()).collect() };
        let t = if is_number(&t) { to_number(&t).map(py_float_str).unwrap_or(t) } else { t };
        let t: Vec<&str> = t.split_whitespace().filter(|w| !ARTICLES.contains(w)).collect();
        let t = t.join(" ");
        if !t.trim().is_empty() {
            parts.push(t);
        }
    }
    parts.join(" ").trim().to_string()
}

/// TAT-QA's `get_answer_str`: all spans folded, with the scale, into one
/// comparable string.
pub fn answer_string(spans: &[String], scale: &str) -> String {
    let mut sorted: Vec<&String> = spans.iter().collect();
    sorted.sort();
    let parts: Vec<String> = sorted
        .into_iter()
        .map(|ans| {
            if is_number(ans) {
                match to_number(ans) {
                    None if !scale.is_empty() => format!("{ans} {scale}"),
                    None => ans.clone(),
                    Some(n) if ans.contains('%') => format!("{n:.4}"),
                    Some(n) => format!("{:.4}", round_to(n, 2) * scale_to_num(scale)),
                }
            } else if !scale.is_empty() {
                format!("{ans} {scale}")
            } else {
                ans.clone()
            }
        })
        .collect();
    parts.join(" ")
}

fn bag_f1(pred: &str, gold: &str) -> f64 {
    let p: HashSet<&str> = pred.split_whitespace().collect();
    let g: HashSet<&str> = gold.split_whitespace().collect();
    let hit = p.intersection(&g).count() as f64;
    let precision = if p.is_empty() { 1.0 } else { hit / p.len() as f64 };
    let recall = if g.is_empty() { 1.0 } else { hit / g.len() as f64 };
    if precision == 0.0 && recall == 0.0 {
        0.0
    } else {
        2.0 * precision * recall / (precision + recall)
    }
}

/// A gold TAT-QA answer.
#[derive(Debug, Clone, Serialize)]
pub struct GoldAnswer {
    /// span | multi-span | arithmetic | count
    pub answer_type: String,
    pub spans: Vec<String>,
    pub scale: String,
}


/// Exact match and F1 under TAT-QA's official normalization.
pub fn tatqa_em_f1(gold: &GoldAnswer, pred: &PredictedAnswer) -> (f64, f64) {
    if pred.spans.iter().all(|s| s.trim().is_empty()) || gold.spans.is_empty() {
        return (0.0, 0.0);
    }
    let gold_str = normalize_answer(&answer_string(&gold.spans, &gold.scale));
    let mut preds = vec![answer_string(&pred.spans, &pred.scale)];
    // TAT-QA's add_percent_pred: a bare number may match a percent gold.
    if pred.spans.len() == 1 && pred.scale.is_empty() && !pred.spans[0].contains('%') && is_number(&pred.spans[0]) {
        if let Some(n) = to_number(&pred.spans[0]) {
            preds.push(format!("{n:.4}"));
        }
    }
    let (mut em, mut f1) = (0.0, 0.0);
    for p in preds {
        let p = normalize_answer(&p);
        let e = if p == gold_str { 1.0 } else { 0.0 };
        let f = round_to(bag_f1(&p, &gold_str), 2);
        if (e, f) > (em, f1) {
            em = e;
            f1 = f;
        }
    }
    if gold.answer_type == "arithmetic" || gold.answer_type == "count" {
        f1 = em;
    }
    (em, f1)
}

/// Longest common subsequence length of two token lists.
fn lcs(a: &[String], b: &[String]) -> usize {
    let mut prev = vec![0usize; b.len() + 1];
    for x in a {
        let mut cur = vec![0usize; b.len() + 1];
        for (j, y) in b.iter().enumerate() {
            cur[j + 1] = if x == y { prev[j] + 1 } else { prev[j + 1].max(cur[j]) };
        }
        prev = cur;
    }
    prev[b.len()]
}

fn rouge_tokens(s: &str) -> Vec<String> {
    s.split(|c: char| !c.is_alphanumeric() && c != '.' && c != '%')
        .map(|t| t.trim_matches('.').to_lowercase())
        .filter(|t| !t.is_empty())
        .collect()
}

/// ROUGE-L over lowercase word tokens (numbers keep their decimal point).
pub fn rouge_l(prediction: &str, reference: &str) -> Prf {
    let p = rouge_tokens(prediction);
    let r = rouge_tokens(reference);
    if p.is_empty() || r.is_empty() {
        return Prf::default();
    }
    let l = lcs(&p, &r) as f64;
    Prf::new(l / p.len() as f64, l / r.len() as f64)
}

/// Answer-length ratio: predicted tokens over reference tokens.
pub fn length_ratio(prediction: &str, reference: &str) -> f64 {
    let r = rouge_tokens(reference).len();
    if r == 0 {
        return 0.0;
    }
    rouge_tokens(prediction).len() as f64 / r as f64
}

/// The `q`-quantile (0..=1) by nearest rank of unsorted values.
pub fn quantile(values: &[f64], q: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut v = values.to_vec();
    v.sort_by(f64::total_cmp);
    let rank = ((q * v.len() as f64).ceil() as usize).clamp(1, v.len());
    v[rank - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gold(t: &str, spans: &[&str], scale: &str) -> GoldAnswer {
        GoldAnswer { answer_type: t.into(), spans: spans.iter().map(|s| s.to_string()).collect(), scale: scale.into() }
    }
    fn pred(spans: &[&str], scale: &str) -> PredictedAnswer {
        PredictedAnswer { spans: spans.iter().map(|s| s.to_string()).collect(), scale: scale.into() }
    }

    #[test]
    fn numbers_parse_the_tatqa_way() {
        assert!(is_number("$1.2 million"));
        assert!(is_number("(134)"));
        assert!(is_number("12.5%"));
        assert!(!is_number("2019 revenue"));
        assert!(!is_number("revenue"));
        assert_eq!(to_number("$1.2 million"), Some(1_200_000.0));
        assert_eq!(to_number("(134)"), Some(-134.0));
        assert_eq!(to_number("12.5%"), Some(0.125));
        assert_eq!(to_number("1,496.5"), Some(1496.5));
        assert_eq!(to_number(".5"), None);
    }

    #[test]
    fn scale_in_text_matches_scale_field() {
        // Hand-computed: gold 1.2 with scale million → "1200000.0000" → 1200000.0;
        // "$1.2 million" reads as 1.2 × 10^6 → the same string.
        let g = gold("span", &["1.2"], "million");
        assert_eq!(answer_string(&g.spans, &g.scale), "1200000.0000");
        assert_eq!(tatqa_em_f1(&g, &pred(&["$1.2 million"], "")), (1.0, 1.0));
        assert_eq!(tatqa_em_f1(&g, &pred(&["1.2"], "million")), (1.0, 1.0));
        // A bare 1.2 without its scale is a different number.
        assert_eq!(tatqa_em_f1(&g, &pred(&["1.2"], "")).0, 0.0);
        // Percent: gold 23.42 percent vs a predicted ratio 0.2342.
        let g = gold("arithmetic", &["23.42"], "percent");
        assert_eq!(tatqa_em_f1(&g, &pred(&["0.2342"], "")), (1.0, 1.0));
        assert_eq!(tatqa_em_f1(&g, &pred(&["23.42%"], "")), (1.0, 1.0));
        assert_eq!(tatqa_em_f1(&g, &pred(&["23.43%"], "")), (0.0, 0.0));
    }

    #[test]
    fn multi_span_order_does_not_matter() {
        let g = gold("multi-span", &["fixed-price type", "cost-plus type", "time-and-material type"], "");
        let p = pred(&["time-and-material type", "fixed-price type", "cost-plus type"], "");
        assert_eq!(tatqa_em_f1(&g, &p), (1.0, 1.0));
        // Two of three spans: bags {fixedprice, type, costplus} vs
        // {costplus, fixedprice, timeandmaterial, type}: P = 3/3, R = 3/4,
        // F1 = 6/7 = 0.857 → 0.86.
        let p = pred(&["cost-plus type", "fixed-price type"], "");
        assert_eq!(tatqa_em_f1(&g, &p), (0.0, 0.86));
    }

    #[test]
    fn spans_ignore_case_punctuation_and_articles() {
        let g = gold("span", &["The Company's revenue"], "");
        assert_eq!(tatqa_em_f1(&g, &pred(&["company's Revenue."], "")), (1.0, 1.0));
        // Arithmetic answers score F1 = EM even when tokens overlap.
        let g = gold("arithmetic", &["15.5"], "million");
        assert_eq!(tatqa_em_f1(&g, &pred(&["15.4 million"], "")), (0.0, 0.0));
        assert_eq!(tatqa_em_f1(&g, &pred(&[], "")), (0.0, 0.0));
    }

    #[test]
    fn rouge_l_on_a_known_pair() {
        // pred: the cat sat on the mat (6), ref: the cat lay on the mat (6);
        // LCS = the cat on the mat = 5 → P = R = F1 = 5/6.
        let r = rouge_l("The cat sat on the mat", "the cat lay on the mat.");
        assert!((r.precision - 5.0 / 6.0).abs() < 1e-9);
        assert!((r.recall - 5.0 / 6.0).abs() < 1e-9);
        assert!((r.f1 - 5.0 / 6.0).abs() < 1e-9);
        // pred: revenue was 1.2 (3), ref: 1.2 (1): P = 1/3, R = 1, F1 = 0.5.
        let r = rouge_l("revenue was 1.2", "1.2");
        assert!((r.precision - 1.0 / 3.0).abs() < 1e-9 && r.recall == 1.0 && (r.f1 - 0.5).abs() < 1e-9);
        assert_eq!(rouge_l("", "x"), Prf::default());
        assert_eq!(length_ratio("revenue was 1.2", "1.2"), 3.0);
    }

    #[test]
    fn set_prf_edge_cases() {
        let s = |v: &[u32]| v.iter().copied().collect::<HashSet<u32>>();
        assert_eq!(Prf::of_sets(&s(&[]), &s(&[])), Prf { precision: 1.0, recall: 1.0, f1: 1.0 });
        assert_eq!(Prf::of_sets(&s(&[1]), &s(&[])), Prf::default());
        assert_eq!(Prf::of_sets(&s(&[]), &s(&[1])), Prf::default());
        let p = Prf::of_sets(&s(&[1, 2, 3, 4]), &s(&[3, 4, 5]));
        assert_eq!((p.precision, p.recall), (0.5, 2.0 / 3.0));
        assert!((p.f1 - 4.0 / 7.0).abs() < 1e-12);
        assert_eq!(Prf::mean(&[]), Prf::default());
    }

    #[test]
    fn quantiles_by_nearest_rank() {
        let v: Vec<f64> = (1..=20).map(f64::from).collect();
        assert_eq!(quantile(&v, 0.5), 10.0);
        assert_eq!(quantile(&v, 0.95), 19.0);
        assert_eq!(quantile(&[], 0.5), 0.0);
    }
}
