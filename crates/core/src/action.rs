//! Typed retrieval actions (AU-RAG §4.3): the only ways evidence is taken
//! out of a source object.
//!
//! An action names its source object and the coordinates it selects; our
//! code executes it, never a model, so a model (or a hostile document) can
//! at most pick coordinates inside objects it was shown. Every piece of
//! evidence an answer cites is the result of one of these, which is what
//! lets the app point at the exact sentence, cell or row.

use serde::{Deserialize, Serialize};

use crate::source::{a1, parse_range, SourceObject};

/// A hand-written action that does not parse against its object.
#[derive(Debug, thiserror::Error)]
pub enum ActionError {
    #[error("'{spec}' is not an action: write `sentences ID 1,2`, `cells ID B4:D4` (or `r,c;r,c`) or `sql ID SELECT ...`")]
    Syntax { spec: String },
    #[error("sentence numbers '{idxs}' are not numbers from 1 separated by commas")]
    Indices { idxs: String },
    #[error("{id} is not a table, so it has no cells")]
    NotTable { id: String },
    #[error("'{range}' is neither an A1 range (B4:D4) nor coordinates (r,c;r,c)")]
    Range { range: String },
    #[error("{range} starts outside table {id}, which begins at {start}")]
    OutsideTable { id: String, range: String, start: String },
}

/// A cell coordinate inside a table object: `grid[row][col]`, 0-based,
/// header rows included.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Coord {
    pub row: u32,
    pub col: u32,
}

/// What a `SelectCoordinates` action selects.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Selection {
    Cells(Vec<Coord>),
    Rows(Vec<u32>),
    Cols(Vec<u32>),
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "action")]
pub enum RetrievalAction {
    /// Sentences of a text object by their stable index.
    SelectSentenceIdxs { source: String, idxs: Vec<u32> },
    /// Cells, whole rows or whole columns of a table object.
    SelectCoordinates { source: String, selection: Selection },
    /// A read-only query against a dynamic SQLite object.
    Sql { source: String, query: String },
}

/// One atomic piece of evidence, the unit retrieval-action metrics count.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EvidenceKey {
    Sentence { source: String, idx: u32 },
    Cell { source: String, row: u32, col: u32 },
}

impl RetrievalAction {
    /// Parses a hand-written action (`sentences ID 1,2`, `cells ID B4:D4`,
    /// `sql ID SELECT ...`) against its object, which the caller fetched by
    /// the id in `spec`: the route of `aurag act`, `aurag guides record` and
    /// the app's recording mode.
    pub fn parse(spec: &str, obj: &SourceObject) -> Result<RetrievalAction, ActionError> {
        let syntax = || ActionError::Syntax { spec: spec.to_string() };
        let (kind, rest) = spec.trim().split_once(char::is_whitespace).ok_or_else(syntax)?;
        let (_, arg) = rest.trim().split_once(char::is_whitespace).ok_or_else(syntax)?;
        Self::of_kind(kind, obj, arg.trim())
    }

    /// An action of `kind` (`sentences`, `cells` or `sql`) on `obj` with its
    /// argument written as in [`parse`](Self::parse).
    pub fn of_kind(kind: &str, obj: &SourceObject, arg: &str) -> Result<RetrievalAction, ActionError> {
        let source = obj.id.clone();
        Ok(match kind {
            "sentences" | "sentence" => {
                // Written as people (and citations) count: from 1.
                let idxs = arg
                    .split(',')
                    .map(|x| x.trim().parse::<u32>().ok().and_then(|n| n.checked_sub(1)))
                    .collect::<Option<Vec<_>>>()
                    .ok_or_else(|| ActionError::Indices { idxs: arg.to_string() })?;
                RetrievalAction::SelectSentenceIdxs { source, idxs }
            }
            "cells" | "cell" => RetrievalAction::SelectCoordinates { source, selection: Selection::Cells(cells_of(obj, arg)?) },
            "sql" => RetrievalAction::Sql { source, query: arg.to_string() },
            _ => return Err(ActionError::Syntax { spec: format!("{kind} {} {arg}", obj.id) }),
        })
    }

    pub fn source(&self) -> &str {
        match self {
            RetrievalAction::SelectSentenceIdxs { source, .. }
            | RetrievalAction::SelectCoordinates { source, .. }
            | RetrievalAction::Sql { source, .. } => source,
        }
    }

