// Guides: the Think Tank's extraction guides. List, search, show, edit
// (question, answer, author, dropping a source), delete, import, export.
import { useEffect, useState } from "react";
import type { Guide } from "../bindings/Guide";
import { api, toApiError } from "../api";
import { describeAction } from "../lib/record";

export function GuidesView({ onChanged, notify }: { onChanged: () => void; notify: (m: string) => void }) {
  const [guides, setGuides] = useState<Guide[]>([]);
  const [q, setQ] = useState("");
  const [sel, setSel] = useState<Guide | null>(null);
  const [edit, setEdit] = useState<Guide | null>(null);
  const [path, setPath] = useState("");

  const load = async () => {
    try {
      setGuides(await api.listGuides());
    } catch (e) {
      notify(toApiError(e).message);
    }
  };
  useEffect(() => {
    void load();
  }, []);

  const needle = q.trim().toLowerCase();
  const shown = guides.filter((g) => !needle || g.question.toLowerCase().includes(needle) || g.author.toLowerCase().includes(needle) || g.id.includes(needle));

  const run = async (f: () => Promise<string>) => {
    try {
      notify(await f());
      await load();
      onChanged();
    } catch (e) {
      notify(toApiError(e).message);
    }
  };

  return (
    <section className="view guides" aria-labelledby="guides-title">
      <h2 id="guides-title">Guides</h2>
      <div className="row">
        <input aria-label="Search guides" placeholder="search questions or authors" value={q} onChange={(e) => setQ(e.target.value)} />
        <input aria-label="Guides file" placeholder="/path/to/guides.json" value={path} onChange={(e) => setPath(e.target.value)} />
        <button onClick={() => run(async () => `imported ${(await api.importGuides(path)).length} guides`)} disabled={!path.trim()}>
          Import
        </button>
        <button onClick={() => run(async () => `exported ${await api.exportGuides(path)} guides to ${path}`)} disabled={!path.trim()}>
          Export
        </button>
      </div>
      {guides.length === 0 ? (
        <div className="empty">
          <p>No guides yet. Record one in the Record view (ask, pick the sentences and cells that answer, save), or import a guides file.</p>
        </div>
      ) : (
        <div className="split">
          <ul className="guide-list" data-testid="guides">
            {shown.map((g) => (
              <li key={g.id} className={sel?.id === g.id ? "selected" : undefined}>
                <button className="link" onClick={() => (setSel(g), setEdit(null))}>
                  {g.question}
                </button>
                <div className="muted small">
                  {g.author || "anonymous"} · {g.sources.length} sources · {g.created_at.slice(0, 10)}
                </div>
              </li>
            ))}
          </ul>
          <div className="pane">
            {sel && !edit && (
              <div className="guide" data-testid="guide">
                <h3>{sel.question}</h3>
                {sel.answer && <p>Answer: {sel.answer}</p>}
                <p className="muted small">
                  {sel.id} · {sel.author} · {sel.created_at}
                </p>
                {sel.sources.map((s) => (
                  <div key={s.object_id} className="guide-source">
                    <div>
                      <strong>{s.object_id}</strong> <span className="muted small">{s.content_type}</span>
                    </div>
                    <div className="muted small clamp">{s.description}</div>
                    <ul className="small">
                      {s.actions.map((a, i) => (
                        <li key={i}>
                          <code>{describeAction(a)}</code>
                        </li>
                      ))}
                      {s.contexts.slice(0, 8).map((c, i) => (
                        <li key={`c${i}`} className="muted">
                          {c}
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
                <div className="row">
                  <button onClick={() => setEdit(structuredClone(sel))}>Edit</button>
                  <button
                    onClick={() =>
                      run(async () => {
                        const n = await api.removeGuides([sel.id]);
                        setSel(null);
                        return `deleted ${n} guide`;
                      })
                    }
                  >
                    Delete
                  </button>
                </div>
              </div>
            )}
            {edit && <GuideEditor guide={edit} onChange={setEdit} onCancel={() => setEdit(null)} onSave={() => run(async () => `saved guide ${await api.saveGuide(edit)}`).then(() => (setEdit(null), setSel(null)))} />}
          </div>
        </div>
      )}
    </section>
  );
}

/** Edits a guide before it is stored: question, answer, author, and which sources it keeps. */
export function GuideEditor({ guide, onChange, onSave, onCancel }: { guide: Guide; onChange: (g: Guide) => void; onSave: () => void; onCancel: () => void }) {
  return (
    <form
      className="guide-editor"
      data-testid="guide-editor"
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      <label>
        Question
        <input value={guide.question} onChange={(e) => onChange({ ...guide, question: e.target.value })} />
      </label>
      <label>
        Answer
        <input value={guide.answer ?? ""} onChange={(e) => onChange({ ...guide, answer: e.target.value || null })} />
      </label>
      <label>
        Author
        <input value={guide.author} onChange={(e) => onChange({ ...guide, author: e.target.value })} />
      </label>
      <div className="muted small">Sources</div>
      <ul>
        {guide.sources.map((s, i) => (
          <li key={s.object_id}>
            {s.object_id}: {s.actions.map(describeAction).join("; ")} ({s.contexts.length} contexts)
            <button type="button" onClick={() => onChange({ ...guide, sources: guide.sources.filter((_, j) => j !== i) })} aria-label={`Drop ${s.object_id}`}>
              Drop
            </button>
          </li>
        ))}
      </ul>
      <div className="row">
        <button type="submit" id="guide-save" disabled={!guide.question.trim() || guide.sources.length === 0}>
          Save guide
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
