import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Two entries: the signed-in app (index.html) and the small public form page (fill.html)
// that respondents load, which carries no UI kit.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: {
        main: path.resolve(import.meta.dirname, "index.html"),
        fill: path.resolve(import.meta.dirname, "fill.html"),
      },
    },
  },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});
