import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ModelRow } from "../bindings/ModelRow";
import type { Settings } from "../bindings/Settings";

// The view talks to the app only through `api`; here it is a double that
// keeps the settings it is given.
const state: { settings: Settings; models: ModelRow[] } = { settings: {} as Settings, models: [] };
vi.mock("../api", () => ({
  api: {
    modelsList: vi.fn(async () => state.models),
    getSettings: vi.fn(async () => state.settings),
    setSettings: vi.fn(async (s: Settings) => {
      state.settings = s;
      return s;
    }),
    modelsPull: vi.fn(async () => null),
  },
  toApiError: (e: unknown) => ({ code: "internal", message: String(e) }),
}));
import { api } from "../api";
import { SettingsView } from "../views/SettingsView";

const llm = (installed: boolean): ModelRow => ({ name: "qwen2.5-coder-0.5b-instruct", role: "llm", license: "Apache-2.0", installed, files: [] });

beforeEach(() => {
  vi.clearAllMocks();
  state.settings = { device: "cpu", llm: null, llm_every_step: false, staleness_secs: 300, s3_endpoint: "", s3_region: "", s3_access_key_id: "", s3_secret_access_key: "" };
});
afterEach(cleanup);

describe("SettingsView", () => {
  it("switches a language model on when it is pulled and none is set", async () => {
    state.models = [llm(false)];
    render(<SettingsView notify={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Pull" }));
    await waitFor(() => expect(api.setSettings).toHaveBeenCalled());
    expect(api.modelsPull).toHaveBeenCalledWith("qwen2.5-coder-0.5b-instruct", expect.any(Function));
    expect(state.settings.llm).toBe("qwen2.5-coder-0.5b-instruct");
    // The model writes the answer only, unless asked for every step.
    expect(state.settings.llm_every_step).toBe(false);
  });

  it("keeps the model already chosen when another is pulled", async () => {
    state.models = [llm(false)];
    state.settings = { ...state.settings, llm: "/models/mine.gguf" };
    render(<SettingsView notify={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Pull" }));
    await waitFor(() => expect(api.modelsPull).toHaveBeenCalled());
    await waitFor(() => expect(api.modelsList).toHaveBeenCalledTimes(2));
    expect(api.setSettings).not.toHaveBeenCalled();
    expect(state.settings.llm).toBe("/models/mine.gguf");
  });

  it("uses an installed model in one click, and saves every step when checked", async () => {
    state.models = [llm(true)];
    render(<SettingsView notify={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Use" }));
    await waitFor(() => expect(state.settings.llm).toBe("qwen2.5-coder-0.5b-instruct"));
    expect(await screen.findByRole("button", { name: "In use" })).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/Let the model also read the question/));
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(state.settings.llm_every_step).toBe(true));
  });

  it("saves a shared workspace's endpoint and credentials, the secret masked", async () => {
    state.models = [];
    render(<SettingsView notify={() => {}} />);
    const secret = (await screen.findByLabelText("Secret access key")) as HTMLInputElement;
    expect(secret.type).toBe("password");
    fireEvent.change(screen.getByLabelText("Endpoint"), { target: { value: "http://127.0.0.1:9000" } });
    fireEvent.change(screen.getByLabelText("Access key id"), { target: { value: "AKIDEXAMPLE" } });
    fireEvent.change(secret, { target: { value: "s3cr3t" } });
    fireEvent.click(screen.getByRole("button", { name: "Save settings" }));
    await waitFor(() => expect(state.settings.s3_secret_access_key).toBe("s3cr3t"));
    expect(state.settings.s3_endpoint).toBe("http://127.0.0.1:9000");
    expect(state.settings.s3_access_key_id).toBe("AKIDEXAMPLE");
    expect(state.settings.s3_region).toBe("");
  });
});
