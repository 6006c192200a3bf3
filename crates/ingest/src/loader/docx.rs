//! Word documents (.docx): the body's paragraphs as text objects located by
//! paragraph number, and each table as a table object addressed
//! `Table N!B3`, queryable like a sheet.
//!
//! A .docx is a zip of WordprocessingML; only `word/document.xml` is read,
//! with the zip and quick-xml crates the spreadsheet reader already uses
//! (no converter, no new parser). The walk keeps what a reader sees: the
//! text runs (`w:t`), tabs and breaks as spaces; deleted revisions
//! (`w:delText`) and field codes (`w:instrText`) are not text. A paragraph
//! styled as a heading or title stays a sentence of its own and captions
//! the tables under it. Merged cells: a horizontal span leaves the cells it
//! covers empty; a vertical merge repeats the text of the cell it continues,
//! so a grouped label applies to every row it spans. A password-protected
//! document (an OLE container holding `EncryptedPackage`) is an
//! [`LoadError::Encrypted`] error; an archive that inflates past the limit
//! is refused before anything is read.

use std::path::Path;

use quick_xml::events::Event;

use super::office::{self, attr};
use super::sheet::grid_objects;
use super::{ext_of, text_objects, LoadContext, LoadError, Loaded, Loader};
use crate::source::{Locator, Sentence};

pub struct DocxLoader;

impl Loader for DocxLoader {
    fn name(&self) -> &'static str {
        "docx"
    }
    fn accepts(&self, path: &Path, _head: &[u8]) -> bool {
        matches!(ext_of(path).as_deref(), Some("docx" | "docm"))
    }
    fn load(&self, path: &Path, bytes: &[u8], file_hash: &str, ctx: &LoadContext) -> Result<Loaded, LoadError> {
        let corrupt = |reason: String| LoadError::Corrupt { path: path.to_path_buf(), format: "Word document", reason };
        let mut zip = office::open_zip(path, bytes, ctx, "Word document", ".doc")?;
        let xml = office::read_part(&mut zip, "word/document.xml", ctx).map_err(corrupt)?.ok_or_else(|| corrupt("a zip archive without word/document.xml".into()))?;
        let body = parse_body(&xml).map_err(|e| corrupt(format!("word/document.xml: {e}")))?;
        build_blocks(path, file_hash, ctx, body)
    }
}

/// One block of the body, in reading order.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Block {
    Paragraph { text: String, heading: bool },
    /// Rows of cell texts, as wide as the row's grid columns.
    Table(Vec<Vec<String>>),
}

/// The cell being read and how it is merged.
#[derive(Default)]
struct CellState {
    text: String,
    span: usize,
    /// A `w:vMerge` without `restart`: continues the cell above.
    continues: bool,
}

/// Reads the body of `word/document.xml` into blocks. Nested tables flow
/// into the cell that holds them.
pub(crate) fn parse_body(xml: &[u8]) -> Result<Vec<Block>, String> {
    let mut reader = quick_xml::Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut blocks = Vec::new();
    // Paragraph text, whether it is a heading, whether a `w:t` is open.
    let mut para = String::new();
    let mut heading = false;
    let mut in_t = false;
    let mut table_depth = 0usize;
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut row: Vec<String> = Vec::new();
    // Per row, which grid columns continue the cell above.
    let mut merged: Vec<Vec<bool>> = Vec::new();
    let mut row_merged: Vec<bool> = Vec::new();
    let mut cell: Option<CellState> = None;
    loop {
        let ev = reader.read_event_into(&mut buf).map_err(|e| format!("at byte {}: {e}", reader.buffer_position()))?;
        match ev {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) => {
                let name = e.local_name();
                match name.into_inner() {
                    "t" => in_t = true,
                    "tab" | "br" | "cr" => para.push(' '),
                    "pStyle" => {
                        let style = attr(&e, "val").unwrap_or_default().to_ascii_lowercase();
                        heading = style.starts_with("heading") || style == "title" || style == "subtitle";
                    }
                    "tbl" => {
                        table_depth += 1;
                        if table_depth == 1 {
                            rows.clear();
                            merged.clear();
                        }
                    }
                    "tr" if table_depth == 1 => {
                        row.clear();
                        row_merged.clear();
                    }
                    "tc" if table_depth == 1 => cell = Some(CellState { span: 1, ..Default::default() }),
                    "gridSpan" if table_depth == 1 => {
                        if let Some(c) = cell.as_mut() {
                            c.span = attr(&e, "val").and_then(|v| v.parse().ok()).unwrap_or(1).clamp(1, 64);
                        }
                    }
                    "vMerge" if table_depth == 1 => {
                        if let Some(c) = cell.as_mut() {
                            c.continues = attr(&e, "val").is_none_or(|v| v != "restart");
                        }
                    }
                    _ => {}
                }
            }
            Event::End(e) => match e.local_name().into_inner() {
                "t" => in_t = false,
                "p" => {
                    let text = crate::text::collapse_ws(&para);
                    para.clear();
                    if table_depth > 0 {
                        if let Some(c) = cell.as_mut() {
                            if !text.is_empty() {
                                if !c.text.is_empty() {
                                    c.text.push(' ');
                                }
                                c.text.push_str(&text);
                            }
                        }
                    } else if !text.is_empty() {
                        blocks.push(Block::Paragraph { text, heading });
                    }
                    heading = false;
                }
                "tc" if table_depth == 1 => {
                    if let Some(c) = cell.take() {
                        let col = row.len();
                        let text = if c.continues { rows.last().and_then(|r| r.get(col)).cloned().unwrap_or_default() } else { c.text };
                        row.push(text);
                        row_merged.push(c.continues);
                        for _ in 1..c.span {
                            row.push(String::new());
                            row_merged.push(false);
                        }
                    }
                }
                "tr" if table_depth == 1 => {
                    rows.push(std::mem::take(&mut row));
                    merged.push(std::mem::take(&mut row_merged));
                }
                "tbl" => {
                    table_depth = table_depth.saturating_sub(1);
                    if table_depth == 0 && rows.iter().any(|r| r.iter().any(|c| !c.is_empty())) {
                        blocks.push(Block::Table(std::mem::take(&mut rows)));
                    }
                }
                _ => {}
            },
            Event::Text(t) if in_t => para.push_str(&t.xml10_content()),
            Event::GeneralRef(r) if in_t => office::push_ref(&mut para, &r),
            _ => {}
        }
        buf.clear();
    }
    Ok(blocks)
}

