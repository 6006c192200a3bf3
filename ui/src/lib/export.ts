// Answers and query results the analyst takes elsewhere: an answer as
// Markdown with its citations (and how a follow-up was read), a SQL result
// as CSV. Pure functions, so the text is tested, not the clipboard.
import type { Answer } from "../bindings/Answer";
import type { Evidence } from "../bindings/Evidence";
import type { Reading } from "../bindings/Reading";
import { baseName } from "./sources";
import { sqlRows } from "./citations";

/** One answer as Markdown: the question, how it was read, the answer with
 *  its citation markers, the computation, and the citations as a list. */
export function answerMarkdown(question: string, answer: Answer, reading?: Reading | null): string {
  const lines: string[] = [`**Q:** ${question}`];
  if (reading && reading.kind !== "new") lines.push(`*Read as:* ${reading.read_as}`);
  lines.push("");
  if (answer.unknown) {
    lines.push(`**unknown**${answer.reason ? ` — ${answer.reason}` : ""}`);
    return lines.join("\n") + "\n";
  }
  const markers = answer.citations.map((_, i) => `[${i + 1}]`).join("");
  lines.push(`${answer.text}${markers ? ` ${markers}` : ""}`);
  if (answer.computation) lines.push("", `Computed: \`${answer.computation.formula}\` = ${answer.computation.result}`);
  if (answer.citations.length > 0) {
    lines.push("");
    answer.citations.forEach((c, i) => lines.push(`[${i + 1}]: ${baseName(c.file)}, ${c.locator} — ${c.text.replace(/\s+/g, " ").trim()}`));
  }
  return lines.join("\n") + "\n";
}

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
