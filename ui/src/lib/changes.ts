// The workspace follows its files (the core's `watch` module); this folds
// each sync the shell reports into the short list the Workspace view shows:
// newest first, one line per file, and the guides that lost an object.
import type { SyncReport } from "../bindings/SyncReport";

export type ChangeRow = { at: string; file: string; text: string; error: boolean };
export type Changes = { rows: ChangeRow[]; flagged: SyncReport["flagged_guides"] };

export const noChanges: Changes = { rows: [], flagged: [] };
const KEEP = 20;

function baseName(path: string): string {
  return path.split(/[\\/]/).pop() || path;
}

/** One line per file change, as a person reads it. */
export function changeLines(r: SyncReport): { file: string; text: string; error: boolean }[] {
  const plural = (n: number) => `${n} object${n === 1 ? "" : "s"}`;
  return r.changes.map((c) => {
    const name = baseName(c.file);
    switch (c.change) {
      case "added":
        return { file: c.file, text: `${name} added (${plural(c.source_ids.length)})`, error: false };
      case "changed":
        return { file: c.file, text: `${name} changed: re-read (${plural(c.source_ids.length)})`, error: false };
      case "removed":
        return { file: c.file, text: `${name} deleted: its objects were removed`, error: false };
      case "failed":
        return { file: c.file, text: `${name} could not be read, the previous version is kept: ${c.error ?? c.code ?? ""}`, error: true };
    }
  });
}

/** Adds a sync to the list (newest first, the last 20 kept); the flagged
 * guides are replaced, since each sync reports all of them. */
export function withSync(s: Changes, r: SyncReport, at: Date): Changes {
  const time = at.toLocaleTimeString();
  const rows = changeLines(r).map((l) => ({ at: time, ...l }));
  return { rows: [...rows.reverse(), ...s.rows].slice(0, KEEP), flagged: r.flagged_guides };
}

/** The toast for one sync: the first line, and how many more. */
export function syncToast(r: SyncReport): string | null {
  const lines = changeLines(r);
  if (!lines.length) return null;
  return lines.length === 1 ? lines[0].text : `${lines[0].text}, and ${lines.length - 1} more file change${lines.length === 2 ? "" : "s"}`;
}
