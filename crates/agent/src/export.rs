//! Answers taken elsewhere: a conversation (or one of its turns) as
//! Markdown with its citations, and a text written to a file the analyst
//! names. One renderer for the CLI (`aurag chat --export`) and the app
//! (Copy as Markdown, Save), so both write the same document.

use std::path::{Path, PathBuf};

use crate::conversation::{Conversation, FollowUpKind, Turn};

/// A file could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error("{path} exists; choose another name or allow replacing it")]
    Exists { path: PathBuf },
    #[error("writing {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("the conversation has no turn {turn} (it has {turns})")]
    NoTurn { turn: usize, turns: usize },
}

impl ExportError {
    pub fn code(&self) -> &'static str {
        match self {
            ExportError::Exists { .. } => "exists",
            ExportError::Io { .. } => "io",
            ExportError::NoTurn { .. } => "not_found",
        }
    }
}

fn file_name(f: &str) -> &str {
    Path::new(f).file_name().and_then(|n| n.to_str()).unwrap_or(f)
}

/// One turn as Markdown: the question, how it was read, the answer with
/// its citation markers, the computation, and the citations listed.
pub fn turn_markdown(t: &Turn) -> String {
    let mut out = format!("**Q:** {}\n", t.question);
    if t.reading.kind != FollowUpKind::New {
        out.push_str(&format!("*Read as:* {}\n", t.reading.read_as));
    }
    out.push('\n');
    let a = &t.answer;
    if a.unknown {
        out.push_str("**unknown**");
        if !a.reason.is_empty() {
            out.push_str(&format!(" — {}", a.reason));
        }
        out.push('\n');
        return out;
    }
    let markers: String = (1..=a.citations.len()).map(|i| format!("[{i}]")).collect();
    out.push_str(&a.text);
    if !markers.is_empty() {
        out.push(' ');
        out.push_str(&markers);
    }
    out.push('\n');
    if let Some(c) = &a.computation {
        out.push_str(&format!("\nComputed: `{}` = {}\n", c.formula, c.result));
    }
    if !a.citations.is_empty() {
        out.push('\n');
        for (i, c) in a.citations.iter().enumerate() {
            let text = c.text.split_whitespace().collect::<Vec<_>>().join(" ");
            out.push_str(&format!("[{}]: {}, {} — {}\n", i + 1, file_name(&c.file), c.locator, text));
        }
    }
    out
}

/// The whole conversation (`turn: None`), or its turn `turn` (1-based).
pub fn markdown(c: &Conversation, turn: Option<usize>) -> Result<String, ExportError> {
    match turn {
        Some(n) => c.turns.get(n.wrapping_sub(1)).map(turn_markdown).ok_or(ExportError::NoTurn { turn: n, turns: c.turns.len() }),
        None => {
            let mut out = format!("# {}\n", if c.title.is_empty() { "Conversation" } else { &c.title });
            for t in &c.turns {
                out.push('\n');
                out.push_str(&turn_markdown(t));
            }
            Ok(out)
        }
    }
}

/// Writes `text` to `path`, whole (a temporary file renamed over it); an
/// existing file is replaced only when `replace` says so. Returns the bytes
/// written.
pub fn save_text(path: &Path, text: &str, replace: bool) -> Result<u64, ExportError> {
    if path.exists() && !replace {
        return Err(ExportError::Exists { path: path.to_path_buf() });
    }
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let tmp = dir.join(format!(".{}.aurag-tmp", file_name(&path.to_string_lossy())));
    std::fs::write(&tmp, text).map_err(|source| ExportError::Io { path: tmp.clone(), source })?;
    std::fs::rename(&tmp, path).map_err(|source| {
        let _ = std::fs::remove_file(&tmp);
        ExportError::Io { path: path.to_path_buf(), source }
    })?;
    Ok(text.len() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::answer::{Answer, Citation};
    use crate::answer::PredictedAnswer;
    use crate::conversation::{Reading, TurnContext};

    fn turn(q: &str, kind: FollowUpKind, read_as: &str, text: &str, unknown: bool) -> Turn {
        let citations = if unknown { vec![] } else { vec![Citation { source_id: "t".into(), file: "/data/financials.xlsx".into(), locator: "Sales!C5".into(), text: "Asia |  2019:\n700".into(), key: None }] };
        Turn {
            question: q.into(),
            reading: Reading { kind, read_as: read_as.into(), how: String::new() },
            answer: Answer { text: text.into(), unknown, predicted: PredictedAnswer::default(), citations, computation: None, support: 1.0, reason: if unknown { "no source was judged relevant".into() } else { String::new() } },
            context: TurnContext::default(),
        }
    }

    #[test]
    fn a_conversation_and_a_turn_as_markdown() {
        let mut c = Conversation::new();
        c.title = "Sales in Asia".into();
        c.turns.push(turn("What were sales in Asia in 2018?", FollowUpKind::New, "", "650", false));
        c.turns.push(turn("and in 2019?", FollowUpKind::Years, "What were sales in Asia in 2019?", "700", false));
        c.turns.push(turn("Who is the CEO?", FollowUpKind::New, "", "unknown", true));
        assert_eq!(markdown(&c, Some(2)).unwrap(), "**Q:** and in 2019?\n*Read as:* What were sales in Asia in 2019?\n\n700 [1]\n\n[1]: financials.xlsx, Sales!C5 — Asia | 2019: 700\n");
        let all = markdown(&c, None).unwrap();
        assert!(all.starts_with("# Sales in Asia\n\n**Q:** What were sales in Asia in 2018?\n\n650 [1]\n"), "{all}");
        assert!(all.ends_with("**Q:** Who is the CEO?\n\n**unknown** — no source was judged relevant\n"), "{all}");
        assert_eq!(markdown(&c, Some(4)).unwrap_err().code(), "not_found");
        assert_eq!(markdown(&c, Some(0)).unwrap_err().code(), "not_found");
    }

    #[test]
    fn saving_never_replaces_a_file_unless_asked() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("answer.md");
        assert_eq!(save_text(&p, "one", false).unwrap(), 3);
        assert_eq!(save_text(&p, "two", false).unwrap_err().code(), "exists");
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "one");
        save_text(&p, "two", true).unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "two");
        let e = save_text(&dir.path().join("no/such/dir/a.md"), "x", false).unwrap_err();
        assert_eq!(e.code(), "io");
        assert!(e.to_string().contains("no/such/dir"), "{e}");
    }
}
