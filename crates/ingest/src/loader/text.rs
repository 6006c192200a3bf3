//! Plain text and Markdown: UTF-8 only, chunked into text objects located by
//! line range. A file with invalid UTF-8 or NUL bytes is refused rather than
//! guessed at, so no sentence is ever cited with mangled characters.
//!
//! Pipe tables (GitHub's Markdown tables, found by pulldown-cmark in `.md`
//! and `.txt` files alike) become table objects, queryable like a sheet and
//! cited as `Table N (lines a-b)!B3`; their lines are blanked out of the
//! text (offsets and line numbers kept) so a row is never read twice.

use std::path::Path;

use super::sheet::grid_objects;
use super::{ext_of, text_objects, LoadContext, LoadError, Loaded, Loader};
use crate::source::{Locator, Sentence};

pub struct TextLoader;

const EXTS: &[&str] = &["txt", "text", "md", "markdown"];

impl Loader for TextLoader {
    fn name(&self) -> &'static str {
        "text"
    }
    fn accepts(&self, path: &Path, _head: &[u8]) -> bool {
        ext_of(path).is_some_and(|e| EXTS.contains(&e.as_str()))
    }
    fn load(&self, path: &Path, bytes: &[u8], file_hash: &str, ctx: &LoadContext) -> Result<Loaded, LoadError> {
        let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        let text = std::str::from_utf8(bytes)
            .map_err(|e| LoadError::NotUtf8 { path: path.to_path_buf(), offset: e.valid_up_to() })?;
        if let Some(offset) = text.find('\0') {
            return Err(LoadError::NotUtf8 { path: path.to_path_buf(), offset });
        }
        if text.trim().is_empty() {
            return Err(LoadError::Empty { path: path.to_path_buf() });
        }
        // Line starts, to map sentence offsets to line numbers.
        let mut line_starts = vec![0usize];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        let line_of = |off: usize| line_starts.partition_point(|&s| s <= off) as u32;
        let tables = pipe_tables(text);
        let mut objects = Vec::new();
        let mut rows = 0;
        let mut blanked = text.to_string();
        for (n, t) in tables.iter().enumerate() {
            let (first, last) = (line_of(t.range.start), line_of(t.range.end.saturating_sub(1).max(t.range.start)));
            // The line above the table, when short (a heading or "Table 2:
            // …"), names it.
            let above = text[..t.range.start].trim_end().rsplit('\n').next().map(|l| l.trim().trim_start_matches('#').trim()).filter(|l| !l.is_empty() && l.chars().count() <= 100 && !l.contains('|'));
            let (found, n_rows) = grid_objects(&t.rows, ctx, path, file_hash, &format!("Table {} (lines {first}-{last})", n + 1), above)?;
            rows += n_rows;
            objects.extend(found);
            // One ASCII space per byte (newlines kept), so every offset and
            // line number after the table stays where it was.
            let blank: String = text.as_bytes()[t.range.clone()].iter().map(|&b| if b == b'\n' { '\n' } else { ' ' }).collect();
            blanked.replace_range(t.range.clone(), &blank);
        }
        let text = blanked.as_str();
        if text.trim().is_empty() {
            return Ok(Loaded { objects, warnings: Vec::new(), pages: 0, rows });
        }
        let sentences: Vec<Sentence> = crate::text::split_sentences(text)
            .into_iter()
            .enumerate()
            .map(|(i, (off, s))| Sentence { idx: i as u32, text: s, page: None, offset: off as u32, ..Default::default() })
            .collect();
        let text_objs = text_objects(
            sentences,
            path,
            file_hash,
            ctx,
            |chunk, _| {
                let start = chunk.first().map(|s| line_of(s.offset as usize)).unwrap_or(1);
                let last = chunk.last().map(|s| s.offset as usize + s.text.len()).unwrap_or(0);
                Locator::Lines { start, end: line_of(last.min(text.len().saturating_sub(1))).max(start) }
            },
            0,
        )?;
        objects.splice(0..0, text_objs);
        Ok(Loaded { objects, warnings: Vec::new(), pages: 0, rows })
    }
}

