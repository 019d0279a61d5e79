import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { PUBLIC_JS_BUDGET_BYTES, TYPICAL_FIELDS, TYPICAL_QUESTIONS } from "../bench/typical-form.ts";
import { recordScripts } from "./script-weight.ts";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  watchErrors,
} from "./support.ts";

const run = appAndBrowser();
let call: ApiCall;

const HOSTILE_TITLE = `Survey </script><script>window.hacked = 1</script> & "friends"`;
const HOSTILE_DESCRIPTION = `"><img src=x onerror="window.hacked = 2"> <b>bold</b> </title><script>window.hacked = 3</script>`;

/** A text block that tries the ways of running script it can, drawn by the server. */
const HOSTILE_MARKUP = {
  id: "terms",
  fieldType: "markup",
  fieldSettings: {
    content: [
      '<h3>Before you start</h3><p>Read <a href="https://example.com/terms">the terms</a>.</p>',
      '<img src="x" onerror="window.hacked = 4">',
      "<script>window.hacked = 5</script>",
      '<a href="javascript:window.hacked = 6">a trap</a>',
      '<p onclick="window.hacked = 7" style="position:fixed">Plain words</p>',
    ].join(""),
  },
};

beforeAll(async () => {
  call = await accountOwner(run.app.url, "pageowner", "secret1234");
  const forms = [
    { title: "Visit feedback", description: "Tell us how the visit went.", formPathAlias: "typical" },
    {
      title: "Отзыв о визите",
      description: "Расскажите о визите.",
      formPathAlias: "russian",
      language: "RU",
    },
    { title: HOSTILE_TITLE, description: HOSTILE_DESCRIPTION, formPathAlias: "hostile" },
    { title: "Shuffled", formPathAlias: "shuffled", questionsOrder: "random" },
    {
      title: "Terms",
      formPathAlias: "markup",
      fields: [HOSTILE_MARKUP, ...TYPICAL_FIELDS].map((field, fieldOrder) => ({ ...field, fieldOrder })),
    },
  ];
  for (const form of forms)
    await createdForm(call, { collectRealCharacters: false, fields: TYPICAL_FIELDS, ...form });
});

const pageUrl = (alias: string) => `${run.app.url}/f/${alias}?a=pageowner`;

/** The page's embedded boot data, parsed as the browser parses it. */
function bootData(html: string): unknown {
  const match = /<script type="application\/json" id="fill-data">([^<]*)<\/script>/.exec(html);
  if (!match) throw new Error("no boot data in the page");
  return JSON.parse(match[1]!);
}

/**
 * Watches the page's DOM from the moment its HTML is parsed, before its script runs: a page
 * taken over cleanly keeps every element the server drew and its text. (Text the server sent
 * as one node may be split in two, and effects may set attributes: neither changes the page.)
 */
async function watchTakeOver(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = { replaced: [] as string[], textBefore: "" };
    (window as unknown as { takeOver: typeof seen }).takeOver = seen;
    const describe = (node: Node) => (node instanceof Element ? `<${node.localName} ${node.className}>` : "");
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      const root = document.getElementById("root")!;
      seen.textBefore = root.textContent ?? "";
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of [...record.addedNodes, ...record.removedNodes]) {
            if (node.nodeType === Node.ELEMENT_NODE) seen.replaced.push(describe(node));
          }
        }
      }).observe(root, { childList: true, subtree: true });
    });
  });
}

/**
 * The one element the page's script adds to the server's page: the date question's calendar
 * button, drawn only where a script can open the calendar.
 */
const ADDED_BY_SCRIPT = ["<span fl-day-pick>"];

/** What changed in the page since it was parsed: elements added or removed, and its text. */
const takeOverChanges = (page: Page) =>
  page.evaluate(() => {
    const seen = (window as unknown as { takeOver: { replaced: string[]; textBefore: string } }).takeOver;
    return {
      replaced: seen.replaced,
      sameText: seen.textBefore === document.getElementById("root")!.textContent,
    };
  });

