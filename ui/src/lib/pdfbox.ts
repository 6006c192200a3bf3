// A sentence's box on its page (fractions of the page: left, top, right,
// bottom, as the loaders record it) as CSS over the drawn page.

/** The absolute position of a box over a page drawn at any size. */
export function boxStyle(b: number[]): { left: string; top: string; width: string; height: string } {
  const [l, t, r, bt] = b.map((x) => Math.min(1, Math.max(0, x)));
  const pct = (x: number) => `${(x * 100).toFixed(2)}%`;
  return { left: pct(l), top: pct(t), width: pct(Math.max(0, r - l)), height: pct(Math.max(0, bt - t)) };
}

/** Whether a citation of this file can be drawn as a page: a PDF. */
export function isPdf(file: string): boolean {
  return /\.pdf$/i.test(file);
}
