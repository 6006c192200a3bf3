// The workspace: open or create one, the sample one click away, the
// sources list (filterable, with per-file status and errors), ingestion by
// drop or by path with a progress bar per file, remove and refresh.
import { useMemo, useState } from "react";
import type { SourceObject } from "../bindings/SourceObject";
import type { SourceSummary } from "../bindings/SourceSummary";
import type { WorkspaceInfo } from "../bindings/WorkspaceInfo";
import { api, toApiError } from "../api";
import type { Changes } from "../lib/changes";
import type { IngestState } from "../lib/ingest";
import { baseName, filterSources, where, type SourceFilter } from "../lib/sources";
import { SourceViewer } from "./SourceViewer";

type Props = {
  info: WorkspaceInfo | null;
  sources: SourceSummary[];
  ingest: IngestState;
  /** What following the files changed lately (see lib/changes). */
  changes?: Changes;
  busy: boolean;
  onIngest: (paths: string[]) => void;
  onOpen: (dir: string) => void;
  onSample: () => void;
  onChanged: () => void;
  onError: (m: string) => void;
};

export function WorkspaceView({ info, sources, ingest, changes, busy, onIngest, onOpen, onSample, onChanged, onError }: Props) {
  const [filter, setFilter] = useState<SourceFilter>({ type: "all", file: "", text: "" });
  const [path, setPath] = useState("");
  const [dir, setDir] = useState("");
  const [open, setOpen] = useState<SourceObject | null>(null);
  const files = useMemo(() => [...new Set(sources.map((s) => s.file))].sort(), [sources]);
  const shown = filterSources(sources, filter);

  const show = async (id: string) => {
    try {
      setOpen(await api.getSource(id));
    } catch (e) {
      onError(toApiError(e).message);
    }
  };
  const remove = async (id: string) => {
    try {
      await api.removeSource(id);
      if (open?.id === id) setOpen(null);
      onChanged();
    } catch (e) {
      onError(toApiError(e).message);
    }
  };
  const refresh = async (id: string) => {
    try {
      const r = await api.refreshSources(id);
      onError(r.map((x) => `${x.id}: ${x.rows} rows${x.changed ? ", changed" : ", unchanged"}`).join("; ") || "nothing to refresh");
      onChanged();
    } catch (e) {
      onError(toApiError(e).message);
    }
  };

  return (
    <section className="view workspace" aria-labelledby="ws-title">
      <h2 id="ws-title">Workspace</h2>
      <div className="ws-bar">
        <div>
          <div className="muted">Open workspace</div>
          <code data-testid="ws-dir">{info?.dir ?? "…"}</code>
          {info?.shared && (
            <span className="badge shared" data-testid="ws-shared" title="The store is on object storage, shared with everyone who opens this prefix">
              shared
            </span>
          )}
          {info && (
            <span className="muted">
              {" "}
              · {info.sources} sources from {info.files} files · {info.guides} guides · embedder {info.embedder}
            </span>
          )}
        </div>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            if (dir.trim()) onOpen(dir.trim());
          }}
        >
          <input id="workspace-dir" aria-label="Workspace folder or s3:// prefix" placeholder="/path/to/folder, or s3://bucket/prefix to share (created if new)" value={dir} onChange={(e) => setDir(e.target.value)} />
          <button type="submit" id="open-dir">Open or create</button>
          <button type="button" id="open-sample" onClick={onSample} disabled={busy || info?.sample_available === false}>
            Open the sample workspace
          </button>
        </form>
      </div>

      <div className="dropzone" aria-label="Add files">
        <p>
          <strong>Drop PDFs, Word, PowerPoint, HTML, Markdown, spreadsheets (xlsx, xls, ods, csv), SQLite databases or folders anywhere on this window</strong>, or give a path. The workspace then follows them: an edited file is read again, a deleted one removed, a new one in an added folder added.
        </p>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            const paths = path.split("\n").map((p) => p.trim()).filter(Boolean);
            if (paths.length) onIngest(paths);
          }}
        >
          <input id="ingest-path" aria-label="File or folder path" placeholder="/path/to/report.pdf" value={path} onChange={(e) => setPath(e.target.value)} />
          <button type="submit" id="ingest-go" disabled={busy}>
            Add
          </button>
        </form>
        {ingest.files.length > 0 && (
          <ul className="progress-list" data-testid="ingest-progress">
            {ingest.files.map((f) => (
              <li key={f.file} className={`file-${f.state}`} data-state={f.state}>
                <span className="fname" title={f.file}>{baseName(f.file)}</span>
                <progress max={1} value={f.state === "running" ? undefined : 1} aria-label={`progress of ${baseName(f.file)}`} />
                <span className="fstate">
                  {f.state === "running" ? "reading…" : f.state === "failed" ? "failed" : f.state === "unchanged" ? "unchanged" : `done${f.objects != null ? `, ${f.objects} objects` : ""}`}
                </span>
                {f.error && <div className="error-text">{f.error}</div>}
              </li>
            ))}
          </ul>
        )}
      </div>

      {changes && (changes.rows.length > 0 || changes.flagged.length > 0) && (
        <div className="file-changes" aria-label="Followed file changes" data-testid="file-changes">
          <h3>Files changed</h3>
          <ul>
            {changes.rows.map((r, i) => (
              <li key={`${r.at}-${r.file}-${i}`} className={r.error ? "error-text" : undefined} title={r.file}>
                <span className="muted small">{r.at}</span> {r.text}
              </li>
            ))}
          </ul>
          {changes.flagged.length > 0 && (
            <div className="error-text" data-testid="flagged-guides">
              {changes.flagged.length} guide{changes.flagged.length === 1 ? "" : "s"} name sources that are gone:{" "}
              {changes.flagged.map((g) => `“${g.question}”`).join(", ")}. Record them again or remove them in Guides.
            </div>
          )}
        </div>
      )}

      {sources.length === 0 ? (
        <div className="empty">
          <h3>No sources yet</h3>
          <p>Drop files on the window, give a path above, or open the sample workspace: an annual-report PDF, a spreadsheet and a SQLite database, ready to ask.</p>
        </div>
      ) : (
        <div className="split">
          <div className="sources">
            <div className="row filters">
              <select aria-label="Type" value={filter.type} onChange={(e) => setFilter({ ...filter, type: e.target.value as SourceFilter["type"] })}>
                <option value="all">all types</option>
                <option value="text">text</option>
                <option value="table">tables</option>
                <option value="dynamic">SQLite (dynamic)</option>
              </select>
              <select aria-label="File" value={filter.file} onChange={(e) => setFilter({ ...filter, file: e.target.value })}>
                <option value="">all files</option>
                {files.map((f) => (
                  <option key={f} value={f}>{baseName(f)}</option>
                ))}
              </select>
              <input aria-label="Search descriptions" placeholder="search descriptions" value={filter.text} onChange={(e) => setFilter({ ...filter, text: e.target.value })} />
            </div>
            <table className="list" data-testid="sources">
              <thead>
                <tr>
                  <th>Source</th>
                  <th>Type</th>
                  <th>File</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {shown.map((s) => (
                  <tr key={s.id} className={open?.id === s.id ? "selected" : undefined}>
                    <td>
                      <button className="link" onClick={() => show(s.id)} data-source-id={s.id}>
                        {s.id}
                      </button>
                      <div className="muted small clamp">{s.description}</div>
                    </td>
                    <td>
                      {s.content_type}
                      {s.kind === "dynamic" && <span className="badge">dynamic</span>}
                    </td>
                    <td title={s.file}>
                      {baseName(s.file)}
                      <div className="muted small">{where(s.locator)}</div>
                    </td>
                    <td className="actions">
                      {s.kind === "dynamic" && (
                        <button onClick={() => refresh(s.id)} title="Re-run its refresh SQL">
                          Refresh
                        </button>
                      )}
                      <button onClick={() => remove(s.id)} aria-label={`Remove ${s.id}`}>
                        Remove
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="pane">{open ? <SourceViewer obj={open} /> : <p className="muted">Pick a source to see its sentences or its grid.</p>}</div>
        </div>
      )}
    </section>
  );
}
