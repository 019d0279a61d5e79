import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type ApiCall,
  accountOwner,
  appAndBrowser,
  createdForm,
  screenshot,
  watchErrors,
} from "./support.ts";

/**
 * Issue 26: the author closes a form at a moment on their own clock and/or after a number of
 * submissions; respondents then read that it is closed before they start, and the results say why.
 */
const run = appAndBrowser();
let call: ApiCall;

beforeAll(async () => {
  call = await accountOwner(run.app.url, "closer", "closer12345");
  // The author's clock is Tokyo's, whatever the browser's or the server's.
  const me = await call<{ id: number }>("GET", "/user");
  await call("PATCH", `/user/${me.id}/settings`, { timezone: "Asia/Tokyo" });
});

async function signIn(page: Page) {
  await page.goto(`${run.app.url}/login`);
  await page.getByLabel("Username or e-mail").fill("closer");
  await page.getByRole("textbox", { name: "Password" }).fill("closer12345");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`${run.app.url}/`);
}

async function openAccessSettings(page: Page, formId: number) {
  await page.goto(`${run.app.url}/forms/${formId}/edit`);
  const control = page.getByRole("button", { name: "Access and submissions" });
  await control.waitFor();
  if ((await control.getAttribute("aria-expanded")) !== "true") await control.click();
  await page.getByLabel("Response limit").waitFor();
}

async function save(page: Page) {
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await page.getByText("All changes saved").waitFor();
}

describe("closing a form", () => {
  it("closes after its limit and at its moment, tells respondents before they start, and says why in the results", async () => {
    const form = await createdForm(call, {
      title: "Workshop seats",
      formPathAlias: "workshop-seats",
      collectRealCharacters: false,
      fields: [{ id: "name", fieldType: "text", question: "Your name", fieldOrder: 0 }],
    });
    const author = await run.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await author.newPage();
    const problems = watchErrors(page);
    await signIn(page);

    // A limit of two and a moment far ahead, read on the author's (Tokyo) clock.
    await openAccessSettings(page, form.id);
    await page.getByLabel("Response limit").fill("2");
    await page.getByLabel("Close the form at").fill("2099-12-31T18:00");
    await page.getByText("In your time zone (Asia/Tokyo)").waitFor();
    await screenshot(page, "closing-builder-1280");
    await save(page);
    const saved = await call<{ form: { closeAt: string; maxResponses: number } }>("GET", `/forms/${form.id}`);
    expect(saved.form).toMatchObject({ maxResponses: 2 });
    expect(new Date(saved.form.closeAt).toISOString()).toBe("2099-12-31T09:00:00.000Z");

    // The second submission is the last: its sender still gets the thank-you page, the next visitor a notice.
    await fetch(`${run.app.url}/api/forms/answer`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ formId: form.id, answers: [{ fieldId: "name", answer: "Ann" }] }),
    });
    const visitor = await run.browser.newContext({ viewport: { width: 390, height: 844 } });
    const fill = await visitor.newPage();
    await fill.goto(`${run.app.url}/f/workshop-seats?a=closer`);
    await fill.getByLabel("Your name").fill("Bob");
    await fill.getByRole("button", { name: "Send" }).click();
    await fill.waitForURL(/thankyou/);
    await fill.goto(`${run.app.url}/f/workshop-seats?a=closer`);
    await fill.getByText("This form is closed for submission").waitFor();
    expect(await fill.getByLabel("Your name").count()).toBe(0);
    await screenshot(fill, "closing-public-closed-390");

    await page.goto(`${run.app.url}/forms/${form.id}/results`);
    await page.getByText("Closed: reached 2 responses").waitFor();
    // Published still, but closed: the form's header and the forms list say so, not "Published".
    expect(await page.locator(".mantine-Badge-root", { hasText: /^Closed$/ }).count()).toBe(1);
    await screenshot(page, "closing-results-limit-1280");
    await page.goto(`${run.app.url}/forms/all`);
    await page
      .getByRole("row", { name: /Workshop seats/ })
      .locator(".mantine-Badge-root", { hasText: /^Closed$/ })
      .filter({ visible: true })
      .waitFor();
    await page.goto(`${run.app.url}/forms/${form.id}/results`);

    // No limit now, and a moment already past: the builder warns, the results say since when (Tokyo time).
    await openAccessSettings(page, form.id);
    await page.getByLabel("Response limit").fill("");
    await page.getByLabel("Close the form at").fill("2024-03-01T09:30");
    await page.getByText("This moment has passed").waitFor();
    await save(page);
    await page.goto(`${run.app.url}/forms/${form.id}/overview`);
    const since = page.getByText(/Closed since .*09:30/);
    await since.waitFor();
    expect(await since.innerText()).toContain("2024");

    const narrow = await run.browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: await author.storageState(),
    });
    const small = await narrow.newPage();
    await small.goto(`${run.app.url}/forms/${form.id}/results`);
    await small.getByText(/Closed since .*09:30/).waitFor();
    await screenshot(small, "closing-results-date-390");
    await openAccessSettings(small, form.id);
    await small.getByLabel("Close the form at").scrollIntoViewIfNeeded();
    await screenshot(small, "closing-builder-390");

    await fill.goto(`${run.app.url}/f/workshop-seats?a=closer`);
    await fill.getByText("This form is closed for submission").waitFor();
    expect(problems).toEqual([]);
    await Promise.all([author.close(), visitor.close(), narrow.close()]);
  });
});
