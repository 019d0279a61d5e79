import path from "node:path";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

const repository = path.resolve(import.meta.dirname, "../..");

/**
 * Writes .vite/modules.json next to the manifest: each chunk's modules and how many characters
 * of it each one makes (after unused code is dropped, before minifying). The page-weight test
 * reads it to say what makes a page heavy.
 */
function moduleReport(): Plugin {
  return {
    name: "formloom-module-report",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks: Record<string, [string, number][]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[output.fileName] = Object.entries(output.modules)
          .filter(([, module]) => module.renderedLength > 0)
          .map(([id, module]): [string, number] => [
            path.relative(repository, id.replace(/^\0/, "").split("?")[0]!),
            module.renderedLength,
          ])
          .sort((a, b) => b[1] - a[1]);
      }
      this.emitFile({ type: "asset", fileName: ".vite/modules.json", source: JSON.stringify(chunks) });
    },
  };
}

// The signed-in app (index.html). The small public form page (fill.html) that respondents load
// is built apart, on Preact, by vite.fill.config.ts.
export default defineConfig({
  plugins: [react(), moduleReport()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Read by the page-weight test, which sums each page's own chunks (and, with the module
    // report above, names what is in them).
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
              // Not react-i18next's <Trans> and its HTML parser: one page (registration) uses them.
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|@tanstack)[\\/](?!.*[\\/](Icu)?Trans)/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, proxy: { "/api": "http://localhost:3000" } },
});
