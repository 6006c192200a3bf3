// The app frame: navigation between the views, the window-wide drop target,
// the theme, and the state the views share (workspace info, sources, the
// last run and its live steps, ingestion progress).
import { useCallback, useEffect, useState } from "react";
import type { ConversationSummary } from "./bindings/ConversationSummary";
import type { Reading } from "./bindings/Reading";
import type { Run } from "./bindings/Run";
import type { SourceSummary } from "./bindings/SourceSummary";
import type { TraceStep } from "./bindings/TraceStep";
import type { WorkspaceInfo } from "./bindings/WorkspaceInfo";
import { api, toApiError } from "./api";
import { Toast, type Notice } from "./views/Toast";
import { noChanges, syncToast, withSync, type Changes } from "./lib/changes";
import { emptyIngest, onProgress, withReport, type IngestState } from "./lib/ingest";
import { mismatchOf, reembedLine, type Mismatch } from "./lib/reembed";
import { AskView, type ThreadTurn } from "./views/AskView";
import { GuidesView } from "./views/GuidesView";
import { RecordView } from "./views/RecordView";
import { SettingsView } from "./views/SettingsView";
import { TraceView } from "./views/TraceView";
import { WorkspaceView } from "./views/WorkspaceView";

export const VIEWS = ["workspace", "ask", "trace", "guides", "record", "settings"] as const;
export type View = (typeof VIEWS)[number];
const TITLES: Record<View, string> = { workspace: "Workspace", ask: "Ask", trace: "Trace", guides: "Guides", record: "Record", settings: "Settings" };

type Theme = "system" | "light" | "dark";

