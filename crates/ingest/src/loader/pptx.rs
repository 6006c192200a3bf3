//! PowerPoint decks (.pptx): each slide's text and speaker notes as text
//! objects located by slide number, and each table on a slide as a table
//! object addressed `Slide 3 table 1!B2`, queryable like a sheet.
//!
//! A .pptx is a zip of PresentationML. Slides are read in the deck's order
//! (`ppt/presentation.xml`'s slide list through its relationships; the file
//! names' numbers when that list cannot be read), each slide's notes through
//! the slide's own relationships. Text is every `a:t` run of the slide's
//! shapes, one sentence list per paragraph (`a:p`); fields (`a:fld`: the
//! slide number, the date) are not text. Tables (`a:tbl`) are read as the
//! Word reader reads them: a horizontal span leaves the covered cells empty,
//! a vertical merge repeats the text above. Encrypted decks (an OLE
//! container holding `EncryptedPackage`) and zip bombs are refused with a
//! clear error, as for workbooks.

use std::path::Path;

use quick_xml::events::Event;

use super::office::{self, attr};
use super::sheet::grid_objects;
use super::{ext_of, text_objects, LoadContext, LoadError, Loaded, Loader};
use crate::source::{Locator, Sentence};

pub struct PptxLoader;

/// Most slides read from one deck.
const MAX_SLIDES: usize = 5_000;

impl Loader for PptxLoader {
    fn name(&self) -> &'static str {
        "pptx"
    }
    fn accepts(&self, path: &Path, _head: &[u8]) -> bool {
        matches!(ext_of(path).as_deref(), Some("pptx" | "pptm"))
    }
    fn load(&self, path: &Path, bytes: &[u8], file_hash: &str, ctx: &LoadContext) -> Result<Loaded, LoadError> {
        let corrupt = |reason: String| LoadError::Corrupt { path: path.to_path_buf(), format: "PowerPoint deck", reason };
        let mut zip = office::open_zip(path, bytes, ctx, "PowerPoint deck", ".ppt")?;
        let names: Vec<String> = zip.file_names().filter_map(Result::ok).map(|n| n.into_owned()).collect();
        let mut read = |name: &str| office::read_part(&mut zip, name, ctx).map_err(corrupt);
        let order = slide_order(&mut read, &names)?;
        if order.is_empty() {
            return Err(LoadError::NoText { path: path.to_path_buf(), what: "a deck without slides".into() });
        }
        let mut slides = Vec::new();
        for (n, slide) in order.iter().take(MAX_SLIDES).enumerate() {
            let xml = read(slide)?.ok_or_else(|| corrupt(format!("{slide} is listed but missing")))?;
            let mut content = parse_slide(&xml).map_err(|e| corrupt(format!("{slide}: {e}")))?;
            let rels = slide.replace("ppt/slides/", "ppt/slides/_rels/") + ".rels";
            if let Some(notes) = read(&rels)?.and_then(|r| relationships(&r).into_iter().find(|r| r.kind.ends_with("/notesSlide")).map(|r| r.target)) {
                let notes = resolve("ppt/slides/", &notes);
                if let Some(xml) = read(&notes)? {
                    let notes = parse_slide(&xml).map_err(|e| corrupt(format!("{notes}: {e}")))?;
                    content.notes = notes.paragraphs;
                }
            }
            slides.push((n as u32 + 1, content));
        }
        build(path, file_hash, ctx, slides)
    }
}

/// The slides' part names in the deck's order.
fn slide_order(read: &mut dyn FnMut(&str) -> Result<Option<Vec<u8>>, LoadError>, names: &[String]) -> Result<Vec<String>, LoadError> {
    // presentation.xml lists r:ids; its relationships map them to parts.
    if let (Some(pres), Some(rels)) = (read("ppt/presentation.xml")?, read("ppt/_rels/presentation.xml.rels")?) {
        let ids = slide_ids(&pres);
        let map = relationships(&rels);
        let order: Vec<String> = ids.iter().filter_map(|id| map.iter().find(|r| r.id == *id)).map(|r| resolve("ppt/", &r.target)).filter(|n| names.contains(n)).collect();
        if !order.is_empty() {
            return Ok(order);
        }
    }
    // Else the slide parts by the number in their names.
    let mut numbered: Vec<(u32, String)> = names
        .iter()
        .filter_map(|n| n.strip_prefix("ppt/slides/slide").and_then(|r| r.strip_suffix(".xml")).and_then(|d| d.parse().ok()).map(|d| (d, n.clone())))
        .collect();
    numbered.sort();
    Ok(numbered.into_iter().map(|(_, n)| n).collect())
}

