// Type-checks every workspace with its own tsconfig (DOM for the browser, node types for the server).
//
// The check runs TypeScript 7, the compiler rewritten as native code (installed as
// `typescript-native`): it gives the same answers as TypeScript 5.9 for this code and takes about a
// fifth of its processor time, which on a two-core machine is time the other test stages get.
// TypeScript 5.9 stays installed as `typescript`: openapi-typescript builds the API types with its
// compiler interface, which the native compiler does not offer.
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The native compiler's command line (its package exports no path to it), run with this Node. */
export const TSC = path.join(
  path.dirname(createRequire(import.meta.url).resolve("typescript-native/package.json")),
  "bin/tsc",
);

/**
 * How each project is checked. `--singleThreaded`: the native compiler's parallel checkers each
 * work out many of the same types again; on two cores, where the check runs beside the tests, one
 * checker took half the processor time (15 s against 32 s for every project) in the same wall time.
 */
export const CHECK = ["--noEmit", "--singleThreaded"];

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
    const result = spawnSync(process.execPath, [TSC, ...CHECK, "-p", project], { stdio: "inherit" });
    if (result.status !== 0) failed++;
  }
  process.exit(failed === 0 ? 0 : 1);
}
