import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The public form page (fill.html) that respondents load, built apart from the signed-in app:
 * its React is Preact's compatibility layer, because react-dom alone is about 60 KB of the
 * page's 80 KB gzipped JavaScript budget. The same config builds the server-side renderer
 * (`vite build --ssr`, see package.json) so server and browser render the same components.
 */
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: "preact/compat" },
      { find: /^react-dom$/, replacement: "preact/compat" },
      { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
      { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
      { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-dev-runtime" },
    ],
  },
  // The server's bundle must carry Preact itself, not import React from node_modules.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? {
        outDir: "dist-ssr",
        emptyOutDir: true,
        // The web app's public files are served from dist, not by the renderer.
        copyPublicDir: false,
        rollupOptions: {
          input: path.resolve(import.meta.dirname, "src/fill/entry-server.tsx"),
          // The server holds every language's texts; the browser's build loads only the form's.
          onLog(level, log, handler) {
            if (log.code !== "INEFFECTIVE_DYNAMIC_IMPORT") handler(level, log);
          },
        },
      }
    : {
        outDir: "dist",
        // The signed-in app's build (vite.config.ts) runs first into the same folder.
        emptyOutDir: false,
        rollupOptions: { input: { fill: path.resolve(import.meta.dirname, "fill.html") } },
      },
}));
