import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";

// The UI is bundled into the app (no dev server, no remote URLs); Vite
// emits plain script and style files so the CSP needs no 'unsafe-inline'.
export default defineConfig({
  plugins: [react()],
  clearScreen: false,
  build: { target: "safari15", outDir: "dist", emptyOutDir: true, modulePreload: { polyfill: false } },
  test: { environment: "jsdom", include: ["src/**/*.test.{ts,tsx}"] },
});
