//! PDF: text per page through pdf-extract, with our own layout-keeping output
//! device so that tables survive.
//!
//! pdf-extract's plain-text output collapses the gaps between columns into
//! single spaces, which loses every table. We collect each glyph's position
//! instead, rebuild lines, and split a line into segments at wide gaps. Runs
//! of lines with several segments and numbers in them are tables (the way
//! annual reports set them); everything else is prose, split into sentences
//! with their page and chunked into text objects.

use std::path::Path;

use pdf_extract::{MediaBox, OutputDev, OutputError, Transform};

use super::{ext_of, text_objects, LoadContext, LoadError, Loaded, Loader};
use crate::source::{Cell, Content, Locator, Provenance, Sentence, SourceKind, SourceObject};

pub struct PdfLoader;

impl Loader for PdfLoader {
    fn name(&self) -> &'static str {
        "pdf"
    }
    fn accepts(&self, path: &Path, head: &[u8]) -> bool {
        ext_of(path).as_deref() == Some("pdf") || head.starts_with(b"%PDF")
    }
    fn load(&self, path: &Path, bytes: &[u8], file_hash: &str, ctx: &LoadContext) -> Result<Loaded, LoadError> {
        let p = path.to_path_buf();
        if bytes.is_empty() {
            return Err(LoadError::Empty { path: p });
        }
        if !bytes[..bytes.len().min(1024)].windows(5).any(|w| w == b"%PDF-") {
            return Err(LoadError::Corrupt { path: p, format: "PDF", reason: "no %PDF header".into() });
        }
        let mut doc = pdf_extract::Document::load_mem(bytes).map_err(|e| corrupt(path, e))?;
        if doc.is_encrypted() {
            // Owner-password-only files open with the empty user password.
            if doc.decrypt("").is_err() {
                return Err(LoadError::Encrypted { path: p, what: "PDF" });
            }
        }
        let pages = doc.get_pages();
        if pages.is_empty() {
            return Err(LoadError::Corrupt { path: p, format: "PDF", reason: "the document has no pages".into() });
        }
        if pages.len() > ctx.limits.max_pdf_pages {
            return Err(LoadError::TooLarge {
                path: p,
                what: format!("{} pages", pages.len()),
                limit: format!("{} pages", ctx.limits.max_pdf_pages),
            });
        }
        let mut sentences: Vec<Sentence> = Vec::new();
        let mut tables: Vec<(u32, crate::source::TableContent)> = Vec::new();
        let mut warnings = Vec::new();
        let mut any_text = false;
        for (&page_no, _) in pages.iter() {
            let mut dev = LayoutOutput::default();
            if let Err(e) = pdf_extract::output_doc_page(&doc, &mut dev, page_no) {
                warnings.push(format!("page {page_no}: text could not be read ({e})"));
                continue;
            }
            let lines = build_lines(dev.glyphs);
            if lines.iter().any(|l| l.segments.iter().any(|s| s.text.chars().any(|c| c.is_alphanumeric()))) {
                any_text = true;
            }
            let (prose, page_tables) = split_tables(&lines);
            for t in page_tables {
                tables.push((page_no, t));
            }
            for (off, s) in crate::text::split_sentences(&prose) {
                sentences.push(Sentence { idx: sentences.len() as u32, text: s, page: Some(page_no), offset: off as u32 });
            }
        }
        if !any_text {
            return Err(LoadError::NoTextLayer { path: p });
        }
        let mut objects = text_objects(
            sentences,
            path,
            file_hash,
            ctx,
            |chunk, n| {
                let mut pages: Vec<u32> = chunk.iter().filter_map(|s| s.page).collect();
                pages.dedup();
                Locator::Pages { pages, chunk: n }
            },
            0,
        )?;
        let mut rows = 0;
        let first = objects.len() as u32;
        for (i, (page, t)) in tables.into_iter().enumerate() {
            rows += t.data_rows().len();
            let prov = Provenance {
                file: path.display().to_string(),
                file_hash: file_hash.to_string(),
                locator: Locator::Pages { pages: vec![page], chunk: first + i as u32 },
            };
            objects.push(SourceObject::new(SourceKind::Static, prov, Content::Table(t)));
        }
        Ok(Loaded { objects, warnings, pages: pages.len(), rows })
    }
}