/// A part's path from a relationship target relative to `dir`
/// (`../notesSlides/notesSlide1.xml` from `ppt/slides/`).
fn resolve(dir: &str, target: &str) -> String {
    if let Some(abs) = target.strip_prefix('/') {
        return abs.to_string();
    }
    let mut parts: Vec<&str> = dir.trim_end_matches('/').split('/').collect();
    for seg in target.split('/') {
        match seg {
            ".." => {
                parts.pop();
            }
            "." | "" => {}
            s => parts.push(s),
        }
    }
    parts.join("/")
}

/// The `r:id`s of `p:sldId` in presentation.xml, in order.
fn slide_ids(xml: &[u8]) -> Vec<String> {
    let mut reader = quick_xml::Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut out = Vec::new();
    while let Ok(ev) = reader.read_event_into(&mut buf) {
        match ev {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) if e.local_name().into_inner() == "sldId" => out.extend(rel_id(&e)),
            _ => {}
        }
        buf.clear();
    }
    out
}

/// One relationship of a `.rels` part.
struct Relationship {
    id: String,
    /// Its type, a URI ending in the kind of part (`…/slide`, `…/notesSlide`).
    kind: String,
    target: String,
}

/// The relationships of a `.rels` part.
fn relationships(xml: &[u8]) -> Vec<Relationship> {
    let mut reader = quick_xml::Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut out = Vec::new();
    while let Ok(ev) = reader.read_event_into(&mut buf) {
        match ev {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) if e.local_name().into_inner() == "Relationship" => {
                if let (Some(id), Some(target)) = (attr(&e, "Id"), attr(&e, "Target")) {
                    out.push(Relationship { id, kind: attr(&e, "Type").unwrap_or_default(), target });
                }
            }
            _ => {}
        }
        buf.clear();
    }
    out
}

/// The relationship id of an element (`r:id`, not its own `id`).
fn rel_id(e: &quick_xml::events::BytesStart) -> Option<String> {
    e.attributes().flatten().find(|a| a.key.as_ref() != "id" && a.key.local_name().into_inner() == "id").map(|a| a.value.to_string())
}

/// What one slide (or notes page) holds.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct SlideContent {
    pub paragraphs: Vec<String>,
    /// Each table's rows of cell texts.
    pub tables: Vec<Vec<Vec<String>>>,
    pub notes: Vec<String>,
}

/// Reads a slide's paragraphs (outside tables) and tables.
pub(crate) fn parse_slide(xml: &[u8]) -> Result<SlideContent, String> {
    let mut reader = quick_xml::Reader::from_reader(xml);
    let mut buf = Vec::new();
    let mut out = SlideContent::default();
    let mut para = String::new();
    let (mut in_t, mut in_field) = (false, false);
    let mut table_depth = 0usize;
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut row: Vec<String> = Vec::new();
    // The cell being read: its text, whether it continues the one above,
    // whether a span to its left covers it (PresentationML writes covered
    // cells out, so a span needs no filling).
    let mut cell: Option<(String, bool, bool)> = None;
    loop {
        let ev = reader.read_event_into(&mut buf).map_err(|e| format!("at byte {}: {e}", reader.buffer_position()))?;
        match ev {
            Event::Eof => break,
            Event::Start(e) | Event::Empty(e) => match e.local_name().into_inner() {
                "t" => in_t = true,
                "fld" => in_field = true,
                "br" => para.push(' '),
                "tbl" => {
                    table_depth += 1;
                    if table_depth == 1 {
                        rows.clear();
                    }
                }
                "tr" if table_depth == 1 => row.clear(),
                "tc" if table_depth == 1 => {
                    let continues = attr(&e, "vMerge").is_some_and(|v| v == "1" || v == "true");
                    let covered = attr(&e, "hMerge").is_some_and(|v| v == "1" || v == "true");
                    cell = Some((String::new(), continues, covered));
                }
                _ => {}
            },
            Event::End(e) => match e.local_name().into_inner() {
                "t" => in_t = false,
                "fld" => in_field = false,
                "p" => {
                    let text = crate::text::collapse_ws(&para);
                    para.clear();
                    if table_depth > 0 {
                        if let Some(c) = cell.as_mut() {
                            if !text.is_empty() {
                                if !c.0.is_empty() {
                                    c.0.push(' ');
                                }
                                c.0.push_str(&text);
                            }
                        }
                    } else if !text.is_empty() {
                        out.paragraphs.push(text);
                    }
                }
                "tc" if table_depth == 1 => {
                    if let Some((text, continues, covered)) = cell.take() {
                        let col = row.len();
                        let text = if continues { rows.last().and_then(|r| r.get(col)).cloned().unwrap_or_default() } else if covered { String::new() } else { text };
                        row.push(text);
                    }
                }
                "tr" if table_depth == 1 => rows.push(std::mem::take(&mut row)),
                "tbl" => {
                    table_depth = table_depth.saturating_sub(1);
                    if table_depth == 0 && rows.iter().any(|r| r.iter().any(|c| !c.is_empty())) {
                        out.tables.push(std::mem::take(&mut rows));
                    }
                }
                _ => {}
            },
            Event::Text(t) if in_t && !in_field => para.push_str(&t.xml10_content()),
            Event::GeneralRef(r) if in_t && !in_field => office::push_ref(&mut para, &r),
            _ => {}
        }
        buf.clear();
    }
    Ok(out)
}

