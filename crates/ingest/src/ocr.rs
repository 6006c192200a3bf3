//! OCR: text from scanned PDF pages and images, with each word's box.
//!
//! Scans are common in analysts' folders (signed contracts, faxed
//! statements, photographed tables), and without OCR they have no text at
//! all. The [`Ocr`] trait is the stage; [`TesseractCli`] is the real one:
//! Tesseract from the system (`tesseract-ocr`, `tesseract-ocr-eng`) and,
//! for PDF pages, Poppler's `pdftoppm` (`poppler-utils`) to render the page
//! first. Both run as child processes rather than through C bindings: no
//! native library to link into the build (two cores, a build budget), a
//! crash or hang in them cannot take the app down, and each call has a time
//! limit after which the process is killed. Tesseract's TSV output keeps
//! every word's box and confidence, which [`OcrPage::lines`] groups back
//! into lines and paragraphs.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One recognized word: its text, Tesseract's confidence (0 to 100) and its
/// box in pixels of the page image.
#[derive(Debug, Clone, PartialEq)]
pub struct OcrWord {
    pub text: String,
    pub conf: f32,
    /// left, top, width, height in pixels.
    pub bbox: [u32; 4],
    /// Which paragraph and line of the page it belongs to, as Tesseract
    /// numbered them (block, paragraph, line).
    pub line: (u32, u32, u32),
}

/// The words of one page image, in reading order, and the image's size.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OcrPage {
    /// 1-based page of the source (a TIFF can hold several).
    pub page: u32,
    pub width: u32,
    pub height: u32,
    pub words: Vec<OcrWord>,
}

impl OcrPage {
    /// Mean word confidence, 0 to 100 (0 for a page without words).
    pub fn confidence(&self) -> f32 {
        if self.words.is_empty() {
            return 0.0;
        }
        self.words.iter().map(|w| w.conf).sum::<f32>() / self.words.len() as f32
    }

    /// The page's text with, for each word, its byte range in that text:
    /// words of a line joined by spaces, lines of a paragraph by spaces
    /// (a line-end hyphen joins the halves), paragraphs by blank lines.
    pub fn text(&self) -> (String, Vec<std::ops::Range<usize>>) {
        let mut text = String::new();
        let mut ranges = Vec::with_capacity(self.words.len());
        let mut last: Option<(u32, u32, u32)> = None;
        for w in &self.words {
            if let Some(prev) = last {
                if (prev.0, prev.1) != (w.line.0, w.line.1) {
                    text.push_str("\n\n");
                } else if prev.2 != w.line.2 && text.ends_with('-') && text.len() > 1 {
                    text.pop();
                } else {
                    text.push(' ');
                }
            }
            let start = text.len();
            text.push_str(&w.text);
            ranges.push(start..text.len());
            last = Some(w.line);
        }
        (text, ranges)
    }

    /// The box around the words overlapping `range` of [`text`](Self::text),
    /// as fractions of the page (left, top, right, bottom).
    pub fn bbox_of(&self, ranges: &[std::ops::Range<usize>], range: std::ops::Range<usize>) -> Option<[f32; 4]> {
        let boxes = self.word_boxes(ranges, range);
        let first = *boxes.first()?;
        Some(boxes.iter().fold(first, |[l, t, r, b], [x0, y0, x1, y1]| [l.min(*x0), t.min(*y0), r.max(*x1), b.max(*y1)]))
    }

