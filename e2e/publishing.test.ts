import http from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import type { Frame, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./axe.ts";
import { type ApiCall, accountOwner, appAndBrowser, freePort, screenshot, watchErrors } from "./support.ts";

/** The app's public address is its own, so the links and snippets it makes point at it. */
const PORT = await freePort();
const APP_URL = `http://127.0.0.1:${PORT}`;
const run = appAndBrowser({ PORT: String(PORT), PUBLIC_URL: APP_URL });

let call: ApiCall;
let formId: number;

/** Another site (127.0.0.2: another host, so another origin and another site) with the copied snippets. */
let embedder: http.Server;
let embedderUrl: string;
const snippets: Record<string, string> = {};

beforeAll(async () => {
  call = await accountOwner(run.app.url, "publisher", "secret123");
  const made = await call<{ form: { id: number } }>("POST", "/forms", {
    collectRealCharacters: false,
    title: "Shop feedback",
    formPathAlias: "shop-feedback",
    fields: [
      { id: "name", fieldType: "text", question: "Your name", isRequired: true },
      {
        id: "mood",
        fieldType: "radio",
        question: "How was your visit?",
        fieldSettings: {
          answerVariants: [
            { id: "good", title: "Good", value: "good" },
            { id: "bad", title: "Bad", value: "bad" },
          ],
        },
      },
      { id: "more", fieldType: "textarea", question: "Anything else?" },
    ],
  });
  formId = made.form.id;
  embedder = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(`<!doctype html><html lang="en"><head><title>Our shop</title></head><body>
      <h1>Our shop</h1>
      <p>Thanks for visiting. Tell us how it went:</p>
      <section id="inline">${snippets.iframe ?? ""}</section>
      <p>Or use the button:</p>
      <section id="popup">${snippets.popup ?? ""}</section>
      ${snippets.panel ?? ""}
    </body></html>`);
  });
  await new Promise<void>((resolve) => embedder.listen(0, "127.0.0.2", resolve));
  embedderUrl = `http://127.0.0.2:${(embedder.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => embedder?.close(resolve));
});

async function signIn(page: Page) {
  await page.goto(`${APP_URL}/login`);
  await page.getByLabel("Username or e-mail").fill("publisher");
  await page.getByRole("textbox", { name: "Password" }).fill("secret123");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${APP_URL}/`);
}

