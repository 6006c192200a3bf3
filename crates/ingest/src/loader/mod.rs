//! Loaders: one per file family, all behind the [`Loader`] trait.
//!
//! A loader turns one file into source objects (without descriptions, which
//! [`crate::describe`] adds) or into a [`LoadError`] that names the file and
//! the reason. Loaders never write to the file they read. Third-party parsers
//! can panic on hostile input, so every load runs under [`guarded`], which
//! turns a panic into an error instead of taking the app down.

pub mod docx;
pub mod html;
pub mod image;
mod office;
pub mod pdf;
pub mod pptx;
pub mod sheet;
pub mod sqlite;
pub mod text;

use std::path::{Path, PathBuf};

use crate::chunk::ChunkConfig;
use crate::embed::Embedder;
use crate::source::SourceObject;

/// Limits that keep memory bounded on huge or hostile inputs.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Largest file accepted, in bytes.
    pub max_file_bytes: u64,
    /// Most data rows in one spreadsheet or CSV table.
    pub max_table_rows: usize,
    /// Most cells in one spreadsheet sheet or CSV.
    pub max_sheet_cells: usize,
    /// Rows of a SQLite table kept as the object's snapshot.
    pub sqlite_snapshot_rows: usize,
    /// Most tables and views taken from one SQLite file.
    pub max_sqlite_tables: usize,
    /// Most pages read from one PDF.
    pub max_pdf_pages: usize,
    /// Most bytes a spreadsheet's zip may inflate to (its central directory
    /// declares them), so a decompression bomb is refused before parsing.
    pub max_inflated_bytes: u64,
    /// Time one PDF page may take to read before it is stopped and skipped.
    pub pdf_page_time: std::time::Duration,
    /// Most pages of one file read by OCR (a few seconds each); the rest
    /// are skipped with a warning.
    pub max_ocr_pages: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_file_bytes: 512 * 1024 * 1024,
            max_table_rows: 200_000,
            max_sheet_cells: 4_000_000,
            sqlite_snapshot_rows: 5_000,
            max_sqlite_tables: 2_000,
            max_pdf_pages: 5_000,
            max_inflated_bytes: 256 * 1024 * 1024,
            pdf_page_time: std::time::Duration::from_secs(20),
            max_ocr_pages: 200,
        }
    }
}

/// What a loader may use besides the file.
#[derive(Default)]
pub struct LoadContext<'a> {
    /// Used for semantic chunking; `None` gives size-bounded chunks.
    pub embedder: Option<&'a dyn Embedder>,
    pub chunk: ChunkConfig,
    pub limits: Limits,
    /// Reads scanned PDF pages and images; `None`: they are refused with
    /// a line that says what to install.
    pub ocr: Option<&'a dyn crate::ocr::Ocr>,
}

