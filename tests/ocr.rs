//! OCR with the real Tesseract and pdftoppm: a PDF whose second page is a
//! scan (an image, no text layer) and a PNG image are ingested; a question
//! finds the scanned text and cites its page, the sentence carries its box
//! on the page, and the objects are marked as OCR with their confidence.
//!
//! The scan is made here: a page of text is drawn as a PDF, rendered to a
//! grey image by pdftoppm, and that image becomes the only content of a
//! page. The tools come from `scripts/setup.sh` (tesseract-ocr,
//! tesseract-ocr-eng, poppler-utils); without them the tests say so and
//! pass, except under CI, where they must be there.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::time::Duration;

use crate::common::*;
use aurag::agent::Agent;
use aurag::ocr::{Ocr, TesseractCli};
use aurag::HashingEmbedder;
use aurag_testkit::{pdf_from_objects, pdf_stream};

fn tools() -> Option<TesseractCli> {
    let t = TesseractCli::detect().filter(|t| t.pdftoppm.is_some());
    if t.is_none() {
        assert!(std::env::var_os("CI").is_none(), "tesseract and pdftoppm must be installed under CI (scripts/setup.sh)");
        eprintln!("ocr: SKIPPED — tesseract or pdftoppm is not installed (bash scripts/setup.sh installs them)");
    }
    t
}

