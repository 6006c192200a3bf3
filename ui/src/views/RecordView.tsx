// Record: the analyst's session becomes an extraction guide. Ask a
// question, pick a source, click sentences or click and drag over cells
// (or run SQL on a SQLite source); each pick becomes a typed retrieval
// action, run through the same code path the agent uses, and the session
// is saved as a guide after editing.
import { useState } from "react";
import type { ActionResult } from "../bindings/ActionResult";
import type { Coord } from "../bindings/Coord";
import type { Guide } from "../bindings/Guide";
import type { RetrievalAction } from "../bindings/RetrievalAction";
import type { SourceObject } from "../bindings/SourceObject";
import type { SourceSummary } from "../bindings/SourceSummary";
import { api, toApiError } from "../api";
import { addCells, cellsAction, describeAction, sentenceAction, sqlAction, toggle } from "../lib/record";
import { baseName, where } from "../lib/sources";
import { GuideEditor } from "./GuidesView";
import { SourceViewer } from "./SourceViewer";

export function RecordView({ sources, onSaved, notify }: { sources: SourceSummary[]; onSaved: () => void; notify: (m: string) => void }) {
  const [question, setQuestion] = useState("");
  const [obj, setObj] = useState<SourceObject | null>(null);
  const [sentences, setSentences] = useState<number[]>([]);
  const [cells, setCells] = useState<Coord[]>([]);
  const [sql, setSql] = useState("");
  const [steps, setSteps] = useState<ActionResult[]>([]);
  const [draft, setDraft] = useState<Guide | null>(null);

  const pick = async (id: string) => {
    try {
      setObj(await api.getSource(id));
      setSentences([]);
      setCells([]);
      setSql("");
    } catch (e) {
      notify(toApiError(e).message);
    }
  };

  const add = async (a: RetrievalAction | null) => {
    if (!a) return;
    try {
      const r = await api.act(a);
      if (r.error) {
        notify(`refused: ${r.error}`);
        return;
      }
      setSteps([...steps, r]);
      setSentences([]);
      setCells([]);
    } catch (e) {
      notify(toApiError(e).message);
    }
  };

  const makeGuide = async () => {
    try {
      setDraft(await api.recordGuide(question, steps.map((s) => s.action), null, "analyst"));
    } catch (e) {
      notify(toApiError(e).message);
    }
  };

  const dynamic = obj?.kind === "dynamic";
  return (
    <section className="view record" aria-labelledby="record-title">
      <h2 id="record-title">Record a guide</h2>
      <p className="muted">Answer a question by hand; your steps become an extraction guide the agent follows for similar questions.</p>
      <input id="record-question" aria-label="Question to record" placeholder="The question you are answering" value={question} onChange={(e) => setQuestion(e.target.value)} />
      <div className="split">
        <ul className="pick-list" aria-label="Sources">
          {sources.map((s) => (
            <li key={s.id} className={obj?.id === s.id ? "selected" : undefined}>
              <button className="link" onClick={() => pick(s.id)} data-record-source={s.id}>
                {s.id}
              </button>
              <div className="muted small">
                {baseName(s.file)} · {where(s.locator)}
              </div>
            </li>
          ))}
        </ul>
        <div className="pane">
          {obj ? (
            <>
              <div className="row record-bar">
                {obj.content_type === "text" ? (
                  <button id="record-add" onClick={() => add(sentenceAction(obj.id, sentences))} disabled={!sentences.length}>
                    Add {sentences.length} sentence{sentences.length === 1 ? "" : "s"} as an action
                  </button>
                ) : (
                  <button id="record-add" onClick={() => add(cellsAction(obj.id, cells))} disabled={!cells.length}>
                    Add {cells.length} cell{cells.length === 1 ? "" : "s"} as an action
                  </button>
                )}
                <span className="muted small">{obj.content_type === "text" ? "click sentences to pick them" : "click or drag over cells to pick them"}</span>
              </div>
              {dynamic && (
                <form
                  className="row"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void add(sqlAction(obj.id, sql));
                  }}
                >
                  <input aria-label="SQL" placeholder="SELECT … (read-only)" value={sql} onChange={(e) => setSql(e.target.value)} />
                  <button type="submit">Run SQL as an action</button>
                </form>
              )}
              <SourceViewer
                obj={obj}
                highlight={{ sentences, cells }}
                onSentence={(i) => setSentences(toggle(sentences, i))}
                onCells={(cs) => setCells(addCells(cells, cs))}
              />
            </>
          ) : (
            <p className="muted">Pick the source that answers the question.</p>
          )}
        </div>
      </div>
      <h3>Session</h3>
      {steps.length === 0 ? (
        <p className="muted">No actions yet.</p>
      ) : (
        <ol className="session" data-testid="session">
          {steps.map((s, i) => (
            <li key={i}>
              <code>{describeAction(s.action)}</code>
              <button onClick={() => setSteps(steps.filter((_, j) => j !== i))} aria-label="Remove this action">
                Remove
              </button>
              <ul className="small muted">
                {s.evidence.slice(0, 6).map((e, j) => (
                  <li key={j}>
                    {e.locator}: {e.label ? `${e.label} | ${e.header}: ` : ""}
                    {e.text}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      <button id="record-make" onClick={makeGuide} disabled={!question.trim() || steps.length === 0}>
        Make a guide from this session
      </button>
      {draft && (
        <GuideEditor
          guide={draft}
          onChange={setDraft}
          onCancel={() => setDraft(null)}
          onSave={async () => {
            try {
              const id = await api.saveGuide(draft);
              notify(`saved guide ${id}`);
              setDraft(null);
              setSteps([]);
              setQuestion("");
              onSaved();
            } catch (e) {
              notify(toApiError(e).message);
            }
          }}
        />
      )}
    </section>
  );
}
