//! Matching a structured intent against tables and sentences, shared by
//! the structural source scorer and the deterministic extraction policy.
//!
//! Terms are weighted by their inverse document frequency over the pool, so
//! "EBITDA" counts for more than "costs": in annual reports the rare words
//! are the ones that tell one line item from the next. A table is matched
//! through its row labels (line items), its column headers (periods, or a
//! short name that begins a longer word, as R and Stata write them) and
//! its file's name (rivers.csv is the table of rivers); text through its
//! sentences.

use std::collections::HashSet;

use super::catalog::Catalog;
use super::intent::Intent;
use crate::source::{SourceObject, TableContent};
use crate::text::{tokenize, years};

/// Intent terms with their weights.
#[derive(Debug, Clone)]
pub struct Weighted {
    pub terms: Vec<(String, f32)>,
    pub total: f32,
}

impl Weighted {
    pub fn new(intent: &Intent, catalog: &dyn Catalog) -> Self {
        let terms: Vec<(String, f32)> = intent.terms.iter().map(|t| (t.clone(), catalog.idf(t).max(0.1))).collect();
        let total = terms.iter().map(|t| t.1).sum::<f32>().max(1e-6);
        Weighted { terms, total }
    }

    /// Weighted share of the terms that `tokens` hold.
    pub fn coverage(&self, tokens: &HashSet<String>) -> f32 {
        self.terms.iter().filter(|(t, _)| tokens.contains(t) || tokens.contains(&stem(t))).map(|t| t.1).sum::<f32>() / self.total
    }

    /// [`coverage`](Self::coverage), and a term that one of `prefixes`
    /// begins, three letters longer at least: a header written in short
    /// ("educ" of "education", "insul" of "insulation", "temp" of
    /// "temperature"), as R and Stata name variables.
    pub fn coverage_or_prefix(&self, tokens: &HashSet<String>, prefixes: &[String]) -> f32 {
        // (Not the word's own ending: "longest" is no longer word that
        // Minard's `long`, its longitude, stands for.)
        let inflected = |rest: &str| matches!(rest, "est" | "iest" | "ing" | "ers" | "ier");
        // (A name of three letters only for a word of eight or more:
        // "articles" is pscl's `art`, "agency" no `age`.)
        let begun = |t: &str| prefixes.iter().any(|p| t.len() >= p.len() + 3 && (p.len() >= 4 || t.len() >= 8) && t.strip_prefix(p.as_str()).is_some_and(|rest| !inflected(rest)));
        self.terms.iter().filter(|(t, _)| tokens.contains(t) || tokens.contains(&stem(t)) || begun(t)).map(|t| t.1).sum::<f32>() / self.total
    }

    /// Terms hit, for precision: how many of `tokens` are question terms.
    pub fn hits(&self, tokens: &HashSet<String>) -> usize {
        self.terms.iter().filter(|(t, _)| tokens.contains(t) || tokens.contains(&stem(t))).count()
    }
}

pub use crate::text::stem;

/// Lowercased tokens of a text, with their stems.
pub fn token_set(text: &str) -> HashSet<String> {
    let mut s = HashSet::new();
    for t in tokenize(text) {
        let t = t.trim_end_matches("'s").to_string();
        s.insert(stem(&t));
        s.insert(t);
    }
    s
}

/// A table's labels and headers, tokenized once.
pub struct TableView<'a> {
    pub table: &'a TableContent,
    pub labels: Vec<HashSet<String>>,
    pub label_lens: Vec<usize>,
    pub headers: Vec<HashSet<String>>,
    pub header_years: Vec<Vec<u16>>,
    /// Caption and header-row text.
    pub head_tokens: HashSet<String>,
    /// The header row's words of three letters or more, each a possible
    /// short name of a longer word ([`Weighted::coverage_or_prefix`]).
    pub head_prefixes: Vec<String>,
}