export function App() {
  const [view, setView] = useState<View>("workspace");
  const [info, setInfo] = useState<WorkspaceInfo | null>(null);
  const [sources, setSources] = useState<SourceSummary[]>([]);
  const [ingest, setIngest] = useState<IngestState>(emptyIngest);
  const [busy, setBusy] = useState(false);
  const [run, setRun] = useState<Run | null>(null);
  const [live, setLive] = useState<TraceStep[]>([]);
  const [draft, setDraft] = useState("");
  const [asking, setAsking] = useState(false);
  // The conversation the next question continues (null: a new one), its
  // turns so far, how the latest was read, and the saved conversations.
  const [conversation, setConversation] = useState<string | null>(null);
  const [turns, setTurns] = useState<ThreadTurn[]>([]);
  const [reading, setReading] = useState<Reading | null>(null);
  const [conversations, setConversations] = useState<ConversationSummary[]>([]);
  const [message, setMessage] = useState<Notice | null>(null);
  const [dropping, setDropping] = useState(false);
  const [changes, setChanges] = useState<Changes>(noChanges);
  const [mismatch, setMismatch] = useState<Mismatch | null>(null);
  const [reembedding, setReembedding] = useState<string | null>(null);
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem("aurag-theme") as Theme) || "system");

  const notify = useCallback((text: string, error = false) => setMessage({ text, error }), []);
  const dismiss = useCallback(() => setMessage(null), []);
  const fail = useCallback((e: unknown) => notify(toApiError(e).message, true), [notify]);

  const reload = useCallback(async () => {
    try {
      setInfo(await api.workspaceInfo());
      setSources(await api.listSources());
      setConversations(await api.listConversations());
    } catch (e) {
      const m = mismatchOf(toApiError(e), null);
      if (m) setMismatch(m);
      else fail(e);
    }
  }, [fail]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // The open workspace follows its files: each sync that changed something
  // updates the sources and is listed in the Workspace view. Opening
  // another workspace starts a new follower, which ends the old one.
  const dir = info?.dir;
  useEffect(() => {
    if (!dir) return;
    let alive = true;
    setChanges(noChanges);
    api
      .followFiles((r) => {
        if (!alive) return;
        setChanges((c) => withSync(c, r, new Date()));
        const toast = syncToast(r);
        if (toast) notify(toast, r.changes.some((c) => c.change === "failed"));
        void reload();
      })
      .catch((e) => alive && notify(`files are not followed: ${toApiError(e).message}`, true));
    return () => {
      alive = false;
    };
  }, [dir, notify, reload]);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    localStorage.setItem("aurag-theme", theme);
  }, [theme]);

  // Drops and typed paths take the same path into the core.
  const ingestPaths = useCallback(
    async (paths: string[]) => {
      setBusy(true);
      setIngest(emptyIngest);
      setView("workspace");
      try {
        const report = await api.ingest(paths, (p) => setIngest((s) => onProgress(s, p)));
        setIngest((s) => withReport(s, report));
        const ok = report.ingested.length;
        notify(`${ok} file${ok === 1 ? "" : "s"} added${report.failed.length ? `, ${report.failed.length} failed` : ""}`, report.failed.length > 0);
      } catch (e) {
        fail(e);
      } finally {
        setBusy(false);
        await reload();
      }
    },
    [fail, notify, reload],
  );

  useEffect(() => {
    let unlisten: (() => void) | undefined;
    let alive = true;
    import("@tauri-apps/api/webview")
      .then(({ getCurrentWebview }) =>
        getCurrentWebview().onDragDropEvent((e) => {
          if (e.payload.type === "enter" || e.payload.type === "over") setDropping(true);
          else if (e.payload.type === "leave") setDropping(false);
          else if (e.payload.type === "drop") {
            setDropping(false);
            if (e.payload.paths.length) void ingestPaths(e.payload.paths);
          }
        }),
      )
      .then((u) => (alive ? (unlisten = u) : u()))
      .catch(() => {});
    return () => {
      alive = false;
      unlisten?.();
    };
  }, [ingestPaths]);

  // Alt+1 … Alt+6 switch views; Alt+N starts a new conversation.
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      const n = Number(e.key);
      if (e.altKey && n >= 1 && n <= VIEWS.length) {
        e.preventDefault();
        setView(VIEWS[n - 1]);
      } else if (e.altKey && e.key.toLowerCase() === "n") {
        e.preventDefault();
        setConversation(null);
        setTurns([]);
        setRun(null);
        setReading(null);
        setLive([]);
        setView("ask");
      }
    };
    window.addEventListener("keydown", on);
    return () => window.removeEventListener("keydown", on);
  }, []);

  const openSample = async () => {
    setBusy(true);
    setIngest(emptyIngest);
    try {
      setInfo(await api.openSample((p) => setIngest((s) => onProgress(s, p))));
      newConversation();
      notify("sample workspace open: try Ask");
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
      await reload();
    }
  };

  const openDir = async (dir: string) => {
    try {
      setInfo(await api.openWorkspace(dir));
      newConversation();
      setIngest(emptyIngest);
      setMismatch(null);
      notify(`opened ${dir}`);
    } catch (e) {
      const m = mismatchOf(toApiError(e), dir);
      if (m) setMismatch(m);
      else fail(e);
    }
    await reload();
  };

  const reembed = async (m: Mismatch) => {
    setReembedding("re-embedding…");
    try {
      const opened = await api.reembedWorkspace(m.dir, (p) => setReembedding(reembedLine(p)));
      setInfo(opened);
      setMismatch(null);
      newConversation();
      notify(`re-embedded ${opened.sources} sources and ${opened.guides} guides with ${opened.embedder}`);
    } catch (e) {
      fail(e);
    } finally {
      setReembedding(null);
      await reload();
    }
  };

  const ask = async (q: string) => {
    setAsking(true);
    setRun(null);
    setReading(null);
    setLive([]);
    setDraft("");
    try {
      const r = await api.askTurn(conversation, q, (s) => setLive((l) => [...l, s]), setDraft);
      setConversation(r.conversation);
      setTurns((t) => [...t, { question: q, reading: r.reading, answer: r.run.answer }]);
      setReading(r.reading);
      setRun(r.run);
      setConversations(await api.listConversations());
    } catch (e) {
      fail(e);
    } finally {
      setAsking(false);
    }
  };

  const newConversation = () => {
    setConversation(null);
    setTurns([]);
    setRun(null);
    setReading(null);
    setLive([]);
  };

  const openConversation = async (id: string) => {
    try {
      const c = await api.getConversation(id);
      setConversation(c.id);
      setTurns(c.turns.map((t) => ({ question: t.question, reading: t.reading, answer: t.answer })));
      setRun(null);
      setReading(null);
      setLive([]);
    } catch (e) {
      fail(e);
    }
  };

  const removeConversation = async (id: string) => {
    try {
      await api.removeConversation(id);
      if (id === conversation) newConversation();
      setConversations(await api.listConversations());
    } catch (e) {
      fail(e);
    }
  };

  return (
    <div className="app">
      <nav className="nav" aria-label="Views">
        <div className="brand">aurag</div>
        {VIEWS.map((v, i) => (
          <button key={v} className={view === v ? "active" : undefined} aria-current={view === v ? "page" : undefined} onClick={() => setView(v)} data-view={v} title={`Alt+${i + 1}`}>
            {TITLES[v]}
          </button>
        ))}
        <div className="spacer" />
        <label className="theme">
          <span className="muted small">Theme</span>
          <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)} aria-label="Theme">
            <option value="system">system</option>
            <option value="light">light</option>
            <option value="dark">dark</option>
          </select>
        </label>
      </nav>
      <main className="main">
        <Toast message={message} onDismiss={dismiss} />
        {mismatch && (
          <div className="banner error" role="alert" data-testid="embedder-mismatch">
            <p>{mismatch.message}</p>
            <p className="muted small">Re-embedding computes every vector again from the text the workspace holds (no file is read again); the old vectors stay until the new ones are complete.</p>
            <button className="primary" disabled={reembedding !== null} onClick={() => void reembed(mismatch)}>
              {reembedding ?? "Re-embed with this app's embedder"}
            </button>{" "}
            {reembedding === null && (
              <button className="link" onClick={() => setMismatch(null)}>
                not now
              </button>
            )}
          </div>
        )}
        {view === "workspace" && (
          <WorkspaceView info={info} sources={sources} ingest={ingest} changes={changes} busy={busy} onIngest={ingestPaths} onOpen={openDir} onSample={openSample} onChanged={reload} onError={(m) => notify(m)} />
        )}
        {view === "ask" && (
          <AskView
            run={run}
            live={live}
            draft={draft}
            asking={asking}
            hasSources={sources.length > 0}
            onAsk={ask}
            onTrace={() => setView("trace")}
            onSample={openSample}
            thread={turns}
            reading={reading}
            conversation={conversation}
            conversations={conversations}
            onNewConversation={newConversation}
            onOpenConversation={openConversation}
            onRemoveConversation={removeConversation}
            notify={(m) => notify(m)}
          />
        )}
        {view === "trace" && <TraceView run={run} />}
        {view === "guides" && <GuidesView onChanged={reload} notify={(m) => notify(m)} />}
        {view === "record" && <RecordView sources={sources} onSaved={reload} notify={(m) => notify(m)} />}
        {view === "settings" && <SettingsView notify={(m) => notify(m)} />}
      </main>
      {dropping && (
        <div className="drop-overlay" aria-hidden>
          Drop to add to the workspace
        </div>
      )}
    </div>
  );
}
