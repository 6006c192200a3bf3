// A SQL result as CSV, for Copy and Save (answers as Markdown are rendered
// in Rust, `aurag::export`, so the CLI and the app write the same
// document). A pure function, so the text is tested, not the clipboard.
import type { Evidence } from "../bindings/Evidence";
import { sqlRows } from "./citations";

function csvField(s: string): string {
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A SQL result (one evidence entry per value) as CSV: a header row from
 *  the column names, then one line per result row. */
export function sqlCsv(evidence: Evidence[]): string {
  const rows = sqlRows(evidence);
  if (rows.length === 0) return "";
  const header = rows[0].cells.map((c) => csvField(c.header));
  const body = rows.map((r) => r.cells.map((c) => csvField(c.text)).join(","));
  return [header.join(","), ...body].join("\n") + "\n";
}
