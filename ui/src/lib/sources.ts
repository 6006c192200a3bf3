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
