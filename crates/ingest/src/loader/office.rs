//! What the Word and PowerPoint readers share: opening an Office Open XML
//! zip with the same refusals as a workbook (empty, an encrypted or legacy
//! OLE container, a decompression bomb), reading one part under the
//! inflation limit, and the text of quick-xml events (entity references
//! arrive as their own events since quick-xml 0.38).

use std::io::{Cursor, Read};
use std::path::Path;

use quick_xml::events::{BytesRef, BytesStart};

use super::sheet::{has_cfb_stream, zip_inflated_bytes, CFB_MAGIC};
use super::{LoadContext, LoadError};

/// An Office zip, checked before anything in it is read. `format` names
/// the document in errors ("Word document"), `legacy` its pre-2007
/// extension (".doc").
pub(crate) fn open_zip<'a>(path: &Path, bytes: &'a [u8], ctx: &LoadContext, format: &'static str, legacy: &str) -> Result<zip::ZipArchive<Cursor<&'a [u8]>>, LoadError> {
    let p = path.to_path_buf();
    if bytes.is_empty() {
        return Err(LoadError::Empty { path: p });
    }
    let corrupt = |reason: String| LoadError::Corrupt { path: path.to_path_buf(), format, reason };
    if bytes.starts_with(CFB_MAGIC) {
        if has_cfb_stream(bytes, "EncryptedPackage") || has_cfb_stream(bytes, "EncryptionInfo") {
            return Err(LoadError::Encrypted { path: p, what: format });
        }
        return Err(corrupt(format!("an OLE container, not a zip (a {legacy} saved under another name?)")));
    }
    let inflated = zip_inflated_bytes(bytes).map_err(|e| corrupt(format!("not a readable zip archive: {e}")))?;
    if inflated > ctx.limits.max_inflated_bytes {
        return Err(LoadError::TooLarge {
            path: p,
            what: format!("the archive inflates to {} MB, a decompression bomb?", inflated >> 20),
            limit: format!("{} MB inflated", ctx.limits.max_inflated_bytes >> 20),
        });
    }
    zip::ZipArchive::new(Cursor::new(bytes)).map_err(|e| corrupt(format!("not a readable zip archive: {e}")))
}

/// One part of the zip (`None` when there is none), read up to the
/// inflation limit; the error is the reason, for the caller's
/// [`LoadError::Corrupt`].
pub(crate) fn read_part(zip: &mut zip::ZipArchive<Cursor<&[u8]>>, name: &str, ctx: &LoadContext) -> Result<Option<Vec<u8>>, String> {
    let Ok(entry) = zip.by_name(name) else { return Ok(None) };
    let mut out = Vec::new();
    entry.take(ctx.limits.max_inflated_bytes).read_to_end(&mut out).map_err(|e| format!("{name}: {e}"))?;
    Ok(Some(out))
}

/// An attribute's value by its local name (`w:val` → `val`).
pub(crate) fn attr(e: &BytesStart, name: &str) -> Option<String> {
    e.attributes().flatten().find(|a| a.key.local_name().into_inner() == name).map(|a| a.value.to_string())
}

/// Appends the text an entity or character reference stands for.
pub(crate) fn push_ref(out: &mut String, r: &BytesRef) {
    if let Ok(Some(c)) = r.resolve_char_ref() {
        out.push(c);
    } else if let Some(s) = quick_xml::escape::resolve_predefined_entity(r.as_ref()) {
        out.push_str(s);
    }
}