fn corrupt(path: &Path, e: impl std::fmt::Display) -> LoadError {
    let reason = e.to_string();
    let lower = reason.to_lowercase();
    if lower.contains("decrypt") || lower.contains("encrypt") || lower.contains("password") {
        return LoadError::Encrypted { path: path.to_path_buf(), what: "PDF" };
    }
    LoadError::Corrupt { path: path.to_path_buf(), format: "PDF", reason }
}

#[derive(Debug, Clone)]
struct Glyph {
    x: f64,
    y: f64,
    w: f64,
    size: f64,
    ch: String,
}

/// An output device that keeps glyph positions instead of flattening them.
#[derive(Default)]
struct LayoutOutput {
    glyphs: Vec<Glyph>,
}

impl OutputDev for LayoutOutput {
    fn begin_page(&mut self, _n: u32, _mb: &MediaBox, _ab: Option<(f64, f64, f64, f64)>) -> Result<(), OutputError> {
        Ok(())
    }
    fn end_page(&mut self) -> Result<(), OutputError> {
        Ok(())
    }
    fn output_character(&mut self, trm: &Transform, width: f64, _spacing: f64, font_size: f64, ch: &str) -> Result<(), OutputError> {
        // Effective size: the glyph box scaled by the text matrix.
        let sx = (trm.m11 * trm.m11 + trm.m12 * trm.m12).sqrt();
        let sy = (trm.m21 * trm.m21 + trm.m22 * trm.m22).sqrt();
        let size = (font_size * sx * font_size * sy).sqrt().abs().max(1e-3);
        if self.glyphs.len() < 2_000_000 {
            self.glyphs.push(Glyph { x: trm.m31, y: trm.m32, w: width * size, size, ch: ch.to_string() });
        }
        Ok(())
    }
    fn begin_word(&mut self) -> Result<(), OutputError> {
        Ok(())
    }
    fn end_word(&mut self) -> Result<(), OutputError> {
        Ok(())
    }
    fn end_line(&mut self) -> Result<(), OutputError> {
        Ok(())
    }
}

/// A run of text on a line with no wide gap inside.
#[derive(Debug, Clone)]
struct Segment {
    x0: f64,
    x1: f64,
    text: String,
}

#[derive(Debug, Clone)]
struct Line {
    y: f64,
    size: f64,
    segments: Vec<Segment>,
}

impl Line {
    fn text(&self) -> String {
        self.segments.iter().map(|s| s.text.as_str()).collect::<Vec<_>>().join(" ")
    }
}

/// Groups glyphs into lines (top to bottom) and lines into segments.
fn build_lines(mut glyphs: Vec<Glyph>) -> Vec<Line> {
    glyphs.retain(|g| g.x.is_finite() && g.y.is_finite());
    glyphs.sort_by(|a, b| b.y.partial_cmp(&a.y).unwrap_or(std::cmp::Ordering::Equal));
    let mut lines: Vec<Vec<Glyph>> = Vec::new();
    for g in glyphs {
        match lines.last_mut() {
            Some(l) if (l[0].y - g.y).abs() <= 0.4 * l[0].size.max(g.size) => l.push(g),
            _ => lines.push(vec![g]),
        }
    }
    let mut out = Vec::with_capacity(lines.len());
    for mut l in lines {
        l.sort_by(|a, b| a.x.partial_cmp(&b.x).unwrap_or(std::cmp::Ordering::Equal));
        let size = l.iter().map(|g| g.size).fold(0.0, f64::max);
        let y = l[0].y;
        let mut segments: Vec<Segment> = Vec::new();
        let mut last_end = f64::NEG_INFINITY;
        for g in l {
            let gap = g.x - last_end;
            let wide = gap > 1.2 * g.size;
            match segments.last_mut() {
                Some(seg) if !wide => {
                    if gap > 0.15 * g.size && !seg.text.ends_with(' ') {
                        seg.text.push(' ');
                    }
                    seg.text.push_str(&g.ch);
                    seg.x1 = seg.x1.max(g.x + g.w);
                }
                _ => segments.push(Segment { x0: g.x, x1: g.x + g.w, text: g.ch.clone() }),
            }
            last_end = last_end.max(g.x + g.w);
        }
        for s in segments.iter_mut() {
            s.text = crate::text::collapse_ws(&s.text);
        }
        segments.retain(|s| !s.text.is_empty());
        if !segments.is_empty() {
            out.push(Line { y, size, segments });
        }
    }
    out
}