impl<'a> TableView<'a> {
    pub fn new(table: &'a TableContent) -> Self {
        let labels: Vec<HashSet<String>> = table.grid.iter().map(|r| r.first().map(|c| token_set(&c.text)).unwrap_or_default()).collect();
        let label_lens = table.grid.iter().map(|r| r.first().map(|c| tokenize(&c.text).len()).unwrap_or(0)).collect();
        // (R's `X1856` is the year 1856: see `r_year_headers`.)
        let r_years = crate::tabular::r_year_headers(&table.columns);
        let header = |c: usize| r_years[c].unwrap_or(&table.columns[c]);
        let headers: Vec<HashSet<String>> = (0..table.columns.len()).map(|c| token_set(header(c))).collect();
        let header_years = (0..table.columns.len()).map(|c| years(header(c))).collect();
        let mut head_tokens: HashSet<String> = table.caption.iter().flat_map(|c| token_set(c)).collect();
        let mut head_prefixes = Vec::new();
        for r in table.grid.iter().take(table.header_rows as usize) {
            for c in r {
                head_tokens.extend(token_set(&c.text));
                head_prefixes.extend(tokenize(&c.text).into_iter().filter(|w| w.len() >= 3 && w.chars().all(|ch| ch.is_ascii_lowercase())));
            }
        }
        head_prefixes.sort();
        head_prefixes.dedup();
        TableView { table, labels, label_lens, headers, header_years, head_tokens, head_prefixes }
    }

    pub fn data_rows(&self) -> std::ops::Range<usize> {
        (self.table.header_rows as usize).min(self.table.grid.len())..self.table.grid.len()
    }

    /// How well row `r`'s label names the question's line item: weighted
    /// coverage plus a little precision (short, exact labels win ties).
    pub fn row_score(&self, w: &Weighted, r: usize) -> f32 {
        let Some(lab) = self.labels.get(r) else { return 0.0 };
        let cov = w.coverage(lab);
        if cov == 0.0 {
            return 0.0;
        }
        let precision = w.hits(lab) as f32 / self.label_lens[r].max(1) as f32;
        cov + 0.2 * precision.min(1.0)
    }

    /// Columns whose header names a year, with the year.
    pub fn year_columns(&self) -> Vec<(usize, u16)> {
        self.header_years.iter().enumerate().skip(1).filter_map(|(c, ys)| ys.last().map(|y| (c, *y))).collect()
    }
}

/// Structural support of a table for an intent, in [0, ~1.4]: the best row
/// label's coverage, the question's years found in the headers, and terms
/// found in caption and headers.
pub fn table_support(w: &Weighted, intent: &Intent, view: &TableView) -> f32 {
    let best_row = view.data_rows().map(|r| view.row_score(w, r)).fold(0.0f32, f32::max);
    let head = w.coverage_or_prefix(&view.head_tokens, &view.head_prefixes);
    let year = if intent.years.is_empty() {
        0.0
    } else {
        let have: HashSet<u16> = view.header_years.iter().flatten().copied().collect();
        intent.years.iter().filter(|y| have.contains(y)).count() as f32 / intent.years.len() as f32
    };
    best_row + 0.3 * head + 0.3 * year
}

/// Score of one sentence: weighted coverage and the question's years.
pub fn sentence_score(w: &Weighted, intent: &Intent, sentence: &str) -> f32 {
    let toks = token_set(sentence);
    let cov = w.coverage(&toks);
    if cov == 0.0 {
        return 0.0;
    }
    let ys = years(sentence);
    let year = if intent.years.is_empty() { 0.0 } else { intent.years.iter().filter(|y| ys.contains(y)).count() as f32 / intent.years.len() as f32 };
    cov + 0.2 * year
}

/// Structural support of a text object: its best sentence, plus a little
/// for the coverage of the whole text.
pub fn text_support(w: &Weighted, intent: &Intent, obj: &SourceObject) -> f32 {
    let Some(t) = obj.as_text() else { return 0.0 };
    let best = t.sentences.iter().map(|s| sentence_score(w, intent, &s.text)).fold(0.0f32, f32::max);
    let all = w.coverage(&token_set(&t.full_text()));
    best + 0.3 * all
}

