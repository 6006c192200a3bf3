// Ask: a question box, the run's steps as they stream in, the answer with
// citation markers, and the evidence behind a marker: the sentence lit in
// its text, the cells lit in their grid, or the SQL with its rows.
import { useState } from "react";
import type { Citation } from "../bindings/Citation";
import type { Run } from "../bindings/Run";
import type { SourceObject } from "../bindings/SourceObject";
import type { TraceStep } from "../bindings/TraceStep";
import { api, toApiError } from "../api";
import { evidenceTarget, numbered, sqlRows, type EvidenceTarget } from "../lib/citations";
import { baseName } from "../lib/sources";
import { stepSummary, stepTitle } from "../lib/trace";
import { SourceViewer } from "./SourceViewer";

type Props = {
  run: Run | null;
  live: TraceStep[];
  /** A language model's answer as it is being written. */
  draft?: string;
  asking: boolean;
  hasSources: boolean;
  onAsk: (q: string) => void;
  onTrace: () => void;
  onSample: () => void;
};

export function AskView({ run, live, draft, asking, hasSources, onAsk, onTrace, onSample }: Props) {
  const [q, setQ] = useState("");
  const [open, setOpen] = useState<{ n: number; target: EvidenceTarget; obj: SourceObject | null; error?: string } | null>(null);
  const cites = run ? numbered(run.answer.citations) : [];

  const openCitation = async (n: number, c: Citation) => {
    const target = evidenceTarget(c, run);
    setOpen({ n, target, obj: null });
    try {
      const obj = await api.getSource(c.source_id);
      setOpen({ n, target, obj });
    } catch (e) {
      setOpen({ n, target, obj: null, error: toApiError(e).message });
    }
  };

  return (
    <section className="view ask" aria-labelledby="ask-title">
      <h2 id="ask-title">Ask</h2>
      <form
        className="row ask-form"
        onSubmit={(e) => {
          e.preventDefault();
          setOpen(null);
          if (q.trim()) onAsk(q.trim());
        }}
      >
        <input id="question" aria-label="Question" placeholder="e.g. What was the total net sales in 2019?" value={q} onChange={(e) => setQ(e.target.value)} autoFocus />
        <button type="submit" id="ask-go" disabled={asking}>
          {asking ? "Answering…" : "Ask"}
        </button>
      </form>
      {!hasSources && (
        <div className="empty">
          <p>
            The workspace has no sources yet. <button onClick={onSample}>Open the sample workspace</button> or add files in Workspace.
          </p>
        </div>
      )}
      {(asking || (live.length > 0 && !run)) && (
        <ol className="live-steps" aria-live="polite">
          {live.map((s, i) => (
            <li key={i}>
              <strong>{stepTitle(s)}</strong> <span className="muted">{stepSummary(s)}</span>
            </li>
          ))}
          {asking && draft && (
            <li className="draft" data-testid="draft">
              <strong>Drafting</strong> {draft}
            </li>
          )}
          {asking && <li className="muted">working…</li>}
        </ol>
      )}
      {run && (
        <div className="answer-card" data-testid="answer" data-unknown={run.answer.unknown}>
          <div className="q muted">{run.question}</div>
          {run.answer.unknown ? (
            <p className="answer unknown">
              <strong>unknown</strong> <span className="muted">— {run.answer.reason || "the sources do not hold an answer"}</span>
            </p>
          ) : (
            <p className="answer">
              <span className="answer-text">{run.answer.text}</span>
              {cites.map(({ n, c }) => (
                <button key={n} className={`marker${open?.n === n ? " active" : ""}`} data-marker={n} onClick={() => openCitation(n, c)} aria-label={`Citation ${n}: ${c.locator}`}>
                  [{n}]
                </button>
              ))}
            </p>
          )}
          {run.answer.computation && (
            <div className="formula">
              <span className="muted">computed:</span> <code>{run.answer.computation.formula}</code> = <strong>{run.answer.computation.result}</strong>
              <ul>
                {run.answer.computation.operands.map((o, i) => (
                  <li key={i} className="small">
                    {o.shown} — {o.label} <span className="muted">({o.locator})</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          <ol className="citations">
            {cites.map(({ n, c }) => (
              <li key={n} value={n}>
                <button className="link" onClick={() => openCitation(n, c)}>
                  {baseName(c.file)} · {c.locator}
                </button>
                <div className="small muted clamp">{c.text}</div>
              </li>
            ))}
          </ol>
          <button onClick={onTrace} id="open-trace">
            Show the trace
          </button>
        </div>
      )}
      {open && (
        <div className="evidence" data-testid="evidence" data-kind={open.target.kind}>
          <h3>Evidence [{open.n}]</h3>
          {open.error && <p className="error-text">{open.error}</p>}
          {open.target.kind === "sql" && (
            <div className="sql-evidence">
              <pre className="sql">{open.target.query}</pre>
              <div className="grid-wrap">
              <table className="grid">
                <tbody>
                  {sqlRows(open.target.rows, open.target.cited).map((r) => (
                    <tr key={r.row}>
                      <th>{r.row}</th>
                      {r.cells.map((c, i) => (
                        <td key={i} className={c.cited ? "hl" : undefined} ref={c.cited ? (el) => el?.scrollIntoView({ block: "nearest", inline: "center" }) : undefined}>
                          <span className="muted small">{c.header}</span> {c.text}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
              </div>
            </div>
          )}
          {open.obj && open.target.kind !== "sql" && (
            <SourceViewer
              obj={open.obj}
              highlight={
                open.target.kind === "sentence" ? { sentences: [open.target.idx] } : open.target.kind === "cell" ? { cells: [{ row: open.target.row, col: open.target.col }] } : undefined
              }
            />
          )}
        </div>
      )}
    </section>
  );
}
