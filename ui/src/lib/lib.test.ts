import { describe, expect, it } from "vitest";
import { a1, cellAddress, colLetters, pageStart, rectangle, tableOf } from "./cells";
import { aggregateOf, evidenceTarget, numbered, sqlRows } from "./citations";
import { changeLines, noChanges, syncToast, withSync } from "./changes";
import { emptyIngest, onProgress, withReport } from "./ingest";
import { sqlCsv } from "./export";
import { boxStyle, isPdf } from "./pdfbox";
import { mismatchOf, reembedLine } from "./reembed";
import { ApiError } from "../api";
import { addCells, cellsAction, describeAction, sentenceAction, sqlAction, toggle } from "./record";
import { boxNote, filterSources, ocrNote, where } from "./sources";
import { stepSummary, totalMs } from "./trace";
import { pdfText, runWith, sheetTable } from "../test/fixtures";
import type { Run } from "../bindings/Run";
import type { SourceSummary } from "../bindings/SourceSummary";
import type { SyncReport } from "../bindings/SyncReport";

describe("cells", () => {
  it("marks where each page of a table over several pages starts", () => {
    const t = { ...tableOf(sheetTable)!, row_pages: [3, 3, 4, 4] };
    expect([0, 1, 2, 3].map((r) => pageStart(t, r))).toEqual([3, null, 4, null]);
    expect(pageStart(tableOf(sheetTable)!, 0)).toBeNull();
  });
  it("writes column letters past Z like a spreadsheet", () => {
    expect([0, 25, 26, 27, 701, 702, 16383].map(colLetters)).toEqual(["A", "Z", "AA", "AB", "ZZ", "AAA", "XFD"]);
  });
  it("addresses a sheet table's cells from its origin, with the sheet", () => {
    const t = tableOf(sheetTable)!;
    expect(a1(t, 0, 0)).toBe("B3");
    expect(cellAddress(sheetTable, t, 2, 1)).toBe("Sales!C5");
  });
  it("spans a drag in any direction", () => {
    expect(rectangle({ row: 2, col: 2 }, { row: 1, col: 1 })).toEqual([
      { row: 1, col: 1 },
      { row: 1, col: 2 },
      { row: 2, col: 1 },
      { row: 2, col: 2 },
    ]);
  });
  it("has no table for a text object", () => expect(tableOf(pdfText)).toBeNull());
});

describe("citations", () => {
  it("points a sentence citation at its sentence and a cell citation at its cell", () => {
    const s = { source_id: "txt_report", file: "f", locator: "sentence 1 (page 1)", text: "x", key: { type: "sentence" as const, source: "txt_report", idx: 1 } };
    const c = { source_id: "tbl_sales", file: "f", locator: "Sales!C4", text: "x", key: { type: "cell" as const, source: "tbl_sales", row: 2, col: 1 } };
    expect(evidenceTarget(s, null)).toEqual({ kind: "sentence", source: "txt_report", idx: 1 });
    expect(evidenceTarget(c, null)).toEqual({ kind: "cell", source: "tbl_sales", row: 2, col: 1 });
  });
  it("finds the SQL that returned a cited row, and regroups its cells into rows", () => {
    const run = runWith([]);
    const t = evidenceTarget({ source_id: "tbl_db", file: "f", locator: "SQL row 1, column closing: SELECT segment, closing FROM goodwill WHERE year = 2019", text: "x", key: null }, run);
    expect(t.kind).toBe("sql");
    if (t.kind !== "sql") return;
    expect(t.query).toContain("SELECT segment");
    // Only the cited value is marked.
    expect(sqlRows(t.rows, t.cited)).toEqual([
      {
        row: "SQL row 1",
        cells: [
          { header: "segment", text: "Mobileye", cited: false },
          { header: "closing", text: "10,895", cited: true },
        ],
      },
    ]);
  });
  it("has no target for a row no query returned", () => {
    expect(evidenceTarget({ source_id: "tbl_other", file: "f", locator: "SQL row 1", text: "", key: null }, runWith([])).kind).toBe("none");
  });
  it("numbers distinct citations in order", () => {
    const a = { source_id: "a", file: "f", locator: "B4", text: "", key: null };
    const b = { source_id: "b", file: "f", locator: "B5", text: "", key: null };
    expect(numbered([a, b, a]).map((x) => [x.n, x.c.source_id])).toEqual([
      [1, "a"],
      [2, "b"],
    ]);
  });
});