describe("the public form page", () => {
  it("sends every question, the title, the language and link-preview tags in its first HTML", async () => {
    const response = await fetch(pageUrl("typical"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const html = await response.text();
    for (const question of TYPICAL_QUESTIONS) expect(html).toContain(question);
    expect(html).toContain('<html lang="en"');
    expect(html).toContain("<title>Visit feedback</title>");
    expect(html).toContain('<meta property="og:title" content="Visit feedback" />');
    // The description is the editors' note (forms.md §3): not in the page, its tags or its data.
    expect(html).not.toContain("Tell us how the visit went.");
    expect(html).toContain('<meta property="og:type" content="website" />');
    // Without PUBLIC_URL the configured address is http://localhost:PORT, whatever host was asked.
    const configured = `http://localhost:${new URL(run.app.url).port}/f/typical?a=pageowner`;
    expect(html).toContain(`<meta property="og:url" content="${configured}" />`);
    expect(html).toMatch(/<link rel="stylesheet"[^>]+href="\/assets\/fill-[^"]+\.css"/);
    // A real form, before any script runs.
    expect(html).toMatch(/<form[^>]*class="fl-form"/);
    expect(bootData(html)).toMatchObject({
      form: { kind: "ready", data: { form: { title: "Visit feedback" } } },
    });
  });

  it("speaks the form's language in the first HTML and ships its texts with the page", async () => {
    const html = await (await fetch(pageUrl("russian"))).text();
    expect(html).toContain('<html lang="ru"');
    expect(html).toContain("<title>Отзыв о визите</title>");
    expect(html).toContain("Отправить");
    const boot = bootData(html) as { catalog: Record<string, string> | null };
    expect(boot.catalog?.Send).toBe("Отправить");
    expect(boot.catalog?.["codes.answer.required"]).toBeTruthy();
    // Only what the respondent may be told, not the whole app's catalog.
    expect(boot.catalog?.["Add a user"]).toBeUndefined();
  });

  it("escapes a hostile title and description everywhere the page shows them", async () => {
    const html = await (await fetch(pageUrl("hostile"))).text();
    expect(html).not.toContain("<script>window.hacked");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("</title><script>");
    expect(html).toContain(
      "<title>Survey &lt;/script&gt;&lt;script&gt;window.hacked = 1&lt;/script&gt; &amp; ",
    );
    expect(bootData(html)).toMatchObject({ form: { data: { form: { title: HOSTILE_TITLE } } } });

    const context = await run.browser.newContext();
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(pageUrl("hostile"));
    await page.getByRole("heading", { name: HOSTILE_TITLE }).waitFor();
    expect(await page.title()).toBe(HOSTILE_TITLE);
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("draws an author's text block on the server with nothing in it that could run", async () => {
    const html = await (await fetch(pageUrl("markup"))).text();
    const drawn = html.slice(
      html.indexOf('<div id="root">'),
      html.indexOf('<script type="application/json"'),
    );
    expect(drawn).toContain("<h3>Before you start</h3>");
    expect(drawn).toContain(
      '<a href="https://example.com/terms" target="_blank" rel="noopener noreferrer">the terms</a>',
    );
    expect(drawn).toContain("Plain words");
    expect(drawn).not.toMatch(/onerror|onclick|<script|javascript:|window\.hacked|style="position/);

    const context = await run.browser.newContext();
    const page = await context.newPage();
    await page.goto(pageUrl("markup"));
    await page.waitForLoadState("networkidle");
    await page.getByText("Plain words").click();
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await context.close();
  });

  it("answers an unknown form with the not-found notice, drawn on the server, and 404", async () => {
    const response = await fetch(`${run.app.url}/f/no-such-form?a=pageowner`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Form not found");
    expect(html).toMatch(/<main[^>]*class="fill-notice"[^>]*><h1>404<\/h1><p>Form not found<\/p>/);
  });

  it("takes the server's page over without changing it or asking for the form again, then sends it", async () => {
    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    const apiCalls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/api/")) apiCalls.push(request.url());
    });
    await watchTakeOver(page);
    await page.goto(pageUrl("typical"));
    await page.waitForLoadState("networkidle");
    expect(await takeOverChanges(page)).toEqual({ replaced: ADDED_BY_SCRIPT, sameText: true });
    expect(apiCalls.filter((url) => url.includes("/api/forms/path/"))).toEqual([]);
    await screenshot(page, "public-form-page-390");

    // The page's script now runs the form: its own check answers before any request.
    await page.getByRole("button", { name: "Send" }).click();
    await page.locator("[aria-invalid=true]").first().waitFor();
    expect(apiCalls.filter((url) => url.includes("/api/forms/answer"))).toEqual([]);
    await page.getByRole("textbox", { name: "Your name" }).fill("Ada");
    await page.getByRole("textbox", { name: "Your e-mail address" }).fill("ada@example.com");
    await page.getByRole("button", { name: "Send" }).click();
    await page.waitForURL(/\/thankyou/);
    await page.getByRole("heading", { name: "Form Visit feedback was submitted successfully!" }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it("takes a shuffled form over in the order it was drawn, and keeps the respondent's order on coming back", async () => {
    const context = await run.browser.newContext();
    const page = await context.newPage();
    const problems = watchErrors(page);
    await watchTakeOver(page);
    const order = () => page.locator(".fl-field .fl-question").allTextContents();
    await page.goto(pageUrl("shuffled"));
    await page.waitForLoadState("networkidle");
    expect(await takeOverChanges(page)).toEqual({ replaced: ADDED_BY_SCRIPT, sameText: true });
    const first = await order();
    expect(first).toHaveLength(TYPICAL_QUESTIONS.length);
    // The server draws each visit in a new order; the one this browser kept wins.
    const drawnOrders = new Set<string>();
    for (let visit = 0; visit < 4; visit++) {
      const html = await (await fetch(pageUrl("shuffled"))).text();
      drawnOrders.add(TYPICAL_QUESTIONS.map((q) => html.indexOf(q)).join());
      await page.reload();
      await page.waitForLoadState("networkidle");
      expect(await order()).toEqual(first);
    }
    expect(drawnOrders.size).toBeGreaterThan(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it(`loads at most ${PUBLIC_JS_BUDGET_BYTES / 1024} KB of gzipped JavaScript for the typical form`, async () => {
    const context = await run.browser.newContext();
    const page = await context.newPage();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(request.url()));
    const recording = recordScripts(page);
    await page.goto(pageUrl("typical"));
    const { scripts, total } = await recording.weigh();
    await page.waitForLoadState("networkidle");
    // Face recognition's library and models come only with forms that recognise.
    expect(requested.filter((url) => /face-recognition|recognition-models/.test(url))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(total, `scripts: ${JSON.stringify(scripts)}`).toBeLessThanOrEqual(PUBLIC_JS_BUDGET_BYTES);
    await context.close();
  });
});
