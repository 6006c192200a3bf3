//! Plain text and Markdown: UTF-8 only, chunked into text objects located by
//! line range. A file with invalid UTF-8 or NUL bytes is refused rather than
//! guessed at, so no sentence is ever cited with mangled characters.

use std::path::Path;

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
        let sentences: Vec<Sentence> = crate::text::split_sentences(text)
            .into_iter()
            .enumerate()
            .map(|(i, (off, s))| Sentence { idx: i as u32, text: s, page: None, offset: off as u32 })
            .collect();
        let objects = text_objects(
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
        Ok(Loaded { objects, warnings: Vec::new(), pages: 0, rows: 0 })
    }
}