describe("ingest progress", () => {
  it("folds events into per-file rows and completes them from the report", () => {
    let s = onProgress(emptyIngest, { stage: "planned", total: 2 });
    s = onProgress(s, { stage: "started", file: "/a.pdf", index: 0, total: 2 });
    s = onProgress(s, { stage: "finished", file: "/a.pdf", index: 0, total: 2, ok: true });
    s = onProgress(s, { stage: "started", file: "/b.xlsx", index: 1, total: 2 });
    expect(s.files.map((f) => f.state)).toEqual(["done", "running"]);
    s = onProgress(s, { stage: "finished", file: "/b.xlsx", index: 1, total: 2, ok: false });
    s = withReport(s, {
      ingested: [{ file: "/a.pdf", source_ids: ["t1", "t2"], unchanged: false, warnings: [] }],
      failed: [
        { file: "/b.xlsx", code: "encrypted", error: "/b.xlsx is encrypted" },
        { file: "/missing", code: "io", error: "no such file" },
      ],
      skipped: [],
      stats: { files: 1, bytes: 10, pages: 1, rows: 0, objects: 2, sentences: 3 },
    });
    expect(s.files).toEqual([
      { file: "/a.pdf", state: "done", objects: 2 },
      { file: "/b.xlsx", state: "failed", error: "encrypted: /b.xlsx is encrypted" },
      { file: "/missing", state: "failed", error: "io: no such file" },
    ]);
    expect(s.done).toBe(3);
  });
});

describe("recording", () => {
  it("toggles picks and turns them into typed actions", () => {
    expect(toggle(toggle([1, 2], 3), 1)).toEqual([2, 3]);
    expect(sentenceAction("t", [])).toBeNull();
    expect(sentenceAction("t", [3, 1])).toEqual({ action: "SelectSentenceIdxs", source: "t", idxs: [1, 3] });
    expect(cellsAction("x", [{ row: 2, col: 1 }, { row: 1, col: 2 }])).toEqual({ action: "SelectCoordinates", source: "x", selection: { cells: [{ row: 1, col: 2 }, { row: 2, col: 1 }] } });
    expect(sqlAction("d", "  ")).toBeNull();
    expect(describeAction(sqlAction("d", " SELECT 1 ")!)).toBe("SQL on d: SELECT 1");
  });
  it("adds a drag's cells, and a second drag over the same cells unpicks them", () => {
    const once = addCells([{ row: 0, col: 0 }], [{ row: 0, col: 0 }, { row: 0, col: 1 }]);
    expect(once).toEqual([{ row: 0, col: 0 }, { row: 0, col: 1 }]);
    expect(addCells(once, [{ row: 0, col: 1 }])).toEqual([{ row: 0, col: 0 }]);
  });
});