    /// The evidence units this action selects from `obj` (which must be its
    /// source); coordinates outside the object select nothing. SQL results
    /// are rows of a query, not coordinates of the object, so they have no
    /// keys here.
    pub fn evidence_keys(&self, obj: &SourceObject) -> Vec<EvidenceKey> {
        let source = obj.id.clone();
        match self {
            RetrievalAction::SelectSentenceIdxs { idxs, .. } => {
                let n = obj.as_text().map(|t| t.sentences.len() as u32).unwrap_or(0);
                idxs.iter().filter(|&&i| i < n).map(|&idx| EvidenceKey::Sentence { source: source.clone(), idx }).collect()
            }
            RetrievalAction::SelectCoordinates { selection, .. } => {
                let Some(t) = obj.as_table() else { return Vec::new() };
                let (rows, cols) = (t.n_rows() as u32, t.grid.iter().map(|r| r.len()).max().unwrap_or(0) as u32);
                let cell = |row: u32, col: u32| EvidenceKey::Cell { source: source.clone(), row, col };
                match selection {
                    Selection::Cells(cs) => cs.iter().filter(|c| c.row < rows && c.col < cols).map(|c| cell(c.row, c.col)).collect(),
                    Selection::Rows(rs) => rs.iter().filter(|&&r| r < rows).flat_map(|&r| (0..cols).map(move |c| (r, c))).map(|(r, c)| cell(r, c)).collect(),
                    Selection::Cols(cs) => cs.iter().filter(|&&c| c < cols).flat_map(|&c| (0..rows).map(move |r| (r, c))).map(|(r, c)| cell(r, c)).collect(),
                }
            }
            RetrievalAction::Sql { .. } => Vec::new(),
        }
    }

    /// Everything in an object, as one action: what plain RAG "retrieves".
    pub fn whole(obj: &SourceObject) -> RetrievalAction {
        match (obj.as_text(), obj.as_table()) {
            (Some(t), _) => RetrievalAction::SelectSentenceIdxs { source: obj.id.clone(), idxs: (0..t.sentences.len() as u32).collect() },
            (_, Some(t)) => RetrievalAction::SelectCoordinates { source: obj.id.clone(), selection: Selection::Rows((0..t.n_rows() as u32).collect()) },
            _ => RetrievalAction::SelectSentenceIdxs { source: obj.id.clone(), idxs: Vec::new() },
        }
    }

    /// The retrieved contexts as readable strings: sentences as they are,
    /// cells as `row label | column: value (A1)`.
    pub fn contexts(&self, obj: &SourceObject) -> Vec<String> {
        self.evidence_keys(obj)
            .into_iter()
            .filter_map(|k| match k {
                EvidenceKey::Sentence { idx, .. } => obj.as_text()?.sentences.get(idx as usize).map(|s| s.text.clone()),
                EvidenceKey::Cell { row, col, .. } => {
                    let t = obj.as_table()?;
                    let c = t.cell(row as usize, col as usize)?;
                    if c.text.trim().is_empty() {
                        return None;
                    }
                    let label = t.row_label(row as usize);
                    let header = t.columns.get(col as usize).cloned().unwrap_or_default();
                    Some(format!("{label} | {header}: {} ({})", c.text.trim(), a1(t.origin.0 as usize + row as usize, t.origin.1 as usize + col as usize)))
                }
            })
            .collect()
    }
}

/// The cells of `obj` that `range` names: an A1 range of the sheet
/// (`B4:D4`, clipped to the table) or table coordinates (`r,c;r,c`).
pub fn cells_of(obj: &SourceObject, range: &str) -> Result<Vec<Coord>, ActionError> {
    let t = obj.as_table().ok_or_else(|| ActionError::NotTable { id: obj.id.clone() })?;
    let bad = || ActionError::Range { range: range.to_string() };
    if range.contains(',') && !range.contains(':') {
        return range
            .split(';')
            .map(|p| {
                let (r, c) = p.split_once(',').ok_or_else(bad)?;
                Ok(Coord { row: r.trim().parse().map_err(|_| bad())?, col: c.trim().parse().map_err(|_| bad())? })
            })
            .collect();
    }
    let ((r0, c0), (r1, c1)) = parse_range(range).ok_or_else(bad)?;
    let (or, oc) = (t.origin.0 as usize, t.origin.1 as usize);
    if r0 < or || c0 < oc {
        return Err(ActionError::OutsideTable { id: obj.id.clone(), range: range.to_string(), start: t.a1(0, 0) });
    }
    let mut out = Vec::new();
    for r in r0..=r1.min(or + t.n_rows().saturating_sub(1)) {
        for c in c0..=c1.min(oc + t.n_cols().saturating_sub(1)) {
            out.push(Coord { row: (r - or) as u32, col: (c - oc) as u32 });
        }
    }
    Ok(out)
}
