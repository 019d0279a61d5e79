import { existsSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * One Chromium for the whole run; each test file connects to it and opens its own contexts.
 * Playwright starts it with a fresh temporary profile; the flags keep it off the network.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM} (apt-get install chromium)`);
  const webDist = path.resolve(import.meta.dirname, "../apps/web/dist/index.html");
  if (!existsSync(webDist)) throw new Error("The web app is not built: run `npm run build` first");
  const server = await chromium.launchServer({
    executablePath: CHROMIUM,
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
  return async () => {
    await server.close();
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    browserWsEndpoint: string;
  }
}
