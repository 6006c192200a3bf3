// Objects shaped by the generated bindings, for the UI tests.
import type { Run } from "../bindings/Run";
import type { SourceObject } from "../bindings/SourceObject";

const cell = (text: string, value?: number) => ({ value: value == null ? { type: "text" as const, value: text } : { type: "number" as const, value }, text, format: null });

export const sheetTable: SourceObject = {
  id: "tbl_sales",
  content_type: "table",
  kind: "static",
  tags: [],
  description: "Net sales by region (dollars in thousands)",
  provenance: { file: "/data/financials.xlsx", file_hash: "ab", locator: { type: "sheet_range", sheet: "Sales", range: "B3:D5" } },
  content: {
    content_type: "table",
    caption: null,
    header_rows: 1,
    columns: ["Region", "2019", "2018"],
    grid: [
      [cell("Region"), cell("2019"), cell("2018")],
      [cell("Americas"), cell("1,200", 1200), cell("1,100", 1100)],
      [cell("Asia"), cell("700", 700), cell("650", 650)],
    ],
    origin: [2, 1],
    truncated_from: null,
    schema: null,
  },
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
};

export const pdfText: SourceObject = {
  id: "txt_report",
  content_type: "text",
  kind: "static",
  tags: [],
  description: "Annual report, pages 1-2",
  provenance: { file: "/data/report.pdf", file_hash: "cd", locator: { type: "pages", pages: [1, 2], chunk: 0 } },
  content: {
    content_type: "text",
    sentences: [
      { idx: 0, text: "Sales grew in every region.", page: 1, offset: 0 },
      { idx: 1, text: "Other contract types are cost plus.", page: 1, offset: 28 },
      { idx: 2, text: "Goodwill was unchanged.", page: 2, offset: 64 },
    ],
  },
  created_at: "2026-01-01T00:00:00Z",
  updated_at: "2026-01-01T00:00:00Z",
};

export function runWith(citations: Run["answer"]["citations"], unknown = false): Run {
  return {
    question: "What were sales in Asia in 2019?",
    answer: { text: unknown ? "unknown" : "700", unknown, predicted: { spans: ["700"], scale: "thousand" }, citations, support: 0.9, reason: unknown ? "no source was judged relevant" : "" },
    selected: [["tbl_sales", 0.9]],
    actions: [
      {
        action: { action: "Sql", source: "tbl_db", query: "SELECT segment, closing FROM goodwill WHERE year = 2019" },
        evidence: [
          { source_id: "tbl_db", file: "/data/ops.db", key: null, locator: "SQL row 1, column segment: SELECT segment, closing FROM goodwill WHERE year = 2019", text: "Mobileye", value: null, label: "", header: "segment", year: null, scale: "" },
          { source_id: "tbl_db", file: "/data/ops.db", key: null, locator: "SQL row 1, column closing: SELECT segment, closing FROM goodwill WHERE year = 2019", text: "10,895", value: 10895, label: "", header: "closing", year: null, scale: "" },
        ],
        error: null,
      },
    ],
    trace: [
      { step: "intent", ms: 0.4, parser: "rules", intent: { answer_type: "number", entities: [], relation: "sales", time: ["2019"], location: ["Asia"], operation: null, comparison: null, ordinal: null, terms: ["sales", "asia"], years: [2019], multi: false, periods: false } },
      { step: "answer", ms: 0.2, answerer: "extractive", text: "700", unknown: false, support: 0.9 },
    ],
  } as Run;
}