    /// The box of each word overlapping `range` of [`text`](Self::text), in
    /// reading order, as fractions of the page (left, top, right, bottom).
    pub fn word_boxes(&self, ranges: &[std::ops::Range<usize>], range: std::ops::Range<usize>) -> Vec<[f32; 4]> {
        let (w, h) = (self.width.max(1) as f32, self.height.max(1) as f32);
        self.words
            .iter()
            .zip(ranges)
            .filter(|(_, r)| r.start < range.end && range.start < r.end)
            .map(|(word, _)| {
                let [x, y, bw, bh] = word.bbox;
                [x as f32 / w, y as f32 / h, (x + bw) as f32 / w, (y + bh) as f32 / h]
            })
            .collect()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum OcrError {
    #[error("{tool} is not installed (apt-get install {package})")]
    Missing { tool: &'static str, package: &'static str },
    #[error("{tool} failed on {what}: {reason}")]
    Failed { tool: &'static str, what: String, reason: String },
    #[error("{tool} did not finish {what} within {limit:?}")]
    Timeout { tool: &'static str, what: String, limit: Duration },
    #[error("OCR temporary file: {0}")]
    Io(#[from] std::io::Error),
}

impl OcrError {
    pub fn code(&self) -> &'static str {
        match self {
            OcrError::Missing { .. } => "ocr_missing",
            OcrError::Failed { .. } => "ocr_failed",
            OcrError::Timeout { .. } => "ocr_timeout",
            OcrError::Io(_) => "io",
        }
    }
}

/// Reads text off page images.
pub trait Ocr: Send + Sync {
    /// A name for traces and tags, e.g. `tesseract 5.3.0 (eng)`.
    fn name(&self) -> String;
    /// An image file's pages (PNG, JPEG, TIFF; a TIFF may hold several).
    fn image(&self, bytes: &[u8]) -> Result<Vec<OcrPage>, OcrError>;
    /// One page (1-based) of a PDF, rendered and read.
    fn pdf_page(&self, pdf: &[u8], page: u32) -> Result<OcrPage, OcrError>;
    /// Several pages of one PDF, each read or failed on its own. An engine
    /// that works on files writes the PDF once for all of them.
    fn pdf_pages(&self, pdf: &[u8], pages: &[u32]) -> Vec<(u32, Result<OcrPage, OcrError>)> {
        pages.iter().map(|&p| (p, self.pdf_page(pdf, p))).collect()
    }
}

/// Tesseract and pdftoppm from the system, as child processes.
#[derive(Debug, Clone)]
pub struct TesseractCli {
    pub tesseract: PathBuf,
    /// Needed for PDF pages only.
    pub pdftoppm: Option<PathBuf>,
    pub lang: String,
    /// Resolution PDF pages are rendered at; Tesseract reads best at 300.
    pub dpi: u32,
    /// Per call; the process is killed after it.
    pub time_limit: Duration,
    /// `tesseract --version`'s first line, asked once and only when a name
    /// is wanted (after OCR found text), not each time a workspace opens.
    version: std::sync::OnceLock<String>,
}

fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file())
}

impl TesseractCli {
    /// Tesseract (and pdftoppm) found on PATH, with English; `None` when
    /// Tesseract is not installed. `AURAG_OCR=off` turns OCR off.
    pub fn detect() -> Option<TesseractCli> {
        if std::env::var("AURAG_OCR").is_ok_and(|v| v == "off" || v == "0") {
            return None;
        }
        let tesseract = on_path("tesseract")?;
        Some(TesseractCli { tesseract, pdftoppm: on_path("pdftoppm"), lang: "eng".into(), dpi: 300, time_limit: Duration::from_secs(120), version: Default::default() })
    }

    fn version(&self) -> &str {
        self.version.get_or_init(|| {
            let Ok(out) = Command::new(&self.tesseract).arg("--version").stdin(Stdio::null()).output() else { return "tesseract".into() };
            let text = String::from_utf8_lossy(if out.stdout.is_empty() { &out.stderr } else { &out.stdout }).to_string();
            text.lines().next().unwrap_or("tesseract").trim().to_string()
        })
    }

    /// Renders one page of the PDF at `file` (in `dir`) and reads it.
    fn read_pdf_page(&self, pdftoppm: &Path, file: &Path, dir: &Path, page: u32) -> Result<OcrPage, OcrError> {
        let what = format!("page {page}");
        let stem = dir.join(format!("page-{page}"));
        let mut cmd = Command::new(pdftoppm);
        cmd.args(["-r", &self.dpi.to_string(), "-gray", "-png", "-singlefile", "-f", &page.to_string(), "-l", &page.to_string()]).arg(file).arg(&stem);
        self.run("pdftoppm", cmd, &what)?;
        let png = stem.with_extension("png");
        let pages = self.tesseract_tsv(&png, &what);
        let _ = std::fs::remove_file(&png);
        let mut p = pages?.into_iter().next().unwrap_or_default();
        p.page = page;
        Ok(p)
    }

    /// Runs a tool with a time limit; stdout on success.
    fn run(&self, tool: &'static str, mut cmd: Command, what: &str) -> Result<Vec<u8>, OcrError> {
        // One thread each: the loaders already run files in parallel.
        cmd.env("OMP_THREAD_LIMIT", "1").stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped());
        let mut child = cmd.spawn().map_err(|e| OcrError::Failed { tool, what: what.into(), reason: e.to_string() })?;
        let mut stdout = child.stdout.take().expect("piped");
        let mut stderr = child.stderr.take().expect("piped");
        let out = std::thread::spawn(move || {
            let mut b = Vec::new();
            let _ = stdout.read_to_end(&mut b);
            b
        });
        let err = std::thread::spawn(move || {
            let mut b = Vec::new();
            let _ = stderr.read_to_end(&mut b);
            b
        });
        let start = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait()? {
                break s;
            }
            if start.elapsed() > self.time_limit {
                let _ = child.kill();
                let _ = child.wait();
                return Err(OcrError::Timeout { tool, what: what.into(), limit: self.time_limit });
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let (out, err) = (out.join().unwrap_or_default(), err.join().unwrap_or_default());
        if !status.success() {
            let reason = String::from_utf8_lossy(&err).lines().rfind(|l| !l.trim().is_empty()).unwrap_or("no message").to_string();
            return Err(OcrError::Failed { tool, what: what.into(), reason: format!("{status}: {reason}") });
        }
        Ok(out)
    }

    fn tesseract_tsv(&self, image: &Path, what: &str) -> Result<Vec<OcrPage>, OcrError> {
        let mut cmd = Command::new(&self.tesseract);
        cmd.arg(image).arg("stdout").arg("-l").arg(&self.lang).arg("tsv");
        let tsv = self.run("tesseract", cmd, what)?;
        Ok(parse_tsv(&String::from_utf8_lossy(&tsv)))
    }
}

impl Ocr for TesseractCli {
    fn name(&self) -> String {
        format!("{} ({})", self.version(), self.lang)
    }

    fn image(&self, bytes: &[u8]) -> Result<Vec<OcrPage>, OcrError> {
        let dir = tempfile::tempdir()?;
        let img = dir.path().join("image");
        std::fs::write(&img, bytes)?;
        self.tesseract_tsv(&img, "the image")
    }

    fn pdf_page(&self, pdf: &[u8], page: u32) -> Result<OcrPage, OcrError> {
        self.pdf_pages(pdf, &[page]).pop().map_or_else(|| Ok(OcrPage { page, ..Default::default() }), |(_, r)| r)
    }

    /// The PDF is written to a temporary file once, and each page rendered
    /// from it in turn.
    fn pdf_pages(&self, pdf: &[u8], pages: &[u32]) -> Vec<(u32, Result<OcrPage, OcrError>)> {
        // (Every page fails alike when the PDF cannot be rendered at all.)
        let fail_all = |make: &dyn Fn() -> OcrError| pages.iter().map(|&p| (p, Err(make()))).collect();
        let Some(pdftoppm) = self.pdftoppm.as_ref() else { return fail_all(&|| OcrError::Missing { tool: "pdftoppm", package: "poppler-utils" }) };
        let written = tempfile::tempdir().and_then(|dir| {
            let file = dir.path().join("in.pdf");
            std::fs::write(&file, pdf).map(|_| (dir, file))
        });
        let (dir, file) = match written {
            Ok(w) => w,
            Err(e) => return fail_all(&|| OcrError::Io(std::io::Error::new(e.kind(), e.to_string()))),
        };
        pages.iter().map(|&p| (p, self.read_pdf_page(pdftoppm, &file, dir.path(), p))).collect()
    }
}

/// Parses Tesseract's TSV: page rows (level 1) give each page's size, word
/// rows (level 5) the words; empty words and those with confidence -1 are
/// dropped.
pub fn parse_tsv(tsv: &str) -> Vec<OcrPage> {
    let mut pages: Vec<OcrPage> = Vec::new();
    for line in tsv.lines().skip(1) {
        let f: Vec<&str> = line.splitn(12, '\t').collect();
        if f.len() < 12 {
            continue;
        }
        let n = |i: usize| f[i].trim().parse::<u32>().unwrap_or(0);
        let page = n(1).max(1);
        if pages.last().is_none_or(|p| p.page != page) {
            pages.push(OcrPage { page, ..Default::default() });
        }
        let p = pages.last_mut().expect("pushed");
        match n(0) {
            1 => {
                p.width = n(8);
                p.height = n(9);
            }
            5 => {
                let text = f[11].trim();
                let conf: f32 = f[10].trim().parse().unwrap_or(-1.0);
                if !text.is_empty() && conf >= 0.0 {
                    p.words.push(OcrWord { text: text.to_string(), conf, bbox: [n(6), n(7), n(8), n(9)], line: (n(2), n(3), n(4)) });
                }
            }
            _ => {}
        }
    }
    pages
}

/// A deterministic stand-in for tests: fixed pages per call.
pub struct ScriptedOcr {
    pub pages: Vec<OcrPage>,
}

impl ScriptedOcr {
    /// One page of `lines`, each a paragraph of one line, words 100 px
    /// wide and lines 50 px apart on a 1000 × 1000 page, confidence 90.
    pub fn lines(lines: &[&str]) -> ScriptedOcr {
        let mut words = Vec::new();
        for (i, l) in lines.iter().enumerate() {
            for (j, w) in l.split_whitespace().enumerate() {
                words.push(OcrWord { text: w.into(), conf: 90.0, bbox: [j as u32 * 100, i as u32 * 50, 90, 40], line: (1, i as u32 + 1, 1) });
            }
        }
        ScriptedOcr { pages: vec![OcrPage { page: 1, width: 1000, height: 1000, words }] }
    }
}

impl Ocr for ScriptedOcr {
    fn name(&self) -> String {
        "scripted".into()
    }
    fn image(&self, _: &[u8]) -> Result<Vec<OcrPage>, OcrError> {
        Ok(self.pages.clone())
    }
    fn pdf_page(&self, _: &[u8], page: u32) -> Result<OcrPage, OcrError> {
        let mut p = self.pages.first().cloned().unwrap_or_default();
        p.page = page;
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TSV: &str = "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext
1\t1\t0\t0\t0\t0\t0\t0\t2000\t1000\t-1\t
5\t1\t1\t1\t1\t1\t100\t100\t200\t50\t95.5\tRevenue
5\t1\t1\t1\t1\t2\t320\t100\t100\t50\t91\trose
5\t1\t1\t1\t2\t1\t100\t160\t200\t50\t88\tsharp-
5\t1\t1\t1\t3\t1\t100\t220\t200\t50\t80\tly.
4\t1\t1\t2\t1\t0\t100\t400\t800\t50\t-1\t
5\t1\t1\t2\t1\t1\t100\t400\t300\t50\t70\tNext
5\t1\t1\t2\t1\t2\t420\t400\t60\t50\t-1\t 
";

    #[test]
    fn tsv_words_become_lines_paragraphs_and_boxes() {
        let pages = parse_tsv(TSV);
        assert_eq!(pages.len(), 1);
        let p = &pages[0];
        assert_eq!((p.width, p.height, p.words.len()), (2000, 1000, 5));
        let (text, ranges) = p.text();
        assert_eq!(text, "Revenue rose sharply.\n\nNext");
        assert!((p.confidence() - (95.5 + 91.0 + 88.0 + 80.0 + 70.0) / 5.0).abs() < 1e-4);
        // The first sentence spans three lines: its box covers them all.
        let b = p.bbox_of(&ranges, 0..21).unwrap();
        assert_eq!(b, [0.05, 0.1, 0.21, 0.27]);
        assert_eq!(p.bbox_of(&ranges, 23..27).unwrap(), [0.05, 0.4, 0.2, 0.45]);
    }
}
