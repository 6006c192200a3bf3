//! Human and JSON views of source objects, shared by the CLI and the app so
//! both show the same coordinates: sentence indices with pages for text, and
//! for tables the source's own addresses (`Income!B4`) or (row, col) pairs.

use serde_json::{json, Value};

use crate::source::{CellValue, Content, Locator, SourceObject, TableContent};
use crate::store::SourceSummary;

/// The address of a table cell as a citation would give it.
pub fn cell_address(obj: &SourceObject, t: &TableContent, row: usize, col: usize) -> String {
    match &obj.provenance.locator {
        Locator::SheetRange { sheet, .. } => format!("{sheet}!{}", t.a1(row, col)),
        _ => format!("r{row}c{col}"),
    }
}

pub fn summary_json(s: &SourceSummary) -> Value {
    json!({
        "id": s.id,
        "content_type": s.content_type,
        "kind": s.kind,
        "file": s.file,
        "file_hash": s.file_hash,
        "locator": s.locator,
        "description": s.description,
        "tags": s.tags,
        "created_at": s.created_at,
        "updated_at": s.updated_at,
    })
}

fn value_json(v: &CellValue) -> Value {
    match v {
        CellValue::Empty => Value::Null,
        CellValue::Number(n) => json!(n),
        CellValue::Text(s) | CellValue::Date(s) => json!(s),
        CellValue::Bool(b) => json!(b),
    }
}

fn type_name(v: &CellValue) -> &'static str {
    match v {
        CellValue::Empty => "empty",
        CellValue::Number(_) => "number",
        CellValue::Text(_) => "text",
        CellValue::Date(_) => "date",
        CellValue::Bool(_) => "bool",
    }
}

pub fn show_json(obj: &SourceObject) -> Value {
    let mut v = summary_json(&SourceSummary::from(obj));
    match &obj.content {
        Content::Text(t) => {
            v["sentences"] = json!(t.sentences.iter().map(|s| json!({"idx": s.idx, "page": s.page, "text": s.text})).collect::<Vec<_>>());
        }
        Content::Table(t) => {
            let mut cells = Vec::new();
            for (r, row) in t.grid.iter().enumerate() {
                for (c, cell) in row.iter().enumerate() {
                    if cell.value.is_empty() {
                        continue;
                    }
                    cells.push(json!({
                        "row": r, "col": c,
                        "address": cell_address(obj, t, r, c),
                        "header": r < t.header_rows as usize,
                        "type": type_name(&cell.value),
                        "value": value_json(&cell.value),
                        "text": cell.text,
                        "format": cell.format,
                    }));
                }
            }
            v["table"] = json!({
                "caption": t.caption,
                "columns": t.columns,
                "header_rows": t.header_rows,
                "n_rows": t.n_rows(),
                "n_cols": t.n_cols(),
                "source_rows": t.truncated_from,
                "schema": t.schema,
                "cells": cells,
            });
        }
    }
    v
}

pub fn show_text(obj: &SourceObject) -> String {
    let mut out = format!(
        "{}  [{} {}]  {}  {}\n",
        obj.id,
        obj.kind.as_str(),
        obj.content_type.as_str(),
        obj.provenance.file,
        obj.provenance.locator
    );
    if let Some(sql) = obj.refresh_sql() {
        out.push_str(&format!("refresh: {sql}\n"));
    }
    out.push_str(&format!("description: {}\n\n", obj.description));
    match &obj.content {
        Content::Text(t) => {
            for s in &t.sentences {
                match s.page {
                    Some(p) if matches!(obj.provenance.locator, Locator::Slides { .. }) => out.push_str(&format!("[{}] (slide {p}) {}\n", s.idx + 1, s.text)),
                    Some(p) => out.push_str(&format!("[{}] (p.{p}) {}\n", s.idx + 1, s.text)),
                    None => out.push_str(&format!("[{}] {}\n", s.idx + 1, s.text)),
                }
            }
        }
        Content::Table(t) => {
            if let Some(c) = &t.caption {
                out.push_str(&format!("caption: {c}\n"));
            }
            if let Some(s) = &t.schema {
                out.push_str(&format!("schema: {s}\n"));
            }
            let sheet = matches!(obj.provenance.locator, Locator::SheetRange { .. });
            // Column headers: sheet letters for spreadsheets, indices otherwise.
            let head: Vec<String> = (0..t.n_cols())
                .map(|c| if sheet { crate::source::col_letters(t.origin.1 as usize + c) } else { format!("c{c}") })
                .collect();
            let mut rows: Vec<Vec<String>> = vec![std::iter::once(String::new()).chain(head).collect()];
            for (r, row) in t.grid.iter().enumerate() {
                let label = if sheet { (t.origin.0 as usize + r + 1).to_string() } else { format!("r{r}") };
                let mut cells = vec![label];
                cells.extend(row.iter().map(|c| match &c.value {
                    CellValue::Number(n) if c.text.is_empty() => n.to_string(),
                    _ => crate::text::truncate_chars(&c.text, 40),
                }));
                rows.push(cells);
            }
            let ncols = rows.iter().map(|r| r.len()).max().unwrap_or(0);
            let widths: Vec<usize> = (0..ncols).map(|c| rows.iter().filter_map(|r| r.get(c)).map(|s| s.chars().count()).max().unwrap_or(0)).collect();
            for r in &rows {
                let line: Vec<String> = r
                    .iter()
                    .enumerate()
                    .map(|(c, s)| {
                        let pad = widths[c].saturating_sub(s.chars().count());
                        // Right-align numbers, left-align text.
                        if crate::text::parse_number(s).is_some() && c > 0 { format!("{}{s}", " ".repeat(pad)) } else { format!("{s}{}", " ".repeat(pad)) }
                    })
                    .collect();
                out.push_str(line.join(" | ").trim_end());
                out.push('\n');
            }
            if let Some(n) = t.truncated_from {
                out.push_str(&format!("(first {} of {n} rows)\n", t.data_rows().len()));
            }
        }
    }
    out
}