/// A one-page PDF drawing `lines` in 18-point Helvetica.
fn text_pdf(lines: &[&str]) -> Vec<u8> {
    let mut content = String::from("BT /F1 18 Tf 72 700 Td 24 TL\n");
    for l in lines {
        content.push_str(&format!("({l}) Tj T*\n"));
    }
    content.push_str("ET");
    pdf_from_objects(&[
        "<< /Type /Catalog /Pages 2 0 R >>".into(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".into(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>".into(),
        pdf_stream("", &content),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".into(),
    ])
}

/// Renders page 1 of a PDF with pdftoppm: (width, height, grey pixels).
fn render_grey(pdf: &[u8], dir: &Path, dpi: u32) -> (usize, usize, Vec<u8>) {
    let src = dir.join("render.pdf");
    std::fs::write(&src, pdf).unwrap();
    let out = dir.join("render");
    let st = Command::new("pdftoppm").args(["-r", &dpi.to_string(), "-gray", "-singlefile"]).arg(&src).arg(&out).status().unwrap();
    assert!(st.success());
    let pgm = std::fs::read(dir.join("render.pgm")).unwrap();
    // P5 header: magic, width, height, maxval, each after whitespace.
    let mut fields = Vec::new();
    let mut i = 0;
    while fields.len() < 4 {
        while pgm[i].is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        while !pgm[i].is_ascii_whitespace() {
            i += 1;
        }
        fields.push(String::from_utf8_lossy(&pgm[start..i]).to_string());
    }
    assert_eq!(fields[0], "P5");
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    (w, h, pgm[i + 1..i + 1 + w * h].to_vec())
}

/// A two-page PDF: page 1 with a text layer, page 2 only an image.
fn pdf_with_scanned_page(first_page: &str, (w, h, pixels): (usize, usize, Vec<u8>)) -> Vec<u8> {
    let hex: String = pixels.iter().map(|b| format!("{b:02x}")).collect::<String>() + ">";
    pdf_from_objects(&[
        "<< /Type /Catalog /Pages 2 0 R >>".into(),
        "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>".into(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /Font << /F1 6 0 R >> >> >>".into(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 7 0 R /Resources << /XObject << /Im0 8 0 R >> >> >>".into(),
        pdf_stream("", &format!("BT /F1 12 Tf 72 700 Td ({first_page}) Tj ET")),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>".into(),
        pdf_stream("", "q 612 0 0 792 0 0 cm /Im0 Do Q"),
        pdf_stream(&format!("/Type /XObject /Subtype /Image /Width {w} /Height {h} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /ASCIIHexDecode"), &hex),
    ])
}

const SCAN: [&str; 3] = ["Facilities note.", "The warehouse lease in Rotterdam expires on 31 March 2027.", "The annual rent is 412,000 euros."];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_scanned_pdf_page_is_read_by_ocr_found_by_a_question_and_cited_to_its_page() {
    let Some(ocr) = tools() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let scan = render_grey(&text_pdf(&SCAN), tmp.path(), 150);
    let file = tmp.path().join("facilities.pdf");
    std::fs::write(&file, pdf_with_scanned_page("Facilities report for the board, typed page.", scan)).unwrap();

    // Without OCR the scanned page is skipped with a warning, and its text
    // is nowhere.
    let mut ws = workspace(tmp.path()).await;
    ws.ocr = None;
    let r = ingest(&ws, std::slice::from_ref(&file)).await;
    assert!(r.ingested[0].warnings.iter().any(|w| w.contains("OCR is off")), "{r:?}");
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);
    let q = "When does the warehouse lease in Rotterdam expire?";
    let run = ws.ask(&agent, q, None, Duration::from_secs(3600)).await.unwrap();
    assert!(!run.answer.text.contains("2027"), "{}", run.answer.text);

    ws.ocr = Some(Arc::new(ocr));
    ws.remove_file(&file).await.unwrap();
    let r = ingest(&ws, std::slice::from_ref(&file)).await;
    assert!(r.failed.is_empty() && r.ingested[0].warnings.is_empty(), "{r:?}");
    let run = ws.ask(&agent, q, None, Duration::from_secs(3600)).await.unwrap();
    assert!(run.answer.text.contains("31 March 2027"), "{}", run.answer.text);
    let c = &run.answer.citations[0];
    assert!(c.locator.ends_with("(page 2)"), "cited to the scanned page: {c:?}");
    let obj = ws.get(&c.source_id).await.unwrap();
    assert!(obj.tags.contains(&"ocr".to_string()), "{:?}", obj.tags);
    let conf: u32 = obj.tags.iter().find_map(|t| t.strip_prefix("ocr-confidence:")).expect("a confidence tag").parse().unwrap();
    assert!(conf >= 60, "confidence {conf}");
    let s = obj.as_text().unwrap().sentences.iter().find(|s| s.text.contains("Rotterdam")).unwrap();
    assert_eq!(s.page, Some(2));
    // The sentence's box: the second line of text, near the top left,
    // where the page drew it (72 pt in, about 124 pt down of 792).
    let [l, t, r, b] = s.bbox.expect("a box");
    assert!(l > 0.08 && l < 0.15 && r > l && t > 0.10 && t < 0.20 && b > t && b < 0.25, "{:?}", s.bbox);
    // The page with a text layer is read from it, not by OCR: its sentence
    // is the typed text, boxed from the text layer's line (near the top).
    let all: Vec<_> = ws.sources().await.unwrap();
    let mut page1 = Vec::new();
    for s in &all {
        page1.extend(ws.get(&s.id).await.unwrap().as_text().unwrap().sentences.iter().filter(|x| x.page == Some(1)).cloned());
    }
    assert!(!page1.is_empty(), "{page1:?}");
    for s in &page1 {
        assert_eq!(s.text, "Facilities report for the board, typed page.", "{page1:?}");
        let [l, t, r, b] = s.bbox.expect("a box from the text layer");
        assert!((0.0..0.3).contains(&l) && r > l && r <= 1.0 && t < 0.3 && b > t, "{:?}", s.bbox);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_image_is_read_by_ocr_and_an_image_without_ocr_is_a_clear_error() {
    let Some(ocr) = tools() else { return };
    let tmp = tempfile::tempdir().unwrap();
    let src = tmp.path().join("memo.pdf");
    std::fs::write(&src, text_pdf(&["Invoice 2291 from Nordwind GmbH.", "Total due: 18,940 euros by 15 January."])).unwrap();
    let st = Command::new("pdftoppm").args(["-r", "200", "-png", "-singlefile"]).arg(&src).arg(tmp.path().join("invoice")).status().unwrap();
    assert!(st.success());
    let png: PathBuf = tmp.path().join("invoice.png");
    let pages = ocr.image(&std::fs::read(&png).unwrap()).unwrap();
    assert_eq!(pages.len(), 1);
    assert!(pages[0].text().0.contains("Nordwind"), "{:?}", pages[0].text().0);

    let mut ws = workspace(tmp.path()).await;
    ws.ocr = None;
    let r = ingest(&ws, std::slice::from_ref(&png)).await;
    assert_eq!(r.failed.len(), 1);
    assert_eq!(r.failed[0].code, "no_ocr");
    assert!(r.failed[0].error.contains("invoice.png") && r.failed[0].error.contains("tesseract-ocr"), "{}", r.failed[0].error);

    ws.ocr = Some(Arc::new(ocr));
    let r = ingest(&ws, std::slice::from_ref(&png)).await;
    assert!(r.failed.is_empty(), "{r:?}");
    let e = HashingEmbedder::default();
    let agent = Agent::deterministic(&e, None);
    let run = ws.ask(&agent, "What is the total due on invoice 2291?", None, Duration::from_secs(3600)).await.unwrap();
    assert!(run.answer.text.contains("18,940"), "{}", run.answer.text);
    assert!(run.answer.citations[0].file.ends_with("invoice.png"));
    assert!(run.answer.citations[0].locator.ends_with("(page 1)"), "{:?}", run.answer.citations[0]);
}
