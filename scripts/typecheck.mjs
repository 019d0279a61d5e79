// Type-checks every workspace with its own tsconfig (DOM for the browser, node types for the server).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export const PROJECTS = [
  "packages/core",
  "packages/core/tsconfig.test.json",
  "packages/renderer",
  "apps/server",
  "apps/web",
  "e2e",
  "bench",
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let failed = 0;
  for (const project of PROJECTS) {
    const result = spawnSync("npx", ["tsc", "--noEmit", "-p", project], { stdio: "inherit" });
    if (result.status !== 0) failed++;
  }
  process.exit(failed === 0 ? 0 : 1);
}
