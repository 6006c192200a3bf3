// Per-file ingestion rows for progress bars, folded from the core's
// Progress events and completed by its report.
import type { IngestReport } from "../bindings/IngestReport";
import type { Progress } from "../bindings/Progress";

export type FileRow = { file: string; state: "running" | "done" | "failed" | "unchanged"; error?: string; objects?: number };
export type IngestState = { total: number; done: number; files: FileRow[] };

export const emptyIngest: IngestState = { total: 0, done: 0, files: [] };

export function onProgress(s: IngestState, p: Progress): IngestState {
  switch (p.stage) {
    case "planned":
      return { total: p.total, done: 0, files: [] };
    case "started":
      return { ...s, total: p.total, files: [...s.files.filter((f) => f.file !== p.file), { file: p.file, state: "running" }] };
    case "finished":
      return {
        ...s,
        total: p.total,
        done: s.done + 1,
        files: s.files.map((f) => (f.file === p.file ? { ...f, state: p.ok ? "done" : "failed" } : f)),
      };
  }
}

export function withReport(s: IngestState, r: IngestReport): IngestState {
  const files = s.files.map((f) => {
    const bad = r.failed.find((x) => x.file === f.file);
    if (bad) return { ...f, state: "failed" as const, error: `${bad.code}: ${bad.error}` };
    const ok = r.ingested.find((x) => x.file === f.file);
    if (ok) return { ...f, state: ok.unchanged ? ("unchanged" as const) : ("done" as const), objects: ok.source_ids.length };
    return f;
  });
  // Files that failed before they started (unreadable paths) still get a row.
  for (const bad of r.failed) if (!files.some((f) => f.file === bad.file)) files.push({ file: bad.file, state: "failed", error: `${bad.code}: ${bad.error}` });
  return { ...s, done: Math.max(s.done, files.length), total: Math.max(s.total, files.length), files };
}
