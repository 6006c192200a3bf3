// Titles and one-line summaries of trace steps for the timeline.
import type { TraceStep } from "../bindings/TraceStep";

export function stepTitle(s: TraceStep): string {
  switch (s.step) {
    case "intent":
      return "Question understanding";
    case "guides":
      return "Guides (Think Tank)";
    case "selection":
      return "Source selection";
    case "refresh":
      return "Refresh of dynamic sources";
    case "actions":
      return "Retrieval actions";
    case "compute":
      return "Compute";
    case "table_query":
      return "Table query";
    case "text_to_sql":
      return "SQL written by the model";
    case "answer":
      return "Answer";
  }
}

export function stepSummary(s: TraceStep): string {
  switch (s.step) {
    case "intent": {
      const i = s.intent;
      const bits = [`${i.answer_type}`, i.operation ? `operation ${i.operation}` : "", i.years.length ? `years ${i.years.join(", ")}` : "", i.terms.length ? `terms ${i.terms.slice(0, 6).join(", ")}` : ""];
      return bits.filter(Boolean).join(" · ");
    }
    case "guides":
      return s.retrieved.length ? `${s.retrieved.length} guides, best ${s.retrieved[0].score.toFixed(2)}` : "no guides";
    case "selection":
      return `${s.selection.chosen.length} chosen after ${s.selection.trials.length} trial${s.selection.trials.length === 1 ? "" : "s"} (${s.selector})`;
    case "refresh":
      return s.refreshed.map((r) => `${r.id}: ${r.rows} rows${r.changed ? ", changed" : ""}`).join("; ");
    case "actions":
      return `${s.results.length} actions, ${s.results.reduce((n, r) => n + r.evidence.length, 0)} pieces of evidence (${s.policy})`;
    case "compute":
      return `${s.computation.formula} = ${s.computation.result}`;
    case "table_query": {
      const p = s.query.plan;
      const result = s.query.result.values.length ? s.query.result.values.slice(0, 5).join(", ") : "no rows";
      const joined = s.query.join ? ` joined on ${s.query.join.on[0]}` : "";
      const pivoted = s.query.pivoted ? " (periods as rows)" : "";
      const relaxed = s.query.relaxed ? ` (left out ${s.query.relaxed.column} = ${s.query.relaxed.values.slice(0, 2).join(", ")})` : "";
      return `${p.kind}${joined}${pivoted}${relaxed}: ${result} (${s.query.result.rows.length} rows${s.used ? ", answered" : ", not used"})`;
    }
    case "text_to_sql": {
      const w = s.writing;
      const last = w.attempts[w.attempts.length - 1];
      const outcome = !last ? "no statement" : last.error ? `error: ${last.error}` : `${last.rows} values`;
      return `${w.attempts.length} statement${w.attempts.length === 1 ? "" : "s"} by ${w.model}, ${outcome}; kept: ${w.kept}`;
    }
    case "answer":
      return s.unknown ? "unknown" : s.text;
  }
}

export const totalMs = (steps: TraceStep[]) => steps.reduce((n, s) => n + s.ms, 0);
