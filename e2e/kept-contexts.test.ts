// The browser tests hand a closed context to a later test (support.ts, keptContexts). What one test
// stored in it must not reach the next one, and a context a test added something to is not kept.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { recordScripts } from "./script-weight.ts";
import { appAndBrowser } from "./support.ts";

const run = appAndBrowser();
const VIEWPORT = { width: 1111, height: 777 }; // options no other file asks for

async function openSignIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${run.app.url}/login`);
  await page.getByRole("button", { name: "Sign in" }).waitFor();
  return page;
}

/** Opens the sign-in page and weighs its scripts as the budget checks do. */
async function weighSignIn(context: BrowserContext) {
  const page = await context.newPage();
  const recording = recordScripts(page);
  await page.goto(`${run.app.url}/login`);
  await page.getByRole("button", { name: "Sign in" }).waitFor();
  return { page, weights: await recording.weigh() };
}

/** How many of the page's scripts came from the browser's cache, and how many in all. */
const cachedScripts = (page: Page) =>
  page.evaluate(() => {
    const scripts = performance
      .getEntriesByType("resource")
      .filter(
        (entry) =>
          (entry as PerformanceResourceTiming).initiatorType === "script" || entry.name.endsWith(".js"),
      )
      .map((entry) => (entry as PerformanceResourceTiming).transferSize);
    return { cached: scripts.filter((size) => size === 0).length, all: scripts.length };
  });

/** What a page can leave behind for the next one on its origin. */
const leftBehind = (page: Page) =>
  page.evaluate(async () => ({
    local: localStorage.getItem("left"),
    cookie: document.cookie.includes("left=1"),
    databases: (await indexedDB.databases()).map((database) => database.name),
    flag: (window as unknown as { flag?: string }).flag ?? null,
  }));

describe("contexts kept between browser tests", () => {
  it("come back with their scripts cached and nothing a page stored", async () => {
    const first = await run.browser.newContext({ viewport: VIEWPORT });
    const { page, weights } = await weighSignIn(first);
    expect((await cachedScripts(page)).cached).toBe(0);
    await page.evaluate(async () => {
      localStorage.setItem("left", "yes");
      await new Promise((done) => {
        const opening = indexedDB.open("left-behind");
        opening.onsuccess = done;
      });
    });
    await first.addCookies([{ name: "left", value: "1", url: run.app.url }]);
    expect(await leftBehind(page)).toEqual({
      local: "yes",
      cookie: true,
      databases: ["left-behind"],
      flag: null,
    });
    await first.close();

    const second = await run.browser.newContext({ viewport: VIEWPORT });
    const { page: again, weights: fromCache } = await weighSignIn(second);
    const { cached, all } = await cachedScripts(again);
    expect(all).toBeGreaterThan(0);
    expect(cached, "the kept context's scripts come from its cache").toBe(all);
    // The budget checks weigh scripts from the cache as from the network.
    const sorted = ({ scripts }: typeof weights) => scripts.map(({ url, size }) => `${url} ${size}`).sort();
    expect(sorted(fromCache)).toEqual(sorted(weights));
    expect(await leftBehind(again)).toEqual({ local: null, cookie: false, databases: [], flag: null });
    await second.close();
  });

  it("come back without what a page stored on an origin it has left since", async () => {
    const first = await run.browser.newContext({ viewport: VIEWPORT });
    const page = await openSignIn(first);
    await page.evaluate(() => localStorage.setItem("left", "before leaving"));
    await page.goto("about:blank");
    await first.close();

    const second = await run.browser.newContext({ viewport: VIEWPORT });
    expect((await leftBehind(await openSignIn(second))).local).toBeNull();
    await second.close();
  });

  it("are not kept once a test added something to them", async () => {
    const tainted = await run.browser.newContext({ viewport: VIEWPORT });
    await tainted.addInitScript(() => {
      (window as unknown as { flag: string }).flag = "added";
    });
    const page = await openSignIn(tainted);
    expect((await leftBehind(page)).flag).toBe("added");
    await tainted.close();

    const next = await run.browser.newContext({ viewport: VIEWPORT });
    const clean = await openSignIn(next);
    expect((await leftBehind(clean)).flag).toBeNull();
    await next.close();
  });
});