/** Makes an embedding on the publishing page and returns the code it offers to copy. */
async function makeEmbedding(page: Page, name: string, type: string, buttonText?: string): Promise<string> {
  await page.goto(`${APP_URL}/forms/${formId}/publishing/web-site`);
  await page.getByRole("link", { name: "New embedding" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill(name);
  await page.getByRole("radio", { name: type }).check();
  if (buttonText) await page.getByRole("textbox", { name: "Button text" }).fill(buttonText);
  await page.getByRole("button", { name: "Create" }).click();
  await page.waitForURL(/\/web-site\/\d+\/edit$/);
  const code = page.locator("pre").filter({ hasText: "data-formloom-form" });
  return (await code.textContent()) ?? "";
}

/** Waits until the framed page's script runs: it marks the page as framed. */
async function scriptRunning(frame: Frame) {
  await frame.waitForFunction(() => document.documentElement.dataset.framed !== undefined);
}

/**
 * Presses Escape until the dialog is gone. Now and then the first Escape right after sending is
 * not passed on, and once a press was never acknowledged, hanging the test (the key removes the
 * very frame it went to; the cause is not found yet): a person presses it again, and so does
 * this, without waiting more than 2 s on an acknowledgement.
 */
async function escapeCloses(page: Page, dialog: Locator) {
  await expect
    .poll(
      async () => {
        await Promise.race([page.keyboard.press("Escape"), delay(2_000)]);
        return dialog.count();
      },
      { timeout: 15_000, interval: 500 },
    )
    .toBe(0);
}

async function fillAndSend(frame: Frame, name: string) {
  await frame.getByRole("textbox", { name: "Your name" }).fill(name);
  await frame.getByRole("radio", { name: "Good" }).check();
  await frame.getByRole("button", { name: "Send" }).click();
  await frame.getByText("Thank you for submitting this form!").waitFor();
}

interface Stored {
  answers: Array<{ fieldId: string; answer: unknown }>;
}

describe("publishing a form", () => {
  it("shows the shortest link, its QR code, and embed codes on the publishing page", async () => {
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page);
    await page.goto(`${APP_URL}/forms/${formId}/overview`);
    // The overview copies the shortest working link, the one the server computed.
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: APP_URL });
    await page.getByRole("button", { name: "Copy link" }).click();
    // The write is asynchronous: the click returns before the clipboard holds the link.
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${APP_URL}/f/shop-feedback`);
    await page.getByRole("tab", { name: "Publishing" }).click();
    await page.waitForURL(/\/publishing/);
    // One account publishes the alias, so the link needs no ?a=.
    await expect
      .poll(() => page.getByRole("textbox", { name: "Public link" }).inputValue())
      .toBe(`${APP_URL}/f/shop-feedback`);
    await page.getByTestId("qr-code").waitFor();
    expect(await page.getByRole("link", { name: "PNG" }).getAttribute("href")).toMatch(
      /^data:image\/png;base64,/,
    );
    await screenshot(page, "publishing-link-1280");
    expect(await axeViolations(page, "[data-publishing]")).toEqual([]);

    // A one-letter name is refused with the spec's rule, under the name.
    await page.goto(`${APP_URL}/forms/${formId}/publishing/web-site/new`);
    await page.getByRole("textbox", { name: "Name" }).fill("A");
    await page.getByRole("button", { name: "Create" }).click();
    await page.getByText("The embedding's name must have at least 2 characters").waitFor();
    expect(page.url()).toMatch(/\/web-site\/new$/);

    snippets.iframe = await makeEmbedding(page, "Shop page", "Frame in the page");
    // Pasted code names the account: another account publishing the alias later cannot take its place.
    expect(snippets.iframe).toContain(`data-formloom-form="${APP_URL}/f/shop-feedback?a=publisher"`);
    expect(snippets.iframe).toContain(`<script src="${APP_URL}/embed.js" async></script>`);
    snippets.popup = await makeEmbedding(page, "Shop button", "Pop-up button", "Tell us");
    expect(snippets.popup).toContain('data-formloom-type="popup_button"');
    snippets.panel = await makeEmbedding(page, "Help panel", "Side panel");
    expect(snippets.panel).toContain('data-formloom-button-text="Shop feedback"');
    await screenshot(page, "publishing-embedding-edit-1280");
    expect(await axeViolations(page, "[data-publishing]")).toEqual([]);

    // The form's tab stays Publishing on an embedding's edit page.
    expect(await page.getByRole("tab", { name: "Publishing" }).getAttribute("aria-selected")).toBe("true");
    await page.goto(`${APP_URL}/forms/${formId}/publishing/web-site`);
    await page.getByRole("cell", { name: "Shop button", exact: true }).waitFor();
    await page.getByRole("button", { name: "Show the code of Shop page" }).click();
    await page.getByText("Code of “Shop page”").waitFor();
    await screenshot(page, "publishing-web-site-1280");
    expect(await axeViolations(page, "[data-publishing]")).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("publishes a draft from the publishing page, where its link is shared", async () => {
    const draft = await call<{ form: { id: number } }>("POST", "/forms", {
      title: "Draft to share",
      formPathAlias: "draft-to-share",
      isPublished: false,
      collectRealCharacters: false,
      fields: [{ id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 }],
    });
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await signIn(page);
    await page.goto(`${APP_URL}/forms/${draft.form.id}/publishing/link-to-page`);
    await page.getByText("Respondents see that the form is closed until you publish it.").waitFor();
    await page.getByRole("button", { name: "Publish now" }).click();
    await page.getByText("The form was published").waitFor();
    expect(await page.getByRole("button", { name: "Publish now" }).count()).toBe(0);
    const read = await call<{ form: { isPublished: boolean } }>("GET", `/forms/${draft.form.id}`);
    expect(read.form.isPublished).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("fits a phone's screen", async () => {
    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await signIn(page);
    for (const section of ["link-to-page", "web-site", "e-mail"]) {
      await page.goto(`${APP_URL}/forms/${formId}/publishing/${section}`);
      await page.getByRole("tab", { name: "Link to page" }).waitFor();
      if (section === "web-site") await page.getByText("Shop page", { exact: true }).waitFor();
      if (section === "link-to-page") await page.getByTestId("qr-code").waitFor();
      if (section === "e-mail") await page.getByText("⚡4email").waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, `publishing-${section}-390`);
    }
    await context.close();
  });

  it("works on another site: filled inside its frame and inside its pop-up, and the answers are stored", async () => {
    expect(snippets.iframe && snippets.popup && snippets.panel).toBeTruthy();
    const context = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = watchErrors(page);
    await page.goto(embedderUrl);

    // The frame: made by the embed script and sized to the form by its height messages.
    const inline = page.locator("#inline iframe");
    await inline.waitFor();
    const frame = page.frames().find((f) => f.url() === `${APP_URL}/f/shop-feedback?a=publisher`);
    if (!frame) throw new Error("the form's frame is missing");
    await frame.getByRole("textbox", { name: "Your name" }).waitFor();
    await expect.poll(async () => (await inline.boundingBox())?.height ?? 0).not.toBe(600);
    const fitted = (await inline.boundingBox())?.height ?? 0;
    const content = await frame.evaluate(
      () => document.getElementById("root")?.getBoundingClientRect().height ?? 0,
    );
    expect(Math.abs(fitted - content)).toBeLessThan(4);
    await screenshot(page, "embed-inline-on-another-site");
    await fillAndSend(frame, "Inline visitor");

    // The pop-up: opens over the page, sends, closes with Escape and gives focus back.
    const opener = page.getByRole("button", { name: "Tell us" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Shop feedback" });
    await dialog.waitFor();
    // The page behind is out of reach of Tab while the pop-up is open.
    expect(await page.locator("#popup").evaluate((element) => element.closest("[inert]") !== null)).toBe(
      true,
    );
    const popupFrame = await (await dialog.locator("iframe").elementHandle())?.contentFrame();
    if (!popupFrame) throw new Error("the pop-up's frame is missing");
    await popupFrame.getByRole("textbox", { name: "Your name" }).waitFor();
    // The dialog is as tall as its form, not a fixed box with empty space below it.
    await expect.poll(async () => (await dialog.boundingBox())?.height ?? 0).toBeLessThan(0.9 * 900 - 10);
    await screenshot(page, "embed-popup-on-another-site");
    await fillAndSend(popupFrame, "Popup visitor");
    await scriptRunning(popupFrame);
    await escapeCloses(page, dialog);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Tell us");

    // Escape inside the form's frame closes the pop-up too.
    await opener.click();
    await dialog.waitFor();
    const again = await (await dialog.locator("iframe").elementHandle())?.contentFrame();
    if (!again) throw new Error("the pop-up's frame is missing");
    await again.getByRole("textbox", { name: "Your name" }).focus();
    // The question is in the server's HTML before the page's script runs, and only the script
    // passes an Escape on to the embedding page.
    await scriptRunning(again);
    await escapeCloses(page, dialog);

    // The side panel: a tab at the window's edge opens the form; its close button gives focus back.
    const tab = page.getByRole("button", { name: "Shop feedback" });
    await tab.click();
    const panel = page.getByRole("dialog", { name: "Shop feedback" });
    const panelFrame = await (await panel.locator("iframe").elementHandle())?.contentFrame();
    await panelFrame?.getByRole("textbox", { name: "Your name" }).waitFor();
    // It slides in and rests against the window's right edge.
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return box ? Math.round(box.x + box.width) : 0;
      })
      .toBe(1280);
    await screenshot(page, "embed-panel-on-another-site");
    await panel.getByRole("button", { name: "Close" }).click();
    await panel.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Shop feedback");

    const stored = await call<{ answerList: Stored[] }>("GET", `/forms/${formId}/answer/paginated/1/50`);
    const names = stored.answerList
      .map((item) => item.answers.find((a) => a.fieldId === "name")?.answer)
      .sort();
    expect(names).toEqual(["Inline visitor", "Popup visitor"]);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("opens /f/<alias> without the account while the alias is unique, and says the link needs its account once it is not", async () => {
    const context = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const unique = await page.goto(`${APP_URL}/f/shop-feedback`);
    expect(unique?.status()).toBe(200);
    await page.getByRole("textbox", { name: "Your name" }).waitFor();

    const neighbour = await accountOwner(run.app.url, "neighbour", "secret123");
    await neighbour("POST", "/forms", { title: "Their feedback", formPathAlias: "shop-feedback" });
    await page.goto(`${APP_URL}/f/shop-feedback`);
    await page.getByText("Forms of several accounts use this link").waitFor();
    expect(await page.getByRole("textbox", { name: "Your name" }).count()).toBe(0);
    await screenshot(page, "public-link-needs-its-account-390");
    // The account's own link still opens its form, and the owner's link now names the account.
    await page.goto(`${APP_URL}/f/shop-feedback?a=publisher`);
    await page.getByRole("heading", { name: "Shop feedback" }).waitFor();
    const view = await call<{ form: { publicLink: string } }>("GET", `/forms/${formId}`);
    expect(view.form.publicLink).toBe(`${APP_URL}/f/shop-feedback?a=publisher`);
    await context.close();
  });
});
