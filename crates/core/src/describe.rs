//! Descriptions and tags for source objects, written without an LLM.
//!
//! A description is what source selection first matches a question against
//! (AU-RAG's descriptor filter, OmniRetrieval's catalog), so it names what a
//! question would name: a table's caption, sheet or table, column headers,
//! row labels, years and value ranges; a text's leading sentences and top
//! keywords. An LLM-written summary can be appended later; this one is always
//! there and always the same for the same object.

use crate::source::{CellValue, Content, Locator, SourceObject, TableContent, TextContent};
use crate::text::{keywords, truncate_chars, years};

const MAX_ROW_LABELS: usize = 24;
const MAX_DESCRIPTION_CHARS: usize = 1500;

/// Fills `description` and `tags` of an object from its content and provenance.
pub fn describe(obj: &mut SourceObject) {
    let (description, mut content_years) = match &obj.content {
        Content::Table(t) => describe_table(t, &obj.provenance.locator),
        Content::Text(t) => describe_text(t),
    };
    obj.description = truncate_chars(&description, MAX_DESCRIPTION_CHARS);
    // Tags a loader set (`ocr`, `ocr-confidence:87`) stay, after these.
    let from_loader = std::mem::take(&mut obj.tags);
    let mut tags = Vec::new();
    let path = std::path::Path::new(&obj.provenance.file);
    if let Some(ext) = path.extension().and_then(|e| e.to_str()) {
        tags.push(format!("type:{}", ext.to_ascii_lowercase()));
    }
    if let Some(name) = path.file_name().and_then(|e| e.to_str()) {
        tags.push(format!("file:{name}"));
    }
    match &obj.provenance.locator {
        Locator::SheetRange { sheet, .. } => tags.push(format!("sheet:{sheet}")),
        Locator::SqlTable { table, .. } => tags.push(format!("table:{table}")),
        Locator::Pages { pages, .. } => {
            if let Some(p) = pages.first() {
                tags.push(format!("page:{p}"));
            }
        }
        Locator::Lines { .. } | Locator::Paragraphs { .. } => {}
        Locator::Slides { start, .. } => tags.push(format!("slide:{start}")),
    }
    tags.push(obj.content_type.as_str().to_string());
    content_years.sort_unstable();
    content_years.dedup();
    for y in content_years {
        tags.push(format!("year:{y}"));
    }
    for t in from_loader {
        if !tags.contains(&t) {
            tags.push(t);
        }
    }
    obj.tags = tags;
}

fn describe_table(t: &TableContent, loc: &Locator) -> (String, Vec<u16>) {
    let mut parts = Vec::new();
    if let Some(c) = &t.caption {
        parts.push(c.clone());
    }
    match loc {
        Locator::SheetRange { sheet, range } => parts.push(format!("Table in sheet {sheet} ({range})")),
        Locator::SqlTable { table, .. } => parts.push(format!("SQLite table {table}")),
        Locator::Pages { pages, .. } => match (pages.first(), pages.last()) {
            (Some(a), Some(b)) if a != b => parts.push(format!("Table on pages {a}-{b}")),
            (a, _) => parts.push(format!("Table on page {}", a.copied().unwrap_or(1))),
        },
        Locator::Lines { .. } | Locator::Paragraphs { .. } | Locator::Slides { .. } => parts.push("Table".to_string()),
    }
    if let Some(schema) = &t.schema {
        parts.push(format!("Schema: {}", crate::text::collapse_ws(schema)));
    }
    // (A name in camel case with its words apart as well, so that a
    // question's words meet it: "UrbanPop (Urban Pop)".)
    let cols: Vec<String> = t.columns.iter().map(|s| match camel_words(s) { Some(w) => format!("{s} ({w})"), None => s.clone() }).collect();
    parts.push(format!("Columns: {}", cols.join(" | ")));
    if matches!(loc, Locator::SqlTable { .. }) {
        let samples: Vec<String> = t
            .data_rows()
            .iter()
            .take(3)
            .map(|r| format!("({})", r.iter().map(|c| truncate_chars(&c.text, 40)).collect::<Vec<_>>().join(", ")))
            .collect();
        if !samples.is_empty() {
            parts.push(format!("Sample rows: {}", samples.join(" ")));
        }
    }
    // Row labels: the first text cell of each data row.
    let mut seen = std::collections::HashSet::new();
    let labels: Vec<String> = t
        .data_rows()
        .iter()
        .filter_map(|r| r.iter().find(|c| matches!(c.value, CellValue::Text(_))).map(|c| c.text.clone()))
        .filter(|l| seen.insert(l.clone()))
        .take(MAX_ROW_LABELS)
        .collect();
    if !labels.is_empty() {
        parts.push(format!("Rows: {}", labels.join("; ")));
    }
    let mut all_years = Vec::new();
    for row in t.grid.iter().take(t.header_rows as usize) {
        for c in row {
            all_years.extend(years(&c.text));
        }
    }
    for c in &t.columns {
        all_years.extend(years(c));
    }
    if let Some(c) = &t.caption {
        all_years.extend(years(c));
    }
    all_years.sort_unstable();
    all_years.dedup();
    if !all_years.is_empty() {
        let ys: Vec<String> = all_years.iter().map(|y| y.to_string()).collect();
        parts.push(format!("Years: {}", ys.join(", ")));
    }
    let nums: Vec<f64> = t.data_rows().iter().flatten().filter_map(|c| c.value.as_f64()).collect();
    if let (Some(min), Some(max)) = (
        nums.iter().copied().fold(None, |a: Option<f64>, b| Some(a.map_or(b, |a| a.min(b)))),
        nums.iter().copied().fold(None, |a: Option<f64>, b| Some(a.map_or(b, |a| a.max(b)))),
    ) {
        parts.push(format!("Values from {} to {}", fmt_num(min), fmt_num(max)));
    }
    let n_rows = t.truncated_from.unwrap_or(t.data_rows().len() as u64);
    parts.push(format!("{} rows x {} columns", n_rows, t.n_cols()));
    (join_sentences(&parts), all_years)
}

