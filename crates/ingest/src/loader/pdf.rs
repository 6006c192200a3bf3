//! PDF: text per page through pdf-extract, with our own layout-keeping output
//! device so that tables survive.
//!
//! pdf-extract's plain-text output collapses the gaps between columns into
//! single spaces, which loses every table. We collect each glyph's position
//! instead, rebuild lines, and split a line into segments at wide gaps. Runs
//! of lines with several segments and numbers in them are tables (the way
//! annual reports set them); everything else is prose, split into sentences
//! with their page and chunked into text objects.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

use pdf_extract::{Dictionary, Document, MediaBox, Object, ObjectId, OutputDev, OutputError, Transform};

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
        let mut repaired = false;
        let mut doc = match pdf_extract::Document::load_mem(bytes) {
            Ok(d) => d,
            // A cross-reference table with wrong offsets (files written by
            // hand or cut short): rebuilt from the objects in the file, as
            // other readers do.
            Err(e) => match rebuild_xref(bytes, "").and_then(|b| pdf_extract::Document::load_mem(&b).ok()) {
                Some(d) => {
                    repaired = true;
                    d
                }
                None => return Err(corrupt(path, e)),
            },
        };
        if doc.trailer.get(b"Encrypt").is_ok() && doc.get_pages().is_empty() {
            // lopdf opens with the empty password during the load where it
            // can; where it could not, a file readers open may still only
            // lack what its key derivation needs.
            match mend_encryption(bytes, &doc).and_then(|b| pdf_extract::Document::load_mem(&b).ok()) {
                Some(d) if !d.get_pages().is_empty() => doc = d,
                _ => return Err(LoadError::Encrypted { path: p, what: "PDF" }),
            }
        }
        if doc.is_encrypted() && doc.decrypt("").is_err() {
            return Err(LoadError::Encrypted { path: p, what: "PDF" });
        }
        blank_images(&mut doc);
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
        let pages: Vec<(u32, ObjectId)> = pages.into_iter().collect();
        let media: HashMap<u32, Option<[f64; 4]>> = pages.iter().map(|&(n, id)| (n, page_media(&doc, id))).collect();
        let page_count = pages.len();
        let (read, mut warnings) = read_pages(Arc::new(doc), pages, path, ctx.limits.pdf_page_time)?;
        if repaired {
            warnings.push("the file's cross-reference table was broken; it was rebuilt from the objects in the file".to_string());
        }
        let mut sentences: Vec<Sentence> = Vec::new();
        let mut tables = PdfTables::default();
        let mut any_text = false;
        // Pages without a text layer (scans), read by OCR when it is on.
        let mut scanned: Vec<u32> = Vec::new();
        let mut confidence: Vec<f32> = Vec::new();
        let mut ocr_error: Option<crate::ocr::OcrError> = None;
        let read: Vec<(u32, Vec<Line>)> = read.into_iter().map(|(n, glyphs)| (n, build_lines(glyphs))).collect();
        let has_text = |lines: &[Line]| lines.iter().any(|l| l.segments.iter().any(|s| s.text.chars().any(|c| c.is_alphanumeric())));
        scanned.extend(read.iter().filter(|(_, lines)| !has_text(lines)).map(|(n, _)| *n));
        // The scans read by OCR in one call (the PDF handed over once), then
        // placed among the pages in order below.
        let mut by_ocr: HashMap<u32, Result<crate::ocr::OcrPage, crate::ocr::OcrError>> = match ctx.ocr {
            Some(ocr) => ocr.pdf_pages(bytes, &scanned[..scanned.len().min(ctx.limits.max_ocr_pages)]).into_iter().collect(),
            None => HashMap::new(),
        };
        for (page_no, lines) in read {
            if !has_text(&lines) {
                match by_ocr.remove(&page_no) {
                    Some(Ok(page)) => {
                        super::image::ocr_sentences(&page, &mut sentences);
                        confidence.push(page.confidence());
                    }
                    Some(Err(e)) => {
                        warnings.push(format!("page {page_no}: OCR failed: {e}"));
                        ocr_error.get_or_insert(e);
                    }
                    None => {}
                }
                continue;
            }
            any_text = true;
            let (prose, page_tables, spans) = split_tables(&lines);
            tables.add_page(page_no, page_tables);
            let media = media.get(&page_no).copied().flatten();
            for (off, s) in crate::text::split_sentences(&prose) {
                // Where the sentence stands on its page, so a citation can light it there.
                let (bbox, boxes) = media.and_then(|m| prose_box(&spans, off..off + s.len(), m)).map_or((None, Vec::new()), |(b, parts)| (Some(b), parts));
                sentences.push(Sentence { idx: sentences.len() as u32, text: s, page: Some(page_no), offset: off as u32, bbox, boxes, ..Default::default() });
            }
        }
        if ctx.ocr.is_some() && scanned.len() > ctx.limits.max_ocr_pages {
            warnings.push(format!("{} pages without text; only the first {} were read by OCR", scanned.len(), ctx.limits.max_ocr_pages));
        } else if ctx.ocr.is_none() && !scanned.is_empty() && any_text {
            warnings.push(format!("{} pages without text (scans) were skipped: OCR is off", scanned.len()));
        }
        let read_by_ocr = !confidence.is_empty() && sentences.iter().any(|s| s.bbox.is_some());
        if repaired && !any_text && !read_by_ocr {
            // Rebuilt, and still nothing to read: a damaged file (cut
            // short, most often), not a scan.
            return Err(LoadError::Corrupt { path: p, format: "PDF", reason: "the file is damaged: its cross-reference table was broken and no page has readable text".into() });
        }
        if !any_text && !read_by_ocr {
            if let Some(source) = ocr_error {
                return Err(LoadError::Ocr { path: p, source });
            }
            if !confidence.is_empty() {
                let n = confidence.len();
                return Err(LoadError::NoTextLayer { path: p, why: format!("OCR found no words on {}", if n == 1 { "its page".to_string() } else { format!("its {n} pages") }) });
            }
        }
        if !any_text && !read_by_ocr && warnings.len() == page_count {
            // Not a scan: every page failed, and the reasons say why.
            let reason = format!("no page could be read ({})", warnings.swap_remove(0));
            return Err(LoadError::Corrupt { path: p, format: "PDF", reason });
        }
        if !any_text && !read_by_ocr {
            let why = if ctx.ocr.is_some() { "its pages could not be read by OCR".to_string() } else { "OCR is off: install tesseract-ocr, tesseract-ocr-eng and poppler-utils to read scans".to_string() };
            return Err(LoadError::NoTextLayer { path: p, why });
        }
        let mut objects = text_objects(sentences, path, file_hash, ctx, super::image::pages_locator, 0)?;
        if read_by_ocr {
            let engine = ctx.ocr.map(|o| o.name()).unwrap_or_default();
            super::image::mark_ocr(&mut objects, &confidence, &engine);
        }
        let mut rows = 0;
        let first = objects.len() as u32;
        for (i, (pages, t)) in tables.tables.into_iter().enumerate() {
            rows += t.data_rows().len();
            let prov = Provenance {
                file: path.display().to_string(),
                file_hash: file_hash.to_string(),
                locator: Locator::Pages { pages, chunk: first + i as u32 },
            };
            objects.push(SourceObject::new(SourceKind::Static, prov, Content::Table(t)));
        }
        Ok(Loaded { objects, warnings, pages: page_count, rows })
    }
}

