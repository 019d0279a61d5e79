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
    // Read by the page-weight test, which sums each page's own chunks.
    manifest: true,
    rollupOptions: {
      input: {
        main: path.resolve(import.meta.dirname, "index.html"),
      },
      // What every page needs, in one file: it compresses better than in the forty pieces it
      // would otherwise be split into, and the first page makes fewer requests.
      output: {
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});
