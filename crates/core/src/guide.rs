//! Extraction guides (AU-RAG §4.2): worked examples of how a question was
//! answered, which the agent retrieves by question similarity and shows to
//! its judges and extractors as few-shot examples.
//!
//! A guide is a question plus the sources that answered it; each source
//! holds the object it used, the typed retrieval actions taken on it and
//! the contexts those actions retrieved. Negative sources (objects judged
//! irrelevant) serve as counter-examples. Analysts make guides by recording
//! their own sessions; the evaluation harness builds them from TAT-QA's
//! gold annotations. The JSON format is documented in `docs/guides.md`.

use serde::{Deserialize, Serialize};

use crate::action::RetrievalAction;
use crate::source::ContentType;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GuideSource {
    pub object_id: String,
    pub content_type: ContentType,
    /// The object's description at the time, so a guide reads on its own.
    #[serde(default)]
    pub description: String,
    pub actions: Vec<RetrievalAction>,
    /// What the actions retrieved, as shown to the analyst.
    pub contexts: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Guide {
    pub id: String,
    pub question: String,
    pub sources: Vec<GuideSource>,
    /// Objects judged irrelevant to the question.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub negatives: Vec<GuideSource>,
    /// The answer the sources support, when recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<String>,
    /// Where the guide came from: an analyst's name or `tatqa:<context>`.
    #[serde(default)]
    pub author: String,
    /// The document group the guide was made from; the evaluation uses it
    /// to keep a question from seeing a guide of its own context.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub context: Option<String>,
    /// RFC 3339.
    #[serde(default)]
    pub created_at: String,
}

#[derive(Debug, thiserror::Error)]
pub enum GuideError {
    #[error("{path}: not guides in JSON ({reason}); expected a guide object, an array of guides or one guide per line (see docs/guides.md)")]
    Format { path: String, reason: String },
}

impl GuideError {
    pub fn code(&self) -> &'static str {
        match self {
            GuideError::Format { .. } => "guide_format",
        }
    }
}

/// Reads guides written as one JSON object, a JSON array, or JSON lines;
/// `path` names the input in errors.
pub fn parse_guides(bytes: &[u8], path: &str) -> Result<Vec<Guide>, GuideError> {
    let bad = |reason: String| GuideError::Format { path: path.to_string(), reason };
    let text = std::str::from_utf8(bytes).map_err(|e| bad(e.to_string()))?.trim_start_matches('\u{feff}').trim();
    if text.starts_with('[') {
        return serde_json::from_str(text).map_err(|e| bad(e.to_string()));
    }
    if let Ok(g) = serde_json::from_str::<Guide>(text) {
        return Ok(vec![g]);
    }
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| serde_json::from_str::<Guide>(l).map_err(|e| bad(format!("line {}: {e}", n + 1))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_an_object_an_array_and_json_lines_and_names_the_bad_line() {
        let one = r#"{"id":"g1","question":"What was revenue in 2019?","sources":[{"object_id":"t1","content_type":"table","actions":[{"action":"SelectCoordinates","source":"t1","selection":{"cells":[{"row":1,"col":1}]}}],"contexts":["Revenue | 2019: 5"]}]}"#;
        let g = parse_guides(one.as_bytes(), "a.json").unwrap();
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].sources[0].actions[0].source(), "t1");
        let arr = format!("[{one},{}]", one.replace("g1", "g2"));
        assert_eq!(parse_guides(arr.as_bytes(), "b.json").unwrap().len(), 2);
        let lines = format!("{one}\n\n{}\n", one.replace("g1", "g3"));
        let ids: Vec<String> = parse_guides(lines.as_bytes(), "c.jsonl").unwrap().into_iter().map(|g| g.id).collect();
        assert_eq!(ids, ["g1", "g3"]);
        let broken = format!("{one}\n{{\"id\": 3}}\n");
        let err = parse_guides(broken.as_bytes(), "d.jsonl").unwrap_err().to_string();
        assert!(err.contains("d.jsonl") && err.contains("line 2"), "{err}");
    }
}
