// Ask: a conversation. The turns so far (each follow-up with how it was
// read), a question box, the run's steps as they stream in, the answer with
// citation markers, and the evidence behind a marker: the sentence lit in
// its text, the cells lit in their grid, or the SQL with its rows. Answers
// copy out as Markdown, SQL results as CSV.
import { useState } from "react";
import type { Answer } from "../bindings/Answer";
import type { Citation } from "../bindings/Citation";
import type { ConversationSummary } from "../bindings/ConversationSummary";
import type { Reading } from "../bindings/Reading";
import type { Run } from "../bindings/Run";
import type { SourceObject } from "../bindings/SourceObject";
import type { TraceStep } from "../bindings/TraceStep";
import { api, toApiError } from "../api";
import { aggregateOf, evidenceTarget, numbered, sqlRows, type EvidenceTarget } from "../lib/citations";
import { sqlCsv } from "../lib/export";
import { SaveAs } from "./SaveAs";
import { isPdf } from "../lib/pdfbox";
import { PdfPage } from "./PdfPage";
import { baseName } from "../lib/sources";
import { stepSummary, stepTitle } from "../lib/trace";
import { SourceViewer } from "./SourceViewer";

/** One turn of the conversation as the thread shows it. */
export type ThreadTurn = { question: string; reading: Reading; answer: Answer };

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
  /** Every turn of the open conversation, the latest (the run's) last. */
  thread?: ThreadTurn[];
  /** How the latest question was read. */
  reading?: Reading | null;
  conversation?: string | null;
  conversations?: ConversationSummary[];
  onNewConversation?: () => void;
  onOpenConversation?: (id: string) => void;
  onRemoveConversation?: (id: string) => void;
  notify?: (m: string) => void;
};

async function copy(text: string, what: string, notify?: (m: string) => void) {
  try {
    await navigator.clipboard.writeText(text);
    notify?.(`${what} copied`);
  } catch {
    notify?.(`${what} could not be copied: the clipboard is not available`);
  }
}