/// Text objects from the slides' and notes' paragraphs, table objects from
/// their tables.
fn build(path: &Path, file_hash: &str, ctx: &LoadContext, slides: Vec<(u32, SlideContent)>) -> Result<Loaded, LoadError> {
    let mut sentences = Vec::new();
    let mut objects = Vec::new();
    let mut rows = 0;
    for (n, slide) in &slides {
        let mut offset = 0usize;
        let notes = slide.notes.iter().map(|p| format!("Speaker notes: {p}"));
        for (k, text) in slide.paragraphs.iter().cloned().chain(notes).enumerate() {
            for (off, s) in crate::text::split_sentences(&text) {
                let paragraph = Some(k as u32 + 1);
                sentences.push(Sentence { idx: sentences.len() as u32, text: s, page: Some(*n), offset: (offset + off) as u32, paragraph, ..Default::default() });
            }
            offset += text.len() + 1;
        }
        for (k, grid) in slide.tables.iter().enumerate() {
            // The slide's title (its first paragraph) names its tables.
            let title = slide.paragraphs.first().filter(|p| p.chars().count() <= 100);
            let (tables, found) = grid_objects(grid, ctx, path, file_hash, &format!("Slide {n} table {}", k + 1), title.map(String::as_str))?;
            rows += found;
            objects.extend(tables);
        }
    }
    if sentences.is_empty() && objects.is_empty() {
        return Err(LoadError::NoText { path: path.to_path_buf(), what: "no text or table on its slides".into() });
    }
    if !sentences.is_empty() {
        let text = text_objects(
            sentences,
            path,
            file_hash,
            ctx,
            |chunk, _| {
                let at = |s: Option<&Sentence>| s.and_then(|s| s.page).unwrap_or(1);
                Locator::Slides { start: at(chunk.first()), end: at(chunk.last()) }
            },
            0,
        )?;
        objects.splice(0..0, text);
    }
    Ok(Loaded { objects, warnings: Vec::new(), pages: slides.len(), rows })
}

#[cfg(test)]
mod tests {
    use super::*;
    use aurag_testkit::{pptx, pptx_slide};

    fn load(bytes: &[u8]) -> Result<Loaded, LoadError> {
        PptxLoader.load(Path::new("/r/deck.pptx"), bytes, "h", &LoadContext::default())
    }

