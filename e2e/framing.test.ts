import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appAndBrowser, screenshot } from "./support.ts";

const run = appAndBrowser({ SEED_DEMO: "true" });

/** Another site (127.0.0.2 is another host, so another origin and another site) that embeds us. */
let embedder: http.Server;
let embedderUrl: string;

beforeAll(async () => {
  embedder = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(`<!doctype html><html><body>
      <h1>A respondent's own site</h1>
      <iframe name="app" src="${run.app.url}/login" width="600" height="400"></iframe>
      <iframe name="form" src="${run.app.url}/f/event-feedback?a=demo" width="600" height="800"></iframe>
    </body></html>`);
  });
  await new Promise<void>((resolve) => embedder.listen(0, "127.0.0.2", resolve));
  embedderUrl = `http://127.0.0.2:${(embedder.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => embedder?.close(resolve));
});

describe("framing by another site", () => {
  it("refuses to show the app in a frame, and shows a public form there", async () => {
    const context = await run.browser.newContext();
    const page = await context.newPage();
    const messages: string[] = [];
    page.on("console", (message) => messages.push(message.text()));
    await page.goto(embedderUrl, { waitUntil: "load" });

    const form = page.frame({ name: "form" });
    if (!form) throw new Error("the form frame is missing");
    await form.getByText("How did you like the event?").waitFor();
    expect(form.url()).toBe(`${run.app.url}/f/event-feedback?a=demo`);

    // Chromium replaces a refused frame with its own error page: nothing of ours is in it.
    const app = page.frame({ name: "app" });
    if (!app) throw new Error("the app frame is missing");
    expect(app.url().startsWith(run.app.url)).toBe(false);
    expect(await app.getByLabel("Username or e-mail").count()).toBe(0);
    expect(messages.some((text) => text.includes("frame-ancestors 'none'"))).toBe(true);

    await screenshot(page, "framing-by-another-site");
    await context.close();
  });
});