export function AskView({ run, live, draft, asking, hasSources, onAsk, onTrace, onSample, thread = [], reading, conversation = null, conversations = [], onNewConversation, onOpenConversation, onRemoveConversation, notify }: Props) {
  const [q, setQ] = useState("");
  // The turns before the one the answer card shows (all of them for a
  // conversation opened from the list, which has no run).
  const earlier = run ? thread.slice(0, -1) : thread;
  const [open, setOpen] = useState<{ n: number; target: EvidenceTarget; obj: SourceObject | null; error?: string } | null>(null);
  const cites = run ? numbered(run.answer.citations) : [];
  const agg = run && !run.answer.unknown ? aggregateOf(run) : null;
  const [rowsOpen, setRowsOpen] = useState<{ obj: SourceObject | null; error?: string } | null>(null);

  // The rows an aggregate ran over, lit in their table (every column).
  const showRows = async (source: string) => {
    setOpen(null);
    setRowsOpen({ obj: null });
    try {
      setRowsOpen({ obj: await api.getSource(source) });
    } catch (e) {
      setRowsOpen({ obj: null, error: toApiError(e).message });
    }
  };

  // A PDF sentence's page, drawn from the file's bytes.
  const [pdf, setPdf] = useState<{ n: number; data: ArrayBuffer | null; page: number; boxes: number[][]; error?: string } | null>(null);

  const openCitation = async (n: number, c: Citation) => {
    const target = evidenceTarget(c, run);
    setOpen({ n, target, obj: null });
    setPdf(null);
    setRowsOpen(null);
    try {
      const obj = await api.getSource(c.source_id);
      setOpen({ n, target, obj });
      const sentence = target.kind === "sentence" && obj.content.content_type === "text" ? obj.content.sentences.find((s) => s.idx === target.idx) : undefined;
      if (sentence?.bbox && sentence.page != null && isPdf(obj.provenance.file)) {
        // Its lines (or OCR words) one by one where known, else its whole box.
        const where = { n, page: sentence.page, boxes: sentence.boxes?.length ? sentence.boxes : [sentence.bbox] };
        setPdf({ ...where, data: null });
        try {
          setPdf({ ...where, data: await api.sourceFile(obj.id) });
        } catch (e) {
          setPdf({ ...where, data: null, error: toApiError(e).message });
        }
      }
    } catch (e) {
      setOpen({ n, target, obj: null, error: toApiError(e).message });
    }
  };

  return (
    <section className="view ask" aria-labelledby="ask-title">
      <h2 id="ask-title">Ask</h2>
      <div className="row conversation-bar">
        <label>
          <span className="muted small">Conversation</span>{" "}
          <select
            aria-label="Saved conversations"
            value={conversation ?? ""}
            onChange={(e) => (e.target.value ? onOpenConversation?.(e.target.value) : onNewConversation?.())}
          >
            <option value="">new conversation</option>
            {conversations.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title} ({c.turns})
              </option>
            ))}
          </select>
        </label>
        <button type="button" id="new-conversation" onClick={() => onNewConversation?.()} disabled={asking} title="Alt+N">
          New conversation
        </button>
        {conversation && (
          <button type="button" className="link" onClick={() => onRemoveConversation?.(conversation)} aria-label="Delete this conversation">
            delete
          </button>
        )}
      </div>
      {earlier.length > 0 && (
        <ol className="thread" aria-label="Earlier turns" data-testid="thread">
          {earlier.map((t, i) => (
            <li key={i} className="turn">
              <div className="q">{t.question}</div>
              {t.reading.kind !== "new" && <div className="small muted">read as: {t.reading.read_as}</div>}
              <div className={t.answer.unknown ? "a unknown" : "a"}>{t.answer.unknown ? "unknown" : t.answer.text}</div>
            </li>
          ))}
        </ol>
      )}
      <form
        className="row ask-form"
        onSubmit={(e) => {
          e.preventDefault();
          setOpen(null);
          setRowsOpen(null);
          if (q.trim()) {
            onAsk(q.trim());
            // The turn moves into the thread; the box is free for the next.
            setQ("");
          }
        }}
      >
        <input
          id="question"
          aria-label="Question"
          placeholder={thread.length > 0 ? "a follow-up: and in 2018? what about Europe? top 3 instead, as a percentage, why?" : "e.g. What was the total net sales in 2019?"}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          autoFocus
        />
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
          {reading && reading.kind !== "new" && (
            <div className="reading small" data-testid="reading" data-kind={reading.kind}>
              read as: <strong>{reading.read_as}</strong> <span className="muted">({reading.how})</span>
            </div>
          )}
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
          {agg && (
            <div className="aggregate small" data-testid="aggregate" data-rows={agg.rowCount}>
              <span className="muted">{agg.kind.replace("_", " ")} over</span> <strong>{agg.rowCount} rows</strong>
              {agg.filters.length > 0 ? (
                <>
                  {" "}
                  <span className="muted">where</span> <code>{agg.filters.join(" and ")}</code>
                </>
              ) : (
                <span className="muted"> (every row)</span>
              )}
              {agg.relaxed && <span className="muted"> — left out, no row met it: {agg.relaxed}</span>}{" "}
              <button className="link" id="show-rows" onClick={() => void showRows(agg.source)}>
                show the rows
              </button>
              <details>
                <summary className="muted">SQL</summary>
                <pre className="sql">{agg.sql}</pre>
              </details>
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
          <div className="row">
            <button onClick={onTrace} id="open-trace">
              Show the trace
            </button>
            {conversation && (
              <button onClick={() => void api.conversationMarkdown(conversation, thread.length).then((md) => copy(md, "the answer as Markdown", notify), (e) => notify?.(toApiError(e).message))} id="copy-markdown">
                Copy as Markdown
              </button>
            )}
          </div>
          {conversation && <SaveAs what="the conversation" suggested="conversation.md" text={() => api.conversationMarkdown(conversation, null)} notify={notify} />}
        </div>
      )}
      {rowsOpen && agg && (
        <div className="evidence" data-testid="aggregate-rows">
          <h3>
            The {agg.rowCount} rows used{agg.truncated ? ` (the first ${agg.rows.length} lit)` : ""}
          </h3>
          {rowsOpen.error && <p className="error-text">{rowsOpen.error}</p>}
          {rowsOpen.obj && rowsOpen.obj.content.content_type === "table" && (
            <SourceViewer obj={rowsOpen.obj} highlight={{ cells: agg.rows.flatMap((row) => (rowsOpen.obj!.content as { columns: string[] }).columns.map((_, col) => ({ row, col }))) }} />
          )}
        </div>
      )}
      {open && (
        <div className="evidence" data-testid="evidence" data-kind={open.target.kind}>
          <h3>Evidence [{open.n}]</h3>
          {open.error && <p className="error-text">{open.error}</p>}
          {open.target.kind === "sql" && (
            <div className="sql-evidence">
              <pre className="sql">{open.target.query}</pre>
              <div className="row">
                <button onClick={() => open.target.kind === "sql" && void copy(sqlCsv(open.target.rows), "the result as CSV", notify)} id="copy-csv">
                  Copy the result as CSV
                </button>
              </div>
              <SaveAs what="the result" suggested="result.csv" text={async () => (open.target.kind === "sql" ? sqlCsv(open.target.rows) : "")} notify={notify} />
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
          {pdf && pdf.n === open.n && (
            <>
              {pdf.error && <p className="error-text">The page cannot be drawn: {pdf.error}</p>}
              {pdf.data && <PdfPage data={pdf.data} page={pdf.page} boxes={pdf.boxes} />}
            </>
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