fn is_numeric_segment(s: &Segment) -> bool {
    crate::text::parse_number(&s.text).is_some() || matches!(s.text.as_str(), "—" | "–" | "-" | "n/a" | "N/A")
}

/// A line that looks like a table row: several segments, a number among them.
fn is_table_row(l: &Line) -> bool {
    l.segments.len() >= 2 && l.segments.iter().skip(1).any(is_numeric_segment)
}

/// Separates table blocks from prose on one page. Returns the prose (lines
/// joined, paragraphs separated by blank lines) and the tables.
fn split_tables(lines: &[Line]) -> (String, Vec<crate::source::TableContent>) {
    let n = lines.len();
    let mut in_table = vec![false; n];
    let mut blocks: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < n {
        if !is_table_row(&lines[i]) {
            i += 1;
            continue;
        }
        let close = |a: &Line, b: &Line| (a.y - b.y).abs() < 2.5 * a.size.max(b.size);
        let short = |l: &Line| l.segments.iter().all(|s| s.text.len() < 60) && !l.text().ends_with('.');
        let mut j = i;
        loop {
            if j + 1 < n && is_table_row(&lines[j + 1]) {
                j += 1;
            } else if j + 2 < n
                && lines[j + 1].segments.len() == 1
                && short(&lines[j + 1])
                && close(&lines[j], &lines[j + 1])
                && close(&lines[j + 1], &lines[j + 2])
                && is_table_row(&lines[j + 2])
            {
                // A section label inside the table ("Industrial Solutions:").
                j += 2;
            } else {
                break;
            }
        }
        if j > i {
            // Header lines, section labels and titles set close above.
            let mut start = i;
            while start > 0 {
                let prev = &lines[start - 1];
                if in_table[start - 1] || !close(prev, &lines[start]) || !short(prev) {
                    break;
                }
                start -= 1;
            }
            blocks.push((start, j));
            in_table[start..=j].iter_mut().for_each(|x| *x = true);
        }
        i = j + 1;
    }
    let mut tables = Vec::new();
    for (s, e) in blocks {
        let caption = if s > 0 && !in_table[s - 1] { caption_above(lines, &in_table, s) } else { None };
        if let Some(t) = grid_from_block(&lines[s..=e]) {
            let mut tables_here = crate::table::tables_from_grid(&t, (0, 0));
            for tc in tables_here.iter_mut() {
                if tc.caption.is_none() {
                    tc.caption = caption.clone();
                }
            }
            tables.extend(tables_here);
        }
    }
    // Prose: lines outside tables; a large vertical gap starts a paragraph.
    let mut prose = String::new();
    let mut prev: Option<&Line> = None;
    for (k, l) in lines.iter().enumerate() {
        if in_table[k] {
            if !prose.is_empty() {
                prose.push_str("\n\n");
            }
            prev = None;
            continue;
        }
        if let Some(p) = prev {
            let gap = (p.y - l.y).abs();
            if gap > 1.9 * p.size.max(l.size) {
                prose.push_str("\n\n");
            } else if prose.ends_with('-') && !prose.ends_with(" -") {
                // Hyphenated line break: keep the hyphen, no space.
            } else {
                prose.push('\n');
            }
        }
        prose.push_str(&l.text());
        prev = Some(l);
    }
    (prose, tables)
}

