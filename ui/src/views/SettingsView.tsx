// Settings: the models (list, pull with progress, verify), the device,
// and the language model on or off.
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

  const pull = async (name: string) => {
    setPulling((p) => ({ ...p, [name]: "starting…" }));
    try {
      await api.modelsPull(name, (e) => {
        const msg =
          e.event === "source" ? `from ${e.source}` : e.event === "file" ? `${e.path}: ${(e.bytes / 1e6).toFixed(1)}${e.total ? ` / ${(e.total / 1e6).toFixed(1)}` : ""} MB` : e.event === "pinned" ? `pinned ${e.path} (no hash in the manifest)` : `verified ${e.path}`;
        setPulling((p) => ({ ...p, [name]: msg }));
      });
      setPulling((p) => ({ ...p, [name]: "done" }));
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
            <input type="checkbox" checked={settings.llm != null} onChange={(e) => setSettings({ ...settings, llm: e.target.checked ? "" : null })} /> Use a language model
          </label>
          {settings.llm != null && (
            <label>
              GGUF model file (tokenizer.json beside it)
              <input value={settings.llm} placeholder="qwen2.5-0.5b-instruct (pulled above), or /path/to/model.gguf" onChange={(e) => setSettings({ ...settings, llm: e.target.value })} />
            </label>
          )}
          <label>
            Refresh SQLite sources older than (seconds)
            <input type="number" min={0} value={settings.staleness_secs} onChange={(e) => setSettings({ ...settings, staleness_secs: Number(e.target.value) || 0 })} />
          </label>
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
                <button onClick={() => pull(m.name)} disabled={pulling[m.name] !== undefined && pulling[m.name] !== "done" && !pulling[m.name].startsWith("failed")}>
                  {m.installed ? "Pull again" : "Pull"}
                </button>
                <button onClick={load}>Verify</button>
                {pulling[m.name] && <div className="small">{pulling[m.name]}</div>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
