import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The signed-in app (index.html). The small public form page (fill.html) that respondents load
// is built apart, on Preact, by vite.fill.config.ts.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: {
        main: path.resolve(import.meta.dirname, "index.html"),
      },
    },
  },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});