/// The caption of a table starting at line `s`: the lead-in sentence right
/// above it when it ends with a colon ("... were as follows:"), else a short
/// title line without a final period.
fn caption_above(lines: &[Line], in_table: &[bool], s: usize) -> Option<String> {
    let mut k = s;
    let mut para: Vec<String> = Vec::new();
    while k > 0 {
        let prev = &lines[k - 1];
        let below = &lines[k];
        if (prev.y - below.y).abs() > 3.0 * prev.size.max(below.size) || para.len() >= 6 || in_table.get(k - 1).copied().unwrap_or(false) {
            break;
        }
        para.push(prev.text());
        k -= 1;
        if (k > 0) && (lines[k - 1].y - prev.y).abs() > 1.9 * prev.size {
            break;
        }
    }
    para.reverse();
    let joined = para.join(" ");
    let last = crate::text::split_sentences(&joined).pop().map(|x| x.1)?;
    if last.ends_with(':') && last.len() < 300 {
        return Some(last);
    }
    let line = lines[s - 1].text();
    (lines[s - 1].segments.len() == 1 && line.len() < 120 && !line.ends_with('.')).then_some(line)
}

/// Assigns the segments of a table block to columns. Column bands come from
/// the data rows (header segments may span several columns); each segment
/// goes to the band it overlaps most, or the nearest.
fn grid_from_block(lines: &[Line]) -> Option<Vec<Vec<Cell>>> {
    // Bands come from rows holding values (not just year headers), since
    // centred headers need not overlap the right-aligned numbers below.
    let is_year = |s: &Segment| s.text.len() == 4 && crate::text::years(&s.text).len() == 1;
    let is_value_row = |l: &&Line| l.segments.len() >= 2 && l.segments.iter().skip(1).any(|s| is_numeric_segment(s) && !is_year(s));
    let mut bands: Vec<(f64, f64)> = Vec::new();
    for l in lines.iter().filter(is_value_row) {
        for s in &l.segments {
            bands.push((s.x0, s.x1));
        }
    }
    bands.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal));
    let mut merged: Vec<(f64, f64)> = Vec::new();
    for b in bands {
        match merged.last_mut() {
            Some(m) if b.0 <= m.1 + 1.0 => m.1 = m.1.max(b.1),
            _ => merged.push(b),
        }
    }
    if merged.len() < 2 {
        return None;
    }
    let mut grid = Vec::with_capacity(lines.len());
    for l in lines {
        let mut row = vec![String::new(); merged.len()];
        for s in &l.segments {
            let mut best = 0;
            let mut best_score = f64::NEG_INFINITY;
            for (c, m) in merged.iter().enumerate() {
                let overlap = s.x1.min(m.1) - s.x0.max(m.0);
                let score = if overlap > 0.0 { overlap } else { -((s.x0 + s.x1) / 2.0 - (m.0 + m.1) / 2.0).abs() - 1e6 };
                if score > best_score {
                    best_score = score;
                    best = c;
                }
            }
            if !row[best].is_empty() {
                row[best].push(' ');
            }
            row[best].push_str(&s.text);
        }
        grid.push(row.iter().map(|t| crate::text::cell_from_text(t)).collect());
    }
    Some(grid)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(y: f64, segs: &[(f64, &str)]) -> Line {
        Line {
            y,
            size: 10.0,
            segments: segs.iter().map(|(x, t)| Segment { x0: *x, x1: *x + 6.0 * t.len() as f64, text: t.to_string() }).collect(),
        }
    }

    #[test]
    fn finds_table_block_with_header_and_caption() {
        let lines = vec![
            line(700.0, &[(50.0, "Revenue grew strongly in the year.")]),
            line(670.0, &[(50.0, "Net sales by contract type")]),
            line(655.0, &[(200.0, "2019"), (280.0, "2018")]),
            line(640.0, &[(50.0, "Fixed Price"), (200.0, "1,452.4"), (280.0, "1,146.2")]),
            line(625.0, &[(50.0, "Other"), (212.0, "44.1"), (292.0, "56.7")]),
            line(590.0, &[(50.0, "The table above is in millions.")]),
        ];
        let (prose, tables) = split_tables(&lines);
        assert_eq!(tables.len(), 1, "{prose}");
        let t = &tables[0];
        assert_eq!(t.caption.as_deref(), Some("Net sales by contract type"));
        assert_eq!(t.header_rows, 1);
        assert_eq!(t.cell(1, 1).unwrap().value, crate::source::CellValue::Number(1452.4));
        assert_eq!(t.cell(2, 2).unwrap().value, crate::source::CellValue::Number(56.7));
        assert!(prose.contains("Revenue grew strongly"));
        assert!(prose.contains("The table above"));
        assert!(!prose.contains("1,452.4"));
    }
}
