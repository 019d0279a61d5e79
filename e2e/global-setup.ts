import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createPgliteTemplate, TEMPLATE_VARIABLE } from "../apps/server/test/database-template.ts";
import { officeServersOfRun } from "../apps/server/test/export-readers.ts";
import { useServerBundle } from "../apps/server/test/process.ts";
import { precompress } from "../scripts/precompress.mjs";

/** Debian's Chromium, the whole browser: for a tool that drives a browser of its own (Lighthouse). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The browser the tests drive: the same Chromium's headless shell (Debian's
 * chromium-headless-shell) when it is installed, which draws the same pages without the desktop
 * browser's machinery around them, at about three fifths of its processor time; otherwise Chromium.
 */
const SHELL = "/usr/bin/chromium-headless-shell";
export const TEST_BROWSER = process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : CHROMIUM);

/** How the tests start Chromium: off the network, with nothing of its own to fetch or sync. */
export const BROWSER_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * Checks the run's parts before any file starts: the browser is installed and the web app built.
 * Each file's server is the compiled bundle, built here once, on a copy of one migrated database.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(TEST_BROWSER))
    throw new Error(
      `Chromium not found at ${TEST_BROWSER} (apt-get install chromium chromium-headless-shell)`,
    );
  const webDist = path.resolve(import.meta.dirname, "../apps/web/dist/index.html");
  if (!existsSync(webDist)) throw new Error("The web app is not built: run `npm run build` first");
  // The compressed copies `npm start` writes, so the servers send what production sends instead
  // of compressing each script again for every page of every test.
  precompress(path.dirname(webDist));
  useServerBundle();
  const template = await createPgliteTemplate();
  process.env[TEMPLATE_VARIABLE] = template.directory;
  // The LibreOffice a worker starts to read an exported file back (export-readers.ts).
  const stopOffices = officeServersOfRun();
  // The workers' shared servers (support.ts) keep their databases and process ids here.
  const sharedServers = mkdtempSync(path.join(tmpdir(), "formloom-e2e-shared-"));
  project.provide("sharedServersDir", sharedServers);
  return async () => {
    stopSharedServers(sharedServers);
    stopOffices();
    template.remove();
  };
}

/** Stops the servers the workers shared, should a worker have ended without stopping its own. */
function stopSharedServers(directory: string): void {
  for (const file of readdirSync(directory).filter((name) => name.endsWith(".pid"))) {
    try {
      process.kill(Number(readFileSync(path.join(directory, file), "utf8")));
    } catch {
      // Already stopped.
    }
  }
  rmSync(directory, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    sharedServersDir: string;
  }
}