    #[test]
    fn slides_in_deck_order_with_notes_and_a_table() {
        let table = r#"<p:graphicFrame><a:graphic><a:graphicData><a:tbl><a:tr><a:tc><a:txBody><a:p><a:r><a:t>Region</a:t></a:r></a:p></a:txBody></a:tc><a:tc><a:txBody><a:p><a:r><a:t>Q1</a:t></a:r></a:p></a:txBody></a:tc></a:tr><a:tr><a:tc><a:txBody><a:p><a:r><a:t>Europe</a:t></a:r></a:p></a:txBody></a:tc><a:tc><a:txBody><a:p><a:r><a:t>1,200</a:t></a:r></a:p></a:txBody></a:tc></a:tr><a:tr><a:tc><a:txBody><a:p><a:r><a:t>Asia</a:t></a:r></a:p></a:txBody></a:tc><a:tc><a:txBody><a:p><a:r><a:t>800</a:t></a:r></a:p></a:txBody></a:tc></a:tr></a:tbl></a:graphicData></a:graphic></p:graphicFrame>"#;
        // Slide parts named in the opposite order of the deck's list.
        let deck = pptx(&[
            (pptx_slide(&["Results by region", "Sales rose 4% &amp; margins held."], table), Some("Mention the Asia delay.".to_string())),
            (pptx_slide(&["Outlook", "We expect growth in 2020.<a:fld type=\"slidenum\"><a:t>2</a:t></a:fld>"], ""), None),
        ]);
        let loaded = load(&deck).unwrap();
        let text: Vec<(String, Option<u32>)> = loaded
            .objects
            .iter()
            .filter_map(|o| o.as_text())
            .flat_map(|t| t.sentences.iter().map(|s| (s.text.clone(), s.page)))
            .collect();
        assert_eq!(
            text,
            vec![
                ("Results by region".to_string(), Some(1)),
                ("Sales rose 4% & margins held.".into(), Some(1)),
                ("Speaker notes: Mention the Asia delay.".into(), Some(1)),
                ("Outlook".into(), Some(2)),
                ("We expect growth in 2020.".into(), Some(2)),
            ]
        );
        let text_obj = loaded.objects.iter().find(|o| o.as_text().is_some()).unwrap();
        assert_eq!(text_obj.provenance.locator, Locator::Slides { start: 1, end: 2 });
        // Paragraphs counted per slide, the title first, the notes last.
        let paragraphs: Vec<Option<u32>> = text_obj.as_text().unwrap().sentences.iter().map(|s| s.paragraph).collect();
        assert_eq!(paragraphs, [Some(1), Some(2), Some(3), Some(1), Some(2)]);
        let t = loaded.objects.iter().find(|o| o.as_table().is_some()).unwrap();
        assert_eq!(t.provenance.locator, Locator::SheetRange { sheet: "Slide 1 table 1".into(), range: "A1:B3".into() });
        let tc = t.as_table().unwrap();
        assert_eq!(tc.caption.as_deref(), Some("Results by region"));
        assert_eq!(tc.grid[2].iter().map(|c| c.text.as_str()).collect::<Vec<_>>(), ["Asia", "800"]);
        assert_eq!(loaded.pages, 2);
    }

    #[test]
    fn bad_decks_get_a_clear_error() {
        assert!(matches!(load(b"not a zip"), Err(LoadError::Corrupt { format: "PowerPoint deck", .. })));
        assert!(matches!(load(b""), Err(LoadError::Empty { .. })));
        let mut ole = crate::loader::sheet::CFB_MAGIC.to_vec();
        ole.extend(vec![0u8; 512]);
        ole.extend("EncryptedPackage".encode_utf16().flat_map(|u| u.to_le_bytes()));
        assert!(matches!(load(&ole), Err(LoadError::Encrypted { what: "PowerPoint deck", .. })));
        // No slides; a slide that is not XML.
        let e = load(&pptx(&[])).unwrap_err();
        assert!(matches!(e, LoadError::NoText { .. }) && e.to_string().contains("nothing to read: a deck without slides"), "{e}");
        let e = load(&pptx(&[("<p:sld><a:t>open</p:sld>".to_string(), None)])).unwrap_err();
        assert!(matches!(e, LoadError::Corrupt { .. }), "{e}");
    }

    #[test]
    fn relationship_targets_resolve_against_their_folder() {
        assert_eq!(resolve("ppt/slides/", "../notesSlides/notesSlide1.xml"), "ppt/notesSlides/notesSlide1.xml");
        assert_eq!(resolve("ppt/", "slides/slide2.xml"), "ppt/slides/slide2.xml");
        assert_eq!(resolve("ppt/", "/ppt/slides/slide3.xml"), "ppt/slides/slide3.xml");
    }
}
