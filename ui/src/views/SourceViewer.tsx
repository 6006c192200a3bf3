// One source object as the analyst reads it: text with numbered sentences
// and page markers, a table as a grid with its coordinates, a SQLite table
// as its schema and rows. Highlights show cited evidence; the click and
// drag callbacks let the Record view pick sentences and cells.
import { useEffect, useRef, useState } from "react";
import type { Coord } from "../bindings/Coord";
import type { SourceObject } from "../bindings/SourceObject";
import { a1, cellAddress, cellKey, colLetters, rectangle, sentencesOf, tableOf, pageStart } from "../lib/cells";
import { baseName, boxNote, ocrNote, where } from "../lib/sources";

export type Highlight = { sentences?: number[]; cells?: Coord[] };

type Props = {
  obj: SourceObject;
  highlight?: Highlight;
  onSentence?: (idx: number) => void;
  onCells?: (cells: Coord[]) => void;
};

export function SourceViewer({ obj, highlight, onSentence, onCells }: Props) {
  const marked = useRef<HTMLElement | null>(null);
  useEffect(() => {
    marked.current?.scrollIntoView({ block: "center" });
  }, [obj.id, highlight]);
  const table = tableOf(obj);
  marked.current = null; // the first highlighted element of this render
  return (
    <div className="viewer" data-source={obj.id}>
      <header className="viewer-head">
        <h3>{obj.id}</h3>
        <div className="muted">
          {obj.content_type} · {obj.kind} · {baseName(obj.provenance.file)} · {where(obj.provenance.locator)}
        </div>
        <p className="desc">{obj.description}</p>
        {ocrNote(obj.tags) && (
          <p className="ocr-note" data-testid="ocr-note">
            {ocrNote(obj.tags)}: check the figures against the page.
          </p>
        )}
      </header>
      {table ? (
        <TableGrid obj={obj} highlight={highlight} onCells={onCells} markRef={marked} />
      ) : (
        <TextView obj={obj} highlight={highlight} onSentence={onSentence} markRef={marked} />
      )}
    </div>
  );
}

function TextView({ obj, highlight, onSentence, markRef }: Props & { markRef: React.MutableRefObject<HTMLElement | null> }) {
  const hl = new Set(highlight?.sentences ?? []);
  let lastPage: number | null = null;
  return (
    <ol className="sentences">
      {sentencesOf(obj).map((s) => {
        // A deck's sentences carry their slide as their page.
        const pageMark = s.page != null && s.page !== lastPage ? <li className="page-mark" aria-hidden key={`p${s.idx}`}>{obj.provenance.locator.type === "slides" ? "slide" : "page"} {s.page}</li> : null;
        lastPage = s.page ?? lastPage;
        const on = hl.has(s.idx);
        return [
          pageMark,
          <li
            key={s.idx}
            className={`sentence${on ? " hl" : ""}${onSentence ? " pickable" : ""}`}
            data-idx={s.idx}
            ref={on ? (el) => void (markRef.current = markRef.current ?? el) : undefined}
            tabIndex={onSentence ? 0 : undefined}
            onClick={onSentence ? () => onSentence(s.idx) : undefined}
            onKeyDown={onSentence ? (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), onSentence(s.idx)) : undefined}
          >
            <span className="idx">{s.idx + 1}</span> {s.text}
            {s.bbox && obj.tags.includes("ocr") && (
              <span className="ocr-box muted small" title={boxNote(s.bbox) ?? undefined}>
                {" "}
                OCR
              </span>
            )}
          </li>,
        ];
      })}
    </ol>
  );
}

function TableGrid({ obj, highlight, onCells, markRef }: Props & { markRef: React.MutableRefObject<HTMLElement | null> }) {
  const t = tableOf(obj)!;
  const hl = new Set((highlight?.cells ?? []).map((c) => cellKey(c.row, c.col)));
  const [dragFrom, setDragFrom] = useState<Coord | null>(null);
  const [dragTo, setDragTo] = useState<Coord | null>(null);
  const width = Math.max(t.columns.length, ...t.grid.map((r) => r.length));
  const dragging = dragFrom && dragTo ? new Set(rectangle(dragFrom, dragTo).map((c) => cellKey(c.row, c.col))) : new Set<string>();
  const finish = () => {
    if (dragFrom && dragTo && onCells) onCells(rectangle(dragFrom, dragTo));
    setDragFrom(null);
    setDragTo(null);
  };
  const schema = t.schema ?? null;
  return (
    <div className="grid-wrap" onMouseLeave={() => dragFrom && finish()}>
      {schema && <pre className="schema">{schema}</pre>}
      {t.truncated_from != null && <p className="muted">showing the first {t.grid.length - t.header_rows} of {t.truncated_from} rows</p>}
      <table className="grid">
        <thead>
          <tr>
            <th className="corner" />
            {Array.from({ length: width }, (_, c) => (
              <th key={c} scope="col">{colLetters(t.origin[1] + c)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {t.grid.map((row, r) => (
            <tr key={r} className={r < t.header_rows ? "header-row" : undefined}>
              <th scope="row" title={pageStart(t, r) !== null ? `page ${pageStart(t, r)} starts here` : undefined}>
                {pageStart(t, r) !== null && <span className="row-page">p. {pageStart(t, r)}</span>}
                {t.origin[0] + r + 1}
              </th>
              {Array.from({ length: width }, (_, c) => {
                const cell = row[c];
                const k = cellKey(r, c);
                const on = hl.has(k);
                return (
                  <td
                    key={c}
                    className={`${on ? "hl" : ""}${dragging.has(k) ? " dragging" : ""}${onCells ? " pickable" : ""}`}
                    data-cell={k}
                    data-addr={cellAddress(obj, t, r, c)}
                    title={a1(t, r, c)}
                    ref={on ? (el) => void (markRef.current = markRef.current ?? el) : undefined}
                    tabIndex={onCells ? 0 : undefined}
                    onMouseDown={onCells ? (e) => (e.preventDefault(), setDragFrom({ row: r, col: c }), setDragTo({ row: r, col: c })) : undefined}
                    onMouseEnter={onCells && dragFrom ? () => setDragTo({ row: r, col: c }) : undefined}
                    onMouseUp={onCells ? finish : undefined}
                    onKeyDown={onCells ? (e) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), onCells([{ row: r, col: c }])) : undefined}
                  >
                    {cell?.text ?? ""}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
