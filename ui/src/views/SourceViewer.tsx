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

type TextProps = Props & { markRef: React.MutableRefObject<HTMLElement | null> };
type Sent = ReturnType<typeof sentencesOf>[number];

/** Text in the shape its file gave it: a deck as one card per slide, a Word
 * or HTML document as its paragraphs, anything else as numbered sentences
 * with page marks. A citation opens on its slide or paragraph, the cited
 * sentence lit inside it. */
function TextView(props: TextProps) {
  const sentences = sentencesOf(props.obj);
  if (props.obj.provenance.locator.type === "slides") return <SlideCards {...props} sentences={sentences} />;
  if (sentences.length > 0 && sentences.every((s) => s.paragraph != null)) return <Paragraphs {...props} sentences={sentences} />;
  return <SentenceList {...props} sentences={sentences} />;
}

/** One sentence, lit when cited, pickable when the Record view listens. */
function SentenceItem({ s, obj, highlight, onSentence, markRef, as: Tag }: TextProps & { s: Sent; as: "li" | "span" }) {
  const on = (highlight?.sentences ?? []).includes(s.idx);
  return (
    <Tag
      className={`sentence${on ? " hl" : ""}${onSentence ? " pickable" : ""}`}
      data-idx={s.idx}
      ref={on ? (el: HTMLElement | null) => void (markRef.current = markRef.current ?? el) : undefined}
      tabIndex={onSentence ? 0 : undefined}
      onClick={onSentence ? () => onSentence(s.idx) : undefined}
      onKeyDown={onSentence ? (e: React.KeyboardEvent) => (e.key === "Enter" || e.key === " ") && (e.preventDefault(), onSentence(s.idx)) : undefined}
    >
      <span className="idx">{s.idx + 1}</span> {s.text}
      {s.bbox && obj.tags.includes("ocr") && (
        <span className="ocr-box muted small" title={boxNote(s.bbox) ?? undefined}>
          {" "}
          OCR
        </span>
      )}
    </Tag>
  );
}

/** Runs of consecutive sentences sharing a key (a slide, a paragraph). */
function groupBy(sentences: Sent[], key: (s: Sent) => number): [number, Sent[]][] {
  const groups: [number, Sent[]][] = [];
  for (const s of sentences) {
    const k = key(s);
    const last = groups[groups.length - 1];
    if (last && last[0] === k) last[1].push(s);
    else groups.push([k, [s]]);
  }
  return groups;
}

function SentenceList(props: TextProps & { sentences: Sent[] }) {
  let lastPage: number | null = null;
  return (
    <ol className="sentences">
      {props.sentences.map((s) => {
        const pageMark = s.page != null && s.page !== lastPage ? <li className="page-mark" aria-hidden key={`p${s.idx}`}>page {s.page}</li> : null;
        lastPage = s.page ?? lastPage;
        return [pageMark, <SentenceItem key={s.idx} {...props} s={s} as="li" />];
      })}
    </ol>
  );
}

/** A deck: one card per slide, its title (the slide's first paragraph)
 * above its other text, the speaker notes below a rule. This is the
 * slide's text as ingested, not a drawing of the slide. */
function SlideCards(props: TextProps & { sentences: Sent[] }) {
  const cited = new Set(props.sentences.filter((s) => (props.highlight?.sentences ?? []).includes(s.idx)).map((s) => s.page ?? 0));
  return (
    <div className="slides">
      {groupBy(props.sentences, (s) => s.page ?? 0).map(([n, ss]) => {
        const notes = ss.filter((s) => s.text.startsWith("Speaker notes:"));
        const body = ss.filter((s) => !notes.includes(s));
        const firstPara = body[0]?.paragraph;
        const title = firstPara != null ? body.filter((s) => s.paragraph === firstPara) : body.slice(0, 1);
        const rest = body.filter((s) => !title.includes(s));
        return (
          <section key={n} className={`slide${cited.has(n) ? " cited" : ""}`} data-slide={n} aria-label={`Slide ${n}`}>
            <div className="slide-head muted small">Slide {n}</div>
            <div className="slide-face">
              <h4 className="slide-title">
                {title.map((s) => (
                  <SentenceItem key={s.idx} {...props} s={s} as="span" />
                ))}
              </h4>
              {rest.length > 0 && (
                <ul className="slide-body">
                  {rest.map((s) => (
                    <SentenceItem key={s.idx} {...props} s={s} as="li" />
                  ))}
                </ul>
              )}
            </div>
            {notes.length > 0 && (
              <div className="slide-notes small">
                {notes.map((s) => (
                  <SentenceItem key={s.idx} {...props} s={s} as="span" />
                ))}
              </div>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** A Word or HTML document: its paragraphs as paragraphs, numbered as the
 * citations number them. */
function Paragraphs(props: TextProps & { sentences: Sent[] }) {
  const cited = new Set(props.sentences.filter((s) => (props.highlight?.sentences ?? []).includes(s.idx)).map((s) => s.paragraph ?? 0));
  return (
    <div className="paragraphs">
      {groupBy(props.sentences, (s) => s.paragraph ?? 0).map(([n, ss]) => (
        <p key={n} className={`paragraph${cited.has(n) ? " cited" : ""}`} data-paragraph={n}>
          <span className="para-mark muted small" aria-label={`Paragraph ${n}`}>¶ {n}</span>{" "}
          {ss.map((s) => (
            <SentenceItem key={s.idx} {...props} s={s} as="span" />
          ))}
        </p>
      ))}
    </div>
  );
}

function TableGrid({ obj, highlight, onCells, markRef }: TextProps) {
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
