// Table coordinates as citations write them: a sheet's own A1 address
// (`Sheet!B4`), or the A1 address inside the table for tables that have no
// sheet (a PDF table's `page 1 table B5`). Grid coordinates are 0-based
// and include the header rows.
import type { SourceObject } from "../bindings/SourceObject";
import type { TableContent } from "../bindings/TableContent";
import type { Coord } from "../bindings/Coord";

export function colLetters(col: number): string {
  let s = "";
  let n = col + 1;
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

export function a1(t: TableContent, row: number, col: number): string {
  return `${colLetters(t.origin[1] + col)}${t.origin[0] + row + 1}`;
}

export function cellAddress(obj: SourceObject, t: TableContent, row: number, col: number): string {
  const loc = obj.provenance.locator;
  return loc.type === "sheet_range" ? `${loc.sheet}!${a1(t, row, col)}` : a1(t, row, col);
}

/** For a PDF table over several pages: the page a row starts, where it
 * differs from the row above's (the first row's page included); else null. */
export function pageStart(t: TableContent, row: number): number | null {
  const pages = t.row_pages;
  if (!pages || pages[row] === undefined) return null;
  return row === 0 || pages[row - 1] !== pages[row] ? pages[row] : null;
}

export const cellKey = (row: number, col: number) => `${row},${col}`;

/** The cells of the rectangle spanned by two corners (a drag). */
export function rectangle(a: Coord, b: Coord): Coord[] {
  const out: Coord[] = [];
  for (let r = Math.min(a.row, b.row); r <= Math.max(a.row, b.row); r++)
    for (let c = Math.min(a.col, b.col); c <= Math.max(a.col, b.col); c++) out.push({ row: r, col: c });
  return out;
}

/** The table of an object, if it is one. */
export function tableOf(obj: SourceObject): TableContent | null {
  return obj.content.content_type === "table" ? (obj.content as unknown as TableContent) : null;
}

export function sentencesOf(obj: SourceObject) {
  return obj.content.content_type === "text" ? (obj.content as { sentences: import("../bindings/Sentence").Sentence[] }).sentences : [];
}