describe("sources and trace", () => {
  const s = (id: string, ct: "text" | "table", kind: "static" | "dynamic", file: string, d: string): SourceSummary => ({ id, content_type: ct, kind, file, file_hash: "", locator: { type: "lines", start: 1, end: 2 }, description: d, tags: [], created_at: "", updated_at: "" });
  const all = [s("a", "text", "static", "/r.pdf", "Revenue note"), s("b", "table", "static", "/r.pdf", "Sales table"), s("c", "table", "dynamic", "/o.db", "goodwill")];
  it("filters by type, file and text", () => {
    expect(filterSources(all, { type: "table", file: "", text: "" }).map((x) => x.id)).toEqual(["b", "c"]);
    expect(filterSources(all, { type: "dynamic", file: "", text: "" }).map((x) => x.id)).toEqual(["c"]);
    expect(filterSources(all, { type: "all", file: "/r.pdf", text: "sales" }).map((x) => x.id)).toEqual(["b"]);
  });
  it("describes locators", () => {
    expect(where({ type: "pages", pages: [1, 2, 3], chunk: 0 })).toBe("pages 1-3");
    expect(where({ type: "sheet_range", sheet: "S", range: "A1:B2" })).toBe("S!A1:B2");
  });
  it("summarises steps and sums their time", () => {
    const r = runWith([]);
    expect(stepSummary(r.trace[0])).toContain("years 2019");
    expect(totalMs(r.trace)).toBeCloseTo(0.6);
  });
  it("summarises the model's SQL: its statements, the last outcome and the answer kept", () => {
    const attempt = (sql: string, error: string | null, rows: number) => ({ sql, error, rows, ms: 10 });
    const step = (attempts: ReturnType<typeof attempt>[], kept: string) => ({
      step: "text_to_sql" as const,
      ms: 20,
      writing: { model: "qwen", source: "t1", prompt: "CREATE TABLE", attempts, agrees_with_parser: null, kept },
    });
    expect(stepSummary(step([attempt("SELECT x", "no such column: x", 0), attempt("SELECT y", null, 3)], "model"))).toBe("2 statements by qwen, 3 values; kept: model");
    expect(stepSummary(step([attempt("SELECT x", "no such column: x", 0)], "parser"))).toBe("1 statement by qwen, error: no such column: x; kept: parser");
  });
  it("says when a table query ran over two tables joined", () => {
    const plan = { kind: "sum" as const, sql: "SELECT SUM(\"Amount\")", rows_sql: "", answer_column: null, measure_column: "Amount", compared_column: null, filters: [], confidence: 1 };
    const query = { source: "orders", table: "orders__customers", plan, result: { values: ["360"], rows: [1, 3, 4], rows_truncated: false, row_count: 3n }, report_layout: false, model: null, pivoted: false, relaxed: null };
    const step = (join: { with: string; names: [string, string]; on: [string, string]; key: string; a_columns: number } | null) => ({ step: "table_query" as const, ms: 1, used: true, query: { ...query, join } });
    expect(stepSummary(step(null))).toBe("sum: 360 (3 rows, answered)");
    expect(stepSummary(step({ with: "customers", names: ["orders_1", "customers_2"], on: ["Customer", "Customer"], key: "join:orders:customers", a_columns: 3 }))).toBe("sum joined on Customer: 360 (3 rows, answered)");
  });
  it("says when a table query read a table with its periods as rows", () => {
    const plan = { kind: "arg_max" as const, sql: "SELECT \"Year\"", rows_sql: "", answer_column: "Year", measure_column: "Revenue", compared_column: null, filters: [], confidence: 1 };
    const query = { source: "kpis", table: "kpis_1_pivot", plan, result: { values: ["2021"], rows: [1, 2, 3, 4], rows_truncated: false, row_count: 4n }, report_layout: false, model: null, join: null, pivoted: true, relaxed: null };
    expect(stepSummary({ step: "table_query" as const, ms: 1, used: true, query })).toBe("arg_max (periods as rows): 2021 (4 rows, answered)");
  });
  it("says which filter a table query left out", () => {
    const plan = { kind: "first" as const, sql: "SELECT \"Driver\"", rows_sql: "", answer_column: "Driver", measure_column: null, compared_column: null, filters: [], confidence: 0.5 };
    const relaxed = { column: "Team", op: "=", values: ["Marlboro Team Penske"], words: "marlboro" };
    const query = { source: "race", table: "race_1", plan, result: { values: ["Michael Andretti"], rows: [1], rows_truncated: false, row_count: 1n }, report_layout: false, model: null, join: null, pivoted: false, relaxed };
    expect(stepSummary({ step: "table_query" as const, ms: 1, used: true, query })).toBe("first (left out Team = Marlboro Team Penske): Michael Andretti (1 rows, answered)");
  });
});

describe("changes", () => {
  const report = (changes: SyncReport["changes"], flagged: SyncReport["flagged_guides"] = []): SyncReport => ({ changes, repointed_guides: [], flagged_guides: flagged });
  it("says what happened to each file, and keeps a failed file's error", () => {
    const r = report([
      { file: "/d/sales.xlsx", change: "changed", source_ids: ["a", "b"], code: null, error: null },
      { file: "C:\\d\\new.csv", change: "added", source_ids: ["c"], code: null, error: null },
      { file: "/d/old.pdf", change: "removed", source_ids: [], code: null, error: null },
      { file: "/d/bad.xlsx", change: "failed", source_ids: [], code: "corrupt", error: "bad.xlsx: not a zip" },
    ]);
    expect(changeLines(r).map((l) => l.text)).toEqual([
      "sales.xlsx changed: re-read (2 objects)",
      "new.csv added (1 object)",
      "old.pdf deleted: its objects were removed",
      "bad.xlsx could not be read, the previous version is kept: bad.xlsx: not a zip",
    ]);
    expect(changeLines(r).map((l) => l.error)).toEqual([false, false, false, true]);
    expect(syncToast(r)).toBe("sales.xlsx changed: re-read (2 objects), and 3 more file changes");
    expect(syncToast(report([]))).toBeNull();
  });
  it("lists the newest first, keeps twenty and replaces the flagged guides", () => {
    let s = noChanges;
    const at = new Date(0);
    for (let i = 0; i < 25; i++) s = withSync(s, report([{ file: `/f${i}.csv`, change: "added", source_ids: [], code: null, error: null }]), at);
    expect(s.rows).toHaveLength(20);
    expect(s.rows[0].file).toBe("/f24.csv");
    const g = { id: "g1", question: "q?", missing: ["tbl_1"] };
    s = withSync(s, report([], [g]), at);
    expect(s.flagged).toEqual([g]);
    expect(withSync(s, report([]), at).flagged).toEqual([]);
  });
});