/// How much a table's file name counts beside its headers, for a table of
/// one or two columns besides its first ([`NAME_COLUMNS`]): "what is the
/// average river length?" over rivers.csv (R's row names and `x`) is that
/// table's question though no header or cell says "river".
const NAME_WEIGHT: f32 = 0.5;

/// The most columns a table whose file name counts has: where its headers
/// say little or nothing (`x`, `y`), the name says what the rows are. Over
/// a wider table the headers speak: GaltonFamilies.csv, eight columns, is
/// no answer to "how many families live in a city?" (its 934 rows had
/// been counted, the city held only by another table).
const NAME_COLUMNS: usize = 3;

/// The words of the name of the file a table was read from, four letters
/// or more ("rivers", "Earnings"; camel case split, "PublicSchools"), with
/// their stems.
fn file_name_tokens(obj: &SourceObject) -> HashSet<String> {
    let name = std::path::Path::new(&obj.provenance.file).file_stem().and_then(|s| s.to_str()).unwrap_or("");
    token_set(&crate::text::split_camel_case(name)).into_iter().filter(|w| w.len() >= 4 && w.chars().all(char::is_alphabetic)).collect()
}

/// Structural support of any object.
pub fn support(w: &Weighted, intent: &Intent, obj: &SourceObject) -> f32 {
    match obj.as_table() {
        Some(t) => {
            let named = if t.columns.len() <= NAME_COLUMNS { NAME_WEIGHT * w.coverage(&file_name_tokens(obj)) } else { 0.0 };
            table_support(w, intent, &TableView::new(t)) + named
        }
        None => text_support(w, intent, obj),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ecdat's Bwages heads its columns `wage`, `educ`, `exper`: "which
    /// education level has the highest average wage?" finds "education"
    /// in `educ`, beside Port Pirie's `SeaLevel`, which holds "level".
    #[test]
    fn a_header_written_in_short_covers_the_longer_word_it_begins() {
        let w = Weighted { terms: vec![("education".into(), 1.0), ("level".into(), 1.0), ("wage".into(), 1.0)], total: 3.0 };
        let tokens: HashSet<String> = ["wage", "educ", "exper"].into_iter().map(String::from).collect();
        let prefixes: Vec<String> = ["educ", "exper", "wage"].into_iter().map(String::from).collect();
        assert!((w.coverage(&tokens) - 1.0 / 3.0).abs() < 1e-6);
        assert!((w.coverage_or_prefix(&tokens, &prefixes) - 2.0 / 3.0).abs() < 1e-6);
        // Three letters longer at least: "waged" is no longer word that
        // `wage` stands for; nor is a word's own ending, "longest" of `long`.
        let w = Weighted { terms: vec![("waged".into(), 1.0)], total: 1.0 };
        assert_eq!(w.coverage_or_prefix(&tokens, &prefixes), 0.0);
        let w = Weighted { terms: vec![("longest".into(), 1.0)], total: 1.0 };
        assert_eq!(w.coverage_or_prefix(&HashSet::new(), &["long".to_string()]), 0.0);
    }

    /// pscl's bioChemists heads its articles `art`: "how many students
    /// produced no articles?" finds the word there; a name of three
    /// letters stands only for a word of eight or more ("agency" is no
    /// `age`).
    #[test]
    fn a_header_of_three_letters_covers_only_a_long_word() {
        let prefixes: Vec<String> = ["art", "fem", "mar", "age"].into_iter().map(String::from).collect();
        let w = Weighted { terms: vec![("students".into(), 1.0), ("articles".into(), 1.0)], total: 2.0 };
        assert!((w.coverage_or_prefix(&HashSet::new(), &prefixes) - 0.5).abs() < 1e-6);
        let w = Weighted { terms: vec![("agency".into(), 1.0)], total: 1.0 };
        assert_eq!(w.coverage_or_prefix(&HashSet::new(), &prefixes), 0.0);
    }
}
