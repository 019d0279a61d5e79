// What a page makes the browser download as JavaScript, gzipped (level 9, as a server or CDN
// would send it). Shared by the budget checks of the public page and of the signed-in app.
import { gzipSync } from "node:zlib";
import type { Page, Request, Response } from "playwright-core";

export const gzippedSize = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

export interface ScriptWeights {
  /** Each script's address and gzipped size, in the order they arrived. */
  scripts: { url: string; size: number }[];
  total: number;
}

/**
 * Starts recording the scripts `page` downloads. `weigh()` waits until the page has settled: no
 * script on its way, and the page's main thread idle, so that every script has run and asked for
 * what it imports. Then it stops recording and sums what came.
 *
 * Each body is read as its response arrives: read after the page or its context is closed, it
 * would fail. A busy machine that runs the scripts slowly makes `weigh()` wait longer; it never
 * makes it leave a script out.
 */
export function recordScripts(page: Page) {
  const scripts: { url: string; size: Promise<number> }[] = [];
  const loading = new Set<Request>();
  let drained: (() => void) | undefined;
  const isScript = (request: Request) => request.resourceType() === "script";
  const onRequest = (request: Request) => {
    if (isScript(request)) loading.add(request);
  };
  const onDone = (request: Request) => {
    loading.delete(request);
    if (loading.size === 0) drained?.();
  };
  const onResponse = (response: Response) => {
    if (!isScript(response.request())) return;
    const size = response.body().then(gzippedSize);
    size.catch(() => {}); // weigh() reports the failure; closing the page first must not reject unheard
    scripts.push({ url: response.url(), size });
  };
  page.on("request", onRequest);
  page.on("requestfinished", onDone);
  page.on("requestfailed", onDone);
  page.on("response", onResponse);

  return {
    async weigh(): Promise<ScriptWeights> {
      await page.waitForLoadState("load");
      for (;;) {
        if (loading.size > 0) await new Promise<void>((done) => (drained = done));
        const requested = scripts.length;
        await page.evaluate(() => new Promise((done) => requestIdleCallback(done, { timeout: 5000 })));
        if (loading.size === 0 && scripts.length === requested) break;
      }
      page.off("request", onRequest);
      page.off("requestfinished", onDone);
      page.off("requestfailed", onDone);
      page.off("response", onResponse);
      const weighed = await Promise.all(scripts.map(async ({ url, size }) => ({ url, size: await size })));
      return { scripts: weighed, total: weighed.reduce((sum, { size }) => sum + size, 0) };
    },
  };
}
