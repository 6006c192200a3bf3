//! Images (PNG, JPEG, TIFF): text by OCR, one page per image (a TIFF may
//! hold several), each sentence with its page and its box on the page.
//!
//! Shared with the PDF loader, which reads its scanned pages the same way
//! ([`ocr_sentences`], [`mark_ocr`]): the objects of OCR text are tagged
//! `ocr` with the mean word confidence, so an analyst (and the trace) can
//! tell text that was recognized from text that was in the file.

use std::path::Path;

use super::{ext_of, text_objects, LoadContext, LoadError, Loaded, Loader};
use crate::ocr::OcrPage;
use crate::source::{Locator, Sentence, SourceObject};

pub struct ImageLoader;

const EXTS: [&str; 5] = ["png", "jpg", "jpeg", "tif", "tiff"];

fn is_image_head(head: &[u8]) -> bool {
    head.starts_with(b"\x89PNG\r\n\x1a\n") || head.starts_with(b"\xFF\xD8\xFF") || head.starts_with(b"II*\0") || head.starts_with(b"MM\0*")
}

impl Loader for ImageLoader {
    fn name(&self) -> &'static str {
        "image"
    }
    fn accepts(&self, path: &Path, head: &[u8]) -> bool {
        ext_of(path).is_some_and(|e| EXTS.contains(&e.as_str())) || is_image_head(head)
    }
    fn load(&self, path: &Path, bytes: &[u8], file_hash: &str, ctx: &LoadContext) -> Result<Loaded, LoadError> {
        let p = path.to_path_buf();
        if bytes.is_empty() {
            return Err(LoadError::Empty { path: p });
        }
        if !is_image_head(&bytes[..bytes.len().min(16)]) {
            return Err(LoadError::Corrupt { path: p, format: "image", reason: "not a PNG, JPEG or TIFF image".into() });
        }
        let ocr = ctx.ocr.ok_or(LoadError::NoOcr { path: p.clone() })?;
        let pages = ocr.image(bytes).map_err(|source| LoadError::Ocr { path: p.clone(), source })?;
        let mut warnings = Vec::new();
        let mut sentences = Vec::new();
        let mut confidence = Vec::new();
        for page in pages.iter().take(ctx.limits.max_ocr_pages) {
            ocr_sentences(page, &mut sentences);
            confidence.push(page.confidence());
        }
        if pages.len() > ctx.limits.max_ocr_pages {
            warnings.push(format!("only the first {} of {} pages were read by OCR", ctx.limits.max_ocr_pages, pages.len()));
        }
        if sentences.is_empty() {
            return Err(LoadError::NoText { path: p, what: "OCR found no words in the image".into() });
        }
        let mut objects = text_objects(sentences, path, file_hash, ctx, pages_locator, 0)?;
        mark_ocr(&mut objects, &confidence, &ocr.name());
        Ok(Loaded { objects, warnings, pages: pages.len(), rows: 0 })
    }
}

/// The pages a chunk of sentences spans.
pub(crate) fn pages_locator(chunk: &[Sentence], n: u32) -> Locator {
    let mut pages: Vec<u32> = chunk.iter().filter_map(|s| s.page).collect();
    pages.dedup();
    Locator::Pages { pages, chunk: n }
}

/// Appends the sentences of an OCR page, each with its page and the box
/// around its words.
pub(crate) fn ocr_sentences(page: &OcrPage, sentences: &mut Vec<Sentence>) {
    let (text, ranges) = page.text();
    for (off, s) in crate::text::split_sentences(&text) {
        let bbox = page.bbox_of(&ranges, off..off + s.len());
        let boxes = page.word_boxes(&ranges, off..off + s.len());
        sentences.push(Sentence { idx: sentences.len() as u32, text: s, page: Some(page.page), offset: off as u32, bbox, boxes, ..Default::default() });
    }
}

/// Tags the objects holding OCR text: `ocr`, the engine, and the mean word
/// confidence of the pages read (`ocr-confidence:87`).
pub(crate) fn mark_ocr(objects: &mut [SourceObject], confidence: &[f32], engine: &str) {
    let mean = if confidence.is_empty() { 0.0 } else { confidence.iter().sum::<f32>() / confidence.len() as f32 };
    for o in objects.iter_mut() {
        let has_box = o.as_text().is_some_and(|t| t.sentences.iter().any(|s| s.bbox.is_some()));
        if has_box {
            o.tags.push("ocr".into());
            o.tags.push(format!("ocr-confidence:{}", mean.round() as u32));
            o.tags.push(format!("ocr-engine:{engine}"));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ocr::ScriptedOcr;

    #[test]
    fn an_image_becomes_sentences_with_page_box_and_ocr_tags() {
        let ocr = ScriptedOcr::lines(&["Invoice total due is 4,250 dollars.", "Payment within 30 days."]);
        let ctx = LoadContext { ocr: Some(&ocr), ..Default::default() };
        let png = b"\x89PNG\r\n\x1a\n rest".to_vec();
        let l = ImageLoader.load(Path::new("/s/scan.png"), &png, "h", &ctx).unwrap();
        let t = l.objects[0].as_text().unwrap();
        assert_eq!(t.sentences.len(), 2);
        assert_eq!(t.sentences[0].text, "Invoice total due is 4,250 dollars.");
        assert_eq!(t.sentences[1].page, Some(1));
        assert_eq!(t.sentences[1].bbox, Some([0.0, 0.05, 0.39, 0.09]));
        // Its words' own boxes, 100 px apart on a 1000 px page.
        assert_eq!(t.sentences[1].boxes, vec![[0.0, 0.05, 0.09, 0.09], [0.1, 0.05, 0.19, 0.09], [0.2, 0.05, 0.29, 0.09], [0.3, 0.05, 0.39, 0.09]]);
        assert!(l.objects[0].tags.iter().any(|t| t == "ocr") && l.objects[0].tags.contains(&"ocr-confidence:90".to_string()), "{:?}", l.objects[0].tags);
        assert!(matches!(l.objects[0].provenance.locator, Locator::Pages { ref pages, .. } if pages == &vec![1]));
    }

    #[test]
    fn without_ocr_an_image_is_refused_with_what_to_install() {
        let e = ImageLoader.load(Path::new("/s/scan.png"), b"\x89PNG\r\n\x1a\n", "h", &LoadContext::default()).unwrap_err();
        assert_eq!(e.code(), "no_ocr");
        assert!(e.to_string().contains("scan.png") && e.to_string().contains("tesseract-ocr"), "{e}");
        let e = ImageLoader.load(Path::new("/s/fake.png"), b"GIF89a", "h", &LoadContext::default()).unwrap_err();
        assert_eq!(e.code(), "corrupt");
    }

    #[test]
    fn an_image_without_words_has_nothing_to_read_and_is_not_called_empty() {
        let ocr = ScriptedOcr::lines(&[]);
        let ctx = LoadContext { ocr: Some(&ocr), ..Default::default() };
        let e = ImageLoader.load(Path::new("/s/logo.png"), b"\x89PNG\r\n\x1a\n rest", "h", &ctx).unwrap_err();
        assert_eq!(e.code(), "no_text");
        assert!(e.to_string().ends_with("logo.png: nothing to read: OCR found no words in the image"), "{e}");
    }
}
