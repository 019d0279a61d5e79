// The weight budget of the signed-in app: what the sign-in page and the dashboard make a browser
// download, that each page's code comes only when the page is opened, and that no page's own code
// (nor any part a page loads later, such as the charts) passes its budget. Sizes are gzipped
// (level 9), as a server or CDN would send them; the report, with each page's own size and the
// modules that make it, lands in .test-output/page-weight.md.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { gzippedSize, recordScripts } from "./script-weight.ts";
import { appAndBrowser, signInAsDemo } from "./support.ts";

/** The most JavaScript the sign-in page or the dashboard may load, in gzipped kilobytes. */
const FIRST_PAGE_BUDGET_KB = 250;
/** The most a page's own code, or a part loaded later, may weigh beyond the first page's, gzipped KB. */
const PAGE_BUDGET_KB = 150;

const root = path.resolve(import.meta.dirname, "..");
const dist = path.join(root, "apps/web/dist");
const report: string[] = ["# Page weight (gzipped JavaScript)", ""];

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** Opens `url` in the context and sums the scripts it downloads until it has settled. */
async function scriptWeight(context: BrowserContext, url: string, ready: (page: Page) => Promise<unknown>) {
  const page = await context.newPage();
  const recording = recordScripts(page);
  await page.goto(url);
  await ready(page);
  const { scripts, total } = await recording.weigh();
  await page.close();
  return { total, files: scripts.length };
}

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
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

  it(`loads each page's code when the page is opened, at most ${PAGE_BUDGET_KB} KB of it`, () => {
    const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Record<
      string,
      ManifestChunk
    >;
    // Each chunk's modules and their length before minifying, written by the build (vite.config.ts).
    const modules = JSON.parse(readFileSync(path.join(dist, ".vite/modules.json"), "utf8")) as Record<
      string,
      [string, number][]
    >;
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    const first = closure(manifest, entry);
    const sizes = new Map<string, number>();
    const size = (key: string) => {
      if (!sizes.has(key)) sizes.set(key, gzippedSize(readFileSync(path.join(dist, manifest[key]!.file))));
      return sizes.get(key)!;
    };
    // The pages: the app's components the router imports on demand (the language files aside).
    const isPage = (key: string) => key.startsWith("src/") && key.endsWith(".tsx");
    const pages = (manifest[entry]!.dynamicImports ?? []).filter(isPage);

    /** What `key` adds to what is loaded already: its chunks, their weight and what is in them. */
    const weigh = (key: string, loaded: ReadonlySet<string>): Weighed => {
      const own = [...closure(manifest, key)].filter((chunk) => !loaded.has(chunk));
      const total = own.reduce((sum, chunk) => sum + size(chunk), 0);
      return { key, own, total, contents: contents(own) };
    };
    /** The heaviest modules of the chunks (a chunk's weight shared by its modules' lengths), by package or file. */
    const contents = (chunks: string[]) => {
      const byName = new Map<string, number>();
      for (const chunk of chunks) {
        const parts = modules[manifest[chunk]!.file] ?? [];
        const length = parts.reduce((sum, [, characters]) => sum + characters, 0);
        for (const [id, characters] of parts) {
          const name = moduleName(id);
          byName.set(name, (byName.get(name) ?? 0) + (size(chunk) * characters) / length);
        }
      }
      return [...byName].sort((a, b) => b[1] - a[1]);
    };
    // The parts a page loads later (its panels, the charts, the preview's renderer…), each with
    // what it adds to what is loaded by then, and theirs in turn.
    const later = (from: Weighed, loaded: ReadonlySet<string>): Weighed[] => {
      const now = new Set([...loaded, ...from.own]);
      return [...new Set(from.own.flatMap((chunk) => manifest[chunk]!.dynamicImports ?? []))]
        .filter((key) => !key.endsWith(".json") && !pages.includes(key) && !now.has(key))
        .flatMap((key) => {
          const part = weigh(key, now);
          return [part, ...later(part, now)];
        });
    };

    const weighed = pages.map((key) => weigh(key, first)).sort((a, b) => b.total - a.total);
    expect(weighed.length, "pages loaded on demand").toBeGreaterThan(20);
    expect(weighed.map((page) => path.basename(page.key))).toEqual(
      expect.arrayContaining(["form-editor-page.tsx", "results-page.tsx", "login-page.tsx"]),
    );
    // No page's module is among what the first page loads.
    expect(weighed.filter((page) => first.has(page.key)).map((page) => page.key)).toEqual([]);

    const name = (key: string) =>
      key.replace(/^src\/(features\/)?/, "").replace(/^(\.\.\/)+(node_modules\/)?/, "");
    const described = (parts: [string, number][]) =>
      parts
        .slice(0, 6)
        .map(([module, bytes]) => `${module} ${kb(bytes)}`)
        .join(", ");
    const parts = new Map<string, { page: string; part: Weighed }>();
    report.push(
      `## Each page's own code (budget ${PAGE_BUDGET_KB} KB)`,
      "",
      "What a page adds to the first page's code when it is opened; the modules' KB share out each file's.",
      "",
      "| Page | KB | Heaviest modules (KB) |",
      "| --- | ---: | --- |",
    );
    for (const page of weighed) {
      report.push(`| ${name(page.key)} | ${kb(page.total)} | ${described(page.contents)} |`);
      for (const part of later(page, first))
        if (!parts.has(part.key)) parts.set(part.key, { page: page.key, part });
    }
    const loadedLater = [...parts.values()].sort((a, b) => b.part.total - a.part.total);
    report.push(
      "",
      `## Parts a page loads later (budget ${PAGE_BUDGET_KB} KB)`,
      "",
      "| Part | First loaded by | KB | Heaviest modules (KB) |",
      "| --- | --- | ---: | --- |",
      ...loadedLater.map(
        ({ page, part }) =>
          `| ${name(part.key)} | ${name(page)} | ${kb(part.total)} | ${described(part.contents)} |`,
      ),
      "",
    );

    const over = (list: { key: string; total: number }[]) =>
      list
        .filter((item) => kb(item.total) > PAGE_BUDGET_KB)
        .map((item) => `${name(item.key)} ${kb(item.total)} KB`);
    expect(over(weighed), `pages over ${PAGE_BUDGET_KB} KB`).toEqual([]);
    expect(over(loadedLater.map(({ part }) => part)), `parts over ${PAGE_BUDGET_KB} KB`).toEqual([]);
  });
});

/** A page or a part it loads later: the chunks it adds, their gzipped bytes, and its heaviest modules. */
interface Weighed {
  key: string;
  own: string[];
  total: number;
  contents: [string, number][];
}

/** A module's name in the report: its package for a dependency, its path in the repository otherwise. */
function moduleName(id: string) {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (dependency) return dependency[1]!;
  return id.replace(/^apps\/web\/src\/(features\/)?/, "").replace(/^packages\//, "");
}