/// Empties every image stream. pdf-extract runs `Do` on any XObject as if
/// it were a form, so an image's pixels were read as drawing operators: a
/// scanned page crashed the parser (a stray `c` with one operand) or cost
/// the time of decoding megabytes of pixels for nothing. Text never lives
/// in an image, and OCR renders the page from the file's own bytes.
fn blank_images(doc: &mut Document) {
    for o in doc.objects.values_mut() {
        if let Object::Stream(s) = o {
            if s.dict.get(b"Subtype").and_then(|t| t.as_name()).is_ok_and(|n| n == b"Image") {
                s.dict.remove(b"Filter");
                s.dict.remove(b"DecodeParms");
                s.set_content(Vec::new());
            }
        }
    }
}

/// The file mended so that the empty user password opens it, where it
/// lacks only what lopdf's key derivation needs and other readers do
/// without: a trailer `/ID` (an empty one is used), an AESV2 (`/V 4`)
/// dictionary's key `/Length` (128 bits). The mended encryption object is
/// appended as an update, and the cross-reference table rebuilt. `None`
/// when nothing is missing.
fn mend_encryption(bytes: &[u8], doc: &Document) -> Option<Vec<u8>> {
    let enc = doc.trailer.get(b"Encrypt").ok()?.as_reference().ok()?;
    let needs_id = doc.trailer.get(b"ID").is_err();
    let dict = doc.get_dictionary(enc).ok();
    let needs_len = dict.is_some_and(|d| d.get(b"V").and_then(Object::as_i64).ok() == Some(4) && d.get(b"Length").is_err());
    if !needs_id && !needs_len {
        return None;
    }
    let mut out = bytes.to_vec();
    if needs_len {
        let head = format!("{} {} obj", enc.0, enc.1);
        let start = (0..bytes.len().saturating_sub(head.len()))
            .rev()
            .find(|&i| bytes[i..].starts_with(head.as_bytes()) && (i == 0 || bytes[i - 1].is_ascii_whitespace()))?
            + head.len();
        let end = start + bytes[start..].windows(6).position(|w| w == b"endobj")?;
        let open = start + bytes[start..end].windows(2).position(|w| w == b"<<")?;
        out.extend_from_slice(format!("\n{head}\n<< /Length 128 ").as_bytes());
        out.extend_from_slice(&bytes[open + 2..end]);
        out.extend_from_slice(b"endobj\n");
    }
    rebuild_xref(&out, if needs_id { "/ID [<> <>] " } else { "" })
}

/// The file with a new cross-reference table appended, built by finding
/// every `N G obj` in it (the last one of a number wins, as an update
/// would), and a trailer that keeps the old one's entries (root, info,
/// encryption) or, without one, names the catalog found among the objects.
/// `None` when no object or no catalog is found.
fn rebuild_xref(bytes: &[u8], extra: &str) -> Option<Vec<u8>> {
    let mut at: std::collections::BTreeMap<u32, (usize, u16)> = std::collections::BTreeMap::new();
    let digits = |from: usize| bytes[from..].iter().take_while(|b| b.is_ascii_digit()).count();
    let mut i = 0;
    while let Some(k) = bytes[i..].windows(3).position(|w| w == b"obj").map(|k| k + i) {
        i = k + 3;
        // Back over "G" and "N" to the start of the line.
        let mut j = k;
        let skip_ws = |j: &mut usize| {
            while *j > 0 && bytes[*j - 1].is_ascii_whitespace() {
                *j -= 1;
            }
        };
        let back_digits = |j: &mut usize| {
            let end = *j;
            while *j > 0 && bytes[*j - 1].is_ascii_digit() {
                *j -= 1;
            }
            end - *j
        };
        skip_ws(&mut j);
        let g_end = j;
        if back_digits(&mut j) == 0 {
            continue;
        }
        let g_start = j;
        skip_ws(&mut j);
        if j == g_start || back_digits(&mut j) == 0 {
            continue;
        }
        if j > 0 && !bytes[j - 1].is_ascii_whitespace() {
            continue;
        }
        let n: u32 = std::str::from_utf8(&bytes[j..j + digits(j)]).ok()?.parse().ok()?;
        let g: u16 = std::str::from_utf8(&bytes[g_start..g_end]).ok()?.parse().unwrap_or(0);
        at.insert(n, (j, g));
    }
    let max = *at.keys().last()?;
    if max > 10_000_000 {
        return None;
    }
    // The old trailer's dictionary, without what pointed into the old table.
    let text = String::from_utf8_lossy(bytes);
    let old = text.rfind("trailer").and_then(|t| {
        let open = t + text[t..].find("<<")?;
        let mut depth = 0usize;
        let mut k = open;
        let b = text.as_bytes();
        while k + 1 < b.len() {
            if &b[k..k + 2] == b"<<" {
                depth += 1;
                k += 2;
            } else if &b[k..k + 2] == b">>" {
                depth -= 1;
                k += 2;
                if depth == 0 {
                    return Some(text[open + 2..k - 2].to_string());
                }
            } else {
                k += 1;
            }
        }
        None
    });
    let mut entries = String::new();
    if let Some(old) = old.filter(|o| o.contains("/Root")) {
        let mut rest = old.as_str();
        // Keep every key but /Size, /Prev and /XRefStm (key and value).
        let drop = ["/Size", "/Prev", "/XRefStm"];
        while let Some(k) = rest.find('/') {
            let key_end = k + 1 + rest[k + 1..].find(|c: char| c.is_whitespace() || "/[<(".contains(c)).unwrap_or(rest.len() - k - 1);
            let key = &rest[k..key_end];
            let value_end = value_end(&rest[key_end..]) + key_end;
            if !drop.contains(&key) {
                entries.push_str(&rest[k..value_end]);
                entries.push(' ');
            }
            rest = &rest[value_end..];
        }
    } else {
        let catalog = at.iter().find(|(_, (off, _))| {
            let body = &bytes[*off..bytes.len().min(off + 4096)];
            let body = String::from_utf8_lossy(body);
            let body = body.split("endobj").next().unwrap_or("");
            body.replace(' ', "").contains("/Type/Catalog")
        })?;
        entries = format!("/Root {} {} R ", catalog.0, catalog.1 .1);
    }
    let mut out = bytes.to_vec();
    out.extend_from_slice(b"\n");
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", max + 1).as_bytes());
    for n in 1..=max {
        match at.get(&n) {
            Some((off, g)) => out.extend_from_slice(format!("{off:010} {g:05} n \n").as_bytes()),
            None => out.extend_from_slice(b"0000000000 65535 f \n"),
        }
    }
    out.extend_from_slice(format!("trailer\n<< {entries}{extra}/Size {} >>\nstartxref\n{xref}\n%%EOF\n", max + 1).as_bytes());
    Some(out)
}

