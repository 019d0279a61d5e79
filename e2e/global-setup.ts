import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { createPgliteTemplate, TEMPLATE_VARIABLE } from "../apps/server/test/database-template.ts";
import { useServerBundle } from "../apps/server/test/process.ts";

/** Debian's Chromium, the whole browser: for a tool that drives a browser of its own (Lighthouse). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The browser the tests drive: the same Chromium's headless shell (Debian's
 * chromium-headless-shell) when it is installed, which draws the same pages without the desktop
 * browser's machinery around them, at about three fifths of its processor time; otherwise Chromium.
 */
const SHELL = "/usr/bin/chromium-headless-shell";
export const TEST_BROWSER = process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : CHROMIUM);

/**
 * One Chromium for the whole run; each test file connects to it and opens its own contexts.
 * Playwright starts it with a fresh temporary profile; the flags keep it off the network.
 * Each file's server is the compiled bundle, built here once, on a copy of one migrated database.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(TEST_BROWSER))
    throw new Error(
      `Chromium not found at ${TEST_BROWSER} (apt-get install chromium chromium-headless-shell)`,
    );
  const webDist = path.resolve(import.meta.dirname, "../apps/web/dist/index.html");
  if (!existsSync(webDist)) throw new Error("The web app is not built: run `npm run build` first");
  useServerBundle();
  const template = await createPgliteTemplate();
  process.env[TEMPLATE_VARIABLE] = template.directory;
  const server = await chromium.launchServer({
    executablePath: TEST_BROWSER,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  project.provide("browserWsEndpoint", server.wsEndpoint());
  // The workers' shared servers (support.ts) keep their databases and process ids here.
  const sharedServers = mkdtempSync(path.join(tmpdir(), "formloom-e2e-shared-"));
  project.provide("sharedServersDir", sharedServers);
  return async () => {
    stopSharedServers(sharedServers);
    await server.close();
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
    browserWsEndpoint: string;
    sharedServersDir: string;
  }
}
