// Filtering and labelling of the sources list.
import type { SourceSummary } from "../bindings/SourceSummary";
import type { Locator } from "../bindings/Locator";

export type SourceFilter = { type: "all" | "text" | "table" | "dynamic"; file: string; text: string };

export function filterSources(all: SourceSummary[], f: SourceFilter): SourceSummary[] {
  const q = f.text.trim().toLowerCase();
  return all.filter(
    (s) =>
      (f.type === "all" || (f.type === "dynamic" ? s.kind === "dynamic" : s.content_type === f.type)) &&
      (f.file === "" || s.file === f.file) &&
      (q === "" || s.description.toLowerCase().includes(q) || s.id.includes(q)),
  );
}

export function where(l: Locator): string {
  switch (l.type) {
    case "pages":
      return l.pages.length > 1 ? `pages ${l.pages[0]}-${l.pages[l.pages.length - 1]}` : `page ${l.pages[0] ?? "?"}`;
    case "sheet_range":
      return `${l.sheet}!${l.range}`;
    case "sql_table":
      return `table ${l.table}`;
    case "lines":
      return `lines ${l.start}-${l.end}`;
    case "paragraphs":
      return l.start === l.end ? `paragraph ${l.start}` : `paragraphs ${l.start}-${l.end}`;
    case "slides":
      return l.start === l.end ? `slide ${l.start}` : `slides ${l.start}-${l.end}`;
  }
}

export const baseName = (p: string) => p.split(/[\\/]/).pop() ?? p;

/** "read by OCR (tesseract 5.3.0 (eng)), mean word confidence 87%" for an
 * object whose text was recognized, from the tags its loader set; null for
 * text that was in the file. */
export function ocrNote(tags: string[]): string | null {
  if (!tags.includes("ocr")) return null;
  const conf = tags.find((t) => t.startsWith("ocr-confidence:"))?.slice("ocr-confidence:".length);
  const engine = tags.find((t) => t.startsWith("ocr-engine:"))?.slice("ocr-engine:".length);
  return `read by OCR${engine ? ` (${engine})` : ""}${conf ? `, mean word confidence ${conf}%` : ""}`;
}

/** Where a recognized sentence stands on its page, in words. */
export function boxNote(b: number[] | undefined): string | null {
  if (!b || b.length !== 4) return null;
  const pct = (x: number) => `${Math.round(x * 100)}%`;
  return `on the page: ${pct(b[0])} to ${pct(b[2])} across, ${pct(b[1])} to ${pct(b[3])} down`;
}