/// Where a trailer entry's value ends in `s` (which starts after its key):
/// a name at the first delimiter, anything else at the next key outside
/// any array, dictionary or string.
fn value_end(s: &str) -> usize {
    let b = s.as_bytes();
    let mut k = b.iter().take_while(|c| c.is_ascii_whitespace()).count();
    if b.get(k) == Some(&b'/') {
        k += 1;
        while k < b.len() && !b[k].is_ascii_whitespace() && !b"/[<(>".contains(&b[k]) {
            k += 1;
        }
        return k;
    }
    let mut depth = 0i32;
    while k < b.len() {
        match b[k] {
            b'[' | b'(' => depth += 1,
            b']' | b')' => depth -= 1,
            b'<' if b.get(k + 1) == Some(&b'<') => {
                depth += 1;
                k += 1;
            }
            b'>' if b.get(k + 1) == Some(&b'>') => {
                depth -= 1;
                k += 1;
            }
            b'/' if depth <= 0 => return k,
            _ => {}
        }
        k += 1;
    }
    b.len()
}

fn corrupt(path: &Path, e: impl std::fmt::Display) -> LoadError {
    let reason = e.to_string();
    let lower = reason.to_lowercase();
    if lower.contains("decrypt") || lower.contains("encrypt") || lower.contains("password") {
        return LoadError::Encrypted { path: path.to_path_buf(), what: "PDF" };
    }
    LoadError::Corrupt { path: path.to_path_buf(), format: "PDF", reason }
}

/// What became of one page.
enum PageOutcome {
    Read(u32, Vec<Glyph>),
    Skipped(u32, String),
}

/// Pages abandoned (their worker never came back) before the file is given
/// up on: each one leaves a thread spinning until the process ends.
const MAX_ABANDONED_PAGES: usize = 2;

/// Reads every page's glyphs on a worker thread, each page under `budget`.
///
/// pdf-extract follows a document's structure wherever it leads, and a
/// hostile file can lead it in circles (a fuzzed PDF whose page is its own
/// parent kept it busy for good). So: known circles are refused before a page
/// is read ([`page_defect`]); a page that runs past its budget is stopped by
/// the output device, which fails at its next glyph; and a page that never
/// reaches one is abandoned after the budget plus a grace period, its worker
/// left behind while a new one takes the remaining pages. A page that fails
/// in any of these ways is skipped with a warning naming it, so the rest of
/// the file still loads; [`MAX_ABANDONED_PAGES`] abandoned pages end the
/// file with [`LoadError::Timeout`].
fn read_pages(
    doc: Arc<Document>,
    pages: Vec<(u32, ObjectId)>,
    path: &Path,
    budget: Duration,
) -> Result<(Vec<(u32, Vec<Glyph>)>, Vec<String>), LoadError> {
    read_pages_with(doc, pages, path, budget, read_page)
}

/// How one page is read; [`read_page`] but for tests.
type PageReader = fn(&Document, u32, ObjectId, &Path, Duration, &Arc<AtomicBool>) -> PageOutcome;

fn read_pages_with(
    doc: Arc<Document>,
    pages: Vec<(u32, ObjectId)>,
    path: &Path,
    budget: Duration,
    reader: PageReader,
) -> Result<(Vec<(u32, Vec<Glyph>)>, Vec<String>), LoadError> {
    let grace = (budget / 2).max(Duration::from_secs(1));
    let mut read = Vec::with_capacity(pages.len());
    let mut warnings = Vec::new();
    let mut next = 0;
    let mut abandoned = 0;
    while next < pages.len() {
        let (tx, rx) = mpsc::channel();
        let cancel = Arc::new(AtomicBool::new(false));
        spawn_page_worker(doc.clone(), pages[next..].to_vec(), path.to_path_buf(), budget, cancel.clone(), tx, reader)
            .map_err(|source| LoadError::Io { path: path.to_path_buf(), source })?;
        loop {
            match rx.recv_timeout(budget + grace) {
                Ok(PageOutcome::Read(no, glyphs)) => {
                    read.push((no, glyphs));
                    next += 1;
                }
                Ok(PageOutcome::Skipped(no, why)) => {
                    warnings.push(format!("page {no}: {why}"));
                    next += 1;
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    cancel.store(true, Ordering::Relaxed);
                    let no = pages[next].0;
                    abandoned += 1;
                    if abandoned >= MAX_ABANDONED_PAGES {
                        return Err(LoadError::Timeout {
                            path: path.to_path_buf(),
                            what: format!("reading page {no} (the {abandoned}th page to hang)"),
                            limit: format!("{:.1?}", budget + grace),
                        });
                    }
                    warnings.push(format!("page {no}: reading it did not finish within {:.1?}; skipped", budget + grace));
                    next += 1;
                    break;
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    // The worker is done, or died outside its guard.
                    if next < pages.len() {
                        warnings.push(format!("page {}: the reader stopped on it; skipped", pages[next].0));
                        next += 1;
                    }
                    break;
                }
            }
        }
    }
    Ok((read, warnings))
}

fn spawn_page_worker(
    doc: Arc<Document>,
    pages: Vec<(u32, ObjectId)>,
    path: PathBuf,
    budget: Duration,
    cancel: Arc<AtomicBool>,
    tx: mpsc::Sender<PageOutcome>,
    reader: PageReader,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("pdf-pages".into())
        // Forms may nest (up to MAX_FORM_DEPTH) and pdf-extract recurses per level.
        .stack_size(32 << 20)
        .spawn(move || {
            for (no, id) in pages {
                if cancel.load(Ordering::Relaxed) {
                    return;
                }
                let outcome = reader(&doc, no, id, &path, budget, &cancel);
                if tx.send(outcome).is_err() {
                    return;
                }
            }
        })
        .map(|_| ())
}

