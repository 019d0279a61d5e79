// The weight budget of the signed-in app: what the sign-in page and the dashboard make a browser
// download, and that each page's code comes only when the page is opened. Sizes are gzipped
// (level 9), as a server or CDN would send them; the report, with each page's own size and its
// largest parts, lands in .test-output/page-weight.md.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { appAndBrowser, signInAsDemo } from "./support.ts";

/** The most JavaScript the sign-in page or the dashboard may load, in gzipped kilobytes. */
const FIRST_PAGE_BUDGET_KB = 250;

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "apps/web/dist");
const report: string[] = ["# Page weight (gzipped JavaScript)", ""];

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
const gzipped = (bytes: Buffer) => gzipSync(bytes, { level: 9 }).length;

/** Opens `url` in the context and sums the scripts it downloads until the network is quiet. */
async function scriptWeight(context: BrowserContext, url: string, ready: (page: Page) => Promise<unknown>) {
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") sizes.push(response.body().then(gzipped));
  });
  await page.goto(url);
  await ready(page);
  await page.waitForLoadState("networkidle");
  const total = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
  await page.close();
  return { total, files: sizes.length };
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}

/** Every chunk a chunk loads before it runs: itself and its static imports, transitively. */
function closure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const next of manifest[key]?.imports ?? []) closure(manifest, next, seen);
  return seen;
}

const running = appAndBrowser({ SEED_DEMO: "true" });

afterAll(() => {
  mkdirSync(path.join(root, ".test-output"), { recursive: true });
  writeFileSync(path.join(root, ".test-output", "page-weight.md"), `${report.join("\n")}\n`);
});

describe("page weight", () => {
  it(`loads at most ${FIRST_PAGE_BUDGET_KB} KB of JavaScript for the sign-in page and for the dashboard`, async () => {
    const guest = await running.browser.newContext();
    const signIn = await scriptWeight(guest, `${running.app.url}/login`, (page) =>
      page.getByRole("button", { name: "Sign in" }).waitFor(),
    );
    const page = await guest.newPage();
    await signInAsDemo(page, running.app.url);
    const member = await running.browser.newContext({ storageState: await guest.storageState() });
    await guest.close();
    const dashboard = await scriptWeight(member, `${running.app.url}/`, (opened) =>
      opened.getByRole("heading", { name: /^Welcome, / }).waitFor(),
    );
    await member.close();
    report.push(
      "| First page | Scripts | KB |",
      "| --- | ---: | ---: |",
      `| Sign-in | ${signIn.files} | ${kb(signIn.total)} |`,
      `| Dashboard | ${dashboard.files} | ${kb(dashboard.total)} |`,
      "",
    );
    expect(kb(signIn.total), "sign-in page").toBeLessThanOrEqual(FIRST_PAGE_BUDGET_KB);
    expect(kb(dashboard.total), "dashboard").toBeLessThanOrEqual(FIRST_PAGE_BUDGET_KB);
  });

  it("loads each page's code when the page is opened, not with the first page", () => {
    const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Record<
      string,
      ManifestChunk
    >;
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const first = closure(manifest, entry);
    const size = (key: string) => gzipped(readFileSync(path.join(dist, manifest[key]!.file)));
    const routes = Object.keys(manifest)
      .filter((key) => manifest[key]!.isDynamicEntry && key.includes("/features/"))
      .map((key) => {
        const own = [...closure(manifest, key)].filter((chunk) => !first.has(chunk));
        const parts = own.map((chunk) => ({ chunk, size: size(chunk) })).sort((a, b) => b.size - a.size);
        return { key, total: parts.reduce((sum, part) => sum + part.size, 0), parts };
      })
      .sort((a, b) => b.total - a.total);
    expect(routes.length, "pages loaded on demand").toBeGreaterThan(20);
    const names = routes.map((route) => path.basename(route.key));
    expect(names).toEqual(
      expect.arrayContaining(["form-editor-page.tsx", "results-page.tsx", "login-page.tsx"]),
    );
    report.push("| Page module | Own KB | Largest parts |", "| --- | ---: | --- |");
    for (const route of routes) {
      const largest = route.parts
        .slice(0, 3)
        .map((part) => `${path.basename(manifest[part.chunk]!.file)} ${kb(part.size)}`)
        .join(", ");
      report.push(`| ${route.key.replace(/^.*\/features\//, "")} | ${kb(route.total)} | ${largest} |`);
    }
    // No page's module is among what the first page loads.
    expect(routes.filter((route) => first.has(route.key)).map((route) => route.key)).toEqual([]);
  });
});