/// Text objects from the paragraphs (located by paragraph number), table
/// objects from the tables (`Table N`); the HTML reader builds with it too.
pub(crate) fn build_blocks(path: &Path, file_hash: &str, ctx: &LoadContext, blocks: Vec<Block>) -> Result<Loaded, LoadError> {
    let mut sentences = Vec::new();
    // The paragraph number of each sentence, by its index.
    let mut paragraph_of = Vec::new();
    let mut offset = 0usize;
    let mut paragraph = 0u32;
    let mut objects = Vec::new();
    let mut rows = 0;
    let mut caption: Option<String> = None;
    let mut table_no = 0u32;
    for block in blocks {
        match block {
            Block::Paragraph { text, heading } => {
                paragraph += 1;
                for (off, s) in crate::text::split_sentences(&text) {
                    sentences.push(Sentence { idx: sentences.len() as u32, text: s, offset: (offset + off) as u32, paragraph: Some(paragraph), ..Default::default() });
                    paragraph_of.push(paragraph);
                }
                offset += text.len() + 1;
                // A heading, or a short line such as "Table 2: Revenue by
                // region", names the table that follows it.
                caption = (heading || text.chars().count() <= 100).then_some(text);
            }
            Block::Table(grid) => {
                table_no += 1;
                let (tables, n) = grid_objects(&grid, ctx, path, file_hash, &format!("Table {table_no}"), caption.take().as_deref())?;
                rows += n;
                objects.extend(tables);
            }
        }
    }
    if sentences.is_empty() && objects.is_empty() {
        return Err(LoadError::NoText { path: path.to_path_buf(), what: "no text or table was found in it".into() });
    }
    if !sentences.is_empty() {
        let text = text_objects(
            sentences,
            path,
            file_hash,
            ctx,
            |chunk, _| {
                let at = |s: Option<&Sentence>| s.and_then(|s| paragraph_of.get(s.idx as usize)).copied().unwrap_or(1);
                Locator::Paragraphs { start: at(chunk.first()), end: at(chunk.last()) }
            },
            0,
        )?;
        objects.splice(0..0, text);
    }
    Ok(Loaded { objects, warnings: Vec::new(), pages: 0, rows })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{Cursor, Write};

    use aurag_testkit::{docx, docx_p as p, DOCX_NS as W};

    fn cell(text: &str) -> String {
        format!("<w:tc><w:tcPr/>{}</w:tc>", p(text))
    }

    fn load(bytes: &[u8]) -> Result<Loaded, LoadError> {
        DocxLoader.load(Path::new("/r/memo.docx"), bytes, "h", &LoadContext::default())
    }

    #[test]
    fn paragraphs_headings_and_a_table_become_cited_objects() {
        let body = [
            r#"<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Regional results</w:t></w:r></w:p>"#.to_string(),
            // Runs split mid-word, an entity, a tab, a deleted revision and a field code.
            r#"<w:p><w:r><w:t>Sales in Europe &amp; Asia gr</w:t></w:r><w:r><w:t>ew 12%.</w:t></w:r><w:r><w:tab/><w:t>Margins held.</w:t></w:r><w:del><w:r><w:delText>Old claim.</w:delText></w:r></w:del><w:r><w:instrText>PAGE</w:instrText></w:r></w:p>"#.to_string(),
            p("Table 1: Sales by region"),
            format!("<w:tbl><w:tr>{}{}{}</w:tr><w:tr>{}{}{}</w:tr><w:tr>{}{}{}</w:tr></w:tbl>", cell("Region"), cell("2018"), cell("2019"), cell("Europe"), cell("1,200"), cell("1,350"), cell("Asia"), cell("800"), cell("(40)")),
            p("The board met twice."),
        ]
        .concat();
        let loaded = load(&docx(&body)).unwrap();
        let text: Vec<_> = loaded.objects.iter().filter(|o| o.as_table().is_none()).collect();
        let tables: Vec<_> = loaded.objects.iter().filter(|o| o.as_table().is_some()).collect();
        assert_eq!(tables.len(), 1);
        let sentences: Vec<String> = text.iter().flat_map(|o| match &o.content {
            crate::source::Content::Text(t) => t.sentences.iter().map(|s| s.text.clone()).collect::<Vec<_>>(),
            _ => Vec::new(),
        }).collect();
        assert_eq!(sentences, ["Regional results", "Sales in Europe & Asia grew 12%.", "Margins held.", "Table 1: Sales by region", "The board met twice."], "{sentences:?}");
        assert_eq!(text[0].provenance.locator, Locator::Paragraphs { start: 1, end: 4 });
        // Each sentence knows its paragraph, so a citation opens it.
        let paragraphs: Vec<Option<u32>> = text.iter().flat_map(|o| o.as_text().unwrap().sentences.iter().map(|s| s.paragraph)).collect();
        assert_eq!(paragraphs, [Some(1), Some(2), Some(2), Some(3), Some(4)]);
        let t = tables[0].as_table().unwrap();
        assert_eq!(tables[0].provenance.locator, Locator::SheetRange { sheet: "Table 1".into(), range: "A1:C3".into() });
        assert_eq!(t.caption.as_deref(), Some("Table 1: Sales by region"));
        assert_eq!(t.grid[0].iter().map(|c| c.text.as_str()).collect::<Vec<_>>(), ["Region", "2018", "2019"]);
        assert_eq!(t.grid[2].iter().map(|c| c.text.as_str()).collect::<Vec<_>>(), ["Asia", "800", "(40)"]);
        assert_eq!(loaded.rows, 2);
    }

    #[test]
    fn merged_cells_span_and_continue() {
        let span = r#"<w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr><w:p><w:r><w:t>Revenue</w:t></w:r></w:p></w:tc>"#;
        let restart = r#"<w:tc><w:tcPr><w:vMerge w:val="restart"/></w:tcPr><w:p><w:r><w:t>Hardware</w:t></w:r></w:p></w:tc>"#;
        let cont = r#"<w:tc><w:tcPr><w:vMerge/></w:tcPr><w:p/></w:tc>"#;
        let body = format!(
            "<w:tbl><w:tr>{}{span}</w:tr><w:tr>{restart}{}{}</w:tr><w:tr>{cont}{}{}</w:tr></w:tbl>",
            cell("Segment"),
            cell("Laptops"),
            cell("10"),
            cell("Phones"),
            cell("20")
        );
        let blocks = parse_body(format!("<w:document {W}><w:body>{body}</w:body></w:document>").as_bytes()).unwrap();
        assert_eq!(
            blocks,
            vec![Block::Table(vec![
                vec!["Segment".to_string(), "Revenue".into(), String::new()],
                vec!["Hardware".into(), "Laptops".into(), "10".into()],
                vec!["Hardware".into(), "Phones".into(), "20".into()],
            ])]
        );
    }

    #[test]
    fn bad_documents_get_a_clear_error() {
        // Not a zip; a zip without the document; an encrypted OLE container; nothing.
        assert!(matches!(load(b"plain text, not a zip"), Err(LoadError::Corrupt { format: "Word document", .. })));
        let mut z = zip::ZipWriter::new(Cursor::new(Vec::new()));
        z.start_file("word/styles.xml", zip::write::SimpleFileOptions::default()).unwrap();
        z.write_all(b"<w:styles/>").unwrap();
        let no_doc = z.finish().unwrap().into_inner();
        let e = load(&no_doc).unwrap_err();
        assert!(e.to_string().contains("word/document.xml"), "{e}");
        let mut ole = crate::loader::sheet::CFB_MAGIC.to_vec();
        ole.extend(vec![0u8; 512]);
        ole.extend("EncryptedPackage".encode_utf16().flat_map(|u| u.to_le_bytes()));
        assert!(matches!(load(&ole), Err(LoadError::Encrypted { what: "Word document", .. })));
        assert!(matches!(load(b""), Err(LoadError::Empty { .. })));
        // Malformed XML names where it broke; a body with nothing in it is empty.
        let e = load(&docx("<w:p><w:r><w:t>open")).unwrap_err();
        assert!(matches!(e, LoadError::Corrupt { .. }), "{e}");
        assert!(matches!(load(&docx("<w:p/>")), Err(LoadError::NoText { .. })));
    }
}