fn read_page(doc: &Document, no: u32, id: ObjectId, path: &Path, budget: Duration, cancel: &Arc<AtomicBool>) -> PageOutcome {
    if let Some(why) = page_defect(doc, id) {
        return PageOutcome::Skipped(no, format!("{why}; skipped"));
    }
    let mut dev = LayoutOutput { deadline: Some(Instant::now() + budget), cancel: Some(cancel.clone()), ..Default::default() };
    let r = super::guarded(path, "pdf", || Ok(pdf_extract::output_doc_page(doc, &mut dev, no)));
    match r {
        Ok(Ok(())) => PageOutcome::Read(no, dev.glyphs),
        Ok(Err(_)) if dev.stopped => PageOutcome::Skipped(no, format!("reading it ran past {budget:.1?} and was stopped; skipped")),
        Ok(Err(e)) => PageOutcome::Skipped(no, format!("text could not be read ({e})")),
        Err(LoadError::Panicked { message, .. }) => PageOutcome::Skipped(no, format!("the PDF parser crashed on it ({message}); skipped")),
        Err(e) => PageOutcome::Skipped(no, e.to_string()),
    }
}

/// Deepest nesting of form XObjects read.
const MAX_FORM_DEPTH: usize = 64;
/// Most form and image draws one page may expand into.
const MAX_PAGE_DRAWS: u64 = 100_000;

/// A page structure that would send pdf-extract into endless (or
/// exponential) work, found before it reads the page: a `/Parent` chain that
/// loops while an inherited key is still missing, a missing MediaBox (which
/// it would panic on), forms that draw themselves, forms nested deeper than
/// [`MAX_FORM_DEPTH`], and forms that fan out into more than
/// [`MAX_PAGE_DRAWS`] draws.
fn page_defect(doc: &Document, page: ObjectId) -> Option<String> {
    let Ok(mut node) = doc.get_dictionary(page) else {
        return Some("its page object is not a dictionary".into());
    };
    let mut resources = None;
    let mut media_box = false;
    let mut seen = HashSet::from([page]);
    loop {
        if resources.is_none() {
            resources = node.get(b"Resources").ok();
        }
        media_box |= node.has(b"MediaBox");
        if resources.is_some() && media_box {
            break;
        }
        let Ok(parent) = node.get(b"Parent").and_then(Object::as_reference) else { break };
        if !seen.insert(parent) {
            return Some(format!("its page tree loops (object {} {} R is its own ancestor)", parent.0, parent.1));
        }
        match doc.get_dictionary(parent) {
            Ok(d) => node = d,
            Err(_) => break,
        }
    }
    if !media_box {
        return Some("it has no MediaBox".into());
    }
    let resources = resources.and_then(|r| deref(doc, r).as_dict().ok());
    let content = doc.get_page_content(page).unwrap_or_default();
    let mut walk = FormWalk { doc, stack: Vec::new(), memo: HashMap::new() };
    walk.draws_in(&content, resources).err()
}

fn deref<'a>(doc: &'a Document, o: &'a Object) -> &'a Object {
    match o {
        Object::Reference(id) => doc.get_object(*id).unwrap_or(o),
        _ => o,
    }
}

/// Counts the draws a content stream expands into, following `Do` into
/// form XObjects the way pdf-extract does (a form without resources uses its
/// caller's). Memoized per (form, resources), so shared forms cost once.
struct FormWalk<'a> {
    doc: &'a Document,
    stack: Vec<ObjectId>,
    memo: HashMap<(ObjectId, usize), u64>,
}

