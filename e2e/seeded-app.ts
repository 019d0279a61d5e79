// A test file's own app whose embedded database the test writes with SQL while the app is stopped:
// what no API call makes (submissions dated months back, devices and places), or more than the
// API would make in reasonable time.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { copyPgliteTemplate } from "../apps/server/test/database-template.ts";
import { connectBrowser, type RunningApp, startApp } from "./support.ts";

/**
 * Starts the app on a database of this file's and connects to the shared browser before the
 * file's tests, and closes both after them, as appAndBrowser does. `withDatabase` stops the app,
 * hands its database to `change`, and starts it again on the same address. `settings` are the
 * app's own besides its data directory (TRUST_PROXY for a test that sends from many addresses).
 */
export function appWithDatabase(name: string, settings: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `formloom-${name}-`));
  const env = { ...settings, DATA_DIR: dataDir, SEED_DEMO: "false" };
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    copyPgliteTemplate(dataDir);
    [app, browser] = await Promise.all([startApp(env), connectBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const running = () => {
    if (!app) throw new Error("the app is not started yet");
    return app;
  };
  return {
    /** The app's data directory: its embedded database and, under files/, the uploaded files. */
    dataDir,
    get app(): RunningApp {
      return running();
    },
    get browser(): Browser {
      if (!browser) throw new Error("the browser is not connected yet");
      return browser;
    },
    async withDatabase(change: (db: PGlite) => Promise<void>): Promise<void> {
      const port = new URL(running().url).port;
      await running().close();
      app = undefined;
      const db = await PGlite.create(path.join(dataDir, "pglite"));
      try {
        await change(db);
      } finally {
        await db.close();
      }
      app = await startApp({ ...env, PORT: port });
    },
  };
}
