// Bundles the server (apps/server/src/main.ts) into one JavaScript file, apps/server/dist/main.js,
// so production starts on plain Node without compiling TypeScript first. Our workspace packages
// (@formloom/*, shipped as TypeScript) go into the bundle; every other package stays an import
// that Node resolves from node_modules as usual.
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const SERVER_BUNDLE = path.join(root, "apps/server/dist/main.js");

/** Bare imports outside our workspace stay imports. */
const nodeModulesStayExternal = {
  name: "node-modules-stay-external",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith("@formloom/") ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  // Loaded here, not at the top: a start whose bundle is up to date needs no esbuild.
  const { build } = await import("esbuild");
  const { outputFiles } = await build({
    entryPoints: [path.join(root, "apps/server/src/main.ts")],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    // Error stacks then name the TypeScript files and lines.
    banner: { js: "process.setSourceMapsEnabled(true);" },
    plugins: [nodeModulesStayExternal],
    logLevel: "warning",
    write: false,
  });
  // Each file replaced in one step: the browser tests and the API tests build the bundle at their
  // start while the other may be starting servers from it, which must never read half a file.
  mkdirSync(path.dirname(SERVER_BUNDLE), { recursive: true });
  for (const file of outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await buildServer();