impl<'a> FormWalk<'a> {
    fn draws_in(&mut self, content: &[u8], resources: Option<&'a Dictionary>) -> Result<u64, String> {
        let Some(xobjects) = resources.and_then(|r| r.get(b"XObject").ok()).and_then(|x| deref(self.doc, x).as_dict().ok()) else {
            return Ok(0);
        };
        let Ok(ops) = lopdf::content::Content::decode(content) else { return Ok(0) };
        let mut total: u64 = 0;
        for op in ops.operations.iter().filter(|op| op.operator == "Do") {
            let Some(Ok(name)) = op.operands.first().map(Object::as_name) else { continue };
            let Ok(Object::Reference(id)) = xobjects.get(name) else { continue };
            let id = *id;
            if self.stack.contains(&id) {
                return Err(format!("its form XObject {} {} R draws itself", id.0, id.1));
            }
            let Ok(stream) = self.doc.get_object(id).and_then(Object::as_stream) else { continue };
            let mut n = 1;
            if stream.dict.get(b"Subtype").and_then(Object::as_name).ok() == Some(b"Form".as_slice()) {
                if self.stack.len() >= MAX_FORM_DEPTH {
                    return Err(format!("its form XObjects nest deeper than {MAX_FORM_DEPTH}"));
                }
                let own = stream.dict.get(b"Resources").ok().and_then(|r| deref(self.doc, r).as_dict().ok());
                let form_resources = own.or(resources);
                let key = (id, form_resources.map_or(0, |r| r as *const Dictionary as usize));
                let inner = match self.memo.get(&key) {
                    Some(&d) => d,
                    None => {
                        let body = stream.decompressed_content().unwrap_or_else(|_| stream.content.clone());
                        self.stack.push(id);
                        let d = self.draws_in(&body, form_resources)?;
                        self.stack.pop();
                        self.memo.insert(key, d);
                        d
                    }
                };
                n += inner;
            }
            total = total.saturating_add(n);
            if total > MAX_PAGE_DRAWS {
                return Err(format!("its form XObjects expand into more than {MAX_PAGE_DRAWS} draws"));
            }
        }
        Ok(total)
    }
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
/// It also carries the page's time budget: past the deadline, or once the
/// page is cancelled, every callback fails, which makes pdf-extract return.
#[derive(Default)]
struct LayoutOutput {
    glyphs: Vec<Glyph>,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    /// Whether a callback failed because of the budget.
    stopped: bool,
}

impl LayoutOutput {
    fn check(&mut self) -> Result<(), OutputError> {
        let late = self.deadline.is_some_and(|d| Instant::now() >= d);
        let cancelled = self.cancel.as_ref().is_some_and(|c| c.load(Ordering::Relaxed));
        if late || cancelled {
            self.stopped = true;
            return Err(OutputError::FormatError(std::fmt::Error));
        }
        Ok(())
    }
}

impl OutputDev for LayoutOutput {
    fn begin_page(&mut self, _n: u32, _mb: &MediaBox, _ab: Option<(f64, f64, f64, f64)>) -> Result<(), OutputError> {
        self.check()
    }
    fn end_page(&mut self) -> Result<(), OutputError> {
        Ok(())
    }
    fn output_character(&mut self, trm: &Transform, width: f64, _spacing: f64, font_size: f64, ch: &str) -> Result<(), OutputError> {
        self.check()?;
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
        self.check()
    }
    fn end_word(&mut self) -> Result<(), OutputError> {
        self.check()
    }
    fn end_line(&mut self) -> Result<(), OutputError> {
        self.check()
    }
    fn stroke(&mut self, _ctm: &Transform, _cs: &pdf_extract::ColorSpace, _color: &[f64], _path: &pdf_extract::Path) -> Result<(), OutputError> {
        self.check()
    }
    fn fill(&mut self, _ctm: &Transform, _cs: &pdf_extract::ColorSpace, _color: &[f64], _path: &pdf_extract::Path) -> Result<(), OutputError> {
        self.check()
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
        let mut prev: Option<(f64, f64, String)> = None;
        for g in l {
            // The same glyph struck again on (nearly) the same spot: a form
            // drawn twice, or bold faked by overprinting. Keep one.
            if let Some((px, py, pch)) = &prev {
                if *pch == g.ch && (g.x - px).abs() < (0.5 * g.w).min(0.25 * g.size) && (g.y - py).abs() < 0.1 * g.size {
                    continue;
                }
            }
            prev = Some((g.x, g.y, g.ch.clone()));
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

/// The tables of one page, and whether the first one opens the page and
/// the last one closes it: beside them stand at most a running header or a
/// footer (two short lines), the sign of a table continued over a page break.
struct PageTables {
    tables: Vec<crate::source::TableContent>,
    first_opens_page: bool,
    last_closes_page: bool,
}

/// A document's tables as pages are read in order: a table that closes a
/// page and one that opens the next page with the same columns are one
/// table, the header rows repeated on the later page dropped, each row
/// remembering its page.
#[derive(Default)]
struct PdfTables {
    /// Each table with the pages it covers.
    tables: Vec<(Vec<u32>, crate::source::TableContent)>,
    /// The page of the last table added, when it closed its page.
    open_at: Option<u32>,
}

impl PdfTables {
    fn add_page(&mut self, page: u32, p: PageTables) {
        let n = p.tables.len();
        let open_at = self.open_at.take();
        for (i, t) in p.tables.into_iter().enumerate() {
            let continued = i == 0 && p.first_opens_page && open_at.is_some_and(|prev| prev + 1 == page);
            let last = self.tables.last_mut().filter(|_| continued);
            match last.and_then(|(pages, prev)| continuation(prev, &t).map(|drop| (pages, prev, drop))) {
                Some((pages, prev, drop)) => {
                    let first_page = pages[0];
                    let before = prev.grid.len();
                    prev.row_pages.get_or_insert_with(|| vec![first_page; before]);
                    let added = t.grid.len().saturating_sub(drop);
                    prev.grid.extend(t.grid.into_iter().skip(drop));
                    if let Some(rp) = prev.row_pages.as_mut() {
                        rp.extend(std::iter::repeat_n(page, added));
                    }
                    pages.push(page);
                }
                None => self.tables.push((vec![page], t)),
            }
            if i + 1 == n && p.last_closes_page {
                self.open_at = Some(page);
            }
        }
    }
}

/// Whether `next` (opening a page) continues `prev` (closing the page
/// before), and how many of its leading rows to drop: its header rows when
/// they repeat `prev`'s column names, none when it has no header. A header
/// of its own, another width or a title of its own makes it another table.
fn continuation(prev: &crate::source::TableContent, next: &crate::source::TableContent) -> Option<usize> {
    if prev.n_cols() != next.n_cols() || prev.truncated_from.is_some() {
        return None;
    }
    let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase();
    // A title of its own starts another table; a repeated one, or one
    // that says it continues, does not.
    let caption_ok = match (&prev.caption, &next.caption) {
        (_, None) => true,
        (Some(a), Some(b)) => norm(a) == norm(b) || norm(b).contains("continued"),
        (None, Some(b)) => norm(b).contains("continued"),
    };
    if !caption_ok {
        return None;
    }
    if next.header_rows > 0 {
        let same = prev.header_rows > 0 && prev.columns.iter().zip(&next.columns).all(|(a, b)| norm(a) == norm(b));
        return same.then_some(next.header_rows as usize);
    }
    Some(0)
}

/// Separates table blocks from prose on one page. Returns the prose (lines
/// joined, paragraphs separated by blank lines) and the tables.
fn split_tables(lines: &[Line]) -> (String, PageTables, Vec<ProseLine>) {
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
    // A page's running header or footer: at most two short lines.
    let edge = |ls: &[Line]| ls.len() <= 2 && ls.iter().all(|l| l.text().len() < 80);
    let first_opens_page = blocks.first().is_some_and(|&(s, _)| edge(&lines[..s]));
    let last_closes_page = blocks.last().is_some_and(|&(_, e)| edge(&lines[e + 1..]));
    let mut tables = Vec::new();
    for &(s, e) in &blocks {
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
    let mut spans: Vec<ProseLine> = Vec::new();
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
        let start = prose.len();
        prose.push_str(&l.text());
        let (x0, x1) = (l.segments.first().map_or(0.0, |g| g.x0), l.segments.last().map_or(0.0, |g| g.x1));
        spans.push(ProseLine { start, end: prose.len(), x0, x1, y: l.y, size: l.size });
        prev = Some(l);
    }
    (prose, PageTables { tables, first_opens_page, last_closes_page }, spans)
}

/// Where a line of a page's prose came from: its bytes in the prose, its
/// extent across and its baseline, in PDF units.
#[derive(Debug, Clone, Copy)]
struct ProseLine {
    start: usize,
    end: usize,
    x0: f64,
    x1: f64,
    y: f64,
    size: f64,
}

/// The page's media box (left, bottom, right, top), inherited from the
/// page tree when the page has none of its own.
fn page_media(doc: &Document, id: ObjectId) -> Option<[f64; 4]> {
    let mut node = doc.get_object(id).ok()?.as_dict().ok()?;
    for _ in 0..32 {
        if let Ok(Object::Array(a)) = node.get(b"MediaBox") {
            let v: Vec<f64> = a.iter().filter_map(|o| match o {
                Object::Integer(i) => Some(*i as f64),
                Object::Real(r) => Some(*r as f64),
                _ => None,
            }).collect();
            if let [a, b, c, d] = v[..] {
                return (c - a > 0.0 && d - b > 0.0).then_some([a.min(c), b.min(d), a.max(c), b.max(d)]);
            }
            return None;
        }
        let parent = node.get(b"Parent").ok()?.as_reference().ok()?;
        node = doc.get_object(parent).ok()?.as_dict().ok()?;
    }
    None
}

/// The box of the prose bytes `range` on a page of media box `media`, as
/// fractions of the page (left, top, right, bottom), and its parts, one per
/// line it spans: the first and last cut where the sentence starts and ends
/// (by the share of the line's characters before).
fn prose_box(lines: &[ProseLine], range: std::ops::Range<usize>, media: [f64; 4]) -> Option<([f32; 4], Vec<[f32; 4]>)> {
    let [llx, lly, urx, ury] = media;
    let (w, h) = (urx - llx, ury - lly);
    let f = |v: f64| v.clamp(0.0, 1.0) as f32;
    let frac = |[x0, top, x1, bottom]: [f64; 4]| [f((x0 - llx) / w), f((ury - top) / h), f((x1 - llx) / w), f((ury - bottom) / h)];
    let mut parts = Vec::new();
    let mut b: Option<[f64; 4]> = None;
    for l in lines.iter().filter(|l| l.start < range.end && range.start < l.end) {
        let len = (l.end - l.start).max(1) as f64;
        let at = |byte: usize| l.x0 + (l.x1 - l.x0) * ((byte.clamp(l.start, l.end) - l.start) as f64 / len);
        let (x0, x1) = (at(range.start), at(range.end));
        let (top, bottom) = (l.y + 0.85 * l.size, l.y - 0.25 * l.size);
        parts.push(frac([x0, top, x1, bottom]));
        b = Some(match b {
            None => [x0, top, x1, bottom],
            Some([a, t, c, d]) => [a.min(x0), t.max(top), c.max(x1), d.min(bottom)],
        });
    }
    Some((frac(b?), parts))
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
        let (prose, PageTables { tables, .. }, _) = split_tables(&lines);
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

    use aurag_testkit::{pdf_from_objects as pdf, pdf_stream as stream};

    const FONT: &str = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

    /// Catalog (1), pages (2), font (3), then page i at 4 + 2i with its
    /// content at 5 + 2i; `pages` gives each page's extra dictionary entries
    /// and content, and `extra` objects follow.
    fn doc_with(pages: &[(&str, String)], extra: &[String]) -> Vec<u8> {
        pdf(&objects_with(pages, extra))
    }

    fn objects_with(pages: &[(&str, String)], extra: &[String]) -> Vec<String> {
        let n = pages.len();
        let kids: Vec<String> = (0..n).map(|i| format!("{} 0 R", 4 + 2 * i)).collect();
        let mut objects = vec![
            "<< /Type /Catalog /Pages 2 0 R >>".to_string(),
            format!("<< /Type /Pages /Kids [{}] /Count {n} /MediaBox [0 0 600 800] >>", kids.join(" ")),
            FONT.to_string(),
        ];
        for (i, (entries, content)) in pages.iter().enumerate() {
            objects.push(format!("<< /Type /Page /Parent 2 0 R /Contents {} 0 R {entries} >>", 5 + 2 * i));
            objects.push(stream("", content));
        }
        objects.extend(extra.iter().cloned());
        objects
    }

    fn text(s: &str) -> String {
        format!("BT /F1 12 Tf 72 700 Td ({s}) Tj ET")
    }

    const RES: &str = "/Resources << /Font << /F1 3 0 R >> >>";

    fn load(bytes: &[u8], limits: super::super::Limits) -> Result<Loaded, LoadError> {
        let ctx = LoadContext { limits, ..Default::default() };
        PdfLoader.load(Path::new("t.pdf"), bytes, "h", &ctx)
    }

    /// Each sentence of a text page knows where it stands on the page (the
    /// media box inherited from the page tree), so a citation can light it.
    #[test]
    fn a_sentence_knows_its_box_on_the_page() {
        let p1 = vec![(72.0, 700.0, "The first sentence is near the top of the page.".to_string())];
        let p2 = vec![(300.0, 100.0, "The second one stands low and to the right.".to_string())];
        let l = load(&aurag_testkit::pdf_placed_text(&[p1, p2]), Default::default()).unwrap();
        let sentences: Vec<&Sentence> = l.objects.iter().flat_map(|o| o.as_text().unwrap().sentences.iter()).collect();
        assert_eq!(sentences.len(), 2);
        let [a, b] = [sentences[0].bbox.unwrap(), sentences[1].bbox.unwrap()];
        // 600 x 800 pt: x 72 is 0.12 across; baseline 700 is 0.125 down.
        assert!((a[0] - 0.12).abs() < 0.01 && a[2] > 0.4 && a[2] < 0.9, "{a:?}");
        assert!(a[1] < 0.125 && a[3] > 0.125 && a[3] - a[1] < 0.03, "{a:?}");
        assert!((b[0] - 0.5).abs() < 0.01 && b[1] > 0.85 && b[3] < 0.9, "{b:?}");
        assert_eq!((sentences[0].page, sentences[1].page), (Some(1), Some(2)));
    }

    #[test]
    fn a_sentence_over_lines_boxes_them_all_and_cuts_its_first_and_last() {
        let lines = [ProseLine { start: 0, end: 10, x0: 100.0, x1: 200.0, y: 700.0, size: 10.0 }, ProseLine { start: 11, end: 21, x0: 100.0, x1: 200.0, y: 688.0, size: 10.0 }];
        let media = [0.0, 0.0, 1000.0, 1000.0];
        let milli = |b: [f32; 4]| b.map(|v| (v * 1000.0).round());
        // Half of line one and half of line two: the full width, both lines;
        // its parts are the second half of line one, the first of line two.
        let (b, parts) = prose_box(&lines, 5..16, media).unwrap();
        assert_eq!(milli(b), [100.0, 292.0, 200.0, 315.0]);
        assert_eq!(parts.into_iter().map(milli).collect::<Vec<_>>(), vec![[150.0, 292.0, 200.0, 303.0], [100.0, 304.0, 150.0, 315.0]]);
        // Inside one line: from its start to the middle, one part.
        let (b, parts) = prose_box(&lines, 0..5, media).unwrap();
        assert_eq!(milli(b), [100.0, 292.0, 150.0, 303.0]);
        assert_eq!(parts, vec![b]);
        assert!(prose_box(&lines, 30..40, media).is_none());
    }

    /// A page drawing an image whose pixels read as operators (`c` with one
    /// operand): pdf-extract used to run them and crash, so the scanned
    /// page was skipped. Now the image is no text, the page is a scan, and
    /// OCR reads it.
    #[test]
    fn an_image_is_never_read_as_drawing_operators_and_a_scanned_page_goes_to_ocr() {
        let image = stream("/Type /XObject /Subtype /Image /Width 4 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8", "1 c (x) Tj");
        let scan = ("/Resources << /XObject << /Im0 6 0 R >> >>", "q 600 0 0 800 0 0 cm /Im0 Do Q".to_string());
        let bytes = doc_with(&[scan.clone()], &[image.clone()]);
        let e = load(&bytes, Default::default()).unwrap_err();
        assert_eq!(e.code(), "no_text_layer", "{e}");
        let ocr = crate::ocr::ScriptedOcr::lines(&["Signed on 3 May 2021 in Oslo."]);
        let ctx = LoadContext { ocr: Some(&ocr), ..Default::default() };
        let l = PdfLoader.load(Path::new("t.pdf"), &bytes, "h", &ctx).unwrap();
        assert!(l.warnings.is_empty(), "{:?}", l.warnings);
        let t = l.objects[0].as_text().unwrap();
        assert_eq!((t.sentences[0].text.as_str(), t.sentences[0].page), ("Signed on 3 May 2021 in Oslo.", Some(1)));
        assert!(l.objects[0].tags.contains(&"ocr".to_string()));
        // Beside a page with text, the scan is read too, on its own page;
        // without OCR it is skipped with a warning that says so.
        let scan2 = ("/Resources << /XObject << /Im0 8 0 R >> >>", scan.1);
        let bytes = doc_with(&[(RES, text("Cover page of the lease.")), scan2], &[image]);
        let l = PdfLoader.load(Path::new("t.pdf"), &bytes, "h", &ctx).unwrap();
        let pages: Vec<Option<u32>> = l.objects.iter().flat_map(|o| o.as_text().unwrap().sentences.iter().map(|s| s.page)).collect();
        assert_eq!(pages, vec![Some(1), Some(2)]);
        let l = load(&bytes, Default::default()).unwrap();
        assert!(l.warnings.iter().any(|w| w.contains("1 pages without text (scans) were skipped: OCR is off")), "{:?}", l.warnings);
    }

    fn all_text(l: &Loaded) -> String {
        l.objects.iter().filter_map(|o| o.as_text()).map(|t| t.full_text()).collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn overprinted_glyphs_are_read_once_and_double_letters_are_kept() {
        let g = |x: f64, ch: &str| Glyph { x, y: 700.0, w: 6.0, size: 12.0, ch: ch.into() };
        // "all" with a fake-bold second strike 0.4 pt to the right.
        let glyphs = vec![g(10.0, "a"), g(16.0, "l"), g(22.0, "l"), g(10.4, "a"), g(16.4, "l"), g(22.4, "l")];
        let lines = build_lines(glyphs);
        assert_eq!(lines[0].text(), "all");
    }

    #[test]
    fn a_page_that_is_its_own_parent_is_skipped_and_the_rest_loads() {
        // What the fuzzer found: pdf-extract looks up an inherited key by
        // following /Parent, and page 2 (object 6) is its own parent.
        let mut objects = objects_with(&[(RES, text("Revenue rose in 2019.")), (RES, text("Page two."))], &[]);
        // The MediaBox moves from the page tree's root to page 1, so page 2
        // has to look for it up its (looping) parent chain.
        objects[1] = objects[1].replace(" /MediaBox [0 0 600 800]", "");
        objects[3] = objects[3].replace("/Type /Page", "/Type /Page /MediaBox [0 0 600 800]");
        objects[5] = objects[5].replace("/Parent 2 0 R", "/Parent 6 0 R");
        let loaded = load(&pdf(&objects), Default::default()).unwrap();
        assert!(all_text(&loaded).contains("Revenue rose"), "{loaded:?}");
        assert!(!all_text(&loaded).contains("Page two"));
        assert!(
            loaded.warnings.iter().any(|w| w.starts_with("page 2:") && w.contains("page tree loops")),
            "{:?}",
            loaded.warnings
        );
    }

    #[test]
    fn a_form_that_draws_itself_is_refused_before_reading() {
        // Object 8 is a form whose resources name itself as /X1 and which
        // draws /X1: pdf-extract would recurse until the stack overflows,
        // which no guard can catch.
        let form = stream("/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /X1 8 0 R >> >>", "/X1 Do");
        let bytes = doc_with(
            &[(RES, text("Fine page.")), ("/Resources << /XObject << /X1 8 0 R >> >>", "/X1 Do".to_string())],
            &[form],
        );
        let loaded = load(&bytes, Default::default()).unwrap();
        assert!(all_text(&loaded).contains("Fine page"));
        assert!(loaded.warnings.iter().any(|w| w.starts_with("page 2:") && w.contains("8 0 R draws itself")), "{:?}", loaded.warnings);
    }

    #[test]
    fn forms_that_fan_out_exponentially_are_refused() {
        // Form k draws form k+1 twice, 40 levels deep: 2^40 draws.
        let first = 8;
        let levels = 40;
        let mut forms = Vec::new();
        for k in 0..levels {
            let body = if k + 1 < levels { "/N Do /N Do".to_string() } else { text("leaf") };
            let res = if k + 1 < levels {
                format!("/Resources << /XObject << /N {} 0 R >> >>", first + k + 1)
            } else {
                RES.to_string()
            };
            forms.push(stream(&format!("/Type /XObject /Subtype /Form /BBox [0 0 10 10] {res}"), &body));
        }
        let bytes = doc_with(
            &[(RES, text("Fine page.")), (&format!("/Resources << /XObject << /N {first} 0 R >> >>"), "/N Do".to_string())],
            &forms,
        );
        let loaded = load(&bytes, Default::default()).unwrap();
        assert!(all_text(&loaded).contains("Fine page"));
        assert!(loaded.warnings.iter().any(|w| w.starts_with("page 2:") && w.contains("more than 100000 draws")), "{:?}", loaded.warnings);
    }

    #[test]
    fn shared_forms_within_the_limit_are_read() {
        // A diamond: the page draws A twice, A draws B twice; B has text.
        let a = stream("/Type /XObject /Subtype /Form /BBox [0 0 10 10] /Resources << /XObject << /B 7 0 R >> >>", "/B Do /B Do");
        let b = stream(&format!("/Type /XObject /Subtype /Form /BBox [0 0 10 10] {RES}"), &text("Inside the form."));
        let bytes = doc_with(&[("/Resources << /XObject << /A 6 0 R >> >>", "/A Do /A Do".to_string())], &[a, b]);
        let loaded = load(&bytes, Default::default()).unwrap();
        assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
        assert!(all_text(&loaded).contains("Inside the form"), "{loaded:?}");
    }

    #[test]
    fn a_page_past_its_time_budget_is_stopped() {
        let long: String = (0..50_000).map(|i| format!("({i} words of text) Tj ")).collect();
        let slow = format!("BT /F1 12 Tf 72 700 Td {long} ET");
        let bytes = doc_with(&[(RES, slow)], &[]);
        let limits = super::super::Limits { pdf_page_time: Duration::from_millis(1), ..Default::default() };
        let err = load(&bytes, limits).unwrap_err();
        assert_eq!(err.code(), "corrupt", "{err}");
        assert!(err.to_string().contains("page 1: reading it ran past"), "{err}");
        // The same page with time to spare reads.
        let loaded = load(&bytes, Default::default()).unwrap();
        assert!(all_text(&loaded).contains("49999 words of text"));
    }

    /// Never looks at its cancel flag on pages 2 and 3: it sleeps past any
    /// budget, the way a parser stuck in a loop would.
    fn stuck_on_2_and_3(_: &Document, no: u32, _: ObjectId, _: &Path, _: Duration, _: &Arc<AtomicBool>) -> PageOutcome {
        if no == 2 || no == 3 {
            std::thread::sleep(Duration::from_millis(2500));
        }
        PageOutcome::Read(no, vec![Glyph { x: 0.0, y: 0.0, w: 1.0, size: 1.0, ch: "x".into() }])
    }

    fn five_pages() -> (Arc<Document>, Vec<(u32, ObjectId)>) {
        let pages: Vec<(&str, String)> = (1..=5).map(|i| (RES, text(&format!("Page {i}.")))).collect();
        let doc = Document::load_mem(&doc_with(&pages, &[])).unwrap();
        let ids = doc.get_pages().into_iter().collect();
        (Arc::new(doc), ids)
    }

    #[test]
    fn a_page_that_never_returns_is_abandoned_and_a_second_one_gives_up_the_file() {
        let (doc, pages) = five_pages();
        // One stuck page: skipped, and a fresh worker reads the rest.
        let (read, warnings) =
            read_pages_with(doc.clone(), pages[..2].iter().chain(&pages[3..]).copied().collect(), Path::new("t.pdf"), Duration::from_millis(10), stuck_on_2_and_3).unwrap();
        assert_eq!(read.iter().map(|r| r.0).collect::<Vec<_>>(), vec![1, 4, 5]);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].starts_with("page 2: reading it did not finish"), "{warnings:?}");
        // Two stuck pages: the file is given up with a timeout error.
        let err = read_pages_with(doc, pages, Path::new("t.pdf"), Duration::from_millis(10), stuck_on_2_and_3).unwrap_err();
        assert_eq!(err.code(), "timeout");
        assert!(err.to_string().contains("t.pdf: gave up: reading page 3"), "{err}");
    }

    /// A table's header and rows from `from` to `to`, downwards from `y`.
    fn table_rows(header: [&str; 3], from: usize, to: usize, y: f64) -> Vec<(f64, f64, String)> {
        let mut out = vec![(72.0, y, header[0].to_string()), (250.0, y, header[1].to_string()), (330.0, y, header[2].to_string())];
        for (k, i) in (from..=to).enumerate() {
            let y = y - 15.0 * (k + 1) as f64;
            out.extend([(72.0, y, format!("Region {i}")), (250.0, y, format!("{}", 1000 + i)), (330.0, y, format!("{}", 900 + i))]);
        }
        out
    }

    fn tables_of(l: &Loaded) -> Vec<(&SourceObject, &crate::source::TableContent)> {
        l.objects.iter().filter_map(|o| o.as_table().map(|t| (o, t))).collect()
    }

    #[test]
    fn a_table_over_a_page_break_is_one_table_without_its_repeated_header() {
        let header = ["Region", "2019", "2018"];
        let mut p1 = vec![(72.0, 760.0, "Revenue by region is shown below.".to_string()), (72.0, 700.0, "Revenue by region".to_string())];
        p1.extend(table_rows(header, 1, 20, 685.0));
        p1.push((280.0, 40.0, "Page 1".to_string()));
        let mut p2 = vec![(72.0, 770.0, "ACME Corp annual report".to_string())];
        p2.extend(table_rows(header, 21, 25, 700.0));
        p2.push((72.0, 500.0, "All figures are in thousands of dollars.".to_string()));
        let bytes = aurag_testkit::pdf_placed_text(&[p1, p2]);
        let l = load(&bytes, Default::default()).unwrap();
        let tables = tables_of(&l);
        assert_eq!(tables.len(), 1, "{:?}", tables.iter().map(|t| &t.1.columns).collect::<Vec<_>>());
        let (o, t) = tables[0];
        assert!(matches!(&o.provenance.locator, Locator::Pages { pages, .. } if pages == &[1, 2]), "{:?}", o.provenance.locator);
        assert_eq!(t.header_rows, 1);
        assert_eq!(t.columns, vec!["Region", "2019", "2018"]);
        assert_eq!(t.data_rows().len(), 25, "the repeated header is dropped");
        assert_eq!(t.grid.iter().filter(|r| r[0].text == "Region").count(), 1);
        assert_eq!(t.caption.as_deref(), Some("Revenue by region"));
        // Each row knows its page: the header and rows 1-20 on page 1.
        assert_eq!((t.row_page(0), t.row_page(20), t.row_page(21), t.row_page(25)), (Some(1), Some(1), Some(2), Some(2)));
        assert_eq!(t.cell(23, 0).unwrap().text, "Region 23");
        assert_eq!(t.cell(23, 1).unwrap().value, crate::source::CellValue::Number(1023.0));
        let mut described = o.clone();
        aurag_core::describe::describe(&mut described);
        assert!(described.description.contains("Table on pages 1-2"), "{}", described.description);
        // The running header and the note stay text.
        assert!(all_text(&l).contains("ACME Corp annual report") && all_text(&l).contains("All figures are in thousands"));
    }

    #[test]
    fn tables_on_consecutive_pages_stay_apart_when_they_are_not_one() {
        let mut p1 = table_rows(["Region", "2019", "2018"], 1, 20, 685.0);
        p1.push((280.0, 40.0, "Page 1".to_string()));
        // Another header on the next page: another table.
        let p2 = table_rows(["Segment", "2019", "2018"], 1, 5, 700.0);
        let bytes = aurag_testkit::pdf_placed_text(&[p1, p2]);
        let l = load(&bytes, Default::default()).unwrap();
        let t = tables_of(&l);
        assert_eq!(t.len(), 2);
        assert_eq!((t[0].1.data_rows().len(), t[1].1.data_rows().len()), (20, 5));
        assert!(t.iter().all(|(_, t)| t.row_pages.is_none()));
        // The same columns under a title of their own: another table.
        let mut p1 = table_rows(["Region", "2019", "2018"], 1, 20, 685.0);
        p1.push((280.0, 40.0, "Page 1".to_string()));
        let mut p2 = vec![(72.0, 715.0, "Headcount by region".to_string())];
        p2.extend(table_rows(["Region", "2019", "2018"], 1, 5, 700.0));
        let l = load(&aurag_testkit::pdf_placed_text(&[p1, p2]), Default::default()).unwrap();
        let t = tables_of(&l);
        assert_eq!(t.len(), 2, "{:?}", t.iter().map(|t| &t.1.caption).collect::<Vec<_>>());
        assert_eq!(t[1].1.caption.as_deref(), Some("Headcount by region"));
        // A paragraph after the first table: it ended on its page.
        let mut p1 = table_rows(["Region", "2019", "2018"], 1, 20, 685.0);
        p1.push((72.0, 300.0, "The table shows the revenue of each region in the year.".to_string()));
        p1.push((72.0, 285.0, "Growth came from new customers in most regions.".to_string()));
        p1.push((72.0, 270.0, "Margins were stable across the regions.".to_string()));
        let p2 = table_rows(["Region", "2019", "2018"], 21, 25, 700.0);
        let bytes = aurag_testkit::pdf_placed_text(&[p1, p2]);
        assert_eq!(tables_of(&load(&bytes, Default::default()).unwrap()).len(), 2);
    }
}
