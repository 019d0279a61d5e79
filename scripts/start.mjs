// `npm start`: builds the web app and the server bundle only when their sources changed since
// the last build, then runs the compiled server in this process.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildServer, SERVER_BUNDLE } from "./build-server.mjs";
import { precompress } from "./precompress.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// Build stamps live with other build caches: outside the served folders, never committed.
const stamps = path.join(root, "node_modules/.cache/formloom");

const SHARED = ["packages/core/src", "packages/core/package.json", "package-lock.json"];
const WEB = {
  name: "web app",
  outputs: ["apps/web/dist/index.html", "apps/web/dist/fill.html", "apps/web/dist-ssr/entry-server.js"],
  inputs: [
    ...SHARED,
    "apps/web/src",
    "apps/web/index.html",
    "apps/web/fill.html",
    "apps/web/vite.config.ts",
    "apps/web/vite.fill.config.ts",
    "apps/web/package.json",
    "packages/renderer/src",
    "packages/renderer/package.json",
  ],
  build: () => {
    const result = spawnSync("npm", ["run", "build", "-w", "@formloom/web"], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) throw new Error("the web app did not build");
    precompress(path.join(root, "apps/web/dist"));
  },
};
const SERVER = {
  name: "server",
  outputs: [path.relative(root, SERVER_BUNDLE)],
  inputs: [...SHARED, "apps/server/src", "apps/server/package.json", "scripts/build-server.mjs"],
  build: buildServer,
};

/** A hash of every input file's path and content: unlike times, it survives checkouts and copies. */
function sourceHash(inputs) {
  const hash = createHash("sha256");
  const add = (relative) => {
    const full = path.join(root, relative);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const entry of readdirSync(full).sort()) {
        if (entry !== "node_modules" && entry !== "dist") add(path.join(relative, entry));
      }
      return;
    }
    hash.update(`${relative}\0`);
    hash.update(readFileSync(full));
    hash.update("\0");
  };
  for (const input of inputs) add(input);
  return hash.digest("hex");
}

async function buildIfStale(target) {
  const stamp = path.join(stamps, `${target.name.replace(/\W+/g, "-")}.sha256`);
  const current = sourceHash(target.inputs);
  const built = target.outputs.every((output) => existsSync(path.join(root, output)));
  if (built && existsSync(stamp) && readFileSync(stamp, "utf8") === current) return;
  console.log(`Building the ${target.name}…`);
  await target.build();
  mkdirSync(stamps, { recursive: true });
  writeFileSync(stamp, current);
}

await buildIfStale(WEB);
await buildIfStale(SERVER);
await import(pathToFileURL(SERVER_BUNDLE).href);
