// One page of a PDF, drawn by pdf.js (bundled with the app: no remote URL)
// from the file's bytes as ingested, with the cited sentences' boxes lit
// over it. pdf.js is loaded on first use, so views without a PDF citation
// never pay for it.
import { useEffect, useRef, useState } from "react";
import { boxStyle } from "../lib/pdfbox";

type Props = {
  /** The PDF's bytes (the `source_file` command's answer). */
  data: ArrayBuffer;
  /** 1-based page number. */
  page: number;
  /** Boxes to light: fractions of the page (left, top, right, bottom). */
  boxes: number[][];
  /** CSS width of the drawn page in pixels. */
  width?: number;
};

export function PdfPage({ data, page, boxes, width = 760 }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<"drawing" | "drawn" | string>("drawing");

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const pdfjs = await import("pdfjs-dist");
        // The worker bundled as a script of the app's own (Vite's ?worker),
        // started once and shared by every page drawn.
        if (!pdfjs.GlobalWorkerOptions.workerPort) {
          const { default: PdfWorker } = await import("pdfjs-dist/build/pdf.worker.min.mjs?worker");
          pdfjs.GlobalWorkerOptions.workerPort = new PdfWorker();
        }
        // A copy: pdf.js takes the buffer over, and the caller keeps its own.
        const doc = await pdfjs.getDocument({ data: new Uint8Array(data.slice(0)), isEvalSupported: false }).promise;
        const p = await doc.getPage(Math.min(Math.max(page, 1), doc.numPages));
        const base = p.getViewport({ scale: 1 });
        const ratio = window.devicePixelRatio || 1;
        const viewport = p.getViewport({ scale: (width / base.width) * ratio });
        const c = canvas.current;
        if (!c || cancelled) return;
        c.width = Math.floor(viewport.width);
        c.height = Math.floor(viewport.height);
        c.style.width = `${width}px`;
        c.style.height = `${Math.floor(viewport.height / ratio)}px`;
        const ctx = c.getContext("2d");
        if (!ctx) throw new Error("no 2D canvas");
        await p.render({ canvasContext: ctx, viewport }).promise;
        if (!cancelled) setState("drawn");
        void doc.destroy();
      } catch (e) {
        if (!cancelled) setState(`the page could not be drawn: ${e instanceof Error ? e.message : String(e)}`);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [data, page, width]);

  return (
    <figure className="pdf-page" data-testid="pdf-page" data-state={state === "drawing" || state === "drawn" ? state : "error"} data-page={page}>
      <div className="pdf-canvas-wrap" style={{ width }}>
        <canvas ref={canvas} aria-label={`Page ${page} of the PDF`} role="img" />
        {state === "drawn" &&
          boxes.map((b, i) => <div key={i} className="pdf-box" data-testid="pdf-box" style={boxStyle(b)} ref={i === 0 ? (el) => el?.scrollIntoView({ block: "center" }) : undefined} />)}
      </div>
      {state !== "drawing" && state !== "drawn" && <figcaption className="error-text">{state}</figcaption>}
      <figcaption className="muted small">page {page}, drawn from the file as ingested; the cited sentence is lit</figcaption>
    </figure>
  );
}