/// A file's objects plus notes on anything skipped inside it.
#[derive(Debug, Default)]
pub struct Loaded {
    pub objects: Vec<SourceObject>,
    pub warnings: Vec<String>,
    /// Pages (PDF), rows (tables) and bytes read, for benchmarks.
    pub pages: usize,
    pub rows: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("{path}: cannot read: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("{path}: empty file")]
    Empty { path: PathBuf },
    /// A well-formed file with nothing to read in it (a deck without
    /// slides, a document without text, an image without words): not
    /// broken, so not `corrupt`, and not a zero-byte file either.
    #[error("{path}: nothing to read: {what}")]
    NoText { path: PathBuf, what: String },
    /// A format's version older than its reader takes (Excel 2 to 4).
    #[error("{path}: {what}, which cannot be read; save it again in a newer format (.xlsx)")]
    OldFormat { path: PathBuf, what: &'static str },
    /// A PDF with no text on any page: `why` says whether OCR was off or
    /// found no words.
    #[error("{path}: no text layer (a scan); {why}")]
    NoTextLayer { path: PathBuf, why: String },
    #[error("{path}: an image; OCR is off: install tesseract-ocr and tesseract-ocr-eng to read images")]
    NoOcr { path: PathBuf },
    #[error("{path}: OCR failed: {source}")]
    Ocr { path: PathBuf, source: crate::ocr::OcrError },
    #[error("{path}: encrypted {what}; remove the password and ingest it again")]
    Encrypted { path: PathBuf, what: &'static str },
    #[error("{path}: not a valid {format} file: {reason}")]
    Corrupt { path: PathBuf, format: &'static str, reason: String },
    #[error("{path}: too large: {what} (limit {limit})")]
    TooLarge { path: PathBuf, what: String, limit: String },
    #[error("{path}: not UTF-8 text (invalid byte at offset {offset}); convert it to UTF-8")]
    NotUtf8 { path: PathBuf, offset: usize },
    #[error("{path}: unsupported file type{}", ext.as_deref().map(|e| format!(" '.{e}'")).unwrap_or_default())]
    Unsupported { path: PathBuf, ext: Option<String> },
    #[error("{path}: symlink loop")]
    SymlinkLoop { path: PathBuf },
    #[error("{path}: SQLite error: {reason}")]
    Sqlite { path: PathBuf, reason: String },
    #[error("{path}: the {loader} parser crashed on this file: {message}")]
    Panicked { path: PathBuf, loader: &'static str, message: String },
    #[error("{path}: gave up: {what} did not finish within {limit}")]
    Timeout { path: PathBuf, what: String, limit: String },
    #[error("{path}: embedding failed: {source}")]
    Embed { path: PathBuf, source: crate::embed::EmbedError },
}

impl LoadError {
    /// A stable machine-readable code for the UI and JSON output.
    pub fn code(&self) -> &'static str {
        match self {
            LoadError::Io { .. } => "io",
            LoadError::Empty { .. } => "empty",
            LoadError::NoText { .. } => "no_text",
            LoadError::OldFormat { .. } => "old_format",
            LoadError::NoTextLayer { .. } => "no_text_layer",
            LoadError::NoOcr { .. } => "no_ocr",
            LoadError::Ocr { source, .. } => source.code(),
            LoadError::Encrypted { .. } => "encrypted",
            LoadError::Corrupt { .. } => "corrupt",
            LoadError::TooLarge { .. } => "too_large",
            LoadError::NotUtf8 { .. } => "not_utf8",
            LoadError::Unsupported { .. } => "unsupported",
            LoadError::SymlinkLoop { .. } => "symlink_loop",
            LoadError::Sqlite { .. } => "sqlite",
            LoadError::Panicked { .. } => "parser_crash",
            LoadError::Timeout { .. } => "timeout",
            LoadError::Embed { .. } => "embed",
        }
    }
}

/// One loader per file family.
pub trait Loader: Send + Sync {
    fn name(&self) -> &'static str;
    /// Whether this loader handles the file, judged by extension and the
    /// first bytes.
    fn accepts(&self, path: &Path, head: &[u8]) -> bool;
    /// Reads the file into objects. `bytes` is the whole file; `file_hash`
    /// its sha256, used for object ids.
    fn load(&self, path: &Path, bytes: &[u8], file_hash: &str, ctx: &LoadContext) -> Result<Loaded, LoadError>;
}

/// The loaders in dispatch order.
pub fn default_loaders() -> Vec<Box<dyn Loader>> {
    vec![
        Box::new(sqlite::SqliteLoader),
        Box::new(pdf::PdfLoader),
        Box::new(sheet::SheetLoader),
        Box::new(sheet::CsvLoader),
        Box::new(text::TextLoader),
        Box::new(docx::DocxLoader),
        Box::new(pptx::PptxLoader),
        Box::new(html::HtmlLoader),
        Box::new(image::ImageLoader),
    ]
}

pub fn ext_of(path: &Path) -> Option<String> {
    path.extension().and_then(|e| e.to_str()).map(|e| e.to_ascii_lowercase())
}

/// Is this path one a folder walk should pick up?
pub fn is_supported(path: &Path, loaders: &[Box<dyn Loader>]) -> bool {
    let head = read_head(path).unwrap_or_default();
    loaders.iter().any(|l| l.accepts(path, &head))
}

pub(crate) fn read_head(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::io::Read;
    let mut f = std::fs::File::open(path)?;
    let mut buf = vec![0u8; 64];
    let n = f.read(&mut buf)?;
    buf.truncate(n);
    Ok(buf)
}

thread_local! {
    static IN_GUARD: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Where the last guarded panic happened (`file:line`).
    static PANIC_AT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

static HOOK: std::sync::Once = std::sync::Once::new();

/// Runs `f`, turning a panic inside it into `LoadError::Panicked`. The panic
/// message is captured rather than printed.
pub fn guarded<T>(
    path: &Path,
    loader: &'static str,
    f: impl FnOnce() -> Result<T, LoadError>,
) -> Result<T, LoadError> {
    HOOK.call_once(|| {
        let prev = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if IN_GUARD.with(|g| g.get()) {
                let at = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
                PANIC_AT.with(|p| *p.borrow_mut() = at);
            } else {
                prev(info);
            }
        }));
    });
    IN_GUARD.with(|g| g.set(true));
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(f));
    IN_GUARD.with(|g| g.set(false));
    match r {
        Ok(r) => r,
        Err(p) => {
            let message = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            let at = PANIC_AT.with(|p| std::mem::take(&mut *p.borrow_mut()));
            let message = if at.is_empty() { message } else { format!("{message} (at {})", short_location(&at)) };
            Err(LoadError::Panicked { path: path.to_path_buf(), loader, message })
        }
    }
}

/// A panic location as `crate-version/src/file.rs:line` for a dependency
/// (the registry path trimmed), or as it is for our own code.
pub fn short_location(at: &str) -> String {
    match at.find("/registry/src/") {
        Some(i) => at[i + "/registry/src/".len()..].split_once('/').map(|(_, rest)| rest.to_string()).unwrap_or_else(|| at.to_string()),
        None => at.to_string(),
    }
}

/// Builds text objects from sentences: chunk, then one object per chunk.
pub(crate) fn text_objects(
    sentences: Vec<crate::source::Sentence>,
    path: &Path,
    file_hash: &str,
    ctx: &LoadContext,
    mut locate: impl FnMut(&[crate::source::Sentence], u32) -> crate::source::Locator,
    first_chunk: u32,
) -> Result<Vec<SourceObject>, LoadError> {
    use crate::source::{Content, Provenance, SourceKind, TextContent};
    let chunks = crate::chunk::chunk_sentences(&sentences, ctx.embedder, &ctx.chunk)
        .map_err(|source| LoadError::Embed { path: path.to_path_buf(), source })?;
    let mut out = Vec::with_capacity(chunks.len());
    for (i, chunk) in chunks.into_iter().enumerate() {
        let locator = locate(&chunk, first_chunk + i as u32);
        let prov = Provenance { file: path.display().to_string(), file_hash: file_hash.to_string(), locator };
        out.push(SourceObject::new(SourceKind::Static, prov, Content::Text(TextContent { sentences: chunk })));
    }
    Ok(out)
}
