import { type LaunchedChrome, launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BROWSER_ARGS, CHROMIUM } from "./global-setup.ts";
import { accountOwner, createdForm, type RunningApp, startApp } from "./support.ts";

/**
 * Lighthouse's SEO category on a public form page, as a search engine's crawler meets it: the
 * robots.txt is valid, an ordinary form may be indexed, and a form its author keeps out of search
 * engines may not. Lighthouse drives a Chromium of its own (it speaks to it on a debugging port),
 * with the same flags as the shared one, and gathers only what the SEO audits read.
 */
let app: RunningApp;
let chrome: LaunchedChrome;
let subdomain: string;

beforeAll(async () => {
  [app, chrome] = await Promise.all([
    startApp(),
    launch({
      chromePath: CHROMIUM,
      chromeFlags: ["--headless=new", ...BROWSER_ARGS],
    }),
  ]);
  subdomain = `seo${Date.now().toString(36)}`;
  const call = await accountOwner(app.url, subdomain, "Lighthouse-2026!");
  const field = { id: "name", fieldType: "text", question: "Your name" };
  await createdForm(call, { title: "Open survey", formPathAlias: "open-survey", fields: [field] });
  await createdForm(call, {
    title: "Staff survey",
    formPathAlias: "staff-survey",
    hideFromSearchEngines: true,
    fields: [field],
  });
});

afterAll(async () => {
  chrome?.kill();
  await app?.close();
});

async function seoAudits(alias: string) {
  const result = await lighthouse(`${app.url}/f/${alias}?a=${subdomain}`, {
    port: chrome.port,
    onlyCategories: ["seo"],
    output: "json",
    logLevel: "error",
    // A local page on a busy machine: no simulated slow network or phone, no waiting for them.
    formFactor: "desktop",
    screenEmulation: { disabled: true },
    throttlingMethod: "provided",
  });
  if (!result) throw new Error("Lighthouse gave no result");
  return result.lhr.audits;
}

describe("Lighthouse (SEO) on a public form", () => {
  it("finds a valid robots.txt and lets an ordinary form be indexed", async () => {
    const audits = await seoAudits("open-survey");
    expect(audits["robots-txt"]?.score, JSON.stringify(audits["robots-txt"]?.details)).toBe(1);
    expect(audits["is-crawlable"]?.score).toBe(1);
  });

  it("reports a form its author hides from search engines as not indexable", async () => {
    const audits = await seoAudits("staff-survey");
    expect(audits["robots-txt"]?.score).toBe(1);
    expect(audits["is-crawlable"]?.score).toBe(0);
    // Both marks are read: the page's meta tag and the answer's header.
    const blocking = JSON.stringify(audits["is-crawlable"]?.details);
    expect(blocking).toContain("noindex");
  });
});
