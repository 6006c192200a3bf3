// From a citation to the evidence it points at, so a click on a marker can
// open the sentence in its text, the cell in its grid, or the SQL with the
// rows it returned.
import type { Citation } from "../bindings/Citation";
import type { Evidence } from "../bindings/Evidence";
import type { Run } from "../bindings/Run";

export type EvidenceTarget =
  | { kind: "sentence"; source: string; idx: number }
  | { kind: "cell"; source: string; row: number; col: number }
  | { kind: "sql"; source: string; query: string; rows: Evidence[]; cited: string }
  | { kind: "none"; source: string };

export function evidenceTarget(c: Citation, run: Run | null): EvidenceTarget {
  const key = c.key ?? null;
  if (key?.type === "sentence") return { kind: "sentence", source: key.source, idx: key.idx };
  if (key?.type === "cell") return { kind: "cell", source: key.source, row: key.row, col: key.col };
  // SQL evidence has no coordinates: find the query that returned this row.
  for (const r of run?.actions ?? []) {
    if (r.action.action === "Sql" && r.action.source === c.source_id && r.evidence.some((e) => c.locator.startsWith(e.locator.split(",")[0]))) {
      return { kind: "sql", source: c.source_id, query: r.action.query, rows: r.evidence, cited: c.locator };
    }
  }
  return { kind: "none", source: c.source_id };
}

/** SQL result evidence (one entry per cell) grouped back into rows. */
export type SqlCell = { header: string; text: string; cited: boolean };

/** SQL result evidence (one entry per value) grouped back into rows; the
 *  value the citation names (its locator, `SQL row 1, column x: …`) is marked. */
export function sqlRows(evidence: Evidence[], cited = ""): { row: string; cells: SqlCell[] }[] {
  const rows: { row: string; cells: SqlCell[] }[] = [];
  for (const e of evidence) {
    const row = e.locator.split(",")[0];
    const cell = { header: e.header, text: e.text, cited: cited !== "" && cited === e.locator };
    const last = rows[rows.length - 1];
    if (last && last.row === row) last.cells.push(cell);
    else rows.push({ row, cells: [cell] });
  }
  return rows;
}

/** Distinct citations, numbered from 1, in the order the answer gives them. */
export function numbered(cs: Citation[]): { n: number; c: Citation }[] {
  const seen = new Set<string>();
  const out: { n: number; c: Citation }[] = [];
  for (const c of cs) {
    const k = `${c.source_id}|${c.locator}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ n: out.length + 1, c });
  }
  return out;
}

/** What an aggregate answer ran over: the table step's plan when its
 *  answer was used and it computed a value from rows (a count, a sum, an
 *  average, a share, a change): how many rows, under which filters, by
 *  which statement, and the grid rows themselves (the first ones when
 *  `truncated`). `null` for a lookup or an answer read from text. */
export type Aggregate = { kind: string; source: string; rowCount: number; filters: string[]; sql: string; rows: number[]; truncated: boolean; relaxed: string | null };

const AGGREGATES = new Set(["count", "count_distinct", "sum", "average", "median", "difference", "change", "share"]);

export function aggregateOf(run: Run | null): Aggregate | null {
  for (const s of run?.trace ?? []) {
    if (s.step !== "table_query" || !s.used) continue;
    const { plan, result, source, relaxed } = s.query;
    if (!AGGREGATES.has(plan.kind)) return null;
    return {
      kind: plan.kind,
      source,
      rowCount: Number(result.row_count),
      filters: plan.filters.map((f) => `${f.column} ${f.op} ${f.values.join(", ")}`),
      sql: plan.sql,
      rows: result.rows,
      truncated: result.rows_truncated,
      relaxed: relaxed ? `${relaxed.column} ${relaxed.op} ${relaxed.values.join(", ")}` : null,
    };
  }
  return null;
}
