// The analyst's recording session: picked sentences and cells become typed
// retrieval actions, exactly the ones the agent would write.
import type { Coord } from "../bindings/Coord";
import type { RetrievalAction } from "../bindings/RetrievalAction";

export function toggle<T>(xs: T[], x: T, eq: (a: T, b: T) => boolean = (a, b) => a === b): T[] {
  return xs.some((y) => eq(x, y)) ? xs.filter((y) => !eq(x, y)) : [...xs, x];
}

export const sameCell = (a: Coord, b: Coord) => a.row === b.row && a.col === b.col;

/** Adds the cells of a drag; a drag over cells all picked already unpicks them. */
export function addCells(picked: Coord[], cells: Coord[]): Coord[] {
  if (cells.every((c) => picked.some((p) => sameCell(p, c)))) return picked.filter((p) => !cells.some((c) => sameCell(p, c)));
  return [...picked, ...cells.filter((c) => !picked.some((p) => sameCell(p, c)))];
}

export function sentenceAction(source: string, idxs: number[]): RetrievalAction | null {
  if (idxs.length === 0) return null;
  return { action: "SelectSentenceIdxs", source, idxs: [...idxs].sort((a, b) => a - b) };
}

export function cellsAction(source: string, cells: Coord[]): RetrievalAction | null {
  if (cells.length === 0) return null;
  const sorted = [...cells].sort((a, b) => a.row - b.row || a.col - b.col);
  return { action: "SelectCoordinates", source, selection: { cells: sorted } };
}

export function sqlAction(source: string, query: string): RetrievalAction | null {
  return query.trim() ? { action: "Sql", source, query: query.trim() } : null;
}

export function describeAction(a: RetrievalAction): string {
  switch (a.action) {
    case "SelectSentenceIdxs":
      return `sentences ${a.idxs.map((i) => i + 1).join(", ")} of ${a.source}`;
    case "SelectCoordinates": {
      const s = a.selection;
      if ("cells" in s) return `${s.cells.length} cell${s.cells.length === 1 ? "" : "s"} of ${a.source}`;
      if ("rows" in s) return `rows ${s.rows.join(", ")} of ${a.source}`;
      return `columns ${s.cols.join(", ")} of ${a.source}`;
    }
    case "Sql":
      return `SQL on ${a.source}: ${a.query}`;
  }
}