/// A pipe table: its bytes in the file and its rows of cell texts, the
/// header row first.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PipeTable {
    pub range: std::ops::Range<usize>,
    pub rows: Vec<Vec<String>>,
}

/// The pipe tables of a Markdown (or plain) text, as pulldown-cmark reads
/// them: inline markup dropped, code spans kept as their text.
pub(crate) fn pipe_tables(text: &str) -> Vec<PipeTable> {
    use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
    let mut out = Vec::new();
    let mut current: Option<PipeTable> = None;
    let mut cell: Option<String> = None;
    for (ev, range) in Parser::new_ext(text, Options::ENABLE_TABLES).into_offset_iter() {
        match ev {
            Event::Start(Tag::Table(_)) => current = Some(PipeTable { range, rows: Vec::new() }),
            Event::End(TagEnd::Table) => out.extend(current.take()),
            Event::Start(Tag::TableHead) | Event::Start(Tag::TableRow) => {
                if let Some(t) = current.as_mut() {
                    t.rows.push(Vec::new());
                }
            }
            Event::Start(Tag::TableCell) => cell = Some(String::new()),
            Event::End(TagEnd::TableCell) => {
                if let (Some(t), Some(c)) = (current.as_mut(), cell.take()) {
                    if let Some(r) = t.rows.last_mut() {
                        r.push(crate::text::collapse_ws(&c));
                    }
                }
            }
            Event::Text(s) | Event::Code(s) => {
                if let Some(c) = cell.as_mut() {
                    c.push_str(&s);
                }
            }
            Event::SoftBreak | Event::HardBreak => {
                if let Some(c) = cell.as_mut() {
                    c.push(' ');
                }
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pipe_tables_become_tables_and_leave_the_text() {
        let md = "# Notes\n\nSales rose in **every** region.\n\n## Sales by region\n\n| Region | 2018 | 2019 |\n|:--|--:|--:|\n| Europe | 1,200 | 1,350 |\n| *Asia* | 800 | `950` |\n\nThe board met twice. Prices held.\n";
        let t = pipe_tables(md);
        assert_eq!(t.len(), 1);
        assert_eq!(t[0].rows, vec![vec!["Region", "2018", "2019"], vec!["Europe", "1,200", "1,350"], vec!["Asia", "800", "950"]]);
        let loaded = TextLoader.load(Path::new("/r/notes.md"), md.as_bytes(), "h", &LoadContext::default()).unwrap();
        let tables: Vec<_> = loaded.objects.iter().filter_map(|o| o.as_table().map(|t| (o, t))).collect();
        assert_eq!(tables.len(), 1);
        let (obj, table) = tables[0];
        assert_eq!(obj.provenance.locator, Locator::SheetRange { sheet: "Table 1 (lines 7-10)".into(), range: "A1:C3".into() });
        assert_eq!(table.caption.as_deref(), Some("Sales by region"));
        assert_eq!(loaded.rows, 2);
        // The text keeps its sentences and line numbers, without the table's cells.
        let sentences: Vec<(String, String)> = loaded
            .objects
            .iter()
            .filter_map(|o| o.as_text().map(|t| (o, t)))
            .flat_map(|(o, t)| t.sentences.iter().map(move |s| (s.text.clone(), o.provenance.locator.to_string())))
            .collect();
        assert!(sentences.iter().all(|(s, _)| !s.contains("1,350") && !s.contains('|')), "{sentences:?}");
        assert!(sentences.iter().any(|(s, _)| s.contains("The board met twice.")), "{sentences:?}");
        // A file that is only a table is a table, not an empty file.
        let only = "| a | b |\n|---|---|\n| 1 | 2 |\n";
        let loaded = TextLoader.load(Path::new("/r/t.txt"), only.as_bytes(), "h", &LoadContext::default()).unwrap();
        assert_eq!(loaded.objects.len(), 1);
        assert!(loaded.objects[0].as_table().is_some());
        // Pipes without a delimiter row are text.
        assert!(pipe_tables("a | b\nc | d\n").is_empty());
    }
}