describe("ocr notes", () => {
  it("names OCR text, its engine and confidence, and nothing for text from the file", () => {
    expect(ocrNote(["type:pdf", "ocr", "ocr-confidence:87", "ocr-engine:tesseract 5.3.0 (eng)"])).toBe("read by OCR (tesseract 5.3.0 (eng)), mean word confidence 87%");
    expect(ocrNote(["type:pdf", "page:1"])).toBeNull();
  });
  it("says where a recognized sentence stands on its page", () => {
    expect(boxNote([0.12, 0.155, 0.8, 0.18])).toBe("on the page: 12% to 80% across, 16% to 18% down");
    expect(boxNote(undefined)).toBeNull();
  });
});

describe("reembed", () => {
  it("offers re-embedding only for the embedder refusal, for the workspace it was opening", () => {
    const refusal = new ApiError("embedder_mismatch", "workspace /w was built with embedder 'a' … run `aurag reembed`");
    expect(mismatchOf(refusal, "/w")).toEqual({ dir: "/w", message: refusal.message });
    expect(mismatchOf(refusal, null)?.dir).toBeNull();
    expect(mismatchOf(new ApiError("store_open", "no"), "/w")).toBeNull();
  });
  it("writes progress as a person reads it", () => {
    expect(reembedLine({ stage: "embedding", done: 12, total: 48 })).toBe("re-embedding: 12 of 48 (25%)");
    expect(reembedLine({ stage: "embedding", done: 0, total: 0 })).toBe("re-embedding…");
    expect(reembedLine({ stage: "swapping" })).toBe("swapping in the new vectors…");
  });
});

describe("export", () => {
  it("writes a SQL result as CSV, quoting what needs it", () => {
    const rows = runWith([]).actions[0].evidence;
    expect(sqlCsv(rows)).toBe("segment,closing\nMobileye,\"10,895\"\n");
    expect(sqlCsv([])).toBe("");
  });
});

describe("aggregates", () => {
  const step = (kind: string, used = true) =>
    ({
      step: "table_query",
      ms: 1,
      used,
      query: {
        source: "tbl_cars",
        table: "cars",
        plan: { kind, sql: "SELECT COUNT(*) FROM cars WHERE origin IN ('Japan')", rows_sql: "", answer_column: null, measure_column: null, compared_column: null, filters: [{ column: "Origin", op: "=", values: ["Japan"], words: "japan" }], confidence: 1 },
        result: { values: ["3"], rows: [2, 3, 6], rows_truncated: false, row_count: BigInt(3) },
        report_layout: false,
        model: null,
        join: null,
        pivoted: false,
        relaxed: null,
      },
    }) as unknown as Run["trace"][number];
  it("says how many rows a count ran over, under which filter, and which rows", () => {
    const run = { ...runWith([]), trace: [step("count")] };
    expect(aggregateOf(run)).toEqual({ kind: "count", source: "tbl_cars", rowCount: 3, filters: ["Origin = Japan"], sql: "SELECT COUNT(*) FROM cars WHERE origin IN ('Japan')", rows: [2, 3, 6], truncated: false, relaxed: null });
  });
  it("has nothing to say of a lookup, or of a table answer not used", () => {
    expect(aggregateOf({ ...runWith([]), trace: [step("lookup")] })).toBeNull();
    expect(aggregateOf({ ...runWith([]), trace: [step("count", false)] })).toBeNull();
    expect(aggregateOf(null)).toBeNull();
  });
});

describe("pdf boxes", () => {
  it("places a sentence's box over the drawn page in percent, clamped to the page", () => {
    expect(boxStyle([0.12, 0.1, 0.5, 0.125])).toEqual({ left: "12.00%", top: "10.00%", width: "38.00%", height: "2.50%" });
    expect(boxStyle([-0.1, 0.9, 1.2, 1.5])).toEqual({ left: "0.00%", top: "90.00%", width: "100.00%", height: "10.00%" });
    expect(isPdf("/data/Report.PDF")).toBe(true);
    expect(isPdf("/data/report.xlsx")).toBe(false);
  });
});
