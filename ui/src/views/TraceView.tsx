// The trace of the last run as a step timeline: the structured intent, the
// guides with their similarity, the candidates with scores and judgments,
// the actions with their results, the compute formula, and timings.
import type { Run } from "../bindings/Run";
import type { TraceStep } from "../bindings/TraceStep";
import { describeAction } from "../lib/record";
import { stepSummary, stepTitle, totalMs } from "../lib/trace";

export function TraceView({ run }: { run: Run | null }) {
  if (!run) {
    return (
      <section className="view trace" aria-labelledby="trace-title">
        <h2 id="trace-title">Trace</h2>
        <div className="empty">
          <p>Ask a question first; every step the agent takes shows up here.</p>
        </div>
      </section>
    );
  }
  return (
    <section className="view trace" aria-labelledby="trace-title">
      <h2 id="trace-title">Trace</h2>
      <p className="muted">
        “{run.question}” · {run.trace.length} steps · {totalMs(run.trace).toFixed(1)} ms
      </p>
      <ol className="timeline" data-testid="timeline">
        {run.trace.map((s, i) => (
          <li key={i} className={`step step-${s.step}`} data-step={s.step}>
            <details open={s.step !== "intent"}>
              <summary>
                <strong>{stepTitle(s)}</strong> <span className="muted">{s.ms.toFixed(1)} ms</span>
                <div className="small">{stepSummary(s)}</div>
              </summary>
              <StepBody s={s} />
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}

function StepBody({ s }: { s: TraceStep }) {
  switch (s.step) {
    case "intent":
      return <pre className="json">{JSON.stringify(s.intent, null, 2)}</pre>;
    case "guides":
      if (s.retrieved.length === 0) return <p className="small muted">The Think Tank has no guides yet; record one in Record.</p>;
      return (
        <table className="list">
          <thead>
            <tr>
              <th>Guide</th>
              <th>score</th>
              <th>dense</th>
              <th>lexical</th>
            </tr>
          </thead>
          <tbody>
            {s.retrieved.map((g) => (
              <tr key={g.id}>
                <td>
                  {g.question}
                  <div className="muted small">{g.id}</div>
                </td>
                <td>{g.score.toFixed(3)}</td>
                <td>{g.dense.toFixed(3)}</td>
                <td>{g.lexical.toFixed(3)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case "selection":
      return (
        <div>
          <p className="small muted">
            judge {s.selection.judge}, threshold {s.selection.threshold.toFixed(3)}
          </p>
          {s.selection.trials.map((t, i) => (
            <div key={i}>
              <div className="small">
                trial {i + 1}: window {t.window}
              </div>
              <table className="list">
                <thead>
                  <tr>
                    <th>Candidate</th>
                    <th>dense</th>
                    <th>lexical</th>
                    <th>structural</th>
                    <th title="share of the question's words a table holds anywhere">held</th>
                    <th>rerank</th>
                    <th>score</th>
                    <th>judged</th>
                  </tr>
                </thead>
                <tbody>
                  {t.candidates.map((c) => (
                    <tr key={c.id} className={c.relevant ? "relevant" : undefined}>
                      <td>
                        {c.id} <span className="muted small">{c.content_type}</span>
                        <div className="muted small clamp">{c.description}</div>
                      </td>
                      <td>{c.dense.toFixed(3)}</td>
                      <td>{c.lexical.toFixed(3)}</td>
                      <td>{c.structural.toFixed(3)}</td>
                      <td>{c.content_type === "table" ? c.held.toFixed(3) : "—"}</td>
                      <td>{c.rerank == null ? "—" : c.rerank.toFixed(3)}</td>
                      <td>{c.score.toFixed(3)}</td>
                      <td>
                        {c.relevant ? "relevant" : "not relevant"}
                        <div className="muted small">{c.reason}</div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ))}
          <p className="small">
            chosen: {s.selection.chosen.map((c) => `${c.id} (${c.score.toFixed(2)}; ${c.why})`).join(", ") || "none"}
          </p>
        </div>
      );
    case "refresh":
      return (
        <ul>
          {s.refreshed.map((r) => (
            <li key={r.id}>
              {r.id}: {r.rows} rows, {r.changed ? "changed" : "unchanged"}
            </li>
          ))}
        </ul>
      );
    case "actions":
      return (
        <ul className="actions-list">
          {s.results.map((r, i) => (
            <li key={i}>
              <code>{describeAction(r.action)}</code>
              {r.error ? (
                <div className="error-text">{r.error}</div>
              ) : (
                <ul className="small">
                  {r.evidence.slice(0, 12).map((e, j) => (
                    <li key={j}>
                      <span className="muted">{e.locator}</span> {e.label ? `${e.label} | ${e.header}: ` : ""}
                      {e.text}
                    </li>
                  ))}
                  {r.evidence.length > 12 && <li className="muted">… {r.evidence.length - 12} more</li>}
                </ul>
              )}
            </li>
          ))}
        </ul>
      );
    case "compute":
      return (
        <div>
          <code>{s.computation.formula}</code> = <strong>{s.computation.result}</strong>
          <ul className="small">
            {s.computation.operands.map((o, i) => (
              <li key={i}>
                {o.shown}: {o.label} <span className="muted">({o.locator})</span>
              </li>
            ))}
          </ul>
        </div>
      );
    case "table_query": {
      const p = s.query.plan;
      return (
        <div>
          <p>
            {p.kind} over <code>{s.query.table}</code>
            {p.answer_column ? ` · answer column ${p.answer_column}` : ""}
            {p.measure_column ? ` · measure ${p.measure_column}${p.compared_column ? ` against ${p.compared_column}` : ""}` : ""} · confidence {p.confidence.toFixed(2)} · {s.used ? "answered" : "not used"}
          </p>
          {s.query.join && (
            <p className="small">
              joined: each row of <code>{s.query.join.names[0]}</code> with the row of <code>{s.query.join.names[1]}</code> where {s.query.join.on[0]} = {s.query.join.on[1]}
            </p>
          )}
          {s.query.subject && (
            <p className="small">
              {s.query.subject.cosine >= s.query.subject.bar
                ? `the words linked explain little of the question, but it reads like the table's first rows: cosine ${s.query.subject.cosine.toFixed(2)} ≥ ${s.query.subject.bar.toFixed(2)}`
                : `the words linked explain little of the question, and it does not read like the table's first rows: cosine ${s.query.subject.cosine.toFixed(2)} < ${s.query.subject.bar.toFixed(2)}`}
            </p>
          )}
          {s.query.pivoted && <p className="small">read the other way round: the periods across the table as rows, cited where they stand in it</p>}
          {s.query.relaxed && (
            <p className="small">
              left out: {s.query.relaxed.column} {s.query.relaxed.op} {s.query.relaxed.values.slice(0, 6).join(", ")} <span className="muted">(“{s.query.relaxed.words}”)</span>: no row met it together with the other conditions
            </p>
          )}
          <pre className="sql">{p.sql}</pre>
          {p.filters.length > 0 && (
            <ul className="small">
              {p.filters.map((f, i) => (
                <li key={i}>
                  {f.column} {f.op} {f.values.slice(0, 6).join(", ")} <span className="muted">(“{f.words}”)</span>
                </li>
              ))}
            </ul>
          )}
          <p className="small">
            result: {s.query.result.values.slice(0, 12).join(", ") || "no rows"} · {String(s.query.result.row_count)} rows used
            {s.query.result.rows_truncated ? ` (the first ${s.query.result.rows.length} listed)` : ""}
            {s.query.report_layout ? " · report layout: the reader answers" : ""}
          </p>
        </div>
      );
    }
    case "text_to_sql": {
      const w = s.writing;
      return (
        <div>
          <p>
            {w.model} over <code>{w.source}</code> · kept: {w.kept}
            {w.agrees_with_parser === null ? "" : w.agrees_with_parser ? " · agrees with the parser" : " · differs from the parser"}
          </p>
          <details>
            <summary className="small">prompt</summary>
            <pre className="sql">{w.prompt}</pre>
          </details>
          <ol className="small">
            {w.attempts.map((a, i) => (
              <li key={i}>
                <pre className="sql">{a.sql || "(none)"}</pre>
                {a.error ? `error: ${a.error}` : `${a.rows} values`} · {a.ms.toFixed(0)} ms
              </li>
            ))}
          </ol>
        </div>
      );
    }
    case "answer":
      return (
        <p>
          {s.unknown ? "unknown" : s.text} <span className="muted small">support {s.support.toFixed(2)} · {s.answerer}</span>
        </p>
      );
  }
}
