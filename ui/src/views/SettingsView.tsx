// Settings: the models (list, pull with progress, verify, use), the
// device, and the language model on or off and for which steps.
import { useEffect, useState } from "react";
import type { ModelRow } from "../bindings/ModelRow";
import type { Settings } from "../bindings/Settings";
import { api, toApiError } from "../api";

export function SettingsView({ notify }: { notify: (m: string) => void }) {
  const [models, setModels] = useState<ModelRow[]>([]);
  const [settings, setSettings] = useState<Settings | null>(null);
  const [pulling, setPulling] = useState<Record<string, string>>({});

  const load = async () => {
    try {
      setModels(await api.modelsList());
      setSettings(await api.getSettings());
    } catch (e) {
      notify(toApiError(e).message);
    }
  };
  useEffect(() => {
    void load();
  }, []);

  const pull = async (name: string, role: ModelRow["role"]) => {
    setPulling((p) => ({ ...p, [name]: "starting…" }));
    try {
      await api.modelsPull(name, (e) => {
        const msg =
          e.event === "source" ? `from ${e.source}` : e.event === "file" ? `${e.path}: ${(e.bytes / 1e6).toFixed(1)}${e.total ? ` / ${(e.total / 1e6).toFixed(1)}` : ""} MB` : e.event === "pinned" ? `pinned ${e.path} (no hash in the manifest)` : `verified ${e.path}`;
        setPulling((p) => ({ ...p, [name]: msg }));
      });
      setPulling((p) => ({ ...p, [name]: "done" }));
      // A language model pulled while none is set is switched on.
      const current = await api.getSettings();
      if (role === "llm" && !current.llm) {
        await save({ ...current, llm: name });
      }
    } catch (e) {
      setPulling((p) => ({ ...p, [name]: `failed: ${toApiError(e).message}` }));
    }
    await load();
  };

  const save = async (s: Settings) => {
    try {
      setSettings(await api.setSettings(s));
      notify("settings saved");
    } catch (e) {
      notify(toApiError(e).message);
    }
  };

  return (
    <section className="view settings" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      {settings && (
        <form
          className="settings-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save(settings);
          }}
        >
          <label>
            Device
            <select value={settings.device} onChange={(e) => setSettings({ ...settings, device: e.target.value })}>
              <option value="cpu">CPU</option>
              <option value="auto">auto (CUDA, then Metal, then CPU)</option>
              <option value="cuda">CUDA</option>
              <option value="metal">Metal</option>
            </select>
          </label>
          <label>
            <input id="use-llm" type="checkbox" checked={settings.llm != null} onChange={(e) => setSettings({ ...settings, llm: e.target.checked ? "" : null })} /> Use a language model
          </label>
          {settings.llm != null && (
            <>
              <label>
                Language model (a name pulled below, or a GGUF file)
                <input value={settings.llm} placeholder="qwen2.5-coder-0.5b-instruct, or /path/to/model.gguf" onChange={(e) => setSettings({ ...settings, llm: e.target.value })} />
              </label>
              <label>
                <input id="llm-every-step" type="checkbox" checked={settings.llm_every_step} onChange={(e) => setSettings({ ...settings, llm_every_step: e.target.checked })} /> Let the model also read the question, judge the sources and pick the evidence
              </label>
              <p className="muted small">
                Off, the model writes the answer (and SQL where the table parser is unsure) after the deterministic steps: the answer starts in about a second. On, each step waits for the model: on two cores with the 0.5B model, ten seconds or more before the answer starts.
              </p>
            </>
          )}
          <label>
            Refresh SQLite sources older than (seconds)
            <input type="number" min={0} value={settings.staleness_secs} onChange={(e) => setSettings({ ...settings, staleness_secs: Number(e.target.value) || 0 })} />
          </label>
          <fieldset className="s3-settings">
            <legend>Shared workspaces (s3://bucket/prefix)</legend>
            <p className="muted small">
              A workspace opened as <code>s3://bucket/prefix</code> lives on S3-compatible storage (AWS S3, MinIO, R2) and is shared by everyone who opens it: sources, guides and answers. A field left empty is read from the environment (AURAG_S3_ENDPOINT, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY).
            </p>
            <label>
              Endpoint
              <input id="s3-endpoint" value={settings.s3_endpoint} placeholder="empty: AWS S3; or http://minio.local:9000" onChange={(e) => setSettings({ ...settings, s3_endpoint: e.target.value })} />
            </label>
            <label>
              Region
              <input id="s3-region" value={settings.s3_region} placeholder="us-east-1" onChange={(e) => setSettings({ ...settings, s3_region: e.target.value })} />
            </label>
            <label>
              Access key id
              <input id="s3-key" value={settings.s3_access_key_id} autoComplete="off" onChange={(e) => setSettings({ ...settings, s3_access_key_id: e.target.value })} />
            </label>
            <label>
              Secret access key
              <input id="s3-secret" type="password" value={settings.s3_secret_access_key} autoComplete="off" onChange={(e) => setSettings({ ...settings, s3_secret_access_key: e.target.value })} />
            </label>
            <p className="muted small">Kept in this machine's settings file, readable by you only. Changes apply when a workspace is next opened.</p>
          </fieldset>
          <button type="submit">Save settings</button>
          <p className="muted small">Without a language model every agent step is deterministic and answers are extractive, still cited.</p>
        </form>
      )}
      <h3>Models</h3>
      <table className="list" data-testid="models">
        <thead>
          <tr>
            <th>Model</th>
            <th>Role</th>
            <th>License</th>
            <th>Files</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {models.map((m) => (
            <tr key={m.name}>
              <td>{m.name}</td>
              <td>{m.role}</td>
              <td>{m.license}</td>
              <td>
                {m.installed ? "installed, verified" : "not installed"}
                <ul className="small muted">
                  {m.files.map((f) => (
                    <li key={f.path}>
                      {f.ok ? "✓" : "✗"} {f.path} {f.ok ? "" : f.detail}
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                <button onClick={() => pull(m.name, m.role)} disabled={pulling[m.name] !== undefined && pulling[m.name] !== "done" && !pulling[m.name].startsWith("failed")}>
                  {m.installed ? "Pull again" : "Pull"}
                </button>
                <button onClick={load}>Verify</button>
                {m.role === "llm" && m.installed && settings && (
                  <button onClick={() => void save({ ...settings, llm: m.name })} disabled={settings.llm === m.name}>
                    {settings.llm === m.name ? "In use" : "Use"}
                  </button>
                )}
                {pulling[m.name] && <div className="small">{pulling[m.name]}</div>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