/// The words of a column named in camel case ("UrbanPop" → "Urban Pop"):
/// letters only, split where [`crate::text::split_camel_case`] splits.
/// `None` for any other name ("McCain", "GDP", "Total").
fn camel_words(name: &str) -> Option<String> {
    let split = crate::text::split_camel_case(name);
    (name.chars().all(|c| c.is_ascii_alphabetic()) && split != name).then_some(split)
}

/// Joins description parts with ". ", without doubling punctuation.
fn join_sentences(parts: &[String]) -> String {
    let mut out = String::new();
    for p in parts {
        let p = p.trim();
        if p.is_empty() {
            continue;
        }
        if !out.is_empty() {
            if !out.ends_with(['.', ':', ';', '!', '?']) {
                out.push('.');
            }
            out.push(' ');
        }
        out.push_str(p);
    }
    out
}

fn describe_text(t: &TextContent) -> (String, Vec<u16>) {
    let full = t.full_text();
    let mut lead = String::new();
    for s in &t.sentences {
        if !lead.is_empty() && lead.len() + s.text.len() > 400 {
            break;
        }
        if !lead.is_empty() {
            lead.push(' ');
        }
        lead.push_str(&s.text);
        if lead.len() > 200 {
            break;
        }
    }
    let kw = keywords(&full, 8);
    let desc = if kw.is_empty() { lead } else { format!("{lead} Keywords: {}.", kw.join(", ")) };
    (desc, years(&full))
}

fn fmt_num(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        format!("{v:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{Provenance, Sentence, SourceKind};
    use crate::table::tables_from_grid;
    use crate::text::cell_from_text;

    #[test]
    fn table_description_names_headers_labels_years_and_ranges() {
        let rows: Vec<Vec<_>> = [["", "2019", "2018"], ["Revenue", "1,200.5", "980"], ["Cost", "(300)", "250"]]
            .iter()
            .map(|r| r.iter().map(|t| cell_from_text(t)).collect())
            .collect();
        let t = tables_from_grid(&rows, (0, 0)).remove(0);
        let prov = Provenance {
            file: "/x/report.xlsx".into(),
            file_hash: "h".into(),
            locator: Locator::SheetRange { sheet: "Income".into(), range: "A1:C3".into() },
        };
        let mut o = SourceObject::new(SourceKind::Static, prov, Content::Table(t));
        describe(&mut o);
        assert!(o.description.contains("sheet Income"), "{}", o.description);
        assert!(o.description.contains("Rows: Revenue; Cost"), "{}", o.description);
        assert!(o.description.contains("Years: 2018, 2019"), "{}", o.description);
        assert!(o.description.contains("Values from -300 to 1200.50"), "{}", o.description);
        assert!(o.tags.contains(&"sheet:Income".to_string()));
        assert!(o.tags.contains(&"year:2019".to_string()));
        assert!(o.tags.contains(&"type:xlsx".to_string()));
    }

    #[test]
    fn a_column_named_in_camel_case_is_described_with_its_words_apart() {
        assert_eq!(camel_words("UrbanPop").as_deref(), Some("Urban Pop"));
        assert_eq!(camel_words("petalLength").as_deref(), Some("petal Length"));
        for plain in ["McCain", "GDP", "Total", "Sales 2019", "kW"] {
            assert_eq!(camel_words(plain), None, "{plain}");
        }
    }

    #[test]
    fn text_description_has_lead_and_keywords() {
        let t = TextContent {
            sentences: vec![
                Sentence { idx: 0, text: "Goodwill impairment was tested in 2019.".into(), page: Some(1), offset: 0, ..Default::default() },
                Sentence { idx: 1, text: "No goodwill impairment was recorded.".into(), page: Some(1), offset: 40, ..Default::default() },
            ],
        };
        let prov = Provenance { file: "a.pdf".into(), file_hash: "h".into(), locator: Locator::Pages { pages: vec![1], chunk: 0 } };
        let mut o = SourceObject::new(SourceKind::Static, prov, Content::Text(t));
        describe(&mut o);
        assert!(o.description.starts_with("Goodwill impairment was tested in 2019."));
        assert!(o.description.contains("Keywords: goodwill, impairment"), "{}", o.description);
        assert!(o.tags.contains(&"page:1".to_string()));
        assert!(o.tags.contains(&"year:2019".to_string()));
    }
}
